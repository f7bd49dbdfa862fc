//! RFC 2396's steps 6c to 6f agree with either Step 6 version under every
//! reading: `rfc1808_fuzzgen::later_rfcs::rfc2396_step6_differential`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{later_rfcs, Input};

fuzz_target!(|input: Input| {
    if let Err(violation) = later_rfcs::rfc2396_step6_differential(&input) {
        panic!("{violation}");
    }
});
