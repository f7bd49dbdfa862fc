//! `rfc1808 site` end to end: two JSON reports (the reference, and
//! `tests/fixtures/deviant.py`, which drops an empty query as the catalogue's
//! `empty-query-dropped` does) become a site whose every link leads to a
//! page, whose pages say what each library answers, and whose finding runs
//! as its reproducer says. Headless Chromium opens the index and a page of
//! each kind and sees no console error; `UPDATE_SITE_SCREENSHOTS=1` writes
//! its screenshots of the index and of a vector page into `docs/`.

mod common;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::chromium::{chromium, console, dump_dom, open};
use common::{assert_contains, assert_exit, path, stderr, stdout, BIN};

const DEVIANT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/deviant.py");

/// A config for the deviant adapter, with a reproducer in Python that asks
/// it the one case over its protocol.
fn config(dir: &Path) -> PathBuf {
    let file = dir.join("rfc1808.toml");
    let command = format!("[\"python3\", {DEVIANT:?}, {BIN:?}, \"empty-query\"]");
    fs::write(
        &file,
        format!(
            "[[implementation]]\nname = \"deviant\"\ncommand = {command}\nprotocol = \"jsonl\"\nspec = \"rfc3986\"\n\
             reproduce = {{ file = \"repro.py\", run = \"python3 repro.py\", program = '''\n\
             import json, subprocess\n\
             case = json.dumps({{\"type\": \"resolve\", \"id\": 1, \"base\": {{base}}, \"relative\": {{reference}}}})\n\
             start = json.dumps({{\"type\": \"start\", \"version\": 1}})\n\
             out = subprocess.run({command}, input=start + \"\\n\" + case + \"\\n\", capture_output=True, text=True).stdout\n\
             print(json.loads(out.splitlines()[-1])[\"result\"])\n''' }}\n"
        ),
    )
    .unwrap();
    file
}

fn rfc1808(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// The reports of the deviant adapter and of the reference, and the site
/// built from them in `dir/site`.
fn built(dir: &Path) -> PathBuf {
    let reports = dir.join("reports");
    fs::create_dir_all(&reports).unwrap();
    let config = config(dir);
    let deviant = rfc1808(
        dir,
        &[
            "run",
            "--config",
            path(&config),
            "--report",
            "json=reports/deviant.json",
        ],
    );
    assert_exit(&deviant, 1);
    let reference = rfc1808(
        dir,
        &[
            "run",
            "--spec",
            "rfc3986",
            "--report",
            "json=reports/reference.json",
        ],
    );
    assert_exit(&reference, 0);
    let deviant = format!("deviant=python3 {DEVIANT} {BIN} empty-query");
    let fuzz = rfc1808(
        dir,
        &[
            "fuzz",
            "--impl",
            &deviant,
            "--protocol",
            "jsonl",
            "--spec",
            "rfc3986",
            "--seed",
            "1",
            "--max-cases",
            "400",
            "--report",
            "json=reports/fuzz-deviant.json",
        ],
    );
    assert_exit(&fuzz, 1);
    let site = rfc1808(dir, &["site", "--from", "reports", "--out", "site"]);
    assert_exit(&site, 0);
    assert_contains(&stdout(&site), "from 3 report(s): 2 libraries,");
    dir.join("site")
}

/// Every `href` of an HTML page, resolved against its directory.
fn links(page: &Path) -> Vec<PathBuf> {
    let text = fs::read_to_string(page).unwrap();
    text.split("href=\"")
        .skip(1)
        .map(|rest| rest.split(['"', '#']).next().unwrap())
        .filter(|href| !href.is_empty())
        .map(|href| page.parent().unwrap().join(href))
        .collect()
}

/// Every link of `page` that names a place in a page (`#id`) whose page
/// has no element of that id; `ids` keeps each page's ids once read.
fn broken_anchors(page: &Path, ids: &mut HashMap<PathBuf, HashSet<String>>) -> Vec<String> {
    let text = fs::read_to_string(page).unwrap();
    let mut broken = Vec::new();
    for href in text
        .split("href=\"")
        .skip(1)
        .map(|r| r.split('"').next().unwrap())
    {
        let Some((file, id)) = href.split_once('#') else {
            continue;
        };
        let target = match file.is_empty() {
            true => page.to_owned(),
            false => page.parent().unwrap().join(file),
        };
        let Ok(target) = fs::canonicalize(target) else {
            continue;
        };
        let known = ids.entry(target.clone()).or_insert_with(|| {
            let text = fs::read_to_string(&target).unwrap_or_default();
            text.split(" id=\"")
                .skip(1)
                .map(|r| r.split('"').next().unwrap().to_owned())
                .collect()
        });
        if !known.contains(id) {
            broken.push(href.to_owned());
        }
    }
    broken
}

fn pages(site: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    let mut dirs = vec![site.to_owned()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "html") {
                all.push(p);
            }
        }
    }
    all
}

#[test]
fn every_link_of_the_site_leads_to_a_page_and_every_page_is_linked() {
    let dir = tempfile::tempdir().unwrap();
    let site = built(dir.path());
    let all = pages(&site);
    let mut linked = BTreeSet::new();
    let mut ids = HashMap::new();
    for page in &all {
        for target in links(page) {
            let target = fs::canonicalize(&target).unwrap_or_else(|_| {
                panic!(
                    "{}: a link to {}, which is not there",
                    page.display(),
                    target.display()
                )
            });
            linked.insert(target);
        }
        assert_eq!(
            broken_anchors(page, &mut ids),
            Vec::<String>::new(),
            "{}",
            page.display()
        );
    }
    for page in &all {
        let page = fs::canonicalize(page).unwrap();
        assert!(
            linked.contains(&page),
            "no page links to {}",
            page.display()
        );
    }
    // The index, the three lists, two libraries, the vectors (over a
    // thousand) and the one deviation.
    assert!(all.len() > 150, "{} pages", all.len());
    assert!(site.join("deviation/empty-query-dropped.html").is_file());
    assert!(site.join("lib/deviant.html").is_file() && site.join("lib/reference.html").is_file());
}

#[test]
fn a_vector_page_groups_the_libraries_by_answer_and_gives_each_spec_and_reading() {
    let dir = tempfile::tempdir().unwrap();
    let site = built(dir.path());
    // RFC 3986 5.4.1's `?y` against a base with a query... and an empty
    // query: the example of `empty-query-dropped`, a vector of its own.
    let vector =
        fs::read_to_string(site.join("vector/interpretation/trailing-question.html")).unwrap();
    assert_contains(&vector, "<dt>Reference</dt><dd><code>g?</code></dd>");
    assert_contains(
        &vector,
        "<tr><td>RFC 3986</td><td><code>http://a/b/c/g?</code></td><td>any reading</td></tr>",
    );
    // A wrong answer links to the finding it belongs to, ready to file.
    assert_contains(&vector, "<a href=\"../../lib/deviant.html\">deviant</a> <small>(RFC 3986: failed, <a href=\"../../lib/deviant.html#finding-deviant-rfc3986-empty-query-dropped\">to file upstream</a>)</small></td><td><code>http://a/b/c/g</code>");
    assert_contains(&vector, "<a href=\"../../lib/reference.html\">reference</a> <small>(RFC 3986: passed)</small></td><td><code>http://a/b/c/g?</code>");
    // A vector whose answer depends on a reading names the readings.
    let dots =
        fs::read_to_string(site.join("vector/rfc1808-5.2/too-many-dot-dot-twice.html")).unwrap();
    assert_contains(
        &dots,
        "<tr><td>RFC 2396</td><td><code>http://a/g</code></td><td>above-root=removed</td></tr>",
    );
}

#[test]
fn a_finding_is_a_text_to_file_upstream_and_its_reproducer_shows_the_wrong_answer() {
    let dir = tempfile::tempdir().unwrap();
    let site = built(dir.path());
    let library = fs::read_to_string(site.join("lib/deviant.html")).unwrap();
    assert_contains(
        &library,
        "<h3>deviant under RFC 3986: empty-query-dropped</h3>",
    );
    // The run of every vector, as the report gives it: no `--id`.
    assert_contains(
        &library,
        &format!(
            "<p>Reproduce it locally:</p><pre>rfc1808 run --impl &#39;deviant=python3 {DEVIANT} {BIN} empty-query&#39; --protocol jsonl --spec rfc3986</pre>"
        ),
    );
    let text = library
        .split("<pre class=\"upstream\">")
        .nth(1)
        .and_then(|t| t.split("</pre>").next())
        .expect("a finding's text");
    let text = text
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    assert_contains(&text, "deviant 1.0.0 resolves the reference `");
    assert_contains(&text, "RFC 3986 gives:");
    assert_contains(
        &text,
        "`empty-query-dropped` in the rfc1808 catalogue of deviations (RFC 3986, section",
    );
    // The reproducer, filled in: write it where it says, run it as it says.
    // The program is indented four spaces, a Markdown code block.
    let program: Vec<&str> = text
        .split("`repro.py`:\n\n")
        .nth(1)
        .unwrap()
        .split("\n\nRun, in its directory:")
        .next()
        .unwrap()
        .lines()
        .map(|line| line.strip_prefix("    ").unwrap_or(line))
        .collect();
    let program = program.join("\n");
    let run = text
        .split("Run, in its directory:\n\n    ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    let answer = text
        .split(" to:\n\n    ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    let scratch = tempfile::tempdir().unwrap();
    fs::write(scratch.path().join("repro.py"), &program).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(run)
        .current_dir(scratch.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim_end(), answer, "{program}");
    // The fuzz run: on the library's page, and on the deviation's.
    assert_contains(
        &library,
        "<h2 id=\"fuzzing\">Fuzzing</h2>\n<h3>Under RFC 3986, seed 1</h3>\n<p>400 cases: ",
    );
    let deviation = fs::read_to_string(site.join("deviation/empty-query-dropped.html")).unwrap();
    assert_contains(&deviation, "<h2>In fuzzing</h2>");
    assert_contains(
        &deviation,
        "<tr><td><a href=\"../lib/deviant.html\">deviant</a></td><td>RFC 3986</td><td class=\"n\">",
    );
    // The findings page holds the same text.
    let findings = fs::read_to_string(site.join("findings.html")).unwrap();
    assert_contains(
        &findings,
        "<h3>deviant under RFC 3986: empty-query-dropped</h3>",
    );
}

#[test]
fn the_index_opens_in_chromium_filters_and_each_kind_of_page_logs_no_error() {
    let Some(chromium) = chromium("site") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let site = built(dir.path());
    let kinds = [
        "index.html",
        "vectors.html",
        "deviations.html",
        "findings.html",
        "lib/deviant.html",
        "deviation/empty-query-dropped.html",
        "vector/interpretation/trailing-question.html",
    ];
    for page in kinds {
        let out = open(&chromium, &site.join(page), "", &["--dump-dom"]);
        assert_eq!(console(&out), Vec::<String>::new(), "{page}");
        assert_contains(&String::from_utf8_lossy(&out.stdout), "<nav>");
    }
    // The script filters by the fragment: only the deviant's row shows.
    let dom = dump_dom(&chromium, &site.join("index.html"), "filter=deviant");
    assert_contains(
        &dom,
        "<input id=\"filter\" type=\"search\" placeholder=\"name, language, spec\">",
    );
    let hidden: Vec<&str> = dom
        .split("<tr")
        .filter(|row| row.starts_with(" hidden"))
        .collect();
    assert_eq!(hidden.len(), 1, "{dom}");
    assert!(hidden[0].contains("reference"), "{dom}");
    screenshots(&chromium, &site);
}

/// The screenshots of docs/site.md: of this test's site, written into
/// `docs/` when `UPDATE_SITE_SCREENSHOTS` is set, else into a scratch
/// directory, so that taking them is tested either way.
fn screenshots(chromium: &Path, site: &Path) {
    let scratch = tempfile::tempdir().unwrap();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    let into = match std::env::var_os("UPDATE_SITE_SCREENSHOTS") {
        Some(_) => docs.as_path(),
        None => scratch.path(),
    };
    let shots = [
        ("index.html", "site-index.png"),
        (
            "vector/interpretation/trailing-question.html",
            "site-vector.png",
        ),
    ];
    for (page, png) in shots {
        let file = into.join(png);
        let shot = format!("--screenshot={}", file.display());
        open(
            chromium,
            &site.join(page),
            "",
            &[&shot, "--window-size=1200,800"],
        );
        assert!(
            fs::metadata(&file).unwrap().len() > 10_000,
            "{}",
            file.display()
        );
    }
}

#[test]
fn a_directory_of_the_users_own_files_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let site = built(dir.path());
    let mine = dir.path().join("mine");
    fs::create_dir(&mine).unwrap();
    fs::write(mine.join("notes.txt"), "mine").unwrap();
    let out = rfc1808(dir.path(), &["site", "--from", "reports", "--out", "mine"]);
    assert_exit(&out, 2);
    assert_contains(
        &stderr(&out),
        "mine: holds files, and no site `rfc1808 site` built",
    );
    assert_eq!(fs::read_to_string(mine.join("notes.txt")).unwrap(), "mine");
    // A site it built is replaced whole: a page it no longer has goes.
    fs::write(site.join("stale.html"), "old").unwrap();
    let again = rfc1808(dir.path(), &["site", "--from", "reports", "--out", "site"]);
    assert_exit(&again, 0);
    assert!(!site.join("stale.html").exists());
    assert!(site.join("index.html").is_file());
    // Fuzz reports alone make no site: its pages are the libraries' grades.
    let only_fuzz = rfc1808(
        dir.path(),
        &[
            "site",
            "--from",
            "reports/fuzz-deviant.json",
            "--out",
            "site",
        ],
    );
    assert_exit(&only_fuzz, 2);
    assert_contains(&stderr(&only_fuzz), "no report of `rfc1808 run` among them");
    assert!(site.join("index.html").is_file());
    // Nothing is left beside it.
    let beside: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert_eq!(beside, Vec::<String>::new());
}

#[test]
fn a_file_that_is_no_report_is_an_error_that_names_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("x.json"), "{\"schema_version\": 1}").unwrap();
    fs::write(dir.path().join("y.json"), "[1, 2").unwrap();
    let old = rfc1808(dir.path(), &["site", "--from", "x.json", "--out", "site"]);
    assert_exit(&old, 2);
    assert_contains(
        &stderr(&old),
        "x.json: a report of schema version 1; this rfc1808 builds sites from `rfc1808 run` reports of version 2",
    );
    let bad = rfc1808(dir.path(), &["site", "--from", "y.json", "--out", "site"]);
    assert_exit(&bad, 2);
    assert_contains(
        &stderr(&bad),
        "y.json: not a JSON report of `rfc1808 run` or `rfc1808 fuzz`",
    );
    fs::write(
        dir.path().join("fuzz.json"),
        "{\"schema_version\": 2, \"implementation\": {}}",
    )
    .unwrap();
    let fuzz = rfc1808(
        dir.path(),
        &["site", "--from", "fuzz.json", "--out", "site"],
    );
    assert_exit(&fuzz, 2);
    assert_contains(
        &stderr(&fuzz),
        "fuzz.json: not a JSON report of `rfc1808 run` or `rfc1808 fuzz`: missing field",
    );
    let none = rfc1808(dir.path(), &["site", "--from", "missing", "--out", "site"]);
    assert_exit(&none, 2);
    assert_contains(&stderr(&none), "missing: cannot read it");
    assert!(!dir.path().join("site").exists());
}

/// The site `.ci/run` builds from the adapters' reports, named by
/// `RFC1808_SITE` (the site) and `RFC1808_SITE_REPORTS` (its reports);
/// without them the tests of it say so and pass.
fn ci_site(test: &str) -> Option<(PathBuf, PathBuf)> {
    let site = std::env::var_os("RFC1808_SITE").map(PathBuf::from);
    let reports = std::env::var_os("RFC1808_SITE_REPORTS").map(PathBuf::from);
    if site.is_none() || reports.is_none() {
        // Straight to standard error, past the test harness's capture.
        let _ = std::io::stderr().write_all(
            format!("{test}: skipped: RFC1808_SITE and RFC1808_SITE_REPORTS name no site (.ci/run sets them)\n").as_bytes(),
        );
    }
    Some((site?, reports?))
}

#[test]
fn the_adapters_site_has_no_broken_link_and_opens_in_chromium_without_error() {
    let Some((site, _)) = ci_site("the adapters' site") else {
        return;
    };
    let mut ids = HashMap::new();
    for page in pages(&site) {
        for target in links(&page) {
            assert!(
                target.exists(),
                "{}: a link to {}, which is not there",
                page.display(),
                target.display()
            );
        }
        assert_eq!(
            broken_anchors(&page, &mut ids),
            Vec::<String>::new(),
            "{}",
            page.display()
        );
    }
    let Some(chromium) = chromium("the adapters' site") else {
        return;
    };
    let library = fs::read_dir(site.join("lib"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let deviation = fs::read_dir(site.join("deviation"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let group = fs::read_dir(site.join("vector"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let vector = fs::read_dir(group).unwrap().next().unwrap().unwrap().path();
    let kinds = [
        "index.html",
        "vectors.html",
        "deviations.html",
        "findings.html",
    ]
    .map(|p| site.join(p));
    for page in kinds.iter().chain([&library, &deviation, &vector]) {
        let out = open(&chromium, page, "", &["--dump-dom"]);
        assert_eq!(console(&out), Vec::<String>::new(), "{}", page.display());
    }
}

/// One finding of each library that has a reproducer, from the reports:
/// the program, written and run as its text says, prints the answer the
/// library gave through its adapter.
#[test]
fn a_finding_of_each_library_reproduces_in_its_own_language() {
    let Some((_, reports)) = ci_site("the adapters' reproducers") else {
        return;
    };
    let mut tried = Vec::new();
    for report in fs::read_dir(&reports).unwrap() {
        let report: serde_json::Value =
            serde_json::from_slice(&fs::read(report.unwrap().path()).unwrap()).unwrap();
        for imp in report["implementations"].as_array().unwrap() {
            let (Some(reproduce), name) = (
                imp.get("reproduce").filter(|r| !r.is_null()),
                imp["name"].as_str().unwrap(),
            ) else {
                continue;
            };
            if tried.iter().any(|(n, _)| n == name) {
                continue;
            }
            // A case a command line can carry: no NUL.
            let carried = |r: &serde_json::Value, key: &str| {
                r[key].as_str().is_some_and(|s| !s.contains('\0'))
            };
            let wrong = imp["results"].as_array().unwrap().iter().find(|r| {
                r["status"] == "expected_failure"
                    && r["answer"]["kind"] == "resolved"
                    && carried(r, "base")
                    && carried(r, "relative")
            });
            let Some(wrong) = wrong else { continue };
            let answer = reproduce_case(reproduce, wrong);
            assert_eq!(
                answer,
                wrong["answer"]["value"].as_str().unwrap(),
                "{name}: {}",
                wrong["id"]
            );
            tried.push((
                name.to_owned(),
                imp["info"]["language"].as_str().unwrap_or("").to_owned(),
            ));
        }
    }
    let languages: BTreeSet<&str> = tried.iter().map(|(_, l)| l.as_str()).collect();
    let said = format!(
        "reproduced a finding of {} libraries in {} languages: {languages:?}\n",
        tried.len(),
        languages.len()
    );
    let _ = std::io::stderr().write_all(said.as_bytes());
    assert!(languages.len() >= 10, "{tried:?}");
}

/// Runs the reproducer `reproduce` (a report's) on the case of `result`,
/// and returns what it printed.
fn reproduce_case(reproduce: &serde_json::Value, result: &serde_json::Value) -> String {
    let reproducer: rfc1808_harness::reproduce::Reproducer =
        serde_json::from_value(reproduce.clone()).unwrap();
    let case = reproducer
        .of_case(
            result["base"].as_str().unwrap(),
            result["relative"].as_str().unwrap(),
        )
        .unwrap();
    let scratch = tempfile::tempdir().unwrap();
    fs::write(scratch.path().join(&case.file), &case.program).unwrap();
    // The npm package the adapters use is installed beside them, not globally.
    let node_modules =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/npm-whatwg-url/node_modules");
    let out = Command::new("sh")
        .arg("-c")
        .arg(&case.run)
        .current_dir(scratch.path())
        .env("NODE_PATH", node_modules)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}\n{}",
        case.program,
        case.run,
        stderr(&out)
    );
    stdout(&out).trim_end_matches('\n').to_owned()
}
