//! The JSON report, for tools: one object with a `schema_version`, every
//! result of every implementation, and the parse vectors. The schema is
//! documented field by field in docs/reports.md ("The JSON report"); a change
//! that removes or retypes a field bumps [`SCHEMA_VERSION`], adding a field
//! does not. Version 2: `expected` may be null, for the status `no_answer`
//! or a vector the spec fails (`expected_rejection`).

use serde::Serialize;

use crate::expectations::Graded;
use crate::implementation::{Answer, Info};
use crate::report::{answers_as, ImplReport, ParseResult, ReadingReport, Report, TOOL_VERSION};
use rfc1808_resolver::deviations::Explanation;
use rfc1808_vectors::grade::Verdict;
use rfc1808_vectors::readings::Following;

/// The version of the schema below.
pub const SCHEMA_VERSION: u32 = 2;

/// Renders `report` as pretty-printed JSON, with a final newline.
pub fn render(report: &Report<'_>) -> String {
    let doc = Document {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "rfc1808",
            version: TOOL_VERSION,
            url_standard: rfc1808_resolver::whatwg::COMMIT,
        },
        vectors: report.vectors.to_string(),
        ok: report.ok(),
        implementations: report.implementations.iter().map(implementation).collect(),
        parse: report.parse.as_ref().map(|p| parse(p)),
    };
    let mut out = serde_json::to_string_pretty(&doc).expect("the report serialises");
    out.push('\n');
    out
}

#[derive(Serialize)]
struct Document<'a> {
    schema_version: u32,
    tool: Tool,
    /// The vector set's digest, `vectors-` and 16 hex digits.
    vectors: String,
    ok: bool,
    implementations: Vec<Implementation<'a>>,
    parse: Option<Parse<'a>>,
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
    /// The commit of the URL Standard the `whatwg` reference is held to.
    url_standard: &'static str,
}

#[derive(Serialize)]
struct Implementation<'a> {
    name: &'a str,
    command: Option<&'a [String]>,
    protocol: Option<&'static str>,
    timeout_seconds: Option<f64>,
    info: Option<InfoJson<'a>>,
    /// The spec its handshake claims, as written; null without a claim.
    claims: Option<&'a str>,
    /// The spec whose answers graded it: `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`.
    graded_under: &'static str,
    /// The spec fingerprint: of the vectors it answered, how many as each
    /// spec does, under any of its readings.
    agreement: Vec<AgreementJson>,
    expectations: Option<&'a str>,
    ok: bool,
    counts: Counts,
    /// The library version read from `info.implementation_version`, which
    /// `versions` conditions of expectations entries are matched against.
    library_version: Option<String>,
    /// When the run failed and that version is not one the expectations
    /// were written for: the sentence that says so.
    version_drift: Option<String>,
    /// What else failed the run, beside the counts: stale entries,
    /// inconsistent readings.
    other_causes: Vec<String>,
    stale_expectations: Vec<StaleJson<'a>>,
    /// The deviations that explain its wrong answers, with how many each
    /// explains, in catalogue order (the cause fingerprint).
    causes: Vec<CauseJson>,
    /// How many wrong answers no deviation explains.
    unexplained: usize,
    /// The reading followed of each ambiguity some right answer told about.
    readings: Vec<ReadingJson>,
    /// The config's `reproduce`: a program in the library's language that
    /// makes its adapter's call (`rfc1808 site` fills in each finding's case).
    reproduce: Option<&'a crate::reproduce::Reproducer>,
    /// The command that reruns it alone on every vector; each result's
    /// `rerun` is this with the result's `--id`.
    rerun: &'a str,
    results: Vec<Result<'a>>,
}

#[derive(Serialize)]
struct CauseJson {
    deviation: &'static str,
    explains: usize,
    /// The section it departs from, under the spec graded by.
    section: &'static str,
    same_resource: bool,
}

#[derive(Serialize)]
struct AgreementJson {
    spec: &'static str,
    agrees: usize,
    of: usize,
}

/// One spec whose answer an answer is.
#[derive(Serialize)]
struct AnswersAsJson {
    spec: &'static str,
    /// The readings that give it (`AMBIGUITY=READING,...`), when the spec's
    /// answer depends on readings.
    readings: Option<String>,
    /// The spec leaves the case undefined.
    undefined: bool,
}

#[derive(Serialize)]
struct ReadingJson {
    ambiguity: &'static str,
    /// The readings every telling vector agrees with; empty when they disagree.
    follows: Vec<&'static str>,
    /// When they disagree: each group of vectors with the readings it allows.
    inconsistent: Vec<ReadingGroup>,
    allowed_reason: Option<String>,
    ok: bool,
    description: String,
}

#[derive(Serialize)]
struct ReadingGroup {
    readings: Vec<&'static str>,
    vectors: Vec<String>,
}

#[derive(Serialize)]
struct Counts {
    total: usize,
    passed: usize,
    failed: usize,
    expected_failures: usize,
    unexpected_passes: usize,
    errors: usize,
    not_representable: usize,
    no_answer: usize,
}

#[derive(Serialize)]
struct StaleJson<'a> {
    id: &'a str,
    location: &'a str,
    message: String,
}

#[derive(Serialize)]
struct Result<'a> {
    id: &'a str,
    status: &'static str,
    /// Null for an absolute parse: `relative` parsed with no base.
    base: Option<&'a str>,
    relative: &'a str,
    /// Null when the vector gives no answer under the spec (status
    /// `no_answer`), or when the spec fails the case
    /// (`expected_rejection`).
    expected: Option<&'a str>,
    /// Why the spec fails the case, when it does (the URL Standard); null
    /// otherwise.
    expected_rejection: Option<&'a str>,
    answer: AnswerJson<'a>,
    stderr: &'a str,
    expected_failure_reason: Option<&'a str>,
    /// For a wrong answer: the deviations that explain it
    /// (`{"explained_by": ["a", "b"]}`), or `"unexplained"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    cause: Option<serde_json::Value>,
    /// For a vector whose answer depends on readings: the reading of each
    /// ambiguity the answer decides (`a|b` when either gives it).
    #[serde(skip_serializing_if = "Option::is_none")]
    reading: Option<std::collections::BTreeMap<&'static str, String>>,
    /// Why the spec it is graded under does not define the case, when it
    /// does not: any answer passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    undefined: Option<&'a str>,
    /// The vector's note for the spec it is graded under.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    /// For a resolved or rejected case: every spec whose answer this is
    /// (empty: none), the text report's `spec:` line.
    #[serde(skip_serializing_if = "Option::is_none")]
    answers_as: Option<Vec<AnswersAsJson>>,
    tags: &'a [String],
    origin: String,
    rerun: String,
}

#[derive(Serialize)]
struct AnswerJson<'a> {
    kind: &'static str,
    value: &'a str,
}

#[derive(Serialize)]
struct Parse<'a> {
    ok: bool,
    passed: usize,
    failed: usize,
    results: Vec<ParseJson<'a>>,
}

#[derive(Serialize)]
struct ParseJson<'a> {
    id: &'a str,
    status: &'static str,
    input: &'a str,
    expected: Option<&'a str>,
    got: Option<&'a str>,
    origin: String,
}

#[derive(Serialize)]
struct InfoJson<'a> {
    name: &'a str,
    implementation_version: &'a str,
    language: &'a str,
    spec: &'a str,
}

fn implementation<'a>(imp: &'a ImplReport<'_>) -> Implementation<'a> {
    let (causes, unexplained) = imp.causes();
    Implementation {
        name: &imp.name,
        command: imp.spec.as_ref().map(|s| s.command.as_slice()),
        protocol: imp.spec.as_ref().map(|s| s.protocol.name()),
        timeout_seconds: imp.spec.as_ref().map(|s| s.timeout.as_secs_f64()),
        info: imp.info.as_ref().map(|i: &Info| InfoJson {
            name: &i.name,
            implementation_version: &i.implementation_version,
            language: &i.language,
            spec: &i.spec,
        }),
        claims: imp.claims(),
        graded_under: imp.graded_under.name(),
        agreement: imp
            .agreement()
            .into_iter()
            .map(|a| AgreementJson {
                spec: a.spec.name(),
                agrees: a.agree,
                of: a.of,
            })
            .collect(),
        expectations: imp.expectations.as_deref(),
        ok: imp.ok(),
        counts: counts(imp),
        library_version: imp.version().map(|v| v.to_string()),
        version_drift: imp.describe_drift(),
        other_causes: imp.other_causes(),
        causes: causes
            .into_iter()
            .map(|(id, explains)| CauseJson {
                deviation: id.name(),
                explains,
                section: id
                    .deviation()
                    .sections
                    .of(imp.graded_under)
                    .unwrap_or_default(),
                same_resource: id.deviation().same_resource,
            })
            .collect(),
        unexplained,
        stale_expectations: imp
            .stale
            .iter()
            .map(|s| StaleJson {
                id: &s.id,
                location: &s.location,
                message: s.to_string(),
            })
            .collect(),
        readings: imp.readings().into_iter().map(reading).collect(),
        reproduce: imp.spec.as_ref().and_then(|s| s.reproduce.as_ref()),
        rerun: &imp.rerun,
        results: imp.results.iter().map(|g| result(imp, g)).collect(),
    }
}

/// How many results of `imp` have each status.
fn counts(imp: &ImplReport<'_>) -> Counts {
    Counts {
        total: imp.results.len(),
        passed: imp.count(Verdict::Passed),
        failed: imp.count(Verdict::Failed),
        expected_failures: imp.count(Verdict::ExpectedFailure),
        unexpected_passes: imp.count(Verdict::UnexpectedPass),
        errors: imp.count(Verdict::Error),
        not_representable: imp.count(Verdict::NotRepresentable),
        no_answer: imp.count(Verdict::NoAnswer),
    }
}

/// The reading an implementation followed of an ambiguity, or the groups
/// of vectors that tell it followed several.
fn reading(r: ReadingReport) -> ReadingJson {
    let (follows, inconsistent) = match &r.following {
        Following::Follows { readings, .. } => {
            (readings.iter().map(|r| r.name).collect(), Vec::new())
        }
        Following::Inconsistent(groups) => (
            Vec::new(),
            groups
                .iter()
                .map(|(readings, vectors)| ReadingGroup {
                    readings: readings.iter().map(|r| r.name).collect(),
                    vectors: vectors.clone(),
                })
                .collect(),
        ),
    };
    ReadingJson {
        ambiguity: r.ambiguity.name,
        follows,
        inconsistent,
        allowed_reason: r.allowed.as_ref().map(|a| a.reason.clone()),
        ok: !r.fails_run(),
        description: r.describe(),
    }
}

fn result<'a>(imp: &ImplReport<'_>, g: &'a Graded<'_>) -> Result<'a> {
    let v = g.outcome.vector;
    let (kind, value) = match &g.outcome.answer {
        Answer::Resolved(url) => ("resolved", url.as_str()),
        Answer::Rejected(why) => ("rejected", why.as_str()),
        Answer::NotRepresentable(why) => ("not_representable", why.as_str()),
        Answer::Error(why) => ("error", why.as_str()),
    };
    let answers = v.answers(imp.graded_under);
    Result {
        id: &v.id,
        status: g.verdict.key(),
        base: v.base.as_deref(),
        relative: &v.relative,
        expected: answers
            .filter(|a| a.rejects.is_none())
            .map(|a| a.expected.as_str()),
        expected_rejection: answers.and_then(|a| a.rejects.as_deref()),
        answer: AnswerJson { kind, value },
        stderr: &g.outcome.stderr,
        expected_failure_reason: g.expected_failure.as_deref(),
        cause: match g.explanation {
            Some(Explanation::By(set)) => {
                let names: Vec<&str> = set.ids().map(|id| id.name()).collect();
                Some(serde_json::json!({ "explained_by": names }))
            }
            Some(Explanation::Unexplained) => Some(serde_json::json!("unexplained")),
            Some(Explanation::Conforms) | None => None,
        },
        reading: g.reading.as_ref().map(|m| {
            m.decided()
                .map(|(a, rs)| {
                    let names: Vec<&str> = rs.iter().map(|r| r.name).collect();
                    (a.name, names.join("|"))
                })
                .collect()
        }),
        undefined: answers.and_then(|a| a.undefined.as_deref()),
        note: v.note_under(imp.graded_under),
        answers_as: matches!(g.outcome.answer, Answer::Resolved(_) | Answer::Rejected(_)).then(
            || {
                answers_as(v, &g.outcome.answer)
                    .into_iter()
                    .map(|m| AnswersAsJson {
                        spec: m.spec.name(),
                        readings: m.readings.map(|r| r.to_string()).filter(|r| !r.is_empty()),
                        undefined: m.undefined,
                    })
                    .collect()
            },
        ),
        tags: &v.tags,
        origin: v.origin.to_string(),
        rerun: imp.rerun_case(&v.id),
    }
}

fn parse<'a>(results: &'a [ParseResult<'_>]) -> Parse<'a> {
    let failed = results.iter().filter(|p| p.mismatch.is_some()).count();
    Parse {
        ok: failed == 0,
        passed: results.len() - failed,
        failed,
        results: results
            .iter()
            .map(|p| ParseJson {
                id: &p.vector.id,
                status: if p.mismatch.is_some() {
                    "failed"
                } else {
                    "passed"
                },
                input: &p.vector.input,
                expected: p.mismatch.as_ref().map(|(e, _)| e.as_str()),
                got: p.mismatch.as_ref().map(|(_, g)| g.as_str()),
                origin: p.vector.origin.to_string(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;
    use serde_json::{json, Value};

    #[test]
    fn the_schema_has_its_documented_fields() {
        let corpus = rfc1808_vectors::embedded();
        let doc: Value = serde_json::from_str(&render(&sample(&corpus))).unwrap();
        assert_eq!(doc["schema_version"], 2);
        assert_eq!(doc["tool"]["name"], "rfc1808");
        assert_eq!(doc["tool"]["version"], TOOL_VERSION);
        assert_eq!(doc["vectors"], corpus.digest.to_string());
        assert_eq!(doc["ok"], false);
        let reference = &doc["implementations"][0];
        assert_eq!(reference["name"], "reference");
        assert_eq!(reference["command"], Value::Null);
        assert_eq!(reference["ok"], true);
        let py = &doc["implementations"][1];
        assert_eq!(py["command"], json!(["python3", "tests/fixtures/wrong.py"]));
        assert_eq!(py["protocol"], "argv");
        assert_eq!(py["timeout_seconds"], 5.0);
        assert_eq!(
            py["info"],
            json!({"name": "wrong", "implementation_version": "1.0", "language": "python", "spec": "RFC 1808"})
        );
        assert_eq!(py["claims"], "RFC 1808");
        assert_eq!(py["graded_under"], "rfc1808");
        assert_eq!(
            py["rerun"],
            "rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv"
        );
        assert_eq!(
            py["agreement"],
            json!([{"spec": "rfc1808", "agrees": 1, "of": 3},
                   {"spec": "rfc2396", "agrees": 1, "of": 3},
                   {"spec": "rfc3986", "agrees": 1, "of": 3},
                   {"spec": "whatwg", "agrees": 1, "of": 3}])
        );
        assert_eq!(reference["claims"], Value::Null);
        assert_eq!(py["expectations"], "py-expected.toml");
        assert_eq!(
            py["counts"],
            json!({"total": 5, "passed": 0, "failed": 1, "expected_failures": 1,
                   "unexpected_passes": 1, "errors": 1, "not_representable": 1, "no_answer": 0})
        );
        assert_eq!(
            py["stale_expectations"],
            json!([{"id": "gone/away", "location": "py-expected.toml:8",
                    "message": "py-expected.toml:8: stale expectation `gone/away`: no vector has this id"}])
        );
        assert_eq!(
            py["results"][0],
            json!({
                "id": "rfc1808-5.1/g",
                "status": "failed",
                "base": "http://a/b/c/d;p?q#f",
                "relative": "g",
                "expected": "http://a/b/c/g",
                "expected_rejection": null,
                "answer": {"kind": "resolved", "value": "http://a/g"},
                "stderr": "warning: \u{1b}[0m\nsecond line\n",
                "expected_failure_reason": null,
                "cause": "unexplained",
                "answers_as": [],
                "tags": ["rfc-example", "normal", "step6"],
                "origin": "vectors/rfc1808.toml:14",
                "rerun": "rfc1808 run --impl 'py=python3 tests/fixtures/wrong.py' --protocol argv --id rfc1808-5.1/g"
            })
        );
        let statuses: Vec<&str> = py["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["status"].as_str().unwrap())
            .collect();
        assert_eq!(
            statuses,
            [
                "failed",
                "expected_failure",
                "error",
                "unexpected_pass",
                "not_representable"
            ]
        );
        assert_eq!(py["results"][1]["answer"]["kind"], "rejected");
        assert_eq!(py["results"][1]["expected_failure_reason"], "rejects dots");
        assert_eq!(
            py["results"][2]["answers_as"],
            Value::Null,
            "an error answers nothing"
        );
        assert_eq!(
            py["results"][3]["answers_as"],
            json!([{"spec": "rfc1808", "readings": null, "undefined": false},
                   {"spec": "rfc2396", "readings": null, "undefined": false},
                   {"spec": "rfc3986", "readings": null, "undefined": false},
                   {"spec": "whatwg", "readings": null, "undefined": false}])
        );
        assert_eq!(doc["parse"]["ok"], true);
        assert_eq!(doc["parse"]["passed"], 1);
        assert_eq!(doc["parse"]["results"][0]["status"], "passed");
        assert_eq!(doc["parse"]["results"][0]["expected"], Value::Null);
    }
}
