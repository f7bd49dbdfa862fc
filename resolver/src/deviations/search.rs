//! The search for the smallest set of deviations that explains an answer.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::read::{changes_input, transformed_input};
use super::write::reserved_decoded_key;
use super::*;

/// What [`explain`] found for one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Explanation {
    /// The reference gives the answer under some reading: no deviation.
    Conforms,
    /// The smallest set of deviations with which the reference gives it.
    By(Set),
    /// No set of at most [`MAX_SET`] deviations gives it, nor of at most
    /// [`MAX_LISTED_SET`] listed ones.
    Unexplained,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Conforms => f.write_str("conforms"),
            Explanation::By(set) => write!(f, "explained by {set}"),
            Explanation::Unexplained => f.write_str("unexplained"),
        }
    }
}

/// The most deviations one explanation holds, but for listed ones.
pub const MAX_SET: usize = 3;

/// The most deviations one explanation holds when all of them are listed:
/// the causes a library is known to have meet more often than any others.
pub const MAX_LISTED_SET: usize = 5;

/// How many sets [`explain`] checks under every reading before it checks
/// the rest under one reading of each group that agrees on the input.
pub(super) const SETS_UNDER_EVERY_READING: usize = 4;

/// The smallest set of deviations (of those that depart from the spec
/// whose readings `readings` are, as in [`Id::departs_from`])
/// with which the reference, under one of `readings`, gives `answer` (a
/// URL, or `Err` for a rejection) for `reference` against `base`.
///
/// The deviations of `listed` are tried first, so that an answer they
/// explain is explained by them when another set of the same size would do
/// too; among sets of one size, the first in catalogue order wins. Only the
/// deviations that change something for this input, alone, are searched:
/// an input transform that changes the input, or an answer that differs
/// from the reference's.
pub fn explain(
    readings: &[Reference<'_>],
    spec: Spec,
    base: &str,
    reference: &str,
    answer: Result<&str, ()>,
    listed: Set,
) -> Explanation {
    // Sets that differ only in what they do after resolving give the
    // reference the same input: each reading resolves each input once.
    let memos: Vec<Memo> = readings.iter().map(|_| Memo::default()).collect();
    let remembering: Vec<_> = readings
        .iter()
        .zip(&memos)
        .map(|(&reading, memo)| remembered(reading, memo))
        .collect();
    let readings: Vec<Reference<'_>> = remembering.iter().map(|r| r as Reference<'_>).collect();
    let search = Search {
        base,
        reference,
        answer,
        listed,
        wanted: Wanted::new(answer),
    };
    if search.gives_under(&readings, Set::EMPTY) {
        return Explanation::Conforms;
    }
    let departing: Vec<Id> = Id::ALL
        .iter()
        .copied()
        .filter(|id| id.departs_from(spec))
        .collect();
    let (transforms, for_all) = search.input_transforms(&departing);
    let grouped = search.grouped(&readings, &transforms, spec);
    let relevant = search.relevant(&departing, &grouped, &transforms, for_all);
    search.smallest_set(&readings, &grouped, &relevant)
}

/// [`explain`] for a parse with no base (an absolute parse, the URL
/// Standard's `new URL(input)`), under the URL Standard: the smallest set
/// of its changes undone that gives `answer`. `None` under the RFCs, whose
/// deviations model resolutions against a base.
///
/// Each change undone changes the answer alone, so no two sets of one size
/// give the same answer, and which is listed does not decide between them.
pub fn explain_parse(spec: Spec, input: &str, answer: Result<&str, ()>) -> Option<Explanation> {
    if spec != Spec::Whatwg {
        return None;
    }
    let wanted = Wanted::new(answer);
    let gives = |set: Set| {
        let undone = undone_changes(set).unwrap_or_default();
        let parsed = crate::whatwg::parse_undoing(input, None, undone)
            .map(|url| url.href())
            .map_err(|why| why.to_string());
        wanted.given_by(set, &parsed)
    };
    // Every set of the deviations from the spec, the smallest first: the
    // empty one is the standard itself.
    let mut sets = vec![Set::EMPTY];
    for id in Id::ALL.iter().copied().filter(|id| id.departs_from(spec)) {
        let with: Vec<Set> = sets.iter().map(|set| set.with(id)).collect();
        sets.extend(with);
    }
    sets.sort_by_key(|set| set.len());
    Some(match sets.into_iter().find(|&set| gives(set)) {
        Some(Set::EMPTY) => Explanation::Conforms,
        Some(set) => Explanation::By(set),
        None => Explanation::Unexplained,
    })
}

/// What one reading resolved: keyed by a hash of the input, so that a
/// look-up allocates nothing; the input is kept beside the answer and
/// compared.
pub(super) type Memo = RefCell<HashMap<u64, Vec<(String, String, Result<String, String>)>>>;

/// `reading`, remembering in `memo` what it resolved, for [`explain`].
pub(super) fn remembered<'a>(
    reading: Reference<'a>,
    memo: &'a Memo,
) -> impl Fn(&str, &str) -> Result<String, String> + 'a {
    move |b: &str, r: &str| {
        let mut hasher = std::hash::DefaultHasher::new();
        (b, r).hash(&mut hasher);
        let key = hasher.finish();
        if let Some(seen) = memo.borrow().get(&key) {
            if let Some((_, _, answer)) = seen.iter().find(|(sb, sr, _)| sb == b && sr == r) {
                return answer.clone();
            }
        }
        let answer = reading(b, r);
        memo.borrow_mut().entry(key).or_default().push((
            b.to_owned(),
            r.to_owned(),
            answer.clone(),
        ));
        answer
    }
}

/// The answer [`explain`] explains, and the input that gave it: what each
/// phase of its search asks of.
pub(super) struct Search<'a> {
    base: &'a str,
    reference: &'a str,
    answer: Result<&'a str, ()>,
    listed: Set,
    wanted: Wanted<'a>,
}

impl Search<'_> {
    /// Whether the reference, with the deviations of `set`, gives the
    /// answer under one of `readings`.
    fn gives_under(&self, readings: &[Reference<'_>], set: Set) -> bool {
        readings.iter().any(|r| {
            self.wanted
                .given_by(set, &resolve(*r, set, self.base, self.reference))
        })
    }

    /// The baselines of the search: no transform, each transform of
    /// `departing` that changes this input, and the listed ones followed
    /// as far as they reach; with how many of them every deviation is
    /// searched against (the listed ones are searched against all).
    fn input_transforms(&self, departing: &[Id]) -> (Vec<Set>, usize) {
        let (base, reference, listed) = (self.base, self.reference, self.listed);
        // The input transforms that change this input: a deviation that
        // changes nothing alone may change what one of them leaves (`//` taken
        // for none, then the empty reference that is left).
        let mut transforms: Vec<Set> = std::iter::once(Set::EMPTY)
            .chain(
                departing
                    .iter()
                    .filter(|&&id| changes_input(id, base, reference))
                    .map(|&id| Set::of(&[id])),
            )
            .collect();
        // And the listed ones together, as far as they reach: a deviation may
        // change something only after several (`//#` taken for nothing only
        // once both its empty fragment and its empty authority are dropped),
        // and a listed transform may change only what others leave (`a://:`
        // is `a://` once its empty port is dropped, `a:` once its empty
        // authority is too, and only then a base with no `/` to cut at).
        // Each step is a baseline of its own. Past the first, they are the
        // listed model followed further, and only the listed deviations are
        // searched against them: a cause not known yet is looked for in what
        // the input and each step of it alone leave, not in what a chain of
        // known ones makes of it.
        let mut listed_transforms = Set::EMPTY;
        let mut for_all = None;
        loop {
            let (b, r) = transformed_input(listed_transforms, base, reference);
            let more = departing
                .iter()
                .filter(|&&id| listed.has(id) && !listed_transforms.has(id))
                .filter(|&&id| changes_input(id, &b, &r))
                .fold(Set::EMPTY, |more, &id| more.with(id));
            if more.is_empty() {
                break;
            }
            listed_transforms = listed_transforms.union(more);
            if !transforms.contains(&listed_transforms) {
                transforms.push(listed_transforms);
            }
            for_all.get_or_insert(transforms.len());
        }
        let for_all = for_all.unwrap_or(transforms.len());
        (transforms, for_all)
    }

    /// One reading of each group of `readings` that give the same answers
    /// here, with each of `transforms` and each deviation of `spec` that
    /// asks the reading about other inputs.
    fn grouped<'r>(
        &self,
        readings: &[Reference<'r>],
        transforms: &[Set],
        spec: Spec,
    ) -> Vec<Reference<'r>> {
        // The search runs under one reading of each group of readings that
        // give the same answers here: to the input, to what each input
        // transform leaves of it, and with each deviation that asks the
        // reading about other inputs. Readings that agree on all of these
        // almost always agree under a set of them too (RFC 3986 has 1536
        // choices, and an input tells few apart); where two would not, a set
        // can be missed, leaving the answer unexplained or explained by a
        // larger set, but no set is named that does not give it: each is
        // checked under a real reading. The first sets are checked under every
        // reading.
        let probes: Vec<Set> = transforms
            .iter()
            .copied()
            .chain(
                [Id::AboveRootKept, Id::BaseDotsKept, Id::BaseFragmentKept]
                    .into_iter()
                    .filter(|id| id.departs_from(spec))
                    .map(|id| Set::of(&[id])),
            )
            .collect();
        let mut seen = std::collections::HashSet::new();
        readings
            .iter()
            .copied()
            .filter(|r| {
                seen.insert(
                    probes
                        .iter()
                        .map(|&p| resolve(*r, p, self.base, self.reference))
                        .collect::<Vec<_>>(),
                )
            })
            .collect()
    }

    /// The deviations of `departing` that change something for this input,
    /// alone, under one of `grouped`: against each of `transforms` for a
    /// listed one, against the first `for_all` for the others.
    fn relevant(
        &self,
        departing: &[Id],
        grouped: &[Reference<'_>],
        transforms: &[Set],
        for_all: usize,
    ) -> Vec<Id> {
        let (base, reference) = (self.base, self.reference);
        // A deviation may change something only under a reading that is not
        // the default (`x:a` against `x:../a/` merges only when a reference
        // with the base's scheme is not strictly absolute): whether it does is
        // asked of each group, against what each transform alone gives there.
        let after: Vec<Vec<_>> = grouped
            .iter()
            .map(|reading| {
                transforms
                    .iter()
                    .map(|&t| resolve(*reading, t, base, reference))
                    .collect()
            })
            .collect();
        departing
            .iter()
            .copied()
            .filter(|&id| {
                // A rewritten encoding may decode what the reference keeps:
                // where neither the input nor the answer has a `%`, it decodes
                // only what it encoded, and changes nothing.
                (id == Id::PercentEncodingRewritten
                    && [base, reference, self.answer.unwrap_or("")]
                        .iter()
                        .any(|s| s.contains('%')))
                    || grouped.iter().zip(&after).any(|(reading, after)| {
                        let searched = if self.listed.has(id) {
                            after.len()
                        } else {
                            for_all
                        };
                        transforms
                            .iter()
                            .zip(after)
                            .take(searched)
                            .any(|(&t, gives)| {
                                t.has(id)
                                    || resolve(*reading, t.with(id), base, reference) != *gives
                            })
                    })
            })
            .collect()
    }

    /// The search itself: the smallest set of `relevant` that gives the
    /// answer, the listed ones first; the first sets are checked under
    /// every one of `readings`, the rest under one of each of `grouped`.
    fn smallest_set(
        &self,
        readings: &[Reference<'_>],
        grouped: &[Reference<'_>],
        relevant: &[Id],
    ) -> Explanation {
        let first: Vec<Id> = relevant
            .iter()
            .copied()
            .filter(|&id| self.listed.has(id))
            .collect();
        let checked = std::cell::Cell::new(0);
        let gives = |set: Set| {
            checked.set(checked.get() + 1);
            let under = if checked.get() <= SETS_UNDER_EVERY_READING {
                readings
            } else {
                grouped
            };
            self.gives_under(under, set)
        };
        for pool in [&first[..], relevant] {
            for size in 1..=MAX_SET.min(pool.len()) {
                if let Some(set) = subsets(pool, size).find(|&set| gives(set)) {
                    return Explanation::By(set);
                }
            }
        }
        // Causes a library is known to have compose however many meet in one
        // case (a reference left unresolved, its empty fragment dropped, its
        // scheme lower-cased and an authority added): larger sets of the
        // listed ones only.
        for size in MAX_SET + 1..=MAX_LISTED_SET.min(first.len()) {
            if let Some(set) = subsets(&first, size).find(|&set| gives(set)) {
                return Explanation::By(set);
            }
        }
        Explanation::Unexplained
    }
}

/// Every set of `size` deviations of `pool`, in lexicographic order.
pub(super) fn subsets(pool: &[Id], size: usize) -> impl Iterator<Item = Set> + '_ {
    let n = pool.len();
    let mut indices: Vec<usize> = (0..size).collect();
    let mut done = size > n;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let set = Set::of(&indices.iter().map(|&i| pool[i]).collect::<Vec<_>>());
        // The next combination.
        let mut i = size;
        loop {
            if i == 0 {
                done = true;
                break;
            }
            i -= 1;
            if indices[i] < n - size + i {
                indices[i] += 1;
                for j in i + 1..size {
                    indices[j] = indices[j - 1] + 1;
                }
                break;
            }
        }
        Some(set)
    })
}

/// An implementation's answer as a search compares it: a URL, or `Err`
/// for a rejection; with what `percent-encoding-rewritten` compares it by,
/// computed once, when first needed.
pub struct Wanted<'a> {
    answer: Result<&'a str, ()>,
    key: std::cell::OnceCell<String>,
}

impl<'a> Wanted<'a> {
    pub fn new(answer: Result<&'a str, ()>) -> Self {
        Wanted {
            answer,
            key: std::cell::OnceCell::new(),
        }
    }

    /// Whether `resolved`, the reference's answer with the deviations of
    /// `set`, gives this answer: equal, or both rejections; with
    /// `percent-encoding-rewritten`, equal once the reserved characters of
    /// their paths, queries and fragments are decoded and hex digits
    /// upper-cased.
    pub fn given_by(&self, set: Set, resolved: &Result<String, String>) -> bool {
        match (resolved, self.answer) {
            (Ok(url), Ok(want)) => {
                url == want
                    || (set.has(Id::PercentEncodingRewritten)
                        && *self.key.get_or_init(|| reserved_decoded_key(want))
                            == reserved_decoded_key(url))
            }
            (Err(_), Err(())) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deviations::tests::*;

    fn explain_3986(
        base: &str,
        reference: &str,
        answer: Result<&str, ()>,
        listed: Set,
    ) -> Explanation {
        explain(&[&rfc3986], Spec::Rfc3986, base, reference, answer, listed)
    }

    #[test]
    fn the_smallest_set_explains_an_answer() {
        use Id::*;
        assert_eq!(
            explain_3986(BASE, "g", Ok("http://a/b/c/g"), Set::EMPTY),
            Explanation::Conforms
        );
        assert_eq!(
            explain_3986(BASE, "g?#", Ok("http://a/b/c/g"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyQueryDropped, EmptyFragmentDropped]))
        );
        // Two causes at once: an empty authority dropped, and the scheme
        // lower-cased.
        assert_eq!(
            explain_3986("HTTP:///s/b", "g", Ok("http:/s/g"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyAuthorityDropped, SchemeLowercased]))
        );
        assert_eq!(
            explain_3986(BASE, "g", Ok("http://a/b/c/x"), Set::EMPTY),
            Explanation::Unexplained
        );
        assert_eq!(
            explain_3986(BASE, "../../../g", Err(()), Set::EMPTY),
            Explanation::Unexplained,
            "nothing rejects this"
        );
        // A deviation that changes nothing alone, after a transform that
        // leaves an empty reference.
        assert_eq!(
            explain_3986("http://a/b#f", "//", Ok("http://a/b#f"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyAuthorityDropped, BaseFragmentKept]))
        );
        // A rewritten encoding takes any choice of what is encoded.
        assert_eq!(
            explain_3986(
                "http://a",
                "a%3A?b:c/",
                Ok("http://a/a:?b%3ac/"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[PercentEncodingRewritten]))
        );
        assert_eq!(
            explain_3986("http://a", "a?b", Ok("http://a/a?%62"), Set::EMPTY),
            Explanation::Unexplained,
            "an unreserved character is not the rewriting's"
        );
        // A listed deviation is preferred to another one that explains as well.
        let kept = explain_3986(
            "foo:bar",
            "g",
            Ok("foo:bar"),
            Set::of(&[OpaqueBaseReturned]),
        );
        assert_eq!(kept, Explanation::By(Set::of(&[OpaqueBaseReturned])));
    }

    #[test]
    fn a_deviation_that_matters_only_after_several_listed_transforms_is_searched() {
        use Id::*;
        // `//#` is the empty reference once its empty authority and its
        // empty fragment are dropped; only then is the base's fragment kept.
        let four = Set::of(&[
            EmptyFragmentDropped,
            EmptyAuthorityDropped,
            BaseFragmentKept,
            EmptyPathSlash,
        ]);
        assert_eq!(
            explain_3986("http://a#a", "//#", Ok("http://a/#a"), four),
            Explanation::By(four)
        );
        // One transform after another: `a://:` is `a://` once its empty
        // port is dropped, `a:` once its empty authority is too, and only
        // then a base with no `/`, whose last character the merge cuts.
        let three = Set::of(&[
            EmptyAuthorityDropped,
            EmptyPortDropped,
            SlashlessBaseLosesLastCharacter,
        ]);
        let listed = three.with(HostLowercased).with(RootPoppedByDots);
        assert_eq!(
            explain_3986("a://:", "a", Ok("a:/a"), listed),
            Explanation::By(three)
        );
        assert_eq!(
            explain_3986("a://:", "a", Ok("a:/a"), Set::EMPTY),
            Explanation::Unexplained,
            "only the listed transforms are followed as far as they reach"
        );
    }

    #[test]
    fn listed_deviations_compose_past_the_largest_set_searched() {
        use Id::*;
        // Unresolved against an unknown scheme, then its empty fragment
        // dropped, an authority added for http, and the scheme lower-cased.
        let four = Set::of(&[
            UnknownSchemeUnresolved,
            EmptyFragmentDropped,
            KnownSchemeAuthorityAdded,
            SchemeLowercased,
        ]);
        let case = ("a://a", "Http:.#", Ok("http:///."));
        assert_eq!(
            explain_3986(case.0, case.1, case.2, Set::EMPTY),
            Explanation::Unexplained,
            "the catalogue is searched three at a time"
        );
        let listed = four.with(EmptyQueryDropped).with(DefaultPortDropped);
        assert_eq!(
            explain_3986(case.0, case.1, case.2, listed),
            Explanation::By(four)
        );
    }

    #[test]
    fn a_deviation_that_changes_the_answer_only_under_another_reading_is_searched() {
        let readings: [Reference<'_>; 2] = [&rfc3986, &non_strict];
        // Strictly `x:a` is absolute, and the base's dots do not matter;
        // merged, as the non-strict reading does, they are kept.
        let why = |answer| {
            explain(
                &readings,
                Spec::Rfc3986,
                "x:./a/",
                "x:a",
                Ok(answer),
                Set::EMPTY,
            )
        };
        assert_eq!(why("x:a/a"), Explanation::Conforms);
        assert_eq!(
            why("x:./a/a"),
            Explanation::By(Set::of(&[Id::BaseDotsKept]))
        );
        assert_eq!(
            explain_3986("x:./a/", "x:a", Ok("x:./a/a"), Set::EMPTY),
            Explanation::Unexplained,
            "under the strict reading alone nothing merges"
        );
        // A `..` of the base kept, where merging and not give the same.
        assert_eq!(
            explain(
                &readings,
                Spec::Rfc3986,
                "foo:../",
                "foo:a",
                Ok("foo:../a"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[Id::AboveRootKept]))
        );
        // Merged with an empty rootless path, a `..` is kept above its root.
        assert_eq!(
            explain(
                &readings,
                Spec::Rfc3986,
                "Http:",
                "http:..",
                Ok("Http:../"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[Id::AboveRootKept]))
        );
    }

    #[test]
    fn subsets_are_all_there_in_order() {
        let pool = [
            Id::EmptyQueryDropped,
            Id::EmptyFragmentDropped,
            Id::AuthorityAdded,
        ];
        let two: Vec<String> = subsets(&pool, 2).map(|s| s.to_string()).collect();
        assert_eq!(
            two,
            [
                "empty-query-dropped + empty-fragment-dropped",
                "empty-query-dropped + authority-added",
                "empty-fragment-dropped + authority-added"
            ]
        );
        assert_eq!(subsets(&pool, 3).count(), 1);
        assert_eq!(subsets(&pool, 4).count(), 0);
    }
}
