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
//!
//! Each implementation is graded under one spec: the one
//! [`Session::grade_under`] names, else [`Session::by_spec`]'s, else its
//! [`ImplSpec::spec`], else the one its `jsonl` handshake claims, else RFC
//! 1808.
//!
//! ```no_run
//! use rfc1808_harness::filter::Filter;
//! use rfc1808_harness::session::Session;
//! use rfc1808_harness::{ImplSpec, Protocol};
//! use rfc1808_vectors::Spec;
//!
//! let corpus = rfc1808_vectors::embedded();
//! let mut session = Session::new(&corpus, Filter::default())?;
//! session.add(ImplSpec::new(
//!     "py",
//!     ["python3", "adapters/cpython-urllib.py"],
//!     Protocol::Jsonl,
//! ));
//! session.grade_under("py", Spec::Rfc3986)?;
//! let report = session.run()?;
//! // "claims RFC 3986; graded under RFC 3986; agrees with RFC 1808 ..."
//! println!("{}", report.implementations[0].describe_spec());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rfc1808_resolver::Step6;
use rfc1808_vectors::expectations::Drift;
/// What [`Session::write_expectations`] wrote.
pub use rfc1808_vectors::expectations::Written;
use rfc1808_vectors::files;
use rfc1808_vectors::grade::Verdict;
use rfc1808_vectors::versions::library_version;
use rfc1808_vectors::{Assignment, Corpus, LoadError, ResolveVector, Spec};

use crate::command_line;
use crate::corpus::VectorSource;
use crate::expectations::{self, Expectations, Graded, Inconsistent};
use crate::filter::{Filter, UnmatchedPattern};
use crate::fuzz;
use crate::implementation::{ExpectationsFiles, ImplSpec, Implementation, Protocol};
use crate::reference::Reference;
use crate::report::{Format, ImplReport, ParseResult, Report};
use crate::runner;
use crate::subprocess::{self, StartError};

/// What a session runs: the reference resolver or a subprocess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolver {
    /// The in-process reference resolver with this Step 6.
    Reference(Step6),
    /// A subprocess implementation.
    Subprocess(ImplSpec),
}

impl Resolver {
    /// The name used in reports and in `NAME=...` flags.
    pub fn name(&self) -> String {
        match self {
            Resolver::Reference(step6) => Reference::new(*step6).name().to_owned(),
            Resolver::Subprocess(spec) => spec.name.clone(),
        }
    }
}

/// A resolver, the spec it is graded under and its expected failures.
#[derive(Debug)]
struct Planned {
    resolver: Resolver,
    /// The spec [`Session::grade_under`] (`--spec NAME=S`) names.
    named_spec: Option<Spec>,
    /// The file [`Session::set_expectations`] (`--expectations NAME=FILE`)
    /// names, in place of its config's.
    expectations_flag: Option<PathBuf>,
    /// Files read so far, so that each is read once.
    read: Vec<(PathBuf, Expectations)>,
    /// The file the run writes its failures to
    /// ([`Session::will_write_expectations`]), which it may be graded
    /// against before it exists.
    writes: Option<PathBuf>,
}

/// Implementations, the vectors a filter selects, and expectations.
#[derive(Debug)]
pub struct Session<'c> {
    corpus: &'c Corpus,
    filter: Filter,
    /// Where the corpus was read from, for the rerun lines.
    vectors: VectorSource,
    planned: Vec<Planned>,
    /// The readings every implementation is held to, as given
    /// (`AMBIGUITY=READING,...`): each is read against the registry of the
    /// spec the implementation is graded under.
    held: String,
    /// The spec of every implementation not named
    /// (`rfc1808 run --spec S`).
    spec: Option<Spec>,
}

impl<'c> Session<'c> {
    /// A session over the vectors of `corpus` that `filter` selects, with no
    /// implementation yet. Every pattern of `filter` must match a vector.
    pub fn new(corpus: &'c Corpus, filter: Filter) -> Result<Self, UnmatchedPattern> {
        filter.check(corpus)?;
        Ok(Session {
            corpus,
            filter,
            vectors: VectorSource::default(),
            planned: Vec::new(),
            held: String::new(),
            spec: None,
        })
    }

    /// Says that the corpus was read from `dir`, for the rerun lines.
    pub fn set_vectors_dir(&mut self, dir: &Path) {
        self.vectors.dir = Some(dir.to_owned());
    }

    /// Says where the corpus was read from, for the rerun lines: a
    /// directory and vector files added ([`VectorSource`]).
    pub fn set_vectors(&mut self, vectors: VectorSource) {
        self.vectors = vectors;
    }

    /// Holds every implementation to the readings `readings` names
    /// (`AMBIGUITY=READING,...`, `rfc1808 run --reading`): an answer under
    /// another reading of those ambiguities fails. They are readings of the
    /// spec each implementation is graded under; one that is not is an
    /// error when the session runs. The reference resolver runs under them.
    pub fn hold(&mut self, readings: &str) {
        self.held = readings.to_owned();
    }

    /// Grades every implementation by `spec`'s answers rather than RFC
    /// 1808's, and runs the reference resolver of `spec` (`rfc1808 run
    /// --spec S`), except those [`Session::grade_under`] names.
    pub fn by_spec(&mut self, spec: Spec) {
        self.spec = Some(spec);
    }

    /// Grades the implementation `name` by `spec`'s answers (`rfc1808 run
    /// --spec NAME=S`), whatever [`Session::by_spec`], its config or its
    /// handshake say.
    pub fn grade_under(&mut self, name: &str, spec: Spec) -> Result<(), UnknownName> {
        let at = self.position(name)?;
        self.planned[at].named_spec = Some(spec);
        Ok(())
    }

    /// Adds the reference resolver. Parse vectors run when it runs.
    pub fn add_reference(&mut self, step6: Step6) {
        self.add_resolver(Resolver::Reference(step6));
    }

    /// Adds a subprocess implementation, graded under the spec and against
    /// the expectations its spec names, if any.
    pub fn add(&mut self, spec: ImplSpec) {
        self.add_resolver(Resolver::Subprocess(spec));
    }

    fn add_resolver(&mut self, resolver: Resolver) {
        self.planned.push(Planned {
            resolver,
            named_spec: None,
            expectations_flag: None,
            read: Vec::new(),
            writes: None,
        });
    }

    /// The names of the implementations, in the order they were added.
    pub fn names(&self) -> Vec<String> {
        self.planned.iter().map(|p| p.resolver.name()).collect()
    }

    /// The position of the implementation `name`.
    pub fn position(&self, name: &str) -> Result<usize, UnknownName> {
        self.planned
            .iter()
            .position(|p| p.resolver.name() == name)
            .ok_or_else(|| UnknownName {
                name: name.to_owned(),
                names: self.names(),
            })
    }

    /// Grades implementation `name` against the expectations `file`
    /// instead of the one its spec names.
    pub fn set_expectations(&mut self, name: &str, file: PathBuf) -> Result<(), UnknownName> {
        let at = self.position(name)?;
        self.planned[at].expectations_flag = Some(file);
        Ok(())
    }

    /// Says that the run will write the failures of the implementation
    /// `name` to `file` ([`Session::write_expectations`]). If that is the
    /// expectations file it is graded against and it does not exist yet, it
    /// is graded against none, rather than stopped: the first run of a new
    /// config creates the file its `expectations` names.
    pub fn will_write_expectations(&mut self, name: &str, file: &Path) -> Result<(), UnknownName> {
        let at = self.position(name)?;
        self.planned[at].writes = Some(file.to_owned());
        Ok(())
    }

    /// Whether `file` is the one the implementation at `at` writes, and not
    /// there yet.
    fn written_later(&self, at: usize, file: &Path) -> bool {
        !file.exists()
            && self.planned[at]
                .writes
                .as_deref()
                .is_some_and(|w| files::same_file(w, file))
    }

    /// The spec the implementation at `at` is graded under, when it is
    /// known before it starts: `None` for one whose `jsonl` handshake
    /// decides.
    fn spec_before_start(&self, at: usize) -> Option<Spec> {
        let p = &self.planned[at];
        p.named_spec.or(self.spec).or(match &p.resolver {
            Resolver::Reference(_) => Some(Spec::Rfc1808),
            Resolver::Subprocess(spec) if spec.protocol == Protocol::Jsonl => spec.spec,
            Resolver::Subprocess(spec) => Some(spec.spec.unwrap_or_default()),
        })
    }

    /// The spec the implementation at `at` is graded under, given what it
    /// said of itself: `--spec NAME=S`, `--spec S`, its config's `spec`,
    /// the spec its handshake claims, RFC 1808.
    fn graded_under(&self, at: usize, info: Option<&crate::Info>) -> Spec {
        self.spec_before_start(at)
            .or_else(|| info.and_then(crate::Info::claimed_spec))
            .unwrap_or_default()
    }

    /// The expectations file of the implementation at `at` for grading
    /// under `spec`, if any.
    fn expectations_file(&self, at: usize, spec: Spec) -> Option<PathBuf> {
        let p = &self.planned[at];
        match (&p.expectations_flag, &p.resolver) {
            (Some(file), _) => Some(file.clone()),
            (None, Resolver::Subprocess(imp)) => imp.expectations_for(spec).map(Path::to_owned),
            (None, Resolver::Reference(_)) => None,
        }
    }

    /// The files the implementation at `at` may be graded against before
    /// it starts: the one for its spec, or when its handshake decides, a
    /// file given for any spec (read now so that a bad one is found before
    /// anything starts, its spec checked once the handshake is in).
    fn files_before_start(&self, at: usize) -> Vec<PathBuf> {
        if let Some(spec) = self.spec_before_start(at) {
            return self.expectations_file(at, spec).into_iter().collect();
        }
        let p = &self.planned[at];
        match (&p.expectations_flag, &p.resolver) {
            (Some(file), _) => vec![file.clone()],
            (None, Resolver::Subprocess(imp)) => match &imp.expectations {
                Some(ExpectationsFiles::One(file)) => vec![file.clone()],
                Some(ExpectationsFiles::BySpec(_)) | None => Vec::new(),
            },
            (None, Resolver::Reference(_)) => Vec::new(),
        }
    }

    /// Reads `file` for the implementation at `at`, once.
    fn read(&mut self, at: usize, file: &Path) -> Result<&Expectations, LoadError> {
        let read = &mut self.planned[at].read;
        let i = match read.iter().position(|(f, _)| f == file) {
            Some(i) => i,
            None => {
                read.push((file.to_owned(), Expectations::load(file)?));
                read.len() - 1
            }
        };
        Ok(&read[i].1)
    }

    /// The expected failures of the implementation at `at` graded under
    /// `spec`, read if they are not yet, and checked to be `spec`'s.
    fn expectations_under(
        &mut self,
        at: usize,
        spec: Spec,
    ) -> Result<Option<Expectations>, LoadError> {
        let Some(file) = self.expectations_file(at, spec) else {
            return Ok(None);
        };
        if self.written_later(at, &file) {
            return Ok(None);
        }
        let expectations = self.read(at, &file)?;
        expectations.check_spec(spec)?;
        Ok(Some(expectations.clone()))
    }

    /// Reads the expectations files that are not read yet, and checks the
    /// readings held and the spec of each file, where the spec an
    /// implementation is graded under is known before it starts.
    /// [`Session::run`] does this too; calling it first reports a bad file
    /// before anything starts.
    pub fn load_expectations(&mut self) -> Result<(), SessionError> {
        for at in 0..self.planned.len() {
            for file in self.files_before_start(at) {
                if !self.written_later(at, &file) {
                    self.read(at, &file).map_err(SessionError::Expectations)?;
                }
            }
            if let Some(spec) = self.spec_before_start(at) {
                self.expectations_under(at, spec)
                    .map_err(SessionError::Expectations)?;
                self.held_under(at, spec)?;
            }
        }
        Ok(())
    }

    /// The readings held, as readings of `spec`, the spec the
    /// implementation at `at` is graded under.
    fn held_under(&self, at: usize, spec: Spec) -> Result<Assignment, SessionError> {
        Assignment::parse(spec, &self.held).map_err(|why| SessionError::Reading {
            // Named when it is graded under another spec than the run's.
            name: (spec != self.spec.unwrap_or_default()).then(|| self.planned[at].resolver.name()),
            spec,
            why,
        })
    }

    /// Starts every implementation, runs the selected vectors through each
    /// on its own thread, and grades the answers, each implementation under
    /// its spec.
    pub fn run(&mut self) -> Result<Report<'c>, SessionError> {
        self.load_expectations()?;
        let reference_runs = self
            .planned
            .iter()
            .any(|p| matches!(p.resolver, Resolver::Reference(_)));
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
        let mut graded = Vec::with_capacity(self.planned.len());
        for at in 0..self.planned.len() {
            let (implementation, grading) = self.start_graded(at)?;
            started.push(implementation);
            graded.push(grading);
        }
        let answered = run_all(&resolve, &mut started);
        let mut report = Report {
            vectors: self.corpus.digest,
            ..Report::default()
        };
        for (at, (answered, grading)) in answered.into_iter().zip(graded).enumerate() {
            let implementation = self.report_of(at, answered, grading);
            report.implementations.push(implementation);
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

    /// Starts the implementation at `at`, and decides how it is graded.
    fn start_graded(
        &mut self,
        at: usize,
    ) -> Result<(Box<dyn Implementation + Send>, Grading), SessionError> {
        let implementation = self.start(at)?;
        // A handshake may have decided the spec: its expectations and
        // readings are checked now, before any case runs.
        let spec = self.graded_under(at, implementation.info());
        let expectations = self
            .expectations_under(at, spec)
            .map_err(SessionError::Expectations)?;
        let held = self.held_under(at, spec)?;
        let version = implementation
            .info()
            .and_then(|info| library_version(&info.implementation_version));
        let drift = expectations
            .as_ref()
            .and_then(|e| e.drift(version.as_ref()));
        let expectations = expectations.map(|e| e.applying_to(version.as_ref()));
        let grading = Grading {
            spec,
            expectations,
            drift,
            held,
        };
        Ok((implementation, grading))
    }

    /// The report of the implementation at `at`, its answers graded.
    fn report_of(&self, at: usize, answered: Answered<'c>, grading: Grading) -> ImplReport<'c> {
        let (results, info, elapsed) = answered;
        let Grading {
            spec,
            expectations,
            drift,
            held,
        } = grading;
        let name = results.name.clone();
        let (results, stale) =
            expectations::grade_by(results, expectations.as_ref(), self.corpus, spec, held);
        let allowed = expectations.map(|e| e.inconsistent).unwrap_or_default();
        let allowed_inconsistent = self.allowed_inconsistent(allowed, spec, &results);
        let file = self.expectations_file(at, spec);
        ImplReport {
            name,
            rerun: self.rerun(at, spec, file.as_deref(), info.as_ref()),
            info,
            spec: match &self.planned[at].resolver {
                Resolver::Subprocess(spec) => Some(spec.clone()),
                Resolver::Reference(_) => None,
            },
            graded_under: spec,
            expectations: file.map(|f| f.display().to_string()),
            results,
            stale,
            elapsed,
            allowed_inconsistent,
            drift,
        }
    }

    /// The mixings of readings `allowed` that the report lists: all of
    /// them in a full run, and in a run of some of the vectors, which need
    /// not meet the mixing an entry allows, those it met (such an entry is
    /// stale only in a full run).
    fn allowed_inconsistent(
        &self,
        mut allowed: Vec<Inconsistent>,
        spec: Spec,
        results: &[Graded<'_>],
    ) -> Vec<Inconsistent> {
        if self.filter.resolve(self.corpus).len() < self.corpus.resolve.len() {
            let told = rfc1808_vectors::grade::reading_reports(
                spec,
                &expectations::followed(results),
                &[],
            );
            allowed.retain(|a| {
                told.iter().any(|r| {
                    r.ambiguity.name == a.ambiguity
                        && matches!(
                            r.following,
                            rfc1808_vectors::readings::Following::Inconsistent(_)
                        )
                })
            });
        }
        allowed
    }

    fn start(&self, at: usize) -> Result<Box<dyn Implementation + Send>, SessionError> {
        Ok(match &self.planned[at].resolver {
            Resolver::Reference(step6) => {
                let spec = self.graded_under(at, None);
                let held = self.held_under(at, spec)?;
                Box::new(Reference::new(*step6).by_spec(spec, &held))
            }
            Resolver::Subprocess(spec) => subprocess::spawn(spec).map_err(SessionError::Start)?,
        })
    }

    /// The command that reruns the implementation at `at` alone, graded
    /// under `spec` against `file`.
    fn rerun(
        &self,
        at: usize,
        spec: Spec,
        file: Option<&Path>,
        info: Option<&crate::Info>,
    ) -> String {
        let vectors = &self.vectors;
        let planned = &self.planned[at];
        let mut rerun = match &planned.resolver {
            Resolver::Reference(step6) => command_line::rerun_reference(vectors, *step6, file),
            Resolver::Subprocess(imp) => command_line::rerun_subprocess(vectors, imp, file),
        };
        rerun += &command_line::spec_flag(spec, info.and_then(crate::Info::claimed_spec));
        if !self.held.trim().is_empty() {
            let held = Assignment::parse(spec, &self.held).unwrap_or_default();
            for (a, r) in held.pairs() {
                rerun += &format!(
                    " --reading {}",
                    command_line::quote(&format!("{}={}", a.name, r.name))
                );
            }
        }
        rerun
    }

    /// Writes the expectations file `file` for the implementation at `at`
    /// of `report` (see [`expectations::rewrite`]), for the spec it was
    /// graded under. The entries, comments and reasons of `file` are kept
    /// where they still hold, or else those of the expectations file the
    /// run was graded against. `file` is replaced atomically: on error, it
    /// is as it was.
    pub fn write_expectations(
        &self,
        report: &Report<'_>,
        at: usize,
        file: &Path,
    ) -> Result<Written, SessionError> {
        let imp = &report.implementations[at];
        // A file the run was to be graded against but creates was not read.
        let graded_against = imp
            .expectations
            .as_deref()
            .map(Path::new)
            .filter(|f| f.exists());
        let from = if file.exists() {
            Some(file)
        } else {
            graded_against
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
            imp.graded_under,
            imp.version().as_ref(),
            self.corpus,
            &|ran, listed| {
                let kind =
                    fuzz::residual_of_vector(ran.vector, ran.answer, imp.graded_under, listed);
                kind.map(|kind| kind.to_string())
            },
        )
        .map_err(SessionError::Expectations)?;
        files::replace(file, rewritten.text.as_bytes()).map_err(|error| SessionError::Replace {
            what: "expectations",
            error,
        })?;
        Ok(rewritten.written(imp.count(Verdict::Error)))
    }
}

/// How an implementation is graded, decided once it started.
struct Grading {
    spec: Spec,
    /// Its expected failures: the entries that hold for the version it
    /// reports.
    expectations: Option<Expectations>,
    drift: Option<Drift>,
    /// The readings it is held to.
    held: Assignment,
}

/// What an implementation answered, what it said of itself, and how long
/// it took.
type Answered<'c> = (runner::ImplResults<'c>, Option<crate::Info>, Duration);

/// Runs `vectors` through each implementation, each on its own thread so
/// that a slow adapter does not hold up the others.
fn run_all<'c>(
    vectors: &[&'c ResolveVector],
    implementations: &mut [Box<dyn Implementation + Send>],
) -> Vec<Answered<'c>> {
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

/// Writes `report` in `format` to `file`, replacing it atomically: on
/// error, an earlier report there is as it was.
pub fn write_report(report: &Report<'_>, format: Format, file: &Path) -> Result<(), SessionError> {
    write_rendered(&format.render(report, false), file)
}

/// Writes a rendered report (`rfc1808 fuzz --report`) to `file`, replacing
/// it atomically.
pub fn write_rendered(text: &str, file: &Path) -> Result<(), SessionError> {
    files::replace(file, text.as_bytes()).map_err(|error| SessionError::Replace {
        what: "report",
        error,
    })
}

/// Checks, before a run, that the `what` file `file` (a report, an
/// expectations file) can be written, so that a bad path is found in a
/// second rather than after the whole run: that it opens for writing, and
/// that a temporary file can be made beside it to replace it with. Nothing
/// is left behind: a file that did not exist is removed again, and one that
/// did is not changed.
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
    files::check(file).map_err(error)
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
    /// An expectations file could not be read, or is for another spec.
    Expectations(LoadError),
    /// A reading held (`--reading`) is not one of the spec an
    /// implementation is graded under.
    Reading {
        /// The implementation, when its spec is not the run's `--spec`.
        name: Option<String>,
        spec: Spec,
        why: String,
    },
    /// An implementation did not start.
    Start(StartError),
    /// A report or expectations file cannot be written (found before the
    /// run, by [`check_writable`]).
    Write {
        what: &'static str,
        file: PathBuf,
        error: io::Error,
    },
    /// A report or expectations file was not written; it is as it was.
    Replace {
        what: &'static str,
        error: files::ReplaceError,
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
            SessionError::Reading { name, spec, why } => {
                f.write_str("--reading: ")?;
                if *spec != Spec::Rfc1808 {
                    write!(f, "{spec}: ")?;
                }
                f.write_str(why)?;
                match name {
                    Some(name) => write!(f, " (`{name}` is graded under {spec})"),
                    None => Ok(()),
                }
            }
            SessionError::Start(e) => e.fmt(f),
            SessionError::Write { what, file, error } => {
                write!(f, "cannot write the {what} {}: {error}", file.display())
            }
            SessionError::Replace { what, error } => write!(
                f,
                "cannot write the {what} {}: {}",
                error.file().display(),
                error.reason()
            ),
        }
    }
}

impl std::error::Error for SessionError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Protocol;

    fn spec(name: &str) -> ImplSpec {
        ImplSpec::new(name, ["/nonexistent/adapter"], Protocol::Argv)
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
    fn each_implementation_is_graded_under_its_own_spec() {
        let corpus = rfc1808_vectors::embedded();
        let mut session = Session::new(&corpus, Filter::default()).unwrap();
        session.add(ImplSpec {
            spec: Some(Spec::Rfc3986),
            ..spec("py")
        });
        session.add(spec("js"));
        session.add_reference(Step6::default());
        // An argv implementation has no handshake: its config, else RFC 1808.
        assert_eq!(session.graded_under(0, None), Spec::Rfc3986);
        assert_eq!(session.graded_under(1, None), Spec::Rfc1808);
        session.by_spec(Spec::Rfc2396);
        session.grade_under("js", Spec::Rfc3986).unwrap();
        assert_eq!(session.graded_under(0, None), Spec::Rfc2396);
        assert_eq!(session.graded_under(1, None), Spec::Rfc3986);
        assert_eq!(session.graded_under(2, None), Spec::Rfc2396);
        // A reading of RFC 2396 is not one of RFC 3986's, whose `js` is.
        session.hold("above-root=removed");
        assert_eq!(
            session.load_expectations().unwrap_err().to_string(),
            "--reading: rfc3986: unknown ambiguity `above-root`, expected one of `same-scheme`, \
             `base-case`, `base-percent-encoding`, `base-dot-segments`, `base-port`, \
             `base-empty-path`, `escaped-dots`, `double-slash-path` (`js` is graded under rfc3986)"
        );
    }

    #[test]
    fn a_jsonl_implementation_without_a_spec_takes_its_handshake_claim() {
        let corpus = rfc1808_vectors::embedded();
        let mut session = Session::new(&corpus, Filter::default()).unwrap();
        session.add(ImplSpec {
            protocol: Protocol::Jsonl,
            ..spec("py")
        });
        assert_eq!(session.spec_before_start(0), None);
        let claims = |spec: &str| crate::Info {
            spec: spec.to_owned(),
            ..crate::Info::default()
        };
        assert_eq!(
            session.graded_under(0, Some(&claims("RFC 3986"))),
            Spec::Rfc3986
        );
        assert_eq!(
            session.graded_under(0, Some(&claims("WHATWG URL Standard"))),
            Spec::Whatwg
        );
        assert_eq!(
            session.graded_under(0, Some(&claims("RFC 3987"))),
            Spec::Rfc1808
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
