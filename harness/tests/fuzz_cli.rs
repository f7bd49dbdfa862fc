//! `rfc1808 fuzz` against subprocess implementations: a deliberately wrong
//! one (a Python proxy in front of `rfc1808 serve` that drops empty
//! queries), and the reference itself.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_rfc1808");

/// The wrong implementation: the reference, with an empty query dropped
/// from its answers (as a library that keeps the query as a plain string
/// would), found by the rules of RFC 1808 section 2.4.
const DROPS_EMPTY_QUERY: &str = r##"
import re, subprocess, sys

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

serve = subprocess.Popen([sys.argv[1], "serve", "--protocol", "lines"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline().rstrip(b"\n").decode("utf-8", "surrogateescape")
    if not answer.startswith("\t"):
        answer = drop_empty_query(answer)
    sys.stdout.buffer.write(answer.encode("utf-8", "surrogateescape") + b"\n")
    sys.stdout.buffer.flush()
serve.stdin.close()
serve.wait()
"##;

struct Setup {
    root: tempfile::TempDir,
}

impl Setup {
    fn new() -> Setup {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("buggy.py"), DROPS_EMPTY_QUERY).unwrap();
        let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        let to = root.path().join("vectors");
        std::fs::create_dir(&to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
            }
        }
        Setup { root }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.path().join(name)
    }

    fn buggy(&self) -> String {
        format!(
            "buggy=python3 {} {}",
            shell_words::quote(&self.path("buggy.py").display().to_string()),
            shell_words::quote(BIN)
        )
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(BIN)
            .args(args)
            .current_dir(self.root.path())
            .output()
            .unwrap()
    }

    fn fuzz_buggy(&self, extra: &[&str]) -> Output {
        let buggy = self.buggy();
        let mut args = vec![
            "fuzz",
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
        self.run(&args)
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The kind headings of a report, in order.
fn kinds(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| {
            let number = l.split(". ").next().unwrap();
            (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
                || l.starts_with("known, ")
        })
        .map(|l| l.split(" (").next().unwrap())
        .collect()
}

#[test]
fn a_wrong_implementation_is_found_shrunk_and_classified() {
    let setup = Setup::new();
    let out = setup.fuzz_buggy(&[]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    assert_eq!(
        kinds(&report),
        [
            "1. Step 1: empty query dropped",
            "2. Step 2a: empty query dropped",
            "3. Step 2b: empty query dropped",
            "4. Step 3: empty query dropped",
            "5. Step 4: empty query dropped",
            "6. Step 5a: empty query dropped",
            "7. Step 6: empty query dropped",
        ],
        "{report}"
    );
    // The smallest case of each kind, with a command to promote it.
    let block = |heading: &str| -> Vec<String> {
        let after = report
            .split(&format!("\n{heading} ("))
            .nth(1)
            .unwrap_or_else(|| panic!("no {heading} in {report}"));
        after.lines().skip(1).take(5).map(str::to_owned).collect()
    };
    assert_eq!(
        block("5. Step 4: empty query dropped"),
        [
            r#"   base:      "a""#,
            r#"   relative:  "/?""#,
            r#"   reference: "/?""#,
            r#"   buggy:     "/""#,
            "   rfc1808 promote --base a --relative '/?' --source 'rfc1808 fuzz against buggy' \
             --note 'buggy differs at Step 4: empty query dropped'",
        ]
    );
    // `//a?` has the net_loc `a?`: the smallest empty query after a net_loc
    // needs a slash.
    assert_eq!(
        block("4. Step 3: empty query dropped")[..4],
        [
            r#"   base:      "a""#,
            r#"   relative:  "//a/?""#,
            r#"   reference: "//a/?""#,
            r#"   buggy:     "//a/""#,
        ]
    );
    assert_eq!(
        block("1. Step 1: empty query dropped")[..4],
        [
            r#"   base:      """#,
            r#"   relative:  "?""#,
            r#"   reference: "?""#,
            r#"   buggy:     """#,
        ]
    );
    assert!(report.contains("seed 1: 3000 cases in "), "{report}");
    assert!(
        report.ends_with("\n7 kinds of mismatch found\n"),
        "{report}"
    );
}

#[test]
fn a_kind_a_listed_vector_shows_is_known() {
    let setup = Setup::new();
    std::fs::write(
        setup.path("expected.toml"),
        "[[expected-failure]]\nid = \"interpretation/trailing-question\"\nreason = \"drops a trailing ?\"\n",
    )
    .unwrap();
    let out = setup.fuzz_buggy(&["--expectations", "expected.toml"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let kinds = kinds(&report);
    assert_eq!(
        kinds.last(),
        Some(&"known, as listed vector `interpretation/trailing-question`: Step 6: empty query dropped"),
        "{report}"
    );
    assert_eq!(kinds.len(), 7);
    assert!(
        report.contains("mismatches in 7 kinds: 6 new, 1 known;"),
        "{report}"
    );
    assert!(report.contains(
        r#"   base:      "http://a/b/c/d;p?q#f"
   relative:  "g?"
   reference: "http://a/b/c/g?"
   buggy:     "http://a/b/c/g"
"#
    ));
}

#[test]
fn promote_appends_one_case_per_kind() {
    let setup = Setup::new();
    let out = setup.fuzz_buggy(&["--promote"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}{}", stderr(&out));
    let file = setup.path("vectors/regressions.toml");
    assert!(
        report.contains(&format!(
            "promoted Step 4: empty query dropped: `regression/5` in {}\n",
            file.display()
        )),
        "{report}"
    );
    let corpus = rfc1808_vectors::load_dir(&setup.path("vectors")).unwrap();
    let promoted: Vec<(&str, &str, &str, &str)> = corpus
        .resolve
        .iter()
        .filter(|v| v.id.starts_with("regression/"))
        .map(|v| {
            (
                v.id.as_str(),
                v.base.as_str(),
                v.relative.as_str(),
                v.note.as_deref().unwrap(),
            )
        })
        .collect();
    assert_eq!(promoted.len(), 7, "{promoted:?}");
    assert_eq!(
        promoted[4],
        (
            "regression/5",
            "a",
            "/?",
            "buggy differs at Step 4: empty query dropped"
        )
    );
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
    let setup = Setup::new();
    let reference = format!("ref={} serve --protocol jsonl", shell_words::quote(BIN));
    let out = setup.run(&[
        "fuzz",
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
    assert!(
        report.contains("\n0 mismatches in 0 kinds: 0 new, 0 known\n"),
        "{report}"
    );
    assert!(report.ends_with("\nno mismatch outside the expectations\n"));
    assert_eq!(
        stderr(&out),
        "",
        "no progress line when stderr is not a terminal"
    );
}

#[test]
fn usage_and_startup_errors_exit_2() {
    let setup = Setup::new();
    let out = setup.run(&["fuzz", "--impl", "x=/no/such/adapter", "--max-cases", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: implementation `x`: cannot run command `/no/such/adapter`: program not found\n"
    );
    let out = setup.run(&["fuzz", "--impl", "x=true", "--time", "ten minutes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`ten minutes`: the unit is not one of ms, s, m, h"),
        "{}",
        stderr(&out)
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
