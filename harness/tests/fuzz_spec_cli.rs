//! `rfc1808 fuzz --spec rfc3986` against a small RFC 3986 resolver written
//! in Python: with a deviation planted (dot segments kept in a network-path
//! reference), following a reading of RFC 3986 (the non-strict parser of
//! section 5.2.2), and with expectations files for the right and the wrong
//! spec.

mod common;

use std::process::Output;

use common::fuzz::overview;
use common::repo::Repo;
use common::{
    assert_contains, assert_error, assert_starts_with, rfc1808_expectations_under_rfc3986, stderr,
    stdout,
};

/// RFC 3986 section 5.2, written from the RFC in Python, as a `lines`
/// adapter. Its argument plants a deviation or picks a reading:
/// `network-path-dots` keeps the dot segments of a reference with an
/// authority (`T.path = R.path`, where 5.2.2 says `remove_dot_segments`),
/// `non-strict` ignores a scheme equal to the base's, as section 5.2.2 lets
/// a non-strict parser do; `decoder` throws a decoder's `URIError` on a
/// reference with an escape that is not UTF-8; `exact` does none of these. A second argument `jsonl`
/// makes it speak `jsonl`, claiming RFC 3986 in its handshake. Its merge,
/// `remove_dot_segments` and recomposition are those of the fixture
/// `tests/fixtures/normalizing-rfc3986.py`, which [`setup`] copies beside it.
const RFC3986_PY: &str = r##"
import re, sys, urllib.parse

class DecoderError(Exception):
    pass

# Sections 5.2.3, 5.2.4 and 5.3, from the other RFC 3986 resolver written
# from the RFC alone, tests/fixtures/normalizing-rfc3986.py, copied beside
# this script.
from normalizing_rfc3986 import merge, recompose, remove_dot_segments

URI = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")

def parse(s):
    m = URI.match(s)
    defined = lambda whole, part: m.group(part) if m.group(whole) is not None else None
    return defined(1, 2), defined(3, 4), m.group(5), defined(6, 7), defined(8, 9)

def resolve(base, reference, mode):
    if mode == "decoder":
        # A decoder run on the reference first, as JavaScript's
        # decodeURIComponent: an escape that is not UTF-8 throws.
        try:
            urllib.parse.unquote(reference, errors="strict")
        except UnicodeDecodeError:
            raise DecoderError("URIError: URI malformed")
    b_scheme, b_authority, b_path, b_query, _ = parse(base)
    scheme, authority, path, query, fragment = parse(reference)
    if mode == "non-strict" and scheme is not None and b_scheme is not None \
            and scheme.lower() == b_scheme.lower():
        scheme = None
    if scheme is not None:
        t = (scheme, authority, remove_dot_segments(path), query)
    elif authority is not None:
        kept = mode == "network-path-dots"
        t = (b_scheme, authority, path if kept else remove_dot_segments(path), query)
    elif path == "":
        t = (b_scheme, b_authority, b_path, query if query is not None else b_query)
    elif path.startswith("/"):
        t = (b_scheme, b_authority, remove_dot_segments(path), query)
    else:
        merged = merge(b_authority, b_path, path)
        t = (b_scheme, b_authority, remove_dot_segments(merged), query)
    return recompose(*t, fragment)

mode = sys.argv[1]
if sys.argv[2:] == ["jsonl"]:
    import json
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "start":
            answer = {"type": "started", "version": 1, "name": "py3986",
                      "implementation_version": "1", "language": "python", "spec": "RFC 3986"}
        elif request["type"] == "resolve":
            answer = {"id": request["id"],
                      "result": resolve(request["base"], request["relative"], mode)}
        else:
            break
        print(json.dumps(answer), flush=True)
    sys.exit(0)
for line in sys.stdin.buffer:
    base, reference = line.rstrip(b"\n").decode("utf-8", "surrogateescape").split("\t")
    try:
        answer = resolve(base, reference, mode)
    except DecoderError as e:
        answer = "\t" + str(e)
    sys.stdout.buffer.write(answer.encode("utf-8", "surrogateescape") + b"\n")
    sys.stdout.buffer.flush()
"##;

/// The planted deviation's kind: the catalogue's deviation that explains it.
const PLANTED: &str = "dots-kept-in-absolute";

/// How it shows, by symptom: its branch of section 5.2.2, and what differs.
const PLANTED_SYMPTOM: &str = "dot segments kept";

fn setup() -> Repo {
    let setup = Repo::new();
    setup.write("rfc3986.py", RFC3986_PY);
    setup.write(
        "normalizing_rfc3986.py",
        include_str!("fixtures/normalizing-rfc3986.py"),
    );
    setup
}

/// Fuzzes the Python resolver in `mode` under `--spec rfc3986`.
fn fuzz(setup: &Repo, mode: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--spec", "rfc3986", "--protocol", "lines"];
    args.extend_from_slice(extra);
    fuzz_with(setup, mode, &args)
}

/// Fuzzes the Python resolver in `mode` with only these flags besides
/// the seed and the number of cases.
fn fuzz_with(setup: &Repo, mode: &str, args: &[&str]) -> Output {
    let implementation = format!(
        "py=python3 {} {mode}",
        shell_words::quote(&setup.path("rfc3986.py").display().to_string())
    );
    let mut all = vec!["fuzz", "--impl", &implementation];
    // The cases a seed makes follow the vectors (they seed the
    // generator): seed 2 is one whose first 3000 cases meet the
    // planted deviation only in its plain form, with no `%2e`
    // segment, which the classifier names another kind.
    all.extend(["--seed", "2", "--max-cases", "3000"]);
    all.extend_from_slice(args);
    setup.run(&all)
}

#[test]
fn finds_a_planted_rfc3986_deviation_and_names_its_section() {
    let setup = setup();
    let out = fuzz(&setup, "network-path-dots", &[]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    let kinds = overview(&report);
    assert_eq!(kinds.len(), 1, "{report}");
    assert!(
        kinds[0].contains(PLANTED) && kinds[0].ends_with(r#""///." against "http://a""#),
        "{report}"
    );
    // A cause, with the section it departs from and whether the answer
    // still names the same resource.
    assert!(
        kinds[0].starts_with("  18  new    dots-kept-in-absolute  5.2.2  other resource  "),
        "{report}"
    );
    // The smallest case, with the RFC's answer, how it shows, and how to
    // accept it.
    assert!(
        report.contains(&format!(
            "   shows as:  {PLANTED_SYMPTOM}\n   steps:     5.2.2 R.authority defined (18)\n   base:      \"http://a\"\n   relative:  \"///.\"\n   reference: \"http:///\"\n   py:        \"http:///.\"\n   accept it: rerun with --write-expectations FILE, which lists its deviations\n"
        )),
        "{report}"
    );
    assert!(
        report.contains(" --seed 2 --max-cases 3000\n")
            && report.contains("\nrerun: rfc1808 fuzz --spec rfc3986 --impl "),
        "{report}"
    );
    assert!(report.contains("\nagainst rfc3986: "), "{report}");
}

#[test]
fn an_answer_under_a_reading_of_rfc3986_is_no_mismatch() {
    let setup = setup();
    // The exact resolver, and the non-strict parser of section 5.2.2
    // (`http:g` as `g`), are RFC 3986 under any reading.
    for mode in ["exact", "non-strict"] {
        let out = fuzz(&setup, mode, &[]);
        let report = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{mode}: {report}{}",
            stderr(&out)
        );
        assert!(
            report.contains("\n0 mismatches in 0 kinds: 0 new, 0 known\n"),
            "{mode}: {report}"
        );
    }
    // Held to the strict reading, the non-strict parser differs where the
    // scheme is the base's, and only there.
    let out = fuzz(&setup, "non-strict", &["--reading", "same-scheme=strict"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        overview(&report)[0].ends_with(
            r#"5.2.2 R.scheme defined: resolved as a relative URL  "http:" against "http://a""#
        ),
        "{report}"
    );
    for branch in ["R.authority defined", "R.path", "5.2.3 merge"] {
        assert!(!report.contains(branch), "{branch}: {report}");
    }
    assert!(
        report.contains(" --reading same-scheme=strict"),
        "the rerun line holds the reading too: {report}"
    );
}

#[test]
fn a_listed_vector_makes_the_kind_known_and_the_run_pass() {
    let setup = setup();
    setup.write(
        "expected.toml",
        "spec = \"rfc3986\"\n\n[[expected-failure]]\nid = \"rfc3986/oxiri-network-path-dots\"\n\
         reason = \"keeps the dot segments of a network-path reference\"\n",
    );
    let out = fuzz(
        &setup,
        "network-path-dots",
        &["--expectations", "expected.toml"],
    );
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    let kinds = overview(&report);
    assert_eq!(kinds.len(), 1, "{report}");
    // The listed vector shows the cause: it is known, with the vector as its
    // example.
    assert!(
        kinds[0].contains(&format!("  known  {PLANTED}  "))
            && kinds[0].ends_with(r#""//g/./x" against "http://a/b""#),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "\nknown, as listed vector `rfc3986/oxiri-network-path-dots`: {PLANTED} (18 mismatches)\n"
        )),
        "{report}"
    );
    assert!(report.ends_with("\nno mismatch outside the expectations\n"));
}

#[test]
fn an_expectations_file_of_another_spec_is_a_startup_error() {
    let setup = setup();
    // No `spec` key: RFC 1808's expected failures.
    setup.write(
        "rfc1808.toml",
        "[[expected-failure]]\nid = \"rfc1808-5.2/abs-path-dot\"\nreason = \"removes dots\"\n",
    );
    let out = fuzz(&setup, "exact", &["--expectations", "rfc1808.toml"]);
    assert_error(&out, 2, &rfc1808_expectations_under_rfc3986("rfc1808.toml"));
    assert_eq!(stdout(&out), "");
}

#[test]
fn later_specs_refuse_what_only_rfc1808_runs_do() {
    let setup = setup();
    let out = fuzz(&setup, "exact", &["--any-base"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: --any-base: only under --spec rfc1808; rfc3986 resolves against a URI, and its runs leave out cases outside its grammar\n"
    );
    let out = fuzz(&setup, "exact", &["--reading", "above-root=removed"]);
    assert_eq!(out.status.code(), Some(2));
    assert_starts_with(&stderr(&out), "rfc1808: --reading: rfc3986: ");
}

#[test]
fn without_spec_the_handshake_claim_decides() {
    let setup = setup();
    let out = fuzz_with(&setup, "network-path-dots jsonl", &["--protocol", "jsonl"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    assert_starts_with(&report, "py: py3986 1 (python, RFC 3986)\n");
    assert!(report.contains("\nagainst rfc3986: "), "{report}");
    assert!(overview(&report)[0].contains(PLANTED), "{report}");
    // Over `lines` there is no claim: RFC 1808, to which the dots kept in
    // `//a/./b` are right.
    let out = fuzz_with(&setup, "network-path-dots", &["--protocol", "lines"]);
    let report = stdout(&out);
    assert_contains(&report, "\nrerun: rfc1808 fuzz --spec rfc1808 ");
    assert!(!report.contains(PLANTED), "{report}");
    assert!(!report.contains("5.2.2 R.authority defined"), "{report}");
}

/// Under the URL Standard, the findings promoted take ids of their own
/// group, `whatwg-regression/N`, numbered apart from the RFC findings'
/// `regression/N` (a project that keeps the two in separate files, graded
/// under separate specs, must never see one id twice), and each is a vector
/// the reference passes under the URL Standard.
#[test]
fn findings_under_the_url_standard_are_promoted_as_whatwg_regressions() {
    let repo = Repo::new();
    repo.write(
        "found.toml",
        "[[resolve]]\nid = \"regression/7\"\nbase = \"http://a/b/c/d;p?q\"\nrelative = \"g\"\n\
         expected = \"http://a/b/c/g\"\nsource = \"an RFC finding\"\ntags = [\"regression\"]\n",
    );
    // RFC 3986's reference, fuzzed as if it were a WHATWG engine: a
    // backslash, for one, is a path character to it and a slash to the URL
    // Standard.
    let rfc3986 = format!(
        "rfc3986={} serve --spec rfc3986 --protocol jsonl",
        env!("CARGO_BIN_EXE_rfc1808")
    );
    let out = repo.run(&[
        "fuzz",
        "--spec",
        "whatwg",
        "--impl",
        &rfc3986,
        "--protocol",
        "jsonl",
        "--seed",
        "1",
        "--max-cases",
        "3000",
        "--promote",
        "--to",
        "found.toml",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = repo.read("found.toml");
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("id = \""))
        .map(|l| l.trim_end_matches('"'))
        .collect();
    assert!(ids.len() > 2, "{text}");
    assert_eq!(ids[..2], ["regression/7", "whatwg-regression/1"]);
    for (n, id) in ids[1..].iter().enumerate() {
        assert_eq!(*id, format!("whatwg-regression/{}", n + 1));
    }
    assert_contains(&text, "tags = [\"whatwg-regression\", ");
    // The reference passes every one of them under the URL Standard.
    let run = repo.run(&["run", "--spec", "whatwg", "--add-vectors", "found.toml"]);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
}

/// A library whose decoder throws on an escape that is not UTF-8 is shown
/// a finding nothing explains, with the decoder's message: a deviation
/// that rejects explains a refusal, never a crash. Without that rule,
/// seed 2 finds `//%aa` against `http://a` (RFC 3986: `http://%aa`)
/// "explained" by `reg-name-restricted`, a refusal of the host's escape,
/// and `//%aa@` would be `empty-host-rejected`'s.
#[test]
fn a_decoder_that_throws_is_an_unexplained_finding_not_a_rejecting_deviation() {
    let setup = setup();
    let implementation = format!(
        "py=python3 {} decoder",
        shell_words::quote(&setup.path("rfc3986.py").display().to_string())
    );
    let fuzz = |format: &str| {
        setup.run(&[
            "fuzz",
            "--impl",
            &implementation,
            "--protocol",
            "lines",
            "--spec",
            "rfc3986",
            "--seed",
            "2",
            "--max-cases",
            "30000",
            "--format",
            format,
        ])
    };
    let out = fuzz("json");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let deviations = report["deviations"].as_array().unwrap();
    assert!(deviations.is_empty(), "{deviations:?}");
    assert!(report["mismatches"].as_u64().unwrap() > 1);
    assert_eq!(report["unexplained"], report["mismatches"]);
    let text = stdout(&fuzz("text"));
    assert_contains(&text, "rejected: URIError: URI malformed");
    assert!(!text.contains("reg-name-restricted"), "{text}");
}
