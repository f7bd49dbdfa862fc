//! RFC 3986 resolution never panics, parsing and recomposition lose nothing,
//! the empty reference gives the base, results resolve to themselves:
//! `rfc1808_fuzzgen::later_rfcs::rfc3986_idempotence`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{later_rfcs, Input};

fuzz_target!(|input: Input| {
    if let Err(violation) = later_rfcs::rfc3986_idempotence(&input) {
        panic!("{violation}");
    }
});
