//! The RFC 2396 reference resolver: section 5.2, "Resolving Relative
//! References to Absolute Form", steps 1 to 7, with the parse of its
//! Appendix B, written to be read beside the RFC.
//!
//! RFC 2396 sits between RFC 1808 and RFC 3986: the path keeps its leading
//! slash and its params (`;` is only a character of a segment), empty and
//! undefined components are told apart, but dot segments are removed only
//! from relative paths (`/./g` = `http://a/./g`), a reference with an empty
//! path and a query is merged (`?y` = `http://a/b/c/?y`), and `..` above the
//! root is the reader's choice. Where the RFC allows more than one answer,
//! that is an ambiguity of [`REGISTRY`], and the resolver runs under any
//! choice of readings ([`Readings`]).
//!
//! ```
//! use rfc1808_resolver::rfc2396::{self, AboveRoot, Readings};
//! use rfc1808_resolver::Step6;
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(rfc2396::resolve(base, "/./g"), "http://a/./g");
//! let removed = Readings { above_root: AboveRoot::Removed, ..Readings::default() };
//! assert_eq!(
//!     rfc2396::resolve_with(base, "../../../g", removed, Step6::default()),
//!     Ok("http://a/g".to_owned())
//! );
//! ```

mod readings;
mod resolve;

pub use readings::{
    AboveRoot, CurrentDocument, EmptyBasePath, Readings, BASE_NORMALIZATION, REGISTRY,
};
pub use resolve::{resolve, resolve_with, AboveTheRoot};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::SameScheme;
    use crate::Step6;

    /// Appendix C: "Within an object with a well-defined base URI of"
    const BASE: &str = "http://a/b/c/d;p?q";

    /// Resolves under `readings` with both step 6 versions, which must agree.
    fn resolve_both(
        base: &str,
        reference: &str,
        readings: Readings,
    ) -> Result<String, AboveTheRoot> {
        let stack = resolve_with(base, reference, readings, Step6::SegmentStack);
        let string = resolve_with(base, reference, readings, Step6::StringPattern);
        assert_eq!(stack, string, "{base:?} + {reference:?} under {readings}");
        stack
    }

    /// Checks examples whose answer is the same under every reading.
    fn check(examples: &[(&str, &str)]) {
        for &(reference, want) in examples {
            for readings in Readings::every() {
                assert_eq!(
                    resolve_both(BASE, reference, readings).as_deref(),
                    Ok(want),
                    "{BASE:?} + {reference:?} under {readings}"
                );
            }
        }
    }

    fn with(set: &[&str]) -> Readings {
        set.join(",").parse().unwrap()
    }

    #[test]
    fn appendix_c_1_normal_examples() {
        check(&[
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
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
    fn appendix_c_current_document_examples() {
        // "#s = (current document)#s" and "<> = (current document)".
        for (reading, hash_s, empty) in [
            (
                "current-document=base",
                "http://a/b/c/d;p?q#s",
                "http://a/b/c/d;p?q",
            ),
            ("current-document=reference", "#s", ""),
        ] {
            let readings = with(&[reading]);
            assert_eq!(resolve_both(BASE, "#s", readings).as_deref(), Ok(hash_s));
            assert_eq!(resolve_both(BASE, "", readings).as_deref(), Ok(empty));
        }
        // The document is the base without its fragment.
        let base = with(&["current-document=base"]);
        assert_eq!(
            resolve_both("http://a/b#f", "#", base).as_deref(),
            Ok("http://a/b#")
        );
        assert_eq!(
            resolve_both("http://a/b#f", "", base).as_deref(),
            Ok("http://a/b")
        );
    }

    #[test]
    fn appendix_c_2_above_the_root_under_each_reading() {
        // "../../../g = http://a/../g", "../../../../g = http://a/../../g";
        // "the above two references will be interpreted as "http://a/g" by
        // some implementations."
        for (reference, kept) in [
            ("../../../g", "http://a/../g"),
            ("../../../../g", "http://a/../../g"),
        ] {
            let answer = |reading| resolve_both(BASE, reference, with(&[reading]));
            assert_eq!(answer("above-root=kept").as_deref(), Ok(kept));
            assert_eq!(answer("above-root=removed").as_deref(), Ok("http://a/g"));
            assert_eq!(
                answer("above-root=error").unwrap_err().to_string(),
                format!(
                    "the reference climbs above the root: the merged path `{}` still begins \
                     with `..` (RFC 2396 section 5.2, step 6g, read as an error)",
                    &kept["http://a".len()..]
                )
            );
        }
        let removed = with(&["above-root=removed"]);
        assert_eq!(
            resolve_both(BASE, "../../..", removed).as_deref(),
            Ok("http://a/")
        );
        assert_eq!(
            resolve_both("foo:a", "../g", removed).as_deref(),
            Ok("foo:g")
        );
    }

    #[test]
    fn appendix_c_2_dots_that_are_not_complete_segments_of_a_relative_path() {
        check(&[
            ("/./g", "http://a/./g"),
            ("/../g", "http://a/../g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
        ]);
    }

    #[test]
    fn appendix_c_2_unnecessary_or_nonsensical_dot_segments() {
        check(&[
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
        ]);
    }

    #[test]
    fn appendix_c_2_query_and_fragment_are_not_merged() {
        check(&[
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
        ]);
    }

    #[test]
    fn appendix_c_2_http_g_for_validating_parsers_and_for_backwards_compatibility() {
        // "http:g = http:g ; for validating parsers
        //         | http://a/b/c/g ; for backwards compatibility"
        let answer = |reading, reference| resolve_both(BASE, reference, with(&[reading]));
        assert_eq!(
            answer("same-scheme=strict", "http:g").as_deref(),
            Ok("http:g")
        );
        assert_eq!(
            answer("same-scheme=non-strict", "http:g").as_deref(),
            Ok("http://a/b/c/g")
        );
        assert_eq!(
            answer("same-scheme=non-strict", "HTTP:g").as_deref(),
            Ok("http://a/b/c/g")
        );
        // Step 2 has been passed, so an empty path is merged, not the document.
        assert_eq!(
            answer("same-scheme=non-strict", "http:").as_deref(),
            Ok("http://a/b/c/")
        );
        // The scheme is only removed where the base is hierarchical.
        let non_strict = Readings {
            same_scheme: SameScheme::NonStrict,
            ..Readings::default()
        };
        assert_eq!(
            resolve_both("foo:bar", "foo:g", non_strict).as_deref(),
            Ok("foo:g")
        );
        assert_eq!(
            resolve_both("foo:/bar", "foo:g", non_strict).as_deref(),
            Ok("foo:/g")
        );
    }

    #[test]
    fn step6a_base_with_an_authority_and_no_path() {
        let answer = |reading, reference| resolve_both("http://a", reference, with(&[reading]));
        assert_eq!(
            answer("empty-base-path=slash", "g").as_deref(),
            Ok("http://a/g")
        );
        assert_eq!(
            answer("empty-base-path=literal", "g").as_deref(),
            Ok("http://ag")
        );
        assert_eq!(
            answer("empty-base-path=slash", "?y").as_deref(),
            Ok("http://a/?y")
        );
        assert_eq!(
            answer("empty-base-path=literal", "?y").as_deref(),
            Ok("http://a?y")
        );
    }

    #[test]
    fn absolute_paths_and_network_paths_keep_their_dots() {
        check(&[
            ("//g/./x/../y", "http://g/./x/../y"),
            ("/a/../b", "http://a/a/../b"),
            ("g:a/../b", "g:a/../b"),
            // Empty components are kept, as in step 7's note.
            ("?", "http://a/b/c/?"),
            ("//", "http://"),
            ("g?#", "http://a/b/c/g?#"),
        ]);
    }
}
