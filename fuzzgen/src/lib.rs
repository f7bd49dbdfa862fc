//! URL-shaped inputs for fuzzing RFC 1808 resolution, and the properties
//! checked on them, shared by the cargo-fuzz targets in `fuzz/`, the
//! property tests in `resolver/tests/` and any stable fuzzer.
//!
//! - [`Input`] is a (base, relative) pair decoded from bytes as URL-shaped
//!   tokens ([`Input::from_bytes`], also its `arbitrary` implementation), so
//!   a fuzz artifact reads back into the pair that failed, and any pair
//!   encodes into bytes ([`Input::to_bytes`]).
//! - [`properties`] holds one function per fuzz target (and [`later_rfcs`]
//!   those of the RFC 3986 and RFC 2396 references); a property test or a
//!   replay of saved inputs calls the same functions.
//! - [`external`] compares an external implementation with the reference.
//! - [`seeds`] turns the vectors into fuzz inputs.
//!
//! ```
//! use rfc1808_fuzzgen::{properties, Input};
//!
//! let input = Input::from_bytes(&[14, 7, 0, 1, 9, rfc1808_fuzzgen::END, 12, 10]);
//! assert_eq!(format!("{input:?}"), r#"resolve("http://a/b", "../g")"#);
//! properties::check_all(&input).unwrap();
//! ```

pub mod external;
mod input;
pub mod later_rfcs;
pub mod properties;
mod violation;

pub use input::{Input, CHAR, END, TOKENS};

use rfc1808_vectors::Corpus;

/// A fuzz input for every vector, named after its id (`/` becomes `_`, so
/// the name is a file name): each resolve vector's pair; each parse
/// vector's input as a base with the empty reference, and as a reference
/// against the section 5 base.
pub fn seeds(corpus: &Corpus) -> Vec<(String, Input)> {
    const SECTION_5_BASE: &str = "http://a/b/c/d;p?q#f";
    let name = |id: &str, suffix: &str| format!("{}{suffix}", id.replace('/', "_"));
    let mut seeds = Vec::new();
    // An absolute parse (no base) is no pair to seed with.
    for v in &corpus.resolve {
        if let Some(base) = &v.base {
            seeds.push((name(&v.id, ""), Input::new(base, &*v.relative)));
        }
    }
    for v in &corpus.parse {
        seeds.push((name(&v.id, ".base"), Input::new(&*v.input, "")));
        seeds.push((
            name(&v.id, ".relative"),
            Input::new(SECTION_5_BASE, &*v.input),
        ));
    }
    seeds
}

/// URL pieces longer than one token that resolution turns on, for the
/// libFuzzer dictionary: the section 5 base, dot segments in the places
/// Step 6 treats differently, empty segments and net_locs, the spec holes.
pub const DICTIONARY_PIECES: &[&str] = &[
    "http://a/b/c/d;p?q#f",
    "g;x?y#s",
    "//a/",
    "///",
    "////g",
    "../../",
    "/../..",
    "/./",
    "a/..",
    "a//../",
    "..//g",
    "./x:y",
    "foo:/",
    "HTTP://A/",
    ";?#",
    "//?",
    "#?;//:",
];

/// The libFuzzer dictionary (`fuzz/dict/url.dict`): each of
/// [`DICTIONARY_PIECES`] in the token encoding the targets read, with the
/// text it stands for in a comment above it.
pub fn dictionary() -> String {
    let mut dict = String::from(
        "# libFuzzer dictionary for the fuzz targets of fuzz/: URL pieces in the\n\
         # token encoding of rfc1808_fuzzgen::Input, made by\n\
         # `cargo run -p rfc1808-fuzzgen --example gen-corpus -- --dict fuzz/dict/url.dict`.\n",
    );
    for (i, piece) in DICTIONARY_PIECES.iter().enumerate() {
        let bytes = Input::new(*piece, "").to_bytes();
        let token_bytes = &bytes[..bytes.len() - 1];
        let escaped: String = token_bytes.iter().map(|b| format!("\\x{b:02x}")).collect();
        dict.push_str(&format!("# {piece}\npiece{i}=\"{escaped}\"\n"));
    }
    dict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_gives_seeds_named_for_it() {
        let corpus = rfc1808_vectors::embedded();
        let seeds = seeds(&corpus);
        assert_eq!(seeds.len(), corpus.resolve.len() + 2 * corpus.parse.len());
        let (name, input) = &seeds[1];
        assert_eq!(name, "rfc1808-5.1_g");
        assert_eq!(*input, Input::new("http://a/b/c/d;p?q#f", "g"));
        assert!(seeds
            .iter()
            .any(|(name, input)| name == "parse_empty.base" && *input == Input::new("", "")));
    }

    #[test]
    fn dictionary_entries_decode_to_their_pieces() {
        let dict = dictionary();
        assert!(dict.contains("# //a/\npiece2=\"\\x1a\\x01\"\n"), "{dict}");
        let entries: Vec<&str> = dict.lines().filter(|l| l.starts_with("piece")).collect();
        assert_eq!(entries.len(), DICTIONARY_PIECES.len());
        for (entry, piece) in entries.iter().zip(DICTIONARY_PIECES) {
            let (_, quoted) = entry.split_once('=').unwrap();
            let bytes: Vec<u8> = quoted
                .trim_matches('"')
                .split("\\x")
                .skip(1)
                .map(|hex| u8::from_str_radix(hex, 16).unwrap())
                .collect();
            assert_eq!(Input::from_bytes(&bytes).base, *piece);
        }
    }

    #[test]
    fn committed_dictionary_is_up_to_date() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/dict/url.dict");
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == dictionary(),
            "fuzz/dict/url.dict is out of date: run \
             `cargo run -p rfc1808-fuzzgen --example gen-corpus -- --dict fuzz/dict/url.dict`"
        );
    }
}
