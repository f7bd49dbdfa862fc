//! The printer of `rfc1808 list`: the selected vectors with their ids and
//! tags, and with `--spec` each one's answer under that spec.

use rfc1808_vectors::{ParseVector, ResolveVector, Spec, Stated};

/// One line per vector: id, kind and tags, tab-separated; with a `spec`
/// (`list --spec`), a resolve vector's answer under it follows: the URL
/// under its default readings, then `or URL under READINGS` for each other
/// reading's, or `undefined: WHY` where the spec leaves the case undefined.
pub fn text(resolve: &[&ResolveVector], parse: &[&ParseVector], spec: Option<Spec>) -> String {
    let mut out = String::new();
    for v in resolve {
        out += &format!("{}\tresolve\t{}", v.id, v.tags.join(","));
        if let Some(spec) = spec {
            out += &format!("\t{}", answer(v, spec));
        }
        out.push('\n');
    }
    for v in parse {
        out += &format!("{}\tparse\t{}\n", v.id, v.tags.join(","));
    }
    out
}

/// What `v` answers under `spec`, on one line.
fn answer(v: &ResolveVector, spec: Spec) -> String {
    let Some(answers) = v.answers(spec) else {
        return format!("undefined: the vector gives no {spec} answer");
    };
    if let Some(why) = &answers.undefined {
        return format!("undefined: {}", super::controls_escaped(why.trim()));
    }
    let mut out = format!("{:?}", answers.expected);
    for (readings, url) in &answers.readings {
        out += &format!(" or {url} under {readings}");
    }
    out
}

/// A JSON array of the vectors, each with its kind, tags, source, origin,
/// inputs and, for a resolve vector, each spec's answers; with a `spec`
/// (`list --spec`), a resolve vector's `answer` is its line of [`text`]
/// and `undefined` says whether the spec leaves it undefined.
pub fn json(
    resolve: &[&ResolveVector],
    parse: &[&ParseVector],
    spec: Option<Spec>,
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
            let mut item = serde_json::json!({
                "id": v.id, "kind": "resolve", "tags": v.tags, "source": v.source,
                "origin": v.origin.to_string(),
                "base": v.base, "relative": v.relative, "expected": v.expected,
                "specs": specs,
            });
            if let Some(spec) = spec {
                let undefined = v.answers(spec).is_none_or(|a| a.undefined.is_some());
                item["spec"] = spec.name().into();
                item["answer"] = answer(v, spec).into();
                item["undefined"] = undefined.into();
            }
            item
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_with_a_spec_gives_its_answers_and_marks_undefined_ones() {
        let corpus = rfc1808_vectors::embedded();
        let pick = |id: &str| corpus.resolve.iter().find(|v| v.id == id).unwrap();
        let above = pick("rfc1808-5.2/too-many-dot-dot");
        assert_eq!(
            text(&[above], &[], Some(Spec::Rfc3986)),
            format!(
                "rfc1808-5.2/too-many-dot-dot\tresolve\t{}\t\"http://a/g\"\n",
                above.tags.join(",")
            )
        );
        assert!(text(&[above], &[], None).ends_with(&format!("\t{}\n", above.tags.join(","))));
        let undefined = corpus
            .resolve
            .iter()
            .find(|v| {
                v.answers(Spec::Rfc3986)
                    .is_some_and(|a| a.undefined.is_some())
            })
            .expect("a vector RFC 3986 leaves undefined");
        let line = text(&[undefined], &[], Some(Spec::Rfc3986));
        assert!(line.contains("\tundefined: "), "{line}");
    }
}
