//! The fuzz targets' properties as proptests, so `cargo test` on stable
//! checks them on every run: the same [`Input`] shapes (random token bytes
//! decoded by [`Input::from_bytes`]) and the same property functions as
//! `fuzz/fuzz_targets/`. A failure is shrunk to a small pair and printed as
//! a `resolve(BASE, RELATIVE)` reproducer.

use proptest::collection::vec;
use proptest::prelude::*;
use rfc1808_fuzzgen::{properties, Input};
use rfc1808_resolver::{resolve_traced, Options, Readings, Step6};

/// One URL's token bytes, decoded alone so that shrinking either half of
/// the pair leaves the other alone.
fn url(max_tokens: usize) -> impl Strategy<Value = String> {
    vec(any::<u8>(), 0..max_tokens).prop_map(|bytes| Input::from_bytes(&bytes).base)
}

fn input() -> impl Strategy<Value = Input> {
    (url(24), url(16)).prop_map(|(base, relative)| Input::new(base, relative))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn step6_differential(input in input()) {
        properties::step6_differential(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn idempotence(input in input()) {
        properties::idempotence(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn step6_differential_under_every_reading(input in input(), pick in any::<usize>()) {
        let every = Readings::every();
        let readings = every[pick % every.len()];
        let [stack, string] = Step6::ALL.map(|step6| {
            resolve_traced(&input.base, &input.relative, Options { step6, readings })
        });
        prop_assert_eq!(
            &stack, &string,
            "resolve({:?}, {:?}) under {}", input.base, input.relative, readings
        );
    }
}
