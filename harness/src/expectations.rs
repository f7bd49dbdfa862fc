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

use rfc1808_resolver::deviations::{Explanation, Id, Set};
use rfc1808_vectors::causes;
use rfc1808_vectors::expectations::{self as format, Decision, Ran, Rewritten};
use rfc1808_vectors::grade::{self, Stale, Verdict};
use rfc1808_vectors::readings::{Assignment, Followed, Match};
use rfc1808_vectors::versions::Version;
use rfc1808_vectors::{Corpus, LoadError, Spec};

// The deviations a run's writer chooses, shared with the `libtest` suite's.
pub use rfc1808_vectors::causes::{causes_of, Causes, Explained};
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
    /// For a wrong answer: the smallest set of deviations that explains
    /// it, or that none does.
    pub explanation: Option<Explanation>,
}

impl Graded<'_> {
    /// `explained by a + b` or `unexplained`, for a wrong answer.
    pub fn cause(&self) -> Option<String> {
        causes::describe(self.explanation.as_ref())
    }
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
    let causes = expectations.map_or(Set::EMPTY, Expectations::deviation_set);
    let explainer = causes::Explainer::new(spec, causes);
    let full_run = results.outcomes.len() == corpus.resolve.len();
    let mut explained_some = Set::EMPTY;
    let graded = results
        .outcomes
        .into_iter()
        .map(|outcome| {
            let graded = causes::grade(&listed, &explainer, outcome.vector, &outcome.answer);
            let (verdict, explanation) = (graded.verdict, graded.explanation);
            let mut expected_failure = listed.reason(&outcome.vector.id).map(str::to_owned);
            // A wrong answer the listed deviations explain is expected.
            if let Some(Explanation::By(set)) = explanation {
                if set.is_subset(causes) {
                    explained_some = explained_some.union(set);
                    if graded.by_list == Verdict::Failed {
                        expected_failure = Some(format!("explained by {set}"));
                    }
                }
            }
            Graded {
                verdict,
                expected_failure,
                reading: grade::reading_followed(outcome.vector, spec, &outcome.answer),
                explanation,
                outcome,
            }
        })
        .collect();
    let stale = stale_entries(expectations, corpus, full_run.then_some(explained_some));
    (graded, stale)
}

/// The entries of `expectations` that name no vector `corpus` can fail,
/// and with `explained` (the deviations that explained a wrong answer;
/// only when every vector ran: a filtered run may leave out the ones a
/// deviation explains) the deviations that explained none.
fn stale_entries(
    expectations: Option<&Expectations>,
    corpus: &Corpus,
    explained: Option<Set>,
) -> Vec<StaleEntry> {
    let mut stale: Vec<StaleEntry> = expectations
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
    if let Some(explained) = explained {
        for e in expectations.into_iter() {
            for d in e.deviations.iter().filter(|d| !explained.has(d.id)) {
                stale.push(StaleEntry {
                    id: d.id.name().to_owned(),
                    location: format!("{}:{}", e.file, d.line),
                    why: Stale::ExplainsNothing,
                });
            }
        }
    }
    stale
}

/// What an implementation answered, in a form that fits an expectation's
/// reason: `got "http://a/g" (expected "http://a/b/g")`, the expected
/// answer being `spec`'s.
pub fn observed(outcome: &Outcome<'_>, spec: Spec) -> String {
    format::observed_under(outcome.vector, spec, &outcome.answer)
}

/// The expectations file that lists this run's failures, by cause (see
/// [`format::rewrite_run`], which the `libtest` suite's writer calls too):
/// the smallest set of deviations found that explains the wrong answers,
/// `[[expected-failure]]` ids only for the failures nothing explains, with
/// the reason they had in `existing` (the old file's name and text) or else
/// what was observed, and every entry of `existing` for a vector this run
/// says nothing new about (filtered out, an error, or not representable);
/// then the ambiguities on which it followed different readings, with the
/// reason they had or else what was seen. Entries for vectors that passed,
/// stale entries and entries for ambiguities followed consistently are
/// dropped; comments and the formatting of the entries that stay are kept.
///
/// `version` is the library version the implementation reported: the file
/// records it, and keeps what it says of other versions (see
/// [`format::rewrite_for`]). New failures that `group` puts in one group,
/// given the deviations written, are one entry.
pub fn rewrite(
    graded: &[Graded<'_>],
    existing: Option<(&str, &str)>,
    spec: Spec,
    version: Option<&Version>,
    corpus: &Corpus,
    group: &dyn Fn(&Ran<'_>, Set) -> Option<String>,
) -> Result<Rewritten, LoadError> {
    let ran: Vec<Ran<'_>> = graded
        .iter()
        .map(|g| Ran {
            vector: g.outcome.vector,
            answer: &g.outcome.answer,
            verdict: g.verdict,
            explanation: g.explanation,
        })
        .collect();
    format::rewrite_run(&ran, existing, spec, version, corpus, group)
}

/// The expectations file `existing` (the old file's name and text, if
/// there is one) with the deviations that explain `explained` added, each
/// new one with the reason [`Causes::reason`] gives it, and every other
/// entry kept as it is: what `rfc1808 fuzz --write-expectations` writes. A
/// fuzz run says nothing about the vectors, nor about a listed deviation
/// that explained none of its mismatches, so those entries stay; only an
/// entry that names no resolve vector of `corpus` goes, as it would from
/// `run --write-expectations`. `mixed` names the ambiguities whose
/// readings the run found mixed, each with a reason: they are allowed
/// with `[[inconsistent-reading]]` entries. `unexplained` names the vectors of
/// `corpus` the run promoted from kinds nothing explains, each with its
/// reason: they become expected failures. `version` is as for
/// [`rewrite`]: the file records it, and an entry that holds for other
/// versions only gets it added when this run needs it.
pub fn accept(
    existing: Option<(&str, &str)>,
    spec: Spec,
    version: Option<&Version>,
    corpus: &Corpus,
    explained: &[Explained<'_>],
    unexplained: &[(String, String)],
    mixed: &[(String, String)],
) -> Result<Acceptance, LoadError> {
    let old = existing
        .map(|(name, text)| Expectations::parse_str(name, text))
        .transpose()?;
    let applying = old.as_ref().map(|e| e.applying_to(version));
    let listed = applying
        .as_ref()
        .map_or(Set::EMPTY, Expectations::deviation_set);
    let causes = causes_of(explained, spec, listed, true);
    let deviations: Vec<(Id, String)> = causes
        .set
        .ids()
        .map(|id| (id, causes.reason(id, "fuzz mismatch", "fuzz mismatches")))
        .collect();
    // Entries for this version are seen again, so that they stay as they
    // are; those for other versions only are not, and stay as they are too.
    let mut inconsistent: Vec<(&str, String)> = applying
        .iter()
        .flat_map(|e| &e.inconsistent)
        .map(|e| (e.ambiguity.as_str(), e.reason.clone()))
        .collect();
    // The ambiguities the run found mixed, allowed from now on.
    for (ambiguity, reason) in mixed {
        if !inconsistent.iter().any(|(a, _)| a == ambiguity) {
            inconsistent.push((ambiguity.as_str(), reason.clone()));
        }
    }
    let rewritten = format::rewrite_for(
        existing,
        spec,
        version,
        corpus,
        &inconsistent,
        &deviations,
        |v| match unexplained.iter().find(|(id, _)| *id == v.id) {
            Some((_, reason)) => Decision::fails(reason.clone()),
            None => Decision::Undecided,
        },
    )?;
    Ok(Acceptance {
        rewritten,
        added: Set::of(
            &causes
                .set
                .ids()
                .filter(|&id| !listed.has(id))
                .collect::<Vec<_>>(),
        ),
    })
}

/// What [`accept`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acceptance {
    pub rewritten: Rewritten,
    /// The deviations it added.
    pub added: Set,
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
                            let base = c.base.unwrap_or("");
                            Answer::Resolved(rfc1808_resolver::resolve(base, c.relative))
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

    /// RFC 3986's reference with some deviations of the catalogue, and a
    /// wrong answer no deviation explains on one vector.
    struct Deviant(Set);

    const NONSENSE: &str = "rfc3986-5.4.1/g";

    impl Implementation for Deviant {
        fn name(&self) -> &str {
            "deviant"
        }

        fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
            let reference = |b: &str, r: &str| Ok(rfc1808_resolver::rfc3986::resolve(b, r));
            cases
                .iter()
                .map(|c| {
                    if c.id == NONSENSE {
                        return Answer::Resolved("http://x/nonsense".into()).into();
                    }
                    match rfc1808_resolver::deviations::resolve(
                        &reference,
                        self.0,
                        c.base.unwrap_or(""),
                        c.relative,
                    ) {
                        Ok(url) => Answer::Resolved(url),
                        Err(why) => Answer::Rejected(why),
                    }
                    .into()
                })
                .collect()
        }
    }

    #[test]
    fn failures_are_graded_by_the_deviations_that_explain_them() {
        let corpus = rfc1808_vectors::embedded();
        let vectors = runner::all_resolve(&corpus);
        let deviant = Set::of(&[Id::EmptyQueryDropped, Id::EmptyFragmentDropped]);
        let grade_with = |file: &str| {
            let results = runner::run(&vectors, &mut Deviant(deviant));
            let expectations = Expectations::parse_str("d.toml", file).unwrap();
            grade_by(
                results,
                Some(&expectations),
                &corpus,
                Spec::Rfc3986,
                Assignment::none(),
            )
        };
        let listed = "spec = \"rfc3986\"\n\
                      [[deviation]]\nname = \"empty-query-dropped\"\nreason = \"urlunsplit\"\n\
                      [[deviation]]\nname = \"empty-fragment-dropped\"\nreason = \"urlunsplit\"\n\
                      [[deviation]]\nname = \"above-root-kept\"\nreason = \"not any more\"\n";
        let (graded, stale) = grade_with(listed);
        let of = |id: &str| graded.iter().find(|g| g.outcome.vector.id == id).unwrap();
        let trailing = of("interpretation/trailing-question");
        assert_eq!(trailing.verdict, Verdict::ExpectedFailure);
        assert_eq!(
            trailing.cause().as_deref(),
            Some("explained by empty-query-dropped")
        );
        assert_eq!(
            trailing.expected_failure.as_deref(),
            Some("explained by empty-query-dropped")
        );
        // Never pass a non-conforming answer: what nothing explains fails.
        let nonsense = of(NONSENSE);
        assert_eq!(nonsense.verdict, Verdict::Failed);
        assert_eq!(nonsense.cause().as_deref(), Some("unexplained"));
        assert!(graded
            .iter()
            .filter(|g| g.outcome.vector.id != NONSENSE)
            .all(|g| !g.verdict.fails_run()));
        // Strict both ways: a listed deviation that explains nothing is stale.
        assert_eq!(
            stale.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["d.toml:9: stale expectation `above-root-kept`: the deviation explains no failure of this run"]
        );
        // Unlisted, the same failures are new, and still say their cause.
        let (graded, _) = grade_with("spec = \"rfc3986\"\n");
        let trailing = graded
            .iter()
            .find(|g| g.outcome.vector.id == "interpretation/trailing-question")
            .unwrap();
        assert_eq!(trailing.verdict, Verdict::Failed);
        assert_eq!(
            trailing.cause().as_deref(),
            Some("explained by empty-query-dropped")
        );
    }

    #[test]
    fn written_expectations_list_causes_and_ids_only_for_the_unexplained() {
        let corpus = rfc1808_vectors::embedded();
        let vectors = runner::all_resolve(&corpus);
        let deviant = Set::of(&[Id::EmptyQueryDropped, Id::EmptyFragmentDropped]);
        let results = runner::run(&vectors, &mut Deviant(deviant));
        let (graded, _) = grade_by(results, None, &corpus, Spec::Rfc3986, Assignment::none());
        let written = rewrite(&graded, None, Spec::Rfc3986, None, &corpus, &|_, _| None).unwrap();
        let e = Expectations::parse_str("d.toml", &written.text).unwrap();
        let names: Vec<&str> = e.deviations.iter().map(|d| d.id.name()).collect();
        assert_eq!(
            names,
            ["empty-query-dropped", "empty-fragment-dropped"],
            "{}",
            written.text
        );
        let ids: Vec<&str> = e.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, [NONSENSE]);
        assert!(
            e.deviations[0].reason.starts_with(
                "an empty query (`?` and nothing after it) is taken for none (explains "
            ),
            "{}",
            e.deviations[0].reason
        );
        // Graded with what was written, the run passes.
        let results = runner::run(&vectors, &mut Deviant(deviant));
        let (graded, stale) = grade_by(
            results,
            Some(&e),
            &corpus,
            Spec::Rfc3986,
            Assignment::none(),
        );
        assert!(stale.is_empty());
        assert!(graded.iter().all(|g| !g.verdict.fails_run()));
    }

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
            &|_, _| None,
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

    #[test]
    fn accept_adds_the_deviations_found_and_keeps_everything_else() {
        let corpus = rfc1808_vectors::embedded();
        let text = "# Kept by hand.\nspec = \"rfc3986\"\n\n\
                    [[deviation]]\nname = \"base-fragment-kept\"\nreason = \"by hand\"\n\n\
                    [[expected-failure]]\nid = \"rfc3986/base-dot-segments\"\nreason = \"keeps them\"\n\n\
                    [[inconsistent-reading]]\nambiguity = \"same-scheme\"\nreason = \"sometimes\"\n";
        let dropped = Answer::Resolved("http://a/b/c/g".to_owned());
        let both = Answer::Resolved("http://a/b/c/g".to_owned());
        let explained = [
            Explained {
                by: Set::of(&[Id::EmptyQueryDropped]),
                count: 40,
                example: "`g?` against `http://a/b/c/d`".to_owned(),
                base: Some("http://a/b/c/d"),
                relative: "g?",
                answer: &dropped,
            },
            // Two causes, one listed already: each counts them.
            Explained {
                by: Set::of(&[Id::EmptyQueryDropped, Id::BaseFragmentKept]),
                count: 2,
                example: "`g?` against `http://a/b/c/d#f`".to_owned(),
                base: Some("http://a/b/c/d"),
                relative: "g?",
                answer: &both,
            },
        ];
        // Mixed readings found: allowed from now on, once each.
        let mixed = [
            ("same-scheme".to_owned(), "again".to_owned()),
            ("base-case".to_owned(), "mixed in fuzzing".to_owned()),
        ];
        let accepted = accept(
            Some(("x.toml", text)),
            Spec::Rfc3986,
            None,
            &corpus,
            &explained,
            &[],
            &mixed,
        )
        .unwrap();
        assert_eq!(accepted.added, Set::of(&[Id::EmptyQueryDropped]));
        let written = &accepted.rewritten;
        assert_eq!((written.kept, written.added, written.dropped), (3, 2, 0));
        assert_eq!(
            written.text,
            "# Kept by hand.\nspec = \"rfc3986\"\n\n\
             [[deviation]]\nname = \"empty-query-dropped\"\nreason = \"an empty query (`?` and \
             nothing after it) is taken for none (explains 42 fuzz mismatches, `g?` against \
             `http://a/b/c/d` among them)\"\n\n\
             [[deviation]]\nname = \"base-fragment-kept\"\nreason = \"by hand\"\n\n\
             [[expected-failure]]\nid = \"rfc3986/base-dot-segments\"\nreason = \"keeps them\"\n\n\
             [[inconsistent-reading]]\nambiguity = \"same-scheme\"\nreason = \"sometimes\"\n\n\
             [[inconsistent-reading]]\nambiguity = \"base-case\"\nreason = \"mixed in fuzzing\"\n"
        );
        // A file of another spec is an error, naming it.
        let err = accept(
            Some(("x.toml", text)),
            Spec::Rfc2396,
            None,
            &corpus,
            &explained,
            &[],
            &[],
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("x.toml:2: "), "{err}");
        // No file: one with the spec and the deviation.
        let fresh = accept(
            None,
            Spec::Rfc3986,
            None,
            &corpus,
            &explained[..1],
            &[],
            &[],
        )
        .unwrap();
        assert!(
            fresh.rewritten.text.contains("spec = \"rfc3986\"\n")
                && fresh
                    .rewritten
                    .text
                    .contains("[[deviation]]\nname = \"empty-query-dropped\"\n"),
            "{}",
            fresh.rewritten.text
        );
    }
}
