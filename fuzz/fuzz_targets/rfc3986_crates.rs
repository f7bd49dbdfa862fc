//! In-process differential against the Rust crates that claim RFC 3986
//! (`oxiri`, `fluent-uri`, `iri-string`): where a crate accepts the input,
//! its answer is the RFC 3986 reference's under one of its readings, or one
//! of the crate's known deviations (docs/findings.md):
//! `rfc1808_fuzzgen::later_rfcs::rfc3986_crates_differential`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{later_rfcs, Input};

fuzz_target!(|input: Input| {
    if let Err(violation) = later_rfcs::rfc3986_crates_differential(&input) {
        panic!("{violation}");
    }
});
