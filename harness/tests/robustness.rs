//! What a user sees when the `rfc1808` binary runs hostile adapters
//! (`tests/misbehave/adapter.py`) and reads hostile files: its memory stays
//! bounded, it ends within its timeouts, it leaves no process behind (after
//! a run, a timeout, or a signal to the harness), it escapes what others
//! wrote, and its messages say what happened. docs/robustness.md states
//! these guarantees and points here.
//!
//! Each test runs the binary as a child, so that its memory and its exit
//! are measured from outside, as a CI runner would see them.

#![cfg(target_os = "linux")]

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::child::{alive, wait_within};
use common::copy_vectors;

const ADAPTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/misbehave/adapter.py");

/// Memory the harness may use whatever its adapters write.
const MEMORY_BOUND_KB: u64 = 300 * 1024;

/// What one run of the binary did.
struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    /// The harness's peak resident memory, from `/proc/PID/status`.
    peak_kb: u64,
    took: Duration,
}

fn harness() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rfc1808"));
    command
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The peak resident memory of `pid` so far, in kB.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `command` to its end (killing it after two minutes), watching its
/// memory; its output is read on threads so that it never blocks.
fn watch(mut command: Command) -> Run {
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    let out = read_on_thread(child.stdout.take().unwrap());
    let err = read_on_thread(child.stderr.take().unwrap());
    let mut peak = 0;
    let status = loop {
        if let Some(kb) = peak_kb(child.id()) {
            peak = peak.max(kb);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("the harness ran for two minutes");
        }
        thread::sleep(Duration::from_millis(20));
    };
    Run {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        peak_kb: peak,
        took: started.elapsed(),
    }
}

fn read_on_thread(mut from: impl std::io::Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// A config file of misbehaving implementations: (name, protocol, options).
fn config(dir: &Path, impls: &[(&str, &str, &[&str])], timeout: f64) -> PathBuf {
    let mut text = String::new();
    for (name, protocol, options) in impls {
        let mut command = vec!["python3", ADAPTER, protocol];
        command.extend(options.iter());
        text += &format!(
            "[[implementation]]\nname = \"{name}\"\ncommand = {command:?}\nprotocol = \"{protocol}\"\ntimeout = {timeout}\n\n"
        );
    }
    let path = dir.join("rfc1808.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn run_config(config: &Path, extra: &[&str]) -> Run {
    let mut command = harness();
    command.arg("run").arg("--config").arg(config).args(extra);
    watch(command)
}

/// `rfc1808 promote` of the relative URL `zz` against `http://a/b` into the
/// vector file `to`.
fn promote_zz(to: &Path) -> Run {
    let mut command = harness();
    command
        .args(["promote", "--base", "http://a/b", "--relative", "zz"])
        .args(["--note", "n", "--source", "s", "--to"])
        .arg(to);
    watch(command)
}

#[test]
fn adapters_that_flood_their_output_leave_memory_bounded() {
    let dir = tempfile::tempdir().unwrap();
    // One floods standard output after its first answer, one floods
    // standard error from the start, while a slow one keeps the run going.
    let config = config(
        dir.path(),
        &[
            ("flood-out", "lines", &["--flood-after=1"]),
            ("flood-err", "jsonl", &["--flood=stderr"]),
            ("slow", "lines", &["--slow=0.03"]),
        ],
        5.0,
    );
    let run = run_config(&config, &[]);
    assert_eq!(run.status.code(), Some(1), "{}", run.stderr);
    assert!(
        run.peak_kb < MEMORY_BOUND_KB,
        "the harness peaked at {} MB",
        run.peak_kb / 1024
    );
    for name in ["flood-out", "flood-err", "slow"] {
        assert!(
            run.stdout.contains(&format!("\n{name}")),
            "{name} has a summary:\n{}",
            &run.stdout[run.stdout.len().saturating_sub(2000)..]
        );
    }
    // The slow adapter's results are its own, whatever the others did: it
    // answers `BASE|RELATIVE`, which fails every case but those the RFC
    // leaves undefined (any answer passes there), and has no errors.
    let slow = run.stdout.lines().find(|l| l.starts_with("slow:")).unwrap();
    assert!(
        slow.starts_with("slow: FAILED. ") && slow.contains("; 0 errors; "),
        "{slow}"
    );
    assert!(
        run.stdout.len() < 20 << 20,
        "a report of {} bytes",
        run.stdout.len()
    );
}

#[test]
fn huge_answers_are_cut_in_memory_and_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    // Every answer is 10 MB.
    let config = config(dir.path(), &[("big", "jsonl", &["--all=big"])], 20.0);
    let run = run_config(&config, &["--id", "rfc1808-5.1/*"]);
    assert_eq!(run.status.code(), Some(1), "{}", run.stderr);
    assert!(
        run.peak_kb < MEMORY_BOUND_KB,
        "the harness peaked at {} MB",
        run.peak_kb / 1024
    );
    assert!(
        run.stdout.len() < 1 << 20,
        "a report of {} bytes",
        run.stdout.len()
    );
    assert_eq!(
        run.stdout
            // 10,000,032 bytes for a one-digit id, one more for two.
            .matches("got:      error: answer is longer than the limit of 1 MiB (1000003")
            .count(),
        24,
        "{:.3000}",
        run.stdout
    );
    assert!(run.stdout.contains("big (misbehave, 0, python, none): FAILED. 0 passed; 0 failed; 0 expected failures; 0 unexpected passes; 24 errors"));
}

/// A fresh file for an adapter to write its pids to.
fn pidfile(dir: &Path) -> PathBuf {
    dir.join("pids")
}

fn pids(path: &Path, at_least: usize) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let pids: Vec<u32> = text.lines().filter_map(|l| l.parse().ok()).collect();
        if pids.len() >= at_least {
            return pids;
        }
        assert!(Instant::now() < deadline, "the adapter wrote {pids:?}");
        thread::sleep(Duration::from_millis(20));
    }
}

fn assert_all_gone(pids: &[u32], when: &str) {
    let survivors: Vec<u32> = pids
        .iter()
        .copied()
        .filter(|&p| alive(p, Duration::from_secs(3)))
        .collect();
    for &pid in &survivors {
        // SAFETY: cleaning up after a failed test; `kill` takes no pointers.
        unsafe {
            libc::kill(pid as i32, libc::SIGKILL);
        }
    }
    assert!(
        survivors.is_empty(),
        "{when}: processes {survivors:?} outlived the harness"
    );
}

#[test]
fn no_process_outlives_a_run_that_ends_normally_or_by_timeouts() {
    for (what, all, timeout) in [("a normal run", "a", 5.0), ("timeouts", "hang", 1.0)] {
        let dir = tempfile::tempdir().unwrap();
        let file = pidfile(dir.path());
        let option = format!("--pidfile={}", file.display());
        let config = config(
            dir.path(),
            &[(
                "spawner",
                "jsonl",
                &[
                    "--spawn-sleeper",
                    "--spawn-setsid",
                    &option,
                    &format!("--all={all}"),
                ],
            )],
            timeout,
        );
        let run = run_config(
            &config,
            &["--id", "rfc1808-5.1/g", "--id", "rfc1808-5.1/dot-g"],
        );
        assert_eq!(run.status.code(), Some(1), "{what}: {}", run.stderr);
        if all == "hang" {
            assert_eq!(
                run.stdout
                    .matches("got:      error: timeout after 1s")
                    .count(),
                2,
                "{}",
                run.stdout
            );
            // Two timeouts, one restart, and a bounded grace.
            assert!(
                run.took < Duration::from_secs(20),
                "{what}: took {:?}",
                run.took
            );
        }
        // Each process the adapter started (one per start) wrote three pids.
        let pids = pids(&file, 3);
        assert_all_gone(&pids, what);
    }
}

#[test]
fn stopping_the_harness_by_a_signal_stops_every_adapter() {
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        let dir = tempfile::tempdir().unwrap();
        let file = pidfile(dir.path());
        let option = format!("--pidfile={}", file.display());
        let config = config(
            dir.path(),
            &[
                (
                    "hang-jsonl",
                    "jsonl",
                    &["--spawn-sleeper", "--spawn-setsid", &option, "--all=hang"],
                ),
                (
                    "hang-argv",
                    "argv",
                    &["--spawn-sleeper", "--spawn-setsid", &option, "--all=hang"],
                ),
            ],
            60.0,
        );
        let mut command = harness();
        command.arg("run").arg("--config").arg(&config);
        // The harness keeps a signal that was ignored when it started
        // ignored (`nohup`), and a test run started in the background of a
        // shell has SIGINT ignored: the harness gets it at its default.
        // SAFETY: `signal` is async-signal-safe, as `pre_exec` requires.
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(move || {
                libc::signal(signal, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child: Child = command.spawn().unwrap();
        // The jsonl adapter and at least one argv case have started, each
        // with its two sleepers.
        let pids = pids(&file, 6);
        // SAFETY: `kill` takes no pointers; the pid is our child's.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let what = format!("signal {signal}: the harness");
        let status = wait_within(&mut child, Duration::from_secs(10), &what);
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            status.signal(),
            Some(signal),
            "the harness ends as the signal asks"
        );
        // argv cases started after the pids were read are in the file too.
        let pids = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .filter_map(|l| l.parse().ok())
            .chain(pids)
            .collect::<Vec<u32>>();
        assert_all_gone(&pids, &format!("signal {signal}"));
    }
}

#[test]
fn a_harness_killed_by_sigkill_takes_its_adapters_with_it() {
    // SIGKILL cannot be handled: the kernel's parent-death signal stops the
    // adapters themselves (not what they start).
    let dir = tempfile::tempdir().unwrap();
    let file = pidfile(dir.path());
    let option = format!("--pidfile={}", file.display());
    let config = config(
        dir.path(),
        &[
            ("hang-jsonl", "jsonl", &[&option, "--all=hang"]),
            ("hang-argv", "argv", &[&option, "--all=hang"]),
        ],
        60.0,
    );
    let mut command = harness();
    command.arg("run").arg("--config").arg(&config);
    let mut child = command.spawn().unwrap();
    pids(&file, 2);
    child.kill().unwrap();
    child.wait().unwrap();
    let pids: Vec<u32> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .filter_map(|l| l.parse().ok())
        .collect();
    assert_all_gone(&pids, "SIGKILL");
}

#[test]
fn a_lines_adapter_that_prints_a_banner_gets_a_protocol_error_not_failures() {
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), &[("banner", "lines", &["--banner"])], 5.0);
    let run = run_config(&config, &["--id", "rfc1808-5.1/*"]);
    assert_eq!(run.status.code(), Some(1), "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "got:      error: protocol error: the adapter wrote more lines than it was sent \
             requests (one of them: `"
        ),
        "{:.3000}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("cannot be matched to their requests; the adapter was restarted"),
        "{:.3000}",
        run.stdout
    );
    assert!(
        run.stdout.contains("banner: FAILED. 0 passed; 0 failed; 0 expected failures; 0 unexpected passes; 24 errors"),
        "{}",
        &run.stdout[run.stdout.len().saturating_sub(500)..]
    );
}

#[test]
fn what_adapters_and_files_write_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    // The handshake's name holds ESC sequences and a CR that would forge a
    // summary line.
    let config = dir.path().join("rfc1808.toml");
    std::fs::write(
        &config,
        format!(
            "[[implementation]]\nname = \"evil\"\nprotocol = \"jsonl\"\n\
             command = [\"python3\", \"{ADAPTER}\", \"jsonl\", \
             \"--name=evil\\u001b[2J\\rpython: ok. 99 passed\"]\n"
        ),
    )
    .unwrap();
    let expectations = dir.path().join("evil.toml");
    std::fs::write(
        &expectations,
        "[[expected-failure]]\nid = \"nobody/\\u001b[31mred\"\nreason = \"r\\u001b[0m\"\n",
    )
    .unwrap();
    let run = run_config(
        &config,
        &[
            "--id",
            "rfc1808-5.1/g",
            "--expectations",
            &format!("evil={}", expectations.display()),
        ],
    );
    assert_eq!(run.status.code(), Some(1), "{}", run.stderr);
    assert!(!run.stdout.contains('\x1b'), "{}", run.stdout);
    assert!(!run.stdout.contains('\r'), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("evil (evil\\u{1b}[2J\\rpython: ok. 99 passed, 0, python, none): FAILED."),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("stale expectation `nobody/\\u{1b}[31mred`"),
        "{}",
        run.stdout
    );
}

#[test]
fn messages_say_what_went_wrong() {
    let dir = tempfile::tempdir().unwrap();
    // A script that is not executable is not "not found".
    let script = dir.path().join("adapter.py");
    std::fs::copy(ADAPTER, &script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut command = harness();
    command
        .args(["run", "--protocol", "lines", "--impl"])
        .arg(format!("x={}", script.display()));
    let run = watch(command);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        run.stderr,
        format!(
            "rfc1808: implementation `x`: cannot run command `{0}`: {0} is not executable \
             (chmod +x it, or run it through its interpreter)\n",
            script.display()
        )
    );

    // An adapter that never flushes: nothing arrives, and the message says
    // so and what to do.
    let config = config(dir.path(), &[("quiet", "lines", &["--never-flush"])], 1.0);
    let run = run_config(&config, &["--id", "rfc1808-5.1/g"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        run.stdout.contains(
            "got:      error: timeout after 11s (1s per case, and 10s for the adapter to start); \
             the adapter has written nothing to standard output since it started: an adapter \
             must flush its standard output after each answer"
        ),
        "{}",
        run.stdout
    );

    // A timeout no adapter could meet.
    let mut command = harness();
    command.args(["run", "--impl", "x=true", "--timeout", "0.0000000001"]);
    let run = watch(command);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        run.stderr,
        "rfc1808: --timeout: timeout 0.0000000001 is not a number of seconds from 0.001 to 86400\n"
    );
}

#[test]
fn a_fifo_or_a_link_to_dev_zero_among_the_vectors_is_an_error_not_a_hang() {
    for (name, make, what) in [
        ("fifo.toml", "fifo", "a FIFO"),
        ("zero.toml", "zero", "a character device"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let vectors = copy_vectors(dir.path());
        let path = vectors.join(name);
        if make == "fifo" {
            let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        } else {
            std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        }
        let mut command = harness();
        command.arg("--vectors").arg(&vectors).arg("list");
        let run = watch(command);
        assert_eq!(run.status.code(), Some(2), "{name}");
        assert_eq!(
            run.stderr,
            format!(
                "rfc1808: {}: not a regular file ({what}), so it is not read\n",
                path.display()
            )
        );
        assert!(
            run.took < Duration::from_secs(10),
            "{name}: took {:?}",
            run.took
        );
    }
}

#[test]
fn promote_says_when_no_number_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let vectors = copy_vectors(dir.path());
    let file = vectors.join("regressions.toml");
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap();
    writeln!(
        f,
        "# rfc1808 promote: ids up to regression/{} are taken; keep this line when deleting vectors",
        u64::MAX
    )
    .unwrap();
    let run = promote_zz(&file);
    assert_eq!(run.status.code(), Some(2), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!(
            "rfc1808: {}: `regression/18446744073709551615` is taken (by an id or a mark line), \
             so there is no next number; nothing promoted\n",
            file.display()
        )
    );
}

#[test]
fn promote_reads_only_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let vectors = copy_vectors(dir.path());
    let fifo = dir.path().join("artifact");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let mut command = harness();
    command
        .arg("promote")
        .arg(&fifo)
        .args(["--note", "n", "--to"])
        .arg(vectors.join("regressions.toml"));
    let run = watch(command);
    assert_eq!(run.status.code(), Some(2), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!(
            "rfc1808: {}: cannot read the artifact: not a regular file\n",
            fifo.display()
        )
    );
    assert!(run.took < Duration::from_secs(10), "took {:?}", run.took);

    // The file to append to, likewise.
    let run = promote_zz(&fifo);
    assert_eq!(run.status.code(), Some(2), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!(
            "rfc1808: {}: cannot read the vector file: not a regular file\n",
            fifo.display()
        )
    );
}
