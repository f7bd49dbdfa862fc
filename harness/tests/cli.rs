//! The `rfc1808` command as users run it: exit codes, the exact text of the
//! important messages, the report formats, filters and expectation files.
//! External implementations are `tests/fixtures/wrong.py`, an `argv`
//! adapter that is wrong on purpose.

mod common;

use std::path::Path;
use std::process::Output;

use common::{
    assert_contains, assert_ends_with, assert_error, assert_exit, assert_starts_with,
    assert_stdout, header, path, rfc1808, run_config, scratch, stderr, stdout,
};

/// The fixture in the mode that answers the relative URL as is: right on
/// `rfc1808-5.1/scheme` only, among the section 5.1 examples.
const ECHO: &str = "wrong=python3 tests/fixtures/wrong.py echo";

/// `rfc1808 run --impl ECHO ARGS`.
fn echo(args: &[&str]) -> Output {
    rfc1808(&[&["run", "--impl", ECHO], args].concat())
}

#[test]
fn the_reference_passes_everything() {
    let o = rfc1808(&["run"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    let out = out
        .strip_prefix(&header())
        .unwrap_or_else(|| panic!("{out}"));
    let (readings, lines): (Vec<&str>, Vec<&str>) =
        out.lines().partition(|l| l.starts_with("  reading "));
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        readings,
        [
            "  reading empty-component=kept (7 vectors)",
            "  reading entirely-empty=string (6 vectors)",
            "  reading empty-net-loc=kept (2 vectors)",
            "  reading escaped-dots=literal (6 vectors)"
        ],
        "the reference follows the default readings"
    );
    assert!(
        lines[0].starts_with("reference: ok. ")
            && lines[0].ends_with(" passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable"),
        "{out}"
    );
    assert!(lines[1].starts_with("parse vectors: ok. "), "{out}");
    let o = rfc1808(&["run", "--step6", "string", "--id", "rfc1808-5.1/*"]);
    assert_stdout(
        &o,
        0,
        &(header() + "reference-string: ok. 24 passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"),
    );
}

#[test]
fn a_wrong_implementation_fails_with_details() {
    let o = echo(&["--id", "rfc1808-5.1/*"]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    let g = "FAIL rfc1808-5.1/g [wrong] (vectors/rfc1808.toml:14)
  base:     \"http://a/b/c/d;p?q#f\"
  relative: \"g\"
  expected: \"http://a/b/c/g\"
  got:      \"g\"
             ^
  spec:     answers as none
  cause:    unexplained
  stderr:
    wrong.py: answering 'g' as is
  rerun:    rfc1808 run --impl 'wrong=python3 tests/fixtures/wrong.py echo' --protocol argv --id rfc1808-5.1/g

";
    assert_contains(&out, g);
    assert_ends_with(&out, "wrong: FAILED. 1 passed; 23 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n");
    assert!(!out.contains('\x1b'), "no colour when not a terminal");
}

#[test]
fn the_rerun_command_reruns_the_case() {
    let o = echo(&["--id", "rfc1808-5.1/g", "--timeout", "2.5"]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    let rerun = out
        .lines()
        .find_map(|l| l.strip_prefix("  rerun:    rfc1808 "))
        .unwrap();
    assert_eq!(
        rerun,
        "run --impl 'wrong=python3 tests/fixtures/wrong.py echo' --protocol argv --timeout 2.5 --id rfc1808-5.1/g"
    );
    let words = shell_words::split(rerun).unwrap();
    let again = rfc1808(&words.iter().map(String::as_str).collect::<Vec<_>>());
    assert_exit(&again, 1);
    assert_eq!(stdout(&again), out);
}

#[test]
fn filters_choose_the_vectors() {
    let o = echo(&["--id", "rfc1808-5.1/scheme"]);
    assert_stdout(
        &o,
        0,
        &(header() + "wrong: ok. 1 passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"),
    );
    let filters = [
        "--id",
        "rfc1808-5.1/*",
        "--skip",
        "*/g*",
        "--skip",
        "*/dot*",
        "--tag",
        "normal",
    ];
    let o = echo(&filters);
    assert_exit(&o, 1);
    let listed = rfc1808(&[&["list"][..], &filters].concat());
    assert_exit(&listed, 0);
    let ids: Vec<String> = stdout(&listed)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    assert_eq!(
        ids,
        [
            "rfc1808-5.1/scheme",
            "rfc1808-5.1/slash-g",
            "rfc1808-5.1/net-loc-g",
            "rfc1808-5.1/query-y",
            "rfc1808-5.1/fragment-s",
            "rfc1808-5.1/params-x",
        ]
    );
    assert!(stdout(&o).ends_with(
        "wrong: FAILED. 1 passed; 5 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"
    ));
    let o = rfc1808(&["run", "--id", "rfc1808-5.1/nope*"]);
    assert_error(
        &o,
        2,
        "rfc1808: --id `rfc1808-5.1/nope*`: matches no vector id\n",
    );
    let o = rfc1808(&["list", "--tag", "no-such-tag"]);
    assert_error(
        &o,
        2,
        "rfc1808: --tag `no-such-tag`: no vector has the tag\n",
    );
    let o = echo(&["--id", "parse/*"]);
    assert_error(&o, 2, "rfc1808: the filters select no resolve vector (parse vectors run on the reference resolver only)\n");
}

#[test]
fn list_prints_text_or_json() {
    let o = rfc1808(&["list", "--id", "rfc1808-5.1/g"]);
    assert_stdout(&o, 0, "rfc1808-5.1/g\tresolve\trfc-example,normal,step6\n");
    let o = rfc1808(&[
        "list",
        "--id",
        "rfc1808-5.1/g",
        "--id",
        "parse/empty",
        "--format",
        "json",
    ]);
    assert_exit(&o, 0);
    let items: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(items[0]["id"], "rfc1808-5.1/g");
    assert_eq!(items[0]["expected"], "http://a/b/c/g");
    assert_eq!(items[1]["kind"], "parse");
    assert_eq!(items.as_array().unwrap().len(), 2);
}

#[test]
fn usage_errors_exit_2_with_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["run", "--impl", "python3 tests/fixtures/wrong.py"],
            "rfc1808: --impl `python3 tests/fixtures/wrong.py`: expected NAME=COMMAND\n",
        ),
        (
            &["run", "--impl", "py=python3 'unclosed"],
            "rfc1808: --impl `py=python3 'unclosed`: cannot split the command into words: missing closing quote\n",
        ),
        (
            &["run", "--impl", ECHO, "--impl", ECHO],
            "rfc1808: --impl `wrong=python3 tests/fixtures/wrong.py echo`: an implementation is already named `wrong`\n",
        ),
        (
            &["run", "--protocol", "lines"],
            "rfc1808: --protocol applies to --impl, and there is none\n",
        ),
        (
            &["run", "--impl", ECHO, "--step6", "string"],
            "rfc1808: --step6 applies to the reference resolver, which runs only without --impl and --config\n",
        ),
        (
            &["run", "--impl", ECHO, "--impl", "other=python3 tests/fixtures/wrong.py echo", "--write-expectations", "x.toml"],
            "rfc1808: --write-expectations `x.toml`: 2 implementations run, so say which as NAME=FILE (one of: wrong, other)\n",
        ),
        (
            &["run", "--expectations", "py=x.toml"],
            "rfc1808: --expectations `py=x.toml`: no implementation is named `py` in this run (there are: reference)\n",
        ),
        (
            &["run", "--report", "pdf=x.pdf"],
            "rfc1808: --report `pdf=x.pdf`: unknown report format `pdf`, expected `text`, `json`, `junit`, `markdown` or `html`\n",
        ),
        (
            &["run", "--impl", ECHO, "--timeout", "0"],
            "rfc1808: --timeout: timeout 0 is not a number of seconds from 0.001 to 86400\n",
        ),
    ];
    for (args, message) in cases {
        let o = rfc1808(args);
        assert_exit(&o, 2);
        assert_eq!(&stderr(&o), message, "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    let o = rfc1808(&["run", "--format", "yaml"]);
    assert_exit(&o, 2);
    assert_contains(&stderr(&o), "unknown report format `yaml`");
}

#[test]
fn an_implementation_that_cannot_start_exits_2() {
    let o = rfc1808(&["run", "--impl", "gone=/nonexistent/adapter --flag"]);
    assert_error(&o, 2, "rfc1808: implementation `gone`: cannot run command `/nonexistent/adapter --flag`: program not found\n");
    assert_eq!(stdout(&o), "");
}

#[test]
fn an_unwritable_report_path_is_an_error_before_the_run() {
    let dir = scratch("cli", "unwritable");
    let missing = dir.join("no-such-dir/report.json");
    let o = echo(&["--report", &format!("json={}", missing.display())]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: cannot write the report {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
    assert_eq!(stdout(&o), "");
    let o = rfc1808(&[
        "run",
        "--write-expectations",
        path(&dir),
        "--report",
        &format!("junit={}", dir.join("ok.xml").display()),
    ]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: cannot write the expectations {}: Is a directory (os error 21)\n",
            dir.display()
        )
    );
    assert!(
        !dir.join("ok.xml").exists(),
        "the check leaves no file behind"
    );
}

#[test]
fn config_files_list_implementations() {
    let dir = scratch("cli", "config");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wrong.py");
    std::fs::write(
        dir.join("expected.toml"),
        "[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"rejects everything\"\n",
    )
    .unwrap();
    let config = dir.join("rfc1808.toml");
    std::fs::write(
        &config,
        format!(
            "[[implementation]]\nname = \"echo\"\ncommand = [\"python3\", {fixture:?}, \"echo\"]\n\n\
             [[implementation]]\nname = \"rejecter\"\ncommand = [\"python3\", {fixture:?}, \"reject\"]\n\
             protocol = \"argv\"\ntimeout = 30.5\nexpectations = \"expected.toml\"\n"
        ),
    )
    .unwrap();
    let o = run_config(
        &config,
        &["--id", "rfc1808-5.1/g", "--id", "rfc1808-5.1/scheme"],
    );
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert_ends_with(&out, "echo: FAILED. 1 passed; 1 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n\
         rejecter: FAILED. 0 passed; 1 failed; 1 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n");
    assert_contains(&out, "  got:      rejected: wrong.py: rejecting\n");
    // A config implementation is rerun as an --impl with its settings (a
    // timeout far above a loaded machine's start-up time).
    assert_contains(&out, &format!(
            "  rerun:    rfc1808 run --impl 'rejecter=python3 {}/tests/fixtures/wrong.py reject' --protocol argv --timeout 30.5 --expectations 'rejecter={}' --id rfc1808-5.1/scheme\n",
            env!("CARGO_MANIFEST_DIR"),
            dir.join("expected.toml").display()
        ));

    std::fs::write(
        &config,
        "[[implementation]]\nname = \"x\"\ncomand = [\"x\"]\n",
    )
    .unwrap();
    let o = run_config(&config, &[]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: {}:3: unknown key `comand`, expected one of `name`, `command`, `protocol`, `timeout`, `spec`, `expectations`, `reproduce`\n",
            config.display()
        )
    );
    let o = run_config(&dir.join("missing.toml"), &[]);
    assert_exit(&o, 2);
    assert_starts_with(
        &stderr(&o),
        &format!(
            "rfc1808: {}: cannot read the file: ",
            dir.join("missing.toml").display()
        ),
    );
}

#[test]
fn expectations_are_strict_both_ways() {
    let dir = scratch("cli", "expectations");
    let file = dir.join("wrong.toml");
    let expect = format!("wrong={}", file.display());
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--impl", ECHO, "--expectations", &expect];
        args.extend_from_slice(extra);
        rfc1808(&args)
    };
    let write = |text: &str| std::fs::write(&file, text).unwrap();
    // Listed and failing: exit 0.
    write("[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n");
    let o = run(&["--id", "rfc1808-5.1/g", "--id", "rfc1808-5.1/scheme"]);
    assert_stdout(
        &o,
        0,
        &(header() + "wrong: ok. 1 passed; 0 failed; 1 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"),
    );
    // Listed and passing: exit 1.
    write("[[expected-failure]]\nid = \"rfc1808-5.1/scheme\"\nreason = \"echoes\"\n");
    let o = run(&["--id", "rfc1808-5.1/scheme"]);
    assert_stdout(
        &o,
        1,
        &(header()
            + &format!(
            "UNEXPECTED PASS rfc1808-5.1/scheme [wrong] (vectors/rfc1808.toml:6)\n  \
             listed in {} as an expected failure (echoes), but it resolved to the expected \"g:h\"; remove the entry\n  \
             rerun:    rfc1808 run --impl 'wrong=python3 tests/fixtures/wrong.py echo' --protocol argv --expectations 'wrong={}' --id rfc1808-5.1/scheme\n\n\
             wrong: FAILED. 0 passed; 0 failed; 0 expected failures; 1 unexpected passes; 0 errors; 0 not representable\n",
            file.display(),
            file.display()
        )),
    );
    // The rerun line grades against the same file, so it shows the
    // unexpected pass again.
    let rerun = stdout(&o)
        .lines()
        .find_map(|l| l.strip_prefix("  rerun:    rfc1808 "))
        .unwrap()
        .to_owned();
    let words = shell_words::split(&rerun).unwrap();
    let again = rfc1808(&words.iter().map(String::as_str).collect::<Vec<_>>());
    assert_exit(&again, 1);
    assert_eq!(stdout(&again), stdout(&o));
    // Naming no vector: exit 1; naming a filtered-out vector: fine.
    std::fs::write(
        &file,
        "[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n\n\
         [[expected-failure]]\nid = \"rfc1808-5.1/renamed\"\nreason = \"old\"\n",
    )
    .unwrap();
    let o = run(&["--id", "rfc1808-5.1/scheme"]);
    assert_stdout(
        &o,
        1,
        &(header()
            + &format!(
            "STALE [wrong] {}:6: stale expectation `rfc1808-5.1/renamed`: no vector has this id; remove the entry\n\n\
             wrong: FAILED. 1 passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable; 1 stale expectation\n",
            file.display()
        )),
    );
    // A crash on a listed vector is still an error.
    write("[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n");
    let o = rfc1808(&[
        "run",
        "--impl",
        "crash=python3 tests/fixtures/wrong.py crash",
        "--expectations",
        &format!("crash={}", file.display()),
        "--id",
        "rfc1808-5.1/g",
    ]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert_starts_with(&out, &(header() + "ERROR rfc1808-5.1/g [crash]"));
    assert_contains(&out, "  note:     listed as an expected failure (echoes), but expectations cover wrong answers, not errors\n");
    // A malformed file is a configuration error.
    write("[[expected-failure]]\nid = \"rfc1808-5.1/g\"\n");
    let o = run(&[]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!("rfc1808: {}:1: missing key `reason`\n", file.display())
    );
}

#[test]
fn written_expectations_make_the_next_run_pass() {
    let dir = scratch("cli", "write");
    let file = dir.join("wrong.toml");
    let o = echo(&["--id", "rfc1808-5.1/*", "--write-expectations", path(&file)]);
    assert_exit(&o, 1);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: wrote {} for `wrong`: 0 kept, 23 added, 0 dropped\n",
            file.display()
        )
    );
    let written = std::fs::read_to_string(&file).unwrap();
    // One cause, one entry: the 23 answers are the relative URL as is.
    assert_eq!(
        written.matches("[[expected-failure]]").count(),
        1,
        "{written}"
    );
    assert_contains(
        &written,
        "[[expected-failure]]\nids = [\n    \"rfc1808-5.1/g\",\n    \"rfc1808-5.1/dot-g\",\n",
    );
    assert_contains(&written, "\n]\nreason = \"relative URL returned as is: 23 vectors, e.g. `rfc1808-5.1/g`: got \\\"g\\\" (expected \\\"http://a/b/c/g\\\")\"\n");
    // A reason explained by hand survives a rewrite, and so do comments
    // and formatting.
    let explained = written.replacen(
        "\n]\nreason = \"relative URL returned as is: 23 vectors, e.g. `rfc1808-5.1/g`: got \\\"g\\\" (expected \\\"http://a/b/c/g\\\")\"",
        "\n]\n# wrong.py answers the relative URL as is.\nreason = 'echoes the reference'  # on purpose",
        1,
    );
    assert_ne!(explained, written);
    std::fs::write(&file, &explained).unwrap();
    let expect = format!("wrong={}", file.display());
    let o = echo(&[
        "--id",
        "rfc1808-5.1/*",
        "--expectations",
        &expect,
        "--write-expectations",
        &expect,
    ]);
    assert_exit(&o, 0);
    assert!(stdout(&o).ends_with(
        "wrong: ok. 1 passed; 0 failed; 23 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"
    ));
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: wrote {} for `wrong`: 23 kept, 0 added, 0 dropped\n",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), explained);
    // An error decides nothing: its entry stays, and the error is said.
    let o = rfc1808(&[
        "run",
        "--impl",
        "right=python3 tests/fixtures/wrong.py crash",
        "--id",
        "rfc1808-5.1/g",
        "--write-expectations",
        &format!("right={}", file.display()),
    ]);
    assert_exit(&o, 1);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: wrote {0} for `right`: 23 kept, 0 added, 0 dropped\n\
             rfc1808: right: 1 errors are not written to {0} (expectations cover wrong answers only)\n",
            file.display()
        )
    );
}

#[test]
fn json_report_has_the_documented_schema() {
    let o = echo(&["--id", "rfc1808-5.1/g", "--format", "json"]);
    assert_exit(&o, 1);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["schema_version"], 2);
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["parse"], serde_json::Value::Null);
    let imp = &doc["implementations"][0];
    assert_eq!(imp["name"], "wrong");
    assert_eq!(
        imp["command"],
        serde_json::json!(["python3", "tests/fixtures/wrong.py", "echo"])
    );
    assert_eq!(imp["counts"]["failed"], 1);
    let r = &imp["results"][0];
    assert_eq!(r["id"], "rfc1808-5.1/g");
    assert_eq!(r["status"], "failed");
    assert_eq!(
        r["answer"],
        serde_json::json!({"kind": "resolved", "value": "g"})
    );
    assert_eq!(r["stderr"], "wrong.py: answering 'g' as is\n");
    let o = rfc1808(&[
        "run",
        "--id",
        "rfc1808-5.1/*",
        "--id",
        "parse/*",
        "--format",
        "json",
    ]);
    assert_exit(&o, 0);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["implementations"][0]["counts"]["passed"], 24);
    assert_eq!(doc["parse"]["failed"], 0);
}

#[test]
fn several_reports_in_one_run() {
    let dir = scratch("cli", "reports");
    let (junit, md, json) = (dir.join("r.xml"), dir.join("r.md"), dir.join("r.json"));
    let o = echo(&[
        "--id",
        "rfc1808-5.1/*",
        "--format",
        "markdown",
        "--report",
        &format!("junit={}", junit.display()),
        "--report",
        &format!("markdown={}", md.display()),
        "--report",
        &format!("json={}", json.display()),
    ]);
    assert_exit(&o, 1);
    let markdown = stdout(&o);
    assert_eq!(std::fs::read_to_string(&md).unwrap(), markdown);
    assert_starts_with(&markdown, "## RFC 1808 conformance\n\n❌ failed · rfc1808 ");
    // The 23 failures lead, before any table.
    let attention: Vec<&str> = markdown
        .lines()
        .skip_while(|l| *l != "### Needs attention")
        .take_while(|l| !l.starts_with('|') && !l.starts_with("### Impl"))
        .filter(|l| l.starts_with("- "))
        .collect();
    assert_eq!(attention.len(), 23, "{markdown}");
    assert_eq!(
        attention[0],
        "- **wrong**: new failure `rfc1808-5.1/g`, relative `g` against base `http://a/b/c/d;p?q#f`: got \"g\" (expected \"http://a/b/c/g\") (unexplained)"
    );
    let rows: Vec<&str> = markdown.lines().filter(|l| l.starts_with('|')).collect();
    // The implementations table (header, separator, one row), then the
    // matrix: header, separator, the 23 failing vectors.
    assert_eq!(rows.len(), 3 + 25, "{markdown}");
    assert_eq!(rows[2], "| wrong | not reported (only `jsonl` adapters report one) | — | RFC 1808 | 1/24 / 2/24 / 1/24 / 1/24 | ❌ | 1 | 23 | 0 | 0 | 0 | 0 | 0 | 0 |");
    assert_eq!(rows[3], "| vector | expected | wrong |");
    assert_eq!(rows[5], "| `rfc1808-5.1/g` | `http://a/b/c/g` | ❌ `g` |");
    // Every matrix row has the three cells of its header.
    assert!(
        rows[3..]
            .iter()
            .all(|r| r.replace("\\|", "").matches('|').count() == 4),
        "{markdown}"
    );

    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 24);
    assert!(cases
        .iter()
        .all(|c| c.attribute("classname") == Some("wrong")));
    assert_eq!(
        cases
            .iter()
            .filter(|c| c.children().any(|f| f.has_tag_name("failure")))
            .count(),
        23
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(json["implementations"][0]["counts"]["total"], 24);
}

#[test]
fn a_malformed_vector_file_is_a_startup_error_naming_file_line_and_key() {
    let dir = scratch("cli", "malformed-vectors");
    std::fs::write(
        dir.join("mine.toml"),
        "[[resolve]]\nid = \"mine/one\"\nbase = \"http://a/b\"\nrelative = \"g\"\nexpectd = \"http://a/g\"\nsource = \"test\"\ntags = []\n",
    )
    .unwrap();
    let o = rfc1808(&["--vectors", path(&dir), "run"]);
    assert_exit(&o, 2);
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: {}:5: unknown key `expectd`, expected one of `id`, `base`, `relative`, `expected`, `readings`, `undefined`, `source`, `tags`, `note`\n",
            dir.join("mine.toml").display()
        )
    );

    // A duplicate id across two files names both places.
    std::fs::write(
        dir.join("mine.toml"),
        "[[resolve]]\nid = \"mine/one\"\nbase = \"a\"\nrelative = \"b\"\nexpected = \"b\"\nsource = \"test\"\ntags = []\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("other.toml"),
        "\n[[resolve]]\nid = \"mine/one\"\nbase = \"a\"\nrelative = \"c\"\nexpected = \"c\"\nsource = \"test\"\ntags = []\n",
    )
    .unwrap();
    let o = rfc1808(&["--vectors", path(&dir), "list"]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: {}:3: key `id`: duplicate id `mine/one`, first used at {}:2\n",
            dir.join("other.toml").display(),
            dir.join("mine.toml").display()
        )
    );
}

#[test]
fn resolve_and_parse_offer_no_vectors_flag_and_explain_their_arguments() {
    let o = rfc1808(&["resolve", "--help"]);
    assert_exit(&o, 0);
    let help = stdout(&o);
    assert!(!help.contains("--vectors"), "{help}");
    assert!(
        help.contains("  [BASE]      The base URL, absolute (with a scheme) for RFC 1808 to resolve against\n")
            && help.contains("  [RELATIVE]  The relative URL to resolve; put `--` before BASE when it starts with `-`\n"),
        "{help}"
    );
    // Both or --parse, as the usage says.
    assert_contains(
        &help,
        "Usage: rfc1808 resolve [OPTIONS] <BASE> <RELATIVE>\n       rfc1808 resolve [OPTIONS] --parse <INPUT>\n",
    );
    let o = rfc1808(&["parse", "--help"]);
    assert_exit(&o, 0);
    let help = stdout(&o);
    assert!(!help.contains("--vectors"), "{help}");
    assert_contains(
        &help,
        "  <URL>  The URL to split into scheme, net_loc, path, params, query and fragment\n",
    );
    let o = rfc1808(&["--vectors", "../vectors", "parse", "http://a/b"]);
    assert_error(&o, 2, "rfc1808: --vectors applies to list, run, fuzz and promote; this command reads no vectors\n");
    // Before or after the command, for the commands that read vectors.
    for args in [
        ["--vectors", "../vectors", "list", "--id", "rfc1808-5.1/g"],
        ["list", "--vectors", "../vectors", "--id", "rfc1808-5.1/g"],
    ] {
        let o = rfc1808(&args);
        assert_exit(&o, 0);
        assert_starts_with(&stdout(&o), "rfc1808-5.1/g\t");
    }
}

#[test]
fn help_lists_the_exit_codes() {
    let help = |args: &[&str]| {
        let o = rfc1808(args);
        assert_exit(&o, 0);
        stdout(&o)
    };
    assert_ends_with(
        &help(&["--help"]),
        "\nExit codes:\n  0  success: for run, every vector passed or failed as expected\n  \
             1  run: a conformance failure (a wrong answer, an unexpected pass, a stale\n     \
             expectation, an error on some case); fuzz: a new kind of mismatch; both:\n     \
             the readings of an ambiguity mixed where the expectations do not allow it\n  \
             2  a usage, configuration, I/O or start-up error\n  \
             141  standard output or standard error was closed before all was written\n     \
             (`| head`): the rest is not written, files asked for are\n",
    );
    let run = help(&["run", "--help"]);
    assert!(
        run.contains("\nExit codes:\n  0  every vector passed or failed as expected\n  1  a conformance failure: ")
            && run.ends_with(
                "cannot start, a report that cannot be written\n  \
                 141  standard output or standard error was closed before all was written\n     \
                 (`| head`); the report files and expectations asked for are written\n"
            ),
        "{run}"
    );
    let fuzz = help(&["fuzz", "--help"]);
    assert!(
        fuzz.contains(
            "\nExit codes:\n  0  every mismatch is known: explained by the deviations the expectations\n     \
             list, or of a kind a listed vector shows; no readings mixed that they\n     \
             do not allow\n  1  a new kind of mismatch (explained by deviations not listed, or by\n     \
             none), or the readings of an ambiguity mixed"
        ) && fuzz.ends_with(
            "  2  a usage, configuration, I/O or start-up error\n  \
             141  standard output or standard error was closed before all was written\n     \
             (`2>&1 | head`); the promotions asked for are made\n"
        ),
        "{fuzz}"
    );
}

#[test]
fn run_and_fuzz_take_expectations_as_file_or_name_equals_file() {
    let dir = scratch("cli", "expectations-forms");
    let file = dir.join("wrong.toml");
    std::fs::write(
        &file,
        "[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n",
    )
    .unwrap();
    let listed = "wrong: ok. 0 passed; 0 failed; 1 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n";
    for value in [path(&file).to_owned(), format!("wrong={}", file.display())] {
        let o = echo(&["--expectations", &value, "--id", "rfc1808-5.1/g"]);
        assert_exit(&o, 0);
        assert_eq!(stdout(&o), header() + listed);
    }
    // Two implementations: a bare FILE does not say whose.
    let o = echo(&[
        "--impl",
        "other=python3 tests/fixtures/wrong.py echo",
        "--expectations",
        path(&file),
    ]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        format!(
            "rfc1808: --expectations `{}`: 2 implementations run, so say which as NAME=FILE (one of: wrong, other)\n",
            file.display()
        )
    );
    // fuzz takes NAME=FILE as run does, for its one implementation.
    let fuzz = |value: &str| {
        rfc1808(&[
            "fuzz",
            "--impl",
            "x=/no/such/adapter",
            "--max-cases",
            "1",
            "--expectations",
            value,
        ])
    };
    let o = fuzz("py=missing.toml");
    assert_error(&o, 2, "rfc1808: --expectations `py=missing.toml`: no implementation is named `py` in this run (there are: x)\n");
    for value in ["x=missing.toml", "missing.toml"] {
        let o = fuzz(value);
        assert_error(
            &o,
            2,
            "rfc1808: missing.toml: cannot read the file: No such file or directory (os error 2)\n",
        );
    }
}

#[test]
fn an_argv_adapter_that_cannot_answer_is_one_start_up_error() {
    let dir = scratch("cli", "argv-start");
    // The interpreter is there, the script is not: one error, not one per
    // vector.
    let missing = dir.join("missing.py");
    let o = rfc1808(&[
        "run",
        "--impl",
        &format!("py=python3 {}", missing.display()),
    ]);
    assert_exit(&o, 2);
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "rfc1808: implementation `py`: command `python3 {}` did not resolve a first case \
             (base `http://a/b`, relative `c`): adapter exited with code 2; its standard error: ",
            missing.display()
        )) && err.ends_with("No such file or directory\n")
            && err.lines().count() == 1,
        "{err}"
    );
    // A jsonl adapter under the default argv reads an empty standard input
    // and answers nothing.
    let jsonl = dir.join("jsonl.py");
    let run_py = || rfc1808(&["run", "--impl", &format!("py=python3 {}", jsonl.display())]);
    std::fs::write(
        &jsonl,
        "import sys\nfor line in sys.stdin:\n    print(line)\n",
    )
    .unwrap();
    // What the first case got, after the command and the case.
    let refused = |answer: &str| {
        format!(
            "rfc1808: implementation `py`: command `python3 {}` did not resolve a first case \
             (base `http://a/b`, relative `c`): {answer}",
            jsonl.display()
        )
    };
    assert_error(
        &run_py(),
        2,
        &refused(
            "answered nothing; this adapter seems to speak jsonl (or lines), reading its cases \
             from standard input: add --protocol jsonl (or --protocol lines)\n",
        ),
    );
    // One that speaks first answers with its handshake.
    std::fs::write(&jsonl, "print('{\"type\": \"started\", \"version\": 1}')\n").unwrap();
    assert_error(
        &run_py(),
        2,
        &refused(
            "answered `{\"type\": \"started\", \"version\": 1}`; this adapter seems to speak \
             jsonl: add --protocol jsonl\n",
        ),
    );
}
