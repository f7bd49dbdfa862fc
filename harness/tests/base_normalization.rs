//! Section 5.2.1 of RFC 3986, "Normalization of the base URI, as described
//! in Sections 6.2.2 and 6.2.3, is optional", end to end (issue 17): an RFC
//! 3986 resolver written apart from the reference
//! (`tests/fixtures/normalizing-rfc3986.py`) passes `run --spec rfc3986` and
//! a fuzz run when it normalizes its base, and the report names the readings
//! it followed; normalizing the whole result still fails both, and so does
//! normalizing the base under RFC 2396, which allows none of it.

mod common;

use common::{assert_contains, assert_ends_with, assert_exit, rfc1808, stdout};

/// The fixture, normalizing `mode` (`base`, `result`, `none`).
fn normalizing(mode: &str) -> String {
    format!("n=python3 tests/fixtures/normalizing-rfc3986.py {mode}")
}

fn run(mode: &str, more: &[&str]) -> std::process::Output {
    let imp = normalizing(mode);
    let mut args = vec!["run", "--impl", &imp, "--protocol", "jsonl"];
    args.extend_from_slice(more);
    rfc1808(&args)
}

/// Asserts that a run of the fixture normalizing `mode` under `spec` fails
/// (exit 1), and fails each vector of `ids`.
#[track_caller]
fn assert_fails_on(mode: &str, spec: &str, ids: &[&str]) {
    let o = run(mode, &["--spec", spec]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    for id in ids {
        assert!(out.contains(&format!("FAIL {id} ")), "{id} fails: {out}");
    }
}

/// The readings that the fixture normalizing its base follows.
const BASE_READINGS: [&str; 5] = [
    "base-case=scheme-and-host",
    "base-percent-encoding=normalized",
    "base-dot-segments=removed",
    "base-port=http-and-https-elided",
    "base-empty-path=http-and-https",
];

/// The `  reading ...` lines of a run's report.
fn readings(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("  reading "))
        .collect()
}

#[test]
fn a_resolver_that_normalizes_its_base_passes_and_its_readings_are_named() {
    let o = run("base", &["--spec", "rfc3986"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert!(
        out.contains(": ok. 198 passed; 0 failed; "),
        "every vector passes: {out}"
    );
    let readings = readings(&out);
    for followed in BASE_READINGS {
        assert!(
            readings
                .iter()
                .any(|r| r.starts_with(&format!("{followed} ("))),
            "{followed} in {readings:?}"
        );
    }
    // Held to the base as written, it fails the vectors that tell.
    let o = run(
        "base",
        &["--spec", "rfc3986", "--reading", "base-case=kept"],
    );
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert_contains(&out, "FAIL rfc3986/base-case-upper-scheme-and-host ");
    assert_contains(
        &out,
        "  reading:  base-case=scheme-and-host, which this run's --reading rules out",
    );
}

#[test]
fn a_resolver_that_normalizes_its_whole_result_fails() {
    // What comes from the reference is never normalized under any reading:
    // its scheme, its authority, its path.
    assert_fails_on(
        "result",
        "rfc3986",
        &[
            "interpretation/scheme-upper-case",
            "rfc3986/reference-authority-not-normalized",
        ],
    );
    // Without normalization it passes, the base taken as written.
    let o = run("none", &["--spec", "rfc3986"]);
    assert_exit(&o, 0);
    assert!(readings(&stdout(&o)).contains(&"base-case=kept (3 vectors)"));
}

#[test]
fn rfc2396_allows_no_normalization_of_the_base() {
    assert_fails_on(
        "base",
        "rfc2396",
        &[
            "interpretation/scheme-upper-case-base",
            "rfc3986/base-port-default",
        ],
    );
}

/// `rfc1808 fuzz --spec rfc3986` against the fixture, 5000 cases of seed 1,
/// with `more` flags.
fn fuzz_with(mode: &str, more: &[&str]) -> std::process::Output {
    let imp = normalizing(mode);
    let mut args = vec![
        "fuzz",
        "--spec",
        "rfc3986",
        "--impl",
        &imp,
        "--protocol",
        "jsonl",
        "--seed",
        "1",
        "--max-cases",
        "5000",
    ];
    args.extend_from_slice(more);
    rfc1808(&args)
}

fn fuzz(mode: &str) -> std::process::Output {
    fuzz_with(mode, &[])
}

#[test]
fn fuzzing_a_resolver_that_normalizes_its_base_finds_nothing_and_names_its_readings() {
    let o = fuzz("base");
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert_contains(&out, "\n0 mismatches in 0 kinds: 0 new, 0 known\n");
    for followed in BASE_READINGS {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("reading {followed} ("))),
            "{followed} in {out}"
        );
    }
    assert_ends_with(&out, "no mismatch outside the expectations\n");
    // Held to the base's case as written, its lower-cased bases are found.
    let o = fuzz_with("base", &["--reading", "base-case=kept"]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l.contains("  scheme case changed  ")),
        "{out}"
    );
    assert!(
        !out.lines().any(|l| l.starts_with("reading base-case")),
        "held, so not told: {out}"
    );
}

#[test]
fn fuzzing_a_resolver_that_normalizes_its_whole_result_finds_the_reference_normalized() {
    let o = fuzz("result");
    assert_exit(&o, 1);
    let out = stdout(&o);
    // Normalizing the result is named by its causes, each new: the case
    // of the scheme and of the host, the percent-encodings, the empty path.
    for cause in [
        "scheme-lowercased",
        "host-lowercased",
        "percent-hex-uppercased",
        "empty-path-slash",
    ] {
        assert!(
            out.lines()
                .any(|l| l.starts_with("  ") && l.contains(&format!("  new    {cause}  "))),
            "{cause} in {out}"
        );
    }
    // Case by case, a normalized result looks like one reading here and
    // another there (a `%2E` decoded in the reference's path is
    // `escaped-dots=decoded`, one in the base's query is not): the report
    // says it mixes them.
    assert!(
        out.lines().any(|l| l.starts_with("readings mixed on ")),
        "{out}"
    );
}
