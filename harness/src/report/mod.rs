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

use rfc1808_resolver::deviations::Id;
use rfc1808_vectors::causes;
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

/// [`TOOL_VERSION`] with the commit of the URL Standard its reference is
/// held to (`rfc1808_resolver::whatwg::COMMIT`), as `--version` and the
/// reports say it.
pub const LONG_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (the URL Standard at 6ae8486)");

/// What the headers of the text, markdown and HTML reports add after the
/// vector set when an implementation is graded under the URL Standard: the
/// commit its reference is held to.
const URL_STANDARD_PINNED: &str = ", the URL Standard at 6ae8486";

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
    /// `, the URL Standard at 6ae8486` when an implementation is graded
    /// under it, for the reports' headers; else nothing.
    pub fn pinned(&self) -> &'static str {
        if self
            .implementations
            .iter()
            .any(|imp| imp.graded_under == Spec::Whatwg)
        {
            URL_STANDARD_PINNED
        } else {
            ""
        }
    }

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

/// What a vector expects under one spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// This URL, under the spec's default readings.
    Url(String),
    /// A rejection: the spec fails the case (the URL Standard), for this
    /// reason.
    Rejection(String),
    /// The spec leaves the case undefined: any answer passes.
    Undefined,
    /// The vector gives no answer under the spec.
    NoAnswer,
}

impl Expected {
    /// `url(URL)`, or `undefined`, or `no answer`: how a report cell says
    /// it, the URL written by `url`.
    pub fn describe(&self, url: impl Fn(&str) -> String) -> String {
        match self {
            Expected::Url(u) => url(u),
            Expected::Rejection(why) => format!("a rejection ({why})"),
            Expected::Undefined => "undefined".to_owned(),
            Expected::NoAnswer => "no answer".to_owned(),
        }
    }
}

/// What `vector` expects under `spec`.
pub fn expected_by(vector: &ResolveVector, spec: Spec) -> Expected {
    match vector.answers(spec) {
        None => Expected::NoAnswer,
        Some(a) if a.undefined.is_some() => Expected::Undefined,
        Some(a) => match &a.rejects {
            Some(why) => Expected::Rejection(why.clone()),
            None => Expected::Url(a.expected.clone()),
        },
    }
}

/// The expected answer of `vector` under each spec of `specs` (those the
/// implementations of a run are graded under); one pair with no spec when
/// they all agree.
pub fn expected_under(vector: &ResolveVector, specs: &[Spec]) -> Vec<(Option<Spec>, Expected)> {
    let answers: Vec<(Option<Spec>, Expected)> = specs
        .iter()
        .map(|&spec| (Some(spec), expected_by(vector, spec)))
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

/// What an implementation's handshake claims, as a clause: `claims RFC
/// 3986`, `claims WHATWG URL Standard`, and for a claim of none (`none`,
/// `none claimed (legacy API)`, `no spec`), `claims no spec (legacy API)`.
pub fn describe_claim(claim: &str) -> String {
    let lower = claim.to_ascii_lowercase();
    let rest = ["none claimed", "no spec claimed", "no spec", "none"]
        .iter()
        .find(|prefix| {
            lower.starts_with(*prefix)
                && !lower[prefix.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
        })
        .map(|prefix| claim[prefix.len()..].trim_start_matches([' ', ':', ',', ';', '-', '.']));
    match rest {
        None => format!("claims {claim}"),
        Some("") => "claims no spec".to_owned(),
        Some(rest) if rest.starts_with('(') => format!("claims no spec {rest}"),
        Some(rest) => format!("claims no spec ({rest})"),
    }
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
            out += &format!("{}; ", describe_claim(&controls_escaped(claim)));
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
        causes::tally(self.results.iter().map(|g| g.explanation.as_ref()))
    }

    /// The cause fingerprint ([`causes::fingerprint`], which the `libtest`
    /// suite's summary gives too): `follows RFC 3986 with
    /// empty-query-dropped (9), base-fragment-kept (1); 2 wrong answers
    /// unexplained`; `None` when every answer is right.
    ///
    /// Given beside the spec fingerprint, so only where that is
    /// ([`ImplReport::shows_spec`]).
    pub fn describe_causes(&self) -> Option<String> {
        if !self.shows_spec() {
            return None;
        }
        let (counts, unexplained) = self.causes();
        causes::fingerprint(self.graded_under, &counts, unexplained)
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

rfc1808_resolver::named!(Format, "report format");

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Text,
        Format::Json,
        Format::Junit,
        Format::Markdown,
        Format::Html,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Markdown => "markdown",
            Format::Html => "html",
        }
    }

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

/// A vector's base as a text report's line shows it: quoted, or that
/// there is none.
fn shown_base(v: &rfc1808_vectors::ResolveVector) -> String {
    match &v.base {
        Some(base) => format!("{base:?}"),
        None => "none: an absolute parse".to_owned(),
    }
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
                    None => {
                        let base = c.base.unwrap_or("");
                        Answer::Resolved(rfc1808_resolver::resolve(base, c.relative)).into()
                    }
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
                expectations: Some(crate::implementation::ExpectationsFiles::One(
                    "py-expected.toml".into(),
                )),
                ..ImplSpec::new("py", ["python3", "tests/fixtures/wrong.py"], Protocol::Argv)
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

    /// The built-in vectors and `regression/1`, which gives RFC 1808's
    /// answer only, as `rfc1808 promote` wrote them before it wrote every
    /// spec's.
    pub(crate) fn corpus_with_an_unanswered_vector() -> Corpus {
        let mut corpus = rfc1808_vectors::embedded();
        let mut mine = Corpus::default();
        mine.add_str(
            "mine.toml",
            "[[resolve]]\nid = \"regression/1\"\nbase = \"http://a\"\nrelative = \"//%aa@\"\n\
             expected = \"http://%aa@\"\nsource = \"s\"\ntags = [\"regression\"]\n\
             note = \"RFC 1808 Step 3 takes the net_loc as it is\"\n",
        )
        .unwrap();
        corpus.add_corpus(mine).unwrap();
        corpus
    }

    /// `js`, graded under RFC 3986, rejecting `regression/1`, which gives
    /// no RFC 3986 answer, and passing `rfc1808-5.1/g`.
    pub(crate) fn no_answer_sample(corpus: &Corpus) -> Report<'_> {
        let pick = |ids: &[&str]| -> Vec<_> {
            ids.iter()
                .map(|id| corpus.resolve.iter().find(|v| v.id == *id).unwrap())
                .collect()
        };
        let mut fake = Fake(vec![(
            "regression/1",
            Answer::Rejected("URIError: URI malformed".into()).into(),
        )]);
        let js = runner::run(&pick(&["rfc1808-5.1/g", "regression/1"]), &mut fake);
        let (results, stale) = crate::expectations::grade_by(
            js,
            None,
            corpus,
            Spec::Rfc3986,
            rfc1808_vectors::Assignment::none(),
        );
        Report {
            vectors: corpus.digest,
            implementations: vec![ImplReport {
                name: "js".into(),
                info: Some(Info {
                    name: "url-parse".into(),
                    implementation_version: "1.5.10".into(),
                    language: "javascript".into(),
                    spec: "none claimed".into(),
                }),
                spec: None,
                graded_under: Spec::Rfc3986,
                expectations: None,
                rerun: "rfc1808 run --spec rfc3986".into(),
                results,
                stale,
                elapsed: std::time::Duration::from_millis(10),
                allowed_inconsistent: Vec::new(),
                drift: None,
            }],
            parse: None,
        }
    }

    #[test]
    fn a_vector_with_no_answer_under_the_graded_spec_is_counted_apart_in_every_format() {
        let corpus = corpus_with_an_unanswered_vector();
        let report = no_answer_sample(&corpus);
        let js = &report.implementations[0];
        assert_eq!(js.count(Verdict::NoAnswer), 1);
        assert_eq!(js.count(Verdict::Passed), 1);
        assert!(report.ok(), "not judged, so it fails nothing");

        let text = text::render(&report, text::Style::default());
        assert!(
            text.contains(
                "NO ANSWER UNDER RFC 3986 regression/1 [js] (mine.toml:2)\n\
                 \x20 base:     \"http://a\"\n\
                 \x20 relative: \"//%aa@\"\n\
                 \x20 expected: nothing: the vector gives answers under RFC 1808 only, so this answer is not judged\n\
                 \x20 got:      rejected: URIError: URI malformed\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "js (url-parse, 1.5.10, javascript, none claimed): ok. 1 passed; 0 failed; 0 expected failures; \
                 0 unexpected passes; 0 errors; 0 not representable; 1 with no answer under RFC 3986\n\
                 \x20 claims no spec; graded under RFC 3986;"
            ),
            "{text}"
        );
        assert!(
            !text.contains("Step 3"),
            "RFC 1808's note is not RFC 3986's: {text}"
        );

        let doc: serde_json::Value = serde_json::from_str(&json::render(&report)).unwrap();
        let js = &doc["implementations"][0];
        assert_eq!(js["counts"]["no_answer"], 1);
        assert_eq!(js["counts"]["passed"], 1);
        assert_eq!(js["results"][1]["status"], "no_answer");
        assert_eq!(js["results"][1]["expected"], serde_json::Value::Null);
        assert_eq!(js["results"][1].get("undefined"), None);
        assert_eq!(js["results"][1].get("note"), None);

        // Each format says the answer was not judged, and counts it in a
        // column of its own.
        let wanted: [(String, &[&str]); 3] = [
            (
                junit::render(&report),
                &[
                    "<skipped message=\"no answer under RFC 3986: the vector gives none, so the answer was not judged\"/>",
                    "<property name=\"rfc1808.no_answer\" value=\"1\"/>",
                ],
            ),
            (
                markdown::render(&report),
                &[
                    "\n❔ **js**: 1 vector gives no answer under RFC 3986, so what it answered was not judged: `regression/1`. Give each `expected.rfc3986` ([vectors](docs/vectors.md)).\n",
                    "| `regression/1` | no answer | ❔ rejected: `URIError: URI malformed` |",
                    " no answer under the spec |",
                ],
            ),
            (
                html::render(&report),
                &[
                    "<td class=\"no_answer\" data-status=\"no_answer\" title=\"no answer under the spec\"><details><summary>? no answer under RFC 3986</summary>",
                    "<th>no answer under the spec</th>",
                ],
            ),
        ];
        for (rendered, parts) in wanted {
            for part in parts {
                assert!(rendered.contains(part), "{part}\nis not in:\n{rendered}");
            }
        }
    }

    #[test]
    fn the_sample_is_graded_as_documented() {
        let corpus = rfc1808_vectors::embedded();
        let report = sample(&corpus);
        assert!(report.implementations[0].ok());
        let py = &report.implementations[1];
        for status in Verdict::ALL {
            // Every vector gives RFC 1808's answer, so under it none is
            // without one ([`no_answer_sample`] has one).
            let want = usize::from(!matches!(status, Verdict::Passed | Verdict::NoAnswer));
            assert_eq!(py.count(status), want, "{status:?}");
        }
        assert!(!report.ok());
        assert_eq!(
            py.rerun_case("rfc1808-5.1/g"),
            "rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv --id rfc1808-5.1/g"
        );
    }

    /// A vector defined under RFC 1808 and undefined under RFC 3986.
    fn undefined_under_rfc3986_only(corpus: &Corpus) -> &ResolveVector {
        corpus
            .resolve
            .iter()
            .find(|v| {
                v.rfc1808().undefined.is_none()
                    && v.answers(Spec::Rfc3986)
                        .is_some_and(|a| a.undefined.is_some())
            })
            .unwrap()
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
            "answers as RFC 2396, above-root=removed; as RFC 3986; as the URL Standard"
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
        let undefined = undefined_under_rfc3986_only(&corpus);
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
            [(None, Expected::Url("http://a/b/c/g".to_owned()))]
        );
        assert_eq!(
            expected_under(pick("rfc1808-5.2/too-many-dot-dot"), &both),
            [
                (
                    Some(Spec::Rfc1808),
                    Expected::Url("http://a/../g".to_owned())
                ),
                (Some(Spec::Rfc3986), Expected::Url("http://a/g".to_owned()))
            ]
        );
        let undefined = undefined_under_rfc3986_only(&corpus);
        assert_eq!(
            expected_under(undefined, &both)[1],
            (Some(Spec::Rfc3986), Expected::Undefined)
        );
        let mut mine = rfc1808_vectors::Corpus::default();
        mine.add_str(
            "mine.toml",
            "[[resolve]]\nid = \"regression/1\"\nbase = \"http://a\"\nrelative = \"g\"\n\
             expected = \"http://a/g\"\nsource = \"s\"\ntags = []\n",
        )
        .unwrap();
        assert_eq!(
            expected_under(&mine.resolve[0], &both),
            [
                (Some(Spec::Rfc1808), Expected::Url("http://a/g".to_owned())),
                (Some(Spec::Rfc3986), Expected::NoAnswer)
            ]
        );
    }

    #[test]
    fn a_claim_of_no_spec_reads_as_one() {
        assert_eq!(describe_claim("RFC 3986"), "claims RFC 3986");
        assert_eq!(
            describe_claim("WHATWG URL Standard"),
            "claims WHATWG URL Standard"
        );
        assert_eq!(
            describe_claim("none claimed (legacy Node.js url API)"),
            "claims no spec (legacy Node.js url API)"
        );
        assert_eq!(describe_claim("None"), "claims no spec");
        assert_eq!(
            describe_claim("no spec: browsers"),
            "claims no spec (browsers)"
        );
        assert_eq!(describe_claim("nonesuch"), "claims nonesuch");
    }

    #[test]
    fn the_long_version_names_the_url_standard_commit_the_reference_is_held_to() {
        assert!(LONG_VERSION.starts_with(TOOL_VERSION));
        assert_eq!(
            URL_STANDARD_PINNED,
            format!(", the URL Standard at {}", rfc1808_resolver::whatwg::COMMIT)
        );
        assert!(
            LONG_VERSION.ends_with(&format!(
                " (the URL Standard at {})",
                rfc1808_resolver::whatwg::COMMIT
            )),
            "{LONG_VERSION}"
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
