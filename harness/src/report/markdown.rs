//! The Markdown report, for a CI job summary (`$GITHUB_STEP_SUMMARY`): a
//! matrix with a row for each vector on which some implementation did not
//! give the expected answer, a column for each implementation, and a totals
//! row.

use std::fmt::Write;

use crate::expectations::Graded;
use crate::implementation::Answer;
use crate::report::{ImplReport, Report};
use rfc1808_vectors::grade::Verdict;

/// Renders `report` as GitHub-flavoured Markdown.
pub fn render(report: &Report<'_>) -> String {
    let imps = &report.implementations;
    let mut out = String::from("## RFC 1808 conformance\n\n");
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
        imps.iter()
            .flat_map(|imp| &imp.results)
            .any(|g| g.outcome.vector.id == row.outcome.vector.id && !g.verdict.answered_right())
    });
    if rows.is_empty() {
        let _ = writeln!(
            out,
            "Every implementation gave the expected answer on every vector it ran.\n"
        );
    }
    out.push_str("| vector | expected |");
    for imp in imps {
        let _ = write!(out, " {} |", cell_text(&imp.name));
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(imps.len()));
    out.push('\n');
    for row in &rows {
        let v = row.outcome.vector;
        let _ = write!(out, "| {} | {} |", code(&v.id), code(&v.expected));
        for imp in imps {
            let _ = write!(out, " {} |", cell(imp, &v.id));
        }
        out.push('\n');
    }
    out.push_str("| **passed** | |");
    for imp in imps {
        let passed = imp.count(Verdict::Passed) + imp.count(Verdict::UnexpectedPass);
        let _ = write!(
            out,
            " {} {passed}/{} |",
            if imp.ok() { "✅" } else { "❌" },
            imp.results.len()
        );
    }
    out.push('\n');
    let readings: Vec<Vec<crate::report::ReadingReport>> =
        imps.iter().map(ImplReport::readings).collect();
    if readings.iter().any(|r| !r.is_empty()) {
        out.push_str("| **readings** | |");
        for r in &readings {
            let cells: Vec<String> = r
                .iter()
                .map(|r| {
                    let mark = if r.fails_run() { "❌ " } else { "" };
                    format!("{mark}{}", cell_text(&r.describe()))
                })
                .collect();
            let _ = write!(out, " {} |", cells.join("<br>"));
        }
        out.push('\n');
    }

    let notes: Vec<String> = imps.iter().flat_map(|imp| notes(imp)).collect();
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "- {note}");
        }
    }
    if let Some(parse) = &report.parse {
        let failed: Vec<&str> = parse
            .iter()
            .filter(|p| p.mismatch.is_some())
            .map(|p| p.vector.id.as_str())
            .collect();
        let _ = write!(
            out,
            "\nParse vectors (reference): {}/{} passed",
            parse.len() - failed.len(),
            parse.len()
        );
        if failed.is_empty() {
            out.push_str(".\n");
        } else {
            let ids: Vec<String> = failed.iter().map(|id| code(id)).collect();
            let _ = writeln!(out, "; failed: {}.", ids.join(", "));
        }
    }
    out
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
        Verdict::UnexpectedPass => "✅ (unexpected pass)".to_owned(),
        Verdict::Failed | Verdict::Error => format!("❌ {answer}"),
        Verdict::ExpectedFailure => format!("❌ {answer} (expected failure)"),
        Verdict::NotRepresentable => format!("➖ {answer}"),
    }
}

/// Problems the matrix does not show: unexpected passes and stale entries.
fn notes(imp: &ImplReport<'_>) -> Vec<String> {
    let mut notes: Vec<String> = imp
        .results
        .iter()
        .filter(|g| g.verdict == Verdict::UnexpectedPass)
        .map(|g| {
            format!(
                "{}: {} passes but is listed as an expected failure",
                cell_text(&imp.name),
                code(&g.outcome.vector.id)
            )
        })
        .collect();
    notes.extend(imp.stale.iter().map(|s| {
        format!(
            "{}: stale expectation {} at {}: {}",
            cell_text(&imp.name),
            code(&s.id),
            cell_text(&s.location),
            s.why
        )
    }));
    notes
}

/// `s` as an inline code span that survives a table cell: the fence is
/// longer than any run of backticks inside, `|` is escaped (GFM splits cells
/// on it even in code), line breaks and other controls are shown escaped,
/// and an empty string is shown as `""`.
fn code(s: &str) -> String {
    if s.is_empty() {
        return "`\"\"`".to_owned();
    }
    let visible: String = s
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
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
    fn the_matrix_has_a_row_per_disagreement_and_a_totals_row() {
        let corpus = rfc1808_vectors::embedded();
        let md = render(&sample(&corpus));
        let table: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(
            table,
            [
                "| vector | expected | reference | py |",
                "|---|---|---|---|",
                "| `rfc1808-5.1/g` | `http://a/b/c/g` | ✅ | ❌ `http://a/g` |",
                "| `rfc1808-5.1/dot-g` | `http://a/b/c/g` | ✅ | ❌ rejected: `` no \\| dots `here` `` (expected failure) |",
                "| `rfc1808-5.1/g-slash` | `http://a/b/c/g/` | not run | ❌ error: `timed out after 5 s` |",
                "| `rfc1808-5.1/net-loc-g` | `http://g` | not run | ➖ not representable |",
                "| **passed** | | ✅ 3/3 | ❌ 1/5 |",
            ]
        );
        assert!(
            md.contains(
                "- py: `rfc1808-5.1/slash-g` passes but is listed as an expected failure\n"
            ),
            "{md}"
        );
        assert!(
            md.contains("- py: stale expectation `gone/away` at py-expected.toml:8: no vector has this id\n"),
            "{md}"
        );
        assert!(
            md.ends_with("Parse vectors (reference): 1/1 passed.\n"),
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
