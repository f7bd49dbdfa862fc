//! Time per resolution of the RFC 3986 reference resolver, both
//! `remove_dot_segments` versions, beside three Rust crates that claim RFC
//! 3986 (`oxiri`, `fluent-uri`, `iri-string`) on the same inputs in the same
//! run; and the growth of the linear version from 1,000 to 1,000,000
//! segments.
//!
//! `cargo bench -p rfc1808-resolver --bench rfc3986`; the ratios are in
//! docs/performance-rfc3986.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rfc1808_resolver::rfc3986::{self, DotSegments, Readings};

/// Section 5.4's base.
const BASE: &str = "http://a/b/c/d;p?q";

/// The references of section 5.4.1 and 5.4.2, in the RFC's order (`http:g`
/// read strictly, as the three crates do).
const SECTION_5_4: [&str; 42] = [
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

fn oxiri(base: &str, reference: &str) -> Option<String> {
    let base = oxiri::Iri::parse(base).ok()?;
    Some(base.resolve(reference).ok()?.into_inner())
}

fn fluent_uri(base: &str, reference: &str) -> Option<String> {
    let base = fluent_uri::Uri::parse(base).ok()?;
    let reference = fluent_uri::UriRef::parse(reference).ok()?;
    Some(reference.resolve_against(&base).ok()?.to_string())
}

fn iri_string(base: &str, reference: &str) -> Option<String> {
    use iri_string::format::ToDedicatedString;
    let base = iri_string::types::UriAbsoluteStr::new(base).ok()?;
    let reference = iri_string::types::UriReferenceStr::new(reference).ok()?;
    Some(
        reference
            .resolve_against(base)
            .to_dedicated_string()
            .to_string(),
    )
}

/// The peers answer every example as the RFC prints it, so the timings
/// compare the same work.
fn check_peers_agree() {
    for reference in SECTION_5_4 {
        let want = rfc3986::resolve(BASE, reference);
        for (peer, got) in [
            ("oxiri", oxiri(BASE, reference)),
            ("fluent-uri", fluent_uri(BASE, reference)),
            ("iri-string", iri_string(BASE, reference)),
        ] {
            assert_eq!(got.as_deref(), Some(&*want), "{peer} on {reference:?}");
        }
    }
}

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

fn long_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("rfc3986-segments");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        // Half of the segments go up: every `..` removes one, so the output
        // buffer grows and shrinks.
        let reference = "s/".repeat(n / 2) + &"../".repeat(n / 2 - 1) + "g";
        assert_eq!(rfc3986::resolve("http://a/b/c", &reference), "http://a/b/s/g");
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

criterion_group!(benches, section_5_4_examples, long_paths);
criterion_main!(benches);
