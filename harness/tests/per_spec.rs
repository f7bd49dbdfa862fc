//! `rfc1808 run` grading each implementation under the spec it claims or is
//! given: the `jsonl` handshake's claim as the default, the config's `spec`
//! key, `--spec S` and `--spec NAME=S`, expectations files by spec, and the
//! spec fingerprint in the reports; `serve --spec` and `list --spec`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{
    assert_contains, assert_ends_with, assert_error, assert_exit, assert_starts_with, path,
    rfc1808, rfc1808_expectations_under_rfc3986, run_config, scratch, stderr, stdout,
};

/// The vector on which RFC 1808 and RFC 3986 differ that the fake adapter
/// answers as RFC 3986 does.
const ABOVE_ROOT: &str = "rfc1808-5.2/too-many-dot-dot";

/// `--impl` for the fake adapter claiming `claim`.
fn claiming(name: &str, claim: &str) -> String {
    format!("{name}=python3 tests/fixtures/claims.py '{claim}'")
}

/// `rfc1808 run` of the fake adapter `x` claiming `claim`, over `jsonl`,
/// with `args`.
fn run_claiming(claim: &str, args: &[&str]) -> Output {
    let x = claiming("x", claim);
    rfc1808(&[&["run", "--impl", &x, "--protocol", "jsonl"][..], args].concat())
}

/// A config file in `dir` with the fake adapter `x` claiming `claim`, and
/// `more` lines of its table.
fn config(dir: &Path, claim: &str, more: &str) -> PathBuf {
    let file = dir.join("config.toml");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/claims.py");
    std::fs::write(
        &file,
        format!(
            "[[implementation]]\nname = \"x\"\ncommand = [\"python3\", {:?}, {claim:?}]\nprotocol = \"jsonl\"\n{more}",
            fixture.display()
        ),
    )
    .unwrap();
    file
}

/// The `claims ...; graded under ...` line of implementation `name`'s
/// summary in a text report.
fn spec_line<'a>(out: &'a str, name: &str) -> &'a str {
    let mut lines = out.lines();
    lines
        .find(|l| l.starts_with(&format!("{name} (")) || l.starts_with(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no summary of {name}: {out}"));
    lines.next().unwrap_or_default()
}

#[test]
fn the_handshake_claim_is_the_default_spec() {
    let o = run_claiming("RFC 3986", &["--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    assert_eq!(
        spec_line(&stdout(&o), "x"),
        "  claims RFC 3986; graded under RFC 3986; agrees with RFC 1808 0/1, RFC 2396 1/1, RFC 3986 1/1, the URL Standard 1/1"
    );
    // Claimed loosely.
    let o = run_claiming("rfc-3986 section 5.2", &["--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    // The URL Standard's name is its claim: graded under it, the answer
    // passes.
    let o = run_claiming("WHATWG URL Standard", &["--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    assert_eq!(
        spec_line(&stdout(&o), "x"),
        "  claims WHATWG URL Standard; graded under the URL Standard; agrees with RFC 1808 0/1, RFC 2396 1/1, RFC 3986 1/1, the URL Standard 1/1"
    );
    // A claim the harness does not know grades under RFC 1808, and the
    // failure says which spec the answer is.
    let o = run_claiming("RFC 3987", &["--id", ABOVE_ROOT]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert_eq!(
        spec_line(&out, "x"),
        "  claims RFC 3987; graded under RFC 1808; agrees with RFC 1808 0/1, RFC 2396 1/1, RFC 3986 1/1, the URL Standard 1/1"
    );
    assert_contains(&out, &format!(
            "FAIL {ABOVE_ROOT} [x] (vectors/rfc1808.toml:208)\n  base:     \"http://a/b/c/d;p?q#f\"\n  relative: \"../../../g\"\n  expected: \"http://a/../g\"\n  got:      \"http://a/g\"\n"
        ));
    assert_contains(
        &out,
        "  spec:     answers as RFC 2396, above-root=removed; as RFC 3986; as the URL Standard\n",
    );
}

#[test]
fn flags_then_config_then_claim_decide_the_spec() {
    let dir = scratch("per-spec", "precedence");
    let run = |more: &str, flags: &[&str]| {
        let config = config(&dir, "RFC 3986", more);
        let o = run_config(&config, &[&["--id", ABOVE_ROOT][..], flags].concat());
        (o.status.code(), spec_line(&stdout(&o), "x").to_owned())
    };
    let under = |spec: &str| {
        format!(
            "  claims RFC 3986; graded under {spec}; agrees with RFC 1808 0/1, RFC 2396 1/1, RFC 3986 1/1, the URL Standard 1/1"
        )
    };
    // The config's `spec` over the claim.
    assert_eq!(
        run("spec = \"rfc1808\"\n", &[]),
        (Some(1), under("RFC 1808"))
    );
    // `--spec S` over the config.
    assert_eq!(
        run("spec = \"rfc1808\"\n", &["--spec", "rfc2396"]),
        (Some(0), under("RFC 2396"))
    );
    // `--spec NAME=S` over `--spec S`, in either order.
    assert_eq!(
        run("", &["--spec", "x=rfc1808", "--spec", "rfc3986"]),
        (Some(1), under("RFC 1808"))
    );
    // The rerun line carries the spec when it is not what a rerun from
    // flags would default to (the claim, RFC 3986).
    let config = config(&dir, "RFC 3986", "spec = \"rfc1808\"\n");
    let o = run_config(&config, &["--id", ABOVE_ROOT]);
    let out = stdout(&o);
    let rerun = out.lines().find(|l| l.starts_with("  rerun:")).unwrap();
    assert_contains(rerun, " --spec rfc1808 --id ");
    let o = run_claiming("none", &["--spec", "rfc2396", "--id", "rfc1808-5.1/g"]);
    let out = stdout(&o);
    let rerun = out.lines().find(|l| l.starts_with("  rerun:")).unwrap();
    assert_ends_with(rerun, " --protocol jsonl --spec rfc2396 --id rfc1808-5.1/g");
    // A name that is not in the run, and a spec that does not exist.
    let o = run_config(&config, &["--spec", "y=rfc3986"]);
    assert_error(
        &o,
        2,
        "rfc1808: --spec `y=rfc3986`: no implementation is named `y` in this run (there are: x)\n",
    );
    let o = rfc1808(&["run", "--spec", "rfc3987"]);
    assert_error(&o, 2, "rfc1808: --spec `rfc3987`: unknown spec `rfc3987`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`\n");
    let o = run_config(&config, &["--reading", "above-root=removed"]);
    assert_exit(&o, 2);
    assert_starts_with(
        &stderr(&o),
        "rfc1808: --reading: unknown ambiguity `above-root`, expected one of `empty-component`",
    );
    let config = self::config(&dir, "RFC 3986", "");
    let o = run_config(&config, &["--reading", "above-root=removed"]);
    assert_exit(&o, 2);
    assert_starts_with(&stderr(&o), "rfc1808: --reading: rfc3986: unknown ambiguity `above-root`, expected one of `same-scheme`");
    assert_ends_with(&stderr(&o), " (`x` is graded under rfc3986)\n");
}

#[test]
fn an_expectations_file_of_another_spec_is_a_start_up_error() {
    let dir = scratch("per-spec", "mismatch");
    let listed = dir.join("listed.toml");
    std::fs::write(
        &listed,
        format!("[[expected-failure]]\nid = \"{ABOVE_ROOT}\"\nreason = \"RFC 3986 removes it\"\n"),
    )
    .unwrap();
    // Graded under RFC 3986 by its claim, with a file of RFC 1808's
    // failures: found after the handshake, before any case runs.
    let config = config(&dir, "RFC 3986", "expectations = \"listed.toml\"\n");
    let o = run_config(&config, &[]);
    assert_error(&o, 2, &rfc1808_expectations_under_rfc3986(listed.display()));
    assert_eq!(stdout(&o), "", "nothing ran");
    // Graded under RFC 1808, the same file grades.
    let o = run_config(&config, &["--spec", "rfc1808", "--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    // A file that says it is RFC 2396's, graded under RFC 1808.
    std::fs::write(
        &listed,
        format!(
            "spec = \"rfc2396\"\n\n[[expected-failure]]\nid = \"{ABOVE_ROOT}\"\nreason = \"x\"\n"
        ),
    )
    .unwrap();
    let o = rfc1808(&[
        "run",
        "--impl",
        "wrong=python3 tests/fixtures/wrong.py echo",
        "--expectations",
        path(&listed),
    ]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: {}:1: the expected failures are under rfc2396, but the implementation is graded under rfc1808; give the file for rfc1808, or grade under rfc2396 with --spec\n",
            listed.display()
        )
    );
}

#[test]
fn a_table_of_expectations_takes_the_file_of_the_graded_spec() {
    let dir = scratch("per-spec", "table");
    std::fs::write(
        dir.join("rfc1808.toml"),
        format!("[[expected-failure]]\nid = \"{ABOVE_ROOT}\"\nreason = \"RFC 3986 removes it\"\n"),
    )
    .unwrap();
    let config = config(
        &dir,
        "RFC 3986",
        "expectations = { rfc1808 = \"rfc1808.toml\", rfc2396 = \"rfc2396.toml\" }\n",
    );
    // Under RFC 1808: its file lists the failure.
    let o = run_config(&config, &["--spec", "rfc1808", "--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    assert_contains(
        &stdout(&o),
        "x (claims, 1.0, python, RFC 3986): ok. 0 passed; 0 failed; 1 expected failures;",
    );
    // Under RFC 3986, the claim: no entry, so no expected failure.
    let o = run_config(&config, &["--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    assert_contains(
        &stdout(&o),
        "x (claims, 1.0, python, RFC 3986): ok. 1 passed; 0 failed; 0 expected failures;",
    );
    // Under RFC 2396, whose file does not exist: an error naming it.
    let o = run_config(&config, &["--spec", "rfc2396"]);
    assert_exit(&o, 2);
    assert_starts_with(
        &stderr(&o),
        &format!(
            "rfc1808: {}: cannot read the file",
            dir.join("rfc2396.toml").display()
        ),
    );
    // --write-expectations writes the file for the graded spec, `spec` key
    // first.
    let written = dir.join("rfc3986.toml");
    let o = run_config(
        &config,
        &[
            "--id",
            "rfc1808-5.1/g",
            "--id",
            ABOVE_ROOT,
            "--write-expectations",
            path(&written),
        ],
    );
    assert_exit(&o, 1);
    let text = std::fs::read_to_string(&written).unwrap();
    assert_contains(&text, "spec = \"rfc3986\"\nwritten-for = [\"1.0.0\"]\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"got \\\"g\\\" (expected \\\"http://a/b/c/g\\\")\"\n");
    // Read back as RFC 3986's, it makes the run pass.
    let config = self::config(
        &dir,
        "RFC 3986",
        "expectations = { rfc3986 = \"rfc3986.toml\" }\n",
    );
    let o = run_config(&config, &["--id", "rfc1808-5.1/g", "--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
}

#[test]
fn markdown_html_and_json_give_the_spec_and_the_fingerprint() {
    let dir = scratch("per-spec", "reports");
    let html = dir.join("report.html");
    let json = dir.join("report.json");
    let junit = dir.join("report.xml");
    let html_report = format!("html={}", path(&html));
    let json_report = format!("json={}", path(&json));
    let junit_report = format!("junit={}", path(&junit));
    let o = run_claiming(
        "RFC 3986",
        &[
            "--id",
            "rfc1808-5.1/scheme",
            "--id",
            ABOVE_ROOT,
            "--format",
            "markdown",
            "--report",
            &html_report,
            "--report",
            &json_report,
            "--report",
            &junit_report,
        ],
    );
    assert_exit(&o, 0);
    let md = stdout(&o);
    assert_contains(
        &md,
        "| x | claims 1.0 | RFC 3986 | RFC 3986 | 1/2 / 2/2 / 2/2 / 2/2 | ✅ |",
    );
    let html = std::fs::read_to_string(&html).unwrap();
    assert_contains(&html, "<th>spec it claims</th><th>graded under</th><th>agrees with RFC 1808 / RFC 2396 / RFC 3986 / the URL Standard</th>");
    assert_contains(
        &html,
        "<td>RFC 3986</td><td>RFC 3986</td><td>1/2 / 2/2 / 2/2 / 2/2</td>",
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let x = &json["implementations"][0];
    assert_eq!(x["claims"], "RFC 3986");
    assert_eq!(x["graded_under"], "rfc3986");
    assert_eq!(
        x["agreement"],
        serde_json::json!([
            {"spec": "rfc1808", "agrees": 1, "of": 2},
            {"spec": "rfc2396", "agrees": 2, "of": 2},
            {"spec": "rfc3986", "agrees": 2, "of": 2},
            {"spec": "whatwg", "agrees": 2, "of": 2}
        ])
    );
    let above_root = x["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == ABOVE_ROOT)
        .unwrap();
    assert_eq!(above_root["expected"], "http://a/g", "RFC 3986's answer");
    assert_eq!(
        above_root["answers_as"],
        serde_json::json!([
            {"spec": "rfc2396", "readings": "above-root=removed", "undefined": false},
            {"spec": "rfc3986", "readings": null, "undefined": false},
            {"spec": "whatwg", "readings": null, "undefined": false}
        ])
    );
    let junit = std::fs::read_to_string(&junit).unwrap();
    assert_contains(
        &junit,
        "<property name=\"rfc1808.graded_under\" value=\"rfc3986\"/>",
    );
    assert_contains(
        &junit,
        "<property name=\"rfc1808.agreement\" value=\"rfc1808 1/2, rfc2396 2/2, rfc3986 2/2, whatwg 2/2\"/>",
    );
}

#[test]
fn serve_answers_by_a_spec_and_claims_it() {
    let bin = env!("CARGO_BIN_EXE_rfc1808");
    for (spec, title) in [
        ("rfc2396", "RFC 2396"),
        ("rfc3986", "RFC 3986"),
        ("whatwg", "the URL Standard"),
    ] {
        // Graded under its claim, the reference of each spec passes every
        // vector.
        let served = format!("r={bin} serve --protocol jsonl --spec {spec}");
        let o = rfc1808(&["run", "--impl", &served, "--protocol", "jsonl"]);
        assert_exit(&o, 0);
        assert!(
            spec_line(&stdout(&o), "r")
                .starts_with(&format!("  claims {title}; graded under {title}; ")),
            "{}",
            stdout(&o)
        );
    }
    // Under RFC 1808 the RFC 3986 reference fails where the specs differ.
    let served = format!("r={bin} serve --protocol lines --spec rfc3986");
    let o = rfc1808(&[
        "run",
        "--impl",
        &served,
        "--protocol",
        "lines",
        "--id",
        ABOVE_ROOT,
    ]);
    assert_exit(&o, 1);
}

#[test]
fn list_gives_the_answers_of_a_spec_and_marks_undefined_ones() {
    let o = rfc1808(&["list", "--spec", "rfc3986", "--id", ABOVE_ROOT]);
    assert_exit(&o, 0);
    assert!(
        stdout(&o).starts_with(&format!("{ABOVE_ROOT}\tresolve\t"))
            && stdout(&o).ends_with("\t\"http://a/g\"\n"),
        "{}",
        stdout(&o)
    );
    let o = rfc1808(&["list", "--spec", "rfc2396", "--id", ABOVE_ROOT]);
    assert_ends_with(&stdout(&o), "\t\"http://a/../g\" or rejected (step 6g: the merged path still begins with `..`) under above-root=error or \"http://a/g\" under above-root=removed\n");
    // A base without a scheme: the later RFCs leave the case undefined.
    let o = rfc1808(&["list", "--spec", "rfc3986", "--format", "json"]);
    assert_exit(&o, 0);
    let listed: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let undefined: Vec<&serde_json::Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["undefined"] == true)
        .collect();
    assert!(!undefined.is_empty());
    assert!(undefined
        .iter()
        .all(|v| v["answer"].as_str().unwrap().starts_with("undefined: ")));
    let text = stdout(&rfc1808(&["list", "--spec", "rfc3986"]));
    assert_eq!(
        text.lines().filter(|l| l.contains("\tundefined: ")).count(),
        undefined.len()
    );
}
