//! Time per resolution of the reference resolver, both Step 6 versions, beside
//! the `url` crate's `Url::join` on the same inputs in the same run; and the
//! growth of the segment stack from 1,000 to 100,000 segments.
//!
//! `cargo bench -p rfc1808-resolver`; docs/performance.md has the ratios.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rfc1808_resolver::{resolve_with, Step6};

/// The 39 examples of RFC 1808 section 5 (5.1 and 5.2), from the vectors.
fn section5() -> Vec<(String, String)> {
    let examples: Vec<(String, String)> = rfc1808_vectors::embedded()
        .resolve
        .into_iter()
        .filter(|v| v.id.starts_with("rfc1808-5."))
        .filter_map(|v| Some((v.base?, v.relative)))
        .collect();
    assert_eq!(examples.len(), 39, "section 5 has 39 examples");
    examples
}

fn section5_examples(c: &mut Criterion) {
    let examples = section5();
    let mut group = c.benchmark_group("section5");
    // One iteration resolves all 39: time per element is time per resolution.
    group.throughput(Throughput::Elements(examples.len() as u64));
    for step6 in Step6::ALL {
        group.bench_function(format!("reference-{step6}"), |b| {
            b.iter(|| {
                for (base, relative) in &examples {
                    black_box(resolve_with(black_box(base), black_box(relative), step6));
                }
            })
        });
    }
    // The peer does the same work as `resolve`: parse the base, resolve the
    // reference, produce the string.
    group.bench_function("url-crate-parse-and-join", |b| {
        b.iter(|| {
            for (base, relative) in &examples {
                let base = url::Url::parse(black_box(base)).expect("the section 5 base parses");
                black_box(base.join(black_box(relative)).map(String::from).ok());
            }
        })
    });
    // The peer's best case: the base parsed once, outside the loop.
    let bases: Vec<url::Url> = examples
        .iter()
        .map(|(base, _)| url::Url::parse(base).expect("the section 5 base parses"))
        .collect();
    group.bench_function("url-crate-join-only", |b| {
        b.iter(|| {
            for (base, (_, relative)) in bases.iter().zip(&examples) {
                black_box(base.join(black_box(relative)).map(String::from).ok());
            }
        })
    });
    group.finish();
}

fn long_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("segments");
    group.sample_size(20);
    for n in [1_000usize, 10_000, 100_000] {
        // Half of the segments go up: every `..` pops, so the stack works.
        let embedded = "s/".repeat(n / 2) + &"../".repeat(n / 2 - 1) + "g";
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("stack", n), &embedded, |b, e| {
            b.iter(|| black_box(resolve_with("http://a/b/c", e, Step6::SegmentStack)))
        });
        // The literal version is quadratic by design; 100,000 takes minutes.
        if n <= 10_000 {
            group.bench_with_input(BenchmarkId::new("string", n), &embedded, |b, e| {
                b.iter(|| black_box(resolve_with("http://a/b/c", e, Step6::StringPattern)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, section5_examples, long_paths);
criterion_main!(benches);
