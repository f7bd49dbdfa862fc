//! The GitHub action's script, `.github/action/run.sh`, run as the action's
//! steps run it: with the variables GitHub sets pointing into a scratch
//! directory, and the files it writes checked.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{assert_contains, assert_starts_with, stderr, stdout};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A runner's environment in `dir`: the files and directories GitHub gives
/// a step.
struct Runner {
    dir: tempfile::TempDir,
}

impl Runner {
    fn new() -> Self {
        let runner = Runner {
            dir: tempfile::tempdir().unwrap(),
        };
        for sub in ["temp", "tool-cache", "work"] {
            std::fs::create_dir(runner.path(sub)).unwrap();
        }
        runner
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap_or_default()
    }

    /// Runs the phase `phase` in the work directory with `env` on top of
    /// what GitHub sets.
    fn step(&self, phase: &str, env: &[(&str, &str)]) -> Output {
        let mut command = Command::new("bash");
        command
            .arg(repository().join(".github/action/run.sh"))
            .arg(phase)
            .current_dir(self.path("work"))
            .env("GITHUB_ACTION_PATH", repository())
            .env("GITHUB_OUTPUT", self.path("output"))
            .env("GITHUB_PATH", self.path("path"))
            .env("GITHUB_STEP_SUMMARY", self.path("summary"))
            .env("RUNNER_TEMP", self.path("temp"))
            .env("RUNNER_TOOL_CACHE", self.path("tool-cache"))
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env_remove("RFC1808_BIN")
            .env_remove("INPUT_CONFIG")
            .env_remove("INPUT_ARGS");
        for (name, value) in env {
            command.env(name, value);
        }
        command.output().unwrap()
    }

    /// Runs the `run` phase on a config with one implementation, `command`
    /// speaking `protocol`.
    fn run_config(&self, command: &[&str], protocol: &str) -> Output {
        let words: Vec<String> = command.iter().map(|w| format!("{w:?}")).collect();
        std::fs::write(
            self.path("work/rfc1808.toml"),
            format!(
                "[[implementation]]\nname = \"mine\"\ncommand = [{}]\nprotocol = \"{protocol}\"\n",
                words.join(", ")
            ),
        )
        .unwrap();
        self.step(
            "run",
            &[
                ("RFC1808_BIN", env!("CARGO_BIN_EXE_rfc1808")),
                ("INPUT_CONFIG", "rfc1808.toml"),
                ("INPUT_JUNIT", "out/junit.xml"),
                ("INPUT_ARGS", "--id rfc1808-5.1/*"),
            ],
        )
    }
}

fn outputs(text: &str) -> Vec<(&str, &str)> {
    text.lines().filter_map(|l| l.split_once('=')).collect()
}

#[test]
fn key_names_the_version_and_a_digest_of_the_sources() {
    let runner = Runner::new();
    let o = runner.step("key", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = runner.read("output");
    let outputs = outputs(&out);
    let key = outputs.iter().find(|(k, _)| *k == "key").unwrap().1;
    let prefix = format!("rfc1808-Linux-X64-{}-", env!("CARGO_PKG_VERSION"));
    let digest = key.strip_prefix(&prefix).unwrap_or_else(|| panic!("{key}"));
    assert!(
        digest.len() == 16 && digest.chars().all(|c| c.is_ascii_hexdigit()),
        "{key}"
    );
    let root = runner.path("tool-cache").join("rfc1808").join(key);
    assert_eq!(outputs, [("key", key), ("root", root.to_str().unwrap())]);
    // The same sources give the same key.
    let again = Runner::new();
    again.step("key", &[]);
    assert!(again.read("output").starts_with(&format!("key={key}\n")));
}

#[test]
fn install_builds_once_and_then_uses_the_cache() {
    let runner = Runner::new();
    // A cargo that records its arguments and installs a stand-in binary.
    let cargo = runner.path("cargo");
    std::fs::write(
        &cargo,
        "#!/bin/sh\necho \"$@\" >> \"$CARGO_LOG\"\n\
         while [ \"$1\" != --root ]; do shift; done\n\
         mkdir -p \"$2/bin\" && printf '#!/bin/sh\\n' > \"$2/bin/rfc1808\" && chmod +x \"$2/bin/rfc1808\"\n",
    )
    .unwrap();
    let log = runner.path("cargo.log");
    let env = [
        ("CARGO", cargo.to_str().unwrap()),
        ("CARGO_LOG", log.to_str().unwrap()),
    ];
    let make_executable = Command::new("chmod").arg("+x").arg(&cargo).status();
    assert!(make_executable.unwrap().success());

    let first = runner.step("install", &env);
    assert!(first.status.success(), "{}", stderr(&first));
    runner.step("key", &[]);
    let out = runner.read("output");
    let root = outputs(&out)[1].1.to_owned();
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        format!(
            "install --locked --path {}/harness --root {root}\n",
            repository().display()
        )
    );
    assert_eq!(runner.read("path"), format!("{root}/bin\n"));

    let second = runner.step("install", &env);
    assert!(second.status.success(), "{}", stderr(&second));
    assert_contains(&stdout(&second), "restored from the cache");
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 1);
    assert_eq!(runner.read("path"), format!("{root}/bin\n{root}/bin\n"));
}

#[test]
fn a_green_run_writes_a_green_summary_a_junit_file_and_exits_0() {
    let runner = Runner::new();
    let o = runner.run_config(
        &[
            env!("CARGO_BIN_EXE_rfc1808"),
            "serve",
            "--protocol",
            "jsonl",
        ],
        "jsonl",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = runner.read("summary");
    assert!(
        summary.starts_with(
            "## RFC 1808 conformance\n\n✅ every implementation matches its expectations · "
        ),
        "{summary}"
    );
    assert!(!summary.contains('❌'), "{summary}");
    let junit = runner.read("work/out/junit.xml");
    let doc = roxmltree::Document::parse(&junit).unwrap();
    assert_eq!(doc.root_element().attribute("failures"), Some("0"));
    assert_eq!(
        runner.read("output"),
        format!(
            "exit-code=0\njunit=out/junit.xml\nversion={}\n",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn a_red_run_leads_the_summary_with_the_problem_and_exits_1() {
    let runner = Runner::new();
    // Appends to a summary that earlier steps wrote to.
    std::fs::write(runner.path("summary"), "earlier step\n").unwrap();
    let wrong = repository().join("harness/tests/fixtures/wrong.py");
    let o = runner.run_config(&["python3", wrong.to_str().unwrap(), "echo"], "argv");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let summary = runner.read("summary");
    assert_starts_with(
        &summary,
        "earlier step\n## RFC 1808 conformance\n\n❌ failed · ",
    );
    let attention = summary.find("### Needs attention").unwrap();
    assert!(
        attention < summary.find("### Implementations").unwrap(),
        "{summary}"
    );
    assert!(stdout(&o).contains("::error title=RFC 1808 conformance::conformance failures"));
    assert!(runner.read("output").starts_with("exit-code=1\n"));
    assert!(runner.read("work/out/junit.xml").contains("<failure"));
}

#[test]
fn a_run_that_cannot_start_says_why_in_the_summary_and_exits_2() {
    let runner = Runner::new();
    let o = runner.step(
        "run",
        &[
            ("RFC1808_BIN", env!("CARGO_BIN_EXE_rfc1808")),
            ("INPUT_CONFIG", "missing.toml"),
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let summary = runner.read("summary");
    assert!(
        summary.starts_with(
            "## RFC 1808 conformance\n\n❌ rfc1808 could not run (exit 2):\n\n```\nrfc1808: "
        ),
        "{summary}"
    );
    assert!(summary.contains("missing.toml"), "{summary}");
    assert!(runner.read("output").starts_with("exit-code=2\n"));

    let o = runner.step("run", &[("INPUT_CONFIG", "")]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "the input `config` is empty");

    let o = runner.step("bogus", &[]);
    assert_eq!(o.status.code(), Some(2));
}
