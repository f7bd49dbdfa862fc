//! `rfc1808 fuzz` against subprocess implementations: a deliberately wrong
//! one (a Python proxy in front of `rfc1808 serve` that drops empty
//! queries and lowercases schemes), and the reference itself.

mod common;

use std::process::Output;

use common::fuzz::overview;
use common::repo::Repo;
use common::{
    assert_contains, assert_ends_with, assert_starts_with, promoted, stderr, stdout, BIN,
};

use rfc1808_harness::fuzz::is_absolute;

/// The wrong implementation: the reference, with an empty query dropped
/// from its answers (as a library that keeps the query as a plain string
/// would), found by the rules of RFC 1808 section 2.4, and the scheme in
/// lower case. Each of its processes (`--jobs`) writes each base it is
/// asked about to a `bases-PID.log` of its own.
const BUGGY: &str = r##"
import os, re, subprocess, sys

def drop_empty_query(url):
    head, hash, fragment = url.partition("#")
    scheme = re.match(r"[A-Za-z0-9+.-]+:", head)
    at = scheme.end() if scheme else 0
    if head.startswith("//", at):
        slash = head.find("/", at + 2)
        at = len(head) if slash < 0 else slash
    if head.find("?", at) == len(head) - 1:
        head = head[:-1]
    return head + hash + fragment

def lowercase_scheme(url):
    scheme = re.match(r"[A-Za-z0-9+.-]+:", url)
    return url if not scheme else scheme.group().lower() + url[scheme.end():]

serve = subprocess.Popen([sys.argv[1], "serve", "--protocol", "lines"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
log = open(f"bases-{os.getpid()}.log", "wb")
for line in sys.stdin.buffer:
    log.write(line.split(b"\t")[0] + b"\n")
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline().rstrip(b"\n").decode("utf-8", "surrogateescape")
    if not answer.startswith("\t"):
        answer = lowercase_scheme(drop_empty_query(answer))
    sys.stdout.buffer.write(answer.encode("utf-8", "surrogateescape") + b"\n")
    sys.stdout.buffer.flush()
serve.stdin.close()
serve.wait()
log.close()
"##;

/// A directory to fuzz in, whose `vectors/` is a copy of the frozen corpus
/// of `tests/fixtures/frozen-corpus` (the RFC 1808 examples, the one
/// interpretation vector that a test lists, and an empty regressions file
/// for `--promote`), which every fuzz run here reads through `--vectors`.
///
/// Frozen because `rfc1808 fuzz` seeds its generator from the corpus: with
/// the growing `vectors/` every new vector, anywhere, moved the counts,
/// steps and shrunk examples these tests pin, and they tested the corpus,
/// not the fuzzer. Edit the copy only to change what these tests mean.
fn setup() -> Repo {
    let setup = Repo::new();
    setup.write("buggy.py", BUGGY);
    let frozen =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frozen-corpus");
    common::copy_vectors_from(&frozen, setup.root());
    setup
}

fn buggy(setup: &Repo) -> String {
    format!(
        "buggy=python3 {} {}",
        shell_words::quote(&setup.path("buggy.py").display().to_string()),
        shell_words::quote(BIN)
    )
}

/// Fuzzes the proxy held to the default reading of empty components:
/// its dropped empty queries are the reading `empty-component=absent`,
/// a finding only when the default is held.
fn fuzz_buggy(setup: &Repo, extra: &[&str]) -> Output {
    let mut args = vec!["--reading", "empty-component=kept"];
    args.extend_from_slice(extra);
    fuzz_buggy_under_any_reading(setup, &args)
}

fn fuzz_buggy_under_any_reading(setup: &Repo, extra: &[&str]) -> Output {
    let buggy = buggy(setup);
    let mut args = vec![
        "fuzz",
        "--vectors",
        "vectors",
        "--impl",
        &buggy,
        "--protocol",
        "lines",
        "--seed",
        "1",
        "--max-cases",
        "3000",
    ];
    args.extend_from_slice(extra);
    setup.run(&args)
}

/// The lines of a report's block for the kind with this heading, up to the
/// blank line after it.
fn block<'r>(report: &'r str, heading: &str) -> Vec<&'r str> {
    report
        .split("\n\n")
        .find(|b| b.starts_with(heading))
        .unwrap_or_else(|| panic!("no {heading} in {report}"))
        .lines()
        .collect()
}

/// The bases the proxy was asked about.
/// The bases the last run asked about, from the logs of its processes,
/// which are then removed.
fn logged_bases(setup: &Repo) -> Vec<String> {
    let mut bases = Vec::new();
    for entry in std::fs::read_dir(setup.root()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("bases-") && name.ends_with(".log") {
            let log = std::fs::read(&path).unwrap();
            bases.extend(String::from_utf8_lossy(&log).lines().map(str::to_owned));
            std::fs::remove_file(&path).unwrap();
        }
    }
    bases
}

#[test]
fn a_wrong_implementation_is_found_shrunk_and_classified() {
    let setup = setup();
    let out = fuzz_buggy(&setup, &[]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    assert_starts_with(&report, "buggy\nseed 1: 3000 cases in ");
    assert_contains(
        &report,
        "\n227 mismatches in 3 kinds: 3 new, 0 known; first new kind after ",
    );
    // The proxy's lower-cased schemes are the catalogue's
    // `scheme-lowercased`; its dropped empty queries are no deviation of
    // RFC 1808 but the reading `empty-component=absent`, which this run
    // holds it away from, so nothing explains them.
    assert!(
        report.contains(
            "\nfollows RFC 1808 with scheme-lowercased (169); 58 of 227 mismatches unexplained\n"
        ),
        "{report}"
    );
    // The cases are seeded from the corpus, so the rerun line names the
    // directory the vectors came from.
    assert_contains(
        &report,
        "\nrerun: rfc1808 fuzz --vectors vectors --spec rfc1808 --impl ",
    );
    // What nothing explains first, then each cause, each group most
    // frequent first, each with its shrunk example. A case with both
    // bugs (`A:?` as `a:`) is unexplained too: the dropped `?` is no
    // deviation here.
    assert_eq!(
        overview(&report),
        [
            r#"   56  empty query dropped  "a?" against "http://a""#,
            r#"    2  scheme case changed  "A:?" against "http://a""#,
            r#"  169  new    scheme-lowercased  4  same resource  "A:" against "http://a""#,
        ]
    );
    // Then the details in the same order, with the steps each kind was
    // found at and a command to promote it, or for a cause what it is and
    // how it shows.
    assert_eq!(
        block(&report, "1. "),
        [
            "1. empty query dropped (56 mismatches)",
            "   steps:     Step 2a (3), Step 2b (5), Step 4 (1), Step 5a (2), Step 6 (45)",
            r#"   base:      "http://a""#,
            r#"   relative:  "a?""#,
            r#"   reference: "http://a/a?""#,
            r#"   buggy:     "http://a/a""#,
            "   rfc1808 promote --base http://a --relative 'a?' --source 'rfc1808 fuzz against buggy' \
             --note 'buggy differs at Step 6: empty query dropped'",
        ]
    );
    assert_eq!(
        block(&report, "3. "),
        [
            "3. scheme-lowercased (169 mismatches, explained)",
            "   deviation: scheme-lowercased: the scheme of the result is lower-cased (4)",
            "   shows as:  scheme case changed",
            "   steps:     Step 2a (6), Step 2b (105), Step 3 (1), Step 4 (8), Step 5a (1), \
             Step 5b (5), Step 6 (43)",
            r#"   base:      "http://a""#,
            r#"   relative:  "A:""#,
            r#"   reference: "A:""#,
            r#"   buggy:     "a:""#,
            "   accept it: rerun with --write-expectations FILE, which lists its deviations",
        ]
    );
    assert_ends_with(&report, "\n3 new kinds of mismatch found\n");
}

#[test]
fn without_reading_an_answer_under_any_reading_is_no_mismatch() {
    let setup = setup();
    let count = |report: &str, kind: &str| {
        overview(report)
            .iter()
            .find(|l| l.contains(kind))
            .map_or(0, |l| {
                l.split_whitespace().next().unwrap().parse::<u64>().unwrap()
            })
    };
    let held = stdout(&fuzz_buggy(&setup, &[]));
    let out = fuzz_buggy_under_any_reading(&setup, &[]);
    let any = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{any}{}", stderr(&out));
    // The proxy's dropped empty queries are `empty-component=absent`, but
    // for a few cases no reading answers as it does (`g?#` as `g#`); its
    // lower-cased schemes are no reading at all.
    let dropped = |report: &str| count(report, "empty query dropped");
    assert!(dropped(&any) * 2 < dropped(&held), "{any}\n{held}");
    let lowered =
        |report: &str| count(report, "scheme-lowercased") + count(report, "scheme case changed");
    assert!(lowered(&any) > 0, "{any}");
    assert_eq!(lowered(&any), lowered(&held), "{any}\n{held}");
    let out = setup.run(&[
        "fuzz",
        "--impl",
        "x=true",
        "--reading",
        "empty-component=nil",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: --reading: ambiguity `empty-component` has no reading `nil`, expected one \
         of `kept`, `absent`\n"
    );
}

#[test]
fn bases_are_absolute_urls_unless_any_base_is_given() {
    let setup = setup();
    let out = fuzz_buggy(&setup, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let bases = logged_bases(&setup);
    // The generated cases, then the shrinkers' candidates.
    assert!(bases.len() > 3000, "{} bases", bases.len());
    let not_absolute: Vec<&String> = bases.iter().filter(|b| !is_absolute(b)).collect();
    assert!(not_absolute.is_empty(), "{not_absolute:?}");

    let out = fuzz_buggy(&setup, &["--any-base"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    let bases = logged_bases(&setup);
    let not_absolute = bases.iter().filter(|b| !is_absolute(b)).count();
    assert!(not_absolute > 500, "{not_absolute} of {}", bases.len());
    // The empty base of Step 1 among them; the shrunk examples keep to
    // bases that look real where the kind survives with one.
    assert!(report.contains("\n   steps:     Step 1 ("), "{report}");
    assert!(bases.iter().any(String::is_empty));
    assert!(report.contains(r#"   base:      "http://a""#), "{report}");
}

#[test]
fn a_kind_a_listed_vector_shows_is_known() {
    let setup = setup();
    std::fs::write(
        setup.path("expected.toml"),
        "[[expected-failure]]\nid = \"interpretation/trailing-question\"\nreason = \"drops a trailing ?\"\n",
    )
    .unwrap();
    let out = fuzz_buggy(&setup, &["--expectations", "expected.toml"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert_contains(&report, "mismatches in 3 kinds: 2 new, 1 known;");
    // What nothing explains, new kinds first, then known ones; then the
    // causes.
    assert_eq!(
        overview(&report),
        [
            r#"    2  scheme case changed  "A:?" against "http://a""#,
            r#"   56  empty query dropped  "g?" against "http://a/b/c/d;p?q#f"  (known: `interpretation/trailing-question`)"#,
            r#"  169  new    scheme-lowercased  4  same resource  "A:" against "http://a""#,
        ]
    );
    assert_eq!(
        block(&report, "known, "),
        [
            "known, as listed vector `interpretation/trailing-question`: empty query dropped (56 mismatches)",
            "   steps:     Step 2a (3), Step 2b (5), Step 4 (1), Step 5a (2), Step 6 (45)",
            r#"   base:      "http://a/b/c/d;p?q#f""#,
            r#"   relative:  "g?""#,
            r#"   reference: "http://a/b/c/g?""#,
            r#"   buggy:     "http://a/b/c/g""#,
        ]
    );
}

#[test]
fn promote_appends_one_case_per_kind() {
    let setup = setup();
    let out = fuzz_buggy(&setup, &["--promote"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    let file = setup.path("vectors/regressions.toml");
    assert!(
        report.ends_with(&format!(
            "promoted empty query dropped: `regression/1` in {0}\n\
             promoted scheme case changed: `regression/2` in {0}\n\
             promoted scheme-lowercased: `regression/3` in {0}\n",
            file.display()
        )),
        "{report}"
    );
    let promoted = promoted(&setup.path("vectors"));
    let promoted: Vec<(&str, &str, &str, &str)> = promoted
        .iter()
        .map(|(id, base, relative, note)| (&**id, &**base, &**relative, note.as_deref().unwrap()))
        .collect();
    assert_eq!(
        promoted,
        [
            (
                "regression/1",
                "http://a",
                "a?",
                "buggy differs at Step 6: empty query dropped"
            ),
            (
                "regression/2",
                "http://a",
                "A:?",
                "buggy differs at Step 2b: scheme case changed"
            ),
            (
                "regression/3",
                "http://a",
                "A:",
                "buggy differs at Step 2b: explained by scheme-lowercased"
            ),
        ]
    );
    let corpus = rfc1808_vectors::load_dir(&setup.path("vectors")).unwrap();
    assert!(corpus
        .resolve
        .iter()
        .filter(|v| v.id.starts_with("regression/"))
        .all(|v| v.source == "rfc1808 fuzz against buggy"));
    // The promoted vectors run, and pass, on the reference.
    let run = setup.run(&["--vectors", "vectors", "run"]);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    assert!(stdout(&run).contains(&format!("reference: ok. {} passed;", corpus.resolve.len())));
}

#[test]
fn the_reference_served_as_an_adapter_shows_no_mismatch() {
    let setup = setup();
    let reference = format!("ref={} serve --protocol jsonl", shell_words::quote(BIN));
    let out = setup.run(&[
        "fuzz",
        "--vectors",
        "vectors",
        "--impl",
        &reference,
        "--protocol",
        "jsonl",
        "--max-cases",
        "5000",
        "--seed",
        "7",
    ]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    assert!(report.contains("seed 7: 5000 cases in "), "{report}");
    assert_contains(&report, "\n0 mismatches in 0 kinds: 0 new, 0 known\n");
    assert!(report.ends_with("\nno mismatch outside the expectations\n"));
    assert_eq!(
        stderr(&out),
        "",
        "no progress line when stderr is not a terminal"
    );
}

#[test]
fn usage_and_startup_errors_exit_2() {
    let setup = setup();
    let out = setup.run(&["fuzz", "--impl", "x=/no/such/adapter", "--max-cases", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: implementation `x`: cannot run command `/no/such/adapter`: program not found\n"
    );
    let out = setup.run(&["fuzz", "--impl", "x=true", "--time", "ten minutes"]);
    assert_eq!(out.status.code(), Some(2));
    assert_contains(
        &stderr(&out),
        "`ten minutes`: the unit is not one of ms, s, m, h",
    );
    let out = setup.run(&["fuzz", "--impl", "noequals", "--max-cases", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: --impl `noequals`: expected NAME=COMMAND\n"
    );
    let out = setup.run(&[
        "fuzz",
        "--impl",
        "x=true",
        "--max-cases",
        "1",
        "--expectations",
        "missing.toml",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: missing.toml: cannot read the file: No such file or directory (os error 2)\n"
    );
}

/// An adapter that stalls: it never answers a case whose relative URL holds
/// the character given as its argument (every case with `all`), and
/// rejects every other case with `no: rejected`. It answers the first case
/// it is sent whatever it is, so that its stalls are never taken for a
/// slow start (the first answer has a start-up allowance), unless the
/// argument is `mute`: then it answers nothing. Speaks `lines`, or `argv`
/// when it is given a base and a relative URL after its argument.
const STALLING: &str = r##"
import sys, time
stall_on = sys.argv[1]
if len(sys.argv) == 4:
    if stall_on in sys.argv[3]:
        time.sleep(3600)
    sys.stderr.write("no: rejected\n")
    sys.exit(1)
first = True
for line in sys.stdin:
    base, _, relative = line.rstrip("\n").partition("\t")
    if stall_on == "mute" or not first and (stall_on == "all" or stall_on in relative):
        time.sleep(3600)
    first = False
    sys.stdout.write("\tno: rejected\n")
    sys.stdout.flush()
"##;

/// Fuzzes the stalling adapter over `lines`; returns the output and the
/// wall time.
fn fuzz_stalling(
    setup: &Repo,
    stall_on: &str,
    time: &str,
    timeout: &str,
) -> (Output, std::time::Duration) {
    fuzz_stalling_over(setup, "lines", stall_on, time, timeout)
}

fn fuzz_stalling_over(
    setup: &Repo,
    protocol: &str,
    stall_on: &str,
    time: &str,
    timeout: &str,
) -> (Output, std::time::Duration) {
    std::fs::write(setup.path("stalling.py"), STALLING).unwrap();
    let stalling = format!(
        "stalling=python3 {} {}",
        shell_words::quote(&setup.path("stalling.py").display().to_string()),
        shell_words::quote(stall_on)
    );
    let start = std::time::Instant::now();
    let out = setup.run(&[
        "fuzz",
        "--vectors",
        "vectors",
        "--impl",
        &stalling,
        "--protocol",
        protocol,
        "--seed",
        "1",
        "--time",
        time,
        "--timeout",
        timeout,
    ]);
    (out, start.elapsed())
}

/// The count of the overview line of `kind` (a symptom, or deviations),
/// if the report has one.
fn count_of(report: &str, kind: &str) -> Option<u64> {
    overview(report).iter().find_map(|line| {
        let (count, rest) = line.trim_start().split_once("  ")?;
        let rest = ["new    ", "known  "]
            .iter()
            .find_map(|status| rest.strip_prefix(status))
            .unwrap_or(rest);
        rest.starts_with(kind).then(|| count.parse().unwrap())
    })
}

/// The counts of every kind of the overview, added up: every mismatch.
fn total(report: &str) -> u64 {
    overview(report)
        .iter()
        .map(|line| {
            line.split_whitespace()
                .next()
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum()
}

/// `seed 1: 1234 cases in 3.0s, ...`: the number of cases.
fn cases(report: &str) -> u64 {
    let line = report.lines().nth(1).unwrap();
    let after = line.strip_prefix("seed 1: ").unwrap();
    after.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_timed_run_ends_within_one_timeout_of_its_time_however_the_adapter_stalls() {
    let setup = setup();
    // `#` is in many generated relative URLs: a batch of 100 cases would
    // cost a dozen timeouts or more if the run waited for it to end.
    let (out, took) = fuzz_stalling(&setup, "#", "3s", "1");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    // 3s, one timeout of 1s, and 1.5s for starting and stopping.
    assert!(took.as_secs_f64() < 5.5, "{took:?}\n{report}");
    // Each stall costs a timeout, so at most 3s / 1s of them, plus the one
    // started last, count as failures to answer.
    let failed = count_of(&report, "failed to answer").expect(&report);
    assert!((1..=4).contains(&failed), "{failed}\n{report}");
    // Every case counted was answered or failed: nothing else is counted.
    // (A rejection against a base whose scheme most libraries do not know
    // is `unknown-scheme-rejected`, the rest are unexplained.)
    assert_eq!(total(&report), cases(&report), "{report}");
    assert_contains(&report, "\n   stalling:  failed: timeout after 1s\n");
    assert!(!report.contains("not run"), "{report}");
}

#[test]
fn a_timed_run_over_argv_ends_within_one_timeout_of_its_time() {
    let setup = setup();
    let (out, took) = fuzz_stalling_over(&setup, "argv", "#", "2s", "2");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    // 2s, one timeout of 2s, and 1.5s for the last processes to go.
    assert!(took.as_secs_f64() < 5.5, "{took:?}\n{report}");
    // A process per case: on a busy machine even the cases that do not
    // stall may take the timeout to start, so only the sum is certain.
    assert!(cases(&report) > 0, "{report}");
    assert_eq!(total(&report), cases(&report), "{report}");
    assert!(!report.contains("not run"), "{report}");
}

#[test]
fn a_timed_run_does_not_wait_out_a_start_up_allowance_past_its_time() {
    let setup = setup();
    // The first answer may take 10s more than the timeout, for the adapter
    // to start; a 2s run waits one timeout past its time and no more, and
    // a case cut short so is neither answered nor a failure.
    let (out, took) = fuzz_stalling(&setup, "mute", "2s", "0.5");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    assert!(took.as_secs_f64() < 4.0, "{took:?}\n{report}");
    assert_eq!(cases(&report), 0, "{report}");
    assert!(
        report.contains(
            "\nno case was answered in the time: an adapter that is slow to start needs a \
             longer --time\n0 mismatches in 0 kinds: 0 new, 0 known\n"
        ),
        "{report}"
    );
}

#[test]
fn a_run_stops_counting_when_the_adapter_is_given_up_on() {
    let setup = setup();
    let (out, took) = fuzz_stalling(&setup, "all", "60s", "0.2");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    // Eleven processes (the first and ten restarts), each answering one
    // case and stalling on the next, then no more cases: not a minute of
    // counting cases that were never sent.
    assert!(took.as_secs_f64() < 15.0, "{took:?}\n{report}");
    assert_eq!(cases(&report), 22, "{report}");
    assert_contains(
        &report,
        "\nstopped early: gave up on the adapter after 10 restarts\n",
    );
    assert!(report.contains("\n22 mismatches in "), "{report}");
    assert_eq!(count_of(&report, "failed to answer"), Some(11), "{report}");
    // The rejections, unexplained or explained by a deviation that
    // rejects (`unknown-scheme-rejected`).
    assert_eq!(total(&report), 22, "{report}");
    assert_contains(&report, "\n   stalling:  failed: timeout after 200ms\n");
    assert!(!report.contains("not run"), "{report}");
}
