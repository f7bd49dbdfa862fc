//! The places where RFC 3986's resolution can be read more than one way:
//! [`REGISTRY`], in the shape of RFC 1808's registry, and the [`Readings`]
//! the resolver runs under. [`BASE_NORMALIZATION`] says how the four
//! `base-*` ambiguities, section 5.2.1's optional normalization of the
//! base, fit together.

use std::fmt;
use std::str::FromStr;

use crate::spec_readings::{self, reading_enum, readings_struct, Ambiguity, Reading, ReadingError};

/// Section 5.2.1's optional normalization of the base, as the `base-*`
/// ambiguities read it: what `docs/readings-rfc3986.md` says of them
/// together.
pub const BASE_NORMALIZATION: &str = "Section 5.2.1: \"Normalization of the base URI, as \
described in Sections 6.2.2 and 6.2.3, is optional.\" Each technique of those sections is an \
ambiguity of its own: `base-case` (6.2.2.1), `base-percent-encoding` (6.2.2.1 and 6.2.2.2), \
`base-dot-segments` (6.2.2.3), and for 6.2.3 `base-port` and `base-empty-path`. They are \
independent, any combination a reading of its own: section 6.2.2 lists \"such techniques as \
case normalization, percent-encoding normalization, and removal of dot-segments\", each in a \
section of its own, section 5.2.1 allows normalization without asking for all of it, and \
libraries apply some without the others (CPython's urllib, Go's net/url, Ruby's uri and \
tcllib lower-case the base's scheme and not its host; Ruby's uri elides a default port and \
keeps an empty path, Node's legacy url writes an empty http path `/` and keeps port 80). The defaults of section 6.2.3 are known for `http` and `https` only (`base-port`, \
`base-empty-path` say why). Where several apply, the resolver applies them in the order that \
gives the normal form: percent-encodings, then case (a host `%41` decoded to `A` is then \
lower-cased), then dot segments, then ports and the empty path (the empty path made `/` is the \
one left after the dots). Only the base is normalized: \"A URI reference must be transformed \
to its target URI before it can be normalized\" (section 5.2.1), so an implementation that \
normalizes what comes from the reference (`//A/x` answered `//a/x`), or its whole result, \
fails under every reading. RFC 2396 has no such allowance (its readings say why).";

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
        name: "base-case",
        question: "Is the base's scheme, or its scheme and host, lower-cased before its \
               components are taken? (`HTTP://User@A/b/c` + `g`: as written, the target is \
               `HTTP://User@A/b/g`.) Section 5.2.1 lets a resolver normalize the base only; \
               the userinfo, path and query keep their case under every reading (section \
               6.2.2.1: \"The other generic syntax components are assumed to be \
               case-sensitive\"), and the hex digits of a percent-encoding are \
               `base-percent-encoding`'s.",
        sections: "3.1, 3.2.1, 3.2.2, 5.2.1, 6.2.2.1",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The base is taken as written: `HTTP://User@A/b/c` + `g` gives \
                      `HTTP://User@A/b/g`.",
                support: "Section 5.2.2: \"T.scheme = Base.scheme\", \"T.authority = \
                      Base.authority\": the pseudocode copies the base's components as they \
                      are.",
            },
            Reading {
                name: "scheme",
                meaning: "The base's scheme is lower-cased and nothing else: `HTTP://User@A/b/c` \
                      + `g` gives `http://User@A/b/g`.",
                support: "Section 3.1: \"An implementation should accept uppercase letters as \
                      equivalent to lowercase in scheme names (e.g., allow \"HTTP\" as well as \
                      \"http\") for the sake of robustness but should only produce lowercase \
                      scheme names for consistency\"; section 5.2.1: \"Normalization of the \
                      base URI, as described in Sections 6.2.2 and 6.2.3, is optional.\"",
            },
            Reading {
                name: "scheme-and-host",
                meaning: "The base's scheme and host are lower-cased, its userinfo is not: \
                      `HTTP://User@A/b/c` + `g` gives `http://User@a/b/g`. A percent-encoding \
                      in the host keeps its hex digits (`%4A`).",
                support: "Section 6.2.2.1: \"the scheme and host are case-insensitive and \
                      therefore should be normalized to lowercase\"; section 3.2.2: \
                      \"producers and normalizers should use lowercase for registered names \
                      and hexadecimal addresses for the sake of uniformity, while only using \
                      uppercase letters for percent-encodings\".",
            },
        ],
        why_default: "Normalization is optional, and the pseudocode without it copies the base \
                  as written. What comes from the reference is never normalized, under any \
                  reading: section 5.2.1, \"A URI reference must be transformed to its target \
                  URI before it can be normalized\", so `//A/x` answered `//a/x`, or a whole \
                  result lower-cased, is a failure.",
    },
    Ambiguity {
        name: "base-percent-encoding",
        question: "Are the base's percent-encodings normalized before its components are \
               taken: their hex digits upper-cased (`%7e` as `%7E`, `%2f` as `%2F`), and \
               those of unreserved characters decoded (`%7E` as `~`)? (`http://a/%7e/b` + \
               `g`: as written, `http://a/%7e/g`.) Every component of the base is \
               normalized alike: userinfo, host, path and query.",
        sections: "2.1, 2.3, 5.2.1, 6.2.2.1, 6.2.2.2",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The base's percent-encodings are taken as written: `http://a/%7e/b` + \
                      `g` gives `http://a/%7e/g`.",
                support: "Section 5.2.3: the merge returns \"the reference's path component \
                      appended to all but the last segment of the base URI's path\", as it \
                      is.",
            },
            Reading {
                name: "hex-upper-cased",
                meaning: "Only the hex digits are upper-cased: `http://a/%7e/b` + `g` gives \
                      `http://a/%7E/g`, and `%2f` becomes `%2F`.",
                support: "Section 6.2.2.1: \"For all URIs, the hexadecimal digits within a \
                      percent-encoding triplet (e.g., \"%3a\" versus \"%3A\") are \
                      case-insensitive and therefore should be normalized to use uppercase \
                      letters for the digits A-F.\"",
            },
            Reading {
                name: "unreserved-decoded",
                meaning: "Only the encodings of unreserved characters (letters, digits, `-`, \
                      `.`, `_`, `~`) are decoded, the others kept as written: `http://a/%7e/b` \
                      + `g` gives `http://a/~/g`, and `%2f` stays `%2f`. A `%2E` decoded in the \
                      path is a `.`, which the merge's remove_dot_segments then removes.",
                support: "Section 6.2.2.2: \"These URIs should be normalized by decoding any \
                      percent-encoded octet that corresponds to an unreserved character, as \
                      described in Section 2.3.\"",
            },
            Reading {
                name: "normalized",
                meaning: "Both: unreserved characters decoded, the other hex digits \
                      upper-cased: `http://a/%7e/%2f` + `g` gives `http://a/~/g` and \
                      `http://a/%2f/b` + `g` gives `http://a/%2F/g`.",
                support: "Section 6.2.2: \"Syntax-based normalization includes such techniques \
                      as case normalization, percent-encoding normalization, and removal of \
                      dot-segments\"; section 2.1: \"URI producers and normalizers should use \
                      uppercase hexadecimal digits for all percent-encodings\".",
            },
        ],
        why_default: "Normalization is optional, and the algorithm without it takes the base's \
                  characters as written; section 2.3 makes the decoded and the encoded forms \
                  name the same resource, not a different answer.",
    },
    Ambiguity {
        name: "base-dot-segments",
        question: "Are the dot segments of the base's path removed before the merge (section \
               6.2.2.3, path segment normalization)? (`foo:/a/./..` + `g`: the merge keeps \
               `/a/./` of the base as it is, normalized first the base path is `/`.)",
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
                meaning: "The base's path is normalized first (remove_dot_segments, section \
                      5.2.4): `foo:/a/./..` + `g` gives `foo:/g`.",
                support: "Section 6.2.2.3: \"URI normalizers should remove dot-segments by \
                      applying the remove_dot_segments algorithm to the path\"; section 5.2.1: \
                      \"Normalization of the base URI, as described in Sections 6.2.2 and \
                      6.2.3, is optional.\"",
            },
        ],
        why_default: "Normalization is optional, and the algorithm without it is the one the \
                  section spells out.",
    },
    Ambiguity {
        name: "base-port",
        question: "Is the base's port elided, with its `:`, before its components are taken, \
               when it is empty (`http://a:/b`) or its scheme's default (`http://a:80/b`)? \
               (`http://a:80/b` + `g`: as written, `http://a:80/g`.) The defaults known are \
               `http`'s (80) and `https`'s (443); a port that comes from the reference is \
               never elided.",
        sections: "3.2.3, 5.2.1, 6.2.3",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The base's port is taken as written: `http://a:80/b` + `g` gives \
                      `http://a:80/g`, `foo://a:/b` + `g` gives `foo://a:/g`.",
                support: "Section 5.2.2: \"T.authority = Base.authority\", as it is.",
            },
            Reading {
                name: "empty-elided",
                meaning: "An empty port is elided whatever the scheme, and any other kept: \
                      `http://a:/b` + `g` gives `http://a/g`, `foo://a:/b` + `g` gives \
                      `foo://a/g`, `http://a:80/b` + `g` gives `http://a:80/g`.",
                support: "Section 3.2.3: \"URI producers and normalizers should omit the port \
                      component and its \":\" delimiter if port is empty\"; no scheme's \
                      definition is needed to know that a port is empty.",
            },
            Reading {
                name: "http-and-https-elided",
                meaning: "For a base of the `http` or `https` scheme (in any case), an empty \
                      port and the scheme's default are elided: `http://a:80/b` + `g` and \
                      `http://a:/b` + `g` give `http://a/g`, `https://a:443/b` + `g` gives \
                      `https://a/g`; `http://a:443/b` and `http://a:8080/b` keep theirs, and \
                      other schemes keep even an empty port.",
                support: "Section 6.2.3: \"because the \"http\" scheme makes use of an \
                      authority component, has a default port of \"80\", and defines an empty \
                      path to be equivalent to \"/\", the following four URIs are \
                      equivalent\", and \"an explicit \":port\", for which the port is empty or \
                      the default for the scheme, is equivalent to one where the port and its \
                      \":\" delimiter are elided\"; for `https`, RFC 9110 section 4.2.3: \
                      \"Scheme-based normalization (Section 6.2.3 of [URI]) of \"http\" and \
                      \"https\" URIs involves the following additional rules: If the port is \
                      equal to the default port for a scheme, the normal form is to omit the \
                      port subcomponent.\"",
            },
            Reading {
                name: "elided",
                meaning: "Both: an empty port is elided whatever the scheme, and 80 for `http`, \
                      443 for `https`: `foo://a:/b` + `g` gives `foo://a/g`, `http://a:80/b` + \
                      `g` gives `http://a/g`.",
                support: "Section 3.2.3: \"URI producers and normalizers should omit the port \
                      component and its \":\" delimiter if port is empty or if its value would \
                      be the same as that of the scheme's default.\"",
            },
        ],
        why_default: "Normalization is optional, and the algorithm without it takes the base's \
                  authority as written. Only `http` and `https` have a default port here: \
                  section 6.2.3 opens with \"The syntax and semantics of URIs vary from scheme \
                  to scheme, as described by the defining specification for each scheme\", RFC \
                  3986 states the default port of `http` alone, and RFC 9110 (section 4.2.3) \
                  gives `https` the same rules; for another scheme nothing here says which \
                  port is its default. An empty port needs no scheme's definition, hence the \
                  readings that elide it for every scheme.",
    },
    Ambiguity {
        name: "base-empty-path",
        question: "For a base of the `http` or `https` scheme with an authority and an empty \
               path (`http://a`), is the path made `/` before its components are taken? \
               (`http://a` + `?y`: as written, `http://a?y`.) A base of another scheme keeps \
               its empty path under every reading (`foo://a` + `?y` gives `foo://a?y`).",
        sections: "5.2.1, 5.2.2, 5.2.3, 6.2.3",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The empty path is taken as it is: `http://a` + `?y` gives `http://a?y`, \
                      `http://a` + `#s` gives `http://a#s`; a merged path still gets its `/` \
                      (`http://a` + `g` gives `http://a/g`).",
                support: "Section 5.2.2: \"T.path = Base.path\"; section 5.2.3 puts a `/` before \
                      a merged path only: \"If the base URI has a defined authority component \
                      and an empty path, then return a string consisting of \"/\" concatenated \
                      with the reference's path\".",
            },
            Reading {
                name: "http-and-https",
                meaning: "For `http` and `https` (in any case) the empty path is `/`: `http://a` \
                      + `?y` gives `http://a/?y`, `https://a` + `#s` gives `https://a/#s`; \
                      `foo://a` + `?y` stays `foo://a?y`.",
                support: "Section 6.2.3: \"In general, a URI that uses the generic syntax for \
                      authority with an empty path should be normalized to a path of \"/\"\", \
                      and \"http\" \"defines an empty path to be equivalent to \"/\"\"; RFC 9110 \
                      section 4.2.3, for \"http\" and \"https\" URIs: \"an empty path component \
                      is equivalent to an absolute path of \"/\", so the normal form is to \
                      provide a path of \"/\" instead\".",
            },
        ],
        why_default: "Normalization is optional, and the algorithm without it takes the base's \
                  path as written. Only `http` and `https`: section 6.2.3's \"In general\" is \
                  a rule of thumb in a section on scheme-specific rules, and only the \
                  definitions of `http` (section 6.2.3) and `https` (RFC 9110 section 4.2.3) \
                  make the empty path `/`; for another scheme, `foo://a` and `foo://a/` may \
                  name different resources.",
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
    /// `base-case`: the base's scheme and host lower-cased (section 6.2.2.1).
    BaseCase = "base-case" {
        /// Taken as written (the default).
        Kept = "kept",
        /// The scheme lower-cased (section 3.1).
        Scheme = "scheme",
        /// The scheme and the host lower-cased.
        SchemeAndHost = "scheme-and-host",
    }
}

reading_enum! {
    /// `base-percent-encoding`: the base's percent-encodings normalized
    /// (sections 6.2.2.1 and 6.2.2.2).
    BasePercentEncoding = "base-percent-encoding" {
        /// Taken as written (the default).
        Kept = "kept",
        /// Hex digits upper-cased.
        HexUpperCased = "hex-upper-cased",
        /// Unreserved characters decoded.
        UnreservedDecoded = "unreserved-decoded",
        /// Both.
        Normalized = "normalized",
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
    /// `base-port`: the base's empty or default port elided (sections 3.2.3
    /// and 6.2.3).
    BasePort = "base-port" {
        /// Taken as written (the default).
        Kept = "kept",
        /// An empty port elided, whatever the scheme.
        EmptyElided = "empty-elided",
        /// An empty or default port elided, for `http` and `https`.
        HttpAndHttpsElided = "http-and-https-elided",
        /// Both.
        Elided = "elided",
    }
}

reading_enum! {
    /// `base-empty-path`: an `http` or `https` base's empty path made `/`
    /// (section 6.2.3).
    BaseEmptyPath = "base-empty-path" {
        /// Taken as written (the default).
        Kept = "kept",
        /// `/` for `http` and `https`.
        HttpAndHttps = "http-and-https",
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
        base_case: BaseCase,
        base_percent_encoding: BasePercentEncoding,
        base_dot_segments: BaseDotSegments,
        base_port: BasePort,
        base_empty_path: BaseEmptyPath,
        escaped_dots: EscapedDots,
        double_slash_path: DoubleSlashPath,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enums_are_the_registry() {
        spec_readings::check_registry(REGISTRY, Readings::set, Readings::get, &Readings::counts());
        assert_eq!(Readings::every().len(), 2 * 3 * 4 * 2 * 4 * 2 * 2 * 2);
        assert_eq!(Readings::every()[0], Readings::default());
    }

    #[test]
    fn assignments_parse_and_print() {
        spec_readings::check_round_trip(Readings::every());
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
             `base-case`, `base-percent-encoding`, `base-dot-segments`, `base-port`, \
             `base-empty-path`, `escaped-dots`, `double-slash-path`"
        );
        assert_eq!(
            err("same-scheme=strict,same-scheme=non-strict"),
            "rfc3986: ambiguity `same-scheme` is given twice"
        );
    }
}
