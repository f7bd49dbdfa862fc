//! The catalogue of deviations and its generated page.

use rfc1808_resolver::deviations::{self, Deviation, Set, CATALOGUE};
use rfc1808_resolver::spec::Reference;
use rfc1808_vectors::causes;
use rfc1808_vectors::Spec;

#[test]
fn docs_deviations_md_is_generated_from_the_catalogue() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/deviations.md");
    let want = causes::markdown();
    if std::env::var_os("UPDATE_DEVIATIONS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/deviations.md differs from the catalogue; regenerate it with \
         `UPDATE_DEVIATIONS=1 cargo test -p rfc1808-vectors --test deviations`"
    );
}

/// Each deviation's example changes the answer under a spec it departs
/// from, and the deviation alone explains that answer there: the page's
/// examples cannot claim what the model does not do.
#[test]
fn each_example_is_explained_by_its_deviation() {
    let mut wrong = Vec::new();
    for d in CATALOGUE {
        let id = Deviation::named(d.name).unwrap();
        let (base, reference) = d.example;
        for spec in Spec::ALL {
            if !id.departs_from(spec) {
                continue;
            }
            let primary = Reference::defaults(spec);
            let default = |b: &str, r: &str| primary.resolve(b, r);
            let deviant = deviations::resolve(&default, Set::of(&[id]), base, reference);
            let answer = match &deviant {
                Ok(url) => rfc1808_vectors::grade::Answer::Resolved(url.clone()),
                Err(why) => rfc1808_vectors::grade::Answer::Rejected(why.clone()),
            };
            let found =
                causes::Explainer::new(spec, Set::EMPTY).explain(Some(base), reference, &answer);
            if found != Some(deviations::Explanation::By(Set::of(&[id]))) {
                wrong.push(format!(
                    "{} under {spec}: {base:?} + {reference:?} gives {deviant:?}, which is {found:?}",
                    d.name
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
