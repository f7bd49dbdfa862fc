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
//! fn main() {
//!     rfc1808_vectors::libtest::Suite::new(my_join)
//!         .expect_failure("rfc1808-5.2/too-many-dot-dot", "follows RFC 3986 here")
//!         .run()
//! }
//! ```
//!
//! The resolve function returns a `String`, or a `Result` whose `Ok` and
//! `Err` are `Display` (an `Err` is the library rejecting the case, which
//! fails the test). Expected failures are strict both ways, as in
//! `rfc1808 run`: a listed vector that passes fails its test, and so do an
//! entry that names no vector and an id listed twice.
//!
//! The expected failures can live in the same file `rfc1808 run
//! --expectations` reads ([`crate::expectations`]), and the suite writes that
//! file from the current answers when `RFC1808_WRITE_EXPECTATIONS` names it:
//!
//! ```no_run
//! # fn my_join(_: &str, _: &str) -> String { String::new() }
//! fn main() {
//!     // RFC1808_WRITE_EXPECTATIONS=tests/rfc1808-expected.toml cargo test --test rfc1808
//!     // writes the file, keeping the reasons already in it; then review it.
//!     rfc1808_vectors::libtest::Suite::new(my_join)
//!         .expectations_file("tests/rfc1808-expected.toml")
//!         .run()
//! }
//! ```
//!
//! After the tests, the suite prints how many of the passed tests are
//! expected failures, which libtest's own summary counts as passed.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

use crate::expectations::Expectations;
use crate::grade::{self, Answer, ExpectedFailures, Verdict};
use crate::{Corpus, ResolveVector};

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

/// The vectors, a resolve function and its expected failures.
pub struct Suite {
    corpus: Corpus,
    resolve: Arc<Resolve>,
    expected_failures: Vec<(String, String)>,
    /// The expectations file read, which `RFC1808_WRITE_EXPECTATIONS` may
    /// rewrite.
    file: Option<PathBuf>,
    /// How many listed vectors failed as expected in the last run.
    failed_as_expected: Arc<AtomicUsize>,
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
            expected_failures: Vec::new(),
            file: None,
            failed_as_expected: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Uses these vectors instead of the embedded ones.
    pub fn with_corpus(mut self, corpus: Corpus) -> Self {
        self.corpus = corpus;
        self
    }

    /// Lists the vector `id` as failing, for `reason`. An id listed twice
    /// is a failing test of its own.
    pub fn expect_failure(mut self, id: &str, reason: &str) -> Self {
        self.expected_failures
            .push((id.to_owned(), reason.to_owned()));
        self
    }

    /// Lists the expected failures of the expectations file at `path`, the
    /// format `rfc1808 run --expectations` reads. A file that does not load
    /// panics with its error (`file:line: ...`), failing the test binary at
    /// start-up, except that a missing file is an empty list when
    /// `RFC1808_WRITE_EXPECTATIONS` is about to write it.
    pub fn expectations_file(mut self, path: impl AsRef<Path>) -> Self {
        let path = path.as_ref();
        let writing = std::env::var_os(WRITE_VAR).is_some();
        if !(writing && !path.exists()) {
            let file = Expectations::load(path).unwrap_or_else(|e| panic!("{e}"));
            self.expected_failures
                .extend(file.entries.into_iter().map(|e| (e.id, e.reason)));
        }
        self.file = Some(path.to_owned());
        self
    }

    /// The expectations file of the vectors `resolve` fails now: listed ones
    /// keep their reasons, new ones get what was answered.
    pub fn current_expectations(&self) -> String {
        let listed = ExpectedFailures::new(
            self.expected_failures
                .iter()
                .map(|(id, reason)| (id.as_str(), reason.as_str())),
        );
        let mut entries = Vec::new();
        for v in &self.corpus.resolve {
            let answer = (self.resolve)(&v.base, &v.relative);
            let reason = match &answer {
                Ok(got) if v.accepts().admits(got) => continue,
                Ok(got) => format!("got {got:?} (expected {:?})", v.expected),
                Err(why) => format!("rejected: {why:?} (expected {:?})", v.expected),
            };
            let reason = listed.reason(&v.id).map_or(reason, str::to_owned);
            entries.push((v.id.as_str(), reason));
        }
        crate::expectations::render(entries.iter().map(|(id, reason)| (*id, reason.as_str())))
    }

    /// One trial per resolve vector, then one failing trial per expected
    /// failure that names no vector.
    pub fn trials(&self) -> Vec<Trial> {
        let listed = ExpectedFailures::new(
            self.expected_failures
                .iter()
                .map(|(id, reason)| (id.as_str(), reason.as_str())),
        );
        let mut trials: Vec<Trial> = self
            .corpus
            .resolve
            .iter()
            .map(|v| {
                let v = v.clone();
                let resolve = Arc::clone(&self.resolve);
                let expected = listed.reason(&v.id).map(str::to_owned);
                let kind = if expected.is_some() {
                    "expected failure"
                } else {
                    ""
                };
                let failed_as_expected = Arc::clone(&self.failed_as_expected);
                Trial::test(v.id.clone(), move || {
                    let answer = resolve(&v.base, &v.relative);
                    let right = answer.as_ref().is_ok_and(|got| v.accepts().admits(got));
                    judge(&v, expected.as_deref(), answer).map_err(Failed::from)?;
                    if expected.is_some() && !right {
                        failed_as_expected.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(())
                })
                .with_kind(kind)
            })
            .collect();
        for (at, (id, _)) in self.expected_failures.iter().enumerate() {
            if self.expected_failures[..at]
                .iter()
                .any(|(earlier, _)| earlier == id)
            {
                let message = format!("`{id}` is listed as an expected failure twice");
                trials.push(
                    Trial::test(format!("expected-failure/{id} (twice)"), move || {
                        Err(Failed::from(message))
                    })
                    .with_kind("duplicate"),
                );
            }
            if grade::check_listed(&self.corpus, id).is_err() {
                let message = format!("stale expectation `{id}`: no resolve vector has this id");
                trials.push(
                    Trial::test(format!("expected-failure/{id}"), move || {
                        Err(Failed::from(message))
                    })
                    .with_kind("stale"),
                );
            }
        }
        trials
    }

    /// Runs the trials with the command line's arguments (`cargo test --
    /// FILTER` works), prints how many passed tests are expected failures,
    /// and exits with libtest's code. With `RFC1808_WRITE_EXPECTATIONS` set
    /// to a path, it writes [`Suite::current_expectations`] there instead,
    /// says so, and exits 0.
    pub fn run(&self) -> ! {
        if let Some(path) = std::env::var_os(WRITE_VAR) {
            let text = self.current_expectations();
            let count = text.matches("[[expected-failure]]").count();
            let path = PathBuf::from(path);
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("rfc1808 vectors: cannot write {}: {e}", path.display());
                std::process::exit(2);
            }
            println!(
                "rfc1808 vectors: wrote {count} expected failures to {}",
                path.display()
            );
            std::process::exit(0);
        }
        let conclusion = libtest_mimic::run(&Arguments::from_args(), self.trials());
        let expected = self.failed_as_expected.load(Ordering::Relaxed);
        println!(
            "rfc1808 vectors: {} passed, of which {expected} are expected failures{}; {} failed",
            conclusion.num_passed,
            self.file
                .as_ref()
                .map(|f| format!(" (listed in {})", f.display()))
                .unwrap_or_default(),
            conclusion.num_failed
        );
        conclusion.exit()
    }
}

/// The variable that makes [`Suite::run`] write the expectations file.
const WRITE_VAR: &str = "RFC1808_WRITE_EXPECTATIONS";

/// Judges one answer against `vector` and its expected failure, if listed.
fn judge(
    v: &ResolveVector,
    expected_failure: Option<&str>,
    answer: Result<String, String>,
) -> Result<(), String> {
    let graded = match &answer {
        Ok(url) => Answer::Resolved(url.clone()),
        Err(why) => Answer::Rejected(why.clone()),
    };
    match grade::grade(v.accepts(), &graded, expected_failure.is_some()) {
        Verdict::UnexpectedPass => Err(format!(
            "unexpected pass: {} is listed as an expected failure ({}) but resolves to the expected {:?}; remove the entry",
            v.id,
            expected_failure.unwrap_or_default(),
            v.expected
        )),
        Verdict::Failed => check(v, answer),
        _ => Ok(()),
    }
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
        assert_eq!(judge(g, Some("echoes"), Ok("g".into())), Ok(()));
        assert_eq!(judge(g, Some("echoes"), Err("no".into())), Ok(()));
        assert!(judge(g, None, Ok("g".into())).is_err());
        assert_eq!(
            judge(scheme, Some("was broken"), Ok("g:h".into())).unwrap_err(),
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

    #[test]
    fn a_duplicate_id_is_a_failing_test() {
        let suite = Suite::new(|_: &str, relative: &str| relative.to_owned())
            .expect_failure("rfc1808-5.1/g", "echoes")
            .expect_failure("rfc1808-5.1/g", "echoes again");
        let trials = suite.trials();
        let twice = trials.last().unwrap();
        assert_eq!(twice.name(), "expected-failure/rfc1808-5.1/g (twice)");
        assert_eq!(twice.kind(), "duplicate");
    }

    #[test]
    fn the_cli_expectations_file_is_read_and_written() {
        let dir = std::env::temp_dir().join(format!("rfc1808-libtest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("expected.toml");
        std::fs::write(
            &file,
            "# kept by hand\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes its input\"\n",
        )
        .unwrap();
        let echo = |_: &str, relative: &str| relative.to_owned();
        let suite = Suite::new(echo).expectations_file(&file);
        assert_eq!(
            suite.expected_failures,
            [("rfc1808-5.1/g".to_owned(), "echoes its input".to_owned())]
        );
        let written = suite.current_expectations();
        let read = Expectations::parse_str("w.toml", &written).unwrap();
        // Every vector but the absolute ones fails an echo; the listed reason
        // is kept and a new one says what was answered.
        assert_eq!(read.reason("rfc1808-5.1/g"), Some("echoes its input"));
        assert_eq!(
            read.reason("rfc1808-5.1/dot-g"),
            Some("got \"./g\" (expected \"http://a/b/c/g\")")
        );
        assert!(read.reason("rfc1808-5.1/scheme").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
