//! `rfc1808 resolve`: the reference's answer for one case, with
//! `--explain` where it came from, with `--why` what explains another, with
//! `--every-spec` every spec's.

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use rfc1808_resolver::deviations::{self, Deviation, Explanation, Set as DeviationSet};
use rfc1808_resolver::spec::Reference as SpecReference;
use rfc1808_vectors::causes::Explainer;
use rfc1808_vectors::{Assignment, Spec};

use super::readings;
use crate::flags::ResolveArgs;
use crate::reference::Reference;
use crate::{Answer, Case, Implementation};

/// `rfc1808 resolve`: with `--why` or `--why-rejected`, what explains that
/// answer (exit 1 when nothing does); else the reference's answer.
pub(super) fn resolve(args: &ResolveArgs, out: &mut impl Write) -> Result<ExitCode> {
    let deviations = deviation_set(&args.deviations)?;
    let why = args
        .why
        .clone()
        .map(Answer::Resolved)
        .or(args.why_rejected.then(|| Answer::Rejected(String::new())));
    let (base, relative) = match (&args.parse, &args.base, &args.relative) {
        (Some(input), _, _) => (None, input.as_str()),
        (None, Some(base), Some(relative)) => (Some(base.as_str()), relative.as_str()),
        _ => bail!("give BASE and RELATIVE, or --parse INPUT"),
    };
    match why {
        _ if args.every_spec => every_spec(args, base.unwrap_or_default(), relative, out),
        Some(answer) => why_answer(args, deviations, (base, relative), &answer, out),
        None => match base {
            Some(base) => self::answer(args, deviations, (base, relative), out),
            None => parse(args, relative, out),
        },
    }
}

/// `--parse`: the spec's answer for INPUT with no base, under the readings
/// given: the URL Standard's parse, or what an RFC's reference makes of it
/// against an empty base (RFC 1808's Step 1: "the embedded URL is
/// interpreted as an absolute URL").
fn parse(args: &ResolveArgs, input: &str, out: &mut impl Write) -> Result<ExitCode> {
    let held = readings(args.spec, &args.readings)?;
    let case = Case {
        id: "",
        base: None,
        relative: input,
    };
    let mut reference = Reference::new(args.step6).by_spec(args.spec, &held);
    let answer = reference.resolve_all(&[case]).remove(0).answer;
    write_answer(answer, Vec::new(), out)
}

/// `--every-spec`: each spec's answer under its default readings, one line
/// each, the spec's name padded to one column; a case the spec leaves
/// undefined says so after the answer.
fn every_spec(
    args: &ResolveArgs,
    base: &str,
    relative: &str,
    out: &mut impl Write,
) -> Result<ExitCode> {
    for spec in Spec::ALL {
        let answer = match SpecReference::defaults(spec).resolve_by(base, relative, args.step6) {
            Ok(url) => url,
            Err(why) => format!("rejected: {why}"),
        };
        let undefined = spec
            .undefined(base, relative)
            .map(|why| format!(" (undefined: {why})"))
            .unwrap_or_default();
        writeln!(out, "{:<8}{answer}{undefined}", spec.name())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--why`: the smallest set of deviations that explains `answer`, or
/// that it conforms, or that nothing does (exit 1).
fn why_answer(
    args: &ResolveArgs,
    deviations: DeviationSet,
    (base, relative): (Option<&str>, &str),
    answer: &Answer,
    out: &mut impl Write,
) -> Result<ExitCode> {
    let explainer = Explainer::new(args.spec, deviations);
    let explanation = explainer
        .explain(base, relative, answer)
        .expect("a URL or a rejection is an answer");
    writeln!(out, "{explanation}")?;
    Ok(match explanation {
        Explanation::Unexplained => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}

/// The reference's answer by the spec under the readings given, and with
/// `--explain` where in the spec's algorithm it came from and the readings
/// that decided it. A reading that rejects the case (RFC 2396's
/// `above-root=error`) exits 1: no answer is not a usage error.
fn answer(
    args: &ResolveArgs,
    deviations: DeviationSet,
    (base, relative): (&str, &str),
    out: &mut impl Write,
) -> Result<ExitCode> {
    let held = readings(args.spec, &args.readings)?;
    if args.explain && !deviations.is_empty() {
        bail!("--explain traces the spec's own algorithm; it cannot be given with --deviation");
    }
    let (answer, lines) = if !deviations.is_empty() {
        let answer = answer_deviating(args, &held, deviations, (base, relative));
        (answer, Vec::new())
    } else if args.explain {
        answer_explained(args, &held, (base, relative))
    } else {
        let mut reference = Reference::new(args.step6).by_spec(args.spec, &held);
        let case = Case::resolve("", base, relative);
        (reference.resolve_all(&[case]).remove(0).answer, Vec::new())
    };
    write_answer(answer, lines, out)
}

/// Prints `answer` and the lines of `--explain`: exit 0 for a URL, 1 for a
/// rejection (no answer is not a usage error).
fn write_answer(answer: Answer, lines: Vec<String>, out: &mut impl Write) -> Result<ExitCode> {
    let code = match answer {
        Answer::Resolved(resolved) => {
            writeln!(out, "{resolved}")?;
            ExitCode::SUCCESS
        }
        Answer::Rejected(why) => {
            writeln!(out, "rejected: {why}")?;
            ExitCode::from(1)
        }
        other => bail!("the reference gave no answer: {other:?}"),
    };
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(code)
}

/// The reference's answer as it departs from the spec by `deviations`.
fn answer_deviating(
    args: &ResolveArgs,
    held: &Assignment,
    deviations: DeviationSet,
    (base, relative): (&str, &str),
) -> Answer {
    let reference = RefCell::new(Reference::new(args.step6).by_spec(args.spec, held));
    let by_reference = |base: &str, relative: &str| {
        let case = Case::resolve("", base, relative);
        match reference.borrow_mut().resolve_all(&[case]).remove(0).answer {
            Answer::Resolved(url) => Ok(url),
            other => Err(format!("{other:?}")),
        }
    };
    match deviations::resolve(&by_reference, deviations, base, relative) {
        Ok(url) => Answer::Resolved(url),
        Err(why) => Answer::Rejected(why),
    }
}

/// The spec's own answer, with the lines of `--explain`.
fn answer_explained(
    args: &ResolveArgs,
    held: &Assignment,
    (base, relative): (&str, &str),
) -> (Answer, Vec<String>) {
    let (answer, lines) = held
        .reference(args.spec)
        .explain(base, relative, args.step6);
    let answer = match answer {
        Ok(url) => Answer::Resolved(url),
        Err(why) => Answer::Rejected(why),
    };
    (answer, lines)
}

/// The deviations named by `--deviation`; an unknown name is an error that
/// says where the catalogue is.
fn deviation_set(names: &[String]) -> Result<DeviationSet> {
    names.iter().try_fold(DeviationSet::EMPTY, |set, name| {
        Deviation::named(name)
            .map(|id| set.with(id))
            .ok_or_else(|| {
                anyhow!(
                    "--deviation {name}: no such deviation (the catalogue is docs/deviations.md)"
                )
            })
    })
}
