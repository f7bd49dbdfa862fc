//! The section 5.4 inputs and the three RFC 3986 crates the reference is
//! timed against, shared by the `rfc3986` and `rfc3986_ratios` benchmarks.
//! Every contender parses the base and the reference and returns the
//! target as a new string.

/// Section 5.4's base.
pub const BASE: &str = "http://a/b/c/d;p?q";

/// The references of section 5.4.1 and 5.4.2, in the RFC's order (`http:g`
/// read strictly, as the three crates do).
pub const SECTION_5_4: [&str; 42] = [
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

pub fn oxiri(base: &str, reference: &str) -> Option<String> {
    let base = oxiri::Iri::parse(base).ok()?;
    Some(base.resolve(reference).ok()?.into_inner())
}

pub fn fluent_uri(base: &str, reference: &str) -> Option<String> {
    let base = fluent_uri::Uri::parse(base).ok()?;
    let reference = fluent_uri::UriRef::parse(reference).ok()?;
    Some(reference.resolve_against(&base).ok()?.to_string())
}

pub fn iri_string(base: &str, reference: &str) -> Option<String> {
    use iri_string::format::ToDedicatedString;
    let base = iri_string::types::UriAbsoluteStr::new(base).ok()?;
    let reference = iri_string::types::UriReferenceStr::new(reference).ok()?;
    Some(
        reference
            .resolve_against(base)
            .to_dedicated_string()
            .to_string(),
    )
}

/// The peers answer every example as the reference does, so the timings
/// compare the same work.
pub fn check_peers_agree() {
    use rfc1808_resolver::rfc3986;
    for reference in SECTION_5_4 {
        let want = rfc3986::resolve(BASE, reference);
        for (peer, got) in [
            ("oxiri", oxiri(BASE, reference)),
            ("fluent-uri", fluent_uri(BASE, reference)),
            ("iri-string", iri_string(BASE, reference)),
        ] {
            assert_eq!(got.as_deref(), Some(&*want), "{peer} on {reference:?}");
        }
    }
}
