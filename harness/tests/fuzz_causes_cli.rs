//! `rfc1808 fuzz` by cause: a mismatch's kind is the set of deviations
//! that explains it, a kind the expectations' deviations explain is known,
//! and a run accepts what it found into the expectations file. Against
//! `tests/fixtures/deviant.py`, the reference served under RFC 3986 with
//! an empty query taken for none (the catalogue's `empty-query-dropped`),
//! and, for what nothing explains, a query that loses its last character.

mod common;

use std::path::Path;
use std::process::Output;

use common::fuzz::overview;
use common::repo::Repo;
use common::{
    assert_contains, assert_ends_with, assert_error, assert_starts_with,
    rfc1808_expectations_under_rfc3986, stderr, stdout, BIN,
};

/// Fuzzes the deviant adapter in `modes` (`empty-query`,
/// `empty-query+short-query`) with `seed`, over `jsonl`: its handshake
/// claims RFC 3986, the spec of the run.
fn fuzz(setup: &Repo, modes: &str, seed: &str, extra: &[&str]) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deviant.py");
    let implementation = format!(
        "dev=python3 {} {} {modes}",
        shell_words::quote(&script.display().to_string()),
        shell_words::quote(BIN)
    );
    let mut args = vec!["fuzz", "--impl", &implementation, "--protocol", "jsonl"];
    args.extend(["--seed", seed, "--max-cases", "3000"]);
    args.extend_from_slice(extra);
    setup.run(&args)
}

#[test]
fn a_deviation_not_listed_is_a_new_kind_named_by_it() {
    let setup = Repo::new();
    let out = fuzz(&setup, "empty-query", "1", &[]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    assert_starts_with(
        &report,
        "dev: deviant 1.0 (rust, RFC 3986)\nseed 1: 3000 cases in ",
    );
    assert!(report.contains("\nagainst rfc3986: "), "{report}");
    assert!(
        report.contains(
            "\n113 mismatches in 1 kind: 1 new, 0 known; first new kind after "
        ) && report.contains(
            "\nfollows RFC 3986 with empty-query-dropped (113); 0 of 113 mismatches unexplained\n"
        ),
        "{report}"
    );
    // One cause, its sections, another resource, the smallest case.
    assert_eq!(
        overview(&report),
        [
            r#"  113  new    empty-query-dropped  5.2.2, 5.3  other resource  "" against "http://a?""#
        ]
    );
    assert!(
        report.contains(
            "\n1. empty-query-dropped (113 mismatches, explained)\n   deviation: \
             empty-query-dropped: an empty query (`?` and nothing after it) is taken for none \
             (5.2.2, 5.3)\n   shows as:  5.3: empty query dropped\n"
        ),
        "{report}"
    );
    assert_ends_with(&report, "\n1 new kind of mismatch found\n");
}

#[test]
fn accepted_causes_make_a_run_on_another_seed_pass() {
    let setup = Repo::new();
    let out = fuzz(
        &setup,
        "empty-query",
        "1",
        &["--write-expectations", "dev.toml"],
    );
    // The run found a new kind, so it fails; the file now lists its cause.
    assert_error(
        &out,
        1,
        "rfc1808: wrote dev.toml for `dev`: 0 kept, 1 added, 0 dropped (deviations \
         empty-query-dropped)\n",
    );
    assert_eq!(
        setup.read("dev.toml"),
        "# Expected failures, read by `rfc1808 run --expectations`.\n\
         # Each vector listed here fails; a listed vector that passes fails the run.\n\
         spec = \"rfc3986\"\n\
         written-for = [\"1.0.0\"]\n\
         \n\
         [[deviation]]\n\
         name = \"empty-query-dropped\"\n\
         reason = \"an empty query (`?` and nothing after it) is taken for none (explains 113 \
         fuzz mismatches, the empty reference against `http://a?` among them)\"\n"
    );
    // Another seed, other cases, the same cause: known, and the run passes.
    let out = fuzz(&setup, "empty-query", "2", &["--expectations", "dev.toml"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    let lines = overview(&report);
    assert_eq!(lines.len(), 1, "{report}");
    assert!(
        lines[0].contains("  known  empty-query-dropped  5.2.2, 5.3  other resource  "),
        "{report}"
    );
    // Its mismatches are counted by deviation, not as kinds: the run has
    // nothing to say.
    assert!(
        report.contains(" mismatches in 0 kinds: 0 new, 0 known, and ")
            && report.contains(" mismatches known by 1 listed deviation\n"),
        "{report}"
    );
    // A known cause has its line, and no details: it is no finding.
    assert!(!report.contains("\n1. "), "{report}");
    assert_ends_with(&report, "\nno mismatch outside the expectations\n");
    // A timed run passes too.
    let out = fuzz(
        &setup,
        "empty-query",
        "3",
        &["--expectations", "dev.toml", "--time", "3s"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn what_nothing_explains_is_still_a_finding_after_accepting() {
    let setup = Repo::new();
    let accept = ["--write-expectations", "dev.toml"];
    let out = fuzz(&setup, "empty-query+short-query", "1", &accept);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        stderr(&out).ends_with(
            "rfc1808: dev: 1 new kind nothing explains is not written to dev.toml (no vectors \
             yet: --promote, or add them by hand)\n"
        ),
        "{}",
        stderr(&out)
    );
    let written = setup.read("dev.toml");
    assert!(
        written.contains("name = \"empty-query-dropped\"") && !written.contains("id = "),
        "{written}"
    );
    // What nothing explains leads the report, by symptom, and fails the
    // run whatever the file accepts.
    let out = fuzz(
        &setup,
        "empty-query+short-query",
        "2",
        &["--expectations", "dev.toml"],
    );
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let after_header = report.split("\n\n").nth(1).unwrap();
    assert!(
        after_header.starts_with("unexplained, ") && after_header.contains("  query differs  "),
        "{report}"
    );
    assert_contains(
        &report,
        "\nexplained by 1 deviation (docs/deviations.md):\n",
    );
    assert!(
        overview(&report)
            .iter()
            .any(|l| l.contains("  known  empty-query-dropped  ")),
        "{report}"
    );
}

#[test]
fn promoted_findings_are_accepted_as_vectors_and_the_next_run_goes_quiet() {
    let setup = Repo::new();
    let accept = [
        "--promote",
        "--to",
        "v/mine.toml",
        "--write-expectations",
        "dev.toml",
    ];
    let out = fuzz(&setup, "empty-query+short-query", "1", &accept);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).ends_with(
            "rfc1808: dev: 1 kind nothing explains is listed by the vectors promoted to \
             v/mine.toml; the next run reads them with --add-vectors v/mine.toml\n"
        ),
        "{}",
        stderr(&out)
    );
    let written = setup.read("dev.toml");
    // The cause by name, and each kind nothing explains as its promoted
    // vector, with its symptom for a reason until a person writes one.
    assert_contains(&written, "name = \"empty-query-dropped\"");
    let promoted = setup.read("v/mine.toml");
    let ids: Vec<&str> = written
        .lines()
        .filter_map(|l| l.strip_prefix("id = \""))
        .map(|l| l.trim_end_matches('"'))
        .collect();
    // One kind per quirk: the short query shows in every branch of 5.2.2.
    assert_eq!(ids.len(), 1, "{written}");
    for id in &ids {
        assert!(
            promoted.contains(&format!("id = \"{id}\"")),
            "{id}: {promoted}"
        );
    }
    assert_eq!(
        written
            .matches("nothing in the catalogue explains it")
            .count(),
        1,
        "{written}"
    );
    assert!(written.contains("fuzz: query differs;"), "{written}");
    // Another seed, with the file and the promoted vectors: nothing new.
    let known = ["--expectations", "dev.toml", "--add-vectors", "v"];
    let out = fuzz(&setup, "empty-query+short-query", "2", &known);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}{}", stderr(&out));
    // The kind the promoted vector shows is known by it; the listed
    // deviation's mismatches are counted by deviation.
    assert!(
        report.contains(" in 1 kind: 0 new, 1 known, and ")
            && report.contains(" mismatches known by 1 listed deviation\n"),
        "{report}"
    );
    // Seeded from the built-in vectors only, the cases of a seed are the
    // same whatever vectors are added: a gate's stay put as it promotes.
    let mismatches = |extra: &[&str]| {
        let json = [&["--format", "json", "--builtin-seeds"][..], extra].concat();
        let out = fuzz(&setup, "empty-query+short-query", "1", &json);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            report["cases"].clone(),
            report["mismatches"].clone(),
            report["rerun"].clone(),
        )
    };
    let (cases, alone, _) = mismatches(&[]);
    let (same_cases, with_added, rerun) = mismatches(&["--add-vectors", "v"]);
    assert_eq!((cases, alone), (same_cases, with_added));
    assert!(
        rerun
            .as_str()
            .unwrap()
            .contains(" --add-vectors v --builtin-seeds "),
        "{rerun}"
    );
    // Accepting again, the directory read holding the file promoted to:
    // its vectors are read once, and what is new joins them.
    let again = [
        &known[..],
        &[
            "--promote",
            "--to",
            "v/mine.toml",
            "--write-expectations",
            "dev.toml",
        ],
    ]
    .concat();
    let out = fuzz(&setup, "empty-query+short-query", "3", &again);
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("duplicate id"), "{}", stderr(&out));
    assert!(setup.read("dev.toml").contains("regression/1"));
    // Without the promoted vectors the kinds nothing explains are news.
    let out = fuzz(&setup, "empty-query+short-query", "2", &known[..2]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_contains(
        &stderr(&out),
        "`regression/1` names no resolve vector; left out",
    );
}

#[test]
fn a_listed_vector_a_deviation_now_explains_keeps_its_cause_known_beside_the_listed_ones() {
    // Listed by its id before the catalogue knew its cause, as a ledger
    // written before an upgrade has it; the library's other cause listed.
    let setup = Repo::new();
    setup.write(
        "dev.toml",
        "spec = \"rfc3986\"\n\n[[deviation]]\nname = \"scheme-lowercased\"\n\
         reason = \"lower-cases the scheme\"\n\n[[expected-failure]]\n\
         id = \"interpretation/trailing-question\"\nreason = \"drops an empty query\"\n",
    );
    let out = fuzz(
        &setup,
        "empty-query+scheme-case",
        "1",
        &["--expectations", "dev.toml", "--format", "json"],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{report:#}");
    // Cases of both causes are known by the vector, as its cause alone
    // is: one known kind, the vector's.
    assert_eq!(report["new_kinds"], 0);
    let kinds = report["kinds"].as_array().unwrap();
    let by_vector: Vec<&serde_json::Value> = kinds
        .iter()
        .filter(|k| k["listed_vector"] == "interpretation/trailing-question")
        .collect();
    assert_eq!(by_vector.len(), 1, "{report:#}");
    assert_eq!(by_vector[0]["known_by"], "vector");
}

#[test]
fn accepting_keeps_the_rest_of_the_file() {
    let setup = Repo::new();
    let before = "# Reviewed by hand.\nspec = \"rfc3986\"\n\n\
                  [[deviation]]\n\
                  name = \"base-fragment-kept\"\n\
                  reason = \"checked by hand\" # and kept\n\n\
                  [[expected-failure]]\n\
                  id = \"rfc3986/base-dot-segments\"\n\
                  reason = \"a vector fuzz says nothing of\"\n";
    std::fs::write(setup.path("dev.toml"), before).unwrap();
    let out = fuzz(
        &setup,
        "empty-query",
        "1",
        &[
            "--expectations",
            "dev.toml",
            "--write-expectations",
            "dev.toml",
        ],
    );
    assert_error(
        &out,
        1,
        "rfc1808: wrote dev.toml for `dev`: 2 kept, 1 added, 0 dropped (deviations \
         empty-query-dropped)\n",
    );
    assert_eq!(
        setup.read("dev.toml"),
        "# Reviewed by hand.\nspec = \"rfc3986\"\n\
         written-for = [\"1.0.0\"]\n\n\
         [[deviation]]\n\
         name = \"empty-query-dropped\"\n\
         reason = \"an empty query (`?` and nothing after it) is taken for none (explains 113 \
         fuzz mismatches, the empty reference against `http://a?` among them)\"\n\n\
         [[deviation]]\n\
         name = \"base-fragment-kept\"\n\
         reason = \"checked by hand\" # and kept\n\n\
         [[expected-failure]]\n\
         id = \"rfc3986/base-dot-segments\"\n\
         reason = \"a vector fuzz says nothing of\"\n"
    );
}

#[test]
fn an_expectations_file_of_another_spec_is_not_written_into() {
    let setup = Repo::new();
    let before = "[[deviation]]\nname = \"scheme-lowercased\"\nreason = \"r\"\n";
    std::fs::write(setup.path("old.toml"), before).unwrap();
    let out = fuzz(
        &setup,
        "empty-query",
        "1",
        &["--write-expectations", "old.toml"],
    );
    assert_error(&out, 2, &rfc1808_expectations_under_rfc3986("old.toml"));
    assert_eq!(stdout(&out), "");
    assert_eq!(setup.read("old.toml"), before);
}

#[test]
fn json_on_standard_output_and_reports_in_files() {
    let setup = Repo::new();
    let out = fuzz(
        &setup,
        "empty-query+short-query",
        "1",
        &[
            "--format",
            "json",
            "--report",
            "text=report.txt",
            "--report",
            "json=report.json",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let json = stdout(&out);
    assert_eq!(json, setup.read("report.json"), "one run, one report");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["schema_version"], 2);
    assert_eq!(doc["implementation"]["name"], "dev");
    assert_eq!(doc["spec"], "rfc3986");
    assert_eq!(doc["seed"], 1);
    assert_eq!(doc["cases"], 3000);
    assert_eq!(doc["ok"], false);
    let kinds = doc["kinds"].as_array().unwrap();
    let mismatches: u64 = kinds.iter().map(|k| k["count"].as_u64().unwrap()).sum();
    assert_eq!(doc["mismatches"].as_u64(), Some(mismatches));
    let explained: Vec<&serde_json::Value> = kinds
        .iter()
        .filter(|k| !k["deviations"].is_null())
        .collect();
    assert_eq!(explained.len(), 1, "{json}");
    let cause = explained[0];
    assert_eq!(
        cause["deviations"],
        serde_json::json!(["empty-query-dropped"])
    );
    assert_eq!(cause["new"], true);
    assert_eq!(cause["shrunk"], true);
    assert_eq!(cause["sections"], "5.2.2, 5.3");
    assert_eq!(cause["same_resource"], false);
    assert_eq!(cause["example"]["base"], "http://a?");
    assert_eq!(cause["example"]["relative"], "");
    assert_eq!(
        cause["example"]["reference"],
        serde_json::json!({"kind": "resolved", "value": "http://a?"})
    );
    assert_eq!(
        cause["example"]["answer"],
        serde_json::json!({"kind": "resolved", "value": "http://a"})
    );
    assert_eq!(doc["explained"], cause["count"]);
    // What nothing explains comes first, by symptom.
    assert_eq!(kinds[0]["unexplained"], true);
    assert!(kinds[0]["deviations"].is_null());
    // One kind per quirk, whichever branch of 5.2.2 it showed at.
    assert_eq!(kinds[0]["kind"], "query differs", "{json}");
    assert_eq!(kinds[0]["kind"], kinds[0]["symptom"]);
    let text = setup.read("report.txt");
    assert_starts_with(&text, "dev: deviant 1.0 (rust, RFC 3986)\n");
    // A bad format is a usage error, before the adapter starts.
    let out = fuzz(&setup, "empty-query", "1", &["--report", "html=x.html"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: --report `html=x.html`: unknown fuzz report format `html`, expected `text` \
         or `json`\n"
    );
}

#[test]
fn a_seed_gives_the_same_report_and_files_on_one_job_or_many() {
    // What a run finds, shrinks, promotes and accepts does not depend on
    // how many adapter processes and threads it runs: only its pace does.
    // The deviant adapter's two quirks: one the catalogue explains, one it
    // does not (shrunk and promoted).
    let setup = Repo::new();
    let mut runs = Vec::new();
    for jobs in ["1", "2", "4"] {
        let args = [
            "--jobs",
            jobs,
            "--format",
            "json",
            "--promote",
            "--to",
            &format!("v{jobs}/found.toml"),
            "--write-expectations",
            &format!("dev{jobs}.toml"),
        ];
        let out = fuzz(&setup, "empty-query+short-query", "5", &args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let mut report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(report["elapsed_seconds"].as_f64().unwrap() > 0.0);
        report["elapsed_seconds"] = serde_json::Value::Null;
        let promoted = setup.read(&format!("v{jobs}/found.toml"));
        let accepted = setup.read(&format!("dev{jobs}.toml"));
        runs.push((jobs, report, promoted, accepted));
    }
    let (_, report, promoted, accepted) = &runs[0];
    assert_eq!(report["cases"], 3000);
    assert!(report["new_kinds"].as_u64().unwrap() >= 2, "{report:#}");
    assert!(promoted.contains("[[resolve]]"), "{promoted}");
    assert!(accepted.contains("empty-query-dropped"), "{accepted}");
    for (jobs, other, other_promoted, other_accepted) in &runs[1..] {
        // The rerun command names the file it ran with, the same for all.
        assert_eq!(other, report, "the JSON report on {jobs} jobs");
        assert_eq!(
            other_promoted, promoted,
            "the vectors promoted on {jobs} jobs"
        );
        assert_eq!(
            other_accepted.replace(&format!("v{jobs}/"), "v1/"),
            *accepted,
            "the expectations written on {jobs} jobs"
        );
    }
}
