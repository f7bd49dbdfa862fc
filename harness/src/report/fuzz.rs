//! The report of `rfc1808 fuzz`, for people: a header with the command
//! that makes the same cases again, an overview with a line per kind
//! (count, kind, shrunk example), then the details of each kind with both
//! answers and a ready `rfc1808 promote` command (under RFC 1808, whose
//! answers `promote` writes) or `rfc1808 resolve --spec` command.

use std::fmt::Write;
use std::path::Path;

use rfc1808_vectors::Spec;

use crate::command_line::quote;
use crate::fuzz::{label, note, source, Finding, Fuzzed, Promotion, Steps};
use crate::implementation::Answer;

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

/// The report of a run, for people: a header, an overview with a line per
/// kind (count, kind, shrunk example), new kinds first, each group most
/// frequent first, then the details of each kind in the same order.
pub fn render(fuzzed: &Fuzzed) -> String {
    let (summary, name, info, seed, spec) = (
        &fuzzed.summary,
        fuzzed.name.as_str(),
        fuzzed.info.as_ref(),
        fuzzed.seed,
        fuzzed.spec,
    );
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
    if spec != Spec::Rfc1808 {
        let _ = writeln!(
            out,
            "against {spec}: {} cases outside its grammar (RFC 3986 section 4.1), not compared",
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
    let new = summary.new_findings().count();
    let known = summary.findings.len() - new;
    let _ = write!(
        out,
        "{} in {}: {new} new, {known} known",
        mismatches(summary.mismatches),
        counted(summary.findings.len() as u64, "kind", "kinds")
    );
    match summary.first_finding {
        Some(t) => {
            let _ = writeln!(out, "; first new kind after {:.2}s", t.as_secs_f64());
        }
        None => out.push('\n'),
    }
    let _ = writeln!(out, "rerun: {}", fuzzed.rerun);
    for following in &summary.readings {
        let _ = writeln!(out, "reading {}", following.describe());
    }

    let known_kinds = summary.findings.iter().filter(|f| f.known.is_some());
    let ordered: Vec<&Finding> = summary.new_findings().chain(known_kinds).collect();
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

    let held = fuzzed.held.as_str();
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
                let _ = writeln!(out, "{}. {} ({})", number + 1, f.kind, mismatches(f.count));
            }
            Some(id) => {
                let _ = writeln!(
                    out,
                    "known, as listed vector `{id}`: {} ({})",
                    f.kind,
                    mismatches(f.count)
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
            ("reference:", show(&f.reference)),
            (implementation_label.as_str(), show(&f.answer)),
        ]);
        for (what, value) in rows {
            let _ = writeln!(out, "   {what:width$} {value}");
        }
        match (&f.known, spec) {
            (Some(_), _) => {}
            (None, Spec::Rfc1808) => {
                let _ = writeln!(out, "   {}", promote_command(name, &label, f));
            }
            (None, later) => {
                let _ = writeln!(out, "   {}", resolve_command(later, held, f));
            }
        }
    }
    out.push('\n');
    if new == 0 {
        out.push_str("no mismatch outside the expectations\n");
    } else {
        let _ = writeln!(out, "{new} kinds of mismatch found");
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
    out
}

/// What `rfc1808 fuzz --promote` did, a line per new kind.
pub fn promotions(promotions: &[Promotion], file: &Path) -> String {
    let mut out = String::new();
    for p in promotions {
        let _ = match &p.result {
            Ok(promoted) => writeln!(
                out,
                "promoted {}: `{}` in {}",
                p.kind,
                promoted.id,
                file.display()
            ),
            Err(e) => writeln!(out, "not promoted {}: {e}", p.kind),
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

    #[test]
    fn the_report_has_an_overview_then_each_kind_with_a_promote_command() {
        let finding = |steps, difference, counts: Vec<(Step, u64)>, example, answer: &str| {
            let example: Input = example;
            Finding {
                kind: Kind { steps, difference },
                count: counts.iter().map(|(_, n)| n).sum(),
                steps: counts
                    .into_iter()
                    .map(|(step, n)| (Stage::Rfc1808(step), n))
                    .collect(),
                reference: Answer::Resolved(resolve(&example.base, &example.relative)),
                stage: Accepted::default().reference(&example).1,
                example,
                answer: Answer::Resolved(answer.to_owned()),
                known: None,
            }
        };
        let mut known = finding(
            Steps::TakenPath,
            Difference::DotSegmentsRemoved,
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
            gave_up: None,
            outside_grammar: 0,
            readings: Vec::new(),
            findings: vec![
                finding(
                    Steps::All,
                    Difference::EmptyDropped(Component::Query),
                    vec![(Step::Step3, 21), (Step::Step4, 3000)],
                    Input::new("http:", "/?"),
                    "http:/",
                ),
                known,
                finding(
                    Steps::One(Stage::Rfc1808(Step::Step6)),
                    Difference::DotSegmentsRemoved,
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
            render(&Fuzzed {
                name: "py".to_owned(),
                info: Some(info),
                seed: 42,
                spec: Spec::Rfc1808,
                held: String::new(),
                rerun: "rfc1808 fuzz --spec rfc1808 --impl 'py=py' --protocol jsonl --seed 42 --max-cases 5000".to_owned(),
                summary
            }),
            r#"py: urly 1.2 (python, RFC 3986)
seed 42: 5000 cases in 2.0s, 2500 cases/s, 3 not representable
3068 mismatches in 3 kinds: 2 new, 1 known; first new kind after 0.01s
rerun: rfc1808 fuzz --spec rfc1808 --impl 'py=py' --protocol jsonl --seed 42 --max-cases 5000

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
    fn the_readings_followed_are_named_and_mixed_ones_fail() {
        use crate::fuzz::{Followed, Told};
        use rfc1808_resolver::rfc3986::REGISTRY;
        let told = |ambiguity: &str, reading: &str| {
            let a = REGISTRY.iter().find(|a| a.name == ambiguity).unwrap();
            Told {
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
        let report = render(&Fuzzed {
            name: "py".to_owned(),
            info: None,
            seed: 1,
            spec: Spec::Rfc3986,
            held: String::new(),
            rerun: "rfc1808 fuzz".to_owned(),
            summary,
        });
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
    fn a_long_kind_does_not_widen_the_overview() {
        let finding = |difference, count| Finding {
            kind: Kind {
                steps: Steps::All,
                difference,
            },
            count,
            steps: vec![(Stage::Rfc1808(Step::Step6), count)],
            example: Input::new("a:", "g"),
            stage: Stage::Rfc1808(Step::Step6),
            reference: Answer::Resolved("a:g".to_owned()),
            answer: Answer::Rejected("no".to_owned()),
            known: None,
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
                format!("  9  {long}  \"g\" against \"a:\"").as_str(),
                "  3  empty query dropped  \"g\" against \"a:\"",
            ]
        );
    }
}
