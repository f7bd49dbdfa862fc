//! Nothing a user wrote is lost: the files the `rfc1808` binary writes into
//! a user's repository (vector files by `promote`, expectations files,
//! reports) survive concurrent promotions and a full disk.
//! docs/robustness.md states these guarantees and points here; that a
//! process killed between writing and renaming leaves the old file is
//! tested on the function every writer calls, in `vectors/src/files.rs`.
//!
//! A full disk is simulated without root: the child's `RLIMIT_FSIZE` lets
//! no file it writes grow past a few KiB, so a longer write fails with
//! EFBIG ("File too large"), as one fails with ENOSPC on a full disk.

#![cfg(unix)]

mod common;

use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{assert_error, assert_exit, path, scratch, stderr, stdout};

const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");

/// An adapter that answers every relative URL as is: wrong on most vectors.
const ECHO: &str = "wrong=python3 tests/fixtures/wrong.py echo";

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `rfc1808 promote --to regs.toml` of `relative` against `http://a/b/c`,
/// from `dir`, not yet started.
fn promote(dir: &Path, relative: &str) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(["promote", "--to", "regs.toml", "--base", "http://a/b/c"])
        .args(["--relative", relative, "--source", "a test", "--note", "n"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The `N` of the "appended `regression/N` to regs.toml" that opens a
/// promotion's output.
fn appended(out: &Output) -> u64 {
    let text = stdout(out);
    let rest = text
        .strip_prefix("appended `regression/")
        .unwrap_or_else(|| panic!("{text}"));
    let (number, rest) = rest.split_once('`').unwrap();
    assert!(rest.starts_with(" to regs.toml\n"), "{text}");
    number.parse().unwrap()
}

#[test]
fn eight_concurrent_promotes_leave_nine_vectors_with_distinct_ids() {
    let dir = scratch("user_files", "concurrent");
    let first = promote(&dir, "first").output().unwrap();
    assert_exit(&first, 0);
    assert!(stdout(&first).starts_with(
        "created regs.toml for the vectors you promote\nappended `regression/1` to regs.toml\n"
    ));

    // All started before any is waited for: they run at once.
    let children: Vec<_> = (0..8)
        .map(|i| promote(&dir, &format!("g{i}")).spawn().unwrap())
        .collect();
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for out in &outputs {
        assert_exit(out, 0);
        assert_eq!(stderr(out), "");
    }
    let numbers: BTreeSet<u64> = outputs.iter().map(appended).collect();
    assert_eq!(numbers, (2..=9).collect(), "each run took its own id");

    let corpus = rfc1808_vectors::load_dir(&dir).unwrap();
    let ids: BTreeSet<&str> = corpus.resolve.iter().map(|v| v.id.as_str()).collect();
    let want: BTreeSet<String> = (1..=9).map(|n| format!("regression/{n}")).collect();
    assert_eq!(ids, want.iter().map(String::as_str).collect());
    let relatives: BTreeSet<&str> = corpus.resolve.iter().map(|v| v.relative.as_str()).collect();
    let mut want: BTreeSet<String> = (0..8).map(|i| format!("g{i}")).collect();
    want.insert("first".to_owned());
    assert_eq!(relatives, want.iter().map(String::as_str).collect());
    assert_eq!(
        names(&dir),
        [".rfc1808-promote.lock", "regs.toml"],
        "no temporary file is left"
    );
}

/// `rfc1808 ARGS`, run from the harness's directory with a file size limit
/// of `limit` bytes: a disk that is full past that.
fn on_a_full_disk(args: &[&str], limit: u64) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            // Ignored, SIGXFSZ does not kill the writer: its write fails
            // with EFBIG instead, and it must say so.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.output().unwrap()
}

/// The message of a write of `what` to `file` that the full disk stopped.
fn too_large(what: &str, file: &Path) -> String {
    format!(
        "rfc1808: cannot write {what} {}: File too large (os error 27); the file is unchanged\n",
        file.display()
    )
}

/// An expectations file as a user keeps it: comments, a reason in their
/// words, their formatting.
const MINE: &str = "\
# wrong.py answers the relative URL as is; kept by hand, see #12.
[[expected-failure]]
id = \"rfc1808-5.1/g\"
reason = 'echoes the reference'  # on purpose
";

#[test]
fn write_expectations_on_a_full_disk_exits_2_and_leaves_the_file_as_it_was() {
    let dir = scratch("user_files", "full-disk-expectations");
    let file = dir.join("wrong.toml");
    std::fs::write(&file, MINE).unwrap();
    let args = [
        "run",
        "--impl",
        ECHO,
        "--id",
        "rfc1808-5.1/*",
        "--write-expectations",
        path(&file),
    ];
    // The 23 failures, one group of ids, make a file of over 800 bytes.
    let o = on_a_full_disk(&args, 512);
    assert_error(&o, 2, &too_large("the expectations", &file));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MINE);
    assert_eq!(names(&dir), ["wrong.toml"], "no temporary file is left");
    // With room, the same run writes it.
    let o = common::rfc1808(&args);
    assert_exit(&o, 1);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .starts_with("# wrong.py answers the relative URL as is; kept by hand, see #12.\n"));
}

#[test]
fn a_report_on_a_full_disk_exits_2_and_leaves_the_old_report() {
    let dir = scratch("user_files", "full-disk-report");
    let file = dir.join("r.xml");
    let report = format!("junit={}", file.display());
    // Last run's report, of one vector, which a CI job reads.
    let o = common::rfc1808(&["run", "--id", "rfc1808-5.1/g", "--report", &report]);
    assert_exit(&o, 0);
    let before = std::fs::read(&file).unwrap();
    assert!(before.len() < 4096, "{} bytes", before.len());
    // Every vector's report is far longer than 4 KiB.
    let o = on_a_full_disk(&["run", "--report", &report], 4096);
    assert_error(&o, 2, &too_large("the report", &file));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(names(&dir), ["r.xml"], "no temporary file is left");
}
