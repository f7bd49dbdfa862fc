//! The `libtest` suite in a library's own `cargo test` and `rfc1808 run`
//! grade oxiri alike, vector by vector: the suite with oxiri's resolution
//! as its resolve function, the command line's session with this adapter
//! (what `rfc1808 run --impl o=target/release/rust-oxiri --protocol jsonl
//! --spec S --expectations FILE` runs), under each spec, against the
//! in-tree ledgers, with and without a reading held: the same verdicts,
//! spec and cause fingerprints and readings.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use libtest_mimic::Arguments;
use oxiri::Iri;
use rfc1808_harness::filter::Filter;
use rfc1808_harness::report::ImplReport;
use rfc1808_harness::session::Session;
use rfc1808_harness::{ImplSpec, Protocol};
use rfc1808_vectors::expectations::Expectations;
use rfc1808_vectors::fingerprint;
use rfc1808_vectors::libtest::Suite;
use rfc1808_vectors::Spec;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The vectors the ledgers are written for: the built-in ones and those
/// promoted from fuzzing the adapters (`adapters/findings/`).
fn corpus() -> rfc1808_vectors::Corpus {
    let mut source = rfc1808_harness::corpus::VectorSource::default();
    source.add(&root().join("adapters/findings"));
    source.load().unwrap_or_else(|e| panic!("{e}"))
}

/// The in-tree ledger of rust-oxiri under `spec`, if there is one.
fn ledger(spec: Spec) -> Option<PathBuf> {
    let file = root().join(format!("adapters/expectations/{spec}/rust-oxiri.toml"));
    file.exists().then_some(file)
}

/// One run of the adapter, as `rfc1808 run` makes it.
fn cli<'c>(corpus: &'c rfc1808_vectors::Corpus, spec: Spec, reading: &str) -> ImplReport<'c> {
    let mut session = Session::new(corpus, Filter::default()).unwrap();
    session.add(ImplSpec::new(
        "o",
        [env!("CARGO_BIN_EXE_rust-oxiri")],
        Protocol::Jsonl,
    ));
    session.by_spec(spec);
    session.hold(reading);
    if let Some(file) = ledger(spec) {
        session.set_expectations("o", file).unwrap();
    }
    let mut report = session.run().unwrap_or_else(|e| panic!("{e}"));
    report.implementations.remove(0)
}

/// The suite with oxiri's resolution and the same settings, its trials run
/// as `cargo test` runs them.
fn suite(spec: Spec, reading: &str) -> Suite {
    let mut suite = Suite::new(|base: &str, relative: &str| {
        Iri::parse(base).and_then(|base| base.resolve(relative).map(Iri::into_inner))
    })
    .with_corpus(corpus())
    .spec(spec)
    .reading(reading)
    // What the adapter's handshake reports, from the same Cargo.lock.
    .version(env!("LIBRARY_VERSION"));
    if let Some(file) = ledger(spec) {
        suite = suite.expectations_file(file).unwrap();
    }
    // libtest's lines go to a log, not among this test's: a run expected
    // to fail says FAILED.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let log = std::env::temp_dir().join(format!(
        "rfc1808-suite-parity-{}-{}.log",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let args = Arguments {
        logfile: Some(log.display().to_string()),
        ..Arguments::default()
    };
    let conclusion = libtest_mimic::run(&args, suite.trials().unwrap());
    let _ = std::fs::remove_file(&log);
    assert_eq!(conclusion.num_filtered_out, 0);
    suite
}

#[test]
fn the_suite_and_the_command_line_agree_vector_by_vector() {
    let corpus = corpus();
    for (spec, reading) in [
        (Spec::Rfc1808, ""),
        (Spec::Rfc2396, ""),
        (Spec::Rfc3986, ""),
        (Spec::Rfc3986, "same-scheme=non-strict"),
    ] {
        let at = format!("{spec} {reading}");
        let cli = cli(&corpus, spec, reading);
        let suite = suite(spec, reading);
        let graded = suite.graded().unwrap();
        let by_suite: Vec<(&str, _)> = graded
            .iter()
            .map(|(v, _, verdict)| (v.id.as_str(), *verdict))
            .collect();
        let by_cli: Vec<(&str, _)> = cli
            .results
            .iter()
            .map(|g| (g.outcome.vector.id.as_str(), g.verdict))
            .collect();
        assert_eq!(by_suite, by_cli, "{at}");
        // The same fingerprint and readings, the same failed or not.
        let summary = suite.summary().unwrap();
        let agreement = fingerprint::describe_grading(spec, &cli.agreement());
        assert!(
            summary.contains(&format!("\n  {agreement}")),
            "{at}: {summary}"
        );
        assert!(
            cli.describe_spec()
                .ends_with(&format!("; {}", cli.describe_agreement())),
            "{at}"
        );
        // The same cause fingerprint, from the same attribution.
        let causes = cli
            .describe_causes()
            .expect("oxiri answers some vector wrong");
        assert!(
            summary.contains(&format!("\n  {causes}\n")),
            "{at}: {causes} in {summary}"
        );
        for reading in cli.readings() {
            let line = format!("\n  reading {}", reading.describe());
            assert!(summary.contains(&line), "{at}: {line} in {summary}");
        }
        let ok = if cli.ok() { ": ok." } else { ": FAILED." };
        assert!(
            summary.lines().next().unwrap().contains(ok),
            "{at}: {summary}"
        );
    }
}

#[test]
fn under_its_claimed_spec_both_pass_with_the_ledgers_failures() {
    let corpus = corpus();
    let cli = cli(&corpus, Spec::Rfc3986, "");
    assert!(cli.ok());
    let suite = suite(Spec::Rfc3986, "");
    let ledger = Expectations::load(&ledger(Spec::Rfc3986).unwrap()).unwrap();
    let expected: Vec<&str> = suite
        .graded()
        .unwrap()
        .iter()
        .filter(|(_, _, verdict)| !verdict.answered_right())
        .map(|(v, _, _)| v.id.as_str())
        .collect();
    // The ledger lists oxiri's root causes, and by id what none explains;
    // both grade the same vectors as expected failures, 15 of them built in.
    assert!(!ledger.deviations.is_empty() && ledger.entries.len() < 15);
    let mut listed: Vec<&str> = cli
        .results
        .iter()
        .filter(|g| g.verdict == rfc1808_vectors::grade::Verdict::ExpectedFailure)
        .map(|g| g.outcome.vector.id.as_str())
        .collect();
    let mut failed = expected.clone();
    listed.sort_unstable();
    failed.sort_unstable();
    assert_eq!(failed, listed);
    let summary = suite.summary().unwrap();
    let head = format!(
        "rfc1808 vectors under RFC 3986: ok. {} passed; 0 failed; {} expected failures;",
        corpus.resolve.len() - listed.len(),
        listed.len()
    );
    assert!(summary.starts_with(&head), "{head} in {summary}");
    listed.retain(|id| !id.starts_with("regression/"));
    assert_eq!(listed.len(), 15);
    // The example crate's file, written by RFC1808_WRITE_EXPECTATIONS over
    // the built-in vectors, lists the same built-in vectors.
    let example = root().join("examples/oxiri-suite/tests/rfc3986-expected.toml");
    let example = Expectations::load(&example).unwrap();
    assert_eq!(example.spec, Spec::Rfc3986);
    let mut written: Vec<&str> = example.entries.iter().map(|e| e.id.as_str()).collect();
    written.sort_unstable();
    assert_eq!(written, listed);
}
