//! The printer of `rfc1808 list`: the selected vectors with their ids and
//! tags.

use rfc1808_vectors::{ParseVector, ResolveVector, Stated};

/// One line per vector: id, kind and tags, tab-separated.
pub fn text(resolve: &[&ResolveVector], parse: &[&ParseVector]) -> String {
    let mut out = String::new();
    for v in resolve {
        out += &format!("{}\tresolve\t{}\n", v.id, v.tags.join(","));
    }
    for v in parse {
        out += &format!("{}\tparse\t{}\n", v.id, v.tags.join(","));
    }
    out
}

/// A JSON array of the vectors, each with its kind, tags, source, origin,
/// inputs and, for a resolve vector, each spec's answers.
pub fn json(
    resolve: &[&ResolveVector],
    parse: &[&ParseVector],
) -> Result<String, serde_json::Error> {
    let mut items: Vec<serde_json::Value> = resolve
        .iter()
        .map(|v| {
            // Every spec's answers: under its default readings, under the
            // other readings (`AMBIGUITY=READING,...` keys), and why it
            // leaves the case undefined, if it does.
            let specs: serde_json::Map<String, serde_json::Value> = v
                .specs
                .iter()
                .map(|a| {
                    let readings: serde_json::Map<String, serde_json::Value> = a
                        .readings
                        .iter()
                        .map(|(k, answer)| {
                            // As the vector file writes it: the URL, or
                            // `{"rejects": why}` where the reading makes the
                            // reference an error.
                            let answer = match answer {
                                Stated::Resolves(url) => url.clone().into(),
                                Stated::Rejects(why) => serde_json::json!({ "rejects": why }),
                            };
                            (k.to_string(), answer)
                        })
                        .collect();
                    let answers = serde_json::json!({
                        "expected": a.expected, "readings": readings, "undefined": a.undefined,
                    });
                    (a.spec.to_string(), answers)
                })
                .collect();
            serde_json::json!({
                "id": v.id, "kind": "resolve", "tags": v.tags, "source": v.source,
                "origin": v.origin.to_string(),
                "base": v.base, "relative": v.relative, "expected": v.expected,
                "specs": specs,
            })
        })
        .collect();
    items.extend(parse.iter().map(|v| {
        serde_json::json!({
            "id": v.id, "kind": "parse", "tags": v.tags, "source": v.source,
            "origin": v.origin.to_string(), "input": v.input,
        })
    }));
    Ok(serde_json::to_string_pretty(&items)? + "\n")
}
