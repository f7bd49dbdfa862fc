//! `rfc1808 resolve --reading` and `--explain`, and bad reading names on
//! the command line.

mod common;

use common::{assert_contains, rfc1808, stderr, stdout};

const BASE: &str = "http://a/b/c/d;p?q#f";

#[test]
fn resolve_runs_under_any_reading() {
    let o = rfc1808(&["resolve", BASE, "g#"]);
    assert_eq!(stdout(&o), "http://a/b/c/g#\n");
    let o = rfc1808(&["resolve", "--reading", "empty-component=absent", BASE, "g#"]);
    assert_eq!(stdout(&o), "http://a/b/c/g\n");
    let o = rfc1808(&[
        "resolve",
        "--reading",
        "empty-net-loc=dropped",
        "--reading",
        "escaped-dots=decoded",
        "--step6",
        "string",
        "file:///a/b",
        "%2e%2e/g",
    ]);
    assert_eq!(stdout(&o), "file:/g\n");
}

#[test]
fn explain_names_the_readings_that_decided() {
    let o = rfc1808(&["resolve", "--explain", BASE, "#"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "http://a/b/c/d;p?q#\n\
         finished at Step 5b (empty path, params and query inherited as needed)\n\
         decided by reading empty-component=kept (docs/readings.md); empty-component=absent gives http://a/b/c/d;p?q\n\
         decided by reading entirely-empty=string (docs/readings.md); entirely-empty=components gives http://a/b/c/d;p?q#f\n"
    );
    let o = rfc1808(&["resolve", "--explain", BASE, "../g"]);
    assert_eq!(
        stdout(&o),
        "http://a/b/g\nfinished at Step 6 (relative path merged with the base path)\n",
        "no reading decides an unambiguous case"
    );
}

#[test]
fn bad_readings_are_usage_errors_that_list_the_names() {
    let o = rfc1808(&["resolve", "--reading", "empty-component=gone", BASE, "g"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "rfc1808: --reading: ambiguity `empty-component` has no reading `gone`, expected one of `kept`, `absent`\n"
    );
    let o = rfc1808(&["run", "--reading", "step2a=components"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "rfc1808: --reading: unknown ambiguity `step2a`, expected one of `empty-component`, \
         `entirely-empty`, `inherit-if-any`, `empty-net-loc`, `escaped-dots`\n"
    );
}

#[test]
fn the_reference_held_to_a_reading_runs_under_it_and_passes() {
    let o = rfc1808(&[
        "run",
        "--reading",
        "empty-component=absent",
        "--tag",
        "empty-component",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_contains(&stdout(&o), "  reading empty-component=absent (");
}

#[test]
fn list_shows_every_reading_answer_and_undefined_cases() {
    let o = rfc1808(&[
        "list",
        "--format",
        "json",
        "--id",
        "interpretation/trailing-hash",
        "--id",
        "interpretation/national-tilde",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let items: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        items[0]["specs"],
        serde_json::json!({
            "rfc1808": {
                "expected": "http://a/b/c/g#",
                "readings": {"empty-component=absent": "http://a/b/c/g"},
                "undefined": null,
            },
            "rfc2396": {"expected": "http://a/b/c/g#", "readings": {}, "undefined": null},
            "rfc3986": {"expected": "http://a/b/c/g#", "readings": {}, "undefined": null},
            "whatwg": {"expected": "http://a/b/c/g#", "readings": {}, "undefined": null},
        })
    );
    assert!(items[1]["specs"]["rfc1808"]["undefined"]
        .as_str()
        .unwrap()
        .contains("national"));
}
