//! The HTML report, for people reading a CI artifact: one self-contained
//! page (inline CSS and script, nothing fetched) with the tool version and
//! vector set, a row per implementation with its version, the spec it
//! claims and the counts of the text report, and the matrix of every vector
//! against every implementation. A cell that is not a plain pass opens to
//! the base, relative, expected URL, what the implementation gave and the
//! first differing character. Filters by tag, status, implementation and id
//! hide rows; they are kept in the URL fragment (`#status=failed&tag=step6`),
//! so a link opens the same view, and `open=ID` in the fragment opens that
//! vector's cells.
//!
//! The matrix is written in the page; the script only filters it, so the
//! page reads the same with scripts off.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::expectations::Graded;
use crate::implementation::Answer;
use crate::report::{
    answers_as, describe_answers_as, expected_by, expected_under, first_difference, graded_specs,
    Expected, ImplReport, Report, TOOL_VERSION,
};
use rfc1808_vectors::grade::Verdict;
use rfc1808_vectors::Spec;

/// Renders `report` as one HTML document.
pub fn render(report: &Report<'_>) -> String {
    let mut page = Page {
        report,
        out: String::new(),
    };
    page.head();
    page.implementations_section();
    page.vectors_section();
    page.end();
    page.out
}

/// The page being written: the run, and the page so far, which each
/// section appends to.
struct Page<'r, 'c> {
    report: &'r Report<'c>,
    out: String,
}

impl<'r, 'c> Page<'r, 'c> {
    /// The document's head, with the style, and the page header: the
    /// title, the verdict, the tool version and the vector set.
    fn head(&mut self) {
        let report = self.report;
        let out = &mut self.out;
        let verdict = if report.ok() { "passed" } else { "failed" };
        let title = html(&report.title());
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{title}: {verdict}</title>\n<style>{CSS}</style>\n</head>\n<body>\n\
             <header><h1>{title} <span class=\"verdict {verdict}\">{verdict}</span></h1>\n\
             <p class=\"about\">rfc1808 {} · vector set <code>{}</code></p></header>\n",
            html(TOOL_VERSION),
            html(&format!("{}{}", report.vectors, report.pinned()))
        );
    }

    /// The section on the implementations: their table, stale
    /// expectations, version drift, root causes, readings, and the parse
    /// vectors.
    fn implementations_section(&mut self) {
        self.implementations_table();
        self.stale();
        self.drift();
        self.root_causes();
        self.readings();
        self.parse_vectors();
        self.out.push_str("</section>\n");
    }

    /// A row per implementation: its version, the spec it claims, the spec
    /// it is graded under and its spec fingerprint, its result and counts.
    fn implementations_table(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        let specs: Vec<String> = Spec::ALL.iter().map(|spec| spec.title()).collect();
        let _ = write!(
            out,
            "<section><h2>Implementations</h2>\n<table class=\"summary\">\n<thead><tr><th>implementation</th><th>version</th><th>spec it claims</th><th>graded under</th><th>agrees with {}</th><th>result</th>",
            html(&specs.join(" / "))
        );
        for status in Verdict::ALL {
            let _ = write!(out, "<th>{}</th>", status.counted());
        }
        out.push_str("<th>stale expectations</th></tr></thead>\n<tbody>\n");
        for imp in imps {
            let (version, spec) = about(imp);
            let agreement: Vec<String> = imp
                .agreement()
                .iter()
                .map(|a| format!("{}/{}", a.agree, a.of))
                .collect();
            let _ = write!(
                out,
                "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td>",
                html(&imp.name),
                html(&version),
                html(&spec),
                html(&imp.graded_under.title()),
                html(&agreement.join(" / ")),
                if imp.ok() { "passed" } else { "failed" },
                if imp.ok() { "ok" } else { "FAILED" }
            );
            for status in Verdict::ALL {
                let _ = write!(out, "<td class=\"n\">{}</td>", imp.count(status));
            }
            let _ = writeln!(out, "<td class=\"n\">{}</td></tr>", imp.stale.len());
        }
        out.push_str("</tbody>\n</table>\n");
    }

    /// The stale expectations of every implementation, when there are any.
    fn stale(&mut self) {
        let imps = &self.report.implementations;
        let stale: Vec<String> = imps
            .iter()
            .flat_map(|imp| {
                imp.stale
                    .iter()
                    .map(move |s| format!("<li>{}: {}</li>", html(&imp.name), html(&s.to_string())))
            })
            .collect();
        if !stale.is_empty() {
            let _ = writeln!(self.out, "<ul class=\"stale\">{}</ul>", stale.concat());
        }
    }

    /// Each implementation's version drift, when it has one.
    fn drift(&mut self) {
        let imps = &self.report.implementations;
        for imp in imps {
            if let Some(drift) = imp.describe_drift() {
                let _ = writeln!(self.out, "<p class=\"drift\">{}</p>", html(&drift));
            }
        }
    }

    /// The root causes of each implementation's wrong answers.
    fn root_causes(&mut self) {
        let imps = &self.report.implementations;
        let causes: Vec<String> = imps
            .iter()
            .filter_map(|imp| {
                let line = imp.describe_causes()?;
                Some(format!(
                    "<li><b>{}</b>: {}</li>",
                    html(&imp.name),
                    html(&line)
                ))
            })
            .collect();
        if !causes.is_empty() {
            let _ = writeln!(
                self.out,
                "<h3>Root causes</h3>\n<ul class=\"readings\">{}</ul>",
                causes.concat()
            );
        }
    }

    /// Which reading of each RFC 1808 ambiguity each implementation
    /// follows, as the vectors that tell them apart show.
    fn readings(&mut self) {
        let imps = &self.report.implementations;
        let readings: Vec<String> = imps
            .iter()
            .filter_map(|imp| {
                let r = imp.readings();
                (!r.is_empty()).then(|| {
                    let items: Vec<String> = r
                        .iter()
                        .map(|r| {
                            format!(
                                "<span class=\"{}\">{}</span>",
                                if r.fails_run() { "failed" } else { "reading" },
                                html(&r.describe())
                            )
                        })
                        .collect();
                    format!("<li><b>{}</b>: {}</li>", html(&imp.name), items.join("; "))
                })
            })
            .collect();
        if !readings.is_empty() {
            let _ = writeln!(
                self.out,
                "<h3>Readings of the ambiguities</h3>\n<ul class=\"readings\">{}</ul>",
                readings.concat()
            );
        }
    }

    /// How many parse vectors passed, and which failed, when the reference
    /// ran.
    fn parse_vectors(&mut self) {
        let report = self.report;
        let out = &mut self.out;
        if let Some(parse) = &report.parse {
            let failed: Vec<&str> = parse
                .iter()
                .filter(|p| p.mismatch.is_some())
                .map(|p| p.vector.id.as_str())
                .collect();
            let _ = write!(
                out,
                "<p class=\"parse {}\">Parse vectors (reference): {}/{} passed",
                if failed.is_empty() {
                    "passed"
                } else {
                    "failed"
                },
                parse.len() - failed.len(),
                parse.len()
            );
            if failed.is_empty() {
                out.push_str(".</p>\n");
            } else {
                let _ = writeln!(out, "; failed: {}.</p>", html(&failed.join(", ")));
            }
        }
    }

    /// The section on the vectors: the filters, and the matrix of every
    /// vector against every implementation (closed by [`Page::end`]).
    fn vectors_section(&mut self) {
        let rows = self.rows();
        let tags: BTreeSet<&str> = rows
            .iter()
            .flat_map(|r| &r.outcome.vector.tags)
            .map(String::as_str)
            .collect();
        self.filters(&tags, rows.len());
        self.matrix_head();
        self.matrix_rows(&rows);
    }

    /// A result of each vector, in corpus order.
    fn rows(&self) -> Vec<&'r Graded<'c>> {
        let imps = &self.report.implementations;
        // The vectors in corpus order: every implementation runs the same ones
        // in that order, so the first time each id is seen gives it.
        let mut rows: Vec<&Graded<'_>> = Vec::new();
        for g in imps.iter().flat_map(|imp| &imp.results) {
            if !rows
                .iter()
                .any(|r| r.outcome.vector.id == g.outcome.vector.id)
            {
                rows.push(g);
            }
        }
        rows
    }

    /// The form that filters the matrix, by status, by one of `tags`, by
    /// implementation and by id, and how many of the `vectors` it shows.
    fn filters(&mut self, tags: &BTreeSet<&str>, vectors: usize) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        out.push_str(
            "<section><h2>Vectors</h2>\n<form id=\"filters\" onsubmit=\"return false\">\n",
        );
        out.push_str("<label>status <select id=\"status\"><option value=\"\">any</option><option value=\"problem\">fails the run</option><option value=\"differs\">not a plain pass</option>");
        for status in Verdict::ALL {
            let _ = write!(
                out,
                "<option value=\"{}\">{}</option>",
                status.key(),
                label(status)
            );
        }
        out.push_str(
            "</select></label>\n<label>tag <select id=\"tag\"><option value=\"\">any</option>",
        );
        for tag in tags {
            let _ = write!(out, "<option>{}</option>", html(tag));
        }
        out.push_str("</select></label>\n<label>implementation <select id=\"impl\"><option value=\"\">any</option>");
        for imp in imps {
            let _ = write!(out, "<option>{}</option>", html(&imp.name));
        }
        out.push_str("</select></label>\n<label>id <input id=\"id\" type=\"search\" placeholder=\"rfc1808-5.2/\"></label>\n");
        let _ = writeln!(
            out,
            "<output id=\"shown\">{vectors} vectors</output>\n</form>"
        );
    }

    /// The matrix's head: a column per implementation, with its version and
    /// the spec it claims.
    fn matrix_head(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        out.push_str(
            "<table class=\"matrix\">\n<thead><tr><th>vector</th><th>expected</th><th>tags</th>",
        );
        for imp in imps {
            let (version, spec) = about(imp);
            let _ = write!(
                out,
                "<th data-impl=\"{}\">{}<small>{}</small><small>{}</small></th>",
                html(&imp.name),
                html(&imp.name),
                html(&version),
                html(&spec)
            );
        }
        out.push_str("</tr></thead>\n<tbody>\n");
    }

    /// A row of the matrix per vector of `rows`: its id, expected answer
    /// and tags, and the cell of each implementation.
    fn matrix_rows(&mut self, rows: &[&Graded<'_>]) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        // The expected answer is the spec's each implementation is graded under:
        // one answer when they share it, else the answer of each.
        let graded = graded_specs(self.report);
        for row in rows {
            let v = row.outcome.vector;
            let expected: Vec<String> = expected_under(v, &graded)
                .into_iter()
                .map(|(spec, answer)| {
                    let answer = answer.describe(shown);
                    match spec {
                        Some(spec) => format!("{}: {answer}", spec.title()),
                        None => answer,
                    }
                })
                .collect();
            let _ = write!(
                out,
                "<tr data-id=\"{}\" data-tags=\"{}\"><th scope=\"row\"><code>{}</code></th><td><code>{}</code></td><td class=\"tags\">{}</td>",
                html(&v.id),
                html(&v.tags.join(" ")),
                html(&v.id),
                html(&expected.join(" · ")),
                html(&v.tags.join(", "))
            );
            for imp in imps {
                cell(out, imp, &v.id);
            }
            out.push_str("</tr>\n");
        }
    }

    /// The end of the matrix, its section and the page, with the script
    /// that filters the matrix.
    fn end(&mut self) {
        let _ = write!(
            self.out,
            "</tbody>\n</table>\n</section>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
        );
    }
}

/// The version an implementation reported and the spec it claims, or what
/// is known without a report.
fn about(imp: &ImplReport<'_>) -> (String, String) {
    match (&imp.info, &imp.spec) {
        (Some(info), _) => {
            // The adapter's own name is worth showing only when it says more.
            let version = [info.name.as_str(), info.implementation_version.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty() && *s != imp.name)
                .collect::<Vec<_>>()
                .join(" ");
            let spec = if info.spec.is_empty() {
                "not reported".to_owned()
            } else {
                info.spec.clone()
            };
            (version, spec)
        }
        // The reference resolver follows the spec it runs by.
        (None, None) => (
            format!("rfc1808 {TOOL_VERSION} (reference)"),
            imp.graded_under.title(),
        ),
        (None, Some(_)) => ("not reported".to_owned(), "not reported".to_owned()),
    }
}

fn label(status: Verdict) -> &'static str {
    match status {
        Verdict::Passed => "passed",
        Verdict::Failed => "failed",
        Verdict::ExpectedFailure => "expected failure",
        Verdict::UnexpectedPass => "unexpected pass",
        Verdict::Error => "error",
        Verdict::NotRepresentable => "not representable",
        Verdict::NoAnswer => "no answer under the spec",
    }
}

fn mark(status: Verdict) -> &'static str {
    match status {
        Verdict::Passed => "✓",
        Verdict::Failed | Verdict::Error => "✗",
        Verdict::UnexpectedPass => "!",
        Verdict::ExpectedFailure => "○",
        Verdict::NotRepresentable => "–",
        Verdict::NoAnswer => "?",
    }
}

/// The cell of `imp` for the vector `id`: a mark, and for anything but a
/// pass the case's details.
fn cell(out: &mut String, imp: &ImplReport<'_>, id: &str) {
    let Some(g) = imp.results.iter().find(|g| g.outcome.vector.id == id) else {
        out.push_str("<td class=\"not-run\" data-status=\"not_run\">not run</td>");
        return;
    };
    let status = g.verdict;
    let _ = write!(
        out,
        "<td class=\"{}\" data-status=\"{}\" title=\"{}\">",
        status.key(),
        status.key(),
        label(status)
    );
    if status == Verdict::Passed {
        let _ = write!(out, "{}</td>", mark(status));
        return;
    }
    details(out, imp, g);
}

/// The details of a cell that is not a plain pass: the mark and the
/// answer, then the case, what was expected and what it got, why, and
/// the command that reruns it.
fn details(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>) {
    let status = g.verdict;
    let v = g.outcome.vector;
    // The answer of the spec it is graded under: a URL, or a rejection.
    let expected = v
        .answers(imp.graded_under)
        .map_or(v.expected.as_str(), |a| a.expected.as_str());
    let stated = expected_by(v, imp.graded_under);
    let summary = match &g.outcome.answer {
        _ if status == Verdict::NoAnswer => {
            format!("no answer under {}", (imp.graded_under).title())
        }
        Answer::Resolved(got) if status == Verdict::UnexpectedPass => {
            format!("unexpected pass: {}", shown(got))
        }
        Answer::Resolved(got) => shown(got),
        Answer::Rejected(_) => "rejected".to_owned(),
        Answer::NotRepresentable(_) => "not representable".to_owned(),
        Answer::Error(_) => "error".to_owned(),
    };
    let _ = write!(
        out,
        "<details><summary>{} {}</summary><dl>\
         <dt>base</dt><dd><code>{}</code></dd>\
         <dt>relative</dt><dd><code>{}</code></dd>\
         <dt>expected</dt><dd>{}</dd>",
        mark(status),
        html(&summary),
        match &v.base {
            Some(base) => html(&shown(base)),
            None => "none: an absolute parse".to_owned(),
        },
        html(&shown(&v.relative)),
        match status {
            Verdict::NoAnswer => format!(
                "nothing: the vector gives no answer under {}, so this answer is not judged",
                html(&(imp.graded_under).title())
            ),
            _ => match &stated {
                Expected::Rejection(why) => format!("a rejection (<code>{}</code>)", html(why)),
                _ => format!("<code>{}</code>", html(&shown(expected))),
            },
        }
    );
    got(out, g, expected);
    explanations(out, imp, g);
    let _ = write!(
        out,
        "<dt>vector</dt><dd>{}</dd><dt>rerun</dt><dd><code>{}</code></dd></dl></details></td>",
        html(&v.origin.to_string()),
        html(&imp.rerun_case(&v.id))
    );
}

/// What `g` got, a resolved URL marked from its first difference from
/// the `expected` one.
fn got(out: &mut String, g: &Graded<'_>, expected: &str) {
    let status = g.verdict;
    match &g.outcome.answer {
        // Nothing to tell it from.
        Answer::Resolved(got) if status == Verdict::NoAnswer => {
            let _ = write!(
                out,
                "<dt>got</dt><dd><code>{}</code></dd>",
                html(&shown(got))
            );
        }
        Answer::Resolved(got) => {
            let _ = write!(out, "<dt>got</dt><dd><code>");
            match first_difference(expected, got) {
                Some(at) => {
                    let _ = write!(
                        out,
                        "{}<mark>{}</mark></code></dd><dt>first difference</dt><dd>{}</dd>",
                        html(&visible(&got[..at])),
                        html(&visible(&got[at..])),
                        html(&difference(expected, got, at))
                    );
                }
                None => {
                    let _ = write!(out, "{}</code> (the expected URL)</dd>", html(&shown(got)));
                }
            }
        }
        Answer::Rejected(why) => {
            let _ = write!(
                out,
                "<dt>got</dt><dd>rejected: <code>{}</code></dd>",
                html(&shown(why))
            );
        }
        Answer::NotRepresentable(why) => {
            let _ = write!(out, "<dt>got</dt><dd>not representable: {}</dd>", html(why));
        }
        Answer::Error(why) => {
            let _ = write!(out, "<dt>got</dt><dd>error: {}</dd>", html(why));
        }
    }
}

/// What explains a result of `imp`, when something does: the specs whose
/// answer it is, why it is listed as an expected failure, the vector's
/// note, and the implementation's standard error.
fn explanations(out: &mut String, imp: &ImplReport<'_>, g: &Graded<'_>) {
    let v = g.outcome.vector;
    if matches!(g.outcome.answer, Answer::Resolved(_) | Answer::Rejected(_)) {
        let matches = answers_as(v, &g.outcome.answer);
        let _ = write!(
            out,
            "<dt>spec</dt><dd>{}</dd>",
            html(&describe_answers_as(&matches))
        );
    }
    if let Some(reason) = &g.expected_failure {
        let _ = write!(out, "<dt>listed because</dt><dd>{}</dd>", html(reason));
    }
    if let Some(note) = v.note_under(imp.graded_under) {
        let _ = write!(out, "<dt>why</dt><dd>{}</dd>", html(note.trim()));
    }
    if !g.outcome.stderr.is_empty() {
        let _ = write!(
            out,
            "<dt>stderr</dt><dd><pre>{}</pre></dd>",
            html(&g.outcome.stderr)
        );
    }
}

/// Where `got` first differs from `expected`, which differ at byte `at`.
fn difference(expected: &str, got: &str, at: usize) -> String {
    let position = expected[..at].chars().count() + 1;
    let char_at = |s: &str| {
        s[at..]
            .chars()
            .next()
            .map_or("the end".to_owned(), |c| format!("{:?}", c))
    };
    format!(
        "character {position}: expected {}, got {}",
        char_at(expected),
        char_at(got)
    )
}

/// `s` as [`visible`], or `""` for the empty string.
pub(crate) fn shown(s: &str) -> String {
    if s.is_empty() {
        "\"\"".to_owned()
    } else {
        visible(s)
    }
}

/// `s` with control characters escaped, so that what an implementation
/// printed is seen exactly.
fn visible(s: &str) -> String {
    super::controls_escaped(s)
}

/// Escapes `s` for HTML text and double- or single-quoted attributes (the
/// site's pages too).
pub(crate) fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const CSS: &str = r#"
:root { color-scheme: light; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --muted: #6e7781; --line: #d0d7de; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 1.5rem 2rem; color: #1f2328; }
header h1 { font-size: 1.5rem; margin: 1rem 0 0; }
.about { color: var(--muted); margin: .25rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
code, pre { font: 12.5px/1.4 ui-monospace, monospace; }
pre { margin: 0; white-space: pre-wrap; }
.verdict { font-size: .9rem; padding: .1rem .5rem; border-radius: 1rem; color: white; vertical-align: middle; }
.verdict.passed { background: var(--pass); } .verdict.failed { background: var(--fail); }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; position: sticky; top: 0; z-index: 1; }
th small { display: block; font-weight: normal; color: var(--muted); }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.passed { color: var(--pass); } td.failed, td.error { color: var(--fail); background: #ffebe9; }
td.unexpected_pass { color: var(--warn); background: #fff8c5; }
td.expected_failure { color: var(--muted); } td.not_representable, td.not-run, td.no_answer { color: var(--muted); }
td.tags { color: var(--muted); font-size: 12px; }
.matrix td { max-width: 22rem; overflow-wrap: anywhere; }
.matrix tbody th code { white-space: nowrap; }
.matrix td.tags { min-width: 7rem; overflow-wrap: normal; }
summary { cursor: pointer; }
details[open] { min-width: 18rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: .4rem 0 0; color: #1f2328; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
mark { background: #ffd8b5; }
#filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin-bottom: .75rem; }
#shown { color: var(--muted); }
.stale { color: var(--fail); } .drift { font-weight: bold; } .parse.failed { color: var(--fail); }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
.readings { margin: 0; padding-left: 1.2rem; } .readings .failed { color: var(--fail); }
"#;

/// Filters rows by the form, and keeps the form in the URL fragment. A row
/// shows when its tags hold the tag and one of its cells (or the chosen
/// implementation's cell) has the status.
const SCRIPT: &str = r#"
(function () {
  var form = document.getElementById('filters');
  var fields = ['status', 'tag', 'impl', 'id'];
  var problem = ['failed', 'error', 'unexpected_pass'];
  var headers = Array.prototype.map.call(
    document.querySelectorAll('.matrix thead th[data-impl]'),
    function (th) { return th.getAttribute('data-impl'); });
  var rows = Array.prototype.slice.call(document.querySelectorAll('.matrix tbody tr'));
  function statusMatches(want, got) {
    if (want === 'problem') return problem.indexOf(got) >= 0;
    if (want === 'differs') return got !== 'passed' && got !== 'not_run';
    return got === want;
  }
  function apply() {
    var f = {};
    fields.forEach(function (name) { f[name] = document.getElementById(name).value; });
    var column = headers.indexOf(f.impl);
    var shown = 0;
    rows.forEach(function (row) {
      var cells = Array.prototype.slice.call(row.querySelectorAll('td[data-status]'));
      if (column >= 0) cells = [cells[column]];
      var tags = row.getAttribute('data-tags').split(' ');
      var ok = (!f.tag || tags.indexOf(f.tag) >= 0)
        && (!f.id || row.getAttribute('data-id').indexOf(f.id) >= 0)
        && (!f.status || cells.some(function (c) { return statusMatches(f.status, c.getAttribute('data-status')); }));
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    document.getElementById('shown').textContent = 'showing ' + shown + ' of ' + rows.length + ' vectors';
    var hash = fields.filter(function (n) { return f[n]; })
      .map(function (n) { return n + '=' + encodeURIComponent(f[n]); }).join('&');
    try { history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search); } catch (e) {}
  }
  var params = new URLSearchParams(location.hash.slice(1));
  fields.forEach(function (name) {
    var el = document.getElementById(name);
    if (params.has(name)) el.value = params.get(name);
    el.addEventListener('input', apply);
    el.addEventListener('change', apply);
  });
  apply();
  var open = params.get('open');
  rows.forEach(function (row) {
    if (row.getAttribute('data-id') !== open) return;
    Array.prototype.forEach.call(row.querySelectorAll('details'), function (d) { d.open = true; });
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    #[test]
    fn failing_cells_open_to_the_case_and_its_first_difference() {
        let corpus = rfc1808_vectors::embedded();
        let page = render(&sample(&corpus));
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains(&format!(
            "rfc1808 {TOOL_VERSION} · vector set <code>{}</code>",
            corpus.digest
        )));
        assert!(page.contains(
            "<td class=\"failed\" data-status=\"failed\" title=\"failed\"><details><summary>✗ http://a/g</summary><dl>\
             <dt>base</dt><dd><code>http://a/b/c/d;p?q#f</code></dd>\
             <dt>relative</dt><dd><code>g</code></dd>\
             <dt>expected</dt><dd><code>http://a/b/c/g</code></dd>\
             <dt>got</dt><dd><code>http://a/<mark>g</mark></code></dd>\
             <dt>first difference</dt><dd>character 10: expected &#39;b&#39;, got &#39;g&#39;</dd>"
        ), "{page}");
        assert!(page.contains("<dt>listed because</dt><dd>rejects dots</dd>"));
        assert!(page.contains(
            "<li>py: py-expected.toml:8: stale expectation `gone/away`: no vector has this id</li>"
        ));
        // Nothing is fetched: no URL attribute points anywhere.
        for attribute in ["src=", "href=", "@import", "url("] {
            assert!(!page.contains(attribute), "{attribute}");
        }
    }

    #[test]
    fn every_string_is_escaped() {
        assert_eq!(
            html("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(shown("a\nb\u{1b}"), "a\\nb\\u{1b}");
        assert_eq!(shown(""), "\"\"");
        assert_eq!(
            difference("http://a/b", "http://a/", 9),
            "character 10: expected 'b', got the end"
        );
    }
}
