//! The Markdown report, for a CI job summary (`$GITHUB_STEP_SUMMARY`). It
//! leads with what needs attention (new failures, errors, unexpected passes,
//! stale expectations, failing parse vectors), then a row per implementation
//! with its version and the same counts as the text and JSON reports, then a
//! matrix with a row for each vector on which some implementation did not
//! give the expected answer, then the reasons of the expected failures.
//!
//! Marks: ✅ passed, ❌ failed or an error (these fail the run), ⚠️ an
//! unexpected pass (fails the run: the expectations are out of date), ⚪ an
//! expected failure, ➖ a case the protocol cannot carry, ❔ a vector that
//! gives no answer under the spec graded by. A green run shows no ❌, and
//! folds its matrix away.

use std::fmt::Write;

use crate::expectations::{observed, Graded};
use crate::implementation::Answer;
use crate::report::{
    expected_under, graded_specs, ImplReport, ReadingReport, Report, TOOL_VERSION,
};
use rfc1808_vectors::grade::Verdict;
use rfc1808_vectors::Spec;

/// Renders `report` as GitHub-flavoured Markdown.
pub fn render(report: &Report<'_>) -> String {
    let attention = attention(report);
    let mut markdown = Markdown {
        report,
        out: String::new(),
    };
    markdown.title(&attention);
    markdown.needs_attention(&attention);
    markdown.implementations();
    markdown.unanswered();
    markdown.root_causes();
    markdown.readings();
    markdown.parse_vectors();
    // On a green run every row of the vectors is expected: folded away, it
    // leaves the summary short.
    markdown.vectors(attention.is_empty());
    markdown.expected_failures();
    markdown.out
}

/// The Markdown report being written: the run, and the report so far,
/// which each section appends to.
struct Markdown<'r, 'c> {
    report: &'r Report<'c>,
    out: String,
}

impl<'r, 'c> Markdown<'r, 'c> {
    /// The title, and the verdict line with the tool version and vector set;
    /// the run failed when something needs `attention`.
    fn title(&mut self, attention: &[String]) {
        let report = self.report;
        let out = &mut self.out;
        let _ = write!(out, "## {}\n\n", report.title());
        let verdict = if attention.is_empty() {
            "✅ every implementation matches its expectations"
        } else {
            "❌ failed"
        };
        let _ = writeln!(
            out,
            "{verdict} · rfc1808 {TOOL_VERSION} · vector set `{}`{}\n",
            report.vectors,
            report.pinned()
        );
    }

    /// What fails the run, a line each, when anything does.
    fn needs_attention(&mut self, attention: &[String]) {
        let out = &mut self.out;
        if !attention.is_empty() {
            out.push_str("### Needs attention\n\n");
            for line in attention {
                let _ = writeln!(out, "- {line}");
            }
            out.push('\n');
        }
    }

    /// A row per implementation: its version, the spec it claims, the spec
    /// it is graded under and its spec fingerprint, its result and counts.
    fn implementations(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        // Next to the spec each claims: the spec it is graded under and its
        // spec fingerprint.
        let specs: Vec<String> = Spec::ALL.iter().map(|spec| spec.title()).collect();
        let _ = write!(
            out,
            "### Implementations\n\n| implementation | version | spec it claims | graded under | agrees with {} | result |",
            specs.join(" / ")
        );
        for status in Verdict::ALL {
            let _ = write!(out, " {} |", status.counted());
        }
        out.push_str(" stale expectations |\n|---|---|---|---|---|---|");
        out.push_str(&"---:|".repeat(Verdict::ALL.len() + 1));
        out.push('\n');
        for imp in imps {
            let agreement: Vec<String> = imp
                .agreement()
                .iter()
                .map(|a| format!("{}/{}", a.agree, a.of))
                .collect();
            let _ = write!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                cell_text(&imp.name),
                version(imp),
                imp.claims().map_or("—".to_owned(), cell_text),
                imp.graded_under.title(),
                agreement.join(" / "),
                if imp.ok() { "✅" } else { "❌" }
            );
            for status in Verdict::ALL {
                let _ = write!(out, " {} |", imp.count(status));
            }
            let _ = writeln!(out, " {} |", imp.stale.len());
        }
    }

    /// The vectors of each implementation that could not be judged, giving
    /// no answer under its spec: not a pass, though they fail nothing.
    fn unanswered(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        for imp in imps {
            let ids: Vec<String> = imp
                .results
                .iter()
                .filter(|g| g.verdict == Verdict::NoAnswer)
                .map(|g| code(&g.outcome.vector.id))
                .collect();
            if !ids.is_empty() {
                let spec = (imp.graded_under).title();
                let _ = writeln!(
                    out,
                    "\n❔ **{}**: {} {} no answer under {spec}, so what it answered was not judged: {}. Give each `expected.{}` ([vectors](docs/vectors.md)).",
                    cell_text(&imp.name),
                    ids.len(),
                    if ids.len() == 1 { "vector gives" } else { "vectors give" },
                    ids.join(", "),
                    imp.graded_under
                );
            }
        }
    }

    /// The root causes of each implementation's wrong answers.
    fn root_causes(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        let causes: Vec<String> = imps
            .iter()
            .filter_map(|imp| {
                let line = imp.describe_causes()?;
                Some(format!(
                    "- {}: {}\n",
                    cell_text(&imp.name),
                    cell_text(&line)
                ))
            })
            .collect();
        if !causes.is_empty() {
            out.push_str("\n### Root causes ([deviations](docs/deviations.md))\n\n");
            out.push_str(&causes.concat());
        }
    }

    /// Which reading of each RFC 1808 ambiguity each implementation
    /// follows, as the vectors that tell them apart show.
    fn readings(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        let readings: Vec<(&ImplReport<'_>, Vec<ReadingReport>)> = imps
            .iter()
            .map(|imp| (imp, imp.readings()))
            .filter(|(_, r)| !r.is_empty())
            .collect();
        if !readings.is_empty() {
            out.push_str("\n### Readings of the ambiguities\n\n");
            for (imp, r) in &readings {
                let cells: Vec<String> = r
                    .iter()
                    .map(|r| {
                        let mark = if r.fails_run() { "❌ " } else { "" };
                        format!("{mark}{}", cell_text(&r.describe()))
                    })
                    .collect();
                let _ = writeln!(out, "- {}: {}", cell_text(&imp.name), cells.join("; "));
            }
        }
    }

    /// How many parse vectors passed, when the reference ran.
    fn parse_vectors(&mut self) {
        let report = self.report;
        let out = &mut self.out;
        if let Some(parse) = &report.parse {
            let failed = parse.iter().filter(|p| p.mismatch.is_some()).count();
            let _ = writeln!(
                out,
                "\nParse vectors (reference): {} {}/{} passed.",
                if failed == 0 { "✅" } else { "❌" },
                parse.len() - failed,
                parse.len()
            );
        }
    }

    /// The matrix of the vectors some implementation did not pass, with the
    /// expected answer and each implementation's, then a legend of its
    /// marks; `folded` into a `<details>`.
    fn vectors(&mut self, folded: bool) {
        let rows = self.differing_rows();
        let out = &mut self.out;
        if rows.is_empty() {
            out.push_str(
                "\nEvery implementation gave the expected answer on every vector it ran.\n",
            );
            return;
        }
        if folded {
            let _ = writeln!(
                out,
                "\n<details><summary>{} {} with a different answer, as expected</summary>",
                rows.len(),
                if rows.len() == 1 { "vector" } else { "vectors" }
            );
        }
        self.vector_table(&rows, folded);
        self.legend(&rows);
        if folded {
            self.out.push_str("\n</details>\n");
        }
    }

    /// A result of each vector on which some implementation did not pass,
    /// in corpus order.
    fn differing_rows(&self) -> Vec<&'r Graded<'c>> {
        let imps = &self.report.implementations;
        // Every implementation runs the same vectors in corpus order, so the
        // first time each id is seen gives the corpus order.
        let mut rows: Vec<&Graded<'_>> = Vec::new();
        for g in imps.iter().flat_map(|imp| &imp.results) {
            if !rows
                .iter()
                .any(|r| r.outcome.vector.id == g.outcome.vector.id)
            {
                rows.push(g);
            }
        }
        rows.retain(|row| {
            imps.iter().flat_map(|imp| &imp.results).any(|g| {
                g.outcome.vector.id == row.outcome.vector.id && g.verdict != Verdict::Passed
            })
        });
        rows
    }

    /// The table of `rows`: the vector, its expected answer, and the cell
    /// of each implementation; with a heading unless `folded`.
    fn vector_table(&mut self, rows: &[&Graded<'_>], folded: bool) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        // The expected answer is the spec's each implementation is graded
        // under: one column when they share it, else the answer of each.
        let graded = graded_specs(self.report);
        let _ = write!(
            out,
            "\n{}| vector | expected{} |",
            if folded {
                ""
            } else {
                "### Vectors with a different answer\n\n"
            },
            match graded[..] {
                [only] if only != Spec::Rfc1808 => format!(" ({})", only.title()),
                _ => String::new(),
            }
        );
        for imp in imps {
            let _ = write!(out, " {} |", cell_text(&imp.name));
        }
        out.push_str("\n|---|---|");
        out.push_str(&"---|".repeat(imps.len()));
        out.push('\n');
        for row in rows {
            let v = row.outcome.vector;
            let expected: Vec<String> = expected_under(v, &graded)
                .into_iter()
                .map(|(spec, answer)| {
                    let answer = answer.describe(code);
                    match spec {
                        Some(spec) => format!("{}: {answer}", spec.title()),
                        None => answer,
                    }
                })
                .collect();
            let _ = write!(out, "| {} | {} |", code(&v.id), expected.join(" · "));
            for imp in imps {
                let _ = write!(out, " {} |", cell(imp, &v.id));
            }
            out.push('\n');
        }
    }

    /// A legend of the marks in the table of `rows` only, so that a green
    /// run's summary holds no red mark at all.
    fn legend(&mut self, rows: &[&Graded<'_>]) {
        let imps = &self.report.implementations;
        let legend: Vec<&str> = [
            (&[Verdict::Passed][..], "✅ passed"),
            (&[Verdict::Failed, Verdict::Error], "❌ failed or an error"),
            (&[Verdict::UnexpectedPass], "⚠️ unexpected pass"),
            (&[Verdict::ExpectedFailure], "⚪ expected failure"),
            (
                &[Verdict::NotRepresentable],
                "➖ not representable in the protocol",
            ),
            (
                &[Verdict::NoAnswer],
                "❔ no answer under the spec in the vector, not judged",
            ),
        ]
        .into_iter()
        .filter(|(statuses, _)| {
            imps.iter().flat_map(|imp| &imp.results).any(|g| {
                statuses.contains(&g.verdict)
                    && rows
                        .iter()
                        .any(|r| r.outcome.vector.id == g.outcome.vector.id)
            })
        })
        .map(|(_, text)| text)
        .collect();
        let _ = writeln!(self.out, "\n{}", legend.join(" · "));
    }

    /// The expected failures of every implementation, with their reasons,
    /// folded away.
    fn expected_failures(&mut self) {
        let imps = &self.report.implementations;
        let out = &mut self.out;
        let expected: Vec<String> = imps
            .iter()
            .flat_map(|imp| {
                imp.results
                    .iter()
                    .filter(|g| g.verdict == Verdict::ExpectedFailure)
                    .map(move |g| {
                        format!(
                            "{} {}: {}",
                            cell_text(&imp.name),
                            code(&g.outcome.vector.id),
                            cell_text(g.expected_failure.as_deref().unwrap_or_default())
                        )
                    })
            })
            .collect();
        if !expected.is_empty() {
            let _ = writeln!(
                out,
                "\n<details><summary>{} expected {}, with {}</summary>\n",
                expected.len(),
                if expected.len() == 1 {
                    "failure"
                } else {
                    "failures"
                },
                if expected.len() == 1 {
                    "its reason"
                } else {
                    "their reasons"
                }
            );
            for line in expected {
                let _ = writeln!(out, "- {line}");
            }
            out.push_str("\n</details>\n");
        }
    }
}

/// What fails the run, one line each, in report order.
fn attention(report: &Report<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    for imp in &report.implementations {
        let name = format!("**{}**", cell_text(&imp.name));
        if let Some(drift) = imp.describe_drift() {
            lines.push(format!("{name}: {}", cell_text(&drift)));
        }
        lines.extend(
            imp.results
                .iter()
                .filter_map(|g| result_attention(imp, g, &name)),
        );
        for r in imp.readings().iter().filter(|r| r.fails_run()) {
            lines.push(format!("{name}: reading {}", cell_text(&r.describe())));
        }
        for s in &imp.stale {
            lines.push(format!(
                "{name}: stale expectation {} at {}: {}",
                code(&s.id),
                cell_text(&s.location),
                s.why
            ));
        }
    }
    for p in report.parse.iter().flatten() {
        if p.mismatch.is_some() {
            lines.push(format!(
                "**reference**: parse vector {} gives other components for {}",
                code(&p.vector.id),
                code(&p.vector.input)
            ));
        }
    }
    lines
}

/// The line of a result of `imp`, named `name`, that fails the run: a new
/// failure, an error or an unexpected pass.
fn result_attention(imp: &ImplReport<'_>, g: &Graded<'_>, name: &str) -> Option<String> {
    let v = g.outcome.vector;
    let id = code(&v.id);
    // The case itself, so that the line says what broke.
    let case = match &v.base {
        Some(base) => format!("relative {} against base {}", code(&v.relative), code(base)),
        None => format!("{} parsed with no base", code(&v.relative)),
    };
    match g.verdict {
        Verdict::Failed => Some(format!(
            "{name}: new failure {id}, {case}: {}{}",
            cell_text(&observed(&g.outcome, imp.graded_under)),
            g.cause().map(|c| format!(" ({c})")).unwrap_or_default()
        )),
        Verdict::Error => Some(format!(
            "{name}: error on {id}, {case}: {}",
            cell_text(&observed(&g.outcome, imp.graded_under))
        )),
        Verdict::UnexpectedPass => Some(format!(
            "{name}: unexpected pass {id}: listed as an expected failure ({}) but resolved to the expected URL; remove the entry{}",
            cell_text(g.expected_failure.as_deref().unwrap_or_default()),
            imp.expectations
                .as_deref()
                .map(|f| format!(" from {}", code(f)))
                .unwrap_or_default()
        )),
        Verdict::Passed
        | Verdict::ExpectedFailure
        | Verdict::NotRepresentable
        | Verdict::NoAnswer => None,
    }
}

/// The implementation's name and version as it reported them (the `jsonl`
/// handshake), or the tool's version for the reference resolver.
fn version(imp: &ImplReport<'_>) -> String {
    match (&imp.info, &imp.spec) {
        (Some(info), _) => {
            // The adapter's own name is worth showing only when it says more.
            let about: Vec<&str> = [info.name.as_str(), info.implementation_version.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty() && *s != imp.name)
                .collect();
            if about.is_empty() {
                "not reported".to_owned()
            } else {
                cell_text(&about.join(" "))
            }
        }
        (None, None) => format!("rfc1808 {TOOL_VERSION} (reference)"),
        (None, Some(_)) => "not reported (only `jsonl` adapters report one)".to_owned(),
    }
}

/// The cell of `imp` for the vector `id`.
fn cell(imp: &ImplReport<'_>, id: &str) -> String {
    let Some(g) = imp.results.iter().find(|g| g.outcome.vector.id == id) else {
        return "not run".to_owned();
    };
    let answer = match &g.outcome.answer {
        Answer::Resolved(got) => code(got),
        Answer::Rejected(why) => format!("rejected: {}", code(why)),
        Answer::NotRepresentable(_) => "not representable".to_owned(),
        Answer::Error(why) => format!("error: {}", code(why)),
    };
    match g.verdict {
        Verdict::Passed => "✅".to_owned(),
        Verdict::UnexpectedPass => "⚠️ unexpected pass".to_owned(),
        Verdict::Failed | Verdict::Error => format!("❌ {answer}"),
        Verdict::ExpectedFailure => format!("⚪ {answer}"),
        Verdict::NotRepresentable => format!("➖ {answer}"),
        Verdict::NoAnswer => format!("❔ {answer}"),
    }
}

/// `s` as an inline code span that survives a table cell: the fence is
/// longer than any run of backticks inside, `|` is escaped (GFM splits cells
/// on it even in code), line breaks and other controls are shown escaped,
/// and an empty string is shown as `""`.
fn code(s: &str) -> String {
    if s.is_empty() {
        return "`\"\"`".to_owned();
    }
    let visible = super::controls_escaped(s);
    let longest = visible.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    // A space inside the fence lets the content start or end with a backtick.
    let pad = if visible.starts_with('`') || visible.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{}{pad}{fence}", visible.replace('|', "\\|"))
}

/// Plain text for a cell: `|` escaped, controls shown escaped.
fn cell_text(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '|' => "\\|".to_owned(),
            c if c.is_control() => c.escape_debug().to_string(),
            c => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    #[test]
    fn a_red_summary_starts_with_what_needs_attention() {
        let corpus = rfc1808_vectors::embedded();
        let md = render(&sample(&corpus));
        let lines: Vec<&str> = md.lines().collect();
        assert_eq!(lines[0], "## RFC 1808 conformance");
        assert_eq!(
            lines[2],
            format!(
                "❌ failed · rfc1808 {TOOL_VERSION} · vector set `{}`",
                corpus.digest
            )
        );
        assert_eq!(
            lines[4..11],
            [
                "### Needs attention",
                "",
                "- **py**: new failure `rfc1808-5.1/g`, relative `g` against base `http://a/b/c/d;p?q#f`: got \"http://a/g\" (expected \"http://a/b/c/g\") (unexplained)",
                "- **py**: error on `rfc1808-5.1/g-slash`, relative `g/` against base `http://a/b/c/d;p?q#f`: error: timed out after 5 s",
                "- **py**: unexpected pass `rfc1808-5.1/slash-g`: listed as an expected failure (was broken) but resolved to the expected URL; remove the entry from `py-expected.toml`",
                "- **py**: stale expectation `gone/away` at py-expected.toml:8: no vector has this id",
                "",
            ]
        );
        let table: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(
            table,
            [
                "| implementation | version | spec it claims | graded under | agrees with RFC 1808 / RFC 2396 / RFC 3986 / the URL Standard | result | passed | failed | expected failures | unexpected passes | errors | not representable | no answer under the spec | stale expectations |",
                "|---|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
                &format!("| reference | rfc1808 {TOOL_VERSION} (reference) | — | RFC 1808 | 3/3 / 3/3 / 3/3 / 3/3 | ✅ | 3 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |"),
                "| py | wrong 1.0 | RFC 1808 | RFC 1808 | 1/3 / 1/3 / 1/3 / 1/3 | ❌ | 0 | 1 | 1 | 1 | 1 | 1 | 0 | 1 |",
                "| vector | expected | reference | py |",
                "|---|---|---|---|",
                "| `rfc1808-5.1/g` | `http://a/b/c/g` | ✅ | ❌ `http://a/g` |",
                "| `rfc1808-5.1/dot-g` | `http://a/b/c/g` | ✅ | ⚪ rejected: `` no \\| dots `here` `` |",
                "| `rfc1808-5.1/g-slash` | `http://a/b/c/g/` | not run | ❌ error: `timed out after 5 s` |",
                "| `rfc1808-5.1/slash-g` | `http://a/g` | not run | ⚠️ unexpected pass |",
                "| `rfc1808-5.1/net-loc-g` | `http://g` | not run | ➖ not representable |",
            ]
        );
        assert!(
            md.contains("Parse vectors (reference): ✅ 1/1 passed.\n"),
            "{md}"
        );
        assert!(
            md.contains("<details><summary>1 expected failure, with its reason</summary>\n\n- py `rfc1808-5.1/dot-g`: rejects dots\n"),
            "{md}"
        );
    }

    #[test]
    fn the_counts_are_the_text_reports_counts() {
        let corpus = rfc1808_vectors::embedded();
        let report = sample(&corpus);
        let md = render(&report);
        let text = crate::report::text::render(&report, Default::default());
        for imp in &report.implementations {
            let row = md
                .lines()
                .find(|l| l.starts_with(&format!("| {} |", imp.name)))
                .unwrap();
            let md_counts: Vec<&str> = row
                .split(" | ")
                .skip(6)
                .map(|c| c.trim_end_matches(" |"))
                .collect();
            let summary = text
                .lines()
                .find(|l| {
                    l.starts_with(&format!("{} ", imp.name))
                        || l.starts_with(&format!("{}:", imp.name))
                })
                .unwrap();
            let text_counts: Vec<&str> = summary
                .split(". ")
                .nth(1)
                .unwrap()
                .split("; ")
                .map(|c| c.split(' ').next().unwrap())
                .collect();
            assert_eq!(md_counts[..6], text_counts[..6], "{row}\n{summary}");
        }
    }

    #[test]
    fn a_green_summary_has_no_red_mark_and_gives_the_reasons() {
        let corpus = rfc1808_vectors::embedded();
        let mut report = sample(&corpus);
        let py = &mut report.implementations[1];
        py.results
            .retain(|g| matches!(g.verdict, Verdict::Passed | Verdict::ExpectedFailure));
        py.stale.clear();
        assert!(report.ok());
        let md = render(&report);
        assert!(!md.contains('❌'), "{md}");
        assert!(!md.contains("Needs attention"), "{md}");
        assert!(
            md.contains("\n✅ every implementation matches its expectations · "),
            "{md}"
        );
        assert!(
            md.contains("| `rfc1808-5.1/dot-g` | `http://a/b/c/g` | ✅ | ⚪ rejected: "),
            "{md}"
        );
        // Every row expected: the matrix is folded away.
        assert!(
            md.contains("\n<details><summary>1 vector with a different answer, as expected</summary>\n\n| vector | expected | reference | py |\n"),
            "{md}"
        );
        assert!(!md.contains("### Vectors with a different answer"), "{md}");
        assert!(
            md.contains("- py `rfc1808-5.1/dot-g`: rejects dots\n"),
            "{md}"
        );
    }

    #[test]
    fn code_spans_hold_any_string() {
        assert_eq!(code("http://a/b"), "`http://a/b`");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`a``"), "``` `a`` ```");
        assert_eq!(code("a\nb"), "`a\\nb`");
        assert_eq!(code(""), "`\"\"`");
    }
}
