//! The `argv` protocol: `COMMAND... BASE RELATIVE`, one process per case,
//! as many at once as there are cores.

use std::num::NonZeroUsize;
use std::process::{Child, ExitStatus};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::process::{self, StderrBuf};
use super::{show_duration, Budget, Why, ANSWER_LIMIT};
use crate::implementation::{Answer, Case, ImplSpec, Implementation, Reply};
use crate::protocol::escape_bytes;

pub(super) struct Argv {
    spec: ImplSpec,
    /// How many cases run at once.
    jobs: NonZeroUsize,
    budget: Arc<Budget>,
}

/// The case an `argv` adapter is asked before the run. Any URL library
/// resolves it, so an adapter that fails to answer it fails every case the
/// same way (its script is missing, it crashes at start), and one start-up
/// error says so better than a hundred errors.
pub(super) const PROBE: (&str, &str) = ("http://a/b", "c");

impl Argv {
    /// Asks the adapter [`PROBE`], with the start-up allowance for its
    /// timeout; its answer is not graded, only whether there is one.
    pub(super) fn start(
        spec: ImplSpec,
        jobs: NonZeroUsize,
        budget: Arc<Budget>,
    ) -> Result<Self, Why> {
        let probe = Case::resolve("start-up probe", PROBE.0, PROBE.1);
        let patient = ImplSpec {
            timeout: super::start_allowance(&spec),
            ..spec.clone()
        };
        let argv = Argv { spec, jobs, budget };
        let reply = run_case(&patient, &argv.budget, &probe);
        let answer = match reply.answer {
            Answer::Resolved(answer) => answer,
            Answer::Rejected(_) | Answer::NotRepresentable(_) => return Ok(argv),
            Answer::Error(error) => {
                return Err(Why::Probe {
                    answer: error,
                    stderr: reply.stderr,
                    hint: None,
                })
            }
        };
        // A `jsonl` or `lines` adapter reads its cases from standard
        // input, which is empty under `argv`, and so answers nothing; one
        // that speaks first answers with JSON.
        let (answer, hint) = if answer.trim().is_empty() {
            (
                "answered nothing".to_owned(),
                "this adapter seems to speak jsonl (or lines), reading its cases from \
                 standard input: add --protocol jsonl (or --protocol lines)",
            )
        } else if answer.starts_with('{') {
            (
                format!("answered `{}`", escape_bytes(answer.as_bytes())),
                "this adapter seems to speak jsonl: add --protocol jsonl",
            )
        } else {
            return Ok(argv);
        };
        Err(Why::Probe {
            answer,
            stderr: reply.stderr,
            hint: Some(hint),
        })
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
        let next = AtomicUsize::new(0);
        let replies: Mutex<Vec<Option<Reply>>> = Mutex::new(vec![None; cases.len()]);
        let work = || loop {
            if until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(case) = cases.get(i) else { break };
            let reply = run_case(&self.spec, &self.budget, case);
            if let Ok(mut replies) = replies.lock() {
                replies[i] = Some(reply);
            }
        };
        thread::scope(|s| {
            // This thread works too, so the run goes on even if no thread
            // can be started.
            for _ in 1..self.jobs.get().min(cases.len()) {
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
    Stdout(Vec<u8>),
    StdoutEnd,
    Stderr(Vec<u8>),
    StderrEnd,
}

/// How long the pipes may stay open after the adapter exited: something it
/// started that left its process group may hold them, and what was read by
/// then is the answer.
const AFTER_EXIT: Duration = Duration::from_millis(200);

fn run_case(spec: &ImplSpec, budget: &Budget, case: &Case<'_>) -> Reply {
    let Some(base) = case.base else {
        return Answer::NotRepresentable(crate::implementation::NO_PARSE.into()).into();
    };
    if base.contains('\0') || case.relative.contains('\0') {
        return Answer::NotRepresentable(
            "a NUL byte cannot be passed as a command-line argument".into(),
        )
        .into();
    }
    let mut words = spec.command.clone();
    words.push(base.to_owned());
    words.push(case.relative.to_owned());
    let deadline = Instant::now() + spec.timeout;
    let mut child = match process::start(&words, false) {
        Ok(child) => child,
        Err(e) => return Answer::Error(format!("cannot run the adapter: {e}")).into(),
    };
    let (rx, open) = forward_output(&mut child);
    let mut read = Collected::default();
    read.collect(&mut child, &rx, open, deadline);
    let status = match read.status {
        Some(status) => Some(status),
        None => process::wait_until(&mut child, deadline),
    };
    let Some(status) = status else {
        process::kill(&mut child);
        return Reply {
            answer: Answer::Error(format!("timeout after {}", show_duration(spec.timeout))),
            stderr: budget.stderr(read.stderr.take()),
        };
    };
    let stderr = budget.stderr(read.stderr.take());
    read.reply(budget, status, stderr)
}

/// Forwards the adapter's standard output and error to the channel
/// returned, with how many of the two are open on it.
fn forward_output(child: &mut Child) -> (mpsc::Receiver<Output>, usize) {
    // Bounded, so that a flood waits on its pipe rather than in memory.
    let (tx, rx) = mpsc::sync_channel(16);
    let mut open = 0;
    if let Some(stdout) = child.stdout.take() {
        if process::forward(
            "rfc1808-argv-out",
            stdout,
            tx.clone(),
            Output::Stdout,
            Output::StdoutEnd,
        )
        .is_ok()
        {
            open += 1;
        }
    }
    if let Some(stderr) = child.stderr.take() {
        if process::forward(
            "rfc1808-argv-err",
            stderr,
            tx,
            Output::Stderr,
            Output::StderrEnd,
        )
        .is_ok()
        {
            open += 1;
        }
    }
    (rx, open)
}

/// What an adapter wrote for one case, and its exit status once it exited.
#[derive(Default)]
struct Collected {
    /// Standard output, up to [`ANSWER_LIMIT`] bytes.
    stdout: Vec<u8>,
    /// How many bytes it wrote there, those past the limit too.
    stdout_len: usize,
    stderr: StderrBuf,
    status: Option<ExitStatus>,
}

impl Collected {
    /// Reads `rx` until the `open` pipes close, or [`AFTER_EXIT`] after
    /// the adapter exited, or `deadline`.
    fn collect(
        &mut self,
        child: &mut Child,
        rx: &mpsc::Receiver<Output>,
        mut open: usize,
        deadline: Instant,
    ) {
        let mut until = deadline;
        while open > 0 {
            let now = Instant::now();
            if self.status.is_none() {
                self.status = process::wait_until(child, now);
                if self.status.is_some() {
                    until = until.min(now + AFTER_EXIT);
                }
            }
            if now >= until {
                break;
            }
            // Short waits while the process runs, to notice its exit.
            let step = if self.status.is_none() {
                Duration::from_millis(5)
            } else {
                until - now
            };
            match rx.recv_timeout(step.min(until - now)) {
                Ok(Output::Stdout(bytes)) => {
                    let room = ANSWER_LIMIT.saturating_sub(self.stdout.len());
                    self.stdout
                        .extend_from_slice(&bytes[..bytes.len().min(room)]);
                    self.stdout_len += bytes.len();
                }
                Ok(Output::Stderr(bytes)) => self.stderr.push(&bytes),
                Ok(Output::StdoutEnd | Output::StderrEnd) => open -= 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    }

    /// The reply of an adapter that exited with `status`: exit 0 answers
    /// its standard output's line, exit 1 rejects with its standard error.
    fn reply(&self, budget: &Budget, status: ExitStatus, stderr: String) -> Reply {
        match status.code() {
            Some(0) => Reply {
                answer: self.answer(budget),
                stderr,
            },
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

    /// The answer of standard output: its line, unless it is too long or
    /// not UTF-8.
    fn answer(&self, budget: &Budget) -> Answer {
        let stdout = &self.stdout;
        if self.stdout_len > stdout.len() {
            return Answer::Error(format!(
                "answer is longer than the limit of {} MiB ({} bytes): {}",
                ANSWER_LIMIT >> 20,
                self.stdout_len,
                escape_bytes(stdout)
            ));
        }
        let line = strip_line_ending(stdout);
        match std::str::from_utf8(line) {
            Ok(url) => budget.answer(Answer::Resolved(url.to_owned())),
            Err(_) => Answer::Error(format!("answer is not UTF-8: {}", escape_bytes(stdout))),
        }
    }
}

/// One final `\n` or `\r\n` removed, nothing else.
fn strip_line_ending(bytes: &[u8]) -> &[u8] {
    match bytes {
        [rest @ .., b'\r', b'\n'] | [rest @ .., b'\n'] => rest,
        _ => bytes,
    }
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
