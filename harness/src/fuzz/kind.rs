//! Kinds of mismatch: what `rfc1808 fuzz` groups its findings by, and what
//! its shrinker keeps while it makes a case smaller.
//!
//! A kind is a [`Difference`], how the implementation's answer differs from
//! the reference's, with the steps of RFC 1808 section 4 it stands for: one
//! step, Steps 1 to 5, or every step ([`Steps`]).
//!
//! # Which kinds have a step
//!
//! The step at which the reference finished tells where in the algorithm
//! the implementation parts from the RFC, but one cause often shows at
//! several steps, and a kind per step multiplies the report by up to
//! seven. What CPython's `urljoin`, Node's WHATWG `URL` and Go's `net/url`
//! show with absolute bases decided it:
//!
//! - Dot segments, empty segments and the slash before the path tell a
//!   path taken as it is (Steps 1 to 5: from the embedded URL at 2b, 3 and
//!   4, from the base at 2a and 5) from one merged (Step 6), and nothing
//!   more: `Steps 1-5: dot segments removed` is RFC 3986's dot removal in
//!   an absolute path, or a library normalizing every URL it parses, the
//!   same at each of those steps; `Step 6: dot segments removed` is `..`
//!   above the root. The params go with the path, as RFC 2396, RFC 3986
//!   and WHATWG take them for part of its last segment: params dropped,
//!   added or changed are the path differing, and only an empty params on
//!   one side is told apart (below).
//! - Any other path difference keeps its step, which is then the most
//!   useful thing to know about it: `Step 5a: path differs` is params taken
//!   for a path segment, `Step 2a: path differs` a base that cannot be
//!   resolved against. So do the 2b differences below, and the query's
//!   and fragment's at the steps that inherit them from the base (2a and
//!   5b): `Step 2a: fragment dropped` is RFC 3986's base without its
//!   fragment.
//! - Everything else is how a library parses, stores or prints a URL, the
//!   same whatever the step, and one kind: an empty params, query,
//!   fragment or net_loc dropped (it cannot tell `?` from no query), an
//!   empty net_loc added (it prints `//` after the schemes it knows), a
//!   case changed, the scheme or net_loc otherwise different, characters
//!   percent-encoded, control characters stripped, the relative URL
//!   returned as is, a rejection, a failure to answer. Its finding lists
//!   the steps its mismatches were at, with their counts.
//!
//! # Differences
//!
//! The implementation either
//!
//! - `rejected: MESSAGE` (its library raised an error; the message is
//!   grouped by what it means, with the input it echoes and the positions
//!   it gives taken out: see [`MessageClass`]), or
//! - `failed to answer` (a crash, a timeout or a protocol error), or
//! - resolved it to another URL. The first of these that holds describes
//!   it:
//!   - at Step 2b, where the reference takes the embedded URL as absolute,
//!     `scheme not recognized` (the answer has another scheme, or the
//!     scheme once more, as from a relative path) and `resolved as a
//!     relative URL` (the answer has the base's net_loc: `http:g` as `g`,
//!     which section 5.2 says some parsers do);
//!   - `control characters stripped`: the answer is the reference's for the
//!     case with tabs and newlines removed and C0 controls and spaces
//!     trimmed from both ends, as the WHATWG URL Standard does, or from one
//!     end only, as some libraries do. An answer without the controls that
//!     differs in more is described as an answer to the stripped case;
//!   - `relative URL returned as is`;
//!   - `characters percent-encoded` / `percent-decoded`: equal once both
//!     are percent-decoded;
//!   - `empty net_loc added` / `dropped`: `//` inserted after the scheme
//!     or taken out, told from the string, since `http:///g` re-parses
//!     with the net_loc `g`;
//!   - ``net_loc cut at `?` `` (or `;`): the answer's net_loc is the
//!     reference's up to its first `?`, as RFC 3986 and WHATWG end it
//!     there and RFC 1808 does not (section 2.4.3); `no slash between the
//!     net_loc and the query`: the other way round (`http://?a`);
//!   - otherwise both URLs are split into components (section 2.4) and the
//!     first component that differs, in the order scheme, net_loc, path
//!     with params, query, fragment, is described (a net_loc on one side
//!     only comes first, as it shifts every component after it, unless
//!     removing dot segments made it, as `/.//a` becomes `//a`). Only the
//!     first, so that one root cause is one kind whatever else the case
//!     holds; shrinking then removes the rest:
//!     - `empty query dropped` / `empty query added`: `?` with nothing
//!       after it, present on one side only (likewise for the other
//!       components);
//!     - `query dropped` / `query added`: present on one side only;
//!     - `scheme case changed`, `net_loc case changed`: equal ignoring
//!       ASCII case;
//!     - for the path, after percent-decoding: `dot segments removed` (the
//!       paths are equal once `.` and `..`, also written `%2E`, are removed
//!       as RFC 3986 section 5.2.4 does, with or without runs of slashes
//!       made one, and the implementation's has fewer of them), `dot
//!       segments kept` (equal so, and it has more), `empty segments
//!       removed` / `added` (equal once runs of slashes are made one),
//!       `slash before the path dropped` / `added`;
//!     - otherwise `path differs` (the params included), `query differs`
//!       and so on.
//!
//! A mismatch on a case whose scheme starts with a digit or a symbol (the
//! base's, or the embedded URL's at Step 2b) that goes away or changes kind
//! when a letter takes that place is `scheme not starting with a letter`:
//! RFC 1808 takes `9p:` for a scheme, RFC 3986 and WHATWG do not, and a
//! library of theirs takes `9p://a/b` for a path and differs in every
//! component by turns ([`Kind::letter_variant`]).
//!
//! For example `Steps 1-5: dot segments removed` is an implementation that
//! removes `.` and `..` from an absolute path, as RFC 3986 does and RFC 1808
//! does not; `empty query dropped` is an implementation that stores the
//! query as a string and so cannot tell `?` from no query.
//!
//! # Under RFC 2396 and RFC 3986
//!
//! `rfc1808 fuzz --spec rfc3986` (or `rfc2396`) describes the same
//! differences as deviations from that spec, in its words
//! ([`super::Stage`]): the URLs are split by the regular expression of RFC
//! 3986 Appendix B, so a host is in the `authority`, which ends at `?`, and
//! `;` is part of a segment; where RFC 1808 names a step, they name RFC
//! 3986's branch of section 5.2.2 (`5.2.2 R.scheme defined`, `5.2.2
//! R.authority defined`, `5.2.2 R.path empty`, `5.2.2 R.path absolute`,
//! `5.2.3 merge`) or RFC 2396's step of section 5.2 (`5.2 step 2` to `5.2
//! step 6`). Every branch but the empty path's removes dot segments
//! (section 5.2.4), each on its own path, so a path's differences always
//! keep their branch: `5.2.3 merge: dot segments kept` is the base's dot
//! segments kept in a merge, `5.2.2 R.scheme defined: dot segments kept`
//! an absolute reference's. A component dropped, added or emptied is the
//! recomposition's (`5.3: empty query dropped`, `5.2 step 7: ...`), where
//! a defined but empty component keeps its delimiter.

use std::cmp::Ordering;
use std::fmt;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::{Components, Step};
use rfc1808_vectors::Spec;

use super::message::MessageClass;
use crate::implementation::Answer;
use rfc1808_resolver::spec::{Reference, Resolved, Stage};

/// A kind of mismatch: how the answer differs, and the steps that stands
/// for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// The steps the kind stands for.
    pub steps: Steps,
    /// How the implementation's answer differs.
    pub difference: Difference,
}

/// The steps of section 4 a kind stands for, or under a later spec the
/// part of its algorithm. Ordered: every step, the recomposition, Steps
/// 1-5, then each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Steps {
    /// Every step: the difference has one cause wherever it shows.
    All,
    /// Under RFC 2396 (step 7) and RFC 3986 (section 5.3): how the
    /// components are recombined, where a defined but empty query,
    /// fragment or authority keeps its delimiter; wherever it shows.
    Recomposition(Spec),
    /// Steps 1 to 5 of RFC 1808, which take the path as it is from one of
    /// the two URLs, as against Step 6, which merges them.
    TakenPath,
    /// The stage the reference went through.
    One(Stage),
}

/// A component of a URL (section 2.4), as a difference names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    Scheme,
    /// RFC 1808's net_loc.
    NetLoc,
    /// The authority of RFC 2396 and RFC 3986, which ends at `?` and `#`.
    Authority,
    Path,
    Params,
    Query,
    Fragment,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Component::Scheme => "scheme",
            Component::NetLoc => "net_loc",
            Component::Authority => "authority",
            Component::Path => "path",
            Component::Params => "params",
            Component::Query => "query",
            Component::Fragment => "fragment",
        })
    }
}

/// Where a net_loc that RFC 1808 lets run on ends in later specifications.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NetLocEnd {
    /// At the first `?`, as RFC 3986 and WHATWG end the authority.
    Query,
    /// At the first `;`.
    Params,
}

impl fmt::Display for NetLocEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NetLocEnd::Query => "?",
            NetLocEnd::Params => ";",
        })
    }
}

/// How an implementation's answer differs from the reference's; the first
/// description that holds, in the order of the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difference {
    /// The library raised an error; its message, with the input it echoes
    /// and the positions it gives taken out.
    Rejected(MessageClass),
    /// No answer at all: a crash, a timeout or a protocol error. Never
    /// known, never shrunk.
    FailedToAnswer,
    /// Resolved a case the readings held make an error (RFC 2396's
    /// `above-root=error`).
    NotRejected,
    /// At Step 2b, the embedded URL's scheme was not taken for one: the
    /// answer has another scheme, or the scheme once more, as a relative
    /// path resolved against the base would.
    SchemeNotRecognized,
    /// At Step 2b, an embedded URL with the base's scheme was resolved
    /// against the base (`http:g` as `g`), which section 5.2 says some
    /// parsers do.
    ResolvedAsRelative,
    /// A mismatch that goes away or changes kind when a letter starts the
    /// scheme: RFC 1808 takes `9p:` for a scheme, RFC 3986 and WHATWG do
    /// not ([`Kind::letter_variant`]).
    SchemeNotStartingWithALetter,
    /// The answer is the reference's for the case with tabs and newlines
    /// removed and C0 controls and spaces trimmed, as WHATWG does.
    ControlCharactersStripped,
    /// The answer is the relative URL itself, as from a library that
    /// resolves only against schemes it knows.
    RelativeReturnedAsIs,
    /// Equal once both are percent-decoded, the answer holding more escapes.
    PercentEncoded,
    /// Equal once both are percent-decoded, the answer holding fewer.
    PercentDecoded,
    /// The answer's net_loc is the reference's cut at its first `?` or `;`,
    /// where RFC 1808 (section 2.4.3) does not end it.
    NetLocCut(NetLocEnd),
    /// The other way round: the answer's net_loc runs on into what the
    /// reference takes for the query (`http://?a`).
    NoSlashBeforeQuery,
    /// A component empty in the reference's answer (`?` with nothing after
    /// it) is absent from the implementation's: a library that cannot tell
    /// an empty component from none.
    EmptyDropped(Component),
    /// An empty component the reference's answer does not have (`//` after
    /// a scheme the library knows).
    EmptyAdded(Component),
    /// A component the reference's answer has is absent.
    Dropped(Component),
    /// A component the reference's answer does not have is present.
    Added(Component),
    /// The component is equal ignoring ASCII case.
    CaseChanged(Component),
    /// The component differs otherwise.
    Differs(Component),
    /// The paths are equal once `.` and `..` segments are removed as RFC
    /// 3986 section 5.2.4 does, and the answer's has fewer of them.
    DotSegmentsRemoved,
    /// Equal so, and the answer's path has more of them.
    DotSegmentsKept,
    /// The paths are equal once runs of slashes are made one, and the
    /// answer's has fewer empty segments.
    EmptySegmentsRemoved,
    /// Equal so, and the answer's path has more empty segments.
    EmptySegmentsAdded,
    /// The path is the same but for the slash before it, which the answer
    /// lacks.
    SlashBeforePathDropped,
    /// The path is the same but for a slash before it in the answer.
    SlashBeforePathAdded,
    /// What is left of an answer nothing explains once the listed
    /// deviations are applied ([`Kind::residual`]): in `component` (the
    /// path), the segments `removed` taken out and `added` put in their
    /// place.
    Edited {
        component: Component,
        removed: Segments,
        added: Segments,
    },
    /// None of the above: unreachable while parsing a URL and printing its
    /// components gives it back (the parse vectors check that); kept so
    /// that every mismatch has a kind.
    Unexplained,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Difference as D;
        match self {
            D::Rejected(message) => write!(f, "rejected: {message}"),
            D::FailedToAnswer => f.write_str("failed to answer"),
            D::NotRejected => f.write_str("resolved where the reading held rejects"),
            D::SchemeNotRecognized => f.write_str("scheme not recognized"),
            D::ResolvedAsRelative => f.write_str("resolved as a relative URL"),
            D::SchemeNotStartingWithALetter => f.write_str("scheme not starting with a letter"),
            D::ControlCharactersStripped => f.write_str("control characters stripped"),
            D::RelativeReturnedAsIs => f.write_str("relative URL returned as is"),
            D::PercentEncoded => f.write_str("characters percent-encoded"),
            D::PercentDecoded => f.write_str("characters percent-decoded"),
            D::NetLocCut(at) => write!(f, "net_loc cut at `{at}`"),
            D::NoSlashBeforeQuery => f.write_str("no slash between the net_loc and the query"),
            D::EmptyDropped(c) => write!(f, "empty {c} dropped"),
            D::EmptyAdded(c) => write!(f, "empty {c} added"),
            D::Dropped(c) => write!(f, "{c} dropped"),
            D::Added(c) => write!(f, "{c} added"),
            D::CaseChanged(c) => write!(f, "{c} case changed"),
            D::Differs(c) => write!(f, "{c} differs"),
            D::DotSegmentsRemoved => f.write_str("dot segments removed"),
            D::DotSegmentsKept => f.write_str("dot segments kept"),
            D::EmptySegmentsRemoved => f.write_str("empty segments removed"),
            D::EmptySegmentsAdded => f.write_str("empty segments added"),
            D::SlashBeforePathDropped => f.write_str("slash before the path dropped"),
            D::SlashBeforePathAdded => f.write_str("slash before the path added"),
            D::Edited {
                component,
                removed,
                added,
            } => {
                let what = |s: &Segments| match s {
                    Segments::Empty => "empty segments",
                    _ => "segments",
                };
                match (removed, added) {
                    (_, Segments::None) => write!(f, "{component}: {} removed", what(removed)),
                    (Segments::None, _) => write!(f, "{component}: {} added", what(added)),
                    _ => write!(f, "{component}: segments replaced"),
                }
            }
            D::Unexplained => f.write_str("differs"),
        }
    }
}

/// The segments a residual takes out of a path or puts in: what they are
/// varies from case to case, whether there are any and whether they are
/// all empty (a slash more or less) does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Segments {
    None,
    /// Empty segments only: slashes.
    Empty,
    /// Some segment that is not empty.
    Named,
}

impl Segments {
    /// What `list` holds.
    fn of(list: &[&str]) -> Segments {
        match list {
            [] => Segments::None,
            _ if list.iter().all(|s| s.is_empty()) => Segments::Empty,
            _ => Segments::Named,
        }
    }
}

impl Difference {
    /// The component this difference is in, if it is in one: what a
    /// catalogue entry modelling it would act on.
    pub fn component(&self) -> Option<Component> {
        use Difference as D;
        match self {
            D::EmptyDropped(c)
            | D::EmptyAdded(c)
            | D::Dropped(c)
            | D::Added(c)
            | D::CaseChanged(c)
            | D::Differs(c)
            | D::Edited { component: c, .. } => Some(*c),
            D::DotSegmentsRemoved
            | D::DotSegmentsKept
            | D::EmptySegmentsRemoved
            | D::EmptySegmentsAdded
            | D::SlashBeforePathDropped
            | D::SlashBeforePathAdded => Some(Component::Path),
            _ => None,
        }
    }

    /// The steps this difference, found where the reference went through
    /// `stage`, stands for (the module documentation says why).
    pub fn steps(&self, stage: Stage) -> Steps {
        use Difference as D;
        let step = Steps::One(stage);
        let inherited = stage.inherits_query();
        // Under the later specs every branch takes its path through
        // remove_dot_segments but the empty path's, and each is its own
        // place to go wrong: the path's differences keep their stage.
        let path_source = match stage {
            Stage::Rfc1808(Step::Step6) => step,
            Stage::Rfc1808(_) => Steps::TakenPath,
            _ => step,
        };
        // How a URL is stored or printed: under a later spec, the
        // recomposition, which tells an empty component from an undefined
        // one. A component there or not, or another, is the branch's
        // doing (`T.query = R.query`), and keeps the stage.
        let (printed, component) = match stage.spec() {
            Spec::Rfc1808 => (Steps::All, Steps::All),
            later => (Steps::Recomposition(later), step),
        };
        match self {
            D::SchemeNotRecognized | D::ResolvedAsRelative | D::Unexplained => step,
            D::Differs(Component::Path) => step,
            D::DotSegmentsRemoved
            | D::DotSegmentsKept
            | D::EmptySegmentsRemoved
            | D::EmptySegmentsAdded
            | D::SlashBeforePathDropped
            | D::SlashBeforePathAdded => path_source,
            // How a URL is stored or printed, the same at every step.
            D::EmptyDropped(_) => printed,
            D::CaseChanged(_) => Steps::All,
            D::EmptyAdded(c) => match c {
                Component::Params => path_source,
                Component::Query | Component::Fragment if inherited => step,
                _ => printed,
            },
            D::Dropped(c) | D::Added(c) | D::Differs(c) => match c {
                Component::Params => path_source,
                Component::Query | Component::Fragment if inherited => step,
                _ => component,
            },
            D::Rejected(_)
            | D::FailedToAnswer
            | D::NotRejected
            | D::SchemeNotStartingWithALetter
            | D::ControlCharactersStripped
            | D::RelativeReturnedAsIs
            | D::PercentEncoded
            | D::PercentDecoded
            | D::NetLocCut(_)
            | D::NoSlashBeforeQuery
            | D::Edited { .. } => Steps::All,
        }
    }

    /// The kind this difference is when the reference went through
    /// `stage`.
    fn at(self, stage: Stage) -> Kind {
        Kind {
            steps: self.steps(stage),
            difference: self,
        }
    }
}

impl Kind {
    /// The kind of mismatch `answer` is for `input`, against the reference
    /// `under` a spec and a choice of its readings, with the stage the
    /// reference went through; `None` when `answer` is the reference's. An
    /// answer the protocol could not carry is no mismatch either.
    pub fn of(input: &Input, answer: &Answer, under: Reference) -> Option<(Kind, Stage)> {
        let (reference, stage) = under.trace(&input.base, &input.relative);
        Some((
            Kind::between(input, answer, reference, stage, under)?,
            stage,
        ))
    }

    /// The kind of mismatch `answer` is for `input` against `reference`,
    /// an answer the reference `under` a spec gives through `stage` (with
    /// deviations, it may be: [`super::Attribution::residual`]); `None`
    /// when they agree, or the protocol could not carry the answer.
    pub fn between(
        input: &Input,
        answer: &Answer,
        reference: Resolved,
        stage: Stage,
        under: Reference,
    ) -> Option<Kind> {
        let difference = match (answer, reference) {
            (Answer::NotRepresentable(_), _) => return None,
            (Answer::Error(_), _) => Difference::FailedToAnswer,
            (Answer::Resolved(got), Ok(reference)) if *got == reference => return None,
            (Answer::Resolved(got), Ok(reference)) => {
                return Some(difference(input, stage, &reference, got, under))
            }
            (Answer::Resolved(_), Err(_)) => Difference::NotRejected,
            (Answer::Rejected(_), Err(_)) => return None,
            (Answer::Rejected(why), Ok(_)) => Difference::Rejected(MessageClass::of(why, input)),
        };
        Some(difference.at(stage))
    }

    /// What is left between `answer` and `closest`, the answer of the
    /// reference `under` a spec with the listed deviations that comes
    /// closest to it ([`super::cause::residual`]), in a normal form that
    /// does not depend on those deviations nor on the branch the reference
    /// took: one kind per quirk outside the catalogue, whichever listed
    /// deviations its cases meet. Both are compared with the dot segments
    /// of their paths removed (section 5.2.4): a library that drops the
    /// slash a final `.` leaves, and keeps the dots of a reference it
    /// leaves unresolved, shows the same residual both ways. Only where
    /// that is all they differ by are the dot segments the difference. A
    /// rejection, a failure to answer, the
    /// answer as a whole (control characters stripped, the relative URL
    /// returned as it is, characters percent-encoded or decoded) and the
    /// first component that differs (dropped, added, in another case, or
    /// otherwise) are described as a symptom is, but for the path, with
    /// its slash and params: its difference is the text taken out and put
    /// in once their common start and end are set aside
    /// ([`Difference::Edited`]). A library that drops the slash a final
    /// `.` leaves is `path: empty segments removed` wherever the `.` was.
    pub fn residual(
        input: &Input,
        answer: &Answer,
        closest: Resolved,
        under: Reference,
    ) -> Option<Kind> {
        let stage = under.trace(&input.base, &input.relative).1;
        let (Answer::Resolved(got), Ok(closest)) = (answer, &closest) else {
            return Kind::between(input, answer, closest, stage, under).map(Kind::anywhere);
        };
        if got == closest {
            return None;
        }
        let (r, g) = (dots_removed(closest), dots_removed(got));
        let difference = match whole_answer_difference(input, stage, closest, got, under) {
            Some(whole) => whole,
            None if r != g => edited(&under.split(&r), &under.split(&g), under),
            // Only dot segments differ: as a symptom says it.
            None => component_differences(
                &under.split(closest),
                &under.split(got),
                net_loc_component(under),
            ),
        };
        Some(Kind::anywhere(Kind {
            steps: Steps::All,
            difference,
        }))
    }

    /// The kind wherever it shows: a residual has no step.
    fn anywhere(self) -> Kind {
        Kind {
            steps: Steps::All,
            difference: self.difference,
        }
    }

    /// Whether the implementation failed to answer, rather than answering
    /// differently.
    /// The kind as `rfc1808 fuzz` by cause reports what no deviation
    /// explains: one kind per quirk, not one per branch of 5.2.2. Under
    /// RFC 2396 and RFC 3986, a difference in the path's segments, or a
    /// component dropped, added or changed, is the same quirk whichever
    /// branch the reference took (its finding still counts the branches);
    /// a path otherwise differing, and the differences of step 2b, keep
    /// their branch, which is then what tells one quirk from another.
    pub fn across_branches(self) -> Kind {
        use Difference as D;
        let Steps::One(stage) = self.steps else {
            return self;
        };
        let keeps_branch = matches!(
            self.difference,
            D::Differs(Component::Path)
                | D::Unexplained
                | D::SchemeNotRecognized
                | D::ResolvedAsRelative
        );
        if stage.spec() == Spec::Rfc1808 || keeps_branch {
            return self;
        }
        Kind {
            steps: Steps::All,
            difference: self.difference,
        }
    }

    pub fn is_failure(&self) -> bool {
        self.difference == Difference::FailedToAnswer
    }

    /// The kind of a mismatch that goes away, or changes kind, when the
    /// scheme starts with a letter (see [`Kind::letter_variant`]).
    pub fn not_a_letter() -> Kind {
        Kind {
            steps: Steps::All,
            difference: Difference::SchemeNotStartingWithALetter,
        }
    }

    /// `input` with a letter in place of the first character of the base's
    /// scheme, and at Step 2b of the embedded URL's, when that character is
    /// a digit or a symbol; `None` when it is a letter already.
    ///
    /// RFC 1808 takes `9p:` for a scheme (vector
    /// `interpretation/scheme-digit-first`); RFC 1738, RFC 3986 and WHATWG
    /// do not, and a library of theirs takes `9p://a/b` for a path and
    /// differs from the reference in every component by turns, from that
    /// one cause. A mismatch whose kind changes when the scheme starts with
    /// a letter is so of the one kind [`Kind::not_a_letter`]; one that
    /// keeps its kind keeps it.
    pub fn letter_variant(input: &Input, stage: Stage) -> Option<Input> {
        let under = Reference::defaults(stage.spec());
        let with_letter = |url: &str| -> Option<String> {
            let scheme = under.split(url).scheme?;
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            Some(format!("a{}", &url[1..]))
        };
        let base = with_letter(&input.base);
        let relative = if stage.takes_the_scheme() {
            with_letter(&input.relative)
        } else {
            None
        };
        if base.is_none() && relative.is_none() {
            return None;
        }
        Some(Input::new(
            base.unwrap_or_else(|| input.base.clone()),
            relative.unwrap_or_else(|| input.relative.clone()),
        ))
    }
}

impl Ord for Kind {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.steps, &self.difference).cmp(&(other.steps, &other.difference))
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.steps {
            Steps::All => write!(f, "{}", self.difference),
            Steps::Recomposition(spec) => {
                write!(f, "{}: {}", spec.recomposition(), self.difference)
            }
            Steps::TakenPath => write!(f, "Steps 1-5: {}", self.difference),
            Steps::One(stage) => write!(f, "{}: {}", stage.name(), self.difference),
        }
    }
}

/// The kind of `got`, an answer that is not `reference`: how it differs,
/// and which steps that stands for (see the module documentation). When
/// the answer shows that control characters were stripped and differs in
/// more, the rest is described on the stripped case, at its stage.
fn difference(input: &Input, stage: Stage, reference: &str, got: &str, under: Reference) -> Kind {
    match first_difference(input, stage, reference, got, under) {
        Ok(difference) => difference.at(stage),
        Err(stripped) => match under.trace(&stripped.base, &stripped.relative) {
            (Ok(reference), stage) => difference(&stripped, stage, &reference, got, under),
            (Err(_), stage) => Difference::NotRejected.at(stage),
        },
    }
}

/// The first description that holds, or the case with control characters
/// stripped when the answer shows they were and differs in more than that.
fn first_difference(
    input: &Input,
    stage: Stage,
    reference: &str,
    got: &str,
    under: Reference,
) -> Result<Difference, Input> {
    if stage.takes_the_scheme() {
        if let Some(how) = step2b_difference(input, reference, got, under) {
            return Ok(how);
        }
    }
    if let Some(whole) = whole_answer_difference(input, stage, reference, got, under) {
        return Ok(whole);
    }
    if reference.contains(is_control) && !got.contains(is_control) {
        // The implementation stripped them, and did more: describe the
        // rest on the case without them, unless that case has a scheme
        // starting with a digit, which only the implementation can tell
        // apart (see `Kind::letter_variant`).
        if let Some((base, relative)) = stripped(input).next() {
            let stripped = Input::new(base, relative);
            let stage = under.trace(&stripped.base, &stripped.relative).1;
            if Kind::letter_variant(&stripped, stage).is_none() {
                return Err(stripped);
            }
        }
    }
    if let Some(net_loc) = net_loc_boundary_difference(reference, got, under) {
        return Ok(net_loc);
    }
    let net_loc = net_loc_component(under);
    Ok(component_differences(
        &under.split(reference),
        &under.split(got),
        net_loc,
    ))
}

/// The differences that concern the answer as a whole rather than one
/// component: control characters stripped, the relative URL returned as
/// it is, characters percent-encoded or decoded.
fn whole_answer_difference(
    input: &Input,
    stage: Stage,
    reference: &str,
    got: &str,
    under: Reference,
) -> Option<Difference> {
    let resolves_to_got =
        |(base, relative): (String, String)| under.resolve(&base, &relative).as_deref() == Ok(got);
    if stripped(input).any(resolves_to_got) {
        return Some(Difference::ControlCharactersStripped);
    }
    // Where the reference is absolute, the spec may still change it (RFC
    // 3986 removes its dot segments): an answer that does not is told by
    // its components.
    if got == input.relative && !got.is_empty() && !stage.takes_the_scheme() {
        return Some(Difference::RelativeReturnedAsIs);
    }
    let escapes = reference.contains('%') || got.contains('%');
    if escapes && percent_decoded(reference) == percent_decoded(got) {
        let encoded = got.matches('%').count() > reference.matches('%').count();
        return Some(if encoded {
            Difference::PercentEncoded
        } else {
            Difference::PercentDecoded
        });
    }
    None
}

/// Differences in where the net_loc starts or ends, told from the strings
/// rather than the components, whose parse they shift: `//` inserted after
/// the scheme or taken out (`http:g` printed as `http:///g` re-parses with
/// the net_loc `g`), the net_loc cut at `?` or `;`, or run on into the
/// query.
fn net_loc_boundary_difference(reference: &str, got: &str, under: Reference) -> Option<Difference> {
    let (r, g) = (under.split(reference), under.split(got));
    let net_loc = net_loc_component(under);
    if let Some(scheme) = r.scheme {
        let rest = &reference[scheme.len() + 1..];
        let (g_scheme, g_rest) = got.split_at(got.find(':').unwrap_or(0));
        if g_scheme.eq_ignore_ascii_case(scheme) {
            if r.net_loc.is_none() && g_rest.strip_prefix("://") == Some(rest) {
                return Some(Difference::EmptyAdded(net_loc));
            }
            if r.net_loc == Some("") && rest.strip_prefix("//") == g_rest.strip_prefix(':') {
                return Some(Difference::EmptyDropped(net_loc));
            }
        }
    }
    // RFC 2396's and RFC 3986's authority ends at `?` and may hold `;`:
    // where the net_loc ends is RFC 1808's own difference.
    if under.spec() != Spec::Rfc1808 {
        return None;
    }
    if let Some(cut) = net_loc_cut(r.net_loc, g.net_loc) {
        return Some(Difference::NetLocCut(cut));
    }
    if net_loc_cut(g.net_loc, r.net_loc).is_some() {
        return Some(Difference::NoSlashBeforeQuery);
    }
    None
}

/// The first component of `r` (the closest answer) and `g` (the
/// implementation's) that differs, the path with its slash and params, as
/// [`Kind::residual`] describes it. Only the path is told by its text: a
/// scheme, authority, query or fragment is a string a library keeps or
/// rewrites whole, and one that differs otherwise than in case is one
/// kind; a path is resolved segment by segment, and what was taken out of
/// it or put in tells one quirk from another (a final slash dropped, a
/// last segment dropped).
fn edited(r: &Components<'_>, g: &Components<'_>, under: Reference) -> Difference {
    let net_loc = net_loc_component(under);
    let (r_path, g_path) = (full_path(r), full_path(g));
    let components = [
        (Component::Scheme, r.scheme, g.scheme),
        (net_loc, r.net_loc, g.net_loc),
        (
            Component::Path,
            Some(r_path.as_str()),
            Some(g_path.as_str()),
        ),
        (Component::Query, r.query, g.query),
        (Component::Fragment, r.fragment, g.fragment),
    ];
    for (component, r, g) in components {
        match component_difference(component, r, g) {
            None => continue,
            Some(Difference::Differs(Component::Path)) => {
                let r: Vec<&str> = r.unwrap_or("").split('/').collect();
                let g: Vec<&str> = g.unwrap_or("").split('/').collect();
                let (removed, added) = match apart(&r, &g) {
                    (removed, []) => (Segments::of(removed), Segments::None),
                    ([], added) => (Segments::None, Segments::of(added)),
                    // Replaced: what by what does not tell quirks apart.
                    _ => (Segments::Named, Segments::Named),
                };
                return Difference::Edited {
                    component: Component::Path,
                    removed,
                    added,
                };
            }
            Some(other) => return other,
        }
    }
    // Only an empty params on one side: the path's text all the same.
    component_difference(Component::Params, r.params, g.params).unwrap_or(Difference::Unexplained)
}

/// `url` with the dot segments of its path removed (RFC 3986 section
/// 5.2.4), whatever its path: what [`Kind::residual`] compares, and
/// [`super::cause::closest`] measures by.
pub(super) fn dots_removed(url: &str) -> String {
    use rfc1808_resolver::rfc3986::{parse, remove_dot_segments, Components};
    let c = parse(url);
    let mut path = remove_dot_segments(c.path.to_owned());
    // A path that would read as an authority keeps a dot segment before
    // it, as RFC 3986's resolution writes it.
    if c.authority.is_none() && path.starts_with("//") {
        path.insert_str(0, "/.");
    }
    Components { path: &path, ..c }.to_string()
}

/// What differs between the segments `r` and `g` once their longest
/// common start, then their longest common end, are set aside.
fn apart<'s, 'a>(r: &'s [&'a str], g: &'s [&'a str]) -> (&'s [&'a str], &'s [&'a str]) {
    let start = r.iter().zip(g).take_while(|(a, b)| a == b).count();
    let (r, g) = (&r[start..], &g[start..]);
    let end = r
        .iter()
        .rev()
        .zip(g.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    (&r[..r.len() - end], &g[..g.len() - end])
}

/// The first component that differs (section 2.4), in the order scheme,
/// net_loc, path with params, query, fragment. A net_loc on one side only
/// comes first, as it shifts every component after it, unless removing
/// segments made it (`/.//a` becomes `//a`).
fn component_differences(r: &Components<'_>, g: &Components<'_>, net_loc: Component) -> Difference {
    use Component as C;
    if r.net_loc.is_some() != g.net_loc.is_some() {
        let removed = segment_difference(&hier_part(r), &hier_part(g)).filter(|d| {
            matches!(
                d,
                Difference::DotSegmentsRemoved | Difference::EmptySegmentsRemoved
            )
        });
        if let Some(d) = removed.or_else(|| component_difference(net_loc, r.net_loc, g.net_loc)) {
            return d;
        }
    }
    component_difference(C::Scheme, r.scheme, g.scheme)
        .or_else(|| component_difference(net_loc, r.net_loc, g.net_loc))
        .or_else(|| path_difference(r, g))
        .or_else(|| component_difference(C::Params, r.params, g.params))
        .or_else(|| component_difference(C::Query, r.query, g.query))
        .or_else(|| component_difference(C::Fragment, r.fragment, g.fragment))
        .unwrap_or(Difference::Unexplained)
}

/// The case with the input cleanup of the WHATWG URL Standard applied (tabs
/// and newlines removed, C0 controls and spaces trimmed from both ends),
/// then with the trim at one end only, as some libraries do it: each
/// variant that changes the case.
fn stripped(input: &Input) -> impl Iterator<Item = (String, String)> + '_ {
    let is_control_or_space = |c: char| is_control(c) || c == ' ';
    let clean = move |url: &str, (start, end): (bool, bool)| -> String {
        let mut url = url;
        if start {
            url = url.trim_start_matches(is_control_or_space);
        }
        if end {
            url = url.trim_end_matches(is_control_or_space);
        }
        url.chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    };
    // Most cases have nothing to strip; they cost no allocation.
    let any = [&input.base, &input.relative]
        .iter()
        .any(|url| url.contains(is_control_or_space));
    [(true, true), (true, false), (false, true)]
        .into_iter()
        .filter(move |_| any)
        .map(move |ends| (clean(&input.base, ends), clean(&input.relative, ends)))
        .filter(move |(base, relative)| *base != input.base || *relative != input.relative)
}

/// A C0 control character, which no URL may hold (section 2.2), and which
/// the WHATWG URL Standard strips or percent-encodes.
fn is_control(c: char) -> bool {
    c < ' '
}

/// `url` with each `%` and two hex digits replaced by the byte they stand
/// for.
fn percent_decoded(url: &str) -> Vec<u8> {
    let bytes = url.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// Where the answer's net_loc ends when it is the reference's cut at its
/// first `?` or `;`: RFC 1808 parses the net_loc before the query and
/// params (section 2.4.3), RFC 3986 and WHATWG end the authority at `?`.
/// No net_loc at all counts as an empty one.
fn net_loc_cut(r: Option<&str>, g: Option<&str>) -> Option<NetLocEnd> {
    let r = r?;
    [('?', NetLocEnd::Query), (';', NetLocEnd::Params)]
        .into_iter()
        .find(|&(c, _)| r.find(c).is_some_and(|at| g.unwrap_or("") == &r[..at]))
        .map(|(_, end)| end)
}

/// At Step 2b, where the reference takes the embedded URL as it is: an
/// answer that shows the implementation did not take its scheme for one
/// (the answer has another scheme, or holds the scheme more often than
/// either URL, as a relative path resolved against the base would), or
/// took the scheme, being the base's, for leave to resolve the rest
/// against the base (RFC 1808 section 5.2 mentions parsers that do), which
/// shows as the base's net_loc in an answer whose embedded URL has none, or
/// as the base itself. Short of that it is no different from dropping an
/// empty query or the like, and the simpler description stands.
fn step2b_difference(
    input: &Input,
    reference: &str,
    got: &str,
    under: Reference,
) -> Option<Difference> {
    let (r, g) = (under.split(reference), under.split(got));
    let scheme = r.scheme?;
    let same_scheme = g.scheme.is_some_and(|g| g.eq_ignore_ascii_case(scheme));
    // In any case, as schemes are.
    let colon = format!("{scheme}:").to_ascii_lowercase();
    let count = |url: &str| url.to_ascii_lowercase().matches(&colon).count();
    let more_schemes = count(got) > count(&input.relative).max(count(&input.base));
    if !same_scheme || more_schemes {
        return Some(Difference::SchemeNotRecognized);
    }
    let base = under.split(&input.base);
    let from_base = |n: Option<&str>| n.is_some_and(|n| !n.is_empty());
    let net_loc_from_base =
        from_base(g.net_loc) && from_base(base.net_loc) && !from_base(r.net_loc);
    // The base itself, unless the embedded URL is that too once its empty
    // query, fragment or params are dropped, in any case.
    let bare = input
        .relative
        .trim_end_matches('#')
        .trim_end_matches('?')
        .trim_end_matches(';');
    let base_itself = got.eq_ignore_ascii_case(&input.base) && !got.eq_ignore_ascii_case(bare);
    if net_loc_from_base || base_itself {
        return Some(Difference::ResolvedAsRelative);
    }
    None
}

/// What the component holding the host is called under `under`'s spec.
fn net_loc_component(under: Reference) -> Component {
    // RFC 1808 calls it the net_loc; the later specs, the authority.
    if under.spec() == Spec::Rfc1808 {
        Component::NetLoc
    } else {
        Component::Authority
    }
}

/// How one component differs, if it does.
fn component_difference(
    component: Component,
    r: Option<&str>,
    g: Option<&str>,
) -> Option<Difference> {
    Some(match (r, g) {
        _ if r == g => return None,
        (Some(""), None) => Difference::EmptyDropped(component),
        (None, Some("")) => Difference::EmptyAdded(component),
        (Some(_), None) => Difference::Dropped(component),
        (None, Some(_)) => Difference::Added(component),
        (Some(r), Some(g)) if r.eq_ignore_ascii_case(g) => Difference::CaseChanged(component),
        _ => Difference::Differs(component),
    })
}

/// How the paths differ, if they do. The params go with the path, since
/// RFC 2396, RFC 3986 and WHATWG take them for part of its last segment,
/// so that `/a;/.` becoming `/a;/` is dot removal, not params that differ,
/// and params dropped, added or changed are the path differing, one kind
/// with the same cause shown without params. Only an empty params on one
/// side is left to the params, as a difference in storage. Dot and empty
/// segments, and the slash, are told apart only by whether the path was
/// taken as it is or merged; a path that differs otherwise keeps its step.
fn path_difference(r: &Components<'_>, g: &Components<'_>) -> Option<Difference> {
    if (r.slash, r.path, r.params) == (g.slash, g.path, g.params) {
        return None;
    }
    if (r.path, r.params) == (g.path, g.params) {
        return Some(if r.slash {
            Difference::SlashBeforePathDropped
        } else {
            Difference::SlashBeforePathAdded
        });
    }
    match segment_difference(&full_path(r), &full_path(g)) {
        Some(d) => Some(d),
        None if (r.slash, r.path) == (g.slash, g.path)
            && r.params.unwrap_or("") == g.params.unwrap_or("") =>
        {
            None
        }
        None => Some(Difference::Differs(Component::Path)),
    }
}

/// Whether the answer's path is the reference's with dot segments or empty
/// segments removed or added: the same once RFC 3986 section 5.2.4 removes
/// the dot segments of both, or once runs of slashes become one, or both,
/// all after percent-decoding. A path with both kinds removed is told by
/// its dot segments.
fn segment_difference(r: &str, g: &str) -> Option<Difference> {
    let decode = |p: &str| String::from_utf8_lossy(&percent_decoded(p)).into_owned();
    let (r, g) = (&decode(r), &decode(g));
    let (r_dots, g_dots) = (dot_segments(r), dot_segments(g));
    let (r_empty, g_empty) = (empty_segments(r), empty_segments(g));
    let dots = || match g_dots.cmp(&r_dots) {
        Ordering::Less => Some(Difference::DotSegmentsRemoved),
        Ordering::Greater => Some(Difference::DotSegmentsKept),
        Ordering::Equal => None,
    };
    let empty = || match g_empty.cmp(&r_empty) {
        Ordering::Less => Some(Difference::EmptySegmentsRemoved),
        Ordering::Greater => Some(Difference::EmptySegmentsAdded),
        Ordering::Equal => None,
    };
    if remove_dot_segments(r) == remove_dot_segments(g) {
        dots()
    } else if without_empty_segments(r) == without_empty_segments(g) {
        empty()
    } else if remove_dot_segments(&without_empty_segments(r))
        == remove_dot_segments(&without_empty_segments(g))
    {
        dots().or_else(empty)
    } else {
        None
    }
}

/// The net_loc with the `//` before it, if there is one, and the path.
fn hier_part(c: &Components<'_>) -> String {
    match c.net_loc {
        Some(net_loc) => format!("//{net_loc}{}", full_path(c)),
        None => full_path(c),
    }
}

/// The path with the slash before it and the params after it, unless they
/// are empty: an empty params dropped as well is left to be found alone.
fn full_path(c: &Components<'_>) -> String {
    let slash = if c.slash { "/" } else { "" };
    match c.params {
        Some(params) if !params.is_empty() => format!("{slash}{};{params}", c.path),
        _ => format!("{slash}{}", c.path),
    }
}

/// Empty segments other than the first (before a leading slash) and the
/// last (after a trailing slash).
fn empty_segments(path: &str) -> usize {
    let segments: Vec<&str> = path.split('/').collect();
    let inner = segments.len().saturating_sub(2);
    segments
        .iter()
        .skip(1)
        .take(inner)
        .filter(|s| s.is_empty())
        .count()
}

/// The path with each run of slashes made one slash.
fn without_empty_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}

fn dot_segments(path: &str) -> usize {
    path.split('/').filter(|s| dots(s).is_some()).count()
}

/// `Some(1)` for `.`, `Some(2)` for `..`, each dot also as `%2E` or `%2e`,
/// which RFC 3986 and the WHATWG URL Standard take for a dot.
fn dots(segment: &str) -> Option<usize> {
    let lower = segment.to_ascii_lowercase();
    match lower.replace("%2e", ".").as_str() {
        "." => Some(1),
        ".." => Some(2),
        _ => None,
    }
}

/// RFC 3986 section 5.2.4, on the path taken as absolute: the yardstick for
/// "the same path but for dot segments".
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        match dots(segment) {
            Some(1) => {
                if i == last {
                    out.push("");
                }
            }
            Some(_) => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            None => out.push(segment),
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1808_resolver::rfc2396;

    /// The kind of `got` as the answer for `relative` against `base`.
    fn kind(base: &str, relative: &str, got: &str) -> String {
        answer_kind(base, relative, &Answer::Resolved(got.to_owned()))
    }

    /// RFC 1808 under its default readings.
    fn rfc1808() -> Reference {
        Reference::defaults(Spec::Rfc1808)
    }

    fn answer_kind(base: &str, relative: &str, answer: &Answer) -> String {
        Kind::of(&Input::new(base, relative), answer, rfc1808())
            .map_or_else(|| "same".to_owned(), |(k, _)| k.to_string())
    }

    /// The residual of `got` for `relative` against `base`, told against
    /// `closest` under RFC 3986.
    fn residual(base: &str, relative: &str, closest: &str, got: &str) -> String {
        let under = Reference::defaults(Spec::Rfc3986);
        let answer = Answer::Resolved(got.to_owned());
        Kind::residual(
            &Input::new(base, relative),
            &answer,
            Ok(closest.into()),
            under,
        )
        .map_or_else(|| "same".to_owned(), |k| k.to_string())
    }

    #[test]
    fn a_residual_is_the_segments_taken_out_and_put_in_whatever_the_branch() {
        // Each a base, a reference, the closest answer, the library's and
        // its residual.
        let empty_removed = "path: empty segments removed";
        let replaced = "path: segments replaced";
        let cases = [
            // A final `.` removed with its slash, at four branches of 5.2.2.
            ("http://a/b", ".", "http://a/", "http://a", empty_removed),
            (
                "http://a/b/c",
                "",
                "http://a/b/c/",
                "http://a/b/c",
                empty_removed,
            ),
            ("http://x", "a:b/.", "a:b/", "a:b", empty_removed),
            (
                "http://x",
                "//a/b/.",
                "http://a/b/",
                "http://a/b",
                empty_removed,
            ),
            // Compared with their dot segments removed: the same whether
            // dots are otherwise removed or kept (a reference left
            // unresolved), and a dot segment kept is one kind wherever the
            // slashes around it are.
            ("x:/", "//a/b/..", "//a/b/..", "//a", empty_removed),
            (
                "http://x",
                "a:/b/./",
                "a:/b/",
                "a:/b/./",
                "dot segments kept",
            ),
            (
                "http://x",
                "a:/b/./",
                "a:/b/c",
                "a:/b/./c",
                "dot segments kept",
            ),
            // What the segments are varies, that they are there or not,
            // and empty or not, does not: `//` at the start of a path
            // written `/%2F`, a segment dropped, added, or another in its
            // place.
            ("http://x", "a:.//g", "a:/.//g", "a:/%2Fg", replaced),
            ("http://x", "a:/b//c", "a:/b//c", "a:/b/x/c", replaced),
            (
                "http://x/",
                "g/hh",
                "http://x/g/hh",
                "http://x/k/hh",
                replaced,
            ),
            (
                "http://x/",
                "g/h",
                "http://x/g/h",
                "http://x/h",
                "path: segments removed",
            ),
            (
                "http://x/",
                "g/",
                "http://x/g/",
                "http://x/g/h/",
                "path: segments added",
            ),
            (
                "http://x/",
                "g/",
                "http://x/g/",
                "http://x/g//",
                "path: empty segments added",
            ),
            // What a symptom already says in a normal form stays so.
            (
                "http://x/",
                "g?",
                "http://x/g?",
                "http://x/g",
                "empty query dropped",
            ),
            (
                "http://x/",
                "G",
                "http://x/G",
                "http://x/g",
                "path case changed",
            ),
            (
                "http://x/",
                "%7e",
                "http://x/%7e",
                "http://x/~",
                "characters percent-decoded",
            ),
            (
                "http://x/",
                "g?ab",
                "http://x/g?ab",
                "http://x/g?a",
                "query differs",
            ),
            ("http://x/", "g", "http://x/g", "http://x/g", "same"),
        ];
        for (base, relative, closest, got, kind) in cases {
            assert_eq!(
                residual(base, relative, closest, got),
                kind,
                "{got:?} for {relative:?} against {base:?}"
            );
        }
        // One kind, however many segments, empty or not, were replaced.
        let of = |closest: &str, got: &str| {
            let answer = Answer::Resolved(got.to_owned());
            let under = Reference::defaults(Spec::Rfc3986);
            Kind::residual(
                &Input::new("http://x", "a:"),
                &answer,
                Ok(closest.into()),
                under,
            )
        };
        assert_eq!(of("a:/b//c", "a:/b/x/c"), of("a:/.//g", "a:/%2Fg"));
    }

    #[test]
    fn equal_answers_and_unrepresentable_cases_are_no_mismatch() {
        assert_eq!(kind("http://a/b", "g", "http://a/g"), "same");
        let n = Answer::NotRepresentable("tab".to_owned());
        assert_eq!(answer_kind("http://a/b", "g", &n), "same");
    }

    #[test]
    fn dot_and_empty_segments_tell_a_path_taken_as_is_from_a_merged_one() {
        // RFC 3986 removes dots from an absolute path; RFC 1808 keeps them.
        assert_eq!(
            kind("http://a/b", "/./g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        // The same at Step 5a (a base path) is the same kind.
        assert_eq!(
            kind("http://a/./b", ";p", "http://a/b;p"),
            "Steps 1-5: dot segments removed"
        );
        // `..` above the root, which RFC 1808 keeps.
        assert_eq!(
            kind("http://a/b", "../g", "http://a/g"),
            "Step 6: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b/c", "../g", "http://a/b/../g"),
            "Step 6: dot segments kept"
        );
        // `%2E` is a dot to RFC 3986 and WHATWG.
        assert_eq!(
            kind("http://a/b", "/%2e/g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b//c", "g", "http://a/b/g"),
            "Step 6: empty segments removed"
        );
        // Both at once count as dots.
        assert_eq!(
            kind("http://a/b", "/..//g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        // `/.//g` without its dot re-parses with a net_loc: still dots.
        assert_eq!(
            kind("http:", "/.//g", "http://g"),
            "Steps 1-5: dot segments removed"
        );
        // The params go with the path.
        assert_eq!(
            kind("http://a/b", "/c;p/.", "http://a/c;p/"),
            "Steps 1-5: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b", "g", "http://a/h"),
            "Step 6: path differs"
        );
        assert_eq!(
            kind("http://a/b", ";x", "http://a/;x"),
            "Step 5a: path differs"
        );
        // Params are part of the last segment to later specifications: the
        // same cause as a path differing, whichever way they differ.
        assert_eq!(
            kind("http://a/;a", "", "http://a/"),
            "Step 2a: path differs"
        );
        assert_eq!(kind("http://a/a", "", "http://a/"), "Step 2a: path differs");
        assert_eq!(
            kind("http://a/b", "g;x", "http://a/g;y"),
            "Step 6: path differs"
        );
        assert_eq!(
            kind("http://a/b", "g;x", "http://a/g;"),
            "Step 6: path differs"
        );
        // An empty params dropped is how a URL is stored, at any step.
        assert_eq!(
            kind("http://a/b", "g;", "http://a/g"),
            "empty params dropped"
        );
    }

    #[test]
    fn storage_and_printing_differences_have_no_step() {
        for (relative, got) in [("g?", "http://a/g"), ("/g?", "http://a/g")] {
            assert_eq!(kind("http://a/b", relative, got), "empty query dropped");
        }
        assert_eq!(
            kind("http://a/b", "g#", "http://a/g"),
            "empty fragment dropped"
        );
        assert_eq!(
            kind("http://a/b", "g;", "http://a/g"),
            "empty params dropped"
        );
        assert_eq!(kind("HTTP://a/b", "g", "http://a/g"), "scheme case changed");
        assert_eq!(
            kind("http://A/b", "g", "http://a/g"),
            "net_loc case changed"
        );
        // `ftp:g` printed as `ftp:///g`, which re-parses with a net_loc `g`.
        assert_eq!(kind("ftp:", "g", "ftp:///g"), "empty net_loc added");
        assert_eq!(kind("foo:///b", "#f", "foo:/b#f"), "empty net_loc dropped");
        assert_eq!(
            kind("http://a/b", "g\u{e9}", "http://a/g%C3%A9"),
            "characters percent-encoded"
        );
        assert_eq!(
            kind("http://a/b", "%41", "http://a/A"),
            "characters percent-decoded"
        );
    }

    #[test]
    fn query_and_fragment_keep_the_steps_that_inherit_them() {
        assert_eq!(
            kind("http://a/b#f", "", "http://a/b"),
            "Step 2a: fragment dropped"
        );
        assert_eq!(
            kind("http://a/b?q", "?", "http://a/b?"),
            "Step 5b: query differs"
        );
        assert_eq!(kind("http://a/b", "g?x", "http://a/g?y"), "query differs");
    }

    #[test]
    fn the_net_loc_of_rfc_1808_holds_question_marks() {
        assert_eq!(
            kind("http://a?q/b", "g", "http://a/g"),
            "net_loc cut at `?`"
        );
        assert_eq!(
            kind("http://a;p/b", "g", "http://a/g"),
            "net_loc cut at `;`"
        );
        // `http://?a` has the net_loc `?a` to RFC 1808.
        assert_eq!(
            kind("http://", "?a", "http://?a"),
            "no slash between the net_loc and the query"
        );
        assert_eq!(kind("http://a/b", "//", "http://"), "net_loc differs");
    }

    /// The kind of `got` under `spec`'s default readings.
    fn later(spec: Spec, base: &str, relative: &str, got: &str) -> String {
        let answer = Answer::Resolved(got.to_owned());
        Kind::of(
            &Input::new(base, relative),
            &answer,
            Reference::defaults(spec),
        )
        .map_or_else(|| "same".to_owned(), |(k, _)| k.to_string())
    }

    #[test]
    fn later_specs_name_their_own_sections() {
        let rfc3986 = |base, relative, got| later(Spec::Rfc3986, base, relative, got);
        assert_eq!(rfc3986("http://a/b", "/./g", "http://a/g"), "same");
        // The base's dot segments kept in a merge, as Ruby's uri does.
        assert_eq!(
            rfc3986("http://a/./b", "g", "http://a/./g"),
            "5.2.3 merge: dot segments kept"
        );
        // An absolute reference returned as it is keeps its dots: that is
        // the difference, not the reference returned as is.
        assert_eq!(
            rfc3986("http://a/b", "foo:/./x", "foo:/./x"),
            "5.2.2 R.scheme defined: dot segments kept"
        );
        assert_eq!(
            rfc3986("http://a/b", "g?", "http://a/g"),
            "5.3: empty query dropped"
        );
        assert_eq!(
            rfc3986("http://a/b#f", "", "http://a/b#f"),
            "5.2.2 R.path empty: fragment added"
        );
        // `//` defines an empty authority, not an absent one.
        assert_eq!(
            rfc3986("http://a/b", "//", "http://a/b"),
            "5.2.2 R.authority defined: authority differs"
        );
        assert_eq!(
            rfc3986("foo:", "g", "foo:///g"),
            "5.3: empty authority added"
        );
        // `;` is part of a segment, `?` ends the authority.
        assert_eq!(
            rfc3986("http://a;p/b", "g", "http://a/g"),
            "5.2.3 merge: authority differs"
        );
        let rfc2396 = |base, relative, got| later(Spec::Rfc2396, base, relative, got);
        assert_eq!(
            rfc2396("http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"),
            "5.2 step 6: path differs"
        );
        assert_eq!(
            rfc2396("http://a/b", "g#", "http://a/g"),
            "5.2 step 7: empty fragment dropped"
        );
    }

    #[test]
    fn a_rejection_the_reading_held_makes_is_no_mismatch() {
        let error = rfc2396::Readings {
            above_root: rfc2396::AboveRoot::Error,
            ..rfc2396::Readings::default()
        };
        let input = Input::new("http://a/b", "../../g");
        let kind = |answer: Answer| {
            Kind::of(&input, &answer, Reference::Rfc2396(error)).map(|(k, _)| k.to_string())
        };
        assert_eq!(kind(Answer::Rejected("above the root".to_owned())), None);
        assert_eq!(
            kind(Answer::Resolved("http://a/g".to_owned())).as_deref(),
            Some("resolved where the reading held rejects")
        );
    }

    #[test]
    fn whole_answer_differences() {
        // A library that resolves only against schemes it knows.
        assert_eq!(kind("foo://a/b", "g", "g"), "relative URL returned as is");
        // Tabs and newlines removed, C0 controls trimmed, as WHATWG does.
        assert_eq!(
            kind("http://a/b", "\tg\n", "http://a/g"),
            "control characters stripped"
        );
        // Stripped, and then the empty query dropped: the latter is the kind.
        assert_eq!(
            kind("http://a/b", "g?\n", "http://a/g"),
            "empty query dropped"
        );
        // Not so when the stripped case has a scheme starting with a digit.
        assert_eq!(kind("http:", "\r.:", "http:///.:"), "empty net_loc added");
    }

    #[test]
    fn a_scheme_starting_with_a_digit_is_checked_with_a_letter() {
        let variant = |base: &str, relative: &str| {
            let step = rfc1808().trace(base, relative).1;
            Kind::letter_variant(&Input::new(base, relative), step)
        };
        assert_eq!(variant("9p://a/b", "g"), Some(Input::new("ap://a/b", "g")));
        assert_eq!(variant("+:", "-:g"), Some(Input::new("a:", "a:g")));
        // The embedded URL's scheme counts only where it is one (Step 2b).
        assert_eq!(
            variant("http://a/b", "9p:g"),
            Some(Input::new("http://a/b", "ap:g"))
        );
        assert_eq!(variant("http://a/b", "?9p:g"), None);
        assert_eq!(variant("http://a/b", "g"), None);
        assert_eq!(
            Kind::not_a_letter().to_string(),
            "scheme not starting with a letter"
        );
    }

    #[test]
    fn step_2b_tells_a_scheme_not_seen_from_one_ignored() {
        assert_eq!(
            kind("http://a/b", "foo:g", "http://a/foo:g"),
            "Step 2b: scheme not recognized"
        );
        // RFC 1808 section 5.2: `http:g` taken as `g` by some parsers.
        assert_eq!(
            kind("http://a/b/c", "http:g", "http://a/b/g"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(
            kind("http:http:", "http:", "http:http:"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(
            kind("Http:http:", "http:", "http:http:"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(kind("tp:", "Tp:", "tp:"), "scheme case changed");
        assert_eq!(
            kind("http://a/b", "http:/./g", "http:/g"),
            "Steps 1-5: dot segments removed"
        );
    }

    #[test]
    fn rejections_are_grouped_by_message_and_failures_are_one_kind() {
        let rejected = |base: &str, relative: &str, why: &str| {
            answer_kind(base, relative, &Answer::Rejected(why.to_owned()))
        };
        assert_eq!(
            rejected("http://a/b", "g", "ValueError: Invalid IPv6 URL"),
            "rejected: ValueError: Invalid IPv6 URL"
        );
        // Whatever the step, with the echoed input and the index taken out.
        assert_eq!(
            rejected("aaaa://", "", "Expected authority at index 7: aaaa://"),
            "rejected: Expected authority at index N: …"
        );
        assert_eq!(
            rejected("http://a/b", "//", "Expected authority at index 2: //"),
            "rejected: Expected authority at index N: …"
        );
        let failed = Answer::Error("timeout after 5s".to_owned());
        let input = Input::new("http://a/b", "g");
        let (k, _) = Kind::of(&input, &failed, rfc1808()).unwrap();
        assert_eq!(k.difference, Difference::FailedToAnswer);
        assert_eq!(k.to_string(), "failed to answer");
        assert!(k.is_failure());
    }

    #[test]
    fn kinds_sort_by_steps_then_difference() {
        let k = |steps, difference| Kind { steps, difference };
        let mut kinds = [
            k(
                Steps::One(Stage::Rfc1808(Step::Step6)),
                Difference::Differs(Component::Path),
            ),
            k(
                Steps::One(Stage::Rfc1808(Step::Step5b)),
                Difference::Differs(Component::Query),
            ),
            k(Steps::TakenPath, Difference::DotSegmentsRemoved),
            k(Steps::All, Difference::EmptyDropped(Component::Query)),
            k(
                Steps::One(Stage::Rfc1808(Step::Step6)),
                Difference::DotSegmentsKept,
            ),
        ];
        kinds.sort();
        let names: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
        assert_eq!(
            names,
            [
                "empty query dropped",
                "Steps 1-5: dot segments removed",
                "Step 5b: query differs",
                "Step 6: path differs",
                "Step 6: dot segments kept",
            ]
        );
    }

    #[test]
    fn each_difference_reads_as_the_reports_show_it() {
        use Component as C;
        use Difference as D;
        let shown = [
            (D::NetLocCut(NetLocEnd::Query), "net_loc cut at `?`"),
            (D::NetLocCut(NetLocEnd::Params), "net_loc cut at `;`"),
            (D::EmptyAdded(C::NetLoc), "empty net_loc added"),
            (D::CaseChanged(C::Scheme), "scheme case changed"),
            (D::Dropped(C::Fragment), "fragment dropped"),
            (D::Added(C::Params), "params added"),
            (D::SlashBeforePathAdded, "slash before the path added"),
            (
                D::SchemeNotStartingWithALetter,
                "scheme not starting with a letter",
            ),
            (D::Unexplained, "differs"),
        ];
        for (difference, text) in shown {
            assert_eq!(difference.to_string(), text);
        }
    }

    #[test]
    fn rfc3986_dot_removal() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("/../g"), "/g");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("/a/."), "/a/");
        assert_eq!(remove_dot_segments("/a/%2E%2e/b"), "/b");
    }
}
