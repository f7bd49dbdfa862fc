//! Version conditions: which versions of an implementation an expectations
//! entry holds for.
//!
//! A library's answers change between releases, and one project often gates
//! several (a Python library tested on 3.9 to 3.13, a system package that a
//! distribution replaces under it). An entry of an expectations file may
//! therefore say which versions it holds for:
//!
//! ```toml
//! [[expected-failure]]
//! id = "interpretation/base-empty-net-loc-fielding"
//! reason = "..."
//! versions = "<0.12"                 # a requirement, as Cargo writes them
//! # versions = ["0.11.0", ">=0.13"]  # or any of several
//! ```
//!
//! Each string is a [semver](https://semver.org) requirement as Cargo reads
//! one (`<0.12`, `>=1.2, <1.4`, `~3.11`, `*`), with one difference: a bare
//! version names that release alone (`0.11.0` is `=0.11.0`, where Cargo
//! would read `^0.11.0`), because a list of the releases an entry was seen
//! on is what a person writes, and what `--write-expectations` writes. An
//! array holds when any of its strings does.
//!
//! The version they are matched against is the one the implementation
//! reports in its handshake (`implementation_version`), read by
//! [`library_version`]: the first `MAJOR[.MINOR[.PATCH]]` in it, with what
//! comes before its digits skipped, so `0.11.0 (ruby 3.1.2)` is 0.11.0,
//! `go1.19.8` is 1.19.8 and `3.12` is 3.12.0.

use std::fmt;

pub use semver::Version;
use semver::VersionReq;

/// The versions an entry holds for: any of several requirements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versions {
    /// Each requirement with the text it was written as.
    any_of: Vec<(String, VersionReq)>,
}

impl Versions {
    /// Parses the strings of a `versions` key; the error says which string
    /// is malformed and why.
    pub fn parse<S: AsRef<str>>(strings: &[S]) -> Result<Self, String> {
        if strings.is_empty() {
            return Err("an empty list holds for no version; remove the entry, or the key".into());
        }
        let any_of = strings
            .iter()
            .map(|s| {
                let s = s.as_ref();
                requirement(s).map(|req| (s.to_owned(), req))
            })
            .collect::<Result<_, _>>()?;
        Ok(Versions { any_of })
    }

    /// One release, exactly.
    pub fn exactly(version: &Version) -> Self {
        let text = version.to_string();
        let req = requirement(&text).expect("a printed version is a requirement");
        Versions {
            any_of: vec![(text, req)],
        }
    }

    /// Whether `version` is one the entry holds for.
    pub fn matches(&self, version: &Version) -> bool {
        self.any_of.iter().any(|(_, req)| req.matches(version))
    }

    /// The strings, as written.
    pub fn strings(&self) -> impl Iterator<Item = &str> {
        self.any_of.iter().map(|(s, _)| s.as_str())
    }

    /// These versions and `version` too.
    pub fn with(&self, version: &Version) -> Self {
        let mut any_of = self.any_of.clone();
        any_of.extend(Versions::exactly(version).any_of);
        Versions { any_of }
    }

    /// These versions without `version`, when it was named exactly: `None`
    /// when nothing is left, or when a range still holds for it (a range
    /// cannot be cut, so the entry no longer says anything true).
    pub fn without(&self, version: &Version) -> Option<Self> {
        let any_of: Vec<_> = self
            .any_of
            .iter()
            .filter(|(_, req)| !names_only(req, version))
            .cloned()
            .collect();
        let left = Versions { any_of };
        (!left.any_of.is_empty() && !left.matches(version)).then_some(left)
    }
}

impl fmt::Display for Versions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strings: Vec<&str> = self.strings().collect();
        f.write_str(&strings.join(" or "))
    }
}

/// Whether `req` is `=version` and nothing else.
fn names_only(req: &VersionReq, version: &Version) -> bool {
    matches!(req.comparators.as_slice(), [c] if c.op == semver::Op::Exact
        && c.major == version.major
        && c.minor == Some(version.minor)
        && c.patch == Some(version.patch)
        && c.pre == version.pre)
}

/// A requirement as Cargo reads it, except that a bare version is exact.
fn requirement(s: &str) -> Result<VersionReq, String> {
    let exact: Vec<String> = s
        .split(',')
        .map(|part| {
            let part = part.trim();
            if part.starts_with(|c: char| c.is_ascii_digit()) {
                format!("={part}")
            } else {
                part.to_owned()
            }
        })
        .collect();
    VersionReq::parse(&exact.join(", ")).map_err(|e| {
        format!("`{s}` is not a version requirement ({e}); write one like `0.11.0`, `<0.12` or `>=1.2, <1.4`")
    })
}

/// The library version in what an implementation reports of itself: the
/// first `MAJOR[.MINOR[.PATCH]]` (missing parts are 0) with an optional
/// `-PRERELEASE`, after any letters that lead up to it (`go1.19.8`,
/// `v2.0.1`). `None` when it holds no digit.
pub fn library_version(reported: &str) -> Option<Version> {
    let start = reported.find(|c: char| c.is_ascii_digit())?;
    let rest = &reported[start..];
    let mut parts = [0u64; 3];
    let mut end = 0;
    for (i, part) in parts.iter_mut().enumerate() {
        let from = if i == 0 {
            0
        } else {
            match rest[end..].strip_prefix('.') {
                Some(after) if after.starts_with(|c: char| c.is_ascii_digit()) => end + 1,
                _ => break,
            }
        };
        let digits = rest[from..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - from);
        *part = rest[from..from + digits].parse().ok()?;
        end = from + digits;
    }
    let mut version = Version::new(parts[0], parts[1], parts[2]);
    if let Some(pre) = rest[end..].strip_prefix('-') {
        let len = pre
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
            .unwrap_or(pre.len());
        if let Ok(pre) = semver::Prerelease::new(pre[..len].trim_end_matches('.')) {
            version.pre = pre;
        }
    }
    Some(version)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap()
    }

    #[test]
    fn the_version_is_read_from_what_adapters_report() {
        for (reported, version) in [
            ("0.11.0 (ruby 3.1.2)", "0.11.0"),
            ("go1.19.8", "1.19.8"),
            ("3.11.7", "3.11.7"),
            ("1.2.7 (tcllib 1.21, Tcl 8.6.13)", "1.2.7"),
            ("v20.20.2", "20.20.2"),
            ("3.12", "3.12.0"),
            ("17", "17.0.0"),
            ("2.0.0-rc.1 (beta)", "2.0.0-rc.1"),
        ] {
            assert_eq!(library_version(reported), Some(v(version)), "{reported}");
        }
        assert_eq!(library_version("unknown"), None);
        assert_eq!(library_version(""), None);
    }

    #[test]
    fn a_bare_version_is_that_release_alone() {
        let only = Versions::parse(&["0.11.0"]).unwrap();
        assert!(only.matches(&v("0.11.0")));
        assert!(!only.matches(&v("0.11.1")), "Cargo's ^0.11.0 would match");
        let range = Versions::parse(&["<0.12"]).unwrap();
        assert!(range.matches(&v("0.11.0")) && !range.matches(&v("0.12.4")));
        let both = Versions::parse(&["1.2, 1.3"]).unwrap();
        assert!(!both.matches(&v("1.2.0")), "both must hold: =1.2 and =1.3");
        let any = Versions::parse(&["0.11.0", ">=0.13"]).unwrap();
        assert!(any.matches(&v("0.11.0")) && any.matches(&v("1.0.0")));
        assert!(!any.matches(&v("0.12.4")));
        assert_eq!(any.to_string(), "0.11.0 or >=0.13");
    }

    #[test]
    fn a_malformed_condition_says_what_to_write() {
        assert_eq!(
            Versions::parse(&["0.11.0", "<<1"]).unwrap_err(),
            "`<<1` is not a version requirement (unexpected character '<' while parsing major version number); write one like `0.11.0`, `<0.12` or `>=1.2, <1.4`"
        );
        assert_eq!(
            Versions::parse::<&str>(&[]).unwrap_err(),
            "an empty list holds for no version; remove the entry, or the key"
        );
    }

    #[test]
    fn a_release_is_added_and_taken_out_by_name() {
        let seen = Versions::exactly(&v("0.12.4")).with(&v("0.11.0"));
        assert_eq!(seen.to_string(), "0.12.4 or 0.11.0");
        let left = seen.without(&v("0.11.0")).unwrap();
        assert_eq!(left.to_string(), "0.12.4");
        assert_eq!(left.without(&v("0.12.4")), None, "nothing left");
        let range = Versions::parse(&["<0.12", "0.13.0"]).unwrap();
        assert_eq!(
            range.without(&v("0.11.0")),
            None,
            "a range that still holds cannot be cut"
        );
        assert_eq!(range.without(&v("0.13.0")).unwrap().to_string(), "<0.12");
    }
}
