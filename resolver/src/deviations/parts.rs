//! The parts of a URL the deviations read and replace, and the state of
//! one resolution that the steps of the algorithm share ([`Resolving`]).

use super::*;

/// Whether `scheme` is one of `schemes`, whatever its case.
pub(super) fn one_of(schemes: &[&str], scheme: &str) -> bool {
    schemes.iter().any(|k| k.eq_ignore_ascii_case(scheme))
}

/// The byte offset of `part`, a slice of `whole`, in it.
pub(super) fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// `url` with its path replaced by `path`.
pub(super) fn replace_path(url: &str, path: &str) -> String {
    let c = parse(url);
    let start = offset(url, c.path);
    let mut out = url.to_owned();
    out.replace_range(start..start + c.path.len(), path);
    out
}

/// `url`, which has a host, with `host` in its place.
pub(super) fn replace_host(url: &str, host_now: &str) -> String {
    let authority = parse(url).authority.expect("a host is in an authority");
    let start = offset(url, host_and_port(authority));
    let end = start + host(Some(authority)).map_or(0, str::len);
    let mut out = url.to_owned();
    out.replace_range(start..end, host_now);
    out
}

/// The authority without its userinfo.
pub(super) fn host_and_port(authority: &str) -> &str {
    authority
        .rfind('@')
        .map_or(authority, |at| &authority[at + 1..])
}

/// The host of an authority: without userinfo and port.
pub(super) fn host(authority: Option<&str>) -> Option<&str> {
    let rest = host_and_port(authority?);
    if rest.starts_with('[') {
        return Some(rest.find(']').map_or(rest, |end| &rest[..=end]));
    }
    Some(rest.rfind(':').map_or(rest, |colon| &rest[..colon]))
}

/// The schemes the WHATWG URL Standard calls special but `file`, whose
/// URLs need a host.
pub(super) fn special(scheme: &str) -> bool {
    !scheme.eq_ignore_ascii_case("file") && one_of(&KNOWN_SCHEMES, scheme)
}

/// The path a result has when it is one that starts with `//` without an
/// authority: written after the scheme, where it re-parses as an authority
/// that the target does not have (RFC 3986 5.2.2 gives it the reference's
/// or the base's), or after `/.` (the dot-prefix reading of section 5.3).
pub(super) fn double_slash_path(
    resolved: &str,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Option<String> {
    let out = parse(resolved);
    // RFC 3986 5.2.2: the target's authority is the reference's when it
    // has a scheme or an authority, else the base's; the base's too when a
    // reading merges a reference with the base's scheme (the answer has
    // the base's authority).
    let merged = r.authority.is_none()
        && out.authority == b.authority
        && r.scheme
            .zip(b.scheme)
            .is_some_and(|(r, b)| r.eq_ignore_ascii_case(b));
    let given = if (r.scheme.is_some() && !merged) || r.authority.is_some() {
        r.authority
    } else {
        b.authority
    };
    // A path written `/.//` is escaped only when dot removal made it: the
    // path of a reference, or of the base taken whole, may be `/.//` as
    // written.
    let taken = if r.path.is_empty() { b.path } else { r.path };
    match out.authority {
        Some(authority) if given.is_none() => Some(format!("//{authority}{}", out.path)),
        None if out.path.starts_with("/.//") && out.path != taken => Some(out.path[2..].to_owned()),
        _ => None,
    }
}

/// `resolved`, whose path [`double_slash_path`] found, with `path` in its
/// place and no authority.
pub(super) fn replace_double_slash_path(resolved: &str, path: &str) -> String {
    let out = parse(resolved);
    let scheme = out.scheme.map_or(String::new(), |s| format!("{s}:"));
    let end = offset(resolved, out.path) + out.path.len();
    format!("{scheme}{path}{}", &resolved[end..])
}

/// `url` with its path, query and fragment replaced.
pub(super) fn replace_path_query_fragment(
    url: &str,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let c = parse(url);
    let mut out = url[..offset(url, c.path)].to_owned();
    out.push_str(path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// The port of an authority: the digits after the host's `:`, if it has
/// one.
pub(super) fn port(authority: &str) -> Option<&str> {
    let rest = host_and_port(authority);
    let host = host(Some(authority)).unwrap_or("");
    rest[host.len()..].strip_prefix(':')
}

/// What each step of [`resolve_parsed`] asks of: the reference resolver
/// (with `params-set-apart` applied), the deviations, and the base and
/// reference as written (`base`, `reference`) and parsed (`b`, `r`).
pub(super) struct Resolving<'a> {
    pub(super) reference_resolver: Reference<'a>,
    pub(super) set: Set,
    pub(super) base: &'a str,
    pub(super) reference: &'a str,
    pub(super) b: Components<'a>,
    pub(super) r: Components<'a>,
}

/// Whether Node's url module knows `scheme` to be slashed.
pub(super) fn slashed(scheme: &str) -> bool {
    ["http", "https", "ftp", "gopher", "file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// `url` with its scheme lower-cased.
pub(super) fn lowercase_scheme(url: &str) -> String {
    let mut out = url.to_owned();
    if let Some(scheme) = parse(url).scheme {
        out.replace_range(..scheme.len(), &scheme.to_ascii_lowercase());
    }
    out
}

/// `text` with each percent-encoding of a character `decode` picks decoded,
/// and the hex digits of the others upper-cased when `upper`.
pub(super) fn decode_picked(text: &str, decode: impl Fn(u8) -> bool, upper: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let octet = (bytes[at] == b'%')
            .then(|| text.get(at + 1..at + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match octet {
            Some(c) if decode(c) => out.push(c as char),
            Some(_) if upper => out.push_str(&text[at..at + 3].to_ascii_uppercase()),
            Some(_) => out.push_str(&text[at..at + 3]),
            None => {
                let ch = text[at..].chars().next().expect("at a char boundary");
                out.push(ch);
                at += ch.len_utf8();
                continue;
            }
        }
        at += 3;
    }
    out
}

/// The reserved characters a path segment may hold as they are (RFC 3986
/// 3.3: `pchar` is unreserved, pct-encoded, sub-delims, `:` and `@`).
pub(super) fn segment_reserved(c: u8) -> bool {
    matches!(
        c,
        b':' | b'@' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Those a query or fragment may hold as they are (3.4, 3.5: `/` and `?`
/// too).
pub(super) fn query_reserved(c: u8) -> bool {
    segment_reserved(c) || matches!(c, b'/' | b'?')
}
