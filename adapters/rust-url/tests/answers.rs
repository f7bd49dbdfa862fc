//! The adapter as the harness runs it: the handshake claims the URL
//! Standard, and an answer is the `href` of `new URL(input, base)` or a
//! rejection, in every protocol.

use std::process::Command;

const ADAPTER: &str = env!("CARGO_BIN_EXE_rust-url");

fn argv(base: &str, input: &str) -> (Option<i32>, String, String) {
    let out = Command::new(ADAPTER).args([base, input]).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn answers_are_the_href_of_the_url_standard_or_a_rejection() {
    // A backslash is a slash in a special URL, so it names another host.
    assert_eq!(
        argv("http://a/b/c", "\\\\evil.com/x"),
        (Some(0), "http://evil.com/x\n".to_owned(), String::new())
    );
    // An IPv4 address in its number forms is serialized dotted.
    assert_eq!(
        argv("http://a/", "//0x7f.1/"),
        (Some(0), "http://127.0.0.1/\n".to_owned(), String::new())
    );
    let (code, out, err) = argv("http://a/", "http://ex ample/");
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.starts_with("ParseError: the input: "), "{err}");
    let (code, _, err) = argv("not a base", "g");
    assert_eq!(code, Some(1));
    assert!(err.starts_with("ParseError: the base: "), "{err}");
}

#[test]
fn the_handshake_claims_the_url_standard_and_names_the_crate_version() {
    let mut child = Command::new(ADAPTER)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"{\"type\":\"start\",\"version\":1}\n\
              {\"type\":\"resolve\",\"id\":1,\"base\":\"file:///C:/a/b\",\"relative\":\"..\\\\..\\\\..\"}\n\
              {\"type\":\"parse\",\"id\":2,\"input\":\"HTTP://EXAMPLE.com:80/a/../b\"}\n\
              {\"type\":\"parse\",\"id\":3,\"input\":\"b\"}\n\
              {\"type\":\"stop\"}\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(
            r#"{"type":"started","version":1,"name":"rust-url","implementation_version":"2."#
        ) && lines[0]
            .ends_with(r#"","language":"rust","spec":"WHATWG URL Standard","parse":true}"#),
        "{}",
        lines[0]
    );
    // `..` does not climb past a drive letter of a file: URL.
    assert_eq!(lines[1], r#"{"id":1,"result":"file:///C:/"}"#);
    // It offers absolute parses: `Url::parse(input)`, as `new URL(input)`.
    assert_eq!(lines[2], r#"{"id":2,"result":"http://example.com/b"}"#);
    assert_eq!(
        lines[3],
        r#"{"id":3,"error":"ParseError: the input: relative URL without a base"}"#
    );
}
