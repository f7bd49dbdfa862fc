//! Every vector as its own named test, against both versions of Step 6:
//! `cargo test -p rfc1808-harness --test vectors -- rfc1808-5.1/` runs some.

use libtest_mimic::{Arguments, Failed, Trial};
use rfc1808_harness::runner::check_parse;
use rfc1808_resolver::{resolve_with, Step6};
use rfc1808_vectors::libtest::check;

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
                    let got = resolve_with(&v.base, &v.relative, step6);
                    check(&v, Ok(got)).map_err(Failed::from)
                })
                .with_kind(kind),
            );
        }
    }
    for v in corpus.parse {
        trials.push(Trial::test(v.id.clone(), move || {
            check_parse(&v).map_err(|(expected, got)| {
                Failed::from(format!(
                    "{} ({})\n  input: {:?}\n  expected:\n{expected}  got:\n{got}",
                    v.id, v.origin, v.input
                ))
            })
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
