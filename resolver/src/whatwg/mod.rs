//! The reference parser of the WHATWG URL Standard: the basic URL parser
//! with a base (what `new URL(input, base)` does), the host parser, and the
//! URL serializer, transcribed state by state from the standard's Bikeshed
//! source at commit 6ae8486, each step's comment quoting the sentence it
//! implements and each function's doc naming its `<dfn>` id.
//!
//! ```
//! use rfc1808_resolver::whatwg;
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(whatwg::resolve(base, "../g?y#s").unwrap(), "http://a/b/g?y#s");
//! assert_eq!(whatwg::resolve(base, "HTTP://[0:0::1]:80").unwrap(), "http://[::1]/");
//! assert_eq!(whatwg::resolve(base, "http://0x7f.1/").unwrap(), "http://127.0.0.1/");
//! assert_eq!(
//!     whatwg::resolve(base, "https://ex ample.org/").unwrap_err(),
//!     "domain parser: the domain contains a forbidden domain code point"
//! );
//! ```
//!
//! Validation errors do not fail a parse and are not recorded; only the
//! failures are, as [`ParseError`]. The layout follows the standard's
//! sections:
//!
//! - `percent_encode`: percent-encoded bytes, the percent-encode sets;
//! - `idna`: the domain parser (domain to ASCII) through the `idna` crate;
//! - `host`: the host record, host parser (IPv4, IPv6, opaque hosts) and
//!   host serializer;
//! - `url`: the URL record, special schemes, Windows drive letters,
//!   shortening a path, and the URL serializer;
//! - `parser`: the basic URL parser's state machine, one method per state.

mod code_points;
mod error;
mod host;
mod idna;
mod parser;
mod percent_encode;
mod undone;
mod url;

pub use code_points::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
pub use error::ParseError;
pub use host::{
    ends_in_a_number_checker, find_the_ipv6_address_compressed_piece_index, host_parser,
    host_serializer, ipv4_number_parser, ipv4_parser, ipv4_serializer, ipv6_parser,
    ipv6_serializer, opaque_host_parser, Host,
};
pub use idna::{domain_parser_to_ascii, domain_to_ascii};
pub use parser::{basic_url_parser, traced_basic_url_parser, State};
pub use percent_encode::{
    percent_decode, percent_encode, string_percent_decode, utf8_percent_encode,
    utf8_percent_encode_code_point, PercentEncodeSet,
};
pub use undone::Undone;
pub use url::{
    default_port, is_normalized_windows_drive_letter, is_special_scheme, is_windows_drive_letter,
    shorten_path, starts_with_windows_drive_letter, url_path_serializer, url_serializer, Path, Url,
};

/// The commit of the URL Standard's source (`whatwg/url`, `url.bs`) this
/// parser is transcribed from, and is held to.
pub const COMMIT: &str = "6ae8486";

/// The places where the URL Standard can be read more than one way: none.
/// It is written as an algorithm, step by step, and where the
/// web-platform tests and the text disagree the text at [`COMMIT`] decides
/// (`vectors/wpt/README.md`).
pub const REGISTRY: &[crate::readings::Ambiguity] = &[];

/// Parses `input` against `base` as `new URL(input, base)` does: `base`,
/// when given, is parsed first with no base, and its failure is a failure
/// ([`ParseError::Base`]); then the basic URL parser runs on `input` with
/// it.
///
/// ```
/// use rfc1808_resolver::whatwg::{self, Host, ParseError};
///
/// let url = whatwg::parse("//EXAMPLE.com:0443/a/./b/../c", Some("https://x")).unwrap();
/// assert_eq!(url.host, Some(Host::Domain("example.com".to_owned())));
/// assert_eq!(url.port, None);
/// assert_eq!(url.href(), "https://example.com/a/c");
/// assert_eq!(whatwg::parse("a", None), Err(ParseError::MissingSchemeNonRelativeUrl));
/// ```
pub fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
    parse_undoing(input, base, Undone::NONE)
}

/// [`parse`] by the standard with the changes `undone` undone, in the base
/// and the input: what an engine released before those changes does.
///
/// ```
/// use rfc1808_resolver::whatwg::{self, Undone};
///
/// let before_846 = Undone { caret_encoded_in_path: true, ..Undone::NONE };
/// let url = whatwg::parse_undoing("/^", Some("http://a"), before_846).unwrap();
/// assert_eq!(url.href(), "http://a/^");
/// assert_eq!(whatwg::parse("/^", Some("http://a")).unwrap().href(), "http://a/%5E");
/// ```
pub fn parse_undoing(input: &str, base: Option<&str>, undone: Undone) -> Result<Url, ParseError> {
    let base = match base {
        Some(base) => Some(
            parser::undoing(base, None, undone)
                .0
                .map_err(|why| ParseError::Base(Box::new(why)))?,
        ),
        None => None,
    };
    parser::undoing(input, base.as_ref(), undone).0
}

/// Resolves `input` against `base`: the serialized URL (`href`), or why
/// the parse failed.
///
/// ```
/// use rfc1808_resolver::whatwg;
///
/// assert_eq!(whatwg::resolve("file:///C:/demo", "..").unwrap(), "file:///C:/");
/// assert_eq!(whatwg::resolve("mailto:x", "y").unwrap_err(),
///     "missing-scheme-non-relative-URL: no scheme, and no base URL it can be relative to");
/// assert_eq!(whatwg::resolve("y", "http://a").unwrap_err(),
///     "base: missing-scheme-non-relative-URL: no scheme, and no base URL it can be relative to");
/// ```
pub fn resolve(base: &str, input: &str) -> Result<String, String> {
    parse(input, Some(base))
        .map(|url| url.href())
        .map_err(|why| why.to_string())
}

/// [`resolve`], and the state of the basic URL parser that last decided
/// what the URL takes from the base: `relative state` for `../g`, `relative
/// slash state` for `/g` and `//g`, `scheme state` for an input with a
/// scheme of its own. A base that fails to parse is decided in the scheme
/// start state, before the input is read.
///
/// ```
/// use rfc1808_resolver::whatwg::{self, State};
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(whatwg::trace(base, "../g").1, State::Relative);
/// assert_eq!(whatwg::trace(base, "//g").1, State::RelativeSlash);
/// assert_eq!(whatwg::trace(base, "g:h").1, State::Scheme);
/// ```
pub fn trace(base: &str, input: &str) -> (Result<String, String>, State) {
    let base = match basic_url_parser(base, None) {
        Ok(base) => base,
        Err(why) => {
            return (
                Err(ParseError::Base(Box::new(why)).to_string()),
                State::SchemeStart,
            )
        }
    };
    let (url, state) = traced_basic_url_parser(input, Some(&base));
    (
        url.map(|url| url.href()).map_err(|why| why.to_string()),
        state,
    )
}
