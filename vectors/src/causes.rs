//! Root causes: which deviations of the catalogue
//! ([`rfc1808_resolver::deviations`]) explain a wrong answer, under a spec
//! and any of its readings. Every runner asks here, so that `rfc1808 run`,
//! `rfc1808 fuzz` and the reports name the same causes.

use rfc1808_resolver::deviations::{self, Deviation, Explanation, Id, Set, CATALOGUE};
use rfc1808_resolver::spec::{Reference, Resolved};

use crate::grade::{Answer, ExpectedFailures, Verdict};
use crate::Spec;

/// `answer` as [`deviations::explain`] and [`deviations::Wanted`] take
/// it: a URL, or `Err` for a rejection; `None` when it is no answer (an
/// error, a case that cannot be sent) or a rejection that is a [`fault`]
/// of the library, which no deviation gives.
pub fn as_wanted(answer: &Answer) -> Option<Result<&str, ()>> {
    match answer {
        Answer::Resolved(url) => Some(Ok(url.as_str())),
        Answer::Rejected(message) if fault(message).is_some() => None,
        Answer::Rejected(_) => Some(Err(())),
        Answer::NotRepresentable(_) | Answer::Error(_) => None,
    }
}

/// The words of a rejection message that name a fault of the library
/// rather than a refusal of the URL: a decoder's error, a crash, an
/// exception its own code did not expect. Such a rejection is no
/// deviation's: a deviation that rejects (an empty host refused, an
/// unknown scheme) explains a refusal, and must not hide a crash on a
/// case it happens to cover (`//%aa@` refused by `decodeURIComponent`'s
/// `URIError`, where the empty host is not the reason).
pub const FAULTS: &[&str] = &[
    // Decoders.
    "URIError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "MalformedInputException",
    // Crashes and runaway recursion.
    "panic:",
    "panicked at",
    "stack overflow",
    "StackOverflowError",
    "RecursionError",
    "Maximum call stack size exceeded",
    "Segmentation fault",
    // The library's own code failing on a value it did not expect.
    "NoMethodError",
    "NullPointerException",
    "AttributeError",
    "IndexError",
    "KeyError",
    "IndexOutOfBoundsException",
    "Cannot read properties of",
    "is not a function",
];

/// The word of [`FAULTS`] that `message`, a rejection's, holds, if any,
/// as a word of its own: `URIError` names a decoder, Ruby's
/// `URI::InvalidURIError` a refusal.
pub fn fault(message: &str) -> Option<&'static str> {
    FAULTS.iter().copied().find(|word| {
        message.match_indices(word).any(|(at, _)| {
            !message[..at]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
        })
    })
}

/// Explains answers under one spec, trying `listed` (the deviations an
/// expectations file accepts) first.
pub struct Explainer {
    spec: Spec,
    /// The spec's reference under each choice of its readings, the
    /// defaults first.
    references: &'static [Reference],
    listed: Set,
}

impl Explainer {
    pub fn new(spec: Spec, listed: Set) -> Explainer {
        Explainer {
            spec,
            references: Reference::every(spec),
            listed,
        }
    }

    /// The same spec and its references, trying `listed` first.
    pub fn listing(&self, listed: Set) -> Explainer {
        Explainer {
            spec: self.spec,
            references: self.references,
            listed,
        }
    }

    /// What explains `answer` for `relative` against `base` (`None`: an
    /// absolute parse, [`deviations::explain_parse`]): `None` when it is no
    /// answer (an error, a case that cannot be sent), or an absolute parse
    /// under a spec whose deviations model only resolutions.
    pub fn explain(
        &self,
        base: Option<&str>,
        relative: &str,
        answer: &Answer,
    ) -> Option<Explanation> {
        if let Answer::Rejected(message) = answer {
            if fault(message).is_some() {
                return Some(Explanation::Unexplained);
            }
        }
        let answer = as_wanted(answer)?;
        let Some(base) = base else {
            return deviations::explain_parse(self.spec, relative, answer);
        };
        let resolvers: Vec<_> = self
            .references
            .iter()
            .map(|r| move |b: &str, rel: &str| r.resolve(b, rel))
            .collect();
        let references: Vec<deviations::Reference<'_>> = resolvers
            .iter()
            .map(|r| r as deviations::Reference<'_>)
            .collect();
        Some(deviations::explain(
            &references,
            self.spec,
            base,
            relative,
            answer,
            self.listed,
        ))
    }

    /// Whether the reference with the deviations of `set`, under some
    /// reading, gives `answer` (`false` when it is no answer): one set
    /// checked, not a search, for a runner that remembers the sets it has
    /// found and checks them before searching again, as `rfc1808 fuzz`
    /// does. It does not say that `set` is the smallest that does.
    pub fn gives(&self, set: Set, base: &str, relative: &str, answer: &Answer) -> bool {
        gives_under(self.references, set, base, relative, answer)
    }

    /// [`Explainer::gives`] under the spec's default readings only: one
    /// resolution, for a runner that tries several sets to find the one
    /// that gives the answer first this way, as it usually does.
    pub fn gives_by_default(&self, set: Set, base: &str, relative: &str, answer: &Answer) -> bool {
        gives_under(&self.references[..1], set, base, relative, answer)
    }

    /// The spec it explains under.
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The deviations it tries first.
    pub fn listed(&self) -> Set {
        self.listed
    }
}

/// Whether one of `references`, with the deviations of `set`, gives
/// `answer` for `relative` against `base`.
fn gives_under(
    references: &[Reference],
    set: Set,
    base: &str,
    relative: &str,
    answer: &Answer,
) -> bool {
    let Some(answer) = as_wanted(answer) else {
        return false;
    };
    let wanted = deviations::Wanted::new(answer);
    references.iter().any(|r| {
        let resolve = |b: &str, rel: &str| r.resolve(b, rel);
        wanted.given_by(set, &deviations::resolve(&resolve, set, base, relative))
    })
}

/// One answer graded, by the list and then by cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradedAnswer {
    /// The verdict.
    pub verdict: Verdict,
    /// The verdict by the listed ids and readings alone, before causes.
    pub by_list: Verdict,
    /// What explains a wrong answer: `None` for a right one, or one that
    /// is no answer.
    pub explanation: Option<Explanation>,
}

/// The verdict on `answer` to `vector`: graded by the expectations'
/// listed ids and readings (`listed`), then by cause, a wrong answer (or
/// rejection) not listed by id that the listed deviations explain being an
/// expected failure. Every runner grades here: `rfc1808 run`, the reports
/// and the `libtest` suite.
pub fn grade(
    listed: &ExpectedFailures<'_>,
    explainer: &Explainer,
    vector: &crate::ResolveVector,
    answer: &Answer,
) -> GradedAnswer {
    let by_list = listed.grade(vector, answer);
    if !by_list.answered_wrong() {
        return GradedAnswer {
            verdict: by_list,
            by_list,
            explanation: None,
        };
    }
    let explanation = explainer.explain(vector.base.as_deref(), &vector.relative, answer);
    let verdict = match explanation {
        Some(Explanation::By(set)) if set.is_subset(explainer.listed()) => Verdict::ExpectedFailure,
        _ => by_list,
    };
    GradedAnswer {
        verdict,
        by_list,
        explanation,
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

/// Wrong answers that one set of deviations explains: one vector's, or
/// the mismatches of one kind in a fuzz run, with one example.
#[derive(Clone, Debug)]
pub struct Explained<'a> {
    /// The smallest set that explains them.
    pub by: Set,
    /// How many.
    pub count: u64,
    /// How a reason names the example: `` `rfc1808-5.1/g` ``, `` `g?`
    /// against `http://a` ``.
    pub example: String,
    /// The example's base (`None` for an absolute parse), reference and
    /// answer, to explain again.
    pub base: Option<&'a str>,
    pub relative: &'a str,
    pub answer: &'a Answer,
}

/// The deviations that explain a run's wrong answers ([`causes_of`]), with
/// how many each explains and an example of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Causes {
    pub set: Set,
    /// The set of `set` that explains each answer, in the order given.
    pub by: Vec<Set>,
    examples: Vec<(Id, u64, String)>,
}

impl Causes {
    /// The reason a new `[[deviation]]` entry gets: what it does and what
    /// it explained, counted in `one`s or `many`s (`vector`, `vectors`).
    pub fn reason(&self, id: Id, one: &str, many: &str) -> String {
        let (count, example) = self
            .examples
            .iter()
            .find(|(d, _, _)| *d == id)
            .map_or((0, "nothing"), |(_, n, e)| (*n, e.as_str()));
        let unit = if count == 1 { one } else { many };
        format!(
            "{} (explains {count} {unit}, {example} among them)",
            id.deviation().description
        )
    }
}

/// A small set of deviations that explains every answer of `explained`
/// (each with the smallest set that explains it): the listed deviations
/// `old` that explain some, then, answer by answer, the smallest set that
/// explains it, preferring deviations already chosen; then, unless
/// `keep_old`, without each deviation it chose that the others can do
/// without.
/// `keep_old`: the run cannot tell that a listed deviation explains nothing
/// (a filtered run, a fuzz run), so all of `old` stays. [`Causes::by`]
/// says which chosen deviations explain each answer.
///
/// `rfc1808 run --write-expectations` and the `libtest` suite
/// ([`crate::expectations::rewrite_run`]) and `rfc1808 fuzz
/// --write-expectations` all choose the deviations to write here.
pub fn causes_of(explained: &[Explained<'_>], spec: Spec, old: Set, keep_old: bool) -> Causes {
    let explainer = Explainer::new(spec, old);
    let mut set = if keep_old { old } else { Set::EMPTY };
    for e in explained {
        if e.by.is_subset(old) {
            set = set.union(e.by);
        }
    }
    let mut found = choose_per_answer(&explainer, explained, &mut set);
    if !keep_old {
        drop_needless(&explainer, explained, old, &mut set, &mut found);
        drop_unused(&explainer, explained, &mut set, &mut found);
    }
    Causes {
        set,
        examples: examples(explained, &found),
        by: found,
    }
}

/// For [`causes_of`]: the set that explains each answer of `explained`,
/// each added to `set`, preferring the deviations of `set`.
fn choose_per_answer(
    explainer: &Explainer,
    explained: &[Explained<'_>],
    set: &mut Set,
) -> Vec<Set> {
    let mut found: Vec<Set> = explained.iter().map(|e| e.by).collect();
    // The answers of the most mismatches first: one example may be given
    // by two deviations alike (`http://@` rejected for its empty host or
    // for its empty userinfo), and the set its run found for them all is
    // the one to keep. An answer that stands for one mismatch may be
    // explained again, by one chosen already or a smaller set; a kind of
    // many keeps its run's set, which gave each of them, where another
    // set may give its example only (`file://` for `file:` is an
    // authority added, but `http:///` for `.` against `http:` is not).
    let mut order: Vec<usize> = (0..explained.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(explained[i].count));
    for i in order {
        let e = &explained[i];
        let by = if e.by.is_subset(*set) || e.count > 1 {
            e.by
        } else {
            // Explained again, preferring what is chosen already.
            match explainer
                .listing(*set)
                .explain(e.base, e.relative, e.answer)
            {
                Some(Explanation::By(again))
                    if again.is_subset(*set) || again.len() < e.by.len() =>
                {
                    again
                }
                _ => e.by,
            }
        };
        *set = set.union(by);
        found[i] = by;
    }
    found
}

/// For [`causes_of`]: `set` without each deviation it chose (not of
/// `old`) that the others can do without, and `found` explained again.
fn drop_needless(
    explainer: &Explainer,
    explained: &[Explained<'_>],
    old: Set,
    set: &mut Set,
    found: &mut Vec<Set>,
) {
    // Each deviation chosen here goes when the others explain every
    // answer it did: the one chosen first for an answer may be needless
    // once a deviation chosen for other answers is listed, and a file that
    // listed it would say more than the run shows (or be stale at once).
    // Those that explain fewest are tried first. A listed one stays while
    // it explains some: its reason is a person's.
    let mut chosen: Vec<Id> = set.ids().filter(|&id| !old.has(id)).collect();
    chosen.sort_by_key(|&id| found.iter().filter(|by| by.has(id)).count());
    for id in chosen {
        let fewer = Set::of(&set.ids().filter(|&d| d != id).collect::<Vec<_>>());
        let listed = explainer.listing(fewer);
        let again: Option<Vec<Set>> = explained
            .iter()
            .zip(found.iter())
            .map(|(e, &by)| {
                if !by.has(id) {
                    return Some(by);
                }
                match listed.explain(e.base, e.relative, e.answer) {
                    Some(Explanation::By(again)) if again.is_subset(fewer) => Some(again),
                    _ => None,
                }
            })
            .collect();
        if let Some(again) = again {
            *set = fewer;
            *found = again;
        }
    }
}

/// For [`causes_of`]: `set` without the deviations that explain none of
/// `explained` once it is listed, `found` explained so.
fn drop_unused(
    explainer: &Explainer,
    explained: &[Explained<'_>],
    set: &mut Set,
    found: &mut [Set],
) {
    // A run graded with `set` listed explains each answer by the first
    // listed set that gives it, which may leave a deviation explaining
    // nothing: the file would be stale as written. Explained so until
    // every deviation explains one (a few rounds at most: each drops
    // what the last left unused).
    for _ in 0..8 {
        let listed = explainer.listing(*set);
        for (e, by) in explained.iter().zip(found.iter_mut()) {
            if let Some(Explanation::By(again)) = listed.explain(e.base, e.relative, e.answer) {
                *by = again;
            }
        }
        let used = found.iter().fold(Set::EMPTY, |all, &by| all.union(by));
        if used == *set {
            break;
        }
        *set = used;
    }
}

/// For [`causes_of`]: each deviation of `found` (the set that explains
/// each of `explained`) with how many it explains and the first example.
fn examples(explained: &[Explained<'_>], found: &[Set]) -> Vec<(Id, u64, String)> {
    let mut examples: Vec<(Id, u64, String)> = Vec::new();
    for (e, found) in explained.iter().zip(found) {
        for id in found.ids() {
            match examples.iter_mut().find(|(d, _, _)| *d == id) {
                Some((_, count, _)) => *count += e.count,
                None => examples.push((id, e.count, e.example.clone())),
            }
        }
    }
    examples
}

/// The deviations that explain a run's wrong answers (`explanations`, one
/// per vector, `None` for a right answer), each with how many it explains,
/// in catalogue order; and how many no deviation explains.
pub fn tally<'a>(
    explanations: impl IntoIterator<Item = Option<&'a Explanation>>,
) -> (Vec<(Id, usize)>, usize) {
    let mut counts: Vec<(Id, usize)> = Vec::new();
    let mut unexplained = 0;
    for explanation in explanations {
        match explanation {
            Some(Explanation::By(set)) => {
                for id in set.ids() {
                    match counts.iter_mut().find(|(d, _)| *d == id) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((id, 1)),
                    }
                }
            }
            Some(Explanation::Unexplained) => unexplained += 1,
            Some(Explanation::Conforms) | None => {}
        }
    }
    counts.sort();
    (counts, unexplained)
}

/// The cause fingerprint of a run graded under `spec`, from its
/// [`tally`]: `follows RFC 3986 with empty-query-dropped (9),
/// base-fragment-kept (1); 2 wrong answers unexplained`; `None` when no
/// answer is wrong. `rfc1808 run`'s reports and the `libtest` suite's
/// summary give this line.
pub fn fingerprint(spec: Spec, counts: &[(Id, usize)], unexplained: usize) -> Option<String> {
    if counts.is_empty() && unexplained == 0 {
        return None;
    }
    let mut out = follows(spec, counts);
    let answers = if unexplained == 1 {
        "answer"
    } else {
        "answers"
    };
    out += &format!("; {unexplained} wrong {answers} unexplained");
    Some(out)
}

/// The head of a cause fingerprint: `follows RFC 3986 with
/// empty-query-dropped (9), base-fragment-kept (1)`, or `follows RFC 3986
/// with no named deviation`; `rfc1808 run` and `rfc1808 fuzz` add what
/// nothing explains, in their own units.
pub fn follows<N: std::fmt::Display>(spec: Spec, counts: &[(Id, N)]) -> String {
    let spec = spec.title();
    if counts.is_empty() {
        return format!("follows {spec} with no named deviation");
    }
    let named: Vec<String> = counts.iter().map(|(id, n)| format!("{id} ({n})")).collect();
    format!("follows {spec} with {}", named.join(", "))
}

/// `docs/deviations.md`: the catalogue, each deviation with the section
/// it departs from under each spec, whether its answer names the same
/// resource, an example run through the reference and through the
/// deviation, and why it is in the catalogue. A test keeps the file equal
/// to this.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Deviations\n\n\
         <!-- Generated from the catalogue in `resolver/src/deviations/`; \
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
         A deviation that rejects explains a refusal, not a crash: a rejection whose \
         message names a fault of the library (a decoder's `URIError` or \
         `UnicodeDecodeError`, a `panic`, a stack overflow, an exception its own code did \
         not expect such as `NoMethodError` or `NullPointerException`) is unexplained, \
         whatever deviations would reject the case, so that a crash shows as a finding \
         of its own.\n\n\
         A reading ([readings.md](readings.md)) is a way the spec itself can be read, and \
         passes; a deviation is a way it is not followed, and fails unless listed. A \
         deviation is no deviation under a spec that gives its answer itself (a dash in \
         that spec's column).\n\n\
         Under the URL Standard a deviation is one of its own changes undone: an engine \
         released before whatwg/url#846 writes a path's `^` as it is, one released before \
         whatwg/url#914 fails an ASCII domain that ToASCII fails, one released before \
         whatwg/url#844 keeps a space before `?` in an opaque path. The parser with the \
         change undone is the model (`rfc1808_resolver::whatwg::Undone`), and it \
         explains absolute parses (the web-platform tests' entries with no base) as well \
         as resolutions.\n\n\
         | deviation | what it does |",
    );
    catalogue_table(&mut out);
    out += "\n## Each deviation\n";
    for d in CATALOGUE {
        each_deviation(&mut out, d);
    }
    out
}

/// For [`markdown`]: the rest of the catalogue's table, whose first
/// columns' heads `out` ends with.
fn catalogue_table(out: &mut String) {
    // A column for each spec some deviation departs from.
    let specs: Vec<Spec> = Spec::ALL
        .into_iter()
        .filter(|&spec| CATALOGUE.iter().any(|d| d.sections.of(spec).is_some()))
        .collect();
    for spec in &specs {
        *out += &format!(" {} |", spec.title());
    }
    *out += " same resource |\n|---|---|";
    *out += &"---|".repeat(specs.len() + 1);
    *out += "\n";
    for d in CATALOGUE {
        *out += &format!("| `{}` | {} |", d.name, d.description);
        for &spec in &specs {
            *out += &format!(" {} |", d.sections.of(spec).unwrap_or("-"));
        }
        *out += &format!(" {} |\n", if d.same_resource { "yes" } else { "no" });
    }
}

/// For [`markdown`]: the section of `d`, added to `out`.
fn each_deviation(out: &mut String, d: &Deviation) {
    // The latest spec it departs from.
    let spec = Spec::ALL
        .into_iter()
        .rev()
        .find(|&s| d.sections.of(s).is_some())
        .expect("a deviation departs from some spec");
    let id = Deviation::named(d.name).expect("its own name");
    let title = spec.title();
    let (base, reference) = d.example;
    let primary = Reference::defaults(spec);
    let default = |b: &str, r: &str| primary.resolve(b, r);
    let show = |r: Resolved| match r {
        Ok(url) => format!("`{url}`"),
        Err(_) => "rejected".to_owned(),
    };
    *out += &format!(
        "\n### `{}`\n\n{}.\n\n\
         - Example, under {title}: `{base}` + `{reference}` is {} by the spec, {} with this deviation.\n\
         - Why: {}.\n",
        d.name,
        capitalized(d.description),
        show(default(base, reference)),
        show(deviations::resolve(&default, Set::of(&[id]), base, reference)),
        d.why
    );
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
        assert!(!Id::AboveRootKept.departs_from(Spec::Rfc1808));
        assert!(Id::AboveRootKept.departs_from(Spec::Rfc3986));
        let answer = Answer::Resolved("http://a/../g".to_owned());
        let base = "http://a/b/c/d;p?q";
        assert_eq!(
            Explainer::new(Spec::Rfc1808, Set::EMPTY).explain(Some(base), "../../../g", &answer),
            Some(Explanation::Conforms)
        );
        assert_eq!(
            Explainer::new(Spec::Rfc3986, Set::EMPTY).explain(Some(base), "../../../g", &answer),
            Some(Explanation::By(Set::of(&[Id::AboveRootKept])))
        );
        assert_eq!(
            Explainer::new(Spec::Rfc3986, Set::EMPTY).explain(
                Some(base),
                "g",
                &Answer::Error("crash".into())
            ),
            None
        );
    }

    #[test]
    fn the_deviations_chosen_are_the_ones_each_answer_is_explained_by() {
        // `foo:/g` alone is explained first by empty segments collapsed;
        // `foo:g` only by a rootless path left rootless, which explains
        // `foo:/g` too. One deviation is chosen, and explains both.
        let (collapsed, rootless) = (
            Set::of(&[Id::EmptySegmentsCollapsed]),
            Set::of(&[Id::RootlessKeptRootless]),
        );
        let (slash_g, g) = (
            Answer::Resolved("foo:/g".to_owned()),
            Answer::Resolved("foo:g".to_owned()),
        );
        let explained = [
            Explained {
                by: collapsed,
                count: 1,
                example: "`a`".to_owned(),
                base: Some("foo:a/b"),
                relative: "..//g",
                answer: &slash_g,
            },
            Explained {
                by: rootless,
                count: 1,
                example: "`b`".to_owned(),
                base: Some("foo:b/c"),
                relative: "../g",
                answer: &g,
            },
        ];
        let causes = causes_of(&explained, Spec::Rfc3986, Set::EMPTY, false);
        assert_eq!(causes.set, rootless);
        assert_eq!(causes.by, [rootless, rootless]);
        assert!(causes
            .reason(Id::RootlessKeptRootless, "vector", "vectors")
            .contains("explains 2 vectors"));
        // Listed, a deviation stays while it explains an answer.
        let listed = causes_of(&explained, Spec::Rfc3986, collapsed, false);
        assert_eq!(listed.set, collapsed.union(rootless));
        assert_eq!(listed.by, [collapsed, rootless]);
    }

    #[test]
    fn a_kind_of_many_mismatches_keeps_the_set_its_run_found() {
        // `http://@` is rejected for its empty host and for its empty
        // userinfo alike; the run found the userinfo for 35 mismatches and
        // the host for 2, each with that example. A fuzz run keeps both:
        // the example is all it holds of the host's 2, and another of
        // them may be an empty host alone (`http://`).
        let (userinfo, host) = (
            Set::of(&[Id::EmptyUserinfoBaseRejected]),
            Set::of(&[Id::EmptyHostRejected]),
        );
        let rejected = Answer::Rejected("ResolutionError".to_owned());
        let kind = |by, count| Explained {
            by,
            count,
            example: "the empty reference against `http://@`".to_owned(),
            base: Some("http://@"),
            relative: "",
            answer: &rejected,
        };
        let explained = [kind(host, 2), kind(userinfo, 35)];
        let fuzzed = causes_of(&explained, Spec::Rfc3986, Set::EMPTY, true);
        assert_eq!(fuzzed.set, userinfo.union(host));
        assert_eq!(fuzzed.by, [host, userinfo]);
        // A full run's answers are each one vector's: the host goes where
        // the userinfo gives every answer it gave.
        let run = causes_of(&explained, Spec::Rfc3986, Set::EMPTY, false);
        assert_eq!(run.set, userinfo);
        assert_eq!(run.by, [userinfo, userinfo]);
        // One mismatch, whose example another chosen set gives, is
        // explained by it.
        let one = [kind(host, 1), kind(userinfo, 35)];
        let fuzzed = causes_of(&one, Spec::Rfc3986, Set::EMPTY, true);
        assert_eq!(fuzzed.set, userinfo);
        assert_eq!(fuzzed.by, [userinfo, userinfo]);
    }

    #[test]
    fn a_rejection_that_names_a_fault_is_no_deviations() {
        // `//%aa@` against `http://a` is `http://%aa@` under RFC 3986: an
        // empty host, which `empty-host-rejected` refuses. A library that
        // refuses it for that reason is explained; one whose decoder throws
        // on the escape is not, whatever the deviations listed.
        let host = Set::of(&[Id::EmptyHostRejected]);
        let (base, relative) = ("http://a", "//%aa@");
        let refused = Answer::Rejected("Error: the URL has an empty host".to_owned());
        let decoder = Answer::Rejected("URIError: URI malformed".to_owned());
        for listed in [Set::EMPTY, host] {
            let explainer = Explainer::new(Spec::Rfc3986, listed);
            assert_eq!(
                explainer.explain(Some(base), relative, &refused),
                Some(Explanation::By(host))
            );
            assert!(explainer.gives(host, base, relative, &refused));
            assert_eq!(
                explainer.explain(Some(base), relative, &decoder),
                Some(Explanation::Unexplained)
            );
            assert!(!explainer.gives(host, base, relative, &decoder));
        }
        assert_eq!(fault("URIError: URI malformed"), Some("URIError"));
        assert_eq!(
            fault("thread 'main' panicked at src/lib.rs:3:5"),
            Some("panicked at")
        );
        assert_eq!(
            fault("RecursionError: maximum recursion depth exceeded"),
            Some("RecursionError")
        );
        // A refusal, even an exception's, names no fault.
        for refusal in [
            "URI::InvalidURIError: URI::InvalidURIError",
            "Addressable::URI::InvalidURIError: Cannot have a path with two leading slashes",
            "TypeError: Invalid URL",
            "ValueError: Invalid input",
            "URISyntaxException: Illegal character",
        ] {
            assert_eq!(fault(refusal), None, "{refusal}");
        }
    }

    #[test]
    fn gives_checks_one_set_without_searching() {
        let explainer = Explainer::new(Spec::Rfc3986, Set::EMPTY);
        let base = "http://a/b/c/d;p?q";
        let kept = Answer::Resolved("http://a/../g".to_owned());
        let above = Set::of(&[Id::AboveRootKept]);
        assert!(explainer.gives(above, base, "../../../g", &kept));
        assert!(!explainer.gives(Set::EMPTY, base, "../../../g", &kept));
        // A larger set that still gives it: not the smallest, but it gives.
        let larger = above.with(Id::EmptyQueryDropped);
        assert!(explainer.gives(larger, base, "../../../g", &kept));
        let rejected = Answer::Rejected("unknown scheme".to_owned());
        let unknown = Set::of(&[Id::UnknownSchemeRejected]);
        assert!(explainer.gives(unknown, "foo:/b/c", "g", &rejected));
        assert!(!explainer.gives(unknown, base, "g", &rejected));
        let failed = Answer::Error("crash".to_owned());
        assert!(!explainer.gives(above, base, "../../../g", &failed));
        // `%2E` taken for a dot is a reading, not the default one.
        let decoded = Answer::Resolved("http://a/b/c/g".to_owned());
        assert!(explainer.gives(Set::EMPTY, base, "%2E/g", &decoded));
        assert!(!explainer.gives_by_default(Set::EMPTY, base, "%2E/g", &decoded));
        assert!(explainer.gives_by_default(above, base, "../../../g", &kept));
    }
}
