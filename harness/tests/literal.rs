//! The suite accepts conforming implementations: two small resolvers
//! written in Python from the RFC text alone (`tests/literal/`, standard
//! library only, nothing taken from the Rust code), each taking different
//! readings of the RFC's ambiguities, pass `rfc1808 run` with exit 0, and
//! the report names the readings each followed. Holding one to a reading it
//! does not follow fails it, and so does following two readings of one
//! ambiguity, unless its expectations allow that.

mod common;

use std::process::{Command, Output};

use common::{assert_contains, assert_exit, stdout};

const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");
const LITERAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/literal");

fn run(script_and_flags: &str, extra: &[&str]) -> Output {
    let command = format!("python3 {LITERAL}/{script_and_flags}");
    Command::new(BIN)
        .args([
            "run",
            "--impl",
            &format!("literal={command}"),
            "--protocol",
            "lines",
        ])
        .args(extra)
        .output()
        .unwrap()
}

fn readings_json(out: &Output) -> Vec<(String, Vec<String>, bool)> {
    let doc: serde_json::Value = serde_json::from_str(&stdout(out)).unwrap();
    doc["implementations"][0]["readings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["ambiguity"].as_str().unwrap().to_owned(),
                r["follows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().unwrap().to_owned())
                    .collect(),
                r["ok"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn follows(pairs: &[(&str, &str)]) -> Vec<(String, Vec<String>, bool)> {
    pairs
        .iter()
        .map(|(a, r)| (a.to_string(), vec![r.to_string()], true))
        .collect()
}

#[test]
fn empty_components_absent_passes_and_is_named() {
    let out = run(
        "literal_absent.py",
        &[
            "--reading",
            "empty-component=absent",
            "--reading",
            "empty-net-loc=dropped",
        ],
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("literal: ok. "), "{text}");
    assert_contains(&text, "  reading empty-component=absent (6 vectors)\n");
    assert_contains(&text, "  reading empty-net-loc=dropped (2 vectors)\n");

    let out = run("literal_absent.py", &["--format", "json"]);
    assert_exit(&out, 0);
    assert_eq!(
        readings_json(&out),
        follows(&[
            ("empty-component", "absent"),
            ("entirely-empty", "string"),
            ("empty-net-loc", "dropped"),
            ("escaped-dots", "literal"),
        ])
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let result = |id: &str| {
        doc["implementations"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap()
            .clone()
    };
    let hash = result("interpretation/trailing-hash");
    assert_eq!(hash["status"], "passed");
    assert_eq!(hash["answer"]["value"], "http://a/b/c/g");
    assert_eq!(hash["reading"]["empty-component"], "absent");
    // A rejection of a case the RFC leaves undefined passes, and shows.
    let scheme_less = result("interpretation/base-without-scheme");
    assert_eq!(scheme_less["status"], "passed");
    assert_eq!(scheme_less["answer"]["kind"], "rejected");
    assert!(
        scheme_less["undefined"]
            .as_str()
            .unwrap()
            .starts_with("the base has no scheme"),
        "{scheme_less}"
    );
    assert!(hash.get("undefined").is_none());
    assert!(result("rfc1808-5.1/g").get("reading").is_none());
}

#[test]
fn empty_components_kept_passes_and_is_named() {
    let out = run(
        "literal_kept.py",
        &[
            "--reading",
            "empty-component=kept",
            "--reading",
            "inherit-if-any=keep-own",
            "--reading",
            "escaped-dots=decoded",
            "--format",
            "json",
        ],
    );
    assert_exit(&out, 0);
    assert_eq!(
        readings_json(&out),
        follows(&[
            ("empty-component", "kept"),
            ("entirely-empty", "string"),
            ("inherit-if-any", "keep-own"),
            ("empty-net-loc", "kept"),
            ("escaped-dots", "decoded"),
        ])
    );
}

#[test]
fn step_2a_on_components_passes_and_is_named() {
    let out = run(
        "literal_kept.py --components",
        &["--reading", "entirely-empty=components"],
    );
    assert_exit(&out, 0);
    assert_contains(
        &stdout(&out),
        "  reading entirely-empty=components (5 vectors)\n",
    );
}

#[test]
fn held_to_a_reading_it_does_not_follow_fails() {
    let out = run("literal_absent.py", &["--reading", "empty-component=kept"]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains("interpretation/trailing-hash"), "{text}");
    assert!(
        text.contains(
            "--protocol lines --reading 'empty-component=kept' --id interpretation/trailing-hash\n"
        ),
        "the rerun command keeps it: {text}"
    );
    assert_contains(&text, "  reading empty-component=absent (6 vectors)\n");
    assert!(
        text.contains(
            "  expected: \"http://a/b/c/g#\"\n  or:       \"http://a/b/c/g\" under empty-component=absent\n  \
             got:      \"http://a/b/c/g\"\n"
        ),
        "{text}"
    );
    assert_contains(
        &text,
        "  reading:  empty-component=absent, which this run's --reading rules out\n",
    );
}

#[test]
fn two_readings_of_one_ambiguity_fail_unless_allowed() {
    let out = run("literal_kept.py --drop-empty-fragment", &[]);
    assert_exit(&out, 1);
    assert!(
        stdout(&out).contains(
            "  reading empty-component: inconsistent: absent on interpretation/trailing-hash, \
             interpretation/fragment-only-empty; kept on interpretation/trailing-question"
        ),
        "{}",
        stdout(&out)
    );
    // The summary line counts it: a FAILED line never shows only zeros.
    let summary = stdout(&out)
        .lines()
        .find(|l| l.starts_with("literal: FAILED. "))
        .map(str::to_owned);
    assert!(
        summary.as_ref().is_some_and(|l| l.ends_with(
            " passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable; 1 inconsistent reading"
        )),
        "{summary:?}"
    );

    let dir = tempfile::tempdir().unwrap();
    let allow = dir.path().join("literal.toml");
    std::fs::write(
        &allow,
        "[[inconsistent-reading]]\nambiguity = \"empty-component\"\n\
         reason = \"drops an empty fragment's # only\"\n",
    )
    .unwrap();
    let allow_flag = format!("literal={}", allow.display());
    let out = run(
        "literal_kept.py --drop-empty-fragment",
        &["--expectations", &allow_flag],
    );
    assert_exit(&out, 0);
    assert!(stdout(&out).contains("(allowed: drops an empty fragment's # only)"));

    // Strict both ways: the same allowance for a consistent implementation
    // fails the run.
    let out = run("literal_kept.py", &["--expectations", &allow_flag]);
    assert_exit(&out, 1);
    assert_contains(&stdout(&out), "remove the entry");
    assert_contains(
        &stdout(&out),
        "0 not representable; 1 stale inconsistent-reading entry\n",
    );
    // A run of some of the vectors need not meet the mixing an entry
    // allows, as a fuzz run need not: the entry is stale in full runs only.
    let out = run(
        "literal_kept.py",
        &["--expectations", &allow_flag, "--skip", "rfc1808-5.1/*"],
    );
    assert_exit(&out, 0);
}
