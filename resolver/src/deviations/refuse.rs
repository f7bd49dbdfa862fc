//! What is refused: the deviations that reject a base or a reference the
//! spec resolves, as written, once read, or once the answer is written.

use super::*;

deviations! {
    EMPTY_HOST_REJECTED = "empty-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b/c/d;p?q", "//"),
        "an empty host in a reference or base of an http, https, ftp, ws or wss URL is rejected",
        "the WHATWG URL Standard (host-missing); RFC 3986 3.2.2 allows an empty reg-name";
    ROOTLESS_REFERENCE_REJECTED = "rootless-reference-rejected", false,
        [Some("4 step 2b"), Some("5.2 step 3"), Some("5.2.2")], ("http://a/b/c/d;p?q", "g:h"),
        "a reference with a scheme and a path not starting with `/` (`g:h`, `http:g`, `http:`) is rejected",
        "Python's hyperlink (\"absolute URI with rootless path\"), libcurl (a URL needs `//` after its scheme); `g:h` is an absolute URI (RFC 3986 3.3, path-rootless), which 5.2.2 takes as the target";
    REG_NAME_RESTRICTED = "reg-name-restricted", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//x;y/g"),
        "a host that holds a sub-delim or a percent-encoding (`x;y`, `a%aa`), in the base or the reference, is rejected: only letters, digits, `-`, `.`, `_`, `~` and IP literals are taken",
        "tcllib, libcurl, Qt, the WHATWG URL Standard (a percent-encoding that does not decode to a valid domain); RFC 3986 3.2.2: `reg-name = *( unreserved / pct-encoded / sub-delims )`, and a name need not be a DNS name";
    EMPTY_PORT_REJECTED = "empty-port-rejected", false,
        [Some("2.4.3"), Some("3.2.3"), Some("3.2.3")], ("http://a/b", "//x:/g"),
        "an empty port (a `:` after the host and no digits), in the base or the reference, is rejected",
        "Python's hyperlink (\"port must not be empty\"), libxml2; RFC 3986 3.2.3: `port = *DIGIT`, empty allowed";
    HOST_LABELS_CHECKED = "host-labels-checked", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//-x/g"),
        "a host that is not an IP literal must be dot-separated labels of letters, digits, `-` and `_`, none empty but a last one (`a.`), none starting or ending with `-`; any other is rejected",
        "Qt's QUrl and tcllib (`//-`, `//a..`, `//a~b` refused), DNS's label rules (RFC 1123 2.1); RFC 3986 3.2.2: a reg-name need not be a DNS name (`reg-name = *( unreserved / pct-encoded / sub-delims )`)";
    PORT_WITHOUT_HOST_REJECTED = "port-without-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "foo://:8/g"),
        "a port after an empty host (`foo://:8`), in the base or the reference, is rejected",
        "the WHATWG URL Standard (a port with no host is a host-missing failure), Node; RFC 3986 3.2.2 allows an empty host, and 3.2.3 a port after it";
    FILE_HOST_REJECTED = "file-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "file://x/g"),
        "a file URL's host must be empty or `localhost`, which is dropped (`file://localhost/g` is `file:///g`); any other is rejected",
        "libcurl (\"Bad file:// URL\"); RFC 8089 allows any host in a file URI, and RFC 3986 5.2.2 copies the authority as written";
    HOSTLESS_RESULT_REJECTED = "hostless-result-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "http:/g"),
        "a result of an http, https, ws or wss URL with no host (no authority, or an empty one) is rejected (`http:/g` against `http://a/b`, strictly `http:/g`)",
        "fast-uri (its http and ws scheme handlers require a host, as RFC 9110 4.2.1 and RFC 6455 3 do); RFC 3986 5.2.2 gives any URI its grammar allows, and leaves it to the scheme to refuse";
    PORT_OUT_OF_RANGE_REJECTED = "port-out-of-range-rejected", false,
        [Some("2.4.3"), Some("3.2.3"), Some("3.2.3")], ("http://a/b", "//x:65536/g"),
        "a port above 65535, in the base or the reference, is rejected",
        "the WHATWG URL Standard (port-out-of-range), Node, libcurl, Qt, fast-uri: a TCP port has 16 bits; RFC 3986 3.2.3: `port = *DIGIT`, any number of digits";
    EMPTY_USERINFO_BASE_REJECTED = "empty-userinfo-base-rejected", false,
        [None, Some("3.2.2"), Some("3.2.1")], ("http://@a", "g"),
        "a base whose userinfo is empty (`http://@a`, a `@` and nothing before it) is rejected; a reference's is kept",
        "the Python rfc3986 package (resolve_with validates the base, and its userinfo pattern takes one character or more); RFC 3986 3.2.1 and RFC 2396 3.2.2 allow an empty userinfo";
    WHATWG_IPV4_HOST = "whatwg-ipv4-host", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//0x7f.1/g"),
        "a host of http, https, ftp, file, ws or wss whose last label is a number is an IPv4 address by the WHATWG URL Standard's rules: one to four parts, each decimal, octal after a leading `0` or hex after `0x`, written in four decimal parts (`0x7f.1` is `127.0.0.1`, `00` is `0.0.0.0`); one that does not parse so is rejected (`08`, `a.9`, `1.2.3.4.5`), in the base or the reference",
        "the WHATWG URL Standard (its host parser's ends-in-a-number check, then its IPv4 parser), Node's URL, whatwg-url, fast-uri; RFC 3986 3.2.2: a host that does not match IPv4address (four decimal parts) is a reg-name, to be looked up as written";
}

/// Parsing, first half: the host (and an empty port) of the base `b` or
/// the reference `r` as written, where `set` refuses it.
pub(super) fn refused_host_as_written(
    set: Set,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<(), String> {
    use Id::*;
    let authorities = [b.authority, r.authority];
    if set.has(EmptyPortRejected)
        && authorities
            .iter()
            .flatten()
            .any(|a| host_and_port(a).ends_with(':') && !host_and_port(a).ends_with("]:"))
    {
        return Err(EmptyPortRejected.name().to_owned());
    }
    if set.has(RegNameRestricted) && authorities.iter().any(|&a| !is_plain_host(host(a))) {
        return Err(RegNameRestricted.name().to_owned());
    }
    if set.has(WhatwgIpv4Host) {
        let scheme_of_r = r.scheme.or(b.scheme);
        let fails = |scheme: Option<&str>, authority: Option<&str>| {
            scheme.is_some_and(|s| one_of(&KNOWN_SCHEMES, s))
                && host(authority).is_some_and(|h| ends_in_a_number(h) && whatwg_ipv4(h).is_none())
        };
        if fails(b.scheme, b.authority) || fails(scheme_of_r, r.authority) {
            return Err(WhatwgIpv4Host.name().to_owned());
        }
    }
    if set.has(HostLabelsChecked) && authorities.iter().any(|&a| !is_dns_name(host(a))) {
        return Err(HostLabelsChecked.name().to_owned());
    }
    Ok(())
}

/// Parsing, second half: the port, userinfo and `file` host of the base
/// `b` or the reference `r` as written, where `set` refuses them.
pub(super) fn refused_authority_as_written(
    set: Set,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<(), String> {
    use Id::*;
    let authorities = [b.authority, r.authority];
    if set.has(PortOutOfRangeRejected)
        && authorities.iter().flatten().any(|&a| {
            port(a).is_some_and(|p| {
                let digits = p.trim_start_matches('0');
                !p.is_empty()
                    && p.bytes().all(|d| d.is_ascii_digit())
                    && (digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535))
            })
        })
    {
        return Err(PortOutOfRangeRejected.name().to_owned());
    }
    if set.has(EmptyUserinfoBaseRejected) && b.authority.is_some_and(|a| a.rfind('@') == Some(0)) {
        return Err(EmptyUserinfoBaseRejected.name().to_owned());
    }
    if set.has(PortWithoutHostRejected)
        && authorities
            .iter()
            .any(|&a| host(a) == Some("") && host_and_port(a.unwrap_or("")).len() > 1)
    {
        return Err(PortWithoutHostRejected.name().to_owned());
    }
    if set.has(FileHostRejected) {
        let file = |c: &Components<'_>| c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"));
        let scheme_of_r = if r.scheme.is_some() { r } else { b };
        let foreign = |h: Option<&str>| {
            h.is_some_and(|h| !h.is_empty() && !h.eq_ignore_ascii_case("localhost"))
        };
        if (file(b) && foreign(host(b.authority)))
            || (file(scheme_of_r) && foreign(host(r.authority)))
        {
            return Err(FileHostRejected.name().to_owned());
        }
    }
    Ok(())
}

/// What `set` refuses of the base `b` and reference `r` as the input
/// transforms leave them.
pub(super) fn refused_once_read(
    set: Set,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<(), String> {
    use Id::*;
    if set.has(RootlessReferenceRejected)
        && r.scheme.is_some()
        && r.authority.is_none()
        && !r.path.starts_with('/')
    {
        return Err(RootlessReferenceRejected.name().to_owned());
    }
    if set.has(EmptyHostRejected) {
        let is_special = |c: &Components<'_>| c.scheme.is_some_and(special);
        let scheme_of_r = if r.scheme.is_some() { r } else { b };
        if (is_special(b) && host(b.authority) == Some(""))
            || (is_special(scheme_of_r) && host(r.authority) == Some(""))
        {
            return Err(EmptyHostRejected.name().to_owned());
        }
    }
    Ok(())
}

/// Whether `host` (a host as [`host`] finds it) is empty, an IP literal, or
/// made of letters, digits, `-`, `.`, `_` and `~` only.
pub(super) fn is_plain_host(host: Option<&str>) -> bool {
    host.is_none_or(|h| {
        h.starts_with('[')
            || h.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~'))
    })
}

/// Whether `host` is empty, an IP literal, or dot-separated labels of
/// letters, digits, `-` and `_`, none empty but a last one, none starting or
/// ending with `-`.
pub(super) fn is_dns_name(host: Option<&str>) -> bool {
    let Some(host) = host.filter(|h| !h.is_empty() && !h.starts_with('[')) else {
        return true;
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    host.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
    })
}

/// `url` without the host `localhost` when it is a file URL (its scheme, or
/// `scheme_of_base` when it has none, is `file`).
pub(super) fn drop_localhost(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let file = c
        .scheme
        .or(scheme_of_base)
        .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    match (file, c.authority) {
        (true, Some(authority)) if authority.eq_ignore_ascii_case("localhost") => {
            let start = offset(url, authority);
            format!("{}{}", &url[..start], &url[start + authority.len()..])
        }
        _ => url.to_owned(),
    }
}

/// Whether `host` ends in a number, as the WHATWG URL Standard's host
/// parser asks before it parses a host as IPv4: its last label (a last
/// empty one aside) is decimal digits, or `0x` and hex digits.
pub(super) fn ends_in_a_number(host: &str) -> bool {
    let mut labels: Vec<&str> = host.split('.').collect();
    if labels.len() > 1 && labels.last() == Some(&"") {
        labels.pop();
    }
    let last = labels.last().copied().unwrap_or("");
    (!last.is_empty() && last.bytes().all(|c| c.is_ascii_digit()))
        || last
            .strip_prefix("0x")
            .or_else(|| last.strip_prefix("0X"))
            .is_some_and(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// `host` as the WHATWG URL Standard's IPv4 parser reads it, written in
/// four decimal parts; `None` where that parser fails. Each of one to four
/// parts is decimal, octal after a leading `0`, or hex after `0x` (empty
/// after it: 0); every part but the last is at most 255, and the last
/// fills the octets left. A last empty part is dropped.
pub(super) fn whatwg_ipv4(host: &str) -> Option<String> {
    let mut parts: Vec<&str> = host.split('.').collect();
    // A last empty part, after at least one other, is dropped.
    if let [_, .., ""] = parts[..] {
        parts.pop();
    }
    if parts.len() > 4 {
        return None;
    }
    let number = |part: &str| -> Option<u64> {
        // `0x` or `0X` begins a hex part; a `0` and more, an octal one.
        let hex = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X"));
        let octal = part.strip_prefix('0').filter(|rest| !rest.is_empty());
        let (digits, radix) = match (hex, octal) {
            (Some(hex), _) => (hex, 16),
            (None, Some(octal)) => (octal, 8),
            (None, None) => (part, 10),
        };
        if part.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        // A number too large for 64 bits is too large for any part.
        Some(match digits {
            "" => 0,
            _ => u64::from_str_radix(digits, radix).unwrap_or(u64::MAX),
        })
    };
    let numbers: Vec<u64> = parts.iter().map(|p| number(p)).collect::<Option<_>>()?;
    let (last, leading) = numbers.split_last()?;
    if leading.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - numbers.len())) {
        return None;
    }
    let address = leading.iter().fold(0u64, |a, &n| a << 8 | n) << (8 * (5 - numbers.len())) | last;
    let octets = address.to_be_bytes();
    Some(format!(
        "{}.{}.{}.{}",
        octets[4], octets[5], octets[6], octets[7]
    ))
}

/// What `set` refuses of the answer once written: a URL of a scheme that
/// needs a host, with none (`hostless-result-rejected`).
pub(super) fn refused_once_written(set: Set, resolved: &str) -> Result<(), String> {
    if set.has(Id::HostlessResultRejected) {
        let out = parse(resolved);
        let needs_host = ["http", "https", "ws", "wss"];
        if out.scheme.is_some_and(|s| one_of(&needs_host, s))
            && host(out.authority).is_none_or(str::is_empty)
        {
            return Err(Id::HostlessResultRejected.name().to_owned());
        }
    }
    Ok(())
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
            (
                &[WhatwgIpv4Host],
                BASE,
                "//0x7f.1/g",
                Ok("http://127.0.0.1/g"),
            ),
            (&[WhatwgIpv4Host], BASE, "//00", Ok("http://0.0.0.0")),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//010.0X.1./g",
                Ok("http://8.0.0.1/g"),
            ),
            (&[WhatwgIpv4Host], "http://08", "", Err("whatwg-ipv4-host")),
            (&[WhatwgIpv4Host], BASE, "//a.9", Err("whatwg-ipv4-host")),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//1.2.3.4.5",
                Err("whatwg-ipv4-host"),
            ),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//256.1.1.1",
                Err("whatwg-ipv4-host"),
            ),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//1.99999999999999999999",
                Err("whatwg-ipv4-host"),
            ),
            (&[EmptyHostRejected], BASE, "//", Err("empty-host-rejected")),
            (
                &[RootlessReferenceRejected],
                BASE,
                "http:",
                Err("rootless-reference-rejected"),
            ),
            (
                &[RegNameRestricted],
                "http://a%aa",
                "",
                Err("reg-name-restricted"),
            ),
            (
                &[EmptyPortRejected],
                "http://a:",
                "",
                Err("empty-port-rejected"),
            ),
            (
                &[HostLabelsChecked],
                "http://a",
                "//a..",
                Err("host-labels-checked"),
            ),
            (
                &[HostLabelsChecked],
                "http://a",
                "//a~b",
                Err("host-labels-checked"),
            ),
            (
                &[PortWithoutHostRejected],
                "http://a",
                "a://:0",
                Err("port-without-host-rejected"),
            ),
            (
                &[EmptyUserinfoBaseRejected],
                "http://@a",
                "g",
                Err("empty-userinfo-base-rejected"),
            ),
            (
                &[EmptyUserinfoBaseRejected],
                "http://@a:1/b",
                "//@c",
                Err("empty-userinfo-base-rejected"),
            ),
            (
                &[FileHostRejected],
                "http://a",
                "file://a/x",
                Err("file-host-rejected"),
            ),
            (
                &[FileHostRejected],
                "http://a",
                "file://localhost/x",
                Ok("file:///x"),
            ),
            (
                &[PortOutOfRangeRejected],
                "http://a:80890",
                "g",
                Err("port-out-of-range-rejected"),
            ),
            (
                &[PortOutOfRangeRejected],
                BASE,
                "//h:0000065536",
                Err("port-out-of-range-rejected"),
            ),
            (
                &[HostlessResultRejected],
                BASE,
                "http:/g",
                Err("hostless-result-rejected"),
            ),
            (
                &[HostlessResultRejected],
                BASE,
                "WSS:/g",
                Err("hostless-result-rejected"),
            ),
            (
                &[HostlessResultRejected],
                "http://a",
                "//",
                Err("hostless-result-rejected"),
            ),
        ]
    };

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        assert_gives(CASES);
    }

    #[test]
    fn only_a_base_with_an_empty_userinfo_is_rejected() {
        let cases = [
            (BASE, "//@c/g"),
            ("http://:@a", "g"),
            ("http://u@a", "g"),
            ("http://a/@b", "g"),
            ("http://a?@", "g"),
        ];
        assert_leaves_alone(Id::EmptyUserinfoBaseRejected, &cases);
    }

    #[test]
    fn a_port_in_range_is_not_rejected() {
        let cases = [
            ("http://a:65535", "g"),
            (BASE, "//h:0065535/g"),
            (BASE, "//h:/g"),
            (BASE, "//[::1]:80/g"),
        ];
        assert_leaves_alone(Id::PortOutOfRangeRejected, &cases);
    }
}
