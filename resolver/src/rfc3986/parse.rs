//! RFC 3986 Appendix B: breaking a URI reference into its five components
//! with the regular expression
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! matched here by hand, group by group, left to right: the expression is
//! greedy and each group stops at a fixed set of delimiters, so one scan per
//! group gives the same match a POSIX engine would.

use std::fmt;

/// The five components of section 3, `scheme ":" "//" authority path "?"
/// query "#" fragment`, borrowed from the parsed string.
///
/// Section 5.2.1: "A component is undefined if its associated delimiter
/// does not appear in the URI reference; the path component is never
/// undefined, though it may be empty." Undefined is `None`; defined and
/// empty is `Some("")`. Unlike RFC 1808, RFC 3986 keeps the two apart all
/// the way to the result (section 5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// `$2`: before the first `:`, if no `/`, `?` or `#` comes first.
    pub scheme: Option<&'a str>,
    /// `$4`: after `//`, up to the next `/`, `?` or `#`.
    pub authority: Option<&'a str>,
    /// `$5`: up to the first `?` or `#`, with its leading `/` when there is
    /// one: in RFC 3986 the slash is part of the path.
    pub path: &'a str,
    /// `$7`: after the first `?`, up to the first `#`.
    pub query: Option<&'a str>,
    /// `$9`: after the first `#`.
    pub fragment: Option<&'a str>,
}

/// Parses `reference` with the regular expression of Appendix B. Every
/// string matches it: the expression only splits, it never rejects.
///
/// Choice (vector `rfc3986/appendix-b-scheme-not-validated`): the scheme is
/// `$2` as the expression matches it, `[^:/?#]+`, without the `ALPHA *(
/// ALPHA / DIGIT / "+" / "-" / "." )` of section 3.1. Appendix B is "for
/// breaking-down a well-formed URI reference"; on other strings, matching
/// it as written is the one answer that needs no further rule.
pub fn parse(reference: &str) -> Components<'_> {
    let bytes = reference.as_bytes();
    let mut at = 0;

    // `(([^:/?#]+):)?`: groups 1 and 2, the scheme and its colon.
    let scheme_end = bytes
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .unwrap_or(bytes.len());
    let scheme = if scheme_end > 0 && bytes.get(scheme_end) == Some(&b':') {
        at = scheme_end + 1;
        Some(&reference[..scheme_end])
    } else {
        None
    };

    // `(//([^/?#]*))?`: groups 3 and 4, the authority after `//`.
    let authority = if bytes[at..].starts_with(b"//") {
        let start = at + 2;
        at = start + until(&bytes[start..], |c| matches!(c, b'/' | b'?' | b'#'));
        Some(&reference[start..at])
    } else {
        None
    };

    // `([^?#]*)`: group 5, the path, which is always there.
    let path_start = at;
    at += until(&bytes[at..], |c| matches!(c, b'?' | b'#'));
    let path = &reference[path_start..at];

    // `(\?([^#]*))?`: groups 6 and 7, the query after `?`.
    let query = if bytes.get(at) == Some(&b'?') {
        let start = at + 1;
        at = start + until(&bytes[start..], |c| c == b'#');
        Some(&reference[start..at])
    } else {
        None
    };

    // `(#(.*))?`: groups 8 and 9, the fragment after `#`. Only `#` can be
    // left here, since groups 5 and 7 stop at nothing else.
    let fragment = (at < bytes.len()).then(|| &reference[at + 1..]);

    Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// The length of the longest prefix of `bytes` with no byte that `stop`
/// accepts: a `[^...]*` group.
fn until(bytes: &[u8], stop: impl Fn(u8) -> bool) -> usize {
    bytes.iter().position(|&c| stop(c)).unwrap_or(bytes.len())
}

impl fmt::Display for Components<'_> {
    /// Section 5.3, Component Recomposition: "Parsed URI components can be
    /// recomposed to obtain the corresponding URI reference string." For a
    /// parsed string, `parse(s).to_string() == s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(authority) = self.authority {
            write!(f, "//{authority}")?;
        }
        f.write_str(self.path)?;
        if let Some(query) = self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_b_example() {
        // "http://www.ics.uci.edu/pub/ietf/uri/#Related": $2, $4, $5, $7, $9.
        assert_eq!(
            parse("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            Components {
                scheme: Some("http"),
                authority: Some("www.ics.uci.edu"),
                path: "/pub/ietf/uri/",
                query: None,
                fragment: Some("Related"),
            }
        );
    }

    #[test]
    fn section_5_4_base() {
        assert_eq!(
            parse("http://a/b/c/d;p?q"),
            Components {
                scheme: Some("http"),
                authority: Some("a"),
                path: "/b/c/d;p",
                query: Some("q"),
                fragment: None,
            }
        );
    }

    #[test]
    fn empty_and_undefined_components_are_told_apart() {
        assert_eq!(parse(""), Components::default());
        let empty = parse("//?#");
        assert_eq!(
            (empty.authority, empty.path, empty.query, empty.fragment),
            (Some(""), "", Some(""), Some(""))
        );
        assert_eq!(parse("?").query, Some(""));
        assert_eq!(parse("?").fragment, None);
        assert_eq!(parse("#").fragment, Some(""));
        assert_eq!(parse("#").query, None);
    }

    #[test]
    fn scheme_is_whatever_precedes_the_first_colon_before_any_delimiter() {
        assert_eq!(parse("g:h").scheme, Some("g"));
        assert_eq!(parse(":g").scheme, None);
        assert_eq!(parse(":g").path, ":g");
        assert_eq!(parse("./g:h").scheme, None);
        assert_eq!(parse("g?h:i").scheme, None);
        assert_eq!(parse("g#h:i").scheme, None);
        // Not a scheme by section 3.1's grammar, but $2 of Appendix B.
        assert_eq!(parse("1 a:b").scheme, Some("1 a"));
        assert_eq!(parse("http:").path, "");
    }

    #[test]
    fn authority_stops_at_slash_query_or_fragment() {
        assert_eq!(parse("//g?y").authority, Some("g"));
        assert_eq!(parse("//g#s").authority, Some("g"));
        assert_eq!(parse("//g/h").path, "/h");
        assert_eq!(parse("///g").authority, Some(""));
        assert_eq!(parse("///g").path, "/g");
        assert_eq!(parse("/g//h").authority, None);
        assert_eq!(parse("a://").authority, Some(""));
    }

    #[test]
    fn query_runs_to_the_fragment_and_the_fragment_to_the_end() {
        let parsed = parse("g?y/./x?z#s/../x?#");
        assert_eq!(parsed.path, "g");
        assert_eq!(parsed.query, Some("y/./x?z"));
        assert_eq!(parsed.fragment, Some("s/../x?#"));
    }

    #[test]
    fn recomposing_gives_back_the_input() {
        for s in [
            "",
            "http://a/b/c/d;p?q",
            "//",
            "?",
            "#",
            "//?#",
            "a:",
            ":",
            "a://b//c",
            "#?//:",
            "g;x=1/../y",
            "ü://ß/é?ö#ä",
        ] {
            assert_eq!(parse(s).to_string(), s);
        }
    }
}
