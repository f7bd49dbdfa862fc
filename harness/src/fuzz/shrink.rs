//! Shrinking: from a case that shows a mismatch to a smallest case that
//! still shows it, by delta debugging on the base and the relative URL.
//!
//! Each round makes candidates from the current case, level by level, and
//! hands a whole level to the predicate at once, so that an implementation
//! behind a pipe answers them in one batch:
//!
//! 0. either URL emptied, and a base that does not look like a real one
//!    replaced by one that does (see [`realness`]);
//! 1. chunks removed: halves, quarters, ... down to two characters;
//! 2. single characters removed, pairs of characters removed, and each
//!    piece from one `/`, `;`, `?`, `#` or `:` to the next removed;
//! 3. characters made simpler: each to `a` or `A` or its lower case, each
//!    distinct character to `a` everywhere.
//!
//! The smallest candidate the predicate accepts becomes the current case and
//! the next round starts again at level 0; when no level has an accepted
//! candidate, the case is minimal for these edits. "Smallest" is an order
//! in which every accepted step goes down (fewer control characters and
//! spaces, a base that looks more like a real one, then fewer characters,
//! then simpler ones, then the strings' order), so shrinking always ends,
//! and it ends at the same case from the same start.
//!
//! A base that looks real comes first, before length, because a shrunk
//! case is read by people: `g?` against `http://a` reads as a bug in a
//! library, the same mismatch against `a:` or `.:` as a curiosity of the
//! fuzzer. Where the kind needs an odd base (a scheme starting with a
//! digit, no net_loc), no real-looking base keeps it and the odd one
//! stays. Control characters and spaces count first, as a reader does not
//! see them:
//! `"a" against "a:"` is a better example than `"\u{e}a:" against
//! "http://a"`.

use std::collections::HashSet;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::parse;

/// The most rounds a shrink runs; each round removes or simplifies at least
/// one character, so only a huge case reaches it.
pub const MAX_ROUNDS: usize = 1000;

/// Shrinks `start`, which `still_fails` accepts, to a smallest case that
/// `still_fails` accepts. `still_fails` gets a batch of candidates and says
/// for each whether it still shows the mismatch.
pub fn shrink(start: Input, mut still_fails: impl FnMut(&[Input]) -> Vec<bool>) -> Input {
    let mut best = start;
    'rounds: for _ in 0..MAX_ROUNDS {
        let key = order(&best);
        for level in 0..LEVELS {
            let mut seen = HashSet::new();
            let candidates: Vec<Input> = candidates(&best, level)
                .into_iter()
                .filter(|c| order(c) < key && seen.insert(c.clone()))
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let verdicts = still_fails(&candidates);
            let smallest = candidates
                .into_iter()
                .zip(verdicts)
                .filter_map(|(c, fails)| fails.then_some(c))
                .min_by(|a, b| order(a).cmp(&order(b)));
            if let Some(smaller) = smallest {
                best = smaller;
                continue 'rounds;
            }
        }
        break;
    }
    best
}

const LEVELS: usize = 4;

/// The order shrinking goes down: how many control characters and spaces
/// the case holds (a reader does not see them), how far the base is from a
/// real one,
/// then length in characters, then how simple the characters are, then the
/// strings themselves.
pub(crate) fn order(input: &Input) -> (usize, u8, usize, usize, &str, &str) {
    let both = || input.base.chars().chain(input.relative.chars());
    let controls = both().filter(|&c| c.is_control() || c == ' ').count();
    let chars = input.base.chars().count() + input.relative.chars().count();
    let complexity = input
        .base
        .chars()
        .chain(input.relative.chars())
        .map(complexity)
        .sum();
    (
        controls,
        realness(&input.base),
        chars,
        complexity,
        &input.base,
        &input.relative,
    )
}

/// How far `base` is from looking like a real URL: 0 for `http` with `//`
/// and a net_loc that starts like a host name (`http://a/b`), 1 for
/// another scheme with them (`ftp://a`), 2 for anything else (`a:`, `.:`,
/// `/g`, `http://.`, the empty base).
pub fn realness(base: &str) -> u8 {
    let c = parse(base);
    match (c.scheme, c.net_loc) {
        (Some(scheme), Some(net_loc)) if net_loc.starts_with(char::is_alphanumeric) => {
            u8::from(scheme != "http")
        }
        _ => 2,
    }
}

/// Bases that look real, made from `base`: `http` for its scheme, a net_loc
/// `a` where it has none, and the RFC's own base (section 5).
fn real_bases(base: &str) -> Vec<String> {
    let c = parse(base);
    let net_loc = c.net_loc.filter(|n| !n.is_empty()).unwrap_or("a");
    let mut rest = base;
    if let Some(scheme) = c.scheme {
        rest = &rest[scheme.len() + 1..];
    }
    if let Some(n) = c.net_loc {
        rest = &rest[2 + n.len()..];
    }
    let slash = if rest.is_empty() || rest.starts_with(['/', ';', '?', '#']) {
        ""
    } else {
        "/"
    };
    vec![
        format!("http://{net_loc}{slash}{rest}"),
        "http://a/b/c/d;p?q#f".to_owned(),
    ]
}

/// How far a character is from the simplest one, `a`.
fn complexity(c: char) -> usize {
    match c {
        'a' => 0,
        'b'..='z' => 1,
        '/' | '.' | ':' | ';' | '?' | '#' | '0'..='9' => 2,
        'A' => 3,
        'B'..='Z' => 4,
        c if c.is_ascii() => 5,
        _ => 6,
    }
}

fn candidates(input: &Input, level: usize) -> Vec<Input> {
    let mut out = Vec::new();
    for new in variants(&input.base, true, level) {
        out.push(Input::new(new, input.relative.clone()));
    }
    for new in variants(&input.relative, false, level) {
        out.push(Input::new(input.base.clone(), new));
    }
    out
}

/// The simpler URLs to try in place of `url` (the base if `on_base`) at
/// `level`: 0 empties it (or, for a base, makes it a real one), 1 cuts
/// halves, quarters and so on, 2 cuts a character or two or a component,
/// and above that characters are made simpler.
fn variants(url: &str, on_base: bool, level: usize) -> Vec<String> {
    let chars: Vec<char> = url.chars().collect();
    match level {
        0 => {
            let mut out = vec![String::new()];
            if on_base && realness(url) > 0 {
                out.extend(real_bases(url));
            }
            out
        }
        1 => {
            let mut out = Vec::new();
            let mut size = chars.len() / 2;
            while size >= 2 {
                for start in (0..chars.len()).step_by(size) {
                    out.push(without(&chars, start, start + size));
                }
                size /= 2;
            }
            out
        }
        2 => cuts(&chars),
        _ => simplified(url, &chars),
    }
}

/// `chars` without each character, each two, and each component (from a
/// delimiter to the next).
fn cuts(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for start in 0..chars.len() {
        out.push(without(chars, start, start + 1));
        out.push(without(chars, start, start + 2));
    }
    let delimiters: Vec<usize> = chars
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, '/' | ';' | '?' | '#' | ':'))
        .map(|(i, _)| i)
        .chain([chars.len()])
        .collect();
    for pair in delimiters.windows(2) {
        out.push(without(chars, pair[0], pair[1]));
    }
    out
}

/// `url` (as `chars`) with one character made simpler, and with every
/// copy of one character made `a`.
fn simplified(url: &str, chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        for simpler in ['a', 'A', c.to_ascii_lowercase()] {
            if complexity(simpler) < complexity(c) {
                let mut new = chars.to_vec();
                new[i] = simpler;
                out.push(new.into_iter().collect());
            }
        }
    }
    let distinct: HashSet<char> = chars.iter().copied().collect();
    for c in distinct {
        if complexity(c) > 0 {
            out.push(url.replace(c, "a"));
        }
    }
    out
}

fn without(chars: &[char], start: usize, end: usize) -> String {
    let end = end.min(chars.len());
    chars[..start].iter().chain(&chars[end..]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shrinks with a predicate on one case at a time, counting batches.
    fn shrink_with(start: Input, p: impl Fn(&Input) -> bool) -> (Input, usize) {
        let mut batches = 0;
        let out = shrink(start, |batch| {
            batches += 1;
            batch.iter().map(&p).collect()
        });
        (out, batches)
    }

    #[test]
    fn shrinks_to_the_smallest_case_the_predicate_accepts() {
        let start = Input::new("http://x/y/z;p?q#f", "../../q/./G");
        let (out, _) = shrink_with(start, |i| i.relative.contains("..") && i.base.contains('/'));
        assert_eq!(out, Input::new("http://a", ".."));
    }

    #[test]
    fn keeps_what_the_predicate_needs_and_simplifies_the_rest() {
        // Needs an upper-case scheme-like prefix and an empty query.
        let start = Input::new("HTTP://Host/Path", "Xyz/../Q?#frag");
        let (out, _) = shrink_with(start, |i| {
            i.base
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
                && i.relative.ends_with('?')
        });
        // `A://a` has a net_loc where `A` has none.
        assert_eq!(out, Input::new("A://a", "?"));
    }

    #[test]
    fn a_minimal_case_stays_and_costs_one_batch_per_level() {
        let start = Input::new("a", "?");
        let (out, batches) = shrink_with(start.clone(), |i| *i == Input::new("a", "?"));
        assert_eq!(out, start);
        // Levels 0, 2 and 3 have candidates; "a" and "?" have no chunk of two.
        assert_eq!(batches, 3);
    }

    #[test]
    fn long_cases_shrink_in_few_batches() {
        let start = Input::new("http://a/".repeat(20), format!("{}g?", "x/".repeat(200)));
        let (out, batches) = shrink_with(start, |i| i.relative.contains("g?"));
        assert_eq!(out, Input::new("http://a", "g?"));
        assert!(batches < 60, "{batches} batches");
    }

    #[test]
    fn a_base_that_looks_real_is_preferred_where_the_case_keeps_failing() {
        // Any base keeps this one failing: it ends with a real-looking one.
        let (out, _) = shrink_with(Input::new(".:x", "g?"), |i| i.relative.ends_with('?'));
        assert_eq!(out, Input::new("http://a", "?"));
        // The path of the odd base is kept where the case needs it.
        let (out, _) = shrink_with(Input::new("a:/.", "g"), |i| i.base.ends_with("/."));
        assert_eq!(out, Input::new("http://a/.", ""));
        // No real-looking base keeps this one: the odd base stays.
        let (out, _) = shrink_with(Input::new("9p:", "g"), |i| !i.base.contains("//"));
        assert_eq!(out, Input::new("", ""));
    }

    #[test]
    fn fewer_control_characters_come_before_a_real_base() {
        // The kind needs either an odd base or a control character.
        let (out, _) = shrink_with(Input::new("a:", "\u{e}a:"), |i| {
            realness(&i.base) > 0 || i.relative.contains(char::is_control)
        });
        assert_eq!(out, Input::new("", ""));
        let (out, _) = shrink_with(Input::new("http://a", "\u{e}a"), |i| {
            i.relative.contains(char::is_control)
        });
        assert_eq!(out, Input::new("http://a", "\u{e}"));
    }

    #[test]
    fn realness_reads_scheme_and_net_loc() {
        assert_eq!(realness("http://a/b"), 0);
        assert_eq!(realness("ftp://a"), 1);
        assert_eq!(realness("http:"), 2);
        assert_eq!(realness("http:///g"), 2);
        assert_eq!(realness("http://./g"), 2);
        assert_eq!(realness(""), 2);
        assert_eq!(real_bases("a:/."), ["http://a/.", "http://a/b/c/d;p?q#f"]);
        assert_eq!(
            real_bases("9p://h?q"),
            ["http://h?q", "http://a/b/c/d;p?q#f"]
        );
        assert_eq!(real_bases("a:a"), ["http://a/a", "http://a/b/c/d;p?q#f"]);
    }

    #[test]
    fn non_ascii_is_simplified_by_character() {
        let (out, _) = shrink_with(Input::new("é€", "😀/x"), |i| i.relative.contains('/'));
        assert_eq!(out, Input::new("http://a", "/"));
        let (out, _) = shrink_with(Input::new("é€", "😀"), |i| i.base.chars().count() == 2);
        assert_eq!(out, Input::new("aa", ""));
    }
}
