//! Every RFC 1808 answer a vector writes down, under every reading, is what
//! the reference resolver gives under that reading: the `readings` tables
//! are complete (a reading that changes the answer must be listed) and
//! right.

use rfc1808_resolver::readings::REGISTRY;
use rfc1808_resolver::{resolve_with, Options, Readings, Step6};
use rfc1808_vectors::{Assignment, Spec, Stated};

#[test]
fn every_reading_answer_is_the_reference_resolver_answer() {
    let corpus = rfc1808_vectors::embedded();
    let mut wrong = Vec::new();
    for v in &corpus.resolve {
        let answers = v.rfc1808();
        for readings in Readings::every() {
            let choice = REGISTRY
                .iter()
                .map(|a| format!("{}={}", a.name, readings.get(a.name).unwrap()))
                .collect::<Vec<_>>()
                .join(",");
            let choice = Assignment::parse(Spec::Rfc1808, &choice).unwrap();
            let written = answers.answer_under(&choice).unwrap();
            for step6 in Step6::ALL {
                let got = resolve_with(&v.base, &v.relative, Options { step6, readings });
                // RFC 1808 makes no reference an error.
                if Stated::Resolves(got.as_str()) != written {
                    wrong.push(format!(
                        "{} ({}): under {readings}, the resolver gives {got:?}, the vector {written}",
                        v.id, v.origin
                    ));
                    break;
                }
            }
        }
    }
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "{} mismatches:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn docs_readings_md_is_generated_from_the_registry_and_the_vectors() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/readings.md");
    let want = rfc1808_vectors::readings::markdown(&rfc1808_vectors::embedded(), Spec::Rfc1808);
    if std::env::var_os("UPDATE_READINGS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/readings.md differs from the registry and the vectors; regenerate it with \
         `UPDATE_READINGS=1 cargo test -p rfc1808-vectors --test readings`"
    );
}
