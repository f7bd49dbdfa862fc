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
//! compare it ([`crate::fuzz::Accepted::undefined`]).

use rfc1808_resolver::readings::Ambiguity;
use rfc1808_resolver::spec::{Reference, Resolved};
use rfc1808_resolver::{resolve_traced, Step, Step6};
use rfc1808_vectors::{Assignment, Spec, SpecAnswers, Stated};

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
///
/// `base` is `None` for an absolute parse
/// ([`Reference::resolve_maybe_base`]).
pub fn answers(base: Option<&str>, relative: &str) -> Result<Answers, Disagreement> {
    let step = resolve_traced(base.unwrap_or(""), relative, Step6::SegmentStack).1;
    let specs = Spec::ALL
        .into_iter()
        .map(|spec| {
            let rows = rows(spec, base, relative)?;
            Ok(SpecAnswers {
                undefined: spec.undefined_for(base, relative).map(str::to_owned),
                ..table(spec, &rows)
            })
        })
        .collect::<Result<Vec<_>, Disagreement>>()?;
    Ok(Answers { specs, step })
}

/// The answer under every choice of `spec`'s readings, each checked
/// against the spec's second version of the reference.
fn rows(spec: Spec, base: Option<&str>, relative: &str) -> Result<Vec<Row>, Disagreement> {
    let stated = |resolved: Resolved| match resolved {
        Ok(url) => Stated::Resolves(url),
        Err(why) => Stated::Rejects(why),
    };
    let [first, second] = spec.versions();
    Reference::every(spec)
        .iter()
        .map(|&reference| {
            let with = |version| stated(reference.resolve_maybe_base(base, relative, version));
            let (a, b) = (with(Step6::SegmentStack), with(Step6::StringPattern));
            if a != b {
                let shown = |s: Stated| match s {
                    Stated::Resolves(url) => format!("{url:?}"),
                    Stated::Rejects(why) => format!("a rejection ({why})"),
                };
                let readings: Vec<String> = reference
                    .non_default()
                    .iter()
                    .map(|(a, r)| format!("{a}={r}"))
                    .collect();
                return Err(Disagreement {
                    spec,
                    readings: readings.join(","),
                    answers: [(first, shown(a)), (second, shown(b))],
                });
            }
            let readings = spec
                .registry()
                .iter()
                .map(|a| {
                    reference
                        .get(a.name)
                        .expect("every registry name is a reading")
                })
                .collect();
            Ok(Row {
                readings,
                answer: a,
            })
        })
        .collect()
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
    let ambiguities = spec.registry();
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
    // No RFC's default readings reject a case (RFC 2396's `above-root`
    // defaults to keeping the `..`); the URL Standard fails many.
    let (expected, rejects) = match answer_of(&defaults) {
        Stated::Resolves(url) => (url.clone(), None),
        Stated::Rejects(why) => (String::new(), Some(why.clone())),
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
        if answer.as_deref() == answer_of(&defaults).as_deref() {
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
        rejects,
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
            let computed = answers(v.base.as_deref(), &v.relative).unwrap();
            for written in &v.specs {
                let ours =
                    &computed.specs[Spec::ALL.iter().position(|s| *s == written.spec).unwrap()];
                assert_eq!(ours.expected, written.expected, "{} {}", v.id, written.spec);
                // Every choice of every reading of the spec.
                let full = rows(written.spec, v.base.as_deref(), &v.relative).unwrap();
                for row in full {
                    let pairs: Vec<String> = written
                        .spec
                        .registry()
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
                let fuzz = Accepted::holding(spec, &Assignment::none()).undefined(&input);
                let ours = spec.undefined(&input.base, &input.relative).is_some();
                assert_eq!(ours, fuzz, "{spec} {input:?}");
                outside += usize::from(ours);
            }
            assert_eq!(Spec::Rfc1808.undefined(&input.base, &input.relative), None);
        }
        assert!(outside > 3, "{outside}");
    }

    #[test]
    fn answers_differ_by_spec_and_reading_as_written() {
        let a = answers(Some("http://a/b/c/d;p?q"), "../../../g").unwrap();
        assert_eq!(a.step, Step::Step6);
        let [rfc1808, rfc2396, rfc3986, whatwg] = &a.specs[..] else {
            panic!("{a:?}")
        };
        assert_eq!(rfc1808.expected, "http://a/../g");
        assert_eq!(whatwg.expected, "http://a/g");
        // The URL Standard fails what it cannot parse: that is its answer.
        let failed = answers(Some("http://a/b"), "http://exa mple/").unwrap();
        assert_eq!(failed.specs[3].expected, "");
        assert!(failed.specs[3]
            .rejects
            .as_ref()
            .is_some_and(|why| why.contains("forbidden")));
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
        let undefined = answers(Some("a"), "b").unwrap();
        assert_eq!(undefined.specs[0].undefined, None);
        assert!(undefined.specs[2].undefined.is_some());
    }
}
