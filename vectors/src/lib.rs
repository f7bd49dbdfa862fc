//! The test vectors for RFC 1808 relative URL resolution, and their loader.
//!
//! The vectors are TOML files in `vectors/`; this crate reads them from a
//! directory ([`load_dir`]) or from the copy compiled into it ([`embedded`]),
//! so a URL library can run them in its own `cargo test` without a checkout.
//!
//! # File format
//!
//! A file holds two arrays of tables, `[[resolve]]` and `[[parse]]`, in any
//! order and either may be missing. Unknown keys, missing keys, wrong types,
//! malformed ids and an id used twice (in any file) are load errors that name
//! the file, the line and the key.
//!
//! Keys every vector has:
//!
//! | key      | type            | meaning |
//! |----------|-----------------|---------|
//! | `id`     | string          | `group/name`, unique across all files and stable: never changed, never reused. `group` and `name` use `A-Z a-z 0-9 . _ -`. Expectation and skip lists refer to it. |
//! | `source` | string          | where it comes from: an RFC section, or why it exists. |
//! | `tags`   | array of string | for filtering (`rfc-example`, `interpretation`, `step6`, ...); may be empty. |
//! | `note`   | string, optional| the reasoning behind the expected value, for a choice or a finding. In a `[[resolve]]` vector it may be a table of strings by spec instead (below). |
//!
//! `[[resolve]]` vectors resolve a relative URL against a base:
//!
//! | key        | type   | meaning |
//! |------------|--------|---------|
//! | `base`     | string, optional | the base URL. Without it the vector is an absolute parse: under the URL Standard the basic URL parser with no base (`new URL(relative)`, the web-platform tests' entries whose base is `null`), and under the RFCs a resolution with no base, which RFC 1808's Step 1 reads as an empty one ("the embedded URL is interpreted as an absolute URL"). |
//! | `relative` | string | the embedded URL, resolved against `base`. |
//! | `expected` | string, or table by spec | the resolved URL, exactly, under the spec's default readings. A string is RFC 1808's answer; a table gives one answer per spec (`{ rfc1808 = "...", rfc3986 = "..." }`) and must have `rfc1808`. A spec that fails the case (the URL Standard) answers `{ rejects = "why" }` there, which any rejection passes. |
//! | `readings` | table by spec of tables, optional | answers under other readings of the spec's ambiguities: `readings.rfc1808 = { "empty-component=absent" = "http://a/b/c/g" }`. Each key is `AMBIGUITY=READING[,AMBIGUITY=READING...]`, names from the spec's registry ([`Spec::registry`]); each value the answer under those readings: a URL, or `{ rejects = "why" }` where under them the spec makes resolving the reference an error (RFC 2396 `above-root=error`), which a rejection passes. |
//! | `undefined` | table of strings by spec, optional | the spec does not define this case (an input outside its grammar): any answer, or a rejection, passes. The value says why: `undefined.rfc1808 = "the base is outside the BNF: fsegment = 1*pchar"`. `expected` still holds the reference resolver's answer. |
//!
//! | `note`     | string, or table of strings by spec, optional | why the answer is what it is. A string is every spec's note; a table gives one per spec (`note.rfc1808 = "Step 5b: ..."`, `note.rfc3986 = "Section 5.2.2: ..."`), and a spec it leaves out has none. Reports show the note of the spec an implementation is graded under ([`ResolveVector::note_under`]). |
//!
//! A spec key is `rfc1808`, `rfc2396`, `rfc3986` or `whatwg` ([`Spec`]); `readings`,
//! `undefined` and `note` may name only specs that `expected` gives an
//! answer for.
//!
//! How `readings` is read: the ambiguities a vector's keys name are the
//! ones its answer depends on. For a choice of one reading of each, the
//! answer is the value of the key naming the most of those readings among
//! the keys that name no other reading; if no key fits, it is `expected`.
//! The loader rejects a table that leaves a choice two answers, and `cargo
//! test` checks every choice against the reference resolver run under it.
//!
//! ```toml
//! [[resolve]]
//! id = "interpretation/fragment-only-empty"
//! base = "http://a/b/c/d;p?q#f"
//! relative = "#"
//! expected = "http://a/b/c/d;p?q#"
//! readings.rfc1808 = { "empty-component=absent" = "http://a/b/c/d;p?q", "entirely-empty=components" = "http://a/b/c/d;p?q#f", "empty-component=absent,entirely-empty=components" = "http://a/b/c/d;p?q#f" }
//! source = "..."
//! tags = ["interpretation"]
//! ```
//!
//! `[[parse]]` vectors split a string into the components of section 2.1.
//! A component key that is missing means the component is absent (its
//! delimiter is not in the string); `""` means its delimiter is there with
//! nothing after it:
//!
//! | key        | type             | meaning |
//! |------------|------------------|---------|
//! | `input`    | string           | the string to parse. |
//! | `scheme`   | string, optional | before the first `:` (section 2.4.2). |
//! | `net_loc`  | string, optional | after `//` (section 2.4.3). |
//! | `path`     | string           | the path, with its initial `/` when there is one (section 2.4.6). |
//! | `params`   | string, optional | after the first `;` (section 2.4.5). |
//! | `query`    | string, optional | after the first `?` (section 2.4.4). |
//! | `fragment` | string, optional | after the first `#` (section 2.4.1). |

pub mod causes;
mod digest;
pub mod expectations;
pub mod files;
pub mod fingerprint;
pub mod grade;
#[cfg(feature = "libtest")]
pub mod libtest;
pub mod readings;
pub mod versions;

pub use digest::VectorSetDigest;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

pub use readings::{Assignment, SpecAnswers, Stated};

pub use rfc1808_resolver::Spec;

/// A vector that resolves `relative` against `base`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveVector {
    pub id: String,
    /// `None` for an absolute parse (the URL Standard's parser with no
    /// base); see [`ResolveVector::base_or_empty`].
    pub base: Option<String>,
    pub relative: String,
    /// RFC 1808's answer under its default readings: `specs[0].expected`.
    pub expected: String,
    /// The answers of every spec the vector gives, RFC 1808 first, then in
    /// [`Spec::ALL`] order.
    pub specs: Vec<SpecAnswers>,
    pub source: String,
    pub tags: Vec<String>,
    /// RFC 1808's note: the `note` string, or its `rfc1808` key. Another
    /// spec's is [`ResolveVector::note_under`].
    pub note: Option<String>,
    /// Where the vector was read from.
    pub origin: Origin,
}

/// A vector that parses `input` into the components of section 2.1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVector {
    pub id: String,
    pub input: String,
    pub scheme: Option<String>,
    pub net_loc: Option<String>,
    /// The path with its initial slash when there is one.
    pub path: String,
    pub params: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
    pub source: String,
    pub tags: Vec<String>,
    pub note: Option<String>,
    pub origin: Origin,
}

impl ParseVector {
    /// The components this vector says its input parses into.
    pub fn components(&self) -> rfc1808_resolver::Components<'_> {
        rfc1808_resolver::Components {
            scheme: self.scheme.as_deref(),
            net_loc: self.net_loc.as_deref(),
            slash: self.path.starts_with('/'),
            path: self.path.strip_prefix('/').unwrap_or(&self.path),
            params: self.params.as_deref(),
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
    }
}

/// The file and line a vector was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The file name as given to the loader (`vectors/rfc1808.toml`).
    pub file: String,
    /// The 1-based line of the vector's `id`.
    pub line: usize,
}

impl ResolveVector {
    /// The base as the RFCs read it: an absolute parse has none, which RFC
    /// 1808's Step 1 calls "the empty string (unknown)". The URL Standard
    /// tells no base from an empty one (which fails to parse): ask it with
    /// `base`.
    pub fn base_or_empty(&self) -> &str {
        self.base.as_deref().unwrap_or("")
    }

    /// Whether the vector is an absolute parse: no base.
    pub fn is_absolute_parse(&self) -> bool {
        self.base.is_none()
    }

    /// The answers `spec` gives, if the vector states them.
    pub fn answers(&self, spec: Spec) -> Option<&SpecAnswers> {
        self.specs.iter().find(|a| a.spec == spec)
    }

    /// RFC 1808's answers, which every vector has.
    pub fn rfc1808(&self) -> &SpecAnswers {
        &self.specs[0]
    }

    /// The note that explains `spec`'s answer, if the vector gives one:
    /// a `note` string is every spec's, a table gives each its own.
    pub fn note_under(&self, spec: Spec) -> Option<&str> {
        self.answers(spec)?.note.as_deref()
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// All vectors of one or more files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Corpus {
    pub resolve: Vec<ResolveVector>,
    pub parse: Vec<ParseVector>,
    /// Which files these vectors came from, for reports.
    pub digest: VectorSetDigest,
}

/// A file that could not be loaded, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    /// 1-based; 0 when the error is about the whole file.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for LoadError {}

/// An id that two sets of vectors both use ([`Corpus::add_corpus`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateId {
    pub id: String,
    /// Where the added vector is.
    pub at: Origin,
    /// Where the vector that had the id first is.
    pub first: Origin,
}

impl fmt::Display for DuplicateId {
    /// As the loader says it of two vectors of one set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: key `id`: duplicate id `{}`, first used at {}",
            self.at, self.id, self.first
        )
    }
}

impl std::error::Error for DuplicateId {}

impl From<DuplicateId> for LoadError {
    fn from(e: DuplicateId) -> Self {
        LoadError {
            file: e.at.file.clone(),
            line: e.at.line,
            message: format!(
                "key `id`: duplicate id `{}`, first used at {}",
                e.id, e.first
            ),
        }
    }
}

impl LoadError {
    /// An error in `text`, the contents of `file`, at the byte offset `at`
    /// (`None` for the whole file).
    pub fn at(file: &str, text: &str, at: Option<usize>, message: String) -> Self {
        LoadError {
            file: file.to_owned(),
            line: at.map_or(0, |at| line_of(text, at)),
            message,
        }
    }

    /// An error about the whole file `path`.
    fn whole(path: &Path, message: String) -> Self {
        LoadError {
            file: path.display().to_string(),
            line: 0,
            message,
        }
    }

    /// A TOML syntax or shape error, with serde's "field" said as "key".
    pub fn from_toml(file: &str, text: &str, e: &toml::de::Error) -> Self {
        let message = e.message().trim_end();
        let message = match message.strip_prefix("unknown field") {
            Some(rest) => format!("unknown key{rest}"),
            None => match message.strip_prefix("missing field") {
                Some(rest) => format!("missing key{rest}"),
                None => message.to_owned(),
            },
        };
        Self::at(file, text, e.span().map(|s| s.start), message)
    }

    /// Reads the file at `path`, as UTF-8 text, returning its name for
    /// messages and its text. Only a regular file (or a link to one) of at
    /// most [`FILE_LIMIT`] bytes is read: a FIFO would block the reader
    /// forever, and `/dev/zero` never ends.
    pub fn read(path: &Path) -> Result<(String, String), LoadError> {
        let name = path.display().to_string();
        let cannot =
            |e: std::io::Error| LoadError::whole(path, format!("cannot read the file: {e}"));
        let meta = std::fs::metadata(path).map_err(cannot)?;
        if !meta.is_file() {
            return Err(LoadError::whole(
                path,
                format!(
                    "not a regular file ({}), so it is not read",
                    file_type(&meta)
                ),
            ));
        }
        let file = std::fs::File::open(path).map_err(cannot)?;
        let mut bytes = Vec::new();
        // One byte past the limit tells a file at the limit from a longer one.
        std::io::Read::read_to_end(&mut std::io::Read::take(file, FILE_LIMIT + 1), &mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > FILE_LIMIT {
            return Err(LoadError::whole(
                path,
                format!(
                    "larger than the limit of {} MiB, so it is not read",
                    FILE_LIMIT >> 20
                ),
            ));
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok((name, text)),
            Err(e) => Err(LoadError::at(
                &name,
                &String::from_utf8_lossy(e.as_bytes()),
                Some(e.utf8_error().valid_up_to()),
                "the file is not UTF-8".to_owned(),
            )),
        }
    }
}

/// The largest vector, config or expectations file read, in bytes: about
/// twenty times the size of 100,000 vectors.
pub const FILE_LIMIT: u64 = 256 << 20;

/// What a file that is not a regular file is, for messages.
fn file_type(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// The vector files compiled into this crate, by file name. A test checks
/// that this list matches the `*.toml` files of `vectors/`.
pub const EMBEDDED_FILES: &[(&str, &str)] = &[
    ("rfc1808.toml", include_str!("../rfc1808.toml")),
    ("parse.toml", include_str!("../parse.toml")),
    (
        "interpretation.toml",
        include_str!("../interpretation.toml"),
    ),
    ("regressions.toml", include_str!("../regressions.toml")),
    ("rfc3986.toml", include_str!("../rfc3986.toml")),
];

/// A spec's own conformance data, compiled into this crate as vectors by
/// path: they run beside the built-in vectors when a run grades by that
/// spec ([`embedded_for`]). The web-platform tests' URL entries, with a
/// base (resolutions) and without (absolute parses), are the URL
/// Standard's.
pub const SPEC_FILES: &[(Spec, &str, &str)] = &[(
    Spec::Whatwg,
    "wpt/vectors.toml",
    include_str!("../wpt/vectors.toml"),
)];

/// The vectors compiled into this crate.
pub fn embedded() -> Corpus {
    embedded_for(&[])
}

/// The vectors compiled into this crate, and the [`SPEC_FILES`] of
/// `specs`.
pub fn embedded_for(specs: &[Spec]) -> Corpus {
    let mut corpus = Corpus::default();
    let own = SPEC_FILES
        .iter()
        .filter(|(spec, _, _)| specs.contains(spec))
        .map(|&(_, name, text)| (name, text));
    for (name, text) in EMBEDDED_FILES.iter().copied().chain(own) {
        corpus
            .add_str(&format!("vectors/{name}"), text)
            .unwrap_or_else(|e| panic!("the embedded vectors are checked by `cargo test`: {e}"));
    }
    corpus
}

/// Loads every `*.toml` file of `dir`, in file name order.
pub fn load_dir(dir: &Path) -> Result<Corpus, LoadError> {
    let whole_dir = |message: String| LoadError {
        file: dir.display().to_string(),
        line: 0,
        message,
    };
    let entries =
        std::fs::read_dir(dir).map_err(|e| whole_dir(format!("cannot read the directory: {e}")))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| whole_dir(format!("cannot read the directory: {e}")))?
            .path();
        // `Cargo.toml` is the manifest of this crate, which lives beside the vectors.
        if path.extension().is_some_and(|ext| ext == "toml")
            && path.file_name().is_some_and(|name| name != "Cargo.toml")
        {
            files.push(path);
        }
    }
    if files.is_empty() {
        return Err(whole_dir("no `*.toml` vector files here".to_owned()));
    }
    files.sort();
    let mut corpus = Corpus::default();
    for file in files {
        corpus.add_file(&file)?;
    }
    Ok(corpus)
}

impl Corpus {
    /// Reads one file and adds its vectors.
    pub fn add_file(&mut self, file: &Path) -> Result<(), LoadError> {
        let (name, text) = LoadError::read(file)?;
        self.add_str(&name, &text)
    }

    /// Parses `text` as the vector file `name` and adds its vectors. On error
    /// nothing is added.
    pub fn add_str(&mut self, name: &str, text: &str) -> Result<(), LoadError> {
        let file: File = toml::from_str(text).map_err(|e| LoadError::from_toml(name, text, &e))?;
        let mut ids = NewIds::new(self, name, text);
        let mut resolve = Vec::with_capacity(file.resolve.len());
        for v in file.resolve {
            let origin = ids.check(&v.id)?;
            resolve.push(resolve_vector(v, origin, name, text)?);
        }
        let mut parse = Vec::with_capacity(file.parse.len());
        for v in file.parse {
            let origin = ids.check(&v.id)?;
            parse.push(parse_vector(v, origin));
        }
        self.resolve.extend(resolve);
        self.parse.extend(parse);
        self.digest.add_file(name, text);
        Ok(())
    }

    /// Adds the vectors of `added`, loaded on their own (a project's own
    /// files, run beside the built-in vectors), as [`Corpus::add_str`] adds
    /// a file's: an id both hold is an error, and on error nothing is added.
    pub fn add_corpus(&mut self, added: Corpus) -> Result<(), DuplicateId> {
        let mut seen: HashMap<&str, &Origin> = HashMap::new();
        for (id, origin) in self.origins() {
            seen.insert(id, origin);
        }
        if let Some((id, origin, first)) = added
            .origins()
            .find_map(|(id, origin)| Some((id, origin, seen.get(id)?)))
        {
            return Err(DuplicateId {
                id: id.to_owned(),
                at: origin.clone(),
                first: (*first).clone(),
            });
        }
        self.resolve.extend(added.resolve);
        self.parse.extend(added.parse);
        self.digest.add_set(added.digest);
        Ok(())
    }

    /// Every id with where it was read, resolve vectors first.
    fn origins(&self) -> impl Iterator<Item = (&str, &Origin)> {
        self.resolve
            .iter()
            .map(|v| (v.id.as_str(), &v.origin))
            .chain(self.parse.iter().map(|v| (v.id.as_str(), &v.origin)))
    }

    /// Every id, resolve vectors first.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.resolve
            .iter()
            .map(|v| v.id.as_str())
            .chain(self.parse.iter().map(|v| v.id.as_str()))
    }
}

/// The ids of the vector file `name` (whose text is `text`) that
/// [`Corpus::add_str`] adds, checked as it reads them.
struct NewIds<'a> {
    name: &'a str,
    text: &'a str,
    lines: LineIndex,
    /// The ids of the corpus, with where each was read.
    seen: HashMap<&'a str, &'a Origin>,
    /// The ids of this file so far, with their lines.
    new_ids: HashMap<String, usize>,
}

impl<'a> NewIds<'a> {
    fn new(corpus: &'a Corpus, name: &'a str, text: &'a str) -> Self {
        let mut seen: HashMap<&str, &Origin> = HashMap::new();
        for (id, origin) in corpus.origins() {
            seen.insert(id, origin);
        }
        NewIds {
            name,
            text,
            lines: LineIndex::new(text),
            seen,
            new_ids: HashMap::new(),
        }
    }

    /// Where `id` is read, once it is checked to be of the `group/name`
    /// form and used nowhere else.
    fn check(&mut self, id: &Spanned<String>) -> Result<Origin, LoadError> {
        let name = self.name;
        let error =
            |message: String| LoadError::at(name, self.text, Some(id.span().start), message);
        let line = self.lines.line_of(id.span().start);
        let here = Origin {
            file: name.to_owned(),
            line,
        };
        if let Err(why) = check_id_syntax(id.get_ref()) {
            return Err(error(format!("key `id`: `{}` {why}", id.get_ref())));
        }
        let earlier = self
            .seen
            .get(id.get_ref().as_str())
            .map(|origin| origin.to_string())
            .or_else(|| {
                self.new_ids
                    .get(id.get_ref())
                    .map(|line| format!("{name}:{line}"))
            });
        if let Some(earlier) = earlier {
            return Err(error(format!(
                "key `id`: duplicate id `{}`, first used at {earlier}",
                id.get_ref()
            )));
        }
        self.new_ids.insert(id.get_ref().clone(), line);
        Ok(here)
    }
}

/// The resolve vector `v` of the file `name`, whose text is `text`, read
/// at `origin`.
fn resolve_vector(
    v: RawResolve,
    origin: Origin,
    name: &str,
    text: &str,
) -> Result<ResolveVector, LoadError> {
    let specs = spec_answers(&v).map_err(|(key, message)| {
        // toml gives no span for a dotted-key table: find the key's
        // line within the vector.
        LoadError::at(
            name,
            text,
            key_offset(text, v.id.span().start, key),
            message,
        )
    })?;
    Ok(ResolveVector {
        id: v.id.into_inner(),
        base: v.base,
        relative: v.relative,
        expected: specs[0].expected.clone(),
        note: specs[0].note.clone(),
        specs,
        source: v.source,
        tags: v.tags,
        origin,
    })
}

/// The parse vector `v`, read at `origin`.
fn parse_vector(v: RawParse, origin: Origin) -> ParseVector {
    ParseVector {
        id: v.id.into_inner(),
        input: v.input,
        scheme: v.scheme,
        net_loc: v.net_loc,
        path: v.path,
        params: v.params,
        query: v.query,
        fragment: v.fragment,
        source: v.source,
        tags: v.tags,
        note: v.note,
        origin,
    }
}

/// The byte offset of the first line from `from` on that sets `key`
/// (`key =` or `key.`), before the next table.
fn key_offset(text: &str, from: usize, key: &str) -> Option<usize> {
    let mut offset = text[..from].rfind('\n').map_or(0, |n| n + 1);
    for line in text[offset..].split_inclusive('\n') {
        let trimmed = line.trim_start();
        if offset > from && trimmed.starts_with('[') {
            return None;
        }
        if let Some(rest) = trimmed.strip_prefix(key) {
            if rest.trim_start().starts_with(['=', '.']) {
                return Some(offset);
            }
        }
        offset += line.len();
    }
    None
}

/// The `expected`, `readings` and `undefined` keys of a resolve vector as
/// answers by spec, or the key and message of what is wrong with them.
fn spec_answers(v: &RawResolve) -> Result<Vec<SpecAnswers>, KeyError> {
    let mut by_spec = expected_by_spec(&v.expected)?;
    let stated = |key: &'static str, name: &str| stated_spec(&by_spec, key, name);
    let mut undefined = Vec::new();
    for (name, why) in v.undefined.iter().flatten() {
        let spec = stated("undefined", name)?;
        if why.trim().is_empty() {
            return Err((
                "undefined",
                format!("key `undefined.{name}`: say why the spec does not define this case"),
            ));
        }
        undefined.push((spec, why.clone()));
    }
    let mut readings = Vec::new();
    for (name, answers) in v.readings.iter().flatten() {
        readings.push((stated("readings", name)?, answers));
    }
    let mut notes = Vec::new();
    match &v.note {
        None => {}
        Some(RawNote::One(note)) => notes.extend(by_spec.keys().map(|&spec| (spec, note.clone()))),
        Some(RawNote::BySpec(table)) => {
            for (name, note) in table {
                notes.push((stated("note", name)?, note.clone()));
            }
        }
    }
    for (spec, why) in undefined {
        by_spec.get_mut(&spec).expect("checked above").undefined = Some(why);
    }
    for (spec, note) in notes {
        by_spec.get_mut(&spec).expect("checked above").note = Some(note);
    }
    for (spec, answers) in readings {
        let target = by_spec.get_mut(&spec).expect("checked above");
        add_readings(target, spec, answers)?;
    }
    Ok(by_spec.into_values().collect())
}

/// What is wrong with a key of a resolve vector: the key, and the message.
type KeyError = (&'static str, String);

/// The spec `name` of the table `key`.
fn spec_of(key: &'static str, name: &str) -> Result<Spec, KeyError> {
    name.parse::<Spec>()
        .map_err(|e| (key, format!("key `{key}.{name}`: {e}")))
}

/// The spec `name` of the table `key`, one that `by_spec` (the answers of
/// `expected`) gives an answer of.
fn stated_spec(
    by_spec: &BTreeMap<Spec, SpecAnswers>,
    key: &'static str,
    name: &str,
) -> Result<Spec, KeyError> {
    let spec = spec_of(key, name)?;
    if by_spec.contains_key(&spec) {
        Ok(spec)
    } else {
        Err((
            key,
            format!("key `{key}.{name}`: `expected` gives no `{name}` answer"),
        ))
    }
}

/// The answers of the `expected` key by spec, RFC 1808's among them.
fn expected_by_spec(expected: &RawExpected) -> Result<BTreeMap<Spec, SpecAnswers>, KeyError> {
    let mut by_spec: BTreeMap<Spec, SpecAnswers> = BTreeMap::new();
    match expected {
        RawExpected::One(url) => {
            by_spec.insert(Spec::Rfc1808, SpecAnswers::new(Spec::Rfc1808, url.clone()));
        }
        RawExpected::BySpec(table) => {
            for (name, answer) in table {
                let spec = spec_of("expected", name)?;
                let answers = match answer {
                    RawStated::Resolves(url) => SpecAnswers::new(spec, url.clone()),
                    RawStated::Rejects(why) if spec == Spec::Rfc1808 || why.trim().is_empty() => {
                        return Err((
                            "expected",
                            format!(
                                "key `expected.{name}`: a rejection needs a reason, and RFC \
                                 1808's answer is a URL"
                            ),
                        ))
                    }
                    RawStated::Rejects(why) => SpecAnswers {
                        rejects: Some(why.clone()),
                        ..SpecAnswers::new(spec, String::new())
                    },
                };
                by_spec.insert(spec, answers);
            }
        }
    }
    if !by_spec.contains_key(&Spec::Rfc1808) {
        return Err((
            "expected",
            "key `expected`: every vector gives RFC 1808's answer: `expected.rfc1808` is missing"
                .to_owned(),
        ));
    }
    Ok(by_spec)
}

/// The answers of the table `readings.SPEC` (`spec`'s) added to `target`,
/// and checked.
fn add_readings(
    target: &mut SpecAnswers,
    spec: Spec,
    answers: &BTreeMap<String, RawStated>,
) -> Result<(), KeyError> {
    for (key, answer) in answers {
        let assignment = Assignment::parse(spec, key)
            .and_then(|a| match a.is_empty() {
                true => Err("names no reading".to_owned()),
                false => Ok(a),
            })
            .map_err(|e| ("readings", format!("key `readings.{spec}`: `{key}`: {e}")))?;
        let answer = match answer {
            RawStated::Resolves(url) => Stated::Resolves(url.clone()),
            RawStated::Rejects(why) if why.trim().is_empty() => {
                return Err((
                    "readings",
                    format!(
                        "key `readings.{spec}`: `{key}`: say why the spec makes this \
                         reference an error"
                    ),
                ))
            }
            RawStated::Rejects(why) => Stated::Rejects(why.clone()),
        };
        target.readings.push((assignment, answer));
    }
    target
        .check()
        .map_err(|e| ("readings", format!("key `readings.{spec}`: {e}")))
}

/// Checks the `group/name` form of an id.
pub fn check_id_syntax(id: &str) -> Result<(), &'static str> {
    let allowed = |part: &str| {
        !part.is_empty()
            && part
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
    };
    match id.split_once('/') {
        Some((group, name)) if allowed(group) && allowed(name) => Ok(()),
        _ => Err("is not of the form `group/name` (letters, digits, `.`, `_`, `-`)"),
    }
}

/// Where the lines of a text start, so that the line of any byte offset is
/// found in logarithmic time: a loader that names the line of each of N
/// entries stays linear in the size of the file.
pub struct LineIndex {
    /// The byte offset of each line ending.
    ends: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex {
            ends: text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i)
                .collect(),
        }
    }

    /// The 1-based line of the byte offset `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.ends.partition_point(|&end| end < offset) + 1
    }
}

/// The 1-based line of the byte offset `offset` in `text`, for one lookup;
/// [`LineIndex`] for many.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
        + 1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    resolve: Vec<RawResolve>,
    #[serde(default)]
    parse: Vec<RawParse>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResolve {
    id: Spanned<String>,
    base: Option<String>,
    relative: String,
    expected: RawExpected,
    readings: Option<BTreeMap<String, BTreeMap<String, RawStated>>>,
    undefined: Option<BTreeMap<String, String>>,
    source: String,
    tags: Vec<String>,
    note: Option<RawNote>,
}

/// `note = "..."` or `note = { rfc1808 = "...", ... }`.
enum RawNote {
    One(String),
    BySpec(BTreeMap<String, String>),
}

impl<'de> Deserialize<'de> for RawNote {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Note;

        impl<'de> Visitor<'de> for Note {
            type Value = RawNote;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string, or a table of strings by spec")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawNote, E> {
                Ok(RawNote::One(v.to_owned()))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawNote, A::Error> {
                Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RawNote::BySpec)
            }
        }

        deserializer.deserialize_any(Note)
    }
}

/// `expected = "..."` or `expected = { rfc1808 = "...", ... }`.
enum RawExpected {
    One(String),
    BySpec(BTreeMap<String, RawStated>),
}

impl<'de> Deserialize<'de> for RawExpected {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Expected;

        impl<'de> Visitor<'de> for Expected {
            type Value = RawExpected;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string, or a table by spec of strings or `{ rejects = \"why\" }`")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawExpected, E> {
                Ok(RawExpected::One(v.to_owned()))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawExpected, A::Error> {
                Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RawExpected::BySpec)
            }
        }

        deserializer.deserialize_any(Expected)
    }
}

/// A `readings.SPEC` value: `"URL"` or `{ rejects = "why" }`.
enum RawStated {
    Resolves(String),
    Rejects(String),
}

/// The table form of [`RawStated`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRejects {
    rejects: String,
}

impl<'de> Deserialize<'de> for RawStated {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Stated;

        impl<'de> Visitor<'de> for Stated {
            type Value = RawStated;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string (the answer), or `{ rejects = \"why\" }`")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawStated, E> {
                Ok(RawStated::Resolves(v.to_owned()))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawStated, A::Error> {
                RawRejects::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|r| RawStated::Rejects(r.rejects))
            }
        }

        deserializer.deserialize_any(Stated)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParse {
    id: Spanned<String>,
    input: String,
    scheme: Option<String>,
    net_loc: Option<String>,
    path: String,
    params: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    source: String,
    tags: Vec<String>,
    note: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Corpus, String> {
        let mut corpus = Corpus::default();
        corpus
            .add_str("vectors/t.toml", text)
            .map_err(|e| e.to_string())?;
        Ok(corpus)
    }

    const ONE: &str = r#"
[[resolve]]
id = "t/one"
base = "http://a/b"
relative = "g"
expected = "http://a/g"
source = "test"
tags = []
"#;

    #[test]
    fn a_good_file_loads_with_origins() {
        let corpus = load(ONE).unwrap();
        assert_eq!(corpus.resolve.len(), 1);
        assert_eq!(corpus.resolve[0].origin.to_string(), "vectors/t.toml:3");
        assert_eq!(corpus.resolve[0].expected, "http://a/g");
    }

    #[test]
    fn unknown_key_is_named_with_its_line() {
        let text = ONE.replace("expected =", "expectd =");
        let err = load(&text).unwrap_err();
        assert!(
            err.starts_with("vectors/t.toml:6: unknown key `expectd`"),
            "{err}"
        );
    }

    #[test]
    fn missing_key_is_named() {
        let text = ONE.replace("source = \"test\"\n", "");
        let err = load(&text).unwrap_err();
        assert!(err.contains("missing key `source`"), "{err}");
        assert!(err.starts_with("vectors/t.toml:"), "{err}");
    }

    #[test]
    fn duplicate_id_names_both_places() {
        let text = format!("{ONE}{ONE}");
        assert_eq!(
            load(&text).unwrap_err(),
            "vectors/t.toml:11: key `id`: duplicate id `t/one`, first used at vectors/t.toml:3"
        );
        let mut corpus = load(ONE).unwrap();
        let err = corpus.add_str("vectors/u.toml", ONE).unwrap_err();
        assert_eq!(
            err.to_string(),
            "vectors/u.toml:3: key `id`: duplicate id `t/one`, first used at vectors/t.toml:3"
        );
        assert_eq!(corpus.resolve.len(), 1, "a failed file adds nothing");
    }

    #[test]
    fn an_added_corpus_may_not_reuse_an_id() {
        let mut built_in = load(ONE).unwrap();
        let before = built_in.digest;
        let mut mine = Corpus::default();
        mine.add_str("mine.toml", &ONE.replace("t/one", "t/two"))
            .unwrap();
        built_in.add_corpus(mine.clone()).unwrap();
        assert_eq!(built_in.resolve.len(), 2);
        assert_ne!(built_in.digest, before, "the set names the added files");
        let err = built_in.add_corpus(mine).unwrap_err();
        assert_eq!(
            err.to_string(),
            "mine.toml:3: key `id`: duplicate id `t/two`, first used at mine.toml:3"
        );
        assert_eq!(built_in.resolve.len(), 2, "a failed add adds nothing");
    }

    #[test]
    fn malformed_id_is_rejected() {
        let text = ONE.replace("t/one", "one");
        assert_eq!(
            load(&text).unwrap_err(),
            "vectors/t.toml:3: key `id`: `one` is not of the form `group/name` (letters, digits, `.`, `_`, `-`)"
        );
    }

    #[test]
    fn malformed_toml_gives_a_line() {
        let err = load("[[resolve]]\nid = \"t/x\nbase = 1\n").unwrap_err();
        assert!(err.starts_with("vectors/t.toml:2: "), "{err}");
        let err = load(&ONE.replace("tags = []", "tags = \"x\"")).unwrap_err();
        assert!(err.starts_with("vectors/t.toml:8: "), "{err}");
    }

    /// `n` vectors, eight lines each.
    fn many_vectors(n: usize) -> String {
        (0..n)
            .map(|i| {
                format!(
                    "[[resolve]]\nid = \"many/v{i}\"\nbase = \"http://a/b/c/d;p?q\"\n\
                     relative = \"g{i}\"\nexpected = \"http://a/b/c/g{i}\"\n\
                     source = \"generated\"\ntags = []\n\n"
                )
            })
            .collect()
    }

    #[test]
    fn loading_is_linear_in_the_number_of_vectors() {
        // Line numbers counted from the start of the file for each id took
        // 264 s for 100,000 vectors. Now the TOML parser's own time is most
        // of it; a debug build is about fifteen times slower, so it loads
        // fewer. The bound is generous for a loaded machine.
        let n = if cfg!(debug_assertions) {
            20_000
        } else {
            100_000
        };
        let text = many_vectors(n);
        let started = std::time::Instant::now();
        let corpus = load(&text).unwrap();
        let took = started.elapsed();
        eprintln!("{n} vectors loaded in {took:?}");
        assert_eq!(corpus.resolve.len(), n);
        assert_eq!(corpus.resolve[n - 1].origin.line, 8 * (n - 1) + 2);
        assert!(took.as_secs() < 60, "{n} vectors took {took:?}");
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("rfc1808-vectors-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).unwrap();
        let fifo = dir.join("fifo.toml");
        let path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc_mkfifo(path.as_ptr(), 0o600) }, 0);
        let zero = dir.join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert_eq!(
            LoadError::read(&fifo).unwrap_err().to_string(),
            format!(
                "{}: not a regular file (a FIFO), so it is not read",
                fifo.display()
            )
        );
        assert_eq!(
            LoadError::read(&zero).unwrap_err().to_string(),
            format!(
                "{}: not a regular file (a character device), so it is not read",
                zero.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    extern "C" {
        #[link_name = "mkfifo"]
        fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
    }

    #[test]
    fn answers_by_spec_and_reading_load() {
        let text = ONE.replace(
            "expected = \"http://a/g\"",
            "expected = { rfc1808 = \"http://a/g\", rfc3986 = \"http://a/g3\" }\n\
             readings.rfc1808 = { \"empty-component=absent\" = \"http://a/h\" }\n\
             undefined.rfc3986 = \"outside the grammar\"",
        );
        let corpus = load(&text).unwrap();
        let v = &corpus.resolve[0];
        assert_eq!(v.expected, "http://a/g");
        assert_eq!(v.specs.len(), 2);
        assert_eq!(v.answers(Spec::Rfc3986).unwrap().expected, "http://a/g3");
        assert_eq!(
            v.answers(Spec::Rfc3986).unwrap().undefined.as_deref(),
            Some("outside the grammar")
        );
        let (key, answer) = &v.rfc1808().readings[0];
        assert_eq!(
            (key.to_string().as_str(), answer.url().unwrap()),
            ("empty-component=absent", "http://a/h")
        );
        assert!(v.answers(Spec::Rfc2396).is_none());
    }

    #[test]
    fn bad_answers_by_spec_and_reading_say_where_and_why() {
        let with = |lines: &str| {
            load(&ONE.replace("source = \"test\"", &format!("{lines}\nsource = \"test\"")))
        };
        assert_eq!(
            with("readings.rfc1808 = { \"empty-component=gone\" = \"x\" }").unwrap_err(),
            "vectors/t.toml:7: key `readings.rfc1808`: `empty-component=gone`: ambiguity \
             `empty-component` has no reading `gone`, expected one of `kept`, `absent`"
        );
        assert_eq!(
            with("readings.rfc1808 = { \"empty-components=absent\" = \"x\" }").unwrap_err(),
            "vectors/t.toml:7: key `readings.rfc1808`: `empty-components=absent`: unknown \
             ambiguity `empty-components`, expected one of `empty-component`, `entirely-empty`, \
             `inherit-if-any`, `empty-net-loc`, `escaped-dots`"
        );
        assert_eq!(
            with("readings.rfc3986 = { \"a=b\" = \"x\" }").unwrap_err(),
            "vectors/t.toml:7: key `readings.rfc3986`: `expected` gives no `rfc3986` answer"
        );
        assert_eq!(
            with("undefined.rfc1809 = \"x\"").unwrap_err(),
            "vectors/t.toml:7: key `undefined.rfc1809`: unknown spec `rfc1809`, expected \
             `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
        assert_eq!(
            with("undefined.rfc1808 = \" \"").unwrap_err(),
            "vectors/t.toml:7: key `undefined.rfc1808`: say why the spec does not define this case"
        );
        assert_eq!(
            with(
                "readings.rfc1808 = { \"empty-component=absent\" = \"x\", \
                 \"entirely-empty=components\" = \"y\" }"
            )
            .unwrap_err(),
            "vectors/t.toml:7: key `readings.rfc1808`: under \
             `empty-component=absent,entirely-empty=components`, `empty-component=absent` and \
             `entirely-empty=components` give different answers; add a key for \
             `empty-component=absent,entirely-empty=components`"
        );
        let err = with("readingz.rfc1808 = {}").unwrap_err();
        assert!(
            err.starts_with("vectors/t.toml:7: unknown key `readingz`"),
            "{err}"
        );
        assert_eq!(
            load(&ONE.replace(
                "expected = \"http://a/g\"",
                "expected = { rfc3986 = \"x\" }"
            ))
            .unwrap_err(),
            "vectors/t.toml:6: key `expected`: every vector gives RFC 1808's answer: \
             `expected.rfc1808` is missing"
        );
        let err = load(&ONE.replace("expected = \"http://a/g\"", "expected = 1")).unwrap_err();
        assert!(
            err.starts_with("vectors/t.toml:6: invalid type: integer `1`, expected a string, or a table by spec of strings or `{ rejects = \"why\" }`"),
            "{err}"
        );
    }

    #[test]
    fn a_note_is_every_specs_or_given_by_spec() {
        let both = "expected = { rfc1808 = \"http://a/g\", rfc3986 = \"http://a/g3\" }";
        let text = ONE.replace("expected = \"http://a/g\"", both) + "note = \"one for all\"\n";
        let v = &load(&text).unwrap().resolve[0];
        assert_eq!(v.note.as_deref(), Some("one for all"));
        assert_eq!(v.note_under(Spec::Rfc3986), Some("one for all"));
        assert_eq!(v.note_under(Spec::Rfc2396), None, "no answer, no note");
        let text = ONE.replace("expected = \"http://a/g\"", both)
            + "note.rfc3986 = \"Section 5.2.2 merges\"\n";
        let v = &load(&text).unwrap().resolve[0];
        assert_eq!(v.note, None);
        assert_eq!(v.note_under(Spec::Rfc1808), None);
        assert_eq!(v.note_under(Spec::Rfc3986), Some("Section 5.2.2 merges"));
        let text = ONE.replace("expected = \"http://a/g\"", both)
            + "note = { rfc1808 = \"Step 6\", rfc3986 = \"5.2.3\" }\n";
        let v = &load(&text).unwrap().resolve[0];
        assert_eq!(v.note.as_deref(), Some("Step 6"));
        assert_eq!(v.note_under(Spec::Rfc3986), Some("5.2.3"));
        assert_eq!(
            load(&(ONE.to_owned() + "note.rfc2396 = \"x\"\n")).unwrap_err(),
            "vectors/t.toml:9: key `note.rfc2396`: `expected` gives no `rfc2396` answer"
        );
        let err = load(&(ONE.to_owned() + "note = 1\n")).unwrap_err();
        assert!(
            err.starts_with("vectors/t.toml:9: invalid type: integer `1`, expected a string, or a table of strings by spec"),
            "{err}"
        );
    }

    #[test]
    fn a_reading_may_reject_the_reference() {
        let with = |readings: &str| {
            load(&ONE.replace(
                "expected = \"http://a/g\"",
                &format!(
                    "expected = {{ rfc1808 = \"http://a/g\", rfc2396 = \"http://a/../g\" }}\n{readings}"
                ),
            ))
        };
        let corpus = with(
            "readings.rfc2396 = { \"above-root=removed\" = \"http://a/g\", \
             \"above-root=error\" = { rejects = \"step 6g\" } }",
        )
        .unwrap();
        let answers = corpus.resolve[0].answers(Spec::Rfc2396).unwrap();
        let under = |text: &str| {
            answers
                .answer_under(&Assignment::parse(Spec::Rfc2396, text).unwrap())
                .unwrap()
        };
        assert_eq!(under("above-root=error"), Stated::Rejects("step 6g"));
        assert_eq!(under("above-root=removed"), Stated::Resolves("http://a/g"));
        assert_eq!(under("above-root=kept"), Stated::Resolves("http://a/../g"));
        assert_eq!(
            with("readings.rfc2396 = { \"above-root=error\" = { rejects = \" \" } }").unwrap_err(),
            "vectors/t.toml:7: key `readings.rfc2396`: `above-root=error`: say why the spec \
             makes this reference an error"
        );
        let err =
            with("readings.rfc2396 = { \"above-root=error\" = { reject = \"x\" } }").unwrap_err();
        assert!(
            err.starts_with("vectors/t.toml:7: unknown key `reject`, expected `rejects`"),
            "{err}"
        );
        let err = with("readings.rfc2396 = { \"above-root=error\" = 1 }").unwrap_err();
        assert!(
            err.starts_with(
                "vectors/t.toml:7: invalid type: integer `1`, expected a string (the answer), \
                 or `{ rejects = \"why\" }`"
            ),
            "{err}"
        );
    }

    #[test]
    fn embedded_files_are_the_directory_files() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml") && n != "Cargo.toml")
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = EMBEDDED_FILES.iter().map(|(n, _)| n.to_string()).collect();
        embedded.sort();
        assert_eq!(on_disk, embedded);
        assert!(!super::embedded().resolve.is_empty());
    }

    #[test]
    fn a_specs_own_vectors_load_with_the_built_in_ones_only_for_it() {
        let built_in = super::embedded().resolve.len();
        assert_eq!(
            super::embedded_for(&[Spec::Rfc3986]).resolve.len(),
            built_in
        );
        let whatwg = super::embedded_for(&[Spec::Whatwg]);
        let own: Vec<_> = whatwg.resolve[built_in..].iter().collect();
        assert!(own.len() > 300, "{}", own.len());
        assert!(own
            .iter()
            .all(|v| v.id.starts_with("wpt/") && v.answers(Spec::Whatwg).is_some()));
        // A failure of the URL Standard is a rejection it expects.
        assert!(own
            .iter()
            .any(|v| v.answers(Spec::Whatwg).unwrap().rejects.is_some()));
    }

    #[test]
    fn the_embedded_vectors_and_the_directory_have_one_digest() {
        let from_dir = load_dir(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(from_dir.digest, super::embedded().digest);
        assert_ne!(from_dir.digest, Corpus::default().digest);
    }
}
