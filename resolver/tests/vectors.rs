//! Every vector as its own named test: each resolve vector against both
//! versions of Step 6, each parse vector against [`parse`].
//! `cargo test -p rfc1808-resolver --test vectors -- rfc1808-5.1/` runs some.
//!
//! The resolver's own test rather than the harness's, so that checking the
//! resolver (and each mutant of it, `resolver/MUTANTS.md`) builds only the
//! resolver and the vectors.

use libtest_mimic::{Arguments, Failed, Trial};
use rfc1808_resolver::{parse, resolve_with, Step6};
use rfc1808_vectors::libtest::check;
use rfc1808_vectors::ParseVector;

fn main() {
    let args = Arguments::from_args();
    let corpus = rfc1808_vectors::embedded();
    let mut trials = Vec::new();
    for v in corpus.resolve {
        for step6 in Step6::ALL {
            let v = v.clone();
            let kind = v.tags.first().cloned().unwrap_or_default();
            trials.push(
                Trial::test(format!("{} [{step6}]", v.id), move || {
                    let got = resolve_with(v.base_or_empty(), &v.relative, step6);
                    check(&v, Ok(got)).map_err(Failed::from)
                })
                .with_kind(kind),
            );
        }
    }
    for v in corpus.parse {
        trials.push(Trial::test(v.id.clone(), move || check_parse(&v)));
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The vector's components are what [`parse`] gives, and printing them gives
/// back the input.
fn check_parse(v: &ParseVector) -> Result<(), Failed> {
    let got = parse(&v.input);
    let expected = v.components();
    if got != expected {
        return Err(format!(
            "{} ({})\n  input:    {:?}\n  expected: {expected:?}\n  got:      {got:?}",
            v.id, v.origin, v.input
        )
        .into());
    }
    let printed = got.to_string();
    if printed != v.input {
        return Err(format!(
            "{} ({})\n  input:   {:?}\n  printed: {printed:?}",
            v.id, v.origin, v.input
        )
        .into());
    }
    Ok(())
}
