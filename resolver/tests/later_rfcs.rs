//! The RFC 3986 and RFC 2396 fuzz targets' properties as proptests, so
//! `cargo test` on stable checks them on every run: the same [`Input`]
//! shapes and property functions as `fuzz/fuzz_targets/rfc*.rs`. A failure
//! is shrunk to a small pair and printed as a reproducer.

use proptest::collection::vec;
use proptest::prelude::*;
use rfc1808_fuzzgen::{later_rfcs, Input};

fn url(max_tokens: usize) -> impl Strategy<Value = String> {
    vec(any::<u8>(), 0..max_tokens).prop_map(|bytes| Input::from_bytes(&bytes).base)
}

fn input() -> impl Strategy<Value = Input> {
    (url(24), url(16)).prop_map(|(base, relative)| Input::new(base, relative))
}

/// Paths alone: only the characters `remove_dot_segments` turns on, so that
/// most inputs hold dot segments in every position.
fn dotty_path() -> impl Strategy<Value = String> {
    "[a./]{0,40}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn rfc3986_dot_segments(input in input()) {
        later_rfcs::rfc3986_dot_segments(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc3986_dot_segments_on_dotty_paths(base in dotty_path(), relative in dotty_path()) {
        later_rfcs::rfc3986_dot_segments(&Input::new(base, relative))
            .map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc3986_idempotence(input in input()) {
        later_rfcs::rfc3986_idempotence(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc2396_step6_differential(input in input()) {
        later_rfcs::rfc2396_step6_differential(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn rfc3986_crates_differential(input in input()) {
        later_rfcs::rfc3986_crates_differential(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }
}

/// A base on which the WHATWG URL Standard and RFC 3986 agree by
/// definition: an `http` URL with a lowercase host, a path of letter
/// segments (empty ones too) and letter-only query and fragment. Nothing in
/// it is normalized or percent-encoded by WHATWG's parser, and its path
/// starts with `/`, so WHATWG's "shorten the path, then append" is RFC
/// 3986's merge (5.2.3).
fn agreed_base() -> impl Strategy<Value = String> {
    (
        "[a-z]{1,3}",
        vec("[a-z]{0,2}", 1..5),
        proptest::option::of("[a-z]{1,2}"),
        proptest::option::of("[a-z]{1,2}"),
    )
        .prop_map(|(host, segments, query, fragment)| {
            let mut url = format!("http://{host}/{}", segments.join("/"));
            if let Some(q) = query {
                url += &format!("?{q}");
            }
            if let Some(f) = fragment {
                url += &format!("#{f}");
            }
            url
        })
}

/// A reference in that same agreed domain: letter, `.` and `..` segments,
/// rooted or not, never `//` (an authority), never a scheme, and a
/// letter-only query and fragment. `.` and `..` are the only dot segments:
/// WHATWG also takes `%2e` for a dot, RFC 3986 does not.
fn agreed_reference() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        vec(
            prop_oneof!["[a-z]{1,2}", Just(".".to_owned()), Just("..".to_owned())],
            0..6,
        ),
        proptest::option::of("[a-z]{1,2}"),
        proptest::option::of("[a-z]{1,2}"),
    )
        .prop_map(|(rooted, segments, query, fragment)| {
            let mut url = if rooted {
                "/".to_owned()
            } else {
                String::new()
            };
            url += &segments.join("/");
            if let Some(q) = query {
                url += &format!("?{q}");
            }
            if let Some(f) = fragment {
                url += &format!("#{f}");
            }
            url
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// The `url` crate claims the WHATWG URL Standard, not RFC 3986, so it
    /// is compared only where the two agree by definition; there, its
    /// `Url::join` must give the RFC 3986 reference's answer.
    #[test]
    fn url_crate_agrees_with_rfc3986_where_whatwg_does(base in agreed_base(), relative in agreed_reference()) {
        let reference = rfc1808_resolver::rfc3986::resolve(&base, &relative);
        let joined = url::Url::parse(&base)
            .and_then(|b| b.join(&relative))
            .map(String::from);
        prop_assert_eq!(
            joined.as_deref(),
            Ok(reference.as_str()),
            "base {:?} + {:?}: the url crate against RFC 3986 section 5.2",
            base,
            relative
        );
    }
}

/// A base with the shapes section 5.2.1's normalization turns on: scheme
/// and host case, percent-encodings (unreserved or not, either hex case),
/// ports, dot segments and an empty path.
fn unnormalized_base() -> impl Strategy<Value = String> {
    (
        "[Hh][Tt][Tt][Pp][Ss]?|[Ff][Oo][Oo]",
        proptest::option::of("([aA4@]|%4[1aA]|%7[eE]){0,3}(:[08]{0,2})?"),
        "(/([a.A]|%2[eEfF]|%7[eE]){0,3}){0,3}",
        proptest::option::of("[a%7Ee]{0,3}"),
    )
        .prop_map(|(scheme, authority, path, query)| {
            let mut url = scheme;
            url += ":";
            if let Some(a) = authority {
                url += &format!("//{a}");
            }
            url += &path;
            if let Some(q) = query {
                url += &format!("?{q}");
            }
            url
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `Readings::every_for` leaves out only ambiguities that cannot change
    /// the answer: under every choice of `Readings::every`, the answer is
    /// the one under the same choice with the ambiguities `every_for` does
    /// not vary set back to their defaults; and `Readings::answers_for`
    /// gives each of its choices `resolve_with`'s answer.
    #[test]
    fn rfc3986_every_for_leaves_out_only_what_changes_nothing(
        base in unnormalized_base(),
        reference in "[a./%2eEA:]{0,6}|//[aA]|/[a.%2eE]{0,5}|[Hh][Tt][Tt][Pp]:[a./]{0,3}|foo:[a./]{0,3}|\\?[a]?|#"
    ) {
        use rfc1808_resolver::rfc3986::{self, Readings, REGISTRY};
        let some = Readings::default().every_for(&base, &reference);
        let varied: Vec<&str> = REGISTRY
            .iter()
            .map(|a| a.name)
            .filter(|&name| some.iter().any(|r| r.get(name) != Readings::default().get(name)))
            .collect();
        let answer = |r: Readings| rfc3986::resolve_with(&base, &reference, r, rfc3986::DotSegments::Linear);
        // `answers_for` resolves each distinct base and answer once, and
        // gives what `resolve_with` gives.
        let answers = Readings::default().answers_for(&base, &reference);
        prop_assert_eq!(answers.iter().map(|(r, _)| *r).collect::<Vec<_>>(), some.clone());
        for (r, url) in &answers {
            prop_assert_eq!(url, &answer(*r), "{:?} + {:?} under {}", base, reference, r);
        }
        for readings in Readings::every() {
            let mut projected = readings;
            for a in REGISTRY.iter().filter(|a| !varied.contains(&a.name)) {
                projected.set(a.name, a.default_reading().name).unwrap();
            }
            prop_assert!(some.contains(&projected));
            prop_assert_eq!(
                answer(readings),
                answer(projected),
                "{:?} + {:?} under {}", base, reference, readings
            );
        }
    }
}
