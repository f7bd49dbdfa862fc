//! The report for people: a summary per implementation, then each failure
//! with the first differing character marked.

use std::fmt::Write;

use crate::implementation::Answer;
use crate::report::{escape, first_difference};
use crate::runner::{ImplResults, Outcome, Verdict};

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

/// Renders the failures and the summary of every implementation.
pub fn render(results: &[ImplResults<'_>], style: Style) -> String {
    let mut out = String::new();
    for r in results {
        for outcome in r.outcomes.iter().filter(|o| o.verdict != Verdict::Pass) {
            failure(&mut out, &r.name, outcome, style);
        }
    }
    for r in results {
        let verdict = if r.all_passed() {
            style.paint("32", "ok")
        } else {
            style.paint("31", "FAILED")
        };
        let _ = write!(
            out,
            "{}: {verdict}. {} passed; {} failed",
            r.name,
            r.count(Verdict::Pass),
            r.count(Verdict::Fail),
        );
        for extra in [Verdict::Error, Verdict::NotRepresentable] {
            let n = r.count(extra);
            if n > 0 {
                let _ = write!(out, "; {n} {}", extra.name());
            }
        }
        out.push('\n');
    }
    out
}

fn failure(out: &mut String, name: &str, outcome: &Outcome<'_>, style: Style) {
    let v = outcome.vector;
    let _ = writeln!(
        out,
        "{} {} [{}] ({})",
        style.paint("31", "FAIL"),
        style.paint("1", &v.id),
        name,
        v.origin
    );
    let _ = writeln!(out, "  base:     {:?}", v.base);
    let _ = writeln!(out, "  relative: {:?}", v.relative);
    let _ = writeln!(out, "  expected: {:?}", v.expected);
    match &outcome.answer {
        Answer::Resolved(got) => {
            let _ = writeln!(out, "  got:      {got:?}");
            if let Some(at) = first_difference(&v.expected, got) {
                // Both lines are Debug-quoted: the marker sits under the first
                // differing character of the escaped forms.
                let col = escape(&got[..at]).chars().count() + 1;
                let _ = writeln!(out, "            {}^", " ".repeat(col));
            }
        }
        Answer::Rejected(why) => {
            let _ = writeln!(out, "  got:      rejected: {}", escape(why));
        }
        Answer::NotRepresentable(why) => {
            let _ = writeln!(out, "  got:      not representable: {why}");
        }
        Answer::Error(why) => {
            let _ = writeln!(out, "  got:      error: {why}");
        }
    }
    if let Some(note) = &v.note {
        let _ = writeln!(out, "  note:     {note}");
    }
    out.push('\n');
}
