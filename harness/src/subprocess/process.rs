//! Starting, waiting for and killing adapter processes with everything they
//! started, and keeping a bounded share of their standard error.

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use super::STDERR_LIMIT;

/// How long a process that has closed its output gets to exit, and its
/// standard error to drain, before it is killed.
pub(super) const GRACE: Duration = Duration::from_secs(1);

/// Starts `words` with piped standard output and error, and standard input
/// piped or empty. On Unix the child leads a process group of its own, so
/// that killing it also kills what it started (`go run`, `npx`, shell
/// wrappers), which would otherwise hold the pipes open; and it is listed
/// as live, so that [`kill_everything`] finds it and a sweep for orphans
/// leaves it alone.
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
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SIGKILL cannot be handled, so the kernel stops the adapter if the
        // harness dies of it. The signal comes when the thread that started
        // the adapter ends: adapters are started by threads that outlive
        // their use of them.
        // SAFETY: `getpid` and `prctl` are async-signal-safe, and the
        // closure allocates nothing.
        let parent = std::process::id() as libc::pid_t;
        unsafe {
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                    return Err(io::Error::last_os_error());
                }
                // The harness may have died before the call.
                if libc::getppid() != parent {
                    return Err(io::Error::other("the harness has exited"));
                }
                Ok(())
            });
        }
    }
    // Held across the spawn: a sweep must never see the new child unlisted.
    let mut live = live();
    let child = command.spawn()?;
    live.push(child.id());
    Ok(child)
}

/// The process group leaders started and not yet reaped.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<u32>> {
    // A panic while holding the list leaves it usable: it is only pids.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether orphans are adopted and swept ([`adopt_orphans`]).
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// Makes this process the reaper of every orphan among its descendants
/// (Linux `PR_SET_CHILD_SUBREAPER`), and from then on kills such orphans
/// each time an adapter ends. An adapter's grandchild that left its process
/// group (`setsid`, a daemon) is thus killed too, rather than left running
/// under init. It is for a program whose only children are adapters, as the
/// `rfc1808` binary: any other child it had would be taken for an orphan.
/// Elsewhere than Linux it does nothing.
pub fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `prctl` with these arguments takes no pointers.
        if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0 {
            ADOPTING.store(true, Ordering::SeqCst);
        }
    }
}

/// Kills every adapter started and not yet reaped, with its process group,
/// and the adopted orphans: what the harness does when it is told to stop.
pub fn kill_everything() {
    let live = live();
    for &pid in live.iter() {
        #[cfg(unix)]
        signal_group(pid);
        #[cfg(not(unix))]
        let _ = pid;
    }
    // An adapter's own orphans are adopted only once it has exited; a
    // killed process exits at once unless the kernel is busy with it.
    #[cfg(unix)]
    {
        let deadline = Instant::now() + GRACE;
        for &pid in live.iter() {
            while unreaped(pid) == Some(false) && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(1));
            }
        }
    }
    sweep_orphans(&live);
}

/// Kills `child` and its process group, and reaps it.
pub(super) fn kill(child: &mut Child) {
    #[cfg(unix)]
    kill_group_if_unreaped(child.id());
    // Ignored: the only failure is a child that already exited.
    let _ = child.kill();
    let _ = child.wait();
    forget(child.id());
}

/// Takes a reaped child off the live list, and kills what it left behind.
fn forget(pid: u32) {
    let mut live = live();
    live.retain(|&p| p != pid);
    sweep_orphans(&live);
}

/// Kills the process group `pid` leads, if `pid` is not reaped yet: while
/// the leader is alive or a zombie its pid cannot be reused, so the signal
/// cannot reach a stranger.
#[cfg(unix)]
fn kill_group_if_unreaped(pid: u32) {
    if unreaped(pid).is_some() {
        signal_group(pid);
    }
}

#[cfg(unix)]
fn signal_group(pid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pid) {
        // SAFETY: `kill` takes no pointers.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// `Some(exited)` while `pid` is a child not yet reaped, without reaping it.
#[cfg(unix)]
fn unreaped(pid: u32) -> Option<bool> {
    let id = libc::id_t::try_from(pid).ok()?;
    // SAFETY: `info` is a valid, writable `siginfo_t`; WNOWAIT leaves the
    // child unreaped, WNOHANG keeps the call from blocking.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let found = libc::waitid(
            libc::P_PID,
            id,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        ) == 0;
        found.then(|| info.si_pid() != 0)
    }
}

/// Kills and reaps every child of this process that is not a live adapter:
/// the orphans adopted by [`adopt_orphans`]. Killing one can orphan its own
/// children, so this repeats until there are none (or a bound).
fn sweep_orphans(live: &[u32]) {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    #[cfg(target_os = "linux")]
    for _ in 0..100 {
        let orphans: Vec<u32> = children()
            .into_iter()
            .filter(|pid| !live.contains(pid))
            .collect();
        if orphans.is_empty() {
            return;
        }
        for &pid in &orphans {
            let Ok(id) = libc::pid_t::try_from(pid) else {
                continue;
            };
            // SAFETY: `kill` and `waitpid` take no pointers but the status,
            // which may be null. The pid is an unreaped child of this
            // process, so it cannot be a stranger's; and a group of that
            // id can only be its own.
            unsafe {
                libc::kill(-id, libc::SIGKILL);
                libc::kill(id, libc::SIGKILL);
                libc::waitpid(id, std::ptr::null_mut(), 0);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = live;
}

/// The pids of this process's children, from `/proc`.
#[cfg(target_os = "linux")]
fn children() -> Vec<u32> {
    let mut pids = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return pids;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            pids.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    pids
}

/// Waits for `child` to exit until `deadline`, without blocking past it.
/// Once it has exited, its process group is killed before it is reaped:
/// whatever it left running there is no one's.
pub(super) fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    let mut pause = Duration::from_micros(20);
    loop {
        #[cfg(unix)]
        // Not a child any more: already reaped, and `wait` has its status.
        let exited = unreaped(child.id()).unwrap_or(true);
        #[cfg(not(unix))]
        let exited = matches!(child.try_wait(), Ok(Some(_)));
        if exited {
            #[cfg(unix)]
            kill_group_if_unreaped(child.id());
            let status = child.wait().ok();
            forget(child.id());
            return status;
        }
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// Writes `bytes` to `to` if the pipe has room for them now, and never
/// waits: for messages to a process that may have stopped reading.
pub(super) fn write_nonblocking(to: &mut ChildStdin, bytes: &[u8]) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        let fd = to.as_raw_fd();
        // SAFETY: `fcntl` on a descriptor this process owns, no pointers.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
    }
    to.write_all(bytes)
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
    to: SyncSender<E>,
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
