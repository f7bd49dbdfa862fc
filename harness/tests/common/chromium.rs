//! Headless Chromium for the tests of the HTML report and the site: without
//! it a test says so and passes, unless `RFC1808_REQUIRE_CHROMIUM` is set,
//! as `.ci/run` sets it after installing Debian's `chromium`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Chromium, if it is on PATH; `test` names the test that skips without it.
pub fn chromium(test: &str) -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|path| {
                std::env::split_paths(&path)
                    .map(|dir| dir.join(name))
                    .find(|p| p.is_file())
            })
        });
    if found.is_none() {
        assert!(
            std::env::var_os("RFC1808_REQUIRE_CHROMIUM").is_none(),
            "RFC1808_REQUIRE_CHROMIUM is set but no chromium is on PATH"
        );
        // Straight to standard error, past the test harness's capture, so
        // that the skip shows in `cargo test`'s output.
        let _ = std::io::stderr().write_all(
            format!(
                "{test}: skipped: no chromium on PATH to load the pages in \
                 (`apt-get install chromium`; .ci/run installs it)\n"
            )
            .as_bytes(),
        );
    }
    found
}

/// Runs headless Chromium on `page` (with `fragment` in its URL) with
/// `args`, in a profile of its own, logging the page's console to
/// standard error.
pub fn open(chromium: &Path, page: &Path, fragment: &str, args: &[&str]) -> Output {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .args(args)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("file://{}#{fragment}", page.display()))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The DOM of `page` after its script ran, with `fragment` in the URL.
pub fn dump_dom(chromium: &Path, page: &Path, fragment: &str) -> String {
    String::from_utf8(open(chromium, page, fragment, &["--dump-dom"]).stdout).unwrap()
}

/// What the page wrote to its console, or threw: Chromium's log lines
/// that carry a console message (`CONSOLE`), or an uncaught error.
pub fn console(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught"))
        .map(str::to_owned)
        .collect()
}
