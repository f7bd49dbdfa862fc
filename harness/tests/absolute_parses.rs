//! The web-platform tests' entries without a base, absolute parses: asked
//! with a `jsonl` parse request of an adapter that offers it in its
//! handshake, not representable for any other, and never passed by an
//! answer the URL Standard does not give.

mod common;

use common::{rfc1808, stdout};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");

/// The absolute parses among the URL Standard's vectors.
const PARSES: &str = "wpt/parse-*";

/// The JSON report of grading `served`, the command of an adapter, under
/// the URL Standard on the absolute parses, and the run's exit code.
fn graded(protocol: &str, served: &str) -> (Option<i32>, Value) {
    let imp = format!("served={served}");
    let o = rfc1808(&[
        "run",
        "--spec",
        "whatwg",
        "--protocol",
        protocol,
        "--impl",
        &imp,
        "--id",
        PARSES,
        "--format",
        "json",
    ]);
    let report = serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {o:?}"));
    (o.status.code(), report)
}

fn count(report: &Value, key: &str) -> u64 {
    report["implementations"][0]["counts"][key]
        .as_u64()
        .unwrap()
}

#[test]
fn an_adapter_that_offers_parses_is_asked_each_with_no_base() {
    let (code, report) = graded(
        "jsonl",
        &format!("{BIN} serve --protocol jsonl --spec whatwg"),
    );
    assert_eq!(code, Some(0), "{report}");
    let total = count(&report, "total");
    assert!(
        total > 500,
        "every entry without a base is a vector: {total}"
    );
    assert_eq!(count(&report, "passed"), total);
    let results = report["implementations"][0]["results"].as_array().unwrap();
    assert!(results.iter().all(|r| r["base"].is_null()));
    // `new URL("https://:@test")` drops the empty userinfo.
    let first = &results[0];
    assert_eq!(first["relative"], "https://test:@test");
    assert_eq!(first["answer"]["value"], "https://test@test/");
}

#[test]
fn an_adapter_that_does_not_offer_parses_is_not_asked_and_passes_none() {
    // A `jsonl` adapter whose handshake says nothing of parses (it stops
    // at any request it does not know), and a `lines` one, which cannot
    // be asked one.
    for (protocol, served) in [
        (
            "jsonl",
            "python3 tests/fixtures/claims.py 'WHATWG URL Standard'".to_owned(),
        ),
        (
            "lines",
            format!("{BIN} serve --protocol lines --spec whatwg"),
        ),
    ] {
        let (code, report) = graded(protocol, &served);
        assert_eq!(code, Some(0), "{report}");
        let total = count(&report, "total");
        assert!(total > 500, "{total}");
        assert_eq!(count(&report, "not_representable"), total, "{protocol}");
        assert_eq!(count(&report, "passed"), 0, "{protocol}");
        let why = &report["implementations"][0]["results"][0]["answer"]["value"];
        assert!(
            why.as_str()
                .unwrap()
                .contains("does not answer parse requests"),
            "{why}"
        );
    }
}

#[test]
fn a_parse_the_url_standard_answers_otherwise_fails() {
    // RFC 1808's Step 1 gives an absolute URL back as it is: the URL
    // Standard lowercases hosts, drops default ports and fails bad hosts.
    let (code, report) = graded(
        "jsonl",
        &format!("{BIN} serve --protocol jsonl --spec rfc1808"),
    );
    assert_eq!(code, Some(1), "{report}");
    let failed = count(&report, "failed");
    assert!(failed > 200, "{failed}");
    assert_eq!(
        count(&report, "passed") + failed,
        count(&report, "total"),
        "every parse is asked and graded"
    );
}

#[test]
fn reports_say_an_absolute_parse_has_no_base() {
    // RFC 1808's Step 1 keeps `https://test:@test` as it is; the URL
    // Standard drops the empty password.
    let imp = format!("served={BIN} serve --protocol jsonl --spec rfc1808");
    for format in ["text", "junit"] {
        let o = rfc1808(&[
            "run",
            "--spec",
            "whatwg",
            "--protocol",
            "jsonl",
            "--impl",
            &imp,
            "--id",
            "wpt/parse-9f0dd80a687d2038",
            "--format",
            format,
        ]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "{out}");
        assert!(
            out.contains("base:     none: an absolute parse\n"),
            "{format}: {out}"
        );
        assert!(
            out.contains("relative: \"https://test:@test\""),
            "{format}: {out}"
        );
    }
}

#[test]
fn resolve_parses_with_no_base_and_says_what_explains_an_answer() {
    let resolve = |args: &[&str]| {
        let o = rfc1808(&[&["resolve", "--spec", "whatwg"], args].concat());
        (o.status.code(), stdout(&o), common::stderr(&o))
    };
    let answer = |input: &str| resolve(&["--parse", input]);
    assert_eq!(
        answer("HTTP://EXAMPLE.com/a/../^"),
        (
            Some(0),
            "http://example.com/%5E\n".to_owned(),
            String::new()
        )
    );
    let (code, out, _) = answer("http://[::1");
    assert_eq!(code, Some(1));
    assert!(out.starts_with("rejected: IPv6-unclosed: "), "{out}");
    // The answer of an engine before whatwg/url#846, and one nothing gives.
    let why = |answer: &str| resolve(&["--parse", "http://a/^", "--why", answer]);
    assert_eq!(
        why("http://a/^"),
        (
            Some(0),
            "explained by caret-unencoded-in-path\n".to_owned(),
            String::new()
        )
    );
    assert_eq!(why("http://b/").0, Some(1));
    // A parse has no base to trace or to depart from.
    let (code, _, err) = resolve(&["--parse", "x", "--explain"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("'--parse <INPUT>' cannot be used with '--explain'"),
        "{err}"
    );
    let (code, _, err) = resolve(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("<BASE>"), "{err}");
}
