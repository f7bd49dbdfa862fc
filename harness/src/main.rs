//! `rfc1808`: the command line of the conformance harness. It parses flags,
//! builds implementations and a runner from the library, and picks a printer.
//!
//! Exit codes: 0 all passed, 1 conformance failures, 2 usage, configuration,
//! I/O or startup errors.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use rfc1808_harness::reference::Reference;
use rfc1808_harness::report::text;
use rfc1808_harness::runner::{self, describe};
use rfc1808_resolver::{parse, resolve_traced, Step6};
use rfc1808_vectors::Corpus;

#[derive(Parser)]
#[command(
    name = "rfc1808",
    version,
    about = "Conformance harness for RFC 1808 relative URL resolution"
)]
struct Cli {
    /// Read the vectors from this directory instead of the copy built into
    /// the binary.
    #[arg(long, global = true, value_name = "DIR")]
    vectors: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Resolve RELATIVE against BASE with the reference resolver.
    Resolve {
        base: String,
        relative: String,
        /// Which Step 6 to use: `stack` (segment stack) or `string` (the RFC's
        /// string patterns).
        #[arg(long, default_value = "stack")]
        step6: Step6,
        /// Also print the step of section 4 at which resolution finished.
        #[arg(long)]
        explain: bool,
    },
    /// Print the components of URL (RFC 1808 section 2.4), `-` for absent.
    Parse { url: String },
    /// List the vectors with their ids and tags.
    List,
    /// Run the vectors through the reference resolver and report.
    Run {
        /// Which Step 6 the reference uses.
        #[arg(long, default_value = "stack")]
        step6: Step6,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("rfc1808: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn load(cli_vectors: &Option<PathBuf>) -> Result<Corpus> {
    match cli_vectors {
        Some(dir) => Ok(rfc1808_vectors::load_dir(dir)?),
        None => Ok(rfc1808_vectors::embedded()),
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let mut stdout = std::io::stdout().lock();
    match cli.command {
        Command::Resolve {
            base,
            relative,
            step6,
            explain,
        } => {
            let (resolved, step) = resolve_traced(&base, &relative, step6);
            writeln!(stdout, "{resolved}")?;
            if explain {
                writeln!(stdout, "finished at {step}")?;
            }
        }
        Command::Parse { url } => {
            write!(stdout, "{}", describe(&parse(&url)))?;
        }
        Command::List => {
            let corpus = load(&cli.vectors)?;
            for v in &corpus.resolve {
                writeln!(stdout, "{}\tresolve\t{}", v.id, v.tags.join(","))?;
            }
            for v in &corpus.parse {
                writeln!(stdout, "{}\tparse\t{}", v.id, v.tags.join(","))?;
            }
        }
        Command::Run { step6 } => {
            let corpus = load(&cli.vectors)?;
            let vectors = runner::all_resolve(&corpus);
            let mut reference = Reference::new(step6);
            let results = vec![runner::run(&vectors, &mut reference)];
            let style = text::Style {
                colour: std::io::stdout().is_terminal(),
            };
            let mut parse_failures = 0;
            for v in &corpus.parse {
                if let Err((expected, got)) = runner::check_parse(v) {
                    parse_failures += 1;
                    writeln!(
                        stdout,
                        "FAIL {} [parse] ({})\n  input: {:?}\n  expected:\n{}  got:\n{}",
                        v.id, v.origin, v.input, expected, got
                    )?;
                }
            }
            write!(stdout, "{}", text::render(&results, style))
                .context("cannot write the report")?;
            writeln!(
                stdout,
                "parse vectors: {} passed; {parse_failures} failed",
                corpus.parse.len() - parse_failures
            )?;
            let ok = parse_failures == 0 && results.iter().all(|r| r.all_passed());
            return Ok(ExitCode::from(if ok { 0 } else { 1 }));
        }
    }
    Ok(ExitCode::SUCCESS)
}
