//! What `rfc1808 fuzz` compares an answer with: one spec's reference
//! resolver under one choice of that spec's readings ([`Under`]), the part
//! of the spec's algorithm a case goes through ([`Stage`]), and the choices
//! a run accepts an answer under ([`Accepted`]).
//!
//! RFC 1808's stages are the steps of its section 4, as the resolver traces
//! them. RFC 2396's are the steps of its section 5.2 and RFC 3986's the
//! branches of the pseudocode of its section 5.2.2 (the merge of 5.2.3
//! apart), both read off the parse of the reference as those sections
//! read it: their reference resolvers do not trace, and do not need to.

use std::fmt;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::deviations::{self, Set};
use rfc1808_resolver::readings::{Ambiguity, Reading, Readings};
use rfc1808_resolver::{rfc2396, rfc3986, Components, Options, Step, Step6};
use rfc1808_vectors::{Assignment, Spec};

use super::grammar;
use crate::implementation::Answer;

/// A spec's reference resolver under one choice of its readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    Rfc1808(Readings),
    Rfc2396(rfc2396::Readings),
    Rfc3986(rfc3986::Readings),
}

/// The reference's answer: a URL, or the rejection a reading makes of the
/// case (RFC 2396's `above-root=error`).
pub type Resolved = Result<String, String>;

impl Under {
    /// Every choice of `spec`'s readings, the defaults first.
    pub fn every(spec: Spec) -> Vec<Under> {
        match spec {
            Spec::Rfc1808 => Readings::every().into_iter().map(Under::Rfc1808).collect(),
            Spec::Rfc2396 => rfc2396::Readings::every()
                .into_iter()
                .map(Under::Rfc2396)
                .collect(),
            Spec::Rfc3986 => rfc3986::Readings::every()
                .into_iter()
                .map(Under::Rfc3986)
                .collect(),
        }
    }

    /// `spec`'s reference under its default readings.
    pub fn defaults(spec: Spec) -> Under {
        match spec {
            Spec::Rfc1808 => Under::Rfc1808(Readings::default()),
            Spec::Rfc2396 => Under::Rfc2396(rfc2396::Readings::default()),
            Spec::Rfc3986 => Under::Rfc3986(rfc3986::Readings::default()),
        }
    }

    pub fn spec(self) -> Spec {
        match self {
            Under::Rfc1808(_) => Spec::Rfc1808,
            Under::Rfc2396(_) => Spec::Rfc2396,
            Under::Rfc3986(_) => Spec::Rfc3986,
        }
    }

    /// The reading of the ambiguity `name` this choice makes.
    pub fn get(self, name: &str) -> Option<&'static str> {
        match self {
            Under::Rfc1808(r) => r.get(name),
            Under::Rfc2396(r) => r.get(name),
            Under::Rfc3986(r) => r.get(name),
        }
    }

    /// How many ambiguities `other` reads otherwise; every ambiguity when
    /// it is another spec's.
    fn differences(self, other: Under) -> usize {
        match (self, other) {
            (Under::Rfc1808(a), Under::Rfc1808(b)) => a.differences(&b),
            (Under::Rfc2396(a), Under::Rfc2396(b)) => a.differences(&b),
            (Under::Rfc3986(a), Under::Rfc3986(b)) => a.differences(&b),
            _ => usize::MAX,
        }
    }

    /// The choices that can answer `input` otherwise than this one: for
    /// RFC 3986 those of [`rfc3986::Readings::every_for`], which varies only
    /// the ambiguities that can change the answer, and for the other specs
    /// every choice; this one first, and each keeping the readings `held`
    /// names.
    fn every_for(self, input: &Input, held: &Assignment) -> Vec<Under> {
        let follows = |u: &Under| {
            held.pairs()
                .iter()
                .all(|(a, reading)| u.get(a.name) == Some(reading.name))
        };
        let mut all: Vec<Under> = match self {
            Under::Rfc3986(readings) => readings
                .every_for(&input.base, &input.relative)
                .into_iter()
                .map(Under::Rfc3986)
                .collect(),
            _ => Under::every(self.spec()),
        };
        all.retain(|u| *u != self && (held.is_empty() || follows(u)));
        all.insert(0, self);
        all
    }

    /// The reference's answer for `input`.
    pub fn answer(self, input: &Input) -> Resolved {
        let (base, relative) = (input.base.as_str(), input.relative.as_str());
        match self {
            Under::Rfc1808(readings) => {
                let options = Options {
                    step6: Step6::SegmentStack,
                    readings,
                };
                Ok(rfc1808_resolver::resolve_with(base, relative, options))
            }
            Under::Rfc2396(readings) => {
                rfc2396::resolve_with(base, relative, readings, Step6::SegmentStack)
                    .map_err(|e| e.to_string())
            }
            Under::Rfc3986(readings) => Ok(rfc3986::resolve_with(
                base,
                relative,
                readings,
                rfc3986::DotSegments::Linear,
            )),
        }
    }

    /// Whether the reference under this choice, departing from the spec by
    /// the deviations of `set`, gives `answer` for `input`.
    pub fn gives_with(self, set: Set, input: &Input, answer: &Answer) -> bool {
        let Some(wanted) = rfc1808_vectors::causes::as_wanted(answer) else {
            return false;
        };
        let reference = |base: &str, relative: &str| self.answer(&Input::new(base, relative));
        let resolved = deviations::resolve(&reference, set, &input.base, &input.relative);
        deviations::Wanted::new(wanted).given_by(set, &resolved)
    }

    /// The reference's answer for `input`, and the stage it went through.
    pub fn resolve(self, input: &Input) -> (Resolved, Stage) {
        let (base, relative) = (input.base.as_str(), input.relative.as_str());
        match self {
            Under::Rfc1808(readings) => {
                let options = Options {
                    step6: Step6::SegmentStack,
                    readings,
                };
                let (url, step) = rfc1808_resolver::resolve_traced(base, relative, options);
                (Ok(url), Stage::Rfc1808(step))
            }
            Under::Rfc2396(readings) => {
                (self.answer(input), Stage::rfc2396(base, relative, readings))
            }
            Under::Rfc3986(readings) => {
                (self.answer(input), Stage::rfc3986(base, relative, readings))
            }
        }
    }

    /// `url` split into the components of RFC 1808 section 2.4 under RFC
    /// 1808, and for the later specs by the regular expression of RFC 3986
    /// Appendix B (RFC 2396's Appendix B is the same), with the path's
    /// leading slash as RFC 1808's `slash` and no params: to both later
    /// specs `;` is a character of a segment.
    pub fn split(self, url: &str) -> Components<'_> {
        if self.spec() == Spec::Rfc1808 {
            return rfc1808_resolver::parse(url);
        }
        let c = rfc3986::parse(url);
        Components {
            scheme: c.scheme,
            net_loc: c.authority,
            slash: c.path.starts_with('/'),
            path: c.path.strip_prefix('/').unwrap_or(c.path),
            params: None,
            query: c.query,
            fragment: c.fragment,
        }
    }
}

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
    fn rfc3986(base: &str, reference: &str, readings: rfc3986::Readings) -> Stage {
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
    fn rfc2396(base: &str, reference: &str, readings: rfc2396::Readings) -> Stage {
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
        }
    }

    pub fn spec(self) -> Spec {
        match self {
            Stage::Rfc1808(_) => Spec::Rfc1808,
            Stage::Rfc2396(_) => Spec::Rfc2396,
            Stage::Rfc3986(_) => Spec::Rfc3986,
        }
    }

    /// Whether the reference is taken for absolute here, its scheme its
    /// own: RFC 1808's Step 2b, RFC 2396's step 3, RFC 3986's `R.scheme`.
    pub fn takes_the_scheme(self) -> bool {
        matches!(
            self,
            Stage::Rfc1808(Step::Step2b)
                | Stage::Rfc2396(Rfc2396Step::Step3)
                | Stage::Rfc3986(Branch::Scheme)
        )
    }

    /// Whether the query or fragment may come from the base here.
    pub fn inherits_query(self) -> bool {
        matches!(
            self,
            Stage::Rfc1808(Step::Step2a | Step::Step5b)
                | Stage::Rfc2396(Rfc2396Step::Step2)
                | Stage::Rfc3986(Branch::EmptyPath)
        )
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether the reference's `resolved` is `answer`: the same URL, or a
/// rejection where the reference rejects.
fn gives(resolved: &Resolved, answer: &Answer) -> bool {
    match (resolved, answer) {
        (Ok(url), Answer::Resolved(got)) => url == got,
        (Err(_), Answer::Rejected(_)) => true,
        _ => false,
    }
}

/// What one answer tells of the readings followed ([`Accepted::told`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// Each ambiguity it tells something of, in registry order, with the
    /// readings under which the reference gives the answer.
    pub decided: Vec<(&'static Ambiguity, Vec<&'static Reading>)>,
}

/// The readings of a spec's ambiguities an answer may follow to be no
/// mismatch: any of them, or those `--reading` holds to. The kind of a
/// mismatch is told against the reference under the primary choice: the
/// defaults, but for the readings held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    primary: Under,
    /// The other choices of readings that are accepted.
    others: Vec<Under>,
    /// The readings held, as `--reading` gave them.
    held: Assignment,
}

impl Default for Accepted {
    /// RFC 1808 under any reading of every ambiguity.
    fn default() -> Self {
        Accepted::holding(Spec::Rfc1808, &Assignment::default())
    }
}

impl Accepted {
    /// Every choice of `spec`'s readings that follows `held` (an
    /// assignment of `spec`'s readings) where it says.
    pub fn holding(spec: Spec, held: &Assignment) -> Accepted {
        let follows = |u: &Under| {
            held.pairs()
                .iter()
                .all(|(a, reading)| u.get(a.name) == Some(reading.name))
        };
        let mut all = Under::every(spec).into_iter().filter(follows);
        let primary = all.next().unwrap_or(Under::defaults(spec));
        Accepted {
            primary,
            others: all.collect(),
            held: held.clone(),
        }
    }

    /// The readings held.
    pub fn held(&self) -> &Assignment {
        &self.held
    }

    /// The spec the run compares with.
    pub fn spec(&self) -> Spec {
        self.primary.spec()
    }

    /// The reference under the primary choice of readings.
    pub fn primary(&self) -> Under {
        self.primary
    }

    /// The reference's answer under the primary readings, and the stage.
    pub fn reference(&self, input: &Input) -> (Resolved, Stage) {
        self.primary.resolve(input)
    }

    /// Whether `answer` is the reference's under another accepted choice of
    /// readings: the same URL, or a rejection where that choice rejects.
    pub fn allows(&self, input: &Input, answer: &Answer) -> bool {
        self.answers(input)
            .into_iter()
            .skip(1)
            .any(|(_, resolved)| gives(&resolved, answer))
    }

    /// The reference's answer under each of [`Accepted::choices`], in its
    /// order. Under RFC 3986 each distinct base and answer is computed once
    /// ([`rfc3986::Readings::answers_for`]): a base out of normal form in
    /// several ways has many choices that give the same answer.
    fn answers(&self, input: &Input) -> Vec<(Under, Resolved)> {
        match self.primary {
            Under::Rfc3986(primary) => primary
                .answers_for(&input.base, &input.relative)
                .into_iter()
                .map(|(r, url)| (Under::Rfc3986(r), Ok(url)))
                .filter(|(u, _)| *u == self.primary || self.follows_held(*u))
                .collect(),
            _ => self
                .choices(input)
                .into_iter()
                .map(|u| (u, u.answer(input)))
                .collect(),
        }
    }

    /// Whether `u` keeps every reading held.
    fn follows_held(&self, u: Under) -> bool {
        self.held
            .pairs()
            .iter()
            .all(|(a, reading)| u.get(a.name) == Some(reading.name))
    }

    /// The accepted choices that can answer `input` otherwise than the
    /// primary one, the primary first. Under RFC 3986 only the ambiguities
    /// that can change this case's answer vary
    /// ([`rfc3986::Readings::every_for`]); under the other specs, all do.
    fn choices(&self, input: &Input) -> Vec<Under> {
        match self.primary {
            Under::Rfc3986(_) => self.primary.every_for(input, &self.held),
            _ => std::iter::once(self.primary)
                .chain(self.others.iter().copied())
                .collect(),
        }
    }

    /// What `answer` to `input` tells of the readings an implementation
    /// follows: each ambiguity some accepted choice of readings could have
    /// answered otherwise, with the readings under which the reference
    /// answers as `answer` does (an ambiguity that could not change the
    /// answer, or that `--reading` holds, tells nothing). `None` when no
    /// accepted choice gives `answer`: a mismatch.
    ///
    /// A choice under which the reference, with the deviations of
    /// `accepted` (those the expectations list), gives `answer` gives it
    /// too: once a cause is accepted, an answer it explains under the
    /// readings followed is no sign of another reading (uritools keeps a
    /// rootless path rootless, and so answers `g` against `foo:.a/..//..`
    /// as the reference does only when it removes the base's dot segments
    /// first).
    pub fn told(&self, input: &Input, answer: &Answer, accepted: Set) -> Option<Told> {
        if !matches!(answer, Answer::Resolved(_) | Answer::Rejected(_)) {
            return None;
        }
        let choices = self.choices(input);
        let registry = rfc1808_vectors::registry(self.spec());
        let primary = self.primary;
        // Most answers are the primary's, and so are the answers of every
        // choice one reading away from it: then every reading of every
        // ambiguity gives this answer, and nothing is told.
        if gives(&primary.answer(input), answer)
            && choices
                .iter()
                .filter(|u| u.differences(primary) == 1)
                .all(|u| gives(&u.answer(input), answer))
        {
            return Some(Told::default());
        }
        let giving: Vec<Under> = self
            .answers(input)
            .into_iter()
            .filter(|(u, resolved)| {
                gives(resolved, answer)
                    || (!accepted.is_empty() && u.gives_with(accepted, input, answer))
            })
            .map(|(u, _)| u)
            .collect();
        if giving.is_empty() {
            return None;
        }
        let names = |among: &[Under], a: &Ambiguity| -> Vec<&'static str> {
            a.readings
                .iter()
                .map(|r| r.name)
                .filter(|name| among.iter().any(|u| u.get(a.name) == Some(name)))
                .collect()
        };
        let decided = registry
            .iter()
            .filter_map(|a| {
                let (could, did) = (names(&choices, a), names(&giving, a));
                (did.len() < could.len()).then(|| {
                    let readings = a.readings.iter().filter(|r| did.contains(&r.name));
                    (a, readings.collect())
                })
            })
            .collect();
        Some(Told { decided })
    }

    /// Whether the case is outside what the spec resolves, so that no
    /// answer is a deviation from it: under RFC 2396 and RFC 3986, a base
    /// that is not a URI or a reference that is not a URI reference (RFC
    /// 3986 section 4.1; section 5.2.1 resolves against a URI), and under
    /// RFC 2396 an absolute URI with nothing after its colon
    /// ([`grammar::is_rfc2396_absolute`]). RFC 1808 runs choose their
    /// bases instead ([`super::Bases`]) and take any relative URL.
    pub fn outside(&self, input: &Input) -> bool {
        let (base, relative) = (&input.base, &input.relative);
        let rfc3986 = || !grammar::is_uri(base) || !grammar::is_uri_reference(relative);
        match self.spec() {
            Spec::Rfc1808 => false,
            Spec::Rfc3986 => rfc3986(),
            Spec::Rfc2396 => {
                rfc3986()
                    || !grammar::is_rfc2396_absolute(base)
                    || !grammar::is_rfc2396_absolute(relative)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1808_resolver::deviations::Id;

    fn stage(spec: Spec, base: &str, reference: &str, held: &str) -> String {
        let held = Assignment::parse(spec, held).unwrap();
        let accepted = Accepted::holding(spec, &held);
        accepted
            .reference(&Input::new(base, reference))
            .1
            .to_string()
    }

    #[test]
    fn rfc3986_stages_are_the_branches_of_5_2_2() {
        let base = "http://a/b/c/d;p?q";
        let s = |r| stage(Spec::Rfc3986, base, r, "");
        assert_eq!(s("g:h"), "5.2.2 R.scheme defined");
        assert_eq!(s("//g"), "5.2.2 R.authority defined");
        assert_eq!(s("?y"), "5.2.2 R.path empty");
        assert_eq!(s("#s"), "5.2.2 R.path empty");
        assert_eq!(s("/g"), "5.2.2 R.path absolute");
        assert_eq!(s("../g"), "5.2.3 merge");
        assert_eq!(s("http:g"), "5.2.2 R.scheme defined");
        let non_strict = stage(Spec::Rfc3986, base, "HTTP:g", "same-scheme=non-strict");
        assert_eq!(non_strict, "5.2.3 merge");
    }

    #[test]
    fn rfc2396_stages_are_the_steps_of_5_2() {
        let base = "http://a/b/c/d;p?q";
        let s = |r| stage(Spec::Rfc2396, base, r, "");
        assert_eq!(s(""), "5.2 step 2");
        assert_eq!(s("#s"), "5.2 step 2");
        assert_eq!(s("?y"), "5.2 step 6");
        assert_eq!(s("g:h"), "5.2 step 3");
        assert_eq!(s("//g"), "5.2 step 4");
        assert_eq!(s("/g"), "5.2 step 5");
        assert_eq!(s("g"), "5.2 step 6");
        let non_strict = |b| stage(Spec::Rfc2396, b, "http:g", "same-scheme=non-strict");
        assert_eq!(non_strict(base), "5.2 step 6");
        assert_eq!(non_strict("http:b"), "5.2 step 3");
    }

    #[test]
    fn answers_under_any_accepted_reading_are_allowed() {
        let input = Input::new("http://a/b/c/d;p?q", "../../../g");
        let any = Accepted::holding(Spec::Rfc2396, &Assignment::none());
        let rejected = Answer::Rejected("above the root".to_owned());
        let removed = Answer::Resolved("http://a/g".to_owned());
        assert_eq!(any.reference(&input).0.as_deref(), Ok("http://a/../g"));
        assert!(any.allows(&input, &removed));
        assert!(any.allows(&input, &rejected));
        let kept = Assignment::parse(Spec::Rfc2396, "above-root=kept").unwrap();
        let kept = Accepted::holding(Spec::Rfc2396, &kept);
        assert!(!kept.allows(&input, &removed));
        assert!(!kept.allows(&input, &rejected));
        let error = Assignment::parse(Spec::Rfc2396, "above-root=error").unwrap();
        let error = Accepted::holding(Spec::Rfc2396, &error);
        assert!(error.reference(&input).0.is_err());
    }

    #[test]
    fn an_answer_tells_the_readings_that_give_it() {
        let any = Accepted::holding(Spec::Rfc3986, &Assignment::none());
        let told_with =
            |listed: Set, accepted: &Accepted, base: &str, reference: &str, answer: &str| {
                let answer = Answer::Resolved(answer.to_owned());
                accepted
                    .told(&Input::new(base, reference), &answer, listed)
                    .map(|t| {
                        t.decided
                            .iter()
                            .map(|(a, rs)| {
                                let names: Vec<&str> = rs.iter().map(|r| r.name).collect();
                                format!("{}={}", a.name, names.join("|"))
                            })
                            .collect::<Vec<_>>()
                    })
            };
        let told = |accepted: &Accepted, base: &str, reference: &str, answer: &str| {
            told_with(Set::EMPTY, accepted, base, reference, answer)
        };
        // An answer that a listed deviation gives under the reading the
        // others tell is no sign of another reading.
        let rootless = Set::of(&[Id::RootlessKeptRootless]);
        assert_eq!(
            told(&any, "foo:.a/..//..", "g", "foo:/g"),
            Some(vec!["base-dot-segments=removed".to_owned()])
        );
        assert_eq!(
            told_with(rootless, &any, "foo:.a/..//..", "g", "foo:/g"),
            Some(vec![])
        );
        assert_eq!(
            told_with(rootless, &any, "foo:.a/..//..", "g", "foo://g"),
            Some(vec![
                "base-dot-segments=kept".to_owned(),
                "double-slash-path=literal".to_owned()
            ]),
            "the reference's own answer under a reading still tells it"
        );
        // A reference left unresolved as a listed deviation leaves it tells
        // nothing of the reading that would merge it (yarl: `foo:/`
        // against `foo://a` is `foo:/`, strictly too).
        let unresolved = Set::of(&[Id::UnknownSchemeUnresolved]);
        assert_eq!(
            told_with(unresolved, &any, "foo://a", "foo:/", "foo:/"),
            Some(vec![])
        );
        // A normal base tells nothing, whatever the answer's reading.
        assert_eq!(told(&any, "http://a/b", "g", "http://a/g"), Some(vec![]));
        assert_eq!(
            told(&any, "HTTP://A/b", "g", "http://a/g"),
            Some(vec!["base-case=scheme-and-host".to_owned()])
        );
        assert_eq!(
            told(&any, "HTTP://a/b", "g", "http://a/g"),
            Some(vec!["base-case=scheme|scheme-and-host".to_owned()])
        );
        assert_eq!(
            told(&any, "HTTP://A/b", "g", "HTTP://A/g"),
            Some(vec!["base-case=kept".to_owned()])
        );
        assert_eq!(
            told(&any, "http://a:80", "?y", "http://a/?y"),
            Some(vec![
                "base-port=http-and-https-elided|elided".to_owned(),
                "base-empty-path=http-and-https".to_owned()
            ])
        );
        // The reference's authority is never normalized.
        assert_eq!(told(&any, "http://a/b", "//A/x", "http://a/x"), None);
        // Held to a reading, another's answer is no reading's.
        let kept = Assignment::parse(Spec::Rfc3986, "base-case=kept").unwrap();
        let kept = Accepted::holding(Spec::Rfc3986, &kept);
        assert_eq!(told(&kept, "HTTP://A/b", "g", "http://a/g"), None);
        assert_eq!(told(&kept, "HTTP://A/b", "g", "HTTP://A/g"), Some(vec![]));
        assert!(!kept.allows(
            &Input::new("HTTP://A/b", "g"),
            &Answer::Resolved("http://a/g".to_owned())
        ));
        // RFC 1808's readings tell as well.
        let rfc1808 = Accepted::default();
        assert_eq!(
            told(&rfc1808, "http://a/b", "g?", "http://a/g"),
            Some(vec!["empty-component=absent".to_owned()])
        );
    }

    #[test]
    fn later_specs_split_as_appendix_b_does() {
        let u = Under::defaults(Spec::Rfc3986);
        let c = u.split("http://a?q/b;p#f");
        assert_eq!(
            (c.net_loc, c.slash, c.path, c.params, c.query),
            (Some("a"), false, "", None, Some("q/b;p"))
        );
        let c = u.split("foo:/a;x/b");
        assert_eq!((c.slash, c.path, c.params), (true, "a;x/b", None));
    }

    #[test]
    fn cases_outside_the_grammar_are_outside_later_specs_only() {
        let later = Accepted::holding(Spec::Rfc3986, &Assignment::none());
        assert!(later.outside(&Input::new("http://a/b", "g h")));
        assert!(later.outside(&Input::new("9p://a/b", "g")));
        assert!(!later.outside(&Input::new("http://a/b", "../g?#")));
        assert!(!Accepted::default().outside(&Input::new("http://a/b", "g h")));
        let rfc2396 = Accepted::holding(Spec::Rfc2396, &Assignment::none());
        assert!(rfc2396.outside(&Input::new("http://a/b", "foo:")));
        assert!(!later.outside(&Input::new("http://a/b", "foo:")));
    }
}
