//! The cases `rfc1808 fuzz` tries: URL-shaped pairs decoded by the fuzz
//! input format of `rfc1808-fuzzgen` from the bytes of a seeded generator,
//! mixed with mutations of the vectors.
//!
//! Relative URLs are anything the input format decodes. Bases are, by
//! default ([`Bases::Absolute`]), absolute URLs in the generic-RL syntax of
//! RFC 1808 section 2.2, since section 4 resolves against nothing else
//! ("it is assumed that any document which contains a relative reference
//! does have a base URL that obeys the syntax"): built from a grammar that
//! favours the odd shapes resolution turns on (empty segments and
//! components, dot segments, `;` and `?` in a net_loc, upper case, schemes
//! with digits first), taken from the vectors, or mutated from them and
//! kept when still absolute. [`Bases::Any`] lets bases be anything too.
//!
//! Under RFC 2396 and RFC 3986 the bases are URIs in RFC 3986's grammar
//! (section 5.2.1 resolves against nothing else), and three cases in ten
//! get a reference built from that grammar rather than random tokens: with
//! or without a scheme, an authority (empty ones too), a path of segments
//! that may be empty or dots, and a query and a fragment, each sometimes
//! present and empty, the distinctions RFC 3986 draws (`?`, `#` and `//`
//! with nothing after them are defined and empty, not undefined).

use arbitrary::{Arbitrary, Unstructured};
use rfc1808_fuzzgen::{Input, CHAR, END, TOKENS};
use rfc1808_resolver::{parse, whatwg};
use rfc1808_vectors::Spec;

use rfc1808_resolver::spec::grammar::{is_rfc2396_absolute, is_uri};

mod web;

/// Which base URLs a run generates, and so which cases its shrinker may
/// reach.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bases {
    /// Absolute URLs in the generic-RL syntax ([`is_absolute`]), the only
    /// bases RFC 1808 resolves against.
    #[default]
    Absolute,
    /// Any string, such as the empty base of Step 1 or `a`: how an
    /// implementation copes with a base outside the RFC.
    Any,
}

impl Bases {
    /// Whether a case with this base belongs to a run comparing with
    /// `spec`: under RFC 1808 an absolute URL ([`is_absolute`]), under the
    /// later specs a URI ([`is_uri`], with something after the colon under
    /// RFC 2396), under the URL Standard a base that parses, or anything
    /// with [`Bases::Any`].
    pub fn admit(self, spec: Spec, base: &str) -> bool {
        match (self, spec) {
            (Bases::Any, _) => true,
            (Bases::Absolute, Spec::Rfc1808) => is_absolute(base),
            (Bases::Absolute, Spec::Rfc3986) => is_uri(base),
            (Bases::Absolute, Spec::Rfc2396) => is_uri(base) && is_rfc2396_absolute(base),
            // The URL Standard resolves against any base that parses.
            (Bases::Absolute, Spec::Whatwg) => whatwg::parse(base, None).is_ok(),
        }
    }
}

/// Whether `url` is an absolute URL (RFC 1808 section 2.2, `absoluteURL
/// [ "#" fragment ]`): a scheme, a colon, then only `uchar` and `reserved`
/// characters, with one `#` at most. Every such string parses as a
/// generic-RL (`scheme ":" relativeURL`) too, a `//` after the colon
/// starting a net_loc; an empty segment right after the net_loc
/// (`http://a//b`), which `fsegment` rules out, is let through because
/// resolution must cope with it all the same.
pub fn is_absolute(url: &str) -> bool {
    let Some(scheme) = parse(url).scheme else {
        return false;
    };
    let rest = &url[scheme.len() + 1..];
    let (before, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    is_uchars_and_reserved(before) && is_uchars_and_reserved(fragment)
}

/// `*( uchar | reserved )`, `uchar` holding `%` only in an escape.
fn is_uchars_and_reserved(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
            continue;
        }
        let unreserved = c.is_ascii_alphanumeric()
            // safe, then extra
            || b"$-_.+!*'(),".contains(&c);
        let reserved = b";/?:@&=".contains(&c);
        if !(unreserved || reserved) {
            return false;
        }
        i += 1;
    }
    true
}

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
    bases: Bases,
    /// The spec compared with, whose grammar bases and built references
    /// follow.
    spec: Spec,
    /// The seeds' bases that `bases` admits.
    seed_bases: Vec<String>,
}

/// The longest run of token bytes for one URL.
const MAX_TOKENS: usize = 12;

/// Schemes of built bases: mostly ones every library knows, so that one
/// that resolves only against the schemes it knows still resolves most
/// cases, and a few it may not know, one in upper case and one with a
/// digit first.
const SCHEMES: [&str; 12] = [
    "http", "http", "http", "https", "ftp", "file", "HTTP", "Http", "foo", "a+b-c.d", "9p", "x",
];

/// Net_locs of built bases, among them an empty one and ones holding `;`
/// or `?` (section 2.4.3 parses the net_loc before the params and query),
/// and the shapes RFC 3986's normalization of the base turns on (section
/// 5.2.1): upper case, a userinfo in mixed case, empty, default and other
/// ports, percent-encodings.
const NET_LOCS: [&str; 17] = [
    "a", "a", "a", "a", "", "A", "a:80", "u:p@a", "a.b", "a;p", "a?q", "%61", "a:", "a:443",
    "a:8080", "U@A", "%4A",
];

/// Path segments of built bases: empty ones and dot segments included, and
/// percent-encodings of unreserved and reserved characters, in either
/// case.
const SEGMENTS: [&str; 17] = [
    "b", "c", "d", "g", "b", "c", "", "", ".", "..", "...", "B", "%2E", "a:b", "%7e", "%7E", "%2f",
];

const PARAMS: [&str; 5] = ["", "p", "p;q", "p/q", "x=1"];
const QUERIES: [&str; 7] = ["", "q", "q;r", "q/r?s", "a=b&c", "/../", "%7e"];
const FRAGMENTS: [&str; 4] = ["", "f", "f/g", "s?t"];

impl Generator {
    pub fn new(seed: u64, seeds: Vec<Input>, bases: Bases, spec: Spec) -> Generator {
        let seed_bases = seeds
            .iter()
            .map(|s| &s.base)
            .filter(|b| bases.admit(spec, b))
            .cloned()
            .collect();
        Generator {
            rng: Rng::new(seed),
            seeds,
            bases,
            spec,
            seed_bases,
        }
    }

    fn admit(&self, base: &str) -> bool {
        self.bases.admit(self.spec, base)
    }

    /// The next case. Three in ten are a random relative URL with a base
    /// (random tokens under [`Bases::Any`]), three keep a vector's base with
    /// a random relative URL (most implementations only take absolute bases
    /// seriously), four mutate a vector's pair. Under [`Bases::Absolute`] a
    /// base that is not absolute is replaced. Under a later spec, the
    /// random relative URL of the first three is built from RFC 3986's
    /// grammar instead; under the URL Standard, two of those three are
    /// built in the shapes its parser turns on (`web.rs`), and half
    /// the built bases too.
    pub fn next_input(&mut self) -> Input {
        let roll = self.rng.below(10);
        if self.spec == Spec::Whatwg && roll < 2 {
            return Input {
                base: self.base(),
                relative: self.web_input(),
            };
        }
        if self.spec != Spec::Rfc1808 && roll < 3 {
            return Input {
                base: self.base(),
                relative: self.built_reference(),
            };
        }
        if self.seed_bases.is_empty() || roll < 3 {
            let base = match self.bases {
                Bases::Any => self.token_bytes(),
                Bases::Absolute => Vec::new(),
            };
            let relative = self.token_bytes();
            let mut input = decode(&base, &relative);
            if self.bases == Bases::Absolute {
                input.base = self.base();
            }
            return input;
        }
        if roll < 6 {
            let base = self.seed_bases[self.rng.below(self.seed_bases.len())].clone();
            let relative = self.token_bytes();
            return Input {
                base,
                relative: decode(&[], &relative).relative,
            };
        }
        let seed = self.seeds[self.rng.below(self.seeds.len())].clone();
        let mut input = self.mutate(seed);
        if !self.admit(&input.base) {
            input.base = self.base();
        }
        input
    }

    /// An absolute base: half built from the grammar, a quarter a vector's,
    /// a quarter a vector's mutated (if a few tries give one still absolute).
    fn base(&mut self) -> String {
        if self.seed_bases.is_empty() {
            return self.admitted_built_base();
        }
        match self.rng.below(4) {
            0 | 1 => self.admitted_built_base(),
            2 => self.seed_bases[self.rng.below(self.seed_bases.len())].clone(),
            _ => {
                for _ in 0..4 {
                    let seed = self.seed_bases[self.rng.below(self.seed_bases.len())].clone();
                    let mutated = self.mutate_base(seed);
                    if self.admit(&mutated) {
                        return mutated;
                    }
                }
                self.admitted_built_base()
            }
        }
    }

    /// A built base the run admits: every built base is an absolute URL of
    /// RFC 1808, and under a later spec one with a scheme starting with a
    /// letter is a URI too, so a second try at most is the rule.
    fn admitted_built_base(&mut self) -> String {
        loop {
            let base = match self.spec {
                // Half of them in the shapes of the URL Standard.
                Spec::Whatwg if self.rng.below(2) == 0 => self.web_base(),
                _ => self.built_base(),
            };
            if self.bases == Bases::Any || self.admit(&base) {
                return base;
            }
        }
    }

    /// A URI reference from RFC 3986's grammar (section 4.1), with the
    /// distinctions section 5.2.2 turns on: a scheme (one in eight, the
    /// base's own among them), else an authority (one in five, empty ones
    /// too), then an absolute, a relative or an empty path of segments
    /// that may be empty or dots, a query and a fragment, each sometimes,
    /// sometimes empty.
    fn built_reference(&mut self) -> String {
        let mut url = String::new();
        let authority = if self.rng.below(8) == 0 {
            url.push_str(self.pick(&SCHEMES));
            url.push(':');
            self.rng.below(2) == 0
        } else {
            self.rng.below(5) == 0
        };
        if authority {
            url.push_str("//");
            url.push_str(self.pick(&NET_LOCS));
        }
        match self.rng.below(6) {
            // An authority must be followed by an absolute path or none.
            0 | 1 => {
                url.push('/');
                url.push_str(&self.segments());
            }
            2..=4 if !authority => {
                let segments = self.segments();
                // `path-noscheme`: no colon in the first segment.
                let first = segments.split('/').next().unwrap_or("");
                if !(url.is_empty() && first.contains(':')) {
                    url.push_str(&segments);
                }
            }
            _ => {}
        }
        self.add_parts(&mut url, &[(3, '?', &QUERIES), (4, '#', &FRAGMENTS)]);
        url
    }

    /// A base from the generic-RL grammar: a scheme, then three times in
    /// four `//` and a net_loc, usually with an absolute path after it;
    /// else an absolute or a relative path; then params, a query and a
    /// fragment, each sometimes, sometimes empty.
    fn built_base(&mut self) -> String {
        let mut url = format!("{}:", self.pick(&SCHEMES));
        match self.rng.below(20) {
            0..=14 => {
                url.push_str("//");
                url.push_str(self.pick(&NET_LOCS));
                if self.rng.below(8) != 0 {
                    url.push('/');
                    url.push_str(&self.segments());
                }
            }
            15..=17 => {
                url.push('/');
                url.push_str(&self.segments());
            }
            _ => url.push_str(&self.segments()),
        }
        self.add_parts(
            &mut url,
            &[(4, ';', &PARAMS), (3, '?', &QUERIES), (5, '#', &FRAGMENTS)],
        );
        url
    }

    /// Each part of `parts` appended to `url` one time in its `one_in`:
    /// its delimiter, then one of its values (which may be empty).
    fn add_parts(&mut self, url: &mut String, parts: &[(usize, char, &[&str])]) {
        for &(one_in, delimiter, values) in parts {
            if self.rng.below(one_in) == 0 {
                url.push(delimiter);
                url.push_str(self.pick(values));
            }
        }
    }

    /// Up to four path segments, joined by slashes.
    fn segments(&mut self) -> String {
        let n = self.rng.below(5);
        let segments: Vec<&str> = (0..n).map(|_| self.pick(&SEGMENTS)).collect();
        segments.join("/")
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.rng.below(from.len())]
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
            if on_base {
                self.edit(&mut input.base, other.base);
            } else {
                self.edit(&mut input.relative, other.relative);
            }
        }
        input
    }

    /// One to three edits of a base.
    fn mutate_base(&mut self, mut base: String) -> String {
        for _ in 0..1 + self.rng.below(3) {
            let other = self.seed_bases[self.rng.below(self.seed_bases.len())].clone();
            self.edit(&mut base, other);
        }
        base
    }

    /// One edit of `url` at a random place: characters removed, a token
    /// inserted or put in their place, the rest cut off, or the whole URL
    /// replaced by `other`.
    fn edit(&mut self, url: &mut String, other: String) {
        let token = self.token();
        let bounds = char_bounds(url);
        let p = self.rng.below(bounds.len());
        let at = bounds[p];
        let end = bounds[(p + 1 + self.rng.below(3)).min(bounds.len() - 1)];
        match self.rng.below(5) {
            0 => url.replace_range(at..end, ""),
            1 => url.insert_str(at, &token),
            2 => url.replace_range(at..end, &token),
            3 => url.truncate(at),
            _ => *url = other,
        }
    }
}

/// The byte offsets where a character of `s` starts, and its end: where
/// an edit may cut or insert.
fn char_bounds(s: &str) -> Vec<usize> {
    s.char_indices().map(|(i, _)| i).chain([s.len()]).collect()
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

    fn vector_seeds() -> Vec<Input> {
        rfc1808_fuzzgen::seeds(&rfc1808_vectors::embedded())
            .into_iter()
            .map(|(_, input)| input)
            .collect()
    }

    fn cases(seed: u64, bases: Bases, n: usize) -> Vec<Input> {
        let mut g = Generator::new(seed, vector_seeds(), bases, Spec::Rfc1808);
        (0..n).map(|_| g.next_input()).collect()
    }

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let seeds = vec![Input::new("http://a/b/c/d;p?q#f", "../g")];
        for bases in [Bases::Absolute, Bases::Any] {
            let mut a = Generator::new(7, seeds.clone(), bases, Spec::Rfc1808);
            let mut b = Generator::new(7, seeds.clone(), bases, Spec::Rfc1808);
            let mut c = Generator::new(8, seeds.clone(), bases, Spec::Rfc1808);
            let a: Vec<Input> = (0..100).map(|_| a.next_input()).collect();
            let b: Vec<Input> = (0..100).map(|_| b.next_input()).collect();
            let c: Vec<Input> = (0..100).map(|_| c.next_input()).collect();
            assert_eq!(a, b);
            assert_ne!(a, c);
        }
    }

    #[test]
    fn cases_are_url_shaped_and_varied() {
        for bases in [Bases::Absolute, Bases::Any] {
            let cases = cases(1, bases, 2000);
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
    }

    #[test]
    fn default_bases_are_absolute_and_keep_the_odd_shapes() {
        let cases = cases(1, Bases::Absolute, 5000);
        let not_absolute: Vec<&str> = cases
            .iter()
            .map(|c| c.base.as_str())
            .filter(|b| !is_absolute(b))
            .collect();
        assert_eq!(not_absolute, Vec::<&str>::new());
        type Has = fn(&rfc1808_resolver::Components<'_>) -> bool;
        let bases: Vec<rfc1808_resolver::Components<'_>> =
            cases.iter().map(|c| parse(&c.base)).collect();
        let count = |has: Has| bases.iter().filter(|c| has(c)).count();
        let shapes: [(&str, Has); 12] = [
            ("a net_loc", |c| c.net_loc.is_some()),
            ("no net_loc", |c| c.net_loc.is_none()),
            ("an empty net_loc", |c| c.net_loc == Some("")),
            ("`?` or `;` in the net_loc", |c| {
                c.net_loc.is_some_and(|n| n.contains(['?', ';']))
            }),
            ("a digit first in the scheme", |c| {
                c.scheme
                    .is_some_and(|s| s.starts_with(|c: char| c.is_ascii_digit()))
            }),
            ("upper case in the scheme", |c| {
                c.scheme
                    .is_some_and(|s| s.contains(|c: char| c.is_ascii_uppercase()))
            }),
            ("a dot segment", |c| {
                c.path.split('/').any(|s| s == "." || s == "..")
            }),
            ("an empty segment", |c| c.path.contains("//")),
            ("a relative path", |c| !c.slash && !c.path.is_empty()),
            ("empty params", |c| c.params == Some("")),
            ("an empty query", |c| c.query == Some("")),
            ("a fragment", |c| c.fragment.is_some()),
        ];
        for (shape, has) in shapes {
            let n = count(has);
            assert!(n >= 20, "{n} bases of 5000 with {shape}");
        }
    }

    #[test]
    fn any_bases_include_ones_that_are_not_absolute() {
        let cases = cases(1, Bases::Any, 2000);
        let not_absolute = cases.iter().filter(|c| !is_absolute(&c.base)).count();
        assert!(not_absolute > 500, "{not_absolute} of 2000");
        assert!(cases.iter().any(|c| c.base.is_empty()));
        assert!(Bases::Any.admit(Spec::Rfc1808, "a") && !Bases::Absolute.admit(Spec::Rfc1808, "a"));
    }

    #[test]
    fn absolute_urls_are_a_scheme_then_uchars_and_reserved() {
        for url in [
            "http://a/b/c/d;p?q#f",
            "a:",
            "9p:/./../",
            "HTTP://A;p?q",
            "http:///",
            "foo:a//b;x/y?%2E#?/",
            "http://a//b",
            "a+b-c.d:$-_.+!*'(),@&=",
        ] {
            assert!(is_absolute(url), "{url}");
        }
        for url in [
            "",
            "a",
            "/a:b",
            ":a",
            "http://a/b c",
            "http://a/#f#g",
            "http://a/%2",
            "http://a/%zz",
            "http://a/\u{e9}",
            "http://a/~b",
            "http://a/[b]",
            "http://a/\"",
            "\thttp://a",
        ] {
            assert!(!is_absolute(url), "{url:?}");
        }
    }

    #[test]
    fn decode_goes_through_the_fuzz_format() {
        assert_eq!(
            decode(&[14, 7, 0], &[12, 10]),
            Input::new("http://a", "../g")
        );
    }
}
