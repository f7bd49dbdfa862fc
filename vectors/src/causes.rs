//! Root causes: which deviations of the catalogue
//! ([`rfc1808_resolver::deviations`]) explain a wrong answer, under a spec
//! and any of its readings. Every runner asks here, so that `rfc1808 run`,
//! `rfc1808 fuzz` and the reports name the same causes.

use rfc1808_resolver::deviations::{self, Deviation, Explanation, Id, Set, CATALOGUE};
use rfc1808_resolver::readings::Readings;
use rfc1808_resolver::{rfc2396, rfc3986, Options, Step6};

use crate::grade::Answer;
use crate::Spec;

/// The index of `spec` in a deviation's `sections`.
pub fn spec_index(spec: Spec) -> usize {
    match spec {
        Spec::Rfc1808 => 0,
        Spec::Rfc2396 => 1,
        Spec::Rfc3986 => 2,
    }
}

/// Whether `id` departs from `spec` (it is no deviation where the spec, or
/// one of its readings, gives its answer).
pub fn departs_from(id: Id, spec: Spec) -> bool {
    id.departs_from(spec_index(spec))
}

type Resolver = Box<dyn Fn(&str, &str) -> Result<String, String> + Send + Sync>;

/// `spec`'s reference resolver under each choice of its readings, the
/// defaults first.
pub fn references(spec: Spec) -> Vec<Resolver> {
    match spec {
        Spec::Rfc1808 => Readings::every()
            .into_iter()
            .map(|readings| {
                Box::new(move |base: &str, relative: &str| {
                    let options = Options {
                        step6: Step6::SegmentStack,
                        readings,
                    };
                    Ok(rfc1808_resolver::resolve_with(base, relative, options))
                }) as Resolver
            })
            .collect(),
        Spec::Rfc2396 => rfc2396::Readings::every()
            .into_iter()
            .map(|readings| {
                Box::new(move |base: &str, relative: &str| {
                    rfc2396::resolve_with(base, relative, readings, Step6::SegmentStack)
                        .map_err(|e| e.to_string())
                }) as Resolver
            })
            .collect(),
        Spec::Rfc3986 => rfc3986::Readings::every()
            .into_iter()
            .map(|readings| {
                Box::new(move |base: &str, relative: &str| {
                    Ok(rfc3986::resolve_with(
                        base,
                        relative,
                        readings,
                        rfc3986::DotSegments::Linear,
                    ))
                }) as Resolver
            })
            .collect(),
    }
}

/// Explains answers under one spec, trying `listed` (the deviations an
/// expectations file accepts) first.
pub struct Explainer {
    spec: Spec,
    references: Vec<Resolver>,
    listed: Set,
}

impl Explainer {
    pub fn new(spec: Spec, listed: Set) -> Explainer {
        Explainer {
            spec,
            references: references(spec),
            listed,
        }
    }

    /// What explains `answer` for `relative` against `base`: `None` when
    /// it is no answer (an error, a case that cannot be sent).
    pub fn explain(&self, base: &str, relative: &str, answer: &Answer) -> Option<Explanation> {
        let answer = match answer {
            Answer::Resolved(url) => Ok(url.as_str()),
            Answer::Rejected(_) => Err(()),
            Answer::NotRepresentable(_) | Answer::Error(_) => return None,
        };
        let references: Vec<deviations::Reference<'_>> = self
            .references
            .iter()
            .map(|r| r.as_ref() as deviations::Reference<'_>)
            .collect();
        Some(deviations::explain(
            &references,
            spec_index(self.spec),
            base,
            relative,
            answer,
            self.listed,
        ))
    }

    /// The deviations it tries first.
    pub fn listed(&self) -> Set {
        self.listed
    }
}

/// A verdict graded further by cause: a wrong answer (or rejection) not
/// listed by id that the listed deviations explain is an expected failure.
/// Returns the verdict, and the explanation of a wrong answer. Every runner
/// grades by cause here: `rfc1808 run` and the `libtest` suite.
pub fn regrade(
    explainer: &Explainer,
    vector: &crate::ResolveVector,
    answer: &Answer,
    verdict: crate::grade::Verdict,
) -> (crate::grade::Verdict, Option<Explanation>) {
    use crate::grade::Verdict;
    if !verdict.answered_wrong() {
        return (verdict, None);
    }
    let explanation = explainer.explain(&vector.base, &vector.relative, answer);
    match explanation {
        Some(Explanation::By(set)) if set.is_subset(explainer.listed()) => {
            (Verdict::ExpectedFailure, explanation)
        }
        _ => (verdict, explanation),
    }
}

/// The line a report gives a failure's cause: `explained by a + b`,
/// `unexplained`.
pub fn describe(explanation: Option<&Explanation>) -> Option<String> {
    match explanation? {
        Explanation::Conforms => None,
        other => Some(other.to_string()),
    }
}

/// `docs/deviations.md`: the catalogue, each deviation with the section
/// it departs from under each spec, whether its answer names the same
/// resource, an example run through the reference and through the
/// deviation, and why it is in the catalogue. A test keeps the file equal
/// to this.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Deviations\n\n\
         <!-- Generated from the catalogue in `resolver/src/deviations.rs`; \
         `cargo test -p rfc1808-vectors --test deviations` fails when this file differs. \
         Regenerate with `UPDATE_DEVIATIONS=1 cargo test -p rfc1808-vectors --test deviations`. -->\n\n\
         A deviation is a named way of departing from a spec, seen in real libraries and \
         written as a model the reference resolver runs with: \"RFC 3986 with \
         `empty-query-dropped` and `base-fragment-kept`\" is a resolver. `rfc1808 run` \
         explains each wrong answer by the smallest set of deviations (at most three) \
         with which the reference, under any of the spec's readings, gives that answer, \
         or says it is unexplained; an expectations file may list deviations \
         (`[[deviation]]`, [running.md](running.md#root-causes)) instead of the vectors \
         they explain.\n\n\
         A reading ([readings.md](readings.md)) is a way the spec itself can be read, and \
         passes; a deviation is a way it is not followed, and fails unless listed. A \
         deviation is no deviation under a spec that gives its answer itself (a dash in \
         that spec's column).\n\n\
         | deviation | what it does | RFC 1808 | RFC 2396 | RFC 3986 | same resource |\n\
         |---|---|---|---|---|---|\n",
    );
    let section = |s: Option<&str>| s.unwrap_or("-").to_owned();
    for d in CATALOGUE {
        out += &format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            d.name,
            d.description,
            section(d.sections[0]),
            section(d.sections[1]),
            section(d.sections[2]),
            if d.same_resource { "yes" } else { "no" }
        );
    }
    out += "\n## Each deviation\n";
    for d in CATALOGUE {
        let spec = [Spec::Rfc3986, Spec::Rfc2396, Spec::Rfc1808]
            .into_iter()
            .find(|&s| d.sections[spec_index(s)].is_some())
            .expect("a deviation departs from some spec");
        let id = Deviation::named(d.name).expect("its own name");
        let title = match spec {
            Spec::Rfc1808 => "RFC 1808",
            Spec::Rfc2396 => "RFC 2396",
            Spec::Rfc3986 => "RFC 3986",
        };
        let (base, reference) = d.example;
        let default = &references(spec)[0];
        let show = |r: Result<String, String>| match r {
            Ok(url) => format!("`{url}`"),
            Err(_) => "rejected".to_owned(),
        };
        out += &format!(
            "\n### `{}`\n\n{}.\n\n\
             - Example, under {title}: `{base}` + `{reference}` is {} by the spec, {} with this deviation.\n\
             - Why: {}.\n",
            d.name,
            capitalized(d.description),
            show(default(base, reference)),
            show(deviations::resolve(default.as_ref(), Set::of(&[id]), base, reference)),
            d.why
        );
    }
    out
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deviation_that_is_a_spec_s_own_answer_explains_nothing_there() {
        // `..` above the root is RFC 1808's own answer: no deviation there.
        assert!(!departs_from(Id::AboveRootKept, Spec::Rfc1808));
        assert!(departs_from(Id::AboveRootKept, Spec::Rfc3986));
        let answer = Answer::Resolved("http://a/../g".to_owned());
        let base = "http://a/b/c/d;p?q";
        assert_eq!(
            Explainer::new(Spec::Rfc1808, Set::EMPTY).explain(base, "../../../g", &answer),
            Some(Explanation::Conforms)
        );
        assert_eq!(
            Explainer::new(Spec::Rfc3986, Set::EMPTY).explain(base, "../../../g", &answer),
            Some(Explanation::By(Set::of(&[Id::AboveRootKept])))
        );
        assert_eq!(
            Explainer::new(Spec::Rfc3986, Set::EMPTY).explain(
                base,
                "g",
                &Answer::Error("crash".into())
            ),
            None
        );
    }
}
