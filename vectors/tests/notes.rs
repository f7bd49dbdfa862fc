//! The notes of the vectors, which reports print as `why:` under the spec
//! an implementation is graded under: each spec's speaks that spec's
//! language, and none names a library (a note says what the spec does,
//! for every library; where a vector came from is its `source`).

use rfc1808_vectors::Spec;

/// The libraries of `adapters/` and the Rust crates the fuzz targets
/// compare, as a note might name them (`qurl` for Qt, whose name is too
/// short to look for).
const LIBRARIES: &[&str] = &[
    "uriparser",
    "ruby",
    "net/url",
    "go's",
    "tcllib",
    "oxiri",
    "fluent-uri",
    "iri-string",
    "urllib",
    "cpython",
    "python",
    "node",
    "whatwg",
    "java",
    "perl",
    "curl",
    "libxml",
    "glib",
    "guri",
    "qurl",
    "boost",
    "erlang",
    "uri_string",
    "haskell",
    "network-uri",
    "addressable",
    "httpclient",
    "uriutils",
    "racket",
    "hyperlink",
];

#[test]
fn no_note_names_a_library() {
    let corpus = rfc1808_vectors::embedded();
    let mut named = Vec::new();
    for v in &corpus.resolve {
        for spec in Spec::ALL {
            let Some(note) = v.note_under(spec) else {
                continue;
            };
            let lower = note.to_lowercase();
            for library in LIBRARIES.iter().filter(|l| lower.contains(*l)) {
                named.push(format!(
                    "{} ({}) note.{spec} names {library}",
                    v.id, v.origin
                ));
            }
        }
    }
    named.dedup();
    assert!(named.is_empty(), "{}", named.join("\n"));
}

/// RFC 1808's words: its `net_loc` and `params`, its `embedded URL`, and
/// its Steps, which RFC 3986 does not have (its resolution is the
/// pseudocode of sections 5.2.1 to 5.2.4; RFC 2396's has steps too).
fn rfc1808_words(spec: Spec) -> &'static [&'static str] {
    match spec {
        Spec::Rfc3986 => &["Step ", "step ", "net_loc", "params", "embedded URL"],
        _ => &["net_loc", "params", "embedded URL"],
    }
}

#[test]
fn a_later_specs_note_speaks_that_spec() {
    let corpus = rfc1808_vectors::embedded();
    let mut wrong = Vec::new();
    for v in &corpus.resolve {
        for spec in [Spec::Rfc2396, Spec::Rfc3986] {
            let Some(note) = v.note_under(spec) else {
                continue;
            };
            for word in rfc1808_words(spec).iter().filter(|w| note.contains(*w)) {
                wrong.push(format!(
                    "{} ({}) note.{spec} says `{}`: {note}",
                    v.id,
                    v.origin,
                    word.trim()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
