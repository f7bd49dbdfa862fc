//! The C adapter of uriparser (`adapters/uriparser.c`): compiled here with
//! AddressSanitizer and UBSan, so that its hand-written JSON reader and
//! writer are checked for memory errors on bad input, huge lines and the
//! whole corpus, and run through `rfc1808 run` against its expectations.
//!
//! Without a C compiler and liburiparser-dev the tests say so and pass,
//! unless `RFC1808_REQUIRE_ADAPTERS` is set, as `.ci/run` sets it after
//! `adapters/install.sh`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use common::adapters::{
    argv, assert_conforms, compile, huge_lines, required, say, unreadable_requests,
};

/// The adapter, built once per test run into a directory of its own; `None`
/// (with a note on standard error) when it cannot be built here.
fn adapter() -> Option<&'static Path> {
    static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            // Under target/, not /tmp: a static is never dropped, so what
            // it built would be left behind on every run.
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("uriparser-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let binary = dir.join("uriparser");
            let built = compile(
                "cc",
                &["-std=c99"],
                "adapters/uriparser.c",
                &["-luriparser".to_owned()],
                &binary,
            );
            match built {
                Ok(()) => Some(binary),
                Err(why) => {
                    assert!(
                        !required(),
                        "RFC1808_REQUIRE_ADAPTERS is set but adapters/uriparser.c does not build:\n{why}"
                    );
                    let cause = if why.contains("uriparser/Uri.h") {
                        "liburiparser-dev is not installed"
                    } else if why.contains("cannot run cc") {
                        "no C compiler"
                    } else {
                        "adapters/uriparser.c does not build here"
                    };
                    say(&format!(
                        "uriparser_adapter: every test skipped: {cause} (bash adapters/install.sh installs gcc and liburiparser-dev)"
                    ));
                    None
                }
            }
        })
        .as_deref()
}

/// Talks to the adapter run with `args` (`common::child::converse`) for up
/// to 120 s; `None` when it cannot be built here.
fn converse(args: &[&str], input: Vec<u8>) -> Option<(Vec<String>, String, bool)> {
    let mut command = Command::new(adapter()?);
    command.args(args);
    Some(common::child::converse(
        &mut command,
        input,
        Duration::from_secs(120),
    ))
}

#[test]
fn each_unreadable_request_is_answered_in_its_place() {
    let input = unreadable_requests(r"\u00e9/../g\t");
    let Some((lines, stderr, ok)) = converse(&[], input) else {
        return;
    };
    assert!(ok, "exit status; standard error:\n{stderr}");
    // The version is the one of the headers the adapter was compiled with.
    let started = lines[0]
        .strip_prefix(
            r#"{"type":"started","version":1,"name":"uriparser","implementation_version":"0."#,
        )
        .and_then(|rest| rest.split_once('"'))
        .map(|(_, rest)| rest);
    assert_eq!(
        started,
        Some(r#","language":"c","spec":"RFC 3986"}"#),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1..],
        [
            r#"{"id":null,"error":"adapter: line 2: not a JSON request: expected '{' at byte 0"}"#,
            r#"{"id":null,"error":"adapter: line 3: the request is not UTF-8"}"#,
            r#"{"id":3,"error":"URI_ERROR_SYNTAX: the relative reference is not a URI reference, at index 1"}"#,
            r#"{"id":null,"error":"adapter: line 5: not a JSON request: a lone surrogate escape (not a character) at byte 57"}"#,
            r#"{"id":5,"error":"adapter: line 6: a resolve request needs string `base` and `relative`"}"#,
            r#"{"id":6,"error":"adapter: line 7: unknown request type \"parse\""}"#,
            r#"{"id":null,"error":"adapter: line 8: not a JSON request: expected a string at byte 60"}"#,
            r#"{"id":null,"error":"adapter: line 9: not a JSON request: text after the object at byte 61"}"#,
            r#"{"id":9,"error":"URI_ERROR_SYNTAX: the relative reference is not a URI reference, at index 0"}"#,
            r#"{"id":10,"result":"http://a/b/g"}"#,
        ]
    );
}

#[test]
fn huge_lines_are_read_whole_or_refused_past_the_limit() {
    // 10 MiB: read whole and resolved. 65 MiB: past the 64 MiB limit, so
    // refused with a null id and skipped; the next request is answered.
    let (input, long, [refused, answered]) = huge_lines();
    let Some((lines, stderr, ok)) = converse(&[], input) else {
        return;
    };
    assert!(ok, "exit status; standard error:\n{stderr}");
    assert_eq!(
        lines,
        [
            format!(r#"{{"id":1,"result":"http://a/{long}"}}"#),
            refused,
            answered
        ]
    );
}

#[test]
fn lines_and_argv_answer_as_jsonl_does() {
    let Some((lines, stderr, ok)) = converse(
        &["--lines"],
        b"http://a/b/c/d;p?q\t../g\r\nno tab\nhttp://a/b\t%zz\n".to_vec(),
    ) else {
        return;
    };
    assert!(ok, "exit status; standard error:\n{stderr}");
    assert_eq!(
        lines,
        [
            "http://a/b/g",
            "\tadapter: line 2: a request without a TAB",
            "\tURI_ERROR_SYNTAX: the relative reference is not a URI reference, at index 1",
        ]
    );
    let adapter = adapter().unwrap();
    let answer = |args: &[&str]| {
        let (code, stdout, stderr) = argv(adapter, args);
        (code, if code == Some(0) { stdout } else { stderr })
    };
    assert_eq!(
        answer(&["http://a/b/c", "http:g"]),
        (Some(0), "http:g\n".to_string())
    );
    assert_eq!(
        answer(&["--scheme-compat", "http://a/b/c", "http:g"]),
        (Some(0), "http://a/b/g\n".to_string())
    );
    assert_eq!(
        answer(&["b", "c"]),
        (
            Some(1),
            "URI_ERROR_ADDBASE_REL_BASE: the base has no scheme\n".to_string()
        )
    );
    assert_eq!(answer(&["a", "b", "c"]).0, Some(2));
}

/// The whole corpus through `rfc1808 run`, under the sanitizers and each
/// spec: the adapter fails exactly the vectors its expectations file for
/// that spec lists, so a change of uriparser or of the vectors fails here.
#[test]
fn the_corpus_fails_exactly_the_expected_vectors_under_each_spec() {
    let Some(adapter) = adapter() else { return };
    for spec in ["rfc1808", "rfc3986"] {
        assert_conforms("uriparser", adapter, spec);
    }
}
