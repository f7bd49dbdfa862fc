//! Printers for graded results, one module per format, and the [`Report`]
//! they all print: every implementation's results graded against its
//! expectations, and the parse vectors when the reference ran.

pub mod components;
pub mod fuzz;
pub mod html;
pub mod json;
pub mod junit;
pub mod list;
pub mod markdown;
pub mod text;

use rfc1808_resolver::deviations::{Explanation, Id};
use rfc1808_vectors::expectations::Drift;
use rfc1808_vectors::fingerprint::{self, Agreement};
use rfc1808_vectors::grade::{self, Verdict};
use rfc1808_vectors::versions::{library_version, Version};
use rfc1808_vectors::{ParseVector, ResolveVector, Spec, VectorSetDigest};

use crate::expectations::{Graded, Inconsistent, StaleEntry};
use crate::implementation::{ImplSpec, Info};

pub use rfc1808_vectors::fingerprint::{answers_as, describe_answers_as, AnswersAs};
pub use rfc1808_vectors::grade::ReadingReport;

/// The version of this tool, which every report names beside the vector set.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Everything a run found, for the printers.
#[derive(Clone, Debug, Default)]
pub struct Report<'c> {
    /// The vector set the run used ([`Corpus::digest`](rfc1808_vectors::Corpus::digest)).
    pub vectors: VectorSetDigest,
    pub implementations: Vec<ImplReport<'c>>,
    /// The parse vectors, checked when the reference resolver runs.
    pub parse: Option<Vec<ParseResult<'c>>>,
}

impl Report<'_> {
    /// Whether the run passes: exit code 0.
    pub fn ok(&self) -> bool {
        self.implementations.iter().all(ImplReport::ok)
            && self.parse.iter().flatten().all(|p| p.mismatch.is_none())
    }

    /// The markdown and HTML reports' title, in the specs the
    /// implementations were graded under: `RFC 3986 conformance`, `RFC 1808
    /// and RFC 3986 conformance`; RFC 1808's when none was graded.
    pub fn title(&self) -> String {
        let mut specs: Vec<String> = graded_specs(self).into_iter().map(Spec::title).collect();
        if specs.is_empty() {
            specs.push(Spec::Rfc1808.title());
        }
        let last = specs.pop().expect("one spec at least");
        match specs.is_empty() {
            true => format!("{last} conformance"),
            false => format!("{} and {last} conformance", specs.join(", ")),
        }
    }
}

/// One implementation's graded results.
#[derive(Clone, Debug)]
pub struct ImplReport<'c> {
    pub name: String,
    /// What it said of itself (the `jsonl` handshake).
    pub info: Option<Info>,
    /// How it was started; `None` for the in-process reference resolver.
    pub spec: Option<ImplSpec>,
    /// The spec whose answers graded it.
    pub graded_under: Spec,
    /// The expectations file it was graded against, if any.
    pub expectations: Option<String>,
    /// The shell command that reruns this implementation alone; a case is
    /// rerun by appending `--id ID` ([`ImplReport::rerun_case`]).
    pub rerun: String,
    pub results: Vec<Graded<'c>>,
    pub stale: Vec<StaleEntry>,
    /// The wall time of all its cases. The protocols answer in batches, so
    /// a case has no time of its own; JUnit shares this out evenly.
    pub elapsed: std::time::Duration,
    /// The ambiguities its expectations allow it to follow different
    /// readings of.
    pub allowed_inconsistent: Vec<Inconsistent>,
    /// Why the version it reports is not one its expectations were written
    /// for, if it is not (see [`Expectations::drift`]).
    ///
    /// [`Expectations::drift`]: rfc1808_vectors::expectations::Expectations::drift
    pub drift: Option<Drift>,
}

/// The expected answer of `vector` under each spec of `specs` (those the
/// implementations of a run are graded under), `None` where the spec
/// leaves the case undefined; one pair with no spec when they all agree.
pub fn expected_under(
    vector: &ResolveVector,
    specs: &[Spec],
) -> Vec<(Option<Spec>, Option<String>)> {
    let answers: Vec<(Option<Spec>, Option<String>)> = specs
        .iter()
        .map(|&spec| {
            let answer = vector
                .answers(spec)
                .filter(|a| a.undefined.is_none())
                .map(|a| a.expected.clone());
            (Some(spec), answer)
        })
        .collect();
    match answers.first() {
        Some((_, first)) if answers.iter().all(|(_, a)| a == first) => vec![(None, first.clone())],
        _ => answers,
    }
}

/// The specs the implementations of `report` are graded under, each once,
/// in [`Spec::ALL`] order.
pub fn graded_specs(report: &Report<'_>) -> Vec<Spec> {
    let mut specs: Vec<Spec> = report
        .implementations
        .iter()
        .map(|imp| imp.graded_under)
        .collect();
    specs.sort();
    specs.dedup();
    specs
}

impl ImplReport<'_> {
    /// The spec fingerprint: for each spec, how many of the answered resolve
    /// vectors it answered as that spec does, under any of its readings,
    /// out of how many.
    pub fn agreement(&self) -> Vec<Agreement> {
        fingerprint::agreement(
            self.results
                .iter()
                .map(|g| (g.outcome.vector, &g.outcome.answer)),
        )
    }

    /// `agrees with RFC 1808 a/n, RFC 2396 b/n, RFC 3986 c/n`.
    pub fn describe_agreement(&self) -> String {
        fingerprint::describe_agreement(&self.agreement())
    }

    /// The spec its handshake claims, as written, when it claims one.
    pub fn claims(&self) -> Option<&str> {
        self.info
            .as_ref()
            .map(|i| i.spec.as_str())
            .filter(|s| !s.is_empty())
    }

    /// Whether the reports show its spec line (claims, graded under, the
    /// fingerprint): it claims a spec, or is graded under one other than
    /// the default.
    pub fn shows_spec(&self) -> bool {
        (self.claims().is_some() || self.graded_under != Spec::Rfc1808) && !self.results.is_empty()
    }

    /// `claims RFC 3986; graded under RFC 3986; agrees with RFC 1808 a/n,
    /// RFC 2396 b/n, RFC 3986 c/n`, without the claim when there is none.
    pub fn describe_spec(&self) -> String {
        let mut out = String::new();
        if let Some(claim) = self.claims() {
            out += &format!("claims {}; ", controls_escaped(claim));
        }
        out += &fingerprint::describe_grading(self.graded_under, &self.agreement());
        out
    }

    /// The reading it followed of each ambiguity that a right answer told
    /// something about, and each ambiguity its expectations allow
    /// different readings of.
    pub fn readings(&self) -> Vec<ReadingReport> {
        grade::reading_reports(
            self.graded_under,
            &crate::expectations::followed(&self.results),
            &self.allowed_inconsistent,
        )
    }

    /// The library version it reported, as version conditions read it.
    pub fn version(&self) -> Option<Version> {
        library_version(&self.info.as_ref()?.implementation_version)
    }

    /// The drift sentence, when the run failed and the version it reports
    /// is not one its expectations were written for: "expectations written
    /// for ruby-uri 0.12.4; this run has ruby-uri 0.11.0".
    pub fn describe_drift(&self) -> Option<String> {
        let drift = self.drift.as_ref().filter(|_| !self.ok())?;
        Some(drift.describe(&self.name))
    }

    /// The causes of a failed run that are not vector verdicts, counted for
    /// its summary line: `2 stale expectations`, `1 inconsistent reading`.
    pub fn other_causes(&self) -> Vec<String> {
        grade::other_causes(self.stale.len(), &self.readings())
    }

    /// The deviations that explain its wrong answers, each with how many
    /// it explains, in catalogue order; and how many no deviation explains.
    pub fn causes(&self) -> (Vec<(Id, usize)>, usize) {
        let mut counts: Vec<(Id, usize)> = Vec::new();
        let mut unexplained = 0;
        for g in &self.results {
            match g.explanation {
                Some(Explanation::By(set)) => {
                    for id in set.ids() {
                        match counts.iter_mut().find(|(d, _)| *d == id) {
                            Some((_, n)) => *n += 1,
                            None => counts.push((id, 1)),
                        }
                    }
                }
                Some(Explanation::Unexplained) => unexplained += 1,
                Some(Explanation::Conforms) | None => {}
            }
        }
        counts.sort();
        (counts, unexplained)
    }

    /// The cause fingerprint: `follows RFC 3986 with empty-query-dropped
    /// (9), base-fragment-kept (1); 2 wrong answers unexplained`; `None`
    /// when every answer is right.
    ///
    /// Given beside the spec fingerprint, so only where that is
    /// ([`ImplReport::shows_spec`]).
    pub fn describe_causes(&self) -> Option<String> {
        if !self.shows_spec() {
            return None;
        }
        let (counts, unexplained) = self.causes();
        if counts.is_empty() && unexplained == 0 {
            return None;
        }
        let spec = self.graded_under.title();
        let mut out = if counts.is_empty() {
            format!("follows {spec} with no named deviation")
        } else {
            let named: Vec<String> = counts.iter().map(|(id, n)| format!("{id} ({n})")).collect();
            format!("follows {spec} with {}", named.join(", "))
        };
        let answers = if unexplained == 1 {
            "answer"
        } else {
            "answers"
        };
        out += &format!("; {unexplained} wrong {answers} unexplained");
        Some(out)
    }

    /// How many results have `verdict`.
    pub fn count(&self, verdict: Verdict) -> usize {
        self.results.iter().filter(|g| g.verdict == verdict).count()
    }

    /// Whether nothing fails the run: no failure, unexpected pass, error,
    /// stale expectation, or readings followed inconsistently (or allowed to
    /// be and not).
    pub fn ok(&self) -> bool {
        self.stale.is_empty()
            && !self.results.iter().any(|g| g.verdict.fails_run())
            && !self.readings().iter().any(ReadingReport::fails_run)
    }

    /// The shell command that reruns just the vector `id`.
    pub fn rerun_case(&self, id: &str) -> String {
        crate::command_line::rerun_case(&self.rerun, id)
    }
}

/// A parse vector checked against the reference parser.
#[derive(Clone, Debug)]
pub struct ParseResult<'c> {
    pub vector: &'c ParseVector,
    /// The expected and the parsed components, one per line, on a mismatch.
    pub mismatch: Option<(String, String)>,
}

/// A report format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Junit,
    Markdown,
    Html,
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "junit" => Ok(Format::Junit),
            "markdown" => Ok(Format::Markdown),
            "html" => Ok(Format::Html),
            _ => Err(format!(
                "unknown report format `{s}`, expected `text`, `json`, `junit`, `markdown` or `html`"
            )),
        }
    }
}

impl Format {
    /// Renders `report` in this format; `colour` applies to text only.
    pub fn render(self, report: &Report<'_>, colour: bool) -> String {
        match self {
            Format::Text => text::render(report, text::Style { colour }),
            Format::Json => json::render(report),
            Format::Junit => junit::render(report),
            Format::Markdown => markdown::render(report),
            Format::Html => html::render(report),
        }
    }
}

/// The byte index of the first difference between `a` and `b`, on a char
/// boundary of both; `None` if they are equal.
pub fn first_difference(a: &str, b: &str) -> Option<usize> {
    if a == b {
        return None;
    }
    let mut at = 0;
    for (x, y) in a.chars().zip(b.chars()) {
        if x != y {
            return Some(at);
        }
        at += x.len_utf8();
    }
    Some(at)
}

/// `s` with its control characters escaped (`\u{1b}`, `\n`) and every
/// other character kept: text from an adapter or a file, shown in any
/// report, must not move the cursor, recolour a terminal or forge a line.
pub fn controls_escaped(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_owned();
    }
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Shows `s` with control characters and non-ASCII-safe bytes escaped, so
/// that what an implementation printed is seen exactly.
pub fn escape(s: &str) -> String {
    s.escape_debug().to_string()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::expectations::{grade, Expectations};
    use crate::implementation::{Answer, Case, Implementation, Protocol, Reply};
    use crate::reference::Reference;
    use crate::runner;
    use rfc1808_vectors::Corpus;

    /// Answers from a table, the reference's answer otherwise.
    struct Fake(Vec<(&'static str, Reply)>);

    impl Implementation for Fake {
        fn name(&self) -> &str {
            "py"
        }

        fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
            cases
                .iter()
                .map(|c| match self.0.iter().find(|(id, _)| *id == c.id) {
                    Some((_, reply)) => reply.clone(),
                    None => Answer::Resolved(rfc1808_resolver::resolve(c.base, c.relative)).into(),
                })
                .collect()
        }
    }

    /// A report with one result of every status: the reference on three
    /// vectors, and `py` failing, expected to fail, passing unexpectedly,
    /// crashing and unable to take a case, with a stale expectation.
    pub(crate) fn sample(corpus: &Corpus) -> Report<'_> {
        let pick = |ids: &[&str]| -> Vec<_> {
            ids.iter()
                .map(|id| corpus.resolve.iter().find(|v| v.id == *id).unwrap())
                .collect()
        };
        let reference = runner::run(
            &pick(&["rfc1808-5.1/scheme", "rfc1808-5.1/g", "rfc1808-5.1/dot-g"]),
            &mut Reference::new(rfc1808_resolver::Step6::SegmentStack),
        );
        let (results, stale) = grade(reference, None, corpus);
        let reference = ImplReport {
            name: "reference".into(),
            info: None,
            spec: None,
            graded_under: Spec::Rfc1808,
            expectations: None,
            rerun: "rfc1808 run".into(),
            results,
            stale,
            elapsed: std::time::Duration::from_millis(30),
            allowed_inconsistent: Vec::new(),
            drift: None,
        };
        let mut fake = Fake(vec![
            (
                "rfc1808-5.1/g",
                Reply {
                    answer: Answer::Resolved("http://a/g".into()),
                    stderr: "warning: \x1b[0m\nsecond line\n".into(),
                },
            ),
            (
                "rfc1808-5.1/dot-g",
                Answer::Rejected("no | dots `here`".into()).into(),
            ),
            (
                "rfc1808-5.1/g-slash",
                Answer::Error("timed out after 5 s".into()).into(),
            ),
            (
                "rfc1808-5.1/net-loc-g",
                Answer::NotRepresentable("holds a TAB".into()).into(),
            ),
        ]);
        let py = runner::run(
            &pick(&[
                "rfc1808-5.1/g",
                "rfc1808-5.1/dot-g",
                "rfc1808-5.1/g-slash",
                "rfc1808-5.1/slash-g",
                "rfc1808-5.1/net-loc-g",
            ]),
            &mut fake,
        );
        let expectations = Expectations::parse_str(
            "py-expected.toml",
            "[[expected-failure]]\nid = \"rfc1808-5.1/dot-g\"\nreason = \"rejects dots\"\n\
             [[expected-failure]]\nid = \"rfc1808-5.1/slash-g\"\nreason = \"was broken\"\n\
             [[expected-failure]]\nid = \"gone/away\"\nreason = \"removed\"\n",
        )
        .unwrap();
        let (results, stale) = grade(py, Some(&expectations), corpus);
        let py = ImplReport {
            name: "py".into(),
            info: Some(Info {
                name: "wrong".into(),
                implementation_version: "1.0".into(),
                language: "python".into(),
                spec: "RFC 1808".into(),
            }),
            spec: Some(ImplSpec {
                name: "py".into(),
                command: vec!["python3".into(), "tests/fixtures/wrong.py".into()],
                protocol: Protocol::Argv,
                timeout: ImplSpec::DEFAULT_TIMEOUT,
                spec: None,
                expectations: Some(crate::implementation::ExpectationsFiles::One(
                    "py-expected.toml".into(),
                )),
            }),
            graded_under: Spec::Rfc1808,
            expectations: Some("py-expected.toml".into()),
            rerun: "rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv".into(),
            results,
            stale,
            elapsed: std::time::Duration::from_millis(500),
            allowed_inconsistent: Vec::new(),
            drift: None,
        };
        Report {
            vectors: corpus.digest,
            implementations: vec![reference, py],
            parse: Some(vec![ParseResult {
                vector: &corpus.parse[0],
                mismatch: None,
            }]),
        }
    }

    #[test]
    fn the_sample_is_graded_as_documented() {
        let corpus = rfc1808_vectors::embedded();
        let report = sample(&corpus);
        assert!(report.implementations[0].ok());
        let py = &report.implementations[1];
        for status in Verdict::ALL {
            let want = usize::from(status != Verdict::Passed);
            assert_eq!(py.count(status), want, "{status:?}");
        }
        assert!(!report.ok());
        assert_eq!(
            py.rerun_case("rfc1808-5.1/g"),
            "rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv --id rfc1808-5.1/g"
        );
    }

    #[test]
    fn an_answer_is_told_apart_by_the_specs_and_readings_that_give_it() {
        let corpus = rfc1808_vectors::embedded();
        let v = corpus
            .resolve
            .iter()
            .find(|v| v.id == "rfc1808-5.2/too-many-dot-dot")
            .unwrap();
        let said = |url: &str| describe_answers_as(&answers_as(v, &Answer::Resolved(url.into())));
        assert_eq!(
            said("http://a/g"),
            "answers as RFC 2396, above-root=removed; as RFC 3986"
        );
        assert_eq!(
            said("http://a/../g"),
            "answers as RFC 1808; as RFC 2396, above-root=kept"
        );
        assert_eq!(said("http://a/b/g"), "answers as none");
        assert_eq!(
            describe_answers_as(&answers_as(v, &Answer::Error("crashed".into()))),
            "answers as none"
        );
        assert_eq!(
            describe_answers_as(&answers_as(v, &Answer::Rejected("above the root".into()))),
            "answers as RFC 2396, above-root=error"
        );
        let undefined = corpus
            .resolve
            .iter()
            .find(|v| {
                v.rfc1808().undefined.is_none()
                    && v.answers(Spec::Rfc3986)
                        .is_some_and(|a| a.undefined.is_some())
            })
            .unwrap();
        let as_3986 = answers_as(undefined, &Answer::Rejected("no".into()));
        assert_eq!(
            as_3986.last().unwrap().to_string(),
            "RFC 3986 (undefined there)"
        );
    }

    #[test]
    fn the_expected_answer_is_given_once_where_the_specs_agree() {
        let corpus = rfc1808_vectors::embedded();
        let pick = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let both = [Spec::Rfc1808, Spec::Rfc3986];
        assert_eq!(
            expected_under(pick("rfc1808-5.1/g"), &both),
            [(None, Some("http://a/b/c/g".to_owned()))]
        );
        assert_eq!(
            expected_under(pick("rfc1808-5.2/too-many-dot-dot"), &both),
            [
                (Some(Spec::Rfc1808), Some("http://a/../g".to_owned())),
                (Some(Spec::Rfc3986), Some("http://a/g".to_owned()))
            ]
        );
        let undefined = corpus
            .resolve
            .iter()
            .find(|v| {
                v.rfc1808().undefined.is_none()
                    && v.answers(Spec::Rfc3986)
                        .is_some_and(|a| a.undefined.is_some())
            })
            .unwrap();
        assert_eq!(
            expected_under(undefined, &both)[1],
            (Some(Spec::Rfc3986), None)
        );
    }

    #[test]
    fn first_difference_is_on_char_boundaries() {
        assert_eq!(first_difference("http://a/b", "http://a/b"), None);
        assert_eq!(first_difference("http://a/b", "http://a/c"), Some(9));
        assert_eq!(first_difference("http://a/b", "http://a/b/"), Some(10));
        assert_eq!(first_difference("é/x", "é/y"), Some(3));
    }
}
