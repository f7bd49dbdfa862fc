#!/usr/bin/env bash
# One fuzzing trial of one library's adapter under RFC 3986 (README.md beside
# this file), or one trial of each of the nine in turn.
#
#     bash adapters/trial/trial.sh BIN LIB OUT
#     BIN=... LIB=... OUT=... bash adapters/trial/trial.sh      # the same, from the environment
#     bash adapters/trial/trial.sh BIN --all OUTDIR             # every LIB, into OUTDIR/LIB, then the table
#
# BIN  an rfc1808 binary, or - for target/release/rfc1808 of this repository
#      (cargo build --release -p rfc1808-harness)
# LIB  one of: python-httpx python-rfc3986 python-uritools python-yarl python-rfc3987
#              npm-uri-js npm-urijs npm-fast-uri npm-url-parse
#      (installed by bash adapters/trial/install.sh, under target/trial/)
# OUT  a directory that does not exist yet or is empty: the trial starts there
#      from the library's starting state (no expectations file), so each trial
#      of a library starts alike.
#
# Steps, run in OUT:
#   a. run   --write-expectations LIB=OUT/LIB.toml          (snapshot: LIB.after-run.toml)
#   b. fuzz  --seed 1 --time T1 --expectations OUT/LIB.toml --write-expectations OUT/LIB.toml
#            -> seed1.json, seed1.txt                        (snapshot: LIB.after-seed1.toml)
#   c. fuzz  --seed 2 --time T2 --expectations OUT/LIB.toml  -> seed2.json, seed2.txt
#   d. fuzz  --seed 3 --time T3 --expectations OUT/LIB.toml  -> seed3.json, seed3.txt
# Each step's exit code goes to OUT/exit-codes.txt ("STEP CODE"), its standard
# error to OUT/STEP.err. Then: python3 adapters/trial/summarize.py --header OUT
#
# --all OUTDIR runs the nine trials one after the other, each into OUTDIR/LIB
# (each of which must not exist yet or be empty), then prints the table of
# summarize.py --header over them and writes it to OUTDIR/summary.md.
#
# TIMES="T1 T2 T3" overrides the durations, for a smoke run only
# (TIMES="5s 5s 5s"); the default is the real trial, "60s 60s 180s".
#
# Exit: 0 when every step ran (each exited 0 or 1: 1 is a finding, not a
# failure of the trial); 2 on a usage error or when a step exited otherwise
# (2 = usage/start-up error of rfc1808). With --all: 2 when any trial's was.
set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LIBS="python-httpx python-rfc3986 python-uritools python-yarl python-rfc3987 npm-uri-js npm-urijs npm-fast-uri npm-url-parse"

BIN=${1:-${BIN:-}}
LIB=${2:-${LIB:-}}
OUT=${3:-${OUT:-}}
TIMES=${TIMES:-60s 60s 180s}

usage() {
  echo "usage: trial.sh BIN LIB OUT | trial.sh BIN --all OUTDIR  (BIN - = target/release/rfc1808; or BIN=, LIB=, OUT= in the environment; TIMES=\"60s 60s 180s\")" >&2
  echo "trial.sh: $*" >&2
  exit 2
}

[ -n "$BIN" ] && [ -n "$LIB" ] && [ -n "$OUT" ] || usage "BIN, LIB and OUT are required"
[ $# -le 3 ] || usage "too many arguments"
if [ "$BIN" = - ]; then
  BIN=$ROOT/target/release/rfc1808
  [ -x "$BIN" ] || usage "$BIN is not built: cargo build --release -p rfc1808-harness"
fi
[ -x "$BIN" ] || usage "BIN $BIN is not an executable"
read -r T1 T2 T3 EXTRA <<<"$TIMES"
[ -n "${T3:-}" ] && [ -z "${EXTRA:-}" ] || usage "TIMES must be three durations, e.g. \"60s 60s 180s\""
case "$ROOT" in *[[:space:]]*) usage "the repository path $ROOT holds a space: the command would split there" ;; esac

nonempty() { [ -e "$1" ] && [ -n "$(ls -A "$1" 2>/dev/null)" ]; }

# --all: each library in turn, in a trial.sh of its own, then the table.
if [ "$LIB" = --all ]; then
  OUTDIR=$OUT
  case "$OUTDIR" in *=*) usage "OUTDIR may not hold '=' (rfc1808 would read the text before it as a name)" ;; esac
  for lib in $LIBS; do
    nonempty "$OUTDIR/$lib" && usage "$OUTDIR/$lib exists and is not empty: give a new OUTDIR"
  done
  mkdir -p "$OUTDIR" || usage "cannot create $OUTDIR"
  status=0
  outs=()
  for lib in $LIBS; do
    echo "trial.sh: --all: $lib into $OUTDIR/$lib" >&2
    TIMES="$TIMES" bash "$HERE/trial.sh" "$BIN" "$lib" "$OUTDIR/$lib"
    code=$?
    [ "$code" = 0 ] || status=2
    outs+=("$OUTDIR/$lib")
  done
  python3 "$HERE/summarize.py" --header "${outs[@]}" | tee "$OUTDIR/summary.md"
  exit $status
fi

case "$LIB" in
  python-httpx|python-rfc3986|python-uritools|python-yarl|python-rfc3987)
    PY=$ROOT/target/trial/venv/bin/python
    [ -x "$PY" ] || usage "$PY not found: run bash adapters/trial/install.sh first"
    CMD="$PY $HERE/$LIB.py" ;;
  npm-uri-js|npm-urijs|npm-fast-uri|npm-url-parse)
    [ -d "$ROOT/target/trial/node/node_modules/${LIB#npm-}" ] ||
      usage "$ROOT/target/trial/node/node_modules/${LIB#npm-} not found: run bash adapters/trial/install.sh first"
    CMD="node $HERE/$LIB.js" ;;
  *) usage "unknown LIB $LIB" ;;
esac

case "$OUT" in *=*) usage "OUT may not hold '=' (rfc1808 would read the text before it as a name)" ;; esac
if nonempty "$OUT"; then
  usage "OUT $OUT exists and is not empty: give a new directory, so the trial starts from the library's starting state"
fi
mkdir -p "$OUT" || usage "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
EXP="$OUT/$LIB.toml"

# The library's starting state: no expectations file (each trial begins from
# what `run` writes). Recorded, for the summary and for whoever reads OUT later.
{
  echo "lib $LIB"
  echo "command $CMD"
  echo "bin $BIN"
  echo "bin_version $("$BIN" --version 2>&1)"
  echo "times $T1 $T2 $T3"
  echo "started $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$OUT/meta.txt"
: > "$OUT/exit-codes.txt"

status=0
record() { # STEP CODE
  echo "$1 $2" >> "$OUT/exit-codes.txt"
  echo "trial.sh: $LIB $1: exit $2" >&2
  case "$2" in 0|1) ;; *) status=2 ;; esac
}

cd "$OUT" || exit 2
COMMON=(--impl "$LIB=$CMD" --protocol jsonl --spec rfc3986)

# a. the vectors, writing the expectations file
"$BIN" run "${COMMON[@]}" --write-expectations "$LIB=$EXP" \
  --report "json=$OUT/run.json" > "$OUT/run.txt" 2> "$OUT/run.err"
record run $?
[ -f "$EXP" ] && cp "$EXP" "$OUT/$LIB.after-run.toml"

# b. seed 1, accepting what it finds into the same file
"$BIN" fuzz "${COMMON[@]}" --seed 1 --time "$T1" \
  --expectations "$EXP" --write-expectations "$EXP" \
  --format json --report "text=$OUT/seed1.txt" > "$OUT/seed1.json" 2> "$OUT/seed1.err"
record seed1 $?
[ -f "$EXP" ] && cp "$EXP" "$OUT/$LIB.after-seed1.toml"

# c. seed 2, against that file, writing nothing
"$BIN" fuzz "${COMMON[@]}" --seed 2 --time "$T2" \
  --expectations "$EXP" \
  --format json --report "text=$OUT/seed2.txt" > "$OUT/seed2.json" 2> "$OUT/seed2.err"
record seed2 $?

# d. seed 3, longer, against the same file
"$BIN" fuzz "${COMMON[@]}" --seed 3 --time "$T3" \
  --expectations "$EXP" \
  --format json --report "text=$OUT/seed3.txt" > "$OUT/seed3.json" 2> "$OUT/seed3.err"
record seed3 $?

echo "finished $(date -u +%Y-%m-%dT%H:%M:%SZ)" >> "$OUT/meta.txt"
exit $status
