//! Implementations run as subprocesses: adapters that speak one of the three
//! protocols of the README section "Writing an adapter" (`argv`, `lines`,
//! `jsonl`).
//!
//! [`spawn`] starts an adapter from an [`ImplSpec`] and returns it as an
//! [`Implementation`]. Whatever the adapter does (hangs, crashes, writes
//! garbage, floods standard error) each case gets an answer, the run ends, and
//! no child process outlives the implementation.

mod argv;
mod persistent;
mod process;

use std::error::Error;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::implementation::{ImplSpec, Implementation};
use crate::protocol;

/// A persistent adapter is restarted at most this many times in its life;
/// after that its remaining cases are errors.
pub const MAX_RESTARTS: u32 = 10;

/// The longest answer accepted, in bytes. Large enough for any URL a test
/// could produce, small enough that a runaway adapter cannot exhaust memory.
pub const ANSWER_LIMIT: usize = 64 << 20;

/// How much of standard error is kept per case.
pub const STDERR_LIMIT: usize = 64 << 10;

/// Starts the implementation `spec` describes. For `jsonl` this includes the
/// handshake; for `lines` it starts the process; for `argv` it checks that
/// the program can be found, since processes start per case.
pub fn spawn(spec: &ImplSpec) -> Result<Box<dyn Implementation + Send>, StartError> {
    let Some(program) = spec.command.first() else {
        return Err(StartError::new(spec, Why::EmptyCommand));
    };
    match protocol::codec(spec.protocol) {
        Some(codec) => Ok(Box::new(persistent::Persistent::start(spec, codec)?)),
        None => {
            if find_program(program).is_none() {
                return Err(StartError::new(spec, Why::NotFound));
            }
            Ok(Box::new(argv::Argv::new(spec.clone())))
        }
    }
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
            write!(f, "; its standard error: {}", excerpt(stderr))?;
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
/// else the first executable file of that name on `PATH`.
fn find_program(program: &str) -> Option<PathBuf> {
    if program.contains(std::path::MAIN_SEPARATOR) || program.contains('/') {
        return is_executable(Path::new(program)).then(|| PathBuf::from(program));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = path.metadata() else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
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
