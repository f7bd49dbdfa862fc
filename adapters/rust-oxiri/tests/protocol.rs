//! The adapter binary as the harness sees it: each request it cannot read
//! answered in its place, huge lines read whole or refused past the limit,
//! and the `lines` and `argv` protocols.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

const ADAPTER: &str = env!("CARGO_BIN_EXE_rust-oxiri");

/// Writes `input` to the adapter (from a thread, so that a huge input cannot
/// deadlock against its output) and returns its output lines; it must exit 0.
fn converse(args: &[&str], input: Vec<u8>) -> Vec<String> {
    let mut child = Command::new(ADAPTER)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The adapter stops reading at a stop message: not an error.
        let _ = stdin.write_all(&input);
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(child.wait().unwrap().success());
    writer.join().unwrap();
    out.lines().map(str::to_owned).collect()
}

fn jsonl(lines: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        out.extend_from_slice(line);
        out.push(b'\n');
    }
    out
}

#[test]
fn each_unreadable_request_is_answered_in_its_place() {
    let lines = converse(
        &[],
        jsonl(&[
            br#"{"type":"start","version":1}"#,
            b"not json",
            b"{\"type\":\"resolve\",\"id\":2,\"base\":\"http://a/\xff\",\"relative\":\"g\"}",
            br#"{"type":"resolve","id":3,"base":"http://a/b","relative":"g\u0000h"}"#,
            br#"{"type":"resolve","id":4,"base":"http://a/b","relative":"\ud800"}"#,
            br#"{"type":"resolve","id":5,"base":"http://a/b"}"#,
            br#"{"type":"frobnicate","id":6}"#,
            br#"{"extra":[1,{"a":null}],"relative":"\u00e9/../g","id":7,"base":"http://a/b/c","type":"resolve"}"#,
            br#"{"type":"stop"}"#,
            br#"{"type":"resolve","id":8,"base":"http://a/b","relative":"never read"}"#,
        ]),
    );
    let started = lines[0]
        .strip_prefix(
            r#"{"type":"started","version":1,"name":"rust-oxiri","implementation_version":"0.2."#,
        )
        .and_then(|rest| rest.split_once(" (rustc 1."))
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(_, rest)| rest);
    assert_eq!(
        started,
        Some(r#"","language":"rust","spec":"RFC 3986"}"#),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1..],
        [
            r#"{"id":null,"error":"standard input, line 2: not a request (expected ident at line 1 column 2)"}"#,
            r#"{"id":null,"error":"standard input, line 3: the request is not UTF-8"}"#,
            r#"{"id":3,"error":"IriParseError: the relative reference: Invalid IRI code point '\u0000'"}"#,
            r#"{"id":null,"error":"standard input, line 5: not a request (unexpected end of hex escape at line 1 column 64)"}"#,
            r#"{"id":5,"error":"standard input, line 6: a resolve request needs an `id`, a `base` and a `relative`"}"#,
            r#"{"id":6,"error":"standard input, line 7: unknown message type `frobnicate`"}"#,
            r#"{"id":7,"result":"http://a/b/g"}"#,
        ]
    );
}

#[test]
fn huge_lines_are_read_whole_or_refused_past_the_limit() {
    let long = "a".repeat(1 << 20);
    let first = format!(r#"{{"type":"resolve","id":1,"base":"http://a/b","relative":"{long}"}}"#);
    let mut too_long = br#"{"type":"resolve","id":2,"base":"http://a/b","relative":""#.to_vec();
    too_long.resize(65 << 20, b'a');
    too_long.extend_from_slice(br#""}"#);
    let lines = converse(
        &[],
        jsonl(&[
            br#"{"type":"start","version":1}"#,
            first.as_bytes(),
            &too_long,
            br#"{"type":"resolve","id":3,"base":"http://a/b/c","relative":"../g"}"#,
        ]),
    );
    assert_eq!(lines.len(), 4);
    let lines = &lines[1..];
    assert!(
        lines[0] == format!(r#"{{"id":1,"result":"http://a/{long}"}}"#),
        "the long request is not answered whole: {:.200}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        format!(
            r#"{{"id":null,"error":"standard input, line 3: the request is longer than the limit of 64 MiB ({} bytes)"}}"#,
            too_long.len()
        )
    );
    assert_eq!(lines[2], r#"{"id":3,"result":"http://a/g"}"#);
}

#[test]
fn lines_and_argv_answer_as_jsonl_does() {
    assert_eq!(
        converse(
            &["--lines"],
            b"http://a/b/c/d;p?q\t../g\r\nno tab\nhttp://a/b\t%zz\n".to_vec()
        ),
        [
            "http://a/b/g",
            "\tstandard input, line 2: expected BASE<TAB>RELATIVE",
            "\tIriParseError: the relative reference: Invalid IRI percent encoding '%zz'",
        ]
    );
    let resolved = Command::new(ADAPTER)
        .args(["http://a/b/c", "foo:/./x"])
        .output()
        .unwrap();
    // oxiri's known deviation (docs/findings.md): no dot segments removed
    // from a reference with a scheme.
    assert_eq!(
        (resolved.status.code(), &resolved.stdout[..]),
        (Some(0), &b"foo:/./x\n"[..])
    );
    let rejected = Command::new(ADAPTER).args(["b", "c"]).output().unwrap();
    assert_eq!(
        (rejected.status.code(), &rejected.stderr[..]),
        (
            Some(1),
            &b"IriParseError: the base: No scheme found in an absolute IRI\n"[..]
        )
    );
    let usage = Command::new(ADAPTER)
        .args(["a", "b", "c"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}
