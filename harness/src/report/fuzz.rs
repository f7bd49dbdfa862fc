//! The reports of `rfc1808 fuzz`.
//!
//! For people ([`render`]): a header with the command that makes the same
//! cases again and the cause fingerprint, then what nothing explains (a
//! line per symptom: count, kind, shrunk example), then a line per cause,
//! a deviation (the mismatches of the kinds it is in, new or known, the
//! section it departs from, whether its answer names the same resource,
//! an example), then the details of each kind that is not explained by
//! listed deviations, in the same order, with both answers and a ready
//! `rfc1808 promote` command (under RFC 1808, whose answers `promote`
//! writes) or `rfc1808 resolve --spec` command.
//!
//! For tools ([`json`]): the same, as one JSON object, documented field by
//! field in docs/fuzzing.md ("The JSON report").

use std::fmt::{self, Write};
use std::path::Path;

use rfc1808_resolver::deviations::{Id, Set};
use rfc1808_vectors::Spec;
use serde::Serialize;

use crate::command_line::quote;
use crate::fuzz::{
    label, note, same_resource, sections, source, Cause, Component, Finding, Fuzzed, Known,
    Promotion, Steps, Summary,
};
use crate::implementation::Answer;
use crate::report::TOOL_VERSION;

/// The command that promotes the example of a kind.
pub fn promote_command(name: &str, label: &str, finding: &Finding) -> String {
    crate::command_line::promote(
        &finding.example.base,
        &finding.example.relative,
        &source(name),
        &note(label, finding),
    )
}

/// The command that prints the reference's answer for the example of a
/// kind under `spec`, with the readings `held`.
pub fn resolve_command(spec: Spec, held: &str, finding: &Finding) -> String {
    let mut line = format!("rfc1808 resolve --spec {spec}");
    for reading in held.split(',').filter(|r| !r.is_empty()) {
        line += &format!(" --reading {reading}");
    }
    format!(
        "{line} -- {} {}",
        quote(&finding.example.base),
        quote(&finding.example.relative)
    )
}

/// The widest kind column of the overview; a longer kind pushes its
/// example to the right rather than every example.
const KIND_COLUMN: usize = 40;

/// A report format of `rfc1808 fuzz`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

rfc1808_resolver::named!(Format, "fuzz report format");

impl Format {
    pub const ALL: [Format; 2] = [Format::Text, Format::Json];

    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
        }
    }
}

impl Format {
    /// Renders `fuzzed` in this format.
    pub fn render(self, fuzzed: &Fuzzed) -> String {
        match self {
            Format::Text => render(fuzzed),
            Format::Json => json(fuzzed),
        }
    }
}

/// How many mismatches each deviation explains, in catalogue order.
pub fn deviation_counts(summary: &Summary) -> Vec<(Id, u64)> {
    let mut counts: Vec<(Id, u64)> = Vec::new();
    for f in &summary.findings {
        for id in f.cause.deviations().into_iter().flat_map(Set::ids) {
            match counts.iter_mut().find(|(d, _)| *d == id) {
                Some((_, n)) => *n += f.count,
                None => counts.push((id, f.count)),
            }
        }
    }
    counts.sort();
    counts
}

/// The mismatches listed deviations explain, and how many deviations
/// they are: what a run reports by deviation, not as kinds.
struct ByListed {
    mismatches: u64,
    ids: usize,
}

fn by_listed_deviations(summary: &Summary) -> ByListed {
    let known = || summary.findings.iter().filter(|f| f.known_by_deviations());
    let ids = known()
        .filter_map(|f| f.cause.deviations())
        .fold(Set::EMPTY, Set::union);
    ByListed {
        mismatches: known().map(|f| f.count).sum(),
        ids: ids.len(),
    }
}

/// The cause fingerprint of a run: `follows RFC 3986 with
/// empty-query-dropped (58), base-fragment-kept (3); 171 of 232 mismatches
/// unexplained`; `None` without mismatches.
pub fn fingerprint(summary: &Summary, spec: Spec) -> Option<String> {
    if summary.mismatches == 0 {
        return None;
    }
    let mut out = rfc1808_vectors::causes::follows(spec, &deviation_counts(summary));
    let unexplained = summary.mismatches - summary.explained;
    let _ = write!(
        out,
        "; {unexplained} of {} unexplained",
        mismatches(summary.mismatches)
    );
    Some(out)
}

/// A deviation's line among the causes: the mismatches of the kinds it is
/// in, added up, whether it is new (not listed, and in a new kind), and an
/// example.
struct CauseLine<'f> {
    id: Id,
    count: u64,
    new: bool,
    /// The kind of the fewest deviations it is in, the most frequent of
    /// those.
    example: &'f Finding,
}

/// The line of each deviation the kinds `explained` hold, most frequent
/// first; `listed` are the deviations the expectations list.
fn cause_lines<'f>(explained: &[&'f Finding], listed: Set) -> Vec<CauseLine<'f>> {
    let mut lines: Vec<CauseLine<'f>> = Vec::new();
    for &f in explained {
        let set = f.cause.deviations().unwrap_or_default();
        for id in set.ids() {
            let Some(line) = lines.iter_mut().find(|l| l.id == id) else {
                lines.push(CauseLine {
                    id,
                    count: f.count,
                    new: f.known.is_none() && !listed.has(id),
                    example: f,
                });
                continue;
            };
            line.count += f.count;
            line.new |= f.known.is_none() && !listed.has(id);
            let size = |f: &Finding| f.cause.deviations().map_or(0, Set::len);
            let better = (size(f), std::cmp::Reverse(f.count))
                < (size(line.example), std::cmp::Reverse(line.example.count));
            if better {
                line.example = f;
            }
        }
    }
    lines.sort_by(|a, b| b.count.cmp(&a.count).then(a.id.cmp(&b.id)));
    lines
}

/// `same resource` or `other resource`.
fn resource(set: Set) -> &'static str {
    if same_resource(set) {
        "same resource"
    } else {
        "other resource"
    }
}

/// The report of a run, for people: a header, what nothing explains, a
/// line per cause, then the details of each kind in the same order.
pub fn render(fuzzed: &Fuzzed) -> String {
    let summary = &fuzzed.summary;
    let mut text = TextReport {
        fuzzed,
        summary,
        spec: fuzzed.spec,
        label: label(&fuzzed.name, fuzzed.info.as_ref()),
        out: String::new(),
    };
    text.header();
    let ordered = summary.ordered();
    let (unexplained, explained): (Vec<&Finding>, Vec<&Finding>) = ordered
        .iter()
        .partition(|f| matches!(f.cause, Cause::Unexplained(_)));
    let count_width = ordered
        .iter()
        .map(|f| f.count.to_string().len())
        .max()
        .unwrap_or(0);
    text.unexplained(&unexplained, count_width);
    text.explained(&explained, count_width);
    text.details(&ordered);
    text.footer();
    text.out
}

/// The widest kind of `findings` that fits [`KIND_COLUMN`], the width of
/// their kind column.
fn kind_width(findings: &[&Finding]) -> usize {
    findings
        .iter()
        .map(|f| f.cause.to_string().chars().count())
        .filter(|&w| w <= KIND_COLUMN)
        .max()
        .unwrap_or(0)
}

/// An answer in a kind's details.
fn show(answer: &Answer) -> String {
    match answer {
        Answer::Resolved(url) => format!("{url:?}"),
        Answer::Rejected(why) => format!("rejected: {why}"),
        Answer::NotRepresentable(why) => format!("not representable: {why}"),
        Answer::Error(why) => format!("failed: {why}"),
    }
}

/// The text report being written: the run, and the report so far, which
/// each section appends to.
struct TextReport<'f> {
    fuzzed: &'f Fuzzed,
    summary: &'f Summary,
    /// The spec the run compared with.
    spec: Spec,
    /// The implementation as the notes of promoted vectors name it.
    label: String,
    out: String,
}

impl TextReport<'_> {
    /// The header: the implementation, the run, its mismatches, the cause
    /// fingerprint, the command that makes the same cases again, and the
    /// readings followed.
    fn header(&mut self) {
        self.about_the_run();
        self.mismatch_counts();
        let (summary, spec) = (self.summary, self.spec);
        let out = &mut self.out;
        if let Some(line) = fingerprint(summary, spec) {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "rerun: {}", self.fuzzed.rerun);
        for following in &summary.readings {
            let _ = writeln!(out, "reading {}", following.describe());
        }
    }

    /// The implementation and what it said of itself, the seed and the
    /// cases, the cases not compared, and why the run stopped early.
    fn about_the_run(&mut self) {
        let (summary, name, info, seed, spec) = (
            self.summary,
            self.fuzzed.name.as_str(),
            self.fuzzed.info.as_ref(),
            self.fuzzed.seed,
            self.spec,
        );
        let out = &mut self.out;
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
        if let Some(grammar) = spec.grammar() {
            let _ = writeln!(
                out,
                "against {spec}: {} cases outside its grammar ({grammar}), not compared",
                summary.outside_grammar
            );
        }
        if let Some(why) = &summary.gave_up {
            let _ = writeln!(out, "stopped early: {why}");
        } else if summary.cases == 0 {
            // Nothing compared is no evidence of conformance.
            let _ = writeln!(
                out,
                "no case was answered in the time: an adapter that is slow to start needs a longer --time"
            );
        }
    }

    /// The mismatches, in how many kinds, new and known, those listed
    /// deviations explain, and when the first new kind was found.
    fn mismatch_counts(&mut self) {
        let summary = self.summary;
        let out = &mut self.out;
        let new = summary.new_findings().count();
        let kinds = summary.kinds().count();
        let _ = write!(
            out,
            "{} in {}: {new} new, {} known",
            mismatches(summary.mismatches),
            counted(kinds as u64, "kind", "kinds"),
            kinds - new
        );
        let by_listed = by_listed_deviations(summary);
        if by_listed.ids > 0 {
            let _ = write!(
                out,
                ", and {} known by {}",
                mismatches(by_listed.mismatches),
                counted(
                    by_listed.ids as u64,
                    "listed deviation",
                    "listed deviations"
                )
            );
        }
        match summary.first_finding {
            Some(t) => {
                let _ = writeln!(out, "; first new kind after {:.2}s", t.as_secs_f64());
            }
            None => out.push('\n'),
        }
    }

    /// What nothing explains: a line per kind, with its count and example,
    /// `count_width` wide counts.
    fn unexplained(&mut self, unexplained: &[&Finding], count_width: usize) {
        if unexplained.is_empty() {
            return;
        }
        let out = &mut self.out;
        let _ = writeln!(
            out,
            "\nunexplained, {} (no deviation of the catalogue gives these answers):",
            counted(unexplained.len() as u64, "kind", "kinds")
        );
        let kind_width = kind_width(unexplained);
        for f in unexplained {
            let line = format!(
                "  {:>count_width$}  {:<kind_width$}  {:?} against {:?}",
                f.count,
                f.cause.to_string(),
                f.example.relative,
                f.example.base,
            );
            match &f.known {
                Some(Known::Vector(id)) => {
                    let _ = writeln!(out, "{line}  (known: `{id}`)");
                }
                _ => {
                    let _ = writeln!(out, "{line}");
                }
            }
        }
    }

    /// A line per deviation that explains some of the kinds `explained`:
    /// its mismatches, new or known, the sections it departs from, whether
    /// its answer names the same resource, and an example; counts at least
    /// `count_width` wide.
    fn explained(&mut self, explained: &[&Finding], count_width: usize) {
        if explained.is_empty() {
            return;
        }
        let (summary, spec) = (self.summary, self.spec);
        let out = &mut self.out;
        let lines = cause_lines(explained, summary.listed);
        let _ = writeln!(
            out,
            "\nexplained by {} (docs/deviations.md):",
            counted(lines.len() as u64, "deviation", "deviations"),
        );
        let rows: Vec<(String, &str)> = lines
            .iter()
            .map(|l| {
                let set = Set::of(&[l.id]);
                (sections(set, spec), resource(set))
            })
            .collect();
        let count_width = lines
            .iter()
            .map(|l| l.count.to_string().len())
            .max()
            .unwrap_or(0)
            .max(count_width);
        let name_width = lines.iter().map(|l| l.id.name().len()).max().unwrap_or(0);
        let section_width = rows.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
        let resource_width = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        for (l, (sections, resource)) in lines.iter().zip(&rows) {
            let status = if l.new { "new" } else { "known" };
            let f = l.example;
            let mut line = format!(
                "  {:>count_width$}  {status:<5}  {:<name_width$}  {sections:<section_width$}  {resource:<resource_width$}  {:?} against {:?}",
                l.count,
                l.id.name(),
                f.example.relative,
                f.example.base,
            );
            // An example that needs other deviations too says which.
            let others = f
                .cause
                .deviations()
                .unwrap_or_default()
                .ids()
                .filter(|&id| id != l.id);
            let others: Vec<&str> = others.map(Id::name).collect();
            if !others.is_empty() {
                let _ = write!(line, "  (with {})", others.join(" + "));
            }
            let _ = writeln!(out, "{line}");
        }
    }

    /// The details of each kind of `ordered` that listed deviations do not
    /// explain, in the same order: a heading, the deviations, steps, case
    /// and answers, and what to do about it.
    fn details(&mut self, ordered: &[&Finding]) {
        let implementation_label = format!("{}:", self.fuzzed.name);
        let width = implementation_label.len().max("reference:".len());
        let mut number = 0;
        // A kind listed deviations explain is no finding: its line above is
        // all there is to say.
        let detailed = ordered.iter().filter(|f| !f.known_by_deviations());
        for f in detailed {
            self.out.push('\n');
            if f.known.is_none() {
                number += 1;
            }
            self.kind_heading(f, number);
            for (what, value) in self.kind_rows(f, &implementation_label) {
                let _ = writeln!(self.out, "   {what:width$} {value}");
            }
            self.next_step(f);
        }
    }

    /// A kind's heading: numbered when it is new (`number`), or the listed
    /// vector that shows it.
    fn kind_heading(&mut self, f: &Finding, number: usize) {
        let out = &mut self.out;
        match &f.known {
            None => {
                let explained = match f.cause {
                    Cause::Deviations(_) => ", explained",
                    Cause::Unexplained(_) => "",
                };
                let _ = writeln!(
                    out,
                    "{number}. {} ({}{explained})",
                    f.cause,
                    mismatches(f.count)
                );
            }
            Some(Known::Vector(id)) => {
                let _ = writeln!(
                    out,
                    "known, as listed vector `{id}`: {} ({})",
                    f.cause,
                    mismatches(f.count)
                );
            }
            Some(Known::Deviations) => {}
        }
    }

    /// A kind's rows of details, each a label and a value: its deviations
    /// and symptom, the steps it was found at, the case and both answers,
    /// the implementation's labelled `implementation_label`.
    fn kind_rows<'l>(&self, f: &Finding, implementation_label: &'l str) -> Vec<(&'l str, String)> {
        let spec = self.spec;
        let mut rows = Vec::new();
        if let Some(set) = f.cause.deviations() {
            for id in set.ids() {
                let d = id.deviation();
                let section = d.sections.of(spec).unwrap_or("-");
                rows.push(("deviation:", format!("{id}: {} ({section})", d.description)));
            }
            rows.push(("shows as:", f.symptom.to_string()));
        }
        let one_step =
            matches!(&f.cause, Cause::Unexplained(k) if matches!(k.steps, Steps::One(_)));
        if !one_step {
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
            ("reference:", show(&f.reference)),
        ]);
        if let Some(closest) = &f.closest {
            rows.push(("closest:", closest.to_string()));
        }
        rows.push((implementation_label, show(&f.answer)));
        if let Some(model) = model(f, self.summary) {
            rows.push(("model:", model.to_string()));
        }
        rows
    }

    /// What to do about a new kind: accept its deviations, or the command
    /// that promotes its example (under RFC 1808) or resolves it (under a
    /// later spec).
    fn next_step(&mut self, f: &Finding) {
        let (name, label, held, spec) = (
            self.fuzzed.name.as_str(),
            &self.label,
            self.fuzzed.held.as_str(),
            self.spec,
        );
        let out = &mut self.out;
        match (&f.known, &f.cause, spec) {
            (Some(_), _, _) => {}
            (None, Cause::Deviations(_), _) => {
                let _ = writeln!(
                    out,
                    "   accept it: rerun with --write-expectations FILE, which lists its deviations"
                );
            }
            (None, Cause::Unexplained(_), Spec::Rfc1808) => {
                let _ = writeln!(out, "   {}", promote_command(name, label, f));
            }
            (None, Cause::Unexplained(_), later) => {
                let _ = writeln!(out, "   {}", resolve_command(later, held, f));
            }
        }
    }

    /// The footer: how many new kinds of mismatch, or none, and the
    /// ambiguities whose readings were mixed.
    fn footer(&mut self) {
        let summary = self.summary;
        let new = summary.new_findings().count();
        let out = &mut self.out;
        out.push('\n');
        if new == 0 {
            out.push_str("no mismatch outside the expectations\n");
        } else {
            let _ = writeln!(
                out,
                "{} of mismatch found",
                counted(new as u64, "new kind", "new kinds")
            );
        }
        let mixed: Vec<&str> = summary.mixed_readings().map(|f| f.ambiguity.name).collect();
        if !mixed.is_empty() {
            let _ = writeln!(
                out,
                "readings mixed on {}: {}",
                counted(mixed.len() as u64, "ambiguity", "ambiguities"),
                mixed.join(", ")
            );
        }
    }
}

/// The version of the fuzz JSON report's schema: a change that removes or
/// retypes a field bumps it, adding a field does not.
pub const SCHEMA_VERSION: u32 = 2;

/// The report of a run as pretty-printed JSON, with a final newline; the
/// schema is in docs/fuzzing.md.
pub fn json(fuzzed: &Fuzzed) -> String {
    let summary = &fuzzed.summary;
    let new = summary.new_findings().count();
    let doc = JsonReport {
        schema_version: SCHEMA_VERSION,
        tool: JsonTool {
            name: "rfc1808",
            version: TOOL_VERSION,
        },
        implementation: JsonImplementation {
            name: &fuzzed.name,
            info: fuzzed.info.as_ref().map(|i| JsonInfo {
                name: &i.name,
                implementation_version: &i.implementation_version,
                language: &i.language,
                spec: &i.spec,
            }),
        },
        spec: fuzzed.spec.name(),
        readings_held: &fuzzed.held,
        seed: fuzzed.seed,
        rerun: &fuzzed.rerun,
        ok: !fuzzed.fails(),
        cases: summary.cases,
        mismatches: summary.mismatches,
        explained: summary.explained,
        unexplained: summary.mismatches - summary.explained,
        not_representable: summary.not_representable,
        outside_grammar: summary.outside_grammar,
        elapsed_seconds: summary.elapsed.as_secs_f64(),
        stopped_early: summary.gave_up.as_deref(),
        listed_deviations: summary.listed.ids().map(Id::name).collect(),
        fingerprint: fingerprint(summary, fuzzed.spec),
        deviations: json_deviations(summary),
        new_kinds: new,
        mixed_readings: summary
            .mixed_readings()
            .map(|f| JsonMixed {
                ambiguity: f.ambiguity.name,
                told: f.evidence_groups(),
            })
            .collect(),
        kinds: summary
            .ordered()
            .into_iter()
            .filter(|f| !f.known_by_deviations())
            .map(|f| kind(f, fuzzed.spec, summary))
            .collect(),
    };
    let mut out = serde_json::to_string_pretty(&doc).expect("the report serialises");
    out.push('\n');
    out
}

/// What a catalogue entry for a new kind nothing explains would be, once
/// deviations are listed (so that its kind is a residual): the component
/// it acts on, what it does there, and the example's answer it gives,
/// from the closest answer of the reference with the listed deviations.
struct Model<'f> {
    component: Option<Component>,
    transform: String,
    from: &'f str,
    to: &'f str,
}

impl fmt::Display for Model<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = self
            .component
            .map_or_else(|| "the whole URL".to_owned(), |c| format!("the {c}"));
        write!(
            f,
            "a deviation on {on} ({}): {:?} becomes {:?}",
            self.transform, self.from, self.to
        )
    }
}

/// [`Model`] of `f`, for a new kind nothing explains in a run that lists
/// deviations (`summary.listed`); none for a rejection or a failure to
/// answer.
fn model<'f>(f: &'f Finding, summary: &Summary) -> Option<Model<'f>> {
    let Cause::Unexplained(kind) = &f.cause else {
        return None;
    };
    if f.known.is_some() || summary.listed.is_empty() {
        return None;
    }
    let (Answer::Resolved(to), from) = (&f.answer, f.closest.as_ref()) else {
        return None;
    };
    let from = match (from, &f.reference) {
        (Some(closest), _) => closest.answer.as_str(),
        (None, Answer::Resolved(reference)) => reference.as_str(),
        (None, _) => return None,
    };
    Some(Model {
        component: kind.difference.component(),
        transform: kind.difference.to_string(),
        from,
        to,
    })
}

fn kind<'f>(f: &'f Finding, spec: Spec, summary: &Summary) -> JsonKind<'f> {
    let set = f.cause.deviations();
    JsonKind {
        kind: f.cause.to_string(),
        deviations: set.map(|s| s.ids().map(Id::name).collect()),
        unexplained: matches!(f.cause, Cause::Unexplained(_)),
        symptom: f.symptom.to_string(),
        sections: set.map(|s| sections(s, spec)),
        same_resource: set.map(same_resource),
        count: f.count,
        new: f.known.is_none(),
        known_by: match &f.known {
            None => None,
            Some(Known::Deviations) => Some("deviations"),
            Some(Known::Vector(_)) => Some("vector"),
        },
        listed_vector: match &f.known {
            Some(Known::Vector(id)) => Some(id),
            _ => None,
        },
        shrunk: f.shrunk,
        steps: f
            .steps
            .iter()
            .map(|(stage, count)| JsonStep {
                stage: stage.name(),
                count: *count,
            })
            .collect(),
        example: example(f),
        model: model(f, summary).map(|m| JsonModel {
            component: m.component.map(|c| c.to_string()),
            transform: m.transform,
            from: m.from,
            to: m.to,
        }),
        closest: f.closest.as_ref().map(|c| JsonClosest {
            deviations: c.deviations.ids().map(Id::name).collect(),
            readings: &c.readings,
            answer: &c.answer,
        }),
    }
}

/// Each deviation of the run, in catalogue order, with its example.
fn json_deviations(summary: &Summary) -> Vec<JsonDeviation<'_>> {
    let explained: Vec<&Finding> = summary
        .findings
        .iter()
        .filter(|f| f.cause.deviations().is_some())
        .collect();
    let mut lines = cause_lines(&explained, summary.listed);
    lines.sort_by_key(|l| l.id);
    lines
        .into_iter()
        .map(|l| JsonDeviation {
            name: l.id.name(),
            count: l.count,
            listed: summary.listed.has(l.id),
            new: l.new,
            with: l
                .example
                .cause
                .deviations()
                .unwrap_or_default()
                .ids()
                .filter(|&id| id != l.id)
                .map(Id::name)
                .collect(),
            example: example(l.example),
        })
        .collect()
}

fn example(f: &Finding) -> JsonExample<'_> {
    JsonExample {
        base: &f.example.base,
        relative: &f.example.relative,
        stage: f.stage.name(),
        reference: answer(&f.reference),
        answer: answer(&f.answer),
    }
}

fn answer(a: &Answer) -> JsonAnswer<'_> {
    let (kind, value) = match a {
        Answer::Resolved(v) => ("resolved", v),
        Answer::Rejected(v) => ("rejected", v),
        Answer::NotRepresentable(v) => ("not_representable", v),
        Answer::Error(v) => ("error", v),
    };
    JsonAnswer { kind, value }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    schema_version: u32,
    tool: JsonTool,
    implementation: JsonImplementation<'a>,
    spec: &'static str,
    readings_held: &'a str,
    seed: u64,
    rerun: &'a str,
    ok: bool,
    cases: u64,
    mismatches: u64,
    explained: u64,
    unexplained: u64,
    not_representable: u64,
    outside_grammar: u64,
    elapsed_seconds: f64,
    stopped_early: Option<&'a str>,
    listed_deviations: Vec<&'static str>,
    fingerprint: Option<String>,
    deviations: Vec<JsonDeviation<'a>>,
    new_kinds: usize,
    mixed_readings: Vec<JsonMixed>,
    kinds: Vec<JsonKind<'a>>,
}

/// An ambiguity whose readings the run found mixed, where the
/// expectations do not allow it.
#[derive(Serialize)]
struct JsonMixed {
    ambiguity: &'static str,
    /// Which readings, on how many cases, with an example of each.
    told: String,
}

#[derive(Serialize)]
struct JsonTool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct JsonImplementation<'a> {
    name: &'a str,
    info: Option<JsonInfo<'a>>,
}

#[derive(Serialize)]
struct JsonInfo<'a> {
    name: &'a str,
    implementation_version: &'a str,
    language: &'a str,
    spec: &'a str,
}

#[derive(Serialize)]
struct JsonDeviation<'a> {
    name: &'static str,
    count: u64,
    listed: bool,
    new: bool,
    with: Vec<&'static str>,
    example: JsonExample<'a>,
}

#[derive(Serialize)]
struct JsonKind<'a> {
    kind: String,
    deviations: Option<Vec<&'static str>>,
    unexplained: bool,
    symptom: String,
    sections: Option<String>,
    same_resource: Option<bool>,
    count: u64,
    new: bool,
    known_by: Option<&'static str>,
    listed_vector: Option<&'a str>,
    shrunk: bool,
    steps: Vec<JsonStep>,
    example: JsonExample<'a>,
    closest: Option<JsonClosest<'a>>,
    model: Option<JsonModel<'a>>,
}

#[derive(Serialize)]
struct JsonModel<'a> {
    component: Option<String>,
    transform: String,
    from: &'a str,
    to: &'a str,
}

#[derive(Serialize)]
struct JsonClosest<'a> {
    deviations: Vec<&'static str>,
    readings: &'a [String],
    answer: &'a str,
}

#[derive(Serialize)]
struct JsonStep {
    stage: &'static str,
    count: u64,
}

#[derive(Serialize)]
struct JsonExample<'a> {
    base: &'a str,
    relative: &'a str,
    stage: &'static str,
    reference: JsonAnswer<'a>,
    answer: JsonAnswer<'a>,
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    kind: &'static str,
    value: &'a str,
}

/// What `rfc1808 fuzz --promote` did, a line per new kind.
pub fn promotions(promotions: &[Promotion], file: &Path) -> String {
    let mut out = String::new();
    for p in promotions {
        let _ = match &p.result {
            Ok(promoted) => writeln!(
                out,
                "promoted {}: `{}` in {}",
                p.cause,
                promoted.id,
                file.display()
            ),
            Err(e) => writeln!(out, "not promoted {}: {e}", p.cause),
        };
    }
    out
}

/// `1 mismatch`, `2 mismatches`.
fn mismatches(n: u64) -> String {
    counted(n, "mismatch", "mismatches")
}

/// `n` with the noun in the number it takes.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rfc1808_fuzzgen::Input;
    use rfc1808_resolver::{resolve, Step};

    use super::*;
    use crate::fuzz::{Accepted, Component, Difference, Kind, MessageClass, Stage, Summary};
    use crate::implementation::Info;

    fn finding(
        cause: Cause,
        symptom: Kind,
        counts: Vec<(Step, u64)>,
        example: Input,
        answer: &str,
    ) -> Finding {
        Finding {
            cause,
            count: counts.iter().map(|(_, n)| n).sum(),
            steps: counts
                .into_iter()
                .map(|(step, n)| (Stage::Rfc1808(step), n))
                .collect(),
            reference: Answer::Resolved(resolve(&example.base, &example.relative)),
            stage: Accepted::default().reference(&example).1,
            example,
            symptom,
            answer: Answer::Resolved(answer.to_owned()),
            closest: None,
            known: None,
            shrunk: true,
        }
    }

    fn unexplained(
        steps: Steps,
        difference: Difference,
        counts: Vec<(Step, u64)>,
        example: Input,
        answer: &str,
    ) -> Finding {
        let kind = Kind { steps, difference };
        finding(
            Cause::Unexplained(kind.clone()),
            kind,
            counts,
            example,
            answer,
        )
    }

    fn py(summary: Summary) -> Fuzzed {
        let info = Info {
            name: "urly".to_owned(),
            implementation_version: "1.2".to_owned(),
            language: "python".to_owned(),
            spec: "RFC 3986".to_owned(),
        };
        Fuzzed {
            name: "py".to_owned(),
            info: Some(info),
            seed: 42,
            spec: Spec::Rfc1808,
            held: String::new(),
            rerun: "rfc1808 fuzz --spec rfc1808 --impl 'py=py' --protocol jsonl --seed 42 --max-cases 5000".to_owned(),
            summary,
        }
    }

    fn summary() -> Summary {
        let mut known = unexplained(
            Steps::TakenPath,
            Difference::DotSegmentsRemoved,
            vec![(Step::Step4, 38), (Step::Step5a, 2)],
            Input::new("http://a/b/c/d;p?q#f", "/./g"),
            "http://a/g",
        );
        known.known = Some(Known::Vector("rfc1808-5.2/abs-path-dot".to_owned()));
        known.shrunk = false;
        let lowered = Kind {
            steps: Steps::All,
            difference: Difference::CaseChanged(Component::Scheme),
        };
        let mut schemes = finding(
            Cause::Deviations(Set::of(&[Id::SchemeLowercased])),
            lowered,
            vec![(Step::Step2b, 100)],
            Input::new("http://a", "A:"),
            "a:",
        );
        schemes.known = Some(Known::Deviations);
        schemes.shrunk = false;
        let collapsed = Kind {
            steps: Steps::One(Stage::Rfc1808(Step::Step6)),
            difference: Difference::EmptySegmentsRemoved,
        };
        let both = finding(
            Cause::Deviations(Set::of(&[Id::EmptySegmentsCollapsed, Id::SchemeLowercased])),
            collapsed.clone(),
            vec![(Step::Step2b, 5)],
            Input::new("http://a", "A:a//"),
            "a:a/",
        );
        Summary {
            cases: 5000,
            mismatches: 3273,
            explained: 205,
            not_representable: 3,
            elapsed: Duration::from_secs(2),
            first_finding: Some(Duration::from_millis(15)),
            gave_up: None,
            outside_grammar: 0,
            readings: Vec::new(),
            listed: Set::of(&[Id::SchemeLowercased]),
            findings: vec![
                unexplained(
                    Steps::All,
                    Difference::EmptyDropped(Component::Query),
                    vec![(Step::Step3, 21), (Step::Step4, 3000)],
                    Input::new("http:", "/?"),
                    "http:/",
                ),
                finding(
                    Cause::Deviations(Set::of(&[Id::EmptySegmentsCollapsed])),
                    collapsed,
                    vec![(Step::Step6, 100)],
                    Input::new("http://a", "a//"),
                    "http://a/a/",
                ),
                schemes,
                known,
                both,
                unexplained(
                    Steps::One(Stage::Rfc1808(Step::Step6)),
                    Difference::DotSegmentsRemoved,
                    vec![(Step::Step6, 7)],
                    Input::new("http:", ".."),
                    "http:",
                ),
            ],
        }
    }

    #[test]
    fn the_report_leads_with_what_nothing_explains_then_a_line_per_cause() {
        // A line per deviation, with the mismatches of every kind it is in;
        // listed ones are known whatever kind they are in. Details for what
        // is not known, numbered, and for listed vectors; a kind listed
        // deviations explain has its line only.
        assert_eq!(
            render(&py(summary())),
            r#"py: urly 1.2 (python, RFC 3986)
seed 42: 5000 cases in 2.0s, 2500 cases/s, 3 not representable
3273 mismatches in 5 kinds: 4 new, 1 known, and 100 mismatches known by 1 listed deviation; first new kind after 0.01s
follows RFC 1808 with empty-segments-collapsed (105), scheme-lowercased (105); 3068 of 3273 mismatches unexplained
rerun: rfc1808 fuzz --spec rfc1808 --impl 'py=py' --protocol jsonl --seed 42 --max-cases 5000

unexplained, 3 kinds (no deviation of the catalogue gives these answers):
  3021  empty query dropped              "/?" against "http:"
     7  Step 6: dot segments removed     ".." against "http:"
    40  Steps 1-5: dot segments removed  "/./g" against "http://a/b/c/d;p?q#f"  (known: `rfc1808-5.2/abs-path-dot`)

explained by 2 deviations (docs/deviations.md):
   105  new    empty-segments-collapsed  4 step 6  other resource  "a//" against "http://a"
   105  known  scheme-lowercased         4         same resource   "A:" against "http://a"

1. empty query dropped (3021 mismatches)
   steps:     Step 3 (21), Step 4 (3000)
   base:      "http:"
   relative:  "/?"
   reference: "http:/?"
   py:        "http:/"
   model:     a deviation on the query (empty query dropped): "http:/?" becomes "http:/"
   rfc1808 promote --base http: --relative '/?' --source 'rfc1808 fuzz against py' --note 'urly 1.2 differs at Step 4: empty query dropped'

2. Step 6: dot segments removed (7 mismatches)
   base:      "http:"
   relative:  ".."
   reference: "http:.."
   py:        "http:"
   model:     a deviation on the path (dot segments removed): "http:.." becomes "http:"
   rfc1808 promote --base http: --relative .. --source 'rfc1808 fuzz against py' --note 'urly 1.2 differs at Step 6: dot segments removed'

known, as listed vector `rfc1808-5.2/abs-path-dot`: Steps 1-5: dot segments removed (40 mismatches)
   steps:     Step 4 (38), Step 5a (2)
   base:      "http://a/b/c/d;p?q#f"
   relative:  "/./g"
   reference: "http://a/./g"
   py:        "http://a/g"

3. empty-segments-collapsed (100 mismatches, explained)
   deviation: empty-segments-collapsed: empty segments (`//` inside a path) are collapsed before dot segments are removed (4 step 6)
   shows as:  Step 6: empty segments removed
   steps:     Step 6 (100)
   base:      "http://a"
   relative:  "a//"
   reference: "http://a/a//"
   py:        "http://a/a/"
   accept it: rerun with --write-expectations FILE, which lists its deviations

4. empty-segments-collapsed + scheme-lowercased (5 mismatches, explained)
   deviation: empty-segments-collapsed: empty segments (`//` inside a path) are collapsed before dot segments are removed (4 step 6)
   deviation: scheme-lowercased: the scheme of the result is lower-cased (4)
   shows as:  Step 6: empty segments removed
   steps:     Step 2b (5)
   base:      "http://a"
   relative:  "A:a//"
   reference: "A:a//"
   py:        "a:a/"
   accept it: rerun with --write-expectations FILE, which lists its deviations

4 new kinds of mismatch found
"#
        );
    }

    #[test]
    fn the_readings_followed_are_named_and_mixed_ones_fail() {
        use crate::fuzz::{Evidence, Followed};
        use rfc1808_resolver::rfc3986::REGISTRY;
        let told = |ambiguity: &str, reading: &str| {
            let a = REGISTRY.iter().find(|a| a.name == ambiguity).unwrap();
            Evidence {
                decided: vec![(a, vec![a.reading(reading).unwrap()])],
            }
        };
        let mut followed = Followed::default();
        let upper = Input::new("HTTP://A/b", "g");
        followed.observe(&upper, &told("base-case", "scheme-and-host"));
        followed.observe(&upper, &told("base-empty-path", "http-and-https"));
        followed.observe(&upper, &told("base-empty-path", "kept"));
        let summary = Summary {
            cases: 10,
            readings: followed.verdicts(REGISTRY, &[]),
            ..Summary::default()
        };
        let fuzzed = Fuzzed {
            name: "py".to_owned(),
            info: None,
            seed: 1,
            spec: Spec::Rfc3986,
            held: String::new(),
            rerun: "rfc1808 fuzz".to_owned(),
            summary,
        };
        // No kind is new, yet the run fails, and its JSON says so.
        assert!(fuzzed.fails());
        let doc: serde_json::Value = serde_json::from_str(&json(&fuzzed)).unwrap();
        assert_eq!(doc["new_kinds"], 0);
        assert_eq!(doc["ok"], false);
        assert_eq!(doc["mixed_readings"][0]["ambiguity"], "base-empty-path");
        assert_eq!(
            doc["mixed_readings"][0]["told"],
            "http-and-https on 1 case, e.g. \"g\" against \"HTTP://A/b\"; kept on 1 case, e.g. \"g\" against \"HTTP://A/b\""
        );
        let report = render(&fuzzed);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(
            lines[5..7],
            [
                "reading base-case=scheme-and-host (1 case)",
                "reading base-empty-path: inconsistent: http-and-https on 1 case, e.g. \"g\" \
                 against \"HTTP://A/b\"; kept on 1 case, e.g. \"g\" against \"HTTP://A/b\"; list an \
                 `[[inconsistent-reading]]` in its expectations to allow it",
            ]
        );
        assert_eq!(
            lines[lines.len() - 1],
            "readings mixed on 1 ambiguity: base-empty-path"
        );
    }

    #[test]
    fn the_json_report_has_each_kind_with_its_deviations_and_example() {
        let text = json(&py(summary()));
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["schema_version"], 2);
        assert_eq!(doc["spec"], "rfc1808");
        assert_eq!(doc["ok"], false);
        assert_eq!(doc["cases"], 5000);
        assert_eq!(doc["mismatches"], 3273);
        assert_eq!(doc["explained"], 205);
        assert_eq!(doc["unexplained"], 3068);
        assert_eq!(doc["new_kinds"], 4);
        assert_eq!(
            doc["listed_deviations"],
            serde_json::json!(["scheme-lowercased"])
        );
        // Each deviation, in catalogue order, with an example: the kind of
        // fewest deviations it is in.
        let deviations = doc["deviations"].as_array().unwrap();
        assert_eq!(deviations.len(), 2);
        assert_eq!(deviations[0]["name"], "empty-segments-collapsed");
        assert_eq!(deviations[0]["count"], 105);
        assert_eq!(deviations[0]["listed"], false);
        assert_eq!(deviations[0]["new"], true);
        assert_eq!(deviations[0]["with"], serde_json::json!([]));
        assert_eq!(deviations[0]["example"]["relative"], "a//");
        assert_eq!(
            deviations[1],
            serde_json::json!({
                "name": "scheme-lowercased",
                "count": 105,
                "listed": true,
                "new": false,
                "with": [],
                "example": {
                    "base": "http://a",
                    "relative": "A:",
                    "stage": "Step 2b",
                    "reference": {"kind": "resolved", "value": "A:"},
                    "answer": {"kind": "resolved", "value": "a:"},
                },
            })
        );
        // The kind listed deviations explain is reported by deviation only.
        let kinds = doc["kinds"].as_array().unwrap();
        assert_eq!(kinds.len(), 5);
        assert_eq!(
            kinds[0],
            serde_json::json!({
                "kind": "empty query dropped",
                "deviations": null,
                "unexplained": true,
                "symptom": "empty query dropped",
                "sections": null,
                "same_resource": null,
                "count": 3021,
                "new": true,
                "known_by": null,
                "listed_vector": null,
                "shrunk": true,
                "steps": [
                    {"stage": "Step 3", "count": 21},
                    {"stage": "Step 4", "count": 3000},
                ],
                "example": {
                    "base": "http:",
                    "relative": "/?",
                    "stage": "Step 4",
                    "reference": {"kind": "resolved", "value": "http:/?"},
                    "answer": {"kind": "resolved", "value": "http:/"},
                },
                "closest": null,
                "model": {
                    "component": "query",
                    "transform": "empty query dropped",
                    "from": "http:/?",
                    "to": "http:/",
                },
            })
        );
        assert_eq!(kinds[2]["listed_vector"], "rfc1808-5.2/abs-path-dot");
        assert_eq!(kinds[2]["known_by"], "vector");
        assert_eq!(
            kinds[3]["deviations"],
            serde_json::json!(["empty-segments-collapsed"])
        );
        assert_eq!(kinds[3]["sections"], "4 step 6");
        assert_eq!(kinds[3]["same_resource"], false);
        assert_eq!(kinds[3]["new"], true);
        assert_eq!(
            kinds[4]["deviations"],
            serde_json::json!(["empty-segments-collapsed", "scheme-lowercased"])
        );
        assert_eq!(kinds[4]["same_resource"], false);
        assert_eq!(kinds[3]["shrunk"], true);
        assert!(kinds.iter().all(|k| k["known_by"] != "deviations"));
    }

    #[test]
    fn a_kind_nothing_explains_shows_the_closest_answer_of_the_listed_deviations() {
        let mut summary = summary();
        let first = &mut summary.findings[0];
        first.example = Input::new("HTTP:", "/?");
        first.reference = Answer::Resolved("HTTP:/?".to_owned());
        first.closest = Some(crate::fuzz::Closest {
            deviations: Set::of(&[Id::SchemeLowercased]),
            readings: Vec::new(),
            answer: "http:/?".to_owned(),
        });
        let fuzzed = py(summary);
        let text = render(&fuzzed);
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("relative:  \"/?\""))
            .take(5)
            .collect();
        assert_eq!(
            rows,
            [
                "   relative:  \"/?\"",
                "   reference: \"HTTP:/?\"",
                "   closest:   \"http:/?\", with scheme-lowercased",
                "   py:        \"http:/\"",
                "   model:     a deviation on the query (empty query dropped): \"http:/?\" becomes \"http:/\"",
            ]
        );
        let doc: serde_json::Value = serde_json::from_str(&json(&fuzzed)).unwrap();
        assert_eq!(
            doc["kinds"][0]["closest"],
            serde_json::json!({"deviations": ["scheme-lowercased"], "readings": [], "answer": "http:/?"})
        );
    }

    #[test]
    fn a_long_kind_does_not_widen_the_overview() {
        let finding = |difference, count| {
            let kind = Kind {
                steps: Steps::All,
                difference,
            };
            Finding {
                cause: Cause::Unexplained(kind.clone()),
                count,
                steps: vec![(Stage::Rfc1808(Step::Step6), count)],
                example: Input::new("a:", "g"),
                symptom: kind,
                stage: Stage::Rfc1808(Step::Step6),
                reference: Answer::Resolved("a:g".to_owned()),
                answer: Answer::Rejected("no".to_owned()),
                closest: None,
                known: None,
                shrunk: true,
            }
        };
        let message = r#"parse "\"x:": first path segment in URL cannot contain colon"#;
        let class = MessageClass::of(message, &Input::new("a:", "\"x:"));
        let long = "rejected: parse \"…\": first path segment in URL cannot contain colon";
        let summary = Summary {
            cases: 10,
            mismatches: 12,
            findings: vec![
                finding(Difference::Rejected(class), 9),
                finding(Difference::EmptyDropped(Component::Query), 3),
            ],
            ..Summary::default()
        };
        let report = render(&Fuzzed {
            name: "go".to_owned(),
            info: None,
            seed: 1,
            spec: Spec::Rfc1808,
            held: String::new(),
            rerun: String::new(),
            summary,
        });
        let overview: Vec<&str> = report.split("\n\n").nth(1).unwrap().lines().collect();
        assert_eq!(
            overview,
            [
                "unexplained, 2 kinds (no deviation of the catalogue gives these answers):",
                format!("  9  {long}  \"g\" against \"a:\"").as_str(),
                "  3  empty query dropped  \"g\" against \"a:\"",
            ]
        );
    }
}
