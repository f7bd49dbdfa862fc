//! Helpers shared by the integration tests that run the `rfc1808` binary.

// Each test crate includes this module and uses a different part of it:
// what one leaves unused is not dead, another uses it.
#![allow(dead_code)]

pub mod adapters;
pub mod child;
pub mod chromium;
pub mod fuzz;
pub mod repo;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `rfc1808` binary that the tests run.
pub const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");

/// Copies the vector files of `vectors/` into `root/vectors`, for tests that
/// write to them, and returns that directory.
pub fn copy_vectors(root: &Path) -> PathBuf {
    copy_vectors_from(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors"),
        root,
    )
}

/// Copies the vector files of the directory `from` into `root/vectors`, and
/// returns that directory.
pub fn copy_vectors_from(from: &Path, root: &Path) -> PathBuf {
    let to = root.join("vectors");
    std::fs::create_dir(&to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
    to
}

/// The vectors `promote` (or `fuzz --promote`) wrote into the directory
/// `dir`: those whose id starts `regression/`, as (id, base, relative,
/// note), in file order.
pub fn promoted(dir: &Path) -> Vec<(String, String, String, Option<String>)> {
    let corpus = rfc1808_vectors::load_dir(dir).unwrap();
    corpus
        .resolve
        .into_iter()
        .filter(|v| v.id.starts_with("regression/"))
        .map(|v| (v.id, v.base.unwrap(), v.relative, v.note))
        .collect()
}

/// The first lines of a text report: the tool version and the vector set.
pub fn header() -> String {
    format!(
        "rfc1808 {}, {}\n\n",
        env!("CARGO_PKG_VERSION"),
        rfc1808_vectors::embedded().digest
    )
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs the `rfc1808` binary with `args`, from the harness's directory (so
/// `tests/fixtures/...` paths work).
pub fn rfc1808(args: &[&str]) -> Output {
    rfc1808_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs the `rfc1808` binary with `args` from the directory `dir`.
pub fn rfc1808_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// `rfc1808 run --config CONFIG ARGS`, from the harness's directory.
pub fn run_config(config: &Path, args: &[&str]) -> Output {
    rfc1808(&[&["run", "--config", path(config)][..], args].concat())
}

/// The start-up error for the expectations file `file`, which has no
/// `spec` key and so lists RFC 1808's expected failures, given to an
/// implementation graded under RFC 3986.
pub fn rfc1808_expectations_under_rfc3986(file: impl std::fmt::Display) -> String {
    format!(
        "rfc1808: {file}: the expected failures are under rfc1808 (it has no `spec` key), \
         but the implementation is graded under rfc3986; give the file for rfc3986, or grade \
         under rfc1808 with --spec\n"
    )
}

/// Asserts the exit code, showing both streams when it is not `code`.
pub fn assert_exit(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

/// A fresh directory for one test's files, named by its test file (`group`)
/// and test, so that test binaries running at once never share one.
pub fn scratch(group: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{group}-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as a command-line argument.
pub fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Asserts that the exit code is `code` and standard error is `message`.
#[track_caller]
pub fn assert_error(o: &Output, code: i32, message: &str) {
    assert_exit(o, code);
    assert_eq!(stderr(o), message);
}

/// Asserts that `text` contains `part`, showing `text` when it does not.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{text}");
}

/// Asserts that `text` starts with `start`, showing `text` when it does not.
#[track_caller]
pub fn assert_starts_with(text: &str, start: &str) {
    assert!(text.starts_with(start), "{text}");
}

/// Asserts that `text` ends with `end`, showing `text` when it does not.
#[track_caller]
pub fn assert_ends_with(text: &str, end: &str) {
    assert!(text.ends_with(end), "{text}");
}

/// Asserts that the exit code is `code` and standard output is `text`.
#[track_caller]
pub fn assert_stdout(o: &Output, code: i32, text: &str) {
    assert_exit(o, code);
    assert_eq!(stdout(o), text);
}
