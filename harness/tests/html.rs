//! The HTML report in a real browser: headless Chromium loads the page, runs
//! its script, and the DOM it dumps is checked. Without Chromium the test
//! says so and passes, unless `RFC1808_REQUIRE_CHROMIUM` is set, as `.ci/run`
//! sets it after installing Debian's `chromium`.

mod common;

use std::process::Command;

use common::chromium::{chromium, dump_dom};
use common::stderr;

/// The rows of the matrix: each row's id, and whether the script hid it.
fn rows(dom: &str) -> Vec<(String, bool)> {
    let body = &dom[dom.find("<tbody>\n<tr data-id").expect("the matrix")..];
    body.split("<tr ")
        .skip(1)
        .map(|row| {
            let id = row
                .split("data-id=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap()
                .to_owned();
            let tag = &row[..row.find('>').unwrap()];
            (id, tag.contains("hidden"))
        })
        .collect()
}

#[test]
fn the_report_opens_in_chromium_and_its_filters_run() {
    let Some(chromium) = chromium("html") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_rfc1808"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "run",
            "--impl",
            "wrong=python3 tests/fixtures/wrong.py echo",
            "--id",
            "rfc1808-5.1/*",
            "--format",
            "html",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    std::fs::write(&page, &out.stdout).unwrap();

    let all = dump_dom(&chromium, &page, "");
    let rows_all = rows(&all);
    let n = rows_all.len();
    assert!(n > 10, "{n} rows");
    assert!(rows_all.iter().all(|(_, hidden)| !hidden));
    // The script ran: it replaced the count the page was written with.
    assert!(
        all.contains(&format!(
            "<output id=\"shown\">showing {n} of {n} vectors</output>"
        )),
        "{all}"
    );
    // A failing cell holds the case and the first differing character.
    assert!(all.contains(
        "<summary>✗ g</summary><dl><dt>base</dt><dd><code>http://a/b/c/d;p?q#f</code></dd>\
         <dt>relative</dt><dd><code>g</code></dd><dt>expected</dt><dd><code>http://a/b/c/g</code></dd>\
         <dt>got</dt><dd><code><mark>g</mark></code></dd>\
         <dt>first difference</dt><dd>character 1: expected 'h', got 'g'</dd>"
    ), "{all}");

    // Only rfc1808-5.1/scheme passes when the relative URL is echoed.
    let passed = dump_dom(&chromium, &page, "status=passed");
    assert!(
        passed.contains(&format!("showing 1 of {n} vectors")),
        "{passed}"
    );
    let shown: Vec<String> = rows(&passed)
        .into_iter()
        .filter(|(_, hidden)| !hidden)
        .map(|(id, _)| id)
        .collect();
    assert_eq!(shown, ["rfc1808-5.1/scheme"]);

    // `open=ID` opens that vector's cells, and only those.
    let open = dump_dom(&chromium, &page, "open=rfc1808-5.1/g");
    let g_row = open
        .split("<tr ")
        .find(|row| row.starts_with("data-id=\"rfc1808-5.1/g\""))
        .unwrap();
    assert!(g_row.contains("<details open=\"\">"), "{g_row}");
    assert_eq!(open.matches("<details open").count(), 1);

    let failed = dump_dom(&chromium, &page, "status=failed&id=dot");
    let shown: Vec<String> = rows(&failed)
        .into_iter()
        .filter(|(_, hidden)| !hidden)
        .map(|(id, _)| id)
        .collect();
    assert!(!shown.is_empty());
    assert!(shown.iter().all(|id| id.contains("dot")), "{shown:?}");
    assert!(
        failed.contains(&format!("showing {} of {n} vectors", shown.len())),
        "{failed}"
    );
}
