//! Starting, waiting for and killing one child process, and keeping a bounded
//! share of its standard error.

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

use super::STDERR_LIMIT;

/// How long a process that has closed its output gets to exit, and its
/// standard error to drain, before it is killed.
pub(super) const GRACE: Duration = Duration::from_secs(1);

/// Starts `words` with piped standard output and error, and standard input
/// piped or empty. On Unix the child leads a process group of its own, so
/// that killing it also kills what it started (`go run`, `npx`, shell
/// wrappers), which would otherwise hold the pipes open.
pub(super) fn start(words: &[String], stdin_piped: bool) -> io::Result<Child> {
    let (program, args) = words
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the command is empty"))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(if stdin_piped {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    command.spawn()
}

/// Kills `child` and its process group, and reaps it.
pub(super) fn kill(child: &mut Child) {
    #[cfg(unix)]
    kill_group(child.id());
    // Ignored: the only failure is a child that already exited.
    let _ = child.kill();
    let _ = child.wait();
}

/// Kills the process group `pid` leads, if `pid` is not reaped yet: while
/// the leader is alive or a zombie its pid cannot be reused, so the signal
/// cannot reach a stranger.
#[cfg(unix)]
fn kill_group(pid: u32) {
    let (Ok(id), Ok(pgid)) = (libc::id_t::try_from(pid), libc::pid_t::try_from(pid)) else {
        return;
    };
    // SAFETY: `info` is a valid, writable `siginfo_t`; WNOWAIT leaves the
    // child unreaped, WNOHANG keeps the call from blocking.
    let unreaped = unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        libc::waitid(
            libc::P_PID,
            id,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        ) == 0
    };
    if unreaped {
        // SAFETY: `kill` takes no pointers; see above for why `-pgid` is
        // still this child's group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Waits for `child` to exit until `deadline`, without blocking past it.
pub(super) fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    let mut pause = Duration::from_micros(20);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) => {}
            Err(_) => return None,
        }
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// How a process ended, for messages: `exited with code 3`, `was killed by
/// signal 11 (SIGSEGV)`.
pub(super) fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                libc::SIGHUP => " (SIGHUP)",
                libc::SIGINT => " (SIGINT)",
                libc::SIGQUIT => " (SIGQUIT)",
                libc::SIGILL => " (SIGILL)",
                libc::SIGTRAP => " (SIGTRAP)",
                libc::SIGABRT => " (SIGABRT)",
                libc::SIGBUS => " (SIGBUS)",
                libc::SIGFPE => " (SIGFPE)",
                libc::SIGKILL => " (SIGKILL)",
                libc::SIGSEGV => " (SIGSEGV)",
                libc::SIGPIPE => " (SIGPIPE)",
                libc::SIGTERM => " (SIGTERM)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    format!("ended ({status})")
}

/// Standard error kept for one case: at most [`STDERR_LIMIT`] bytes, then a
/// count of what was left out.
#[derive(Default)]
pub(super) struct StderrBuf {
    bytes: Vec<u8>,
    dropped: usize,
}

impl StderrBuf {
    pub(super) fn push(&mut self, chunk: &[u8]) {
        let room = STDERR_LIMIT - self.bytes.len();
        let kept = chunk.len().min(room);
        self.bytes.extend_from_slice(&chunk[..kept]);
        self.dropped += chunk.len() - kept;
    }

    /// Counts bytes that were read but not kept.
    pub(super) fn push_dropped(&mut self, len: usize) {
        self.dropped += len;
    }

    /// What was kept, as text, and empties the buffer.
    pub(super) fn take(&mut self) -> String {
        if self.bytes.is_empty() && self.dropped == 0 {
            return String::new();
        }
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        if self.dropped > 0 {
            text.push_str(&format!(
                "\n[{} more bytes of standard error left out]",
                self.dropped
            ));
        }
        self.bytes.clear();
        self.dropped = 0;
        text
    }
}

/// Reads `from` to its end on a thread of its own, sending each chunk as it
/// arrives and then `end`, so that a chatty child never blocks on a full pipe.
pub(super) fn forward<R, E>(
    name: &str,
    mut from: R,
    to: Sender<E>,
    chunk: impl Fn(Vec<u8>) -> E + Send + 'static,
    end: E,
) -> io::Result<()>
where
    R: Read + Send + 'static,
    E: Send + 'static,
{
    thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let mut buf = vec![0; 8192];
            loop {
                match from.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if to.send(chunk(buf[..n].to_vec())).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = to.send(end);
        })
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_is_bounded_per_case() {
        let mut buf = StderrBuf::default();
        buf.push(&vec![b'x'; STDERR_LIMIT - 1]);
        buf.push(b"yz and more");
        let text = buf.take();
        assert!(text.ends_with("xy\n[10 more bytes of standard error left out]"));
        assert_eq!(buf.take(), "");
    }
}
