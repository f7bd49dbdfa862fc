#!/usr/bin/env python3
"""One table row per trial directory written by trial.sh.

    python3 adapters/trial/summarize.py [--header] OUT [OUT...]

Columns (markdown):
  lib          the LIB of the trial
  run entries  entries of the expectations file `run` wrote (step a):
               total (deviation / expected-failure / inconsistent-reading)
  s1 entries   the same after seed 1 accepted what it found (step b)
  s2 new/kinds (unexpl.)  seed 2: new kinds / kinds (of them unexplained)
  s3 kinds (unexpl.)      seed 3: kinds (of them unexplained)
  s3 explained            seed 3: explained mismatches / mismatches, in %
  exits        run/seed1/seed2/seed3 exit codes (exit-codes.txt)
  mixed readings          for seeds 1, 2 and 3: whether the exit was 1 on
               mixed readings (the JSON report's `mixed_readings`, the
               ambiguities the run found mixed where the expectations do
               not allow it); "only" when they were the sole reason
               (no new kind), "+new" when new kinds were found too

Fields read from the fuzz JSON report (docs/fuzzing.md, "The JSON report",
schema_version 2): kinds[] (each with `new`, `unexplained`), new_kinds,
mismatches, explained, mixed_readings[].ambiguity, ok.
"""

import json
import os
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

COLUMNS = ["lib", "run entries", "s1 entries", "s2 new/kinds (unexpl.)",
           "s3 kinds (unexpl.)", "s3 explained", "exits run/s1/s2/s3",
           "exit 1 on mixed readings (s1; s2; s3)"]


def read_meta(out):
    meta = {}
    try:
        with open(os.path.join(out, "meta.txt")) as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition(" ")
                meta[key] = value
    except OSError:
        pass
    return meta


def read_exits(out):
    exits = {}
    try:
        with open(os.path.join(out, "exit-codes.txt")) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2:
                    exits[parts[0]] = int(parts[1])
    except (OSError, ValueError, IndexError):
        pass
    return exits


def count_entries(path):
    """(deviations, expected failures, inconsistent readings), or None."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if tomllib is not None:
        doc = tomllib.loads(data.decode("utf-8"))
        return (len(doc.get("deviation", [])), len(doc.get("expected-failure", [])),
                len(doc.get("inconsistent-reading", [])))
    lines = [l.strip() for l in data.decode("utf-8").splitlines()]
    return (lines.count("[[deviation]]"), lines.count("[[expected-failure]]"),
            lines.count("[[inconsistent-reading]]"))


def entries_cell(counts):
    if counts is None:
        return "?"
    d, f, r = counts
    return f"{d + f + r} ({d}/{f}/{r})"


def read_report(out, name):
    try:
        with open(os.path.join(out, name)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def kinds_of(report):
    kinds = report.get("kinds", [])
    return len(kinds), sum(1 for k in kinds if k.get("unexplained")), report.get("new_kinds")


def mixed_cell(report, code):
    if report is None:
        return "?"
    mixed = [m.get("ambiguity", "?") for m in report.get("mixed_readings", [])]
    if not mixed:
        return "no"
    names = ",".join(mixed)
    if code != 1:
        return f"mixed {names} but exit {code}"
    return f"yes, {'only' if not report.get('new_kinds') else '+new'}: {names}"


def row(out):
    meta = read_meta(out)
    exits = read_exits(out)
    lib = meta.get("lib") or os.path.basename(os.path.normpath(out))
    after_run = count_entries(os.path.join(out, f"{lib}.after-run.toml"))
    after_s1 = count_entries(os.path.join(out, f"{lib}.after-seed1.toml"))
    s1 = read_report(out, "seed1.json")
    s2 = read_report(out, "seed2.json")
    s3 = read_report(out, "seed3.json")
    if s2 is not None:
        kinds, unexpl, new = kinds_of(s2)
        s2_cell = f"{new}/{kinds} ({unexpl})"
    else:
        s2_cell = "?"
    if s3 is not None:
        kinds, unexpl, _ = kinds_of(s3)
        s3_cell = f"{kinds} ({unexpl})"
        mism, expl = s3.get("mismatches", 0), s3.get("explained", 0)
        s3_expl = f"{100.0 * expl / mism:.1f}% of {mism}" if mism else "n/a (0 mismatches)"
    else:
        s3_cell = s3_expl = "?"
    codes = "/".join(str(exits.get(s, "?")) for s in ("run", "seed1", "seed2", "seed3"))
    mixed = "; ".join(mixed_cell(r, exits.get(s))
                      for r, s in ((s1, "seed1"), (s2, "seed2"), (s3, "seed3")))
    cells = [lib, entries_cell(after_run), entries_cell(after_s1), s2_cell, s3_cell,
             s3_expl, codes, mixed]
    return "| " + " | ".join(cells) + " |"


def main(args):
    header = "--header" in args
    outs = [a for a in args if a != "--header"]
    if not outs:
        sys.stderr.write(__doc__)
        return 2
    if header:
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + "|".join("---" for _ in COLUMNS) + "|")
    for out in outs:
        print(row(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
