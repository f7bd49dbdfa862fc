//! `rfc1808`: the command line of the conformance harness. It parses flags
//! ([`flags`]), calls the library (a [`Session`] for `run`), prints, and
//! turns the result into an exit code.
//!
//! Exit codes: 0 all passed, 1 conformance failures, 2 usage, configuration,
//! I/O or startup errors.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser};
use rfc1808_harness::expectations::Expectations;
use rfc1808_harness::implementation::Protocol;
use rfc1808_harness::report;
use rfc1808_harness::session::{self, Session};
use rfc1808_resolver::readings::deciding_readings;
use rfc1808_resolver::{parse, resolve_traced, Options, Readings};
use rfc1808_vectors::{Assignment, Corpus, Spec};

mod flags;

use flags::{
    add_impl_flags, name_file_targets, report_targets, specs, vectors_dir, Cli, Command, ListArgs,
    PromoteArgs, RunArgs, VectorsArg,
};

fn main() -> ExitCode {
    if let Err(e) = rfc1808_harness::signals::install() {
        eprintln!("rfc1808: cannot handle signals, so adapters may outlive a stopped run: {e}");
    }
    let cli = Cli::parse();
    let result = run(cli);
    // A stop signal killed the adapters, so the run ended in errors it
    // should not report; the signal's thread ends the harness as the
    // signal asks.
    while rfc1808_harness::signals::stopping() {
        std::thread::park();
    }
    match result {
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
    let reads_vectors = matches!(
        cli.command,
        Command::List(_) | Command::Run(_) | Command::Fuzz(_)
    );
    if cli.vectors.is_some() && !reads_vectors {
        bail!("--vectors applies to list, run and fuzz; this command reads no vectors");
    }
    match cli.command {
        Command::Resolve {
            base,
            relative,
            step6,
            readings,
            explain,
        } => {
            let readings: Readings = readings
                .join(",")
                .parse()
                .map_err(|e| anyhow!("--reading: {e}"))?;
            let options = Options { step6, readings };
            let (resolved, step) = resolve_traced(&base, &relative, options);
            writeln!(stdout, "{resolved}")?;
            if explain {
                writeln!(stdout, "finished at {step}")?;
                for decided in deciding_readings(&base, &relative, options) {
                    writeln!(stdout, "{decided}")?;
                }
            }
        }
        Command::Parse { url } => {
            write!(stdout, "{}", report::components::render(&parse(&url)))?;
        }
        Command::List(args) => {
            let corpus = load(&vectors_dir(&cli.vectors, &args.vectors)?)?;
            write!(stdout, "{}", list(&corpus, &args)?)?;
        }
        Command::Run(args) => {
            let dir = vectors_dir(&cli.vectors, &args.vectors)?;
            return run_vectors(&load(&dir)?, &args, dir.as_deref());
        }
        Command::Serve { protocol, step6 } => {
            rfc1808_harness::serve::serve(protocol, step6, std::io::stdin().lock(), &mut stdout)?;
        }
        Command::Promote(args) => return promote(&args),
        Command::Fuzz(args) => {
            return fuzz(&args, &load(&vectors_dir(&cli.vectors, &args.vectors)?)?)
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn list(corpus: &Corpus, args: &ListArgs) -> Result<String> {
    let filter = args.filter.filter();
    filter.check(corpus)?;
    let (resolve, parse) = (filter.resolve(corpus), filter.parse(corpus));
    Ok(match args.format.as_str() {
        "json" => report::list::json(&resolve, &parse)?,
        _ => report::list::text(&resolve, &parse),
    })
}

fn run_vectors(corpus: &Corpus, args: &RunArgs, vectors_dir: Option<&Path>) -> Result<ExitCode> {
    let mut session = Session::new(corpus, args.filter.filter())?;
    let specs = specs(args)?;
    if specs.is_empty() {
        session.add_reference(args.step6.unwrap_or_default());
    }
    specs.into_iter().for_each(|spec| session.add(spec));
    if let Some(dir) = vectors_dir {
        session.set_vectors_dir(dir);
    }
    session.hold(
        Assignment::parse(Spec::Rfc1808, &args.readings.join(","))
            .map_err(|e| anyhow!("--reading: {e}"))?,
    );
    let names = session.names();
    for (at, file) in name_file_targets("--expectations", &args.expectations, &names)? {
        session.set_expectations(&names[at], file)?;
    }
    session.load_expectations()?;
    let writes = name_file_targets("--write-expectations", &args.write_expectations, &names)?;
    let reports = report_targets(&args.reports)?;
    for (_, file) in &reports {
        session::check_writable("report", file)?;
    }
    for (_, file) in &writes {
        session::check_writable("expectations", file)?;
    }
    let report = session.run()?;

    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    std::io::stdout()
        .lock()
        .write_all(args.format.render(&report, colour).as_bytes())
        .context("cannot write the report")?;
    for (format, file) in reports {
        session::write_report(&report, format, &file)?;
    }
    for (at, file) in writes {
        let written = session.write_expectations(&report, at, &file)?;
        let name = &report.implementations[at].name;
        eprintln!(
            "rfc1808: wrote {} for `{name}`: {} kept, {} added, {} dropped",
            file.display(),
            written.kept,
            written.added,
            written.dropped
        );
        if written.errors > 0 {
            eprintln!(
                "rfc1808: {name}: {} errors are not written to {} (expectations cover wrong answers only)",
                written.errors,
                file.display()
            );
        }
    }
    Ok(ExitCode::from(if report.ok() { 0 } else { 1 }))
}

/// The vector file `--to` names, or the one found from the current
/// directory upward, or else `vectors/regressions.toml` here, which the
/// first promotion creates.
fn promote_target(to: &Option<PathBuf>) -> Result<PathBuf> {
    match to {
        Some(file) => Ok(file.clone()),
        None => {
            let cwd = std::env::current_dir().context("cannot read the current directory")?;
            Ok(rfc1808_harness::promote::default_file(&cwd))
        }
    }
}

fn promote(args: &PromoteArgs) -> Result<ExitCode> {
    use rfc1808_harness::promote::{self, Candidate};

    let candidate = match (&args.artifact, &args.base, &args.relative) {
        (Some(file), _, _) => {
            Candidate::from_artifact(file, args.source.clone(), args.note.clone())?
        }
        (None, Some(base), Some(relative)) => Candidate {
            base: base.clone(),
            relative: relative.clone(),
            source: args.source.clone().unwrap_or_default(),
            note: args.note.clone(),
        },
        _ => bail!("give a FILE, or --base and --relative"),
    };
    let promoted = promote::promote(&promote_target(&args.to)?, &candidate)?;
    print!("{}", promoted.summary(&candidate));
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
struct FuzzArgs {
    /// The implementation, as NAME=COMMAND. COMMAND is split into words as a
    /// POSIX shell would (quotes, backslashes), and never run through a
    /// shell.
    #[arg(long = "impl", value_name = "NAME=COMMAND")]
    implementation: String,
    /// Its protocol: argv, lines or jsonl. [default: argv]
    #[arg(long, value_name = "PROTOCOL")]
    protocol: Option<Protocol>,
    /// The per-case timeout, in seconds. [default: 5]
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// How long to fuzz: 90s, 2m, 1h, 500ms. [default: 60s, or no limit
    /// with --max-cases]
    #[arg(long, value_name = "TIME", value_parser = rfc1808_harness::fuzz::parse_time)]
    time: Option<std::time::Duration>,
    /// Stop after this many generated cases.
    #[arg(long, value_name = "N")]
    max_cases: Option<u64>,
    /// The seed of the case generator; the same seed generates the same
    /// cases. [default: from the clock, and printed]
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The implementation's expected failures: a mismatch of the kind a
    /// listed vector shows is known, and not a finding. NAME=FILE, as
    /// `run` takes it, is accepted too.
    #[arg(long, value_name = "[NAME=]FILE")]
    expectations: Option<String>,
    /// Generate bases of any shape, not only absolute URLs: the empty
    /// base of Step 1, `a`, `/g;x`, which RFC 1808 does not resolve
    /// against, so that what an implementation does with them shows.
    #[arg(long)]
    any_base: bool,
    /// Promote one shrunk case of each new kind to the regressions file.
    #[arg(long)]
    promote: bool,
    /// With --promote, the vector file to append to. [default:
    /// vectors/regressions.toml in the current directory or above it]
    #[arg(long, value_name = "FILE", requires = "promote")]
    to: Option<PathBuf>,
    #[command(flatten)]
    vectors: VectorsArg,
}

fn fuzz(args: &FuzzArgs, corpus: &Corpus) -> Result<ExitCode> {
    use rfc1808_harness::fuzz::{self, Options, Progress};
    use rfc1808_harness::promote::{self, PromoteError};

    let mut specs = Vec::new();
    let value = std::slice::from_ref(&args.implementation);
    add_impl_flags(&mut specs, value, args.protocol, args.timeout)?;
    let spec = specs.remove(0);
    let listed = match &args.expectations {
        Some(value) => {
            let names = [spec.name.clone()];
            let (_, file) =
                name_file_targets("--expectations", std::slice::from_ref(value), &names)?.remove(0);
            let expectations = Expectations::load(&file)?;
            let listed = fuzz::listed(corpus, expectations.entries.iter().map(|e| e.id.as_str()));
            for e in &expectations.entries {
                if !listed.iter().any(|l| l.id == e.id) {
                    eprintln!(
                        "rfc1808: {}:{}: `{}` names no resolve vector; left out",
                        expectations.file, e.line, e.id
                    );
                }
            }
            listed
        }
        None => Vec::new(),
    };
    let target = if args.promote {
        Some(promote_target(&args.to)?)
    } else {
        None
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let options = Options {
        seed,
        time: match (args.time, args.max_cases) {
            (None, None) => Some(std::time::Duration::from_secs(60)),
            (time, _) => time,
        },
        max_cases: args.max_cases,
        bases: if args.any_base {
            fuzz::Bases::Any
        } else {
            fuzz::Bases::Absolute
        },
    };
    let mut implementation =
        rfc1808_harness::subprocess::spawn(&spec).map_err(|e| anyhow!("{e}"))?;
    let seeds = rfc1808_fuzzgen::seeds(corpus)
        .into_iter()
        .map(|(_, input)| input)
        .collect();

    let live = std::io::stderr().is_terminal();
    let mut shown = std::time::Instant::now();
    let mut progress = |p: &Progress| {
        if live && shown.elapsed() >= std::time::Duration::from_millis(100) {
            shown = std::time::Instant::now();
            eprint!(
                "\r\x1b[K{} cases, {} mismatches, {} kinds, {:.0} cases/s",
                p.cases,
                p.mismatches,
                p.kinds,
                p.cases as f64 / p.elapsed.as_secs_f64().max(1e-9)
            );
        }
    };
    let summary = fuzz::fuzz(
        implementation.as_mut(),
        seeds,
        &listed,
        &options,
        &mut progress,
    );
    if live {
        eprint!("\r\x1b[K");
    }
    let info = implementation.info().cloned();
    drop(implementation);
    let mut stdout = std::io::stdout().lock();
    write!(
        stdout,
        "{}",
        fuzz::render(&summary, &spec.name, info.as_ref(), seed)
    )?;

    if let Some(file) = target {
        let label = fuzz::label(&spec.name, info.as_ref());
        for f in summary.new_findings() {
            let finding = promote::Candidate {
                base: f.example.base.clone(),
                relative: f.example.relative.clone(),
                source: fuzz::source(&spec.name),
                note: fuzz::note(&label, f),
            };
            match promote::promote(&file, &finding) {
                Ok(p) => writeln!(
                    stdout,
                    "promoted {}: `{}` in {}",
                    f.kind,
                    p.id,
                    file.display()
                )?,
                Err(e @ PromoteError::Duplicate { .. }) => {
                    writeln!(stdout, "not promoted {}: {e}", f.kind)?
                }
                Err(e) => return Err(e).context(format!("cannot promote {}", f.kind)),
            }
        }
    }
    Ok(ExitCode::from(if summary.new_findings().next().is_some() {
        1
    } else {
        0
    }))
}
