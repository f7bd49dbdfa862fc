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
//! `rfc1808 run`: a listed vector that passes fails its test, and so does an
//! entry that names no vector.

use std::fmt::Display;
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

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
        }
    }

    /// Uses these vectors instead of the embedded ones.
    pub fn with_corpus(mut self, corpus: Corpus) -> Self {
        self.corpus = corpus;
        self
    }

    /// Lists the vector `id` as failing, for `reason`.
    pub fn expect_failure(mut self, id: &str, reason: &str) -> Self {
        self.expected_failures
            .push((id.to_owned(), reason.to_owned()));
        self
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
                Trial::test(v.id.clone(), move || {
                    judge(&v, expected.as_deref(), resolve(&v.base, &v.relative))
                        .map_err(Failed::from)
                })
                .with_kind(kind)
            })
            .collect();
        for (id, _) in &self.expected_failures {
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
    /// FILTER` works) and exits with libtest's code.
    pub fn run(&self) -> ! {
        libtest_mimic::run(&Arguments::from_args(), self.trials()).exit()
    }
}

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
}
