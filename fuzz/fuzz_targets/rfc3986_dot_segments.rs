//! RFC 3986's linear `remove_dot_segments` equals the input-buffer/output-buffer
//! loop of section 5.2.4, and removing twice equals once, on any two strings
//! as paths and through whole resolutions:
//! `rfc1808_fuzzgen::later_rfcs::rfc3986_dot_segments`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::{later_rfcs, Input};

fuzz_target!(|input: Input| {
    if let Err(violation) = later_rfcs::rfc3986_dot_segments(&input) {
        panic!("{violation}");
    }
});
