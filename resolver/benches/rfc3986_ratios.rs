//! The ratios of docs/performance-rfc3986.md: the RFC 3986 reference and
//! three crates resolving the section 5.4 examples, timed in interleaved
//! rounds (each round times every contender once, in a rotating order) so
//! that a change of machine load falls on all of them alike. Prints each
//! contender's median time per resolution and the median of its per-round
//! ratio to oxiri's parse-and-resolve.
//!
//! `cargo bench -p rfc1808-resolver --bench rfc3986_ratios` (`-- ROUNDS`
//! for another number of rounds than 400).

use std::hint::black_box;
use std::time::{Duration, Instant};

use rfc1808_resolver::rfc3986::{self, DotSegments, Readings};

mod peers;

use peers::{check_peers_agree, fluent_uri, iri_string, oxiri, BASE, SECTION_5_4};

/// Passes over the 42 examples per timing: about 0.1 ms, long enough for
/// the clock and short enough that one round sees one machine load.
const PASSES: u32 = 20;

type Contender = (&'static str, fn(&str, &str) -> Option<String>);

fn reference_linear(base: &str, reference: &str) -> Option<String> {
    Some(rfc3986::resolve_with(
        base,
        reference,
        Readings::default(),
        DotSegments::Linear,
    ))
}

fn reference_buffers(base: &str, reference: &str) -> Option<String> {
    Some(rfc3986::resolve_with(
        base,
        reference,
        Readings::default(),
        DotSegments::Buffers,
    ))
}

fn time(resolve: fn(&str, &str) -> Option<String>) -> Duration {
    let start = Instant::now();
    for _ in 0..PASSES {
        for reference in SECTION_5_4 {
            black_box(resolve(black_box(BASE), black_box(reference)));
        }
    }
    start.elapsed()
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; a number is the rounds.
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(400);
    check_peers_agree();
    let contenders: [Contender; 5] = [
        ("oxiri-parse-and-resolve", oxiri),
        ("reference-linear", reference_linear),
        ("reference-buffers", reference_buffers),
        ("fluent-uri-parse-and-resolve", fluent_uri),
        ("iri-string-parse-and-resolve", iri_string),
    ];
    // Warm-up: caches, branch predictors, the allocator's free lists.
    for (_, resolve) in contenders {
        for _ in 0..20 {
            time(resolve);
        }
    }
    let mut times = vec![Vec::with_capacity(rounds); contenders.len()];
    for round in 0..rounds {
        for i in 0..contenders.len() {
            let c = (round + i) % contenders.len();
            times[c].push(time(contenders[c].1).as_secs_f64());
        }
    }
    let per_resolution = f64::from(PASSES) * SECTION_5_4.len() as f64;
    println!(
        "{rounds} interleaved rounds, {PASSES} passes over the {} examples of RFC 3986 section 5.4 per timing",
        SECTION_5_4.len()
    );
    println!(
        "{:<30} {:>14} {:>22}",
        "contender", "median ns/res", "median ratio to oxiri"
    );
    for (c, (name, _)) in contenders.iter().enumerate() {
        let mut ratios: Vec<f64> = times[c].iter().zip(&times[0]).map(|(t, o)| t / o).collect();
        let mut own = times[c].clone();
        println!(
            "{name:<30} {:>14.0} {:>22.2}",
            median(&mut own) / per_resolution * 1e9,
            median(&mut ratios)
        );
    }
}
