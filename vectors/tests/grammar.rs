//! A vector is `undefined.rfc1808` exactly when its base or its relative
//! URL is outside the grammar of RFC 1808 section 2.2: the RFC defines
//! resolution only for URLs it describes, and section 2 asks that "any
//! document which contains a relative reference does have a base URL that
//! obeys the syntax" (the generic-RL).
//!
//! The recogniser below is the BNF of section 2.2, written for this test
//! alone.

/// Why a string is outside the BNF.
fn outside(s: &str, base: bool) -> Option<String> {
    let (url, fragment) = match s.split_once('#') {
        Some((url, fragment)) => (url, Some(fragment)),
        None => (s, None),
    };
    if let Some(f) = fragment {
        if let Some(why) = chars(f, "fragment", |c| is_uchar(c) || is_reserved(c)) {
            return Some(why);
        }
    }
    let scheme_end = url
        .find(|c: char| !(c.is_ascii_alphanumeric() || "+-.".contains(c)))
        .filter(|&i| i > 0 && url[i..].starts_with(':'));
    match scheme_end {
        // absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) ),
        // and a base must be a generic-RL = scheme ":" relativeURL.
        Some(i) if base => relative_url(&url[i + 1..]),
        Some(i) => chars(&url[i + 1..], "absoluteURL", |c| {
            is_uchar(c) || is_reserved(c)
        }),
        None if base => {
            Some("a base URL needs a scheme (generic-RL = scheme \":\" relativeURL)".into())
        }
        None => relative_url(url),
    }
}

/// relativeURL = net_path | abs_path | rel_path
fn relative_url(s: &str) -> Option<String> {
    if let Some(rest) = s.strip_prefix("//") {
        // net_path = "//" net_loc [ abs_path ]; net_loc = *( pchar | ";" | "?" )
        let end = rest.find('/').unwrap_or(rest.len());
        if let Some(why) = chars(&rest[..end], "net_loc", |c| {
            is_pchar(c) || c == ";" || c == "?"
        }) {
            return Some(why);
        }
        return match &rest[end..] {
            "" => None,
            abs_path => rel_path(&abs_path[1..]),
        };
    }
    match s.strip_prefix('/') {
        Some(rest) => rel_path(rest),
        None => rel_path(s),
    }
}

/// rel_path = [ path ] [ ";" params ] [ "?" query ]
fn rel_path(s: &str) -> Option<String> {
    let (s, query) = match s.split_once('?') {
        Some((s, q)) => (s, Some(q)),
        None => (s, None),
    };
    if let Some(q) = query {
        if let Some(why) = chars(q, "query", |c| is_uchar(c) || is_reserved(c)) {
            return Some(why);
        }
    }
    let (path, params) = match s.split_once(';') {
        Some((p, params)) => (p, Some(params)),
        None => (s, None),
    };
    if let Some(p) = params {
        if let Some(why) = chars(p, "params", |c| is_pchar(c) || c == "/" || c == ";") {
            return Some(why);
        }
    }
    if path.is_empty() {
        return None;
    }
    // path = fsegment *( "/" segment ); fsegment = 1*pchar; segment = *pchar
    if path.starts_with('/') {
        return Some(format!(
            "the path `{path}` starts with an empty segment (fsegment = 1*pchar)"
        ));
    }
    chars(path, "path", |c| is_pchar(c) || c == "/")
}

/// The first character (an escape as one) of `s` that `ok` refuses.
fn chars(s: &str, what: &str, ok: impl Fn(&str) -> bool) -> Option<String> {
    let mut i = 0;
    while i < s.len() {
        let len = if s[i..].starts_with('%') {
            3.min(s.len() - i)
        } else {
            s[i..].chars().next().map_or(1, char::len_utf8)
        };
        let c = &s[i..i + len];
        if !ok(c) {
            return Some(format!("`{c}` is not allowed in the {what} `{s}`"));
        }
        i += len;
    }
    None
}

fn is_uchar(c: &str) -> bool {
    match c.as_bytes() {
        [b'%', h, l] => h.is_ascii_hexdigit() && l.is_ascii_hexdigit(),
        [c] => c.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(c),
        _ => false,
    }
}

fn is_reserved(c: &str) -> bool {
    matches!(c, ";" | "/" | "?" | ":" | "@" | "&" | "=")
}

fn is_pchar(c: &str) -> bool {
    is_uchar(c) || matches!(c, ":" | "@" | "&" | "=")
}

#[test]
fn the_recogniser_follows_the_bnf() {
    for ok in [
        "", "g", "../g", "//g", "///g", "g;x?y#s", "http:", "g:h", "%41", "#", ";", "//h?x/p",
    ] {
        assert_eq!(outside(ok, false), None, "{ok:?}");
    }
    assert_eq!(outside("http://a/b/c/d;p?q#f", true), None);
    assert_eq!(outside("file:///a/b", true), None);
    assert_eq!(
        outside("/b//c", false),
        None,
        "an empty segment after the first is a segment"
    );
    for bad in ["////g", "~u", "a b", "%2", "<g>"] {
        assert!(outside(bad, false).is_some(), "{bad:?}");
    }
    assert!(outside("http://a//", true).is_some());
    assert!(outside("/b/c", true).is_some());
}

#[test]
fn undefined_exactly_when_outside_the_bnf() {
    let corpus = rfc1808_vectors::embedded();
    let mut wrong = Vec::new();
    for v in &corpus.resolve {
        let why = if v.base_or_empty().is_empty() {
            // Step 1 defines the empty base, whatever the embedded URL,
            // and takes no base for an empty one.
            None
        } else {
            outside(v.base_or_empty(), true)
                .map(|why| format!("base: {why}"))
                .or_else(|| outside(&v.relative, false).map(|why| format!("relative: {why}")))
        };
        match (&why, &v.rfc1808().undefined) {
            (Some(why), None) => wrong.push(format!(
                "{} ({}): outside the BNF ({why}) but not `undefined.rfc1808`",
                v.id, v.origin
            )),
            (None, Some(_)) => wrong.push(format!(
                "{} ({}): `undefined.rfc1808` but inside the BNF",
                v.id, v.origin
            )),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
