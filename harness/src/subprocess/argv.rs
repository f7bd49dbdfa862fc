//! The `argv` protocol: `COMMAND... BASE RELATIVE`, one process per case,
//! as many at once as there are cores.

use std::io::{self, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;
use std::time::Instant;

use super::process::{self, StderrBuf};
use super::{escape_bytes, show_duration, ANSWER_LIMIT, STDERR_LIMIT};
use crate::implementation::{Answer, Case, ImplSpec, Implementation, Reply};

pub(super) struct Argv {
    spec: ImplSpec,
}

impl Argv {
    pub(super) fn new(spec: ImplSpec) -> Self {
        Argv { spec }
    }
}

impl Implementation for Argv {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
        self.resolve(cases, None)
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Answer::Error("internal error: no answer".into()).into()))
            .collect()
    }

    fn resolve_until(&mut self, cases: &[Case<'_>], deadline: Option<Instant>) -> Vec<Reply> {
        self.resolve(cases, deadline)
            .into_iter()
            .map_while(|r| r)
            .collect()
    }
}

impl Argv {
    /// Each case's reply, `None` for those not started before `until`.
    fn resolve(&self, cases: &[Case<'_>], until: Option<Instant>) -> Vec<Option<Reply>> {
        let cores = thread::available_parallelism().map_or(1, |n| n.get());
        let next = AtomicUsize::new(0);
        let replies: Mutex<Vec<Option<Reply>>> = Mutex::new(vec![None; cases.len()]);
        let work = || loop {
            if until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(case) = cases.get(i) else { break };
            let reply = run_case(&self.spec, case);
            if let Ok(mut replies) = replies.lock() {
                replies[i] = Some(reply);
            }
        };
        thread::scope(|s| {
            // This thread works too, so the run goes on even if no thread
            // can be started.
            for _ in 1..cores.min(cases.len()) {
                let _ = thread::Builder::new()
                    .name("rfc1808-argv".to_owned())
                    .spawn_scoped(s, work);
            }
            work();
        });
        replies.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

enum Output {
    Stdout(Vec<u8>, usize),
    Stderr(Vec<u8>, usize),
}

fn run_case(spec: &ImplSpec, case: &Case<'_>) -> Reply {
    if case.base.contains('\0') || case.relative.contains('\0') {
        return Answer::NotRepresentable(
            "a NUL byte cannot be passed as a command-line argument".into(),
        )
        .into();
    }
    let mut words = spec.command.clone();
    words.push(case.base.to_owned());
    words.push(case.relative.to_owned());
    let deadline = Instant::now() + spec.timeout;
    let mut child = match process::start(&words, false) {
        Ok(child) => child,
        Err(e) => return Answer::Error(format!("cannot run the adapter: {e}")).into(),
    };
    let (tx, rx) = mpsc::channel();
    let mut pending = 0;
    if let Some(stdout) = child.stdout.take() {
        pending += read_in_background(stdout, ANSWER_LIMIT, tx.clone(), Output::Stdout);
    }
    if let Some(stderr) = child.stderr.take() {
        pending += read_in_background(stderr, STDERR_LIMIT, tx, Output::Stderr);
    }
    let (mut stdout, mut stdout_len) = (Vec::new(), 0);
    let mut stderr = StderrBuf::default();
    let timeout = || -> Reply {
        Answer::Error(format!("timeout after {}", show_duration(spec.timeout))).into()
    };
    while pending > 0 {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Output::Stdout(bytes, len)) => (stdout, stdout_len) = (bytes, len),
            Ok(Output::Stderr(bytes, len)) => {
                stderr.push(&bytes);
                stderr.push_dropped(len - bytes.len());
            }
            Err(_) => {
                process::kill(&mut child);
                let mut reply = timeout();
                reply.stderr = stderr.take();
                return reply;
            }
        }
        pending -= 1;
    }
    let Some(status) = process::wait_until(&mut child, deadline) else {
        process::kill(&mut child);
        let mut reply = timeout();
        reply.stderr = stderr.take();
        return reply;
    };
    let stderr = stderr.take();
    match status.code() {
        Some(0) => {
            let answer = if stdout_len > stdout.len() {
                Answer::Error(format!(
                    "answer is longer than the limit of {} MiB ({stdout_len} bytes): {}",
                    ANSWER_LIMIT >> 20,
                    escape_bytes(&stdout)
                ))
            } else {
                let line = strip_line_ending(&stdout);
                match std::str::from_utf8(line) {
                    Ok(url) => Answer::Resolved(url.to_owned()),
                    Err(_) => {
                        Answer::Error(format!("answer is not UTF-8: {}", escape_bytes(&stdout)))
                    }
                }
            };
            Reply { answer, stderr }
        }
        Some(1) => {
            let message = stderr
                .strip_suffix('\n')
                .map(|s| s.strip_suffix('\r').unwrap_or(s))
                .unwrap_or(&stderr);
            Answer::Rejected(message.to_owned()).into()
        }
        _ => Reply {
            answer: Answer::Error(format!("adapter {}", process::describe_status(status))),
            stderr,
        },
    }
}

/// One final `\n` or `\r\n` removed, nothing else.
fn strip_line_ending(bytes: &[u8]) -> &[u8] {
    match bytes {
        [rest @ .., b'\r', b'\n'] | [rest @ .., b'\n'] => rest,
        _ => bytes,
    }
}

/// Reads `from` to its end on its own thread, keeping at most `limit`
/// bytes, and sends what it kept and the full length. Returns how many
/// messages will come (0 if no thread could be started).
fn read_in_background<R: Read + Send + 'static>(
    mut from: R,
    limit: usize,
    to: mpsc::Sender<Output>,
    wrap: fn(Vec<u8>, usize) -> Output,
) -> usize {
    let started = thread::Builder::new()
        .name("rfc1808-argv-read".to_owned())
        .spawn(move || {
            let mut kept = Vec::new();
            let _ = (&mut from).take(limit as u64).read_to_end(&mut kept);
            let rest = io::copy(&mut from, &mut io::sink()).unwrap_or(0);
            let len = kept.len() + usize::try_from(rest).unwrap_or(usize::MAX - kept.len());
            let _ = to.send(wrap(kept, len));
        });
    usize::from(started.is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_final_line_ending_is_removed() {
        assert_eq!(strip_line_ending(b"http://a/\n"), b"http://a/");
        assert_eq!(strip_line_ending(b"http://a/\r\n"), b"http://a/");
        assert_eq!(strip_line_ending(b"http://a/\n\n"), b"http://a/\n");
        assert_eq!(strip_line_ending(b"http://a/\r"), b"http://a/\r");
        assert_eq!(strip_line_ending(b""), b"");
    }
}
