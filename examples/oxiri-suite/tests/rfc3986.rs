use rfc1808_vectors::libtest::Suite;
use rfc1808_vectors::Spec;

fn main() -> Result<(), rfc1808_vectors::LoadError> {
    // Any `Fn(&str, &str) -> R` where R is a String, or a Result whose Ok and
    // Err are Display (an Err is the library rejecting the case).
    Suite::new(oxiri_suite::resolve)
        // The spec the library claims: graded by its answers, as
        // `rfc1808 run --spec rfc3986` grades.
        .spec(Spec::Rfc3986)
        // A strict parser (section 5.2.2): `http:g` is absolute. An answer
        // under the other reading of `same-scheme` fails.
        .reading("same-scheme=strict")
        // Entries of the file with a `versions` condition apply to this
        // version, and a written file records it.
        .version(env!("CARGO_PKG_VERSION"))
        // The same file `rfc1808 run --expectations` reads, first written
        // by `RFC1808_WRITE_EXPECTATIONS=tests/rfc3986-expected.toml cargo test`.
        .expectations_file("tests/rfc3986-expected.toml")?
        .run()
}
