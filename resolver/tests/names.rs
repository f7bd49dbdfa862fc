//! The names the resolver gives its steps and Step 6 versions, as the
//! `rfc1808` command shows them (`resolve --explain`, `--step6`, reports).

use rfc1808_resolver::{resolve_traced, Step, Step6};

#[test]
fn each_step_explains_itself() {
    let base = "http://a/b/c/d;p?q#f";
    let cases = [
        (
            "",
            "g",
            Step::Step1,
            "Step 1 (empty base: the embedded URL is absolute)",
        ),
        (
            base,
            "",
            Step::Step2a,
            "Step 2a (empty embedded URL: the base URL)",
        ),
        (
            base,
            "g:h",
            Step::Step2b,
            "Step 2b (the embedded URL has a scheme: absolute)",
        ),
        (
            base,
            "//g",
            Step::Step3,
            "Step 3 (the embedded URL has a net_loc)",
        ),
        (
            base,
            "/g",
            Step::Step4,
            "Step 4 (the embedded path starts with a slash)",
        ),
        (
            base,
            ";x",
            Step::Step5a,
            "Step 5a (empty path, params given)",
        ),
        (
            base,
            "?y",
            Step::Step5b,
            "Step 5b (empty path, params and query inherited as needed)",
        ),
        (
            base,
            "g",
            Step::Step6,
            "Step 6 (relative path merged with the base path)",
        ),
    ];
    for (base, relative, step, text) in cases {
        assert_eq!(resolve_traced(base, relative, Step6::SegmentStack).1, step);
        assert_eq!(step.to_string(), text);
    }
}

#[test]
fn step6_versions_display_their_command_line_names() {
    assert_eq!(Step6::SegmentStack.to_string(), "stack");
    assert_eq!(Step6::StringPattern.to_string(), "string");
}
