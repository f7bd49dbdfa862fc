//! Puts vectors through implementations; the grading is
//! [`rfc1808_vectors::grade`], done by [`crate::expectations::grade`].

use rfc1808_resolver::parse;
use rfc1808_vectors::{Corpus, ParseVector, ResolveVector};

use crate::implementation::{Answer, Case, Implementation, Reply};
use crate::report::components;

/// One vector's result for one implementation.
#[derive(Clone, Debug)]
pub struct Outcome<'c> {
    pub vector: &'c ResolveVector,
    pub answer: Answer,
    /// What the implementation wrote to standard error for this case.
    pub stderr: String,
}

/// Everything one implementation answered.
#[derive(Clone, Debug)]
pub struct ImplResults<'c> {
    pub name: String,
    pub outcomes: Vec<Outcome<'c>>,
}

/// Runs `vectors` through `implementation`.
pub fn run<'c>(
    vectors: &[&'c ResolveVector],
    implementation: &mut dyn Implementation,
) -> ImplResults<'c> {
    let cases: Vec<Case<'_>> = vectors.iter().map(|v| Case::of(v)).collect();
    let answers = implementation.resolve_all(&cases);
    assert_eq!(
        answers.len(),
        cases.len(),
        "an Implementation answers every case"
    );
    let outcomes = vectors
        .iter()
        .zip(answers)
        .map(|(vector, Reply { answer, stderr })| Outcome {
            vector,
            answer,
            stderr,
        })
        .collect();
    ImplResults {
        name: implementation.name().to_owned(),
        outcomes,
    }
}

/// Checks a parse vector against the reference parser; on a mismatch,
/// returns the expected and the parsed components, one per line.
pub fn check_parse(vector: &ParseVector) -> Result<(), (String, String)> {
    let got = parse(&vector.input);
    let expected = vector.components();
    if got == expected && got.to_string() == vector.input {
        Ok(())
    } else {
        Err((components::render(&expected), components::render(&got)))
    }
}

/// The resolve vectors of a corpus, all selected.
pub fn all_resolve(corpus: &Corpus) -> Vec<&ResolveVector> {
    corpus.resolve.iter().collect()
}
