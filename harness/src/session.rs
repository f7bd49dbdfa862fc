//! A run of several implementations: the vectors a filter selects, put
//! through each implementation on its own thread, graded against each one's
//! expected failures, and gathered into one [`Report`].
//!
//! ```no_run
//! use rfc1808_harness::filter::Filter;
//! use rfc1808_harness::session::Session;
//! use rfc1808_resolver::Step6;
//!
//! let corpus = rfc1808_vectors::embedded();
//! let mut session = Session::new(&corpus, Filter::default())?;
//! session.add_reference(Step6::default());
//! let report = session.run()?;
//! assert!(report.ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rfc1808_resolver::Step6;
use rfc1808_vectors::grade::Verdict;
use rfc1808_vectors::{Assignment, Corpus, LoadError, ResolveVector, Spec};

use crate::command_line;
use crate::expectations::{self, Expectations};
use crate::filter::{Filter, UnmatchedPattern};
use crate::implementation::{ImplSpec, Implementation};
use crate::reference::Reference;
use crate::report::{Format, ImplReport, ParseResult, Report};
use crate::runner;
use crate::subprocess::{self, StartError};

/// What a session runs: the reference resolver or a subprocess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// The in-process reference resolver with this Step 6.
    Reference(Step6),
    /// A subprocess implementation.
    Subprocess(ImplSpec),
}

impl Entrant {
    /// The name used in reports and in `NAME=...` flags.
    pub fn name(&self) -> String {
        match self {
            Entrant::Reference(step6) => Reference::new(*step6).name().to_owned(),
            Entrant::Subprocess(spec) => spec.name.clone(),
        }
    }
}

/// An entrant with the expected failures it is graded against.
#[derive(Debug)]
struct Planned {
    entrant: Entrant,
    expectations_file: Option<PathBuf>,
    /// `None` until [`Session::load_expectations`] reads the file.
    expectations: Option<Expectations>,
    loaded: bool,
}

/// Implementations, the vectors a filter selects, and expectations.
#[derive(Debug)]
pub struct Session<'c> {
    corpus: &'c Corpus,
    filter: Filter,
    vectors_dir: Option<PathBuf>,
    planned: Vec<Planned>,
    /// The readings every implementation is held to.
    held: Assignment,
    /// The spec whose answers grade (`rfc1808 run --spec`).
    spec: Spec,
}

impl<'c> Session<'c> {
    /// A session over the vectors of `corpus` that `filter` selects, with no
    /// implementation yet. Every pattern of `filter` must match a vector.
    pub fn new(corpus: &'c Corpus, filter: Filter) -> Result<Self, UnmatchedPattern> {
        filter.check(corpus)?;
        Ok(Session {
            corpus,
            filter,
            vectors_dir: None,
            planned: Vec::new(),
            held: Assignment::none(),
            spec: Spec::Rfc1808,
        })
    }

    /// Says that the corpus was read from `dir`, for the rerun lines.
    pub fn set_vectors_dir(&mut self, dir: &Path) {
        self.vectors_dir = Some(dir.to_owned());
    }

    /// Holds every implementation to the readings `held` names
    /// (`rfc1808 run --reading`): an answer under another reading of those
    /// ambiguities fails. The reference resolver runs under them.
    pub fn hold(&mut self, held: Assignment) {
        self.held = held;
    }

    /// Grades by `spec`'s answers rather than RFC 1808's, and runs the
    /// reference resolver of `spec` (`rfc1808 run --spec`). Readings held
    /// with [`Session::hold`] must be `spec`'s.
    pub fn by_spec(&mut self, spec: Spec) {
        self.spec = spec;
    }

    /// Adds the reference resolver. Parse vectors run when it runs.
    pub fn add_reference(&mut self, step6: Step6) {
        self.add_entrant(Entrant::Reference(step6), None);
    }

    /// Adds a subprocess implementation, graded against the expectations
    /// file its spec names, if any.
    pub fn add(&mut self, spec: ImplSpec) {
        let file = spec.expectations.clone();
        self.add_entrant(Entrant::Subprocess(spec), file);
    }

    fn add_entrant(&mut self, entrant: Entrant, expectations_file: Option<PathBuf>) {
        self.planned.push(Planned {
            entrant,
            expectations_file,
            expectations: None,
            loaded: false,
        });
    }

    /// The names of the implementations, in the order they were added.
    pub fn names(&self) -> Vec<String> {
        self.planned.iter().map(|p| p.entrant.name()).collect()
    }

    /// The position of the implementation `name`.
    pub fn position(&self, name: &str) -> Result<usize, UnknownName> {
        self.planned
            .iter()
            .position(|p| p.entrant.name() == name)
            .ok_or_else(|| UnknownName {
                name: name.to_owned(),
                names: self.names(),
            })
    }

    /// Grades implementation `name` against the expectations `file`
    /// instead of the one its spec names.
    pub fn set_expectations(&mut self, name: &str, file: PathBuf) -> Result<(), UnknownName> {
        let at = self.position(name)?;
        let planned = &mut self.planned[at];
        planned.expectations_file = Some(file);
        planned.loaded = false;
        Ok(())
    }

    /// Reads the expectations files that are not read yet. [`Session::run`]
    /// does this too; calling it first reports a bad file before anything
    /// starts.
    pub fn load_expectations(&mut self) -> Result<(), LoadError> {
        for p in self.planned.iter_mut().filter(|p| !p.loaded) {
            p.expectations = p
                .expectations_file
                .as_deref()
                .map(Expectations::load)
                .transpose()?;
            p.loaded = true;
        }
        Ok(())
    }

    /// Starts every implementation, runs the selected vectors through each
    /// on its own thread, and grades the answers.
    pub fn run(&mut self) -> Result<Report<'c>, SessionError> {
        self.load_expectations()
            .map_err(SessionError::Expectations)?;
        let reference_runs = self
            .planned
            .iter()
            .any(|p| matches!(p.entrant, Entrant::Reference(_)));
        let resolve = self.filter.resolve(self.corpus);
        let parse = if reference_runs {
            self.filter.parse(self.corpus)
        } else {
            Vec::new()
        };
        if resolve.is_empty() && parse.is_empty() {
            return Err(SessionError::NoVector { reference_runs });
        }
        let mut started = Vec::with_capacity(self.planned.len());
        for p in &self.planned {
            started.push(self.start(&p.entrant)?);
        }
        let answered = run_all(&resolve, &mut started);
        let mut report = Report {
            vectors: self.corpus.digest,
            ..Report::default()
        };
        for ((results, info, elapsed), p) in answered.into_iter().zip(&self.planned) {
            let name = results.name.clone();
            let (results, stale) = expectations::grade_by(
                results,
                p.expectations.as_ref(),
                self.corpus,
                self.spec,
                self.held.clone(),
            );
            report.implementations.push(ImplReport {
                name,
                info,
                spec: match &p.entrant {
                    Entrant::Subprocess(spec) => Some(spec.clone()),
                    Entrant::Reference(_) => None,
                },
                expectations: p
                    .expectations_file
                    .as_ref()
                    .map(|f| f.display().to_string()),
                rerun: self.rerun(p),
                results,
                stale,
                elapsed,
                allowed_inconsistent: p
                    .expectations
                    .as_ref()
                    .map(|e| e.inconsistent.clone())
                    .unwrap_or_default(),
            });
        }
        if !parse.is_empty() {
            report.parse = Some(
                parse
                    .iter()
                    .map(|&vector| ParseResult {
                        vector,
                        mismatch: runner::check_parse(vector).err(),
                    })
                    .collect(),
            );
        }
        Ok(report)
    }

    fn start(&self, entrant: &Entrant) -> Result<Box<dyn Implementation + Send>, SessionError> {
        Ok(match entrant {
            Entrant::Reference(step6) => {
                Box::new(Reference::new(*step6).by_spec(self.spec, &self.held))
            }
            Entrant::Subprocess(spec) => subprocess::spawn(spec).map_err(SessionError::Start)?,
        })
    }

    fn rerun(&self, planned: &Planned) -> String {
        let dir = self.vectors_dir.as_deref();
        let file = planned.expectations_file.as_deref();
        let mut rerun = match &planned.entrant {
            Entrant::Reference(step6) => command_line::rerun_reference(dir, *step6, file),
            Entrant::Subprocess(spec) => command_line::rerun_subprocess(dir, spec, file),
        };
        for (a, r) in self.held.pairs() {
            rerun += &format!(
                " --reading {}",
                command_line::quote(&format!("{}={}", a.name, r.name))
            );
        }
        rerun
    }

    /// Writes the expectations file `file` for the implementation at `at`
    /// of `report` (see [`expectations::rewrite`]). The entries, comments
    /// and reasons of `file` are kept where they still hold, or else those
    /// of the expectations file the run was graded against.
    pub fn write_expectations(
        &self,
        report: &Report<'_>,
        at: usize,
        file: &Path,
    ) -> Result<Written, SessionError> {
        let imp = &report.implementations[at];
        let from = if file.exists() {
            Some(file)
        } else {
            self.planned[at].expectations_file.as_deref()
        };
        let existing = from
            .map(LoadError::read)
            .transpose()
            .map_err(SessionError::Expectations)?;
        let rewritten = expectations::rewrite(
            &imp.results,
            existing
                .as_ref()
                .map(|(name, text)| (name.as_str(), text.as_str())),
            self.corpus,
        )
        .map_err(SessionError::Expectations)?;
        std::fs::write(file, &rewritten.text).map_err(|error| SessionError::Write {
            what: "expectations",
            file: file.to_owned(),
            error,
        })?;
        Ok(Written {
            kept: rewritten.kept,
            added: rewritten.added,
            dropped: rewritten.dropped,
            errors: imp.count(Verdict::Error),
        })
    }
}

/// What [`Session::write_expectations`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Entries of the old file that stay: still failing, or not decided by
    /// this run.
    pub kept: usize,
    /// New failures.
    pub added: usize,
    /// Old entries for vectors that now pass, or that name no vector.
    pub dropped: usize,
    /// Errors left out, since expectations cover wrong answers only.
    pub errors: usize,
}

/// Runs `vectors` through each implementation, each on its own thread so
/// that a slow adapter does not hold up the others.
fn run_all<'c>(
    vectors: &[&'c ResolveVector],
    implementations: &mut [Box<dyn Implementation + Send>],
) -> Vec<(runner::ImplResults<'c>, Option<crate::Info>, Duration)> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = implementations
            .iter_mut()
            .map(|implementation| {
                scope.spawn(move || {
                    let start = Instant::now();
                    let results = runner::run(vectors, implementation.as_mut());
                    let elapsed = start.elapsed();
                    (results, implementation.info().cloned(), elapsed)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("an implementation thread does not panic"))
            .collect()
    })
}

/// Writes `report` in `format` to `file`.
pub fn write_report(report: &Report<'_>, format: Format, file: &Path) -> Result<(), SessionError> {
    std::fs::write(file, format.render(report, false)).map_err(|error| SessionError::Write {
        what: "report",
        file: file.to_owned(),
        error,
    })
}

/// Checks, before a run, that the `what` file `file` (a report, an
/// expectations file) can be written, so that a bad path is found in a
/// second rather than after the whole run. Nothing is left behind: a file
/// that did not exist is removed again, and one that did is not changed.
pub fn check_writable(what: &'static str, file: &Path) -> Result<(), SessionError> {
    let error = |error| SessionError::Write {
        what,
        file: file.to_owned(),
        error,
    };
    let existed = file.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(file)
        .map_err(error)?;
    if !existed {
        std::fs::remove_file(file).map_err(error)?;
    }
    Ok(())
}

/// A name that is not one of the session's implementations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub name: String,
    /// The names there are.
    pub names: Vec<String>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no implementation is named `{}` in this run (there are: {})",
            self.name,
            self.names.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Why a session could not run or write its files.
#[derive(Debug)]
pub enum SessionError {
    /// The filter selects no vector that the implementations run.
    NoVector { reference_runs: bool },
    /// An expectations file could not be read.
    Expectations(LoadError),
    /// An implementation did not start.
    Start(StartError),
    /// A report or expectations file could not be written.
    Write {
        what: &'static str,
        file: PathBuf,
        error: io::Error,
    },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::NoVector {
                reference_runs: true,
            } => f.write_str("the filters select no vector"),
            SessionError::NoVector {
                reference_runs: false,
            } => f.write_str(
                "the filters select no resolve vector (parse vectors run on the reference resolver only)",
            ),
            SessionError::Expectations(e) => e.fmt(f),
            SessionError::Start(e) => e.fmt(f),
            SessionError::Write { what, file, error } => {
                write!(f, "cannot write the {what} {}: {error}", file.display())
            }
        }
    }
}

impl std::error::Error for SessionError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Protocol;

    fn spec(name: &str) -> ImplSpec {
        ImplSpec {
            name: name.to_owned(),
            command: vec!["/nonexistent/adapter".to_owned()],
            protocol: Protocol::Argv,
            timeout: ImplSpec::DEFAULT_TIMEOUT,
            expectations: None,
        }
    }

    #[test]
    fn the_reference_runs_resolve_and_parse_vectors() {
        let corpus = rfc1808_vectors::embedded();
        let mut session = Session::new(&corpus, Filter::default()).unwrap();
        session.add_reference(Step6::StringPattern);
        session.set_vectors_dir(Path::new("vectors"));
        assert_eq!(session.names(), ["reference-string"]);
        let report = session.run().unwrap();
        assert!(report.ok());
        let imp = &report.implementations[0];
        assert_eq!(imp.results.len(), corpus.resolve.len());
        assert_eq!(imp.rerun, "rfc1808 run --vectors vectors --step6 string");
        assert_eq!(report.parse.unwrap().len(), corpus.parse.len());
    }

    #[test]
    fn flags_name_implementations_of_the_session() {
        let corpus = rfc1808_vectors::embedded();
        let mut session = Session::new(&corpus, Filter::default()).unwrap();
        session.add(spec("py"));
        session.add(spec("js"));
        assert_eq!(session.position("js"), Ok(1));
        assert_eq!(
            session
                .set_expectations("rb", PathBuf::from("rb.toml"))
                .unwrap_err()
                .to_string(),
            "no implementation is named `rb` in this run (there are: py, js)"
        );
    }

    #[test]
    fn a_filter_that_leaves_nothing_to_run_is_an_error_before_anything_starts() {
        let corpus = rfc1808_vectors::embedded();
        let parse_only = Filter {
            ids: vec![format!("{}*", corpus.parse[0].id)],
            ..Filter::default()
        };
        let mut session = Session::new(&corpus, parse_only).unwrap();
        session.add(spec("py"));
        assert_eq!(
            session.run().unwrap_err().to_string(),
            "the filters select no resolve vector (parse vectors run on the reference resolver only)"
        );
        let bad = Filter {
            tags: vec!["no-such-tag".to_owned()],
            ..Filter::default()
        };
        assert_eq!(
            Session::new(&corpus, bad).unwrap_err().to_string(),
            "--tag `no-such-tag`: no vector has the tag"
        );
    }
}
