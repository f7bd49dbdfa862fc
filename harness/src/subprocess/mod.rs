//! Implementations run as subprocesses: adapters that speak one of the three
//! protocols of docs/adapters.md (`argv`, `lines`, `jsonl`). This module
//! supervises processes; what goes over their pipes is
//! [`crate::protocol`]'s.
//!
//! [`spawn`] starts an adapter from an [`ImplSpec`] and returns it as an
//! [`Implementation`]. Whatever the adapter does (hangs, crashes, floods its
//! output, writes garbage, starts daemons) each case gets an answer, the run
//! ends within its timeouts, memory stays bounded, and no child process
//! outlives the implementation: docs/robustness.md states the guarantees.

mod argv;
mod persistent;
mod pool;
mod process;

use std::error::Error;
use std::fmt;
use std::io;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use crate::implementation::{Answer, ImplSpec, Implementation};
use crate::protocol;

pub use process::{adopt_orphans, kill_everything};

/// A persistent adapter is restarted at most this many times in its life;
/// after that its remaining cases are errors.
pub const MAX_RESTARTS: u32 = 10;

/// The longest answer accepted, in bytes. Far beyond any URL a test could
/// expect, small enough that a runaway adapter cannot exhaust memory.
pub const ANSWER_LIMIT: usize = 1 << 20;

/// How much of standard error is kept per case.
pub const STDERR_LIMIT: usize = 64 << 10;

/// How many bytes of answers and standard error are kept of one
/// implementation in all, however many processes of it run at once. Once they are spent, an answer or a case's
/// standard error keeps at most [`SPENT_KEEP`] bytes, so that what the
/// harness holds stays bounded however many cases an adapter floods.
pub const BUDGET: usize = 64 << 20;

/// What an answer or a case's standard error may keep once [`BUDGET`] is
/// spent.
pub const SPENT_KEEP: usize = 1 << 10;

/// How long a process gets to start: to answer the `jsonl` handshake, or
/// its first `lines` answer on top of the per-case timeout. The per-case
/// timeout when it is longer. A JVM that compiles its source, or `go run`,
/// needs seconds before its first answer, and a per-case timeout should not
/// have to pay for that.
pub const START_ALLOWANCE: Duration = Duration::from_secs(10);

/// The start-up allowance of `spec`: [`START_ALLOWANCE`], or its timeout if
/// longer.
fn start_allowance(spec: &ImplSpec) -> Duration {
    START_ALLOWANCE.max(spec.timeout)
}

/// What the harness still keeps of one implementation's output.
struct Budget {
    left: AtomicUsize,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            left: AtomicUsize::new(BUDGET),
        }
    }

    /// Takes `len` bytes from the budget if it has them; else nothing, and
    /// says how many may be kept.
    fn keep(&self, len: usize) -> usize {
        let taken = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(len)
            });
        if taken.is_ok() {
            len
        } else {
            len.min(SPENT_KEEP)
        }
    }

    /// `answer` as kept: whole while the budget lasts, else an error
    /// showing its start when it is longer than [`SPENT_KEEP`].
    fn answer(&self, answer: Answer) -> Answer {
        let text = match &answer {
            Answer::Resolved(text) | Answer::Rejected(text) => text,
            Answer::NotRepresentable(_) | Answer::Error(_) => return answer,
        };
        if self.keep(text.len()) == text.len() {
            return answer;
        }
        Answer::Error(format!(
            "answer of {} bytes not kept: the {} MiB this harness keeps of an \
             implementation's output are spent; it begins: {}",
            text.len(),
            BUDGET >> 20,
            protocol::escape_bytes(text.as_bytes())
        ))
    }

    /// A case's standard error as kept: whole while the budget lasts, else
    /// its start and a count of what was left out.
    fn stderr(&self, mut text: String) -> String {
        let kept = self.keep(text.len());
        if kept < text.len() {
            let mut end = kept;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let left_out = text.len() - end;
            text.truncate(end);
            text.push_str(&format!(
                "\n[{left_out} more bytes of standard error left out: the {} MiB this \
                 harness keeps of an implementation's output are spent]",
                BUDGET >> 20
            ));
        }
        text
    }
}

/// Starts the implementation `spec` describes. For `jsonl` this includes the
/// handshake; for `lines` it starts the process; for `argv`, whose
/// processes start per case, it checks that the program can be found and
/// that it resolves a first case, `http://a/b` with `c`. A `lines` or
/// `jsonl` adapter is one process; an `argv` adapter runs as many cases at
/// once as there are cores.
pub fn spawn(spec: &ImplSpec) -> Result<Box<dyn Implementation + Send>, StartError> {
    match protocol::codec(spec.protocol) {
        Some(_) => spawn_jobs(spec, NonZeroUsize::MIN),
        None => spawn_jobs(spec, available_jobs()),
    }
}

/// The number of cores, the default of `--jobs`.
pub fn available_jobs() -> NonZeroUsize {
    thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// [`spawn`] with `jobs` processes at once: a `lines` or `jsonl` adapter
/// is started `jobs` times, each process answering its share of every
/// batch (`pool.rs`), and an `argv` adapter runs up to `jobs` cases
/// at once. The processes share one [`BUDGET`].
pub fn spawn_jobs(
    spec: &ImplSpec,
    jobs: NonZeroUsize,
) -> Result<Box<dyn Implementation + Send>, StartError> {
    let Some(program) = spec.command.first() else {
        return Err(StartError::new(spec, Why::EmptyCommand));
    };
    find_program(program).map_err(|why| StartError::new(spec, why))?;
    let budget = Arc::new(Budget::new());
    let Some(codec) = protocol::codec(spec.protocol) else {
        let argv = argv::Argv::start(spec.clone(), jobs, budget);
        return Ok(Box::new(argv.map_err(|why| StartError::new(spec, why))?));
    };
    if jobs.get() == 1 {
        return Ok(Box::new(persistent::Persistent::start(
            spec, codec, budget,
        )?));
    }
    let no_thread = |e| StartError::new(spec, Why::Spawn(e));
    let spec = spec.clone();
    let start = move || persistent::Persistent::start(&spec, codec, budget.clone());
    Ok(Box::new(pool::Pool::start(jobs, start, no_thread)?))
}

/// Why an implementation could not be started.
#[derive(Debug)]
pub struct StartError {
    name: String,
    command: String,
    why: Why,
}

#[derive(Debug)]
enum Why {
    EmptyCommand,
    NotFound,
    /// The file exists but cannot be run: not executable, or not a file.
    NotExecutable(String),
    Spawn(io::Error),
    Exited {
        status: String,
        stderr: String,
    },
    Silent {
        timeout: Duration,
        stderr: String,
    },
    BadHandshake {
        line: String,
        problem: String,
        stderr: String,
    },
    /// An `argv` adapter did not answer its first case; with a hint when
    /// it looks like an adapter of a persistent protocol.
    Probe {
        answer: String,
        stderr: String,
        hint: Option<&'static str>,
    },
}

impl StartError {
    fn new(spec: &ImplSpec, why: Why) -> Self {
        StartError {
            name: spec.name.clone(),
            command: shell_words::join(&spec.command),
            why,
        }
    }
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, command) = (&self.name, &self.command);
        write!(f, "implementation `{name}`: ")?;
        let stderr = match &self.why {
            Why::EmptyCommand => return f.write_str("the command is empty"),
            Why::NotFound => return write!(f, "cannot run command `{command}`: program not found"),
            Why::NotExecutable(what) => return write!(f, "cannot run command `{command}`: {what}"),
            Why::Spawn(e) => return write!(f, "cannot run command `{command}`: {e}"),
            Why::Exited { status, stderr } => {
                write!(
                    f,
                    "command `{command}` {status} before answering the handshake"
                )?;
                stderr
            }
            Why::Silent { timeout, stderr } => {
                write!(
                    f,
                    "command `{command}` did not answer the handshake within {}",
                    show_duration(*timeout)
                )?;
                stderr
            }
            Why::Probe {
                answer,
                stderr,
                hint,
            } => {
                let (base, relative) = argv::PROBE;
                write!(
                    f,
                    "command `{command}` did not resolve a first case (base `{base}`, relative `{relative}`): {answer}"
                )?;
                if let Some(hint) = hint {
                    write!(f, "; {hint}")?;
                }
                stderr
            }
            Why::BadHandshake {
                line,
                problem,
                stderr,
            } => {
                write!(
                    f,
                    "command `{command}` answered the handshake with `{line}`: {problem}"
                )?;
                stderr
            }
        };
        if !stderr.is_empty() {
            write!(f, "; its standard error: {}", escape_text(&excerpt(stderr)))?;
        }
        Ok(())
    }
}

impl Error for StartError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.why {
            Why::Spawn(e) => Some(e),
            _ => None,
        }
    }
}

/// The end of a long standard error, where a stack trace says what went
/// wrong.
fn excerpt(stderr: &str) -> String {
    const KEEP: usize = 2000;
    let stderr = stderr.trim_end();
    if stderr.len() <= KEEP {
        return stderr.to_owned();
    }
    let mut start = stderr.len() - KEEP;
    while !stderr.is_char_boundary(start) {
        start += 1;
    }
    format!("...{}", &stderr[start..])
}

/// Where `program` would be found by `execvp`: itself if it holds a slash,
/// else the first executable file of that name on `PATH`. When it is not
/// found as an executable file, says whether it is missing or is there but
/// cannot be run, since the two call for different fixes.
fn find_program(program: &str) -> Result<PathBuf, Why> {
    if program.contains(std::path::MAIN_SEPARATOR) || program.contains('/') {
        let path = PathBuf::from(program);
        return match not_executable(&path) {
            None => Ok(path),
            Some(why) => Err(why),
        };
    }
    let path = std::env::var_os("PATH").ok_or(Why::NotFound)?;
    let mut first_problem = None;
    for candidate in std::env::split_paths(&path).map(|dir| dir.join(program)) {
        match not_executable(&candidate) {
            None => return Ok(candidate),
            Some(Why::NotFound) => {}
            Some(why) => {
                first_problem.get_or_insert(why);
            }
        }
    }
    Err(first_problem.unwrap_or(Why::NotFound))
}

/// Why `path` cannot be run, if it cannot.
fn not_executable(path: &Path) -> Option<Why> {
    let Ok(meta) = path.metadata() else {
        return Some(Why::NotFound);
    };
    if !meta.is_file() {
        return Some(Why::NotExecutable(format!(
            "{} is not a file",
            path.display()
        )));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Some(Why::NotExecutable(format!(
                "{} is not executable (chmod +x it, or run it through its interpreter)",
                path.display()
            )));
        }
    }
    None
}

/// `text` with its control characters escaped (line breaks and TABs kept),
/// so that what an adapter wrote cannot move the cursor, recolour or
/// rewrite the terminal that shows it.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `5s`, `1500ms`: how timeouts appear in messages.
pub(crate) fn show_duration(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if d.subsec_nanos() % 1_000_000 == 0 {
        format!("{}ms", d.as_millis())
    } else {
        format!("{d:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_the_budget_is_spent_only_short_answers_and_stderr_are_kept() {
        let budget = Budget::new();
        let big = "x".repeat(BUDGET - 10);
        assert_eq!(
            budget.answer(Answer::Resolved(big.clone())),
            Answer::Resolved(big)
        );
        let short = "y".repeat(SPENT_KEEP);
        assert_eq!(
            budget.answer(Answer::Rejected(short.clone())),
            Answer::Rejected(short)
        );
        let Answer::Error(message) = budget.answer(Answer::Resolved("z".repeat(2000))) else {
            panic!("a long answer is kept");
        };
        assert!(
            message.starts_with(
                "answer of 2000 bytes not kept: the 64 MiB this harness keeps of an \
                 implementation's output are spent; it begins: zzz"
            ),
            "{message}"
        );
        let stderr = budget.stderr("é".repeat(1000));
        assert_eq!(
            stderr,
            format!(
                "{}\n[976 more bytes of standard error left out: the 64 MiB this harness \
                 keeps of an implementation's output are spent]",
                "é".repeat(512)
            )
        );
    }

    #[test]
    fn control_characters_are_escaped_line_breaks_kept() {
        assert_eq!(escape_text("a\x1b[2Jb\r\nc\td"), "a\\u{1b}[2Jb\\r\nc\td");
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(show_duration(Duration::from_secs(5)), "5s");
        assert_eq!(show_duration(Duration::from_millis(1500)), "1500ms");
        assert_eq!(show_duration(Duration::from_micros(1500)), "1.5ms");
    }

    #[test]
    fn long_stderr_keeps_its_end() {
        let long = format!("{}Error: boom\n", "x".repeat(3000));
        let e = excerpt(&long);
        assert!(e.starts_with("...x"), "{e}");
        assert!(e.ends_with("Error: boom"), "{e}");
        assert_eq!(e.len(), 3 + 2000);
    }
}
