//! The RFC 3986 reference resolver: Appendix B (parsing a URI reference),
//! section 5.2 (5.2.1 pre-parse the base, normalized as far as the
//! readings say, 5.2.2 transform references, 5.2.3 merge paths, 5.2.4
//! remove dot segments) and 5.3 (component recomposition), written to be
//! read beside the RFC, with the variable names of its pseudocode: `R`,
//! `Base`, `T`, the input and output buffers.
//!
//! ```
//! use rfc1808_resolver::rfc3986::{self, DotSegments, Readings, SameScheme};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(rfc3986::resolve(base, "../../../g"), "http://a/g");
//! assert_eq!(rfc3986::resolve(base, "http:g"), "http:g");
//! let non_strict = Readings { same_scheme: SameScheme::NonStrict, ..Readings::default() };
//! for dots in DotSegments::ALL {
//!     assert_eq!(rfc3986::resolve_with(base, "http:g", non_strict, dots), "http://a/b/c/g");
//! }
//! ```
//!
//! Every place where the RFC leaves a choice carries a comment starting with
//! "Choice" and the vector that pins it; where it offers two answers
//! (strict or non-strict, the base normalized or not), that is an ambiguity
//! of [`REGISTRY`], with named readings, and the resolver runs under any
//! choice of them ([`Readings`]).

mod parse;
mod pre_parse;
mod readings;
mod remove_dot_segments;
mod resolve;

pub use crate::spec_readings::{Ambiguity, Reading, ReadingError, ReadingErrorKind};
pub use parse::{parse, Components};
pub use pre_parse::normalized_base;
pub use readings::{
    BaseCase, BaseDotSegments, BaseEmptyPath, BasePercentEncoding, BasePort, DoubleSlashPath,
    EscapedDots, Readings, SameScheme, BASE_NORMALIZATION, REGISTRY,
};
pub use remove_dot_segments::{remove_dot_segments, DotSegments};
pub use resolve::{merged, resolve, resolve_with, ParsedBase};

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 5.4: "Within a representation with a well defined base URI of"
    const BASE: &str = "http://a/b/c/d;p?q";

    /// Resolves under `readings` with both `remove_dot_segments`, which must
    /// agree.
    fn resolve_both(reference: &str, readings: Readings) -> String {
        let linear = resolve_with(BASE, reference, readings, DotSegments::Linear);
        let buffers = resolve_with(BASE, reference, readings, DotSegments::Buffers);
        assert_eq!(linear, buffers, "{reference:?} under {readings}");
        linear
    }

    fn check(examples: &[(&str, &str)]) {
        for &(reference, want) in examples {
            for readings in Readings::every() {
                assert_eq!(
                    resolve_both(reference, readings),
                    want,
                    "{BASE:?} + {reference:?} under {readings}"
                );
            }
        }
    }

    #[test]
    fn merged_splits_a_merge_into_the_bases_part_and_the_references_path() {
        let default = Readings::default();
        assert_eq!(
            merged(BASE, "../g", default),
            Some(("/b/c/".to_owned(), "../g".to_owned()))
        );
        // Section 5.2.3: a base with an authority and an empty path
        // merges as `/`.
        assert_eq!(
            merged("http://a", "g", default),
            Some(("/".to_owned(), "g".to_owned()))
        );
        // Branches of 5.2.2 that do not merge.
        for reference in ["/g", "//g", "", "?y", "g:h"] {
            assert_eq!(merged(BASE, reference, default), None, "{reference:?}");
        }
    }

    #[test]
    fn section_5_4_1_normal_examples() {
        check(&[
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
        ]);
    }

    #[test]
    fn section_5_4_2_abnormal_examples() {
        check(&[
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
        ]);
    }

    #[test]
    fn section_5_4_2_http_g_strict_and_backward_compatible() {
        // "http:g" = "http:g" ; for strict parsers
        //          / "http://a/b/c/g" ; for backward compatibility
        let strict = Readings::default();
        let non_strict: Readings = "same-scheme=non-strict".parse().unwrap();
        assert_eq!(resolve_both("http:g", strict), "http:g");
        assert_eq!(resolve_both("http:g", non_strict), "http://a/b/c/g");
        assert_eq!(resolve_both("HTTP:g", non_strict), "http://a/b/c/g");
        // Another scheme is absolute under either reading.
        assert_eq!(resolve_both("ftp:g", non_strict), "ftp:g");
        // With the scheme ignored, an empty path takes the base's path and query.
        assert_eq!(resolve_both("http:", non_strict), BASE);
        assert_eq!(resolve_both("http:", strict), "http:");
    }

    #[test]
    fn empty_components_are_kept_and_absent_ones_inherited() {
        check(&[
            ("?", "http://a/b/c/d;p?"),
            ("#", "http://a/b/c/d;p?q#"),
            ("?#", "http://a/b/c/d;p?#"),
            ("g?", "http://a/b/c/g?"),
            ("g#", "http://a/b/c/g#"),
            // `//` defines an empty authority: the base's is not inherited.
            ("//", "http://"),
            ("///g", "http:///g"),
            ("//?y", "http://?y"),
        ]);
        let base_without_query = "http://a/b";
        assert_eq!(resolve(base_without_query, "?"), "http://a/b?");
        assert_eq!(resolve(base_without_query, ""), "http://a/b");
    }

    #[test]
    fn dot_segments_are_removed_from_every_path() {
        check(&[
            ("g:a/../b", "g:/b"),
            ("//g/./x/../y", "http://g/y"),
            ("/a/b/../../../c", "http://a/c"),
        ]);
    }

    #[test]
    fn merge_puts_a_slash_after_an_authority_with_an_empty_path() {
        assert_eq!(resolve("http://a", "g"), "http://a/g");
        assert_eq!(resolve("http://a", "../g"), "http://a/g");
        assert_eq!(resolve("http://a", "?y"), "http://a?y");
        assert_eq!(resolve("http://a?q", "#s"), "http://a?q#s");
    }

    #[test]
    fn base_without_authority_or_scheme() {
        assert_eq!(resolve("foo:bar", "g"), "foo:g");
        assert_eq!(resolve("foo:a/b", "../c"), "foo:/c");
        assert_eq!(resolve("", "../g"), "g");
        assert_eq!(resolve("", ""), "");
        assert_eq!(resolve("a/b", "c?y#s"), "a/c?y#s");
    }

    #[test]
    fn escaped_dots_under_each_reading() {
        let decoded: Readings = "escaped-dots=decoded".parse().unwrap();
        for dots in DotSegments::ALL {
            let answer = |readings, reference| resolve_with(BASE, reference, readings, dots);
            assert_eq!(
                answer(Readings::default(), "%2e%2e/g"),
                "http://a/b/c/%2e%2e/g"
            );
            assert_eq!(answer(decoded, "%2e%2e/g"), "http://a/b/g");
            assert_eq!(answer(decoded, ".%2E/%2e/g"), "http://a/b/g");
            assert_eq!(answer(decoded, "%2e%2e%2e/g"), "http://a/b/c/%2e%2e%2e/g");
            assert_eq!(answer(decoded, "g?%2e%2e/x"), "http://a/b/c/g?%2e%2e/x");
            assert_eq!(
                resolve_with("http://a/%2e/b/c", "g", decoded, dots),
                "http://a/b/g"
            );
        }
    }

    #[test]
    fn base_dot_segments_under_each_reading() {
        let removed: Readings = "base-dot-segments=removed".parse().unwrap();
        for dots in DotSegments::ALL {
            let answer = |base, readings| resolve_with(base, "g", readings, dots);
            assert_eq!(answer("foo:/a/./..", Readings::default()), "foo:/a/g");
            assert_eq!(answer("foo:/a/./..", removed), "foo:/g");
            assert_eq!(answer("http://a/b/../c/d?q#f", removed), "http://a/c/g");
            // Only the path is normalized: the rest of the base stays.
            assert_eq!(
                resolve_with("HTTP://a/./b?q#f", "", removed, dots),
                "HTTP://a/b?q"
            );
        }
    }

    #[test]
    fn the_base_is_normalized_as_the_readings_say() {
        for dots in DotSegments::ALL {
            let answer = |base, reference, readings: &str| {
                resolve_with(base, reference, readings.parse().unwrap(), dots)
            };
            let base = "HTTP://User@A/b/c";
            assert_eq!(answer(base, "g", ""), "HTTP://User@A/b/g");
            assert_eq!(answer(base, "g", "base-case=scheme"), "http://User@A/b/g");
            assert_eq!(
                answer(base, "g", "base-case=scheme-and-host"),
                "http://User@a/b/g"
            );
            let base = "http://a/%7e/%2f/c";
            assert_eq!(
                answer(base, "g", "base-percent-encoding=normalized"),
                "http://a/~/%2F/g"
            );
            assert_eq!(answer("http://a", "?y", ""), "http://a?y");
            assert_eq!(
                answer("http://a", "?y", "base-empty-path=http-and-https"),
                "http://a/?y"
            );
            assert_eq!(
                answer("http://a:80/b", "g", "base-port=http-and-https-elided"),
                "http://a/g"
            );
        }
    }

    #[test]
    fn what_comes_from_the_reference_is_never_normalized() {
        for readings in Readings::every() {
            for dots in DotSegments::ALL {
                let answer = |base, reference| resolve_with(base, reference, readings, dots);
                assert_eq!(answer("http://a/b", "//A:80/%7e"), "http://A:80/%7e");
                assert_eq!(answer("http://a/b", "FOO://A"), "FOO://A");
                assert_eq!(answer("http://a/b", "%7E?%7e"), "http://a/%7E?%7e");
            }
        }
    }

    #[test]
    fn double_slash_path_under_each_reading() {
        let dot_prefix: Readings = "double-slash-path=dot-prefix".parse().unwrap();
        for dots in DotSegments::ALL {
            let answer = |base, reference, readings| resolve_with(base, reference, readings, dots);
            assert_eq!(answer("foo:/a", "..//g", Readings::default()), "foo://g");
            assert_eq!(answer("foo:/a", "..//g", dot_prefix), "foo:/.//g");
            assert_eq!(answer("foo:", "/.//.", dot_prefix), "foo:/.//");
            // With an authority, `//` in the path is no ambiguity.
            assert_eq!(answer("http://a/b", "..//g", dot_prefix), "http://a//g");
        }
    }

    #[test]
    fn base_fragment_is_never_inherited() {
        assert_eq!(resolve("http://a/b#f", ""), "http://a/b");
        assert_eq!(resolve("http://a/b#f", "#g"), "http://a/b#g");
    }
}
