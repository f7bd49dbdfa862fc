//! Recomposition: the deviations that write the answer otherwise than
//! RFC 3986 5.3 (a scheme or host lower-cased, an authority or a `/` path
//! added, a default port dropped, an encoding rewritten).

use super::refuse::{ends_in_a_number, whatwg_ipv4};
use super::*;

deviations! {
    SCHEME_LOWERCASED = "scheme-lowercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "HTTP:/g"),
        "the scheme of the result is lower-cased",
        "most parsers; RFC 3986 3.1: schemes are case-insensitive, so the resource is the same, yet 5.2.2 copies the scheme as written and lower-casing is normalization (6.2.2.1)";
    HOST_LOWERCASED = "host-lowercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "//X/g"),
        "the host of the result is lower-cased",
        "the WHATWG URL Standard, Node; RFC 3986 3.2.2: the host is case-insensitive, yet 5.2.2 copies the authority as written";
    EMPTY_PATH_SLASH = "empty-path-slash", true,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b/c/d;p?q", "//g"),
        "for http, https, ftp, file, ws and wss, an empty path under an authority is written `/`",
        "the WHATWG URL Standard, Node's url.resolve; RFC 3986 6.2.3 makes `http://a` and `http://a/` equivalent, yet 5.3 writes the empty path as it is";
    AUTHORITY_ADDED = "authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("foo:/b/c", "g"),
        "a result with a scheme and a rooted path but no authority is written with an empty authority (`//`)",
        "Go's net/url (URL.OmitHost not copied from the base); RFC 3986 5.3 writes `//` only when the authority is defined";
    PERCENT_ENCODING_REWRITTEN = "percent-encoding-rewritten", false,
        [Some("4"), Some("5.2"), Some("2.2, 5.2.2")], ("http://a/b", "g?x:y"),
        "the path, query and fragment are percent-encoded again by the library's own choice: reserved characters they may hold as they are (`:`, `@`, the sub-delims, and `/` and `?` in a query or fragment) encoded or decoded, hex digits in either case; the model writes them all encoded, and takes any answer equal to the reference's once they are decoded",
        "Racket's net/url (`?a:/` written `?a%3A%2F`), libxml2 (`:` in a path written `%3A`), Boost.URL (`%2f` written `/`); RFC 3986 2.2 makes a reserved character and its encoding different data, and 5.2.2 copies the components as written";
    NUMERIC_HOST_IPV4 = "numeric-host-ipv4", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//9/g"),
        "a host of one to four dot-separated decimal numbers that fits an IPv4 address, a `.` after them or not, is written as one in four parts (`9` is `0.0.0.9`, `1.2.` is `1.0.0.2`)",
        "the WHATWG URL Standard (IPv4 parser), libcurl; RFC 3986 3.2.2: a host that does not match IPv4address (four parts) is a reg-name, to be looked up as written";
    EMPTY_PATH_SLASH_ANY_SCHEME = "empty-path-slash-any-scheme", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("foo://a/b", "//g"),
        "an empty path under an authority is written `/`, whatever the scheme",
        "libcurl, Apache HttpClient, Python's hyperlink; RFC 3986 6.2.3 allows it for schemes whose empty path means `/` (http), and 5.3 writes the empty path as it is";
    KNOWN_SCHEME_AUTHORITY_ADDED = "known-scheme-authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b", "ftp:x"),
        "a result of http, https, ftp, file, ws or wss without an authority is written with an empty one and a rooted path (`ftp:x` is `ftp:///x`, `ftp:` is `ftp://`)",
        "tcllib's uri::join, which writes every URL of the schemes it knows as `scheme://host/path`; RFC 3986 5.3 writes `//` only when the authority is defined, and the path as it is";
    DEFAULT_PORT_DROPPED = "default-port-dropped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//x:80/g"),
        "a port that is the default of the result's scheme (80 for http and ws, 443 for https and wss, 21 for ftp) is dropped",
        "Ruby's uri, tcllib, the WHATWG URL Standard; RFC 3986 6.2.3 makes `http://x:80/` and `http://x/` equivalent, yet 5.2.2 copies the authority as written";
    QUERY_SEMICOLONS_AS_AMPERSANDS = "query-semicolons-as-ampersands", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "g?x;y"),
        "a `;` in the result's query is written `&`, as a form-urlencoded parser reads both as separators",
        "Racket's net/url (the query is kept as an association list); RFC 3986 3.4 makes the query opaque data, `;` and `&` different characters";
    EMPTY_QUERY_UNWRITTEN = "empty-query-unwritten", false,
        [None, Some("5.2 step 7"), Some("5.3")], ("http://a/b/c/d;p?q", "?"),
        "an empty query is resolved as one, then not written: the result's `?` with nothing after it goes (`?` is `http://a/b/c/d;p`)",
        "libcurl (its URL handle keeps no empty query); RFC 3986 5.3 writes `?` whenever the query is defined, an empty one too";
    NETLOC_SCHEME_AUTHORITY_ADDED = "netloc-scheme-authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b", "svn:x"),
        "a result without an authority whose scheme is one Python's urllib.parse writes with `//` (its uses_netloc: http, https, ftp, file, ws, wss, and git, svn, sftp, rtsp, shttp and others) is written with an empty one and a rooted path (`svn:x` is `svn:///x`)",
        "yarl (URL objects are written by urlunsplit's rule); RFC 3986 5.3 writes `//` only when the authority is defined, and the path as it is";
}

/// Recomposition: `resolved` written back with the authority and the `/`
/// path the deviations of `set` add. `b` and `r` are the base and
/// reference resolved (none when the reference was left unresolved).
pub(super) fn recompose(set: Set, resolved: &mut String, b: &Components<'_>, r: &Components<'_>) {
    use Id::*;
    // A path that starts with `//` and no authority reads as an
    // authority in the reference's answer; written with an empty one, it is
    // a path again. (An unresolved reference, its own answer, has none.)
    let adding = [
        AuthorityAdded,
        KnownSchemeAuthorityAdded,
        NetlocSchemeAuthorityAdded,
    ];
    let double_slash = adding
        .iter()
        .any(|&id| set.has(id))
        .then(|| double_slash_path(resolved, b, r))
        .flatten();
    let double_slash = || double_slash.as_deref();
    if set.has(AuthorityAdded) {
        *resolved = add_empty_authority(resolved, double_slash(), |_| true, false);
    }
    for (id, schemes) in [
        (KnownSchemeAuthorityAdded, &KNOWN_SCHEMES[..]),
        (NetlocSchemeAuthorityAdded, &PYTHON_NETLOC_SCHEMES[..]),
    ] {
        if set.has(id) {
            let listed = |s: &str| one_of(schemes, s);
            *resolved = add_empty_authority(resolved, double_slash(), listed, true);
        }
    }
    if set.has(EmptyPathSlash) {
        let out = parse(resolved);
        if known_scheme(&out) && out.authority.is_some() && out.path.is_empty() {
            *resolved = replace_path(resolved, "/");
        }
    }
    if set.has(EmptyPathSlashAnyScheme) {
        let out = parse(resolved);
        if out.authority.is_some() && out.path.is_empty() {
            *resolved = replace_path(resolved, "/");
        }
    }
}

/// Recomposition: `resolved` with its scheme, host and port written as the
/// deviations of `set` normalize them.
pub(super) fn normalize_host(set: Set, resolved: &mut String) {
    use Id::*;
    if set.has(NumericHostIpv4) {
        if let Some(address) = host(parse(resolved).authority).and_then(ipv4_of_numbers) {
            *resolved = replace_host(resolved, &address);
        }
    }
    if set.has(WhatwgIpv4Host) {
        let out = parse(resolved);
        let address = host(out.authority)
            .filter(|&h| ends_in_a_number(h))
            .and_then(whatwg_ipv4);
        if let (Some(address), Some(_)) =
            (address, out.scheme.filter(|&s| one_of(&KNOWN_SCHEMES, s)))
        {
            *resolved = replace_host(resolved, &address);
        }
    }
    if set.has(SchemeLowercased) {
        *resolved = lowercase_scheme(resolved);
    }
    if set.has(HostLowercased) {
        let out = parse(resolved);
        if let (Some(authority), Some(host)) = (out.authority, host(out.authority)) {
            let start =
                offset(resolved, authority) + (authority.len() - host_and_port(authority).len());
            let lower = host.to_ascii_lowercase();
            resolved.replace_range(start..start + host.len(), &lower);
        }
    }
    if set.has(DefaultPortDropped) {
        *resolved = drop_default_port(resolved);
    }
}

/// Recomposition: `resolved` with its query and its percent-encoding
/// written as the deviations of `set` rewrite them.
pub(super) fn rewrite_query_and_encoding(set: Set, resolved: &mut String) {
    use Id::*;
    if set.has(QuerySemicolonsAsAmpersands) {
        let out = parse(resolved);
        if let Some(query) = out.query.filter(|q| q.contains(';')) {
            let fragment = out.fragment.map(str::to_owned);
            let path = out.path.to_owned();
            *resolved = replace_path_query_fragment(
                resolved,
                &path,
                Some(&query.replace(';', "&")),
                fragment.as_deref(),
            );
        }
    }
    if set.has(EmptyQueryUnwritten) && parse(resolved).query == Some("") {
        let out = parse(resolved);
        let (path, fragment) = (out.path.to_owned(), out.fragment.map(str::to_owned));
        *resolved = replace_path_query_fragment(resolved, &path, None, fragment.as_deref());
    }
    if set.has(PercentEncodingRewritten) {
        *resolved = encode_reserved(resolved);
    }
}

/// `resolved` written with an empty authority when it has none and its
/// scheme is one `scheme` takes (`double_slash`, a path [`double_slash_path`]
/// found, is its path); with a rooted path when `rooted`, else only when its
/// path is rooted already.
pub(super) fn add_empty_authority(
    resolved: &str,
    double_slash: Option<&str>,
    scheme: impl Fn(&str) -> bool,
    rooted: bool,
) -> String {
    let out = parse(resolved);
    let Some(s) = out.scheme.filter(|&s| scheme(s)) else {
        return resolved.to_owned();
    };
    if let Some(path) = double_slash {
        return replace_double_slash_path(resolved, &format!("//{path}"));
    }
    if out.authority.is_some() || !(rooted || out.path.starts_with('/')) {
        return resolved.to_owned();
    }
    let root = if out.path.is_empty() || out.path.starts_with('/') {
        ""
    } else {
        "/"
    };
    let mut written = resolved.to_owned();
    written.insert_str(s.len() + 1, &format!("//{root}"));
    written
}

/// `url` without its port when it is the default of its scheme.
pub(super) fn drop_default_port(url: &str) -> String {
    let c = parse(url);
    let (Some(scheme), Some(authority)) = (c.scheme, c.authority) else {
        return url.to_owned();
    };
    let default = match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        "ftp" => "21",
        _ => return url.to_owned(),
    };
    let Some(host) = host(Some(authority)) else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    if rest[host.len()..].strip_prefix(':') != Some(default) {
        return url.to_owned();
    }
    let end = offset(url, authority) + authority.len();
    format!("{}{}", &url[..end - default.len() - 1], &url[end..])
}

/// `text` with each character `encode` picks percent-encoded.
pub(super) fn encode_picked(text: &str, encode: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_ascii() && encode(ch as u8) {
            out.push_str(&format!("%{:02X}", ch as u8));
        } else {
            out.push(ch);
        }
    }
    out
}

/// `url` with every reserved character its path, query and fragment may
/// hold as they are percent-encoded: one of the answers
/// `percent-encoding-rewritten` takes, the most encoded.
pub(super) fn encode_reserved(url: &str) -> String {
    let c = parse(url);
    let path = encode_picked(c.path, segment_reserved);
    let query = c.query.map(|q| encode_picked(q, query_reserved));
    let fragment = c.fragment.map(|f| encode_picked(f, query_reserved));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// What `percent-encoding-rewritten` compares: `url` with the reserved
/// characters of its userinfo, path, query and fragment decoded and the hex digits of the other
/// percent-encodings upper-cased.
pub(super) fn reserved_decoded_key(url: &str) -> String {
    let c = parse(url);
    let reserved = |o: u8| query_reserved(o) || matches!(o, b'#' | b'[' | b']');
    let path = offset(url, c.path);
    // The userinfo, up to the authority's last `@`, is data too.
    let (data, at) = match c.authority.and_then(|a| a.rfind('@').map(|at| (a, at))) {
        Some((authority, at)) => (offset(url, authority), offset(url, authority) + at),
        None => (path, path),
    };
    format!(
        "{}{}{}{}",
        &url[..data],
        decode_picked(&url[data..at], reserved, true),
        &url[at..path],
        decode_picked(&url[path..], reserved, true)
    )
}

/// The host `host` is as an IPv4 address written in four parts, when it is
/// one to four dot-separated decimal numbers (no leading zeros) that fit
/// one, the last filling the octets left, a `.` after it dropped as the
/// WHATWG URL Standard drops it (`9.` is `0.0.0.9`); `None` for another
/// host or one already so written.
pub(super) fn ipv4_of_numbers(host: &str) -> Option<String> {
    let numbers = host.strip_suffix('.').filter(|h| !h.is_empty());
    let parts: Vec<&str> = numbers.unwrap_or(host).split('.').collect();
    let decimal = |p: &&str| {
        !p.is_empty()
            && p.len() <= 10
            && p.bytes().all(|c| c.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'))
    };
    if parts.len() > 4 || !parts.iter().all(decimal) {
        return None;
    }
    let numbers: Vec<u64> = parts.iter().map(|p| p.parse().expect("digits")).collect();
    let (last, leading) = numbers.split_last()?;
    if leading.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - numbers.len())) {
        return None;
    }
    let mut address = leading.iter().fold(0u64, |a, &n| a << 8 | n);
    address = address << (8 * (5 - numbers.len())) | last;
    let octets = address.to_be_bytes();
    let written = format!("{}.{}.{}.{}", octets[4], octets[5], octets[6], octets[7]);
    (written != host).then_some(written)
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
            (&[SchemeLowercased], BASE, "HTTP://X/g", Ok("http://X/g")),
            (
                &[HostLowercased],
                BASE,
                "//u:P@X.Y:80/g",
                Ok("http://u:P@x.y:80/g"),
            ),
            (&[EmptyPathSlash], BASE, "//g", Ok("http://g/")),
            (&[AuthorityAdded], "foo:/b/c", "g", Ok("foo:///b/g")),
            (
                &[PercentEncodingRewritten],
                "http://a",
                "?a:/@?#b:/",
                Ok("http://a?a%3A%2F%40%3F#b%3A%2F"),
            ),
            (&[NumericHostIpv4], "http://9", "a", Ok("http://0.0.0.9/a")),
            (
                &[NumericHostIpv4],
                BASE,
                "//1.2:8/g",
                Ok("http://1.0.0.2:8/g"),
            ),
            (&[EmptyPathSlashAnyScheme], "a://a", "//a", Ok("a://a/")),
            (
                &[KnownSchemeAuthorityAdded],
                "http://a",
                "ftp:a",
                Ok("ftp:///a"),
            ),
            (
                &[KnownSchemeAuthorityAdded],
                "http://a",
                "ftp:",
                Ok("ftp://"),
            ),
            // A path that starts with `//` stays a path.
            (
                &[KnownSchemeAuthorityAdded],
                "http:.///",
                "a",
                Ok("http:////a"),
            ),
            (&[AuthorityAdded], "http:/.//", "a", Ok("http:////a")),
            // `/.//` as the base or the reference has it is no escape.
            (
                &[KnownSchemeAuthorityAdded],
                "http:/.//",
                "",
                Ok("http:///.//"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http://a",
                "shttp:",
                Ok("shttp://"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http://a",
                "git:x/y",
                Ok("git:///x/y"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http:.///",
                "a",
                Ok("http:////a"),
            ),
            (
                &[DefaultPortDropped],
                "http://a",
                "Http://a:80?a",
                Ok("Http://a?a"),
            ),
            (
                &[QuerySemicolonsAsAmpersands],
                "http://a",
                "?a;b",
                Ok("http://a?a&b"),
            ),
            // libcurl.
            (
                &[EmptyQueryUnwritten],
                "http://a/b?q",
                "?",
                Ok("http://a/b"),
            ),
            (
                &[EmptyQueryUnwritten],
                "http://a/b",
                "?#f",
                Ok("http://a/b#f"),
            ),
            (&[NumericHostIpv4], BASE, "//9./g", Ok("http://0.0.0.9/g")),
            (&[NumericHostIpv4], BASE, "//1.2.", Ok("http://1.0.0.2")),
        ]
    };

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        assert_gives(CASES);
    }

    #[test]
    fn an_authority_is_added_only_for_the_schemes_named() {
        assert_leaves_alone(
            Id::NetlocSchemeAuthorityAdded,
            &[("http://a", "foo:x"), ("http://a", "svn://h/x")],
        );
        assert_leaves_alone(
            Id::KnownSchemeAuthorityAdded,
            &[("http://a", "svn:x"), ("foo:.///", "a")],
        );
        assert_leaves_alone(Id::NetlocSchemeAuthorityAdded, &[("foo:.///", "a")]);
    }

    #[test]
    fn numeric_host_ipv4_takes_leading_parts_up_to_255() {
        use Id::NumericHostIpv4;
        // Each part but the last is one octet, 255 the largest; the last
        // fills the octets left.
        assert_eq!(
            run(&[NumericHostIpv4], BASE, "//1.255.3/g"),
            Ok("http://1.255.0.3/g".to_owned())
        );
        assert_eq!(
            run(&[NumericHostIpv4], BASE, "//255.65535/g"),
            Ok("http://255.0.255.255/g".to_owned())
        );
        assert_leaves_alone(
            NumericHostIpv4,
            &[(BASE, "//1.256.3/g"), (BASE, "//255.65536.1/g")],
        );
    }

    #[test]
    fn default_port_dropped_knows_each_scheme_s_default() {
        // 80 for http and ws, 443 for https and wss, 21 for ftp; another
        // port, or another scheme's default, stays.
        for (reference, dropped) in [
            ("http://x:80/g", "http://x/g"),
            ("ws://x:80/g", "ws://x/g"),
            ("https://x:443/g", "https://x/g"),
            ("wss://x:443/g", "wss://x/g"),
            ("ftp://x:21/g", "ftp://x/g"),
            ("https://x:80/g", "https://x:80/g"),
            ("http://x:443/g", "http://x:443/g"),
        ] {
            let got = run(&[Id::DefaultPortDropped], BASE, reference);
            assert_eq!(got, Ok(dropped.to_owned()), "{reference}");
        }
    }

    #[test]
    fn a_numeric_host_is_an_address_only_if_each_part_fits() {
        let some = |s: &str| Some(s.to_owned());
        // Decimal parts, no leading zero; a trailing dot dropped; the host
        // written otherwise only when it changes.
        for (host, address) in [
            ("1.2.3.4.", some("1.2.3.4")),
            ("1.2.3.4", None),
            ("1.2.3.4.0", None),
            ("1.2.3.4.5.6", None),
            ("01.2.3.4", None),
            ("12345678901", None),
            (".", None),
            ("4294967295", some("255.255.255.255")),
            ("4294967296", None),
            ("1.65535", some("1.0.255.255")),
            ("1.65536", some("1.1.0.0")),
            ("1.16777216", None),
            ("1.2.256", some("1.2.1.0")),
            ("1.2.65536", None),
            ("255.2.3", some("255.2.0.3")),
            ("256.2.3", None),
        ] {
            assert_eq!(ipv4_of_numbers(host), address, "{host}");
        }
        // The WHATWG IPv4 parser: also hex (`0x`) and octal (a leading
        // zero) parts, an empty hex part being zero, always written out.
        for (host, address) in [
            ("1.2.3.4", some("1.2.3.4")),
            ("1.2.3.4.", some("1.2.3.4")),
            ("1.2.3.4.5", None),
            ("1.2.3.4.5.", None),
            ("0x7f.1", some("127.0.0.1")),
            ("0X7F.0.0.1", some("127.0.0.1")),
            ("0177.0.0.1", some("127.0.0.1")),
            ("0", some("0.0.0.0")),
            ("00", some("0.0.0.0")),
            ("0x", some("0.0.0.0")),
            ("09", None),
            ("0xg", None),
            ("1..2", None),
            ("", None),
            ("255.1.1.1", some("255.1.1.1")),
            ("256.1.1.1", None),
            ("4294967295", some("255.255.255.255")),
            ("4294967296", None),
            ("99999999999999999999999", None),
            ("1.16777215", some("1.255.255.255")),
            ("1.16777216", None),
            ("1.2.65535", some("1.2.255.255")),
            ("1.2.65536", None),
            ("1.2.3.255", some("1.2.3.255")),
            ("1.2.3.256", None),
        ] {
            assert_eq!(whatwg_ipv4(host), address, "{host}");
        }
    }
}
