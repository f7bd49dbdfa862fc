//! The property of the fuzz target `external_differential`: an external
//! implementation resolves like the reference under some reading of RFC
//! 1808's ambiguities (`docs/readings.md`), except where its expectations
//! file says it fails. Whether it follows one reading throughout is for
//! `rfc1808 run` to judge, on the vectors.
//!
//! An expectations file lists vector ids, and a fuzz input has none, so a
//! mismatch is *known* when the input's (base, relative) pair is the pair of
//! a vector the file lists; any other mismatch is a finding. A finding that
//! is a real, accepted difference of the implementation becomes a vector
//! (`rfc1808 promote`) and its id goes into the expectations file, after
//! which that input is known. This keeps the file the one list of accepted
//! differences, at the cost that an accepted difference is known for its
//! exact pair only, not for every input that shows the same behaviour. As in
//! the harness, a listed vector covers a wrong answer or a rejection, never
//! a crash or a timeout.

use std::collections::HashSet;

use rfc1808_resolver::readings::every_answer;
use rfc1808_vectors::grade::{grade, Accepts, Answer, ExpectedFailures, Verdict};
use rfc1808_vectors::Corpus;

use crate::violation::Violation;
use crate::Input;

/// The (base, relative) pairs an implementation is expected to fail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownFailures {
    pairs: HashSet<(String, String)>,
}

impl KnownFailures {
    /// The pairs of the resolve vectors among `ids`; ids of parse vectors
    /// and ids that name no vector are ignored here (the harness reports
    /// those when it reads the file).
    pub fn from_ids<'i>(corpus: &Corpus, ids: impl IntoIterator<Item = &'i str>) -> KnownFailures {
        let pairs = ExpectedFailures::from_ids(ids)
            .vectors(corpus)
            .into_iter()
            .filter_map(|v| Some((v.base.clone()?, v.relative.clone())))
            .collect();
        KnownFailures { pairs }
    }

    /// Whether a mismatch on `input` is expected.
    pub fn contains(&self, input: &Input) -> bool {
        // Borrowed lookup of a tuple of Strings needs the owned key.
        self.pairs
            .contains(&(input.base.clone(), input.relative.clone()))
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// Compares what implementation `name` answered for `input` with the
/// reference's result.
pub fn external_differential(
    name: &str,
    input: &Input,
    answer: &Answer,
    known: &KnownFailures,
) -> Result<(), Violation> {
    let answers = every_answer(&input.base, &input.relative);
    let want = &answers[0];
    // Under another reading, the reference answers otherwise: say so.
    let others = match &answers[1..] {
        [] => String::new(),
        more => format!(
            " (or, under another reading, {})",
            more.iter()
                .map(|a| format!("{a:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let listed = known.contains(input);
    // Only a failure is a finding: an unexpected pass on a listed pair is
    // for the harness to report when it runs the listed vector, and an
    // input the protocol cannot carry is not compared.
    let message = match (grade(Accepts::OneOf(&answers), answer, listed), answer) {
        (Verdict::Failed, Answer::Resolved(got)) => {
            format!("{name} resolves to {got:?}, the reference to {want:?}{others}")
        }
        (Verdict::Failed, Answer::Rejected(why)) => {
            format!("{name} rejects it ({why}), the reference resolves to {want:?}{others}")
        }
        (Verdict::Error, Answer::Error(why)) => format!("{name} failed to answer: {why}"),
        _ => return Ok(()),
    };
    Err(Violation {
        property: "external_differential",
        input: input.clone(),
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> KnownFailures {
        KnownFailures::from_ids(
            &rfc1808_vectors::embedded(),
            ["rfc1808-5.1/g", "parse/empty", "no/such-id"],
        )
    }

    #[test]
    fn ids_become_the_pairs_of_their_resolve_vectors() {
        let known = known();
        assert_eq!(known.len(), 1);
        assert!(known.contains(&Input::new("http://a/b/c/d;p?q#f", "g")));
        assert!(!known.contains(&Input::new("http://a/b/c/d;p?q#f", "g/")));
    }

    #[test]
    fn a_mismatch_is_a_finding_unless_known() {
        let wrong = Answer::Resolved("http://a/b/c/x".to_owned());
        let listed = Input::new("http://a/b/c/d;p?q#f", "g");
        assert_eq!(
            external_differential("py", &listed, &wrong, &known()),
            Ok(())
        );
        let other = Input::new("http://a/b/c/d;p?q#f", "./g");
        let err = external_differential("py", &other, &wrong, &known()).unwrap_err();
        assert_eq!(
            err.message,
            "py resolves to \"http://a/b/c/x\", the reference to \"http://a/b/c/g\""
        );
    }

    #[test]
    fn another_reading_is_no_finding() {
        let none = KnownFailures::default();
        let input = Input::new("http://a/b/c/d;p?q#f", "g#");
        for got in ["http://a/b/c/g#", "http://a/b/c/g"] {
            let answer = Answer::Resolved(got.to_owned());
            assert_eq!(external_differential("go", &input, &answer, &none), Ok(()));
        }
        let wrong = Answer::Resolved("http://a/b/c/g#f".to_owned());
        assert_eq!(
            external_differential("go", &input, &wrong, &none)
                .unwrap_err()
                .message,
            "go resolves to \"http://a/b/c/g#f\", the reference to \"http://a/b/c/g#\" \
             (or, under another reading, \"http://a/b/c/g\")"
        );
    }

    #[test]
    fn rejections_and_errors_are_findings_and_unrepresentable_inputs_are_not() {
        let input = Input::new("http://a/b", "\tg");
        let none = KnownFailures::default();
        let rejected = Answer::Rejected("invalid URL".to_owned());
        assert_eq!(
            external_differential("js", &input, &rejected, &none)
                .unwrap_err()
                .message,
            "js rejects it (invalid URL), the reference resolves to \"http://a/\\tg\""
        );
        let error = Answer::Error("timed out after 5s".to_owned());
        let listed = Input::new("http://a/b/c/d;p?q#f", "g");
        assert!(external_differential("js", &listed, &error, &known()).is_err());
        assert_eq!(
            external_differential("js", &input, &error, &none)
                .unwrap_err()
                .message,
            "js failed to answer: timed out after 5s"
        );
        let right = Answer::Resolved("http://a/\tg".to_owned());
        assert_eq!(external_differential("js", &input, &right, &none), Ok(()));
        assert_eq!(
            external_differential(
                "js",
                &input,
                &Answer::NotRepresentable("NUL".to_owned()),
                &none
            ),
            Ok(())
        );
    }
}
