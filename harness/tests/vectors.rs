//! Every vector as its own named test, against both versions of Step 6:
//! `cargo test -p rfc1808-harness --test vectors -- rfc1808-5.1/` runs some.

use libtest_mimic::{Arguments, Failed, Trial};
use rfc1808_harness::report::first_difference;
use rfc1808_harness::runner::check_parse;
use rfc1808_resolver::{resolve_with, Step6};

fn main() {
    let args = Arguments::from_args();
    let corpus = rfc1808_vectors::embedded();
    let mut trials = Vec::new();
    for v in corpus.resolve {
        for step6 in Step6::ALL {
            let v = v.clone();
            trials.push(
                Trial::test(format!("{} [{step6}]", v.id), move || {
                    let got = resolve_with(&v.base, &v.relative, step6);
                    if got == v.expected {
                        return Ok(());
                    }
                    let at = first_difference(&v.expected, &got).unwrap_or(0);
                    Err(Failed::from(format!(
                        "{} ({})\n  base:     {:?}\n  relative: {:?}\n  expected: {:?}\n  got:      {:?}\n  first difference at byte {at}",
                        v.id, v.origin, v.base, v.relative, v.expected, got
                    )))
                })
                .with_kind(v.tags.first().cloned().unwrap_or_default()),
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
