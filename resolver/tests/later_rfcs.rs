//! The RFC 3986 and RFC 2396 fuzz targets' properties as proptests, so
//! `cargo test` on stable checks them on every run: the same [`Input`]
//! shapes and property functions as `fuzz/fuzz_targets/rfc*.rs`. A failure
//! is shrunk to a small pair and printed as a reproducer.

use proptest::collection::vec;
use proptest::prelude::*;
use rfc1808_fuzzgen::{later_rfcs, Input};

fn url(max_tokens: usize) -> impl Strategy<Value = String> {
    vec(any::<u8>(), 0..max_tokens).prop_map(|bytes| Input::from_bytes(&bytes).base)
}

fn input() -> impl Strategy<Value = Input> {
    (url(24), url(16)).prop_map(|(base, relative)| Input::new(base, relative))
}

/// Paths alone: only the characters `remove_dot_segments` turns on, so that
/// most inputs hold dot segments in every position.
fn dotty_path() -> impl Strategy<Value = String> {
    "[a./]{0,40}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn rfc3986_dot_segments(input in input()) {
        later_rfcs::rfc3986_dot_segments(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc3986_dot_segments_on_dotty_paths(base in dotty_path(), relative in dotty_path()) {
        later_rfcs::rfc3986_dot_segments(&Input::new(base, relative))
            .map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc3986_idempotence(input in input()) {
        later_rfcs::rfc3986_idempotence(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    #[test]
    fn rfc2396_step6_differential(input in input()) {
        later_rfcs::rfc2396_step6_differential(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn rfc3986_crates_differential(input in input()) {
        later_rfcs::rfc3986_crates_differential(&input).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }
}
