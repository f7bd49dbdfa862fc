//! The vectors as named tests in a URL library's own `cargo test`, with the
//! vectors built in (feature `libtest`).
//!
//! Each resolve vector becomes a test named by its id, so `cargo test`
//! shows a regression as `rfc1808-5.1/g` with its base, relative URL,
//! expected and actual answer, and `cargo test -- rfc1808-5.2/` runs a
//! group. The suite grades under the spec the library claims, with the
//! grading of `rfc1808 run --spec`. In a test target with `harness = false`:
//!
//! ```no_run
//! use rfc1808_vectors::libtest::Suite;
//! use rfc1808_vectors::Spec;
//!
//! fn my_join(base: &str, relative: &str) -> Result<String, String> {
//!     # Ok(String::new())
//!     // ...
//! }
//!
//! fn main() -> Result<(), rfc1808_vectors::LoadError> {
//!     Suite::new(my_join)
//!         // The spec the library claims (RFC 1808 when not given).
//!         .spec(Spec::Rfc3986)
//!         // For the `versions` conditions of the expectations file.
//!         .version(env!("CARGO_PKG_VERSION"))
//!         // The same file `rfc1808 run --spec rfc3986 --expectations` reads.
//!         .expectations_file("tests/rfc3986-expected.toml")?
//!         .expect_failure("rfc3986/base-dot-segments", "keeps the base's dot segments")
//!         .run()
//! }
//! ```
//!
//! The resolve function returns a `String`, or a `Result` whose `Ok` and
//! `Err` are `Display` (an `Err` is the library rejecting the case, which
//! fails the test unless the spec makes the case an error under some
//! reading). A failing test names the cause of a wrong answer as `rfc1808
//! run` does: `explained by` the deviations of the catalogue
//! ([`crate::causes`]) with which the reference gives it, or
//! `unexplained`; an expectations file may list those deviations
//! (`[[deviation]]`) instead of the vectors they explain. Expected
//! failures are strict both ways, as in `rfc1808 run`:
//! a listed vector that passes fails its test, and so does an entry that
//! names no vector, or an id listed twice. Each ambiguity of the spec that
//! some vector tells about is a test too, `reading/NAME`, which fails when
//! the library follows different readings of it on different vectors and
//! the expectations file does not allow it. With the environment variable
//! [`WRITE_ENV`] set to a path, [`Suite::run`] first writes the failures
//! there as an expectations file, as `rfc1808 run --write-expectations`
//! writes it: the deviations that explain them, and ids for the rest.

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use libtest_mimic::{Arguments, Failed, Trial};

use crate::causes;
/// What [`Suite::write_expectations`] wrote.
pub use crate::expectations::Written;
use crate::expectations::{self, Decision, Drift, Expectations, Inconsistent, Ran};
use crate::fingerprint;
use crate::grade::{self, Answer, ExpectedFailures, ReadingReport, Verdict};
use crate::readings::{Assignment, Followed};
use crate::versions::{library_version, Version};
use crate::{Corpus, LoadError, ResolveVector, Spec};
use rfc1808_resolver::deviations::{Explanation, Id, Set};

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

/// The library's answer to a vector: its base (`None` for an absolute
/// parse) and its relative URL; `None` when the suite has no call for it (an
/// absolute parse, and no [`Suite::parse`]).
type Resolve = dyn Fn(Option<&str>, &str) -> Option<Result<String, String>> + Send + Sync;

/// Where the listed failures come from, in the order they were given.
#[derive(Clone, Debug)]
enum Source {
    /// Every entry of an expectations file; which of them apply depends on
    /// the spec and the version, known when the suite runs.
    File(Expectations),
    /// One `.expect_failure`.
    One { id: String, reason: String },
}

/// One listed vector, and where it was listed.
#[derive(Clone, Debug)]
struct Listed {
    id: String,
    reason: String,
    /// `file:line`, or `.expect_failure`.
    at: String,
}

/// The vectors, a resolve function, the spec it is graded under and its
/// expected failures.
pub struct Suite {
    corpus: Corpus,
    /// Whether [`Suite::with_corpus`] chose the vectors, rather than the
    /// spec ([`Suite::spec`]).
    chosen_corpus: bool,
    /// Whether [`Suite::parse`] gave a call for the absolute parses.
    parses: bool,
    resolve: Arc<Resolve>,
    spec: Spec,
    /// What `.reading` was given, each as given.
    readings: Vec<String>,
    /// What `.version` was given.
    version: Option<String>,
    sources: Vec<Source>,
    /// The name and text of the expectations file read, whose comments a
    /// written file keeps.
    file: Option<(String, String)>,
    /// The answer of each resolve vector whose test has run, by position.
    answers: Arc<Mutex<Vec<Option<Answer>>>>,
}

/// What the suite's settings come to, checked against each other.
#[derive(Clone, Debug)]
struct Plan {
    spec: Spec,
    held: Assignment,
    version: Option<Version>,
    /// The listed failures that apply to the version, in the order given.
    listed: Vec<Listed>,
    /// The ambiguities the expectations allow different readings of.
    allowed: Vec<Inconsistent>,
    /// The deviations that explain its failures (`[[deviation]]`).
    deviations: Set,
    /// Each of them with its reason, in the order given.
    deviation_reasons: Vec<(Id, String)>,
    /// Why the version is not one the expectations were written for.
    drift: Option<Drift>,
}

impl Plan {
    /// The listed vectors, graded under the spec holding the readings; of
    /// an id listed twice, the first.
    fn failures(&self) -> ExpectedFailures<'_> {
        ExpectedFailures::new(
            self.listed
                .iter()
                .map(|l| (l.id.as_str(), l.reason.as_str())),
        )
        .by_spec(self.spec)
        .holding(self.held.clone())
    }

    /// What explains a wrong answer, trying the listed deviations first.
    fn explainer(&self) -> causes::Explainer {
        causes::Explainer::new(self.spec, self.deviations)
    }
}

impl Suite {
    /// Every embedded vector against `resolve(base, relative)`, graded
    /// under RFC 1808 until [`Suite::spec`] says otherwise.
    pub fn new<F, R>(resolve: F) -> Self
    where
        F: Fn(&str, &str) -> R + Send + Sync + 'static,
        R: Resolution,
    {
        Suite {
            corpus: crate::embedded(),
            chosen_corpus: false,
            parses: false,
            resolve: Arc::new(move |base, relative| {
                base.map(|base| resolve(base, relative).into_result())
            }),
            spec: Spec::Rfc1808,
            readings: Vec::new(),
            version: None,
            sources: Vec::new(),
            file: None,
            answers: Arc::default(),
        }
    }

    /// Uses these vectors instead of the embedded ones.
    pub fn with_corpus(mut self, corpus: Corpus) -> Self {
        self.corpus = corpus;
        self.chosen_corpus = true;
        self
    }

    /// Grades by `spec`'s answers, as `rfc1808 run --spec` does: the spec
    /// the library claims. Expectations files must be for it, and
    /// [`Suite::reading`] names its readings. The spec's own vectors run
    /// beside the built-in ones, as they do in `rfc1808 run --spec`
    /// ([`crate::SPEC_FILES`]: the web-platform tests' for the URL
    /// Standard), unless [`Suite::with_corpus`] chose the vectors.
    pub fn spec(mut self, spec: Spec) -> Self {
        self.spec = spec;
        if !self.chosen_corpus {
            self.corpus = crate::embedded_for(&[spec]);
        }
        self
    }

    /// Answers the vectors with no base (the web-platform tests' absolute
    /// parses, under the URL Standard) with `parse(input)`, as `new
    /// URL(input)` does. Without it those vectors are not asked, and pass
    /// nothing: each is a test labelled `not asked`.
    pub fn parse<F, R>(mut self, parse: F) -> Self
    where
        F: Fn(&str) -> R + Send + Sync + 'static,
        R: Resolution,
    {
        let resolve = Arc::clone(&self.resolve);
        self.resolve = Arc::new(move |base, input| match base {
            Some(_) => resolve(base, input),
            None => Some(parse(input).into_result()),
        });
        self.parses = true;
        self
    }

    /// Holds the library to the readings `readings` names
    /// (`AMBIGUITY=READING[,...]`, of the spec's registry:
    /// `docs/readings-rfc3986.md`), as `rfc1808 run --reading` does: an
    /// answer under another reading of those ambiguities fails. A name
    /// that is not the spec's is an error of [`Suite::trials`], which lists
    /// the names there are.
    pub fn reading(mut self, readings: &str) -> Self {
        self.readings.push(readings.to_owned());
        self
    }

    /// The version of the library under test (`env!("CARGO_PKG_VERSION")`
    /// in its own tests), read as `rfc1808 run` reads a handshake's
    /// version ([`library_version`]): entries of the expectations file
    /// with `versions` conditions apply when it matches, and a written file
    /// records it in `written-for`. Without it, conditioned entries apply
    /// to none, as for an adapter that reports no version.
    pub fn version(mut self, version: &str) -> Self {
        self.version = Some(version.to_owned());
        self
    }

    /// Lists the vector `id` as failing, for `reason`. An id listed twice
    /// (here or in an expectations file) fails as the test
    /// `expected-failure/ID`.
    pub fn expect_failure(mut self, id: &str, reason: &str) -> Self {
        self.sources.push(Source::One {
            id: id.to_owned(),
            reason: reason.to_owned(),
        });
        self
    }

    /// Lists the entries of the expectations file at `path`, the format
    /// `rfc1808 run --expectations` reads (see [`expectations`]). A file
    /// that does not load is an error here; one for another spec than the
    /// suite's, an error of [`Suite::trials`]. A file that does not exist
    /// yet lists nothing when [`WRITE_ENV`] names it, so that the first
    /// run writes it.
    pub fn expectations_file(mut self, path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let path = path.as_ref();
        if !path.exists() && to_be_written(path) {
            return Ok(self);
        }
        let (name, text) = LoadError::read(path)?;
        self = self.expectations(&Expectations::parse_str(&name, &text)?);
        self.file = Some((name, text));
        Ok(self)
    }

    /// Lists the entries of `expectations` that hold for the suite's
    /// [`Suite::version`].
    pub fn expectations(mut self, expectations: &Expectations) -> Self {
        self.sources.push(Source::File(expectations.clone()));
        self
    }

    /// The settings, checked: the readings are the spec's, the version
    /// holds a version number, and every expectations file is for the
    /// spec.
    fn plan(&self) -> Result<Plan, SuiteError> {
        let spec = self.spec;
        let reading = |given: &str| {
            Assignment::parse(spec, given).map_err(|why| SuiteError::Reading {
                given: given.to_owned(),
                spec,
                why,
            })
        };
        for given in &self.readings {
            reading(given)?;
        }
        // Each alone is the spec's; together they may name one twice.
        let held = reading(&self.readings.join(","))?;
        let version = match &self.version {
            Some(given) => Some(library_version(given).ok_or_else(|| SuiteError::Version {
                given: given.clone(),
            })?),
            None => None,
        };
        let mut plan = Plan {
            spec,
            held,
            version,
            listed: Vec::new(),
            allowed: Vec::new(),
            deviations: Set::EMPTY,
            deviation_reasons: Vec::new(),
            drift: None,
        };
        for source in &self.sources {
            match source {
                Source::File(file) => {
                    file.check_spec(spec).map_err(SuiteError::Load)?;
                    plan.drift = plan.drift.or_else(|| file.drift(plan.version.as_ref()));
                    let applying = file.applying_to(plan.version.as_ref());
                    plan.listed.extend(applying.entries.iter().map(|e| Listed {
                        id: e.id.clone(),
                        reason: e.reason.clone(),
                        at: format!("{}:{}", file.file, e.line),
                    }));
                    plan.deviations = plan.deviations.union(applying.deviation_set());
                    for d in &applying.deviations {
                        if !plan.deviation_reasons.iter().any(|(id, _)| *id == d.id) {
                            plan.deviation_reasons.push((d.id, d.reason.clone()));
                        }
                    }
                    plan.allowed.extend(applying.inconsistent);
                }
                Source::One { id, reason } => plan.listed.push(Listed {
                    id: id.clone(),
                    reason: reason.clone(),
                    at: ".expect_failure".to_owned(),
                }),
            }
        }
        Ok(plan)
    }

    /// One trial per resolve vector; one per ambiguity of the spec that a
    /// vector tells about or that the expectations allow different
    /// readings of, `reading/NAME`; then one failing trial per listed id
    /// that names no vector or is listed twice, `expected-failure/ID`.
    ///
    /// An error when the settings do not fit together: a reading that is
    /// not the spec's, a version with no version number, an expectations
    /// file for another spec.
    pub fn trials(&self) -> Result<Vec<Trial>, SuiteError> {
        Ok(self
            .checks()?
            .into_iter()
            .map(|check| {
                let test = check.test;
                Trial::test(check.name, move || test().map_err(Failed::from)).with_kind(check.kind)
            })
            .collect())
    }

    /// The tests of [`Suite::trials`], each to run once.
    fn checks(&self) -> Result<Vec<Check>, SuiteError> {
        let plan = self.plan()?;
        let listed = plan.failures();
        let explainer = Arc::new(plan.explainer());
        *lock(&self.answers) = vec![None; self.corpus.resolve.len()];
        let held = Arc::new(plan.held.clone());
        let mut checks: Vec<Check> = self
            .corpus
            .resolve
            .iter()
            .enumerate()
            .map(|(at, v)| {
                let v = v.clone();
                let resolve = Arc::clone(&self.resolve);
                let answers = Arc::clone(&self.answers);
                let held = Arc::clone(&held);
                let explainer = Arc::clone(&explainer);
                let spec = plan.spec;
                let parses = self.parses;
                let reason = listed.reason(&v.id).map(str::to_owned);
                let kind = if v.answers(spec).is_none() {
                    // Not a pass: labelled, and counted apart in the summary.
                    "no answer under the spec"
                } else if v.base.is_none() && !parses {
                    "not asked: an absolute parse, and no .parse"
                } else if reason.is_some() {
                    "expected failure"
                } else {
                    ""
                };
                Check::new(v.id.clone(), kind, move || {
                    let answer = answer(&*resolve, &v);
                    let listed = ExpectedFailures::new(reason.as_deref().map(|r| (&*v.id, r)))
                        .by_spec(spec)
                        .holding((*held).clone());
                    let graded = causes::grade(&listed, &explainer, &v, &answer);
                    let (verdict, explanation) = (graded.verdict, graded.explanation);
                    let result = judge(&v, &listed, verdict, &answer, explanation.as_ref());
                    lock(&answers)[at] = Some(answer);
                    result
                })
            })
            .collect();
        checks.extend(self.reading_checks(&plan));
        for (id, kind, message) in listing_problems(&self.corpus, &plan) {
            checks.push(Check::new(
                format!("expected-failure/{id}"),
                kind,
                move || Err(message),
            ));
        }
        Ok(checks)
    }

    /// One trial per ambiguity of the spec that a vector's answers depend
    /// on or that the expectations allow different readings of: it
    /// resolves the vectors that tell about it and fails as `rfc1808 run`
    /// does, when the library follows different readings and the
    /// expectations do not allow it, or allow it and it does not.
    fn reading_checks(&self, plan: &Plan) -> Vec<Check> {
        plan.spec
            .registry()
            .iter()
            .filter_map(|ambiguity| {
                let name = ambiguity.name;
                let telling: Vec<ResolveVector> = self
                    .corpus
                    .resolve
                    .iter()
                    .filter(|v| {
                        v.answers(plan.spec)
                            .is_some_and(|a| a.ambiguities().iter().any(|a| a.name == name))
                    })
                    .cloned()
                    .collect();
                let allowed: Vec<Inconsistent> = plan
                    .allowed
                    .iter()
                    .filter(|i| i.ambiguity == name)
                    .cloned()
                    .collect();
                if telling.is_empty() && allowed.is_empty() {
                    return None;
                }
                let resolve = Arc::clone(&self.resolve);
                let spec = plan.spec;
                Some(Check::new(
                    format!("reading/{name}"),
                    "reading",
                    move || {
                        let answers: Vec<Answer> =
                            telling.iter().map(|v| answer(&*resolve, v)).collect();
                        let followed = followed(telling.iter().zip(&answers), spec);
                        match grade::reading_reports(spec, &followed, &allowed)
                            .into_iter()
                            .find(|r| r.ambiguity.name == name)
                        {
                            Some(report) if report.fails_run() => {
                                Err(format!("reading {}", report.describe()))
                            }
                            _ => Ok(()),
                        }
                    },
                ))
            })
            .collect()
    }

    /// Writes the failures as an expectations file at `path` for the
    /// suite's spec and version, as `rfc1808 run --write-expectations`
    /// does and with its code ([`expectations::rewrite_run`]): the smallest
    /// set of deviations found that explains the wrong answers, each a
    /// `[[deviation]]` entry (a listed one keeps its reason, a new one gets
    /// what the deviation does and how many vectors it explains), and
    /// `[[expected-failure]]` ids only for the failures no deviation
    /// explains. An entry that stays keeps its reason, comments and
    /// formatting (from `path` if it exists, else from the listing of this
    /// suite), a new id gets what was observed as its reason; ids of
    /// vectors that pass, that a deviation explains or that name no vector
    /// are dropped, and so are deviations that explain nothing and entries
    /// for ambiguities now followed consistently; an ambiguity followed
    /// inconsistently gets an `[[inconsistent-reading]]` entry. Entries
    /// for other versions stay as they are. Each vector is resolved once
    /// more to find out.
    pub fn write_expectations(&self, path: impl AsRef<Path>) -> Result<Written, SuiteError> {
        let path = path.as_ref();
        let plan = self.plan()?;
        let spec = plan.spec;
        let existing = self.existing_expectations(path, &plan)?;
        let listed = plan.failures();
        let explainer = plan.explainer();
        let graded: Vec<Graded<'_>> = self
            .corpus
            .resolve
            .iter()
            .map(|v| {
                let answer = answer(&*self.resolve, v);
                let graded = causes::grade(&listed, &explainer, v, &answer);
                (v, answer, graded.verdict, graded.explanation)
            })
            .collect();
        let ran: Vec<Ran<'_>> = graded
            .iter()
            .map(|(vector, answer, verdict, explanation)| Ran {
                vector,
                answer,
                verdict: *verdict,
                explanation: *explanation,
            })
            .collect();
        let rewritten = expectations::rewrite_run(
            &ran,
            Some((&existing.0, &existing.1)),
            spec,
            plan.version.as_ref(),
            &self.corpus,
            // Each failure nothing explains an entry of its own: the
            // residual kinds that group them are the harness's.
            &|_, _| None,
        )
        .map_err(SuiteError::Load)?;
        crate::files::replace(path, rewritten.text.as_bytes()).map_err(SuiteError::Io)?;
        Ok(rewritten.written(
            graded
                .iter()
                .filter(|(_, _, verdict, _)| *verdict == Verdict::Error)
                .count(),
        ))
    }

    /// For [`Suite::write_expectations`]: the name and text of the
    /// expectations file to rewrite, `path`'s if it exists.
    fn existing_expectations(
        &self,
        path: &Path,
        plan: &Plan,
    ) -> Result<(String, String), SuiteError> {
        if path.exists() {
            return LoadError::read(path).map_err(SuiteError::Load);
        }
        // Another file, whose entries may have been added to by
        // `.expect_failure`, or none: start from this suite's whole
        // listing, with that file's comments.
        let listed = plan.failures();
        let file = self.file.as_ref().map(|(n, t)| (n.as_str(), t.as_str()));
        let allowed: Vec<(&str, String)> = plan
            .allowed
            .iter()
            .map(|i| (i.ambiguity.as_str(), i.reason.clone()))
            .collect();
        let text = expectations::rewrite_for(
            file,
            plan.spec,
            None,
            &self.corpus,
            &allowed,
            &plan.deviation_reasons,
            |v| match listed.reason(&v.id) {
                Some(reason) => Decision::Fails {
                    observed: reason.to_owned(),
                    group: None,
                },
                None => Decision::Undecided,
            },
        )
        .map_err(SuiteError::Load)?
        .text;
        let name = file.map_or(".expect_failure", |(name, _)| name);
        Ok((name.to_owned(), text))
    }

    /// Runs the trials with the command line's arguments (`cargo test --
    /// FILTER` works), prints the [`Suite::summary`], and exits with
    /// libtest's code. With [`WRITE_ENV`] set, writes the expectations file
    /// first ([`Suite::write_expectations`]). Settings that do not fit
    /// together are printed, and exit with libtest's code for a failure,
    /// before anything runs.
    pub fn run(&self) -> ! {
        let fail = |e: &dyn Display| -> ! {
            eprintln!("rfc1808: {e}");
            std::process::exit(101)
        };
        if let Err(e) = self.plan() {
            fail(&e)
        }
        match self.write_requested() {
            Ok(Some(line)) => eprintln!("{line}"),
            Ok(None) => {}
            Err(e) => fail(&format_args!("{WRITE_ENV}: {e}")),
        }
        let trials = self.trials().unwrap_or_else(|e| fail(&e));
        let conclusion = libtest_mimic::run(&Arguments::from_args(), trials);
        match self.summary() {
            Ok(summary) => println!("{summary}"),
            Err(e) => fail(&e),
        }
        conclusion.exit()
    }

    /// Writes the expectations file [`WRITE_ENV`] names, if it is set, and
    /// returns the line that says what was written.
    fn write_requested(&self) -> Result<Option<String>, SuiteError> {
        let Some(path) = std::env::var_os(WRITE_ENV).filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let path = PathBuf::from(path);
        let w = self.write_expectations(&path)?;
        let errors = match w.errors {
            0 => String::new(),
            n => format!(", {n} panics left out"),
        };
        Ok(Some(format!(
            "rfc1808: wrote {} ({WRITE_ENV}): {} kept, {} added, {} dropped{errors}",
            path.display(),
            w.kept,
            w.added,
            w.dropped
        )))
    }

    /// The vectors whose tests have run, each with its answer and verdict,
    /// in corpus order: what [`Suite::summary`] counts, graded as the
    /// tests were. Errors as [`Suite::trials`] does.
    pub fn graded(&self) -> Result<Vec<(&ResolveVector, Answer, Verdict)>, SuiteError> {
        let plan = self.plan()?;
        Ok(self
            .graded_by(&plan)
            .into_iter()
            .map(|(v, answer, verdict, _)| (v, answer, verdict))
            .collect())
    }

    /// [`Suite::graded`], each with what explains its wrong answer.
    fn graded_by(&self, plan: &Plan) -> Vec<Graded<'_>> {
        let listed = plan.failures();
        let explainer = plan.explainer();
        let answers = lock(&self.answers).clone();
        self.corpus
            .resolve
            .iter()
            .zip(answers)
            .filter_map(|(v, answer)| {
                let answer = answer?;
                let graded = causes::grade(&listed, &explainer, v, &answer);
                Some((v, answer, graded.verdict, graded.explanation))
            })
            .collect()
    }

    /// The readings the library followed over the tests that have run, as
    /// `rfc1808 run` reports them.
    fn readings_by(&self, plan: &Plan, graded: &[Graded<'_>]) -> Vec<ReadingReport> {
        let followed = followed(graded.iter().map(|(v, a, _, _)| (*v, a)), plan.spec);
        grade::reading_reports(plan.spec, &followed, &plan.allowed)
    }

    /// What [`Suite::run`] prints after libtest's own summary: the counts
    /// of the vectors' verdicts (libtest's `passed` counts the expected
    /// failures too), the spec the suite graded under with the spec
    /// fingerprint `rfc1808 run` prints, the cause fingerprint it prints
    /// when some answer is wrong, the readings held, the reading followed
    /// of each ambiguity, and when the run failed and the version is not
    /// one the expectations were written for, that. Errors as
    /// [`Suite::trials`] does.
    ///
    /// ```text
    /// rfc1808 vectors under RFC 3986: ok. 164 passed; 0 failed; 14 expected failures; 0 unexpected passes; 0 errors
    ///   graded under RFC 3986; agrees with RFC 1808 130/178, RFC 2396 163/178, RFC 3986 164/178
    ///   follows RFC 3986 with dots-kept-in-absolute (5), base-dots-kept (4); 5 wrong answers unexplained
    ///   reading same-scheme=strict (4 vectors)
    /// ```
    pub fn summary(&self) -> Result<String, SuiteError> {
        let plan = self.plan()?;
        let graded = self.graded_by(&plan);
        let readings = self.readings_by(&plan, &graded);
        let problems = listing_problems(&self.corpus, &plan);
        let count = |verdict: Verdict| graded.iter().filter(|(_, _, v, _)| *v == verdict).count();
        let ok = !graded.iter().any(|(_, _, v, _)| v.fails_run())
            && problems.is_empty()
            && !readings.iter().any(ReadingReport::fails_run);
        // Every verdict but `not representable`: a case always reaches a
        // function in the same process.
        let counts: Vec<String> = Verdict::ALL
            .into_iter()
            .filter(|v| *v != Verdict::NotRepresentable)
            // Said only when some vector has no answer under the spec.
            .filter(|v| *v != Verdict::NoAnswer || count(*v) > 0)
            .map(|v| format!("{} {}", count(v), v.counted()))
            .collect();
        let mut out = format!(
            "rfc1808 vectors under {}: {}. {}",
            plan.spec.title(),
            if ok { "ok" } else { "FAILED" },
            counts.join("; ")
        );
        let stale = problems
            .iter()
            .filter(|(_, kind, _)| *kind == "stale")
            .count();
        for cause in grade::other_causes(stale, &readings) {
            out += &format!("; {cause}");
        }
        match problems.len() - stale {
            0 => {}
            1 => out += "; 1 id listed twice",
            n => out += &format!("; {n} ids listed twice"),
        }
        if let Some(drift) = plan.drift.as_ref().filter(|_| !ok) {
            out += &format!("\n  {}", drift.describe("the library"));
        }
        let agreement = fingerprint::agreement(graded.iter().map(|(v, a, _, _)| (*v, a)));
        out += &format!(
            "\n  {}",
            fingerprint::describe_grading(plan.spec, &agreement)
        );
        let (counts, unexplained) = causes::tally(graded.iter().map(|(_, _, _, e)| e.as_ref()));
        if let Some(line) = causes::fingerprint(plan.spec, &counts, unexplained) {
            out += &format!("\n  {line}");
        }
        if !plan.held.is_empty() {
            out += &format!("\n  held to {}", plan.held);
        }
        for reading in &readings {
            out += &format!("\n  reading {}", reading.describe());
        }
        Ok(out)
    }
}

/// A vector the suite resolved: its answer, its verdict graded by cause,
/// and what explains a wrong answer.
type Graded<'a> = (&'a ResolveVector, Answer, Verdict, Option<Explanation>);

/// One test of the suite: a trial, before libtest runs it.
struct Check {
    name: String,
    kind: &'static str,
    test: Box<dyn FnOnce() -> Result<(), String> + Send>,
}

impl Check {
    fn new(
        name: String,
        kind: &'static str,
        test: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) -> Self {
        Check {
            name,
            kind,
            test: Box::new(test),
        }
    }
}

/// The answers' readings, gathered as `rfc1808 run` gathers them.
fn followed<'a>(
    answers: impl IntoIterator<Item = (&'a ResolveVector, &'a Answer)>,
    spec: Spec,
) -> Followed {
    let mut followed = Followed::default();
    for (v, answer) in answers {
        if let Some(reading) = grade::reading_followed(v, spec, answer) {
            followed.observe(&v.id, &reading);
        }
    }
    followed
}

/// The listed ids that name no resolve vector (`stale`) or that are
/// listed again (`duplicate`), each with its kind and message.
fn listing_problems(corpus: &Corpus, plan: &Plan) -> Vec<(String, &'static str, String)> {
    let mut first: HashMap<&str, &Listed> = HashMap::new();
    let mut problems = Vec::new();
    for l in &plan.listed {
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
        if let Err(why) = grade::check_listed(corpus, &l.id) {
            problems.push((
                l.id.clone(),
                "stale",
                format!(
                    "stale expectation `{}` ({}): {why}; remove the entry",
                    l.id, l.at
                ),
            ));
        }
    }
    problems
}

/// Whether [`WRITE_ENV`] names `path`, each read from the current
/// directory (a test's is its package's root).
fn to_be_written(path: &Path) -> bool {
    let Some(target) = std::env::var_os(WRITE_ENV).filter(|p| !p.is_empty()) else {
        return false;
    };
    let absolute = |p: &Path| match std::env::current_dir() {
        Ok(dir) => dir.join(p),
        Err(_) => p.to_owned(),
    };
    absolute(Path::new(&target)) == absolute(path)
}

/// The lock's data, even if a thread panicked holding it: the answers
/// stay right, each written whole.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the resolve function answers for `v`: a panic is the library
/// failing to answer, graded as an error whether the vector is listed or
/// not.
fn answer(resolve: &Resolve, v: &ResolveVector) -> Answer {
    match panic::catch_unwind(AssertUnwindSafe(|| resolve(v.base.as_deref(), &v.relative))) {
        // Not asked, and so passed by no one.
        Ok(None) => Answer::NotRepresentable(
            "an absolute parse (no base), and the suite has no .parse function".to_owned(),
        ),
        Ok(Some(Ok(url))) => Answer::Resolved(url),
        Ok(Some(Err(why))) => Answer::Rejected(why),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Answer::Error(format!("panicked: {message}"))
        }
    }
}

/// Why the suite cannot run, or cannot write its expectations file.
#[derive(Debug)]
pub enum SuiteError {
    /// An expectations file does not load, or lists the failures under
    /// another spec than the suite's.
    Load(LoadError),
    /// What `.reading` was given is not a reading of the spec.
    Reading {
        given: String,
        spec: Spec,
        why: String,
    },
    /// What `.version` was given holds no version number.
    Version { given: String },
    /// The expectations file cannot be written; it is as it was.
    Io(crate::files::ReplaceError),
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteError::Load(e) => e.fmt(f),
            // As `rfc1808 run --reading` says it.
            SuiteError::Reading { given, spec, why } => match spec {
                Spec::Rfc1808 => write!(f, ".reading({given:?}): {why}"),
                _ => write!(f, ".reading({given:?}): {spec}: {why}"),
            },
            SuiteError::Version { given } => write!(
                f,
                ".version({given:?}): holds no version number; give one like \"0.2.11\""
            ),
            SuiteError::Io(e) => write!(
                f,
                "cannot write the expectations file {}: {}",
                e.file().display(),
                e.reason()
            ),
        }
    }
}

impl std::error::Error for SuiteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SuiteError::Load(e) => Some(e),
            SuiteError::Io(e) => Some(e),
            SuiteError::Reading { .. } | SuiteError::Version { .. } => None,
        }
    }
}

impl From<LoadError> for SuiteError {
    fn from(e: LoadError) -> Self {
        SuiteError::Load(e)
    }
}

/// What one test says of its vector's `verdict`: nothing when it passes
/// or fails as listed, else why it fails.
fn judge(
    v: &ResolveVector,
    listed: &ExpectedFailures<'_>,
    verdict: Verdict,
    answer: &Answer,
    explanation: Option<&Explanation>,
) -> Result<(), String> {
    let reason = listed.reason(&v.id).unwrap_or_default();
    match verdict {
        Verdict::Passed
        | Verdict::ExpectedFailure
        | Verdict::NotRepresentable
        | Verdict::NoAnswer => Ok(()),
        Verdict::UnexpectedPass => {
            let answered = match answer {
                Answer::Resolved(url) => format!("resolves to the expected {url:?}"),
                _ => "rejects the case, as expected".to_owned(),
            };
            Err(format!(
                "unexpected pass: {} is listed as an expected failure ({reason}) but {answered}; remove the entry",
                v.id
            ))
        }
        Verdict::Failed => mismatch(v, listed, answer, explanation),
        Verdict::Error => {
            let mut message = mismatch(v, listed, answer, None).err().unwrap_or_default();
            if listed.reason(&v.id).is_some() {
                message += &format!(
                    "  note:     listed as an expected failure ({reason}), but expectations cover wrong answers, not errors\n"
                );
            }
            Err(message)
        }
    }
}

/// Checks one answer against `vector` under RFC 1808; on a mismatch, the
/// message shows the inputs, both answers and where they first differ.
pub fn check(vector: &ResolveVector, answer: Result<String, String>) -> Result<(), String> {
    let answer = match answer {
        Ok(url) => Answer::Resolved(url),
        Err(why) => Answer::Rejected(why),
    };
    mismatch(vector, &ExpectedFailures::default(), &answer, None)
}

/// Checks `answer` against `vector` as `listed` grades it (under its spec
/// and held readings, whether listed or not); on a mismatch, the message
/// shows the inputs, the spec's answers, the answer given and where it
/// first differs, which reading and spec it is, its cause as `rfc1808 run`
/// gives it (`explained by a + b`, `unexplained`) when `explanation` has
/// one, and why the vector exists.
fn mismatch(
    vector: &ResolveVector,
    listed: &ExpectedFailures<'_>,
    answer: &Answer,
    explanation: Option<&Explanation>,
) -> Result<(), String> {
    let v = vector;
    let accepts = listed.accepts(v);
    match answer {
        Answer::Resolved(got) if accepts.admits(got) => return Ok(()),
        Answer::Rejected(_) if accepts.admits_rejection() => return Ok(()),
        _ => {}
    }
    let spec = listed.spec();
    let answers = v.answers(spec);
    let expected = answers.map_or(v.expected.as_str(), |a| a.expected.as_str());
    let shown = answers.map_or_else(|| format!("{expected:?}"), |a| a.shown());
    let mut message = format!(
        "{} ({})\n  base:     {:?}\n  relative: {:?}\n  expected: {shown}\n",
        v.id,
        v.origin,
        v.base.as_deref().unwrap_or("(none: an absolute parse)"),
        v.relative
    );
    for (assignment, answer) in v.answers(spec).iter().flat_map(|a| &a.readings) {
        message += &format!("  or:       {answer} under {assignment}\n");
    }
    match answer {
        Answer::Resolved(got) => {
            message += &format!("  got:      {got:?}\n");
            let same = expected
                .chars()
                .zip(got.chars())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a.escape_debug().count())
                .sum::<usize>();
            message += &format!("            {}^\n", " ".repeat(same + 1));
        }
        Answer::Rejected(why) => message += &format!("  rejected: {why}\n"),
        Answer::NotRepresentable(why) | Answer::Error(why) => {
            message += &format!("  error:    {why}\n")
        }
    }
    if let Some(reading) = grade::reading_followed(v, spec, answer) {
        message += &format!("  reading:  {reading}, which this suite's .reading rules out\n");
    }
    if matches!(answer, Answer::Resolved(_) | Answer::Rejected(_)) {
        let matches = fingerprint::answers_as(v, answer);
        message += &format!(
            "  spec:     {}\n",
            fingerprint::describe_answers_as(&matches)
        );
    }
    if let Some(cause) = causes::describe(explanation) {
        message += &format!("  cause:    {cause}\n");
    }
    if let Some(note) = &v.note {
        message += &format!("  why:      {}\n", note.trim());
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1808_resolver::rfc3986;

    /// Runs the suite's tests one by one, without libtest's output, and
    /// returns the failures, each with its name and message.
    fn failures(suite: &Suite) -> Vec<(String, String)> {
        suite
            .checks()
            .unwrap()
            .into_iter()
            .filter_map(|check| Some((check.name, (check.test)().err()?)))
            .collect()
    }

    /// How many of the suite's tests fail.
    fn failed(suite: &Suite) -> usize {
        failures(suite).len()
    }

    #[test]
    fn the_url_standard_s_suite_runs_its_own_vectors_and_asks_parses_of_a_parse_call() {
        use rfc1808_resolver::whatwg;
        let href = |url: Result<whatwg::Url, whatwg::ParseError>| url.map(|url| url.href());
        let engine = || Suite::new(whatwg::resolve).spec(Spec::Whatwg);
        let parsing = engine().parse(move |input: &str| href(whatwg::parse(input, None)));
        let checks = parsing.checks().unwrap();
        let corpus = crate::embedded_for(&[Spec::Whatwg]);
        let absolute: Vec<&str> = corpus
            .resolve
            .iter()
            .filter(|v| v.base.is_none())
            .map(|v| v.id.as_str())
            .collect();
        assert!(
            absolute.len() > 500,
            "the web-platform tests' absolute parses run"
        );
        assert!(checks
            .iter()
            .any(|c| c.name == absolute[0] && c.kind.is_empty()));
        assert_eq!(
            failed(&parsing),
            0,
            "the reference passes its own spec's vectors"
        );
        // Not graded under the URL Standard, they do not run.
        let rfc = Suite::new(whatwg::resolve).spec(Spec::Rfc3986);
        assert!(rfc.checks().unwrap().iter().all(|c| c.name != absolute[0]));

        // Without a parse call, each absolute parse is labelled, not asked,
        // and passes nothing.
        let resolving = engine();
        let checks = resolving.checks().unwrap();
        let not_asked = checks
            .iter()
            .filter(|c| c.kind == "not asked: an absolute parse, and no .parse")
            .count();
        assert_eq!(not_asked, absolute.len());
        assert_eq!(failed(&resolving), 0);
        let graded = resolving.graded().unwrap();
        assert!(graded
            .iter()
            .filter(|(v, _, _)| v.base.is_none())
            .all(|(_, _, verdict)| *verdict == Verdict::NotRepresentable));
        // A wrong parse fails: RFC 1808's Step 1 keeps the URL as it is.
        let wrong = engine().parse(|input: &str| input.to_owned());
        assert!(failed(&wrong) > 200);
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

    /// The embedded vectors whose ids start with `prefix`.
    fn only(prefix: &str) -> Corpus {
        let mut corpus = crate::embedded();
        corpus.resolve.retain(|v| v.id.starts_with(prefix));
        corpus
    }

    /// The RFC 3986 reference resolver under `readings` for the vectors
    /// `odd` names, and its default readings for the others.
    fn rfc3986_reference(readings: &str, odd: &[&str]) -> Suite {
        let corpus = crate::embedded();
        let odd: Vec<(String, String)> = corpus
            .resolve
            .iter()
            .filter(|v| odd.is_empty() || odd.contains(&v.id.as_str()))
            .map(|v| (v.base_or_empty().to_owned(), v.relative.clone()))
            .collect();
        let readings: rfc3986::Readings = readings.parse().unwrap();
        Suite::new(move |base: &str, relative: &str| {
            let these = odd.iter().any(|(b, r)| b == base && r == relative);
            let readings = if these {
                readings
            } else {
                rfc3986::Readings::default()
            };
            rfc3986::resolve_with(base, relative, readings, rfc3986::DotSegments::Linear)
        })
        .spec(Spec::Rfc3986)
    }

    /// A wrong answer no deviation of the catalogue gives.
    const NONSENSE: &str = "http://x/nonsense";

    /// The RFC 3986 reference with the deviations `set`, answering
    /// [`NONSENSE`] on the vectors `odd` names.
    fn deviant(set: Set, odd: &[&str]) -> Suite {
        let corpus = crate::embedded();
        let odd: Vec<(String, String)> = corpus
            .resolve
            .iter()
            .filter(|v| odd.contains(&v.id.as_str()))
            .map(|v| (v.base_or_empty().to_owned(), v.relative.clone()))
            .collect();
        Suite::new(move |base: &str, relative: &str| {
            if odd.iter().any(|(b, r)| b == base && r == relative) {
                return Ok(NONSENSE.to_owned());
            }
            let reference = |b: &str, r: &str| Ok(rfc3986::resolve(b, r));
            rfc1808_resolver::deviations::resolve(&reference, set, base, relative)
        })
        .spec(Spec::Rfc3986)
    }

    /// The vectors whose trials fail, each with its message.
    fn failing_vectors(suite: &Suite) -> Vec<(String, String)> {
        failures(suite)
            .into_iter()
            .filter(|(name, _)| !name.starts_with("reading/"))
            .collect()
    }

    #[test]
    fn a_failure_a_deviation_explains_is_written_as_the_deviation_and_then_passes() {
        let dropped = Set::of(&[Id::EmptyQueryDropped]);
        let suite = deviant(dropped, &[]);
        // Unlisted, each failing trial says what explains it.
        let failing = failing_vectors(&suite);
        assert!(
            failing
                .iter()
                .any(|(id, _)| id == "interpretation/trailing-question"),
            "{failing:?}"
        );
        for (id, message) in &failing {
            assert!(
                message.contains("\n  cause:    explained by empty-query-dropped\n"),
                "{id}: {message}"
            );
        }
        let summary = suite.summary().unwrap();
        assert!(
            summary.contains(&format!(
                "\n  follows RFC 3986 with empty-query-dropped ({}); 0 wrong answers unexplained",
                failing.len()
            )),
            "{summary}"
        );
        // The file lists the deviation, with what it does, and no ids.
        let dir = scratch("deviation");
        let file = dir.join("expected.toml");
        let written = suite.write_expectations(&file).unwrap();
        assert_eq!(
            written,
            Written {
                kept: 0,
                added: 1,
                dropped: 0,
                errors: 0
            }
        );
        let listed = Expectations::load(&file).unwrap();
        let names: Vec<&str> = listed.deviations.iter().map(|d| d.id.name()).collect();
        assert_eq!(names, ["empty-query-dropped"]);
        assert!(
            listed.deviations[0].reason.starts_with(&format!(
                "{} (explains {} vectors, ",
                Id::EmptyQueryDropped.deviation().description,
                failing.len()
            )),
            "{}",
            listed.deviations[0].reason
        );
        assert!(listed.entries.is_empty(), "{:?}", listed.entries);
        // With that file, every test passes, each failure expected by cause.
        let again = deviant(dropped, &[]).expectations_file(&file).unwrap();
        assert_eq!(failed(&again), 0);
        assert!(again.summary().unwrap().starts_with(&format!(
            "rfc1808 vectors under RFC 3986: ok. {} passed; 0 failed; {} expected failures;",
            crate::embedded().resolve.len() - failing.len(),
            failing.len()
        )));
        // A reason given by hand stays, and an id the deviation explains
        // goes: the file written from a listing by id, or kept as it is.
        let hand = "spec = \"rfc3986\"\n\n\
                    [[deviation]]\nname = \"empty-query-dropped\"\nreason = \"urlunsplit, by hand\"\n\n\
                    [[expected-failure]]\nid = \"interpretation/trailing-question\"\nreason = \"by id\"\n";
        for to in [file.clone(), dir.join("new.toml")] {
            std::fs::write(&file, hand).unwrap();
            let by_hand = deviant(dropped, &[]).expectations_file(&file).unwrap();
            let written = by_hand.write_expectations(&to).unwrap();
            assert_eq!((written.kept, written.added, written.dropped), (1, 0, 1));
            let listed = Expectations::load(&to).unwrap();
            assert_eq!(listed.deviations.len(), 1);
            assert_eq!(listed.deviations[0].reason, "urlunsplit, by hand");
            assert!(listed.entries.is_empty(), "{:?}", listed.entries);
        }
    }

    #[test]
    fn a_failure_nothing_explains_is_written_by_id_and_says_so() {
        let odd = "rfc3986-5.4.1/g";
        let dropped = Set::of(&[Id::EmptyQueryDropped]);
        let suite = deviant(dropped, &[odd]);
        let failing = failing_vectors(&suite);
        let (_, message) = failing.iter().find(|(id, _)| id == odd).unwrap();
        assert!(
            message.contains(&format!("  got:      {NONSENSE:?}\n            "))
                && message.contains("\n  cause:    unexplained\n"),
            "{message}"
        );
        assert_eq!(
            failing
                .iter()
                .filter(|(_, m)| m.contains("\n  cause:    explained by empty-query-dropped\n"))
                .count(),
            failing.len() - 1
        );
        assert!(
            suite.summary().unwrap().contains(&format!(
                "\n  follows RFC 3986 with empty-query-dropped ({}); 1 wrong answer unexplained",
                failing.len() - 1
            )),
            "{}",
            suite.summary().unwrap()
        );
        let file = scratch("unexplained").join("expected.toml");
        let written = suite.write_expectations(&file).unwrap();
        assert_eq!((written.added, written.errors), (2, 0));
        let listed = Expectations::load(&file).unwrap();
        let ids: Vec<&str> = listed.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, [odd]);
        assert_eq!(
            listed.entries[0].reason,
            format!("got {NONSENSE:?} (expected \"http://a/b/c/g\")")
        );
        let names: Vec<&str> = listed.deviations.iter().map(|d| d.id.name()).collect();
        assert_eq!(names, ["empty-query-dropped"]);
        assert_eq!(
            failed(&deviant(dropped, &[odd]).expectations_file(&file).unwrap()),
            0
        );
        // Nothing but the quirk: an id, and no deviation.
        let alone = deviant(Set::EMPTY, &[odd]);
        alone.write_expectations(&file).unwrap();
        let listed = Expectations::load(&file).unwrap();
        assert!(listed.deviations.is_empty(), "{:?}", listed.deviations);
        assert_eq!(listed.entries.len(), 1);
        assert_eq!(listed.entries[0].id, odd);
    }

    #[test]
    fn every_vector_is_a_named_trial_and_every_ambiguity_that_one_tells_about() {
        let suite = Suite::new(|_: &str, relative: &str| relative.to_owned());
        let trials = suite.trials().unwrap();
        let names: Vec<&str> = trials.iter().map(|t| t.name()).collect();
        let corpus = crate::embedded();
        let ids: Vec<&str> = corpus.resolve.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(names[..ids.len()], ids);
        let readings: Vec<&str> = (Spec::Rfc1808)
            .registry()
            .iter()
            .map(|a| a.name)
            .filter(|name| {
                corpus
                    .resolve
                    .iter()
                    .any(|v| v.rfc1808().ambiguities().iter().any(|a| a.name == *name))
            })
            .collect();
        assert!(!readings.is_empty());
        let reading_trials: Vec<String> = readings.iter().map(|r| format!("reading/{r}")).collect();
        assert_eq!(names[ids.len()..], reading_trials);
        assert!(trials[ids.len()..].iter().all(|t| t.kind() == "reading"));
    }

    #[test]
    fn failures_pass_and_fail_as_listed() {
        let corpus = crate::embedded();
        let v = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let (g, scheme) = (v("rfc1808-5.1/g"), v("rfc1808-5.1/scheme"));
        let judged = |v: &ResolveVector, reason: Option<&str>, answer: Answer| {
            let listed = ExpectedFailures::new(reason.map(|r| (v.id.as_str(), r)));
            let verdict = listed.grade(v, &answer);
            (verdict, judge(v, &listed, verdict, &answer, None))
        };
        assert_eq!(
            judged(g, Some("echoes"), Answer::Resolved("g".into())),
            (Verdict::ExpectedFailure, Ok(()))
        );
        assert_eq!(
            judged(g, Some("echoes"), Answer::Rejected("no".into())),
            (Verdict::ExpectedFailure, Ok(()))
        );
        assert!(judged(g, None, Answer::Resolved("g".into())).1.is_err());
        assert_eq!(
            judged(scheme, Some("was broken"), Answer::Resolved("g:h".into()))
                .1
                .unwrap_err(),
            "unexpected pass: rfc1808-5.1/scheme is listed as an expected failure (was broken) but resolves to the expected \"g:h\"; remove the entry"
        );
        let (verdict, panicked) = judged(g, Some("echoes"), Answer::Error("panicked: boom".into()));
        assert_eq!(verdict, Verdict::Error, "a panic is not a listed failure");
        assert!(panicked.unwrap_err().ends_with(
            "  error:    panicked: boom\n  note:     listed as an expected failure (echoes), but expectations cover wrong answers, not errors\n"
        ));
        let suite = echo()
            .expect_failure("rfc1808-5.1/g", "echoes")
            .expect_failure("rfc1808-5.1/renamed", "gone");
        let trials = suite.trials().unwrap();
        let g = trials.iter().find(|t| t.name() == "rfc1808-5.1/g").unwrap();
        assert_eq!(g.kind(), "expected failure");
        let stale = trials.last().unwrap();
        assert_eq!(stale.name(), "expected-failure/rfc1808-5.1/renamed");
        assert_eq!(stale.kind(), "stale");
    }

    #[test]
    fn a_panic_is_an_error_listed_or_not() {
        let suite = Suite::new(|_: &str, relative: &str| -> String {
            assert!(relative != "g", "cannot take `g`");
            relative.to_owned()
        })
        .with_corpus(only("rfc1808-5.1/"))
        .expect_failure("rfc1808-5.1/g", "echoes");
        let failures = failures(&suite);
        let names: Vec<&str> = failures.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(failures.len(), 23, "22 echoes and the panic: {names:?}");
        let graded = suite.graded().unwrap();
        let (_, answer, verdict) = graded
            .iter()
            .find(|(v, _, _)| v.id == "rfc1808-5.1/g")
            .unwrap();
        assert_eq!(*verdict, Verdict::Error);
        assert_eq!(*answer, Answer::Error("panicked: cannot take `g`".into()));
        assert!(suite
            .summary()
            .unwrap()
            .starts_with("rfc1808 vectors under RFC 1808: FAILED. 1 passed; 22 failed; 0 expected failures; 0 unexpected passes; 1 errors\n"));
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
            listing_problems(&suite.corpus, &suite.plan().unwrap()),
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
                    "stale expectation `rfc1808-5.1/renamed` (.expect_failure): no vector has this id; remove the entry".to_owned()
                ),
            ]
        );
        let names: Vec<String> = suite
            .trials()
            .unwrap()
            .iter()
            .map(|t| t.name().to_owned())
            .collect();
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
    fn the_summary_counts_expected_failures_apart_and_gives_the_fingerprint() {
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
        let conclusion = libtest_mimic::run(&args, suite.trials().unwrap());
        // libtest's own line says `2 passed`.
        assert_eq!((conclusion.num_passed, conclusion.num_failed), (2, 0));
        assert_eq!(
            suite.summary().unwrap(),
            "rfc1808 vectors under RFC 1808: ok. 1 passed; 0 failed; 1 expected failures; 0 unexpected passes; 0 errors\n  \
             graded under RFC 1808; agrees with RFC 1808 1/2, RFC 2396 1/2, RFC 3986 1/2, the URL Standard 1/2\n  \
             follows RFC 1808 with no named deviation; 1 wrong answer unexplained"
        );
    }

    #[test]
    fn under_rfc3986_the_suite_grades_summarises_and_writes_by_its_answers() {
        let corpus = crate::embedded();
        let n = corpus.resolve.len();
        // The RFC 3986 reference passes every vector under RFC 3986.
        let suite = rfc3986_reference("", &[]);
        assert_eq!(failed(&suite), 0);
        let summary = suite.summary().unwrap();
        let lines: Vec<&str> = summary.lines().collect();
        assert_eq!(
            lines[0],
            format!("rfc1808 vectors under RFC 3986: ok. {n} passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors")
        );
        assert!(
            lines[1].starts_with("  graded under RFC 3986; agrees with RFC 1808 ")
                && lines[1].contains(&format!(", RFC 3986 {n}/{n}, the URL Standard ")),
            "{summary}"
        );
        assert!(lines[2..].iter().all(|l| l.starts_with("  reading ")));
        // Its file lists nothing and says it is for RFC 3986; under RFC
        // 1808 it fails, and its file says so with no `spec` key.
        let dir = scratch("rfc3986");
        let file = dir.join("rfc3986.toml");
        let written = suite.write_expectations(&file).unwrap();
        assert_eq!((written.added, written.errors), (0, 0));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.ends_with("spec = \"rfc3986\"\n# None: every vector passes.\n"),
            "{text}"
        );
        let under_rfc1808 = rfc3986_reference("", &[]).spec(Spec::Rfc1808);
        let rfc1808_file = dir.join("rfc1808.toml");
        let written = under_rfc1808.write_expectations(&rfc1808_file).unwrap();
        assert!(written.added > 0);
        let listed = Expectations::load(&rfc1808_file).unwrap();
        assert_eq!(listed.spec, Spec::Rfc1808);
        assert_eq!(
            listed.reason("rfc1808-5.2/too-many-dot-dot"),
            Some("got \"http://a/g\" (expected \"http://a/../g\")")
        );
        // Each file passes under its spec.
        let again = under_rfc1808.expectations_file(&rfc1808_file).unwrap();
        assert_eq!(failed(&again), 0);
        // Listed by id, or explained by a listed deviation.
        let expected = again
            .graded()
            .unwrap()
            .iter()
            .filter(|(_, _, verdict)| *verdict == Verdict::ExpectedFailure)
            .count();
        assert!(expected >= listed.entries.len());
        assert_eq!(
            written.added,
            listed.entries.len() + listed.deviations.len()
        );
        assert!(again.summary().unwrap().starts_with(&format!(
            "rfc1808 vectors under RFC 1808: ok. {} passed; 0 failed; {expected} expected failures;",
            n - expected,
        )));
    }

    #[test]
    fn an_expectations_file_for_another_spec_is_refused_with_the_cli_message() {
        let dir = scratch("other-spec");
        let file = dir.join("expected.toml");
        std::fs::write(
            &file,
            "[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"echoes\"\n",
        )
        .unwrap();
        // The spec may be given after the file: it is checked when the
        // suite runs.
        let suite = echo().expectations_file(&file).unwrap().spec(Spec::Rfc3986);
        let message = format!(
            "{}: the expected failures are under rfc1808 (it has no `spec` key), but the implementation is graded under rfc3986; give the file for rfc3986, or grade under rfc1808 with --spec",
            file.display()
        );
        assert_eq!(suite.trials().err().unwrap().to_string(), message);
        assert_eq!(suite.summary().unwrap_err().to_string(), message);
        assert_eq!(
            suite
                .write_expectations(dir.join("new.toml"))
                .unwrap_err()
                .to_string(),
            message
        );
        assert!(echo().expectations_file(&file).unwrap().trials().is_ok());
    }

    #[test]
    fn a_reading_holds_the_library_to_it_and_a_bad_name_lists_the_valid_ones() {
        let bad = rfc3986_reference("", &[]).reading("smae-scheme=strict");
        assert_eq!(
            bad.trials().err().unwrap().to_string(),
            ".reading(\"smae-scheme=strict\"): rfc3986: unknown ambiguity `smae-scheme`, expected one of `same-scheme`, `base-case`, `base-percent-encoding`, `base-dot-segments`, `base-port`, `base-empty-path`, `escaped-dots`, `double-slash-path`"
        );
        assert_eq!(
            echo().reading("empty-component=gone").trials().err().unwrap().to_string(),
            ".reading(\"empty-component=gone\"): ambiguity `empty-component` has no reading `gone`, expected one of `kept`, `absent`"
        );
        assert_eq!(
            echo()
                .reading("empty-component=kept")
                .reading("empty-component=absent")
                .trials()
                .err()
                .unwrap()
                .to_string(),
            ".reading(\"empty-component=kept,empty-component=absent\"): ambiguity `empty-component` is given twice"
        );
        // Non-strict throughout: a reading of RFC 3986, so it passes, unless
        // the suite holds it to strict.
        let corpus = crate::embedded();
        let telling: Vec<&ResolveVector> = corpus
            .resolve
            .iter()
            .filter(|v| {
                v.answers(Spec::Rfc3986)
                    .is_some_and(|a| a.ambiguities().iter().any(|a| a.name == "same-scheme"))
            })
            .collect();
        let loose = rfc3986_reference("same-scheme=non-strict", &[]);
        assert_eq!(failed(&loose), 0);
        assert!(loose.summary().unwrap().contains(&format!(
            "\n  reading same-scheme=non-strict ({} vectors)",
            telling.len()
        )));
        let held = rfc3986_reference("same-scheme=non-strict", &[]).reading("same-scheme=strict");
        let trials = held.trials().unwrap();
        let message = trials
            .iter()
            .find(|t| t.name() == telling[0].id)
            .map(|_| {
                let v = telling[0];
                let listed = ExpectedFailures::default()
                    .by_spec(Spec::Rfc3986)
                    .holding(Assignment::parse(Spec::Rfc3986, "same-scheme=strict").unwrap());
                let answer = Answer::Resolved(rfc3986::resolve_with(
                    v.base_or_empty(),
                    &v.relative,
                    "same-scheme=non-strict".parse().unwrap(),
                    rfc3986::DotSegments::Linear,
                ));
                mismatch(v, &listed, &answer, None).unwrap_err()
            })
            .unwrap();
        assert!(
            message.contains(
                "\n  reading:  same-scheme=non-strict, which this suite's .reading rules out\n"
            ),
            "{message}"
        );
        assert_eq!(failed(&held), telling.len());
        let summary = held.summary().unwrap();
        assert!(summary.starts_with("rfc1808 vectors under RFC 3986: FAILED."));
        assert!(
            summary.contains("\n  held to same-scheme=strict\n"),
            "{summary}"
        );
    }

    #[test]
    fn a_library_that_mixes_readings_fails_its_reading_test_unless_the_file_allows_it() {
        let corpus = crate::embedded();
        let first = corpus
            .resolve
            .iter()
            .find(|v| {
                v.answers(Spec::Rfc3986)
                    .is_some_and(|a| a.ambiguities().iter().any(|a| a.name == "same-scheme"))
            })
            .unwrap();
        let odd = [first.id.as_str()];
        let mixed = rfc3986_reference("same-scheme=non-strict", &odd);
        let trials = mixed.trials().unwrap();
        let reading = trials
            .iter()
            .find(|t| t.name() == "reading/same-scheme")
            .unwrap();
        assert_eq!(reading.kind(), "reading");
        let failures = failures(&mixed);
        assert_eq!(failures.len(), 1, "the reading test alone");
        assert_eq!(failures[0].0, "reading/same-scheme");
        let summary = mixed.summary().unwrap();
        assert!(
            summary.contains("0 errors; 1 inconsistent reading\n"),
            "{summary}"
        );
        assert!(
            summary.contains(&format!(
                "\n  reading same-scheme: inconsistent: non-strict on {}; strict on ",
                first.id
            )),
            "{summary}"
        );
        // The written file allows it, and then the suite passes.
        let dir = scratch("mixed");
        let file = dir.join("expected.toml");
        mixed.write_expectations(&file).unwrap();
        let allowed = Expectations::load(&file).unwrap();
        assert_eq!(allowed.inconsistent.len(), 1);
        assert_eq!(allowed.inconsistent[0].ambiguity, "same-scheme");
        let mixed = rfc3986_reference("same-scheme=non-strict", &odd)
            .expectations_file(&file)
            .unwrap();
        assert_eq!(failed(&mixed), 0);
        assert!(mixed
            .summary()
            .unwrap()
            .contains(" (allowed: non-strict on "));
        // A library consistent again fails the entry that allows it not to be.
        let consistent = rfc3986_reference("", &[]).expectations_file(&file).unwrap();
        assert_eq!(failed(&consistent), 1);
        let summary = consistent.summary().unwrap();
        assert!(
            summary.contains("; 1 stale inconsistent-reading entry\n"),
            "{summary}"
        );
        assert!(summary.contains("\n  reading same-scheme=strict ("));
        assert!(summary
            .contains(" but the expectations allow different readings (inconsistent-reading:"));
    }

    #[test]
    fn the_version_decides_which_entries_apply_and_is_written_for() {
        let dir = scratch("version");
        let file = dir.join("expected.toml");
        std::fs::write(
            &file,
            "spec = \"rfc3986\"\nwritten-for = [\"0.2.11\"]\n\n\
             [[expected-failure]]\nid = \"rfc3986-5.4.1/g\"\nreason = \"a bug of 0.2.11\"\nversions = \"0.2.11\"\n",
        )
        .unwrap();
        // Right everywhere but on `rfc3986-5.4.1/g`.
        let buggy = || {
            Suite::new(|base: &str, relative: &str| {
                if relative == "g" && base == "http://a/b/c/d;p?q" {
                    "http://a/g".to_owned()
                } else {
                    rfc3986::resolve(base, relative)
                }
            })
            .spec(Spec::Rfc3986)
            .expectations_file(&file)
            .unwrap()
        };
        let listed = buggy().version("0.2.11 (rustc 1.85.0)");
        assert_eq!(failed(&listed), 0);
        assert!(listed.summary().unwrap().contains("; 1 expected failures;"));
        let newer = buggy().version("0.2.12");
        assert_eq!(failed(&newer), 1);
        let summary = newer.summary().unwrap();
        assert!(
            summary.contains(
                "\n  expectations written for the library 0.2.11; this run has the library 0.2.12\n"
            ),
            "{summary}"
        );
        let none = buggy();
        assert_eq!(failed(&none), 1, "no version: the entry applies to none");
        assert!(none.summary().unwrap().contains(
            "\n  the library reports no version, so the 1 expectations that hold for some versions only apply to none\n"
        ));
        assert_eq!(
            buggy().version("next").trials().err().unwrap().to_string(),
            ".version(\"next\"): holds no version number; give one like \"0.2.11\""
        );
        // Written for 0.2.12 too, the entry holds for both.
        newer.write_expectations(&file).unwrap();
        let written = Expectations::load(&file).unwrap();
        assert_eq!(
            written.written_for,
            [Version::new(0, 2, 11), Version::new(0, 2, 12)]
        );
        assert_eq!(written.entries.len(), 1);
        assert!(written.entries[0]
            .versions
            .as_ref()
            .is_some_and(|v| v.matches(&Version::new(0, 2, 12))));
        assert_eq!(failed(&buggy().version("0.2.12")), 0);
    }

    #[test]
    fn the_generator_writes_the_failures_and_keeps_what_was_written_by_hand() {
        let dir = scratch("generator");
        let file = dir.join("expected.toml");
        let only_5_1 = |suite: Suite| suite.with_corpus(only("rfc1808-5.1/"));
        let suite = only_5_1(echo().expect_failure("rfc1808-5.1/g", "echoes by design"));
        assert_eq!(
            suite.write_expectations(&file).unwrap(),
            Written {
                kept: 1,
                added: 22,
                dropped: 0,
                errors: 0,
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
        assert!(listing_problems(&suite.corpus, &suite.plan().unwrap()).is_empty());
        assert_eq!(failed(&suite), 0);
        assert_eq!(
            suite.write_expectations(&file).unwrap(),
            Written {
                kept: 23,
                added: 0,
                dropped: 0,
                errors: 0,
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
        // A file it names that does not exist yet lists nothing; another
        // is an error.
        let missing = dir.join("missing.toml");
        let first_run = echo().expectations_file(&missing);
        std::env::set_var(WRITE_ENV, &missing);
        let suite_to_write = echo().expectations_file(&missing);
        std::env::remove_var(WRITE_ENV);
        assert!(first_run.is_err());
        assert!(suite_to_write.unwrap().plan().unwrap().listed.is_empty());
        let written = Expectations::load(&file).unwrap();
        assert_eq!(written.reason("rfc1808-5.1/g"), Some("echoes"));
        assert_eq!(written.reason("rfc1808-5.1/scheme"), None, "it passes");
        assert_eq!(
            line.unwrap(),
            Some(format!(
                "rfc1808: wrote {} (RFC1808_WRITE_EXPECTATIONS): 1 kept, {} added, 0 dropped",
                file.display(),
                written.entries.len() + written.deviations.len() - 1
            ))
        );
        assert_eq!(
            suite.write_requested().unwrap(),
            None,
            "unset: nothing written"
        );
    }

    #[test]
    fn messages_show_the_case_the_first_difference_and_the_specs_that_answer_so() {
        let corpus = crate::embedded();
        let v = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let g = v("rfc1808-5.1/g");
        assert_eq!(check(g, Ok("http://a/b/c/g".into())), Ok(()));
        assert_eq!(
            check(g, Ok("http://a/g".into())).unwrap_err(),
            "rfc1808-5.1/g (vectors/rfc1808.toml:14)
  base:     \"http://a/b/c/d;p?q#f\"
  relative: \"g\"
  expected: \"http://a/b/c/g\"
  got:      \"http://a/g\"
                      ^
  spec:     answers as none
"
        );
        assert!(check(g, Err("bad".into())).unwrap_err().ends_with(
            "  expected: \"http://a/b/c/g\"\n  rejected: bad\n  spec:     answers as none\n"
        ));
        // Under RFC 3986, its answer is expected, and RFC 1808's is named.
        let dots = v("rfc1808-5.2/too-many-dot-dot");
        let rfc3986 = ExpectedFailures::default().by_spec(Spec::Rfc3986);
        let message = mismatch(
            dots,
            &rfc3986,
            &Answer::Resolved("http://a/../g".into()),
            None,
        )
        .unwrap_err();
        assert!(
            message.contains("  expected: \"http://a/g\"\n  got:      \"http://a/../g\"\n")
                && message
                    .contains("  spec:     answers as RFC 1808; as RFC 2396, above-root=kept\n"),
            "{message}"
        );
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
