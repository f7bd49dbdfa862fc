//! Where the URL Standard and RFC 3986 answer the same (base, reference)
//! pair otherwise, and above all where they name another host: an
//! application that checks a URL with a parser of one spec and fetches it
//! with one of the other is open to that difference
//! (`docs/whatwg-vs-rfc3986.md`).
//!
//! [`compare`] puts one pair through both references and classifies it
//! into one [`Outcome`]; a [`Tally`] counts many and prints them
//! ([`Tally::markdown`]). The pairs are the corpus ([`corpus_pairs`]: the
//! vectors, the web-platform tests' and the findings) or the cases of the
//! fuzz generator under the URL Standard ([`fuzz`]). The example
//! `whatwg_vs_rfc3986` prints both.
//!
//! ```
//! use rfc1808_harness::whatwg_vs_rfc3986::{compare, Outcome};
//!
//! let compared = compare("http://a/b/c/d;p?q", "\\\\evil.com/x");
//! // Outside RFC 3986's grammar, and to its resolver a path: another host.
//! assert!(compared.undefined.is_some());
//! assert_eq!(compared.rfc3986, "http://a/b/c/\\\\evil.com/x");
//! assert_eq!(compared.whatwg.as_deref(), Ok("http://evil.com/x"));
//! assert_eq!(compared.outcome, Outcome::DifferentHost);
//! ```

mod markdown;
mod normalize;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::spec::Reference;
use rfc1808_resolver::whatwg::{self, Url};
use rfc1808_vectors::{Corpus, LoadError, Spec};

use crate::fuzz::{Bases, Generator};

pub use normalize::{Host, Normalized};

/// How the two answers for a pair compare, whether or not the pair is in
/// RFC 3986's grammar: the first of these that holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The URL Standard fails the parse (the base's or the input's), where
    /// RFC 3986's resolver always gives a URL.
    WhatwgRejects,
    /// Both answers are the same string.
    Same,
    /// The answers differ as strings but not once normalized
    /// ([`Normalized`]): the same URL to both specs.
    SameAfterNormalization,
    /// The hosts differ, once normalized, and the base's do not: the
    /// reference takes a parser of each spec to a different machine.
    DifferentHost,
    /// The hosts differ, as the base's already do (`http:a` is
    /// `http://a/` to the URL Standard and has no host to RFC 3986).
    DifferentBaseHost,
    /// The schemes differ, the hosts do not.
    DifferentScheme,
    /// The userinfo or the port differs, the scheme and host do not.
    DifferentUserinfoOrPort,
    /// The path differs, the scheme and authority do not (the query or
    /// fragment may differ too).
    DifferentPath,
    /// Only the query or the fragment differs.
    DifferentQueryOrFragment,
}

impl Outcome {
    /// Every outcome, in the order of the tables.
    pub const ALL: [Outcome; 9] = [
        Outcome::WhatwgRejects,
        Outcome::Same,
        Outcome::SameAfterNormalization,
        Outcome::DifferentHost,
        Outcome::DifferentBaseHost,
        Outcome::DifferentScheme,
        Outcome::DifferentUserinfoOrPort,
        Outcome::DifferentPath,
        Outcome::DifferentQueryOrFragment,
    ];
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::WhatwgRejects => "the URL Standard rejects it, RFC 3986 resolves it",
            Outcome::Same => "same URL",
            Outcome::SameAfterNormalization => "same URL after normalization",
            Outcome::DifferentHost => "different host (the base's host the same)",
            Outcome::DifferentBaseHost => "different host (the base's host already different)",
            Outcome::DifferentScheme => "different scheme, same host",
            Outcome::DifferentUserinfoOrPort => "different userinfo or port, same scheme and host",
            Outcome::DifferentPath => "different path, same scheme and authority",
            Outcome::DifferentQueryOrFragment => "different query or fragment only",
        })
    }
}

/// One pair through both references.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The base, as given.
    pub base: String,
    /// The reference resolved against it, as given.
    pub reference: String,
    /// Why RFC 3986 leaves the pair undefined ([`Spec::undefined`]: a base
    /// that is not a URI, or a reference outside section 4.1), if it does.
    pub undefined: Option<&'static str>,
    /// RFC 3986's answer under its default readings, which its resolver
    /// gives for any pair (Appendix B splits any string).
    pub rfc3986: String,
    /// The URL Standard's answer, or why it fails the parse.
    pub whatwg: Result<String, String>,
    /// How the two answers compare.
    pub outcome: Outcome,
}

/// Resolves `reference` against `base` under both specs and classifies the
/// answers. RFC 3986's answer is its [`Reference`] under the defaults; the
/// URL Standard's is the URL record `new URL(reference, base)` makes
/// ([`whatwg::parse`], whose `href` is what `Reference::Whatwg` answers),
/// so that its host is the record's.
pub fn compare(base: &str, reference: &str) -> Compared {
    // Under its default readings RFC 3986 rejects nothing (only RFC 2396's
    // `above-root=error` does): the `Err` arm is never taken.
    let rfc3986 = Reference::defaults(Spec::Rfc3986)
        .resolve(base, reference)
        .unwrap_or_else(|never| never);
    let url = whatwg::parse(reference, Some(base));
    let mut outcome = classify(&rfc3986, url.as_ref().ok());
    if outcome == Outcome::DifferentHost && base_hosts_differ(base) {
        outcome = Outcome::DifferentBaseHost;
    }
    Compared {
        base: base.to_owned(),
        reference: reference.to_owned(),
        undefined: Spec::Rfc3986.undefined(base, reference),
        rfc3986,
        whatwg: url.map(|url| url.href()).map_err(|why| why.to_string()),
        outcome,
    }
}

/// Whether the hosts of `base` itself differ under the two specs; `false`
/// when the URL Standard fails it.
fn base_hosts_differ(base: &str) -> bool {
    whatwg::parse(base, None)
        .is_ok_and(|url| Normalized::rfc3986(base).host != Normalized::whatwg(&url).host)
}

/// The [`Outcome`] of RFC 3986's answer `rfc3986` beside the URL
/// Standard's record, `None` when it fails, telling no base host from
/// another ([`Outcome::DifferentHost`] for both).
fn classify(rfc3986: &str, whatwg: Option<&Url>) -> Outcome {
    let Some(url) = whatwg else {
        return Outcome::WhatwgRejects;
    };
    if url.href() == rfc3986 {
        return Outcome::Same;
    }
    let (a, b) = (Normalized::rfc3986(rfc3986), Normalized::whatwg(url));
    if a == b {
        Outcome::SameAfterNormalization
    } else if a.host != b.host {
        Outcome::DifferentHost
    } else if a.scheme != b.scheme {
        Outcome::DifferentScheme
    } else if (&a.userinfo, &a.port) != (&b.userinfo, &b.port) {
        Outcome::DifferentUserinfoOrPort
    } else if a.path != b.path {
        Outcome::DifferentPath
    } else {
        Outcome::DifferentQueryOrFragment
    }
}

/// The most examples a [`Tally`] keeps of an outcome.
pub const EXAMPLES: usize = 10;

/// A pair whose hosts differ, with both answers; ordered shortest first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Example {
    /// The length of the base and the reference together, in bytes.
    pub len: usize,
    /// The base, as given.
    pub base: String,
    /// The reference, as given.
    pub reference: String,
    /// RFC 3986's answer.
    pub rfc3986: String,
    /// The URL Standard's answer.
    pub whatwg: String,
}

impl Example {
    /// The pair with every run of letters written `a` and every run of
    /// digits `0`: `http:a` and `ftp:x` have one shape, `http://1` and
    /// `http://a` two.
    pub fn shape(&self) -> String {
        let mut shape = String::new();
        let mut last = None;
        for c in self
            .base
            .chars()
            .chain(['\0'])
            .chain(self.reference.chars())
        {
            let class = match c {
                c if c.is_alphabetic() => 'a',
                c if c.is_ascii_digit() => '0',
                c => c,
            };
            if !(Some(class) == last && matches!(class, 'a' | '0')) {
                shape.push(class);
            }
            last = Some(class);
        }
        shape
    }
}

/// The shortest example of each shape ([`Example::shape`]), of the
/// [`EXAMPLES`] shortest shapes: pairs that differ in more than their
/// names, so that one cause does not fill the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Examples {
    by_shape: BTreeMap<String, Example>,
}

impl Examples {
    /// Keeps `example` if it is the shortest of its shape so far and among
    /// the [`EXAMPLES`] shortest shapes. A shape dropped once comes back
    /// only with an example short enough to be kept.
    pub fn add(&mut self, example: Example) {
        let kept = self
            .by_shape
            .entry(example.shape())
            .or_insert_with(|| example.clone());
        if example < *kept {
            *kept = example;
        }
        if self.by_shape.len() > EXAMPLES {
            let longest = self
                .by_shape
                .iter()
                .max_by(|a, b| a.1.cmp(b.1))
                .map(|(s, _)| s.clone());
            if let Some(shape) = longest {
                self.by_shape.remove(&shape);
            }
        }
    }

    /// The examples kept, shortest first.
    pub fn shortest(&self) -> Vec<&Example> {
        let mut examples: Vec<&Example> = self.by_shape.values().collect();
        examples.sort();
        examples
    }
}

/// The outcomes of many pairs, those RFC 3986 defines apart from those it
/// leaves undefined, with the shortest pairs of different hosts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The pairs in RFC 3986's grammar, by outcome.
    pub defined: BTreeMap<Outcome, u64>,
    /// The pairs outside it, by the outcome of its resolver's answer.
    pub undefined: BTreeMap<Outcome, u64>,
    /// Pairs of [`Outcome::DifferentHost`] in RFC 3986's grammar.
    pub defined_hosts: Examples,
    /// The same, outside it.
    pub undefined_hosts: Examples,
}

impl Tally {
    /// Counts one pair.
    pub fn add(&mut self, compared: Compared) {
        let (counts, examples) = match compared.undefined {
            None => (&mut self.defined, &mut self.defined_hosts),
            Some(_) => (&mut self.undefined, &mut self.undefined_hosts),
        };
        *counts.entry(compared.outcome).or_default() += 1;
        if compared.outcome != Outcome::DifferentHost {
            return;
        }
        let Ok(whatwg) = compared.whatwg else {
            return;
        };
        examples.add(Example {
            len: compared.base.len() + compared.reference.len(),
            base: compared.base,
            reference: compared.reference,
            rfc3986: compared.rfc3986,
            whatwg,
        });
    }

    /// How many pairs were counted.
    pub fn pairs(&self) -> u64 {
        self.defined.values().chain(self.undefined.values()).sum()
    }
}

/// The corpus's distinct (base, reference) pairs, and the vector sets they
/// were read from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Each set's name and how many resolve vectors it holds.
    pub sets: Vec<(String, usize)>,
    /// Every pair once, in order.
    pub pairs: BTreeSet<(String, String)>,
}

impl Pairs {
    fn add(&mut self, name: &str, corpus: &Corpus) {
        // Resolutions only: an absolute parse has no base to compare by.
        let resolutions: Vec<_> = corpus
            .resolve
            .iter()
            .filter_map(|v| Some((v.base.as_ref()?, &v.relative)))
            .collect();
        self.sets.push((name.to_owned(), resolutions.len()));
        for (base, relative) in resolutions {
            self.pairs.insert((base.clone(), relative.clone()));
        }
    }
}

/// The pairs of the built-in vectors with the URL Standard's own (the
/// web-platform tests', [`rfc1808_vectors::embedded_for`]) and of the
/// findings under `workspace`: `adapters/findings/*.toml` and
/// `adapters/findings/whatwg/*.toml`. Each set is loaded on its own, as
/// only the pairs matter here.
pub fn corpus_pairs(workspace: &Path) -> Result<Pairs, LoadError> {
    let mut pairs = Pairs::default();
    pairs.add(
        "the built-in vectors with the web-platform tests'",
        &rfc1808_vectors::embedded_for(&[Spec::Whatwg]),
    );
    for dir in ["adapters/findings", "adapters/findings/whatwg"] {
        let corpus = rfc1808_vectors::load_dir(&workspace.join(dir))?;
        pairs.add(&format!("`{dir}/*.toml`"), &corpus);
    }
    Ok(pairs)
}

/// Compares every pair of `pairs`.
pub fn tally_pairs(pairs: &Pairs) -> Tally {
    let mut tally = Tally::default();
    for (base, reference) in &pairs.pairs {
        tally.add(compare(base, reference));
    }
    tally
}

/// The corpus part of the example's output: a heading, the sets counted
/// and the tally of their pairs ([`corpus_pairs`] under `workspace`).
/// `docs/whatwg-vs-rfc3986.md` holds it verbatim, which a test checks.
pub fn corpus_report(workspace: &Path) -> Result<String, LoadError> {
    let pairs = corpus_pairs(workspace)?;
    Ok(format!(
        "### The corpus\n\n{}\n{}",
        pairs.markdown(),
        tally_pairs(&pairs).markdown()
    ))
}

/// The fuzzing part of the example's output: a heading, what was run and
/// the tally of [`fuzz`].
pub fn fuzz_report(seed: u64, cases: u64) -> String {
    format!(
        "### Fuzzing\n\n{} cases of the fuzz generator under the URL Standard \
         (`Spec::Whatwg`, absolute bases), seed {seed}; each case counted as generated, \
         repeats included.\n\n{}",
        markdown::thousands(cases),
        fuzz(seed, cases).markdown()
    )
}

/// Compares the first `cases` cases that the fuzz [`Generator`] makes from
/// `seed` under the URL Standard with absolute bases, mutating the pairs
/// of the built-in vectors and the web-platform tests': the cases
/// `rfc1808 fuzz --spec whatwg --seed SEED` generates after those it asks
/// first (the deviations' examples, the vectors an expectations file
/// lists).
pub fn fuzz(seed: u64, cases: u64) -> Tally {
    let corpus = rfc1808_vectors::embedded_for(&[Spec::Whatwg]);
    let seeds: Vec<Input> = rfc1808_fuzzgen::seeds(&corpus)
        .into_iter()
        .map(|(_, input)| input)
        .collect();
    let mut generator = Generator::new(seed, seeds, Bases::Absolute, Spec::Whatwg);
    let mut tally = Tally::default();
    for _ in 0..cases {
        let input = generator.next_input();
        tally.add(compare(&input.base, &input.relative));
    }
    tally
}

#[cfg(test)]
mod tests;
