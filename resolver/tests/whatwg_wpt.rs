//! The web-platform-tests URL data (`vectors/wpt/urltestdata.json`, see
//! `vectors/wpt/README.md`) against the reference parser of the WHATWG URL
//! Standard, `rfc1808_resolver::whatwg`: every entry's `href`, or its
//! failure.
//!
//! An entry is named by its index in the JSON array (comments counted).
//! Where the data and the standard at 6ae8486 disagree, the standard wins:
//! [`SPEC_WINS`] lists those entries with the change that makes them
//! differ and the standard's answer, which the parser must give.

use std::fmt::Write as _;

use rfc1808_resolver::whatwg;
use serde_json::Value;

const DATA: &str = include_str!("../../vectors/wpt/urltestdata.json");

/// What parsing an entry gives: the `href`, or failure.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Href(String),
    Failure,
}

/// Entries where the data (WPT at befe663) and the standard at 6ae8486
/// disagree: (index, the standard's answer, the change that makes them
/// differ). Strict both ways: a listed entry whose data the parser matches,
/// or that is not an entry, fails the test.
const SPEC_WINS: &[(usize, Option<&str>, &str)] = &[
    (289, Some("http://a.b.c.xn--pokxncvks/"), ASCII_DOMAIN),
    (290, Some("http://10.0.0.xn--pokxncvks/"), ASCII_DOMAIN),
    (292, Some("http://a.b.c.xn--pokxncvks/"), ASCII_DOMAIN),
    (293, Some("http://a.b.c.xn--pokxncvks/"), ASCII_DOMAIN),
    (294, Some("http://10.0.0.xn--pokxncvks/"), ASCII_DOMAIN),
    (295, Some("http://10.0.0.xn--pokxncvks/"), ASCII_DOMAIN),
    (801, Some("file://xn--/p"), ASCII_DOMAIN),
    (
        815,
        Some(r"foo://host/%20!%22$%&'()*+,-./:;%3C=%3E@[\]%5E_%60%7B|%7D~"),
        CARET,
    ),
    (
        816,
        Some(r"wss://host/%20!%22$%&'()*+,-./:;%3C=%3E@[/]%5E_%60%7B|%7D~"),
        CARET,
    ),
    (882, Some("https://xn--/"), ASCII_DOMAIN),
];

/// whatwg/url#914 (WPT #60476): the domain parser returns an ASCII domain
/// lowercased "regardless of Unicode ToASCII's outcome", so an `xn--` label
/// that is not valid Punycode, or decodes to code points ToASCII refuses,
/// no longer fails.
const ASCII_DOMAIN: &str = "whatwg/url#914: an ASCII domain is lowercased, not failed by ToASCII";

/// whatwg/url#846 (whatwg/url 9bc33c3, WPT d2c3936): U+005E (^) joined the
/// path percent-encode set, so a path's `^` is written `%5E`.
const CARET: &str = "whatwg/url#846: U+005E (^) is in the path percent-encode set";

/// One entry of the data: its index, input, base and what it expects.
struct Entry {
    id: usize,
    input: String,
    base: Option<String>,
    want: Outcome,
}

/// Every entry object of the data; the comment strings are skipped.
fn entries() -> Vec<Entry> {
    let data: Value = serde_json::from_str(DATA).expect("vectors/wpt/urltestdata.json is JSON");
    let Value::Array(items) = data else {
        panic!("vectors/wpt/urltestdata.json: not an array");
    };
    let string = |item: &Value, key: &str, id: usize| -> Option<String> {
        match item.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => panic!("vectors/wpt/urltestdata.json: entry {id}: {key} is {other}"),
        }
    };
    let mut entries = Vec::new();
    for (id, item) in items.iter().enumerate() {
        if item.is_string() {
            continue;
        }
        let input = string(item, "input", id)
            .unwrap_or_else(|| panic!("vectors/wpt/urltestdata.json: entry {id}: no input"));
        let want = if item.get("failure") == Some(&Value::Bool(true)) {
            Outcome::Failure
        } else {
            Outcome::Href(string(item, "href", id).unwrap_or_else(|| {
                panic!("vectors/wpt/urltestdata.json: entry {id}: neither failure nor href")
            }))
        };
        entries.push(Entry {
            id,
            input,
            base: string(item, "base", id),
            want,
        });
    }
    entries
}

fn parse(entry: &Entry) -> Outcome {
    match whatwg::parse(&entry.input, entry.base.as_deref()) {
        Ok(url) => Outcome::Href(url.href()),
        Err(_) => Outcome::Failure,
    }
}

#[test]
fn urltestdata() {
    let entries = entries();
    let mut mismatches = String::new();
    let (mut passed, mut spec_wins) = (0, 0);
    for entry in &entries {
        let got = parse(entry);
        let listed = SPEC_WINS.iter().find(|(id, _, _)| *id == entry.id);
        let want = match listed {
            Some((_, spec, _)) => {
                spec_wins += 1;
                spec.map_or(Outcome::Failure, |href| Outcome::Href(href.to_owned()))
            }
            None => entry.want.clone(),
        };
        if got == want && (listed.is_none() || got != entry.want) {
            passed += 1;
            continue;
        }
        let why = match listed {
            Some(_) if got == entry.want => "listed in SPEC_WINS, but matches the data".to_owned(),
            Some((_, _, change)) => format!("the standard's answer, {change}"),
            None => "the data".to_owned(),
        };
        writeln!(
            mismatches,
            "entry {}: input {:?}, base {:?}\n  want {want:?} ({why})\n  got  {got:?}",
            entry.id, entry.input, entry.base
        )
        .unwrap();
    }
    for (id, _, _) in SPEC_WINS {
        if !entries.iter().any(|entry| entry.id == *id) {
            writeln!(mismatches, "SPEC_WINS names {id}, which is not an entry").unwrap();
        }
    }
    eprintln!(
        "whatwg_wpt: {passed} of {} entries passed ({spec_wins} by the standard over the data)",
        entries.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches);
}

/// "If that string is then parsed, the result will equal the URL that was
/// serialized" (`#urls`): every `href` the data's entries give parses, with
/// no base, to itself.
#[test]
fn hrefs_reparse_to_themselves() {
    let mut mismatches = String::new();
    for entry in entries() {
        let Outcome::Href(href) = parse(&entry) else {
            continue;
        };
        let again = whatwg::parse(&href, None).map(|url| url.href());
        if again.as_ref() != Ok(&href) {
            writeln!(
                mismatches,
                "entry {}: {href:?} parses to {again:?}",
                entry.id
            )
            .unwrap();
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches);
}
