//! The part of a spec's algorithm a case goes through ([`Stage`]): where,
//! in the spec's own words, an implementation parts from it.
//!
//! RFC 1808's stages are the steps of its section 4, as the resolver traces
//! them. RFC 2396's are the steps of its section 5.2 and RFC 3986's the
//! branches of the pseudocode of its section 5.2.2 (the merge of 5.2.3
//! apart), both read off the parse of the reference as those sections
//! read it: their reference resolvers do not trace, and do not need to.

use std::fmt;

use crate::{rfc2396, rfc3986, whatwg, Step};

use super::Spec;

/// The part of a spec's algorithm a case goes through: where, in the
/// spec's own words, an implementation parts from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// A step of RFC 1808 section 4, as the resolver traced it.
    Rfc1808(Step),
    /// A step of RFC 2396 section 5.2.
    Rfc2396(Rfc2396Step),
    /// A branch of RFC 3986 section 5.2.2.
    Rfc3986(Branch),
    /// The state of the URL Standard's basic URL parser that last decided
    /// what the URL takes from the base ([`whatwg::trace`]).
    Whatwg(whatwg::State),
}

/// The steps of RFC 2396 section 5.2 at which resolution ends (step 1
/// parses, step 7 recombines whatever the others made).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rfc2396Step {
    /// A reference to the current document.
    Step2,
    /// The reference has a scheme: it is absolute.
    Step3,
    /// A network-path (an authority).
    Step4,
    /// An absolute-path.
    Step5,
    /// A relative-path, merged with the base's path.
    Step6,
}

/// The branches of the pseudocode of RFC 3986 section 5.2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Branch {
    /// `if defined(R.scheme)`: `T.path = remove_dot_segments(R.path)`.
    Scheme,
    /// `if defined(R.authority)`: likewise.
    Authority,
    /// `if (R.path == "")`: the base's path, and its query unless R has one.
    EmptyPath,
    /// `if (R.path starts-with "/")`: `remove_dot_segments(R.path)`.
    AbsolutePath,
    /// Otherwise: section 5.2.3 merges the paths, then 5.2.4 removes dots.
    Merge,
}

impl Stage {
    /// RFC 3986's branch for `reference` against `base`: the conditions of
    /// section 5.2.2 on the parse of Appendix B, with the non-strict
    /// parser's same scheme ignored as `rfc3986::resolve_with` ignores it.
    pub(super) fn rfc3986(base: &str, reference: &str, readings: rfc3986::Readings) -> Stage {
        let r = rfc3986::parse(reference);
        let scheme = r.scheme.filter(|s| {
            readings.same_scheme == rfc3986::SameScheme::Strict
                || !rfc3986::parse(base)
                    .scheme
                    .is_some_and(|b| b.eq_ignore_ascii_case(s))
        });
        Stage::Rfc3986(if scheme.is_some() {
            Branch::Scheme
        } else if r.authority.is_some() {
            Branch::Authority
        } else if r.path.is_empty() {
            Branch::EmptyPath
        } else if r.path.starts_with('/') {
            Branch::AbsolutePath
        } else {
            Branch::Merge
        })
    }

    /// RFC 2396's step for `reference` against `base`: the tests of steps 2
    /// to 5 of section 5.2 on the parse of its Appendix B, step 3's
    /// backward-compatible removal of the base's scheme (for a base with an
    /// authority or an absolute path) as `rfc2396::resolve_with` does it.
    pub(super) fn rfc2396(base: &str, reference: &str, readings: rfc2396::Readings) -> Stage {
        let r = rfc3986::parse(reference);
        let b = rfc3986::parse(base);
        if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
            return Stage::Rfc2396(Rfc2396Step::Step2);
        }
        let hierarchical = b.authority.is_some() || b.path.starts_with('/');
        let removed = readings.same_scheme == rfc3986::SameScheme::NonStrict
            && hierarchical
            && matches!((r.scheme, b.scheme), (Some(r), Some(b)) if r.eq_ignore_ascii_case(b));
        Stage::Rfc2396(if r.scheme.is_some() && !removed {
            Rfc2396Step::Step3
        } else if r.authority.is_some() {
            Rfc2396Step::Step4
        } else if r.path.starts_with('/') {
            Rfc2396Step::Step5
        } else {
            Rfc2396Step::Step6
        })
    }

    /// How reports name it: `Step 6`, `5.2 step 6`, `5.2.3 merge`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Rfc1808(step) => step.name(),
            Stage::Rfc2396(step) => match step {
                Rfc2396Step::Step2 => "5.2 step 2",
                Rfc2396Step::Step3 => "5.2 step 3",
                Rfc2396Step::Step4 => "5.2 step 4",
                Rfc2396Step::Step5 => "5.2 step 5",
                Rfc2396Step::Step6 => "5.2 step 6",
            },
            Stage::Rfc3986(branch) => match branch {
                Branch::Scheme => "5.2.2 R.scheme defined",
                Branch::Authority => "5.2.2 R.authority defined",
                Branch::EmptyPath => "5.2.2 R.path empty",
                Branch::AbsolutePath => "5.2.2 R.path absolute",
                Branch::Merge => "5.2.3 merge",
            },
            Stage::Whatwg(state) => state.name(),
        }
    }

    pub fn spec(self) -> Spec {
        match self {
            Stage::Rfc1808(_) => Spec::Rfc1808,
            Stage::Rfc2396(_) => Spec::Rfc2396,
            Stage::Rfc3986(_) => Spec::Rfc3986,
            Stage::Whatwg(_) => Spec::Whatwg,
        }
    }

    /// Whether the reference is taken for absolute here, its scheme its
    /// own: RFC 1808's Step 2b, RFC 2396's step 3, RFC 3986's `R.scheme`,
    /// the URL Standard's scheme state.
    pub fn takes_the_scheme(self) -> bool {
        matches!(
            self,
            Stage::Rfc1808(Step::Step2b)
                | Stage::Rfc2396(Rfc2396Step::Step3)
                | Stage::Rfc3986(Branch::Scheme)
                | Stage::Whatwg(whatwg::State::Scheme)
        )
    }

    /// Whether the query or fragment may come from the base here.
    pub fn inherits_query(self) -> bool {
        matches!(
            self,
            Stage::Rfc1808(Step::Step2a | Step::Step5b)
                | Stage::Rfc2396(Rfc2396Step::Step2)
                | Stage::Rfc3986(Branch::EmptyPath)
                | Stage::Whatwg(whatwg::State::Relative | whatwg::State::NoScheme)
        )
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_with_the_base_s_scheme_is_a_scheme_branch_only_under_the_strict_reading() {
        let strict = rfc3986::Readings::default();
        let non_strict: rfc3986::Readings = "same-scheme=non-strict".parse().unwrap();
        let base = "http://a/b/c/d;p?q";
        assert_eq!(
            Stage::rfc3986(base, "http:g", strict),
            Stage::Rfc3986(Branch::Scheme)
        );
        assert_eq!(
            Stage::rfc3986(base, "HTTP:g", non_strict),
            Stage::Rfc3986(Branch::Merge)
        );
        // Another scheme is the scheme branch under either reading.
        assert_eq!(
            Stage::rfc3986(base, "ftp:g", non_strict),
            Stage::Rfc3986(Branch::Scheme)
        );
        assert_eq!(
            Stage::rfc3986(base, "ftp:g", strict),
            Stage::Rfc3986(Branch::Scheme)
        );
    }
}
