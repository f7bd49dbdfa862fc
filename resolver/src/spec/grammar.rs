//! The grammar of RFC 3986 (section 3, section 4.1 and Appendix A) as a
//! recogniser: which strings are a `URI`, which a `URI-reference`. Under
//! `--spec rfc3986` and `--spec rfc2396` a case outside it is not one the
//! spec resolves, so no answer to it is a deviation (as a vector's
//! `undefined` says; rejecting `http://a/b c` is no bug).
//!
//! RFC 2396's grammar (its Appendix A) is judged by the same rules, and
//! one more ([`is_rfc2396_absolute`]): its `absoluteURI` has a
//! `hier_part` or an `opaque_part` after the colon, never nothing, so
//! `foo:` and `foo:#f` are not RFC 2396 URIs. The other differences are
//! left alone: RFC 2396 spells the authority and IPv6 literals (RFC 2732)
//! differently, and its grammar leaves out `?y`, which its own Appendix C
//! resolves.
//!
//! The string is split by the regular expression of Appendix B (which every
//! string matches), then each component is checked against its rule.

use crate::rfc3986;

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
pub fn is_uri(s: &str) -> bool {
    let c = rfc3986::parse(s);
    c.scheme.is_some_and(is_scheme) && rest_is_valid(&c)
}

/// `URI-reference = URI / relative-ref`. A `relative-ref` never has a
/// colon before its first `/`, `?` or `#` (`path-noscheme`), so a string
/// Appendix B finds a scheme in is a URI or nothing.
pub fn is_uri_reference(s: &str) -> bool {
    let c = rfc3986::parse(s);
    match c.scheme {
        Some(scheme) => is_scheme(scheme) && rest_is_valid(&c),
        None => {
            // `path-noscheme = segment-nz-nc *( "/" segment )`: Appendix B
            // leaves a colon in the first segment only when nothing comes
            // before it (`:g`).
            let first = c.path.split('/').next().unwrap_or("");
            let noscheme = c.authority.is_some() || c.path.starts_with('/') || !first.contains(':');
            noscheme && rest_is_valid(&c)
        }
    }
}

/// Whether `s`, if it has a scheme, has something after the colon other
/// than a fragment: RFC 2396's `absoluteURI = scheme ":" ( hier_part |
/// opaque_part )`, both of which hold at least one character.
pub fn is_rfc2396_absolute(s: &str) -> bool {
    let c = rfc3986::parse(s);
    c.scheme.is_none() || c.authority.is_some() || !c.path.is_empty() || c.query.is_some()
}

/// The authority, path, query and fragment, each by its rule. Appendix B
/// already ends the authority at `/`, `?` or `#` and gives a path after an
/// authority that is empty or starts with `/`; without an authority, a path
/// starting with `//` cannot occur.
fn rest_is_valid(c: &rfc3986::Components<'_>) -> bool {
    c.authority.is_none_or(is_authority)
        && all(c.path, |b| is_pchar(b) || b == b'/')
        && c.query.is_none_or(is_query_or_fragment)
        && c.fragment.is_none_or(is_query_or_fragment)
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
fn is_authority(s: &str) -> bool {
    // Neither `host` nor `port` holds `@`, and `userinfo` does not either.
    let (userinfo, host_port) = match s.split_once('@') {
        Some((u, h)) => (Some(u), h),
        None => (None, s),
    };
    let userinfo_ok =
        userinfo.is_none_or(|u| all(u, |b| is_unreserved(b) || is_sub_delim(b) || b == b':'));
    let (host, port) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(end) => (&host_port[..=end], &host_port[end + 1..]),
            None => return false,
        }
    } else {
        // A `reg-name` holds no `:`; the first one starts the port.
        match host_port.find(':') {
            Some(colon) => (&host_port[..colon], &host_port[colon..]),
            None => (host_port, ""),
        }
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()));
    userinfo_ok && port_ok && is_host(host)
}

/// `host = IP-literal / IPv4address / reg-name`; every `IPv4address` is a
/// `reg-name` too.
fn is_host(s: &str) -> bool {
    match s.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        Some(literal) => is_ipv6(literal) || is_ipvfuture(literal),
        None => all(s, |b| is_unreserved(b) || is_sub_delim(b)),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn is_ipvfuture(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((version, rest)) = rest.split_once('.') else {
        return false;
    };
    !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_hexdigit())
        && !rest.is_empty()
        && rest
            .bytes()
            .all(|b| is_unreserved(b) || is_sub_delim(b) || b == b':')
}

/// `IPv6address`: eight `h16` pieces, the last two possibly an
/// `IPv4address`, or fewer around one `::`.
fn is_ipv6(s: &str) -> bool {
    // The number of 16-bit pieces a run of `h16 ":"` ... holds, if valid.
    fn pieces(run: &str, may_end_in_ipv4: bool) -> Option<usize> {
        if run.is_empty() {
            return Some(0);
        }
        let parts: Vec<&str> = run.split(':').collect();
        let mut n = 0;
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            if last && may_end_in_ipv4 && part.contains('.') {
                if !is_ipv4(part) {
                    return None;
                }
                n += 2;
            } else if (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit()) {
                n += 1;
            } else {
                return None;
            }
        }
        Some(n)
    }
    match s.split_once("::") {
        Some((before, after)) => {
            if after.contains("::") {
                return false;
            }
            match (pieces(before, false), pieces(after, true)) {
                (Some(a), Some(b)) => a + b <= 7,
                _ => false,
            }
        }
        None => pieces(s, true) == Some(8),
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
fn is_ipv4(s: &str) -> bool {
    let octets: Vec<&str> = s.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|o| {
            let digits = !o.is_empty() && o.len() <= 3 && o.bytes().all(|b| b.is_ascii_digit());
            // `dec-octet` has no leading zero and is at most 255.
            digits
                && (o.len() == 1 || !o.starts_with('0'))
                && o.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// `query = *( pchar / "/" / "?" )`, and `fragment` the same.
fn is_query_or_fragment(s: &str) -> bool {
    all(s, |b| is_pchar(b) || b == b'/' || b == b'?')
}

/// Whether every byte of `s` passes `allowed`, a `%` counting only as the
/// start of `pct-encoded = "%" HEXDIG HEXDIG`.
fn all(s: &str, allowed: impl Fn(u8) -> bool) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else if allowed(bytes[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, but for
/// `pct-encoded`, which [`all`] reads.
fn is_pchar(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':' || b == b'@'
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
fn is_sub_delim(b: u8) -> bool {
    b"!$&'()*+,;=".contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_follow_section_3() {
        for uri in [
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#f",
            "foo:",
            "foo:a:b/c",
            "foo://",
            "foo:///a",
            "http://u:p@a:80/%2E?a=b&c/d?#f/g?",
            "http://[::1]:8/",
            "http://[v1.a:b]/",
            "http://[1:2:3:4:5:6:1.2.3.4]/",
            "a+b-c.d:",
            "http://a//b/./../",
            "http://a?q",
        ] {
            assert!(is_uri(uri), "{uri}");
            assert!(is_uri_reference(uri), "{uri}");
        }
        for not in [
            "",
            "g",
            "9p://a",
            "http://a/b c",
            "http://a/%zz",
            "http://a/#f#g",
            "http://a:b/",
            "http://a@b@c/",
            "http://[::1/",
            "http://[1:2:3:4:5:6:7:8:9]/",
            "http://[1::2::3]/",
            "http://[::256.1.1.1]/",
            // `dec-octet` is digits only: `+4` is no octet, though it reads
            // as the number 4.
            "http://[::1.2.3.+4]/",
            "http://[::1.2.3.]/",
            "http://a/\u{e9}",
            "http://a/[b]",
            "http://a/\\",
            "http://a/\"",
        ] {
            assert!(!is_uri(not), "{not:?}");
        }
    }

    #[test]
    fn rfc2396_uris_have_something_after_the_colon() {
        for uri in ["foo:a", "foo:/", "foo://", "foo:?q", "g", "", "#f"] {
            assert!(is_rfc2396_absolute(uri), "{uri}");
        }
        for not in ["foo:", "foo:#f"] {
            assert!(!is_rfc2396_absolute(not), "{not}");
        }
    }

    #[test]
    fn references_follow_section_4_1() {
        for r in [
            "", "g", "./g", "../g", "/g", "//g", "?", "#", "?#", "//", "g;x?y#s", "g/h:i", "a//b",
        ] {
            assert!(is_uri_reference(r), "{r:?}");
            assert!(!is_uri(r), "{r:?}");
        }
        for not in [
            ":g", ".:", "9p:g", "g h", "%", "g#a#b", "//a b", "\tg", "g\\h",
        ] {
            assert!(!is_uri_reference(not), "{not:?}");
        }
    }

    #[test]
    fn an_ipv6_literal_may_end_in_an_ipv4_address_of_dec_octets() {
        assert!(is_uri("http://[::ffff:10.0.0.1]/"));
        assert!(is_uri("http://[::ffff:0.0.0.0]/"));
        assert!(is_uri("http://[::ffff:255.25.2.199]/"));
        // `dec-octet` has no leading zero, and is at most 255.
        assert!(!is_uri("http://[::ffff:010.0.0.1]/"));
        assert!(!is_uri("http://[::ffff:256.0.0.1]/"));
        assert!(!is_uri("http://[::ffff:1.2.3]/"));
    }
}
