//! Harness throughput: how much each case costs when an implementation runs
//! as a subprocess, measured side by side in one run.
//!
//! - `pipe`: the floor, 100,000 lines written to `cat` and read back with a
//!   plain writer thread and reader, no harness code at all;
//! - `harness lines + cat`: the same lines through the harness's `lines`
//!   machinery (pipelining, restart bookkeeping, decoding), `cat` answering;
//! - `harness jsonl + serve`, `harness lines + serve`: the reference
//!   resolver through `rfc1808 serve`, the real round trip;
//! - `in-process reference`: the resolver alone, for scale;
//! - Python through `argv` and `jsonl`, with `adapters/cpython-urllib.py`
//!   (or the test adapter `tests/misbehave/adapter.py` if that is missing):
//!   what a real adapter costs per case in each protocol;
//! - `rfc1808 fuzz` against `rfc1808 serve --protocol jsonl`, runs of the
//!   two taken in turns: against the reference under its own spec (no
//!   mismatch), and the RFC 1808 reference fuzzed under RFC 3986 (a
//!   mismatch in about one case in ten, most explained by a search for
//!   their causes, shrinking included), with the ratio of the two: what a
//!   run pays per case for the mismatches it explains.
//!
//! `cargo bench -p rfc1808-harness --bench throughput` prints the median of
//! five runs of each, per case and as a ratio to `pipe`. `-- --quick` runs
//! fewer cases and skips Python.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rfc1808_harness::fuzz::{Accepted, Bases, Campaign};
use rfc1808_harness::reference::Reference;
use rfc1808_harness::subprocess;
use rfc1808_harness::{Answer, Case, ImplSpec, Implementation, Protocol};
use rfc1808_resolver::Step6;
use rfc1808_vectors::{Assignment, Spec};

const RUNS: usize = 5;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = if quick { 10_000 } else { 100_000 };
    let owned = generate(n);
    let cases: Vec<Case<'_>> = owned
        .iter()
        .map(|(base, relative)| Case::resolve("bench/case", base, relative))
        .collect();
    let bin = env!("CARGO_BIN_EXE_rfc1808");
    let serve = |protocol: &str| {
        vec![
            bin.to_owned(),
            "serve".into(),
            "--protocol".into(),
            protocol.into(),
        ]
    };

    println!("{n} cases, median of {RUNS} runs, on {} cores", cores());
    let pipe = median(|| raw_pipe(&cases));
    report("pipe (cat, no harness)", pipe, pipe, n);
    type Measure<'a> = Box<dyn Fn() -> Duration + 'a>;
    let rows: [(&str, Measure<'_>); 4] = [
        (
            "harness lines + cat",
            Box::new(|| through(Protocol::Lines, vec!["cat".into()], &cases, Check::Echo)),
        ),
        (
            "harness jsonl + serve",
            Box::new(|| through(Protocol::Jsonl, serve("jsonl"), &cases, Check::Resolved)),
        ),
        (
            "harness lines + serve",
            Box::new(|| through(Protocol::Lines, serve("lines"), &cases, Check::Resolved)),
        ),
        (
            "in-process reference",
            Box::new(|| {
                let start = Instant::now();
                let replies = Reference::new(Step6::SegmentStack).resolve_all(&cases);
                assert_eq!(replies.len(), cases.len());
                start.elapsed()
            }),
        ),
    ];
    for (name, f) in rows {
        report(name, median(f), pipe, n);
    }
    fuzz(bin, n as u64);
    if !quick {
        python(&cases);
    }
}

/// `rfc1808 fuzz` against `rfc1808 serve --protocol jsonl`, `cases` cases
/// per run: the reference under its own spec, then fuzzed under another,
/// the runs of the two in turns so that both meet the same load.
fn fuzz(bin: &str, cases: u64) {
    let corpus = rfc1808_vectors::embedded();
    println!("rfc1808 fuzz, {cases} cases, seed 1, median of {RUNS} runs, taken in turns:");
    let run = |serving: Spec, by: Spec| {
        let command = [
            bin,
            "serve",
            "--protocol",
            "jsonl",
            "--spec",
            serving.name(),
        ];
        let spec = ImplSpec::new("serve", command, Protocol::Jsonl);
        let mut campaign = Campaign::new(spec, Some(1), None, Some(cases), Bases::Absolute);
        campaign.options.readings = Accepted::holding(by, &Assignment::none());
        let start = Instant::now();
        let fuzzed = campaign
            .run(&corpus, None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fuzzed.summary.cases, cases);
        (start.elapsed(), fuzzed.summary)
    };
    let (mut clean, mut mismatching) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..RUNS {
        clean.push(run(Spec::Rfc1808, Spec::Rfc1808).0);
        let (took, summary) = run(Spec::Rfc1808, Spec::Rfc3986);
        mismatching.push(took);
        last = Some(summary);
    }
    let summary = last.expect("RUNS > 0");
    let (clean, mismatching) = (middle(clean), middle(mismatching));
    let per_case = |d: Duration| d.as_secs_f64() * 1e6 / cases as f64;
    println!(
        "    {:<34} {:>8.3} µs/case   {:>9.0} cases/s",
        "serve rfc1808, fuzzed by rfc1808",
        per_case(clean),
        cases as f64 / clean.as_secs_f64()
    );
    println!(
        "    {:<34} {:>8.3} µs/case   {:>9.0} cases/s   / the first {:.3}",
        "serve rfc1808, fuzzed by rfc3986",
        per_case(mismatching),
        cases as f64 / mismatching.as_secs_f64(),
        mismatching.as_secs_f64() / clean.as_secs_f64()
    );
    println!(
        "      ({} mismatches, {} explained, {} kinds)",
        summary.mismatches,
        summary.explained,
        summary.findings.len()
    );
}

/// The median of `times`.
fn middle(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `n` cases from the embedded vectors' bases and relative URLs, each
/// relative URL made distinct by a counter.
fn generate(n: usize) -> Vec<(String, String)> {
    let corpus = rfc1808_vectors::embedded();
    let clean = |s: &&str| !s.is_empty() && !s.contains(['\t', '\r', '\n']);
    let mut bases: Vec<&str> = corpus
        .resolve
        .iter()
        .filter_map(|v| v.base.as_deref())
        .filter(clean)
        .collect();
    let mut relatives: Vec<&str> = corpus
        .resolve
        .iter()
        .map(|v| v.relative.as_str())
        .filter(clean)
        .collect();
    bases.sort_unstable();
    bases.dedup();
    relatives.sort_unstable();
    relatives.dedup();
    (0..n)
        .map(|i| {
            let base = bases[i % bases.len()];
            let relative = relatives[(i / bases.len()) % relatives.len()];
            (base.to_owned(), format!("{relative}{i}"))
        })
        .collect()
}

enum Check {
    /// `cat` answers each request line as is.
    Echo,
    Resolved,
}

fn through(protocol: Protocol, command: Vec<String>, cases: &[Case<'_>], check: Check) -> Duration {
    let spec = ImplSpec::new("bench", command, protocol);
    let start = Instant::now();
    let mut adapter = subprocess::spawn(&spec).unwrap_or_else(|e| panic!("{e}"));
    let replies = adapter.resolve_all(cases);
    drop(adapter);
    let elapsed = start.elapsed();
    assert_eq!(replies.len(), cases.len());
    for (case, reply) in cases.iter().zip(&replies) {
        match (&check, &reply.answer) {
            (Check::Echo, Answer::Resolved(got)) => {
                assert_eq!(
                    *got,
                    format!("{}\t{}", case.base.unwrap_or(""), case.relative)
                )
            }
            (Check::Resolved, Answer::Resolved(_)) => {}
            (_, other) => panic!("{}: {other:?}", case.relative),
        }
    }
    elapsed
}

/// The same bytes as the `lines` protocol, through `cat` with nothing but a
/// writer thread and a buffered reader.
fn raw_pipe(cases: &[Case<'_>]) -> Duration {
    let mut requests = Vec::new();
    for case in cases {
        requests.extend_from_slice(case.base.unwrap_or("").as_bytes());
        requests.push(b'\t');
        requests.extend_from_slice(case.relative.as_bytes());
        requests.push(b'\n');
    }
    let start = Instant::now();
    let mut cat = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cat runs");
    let mut stdin = cat.stdin.take().unwrap();
    let writer = thread::spawn(move || stdin.write_all(&requests).unwrap());
    let mut reader = BufReader::with_capacity(64 << 10, cat.stdout.take().unwrap());
    let mut lines = 0;
    let mut line = Vec::new();
    while reader.read_until(b'\n', &mut line).unwrap() > 0 {
        lines += 1;
        line.clear();
    }
    writer.join().unwrap();
    cat.wait().unwrap();
    let elapsed = start.elapsed();
    assert_eq!(lines, cases.len());
    elapsed
}

/// Python per case, `argv` against `jsonl`, on fewer cases since `argv`
/// starts an interpreter per case.
fn python(cases: &[Case<'_>]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let real = root.join("adapters/cpython-urllib.py");
    let (argv, jsonl, which) = if real.exists() {
        let script = real.display().to_string();
        (
            vec!["python3".to_owned(), script.clone()],
            vec!["python3".to_owned(), script, "--jsonl".to_owned()],
            "adapters/cpython-urllib.py",
        )
    } else {
        let script = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/misbehave/adapter.py")
            .display()
            .to_string();
        (
            vec!["python3".to_owned(), script.clone(), "argv".to_owned()],
            vec!["python3".to_owned(), script, "jsonl".to_owned()],
            "tests/misbehave/adapter.py",
        )
    };
    println!("python3 ({which}):");
    let few = &cases[..200];
    let many = &cases[..20_000];
    let per_case_argv =
        median(|| through(Protocol::Argv, argv.clone(), few, Check::Resolved)) / few.len() as u32;
    let per_case_jsonl = median(|| through(Protocol::Jsonl, jsonl.clone(), many, Check::Resolved))
        / many.len() as u32;
    println!(
        "  {:<28} {:>10.2} µs/case   (200 cases)",
        "argv",
        per_case_argv.as_secs_f64() * 1e6
    );
    println!(
        "  {:<28} {:>10.2} µs/case   (20,000 cases; argv / jsonl = {:.0}x)",
        "jsonl",
        per_case_jsonl.as_secs_f64() * 1e6,
        per_case_argv.as_secs_f64() / per_case_jsonl.as_secs_f64()
    );
}

fn median(f: impl Fn() -> Duration) -> Duration {
    middle((0..RUNS).map(|_| f()).collect())
}

fn report(name: &str, total: Duration, pipe: Duration, cases: usize) {
    println!(
        "  {name:<28} {:>8.3} µs/case   ratio to pipe {:>6.2}",
        total.as_secs_f64() * 1e6 / cases as f64,
        total.as_secs_f64() / pipe.as_secs_f64()
    );
}

fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}
