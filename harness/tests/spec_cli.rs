//! `rfc1808 resolve --spec rfc2396|rfc3986`: the later RFCs' reference
//! resolvers and their readings on the command line, and the reports of
//! runs graded under them.

mod common;

use common::{assert_contains, assert_starts_with, rfc1808, scratch, stderr, stdout};

/// RFC 3986 section 5.4 and RFC 2396 Appendix C's base.
const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 2396 under `above-root=error`, given a reference that climbs above
/// the root, and what it answers.
const ABOVE_ROOT_AS_ERROR: [&str; 4] = ["--reading", "above-root=error", BASE, "../../../g"];
const REJECTED_ABOVE_ROOT: &str = "rejected: the reference climbs above the root: the merged \
     path `/../g` still begins with `..` (RFC 2396 section 5.2, step 6g, read as an error)\n";

fn resolve(args: &[&str]) -> (Option<i32>, String) {
    let o = rfc1808(&[&["resolve"], args].concat());
    (o.status.code(), stdout(&o) + &stderr(&o))
}

#[test]
fn each_spec_gives_its_own_answer_and_rfc1808_stays_the_default() {
    let above_root = [BASE, "../../../g"];
    assert_eq!(
        resolve(&above_root),
        (Some(0), "http://a/../g\n".to_owned())
    );
    for (spec, want) in [
        ("rfc1808", "http://a/../g\n"),
        ("rfc2396", "http://a/../g\n"),
        ("rfc3986", "http://a/g\n"),
    ] {
        assert_eq!(
            resolve(&[&["--spec", spec], &above_root[..]].concat()),
            (Some(0), want.to_owned()),
            "{spec}"
        );
    }
    // `?y` is merged by RFC 2396, not by RFC 3986.
    assert_eq!(
        resolve(&["--spec", "rfc2396", BASE, "?y"]),
        (Some(0), "http://a/b/c/?y\n".to_owned())
    );
    // The literal remove_dot_segments gives the same answer.
    assert_eq!(
        resolve(&["--spec", "rfc3986", "--step6", "string", BASE, "g;x=1/../y"]),
        (Some(0), "http://a/b/c/y\n".to_owned())
    );
}

#[test]
fn readings_are_the_specs_own() {
    assert_eq!(
        resolve(&[
            "--spec",
            "rfc3986",
            "--reading",
            "same-scheme=non-strict",
            BASE,
            "http:g"
        ]),
        (Some(0), "http://a/b/c/g\n".to_owned())
    );
    assert_eq!(
        resolve(&[
            "--spec",
            "rfc2396",
            "--reading",
            "above-root=removed",
            BASE,
            "../../../g"
        ]),
        (Some(0), "http://a/g\n".to_owned())
    );
    // A reading that rejects the reference is an answer, exit 1.
    assert_eq!(
        resolve(&[&["--spec", "rfc2396"], &ABOVE_ROOT_AS_ERROR[..]].concat()),
        (Some(1), REJECTED_ABOVE_ROOT.to_owned())
    );
    // Another spec's reading is a usage error that lists this spec's.
    assert_eq!(
        resolve(&[
            "--spec",
            "rfc3986",
            "--reading",
            "above-root=kept",
            BASE,
            "g"
        ]),
        (
            Some(2),
            "rfc1808: --reading: rfc3986: unknown ambiguity `above-root`, expected one of \
             `same-scheme`, `base-case`, `base-percent-encoding`, `base-dot-segments`, \
             `base-port`, `base-empty-path`, `escaped-dots`, `double-slash-path`\n"
                .to_owned()
        )
    );
}

#[test]
fn explain_names_the_branch_the_merge_and_the_readings_under_each_later_spec() {
    assert_eq!(
        resolve(&["--spec", "rfc3986", "--explain", "HTTP://A/b/c", "g"]),
        (
            Some(0),
            "HTTP://A/b/g\n\
             5.2.2: R.path is relative: T.path = remove_dot_segments(merge(Base.path, R.path))\n\
             5.2.3: merged \"/b/\" (the base's path but its last segment) and \"g\", then 5.2.4 \
             removed dot segments\n\
             decided by reading base-case=kept (docs/readings-rfc3986.md); base-case=scheme gives \
             http://A/b/g; base-case=scheme-and-host gives http://a/b/g\n"
                .to_owned()
        )
    );
    assert_eq!(
        resolve(&[
            "--spec",
            "rfc3986",
            "--explain",
            "--reading",
            "base-port=elided",
            "--reading",
            "base-empty-path=http-and-https",
            "http://a:80",
            "?y"
        ]),
        (
            Some(0),
            "http://a/?y\n\
             5.2.1: the base normalized to \"http://a/\" (readings \
             base-port=elided,base-empty-path=http-and-https)\n\
             5.2.2: R.path == \"\": T.path = Base.path, T.query = R.query if defined, else \
             Base.query\n\
             5.2.3: no merge\n\
             decided by reading base-port=elided (docs/readings-rfc3986.md); base-port=kept gives \
             http://a:80/?y; base-port=empty-elided gives http://a:80/?y\n\
             decided by reading base-empty-path=http-and-https (docs/readings-rfc3986.md); \
             base-empty-path=kept gives http://a?y\n"
                .to_owned()
        )
    );
    // A rejection is printed as without --explain, and exits 1.
    assert_eq!(
        resolve(
            &[
                &["--spec", "rfc2396", "--explain"],
                &ABOVE_ROOT_AS_ERROR[..]
            ]
            .concat()
        ),
        (
            Some(1),
            REJECTED_ABOVE_ROOT.to_owned()
                + "finished at 5.2 step 6 (a relative-path, merged with the base's path)\n\
             merged: step 6 joins all but the last segment of the base's path and the \
             reference's path (6a, 6b), then removes dot segments (6c to 6g)\n\
             decided by reading above-root=error (docs/readings-rfc2396.md); above-root=kept \
             gives http://a/../g; above-root=removed gives http://a/g\n"
        )
    );
}

#[test]
fn run_by_each_spec_passes_on_its_reference() {
    for spec in ["rfc2396", "rfc3986"] {
        let o = rfc1808(&["run", "--spec", spec]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{spec}: {out}{}", stderr(&o));
        let summary = out.lines().find(|l| l.starts_with("reference: ")).unwrap();
        assert!(
            summary.starts_with("reference: ok. ") && summary.contains(" 0 failed;"),
            "{spec}: {summary}"
        );
    }
    // RFC 2396 held to a reading: an answer under another fails.
    let o = rfc1808(&[
        "run",
        "--spec",
        "rfc2396",
        "--reading",
        "above-root=removed",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // The RFC 1808 reference is not an RFC 3986 resolver.
    let old = format!(
        "old={} serve --protocol jsonl",
        env!("CARGO_BIN_EXE_rfc1808")
    );
    let o = rfc1808(&[
        "run",
        "--spec",
        "rfc3986",
        "--impl",
        &old,
        "--protocol",
        "jsonl",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_contains(&out, "FAIL rfc3986-5.4.2/too-many-dot-dot [old]");
    // Another spec's reading is a usage error.
    let o = rfc1808(&["run", "--spec", "rfc3986", "--reading", "above-root=kept"]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(
        &stderr(&o),
        "unknown ambiguity `above-root`, expected one of `same-scheme`",
    );
}

#[test]
fn markdown_and_html_reports_are_titled_by_the_spec_graded_under() {
    let dir = scratch("spec_cli", "titles");
    let html = dir.join("r.html");
    let o = rfc1808(&[
        "run",
        "--spec",
        "rfc3986",
        "--format",
        "markdown",
        "--report",
        &format!("html={}", html.display()),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let markdown = stdout(&o);
    assert_starts_with(&markdown, "## RFC 3986 conformance\n\n✅ ");
    let html = std::fs::read_to_string(&html).unwrap();
    assert_contains(&html, "<title>RFC 3986 conformance: passed</title>");
    assert_contains(
        &html,
        "<h1>RFC 3986 conformance <span class=\"verdict passed\">",
    );
    // Graded under two specs, the title names both.
    let o = rfc1808(&[
        "run",
        "--impl",
        "py=python3 tests/fixtures/claims.py 'RFC 3986'",
        "--impl",
        "rb=python3 tests/fixtures/claims.py 'RFC 2396'",
        "--protocol",
        "jsonl",
        "--id",
        "rfc1808-5.1/scheme",
        "--format",
        "markdown",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_starts_with(&stdout(&o), "## RFC 2396 and RFC 3986 conformance\n");
}

#[test]
fn resolve_runs_the_reference_with_deviations_and_says_what_explains_an_answer() {
    // A resolver that departs from RFC 3986 by named deviations.
    let dropped = ["--spec", "rfc3986", "--deviation", "empty-query-dropped"];
    assert_eq!(
        resolve(&[&dropped[..], &[BASE, "g?"]].concat()),
        (Some(0), "http://a/b/c/g\n".to_owned())
    );
    let rejecting = [
        "--spec",
        "rfc3986",
        "--deviation",
        "unknown-scheme-rejected",
    ];
    let (code, out) = resolve(&[&rejecting[..], &["foo:/b/c", "g"]].concat());
    assert_eq!(
        (code, out.as_str()),
        (Some(1), "rejected: unknown-scheme-rejected\n")
    );
    // What explains a library's answer: the smallest set, or nothing.
    let why = |answer: &str, relative: &str| {
        resolve(&["--spec", "rfc3986", "--why", answer, "http://a/b", relative])
    };
    assert_eq!(
        why("ftp://a/g", "FTP://a/g?"),
        (
            Some(0),
            "explained by empty-query-dropped + scheme-lowercased\n".to_owned()
        )
    );
    assert_eq!(why("http://a/g", "g"), (Some(0), "conforms\n".to_owned()));
    assert_eq!(
        why("http://a/h", "g"),
        (Some(1), "unexplained\n".to_owned())
    );
    let (code, out) = resolve(&["--spec", "rfc3986", "--why-rejected", "foo:/b", "g"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "explained by unknown-scheme-rejected\n")
    );
    // A name not in the catalogue is a usage error that says where it is.
    let (code, out) = resolve(&["--deviation", "no-such", BASE, "g"]);
    assert_eq!(code, Some(2));
    assert!(
        out.contains("no such deviation") && out.contains("docs/deviations.md"),
        "{out}"
    );
}

/// A vector the URL Standard fails states a rejection, not a URL: the JSON
/// report gives it as `expected_rejection`, with `expected` null, so that
/// a tool reading the report never takes an empty string for the answer.
#[test]
fn the_json_report_states_a_rejection_the_url_standard_expects() {
    let out = rfc1808(&["run", "--spec", "whatwg", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let results = report["implementations"][0]["results"].as_array().unwrap();
    let rejections: Vec<&serde_json::Value> = results
        .iter()
        .filter(|r| !r["expected_rejection"].is_null())
        .collect();
    assert!(rejections.len() > 10, "{}", rejections.len());
    for r in &rejections {
        assert!(r["expected"].is_null(), "{r}");
        assert_eq!(r["answer"]["kind"], "rejected", "{r}");
    }
    let resolved = results.iter().find(|r| r["id"] == "rfc1808-5.1/g").unwrap();
    assert_eq!(resolved["expected"], "http://a/b/c/g");
    assert!(resolved["expected_rejection"].is_null());
}
