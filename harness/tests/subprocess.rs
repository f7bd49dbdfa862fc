//! Implementations driven as subprocesses (`subprocess::spawn`): the
//! reference resolver through `rfc1808 serve` and `rfc1808 resolve`, in each
//! protocol, over every vector; and `tests/misbehave/adapter.py`, which hangs,
//! crashes, writes garbage or floods on chosen cases, to check that every case
//! still gets the right answer or the right error and that every run ends.

mod common;

use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use rfc1808_harness::subprocess::{self, MAX_RESTARTS};
use rfc1808_harness::{Answer, Case, ImplSpec, Info, Protocol, Reply};

const ADAPTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/misbehave/adapter.py");
const BASE: &str = "http://a/b";
/// Long enough never to be hit by a case that answers, on a loaded machine.
const PATIENT: Duration = Duration::from_secs(20);
/// For the cases that hang: short, yet long enough for Python to start on
/// a loaded machine, since a case's time includes starting its process.
const SHORT: Duration = Duration::from_secs(3);

fn spec(protocol: Protocol, command: Vec<String>, timeout: Duration) -> ImplSpec {
    ImplSpec {
        timeout,
        ..ImplSpec::new("misbehave", command, protocol)
    }
}

fn misbehave(protocol: Protocol, options: &[&str]) -> Vec<String> {
    let mut command = vec![
        "python3".to_owned(),
        ADAPTER.to_owned(),
        protocol.to_string(),
    ];
    command.extend(options.iter().map(|o| o.to_string()));
    command
}

/// Runs `f` on its own thread and fails the test if it does not finish in a
/// minute, so that a hang is a failure rather than a stuck test run.
fn within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("did not finish within a minute"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the run panicked"),
    }
}

/// Resolves each relative URL against [`BASE`] through the adapter `spec`.
fn run(spec: ImplSpec, relatives: &[&str]) -> Vec<Reply> {
    let relatives: Vec<String> = relatives.iter().map(|r| r.to_string()).collect();
    within_a_minute(move || {
        let mut adapter = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
        let cases = at_base(&relatives);
        adapter.resolve_all(&cases)
    })
}

/// Resolves each relative URL against [`BASE`] through the misbehaving
/// adapter in `protocol`, started with `options`, with `timeout` per case.
fn run_misbehave(
    protocol: Protocol,
    options: &[&str],
    timeout: Duration,
    relatives: &[&str],
) -> Vec<Reply> {
    run(
        spec(protocol, misbehave(protocol, options), timeout),
        relatives,
    )
}

/// Asserts that the misbehaving adapter, started with no options and
/// `timeout` per case, answers `relatives` with `expected` in each of
/// `protocols`.
#[track_caller]
fn assert_replies(
    protocols: &[Protocol],
    timeout: Duration,
    relatives: &[&str],
    expected: &[Reply],
) {
    for &protocol in protocols {
        let replies = run_misbehave(protocol, &[], timeout, relatives);
        assert_eq!(replies, expected, "{protocol}");
    }
}

/// A case `t/case` for each relative URL, against [`BASE`].
fn at_base(relatives: &[String]) -> Vec<Case<'_>> {
    relatives
        .iter()
        .map(|relative| Case::resolve("t/case", BASE, relative))
        .collect()
}

/// What the misbehaving adapter answers for a well-behaved case.
fn ok(relative: &str) -> Reply {
    Answer::Resolved(format!("{BASE}|{relative}")).into()
}

fn error(message: &str) -> Reply {
    Answer::Error(message.to_owned()).into()
}

fn with_stderr(reply: Reply, stderr: &str) -> Reply {
    Reply {
        stderr: stderr.to_owned(),
        ..reply
    }
}

fn start_error(spec: ImplSpec) -> String {
    within_a_minute(move || match subprocess::spawn(&spec) {
        Ok(_) => panic!("the adapter started"),
        Err(e) => e.to_string(),
    })
}

/// The error of the misbehaving adapter that fails to start under `jsonl`
/// with `option`, and its command as the error shows it.
fn jsonl_start_error(option: &str, timeout: Duration) -> (String, String) {
    let command = misbehave(Protocol::Jsonl, &[option]);
    let shown = shell_words::join(&command);
    (start_error(spec(Protocol::Jsonl, command, timeout)), shown)
}

const PERSISTENT: [Protocol; 2] = [Protocol::Lines, Protocol::Jsonl];
const ALL: [Protocol; 3] = [Protocol::Argv, Protocol::Lines, Protocol::Jsonl];

// The reference, through the `rfc1808` binary.

fn reference_command(protocol: Protocol, step6: &str) -> Vec<String> {
    let bin = env!("CARGO_BIN_EXE_rfc1808").to_owned();
    let step6 = format!("--step6={step6}");
    match protocol {
        // `--` keeps a relative URL that starts with `-` from being read as
        // an option.
        Protocol::Argv => vec![bin, "resolve".into(), step6, "--".into()],
        _ => vec![
            bin,
            "serve".into(),
            "--protocol".into(),
            protocol.to_string(),
            step6,
        ],
    }
}

/// Runs every embedded vector through the reference in `protocol`, and
/// returns the ids of the vectors it could not send; fails on any answer
/// that is not the expected URL.
fn reference_over_all_vectors(
    protocol: Protocol,
    step6: &'static str,
) -> (Option<Info>, Vec<String>) {
    within_a_minute(move || {
        let corpus = rfc1808_vectors::embedded();
        let spec = spec(protocol, reference_command(protocol, step6), PATIENT);
        let mut reference = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
        let cases: Vec<Case<'_>> = corpus.resolve.iter().map(Case::of).collect();
        assert!(
            cases.len() > 40,
            "the corpus has the RFC's examples at least"
        );
        let replies = reference.resolve_all(&cases);
        assert_eq!(replies.len(), cases.len());
        let mut unsendable = Vec::new();
        for (v, reply) in corpus.resolve.iter().zip(replies) {
            match reply.answer {
                Answer::Resolved(got) => assert_eq!(got, v.expected, "{}", v.id),
                Answer::NotRepresentable(_) => unsendable.push(v.id.clone()),
                other => panic!("{}: {other:?}", v.id),
            }
            assert_eq!(reply.stderr, "", "{}", v.id);
        }
        (reference.info().cloned(), unsendable)
    })
}

#[test]
fn reference_through_serve_jsonl_passes_every_vector() {
    let (info, unsendable) = reference_over_all_vectors(Protocol::Jsonl, "stack");
    assert_eq!(unsendable, Vec::<String>::new());
    // The RFC's literal string patterns agree on every vector.
    let (_, unsendable) = reference_over_all_vectors(Protocol::Jsonl, "string");
    assert_eq!(unsendable, Vec::<String>::new());
    assert_eq!(
        info,
        Some(Info {
            name: "rfc1808-reference".into(),
            implementation_version: env!("CARGO_PKG_VERSION").into(),
            language: "rust".into(),
            spec: "RFC 1808".into(),
        })
    );
}

#[test]
fn reference_through_serve_lines_passes_every_vector_it_can_send() {
    let (info, unsendable) = reference_over_all_vectors(Protocol::Lines, "stack");
    let corpus = rfc1808_vectors::embedded();
    let with_tab_cr_lf: Vec<String> = corpus
        .resolve
        .iter()
        .filter(|v| {
            [v.base_or_empty(), &v.relative]
                .iter()
                .any(|s| s.contains(['\t', '\r', '\n', '\0']))
        })
        .map(|v| v.id.clone())
        .collect();
    assert_eq!(unsendable, with_tab_cr_lf);
    assert_eq!(info, None);
}

#[test]
fn reference_through_resolve_argv_passes_every_vector() {
    let (info, unsendable) = reference_over_all_vectors(Protocol::Argv, "stack");
    assert_eq!(unsendable, Vec::<String>::new());
    assert_eq!(info, None);
}

// Misbehaviours.

#[test]
fn a_case_that_hangs_times_out_and_the_run_goes_on() {
    assert_replies(
        &ALL,
        SHORT,
        &["a", "hang", "b", "c"],
        &[ok("a"), error("timeout after 3s"), ok("b"), ok("c")],
    );
}

#[test]
fn a_crash_fails_its_case_with_its_stderr_and_the_adapter_is_restarted() {
    assert_replies(
        &PERSISTENT,
        PATIENT,
        &["a", "exit", "b", "abort", "c"],
        &[
            ok("a"),
            with_stderr(
                error("adapter exited with code 3 before answering"),
                "adapter: exiting on purpose\n",
            ),
            ok("b"),
            error("adapter was killed by signal 6 (SIGABRT) before answering"),
            ok("c"),
        ],
    );
    assert_replies(
        &[Protocol::Argv],
        PATIENT,
        &["a", "exit", "abort"],
        &[
            ok("a"),
            with_stderr(
                error("adapter exited with code 3"),
                "adapter: exiting on purpose\n",
            ),
            error("adapter was killed by signal 6 (SIGABRT)"),
        ],
    );
}

#[test]
fn an_adapter_that_always_crashes_is_given_up_after_ten_restarts() {
    for protocol in PERSISTENT {
        let spec = spec(protocol, misbehave(protocol, &["--always-crash"]), PATIENT);
        let (first, second) = within_a_minute(move || {
            let mut adapter = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
            let cases: Vec<Case<'_>> = (0..14)
                .map(|_| Case::resolve("t/case", BASE, "a"))
                .collect();
            let first = adapter.resolve_all(&cases);
            // Later runs do not start it again either.
            let second = adapter.resolve_all(&cases[..1]);
            (first, second)
        });
        let crash = with_stderr(
            error("adapter exited with code 3 before answering"),
            "adapter: exiting on purpose\n",
        );
        let gave_up = error("not run: gave up on the adapter after 10 restarts");
        let mut expected = vec![crash; MAX_RESTARTS as usize + 1];
        expected.extend(vec![gave_up.clone(); 3]);
        assert_eq!(first, expected, "{protocol}");
        assert_eq!(second, [gave_up], "{protocol}");
    }
}

#[test]
fn an_answer_that_is_not_utf8_is_an_error_showing_its_bytes() {
    assert_replies(
        &ALL,
        PATIENT,
        &["a", "binary", "b"],
        &[ok("a"), error(r"answer is not UTF-8: \xff\xfe"), ok("b")],
    );
}

#[test]
fn a_jsonl_answer_that_is_not_json_or_has_the_wrong_id_is_an_error() {
    assert_replies(
        &[Protocol::Jsonl],
        PATIENT,
        &["a", "garbage", "b", "wrongid", "c"],
        &[
            ok("a"),
            error("answer is not valid JSON (expected ident at line 1 column 2): not json"),
            ok("b"),
            error(r#"answer has id 1004, expected 4: {"id": 1004, "result": "x"}"#),
            ok("c"),
        ],
    );
}

#[test]
fn stderr_goes_with_its_case_and_is_never_the_answer() {
    assert_replies(
        &ALL,
        PATIENT,
        &["a", "noise", "b"],
        &[
            ok("a"),
            with_stderr(ok("noise"), "warning: noisy case\nhttp://evil/\n"),
            ok("b"),
        ],
    );
}

#[test]
fn an_answer_past_the_limit_is_an_error_with_its_length() {
    for protocol in ALL {
        let replies = run_misbehave(protocol, &[], PATIENT, &["a", "big", "b"]);
        assert_eq!(replies.len(), 3);
        assert_eq!(replies[0], ok("a"), "{protocol}");
        let Answer::Error(message) = &replies[1].answer else {
            panic!("{protocol}: {:.300?}", replies[1]);
        };
        // What counts is what was read: the JSON line, the line without its
        // ending, or the whole output.
        let len = match protocol {
            Protocol::Jsonl => 10_000_032,
            Protocol::Lines => 10_000_009,
            Protocol::Argv => 10_000_010,
        };
        assert!(
            message.starts_with(&format!(
                "answer is longer than the limit of 1 MiB ({len} bytes): "
            )),
            "{protocol}: {message:.300}"
        );
        assert!(message.len() < 400, "{protocol}: {message:.300}");
        assert_eq!(replies[2], ok("b"), "{protocol}");
    }
}

#[test]
fn rejections_and_unsendable_cases() {
    for protocol in ALL {
        let cases = [
            (BASE, "reject"),
            ("http://a/\tb", "g"),
            (BASE, "c\r"),
            (BASE, "d"),
        ];
        let spec = spec(protocol, misbehave(protocol, &[]), PATIENT);
        let replies = within_a_minute(move || {
            let mut adapter = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
            let cases: Vec<Case<'_>> = cases
                .iter()
                .map(|&(base, relative)| Case::resolve("t/case", base, relative))
                .collect();
            adapter.resolve_all(&cases)
        });
        let rejected: Reply = Answer::Rejected("no: reject".into()).into();
        let expected = match protocol {
            Protocol::Lines => vec![
                rejected,
                Answer::NotRepresentable("the `lines` protocol cannot send a TAB in a URL".into())
                    .into(),
                Answer::NotRepresentable("the `lines` protocol cannot send a CR in a URL".into())
                    .into(),
                ok("d"),
            ],
            Protocol::Jsonl => vec![
                rejected,
                Answer::Resolved("http://a/\tb|g".into()).into(),
                Answer::Resolved(format!("{BASE}|c\r")).into(),
                ok("d"),
            ],
            // The argv rule of docs/adapters.md: one final `\n` or `\r\n` is removed,
            // so a result ending in CR loses it.
            Protocol::Argv => vec![
                rejected,
                Answer::Resolved("http://a/\tb|g".into()).into(),
                Answer::Resolved(format!("{BASE}|c")).into(),
                ok("d"),
            ],
        };
        assert_eq!(replies, expected, "{protocol}");
    }
}

#[test]
fn an_adapter_that_exits_at_start_is_a_start_error() {
    let (error, shown) = jsonl_start_error("--start=exit", PATIENT);
    assert_eq!(
        error,
        format!(
            "implementation `misbehave`: command `{shown}` exited with code 1 before \
             answering the handshake; its standard error: adapter: cannot load the URL library"
        )
    );
}

#[test]
fn a_lines_adapter_that_exits_at_start_fails_every_case() {
    // `lines` has no handshake, so this shows only when cases are sent.
    let replies = run_misbehave(Protocol::Lines, &["--start=exit"], PATIENT, &["a"; 12]);
    let exited = with_stderr(
        error("adapter exited with code 1 before answering"),
        "adapter: cannot load the URL library\n",
    );
    let mut expected = vec![exited; MAX_RESTARTS as usize + 1];
    expected.push(error("not run: gave up on the adapter after 10 restarts"));
    assert_eq!(replies, expected);
}

#[test]
fn an_adapter_that_never_answers_the_handshake_is_a_start_error() {
    let (error, shown) = jsonl_start_error("--start=silent", SHORT);
    assert_eq!(
        error,
        format!(
            "implementation `misbehave`: command `{shown}` did not answer the handshake within 10s"
        )
    );
}

#[test]
fn an_adapter_of_another_protocol_version_is_a_start_error() {
    let (error, shown) = jsonl_start_error("--start=version2", PATIENT);
    assert_eq!(
        error,
        format!(
            "implementation `misbehave`: command `{shown}` answered the handshake with \
             `{{\"type\": \"started\", \"version\": 2, \"name\": \"misbehave\", \
             \"implementation_version\": \"0\", \"language\": \"python\", \"spec\": \"none\"}}`: \
             the adapter speaks protocol version 2, this harness speaks version 1"
        )
    );
}

#[test]
fn a_missing_program_is_a_start_error_in_every_protocol() {
    for protocol in ALL {
        let command = vec!["rfc1808-no-such-adapter".to_owned(), "--jsonl".to_owned()];
        assert_eq!(
            start_error(spec(protocol, command, PATIENT)),
            "implementation `misbehave`: cannot run command `rfc1808-no-such-adapter --jsonl`: \
             program not found",
            "{protocol}"
        );
        assert_eq!(
            start_error(spec(protocol, Vec::new(), PATIENT)),
            "implementation `misbehave`: the command is empty",
            "{protocol}"
        );
    }
}

// Processes do not outlive the harness's use of them.

#[cfg(target_os = "linux")]
mod processes {
    use super::*;

    /// A file for the adapter to write its pids to, fresh per test.
    fn pidfile(test: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("rfc1808-misbehave-{}-{test}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn pids(path: &PathBuf) -> Vec<u32> {
        let text = std::fs::read_to_string(path).expect("the adapter wrote its pids");
        let _ = std::fs::remove_file(path);
        text.lines().map(|l| l.parse().unwrap()).collect()
    }

    /// Whether `pid` is a live process, after giving a reaper 5 s.
    fn alive(pid: u32) -> bool {
        common::child::alive(pid, Duration::from_secs(5))
    }

    #[test]
    fn a_timeout_kills_the_adapter_and_what_it_started() {
        for protocol in ALL {
            let file = pidfile(&format!("timeout-{protocol}"));
            let option = format!("--pidfile={}", file.display());
            let replies = run_misbehave(protocol, &["--spawn-sleeper", &option], SHORT, &["hang"]);
            let expected = match protocol {
                // No handshake: the first answer also waits for the start.
                Protocol::Lines => error(
                    "timeout after 13s (3s per case, and 10s for the adapter to start); \
                     the adapter has written nothing to standard output since it started: \
                     an adapter must flush its standard output after each answer",
                ),
                _ => error("timeout after 3s"),
            };
            assert_eq!(replies, [expected], "{protocol}");
            let pids = pids(&file);
            // Under argv the start-up probe ran an adapter and a sleeper too.
            let started = if protocol == Protocol::Argv { 4 } else { 2 };
            assert_eq!(
                pids.len(),
                started,
                "{protocol}: the adapter and its sleeper"
            );
            for pid in pids {
                assert!(
                    !alive(pid),
                    "{protocol}: process {pid} outlived its timeout"
                );
            }
        }
    }

    #[test]
    fn dropping_an_adapter_stops_it_even_if_it_ignores_stop() {
        let file = pidfile("ignore-stop");
        let option = format!("--pidfile={}", file.display());
        let replies = run_misbehave(
            Protocol::Jsonl,
            &["--ignore-stop", &option],
            PATIENT,
            &["a"],
        );
        // `run` dropped the adapter before returning.
        assert_eq!(replies, [ok("a")]);
        let pids = pids(&file);
        assert_eq!(pids.len(), 1);
        assert!(!alive(pids[0]), "the adapter outlived the implementation");
    }
}

// Nothing the adapter does blocks the harness.

#[test]
fn an_adapter_that_answers_without_reading_cannot_block_the_stop_message() {
    // Requests that nearly fill the pipe: the writer finishes, the adapter
    // reads the first, answers them all and reads no more, and the stop
    // message finds no room. Written with no deadline, it would block
    // forever. A pipe holds 16 pages of 4 KiB: request 1 is two pages
    // (60 + 8,132 bytes), which the adapter frees by reading it; requests
    // 2 to 10 are 65,528 bytes, 8 short of the 16 pages.
    let spec = spec(
        Protocol::Jsonl,
        misbehave(Protocol::Jsonl, &["--answer-unread=10"]),
        PATIENT,
    );
    let mut lengths = vec![8_132];
    lengths.extend([7_221; 8]);
    lengths.push(7_219);
    let relatives: Vec<String> = lengths.iter().map(|&n| "x".repeat(n)).collect();
    let took = within_a_minute(move || {
        let mut adapter = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
        let cases = at_base(&relatives);
        let replies = adapter.resolve_all(&cases);
        assert_eq!(replies, vec![Reply::from(Answer::Resolved("x".into())); 10]);
        let started = Instant::now();
        drop(adapter);
        started.elapsed()
    });
    // The adapter gets a second to exit before it is killed.
    assert!(took < Duration::from_secs(3), "stopping took {took:?}");
}

#[test]
fn an_argv_answer_counts_once_the_adapter_exits_even_if_its_child_holds_stdout() {
    // The sleeper it starts inherits standard output and lives 60 s.
    let replies = run_misbehave(Protocol::Argv, &["--spawn-sleeper"], SHORT, &["a"]);
    assert_eq!(replies, [ok("a")]);
}

// Several processes of one adapter (`rfc1808 fuzz --jobs`).

/// Resolves each relative URL against [`BASE`] through `jobs` processes of
/// the misbehaving adapter in `protocol`.
fn run_jobs(protocol: Protocol, options: &[&str], jobs: usize, relatives: &[&str]) -> Vec<Reply> {
    let spec = spec(protocol, misbehave(protocol, options), SHORT);
    let relatives: Vec<String> = relatives.iter().map(|r| r.to_string()).collect();
    within_a_minute(move || {
        let jobs = std::num::NonZeroUsize::new(jobs).unwrap();
        let mut adapter = subprocess::spawn_jobs(&spec, jobs).unwrap_or_else(|e| panic!("{e}"));
        adapter.resolve_all(&at_base(&relatives))
    })
}

#[test]
fn with_several_processes_each_case_keeps_its_answer_in_order() {
    // 300 cases over 4 processes, each its run of them; a crash, a hang
    // and an abort in different runs fail their own cases only, and the
    // processes that failed are restarted for the rest of their run.
    let mut relatives: Vec<String> = (0..300).map(|i| format!("c{i}")).collect();
    relatives[10] = "exit".to_owned();
    relatives[100] = "hang".to_owned();
    relatives[250] = "abort".to_owned();
    let relatives: Vec<&str> = relatives.iter().map(String::as_str).collect();
    for protocol in PERSISTENT {
        let replies = run_jobs(protocol, &[], 4, &relatives);
        assert_eq!(replies.len(), 300, "{protocol}");
        for (i, (reply, relative)) in replies.iter().zip(&relatives).enumerate() {
            match i {
                10 => assert!(
                    matches!(&reply.answer, Answer::Error(e) if e.contains("exited with code 3")),
                    "{protocol}: {reply:?}"
                ),
                100 => assert!(
                    matches!(&reply.answer, Answer::Error(e) if e.starts_with("timeout after 3s")),
                    "{protocol}: {reply:?}"
                ),
                250 => assert!(
                    matches!(&reply.answer, Answer::Error(e) if e.contains("SIGABRT")),
                    "{protocol}: {reply:?}"
                ),
                _ => assert_eq!(reply, &ok(relative), "{protocol}: case {i}"),
            }
        }
    }
}

#[test]
fn with_several_processes_none_outlives_the_implementation() {
    let file = std::env::temp_dir().join(format!("rfc1808-jobs-{}", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let option = format!("--pidfile={}", file.display());
    let relatives: Vec<String> = (0..200).map(|i| format!("c{i}")).collect();
    let relatives: Vec<&str> = relatives.iter().map(String::as_str).collect();
    let replies = run_jobs(Protocol::Jsonl, &["--ignore-stop", &option], 3, &relatives);
    assert!(replies.iter().zip(&relatives).all(|(r, c)| *r == ok(c)));
    let text = std::fs::read_to_string(&file).expect("the adapters wrote their pids");
    let _ = std::fs::remove_file(&file);
    let pids: Vec<u32> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(pids.len(), 3, "one process per job");
    for pid in pids {
        assert!(
            !common::child::alive(pid, Duration::from_secs(5)),
            "process {pid} outlived the implementation"
        );
    }
}

#[test]
fn a_job_that_cannot_start_is_a_start_error() {
    let spec = spec(
        Protocol::Jsonl,
        misbehave(Protocol::Jsonl, &["--start=exit"]),
        SHORT,
    );
    let jobs = std::num::NonZeroUsize::new(3).unwrap();
    let error = within_a_minute(move || match subprocess::spawn_jobs(&spec, jobs) {
        Ok(_) => panic!("started"),
        Err(e) => e.to_string(),
    });
    assert!(error.starts_with("implementation `misbehave`: "), "{error}");
    assert!(error.contains("exited with code 1"), "{error}");
}

#[test]
fn cases_asked_ahead_keep_their_answers_when_other_cases_come_between() {
    // What `rfc1808 fuzz --jobs` does: the next batch is asked ahead, and
    // re-asked cases or a shrinker's come before it is taken.
    let spec = spec(Protocol::Jsonl, misbehave(Protocol::Jsonl, &[]), PATIENT);
    let (between, ahead, again) = within_a_minute(move || {
        let jobs = std::num::NonZeroUsize::new(2).unwrap();
        let mut adapter = subprocess::spawn_jobs(&spec, jobs).unwrap_or_else(|e| panic!("{e}"));
        let first: Vec<String> = (0..200).map(|i| format!("a{i}")).collect();
        let other: Vec<String> = (0..3).map(|i| format!("b{i}")).collect();
        adapter.ask_ahead(&at_base(&first), None);
        let between = adapter.resolve_all(&at_base(&other));
        let ahead = adapter.resolve_until(&at_base(&first), None);
        // Taken once: asked again, they are asked anew.
        let again = adapter.resolve_until(&at_base(&first[..100]), None);
        (between, ahead, again)
    });
    let ok_all = |prefix: &str, n: usize| -> Vec<Reply> {
        (0..n).map(|i| ok(&format!("{prefix}{i}"))).collect()
    };
    assert_eq!(between, ok_all("b", 3));
    assert_eq!(ahead, ok_all("a", 200));
    assert_eq!(again, ok_all("a", 100));
}
