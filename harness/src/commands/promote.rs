//! `rfc1808 promote`: a finding appended to a vector file as a new vector.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};

use super::promote_target;
use crate::flags::{vector_source, PromoteArgs};
use crate::output;
use crate::promote::{self, Candidate};

/// `rfc1808 promote`, with `--vectors DIR` given before the command as
/// `top_vectors`.
pub(super) fn promote(args: &PromoteArgs, top_vectors: &Option<PathBuf>) -> Result<ExitCode> {
    let candidate = match (&args.artifact, &args.base, &args.relative) {
        (Some(file), _, _) => {
            Candidate::from_artifact(file, args.source.clone(), args.note.clone())?
        }
        (None, Some(base), Some(relative)) => Candidate {
            base: Some(base.clone()),
            relative: relative.clone(),
            source: args.source.clone().unwrap_or_default(),
            note: args.note.clone(),
            spec: None,
        },
        _ => bail!("give a FILE, or --base and --relative"),
    };
    let candidate = Candidate {
        spec: args.spec,
        ..candidate
    };
    let beside = vector_source(top_vectors, &args.vectors)?;
    let promoted = promote::promote(&promote_target(&args.to)?, &candidate, &beside)?;
    output::print(&promoted.summary(&candidate))?;
    Ok(ExitCode::SUCCESS)
}
