//! The JUnit XML report, for CI test reporters (GitHub, GitLab, Jenkins):
//! one `<testsuite>` per implementation, one `<testcase>` per vector with
//! `classname` the implementation and `name` the vector id. A failure or an
//! unexpected pass is a `<failure>`, a crash or timeout an `<error>`, an
//! expected failure, a case that cannot be sent and a vector with no answer
//! under the spec graded by `<skipped>` (the last counted apart in the
//! property `rfc1808.no_answer`); a stale
//! expectation is a failing test case of its own, so that CI shows it. The
//! parse vectors, when the reference ran, are one more suite.
//!
//! Each suite's `<properties>` name the tool version (`rfc1808.version`),
//! the vector set (`rfc1808.vectors`), the spec the implementation is
//! graded under (`rfc1808.graded_under`), its spec fingerprint
//! (`rfc1808.agreement`: `rfc1808 a/n, rfc2396 b/n, rfc3986 c/n`) and, when
//! the adapter reported them, the implementation's name, version and the
//! spec it claims (`implementation.spec`). A suite's `time` is the
//! implementation's wall time; the protocols answer in batches, so each test
//! case's `time` is that time shared evenly.

use std::fmt::Write;

use crate::expectations::{observed, Graded};
use crate::implementation::Answer;
use crate::report::{
    answers_as, describe_answers_as, expected_by, Expected, ImplReport, ParseResult, Report,
    TOOL_VERSION,
};
use rfc1808_vectors::grade::Verdict;

/// Renders `report` as a JUnit XML document.
pub fn render(report: &Report<'_>) -> String {
    let mut suites = String::new();
    let mut totals = Totals::default();
    let properties = [
        ("rfc1808.version", TOOL_VERSION.to_owned()),
        ("rfc1808.vectors", report.vectors.to_string()),
    ];
    for imp in &report.implementations {
        let t = implementation(&mut suites, imp, &properties);
        totals.add(&t);
    }
    if let Some(parse) = &report.parse {
        let t = parse_suite(&mut suites, parse, &properties);
        totals.add(&t);
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rfc1808\" {}>\n{suites}</testsuites>\n",
        totals.attributes()
    )
}

#[derive(Default)]
struct Totals {
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
}

impl Totals {
    fn add(&mut self, other: &Totals) {
        self.tests += other.tests;
        self.failures += other.failures;
        self.errors += other.errors;
        self.skipped += other.skipped;
    }

    fn attributes(&self) -> String {
        format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"",
            self.tests, self.failures, self.errors, self.skipped
        )
    }
}

/// `<properties>` with `common` and `more`, indented for a suite.
fn properties(common: &[(&str, String)], more: &[(&str, &str)]) -> String {
    let mut out = String::from("    <properties>\n");
    for (name, value) in common
        .iter()
        .map(|(n, v)| (*n, v.as_str()))
        .chain(more.iter().copied())
    {
        let _ = writeln!(
            out,
            "      <property name=\"{}\" value=\"{}\"/>",
            attr(name),
            attr(value)
        );
    }
    out.push_str("    </properties>\n");
    out
}

/// Writes the suite of `imp` to `out`: a test case per result and per
/// stale expectation, with `common` and its own properties; returns its
/// counts.
fn implementation(
    out: &mut String,
    imp: &ImplReport<'_>,
    common: &[(&'static str, String)],
) -> Totals {
    let mut suite = Suite::new(imp);
    for g in &imp.results {
        suite.testcase(g);
    }
    suite.stale_expectations();
    let t = suite.totals;
    let class = suite.class;
    let cases = suite.cases;
    let more = suite_properties(imp);
    let more: Vec<(&str, &str)> = more.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let _ = write!(
        out,
        "  <testsuite name=\"{class}\" {} time=\"{:.6}\">\n{}{cases}  </testsuite>\n",
        t.attributes(),
        imp.elapsed.as_secs_f64(),
        properties(common, &more)
    );
    t
}

/// The test cases of an implementation's suite being written, and their
/// counts.
struct Suite<'i, 'c> {
    imp: &'i ImplReport<'c>,
    /// The `classname` of its test cases: the implementation's name.
    class: String,
    /// The `time` of each test case: the implementation's wall time,
    /// shared evenly.
    case_time: f64,
    cases: String,
    totals: Totals,
}

impl<'i, 'c> Suite<'i, 'c> {
    fn new(imp: &'i ImplReport<'c>) -> Self {
        let case_time = if imp.results.is_empty() {
            0.0
        } else {
            imp.elapsed.as_secs_f64() / imp.results.len() as f64
        };
        Suite {
            imp,
            class: attr(&imp.name),
            case_time,
            cases: String::new(),
            totals: Totals::default(),
        }
    }

    /// The test case of the result `g`: passed, a failure, an error, or
    /// skipped.
    fn testcase(&mut self, g: &Graded<'_>) {
        let (imp, class, case_time) = (self.imp, &self.class, self.case_time);
        let (cases, t) = (&mut self.cases, &mut self.totals);
        t.tests += 1;
        let id = attr(&g.outcome.vector.id);
        let _ = write!(
            cases,
            "    <testcase classname=\"{class}\" name=\"{id}\" time=\"{case_time:.6}\""
        );
        match g.verdict {
            Verdict::Passed => cases.push_str("/>\n"),
            Verdict::Failed => {
                t.failures += 1;
                let mut message = observed(&g.outcome, imp.graded_under);
                if let Some(cause) = g.cause() {
                    message = format!("{message}; {cause}");
                }
                body(
                    cases,
                    "failure",
                    "wrong answer",
                    &message,
                    &details(imp, g),
                    g,
                );
            }
            Verdict::UnexpectedPass => {
                t.failures += 1;
                unexpected_pass(cases, imp, g);
            }
            Verdict::Error => {
                t.errors += 1;
                let message = observed(&g.outcome, imp.graded_under);
                body(cases, "error", "error", &message, &details(imp, g), g);
            }
            Verdict::ExpectedFailure | Verdict::NotRepresentable | Verdict::NoAnswer => {
                t.skipped += 1;
                let _ = writeln!(
                    cases,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    attr(&skipped_message(imp, g))
                );
            }
        }
    }

    /// A failing test case per stale expectation, so that CI shows it.
    fn stale_expectations(&mut self) {
        let (imp, class) = (self.imp, &self.class);
        let (cases, t) = (&mut self.cases, &mut self.totals);
        for stale in &imp.stale {
            t.tests += 1;
            t.failures += 1;
            let _ = writeln!(
                cases,
                "    <testcase classname=\"{class}\" name=\"expectations: {}\" time=\"0\">\n      <failure message=\"{}\" type=\"stale expectation\"/>\n    </testcase>",
                attr(&stale.id),
                attr(&stale.to_string())
            );
        }
    }
}

/// The body of the test case of an unexpected pass: a failure, since the
/// expectations are out of date.
fn unexpected_pass(cases: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>) {
    // A right answer of the spec it is graded under, under some
    // reading: what it answered is what to show.
    let answered = match &g.outcome.answer {
        Answer::Resolved(url) => format!("resolved to the expected {url:?}"),
        _ => "rejected the case, as expected".to_owned(),
    };
    let message = format!(
        "unexpected pass: listed as an expected failure ({}) but {answered}; remove the entry",
        g.expected_failure.as_deref().unwrap_or_default(),
    );
    let v = g.outcome.vector;
    let got = match &g.outcome.answer {
        Answer::Resolved(url) => format!("resolved: {url:?}, as expected"),
        _ => "rejected, as expected".to_owned(),
    };
    let details = format!(
        "base:     {}\nrelative: {:?}\n{got}\nlisted:   {}\nvector:   {}\nrerun:    {}",
        super::shown_base(v),
        v.relative,
        imp.expectations.as_deref().unwrap_or("in the expectations"),
        v.origin,
        imp.rerun_case(&v.id)
    );
    body(cases, "failure", "unexpected pass", &message, &details, g);
}

/// Why a result of `imp` is skipped: an expected failure, a case the
/// protocol cannot carry, or a vector with no answer under its spec.
fn skipped_message(imp: &ImplReport<'_>, g: &Graded<'_>) -> String {
    match g.verdict {
        Verdict::ExpectedFailure => format!(
            "expected failure: {}",
            g.expected_failure.as_deref().unwrap_or_default()
        ),
        Verdict::NoAnswer => format!(
            "no answer under {}: the vector gives none, so the answer was not judged",
            (imp.graded_under).title()
        ),
        _ => observed(&g.outcome, imp.graded_under),
    }
}

/// The properties of the suite of `imp` beside the common ones, each that
/// has a value: the spec it is graded under, its fingerprints, what it
/// reported of itself, its expectations and their drift.
fn suite_properties(imp: &ImplReport<'_>) -> Vec<(&'static str, String)> {
    let info = imp.info.as_ref();
    let drift = imp.describe_drift();
    let causes = imp.describe_causes();
    let agreement: Vec<String> = imp
        .agreement()
        .iter()
        .map(|a| format!("{} {}/{}", a.spec, a.agree, a.of))
        .collect();
    let agreement = agreement.join(", ");
    // Counted apart from the other skipped cases, which a reporter sums.
    let no_answer = imp.count(Verdict::NoAnswer);
    let no_answer = (no_answer > 0).then(|| no_answer.to_string());
    [
        ("rfc1808.graded_under", Some(imp.graded_under.name())),
        ("rfc1808.agreement", Some(agreement.as_str())),
        ("implementation.name", info.map(|i| i.name.as_str())),
        (
            "implementation.version",
            info.map(|i| i.implementation_version.as_str()),
        ),
        ("implementation.language", info.map(|i| i.language.as_str())),
        ("implementation.spec", info.map(|i| i.spec.as_str())),
        ("expectations", imp.expectations.as_deref()),
        ("expectations.drift", drift.as_deref()),
        ("rfc1808.causes", causes.as_deref()),
        ("rfc1808.no_answer", no_answer.as_deref()),
    ]
    .into_iter()
    .filter_map(|(name, value)| {
        value
            .filter(|v| !v.is_empty())
            .map(|v| (name, v.to_owned()))
    })
    .collect()
}

/// The body of a failure or error: the inputs, the answer and the rerun
/// command.
fn details(imp: &ImplReport<'_>, g: &Graded<'_>) -> String {
    let v = g.outcome.vector;
    let spec = match g.outcome.answer {
        Answer::Resolved(_) | Answer::Rejected(_) => format!(
            "\nspec:     {}",
            describe_answers_as(&answers_as(v, &g.outcome.answer))
        ),
        _ => String::new(),
    };
    let why = v
        .note_under(imp.graded_under)
        .map(|note| format!("\nwhy:      {}", note.trim()))
        .unwrap_or_default();
    format!(
        "base:     {}\nrelative: {:?}\nexpected: {}\n{}{spec}{why}\nvector:   {}\nrerun:    {}",
        super::shown_base(v),
        v.relative,
        expected(imp, g),
        observed(&g.outcome, imp.graded_under),
        v.origin,
        imp.rerun_case(&v.id)
    )
}

/// The answer of the spec `imp` is graded under: the URL quoted, or a
/// rejection and its reason.
fn expected(imp: &ImplReport<'_>, g: &Graded<'_>) -> String {
    let v = g.outcome.vector;
    match expected_by(v, imp.graded_under) {
        Expected::Rejection(why) => format!("a rejection ({why})"),
        _ => format!(
            "{:?}",
            v.answers(imp.graded_under)
                .map_or(v.expected.as_str(), |a| a.expected.as_str())
        ),
    }
}

fn body(out: &mut String, element: &str, kind: &str, message: &str, details: &str, g: &Graded<'_>) {
    let _ = writeln!(
        out,
        ">\n      <{element} message=\"{}\" type=\"{kind}\">{}</{element}>",
        attr(message),
        text(details)
    );
    if !g.outcome.stderr.is_empty() {
        let _ = writeln!(
            out,
            "      <system-err>{}</system-err>",
            text(&g.outcome.stderr)
        );
    }
    out.push_str("    </testcase>\n");
}

fn parse_suite(
    out: &mut String,
    results: &[ParseResult<'_>],
    common: &[(&'static str, String)],
) -> Totals {
    let mut t = Totals::default();
    let mut cases = String::new();
    for p in results {
        t.tests += 1;
        let id = attr(&p.vector.id);
        match &p.mismatch {
            None => {
                let _ = writeln!(
                    cases,
                    "    <testcase classname=\"reference\" name=\"{id}\" time=\"0\"/>"
                );
            }
            Some((expected, got)) => {
                t.failures += 1;
                let _ = writeln!(
                    cases,
                    "    <testcase classname=\"reference\" name=\"{id}\" time=\"0\">\n      <failure message=\"{}\" type=\"wrong components\">{}</failure>\n    </testcase>",
                    attr(&format!("{:?} parses into other components", p.vector.input)),
                    text(&format!("input: {:?}\nexpected:\n{expected}got:\n{got}", p.vector.input))
                );
            }
        }
    }
    let _ = write!(
        out,
        "  <testsuite name=\"reference: parse vectors\" {}>\n{}{cases}  </testsuite>\n",
        t.attributes(),
        properties(common, &[])
    );
    t
}

/// Escapes `s` for element content.
fn text(s: &str) -> String {
    escape(s, false)
}

/// Escapes `s` for an attribute value in double quotes; line breaks and tabs
/// become character references so that they survive attribute
/// normalisation.
fn attr(s: &str) -> String {
    escape(s, true)
}

/// XML 1.0 allows no control character other than TAB, LF and CR, not even
/// as a character reference: those are written as `\u{..}`, the form the
/// text report uses, so that the report stays well-formed and the character
/// stays visible.
fn escape(s: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '\n' if in_attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if in_attribute => out.push_str("&#9;"),
            '\t' | '\n' => out.push(c),
            '\u{FFFE}' | '\u{FFFF}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c if c < ' ' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    #[test]
    fn the_report_is_well_formed_junit() {
        let corpus = rfc1808_vectors::embedded();
        let xml = render(&sample(&corpus));
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "testsuites");
        // 3 reference cases, 5 py cases and a stale entry, 1 parse vector.
        assert_eq!(root.attribute("tests"), Some("10"));
        assert_eq!(root.attribute("failures"), Some("3"));
        assert_eq!(root.attribute("errors"), Some("1"));
        assert_eq!(root.attribute("skipped"), Some("2"));
        let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
        let names: Vec<_> = suites
            .iter()
            .map(|s| s.attribute("name").unwrap())
            .collect();
        assert_eq!(names, ["reference", "py", "reference: parse vectors"]);
        let case = |name: &str| {
            suites[1]
                .children()
                .find(|c| c.attribute("name") == Some(name))
                .unwrap_or_else(|| panic!("no test case {name}"))
        };
        let g = case("rfc1808-5.1/g");
        assert_eq!(g.attribute("classname"), Some("py"));
        let failure = g.children().find(|c| c.has_tag_name("failure")).unwrap();
        assert_eq!(
            failure.attribute("message"),
            Some("got \"http://a/g\" (expected \"http://a/b/c/g\"); unexplained")
        );
        assert!(failure
            .text()
            .unwrap()
            .contains("rerun:    rfc1808 run --impl"));
        let stderr = g.children().find(|c| c.has_tag_name("system-err")).unwrap();
        assert_eq!(stderr.text(), Some("warning: \\u{1b}[0m\nsecond line\n"));
        // 500 ms over 5 cases.
        assert_eq!(g.attribute("time"), Some("0.100000"));
        assert_eq!(suites[1].attribute("time"), Some("0.500000"));
        let property = |suite: usize, name: &str| {
            suites[suite]
                .descendants()
                .find(|p| p.has_tag_name("property") && p.attribute("name") == Some(name))
                .and_then(|p| p.attribute("value"))
                .map(str::to_owned)
        };
        for suite in 0..3 {
            assert_eq!(
                property(suite, "rfc1808.version").as_deref(),
                Some(TOOL_VERSION)
            );
            assert_eq!(
                property(suite, "rfc1808.vectors"),
                Some(corpus.digest.to_string())
            );
        }
        assert_eq!(
            property(1, "implementation.version").as_deref(),
            Some("1.0")
        );
        assert_eq!(property(0, "implementation.version"), None);
        assert_eq!(
            property(1, "rfc1808.graded_under").as_deref(),
            Some("rfc1808")
        );
        assert_eq!(
            property(1, "rfc1808.agreement").as_deref(),
            Some("rfc1808 1/3, rfc2396 1/3, rfc3986 1/3, whatwg 1/3")
        );
        assert_eq!(
            property(1, "implementation.spec").as_deref(),
            Some("RFC 1808")
        );
        assert!(doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .all(|n| n.attribute("time").is_some()));
        let unexpected = case("rfc1808-5.1/slash-g")
            .children()
            .find(|c| c.has_tag_name("failure"))
            .unwrap();
        assert_eq!(unexpected.attribute("type"), Some("unexpected pass"));
        let body = unexpected.text().unwrap();
        assert!(!body.contains("got "), "{body}");
        assert!(
            body.contains("resolved: \"http://a/g\", as expected\nlisted:   py-expected.toml\n"),
            "{body}"
        );
        let dot_g = case("rfc1808-5.1/dot-g");
        let skipped = dot_g
            .children()
            .find(|c| c.has_tag_name("skipped"))
            .unwrap();
        assert_eq!(
            skipped.attribute("message"),
            Some("expected failure: rejects dots")
        );
        assert!(case("rfc1808-5.1/g-slash")
            .children()
            .any(|c| c.has_tag_name("error")));
        assert!(case("expectations: gone/away")
            .children()
            .any(|c| c.has_tag_name("failure")));
    }

    #[test]
    fn escaping_keeps_every_string_well_formed() {
        let nasty = "a<b>&\"c\"\n\t\r\u{0}\u{1b}\u{7f}\u{FFFF}é]]>";
        let xml = format!("<x a=\"{}\">{}</x>", attr(nasty), text(nasty));
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let x = doc.root_element();
        let shown = "a<b>&\"c\"\n\t\r\\u{0}\\u{1b}\u{7f}\\u{ffff}é]]>";
        assert_eq!(x.attribute("a"), Some(shown));
        assert_eq!(x.text(), Some(shown));
    }
}
