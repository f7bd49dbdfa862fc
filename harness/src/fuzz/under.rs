//! What `rfc1808 fuzz` compares an answer with: one spec's reference
//! resolver under one choice of that spec's readings
//! ([`rfc1808_resolver::spec::Reference`]), and the choices a run accepts an
//! answer under ([`Accepted`]).

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::deviations::{self, Set};
use rfc1808_resolver::readings::{Ambiguity, Reading};
use rfc1808_resolver::spec::{Reference, Resolved, Stage};
use rfc1808_vectors::{Assignment, Spec};

use crate::implementation::Answer;

/// Whether the reference under `choice`, departing from the spec by the
/// deviations of `set`, gives `answer` for `input`.
pub fn gives_with(choice: Reference, set: Set, input: &Input, answer: &Answer) -> bool {
    let Some(wanted) = rfc1808_vectors::causes::as_wanted(answer) else {
        return false;
    };
    let reference = |base: &str, relative: &str| choice.resolve(base, relative);
    let resolved = deviations::resolve(&reference, set, &input.base, &input.relative);
    deviations::Wanted::new(wanted).given_by(set, &resolved)
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

/// What one answer tells of the readings followed ([`Accepted::evidence`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
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
    primary: Reference,
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
        let follows = |u: &Reference| {
            held.pairs()
                .iter()
                .all(|(a, reading)| u.get(a.name) == Some(reading.name))
        };
        let primary = Reference::every(spec)
            .iter()
            .copied()
            .find(follows)
            .unwrap_or(Reference::defaults(spec));
        Accepted {
            primary,
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
    pub fn primary(&self) -> Reference {
        self.primary
    }

    /// The reference's answer under the primary readings, and the stage.
    pub fn reference(&self, input: &Input) -> (Resolved, Stage) {
        self.primary.trace(&input.base, &input.relative)
    }

    /// Whether `answer` is the reference's under another accepted choice of
    /// readings: the same URL, or a rejection where that choice rejects.
    pub fn accepts(&self, input: &Input, answer: &Answer) -> bool {
        self.answers(input)
            .into_iter()
            .skip(1)
            .any(|(_, resolved)| gives(&resolved, answer))
    }

    /// The reference's answer under each of [`Accepted::choices`], in its
    /// order. Under RFC 3986 each distinct base and answer is computed once
    /// ([`Reference::answers_for`]): a base out of normal form in several
    /// ways has many choices that give the same answer.
    fn answers(&self, input: &Input) -> Vec<(Reference, Resolved)> {
        self.primary
            .answers_for(&input.base, &input.relative)
            .into_iter()
            .filter(|(u, _)| *u == self.primary || self.follows_held(*u))
            .collect()
    }

    /// Whether `u` keeps every reading held.
    fn follows_held(&self, u: Reference) -> bool {
        self.held
            .pairs()
            .iter()
            .all(|(a, reading)| u.get(a.name) == Some(reading.name))
    }

    /// The accepted choices that can answer `input` otherwise than the
    /// primary one, the primary first. Under RFC 3986 only the ambiguities
    /// that can change this case's answer vary
    /// ([`Reference::every_for`]); under the other specs, all do.
    pub fn choices(&self, input: &Input) -> Vec<Reference> {
        let mut all = self.primary.every_for(&input.base, &input.relative);
        all.retain(|u| *u == self.primary || self.follows_held(*u));
        all
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
    /// first). And only a clean case tells: one where the deviations of
    /// `accepted` change no choice's answer. Where they do, the answer is
    /// a listed deviation's doing as much as a reading's, and a library
    /// whose quirk the model of a deviation covers only in part would seem
    /// to follow one reading here and another elsewhere.
    pub fn evidence(&self, input: &Input, answer: &Answer, accepted: Set) -> Option<Evidence> {
        if !matches!(answer, Answer::Resolved(_) | Answer::Rejected(_)) {
            return None;
        }
        let choices = self.choices(input);
        let registry = self.spec().registry();
        let primary = self.primary;
        // Most answers are the primary's, and so are the answers of every
        // choice one reading away from it: then every reading of every
        // ambiguity gives this answer, and nothing is told.
        let (base, relative) = (input.base.as_str(), input.relative.as_str());
        if gives(&primary.resolve(base, relative), answer)
            && choices
                .iter()
                .filter(|u| u.differences(primary) == 1)
                .all(|u| gives(&u.resolve(base, relative), answer))
        {
            return Some(Evidence::default());
        }
        let giving: Vec<Reference> = self
            .answers(input)
            .into_iter()
            .filter(|(u, resolved)| {
                gives(resolved, answer)
                    || (!accepted.is_empty() && gives_with(*u, accepted, input, answer))
            })
            .map(|(u, _)| u)
            .collect();
        if giving.is_empty() {
            return None;
        }
        if !clean(input, accepted, &choices, &giving) {
            return Some(Evidence::default());
        }
        let names = |among: &[Reference], a: &Ambiguity| -> Vec<&'static str> {
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
        Some(Evidence { decided })
    }

    /// Whether the case is outside what the spec resolves, so that no
    /// answer is a deviation from it ([`Spec::undefined`]). RFC 1808 runs
    /// choose their bases instead ([`super::Bases`]) and take any relative
    /// URL.
    pub fn undefined(&self, input: &Input) -> bool {
        self.spec()
            .undefined(&input.base, &input.relative)
            .is_some()
    }
}

/// Whether `input` is a clean case ([`Accepted::evidence`]): the deviations
/// `listed` change no answer of `choices` together, nor of `giving` (the
/// choices that give the answer) each alone, since two may undo each other
/// (one drops an empty authority, another writes `//` back).
fn clean(input: &Input, listed: Set, choices: &[Reference], giving: &[Reference]) -> bool {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let changes = |u: Reference, set: Set| {
        let reference = |base: &str, relative: &str| u.resolve(base, relative);
        deviations::resolve(&reference, set, base, relative) != u.resolve(base, relative)
    };
    listed.is_empty()
        || !(choices.iter().any(|&u| changes(u, listed))
            || giving
                .iter()
                .any(|&u| listed.ids().any(|id| changes(u, Set::of(&[id])))))
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
        assert!(any.accepts(&input, &removed));
        assert!(any.accepts(&input, &rejected));
        let kept = Assignment::parse(Spec::Rfc2396, "above-root=kept").unwrap();
        let kept = Accepted::holding(Spec::Rfc2396, &kept);
        assert!(!kept.accepts(&input, &removed));
        assert!(!kept.accepts(&input, &rejected));
        let error = Assignment::parse(Spec::Rfc2396, "above-root=error").unwrap();
        let error = Accepted::holding(Spec::Rfc2396, &error);
        assert!(error.reference(&input).0.is_err());
    }

    #[test]
    fn an_answer_tells_the_readings_that_give_it() {
        let any = Accepted::holding(Spec::Rfc3986, &Assignment::none());
        let evidence_with =
            |listed: Set, accepted: &Accepted, base: &str, reference: &str, answer: &str| {
                let answer = Answer::Resolved(answer.to_owned());
                accepted
                    .evidence(&Input::new(base, reference), &answer, listed)
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
            evidence_with(Set::EMPTY, accepted, base, reference, answer)
        };
        // An answer that a listed deviation gives under the reading the
        // others tell is no sign of another reading.
        let rootless = Set::of(&[Id::RootlessKeptRootless]);
        assert_eq!(
            told(&any, "foo:.a/..//..", "g", "foo:/g"),
            Some(vec!["base-dot-segments=removed".to_owned()])
        );
        assert_eq!(
            evidence_with(rootless, &any, "foo:.a/..//..", "g", "foo:/g"),
            Some(vec![])
        );
        assert_eq!(
            told(&any, "foo:.a/..//..", "g", "foo://g"),
            Some(vec![
                "base-dot-segments=kept".to_owned(),
                "double-slash-path=literal".to_owned()
            ]),
        );
        assert_eq!(
            evidence_with(rootless, &any, "foo:.a/..//..", "g", "foo://g"),
            Some(vec![]),
            "a case a listed deviation changes tells nothing, even as the \
             reference's own answer under a reading"
        );
        assert_eq!(
            evidence_with(rootless, &any, "http://a/./b", "?y", "http://a/b?y"),
            told(&any, "http://a/./b", "?y", "http://a/b?y"),
            "a clean case tells as it does with nothing listed"
        );
        assert_eq!(
            told(&any, "http://a/./b", "?y", "http://a/b?y"),
            Some(vec!["base-dot-segments=removed".to_owned()]),
        );
        // Two listed deviations that undo each other here (an empty
        // authority dropped, then `//` written after a scheme the library
        // knows) still make the case unclean: each alone changes it.
        let undoing = Set::of(&[Id::EmptyAuthorityDropped, Id::KnownSchemeAuthorityAdded]);
        assert_eq!(
            told(&any, "ftp:///.", "", "ftp:///."),
            Some(vec!["base-dot-segments=kept".to_owned()])
        );
        assert_eq!(
            evidence_with(undoing, &any, "ftp:///.", "", "ftp:///."),
            Some(vec![])
        );
        // A reference left unresolved as a listed deviation leaves it tells
        // nothing of the reading that would merge it (yarl: `foo:/`
        // against `foo://a` is `foo:/`, strictly too).
        let unresolved = Set::of(&[Id::UnknownSchemeUnresolved]);
        assert_eq!(
            evidence_with(unresolved, &any, "foo://a", "foo:/", "foo:/"),
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
        assert!(!kept.accepts(
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
    fn a_listed_deviation_makes_no_ambiguity_look_mixed() {
        // A library that removes the base's dot segments and keeps a
        // rootless path rootless (listed): against `foo:.a/..//..` its
        // answer is the reference's under `base-dot-segments=kept`, which
        // the cases its listed deviation does not touch tell otherwise.
        let any = Accepted::holding(Spec::Rfc3986, &Assignment::none());
        let answers = [
            (Input::new("foo:.a/..//..", "g"), "foo://g"),
            (Input::new("http://a/./b", "?y"), "http://a/b?y"),
        ];
        let base_dots = |listed: Set| {
            let mut followed = super::super::Followed::default();
            for (input, answer) in &answers {
                let answer = Answer::Resolved((*answer).to_owned());
                if let Some(told) = any.evidence(input, &answer, listed) {
                    followed.observe(input, &told);
                }
            }
            let verdicts = followed.verdicts(rfc1808_resolver::rfc3986::REGISTRY, &[]);
            let following = verdicts
                .into_iter()
                .find(|f| f.ambiguity.name == "base-dot-segments")
                .expect("told");
            (following.inconsistent(), following.cases())
        };
        // Every case telling, as each did with the deviation listed before
        // clean cases: mixed, and the run failed.
        assert_eq!(base_dots(Set::EMPTY), (true, 2));
        // Only the clean case tells now.
        assert_eq!(base_dots(Set::of(&[Id::RootlessKeptRootless])), (false, 1));
    }

    #[test]
    fn later_specs_split_as_appendix_b_does() {
        let u = Reference::defaults(Spec::Rfc3986);
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
        assert!(later.undefined(&Input::new("http://a/b", "g h")));
        assert!(later.undefined(&Input::new("9p://a/b", "g")));
        assert!(!later.undefined(&Input::new("http://a/b", "../g?#")));
        assert!(!Accepted::default().undefined(&Input::new("http://a/b", "g h")));
        let rfc2396 = Accepted::holding(Spec::Rfc2396, &Assignment::none());
        assert!(rfc2396.undefined(&Input::new("http://a/b", "foo:")));
        assert!(!later.undefined(&Input::new("http://a/b", "foo:")));
    }
}
