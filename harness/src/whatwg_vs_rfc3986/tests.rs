use rfc1808_resolver::spec::Reference;
use rfc1808_vectors::Spec;

use super::normalize::{percent_normalized, split_authority};
use super::*;

/// The outcome of a pair, and whether RFC 3986 defines it.
fn outcome(base: &str, reference: &str) -> (Outcome, bool) {
    let compared = compare(base, reference);
    (compared.outcome, compared.undefined.is_none())
}

#[test]
fn each_outcome_has_a_pair_in_rfc_3986_s_grammar() {
    let base = "http://a/b/c/d;p?q";
    let cases = [
        // A port past 65535 is a failure of the URL Standard.
        ("http://a:99999/", Outcome::WhatwgRejects),
        ("../g", Outcome::Same),
        ("HTTP://A:80/%7e/%2E/x", Outcome::SameAfterNormalization),
        // IPv4 in a number form, and slashes a special URL ignores.
        ("//0x7f.1/", Outcome::DifferentHost),
        ("///g", Outcome::DifferentHost),
        // The base's scheme without slashes: relative to the URL Standard.
        ("http:g", Outcome::DifferentHost),
        // The special-query percent-encode set takes `'`, a sub-delim.
        ("?'", Outcome::DifferentQueryOrFragment),
        // An empty userinfo is dropped by the URL serializer.
        ("//@a/", Outcome::DifferentUserinfoOrPort),
    ];
    for (reference, want) in cases {
        assert_eq!(outcome(base, reference), (want, true), "{reference}");
    }
    assert_eq!(outcome("http:a", "b"), (Outcome::DifferentBaseHost, true));
    // `a://` has an empty host, which names no machine, as no host does.
    assert_eq!(outcome("a:/", "..//"), (Outcome::DifferentPath, true));
    // The remove_dot_segments of section 5.2.4 leaves `//a`, an authority
    // once written out; the URL serializer writes `/.` before it.
    assert_eq!(outcome("a:/", "/..//a"), (Outcome::DifferentHost, true));
}

#[test]
fn outside_the_grammar_the_resolver_s_answer_is_compared() {
    let compared = compare("http://a/b/c/d;p?q", "\\\\evil.com/x");
    assert_eq!(
        compared.undefined,
        Some("the reference is outside the grammar of section 4.1 (`URI-reference`)")
    );
    assert_eq!(compared.outcome, Outcome::DifferentHost);
    // A leading C0 control is stripped, and a carriage return removed.
    assert_eq!(
        outcome("http://a", "a\r:/^"),
        (Outcome::DifferentScheme, false)
    );
    // A base the URL Standard fails.
    assert_eq!(outcome("a", "http://a/"), (Outcome::WhatwgRejects, false));
    // Non-ASCII percent-encoded as a URI writes it is the opaque host.
    assert_eq!(
        outcome("sc://ñ", "x"),
        (Outcome::SameAfterNormalization, false)
    );
    // Domain to ASCII maps it otherwise.
    assert_eq!(outcome("http://a", "//ñ"), (Outcome::DifferentHost, false));
}

#[test]
fn the_url_standard_s_answer_is_its_reference_s() {
    let corpus = rfc1808_vectors::embedded_for(&[Spec::Whatwg]);
    for v in &corpus.resolve {
        let Some(base) = &v.base else { continue };
        assert_eq!(
            compare(base, &v.relative).whatwg,
            Reference::Whatwg.resolve(base, &v.relative),
            "{}",
            v.id
        );
    }
}

#[test]
fn normalization_decodes_unreserved_and_encodes_what_no_uri_holds() {
    assert_eq!(percent_normalized("%7e%2f%2E%zz%", false), "~%2F.%zz%");
    assert_eq!(percent_normalized("A%41%3a é", true), "aa%3A%20%C3%A9");
    assert_eq!(percent_normalized("A\t^", false), "A%09%5E");
}

#[test]
fn hosts_compare_as_addresses_and_no_machine() {
    let host = |url: &str| Normalized::rfc3986(url).host;
    assert_eq!(host("http://[0:0::1]/"), host("http://[::1]"));
    assert_eq!(host("http://%41:080"), Host::Name("a".to_owned()));
    assert_eq!(host("file://LocalHost/x"), Host::None);
    assert_eq!(host("file:///x"), host("file:/x"));
    assert_eq!(
        host("http://localhost/"),
        Host::Name("localhost".to_owned())
    );
    let port = |url: &str| Normalized::rfc3986(url).port;
    assert_eq!(port("http://a:080/"), None);
    assert_eq!(port("ftp://a:080/"), Some("80".to_owned()));
    assert_eq!(port("foo://a:/"), None);
    assert_eq!(port("foo://a:x/"), Some("x".to_owned()));
}

#[test]
fn an_authority_splits_at_the_last_at_and_a_literal_s_bracket() {
    assert_eq!(split_authority("u:p@h:1"), (Some("u:p"), "h", Some("1")));
    assert_eq!(
        split_authority("a@b@[::1]:2"),
        (Some("a@b"), "[::1]", Some("2"))
    );
    assert_eq!(split_authority("[::1"), (None, "[::1", None));
    assert_eq!(split_authority("[::1]x"), (None, "[::1]x", None));
    assert_eq!(split_authority(""), (None, "", None));
}

fn example(base: &str, reference: &str) -> Example {
    Example {
        len: base.len() + reference.len(),
        base: base.to_owned(),
        reference: reference.to_owned(),
        rfc3986: String::new(),
        whatwg: String::new(),
    }
}

#[test]
fn examples_keep_the_shortest_pair_of_each_of_the_shortest_shapes() {
    assert_eq!(example("http:a", "").shape(), "a:a\0");
    assert_eq!(example("ftp:xy", "//12.3").shape(), "a:a\0//0.0");
    let mut examples = Examples::default();
    examples.add(example("http:abc", ""));
    examples.add(example("ftp:x", ""));
    for n in 0..20 {
        examples.add(example("http://a", &"/x".repeat(n + 1)));
    }
    let kept: Vec<(&str, &str)> = examples
        .shortest()
        .iter()
        .map(|e| (e.base.as_str(), e.reference.as_str()))
        .collect();
    assert_eq!(kept.len(), EXAMPLES);
    assert_eq!(kept[0], ("ftp:x", ""));
    assert_eq!(kept[1], ("http://a", "/x"));
    assert_eq!(kept[9], ("http://a", &*"/x".repeat(9)));
}

#[test]
fn a_tally_prints_every_row_and_its_share() {
    let mut tally = Tally::default();
    for (base, reference) in [("http://a/b", "g"), ("http://a/b", "//0x7f.1/"), ("a", "b")] {
        tally.add(compare(base, reference));
    }
    let markdown = tally.markdown();
    assert!(markdown.contains(
        "| RFC 3986 leaves it undefined (outside its grammar) | 1 | 33.33 % |\n\
         | the URL Standard rejects it, RFC 3986 resolves it | 0 | 0.00 % |\n\
         | same URL | 1 | 33.33 % |\n"
    ));
    assert!(markdown.contains(
        "| `\"http://a/b\"` | `\"//0x7f.1/\"` | `\"http://0x7f.1/\"` | `\"http://127.0.0.1/\"` |"
    ));
    assert!(markdown.contains("outside RFC 3986's grammar: none."));
    assert!(markdown.contains("| total | 3 | 100.00 % |"));
}
