//! Section "Percent-encoded bytes" (`#percent-encoded-bytes`): percent-encode
//! and percent-decode, the percent-encode sets the URL parser uses, and UTF-8
//! percent-encode.
//!
//! Only UTF-8 is an encoding here: the basic URL parser's `encoding`
//! argument is "a legacy concept only relevant for HTML", so "percent-encode
//! after encoding" is written for UTF-8 alone, where encoding never fails
//! and its `potentialError` branch cannot be taken.

/// `#percent-encode-set`: "A percent-encode set is a set of code points."
/// Each set is defined, as in the standard, as an earlier set and a few
/// more code points ([`PercentEncodeSet::contains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PercentEncodeSet {
    /// `#c0-control-percent-encode-set`: "C0 controls and all code points
    /// greater than U+007E (~)".
    C0Control,
    /// `#fragment-percent-encode-set`: the C0 control set and space, `"`,
    /// `<`, `>` and `` ` ``.
    Fragment,
    /// `#query-percent-encode-set`: the C0 control set and space, `"`, `#`,
    /// `<` and `>`.
    Query,
    /// `#special-query-percent-encode-set`: the query set and `'`.
    SpecialQuery,
    /// `#path-percent-encode-set`: the query set and `?`, `^`, `` ` ``, `{`
    /// and `}`.
    Path,
    /// `#userinfo-percent-encode-set`: the path set and `/`, `:`, `;`, `=`,
    /// `@`, `[` to `]` and `|`.
    Userinfo,
    /// `#component-percent-encode-set`: the userinfo set and `$` to `&`,
    /// `+` and `,`.
    Component,
}

impl PercentEncodeSet {
    /// Whether `c` is in the set, by the set's definition in the standard.
    pub fn contains(self, c: char) -> bool {
        use PercentEncodeSet::*;
        match self {
            // "consisting of C0 controls and all code points greater than
            // U+007E (~)."
            C0Control => is_c0_control(c) || c > '~',
            // "consisting of the C0 control percent-encode set and U+0020
            // SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
            Fragment => C0Control.contains(c) || matches!(c, ' ' | '"' | '<' | '>' | '`'),
            // "consisting of the C0 control percent-encode set and U+0020
            // SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)."
            Query => C0Control.contains(c) || matches!(c, ' ' | '"' | '#' | '<' | '>'),
            // "consisting of the query percent-encode set and U+0027 (')."
            SpecialQuery => Query.contains(c) || c == '\'',
            // "consisting of the query percent-encode set and U+003F (?),
            // U+005E (^), U+0060 (`), U+007B ({), and U+007D (})."
            Path => Query.contains(c) || matches!(c, '?' | '^' | '`' | '{' | '}'),
            // "consisting of the path percent-encode set and U+002F (/),
            // U+003A (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to
            // U+005D (]), inclusive, and U+007C (|)."
            Userinfo => {
                Path.contains(c) || matches!(c, '/' | ':' | ';' | '=' | '@' | '['..=']' | '|')
            }
            // "consisting of the userinfo percent-encode set and U+0024 ($)
            // to U+0026 (&), inclusive, U+002B (+), and U+002C (,)."
            Component => Userinfo.contains(c) || matches!(c, '$'..='&' | '+' | ','),
        }
    }
}

/// Infra's C0 control: "a code point in the range U+0000 NULL to U+001F
/// INFORMATION SEPARATOR ONE, inclusive."
pub(super) fn is_c0_control(c: char) -> bool {
    c <= '\u{1F}'
}

/// `#percent-encode`: "return a string consisting of U+0025 (%), followed
/// by two ASCII upper hex digits representing byte."
pub fn percent_encode(byte: u8, output: &mut String) {
    const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
    output.push('%');
    output.push(char::from(UPPER_HEX[usize::from(byte >> 4)]));
    output.push(char::from(UPPER_HEX[usize::from(byte & 0xF)]));
}

/// `#percent-decode` (of a byte sequence).
pub fn percent_decode(input: &[u8]) -> Vec<u8> {
    // "Let output be an empty byte sequence."
    let mut output = Vec::with_capacity(input.len());
    let mut rest = input;
    // "For each byte byte in input:"
    while let Some((&byte, after)) = rest.split_first() {
        rest = after;
        match (byte, after) {
            // "Otherwise: Let bytePoint be the two bytes after byte in
            // input, decoded, and then interpreted as a hexadecimal number.
            // Append a byte whose value is bytePoint to output. Skip the next
            // two bytes in input."
            (b'%', [high, low, tail @ ..])
                if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() =>
            {
                output.push(hex_value(*high) << 4 | hex_value(*low));
                rest = tail;
            }
            // "If byte is not 0x25 (%), then append byte to output."
            // "Otherwise, if byte is 0x25 (%) and the next two bytes after
            // byte in input are not in the ranges [...], append byte to
            // output."
            _ => output.push(byte),
        }
    }
    // "Return output."
    output
}

/// The value of an ASCII hex digit; 0 for any other byte, which callers
/// have excluded.
fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        b'A'..=b'F' => digit - b'A' + 10,
        _ => 0,
    }
}

/// `#string-percent-decode`: "Let bytes be the UTF-8 encoding of input.
/// Return the percent-decoding of bytes."
pub fn string_percent_decode(input: &str) -> Vec<u8> {
    percent_decode(input.as_bytes())
}

/// `#string-utf-8-percent-encode`: "return the result of running
/// percent-encode after encoding with UTF-8, input, and percentEncodeSet."
pub fn utf8_percent_encode(input: &str, percent_encode_set: PercentEncodeSet) -> String {
    let mut output = String::with_capacity(input.len());
    percent_encode_after_encoding(input, percent_encode_set, &mut output);
    output
}

/// `#utf-8-percent-encode` (of a code point), appending to `output`: "return
/// the result of running percent-encode after encoding with UTF-8,
/// scalarValue as a string, and percentEncodeSet."
pub fn utf8_percent_encode_code_point(
    scalar_value: char,
    percent_encode_set: PercentEncodeSet,
    output: &mut String,
) {
    let mut utf8 = [0; 4];
    percent_encode_after_encoding(
        scalar_value.encode_utf8(&mut utf8),
        percent_encode_set,
        output,
    );
}

/// `#string-percent-encode-after-encoding` with UTF-8 as the encoding,
/// appending to `output`. The application/x-www-form-urlencoded set, the
/// only one with `spaceAsPlus`, is not among [`PercentEncodeSet`]s, so
/// "spaceAsPlus" is always false here.
fn percent_encode_after_encoding(
    input: &str,
    percent_encode_set: PercentEncodeSet,
    output: &mut String,
) {
    // "For each byte of encodeOutput converted to a byte sequence:" (the
    // UTF-8 encoder never returns an error, so one run encodes all input)
    for &byte in input.as_bytes() {
        // "Let isomorph be a code point whose value is byte's value."
        let isomorph = char::from(byte);
        // "If isomorph is not in percentEncodeSet, then append isomorph to
        // output."
        if !percent_encode_set.contains(isomorph) {
            output.push(isomorph);
        } else {
            // "Otherwise, percent-encode byte and append the result to
            // output."
            percent_encode(byte, output);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PercentEncodeSet::*;
    use super::*;

    /// Every ASCII code point each set holds, as a string in code point
    /// order, beyond the C0 controls and U+007F that all of them hold.
    fn printable_members(set: PercentEncodeSet) -> String {
        (' '..='~').filter(|&c| set.contains(c)).collect()
    }

    #[test]
    fn sets_hold_what_the_standard_lists() {
        assert_eq!(printable_members(C0Control), "");
        assert_eq!(printable_members(Fragment), " \"<>`");
        assert_eq!(printable_members(Query), " \"#<>");
        assert_eq!(printable_members(SpecialQuery), " \"#'<>");
        assert_eq!(printable_members(Path), " \"#<>?^`{}");
        assert_eq!(printable_members(Userinfo), " \"#/:;<=>?@[\\]^`{|}");
        assert_eq!(printable_members(Component), " \"#$%&+,/:;<=>?@[\\]^`{|}");
        for set in [
            C0Control,
            Fragment,
            Query,
            SpecialQuery,
            Path,
            Userinfo,
            Component,
        ] {
            for c in ['\0', '\u{1F}', '\u{7F}', '\u{80}', 'é', '\u{10FFFF}'] {
                assert!(set.contains(c), "{set:?} must hold {c:?}");
            }
            for c in ['a', 'Z', '0', '-', '.', '_', '~', '!', '*', '(', ')'] {
                assert!(!set.contains(c), "{set:?} must not hold {c:?}");
            }
        }
    }

    /// The examples of `#example-percent-encode-operations` that use UTF-8.
    #[test]
    fn standard_examples() {
        let mut byte = String::new();
        percent_encode(0x23, &mut byte);
        percent_encode(0x7F, &mut byte);
        assert_eq!(byte, "%23%7F");
        assert_eq!(percent_decode(b"%25%s%1G"), b"%%s%1G");
        assert_eq!(
            string_percent_decode("‽%25%2E"),
            [0xE2, 0x80, 0xBD, 0x25, 0x2E]
        );
        let mut code_point = String::new();
        utf8_percent_encode_code_point('≡', Userinfo, &mut code_point);
        utf8_percent_encode_code_point('‽', Userinfo, &mut code_point);
        assert_eq!(code_point, "%E2%89%A1%E2%80%BD");
        assert_eq!(
            utf8_percent_encode("Say what‽", Userinfo),
            "Say%20what%E2%80%BD"
        );
    }

    #[test]
    fn component_set_leaves_percent_encoding_round_trippable() {
        assert_eq!(utf8_percent_encode("100% a+b", Component), "100%25%20a%2Bb");
        assert_eq!(utf8_percent_encode("100%", Path), "100%");
        assert_eq!(percent_decode(b"%"), b"%");
        assert_eq!(percent_decode(b"%4"), b"%4");
        assert_eq!(percent_decode(b"%41%4a%4A"), b"AJJ");
    }
}
