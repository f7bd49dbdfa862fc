//! The README's command table: one Markdown table, nothing between its
//! rows, with a row for each command `rfc1808 --help` lists. (A paragraph
//! once sat inside it, which split it in two and left the `promote` row a
//! stray line of pipes.)

mod common;

use common::{rfc1808, stdout};

/// The lines of the README's "The command line" section.
fn command_line_section() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the repository root");
    readme
        .lines()
        .skip_while(|l| *l != "## The command line")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .map(str::to_owned)
        .collect()
}

/// The commands `rfc1808 --help` lists, but `help`.
fn commands() -> Vec<String> {
    let help = stdout(&rfc1808(&["--help"]));
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_command_table_is_one_table_with_a_row_per_command() {
    let section = command_line_section();
    let first = section
        .iter()
        .position(|l| l.starts_with('|'))
        .expect("a table in the section");
    let rows: Vec<&String> = section[first..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .collect();
    let after = &section[first + rows.len()..];
    assert!(
        !after.iter().any(|l| l.starts_with('|')),
        "a line of the table is cut off from it by other text: {after:#?}"
    );
    assert_eq!(rows[0], "| command | what it does |");
    assert_eq!(rows[1], "|---|---|");
    for row in &rows[2..] {
        assert!(
            row.starts_with("| `rfc1808 ")
                && row.ends_with(" |")
                && row.matches(" | ").count() == 1,
            "not a row of two cells: {row}"
        );
    }
    for command in commands() {
        assert!(
            rows.iter()
                .any(|r| r.starts_with(&format!("| `rfc1808 {command}"))),
            "no row for `rfc1808 {command}` in {rows:#?}"
        );
    }
}
