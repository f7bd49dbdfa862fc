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
//! appear once. What a listing means for a run is decided in
//! [`grade`](crate::grade).
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

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::grade::{Answer, ExpectedFailures};
use crate::{Corpus, LineIndex, LoadError, Spec};

/// One listed vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub reason: String,
    /// The 1-based line of its `id`.
    pub line: usize,
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
}

/// An ambiguity on which an implementation may follow different readings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistent {
    pub ambiguity: String,
    pub reason: String,
    /// The 1-based line of its `ambiguity`.
    pub line: usize,
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
        let lines = LineIndex::new(text);
        let (spec, spec_line) = match raw.spec {
            Some(spec) => {
                let line = lines.line_of(spec.span().start);
                let parsed = spec.get_ref().parse::<Spec>().map_err(|why| LoadError {
                    file: name.to_owned(),
                    line,
                    message: format!("key `spec`: {why}"),
                })?;
                (parsed, line)
            }
            None => (Spec::Rfc1808, 0),
        };
        let mut entries: Vec<Entry> = Vec::with_capacity(raw.expected_failure.len());
        let mut first_line: HashMap<String, usize> = HashMap::new();
        for e in raw.expected_failure {
            let line = lines.line_of(e.id.span().start);
            let id = e.id.into_inner();
            if let Some(first) = first_line.insert(id.clone(), line) {
                return Err(LoadError {
                    file: name.to_owned(),
                    line,
                    message: format!("key `id`: `{id}` is listed twice, first at line {first}"),
                });
            }
            if e.reason.get_ref().trim().is_empty() {
                return Err(LoadError::at(
                    name,
                    text,
                    Some(e.reason.span().start),
                    format!("key `reason`: say why `{id}` fails"),
                ));
            }
            entries.push(Entry {
                id,
                reason: e.reason.into_inner(),
                line,
            });
        }
        let mut inconsistent: Vec<Inconsistent> = Vec::new();
        for e in raw.inconsistent_reading {
            let line = lines.line_of(e.ambiguity.span().start);
            let ambiguity = e.ambiguity.into_inner();
            let at = |message: String| LoadError {
                file: name.to_owned(),
                line,
                message,
            };
            let registry = crate::registry(spec);
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
            });
        }
        Ok(Expectations {
            file: name.to_owned(),
            spec,
            spec_line,
            entries,
            inconsistent,
        })
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
    #[serde(rename = "expected-failure", default)]
    expected_failure: Vec<RawEntry>,
    #[serde(rename = "inconsistent-reading", default)]
    inconsistent_reading: Vec<RawInconsistent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInconsistent {
    ambiguity: Spanned<String>,
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: Spanned<String>,
    reason: Spanned<String>,
}

/// What a run decided about one vector, for [`rewrite`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It answered wrong or rejected the case; `observed` is the reason a
    /// new entry gets, to be replaced by the root cause.
    Fails { observed: String },
    /// It answered right.
    Passes,
    /// The run says nothing new: the vector was filtered out, or the
    /// implementation failed to answer it.
    Undecided,
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

/// What an implementation answered, in a form that fits an entry's reason:
/// `got "http://a/g" (expected "http://a/b/c/g")`.
pub fn observed(answer: &Answer, expected: &str) -> String {
    match answer {
        Answer::Resolved(got) => format!("got {got:?} (expected {expected:?})"),
        Answer::Rejected(why) => format!("rejected: {why:?} (expected {expected:?})"),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("error: {why}"),
    }
}

/// The first line of a file written from scratch.
const HEADER: &str = "# Expected failures, read by `rfc1808 run --expectations`.\n\
                      # Each vector listed here fails; a listed vector that passes fails the run.\n";

/// The line of a file that lists nothing.
const NONE: &str = "# None: every vector passes.\n";

/// The tables of the two kinds.
const FAILURES: &str = "expected-failure";
const INCONSISTENT: &str = "inconsistent-reading";

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
    mut decide: impl FnMut(&crate::ResolveVector) -> Decision,
) -> Result<Rewritten, LoadError> {
    let mut header = HEADER.to_owned();
    let mut trailing = String::new();
    // The old tables of each kind, by id or ambiguity.
    let mut old: HashMap<(&str, String), toml_edit::Table> = HashMap::new();
    let mut old_count = 0;
    // The comments above the old file's `spec` key, if it has one.
    let mut above_spec: Option<String> = None;
    if let Some((name, text)) = existing {
        let parsed = Expectations::parse_str(name, text)?;
        parsed.check_spec(spec)?;
        old_count = parsed.entries.len() + parsed.inconsistent.len();
        let doc: toml_edit::DocumentMut = text
            .parse()
            .map_err(|e: toml_edit::TomlError| LoadError::at(name, text, None, e.to_string()))?;
        trailing = raw(doc.trailing());
        above_spec = doc
            .as_table()
            .key("spec")
            .map(|key| key.leaf_decor().prefix().map(raw).unwrap_or_default());
        let mut tables: Vec<(&str, &str, &toml_edit::Table)> = Vec::new();
        for (kind, key) in [(FAILURES, "id"), (INCONSISTENT, "ambiguity")] {
            let of_kind = doc.get(kind).and_then(toml_edit::Item::as_array_of_tables);
            for table in of_kind.into_iter().flat_map(|t| t.iter()) {
                if let Some(name) = table.get(key).and_then(|v| v.as_str()) {
                    tables.push((kind, name, table));
                }
            }
        }
        tables.sort_by_key(|(_, _, t)| t.position());
        // The top comments are the first table's prefix up to its last
        // blank line; the rest is the entry's own.
        header = match tables.first() {
            Some((_, _, first)) => {
                let prefix = prefix(first);
                let cut = prefix.rfind("\n\n").map_or(0, |at| at + 2);
                prefix[..cut].to_owned()
            }
            None => std::mem::take(&mut trailing),
        };
        for (i, (kind, name, table)) in tables.into_iter().enumerate() {
            let mut table = table.clone();
            if i == 0 {
                let own = prefix(&table)[header.len()..].to_owned();
                table.decor_mut().set_prefix(own);
            }
            old.insert((kind, name.to_owned()), table);
        }
    }

    // Old tables that stay, new ones, in the order they are written.
    let mut failures = Vec::new();
    let (mut kept, mut added) = (0, 0);
    for v in &corpus.resolve {
        let before = old.remove(&(FAILURES, v.id.clone()));
        match (decide(v), before) {
            (Decision::Passes, _) | (Decision::Undecided, None) => {}
            (_, Some(table)) => {
                kept += 1;
                failures.push(table);
            }
            (Decision::Fails { observed }, None) => {
                added += 1;
                failures.push(new_table(&[("id", &v.id), ("reason", &observed)]));
            }
        }
    }
    let mut readings = Vec::new();
    for (ambiguity, seen) in inconsistent {
        match old.remove(&(INCONSISTENT, (*ambiguity).to_owned())) {
            Some(table) => {
                kept += 1;
                readings.push(table);
            }
            None => {
                added += 1;
                readings.push(new_table(&[("ambiguity", ambiguity), ("reason", seen)]));
            }
        }
    }

    let mut doc = toml_edit::DocumentMut::new();
    let mut position: isize = 0;
    for (kind, tables) in [(FAILURES, failures), (INCONSISTENT, readings)] {
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

    let spec_line = format!("spec = \"{spec}\"\n");
    match above_spec {
        Some(above) => header = format!("{above}{spec_line}{header}"),
        None if spec != Spec::Rfc1808 => {
            header.truncate(header.trim_end_matches('\n').len());
            if !header.is_empty() {
                header.push('\n');
            }
            header.push_str(&spec_line);
        }
        None => {}
    }
    let mut text = header.replace(NONE, "");
    if position == 0 {
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
    text.push_str(&trailing);
    Ok(Rewritten {
        text,
        kept,
        added,
        dropped: old_count - kept,
    })
}

/// The text of a parsed document's whitespace and comments.
fn raw(s: &toml_edit::RawString) -> String {
    s.as_str().unwrap_or_default().to_owned()
}

/// The whitespace and comments before a table's header.
fn prefix(table: &toml_edit::Table) -> String {
    table.decor().prefix().map(raw).unwrap_or_default()
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
            err.to_string()
                .starts_with("py.toml:3: unknown key `why`, expected `id` or `reason`"),
            "{err}"
        );
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
            "py.toml:1: key `spec`: unknown spec `rfc3987`, expected `rfc1808`, `rfc2396` or `rfc3986`"
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
}
