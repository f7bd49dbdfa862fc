//! Resolution never panics, parsing loses nothing, Step 6 is a fixed point
//! of itself, results re-parse into their components (but for the pinned
//! spec holes) and resolve to themselves: see
//! `rfc1808_fuzzgen::properties::idempotence`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{properties, Input};

fuzz_target!(|input: Input| {
    if let Err(finding) = properties::idempotence(&input) {
        panic!("{finding}");
    }
});
