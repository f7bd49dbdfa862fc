//! The parts of a URL the deviations read and replace, and how an answer
//! is compared with what the reference gives under a set of them.

use super::write::reserved_decoded_key;
use super::*;

/// Whether `scheme` is one of `schemes`, whatever its case.
pub(super) fn one_of(schemes: &[&str], scheme: &str) -> bool {
    schemes.iter().any(|k| k.eq_ignore_ascii_case(scheme))
}

/// An implementation's answer as a search compares it: a URL, or `Err`
/// for a rejection; with what `percent-encoding-rewritten` compares it by,
/// computed once, when first needed.
pub struct Wanted<'a> {
    answer: Result<&'a str, ()>,
    key: std::cell::OnceCell<String>,
}

impl<'a> Wanted<'a> {
    pub fn new(answer: Result<&'a str, ()>) -> Self {
        Wanted {
            answer,
            key: std::cell::OnceCell::new(),
        }
    }

    /// Whether `resolved`, the reference's answer with the deviations of
    /// `set`, gives this answer: equal, or both rejections; with
    /// `percent-encoding-rewritten`, equal once the reserved characters of
    /// their paths, queries and fragments are decoded and hex digits
    /// upper-cased.
    pub fn given_by(&self, set: Set, resolved: &Result<String, String>) -> bool {
        match (resolved, self.answer) {
            (Ok(url), Ok(want)) => {
                url == want
                    || (set.has(Id::PercentEncodingRewritten)
                        && *self.key.get_or_init(|| reserved_decoded_key(want))
                            == reserved_decoded_key(url))
            }
            (Err(_), Err(())) => true,
            _ => false,
        }
    }
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
