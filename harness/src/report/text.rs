//! The report for people: each failure with its inputs, the first differing
//! character marked, the implementation's standard error and the command
//! that reruns it; then a summary per implementation.

use std::fmt::Write;

use crate::expectations::Graded;
use crate::implementation::Answer;
use crate::report::{
    answers_as, describe_answers_as, escape, first_difference, ImplReport, ParseResult, Report,
    TOOL_VERSION,
};
use rfc1808_vectors::grade::Verdict;

/// Options for the text report.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// ANSI colour, for terminals only.
    pub colour: bool,
}

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_owned()
        }
    }
}

const RED: &str = "31";
const GREEN: &str = "32";
const YELLOW: &str = "33";
const BOLD: &str = "1";

/// At most this many lines of an implementation's standard error are shown
/// per case, and at most this many bytes.
const STDERR_LINES: usize = 20;
const STDERR_BYTES: usize = 4000;

/// Renders a line naming the tool and vector set, the problems, then the
/// summary of every implementation.
pub fn render(report: &Report<'_>, style: Style) -> String {
    let mut out = format!(
        "rfc1808 {TOOL_VERSION}, {}{}\n\n",
        report.vectors,
        report.pinned()
    );
    for imp in &report.implementations {
        problems(&mut out, imp, style);
    }
    for p in report.parse.iter().flatten() {
        parse_failure(&mut out, p, style);
    }
    for imp in &report.implementations {
        summary(&mut out, imp, style);
    }
    if let Some(parse) = &report.parse {
        parse_summary(&mut out, parse, style);
    }
    out
}

/// What fails or is not judged of `imp`: its version drift, its failures,
/// errors, unexpected passes and vectors without an answer, and its stale
/// expectations.
fn problems(out: &mut String, imp: &ImplReport<'_>, style: Style) {
    // First, since a new release is the likeliest cause of what follows.
    if let Some(drift) = imp.describe_drift() {
        let _ = writeln!(
            out,
            "{} [{}] {}\n",
            style.paint(YELLOW, "VERSION"),
            plain(&imp.name),
            plain(&drift)
        );
    }
    for g in &imp.results {
        match g.verdict {
            Verdict::Failed | Verdict::Error => failure(out, imp, g, style),
            Verdict::UnexpectedPass => unexpected_pass(out, imp, g, style),
            Verdict::NoAnswer => no_answer(out, imp, g, style),
            Verdict::Passed | Verdict::ExpectedFailure | Verdict::NotRepresentable => {}
        }
    }
    for stale in &imp.stale {
        let _ = writeln!(
            out,
            "{} [{}] {}; remove the entry\n",
            style.paint(RED, "STALE"),
            plain(&imp.name),
            plain(&stale.to_string())
        );
    }
}

/// The line of the parse vectors: how many passed and failed.
fn parse_summary(out: &mut String, parse: &[ParseResult<'_>], style: Style) {
    let failed = parse.iter().filter(|p| p.mismatch.is_some()).count();
    let _ = writeln!(
        out,
        "parse vectors: {}. {} passed; {failed} failed",
        verdict(failed == 0, style),
        parse.len() - failed
    );
}

fn verdict(ok: bool, style: Style) -> String {
    if ok {
        style.paint(GREEN, "ok")
    } else {
        style.paint(RED, "FAILED")
    }
}

fn summary(out: &mut String, imp: &ImplReport<'_>, style: Style) {
    let _ = write!(out, "{}", plain(&imp.name));
    if let Some(info) = &imp.info {
        let about: Vec<&str> = [
            info.name.as_str(),
            info.implementation_version.as_str(),
            info.language.as_str(),
            info.spec.as_str(),
        ]
        .into_iter()
        // The adapter's own name is worth showing only when it says more.
        .filter(|s| !s.is_empty() && *s != imp.name)
        .collect();
        if !about.is_empty() {
            let _ = write!(out, " ({})", plain(&about.join(", ")));
        }
    }
    // Vectors without an answer under its spec are counted only when there
    // are some: no run of the built-in vectors has any.
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .filter(|&&s| s != Verdict::NoAnswer)
        .map(|&s| format!("{} {}", imp.count(s), s.counted()))
        .collect();
    let _ = write!(out, ": {}. {}", verdict(imp.ok(), style), counts.join("; "));
    let unanswered = imp.count(Verdict::NoAnswer);
    if unanswered > 0 {
        let _ = write!(
            out,
            "; {unanswered} with no answer under {}",
            (imp.graded_under).title()
        );
    }
    for cause in imp.other_causes() {
        let _ = write!(out, "; {cause}");
    }
    out.push('\n');
    if let Some(drift) = imp.describe_drift() {
        let _ = writeln!(out, "  {}", style.paint(YELLOW, &plain(&drift)));
    }
    // Next to the spec it claims: the spec it is graded under and the spec
    // fingerprint.
    if imp.shows_spec() {
        let _ = writeln!(out, "  {}", imp.describe_spec());
    }
    if let Some(causes) = imp.describe_causes() {
        let _ = writeln!(out, "  {causes}");
    }
    for reading in imp.readings() {
        let line = reading.describe();
        let line = if reading.fails_run() {
            style.paint(RED, &line)
        } else {
            line
        };
        let _ = writeln!(out, "  reading {line}");
    }
}

fn failure(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>, style: Style) {
    let v = g.outcome.vector;
    let label = if g.verdict == Verdict::Error {
        "ERROR"
    } else {
        "FAIL"
    };
    let _ = writeln!(
        out,
        "{} {} [{}] ({})",
        style.paint(RED, label),
        style.paint(BOLD, &v.id),
        plain(&imp.name),
        v.origin
    );
    let _ = writeln!(out, "  base:     {}", super::shown_base(v));
    let _ = writeln!(out, "  relative: {:?}", v.relative);
    expected_lines(out, imp, g);
    got_lines(out, imp, g, style);
    failure_notes(out, imp, g);
    let _ = writeln!(out, "  rerun:    {}", plain(&imp.rerun_case(&v.id)));
    out.push('\n');
}

/// What a failure of `imp` expected: the answer of the spec it is graded
/// under, and the other readings' answers, which pass too.
fn expected_lines(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>) {
    let v = g.outcome.vector;
    match v.answers(imp.graded_under) {
        Some(answers) => {
            let _ = writeln!(out, "  expected: {}", answers.shown());
            // Another reading's answer passes too, unless the run holds a
            // reading.
            for (assignment, answer) in &answers.readings {
                let _ = writeln!(out, "  or:       {answer} under {assignment}");
            }
        }
        None => {
            let _ = writeln!(out, "  expected: undefined");
        }
    }
}

/// What a failure of `imp` got: the answer, the reading it follows where
/// the run rules that out, and a marker under the first character that
/// differs from the expected answer.
fn got_lines(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>, style: Style) {
    let v = g.outcome.vector;
    let expected = v
        .answers(imp.graded_under)
        .map_or(v.expected.as_str(), |a| a.expected.as_str());
    match &g.outcome.answer {
        Answer::Resolved(got) => {
            let _ = writeln!(out, "  got:      {}", capped(&format!("{got:?}")));
            if let Some(reading) = &g.reading {
                let _ = writeln!(
                    out,
                    "  reading:  {reading}, which this run's --reading rules out"
                );
            }
            if let Some(at) = first_difference(expected, got).filter(|&at| at < ANSWER_SHOWN) {
                // Both lines are Debug-quoted: the marker sits under the first
                // differing character of the escaped forms.
                let col = escape(&got[..at]).chars().count() + 1;
                let _ = writeln!(
                    out,
                    "            {}{}",
                    " ".repeat(col),
                    style.paint(YELLOW, "^")
                );
            }
        }
        Answer::Rejected(why) => {
            let _ = writeln!(out, "  got:      rejected: {}", capped(&escape(why)));
            if let Some(reading) = &g.reading {
                let _ = writeln!(
                    out,
                    "  reading:  {reading}, which this run's --reading rules out"
                );
            }
        }
        Answer::NotRepresentable(why) => {
            let _ = writeln!(out, "  got:      not representable: {why}");
        }
        Answer::Error(why) => {
            let _ = writeln!(out, "  got:      error: {}", capped(&plain(why)));
        }
    }
}

/// What tells more of a failure of `imp`: the specs whose answer it is,
/// its cause, why an error listed as expected still fails, the vector's
/// note, and the implementation's standard error.
fn failure_notes(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>) {
    let v = g.outcome.vector;
    if matches!(g.outcome.answer, Answer::Resolved(_) | Answer::Rejected(_)) {
        // Which spec, if any, gives this answer: a deviation from the spec
        // it is graded under may be another spec followed.
        let matches = answers_as(v, &g.outcome.answer);
        let _ = writeln!(out, "  spec:     {}", describe_answers_as(&matches));
    }
    if let Some(cause) = g.cause() {
        let _ = writeln!(out, "  cause:    {cause}");
    }
    if let Some(reason) = &g.expected_failure {
        // Only an error reaches here with a reason: say why it still counts.
        let _ = writeln!(
            out,
            "  note:     listed as an expected failure ({}), but expectations cover wrong answers, not errors",
            plain(reason)
        );
    }
    if let Some(note) = v.note_under(imp.graded_under) {
        let _ = writeln!(out, "  why:      {}", plain(note.trim()));
    }
    if !g.outcome.stderr.is_empty() {
        let _ = writeln!(out, "  stderr:");
        stderr(out, &g.outcome.stderr);
    }
}

fn unexpected_pass(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>, style: Style) {
    let v = g.outcome.vector;
    let _ = writeln!(
        out,
        "{} {} [{}] ({})",
        style.paint(RED, "UNEXPECTED PASS"),
        style.paint(BOLD, &v.id),
        plain(&imp.name),
        v.origin
    );
    let file = imp.expectations.as_deref().unwrap_or("the expectations");
    // What it answered is a right answer of the spec it is graded under,
    // under some reading.
    let answered = match &g.outcome.answer {
        Answer::Resolved(url) => {
            format!("resolved to the expected {}", capped(&format!("{url:?}")))
        }
        _ => "rejected the case, as expected".to_owned(),
    };
    let _ = writeln!(
        out,
        "  listed in {file} as an expected failure ({}), but it {answered}; remove the entry",
        plain(g.expected_failure.as_deref().unwrap_or_default()),
    );
    let _ = writeln!(out, "  rerun:    {}", plain(&imp.rerun_case(&v.id)));
    out.push('\n');
}

/// A vector that gives no answer under the spec `imp` is graded under: not
/// a pass, and not a failure, since nothing says what is right.
fn no_answer(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>, style: Style) {
    let v = g.outcome.vector;
    let spec = (imp.graded_under).title();
    let _ = writeln!(
        out,
        "{} {} [{}] ({})",
        style.paint(YELLOW, &format!("NO ANSWER UNDER {}", spec.to_uppercase())),
        style.paint(BOLD, &v.id),
        plain(&imp.name),
        v.origin
    );
    let _ = writeln!(out, "  base:     {}", super::shown_base(v));
    let _ = writeln!(out, "  relative: {:?}", v.relative);
    let given: Vec<String> = v.specs.iter().map(|a| (a.spec).title()).collect();
    let _ = writeln!(
        out,
        "  expected: nothing: the vector gives answers under {} only, so this answer is not judged",
        given.join(", ")
    );
    let got = match &g.outcome.answer {
        Answer::Resolved(got) => capped(&format!("{got:?}")),
        Answer::Rejected(why) => format!("rejected: {}", capped(&escape(why))),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("error: {}", capped(&plain(why))),
    };
    let _ = writeln!(out, "  got:      {got}");
    let _ = writeln!(
        out,
        "  fix:      give the vector `expected.{}` (docs/vectors.md), or grade under a spec it answers",
        imp.graded_under
    );
    out.push('\n');
}

fn parse_failure(out: &mut String, p: &ParseResult<'_>, style: Style) {
    let Some((expected, got)) = &p.mismatch else {
        return;
    };
    let v = p.vector;
    let _ = writeln!(
        out,
        "{} {} [parse] ({})\n  input: {:?}\n  expected:\n{}  got:\n{}",
        style.paint(RED, "FAIL"),
        style.paint(BOLD, &v.id),
        v.origin,
        v.input,
        indent(expected),
        indent(got)
    );
}

/// At most this many characters of an answer are shown; the rest is
/// counted. A runaway adapter's answer can be a megabyte.
const ANSWER_SHOWN: usize = 1000;

/// `s` cut to [`ANSWER_SHOWN`] characters, with a count of the rest.
fn capped(s: &str) -> String {
    match s.char_indices().nth(ANSWER_SHOWN) {
        None => s.to_owned(),
        Some((end, _)) => format!("{}... ({} more bytes left out)", &s[..end], s.len() - end),
    }
}

/// `s` with its control characters escaped: text from an adapter or a
/// file must not be able to move the cursor, recolour the terminal or
/// forge a line of this report.
fn plain(s: &str) -> String {
    super::controls_escaped(s)
}

fn indent(lines: &str) -> String {
    lines.lines().map(|l| format!("    {l}\n")).collect()
}

/// Appends `text` indented, control characters escaped, cut to
/// [`STDERR_LINES`] lines and [`STDERR_BYTES`] bytes.
fn stderr(out: &mut String, text: &str) {
    let lines: Vec<&str> = text.trim_end_matches(['\n', '\r']).lines().collect();
    let mut shown = 0;
    let mut bytes = 0;
    for line in &lines {
        if shown == STDERR_LINES || bytes >= STDERR_BYTES {
            break;
        }
        let mut line = *line;
        if bytes + line.len() > STDERR_BYTES {
            let mut end = STDERR_BYTES - bytes;
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            line = &line[..end];
        }
        bytes += line.len();
        let visible: String = line
            .chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    c.escape_debug().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let _ = writeln!(out, "    {visible}");
        shown += 1;
    }
    if shown < lines.len() {
        let _ = writeln!(out, "    ... ({} more lines)", lines.len() - shown);
    } else if bytes
        < text
            .trim_end_matches(['\n', '\r'])
            .lines()
            .map(str::len)
            .sum()
    {
        let _ = writeln!(out, "    ... (cut at {STDERR_BYTES} bytes)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    #[test]
    fn failures_show_inputs_marker_stderr_and_rerun() {
        let corpus = rfc1808_vectors::embedded();
        let report = sample(&corpus);
        let text = render(&report, Style::default());
        assert!(
            text.starts_with(&format!("rfc1808 {TOOL_VERSION}, {}\n\n", corpus.digest)),
            "{text}"
        );
        let g = "FAIL rfc1808-5.1/g [py] (vectors/rfc1808.toml:14)
  base:     \"http://a/b/c/d;p?q#f\"
  relative: \"g\"
  expected: \"http://a/b/c/g\"
  got:      \"http://a/g\"
                      ^
  spec:     answers as none
  cause:    unexplained
  stderr:
    warning: \\u{1b}[0m
    second line
  rerun:    rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv --id rfc1808-5.1/g
";
        assert!(text.contains(g), "{text}");
        assert!(
            text.contains("UNEXPECTED PASS rfc1808-5.1/slash-g [py] (vectors/rfc1808.toml:38)\n  listed in py-expected.toml as an expected failure (was broken), but it resolved to the expected \"http://a/g\"; remove the entry\n"),
            "{text}"
        );
        assert!(
            text.contains("STALE [py] py-expected.toml:8: stale expectation `gone/away`: no vector has this id; remove the entry\n"),
            "{text}"
        );
        assert!(text.contains("ERROR rfc1808-5.1/g-slash [py]"), "{text}");
        assert!(
            text.ends_with(
                "reference: ok. 3 passed; 0 failed; 0 expected failures; 0 unexpected passes; 0 errors; 0 not representable\n\
                 py (wrong, 1.0, python, RFC 1808): FAILED. 0 passed; 1 failed; 1 expected failures; 1 unexpected passes; 1 errors; 1 not representable; 1 stale expectation\n\
                 \x20 claims RFC 1808; graded under RFC 1808; agrees with RFC 1808 1/3, RFC 2396 1/3, RFC 3986 1/3, the URL Standard 1/3\n\
                 \x20 follows RFC 1808 with no named deviation; 2 wrong answers unexplained\n\
                 parse vectors: ok. 1 passed; 0 failed\n"
            ),
            "{text}"
        );
        assert!(!text.contains('\x1b'), "no colour unless asked");
        let coloured = render(&report, Style { colour: true });
        assert!(coloured.contains("\x1b[31mFAIL\x1b[0m"), "{coloured}");
    }

    #[test]
    fn long_stderr_is_cut() {
        let mut out = String::new();
        let long: String = (0..30).map(|i| format!("line {i}\n")).collect();
        stderr(&mut out, &long);
        assert_eq!(out.lines().count(), STDERR_LINES + 1);
        assert!(
            out.ends_with("    line 19\n    ... (10 more lines)\n"),
            "{out}"
        );
        let mut out = String::new();
        stderr(&mut out, &"é".repeat(STDERR_BYTES));
        assert!(
            out.ends_with(&format!("    ... (cut at {STDERR_BYTES} bytes)\n")),
            "{out}"
        );
        assert_eq!(out.lines().next().unwrap().len(), 4 + STDERR_BYTES);
    }
}
