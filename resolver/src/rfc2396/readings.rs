//! The places where RFC 2396's resolution can be read more than one way, as
//! named readings: `NAME=VALUE` on the command line, a field here.

use std::fmt;

use crate::rfc3986::{split_assignment, ReadingError, SameScheme};

/// The readings RFC 2396 resolution runs under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    /// Step 2: what "a reference to the current document" resolves to.
    /// `current-document`.
    pub current_document: CurrentDocument,
    /// Step 3: whether a scheme in the reference that equals the base's is
    /// removed. `same-scheme`.
    pub same_scheme: SameScheme,
    /// Step 6a: what a base path that is empty gives when the base has an
    /// authority. `empty-base-path`.
    pub empty_base_path: EmptyBasePath,
    /// Step 6g: what `..` segments left at the start of the path do.
    /// `above-root`.
    pub above_root: AboveRoot,
}

/// Step 2: "If the path component is empty and the scheme, authority, and
/// query components are undefined, then it is a reference to the current
/// document and we are done." Appendix C prints the answers as `(current
/// document)` and `(current document)#s`; section 4.2 says traversal
/// "should not result in an additional retrieval action", except where "an
/// empty URI reference represents the base URI of the current document".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CurrentDocument {
    /// `base`: the base URI without its fragment, then the reference's
    /// fragment, as section 4.2 gives for a new request, and as RFC 1808
    /// and RFC 3986 resolve it (the default).
    #[default]
    Base,
    /// `reference`: the reference is left as it is (`#s` stays `#s`): a
    /// same-document reference, which "we are done" does not resolve.
    Reference,
}

/// Step 6a: "All but the last segment of the base URI's path component is
/// copied to the buffer." RFC 3986 Appendix D: "[RFC2396] section 5.2,
/// step 6a, failed to account for a base URI with no path."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EmptyBasePath {
    /// `slash`: the buffer starts with `/` (`http://a` + `g` gives
    /// `http://a/g`), as RFC 3986's merge and the BNF's `net_path = "//"
    /// authority [ abs_path ]` need (the default).
    #[default]
    Slash,
    /// `literal`: the buffer starts empty and step 7 joins the authority
    /// and the path as they are (`http://a` + `g` gives `http://ag`).
    Literal,
}

/// Step 6g: "If the resulting buffer string still begins with one or more
/// complete path segments of "..", then the reference is considered to be
/// in error. Implementations may handle this error by retaining these
/// components in the resolved path (i.e., treating them as part of the
/// final URI), by removing them from the resolved path (i.e., discarding
/// relative levels above the root), or by avoiding traversal of the
/// reference."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AboveRoot {
    /// `kept`: "retaining these components"; Appendix C's printed answers
    /// (`../../../g` = `http://a/../g`) (the default).
    #[default]
    Kept,
    /// `removed`: "discarding relative levels above the root"; "will be
    /// interpreted as "http://a/g" by some implementations".
    Removed,
    /// `error`: "avoiding traversal of the reference": no answer.
    Error,
}

impl Readings {
    /// Every reading's name with its values, the default first.
    pub const TABLE: &'static [(&'static str, &'static [&'static str])] = &[
        ("current-document", &["base", "reference"]),
        ("same-scheme", &["strict", "non-strict"]),
        ("empty-base-path", &["slash", "literal"]),
        ("above-root", &["kept", "removed", "error"]),
    ];

    /// Every combination of readings.
    pub fn all() -> Vec<Readings> {
        let mut all = Vec::new();
        for current_document in [CurrentDocument::Base, CurrentDocument::Reference] {
            for same_scheme in [SameScheme::Strict, SameScheme::NonStrict] {
                for empty_base_path in [EmptyBasePath::Slash, EmptyBasePath::Literal] {
                    for above_root in [AboveRoot::Kept, AboveRoot::Removed, AboveRoot::Error] {
                        all.push(Readings {
                            current_document,
                            same_scheme,
                            empty_base_path,
                            above_root,
                        });
                    }
                }
            }
        }
        all
    }

    /// Sets one reading from `NAME=VALUE`.
    ///
    /// ```
    /// use rfc1808_resolver::rfc2396::{AboveRoot, Readings};
    ///
    /// let mut readings = Readings::default();
    /// readings.set("above-root=removed").unwrap();
    /// assert_eq!(readings.above_root, AboveRoot::Removed);
    /// ```
    pub fn set(&mut self, assignment: &str) -> Result<(), ReadingError> {
        match split_assignment("rfc2396", assignment, Self::TABLE)? {
            ("current-document", "base") => self.current_document = CurrentDocument::Base,
            ("current-document", _) => self.current_document = CurrentDocument::Reference,
            ("same-scheme", "strict") => self.same_scheme = SameScheme::Strict,
            ("same-scheme", _) => self.same_scheme = SameScheme::NonStrict,
            ("empty-base-path", "slash") => self.empty_base_path = EmptyBasePath::Slash,
            ("empty-base-path", _) => self.empty_base_path = EmptyBasePath::Literal,
            ("above-root", "kept") => self.above_root = AboveRoot::Kept,
            ("above-root", "removed") => self.above_root = AboveRoot::Removed,
            ("above-root", _) => self.above_root = AboveRoot::Error,
            (name, value) => {
                unreachable!("split_assignment checked `{name}={value}` against TABLE")
            }
        }
        Ok(())
    }
}

impl fmt::Display for Readings {
    /// The readings as `NAME=VALUE` words, as [`Readings::set`] takes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let current_document = match self.current_document {
            CurrentDocument::Base => "base",
            CurrentDocument::Reference => "reference",
        };
        let same_scheme = match self.same_scheme {
            SameScheme::Strict => "strict",
            SameScheme::NonStrict => "non-strict",
        };
        let empty_base_path = match self.empty_base_path {
            EmptyBasePath::Slash => "slash",
            EmptyBasePath::Literal => "literal",
        };
        let above_root = match self.above_root {
            AboveRoot::Kept => "kept",
            AboveRoot::Removed => "removed",
            AboveRoot::Error => "error",
        };
        write!(
            f,
            "current-document={current_document} same-scheme={same_scheme} \
             empty-base-path={empty_base_path} above-root={above_root}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_round_trips_through_its_words() {
        assert_eq!(Readings::all().len(), 24);
        for readings in Readings::all() {
            let mut parsed = Readings::default();
            for word in readings.to_string().split(' ') {
                parsed.set(word).unwrap();
            }
            assert_eq!(parsed, readings);
        }
    }

    #[test]
    fn bad_assignments_say_what_there_is() {
        let mut readings = Readings::default();
        assert_eq!(
            readings.set("above-root=dropped").unwrap_err().to_string(),
            "rfc2396 has no reading `above-root=dropped`: `above-root` is `kept`, `removed` or `error`"
        );
        assert_eq!(
            readings.set("6g=kept").unwrap_err().to_string(),
            "rfc2396 has no reading named in `6g=kept`: its readings are \
             `current-document`, `same-scheme`, `empty-base-path` or `above-root`"
        );
    }
}
