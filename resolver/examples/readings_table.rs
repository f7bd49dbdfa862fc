//! Prints, for a base and a relative URL, the answer under every choice of
//! the readings that change it: a help for writing a vector's `readings`
//! table. A reading under which the spec makes the reference an error (RFC
//! 2396 `above-root=error`) prints as `{ rejects = "why" }`, as the vector
//! format writes it.
//! `cargo run -p rfc1808-resolver --example readings_table -- [--spec rfc1808|rfc2396|rfc3986] BASE RELATIVE`

use rfc1808_resolver::readings::Ambiguity;
use rfc1808_resolver::{rfc2396, rfc3986, Readings, Step6};

/// One choice of a reading for every ambiguity of the spec, by name.
type Choice = Vec<(&'static str, &'static str)>;

/// The answer, or why the spec makes the reference an error.
type Answer = Result<String, String>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (spec, base, relative) = match args.as_slice() {
        [flag, spec, base, relative] if flag == "--spec" => (spec.as_str(), base, relative),
        [base, relative] => ("rfc1808", base, relative),
        _ => usage(),
    };
    let (registry, every) = match spec {
        "rfc1808" => (
            rfc1808_resolver::readings::REGISTRY,
            every_answer(
                rfc1808_resolver::readings::REGISTRY,
                Readings::every(),
                |r, a| r.get(a),
                |r| Ok(rfc1808_resolver::resolve_with(base, relative, *r)),
            ),
        ),
        "rfc2396" => (
            rfc2396::REGISTRY,
            every_answer(
                rfc2396::REGISTRY,
                rfc2396::Readings::every(),
                |r, a| r.get(a),
                |r| {
                    rfc2396::resolve_with(base, relative, *r, Step6::default())
                        .map_err(|e| e.to_string())
                },
            ),
        ),
        "rfc3986" => (
            rfc3986::REGISTRY,
            every_answer(
                rfc3986::REGISTRY,
                rfc3986::Readings::every(),
                |r, a| r.get(a),
                |r| {
                    Ok(rfc3986::resolve_with(
                        base,
                        relative,
                        *r,
                        rfc3986::DotSegments::default(),
                    ))
                },
            ),
        ),
        _ => usage(),
    };
    print_table(spec, registry, &every);
}

fn usage() -> ! {
    eprintln!("usage: readings_table [--spec rfc1808|rfc2396|rfc3986] BASE RELATIVE");
    std::process::exit(2);
}

/// The answer under every choice of readings, the defaults first.
fn every_answer<R>(
    registry: &'static [Ambiguity],
    every: Vec<R>,
    get: impl Fn(&R, &str) -> Option<&'static str>,
    resolve: impl Fn(&R) -> Answer,
) -> Vec<(Choice, Answer)> {
    every
        .iter()
        .map(|r| {
            let choice = registry
                .iter()
                .map(|a| (a.name, get(r, a.name).expect("names from the registry")))
                .collect();
            (choice, resolve(r))
        })
        .collect()
}

/// Whether two answers are the same to a vector: two rejections are, whatever
/// their messages, as grading does not compare what an error says.
fn same(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// How a vector file writes an answer.
fn written(answer: &Answer) -> String {
    match answer {
        Ok(url) => format!("{url:?}"),
        Err(why) => format!("{{ rejects = {why:?} }}"),
    }
}

fn print_table(spec: &str, registry: &'static [Ambiguity], every: &[(Choice, Answer)]) {
    let reading = |c: &Choice, a: &str| c.iter().find(|(b, _)| *b == a).map(|(_, r)| *r);
    let is_default =
        |c: &Choice, a: &Ambiguity| reading(c, a.name) == Some(a.default_reading().name);
    let (_, default) = every
        .iter()
        .find(|(c, _)| registry.iter().all(|a| is_default(c, a)))
        .expect("every() holds the default readings");
    match default {
        Ok(url) => println!("expected.{spec} = {url:?}"),
        Err(why) => println!("# the default readings reject the reference: {why}"),
    }
    // The ambiguities that change the answer under some choice of the others.
    let relevant: Vec<&Ambiguity> = registry
        .iter()
        .filter(|a| {
            every.iter().any(|(c, answer)| {
                every.iter().any(|(d, other)| {
                    !same(other, answer)
                        && registry
                            .iter()
                            .all(|b| b.name == a.name || reading(c, b.name) == reading(d, b.name))
                })
            })
        })
        .collect();
    // Each choice over the relevant ambiguities, the others at default.
    let choices: Vec<(Choice, &Answer)> = every
        .iter()
        .filter(|(c, _)| {
            registry
                .iter()
                .all(|a| relevant.iter().any(|b| b.name == a.name) || is_default(c, a))
        })
        .map(|(c, answer)| {
            let key = relevant
                .iter()
                .map(|a| (a.name, reading(c, a.name).expect("a full choice")))
                .collect();
            (key, answer)
        })
        .collect();
    for (key, answer) in &choices {
        let key: Vec<String> = key.iter().map(|(a, r)| format!("{a}={r}")).collect();
        let mark = if same(answer, default) {
            "  (= expected)"
        } else {
            ""
        };
        println!("# {:?} = {}{mark}", key.join(","), written(answer));
    }
    // The smallest keys that every choice containing them answers alike: the
    // `readings.SPEC` table, no key of which can tie with another.
    let mut keys: Vec<(Choice, &Answer)> = Vec::new();
    for (pairs, got) in &choices {
        if same(got, default) {
            continue;
        }
        let mut best: Option<Choice> = None;
        for mask in 1u32..(1 << pairs.len()) {
            let subset: Choice = (0..pairs.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| pairs[i])
                .collect();
            let pure = choices
                .iter()
                .all(|(c, answer)| !subset.iter().all(|p| c.contains(p)) || same(answer, got));
            if pure && best.as_ref().is_none_or(|b| subset.len() < b.len()) {
                best = Some(subset);
            }
        }
        let best = best.unwrap_or_else(|| pairs.clone());
        if !keys.iter().any(|(k, _)| best.iter().all(|p| k.contains(p))) {
            keys.push((best, got));
        }
    }
    let table: Vec<String> = keys
        .iter()
        .map(|(k, answer)| {
            let k: Vec<String> = k.iter().map(|(a, r)| format!("{a}={r}")).collect();
            format!("{:?} = {}", k.join(","), written(answer))
        })
        .collect();
    if !table.is_empty() {
        println!("readings.{spec} = {{ {} }}", table.join(", "));
    }
}
