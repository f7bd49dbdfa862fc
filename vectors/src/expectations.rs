//! The expectations file: the vectors an implementation is known to fail,
//! each with its reason. `rfc1808 run --expectations` and
//! [`libtest::Suite::expectations_file`](crate::libtest) read the same
//! files, and both write them with [`render`].
//!
//! ```toml
//! [[expected-failure]]
//! id = "rfc1808-5.2/too-many-dot-dot"
//! reason = "follows RFC 3986: got \"http://a/g\" (expected \"http://a/../g\")"
//! ```
//!
//! Both keys are required, the reason must not be empty and an id may appear
//! once; errors name the file and line.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::{LineIndex, LoadError};

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
    pub entries: Vec<Entry>,
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
        let mut entries: Vec<Entry> = Vec::with_capacity(raw.expected_failure.len());
        let lines = LineIndex::new(text);
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
        Ok(Expectations {
            file: name.to_owned(),
            entries,
        })
    }

    /// The reason given for `id`, if it is listed.
    pub fn reason(&self, id: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.reason.as_str())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(rename = "expected-failure", default)]
    expected_failure: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: Spanned<String>,
    reason: Spanned<String>,
}

/// An expectations file listing `entries` (id and reason), in that order,
/// with a header saying what it is.
pub fn render<'a>(entries: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::from(
        "# Expected failures, read by `rfc1808 run --expectations`.\n\
         # Each vector listed here fails; a listed vector that passes fails the run.\n",
    );
    let mut count = 0;
    for (id, reason) in entries {
        count += 1;
        let _ = write!(
            out,
            "\n[[expected-failure]]\nid = {}\nreason = {}\n",
            toml_string(id),
            toml_string(reason)
        );
    }
    if count == 0 {
        out.push_str("# None: every vector passes.\n");
    }
    out
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

    #[test]
    fn what_render_writes_parses_back() {
        let text = render([("a/one", "says \"no\"\n\ttwice"), ("a/two", "why")]);
        let read = Expectations::parse_str("x.toml", &text).unwrap();
        assert_eq!(read.reason("a/one"), Some("says \"no\"\n\ttwice"));
        assert_eq!(read.entries.len(), 2);
        assert!(render([]).ends_with("# None: every vector passes.\n"));
    }

    #[test]
    fn duplicates_and_empty_reasons_are_errors_that_say_where() {
        let twice = "[[expected-failure]]\nid = \"a/one\"\nreason = \"x\"\n\n[[expected-failure]]\nid = \"a/one\"\nreason = \"y\"\n";
        assert_eq!(
            Expectations::parse_str("x.toml", twice)
                .unwrap_err()
                .to_string(),
            "x.toml:6: key `id`: `a/one` is listed twice, first at line 2"
        );
        let empty = "[[expected-failure]]\nid = \"a/one\"\nreason = \" \"\n";
        assert_eq!(
            Expectations::parse_str("x.toml", empty)
                .unwrap_err()
                .to_string(),
            "x.toml:3: key `reason`: say why `a/one` fails"
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
}
