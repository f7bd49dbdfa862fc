//! Standard output and standard error for the binary, when the reader may
//! go away: `rfc1808 fuzz ... 2>&1 | head -2` closes the pipe after two
//! lines. Rust ignores SIGPIPE, so a write to a closed pipe fails with
//! `BrokenPipe`, on which `print!` and `eprintln!` panic (exit 101). Every
//! write of the binary goes through here instead: a closed pipe is noted,
//! what is left to write there is dropped, the command still writes the
//! files it was asked to (reports, expectations, promoted vectors), and
//! `main` ends with [`CLOSED_PIPE`] and no message. The binary's commands
//! ([`crate::commands`]) write through here; nothing else in the library
//! does.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status when standard output or standard error was closed
/// before everything was written: 128 + SIGPIPE, what a shell reports for
/// a program that SIGPIPE ends, as most programs in a pipeline end.
pub const CLOSED_PIPE: u8 = 141;

/// Whether a write to standard output or standard error found its reader
/// gone.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output or standard error was closed under a write.
pub fn closed() -> bool {
    CLOSED.load(Ordering::SeqCst)
}

/// Notes `e` if it is a closed pipe; whether it was.
fn note(e: &io::Error) -> bool {
    let closed = e.kind() == io::ErrorKind::BrokenPipe;
    if closed {
        CLOSED.store(true, Ordering::SeqCst);
    }
    closed
}

/// Whether `e`, an error a command ended with, comes from a closed pipe
/// that was noted: the command could not go on without its output.
pub fn ended_by_closed_pipe(e: &anyhow::Error) -> bool {
    closed()
        && e.chain().any(|cause| {
            cause
                .downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        })
}

/// A standard stream whose writes note a closed pipe and return the error,
/// for a writer that cannot go on without its output (`rfc1808 serve`).
pub struct Stream<W>(W);

impl<W: Write> Write for Stream<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).inspect_err(|e| {
            note(e);
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().inspect_err(|e| {
            note(e);
        })
    }
}

/// Standard output, locked.
pub fn stdout() -> Stream<io::StdoutLock<'static>> {
    Stream(io::stdout().lock())
}

/// Writes `text` to standard output and flushes it. A closed pipe is noted
/// and is no error: the command goes on, writing nothing more there.
pub fn print(text: &str) -> io::Result<()> {
    write_all(io::stdout().lock(), text)
}

/// Writes `text` to standard error, as [`print()`] does to standard output.
pub fn eprint(text: &str) -> io::Result<()> {
    write_all(io::stderr().lock(), text)
}

fn write_all(mut out: impl Write, text: &str) -> io::Result<()> {
    if closed() {
        // The reader of one of them is gone; so is the one who asked.
        return Ok(());
    }
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if note(&e) => Ok(()),
        other => other,
    }
}
