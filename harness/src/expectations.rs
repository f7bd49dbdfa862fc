//! Expected failures: the vectors an implementation is known to fail, and the
//! grading of a run against them.
//!
//! An expectations file is TOML, one `[[expected-failure]]` table per vector:
//!
//! ```toml
//! [[expected-failure]]
//! id = "rfc1808-5.2/too-many-dot-dot"
//! reason = "follows RFC 3986: got \"http://a/g\" (expected \"http://a/../g\")"
//! ```
//!
//! Both keys are required, the reason must not be empty and an id may appear
//! once.
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
//! turns out consistent on that ambiguity. The list is strict both ways: a listed vector that passes is an
//! unexpected pass, and an entry whose id names no resolve vector is stale;
//! both fail the run. Expectations cover wrong answers and rejections only: a
//! crash or a timeout on a listed vector is still an error, because it says
//! the adapter broke, not what the library answers.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

use rfc1808_resolver::readings::Ambiguity;
use rfc1808_vectors::grade::{self, ExpectedFailures, Stale, Verdict};
use rfc1808_vectors::readings::{Assignment, Followed, Following, Match};
use rfc1808_vectors::{Corpus, LineIndex, LoadError, Spec};
use serde::Deserialize;
use toml::Spanned;

use crate::implementation::Answer;
use crate::runner::{ImplResults, Outcome};

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
        let mut inconsistent: Vec<Inconsistent> = Vec::new();
        for e in raw.inconsistent_reading {
            let line = lines.line_of(e.ambiguity.span().start);
            let ambiguity = e.ambiguity.into_inner();
            let at = |message: String| LoadError {
                file: name.to_owned(),
                line,
                message,
            };
            if rfc1808_resolver::readings::ambiguity(&ambiguity).is_none() {
                return Err(at(format!(
                    "key `ambiguity`: {}",
                    rfc1808_resolver::ReadingError::UnknownAmbiguity(ambiguity)
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
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

/// One vector's result for one implementation, graded against its
/// expectations.
#[derive(Clone, Debug)]
pub struct Graded<'c> {
    pub outcome: Outcome<'c>,
    pub verdict: Verdict,
    /// The reason given in the expectations, if the vector is listed.
    pub expected_failure: Option<String>,
    /// The readings the answer matched, when the vector's answer depends
    /// on readings and the answer is one of them (held readings aside).
    pub reading: Option<Match>,
}

/// An expectation entry that names no resolve vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleEntry {
    pub id: String,
    /// `file:line` of the entry.
    pub location: String,
    /// Why it matches nothing.
    pub why: Stale,
}

impl std::fmt::Display for StaleEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: stale expectation `{}`: {}",
            self.location, self.id, self.why
        )
    }
}

/// Grades `results` against `expectations`. Stale entries are checked
/// against the whole `corpus`, so that an entry for a vector filtered out of
/// this run is not stale.
pub fn grade<'c>(
    results: ImplResults<'c>,
    expectations: Option<&Expectations>,
    corpus: &Corpus,
) -> (Vec<Graded<'c>>, Vec<StaleEntry>) {
    grade_holding(results, expectations, corpus, Assignment::none())
}

/// Grades as [`grade()`] does, holding the implementation to the readings
/// `held` names (`rfc1808 run --reading`).
pub fn grade_holding<'c>(
    results: ImplResults<'c>,
    expectations: Option<&Expectations>,
    corpus: &Corpus,
    held: Assignment,
) -> (Vec<Graded<'c>>, Vec<StaleEntry>) {
    let entries = expectations.map_or(&[][..], |e| &e.entries);
    let listed = ExpectedFailures::new(entries.iter().map(|e| (e.id.as_str(), e.reason.as_str())))
        .holding(held);
    let graded = results
        .outcomes
        .into_iter()
        .map(|outcome| Graded {
            verdict: listed.grade(outcome.vector, &outcome.answer),
            expected_failure: listed.reason(&outcome.vector.id).map(str::to_owned),
            // Which reading the answer follows, whatever reading is held:
            // an answer that fails only for being another reading says so.
            reading: match &outcome.answer {
                Answer::Resolved(got) => outcome.vector.accepts().reading(got),
                _ => None,
            },
            outcome,
        })
        .collect();
    let stale = expectations
        .into_iter()
        .flat_map(|e| {
            e.entries.iter().filter_map(|entry| {
                let why = grade::check_listed(corpus, &entry.id).err()?;
                Some(StaleEntry {
                    id: entry.id.clone(),
                    location: format!("{}:{}", e.file, entry.line),
                    why,
                })
            })
        })
        .collect();
    (graded, stale)
}

/// What an implementation answered, in a form that fits an expectation's
/// reason: `got "http://a/g" (expected "http://a/b/g")`.
pub fn observed(outcome: &Outcome<'_>) -> String {
    let expected = &outcome.vector.expected;
    match &outcome.answer {
        Answer::Resolved(got) => format!("got {got:?} (expected {expected:?})"),
        Answer::Rejected(why) => format!("rejected: {why:?} (expected {expected:?})"),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("error: {why}"),
    }
}

/// The expectations file that lists this run's failures: every vector that
/// failed (with the reason from `existing` when it was listed there, else
/// what was observed), and every entry of `existing` for a vector this run
/// says nothing new about (filtered out, an error, or not representable).
/// Entries for vectors that passed and stale entries are dropped. Entries
/// are in corpus order.
pub fn rewrite(graded: &[Graded<'_>], existing: Option<&Expectations>, corpus: &Corpus) -> String {
    let ran: HashMap<&str, &Graded<'_>> = graded
        .iter()
        .map(|g| (g.outcome.vector.id.as_str(), g))
        .collect();
    let old = |id: &str| existing.and_then(|e| e.reason(id));
    let mut out = String::from(
        "# Expected failures, read by `rfc1808 run --expectations`.\n\
         # Each vector listed here fails; a listed vector that passes fails the run.\n",
    );
    let mut count = 0;
    for v in &corpus.resolve {
        let reason = match ran.get(v.id.as_str()) {
            Some(g) if g.verdict.answered_wrong() => Some(
                old(&v.id)
                    .map(str::to_owned)
                    .unwrap_or_else(|| observed(&g.outcome)),
            ),
            Some(g) if g.verdict.answered_right() => None,
            _ => old(&v.id).map(str::to_owned),
        };
        if let Some(reason) = reason {
            count += 1;
            let _ = write!(
                out,
                "\n[[expected-failure]]\nid = {}\nreason = {}\n",
                toml_string(&v.id),
                toml_string(&reason)
            );
        }
    }
    if count == 0 {
        out.push_str("# None: every vector passes.\n");
    }
    // The ambiguities on which it follows different readings, with the
    // reason of the entry being replaced, else what was seen.
    for (ambiguity, following) in followed(graded) {
        let Following::Inconsistent(groups) = following else {
            continue;
        };
        let reason = existing
            .and_then(|e| {
                e.inconsistent
                    .iter()
                    .find(|i| i.ambiguity == ambiguity.name)
            })
            .map(|i| i.reason.clone())
            .unwrap_or_else(|| {
                let groups: Vec<String> = groups
                    .iter()
                    .map(|(readings, ids)| {
                        let names: Vec<&str> = readings.iter().map(|r| r.name).collect();
                        format!("{} on {}", names.join("|"), ids.join(", "))
                    })
                    .collect();
                groups.join("; ")
            });
        let _ = write!(
            out,
            "\n[[inconsistent-reading]]\nambiguity = {}\nreason = {}\n",
            toml_string(ambiguity.name),
            toml_string(&reason)
        );
    }
    out
}

/// The reading of each ambiguity that the answers of `graded` followed, in
/// registry order: every answer that is some reading's, right or (under a
/// held reading) wrong, tells.
pub fn followed(graded: &[Graded<'_>]) -> Vec<(&'static Ambiguity, Following)> {
    let mut followed = Followed::default();
    for g in graded {
        if let (Some(reading), Answer::Resolved(_)) = (&g.reading, &g.outcome.answer) {
            followed.observe(&g.outcome.vector.id, reading);
        }
    }
    followed.verdicts(Spec::Rfc1808)
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
    use crate::implementation::{Case, Implementation, Reply};
    use crate::runner;

    /// Answers from a table, the reference's answer otherwise.
    struct Fake(Vec<(&'static str, Answer)>);

    impl Implementation for Fake {
        fn name(&self) -> &str {
            "fake"
        }

        fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
            cases
                .iter()
                .map(|c| {
                    self.0
                        .iter()
                        .find(|(id, _)| *id == c.id)
                        .map(|(_, a)| a.clone())
                        .unwrap_or_else(|| {
                            Answer::Resolved(rfc1808_resolver::resolve(c.base, c.relative))
                        })
                        .into()
                })
                .collect()
        }
    }

    fn fake() -> Fake {
        Fake(vec![
            ("rfc1808-5.1/g", Answer::Resolved("http://a/g".into())),
            ("rfc1808-5.1/dot-g", Answer::Rejected("bad \"dot\"".into())),
            ("rfc1808-5.1/g-slash", Answer::Error("timed out".into())),
        ])
    }

    const LISTED: &str = r#"
[[expected-failure]]
id = "rfc1808-5.1/g"
reason = "drops the base path"

[[expected-failure]]
id = "rfc1808-5.1/slash-g"
reason = "was broken once"

[[expected-failure]]
id = "rfc1808-5.1/g-slash"
reason = "crashes"

[[expected-failure]]
id = "nowhere/at-all"
reason = "gone"
"#;

    #[test]
    fn grading_is_strict_both_ways() {
        let corpus = rfc1808_vectors::embedded();
        let vectors = runner::all_resolve(&corpus);
        let results = runner::run(&vectors, &mut fake());
        let expectations = Expectations::parse_str("py.toml", LISTED).unwrap();
        let (graded, stale) = grade(results, Some(&expectations), &corpus);
        let status = |id: &str| {
            graded
                .iter()
                .find(|g| g.outcome.vector.id == id)
                .unwrap()
                .verdict
        };
        assert_eq!(status("rfc1808-5.1/g"), Verdict::ExpectedFailure);
        assert_eq!(status("rfc1808-5.1/dot-g"), Verdict::Failed);
        assert_eq!(status("rfc1808-5.1/slash-g"), Verdict::UnexpectedPass);
        assert_eq!(
            status("rfc1808-5.1/g-slash"),
            Verdict::Error,
            "a crash is not covered by an expectation"
        );
        assert_eq!(status("rfc1808-5.1/scheme"), Verdict::Passed);
        assert_eq!(
            stale.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["py.toml:15: stale expectation `nowhere/at-all`: no vector has this id"]
        );
    }

    #[test]
    fn rewrite_keeps_reasons_and_untested_entries() {
        let corpus = rfc1808_vectors::embedded();
        // Only the 5.1 examples run, so entries for others are kept as is.
        let vectors: Vec<_> = corpus
            .resolve
            .iter()
            .filter(|v| v.id.starts_with("rfc1808-5.1/") && v.id != "rfc1808-5.1/g")
            .collect();
        let results = runner::run(&vectors, &mut fake());
        let existing = Expectations::parse_str(
            "py.toml",
            &format!(
                "{LISTED}\n[[expected-failure]]\nid = \"rfc1808-5.2/too-many-dot-dot\"\nreason = \"untested here\"\n"
            ),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let (graded, _) = grade(results, Some(&existing), &corpus);
        let written = rewrite(&graded, Some(&existing), &corpus);
        let reread = Expectations::parse_str("new.toml", &written).unwrap();
        let entries: Vec<(&str, &str)> = reread
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.reason.as_str()))
            .collect();
        assert_eq!(
            entries,
            [
                ("rfc1808-5.1/g", "drops the base path"),
                (
                    "rfc1808-5.1/dot-g",
                    "rejected: \"bad \\\"dot\\\"\" (expected \"http://a/b/c/g\")",
                ),
                ("rfc1808-5.1/g-slash", "crashes"),
                ("rfc1808-5.2/too-many-dot-dot", "untested here"),
            ]
        );
    }

    #[test]
    fn file_errors_say_where() {
        let twice = format!("{LISTED}{}", &LISTED[..LISTED.find("\n\n").unwrap()]);
        assert_eq!(
            Expectations::parse_str("py.toml", &twice)
                .unwrap_err()
                .to_string(),
            "py.toml:19: key `id`: `rfc1808-5.1/g` is listed twice, first at line 3"
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
}
