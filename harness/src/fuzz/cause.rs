//! Causes: what `rfc1808 fuzz` groups its mismatches by.
//!
//! A mismatch is explained by the smallest set of deviations of the
//! catalogue (`docs/deviations.md`) with which the reference, under some
//! reading of the spec, gives the implementation's answer: the attribution
//! of [`rfc1808_vectors::causes::Explainer`], which `rfc1808 run` uses too,
//! trying the deviations the expectations file lists first. That set is the
//! mismatch's [`Cause`]. A mismatch that no set explains keeps its symptom,
//! the [`Kind`] of how the two answers differ: those are the findings worth
//! a person's time, one kind per quirk rather than one per cause's every
//! branch and symptom.
//!
//! # Cost
//!
//! Attribution runs on mismatches only. A full explanation is a search
//! (each deviation that changes something for the case, then pairs, then
//! triples, then up to five of the listed ones, each under every reading)
//! of tens to a thousand resolutions,
//! the most when nothing explains the answer. A run of a library with a
//! few causes sees the same few sets over and over, so
//! [`Attribution::cause`] remembers, for each symptom, the sets that
//! explained its mismatches, and checks those first: under the default
//! readings, one resolution each ([`Explainer::gives_by_default`]), where
//! most answers are found, then under every reading. A set that gives the
//! answer is taken when it is listed, or when nothing listed gives it and
//! no smaller part of it does; otherwise the search decides.
//!
//! What nothing explains is searched for in full the first
//! [`SEARCHES_BEFORE_SAMPLING`] times per symptom; after that, each search
//! that finds nothing is followed by as many mismatches of that symptom as
//! it has had such searches (at most [`MAX_SKIPPED`]) counted unexplained
//! without one, after a look at the remembered sets under the default
//! readings where most of its mismatches were explained. So a library
//! with a large unexplained part pays for a number of searches that grows
//! as the square root of its mismatches, and new causes hidden in an
//! unexplained symptom are still found. Shrinking and the listed vectors
//! use the full search ([`Attribution::explain`]).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::deviations::{self, Explanation, Id, Set};
use rfc1808_vectors::causes::Explainer;
use rfc1808_vectors::{ResolveVector, Spec};

use super::kind::{dots_removed, Kind};
use super::under::Accepted;
use super::workers::Workers;
use crate::implementation::Answer;
use rfc1808_resolver::spec::Reference;

/// What groups a fuzz run's mismatches: the deviations that explain them,
/// or, where none do, how the answer differs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cause {
    /// The smallest set of deviations with which the reference gives the
    /// implementation's answer.
    Deviations(Set),
    /// No set of the catalogue's deviations (of at most three, or five
    /// listed ones) gives it.
    Unexplained(Kind),
}

impl Cause {
    /// The deviations, when it is explained.
    pub fn deviations(&self) -> Option<Set> {
        match self {
            Cause::Deviations(set) => Some(*set),
            Cause::Unexplained(_) => None,
        }
    }

    /// Whether the implementation failed to answer (crash, timeout,
    /// protocol error): never explained, never known, never shrunk.
    pub fn is_failure(&self) -> bool {
        matches!(self, Cause::Unexplained(kind) if kind.is_failure())
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Deviations(set) => write!(f, "{set}"),
            Cause::Unexplained(kind) => write!(f, "{kind}"),
        }
    }
}

/// The sections of `spec` the deviations of `set` depart from, each once,
/// in the catalogue's order: `5.2.2, 5.3`.
pub fn sections(set: Set, spec: Spec) -> String {
    let mut sections: Vec<&str> = Vec::new();
    for id in set.ids() {
        let Some(listed) = id.deviation().sections.of(spec) else {
            continue;
        };
        for section in listed.split(", ") {
            if !sections.contains(&section) {
                sections.push(section);
            }
        }
    }
    sections.join(", ")
}

/// Whether an answer the deviations of `set` give still names the
/// resource the spec's answer names (RFC 3986 section 6): every one of
/// them does.
pub fn same_resource(set: Set) -> bool {
    set.ids().all(|id: Id| id.deviation().same_resource)
}

/// After this many searches of one symptom that found nothing, its
/// mismatches that nothing remembered explains are searched for only now
/// and then (see the module documentation).
pub const SEARCHES_BEFORE_SAMPLING: u64 = 8;

/// The most mismatches of a symptom counted unexplained, without a search,
/// between two searches.
pub const MAX_SKIPPED: u64 = 256;

/// The attribution of one run's mismatches, with what it remembers.
pub struct Attribution {
    explainer: Explainer,
    /// The readings accepted, which the residual of an unexplained
    /// mismatch is told under ([`Attribution::residual`]).
    accepted: Accepted,
    listed: Set,
    /// The symptoms listed vectors show ([`Attribution::keep_symptoms`]).
    shown_by_vectors: HashSet<Kind>,
    memo: HashMap<Kind, Memo>,
}

/// What attributing one mismatch asked of the reference: whether sets of
/// deviations give its answer, under every reading and under the default
/// ones. Noting ahead ([`Attribution::causes`]), a full search or a
/// residual not made yet is said to be missing, and made later.
#[derive(Clone, Default)]
struct Asked {
    ahead: bool,
    gives: Vec<(Set, bool)>,
    by_default: Vec<(Set, bool)>,
    explained: Option<Option<Explanation>>,
    residual: Option<Kind>,
    missing: Option<Missing>,
}

/// What noting ahead left for later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Missing {
    Search,
    Residual,
}

impl Asked {
    fn ahead() -> Asked {
        Asked {
            ahead: true,
            ..Asked::default()
        }
    }

    /// What it noted, with nothing said to be missing.
    fn settled(self) -> Asked {
        Asked {
            missing: None,
            ..self
        }
    }

    /// What `noted` holds; else, noting ahead, `None` with `what` said to
    /// be missing; else `make`'s.
    fn made<T>(
        asked: &RefCell<Asked>,
        what: Missing,
        noted: impl Fn(&Asked) -> Option<T>,
        make: impl FnOnce() -> T,
    ) -> Option<T> {
        let mut asked = asked.borrow_mut();
        if let Some(made) = noted(&asked) {
            return Some(made);
        }
        if asked.ahead {
            asked.missing = Some(what);
            return None;
        }
        drop(asked);
        Some(make())
    }

    /// Makes what is missing, for a mismatch of `symptom`.
    fn make_missing(&mut self, by: &Attribution, input: &Input, answer: &Answer, symptom: &Kind) {
        match self.missing.take() {
            Some(Missing::Search) => {
                let (base, relative) = (input.base.as_str(), input.relative.as_str());
                self.explained = Some(by.explainer.explain(Some(base), relative, answer));
            }
            Some(Missing::Residual) => {
                self.residual = Some(by.residual(input, answer, symptom));
            }
            None => {}
        }
    }

    /// What `field` notes of `set`, or `work`'s answer, noted.
    fn note_set(
        asked: &RefCell<Asked>,
        field: impl Fn(&mut Asked) -> &mut Vec<(Set, bool)>,
        set: Set,
        work: impl FnOnce() -> bool,
    ) -> bool {
        if let Some(&(_, known)) = field(&mut asked.borrow_mut())
            .iter()
            .find(|(s, _)| *s == set)
        {
            return known;
        }
        let answer = work();
        field(&mut asked.borrow_mut()).push((set, answer));
        answer
    }
}

/// What a run remembers of one symptom's mismatches.
#[derive(Clone, Default)]
struct Memo {
    /// The sets that explained some, listed ones first, then smallest
    /// first, then the last found first.
    sets: Vec<Set>,
    /// Mismatches a set was found for.
    explained: u64,
    /// Searches that found no set.
    unexplained: u64,
    /// Mismatches counted unexplained without a search since the last
    /// search.
    skipped: u64,
}

impl Memo {
    /// The first set remembered that `gives_it` says gives the answer, if
    /// that settles its cause: it is listed, or neither what is listed nor
    /// a part of it gives the answer (`gives`, under every reading), which
    /// a search would then decide. The set found goes first among the sets
    /// of its group (listed or not, of its size): the next mismatch of this
    /// symptom likely has it too.
    fn settle(
        &mut self,
        listed: Set,
        gives_it: impl Fn(Set) -> bool,
        gives: impl Fn(Set) -> bool,
    ) -> Option<Set> {
        let at = self.sets.iter().position(|&s| gives_it(s))?;
        let set = self.sets[at];
        let settled = set.is_subset(listed)
            || ((listed.is_empty() || !gives(listed)) && !proper_subsets(set).any(&gives));
        if !settled {
            return None;
        }
        self.explained += 1;
        let group = |s: &Set| (!s.is_subset(listed), s.len());
        let first = self.sets[..at]
            .iter()
            .position(|s| group(s) == group(&set))
            .unwrap_or(at);
        self.sets[first..=at].rotate_right(1);
        Some(set)
    }

    /// Takes in what a full search found: the set that explains the
    /// mismatch, remembered, or `None` when nothing does.
    fn searched(&mut self, found: Option<Explanation>, listed: Set) -> Option<Set> {
        let Some(Explanation::By(set)) = found else {
            self.unexplained += 1;
            return None;
        };
        self.explained += 1;
        if !self.sets.contains(&set) {
            self.sets.push(set);
            // Listed sets first, then the smaller: a set is taken only when
            // no listed one, and no part of it, gives the answer.
            self.sets.sort_by_key(|s| (!s.is_subset(listed), s.len()));
        }
        Some(set)
    }

    /// Whether most of its mismatches that were attributed are
    /// unexplained, and enough were: then the remembered sets are not
    /// looked at either for the mismatches that are not searched.
    fn mostly_unexplained(&self) -> bool {
        self.unexplained >= SEARCHES_BEFORE_SAMPLING && self.unexplained > self.explained
    }

    /// Whether this mismatch goes without a search: the symptom's searches
    /// found nothing often enough, and not enough mismatches went without
    /// one since the last.
    fn skip(&mut self) -> bool {
        if self.unexplained < SEARCHES_BEFORE_SAMPLING
            || self.skipped >= self.unexplained.min(MAX_SKIPPED)
        {
            self.skipped = 0;
            return false;
        }
        self.skipped += 1;
        true
    }
}

impl Attribution {
    /// Attribution under the spec of `accepted` (the readings a run
    /// accepts), trying `listed` (the deviations the expectations list)
    /// first.
    pub fn new(accepted: &Accepted, listed: Set) -> Attribution {
        Attribution {
            explainer: Explainer::new(accepted.spec(), listed),
            accepted: accepted.clone(),
            listed,
            shown_by_vectors: HashSet::new(),
            memo: HashMap::new(),
        }
    }

    /// The deviations the expectations list.
    pub fn listed(&self) -> Set {
        self.listed
    }

    /// The cause of a mismatch whose symptom is `symptom`, from what the
    /// run has found so far where that settles it (see the module
    /// documentation), else by a search; with whether it was counted
    /// unexplained without one (unsearched). An unsearched mismatch is
    /// counted, but is never a kind's example: nothing checked that nothing
    /// explains it.
    pub fn cause(&mut self, input: &Input, answer: &Answer, symptom: &Kind) -> (Cause, bool) {
        if symptom.is_failure() {
            return (Cause::Unexplained(symptom.clone()), false);
        }
        let mut memo = self.memo.remove(symptom).unwrap_or_default();
        let asked = RefCell::new(Asked::default());
        let cause = self.attribute(&mut memo, input, answer, symptom, &asked);
        self.memo.insert(symptom.clone(), memo);
        cause.unwrap_or_else(|| unreachable!("nothing is missing when nothing is noted ahead"))
    }

    /// [`Attribution::cause`] of each mismatch in turn, its input, answer
    /// and symptom, the work spread over `workers` with the same causes as
    /// one at a time. The run remembers per symptom, so mismatches of
    /// different symptoms can be attributed at once, and within one
    /// symptom, what a mismatch asks of the reference mostly does not
    /// depend on the mismatches before it:
    ///
    /// 1. each mismatch is attributed on its own from what the run
    ///    remembered before them all, noting the sets it tried,
    ///    all at once;
    /// 2. then, in rounds, each symptom's mismatches are attributed in
    ///    their order from those notes, up to the first that needs a full
    ///    search or a residual not noted yet; those (one per symptom) are
    ///    made at once, and the next round goes on from them.
    pub fn causes(
        &mut self,
        mismatches: &[(&Input, &Answer, &Kind)],
        workers: &Workers,
    ) -> Vec<(Cause, bool)> {
        if workers.threads() == 1 {
            return mismatches
                .iter()
                .map(|&(input, answer, symptom)| self.cause(input, answer, symptom))
                .collect();
        }
        let mut causes: Vec<Option<(Cause, bool)>> = vec![None; mismatches.len()];
        let mut groups: Vec<(&Kind, Vec<usize>)> = Vec::new();
        for (i, &(_, _, symptom)) in mismatches.iter().enumerate() {
            if symptom.is_failure() {
                causes[i] = Some((Cause::Unexplained(symptom.clone()), false));
                continue;
            }
            match groups.iter_mut().find(|(kind, _)| *kind == symptom) {
                Some((_, members)) => members.push(i),
                None => groups.push((symptom, vec![i])),
            }
        }
        let mut asked = self.note_ahead(mismatches, &groups, workers);
        let mut done = vec![0; groups.len()];
        loop {
            let missing =
                self.attribute_in_order(mismatches, &groups, &mut done, &asked, &mut causes);
            if missing.is_empty() {
                break;
            }
            let this = &*self;
            let missing: Vec<(usize, Asked)> =
                missing.into_iter().map(|i| (i, asked[i].take())).collect();
            let made = workers.map(missing, |(i, mut asked)| {
                let (input, answer, symptom) = mismatches[i];
                asked.make_missing(this, input, answer, symptom);
                (i, asked)
            });
            for (i, made) in made {
                asked[i] = RefCell::new(made);
            }
        }
        causes
            .into_iter()
            .map(|c| c.expect("every mismatch attributed"))
            .collect()
    }

    /// Step 1 of [`Attribution::causes`]: each mismatch of `groups` (their
    /// indexes in `mismatches`, by symptom) attributed on its own, from what
    /// the run remembers now, on `workers`; what each asked, by index.
    fn note_ahead(
        &self,
        mismatches: &[(&Input, &Answer, &Kind)],
        groups: &[(&Kind, Vec<usize>)],
        workers: &Workers,
    ) -> Vec<RefCell<Asked>> {
        let mut asked: Vec<RefCell<Asked>> = (0..mismatches.len())
            .map(|_| RefCell::new(Asked::ahead()))
            .collect();
        let attributing: Vec<usize> = groups.iter().flat_map(|(_, m)| m.clone()).collect();
        for (i, noted) in workers.map(attributing, |i| {
            let (input, answer, symptom) = mismatches[i];
            let mut memo = self.memo.get(symptom).cloned().unwrap_or_default();
            let noted = RefCell::new(Asked::ahead());
            self.attribute(&mut memo, input, answer, symptom, &noted);
            (i, noted.into_inner().settled())
        }) {
            asked[i] = RefCell::new(noted);
        }
        asked
    }

    /// A round of step 2 of [`Attribution::causes`]: each symptom's
    /// mismatches after the `done` first, attributed in order into
    /// `causes` from what `asked` notes, up to the first that needs what
    /// it does not; those, one per symptom at most.
    fn attribute_in_order(
        &mut self,
        mismatches: &[(&Input, &Answer, &Kind)],
        groups: &[(&Kind, Vec<usize>)],
        done: &mut [usize],
        asked: &[RefCell<Asked>],
        causes: &mut [Option<(Cause, bool)>],
    ) -> Vec<usize> {
        let mut missing = Vec::new();
        for ((symptom, members), done) in groups.iter().zip(done) {
            let mut memo = self.memo.remove(*symptom).unwrap_or_default();
            for &i in &members[*done..] {
                let (input, answer, _) = mismatches[i];
                // Tried on a copy: what stops at something missing leaves
                // the memo as it was.
                let mut trial = memo.clone();
                let Some(cause) = self.attribute(&mut trial, input, answer, symptom, &asked[i])
                else {
                    missing.push(i);
                    break;
                };
                memo = trial;
                causes[i] = Some(cause);
                *done += 1;
            }
            self.memo.insert((*symptom).clone(), memo);
        }
        missing
    }

    /// The cause of one mismatch of the symptom `memo` remembers, and
    /// whether it was counted unexplained without a search (unsearched).
    /// What it asks of the reference is taken from `asked` where noted
    /// there, and set
    /// checks are noted there; `None` when it needs a full search or a
    /// residual that `asked`, noting ahead, does not hold yet.
    fn attribute(
        &self,
        memo: &mut Memo,
        input: &Input,
        answer: &Answer,
        symptom: &Kind,
        asked: &RefCell<Asked>,
    ) -> Option<(Cause, bool)> {
        let (base, relative) = (input.base.as_str(), input.relative.as_str());
        let (explainer, listed) = (&self.explainer, self.listed);
        let residual = || {
            let kind = Asked::made(
                asked,
                Missing::Residual,
                |a| a.residual.clone(),
                || self.residual(input, answer, symptom),
            );
            kind.map(Cause::Unexplained)
        };
        let sampled = memo.mostly_unexplained();
        if sampled && memo.skip() {
            return Some((residual()?, true));
        }
        let gives = |s: Set| {
            Asked::note_set(
                asked,
                |a| &mut a.gives,
                s,
                || explainer.gives(s, base, relative, answer),
            )
        };
        let by_default = |s: Set| {
            Asked::note_set(
                asked,
                |a| &mut a.by_default,
                s,
                || explainer.gives_by_default(s, base, relative, answer),
            )
        };
        // The sets remembered, under the default readings, one resolution
        // each: where most answers are found.
        if let Some(set) = memo.settle(listed, by_default, gives) {
            return Some((Cause::Deviations(set), false));
        }
        // Of a symptom whose searches mostly found sets, a mismatch none
        // of them gives so is looked at further, under every reading and
        // then by a search, now and then.
        if !sampled && memo.skip() {
            return Some((residual()?, true));
        }
        if let Some(set) = memo.settle(listed, gives, gives) {
            return Some((Cause::Deviations(set), false));
        }
        let explained = Asked::made(
            asked,
            Missing::Search,
            |a| a.explained,
            || explainer.explain(Some(base), relative, answer),
        )?;
        match memo.searched(explained, listed) {
            Some(set) => Some((Cause::Deviations(set), false)),
            None => Some((residual()?, false)),
        }
    }

    /// Whether the reference with the deviations of `set` gives `answer`
    /// for `input` ([`Explainer::gives`]): whether `set` could be its cause.
    pub fn gives(&self, set: Set, input: &Input, answer: &Answer) -> bool {
        self.explainer
            .gives(set, &input.base, &input.relative, answer)
    }

    /// The cause of a mismatch by a full search, remembering nothing: for
    /// shrinking, where each candidate must be explained by the very set
    /// of the kind, and for the listed vectors.
    pub fn explain(&self, input: &Input, answer: &Answer, symptom: &Kind) -> Cause {
        if symptom.is_failure() {
            return Cause::Unexplained(symptom.clone());
        }
        match self
            .explainer
            .explain(Some(&input.base), &input.relative, answer)
        {
            Some(Explanation::By(set)) => Cause::Deviations(set),
            _ => Cause::Unexplained(self.residual(input, answer, symptom)),
        }
    }

    /// The kind of an unexplained mismatch whose symptom is `symptom`:
    /// its residual ([`residual`]).
    pub fn residual(&self, input: &Input, answer: &Answer, symptom: &Kind) -> Kind {
        let shown = &self.shown_by_vectors;
        residual(&self.accepted, self.listed, shown, input, answer, symptom)
    }

    /// Takes `symptoms`, those of the listed vectors nothing explains, for
    /// kinds of their own: a mismatch of one of them keeps it rather than
    /// its residual, so that what a listed vector made known before
    /// residuals stays known.
    pub fn keep_symptoms(&mut self, symptoms: impl IntoIterator<Item = Kind>) {
        self.shown_by_vectors.extend(symptoms);
    }

    /// The reference with the listed deviations that comes closest to
    /// `answer` ([`closest`]).
    pub fn closest(&self, input: &Input, answer: &Answer) -> Option<Closest> {
        closest(&self.accepted, self.listed, input, answer)
    }
}

/// The reference with some of the listed deviations, under some reading,
/// whose answer is nearest an implementation's: what is left between the
/// two is what the listed deviations and readings do not explain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closest {
    /// The listed deviations it departs by.
    pub deviations: Set,
    /// The readings it follows other than the primary ones
    /// (`same-scheme=non-strict`), empty for none.
    pub readings: Vec<String>,
    /// Its answer.
    pub answer: String,
}

impl fmt::Display for Closest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.answer)?;
        if !self.deviations.is_empty() {
            write!(f, ", with {}", self.deviations)?;
        }
        if !self.readings.is_empty() {
            write!(f, ", under {}", self.readings.join(", "))?;
        }
        Ok(())
    }
}

/// The reference with the deviations of `listed` that comes closest to
/// `answer` for `input`, a URL, under the accepted reading whose own
/// answer is nearest (the primary ones, or one reading away from them):
/// starting from none, the listed deviation that brings its answer nearest
/// (in edit distance, once the dot segments of both paths are removed,
/// then as written) is added while one brings it nearer. `None` when the
/// reference under the primary readings is the closest, or the answer is
/// no URL.
pub fn closest(
    accepted: &Accepted,
    listed: Set,
    input: &Input,
    answer: &Answer,
) -> Option<Closest> {
    let Answer::Resolved(got) = answer else {
        return None;
    };
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let got_without_dots = dots_removed(got);
    let far = |url: &str| {
        let without_dots = strsim::levenshtein(&dots_removed(url), &got_without_dots);
        (without_dots, strsim::levenshtein(url, got))
    };
    let primary = accepted.primary();
    let under = accepted
        .choices(input)
        .into_iter()
        .filter(|u| *u == primary || u.differences(primary) == 1)
        .filter_map(|u| u.resolve(base, relative).ok().map(|url| (far(&url), u)))
        .min_by_key(|(far, u)| (*far, *u != primary))
        .map_or(primary, |(_, u)| u);
    let readings = readings_apart(under, primary);
    let resolve = |b: &str, r: &str| under.resolve(b, r);
    let distance = |set: Set| {
        deviations::resolve(&resolve, set, base, relative)
            .map(|url| (far(&url), url))
            .ok()
    };
    let mut best: Option<(Set, (usize, usize), String)> = None;
    let mut nearest = under
        .resolve(base, relative)
        .map_or((usize::MAX, usize::MAX), |url| far(&url));
    loop {
        let set = best.as_ref().map_or(Set::EMPTY, |b| b.0);
        let step = listed
            .ids()
            .filter(|&id| !set.has(id))
            .filter_map(|id| distance(set.with(id)).map(|(d, url)| (set.with(id), d, url)))
            .min_by_key(|(_, d, _)| *d)
            .filter(|(_, d, _)| *d < nearest);
        let Some(step) = step else { break };
        nearest = step.1;
        best = Some(step);
        if nearest == (0, 0) {
            break;
        }
    }
    let (deviations, answer) = match best {
        Some((set, _, url)) => (set, url),
        None if under != primary => (Set::EMPTY, under.resolve(base, relative).ok()?),
        None => return None,
    };
    Some(Closest {
        deviations,
        readings,
        answer,
    })
}

/// The readings `under` follows other than `primary`'s:
/// `same-scheme=non-strict`.
fn readings_apart(under: Reference, primary: Reference) -> Vec<String> {
    primary
        .spec()
        .registry()
        .iter()
        .filter_map(|a| {
            let reading = under.get(a.name)?;
            (primary.get(a.name) != Some(reading)).then(|| format!("{}={reading}", a.name))
        })
        .collect()
}

/// What is left of a mismatch nothing explains once the listed deviations
/// are applied: how `answer` differs from the reference with the listed
/// deviations that comes closest to it ([`closest`]), in the normal form
/// of [`Kind::residual`]. So one quirk outside the catalogue is one kind
/// whichever listed deviations its cases meet too: a library that removes
/// a final `.` with its slash and lower-cases the scheme answers `a:/b` for
/// `A:/b/.` and `http://a` for `.` against `http://a/b`, both
/// `path: empty segments removed` from what the reference (with the scheme
/// lower-cased, for the first) gives.
///
/// `symptom` (the difference from the reference itself) when nothing is
/// listed, as a first run knows no deviation to set aside; when it is one
/// a listed vector shows (`shown`), as such a vector made it known before;
/// and when the rest is no difference.
pub fn residual(
    accepted: &Accepted,
    listed: Set,
    shown: &HashSet<Kind>,
    input: &Input,
    answer: &Answer,
    symptom: &Kind,
) -> Kind {
    if listed.is_empty() || shown.contains(symptom) {
        return symptom.clone();
    }
    let primary = accepted.primary();
    let closest = match closest(accepted, listed, input, answer) {
        Some(closest) => Ok(closest.answer),
        None => primary.resolve(&input.base, &input.relative),
    };
    Kind::residual(input, answer, closest, primary).unwrap_or_else(|| symptom.clone())
}

/// The residual kind of `answer` to `vector`, a failure of `rfc1808 run`
/// nothing explains, given the deviations `listed` ([`residual`]), as
/// `rfc1808 fuzz` would name a case of it: what groups such failures in an
/// expectations file. `None` for an absolute parse, which no fuzz case
/// repeats, and for an answer the reference gives under the default
/// readings of `spec`.
pub fn residual_of_vector(
    vector: &ResolveVector,
    answer: &Answer,
    spec: Spec,
    listed: Set,
) -> Option<Kind> {
    let input = Input::new(vector.base.as_deref()?, vector.relative.as_str());
    let accepted = Accepted::holding(spec, &rfc1808_vectors::Assignment::none());
    let symptom = Kind::of(&input, answer, accepted.primary())?
        .0
        .across_branches();
    let shown = HashSet::new();
    Some(residual(
        &accepted, listed, &shown, &input, answer, &symptom,
    ))
}

/// The nonempty proper subsets of `set`.
fn proper_subsets(set: Set) -> impl Iterator<Item = Set> {
    let ids: Vec<Id> = set.ids().collect();
    let n = ids.len();
    (1..(1u32 << n).saturating_sub(1)).map(move |mask| {
        let chosen: Vec<Id> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| ids[i])
            .collect();
        Set::of(&chosen)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::{Accepted, Component, Difference, Steps};

    fn kind_of(input: &Input, answer: &Answer) -> Kind {
        let accepted = Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none());
        Kind::of(input, answer, accepted.primary())
            .unwrap()
            .0
            .across_branches()
    }

    fn resolved(url: &str) -> Answer {
        Answer::Resolved(url.to_owned())
    }

    #[test]
    fn a_kind_is_the_smallest_set_or_else_the_symptom() {
        let mut a = Attribution::new(
            &Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none()),
            Set::EMPTY,
        );
        let input = Input::new("http://a/b/c/d;p?q", "g?");
        let dropped = resolved("http://a/b/c/g");
        let kind = kind_of(&input, &dropped);
        let query = Set::of(&[Id::EmptyQueryDropped]);
        assert_eq!(a.cause(&input, &dropped, &kind).0, Cause::Deviations(query));
        assert_eq!(
            a.cause(&input, &dropped, &kind).0.to_string(),
            "empty-query-dropped"
        );
        // Remembered, and checked before a search.
        assert_eq!(a.memo[&kind].sets, [query]);
        let other = Input::new("http://x/y", "z?");
        assert_eq!(
            a.cause(&other, &resolved("http://x/z"), &kind).0,
            Cause::Deviations(query)
        );
        // An answer of the same symptom that the set does not give.
        let wrong = resolved("http://a/b/c/h");
        let symptom = kind_of(&input, &wrong);
        assert_eq!(
            a.cause(&input, &wrong, &symptom).0,
            Cause::Unexplained(symptom.clone())
        );
        assert_eq!(
            symptom,
            Kind {
                steps: Steps::One(crate::fuzz::Stage::Rfc3986(crate::fuzz::Branch::Merge)),
                difference: Difference::Differs(Component::Path)
            }
        );
        assert_eq!(a.explain(&input, &dropped, &kind), Cause::Deviations(query));
    }

    #[test]
    fn a_remembered_set_that_may_not_be_the_smallest_is_searched_again() {
        let query = Set::of(&[Id::EmptyQueryDropped]);
        let pair = query.with(Id::EmptyFragmentDropped);
        let base = "http://a/b/c/d;p?q";
        let (both_input, both) = (Input::new(base, "g?#"), resolved("http://a/b/c/g"));
        let (input, dropped) = (Input::new(base, "g?"), resolved("http://a/b/c/g"));
        for listed in [Set::EMPTY, query] {
            let mut a = Attribution::new(
                &Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none()),
                listed,
            );
            // `?` and `#` both dropped: one symptom, two causes.
            let kind = kind_of(&both_input, &both);
            assert_eq!(kind, kind_of(&input, &dropped));
            assert_eq!(
                a.cause(&both_input, &both, &kind).0,
                Cause::Deviations(pair)
            );
            // The pair gives this one too, but a part of it does, or what
            // is listed does: searched, the smallest set.
            assert_eq!(a.cause(&input, &dropped, &kind).0, Cause::Deviations(query));
            assert_eq!(a.memo[&kind].sets.len(), 2);
            // Now the single set is checked first.
            assert_eq!(a.cause(&input, &dropped, &kind).0, Cause::Deviations(query));
            assert_eq!(
                a.cause(&both_input, &both, &kind).0,
                Cause::Deviations(pair)
            );
        }
    }

    #[test]
    fn a_quirk_outside_the_catalogue_is_one_kind_whatever_listed_deviations_it_meets() {
        // A library that lower-cases the scheme (listed) and drops the
        // slash a final `.` leaves (in no catalogue).
        let lowercased = Set::of(&[Id::SchemeLowercased]);
        let accepted = Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none());
        let mut a = Attribution::new(&accepted, lowercased);
        let cases = [
            (Input::new("http://x", "A:/b/."), resolved("a:/b")),
            (Input::new("http://a/b", "."), resolved("http://a")),
        ];
        let causes: Vec<Cause> = cases
            .iter()
            .map(|(input, answer)| a.cause(input, answer, &kind_of(input, answer)).0)
            .collect();
        // Against the reference alone the two differ by symptom: the first
        // in its scheme's case.
        assert_eq!(
            kind_of(&cases[0].0, &cases[0].1).to_string(),
            "scheme case changed"
        );
        let slash = Kind {
            steps: Steps::All,
            difference: Difference::Edited {
                component: Component::Path,
                removed: crate::fuzz::Segments::Empty,
                added: crate::fuzz::Segments::None,
            },
        };
        assert_eq!(slash.to_string(), "path: empty segments removed");
        assert_eq!(
            causes,
            [Cause::Unexplained(slash.clone()), Cause::Unexplained(slash)]
        );
        assert_eq!(
            a.closest(&cases[0].0, &cases[0].1),
            Some(Closest {
                deviations: lowercased,
                readings: Vec::new(),
                answer: "a:/b/".to_owned()
            })
        );
        // The reference alone is closest to the second: nothing to show.
        assert_eq!(a.closest(&cases[1].0, &cases[1].1), None);
        // A symptom a listed vector shows stays its own kind, so that what
        // the vector made known before residuals stays known.
        let (input, answer) = &cases[0];
        let symptom = kind_of(input, answer);
        let mut shown = Attribution::new(&accepted, lowercased);
        shown.keep_symptoms([symptom.clone()]);
        assert_eq!(
            shown.cause(input, answer, &symptom).0,
            Cause::Unexplained(symptom)
        );
        // With nothing listed the kind is the symptom, as before.
        let mut plain = Attribution::new(&accepted, Set::EMPTY);
        let (input, answer) = &cases[0];
        let symptom = kind_of(input, answer);
        assert_eq!(
            plain.cause(input, answer, &symptom).0,
            Cause::Unexplained(symptom)
        );
    }

    #[test]
    fn a_mostly_unexplained_symptom_is_sampled() {
        let mut a = Attribution::new(
            &Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none()),
            Set::EMPTY,
        );
        let wrong = |i: usize| {
            let input = Input::new("http://a/b", format!("g{i}"));
            let answer = resolved(&format!("http://a/h{i}"));
            (input, answer)
        };
        let (input, answer) = wrong(0);
        let kind = kind_of(&input, &answer);
        let mut unsearched = Vec::new();
        for i in 0..40 {
            let (input, answer) = wrong(i);
            let (cause, without_search) = a.cause(&input, &answer, &kind);
            assert_eq!(cause, Cause::Unexplained(kind.clone()));
            if without_search {
                unsearched.push(i);
            }
        }
        // Those not searched are said to be so: none can be an example.
        assert_eq!(unsearched.len(), 40 - 11);
        assert!(!unsearched.contains(&16) && unsearched.contains(&17));
        // Eight searched, then the 17th, 27th and 38th: after each, as many
        // go without a search as have been searched.
        assert_eq!(SEARCHES_BEFORE_SAMPLING, 8);
        assert_eq!(a.memo[&kind].unexplained, 11);
    }

    #[test]
    fn sections_and_resource() {
        let set = Set::of(&[Id::EmptyQueryDropped, Id::BaseFragmentKept]);
        assert_eq!(sections(set, Spec::Rfc3986), "5.2.2, 5.3");
        assert_eq!(sections(set, Spec::Rfc2396), "3.4, 5.2, 4.2, 5.2 step 2");
        assert!(!same_resource(set));
        assert!(same_resource(Set::of(&[
            Id::SchemeLowercased,
            Id::HostLowercased
        ])));
        let subsets: Vec<Set> = proper_subsets(Set::of(&[Id::EmptyQueryDropped])).collect();
        assert!(subsets.is_empty());
        assert_eq!(proper_subsets(set).count(), 2);
        assert_eq!(proper_subsets(set.with(Id::HostLowercased)).count(), 6);
    }
}
