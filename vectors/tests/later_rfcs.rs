//! Every answer a vector writes down, under every spec and every reading of
//! it, is what that spec's reference resolver gives under it: the
//! `readings` tables are complete (a reading that changes the answer must
//! be listed) and right.

use rfc1808_resolver::spec::Reference;
use rfc1808_resolver::{rfc2396, rfc3986, Step6};
use rfc1808_vectors::{Assignment, Spec, Stated};

/// The spec's answer under every combination of its readings, as
/// `(assignment, answer)`; `None` where the reading rejects the reference.
/// Both versions of the spec's algorithm must agree.
/// `base` is `None` for an absolute parse.
fn every_answer(spec: Spec, base: Option<&str>, relative: &str) -> Vec<(String, Option<String>)> {
    Reference::every(spec)
        .iter()
        .map(|&reference| {
            let pairs: Vec<String> = spec
                .registry()
                .iter()
                .map(|a| format!("{}={}", a.name, reference.get(a.name).unwrap()))
                .collect();
            let answers =
                Step6::ALL.map(|step6| reference.resolve_maybe_base(base, relative, step6).ok());
            assert_eq!(answers[0], answers[1], "{base:?} + {relative:?}");
            (pairs.join(","), answers[0].clone())
        })
        .collect()
}

#[test]
fn every_answer_is_the_reference_resolvers_under_each_spec() {
    let corpus = rfc1808_vectors::embedded_for(&Spec::ALL);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for v in &corpus.resolve {
        for spec in Spec::ALL {
            let Some(answers) = v.answers(spec) else {
                continue;
            };
            for (choice, got) in every_answer(spec, v.base.as_deref(), &v.relative) {
                let written = answers
                    .answer_under(&Assignment::parse(spec, &choice).unwrap())
                    .unwrap();
                checked += 1;
                // A spec that makes the reference an error must say so
                // (RFC 2396 `above-root=error`): `{ rejects = "why" }`.
                let agrees = match (&got, written) {
                    (Some(got), Stated::Resolves(written)) => got == written,
                    (None, Stated::Rejects(_)) => true,
                    _ => false,
                };
                if !agrees {
                    let got = got.map_or("an error".to_owned(), |url| format!("{url:?}"));
                    wrong.push(format!(
                        "{} ({}) {spec} under {choice}: the resolver gives {got}, the vector {written}",
                        v.id, v.origin
                    ));
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} answers checked");
    assert!(
        wrong.is_empty(),
        "{} mismatches:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_printed_example_of_rfc3986_5_4_and_rfc2396_appendix_c_is_a_vector() {
    let corpus = rfc1808_vectors::embedded();
    let count = |prefix: &str| {
        corpus
            .resolve
            .iter()
            .filter(|v| v.id.starts_with(prefix) && v.base.as_deref() == Some("http://a/b/c/d;p?q"))
            .filter(|v| v.answers(Spec::Rfc2396).is_some() && v.answers(Spec::Rfc3986).is_some())
            .count()
    };
    // 5.4.1: 23 references; 5.4.2: 19. Appendix C prints the same 42.
    assert_eq!(count("rfc3986-5.4.1/"), 23);
    assert_eq!(count("rfc3986-5.4.2/"), 19);
}

#[test]
fn docs_readings_of_rfc2396_and_rfc3986_are_generated_from_the_registries_and_the_vectors() {
    for spec in [Spec::Rfc2396, Spec::Rfc3986] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../docs/readings-{spec}.md"));
        let want = rfc1808_vectors::readings::markdown(&rfc1808_vectors::embedded(), spec);
        if std::env::var_os("UPDATE_READINGS").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{} differs from the registry and the vectors; regenerate it with \
             `UPDATE_READINGS=1 cargo test -p rfc1808-vectors --test later_rfcs`",
            path.display()
        );
    }
}

/// `rfc2396::resolve` and `rfc3986::resolve`, which a user calls without
/// choosing readings, give every vector's answer under the default readings.
#[test]
fn the_plain_resolve_functions_give_the_default_readings_answers() {
    let pairs = |names: Vec<(&str, String)>| {
        names
            .into_iter()
            .map(|(name, reading)| format!("{name}={reading}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let defaults = [
        (Spec::Rfc2396, {
            let r = rfc2396::Readings::default();
            pairs(
                rfc2396::REGISTRY
                    .iter()
                    .map(|a| (a.name, r.get(a.name).unwrap().to_string()))
                    .collect(),
            )
        }),
        (Spec::Rfc3986, {
            let r = rfc3986::Readings::default();
            pairs(
                rfc3986::REGISTRY
                    .iter()
                    .map(|a| (a.name, r.get(a.name).unwrap().to_string()))
                    .collect(),
            )
        }),
    ];
    let corpus = rfc1808_vectors::embedded();
    let mut checked = 0;
    for v in &corpus.resolve {
        for (spec, choice) in &defaults {
            let Some(answers) = v.answers(*spec) else {
                continue;
            };
            let written = answers
                .answer_under(&Assignment::parse(*spec, choice).unwrap())
                .unwrap();
            let got = match spec {
                Spec::Rfc2396 => rfc2396::resolve(v.base_or_empty(), &v.relative),
                _ => rfc3986::resolve(v.base_or_empty(), &v.relative),
            };
            assert_eq!(
                Stated::Resolves(got.as_str()),
                written,
                "{} ({}) {spec}",
                v.id,
                v.origin
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} answers checked");
}
