//! `rfc1808 promote`: a finding becomes a vector in a copy of the vectors,
//! which then loads and runs; bad input changes nothing.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::repo::Repo;
use common::{assert_contains, assert_starts_with, promoted, stderr, stdout};

use rfc1808_fuzzgen::Input;
use rfc1808_vectors::ResolveVector;

/// A temporary copy of `vectors/`, inside a directory the tests run from.
struct Copy {
    repo: Repo,
}

impl Copy {
    fn new() -> Copy {
        let repo = Repo::new();
        common::copy_vectors(repo.root());
        Copy { repo }
    }

    fn dir(&self) -> PathBuf {
        self.repo.path("vectors")
    }

    fn regressions(&self) -> PathBuf {
        self.dir().join("regressions.toml")
    }

    fn read(&self) -> String {
        std::fs::read_to_string(self.regressions()).unwrap()
    }

    /// The vector `id`, as the copy's vectors load.
    fn vector(&self, id: &str) -> ResolveVector {
        let corpus = rfc1808_vectors::load_dir(&self.dir()).unwrap();
        corpus.resolve.into_iter().find(|v| v.id == id).unwrap()
    }

    /// Runs `rfc1808 ARGS` from the copy's root.
    fn run(&self, args: &[&str]) -> Output {
        self.repo.run(args)
    }
}

/// The arguments of `rfc1808 promote` for the pair of `base` and
/// `relative`, found by `source`, with its `note`.
fn promotion<'a>(base: &'a str, relative: &'a str, source: &'a str, note: &'a str) -> Vec<&'a str> {
    vec![
        "promote",
        "--base",
        base,
        "--relative",
        relative,
        "--source",
        source,
        "--note",
        note,
    ]
}

/// The number of passed vectors in `rfc1808 --vectors DIR run`.
fn passed(copy: &Copy) -> usize {
    let dir = copy.dir();
    let out = copy.run(&["--vectors", dir.to_str().unwrap(), "run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("reference: ok. "))
        .unwrap_or_else(|| panic!("no summary in {text}"));
    line["reference: ok. ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn a_promoted_pair_is_appended_loads_and_runs() {
    let copy = Copy::new();
    let before = copy.read();
    let passed_before = passed(&copy);

    let out = copy.run(&promotion(
        "http://a/b/c",
        "/./g?",
        "a bug report",
        "the library removes dot segments from absolute paths",
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let file = copy.regressions();
    assert_eq!(
        stdout(&out),
        format!(
            "appended `regression/1` to {}\n  base:     \"http://a/b/c\"\n  relative: \"/./g?\"\n  \
             RFC 1808: \"http://a/./g?\" (finished at Step 4 (the embedded path starts with a slash)); \
             1 other answer under other readings\n  \
             RFC 2396: \"http://a/./g?\"\n  \
             RFC 3986: \"http://a/g?\"\n\
             \x20 the URL Standard: \"http://a/g?\"\n\
             `rfc1808 run --vectors {}` runs it now; `cargo test` and the built-in vectors have it after the next build\n",
            file.display(),
            copy.dir().display()
        )
    );
    let after = copy.read();
    assert!(after.starts_with(&before), "the file is only appended to");
    assert_eq!(
        &after[before.len()..],
        "
[[resolve]]
id = \"regression/1\"
base = \"http://a/b/c\"
relative = \"/./g?\"
expected = { rfc1808 = \"http://a/./g?\", rfc2396 = \"http://a/./g?\", rfc3986 = \"http://a/g?\", whatwg = \"http://a/g?\" }
readings.rfc1808 = { \"empty-component=absent\" = \"http://a/./g\" }
source = \"a bug report\"
tags = [\"regression\", \"step4\", \"specs-differ\"]
note = \"the library removes dot segments from absolute paths\"
# rfc1808 promote: ids up to regression/1 are taken; keep this line when deleting vectors
"
    );

    let v = copy.vector("regression/1");
    assert_eq!(v.expected, "http://a/./g?");
    assert_eq!(passed(&copy), passed_before + 1);
}

#[test]
fn strings_are_escaped_and_ids_count_up() {
    let copy = Copy::new();
    let awkward = "-a\"b'c\\d\te\u{1}é";
    for (base, relative) in [("http://a/b", awkward), (awkward, "g")] {
        let out = copy.run(&promotion(base, relative, "test", "n"));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let promoted = promoted(&copy.dir());
    let pairs: Vec<(&str, &str, &str)> = promoted
        .iter()
        .map(|(id, base, relative, _)| (&**id, &**base, &**relative))
        .collect();
    assert_eq!(
        pairs,
        [
            ("regression/1", "http://a/b", awkward),
            ("regression/2", awkward, "g")
        ]
    );
}

#[test]
fn a_deleted_vector_keeps_its_number_taken() {
    let copy = Copy::new();
    let original = copy.read();
    let promote = |relative: &str| {
        let out = copy.run(&promotion("http://a/b", relative, "t", "n"));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out)
    };
    promote("/./x");
    promote("/./y");
    // Delete the second vector's table, as a person would, leaving the
    // mark line after it.
    let text = copy.read();
    let start = text.rfind("\n[[resolve]]").unwrap();
    let end = text.rfind("# rfc1808 promote").unwrap();
    std::fs::write(
        copy.regressions(),
        format!("{}\n{}", &text[..start], &text[end..]),
    )
    .unwrap();
    assert!(promote("/./z").starts_with("appended `regression/3` "));
    assert!(copy.read().starts_with(&original));
}

#[test]
fn an_artifact_is_decoded_into_its_pair() {
    let copy = Copy::new();
    let artifact = copy.repo.path("crash-1234");
    std::fs::write(&artifact, Input::new("http://a/b/c", "..//g").to_bytes()).unwrap();
    let out = copy.run(&["promote", "crash-1234", "--note", "empty segment after .."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = copy.vector("regression/1");
    assert_eq!(
        (
            &*v.id,
            v.base.as_deref().unwrap(),
            &*v.relative,
            &*v.expected
        ),
        ("regression/1", "http://a/b/c", "..//g", "http://a//g")
    );
    assert_eq!(v.source, "cargo-fuzz artifact crash-1234");
    assert_eq!(v.tags, ["regression", "step6"]);
    assert_eq!(v.note.as_deref(), Some("empty segment after .."));
}

/// Runs `rfc1808 ARGS` in a fresh copy and checks that it fails with exit
/// code 2 and `message`, leaving the file as it was.
fn refused(args: &[&str], message: &str) {
    let copy = Copy::new();
    std::fs::write(copy.repo.path("empty-artifact"), b"").unwrap();
    let before = copy.read();
    let out = copy.run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
    let corpus = rfc1808_vectors::load_dir(&copy.dir()).unwrap();
    let origin = |id: &str| {
        corpus
            .resolve
            .iter()
            .find(|v| v.id == id)
            .unwrap()
            .origin
            .to_string()
    };
    let message = message.replace("DOT-DOT-G", &origin("rfc1808-5.1/dot-dot-g"));
    assert_eq!(stderr(&out), message, "{args:?}");
    assert_eq!(copy.read(), before, "{args:?} changed the file");
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    refused(
        &["promote", "no-such-artifact", "--note", "n"],
        "rfc1808: no-such-artifact: cannot read the artifact: No such file or directory (os error 2)\n",
    );
    refused(
        &["promote", "empty-artifact", "--note", "n"],
        "rfc1808: empty-artifact: the artifact decodes to an empty base and an empty relative URL, \
         which is not a finding; is it an artifact of an rfc1808 fuzz target?\n",
    );
    refused(
        &promotion("http://a/b/c/d;p?q#f", "../g", "s", "n"),
        "rfc1808: base \"http://a/b/c/d;p?q#f\" with relative \"../g\" is already vector \
         `rfc1808-5.1/dot-dot-g` (DOT-DOT-G); nothing promoted\n",
    );
    refused(
        &promotion("a", "b", "s", " "),
        "rfc1808: --note must say the finding's root cause; it is empty\n",
    );
    refused(
        &promotion("a", "b", "s", "two\nlines"),
        "rfc1808: --note must be one line\n",
    );
}

#[test]
fn a_duplicate_in_the_file_itself_is_refused_too() {
    let copy = Copy::new();
    let args = promotion("a", "b", "s", "n");
    assert_eq!(copy.run(&args).status.code(), Some(0));
    let before = copy.read();
    let out = copy.run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_contains(&stderr(&out), "is already vector `regression/1`");
    assert_eq!(copy.read(), before);
}

#[test]
fn outside_a_checkout_it_creates_vectors_regressions_toml() {
    let project = Repo::new();
    let promote = |relative: &str, extra: &[&str]| {
        let mut args = promotion(
            "http://a/b/c/d;p?q#f",
            relative,
            "rfc1808 fuzz against mine",
            "n",
        );
        args.extend_from_slice(extra);
        project.run(&args)
    };
    let out = promote("/./g?", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "created vectors/regressions.toml for the vectors you promote\n\
         appended `regression/1` to vectors/regressions.toml\n  \
         base:     \"http://a/b/c/d;p?q#f\"\n  relative: \"/./g?\"\n  \
         RFC 1808: \"http://a/./g?\" (finished at Step 4 (the embedded path starts with a slash)); \
         1 other answer under other readings\n  \
         RFC 2396: \"http://a/./g?\"\n  \
         RFC 3986: \"http://a/g?\"\n  \
         the URL Standard: \"http://a/g?\"\n\
         `rfc1808 run --add-vectors vectors/regressions.toml` runs it beside the built-in vectors; \
         a config file's `vectors` key keeps it in every run (docs/vectors.md)\n"
    );
    let file = project.path("vectors/regressions.toml");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .starts_with("# Findings promoted by `rfc1808 promote` (docs/vectors.md)"));
    // The next promotion finds the file, and its ids go on.
    let out = promote("/./h", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with(&format!("appended `regression/2` to {}\n", file.display())));
    // A pair among the built-in vectors is not a finding there either.
    let out = promote("../g", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_contains(&stderr(&out), "is already vector `rfc1808-5.1/dot-dot-g`");
    // --to a file that does not exist creates it, directory and all.
    let out = promote("/./g?", &["--to", "ci/found.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with(
        "created ci/found.toml for the vectors you promote\nappended `regression/1` to ci/found.toml\n"
    ));
    // The new vectors run beside the built-in ones.
    let out = project.run(&[
        "run",
        "--add-vectors",
        "vectors/regressions.toml",
        "--id",
        "regression/*",
    ]);
    assert!(
        stdout(&out).contains(
            "\n\nreference: ok. 2 passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n"
        ),
        "{}",
        stdout(&out)
    );
}

/// A project's own file beside its config and expectations, as
/// docs/ci.md lays them out: `--to FILE` reads FILE and the built-in
/// vectors, and nothing else of the directory.
#[test]
fn to_a_file_beside_a_config_and_expectations_reads_only_that_file() {
    let project = Repo::new();
    let write = |name: &str, text: &str| project.write(name, text);
    write(
        "rfc1808.toml",
        "vectors = [\"rfc1808-vectors.toml\"]\n\n[[implementation]]\nname = \"mylib\"\n\
         command = [\"node\", \"adapter.js\"]\nprotocol = \"jsonl\"\nspec = \"rfc3986\"\n\
         expectations = \"rfc1808-expected.toml\"\n",
    );
    write(
        "rfc1808-expected.toml",
        "spec = \"rfc3986\"\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"r\"\n",
    );
    write("Cargo.toml", "[package]\nname = \"not-vectors\"\n");
    let promote = |relative: &str, extra: &[&str]| {
        let note = "mylib throws URIError on percent-encoded userinfo";
        let mut args = promotion("http://a", relative, "issue 7", note);
        args.extend_from_slice(&["--to", "rfc1808-vectors.toml"]);
        args.extend_from_slice(extra);
        project.run(&args)
    };
    let out = promote("//%aa@", &["--spec", "rfc3986"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with(
            "`rfc1808 run --add-vectors rfc1808-vectors.toml` runs it beside the built-in vectors; \
             a config file's `vectors` key keeps it in every run (docs/vectors.md)\n"
        ),
        "{}",
        stdout(&out)
    );
    let text = project.read("rfc1808-vectors.toml");
    assert!(
        text.ends_with(
            "[[resolve]]\nid = \"regression/1\"\nbase = \"http://a\"\nrelative = \"//%aa@\"\n\
             expected = { rfc1808 = \"http://%aa@\", rfc2396 = \"http://%aa@\", rfc3986 = \"http://%aa@\", whatwg = { rejects = \"host-missing: the special URL has no host\" } }\n\
             source = \"issue 7\"\ntags = [\"regression\", \"step3\", \"specs-differ\"]\n\
             note.rfc3986 = \"mylib throws URIError on percent-encoded userinfo\"\n\
             # rfc1808 promote: ids up to regression/1 are taken; keep this line when deleting vectors\n"
        ),
        "{text}"
    );
    // A case RFC 3986 leaves undefined is no test under it.
    let mut args = promotion("a", "b", "s", "n");
    args.extend_from_slice(&["--spec", "rfc3986", "--to", "rfc1808-vectors.toml"]);
    let out = project.run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "rfc1808: RFC 3986 does not define this case: the base is not a URI (section 5.2.1 \
         resolves against one; the grammar of section 3); no answer could fail its vector under \
         it, so nothing is promoted\n"
    );
    assert_eq!(project.read("rfc1808-vectors.toml"), text);
    // The config's run reads the file beside the built-in vectors.
    let out = project.run(&[
        "list",
        "--add-vectors",
        "rfc1808-vectors.toml",
        "--id",
        "regression/*",
    ]);
    assert_eq!(
        stdout(&out),
        "regression/1\tresolve\tregression,step3,specs-differ\n"
    );
}

#[test]
fn a_file_that_does_not_load_is_left_alone() {
    let copy = Copy::new();
    let broken = format!("{}\n[[resolve]]\nid = \"regression/x\"\n", copy.read());
    std::fs::write(copy.regressions(), &broken).unwrap();
    let out = copy.run(&promotion("a", "b", "s", "n"));
    assert_eq!(out.status.code(), Some(2));
    assert_starts_with(&stderr(&out), "rfc1808: the vectors do not load: ");
    assert_eq!(copy.read(), broken);
}
