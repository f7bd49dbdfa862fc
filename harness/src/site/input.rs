//! The JSON reports a site is built from: what of `rfc1808 run --format
//! json` ([`crate::report::json`], docs/reports.md) and of `rfc1808 fuzz
//! --format json` (docs/fuzzing.md) the pages show, read back. Fields the pages do not use are ignored, so a report of a later
//! tool version with more fields still reads; a report of another schema
//! version does not.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Deserialize;

use crate::report::fuzz::SCHEMA_VERSION as FUZZ_SCHEMA_VERSION;
use crate::report::json::SCHEMA_VERSION;

/// One report file, as read: of `rfc1808 run` or of `rfc1808 fuzz`.
#[derive(Debug)]
pub enum Report {
    Run(RunReport),
    Fuzz(FuzzReport),
}

/// A report of `rfc1808 run --format json`.
#[derive(Debug, Deserialize)]
pub struct RunReport {
    pub schema_version: u32,
    pub tool: Tool,
    pub vectors: String,
    pub implementations: Vec<Implementation>,
}

#[derive(Debug, Deserialize)]
pub struct Tool {
    pub version: String,
}

/// One implementation's graded results under one spec.
#[derive(Debug, Deserialize)]
pub struct Implementation {
    pub name: String,
    pub command: Option<Vec<String>>,
    pub info: Option<Info>,
    pub claims: Option<String>,
    pub graded_under: String,
    pub agreement: Vec<Agreement>,
    pub expectations: Option<String>,
    pub ok: bool,
    pub counts: Counts,
    pub library_version: Option<String>,
    pub causes: Vec<Cause>,
    pub unexplained: usize,
    #[serde(default)]
    pub reproduce: Option<crate::reproduce::Reproducer>,
    /// The command that reruns it on every vector (absent from reports of
    /// earlier versions, whose pages then show none).
    #[serde(default)]
    pub rerun: Option<String>,
    pub results: Vec<Result_>,
}

#[derive(Debug, Deserialize)]
pub struct Info {
    pub implementation_version: String,
    pub language: String,
}

#[derive(Debug, Deserialize)]
pub struct Agreement {
    pub spec: String,
    pub agrees: usize,
    pub of: usize,
}

#[derive(Debug, Deserialize)]
pub struct Counts {
    pub total: usize,
    pub passed: usize,
    pub failed: usize,
    pub expected_failures: usize,
    pub unexpected_passes: usize,
    pub errors: usize,
    pub not_representable: usize,
    pub no_answer: usize,
}

#[derive(Debug, Deserialize)]
pub struct Cause {
    pub deviation: String,
    pub explains: usize,
    pub section: String,
    pub same_resource: bool,
}

/// One vector's result (`Result` is the standard library's).
#[derive(Debug, Deserialize)]
pub struct Result_ {
    pub id: String,
    pub status: String,
    pub base: Option<String>,
    pub relative: String,
    pub expected: Option<String>,
    pub expected_rejection: Option<String>,
    pub answer: Answer,
    pub expected_failure_reason: Option<String>,
    #[serde(default)]
    pub cause: Option<serde_json::Value>,
    #[serde(default)]
    pub note: Option<String>,
    pub origin: String,
    pub rerun: String,
}

#[derive(Debug, Deserialize)]
pub struct Answer {
    /// `resolved`, `rejected`, `error`, `not_representable` or `none`.
    pub kind: String,
    pub value: String,
}

impl Result_ {
    /// Whether the answer is not the one the spec gives: a failure, listed
    /// or not.
    pub fn is_wrong(&self) -> bool {
        matches!(self.status.as_str(), "failed" | "expected_failure")
    }

    /// The deviations that explain the answer, when some do.
    pub fn explained_by(&self) -> Vec<String> {
        let names = self.cause.as_ref().and_then(|c| c.get("explained_by"));
        names
            .and_then(|n| n.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A report of `rfc1808 fuzz --format json` (docs/fuzzing.md): how many
/// cases, how many mismatches, and the deviations that explain them.
#[derive(Debug, Deserialize)]
pub struct FuzzReport {
    pub tool: Tool,
    pub implementation: FuzzImplementation,
    pub spec: String,
    pub seed: u64,
    pub cases: usize,
    pub mismatches: usize,
    pub explained: usize,
    pub unexplained: usize,
    pub deviations: Vec<FuzzDeviation>,
    pub new_kinds: usize,
    pub rerun: String,
}

#[derive(Debug, Deserialize)]
pub struct FuzzImplementation {
    pub name: String,
    pub info: Option<Info>,
}

/// A deviation and how many of a fuzz run's mismatches it explains.
#[derive(Debug, Deserialize)]
pub struct FuzzDeviation {
    pub name: String,
    pub count: usize,
    /// Whether the expectations file lists it.
    pub listed: bool,
}

/// The report files `inputs` name: each file as given, and each directory's
/// `*.json` files in name order. An error names the file and why; a file
/// that is not a report of this schema says so.
pub fn read(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, Report)>> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found: Vec<PathBuf> = fs::read_dir(input)
                .with_context(|| format!("{}: cannot list the directory", input.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "json") && p.is_file())
                .collect();
            if found.is_empty() {
                bail!("{}: no report here (no *.json file)", input.display());
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(input.clone());
        }
    }
    files
        .iter()
        .map(|f| Ok((f.clone(), read_one(f)?)))
        .collect()
}

fn read_one(file: &Path) -> Result<Report> {
    #[derive(Deserialize)]
    struct Schema {
        schema_version: Option<u64>,
        // A fuzz report names one implementation; a run report a list.
        implementation: Option<serde::de::IgnoredAny>,
    }
    let text =
        fs::read_to_string(file).with_context(|| format!("{}: cannot read it", file.display()))?;
    let not_a_report = || {
        format!(
            "{}: not a JSON report of `rfc1808 run` or `rfc1808 fuzz`",
            file.display()
        )
    };
    // Parsed once: the schema is read from the value, then the report.
    let value: serde_json::Value = serde_json::from_str(&text).with_context(not_a_report)?;
    let schema = Schema::deserialize(&value).with_context(not_a_report)?;
    let (kind, version) = match schema.implementation {
        Some(_) => ("fuzz", FUZZ_SCHEMA_VERSION),
        None => ("run", SCHEMA_VERSION),
    };
    match schema.schema_version {
        Some(v) if v == u64::from(version) => {}
        Some(v) => bail!(
            "{}: a report of schema version {v}; this rfc1808 builds sites from `rfc1808 {kind}` reports \
             of version {version} (rerun `rfc1808 {kind} --format json` with this version)",
            file.display()
        ),
        None => bail!("{} (no `schema_version`)", not_a_report()),
    }
    Ok(match kind {
        "fuzz" => Report::Fuzz(FuzzReport::deserialize(value).with_context(not_a_report)?),
        _ => Report::Run(RunReport::deserialize(value).with_context(not_a_report)?),
    })
}
