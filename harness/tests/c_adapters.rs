//! The C and C++ adapters built on `adapters/rfc1808-adapter.h` (libcurl,
//! libxml2, GLib, Qt and Boost.URL): each compiled here with
//! AddressSanitizer and UBSan, so that the shared JSON reader and writer and
//! each library call are checked for memory errors and leaks on bad
//! requests, huge lines and the whole corpus, which runs through
//! `rfc1808 run` against the adapter's expectations under each spec.
//!
//! An adapter whose compiler, headers or library are missing is skipped with
//! one line on standard error, unless `RFC1808_REQUIRE_ADAPTERS` is set, as
//! `.ci/run` sets it after `adapters/install.sh`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use common::adapters::{
    argv, assert_conforms, compile, huge_lines, required, say, unreadable_requests,
};
use common::child::jsonl;

/// One adapter: how to compile it, and the specs its expectations cover.
struct Adapter {
    name: &'static str,
    /// `adapters/NAME.c` or `adapters/NAME.cpp`.
    source: &'static str,
    cxx: bool,
    /// pkg-config modules for its flags, or none.
    pkg_config: &'static [&'static str],
    libs: &'static [&'static str],
    /// The Debian package `adapters/install.sh` installs for it.
    package: &'static str,
    specs: &'static [&'static str],
}

const ADAPTERS: &[Adapter] = &[
    Adapter {
        name: "libcurl",
        source: "adapters/libcurl.c",
        cxx: false,
        pkg_config: &[],
        libs: &["-lcurl"],
        package: "libcurl4-openssl-dev",
        specs: &["rfc3986", "rfc1808"],
    },
    Adapter {
        name: "libxml2",
        source: "adapters/libxml2.c",
        cxx: false,
        pkg_config: &["libxml-2.0"],
        libs: &[],
        package: "libxml2-dev",
        specs: &["rfc2396", "rfc1808"],
    },
    Adapter {
        name: "glib-guri",
        source: "adapters/glib-guri.c",
        cxx: false,
        pkg_config: &["glib-2.0"],
        libs: &[],
        package: "libglib2.0-dev",
        specs: &["rfc3986", "rfc1808"],
    },
    Adapter {
        name: "qt-qurl",
        source: "adapters/qt-qurl.cpp",
        cxx: true,
        pkg_config: &["Qt6Core"],
        libs: &[],
        package: "qt6-base-dev",
        specs: &["rfc3986", "rfc1808"],
    },
    Adapter {
        name: "boost-url",
        source: "adapters/boost-url.cpp",
        cxx: true,
        pkg_config: &[],
        libs: &["-lboost_url"],
        package: "libboost-url1.81-dev",
        specs: &["rfc3986", "rfc1808"],
    },
];

/// Says past the test harness's capture that `name`'s tests are skipped, and
/// why, in one line.
fn skip(name: &str, cause: &str) {
    say(&format!(
        "c_adapters: {name}: skipped: {cause} (bash adapters/install.sh installs it)"
    ));
}

fn build(adapter: &Adapter, dir: &Path) -> Result<PathBuf, String> {
    let mut flags = Vec::new();
    if !adapter.pkg_config.is_empty() {
        let out = Command::new("pkg-config")
            .args(["--cflags", "--libs"])
            .args(adapter.pkg_config)
            .output()
            .map_err(|e| format!("cannot run pkg-config: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "pkg-config {} failed: {}",
                adapter.pkg_config.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        flags.extend(
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .map(str::to_owned),
        );
    }
    flags.extend(adapter.libs.iter().map(|&lib| lib.to_owned()));
    let binary = dir.join(adapter.name);
    let (compiler, std) = if adapter.cxx {
        ("c++", "-std=c++17")
    } else {
        ("cc", "-std=c99")
    };
    compile(compiler, &[std, "-fPIC"], adapter.source, &flags, &binary)?;
    Ok(binary)
}

/// Each adapter, built once per test run with the sanitizers; `None` for
/// one that cannot be built here (said once, on standard error).
fn built(name: &str) -> Option<&'static Path> {
    static BUILT: OnceLock<Vec<Option<PathBuf>>> = OnceLock::new();
    let all = BUILT.get_or_init(|| {
        // Under target/, not /tmp: a static is never dropped, so what it
        // built would be left behind on every run.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("c-adapters-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        ADAPTERS
            .iter()
            .map(|adapter| match build(adapter, &dir) {
                Ok(binary) => Some(binary),
                Err(why) => {
                    assert!(
                        !required(),
                        "RFC1808_REQUIRE_ADAPTERS is set but {} does not build:\n{why}",
                        adapter.source
                    );
                    let cause = if why.contains("No such file")
                        || why.contains("not found")
                        || why.contains("pkg-config")
                    {
                        format!("{} is not installed", adapter.package)
                    } else if why.contains("cannot run") {
                        "no C or C++ compiler".to_owned()
                    } else {
                        format!("{} does not build here", adapter.source)
                    };
                    skip(adapter.name, &cause);
                    None
                }
            })
            .collect()
    });
    let index = ADAPTERS.iter().position(|a| a.name == name).unwrap();
    all[index].as_deref()
}

/// Each adapter that could be built here, and its binary.
fn each_built() -> impl Iterator<Item = (&'static Adapter, &'static Path)> {
    ADAPTERS
        .iter()
        .filter_map(|adapter| Some((adapter, built(adapter.name)?)))
}

/// Talks to the adapter `binary` run with `args` (`common::child::converse`)
/// for up to 180 s. Leaks are errors too; GLib's and Qt's caches are still
/// reachable at exit, which LeakSanitizer does not report.
fn converse(binary: &Path, args: &[&str], input: Vec<u8>) -> (Vec<String>, String, bool) {
    let mut command = Command::new(binary);
    command.args(args).env("ASAN_OPTIONS", "detect_leaks=1");
    common::child::converse(&mut command, input, Duration::from_secs(180))
}

/// The JSON text of the `id` of an answer line.
fn id_of(line: &str) -> &str {
    let rest = line
        .strip_prefix(r#"{"id":"#)
        .unwrap_or_else(|| panic!("{line}"));
    &rest[..rest.find(',').unwrap()]
}

#[test]
fn each_unreadable_request_is_answered_in_its_place() {
    let input = unreadable_requests(r"\u00e9/../g");
    for (adapter, binary) in each_built() {
        let (lines, stderr, ok) = converse(binary, &[], input.clone());
        assert!(ok, "{}: exit status; stderr:\n{stderr}", adapter.name);
        let language = if adapter.cxx { "c++" } else { "c" };
        assert!(
            lines[0].starts_with(&format!(
                r#"{{"type":"started","version":1,"name":"{}","implementation_version":""#,
                adapter.name
            )) && lines[0].ends_with(&format!(
                r#","language":"{language}","spec":"RFC {}"}}"#,
                if adapter.name == "libxml2" {
                    "2396"
                } else {
                    "3986"
                }
            )),
            "{}",
            lines[0]
        );
        // What the shared reader answers, the same for every adapter.
        let expected = [
            (
                1,
                r#"{"id":null,"error":"adapter: line 2: not a JSON request: expected '{' at byte 0"}"#,
            ),
            (
                2,
                r#"{"id":null,"error":"adapter: line 3: the request is not UTF-8"}"#,
            ),
            (
                4,
                r#"{"id":null,"error":"adapter: line 5: not a JSON request: a lone surrogate escape (not a character) at byte 57"}"#,
            ),
            (
                5,
                r#"{"id":5,"error":"adapter: line 6: a resolve request needs string `base` and `relative`"}"#,
            ),
            (
                6,
                r#"{"id":6,"error":"adapter: line 7: unknown request type \"parse\""}"#,
            ),
            (
                7,
                r#"{"id":null,"error":"adapter: line 8: not a JSON request: expected a string at byte 60"}"#,
            ),
            (
                8,
                r#"{"id":null,"error":"adapter: line 9: not a JSON request: text after the object at byte 61"}"#,
            ),
            (10, r#"{"id":10,"result":"http://a/b/g"}"#),
        ];
        assert_eq!(lines.len(), 11, "{}: {lines:#?}", adapter.name);
        for (index, line) in expected {
            assert_eq!(lines[index], line, "{}", adapter.name);
        }
        // What the library answers: an answer in its place, with its id.
        assert_eq!(id_of(&lines[3]), "3", "{}", adapter.name);
        assert_eq!(id_of(&lines[9]), "9", "{}", adapter.name);
    }
}

#[test]
fn a_nul_is_refused_by_the_adapters_of_c_string_apis() {
    let input = jsonl(&[br#"{"type":"resolve","id":1,"base":"http://a/b","relative":"g\u0000h"}"#]);
    for (name, function) in [
        ("libcurl", "curl_url_set"),
        ("libxml2", "xmlBuildURI"),
        ("glib-guri", "g_uri_resolve_relative"),
    ] {
        let Some(binary) = built(name) else { continue };
        let (lines, stderr, ok) = converse(binary, &[], input.clone());
        assert!(ok, "{name}: {stderr}");
        assert_eq!(
            lines,
            [format!(
                r#"{{"id":1,"error":"adapter: a NUL byte cannot be passed to {function}, which takes C strings"}}"#
            )]
        );
    }
}

#[test]
fn an_answer_that_is_not_utf8_becomes_a_rejection_that_shows_its_bytes() {
    // libcurl decodes a percent-encoded host: `%ae` is the byte 0xAE alone.
    let Some(binary) = built("libcurl") else {
        return;
    };
    let input = jsonl(&[br#"{"type":"resolve","id":1,"base":"http://a%ae","relative":"a"}"#]);
    let (lines, stderr, ok) = converse(binary, &[], input);
    assert!(ok, "{stderr}");
    assert_eq!(
        lines,
        [r#"{"id":1,"error":"adapter: the library's answer is not UTF-8: http://a\\xAE/a"}"#]
    );
}

#[test]
fn huge_lines_are_read_whole_or_refused_past_the_limit() {
    // 10 MiB: read whole and answered (resolved, or refused by the library
    // for its length). 65 MiB: past the 64 MiB limit, so refused with a null
    // id and skipped; the next request is answered.
    let (input, _, rest) = huge_lines();
    for (adapter, binary) in each_built() {
        let (lines, stderr, ok) = converse(binary, &[], input.clone());
        assert!(ok, "{}: exit status; stderr:\n{stderr}", adapter.name);
        assert_eq!(lines.len(), 3, "{}", adapter.name);
        assert_eq!(id_of(&lines[0]), "1", "{}", adapter.name);
        assert_eq!(lines[1..], rest, "{}", adapter.name);
    }
}

#[test]
fn lines_and_argv_answer_as_jsonl_does() {
    for (adapter, binary) in each_built() {
        let (lines, stderr, ok) = converse(
            binary,
            &["--lines"],
            b"http://a/b/c/d;p?q\t../g\r\nno tab\nhttp://a/\xff\tg\n".to_vec(),
        );
        assert!(ok, "{}: {stderr}", adapter.name);
        assert_eq!(
            lines,
            [
                "http://a/b/g",
                "\tadapter: line 2: a request without a TAB",
                "\tadapter: line 3: the request is not UTF-8",
            ],
            "{}",
            adapter.name
        );
        assert_eq!(
            argv(binary, &["http://a/b/c/d;p?q", "../g"]),
            (Some(0), "http://a/b/g\n".to_string(), String::new()),
            "{}",
            adapter.name
        );
        assert_eq!(
            argv(binary, &["a", "b", "c"]).0,
            Some(2),
            "{}",
            adapter.name
        );
    }
}

/// The whole corpus through `rfc1808 run`, under the sanitizers and each
/// spec: each adapter fails exactly the vectors its expectations file for
/// that spec lists, so a change of the library or of the vectors fails here.
#[test]
fn the_corpus_fails_exactly_the_expected_vectors_under_each_spec() {
    for (adapter, binary) in each_built() {
        for spec in adapter.specs {
            assert_conforms(adapter.name, binary, spec);
        }
    }
}
