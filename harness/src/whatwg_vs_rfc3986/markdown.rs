//! The tallies as Markdown: a table of outcomes for the pairs RFC 3986
//! defines, with the undefined ones as one row, a second table for those,
//! and the shortest pairs of different hosts of each.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Examples, Outcome, Pairs, Tally};

impl Tally {
    /// The two tables and the examples of different hosts, in Markdown.
    pub fn markdown(&self) -> String {
        let undefined: u64 = self.undefined.values().sum();
        let mut rows = vec![(
            "RFC 3986 leaves it undefined (outside its grammar)".to_owned(),
            undefined,
        )];
        rows.extend(outcome_rows(&self.defined));
        let mut out = table(&rows, self.pairs());
        out.push_str(
            "\nThe pairs outside RFC 3986's grammar, by what its resolver answers \
             (Appendix B splits any string) beside the URL Standard; shares of \
             these pairs:\n\n",
        );
        out.push_str(&table(&outcome_rows(&self.undefined), undefined));
        let hosts = [
            ("in RFC 3986's grammar", &self.defined_hosts),
            ("outside RFC 3986's grammar", &self.undefined_hosts),
        ];
        for (which, examples) in hosts {
            out.push('\n');
            out.push_str(&examples_table(which, examples));
        }
        out
    }
}

impl Pairs {
    /// One line naming the sets counted and the number of distinct pairs.
    pub fn markdown(&self) -> String {
        let sets: Vec<String> = self
            .sets
            .iter()
            .map(|(name, n)| format!("{name} ({} resolve vectors)", thousands(*n as u64)))
            .collect();
        format!(
            "Sets counted: {}; {} distinct (base, reference) pairs.\n",
            sets.join(", "),
            thousands(self.pairs.len() as u64)
        )
    }
}

/// A row per outcome, zeros included, in [`Outcome::ALL`] order.
fn outcome_rows(counts: &BTreeMap<Outcome, u64>) -> Vec<(String, u64)> {
    Outcome::ALL
        .iter()
        .map(|o| (o.to_string(), counts.get(o).copied().unwrap_or(0)))
        .collect()
}

/// A `row | count | share` table with a total line.
fn table(rows: &[(String, u64)], total: u64) -> String {
    let mut out = String::from("| row | count | share |\n|---|--:|--:|\n");
    for (row, count) in rows {
        let _ = writeln!(
            out,
            "| {row} | {} | {} |",
            thousands(*count),
            share(*count, total)
        );
    }
    let _ = writeln!(
        out,
        "| total | {} | {} |",
        thousands(total),
        share(total, total)
    );
    out
}

/// `count` as a percentage of `total`, with two decimals.
fn share(count: u64, total: u64) -> String {
    if total == 0 {
        return "-".to_owned();
    }
    format!("{:.2} %", 100.0 * count as f64 / total as f64)
}

/// `n` with a comma every three digits: `1,000,000`.
pub(super) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The examples of different hosts `which` (in the grammar or not).
fn examples_table(which: &str, examples: &Examples) -> String {
    let shortest = examples.shortest();
    if shortest.is_empty() {
        return format!("Different host (the base's host the same), {which}: none.\n");
    }
    let mut out = format!(
        "Different host (the base's host the same), {which}: the shortest pair of each of the {} shortest shapes \
         (a run of letters is `a`, of digits `0`), as Rust string literals.\n\n\
         | base | reference | RFC 3986 | URL Standard |\n|---|---|---|---|\n",
        shortest.len()
    );
    for e in shortest {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            code(&e.base),
            code(&e.reference),
            code(&e.rfc3986),
            code(&e.whatwg)
        );
    }
    out
}

/// `s` as a Rust string literal in a code span that a table cell can hold:
/// `|` escaped for the table, and the span fenced with two backticks when
/// the literal holds one.
fn code(s: &str) -> String {
    let literal = literal(s).replace('|', "\\|");
    if literal.contains('`') {
        format!("`` {literal} ``")
    } else {
        format!("`{literal}`")
    }
}

/// `s` as a Rust string literal, with what a reader would not see escaped:
/// controls, whitespace but the space, and the format characters that
/// show nothing (the web-platform tests put some in hosts). Unlike `{:?}`,
/// which escapes what the toolchain's Unicode tables call unprintable,
/// this is the same on every toolchain, so the docs page does not change
/// with the toolchain.
fn literal(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            c if invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A control (`Cc`), whitespace but the space (`White_Space`), or a
/// format character that shows nothing: the soft hyphen, the zero-width
/// and direction marks, the word joiner and the byte order mark.
fn invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}')
        || matches!(c, '\u{2060}'..='\u{2064}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_a_literal_whose_pipes_and_backticks_do_not_break_the_table() {
        assert_eq!(code("a|b"), r#"`"a\|b"`"#);
        assert_eq!(code("\t`"), r#"`` "\t`" ``"#);
        assert_eq!(code("\\\""), r#"`"\\\""`"#);
    }

    #[test]
    fn a_literal_escapes_what_does_not_show_and_nothing_else() {
        assert_eq!(
            literal("\0\u{1f}\u{7f}\u{85}\u{3000}\u{200b}\u{feff} "),
            r#""\0\u{1f}\u{7f}\u{85}\u{3000}\u{200b}\u{feff} ""#
        );
        assert_eq!(literal("ñ你\u{558}"), "\"ñ你\u{558}\"");
        assert_eq!(literal("ñ"), format!("{:?}", "ñ"));
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(share(1, 3), "33.33 %");
        assert_eq!(share(0, 0), "-");
    }
}
