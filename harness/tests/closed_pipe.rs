//! A reader that goes away (`rfc1808 fuzz ... 2>&1 | head -2`): every
//! command, with its standard output or standard error (or both) a pipe
//! whose reading end is already closed, ends with status 141 and no panic,
//! and still writes the files it was asked to.
#![cfg(unix)]

mod common;

use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{path, scratch};

const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");

/// The writing end of a pipe whose reading end is closed: every write to
/// it fails with `EPIPE` (Rust ignores SIGPIPE), as when `head` has gone.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both are open descriptors that nothing else owns.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

#[derive(Clone, Copy, Debug)]
enum Closed {
    Stdout,
    Stderr,
    /// `2>&1 | head`: both are the one pipe.
    Both,
}

/// Runs `rfc1808 ARGS` in `dir` with `input` on standard input and the
/// stream `closed` a closed pipe; the other is captured.
fn run(dir: &Path, args: &[&str], input: &str, closed: Closed) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(dir).stdin(Stdio::piped());
    match closed {
        Closed::Stdout => command.stdout(closed_pipe()).stderr(Stdio::piped()),
        Closed::Stderr => command.stdout(Stdio::piped()).stderr(closed_pipe()),
        Closed::Both => {
            let pipe = closed_pipe();
            let copy = pipe.try_clone().unwrap();
            command.stdout(pipe).stderr(copy)
        }
    };
    let mut child = command.spawn().unwrap();
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    // The command may have ended, or may not read it.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn assert_quiet_141(o: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(141), "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert_eq!(stderr, "", "{what}: nothing is said on a closed pipe");
}

/// A `jsonl` adapter: the RFC 2396 reference, which differs from RFC 3986.
fn adapter() -> String {
    format!("m={BIN} serve --protocol jsonl --spec rfc2396")
}

/// `rfc1808 fuzz` of `adapter` under RFC 3986 with seed 1, for
/// `max_cases` cases, and `extra`.
fn fuzz<'a>(adapter: &'a str, max_cases: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["fuzz", "--impl", adapter, "--protocol", "jsonl"];
    args.extend(["--spec", "rfc3986", "--seed", "1", "--max-cases", max_cases]);
    args.extend_from_slice(extra);
    args
}

#[test]
fn every_command_ends_quietly_with_141_when_its_output_is_closed() {
    let dir = scratch("closed-pipe", "stdout");
    let adapter = adapter();
    let commands: Vec<(&str, Vec<&str>, &str)> = vec![
        ("resolve", vec!["resolve", "http://a/b", "c"], ""),
        ("parse", vec!["parse", "http://a/b"], ""),
        ("list", vec!["list"], ""),
        ("run", vec!["run"], ""),
        (
            "serve",
            vec!["serve", "--protocol", "lines"],
            "http://a/b\tc\n",
        ),
        ("help", vec!["run", "--help"], ""),
        ("version", vec!["--version"], ""),
        ("fuzz", fuzz(&adapter, "300", &[]), ""),
    ];
    for (what, args, input) in &commands {
        for closed in [Closed::Stdout, Closed::Both] {
            let o = run(&dir, args, input, closed);
            assert_quiet_141(&o, &format!("{what} {closed:?}"));
        }
    }
}

#[test]
fn a_closed_standard_error_ends_quietly_too() {
    let dir = scratch("closed-pipe", "stderr");
    std::fs::write(
        dir.join("expected.toml"),
        "spec = \"rfc3986\"\n\n[[expected-failure]]\nid = \"no/such-vector\"\nreason = \"r\"\n",
    )
    .unwrap();
    let adapter = adapter();
    // A warning on standard error before the campaign.
    let o = run(
        &dir,
        &fuzz(&adapter, "300", &["--expectations", "expected.toml"]),
        "",
        Closed::Stderr,
    );
    assert_quiet_141(&o, "fuzz");
    // The line that says what was written, after the files are written.
    let o = run(
        &dir,
        &[
            "run",
            "--impl",
            &adapter,
            "--protocol",
            "jsonl",
            "--spec",
            "rfc3986",
            "--write-expectations",
            "written.toml",
            "--report",
            "junit=report.xml",
        ],
        "",
        Closed::Stderr,
    );
    assert_quiet_141(&o, "run --write-expectations");
    assert!(dir.join("written.toml").is_file());
    assert!(dir.join("report.xml").is_file());
    // A usage error keeps its status, with no one to tell.
    let o = run(&dir, &["run", "--id", "no-such-*"], "", Closed::Stderr);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn promotions_are_written_though_no_one_reads_the_report() {
    let dir = scratch("closed-pipe", "promote");
    let adapter = adapter();
    let o = run(
        &dir,
        &fuzz(&adapter, "2000", &["--promote", "--to", "found.toml"]),
        "",
        Closed::Both,
    );
    assert_quiet_141(&o, "fuzz --promote");
    let corpus = {
        let mut c = rfc1808_vectors::Corpus::default();
        c.add_file(&dir.join("found.toml")).unwrap();
        c
    };
    assert!(!corpus.resolve.is_empty(), "{}", path(&dir));
}
