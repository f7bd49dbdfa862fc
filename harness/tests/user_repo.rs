//! The loop a library's maintainer lives in, in a directory of their own
//! as README.md and docs/ci.md lay it out: a config that grades the library
//! under RFC 3986, the first run writing the expectations file the config
//! names, a fuzz finding promoted into the project's own vector file beside
//! the config, and the next run holding it beside the built-in vectors,
//! under the one expectations file, failing while the library is wrong.

mod common;

use common::{
    assert_contains, assert_exit, assert_starts_with, rfc1808_in, scratch, stderr, stdout, BIN,
};

/// A `jsonl` adapter of a library that claims no spec: RFC 3986 through
/// the reference (`rfc1808 serve`, its path the first argument), with two
/// bugs planted in network-path references: their dot segments are kept
/// (a deviation the built-in vectors show) and their fragment is dropped
/// (one they do not).
const ADAPTER: &str = r##"
import json, re, subprocess, sys

reference = subprocess.Popen(
    [sys.argv[1], "serve", "--protocol", "jsonl", "--spec", "rfc3986"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
reference.stdin.write('{"type":"start","version":1}\n')
reference.stdin.flush()
reference.stdout.readline()

def resolve(base, relative):
    if relative.startswith("//"):
        scheme = base.split(":", 1)[0]
        m = re.match(r"//([^/?#]*)(.*)", relative, re.S)
        rest = m.group(2).split("#", 1)[0]
        return scheme + "://" + m.group(1) + rest
    request = {"type": "resolve", "id": 1, "base": base, "relative": relative}
    reference.stdin.write(json.dumps(request) + "\n")
    reference.stdin.flush()
    return json.loads(reference.stdout.readline())["result"]

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "start":
        answer = {"type": "started", "version": 1, "name": "mylib",
                  "implementation_version": "1.0", "language": "python",
                  "spec": "none claimed"}
    elif request["type"] == "resolve":
        answer = {"id": request["id"],
                  "result": resolve(request["base"], request["relative"])}
    else:
        break
    print(json.dumps(answer), flush=True)
"##;

/// README.md's config, with the adapter above.
fn config(vectors: &str) -> String {
    format!(
        "{vectors}[[implementation]]\nname = \"mylib\"\ncommand = [\"python3\", \"adapter.py\", {}]\n\
         protocol = \"jsonl\"\nspec = \"rfc3986\"\nexpectations = \"rfc1808-expected.toml\"\n",
        toml::Value::String(BIN.to_owned())
    )
}

#[test]
fn a_fuzz_finding_becomes_a_test_that_fails_in_the_projects_own_run() {
    let dir = scratch("user-repo", "loop");
    std::fs::write(dir.join("adapter.py"), ADAPTER).unwrap();
    std::fs::write(dir.join("rfc1808.toml"), config("")).unwrap();

    // `rfc1808 run --config rfc1808.toml ARGS` in the project's directory.
    let run_config = |args: &[&str]| {
        rfc1808_in(
            &dir,
            &[&["run", "--config", "rfc1808.toml"][..], args].concat(),
        )
    };

    // README's "once": the expectations file the config names is created.
    let o = run_config(&["--write-expectations", "mylib=rfc1808-expected.toml"]);
    assert_exit(&o, 1);
    assert_starts_with(
        &stderr(&o),
        "rfc1808: wrote rfc1808-expected.toml for `mylib`: 0 kept, 1 added, 0 dropped\n",
    );
    let o = run_config(&[]);
    assert_exit(&o, 0);

    // A fuzz finding, promoted into the project's file beside the config;
    // the run reads that file too, as docs/ci.md's step does, and it need
    // not exist before the first finding.
    let adapter = format!("mylib=python3 adapter.py {BIN}");
    let fuzz = |extra: &[&str]| {
        let mut args = vec!["fuzz", "--impl", &adapter, "--protocol", "jsonl"];
        args.extend([
            "--spec",
            "rfc3986",
            "--expectations",
            "rfc1808-expected.toml",
        ]);
        args.extend(["--add-vectors", "rfc1808-vectors.toml"]);
        args.extend_from_slice(extra);
        rfc1808_in(&dir, &args)
    };
    let o = fuzz(&[
        "--seed",
        "1",
        "--max-cases",
        "3000",
        "--promote",
        "--to",
        "rfc1808-vectors.toml",
    ]);
    assert_exit(&o, 1);
    assert_contains(&stdout(&o), "promoted fragment dropped: `regression/");
    let mut mine = rfc1808_vectors::Corpus::default();
    mine.add_file(&dir.join("rfc1808-vectors.toml")).unwrap();
    let port = mine
        .resolve
        .iter()
        .find(|v| {
            v.note_under(rfc1808_vectors::Spec::Rfc3986)
                .is_some_and(|n| n.contains("fragment dropped"))
        })
        .expect("the fragment kind is promoted");
    assert!(
        port.answers(rfc1808_vectors::Spec::Rfc3986).is_some(),
        "an answer under the spec it was found under"
    );

    // The next run holds it beside the built-in vectors, under the one
    // expectations file, and fails while the library drops the fragment.
    std::fs::write(
        dir.join("rfc1808.toml"),
        config("vectors = [\"rfc1808-vectors.toml\"]\n\n"),
    )
    .unwrap();
    let o = run_config(&["--report", "markdown=summary.md"]);
    assert_exit(&o, 1);
    let text = stdout(&o);
    let built_in = rfc1808_vectors::embedded().resolve.len();
    let counts = text
        .lines()
        .find(|l| l.starts_with("mylib (1.0, python, none claimed): FAILED. "))
        .unwrap_or_else(|| panic!("{text}"));
    let total: usize = counts
        .split(". ")
        .nth(1)
        .unwrap()
        .split("; ")
        .map(|c| c.split(' ').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(total, built_in + mine.resolve.len(), "{counts}");
    assert_contains(
        &text,
        &format!("FAIL {} [mylib] (rfc1808-vectors.toml:", port.id),
    );
    assert_contains(&text, "\n  claims no spec; graded under RFC 3986; ");
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert_contains(
        &summary,
        &format!(
            "- **mylib**: new failure `{}`, relative `{}` against base `{}`: ",
            port.id,
            port.relative,
            port.base_or_empty()
        ),
    );

    // The built-in expectations are not dropped by a fuzz run that adds
    // the project's vectors.
    let o = fuzz(&["--max-cases", "10"]);
    assert!(!stderr(&o).contains("left out"), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(" --add-vectors rfc1808-vectors.toml "),
        "the rerun line reads them too: {}",
        stdout(&o)
    );
}

#[test]
fn an_added_vector_may_not_take_a_built_in_id() {
    let dir = scratch("user-repo", "taken-id");
    std::fs::write(
        dir.join("mine.toml"),
        "[[resolve]]\nid = \"rfc1808-5.1/g\"\nbase = \"http://a/b\"\nrelative = \"g\"\n\
         expected = \"http://a/g\"\nsource = \"s\"\ntags = []\n",
    )
    .unwrap();
    let o = rfc1808_in(&dir, &["run", "--add-vectors", "mine.toml"]);
    assert_exit(&o, 2);
    assert_eq!(
        stderr(&o),
        "rfc1808: mine.toml:2: key `id`: duplicate id `rfc1808-5.1/g`: the built-in vectors have \
         it (vectors/rfc1808.toml:14); give the added vector an id of its own\n"
    );
}
