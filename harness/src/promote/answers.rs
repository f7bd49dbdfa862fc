//! The answers a promoted vector states: the reference resolver's under
//! every spec, and under each reading where a reading changes it, as the
//! corpus's own vectors state them (`vectors/rfc3986.toml`), so that the
//! vector can fail whatever spec a library is graded under.
//!
//! Each spec's reference runs twice on every choice of its readings (RFC
//! 1808 and RFC 2396 with both Step 6 versions, RFC 3986 with both
//! `remove_dot_segments`); two versions that disagree are a resolver bug,
//! and nothing is promoted. Under RFC 2396 and RFC 3986 a case outside
//! their grammar is `undefined`, for the reason `rfc1808 fuzz` does not
//! compare it ([`crate::fuzz::Accepted::outside`]).

use rfc1808_resolver::readings::{Ambiguity, Readings};
use rfc1808_resolver::{resolve_traced, rfc2396, rfc3986, Options, Step, Step6};
use rfc1808_vectors::{registry, Assignment, Spec, SpecAnswers, Stated};

use crate::fuzz::{is_rfc2396_absolute, is_uri, is_uri_reference};

/// Every spec's answers to one case, and the RFC 1808 step it ends at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// One per spec, in [`Spec::ALL`] order, without notes.
    pub specs: Vec<SpecAnswers>,
    /// The step of RFC 1808 section 4 its default readings end at.
    pub step: Step,
}

/// Two versions of one spec's reference that answer differently: a bug of
/// the resolver, not a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub spec: Spec,
    /// The readings they disagree under (empty: the defaults).
    pub readings: String,
    /// What each version answered, named.
    pub answers: [(&'static str, String); 2],
}

/// Under one choice of a spec's readings: the reading of each ambiguity,
/// in registry order, and the answer.
struct Row {
    readings: Vec<&'static str>,
    answer: Stated,
}

/// The reference's answers to `base` and `relative` under every spec.
pub fn answers(base: &str, relative: &str) -> Result<Answers, Disagreement> {
    let step = resolve_traced(base, relative, Step6::SegmentStack).1;
    let specs = Spec::ALL
        .into_iter()
        .map(|spec| {
            let rows = rows(spec, base, relative)?;
            Ok(SpecAnswers {
                undefined: undefined(spec, base, relative).map(str::to_owned),
                ..table(spec, &rows)
            })
        })
        .collect::<Result<Vec<_>, Disagreement>>()?;
    Ok(Answers { specs, step })
}

/// Why `spec` does not define the case, if it does not: under RFC 2396 and
/// RFC 3986, a base that is not a URI or a reference that is not a URI
/// reference, judged as `rfc1808 fuzz` judges them. RFC 1808's Step 1
/// resolves anything.
pub fn undefined(spec: Spec, base: &str, relative: &str) -> Option<&'static str> {
    let later = spec != Spec::Rfc1808;
    if later && !is_uri(base) {
        Some(match spec {
            Spec::Rfc2396 => "the base is not an absolute URI (RFC 2396 section 5.2 resolves against one; Appendix A, read by RFC 3986's grammar)",
            _ => "the base is not a URI (section 5.2.1 resolves against one; the grammar of section 3)",
        })
    } else if later && !is_uri_reference(relative) {
        Some(match spec {
            Spec::Rfc2396 => "the reference is outside the grammar of Appendix A (read by RFC 3986's section 4.1)",
            _ => "the reference is outside the grammar of section 4.1 (`URI-reference`)",
        })
    } else if spec == Spec::Rfc2396 && !(is_rfc2396_absolute(base) && is_rfc2396_absolute(relative))
    {
        Some("outside the grammar of Appendix A: an absoluteURI has a hier_part or an opaque_part after its colon")
    } else {
        None
    }
}

/// The answer under every choice of `spec`'s readings, each checked
/// against the spec's second version of the reference.
fn rows(spec: Spec, base: &str, relative: &str) -> Result<Vec<Row>, Disagreement> {
    let names = |get: &dyn Fn(&str) -> Option<&'static str>| -> Vec<&'static str> {
        registry(spec)
            .iter()
            .map(|a| get(a.name).expect("every registry name is a reading"))
            .collect()
    };
    let agree = |readings: String, a: (&'static str, Stated), b: (&'static str, Stated)| {
        if a.1 == b.1 {
            Ok(a.1)
        } else {
            let shown = |s: Stated| match s {
                Stated::Resolves(url) => format!("{url:?}"),
                Stated::Rejects(why) => format!("a rejection ({why})"),
            };
            Err(Disagreement {
                spec,
                readings,
                answers: [(a.0, shown(a.1)), (b.0, shown(b.1))],
            })
        }
    };
    let non_default = |pairs: Vec<(&str, &str)>| {
        pairs
            .iter()
            .map(|(a, r)| format!("{a}={r}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    match spec {
        Spec::Rfc1808 => Readings::every()
            .into_iter()
            .map(|readings| {
                let with = |step6| {
                    let options = Options { step6, readings };
                    Stated::Resolves(rfc1808_resolver::resolve_with(base, relative, options))
                };
                Ok(Row {
                    readings: names(&|a| readings.get(a)),
                    answer: agree(
                        non_default(readings.non_default()),
                        ("the segment stack", with(Step6::SegmentStack)),
                        ("the string patterns", with(Step6::StringPattern)),
                    )?,
                })
            })
            .collect(),
        Spec::Rfc2396 => rfc2396::Readings::every()
            .into_iter()
            .map(|readings| {
                let with = |step6| match rfc2396::resolve_with(base, relative, readings, step6) {
                    Ok(url) => Stated::Resolves(url),
                    Err(above) => Stated::Rejects(above.to_string()),
                };
                Ok(Row {
                    readings: names(&|a| readings.get(a)),
                    answer: agree(
                        non_default(readings.non_default()),
                        ("the segment stack", with(Step6::SegmentStack)),
                        ("the string patterns", with(Step6::StringPattern)),
                    )?,
                })
            })
            .collect(),
        Spec::Rfc3986 => rfc3986::Readings::every()
            .into_iter()
            .map(|readings| {
                let with =
                    |dots| Stated::Resolves(rfc3986::resolve_with(base, relative, readings, dots));
                Ok(Row {
                    readings: names(&|a| readings.get(a)),
                    answer: agree(
                        non_default(readings.non_default()),
                        (
                            "the linear remove_dot_segments",
                            with(rfc3986::DotSegments::Linear),
                        ),
                        (
                            "the buffers of section 5.2.4",
                            with(rfc3986::DotSegments::Buffers),
                        ),
                    )?,
                })
            })
            .collect(),
    }
}

/// `spec`'s answers as a vector states them: `expected` under the default
/// readings, and a `readings` key for each choice, of the readings of the
/// ambiguities the answer depends on, whose answer differs from it.
///
/// An ambiguity the answer depends on is one where two choices that differ
/// only in its reading give different answers; the answer is then a
/// function of those ambiguities alone, so each key names all of them and
/// the loader's most-specific-key rule finds exactly one per choice.
fn table(spec: Spec, rows: &[Row]) -> SpecAnswers {
    let ambiguities = registry(spec);
    let defaults: Vec<&'static str> = ambiguities
        .iter()
        .map(|a| a.default_reading().name)
        .collect();
    let answer_of = |readings: &[&'static str]| {
        &rows
            .iter()
            .find(|r| r.readings == readings)
            .expect("every choice is a row")
            .answer
    };
    let expected = match answer_of(&defaults) {
        Stated::Resolves(url) => url.clone(),
        // No spec's default readings reject a case (RFC 2396's
        // `above-root` defaults to keeping the `..`).
        Stated::Rejects(why) => unreachable!("the default readings rejected the case: {why}"),
    };
    let depends: Vec<usize> = (0..ambiguities.len())
        .filter(|&i| {
            rows.iter().any(|r| {
                ambiguities[i].readings.iter().any(|other| {
                    let mut changed = r.readings.clone();
                    changed[i] = other.name;
                    *answer_of(&changed) != r.answer
                })
            })
        })
        .collect();
    let mut readings: Vec<(Assignment, Stated)> = Vec::new();
    for choice in choices(ambiguities, &depends) {
        let mut full = defaults.clone();
        for (&i, reading) in depends.iter().zip(&choice) {
            full[i] = reading;
        }
        let answer = answer_of(&full);
        if *answer == Stated::Resolves(expected.clone()) {
            continue;
        }
        let key: Vec<String> = depends
            .iter()
            .zip(&choice)
            .map(|(&i, reading)| format!("{}={reading}", ambiguities[i].name))
            .collect();
        let key = Assignment::parse(spec, &key.join(",")).expect("names from the registry");
        readings.push((key, answer.clone()));
    }
    // As the loader reads them back: in the order of the keys' text.
    readings.sort_by_key(|(key, _)| key.to_string());
    SpecAnswers {
        readings,
        ..SpecAnswers::new(spec, expected)
    }
}

/// Every choice of one reading for each of the ambiguities at `depends`.
fn choices(ambiguities: &[Ambiguity], depends: &[usize]) -> Vec<Vec<&'static str>> {
    let mut all: Vec<Vec<&'static str>> = vec![Vec::new()];
    for &i in depends {
        all = all
            .into_iter()
            .flat_map(|choice| {
                ambiguities[i].readings.iter().map(move |r| {
                    let mut next = choice.clone();
                    next.push(r.name);
                    next
                })
            })
            .collect();
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::Accepted;
    use rfc1808_fuzzgen::Input;

    /// Every corpus vector's answers are what [`answers`] gives, under
    /// every choice of every spec's readings, where the vector gives them.
    #[test]
    fn the_answers_are_those_the_corpus_states() {
        let corpus = rfc1808_vectors::embedded();
        let mut checked = 0;
        for v in &corpus.resolve {
            let computed = answers(&v.base, &v.relative).unwrap();
            for written in &v.specs {
                let ours =
                    &computed.specs[Spec::ALL.iter().position(|s| *s == written.spec).unwrap()];
                assert_eq!(ours.expected, written.expected, "{} {}", v.id, written.spec);
                // Every choice of every reading of the spec.
                let full = rows(written.spec, &v.base, &v.relative).unwrap();
                for row in full {
                    let pairs: Vec<String> = registry(written.spec)
                        .iter()
                        .zip(&row.readings)
                        .map(|(a, r)| format!("{}={r}", a.name))
                        .collect();
                    let choice = Assignment::parse(written.spec, &pairs.join(",")).unwrap();
                    // A rejection's words are not compared, as grading
                    // does not compare them.
                    let kind = |s: Stated<&str>| match s {
                        Stated::Resolves(url) => Some(url.to_owned()),
                        Stated::Rejects(_) => None,
                    };
                    let ours_under = kind(ours.answer_under(&choice).unwrap());
                    assert_eq!(
                        ours_under,
                        kind(written.answer_under(&choice).unwrap()),
                        "{} {} under {choice}",
                        v.id,
                        written.spec
                    );
                    assert_eq!(ours_under, kind(row.answer.as_deref()));
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "only {checked} checked");
    }

    /// A case is undefined where `rfc1808 fuzz` leaves it out, and only
    /// there.
    #[test]
    fn undefined_where_fuzz_does_not_compare() {
        let corpus = rfc1808_vectors::embedded();
        let inputs = rfc1808_fuzzgen::seeds(&corpus)
            .into_iter()
            .map(|(_, input)| input)
            .chain([
                Input::new("a", "b"),
                Input::new("foo:", "g"),
                Input::new("http://a", "1a b:c"),
                Input::new("http://a/b", "g"),
            ]);
        let mut outside = 0;
        for input in inputs {
            for spec in [Spec::Rfc2396, Spec::Rfc3986] {
                let fuzz = Accepted::holding(spec, &Assignment::none()).outside(&input);
                let ours = undefined(spec, &input.base, &input.relative).is_some();
                assert_eq!(ours, fuzz, "{spec} {input:?}");
                outside += usize::from(ours);
            }
            assert_eq!(undefined(Spec::Rfc1808, &input.base, &input.relative), None);
        }
        assert!(outside > 3, "{outside}");
    }

    #[test]
    fn answers_differ_by_spec_and_reading_as_written() {
        let a = answers("http://a/b/c/d;p?q", "../../../g").unwrap();
        assert_eq!(a.step, Step::Step6);
        let [rfc1808, rfc2396, rfc3986] = &a.specs[..] else {
            panic!("{a:?}")
        };
        assert_eq!(rfc1808.expected, "http://a/../g");
        assert!(rfc1808.readings.is_empty());
        assert_eq!(rfc3986.expected, "http://a/g");
        assert_eq!(rfc2396.expected, "http://a/../g");
        let keys: Vec<String> = rfc2396
            .readings
            .iter()
            .map(|(k, answer)| format!("{k} = {answer}"))
            .collect();
        assert_eq!(
            keys,
            [
                "above-root=error = rejected (the reference climbs above the root: the merged \
                 path `/../g` still begins with `..` (RFC 2396 section 5.2, step 6g, read as an error))",
                "above-root=removed = \"http://a/g\""
            ]
        );
        let undefined = answers("a", "b").unwrap();
        assert_eq!(undefined.specs[0].undefined, None);
        assert!(undefined.specs[2].undefined.is_some());
    }
}
