//! The segment-stack Step 6 equals the RFC's string patterns, on any two
//! strings as paths, on the paths parsed out of them, and through whole
//! resolutions: `rfc1808_fuzzgen::properties::step6_differential`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{properties, Input};

fuzz_target!(|input: Input| {
    if let Err(finding) = properties::step6_differential(&input) {
        panic!("{finding}");
    }
});
