//! Turns a finding into a permanent vector: `rfc1808 promote` appends a
//! `[[resolve]]` table to a vector file (`vectors/regressions.toml` in a
//! checkout, a project's own file beside its config elsewhere) that states
//! the reference resolvers' answers under every spec, and under each
//! reading where a reading changes them ([`answers`]), so that the vector
//! can fail whatever spec a library is graded under.
//!
//! The file's text only grows: the new text is the old one with the vector
//! after it, so everything already in it stays byte for byte. The new text
//! is checked through the vectors loader before it is written, and replaces
//! the file atomically ([`rfc1808_vectors::files::replace`]): a full disk or
//! a killed process leaves the file as it was. A pair already present as a
//! vector is refused, and so is a pair on which two versions of a spec's
//! reference disagree (that is a resolver bug, not a finding about an
//! implementation), and a pair the spec of the finding leaves undefined
//! (a vector no answer could fail under it).
//!
//! # What it reads
//!
//! The target file, and what its ids must not collide with: in a checkout
//! (the file is one of the corpus's files, in a directory that holds them
//! all) the other files of that directory; anywhere else the built-in
//! vectors, or those of `--vectors`, and the files added with
//! `--add-vectors` ([`VectorSource`]). Nothing else in the file's directory
//! is read, so a config or an expectations file may sit beside it.
//!
//! # Concurrent promotions
//!
//! Promotions into one directory (two fuzz campaigns with `--promote`, a
//! CI matrix sharing a checkout) take turns: each holds an advisory lock on
//! the directory's [`LOCK_FILE`] while it reads the files, chooses the next
//! id and writes, and a promotion waits up to [`LOCK_TIMEOUT`] for its turn.
//! The lock file is never removed: a promotion waiting on it would
//! otherwise hold a lock on a file no longer in the directory, which a later
//! one would not see. The lock is released when the process ends, however
//! it ends.
//!
//! # Ids
//!
//! A promoted vector is `regression/N`, or `whatwg-regression/N` for a
//! finding under the URL Standard ([`group`]). N is one more than the
//! high-water mark of its group, the largest of
//!
//! - every `N` of an id `regression/N` or `regression/N-...` in the target
//!   file and the vectors it is checked against, and
//! - every mark line `# rfc1808 promote: ids up to regression/N are taken`
//!   in the target file.
//!
//! Each promotion ends its snippet with such a mark line. Deleting a vector
//! table (from its `[[resolve]]` to its last key) leaves the mark lines
//! alone, so a deleted vector's number is never handed out again, and an
//! expectations list that named it can never silently come to mean another
//! case.

pub mod answers;

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs4::{FileExt, TryLockError};

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::Step;
use rfc1808_vectors::files::{self, ReplaceError};
use rfc1808_vectors::{Corpus, LoadError, ResolveVector, Spec, SpecAnswers, EMBEDDED_FILES};

use crate::command_line;
use crate::corpus::VectorSource;
use answers::{Answers, Disagreement};

/// The id group of promoted vectors.
pub const GROUP: &str = "regression";

/// The id group of the vectors promoted from findings under the URL
/// Standard. Its findings are kept apart from the RFCs' (their inputs are
/// mostly outside the RFCs' grammar, and a project grades them only under
/// the URL Standard: `adapters/findings/whatwg/`), so that two files
/// numbered each on its own never give one id twice.
pub const WHATWG_GROUP: &str = "whatwg-regression";

/// The id group of a finding under `spec`.
pub fn group(spec: Option<Spec>) -> &'static str {
    match spec {
        Some(Spec::Whatwg) => WHATWG_GROUP,
        _ => GROUP,
    }
}

/// Where `promote` looks for its file, from the current directory upward.
pub const DEFAULT_FILE: &str = "vectors/regressions.toml";

/// The file in a vector directory that promotions into it lock, one at a
/// time. It stays there, empty.
pub const LOCK_FILE: &str = ".rfc1808-promote.lock";

/// How long a promotion waits for another one into the same directory.
pub const LOCK_TIMEOUT: Duration = Duration::from_secs(30);

/// The start of a high-water mark line, before the group and its `/`.
const MARK: &str = "# rfc1808 promote: ids up to ";

/// A case to make a vector of: a finding, before it is promoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// `None` for an absolute parse (a generator's, `vectors/wpt`).
    pub base: Option<String>,
    pub relative: String,
    /// Where it came from: an artifact path, a fuzz run, a bug report.
    pub source: String,
    /// Its root cause, one line.
    pub note: String,
    /// The spec it is a deviation from (`rfc1808 fuzz --spec`, `promote
    /// --spec`): the note is that spec's (`note.SPEC`), and a case the spec
    /// leaves undefined is refused. `None`: the note is every spec's.
    pub spec: Option<Spec>,
}

/// A vector that was appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promoted {
    pub id: String,
    /// RFC 1808's answer under its default readings.
    pub expected: String,
    /// Every spec's answers, in [`Spec::ALL`] order.
    pub specs: Vec<SpecAnswers>,
    /// The step of RFC 1808 section 4 the reference finished at.
    pub step: Step,
    pub file: PathBuf,
    /// The text appended to the file.
    pub snippet: String,
    /// Whether the file was created for it.
    pub created: bool,
    /// The command that runs it now.
    pub run: String,
    /// Whether the file is a checkout's corpus file, which `cargo test` and
    /// the built-in vectors read after the next build, rather than a
    /// project's own, run beside the built-in vectors.
    pub in_checkout: bool,
}

/// Why a finding was not promoted. In every case the file is unchanged.
#[derive(Debug)]
pub enum PromoteError {
    /// No `vectors/regressions.toml` from this directory upward.
    NoFile { start: PathBuf },
    /// The target file cannot be read, or its directory or lock file
    /// cannot be made or locked.
    Io {
        file: PathBuf,
        doing: &'static str,
        error: io::Error,
    },
    /// The artifact file cannot be read.
    Artifact { file: PathBuf, error: io::Error },
    /// The artifact decodes to nothing.
    EmptyArtifact { file: PathBuf },
    /// The note is empty or not one line.
    Note(&'static str),
    /// The source is empty or not one line.
    Source,
    /// The vector files do not load as they are.
    Vectors(LoadError),
    /// The pair is a vector already.
    Duplicate {
        base: String,
        relative: String,
        id: String,
        origin: String,
    },
    /// Two versions of a spec's reference give different answers.
    ResolverBug {
        base: String,
        relative: String,
        /// Boxed: large, and rare.
        disagreement: Box<Disagreement>,
    },
    /// The spec of the finding leaves the case undefined, so no answer
    /// could fail the vector under it.
    Undefined { spec: Spec, why: &'static str },
    /// The text that would be appended does not load back as the vector
    /// it is meant to be (a bug of this module).
    Verify { file: PathBuf, problem: String },
    /// The largest number is taken, so there is no next one.
    Exhausted { file: PathBuf, group: &'static str },
    /// The new text was not written; the file is as it was.
    Write(ReplaceError),
    /// Another promotion into the directory held the lock for longer than
    /// the wait allowed.
    Busy { lock: PathBuf, waited: Duration },
}

impl fmt::Display for PromoteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromoteError::NoFile { start } => write!(
                f,
                "no `{DEFAULT_FILE}` in {} or any directory above it; name the file with --to",
                start.display()
            ),
            PromoteError::Io { file, doing, error } => {
                write!(f, "{}: cannot {doing}: {error}", file.display())
            }
            PromoteError::Artifact { file, error } => {
                write!(f, "{}: cannot read the artifact: {error}", file.display())
            }
            PromoteError::EmptyArtifact { file } => empty_artifact(f, file),
            PromoteError::Exhausted { file, group } => exhausted(f, file, group),
            PromoteError::Note(why) => write!(f, "--note {why}"),
            PromoteError::Source => f.write_str("--source must be one non-empty line"),
            PromoteError::Vectors(e) => write!(f, "the vectors do not load: {e}"),
            PromoteError::Duplicate {
                base,
                relative,
                id,
                origin,
            } => write!(
                f,
                "base {base:?} with relative {relative:?} is already vector `{id}` ({origin}); \
                 nothing promoted"
            ),
            PromoteError::ResolverBug {
                base,
                relative,
                disagreement,
            } => resolver_bug(f, base, relative, disagreement),
            PromoteError::Undefined { spec, why } => write!(
                f,
                "{} does not define this case: {why}; no answer could fail its vector under \
                 it, so nothing is promoted",
                (*spec).title(),
            ),
            PromoteError::Write(e) => write!(
                f,
                "cannot write the vector file {}: {}",
                e.file().display(),
                e.reason()
            ),
            PromoteError::Busy { lock, waited } => write!(
                f,
                "{}: waited {waited:?} for the lock, which another `rfc1808 promote` into \
                 this directory holds; nothing promoted",
                lock.display(),
            ),
            PromoteError::Verify { file, problem } => write!(
                f,
                "{}: the new vector did not load back ({problem}); the file is unchanged",
                file.display()
            ),
        }
    }
}

/// The message of [`PromoteError::EmptyArtifact`].
fn empty_artifact(f: &mut fmt::Formatter<'_>, file: &Path) -> fmt::Result {
    write!(
        f,
        "{}: the artifact decodes to an empty base and an empty relative URL, \
         which is not a finding; is it an artifact of an rfc1808 fuzz target?",
        file.display()
    )
}

/// The message of [`PromoteError::Exhausted`].
fn exhausted(f: &mut fmt::Formatter<'_>, file: &Path, group: &str) -> fmt::Result {
    write!(
        f,
        "{}: `{group}/{}` is taken (by an id or a mark line), so there is no next \
         number; nothing promoted",
        file.display(),
        u64::MAX
    )
}

/// The message of [`PromoteError::ResolverBug`].
fn resolver_bug(
    f: &mut fmt::Formatter<'_>,
    base: &str,
    relative: &str,
    d: &Disagreement,
) -> fmt::Result {
    let under = if d.readings.is_empty() {
        String::new()
    } else {
        format!(" under {}", d.readings)
    };
    write!(
        f,
        "the {} reference resolver's two versions disagree on base {base:?} with \
         relative {relative:?}{under}: {} gives {}, {} gives {}; that is a bug in \
         the resolver, not a vector to promote: please report it",
        (d.spec).title(),
        d.answers[0].0,
        d.answers[0].1,
        d.answers[1].0,
        d.answers[1].1
    )
}

// The messages above include their causes, so no `source` repeats them.
impl std::error::Error for PromoteError {}

/// The file `promote` appends to when no `--to` is given: [`DEFAULT_FILE`]
/// in `start` or the nearest directory above it (a checkout of this
/// repository, or a project that promoted before), else [`DEFAULT_FILE`]
/// in `start`, which the first promotion creates.
pub fn default_file(start: &Path) -> PathBuf {
    find_file(start).unwrap_or_else(|_| PathBuf::from(DEFAULT_FILE))
}

/// Finds [`DEFAULT_FILE`] in `start` or the nearest directory above it.
pub fn find_file(start: &Path) -> Result<PathBuf, PromoteError> {
    start
        .ancestors()
        .map(|dir| dir.join(DEFAULT_FILE))
        .find(|file| file.is_file())
        .ok_or_else(|| PromoteError::NoFile {
            start: start.to_owned(),
        })
}

/// Reads a cargo-fuzz artifact of the `rfc1808-fuzzgen` input format back
/// into the pair that the target was given.
pub fn decode_artifact(file: &Path) -> Result<Input, PromoteError> {
    let artifact_error = |error| PromoteError::Artifact {
        file: file.to_owned(),
        error,
    };
    // A FIFO would block the read, and `/dev/zero` never end.
    if !file.metadata().map_err(artifact_error)?.is_file() {
        return Err(artifact_error(io::Error::other("not a regular file")));
    }
    let bytes = std::fs::read(file).map_err(artifact_error)?;
    let input = Input::from_bytes(&bytes);
    if input.base.is_empty() && input.relative.is_empty() {
        return Err(PromoteError::EmptyArtifact {
            file: file.to_owned(),
        });
    }
    Ok(input)
}

impl Candidate {
    /// The pair a cargo-fuzz artifact decodes to; `source` defaults to the
    /// artifact's path.
    pub fn from_artifact(
        file: &Path,
        source: Option<String>,
        note: String,
    ) -> Result<Self, PromoteError> {
        let input = decode_artifact(file)?;
        Ok(Candidate {
            base: Some(input.base),
            relative: input.relative,
            source: source.unwrap_or_else(|| format!("cargo-fuzz artifact {}", file.display())),
            note,
            spec: None,
        })
    }
}

impl Promoted {
    /// What `rfc1808 promote` prints: the vector appended, its answer
    /// under each spec, and how to run it.
    pub fn summary(&self, candidate: &Candidate) -> String {
        let mut out = String::new();
        if self.created {
            out += &format!(
                "created {} for the vectors you promote\n",
                self.file.display()
            );
        }
        out += &format!(
            "appended `{}` to {}\n  base:     {:?}\n  relative: {:?}\n",
            self.id,
            self.file.display(),
            candidate
                .base
                .as_deref()
                .unwrap_or("(none: an absolute parse)"),
            candidate.relative
        );
        for answers in &self.specs {
            let answer = match answers.default_answer() {
                rfc1808_vectors::Stated::Resolves(url) => format!("{url:?}"),
                rfc1808_vectors::Stated::Rejects(why) => format!("rejected ({why})"),
            };
            let mut line = format!("  {}: {answer}", (answers.spec).title());
            if answers.spec == Spec::Rfc1808 {
                line += &format!(" (finished at {})", self.step);
            }
            if !answers.readings.is_empty() {
                let n = answers.readings.len();
                line += &format!(
                    "; {n} other {} under other readings",
                    if n == 1 { "answer" } else { "answers" }
                );
            }
            if let Some(why) = &answers.undefined {
                line += &format!("; undefined there: {why}");
            }
            out += &line;
            out.push('\n');
        }
        if self.in_checkout {
            out += &format!(
                "`{}` runs it now; `cargo test` and the built-in vectors have it after the next build\n",
                self.run
            );
        } else {
            out += &format!(
                "`{}` runs it beside the built-in vectors; a config file's `vectors` key keeps \
                 it in every run (docs/vectors.md)\n",
                self.run
            );
        }
        out
    }
}

/// The vector with the same base and relative URL, if there is one.
pub fn find_pair<'c>(
    corpus: &'c Corpus,
    base: Option<&str>,
    relative: &str,
) -> Option<&'c ResolveVector> {
    corpus
        .resolve
        .iter()
        .find(|v| v.base.as_deref() == base && v.relative == relative)
}

/// Appends `finding` to the vector file `file` as a new vector, after
/// checking it against `file` and the vectors `beside` names (see [What it
/// reads](self#what-it-reads)), holding the lock of `file`'s directory (see
/// [Concurrent promotions](self#concurrent-promotions)).
pub fn promote(
    file: &Path,
    finding: &Candidate,
    beside: &VectorSource,
) -> Result<Promoted, PromoteError> {
    check_line(&finding.note).map_err(PromoteError::Note)?;
    if check_line(&finding.source).is_err() {
        return Err(PromoteError::Source);
    }
    let dir = directory(file);
    if !dir.exists() {
        // A finding that would be refused creates no directory: the files
        // there are none, so nothing another promotion does changes this.
        plan(file, finding, beside)?;
        std::fs::create_dir_all(dir).map_err(io_error(file, "create its directory"))?;
    }
    let _lock = lock(dir, LOCK_TIMEOUT)?;
    // Read under the lock: what another promotion wrote before is there.
    let plan = plan(file, finding, beside)?;
    files::replace(file, plan.text.as_bytes()).map_err(PromoteError::Write)?;
    Ok(plan.promoted)
}

/// What a promotion writes: the file's new text, and what it promoted.
struct Plan {
    text: String,
    promoted: Promoted,
}

/// Reads `file` and the vectors it is checked against, computes the
/// answers, chooses the next id, and checks that the text with `finding`
/// appended loads as that vector.
fn plan(file: &Path, finding: &Candidate, beside: &VectorSource) -> Result<Plan, PromoteError> {
    let (created, text) = read_vector_file(file)?;
    let name = file.display().to_string();
    let mut corpus = Corpus::default();
    corpus
        .add_str(&name, &text)
        .map_err(PromoteError::Vectors)?;
    let (others, run, in_checkout) = others(file, beside)?;
    corpus
        .add_corpus(others)
        .map_err(|e| PromoteError::Vectors(e.into()))?;
    let answers = check(&corpus, finding)?;
    let group = group(finding.spec);
    let number = high_water_mark(&corpus, &text, group)
        .checked_add(1)
        .ok_or_else(|| PromoteError::Exhausted {
            file: file.to_owned(),
            group,
        })?;
    let id = format!("{group}/{number}");
    let vector = Vector::new(&id, finding, answers);
    let mut snippet = vector.snippet(&text);
    if created {
        snippet.insert_str(0, NEW_FILE_HEADER);
    }
    let new_text = format!("{text}{snippet}");
    verify(file, &name, &new_text, &vector)?;
    Ok(Plan {
        text: new_text,
        promoted: Promoted {
            id: id.clone(),
            expected: vector.specs[0].expected.clone(),
            specs: vector.specs,
            step: vector.step,
            file: file.to_owned(),
            snippet,
            created,
            run,
            in_checkout,
        },
    })
}

/// Whether the vector file `file` is to be created, and its text (empty
/// if so).
fn read_vector_file(file: &Path) -> Result<(bool, String), PromoteError> {
    // A FIFO would block the read, and `/dev/zero` never end.
    if file.metadata().is_ok_and(|m| !m.is_file()) {
        return Err(io_error(file, "read the vector file")(io::Error::other(
            "not a regular file",
        )));
    }
    let created = !file.exists();
    let text = if created {
        String::new()
    } else {
        std::fs::read_to_string(file).map_err(io_error(file, "read the vector file"))?
    };
    Ok((created, text))
}

/// Every spec's answers for `finding`, unless it is a vector of `corpus`
/// already, the reference's versions disagree on it, or its spec leaves
/// it undefined.
fn check(corpus: &Corpus, finding: &Candidate) -> Result<Answers, PromoteError> {
    let base = finding.base.as_deref();
    if let Some(v) = find_pair(corpus, base, &finding.relative) {
        return Err(PromoteError::Duplicate {
            base: base.unwrap_or_default().to_owned(),
            relative: finding.relative.clone(),
            id: v.id.clone(),
            origin: v.origin.to_string(),
        });
    }
    let answers = answers::answers(base, &finding.relative).map_err(|disagreement| {
        PromoteError::ResolverBug {
            base: base.unwrap_or_default().to_owned(),
            relative: finding.relative.clone(),
            disagreement: Box::new(disagreement),
        }
    })?;
    if let Some(spec) = finding.spec {
        if let Some(why) = spec.undefined_for(base, &finding.relative) {
            return Err(PromoteError::Undefined { spec, why });
        }
    }
    Ok(answers)
}

/// The `[[resolve]]` table of the vector `id` for `finding`, with every
/// spec's answers from the reference resolvers as `promote` writes them,
/// and its tags: `group`, the RFC 1808 step, `specs-differ` where the specs'
/// answers differ; the finding's note, unless it is empty. For a vector
/// file that a generator writes whole (`vectors/wpt/vectors.toml`);
/// `promote` appends to a file instead, under the next free id, and a note
/// is required there.
pub fn vector_table(id: &str, finding: &Candidate, group: &str) -> Result<String, Disagreement> {
    let answers = answers::answers(finding.base.as_deref(), &finding.relative)?;
    let mut vector = Vector::new(id, finding, answers);
    vector.tags[0] = group.to_owned();
    Ok(vector.table())
}

/// Loads `new_text`, the file `name` as it will be, before it is written,
/// so that a snippet that would break it is never written: it must load,
/// and its last vector be `vector`.
fn verify(
    file: &Path,
    name: &str,
    new_text: &str,
    vector: &Vector<'_>,
) -> Result<(), PromoteError> {
    let mut after = Corpus::default();
    after
        .add_str(name, new_text)
        .map_err(|e| PromoteError::Verify {
            file: file.to_owned(),
            problem: e.to_string(),
        })?;
    if !after.resolve.last().is_some_and(|v| vector.is(v)) {
        return Err(PromoteError::Verify {
            file: file.to_owned(),
            problem: "it reads back with other values".to_owned(),
        });
    }
    Ok(())
}

/// The vectors `file`'s ids and pairs must not repeat, without `file`'s
/// own; the command that runs `file` with them; and whether `file` is a
/// checkout's corpus file. In a checkout, those are the other files of the
/// corpus directory; anywhere else, `beside`.
fn others(file: &Path, beside: &VectorSource) -> Result<(Corpus, String, bool), PromoteError> {
    let dir = directory(file);
    let file_name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let in_checkout = EMBEDDED_FILES.iter().any(|(name, _)| *name == file_name)
        && EMBEDDED_FILES
            .iter()
            .all(|(name, _)| dir.join(name).is_file());
    // File by file, so that the target is left out wherever it is.
    let mut paths: Vec<PathBuf> = Vec::new();
    if in_checkout {
        paths = vector_files(dir)?;
    } else {
        if let Some(d) = &beside.dir {
            paths.extend(vector_files(d)?);
        }
        for added in &beside.added {
            match added.is_dir() {
                true => paths.extend(vector_files(added)?),
                false => paths.push(added.clone()),
            }
        }
    }
    // The built-in vectors first, so that a clash is told at the file.
    let mut corpus = if in_checkout || beside.dir.is_some() {
        Corpus::default()
    } else {
        rfc1808_vectors::embedded()
    };
    let mut covered = false;
    for path in &paths {
        if files::same_file(path, file) {
            covered = true;
        } else {
            corpus.add_file(path).map_err(PromoteError::Vectors)?;
        }
    }
    if in_checkout {
        let run = VectorSource {
            dir: Some(dir.to_owned()),
            added: Vec::new(),
            specs: Vec::new(),
        };
        return Ok((corpus, command_line::run_vectors(&run), true));
    }
    let mut run = beside.clone();
    if !covered {
        run.added.push(file.to_owned());
    }
    Ok((corpus, command_line::run_vectors(&run), false))
}

/// The `*.toml` files of `dir` that `--vectors` and `--add-vectors` read,
/// in name order.
fn vector_files(dir: &Path) -> Result<Vec<PathBuf>, PromoteError> {
    let entries = std::fs::read_dir(dir).map_err(io_error(dir, "read the directory"))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(io_error(dir, "read the directory"))?.path();
        if path.extension().is_some_and(|ext| ext == "toml")
            && path.file_name().is_some_and(|name| name != "Cargo.toml")
        {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn io_error<'a>(file: &'a Path, doing: &'static str) -> impl Fn(io::Error) -> PromoteError + 'a {
    move |error| PromoteError::Io {
        file: file.to_owned(),
        doing,
        error,
    }
}

/// The directory of `file`: where its lock file is.
fn directory(file: &Path) -> &Path {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Takes the lock of `dir`'s promotions, waiting at most `timeout` for it;
/// it is released when the file returned is dropped (or the process ends).
fn lock(dir: &Path, timeout: Duration) -> Result<File, PromoteError> {
    let path = dir.join(LOCK_FILE);
    let lock = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io_error(&path, "open the lock file"))?;
    let started = Instant::now();
    loop {
        // The trait's method, not `File::try_lock` of newer standard
        // libraries, whose error type differs.
        match FileExt::try_lock(&lock) {
            Ok(()) => return Ok(lock),
            Err(TryLockError::WouldBlock) if started.elapsed() < timeout => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(PromoteError::Busy {
                    lock: path,
                    waited: timeout,
                })
            }
            Err(TryLockError::Error(error)) => {
                return Err(io_error(&path, "lock the lock file")(error))
            }
        }
    }
}

/// The first lines of a vector file that `promote` creates.
const NEW_FILE_HEADER: &str = "\
# Findings promoted by `rfc1808 promote` (docs/vectors.md), each a vector
# whose answers are the reference resolvers' under every spec.

";

fn check_line(s: &str) -> Result<(), &'static str> {
    if s.trim().is_empty() {
        Err("must say the finding's root cause; it is empty")
    } else if s.contains(['\n', '\r']) {
        Err("must be one line")
    } else {
        Ok(())
    }
}

/// The largest number taken by a `GROUP/N` id or a mark line of `group`.
pub fn high_water_mark(corpus: &Corpus, text: &str, group: &str) -> u64 {
    let from_ids = corpus.ids().filter_map(|id| {
        let name = id.strip_prefix(group)?.strip_prefix('/')?;
        let digits = name.split('-').next()?;
        digits.parse::<u64>().ok()
    });
    let from_marks = text.lines().filter_map(|line| {
        let rest = line
            .trim_start()
            .strip_prefix(MARK)?
            .strip_prefix(group)?
            .strip_prefix('/')?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u64>().ok()
    });
    from_ids.chain(from_marks).max().unwrap_or(0)
}

/// The vector a promotion writes.
struct Vector<'a> {
    id: &'a str,
    finding: &'a Candidate,
    /// Every spec's answers, with the note where it belongs.
    specs: Vec<SpecAnswers>,
    step: Step,
    tags: Vec<String>,
}

impl<'a> Vector<'a> {
    fn new(id: &'a str, finding: &'a Candidate, answers: Answers) -> Self {
        let mut specs = answers.specs;
        for a in &mut specs {
            if !finding.note.is_empty() && finding.spec.is_none_or(|spec| spec == a.spec) {
                a.note = Some(finding.note.clone());
            }
        }
        let mut tags = vec![
            group(finding.spec).to_owned(),
            answers.step.tag().to_owned(),
        ];
        if specs.iter().any(|a| a.expected != specs[0].expected) {
            tags.push("specs-differ".to_owned());
        }
        Vector {
            id,
            finding,
            specs,
            step: answers.step,
            tags,
        }
    }

    /// Whether `v`, read back, is this vector.
    fn is(&self, v: &ResolveVector) -> bool {
        v.id == self.id
            && v.base == self.finding.base
            && v.relative == self.finding.relative
            && v.specs == self.specs
            && v.source == self.finding.source
            && v.tags == self.tags
    }

    /// The text to append to a file that holds `text`, in the corpus's own
    /// layout (`vectors/rfc3986.toml`): the vector's table, then the mark
    /// line of its id.
    fn snippet(&self, text: &str) -> String {
        let mut out = String::new();
        if !text.is_empty() && !text.ends_with('\n') {
            out.push('\n');
        }
        if !text.is_empty() {
            out.push('\n');
        }
        out.push_str(&self.table());
        out.push_str(&format!(
            "{MARK}{} are taken; keep this line when deleting vectors\n",
            self.id
        ));
        out
    }

    /// The vector's `[[resolve]]` table.
    fn table(&self) -> String {
        let mut out = String::from("[[resolve]]\n");
        // An absolute parse has no `base` key.
        for (key, v) in [
            ("id", Some(self.id)),
            ("base", self.finding.base.as_deref()),
            ("relative", Some(&self.finding.relative)),
        ] {
            if let Some(v) = v {
                out.push_str(&format!("{key} = {}\n", value(v)));
            }
        }
        let each = |f: &dyn Fn(&SpecAnswers) -> String| {
            self.specs
                .iter()
                .map(|a| format!("{} = {}", a.spec, f(a)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "expected = {{ {} }}\n",
            each(&|a| stated(a.default_answer()))
        ));
        out.push_str(&self.readings());
        for a in &self.specs {
            if let Some(why) = &a.undefined {
                out.push_str(&format!("undefined.{} = {}\n", a.spec, value(why)));
            }
        }
        out.push_str(&format!("source = {}\n", value(&self.finding.source)));
        let tags: Vec<String> = self.tags.iter().map(|t| value(t)).collect();
        out.push_str(&format!("tags = [{}]\n", tags.join(", ")));
        match self.finding.spec {
            _ if self.finding.note.is_empty() => {}
            None => out.push_str(&format!("note = {}\n", value(&self.finding.note))),
            Some(spec) => out.push_str(&format!("note.{spec} = {}\n", value(&self.finding.note))),
        }
        out
    }

    /// The `readings.SPEC` lines of the snippet: each spec's answers under
    /// the readings that change them.
    fn readings(&self) -> String {
        let mut out = String::new();
        for a in self.specs.iter().filter(|a| !a.readings.is_empty()) {
            let pairs: Vec<String> = a
                .readings
                .iter()
                .map(|(key, answer)| {
                    format!(
                        "{} = {}",
                        value(&key.to_string()),
                        stated(answer.as_deref())
                    )
                })
                .collect();
            out.push_str(&format!(
                "readings.{} = {{ {} }}\n",
                a.spec,
                pairs.join(", ")
            ));
        }
        out
    }
}

/// `s` as a TOML string.
fn value(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// An answer as a vector writes it: the URL, or `{ rejects = "why" }`.
fn stated(answer: rfc1808_vectors::Stated<&str>) -> String {
    match answer {
        rfc1808_vectors::Stated::Resolves(url) => value(url),
        rfc1808_vectors::Stated::Rejects(why) => format!("{{ rejects = {} }}", value(why)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(text: &str) -> Corpus {
        let mut c = Corpus::default();
        c.add_str("vectors/t.toml", text).unwrap();
        c
    }

    const TWO: &str = r#"
[[resolve]]
id = "regression/7"
base = "a"
relative = "b"
expected = "b"
source = "s"
tags = []

[[resolve]]
id = "regression/12-empty-query"
base = "a"
relative = "c"
expected = "c"
source = "s"
tags = []
"#;

    #[test]
    fn a_held_lock_is_waited_for_then_given_up_with_a_message() {
        let dir = tempfile::tempdir().unwrap();
        let held = lock(dir.path(), Duration::ZERO).unwrap();
        let started = Instant::now();
        let error = lock(dir.path(), Duration::from_millis(200)).unwrap_err();
        assert!(started.elapsed() >= Duration::from_millis(200));
        assert_eq!(
            error.to_string(),
            format!(
                "{}: waited 200ms for the lock, which another `rfc1808 promote` into this \
                 directory holds; nothing promoted",
                dir.path().join(LOCK_FILE).display()
            )
        );
        drop(held);
        let again = lock(dir.path(), Duration::ZERO);
        assert!(again.is_ok(), "released when dropped");
        drop(again);
        assert!(dir.path().join(LOCK_FILE).is_file(), "the lock file stays");
    }

    #[test]
    fn high_water_mark_counts_ids_and_marks() {
        assert_eq!(high_water_mark(&Corpus::default(), "", GROUP), 0);
        assert_eq!(high_water_mark(&corpus(TWO), TWO, GROUP), 12);
        let marked =
            format!("{TWO}{MARK}regression/40 are taken; keep this line when deleting vectors\n");
        assert_eq!(high_water_mark(&corpus(&marked), &marked, GROUP), 40);
        // Each group counts its own ids and marks.
        assert_eq!(high_water_mark(&corpus(&marked), &marked, WHATWG_GROUP), 0);
        let both = format!(
            "{marked}{MARK}whatwg-regression/7 are taken; keep this line when deleting vectors\n"
        );
        assert_eq!(high_water_mark(&corpus(&both), &both, WHATWG_GROUP), 7);
        assert_eq!(high_water_mark(&corpus(&both), &both, GROUP), 40);
    }

    #[test]
    fn snippet_escapes_and_ends_with_the_mark() {
        let finding = Candidate {
            base: Some("http://a/\"b\"".to_owned()),
            relative: "\t..\\g\n".to_owned(),
            source: "test".to_owned(),
            note: "why".to_owned(),
            spec: None,
        };
        let answers = answers::answers(finding.base.as_deref(), &finding.relative).unwrap();
        let vector = Vector::new("regression/3", &finding, answers);
        let s = vector.snippet("# no newline");
        assert!(
            s.starts_with("\n\n[[resolve]]\nid = \"regression/3\"\n"),
            "{s}"
        );
        assert!(s.ends_with(&format!(
            "note = \"why\"\n{MARK}regression/3 are taken; keep this line when deleting vectors\n"
        )));
        let mut c = Corpus::default();
        c.add_str("t", s.trim_start()).unwrap();
        assert!(vector.is(&c.resolve[0]), "{s}");
        assert_eq!(c.resolve[0].relative, finding.relative);
    }

    #[test]
    fn a_snippet_states_every_specs_answers_readings_and_the_findings_note() {
        let finding = Candidate {
            base: Some("http://a/b/c/d;p?q".to_owned()),
            relative: "../../../g".to_owned(),
            source: "rfc1808 fuzz against js".to_owned(),
            note: "js keeps the `..` above the root".to_owned(),
            spec: Some(Spec::Rfc3986),
        };
        let answers = answers::answers(finding.base.as_deref(), &finding.relative).unwrap();
        let vector = Vector::new("regression/4", &finding, answers);
        let s = vector.snippet("");
        assert_eq!(
            s,
            format!(
                "[[resolve]]\n\
                 id = \"regression/4\"\n\
                 base = \"http://a/b/c/d;p?q\"\n\
                 relative = \"../../../g\"\n\
                 expected = {{ rfc1808 = \"http://a/../g\", rfc2396 = \"http://a/../g\", rfc3986 = \"http://a/g\", whatwg = \"http://a/g\" }}\n\
                 readings.rfc2396 = {{ \"above-root=error\" = {{ rejects = \"the reference climbs above the root: the merged path `/../g` still begins with `..` (RFC 2396 section 5.2, step 6g, read as an error)\" }}, \"above-root=removed\" = \"http://a/g\" }}\n\
                 source = \"rfc1808 fuzz against js\"\n\
                 tags = [\"regression\", \"step6\", \"specs-differ\"]\n\
                 note.rfc3986 = \"js keeps the `..` above the root\"\n\
                 {MARK}regression/4 are taken; keep this line when deleting vectors\n"
            )
        );
        let mut c = Corpus::default();
        c.add_str("t", &s).unwrap();
        let v = &c.resolve[0];
        assert!(vector.is(v));
        assert_eq!(v.note, None, "the note is RFC 3986's");
        assert_eq!(
            v.note_under(Spec::Rfc3986),
            Some("js keeps the `..` above the root")
        );
    }
}
