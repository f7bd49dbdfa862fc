//! Differential fuzzing on stable Rust, for any implementation the harness
//! can drive: `rfc1808 fuzz`.
//!
//! Cases come from a seeded [`Generator`]: relative URLs are URL-shaped
//! tokens through the fuzz input format of `rfc1808-fuzzgen` and mutations
//! of the vectors; bases are absolute URLs in the generic-RL syntax
//! ([`Bases::Absolute`], the only bases section 4 resolves against), or
//! anything ([`Bases::Any`], `--any-base`). They go to the implementation
//! in batches through [`Implementation::resolve_all`], so a `jsonl` or
//! `lines` adapter pipelines them, and each answer is compared with the
//! reference resolver (segment-stack Step 6). A mismatch has a [`Kind`]:
//! how the answers differ, and where that matters the step the reference
//! finished at (the `kind` module says which, and why). A mismatch on a
//! case whose scheme starts with a digit is asked again with a letter
//! there, in one more batch, to tell whether the digit is the cause. The
//! first mismatch of each kind is shrunk ([`shrink`]) to a smallest case
//! of the same kind whose base the run admits, its candidates batched
//! too; a later mismatch of that kind is shrunk only if it starts out
//! smaller than the current example.
//!
//! The report ([`render`]) is an overview, a line per kind with its count
//! and shrunk example, most frequent first, then each kind in the same
//! order with the steps it was found at, both answers and a ready
//! `rfc1808 promote` command.
//!
//! # Known kinds
//!
//! An implementation's expectations file lists vectors it is known to fail.
//! Those vectors run first; the kind each one shows is *known*, and the
//! shrinker's answer for a mismatch of that kind is the listed vector (the
//! smallest, if several show it): a mismatch whose shrunk pair is a listed
//! vector is known, and it is reported apart and not counted as a finding.
//! A shrunk pair that happens to be a listed vector is known too. A failure
//! to answer (crash, timeout, protocol error) is never known, as in `run`.
//!
//! Failures to answer are not shrunk: each try could cost a whole timeout.

mod generate;
mod kind;
mod shrink;

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::time::{Duration, Instant};

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::{resolve_traced, Step, Step6};

pub use generate::{is_absolute, Bases, Generator, Rng};
pub use kind::{Kind, Steps};
pub use shrink::shrink;

use crate::implementation::{Answer, Case, Implementation, Info};

/// The largest batch sent to the implementation at once.
pub const BATCH: usize = 1000;

/// When to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub seed: u64,
    /// Stop starting batches after this long.
    pub time: Option<Duration>,
    /// Stop after this many generated cases.
    pub max_cases: Option<u64>,
    /// Which bases to generate; the shrinker keeps to them too.
    pub bases: Bases,
}

/// A vector the implementation's expectations list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    pub input: Input,
}

/// All mismatches of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    /// How many generated cases showed it.
    pub count: u64,
    /// How many of them the reference finished at each step, in the
    /// steps' order: where a kind that stands for several steps was found.
    pub steps: Vec<(Step, u64)>,
    /// The smallest case found, after shrinking.
    pub example: Input,
    /// The reference's answer for the example.
    pub reference: String,
    /// The implementation's answer for the example.
    pub answer: Answer,
    /// The id of the listed vector that makes this kind known.
    pub known: Option<String>,
}

/// What a fuzz run found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub cases: u64,
    pub mismatches: u64,
    /// Cases the implementation's protocol could not carry, not compared.
    pub not_representable: u64,
    pub elapsed: Duration,
    /// When the first kind that is not known was seen.
    pub first_finding: Option<Duration>,
    /// By kind.
    pub findings: Vec<Finding>,
}

impl Summary {
    /// The findings that are not known.
    pub fn new_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.known.is_none())
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

/// The reference's answer and the step it finished at.
fn reference(input: &Input) -> (String, Step) {
    resolve_traced(&input.base, &input.relative, Step6::SegmentStack)
}

/// The implementation's answers for `inputs`, one each.
fn answers(implementation: &mut dyn Implementation, inputs: &[Input]) -> Vec<Answer> {
    let cases: Vec<Case<'_>> = inputs
        .iter()
        .map(|i| Case {
            id: "fuzz",
            base: &i.base,
            relative: &i.relative,
        })
        .collect();
    let mut answers: Vec<Answer> = implementation
        .resolve_all(&cases)
        .into_iter()
        .map(|reply| reply.answer)
        .collect();
    // The trait promises one answer per case; a broken implementation gets
    // errors rather than a panic.
    answers.resize(
        inputs.len(),
        Answer::Error("the implementation gave no answer".to_owned()),
    );
    answers
}

/// The kind of mismatch each input shows, if any.
fn kinds(implementation: &mut dyn Implementation, inputs: &[Input]) -> Vec<(Option<Kind>, Answer)> {
    let answers = answers(implementation, inputs);
    classify(implementation, inputs, &answers)
        .into_iter()
        .map(|k| k.map(|(kind, _)| kind))
        .zip(answers)
        .collect()
}

/// The kind of mismatch each answer is, if any, with the step the
/// reference finished at. A mismatch on a case whose scheme starts with a
/// digit or a symbol is asked again with a letter there, all such in one
/// batch, and is [`Kind::not_a_letter`] unless the answer then is of the
/// same kind.
fn classify(
    implementation: &mut dyn Implementation,
    inputs: &[Input],
    answers: &[Answer],
) -> Vec<Option<(Kind, Step)>> {
    let mut kinds = Vec::with_capacity(inputs.len());
    let mut variants = Vec::new();
    for (i, (input, answer)) in inputs.iter().zip(answers).enumerate() {
        let (want, step) = reference(input);
        let kind = Kind::of(input, step, &want, answer);
        if let Some(k) = kind.as_ref().filter(|k| !k.is_failure()) {
            if let Some(variant) = Kind::letter_variant(input, step) {
                variants.push((i, k.clone(), variant));
            }
        }
        kinds.push(kind.map(|k| (k, step)));
    }
    if variants.is_empty() {
        return kinds;
    }
    let variant_inputs: Vec<Input> = variants.iter().map(|(_, _, v)| v.clone()).collect();
    let variant_answers = self::answers(implementation, &variant_inputs);
    for ((i, kind, variant), answer) in variants.into_iter().zip(variant_answers) {
        let (want, step) = reference(&variant);
        if Kind::of(&variant, step, &want, &answer) != Some(kind) {
            if let Some((k, _)) = kinds[i].as_mut() {
                *k = Kind::not_a_letter();
            }
        }
    }
    kinds
}

/// Shrinks `input` to a smallest case of `kind`; returns it with the
/// implementation's answer for it.
fn shrink_case(
    implementation: &mut dyn Implementation,
    input: Input,
    kind: &Kind,
    bases: Bases,
) -> (Input, Answer) {
    let shrunk = if kind.is_failure() {
        input
    } else {
        shrink(input, |candidates| {
            // Only candidates with a base the run admits go to the
            // implementation; the others are not the same case.
            let admitted: Vec<Input> = candidates
                .iter()
                .filter(|c| bases.admit(&c.base))
                .cloned()
                .collect();
            if admitted.is_empty() {
                return vec![false; candidates.len()];
            }
            let mut verdicts = kinds(implementation, &admitted)
                .into_iter()
                .map(|(k, _)| k.as_ref() == Some(kind));
            candidates
                .iter()
                .map(|c| bases.admit(&c.base) && verdicts.next() == Some(true))
                .collect()
        })
    };
    let mut answers = answers(implementation, std::slice::from_ref(&shrunk));
    (shrunk, answers.remove(0))
}

/// Fuzzes `implementation` against the reference resolver. `seeds` are
/// pairs to mutate (the vectors'); `listed` are the vectors its expectations
/// list. `progress` is called after every batch.
pub fn fuzz(
    implementation: &mut dyn Implementation,
    seeds: Vec<Input>,
    listed: &[Listed],
    options: &Options,
    progress: &mut dyn FnMut(&Progress),
) -> Summary {
    let start = Instant::now();
    let listed_kinds = listed_kinds(implementation, listed);
    let listed_ids: HashMap<&Input, &str> =
        listed.iter().map(|l| (&l.input, l.id.as_str())).collect();

    let mut generator = Generator::new(options.seed, seeds, options.bases);
    let mut summary = Summary::default();
    let mut found: BTreeMap<Kind, Finding> = BTreeMap::new();
    let mut batch = if options.time.is_some() { 100 } else { BATCH };
    loop {
        let elapsed = start.elapsed();
        if options.time.is_some_and(|t| elapsed >= t) {
            break;
        }
        let left = options
            .max_cases
            .map_or(u64::MAX, |max| max.saturating_sub(summary.cases));
        if left == 0 {
            break;
        }
        let n = batch.min(usize::try_from(left).unwrap_or(usize::MAX));
        let inputs: Vec<Input> = (0..n).map(|_| generator.next_input()).collect();
        let batch_start = Instant::now();
        let answers = answers(implementation, &inputs);
        let kinds = classify(implementation, &inputs, &answers);
        let batch_time = batch_start.elapsed();
        summary.cases += n as u64;
        summary.not_representable += answers
            .iter()
            .filter(|a| matches!(a, Answer::NotRepresentable(_)))
            .count() as u64;

        // Per kind in this batch: how many, at which steps, and the
        // smallest case.
        let mut in_batch: BTreeMap<Kind, Tally> = BTreeMap::new();
        for (input, kind) in inputs.into_iter().zip(kinds) {
            let Some((kind, step)) = kind else {
                continue;
            };
            summary.mismatches += 1;
            let tally = in_batch.entry(kind).or_insert_with(|| Tally {
                count: 0,
                steps: Vec::new(),
                smallest: input.clone(),
            });
            tally.count += 1;
            add_steps(&mut tally.steps, &[(step, 1)]);
            if shrink::order(&input) < shrink::order(&tally.smallest) {
                tally.smallest = input;
            }
        }

        for (kind, tally) in in_batch {
            let Tally {
                count,
                steps,
                smallest,
            } = tally;
            if let Some(finding) = found.get_mut(&kind) {
                finding.count += count;
                add_steps(&mut finding.steps, &steps);
                let smaller = shrink::order(&smallest) < shrink::order(&finding.example);
                if finding.known.is_none() && !kind.is_failure() && smaller {
                    let (example, answer) =
                        shrink_case(implementation, smallest, &kind, options.bases);
                    if shrink::order(&example) < shrink::order(&finding.example) {
                        finding.reference = reference(&example).0;
                        finding.example = example;
                        finding.answer = answer;
                    }
                }
                continue;
            }
            let finding = match listed_kinds.get(&kind) {
                Some((listed, answer)) => Finding {
                    kind: kind.clone(),
                    count,
                    steps,
                    reference: reference(&listed.input).0,
                    example: listed.input.clone(),
                    answer: answer.clone(),
                    known: Some(listed.id.clone()),
                },
                None => {
                    let (example, answer) =
                        shrink_case(implementation, smallest, &kind, options.bases);
                    let known = if kind.is_failure() {
                        None
                    } else {
                        listed_ids.get(&example).map(|id| id.to_string())
                    };
                    if known.is_none() && summary.first_finding.is_none() {
                        summary.first_finding = Some(start.elapsed());
                    }
                    Finding {
                        kind: kind.clone(),
                        count,
                        steps,
                        reference: reference(&example).0,
                        example,
                        answer,
                        known,
                    }
                }
            };
            found.insert(kind, finding);
        }

        progress(&Progress {
            cases: summary.cases,
            mismatches: summary.mismatches,
            kinds: found.len(),
            elapsed: start.elapsed(),
        });
        if let Some(time) = options.time {
            batch = next_batch(n, batch_time, time.saturating_sub(start.elapsed()));
        }
    }
    summary.elapsed = start.elapsed();
    summary.findings = found.into_values().collect();
    // Most frequent first; equal counts in the kinds' order, so that the
    // order does not depend on the run's timing.
    summary
        .findings
        .sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.kind.cmp(&b.kind)));
    summary
}

/// The mismatches of one kind in a batch.
struct Tally {
    count: u64,
    steps: Vec<(Step, u64)>,
    smallest: Input,
}

/// Adds the counts of `more` to `steps`, keeping the steps' order.
fn add_steps(steps: &mut Vec<(Step, u64)>, more: &[(Step, u64)]) {
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

/// The kind each listed vector shows, keeping the smallest vector per kind,
/// with the implementation's answer for it.
fn listed_kinds<'l>(
    implementation: &mut dyn Implementation,
    listed: &'l [Listed],
) -> HashMap<Kind, (&'l Listed, Answer)> {
    let inputs: Vec<Input> = listed.iter().map(|l| l.input.clone()).collect();
    let mut kinds: HashMap<Kind, (&Listed, Answer)> = HashMap::new();
    if inputs.is_empty() {
        return kinds;
    }
    for (l, (kind, answer)) in listed.iter().zip(self::kinds(implementation, &inputs)) {
        let Some(kind) = kind.filter(|k| !k.is_failure()) else {
            continue;
        };
        match kinds.get(&kind) {
            Some((other, _)) if shrink::order(&other.input) <= shrink::order(&l.input) => {}
            _ => {
                kinds.insert(kind, (l, answer));
            }
        }
    }
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
        .map(|v| Listed {
            id: v.id.clone(),
            input: Input::new(&*v.base, &*v.relative),
        })
        .collect()
}

/// Parses a `--time` value: a number with the unit `ms`, `s`, `m` or `h`
/// (`90s`, `2m`, `1.5h`), or a bare number of seconds.
pub fn parse_time(value: &str) -> Result<Duration, String> {
    let split = value
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(value.len());
    let (number, unit) = value.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("`{value}`: the unit is not one of ms, s, m, h")),
    };
    match number.parse::<f64>() {
        Ok(n) if n * scale > 0.0 && n * scale <= 7.0 * 86_400.0 => {
            Ok(Duration::from_secs_f64(n * scale))
        }
        Ok(_) => Err(format!("`{value}` is not above 0 and at most a week")),
        Err(_) => Err(format!(
            "`{value}` is not a number with a unit, like 60s or 2m"
        )),
    }
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

/// The note a promoted finding gets, until someone writes its root cause:
/// the difference, at the step the reference finishes at for the example.
pub fn note(label: &str, finding: &Finding) -> String {
    let step = reference(&finding.example).1;
    format!(
        "{label} differs at {}: {}",
        step.name(),
        finding.kind.difference
    )
}

/// The `source` of a promoted finding.
pub fn source(name: &str) -> String {
    format!("rfc1808 fuzz against {name}")
}

/// The command that promotes a finding.
pub fn promote_command(name: &str, label: &str, finding: &Finding) -> String {
    crate::command_line::promote(
        &finding.example.base,
        &finding.example.relative,
        &source(name),
        &note(label, finding),
    )
}

/// The widest kind column of the overview; a longer kind pushes its
/// example to the right rather than every example.
const KIND_COLUMN: usize = 40;

/// The report of a run, for people: a header, an overview with a line per
/// kind (count, kind, shrunk example), new kinds first, each group most
/// frequent first, then the details of each kind in the same order.
pub fn render(summary: &Summary, name: &str, info: Option<&Info>, seed: u64) -> String {
    let label = label(name, info);
    let mut out = String::new();
    let _ = write!(out, "{name}");
    if let Some(info) = info {
        let _ = write!(
            out,
            ": {} {} ({}, {})",
            info.name, info.implementation_version, info.language, info.spec
        );
    }
    let _ = writeln!(
        out,
        "\nseed {seed}: {} cases in {:.1}s, {:.0} cases/s, {} not representable",
        summary.cases,
        summary.elapsed.as_secs_f64(),
        summary.rate(),
        summary.not_representable
    );
    let new = summary.new_findings().count();
    let known = summary.findings.len() - new;
    let _ = write!(
        out,
        "{} mismatches in {} kinds: {new} new, {known} known",
        summary.mismatches,
        summary.findings.len()
    );
    match summary.first_finding {
        Some(t) => {
            let _ = writeln!(out, "; first new kind after {:.2}s", t.as_secs_f64());
        }
        None => out.push('\n'),
    }

    let known_findings = summary.findings.iter().filter(|f| f.known.is_some());
    let ordered: Vec<&Finding> = summary.new_findings().chain(known_findings).collect();
    if !ordered.is_empty() {
        out.push('\n');
    }
    let count_width = ordered
        .iter()
        .map(|f| f.count.to_string().len())
        .max()
        .unwrap_or(0);
    let kind_width = ordered
        .iter()
        .map(|f| f.kind.to_string().chars().count())
        .filter(|&w| w <= KIND_COLUMN)
        .max()
        .unwrap_or(0);
    for f in &ordered {
        let line = format!(
            "  {:>count_width$}  {:<kind_width$}  {:?} against {:?}",
            f.count,
            f.kind.to_string(),
            f.example.relative,
            f.example.base,
        );
        match &f.known {
            None => {
                let _ = writeln!(out, "{line}");
            }
            Some(id) => {
                let _ = writeln!(out, "{line}  (known: `{id}`)");
            }
        }
    }

    let show = |answer: &Answer| match answer {
        Answer::Resolved(url) => format!("{url:?}"),
        Answer::Rejected(why) => format!("rejected: {why}"),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("failed: {why}"),
    };
    let implementation_label = format!("{name}:");
    let width = implementation_label.len().max("reference:".len());
    for (number, f) in ordered.iter().enumerate() {
        out.push('\n');
        match &f.known {
            None => {
                let _ = writeln!(out, "{}. {} ({} mismatches)", number + 1, f.kind, f.count);
            }
            Some(id) => {
                let _ = writeln!(
                    out,
                    "known, as listed vector `{id}`: {} ({} mismatches)",
                    f.kind, f.count
                );
            }
        }
        let mut rows = Vec::new();
        if !matches!(f.kind.steps, Steps::One(_)) {
            let steps: Vec<String> = f
                .steps
                .iter()
                .map(|(step, n)| format!("{} ({n})", step.name()))
                .collect();
            rows.push(("steps:", steps.join(", ")));
        }
        rows.extend([
            ("base:", format!("{:?}", f.example.base)),
            ("relative:", format!("{:?}", f.example.relative)),
            ("reference:", format!("{:?}", f.reference)),
            (implementation_label.as_str(), show(&f.answer)),
        ]);
        for (what, value) in rows {
            let _ = writeln!(out, "   {what:width$} {value}");
        }
        if f.known.is_none() {
            let _ = writeln!(out, "   {}", promote_command(name, &label, f));
        }
    }
    out.push('\n');
    if new == 0 {
        out.push_str("no mismatch outside the expectations\n");
    } else {
        let _ = writeln!(out, "{new} kinds of mismatch found");
    }
    out
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
                .map(|c| Answer::Resolved((self.0)(c.base, c.relative)).into())
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
        let (url, step) = resolve_traced(base, relative, Step6::SegmentStack);
        let c = parse(&url);
        if step != Step::Step4 {
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

    fn run(bug: fn(&str, &str) -> String, listed: &[Listed]) -> Summary {
        run_with(bug, listed, Bases::Absolute)
    }

    fn run_with(bug: fn(&str, &str) -> String, listed: &[Listed], bases: Bases) -> Summary {
        let seeds = rfc1808_fuzzgen::seeds(&rfc1808_vectors::embedded())
            .into_iter()
            .map(|(_, i)| i)
            .collect();
        let options = Options {
            seed: 1,
            time: None,
            max_cases: Some(3000),
            bases,
        };
        let mut progress = Vec::new();
        let summary = fuzz(&mut Buggy(bug), seeds, listed, &options, &mut |p| {
            progress.push(*p)
        });
        assert_eq!(progress.len(), 3, "a progress report per batch of {BATCH}");
        assert_eq!(progress[2].cases, 3000);
        summary
    }

    fn shown(summary: &Summary) -> Vec<String> {
        summary
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{} | {} | {:?} + {:?} = {:?}, not {:?}{}",
                    f.kind,
                    f.steps
                        .iter()
                        .map(|(step, n)| format!("{} {n}", step.name()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    f.example.base,
                    f.example.relative,
                    f.reference,
                    f.answer,
                    f.known
                        .as_ref()
                        .map_or(String::new(), |id| format!(" (known: {id})"))
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
                r#"empty query dropped | Step 2a 6, Step 2b 11, Step 4 4, Step 5a 3, Step 5b 4, Step 6 34 | "a:" + "a?" = "a:a?", not Resolved("a:a")"#
            ]
        );
        assert!(summary.mismatches > 50, "{} mismatches", summary.mismatches);
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
                r#"empty query dropped | Step 1 2, Step 2a 3, Step 2b 10, Step 3 2, Step 4 2, Step 5a 9, Step 5b 1, Step 6 30 | "?" + "" = "?", not Resolved("")"#
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
                r#"Steps 1-5: dot segments removed | Step 4 69 | "a:" + "/." = "a:/.", not Resolved("a:/")"#
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
        let summary = run(digit_schemes_unknown, &[]);
        assert_eq!(
            shown(&summary),
            [
                r#"scheme not starting with a letter | Step 2a 8, Step 3 2, Step 4 5, Step 5a 1, Step 5b 6, Step 6 33 | "9:" + "" = "9:", not Resolved("")"#
            ]
        );
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
                r#"Steps 1-5: dot segments removed | Step 4 69 | "http://a/b/c/d;p?q#f" + "/./g" = "http://a/./g", not Resolved("http://a/g") (known: rfc1808-5.2/abs-path-dot)"#,
                r#"empty query dropped | Step 2a 6, Step 2b 11, Step 4 4, Step 5a 3, Step 5b 4, Step 6 34 | "a:" + "a?" = "a:a?", not Resolved("a:a")"#,
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
        };
        let mut reference = crate::reference::Reference::new(Step6::StringPattern);
        let summary = fuzz(&mut reference, seeds, &[], &options, &mut |_| {});
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
        };
        let mut reference = crate::reference::Reference::new(Step6::SegmentStack);
        let summary = fuzz(&mut reference, Vec::new(), &[], &options, &mut |_| {});
        assert!(summary.cases > 100, "{} cases", summary.cases);
        assert!(
            summary.elapsed < Duration::from_secs(3),
            "{:?}",
            summary.elapsed
        );
    }

    #[test]
    fn times_read_as_people_write_them() {
        assert_eq!(parse_time("60s"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_time("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_time("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_time("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_time("30"), Ok(Duration::from_secs(30)));
        assert_eq!(
            parse_time("10 minutes").unwrap_err(),
            "`10 minutes`: the unit is not one of ms, s, m, h"
        );
        assert_eq!(
            parse_time("0s").unwrap_err(),
            "`0s` is not above 0 and at most a week"
        );
        assert_eq!(
            parse_time("s").unwrap_err(),
            "`s` is not a number with a unit, like 60s or 2m"
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

    #[test]
    fn the_report_has_an_overview_then_each_kind_with_a_promote_command() {
        let finding = |steps, difference: &str, counts: Vec<(Step, u64)>, example, answer: &str| {
            let example: Input = example;
            Finding {
                kind: Kind {
                    steps,
                    difference: difference.to_owned(),
                },
                count: counts.iter().map(|(_, n)| n).sum(),
                steps: counts,
                reference: reference(&example).0,
                example,
                answer: Answer::Resolved(answer.to_owned()),
                known: None,
            }
        };
        let mut known = finding(
            Steps::TakenPath,
            "dot segments removed",
            vec![(Step::Step4, 38), (Step::Step5a, 2)],
            Input::new("http://a/b/c/d;p?q#f", "/./g"),
            "http://a/g",
        );
        known.known = Some("rfc1808-5.2/abs-path-dot".to_owned());
        let summary = Summary {
            cases: 5000,
            mismatches: 3068,
            not_representable: 3,
            elapsed: Duration::from_secs(2),
            first_finding: Some(Duration::from_millis(15)),
            findings: vec![
                finding(
                    Steps::All,
                    "empty query dropped",
                    vec![(Step::Step3, 21), (Step::Step4, 3000)],
                    Input::new("http:", "/?"),
                    "http:/",
                ),
                known,
                finding(
                    Steps::One(Step::Step6),
                    "dot segments removed",
                    vec![(Step::Step6, 7)],
                    Input::new("http:", ".."),
                    "http:",
                ),
            ],
        };
        let info = Info {
            name: "urly".to_owned(),
            implementation_version: "1.2".to_owned(),
            language: "python".to_owned(),
            spec: "RFC 3986".to_owned(),
        };
        assert_eq!(
            render(&summary, "py", Some(&info), 42),
            r#"py: urly 1.2 (python, RFC 3986)
seed 42: 5000 cases in 2.0s, 2500 cases/s, 3 not representable
3068 mismatches in 3 kinds: 2 new, 1 known; first new kind after 0.01s

  3021  empty query dropped              "/?" against "http:"
     7  Step 6: dot segments removed     ".." against "http:"
    40  Steps 1-5: dot segments removed  "/./g" against "http://a/b/c/d;p?q#f"  (known: `rfc1808-5.2/abs-path-dot`)

1. empty query dropped (3021 mismatches)
   steps:     Step 3 (21), Step 4 (3000)
   base:      "http:"
   relative:  "/?"
   reference: "http:/?"
   py:        "http:/"
   rfc1808 promote --base http: --relative '/?' --source 'rfc1808 fuzz against py' --note 'urly 1.2 differs at Step 4: empty query dropped'

2. Step 6: dot segments removed (7 mismatches)
   base:      "http:"
   relative:  ".."
   reference: "http:.."
   py:        "http:"
   rfc1808 promote --base http: --relative .. --source 'rfc1808 fuzz against py' --note 'urly 1.2 differs at Step 6: dot segments removed'

known, as listed vector `rfc1808-5.2/abs-path-dot`: Steps 1-5: dot segments removed (40 mismatches)
   steps:     Step 4 (38), Step 5a (2)
   base:      "http://a/b/c/d;p?q#f"
   relative:  "/./g"
   reference: "http://a/./g"
   py:        "http://a/g"

2 kinds of mismatch found
"#
        );
    }

    #[test]
    fn a_long_kind_does_not_widen_the_overview() {
        let finding = |difference: &str, count| Finding {
            kind: Kind {
                steps: Steps::All,
                difference: difference.to_owned(),
            },
            count,
            steps: vec![(Step::Step6, count)],
            example: Input::new("a:", "g"),
            reference: "a:g".to_owned(),
            answer: Answer::Rejected("no".to_owned()),
            known: None,
        };
        let long = "rejected: parse \"…\": first path segment in URL cannot contain colon";
        let summary = Summary {
            cases: 10,
            mismatches: 12,
            findings: vec![finding(long, 9), finding("empty query dropped", 3)],
            ..Summary::default()
        };
        let report = render(&summary, "go", None, 1);
        let overview: Vec<&str> = report.split("\n\n").nth(1).unwrap().lines().collect();
        assert_eq!(
            overview,
            [
                format!("  9  {long}  \"g\" against \"a:\"").as_str(),
                "  3  empty query dropped  \"g\" against \"a:\"",
            ]
        );
    }
}
