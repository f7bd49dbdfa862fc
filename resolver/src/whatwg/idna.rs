//! Section "IDNA" (`#idna`): the domain parser, which runs Unicode ToASCII
//! (UTS #46) through the `idna` crate.
//!
//! How `idna` 1.x takes the UTS #46 flags ([`::idna::uts46`]'s module docs):
//! _CheckHyphens_ is [`Hyphens`], _UseSTD3ASCIIRules_ the
//! [`AsciiDenyList`] ([`AsciiDenyList::EMPTY`] for false,
//! [`AsciiDenyList::STD3`] for true), _VerifyDnsLength_ [`DnsLength`];
//! _CheckBidi_ and _CheckJoiners_ are always true, _Transitional_Processing_
//! and _IgnoreInvalidPunycode_ always false, which is what the standard
//! sets them to.
//!
//! Choice: the crate refuses (as ICU4C does) to encode a label of more than
//! 1000 code points or decode Punycode of more than 2000 bytes; UTS #46 sets
//! no such limit, so a domain with a label that long fails here where the
//! standard's answer may be a domain.

use super::undone::Undone;
use ::idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::code_points::is_forbidden_domain_code_point;
use super::error::ParseError;

/// `#concept-domain-to-ascii`, which the standard at 6ae8486 calls the
/// domain parser.
///
/// The strict run of its first step is made only when `be_strict` is true:
/// with `be_strict` false it only decides a validation error, which this
/// parser does not record.
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<String, ParseError> {
    domain_to_ascii_undoing(domain, be_strict, Undone::NONE)
}

/// [`domain_to_ascii`] with the changes `undone` undone.
pub(super) fn domain_to_ascii_undoing(
    domain: &str,
    be_strict: bool,
    undone: Undone,
) -> Result<String, ParseError> {
    // "If beStrict is true: If strictResult is a failure value, then return
    // failure. Return strictResult."
    if be_strict {
        // "Let strictResult be the result of running domain parser ToASCII
        // with domain and true."
        return domain_parser_to_ascii(domain, true);
    }
    // "Let result be null."
    // (whatwg/url#914 undone: an ASCII domain goes through ToASCII too.)
    let result = if domain.is_ascii() && !undone.ascii_domain_lowercased {
        // "If domain is an ASCII string, then set result to domain,
        // lowercased."
        domain.to_ascii_lowercase()
    } else {
        // "Otherwise: Set result to the result of running domain parser
        // ToASCII with domain and false. If result is a failure value, then
        // return failure."
        domain_parser_to_ascii(domain, false)?
    };
    // "If result is the empty string, then return failure."
    if result.is_empty() {
        return Err(ParseError::DomainEmpty);
    }
    // "If result contains a forbidden domain code point, then return
    // failure."
    if result.chars().any(is_forbidden_domain_code_point) {
        return Err(ParseError::DomainForbiddenCodePoint);
    }
    // "Return result."
    Ok(result)
}

/// `#domain-parser-toascii`: "returns the result of running Unicode ToASCII
/// with domain_name set to domain, CheckHyphens set to beStrict, CheckBidi
/// set to true, CheckJoiners set to true, UseSTD3ASCIIRules set to
/// beStrict, Transitional_Processing set to false, VerifyDnsLength set to
/// beStrict, and IgnoreInvalidPunycode set to false."
///
/// UTS #46 verifies the DNS length "excluding the root label and its dot",
/// which is [`DnsLength::VerifyAllowRootDot`].
pub fn domain_parser_to_ascii(domain: &str, be_strict: bool) -> Result<String, ParseError> {
    let (hyphens, std3_ascii_rules, dns_length) = if be_strict {
        (
            Hyphens::Check,
            AsciiDenyList::STD3,
            DnsLength::VerifyAllowRootDot,
        )
    } else {
        (Hyphens::Allow, AsciiDenyList::EMPTY, DnsLength::Ignore)
    };
    Uts46::new()
        .to_ascii(domain.as_bytes(), std3_ascii_rules, hyphens, dns_length)
        .map(|ascii| ascii.into_owned())
        .map_err(|_| ParseError::DomainToAscii)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of the standard's notes in `#idna` and
    /// `#example-host-parsing`.
    #[test]
    fn standard_examples() {
        assert_eq!(
            domain_to_ascii("☕.example", false).unwrap(),
            "xn--53h.example"
        );
        assert_eq!(
            domain_to_ascii("faß.example", false).unwrap(),
            "xn--fa-hia.example"
        );
        assert_eq!(
            domain_to_ascii("EXAMPLE.COM", false).unwrap(),
            "example.com"
        );
        // "the algorithm returns domain lowercased regardless of Unicode
        // ToASCII's outcome": `xn--8i7caa` decodes to code points that are
        // "mapped", which ToASCII refuses.
        assert_eq!(domain_to_ascii("XN--8I7CAA", false).unwrap(), "xn--8i7caa");
        assert_eq!(
            domain_to_ascii("xn--8i7caa", true),
            Err(ParseError::DomainToAscii)
        );
    }

    #[test]
    fn failures() {
        assert_eq!(domain_to_ascii("", false), Err(ParseError::DomainEmpty));
        assert_eq!(
            domain_to_ascii("a%b", false),
            Err(ParseError::DomainForbiddenCodePoint)
        );
        assert_eq!(
            domain_to_ascii("a\u{7F}", false),
            Err(ParseError::DomainForbiddenCodePoint)
        );
        // U+FF05 FULLWIDTH PERCENT SIGN maps to `%`.
        assert_eq!(
            domain_to_ascii("a\u{FF05}b", false),
            Err(ParseError::DomainForbiddenCodePoint)
        );
        assert_eq!(
            domain_to_ascii("a\u{FFFD}", false),
            Err(ParseError::DomainToAscii)
        );
        assert_eq!(domain_to_ascii("-x-", true), Err(ParseError::DomainToAscii));
        assert_eq!(domain_to_ascii("-x-", false).unwrap(), "-x-");
    }
}
