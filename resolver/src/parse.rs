//! RFC 1808 section 2.4: breaking a URL string into the six components of
//! section 2.1, in the order the RFC applies the rules.

use std::fmt;

/// The components of section 2.1,
/// `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`,
/// borrowed from the parsed string.
///
/// `None` means the component's delimiter was not in the string; `Some("")`
/// means the delimiter was there with nothing after it (a trailing `#`, `?`
/// or `;`, or `//` then a slash). The RFC calls both "empty", and the
/// resolution steps treat them alike (see [`Components::is_empty`]); the
/// difference is kept so that [`Components`]'s `Display` gives back the
/// parsed string exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// Section 2.4.2: the characters before the first colon, when they all
    /// may form a scheme name. Case is kept as written.
    pub scheme: Option<&'a str>,
    /// Section 2.4.3: what follows `//` up to the next `/`. It may hold `;`
    /// and `?`, which the BNF allows in a net_loc.
    pub net_loc: Option<&'a str>,
    /// Section 2.4.6: whether the path was preceded by a slash. "Even though
    /// the initial slash is not part of the URL path, the parser must
    /// remember whether or not it was present."
    pub slash: bool,
    /// Section 2.4.6: the path, without its initial slash.
    pub path: &'a str,
    /// Section 2.4.5: after the first `;`.
    pub params: Option<&'a str>,
    /// Section 2.4.4: after the first `?`.
    pub query: Option<&'a str>,
    /// Section 2.4.1: after the first `#`.
    pub fragment: Option<&'a str>,
}

/// Whether `c` may appear in a scheme name (section 2.4.2: "an alphanumeric,
/// plus "+", period ".", or hyphen "-"").
pub fn is_scheme_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-')
}

/// Parses `url` as section 2.4 describes. Every string parses: the RFC's
/// rules only split, they never reject.
pub fn parse(url: &str) -> Components<'_> {
    let mut rest = url;

    // 2.4.1 Parsing the Fragment Identifier: after the first (left-most) "#".
    let fragment = split_off_after(&mut rest, b'#');

    // 2.4.2 Parsing the Scheme: a colon "after the first character and before
    // any characters not allowed as part of a scheme name".
    //
    // Choice (vector `interpretation/scheme-digit-first`): the RFC's rule
    // admits any scheme character first, digits included, as the BNF
    // `scheme = 1*( alpha | digit | "+" | "-" | "." )` does, and so does RFC
    // 1738's `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`. The rule
    // that a scheme starts with a letter came later, with RFC 2396.
    let scheme = match rest.bytes().position(|c| !is_scheme_char(c)) {
        Some(colon) if colon > 0 && rest.as_bytes()[colon] == b':' => {
            let scheme = &rest[..colon];
            rest = &rest[colon + 1..];
            Some(scheme)
        }
        _ => None,
    };

    // 2.4.3 Parsing the Network Location/Login: after "//", up to the next "/".
    // This runs before the query and params rules, so "?" and ";" before that
    // slash belong to the net_loc (vector `interpretation/net-loc-with-query-char`).
    let net_loc = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.bytes().position(|c| c == b'/').unwrap_or(after.len());
            rest = &after[end..];
            Some(&after[..end])
        }
        None => None,
    };

    // 2.4.4 Parsing the Query Information: after the first "?".
    let query = split_off_after(&mut rest, b'?');

    // 2.4.5 Parsing the Parameters: after the first ";".
    let params = split_off_after(&mut rest, b';');

    // 2.4.6 Parsing the Path: what is left, with the slash that may precede it.
    let (slash, path) = match rest.strip_prefix('/') {
        Some(path) => (true, path),
        None => (false, rest),
    };

    Components {
        scheme,
        net_loc,
        slash,
        path,
        params,
        query,
        fragment,
    }
}

/// Removes from `rest` the first `delimiter` and everything after it, and
/// returns what followed the delimiter.
fn split_off_after<'a>(rest: &mut &'a str, delimiter: u8) -> Option<&'a str> {
    let at = rest.bytes().position(|c| c == delimiter)?;
    let after = &rest[at + 1..];
    *rest = &rest[..at];
    Some(after)
}

impl Components<'_> {
    /// Whether the string was entirely empty (Step 2a).
    pub fn is_empty(&self) -> bool {
        // Field by field: comparing with `Components::default()` costs a
        // string comparison per field.
        self.scheme.is_none()
            && self.net_loc.is_none()
            && !self.slash
            && self.path.is_empty()
            && self.params.is_none()
            && self.query.is_none()
            && self.fragment.is_none()
    }
}

/// The RFC's "empty": absent, or present with nothing in it.
pub(crate) fn is_empty(component: Option<&str>) -> bool {
    component.is_none_or(str::is_empty)
}

impl fmt::Display for Components<'_> {
    /// Recomposes the components into the string they were parsed from.
    ///
    /// This writes exactly what is there and adds nothing: for a parsed
    /// string, `parse(s).to_string() == s`. Recombination after resolution,
    /// which must add a slash after a net_loc, is Step 7 of [`crate::resolve`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(net_loc) = self.net_loc {
            write!(f, "//{net_loc}")?;
        }
        if self.slash {
            f.write_str("/")?;
        }
        f.write_str(self.path)?;
        if let Some(params) = self.params {
            write!(f, ";{params}")?;
        }
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

    fn c<'a>(
        scheme: Option<&'a str>,
        net_loc: Option<&'a str>,
        slash: bool,
        path: &'a str,
        params: Option<&'a str>,
        query: Option<&'a str>,
        fragment: Option<&'a str>,
    ) -> Components<'a> {
        Components {
            scheme,
            net_loc,
            slash,
            path,
            params,
            query,
            fragment,
        }
    }

    #[test]
    fn section_5_base_has_all_six_components() {
        assert_eq!(
            parse("http://a/b/c/d;p?q#f"),
            c(
                Some("http"),
                Some("a"),
                true,
                "b/c/d",
                Some("p"),
                Some("q"),
                Some("f")
            )
        );
    }

    #[test]
    fn fragment_is_split_first_so_it_may_hold_every_delimiter() {
        let parsed = parse("g#s/./x?y;z:w");
        assert_eq!(parsed.fragment, Some("s/./x?y;z:w"));
        assert_eq!(parsed.path, "g");
        assert_eq!(parsed.query, None);
    }

    #[test]
    fn scheme_needs_a_first_character_and_only_scheme_characters() {
        assert_eq!(parse(":g").scheme, None);
        assert_eq!(parse(":g").path, ":g");
        assert_eq!(parse("a+b-c.9:x").scheme, Some("a+b-c.9"));
        assert_eq!(parse("9:x").scheme, Some("9"));
        assert_eq!(parse("HTTP:x").scheme, Some("HTTP"));
        assert_eq!(parse("g/h:i").scheme, None);
        assert_eq!(parse("a_b:c").scheme, None);
        assert_eq!(parse("http:").scheme, Some("http"));
        assert_eq!(parse("http:").path, "");
    }

    #[test]
    fn net_loc_runs_to_the_next_slash_and_keeps_query_and_params_characters() {
        let parsed = parse("//h;x?y/p?q");
        assert_eq!(parsed.net_loc, Some("h;x?y"));
        assert_eq!((parsed.slash, parsed.path), (true, "p"));
        assert_eq!(parsed.query, Some("q"));
        assert_eq!(parse("//").net_loc, Some(""));
        assert_eq!(parse("///g").net_loc, Some(""));
        assert_eq!(parse("/g//h").net_loc, None);
    }

    #[test]
    fn query_is_split_before_params_so_a_semicolon_in_the_query_stays_there() {
        let parsed = parse("g?y;z");
        assert_eq!(parsed.query, Some("y;z"));
        assert_eq!(parsed.params, None);
        let parsed = parse("g;x;y?q");
        assert_eq!(parsed.params, Some("x;y"));
        assert_eq!(parsed.query, Some("q"));
    }

    #[test]
    fn trailing_delimiters_give_present_empty_components() {
        let parsed = parse("g;?#");
        assert_eq!(
            (parsed.params, parsed.query, parsed.fragment),
            (Some(""), Some(""), Some(""))
        );
        assert!(!parse("#").is_empty());
        assert!(parse("").is_empty());
    }

    #[test]
    fn recomposing_gives_back_the_input() {
        for s in [
            "",
            "http://a/b/c/d;p?q#f",
            "//",
            "///",
            "g;?#",
            "a:",
            ":",
            "//a?b;c",
            "x://y//z",
            "#?;//:",
        ] {
            assert_eq!(parse(s).to_string(), s);
        }
    }
}
