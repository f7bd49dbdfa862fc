//! What the tests of `rfc1808 fuzz` read in its text report.

/// The overview of a report: the line of each kind, from the block of
/// what nothing explains and the block of causes after the header,
/// without their headings.
pub fn overview(report: &str) -> Vec<&str> {
    report
        .split("\n\n")
        .skip(1)
        .take_while(|b| b.starts_with("unexplained, ") || b.starts_with("explained by "))
        .flat_map(|b| b.lines().skip(1))
        .collect()
}
