//! The vectors as named tests in a URL library's own `cargo test`, with the
//! vectors built in (feature `libtest`).
//!
//! Each resolve vector becomes a test named by its id, so `cargo test`
//! shows a regression as `rfc1808-5.1/g` with its base, relative URL,
//! expected and actual answer, and `cargo test -- rfc1808-5.2/` runs a
//! group. In a test target with `harness = false`:
//!
//! ```no_run
//! fn my_join(base: &str, relative: &str) -> Result<String, String> {
//!     # Ok(String::new())
//!     // ...
//! }
//!
//! fn main() -> Result<(), rfc1808_vectors::LoadError> {
//!     rfc1808_vectors::libtest::Suite::new(my_join)
//!         // The same file `rfc1808 run --expectations` reads.
//!         .expectations_file("tests/rfc1808-expected.toml")?
//!         .expect_failure("rfc1808-5.2/too-many-dot-dot", "follows RFC 3986 here")
//!         .run()
//! }
//! ```
//!
//! The resolve function returns a `String`, or a `Result` whose `Ok` and
//! `Err` are `Display` (an `Err` is the library rejecting the case, which
//! fails the test). Expected failures are strict both ways, as in
//! `rfc1808 run`: a listed vector that passes fails its test, and so does an
//! entry that names no vector, or an id listed twice. With the environment
//! variable [`WRITE_ENV`] set to a path, [`Suite::run`] first writes the
//! failures there as an expectations file.

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

use crate::expectations::{self, Decision, Expectations};
use crate::grade::{self, Answer, ExpectedFailures, Verdict};
use crate::{Corpus, LoadError, ResolveVector};

/// The environment variable that makes [`Suite::run`] write an
/// expectations file from the failures, at the path it holds.
pub const WRITE_ENV: &str = "RFC1808_WRITE_EXPECTATIONS";

/// What a resolve function may return.
pub trait Resolution {
    /// The resolved URL, or the library's reason for rejecting the case.
    fn into_result(self) -> Result<String, String>;
}

impl Resolution for String {
    fn into_result(self) -> Result<String, String> {
        Ok(self)
    }
}

impl<T: Display, E: Display> Resolution for Result<T, E> {
    fn into_result(self) -> Result<String, String> {
        self.map(|url| url.to_string()).map_err(|e| e.to_string())
    }
}

type Resolve = dyn Fn(&str, &str) -> Result<String, String> + Send + Sync;

/// One listed vector, and where it was listed.
#[derive(Clone, Debug)]
struct Listed {
    id: String,
    reason: String,
    /// `file:line`, or `.expect_failure`.
    at: String,
}

/// How the trials of a run were graded, counted as they run.
#[derive(Debug, Default)]
struct Counts {
    passed: AtomicU64,
    failed: AtomicU64,
    expected: AtomicU64,
    unexpected: AtomicU64,
}

impl Counts {
    fn count(&self, verdict: Verdict) {
        let counter = match verdict {
            Verdict::Passed => &self.passed,
            Verdict::ExpectedFailure => &self.expected,
            Verdict::UnexpectedPass => &self.unexpected,
            _ => &self.failed,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// The vectors, a resolve function and its expected failures.
pub struct Suite {
    corpus: Corpus,
    resolve: Arc<Resolve>,
    listed: Vec<Listed>,
    /// The name and text of the expectations file read, whose comments a
    /// written file keeps.
    file: Option<(String, String)>,
    counts: Arc<Counts>,
}

impl Suite {
    /// Every embedded vector against `resolve(base, relative)`.
    pub fn new<F, R>(resolve: F) -> Self
    where
        F: Fn(&str, &str) -> R + Send + Sync + 'static,
        R: Resolution,
    {
        Suite {
            corpus: crate::embedded(),
            resolve: Arc::new(move |base, relative| resolve(base, relative).into_result()),
            listed: Vec::new(),
            file: None,
            counts: Arc::default(),
        }
    }

    /// Uses these vectors instead of the embedded ones.
    pub fn with_corpus(mut self, corpus: Corpus) -> Self {
        self.corpus = corpus;
        self
    }

    /// Lists the vector `id` as failing, for `reason`. An id listed twice
    /// (here or in an expectations file) fails as the test
    /// `expected-failure/ID`.
    pub fn expect_failure(mut self, id: &str, reason: &str) -> Self {
        self.listed.push(Listed {
            id: id.to_owned(),
            reason: reason.to_owned(),
            at: ".expect_failure".to_owned(),
        });
        self
    }

    /// Lists the entries of the expectations file at `path`, the format
    /// `rfc1808 run --expectations` reads (see [`expectations`]).
    pub fn expectations_file(mut self, path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let (name, text) = LoadError::read(path.as_ref())?;
        self = self.expectations(&Expectations::parse_str(&name, &text)?);
        self.file = Some((name, text));
        Ok(self)
    }

    /// Lists the entries of `expectations`. The suite knows no library
    /// version, so entries with a `versions` condition apply to none, as
    /// `rfc1808 run` reads them for an adapter that reports no version.
    pub fn expectations(mut self, expectations: &Expectations) -> Self {
        let expectations = expectations.applying_to(None);
        self.listed
            .extend(expectations.entries.iter().map(|e| Listed {
                id: e.id.clone(),
                reason: e.reason.clone(),
                at: format!("{}:{}", expectations.file, e.line),
            }));
        self
    }

    /// The listed vectors; of an id listed twice, the first.
    fn failures(&self) -> ExpectedFailures<'_> {
        ExpectedFailures::new(
            self.listed
                .iter()
                .map(|l| (l.id.as_str(), l.reason.as_str())),
        )
    }

    /// One trial per resolve vector, then one failing trial per listed id
    /// that names no vector or is listed twice.
    pub fn trials(&self) -> Vec<Trial> {
        let listed = self.failures();
        let mut trials: Vec<Trial> = self
            .corpus
            .resolve
            .iter()
            .map(|v| {
                let v = v.clone();
                let resolve = Arc::clone(&self.resolve);
                let counts = Arc::clone(&self.counts);
                let expected = listed.reason(&v.id).map(str::to_owned);
                let kind = if expected.is_some() {
                    "expected failure"
                } else {
                    ""
                };
                Trial::test(v.id.clone(), move || {
                    let (verdict, result) =
                        judge(&v, expected.as_deref(), resolve(&v.base, &v.relative));
                    counts.count(verdict);
                    result.map_err(Failed::from)
                })
                .with_kind(kind)
            })
            .collect();
        for (id, kind, message) in self.listing_problems() {
            trials.push(
                Trial::test(format!("expected-failure/{id}"), move || {
                    Err(Failed::from(message))
                })
                .with_kind(kind),
            );
        }
        trials
    }

    /// The listed ids that name no resolve vector (`stale`) or that are
    /// listed again (`duplicate`), each with its kind and message.
    fn listing_problems(&self) -> Vec<(String, &'static str, String)> {
        let mut first: HashMap<&str, &Listed> = HashMap::new();
        let mut problems = Vec::new();
        for l in &self.listed {
            if let Some(earlier) = first.get(l.id.as_str()) {
                problems.push((
                    l.id.clone(),
                    "duplicate",
                    format!(
                        "`{}` is listed twice as an expected failure: at {} ({}) and at {} ({}); keep one",
                        l.id, earlier.at, earlier.reason, l.at, l.reason
                    ),
                ));
                continue;
            }
            first.insert(&l.id, l);
            if grade::check_listed(&self.corpus, &l.id).is_err() {
                problems.push((
                    l.id.clone(),
                    "stale",
                    format!(
                        "stale expectation `{}` ({}): no resolve vector has this id; remove the entry",
                        l.id, l.at
                    ),
                ));
            }
        }
        problems
    }

    /// Writes the failures as an expectations file at `path`: an entry that
    /// still fails keeps its reason, comments and formatting (from `path` if
    /// it exists, else from the listing of this suite), a new failure gets
    /// what was observed as its reason, and entries for vectors that pass or
    /// that name no vector are dropped. Each vector is resolved once more
    /// to find out.
    pub fn write_expectations(&self, path: impl AsRef<Path>) -> Result<Written, WriteError> {
        let path = path.as_ref();
        let existing = if path.exists() {
            LoadError::read(path).map_err(WriteError::Load)?
        } else if let Some(file) = &self.file {
            // Another file, whose entries may have been added to by
            // `.expect_failure`: start from this suite's whole listing,
            // with that file's comments.
            let listed = self.failures();
            let readings = readings_of(&file.0, &file.1).map_err(WriteError::Load)?;
            let readings: Vec<(&str, String)> = readings
                .iter()
                .map(|(a, r)| (a.as_str(), r.clone()))
                .collect();
            let text = expectations::rewrite(
                Some((&file.0, &file.1)),
                crate::Spec::Rfc1808,
                &self.corpus,
                &readings,
                |v| listing(&listed, v),
            )
            .map_err(WriteError::Load)?
            .text;
            (file.0.clone(), text)
        } else {
            let listed = self.failures();
            let text = expectations::rewrite(None, crate::Spec::Rfc1808, &self.corpus, &[], |v| {
                listing(&listed, v)
            })
            .map_err(WriteError::Load)?
            .text;
            (".expect_failure".to_owned(), text)
        };
        // This suite does not grade readings: the file's entries for them
        // stay as they are.
        let readings = readings_of(&existing.0, &existing.1).map_err(WriteError::Load)?;
        let readings: Vec<(&str, String)> = readings
            .iter()
            .map(|(a, r)| (a.as_str(), r.clone()))
            .collect();
        let rewritten = expectations::rewrite(
            Some((&existing.0, &existing.1)),
            crate::Spec::Rfc1808,
            &self.corpus,
            &readings,
            |v| {
                let answer = match (self.resolve)(&v.base, &v.relative) {
                    Ok(got) if v.accepts().admits(&got) => return Decision::Passes,
                    Err(_) if v.accepts().admits_rejection() => return Decision::Passes,
                    Ok(got) => Answer::Resolved(got),
                    Err(why) => Answer::Rejected(why),
                };
                Decision::Fails {
                    observed: expectations::observed(&answer, &v.expected),
                }
            },
        )
        .map_err(WriteError::Load)?;
        crate::files::replace(path, rewritten.text.as_bytes()).map_err(WriteError::Io)?;
        Ok(Written {
            kept: rewritten.kept,
            added: rewritten.added,
            dropped: rewritten.dropped,
        })
    }

    /// Runs the trials with the command line's arguments (`cargo test --
    /// FILTER` works), prints a summary line that counts the expected
    /// failures apart, and exits with libtest's code. With [`WRITE_ENV`]
    /// set, writes the expectations file first.
    pub fn run(&self) -> ! {
        match self.write_requested() {
            Ok(Some(line)) => eprintln!("{line}"),
            Ok(None) => {}
            Err(e) => {
                eprintln!("rfc1808: {WRITE_ENV}: {e}");
                std::process::exit(101)
            }
        }
        let conclusion = libtest_mimic::run(&Arguments::from_args(), self.trials());
        println!("{}", self.summary());
        conclusion.exit()
    }

    /// Writes the expectations file [`WRITE_ENV`] names, if it is set, and
    /// returns the line that says what was written.
    fn write_requested(&self) -> Result<Option<String>, WriteError> {
        let Some(path) = std::env::var_os(WRITE_ENV).filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let path = PathBuf::from(path);
        let w = self.write_expectations(&path)?;
        Ok(Some(format!(
            "rfc1808: wrote {} ({WRITE_ENV}): {} kept, {} added, {} dropped",
            path.display(),
            w.kept,
            w.added,
            w.dropped
        )))
    }

    /// The line [`Suite::run`] prints after libtest's own, whose `passed`
    /// counts the expected failures too.
    pub fn summary(&self) -> String {
        let c = &self.counts;
        let get = |n: &AtomicU64| n.load(Ordering::Relaxed);
        let (failed, unexpected) = (get(&c.failed), get(&c.unexpected));
        format!(
            "rfc1808 vectors: {}. {} passed; {failed} failed; {} expected failures; {unexpected} unexpected passes",
            if failed + unexpected == 0 { "ok" } else { "FAILED" },
            get(&c.passed),
            get(&c.expected),
        )
    }
}

/// The `[[inconsistent-reading]]` entries of an expectations file, as
/// ambiguity and reason.
fn readings_of(name: &str, text: &str) -> Result<Vec<(String, String)>, LoadError> {
    Ok(Expectations::parse_str(name, text)?
        .inconsistent
        .into_iter()
        .map(|i| (i.ambiguity, i.reason))
        .collect())
}

/// What the listing says of `v`: a listed vector is written as failing,
/// with its reason.
fn listing(listed: &ExpectedFailures<'_>, v: &ResolveVector) -> Decision {
    match listed.reason(&v.id) {
        Some(reason) => Decision::Fails {
            observed: reason.to_owned(),
        },
        None => Decision::Undecided,
    }
}

/// What [`Suite::write_expectations`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub kept: usize,
    pub added: usize,
    pub dropped: usize,
}

/// Why an expectations file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The existing file does not load.
    Load(LoadError),
    /// The file cannot be written; it is as it was.
    Io(crate::files::ReplaceError),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Load(e) => e.fmt(f),
            WriteError::Io(e) => write!(
                f,
                "cannot write the expectations file {}: {}",
                e.file().display(),
                e.reason()
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// Judges one answer against `vector` and its expected failure, if listed.
fn judge(
    v: &ResolveVector,
    expected_failure: Option<&str>,
    answer: Result<String, String>,
) -> (Verdict, Result<(), String>) {
    let graded = match &answer {
        Ok(url) => Answer::Resolved(url.clone()),
        Err(why) => Answer::Rejected(why.clone()),
    };
    let verdict = grade::grade(v.accepts(), &graded, expected_failure.is_some());
    let result = match verdict {
        Verdict::UnexpectedPass => Err(format!(
            "unexpected pass: {} is listed as an expected failure ({}) but resolves to the expected {:?}; remove the entry",
            v.id,
            expected_failure.unwrap_or_default(),
            v.expected
        )),
        Verdict::Failed => check(v, answer),
        _ => Ok(()),
    };
    (verdict, result)
}

/// Checks one answer against `vector`; on a mismatch, the message shows the
/// inputs, both answers and where they first differ.
pub fn check(vector: &ResolveVector, answer: Result<String, String>) -> Result<(), String> {
    let v = vector;
    let mut message = format!(
        "{} ({})\n  base:     {:?}\n  relative: {:?}\n  expected: {:?}\n",
        v.id, v.origin, v.base, v.relative, v.expected
    );
    match answer {
        Ok(got) if v.accepts().admits(&got) => return Ok(()),
        Err(_) if v.accepts().admits_rejection() => return Ok(()),
        Ok(got) => {
            message += &format!("  got:      {got:?}\n");
            let same = v
                .expected
                .chars()
                .zip(got.chars())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a.escape_debug().count())
                .sum::<usize>();
            message += &format!("            {}^\n", " ".repeat(same + 1));
        }
        Err(why) => message += &format!("  rejected: {why}\n"),
    }
    if let Some(note) = &v.note {
        message += &format!("  why:      {}\n", note.trim());
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_is_a_named_trial() {
        let suite = Suite::new(|_: &str, relative: &str| relative.to_owned());
        let trials = suite.trials();
        let names: Vec<&str> = trials.iter().map(|t| t.name()).collect();
        let corpus = crate::embedded();
        let ids: Vec<&str> = corpus.resolve.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(names, ids);
    }

    #[test]
    fn failures_pass_and_fail_as_listed() {
        let corpus = crate::embedded();
        let v = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let (g, scheme) = (v("rfc1808-5.1/g"), v("rfc1808-5.1/scheme"));
        assert_eq!(
            judge(g, Some("echoes"), Ok("g".into())),
            (Verdict::ExpectedFailure, Ok(()))
        );
        assert_eq!(
            judge(g, Some("echoes"), Err("no".into())),
            (Verdict::ExpectedFailure, Ok(()))
        );
        assert!(judge(g, None, Ok("g".into())).1.is_err());
        assert_eq!(
            judge(scheme, Some("was broken"), Ok("g:h".into()))
                .1
                .unwrap_err(),
            "unexpected pass: rfc1808-5.1/scheme is listed as an expected failure (was broken) but resolves to the expected \"g:h\"; remove the entry"
        );
        let suite = Suite::new(|_: &str, relative: &str| relative.to_owned())
            .expect_failure("rfc1808-5.1/g", "echoes")
            .expect_failure("rfc1808-5.1/renamed", "gone");
        let trials = suite.trials();
        let g = trials.iter().find(|t| t.name() == "rfc1808-5.1/g").unwrap();
        assert_eq!(g.kind(), "expected failure");
        let stale = trials.last().unwrap();
        assert_eq!(stale.name(), "expected-failure/rfc1808-5.1/renamed");
        assert_eq!(stale.kind(), "stale");
        assert_eq!(trials.len(), corpus.resolve.len() + 1);
    }

    /// A fresh scratch directory for one test.
    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rfc1808-libtest-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Echoes the relative URL: right on `rfc1808-5.1/scheme` only, of the
    /// section 5.1 examples.
    fn echo() -> Suite {
        Suite::new(|_: &str, relative: &str| relative.to_owned())
    }

    #[test]
    fn an_id_listed_twice_fails_as_its_own_test() {
        let dir = scratch("twice");
        let file = dir.join("expected.toml");
        std::fs::write(
            &file,
            "# my-url\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n",
        )
        .unwrap();
        let suite = echo()
            .expectations_file(&file)
            .unwrap()
            .expect_failure("rfc1808-5.1/g", "echoes again")
            .expect_failure("rfc1808-5.1/renamed", "gone");
        assert_eq!(
            suite.listing_problems(),
            [
                (
                    "rfc1808-5.1/g".to_owned(),
                    "duplicate",
                    format!(
                        "`rfc1808-5.1/g` is listed twice as an expected failure: at {}:3 (echoes) and at .expect_failure (echoes again); keep one",
                        file.display()
                    )
                ),
                (
                    "rfc1808-5.1/renamed".to_owned(),
                    "stale",
                    "stale expectation `rfc1808-5.1/renamed` (.expect_failure): no resolve vector has this id; remove the entry".to_owned()
                ),
            ]
        );
        let names: Vec<String> = suite.trials().iter().map(|t| t.name().to_owned()).collect();
        assert!(names.ends_with(&[
            "expected-failure/rfc1808-5.1/g".to_owned(),
            "expected-failure/rfc1808-5.1/renamed".to_owned()
        ]));
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "[[expected-failure]]\nid = \"a/b\"\n").unwrap();
        assert_eq!(
            echo().expectations_file(&bad).err().unwrap().to_string(),
            format!("{}:1: missing key `reason`", bad.display())
        );
    }

    #[test]
    fn the_summary_counts_expected_failures_apart() {
        let mut corpus = crate::embedded();
        corpus
            .resolve
            .retain(|v| ["rfc1808-5.1/g", "rfc1808-5.1/scheme"].contains(&v.id.as_str()));
        let suite = echo()
            .with_corpus(corpus)
            .expect_failure("rfc1808-5.1/g", "echoes");
        let args = Arguments {
            quiet: true,
            test_threads: Some(1),
            ..Arguments::default()
        };
        let conclusion = libtest_mimic::run(&args, suite.trials());
        // libtest's own line says `2 passed`.
        assert_eq!((conclusion.num_passed, conclusion.num_failed), (2, 0));
        assert_eq!(
            suite.summary(),
            "rfc1808 vectors: ok. 1 passed; 0 failed; 1 expected failures; 0 unexpected passes"
        );
    }

    #[test]
    fn the_generator_writes_the_failures_and_keeps_what_was_written_by_hand() {
        let dir = scratch("generator");
        let file = dir.join("expected.toml");
        let only_5_1 = |suite: Suite| {
            let mut corpus = crate::embedded();
            corpus.resolve.retain(|v| v.id.starts_with("rfc1808-5.1/"));
            suite.with_corpus(corpus)
        };
        let suite = only_5_1(echo().expect_failure("rfc1808-5.1/g", "echoes by design"));
        assert_eq!(
            suite.write_expectations(&file).unwrap(),
            Written {
                kept: 1,
                added: 22,
                dropped: 0
            }
        );
        let text = std::fs::read_to_string(&file).unwrap();
        let written = Expectations::parse_str("expected.toml", &text).unwrap();
        assert_eq!(written.entries.len(), 23);
        assert_eq!(written.reason("rfc1808-5.1/g"), Some("echoes by design"));
        assert_eq!(
            written.reason("rfc1808-5.1/dot-g"),
            Some("got \"./g\" (expected \"http://a/b/c/g\")")
        );
        // The file as written makes every test pass; a comment added by
        // hand survives the next write.
        let commented = format!("# my-url 2.0\n{text}");
        std::fs::write(&file, &commented).unwrap();
        let suite = only_5_1(echo().expectations_file(&file).unwrap());
        assert!(suite.listing_problems().is_empty());
        assert_eq!(
            suite.write_expectations(&file).unwrap(),
            Written {
                kept: 23,
                added: 0,
                dropped: 0
            }
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), commented);
    }

    #[test]
    fn the_environment_variable_asks_for_the_file() {
        let dir = scratch("env");
        let file = dir.join("from-env.toml");
        let suite = echo().expect_failure("rfc1808-5.1/g", "echoes");
        // Only this test sets the variable.
        std::env::set_var(WRITE_ENV, &file);
        let line = suite.write_requested();
        std::env::remove_var(WRITE_ENV);
        let written = Expectations::load(&file).unwrap();
        assert_eq!(written.reason("rfc1808-5.1/g"), Some("echoes"));
        assert_eq!(written.reason("rfc1808-5.1/scheme"), None, "it passes");
        assert_eq!(
            line.unwrap(),
            Some(format!(
                "rfc1808: wrote {} (RFC1808_WRITE_EXPECTATIONS): 1 kept, {} added, 0 dropped",
                file.display(),
                written.entries.len() - 1
            ))
        );
        assert_eq!(
            suite.write_requested().unwrap(),
            None,
            "unset: nothing written"
        );
    }

    #[test]
    fn messages_show_the_case_and_the_first_difference() {
        let corpus = crate::embedded();
        let v = corpus
            .resolve
            .iter()
            .find(|v| v.id == "rfc1808-5.1/g")
            .unwrap();
        assert_eq!(check(v, Ok("http://a/b/c/g".into())), Ok(()));
        assert_eq!(
            check(v, Ok("http://a/g".into())).unwrap_err(),
            "rfc1808-5.1/g (vectors/rfc1808.toml:14)
  base:     \"http://a/b/c/d;p?q#f\"
  relative: \"g\"
  expected: \"http://a/b/c/g\"
  got:      \"http://a/g\"
                      ^
"
        );
        assert!(check(v, Err("bad".into()))
            .unwrap_err()
            .ends_with("  expected: \"http://a/b/c/g\"\n  rejected: bad\n"));
    }

    /// The environment variable that makes [`full_disk_child`] the child of
    /// [`the_writer_on_a_full_disk_leaves_the_file_as_it_was`]: the file to
    /// write.
    const FULL_DISK_ENV: &str = "RFC1808_LIBTEST_FULL_DISK";

    /// Run by the test below as a child process, with a limit on the size
    /// of the files it writes: writes the expectations of `echo`, which
    /// fails most vectors, and prints the error on a line of its own.
    #[test]
    #[ignore = "the child process of the_writer_on_a_full_disk_leaves_the_file_as_it_was"]
    fn full_disk_child() {
        let Some(file) = std::env::var_os(FULL_DISK_ENV) else {
            return;
        };
        let error = echo().write_expectations(file).unwrap_err();
        println!("\nerror: {error}");
    }

    #[cfg(unix)]
    #[test]
    fn the_writer_on_a_full_disk_leaves_the_file_as_it_was() {
        use std::os::unix::process::CommandExt;
        let dir = scratch("full-disk");
        let file = dir.join("expected.toml");
        let mine = "# my-url: written by hand\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes, on purpose\"  # see #12\n";
        std::fs::write(&file, mine).unwrap();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        child
            .args(["--exact", "libtest::tests::full_disk_child", "--ignored"])
            .args(["--nocapture", "--test-threads", "1"])
            .env(FULL_DISK_ENV, &file);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            child.pre_exec(|| {
                // A file system out of room, as this process sees it: a file
                // cannot grow past 4 KiB; writing more fails with EFBIG
                // (rather than SIGXFSZ, which is ignored).
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                let limit = libc::rlimit {
                    rlim_cur: 4096,
                    rlim_max: 4096,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let out = child.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        let error = stdout
            .lines()
            .find_map(|l| l.strip_prefix("error: "))
            .unwrap_or_else(|| panic!("no error line in {stdout}"));
        assert_eq!(
            error,
            format!(
                "cannot write the expectations file {}: File too large (os error 27); \
                 the file is unchanged",
                file.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), mine);
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "the temporary file is removed: {left:?}");
    }
}
