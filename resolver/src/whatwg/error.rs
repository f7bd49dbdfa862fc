//! Why the basic URL parser returned failure: the validation errors of the
//! table in section "Writing" (`#writing`) whose "Failure" column says yes,
//! named as the standard names them, and the two steps of the domain
//! parser that fail without naming one.

use std::fmt;

/// The step at which the basic URL parser (or the host parser it runs)
/// returned failure. Validation errors that do not fail the parse are not
/// recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// `#validation-error-domain-to-ascii`: Unicode ToASCII failed on a
    /// domain that is not an ASCII string.
    DomainToAscii,
    /// The domain parser's "If result is the empty string, then return
    /// failure."
    DomainEmpty,
    /// The domain parser's "If result contains a forbidden domain code
    /// point, then return failure."
    DomainForbiddenCodePoint,
    /// `host-invalid-code-point`: "An opaque host (in a URL that is not
    /// special) contains a forbidden host code point."
    HostInvalidCodePoint,
    /// `IPv4-too-many-parts`: "An IPv4 address has more than 4 parts."
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: "An IPv4 address part is not numeric."
    Ipv4NonNumericPart,
    /// `IPv4-out-of-range-part`: "An IPv4 address part exceeds 255." (a
    /// failure only if it is not the last part, or the last part exceeds
    /// what the parts before it leave)
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: "An IPv6 address is missing the closing U+005D (])."
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: "An IPv6 address begins with improper
    /// compression."
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: "An IPv6 address contains more than 8
    /// pieces."
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: "An IPv6 address is compressed in more
    /// than one spot."
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: "An IPv6 address contains a code point
    /// that is neither an ASCII hex digit nor a U+003A (:). Or it
    /// unexpectedly ends."
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: "An uncompressed IPv6 address contains fewer
    /// than 8 pieces."
    Ipv6TooFewPieces,
    /// `IPv4-in-IPv6-too-many-pieces`: "An IPv6 address with IPv4 address
    /// syntax: the IPv6 address has more than 6 pieces."
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: an IPv4 part of an IPv6 address
    /// is empty or holds a non-digit, a leading 0, or too many numbers.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: "An IPv6 address with IPv4 address
    /// syntax: an IPv4 part exceeds 255."
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: "An IPv6 address with IPv4 address
    /// syntax: an IPv4 address contains too few parts."
    Ipv4InIpv6TooFewParts,
    /// `missing-scheme-non-relative-URL`: "The input is missing a scheme,
    /// because it does not begin with an ASCII alpha, and either no base
    /// URL was provided or the base URL cannot be used as a base URL
    /// because it has an opaque path."
    MissingSchemeNonRelativeUrl,
    /// `host-missing`: "The input has a special scheme, but does not
    /// contain a host."
    HostMissing,
    /// `port-out-of-range`: "The input's port is too big."
    PortOutOfRange,
    /// `port-invalid`: "The input's port is invalid."
    PortInvalid,
    /// The base URL, parsed with no base, failed; the error is why.
    Base(Box<ParseError>),
}

impl ParseError {
    /// The standard's name for the validation error (its "Error type"), or
    /// the algorithm whose step failed without one.
    pub fn name(&self) -> &'static str {
        use ParseError::*;
        match self {
            DomainToAscii => "domain-to-ASCII",
            DomainEmpty | DomainForbiddenCodePoint => "domain parser",
            HostInvalidCodePoint => "host-invalid-code-point",
            Ipv4TooManyParts => "IPv4-too-many-parts",
            Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Ipv6Unclosed => "IPv6-unclosed",
            Ipv6InvalidCompression => "IPv6-invalid-compression",
            Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Ipv6MultipleCompression => "IPv6-multiple-compression",
            Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            HostMissing => "host-missing",
            PortOutOfRange => "port-out-of-range",
            PortInvalid => "port-invalid",
            Base(_) => "base",
        }
    }

    /// What went wrong, in a few words.
    fn description(&self) -> &'static str {
        use ParseError::*;
        match self {
            DomainToAscii => "Unicode ToASCII failed on the domain",
            DomainEmpty => "the domain is empty",
            DomainForbiddenCodePoint => "the domain contains a forbidden domain code point",
            HostInvalidCodePoint => "the opaque host contains a forbidden host code point",
            Ipv4TooManyParts => "the IPv4 address has more than 4 parts",
            Ipv4NonNumericPart => "an IPv4 address part is not numeric",
            Ipv4OutOfRangePart => "an IPv4 address part is out of range",
            Ipv6Unclosed => "the IPv6 address is missing the closing `]`",
            Ipv6InvalidCompression => "the IPv6 address begins with improper compression",
            Ipv6TooManyPieces => "the IPv6 address has more than 8 pieces",
            Ipv6MultipleCompression => "the IPv6 address is compressed in more than one spot",
            Ipv6InvalidCodePoint => "the IPv6 address has an invalid code point or ends early",
            Ipv6TooFewPieces => "the uncompressed IPv6 address has fewer than 8 pieces",
            Ipv4InIpv6TooManyPieces => {
                "the IPv6 address has more than 6 pieces before its IPv4 part"
            }
            Ipv4InIpv6InvalidCodePoint => "the IPv4 part of the IPv6 address is malformed",
            Ipv4InIpv6OutOfRangePart => "an IPv4 part of the IPv6 address exceeds 255",
            Ipv4InIpv6TooFewParts => "the IPv4 part of the IPv6 address has too few parts",
            MissingSchemeNonRelativeUrl => "no scheme, and no base URL it can be relative to",
            HostMissing => "the special URL has no host",
            PortOutOfRange => "the port is greater than 65535",
            PortInvalid => "the port is not a number",
            Base(_) => "the base URL failed",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Base(why) => write!(f, "base: {why}"),
            _ => write!(f, "{}: {}", self.name(), self.description()),
        }
    }
}

impl std::error::Error for ParseError {}
