//! Which vectors a run uses: `--id`, `--tag` and `--skip`.
//!
//! A vector is selected when it matches one of the `--id` globs (or there is
//! none), has one of the `--tag` tags (or there is none), and matches none of
//! the `--skip` globs. Every pattern must match some vector of the corpus, so
//! that a typo is an error rather than a run that silently checks nothing.

use std::fmt;

use rfc1808_vectors::{Corpus, ParseVector, ResolveVector};

/// The selection given on the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Globs on ids; a vector must match one of them, if any.
    pub ids: Vec<String>,
    /// A vector must have one of these tags, if any.
    pub tags: Vec<String>,
    /// Globs on ids; a vector matching one of them is left out.
    pub skips: Vec<String>,
}

/// A pattern that selects no vector of the corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmatchedPattern {
    /// The flag that gave it: `--id`, `--tag` or `--skip`.
    pub flag: &'static str,
    pub pattern: String,
}

impl fmt::Display for UnmatchedPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.flag == "--tag" {
            "no vector has the tag"
        } else {
            "matches no vector id"
        };
        write!(f, "{} `{}`: {what}", self.flag, self.pattern)
    }
}

impl std::error::Error for UnmatchedPattern {}

impl Filter {
    /// Whether nothing is filtered.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.tags.is_empty() && self.skips.is_empty()
    }

    /// Whether the vector with `id` and `tags` is selected.
    pub fn selects(&self, id: &str, tags: &[String]) -> bool {
        (self.ids.is_empty() || self.ids.iter().any(|g| glob_match(g, id)))
            && (self.tags.is_empty() || self.tags.iter().any(|t| tags.contains(t)))
            && !self.skips.iter().any(|g| glob_match(g, id))
    }

    /// Checks that every pattern matches some vector of `corpus`, resolve or
    /// parse.
    pub fn check(&self, corpus: &Corpus) -> Result<(), UnmatchedPattern> {
        let vectors = || {
            corpus
                .resolve
                .iter()
                .map(|v| (&v.id, &v.tags))
                .chain(corpus.parse.iter().map(|v| (&v.id, &v.tags)))
        };
        let globs = [("--id", &self.ids), ("--skip", &self.skips)];
        for (flag, patterns) in globs {
            for pattern in patterns.iter() {
                if !vectors().any(|(id, _)| glob_match(pattern, id)) {
                    return Err(UnmatchedPattern {
                        flag,
                        pattern: pattern.clone(),
                    });
                }
            }
        }
        for tag in &self.tags {
            if !vectors().any(|(_, tags)| tags.contains(tag)) {
                return Err(UnmatchedPattern {
                    flag: "--tag",
                    pattern: tag.clone(),
                });
            }
        }
        Ok(())
    }

    /// The selected resolve vectors, in corpus order.
    pub fn resolve<'c>(&self, corpus: &'c Corpus) -> Vec<&'c ResolveVector> {
        corpus
            .resolve
            .iter()
            .filter(|v| self.selects(&v.id, &v.tags))
            .collect()
    }

    /// The selected parse vectors, in corpus order.
    pub fn parse<'c>(&self, corpus: &'c Corpus) -> Vec<&'c ParseVector> {
        corpus
            .parse
            .iter()
            .filter(|v| self.selects(&v.id, &v.tags))
            .collect()
    }
}

/// Matches `text` against `glob`: `*` is any run of characters (`/`
/// included, so `rfc1808-5.1/*` and `*/g` both work), `?` is one character,
/// everything else is itself.
pub fn glob_match(glob: &str, text: &str) -> bool {
    let glob: Vec<char> = glob.chars().collect();
    let text: Vec<char> = text.chars().collect();
    // Greedy matching with one backtrack point, the last `*`: linear in
    // practice and never exponential.
    let (mut g, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match glob.get(g) {
            Some('*') => {
                star = Some((g, t));
                g += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                g += 1;
                t += 1;
            }
            _ => match star {
                Some((sg, st)) => {
                    g = sg + 1;
                    t = st + 1;
                    star = Some((sg, st + 1));
                }
                None => return false,
            },
        }
    }
    glob[g..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("rfc1808-5.1/g", "rfc1808-5.1/g"));
        assert!(!glob_match("rfc1808-5.1/g", "rfc1808-5.1/g-slash"));
        assert!(glob_match("rfc1808-5.1/*", "rfc1808-5.1/g-slash"));
        assert!(glob_match("*/g", "rfc1808-5.1/g"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a*b*c", "aXbYbZc"));
        assert!(!glob_match("a*b*c", "aXbYbZ"));
        assert!(glob_match("rfc1808-5.?/g", "rfc1808-5.2/g"));
        assert!(!glob_match("?", ""));
        assert!(glob_match("é?", "éx"));
        assert!(glob_match("**x", "abx"));
    }

    fn corpus() -> Corpus {
        let mut corpus = Corpus::default();
        corpus
            .add_str(
                "t.toml",
                r#"
[[resolve]]
id = "a/one"
base = "http://a/b"
relative = "g"
expected = "http://a/g"
source = "test"
tags = ["x"]

[[resolve]]
id = "a/two"
base = "http://a/b"
relative = "h"
expected = "http://a/h"
source = "test"
tags = ["y"]

[[resolve]]
id = "b/one"
base = "http://a/b"
relative = "i"
expected = "http://a/i"
source = "test"
tags = ["x", "y"]
"#,
            )
            .unwrap();
        corpus
    }

    fn ids(filter: &Filter, corpus: &Corpus) -> Vec<String> {
        filter
            .resolve(corpus)
            .iter()
            .map(|v| v.id.clone())
            .collect()
    }

    #[test]
    fn ids_tags_and_skips_combine() {
        let corpus = corpus();
        let all = Filter::default();
        assert_eq!(ids(&all, &corpus), ["a/one", "a/two", "b/one"]);
        let f = Filter {
            ids: vec!["a/*".into()],
            ..Filter::default()
        };
        assert_eq!(ids(&f, &corpus), ["a/one", "a/two"]);
        let f = Filter {
            ids: vec!["a/*".into(), "b/*".into()],
            tags: vec!["x".into()],
            ..Filter::default()
        };
        assert_eq!(ids(&f, &corpus), ["a/one", "b/one"]);
        let f = Filter {
            tags: vec!["y".into()],
            skips: vec!["*/two".into()],
            ..Filter::default()
        };
        assert_eq!(ids(&f, &corpus), ["b/one"]);
    }

    #[test]
    fn a_pattern_matching_nothing_is_an_error() {
        let corpus = corpus();
        let f = Filter {
            ids: vec!["a/*".into(), "c/*".into()],
            ..Filter::default()
        };
        assert_eq!(
            f.check(&corpus).unwrap_err().to_string(),
            "--id `c/*`: matches no vector id"
        );
        let f = Filter {
            skips: vec!["a/three".into()],
            ..Filter::default()
        };
        assert_eq!(
            f.check(&corpus).unwrap_err().to_string(),
            "--skip `a/three`: matches no vector id"
        );
        let f = Filter {
            tags: vec!["z".into()],
            ..Filter::default()
        };
        assert_eq!(
            f.check(&corpus).unwrap_err().to_string(),
            "--tag `z`: no vector has the tag"
        );
        let f = Filter {
            ids: vec!["*".into()],
            tags: vec!["x".into()],
            skips: vec!["b/one".into()],
        };
        assert_eq!(f.check(&corpus), Ok(()));
    }
}
