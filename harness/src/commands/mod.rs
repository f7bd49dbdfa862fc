//! The commands of the `rfc1808` binary. Each takes its parsed flags
//! ([`crate::flags`]), does its work through the rest of the library,
//! writes through [`crate::output`], and returns the exit code: 0 all
//! passed, 1 conformance failures; an error is exit code 2, which `main`
//! prints.

mod fuzz;
mod promote;
mod resolve;
mod run;
mod site;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use rfc1808_resolver::parse;
use rfc1808_vectors::{Assignment, Corpus, Spec};

use crate::corpus::VectorSource;
use crate::flags::{vector_source, Cli, Command, ListArgs};
use crate::{output, report};

/// Runs the command `cli` names.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let mut stdout = output::stdout();
    let reads_vectors = matches!(
        cli.command,
        Command::List(_) | Command::Run(_) | Command::Fuzz(_) | Command::Promote(_)
    );
    if cli.vectors.is_some() && !reads_vectors {
        bail!("--vectors applies to list, run, fuzz and promote; this command reads no vectors");
    }
    match cli.command {
        Command::Resolve(args) => return resolve::resolve(&args, &mut stdout),
        Command::Parse { url } => {
            write!(stdout, "{}", report::components::render(&parse(&url)))?;
        }
        Command::List(args) => {
            let corpus = load(&vector_source(&cli.vectors, &args.vectors)?)?;
            write!(stdout, "{}", list(&corpus, &args)?)?;
        }
        Command::Run(args) => return run::run(&args, &cli.vectors),
        Command::Serve {
            protocol,
            spec,
            step6,
        } => {
            let stdin = std::io::stdin().lock();
            crate::serve::serve(protocol, spec, step6, stdin, &mut stdout)?;
        }
        Command::Promote(args) => return promote::promote(&args, &cli.vectors),
        Command::Fuzz(args) => return fuzz::fuzz(&args, &cli.vectors),
        Command::Site(args) => return site::site(&args),
    }
    Ok(ExitCode::SUCCESS)
}

/// The vectors of `source`; an error names the file and line.
fn load(source: &VectorSource) -> Result<Corpus> {
    Ok(source.load()?)
}

/// `rfc1808 list`: the vectors the filter selects, as text or JSON.
fn list(corpus: &Corpus, args: &ListArgs) -> Result<String> {
    let filter = args.filter.filter();
    filter.check(corpus)?;
    let (resolve, parse) = (filter.resolve(corpus), filter.parse(corpus));
    Ok(match args.format.as_str() {
        "json" => report::list::json(&resolve, &parse, args.spec)?,
        _ => report::list::text(&resolve, &parse, args.spec),
    })
}

/// The readings `--reading` holds under `spec` (its values joined by
/// commas); an error names the flag, and the spec unless it is RFC 1808.
fn readings(spec: Spec, values: &[String]) -> Result<Assignment> {
    Assignment::parse(spec, &values.join(",")).map_err(|e| match spec {
        Spec::Rfc1808 => anyhow!("--reading: {e}"),
        _ => anyhow!("--reading: {spec}: {e}"),
    })
}

/// The vector file `--to` names, or the one found from the current
/// directory upward, or else `vectors/regressions.toml` here, which the
/// first promotion creates.
fn promote_target(to: &Option<PathBuf>) -> Result<PathBuf> {
    match to {
        Some(file) => Ok(file.clone()),
        None => {
            let cwd = std::env::current_dir().context("cannot read the current directory")?;
            Ok(crate::promote::default_file(&cwd))
        }
    }
}
