//! Expected failures: the grading of a run against the vectors an
//! implementation is known to fail, and the ambiguities on which it may
//! follow different readings. The file format is read and written by
//! [`rfc1808_vectors::expectations`], which the `libtest` suite uses too.
//!
//! The list is strict both ways: a listed vector that passes is an
//! unexpected pass, and an entry whose id names no resolve vector is stale;
//! both fail the run. Expectations cover wrong answers and rejections only: a
//! crash or a timeout on a listed vector is still an error, because it says
//! the adapter broke, not what the library answers.

use std::collections::HashMap;

use rfc1808_vectors::expectations::{self as format, Decision, Rewritten};
use rfc1808_vectors::grade::{self, Stale, Verdict};
use rfc1808_vectors::readings::{Assignment, Followed, Match};
use rfc1808_vectors::versions::Version;
use rfc1808_vectors::{Corpus, LoadError, Spec};

pub use rfc1808_vectors::expectations::{Entry, Expectations, Inconsistent};

use crate::runner::{ImplResults, Outcome};

/// One vector's result for one implementation, graded against its
/// expectations.
#[derive(Clone, Debug)]
pub struct Graded<'c> {
    pub outcome: Outcome<'c>,
    pub verdict: Verdict,
    /// The reason given in the expectations, if the vector is listed.
    pub expected_failure: Option<String>,
    /// The readings the answer matched, when the vector's answer depends
    /// on readings and the answer is one of them (held readings aside).
    pub reading: Option<Match>,
}

/// An expectation entry that names no resolve vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleEntry {
    pub id: String,
    /// `file:line` of the entry.
    pub location: String,
    /// Why it matches nothing.
    pub why: Stale,
}

impl std::fmt::Display for StaleEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: stale expectation `{}`: {}",
            self.location, self.id, self.why
        )
    }
}

/// Grades `results` against `expectations`. Stale entries are checked
/// against the whole `corpus`, so that an entry for a vector filtered out of
/// this run is not stale.
pub fn grade<'c>(
    results: ImplResults<'c>,
    expectations: Option<&Expectations>,
    corpus: &Corpus,
) -> (Vec<Graded<'c>>, Vec<StaleEntry>) {
    grade_holding(results, expectations, corpus, Assignment::none())
}

/// Grades as [`grade()`] does, holding the implementation to the readings
/// `held` names (`rfc1808 run --reading`).
pub fn grade_holding<'c>(
    results: ImplResults<'c>,
    expectations: Option<&Expectations>,
    corpus: &Corpus,
    held: Assignment,
) -> (Vec<Graded<'c>>, Vec<StaleEntry>) {
    grade_by(results, expectations, corpus, Spec::Rfc1808, held)
}

/// [`grade_holding`] by `spec`'s answers (`rfc1808 run --spec`); `held` is
/// an assignment of `spec`'s readings.
pub fn grade_by<'c>(
    results: ImplResults<'c>,
    expectations: Option<&Expectations>,
    corpus: &Corpus,
    spec: Spec,
    held: Assignment,
) -> (Vec<Graded<'c>>, Vec<StaleEntry>) {
    let listed = expectations
        .map(Expectations::failures)
        .unwrap_or_default()
        .holding(held)
        .by_spec(spec);
    let graded = results
        .outcomes
        .into_iter()
        .map(|outcome| Graded {
            verdict: listed.grade(outcome.vector, &outcome.answer),
            expected_failure: listed.reason(&outcome.vector.id).map(str::to_owned),
            reading: grade::reading_followed(outcome.vector, spec, &outcome.answer),
            outcome,
        })
        .collect();
    let stale = expectations
        .into_iter()
        .flat_map(|e| {
            e.entries.iter().filter_map(|entry| {
                let why = grade::check_listed(corpus, &entry.id).err()?;
                Some(StaleEntry {
                    id: entry.id.clone(),
                    location: format!("{}:{}", e.file, entry.line),
                    why,
                })
            })
        })
        .collect();
    (graded, stale)
}

/// What an implementation answered, in a form that fits an expectation's
/// reason: `got "http://a/g" (expected "http://a/b/g")`, the expected
/// answer being `spec`'s.
pub fn observed(outcome: &Outcome<'_>, spec: Spec) -> String {
    format::observed_under(outcome.vector, spec, &outcome.answer)
}

/// The expectations file that lists this run's failures (see
/// [`format::rewrite`]): every vector that failed, with the reason it had in
/// `existing` (the old file's name and text) or else what was observed, and
/// every entry of `existing` for a vector this run says nothing new about
/// (filtered out, an error, or not representable); then the ambiguities on
/// which it followed different readings, with the reason they had or else
/// what was seen. Entries for vectors that passed, stale entries and
/// entries for ambiguities followed consistently are dropped; comments and
/// the formatting of the entries that stay are kept.
///
/// `version` is the library version the implementation reported: the file
/// records it, and keeps what it says of other versions (see
/// [`format::rewrite_for`]).
pub fn rewrite(
    graded: &[Graded<'_>],
    existing: Option<(&str, &str)>,
    spec: Spec,
    version: Option<&Version>,
    corpus: &Corpus,
) -> Result<Rewritten, LoadError> {
    let ran: HashMap<&str, &Graded<'_>> = graded
        .iter()
        .map(|g| (g.outcome.vector.id.as_str(), g))
        .collect();
    let inconsistent = format::inconsistent_seen(&followed(graded), spec);
    format::rewrite_for(
        existing,
        spec,
        version,
        corpus,
        &inconsistent,
        |v| match ran.get(v.id.as_str()) {
            Some(g) => format::decide(v, spec, g.verdict, &g.outcome.answer),
            None => Decision::Undecided,
        },
    )
}

/// The readings that the answers of `graded` followed: every answer that
/// is some reading's ([`Graded::reading`]), right or (under a held reading)
/// wrong, tells.
pub fn followed(graded: &[Graded<'_>]) -> Followed {
    let mut followed = Followed::default();
    for g in graded {
        if let Some(reading) = &g.reading {
            followed.observe(&g.outcome.vector.id, reading);
        }
    }
    followed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::{Answer, Case, Implementation, Reply};
    use crate::runner;
    use rfc1808_vectors::readings::Following;

    /// Answers from a table, the reference's answer otherwise.
    struct Fake(Vec<(&'static str, Answer)>);

    impl Implementation for Fake {
        fn name(&self) -> &str {
            "fake"
        }

        fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
            cases
                .iter()
                .map(|c| {
                    self.0
                        .iter()
                        .find(|(id, _)| *id == c.id)
                        .map(|(_, a)| a.clone())
                        .unwrap_or_else(|| {
                            Answer::Resolved(rfc1808_resolver::resolve(c.base, c.relative))
                        })
                        .into()
                })
                .collect()
        }
    }

    fn fake() -> Fake {
        Fake(vec![
            ("rfc1808-5.1/g", Answer::Resolved("http://a/g".into())),
            ("rfc1808-5.1/dot-g", Answer::Rejected("bad \"dot\"".into())),
            ("rfc1808-5.1/g-slash", Answer::Error("timed out".into())),
        ])
    }

    const LISTED: &str = r#"
[[expected-failure]]
id = "rfc1808-5.1/g"
reason = "drops the base path"

[[expected-failure]]
id = "rfc1808-5.1/slash-g"
reason = "was broken once"

[[expected-failure]]
id = "rfc1808-5.1/g-slash"
reason = "crashes"

[[expected-failure]]
id = "nowhere/at-all"
reason = "gone"
"#;

    #[test]
    fn grading_is_strict_both_ways() {
        let corpus = rfc1808_vectors::embedded();
        let vectors = runner::all_resolve(&corpus);
        let results = runner::run(&vectors, &mut fake());
        let expectations = Expectations::parse_str("py.toml", LISTED).unwrap();
        let (graded, stale) = grade(results, Some(&expectations), &corpus);
        let status = |id: &str| {
            graded
                .iter()
                .find(|g| g.outcome.vector.id == id)
                .unwrap()
                .verdict
        };
        assert_eq!(status("rfc1808-5.1/g"), Verdict::ExpectedFailure);
        assert_eq!(status("rfc1808-5.1/dot-g"), Verdict::Failed);
        assert_eq!(status("rfc1808-5.1/slash-g"), Verdict::UnexpectedPass);
        assert_eq!(
            status("rfc1808-5.1/g-slash"),
            Verdict::Error,
            "a crash is not covered by an expectation"
        );
        assert_eq!(status("rfc1808-5.1/scheme"), Verdict::Passed);
        assert_eq!(
            stale.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["py.toml:15: stale expectation `nowhere/at-all`: no vector has this id"]
        );
    }

    #[test]
    fn a_rejection_above_the_root_passes_under_rfc2396_as_its_error_reading() {
        let corpus = rfc1808_vectors::embedded();
        let vectors: Vec<_> = corpus
            .resolve
            .iter()
            .filter(|v| v.id.starts_with("rfc3986-5.4.2/too-many-dot-dot"))
            .collect();
        assert_eq!(vectors.len(), 2);
        let rejects = |id| (id, Answer::Rejected("above the root".into()));
        let mut rejecting = Fake(vec![
            rejects("rfc3986-5.4.2/too-many-dot-dot"),
            rejects("rfc3986-5.4.2/too-many-dot-dot-twice"),
        ]);
        let mut graded = |spec, held: &str| {
            let results = runner::run(&vectors, &mut rejecting);
            let held = Assignment::parse(spec, held).unwrap();
            grade_by(results, None, &corpus, spec, held).0
        };
        let under_rfc2396 = graded(Spec::Rfc2396, "");
        assert!(under_rfc2396.iter().all(|g| g.verdict == Verdict::Passed));
        let followed = followed(&under_rfc2396).verdicts(Spec::Rfc2396);
        assert_eq!(followed.len(), 1);
        let (ambiguity, following) = &followed[0];
        assert_eq!(ambiguity.name, "above-root");
        assert!(
            matches!(following, Following::Follows { readings, vectors }
                if readings.iter().map(|r| r.name).collect::<Vec<_>>() == ["error"] && vectors.len() == 2),
            "{following:?}"
        );
        // Held to another reading, or under RFC 3986, the rejection fails.
        let held = graded(Spec::Rfc2396, "above-root=kept");
        assert!(held.iter().all(|g| g.verdict == Verdict::Failed));
        let under_rfc3986 = graded(Spec::Rfc3986, "");
        assert!(under_rfc3986.iter().all(|g| g.verdict == Verdict::Failed));
    }

    #[test]
    fn rewrite_keeps_reasons_and_untested_entries() {
        let corpus = rfc1808_vectors::embedded();
        // Only the 5.1 examples run, so entries for others are kept as is.
        let vectors: Vec<_> = corpus
            .resolve
            .iter()
            .filter(|v| v.id.starts_with("rfc1808-5.1/") && v.id != "rfc1808-5.1/g")
            .collect();
        let results = runner::run(&vectors, &mut fake());
        let text = format!(
            "{LISTED}\n[[expected-failure]]\nid = \"rfc1808-5.2/too-many-dot-dot\"\nreason = \"untested here\"\n"
        );
        let existing = Expectations::parse_str("py.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        let (graded, _) = grade(results, Some(&existing), &corpus);
        let written = rewrite(
            &graded,
            Some(("py.toml", &text)),
            Spec::Rfc1808,
            None,
            &corpus,
        )
        .unwrap();
        assert_eq!((written.kept, written.added, written.dropped), (3, 1, 2));
        let reread = Expectations::parse_str("new.toml", &written.text).unwrap();
        let entries: Vec<(&str, &str)> = reread
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.reason.as_str()))
            .collect();
        assert_eq!(
            entries,
            [
                ("rfc1808-5.1/g", "drops the base path"),
                (
                    "rfc1808-5.1/dot-g",
                    "rejected: \"bad \\\"dot\\\"\" (expected \"http://a/b/c/g\")",
                ),
                ("rfc1808-5.1/g-slash", "crashes"),
                ("rfc1808-5.2/too-many-dot-dot", "untested here"),
            ]
        );
    }
}
