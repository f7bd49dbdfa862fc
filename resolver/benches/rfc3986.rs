//! Time per resolution of the RFC 3986 reference resolver, both
//! `remove_dot_segments` versions, beside three Rust crates that claim RFC
//! 3986 (`oxiri`, `fluent-uri`, `iri-string`) on the same inputs in the same
//! run; and the growth of the linear version from 1,000 to 1,000,000
//! segments. The `section5.4-parsed-base` group times the reference's
//! [`rfc3986::ParsedBase`] beside `url`'s `join` and oxiri's `resolve`,
//! each on a base parsed once.
//!
//! `cargo bench -p rfc1808-resolver --bench rfc3986`. On a shared, busy
//! machine the load moves between one contender's measurement and the
//! next; the `rfc3986_ratios` benchmark interleaves them for the ratios of
//! docs/performance-rfc3986.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rfc1808_resolver::rfc3986::{self, DotSegments, Readings};

mod peers;

use peers::{check_peers_agree, fluent_uri, iri_string, oxiri, BASE, SECTION_5_4};

fn section_5_4_examples(c: &mut Criterion) {
    check_peers_agree();
    let mut group = c.benchmark_group("section5.4");
    // One iteration resolves all 42: time per element is time per resolution.
    group.throughput(Throughput::Elements(SECTION_5_4.len() as u64));
    // Every contender parses the base and the reference and produces the
    // target as a new string.
    for dots in DotSegments::ALL {
        group.bench_function(format!("reference-{dots}"), |b| {
            b.iter(|| {
                for reference in SECTION_5_4 {
                    black_box(rfc3986::resolve_with(
                        black_box(BASE),
                        black_box(reference),
                        Readings::default(),
                        dots,
                    ));
                }
            })
        });
    }
    group.bench_function("oxiri-parse-and-resolve", |b| {
        b.iter(|| {
            for reference in SECTION_5_4 {
                black_box(oxiri(black_box(BASE), black_box(reference)));
            }
        })
    });
    // oxiri's best case: the base parsed once, outside the loop.
    let base = oxiri::Iri::parse(BASE).expect("the section 5.4 base parses");
    group.bench_function("oxiri-resolve-only", |b| {
        b.iter(|| {
            for reference in SECTION_5_4 {
                black_box(
                    base.resolve(black_box(reference))
                        .map(|i| i.into_inner())
                        .ok(),
                );
            }
        })
    });
    group.bench_function("fluent-uri-parse-and-resolve", |b| {
        b.iter(|| {
            for reference in SECTION_5_4 {
                black_box(fluent_uri(black_box(BASE), black_box(reference)));
            }
        })
    });
    group.bench_function("iri-string-parse-and-resolve", |b| {
        b.iter(|| {
            for reference in SECTION_5_4 {
                black_box(iri_string(black_box(BASE), black_box(reference)));
            }
        })
    });
    group.finish();
}

/// Each contender's base parsed once, outside the loop, and only the
/// references resolved: the reference's [`rfc3986::ParsedBase`], `url`'s
/// `join` (WHATWG) and oxiri's `resolve`, side by side in one group.
fn parsed_base(c: &mut Criterion) {
    let mut group = c.benchmark_group("section5.4-parsed-base");
    group.throughput(Throughput::Elements(SECTION_5_4.len() as u64));
    let reference = rfc3986::ParsedBase::new(BASE);
    group.bench_function("reference", |b| {
        b.iter(|| {
            for r in SECTION_5_4 {
                black_box(reference.resolve(black_box(r)));
            }
        })
    });
    let url = url::Url::parse(BASE).expect("the section 5.4 base parses");
    group.bench_function("url-join", |b| {
        b.iter(|| {
            for r in SECTION_5_4 {
                black_box(url.join(black_box(r)).map(String::from).ok());
            }
        })
    });
    let iri = oxiri::Iri::parse(BASE).expect("the section 5.4 base parses");
    group.bench_function("oxiri-resolve", |b| {
        b.iter(|| {
            for r in SECTION_5_4 {
                black_box(iri.resolve(black_box(r)).map(|i| i.into_inner()).ok());
            }
        })
    });
    group.finish();
}

fn long_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("rfc3986-segments");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        // Half of the segments go up: every `..` removes one, so the output
        // buffer grows and shrinks.
        let reference = "s/".repeat(n / 2) + &"../".repeat(n / 2 - 1) + "g";
        assert_eq!(
            rfc3986::resolve("http://a/b/c", &reference),
            "http://a/b/s/g"
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("linear", n), &reference, |b, r| {
            b.iter(|| black_box(rfc3986::resolve(black_box("http://a/b/c"), r)))
        });
        // The literal loop rewrites the input buffer at each rule: quadratic.
        if n <= 10_000 {
            group.bench_with_input(BenchmarkId::new("buffers", n), &reference, |b, r| {
                b.iter(|| {
                    black_box(rfc3986::resolve_with(
                        black_box("http://a/b/c"),
                        r,
                        Readings::default(),
                        DotSegments::Buffers,
                    ))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, section_5_4_examples, parsed_base, long_paths);
criterion_main!(benches);
