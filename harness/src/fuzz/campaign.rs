//! `rfc1808 fuzz` as a library call: a [`Campaign`] starts an adapter,
//! fuzzes it with a progress line, and promotes what it found or accepts
//! its causes into the expectations file; the command line only parses
//! flags and prints.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rfc1808_vectors::versions::{library_version, Version};
use rfc1808_vectors::{files, Corpus, LoadError, Spec};

use super::{
    fuzz, label, listed, note, source, Accepted, Bases, Cause, Expected, Options, Progress, Summary,
};
use crate::command_line::quote;
use crate::corpus::VectorSource;
use crate::expectations::{self, Acceptance, Expectations, Explained};
use crate::implementation::{ImplSpec, Implementation, Info};
use crate::promote::{self, PromoteError, Promoted};
use crate::subprocess::{self, StartError};

/// How long a run lasts when neither a time nor a number of cases is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(60);

/// One fuzz run of one adapter, as `rfc1808 fuzz` makes it.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub spec: ImplSpec,
    pub options: Options,
    /// The vectors and deviations its expectations list.
    pub expected: Expected,
    /// The expectations file they come from.
    pub expectations_file: Option<String>,
    /// The directory the vectors came from (`--vectors`), if not the
    /// built-in copy: the cases are seeded from the corpus, so a rerun
    /// needs the same one.
    pub vectors_dir: Option<String>,
    /// The vector files added beside them (`--add-vectors`), for the same
    /// reason.
    pub added_vectors: Vec<String>,
    /// Whether the generator is seeded from the built-in vectors only
    /// (`--builtin-seeds`), for the same reason.
    pub builtin_seeds: bool,
}

impl Campaign {
    /// A campaign with the seed given, or one from the clock; for the time
    /// given, or [`DEFAULT_TIME`] when no limit at all is.
    pub fn new(
        spec: ImplSpec,
        seed: Option<u64>,
        time: Option<Duration>,
        max_cases: Option<u64>,
        bases: Bases,
    ) -> Campaign {
        let seed = seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let time = match (time, max_cases) {
            (None, None) => Some(DEFAULT_TIME),
            (time, _) => time,
        };
        Campaign {
            spec,
            options: Options {
                seed,
                time,
                max_cases,
                bases,
                readings: Accepted::default(),
                allowed_inconsistent: Vec::new(),
                jobs: subprocess::available_jobs(),
            },
            expected: Expected::default(),
            expectations_file: None,
            vectors_dir: None,
            added_vectors: Vec::new(),
            builtin_seeds: false,
        }
    }

    /// Takes the deviations and the resolve vectors `expectations` lists
    /// (the entries that hold for the version the implementation reports,
    /// [`Expectations::applying_to`]) as known, and the ambiguities it
    /// allows different readings of as allowed; returns a warning for each
    /// entry that names no resolve vector.
    pub fn use_expectations(
        &mut self,
        corpus: &Corpus,
        expectations: &Expectations,
    ) -> Vec<String> {
        self.expected = Expected {
            vectors: listed(corpus, expectations.entries.iter().map(|e| e.id.as_str())),
            deviations: expectations.deviation_set(),
        };
        self.options.allowed_inconsistent = expectations.inconsistent.clone();
        self.expectations_file = Some(expectations.file.clone());
        expectations
            .entries
            .iter()
            .filter(|e| !self.expected.vectors.iter().any(|l| l.id == e.id))
            .map(|e| {
                format!(
                    "{}:{}: `{}` names no resolve vector; left out",
                    expectations.file, e.line, e.id
                )
            })
            .collect()
    }

    /// Starts the adapter and fuzzes it with the vectors of `corpus` as
    /// seeds. With `progress`, a progress line is kept there (a terminal),
    /// redrawn at most ten times a second and erased at the end.
    pub fn run(
        &self,
        corpus: &Corpus,
        progress: Option<&mut dyn Write>,
    ) -> Result<Fuzzed, StartError> {
        let implementation = self.start()?;
        Ok(self.run_on(implementation, corpus, progress))
    }

    /// Starts the adapter, and for `jsonl` completes its handshake, whose
    /// spec claim ([`Info::claimed_spec`]) decides the spec of a run that
    /// names none; [`Campaign::run_on`] then fuzzes it.
    pub fn start(&self) -> Result<Box<dyn Implementation + Send>, StartError> {
        subprocess::spawn_jobs(&self.spec, self.options.jobs)
    }

    /// [`Campaign::run`] on an adapter [`Campaign::start`] started.
    pub fn run_on(
        &self,
        mut implementation: Box<dyn Implementation + Send>,
        corpus: &Corpus,
        mut progress: Option<&mut dyn Write>,
    ) -> Fuzzed {
        let seeds = rfc1808_fuzzgen::seeds(corpus)
            .into_iter()
            .map(|(_, input)| input)
            .collect();
        let mut shown = Instant::now();
        let mut show = |p: &Progress| {
            if let Some(out) = progress.as_mut() {
                if shown.elapsed() >= Duration::from_millis(100) {
                    shown = Instant::now();
                    let _ = write!(out, "\r\x1b[K{}", progress_line(p));
                }
            }
        };
        let summary = fuzz(
            implementation.as_mut(),
            seeds,
            &self.expected,
            &self.options,
            &mut show,
        );
        if let Some(out) = progress {
            let _ = write!(out, "\r\x1b[K");
        }
        let rerun = self.rerun(summary.cases);
        Fuzzed {
            name: self.spec.name.clone(),
            info: implementation.info().cloned(),
            seed: self.options.seed,
            spec: self.options.readings.spec(),
            held: self.options.readings.held().to_string(),
            rerun,
            summary,
        }
    }

    /// The command that makes the same `cases` cases again, against the
    /// same spec, readings and expectations: the same seed generates the
    /// same cases in the same order, whatever the pace of the run.
    pub fn rerun(&self, cases: u64) -> String {
        let command: Vec<String> = self.spec.command.iter().map(|w| quote(w)).collect();
        let mut vectors = self
            .vectors_dir
            .as_ref()
            .map_or(String::new(), |dir| format!(" --vectors {}", quote(dir)));
        for path in &self.added_vectors {
            vectors += &format!(" --add-vectors {}", quote(path));
        }
        if self.builtin_seeds && !self.added_vectors.is_empty() {
            vectors += " --builtin-seeds";
        }
        let mut line = format!(
            "rfc1808 fuzz{vectors} --spec {} --impl {} --protocol {}",
            self.options.readings.spec(),
            quote(&format!("{}={}", self.spec.name, command.join(" "))),
            self.spec.protocol
        );
        if self.spec.timeout != ImplSpec::DEFAULT_TIMEOUT {
            line += &format!(" --timeout {}", self.spec.timeout.as_secs_f64());
        }
        line += &format!(" --seed {} --max-cases {cases}", self.options.seed);
        if self.options.bases == Bases::Any {
            line += " --any-base";
        }
        for (a, r) in self.options.readings.held().pairs() {
            line += &format!(" --reading {}={}", a.name, r.name);
        }
        if let Some(file) = &self.expectations_file {
            line += &format!(" --expectations {}", quote(file));
        }
        line
    }
}

/// `1200 cases, 31 mismatches, 2 kinds, 4800 cases/s`.
fn progress_line(p: &Progress) -> String {
    format!(
        "{} cases, {} mismatches, {} kinds, {:.0} cases/s",
        p.cases,
        p.mismatches,
        p.kinds,
        p.cases as f64 / p.elapsed.as_secs_f64().max(1e-9)
    )
}

/// What a campaign found, for `crate::report::fuzz` to print.
#[derive(Clone, Debug)]
pub struct Fuzzed {
    /// The name the implementation was given.
    pub name: String,
    /// What it said of itself.
    pub info: Option<Info>,
    pub seed: u64,
    /// The spec compared with.
    pub spec: Spec,
    /// The readings held (`--reading`), as `AMBIGUITY=READING,...`.
    pub held: String,
    /// The command that makes the same cases again ([`Campaign::rerun`]).
    pub rerun: String,
    pub summary: Summary,
}

/// One new kind promoted, or not because its vector is there already.
#[derive(Debug)]
pub struct Promotion {
    pub cause: Cause,
    /// The vector appended, or [`PromoteError::Duplicate`].
    pub result: Result<Promoted, PromoteError>,
}

/// Promotes `candidate` to `file`: the vector appended, or the vector
/// that holds the case already, or (`Err`) another error, which stops a
/// run's promotions.
fn promote_one(
    file: &Path,
    candidate: &promote::Candidate,
    beside: &VectorSource,
) -> Result<Result<Promoted, PromoteError>, PromoteError> {
    match promote::promote(file, candidate, beside) {
        Ok(promoted) => Ok(Ok(promoted)),
        Err(e @ PromoteError::Duplicate { .. }) => Ok(Err(e)),
        Err(error) => Err(error),
    }
}

/// A case of a reading followed where the run found an ambiguity's
/// readings mixed, promoted ([`Fuzzed::promote_readings`]).
#[derive(Debug)]
pub struct ReadingPromotion {
    /// The ambiguity's name.
    pub ambiguity: String,
    /// The vector appended, or [`PromoteError::Duplicate`].
    pub result: Result<Promoted, PromoteError>,
}

/// A kind that could not be promoted for a reason other than a duplicate:
/// the file is unwritable or broken.
#[derive(Debug)]
pub struct CannotPromote {
    pub cause: Cause,
    /// Boxed: the error is large, and rare.
    pub error: Box<PromoteError>,
}

impl fmt::Display for CannotPromote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot promote {}: {}", self.cause, self.error)
    }
}

impl std::error::Error for CannotPromote {}

impl Fuzzed {
    /// Whether the run found a kind its expectations do not list.
    pub fn found_new(&self) -> bool {
        self.summary.new_findings().next().is_some()
    }

    /// Whether the run fails, exit code 1: it found a kind its
    /// expectations do not list, or the implementation mixed the readings
    /// of an ambiguity they do not allow it to.
    pub fn fails(&self) -> bool {
        self.found_new() || self.summary.mixed_readings().next().is_some()
    }

    /// Appends one shrunk case of each new kind to `file`, in the order of
    /// the report, each with its answers under every spec and the note for
    /// the spec compared with, its ids unique across `file` and the vectors
    /// `beside` names (those of the run); stops at the first that cannot be
    /// for a reason other than being there already.
    pub fn promote(
        &self,
        file: &Path,
        beside: &VectorSource,
    ) -> Result<Vec<Promotion>, CannotPromote> {
        let label = label(&self.name, self.info.as_ref());
        let mut promotions = Vec::new();
        for finding in self
            .summary
            .ordered()
            .into_iter()
            .filter(|f| f.known.is_none())
        {
            let candidate = promote::Candidate {
                base: Some(finding.example.base.clone()),
                relative: finding.example.relative.clone(),
                source: source(&self.name),
                note: note(&label, finding),
                spec: Some(self.spec),
            };
            let cause = finding.cause.clone();
            match promote_one(file, &candidate, beside) {
                Ok(result) => promotions.push(Promotion { cause, result }),
                Err(error) => {
                    return Err(CannotPromote {
                        cause,
                        error: Box::new(error),
                    })
                }
            }
        }
        Ok(promotions)
    }

    /// Appends the smallest case of each group of the ambiguities whose
    /// readings the run found mixed (where nothing allows it), so that a
    /// run over the vectors sees the mixing too and an entry allowing it
    /// is not stale there. Each is the ambiguity's name with the vector
    /// appended, or [`PromoteError::Duplicate`]; stops at another error.
    pub fn promote_readings(
        &self,
        file: &Path,
        beside: &VectorSource,
    ) -> Result<Vec<ReadingPromotion>, PromoteError> {
        let label = label(&self.name, self.info.as_ref());
        let mut promotions = Vec::new();
        for following in self.summary.mixed_readings() {
            let name = following.ambiguity.name;
            for group in &following.groups {
                let readings: Vec<&str> = group.readings.iter().map(|r| r.name).collect();
                let candidate = promote::Candidate {
                    base: Some(group.example.base.clone()),
                    relative: group.example.relative.clone(),
                    source: source(&self.name),
                    note: format!(
                        "{label} follows {name}={} here, and another reading elsewhere",
                        readings.join("|")
                    ),
                    spec: Some(self.spec),
                };
                promotions.push(ReadingPromotion {
                    ambiguity: name.to_owned(),
                    result: promote_one(file, &candidate, beside)?,
                });
            }
        }
        Ok(promotions)
    }

    /// The library version the implementation reported, if any.
    pub fn version(&self) -> Option<Version> {
        library_version(&self.info.as_ref()?.implementation_version)
    }

    /// The new kinds that deviations explain, most frequent first, as
    /// [`expectations::accept`] takes them.
    pub fn explained(&self) -> Vec<Explained<'_>> {
        self.summary
            .new_findings()
            .filter_map(|f| {
                Some(Explained {
                    by: f.cause.deviations()?,
                    count: f.count,
                    example: match f.example.relative.as_str() {
                        "" => format!("the empty reference against `{}`", f.example.base),
                        relative => format!("`{relative}` against `{}`", f.example.base),
                    },
                    base: Some(&f.example.base),
                    relative: &f.example.relative,
                    answer: &f.answer,
                })
            })
            .collect()
    }

    /// The ambiguities whose readings the run found mixed, where nothing
    /// allows it, each with the reason an entry allowing it gets: what the
    /// cases told, to be replaced by why the library mixes them.
    fn mixed(&self) -> Vec<(String, String)> {
        self.summary
            .mixed_readings()
            .map(|f| {
                (
                    f.ambiguity.name.to_owned(),
                    format!(
                        "mixed in rfc1808 fuzz: {} (replace this with why)",
                        f.evidence_groups()
                    ),
                )
            })
            .collect()
    }

    /// The vectors of `promotions` that show a kind nothing explains, each
    /// with the reason its entry gets: the symptom, to be replaced by the
    /// root cause once known.
    pub fn unexplained_vectors(&self, promotions: &[Promotion]) -> Vec<(String, String)> {
        promotions
            .iter()
            .filter_map(|p| {
                let Cause::Unexplained(kind) = &p.cause else {
                    return None;
                };
                let id = match &p.result {
                    Ok(promoted) => promoted.id.clone(),
                    Err(PromoteError::Duplicate { id, .. }) => id.clone(),
                    Err(_) => return None,
                };
                let reason = format!(
                    "found by rfc1808 fuzz: {kind}; nothing in the catalogue explains it (replace this with the root cause)"
                );
                Some((id, reason))
            })
            .collect()
    }

    /// Accepts the deviations that explain the new kinds into the
    /// expectations file `file`, keeping everything else it lists
    /// ([`expectations::accept`]): read from `file` if it exists, else
    /// from `existing` (the file the run was given), else written anew.
    /// The file is replaced atomically. Unexplained kinds are written only
    /// when this run promoted them (`promotions`, with `corpus` holding
    /// the vectors promoted): each vector an expected failure, the
    /// symptom its reason; the others are no vectors yet.
    pub fn accept(
        &self,
        corpus: &Corpus,
        file: &Path,
        existing: Option<&Path>,
        promotions: &[Promotion],
    ) -> Result<Acceptance, AcceptError> {
        let from = if file.exists() { Some(file) } else { existing };
        let text = from
            .map(LoadError::read)
            .transpose()
            .map_err(AcceptError::Expectations)?;
        let accepted = expectations::accept(
            text.as_ref()
                .map(|(name, text)| (name.as_str(), text.as_str())),
            self.spec,
            self.version().as_ref(),
            corpus,
            &self.explained(),
            &self.unexplained_vectors(promotions),
            &self.mixed(),
        )
        .map_err(AcceptError::Expectations)?;
        files::replace(file, accepted.rewritten.text.as_bytes()).map_err(AcceptError::Replace)?;
        Ok(accepted)
    }
}

/// Why [`Fuzzed::accept`] wrote nothing.
#[derive(Debug)]
pub enum AcceptError {
    /// The expectations file does not load, or is for another spec.
    Expectations(LoadError),
    /// It cannot be replaced.
    Replace(files::ReplaceError),
}

impl fmt::Display for AcceptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AcceptError::Expectations(e) => write!(f, "{e}"),
            AcceptError::Replace(e) => write!(
                f,
                "cannot write the expectations {}: {}",
                e.file().display(),
                e.reason()
            ),
        }
    }
}

impl std::error::Error for AcceptError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Protocol;

    fn spec() -> ImplSpec {
        ImplSpec::new("x", ["x"], Protocol::Jsonl)
    }

    #[test]
    fn a_run_without_limits_lasts_a_minute_and_a_seed_is_chosen() {
        let c = Campaign::new(spec(), None, None, None, Bases::Absolute);
        assert_eq!(c.options.time, Some(DEFAULT_TIME));
        let c = Campaign::new(spec(), Some(4), None, Some(10), Bases::Any);
        assert_eq!(
            c.options,
            Options {
                seed: 4,
                time: None,
                max_cases: Some(10),
                bases: Bases::Any,
                readings: Accepted::default(),
                allowed_inconsistent: Vec::new(),
                // The cores, unless `--jobs` says otherwise.
                jobs: subprocess::available_jobs(),
            }
        );
    }

    #[test]
    fn expectations_naming_no_resolve_vector_are_warned_about() {
        let corpus = rfc1808_vectors::embedded();
        let expectations = Expectations::parse_str(
            "x.toml",
            "[[expected-failure]]\nid = \"rfc1808-5.2/abs-path-dot\"\nreason = \"r\"\n\n\
             [[expected-failure]]\nid = \"no/such\"\nreason = \"r\"\n",
        )
        .unwrap();
        let mut c = Campaign::new(spec(), Some(1), None, Some(1), Bases::Absolute);
        assert_eq!(
            c.use_expectations(&corpus, &expectations),
            ["x.toml:6: `no/such` names no resolve vector; left out"]
        );
        assert_eq!(c.expected.vectors.len(), 1);
        assert_eq!(c.expected.vectors[0].id, "rfc1808-5.2/abs-path-dot");
    }

    #[test]
    fn the_progress_line_counts_and_rates() {
        let p = Progress {
            cases: 1200,
            mismatches: 31,
            kinds: 2,
            elapsed: Duration::from_millis(250),
        };
        assert_eq!(
            progress_line(&p),
            "1200 cases, 31 mismatches, 2 kinds, 4800 cases/s"
        );
    }
}
