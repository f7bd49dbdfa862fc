//! Child processes the tests talk to directly: a conversation over
//! standard input and output, a wait with a time limit, and whether a
//! process is still alive.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Runs `command`, writes `input` to its standard input (from a thread, so
/// that a huge input cannot deadlock against its output) and returns its
/// output lines, its standard error and whether it exited 0. Kills it and
/// fails the test if it has not exited within `limit`.
pub fn converse(
    command: &mut Command,
    input: Vec<u8>,
    limit: Duration,
) -> (Vec<String>, String, bool) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        // The adapter may stop reading at a stop message: not an error.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).unwrap();
        out
    });
    let mut stderr = child.stderr.take().unwrap();
    let errors = thread::spawn(move || {
        let mut out = String::new();
        let _ = stderr.read_to_string(&mut out);
        out
    });
    let what = command.get_program().to_string_lossy().into_owned();
    let status = wait_within(&mut child, limit, &what);
    writer.join().unwrap();
    let out = String::from_utf8(reader.join().unwrap()).expect("the answers are UTF-8");
    let lines = out.lines().map(str::to_owned).collect();
    (lines, errors.join().unwrap(), status.success())
}

/// Waits for `child` to exit; kills it and fails the test, naming it
/// `what`, if it has not within `limit`.
pub fn wait_within(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{what} did not exit within {} s", limit.as_secs());
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// The lines of a `jsonl` conversation, each ended by a newline.
pub fn jsonl(lines: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        out.extend_from_slice(line);
        out.push(b'\n');
    }
    out
}

/// Whether `pid` is a live process (not gone, not a zombie waiting for its
/// reaper), after giving a reaper up to `grace`. Reads `/proc`: Linux only.
pub fn alive(pid: u32, grace: Duration) -> bool {
    let deadline = Instant::now() + grace;
    loop {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit_once(") ").map(|(_, rest)| rest.chars().next()))
            .flatten();
        if matches!(state, None | Some('Z') | Some('X')) {
            return false;
        }
        if Instant::now() > deadline {
            return true;
        }
        thread::sleep(Duration::from_millis(20));
    }
}
