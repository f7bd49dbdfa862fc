//! Grading: whether an implementation's answer passes a vector, and what
//! that means for a run, given the vectors the implementation is expected to
//! fail.
//!
//! Every runner grades here, so that a listed vector means the same thing
//! everywhere: `rfc1808 run`, the `libtest` suite in a library's own
//! `cargo test`, `rfc1808 fuzz` and the `external_differential` fuzz target.
//!
//! Expected failures are strict both ways: a listed vector that passes is
//! graded [`Verdict::UnexpectedPass`], and a listed id that names no resolve
//! vector is [`Stale`]; both fail a run. A listing covers a wrong answer or
//! a rejection only: a failure to answer (a crash, a timeout) is graded
//! [`Verdict::Error`] whether the vector is listed or not, because it says
//! the adapter broke, not what the library answers.

use std::collections::HashMap;
use std::fmt;

use rfc1808_resolver::readings::Ambiguity;

use crate::readings::{Assignment, Followed, Following, Match};
use crate::versions::Versions;
use crate::{Corpus, ResolveVector, Spec, SpecAnswers};

/// An ambiguity on which an implementation may follow different readings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistent {
    pub ambiguity: String,
    pub reason: String,
    /// The 1-based line of its `ambiguity`.
    pub line: usize,
    /// The versions it holds for; `None` for every version.
    pub versions: Option<Versions>,
}

/// What an implementation answered for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It resolved the case to this URL.
    Resolved(String),
    /// It declined to resolve the case (an error of its own), with its message.
    Rejected(String),
    /// The case cannot be sent through this implementation's protocol.
    NotRepresentable(String),
    /// It failed to answer: a crash, a timeout, a broken protocol message.
    Error(String),
}

/// What a resolve vector accepts as a right answer.
///
/// Grading takes this rather than the vector's `expected` string, so that a
/// vector may accept more than one answer without a change to any runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Accepts<'v> {
    /// This URL, exactly.
    Exactly(&'v str),
    /// The answer under any reading of the spec's ambiguities that keeps
    /// the readings `held` names (`rfc1808 run --reading`); a rejection
    /// where such a reading makes the reference an error.
    Readings {
        answers: &'v SpecAnswers,
        held: &'v Assignment,
    },
    /// A rejection, whatever its message: the spec fails the case (the URL
    /// Standard's failure, `expected.whatwg = { rejects = "why" }`).
    Rejection,
    /// Any answer, or a rejection: the spec does not define the case.
    Anything,
    /// Any of these URLs: for a generated case with no vector, the
    /// reference's answers under every reading
    /// (`rfc1808_resolver::readings::every_answer`).
    OneOf(&'v [String]),
    /// Nothing: the vector gives no answer under the spec graded by, so no
    /// answer can be judged right ([`Verdict::NoAnswer`]). Unlike
    /// [`Accepts::Anything`], this is no statement of the spec's.
    Unstated,
}

impl Accepts<'_> {
    /// Whether resolving to `url` is a right answer.
    pub fn admits(&self, url: &str) -> bool {
        match self {
            Accepts::Exactly(expected) => url == *expected,
            Accepts::Readings { answers, held } => answers.judge(url, held).is_some(),
            Accepts::Anything => true,
            Accepts::OneOf(urls) => urls.iter().any(|u| u == url),
            Accepts::Rejection | Accepts::Unstated => false,
        }
    }

    /// Whether rejecting the case is a right answer: the spec leaves it
    /// undefined, or a reading the run allows makes it an error.
    pub fn admits_rejection(&self) -> bool {
        match self {
            Accepts::Anything | Accepts::Rejection => true,
            Accepts::Readings { answers, held } => answers.judge_rejection(held).is_some(),
            Accepts::Exactly(_) | Accepts::OneOf(_) | Accepts::Unstated => false,
        }
    }

    /// The readings that give `url`, when the vector's answer depends on
    /// readings and `url` is one of the answers.
    pub fn reading(&self, url: &str) -> Option<Match> {
        match self {
            Accepts::Readings { answers, held } => answers.judge(url, held),
            Accepts::Exactly(_)
            | Accepts::Anything
            | Accepts::Rejection
            | Accepts::OneOf(_)
            | Accepts::Unstated => None,
        }
    }

    /// The readings that make the case an error, when the vector's answer
    /// depends on readings and some of them do.
    pub fn rejection_reading(&self) -> Option<Match> {
        match self {
            Accepts::Readings { answers, held } => answers.judge_rejection(held),
            Accepts::Exactly(_)
            | Accepts::Anything
            | Accepts::Rejection
            | Accepts::OneOf(_)
            | Accepts::Unstated => None,
        }
    }

    /// The readings that give `answer`, a URL or a rejection.
    pub fn reading_of(&self, answer: &Answer) -> Option<Match> {
        match answer {
            Answer::Resolved(url) => self.reading(url),
            Answer::Rejected(_) => self.rejection_reading(),
            Answer::NotRepresentable(_) | Answer::Error(_) => None,
        }
    }
}

/// No reading held: every reading's answer passes.
static NO_READINGS: Assignment = Assignment::none();

impl ResolveVector {
    /// What this vector accepts as RFC 1808's right answer, under any
    /// reading.
    pub fn accepts(&self) -> Accepts<'_> {
        self.accepts_holding(&NO_READINGS)
    }

    /// What this vector accepts as RFC 1808's right answer under a reading
    /// that keeps every reading `held` names.
    pub fn accepts_holding<'v>(&'v self, held: &'v Assignment) -> Accepts<'v> {
        self.accepts_by(Spec::Rfc1808, held)
    }

    /// What this vector accepts as `spec`'s right answer under a reading
    /// that keeps every reading `held` names (an assignment of `spec`'s
    /// readings). A vector with no answer under `spec` accepts nothing
    /// ([`Accepts::Unstated`]): a test that no answer could fail is no
    /// test.
    pub fn accepts_by<'v>(&'v self, spec: Spec, held: &'v Assignment) -> Accepts<'v> {
        let Some(answers) = self.answers(spec) else {
            return Accepts::Unstated;
        };
        if answers.undefined.is_some() {
            Accepts::Anything
        } else if answers.readings.is_empty() && answers.rejects.is_some() {
            Accepts::Rejection
        } else if answers.readings.is_empty() {
            Accepts::Exactly(&answers.expected)
        } else {
            Accepts::Readings { answers, held }
        }
    }
}

/// One answer graded against a vector and the implementation's expected
/// failures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// A right answer, and not listed.
    Passed,
    /// Resolved to another URL or rejected the case, and not listed.
    Failed,
    /// Failed, and listed as an expected failure.
    ExpectedFailure,
    /// A right answer, but listed as an expected failure: the list is out of
    /// date.
    UnexpectedPass,
    /// The implementation did not answer: a crash, a timeout, a protocol error.
    Error,
    /// The case cannot be sent through the implementation's protocol.
    NotRepresentable,
    /// The vector gives no answer under the spec graded by, so the answer
    /// was not judged: not a pass, and not a failure ([`Accepts::Unstated`]).
    NoAnswer,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 7] = [
        Verdict::Passed,
        Verdict::Failed,
        Verdict::ExpectedFailure,
        Verdict::UnexpectedPass,
        Verdict::Error,
        Verdict::NotRepresentable,
        Verdict::NoAnswer,
    ];

    /// The name used in the JSON report (`snake_case`).
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::ExpectedFailure => "expected_failure",
            Verdict::UnexpectedPass => "unexpected_pass",
            Verdict::Error => "error",
            Verdict::NotRepresentable => "not_representable",
            Verdict::NoAnswer => "no_answer",
        }
    }

    /// The plural used in counts ("3 expected failures").
    pub fn counted(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::ExpectedFailure => "expected failures",
            Verdict::UnexpectedPass => "unexpected passes",
            Verdict::Error => "errors",
            Verdict::NotRepresentable => "not representable",
            Verdict::NoAnswer => "no answer under the spec",
        }
    }

    /// Whether this result fails the run.
    pub fn fails_run(self) -> bool {
        matches!(
            self,
            Verdict::Failed | Verdict::UnexpectedPass | Verdict::Error
        )
    }

    /// Whether the answer was right, listed or not.
    pub fn answered_right(self) -> bool {
        matches!(self, Verdict::Passed | Verdict::UnexpectedPass)
    }

    /// Whether the answer was wrong (another URL or a rejection), listed or
    /// not.
    pub fn answered_wrong(self) -> bool {
        matches!(self, Verdict::Failed | Verdict::ExpectedFailure)
    }
}

/// Grades `answer` against what a vector `accepts`; `listed` says whether
/// the implementation is expected to fail the vector.
pub fn grade(accepts: Accepts<'_>, answer: &Answer, listed: bool) -> Verdict {
    if accepts == Accepts::Unstated && matches!(answer, Answer::Resolved(_) | Answer::Rejected(_)) {
        return Verdict::NoAnswer;
    }
    let right = match answer {
        Answer::Resolved(got) => accepts.admits(got),
        Answer::Rejected(_) => accepts.admits_rejection(),
        Answer::NotRepresentable(_) | Answer::Error(_) => false,
    };
    match (answer, listed) {
        (Answer::Resolved(_) | Answer::Rejected(_), false) if right => Verdict::Passed,
        (Answer::Resolved(_) | Answer::Rejected(_), true) if right => Verdict::UnexpectedPass,
        (Answer::Resolved(_) | Answer::Rejected(_), false) => Verdict::Failed,
        (Answer::Resolved(_) | Answer::Rejected(_), true) => Verdict::ExpectedFailure,
        (Answer::NotRepresentable(_), _) => Verdict::NotRepresentable,
        (Answer::Error(_), _) => Verdict::Error,
    }
}

/// Why an expected-failure id names no vector that an implementation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stale {
    /// It names a parse vector; implementations run resolve vectors only.
    ParseVector,
    /// No vector has this id.
    NoVector,
    /// A listed deviation explains no failure of a run of every vector.
    ExplainsNothing,
}

impl fmt::Display for Stale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stale::ParseVector => "it is a parse vector, which only the reference resolver runs",
            Stale::NoVector => "no vector has this id",
            Stale::ExplainsNothing => "the deviation explains no failure of this run",
        })
    }
}

/// The vectors an implementation is expected to fail, by id, with the
/// reason given for each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedFailures<'a> {
    reasons: HashMap<&'a str, &'a str>,
    /// The readings the implementation is held to (`rfc1808 run --reading`).
    held: Assignment,
    /// The spec whose answers grade (`rfc1808 run --spec`).
    spec: crate::Spec,
}

impl<'a> ExpectedFailures<'a> {
    /// The `(id, reason)` pairs; for an id given twice, the first reason.
    pub fn new(entries: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut reasons = HashMap::new();
        for (id, reason) in entries {
            reasons.entry(id).or_insert(reason);
        }
        ExpectedFailures {
            reasons,
            held: Assignment::none(),
            spec: crate::Spec::Rfc1808,
        }
    }

    /// Grades by `spec`'s answers rather than RFC 1808's.
    pub fn by_spec(mut self, spec: crate::Spec) -> Self {
        self.spec = spec;
        self
    }

    /// Holds the implementation to these readings: an answer under another
    /// reading of the same ambiguity fails.
    pub fn holding(mut self, held: Assignment) -> Self {
        self.held = held;
        self
    }

    /// The spec whose answers grade.
    pub fn spec(&self) -> crate::Spec {
        self.spec
    }

    /// What `vector` accepts from this implementation.
    pub fn accepts<'v>(&'v self, vector: &'v ResolveVector) -> Accepts<'v> {
        vector.accepts_by(self.spec, &self.held)
    }

    /// The ids alone, each with an empty reason.
    pub fn from_ids(ids: impl IntoIterator<Item = &'a str>) -> Self {
        Self::new(ids.into_iter().map(|id| (id, "")))
    }

    /// The reason given for `id`, if it is listed.
    pub fn reason(&self, id: &str) -> Option<&'a str> {
        self.reasons.get(id).copied()
    }

    /// Grades `answer` for `vector`.
    pub fn grade(&self, vector: &ResolveVector, answer: &Answer) -> Verdict {
        grade(
            self.accepts(vector),
            answer,
            self.reasons.contains_key(vector.id.as_str()),
        )
    }

    /// The listed resolve vectors of `corpus`, in corpus order.
    pub fn vectors<'c>(&self, corpus: &'c Corpus) -> Vec<&'c ResolveVector> {
        corpus
            .resolve
            .iter()
            .filter(|v| self.reasons.contains_key(v.id.as_str()))
            .collect()
    }
}

/// Whether `id`, listed as an expected failure, names a resolve vector of
/// `corpus`, and if not, why it is stale. Check against the whole corpus,
/// not the vectors a filter selected, so that an entry for a vector left out
/// of one run is not stale.
pub fn check_listed(corpus: &Corpus, id: &str) -> Result<(), Stale> {
    if corpus.resolve.iter().any(|v| v.id == id) {
        Ok(())
    } else if corpus.parse.iter().any(|v| v.id == id) {
        Err(Stale::ParseVector)
    } else {
        Err(Stale::NoVector)
    }
}

/// The readings of `spec`'s ambiguities that `answer` to `vector` follows,
/// whatever reading a run holds, so that an answer that fails only for
/// being another reading says so; `None` when the answer is no reading's,
/// or the vector's answer depends on no reading. A run's readings
/// ([`reading_reports`]) are gathered from these.
pub fn reading_followed(vector: &ResolveVector, spec: Spec, answer: &Answer) -> Option<Match> {
    match answer {
        // A rejection tells too, where a reading makes the reference an error.
        Answer::Resolved(_) | Answer::Rejected(_) => {
            vector.accepts_by(spec, &NO_READINGS).reading_of(answer)
        }
        Answer::NotRepresentable(_) | Answer::Error(_) => None,
    }
}

/// What an implementation did about one ambiguity over a run, and whether
/// that fails the run.
#[derive(Clone, Debug)]
pub struct ReadingReport {
    pub ambiguity: &'static Ambiguity,
    pub following: Following,
    /// The expectations entry that allows different readings here, if any.
    pub allowed: Option<Inconsistent>,
}

impl ReadingReport {
    /// One line: `empty-component=absent (7 vectors)`, or the disagreement,
    /// `empty-component: inconsistent: kept on a, b; absent on c`.
    pub fn describe(&self) -> String {
        let name = self.ambiguity.name;
        let mut out = match &self.following {
            Following::Follows { readings, vectors } if !readings.is_empty() => {
                let names: Vec<&str> = readings.iter().map(|r| r.name).collect();
                let n = vectors.len();
                format!(
                    "{name}={} ({n} vector{})",
                    names.join("|"),
                    if n == 1 { "" } else { "s" }
                )
            }
            Following::Follows { .. } => format!("{name}: no vector told"),
            Following::Inconsistent(_) => format!(
                "{name}: inconsistent: {}",
                self.following.disagreement().unwrap_or_default()
            ),
        };
        match (&self.allowed, self.fails_run()) {
            (Some(allowed), false) => out += &format!(" (allowed: {})", allowed.reason),
            (Some(allowed), true) => {
                out += &format!(
                    " but the expectations allow different readings ({}:{}); remove the entry",
                    "inconsistent-reading", allowed.line
                )
            }
            (None, true) => {
                out += "; list an `[[inconsistent-reading]]` in its expectations to allow it"
            }
            (None, false) => {}
        }
        out
    }

    /// Whether this fails the run: different readings not allowed, or
    /// allowed but not found (the expectations are out of date).
    pub fn fails_run(&self) -> bool {
        matches!(self.following, Following::Inconsistent(_)) != self.allowed.is_some()
    }
}

/// The reading followed of each ambiguity of `spec` that an answer told
/// something about (`followed`, gathered from [`reading_followed`]), in
/// registry order, then each ambiguity that the expectations entries
/// `allowed` let it follow different readings of and no answer told about.
pub fn reading_reports(
    spec: Spec,
    followed: &Followed,
    allowed: &[Inconsistent],
) -> Vec<ReadingReport> {
    let allowing = |name: &str| allowed.iter().find(|i| i.ambiguity == name).cloned();
    let mut out: Vec<ReadingReport> = followed
        .verdicts(spec)
        .into_iter()
        .map(|(ambiguity, following)| ReadingReport {
            ambiguity,
            allowed: allowing(ambiguity.name),
            following,
        })
        .collect();
    for allowed in allowed {
        if !out.iter().any(|r| r.ambiguity.name == allowed.ambiguity) {
            let registry = spec.registry();
            if let Some(ambiguity) = registry.iter().find(|a| a.name == allowed.ambiguity) {
                out.push(ReadingReport {
                    ambiguity,
                    following: Following::Follows {
                        readings: Vec::new(),
                        vectors: Vec::new(),
                    },
                    allowed: Some(allowed.clone()),
                });
            }
        }
    }
    out
}

/// The causes of a failed run that are not vector verdicts, counted for
/// its summary line: `2 stale expectations`, `1 inconsistent reading`.
pub fn other_causes(stale: usize, readings: &[ReadingReport]) -> Vec<String> {
    let mut out = Vec::new();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if stale > 0 {
        out.push(plural(stale, "stale expectation", "stale expectations"));
    }
    let inconsistent = readings
        .iter()
        .filter(|r| r.fails_run() && r.allowed.is_none())
        .count();
    let unneeded = readings
        .iter()
        .filter(|r| r.fails_run() && r.allowed.is_some())
        .count();
    if inconsistent > 0 {
        out.push(plural(
            inconsistent,
            "inconsistent reading",
            "inconsistent readings",
        ));
    }
    if unneeded > 0 {
        out.push(plural(
            unneeded,
            "stale inconsistent-reading entry",
            "stale inconsistent-reading entries",
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers() -> [Answer; 4] {
        [
            Answer::Resolved("http://a/b/c/g".into()),
            Answer::Resolved("http://a/g".into()),
            Answer::Rejected("bad".into()),
            Answer::Error("timed out".into()),
        ]
    }

    #[test]
    fn listing_flips_pass_and_fail_but_not_errors() {
        let accepts = Accepts::Exactly("http://a/b/c/g");
        let graded = |listed| {
            answers()
                .iter()
                .map(|a| grade(accepts, a, listed))
                .collect::<Vec<_>>()
        };
        use Verdict::*;
        assert_eq!(graded(false), [Passed, Failed, Failed, Error]);
        assert_eq!(
            graded(true),
            [UnexpectedPass, ExpectedFailure, ExpectedFailure, Error]
        );
        assert_eq!(
            grade(accepts, &Answer::NotRepresentable("NUL".into()), true),
            NotRepresentable
        );
        // A vector with no answer under the spec judges no answer, listed
        // or not; an error is still an error.
        for listed in [false, true] {
            assert_eq!(
                answers().map(|a| grade(Accepts::Unstated, &a, listed)),
                [NoAnswer, NoAnswer, NoAnswer, Error]
            );
        }
        assert!(!NoAnswer.fails_run() && !NoAnswer.answered_right() && !NoAnswer.answered_wrong());
        let fails: Vec<Verdict> = Verdict::ALL.into_iter().filter(|v| v.fails_run()).collect();
        assert_eq!(fails, [Failed, UnexpectedPass, Error]);
    }

    #[test]
    fn any_reading_passes_unless_another_is_held() {
        let corpus = crate::embedded();
        let v = corpus
            .resolve
            .iter()
            .find(|v| v.id == "interpretation/trailing-hash")
            .unwrap();
        let kept = Answer::Resolved("http://a/b/c/g#".into());
        let absent = Answer::Resolved("http://a/b/c/g".into());
        let listed = ExpectedFailures::default();
        assert_eq!(listed.grade(v, &kept), Verdict::Passed);
        assert_eq!(listed.grade(v, &absent), Verdict::Passed);
        assert_eq!(
            listed.grade(v, &Answer::Resolved("http://a/b/c/g#f".into())),
            Verdict::Failed
        );
        assert_eq!(
            v.accepts().reading("http://a/b/c/g").unwrap().to_string(),
            "empty-component=absent"
        );
        let held = Assignment::parse(crate::Spec::Rfc1808, "empty-component=kept").unwrap();
        let listed = ExpectedFailures::default().holding(held);
        assert_eq!(listed.grade(v, &kept), Verdict::Passed);
        assert_eq!(listed.grade(v, &absent), Verdict::Failed);
    }

    #[test]
    fn a_rejection_passes_where_a_reading_makes_the_reference_an_error() {
        let corpus = crate::embedded();
        let v = corpus
            .resolve
            .iter()
            .find(|v| v.id == "rfc3986-5.4.2/too-many-dot-dot")
            .unwrap();
        let rejected = Answer::Rejected("above the root".into());
        let rfc2396 = |held: &str| {
            ExpectedFailures::default()
                .by_spec(crate::Spec::Rfc2396)
                .holding(Assignment::parse(crate::Spec::Rfc2396, held).unwrap())
        };
        assert_eq!(rfc2396("").grade(v, &rejected), Verdict::Passed);
        assert_eq!(
            rfc2396("")
                .accepts(v)
                .reading_of(&rejected)
                .unwrap()
                .to_string(),
            "above-root=error"
        );
        assert_eq!(
            rfc2396("")
                .accepts(v)
                .reading_of(&Answer::Resolved("http://a/g".into()))
                .unwrap()
                .to_string(),
            "above-root=removed"
        );
        // Held to another reading, or under a spec with no such reading, a
        // rejection fails as before.
        assert_eq!(
            rfc2396("above-root=kept").grade(v, &rejected),
            Verdict::Failed
        );
        assert_eq!(
            ExpectedFailures::default()
                .by_spec(crate::Spec::Rfc3986)
                .grade(v, &rejected),
            Verdict::Failed
        );
        assert_eq!(
            ExpectedFailures::default().grade(v, &rejected),
            Verdict::Failed
        );
        assert_eq!(
            rfc2396("above-root=error").grade(v, &Answer::Resolved("http://a/../g".into())),
            Verdict::Failed
        );
    }

    #[test]
    fn undefined_vectors_accept_anything_and_rejections() {
        let corpus = crate::embedded();
        let v = corpus
            .resolve
            .iter()
            .find(|v| v.id == "interpretation/national-tilde")
            .unwrap();
        assert_eq!(v.accepts(), Accepts::Anything);
        let listed = ExpectedFailures::default();
        assert_eq!(
            listed.grade(v, &Answer::Rejected("bad ~".into())),
            Verdict::Passed
        );
        assert_eq!(
            listed.grade(v, &Answer::Resolved("x".into())),
            Verdict::Passed
        );
        assert_eq!(
            listed.grade(v, &Answer::Error("crash".into())),
            Verdict::Error
        );
    }

    #[test]
    fn a_vector_with_no_answer_under_the_spec_is_no_pass() {
        let mut corpus = Corpus::default();
        corpus
            .add_str(
                "mine.toml",
                "[[resolve]]\nid = \"regression/1\"\nbase = \"http://a\"\nrelative = \"//%aa@\"\n\
                 expected = \"http://%aa@\"\nsource = \"s\"\ntags = []\n",
            )
            .unwrap();
        let v = &corpus.resolve[0];
        let rfc3986 = ExpectedFailures::default().by_spec(crate::Spec::Rfc3986);
        assert_eq!(rfc3986.accepts(v), Accepts::Unstated);
        assert_eq!(
            rfc3986.grade(v, &Answer::Rejected("URIError".into())),
            Verdict::NoAnswer
        );
        assert_eq!(
            rfc3986.grade(v, &Answer::Resolved("http://%aa@".into())),
            Verdict::NoAnswer
        );
        assert_eq!(
            ExpectedFailures::default().grade(v, &Answer::Rejected("URIError".into())),
            Verdict::Failed
        );
    }

    #[test]
    fn listed_ids_name_resolve_vectors_or_are_stale() {
        let corpus = crate::embedded();
        assert_eq!(check_listed(&corpus, "rfc1808-5.1/g"), Ok(()));
        let parse = &corpus.parse[0].id;
        assert_eq!(check_listed(&corpus, parse), Err(Stale::ParseVector));
        assert_eq!(
            check_listed(&corpus, "no/such-id").unwrap_err().to_string(),
            "no vector has this id"
        );
        let listed = ExpectedFailures::from_ids(["rfc1808-5.1/g-slash", parse, "rfc1808-5.1/g"]);
        let ids: Vec<&str> = listed
            .vectors(&corpus)
            .iter()
            .map(|v| v.id.as_str())
            .collect();
        assert_eq!(
            ids,
            ["rfc1808-5.1/g", "rfc1808-5.1/g-slash"],
            "corpus order"
        );
        let g = listed.vectors(&corpus)[0];
        assert_eq!(
            listed.grade(g, &Answer::Resolved(g.expected.clone())),
            Verdict::UnexpectedPass
        );
    }
}
