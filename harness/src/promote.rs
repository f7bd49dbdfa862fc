//! Turns a finding into a permanent vector: `rfc1808 promote` appends a
//! `[[resolve]]` table to `vectors/regressions.toml`, whose expected value is
//! the reference resolver's answer.
//!
//! The file's text only grows: the new text is the old one with the vector
//! after it, so everything already in it stays byte for byte. The new text
//! is checked through the vectors loader before it is written, and replaces
//! the file atomically ([`rfc1808_vectors::files::replace`]): a full disk or
//! a killed process leaves the file as it was. A pair already present as a
//! vector in any file of the directory is refused, and so is a pair on which
//! the two Step 6 versions of the reference disagree (that is a resolver bug,
//! not a finding about an implementation).
//!
//! # Concurrent promotions
//!
//! Ids are unique across the vector files of a directory, so promotions
//! into one directory (two fuzz campaigns with `--promote`, a CI matrix
//! sharing a checkout) take turns: each holds an advisory lock on the
//! directory's [`LOCK_FILE`] while it reads the files, chooses the next id
//! and writes, and a promotion waits up to [`LOCK_TIMEOUT`] for its turn.
//! The lock file is never removed: a promotion waiting on it would
//! otherwise hold a lock on a file no longer in the directory, which a later
//! one would not see. The lock is released when the process ends, however
//! it ends.
//!
//! # Ids
//!
//! A promoted vector is `regression/N`. N is one more than the high-water
//! mark, the largest of
//!
//! - every `N` of an id `regression/N` or `regression/N-...` in any vector
//!   file of the directory, and
//! - every mark line `# rfc1808 promote: ids up to regression/N are taken`
//!   in the target file.
//!
//! Each promotion ends its snippet with such a mark line. Deleting a vector
//! table (from its `[[resolve]]` to its last key) leaves the mark lines
//! alone, so a deleted vector's number is never handed out again, and an
//! expectations list that named it can never silently come to mean another
//! case.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs4::{FileExt, TryLockError};

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::{resolve_traced, Step, Step6};
use rfc1808_vectors::files::{self, ReplaceError};
use rfc1808_vectors::{Corpus, LoadError, ResolveVector};

use crate::command_line;

/// The id group of promoted vectors.
pub const GROUP: &str = "regression";

/// Where `promote` looks for its file, from the current directory upward.
pub const DEFAULT_FILE: &str = "vectors/regressions.toml";

/// The file in a vector directory that promotions into it lock, one at a
/// time. It stays there, empty.
pub const LOCK_FILE: &str = ".rfc1808-promote.lock";

/// How long a promotion waits for another one into the same directory.
pub const LOCK_TIMEOUT: Duration = Duration::from_secs(30);

/// The start of a high-water mark line.
const MARK: &str = "# rfc1808 promote: ids up to regression/";

/// A case to make a vector of: a finding, before it is promoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub base: String,
    pub relative: String,
    /// Where it came from: an artifact path, a fuzz run, a bug report.
    pub source: String,
    /// Its root cause, one line.
    pub note: String,
}

/// A vector that was appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promoted {
    pub id: String,
    pub expected: String,
    pub step: Step,
    pub file: PathBuf,
    /// The text appended to the file.
    pub snippet: String,
    /// Whether the file was created for it.
    pub created: bool,
    /// Whether the file's directory holds a project's own vectors rather
    /// than a checkout's whole set (no `rfc1808-*` vector in it).
    pub standalone: bool,
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
    /// The two Step 6 versions give different answers.
    ResolverBug {
        base: String,
        relative: String,
        stack: String,
        string: String,
    },
    /// The text that would be appended does not load back as the vector
    /// it is meant to be (a bug of this module).
    Verify { file: PathBuf, problem: String },
    /// The largest number is taken, so there is no next one.
    Exhausted { file: PathBuf },
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
            PromoteError::EmptyArtifact { file } => write!(
                f,
                "{}: the artifact decodes to an empty base and an empty relative URL, \
                 which is not a finding; is it an artifact of an rfc1808 fuzz target?",
                file.display()
            ),
            PromoteError::Exhausted { file } => write!(
                f,
                "{}: `{GROUP}/{}` is taken (by an id or a mark line), so there is no next \
                 number; nothing promoted",
                file.display(),
                u64::MAX
            ),
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
                stack,
                string,
            } => write!(
                f,
                "the reference resolver's two Step 6 versions disagree on base {base:?} with \
                 relative {relative:?}: the segment stack gives {stack:?}, the string patterns \
                 give {string:?}; that is a bug in the resolver, not a vector to promote: \
                 please report it"
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
            base: input.base,
            relative: input.relative,
            source: source.unwrap_or_else(|| format!("cargo-fuzz artifact {}", file.display())),
            note,
        })
    }
}

impl Promoted {
    /// What `rfc1808 promote` prints: the vector appended, and how to run
    /// it.
    pub fn summary(&self, candidate: &Candidate) -> String {
        let dir = self.file.parent().unwrap_or(Path::new("."));
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let created = if self.created {
            format!(
                "created {} for the vectors you promote\n",
                self.file.display()
            )
        } else {
            String::new()
        };
        let runs = if self.standalone {
            "runs the vectors of that directory (the built-in vectors run without --vectors)"
        } else {
            "runs it now; `cargo test` and the built-in vectors have it after the next build"
        };
        format!(
            "{created}appended `{}` to {}\n  base:     {:?}\n  relative: {:?}\n  expected: {:?} (finished at {})\n\
             `{}` {runs}\n",
            self.id,
            self.file.display(),
            candidate.base,
            candidate.relative,
            self.expected,
            self.step,
            command_line::run_vectors_of(dir),
        )
    }
}

/// The reference's answer and the step it finished at, when both Step 6
/// versions agree.
pub fn expected(base: &str, relative: &str) -> Result<(String, Step), PromoteError> {
    let (stack, step) = resolve_traced(base, relative, Step6::SegmentStack);
    let string = resolve_traced(base, relative, Step6::StringPattern).0;
    if stack != string {
        return Err(PromoteError::ResolverBug {
            base: base.to_owned(),
            relative: relative.to_owned(),
            stack,
            string,
        });
    }
    Ok((stack, step))
}

/// The vector with the same base and relative URL, if there is one.
pub fn find_pair<'c>(corpus: &'c Corpus, base: &str, relative: &str) -> Option<&'c ResolveVector> {
    corpus
        .resolve
        .iter()
        .find(|v| v.base == base && v.relative == relative)
}

/// Appends `finding` to the vector file `file` as a new vector, after
/// checking it against every vector file in the same directory, holding the
/// directory's lock (see [Concurrent promotions](self#concurrent-promotions)).
pub fn promote(file: &Path, finding: &Candidate) -> Result<Promoted, PromoteError> {
    check_line(&finding.note).map_err(PromoteError::Note)?;
    if check_line(&finding.source).is_err() {
        return Err(PromoteError::Source);
    }
    let dir = directory(file);
    if !dir.exists() {
        // A finding that would be refused creates no directory: the files
        // there are none, so nothing another promotion does changes this.
        plan(file, finding)?;
        std::fs::create_dir_all(dir).map_err(io_error(file, "create its directory"))?;
    }
    let _lock = lock(dir, LOCK_TIMEOUT)?;
    // Read under the lock: what another promotion wrote before is there.
    let plan = plan(file, finding)?;
    files::replace(file, plan.text.as_bytes()).map_err(PromoteError::Write)?;
    Ok(plan.promoted)
}

/// What a promotion writes: the file's new text, and what it promoted.
struct Plan {
    text: String,
    promoted: Promoted,
}

/// Reads `file` and the vector files beside it, chooses the next id, and
/// checks that the text with `finding` appended loads as that vector.
fn plan(file: &Path, finding: &Candidate) -> Result<Plan, PromoteError> {
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
    let mut corpus = load_beside(file)?;
    let standalone = !corpus.resolve.iter().any(|v| v.id.starts_with("rfc1808-"));
    if standalone {
        // A project's own vector directory, run beside the built-in vectors:
        // a pair among them is no finding, and its ids must not collide
        // with theirs.
        corpus.resolve.extend(rfc1808_vectors::embedded().resolve);
    }
    if let Some(v) = find_pair(&corpus, &finding.base, &finding.relative) {
        return Err(PromoteError::Duplicate {
            base: finding.base.clone(),
            relative: finding.relative.clone(),
            id: v.id.clone(),
            origin: v.origin.to_string(),
        });
    }
    let (expected, step) = expected(&finding.base, &finding.relative)?;
    let number = high_water_mark(&corpus, &text)
        .checked_add(1)
        .ok_or_else(|| PromoteError::Exhausted {
            file: file.to_owned(),
        })?;
    let id = format!("{GROUP}/{number}");
    let mut snippet = snippet(&text, &id, finding, &expected, step);
    if created {
        snippet.insert_str(0, NEW_FILE_HEADER);
    }

    // Load the file as it will be before writing it, so a snippet that
    // would break it is never written.
    let name = file.display().to_string();
    let new_text = format!("{text}{snippet}");
    let mut after = Corpus::default();
    after
        .add_str(&name, &new_text)
        .map_err(|e| PromoteError::Verify {
            file: file.to_owned(),
            problem: e.to_string(),
        })?;
    let loaded = after.resolve.last().map(|v| {
        (
            v.id.as_str(),
            v.base.as_str(),
            v.relative.as_str(),
            v.expected.as_str(),
            v.source.as_str(),
            v.tags.clone(),
            v.note.as_deref(),
        )
    });
    let want = (
        id.as_str(),
        finding.base.as_str(),
        finding.relative.as_str(),
        expected.as_str(),
        finding.source.as_str(),
        vec![GROUP.to_owned(), step.tag().to_owned()],
        Some(finding.note.as_str()),
    );
    if loaded != Some(want) {
        return Err(PromoteError::Verify {
            file: file.to_owned(),
            problem: "it reads back with other values".to_owned(),
        });
    }
    Ok(Plan {
        text: new_text,
        promoted: Promoted {
            id,
            expected,
            step,
            file: file.to_owned(),
            snippet,
            created,
            standalone,
        },
    })
}

fn io_error<'a>(file: &'a Path, doing: &'static str) -> impl Fn(io::Error) -> PromoteError + 'a {
    move |error| PromoteError::Io {
        file: file.to_owned(),
        doing,
        error,
    }
}

/// The directory of `file`: where its lock file is, and the vector files
/// its ids must not collide with.
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
# whose expected value is the reference resolver's answer.

";

/// Every vector file of `file`'s directory, `file` included if it exists.
/// A directory that does not exist yet, or holds no `*.toml` file, holds no
/// vectors.
fn load_beside(file: &Path) -> Result<Corpus, PromoteError> {
    let dir = directory(file);
    let has_toml = std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|ext| ext == "toml"))
    });
    let mut corpus = if has_toml {
        rfc1808_vectors::load_dir(dir).map_err(PromoteError::Vectors)?
    } else {
        Corpus::default()
    };
    // `load_dir` reads `*.toml` only; a target with another name is read too.
    if file.exists() && file.extension().is_none_or(|ext| ext != "toml") {
        corpus.add_file(file).map_err(PromoteError::Vectors)?;
    }
    Ok(corpus)
}

fn check_line(s: &str) -> Result<(), &'static str> {
    if s.trim().is_empty() {
        Err("must say the finding's root cause; it is empty")
    } else if s.contains(['\n', '\r']) {
        Err("must be one line")
    } else {
        Ok(())
    }
}

/// The largest number taken by a `regression/N` id or a mark line.
pub fn high_water_mark(corpus: &Corpus, text: &str) -> u64 {
    let from_ids = corpus.ids().filter_map(|id| {
        let name = id.strip_prefix(GROUP)?.strip_prefix('/')?;
        let digits = name.split('-').next()?;
        digits.parse::<u64>().ok()
    });
    let from_marks = text.lines().filter_map(|line| {
        let rest = line.trim_start().strip_prefix(MARK)?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u64>().ok()
    });
    from_ids.chain(from_marks).max().unwrap_or(0)
}

/// The text to append to a file that holds `text`.
fn snippet(text: &str, id: &str, finding: &Candidate, expected: &str, step: Step) -> String {
    let value = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let mut out = String::new();
    if !text.is_empty() && !text.ends_with('\n') {
        out.push('\n');
    }
    if !text.is_empty() {
        out.push('\n');
    }
    out.push_str("[[resolve]]\n");
    for (key, v) in [
        ("id", id),
        ("base", &finding.base),
        ("relative", &finding.relative),
        ("expected", expected),
        ("source", &finding.source),
    ] {
        out.push_str(&format!("{key} = {}\n", value(v)));
    }
    out.push_str(&format!(
        "tags = [{}, {}]\n",
        value(GROUP),
        value(step.tag())
    ));
    out.push_str(&format!("note = {}\n", value(&finding.note)));
    let number = id.rsplit('/').next().unwrap_or(id);
    out.push_str(&format!(
        "{MARK}{number} are taken; keep this line when deleting vectors\n"
    ));
    out
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
        assert_eq!(high_water_mark(&Corpus::default(), ""), 0);
        assert_eq!(high_water_mark(&corpus(TWO), TWO), 12);
        let marked = format!("{TWO}{MARK}40 are taken; keep this line when deleting vectors\n");
        assert_eq!(high_water_mark(&corpus(&marked), &marked), 40);
    }

    #[test]
    fn snippet_escapes_and_ends_with_the_mark() {
        let finding = Candidate {
            base: "http://a/\"b\"".to_owned(),
            relative: "\t..\\g\n".to_owned(),
            source: "test".to_owned(),
            note: "why".to_owned(),
        };
        let s = snippet("# no newline", "regression/3", &finding, "r", Step::Step6);
        assert!(
            s.starts_with("\n\n[[resolve]]\nid = \"regression/3\"\n"),
            "{s}"
        );
        assert!(s.ends_with(&format!(
            "tags = [\"regression\", \"step6\"]\nnote = \"why\"\n{MARK}3 are taken; keep this line when deleting vectors\n"
        )));
        let mut c = Corpus::default();
        c.add_str("t", s.trim_start()).unwrap();
        assert_eq!(c.resolve[0].base, finding.base);
        assert_eq!(c.resolve[0].relative, finding.relative);
    }
}
