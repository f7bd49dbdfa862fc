//! Answers under readings: what a vector's `readings` table means, which
//! readings an implementation's answer matches, and which reading of each
//! ambiguity an implementation followed across a run.
//!
//! The registry of ambiguities and readings is the resolver's
//! ([`Spec::registry`]); this module only refers to it by name.

use std::collections::BTreeMap;
use std::fmt;

use rfc1808_resolver::readings::{Ambiguity, Reading};
use rfc1808_resolver::spec::Reference;

use crate::{Corpus, Spec};

/// A reading of one or more ambiguities: `empty-component=absent` or
/// `empty-component=absent,entirely-empty=components`. Pairs are kept in
/// registry order, each ambiguity at most once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pairs: Vec<(&'static Ambiguity, &'static Reading)>,
}

impl Default for Assignment {
    fn default() -> Self {
        Assignment::none()
    }
}

impl Assignment {
    /// `spec`'s reference under these readings, the defaults but where it
    /// names one. It must be an assignment of `spec`'s readings, as
    /// [`Assignment::parse`] made it for that spec.
    pub fn reference(&self, spec: Spec) -> Reference {
        Reference::with(spec, self.pairs.iter().map(|(a, r)| (a.name, r.name)))
            .expect("an assignment of the spec's readings")
    }

    /// No reading.
    pub const fn none() -> Self {
        Assignment { pairs: Vec::new() }
    }

    /// Whether it names no reading.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Parses `AMBIGUITY=READING[,AMBIGUITY=READING...]` against `spec`'s
    /// registry.
    pub fn parse(spec: Spec, text: &str) -> Result<Self, String> {
        let ambiguities = spec.registry();
        let mut pairs: Vec<(&'static Ambiguity, &'static Reading)> = Vec::new();
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let Some((name, value)) = pair.split_once('=') else {
                return Err(format!("`{pair}` is not of the form `AMBIGUITY=READING`"));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(a) = ambiguities.iter().find(|a| a.name == name) else {
                return Err(if ambiguities.is_empty() {
                    format!("unknown ambiguity `{name}`: {spec} has no named readings")
                } else {
                    format!(
                        "unknown ambiguity `{name}`, expected one of {}",
                        quoted(ambiguities.iter().map(|a| a.name))
                    )
                });
            };
            let Some(r) = a.reading(value) else {
                return Err(format!(
                    "ambiguity `{name}` has no reading `{value}`, expected one of {}",
                    quoted(a.readings.iter().map(|r| r.name))
                ));
            };
            if pairs.iter().any(|(b, _)| b.name == a.name) {
                return Err(format!("ambiguity `{name}` is given twice"));
            }
            pairs.push((a, r));
        }
        pairs.sort_by_key(|(a, _)| position(spec, a));
        Ok(Assignment { pairs })
    }

    /// The pairs, in registry order.
    pub fn pairs(&self) -> &[(&'static Ambiguity, &'static Reading)] {
        &self.pairs
    }

    /// The reading this assignment gives `ambiguity`, if any.
    pub fn reading_of(&self, ambiguity: &str) -> Option<&'static Reading> {
        self.pairs
            .iter()
            .find(|(a, _)| a.name == ambiguity)
            .map(|(_, r)| *r)
    }

    /// Whether `choice` (one reading per ambiguity) gives every pair.
    fn within(&self, choice: &Choice) -> bool {
        self.pairs
            .iter()
            .all(|(a, r)| choice.reading_of(a.name).is_some_and(|c| c.name == r.name))
    }
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (a, r)) in self.pairs.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}={}", a.name, r.name)?;
        }
        Ok(())
    }
}

fn quoted(names: impl Iterator<Item = &'static str>) -> String {
    names
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn position(spec: Spec, a: &Ambiguity) -> usize {
    spec.registry()
        .iter()
        .position(|b| b.name == a.name)
        .unwrap_or(usize::MAX)
}

/// One reading for each of a vector's ambiguities.
type Choice = Assignment;

/// What a spec gives under some readings: a URL, or an error.
///
/// `readings.SPEC` values are `"URL"` or `{ rejects = "why" }`; the
/// borrowed form `Stated<&str>` is what [`SpecAnswers::answer_under`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stated<S = String> {
    /// The reference resolves to this URL.
    Resolves(S),
    /// The spec makes resolving the reference an error, for this reason
    /// (RFC 2396 step 6g under `above-root=error`).
    Rejects(S),
}

impl<S: AsRef<str>> Stated<S> {
    /// The borrowed form.
    pub fn as_deref(&self) -> Stated<&str> {
        match self {
            Stated::Resolves(url) => Stated::Resolves(url.as_ref()),
            Stated::Rejects(why) => Stated::Rejects(why.as_ref()),
        }
    }

    /// The URL, unless it is a rejection.
    pub fn url(&self) -> Option<&str> {
        match self {
            Stated::Resolves(url) => Some(url.as_ref()),
            Stated::Rejects(_) => None,
        }
    }
}

impl<S: AsRef<str>> fmt::Display for Stated<S> {
    /// The URL quoted as in a vector file, or `rejected (why)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stated::Resolves(url) => write!(f, "{:?}", url.as_ref()),
            Stated::Rejects(why) => write!(f, "rejected ({})", why.as_ref()),
        }
    }
}

/// One spec's answers to a resolve vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecAnswers {
    pub spec: Spec,
    /// The answer under the spec's default readings; empty when the spec
    /// fails the case ([`SpecAnswers::rejects`]).
    pub expected: String,
    /// Why the spec fails the case under its default readings, when it
    /// does: the URL Standard's failure (`expected.whatwg = { rejects =
    /// "why" }`). The RFCs resolve every case they define.
    pub rejects: Option<String>,
    /// The answers under other readings, as written (`readings.SPEC`).
    pub readings: Vec<(Assignment, Stated)>,
    /// Why the spec does not define this case, when it does not: any answer
    /// or a rejection passes (`undefined.SPEC`).
    pub undefined: Option<String>,
    /// Why the answer is what it is under this spec (`note`, or
    /// `note.SPEC`).
    pub note: Option<String>,
}

/// Which readings of a vector's ambiguities give an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// For every ambiguity the vector's answers depend on (registry order),
    /// the readings under which the answer is the one given.
    pub readings: Vec<(&'static Ambiguity, Vec<&'static Reading>)>,
}

impl Match {
    /// The ambiguities this answer tells something about: those with a
    /// reading that would have given another answer, with the readings
    /// that give this one.
    pub fn decided(&self) -> impl Iterator<Item = (&'static Ambiguity, &[&'static Reading])> {
        self.readings
            .iter()
            .filter(|(a, rs)| rs.len() < a.readings.len())
            .map(|(a, rs)| (*a, rs.as_slice()))
    }
}

impl fmt::Display for Match {
    /// `empty-component=absent,entirely-empty=string`; a reading that could
    /// be either of two is `a=x|y`. Empty when nothing is decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (a, rs)) in self.decided().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let names: Vec<&str> = rs.iter().map(|r| r.name).collect();
            write!(f, "{}={}", a.name, names.join("|"))?;
        }
        Ok(())
    }
}

impl SpecAnswers {
    /// `expected` alone: no other reading's answer, defined, no note.
    pub fn new(spec: Spec, expected: String) -> Self {
        SpecAnswers {
            spec,
            expected,
            rejects: None,
            readings: Vec::new(),
            undefined: None,
            note: None,
        }
    }

    /// The ambiguities the answers depend on: those the `readings` keys
    /// name, in registry order.
    pub fn ambiguities(&self) -> Vec<&'static Ambiguity> {
        let mut out: Vec<&'static Ambiguity> = Vec::new();
        for (assignment, _) in &self.readings {
            for (a, _) in assignment.pairs() {
                if !out.iter().any(|b| b.name == a.name) {
                    out.push(a);
                }
            }
        }
        out.sort_by_key(|a| position(self.spec, a));
        out
    }

    /// Every choice of one reading per ambiguity of [`Self::ambiguities`],
    /// the defaults first.
    pub fn choices(&self) -> Vec<Assignment> {
        let mut all = vec![Assignment { pairs: Vec::new() }];
        for a in self.ambiguities() {
            all = all
                .into_iter()
                .flat_map(|c| {
                    a.readings.iter().map(move |r| {
                        let mut pairs = c.pairs.clone();
                        pairs.push((a, r));
                        Assignment { pairs }
                    })
                })
                .collect();
        }
        all
    }

    /// The answer under the spec's default readings: `expected`, or the
    /// failure of [`SpecAnswers::rejects`].
    pub fn default_answer(&self) -> Stated<&str> {
        match &self.rejects {
            Some(why) => Stated::Rejects(why),
            None => Stated::Resolves(&self.expected),
        }
    }

    /// The default answer as a report shows it: the URL quoted, or `a
    /// rejection (why)`.
    pub fn shown(&self) -> String {
        match self.default_answer() {
            Stated::Resolves(url) => format!("{url:?}"),
            Stated::Rejects(why) => format!("a rejection ({why})"),
        }
    }

    /// The answer under `choice`, which gives a reading to each of the
    /// vector's ambiguities (more are ignored): the value of the most
    /// specific key within it, else `expected`. An error names the keys
    /// that tie with different answers.
    pub fn answer_under(&self, choice: &Assignment) -> Result<Stated<&str>, String> {
        let expected = self.default_answer();
        let within = || self.readings.iter().filter(|(key, _)| key.within(choice));
        // The most specific keys first: two smaller keys that disagree are
        // no tie when a larger key decides between them.
        let Some(most) = within().map(|(key, _)| key.pairs().len()).max() else {
            return Ok(expected);
        };
        let mut best: Option<(&Assignment, Stated<&str>)> = None;
        for (key, answer) in within().filter(|(key, _)| key.pairs().len() == most) {
            let answer = answer.as_deref();
            match best {
                Some((other, theirs)) if theirs != answer => {
                    return Err(format!(
                        "under `{choice}`, `{other}` and `{key}` give different answers; \
                         add a key for `{choice}`"
                    ));
                }
                _ => best = Some((key, answer)),
            }
        }
        Ok(best.map_or(expected, |(_, answer)| answer))
    }

    /// Checks that every choice has one answer.
    pub(crate) fn check(&self) -> Result<(), String> {
        for choice in self.choices() {
            self.answer_under(&choice)?;
        }
        Ok(())
    }

    /// Which readings give `got`, among the choices that keep every reading
    /// `held` names; `None` if none of them does.
    pub fn judge(&self, got: &str, held: &Assignment) -> Option<Match> {
        self.judge_by(held, |stated| stated == Stated::Resolves(got))
    }

    /// Which readings make the reference an error, among the choices that
    /// keep every reading `held` names; `None` if none of them does. A
    /// rejection's own message is not compared: specs say that a case is an
    /// error, not what to print.
    pub fn judge_rejection(&self, held: &Assignment) -> Option<Match> {
        self.judge_by(held, |stated| matches!(stated, Stated::Rejects(_)))
    }

    fn judge_by(&self, held: &Assignment, gives: impl Fn(Stated<&str>) -> bool) -> Option<Match> {
        let ambiguities = self.ambiguities();
        let mut readings: Vec<(&'static Ambiguity, Vec<&'static Reading>)> =
            ambiguities.iter().map(|a| (*a, Vec::new())).collect();
        let mut any = false;
        for choice in self.choices() {
            let keeps_held = held
                .pairs()
                .iter()
                .all(|(a, r)| choice.reading_of(a.name).is_none_or(|c| c.name == r.name));
            if !keeps_held || !self.answer_under(&choice).is_ok_and(&gives) {
                continue;
            }
            any = true;
            for (a, r) in choice.pairs() {
                let slot = &mut readings
                    .iter_mut()
                    .find(|(b, _)| b.name == a.name)
                    .expect("choices cover the ambiguities")
                    .1;
                if !slot.iter().any(|s| s.name == r.name) {
                    slot.push(r);
                }
            }
        }
        any.then(|| {
            for (a, rs) in &mut readings {
                rs.sort_by_key(|r| a.readings.iter().position(|s| s.name == r.name));
            }
            Match { readings }
        })
    }
}

/// What one implementation did about one ambiguity over a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Following {
    /// Every vector that tells agrees with these readings (one, unless the
    /// ambiguity has more than two).
    Follows {
        readings: Vec<&'static Reading>,
        /// The vectors that told.
        vectors: Vec<String>,
    },
    /// Vectors that tell disagree: each group of vector ids with the
    /// readings it allows.
    Inconsistent(Vec<(Vec<&'static Reading>, Vec<String>)>),
}

impl Following {
    /// The disagreement, when the vectors that tell disagree: `kept on a,
    /// b; absent on c`, the text of an `[[inconsistent-reading]]` reason
    /// and of a report's reading line.
    pub fn disagreement(&self) -> Option<String> {
        let Following::Inconsistent(groups) = self else {
            return None;
        };
        let groups: Vec<String> = groups
            .iter()
            .map(|(readings, ids)| {
                let names: Vec<&str> = readings.iter().map(|r| r.name).collect();
                format!("{} on {}", names.join("|"), ids.join(", "))
            })
            .collect();
        Some(groups.join("; "))
    }
}

/// The readings an implementation followed, gathered over the vectors it
/// answered as some reading does.
#[derive(Clone, Debug, Default)]
pub struct Followed {
    /// By ambiguity name: the ambiguity, then each telling vector's id and
    /// the readings its answer allows.
    seen: BTreeMap<&'static str, (&'static Ambiguity, Vec<Evidence>)>,
}

/// A vector's id and the readings its answer allows.
type Evidence = (String, Vec<&'static Reading>);

impl Followed {
    /// Records what the answer to vector `id` tells.
    pub fn observe(&mut self, id: &str, answer: &Match) {
        for (a, rs) in answer.decided() {
            self.seen
                .entry(a.name)
                .or_insert_with(|| (a, Vec::new()))
                .1
                .push((id.to_owned(), rs.to_vec()));
        }
    }

    /// For each ambiguity some vector told about, in `spec`'s registry
    /// order: the reading followed, or the disagreement.
    pub fn verdicts(&self, spec: Spec) -> Vec<(&'static Ambiguity, Following)> {
        let mut out: Vec<(&'static Ambiguity, Following)> = self
            .seen
            .values()
            .map(|(a, told)| {
                let common: Vec<&'static Reading> = a
                    .readings
                    .iter()
                    .filter(|r| {
                        told.iter()
                            .all(|(_, rs)| rs.iter().any(|s| s.name == r.name))
                    })
                    .collect();
                let following = if common.is_empty() {
                    let mut groups: Vec<(Vec<&'static Reading>, Vec<String>)> = Vec::new();
                    for (id, rs) in told {
                        match groups.iter_mut().find(|(g, _)| g == rs) {
                            Some((_, ids)) => ids.push(id.clone()),
                            None => groups.push((rs.clone(), vec![id.clone()])),
                        }
                    }
                    Following::Inconsistent(groups)
                } else {
                    Following::Follows {
                        readings: common,
                        vectors: told.iter().map(|(id, _)| id.clone()).collect(),
                    }
                };
                (*a, following)
            })
            .collect();
        out.sort_by_key(|(a, _)| position(spec, a));
        out
    }
}

/// `docs/readings.md`: the ambiguity table of `spec`'s registry; for RFC
/// 2396 and RFC 3986, what the spec says of normalizing the base
/// (`BASE_NORMALIZATION` of its registry); each ambiguity with its
/// readings, the sentence behind each, the default and why, and the
/// vectors that carry its readings' answers; then the vectors the spec
/// leaves undefined. A test keeps the file equal to this.
pub fn markdown(corpus: &Corpus, spec: Spec) -> String {
    let name = &spec.title();
    let mut out = format!(
        "# Readings of {name}\n\n\
         <!-- Generated from the registry in `resolver/src/{registry}` and the vectors; \
         `cargo test -p rfc1808-vectors --test {test}` fails when this file differs. \
         Regenerate with `UPDATE_READINGS=1 cargo test -p rfc1808-vectors --test {test}`. -->\n\n\
         Where {name} can be read more than one way, each reading has a name. The \
         reference resolver runs under any choice ({api}). A vector whose answer \
         depends on a reading carries each reading's answer (`readings.{spec}` in \
         `vectors/*.toml`, documented in `vectors/README.md`). `rfc1808 run` passes an answer \
         that matches any reading, names the reading each implementation followed, and fails \
         an implementation that follows one reading of an ambiguity on some vectors and \
         another on others, unless its expectations file allows it; `rfc1808 run --reading \
         NAME=VALUE` holds an implementation to the reading it documents. The first reading \
         of each ambiguity is the project's default, the one `expected` holds.\n\n\
         | ambiguity | readings (default first) | sections | vectors |\n|---|---|---|---|\n",
        registry = spec.registry_file(),
        test = if spec == Spec::default() {
            "readings"
        } else {
            "later_rfcs"
        },
        api = spec.api(),
    );
    for a in spec.registry() {
        let readings: Vec<String> = a.readings.iter().map(|r| format!("`{}`", r.name)).collect();
        out += &format!(
            "| [`{}`](#{}) | {} | {} | {} |\n",
            a.name,
            a.name,
            readings.join(", "),
            a.sections,
            vectors_of(corpus, spec, a).len()
        );
    }
    if let Some(text) = spec.base_normalization() {
        out += &format!("\n## Normalizing the base\n\n{text}\n");
    }
    for a in spec.registry() {
        ambiguity_section(&mut out, corpus, spec, a);
    }
    undefined_section(&mut out, corpus, spec);
    out
}

/// For [`markdown`]: the ids of the vectors of `corpus` whose answers
/// under `spec` depend on `a`.
fn vectors_of<'c>(corpus: &'c Corpus, spec: Spec, a: &Ambiguity) -> Vec<&'c str> {
    corpus
        .resolve
        .iter()
        .filter(|v| {
            v.answers(spec)
                .is_some_and(|s| s.ambiguities().iter().any(|b| b.name == a.name))
        })
        .map(|v| v.id.as_str())
        .collect()
}

/// For [`markdown`]: the section of the ambiguity `a` of `spec`, added to
/// `out`.
fn ambiguity_section(out: &mut String, corpus: &Corpus, spec: Spec, a: &Ambiguity) {
    *out += &format!("\n## {}\n\n{}\n\n", a.name, a.question);
    for (i, r) in a.readings.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        *out += &format!(
            "- `{}={}`{default}: {}\n  - {}\n",
            a.name, r.name, r.meaning, r.support
        );
    }
    *out += &format!("\nWhy the default: {}\n\nVectors:", a.why_default);
    for id in vectors_of(corpus, spec, a) {
        *out += &format!(" `{id}`");
    }
    *out += "\n";
}

/// For [`markdown`]: the section of the vectors `spec` leaves undefined,
/// added to `out`.
fn undefined_section(out: &mut String, corpus: &Corpus, spec: Spec) {
    let name = &spec.title();
    *out += &format!(
        "\n## Undefined by {name}\n\n\
         Inputs outside its grammar: {name} does not say what they resolve to, so \
         any answer, or a rejection, passes (`undefined.{spec}`); the report still shows what \
         the implementation did, and `expected` keeps the reference resolver's answer.\n\n\
         | vector | base | relative | why |\n|---|---|---|---|\n"
    );
    for v in &corpus.resolve {
        if let Some(why) = v.answers(spec).and_then(|s| s.undefined.as_deref()) {
            *out += &format!(
                "| `{}` | `{}` | `{}` | {} |\n",
                v.id,
                v.base.as_deref().unwrap_or("(none)"),
                v.relative,
                why.replace('|', "\\|")
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_only() -> SpecAnswers {
        let corpus = crate::embedded();
        corpus
            .resolve
            .iter()
            .find(|v| v.id == "interpretation/fragment-only-empty")
            .unwrap()
            .rfc1808()
            .clone()
    }

    fn assignment(text: &str) -> Assignment {
        Assignment::parse(Spec::Rfc1808, text).unwrap()
    }

    #[test]
    fn the_most_specific_key_decides_and_expected_fills_the_rest() {
        let a = hash_only();
        let names: Vec<&str> = a.ambiguities().iter().map(|a| a.name).collect();
        assert_eq!(names, ["empty-component", "entirely-empty"]);
        let under = |text: &str| {
            let answer = a.answer_under(&assignment(text)).unwrap();
            answer.url().unwrap().to_owned()
        };
        assert_eq!(
            under("empty-component=kept,entirely-empty=string"),
            "http://a/b/c/d;p?q#"
        );
        assert_eq!(
            under("empty-component=absent,entirely-empty=string"),
            "http://a/b/c/d;p?q"
        );
        assert_eq!(
            under("empty-component=absent,entirely-empty=components"),
            "http://a/b/c/d;p?q#f"
        );
        assert_eq!(a.choices().len(), 4);
    }

    #[test]
    fn judging_an_answer_gives_the_readings_that_give_it() {
        let a = hash_only();
        let none = Assignment::none();
        let base = a.judge("http://a/b/c/d;p?q#f", &none).unwrap();
        // Both readings of empty-component give the whole base under
        // `components`, so only entirely-empty is decided.
        assert_eq!(base.to_string(), "entirely-empty=components");
        let absent = a.judge("http://a/b/c/d;p?q", &none).unwrap();
        assert_eq!(
            absent.to_string(),
            "empty-component=absent,entirely-empty=string"
        );
        assert_eq!(a.judge("http://a/b/c/d;p?q#x", &none), None);
        // Held to `kept`, the absent answer is no reading's.
        assert_eq!(
            a.judge("http://a/b/c/d;p?q", &assignment("empty-component=kept")),
            None
        );
        assert!(a
            .judge("http://a/b/c/d;p?q#f", &assignment("empty-component=kept"))
            .is_some());
    }

    #[test]
    fn followed_readings_agree_or_are_inconsistent_by_group() {
        let a = hash_only();
        let none = Assignment::none();
        let mut f = Followed::default();
        f.observe("t/one", &a.judge("http://a/b/c/d;p?q", &none).unwrap());
        f.observe("t/two", &a.judge("http://a/b/c/d;p?q#f", &none).unwrap());
        let verdicts = f.verdicts(Spec::Rfc1808);
        let shown: Vec<(&str, String)> = verdicts
            .iter()
            .map(|(a, following)| {
                let text = match following {
                    Following::Follows { readings, vectors } => format!(
                        "{} on {}",
                        readings
                            .iter()
                            .map(|r| r.name)
                            .collect::<Vec<_>>()
                            .join("|"),
                        vectors.join(",")
                    ),
                    Following::Inconsistent(groups) => groups
                        .iter()
                        .map(|(rs, ids)| {
                            format!(
                                "{} on {}",
                                rs.iter().map(|r| r.name).collect::<Vec<_>>().join("|"),
                                ids.join(",")
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; "),
                };
                (a.name, text)
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("empty-component", "absent on t/one".to_owned()),
                (
                    "entirely-empty",
                    "string on t/one; components on t/two".to_owned()
                ),
            ]
        );
        assert!(matches!(verdicts[1].1, Following::Inconsistent(_)));
    }

    #[test]
    fn assignments_are_checked_and_kept_in_registry_order() {
        assert_eq!(
            assignment("escaped-dots=decoded, empty-component=absent").to_string(),
            "empty-component=absent,escaped-dots=decoded"
        );
        assert!(assignment("").is_empty());
        assert_eq!(
            Assignment::parse(Spec::Rfc3986, "a=b").unwrap_err(),
            "unknown ambiguity `a`, expected one of `same-scheme`, `base-case`, \
             `base-percent-encoding`, `base-dot-segments`, `base-port`, `base-empty-path`, \
             `escaped-dots`, `double-slash-path`"
        );
        assert_eq!(
            Assignment::parse(Spec::Rfc1808, "empty-component=kept,empty-component=absent")
                .unwrap_err(),
            "ambiguity `empty-component` is given twice"
        );
    }
}
