//! Differential fuzzing on stable Rust, for any implementation the harness
//! can drive: `rfc1808 fuzz`.
//!
//! Cases come from a seeded [`Generator`]: relative URLs are URL-shaped
//! tokens through the fuzz input format of `rfc1808-fuzzgen` and mutations
//! of the vectors; bases are absolute URLs in the generic-RL syntax
//! ([`Bases::Absolute`], the only bases section 4 resolves against), or
//! anything ([`Bases::Any`], `--any-base`). They go to the implementation
//! in batches through [`Implementation::resolve_until`], so a `jsonl` or
//! `lines` adapter pipelines them, and each answer is compared with the
//! reference resolver (segment-stack Step 6). A mismatch has a [`Cause`]:
//! the smallest set of deviations of the catalogue that explains it (the
//! attribution `rfc1808 run` uses, see the `cause` module), or, when none
//! does, its [`Kind`]: how the answers differ, and where that matters the
//! step the reference finished at (the `kind` module says which, and why).
//! An unexplained mismatch on a case whose scheme starts with a digit is
//! asked again with a letter there, in one more batch, to tell whether the
//! digit is the cause. The first mismatch of each cause is shrunk
//! ([`shrink`]) to a smallest case of the same cause (explained by the same
//! set, or unexplained with the same symptom) whose base the run admits
//! (preferring bases that look real, `http://a` over `a:`), its candidates
//! batched too; a later mismatch of that cause is shrunk only if it starts
//! out smaller than the current example. In a timed run, shrinking kinds
//! that deviations explain takes at most half of the time so far: a
//! library with many causes would otherwise spend a short run shrinking
//! the first of them and find few of the rest (a kind found while the
//! budget is spent keeps its smallest case, and is shrunk when a later
//! batch brings it again). What nothing explains is always shrunk.
//!
//! [`Campaign`] is the whole of `rfc1808 fuzz`: it starts the adapter,
//! fuzzes it, and promotes or accepts what it found; `crate::report::fuzz`
//! prints the result: what nothing explains first, then a line per cause
//! with its count, section, whether the answer names the same resource and
//! its shrunk example, then each kind in the same order with both answers
//! and a ready command.
//!
//! # Known kinds
//!
//! An implementation's expectations file lists deviations and vectors it
//! is known to fail ([`Expected`]). A mismatch explained by listed
//! deviations is *known*. The listed vectors run first; the cause each one
//! shows is known too, and the shrinker's answer for a mismatch of that
//! cause is the listed vector (the smallest, if several show it): a
//! mismatch whose shrunk pair is a listed vector is known as well. Known
//! kinds are reported apart and are not findings. A failure to answer
//! (crash, timeout, protocol error) is never known, as in `run`.
//!
//! Failures to answer are not shrunk: each try could cost a whole timeout.
//!
//! # Jobs
//!
//! With [`Options::jobs`] above one, the implementation is asked the next
//! batch ([`Implementation::ask_ahead`]) while this one is judged, and the
//! judging is spread over threads ([`Workers`], [`Attribution::causes`]).
//! Nothing a run finds depends on it: the batches, their cases and the
//! order each symptom's mismatches are attributed in are those of one job.
//!
//! # Time
//!
//! A timed run stops starting cases at its time: every call to the
//! implementation carries the run's deadline
//! ([`Implementation::resolve_until`]), so a run against an adapter that
//! stalls ends within one per-case timeout of its time, shrinking included.
//! Once the harness gives up on the adapter (it kept failing), the run
//! stops: the cases it counts are the cases the adapter was sent.

mod campaign;
mod cause;
mod followed;
mod generate;
mod kind;
mod message;
mod shrink;
mod under;
mod workers;

use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::deviations::{Id, Set};

pub use campaign::{AcceptError, Campaign, CannotPromote, Fuzzed, Promotion, DEFAULT_TIME};
pub use cause::{
    closest, residual, residual_of_vector, same_resource, sections, Attribution, Cause, Closest,
    MAX_SKIPPED, SEARCHES_BEFORE_SAMPLING,
};
pub use followed::{Followed, Following, Group};
pub use generate::{is_absolute, Bases, Generator, Rng};
pub use kind::{Component, Difference, Kind, NetLocEnd, Segments, Steps};
pub use message::MessageClass;
pub use shrink::shrink;
pub use under::{Accepted, Evidence};
pub use workers::Workers;

pub use rfc1808_resolver::spec::{Branch, Resolved, Rfc2396Step, Stage};
use rfc1808_vectors::expectations::Inconsistent;
use rfc1808_vectors::Spec;

use crate::implementation::{Answer, Case, Implementation, Info};

/// The largest batch sent to the implementation at once.
pub const BATCH: usize = 1000;

/// When to stop, and what to compare with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub seed: u64,
    /// Stop starting cases after this long.
    pub time: Option<Duration>,
    /// Stop after this many generated cases.
    pub max_cases: Option<u64>,
    /// Which bases to generate; the shrinker keeps to them too.
    pub bases: Bases,
    /// The spec compared with, and the readings of its ambiguities an
    /// answer may follow.
    pub readings: Accepted,
    /// The ambiguities the implementation's expectations allow it to
    /// follow different readings of (`[[inconsistent-reading]]`).
    pub allowed_inconsistent: Vec<Inconsistent>,
    /// How many processes of the adapter answer at once, and how many
    /// threads judge their answers (`--jobs`). What a run with a number of
    /// cases finds is the same for any number.
    pub jobs: NonZeroUsize,
}

/// A vector the implementation's expectations list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    pub input: Input,
}

/// What the implementation's expectations say it does: the vectors they
/// list and the deviations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub vectors: Vec<Listed>,
    pub deviations: Set,
}

/// Why a kind is known, and not a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Known {
    /// The deviations that explain it are listed.
    Deviations,
    /// A listed vector shows it; its id.
    Vector(String),
}

/// All mismatches of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The deviations that explain them, or how the answers differ.
    pub cause: Cause,
    /// How many generated cases showed it.
    pub count: u64,
    /// How many of them went through each stage of the spec's algorithm,
    /// in order: where a kind that stands for several was found.
    pub steps: Vec<(Stage, u64)>,
    /// The smallest case found, after shrinking.
    pub example: Input,
    /// How the example's answer differs from the reference's: the cause
    /// when nothing explains it.
    pub symptom: Kind,
    /// The stage the example goes through.
    pub stage: Stage,
    /// The reference's answer for the example (a rejection only where a
    /// reading held makes the case an error).
    pub reference: Answer,
    /// The implementation's answer for the example.
    pub answer: Answer,
    /// For a mismatch nothing explains, the reference with the listed
    /// deviations that comes closest to the example's answer, when it is
    /// not the reference itself: its kind is what is left between the two
    /// ([`Attribution::residual`]).
    pub closest: Option<Closest>,
    /// Why it is known, when it is.
    pub known: Option<Known>,
    /// Whether the example was shrunk: a new kind's is, but for a failure
    /// to answer; a known kind's is the listed vector, or the smallest
    /// case seen.
    pub shrunk: bool,
}

impl Finding {
    /// Whether the deviations the expectations list explain it: a known
    /// cause, reported by deviation rather than as a kind.
    pub fn known_by_deviations(&self) -> bool {
        matches!(self.known, Some(Known::Deviations))
    }
}

/// What a fuzz run found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// The cases sent to the implementation and answered (or not, when it
    /// failed to).
    pub cases: u64,
    pub mismatches: u64,
    /// The mismatches some deviations explain.
    pub explained: u64,
    /// Cases the implementation's protocol could not carry, not compared.
    pub not_representable: u64,
    /// Cases outside the grammar of the spec compared with (RFC 2396 and
    /// RFC 3986), not compared: any answer to them is the spec's.
    pub outside_grammar: u64,
    pub elapsed: Duration,
    /// When the first kind that is not known was seen.
    pub first_finding: Option<Duration>,
    /// Why the run stopped before its time or its number of cases: the
    /// harness gave up on the implementation.
    pub gave_up: Option<String>,
    /// The deviations the expectations list.
    pub listed: Set,
    /// By kind.
    pub findings: Vec<Finding>,
    /// The reading followed of each ambiguity the answers told something
    /// of, or the readings mixed, in registry order.
    pub readings: Vec<Following>,
}

impl Summary {
    /// The kinds that are not known.
    pub fn new_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.known.is_none())
    }

    /// The kinds a run reports as kinds: all but those listed deviations
    /// explain, which are reported by deviation (a library's known causes
    /// meet in many combinations, and each is no news).
    pub fn kinds(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| !f.known_by_deviations())
    }

    /// The ambiguities whose readings were mixed, and not allowed to be.
    pub fn mixed_readings(&self) -> impl Iterator<Item = &Following> {
        self.readings.iter().filter(|f| f.fails_run())
    }

    /// The kinds nothing explains, then those deviations explain, each
    /// group new ones first, most frequent first: the order of the reports.
    pub fn ordered(&self) -> Vec<&Finding> {
        let group = |f: &Finding| (f.cause.deviations().is_some(), f.known.is_some());
        let mut ordered: Vec<&Finding> = self.findings.iter().collect();
        // Stable: within a group, the order of `findings`.
        ordered.sort_by_key(|f| group(f));
        ordered
    }

    /// Cases per second.
    pub fn rate(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// How far a run has got, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub cases: u64,
    pub mismatches: u64,
    pub kinds: usize,
    pub elapsed: Duration,
}

/// Fuzzes `implementation` against the reference resolver. `seeds` are
/// pairs to mutate (the vectors'); `expected` is what its expectations
/// list. `progress` is called after every batch.
pub fn fuzz(
    implementation: &mut dyn Implementation,
    seeds: Vec<Input>,
    expected: &Expected,
    options: &Options,
    progress: &mut dyn FnMut(&Progress),
) -> Summary {
    let mut run = Run::start(implementation, seeds, expected, options);
    let mut next = run.next_batch_size().map(|size| run.generate(size));
    while let Some(inputs) = next.take() {
        let answered = run.ask(&inputs);
        let complete = answered.len() == inputs.len();
        // The next batch is answered while this one is judged, where the
        // implementation can (`Implementation::ask_ahead`); its cases are
        // those it would be anyway.
        if complete {
            next = run.next_batch_size().map(|size| run.generate(size));
            if let Some(ahead) = &next {
                run.ask_ahead(ahead);
            }
        }
        let batch = run.classify(&inputs[..answered.len()], answered);
        for (cause, tally) in batch {
            run.record(cause, tally);
        }
        progress(&run.progress());
        if !complete {
            break;
        }
    }
    run.finish()
}

/// The example of each deviation that departs from `spec` (its own case,
/// in the catalogue), of those `bases` admits, each once: a run asks them
/// before any generated case. So it meets every cause the catalogue
/// knows, and the cases that tell a deviation from its narrower and wider
/// neighbours (`ftp:x`, `svn:x`, and `g` against `foo:/b/c`, for the ways
/// an authority is added) are all asked: the deviations a first run
/// accepts are as wide as the library's, where random cases might meet
/// only the narrowest, and a later run reports the rest as new.
/// The generator's cases stay those of the seed.
fn catalogue_examples(spec: Spec, bases: Bases) -> Vec<Input> {
    let mut examples: Vec<Input> = Vec::new();
    for id in Id::ALL.iter().filter(|&&id| id.departs_from(spec)) {
        let (base, reference) = id.deviation().example;
        let input = Input::new(base, reference);
        if bases.admit(spec, base) && !examples.contains(&input) {
            examples.push(input);
        }
    }
    examples
}

/// A case that shows a mismatch: the implementation's answer, and how it
/// differs from the reference's.
#[derive(Clone, Debug)]
struct MismatchCase {
    input: Input,
    answer: Answer,
    symptom: Kind,
}

/// A mismatch judged: its cause, its symptom, and the stage the reference
/// went through.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Diagnosis {
    cause: Cause,
    symptom: Kind,
    stage: Stage,
    /// Counted unexplained without a search ([`Attribution::cause`]).
    unsearched: bool,
}

/// A fuzz run under way.
struct Run<'r> {
    implementation: &'r mut dyn Implementation,
    options: &'r Options,
    start: Instant,
    deadline: Option<Instant>,
    /// The cases asked before any generated one ([`catalogue_examples`]).
    first: std::vec::IntoIter<Input>,
    generator: Generator,
    attribution: Attribution,
    /// The cause each listed vector shows, with the vector.
    listed_kinds: HashMap<Cause, (&'r Listed, MismatchCase)>,
    listed_ids: HashMap<&'r Input, &'r str>,
    found: BTreeMap<Cause, Finding>,
    /// What the answers that are no mismatch told of the readings followed.
    followed: Followed,
    summary: Summary,
    /// The size of the last batch, and how long it took.
    last: Option<(usize, Duration)>,
    /// How long shrinking kinds deviations explain has taken.
    shrinking: Duration,
    workers: Workers,
}

/// The mismatches of one cause in a batch.
struct Tally {
    count: u64,
    explained: bool,
    steps: Vec<(Stage, u64)>,
    /// The smallest case, of those whose cause was found (none when every
    /// one was counted unexplained without a search).
    smallest: Option<MismatchCase>,
}

impl<'r> Run<'r> {
    fn start(
        implementation: &'r mut dyn Implementation,
        seeds: Vec<Input>,
        expected: &'r Expected,
        options: &'r Options,
    ) -> Run<'r> {
        let start = Instant::now();
        let deadline = options.time.map(|t| start + t);
        let spec = options.readings.spec();
        let mut attribution = Attribution::new(&options.readings, expected.deviations);
        let workers = Workers::new(options.jobs);
        let listed_kinds = listed_kinds(
            implementation,
            &expected.vectors,
            deadline,
            &options.readings,
            &mut attribution,
            &workers,
        );
        Run {
            implementation,
            options,
            start,
            deadline,
            first: catalogue_examples(spec, options.bases).into_iter(),
            generator: Generator::new(options.seed, seeds, options.bases, spec),
            attribution,
            listed_kinds,
            listed_ids: expected
                .vectors
                .iter()
                .map(|l| (&l.input, l.id.as_str()))
                .collect(),
            found: BTreeMap::new(),
            followed: Followed::default(),
            summary: Summary {
                listed: expected.deviations,
                ..Summary::default()
            },
            last: None,
            shrinking: Duration::ZERO,
            workers,
        }
    }

    /// How many cases the next batch has: `None` once the time or the
    /// number of cases is up, or the implementation is given up on. A
    /// timed run starts with 100 and then sizes batches to its pace.
    fn next_batch_size(&mut self) -> Option<usize> {
        if let Some(why) = self.implementation.given_up() {
            self.summary.gave_up = Some(why.to_owned());
            return None;
        }
        let left_time = match self.deadline {
            Some(deadline) => Some(deadline.checked_duration_since(Instant::now())?),
            None => None,
        };
        let left_cases = self
            .options
            .max_cases
            .map_or(u64::MAX, |max| max.saturating_sub(self.summary.cases));
        if left_cases == 0 || left_time.is_some_and(|t| t.is_zero()) {
            return None;
        }
        let size = match (left_time, self.last) {
            (None, _) => BATCH,
            (Some(_), None) => 100,
            (Some(left), Some((last, took))) => next_batch(last, took, left),
        };
        Some(size.min(usize::try_from(left_cases).unwrap_or(usize::MAX)))
    }

    fn generate(&mut self, size: usize) -> Vec<Input> {
        let mut inputs: Vec<Input> = self.first.by_ref().take(size).collect();
        inputs.extend((inputs.len()..size).map(|_| self.generator.next_input()));
        inputs
    }

    /// Has the implementation start answering `inputs`, which the next
    /// [`Run::ask`] asks.
    fn ask_ahead(&mut self, inputs: &[Input]) {
        let cases = fuzz_cases(inputs);
        self.implementation.ask_ahead(&cases, self.deadline);
    }

    /// The implementation's answers for the first of `inputs`, all of them
    /// unless the time ran out or the implementation was given up on; the
    /// answered cases are counted.
    fn ask(&mut self, inputs: &[Input]) -> Vec<Answer> {
        let asked = Instant::now();
        let answers = answers(self.implementation, inputs, self.deadline);
        self.last = Some((answers.len(), asked.elapsed()));
        self.summary.cases += answers.len() as u64;
        self.summary.not_representable += answers
            .iter()
            .filter(|a| matches!(a, Answer::NotRepresentable(_)))
            .count() as u64;
        self.summary.outside_grammar += inputs[..answers.len()]
            .iter()
            .filter(|i| self.options.readings.undefined(i))
            .count() as u64;
        answers
    }

    /// Per cause in a batch: how many, at which steps, and the smallest case.
    fn classify(&mut self, inputs: &[Input], answers: Vec<Answer>) -> BTreeMap<Cause, Tally> {
        let judged = classify(
            self.implementation,
            inputs,
            &answers,
            self.deadline,
            &self.options.readings,
            &mut self.attribution,
            Search::Remembered,
            &self.workers,
        );
        let accepted = &self.options.readings;
        let listed = self.attribution.listed();
        let agreed: Vec<(&Input, &Answer)> = inputs
            .iter()
            .zip(&answers)
            .zip(&judged)
            .filter(|(_, judged)| judged.is_none())
            .map(|(pair, _)| pair)
            .collect();
        let told = self.workers.map(agreed, |(input, answer)| {
            let told =
                (!accepted.undefined(input)).then(|| accepted.evidence(input, answer, listed));
            told.flatten().map(|told| (input, told))
        });
        for (input, told) in told.into_iter().flatten() {
            self.followed.observe(input, &told);
        }
        let mut batch: BTreeMap<Cause, Tally> = BTreeMap::new();
        for ((input, answer), judged) in inputs.iter().zip(answers).zip(judged) {
            let Some(Diagnosis {
                cause,
                symptom,
                stage,
                unsearched,
            }) = judged
            else {
                continue;
            };
            self.summary.mismatches += 1;
            let shown = (!unsearched).then(|| MismatchCase {
                input: input.clone(),
                answer,
                symptom,
            });
            let explained = cause.deviations().is_some();
            let tally = batch.entry(cause).or_insert_with(|| Tally {
                count: 0,
                explained,
                steps: Vec::new(),
                smallest: None,
            });
            tally.count += 1;
            add_steps(&mut tally.steps, &[(stage, 1)]);
            let smaller = |seen: &MismatchCase| shrink::order(input) < shrink::order(&seen.input);
            if shown.is_some() && tally.smallest.as_ref().is_none_or(smaller) {
                tally.smallest = shown;
            }
        }
        batch
    }

    /// Adds a batch's mismatches of `cause` to what the run found; a new
    /// kind seen before is shrunk again from a case smaller than its
    /// example, and a known one takes the smaller case as it is, unless a
    /// listed vector is its example.
    fn record(&mut self, cause: Cause, tally: Tally) {
        if tally.explained {
            self.summary.explained += tally.count;
        }
        let Some(seen) = self.found.get_mut(&cause) else {
            // Only mismatches counted unexplained without a search, of a symptom whose
            // searched ones were all of another kind: no example to show,
            // so no kind; they are counted among the unexplained.
            let Some(smallest) = tally.smallest else {
                return;
            };
            let first = self.first_of_kind(&cause, tally.count, tally.steps, smallest);
            if first.known.is_none() && self.summary.first_finding.is_none() {
                self.summary.first_finding = Some(self.start.elapsed());
            }
            self.found.insert(cause, first);
            return;
        };
        seen.count += tally.count;
        add_steps(&mut seen.steps, &tally.steps);
        let Some(smallest) = tally.smallest else {
            return;
        };
        let smaller = shrink::order(&smallest.input) < shrink::order(&seen.example);
        match (&seen.known, smaller) {
            (_, false) | (Some(Known::Vector(_)), _) => return,
            (Some(Known::Deviations), true) => {
                set_example(seen, smallest, &self.options.readings);
                return;
            }
            (None, true) => {}
        }
        let (example, shrunk) = self.shrink(smallest, &cause);
        if let Some(seen) = self.found.get_mut(&cause) {
            if shrink::order(&example.input) < shrink::order(&seen.example) {
                set_example(seen, example, &self.options.readings);
                seen.shrunk = shrunk;
            }
        }
    }

    /// The first mismatches of a kind: known when the deviations that
    /// explain it are listed (its example the smallest case seen, not
    /// shrunk: it is no finding, and shrinking each of a library's known
    /// causes would cost more than the rest of a short run), or when a
    /// listed vector shows it (which is then its example); shrunk when new.
    fn first_of_kind(
        &mut self,
        cause: &Cause,
        count: u64,
        steps: Vec<(Stage, u64)>,
        smallest: MismatchCase,
    ) -> Finding {
        let listed_deviations = self.attribution.listed();
        let by_listed = cause
            .deviations()
            .is_some_and(|set| set.is_subset(listed_deviations));
        let (shown, known, shrunk) = match self
            .listed_kinds
            .get(cause)
            .or_else(|| self.beside_listed(cause))
        {
            Some((listed, shown)) if !by_listed => {
                (shown.clone(), Some(Known::Vector(listed.id.clone())), false)
            }
            _ if by_listed => (smallest, Some(Known::Deviations), false),
            _ => {
                let (shown, shrunk) = self.shrink(smallest, cause);
                let known = self
                    .listed_ids
                    .get(&shown.input)
                    .filter(|_| !cause.is_failure())
                    .map(|id| Known::Vector(id.to_string()));
                (shown, known, shrunk)
            }
        };
        let (reference, stage) = self.options.readings.reference(&shown.input);
        let closest = match cause {
            Cause::Unexplained(_) => self.attribution.closest(&shown.input, &shown.answer),
            Cause::Deviations(_) => None,
        };
        Finding {
            closest,
            cause: cause.clone(),
            count,
            steps,
            reference: reference_answer(reference),
            stage,
            example: shown.input,
            symptom: shown.symptom,
            answer: shown.answer,
            known,
            shrunk,
        }
    }

    /// The listed vector whose cause, with the listed deviations, makes up
    /// `cause`: a set of deviations each listed or explaining a listed
    /// vector, one of which does not explain it alone. So a vector listed
    /// by its id before the catalogue knew its cause keeps its cause known
    /// after an upgrade, wherever it meets the listed deviations, as it
    /// was known before (as a symptom) wherever it showed.
    fn beside_listed(&self, cause: &Cause) -> Option<&(&'r Listed, MismatchCase)> {
        let set = cause.deviations()?;
        let listed = self.attribution.listed();
        let unlisted = Set::of(&set.ids().filter(|&id| !listed.has(id)).collect::<Vec<_>>());
        self.listed_kinds
            .iter()
            .filter_map(|(c, seen)| Some((c.deviations()?, seen)))
            .filter(|(by, _)| !by.is_empty() && unlisted.is_subset(*by) && by.is_subset(set))
            .min_by_key(|(by, seen)| (by.len(), shrink::order(&seen.0.input)))
            .map(|(_, seen)| seen)
    }

    /// A smallest case of `cause` from `shown`, with the implementation's
    /// answer for it (see [`shrink_case`]), and whether it was shrunk: not
    /// a failure to answer, nor, in a timed run, a kind deviations explain
    /// once shrinking those has taken half of the time so far.
    fn shrink(&mut self, shown: MismatchCase, cause: &Cause) -> (MismatchCase, bool) {
        let explained = cause.deviations().is_some();
        let over_budget =
            || self.deadline.is_some() && explained && self.shrinking * 2 > self.start.elapsed();
        if cause.is_failure() || over_budget() {
            return (shown, false);
        }
        let started = Instant::now();
        let shrunk = shrink_case(
            self.implementation,
            shown,
            cause,
            self.options,
            self.deadline,
            &mut self.attribution,
            &self.workers,
        );
        if explained {
            self.shrinking += started.elapsed();
        }
        (shrunk, true)
    }

    fn progress(&self) -> Progress {
        Progress {
            cases: self.summary.cases,
            mismatches: self.summary.mismatches,
            kinds: self
                .found
                .values()
                .filter(|f| !f.known_by_deviations())
                .count(),
            elapsed: self.start.elapsed(),
        }
    }

    fn finish(mut self) -> Summary {
        if let Some(why) = self.implementation.given_up() {
            self.summary.gave_up = Some(why.to_owned());
        }
        let mut summary = self.summary;
        summary.elapsed = self.start.elapsed();
        summary.findings = one_per_listed_vector(self.found.into_values());
        summary.readings = self.followed.verdicts(
            self.options.readings.spec().registry(),
            &self.options.allowed_inconsistent,
        );
        // Most frequent first; equal counts in the kinds' order, so that the
        // order does not depend on the run's timing.
        summary
            .findings
            .sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.cause.cmp(&b.cause)));
        summary
    }
}

/// `findings`, those a listed vector makes known counted as one kind per
/// vector: its cause, and its symptom where that stays known
/// ([`Attribution::keep_symptoms`]), are one known kind.
fn one_per_listed_vector(findings: impl IntoIterator<Item = Finding>) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    for f in findings {
        let same =
            |g: &&mut Finding| matches!(&f.known, Some(Known::Vector(_))) && g.known == f.known;
        match out.iter_mut().find(same) {
            Some(first) => {
                first.count += f.count;
                add_steps(&mut first.steps, &f.steps);
            }
            None => out.push(f),
        }
    }
    out
}

/// Makes `shown` the example of `finding`.
fn set_example(finding: &mut Finding, shown: MismatchCase, accepted: &Accepted) {
    let (reference, stage) = accepted.reference(&shown.input);
    finding.reference = reference_answer(reference);
    finding.stage = stage;
    finding.example = shown.input;
    finding.symptom = shown.symptom;
    finding.answer = shown.answer;
}

/// The reference's answer as an implementation's would be.
fn reference_answer(resolved: Resolved) -> Answer {
    match resolved {
        Ok(url) => Answer::Resolved(url),
        Err(why) => Answer::Rejected(why),
    }
}

/// The implementation's answers for the first of `inputs`: all of them,
/// unless the run's deadline passed or the implementation was given up on.
fn answers(
    implementation: &mut dyn Implementation,
    inputs: &[Input],
    deadline: Option<Instant>,
) -> Vec<Answer> {
    let cases = fuzz_cases(inputs);
    let mut answers: Vec<Answer> = implementation
        .resolve_until(&cases, deadline)
        .into_iter()
        .map(|reply| reply.answer)
        .collect();
    // An implementation that answers more cases than it was asked is
    // broken; the surplus is no one's answer.
    answers.truncate(inputs.len());
    answers
}

/// The cases the implementation is asked for `inputs`.
fn fuzz_cases(inputs: &[Input]) -> Vec<Case<'_>> {
    inputs
        .iter()
        .map(|i| Case::resolve("fuzz", &i.base, &i.relative))
        .collect()
}

/// How [`classify`] attributes: from what the run remembers, or by a full
/// search ([`Attribution::cause`], [`Attribution::explain`]), or by a full
/// search only where the cause could be the one a shrink keeps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search<'t> {
    Remembered,
    Full,
    /// A mismatch that cannot have this cause is left out (`None`) without
    /// a search: its deviations do not give the answer, or its symptom is
    /// another. One that can is taken to have it, unconfirmed: the
    /// shrinker confirms by a full search only the candidate it would keep.
    Toward(&'t Cause),
}

/// The mismatch each of the first of `inputs` shows, if any, with the
/// implementation's answer, by `search`: as many as it answered.
#[allow(clippy::too_many_arguments)]
fn kinds(
    implementation: &mut dyn Implementation,
    inputs: &[Input],
    deadline: Option<Instant>,
    accepted: &Accepted,
    attribution: &mut Attribution,
    search: Search<'_>,
    workers: &Workers,
) -> Vec<(Option<Diagnosis>, Answer)> {
    let answers = answers(implementation, inputs, deadline);
    classify(
        implementation,
        &inputs[..answers.len()],
        &answers,
        deadline,
        accepted,
        attribution,
        search,
        workers,
    )
    .into_iter()
    .zip(answers)
    .collect()
}

/// The mismatch each answer is, if any: its cause, its symptom and the
/// step the reference finished at. An unexplained mismatch on a case whose
/// scheme starts with a digit or a symbol is asked again with a letter
/// there, all such in one batch, and is [`Kind::not_a_letter`] unless the
/// answer then is of the same kind (or there is no answer then, the time
/// being up).
#[allow(clippy::too_many_arguments)]
fn classify(
    implementation: &mut dyn Implementation,
    inputs: &[Input],
    given: &[Answer],
    deadline: Option<Instant>,
    accepted: &Accepted,
    attribution: &mut Attribution,
    search: Search<'_>,
    workers: &Workers,
) -> Vec<Option<Diagnosis>> {
    let pairs: Vec<(&Input, &Answer)> = inputs.iter().zip(given).collect();
    let symptoms = workers.map(pairs.clone(), |(input, answer)| {
        judge(input, answer, accepted)
    });
    let mismatches: Vec<(&Input, &Answer, &Kind)> = pairs
        .iter()
        .zip(&symptoms)
        .filter_map(|(&(input, answer), symptom)| Some((input, answer, &symptom.as_ref()?.0)))
        .collect();
    let mut causes = search_causes(attribution, &mismatches, search, workers).into_iter();
    let mut judged = Vec::with_capacity(inputs.len());
    let mut variants = Vec::new();
    for (i, (input, symptom)) in inputs.iter().zip(symptoms).enumerate() {
        let Some((symptom, stage)) = symptom else {
            judged.push(None);
            continue;
        };
        let Some((cause, unsearched)) = causes.next().flatten() else {
            judged.push(None);
            continue;
        };
        if matches!(cause, Cause::Unexplained(_)) && !symptom.is_failure() {
            if let Some(variant) = Kind::letter_variant(input, stage) {
                variants.push((i, symptom.clone(), variant));
            }
        }
        judged.push(Some(Diagnosis {
            cause,
            symptom,
            stage,
            unsearched,
        }));
    }
    if variants.is_empty() {
        return judged;
    }
    let variant_inputs: Vec<Input> = variants.iter().map(|(_, _, v)| v.clone()).collect();
    let variant_answers = answers(implementation, &variant_inputs, deadline);
    for ((i, kind, variant), answer) in variants.into_iter().zip(variant_answers) {
        if judge(&variant, &answer, accepted).map(|(k, _)| k) != Some(kind) {
            if let Some(j) = judged[i].as_mut() {
                j.symptom = Kind::not_a_letter();
                j.cause = Cause::Unexplained(Kind::not_a_letter());
            }
        }
    }
    judged
}

/// The cause of each of `mismatches` (input, answer, symptom) by `search`,
/// with whether it was counted unexplained without a search; `None` where a [`Search::Toward`] leaves
/// it out.
fn search_causes(
    attribution: &mut Attribution,
    mismatches: &[(&Input, &Answer, &Kind)],
    search: Search<'_>,
    workers: &Workers,
) -> Vec<Option<(Cause, bool)>> {
    match search {
        Search::Remembered => attribution
            .causes(mismatches, workers)
            .into_iter()
            .map(Some)
            .collect(),
        Search::Full => {
            let attribution = &*attribution;
            workers.map(mismatches.to_vec(), |(input, answer, symptom)| {
                Some((attribution.explain(input, answer, symptom), false))
            })
        }
        Search::Toward(target) => {
            let attribution = &*attribution;
            workers.map(mismatches.to_vec(), |(input, answer, symptom)| {
                could_be(target, attribution, input, answer, symptom)
                    .then(|| (target.clone(), false))
            })
        }
    }
}

/// Whether the mismatch `answer` to `input`, of `symptom`, could have the
/// cause `target` a shrink keeps to: its deviations give the answer, or
/// nothing does and its residual is the kind (or a scheme not starting
/// with a letter, which only asking again tells).
fn could_be(
    target: &Cause,
    attribution: &Attribution,
    input: &Input,
    answer: &Answer,
    symptom: &Kind,
) -> bool {
    match target {
        Cause::Deviations(set) => attribution.gives(*set, input, answer),
        Cause::Unexplained(kind) => {
            *kind == Kind::not_a_letter() || *kind == attribution.residual(input, answer, symptom)
        }
    }
}

/// The kind of mismatch `answer` is for `input`, with the stage the
/// reference went through under the primary readings; `None` when it is the
/// reference's answer under any accepted reading, or the case is outside
/// the spec's grammar. The kind is [`Kind::across_branches`].
fn judge(input: &Input, answer: &Answer, accepted: &Accepted) -> Option<(Kind, Stage)> {
    if accepted.undefined(input) {
        return None;
    }
    let (kind, stage) = Kind::of(input, answer, accepted.primary())?;
    if accepted.accepts(input, answer) {
        return None;
    }
    Some((kind.across_branches(), stage))
}

/// Shrinks `shown` to a smallest case of `cause` whose base the run admits
/// (`options`): explained by the same deviations, found by a full search,
/// or unexplained with the same symptom. Returns it with the
/// implementation's answer for it, as given while shrinking (asking again
/// could meet a stalled or given-up adapter). Candidates the
/// implementation did not answer before the deadline do not count.
fn shrink_case(
    implementation: &mut dyn Implementation,
    shown: MismatchCase,
    cause: &Cause,
    options: &Options,
    deadline: Option<Instant>,
    attribution: &mut Attribution,
    workers: &Workers,
) -> MismatchCase {
    let (bases, accepted) = (options.bases, &options.readings);
    let spec = accepted.spec();
    let mut seen: HashMap<Input, MismatchCase> = HashMap::new();
    let shrunk = shrink(shown.input.clone(), |candidates| {
        // Only candidates with a base the run admits go to the
        // implementation; the others are not the same case.
        let admitted: Vec<Input> = candidates
            .iter()
            .filter(|c| bases.admit(spec, &c.base))
            .cloned()
            .collect();
        if admitted.is_empty() || implementation.given_up().is_some() {
            return vec![false; candidates.len()];
        }
        // The candidates that may have the cause, smallest first; the
        // shrinker keeps the smallest that has it, so a full search
        // confirms them in that order until one does, and the rest are
        // not searched.
        let mut possible: Vec<MismatchCase> = admitted
            .iter()
            .zip(kinds(
                implementation,
                &admitted,
                deadline,
                accepted,
                attribution,
                Search::Toward(cause),
                workers,
            ))
            .filter_map(|(c, (judged, answer))| {
                judged.map(|j| MismatchCase {
                    input: c.clone(),
                    answer,
                    symptom: j.symptom,
                })
            })
            .collect();
        possible.sort_by(|a, b| shrink::order(&a.input).cmp(&shrink::order(&b.input)));
        let kept = possible
            .into_iter()
            .find(|p| attribution.explain(&p.input, &p.answer, &p.symptom) == *cause);
        let Some(kept) = kept else {
            return vec![false; candidates.len()];
        };
        let verdicts = candidates.iter().map(|c| *c == kept.input).collect();
        seen.insert(kept.input.clone(), kept);
        verdicts
    });
    seen.remove(&shrunk).unwrap_or(shown)
}

/// Adds the counts of `more` to `steps`, keeping the steps' order.
fn add_steps(steps: &mut Vec<(Stage, u64)>, more: &[(Stage, u64)]) {
    for &(step, n) in more {
        match steps.iter_mut().find(|(s, _)| *s == step) {
            Some((_, count)) => *count += n,
            None => steps.push((step, n)),
        }
    }
    steps.sort_by_key(|(s, _)| *s);
}

/// The size of the next batch in a timed run: about a quarter of a second
/// of work, so progress stays live and the run ends near its time, and no
/// more than the time left allows.
fn next_batch(last: usize, took: Duration, left: Duration) -> usize {
    let per_case = took.as_secs_f64() / last.max(1) as f64;
    if per_case <= 0.0 {
        return BATCH;
    }
    let target = 0.25_f64.min(left.as_secs_f64());
    ((target / per_case) as usize).clamp(1, BATCH)
}

/// The cause each listed vector shows, keeping the smallest vector per
/// cause, with the implementation's answer for it.
fn listed_kinds<'l>(
    implementation: &mut dyn Implementation,
    listed: &'l [Listed],
    deadline: Option<Instant>,
    accepted: &Accepted,
    attribution: &mut Attribution,
    workers: &Workers,
) -> HashMap<Cause, (&'l Listed, MismatchCase)> {
    let inputs: Vec<Input> = listed.iter().map(|l| l.input.clone()).collect();
    let mut kinds: HashMap<Cause, (&Listed, MismatchCase)> = HashMap::new();
    if inputs.is_empty() {
        return kinds;
    }
    let judged = self::kinds(
        implementation,
        &inputs,
        deadline,
        accepted,
        attribution,
        Search::Full,
        workers,
    );
    let mut symptoms = Vec::new();
    for (l, (judged, answer)) in listed.iter().zip(judged) {
        let Some(judged) = judged.filter(|j| !j.cause.is_failure()) else {
            continue;
        };
        let shown = MismatchCase {
            input: l.input.clone(),
            answer,
            symptom: judged.symptom,
        };
        // A vector shows its cause (a residual, for what nothing explains)
        // and its symptom too, as a kind nothing explains, unless listed
        // deviations explain it: what it made known before residuals, or
        // before an upgrade of the catalogue explained it, stays known
        // where the new model does not reach.
        let by_listed = judged
            .cause
            .deviations()
            .is_some_and(|set| set.is_subset(attribution.listed()));
        let mut causes = vec![judged.cause];
        if !by_listed {
            symptoms.push(shown.symptom.clone());
            causes.push(Cause::Unexplained(shown.symptom.clone()));
        }
        for cause in causes {
            match kinds.get(&cause) {
                Some((other, _)) if shrink::order(&other.input) <= shrink::order(&l.input) => {}
                _ => {
                    kinds.insert(cause, (l, shown.clone()));
                }
            }
        }
    }
    attribution.keep_symptoms(symptoms);
    kinds
}

/// The listed vectors of an expectations list: the resolve vectors among
/// `ids`, as `rfc1808_fuzzgen::external::KnownFailures` takes them, with
/// their ids. Ids of parse vectors and ids that name nothing are left out
/// (`run` reports those).
pub fn listed<'i>(
    corpus: &rfc1808_vectors::Corpus,
    ids: impl IntoIterator<Item = &'i str>,
) -> Vec<Listed> {
    rfc1808_vectors::grade::ExpectedFailures::from_ids(ids)
        .vectors(corpus)
        .into_iter()
        // A listed absolute parse is no pair a fuzz case can repeat.
        .filter_map(|v| {
            Some(Listed {
                id: v.id.clone(),
                input: Input::new(v.base.as_deref()?, &*v.relative),
            })
        })
        .collect()
}

/// What to call the implementation in notes: its own name and version when
/// it said them, else the name it was given.
pub fn label(name: &str, info: Option<&Info>) -> String {
    match info {
        Some(info) if !info.name.is_empty() => {
            format!("{} {}", info.name, info.implementation_version)
                .trim_end()
                .to_owned()
        }
        _ => name.to_owned(),
    }
}

/// The note a promoted kind gets, until someone writes its root cause:
/// the difference, at the stage the example goes through, or the
/// deviations that explain it.
pub fn note(label: &str, finding: &Finding) -> String {
    let what = match &finding.cause {
        Cause::Deviations(set) => format!("explained by {set}"),
        Cause::Unexplained(kind) => kind.difference.to_string(),
    };
    format!("{label} differs at {}: {what}", finding.stage.name())
}

/// The `source` of a promoted kind.
pub fn source(name: &str) -> String {
    format!("rfc1808 fuzz against {name}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Reply;
    use rfc1808_resolver::{parse, resolve};

    /// The reference with one bug, in process.
    struct Buggy(fn(&str, &str) -> String);

    impl Implementation for Buggy {
        fn name(&self) -> &str {
            "buggy"
        }

        fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
            cases
                .iter()
                .map(|c| Answer::Resolved((self.0)(c.base.unwrap_or(""), c.relative)).into())
                .collect()
        }
    }

    /// Drops a query that is empty, as an implementation that stores the
    /// query as a plain string would.
    fn drops_empty_query(base: &str, relative: &str) -> String {
        let url = resolve(base, relative);
        let c = parse(&url);
        if c.query != Some("") {
            return url;
        }
        let cut = rfc1808_resolver::Components { query: None, ..c };
        cut.to_string()
    }

    /// Removes `.` segments from an absolute embedded path (Step 4), as RFC
    /// 3986 does.
    fn removes_dots_in_absolute_paths(base: &str, relative: &str) -> String {
        let input = Input::new(base, relative);
        let (url, step) = Accepted::default().reference(&input);
        let url = url.unwrap();
        let c = parse(&url);
        if step != Stage::Rfc1808(rfc1808_resolver::Step::Step4) {
            return url;
        }
        let segments: Vec<&str> = c.path.split('/').collect();
        let mut kept: Vec<&str> = segments.iter().copied().filter(|s| *s != ".").collect();
        if segments.last() == Some(&".") {
            kept.push("");
        }
        let path = kept.join("/");
        rfc1808_resolver::Components { path: &path, ..c }.to_string()
    }

    /// The reading the implementations here are held to: they differ from
    /// the reference in dropping an empty query, which the reading
    /// `empty-component=absent` allows.
    const KEPT: &str = "empty-component=kept";

    fn held(readings: &str) -> Accepted {
        let spec = rfc1808_vectors::Spec::Rfc1808;
        Accepted::holding(
            spec,
            &rfc1808_vectors::Assignment::parse(spec, readings).unwrap(),
        )
    }

    /// The pairs of RFC 1808's printed examples, as seeds: the cases these
    /// tests expect stay the same whatever vectors are added elsewhere.
    fn rfc_example_seeds() -> Vec<Input> {
        rfc1808_fuzzgen::seeds(&rfc1808_vectors::embedded())
            .into_iter()
            .filter(|(id, _)| id.starts_with("rfc1808-"))
            .map(|(_, i)| i)
            .collect()
    }

    fn run(bug: fn(&str, &str) -> String, listed: &[Listed]) -> Summary {
        run_with(bug, listed, Bases::Absolute)
    }

    fn expected(listed: &[Listed]) -> Expected {
        Expected {
            vectors: listed.to_vec(),
            deviations: Set::EMPTY,
        }
    }

    #[test]
    fn a_listed_vector_an_unlisted_deviation_explains_keeps_its_symptom_known() {
        // Listed by its id before the catalogue explained it (an upgrade):
        // its symptom stays a known kind where the deviation does not
        // reach, unless the deviation is listed too.
        let accepted = Accepted::holding(Spec::Rfc3986, &rfc1808_vectors::Assignment::none());
        let input = Input::new("http://a/b", "g?");
        let listed = [Listed {
            id: "v/1".to_owned(),
            input: input.clone(),
        }];
        let answer = Answer::Resolved("http://a/g".to_owned());
        let symptom = Kind::of(&input, &answer, accepted.primary())
            .unwrap()
            .0
            .across_branches();
        let dropped = Set::of(&[Id::EmptyQueryDropped]);
        for (deviations, symptom_known) in [(Set::EMPTY, true), (dropped, false)] {
            let mut attribution = Attribution::new(&accepted, deviations);
            let kinds = listed_kinds(
                &mut Buggy(drops_empty_query),
                &listed,
                None,
                &accepted,
                &mut attribution,
                &Workers::one(),
            );
            assert!(kinds.contains_key(&Cause::Deviations(dropped)));
            let known = kinds.contains_key(&Cause::Unexplained(symptom.clone()));
            assert_eq!(known, symptom_known, "listed: {deviations}");
        }
    }

    #[test]
    fn a_listed_vector_is_one_known_kind_however_its_mismatches_are_named() {
        let input = Input::new("http://a/b", "g?");
        let (reference, stage) = Accepted::default().reference(&input);
        let finding = |cause: Cause, count: u64, known: Option<Known>| {
            let symptom = Kind::not_a_letter();
            Finding {
                cause,
                count,
                steps: vec![(stage, count)],
                example: input.clone(),
                symptom,
                stage,
                reference: reference_answer(reference.clone()),
                answer: Answer::Resolved("http://a/g".to_owned()),
                closest: None,
                known,
                shrunk: false,
            }
        };
        let by = |id: &str| Some(Known::Vector(id.to_owned()));
        let unexplained = |difference| {
            Cause::Unexplained(Kind {
                steps: Steps::All,
                difference,
            })
        };
        let merged = one_per_listed_vector([
            finding(
                Cause::Deviations(Set::of(&[Id::EmptyQueryDropped])),
                5,
                by("v/1"),
            ),
            finding(
                unexplained(Difference::EmptyDropped(Component::Query)),
                3,
                by("v/1"),
            ),
            finding(unexplained(Difference::DotSegmentsKept), 2, by("v/2")),
            finding(unexplained(Difference::DotSegmentsRemoved), 7, None),
            finding(unexplained(Difference::PercentEncoded), 1, None),
        ]);
        let counts: Vec<(u64, Option<Known>)> =
            merged.iter().map(|f| (f.count, f.known.clone())).collect();
        assert_eq!(
            counts,
            [(8, by("v/1")), (2, by("v/2")), (7, None), (1, None)],
            "new kinds are never merged"
        );
        assert_eq!(merged[0].steps, [(stage, 8)]);
    }

    #[test]
    fn an_answer_under_another_reading_is_no_mismatch() {
        let seeds = rfc_example_seeds();
        let fuzz_under = |readings| {
            let options = Options {
                seed: 1,
                time: None,
                max_cases: Some(3000),
                bases: Bases::Absolute,
                readings,
                allowed_inconsistent: Vec::new(),
                jobs: NonZeroUsize::MIN,
            };
            fuzz(
                &mut Buggy(drops_empty_query),
                seeds.clone(),
                &Expected::default(),
                &options,
                &mut |_| {},
            )
        };
        // Held to the default reading, every empty query dropped counts.
        let kept = fuzz_under(held(KEPT));
        // Under any reading, dropping an empty query is `absent`; what is
        // left differs from every reading (`g?#` as `g#`: absent drops the
        // `#` too).
        let any = fuzz_under(Accepted::default());
        assert!(kept.mismatches > 40, "{}", kept.mismatches);
        assert!(
            any.mismatches * 2 < kept.mismatches,
            "{} of {}",
            any.mismatches,
            kept.mismatches
        );
        let absent = fuzz_under(held("empty-component=absent"));
        assert!(absent.mismatches >= any.mismatches);
    }

    fn run_with(bug: fn(&str, &str) -> String, listed: &[Listed], bases: Bases) -> Summary {
        run_by(bug, &expected(listed), bases)
    }

    fn run_by(bug: fn(&str, &str) -> String, expected: &Expected, bases: Bases) -> Summary {
        let seeds = rfc_example_seeds();
        let options = Options {
            seed: 1,
            time: None,
            max_cases: Some(3000),
            bases,
            readings: held(KEPT),
            allowed_inconsistent: Vec::new(),
            jobs: NonZeroUsize::MIN,
        };
        let mut progress = Vec::new();
        let summary = fuzz(
            &mut Buggy(bug),
            seeds.clone(),
            expected,
            &options,
            &mut |p| progress.push(*p),
        );
        assert_eq!(progress.len(), 3, "a progress report per batch of {BATCH}");
        assert_eq!(progress[2].cases, 3000);
        // Whatever the number of threads, a run finds the same.
        let jobs = NonZeroUsize::new(3).unwrap();
        let spread = Options { jobs, ..options };
        let threaded = fuzz(&mut Buggy(bug), seeds, expected, &spread, &mut |_| {});
        let timeless = |s: &Summary| Summary {
            elapsed: Duration::ZERO,
            first_finding: s.first_finding.map(|_| Duration::ZERO),
            ..s.clone()
        };
        assert_eq!(timeless(&threaded), timeless(&summary), "on {jobs} threads");
        summary
    }

    fn shown(summary: &Summary) -> Vec<String> {
        summary
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{} | {} | {:?} + {:?} = {:?}, not {:?}{}",
                    f.cause,
                    f.steps
                        .iter()
                        .map(|(stage, n)| format!("{} {n}", stage.name()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    f.example.base,
                    f.example.relative,
                    match &f.reference {
                        Answer::Resolved(url) => url.clone(),
                        other => format!("{other:?}"),
                    },
                    f.answer,
                    match &f.known {
                        None => String::new(),
                        Some(Known::Vector(id)) => format!(" (known: {id})"),
                        Some(Known::Deviations) => " (known)".to_owned(),
                    }
                )
            })
            .collect()
    }

    #[test]
    fn finds_and_shrinks_dropped_empty_queries() {
        let summary = run(drops_empty_query, &[]);
        // One kind, whatever the step, with absolute bases only.
        assert_eq!(
            shown(&summary),
            [
                r#"empty query dropped | Step 2a 3, Step 2b 6, Step 4 2, Step 5a 1, Step 5b 1, Step 6 28 | "http://a" + "a?" = "http://a/a?", not Resolved("http://a/a")"#
            ]
        );
        assert!(summary.mismatches > 40, "{} mismatches", summary.mismatches);
        let counted: u64 = summary.findings.iter().map(|f| f.count).sum();
        assert_eq!(counted, summary.mismatches);
        assert_eq!(summary.cases, 3000);
        assert!(summary.first_finding.is_some());
    }

    #[test]
    fn any_bases_reach_step_1_and_bases_that_are_not_absolute() {
        let summary = run_with(drops_empty_query, &[], Bases::Any);
        assert_eq!(
            shown(&summary),
            [
                r#"empty query dropped | Step 1 2, Step 2a 1, Step 2b 7, Step 3 2, Step 4 2, Step 5a 1, Step 6 36 | "http://a" + "a?" = "http://a/a?", not Resolved("http://a/a")"#
            ]
        );
    }

    #[test]
    fn finds_and_shrinks_dot_removal_in_absolute_paths() {
        let summary = run(removes_dots_in_absolute_paths, &[]);
        // `/.//a` losing its `/.` re-parses with a net_loc (RFC 3986 adds a
        // `/.` there to prevent it): the same kind.
        assert_eq!(
            shown(&summary),
            [
                r#"Steps 1-5: dot segments removed | Step 4 81 | "http://a" + "/." = "http://a/.", not Resolved("http://a/")"#,
            ]
        );
    }

    /// Takes a scheme starting with a digit for no scheme, and so returns
    /// the relative URL as it is against such a base, as CPython does
    /// against a base whose scheme it does not know.
    fn digit_schemes_unknown(base: &str, relative: &str) -> String {
        let scheme = parse(base).scheme;
        if scheme.is_some_and(|s| s.starts_with(|c: char| c.is_ascii_digit())) {
            return relative.to_owned();
        }
        resolve(base, relative)
    }

    #[test]
    fn a_mismatch_only_a_digit_first_in_the_scheme_causes_is_one_kind() {
        // By cause: a scheme outside the ones most libraries know, whose
        // reference is returned as written.
        let summary = run(digit_schemes_unknown, &[]);
        assert_eq!(
            shown(&summary),
            [
                r#"unknown-scheme-unresolved | Step 2a 1, Step 3 1, Step 4 1, Step 5a 2, Step 5b 2, Step 6 22 | "9://a" + "" = "9://a", not Resolved("")"#
            ]
        );
        assert_eq!(summary.explained, summary.mismatches);
        // What no deviation explains: the letter put first tells the digit
        // is the cause.
        let summary = run(digit_schemes_garbled, &[]);
        assert_eq!(
            shown(&summary),
            [
                r#"scheme not starting with a letter | Step 2a 1, Step 2b 6, Step 3 1, Step 4 1, Step 5a 2, Step 5b 2, Step 6 22 | "9://a" + "" = "9://a", not Resolved("~://a")"#
            ]
        );
        assert_eq!(summary.explained, 0);
    }

    /// Against a base whose scheme starts with a digit, answers the base
    /// with a `~` where its scheme was: a quirk no deviation models.
    fn digit_schemes_garbled(base: &str, relative: &str) -> String {
        let scheme = parse(base).scheme;
        if scheme.is_some_and(|s| s.starts_with(|c: char| c.is_ascii_digit())) {
            return format!("~{}", &base[scheme.map_or(0, str::len)..]);
        }
        resolve(base, relative)
    }

    /// The reference under RFC 1808, with the scheme of the answer
    /// lower-cased (`scheme-lowercased`), and a `z` in the path written `Z`
    /// (which no deviation explains).
    fn lowers_schemes_and_raises_z(base: &str, relative: &str) -> String {
        let url = resolve(base, relative);
        let c = parse(&url);
        let scheme = c.scheme.map(str::to_ascii_lowercase);
        let path = c.path.replace('z', "Z");
        rfc1808_resolver::Components {
            scheme: scheme.as_deref(),
            path: &path,
            ..c
        }
        .to_string()
    }

    #[test]
    fn a_kind_is_the_deviations_that_explain_it_and_listed_ones_are_known() {
        let summary = run(lowers_schemes_and_raises_z, &[]);
        let causes: Vec<(String, bool)> = summary
            .findings
            .iter()
            .map(|f| (f.cause.to_string(), f.known.is_some()))
            .collect();
        assert_eq!(
            causes,
            [
                ("scheme-lowercased".to_owned(), false),
                ("Step 6: path differs".to_owned(), false)
            ]
        );
        let lowered = &summary.findings[0];
        assert_eq!(
            (
                lowered.example.base.as_str(),
                lowered.example.relative.as_str()
            ),
            ("http://a", "A:")
        );
        assert_eq!(lowered.symptom.to_string(), "scheme case changed");
        assert_eq!(summary.explained, lowered.count);
        assert_eq!(summary.new_findings().count(), 2);
        // Listed, the deviation's mismatches are known; what nothing
        // explains is still new.
        let listed = Expected {
            vectors: Vec::new(),
            deviations: Set::of(&[rfc1808_resolver::deviations::Id::SchemeLowercased]),
        };
        let summary = run_by(lowers_schemes_and_raises_z, &listed, Bases::Absolute);
        assert_eq!(summary.findings[0].cause.to_string(), "scheme-lowercased");
        assert_eq!(summary.findings[0].known, Some(Known::Deviations));
        // Known, so not shrunk: the smallest case seen is its example.
        assert!(!summary.findings[0].shrunk);
        assert!(summary.findings[1].shrunk);
        assert_eq!(summary.new_findings().count(), 1);
        assert!(summary
            .new_findings()
            .all(|f| f.cause.deviations().is_none()));
    }

    #[test]
    fn a_timed_run_shrinks_what_deviations_explain_for_half_its_time_at_most() {
        let options = Options {
            seed: 1,
            time: Some(Duration::from_secs(600)),
            max_cases: None,
            bases: Bases::Absolute,
            readings: held(KEPT),
            allowed_inconsistent: Vec::new(),
            jobs: NonZeroUsize::MIN,
        };
        let mut buggy = Buggy(lowers_schemes_and_raises_z);
        let expected = expected(&[]);
        let mut run = Run::start(&mut buggy, rfc_example_seeds(), &expected, &options);
        let inputs = vec![Input::new("http://a/b/c", "Ab:x/y")];
        let answers = run.ask(&inputs);
        let (cause, tally) = run.classify(&inputs, answers).into_iter().next().unwrap();
        assert_eq!(cause.to_string(), "scheme-lowercased");
        let seen = tally.smallest.unwrap();
        // The budget spent: the case is kept as it is.
        run.shrinking = Duration::from_secs(3600);
        let (kept, shrunk) = run.shrink(seen.clone(), &cause);
        assert!(!shrunk);
        assert_eq!(kept.input, seen.input);
        // Within it: shrunk, and the time it took is counted.
        run.shrinking = Duration::ZERO;
        let (smaller, shrunk) = run.shrink(seen, &cause);
        assert!(shrunk);
        assert_eq!(smaller.input, Input::new("http://a", "A:"));
        assert!(run.shrinking > Duration::ZERO);
    }

    /// Both bugs at once.
    fn removes_dots_and_drops_empty_queries(base: &str, relative: &str) -> String {
        let url = removes_dots_in_absolute_paths(base, relative);
        let c = parse(&url);
        if c.query != Some("") {
            return url;
        }
        rfc1808_resolver::Components { query: None, ..c }.to_string()
    }

    /// Writes a result of the `svn` scheme with an empty authority, as a
    /// library that knows which schemes take one does (`svn:x` is
    /// `svn:///x`).
    fn adds_an_authority_to_svn(base: &str, relative: &str) -> String {
        let resolved = resolve(base, relative);
        match resolved.strip_prefix("svn:") {
            Some(rest) if !rest.starts_with("//") => {
                format!(
                    "svn://{}{}",
                    if rest.starts_with('/') { "" } else { "/" },
                    rest
                )
            }
            _ => resolved,
        }
    }

    #[test]
    fn each_deviation_s_own_case_is_asked_before_the_generated_ones() {
        let examples = catalogue_examples(Spec::Rfc1808, Bases::Absolute);
        assert!(examples.contains(&Input::new("http://a/b", "svn:x")));
        // No generated case has the `svn` scheme: the catalogue's example
        // is what finds it, and the first run accepts the cause as wide as
        // the library has it.
        let summary = run(adds_an_authority_to_svn, &[]);
        assert_eq!(
            shown(&summary),
            [
                r#"netloc-scheme-authority-added | Step 2b 1 | "http://a" + "svn:a" = "svn:a", not Resolved("svn:///a")"#
            ]
        );
    }

    #[test]
    fn a_kind_a_listed_vector_shows_is_known() {
        let listed = listed(
            &rfc1808_vectors::embedded(),
            ["rfc1808-5.2/abs-path-dot", "no/such"],
        );
        assert_eq!(
            listed,
            [Listed {
                id: "rfc1808-5.2/abs-path-dot".to_owned(),
                input: Input::new("http://a/b/c/d;p?q#f", "/./g"),
            }]
        );
        let summary = run(removes_dots_and_drops_empty_queries, &listed);
        assert_eq!(
            shown(&summary),
            [
                r#"Steps 1-5: dot segments removed | Step 4 81 | "http://a/b/c/d;p?q#f" + "/./g" = "http://a/./g", not Resolved("http://a/g") (known: rfc1808-5.2/abs-path-dot)"#,
                r#"empty query dropped | Step 2a 3, Step 2b 6, Step 4 2, Step 5a 1, Step 5b 1, Step 6 28 | "http://a" + "a?" = "http://a/a?", not Resolved("http://a/a")"#,
            ]
        );
        assert_eq!(summary.new_findings().count(), 1);
    }

    #[test]
    fn the_reference_itself_has_no_mismatch() {
        let seeds = vec![Input::new("http://a/b/c/d;p?q#f", "../g")];
        let options = Options {
            seed: 9,
            time: None,
            max_cases: Some(2500),
            bases: Bases::Absolute,
            readings: Accepted::default(),
            allowed_inconsistent: Vec::new(),
            jobs: NonZeroUsize::MIN,
        };
        let mut reference =
            crate::reference::Reference::new(rfc1808_resolver::Step6::StringPattern);
        let summary = fuzz(
            &mut reference,
            seeds,
            &Expected::default(),
            &options,
            &mut |_| {},
        );
        assert_eq!((summary.cases, summary.mismatches), (2500, 0));
        assert!(summary.findings.is_empty());
    }

    #[test]
    fn a_timed_run_stops_near_its_time() {
        let options = Options {
            seed: 3,
            time: Some(Duration::from_millis(300)),
            max_cases: None,
            bases: Bases::Absolute,
            readings: Accepted::default(),
            allowed_inconsistent: Vec::new(),
            jobs: NonZeroUsize::MIN,
        };
        let mut reference = crate::reference::Reference::new(rfc1808_resolver::Step6::SegmentStack);
        let summary = fuzz(
            &mut reference,
            Vec::new(),
            &Expected::default(),
            &options,
            &mut |_| {},
        );
        assert!(summary.cases > 100, "{} cases", summary.cases);
        assert!(
            summary.elapsed < Duration::from_secs(3),
            "{:?}",
            summary.elapsed
        );
    }

    #[test]
    fn batches_fill_a_quarter_second() {
        let ms = Duration::from_millis;
        assert_eq!(next_batch(100, ms(10), ms(10_000)), BATCH);
        assert_eq!(next_batch(100, ms(100), ms(10_000)), 250);
        assert_eq!(next_batch(100, ms(100), ms(50)), 50);
        assert_eq!(next_batch(10, ms(5000), ms(10_000)), 1);
        assert_eq!(next_batch(10, Duration::ZERO, ms(10_000)), BATCH);
    }
}
