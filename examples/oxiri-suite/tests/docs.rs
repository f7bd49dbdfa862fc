//! docs/rust-api.md shows this crate: its Rust example is `tests/rfc3986.rs`
//! exactly, which `cargo test` compiles and runs, and its `Cargo.toml`
//! example declares the test and the dependency as this crate's manifest
//! does. So the page cannot drift from code that works.

use std::path::Path;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fenced blocks of `markdown` whose info string is `lang`.
fn blocks<'a>(markdown: &'a str, lang: &str) -> Vec<&'a str> {
    let opening = format!("```{lang}\n");
    let mut out = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find(&opening) {
        let body = &rest[start + opening.len()..];
        let end = body.find("\n```").expect("every block is closed");
        out.push(&body[..end + 1]);
        rest = &body[end..];
    }
    out
}

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn page() -> String {
    read(&crate_dir().join("../../docs/rust-api.md"))
}

#[test]
fn the_rust_example_is_this_crates_test() {
    let page = page();
    let test = read(&crate_dir().join("tests/rfc3986.rs"));
    let shown = blocks(&page, "rust");
    assert_eq!(
        shown,
        [test.as_str()],
        "docs/rust-api.md's example is tests/rfc3986.rs"
    );
}

#[test]
fn the_manifest_example_declares_what_this_crate_does() {
    let page = page();
    let shown = blocks(&page, "toml");
    assert_eq!(shown.len(), 1, "one Cargo.toml example");
    let shown: toml::Table = shown[0].parse().unwrap();
    let manifest: toml::Table = read(&crate_dir().join("Cargo.toml")).parse().unwrap();
    assert_eq!(shown["test"], manifest["test"]);
    let vectors = |t: &toml::Table| t["dev-dependencies"]["rfc1808-vectors"]["features"].clone();
    assert_eq!(vectors(&shown), vectors(&manifest));
    assert!(shown["dev-dependencies"]["rfc1808-vectors"]
        .get("path")
        .is_some_and(|p| p.as_str().is_some_and(|p| p.ends_with("/vectors"))));
}

#[test]
fn the_summary_shown_is_the_one_the_suite_prints() {
    // The lines of the page's summary example that do not depend on the
    // run's timing, against those this crate's test prints.
    let page = page();
    let shown = page
        .lines()
        .skip_while(|l| !l.starts_with("rfc1808 vectors under RFC 3986: ok."))
        .take_while(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n");
    let output = std::process::Command::new(env!("CARGO"))
        .args(["test", "--quiet", "--offline", "--test", "rfc3986"])
        .current_dir(crate_dir())
        .env_remove("RFC1808_WRITE_EXPECTATIONS")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let printed = &stdout[stdout.find("rfc1808 vectors under").unwrap()..];
    assert_eq!(printed.trim_end(), shown);
}
