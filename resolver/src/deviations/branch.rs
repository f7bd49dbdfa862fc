//! The branch of RFC 3986 5.2.2 taken: the deviations that return a
//! reference unresolved, or the base, refuse a base, or resolve by a
//! branch of their own.

use super::dots::{merges_scheme, resolve_keeping_above_root, resolve_keeping_base_dots};
use super::*;

deviations! {
    UNKNOWN_SCHEME_UNRESOLVED = "unknown-scheme-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("foo:/b/c", "../g"),
        "against a base whose scheme is not http, https, ftp, file, ws or wss, the reference is returned unresolved (as the library parses and writes it: the other deviations listed still apply)",
        "CPython's uses_relative; RFC 3986 5.2 resolves against any absolute-URI, whatever its scheme";
    UNKNOWN_SCHEME_REJECTED = "unknown-scheme-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("foo:/b/c", "g"),
        "against a base whose scheme is not http, https, ftp, file, ws or wss, the reference is rejected",
        "tcllib's uri::split (\"unknown scheme\"); RFC 3986 5.2 resolves against any absolute-URI";
    OPAQUE_BASE_RETURNED = "opaque-base-returned", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("foo:bar", "g"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), the base is returned, with the reference's fragment for its own unless the reference is empty",
        "Ruby's URI::Generic#merge; RFC 3986 5.2.3 merges with a rootless base path (`foo:bar` + `g` is `foo:g`)";
    OPAQUE_BASE_REJECTED = "opaque-base-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("http:bar", "g"),
        "against an opaque base, anything but a fragment-only reference is rejected",
        "the WHATWG URL Standard (a base with an opaque path has no relative state); RFC 3986 5.2.3 merges with it";
    BASE_FRAGMENT_KEPT = "base-fragment-kept", false,
        [None, Some("4.2, 5.2 step 2"), Some("5.2.2")], ("http://a/b#f", ""),
        "a reference with no path and no fragment keeps the base's fragment (an empty one gives the base whole)",
        "Go's ResolveReference, Ruby's merge, CPython's urljoin, Perl's URI; RFC 3986 5.2.2 takes T.fragment from the reference (RFC 1808 reads an empty reference as the current document, a reading)";
    DOTS_KEPT_IN_ABSOLUTE = "dots-kept-in-absolute", false,
        [None, None, Some("5.2.2")], ("http://a/b/c/d;p?q", "//x/../g"),
        "a reference with a scheme or an authority keeps its dot segments",
        "CPython, Ruby, tcllib, Node's url.resolve, oxiri; RFC 3986 5.2.2 sets T.path = remove_dot_segments(R.path) in both branches (RFC 1808 and RFC 2396 return them as written)";
    QUERY_KEEPS_PATH = "query-reference-keeps-path", false,
        [None, Some("5.2 step 6"), None], ("http://a/b/c/d;p?q", "?y"),
        "a query-only reference keeps the base's whole path, as RFC 1808 and RFC 3986 do",
        "Perl's URI under RFC 2396, whose step 6 merges the empty path and drops the base's last segment (Appendix C: `?y` is `http://a/b/c/?y`)";
    QUERY_IN_BASE_FRAGMENT = "query-in-base-fragment", false,
        [Some("4 step 5"), Some("5.2"), Some("5.2.2")], ("http://a/b#f", "?y"),
        "a query-only reference is appended to the base's text cut at its `?`, so a base with a fragment and no query keeps the fragment, which takes the query in",
        "Apache HttpClient's URIUtils.resolve, libcurl's concat_url; every spec takes the fragment from the reference alone (RFC 3986 5.2.2: T.fragment = R.fragment), and the base's path and the reference's query (RFC 2396 merges the path)";
    OPAQUE_BASE_UNRESOLVED = "opaque-base-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("http:bar", "g"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), a reference without a scheme is returned unresolved (as the library parses and writes it)",
        "java.net.URI.resolve (\"if this URI is opaque, then the given URI is returned\"), and Apache HttpClient's URIUtils.resolve, which calls it; RFC 3986 5.2.3 merges with a rootless base path (`foo:bar` + `g` is `foo:g`), RFC 2396 leaves an opaque base undefined";
    HOST_AS_FIRST_SEGMENT = "host-as-first-segment", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3")], ("a://h/b/c", "../../g"),
        "against a base with a scheme other than http, https, ftp, gopher or file and an authority, or a rootless path whose first segment is read as one, a path reference resolves the host as the first segment of the path: `..` climbs into it and an absolute path replaces it (`a://h/b/c` + `../../g` is `a://g`, + `/g` is `a:///g`; `mailto:x@y` + `g` is `mailto:x@g`)",
        "Node's url.resolve (\"a non-slashed url\": relative links crawl up to the hostname); RFC 3986 5.2.2 keeps the base's authority for every path reference";
    EMPTY_PORT_BASE_UNRESOLVED = "empty-port-base-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("http://a:/b", "g"),
        "against a base with an empty port (a `:` after the host and no digits), the reference is returned unresolved (as the library parses and writes it)",
        "libxml2 (xmlBuildURI cannot parse the base, and gives the reference back); RFC 3986 3.2.3 allows an empty port, and 5.2 resolves against any absolute URI";
    BASE_DIRECTORY_DECODED = "base-directory-decoded", false,
        [None, Some("5.2"), Some("5.2.3")], ("http://a/b%20c/d", "g"),
        "when a reference's path is merged with a base path that does not end in `/`, the base's directory is percent-decoded first (each escape of valid UTF-8, whatever it decodes to): a `%2F` then ends a segment, a `%2E` makes a dot segment, a `%20` is a space (`g` against `http://a/b%20c/d` is `http://a/b c/g`)",
        "yarl (URL.join merges with URL.parts, the base's decoded segments); RFC 3986 5.2.3 appends the reference's path to the base's as written, and 2.2: `%2F` and `/` are not equivalent";
    PARAMS_SET_APART = "params-set-apart", false,
        [None, Some("3.3, 5.2 step 6"), Some("3.3, 5.2.4")], ("http://a/b/c", ".;a"),
        "the `;params` of the reference's last segment (from its first `;`) are set apart while its path is resolved, then written after the result's path, as RFC 1808's parsing sets them apart: `.;a` is `.` with the params `;a` (`.;a` against `http://a/b/c` is `http://a/b/;a`)",
        "CPython's urljoin (urlparse splits `;params` off the last segment, as RFC 1808 2.4.5 does); RFC 3986 3.3: `;` is a path character, and 5.2.4 removes only the complete segments `.` and `..`, so `.;a` is a segment of its own, as in RFC 2396 3.3 and 5.2 step 6";
}

/// The first step of [`resolve`]: a base of a scheme the library does not
/// know, or with no `/` after its scheme, may be refused (`Err`), or give
/// an answer at once (`Break`); else whether the reference is left
/// unresolved (`Continue`). `b` and `r` are `base` and `reference` parsed.
pub(super) fn branch_before_resolving(
    set: Set,
    base: &str,
    reference: &str,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<ControlFlow<String, bool>, String> {
    use Id::*;
    // The branch taken before any resolving. A reference left unresolved
    // is still parsed and written back as the library does: the
    // deviations of parsing and recomposition apply to it (below).
    if !known_scheme(b) && set.has(UnknownSchemeRejected) {
        return Err(UnknownSchemeRejected.name().to_owned());
    }
    // Opaque: no `/` after the scheme; WHATWG counts an empty path too.
    let no_slash = b.scheme.is_some() && b.authority.is_none() && !b.path.starts_with('/');
    let opaque = no_slash && !b.path.is_empty();
    let unresolved = (!known_scheme(b) && set.has(UnknownSchemeUnresolved))
        || (set.has(EmptyPortBaseUnresolved)
            && b.authority.is_some_and(|a| host_and_port(a).ends_with(':')))
        || (set.has(OpaqueBaseUnresolved) && opaque && r.scheme.is_none());
    if no_slash && !unresolved {
        let fragment_only =
            r.scheme.is_none() && r.authority.is_none() && r.path.is_empty() && r.query.is_none();
        if set.has(OpaqueBaseRejected) && !fragment_only && r.scheme.is_none() {
            return Err(OpaqueBaseRejected.name().to_owned());
        }
        if set.has(OpaqueBaseReturned) && opaque && r.scheme.is_none() {
            let returned = match (reference.is_empty(), b.fragment) {
                (true, _) | (false, None) => base.to_owned(),
                (false, Some(fragment)) => base[..base.len() - fragment.len() - 1].to_owned(),
            };
            let returned = match r.fragment {
                Some(fragment) => format!("{returned}#{fragment}"),
                _ => returned,
            };
            // As the reference is written back (below), with its scheme.
            return Ok(ControlFlow::Break(if set.has(SchemeLowercased) {
                lowercase_scheme(&returned)
            } else {
                returned
            }));
        }
    }
    Ok(ControlFlow::Continue(unresolved))
}

impl Resolving<'_> {
    /// Whether the reference has no scheme, authority or path.
    fn no_path(&self) -> bool {
        let r = &self.r;
        r.scheme.is_none() && r.authority.is_none() && r.path.is_empty()
    }

    /// The branch of 5.2.2 taken, as `set` changes it.
    pub(super) fn branch_taken(&self) -> Result<String, String> {
        use Id::*;
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        // The branches of 5.2.2 that keep the reference as it is.
        let no_path = self.no_path();
        let query_only = no_path && r.fragment.is_none() && r.query.is_some();
        let resolved = if set.has(BaseFragmentKept) && reference.is_empty() {
            // The base, as the reading at hand has it, with its fragment.
            let resolved = reference_resolver(base, "")?;
            match b.fragment {
                Some(fragment) if parse(&resolved).fragment.is_none() => {
                    format!("{resolved}#{fragment}")
                }
                _ => resolved,
            }
        } else if set.has(QueryInBaseFragment)
            && query_only
            && b.query.is_none()
            && b.fragment.is_some()
        {
            format!("{base}{reference}")
        } else if set.has(QueryKeepsPath) && no_path && r.query.is_some() {
            let end = offset(base, b.path) + b.path.len();
            let fragment = match (set.has(BaseFragmentKept), b.fragment, r.fragment) {
                (true, Some(f), None) => format!("#{f}"),
                _ => String::new(),
            };
            format!("{}{reference}{fragment}", &base[..end])
        } else if set.has(HostAsFirstSegment)
            && b.scheme.is_some_and(|s| !slashed(s))
            && (b.authority.is_some() || !(b.path.is_empty() || b.path.starts_with('/')))
            && r.scheme.is_none()
            && r.authority.is_none()
            && !r.path.is_empty()
        {
            resolve_host_as_segment(&b, &r)
        } else {
            self.merge_taken()?
        };
        Ok(resolved)
    }

    /// The branches of [`Resolving::branch_taken`] that merge or resolve.
    fn merge_taken(&self) -> Result<String, String> {
        use Id::*;
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        let resolved = if set.has(BaseDirectoryDecoded)
            && (r.scheme.is_none()
                || merges_scheme(reference_resolver, b.scheme, r.scheme.unwrap_or_default())?)
            && r.authority.is_none()
            && !r.path.is_empty()
            && !r.path.starts_with('/')
            && !b.path.ends_with('/')
            && b.path.contains('%')
        {
            merge_decoded_directory(base, &b, &r)
        } else if set.has(DotsKeptInAbsolute) && r.scheme.is_some() {
            reference.to_owned()
        } else if set.has(DotsKeptInAbsolute) && r.authority.is_some() {
            match b.scheme {
                Some(scheme) => format!("{scheme}:{reference}"),
                None => reference.to_owned(),
            }
        } else if set.has(AboveRootKept) {
            resolve_keeping_above_root(reference_resolver, base, reference)?
        } else if set.has(BaseDotsKept) {
            resolve_keeping_base_dots(reference_resolver, base, reference)?
        } else {
            reference_resolver(base, reference)?
        };
        Ok(resolved)
    }

    /// `resolved` with the base's fragment, where `base-fragment-kept`
    /// keeps it.
    pub(super) fn keep_base_fragment(&self, resolved: &mut String) {
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        // A reference of the base's scheme and nothing else but a query has no
        // path and no fragment too, when the reading at hand merges it (RFC
        // 3986 5.2.2's non-strict parser): it then resolves as the reference
        // without its scheme does.
        let merged_scheme_only = || {
            let (Some(scheme), Some(base_scheme)) = (r.scheme, b.scheme) else {
                return false;
            };
            let rest = &reference[scheme.len() + 1..];
            scheme.eq_ignore_ascii_case(base_scheme)
                && r.authority.is_none()
                && r.path.is_empty()
                && r.fragment.is_none()
                && reference_resolver(base, rest).as_ref() == Ok(&*resolved)
        };
        let no_path_no_fragment = self.no_path() && r.fragment.is_none();
        if set.has(Id::BaseFragmentKept)
            && ((no_path_no_fragment && !reference.is_empty()) || merged_scheme_only())
        {
            if let (Some(fragment), None) = (b.fragment, parse(resolved).fragment) {
                *resolved = format!("{resolved}#{fragment}");
            }
        }
    }
}

/// The target of `reference` with the `;params` of its path's last
/// segment set apart (`params-set-apart`): the reference resolved without
/// them, then they are written after the target's path. A last segment
/// that is all params (`;a`, `x/;a`) is resolved as it is: set apart, it
/// would leave an empty reference, or the same path.
pub(super) fn resolve_params_apart(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let path = parse(reference).path;
    let last = path.rfind('/').map_or(0, |slash| slash + 1);
    let Some(semicolon) = path[last..].find(';').map(|at| last + at) else {
        return reference_resolver(base, reference);
    };
    if semicolon == last {
        return reference_resolver(base, reference);
    }
    let start = offset(reference, path);
    let without = format!(
        "{}{}",
        &reference[..start + semicolon],
        &reference[start + path.len()..]
    );
    let resolved = reference_resolver(base, &without)?;
    let target = parse(&resolved).path;
    Ok(replace_path(
        &resolved,
        &format!("{target}{}", &path[semicolon..]),
    ))
}

/// The target of a reference whose path is merged with the base's
/// directory percent-decoded (`base-directory-decoded`), dot segments then
/// removed.
pub(super) fn merge_decoded_directory(
    base: &str,
    b: &Components<'_>,
    r: &Components<'_>,
) -> String {
    let directory = &b.path[..b.path.rfind('/').map_or(0, |slash| slash + 1)];
    let path = crate::rfc3986::remove_dot_segments(decode_utf8_escapes(directory) + r.path);
    replace_path_query_fragment(base, &path, r.query, r.fragment)
}

/// `text` with each run of escapes that is valid UTF-8 decoded, whatever
/// it decodes to; an escape that is part of none is kept as written.
pub(super) fn decode_utf8_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_escape = |i: usize| {
        bytes.get(i) == Some(&b'%')
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let mut run = Vec::new();
        while is_escape(i) {
            run.push(u8::from_str_radix(&text[i + 1..i + 3], 16).expect("two hex digits"));
            i += 3;
        }
        if run.is_empty() {
            let c = text[i..].chars().next().expect("within the text");
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let mut at = start;
        for chunk in run.utf8_chunks() {
            out.push_str(chunk.valid());
            at += 3 * chunk.valid().len();
            let kept = 3 * chunk.invalid().len();
            out.push_str(&text[at..at + kept]);
            at += kept;
        }
    }
    out
}

/// The path reference `r` resolved against `b` (which has an authority)
/// with the host as the first segment of the path: segments merged as
/// 5.2.3 does, dot segments removed on a stack that stops at its bottom,
/// and the first segment left the host.
pub(super) fn resolve_host_as_segment(b: &Components<'_>, r: &Components<'_>) -> String {
    // Without `//`, the first segment of the base's path is read as its
    // authority, and the result is written without `//` too.
    let (authority, base_path, slashes) = match b.authority {
        Some(authority) => (authority, b.path, "//"),
        None => {
            let end = b.path.find('/').unwrap_or(b.path.len());
            (&b.path[..end], &b.path[end..], "")
        }
    };
    let old_host = host(Some(authority)).unwrap_or("");
    let out = host_and_segments(old_host, base_path, r.path);
    let mut url = format!("{}:{slashes}", b.scheme.unwrap_or(""));
    write_host_as_segment(&mut url, authority, old_host, &out);
    if let Some(query) = r.query {
        url.push('?');
        url.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        url.push('#');
        url.push_str(fragment);
    }
    url
}

/// For [`resolve_host_as_segment`]: the segments of `path` merged with
/// `base_path` under the host `old_host`, its dot segments removed; the
/// first is the new host.
pub(super) fn host_and_segments<'a>(
    old_host: &'a str,
    base_path: &'a str,
    path: &'a str,
) -> Vec<&'a str> {
    // An absolute path leaves the host empty, and its `..` cannot climb
    // into it.
    let floor = usize::from(path.starts_with('/'));
    let segments: Vec<&str> = if path.starts_with('/') {
        path.split('/').collect()
    } else {
        let mut merged: Vec<&str> = std::iter::once(old_host)
            .chain(base_path.split('/').skip(1))
            .collect();
        merged.pop();
        merged.extend(path.split('/'));
        merged
    };
    let mut out: Vec<&str> = Vec::new();
    for segment in &segments {
        match *segment {
            "." => {}
            ".." => {
                if out.len() > floor {
                    out.pop();
                }
            }
            kept => out.push(kept),
        }
    }
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        out.push("");
    }
    out
}

/// For [`resolve_host_as_segment`]: the host and path of `out` (the new
/// host, then the segments) written to `url`, with the userinfo of the
/// base's `authority` before a host, and its port after `old_host` kept.
pub(super) fn write_host_as_segment(
    url: &mut String,
    authority: &str,
    old_host: &str,
    out: &[&str],
) {
    let new_host = out.first().copied().unwrap_or("");
    if !new_host.is_empty() {
        if let Some(at) = authority.rfind('@') {
            url.push_str(&authority[..=at]);
        }
    }
    url.push_str(new_host);
    if new_host == old_host {
        if let Some(port) = port(authority) {
            url.push(':');
            url.push_str(port);
        }
    }
    for segment in out.iter().skip(1) {
        url.push('/');
        url.push_str(segment);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::deviations::tests::*;

    /// RFC 1808's reference resolver: its empty reference is the base
    /// whole, fragment included (4 step 2a).
    fn rfc1808(base: &str, reference: &str) -> Result<String, String> {
        Ok(crate::resolve(base, reference))
    }

    /// What the deviations of this file give: each case's answer with
    /// them, and another without ([`super::super::tests::assert_gives`]).
    pub(in crate::deviations) const CASES: &[Case<'static>] = {
        use Id::*;
        &[
            (&[ParamsSetApart], BASE, ".;a", Ok("http://a/b/c/;a")),
            (
                &[ParamsSetApart],
                BASE,
                "../x/..;a?q",
                Ok("http://a/b/;a?q"),
            ),
            (&[ParamsSetApart], "http://a", "/.;a;b", Ok("http://a/;a;b")),
            (&[UnknownSchemeUnresolved], "foo:/b/c", "../g", Ok("../g")),
            // Unresolved, yet parsed and written back as the library does.
            (
                &[UnknownSchemeUnresolved, EmptyQueryDropped],
                "a://a",
                "?",
                Ok(""),
            ),
            (
                &[UnknownSchemeUnresolved, EmptyFragmentDropped],
                "a://a",
                "//a#",
                Ok("//a"),
            ),
            (
                &[
                    UnknownSchemeUnresolved,
                    SchemeLowercased,
                    KnownSchemeAuthorityAdded,
                ],
                "a://a",
                "Http:.",
                Ok("http:///."),
            ),
            (
                &[OpaqueBaseUnresolved, EmptyFragmentDropped],
                "mailto:x@y",
                "g#",
                Ok("g"),
            ),
            (
                &[EmptyPortBaseUnresolved, EmptyQueryDropped],
                "http://a:/b",
                "g?",
                Ok("g"),
            ),
            (
                &[UnknownSchemeRejected],
                "foo:/b/c",
                "g",
                Err("unknown-scheme-rejected"),
            ),
            (&[OpaqueBaseReturned], "foo:bar", "g", Ok("foo:bar")),
            (&[OpaqueBaseUnresolved], "mailto:x@y", "g", Ok("g")),
            (&[OpaqueBaseUnresolved], "foo:b/c", "../g", Ok("../g")),
            (
                &[OpaqueBaseRejected],
                "foo:bar",
                "g",
                Err("opaque-base-rejected"),
            ),
            (&[BaseFragmentKept], "http://a/b#f", "", Ok("http://a/b#f")),
            (
                &[DotsKeptInAbsolute],
                BASE,
                "http://x/./g/../h",
                Ok("http://x/./g/../h"),
            ),
            (&[DotsKeptInAbsolute], BASE, "//x/../g", Ok("http://x/../g")),
            (
                &[BaseFragmentKept],
                "http://a/b?q#f",
                "?y",
                Ok("http://a/b?y#f"),
            ),
            (
                &[QueryInBaseFragment],
                "http://a/b#f",
                "?y",
                Ok("http://a/b#f?y"),
            ),
            // Each run of escapes decoded as far as it is UTF-8; no letter
            // before hex digits is an escape.
            (
                &[BaseDirectoryDecoded],
                "http://a/%aa%41%aa%42/%41x41/d",
                "g",
                Ok("http://a/%aaA%aaB/Ax41/g"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/b%2Fc/d",
                "g",
                Ok("http://a/b/c/g"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/%2e%2e/a",
                "b?q#f",
                Ok("http://a/b?q#f"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/%e2%82%ac/a",
                "b",
                Ok("http://a/\u{20ac}/b"),
            ),
            // An escape of no UTF-8 is kept; the reference is not decoded.
            (
                &[BaseDirectoryDecoded],
                "http://a/%aa%41/a",
                "%41",
                Ok("http://a/%aaA/%41"),
            ),
            (
                &[BaseDirectoryDecoded, KnownSchemeAuthorityAdded],
                "http:a/%2f/a",
                "b",
                Ok("http:///a///b"),
            ),
            (
                &[DotsKeptInAbsolute, KnownSchemeAuthorityAdded],
                "http://a",
                "https:/.//a",
                Ok("https:///.//a"),
            ),
            (&[BaseFragmentKept], "http://a/.#", "", Ok("http://a/.#")),
            // Node.
            (&[HostAsFirstSegment], "a://a", "..", Ok("a://")),
            (&[HostAsFirstSegment], "a://a", ".", Ok("a://")),
            (&[HostAsFirstSegment], "a://a", "g", Ok("a://g")),
            (&[HostAsFirstSegment], "a://a/b/c", "../../g", Ok("a://g")),
            (&[HostAsFirstSegment], "a://a/b", "/g", Ok("a:///g")),
            (&[HostAsFirstSegment], "a://a", "/..", Ok("a:///")),
            (
                &[HostAsFirstSegment],
                "a://u@a:1/b/c",
                "../../g",
                Ok("a://u@g"),
            ),
            (&[HostAsFirstSegment], "a://a/b/", "../..", Ok("a://")),
            (&[HostAsFirstSegment], "mailto:x@y", "g", Ok("mailto:x@g")),
            (
                &[HostAsFirstSegment],
                "mailto:x@y",
                "../g",
                Ok("mailto:x@g"),
            ),
            (&[HostAsFirstSegment], "a:b/c", "../..", Ok("a:")),
            // Ruby's uri.
            (
                &[OpaqueBaseReturned, SchemeLowercased],
                "Http:a",
                "/",
                Ok("http:a"),
            ),
            (&[OpaqueBaseReturned], "a:o", "a#", Ok("a:o#")),
            (&[OpaqueBaseReturned], "a:o#x", "g", Ok("a:o")),
            (&[OpaqueBaseReturned], "a:o", "g#f", Ok("a:o#f")),
            (&[OpaqueBaseReturned], "a:p", "//a#", Ok("a:p#")),
            // libxml2.
            (&[EmptyPortBaseUnresolved], "http://a:", "..", Ok("..")),
            (&[EmptyPortBaseUnresolved], "a://b:/c", "d", Ok("d")),
        ]
    };

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        assert_gives(CASES);
    }

    #[test]
    fn a_query_reference_keeps_the_base_s_last_segment_only_with_its_deviation_under_rfc_2396() {
        // The one deviation from RFC 2396 alone: its step 6 merges the
        // empty path of `?y`, which drops the base's last segment.
        let rfc2396 = |b: &str, r: &str| Ok(crate::rfc2396::resolve(b, r));
        let keeps = Set::of(&[Id::QueryKeepsPath]);
        assert_eq!(crate::rfc2396::resolve(BASE, "?y"), "http://a/b/c/?y");
        assert_eq!(
            resolve(&rfc2396, keeps, BASE, "?y"),
            Ok("http://a/b/c/d;p?y".to_owned())
        );
        assert_eq!(
            resolve(&rfc2396, keeps, BASE, "g?y"),
            Ok("http://a/b/c/g?y".to_owned())
        );
    }

    #[test]
    fn a_reference_of_the_base_s_scheme_is_merged_only_under_the_non_strict_reading() {
        use Id::*;
        // Deviation, base, reference, and its answer when merged.
        let cases = [
            // The base's fragment is kept for a scheme-only reference.
            (BaseFragmentKept, BASE_F, "http:", "http://a/b/c/d;p?q#f"),
            (BaseFragmentKept, BASE_F, "HTTP:?y", "http://a/b/c/d;p?y#f"),
            // The base's directory is decoded.
            (
                BaseDirectoryDecoded,
                "http://%6a/%7a/a",
                "http:%7a",
                "http://%6a/z/%7a",
            ),
        ];
        for (id, base, reference, merged) in cases {
            let set = Set::of(&[id]);
            assert_eq!(
                resolve(&non_strict, set, base, reference),
                Ok(merged.to_owned()),
                "{id} on {base} + {reference}"
            );
            // Strictly it is absolute, as is a reference of another scheme.
            assert_eq!(run(&[id], base, reference), rfc3986(base, reference));
            let other = format!("ftp:{}", &reference[5..]);
            assert_eq!(resolve(&non_strict, set, base, &other), Ok(other.clone()));
        }
    }

    #[test]
    fn what_needs_an_opaque_base_an_authority_or_no_path_leaves_the_rest_alone() {
        use Id::*;
        assert_leaves_alone(OpaqueBaseUnresolved, &[("http://a/b", "g")]);
        assert_leaves_alone(EmptyPathSlashAnyScheme, &[("foo:", "?q"), (BASE, "g")]);
        assert_leaves_alone(QueryKeepsPath, &[(BASE, "#f"), (BASE, "g?x")]);
        // The host is found after the userinfo.
        assert_eq!(
            run(&[NumericHostIpv4], "http://a", "//u@9/"),
            Ok("http://u@0.0.0.9/".to_owned())
        );
        // A scheme the WHATWG URL Standard does not know has an opaque
        // host; a last label with a letter is a domain; four decimal parts
        // are written as they are.
        // Escapes a host may not hold as they are, an IP literal, a path.
        assert_leaves_alone(
            HostDecoded,
            &[
                (BASE, "//a%2fb%3a%40%25%20/g"),
                (BASE, "//[v1.%41]/g"),
                (BASE, "g%2a"),
            ],
        );
        assert_leaves_alone(
            WhatwgIpv4Host,
            &[
                ("foo://08/b", "g"),
                (BASE, "foo://0x7f.1/g"),
                (BASE, "//9a/g"),
                (BASE, "//0x1g/g"),
                (BASE, "//1.2.3.4:80/g"),
            ],
        );
        assert_eq!(
            run(&[WhatwgIpv4Host], "http://a", "//u@0x10:8/"),
            Ok("http://u@0.0.0.16:8/".to_owned())
        );
    }

    #[test]
    fn only_a_merge_with_a_base_file_decodes_the_directory() {
        assert_leaves_alone(
            Id::BaseDirectoryDecoded,
            &[
                ("http://a/%7a/", "b"),
                ("http://a/%7a/a", "/b"),
                ("http://a/%7a/a", "?q"),
                ("http://a/%7a/a", "//x/b"),
                ("http://a/%7a/a", "x:b"),
                ("http://a/b/c", "../g"),
            ],
        );
    }

    #[test]
    fn an_opaque_base_still_takes_a_fragment() {
        let kept = run(&[Id::OpaqueBaseRejected], "foo:bar", "#s");
        assert_eq!(kept, Ok("foo:bar#s".to_owned()));
        let within = run(&[Id::AboveRootKept], BASE, "../g");
        assert_eq!(
            within,
            Ok("http://a/b/g".to_owned()),
            "a `..` below the root goes"
        );
        let other = run(&[Id::EmptyPathSlash], "foo:/a", "//g");
        assert_eq!(
            other,
            Ok("foo://g".to_owned()),
            "only for the schemes it names"
        );
        let kept = run(&[Id::ExtraSlashesSkipped], "foo:/a", "///g");
        assert_eq!(kept, Ok("foo:///g".to_owned()), "only for special schemes");
        let with_query = run(&[Id::QueryInBaseFragment], "http://a/b?q#f", "?y");
        assert_eq!(
            with_query,
            Ok("http://a/b?y".to_owned()),
            "a base with a query loses its fragment with it"
        );
        let rooted = run(&[Id::RootlessReferenceRejected], BASE, "foo:/g");
        assert_eq!(rooted, Ok("foo:/g".to_owned()), "a rooted path is taken");
        let dns = run(&[Id::HostLabelsChecked], BASE, "//a_b.c./g");
        assert_eq!(dns, Ok("http://a_b.c./g".to_owned()), "`_` and a last dot");
        let ftp = run(&[Id::DefaultPortDropped], BASE, "foo://x:80/g");
        assert_eq!(ftp, Ok("foo://x:80/g".to_owned()), "no default for foo");
        let numbers = run(&[Id::NumericHostIpv4], BASE, "//1.2.3.4.5/g");
        assert_eq!(numbers, Ok("http://1.2.3.4.5/g".to_owned()), "five parts");
        let octal = run(&[Id::NumericHostIpv4], BASE, "//010/g");
        assert_eq!(octal, Ok("http://010/g".to_owned()), "leading zeros");
        let same = run(&[Id::AuthorityWithoutSlashes], "http://a/b", "http:g");
        assert_eq!(
            same,
            Ok("http:g".to_owned()),
            "a reference of the base's scheme is the same-scheme reading's"
        );
        let colon = run(&[Id::ReservedDecoded], "http://a/b", "x%3Ay");
        assert_eq!(
            colon,
            Ok("http://a/x%3Ay".to_owned()),
            "a `:` that would make a scheme stays encoded"
        );
        let authority = run(&[Id::DoubleSlashPathRejected], "foo://a/b", "..//g");
        assert_eq!(
            authority,
            Ok("foo://a//g".to_owned()),
            "a `//` path under an authority is written"
        );
    }

    #[test]
    fn base_fragment_kept_writes_the_base_s_fragment_once() {
        let kept = Set::of(&[Id::BaseFragmentKept]);
        // RFC 1808's empty reference already has the base's fragment.
        assert_eq!(rfc1808(BASE_F, ""), Ok(BASE_F.to_owned()));
        assert_eq!(resolve(&rfc1808, kept, BASE_F, ""), Ok(BASE_F.to_owned()));
        // RFC 3986's has none, so the deviation adds it.
        assert_eq!(rfc3986(BASE_F, ""), Ok(BASE.to_owned()));
        assert_eq!(resolve(&rfc3986, kept, BASE_F, ""), Ok(BASE_F.to_owned()));
        // A base without one has nothing to keep.
        assert_eq!(resolve(&rfc1808, kept, BASE, ""), Ok(BASE.to_owned()));
    }

    #[test]
    fn query_in_base_fragment_changes_only_a_query_only_reference() {
        use Id::QueryInBaseFragment;
        let base = "http://a/b#f";
        // The query is appended to the base's text, fragment and all.
        assert_eq!(
            run(&[QueryInBaseFragment], base, "?y"),
            Ok("http://a/b#f?y".to_owned())
        );
        // A reference with a path, with nothing, or with a fragment of its
        // own resolves as the spec says, as any does against a base without
        // a fragment.
        assert_leaves_alone(
            QueryInBaseFragment,
            &[
                (base, "g?y"),
                (base, "/g?y"),
                (base, "//h?y"),
                (base, ""),
                (base, "#s"),
                (base, "?y#s"),
                ("http://a/b", "?y"),
            ],
        );
    }

    #[test]
    fn host_as_first_segment_needs_a_host_or_a_segment_read_as_one() {
        use Id::HostAsFirstSegment;
        // A base with an authority, or a rootless path whose first segment
        // reads as one: `..` climbs into the host.
        assert_eq!(
            run(&[HostAsFirstSegment], "a://h/b/c", "../../g"),
            Ok("a://g".to_owned())
        );
        assert_eq!(
            run(&[HostAsFirstSegment], "a:h/b/c", "../../g"),
            Ok("a:g".to_owned())
        );
        // A rooted path or an empty one has no first segment to read as a
        // host, and a slashed scheme (Node knows http's host) none either.
        assert_leaves_alone(
            HostAsFirstSegment,
            &[
                ("a:/b/c", "../../g"),
                ("a:/b/c", "g"),
                ("a:", "g"),
                ("http://h/b/c", "../../g"),
                ("a://h/b/c", "x:g"),
                ("a://h/b/c", "//x/g"),
                ("a://h/b/c", "?y"),
            ],
        );
    }

    #[test]
    fn params_set_apart_resolve_the_path_without_the_last_segment_s_params() {
        // `..;x` is no dot segment to the spec; set apart, `..` is resolved
        // and `;x` written after the target's path. The query and the
        // fragment after the params stay where they are.
        let apart = |base: &str, reference: &str| run(&[Id::ParamsSetApart], base, reference);
        assert_eq!(
            rfc3986(BASE, "gg/..;x"),
            Ok("http://a/b/c/gg/..;x".to_owned())
        );
        assert_eq!(apart(BASE, "gg/..;x"), Ok("http://a/b/c/;x".to_owned()));
        assert_eq!(
            apart(BASE, "gg/..;x?y#z"),
            Ok("http://a/b/c/;x?y#z".to_owned())
        );
        assert_eq!(apart(BASE, "http:gg/..;x"), Ok("http:/;x".to_owned()));
    }
}
