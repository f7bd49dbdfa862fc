//! `rfc1808`: the command line of the conformance harness. It parses flags,
//! builds implementations and a runner from the library, and picks a printer.
//!
//! Exit codes: 0 all passed, 1 conformance failures, 2 usage, configuration,
//! I/O or startup errors.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use rfc1808_harness::config;
use rfc1808_harness::expectations::Expectations;
use rfc1808_harness::filter::Filter;
use rfc1808_harness::implementation::{ImplSpec, Protocol};
use rfc1808_harness::report::{self, Format};
use rfc1808_harness::session::{self, Session};
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
    List(ListArgs),
    /// Run the vectors through implementations (the reference resolver when
    /// none is given) and report.
    Run(Box<RunArgs>),
    /// Serve the reference resolver as an adapter on standard input and
    /// output (README, "Writing an adapter"); for `argv`, the adapter is
    /// `rfc1808 resolve -- BASE RELATIVE`.
    Serve {
        /// The protocol to speak: jsonl or lines.
        #[arg(long, value_parser = serve_protocols())]
        protocol: Protocol,
        /// Which Step 6 the reference uses.
        #[arg(long, default_value = "stack")]
        step6: Step6,
    },
    /// Append a finding to vectors/regressions.toml as a new vector, whose
    /// expected value is the reference resolver's answer.
    Promote(PromoteArgs),
    /// Fuzz an implementation against the reference resolver, shrink each
    /// kind of mismatch to a smallest case, and report them.
    Fuzz(Box<FuzzArgs>),
}

#[derive(Args)]
struct FilterArgs {
    /// Only the vectors whose id matches GLOB (`*` any run of characters,
    /// `?` one character); repeatable.
    #[arg(long = "id", value_name = "GLOB")]
    ids: Vec<String>,
    /// Only the vectors with this tag; repeatable (a vector needs one of them).
    #[arg(long = "tag", value_name = "TAG")]
    tags: Vec<String>,
    /// Leave out the vectors whose id matches GLOB; repeatable.
    #[arg(long = "skip", value_name = "GLOB")]
    skips: Vec<String>,
}

impl FilterArgs {
    fn filter(&self) -> Filter {
        Filter {
            ids: self.ids.clone(),
            tags: self.tags.clone(),
            skips: self.skips.clone(),
        }
    }
}

#[derive(Args)]
struct ListArgs {
    #[command(flatten)]
    filter: FilterArgs,
    /// `text` (id, kind, tags, tab-separated) or `json`.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    format: String,
}

#[derive(Args)]
struct RunArgs {
    /// An implementation to run, as NAME=COMMAND; repeatable. COMMAND is
    /// split into words as a POSIX shell would (quotes, backslashes), and
    /// never run through a shell.
    #[arg(long = "impl", value_name = "NAME=COMMAND")]
    impls: Vec<String>,
    /// The protocol of the --impl implementations: argv, lines or jsonl.
    /// [default: argv]
    #[arg(long, value_name = "PROTOCOL")]
    protocol: Option<Protocol>,
    /// The per-case timeout of the --impl implementations, in seconds.
    /// [default: 5]
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// Read the implementations from this TOML file (README, "Running
    /// implementations").
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The expected failures of implementation NAME; repeatable. Replaces
    /// the config file's `expectations`.
    #[arg(long = "expectations", value_name = "NAME=FILE")]
    expectations: Vec<String>,
    /// Write this run's failures as an expectations file: FILE when one
    /// implementation runs, NAME=FILE for any; repeatable.
    #[arg(long = "write-expectations", value_name = "[NAME=]FILE")]
    write_expectations: Vec<String>,
    /// Which Step 6 the reference resolver uses, when it runs: stack or
    /// string. [default: stack]
    #[arg(long)]
    step6: Option<Step6>,
    #[command(flatten)]
    filter: FilterArgs,
    /// The report on standard output: text, json, junit, markdown or html.
    #[arg(long, default_value = "text", value_name = "FORMAT")]
    format: Format,
    /// Also write a report in FORMAT to FILE; repeatable.
    #[arg(long = "report", value_name = "FORMAT=FILE")]
    reports: Vec<String>,
}

fn main() -> ExitCode {
    if let Err(e) = rfc1808_harness::signals::install() {
        eprintln!("rfc1808: cannot handle signals, so adapters may outlive a stopped run: {e}");
    }
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
            write!(stdout, "{}", report::components::render(&parse(&url)))?;
        }
        Command::List(args) => {
            let corpus = load(&cli.vectors)?;
            write!(stdout, "{}", list(&corpus, &args)?)?;
        }
        Command::Run(args) => {
            let corpus = load(&cli.vectors)?;
            return run_vectors(&corpus, &args, cli.vectors.as_deref());
        }
        Command::Serve { protocol, step6 } => {
            rfc1808_harness::serve::serve(protocol, step6, std::io::stdin().lock(), &mut stdout)?;
        }
        Command::Promote(args) => return promote(&args),
        Command::Fuzz(args) => return fuzz(&args, &load(&cli.vectors)?),
    }
    Ok(ExitCode::SUCCESS)
}

/// The protocols `serve` speaks: the persistent ones.
fn serve_protocols() -> impl TypedValueParser<Value = Protocol> {
    PossibleValuesParser::new([Protocol::Jsonl.name(), Protocol::Lines.name()])
        .try_map(|s| s.parse::<Protocol>())
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
    for value in &args.expectations {
        let (name, file) = value
            .split_once('=')
            .ok_or_else(|| anyhow!("--expectations `{value}`: expected NAME=FILE"))?;
        session
            .set_expectations(name, PathBuf::from(file))
            .map_err(|e| anyhow!("--expectations `{value}`: {e}"))?;
    }
    session.load_expectations()?;
    let writes = write_targets(&args.write_expectations, &session.names())?;
    let reports = report_targets(&args.reports)?;
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
        let errors = session.write_expectations(&report, at, &file)?;
        if errors > 0 {
            eprintln!(
                "rfc1808: {}: {errors} errors are not written to {} (expectations cover wrong answers only)",
                report.implementations[at].name,
                file.display()
            );
        }
    }
    Ok(ExitCode::from(if report.ok() { 0 } else { 1 }))
}

/// The implementations of the config file and the --impl flags.
fn specs(args: &RunArgs) -> Result<Vec<ImplSpec>> {
    let mut specs = match &args.config {
        Some(path) => config::load(path)?,
        None => Vec::new(),
    };
    add_impl_flags(&mut specs, &args.impls, args.protocol, args.timeout)?;
    if !specs.is_empty() && args.step6.is_some() {
        bail!("--step6 applies to the reference resolver, which runs only without --impl and --config");
    }
    Ok(specs)
}

/// Appends to `specs` the implementations of the `--impl` values, with the
/// `--protocol` and `--timeout` that apply to them.
fn add_impl_flags(
    specs: &mut Vec<ImplSpec>,
    values: &[String],
    protocol: Option<Protocol>,
    timeout: Option<f64>,
) -> Result<()> {
    if values.is_empty() {
        if protocol.is_some() {
            bail!("--protocol applies to --impl, and there is none");
        }
        if timeout.is_some() {
            bail!("--timeout applies to --impl, and there is none");
        }
    }
    let timeout = match timeout {
        Some(t) => config::parse_timeout(t).map_err(|e| anyhow!("--timeout: {e}"))?,
        None => ImplSpec::DEFAULT_TIMEOUT,
    };
    let protocol = protocol.unwrap_or(config::DEFAULT_PROTOCOL);
    for value in values {
        let spec = config::parse_impl_flag(value, protocol, timeout).map_err(|e| anyhow!(e))?;
        if specs.iter().any(|s| s.name == spec.name) {
            bail!(
                "--impl `{value}`: an implementation is already named `{}`",
                spec.name
            );
        }
        specs.push(spec);
    }
    Ok(())
}

/// Which implementation's expectations each --write-expectations writes,
/// and where.
fn write_targets(values: &[String], names: &[String]) -> Result<Vec<(usize, PathBuf)>> {
    let mut targets: Vec<(usize, PathBuf)> = Vec::new();
    for value in values {
        let named = value
            .split_once('=')
            .and_then(|(name, file)| Some((names.iter().position(|n| n == name)?, file)));
        let (at, file) = match named {
            Some(target) => target,
            None if names.len() == 1 => (0, value.as_str()),
            None => bail!(
                "--write-expectations `{value}`: {} implementations run, so say which as NAME=FILE (one of: {})",
                names.len(),
                names.join(", ")
            ),
        };
        if targets.iter().any(|(a, _)| *a == at) {
            bail!(
                "--write-expectations `{value}`: the expectations of `{}` are already written elsewhere",
                names[at]
            );
        }
        targets.push((at, PathBuf::from(file)));
    }
    Ok(targets)
}

fn report_targets(values: &[String]) -> Result<Vec<(Format, PathBuf)>> {
    values
        .iter()
        .map(|value| {
            let (format, file) = value
                .split_once('=')
                .ok_or_else(|| anyhow!("--report `{value}`: expected FORMAT=FILE"))?;
            let format: Format = format
                .parse()
                .map_err(|e| anyhow!("--report `{value}`: {e}"))?;
            Ok((format, PathBuf::from(file)))
        })
        .collect()
}

#[derive(Args)]
struct PromoteArgs {
    /// A cargo-fuzz artifact of an rfc1808 fuzz target: the base and
    /// relative URL it decodes to are promoted.
    #[arg(
        value_name = "FILE",
        required_unless_present = "base",
        conflicts_with = "base"
    )]
    artifact: Option<PathBuf>,
    /// The base URL of the finding (with --relative, instead of FILE).
    #[arg(long, requires = "relative", allow_hyphen_values = true)]
    base: Option<String>,
    /// The relative URL of the finding.
    #[arg(long, requires = "base", allow_hyphen_values = true)]
    relative: Option<String>,
    /// The finding's root cause, in one line: the vector's `note`.
    #[arg(long, allow_hyphen_values = true)]
    note: String,
    /// Where the finding came from: the vector's `source`. [default: the
    /// artifact's path]
    #[arg(long, required_unless_present = "artifact", allow_hyphen_values = true)]
    source: Option<String>,
    /// The vector file to append to. [default: vectors/regressions.toml in
    /// the current directory or the nearest one above it]
    #[arg(long, value_name = "FILE")]
    to: Option<PathBuf>,
}

/// The vector file `--to` names, or the one found from the current
/// directory upward.
fn promote_target(to: &Option<PathBuf>) -> Result<PathBuf> {
    match to {
        Some(file) => Ok(file.clone()),
        None => {
            let cwd = std::env::current_dir().context("cannot read the current directory")?;
            Ok(rfc1808_harness::promote::find_file(&cwd)?)
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
    /// listed vector shows is known, and not a finding.
    #[arg(long, value_name = "FILE")]
    expectations: Option<PathBuf>,
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
}

fn fuzz(args: &FuzzArgs, corpus: &Corpus) -> Result<ExitCode> {
    use rfc1808_harness::fuzz::{self, Options, Progress};
    use rfc1808_harness::promote::{self, PromoteError};

    let mut specs = Vec::new();
    let value = std::slice::from_ref(&args.implementation);
    add_impl_flags(&mut specs, value, args.protocol, args.timeout)?;
    let spec = specs.remove(0);
    let listed = match &args.expectations {
        Some(file) => {
            let expectations = Expectations::load(file)?;
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
