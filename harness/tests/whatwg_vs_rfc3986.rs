//! `docs/whatwg-vs-rfc3986.md` shows the output of the example
//! `whatwg_vs_rfc3986`; its corpus part must be the one the example prints
//! today, so that a new vector or finding, or a change to either
//! reference, shows as a stale page. The fuzzing part is left out: a
//! million cases are for a release build.

use std::path::Path;

use rfc1808_harness::whatwg_vs_rfc3986::corpus_report;

const PAGE: &str = "docs/whatwg-vs-rfc3986.md";

const REGENERATE: &str = "cargo run --release -p rfc1808-harness --example whatwg_vs_rfc3986";

#[test]
fn the_docs_page_holds_the_corpus_part_as_the_example_prints_it() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the harness is in the workspace root");
    let report = corpus_report(workspace).expect("the vectors and findings load");
    let page = std::fs::read_to_string(workspace.join(PAGE)).expect("the docs page");
    assert!(
        page.contains(&report),
        "{PAGE} does not hold the corpus part of the example's output as it is now. \
         Regenerate the page's output with\n\n    {REGENERATE}\n\n\
         and paste it between the page's `whatwg_vs_rfc3986 output` markers (check the \
         page's reading of the examples still fits). The corpus part now:\n\n{report}"
    );
}
