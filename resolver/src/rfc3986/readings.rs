//! The places where RFC 3986's resolution can be read more than one way:
//! [`REGISTRY`], in the shape of RFC 1808's registry, and the [`Readings`]
//! the resolver runs under.

use std::fmt;
use std::str::FromStr;

use crate::spec_readings::{self, reading_enum, readings_struct, Ambiguity, Reading, ReadingError};

/// Every ambiguity of RFC 3986 section 5.2 that changes an answer.
pub const REGISTRY: &[Ambiguity] = &[
    Ambiguity {
        name: "same-scheme",
        question:
            "A reference whose scheme is the base's (`http:g` against `http://a/b/c/d;p?q`): \
               is it absolute, or is the scheme ignored and the rest resolved?",
        sections: "5.2.2, 5.4.2",
        readings: &[
            Reading {
                name: "strict",
                meaning: "The scheme makes the reference absolute: `http:g` gives `http:g`.",
                support:
                    "Section 5.4.2: \"\"http:g\" = \"http:g\" ; for strict parsers\"; section \
                      5.2.2: \"if defined(R.scheme) then T.scheme = R.scheme\".",
            },
            Reading {
                name: "non-strict",
                meaning: "A scheme equal to the base's, ignoring case, is dropped and the rest \
                      resolved: `http:g` gives `http://a/b/c/g`.",
                support:
                    "Section 5.2.2: \"A non-strict parser may ignore a scheme in the reference \
                      if it is identical to the base URI's scheme.\"; section 5.4.2: \
                      \"/ \"http://a/b/c/g\" ; for backward compatibility\".",
            },
        ],
        why_default:
            "Section 5.4.2 calls the same-scheme form \"a loophole in prior specifications \
                  of partial URI\" whose \"use should be avoided\"; strict is the pseudocode \
                  without its optional branch.",
    },
    Ambiguity {
        name: "base-dot-segments",
        question: "Are the dot segments of the base's path removed before the merge? \
               (`foo:/a/./..` + `g`: the merge keeps `/a/./` of the base as it is, \
               normalized first the base path is `/`.)",
        sections: "5.2.1, 5.2.3, 6.2.2.3",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The base is taken as it is; the merge drops its last segment, then \
                      remove_dot_segments runs on the merged path: `foo:/a/./..` + `g` gives \
                      `foo:/a/g`.",
                support: "Section 5.2.3: \"return a string consisting of the reference's path \
                      component appended to all but the last segment of the base URI's path\".",
            },
            Reading {
                name: "removed",
                meaning: "The base's path is normalized first (section 6.2.2.3, \
                      remove_dot_segments): `foo:/a/./..` + `g` gives `foo:/g`.",
                support: "Section 5.2.1: \"Normalization of the base URI, as described in \
                      Sections 6.2.2 and 6.2.3, is optional.\"",
            },
        ],
        why_default: "Normalization is optional, and the algorithm without it is the one the \
                  section spells out.",
    },
    Ambiguity {
        name: "escaped-dots",
        question: "Is a percent-encoded dot (`%2E`, `%2e`) a dot to remove_dot_segments: does \
               `%2e%2e/g` climb a segment?",
        sections: "2.3, 5.2.1, 5.2.4, 6.2.2.2",
        readings: &[
            Reading {
                name: "literal",
                meaning: "Only the characters `.` and `..` are dot segments: `%2e%2e/g` against \
                      `http://a/b/c/d;p?q` gives `http://a/b/c/%2e%2e/g`.",
                support: "Section 5.2.4 removes \"the special \".\" and \"..\" complete path \
                      segments\"; section 5.2.1: \"A URI reference must be transformed to its \
                      target URI before it can be normalized.\"",
            },
            Reading {
                name: "decoded",
                meaning: "A segment spelled with `%2E` is the dot segment it decodes to: \
                      `%2e%2e/g` gives `http://a/b/g`.",
                support: "Section 2.3: \"URIs that differ in the replacement of an unreserved \
                      character with its corresponding percent-encoded US-ASCII octet are \
                      equivalent\"; percent-encoded periods \"should be decoded to their \
                      corresponding unreserved characters by URI normalizers\".",
            },
        ],
        why_default: "The algorithm of section 5.2 works on the characters as written and leaves \
                  normalization to after resolution; the decoded answer is equivalent to the \
                  literal one once normalized (section 6.2.2), not a different resource.",
    },
    Ambiguity {
        name: "double-slash-path",
        question: "A target with no authority whose path starts with `//` (`foo:/a` + `..//g`): \
               section 5.3 writes `foo://g`, which parses back with an authority `g`. Is \
               that the answer, or is the path kept a path?",
        sections: "3.3, 5.2.4, 5.3",
        readings: &[
            Reading {
                name: "literal",
                meaning: "The components are recomposed as section 5.3 says: `foo:/a` + `..//g` \
                      gives `foo://g`.",
                support: "Section 5.2: \"This algorithm provides definitive results that can be \
                      used to test the output of other implementations.\"",
            },
            Reading {
                name: "dot-prefix",
                meaning: "`/.` is written before such a path, which keeps it a path and names the \
                      same resource: `foo:/a` + `..//g` gives `foo:/.//g`.",
                support: "Section 3.3: \"If a URI does not contain an authority component, then \
                      the path cannot begin with two slash characters (\"//\")\"; section \
                      5.2.4 makes `/./` and `/` the same path.",
            },
        ],
        why_default: "The project's reference transcribes the RFC's algorithm; the dot-prefix \
                  answer is a repair that section 5 does not describe.",
    },
];

reading_enum! {
    /// `same-scheme`: section 5.2.2's strict and non-strict parsers.
    SameScheme = "same-scheme" {
        /// The scheme makes the reference absolute (the default).
        Strict = "strict",
        /// A scheme equal to the base's is ignored.
        NonStrict = "non-strict",
    }
}

reading_enum! {
    /// `base-dot-segments`: the base's path normalized before the merge.
    BaseDotSegments = "base-dot-segments" {
        /// Taken as it is (the default).
        Kept = "kept",
        /// Removed first, as section 6.2.2.3 normalizes.
        Removed = "removed",
    }
}

reading_enum! {
    /// `escaped-dots`: `%2E` in a dot segment.
    EscapedDots = "escaped-dots" {
        /// Not a dot (the default).
        Literal = "literal",
        /// A dot.
        Decoded = "decoded",
    }
}

reading_enum! {
    /// `double-slash-path`: a path starting with `//` and no authority.
    DoubleSlashPath = "double-slash-path" {
        /// Written as it is (the default).
        Literal = "literal",
        /// Written after `/.`.
        DotPrefix = "dot-prefix",
    }
}

readings_struct! {
    ///
    /// ```
    /// use rfc1808_resolver::rfc3986::{Readings, SameScheme};
    ///
    /// let readings: Readings = "same-scheme=non-strict".parse().unwrap();
    /// assert_eq!(readings.same_scheme, SameScheme::NonStrict);
    /// assert_eq!(
    ///     "same-scheme=lax".parse::<Readings>().unwrap_err().to_string(),
    ///     "rfc3986: ambiguity `same-scheme` has no reading `lax`, expected one of `strict`, `non-strict`"
    /// );
    /// ```
    "rfc3986" {
        same_scheme: SameScheme,
        base_dot_segments: BaseDotSegments,
        escaped_dots: EscapedDots,
        double_slash_path: DoubleSlashPath,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enums_are_the_registry() {
        spec_readings::check_registry(REGISTRY, Readings::set, Readings::get);
        let counts = [
            (SameScheme::AMBIGUITY, SameScheme::ALL.len()),
            (BaseDotSegments::AMBIGUITY, BaseDotSegments::ALL.len()),
            (EscapedDots::AMBIGUITY, EscapedDots::ALL.len()),
            (DoubleSlashPath::AMBIGUITY, DoubleSlashPath::ALL.len()),
        ];
        assert_eq!(counts.len(), REGISTRY.len());
        for (name, n) in counts {
            let a = REGISTRY.iter().find(|a| a.name == name).unwrap();
            assert_eq!(a.readings.len(), n, "{name}");
        }
        assert_eq!(Readings::every().len(), 16);
        assert_eq!(Readings::every()[0], Readings::default());
    }

    #[test]
    fn assignments_parse_and_print() {
        for readings in Readings::every() {
            let text = readings.to_string();
            let again = if text == "default" {
                String::new()
            } else {
                text
            };
            assert_eq!(again.parse::<Readings>(), Ok(readings));
        }
        assert_eq!(Readings::default().to_string(), "default");
    }

    #[test]
    fn bad_assignments_say_what_is_allowed() {
        let err = |s: &str| s.parse::<Readings>().unwrap_err().to_string();
        assert_eq!(
            err("strict"),
            "rfc3986: `strict` is not of the form `AMBIGUITY=READING`"
        );
        assert_eq!(
            err("above-root=kept"),
            "rfc3986: unknown ambiguity `above-root`, expected one of `same-scheme`, \
             `base-dot-segments`, `escaped-dots`, `double-slash-path`"
        );
        assert_eq!(
            err("same-scheme=strict,same-scheme=non-strict"),
            "rfc3986: ambiguity `same-scheme` is given twice"
        );
    }
}
