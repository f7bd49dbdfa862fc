//! The cases `rfc1808 fuzz` tries: URL-shaped pairs decoded by the fuzz
//! input format of `rfc1808-fuzzgen` from the bytes of a seeded generator,
//! mixed with mutations of the vectors.

use arbitrary::{Arbitrary, Unstructured};
use rfc1808_fuzzgen::{Input, CHAR, END, TOKENS};

/// SplitMix64: small, fast, and the same sequence for the same seed on
/// every platform, which is all a reproducible run needs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        // The modulo bias is far below anything a fuzzer could notice.
        (self.next_u64() % n as u64) as usize
    }
}

/// Makes cases from a seed and the vectors' pairs.
#[derive(Clone, Debug)]
pub struct Generator {
    rng: Rng,
    seeds: Vec<Input>,
}

/// The longest run of token bytes for one URL.
const MAX_TOKENS: usize = 12;

impl Generator {
    pub fn new(seed: u64, seeds: Vec<Input>) -> Generator {
        Generator {
            rng: Rng::new(seed),
            seeds,
        }
    }

    /// The next case. Three in ten are pairs of random tokens, three keep a
    /// vector's base with a random relative URL (most implementations only
    /// take absolute bases seriously), four mutate a vector's pair.
    pub fn next_input(&mut self) -> Input {
        let roll = self.rng.below(10);
        if self.seeds.is_empty() || roll < 3 {
            let base = self.token_bytes();
            let relative = self.token_bytes();
            return decode(&base, &relative);
        }
        let seed = self.seeds[self.rng.below(self.seeds.len())].clone();
        if roll < 6 {
            let relative = self.token_bytes();
            return Input {
                base: seed.base,
                relative: decode(&[], &relative).relative,
            };
        }
        self.mutate(seed)
    }

    /// Bytes of the fuzz input format for one URL, without an `END`.
    fn token_bytes(&mut self) -> Vec<u8> {
        let n = self.rng.below(MAX_TOKENS + 1);
        (0..n)
            .map(|_| loop {
                let byte = self.rng.next_u64() as u8;
                if byte % 32 != END {
                    break byte;
                }
            })
            .collect()
    }

    /// The text of a random token, or a random character.
    fn token(&mut self) -> String {
        let i = self.rng.below(TOKENS.len());
        if i == usize::from(CHAR) || i == usize::from(END) {
            // Printable ASCII and a few controls and non-ASCII characters.
            const ODD: [char; 6] = ['\t', '\n', ' ', '\\', '\u{e9}', '\u{7f}'];
            let r = self.rng.below(95 + ODD.len());
            return match r.checked_sub(95) {
                Some(odd) => ODD[odd].to_string(),
                None => char::from(b' ' + r as u8).to_string(),
            };
        }
        TOKENS[i].to_owned()
    }

    /// One to three edits of a vector's pair, two in three on the relative
    /// URL.
    fn mutate(&mut self, mut input: Input) -> Input {
        for _ in 0..1 + self.rng.below(3) {
            let on_base = self.rng.below(3) == 0;
            let other = self.seeds[self.rng.below(self.seeds.len())].clone();
            let token = self.token();
            let url = if on_base {
                &mut input.base
            } else {
                &mut input.relative
            };
            let bounds: Vec<usize> = url
                .char_indices()
                .map(|(i, _)| i)
                .chain([url.len()])
                .collect();
            let p = self.rng.below(bounds.len());
            let at = bounds[p];
            let end = bounds[(p + 1 + self.rng.below(3)).min(bounds.len() - 1)];
            match self.rng.below(5) {
                0 => url.replace_range(at..end, ""),
                1 => url.insert_str(at, &token),
                2 => url.replace_range(at..end, &token),
                3 => url.truncate(at),
                _ => *url = if on_base { other.base } else { other.relative },
            }
        }
        input
    }
}

/// The pair the fuzz input format gives for these two token runs, through
/// the `arbitrary` implementation cargo-fuzz targets use.
fn decode(base: &[u8], relative: &[u8]) -> Input {
    let mut bytes = Vec::with_capacity(base.len() + relative.len() + 2);
    bytes.extend_from_slice(base);
    bytes.push(END);
    bytes.extend_from_slice(relative);
    bytes.push(END);
    Input::arbitrary(&mut Unstructured::new(&bytes)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let seeds = vec![Input::new("http://a/b/c/d;p?q#f", "../g")];
        let mut a = Generator::new(7, seeds.clone());
        let mut b = Generator::new(7, seeds.clone());
        let mut c = Generator::new(8, seeds);
        let a: Vec<Input> = (0..100).map(|_| a.next_input()).collect();
        let b: Vec<Input> = (0..100).map(|_| b.next_input()).collect();
        let c: Vec<Input> = (0..100).map(|_| c.next_input()).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn cases_are_url_shaped_and_varied() {
        let corpus = rfc1808_vectors::embedded();
        let seeds = rfc1808_fuzzgen::seeds(&corpus)
            .into_iter()
            .map(|(_, input)| input)
            .collect();
        let mut g = Generator::new(1, seeds);
        let cases: Vec<Input> = (0..2000).map(|_| g.next_input()).collect();
        let distinct: std::collections::HashSet<&Input> = cases.iter().collect();
        assert!(distinct.len() > 1500, "{} distinct", distinct.len());
        let with = |s: &str| cases.iter().filter(|c| c.relative.contains(s)).count();
        for piece in ["..", "/", "?", ";", "#", ":"] {
            assert!(
                with(piece) > 100,
                "{piece:?} in {} relative URLs",
                with(piece)
            );
        }
        assert!(cases.iter().any(|c| c.base.starts_with("http://a/")));
        assert!(cases.iter().any(|c| c.relative.is_empty()));
    }

    #[test]
    fn decode_goes_through_the_fuzz_format() {
        assert_eq!(
            decode(&[14, 7, 0], &[12, 10]),
            Input::new("http://a", "../g")
        );
    }
}
