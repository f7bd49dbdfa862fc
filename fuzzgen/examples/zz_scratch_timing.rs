use rfc1808_fuzzgen::Input;
use rfc1808_resolver::{parse, resolve_with, Step6};
use std::time::Instant;
fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let inputs: Vec<Vec<u8>> = std::fs::read_dir(dir).unwrap().map(|e| std::fs::read(e.unwrap().path()).unwrap()).collect();
    let n = 2000;
    let t = Instant::now();
    for _ in 0..n { for b in &inputs { std::hint::black_box(Input::from_bytes(b)); } }
    println!("decode {:?}/input", t.elapsed() / (n * inputs.len() as u32));
    let decoded: Vec<Input> = inputs.iter().map(|b| Input::from_bytes(b)).collect();
    let avg: usize = decoded.iter().map(|i| i.base.len() + i.relative.len()).sum::<usize>() / decoded.len();
    println!("avg chars {avg}");
    for (name, f) in [
        ("raw stack", (|i: &Input| { Step6::SegmentStack.merge(&i.base, &i.relative); }) as fn(&Input)),
        ("raw string", |i: &Input| { Step6::StringPattern.merge(&i.base, &i.relative); }),
        ("parsed both", |i: &Input| { let (a, b) = (parse(&i.base).path, parse(&i.relative).path); Step6::SegmentStack.merge(a, b); Step6::StringPattern.merge(a, b); }),
        ("resolve both", |i: &Input| { resolve_with(&i.base, &i.relative, Step6::SegmentStack); resolve_with(&i.base, &i.relative, Step6::StringPattern); }),
        ("property", |i: &Input| { rfc1808_fuzzgen::properties::step6_differential(i).unwrap(); }),
        ("idempotence", |i: &Input| { rfc1808_fuzzgen::properties::idempotence(i).unwrap(); }),
    ] {
        let t = Instant::now();
        for _ in 0..n { for i in &decoded { f(std::hint::black_box(i)); } }
        println!("{name} {:?}/input", t.elapsed() / (n * decoded.len() as u32));
    }
}
