//! Prints, for a base and a relative URL, the answer under every choice of
//! the readings that change it: a help for writing a vector's `readings`
//! table. `cargo run -p rfc1808-resolver --example readings_table -- BASE RELATIVE`

use rfc1808_resolver::readings::REGISTRY;
use rfc1808_resolver::{resolve, resolve_with, Readings};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [base, relative] = args.as_slice() else {
        eprintln!("usage: readings_table BASE RELATIVE");
        std::process::exit(2);
    };
    let default = resolve(base, relative);
    println!("expected = {default:?}");
    let every = Readings::every();
    // The ambiguities that change the answer under some choice of the others.
    let relevant: Vec<_> = REGISTRY
        .iter()
        .filter(|a| {
            every.iter().any(|r| {
                a.readings.iter().any(|other| {
                    let mut s = *r;
                    s.set(a.name, other.name).expect("names from the registry");
                    resolve_with(base, relative, s) != resolve_with(base, relative, *r)
                })
            })
        })
        .collect();
    // Each choice over the relevant ambiguities, the others at default.
    let choices: Vec<(Readings, String)> = every
        .into_iter()
        .filter(|r| {
            REGISTRY.iter().all(|a| {
                relevant.iter().any(|b| b.name == a.name)
                    || r.get(a.name) == Some(a.default_reading().name)
            })
        })
        .map(|r| (r, resolve_with(base, relative, r)))
        .collect();
    for (r, got) in &choices {
        let key: Vec<String> = relevant
            .iter()
            .map(|a| format!("{}={}", a.name, r.get(a.name).unwrap_or("?")))
            .collect();
        let mark = if *got == default {
            "  (= expected)"
        } else {
            ""
        };
        println!("# {:?} = {got:?}{mark}", key.join(","));
    }
    // The smallest keys that every choice containing them answers alike: the
    // `readings.rfc1808` table, no key of which can tie with another.
    let mut keys: Vec<(Vec<(&str, &str)>, String)> = Vec::new();
    for (r, got) in &choices {
        if *got == default {
            continue;
        }
        let pairs: Vec<(&str, &str)> = relevant
            .iter()
            .map(|a| (a.name, r.get(a.name).unwrap_or("?")))
            .collect();
        let mut best: Option<Vec<(&str, &str)>> = None;
        for mask in 1u32..(1 << pairs.len()) {
            let subset: Vec<(&str, &str)> = (0..pairs.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| pairs[i])
                .collect();
            let pure = choices.iter().all(|(c, answer)| {
                !subset.iter().all(|(a, v)| c.get(a) == Some(*v)) || answer == got
            });
            if pure && best.as_ref().is_none_or(|b| subset.len() < b.len()) {
                best = Some(subset);
            }
        }
        let best = best.unwrap_or(pairs);
        if !keys.iter().any(|(k, _)| best.iter().all(|p| k.contains(p))) {
            keys.push((best, got.clone()));
        }
    }
    let table: Vec<String> = keys
        .iter()
        .map(|(k, answer)| {
            let k: Vec<String> = k.iter().map(|(a, v)| format!("{a}={v}")).collect();
            format!("{:?} = {answer:?}", k.join(","))
        })
        .collect();
    if !table.is_empty() {
        println!("readings.rfc1808 = {{ {} }}", table.join(", "));
    }
}
