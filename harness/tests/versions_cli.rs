//! Expectations for some versions of a library: an entry whose `versions`
//! include the version the adapter reports applies, one whose do not is
//! ignored (and is not stale), and a failed run of a version the file was
//! not written for says so.

mod common;

use common::{assert_contains, assert_exit, rfc1808, stderr, stdout};

/// `claims.py` answers every case with the relative reference as is, so of
/// these two it fails `g` and passes `scheme`.
const IDS: [&str; 4] = ["--id", "rfc1808-5.1/g", "--id", "rfc1808-5.1/scheme"];

fn run(version: &str, expectations: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let command = format!("py=python3 tests/fixtures/claims.py 'RFC 3986' '{version} (python 3)'");
    let expectations = format!("py={}", expectations.display());
    let args = [
        &["run", "--protocol", "jsonl", "--impl", &command],
        &["--expectations", &expectations][..],
        &IDS[..],
        extra,
    ]
    .concat();
    rfc1808(&args)
}

const FILE: &str = "spec = \"rfc3986\"\nwritten-for = [\"1.4.2\"]\n\n\
    [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"answers the reference as is\"\nversions = \"<2\"\n";

#[test]
fn an_entry_holds_for_its_versions_and_a_new_version_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("py.toml");
    std::fs::write(&file, FILE).unwrap();

    // 1.4.2: the entry holds, the run passes.
    let o = run("1.4.2", &file, &[]);
    assert_exit(&o, 0);
    assert!(stdout(&o).contains("py (claims, 1.4.2 (python 3), python, RFC 3986): ok. 1 passed; 0 failed; 1 expected failures;"), "{}", stdout(&o));

    // 2.0.0: the entry is ignored, so `g` is a new failure; not stale.
    let o = run("2.0.0", &file, &["--format", "json"]);
    assert_exit(&o, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let py = &json["implementations"][0];
    assert_eq!(py["counts"]["failed"], 1);
    assert_eq!(py["counts"]["expected_failures"], 0);
    assert_eq!(py["stale_expectations"], serde_json::json!([]));
    assert_eq!(py["library_version"], "2.0.0");
    assert_eq!(
        py["version_drift"],
        "expectations written for py 1.4.2; this run has py 2.0.0"
    );

    // The text report says so before the failures, and under the summary.
    let o = run("2.0.0", &file, &[]);
    let text = stdout(&o);
    let drift = text
        .find("VERSION [py] expectations written for py 1.4.2; this run has py 2.0.0")
        .expect(&text);
    assert!(drift < text.find("FAIL rfc1808-5.1/g").expect(&text));
    assert_contains(&text, "FAILED. 1 passed; 1 failed; 0 expected failures;");
    assert_contains(
        &text,
        "\n  expectations written for py 1.4.2; this run has py 2.0.0\n",
    );
}

#[test]
fn writing_for_a_second_version_keeps_the_first_versions_entries() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("py.toml");
    let unconditioned = "spec = \"rfc3986\"\nwritten-for = [\"1.4.2\"]\n\n\
        [[expected-failure]]\nid = \"rfc1808-5.1/scheme\"\nreason = \"1.4.2 rejects it\"\n";
    std::fs::write(&file, unconditioned).unwrap();
    let written = format!("py={}", file.display());
    // 2.0.0 passes `scheme` and fails `g`.
    let o = run("2.0.0", &file, &["--write-expectations", &written]);
    assert_exit(&o, 1);
    assert_contains(&stderr(&o), "1 kept, 1 added, 0 dropped");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text,
        "spec = \"rfc3986\"\nwritten-for = [\"1.4.2\", \"2.0.0\"]\n\n\
         [[expected-failure]]\nid = \"rfc1808-5.1/scheme\"\nreason = \"1.4.2 rejects it\"\nversions = [\"1.4.2\"]\n\n\
         [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"got \\\"g\\\" (expected \\\"http://a/b/c/g\\\")\"\nversions = [\"2.0.0\"]\n"
    );
    // The file now holds for 2.0.0, and its 1.4.2 entry is not stale.
    assert_exit(&run("2.0.0", &file, &[]), 0);
}

#[test]
fn a_malformed_condition_is_a_startup_error_that_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("py.toml");
    std::fs::write(&file, FILE.replace("\"<2\"", "\"two\"")).unwrap();
    let o = run("1.4.2", &file, &[]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: {}:7: key `versions`: `two` is not a version requirement (unexpected character 't' while parsing major version number); write one like `0.11.0`, `<0.12` or `>=1.2, <1.4`\n",
            file.display()
        )
    );
}
