#!/usr/bin/env python3
"""The adapters' fuzz gate: each library of adapters/adapters.toml fuzzed
by cause under the spec it claims, with its expectations file and the
vectors promoted from its earlier findings (adapters/findings/), seed 1.

Usage, from the repository root, after `bash adapters/install.sh` and
`cargo build --release -p rfc1808-harness`:

    python3 adapters/fuzz.py [--config FILE] [--reports DIR] [--by-deviation] [NAME...]
    python3 adapters/fuzz.py [--config FILE] --accept [NAME...]

FILE is adapters/adapters.toml (the default) or adapters/whatwg.toml, the
engines of the URL Standard fuzzed under it. A config's vectors are the
directories its `vectors` names; what its runs promote goes to the last
of them (adapters/findings/, or adapters/findings/whatwg/ for the URL
Standard, so that its cases do not join the RFC libraries' vectors).

Each run uses every core (`rfc1808 fuzz --jobs`, whose default is the
number of cores: that many adapter processes, and threads for the
harness's own work), and stops after MAX_CASES cases or SECONDS seconds,
whichever comes first: the cases are the same on every machine (the seed fixes them, and
the generator is seeded from the built-in vectors only, so that the
findings promoted do not change them), and
a slower machine runs a prefix of them, so it finds no kind a faster one
does not. The gate passes when every run exits 0: each mismatch is
explained by deviations the library's file lists, or is of a kind a
vector it lists shows. With --reports, each run's JSON report
(docs/fuzzing.md) is written to DIR/NAME.json; with --by-deviation, a
Markdown table of the deviations each library was found to follow, and
how many of its mismatches nothing explains, is printed after the runs
(docs/findings.md holds it).

--accept makes the gate pass again after a library or the catalogue
changed, as a person would by hand: each library named (or every one) is
fuzzed with the gate's cases and no time limit, and what it finds is
accepted (`--promote --to adapters/findings/NAME.toml
--write-expectations`); then every library's lists are rewritten by
`rfc1808 run --write-expectations`, under its claimed spec and RFC 1808,
since the vectors promoted are every library's; then the gate runs. A
rewrite can drop a deviation that only fuzzing saw (no vector shows it
any more), so the libraries the gate fails are accepted again, for at
most ROUNDS rounds.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import tomllib

BINARY = "target/release/rfc1808"
CONFIG = "adapters/adapters.toml"
SEED = "1"
MAX_CASES = "20000"
SECONDS = "30s"


ROUNDS = 4


def ledger(imp, spec):
    return os.path.join("adapters", imp["expectations"][spec])


class Config:
    """A config file: its implementations, and its vector directories
    (relative to the repository root), the last one the findings'."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = tomllib.load(f)
        self.path = path
        self.implementations = data["implementation"]
        here = os.path.dirname(path)
        self.vectors = [os.path.join(here, v) for v in data.get("vectors", [])]
        if not self.vectors:
            sys.exit(f"adapters/fuzz.py: {path} names no `vectors` directory to promote findings to")
        self.findings = self.vectors[-1]


def command(config, imp, report=None):
    """The gate's run of `imp`, its JSON report to `report`; with no
    report, the acceptance run: the same cases, no time limit, what it
    finds accepted."""
    spec = imp["spec"]
    args = [
        BINARY, "fuzz",
        "--impl", f"{imp['name']}={shlex.join(imp['command'])}",
        "--protocol", imp.get("protocol", "argv"),
        "--spec", spec,
        "--expectations", ledger(imp, spec),
        "--seed", SEED, "--max-cases", MAX_CASES,
    ]
    if report:
        args += ["--time", SECONDS, "--report", f"json={report}"]
    else:
        args += ["--promote", "--to", os.path.join(config.findings, f"{imp['name']}.toml"),
                 "--write-expectations", ledger(imp, spec)]
    added = [d for d in config.vectors
             if os.path.isdir(d) and any(f.endswith(".toml") for f in os.listdir(d))]
    for directory in added:
        args += ["--add-vectors", directory]
    if added:
        args += ["--builtin-seeds"]
    return args


def rewrite(config):
    """Every library's lists rewritten over every vector, the findings
    included, under its claimed spec and under RFC 1808 (for the libraries
    with a list for it)."""
    for spec in (None, "rfc1808"):
        args = [BINARY, "run", "--config", config.path]
        if spec:
            args += ["--spec", spec]
        listed = [imp for imp in config.implementations if (spec or imp["spec"]) in imp["expectations"]]
        if not listed:
            continue
        for imp in listed:
            args += ["--write-expectations", f"{imp['name']}={ledger(imp, spec or imp['spec'])}"]
        subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        check = subprocess.run(args[:4 + (2 if spec else 0)], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL)
        if check.returncode != 0:
            sys.exit(f"adapters/fuzz.py: `{shlex.join(args[:6 if spec else 4])}` fails "
                     "after the lists were rewritten")


def gate(config, names, directory):
    """Runs the gate on the libraries `names` (all when empty): the names
    of those whose run failed, and the reports of the others."""
    failed, reports = [], {}
    for imp in config.implementations:
        name = imp["name"]
        if names and name not in names:
            continue
        report = os.path.join(directory, f"{name}.json")
        print(f"--- {name} under {imp['spec']}", flush=True)
        run = subprocess.run(command(config, imp, report), stdin=subprocess.DEVNULL)
        if run.returncode != 0:
            failed.append((name, run.returncode))
            continue
        with open(report) as f:
            reports[name] = json.load(f)
    return failed, reports


def accept(config, names, directory):
    """Accepts what the runs of `names` (all when empty) find, rewrites
    every list, and gates every library, again for those that fail."""
    os.makedirs(config.findings, exist_ok=True)
    for round in range(1, ROUNDS + 1):
        for imp in config.implementations:
            if names and imp["name"] not in names:
                continue
            print(f"--- accepting {imp['name']} under {imp['spec']} (round {round})", flush=True)
            subprocess.run(command(config, imp), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        rewrite(config)
        failed, _ = gate(config, [], directory)
        if not failed:
            print(f"adapters/fuzz.py: the gate passes after {round} round(s)")
            return
        names = [name for name, _ in failed]
    sys.exit(f"adapters/fuzz.py: still failing after {ROUNDS} rounds: " + ", ".join(names))


def by_deviation(reports):
    """The Markdown table: a row per deviation, with the libraries found to
    follow it and how many of their mismatches it explains (alone or with
    others), then what nothing explains."""
    found = {}
    for name, report in reports.items():
        for d in report["deviations"]:
            found.setdefault(d["name"], []).append((d["count"], name))
    rows = ["| deviation | libraries, with the mismatches it explains |", "|---|---|"]
    for deviation in sorted(found, key=lambda d: (-len(found[d]), d)):
        libraries = ", ".join(f"{n} ({c})" for c, n in sorted(found[deviation], key=lambda x: (-x[0], x[1])))
        rows.append(f"| [`{deviation}`](deviations.md#{deviation}) | {libraries} |")
    unexplained = sorted(((r["unexplained"], r["mismatches"], n) for n, r in reports.items()), reverse=True)
    cells = ", ".join(f"{n} ({u} of {m})" for u, m, n in unexplained if u)
    rows.append(f"| nothing: unexplained | {cells} |")
    total = sum(r["mismatches"] for r in reports.values())
    explained = sum(r["explained"] for r in reports.values())
    rows.append("")
    rows.append(f"{explained} of {total} mismatches explained ({100 * explained / max(total, 1):.1f} %), "
                f"over {len(reports)} libraries.")
    return "\n".join(rows) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default=CONFIG,
                        help=f"the config of the libraries to fuzz (default: {CONFIG})")
    parser.add_argument("--reports", help="write each run's JSON report to DIR/NAME.json")
    parser.add_argument("--by-deviation", action="store_true",
                        help="print the Markdown table of deviations by library")
    parser.add_argument("--accept", action="store_true",
                        help="accept what the runs find, until the gate passes")
    parser.add_argument("names", nargs="*", help="only these libraries")
    args = parser.parse_args()
    config = Config(args.config)
    known = {imp["name"] for imp in config.implementations}
    for name in args.names:
        if name not in known:
            sys.exit(f"adapters/fuzz.py: no library `{name}` in {config.path}")
    if args.reports:
        os.makedirs(args.reports, exist_ok=True)
        run(args, config, args.reports)
    else:
        with tempfile.TemporaryDirectory(prefix="rfc1808-fuzz-") as directory:
            run(args, config, directory)


def run(args, config, directory):
    """Accepts, or runs the gate, with the reports in `directory`."""
    if args.accept:
        accept(config, args.names, directory)
        return
    failed, reports = gate(config, args.names, directory)
    if args.by_deviation and reports:
        print(by_deviation(reports), end="")
    if failed:
        sys.exit("adapters/fuzz.py: new kinds, or no run: "
                 + ", ".join(f"{name} (exit {code})" for name, code in failed))


if __name__ == "__main__":
    main()
