//! The components of an answer under RFC 3986's normalizations, so that
//! two answers that name the same URL in different spellings compare
//! equal, and a component that still differs is a real difference.

use std::net::Ipv6Addr;

use rfc1808_resolver::rfc3986::{self, remove_dot_segments};
use rfc1808_resolver::whatwg::{default_port, host_serializer, url_path_serializer, Url};

/// A host as the comparison sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// No authority, or an empty host (`file:///x`, `a://`), which RFC 3986
    /// section 3.2.2 reads alike ("when the host subcomponent is undefined
    /// or when the registered name is empty"), or a `file` URL's
    /// `localhost` ("the "file" URI scheme is defined so that no
    /// authority, an empty host, and "localhost" all mean the end-user's
    /// machine").
    None,
    /// An IPv6 literal, compared as the address, not as written
    /// (`[0:0::1]` is `[::1]`).
    Ipv6(Ipv6Addr),
    /// Any other host: a registered name, an IPv4 address as written, an
    /// IPvFuture literal; percent-normalized and in lower case.
    Name(String),
}

/// An answer's components after the normalizations of RFC 3986 sections
/// 6.2.2 and 6.2.3 under which it calls two URIs equivalent, and the few
/// marked "more", each with its reason:
///
/// - case: the scheme and host in lower case, percent-encodings in upper
///   case (6.2.2.1);
/// - percent-encodings of unreserved characters decoded (6.2.2.2);
/// - dot segments removed from the path (6.2.2.3), which after decoding
///   finds `%2E` ones;
/// - an empty port is none, and so is the scheme's default port (the
///   URL Standard's special schemes name one) (3.2.3, 6.2.3);
/// - "a URI that uses the generic syntax for authority with an empty path
///   should be normalized to a path of "/"" (6.2.3);
/// - more: a port is its number (`:080` is `:80`), an IPv6 literal its
///   address, and an empty host is no host, as is `file`'s `localhost`
///   (3.2.2, [`Host`]);
/// - more, for pairs outside the grammar only: a byte no URI holds is
///   percent-encoded, as sections 2.1 and 2.5 write data (`é` is
///   `%C3%A9`, a space `%20`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalized {
    /// In lower case; `None` when the answer has none (RFC 3986's
    /// resolver keeps a reference without one as it is).
    pub scheme: Option<String>,
    /// `None` without an `@`; the URL Standard writes an empty one as none.
    pub userinfo: Option<String>,
    /// The host as the comparison sees it.
    pub host: Host,
    /// `None` when there is none, or it is empty or the default.
    pub port: Option<String>,
    /// With its leading `/`, or an opaque path.
    pub path: String,
    /// After the `?`, when there is one.
    pub query: Option<String>,
    /// After the `#`, when there is one.
    pub fragment: Option<String>,
}

impl Normalized {
    /// RFC 3986's answer `url`, split by Appendix B, its authority split
    /// at the last `@` and at the first `:` after the host (or after an IP
    /// literal's `]`).
    pub fn rfc3986(url: &str) -> Normalized {
        let c = rfc3986::parse(url);
        let (userinfo, host, port) = match c.authority {
            Some(authority) => {
                let (userinfo, host, port) = split_authority(authority);
                (userinfo, Some(host), port)
            }
            None => (None, None, None),
        };
        Normalized::new(Raw {
            scheme: c.scheme,
            userinfo,
            host,
            port,
            path: c.path,
            query: c.query,
            fragment: c.fragment,
        })
    }

    /// The URL Standard's URL record `url`.
    pub fn whatwg(url: &Url) -> Normalized {
        let userinfo = url
            .includes_credentials()
            .then(|| match url.password.as_str() {
                "" => url.username.clone(),
                password => format!("{}:{password}", url.username),
            });
        let host = url.host.as_ref().map(host_serializer);
        let port = url.port.map(|p| p.to_string());
        let path = url_path_serializer(url);
        Normalized::new(Raw {
            scheme: Some(&url.scheme),
            userinfo: userinfo.as_deref(),
            host: host.as_deref(),
            port: port.as_deref(),
            path: &path,
            query: url.query.as_deref(),
            fragment: url.fragment.as_deref(),
        })
    }

    fn new(raw: Raw<'_>) -> Normalized {
        let scheme = raw.scheme.map(str::to_ascii_lowercase);
        let mut path = remove_dot_segments(percent_normalized(raw.path, false));
        if raw.host.is_some() && path.is_empty() {
            path.push('/');
        }
        let port = port(raw.port, scheme.as_deref());
        Normalized {
            host: host(raw.host, scheme.as_deref() == Some("file")),
            scheme,
            userinfo: raw.userinfo.map(|u| percent_normalized(u, false)),
            port,
            path,
            query: raw.query.map(|q| percent_normalized(q, false)),
            fragment: raw.fragment.map(|f| percent_normalized(f, false)),
        }
    }
}

/// The components as written, `host` `None` for no authority.
struct Raw<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2) split as
/// the resolver's base normalization splits it: the userinfo up to the
/// last `@`, the host up to the `]` that closes an IP literal or else up
/// to the first `:`, the port after that `:`. In the grammar there is one
/// way to split; outside it (an undefined pair), this one.
pub(super) fn split_authority(authority: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, rest) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let host_end = if rest.starts_with('[') {
        rest.find(']').map_or(rest.len(), |close| close + 1)
    } else {
        rest.find(':').unwrap_or(rest.len())
    };
    let (host, port) = rest.split_at(host_end);
    // What follows a literal's `]` other than a `:` is not a port, and is
    // kept with the host so that no character is lost.
    match port.strip_prefix(':') {
        Some(port) => (userinfo, host, Some(port)),
        None if port.is_empty() => (userinfo, host, None),
        None => (userinfo, rest, None),
    }
}

/// The port as the comparison sees it: none when it is empty or the
/// scheme's default, else its number (`080` is `80`), or as written when
/// it is not a number (outside the grammar).
fn port(port: Option<&str>, scheme: Option<&str>) -> Option<String> {
    let port = port.filter(|p| !p.is_empty())?;
    let Some(n) = number(port) else {
        return Some(port.to_owned());
    };
    let default = scheme.and_then(default_port).map(u32::from);
    (Some(n) != default).then(|| n.to_string())
}

/// A port's number, if it is digits that fit a `u32`, leading zeros
/// allowed.
fn number(port: &str) -> Option<u32> {
    if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = port.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    digits.parse().ok()
}

/// The host as [`Host`] compares it; `file` says whether it is a `file`
/// URL's.
fn host(host: Option<&str>, file: bool) -> Host {
    let local = |h: &str| h.is_empty() || (file && h.eq_ignore_ascii_case("localhost"));
    let Some(host) = host.filter(|h| !local(h)) else {
        return Host::None;
    };
    let literal = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    if let Some(address) = literal.and_then(|l| l.parse::<Ipv6Addr>().ok()) {
        return Host::Ipv6(address);
    }
    Host::Name(percent_normalized(host, true))
}

/// `s` with each percent-encoding of an unreserved character decoded, the
/// hex digits of the others in upper case, and each byte no URI holds
/// ([`is_uri_byte`]) percent-encoded; with `lower`, every other ASCII
/// letter in lower case.
pub(super) fn percent_normalized(s: &str, lower: bool) -> String {
    let case = |c: u8| if lower { c.to_ascii_lowercase() } else { c };
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match (bytes[i], bytes.get(i + 1..i + 3)) {
            (b'%', Some(&[h, l])) => hex(h).zip(hex(l)).map(|(h, l)| h * 16 + l),
            _ => None,
        };
        let (octet, len) = escaped.map_or((bytes[i], 1), |octet| (octet, 3));
        if len == 3 && is_unreserved(octet) {
            out.push(char::from(case(octet)));
        } else if len == 3 || !is_uri_byte(octet) {
            out.push_str(&format!("%{octet:02X}"));
        } else {
            out.push(char::from(case(octet)));
        }
        i += len;
    }
    out
}

/// A hex digit's value.
fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Whether a URI may hold `octet` as it is: an unreserved or reserved
/// character (section 2), or the `%` of a percent-encoding. Any other byte
/// (a control, a space, one of ``"<>\^`{|}``, a byte of UTF-8) is data a
/// URI writes percent-encoded (sections 2.1 and 2.5): only a pair outside
/// the grammar holds one.
fn is_uri_byte(octet: u8) -> bool {
    is_unreserved(octet) || b":/?#[]@!$&'()*+,;=%".contains(&octet)
}

/// Section 2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(octet: u8) -> bool {
    octet.is_ascii_alphanumeric() || matches!(octet, b'-' | b'.' | b'_' | b'~')
}
