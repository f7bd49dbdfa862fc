// Throwaway (not committed): random URL-shaped pairs through an adapter vs every RFC 3986 reading.
use arbitrary::{Arbitrary, Unstructured};
use rfc1808_fuzzgen::Input;
use rfc1808_resolver::rfc3986;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let adapter = &args[1];
    let n: usize = args[2].parse().unwrap();
    let mut state: u64 = 0x9e3779b97f4a7c15;
    let mut next = || { state ^= state << 13; state ^= state >> 7; state ^= state << 17; state };
    let mut inputs = Vec::new();
    for _ in 0..n {
        let len = 8 + (next() % 48) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        if let Ok(i) = Input::arbitrary(&mut Unstructured::new(&bytes)) { inputs.push(i); }
    }
    let mut child = Command::new(adapter).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let reqs: Vec<String> = inputs.iter().enumerate().map(|(k, i)| serde_json::json!({"type":"resolve","id":k+1,"base":i.base,"relative":i.relative}).to_string()).collect();
    let t = std::thread::spawn(move || { writeln!(stdin, "{{\"type\":\"start\",\"version\":1}}").unwrap(); for r in reqs { writeln!(stdin, "{r}").unwrap(); } writeln!(stdin, "{{\"type\":\"stop\"}}").unwrap(); });
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    lines.next();
    let mut kinds: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let (mut resolved, mut rejected) = (0, 0);
    for i in &inputs {
        let line = lines.next().unwrap().unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        let Some(got) = v.get("result").and_then(|r| r.as_str()) else { rejected += 1; continue };
        resolved += 1;
        let answers: Vec<String> = rfc3986::Readings::every().into_iter().map(|r| rfc3986::resolve_with(&i.base, &i.relative, r, rfc3986::DotSegments::Linear)).collect();
        if !answers.contains(&got.to_string()) {
            let b = rfc3986::parse(&i.base); let r = rfc3986::parse(&i.relative);
            let key = format!("base auth={} abs={} | ref scheme={} auth={} pathabs={} pathempty={}", b.authority.is_some(), b.path.starts_with('/'), r.scheme.is_some(), r.authority.is_some(), r.path.starts_with('/'), r.path.is_empty());
            let e = kinds.entry(key).or_insert((0, String::new()));
            e.0 += 1;
            let ex = format!("{:?} + {:?} -> got {:?}, want {:?}", i.base, i.relative, got, answers[0]);
            if e.1.is_empty() || ex.len() < e.1.len() { e.1 = ex; }
        }
    }
    t.join().unwrap();
    println!("resolved {resolved}, rejected {rejected}");
    for (k, (c, ex)) in kinds { println!("{c:6} {k}\n       {ex}"); }
}
