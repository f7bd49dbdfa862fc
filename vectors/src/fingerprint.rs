//! The spec fingerprint: which specs, under which of their readings, give
//! an implementation's answers.
//!
//! Computed here once, for every report of `rfc1808 run` and for the
//! summary of the `libtest` suite: `agrees with RFC 1808 a/n, RFC 2396 b/n,
//! RFC 3986 c/n` means the same in both.

use std::fmt;

use crate::grade::{Accepts, Answer};
use crate::readings::{Assignment, Match};
use crate::{ResolveVector, Spec};

/// How one answer matches one spec: the vector's answer under that spec,
/// under some of its readings, or one the spec leaves undefined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswersAs {
    pub spec: Spec,
    /// The readings that give the answer, when the spec's answer depends
    /// on readings.
    pub readings: Option<Match>,
    /// The spec leaves the case undefined, so any answer is its.
    pub undefined: bool,
}

impl fmt::Display for AnswersAs {
    /// `RFC 3986`, `RFC 2396, above-root=removed`, `RFC 2396 (undefined
    /// there)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec.title())?;
        if self.undefined {
            return f.write_str(" (undefined there)");
        }
        match self.readings.as_ref().map(ToString::to_string) {
            Some(readings) if !readings.is_empty() => write!(f, ", {readings}"),
            _ => Ok(()),
        }
    }
}

/// The specs whose answer to `vector` `answer` is, under any of their
/// readings, in [`Spec::ALL`] order: the per-vector spec fingerprint.
/// Empty for no answer (an error) and for an answer no spec gives.
pub fn answers_as(vector: &ResolveVector, answer: &Answer) -> Vec<AnswersAs> {
    let none = Assignment::none();
    Spec::ALL
        .iter()
        .filter_map(|&spec| {
            let accepts = vector.accepts_by(spec, &none);
            let admitted = match answer {
                Answer::Resolved(url) => accepts.admits(url),
                Answer::Rejected(_) => accepts.admits_rejection(),
                Answer::NotRepresentable(_) | Answer::Error(_) => false,
            };
            admitted.then(|| AnswersAs {
                spec,
                readings: accepts.reading_of(answer),
                undefined: matches!(accepts, Accepts::Anything),
            })
        })
        .collect()
}

/// One line of [`answers_as`]: `answers as RFC 3986`, `answers as RFC
/// 2396, above-root=removed; as RFC 3986`, or `answers as none`.
pub fn describe_answers_as(matches: &[AnswersAs]) -> String {
    if matches.is_empty() {
        return "answers as none".to_owned();
    }
    let each: Vec<String> = matches.iter().map(|m| format!("as {m}")).collect();
    format!("answers {}", each.join("; "))
}

/// How many answers each spec gives, out of how many answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreement {
    pub spec: Spec,
    /// The answers that are the spec's, under any of its readings.
    pub agree: usize,
    /// The answers (resolved or rejected cases; errors aside).
    pub of: usize,
}

/// The spec fingerprint of a run: for each spec, in [`Spec::ALL`] order,
/// how many of the answered vectors of `answers` it answers as the
/// implementation did, out of how many. A vector the implementation did
/// not answer (an error, a case it could not be sent) is not counted.
pub fn agreement<'a>(
    answers: impl IntoIterator<Item = (&'a ResolveVector, &'a Answer)>,
) -> Vec<Agreement> {
    let answered: Vec<Vec<AnswersAs>> = answers
        .into_iter()
        .filter(|(_, answer)| matches!(answer, Answer::Resolved(_) | Answer::Rejected(_)))
        .map(|(vector, answer)| answers_as(vector, answer))
        .collect();
    Spec::ALL
        .iter()
        .map(|&spec| Agreement {
            spec,
            agree: answered
                .iter()
                .filter(|m| m.iter().any(|m| m.spec == spec))
                .count(),
            of: answered.len(),
        })
        .collect()
}

/// `agrees with RFC 1808 a/n, RFC 2396 b/n, RFC 3986 c/n`.
pub fn describe_agreement(agreement: &[Agreement]) -> String {
    let each: Vec<String> = agreement
        .iter()
        .map(|a| format!("{} {}/{}", a.spec.title(), a.agree, a.of))
        .collect();
    format!("agrees with {}", each.join(", "))
}

/// `graded under RFC 3986; agrees with RFC 1808 a/n, RFC 2396 b/n, RFC
/// 3986 c/n`: the spec line of a report and of the `libtest` summary.
pub fn describe_grading(graded_under: Spec, agreement: &[Agreement]) -> String {
    format!(
        "graded under {}; {}",
        graded_under.title(),
        describe_agreement(agreement)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_spec_counts_the_answers_it_gives() {
        let corpus = crate::embedded();
        let pick = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let dots = pick("rfc1808-5.2/too-many-dot-dot");
        let g = pick("rfc1808-5.1/g");
        let rfc3986 = Answer::Resolved("http://a/g".into());
        let right = Answer::Resolved(g.expected.clone());
        let crashed = Answer::Error("crashed".into());
        let agreement = agreement([(dots, &rfc3986), (g, &right), (g, &crashed)]);
        assert_eq!(
            describe_grading(Spec::Rfc3986, &agreement),
            "graded under RFC 3986; agrees with RFC 1808 1/2, RFC 2396 2/2, RFC 3986 2/2, \
             the URL Standard 2/2"
        );
        assert_eq!(
            describe_answers_as(&answers_as(dots, &rfc3986)),
            "answers as RFC 2396, above-root=removed; as RFC 3986; as the URL Standard"
        );
        assert_eq!(Spec::Rfc2396.title(), "RFC 2396");
    }
}
