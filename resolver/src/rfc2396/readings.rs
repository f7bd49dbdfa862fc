//! The places where RFC 2396's resolution can be read more than one way:
//! [`REGISTRY`], in the shape of RFC 1808's registry, and the [`Readings`]
//! the resolver runs under. [`BASE_NORMALIZATION`] says why normalizing
//! the base, a reading of RFC 3986, is none of RFC 2396.

use std::fmt;
use std::str::FromStr;

use crate::rfc3986::SameScheme;
use crate::spec_readings::{self, reading_enum, readings_struct, Ambiguity, Reading, ReadingError};

/// Why RFC 2396 has no readings for a normalized base, as RFC 3986 has
/// (`rfc3986::BASE_NORMALIZATION`): what `docs/readings-rfc2396.md` says
/// of it.
pub const BASE_NORMALIZATION: &str = "RFC 2396 has no sentence like RFC 3986's \"Normalization \
of the base URI ... is optional\" (its section 5.2.1). Section 5.2 parses the base \"into the \
four main components as described in Section 3\" and takes them as they are; the one latitude \
it gives about the base is that \"The base URI's query component is not used by the resolution \
algorithm and may be discarded\". Section 6 says which URIs are equivalent: \"the scheme and \
hostname are case insensitive and a URL with an explicit \":port\", where the port is the \
default for the scheme, is equivalent to one where the port is elided\"; it does not say that a \
resolver may normalize its base, and section 5.2 offers its algorithm as \"an example by which \
the output of implementations can be tested\". So under RFC 2396 an answer resolved against a \
normalized base (`HTTP://A/b/c` + `g` as `http://a/b/g`) fails: the `expected.rfc2396` of the \
vectors keep the base as written, and the `base-*` readings are RFC 3986's only.";

/// Every ambiguity of RFC 2396 section 5.2 that changes an answer.
pub const REGISTRY: &[Ambiguity] = &[
    Ambiguity {
        name: "current-document",
        question: "Step 2's \"reference to the current document\" (`#s`, or the empty \
                   reference): what string does it resolve to? Appendix C prints \
                   `(current document)#s`.",
        sections: "4.2, 5.2 (step 2), C.1, C.2",
        readings: &[
            Reading {
                name: "base",
                meaning: "The current document is the base URI without its fragment; the \
                          reference's fragment follows: `#s` gives `http://a/b/c/d;p?q#s`, \
                          the empty reference `http://a/b/c/d;p?q`.",
                support: "Section 4.2: \"an empty URI reference represents the base URI of the \
                          current document and should be replaced by that URI when transformed \
                          into a request\"; section 4: the fragment \"is not part of a URI\".",
            },
            Reading {
                name: "reference",
                meaning: "\"We are done\" with nothing resolved: the reference stays as it is, \
                          a same-document reference: `#s` gives `#s`, the empty reference the \
                          empty string.",
                support: "Section 5.2, step 2: \"it is a reference to the current document and \
                          we are done\"; section 4.2: \"Traversal of such a reference should \
                          not result in an additional retrieval action.\"",
            },
        ],
        why_default: "A resolver's answer is a URI; section 4.2 names the base URI as the one \
                      to use when a URI is needed, and RFC 1808 before and RFC 3986 after \
                      resolve these references to it.",
    },
    Ambiguity {
        name: "same-scheme",
        question: "A reference whose scheme is the base's (`http:g`): is it absolute, or is \
                   the scheme removed and the rest resolved?",
        sections: "5.2 (step 3), C.2",
        readings: &[
            Reading {
                name: "strict",
                meaning: "The scheme makes the reference absolute: `http:g` gives `http:g`.",
                support: "Appendix C.2: \"http:g = http:g ; for validating parsers\"; step 3: \
                          \"Validating parsers should mark such a misformed relative reference \
                          as an error.\"",
            },
            Reading {
                name: "non-strict",
                meaning: "A scheme equal to the base's, ignoring case, is removed when the base \
                          is hierarchical (it has an authority or a path starting with `/`), \
                          and the rest resolved from step 4 on: `http:g` gives \
                          `http://a/b/c/g`.",
                support: "Section 5.2, step 3: \"For backwards compatibility, an implementation \
                          may work around such references by removing the scheme if it matches \
                          that of the base URI and the scheme is known to always use the \
                          <hier_part> syntax.\"; Appendix C.2: \"| http://a/b/c/g ; for \
                          backwards compatibility\".",
            },
        ],
        why_default: "Appendix C.2 says of the same-scheme form \"Its use should be avoided\", \
                      and step 3 without its work-around is the algorithm as written.",
    },
    Ambiguity {
        name: "empty-base-path",
        question: "Step 6a against a base with an authority and an empty path (`http://a` + \
                   `g`): does the buffer start with `/`?",
        sections: "5.2 (steps 6a, 7); RFC 3986 Appendix D.2",
        readings: &[
            Reading {
                name: "slash",
                meaning: "The merged path starts with `/`: `http://a` + `g` gives \
                          `http://a/g`.",
                support: "Appendix A: `net_path = \"//\" authority [ abs_path ]` and `abs_path \
                          = \"/\" path_segments`: a path after an authority starts with `/`; \
                          RFC 3986 Appendix D.2: \"[RFC2396] section 5.2, step 6a, failed to \
                          account for a base URI with no path.\"",
            },
            Reading {
                name: "literal",
                meaning: "Step 6a copies nothing, step 7 appends the path to the authority as \
                          it is: `http://a` + `g` gives `http://ag`.",
                support: "Section 5.2, step 6a: \"All but the last segment of the base URI's \
                          path component is copied to the buffer.\"; step 7: \"append authority \
                          to result; append path to result\".",
            },
        ],
        why_default: "The literal answer names another host; RFC 3986 records it as a defect of \
                      RFC 2396 and fixes it this way, as this project's RFC 1808 resolver \
                      does in its Step 7.",
    },
    Ambiguity {
        name: "above-root",
        question: "Step 6g: a merged path that still begins with `..` (`../../../g` against \
                   `http://a/b/c/d;p?q`): kept, removed, or an error?",
        sections: "5.2 (step 6g), C.2",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The `..` segments stay in the path: `../../../g` gives \
                          `http://a/../g`.",
                support: "Section 5.2, step 6g: \"Implementations may handle this error by \
                          retaining these components in the resolved path (i.e., treating them \
                          as part of the final URI)\"; Appendix C.2: \"../../../g = \
                          http://a/../g\".",
            },
            Reading {
                name: "removed",
                meaning: "The `..` segments above the root are dropped: `../../../g` gives \
                          `http://a/g`.",
                support: "Section 5.2, step 6g: \"by removing them from the resolved path \
                          (i.e., discarding relative levels above the root)\"; Appendix C.2: \
                          \"the above two references will be interpreted as \"http://a/g\" by \
                          some implementations.\"",
            },
            Reading {
                name: "error",
                meaning: "The reference is rejected: no answer.",
                support: "Section 5.2, step 6g: \"the reference is considered to be in error. \
                          Implementations may handle this error ... by avoiding traversal of \
                          the reference.\"",
            },
        ],
        why_default: "Appendix C.2 prints the kept answer as the result, and the others as what \
                      \"some implementations\" do.",
    },
];

reading_enum! {
    /// `current-document`: what step 2's reference to the current document gives.
    CurrentDocument = "current-document" {
        /// The base URI without its fragment, then the reference's (the default).
        Base = "base",
        /// The reference, unresolved.
        Reference = "reference",
    }
}

reading_enum! {
    /// `empty-base-path`: step 6a against an authority with an empty path.
    EmptyBasePath = "empty-base-path" {
        /// The merged path starts with `/` (the default).
        Slash = "slash",
        /// Nothing is copied; the authority and path are joined as they are.
        Literal = "literal",
    }
}

reading_enum! {
    /// `above-root`: step 6g's `..` left at the start of the path.
    AboveRoot = "above-root" {
        /// Retained in the path (the default).
        Kept = "kept",
        /// Discarded.
        Removed = "removed",
        /// The reference is rejected.
        Error = "error",
    }
}

readings_struct! {
    ///
    /// ```
    /// use rfc1808_resolver::rfc2396::{AboveRoot, Readings};
    ///
    /// let readings: Readings = "above-root=removed".parse().unwrap();
    /// assert_eq!(readings.above_root, AboveRoot::Removed);
    /// ```
    "rfc2396" {
        current_document: CurrentDocument,
        same_scheme: SameScheme,
        empty_base_path: EmptyBasePath,
        above_root: AboveRoot,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enums_are_the_registry() {
        spec_readings::check_registry(REGISTRY, Readings::set, Readings::get, &Readings::counts());
        assert_eq!(Readings::every().len(), 24);
    }

    #[test]
    fn assignments_parse_and_print() {
        spec_readings::check_round_trip(Readings::every());
    }

    #[test]
    fn bad_assignments_say_what_is_allowed() {
        let err = |s: &str| s.parse::<Readings>().unwrap_err().to_string();
        assert_eq!(
            err("above-root=dropped"),
            "rfc2396: ambiguity `above-root` has no reading `dropped`, expected one of \
             `kept`, `removed`, `error`"
        );
        assert_eq!(
            err("6g=kept"),
            "rfc2396: unknown ambiguity `6g`, expected one of `current-document`, \
             `same-scheme`, `empty-base-path`, `above-root`"
        );
    }
}
