#!/usr/bin/env bash
# Builds the fuzz targets for OSS-Fuzz or ClusterFuzzLite: each target's
# binary into $OUT with its seed corpus (the vectors and fuzz/seeds/), the
# dictionary and libFuzzer options. external_differential is left out: it
# needs an adapter process, which that infrastructure does not run.
#
# Inside their builder image this is the project's build.sh. By hand, with a
# nightly toolchain and cargo-fuzz, from the repository root:
#
#     export SRC=$PWD/.. WORK=$(mktemp -d) OUT=$(mktemp -d)
#     bash fuzz/oss-fuzz/build.sh
#     "$OUT/idempotence" -runs=10000 "$OUT/idempotence_seed_corpus.zip"   # or unzip it first
#
set -euo pipefail
: "${OUT:?set OUT to the directory for the fuzz target binaries}"
: "${WORK:?set WORK to a scratch directory}"
: "${SRC:?set SRC to the directory holding the checkout}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

targets=(step6_differential idempotence rfc3986_dot_segments rfc3986_idempotence rfc2396_step6_differential rfc3986_crates)

# The builder image's default toolchain is a nightly; by hand, ask for one.
if cargo --version | grep -q nightly; then cargo=(cargo); else cargo=(cargo +nightly); fi

# The builder image's cargo wrapper adds the flags for $SANITIZER; by hand,
# cargo-fuzz's default, the address sanitizer, is used.
"${cargo[@]}" fuzz build -O

# The seed corpus, from the vectors through their loader.
cargo run --quiet -p rfc1808-fuzzgen --example gen-corpus -- "$WORK/corpus"

triple="$(rustc -vV | sed -n 's/^host: //p')"
for target in "${targets[@]}"; do
    cp "fuzz/target/$triple/release/$target" "$OUT/"
    cp fuzz/dict/url.dict "$OUT/$target.dict"
    printf '[libfuzzer]\nmax_len = 256\n' >"$OUT/$target.options"
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip -q -j "$OUT/${target}_seed_corpus.zip" "$WORK/corpus/$target"/* "fuzz/seeds/$target"/*
done
echo "fuzz/oss-fuzz/build.sh: ${targets[*]} built into $OUT"
