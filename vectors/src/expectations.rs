//! The expectations file: the vectors an implementation is known to fail,
//! read and written here once for `rfc1808 run`, `rfc1808 fuzz` and the
//! `libtest` suite (feature `libtest`).
//!
//! One `[[expected-failure]]` table per vector:
//!
//! ```toml
//! [[expected-failure]]
//! id = "rfc1808-5.2/too-many-dot-dot"
//! reason = "follows RFC 3986: got \"http://a/g\" (expected \"http://a/../g\")"
//! ```
//!
//! Both keys are required, the reason must not be empty and an id may
//! appear once. A group of vectors one reason covers lists them as `ids`
//! in place of `id`, each an expected failure of its own:
//!
//! ```toml
//! [[expected-failure]]
//! ids = ["rfc1808-5.2/same-scheme-path", "rfc3986-5.4.2/same-scheme"]
//! reason = "authority added: the library writes `//` after every scheme"
//! ```
//! What a listing means for a run is decided in
//! [`grade`].
//!
//! An implementation that follows one reading of an ambiguity on some
//! vectors and another reading on others fails the run, unless the file
//! allows it:
//!
//! ```toml
//! [[inconsistent-reading]]
//! ambiguity = "empty-component"
//! reason = "keeps an empty query's `?` but drops an empty fragment's `#`"
//! ```
//!
//! Such an entry is strict too: it fails the run when the implementation
//! turns out consistent on that ambiguity.
//!
//! A file lists the failures under one spec, named by an optional top-level
//! key before the tables (absent means `rfc1808`, so a file written before
//! the later RFCs keeps its meaning):
//!
//! ```toml
//! spec = "rfc3986"
//! ```
//!
//! Its `[[inconsistent-reading]]` entries name that spec's ambiguities.
//!
//! A failure may be listed by its cause instead of its id: a deviation of
//! the catalogue ([`rfc1808_resolver::deviations`], `docs/deviations.md`)
//! that the file's spec departs from.
//!
//! ```toml
//! [[deviation]]
//! name = "empty-query-dropped"
//! reason = "urlunsplit writes `?` only before a non-empty query"
//! ```
//!
//! A failure that the listed deviations explain (the reference, with some
//! of them, gives the implementation's answer) is expected; a listed
//! deviation that explains no failure of a full run is stale.
//!
//! Any entry may hold for some versions of the implementation only, with a
//! `versions` key ([`crate::versions`]): an entry whose versions do not
//! include the one the implementation reports is ignored, and is not stale.
//! The versions a run saw when `--write-expectations` wrote the file are
//! recorded beside the `spec` key, so that a run of another version can say
//! so next to its failures:
//!
//! ```toml
//! spec = "rfc3986"
//! written-for = ["0.12.4", "0.11.0"]
//!
//! [[expected-failure]]
//! id = "interpretation/base-empty-net-loc-fielding"
//! reason = "an empty authority in the base parses as none"
//! versions = ["0.11.0"]
//! ```

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use semver::Version;

use rfc1808_resolver::deviations::{Deviation, Explanation, Id, Set};

use crate::causes::{self, Explained};
pub use crate::grade::Inconsistent;
use crate::grade::{self, Answer, ExpectedFailures, Verdict};
use crate::readings::Followed;
use crate::versions::{library_version, Versions};
use crate::{Corpus, LineIndex, LoadError, Spec};

/// One listed vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub reason: String,
    /// The 1-based line of its `id`.
    pub line: usize,
    /// The versions it holds for; `None` for every version.
    pub versions: Option<Versions>,
}

/// The expected failures of one implementation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    /// The file they were read from, for messages.
    pub file: String,
    /// The spec whose answers the entries fail (the `spec` key).
    pub spec: Spec,
    /// The 1-based line of the `spec` key; 0 when the file has none.
    pub spec_line: usize,
    pub entries: Vec<Entry>,
    /// The ambiguities on which it may follow different readings.
    pub inconsistent: Vec<Inconsistent>,
    /// The deviations that explain its failures.
    pub deviations: Vec<DeviationEntry>,
    /// The versions of the implementation that the runs which wrote the
    /// file reported (the `written-for` key), oldest first.
    pub written_for: Vec<Version>,
}

/// A listed deviation: a root cause that explains failures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviationEntry {
    pub id: Id,
    pub reason: String,
    /// The 1-based line of its `name`.
    pub line: usize,
    /// The versions it holds for; `None` for every version.
    pub versions: Option<Versions>,
}

impl Expectations {
    /// Reads the expectations file at `path`.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let (name, text) = LoadError::read(path)?;
        Self::parse_str(&name, &text)
    }

    /// Parses `text` as the expectations file `name`.
    pub fn parse_str(name: &str, text: &str) -> Result<Self, LoadError> {
        let raw: RawFile =
            toml::from_str(text).map_err(|e| LoadError::from_toml(name, text, &e))?;
        let reader = Reader {
            name,
            text,
            lines: LineIndex::new(text),
        };
        let (spec, spec_line) = reader.spec(raw.spec)?;
        let written_for = reader.written_for(raw.written_for)?;
        let entries = reader.entries(raw.expected_failure)?;
        let inconsistent = reader.inconsistent(raw.inconsistent_reading, spec)?;
        let deviations = reader.deviations(raw.deviation, spec)?;
        Ok(Expectations {
            file: name.to_owned(),
            spec,
            spec_line,
            entries,
            inconsistent,
            deviations,
            written_for,
        })
    }

    /// The entries that hold for `version`, the version the implementation
    /// reports (`None` when it reports none, or none that holds a version
    /// number): every entry without a `versions` key, and those whose
    /// versions include it.
    pub fn applying_to(&self, version: Option<&Version>) -> Expectations {
        let holds = |versions: &Option<Versions>| match (versions, version) {
            (None, _) => true,
            (Some(versions), Some(version)) => versions.matches(version),
            (Some(_), None) => false,
        };
        Expectations {
            entries: self
                .entries
                .iter()
                .filter(|e| holds(&e.versions))
                .cloned()
                .collect(),
            inconsistent: self
                .inconsistent
                .iter()
                .filter(|e| holds(&e.versions))
                .cloned()
                .collect(),
            deviations: self
                .deviations
                .iter()
                .filter(|e| holds(&e.versions))
                .cloned()
                .collect(),
            ..self.clone()
        }
    }

    /// Whether this file was written for another version than `version`,
    /// the one the implementation reports: it records the versions it was
    /// written for and `version` is not among them, or it has entries for
    /// some versions and none for this one. Said next to a failed run's
    /// failures, since a new release is the likeliest cause.
    pub fn drift(&self, version: Option<&Version>) -> Option<Drift> {
        let conditioned = || {
            self.entries
                .iter()
                .map(|e| &e.versions)
                .chain(self.inconsistent.iter().map(|e| &e.versions))
                .chain(self.deviations.iter().map(|e| &e.versions))
                .flatten()
        };
        match version {
            None => {
                let count = conditioned().count();
                (count > 0).then_some(Drift::NoVersion { conditioned: count })
            }
            Some(version) if !self.written_for.is_empty() => (!self.written_for.contains(version))
                .then(|| Drift::WrittenFor {
                    written_for: self.written_for.clone(),
                    running: version.clone(),
                }),
            Some(version) => {
                let mut conditioned = conditioned().peekable();
                (conditioned.peek().is_some() && !conditioned.any(|v| v.matches(version))).then(
                    || Drift::NoEntryFor {
                        running: version.clone(),
                    },
                )
            }
        }
    }

    /// The listed deviations.
    pub fn deviation_set(&self) -> Set {
        Set::of(&self.deviations.iter().map(|d| d.id).collect::<Vec<_>>())
    }

    /// The reason given for `id`, if it is listed.
    pub fn reason(&self, id: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.reason.as_str())
    }

    /// The entries, for grading by the file's spec.
    pub fn failures(&self) -> ExpectedFailures<'_> {
        ExpectedFailures::new(
            self.entries
                .iter()
                .map(|e| (e.id.as_str(), e.reason.as_str())),
        )
        .by_spec(self.spec)
    }

    /// Checks that the file lists failures under `spec`, the spec an
    /// implementation is graded under: another spec's failures would grade
    /// it wrong both ways.
    pub fn check_spec(&self, spec: Spec) -> Result<(), LoadError> {
        if self.spec == spec {
            return Ok(());
        }
        let key = if self.spec_line == 0 {
            " (it has no `spec` key)"
        } else {
            ""
        };
        Err(LoadError {
            file: self.file.clone(),
            line: self.spec_line,
            message: format!(
                "the expected failures are under {}{key}, but the implementation is graded under {spec}; give the file for {spec}, or grade under {} with --spec",
                self.spec, self.spec
            ),
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    spec: Option<Spanned<String>>,
    #[serde(rename = "written-for")]
    written_for: Option<Spanned<OneOrMany>>,
    #[serde(rename = "expected-failure", default)]
    expected_failure: Vec<RawEntry>,
    #[serde(rename = "inconsistent-reading", default)]
    inconsistent_reading: Vec<RawInconsistent>,
    #[serde(default)]
    deviation: Vec<RawDeviation>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeviation {
    name: Spanned<String>,
    reason: String,
    versions: Option<Spanned<OneOrMany>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInconsistent {
    ambiguity: Spanned<String>,
    reason: String,
    versions: Option<Spanned<OneOrMany>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: Option<Spanned<String>>,
    /// A group of vectors one reason covers.
    ids: Option<Spanned<Vec<Spanned<String>>>>,
    reason: Spanned<String>,
    versions: Option<Spanned<OneOrMany>>,
}

/// A string, or an array of strings.
#[derive(Deserialize)]
#[serde(untagged, expecting = "a string or an array of strings")]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn into_vec(self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s],
            OneOrMany::Many(v) => v,
        }
    }
}

/// The expectations file `name`, whose text is `text`, as
/// [`Expectations::parse_str`] reads each of its keys and tables.
struct Reader<'a> {
    name: &'a str,
    text: &'a str,
    lines: LineIndex,
}

impl Reader<'_> {
    /// An error at the 1-based line `line`.
    fn error(&self, line: usize, message: String) -> LoadError {
        LoadError {
            file: self.name.to_owned(),
            line,
            message,
        }
    }

    /// The `spec` key and its line (RFC 1808 and 0 without one).
    fn spec(&self, raw: Option<Spanned<String>>) -> Result<(Spec, usize), LoadError> {
        let Some(spec) = raw else {
            return Ok((Spec::Rfc1808, 0));
        };
        let line = self.lines.line_of(spec.span().start);
        let parsed = spec
            .get_ref()
            .parse::<Spec>()
            .map_err(|why| self.error(line, format!("key `spec`: {why}")))?;
        Ok((parsed, line))
    }

    /// The versions of the `written-for` key, each once.
    fn written_for(&self, raw: Option<Spanned<OneOrMany>>) -> Result<Vec<Version>, LoadError> {
        let mut written_for = Vec::new();
        if let Some(raw) = raw {
            let line = self.lines.line_of(raw.span().start);
            for reported in raw.into_inner().into_vec() {
                let version = library_version(&reported).ok_or_else(|| {
                    self.error(
                        line,
                        format!("key `written-for`: `{reported}` holds no version number"),
                    )
                })?;
                if !written_for.contains(&version) {
                    written_for.push(version);
                }
            }
        }
        Ok(written_for)
    }

    /// An entry's `versions` key.
    fn versions(&self, raw: Option<Spanned<OneOrMany>>) -> Result<Option<Versions>, LoadError> {
        let Some(raw) = raw else { return Ok(None) };
        let line = self.lines.line_of(raw.span().start);
        Versions::parse(&raw.into_inner().into_vec())
            .map(Some)
            .map_err(|why| self.error(line, format!("key `versions`: {why}")))
    }

    /// The `[[expected-failure]]` tables: an entry per id, those of a
    /// group (`ids`) with its reason and versions.
    fn entries(&self, raw: Vec<RawEntry>) -> Result<Vec<Entry>, LoadError> {
        let mut entries: Vec<Entry> = Vec::with_capacity(raw.len());
        let mut first_line: HashMap<String, usize> = HashMap::new();
        for e in raw {
            let at_reason = |message: String| {
                LoadError::at(self.name, self.text, Some(e.reason.span().start), message)
            };
            let ids = match (e.id, e.ids) {
                (Some(id), None) => vec![id],
                (None, Some(ids)) if !ids.get_ref().is_empty() => ids.into_inner(),
                (None, Some(ids)) => {
                    let line = self.lines.line_of(ids.span().start);
                    return Err(self.error(line, "key `ids`: list one id or more".to_owned()));
                }
                (Some(id), Some(_)) => {
                    let line = self.lines.line_of(id.span().start);
                    let message = "give `id` or `ids`, not both".to_owned();
                    return Err(self.error(line, message));
                }
                (None, None) => {
                    return Err(at_reason(
                        "missing key `id` (or `ids`): the vector this entry lists".to_owned(),
                    ))
                }
            };
            let versions = self.versions(e.versions)?;
            for id in ids {
                entries.push(self.entry(id, &e.reason, versions.clone(), &mut first_line)?);
            }
        }
        Ok(entries)
    }

    /// One id of an `[[expected-failure]]` table, checked to be listed
    /// once (`first_line`: the line each id was first listed at).
    fn entry(
        &self,
        id: Spanned<String>,
        reason: &Spanned<String>,
        versions: Option<Versions>,
        first_line: &mut HashMap<String, usize>,
    ) -> Result<Entry, LoadError> {
        let line = self.lines.line_of(id.span().start);
        let id = id.into_inner();
        if let Some(first) = first_line.insert(id.clone(), line) {
            return Err(self.error(
                line,
                format!("key `id`: `{id}` is listed twice, first at line {first}"),
            ));
        }
        if reason.get_ref().trim().is_empty() {
            return Err(LoadError::at(
                self.name,
                self.text,
                Some(reason.span().start),
                format!("key `reason`: say why `{id}` fails"),
            ));
        }
        Ok(Entry {
            id,
            reason: reason.get_ref().clone(),
            line,
            versions,
        })
    }

    /// The `[[inconsistent-reading]]` tables, of ambiguities of `spec`.
    fn inconsistent(
        &self,
        raw: Vec<RawInconsistent>,
        spec: Spec,
    ) -> Result<Vec<Inconsistent>, LoadError> {
        let mut inconsistent: Vec<Inconsistent> = Vec::new();
        for e in raw {
            let line = self.lines.line_of(e.ambiguity.span().start);
            let ambiguity = e.ambiguity.into_inner();
            let at = |message: String| self.error(line, message);
            let registry = spec.registry();
            if !registry.iter().any(|a| a.name == ambiguity) {
                let names: Vec<String> = registry.iter().map(|a| format!("`{}`", a.name)).collect();
                let of = match spec {
                    Spec::Rfc1808 => String::new(),
                    _ => format!("{spec}: "),
                };
                return Err(at(format!(
                    "key `ambiguity`: {of}unknown ambiguity `{ambiguity}`, expected one of {}",
                    names.join(", ")
                )));
            }
            if inconsistent.iter().any(|i| i.ambiguity == ambiguity) {
                return Err(at(format!(
                    "key `ambiguity`: `{ambiguity}` is listed twice"
                )));
            }
            if e.reason.trim().is_empty() {
                return Err(at(format!(
                    "key `reason`: say why the readings of `{ambiguity}` differ"
                )));
            }
            inconsistent.push(Inconsistent {
                ambiguity,
                reason: e.reason,
                line,
                versions: self.versions(e.versions)?,
            });
        }
        Ok(inconsistent)
    }

    /// The `[[deviation]]` tables, of deviations from `spec`.
    fn deviations(
        &self,
        raw: Vec<RawDeviation>,
        spec: Spec,
    ) -> Result<Vec<DeviationEntry>, LoadError> {
        let mut deviations: Vec<DeviationEntry> = Vec::new();
        for e in raw {
            let line = self.lines.line_of(e.name.span().start);
            let at = |message: String| self.error(line, message);
            let named = e.name.into_inner();
            let Some(id) = Deviation::named(&named) else {
                return Err(at(format!(
                    "key `name`: unknown deviation `{named}` (docs/deviations.md lists them)"
                )));
            };
            if !id.departs_from(spec) {
                return Err(at(format!(
                    "key `name`: `{named}` is no deviation from {spec}, whose answer (or one of its readings) it gives"
                )));
            }
            if deviations.iter().any(|d| d.id == id) {
                return Err(at(format!("key `name`: `{named}` is listed twice")));
            }
            if e.reason.trim().is_empty() {
                return Err(at(format!("key `reason`: say why `{named}` holds")));
            }
            deviations.push(DeviationEntry {
                id,
                reason: e.reason,
                line,
                versions: self.versions(e.versions)?,
            });
        }
        Ok(deviations)
    }
}

/// Why a run's version is not the one its expectations were written for
/// ([`Expectations::drift`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drift {
    /// The file records the versions it was written for, and this is none
    /// of them.
    WrittenFor {
        written_for: Vec<Version>,
        running: Version,
    },
    /// The file has entries for some versions, none of them this one.
    NoEntryFor { running: Version },
    /// The implementation reports no version, so its entries for some
    /// versions apply to none.
    NoVersion { conditioned: usize },
}

impl Drift {
    /// The sentence for a report, naming the implementation `name`:
    /// "expectations written for ruby-uri 0.12.4; this run has ruby-uri
    /// 0.11.0".
    pub fn describe(&self, name: &str) -> String {
        match self {
            Drift::WrittenFor {
                written_for,
                running,
            } => {
                let seen: Vec<String> = written_for.iter().map(|v| format!("{name} {v}")).collect();
                format!(
                    "expectations written for {}; this run has {name} {running}",
                    seen.join(", ")
                )
            }
            Drift::NoEntryFor { running } => format!(
                "expectations have entries for some versions, none for {name} {running}, the version this run has"
            ),
            Drift::NoVersion { conditioned } => format!(
                "{name} reports no version, so the {conditioned} expectations that hold for some versions only apply to none"
            ),
        }
    }
}

/// What a run decided about one vector, for [`rewrite`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It answered wrong or rejected the case; `observed` is the reason a
    /// new entry gets, to be replaced by the root cause. New failures of
    /// one `group` (how the answer differs, once the deviations the file
    /// lists are set aside: the fuzzer's residual kind) are one entry.
    Fails {
        observed: String,
        group: Option<String>,
    },
    /// It answered right.
    Passes,
    /// It answered wrong, and the deviations the file lists explain it:
    /// it needs no entry of its own, whatever version it holds for.
    Explained,
    /// The run says nothing new: the vector was filtered out, or the
    /// implementation failed to answer it.
    Undecided,
}

impl Decision {
    /// It fails, with what was observed, an entry of its own if new.
    pub fn fails(observed: String) -> Decision {
        Decision::Fails {
            observed,
            group: None,
        }
    }
}

/// An expectations file rewritten from a run, and what changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewritten {
    pub text: String,
    /// Entries of the old file that stay: still failing, or undecided.
    pub kept: usize,
    /// New failures.
    pub added: usize,
    /// Entries of the old file for vectors that now pass, or that name no
    /// resolve vector.
    pub dropped: usize,
}

impl Rewritten {
    /// What was written, with the `errors` of the run, which an
    /// expectations file leaves out.
    pub fn written(&self, errors: usize) -> Written {
        Written {
            kept: self.kept,
            added: self.added,
            dropped: self.dropped,
            errors,
        }
    }
}

/// What writing an expectations file did to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Entries of the old file that stay: still failing, or not decided by
    /// this run.
    pub kept: usize,
    /// New failures.
    pub added: usize,
    /// Old entries for vectors that now pass, or that name no vector.
    pub dropped: usize,
    /// Answers that were errors (a panic, a failed exchange), left out
    /// since expectations cover wrong answers only.
    pub errors: usize,
}

/// What an implementation answered, in a form that fits an entry's reason:
/// `got "http://a/g" (expected "http://a/b/c/g")`.
pub fn observed(answer: &Answer, expected: &str) -> String {
    observed_shown(answer, &format!("{expected:?}"))
}

/// [`observed`], the expected answer given as a report shows it
/// ([`crate::SpecAnswers::shown`]).
fn observed_shown(answer: &Answer, expected: &str) -> String {
    match answer {
        Answer::Resolved(got) => format!("got {got:?} (expected {expected})"),
        Answer::Rejected(why) => format!("rejected: {why:?} (expected {expected})"),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("error: {why}"),
    }
}

/// [`observed`] for `answer` to `vector`, against `spec`'s expected answer.
pub fn observed_under(vector: &crate::ResolveVector, spec: Spec, answer: &Answer) -> String {
    let expected = vector
        .answers(spec)
        .map_or_else(|| format!("{:?}", vector.expected), |a| a.shown());
    observed_shown(answer, &expected)
}

/// What a run graded under `spec` decides about `vector`, given its
/// `answer` and the [`Verdict`] it got: a wrong answer or a rejection
/// fails, with what was observed; a right one passes; an error, or a case
/// that could not be sent, says nothing new.
pub fn decide(
    vector: &crate::ResolveVector,
    spec: Spec,
    verdict: Verdict,
    answer: &Answer,
) -> Decision {
    if verdict.answered_wrong() {
        Decision::Fails {
            observed: observed_under(vector, spec, answer),
            group: None,
        }
    } else if verdict.answered_right() {
        Decision::Passes
    } else {
        Decision::Undecided
    }
}

/// The ambiguities a run followed different readings of, each with what
/// was seen (`kept on a, b; absent on c`): the `inconsistent` argument of
/// [`rewrite_for`].
pub fn inconsistent_seen(followed: &Followed, spec: Spec) -> Vec<(&'static str, String)> {
    followed
        .verdicts(spec)
        .into_iter()
        .filter_map(|(ambiguity, following)| Some((ambiguity.name, following.disagreement()?)))
        .collect()
}

/// One vector's result in a run, what [`rewrite_run`] writes from.
#[derive(Clone, Copy, Debug)]
pub struct Ran<'a> {
    pub vector: &'a crate::ResolveVector,
    pub answer: &'a Answer,
    /// Its verdict, graded by cause ([`causes::grade`]).
    pub verdict: Verdict,
    /// What explains a wrong answer ([`causes::grade`]'s explanation).
    pub explanation: Option<Explanation>,
}

/// The expectations file that lists a run's failures, graded under `spec`,
/// by cause: what `rfc1808 run --write-expectations` and the `libtest`
/// suite's writer both write, from `ran` (the vectors the run resolved)
/// and `existing` (the old file's name and text, if there is one).
///
/// The deviations written are the smallest set found that explains the
/// wrong answers ([`causes::causes_of`]): a listed one is kept, with its
/// reason, while it still explains some (a run of fewer than every vector
/// of `corpus` keeps them all), and a new one gets what it does and how
/// many vectors it explains as its reason. `[[expected-failure]]` ids are
/// written only for the failures no deviation explains, with the reason
/// they had or else what was observed; new ones that `group` puts in one
/// group (given the deviations written) are one entry, their `ids` under
/// one reason; an id entry for a failure the
/// deviations now explain is dropped. Every entry of `existing` for a
/// vector the run says nothing new about (not run, an error, not
/// representable) stays; so do the ambiguities it followed different
/// readings of, with the reason they had or else what was seen. Entries
/// for vectors that passed, stale entries and entries for ambiguities
/// followed consistently are dropped; comments and the formatting of the
/// entries that stay are kept.
///
/// `version` is the library version the implementation reported: the file
/// records it, and keeps what it says of other versions (see
/// [`rewrite_for`]).
pub fn rewrite_run(
    ran: &[Ran<'_>],
    existing: Option<(&str, &str)>,
    spec: Spec,
    version: Option<&Version>,
    corpus: &Corpus,
    group: &dyn Fn(&Ran<'_>, Set) -> Option<String>,
) -> Result<Rewritten, LoadError> {
    let by_id: HashMap<&str, &Ran<'_>> = ran.iter().map(|r| (r.vector.id.as_str(), r)).collect();
    let inconsistent = inconsistent_seen(&followed_in(ran, spec), spec);
    let old_causes = existing
        .map(|(name, text)| Expectations::parse_str(name, text))
        .transpose()?
        .map_or(Set::EMPTY, |e| e.deviation_set());
    let (ids, explained) = explained_in(ran);
    // A full run tells which listed deviations are needed; a filtered one
    // keeps them all.
    let full_run = ran.len() == corpus.resolve.len();
    let causes = causes::causes_of(&explained, spec, old_causes, !full_run);
    // Each answer as the chosen deviations explain it: a set other than
    // the run's when a deviation chosen for other answers explains it too.
    let by: HashMap<&str, Set> = ids.into_iter().zip(causes.by.iter().copied()).collect();
    let covered = |r: &Ran<'_>| {
        by.get(r.vector.id.as_str())
            .is_some_and(|set| set.is_subset(causes.set))
    };
    let deviations: Vec<(Id, String)> = causes
        .set
        .ids()
        .map(|id| (id, causes.reason(id, "vector", "vectors")))
        .collect();
    rewrite_for(
        existing,
        spec,
        version,
        corpus,
        &inconsistent,
        &deviations,
        |v| match by_id.get(v.id.as_str()) {
            // A failure the deviations explain needs no entry of its own.
            Some(r) if covered(r) => Decision::Explained,
            Some(r) => match decide(v, spec, r.verdict, r.answer) {
                Decision::Fails { observed, .. } => Decision::Fails {
                    observed,
                    group: group(r, causes.set),
                },
                other => other,
            },
            None => Decision::Undecided,
        },
    )
}

/// The readings `ran` followed, graded under `spec`.
fn followed_in(ran: &[Ran<'_>], spec: Spec) -> Followed {
    let mut followed = Followed::default();
    for r in ran {
        if let Some(reading) = grade::reading_followed(r.vector, spec, r.answer) {
            followed.observe(&r.vector.id, &reading);
        }
    }
    followed
}

/// The ids of the answers of `ran` a set of deviations explains, and each
/// as [`causes::causes_of`] takes it.
fn explained_in<'a>(ran: &[Ran<'a>]) -> (Vec<&'a str>, Vec<Explained<'a>>) {
    ran.iter()
        .filter_map(|r| match r.explanation {
            Some(Explanation::By(by)) => Some((
                r.vector.id.as_str(),
                Explained {
                    by,
                    count: 1,
                    example: format!("`{}`", r.vector.id),
                    base: r.vector.base.as_deref(),
                    relative: &r.vector.relative,
                    answer: r.answer,
                },
            )),
            _ => None,
        })
        .unzip()
}

/// The first line of a file written from scratch.
const HEADER: &str = "# Expected failures, read by `rfc1808 run --expectations`.\n\
                      # Each vector listed here fails; a listed vector that passes fails the run.\n";

/// The line of a file that lists nothing.
const NONE: &str = "# None: every vector passes.\n";

/// The tables of the three kinds.
const FAILURES: &str = "expected-failure";
const INCONSISTENT: &str = "inconsistent-reading";
const DEVIATIONS: &str = "deviation";

/// The expectations file that lists a run's failures, in corpus order:
/// every vector `decide` says fails, and every entry of `existing` (the
/// old file's name and text) for a vector it says nothing new about; then
/// an `[[inconsistent-reading]]` entry for each ambiguity of `inconsistent`
/// (the ambiguities the run saw followed inconsistently, each with what
/// was seen, the reason of a new entry).
///
/// An entry that stays keeps its reason, comments and formatting, byte for
/// byte; so do the comments at the top of the file. A new entry gets the
/// observed reason. Entries for vectors that pass, entries that name no
/// resolve vector, and entries for ambiguities not in `inconsistent` are
/// dropped.
///
/// The file is for `spec`, the spec the run graded under: it starts with a
/// `spec` key unless that is RFC 1808 (and the old file had none), and an
/// old file of another spec is an error.
pub fn rewrite(
    existing: Option<(&str, &str)>,
    spec: Spec,
    corpus: &Corpus,
    inconsistent: &[(&str, String)],
    decide: impl FnMut(&crate::ResolveVector) -> Decision,
) -> Result<Rewritten, LoadError> {
    rewrite_for(existing, spec, None, corpus, inconsistent, &[], decide)
}

/// [`rewrite`] for a run of `version` of the implementation (what
/// [`library_version`] reads from its handshake), which the file then
/// records in its `written-for` key.
///
/// Entries that hold for other versions only are left as they are. An
/// entry without `versions` holds for every version the file was written
/// for: when this run passes it, it is kept for the others, with
/// `versions` naming them (and dropped when there are none). When the old
/// file was written for other versions and not this one, a new failure is
/// written with `versions` naming this one. An entry for some versions that fails on
/// this one too gets this version added; one that passes has it taken out
/// (and is dropped when nothing is left, or when a range of its still
/// holds for this version).
///
/// `deviations` are the deviations that explain the run's failures, each
/// with the reason a new `[[deviation]]` entry gets; `decide` says `Fails`
/// only of the failures they do not explain. A listed deviation the run
/// does not need is dropped, as an entry for a vector that passes is.
pub fn rewrite_for(
    existing: Option<(&str, &str)>,
    spec: Spec,
    version: Option<&Version>,
    corpus: &Corpus,
    inconsistent: &[(&str, String)],
    deviations: &[(Id, String)],
    decide: impl FnMut(&crate::ResolveVector) -> Decision,
) -> Result<Rewritten, LoadError> {
    let OldFile {
        header,
        trailing,
        tables,
        groups,
        count: old_count,
        above_spec,
        above_written,
        mut written_for,
    } = OldFile::read(existing, spec)?;
    let mut rewrite = Rewrite {
        old: tables,
        groups,
        version,
        // A run of a version the old file was not written for: what the old
        // file says holds for the versions it was written for.
        other_version: version.filter(|v| !written_for.is_empty() && !written_for.contains(v)),
        written_for: &written_for,
        kept: 0,
        added: 0,
    };
    // Old tables that stay, new ones, in the order they are written.
    let failures = rewrite.failures(corpus, decide);
    let readings = rewrite.readings(spec, inconsistent);
    let causes = rewrite.deviations(deviations);
    let (kept, added) = (rewrite.kept, rewrite.added);
    if let Some(version) = version {
        if !written_for.contains(version) {
            written_for.push(version.clone());
        }
    }

    let (doc, position) = document([
        (DEVIATIONS, causes),
        (FAILURES, failures),
        (INCONSISTENT, readings),
    ]);
    let header = with_keys(header, above_spec, above_written, spec, &written_for);
    let text = file_text(&header, position == 0, &doc, &trailing);
    Ok(Rewritten {
        text,
        kept,
        added,
        dropped: old_count - kept,
    })
}

/// The old tables of each kind, by kind and id or ambiguity, with their
/// versions.
type OldTables = HashMap<(&'static str, String), (toml_edit::Table, Option<Versions>)>;

/// What [`rewrite_for`] keeps of the old file.
struct OldFile {
    /// The top comments (a new file's when there is no old one).
    header: String,
    /// The comments after the last table.
    trailing: String,
    tables: OldTables,
    /// Its `[[expected-failure]]` groups (`ids`), in file order.
    groups: Vec<OldGroup>,
    /// How many entries it had.
    count: usize,
    // The comments above the old file's `spec` and `written-for` keys.
    above_spec: Option<String>,
    above_written: Option<String>,
    written_for: Vec<Version>,
}

impl OldFile {
    /// `existing` (the old file's name and text) read, checked to be for
    /// `spec`; a file written from scratch when there is none.
    fn read(existing: Option<(&str, &str)>, spec: Spec) -> Result<OldFile, LoadError> {
        let mut old = OldFile {
            header: HEADER.to_owned(),
            trailing: String::new(),
            tables: HashMap::new(),
            groups: Vec::new(),
            count: 0,
            above_spec: None,
            above_written: None,
            written_for: Vec::new(),
        };
        let Some((name, text)) = existing else {
            return Ok(old);
        };
        let parsed = Expectations::parse_str(name, text)?;
        parsed.check_spec(spec)?;
        old.count = parsed.entries.len() + parsed.inconsistent.len() + parsed.deviations.len();
        old.written_for.clone_from(&parsed.written_for);
        let versions = versions_by_table(&parsed);
        let doc: toml_edit::DocumentMut = text
            .parse()
            .map_err(|e: toml_edit::TomlError| LoadError::at(name, text, None, e.to_string()))?;
        old.trailing = raw(doc.trailing());
        let above = |key: &str| {
            doc.as_table()
                .key(key)
                .map(|key| key.leaf_decor().prefix().map(raw).unwrap_or_default())
        };
        old.above_spec = above("spec");
        old.above_written = above("written-for");
        let tables = tables_in_file_order(&doc);
        // The top comments are the first table's prefix up to its last
        // blank line; the rest is the entry's own.
        old.header = match tables.first() {
            Some((_, _, first)) => {
                let prefix = prefix(first);
                let cut = prefix.rfind("\n\n").map_or(0, |at| at + 2);
                prefix[..cut].to_owned()
            }
            None => std::mem::take(&mut old.trailing),
        };
        for (i, (kind, name, table)) in tables.into_iter().enumerate() {
            let mut table = table.clone();
            if i == 0 {
                let own = prefix(&table)[old.header.len()..].to_owned();
                table.decor_mut().set_prefix(own);
            }
            let entry_versions = versions.get(&(kind, name)).cloned().flatten();
            old.keep(kind, name, table, entry_versions);
        }
        Ok(old)
    }
}

impl OldFile {
    /// Keeps an old table of `kind` named `name` (a group by its first id).
    fn keep(
        &mut self,
        kind: &'static str,
        name: &str,
        table: toml_edit::Table,
        versions: Option<Versions>,
    ) {
        match group_ids(kind, &table) {
            Some(ids) => self.groups.push(OldGroup {
                table,
                versions,
                ids,
            }),
            None => {
                self.tables
                    .insert((kind, name.to_owned()), (table, versions));
            }
        }
    }
}

/// An `[[expected-failure]]` table of the old file that lists a group of
/// ids under one reason.
struct OldGroup {
    table: toml_edit::Table,
    versions: Option<Versions>,
    ids: Vec<String>,
}

/// The ids of a table of `kind` that lists a group (`ids`), if it does.
fn group_ids(kind: &str, table: &toml_edit::Table) -> Option<Vec<String>> {
    if kind != FAILURES {
        return None;
    }
    let ids = table.get("ids")?.as_array()?;
    Some(
        ids.iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
    )
}

/// The versions of each entry of `parsed`, by kind and id or ambiguity.
fn versions_by_table(parsed: &Expectations) -> HashMap<(&str, &str), Option<Versions>> {
    let mut versions: HashMap<(&str, &str), Option<Versions>> = HashMap::new();
    for e in &parsed.entries {
        versions.insert((FAILURES, &e.id), e.versions.clone());
    }
    for e in &parsed.inconsistent {
        versions.insert((INCONSISTENT, &e.ambiguity), e.versions.clone());
    }
    for e in &parsed.deviations {
        versions.insert((DEVIATIONS, e.id.name()), e.versions.clone());
    }
    versions
}

/// The tables of the three kinds in `doc`, each with its kind and id or
/// ambiguity, in the order of the file.
fn tables_in_file_order(
    doc: &toml_edit::DocumentMut,
) -> Vec<(&'static str, &str, &toml_edit::Table)> {
    let mut tables: Vec<(&str, &str, &toml_edit::Table)> = Vec::new();
    for (kind, key) in [
        (FAILURES, "id"),
        (INCONSISTENT, "ambiguity"),
        (DEVIATIONS, "name"),
    ] {
        let of_kind = doc.get(kind).and_then(toml_edit::Item::as_array_of_tables);
        for table in of_kind.into_iter().flat_map(|t| t.iter()) {
            // A group by its first id, whose versions are the group's.
            let first_of_group = || table.get("ids")?.as_array()?.get(0)?.as_str();
            let name = table.get(key).and_then(|v| v.as_str());
            if let Some(name) = name.or_else(|| (kind == FAILURES).then(first_of_group).flatten()) {
                tables.push((kind, name, table));
            }
        }
    }
    tables.sort_by_key(|(_, _, t)| t.position());
    tables
}

/// The tables [`rewrite_for`] writes, from the old file's and the run's.
struct Rewrite<'a> {
    /// The old tables not written yet.
    old: OldTables,
    /// The old file's groups.
    groups: Vec<OldGroup>,
    /// The version of the run.
    version: Option<&'a Version>,
    /// The versions the old file was written for.
    written_for: &'a [Version],
    /// The version of the run, when the old file was not written for it.
    other_version: Option<&'a Version>,
    /// Old tables that stay.
    kept: usize,
    /// New tables.
    added: usize,
}

impl Rewrite<'_> {
    /// A new table, for the version of the run when the old file was
    /// written for others.
    fn for_this(&self, new: toml_edit::Table) -> toml_edit::Table {
        match self.other_version {
            Some(version) => conditioned(new, &Versions::exactly(version)),
            None => new,
        }
    }

    /// What becomes of an old table, given whether this run fails it.
    fn carry(
        &self,
        (table, versions): (toml_edit::Table, Option<Versions>),
        fails: bool,
    ) -> Option<toml_edit::Table> {
        let version = self.version;
        match (versions, version) {
            // Another version's entry: this run says nothing about it.
            (Some(versions), Some(v)) if !versions.matches(v) => Some(if fails {
                conditioned(table, &versions.with(v))
            } else {
                table
            }),
            (Some(_), None) => Some(table),
            (Some(versions), Some(v)) => match fails {
                true => Some(table),
                false => versions.without(v).map(|left| conditioned(table, &left)),
            },
            (None, _) if fails => Some(table),
            // It held for every version the file was written for; it
            // still holds for the others.
            (None, _) => {
                let mut others = self.written_for.iter().filter(|w| Some(*w) != version);
                let first = Versions::exactly(others.next()?);
                let versions = others.fold(first, |all, w| all.with(w));
                Some(conditioned(table, &versions))
            }
        }
    }

    /// The `[[expected-failure]]` tables, in corpus order: a group where
    /// its first id that stays is. An old group keeps the ids that still
    /// fail (or the run says nothing new about), in its own formatting; an
    /// id of it that passes is carried alone, as an entry of its own would
    /// be. New failures of one group are one new table.
    fn failures(
        &mut self,
        corpus: &Corpus,
        mut decide: impl FnMut(&crate::ResolveVector) -> Decision,
    ) -> Vec<toml_edit::Table> {
        let group_of: HashMap<String, usize> = self
            .groups
            .iter()
            .enumerate()
            .flat_map(|(at, g)| g.ids.iter().map(move |id| (id.clone(), at)))
            .collect();
        let mut slots = Vec::new();
        let mut old_groups: Vec<OldGroupRun> =
            self.groups.iter().map(|_| OldGroupRun::default()).collect();
        let mut new_groups: Vec<NewGroup> = Vec::new();
        for v in &corpus.resolve {
            if let Some(&at) = group_of.get(&v.id) {
                let run = &mut old_groups[at];
                if !run.placed {
                    run.placed = true;
                    slots.push(Slot::OldGroup(at));
                }
                run.decided(&v.id, decide(v));
                continue;
            }
            let before = self.old.remove(&(FAILURES, v.id.clone()));
            let table = match (decide(v), before) {
                (Decision::Undecided, None) | (Decision::Passes, None) => None,
                (Decision::Undecided, Some((table, _))) => Some(table),
                (Decision::Passes, Some(before)) => self.carry(before, false),
                (Decision::Explained, _) => None,
                (Decision::Fails { .. }, Some(before)) => self.carry(before, true),
                (Decision::Fails { observed, group }, None) => {
                    self.added += 1;
                    let member = (v.id.clone(), observed);
                    if let Some(new) = NewGroup::join(&mut new_groups, group, member) {
                        slots.push(Slot::NewGroup(new));
                    }
                    continue;
                }
            };
            if let Some(table) = table {
                self.kept += 1;
                slots.push(Slot::Table(table));
            }
        }
        let mut failures = Vec::new();
        for slot in slots {
            match slot {
                Slot::Table(table) => failures.push(table),
                Slot::NewGroup(at) => failures.push(self.for_this(new_groups[at].table())),
                Slot::OldGroup(at) => {
                    let run = std::mem::take(&mut old_groups[at]);
                    failures.extend(self.carry_group(at, run));
                }
            }
        }
        failures
    }

    /// What becomes of the old group `at`, given what the run decided of
    /// its ids (`run`): the group with the ids that stay, then each id
    /// that passes as an entry of its own would be carried.
    fn carry_group(&mut self, at: usize, run: OldGroupRun) -> Vec<toml_edit::Table> {
        let OldGroup {
            table, versions, ..
        } = &self.groups[at];
        let mut out = Vec::new();
        if !run.kept.is_empty() {
            let mut kept = table.clone();
            if let Some(ids) = kept.get_mut("ids").and_then(toml_edit::Item::as_array_mut) {
                ids.retain(|id| {
                    id.as_str()
                        .is_some_and(|id| run.kept.iter().any(|k| k == id))
                });
            }
            // Ids the run says nothing new about keep the table as it is,
            // as an entry of its own would stay.
            let carried = match run.fails {
                true => self.carry((kept, versions.clone()), true),
                false => Some(kept),
            };
            if let Some(table) = carried {
                self.kept += run.kept.len();
                out.push(table);
            }
        }
        for id in run.passed {
            let mut alone = table.clone();
            alone.remove("ids");
            let mut with_id = new_table(&[("id", &id)]);
            for (key, item) in alone.iter() {
                with_id.insert(key, item.clone());
            }
            if let Some(table) = self.carry((with_id, versions.clone()), false) {
                self.kept += 1;
                out.push(table);
            }
        }
        out
    }

    /// The `[[inconsistent-reading]]` tables, in the order of `spec`'s
    /// registry.
    fn readings(&mut self, spec: Spec, inconsistent: &[(&str, String)]) -> Vec<toml_edit::Table> {
        let mut readings = Vec::new();
        let registry = spec.registry();
        for ambiguity in registry {
            let seen = inconsistent.iter().find(|(a, _)| *a == ambiguity.name);
            let before = self.old.remove(&(INCONSISTENT, ambiguity.name.to_owned()));
            match (seen, before) {
                (None, None) => {}
                (Some(_), Some(before)) | (None, Some(before)) => {
                    if let Some(table) = self.carry(before, seen.is_some()) {
                        self.kept += 1;
                        readings.push(table);
                    }
                }
                (Some((ambiguity, seen)), None) => {
                    self.added += 1;
                    readings.push(
                        self.for_this(new_table(&[("ambiguity", ambiguity), ("reason", seen)])),
                    );
                }
            }
        }
        readings
    }

    /// The `[[deviation]]` tables, in catalogue order.
    fn deviations(&mut self, deviations: &[(Id, String)]) -> Vec<toml_edit::Table> {
        let mut causes = Vec::new();
        for &id in rfc1808_resolver::deviations::Id::ALL {
            let seen = deviations.iter().find(|(d, _)| *d == id);
            let before = self.old.remove(&(DEVIATIONS, id.name().to_owned()));
            match (seen, before) {
                (None, None) => {}
                (Some(_), Some(before)) | (None, Some(before)) => {
                    if let Some(table) = self.carry(before, seen.is_some()) {
                        self.kept += 1;
                        causes.push(table);
                    }
                }
                (Some((_, reason)), None) => {
                    self.added += 1;
                    causes
                        .push(self.for_this(new_table(&[("name", id.name()), ("reason", reason)])));
                }
            }
        }
        causes
    }
}

/// The tables of each kind, in this order, in one document; and how many
/// there are.
fn document(kinds: [(&str, Vec<toml_edit::Table>); 3]) -> (toml_edit::DocumentMut, isize) {
    let mut doc = toml_edit::DocumentMut::new();
    let mut position: isize = 0;
    for (kind, tables) in kinds {
        if tables.is_empty() {
            continue;
        }
        let mut out = toml_edit::ArrayOfTables::new();
        for mut table in tables {
            // Each table after the first is set off by a blank line, and
            // is printed in this order whatever its place in the old file.
            let prefix = prefix(&table);
            if position > 0 && !prefix.starts_with('\n') {
                table.decor_mut().set_prefix(format!("\n{prefix}"));
            }
            if position == 0 {
                // The top comments go before it.
                table
                    .decor_mut()
                    .set_prefix(prefix.trim_start_matches('\n').to_owned());
            }
            table.set_position(Some(position));
            position += 1;
            out.push(table);
        }
        doc.insert(kind, toml_edit::Item::ArrayOfTables(out));
    }
    (doc, position)
}

/// `header`, the top comments, with the `spec` and `written-for` keys
/// (`written_for` its versions) and the comments the old file had above
/// them.
fn with_keys(
    mut header: String,
    above_spec: Option<String>,
    above_written: Option<String>,
    spec: Spec,
    written_for: &[Version],
) -> String {
    let spec_line = format!("spec = \"{spec}\"\n");
    let written_line = if written_for.is_empty() {
        String::new()
    } else {
        let versions: Vec<String> = written_for
            .iter()
            .map(|v| toml_string(&v.to_string()))
            .collect();
        format!("written-for = [{}]\n", versions.join(", "))
    };
    match (above_spec, above_written) {
        (Some(above), written) => {
            let written = written.unwrap_or_default();
            header = format!("{above}{spec_line}{written}{written_line}{header}");
        }
        // An RFC 1808 file without a `spec` key.
        (None, Some(above)) => header = format!("{above}{written_line}{header}"),
        (None, None) => {
            let mut lines = written_line;
            if spec != Spec::Rfc1808 {
                lines.insert_str(0, &spec_line);
            }
            if !lines.is_empty() {
                header.truncate(header.trim_end_matches('\n').len());
                if !header.is_empty() {
                    header.push('\n');
                }
                header.push_str(&lines);
            }
        }
    }
    header
}

/// The file's text: `header`, then the tables of `doc` or, when `empty`,
/// the line that says there are none; then `trailing`.
fn file_text(header: &str, empty: bool, doc: &toml_edit::DocumentMut, trailing: &str) -> String {
    let mut text = header.replace(NONE, "");
    if empty {
        text.truncate(text.trim_end_matches('\n').len());
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(NONE);
    } else {
        if !text.is_empty() && !text.ends_with("\n\n") {
            text.push_str(if text.ends_with('\n') { "\n" } else { "\n\n" });
        }
        text.push_str(&doc.to_string());
    }
    text.push_str(trailing);
    text
}

/// `table` with its `versions` key set to `versions`.
fn conditioned(mut table: toml_edit::Table, versions: &Versions) -> toml_edit::Table {
    let array: toml_edit::Array = versions.strings().collect();
    table.insert("versions", toml_edit::value(array));
    table
}

/// The text of a parsed document's whitespace and comments.
fn raw(s: &toml_edit::RawString) -> String {
    s.as_str().unwrap_or_default().to_owned()
}

/// The whitespace and comments before a table's header.
fn prefix(table: &toml_edit::Table) -> String {
    table.decor().prefix().map(raw).unwrap_or_default()
}

impl OldGroupRun {
    /// Takes what the run decided of `id`.
    fn decided(&mut self, id: &str, decision: Decision) {
        match decision {
            Decision::Fails { .. } => {
                self.fails = true;
                self.kept.push(id.to_owned());
            }
            Decision::Undecided => self.kept.push(id.to_owned()),
            Decision::Passes => self.passed.push(id.to_owned()),
            Decision::Explained => {}
        }
    }
}

/// What a run decided of the ids of an old group.
#[derive(Default)]
struct OldGroupRun {
    /// Whether its table has a place among the tables written yet.
    placed: bool,
    /// The ids that stay: failing, or about which the run says nothing new.
    kept: Vec<String>,
    /// Whether one of them fails.
    fails: bool,
    /// The ids that pass.
    passed: Vec<String>,
}

/// A place among the `[[expected-failure]]` tables written.
enum Slot {
    Table(toml_edit::Table),
    /// The old group of that index.
    OldGroup(usize),
    /// The new group of that index.
    NewGroup(usize),
}

/// New failures of one group.
struct NewGroup {
    /// How its answers differ; `None`: an entry of its own.
    name: Option<String>,
    /// Each an id and what was observed of it.
    members: Vec<(String, String)>,
}

impl NewGroup {
    /// Adds `member` to the group of `groups` named `name`, or to a new
    /// one, whose index it returns (an unnamed failure is always one).
    fn join(
        groups: &mut Vec<NewGroup>,
        name: Option<String>,
        member: (String, String),
    ) -> Option<usize> {
        let same = |g: &&mut NewGroup| name.is_some() && g.name == name;
        if let Some(group) = groups.iter_mut().find(same) {
            group.members.push(member);
            return None;
        }
        groups.push(NewGroup {
            name,
            members: vec![member],
        });
        Some(groups.len() - 1)
    }

    /// Its table: the first member's own entry when it is alone, else its
    /// ids, one a line, under one reason.
    fn table(&self) -> toml_edit::Table {
        let (id, observed) = &self.members[0];
        let Some(name) = self.name.as_ref().filter(|_| self.members.len() > 1) else {
            return new_table(&[("id", id), ("reason", observed)]);
        };
        let reason = format!(
            "{name}: {} vectors, e.g. `{id}`: {observed}",
            self.members.len()
        );
        let mut ids: toml_edit::Array = self
            .members
            .iter()
            .map(|(id, _)| {
                let mut id = toml_edit::Value::from(id.as_str());
                id.decor_mut().set_prefix("\n    ");
                id
            })
            .collect();
        ids.set_trailing_comma(true);
        ids.set_trailing("\n");
        let mut table = toml_edit::Table::new();
        table.insert("ids", toml_edit::Item::Value(ids.into()));
        for (key, value) in new_table(&[("reason", &reason)]).iter() {
            table.insert(key, value.clone());
        }
        table
    }
}

/// A new table of these keys and values, its strings in basic quotes.
fn new_table(pairs: &[(&str, &str)]) -> toml_edit::Table {
    let mut table = toml_edit::Table::new();
    for (key, value) in pairs {
        let value: toml_edit::Value = toml_string(value)
            .parse()
            .expect("a basic string written by toml_string parses");
        table.insert(key, toml_edit::Item::Value(value));
    }
    table
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite_without_causes(
        existing: Option<(&str, &str)>,
        spec: Spec,
        version: Option<&Version>,
        corpus: &Corpus,
        inconsistent: &[(&str, String)],
        decide: impl FnMut(&crate::ResolveVector) -> Decision,
    ) -> Result<Rewritten, LoadError> {
        rewrite_for(existing, spec, version, corpus, inconsistent, &[], decide)
    }

    const LISTED: &str = r#"
[[expected-failure]]
id = "rfc1808-5.1/g"
reason = "drops the base path"

[[expected-failure]]
id = "rfc1808-5.1/slash-g"
reason = "was broken once"
"#;

    #[test]
    fn file_errors_say_where() {
        let twice = format!("{LISTED}{}", &LISTED[..LISTED.find("\n\n").unwrap()]);
        assert_eq!(
            Expectations::parse_str("py.toml", &twice)
                .unwrap_err()
                .to_string(),
            "py.toml:11: key `id`: `rfc1808-5.1/g` is listed twice, first at line 3"
        );
        let err = Expectations::parse_str(
            "py.toml",
            "[[expected-failure]]\nid = \"a/b\"\nreason = \"\"\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "py.toml:3: key `reason`: say why `a/b` fails"
        );
        let err = Expectations::parse_str(
            "py.toml",
            "[[expected-failure]]\nid = \"a/b\"\nwhy = \"x\"\n",
        )
        .unwrap_err();
        assert!(
            err.to_string().starts_with(
                "py.toml:3: unknown key `why`, expected one of `id`, `ids`, `reason`, `versions`"
            ),
            "{err}"
        );
        let error = |text: &str| {
            Expectations::parse_str("py.toml", text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("[[expected-failure]]\nreason = \"x\"\n"),
            "py.toml:2: missing key `id` (or `ids`): the vector this entry lists"
        );
        assert_eq!(
            error("[[expected-failure]]\nid = \"a/b\"\nids = [\"a/c\"]\nreason = \"x\"\n"),
            "py.toml:2: give `id` or `ids`, not both"
        );
        assert_eq!(
            error("[[expected-failure]]\nids = []\nreason = \"x\"\n"),
            "py.toml:2: key `ids`: list one id or more"
        );
        // An id listed in a group and alone, at the line of each.
        assert_eq!(
            error(
                "[[expected-failure]]\nids = [\n  \"a/b\",\n  \"a/c\",\n]\nreason = \"x\"\n\n\
                 [[expected-failure]]\nid = \"a/c\"\nreason = \"y\"\n"
            ),
            "py.toml:9: key `id`: `a/c` is listed twice, first at line 4"
        );
    }

    #[test]
    fn a_group_lists_each_of_its_ids_with_its_reason() {
        let e = Expectations::parse_str(
            "py.toml",
            "[[expected-failure]]\nids = [\"a/b\", \"a/c\"]\nreason = \"path: `/` removed\"\n\
             versions = \"<2\"\n",
        )
        .unwrap();
        let ids: Vec<(&str, &str, usize)> = e
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.reason.as_str(), e.line))
            .collect();
        assert_eq!(
            ids,
            [
                ("a/b", "path: `/` removed", 2),
                ("a/c", "path: `/` removed", 2)
            ]
        );
        assert!(e.entries.iter().all(|e| e.versions.is_some()));
    }

    /// Fails `g`, `dot-g` where `fails_dot` (one group), `g-slash` (no
    /// group) and `slash-g` (a group alone); passes the rest of section
    /// 5.1.
    fn grouped(fails_dot: bool) -> impl FnMut(&crate::ResolveVector) -> Decision {
        move |v| {
            let fails = |group: Option<&str>| Decision::Fails {
                observed: format!("got \"x\" (expected {:?})", v.expected),
                group: group.map(str::to_owned),
            };
            match v.id.as_str() {
                "rfc1808-5.1/g" => fails(Some("path: `/` removed")),
                "rfc1808-5.1/dot-g" if fails_dot => fails(Some("path: `/` removed")),
                "rfc1808-5.1/slash-g" => fails(Some("query differs")),
                "rfc1808-5.1/g-slash" => fails(None),
                _ => Decision::Passes,
            }
        }
    }

    #[test]
    fn new_failures_of_one_group_are_one_entry_and_stay_one_as_ids_pass() {
        let corpus = crate::embedded();
        let written = rewrite(None, Spec::Rfc1808, &corpus, &[], grouped(true)).unwrap();
        let tables: Vec<&str> = written.text.split("\n\n").skip(1).collect();
        assert_eq!(
            tables,
            [
                "[[expected-failure]]\nids = [\n    \"rfc1808-5.1/g\",\n    \"rfc1808-5.1/dot-g\",\n]\n\
                 reason = \"path: `/` removed: 2 vectors, e.g. `rfc1808-5.1/g`: got \\\"x\\\" (expected \\\"http://a/b/c/g\\\")\"",
                "[[expected-failure]]\nid = \"rfc1808-5.1/g-slash\"\nreason = \"got \\\"x\\\" (expected \\\"http://a/b/c/g/\\\")\"",
                "[[expected-failure]]\nid = \"rfc1808-5.1/slash-g\"\nreason = \"got \\\"x\\\" (expected \\\"http://a/g\\\")\"\n",
            ],
            "{}",
            written.text
        );
        assert_eq!((written.kept, written.added, written.dropped), (0, 4, 0));
        // Strict on every id of it.
        let read = Expectations::parse_str("py.toml", &written.text).unwrap();
        assert_eq!(read.entries.len(), 4);
        // Once `dot-g` passes, the group keeps `g`, as it was written.
        let hand = written.text.replace(
            "reason = \"path: `/` removed: 2",
            "# by hand\nreason = \"path: `/` removed: 2",
        );
        let again = rewrite(
            Some(("py.toml", &hand)),
            Spec::Rfc1808,
            &corpus,
            &[],
            grouped(false),
        )
        .unwrap();
        assert!(
            again.text.contains(
                "[[expected-failure]]\nids = [\n    \"rfc1808-5.1/g\",\n]\n# by hand\nreason = \"path"
            ),
            "{}",
            again.text
        );
        assert_eq!((again.kept, again.added, again.dropped), (3, 0, 1));
        // A run that decides nothing about it (filtered out, errors)
        // keeps it as it is.
        let undecided = rewrite(
            Some(("py.toml", &hand)),
            Spec::Rfc1808,
            &corpus,
            &[],
            |_| Decision::Undecided,
        )
        .unwrap();
        assert_eq!(undecided.text, hand);
    }

    #[test]
    fn an_id_of_a_group_that_passes_is_kept_for_the_versions_it_failed_on() {
        let corpus = crate::embedded();
        let first = rewrite_without_causes(
            None,
            Spec::Rfc3986,
            Some(&v("1.0.0")),
            &corpus,
            &[],
            grouped(true),
        )
        .unwrap();
        let second = rewrite_without_causes(
            Some(("py.toml", &first.text)),
            Spec::Rfc3986,
            Some(&v("2.0.0")),
            &corpus,
            &[],
            grouped(false),
        )
        .unwrap();
        let read = Expectations::parse_str("py.toml", &second.text).unwrap();
        let dot = read
            .entries
            .iter()
            .find(|e| e.id == "rfc1808-5.1/dot-g")
            .expect("kept for 1.0.0");
        assert!(dot
            .versions
            .as_ref()
            .is_some_and(|vs| vs.matches(&v("1.0.0"))));
        assert!(!dot
            .versions
            .as_ref()
            .is_some_and(|vs| vs.matches(&v("2.0.0"))));
        let g = read
            .entries
            .iter()
            .find(|e| e.id == "rfc1808-5.1/g")
            .unwrap();
        assert_eq!(g.versions, None, "{}", second.text);
    }

    #[test]
    fn toml_strings_round_trip() {
        let s = "a\"b\\c\nd\te\u{1}f\u{7f}é";
        let text = format!(
            "[[expected-failure]]\nid = \"a/b\"\nreason = {}\n",
            toml_string(s)
        );
        let e = Expectations::parse_str("t.toml", &text).unwrap();
        assert_eq!(e.entries[0].reason, s);
    }

    /// `g` fails, `slash-g` passes, `dot-g` fails for the first time,
    /// `too-many-dot-dot` is not run.
    fn decide(v: &crate::ResolveVector) -> Decision {
        match v.id.as_str() {
            "rfc1808-5.1/g" | "rfc1808-5.1/dot-g" => Decision::Fails {
                observed: format!("got \"x\" (expected {:?})", v.expected),
                group: None,
            },
            id if id.starts_with("rfc1808-5.1/") => Decision::Passes,
            _ => Decision::Undecided,
        }
    }

    #[test]
    fn a_rewrite_keeps_comments_and_the_formatting_of_entries_that_stay() {
        let corpus = crate::embedded();
        let old = "# Expected failures of my-url 2.0.\n# Reviewed by hand.\n\n\
                   # Not a bug: RFC 3986 says so.\n\
                   [[expected-failure]]\nid = \"rfc1808-5.2/too-many-dot-dot\"\nreason   =   'kept as written'  # trailing\n\n\
                   [[expected-failure]]\nid = \"rfc1808-5.1/slash-g\"\nreason = \"fixed since\"\n\n\
                   # the root cause is in join()\n\
                   [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n\n\
                   [[expected-failure]]\nid = \"gone/renamed\"\nreason = \"stale\"\n\
                   # end of list\n";
        let written = rewrite(Some(("py.toml", old)), Spec::Rfc1808, &corpus, &[], decide).unwrap();
        assert_eq!(
            written.text,
            "# Expected failures of my-url 2.0.\n# Reviewed by hand.\n\n\
             # the root cause is in join()\n\
             [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n\n\
             [[expected-failure]]\nid = \"rfc1808-5.1/dot-g\"\nreason = \"got \\\"x\\\" (expected \\\"http://a/b/c/g\\\")\"\n\n\
             # Not a bug: RFC 3986 says so.\n\
             [[expected-failure]]\nid = \"rfc1808-5.2/too-many-dot-dot\"\nreason   =   'kept as written'  # trailing\n\
             # end of list\n"
        );
        assert_eq!(
            (written.kept, written.added, written.dropped),
            (2, 1, 2),
            "g and too-many-dot-dot kept, dot-g added, slash-g and the stale one dropped"
        );
        let again = rewrite(
            Some(("py.toml", &written.text)),
            Spec::Rfc1808,
            &corpus,
            &[],
            decide,
        )
        .unwrap();
        assert_eq!(again.text, written.text, "a second rewrite changes nothing");
        assert_eq!((again.kept, again.added, again.dropped), (3, 0, 0));
    }

    #[test]
    fn inconsistent_readings_are_kept_added_and_dropped_like_entries() {
        let corpus = crate::embedded();
        let old = "# my-url\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n\n\
                   # checked by hand\n[[inconsistent-reading]]\nambiguity = \"empty-component\"\nreason = \"keeps `?`, drops `#`\"\n\n\
                   [[inconsistent-reading]]\nambiguity = \"entirely-empty\"\nreason = \"fixed since\"\n";
        let seen = [("empty-component", "seen".to_owned())];
        let written = rewrite(
            Some(("py.toml", old)),
            Spec::Rfc1808,
            &corpus,
            &seen,
            decide,
        )
        .unwrap();
        assert_eq!(
            written.text,
            "# my-url\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n\n\
             [[expected-failure]]\nid = \"rfc1808-5.1/dot-g\"\nreason = \"got \\\"x\\\" (expected \\\"http://a/b/c/g\\\")\"\n\n\
             # checked by hand\n[[inconsistent-reading]]\nambiguity = \"empty-component\"\nreason = \"keeps `?`, drops `#`\"\n"
        );
        assert_eq!((written.kept, written.added, written.dropped), (2, 1, 1));
        let fresh = rewrite(
            None,
            Spec::Rfc1808,
            &corpus,
            &[("entirely-empty", "string on a, b".to_owned())],
            |_| Decision::Passes,
        )
        .unwrap();
        assert_eq!(
            fresh.text,
            format!("{HEADER}\n[[inconsistent-reading]]\nambiguity = \"entirely-empty\"\nreason = \"string on a, b\"\n")
        );
        assert_eq!(
            Expectations::parse_str("py.toml", &fresh.text)
                .unwrap()
                .inconsistent[0]
                .ambiguity,
            "entirely-empty"
        );
    }

    #[test]
    fn a_new_file_has_a_header_and_says_when_nothing_fails() {
        let corpus = crate::embedded();
        let written = rewrite(None, Spec::Rfc1808, &corpus, &[], decide).unwrap();
        assert!(written.text.starts_with(&format!(
            "{HEADER}\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\n"
        )));
        assert_eq!((written.kept, written.added, written.dropped), (0, 2, 0));
        let none = rewrite(
            Some(("py.toml", &written.text)),
            Spec::Rfc1808,
            &corpus,
            &[],
            |_| Decision::Passes,
        )
        .unwrap();
        assert_eq!(none.text, format!("{HEADER}{NONE}"));
        assert_eq!((none.kept, none.added, none.dropped), (0, 0, 2));
        let back = rewrite(
            Some(("py.toml", &none.text)),
            Spec::Rfc1808,
            &corpus,
            &[],
            decide,
        )
        .unwrap();
        assert_eq!(back.text, written.text, "the `None` line goes again");
    }

    #[test]
    fn the_spec_key_names_the_spec_of_the_failures() {
        let e = Expectations::parse_str("py.toml", LISTED).unwrap();
        assert_eq!((e.spec, e.spec_line), (Spec::Rfc1808, 0));
        let text = format!("# py under RFC 3986\nspec = \"rfc3986\"\n{LISTED}");
        let e = Expectations::parse_str("py.toml", &text).unwrap();
        assert_eq!((e.spec, e.spec_line), (Spec::Rfc3986, 2));
        assert_eq!(e.check_spec(Spec::Rfc3986), Ok(()));
        assert_eq!(
            e.check_spec(Spec::Rfc1808).unwrap_err().to_string(),
            "py.toml:2: the expected failures are under rfc3986, but the implementation is graded under rfc1808; give the file for rfc1808, or grade under rfc3986 with --spec"
        );
        assert_eq!(
            Expectations::parse_str("py.toml", LISTED)
                .unwrap()
                .check_spec(Spec::Rfc2396)
                .unwrap_err()
                .to_string(),
            "py.toml: the expected failures are under rfc1808 (it has no `spec` key), but the implementation is graded under rfc2396; give the file for rfc2396, or grade under rfc1808 with --spec"
        );
        assert_eq!(
            Expectations::parse_str("py.toml", "spec = \"rfc3987\"\n")
                .unwrap_err()
                .to_string(),
            "py.toml:1: key `spec`: unknown spec `rfc3987`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
        let ambiguity = "spec = \"rfc3986\"\n[[inconsistent-reading]]\nambiguity = \"empty-component\"\nreason = \"x\"\n";
        assert_eq!(
            Expectations::parse_str("py.toml", ambiguity)
                .unwrap_err()
                .to_string(),
            "py.toml:3: key `ambiguity`: rfc3986: unknown ambiguity `empty-component`, expected \
             one of `same-scheme`, `base-case`, `base-percent-encoding`, `base-dot-segments`, \
             `base-port`, `base-empty-path`, `escaped-dots`, `double-slash-path`"
        );
        let same_scheme = ambiguity.replace("empty-component", "same-scheme");
        assert_eq!(
            Expectations::parse_str("py.toml", &same_scheme)
                .unwrap()
                .inconsistent[0]
                .ambiguity,
            "same-scheme"
        );
    }

    #[test]
    fn a_rewrite_writes_the_spec_key_unless_it_is_rfc1808() {
        let corpus = crate::embedded();
        let fresh = rewrite(None, Spec::Rfc3986, &corpus, &[], decide).unwrap();
        assert!(
            fresh.text.starts_with(&format!(
                "{HEADER}spec = \"rfc3986\"\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\n"
            )),
            "{}",
            fresh.text
        );
        let again = rewrite(
            Some(("py.toml", &fresh.text)),
            Spec::Rfc3986,
            &corpus,
            &[],
            decide,
        )
        .unwrap();
        assert_eq!(again.text, fresh.text, "a second rewrite changes nothing");
        let none = rewrite(
            Some(("py.toml", &fresh.text)),
            Spec::Rfc3986,
            &corpus,
            &[],
            |_| Decision::Passes,
        )
        .unwrap();
        assert_eq!(none.text, format!("{HEADER}spec = \"rfc3986\"\n{NONE}"));
        assert_eq!(
            Expectations::parse_str("py.toml", &none.text).unwrap().spec,
            Spec::Rfc3986
        );
        let back = rewrite(
            Some(("py.toml", &none.text)),
            Spec::Rfc3986,
            &corpus,
            &[],
            decide,
        )
        .unwrap();
        assert_eq!(back.text, fresh.text);
        let commented = "# my-url under RFC 3986\nspec = \"rfc3986\"\n\n# by hand\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n";
        let kept = rewrite(
            Some(("py.toml", commented)),
            Spec::Rfc3986,
            &corpus,
            &[],
            |v| {
                if v.id == "rfc1808-5.1/g" {
                    decide(v)
                } else {
                    Decision::Undecided
                }
            },
        )
        .unwrap();
        assert_eq!(kept.text, commented);
        assert_eq!(
            rewrite(Some(("py.toml", commented)), Spec::Rfc1808, &corpus, &[], decide)
                .unwrap_err()
                .to_string(),
            "py.toml:2: the expected failures are under rfc3986, but the implementation is graded under rfc1808; give the file for rfc1808, or grade under rfc3986 with --spec"
        );
    }

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap()
    }

    const CONDITIONED: &str = "spec = \"rfc3986\"\nwritten-for = [\"0.12.4\", \"0.11.0\"]\n\n\
        [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"drops the base path\"\n\n\
        [[expected-failure]]\nid = \"rfc1808-5.1/dot-g\"\nreason = \"an empty authority is none\"\nversions = [\"0.11.0\"]\n\n\
        [[inconsistent-reading]]\nambiguity = \"same-scheme\"\nreason = \"x\"\nversions = \"<0.12\"\n";

    #[test]
    fn an_entry_for_some_versions_applies_to_those_alone() {
        let e = Expectations::parse_str("rb.toml", CONDITIONED).unwrap();
        assert_eq!(e.written_for, [v("0.12.4"), v("0.11.0")]);
        let old = e.applying_to(Some(&v("0.11.0")));
        let ids: Vec<&str> = old.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["rfc1808-5.1/g", "rfc1808-5.1/dot-g"]);
        assert_eq!(old.inconsistent.len(), 1);
        let new = e.applying_to(Some(&v("0.12.4")));
        let ids: Vec<&str> = new.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(
            ids,
            ["rfc1808-5.1/g"],
            "the 0.11.0 entry is ignored, not stale"
        );
        assert!(new.inconsistent.is_empty());
        let unknown = e.applying_to(None);
        assert_eq!(
            unknown.entries.len(),
            1,
            "no version: conditions hold for none"
        );
    }

    #[test]
    fn a_version_the_file_was_not_written_for_is_named() {
        let e = Expectations::parse_str("rb.toml", CONDITIONED).unwrap();
        assert_eq!(e.drift(Some(&v("0.12.4"))), None);
        let drift = e.drift(Some(&v("0.13.0"))).unwrap();
        assert_eq!(
            drift.describe("ruby-uri"),
            "expectations written for ruby-uri 0.12.4, ruby-uri 0.11.0; this run has ruby-uri 0.13.0"
        );
        let unrecorded = CONDITIONED.replace("written-for = [\"0.12.4\", \"0.11.0\"]\n", "");
        let e = Expectations::parse_str("rb.toml", &unrecorded).unwrap();
        assert_eq!(e.drift(Some(&v("0.11.0"))), None);
        assert_eq!(
            e.drift(Some(&v("0.12.4"))).unwrap().describe("rb"),
            "expectations have entries for some versions, none for rb 0.12.4, the version this run has"
        );
        assert_eq!(
            e.drift(None).unwrap().describe("rb"),
            "rb reports no version, so the 2 expectations that hold for some versions only apply to none"
        );
    }

    #[test]
    fn a_malformed_condition_is_a_load_error_that_says_where() {
        let bad = CONDITIONED.replace("\"<0.12\"", "\"< zero\"");
        assert_eq!(
            Expectations::parse_str("rb.toml", &bad).unwrap_err().to_string(),
            "rb.toml:16: key `versions`: `< zero` is not a version requirement (unexpected character 'z' while parsing major version number); write one like `0.11.0`, `<0.12` or `>=1.2, <1.4`"
        );
        let number = CONDITIONED.replace("\"<0.12\"", "12");
        assert!(Expectations::parse_str("rb.toml", &number)
            .unwrap_err()
            .to_string()
            .starts_with("rb.toml:16:"),);
        let written = CONDITIONED.replace("\"0.11.0\"]\n\n", "\"later\"]\n\n");
        assert_eq!(
            Expectations::parse_str("rb.toml", &written)
                .unwrap_err()
                .to_string(),
            "rb.toml:2: key `written-for`: `later` holds no version number"
        );
    }

    /// Under 0.12.4 `g` fails; under 0.11.0 `g` and `dot-g` fail.
    fn decide_by(version: &'static str) -> impl FnMut(&crate::ResolveVector) -> Decision {
        move |v| match v.id.as_str() {
            "rfc1808-5.1/g" => Decision::Fails {
                observed: "got \"x\"".into(),
                group: None,
            },
            "rfc1808-5.1/dot-g" if version == "0.11.0" => Decision::Fails {
                observed: "got \"y\"".into(),
                group: None,
            },
            _ => Decision::Passes,
        }
    }

    #[test]
    fn a_rewrite_for_a_second_version_keeps_the_first_versions_entries_conditioned() {
        let corpus = crate::embedded();
        let first = rewrite_without_causes(
            None,
            Spec::Rfc3986,
            Some(&v("0.12.4")),
            &corpus,
            &[],
            decide_by("0.12.4"),
        )
        .unwrap();
        assert_eq!(
            first.text,
            format!("{HEADER}spec = \"rfc3986\"\nwritten-for = [\"0.12.4\"]\n\n[[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"got \\\"x\\\"\"\n")
        );
        // 0.11.0 fails one more, and 0.12.4 no longer runs.
        let seen = [("same-scheme", "strict on a; loose on b".to_owned())];
        let second = rewrite_without_causes(
            Some(("rb.toml", &first.text)),
            Spec::Rfc3986,
            Some(&v("0.11.0")),
            &corpus,
            &seen,
            decide_by("0.11.0"),
        )
        .unwrap();
        assert_eq!(
            second.text,
            format!("{HEADER}spec = \"rfc3986\"\nwritten-for = [\"0.12.4\", \"0.11.0\"]\n\n\
                     [[expected-failure]]\nid = \"rfc1808-5.1/g\"\nreason = \"got \\\"x\\\"\"\n\n\
                     [[expected-failure]]\nid = \"rfc1808-5.1/dot-g\"\nreason = \"got \\\"y\\\"\"\nversions = [\"0.11.0\"]\n\n\
                     [[inconsistent-reading]]\nambiguity = \"same-scheme\"\nreason = \"strict on a; loose on b\"\nversions = [\"0.11.0\"]\n")
        );
        // Each version, run again, finds its own entries and changes nothing.
        for (version, decide) in [
            ("0.12.4", decide_by("0.12.4")),
            ("0.11.0", decide_by("0.11.0")),
        ] {
            let seen: &[(&str, String)] = if version == "0.11.0" { &seen } else { &[] };
            let again = rewrite_without_causes(
                Some(("rb.toml", &second.text)),
                Spec::Rfc3986,
                Some(&v(version)),
                &corpus,
                seen,
                decide,
            )
            .unwrap();
            assert_eq!(again.text, second.text, "{version}");
            let e = Expectations::parse_str("rb.toml", &again.text).unwrap();
            assert_eq!(e.drift(Some(&v(version))), None);
        }
        // 0.12.4 passing `g` now: it holds for 0.11.0 only.
        let fixed = rewrite_without_causes(
            Some(("rb.toml", &second.text)),
            Spec::Rfc3986,
            Some(&v("0.12.4")),
            &corpus,
            &[],
            |v| match v.id.as_str() {
                "rfc1808-5.1/g" => Decision::Passes,
                _ => decide_by("0.12.4")(v),
            },
        )
        .unwrap();
        assert!(
            fixed.text.contains(
                "id = \"rfc1808-5.1/g\"\nreason = \"got \\\"x\\\"\"\nversions = [\"0.11.0\"]\n"
            ),
            "{}",
            fixed.text
        );
        // And the other way: when a file was written for one version and a
        // second one passes an entry, the entry holds for the first.
        let first_only = rewrite_without_causes(
            Some(("rb.toml", &first.text)),
            Spec::Rfc3986,
            Some(&v("0.13.0")),
            &corpus,
            &[],
            |_| Decision::Passes,
        )
        .unwrap();
        assert!(
            first_only
                .text
                .contains("reason = \"got \\\"x\\\"\"\nversions = [\"0.12.4\"]\n"),
            "{}",
            first_only.text
        );
        assert_eq!(
            (first_only.kept, first_only.added, first_only.dropped),
            (1, 0, 0)
        );
    }

    #[test]
    fn a_deviation_entry_names_one_the_spec_departs_from() {
        let file = |name: &str| {
            format!("spec = \"rfc3986\"\n\n[[deviation]]\nname = \"{name}\"\nreason = \"seen\"\n")
        };
        let e = Expectations::parse_str("d.toml", &file("empty-query-dropped")).unwrap();
        assert_eq!(e.deviations[0].id, Id::EmptyQueryDropped);
        assert_eq!(e.deviations[0].line, 4);
        assert_eq!(e.deviation_set(), Set::of(&[Id::EmptyQueryDropped]));
        assert_eq!(
            Expectations::parse_str("d.toml", &file("empty-query-drop"))
                .unwrap_err()
                .to_string(),
            "d.toml:4: key `name`: unknown deviation `empty-query-drop` (docs/deviations.md lists them)"
        );
        let rfc1808 = file("above-root-kept").replace("spec = \"rfc3986\"\n", "");
        assert_eq!(
            Expectations::parse_str("d.toml", &rfc1808)
                .unwrap_err()
                .to_string(),
            "d.toml:3: key `name`: `above-root-kept` is no deviation from rfc1808, whose answer (or one of its readings) it gives"
        );
    }
}
