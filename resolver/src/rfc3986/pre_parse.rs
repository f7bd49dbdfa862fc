//! RFC 3986 section 5.2.1, Pre-parse the Base URI: the base parsed into its
//! five components, then normalized as far as the readings say.
//!
//! "Normalization of the base URI, as described in Sections 6.2.2 and
//! 6.2.3, is optional." Each technique those sections describe is an
//! ambiguity of its own, with the base taken as written by default:
//! `base-case` (6.2.2.1, scheme and host), `base-percent-encoding`
//! (6.2.2.1's hex digits and 6.2.2.2), `base-dot-segments` (6.2.2.3),
//! `base-port` and `base-empty-path` (6.2.3). They are independent:
//! section 6.2.2 lists "such techniques as case normalization,
//! percent-encoding normalization, and removal of dot-segments", each with
//! its own section, and libraries apply some without the others (most
//! lower-case the scheme and nothing else). When several apply they run in
//! the order that gives the normal form: percent-encodings first, so that a
//! host `%41` decoded to `A` is then lower-cased, dot segments after both,
//! section 6.2.3 last, so that the path it makes `/` is the one left after
//! the dots.
//!
//! Only the base is normalized, never what comes from the reference or the
//! result: "A URI reference must be transformed to its target URI before
//! it can be normalized."

use std::borrow::Cow;

use super::parse::{parse, Components};
use super::readings::{
    BaseCase, BaseDotSegments, BaseEmptyPath, BasePercentEncoding, BasePort, DoubleSlashPath,
    EscapedDots, Readings, SameScheme,
};
use super::remove_dot_segments::DotSegments;

/// The base URI after section 5.2.1: its components, each borrowed from
/// the base as written or normalized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Base<'a> {
    scheme: Option<Cow<'a, str>>,
    authority: Option<Cow<'a, str>>,
    path: Cow<'a, str>,
    query: Option<Cow<'a, str>>,
    fragment: Option<&'a str>,
}

impl Base<'_> {
    /// The components, as the pseudocode of section 5.2.2 reads `Base`.
    pub(super) fn components(&self) -> Components<'_> {
        Components {
            scheme: self.scheme.as_deref(),
            authority: self.authority.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment,
        }
    }
}

/// Section 5.2.1: "The base URI (Base) is established according to the
/// procedure of Section 5.1 and parsed into the five main components
/// described in Section 3", then normalized as `readings` say (the
/// module's docs give the order).
///
/// Choice (vector `rfc3986/base-without-scheme`): "only the scheme
/// component is required to be present in a base URI"; a base without one
/// is outside the RFC, and the algorithm runs on it as written, with
/// `Base.scheme` undefined.
pub(super) fn pre_parse(base: &str, readings: Readings, dots: DotSegments) -> Base<'_> {
    let c = parse(base);
    let mut base = Base {
        scheme: c.scheme.map(Cow::Borrowed),
        authority: c.authority.map(Cow::Borrowed),
        path: Cow::Borrowed(c.path),
        query: c.query.map(Cow::Borrowed),
        fragment: c.fragment,
    };
    percent_encoding_normalization(&mut base, readings.base_percent_encoding);
    case_normalization(&mut base, readings.base_case);
    path_segment_normalization(&mut base, readings, dots);
    port_normalization(&mut base, readings.base_port);
    empty_path_normalization(&mut base, readings.base_empty_path);
    base
}

/// The base as section 5.2.1 leaves it under `readings`, recomposed as
/// section 5.3 writes components: what the resolver resolves against.
///
/// ```
/// use rfc1808_resolver::rfc3986::{normalized_base, Readings};
///
/// let all: Readings = "base-case=scheme-and-host,base-percent-encoding=normalized,\
///                      base-dot-segments=removed,base-port=elided,base-empty-path=http-and-https"
///     .parse()
///     .unwrap();
/// assert_eq!(normalized_base("HTTP://User@A:80/%7e/./%2f?%7E", all), "http://User@a/~/%2F?~");
/// assert_eq!(normalized_base("HTTP://A:80", Readings::default()), "HTTP://A:80");
/// ```
pub fn normalized_base(base: &str, readings: Readings) -> String {
    pre_parse(base, readings, DotSegments::default())
        .components()
        .to_string()
}

/// Reading `base-percent-encoding` (vectors `rfc3986/base-percent-*`):
/// section 6.2.2.1, "the hexadecimal digits within a percent-encoding
/// triplet ... should be normalized to use uppercase letters", and section
/// 6.2.2.2, "decoding any percent-encoded octet that corresponds to an
/// unreserved character", in every component the resolution can take from
/// the base (the fragment it never takes).
fn percent_encoding_normalization(base: &mut Base<'_>, reading: BasePercentEncoding) {
    let (upper, decode) = match reading {
        BasePercentEncoding::Kept => return,
        BasePercentEncoding::HexUpperCased => (true, false),
        BasePercentEncoding::UnreservedDecoded => (false, true),
        BasePercentEncoding::Normalized => (true, true),
    };
    let normalize = |c: &mut Cow<'_, str>| {
        let changed = match percent_encodings(c, upper, decode) {
            Cow::Owned(s) => Some(s),
            Cow::Borrowed(_) => None,
        };
        if let Some(s) = changed {
            *c = Cow::Owned(s);
        }
    };
    if let Some(authority) = base.authority.as_mut() {
        normalize(authority);
    }
    normalize(&mut base.path);
    if let Some(query) = base.query.as_mut() {
        normalize(query);
    }
}

/// `s` with each percent-encoding triplet's hex digits upper-cased
/// (`upper`) and those of unreserved characters decoded (`decode`).
/// A `%` not followed by two hex digits is not a triplet and stays.
fn percent_encodings(s: &str, upper: bool, decode: bool) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut at, mut copied) = (0, 0);
    while at < bytes.len() {
        let triplet = match bytes.get(at..at + 3) {
            Some([b'%', hi, lo]) if hi.is_ascii_hexdigit() && lo.is_ascii_hexdigit() => {
                Some((*hi, *lo))
            }
            _ => None,
        };
        let Some((hi, lo)) = triplet else {
            at += 1;
            continue;
        };
        out.push_str(&s[copied..at]);
        let octet = hex_value(hi) << 4 | hex_value(lo);
        if decode && is_unreserved(octet) {
            out.push(char::from(octet));
        } else if upper {
            out.push('%');
            out.push(char::from(hi.to_ascii_uppercase()));
            out.push(char::from(lo.to_ascii_uppercase()));
        } else {
            out.push_str(&s[at..at + 3]);
        }
        at += 3;
        copied = at;
    }
    out.push_str(&s[copied..]);
    if out == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(out)
    }
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

/// Section 2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(octet: u8) -> bool {
    octet.is_ascii_alphanumeric() || matches!(octet, b'-' | b'.' | b'_' | b'~')
}

/// Reading `base-case` (vectors `rfc3986/base-case-*`): section 6.2.2.1,
/// "the scheme and host are case-insensitive and therefore should be
/// normalized to lowercase", or the scheme alone, as section 3.1 asks
/// implementations to "only produce lowercase scheme names". The userinfo
/// is not case-insensitive (section 3.2.1 gives it no such rule) and keeps
/// its case, and a percent-encoding in the host keeps its hex digits:
/// "only using uppercase letters for percent-encodings" (section 3.2.2).
fn case_normalization(base: &mut Base<'_>, reading: BaseCase) {
    if reading == BaseCase::Kept {
        return;
    }
    if let Some(scheme) = base.scheme.as_mut() {
        if scheme.bytes().any(|c| c.is_ascii_uppercase()) {
            *scheme = Cow::Owned(scheme.to_ascii_lowercase());
        }
    }
    if reading != BaseCase::SchemeAndHost {
        return;
    }
    if let Some(authority) = base.authority.as_mut() {
        let range = host(authority);
        if authority[range.clone()]
            .bytes()
            .any(|c| c.is_ascii_uppercase())
        {
            let mut lowered = authority.to_string();
            lowered.replace_range(range.clone(), &lower_case_host(&authority[range]));
            *authority = Cow::Owned(lowered);
        }
    }
}

/// `host` in lower case but for the hex digits of its percent-encodings.
fn lower_case_host(host: &str) -> String {
    let mut out = String::with_capacity(host.len());
    let mut digits_left = 0;
    for c in host.chars() {
        if digits_left > 0 {
            digits_left -= 1;
            out.push(c);
        } else {
            digits_left = if c == '%' { 2 } else { 0 };
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// Where the host is in an authority, `[ userinfo "@" ] host [ ":" port ]`
/// (section 3.2): after the last `@`, up to the `]` that closes an IP
/// literal, or else up to the first `:`.
fn host(authority: &str) -> std::ops::Range<usize> {
    let start = authority.rfind('@').map_or(0, |at| at + 1);
    let rest = &authority[start..];
    let len = if rest.starts_with('[') {
        rest.find(']').map_or(rest.len(), |close| close + 1)
    } else {
        rest.find(':').unwrap_or(rest.len())
    };
    start..start + len
}

/// Reading `base-dot-segments` (vector `rfc3986/base-dot-segments`):
/// section 6.2.2.3, "URI normalizers should remove dot-segments by applying
/// the remove_dot_segments algorithm to the path" (with `%2E` a dot under
/// `escaped-dots=decoded`, as everywhere else).
fn path_segment_normalization(base: &mut Base<'_>, readings: Readings, dots: DotSegments) {
    if readings.base_dot_segments == BaseDotSegments::Removed {
        let removed = dots.remove(&decode_if(readings, &base.path));
        if removed != *base.path {
            base.path = Cow::Owned(removed);
        }
    }
}

/// Reading `base-port` (vectors `rfc3986/base-port-*`): section 3.2.3,
/// "URI producers and normalizers should omit the port component and its
/// ":" delimiter if port is empty or if its value would be the same as that
/// of the scheme's default", with the defaults of `http` (80, section
/// 6.2.3) and `https` (443; RFC 9110 section 4.2.3 gives it the same rules
/// as `http`).
fn port_normalization<'a>(base: &mut Base<'a>, reading: BasePort) {
    let (empty_any_scheme, http_and_https) = match reading {
        BasePort::Kept => return,
        BasePort::EmptyElided => (true, false),
        BasePort::HttpAndHttpsElided => (false, true),
        BasePort::Elided => (true, true),
    };
    let default = base.scheme.as_deref().and_then(default_port);
    let Some(authority) = base.authority.as_mut() else {
        return;
    };
    let host_end = host(authority).end;
    // `port = *DIGIT`, compared by value: `:080` is port 80.
    let Some(digits) = authority[host_end..].strip_prefix(':') else {
        return;
    };
    if !digits.bytes().all(|c| c.is_ascii_digit()) {
        return;
    }
    let elided = if digits.is_empty() {
        empty_any_scheme || (http_and_https && default.is_some())
    } else {
        http_and_https && default == Some(digits.trim_start_matches('0'))
    };
    if elided {
        let cut: Cow<'a, str> = match *authority {
            Cow::Borrowed(a) => Cow::Borrowed(&a[..host_end]),
            Cow::Owned(ref a) => Cow::Owned(a[..host_end].to_owned()),
        };
        *authority = cut;
    }
}

/// Reading `base-empty-path` (vectors `interpretation/base-net-loc-empty-path-*`,
/// `rfc3986/base-empty-path-*`): section 6.2.3, "a URI that uses the
/// generic syntax for authority with an empty path should be normalized to
/// a path of "/"", for the schemes that define it so, `http` ("defines an
/// empty path to be equivalent to "/"", section 6.2.3) and `https` (RFC
/// 9110 section 4.2.3).
fn empty_path_normalization(base: &mut Base<'_>, reading: BaseEmptyPath) {
    if reading == BaseEmptyPath::HttpAndHttps
        && base.path.is_empty()
        && base.authority.is_some()
        && base.scheme.as_deref().and_then(default_port).is_some()
    {
        base.path = Cow::Borrowed("/");
    }
}

/// The default port of the schemes whose defaults section 6.2.3's readings
/// know: `http` and `https`.
fn default_port(scheme: &str) -> Option<&'static str> {
    if scheme.eq_ignore_ascii_case("http") {
        Some("80")
    } else if scheme.eq_ignore_ascii_case("https") {
        Some("443")
    } else {
        None
    }
}

/// Every choice of readings that keeps `readings` for the ambiguities that
/// cannot change what `reference` resolves to against `base`, and goes
/// through every reading of the others, `readings` first: the choices a
/// differential run need try. An ambiguity is left out only where none of
/// its readings can change anything (a base with no upper case and no `%`
/// is the same under every `base-case`), so the answers are those of
/// [`Readings::every`] with the same readings held.
pub(super) fn every_for(readings: Readings, base: &str, reference: &str) -> Vec<Readings> {
    let (b, r) = (parse(base), parse(reference));
    let has = |s: Option<&str>, what: fn(u8) -> bool| s.is_some_and(|s| s.bytes().any(what));
    let escaped_dot = |s: &str| {
        s.as_bytes()
            .windows(3)
            .any(|w| w[0] == b'%' && w[1] == b'2' && w[2].eq_ignore_ascii_case(&b'e'))
    };
    let percent = |c: u8| c == b'%';
    let mut all = vec![readings];
    macro_rules! vary {
        ($field:ident: $ty:ident) => {
            all = all
                .iter()
                .flat_map(|r| {
                    std::iter::once(r.$field)
                        .chain($ty::ALL.iter().copied().filter(|&v| v != r.$field))
                        .map(move |v| Readings { $field: v, ..*r })
                })
                .collect()
        };
    }
    let same_scheme =
        matches!((r.scheme, b.scheme), (Some(r), Some(b)) if r.eq_ignore_ascii_case(b));
    if same_scheme {
        vary!(same_scheme: SameScheme);
    }
    // A reading that normalizes only what the target cannot take changes
    // nothing.
    let Taken {
        scheme,
        authority,
        path,
        query,
    } = taken(&b, &r, same_scheme);
    if has(scheme, |c| c.is_ascii_uppercase())
        || has(authority, |c| c.is_ascii_uppercase() || c == b'%')
    {
        vary!(base_case: BaseCase);
    }
    if has(authority, percent) || has(path, percent) || has(query, percent) {
        vary!(base_percent_encoding: BasePercentEncoding);
    }
    if has(path, |c| c == b'.' || c == b'%') {
        vary!(base_dot_segments: BaseDotSegments);
    }
    if authority.is_some_and(|a| a[host(a).end..].starts_with(':')) {
        vary!(base_port: BasePort);
    }
    if path == Some("") && authority.is_some() && scheme.and_then(default_port).is_some() {
        vary!(base_empty_path: BaseEmptyPath);
    }
    if path.is_some_and(escaped_dot) || escaped_dot(r.path) {
        vary!(escaped_dots: EscapedDots);
    }
    // Only a target without an authority can have a path that starts
    // with `//` written after its scheme.
    if r.authority.is_none() && (r.scheme.is_some() || b.authority.is_none()) {
        vary!(double_slash_path: DoubleSlashPath);
    }
    all
}

/// The components of the base a target can take.
struct Taken<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
}

/// The components of the base `b` the target of `r` can take (section
/// 5.2.2): none for a reference with a scheme of its own (but for one with
/// the base's scheme, `same_scheme`, under the non-strict reading); else the
/// scheme, and the authority unless the reference has one, the path unless
/// it has an authority or an absolute path, the query if it has neither path
/// nor query either.
fn taken<'a>(b: &Components<'a>, r: &Components<'_>, same_scheme: bool) -> Taken<'a> {
    let takes_base = r.scheme.is_none() || same_scheme;
    let authority = b.authority.filter(|_| takes_base && r.authority.is_none());
    let takes_path = authority.is_some() || (takes_base && r.authority.is_none());
    let path = Some(b.path).filter(|_| takes_path && !r.path.starts_with('/'));
    let query = b
        .query
        .filter(|_| path.is_some() && r.path.is_empty() && r.query.is_none());
    let scheme = b.scheme.filter(|_| takes_base);
    Taken {
        scheme,
        authority,
        path,
        query,
    }
}

/// The path remove_dot_segments is to run on, under `escaped-dots`.
pub(super) fn decode_if(readings: Readings, path: &str) -> Cow<'_, str> {
    match readings.escaped_dots {
        EscapedDots::Literal => Cow::Borrowed(path),
        EscapedDots::Decoded => decode_dot_segments(path),
    }
}

/// Reading `escaped-dots=decoded` (vector `rfc3986/escaped-dot-dot`): the
/// complete segments that are `.` or `..` once `%2E` and `%2e` are decoded
/// (`%2e`, `.%2E`, `%2e%2e`) become those dots; nothing else changes.
fn decode_dot_segments(path: &str) -> Cow<'_, str> {
    if !path.contains('%') {
        return Cow::Borrowed(path);
    }
    let decoded: Vec<&str> = path
        .split('/')
        .map(|segment| {
            let dots = segment.replace("%2e", ".").replace("%2E", ".");
            match dots.as_str() {
                "." => ".",
                ".." => "..",
                _ => segment,
            }
        })
        .collect();
    Cow::Owned(decoded.join("/"))
}

impl Readings {
    /// Every choice of readings that keeps these for the ambiguities that
    /// cannot change what `reference` resolves to against `base`, and goes
    /// through every reading of the others, these first: the choices that
    /// can give another answer, for a differential run to try. An
    /// ambiguity is kept only where none of its readings changes anything
    /// (a base with no upper-case letter and no `%` is the same under every
    /// `base-case`), so the answers are those of [`Readings::every`] with
    /// the same ambiguities held.
    ///
    /// ```
    /// use rfc1808_resolver::rfc3986::Readings;
    ///
    /// assert_eq!(Readings::default().every_for("http://a/b", "g").len(), 1);
    /// assert_eq!(Readings::default().every_for("HTTP://a/b", "g").len(), 3);
    /// ```
    pub fn every_for(self, base: &str, reference: &str) -> Vec<Readings> {
        every_for(self, base, reference)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(base: &str, readings: &str) -> String {
        normalized_base(base, readings.parse().unwrap())
    }

    #[test]
    fn case_lowers_the_scheme_or_the_scheme_and_host_never_the_userinfo() {
        let base = "HTTP://User:PW@A.Example:80/P?Q";
        assert_eq!(normalized(base, ""), base);
        assert_eq!(
            normalized(base, "base-case=scheme"),
            "http://User:PW@A.Example:80/P?Q"
        );
        assert_eq!(
            normalized(base, "base-case=scheme-and-host"),
            "http://User:PW@a.example:80/P?Q"
        );
        // An IP literal's hex digits are the host's; a percent-encoding's
        // are not.
        assert_eq!(
            normalized("foo://[::A]:1/", "base-case=scheme-and-host"),
            "foo://[::a]:1/"
        );
        assert_eq!(
            normalized("foo://X%4A%4a", "base-case=scheme-and-host"),
            "foo://x%4A%4a"
        );
        // Only the two digits after a `%`: the host is lowered after them.
        assert_eq!(
            normalized("foo://X%4AY", "base-case=scheme-and-host"),
            "foo://x%4Ay"
        );
        // The host ends at the first `:` after the userinfo.
        assert_eq!(
            normalized("foo://U@H:P:Q", "base-case=scheme-and-host"),
            "foo://U@h:P:Q"
        );
    }

    #[test]
    fn percent_encodings_are_upper_cased_decoded_or_both() {
        let base = "http://%7eU@%41/%7e%2f%2E%zz%/x?%7e%2f#%7e";
        assert_eq!(normalized(base, ""), base);
        assert_eq!(
            normalized(base, "base-percent-encoding=hex-upper-cased"),
            "http://%7EU@%41/%7E%2F%2E%zz%/x?%7E%2F#%7e"
        );
        assert_eq!(
            normalized(base, "base-percent-encoding=unreserved-decoded"),
            "http://~U@A/~%2f.%zz%/x?~%2f#%7e"
        );
        assert_eq!(
            normalized(base, "base-percent-encoding=normalized"),
            "http://~U@A/~%2F.%zz%/x?~%2F#%7e"
        );
        // Decoded first, then lower-cased, as the normal form has it.
        assert_eq!(
            normalized(
                "http://%41/",
                "base-percent-encoding=normalized,base-case=scheme-and-host"
            ),
            "http://a/"
        );
        assert_eq!(
            normalized("http://a/é%c3%a9", "base-percent-encoding=normalized"),
            "http://a/é%C3%A9"
        );
    }

    #[test]
    fn ports_are_elided_when_empty_or_the_http_and_https_defaults() {
        let port = |reading: &str, base: &str| normalized(base, &format!("base-port={reading}"));
        for (base, empty, http, both) in [
            ("http://a:80/b", "http://a:80/b", "http://a/b", "http://a/b"),
            ("HTTP://a:080", "HTTP://a:080", "HTTP://a", "HTTP://a"),
            ("http://a:/b", "http://a/b", "http://a/b", "http://a/b"),
            (
                "http://a:8080",
                "http://a:8080",
                "http://a:8080",
                "http://a:8080",
            ),
            (
                "http://a:443/b",
                "http://a:443/b",
                "http://a:443/b",
                "http://a:443/b",
            ),
            (
                "https://u@a:443?q",
                "https://u@a:443?q",
                "https://u@a?q",
                "https://u@a?q",
            ),
            (
                "https://[::1]:443/",
                "https://[::1]:443/",
                "https://[::1]/",
                "https://[::1]/",
            ),
            (
                "http://a:8x/b",
                "http://a:8x/b",
                "http://a:8x/b",
                "http://a:8x/b",
            ),
            // Other schemes have no default port this project knows; an
            // empty port needs none.
            ("foo://a:/b", "foo://a/b", "foo://a:/b", "foo://a/b"),
            ("ftp://a:21", "ftp://a:21", "ftp://a:21", "ftp://a:21"),
            ("http:", "http:", "http:", "http:"),
        ] {
            assert_eq!(port("kept", base), base);
            assert_eq!(port("empty-elided", base), empty, "{base}");
            assert_eq!(port("http-and-https-elided", base), http, "{base}");
            assert_eq!(port("elided", base), both, "{base}");
        }
    }

    #[test]
    fn an_http_or_https_empty_path_is_a_slash() {
        let slash = |base| normalized(base, "base-empty-path=http-and-https");
        assert_eq!(slash("http://a"), "http://a/");
        assert_eq!(slash("HTTPS://a:1?q"), "HTTPS://a:1/?q");
        assert_eq!(slash("http://a/b"), "http://a/b");
        assert_eq!(slash("foo://a"), "foo://a");
        assert_eq!(slash("http:"), "http:");
    }

    #[test]
    fn dot_segments_are_removed_before_the_slash_is_added() {
        let all = "base-dot-segments=removed,base-empty-path=http-and-https";
        assert_eq!(normalized("http://a/b/..", all), "http://a/");
        assert_eq!(
            normalized(
                "http://a/%2e%2E/b",
                "base-percent-encoding=unreserved-decoded,base-dot-segments=removed"
            ),
            "http://a/b"
        );
    }

    #[test]
    fn every_for_varies_only_what_can_change_the_answer() {
        let count =
            |base: &str, reference: &str| every_for(Readings::default(), base, reference).len();
        assert_eq!(count("http://a/b/c", "g"), 1);
        assert_eq!(count("HTTP://a/b/c", "g"), 3);
        assert_eq!(count("http://a/b/c", "http:g"), 2 * 2);
        assert_eq!(count("http://a/%7e/c", "g"), 4 * 2);
        assert_eq!(count("http://a:80", "?y"), 4 * 2);
        assert_eq!(count("foo://a:", "?y"), 4);
        assert_eq!(count("http://a/", "?y"), 1);
        assert_eq!(count("foo:/a/./b", "..//g"), 2 * 2);
        assert_eq!(count("http://a/b", "%2e%2e/g"), 2);
        // The base's query only for a reference with no path and no query.
        assert_eq!(count("http://a/b?%7e", "#s"), 4);
        assert_eq!(count("http://a/b?%7e", "//g"), 1);
        assert_eq!(count("http://a/b?%7e", "/g"), 1);
        // Only what the target takes of the base: nothing for a reference
        // with a scheme of its own, the scheme for one with an authority.
        assert_eq!(count("HTTP://A:80/%7e/./", "foo:g"), 2);
        assert_eq!(count("HTTP://A:80/%7e/./", "//g"), 3);
        assert_eq!(count("HTTP://A:80/%7e/./", "/g"), 3 * 4);
        assert_eq!(count("HTTP://A:80/%7e/./", "g"), 3 * 4 * 2 * 4);
        // The readings given come first, and are kept where nothing varies.
        let held: Readings = "base-case=scheme-and-host,double-slash-path=dot-prefix"
            .parse()
            .unwrap();
        let every = every_for(held, "HTTP://a/b/c", "//g");
        assert_eq!(every[0], held);
        assert_eq!(every.len(), 3);
        assert!(every
            .iter()
            .all(|r| r.double_slash_path == DoubleSlashPath::DotPrefix));
    }
}
