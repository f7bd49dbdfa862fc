//! Tests of the catalogue: what each deviation changes and leaves alone,
//! and the search that explains an answer.

use super::*;
use crate::rfc3986;

/// Deviations, base, reference, and the answer they give.
pub(super) type Case<'a> = (&'a [Id], &'a str, &'a str, Result<&'a str, &'a str>);

/// Asserts that each case's deviations give its answer, and that the
/// reference alone does not: each deviation changes what it is said to.
pub(super) fn assert_gives(cases: &[Case<'_>]) {
    for (ids, base, reference, want) in cases {
        assert_eq!(
            run(ids, base, reference),
            want.map(str::to_owned).map_err(str::to_owned),
            "{} on {base:?} + {reference:?}",
            Set::of(ids)
        );
        assert_ne!(
            run(&[], base, reference),
            want.map(str::to_owned).map_err(str::to_owned),
            "{} changes {base:?} + {reference:?}",
            Set::of(ids)
        );
    }
}

pub(super) fn rfc3986(base: &str, reference: &str) -> Result<String, String> {
    Ok(rfc3986::resolve(base, reference))
}

pub(super) const BASE: &str = "http://a/b/c/d;p?q";

/// The base of RFC 3986 5.4 with a fragment.
pub(super) const BASE_F: &str = "http://a/b/c/d;p?q#f";

pub(super) fn run(ids: &[Id], base: &str, reference: &str) -> Result<String, String> {
    resolve(&rfc3986, Set::of(ids), base, reference)
}

/// The reference under `readings`.
pub(super) fn under(readings: rfc3986::Readings) -> impl Fn(&str, &str) -> Result<String, String> {
    move |base, reference| {
        let dots = rfc3986::DotSegments::Linear;
        Ok(rfc3986::resolve_with(base, reference, readings, dots))
    }
}

/// The reference under `same-scheme=non-strict`.
pub(super) fn non_strict(base: &str, reference: &str) -> Result<String, String> {
    under(rfc3986::Readings {
        same_scheme: rfc3986::SameScheme::NonStrict,
        ..rfc3986::Readings::default()
    })(base, reference)
}

#[test]
fn names_are_unique_and_each_has_a_section() {
    for (i, d) in CATALOGUE.iter().enumerate() {
        assert_eq!(Id::ALL[i] as usize, i);
        assert_eq!(Deviation::named(d.name), Some(Id::ALL[i]));
        assert!(
            Spec::ALL.iter().any(|&s| d.sections.of(s).is_some()),
            "{}",
            d.name
        );
        assert!(!d.description.is_empty() && !d.why.is_empty());
    }
}

/// Asserts that deviation `id` gives the reference's own answer for
/// each of `cases`: what it looks for is not there.
pub(super) fn assert_leaves_alone(id: Id, cases: &[(&str, &str)]) {
    for &(base, reference) in cases {
        assert_eq!(
            run(&[id], base, reference),
            rfc3986(base, reference),
            "{id} on {base} + {reference}"
        );
    }
}

#[test]
fn a_set_holds_each_deviation_once_however_often_it_is_named() {
    use Id::*;
    // An expectations file, or a search, may name a deviation twice:
    // the set has it, once, and runs it.
    let twice = Set::of(&[EmptyQueryDropped, SchemeLowercased, EmptyQueryDropped]);
    assert_eq!(twice, Set::of(&[EmptyQueryDropped, SchemeLowercased]));
    assert_eq!(twice.len(), 2);
    assert_eq!(twice.to_string(), "empty-query-dropped + scheme-lowercased");
    assert_eq!(
        resolve(&rfc3986, twice, BASE, "HTTP:g?"),
        Ok("http:g".to_owned())
    );
    // Adding one it has already leaves it there.
    let again = twice.with(SchemeLowercased);
    assert_eq!(again, twice);
    assert!(again.has(SchemeLowercased));
    assert_eq!(
        resolve(&rfc3986, again, BASE, "HTTP:g?"),
        Ok("http:g".to_owned())
    );
    // Its size is the number of deviations in it, which the search
    // orders its explanations by.
    assert_eq!(Set::EMPTY.len(), 0);
    assert_eq!(Set::of(&[AboveRootKept]).len(), 1);
    let three = twice.with(AboveRootKept);
    assert_eq!(three.len(), 3);
    assert_eq!(
        Set::of(Id::ALL).len(),
        CATALOGUE.len(),
        "every deviation at once"
    );
}

#[test]
fn each_deviation_leaves_the_normal_examples_alone_but_where_it_acts() {
    use Id::*;
    // RFC 3986 section 5.4.1, against its base.
    let normal = [
        "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
        "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
    ];
    // The deviations that change one, with the ones they change.
    let acting: &[(Id, &[&str])] = &[
        // `http://g` has an authority and an empty path: written `/`.
        (EmptyPathSlash, &["//g"]),
        (EmptyPathSlashAnyScheme, &["//g"]),
        // Merged as `.`: the base's directory, not the base.
        (EmptyReferenceMerged, &["#s", ""]),
        // `g:h` has a scheme and a rootless path.
        (RootlessReferenceRejected, &["g:h"]),
        // A `;` in the answer's path written `%3B` (the most encoded of the
        // answers it takes): the same resource, another string.
        (
            PercentEncodingRewritten,
            &["?y", "#s", ";x", "g;x", "g;x?y#s", ""],
        ),
    ];
    for id in Id::ALL.iter().filter(|id| id.departs_from(Spec::Rfc3986)) {
        let changed: Vec<&str> = normal
            .iter()
            .copied()
            .filter(|r| run(&[*id], BASE, r) != rfc3986(BASE, r))
            .collect();
        let expected = acting
            .iter()
            .find(|(a, _)| a == id)
            .map_or(&[][..], |a| a.1);
        assert_eq!(changed, expected, "{id} on the normal examples");
    }
}

#[test]
fn each_deviation_from_rfc_3986_has_a_case_of_its_own_beside_it() {
    // (The one deviation from RFC 2396 alone, `query-reference-keeps-path`,
    // is pinned under RFC 2396 in `branch.rs`; the URL Standard's in
    // `undone.rs`.)
    let tables = [
        super::read::tests::CASES,
        super::refuse::tests::CASES,
        super::branch::tests::CASES,
        super::dots::tests::CASES,
        super::write::tests::CASES,
    ];
    let without: Vec<&str> = Id::ALL
        .iter()
        .filter(|id| id.departs_from(Spec::Rfc3986))
        .filter(|id| {
            !tables
                .iter()
                .flat_map(|t| t.iter())
                .any(|case| case.0 == [**id])
        })
        .map(|id| id.name())
        .collect();
    assert!(without.is_empty(), "no case of their own: {without:?}");
}
