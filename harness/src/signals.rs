//! Stopping cleanly when the harness itself is stopped. A CI job that is
//! cancelled sends SIGTERM, `timeout` sends SIGTERM, Ctrl-C sends SIGINT to
//! the harness (adapters lead process groups of their own, so they do not get
//! it), and closing the terminal sends SIGHUP. Each would leave every running
//! adapter orphaned; [`install`] makes them kill the adapters first.

/// Whether a stop signal came: the adapters are being killed, and the
/// harness is about to end as the signal asks.
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the harness is being stopped by a signal. A run whose adapters
/// it killed ends in errors; `main` waits for the signal to end the harness
/// instead of reporting them.
pub fn stopping() -> bool {
    STOPPING.load(std::sync::atomic::Ordering::SeqCst)
}

/// From now on SIGTERM, SIGINT and SIGHUP kill every adapter, with what it
/// started, and then end the harness as the signal would have; and orphans
/// of adapters are adopted and killed (see
/// [`crate::subprocess::adopt_orphans`]). A signal ignored when the harness
/// started (`nohup`) stays ignored.
///
/// Call it first in `main`, before any thread starts: the signals are
/// blocked in every thread and taken by one thread of their own, which can
/// do what a signal handler may not (lock, allocate, read `/proc`).
#[cfg(unix)]
pub fn install() -> std::io::Result<()> {
    use std::io;
    use std::mem::MaybeUninit;

    crate::subprocess::adopt_orphans();
    // SAFETY: each call gets valid pointers to a `sigset_t` initialised by
    // `sigemptyset`, or null for an unwanted old value.
    let set = unsafe {
        let mut set = MaybeUninit::<libc::sigset_t>::uninit();
        libc::sigemptyset(set.as_mut_ptr());
        let mut set = set.assume_init();
        for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            let mut old = MaybeUninit::<libc::sigaction>::zeroed().assume_init();
            if libc::sigaction(signal, std::ptr::null(), &mut old) == 0
                && old.sa_sigaction != libc::SIG_IGN
            {
                libc::sigaddset(&mut set, signal);
            }
        }
        let e = libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        if e != 0 {
            return Err(io::Error::from_raw_os_error(e));
        }
        set
    };
    std::thread::Builder::new()
        .name("rfc1808-signals".to_owned())
        .spawn(move || {
            let mut signal = 0;
            // SAFETY: `set` is a valid signal set and `signal` writable.
            if unsafe { libc::sigwait(&set, &mut signal) } != 0 {
                return;
            }
            STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
            crate::subprocess::kill_everything();
            // End as the signal would have, so that the caller sees it
            // (exit status 128 + the signal's number in a shell).
            // SAFETY: plain calls with valid pointers to `set`.
            unsafe {
                libc::signal(signal, libc::SIG_DFL);
                libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
                libc::raise(signal);
            }
            // Not reached unless the signal was somehow not fatal.
            std::process::exit(128 + signal);
        })?;
    Ok(())
}

/// Elsewhere than Unix, stopping the harness stops its children as the
/// system does.
#[cfg(not(unix))]
pub fn install() -> std::io::Result<()> {
    Ok(())
}
