//! Sections "Host representation" (`#host-representation`), "Host
//! miscellaneous" (`#host-miscellaneous`), "Host parsing"
//! (`#host-parsing`) and "Host serializing" (`#host-serializing`): the host
//! parser with its IPv4, IPv6 and opaque-host parsers, and the host
//! serializer.

use super::code_points::is_forbidden_host_code_point;
use super::error::ParseError;
use super::idna::domain_to_ascii_undoing;
use super::percent_encode::PercentEncodeSet;
use super::percent_encode::{string_percent_decode, utf8_percent_encode};
use super::undone::Undone;

/// `#concept-host`: "A host is a domain, an IP address, an opaque host, or
/// an empty host."
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// `#concept-domain`: "a non-empty ASCII string that identifies a realm
    /// within a network."
    Domain(String),
    /// `#concept-ipv4`: "a 32-bit unsigned integer that identifies a
    /// network address."
    Ipv4(u32),
    /// `#concept-ipv6`: "a 128-bit unsigned integer [...] composed of a
    /// list of 8 16-bit unsigned integers, also known as an IPv6 address's
    /// pieces."
    Ipv6([u16; 8]),
    /// `#opaque-host`: "a non-empty ASCII string that can be used for
    /// further processing."
    Opaque(String),
    /// `#empty-host`: "An empty host is the empty string."
    Empty,
}

/// The "end of file" of a pointer into a string: the standard's EOF code
/// point, `None` for [`Option<char>`] code points.
const EOF: Option<char> = None;

/// `#concept-host-parser`.
pub fn host_parser(input: &str, is_opaque: bool) -> Result<Host, ParseError> {
    host_parser_undoing(input, is_opaque, Undone::NONE)
}

/// [`host_parser`] with the changes `undone` undone.
pub(super) fn host_parser_undoing(
    input: &str,
    is_opaque: bool,
    undone: Undone,
) -> Result<Host, ParseError> {
    // "If input starts with U+005B ([), then:"
    if let Some(after_bracket) = input.strip_prefix('[') {
        // "If input does not end with U+005D (]), IPv6-unclosed validation
        // error, return failure."
        let Some(inside) = after_bracket.strip_suffix(']') else {
            return Err(ParseError::Ipv6Unclosed);
        };
        // "Return the result of IPv6 parsing input with its leading U+005B
        // ([) and trailing U+005D (]) removed."
        return ipv6_parser(inside).map(Host::Ipv6);
    }
    // "If isOpaque is true, then return the result of opaque-host parsing
    // input."
    if is_opaque {
        return opaque_host_parser(input);
    }
    // "Assert: input is not the empty string." (the callers have checked;
    // were it empty, the domain parser would return failure for it)

    // "Let domain be the result of running UTF-8 decode without BOM on the
    // percent-decoding of input." (invalid UTF-8 becomes U+FFFD, which the
    // domain parser fails on)
    let domain = String::from_utf8_lossy(&string_percent_decode(input)).into_owned();
    // "Let asciiDomain be the result of running domain parser with domain
    // and false."
    // "If asciiDomain is failure, then return failure."
    let ascii_domain = domain_to_ascii_undoing(&domain, false, undone)?;
    // "If asciiDomain ends in a number, then return the result of IPv4
    // parsing asciiDomain."
    if ends_in_a_number_checker(&ascii_domain) {
        return ipv4_parser(&ascii_domain).map(Host::Ipv4);
    }
    // "Return asciiDomain."
    Ok(Host::Domain(ascii_domain))
}

/// `#ends-in-a-number-checker`.
pub fn ends_in_a_number_checker(input: &str) -> bool {
    // "Let parts be the result of strictly splitting input on U+002E (.)."
    let mut parts: Vec<&str> = input.split('.').collect();
    // "If the last item in parts is the empty string, then remove the last
    // item from parts."
    if parts.last() == Some(&"") {
        parts.pop();
    }
    // "Let last be the last item in parts." (there is none only for the
    // input "", which the standard asserts against)
    let Some(last) = parts.last() else {
        return false;
    };
    // "If last is not the empty string and contains only ASCII digits,
    // then return true."
    if !last.is_empty() && last.chars().all(|c| c.is_ascii_digit()) {
        return true;
    }
    // "If parsing last as an IPv4 number does not return failure, then
    // return true."
    // "Return false."
    ipv4_number_parser(last).is_some()
}

/// `#concept-ipv4-parser`.
pub fn ipv4_parser(input: &str) -> Result<u32, ParseError> {
    // "Let parts be the result of strictly splitting input on U+002E (.)."
    let mut parts: Vec<&str> = input.split('.').collect();
    // "If the last item in parts is the empty string, then: [...] If
    // parts's size is greater than 1, then remove the last item from
    // parts."
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    // "If parts's size is greater than 4, IPv4-too-many-parts validation
    // error, return failure."
    if parts.len() > 4 {
        return Err(ParseError::Ipv4TooManyParts);
    }
    // "Let numbers be an empty list."
    let mut numbers = Vec::with_capacity(parts.len());
    // "For each part of parts:"
    for part in parts {
        // "Let result be the result of parsing part."
        // "If result is failure, IPv4-non-numeric-part validation error,
        // return failure."
        let (number, _validation_error) =
            ipv4_number_parser(part).ok_or(ParseError::Ipv4NonNumericPart)?;
        // "Append result[0] to numbers."
        numbers.push(number);
    }
    // ("Let ipv4 be the last item in numbers." "Remove the last item from
    // numbers.")
    let Some((&last, numbers)) = numbers.split_last() else {
        return Err(ParseError::Ipv4NonNumericPart);
    };
    // "If any but the last item in numbers is greater than 255, then return
    // failure."
    if numbers.iter().any(|&n| n > 255) {
        return Err(ParseError::Ipv4OutOfRangePart);
    }
    // "If the last item in numbers is greater than or equal to 256^(5 −
    // numbers's size), then return failure." (numbers's size then counted
    // the last item, removed here already)
    if last >= 256_u64.pow(4 - numbers.len() as u32) {
        return Err(ParseError::Ipv4OutOfRangePart);
    }
    // "Let ipv4 be the last item in numbers."
    let mut ipv4 = last;
    // "Let counter be 0." "For each n of numbers: Increment ipv4 by n ×
    // 256^(3 − counter). Increment counter by 1."
    for (counter, &n) in (0_u32..).zip(numbers) {
        ipv4 += n * 256_u64.pow(3 - counter);
    }
    // "Return ipv4." (less than 2^32 by the two checks above)
    u32::try_from(ipv4).map_err(|_| ParseError::Ipv4OutOfRangePart)
}

/// `#ipv4-number-parser`: the number and whether a validation error
/// (`IPv4-non-decimal-part`) was found, or `None` for failure.
///
/// Choice: "the mathematical integer value" is held in 64 bits, saturating.
/// A value that saturates is greater than 255 and than 256^4, so the IPv4
/// parser returns failure for it as it would for the exact value.
pub fn ipv4_number_parser(input: &str) -> Option<(u64, bool)> {
    // "If input is the empty string, then return failure."
    if input.is_empty() {
        return None;
    }
    // "Let validationError be false." "Let R be 10."
    let (mut validation_error, mut radix, mut input) = (false, 10, input);
    let at_least_two = input.chars().nth(1).is_some();
    // "If input contains at least two code points and the first two code
    // points are either "0X" or "0x", then: Set validationError to true.
    // Remove the first two code points from input. Set R to 16."
    if let Some(hex) = input
        .strip_prefix("0x")
        .or_else(|| input.strip_prefix("0X"))
    {
        (validation_error, input, radix) = (true, hex, 16);
    } else if let (true, Some(octal)) = (at_least_two, input.strip_prefix('0')) {
        // "Otherwise, if input contains at least two code points and the
        // first code point is U+0030 (0), then: Set validationError to
        // true. Remove the first code point from input. Set R to 8."
        (validation_error, input, radix) = (true, octal, 8);
    }
    // "If input is the empty string, then return (0, true)."
    if input.is_empty() {
        return Some((0, true));
    }
    // "If input contains a code point that is not a radix-R digit, then
    // return failure."
    if !input.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // "Let output be the mathematical integer value that is represented by
    // input in radix-R notation"
    let output = input
        .chars()
        .filter_map(|c| c.to_digit(radix))
        .fold(0_u64, |output, digit| {
            output
                .saturating_mul(u64::from(radix))
                .saturating_add(u64::from(digit))
        });
    // "Return (output, validationError)."
    Some((output, validation_error))
}

/// `#concept-ipv6-parser`.
pub fn ipv6_parser(input: &str) -> Result<[u16; 8], ParseError> {
    // "Let address be a new IPv6 address whose pieces are all 0." "Let
    // pieceIndex be 0." "Let compress be null." "Let pointer be a pointer
    // for input."
    let mut parser = Ipv6Parser {
        input: input.chars().collect(),
        pointer: 0,
        address: [0; 8],
        piece_index: 0,
        compress: None,
    };
    // "If c is U+003A (:), then:"
    if parser.c() == Some(':') {
        // "If remaining does not start with U+003A (:),
        // IPv6-invalid-compression validation error, return failure."
        if parser.remaining_starts_with(':') {
            // "Increase pointer by 2." "Increase pieceIndex by 1 and then
            // set compress to pieceIndex."
            parser.pointer += 2;
            parser.piece_index += 1;
            parser.compress = Some(parser.piece_index);
        } else {
            return Err(ParseError::Ipv6InvalidCompression);
        }
    }
    // "While c is not the EOF code point:"
    while parser.c() != EOF {
        // "If pieceIndex is 8, IPv6-too-many-pieces validation error,
        // return failure."
        if parser.piece_index == 8 {
            return Err(ParseError::Ipv6TooManyPieces);
        }
        // "If c is U+003A (:), then:"
        if parser.c() == Some(':') {
            // "If compress is non-null, IPv6-multiple-compression
            // validation error, return failure."
            if parser.compress.is_some() {
                return Err(ParseError::Ipv6MultipleCompression);
            }
            // "Increase pointer and pieceIndex by 1, set compress to
            // pieceIndex, and then continue."
            parser.pointer += 1;
            parser.piece_index += 1;
            parser.compress = Some(parser.piece_index);
            continue;
        }
        if parser.piece()? == Piece::Ipv4 {
            // "Break."
            break;
        }
    }
    compress_ipv6(parser.address, parser.piece_index, parser.compress)
}

/// The IPv6 parser's variables.
struct Ipv6Parser {
    input: Vec<char>,
    pointer: usize,
    address: [u16; 8],
    piece_index: usize,
    compress: Option<usize>,
}

/// What [`Ipv6Parser::piece`] parsed: a piece, or an IPv4 address that
/// ends the address.
#[derive(PartialEq, Eq)]
enum Piece {
    Hex,
    Ipv4,
}

impl Ipv6Parser {
    /// `#c`: the code point the pointer points to, or EOF.
    fn c(&self) -> Option<char> {
        self.input.get(self.pointer).copied()
    }

    /// Whether `#remaining` starts with `c`.
    fn remaining_starts_with(&self, c: char) -> bool {
        self.input.get(self.pointer + 1) == Some(&c)
    }

    /// c as an ASCII digit of `radix`.
    fn digit(&self, radix: u32) -> Option<u32> {
        self.c()
            .filter(char::is_ascii)
            .and_then(|c| c.to_digit(radix))
    }

    /// The loop's steps from "Let value and length be 0." to "Increase
    /// pieceIndex by 1.", or its IPv4 address steps.
    fn piece(&mut self) -> Result<Piece, ParseError> {
        // "Let value and length be 0."
        let (mut value, mut length) = (0_u16, 0);
        // "While length is less than 4 and c is an ASCII hex digit, set
        // value to value × 0x10 + c interpreted as a hexadecimal number, and
        // increase pointer and length by 1." (at most 0xFFFF: four digits)
        while let (true, Some(digit)) = (length < 4, self.digit(16)) {
            value = value.wrapping_mul(0x10).wrapping_add(digit as u16);
            self.pointer += 1;
            length += 1;
        }
        match self.c() {
            // "If c is U+002E (.), then:"
            Some('.') => {
                // "If length is 0, IPv4-in-IPv6-invalid-code-point
                // validation error, return failure."
                if length == 0 {
                    return Err(ParseError::Ipv4InIpv6InvalidCodePoint);
                }
                // "Decrease pointer by length."
                self.pointer -= length;
                // "If pieceIndex is greater than 6,
                // IPv4-in-IPv6-too-many-pieces validation error, return
                // failure."
                if self.piece_index > 6 {
                    return Err(ParseError::Ipv4InIpv6TooManyPieces);
                }
                self.ipv4_in_ipv6()?;
                return Ok(Piece::Ipv4);
            }
            // "Otherwise, if c is U+003A (:): Increase pointer by 1. If c is
            // the EOF code point, IPv6-invalid-code-point validation error,
            // return failure."
            Some(':') => {
                self.pointer += 1;
                if self.c() == EOF {
                    return Err(ParseError::Ipv6InvalidCodePoint);
                }
            }
            // "Otherwise, if c is not the EOF code point,
            // IPv6-invalid-code-point validation error, return failure."
            Some(_) => return Err(ParseError::Ipv6InvalidCodePoint),
            None => {}
        }
        // "Set address[pieceIndex] to value." "Increase pieceIndex by 1."
        if let Some(piece) = self.address.get_mut(self.piece_index) {
            *piece = value;
        }
        self.piece_index += 1;
        Ok(Piece::Hex)
    }

    /// The IPv6 parser's steps for "If c is U+002E (.)", from "Let
    /// numbersSeen be 0" to the check that four numbers were seen: an IPv4
    /// address as the last two pieces.
    fn ipv4_in_ipv6(&mut self) -> Result<(), ParseError> {
        // "Let numbersSeen be 0."
        let mut numbers_seen = 0;
        // "While c is not the EOF code point:"
        while self.c() != EOF {
            // "If numbersSeen is greater than 0, then: If c is a U+002E (.)
            // and numbersSeen is less than 4, then increase pointer by 1.
            // Otherwise, IPv4-in-IPv6-invalid-code-point validation error,
            // return failure."
            if numbers_seen > 0 {
                if self.c() == Some('.') && numbers_seen < 4 {
                    self.pointer += 1;
                } else {
                    return Err(ParseError::Ipv4InIpv6InvalidCodePoint);
                }
            }
            let ipv4_piece = self.ipv4_piece()?;
            // "Set address[pieceIndex] to address[pieceIndex] × 0x100 +
            // ipv4Piece." (the piece held at most one number before: no
            // wrap)
            if let Some(piece) = self.address.get_mut(self.piece_index) {
                *piece = piece.wrapping_mul(0x100).wrapping_add(ipv4_piece);
            }
            // "Increase numbersSeen by 1."
            numbers_seen += 1;
            // "If numbersSeen is 2 or 4, then increase pieceIndex by 1."
            if numbers_seen == 2 || numbers_seen == 4 {
                self.piece_index += 1;
            }
        }
        // "If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation
        // error, return failure."
        if numbers_seen != 4 {
            return Err(ParseError::Ipv4InIpv6TooFewParts);
        }
        Ok(())
    }

    /// The IPv4-in-IPv6 steps from "Let ipv4Piece be null." to the end of
    /// "While c is an ASCII digit": one decimal number.
    fn ipv4_piece(&mut self) -> Result<u16, ParseError> {
        // "Let ipv4Piece be null."
        let mut ipv4_piece: Option<u16> = None;
        // "If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point
        // validation error, return failure."
        if self.digit(10).is_none() {
            return Err(ParseError::Ipv4InIpv6InvalidCodePoint);
        }
        // "While c is an ASCII digit:"
        while let Some(number) = self.digit(10) {
            // "Let number be c interpreted as decimal number."
            let number = number as u16;
            ipv4_piece = match ipv4_piece {
                // "If ipv4Piece is null, then set ipv4Piece to number."
                None => Some(number),
                // "Otherwise, if ipv4Piece is 0,
                // IPv4-in-IPv6-invalid-code-point validation error, return
                // failure."
                Some(0) => return Err(ParseError::Ipv4InIpv6InvalidCodePoint),
                // "Otherwise, set ipv4Piece to ipv4Piece × 10 + number."
                Some(piece) => Some(piece * 10 + number),
            };
            // "If ipv4Piece is greater than 255,
            // IPv4-in-IPv6-out-of-range-part validation error, return
            // failure."
            if ipv4_piece > Some(255) {
                return Err(ParseError::Ipv4InIpv6OutOfRangePart);
            }
            // "Increase pointer by 1."
            self.pointer += 1;
        }
        Ok(ipv4_piece.unwrap_or(0))
    }
}

/// The IPv6 parser's steps after its loop: move the pieces after the
/// compression to the end, or fail if there was none and too few pieces.
fn compress_ipv6(
    mut address: [u16; 8],
    piece_index: usize,
    compress: Option<usize>,
) -> Result<[u16; 8], ParseError> {
    match compress {
        // "If compress is non-null, then:"
        Some(compress) => {
            // "Let swaps be pieceIndex − compress."
            let mut swaps = piece_index.saturating_sub(compress);
            // "Set pieceIndex to 7."
            let mut piece_index = 7;
            // "While pieceIndex is not 0 and swaps is greater than 0, swap
            // address[pieceIndex] with address[compress + swaps − 1], and
            // then decrease both pieceIndex and swaps by 1." (both indices
            // are below 8: compress + swaps is the old pieceIndex, at most 8)
            while piece_index != 0 && swaps > 0 {
                let other = compress + swaps - 1;
                if other < address.len() {
                    address.swap(piece_index, other);
                }
                piece_index -= 1;
                swaps -= 1;
            }
        }
        // "Otherwise, if compress is null and pieceIndex is not 8,
        // IPv6-too-few-pieces validation error, return failure."
        None if piece_index != 8 => return Err(ParseError::Ipv6TooFewPieces),
        None => {}
    }
    // "Return address."
    Ok(address)
}

/// `#concept-opaque-host-parser`. The empty string it returns for empty
/// input (a URL that is not special with nothing between `//` and the path)
/// is the empty host.
pub fn opaque_host_parser(input: &str) -> Result<Host, ParseError> {
    // "If input contains a forbidden host code point,
    // host-invalid-code-point validation error, return failure."
    if input.chars().any(is_forbidden_host_code_point) {
        return Err(ParseError::HostInvalidCodePoint);
    }
    // "Return the result of running UTF-8 percent-encode on input using the
    // C0 control percent-encode set."
    let host = utf8_percent_encode(input, PercentEncodeSet::C0Control);
    Ok(if host.is_empty() {
        Host::Empty
    } else {
        Host::Opaque(host)
    })
}

/// `#concept-host-serializer`.
pub fn host_serializer(host: &Host) -> String {
    match host {
        // "If host is an IPv4 address, return the result of running the
        // IPv4 serializer on host."
        Host::Ipv4(address) => ipv4_serializer(*address),
        // "Otherwise, if host is an IPv6 address, return U+005B ([),
        // followed by the result of running the IPv6 serializer on host,
        // followed by U+005D (])."
        Host::Ipv6(address) => format!("[{}]", ipv6_serializer(address)),
        // "Otherwise, host is a domain, opaque host, or empty host, return
        // host."
        Host::Domain(host) | Host::Opaque(host) => host.clone(),
        Host::Empty => String::new(),
    }
}

/// `#concept-ipv4-serializer`.
pub fn ipv4_serializer(address: u32) -> String {
    // "Let output be the empty string." "Let n be the value of address."
    let (mut output, mut n) = (String::new(), address);
    // "For each i in the range 1 to 4, inclusive:"
    for i in 1..=4 {
        // "Prepend n % 256, serialized, to output."
        output.insert_str(0, &(n % 256).to_string());
        // "If i is not 4, then prepend U+002E (.) to output."
        if i != 4 {
            output.insert(0, '.');
        }
        // "Set n to floor(n / 256)."
        n /= 256;
    }
    // "Return output."
    output
}

/// `#concept-ipv6-serializer`.
pub fn ipv6_serializer(address: &[u16; 8]) -> String {
    // "Let output be the empty string."
    let mut output = String::new();
    // "Let compress be the result of finding the IPv6 address compressed
    // piece index given address."
    let compress = find_the_ipv6_address_compressed_piece_index(address);
    // "Let ignore0 be false."
    let mut ignore0 = false;
    // "For each pieceIndex of address's pieces's indices:"
    for (piece_index, &piece) in address.iter().enumerate() {
        // "If ignore0 is true and address[pieceIndex] is 0, then continue."
        // "Otherwise, if ignore0 is true, set ignore0 to false."
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        // "If compress is pieceIndex, then: Let separator be "::" if
        // pieceIndex is 0; otherwise U+003A (:). Append separator to output.
        // Set ignore0 to true and continue."
        if compress == Some(piece_index) {
            output.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // "Append address[pieceIndex], represented as the shortest possible
        // lowercase hexadecimal number, to output."
        output.push_str(&format!("{piece:x}"));
        // "If pieceIndex is not 7, then append U+003A (:) to output."
        if piece_index != 7 {
            output.push(':');
        }
    }
    // "Return output."
    output
}

/// `#find-the-ipv6-address-compressed-piece-index`: the first of the
/// longest runs of two or more 0 pieces.
pub fn find_the_ipv6_address_compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    // "Let longestIndex be null." "Let longestSize be 1." "Let foundIndex be
    // null." "Let foundSize be 0."
    let (mut longest_index, mut longest_size) = (None, 1);
    let (mut found_index, mut found_size) = (None, 0);
    // "For each pieceIndex of address's pieces's indices:"
    for (piece_index, &piece) in address.iter().enumerate() {
        // "If address's pieces[pieceIndex] is not 0:"
        if piece != 0 {
            // "If foundSize is greater than longestSize, then set
            // longestIndex to foundIndex and longestSize to foundSize."
            if found_size > longest_size {
                (longest_index, longest_size) = (found_index, found_size);
            }
            // "Set foundIndex to null." "Set foundSize to 0."
            (found_index, found_size) = (None, 0);
        } else {
            // "If foundIndex is null, then set foundIndex to pieceIndex."
            found_index = found_index.or(Some(piece_index));
            // "Increment foundSize by 1."
            found_size += 1;
        }
    }
    // "If foundSize is greater than longestSize, then return foundIndex."
    // "Return longestIndex."
    if found_size > longest_size {
        found_index
    } else {
        longest_index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses and serializes `input` as the host parser and host serializer
    /// do, or names the failure.
    fn round_trip(input: &str, is_opaque: bool) -> Result<String, ParseError> {
        host_parser(input, is_opaque).map(|host| host_serializer(&host))
    }

    /// `#example-host-parsing`: each input with `isOpaque` false, then true.
    #[test]
    fn standard_example_table() {
        let ok = |s: &str| Ok(s.to_owned());
        let examples = [
            ("EXAMPLE.COM", ok("example.com"), ok("EXAMPLE.COM")),
            ("example%2Ecom", ok("example.com"), ok("example%2Ecom")),
            (
                "faß.example",
                ok("xn--fa-hia.example"),
                ok("fa%C3%9F.example"),
            ),
            ("0", ok("0.0.0.0"), ok("0")),
            ("%30", ok("0.0.0.0"), ok("%30")),
            ("0x", ok("0.0.0.0"), ok("0x")),
            ("0xffffffff", ok("255.255.255.255"), ok("0xffffffff")),
            ("[0:0::1]", ok("[::1]"), ok("[::1]")),
            (
                "[0:0::1%5D",
                Err(ParseError::Ipv6Unclosed),
                Err(ParseError::Ipv6Unclosed),
            ),
            (
                "[0:0::%31]",
                Err(ParseError::Ipv6InvalidCodePoint),
                Err(ParseError::Ipv6InvalidCodePoint),
            ),
            ("09", Err(ParseError::Ipv4NonNumericPart), ok("09")),
            (
                "example.255",
                Err(ParseError::Ipv4NonNumericPart),
                ok("example.255"),
            ),
            (
                "example^example",
                Err(ParseError::DomainForbiddenCodePoint),
                Err(ParseError::HostInvalidCodePoint),
            ),
        ];
        for (input, domain, opaque) in examples {
            assert_eq!(
                round_trip(input, false),
                domain,
                "{input:?}, isOpaque false"
            );
            assert_eq!(round_trip(input, true), opaque, "{input:?}, isOpaque true");
        }
    }

    #[test]
    fn ipv4_number_forms() {
        for (input, want) in [
            ("127.0.0.1", "127.0.0.1"),
            ("0x7f.1", "127.0.0.1"),
            ("0177.0.0.1", "127.0.0.1"),
            ("0X7F.00.0x0.01", "127.0.0.1"),
            ("2130706433", "127.0.0.1"),
            ("1.2.3", "1.2.0.3"),
            ("1.2.3.", "1.2.0.3"),
            ("1.65535", "1.0.255.255"),
            ("4294967295", "255.255.255.255"),
            ("0x.0X.0", "0.0.0.0"),
            ("00", "0.0.0.0"),
        ] {
            let host = host_parser(input, false);
            assert!(matches!(host, Ok(Host::Ipv4(_))), "{input:?}: {host:?}");
            assert_eq!(round_trip(input, false).unwrap(), want, "{input:?}");
        }
    }

    #[test]
    fn ipv4_overflow_rules() {
        for (input, want) in [
            ("1.2.3.4.5", ParseError::Ipv4TooManyParts),
            ("1.2.3.4.5.", ParseError::Ipv4TooManyParts),
            ("256.0.0.1", ParseError::Ipv4OutOfRangePart),
            ("1.2.3.256", ParseError::Ipv4OutOfRangePart),
            ("1.2.65536", ParseError::Ipv4OutOfRangePart),
            ("4294967296", ParseError::Ipv4OutOfRangePart),
            ("0x100000000", ParseError::Ipv4OutOfRangePart),
            // Past 64 bits: too large, not wrapped to a small number.
            ("1.99999999999999999999", ParseError::Ipv4OutOfRangePart),
            ("18446744073709551617", ParseError::Ipv4OutOfRangePart),
            ("08", ParseError::Ipv4NonNumericPart),
            ("0x1g.1", ParseError::Ipv4NonNumericPart),
            ("foo.1", ParseError::Ipv4NonNumericPart),
            ("foo.0x", ParseError::Ipv4NonNumericPart),
            ("1..1", ParseError::Ipv4NonNumericPart),
        ] {
            assert_eq!(host_parser(input, false), Err(want), "{input:?}");
        }
    }

    #[test]
    fn ends_in_a_number() {
        for input in ["1", "a.1", "a.1.", "a.0x", "a.0XfF", "a.09", "0x"] {
            assert!(ends_in_a_number_checker(input), "{input:?}");
        }
        for input in ["a", "a.b", "1.a", "a.0xg", "a.1a", ".", "a.."] {
            assert!(!ends_in_a_number_checker(input), "{input:?}");
        }
        assert_eq!(ipv4_number_parser("0x"), Some((0, true)));
        assert_eq!(ipv4_number_parser("0"), Some((0, false)));
        assert_eq!(ipv4_number_parser("010"), Some((8, true)));
        assert_eq!(ipv4_number_parser("0x10"), Some((16, true)));
        assert_eq!(ipv4_number_parser("10"), Some((10, false)));
        assert_eq!(ipv4_number_parser(""), None);
    }

    #[test]
    fn ipv6_compression() {
        for (input, want) in [
            ("0:f:0:0:f:f:0:0", "0:f::f:f:0:0"),
            ("0:0:0:0:0:0:0:0", "::"),
            ("1:0:0:0:0:0:0:0", "1::"),
            ("0:0:0:0:0:0:0:1", "::1"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("1:0:0:2:3:0:0:4", "1::2:3:0:0:4"),
            ("1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"),
            ("1::", "1::"),
            ("::ffff:192.168.0.1", "::ffff:c0a8:1"),
            ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"),
            ("ABCD:EF01::0001", "abcd:ef01::1"),
            ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
            ("::1:2:3:4:5:6:7", "0:1:2:3:4:5:6:7"),
        ] {
            let address = ipv6_parser(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(ipv6_serializer(&address), want, "{input:?}");
        }
        let address = [0, 0xf, 0, 0, 0xf, 0xf, 0, 0];
        assert_eq!(
            find_the_ipv6_address_compressed_piece_index(&address),
            Some(2)
        );
        assert_eq!(
            find_the_ipv6_address_compressed_piece_index(&[1, 0, 1, 0, 1, 0, 1, 0]),
            None
        );
    }

    /// The examples of the IPv6 validation errors that are failures.
    #[test]
    fn ipv6_failures() {
        use ParseError::*;
        for (input, want) in [
            (":1", Ipv6InvalidCompression),
            ("1:2:3:4:5:6:7:8:9", Ipv6TooManyPieces),
            ("1::2::3", Ipv6MultipleCompression),
            ("1:2:3!:4", Ipv6InvalidCodePoint),
            ("1:2:3:", Ipv6InvalidCodePoint),
            ("12345::", Ipv6InvalidCodePoint),
            ("1:2:3", Ipv6TooFewPieces),
            ("", Ipv6TooFewPieces),
            ("1:2:3:4:5:6:7:1.2.3.4", Ipv4InIpv6TooManyPieces),
            ("ffff::.0.0.1", Ipv4InIpv6InvalidCodePoint),
            ("ffff::127.0.xyz.1", Ipv4InIpv6InvalidCodePoint),
            ("ffff::127.0xyz", Ipv4InIpv6InvalidCodePoint),
            ("ffff::127.00.0.1", Ipv4InIpv6InvalidCodePoint),
            ("ffff::127.0.0.1.2", Ipv4InIpv6InvalidCodePoint),
            ("ffff::127.0.0.256", Ipv4InIpv6OutOfRangePart),
            ("ffff::127.0.0", Ipv4InIpv6TooFewParts),
        ] {
            assert_eq!(ipv6_parser(input), Err(want), "{input:?}");
        }
    }

    #[test]
    fn opaque_hosts() {
        for (input, want) in [
            ("EXAMPLE.COM", Ok(Host::Opaque("EXAMPLE.COM".to_owned()))),
            ("a%zz", Ok(Host::Opaque("a%zz".to_owned()))),
            ("a\u{7F}é", Ok(Host::Opaque("a%7F%C3%A9".to_owned()))),
            (
                "!$&'()*+,-.;=_`{}~",
                Ok(Host::Opaque("!$&'()*+,-.;=_`{}~".to_owned())),
            ),
            ("", Ok(Host::Empty)),
            ("exa[mple", Err(ParseError::HostInvalidCodePoint)),
            ("a b", Err(ParseError::HostInvalidCodePoint)),
            ("a|b", Err(ParseError::HostInvalidCodePoint)),
        ] {
            assert_eq!(opaque_host_parser(input), want, "{input:?}");
        }
        // A bracketed opaque host is an IPv6 address.
        assert_eq!(
            host_parser("[::1]", true),
            Ok(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1]))
        );
    }
}
