//! How the input is read: the deviations that change the base and the
//! reference before they are resolved (an authority found where the spec
//! finds none, an empty component taken for none, an encoding decoded),
//! each a [`Read`] of [`READS`].

use super::dots::pop_dot_segments;
use super::refuse::drop_localhost;
use super::*;

deviations! {
    EMPTY_QUERY_DROPPED = "empty-query-dropped", false,
        [None, Some("3.4, 5.2"), Some("5.2.2, 5.3")], ("http://a/b/c/d;p?q", "g?"),
        "an empty query (`?` and nothing after it) is taken for none",
        "CPython before 3.13, tcllib, Go's ForceQuery not copied; RFC 3986 5.2.1: \"A component is undefined if its associated delimiter does not appear\", so `?` defines an empty query, and 5.3 writes `?` whenever the query is defined";
    EMPTY_FRAGMENT_DROPPED = "empty-fragment-dropped", false,
        [None, Some("4.1, 5.2"), Some("5.2.2, 5.3")], ("http://a/b/c/d;p?q", "g#"),
        "an empty fragment (`#` and nothing after it) is taken for none",
        "CPython before 3.13, tcllib, Go (URL has no field for it); RFC 3986 5.3 writes `#` whenever the fragment is defined";
    EMPTY_AUTHORITY_DROPPED = "empty-authority-dropped", false,
        [None, Some("5.2 step 4"), Some("5.2.2")], ("http://a/b/c/d;p?q", "///g"),
        "an empty authority (`//` and no host) is taken for none, so its `//` goes",
        "Ruby's uri, CPython, tcllib, java.net.URI; RFC 3986 5.2.2 takes R.authority whenever it is defined, and 3.2.2 allows an empty reg-name";
    EMPTY_PARAMS_DROPPED = "empty-params-dropped", false,
        [None, Some("3.3"), Some("3.3")], ("http://a/b/c/d;p?q", "g;"),
        "an empty `;params` at the end of a path, the reference's or the base's, is dropped, as RFC 1808's parsing takes it for none",
        "CPython's urljoin (urlparse splits params off, RFC 1808 style); RFC 3986 3.3: `;` is a path character with no role in resolution";
    EMPTY_SEGMENTS_COLLAPSED = "empty-segments-collapsed", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3, 5.2.4")], ("http://a/b/c/d;p?q", "g//../h"),
        "empty segments (`//` inside a path) are collapsed before dot segments are removed",
        "CPython's merge, tcllib's RemoveDoubleSlashes, java.net.URI.normalize; the specs keep them (`a//../b` is `a/b`)";
    EMPTY_REFERENCE_MERGED = "empty-reference-merged", false,
        [Some("4 step 2"), Some("5.2 step 2"), Some("5.2.2")], ("http://a/b/c/d;p?q", ""),
        "an empty reference, or one of a fragment alone, is merged as an empty relative path, giving the base's directory (`#s` is `./#s`)",
        "java.net.URI.resolve (empty only), libcurl (a fragment alone too), which have no step 2; every spec makes it the base (without its fragment, or with the reference's)";
    ROOTLESS_BASE_ROOTED = "rootless-base-rooted", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3")], ("foo:", "g"),
        "a base with no authority and a path not starting with `/` (or an empty one) is merged as if its path started with `/`",
        "Go's net/url (an opaque base), Ruby's merge (`foo:` + `g` gives `foo:/g`); RFC 3986 5.2.3 merges a rootless path as it is";
    UNRESERVED_DECODED = "unreserved-decoded", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "%7e/g"),
        "percent-encoded unreserved characters (`%7e`, `%41`, `%2e`) are decoded, in the reference as in the base, before dot segments are removed",
        "GLib, Qt, Boost.URL, libxml2, Apache HttpClient, Racket; RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.1 lets a resolver normalize the base only (a reading), and 5.2.2 copies the reference's components as written";
    EXTRA_SLASHES_SKIPPED = "extra-slashes-skipped", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b/c/d;p?q", "///g"),
        "for http, https, ftp, ws and wss, an empty authority followed by a path loses the slashes before the path's first segment, which becomes the host (`///g` has the host `g`)",
        "the WHATWG URL Standard (special authority ignore slashes state), libcurl (one to three slashes make `//`); the authority is what follows exactly `//` (RFC 3986 3.2), and may be empty";
    EMPTY_PORT_DROPPED = "empty-port-dropped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:/g"),
        "an empty port (a `:` after the host and no digits) is dropped, in the base and in the reference",
        "java.net.URI, GLib, Ruby's addressable, Racket, libxml2; RFC 3986 3.2.3 asks normalizers to omit an empty port and 6.2.3 makes `http://a:/` and `http://a/` equivalent, yet 5.2.2 copies the authority as written";
    PERCENT_HEX_UPPERCASED = "percent-hex-uppercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "%7e%aa"),
        "the hexadecimal digits of percent-encodings are upper-cased (`%aa` is `%AA`), in the base and in the reference",
        "GLib, Qt, Boost.URL; RFC 3986 6.2.2.1 makes `%aa` and `%AA` equivalent and asks normalizers for upper case, yet 5.2.2 copies the components as written";
    PORT_ZEROS_STRIPPED = "port-zeros-stripped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:080/g"),
        "the leading zeros of a port are dropped (`:080` is `:80`, `:00` is `:0`), in the base and in the reference",
        "Erlang's uri_string, java.net.URI; a port is a decimal number (RFC 3986 3.2.3), so `:080` and `:80` name one port, yet 5.2.2 copies the authority as written";
    RESERVED_DECODED = "reserved-decoded", false,
        [Some("4"), Some("5.2"), Some("2.2, 5.2.2")], ("http://a/b/c", "g%2F..%2Fh"),
        "percent-encoded reserved characters that a path, query or fragment may hold as they are (`%2F`, `%3A`, `%40`, `%2A` and the other sub-delims) are decoded before resolving, in the reference as in the base",
        "libxml2, Boost.URL, Apache HttpClient, Racket; RFC 3986 2.2: \"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent\", so `g%2F..%2Fh` is one segment and `g/../h` three";
    AUTHORITY_WITHOUT_SLASHES = "authority-without-slashes", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "ftp:x/y"),
        "a URL of http, https, ftp, ws or wss without `//` takes what follows its `:` and slashes for its authority (`ftp:x/y` is `ftp://x/y`), and a file URL without `//` gets an empty authority (`file:` is `file://`); a reference of the base's scheme is left to the same-scheme reading",
        "the WHATWG URL Standard (special authority slashes state), tcllib (`ftp:` is `ftp://`), Node's url.resolve; RFC 3986 3.2: the authority is preceded by `//`, and 3.3 makes `x/y` in `ftp:x/y` a rootless path";
    HOST_ENDED_EARLY = "host-ended-early", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//x;y/g"),
        "the host ends at its first `;` or `%`, and the rest of the authority starts the path, after a `/` (`//x;y/g` is `//x/;y/g`)",
        "Node's url.resolve (legacy url.parse ends the host at its nonHostChars); RFC 3986 3.2: the authority ends at the next `/`, `?` or `#`, and 3.2.2 allows `;` and percent-encodings in a reg-name";
    INVALID_UTF8_REPLACED = "invalid-utf8-replaced", false,
        [Some("2.2"), Some("2.4"), Some("2.5")], ("http://a/b", "%aa"),
        "percent-encoded octets that are not UTF-8 are decoded and written as U+FFFD encoded (`%aa` is `%EF%BF%BD`), in the base and in the reference",
        "Racket's net/url, Apache HttpClient (java.net.URI decodes and re-encodes); RFC 3986 2.1: a percent-encoding is an octet, whatever the character encoding, and 5.2.2 copies it as written";
    EMPTY_AUTHORITY_IGNORED = "empty-authority-ignored", false,
        [None, Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "////g"),
        "an empty authority (`//` and no host) is taken for none, and the path after it kept as a path (`////g` is the path `//g`, against the base's authority)",
        "Python's hyperlink, libxml2, java.net.URI, Apache HttpClient, CPython; RFC 3986 5.2.2 takes R.authority whenever it is defined, and 3.2.2 allows an empty reg-name (empty-authority-dropped is the text without the `//`, re-parsed)";
    OPAQUE_BASE_PATH_DROPPED = "opaque-base-path-dropped", false,
        [Some("4"), None, Some("5.2.2, 5.2.3")], ("foo:bar", "?y"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), the base's path is taken for empty",
        "Go's net/url (URL.Opaque is not a path, and ResolveReference leaves it behind: `a:a` + `?y` is `a:?y`); RFC 3986 5.2.2 keeps Base.path for a reference with an empty path, and 5.2.3 merges with it";
    SINGLE_SLASH_AUTHORITY = "single-slash-authority", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "foo:/x/y"),
        "a URL without `//` whose path starts with one `/` takes the path's first segment for its authority, whatever the scheme (`foo:/x/y` is `foo://x/y`)",
        "libcurl (one to three slashes after the scheme make `//`); RFC 3986 3.2: the authority is preceded by `//`, and 3.3 makes `/x/y` a path";
    USERINFO_DROPPED_WITHOUT_HOST = "userinfo-dropped-without-host", false,
        [Some("2.4.3"), Some("3.2.1"), Some("3.2.1")], ("http://a/b", "//u@/g"),
        "userinfo before an empty host is dropped (`//u@/g` is `///g`), in the base and in the reference",
        "Node's url.resolve (url.format writes the auth only before a host); RFC 3986 3.2.1 allows userinfo before any host, an empty reg-name included";
    UNRESERVED_DECODED_OUTSIDE_HOST = "unreserved-decoded-outside-host", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "//%41/%7e/g"),
        "percent-encoded unreserved characters are decoded everywhere but in the host (`//%41/%7e` is `//%41/~`), in the reference as in the base, before dot segments are removed",
        "Boost.URL, Apache HttpClient, Racket; RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.2 copies the reference's components as written (unreserved-decoded is the same in the host too)";
    HOST_UNRESERVED_DECODED = "host-unreserved-decoded", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "//%41/%7e/g"),
        "percent-encoded unreserved characters are decoded in the host only (`//%6a/%7a` is `//j/%7a`), in the reference as in the base",
        "libcurl (the host is decoded to be looked up, the path is sent as written); RFC 3986 6.2.2.2 makes `%6A` and `j` equivalent, but 5.2.2 copies the authority as written";
    UNRESERVED_DECODED_EXCEPT_DOT_SEGMENTS = "unreserved-decoded-except-dot-segments", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "%7e/.%2e/g"),
        "percent-encoded unreserved characters of the path, query and fragment are decoded before dot segments are removed, but a segment that would then be `.` or `..` is data, written `%2e` or `%2e%2e` (`.%2e` is `%2e%2e`)",
        "Racket's net/url (a path element is a string or the symbols `same` and `up`); RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.2 copies the reference's components as written";
    AUTHORITY_MERGED_BY_PART = "authority-merged-by-part", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://u@a:1/b", "//:5/g"),
        "each part of a reference's authority that is empty or absent (userinfo, host, port) is taken from the base's (`//:5/g` against `http://u@a:1` is `http://u@a:5/g`, `//b/g` is `http://u@b:1/g`); an authority with nothing in it (`//`, `//@:`) is taken for none",
        "Ruby's uri and hyperlink (they merge the reference's URI object into the base's field by field); every spec takes the reference's authority whole";
    PORT_ZERO_DROPPED = "port-zero-dropped", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:0/g"),
        "a port of zeros (`:0`) is taken for none and dropped, in the base and in the reference",
        "hyperlink (a port of 0 is false, so none); RFC 3986 3.2.3: the port is the digits after `:`, and 0 is not the scheme's default";
    OPAQUE_AUTHORITY_PARSED = "opaque-authority-parsed", false,
        [Some("2.4.3"), Some("3"), Some("3")], ("http://a/b", "mailto:X@Y.Z"),
        "a URL whose scheme is not http, https, ftp, gopher or file and which has no `//` reads the first segment of its path as an authority: its host, which ends at a `:`, is lower-cased, an empty port dropped, what is not a port moved to the path after a `/`, and userinfo dropped before an empty host; it is written back without `//` (`mailto:X@Y.Z` is `mailto:X@y.z`, `a:H:x` is `a:h/:x`), in the base and in the reference",
        "Node's url.resolve (url.parse reads a host after any scheme it does not know to be slashed); RFC 3986 3 has an authority only after `//`, and 3.3 makes `X@Y.Z` a path, its case significant";
    FILE_AUTHORITY_HOST_ONLY = "file-authority-host-only", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "file://u@x:/g"),
        "a file URL's authority is a host alone: its first `:` or `@` and what follows it in the authority start the path (`file://x:/g` is `file://x/:/g`, `file://u@x/g` is `file://u/@x/g`), in the base and in the reference",
        "tcllib's uri (its file URLs have a host and a path only); RFC 3986 3.2 parses userinfo and a port in any authority";
    TRIPLE_SLASH_IS_PATH = "triple-slash-is-path", false,
        [Some("2.4.3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "///g"),
        "a reference without a scheme that starts with `///` is all path, not an empty authority and a path (`///g` is the path `///g`)",
        "Go's net/url (Parse reads an authority after `//` only when `///` does not start a reference without a scheme); RFC 3986 4.2: `//` starts the authority of a relative reference, and 3.2.2 allows it empty";
    EMPTY_AUTHORITY_FROM_BASE = "empty-authority-from-base", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b/c", "//"),
        "a reference's empty authority is the base's (`//` is `//a`, `///g` is `//a/g`)",
        "tcllib's uri (an empty host is none, and the base's is kept); RFC 3986 5.2.2 takes R.authority whenever it is defined, an empty one too";
    REFERENCE_USERINFO_DROPPED = "reference-userinfo-dropped", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "//u@h/g"),
        "a reference's userinfo is dropped (`//u@h/g` is `//h/g`)",
        "hyperlink (click() keeps the base's userinfo whatever the reference's); RFC 3986 5.2.2 takes R.authority whole, its userinfo too";
    SCHEME_REFERENCE_TAKES_BASE_HOST = "scheme-reference-takes-base-host", false,
        [Some("4 step 2"), Some("5.2 step 3"), Some("5.2.2")], ("http://u@a/b", "ftp:/g"),
        "a reference with a scheme, no authority and an absolute path takes the base's userinfo and host (`ftp:/g` against `http://u@a` is `ftp://u@a/g`)",
        "hyperlink (click() replaces the scheme and path of the base's URL object); RFC 3986 5.2.2: a reference with a scheme is the result, without the base's authority";
    SLASHLESS_BASE_LOSES_LAST_CHARACTER = "slashless-base-loses-last-character", false,
        [Some("4 step 6"), Some("5.2 step 6a"), Some("5.2.3")], ("foo:bar", "g"),
        "in the merge, a base path with no `/` loses only its last character, and a `/` joins what is left to the reference's path (`foo:bar` + `g` is `foo:ba/g`, `foo:` + `g` is `foo:/g`)",
        "the Python rfc3986 package (merge_paths cuts the base path at `rfind('/')`, which is -1 when there is none); RFC 3986 5.2.3 excludes the entire base path if it does not contain any `/`";
    UNRESERVED_DECODED_BUT_PATH_DOTS = "unreserved-decoded-but-path-dots", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "%7e%2e/%2e%2e?%2e"),
        "the path, query and fragment of the base and the reference are percent-encoding normalized before they are resolved (RFC 3986 6.2.2.1 and 6.2.2.2: unreserved characters decoded, the hex digits of the other percent-encodings upper-cased), but a `.` of the path stays `%2E`, so that no decoded dot makes a dot segment (`%7e%2e/%2e%2e?%2e` is `~%2E/%2E%2E?.`)",
        "fast-uri (normalizePathEncoding decodes every unreserved byte but `.`); RFC 3986 5.2.1 leaves the base's normalization optional, and 5.2.2 resolves the reference as written";
    BASE_DOTS_POPPED = "base-dots-popped", false,
        [None, Some("5.2"), Some("5.2.1")], ("http://a/../", ""),
        "the base's dot segments are removed before resolving, on the list of its path's segments, where a `..` above the root pops the root's empty segment (`http://a/../` is `http://a`, `http://a/b/..` is `http://a/`, `foo:./b` is `foo:b`)",
        "the Python rfc3986 package (resolve_with normalizes the base with its own remove_dot_segments); RFC 3986 5.2.1 leaves the base's normalization optional, and 5.2.4 keeps the root (`/b/../` is `/`)";
    HOST_DECODED = "host-decoded", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//%2a/g"),
        "the percent-encodings of a host (not an IP literal) are decoded, in the base and the reference, where they decode to a printable ASCII character that a host may hold as it is, reserved ones too (`//%2a` is `//*`; a `%2F`, `%3A`, `%40` or `%25` is kept)",
        "fast-uri (a host goes through `new URL`, whose host parser percent-decodes it, as the WHATWG URL Standard's does); RFC 3986 6.2.2.2 makes only unreserved characters and their encodings equivalent, so `%2A` and `*` are different hosts";
}

/// `url` with `//` after its scheme when it has none and its scheme is
/// special: what follows the `:` and its slashes is the authority
/// (`http:a/b` is `http://a/b`), or, for `file`, the authority is empty
/// (`file:a` is `file:///a`). A reference of the base's scheme
/// (`scheme_of_base`) is left as it is.
pub(super) fn slashes_implied(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let Some(scheme) = c.scheme else {
        return url.to_owned();
    };
    let same = scheme_of_base.is_some_and(|s| s.eq_ignore_ascii_case(scheme));
    if c.authority.is_some() || same {
        return url.to_owned();
    }
    let rest = &url[scheme.len() + 1..];
    if scheme.eq_ignore_ascii_case("file") {
        let root = if c.path.is_empty() || c.path.starts_with('/') {
            ""
        } else {
            "/"
        };
        format!("{scheme}://{root}{rest}")
    } else if special(scheme) {
        format!("{scheme}://{}", rest.trim_start_matches('/'))
    } else {
        url.to_owned()
    }
}

/// `url` without the userinfo of an authority whose host is empty.
pub(super) fn drop_userinfo_without_host(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some(authority) if host(Some(authority)) == Some("") && authority.contains('@') => {
            let start = offset(url, authority);
            let at = authority.rfind('@').expect("contains `@`");
            format!("{}{}", &url[..start], &url[start + at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// `url` with the first segment of a path starting with one `/` made its
/// authority, when it has a scheme and no authority: `foo:/x/y` is
/// `foo://x/y`.
pub(super) fn single_slash_authority(url: &str) -> String {
    let c = parse(url);
    match c.scheme {
        Some(scheme)
            if c.authority.is_none() && c.path.starts_with('/') && !c.path.starts_with("//") =>
        {
            format!("{scheme}:/{}", &url[scheme.len() + 1..])
        }
        _ => url.to_owned(),
    }
}

/// `base` without its path when it is opaque: a scheme, no authority, a
/// path not starting with `/`.
pub(super) fn drop_opaque_path(base: &str) -> String {
    let b = parse(base);
    if b.scheme.is_none() || b.authority.is_some() || b.path.starts_with('/') {
        return base.to_owned();
    }
    replace_path(base, "")
}

/// `url` with its host ended at its first `;` or `%`, the rest of the
/// authority put at the start of the path after a `/`: `//x;y/g` is
/// `//x/;y/g`.
pub(super) fn end_host_early(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    let Some(at) = rest.find([';', '%']) else {
        return url.to_owned();
    };
    let cut = offset(url, rest) + at;
    let end = offset(url, authority) + authority.len();
    format!("{}/{}{}", &url[..cut], &url[cut..end], &url[end..])
}

/// `url` (whose scheme is `scheme_of_base` when it has none), when it is a
/// file URL with a `:` or `@` in its authority, with the first of them and
/// what follows it in the authority put at the start of the path after a
/// `/`: `file://x:/g` is `file://x/:/g`.
pub(super) fn file_authority_host_only(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let file = c
        .scheme
        .or(scheme_of_base)
        .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    let (Some(authority), true) = (c.authority, file) else {
        return url.to_owned();
    };
    let Some(at) = authority.find([':', '@']) else {
        return url.to_owned();
    };
    let cut = offset(url, authority) + at;
    let end = offset(url, authority) + authority.len();
    format!("{}/{}{}", &url[..cut], &url[cut..end], &url[end..])
}

/// Without the `//` of an empty authority, the path after it kept a path:
/// `////g` is `/.//g` (whose dot segment goes when it is resolved), `///g`
/// is `/g`.
pub(super) fn ignore_empty_authority(url: &str) -> String {
    let c = parse(url);
    if c.authority != Some("") {
        return url.to_owned();
    }
    let at = c.scheme.map_or(0, |s| s.len() + 1);
    let dot = if c.path.starts_with("//") { "/." } else { "" };
    format!("{}{dot}{}", &url[..at], &url[at + 2..])
}

/// `url` with the percent-encoded reserved characters its path (`/` too),
/// query and fragment may hold as they are decoded, unless that changes
/// how it parses: a `:` in the first segment of a relative path, a path
/// that would start with `//` without an authority.
pub(super) fn decode_reserved(url: &str) -> String {
    let c = parse(url);
    let path = decode_picked(c.path, |o| segment_reserved(o) || o == b'/', false);
    let first_segment = path.split('/').next().unwrap_or("");
    let path = if (c.authority.is_none() && path.starts_with("//"))
        || (c.scheme.is_none() && c.authority.is_none() && first_segment.contains(':'))
    {
        c.path.to_owned()
    } else {
        path
    };
    let query = c.query.map(|q| decode_picked(q, query_reserved, false));
    let fragment = c.fragment.map(|f| decode_picked(f, query_reserved, false));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// `url` with each run of percent-encoded octets that is not UTF-8
/// decoded and written again with U+FFFD for each invalid sequence, every
/// octet encoded: `%aa` is `%EF%BF%BD`.
pub(super) fn replace_invalid_utf8(url: &str) -> String {
    let bytes = url.as_bytes();
    let octet_at = |at: usize| {
        (bytes.get(at) == Some(&b'%'))
            .then(|| url.get(at + 1..at + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
    };
    let mut out = String::with_capacity(url.len());
    let mut at = 0;
    while at < url.len() {
        let start = at;
        let mut octets = Vec::new();
        while let Some(o) = octet_at(at) {
            octets.push(o);
            at += 3;
        }
        if octets.is_empty() {
            let ch = url[at..].chars().next().expect("at a char boundary");
            out.push(ch);
            at += ch.len_utf8();
        } else if std::str::from_utf8(&octets).is_ok() {
            out.push_str(&url[start..at]);
        } else {
            for o in String::from_utf8_lossy(&octets).bytes() {
                out.push_str(&format!("%{o:02X}"));
            }
        }
    }
    out
}

/// How a deviation reads the input: a change to the base and the
/// reference before they are resolved.
pub(super) type Read = fn(base: &mut String, reference: &mut String);

/// `transform` applied to the base and to the reference.
macro_rules! both {
    ($transform:expr) => {
        |base, reference| {
            *base = $transform(base);
            *reference = $transform(reference);
        }
    };
}

/// `transform` applied to the base, and to the reference with the base's
/// scheme for a reference that has none.
macro_rules! beside_base {
    ($transform:expr) => {
        |base, reference| {
            let scheme = parse(base).scheme.map(str::to_owned);
            *reference = $transform(reference, scheme.as_deref());
            *base = $transform(base, None);
        }
    };
}

/// Every deviation that changes how the input is read, with the change,
/// in the order the libraries' parsers make them: the authority found
/// where the spec finds none (or none where it finds one), empty
/// components taken for none, the reference's authority written from the
/// base's, the encoding, params, port and slashes normalized, and the
/// merge prepared.
pub(super) const READS: &[(Id, Read)] = &[
    // The authority found elsewhere.
    (Id::AuthorityWithoutSlashes, beside_base!(slashes_implied)),
    (Id::OpaqueAuthorityParsed, both!(parse_opaque_authority)),
    (Id::SingleSlashAuthority, both!(single_slash_authority)),
    (Id::OpaqueBasePathDropped, |base, _| {
        *base = drop_opaque_path(base)
    }),
    (Id::FileHostRejected, beside_base!(drop_localhost)),
    (
        Id::FileAuthorityHostOnly,
        beside_base!(file_authority_host_only),
    ),
    (Id::TripleSlashIsPath, |_, reference| {
        if reference.starts_with("///") {
            // A dot segment keeps the path from reading as an authority; it
            // goes when the path is resolved.
            reference.insert_str(0, "/.");
        }
    }),
    // Empty components (and the parts of an authority they cut short)
    // taken for none.
    (
        Id::UserinfoDroppedWithoutHost,
        both!(drop_userinfo_without_host),
    ),
    (Id::HostEndedEarly, both!(end_host_early)),
    (Id::EmptyPortDropped, both!(drop_empty_port)),
    (Id::PortZeroDropped, both!(drop_port_zero)),
    (Id::EmptyAuthorityIgnored, both!(ignore_empty_authority)),
    (Id::EmptyQueryDropped, both!(drop_empty_query)),
    (Id::EmptyFragmentDropped, both!(drop_empty_fragment)),
    (Id::EmptyAuthorityDropped, both!(drop_empty_authority)),
    // The reference's authority, or part of it, written from the base's.
    (Id::ReferenceUserinfoDropped, |_, reference| {
        *reference = drop_reference_userinfo(reference)
    }),
    (Id::SchemeReferenceTakesBaseHost, |base, reference| {
        *reference = take_base_host(base, reference)
    }),
    (Id::EmptyAuthorityFromBase, |base, reference| {
        *reference = authority_from_base(base, reference)
    }),
    (Id::AuthorityMergedByPart, |base, reference| {
        *reference = merge_authority_by_part(base, reference)
    }),
    // The encoding, the params, the port and the slashes normalized.
    (Id::EmptyParamsDropped, both!(drop_empty_params)),
    (Id::PortZerosStripped, both!(strip_port_zeros)),
    (Id::InvalidUtf8Replaced, both!(replace_invalid_utf8)),
    (Id::PercentHexUppercased, both!(uppercase_percent_hex)),
    (Id::UnreservedDecoded, both!(decode_unreserved)),
    (
        Id::UnreservedDecodedOutsideHost,
        both!(|s| { decode_unreserved_around_host(s, false) }),
    ),
    (
        Id::UnreservedDecodedExceptDotSegments,
        both!(decode_unreserved_but_dot_segments),
    ),
    (
        Id::UnreservedDecodedButPathDots,
        both!(normalize_encoding_but_path_dots),
    ),
    (
        Id::HostUnreservedDecoded,
        both!(|s| decode_unreserved_around_host(s, true)),
    ),
    (Id::HostDecoded, both!(decode_host)),
    (Id::ReservedDecoded, both!(decode_reserved)),
    (Id::ExtraSlashesSkipped, beside_base!(skip_extra_slashes)),
    (Id::EmptySegmentsCollapsed, both!(collapse_empty_segments)),
    // The merge prepared: the base normalized before it is merged with, and
    // an empty reference made one that merges.
    (Id::BaseDotsPopped, |base, _| *base = pop_base_dots(base)),
    (Id::SlashlessBaseLosesLastCharacter, |base, reference| {
        *base = cut_slashless_base(base, reference)
    }),
    (Id::RootlessBaseRooted, |base, _| {
        *base = root_the_base(base)
    }),
    (Id::EmptyReferenceMerged, |_, reference| {
        if reference.is_empty() || reference.starts_with('#') {
            reference.insert(0, '.');
        }
    }),
];

/// Whether a deviation of `set` changes how the input is read.
pub(super) fn reads_input(set: Set) -> bool {
    READS.iter().any(|(id, _)| set.has(*id))
}

/// `base` and `reference` as the deviations of `set` read them
/// ([`READS`]).
pub(super) fn transformed_input(set: Set, base: &str, reference: &str) -> (String, String) {
    let mut base = base.to_owned();
    let mut reference = reference.to_owned();
    for (id, read) in READS {
        if set.has(*id) {
            read(&mut base, &mut reference);
        }
    }
    (base, reference)
}

/// Whether deviation `id` changes how this input is read: `base` or
/// `reference` is not what it reads.
pub(super) fn changes_input(id: Id, base: &str, reference: &str) -> bool {
    let Some((_, read)) = READS.iter().find(|(read_by, _)| *read_by == id) else {
        return false;
    };
    let (mut b, mut r) = (base.to_owned(), reference.to_owned());
    read(&mut b, &mut r);
    b != base || r != reference
}

/// `base` with the dot segments of its path removed as
/// [`pop_dot_segments`] does (`base-dots-popped`).
pub(super) fn pop_base_dots(base: &str) -> String {
    replace_path(base, &pop_dot_segments(parse(base).path))
}

/// `url` with each percent-encoded unreserved character (RFC 3986 2.3:
/// ALPHA, DIGIT, `-`, `.`, `_`, `~`) of its host decoded (`in_host`), or of
/// everything but its host.
pub(super) fn decode_unreserved_around_host(url: &str, in_host: bool) -> String {
    let c = parse(url);
    let (start, end) = match host(c.authority) {
        Some(h) => {
            let at = offset(url, host_and_port(c.authority.expect("a host has one")));
            (at, at + h.len())
        }
        None => (url.len(), url.len()),
    };
    let (before, inside, after) = (&url[..start], &url[start..end], &url[end..]);
    if in_host {
        format!("{before}{}{after}", decode_unreserved(inside))
    } else {
        format!(
            "{}{inside}{}",
            decode_unreserved(before),
            decode_unreserved(after)
        )
    }
}

/// `url` with each percent-encoding of its host (not an IP literal)
/// decoded where it is a printable ASCII character that is no WHATWG
/// forbidden host code point, nor `%`: one a host may hold as it is.
pub(super) fn decode_host(url: &str) -> String {
    let c = parse(url);
    let (Some(authority), Some(h)) = (c.authority, host(c.authority)) else {
        return url.to_owned();
    };
    if h.starts_with('[') {
        return url.to_owned();
    }
    let at = offset(url, host_and_port(authority));
    let decoded = decode_picked(
        h,
        |c| c.is_ascii_graphic() && !b"#%/:<>?@[\\]^|".contains(&c),
        false,
    );
    format!("{}{decoded}{}", &url[..at], &url[at + h.len()..])
}

/// `url` with each percent-encoded unreserved character of its path,
/// query and fragment decoded, but a path segment that would then be `.`
/// or `..` written `%2e` or `%2e%2e`: data, not a dot segment.
pub(super) fn decode_unreserved_but_dot_segments(url: &str) -> String {
    let c = parse(url);
    let path: Vec<String> = c
        .path
        .split('/')
        .map(|segment| match decode_unreserved(segment) {
            dots if segment.contains('%') && (dots == "." || dots == "..") => {
                "%2e".repeat(dots.len())
            }
            decoded => decoded,
        })
        .collect();
    let query = c.query.map(decode_unreserved);
    let fragment = c.fragment.map(decode_unreserved);
    replace_path_query_fragment(url, &path.join("/"), query.as_deref(), fragment.as_deref())
}

/// `url` with its path, query and fragment percent-encoding normalized
/// (each unreserved character decoded, the hex digits of the others
/// upper-cased), but each `%2E` of its path kept and upper-cased.
pub(super) fn normalize_encoding_but_path_dots(url: &str) -> String {
    let c = parse(url);
    let unreserved = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~');
    let path = decode_picked(c.path, |c| c != b'.' && unreserved(c), true);
    let query = c.query.map(|q| decode_picked(q, unreserved, true));
    let fragment = c.fragment.map(|f| decode_picked(f, unreserved, true));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// `url` with each percent-encoded unreserved character decoded (RFC
/// 3986 2.3), everywhere (the deviation `unreserved-decoded`).
pub(super) fn decode_unreserved(url: &str) -> String {
    decode_picked(
        url,
        |c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~'),
        false,
    )
}

/// `url` (whose scheme is `scheme_of_base` when it has none) with the
/// slashes after an empty authority skipped, when its scheme is special:
/// `///g` is `//g`, `http:///s//a` is `http://s//a`.
pub(super) fn skip_extra_slashes(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let scheme = c.scheme.or(scheme_of_base);
    if !scheme.is_some_and(special) || c.authority != Some("") || !c.path.starts_with('/') {
        return url.to_owned();
    }
    let at = c.scheme.map_or(0, |s| s.len() + 1);
    let path_at = offset(url, c.path);
    format!("{}//{}", &url[..at], url[path_at..].trim_start_matches('/'))
}

pub(super) fn drop_empty_query(url: &str) -> String {
    let c = parse(url);
    match c.query {
        Some("") => {
            let at = offset(url, c.path) + c.path.len();
            format!("{}{}", &url[..at], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

pub(super) fn drop_empty_fragment(url: &str) -> String {
    match url.strip_suffix('#') {
        Some(rest) if parse(url).fragment == Some("") => rest.to_owned(),
        _ => url.to_owned(),
    }
}

/// Without the `//` of an empty authority: `http:///g` is `http:/g`, and
/// `////g` is `//g`, which parses again with the authority `g`.
pub(super) fn drop_empty_authority(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some("") => {
            let at = c.scheme.map_or(0, |s| s.len() + 1);
            format!("{}{}", &url[..at], &url[at + 2..])
        }
        _ => url.to_owned(),
    }
}

/// `url` without the `;` that ends its path.
pub(super) fn drop_empty_params(url: &str) -> String {
    match parse(url).path.strip_suffix(';') {
        Some(path) => replace_path(url, path),
        None => url.to_owned(),
    }
}

/// `url` without the `:` of an empty port: `http://a:/b` is `http://a/b`.
pub(super) fn drop_empty_port(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some(authority) if host_and_port(authority).ends_with(':') => {
            let end = offset(url, authority) + authority.len();
            format!("{}{}", &url[..end - 1], &url[end..])
        }
        _ => url.to_owned(),
    }
}

/// `url` with a port of zeros dropped, and its `:`: `http://a:0/` is
/// `http://a/`.
pub(super) fn drop_port_zero(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    match port(authority) {
        Some(p) if !p.is_empty() && p.bytes().all(|d| d == b'0') => {
            let end = offset(url, authority) + authority.len();
            format!("{}{}", &url[..end - p.len() - 1], &url[end..])
        }
        _ => url.to_owned(),
    }
}

/// `reference` (resolved against `base`) with the empty or absent parts of
/// its authority (userinfo, host, port) taken from the base's; an
/// authority with nothing in it is taken for none.
pub(super) fn merge_authority_by_part(base: &str, reference: &str) -> String {
    let r = parse(reference);
    let Some(authority) = r.authority.filter(|_| r.scheme.is_none()) else {
        return reference.to_owned();
    };
    fn userinfo(a: &str) -> Option<&str> {
        a.rfind('@').map(|at| &a[..at])
    }
    let start = offset(reference, authority);
    let end = start + authority.len();
    let empty = |part: Option<&str>| part.is_none_or(str::is_empty);
    if empty(userinfo(authority)) && empty(host(Some(authority))) && empty(port(authority)) {
        // Nothing in it: the path that follows is the reference's.
        return format!("{}{}", &reference[..start - 2], &reference[end..]);
    }
    let b = parse(base).authority;
    fn pick<'a>(mine: Option<&'a str>, theirs: Option<&'a str>) -> Option<&'a str> {
        mine.filter(|p| !p.is_empty())
            .or(theirs.filter(|p| !p.is_empty()))
    }
    let user = pick(userinfo(authority), b.and_then(userinfo));
    let host = pick(host(Some(authority)), host(b));
    let port = pick(port(authority), b.and_then(port));
    let mut merged = String::new();
    if let Some(user) = user {
        merged.push_str(user);
        merged.push('@');
    }
    merged.push_str(host.unwrap_or(""));
    if let Some(port) = port {
        merged.push(':');
        merged.push_str(port);
    }
    format!("{}{merged}{}", &reference[..start], &reference[end..])
}

/// `reference`, when it has no scheme, without the userinfo of its
/// authority.
pub(super) fn drop_reference_userinfo(reference: &str) -> String {
    let r = parse(reference);
    match (
        r.scheme,
        r.authority.and_then(|a| a.rfind('@').map(|at| (a, at))),
    ) {
        (None, Some((authority, at))) => {
            let start = offset(reference, authority);
            format!("{}{}", &reference[..start], &reference[start + at + 1..])
        }
        _ => reference.to_owned(),
    }
}

/// `reference`, when it has a scheme, no authority and an absolute path,
/// with the base's userinfo and host for its authority.
pub(super) fn take_base_host(base: &str, reference: &str) -> String {
    let r = parse(reference);
    let b = parse(base).authority;
    match (r.scheme, r.authority, b, host(b)) {
        (Some(scheme), None, Some(authority), Some(host)) if r.path.starts_with('/') => {
            let user = authority.rfind('@').map_or("", |at| &authority[..=at]);
            format!("{scheme}://{user}{host}{}", &reference[scheme.len() + 1..])
        }
        _ => reference.to_owned(),
    }
}

/// `reference` with its empty authority replaced by the base's.
pub(super) fn authority_from_base(base: &str, reference: &str) -> String {
    let r = parse(reference);
    match (r.scheme, r.authority, parse(base).authority) {
        (None, Some(""), Some(authority)) => format!("//{authority}{}", &reference[2..]),
        _ => reference.to_owned(),
    }
}

/// `url`, when its scheme is not one Node's url module knows to be slashed
/// (http, https, ftp, gopher, file) and it has no authority, with the first
/// segment of its path read as an authority: the host lower-cased, an
/// empty port dropped.
pub(super) fn parse_opaque_authority(url: &str) -> String {
    let c = parse(url);
    let Some(scheme) = c.scheme else {
        return url.to_owned();
    };
    if c.authority.is_some() || c.path.is_empty() || c.path.starts_with('/') || slashed(scheme) {
        return url.to_owned();
    }
    let first = c.path.split('/').next().unwrap_or("");
    let start = offset(url, c.path);
    let (user, rest) = match first.rfind('@') {
        Some(at) => (&first[..=at], &first[at + 1..]),
        None => ("", first),
    };
    // The port is the digits after the last `:`; the host ends at a `:`
    // before it, and what follows that starts the path.
    let (rest, port) = match rest.rfind(':') {
        Some(colon) if rest[colon + 1..].bytes().all(|d| d.is_ascii_digit()) => {
            (&rest[..colon], &rest[colon..])
        }
        _ => (rest, ""),
    };
    let (host, moved) = rest.split_at(rest.find(':').unwrap_or(rest.len()));
    let port = if port == ":" { "" } else { port };
    // Userinfo is written only before a host.
    let user = if host.is_empty() { "" } else { user };
    let slash = if moved.is_empty() { "" } else { "/" };
    format!(
        "{}{user}{}{port}{slash}{moved}{}",
        &url[..start],
        host.to_ascii_lowercase(),
        &url[start + first.len()..]
    )
}

/// `url` with the leading zeros of its port dropped, one `0` left of a
/// port of zeros: `http://a:080` is `http://a:80`.
pub(super) fn strip_port_zeros(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    let Some(host) = host(Some(authority)) else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    let Some(port) = rest[host.len()..].strip_prefix(':') else {
        return url.to_owned();
    };
    if !port.starts_with('0') || port.len() < 2 || !port.bytes().all(|b| b.is_ascii_digit()) {
        return url.to_owned();
    }
    let kept = port.trim_start_matches('0');
    let kept = if kept.is_empty() { "0" } else { kept };
    let end = offset(url, authority) + authority.len();
    format!("{}{kept}{}", &url[..end - port.len()], &url[end..])
}

/// `url` with the hexadecimal digits of each percent-encoding upper-cased.
pub(super) fn uppercase_percent_hex(url: &str) -> String {
    let mut out = url.to_owned();
    let bytes = url.as_bytes();
    for at in 0..bytes.len() {
        let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
        if bytes[at] == b'%' && hex(at + 1) && hex(at + 2) {
            out[at + 1..at + 3].make_ascii_uppercase();
        }
    }
    out
}

/// `url` with each run of `/` inside its path made one.
pub(super) fn collapse_empty_segments(url: &str) -> String {
    let c = parse(url);
    let mut path = String::with_capacity(c.path.len());
    for ch in c.path.chars() {
        if ch == '/' && path.ends_with('/') {
            continue;
        }
        path.push(ch);
    }
    // A path that now starts with `//` cannot happen: runs are one `/`.
    replace_path(url, &path)
}

/// `base` with a `/` before a path that has none, when it has no authority.
pub(super) fn root_the_base(base: &str) -> String {
    let b = parse(base);
    if b.scheme.is_none() || b.authority.is_some() || b.path.starts_with('/') {
        return base.to_owned();
    }
    replace_path(base, &format!("/{}", b.path))
}

/// `base`, when `reference` is a path to merge with it (no authority, a
/// path not starting with `/`) and its path has no `/`, with that path
/// cut before its last character and ended with `/`: merged as RFC 3986
/// 5.2.3 merges a path that has one, `bar` + `g` is `ba/g`, and an empty
/// path gives `/g`.
pub(super) fn cut_slashless_base(base: &str, reference: &str) -> String {
    let (b, r) = (parse(base), parse(reference));
    let same_scheme = match (r.scheme, b.scheme) {
        (None, _) => true,
        (Some(r), Some(b)) => r.eq_ignore_ascii_case(b),
        (Some(_), None) => false,
    };
    if !same_scheme
        || r.authority.is_some()
        || r.path.is_empty()
        || r.path.starts_with('/')
        || b.authority.is_some()
        || b.path.contains('/')
    {
        return base.to_owned();
    }
    let mut path = b.path.to_owned();
    path.pop();
    path.push('/');
    replace_path(base, &path)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::deviations::tests::*;

    /// What the deviations of this file give: each case's answer with
    /// them, and another without ([`super::super::tests::assert_gives`]).
    pub(in crate::deviations) const CASES: &[Case<'static>] = {
        use Id::*;
        &[
            (&[EmptyQueryDropped], BASE, "?", Ok("http://a/b/c/d;p?q")),
            (
                &[EmptyPortDropped],
                "http://a/b",
                "//c:/g",
                Ok("http://c/g"),
            ),
            (
                &[PercentHexUppercased],
                "http://a/b",
                "%7e%aa",
                Ok("http://a/%7E%AA"),
            ),
            (
                &[PortZerosStripped],
                "http://a:080/",
                "g",
                Ok("http://a:80/g"),
            ),
            (&[EmptyQueryDropped], BASE, "g?", Ok("http://a/b/c/g")),
            (&[EmptyFragmentDropped], BASE, "g#", Ok("http://a/b/c/g")),
            (&[EmptyAuthorityDropped], BASE, "///g", Ok("http://a/g")),
            (&[EmptyAuthorityDropped], BASE, "////g", Ok("http://g")),
            (
                &[EmptyAuthorityDropped],
                "http:///s//a/b/c",
                "../g",
                Ok("http:/s//a/g"),
            ),
            (&[EmptyParamsDropped], BASE, "g;", Ok("http://a/b/c/g")),
            (&[HostDecoded], BASE, "//%2a%41/g", Ok("http://*A/g")),
            (
                &[HostDecoded],
                "http://u@%2a:8/b",
                "c",
                Ok("http://u@*:8/c"),
            ),
            (
                &[EmptySegmentsCollapsed],
                BASE,
                "g//../h",
                Ok("http://a/b/c/h"),
            ),
            (&[EmptyReferenceMerged], BASE, "", Ok("http://a/b/c/")),
            (&[RootlessBaseRooted], "foo:", "g", Ok("foo:/g")),
            (
                &[RootlessBaseRooted, AuthorityAdded],
                "foo:bar",
                "g",
                Ok("foo:///g"),
            ),
            (
                &[UnreservedDecoded],
                "http://a/b",
                "//A:80/%7e%2E%2f",
                Ok("http://A:80/~.%2f"),
            ),
            (&[UnreservedDecoded], "http://%41/b", "g", Ok("http://A/g")),
            (&[ExtraSlashesSkipped], BASE, "////g", Ok("http://g")),
            (
                &[ExtraSlashesSkipped],
                "http:///s//a/b/c",
                "../g",
                Ok("http://s//a/g"),
            ),
            (
                &[ReservedDecoded],
                "http://a/b/c",
                "g%2F..%2Fh",
                Ok("http://a/b/h"),
            ),
            (&[ReservedDecoded], "http://a/%2a#", "", Ok("http://a/*")),
            (&[ReservedDecoded], "http://a", "%2f", Ok("http://a/")),
            // Under an authority a path may start with `//`.
            (&[ReservedDecoded], "http://a/%2f/a", "..", Ok("http://a//")),
            (&[BaseDotsPopped], "http://a/../", "", Ok("http://a")),
            (&[BaseDotsPopped], "http://a/b/..", "", Ok("http://a/")),
            (
                &[BaseDotsPopped],
                "http://a/./b/..?q",
                "#f",
                Ok("http://a/?q#f"),
            ),
            (
                &[BaseDotsPopped, SlashlessBaseLosesLastCharacter],
                "a:./aa",
                "a",
                Ok("a:a/a"),
            ),
            (
                &[BaseDotsPopped, RootPoppedByDots],
                "http://a/a/..",
                "../",
                Ok("http://a"),
            ),
            (&[AuthorityWithoutSlashes], "http://a", "ftp:", Ok("ftp://")),
            (&[AuthorityWithoutSlashes], "http:a", "b", Ok("http://a/b")),
            (
                &[AuthorityWithoutSlashes],
                "http://a",
                "file:x",
                Ok("file:///x"),
            ),
            (&[HostEndedEarly], "http://a;", ";", Ok("http://a/;")),
            (&[HostEndedEarly], "http://a", "//;", Ok("http:///;")),
            (
                &[HostEndedEarly],
                "http://a",
                "//x%aa/g",
                Ok("http://x/%aa/g"),
            ),
            (
                &[InvalidUtf8Replaced],
                "http://a",
                "%aa",
                Ok("http://a/%EF%BF%BD"),
            ),
            (
                &[UserinfoDroppedWithoutHost],
                "http://a@",
                "",
                Ok("http://"),
            ),
            (
                &[UserinfoDroppedWithoutHost],
                "http://a",
                "//a@/x",
                Ok("http:///x"),
            ),
            (
                &[UnreservedDecodedOutsideHost],
                "http://a",
                "//%6a/%7a",
                Ok("http://%6a/z"),
            ),
            (
                &[HostUnreservedDecoded],
                "http://a",
                "//%6a/%7a",
                Ok("http://j/%7a"),
            ),
            (&[OpaqueBasePathDropped], "a:a", "?", Ok("a:?")),
            (&[OpaqueBasePathDropped], "a:a", "#f", Ok("a:#f")),
            (&[SingleSlashAuthority], "a:/a/b", "c", Ok("a://a/c")),
            (&[SingleSlashAuthority], "http://a", "a:/x", Ok("a://x")),
            (
                &[EmptyAuthorityIgnored],
                "http://a",
                "////",
                Ok("http://a//"),
            ),
            (
                &[EmptyAuthorityIgnored, EmptySegmentsCollapsed],
                "http://a",
                "////",
                Ok("http://a/"),
            ),
            (
                &[EmptyPortDropped, EmptyAuthorityDropped],
                "a://:",
                "",
                Ok("a:"),
            ),
            // Racket.
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%2ea/%2e",
                Ok("http://a/.a/%2e"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                ".%2e/g",
                Ok("http://a/%2e%2e/g"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%7a?%7a#%7a",
                Ok("http://a/z?z#z"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%2e?%2e",
                Ok("http://a/%2e?."),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a/b/c",
                "%2E/g",
                Ok("http://a/b/%2e/g"),
            ),
            // Ruby's uri and hyperlink.
            (
                &[AuthorityMergedByPart],
                "http://u@a",
                "//b/c",
                Ok("http://u@b/c"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://a:1",
                "//b/c",
                Ok("http://b:1/c"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://u@a:1",
                "//:5/b",
                Ok("http://u@a:5/b"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://a",
                "//a@",
                Ok("http://a@a"),
            ),
            (&[AuthorityMergedByPart], "A://a@", "//a", Ok("A://a@a")),
            (
                &[AuthorityMergedByPart],
                "http://a/p",
                "//",
                Ok("http://a/p"),
            ),
            (
                &[PortZeroDropped, AuthorityMergedByPart],
                "http://a:7",
                "//b:0/c",
                Ok("http://b:7/c"),
            ),
            (
                &[PortZeroDropped, AuthorityMergedByPart],
                "http://a",
                "//:0/",
                Ok("http://a/"),
            ),
            (&[PortZeroDropped], "http://a", "//b:00/c", Ok("http://b/c")),
            // Node's url.resolve.
            (&[OpaqueAuthorityParsed], "http://a", "a:A/B", Ok("a:a/B")),
            (
                &[OpaqueAuthorityParsed],
                "http://a",
                "a:U@H/P",
                Ok("a:U@h/P"),
            ),
            (&[OpaqueAuthorityParsed], "http://a", "a:a:", Ok("a:a")),
            (&[OpaqueAuthorityParsed], "http://a", "a:H:1", Ok("a:h:1")),
            (&[OpaqueAuthorityParsed], "b:C/D", "e", Ok("b:c/e")),
            (
                &[OpaqueAuthorityParsed],
                "http://a",
                "mailto:X@Y",
                Ok("mailto:X@y"),
            ),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A:A",
                Ok("a:a"),
            ),
            (
                &[UserinfoDroppedWithoutHost, HostlessMergeUnrooted],
                "http://a@",
                ".",
                Ok("http://"),
            ),
            // libcurl.
            (
                &[EmptyReferenceMerged],
                "http://a/b?",
                "#s",
                Ok("http://a/#s"),
            ),
            (
                &[EmptyReferenceMerged],
                "http://a/b/c?q#f",
                "#s",
                Ok("http://a/b/#s"),
            ),
            // tcllib.
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://:",
                Ok("file:///:"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://x:/b",
                Ok("file://x/:/b"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://:1/b",
                Ok("file:///:1/b"),
            ),
            (&[FileAuthorityHostOnly], "file://:", "", Ok("file:///:")),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://a@",
                Ok("file://a/@"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://u@h/g",
                Ok("file://u/@h/g"),
            ),
            (&[EmptyAuthorityFromBase], BASE, "//", Ok("http://a")),
            (&[EmptyAuthorityFromBase], BASE, "///g", Ok("http://a/g")),
            // Go.
            (&[TripleSlashIsPath], "http://a", "////", Ok("http://a////")),
            (
                &[TripleSlashIsPath],
                "http://a/x",
                "////b/c",
                Ok("http://a////b/c"),
            ),
            (&[TripleSlashIsPath], "http://a", "///", Ok("http://a///")),
            (&[OpaqueAuthorityParsed], "http://a", "a:@", Ok("a:")),
            (&[OpaqueAuthorityParsed], "http://a", "a:H:x", Ok("a:h/:x")),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A::a",
                Ok("a:/:a"),
            ),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A:::",
                Ok("a:/:"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://a",
                "//::@",
                Ok("http://::@a"),
            ),
            // hyperlink.
            (
                &[ReferenceUserinfoDropped],
                "http://a",
                "//u@h",
                Ok("http://h"),
            ),
            (
                &[ReferenceUserinfoDropped],
                "http://a",
                "//;@.",
                Ok("http://."),
            ),
            (
                &[ReferenceUserinfoDropped, AuthorityMergedByPart],
                "http://u@a",
                "//v@b/c",
                Ok("http://u@b/c"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://a",
                "ftp:/",
                Ok("ftp://a/"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://a",
                "https:/x",
                Ok("https://a/x"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://u@a:1",
                "ftp:/x",
                Ok("ftp://u@a/x"),
            ),
            (
                &[SlashlessBaseLosesLastCharacter],
                "foo:bar",
                "g",
                Ok("foo:ba/g"),
            ),
            (
                &[SlashlessBaseLosesLastCharacter],
                "mailto:x@y",
                "g?q",
                Ok("mailto:x@/g?q"),
            ),
            (
                &[SlashlessBaseLosesLastCharacter],
                "foo:",
                "g",
                Ok("foo:/g"),
            ),
            (
                &[UnreservedDecodedButPathDots],
                "http://a/%7a/%2e",
                "",
                Ok("http://a/z/%2E"),
            ),
            (
                &[UnreservedDecodedButPathDots],
                "http://a",
                "a%2e?%2e#%7e%aa",
                Ok("http://a/a%2E?.#~%AA"),
            ),
            (
                &[UnreservedDecodedButPathDots],
                "http://a/b/c",
                "%2e%2E/%7e",
                Ok("http://a/b/%2E%2E/~"),
            ),
        ]
    };

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        assert_gives(CASES);
    }

    #[test]
    fn percent_hex_uppercased_changes_only_the_two_digits_after_a_percent() {
        // `cafe` holds hex digits that follow no `%`; a `%` at the end, or
        // with one digit after it, is left as it is.
        assert_eq!(
            run(&[Id::PercentHexUppercased], BASE, "cafe%2f%a"),
            Ok("http://a/b/c/cafe%2F%a".to_owned())
        );
        assert_eq!(uppercase_percent_hex("http://a/%"), "http://a/%");
    }

    #[test]
    fn an_input_transform_is_searched_when_it_changes_the_base_or_the_reference() {
        use Id::*;
        // One input each deviation of `READS` changes, through the base or
        // through the reference.
        let changing = [
            (EmptyQueryDropped, "http://a", "g?"),
            (EmptyFragmentDropped, "http://a", "g#"),
            (EmptyAuthorityDropped, "http://a", "///g"),
            (EmptySegmentsCollapsed, "http://a/b//c", "g"),
            (EmptyParamsDropped, "http://a", "g;"),
            (EmptyPortDropped, "http://a:/b", "g"),
            (PercentHexUppercased, "http://a", "%aa"),
            (PortZerosStripped, "http://a:080/", "g"),
            (RootlessBaseRooted, "foo:b/c", "g"),
            (BaseDotsPopped, "http://a/b/../c", "g"),
            (EmptyReferenceMerged, "http://a/b", ""),
            (EmptyReferenceMerged, "http://a/b", "#s"),
            (UnreservedDecoded, "http://a", "%41"),
            (ReservedDecoded, "http://a", "%2f"),
            (ReservedDecoded, "http://a/%3a", "g"),
            (InvalidUtf8Replaced, "http://a", "%aa"),
            (HostEndedEarly, "http://a", "//x;y/g"),
            (SingleSlashAuthority, "foo:/x/y", "g"),
            (UserinfoDroppedWithoutHost, "http://u@/b", "g"),
            (FileHostRejected, "http://a", "file://localhost/g"),
            (FileHostRejected, "file://localhost/b", "g"),
            (OpaqueBasePathDropped, "foo:bar", "g"),
            (FileAuthorityHostOnly, "http://a", "file://x:/g"),
            (FileAuthorityHostOnly, "file://u@x", "g"),
            (TripleSlashIsPath, "http://a", "///g"),
            (EmptyAuthorityFromBase, "http://a/b", "///g"),
            (ReferenceUserinfoDropped, "http://a", "//u@b/g"),
            (SchemeReferenceTakesBaseHost, "http://a/b", "http:/g"),
            (OpaqueAuthorityParsed, "foo:X/y", "g"),
            (PortZeroDropped, "http://a:0", "g"),
            (AuthorityMergedByPart, "http://u@a", "//b/g"),
            (UnreservedDecodedExceptDotSegments, "http://a", "%41"),
            (UnreservedDecodedButPathDots, "http://a", "%2e"),
            (EmptyAuthorityIgnored, "http://a", "////g"),
            (AuthorityWithoutSlashes, "http://a", "https:g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "g"),
            (ExtraSlashesSkipped, "http://a", "///g"),
            (UnreservedDecodedOutsideHost, "http://a", "%41"),
            (HostUnreservedDecoded, "http://a", "//%41/g"),
            (HostDecoded, "http://%2a", "g"),
        ];
        for (id, base, reference) in changing {
            assert!(
                changes_input(id, base, reference),
                "{id} on {base:?} + {reference:?}"
            );
        }
        // Every deviation that reads the input is searched, once.
        for (at, (id, _)) in READS.iter().enumerate() {
            assert!(changing.iter().any(|c| c.0 == *id), "{id} has no case");
            assert!(!READS[at + 1..].iter().any(|r| r.0 == *id), "{id} twice");
        }
        // An input with nothing for any transform to change.
        for id in Id::ALL {
            assert!(
                !changes_input(*id, "http://a/b/c", "g"),
                "{id} on a plain input"
            );
        }
        // Near misses: what the transform looks for, but not there.
        for (id, base, reference) in [
            (ReservedDecoded, "http://a", "%41"),
            (FileAuthorityHostOnly, "http://x:1", "g"),
            (FileHostRejected, "http://localhost", "g"),
            (TripleSlashIsPath, "http://a", "//g"),
            (AuthorityMergedByPart, "http://a", "//b/g"),
            (EmptyReferenceMerged, "http://a/b", "?q"),
            (AuthorityWithoutSlashes, "http://a", "http:g"),
            (OpaqueBasePathDropped, "foo:/bar", "g"),
            (BaseDotsPopped, "http://a/b/c", "../g"),
            (BaseDotsPopped, "http://a/b..c/.d", "g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "/g"),
            (SlashlessBaseLosesLastCharacter, "foo:b/ar", "g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "//h/g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "?q"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "x:g"),
            (SlashlessBaseLosesLastCharacter, "http://a", "g"),
        ] {
            assert!(
                !changes_input(id, base, reference),
                "{id} on {base:?} + {reference:?}"
            );
        }
    }

    #[test]
    fn a_host_missing_before_an_empty_port_is_left_to_the_empty_port_deviations() {
        use Id::*;
        // A port after an empty host is rejected, in the reference or the
        // base; an empty port is no port, so `//:` is not: that is
        // empty-port-rejected's to refuse.
        assert_eq!(
            run(&[PortWithoutHostRejected], BASE, "foo://:8/g"),
            Err("port-without-host-rejected".to_owned())
        );
        assert_eq!(
            run(&[PortWithoutHostRejected], "foo://:8/b", "g"),
            Err("port-without-host-rejected".to_owned())
        );
        assert_leaves_alone(
            PortWithoutHostRejected,
            &[
                (BASE, "foo://:/g"),
                ("foo://:/b", "g"),
                (BASE, "foo://u@/g"),
                (BASE, "foo://h:8/g"),
            ],
        );
        assert_eq!(
            run(
                &[PortWithoutHostRejected, EmptyPortRejected],
                BASE,
                "foo://:/g"
            ),
            Err("empty-port-rejected".to_owned())
        );
    }

    #[test]
    fn authority_without_slashes_roots_a_file_path_only_where_it_needs_it() {
        // `file:` with no `//`: the authority is empty, and a `/` starts a
        // path that has none, never a second one, nor one before nothing.
        let implied = |reference: &str| run(&[Id::AuthorityWithoutSlashes], BASE, reference);
        assert_eq!(implied("file:g"), Ok("file:///g".to_owned()));
        assert_eq!(implied("file:/g"), Ok("file:///g".to_owned()));
        assert_eq!(implied("file:"), Ok("file://".to_owned()));
        assert_eq!(implied("file:?q"), Ok("file://?q".to_owned()));
    }

    #[test]
    fn empty_authority_ignored_keeps_the_scheme_before_it() {
        // In a base or a reference with a scheme, the `//` after the colon
        // goes and the scheme stays whole.
        let ignored =
            |base: &str, reference: &str| run(&[Id::EmptyAuthorityIgnored], base, reference);
        assert_eq!(ignored("foo:///a/b", "g"), Ok("foo:/a/g".to_owned()));
        assert_eq!(ignored(BASE, "foo:///g"), Ok("foo:/g".to_owned()));
        assert_eq!(rfc3986(BASE, "foo:///g"), Ok("foo:///g".to_owned()));
    }
}
