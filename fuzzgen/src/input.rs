//! The fuzz input: a base URL and an embedded URL, each decoded from bytes as
//! a sequence of URL-shaped tokens.
//!
//! # Byte format
//!
//! Each byte is one token, `byte % 32` indexing [`TOKENS`]; the table holds
//! the pieces resolution turns on (`/`, `.`, `..`, `;`, `?`, `#`, `//`, `:`,
//! schemes with digits, `+`, `-`, `.` and upper case, short names). Two
//! indices are not text:
//!
//! - [`END`] ends the base URL; what follows is the embedded URL, which ends
//!   at the next `END` or with the data. Bytes after that are ignored.
//! - [`CHAR`] takes the next byte as a character: an ASCII byte as itself,
//!   a UTF-8 lead byte with the continuation bytes after it as that
//!   character, anything else as U+FFFD.
//!
//! So libFuzzer's one-byte mutations swap one token for another, every byte
//! string decodes, and every pair of strings has an encoding
//! ([`Input::to_bytes`]), which is how the vectors become seeds.

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};

/// The text of each token index; `END` and `CHAR` have none.
pub const TOKENS: [&str; 32] = [
    "a", "/", ".", "..", ";", "?", "#", "//", ":", "b", "g", "./", "../", "...", "http:", "HTTP:",
    "foo:", "9p:", "a+b-c.d:", "+", "-", "9", "A", "_", "%2E", "x", "//a", "/./", "/../", "@", "",
    "",
];

/// The token index that ends the base URL.
pub const END: u8 = 31;

/// The token index whose next byte is a character.
pub const CHAR: u8 = 30;

/// A base URL and an embedded URL to resolve against it.
///
/// Its `Debug` output is a reproducer to paste into Rust:
/// `resolve("http://a/b", "../g")` with `{:?}`, a whole `#[test]` with `{:#?}`.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Input {
    pub base: String,
    pub relative: String,
}

impl Input {
    pub fn new(base: impl Into<String>, relative: impl Into<String>) -> Input {
        Input {
            base: base.into(),
            relative: relative.into(),
        }
    }

    /// Decodes a fuzz input: what a cargo-fuzz target of this crate was given
    /// for these bytes, so a crash artifact reads back into the pair that
    /// failed. Every byte string decodes.
    pub fn from_bytes(bytes: &[u8]) -> Input {
        let mut bytes = bytes.iter().copied();
        let base = decode_url(&mut bytes);
        let relative = decode_url(&mut bytes);
        Input { base, relative }
    }

    /// Encodes the pair so that [`Input::from_bytes`] gives it back, using
    /// the longest token at each point and `CHAR` for anything else.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.base.len() + self.relative.len() + 1);
        encode_url(&self.base, &mut out);
        out.push(END);
        encode_url(&self.relative, &mut out);
        out
    }
}

fn decode_url(bytes: &mut impl Iterator<Item = u8>) -> String {
    let mut url = String::new();
    while let Some(byte) = bytes.next() {
        match byte % 32 {
            END => break,
            CHAR => {
                if let Some(c) = decode_char(bytes) {
                    url.push(c);
                }
            }
            token => url.push_str(TOKENS[usize::from(token)]),
        }
    }
    url
}

/// One character after `CHAR`; `None` at the end of the data.
fn decode_char(bytes: &mut impl Iterator<Item = u8>) -> Option<char> {
    let lead = bytes.next()?;
    let len = match lead {
        0x00..=0x7f => return Some(char::from(lead)),
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Some(char::REPLACEMENT_CHARACTER),
    };
    let mut buf = [lead, 0, 0, 0];
    for slot in &mut buf[1..len] {
        *slot = bytes.next()?;
    }
    Some(
        std::str::from_utf8(&buf[..len])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or(char::REPLACEMENT_CHARACTER),
    )
}

fn encode_url(url: &str, out: &mut Vec<u8>) {
    let mut rest = url;
    while let Some(c) = rest.chars().next() {
        let token = (0..CHAR)
            .filter(|&i| rest.starts_with(TOKENS[usize::from(i)]))
            .max_by_key(|&i| TOKENS[usize::from(i)].len());
        match token {
            Some(i) => {
                out.push(i);
                rest = &rest[TOKENS[usize::from(i)].len()..];
            }
            None => {
                out.push(CHAR);
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                rest = &rest[c.len_utf8()..];
            }
        }
    }
}

impl<'a> Arbitrary<'a> for Input {
    /// Reads the base and the embedded URL as the byte format says, each
    /// ending at an `END` token.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let base = decode_unstructured(u);
        let relative = decode_unstructured(u);
        Ok(Input { base, relative })
    }

    /// What a cargo-fuzz target calls: [`Input::from_bytes`] of the data.
    fn arbitrary_take_rest(u: Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Input::from_bytes(u.take_rest()))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (0, None)
    }
}

fn decode_unstructured(u: &mut Unstructured<'_>) -> String {
    let mut bytes = std::iter::from_fn(|| {
        if u.is_empty() {
            None
        } else {
            u8::arbitrary(u).ok()
        }
    });
    decode_url(&mut bytes)
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (base, relative) = (&self.base, &self.relative);
        if f.alternate() {
            write!(
                f,
                "#[test]\n\
                 fn fuzz_finding() {{\n    \
                 let input = rfc1808_fuzzgen::Input::new({base:?}, {relative:?});\n    \
                 rfc1808_fuzzgen::properties::check_all(&input).unwrap();\n\
                 }}"
            )
        } else {
            write!(f, "resolve({base:?}, {relative:?})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_decode_token_by_token() {
        let bytes = [14, 7, 0, 1, 9, END, 12, 10, 4, CHAR, b'x'];
        assert_eq!(
            Input::from_bytes(&bytes),
            Input::new("http://a/b", "../g;x")
        );
        // Indices wrap: 32 + 1 is `/`.
        assert_eq!(Input::from_bytes(&[33, END, 35]), Input::new("/", ".."));
    }

    #[test]
    fn char_token_decodes_utf8_and_replaces_what_is_not() {
        assert_eq!(Input::from_bytes(&[CHAR, 0xc3, 0xa9]).base, "é");
        assert_eq!(Input::from_bytes(&[CHAR, 0xff]).base, "\u{fffd}");
        assert_eq!(Input::from_bytes(&[CHAR, 0xc3, 0x41]).base, "\u{fffd}");
        // Cut off at the end of the data: nothing.
        assert_eq!(Input::from_bytes(&[0, CHAR, 0xe2, 0x82]).base, "a");
        assert_eq!(Input::from_bytes(&[0, CHAR]).base, "a");
    }

    #[test]
    fn bytes_after_the_second_end_are_ignored() {
        assert_eq!(
            Input::from_bytes(&[0, END, 9, END, 10]),
            Input::new("a", "b")
        );
        assert_eq!(Input::from_bytes(&[]), Input::new("", ""));
    }

    #[test]
    fn encoding_round_trips_any_pair() {
        for (base, relative) in [
            ("http://a/b/c/d;p?q#f", "../g?y#s"),
            ("", ""),
            ("\t\u{fffd}é€😀", "%2e%2E ./x"),
            ("HTTP:/./../", "a+b-c.d:9p:"),
        ] {
            let input = Input::new(base, relative);
            assert_eq!(Input::from_bytes(&input.to_bytes()), input);
        }
    }

    #[test]
    fn encoding_uses_the_longest_token() {
        assert_eq!(Input::new("//a", "../").to_bytes(), [26, END, 12]);
    }

    #[test]
    fn arbitrary_reads_the_same_format() {
        let bytes = [14, 7, 0, END, 12, 10, END, 99];
        let mut u = Unstructured::new(&bytes);
        assert_eq!(
            Input::arbitrary(&mut u).unwrap(),
            Input::new("http://a", "../g")
        );
        let u = Unstructured::new(&bytes);
        assert_eq!(
            Input::arbitrary_take_rest(u).unwrap(),
            Input::from_bytes(&bytes)
        );
    }

    #[test]
    fn debug_is_a_reproducer() {
        let input = Input::new("http://a/b", "..\t/\"g\"");
        assert_eq!(
            format!("{input:?}"),
            r#"resolve("http://a/b", "..\t/\"g\"")"#
        );
        assert_eq!(
            format!("{input:#?}"),
            "#[test]\nfn fuzz_finding() {\n    \
             let input = rfc1808_fuzzgen::Input::new(\"http://a/b\", \"..\\t/\\\"g\\\"\");\n    \
             rfc1808_fuzzgen::properties::check_all(&input).unwrap();\n}"
        );
    }
}
