//! `rfc1808`: the command line of the conformance harness. It parses flags
//! ([`flags`]), calls the library (a [`Session`] for `run`), prints, and
//! turns the result into an exit code.
//!
//! Exit codes: 0 all passed, 1 conformance failures, 2 usage, configuration,
//! I/O or startup errors, 141 standard output or error closed under a write
//! ([`output`]).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::Parser as _;
use rfc1808_harness::config::Config;
use rfc1808_harness::corpus::VectorSource;
use rfc1808_harness::expectations::Expectations;
use rfc1808_harness::reference::Reference;
use rfc1808_harness::report;
use rfc1808_harness::session::{self, Session};
use rfc1808_harness::{Answer, Case, Implementation, Info};
use rfc1808_resolver::deviations::{self, Deviation, Explanation, Set as DeviationSet};
use rfc1808_resolver::{parse, Step6};
use rfc1808_vectors::{Assignment, Corpus, Spec};

mod flags;
mod output;

use flags::{
    add_impl_flags, config, fuzz_report_targets, name_file_targets, report_targets, spec_targets,
    specs, vector_source, Cli, Command, FuzzArgs, ListArgs, PromoteArgs, RunArgs,
};

fn main() -> ExitCode {
    if let Err(e) = rfc1808_harness::signals::install() {
        // A closed standard error is noted, and ends the run once it is done.
        let _ = output::eprint(&format!(
            "rfc1808: cannot handle signals, so adapters may outlive a stopped run: {e}\n"
        ));
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version` or a usage error, printed as clap prints it.
        Err(e) => {
            let code = match e.print() {
                Err(io) if io.kind() == std::io::ErrorKind::BrokenPipe => output::CLOSED_PIPE,
                _ => u8::try_from(e.exit_code()).unwrap_or(2),
            };
            return ExitCode::from(code);
        }
    };
    let result = run(cli);
    // A stop signal killed the adapters, so the run ended in errors it
    // should not report; the signal's thread ends the harness as the
    // signal asks.
    while rfc1808_harness::signals::stopping() {
        std::thread::park();
    }
    match result {
        // The reader went away: nothing more is said, to anyone.
        Ok(_) if output::closed() => ExitCode::from(output::CLOSED_PIPE),
        Err(e) if output::ended_by_closed_pipe(&e) => ExitCode::from(output::CLOSED_PIPE),
        Ok(code) => code,
        Err(e) => {
            // Nowhere to say it if standard error is closed too.
            let _ = output::eprint(&format!("rfc1808: {e:#}\n"));
            ExitCode::from(2)
        }
    }
}

/// The vectors of `source`; an error names the file and line.
fn load(source: &VectorSource) -> Result<Corpus> {
    Ok(source.load()?)
}

fn run(cli: Cli) -> Result<ExitCode> {
    let mut stdout = output::stdout();
    let reads_vectors = matches!(
        cli.command,
        Command::List(_) | Command::Run(_) | Command::Fuzz(_) | Command::Promote(_)
    );
    if cli.vectors.is_some() && !reads_vectors {
        bail!("--vectors applies to list, run, fuzz and promote; this command reads no vectors");
    }
    match cli.command {
        Command::Resolve {
            base,
            relative,
            spec,
            step6,
            readings,
            explain,
            deviations,
            why,
            why_rejected,
        } => {
            let readings = readings.join(",");
            let deviations = deviation_set(&deviations)?;
            let why = why
                .map(Answer::Resolved)
                .or(why_rejected.then(|| Answer::Rejected(String::new())));
            if let Some(answer) = why {
                let explainer = rfc1808_vectors::causes::Explainer::new(spec, deviations);
                let explanation = explainer
                    .explain(&base, &relative, &answer)
                    .expect("a URL or a rejection is an answer");
                writeln!(stdout, "{explanation}")?;
                return Ok(match explanation {
                    Explanation::Unexplained => ExitCode::from(1),
                    _ => ExitCode::SUCCESS,
                });
            }
            return resolve(
                &mut stdout,
                [&base, &relative],
                spec,
                step6,
                &readings,
                (explain, deviations),
            );
        }
        Command::Parse { url } => {
            write!(stdout, "{}", report::components::render(&parse(&url)))?;
        }
        Command::List(args) => {
            let corpus = load(&vector_source(&cli.vectors, &args.vectors)?)?;
            write!(stdout, "{}", list(&corpus, &args)?)?;
        }
        Command::Run(args) => {
            let mut source = vector_source(&cli.vectors, &args.vectors)?;
            let config = config(&args)?;
            for path in config.iter().flat_map(|c| &c.vectors) {
                source.add(path);
            }
            return run_vectors(&load(&source)?, &args, config, source);
        }
        Command::Serve {
            protocol,
            spec,
            step6,
        } => {
            let stdin = std::io::stdin().lock();
            rfc1808_harness::serve::serve(protocol, spec, step6, stdin, &mut stdout)?;
        }
        Command::Promote(args) => return promote(&args, &cli.vectors),
        Command::Fuzz(args) => {
            let source = vector_source(&cli.vectors, &args.vectors)?;
            let target = args.promote.then(|| promote_target(&args.to)).transpose()?;
            // The file this run promotes into, named with --add-vectors too
            // so that the run reads it, may not exist before the first
            // finding.
            let mut read = source.clone();
            if let Some(target) = &target {
                read.added
                    .retain(|p| p.exists() || !rfc1808_vectors::files::same_file(p, target));
            }
            return fuzz(&args, &load(&read)?, &source, target);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `rfc1808 resolve`: the reference's answer by `spec` under the readings
/// given, and with `--explain` where in the spec's algorithm it came from
/// and the readings that decided it. A reading that rejects the case (RFC
/// 2396's `above-root=error`) exits 1: no answer is not a usage error.
fn resolve(
    out: &mut impl Write,
    [base, relative]: [&str; 2],
    spec: Spec,
    step6: Step6,
    readings: &str,
    (explain, deviations): (bool, DeviationSet),
) -> Result<ExitCode> {
    let held = Assignment::parse(spec, readings).map_err(|e| match spec {
        Spec::Rfc1808 => anyhow!("--reading: {e}"),
        _ => anyhow!("--reading: {spec}: {e}"),
    })?;
    if explain && !deviations.is_empty() {
        bail!("--explain traces the spec's own algorithm; it cannot be given with --deviation");
    }
    let (answer, lines) = if !deviations.is_empty() {
        let reference = std::cell::RefCell::new(Reference::new(step6).by_spec(spec, &held));
        let by_reference = |base: &str, relative: &str| {
            let case = Case {
                id: "",
                base,
                relative,
            };
            match reference.borrow_mut().resolve_all(&[case]).remove(0).answer {
                Answer::Resolved(url) => Ok(url),
                other => Err(format!("{other:?}")),
            }
        };
        let answer = match deviations::resolve(&by_reference, deviations, base, relative) {
            Ok(url) => Answer::Resolved(url),
            Err(why) => Answer::Rejected(why),
        };
        (answer, Vec::new())
    } else if explain {
        let (answer, lines) = held.reference(spec).explain(base, relative, step6);
        let answer = match answer {
            Ok(url) => Answer::Resolved(url),
            Err(why) => Answer::Rejected(why),
        };
        (answer, lines)
    } else {
        let case = Case {
            id: "",
            base,
            relative,
        };
        let mut reference = Reference::new(step6).by_spec(spec, &held);
        (reference.resolve_all(&[case]).remove(0).answer, Vec::new())
    };
    let code = match answer {
        Answer::Resolved(resolved) => {
            writeln!(out, "{resolved}")?;
            ExitCode::SUCCESS
        }
        Answer::Rejected(why) => {
            writeln!(out, "rejected: {why}")?;
            ExitCode::from(1)
        }
        other => bail!("the reference gave no answer: {other:?}"),
    };
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(code)
}

/// The deviations named by `--deviation`; an unknown name is an error that
/// says where the catalogue is.
fn deviation_set(names: &[String]) -> Result<DeviationSet> {
    names.iter().try_fold(DeviationSet::EMPTY, |set, name| {
        Deviation::named(name)
            .map(|id| set.with(id))
            .ok_or_else(|| {
                anyhow!(
                    "--deviation {name}: no such deviation (the catalogue is docs/deviations.md)"
                )
            })
    })
}

fn list(corpus: &Corpus, args: &ListArgs) -> Result<String> {
    let filter = args.filter.filter();
    filter.check(corpus)?;
    let (resolve, parse) = (filter.resolve(corpus), filter.parse(corpus));
    Ok(match args.format.as_str() {
        "json" => report::list::json(&resolve, &parse, args.spec)?,
        _ => report::list::text(&resolve, &parse, args.spec),
    })
}

fn run_vectors(
    corpus: &Corpus,
    args: &RunArgs,
    config: Option<Config>,
    vectors: VectorSource,
) -> Result<ExitCode> {
    let mut session = Session::new(corpus, args.filter.filter())?;
    let specs = specs(args, config)?;
    if specs.is_empty() {
        session.add_reference(args.step6.unwrap_or_default());
    }
    specs.into_iter().for_each(|spec| session.add(spec));
    session.set_vectors(vectors);
    let spec_flags = spec_targets(&args.specs)?;
    if let Some(spec) = spec_flags.all {
        session.by_spec(spec);
    }
    for (name, spec) in spec_flags.named {
        session
            .grade_under(&name, spec)
            .with_context(|| format!("--spec `{name}={spec}`"))?;
    }
    session.hold(&args.readings.join(","));
    let names = session.names();
    for (at, file) in name_file_targets("--expectations", &args.expectations, &names)? {
        session.set_expectations(&names[at], file)?;
    }
    let writes = name_file_targets("--write-expectations", &args.write_expectations, &names)?;
    for (at, file) in &writes {
        session.will_write_expectations(&names[*at], file)?;
    }
    session.load_expectations()?;
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
    output::print(&args.format.render(&report, colour)).context("cannot write the report")?;
    for (format, file) in reports {
        session::write_report(&report, format, &file)?;
    }
    for (at, file) in writes {
        let written = session.write_expectations(&report, at, &file)?;
        let name = &report.implementations[at].name;
        output::eprint(&format!(
            "rfc1808: wrote {} for `{name}`: {} kept, {} added, {} dropped\n",
            file.display(),
            written.kept,
            written.added,
            written.dropped
        ))?;
        if written.errors > 0 {
            output::eprint(&format!(
                "rfc1808: {name}: {} errors are not written to {} (expectations cover wrong answers only)\n",
                written.errors,
                file.display()
            ))?;
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

fn promote(args: &PromoteArgs, top_vectors: &Option<PathBuf>) -> Result<ExitCode> {
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

fn fuzz(
    args: &FuzzArgs,
    corpus: &Corpus,
    vectors: &VectorSource,
    target: Option<PathBuf>,
) -> Result<ExitCode> {
    use rfc1808_harness::fuzz::{Accepted, Bases, Campaign};
    use rfc1808_harness::report::fuzz::{self as report, Format};
    use rfc1808_vectors::versions::library_version;

    let mut specs = Vec::new();
    let value = std::slice::from_ref(&args.implementation);
    add_impl_flags(&mut specs, value, args.protocol, args.timeout)?;
    let spec = specs.remove(0);
    let names = [spec.name.clone()];
    let file_of = |flag: &str, value: &Option<String>| -> Result<Option<PathBuf>> {
        Ok(match value {
            Some(value) => {
                let values = std::slice::from_ref(value);
                Some(name_file_targets(flag, values, &names)?.remove(0).1)
            }
            None => None,
        })
    };
    let expectations_file = file_of("--expectations", &args.expectations)?;
    let expectations = expectations_file
        .as_deref()
        .map(Expectations::load)
        .transpose()?;
    let accept_to = file_of("--write-expectations", &args.write_expectations)?;
    let reports = fuzz_report_targets(&args.reports)?;
    for (_, file) in &reports {
        session::check_writable("report", file)?;
    }
    // The file accepted into, when it is there already, must load, and
    // be for the spec of the run (checked once that is known).
    let accept_existing = match &accept_to {
        Some(file) => {
            session::check_writable("expectations", file)?;
            file.exists()
                .then(|| Expectations::load(file))
                .transpose()?
        }
        None => None,
    };
    let bases = if args.any_base {
        Bases::Any
    } else {
        Bases::Absolute
    };
    let check = |by: Spec| {
        if let Some(existing) = &accept_existing {
            existing.check_spec(by)?;
        }
        fuzz_flags_under(args, expectations.as_ref(), by)
    };
    // Usage errors before the adapter starts: all of them with `--spec`,
    // and without it those no spec would accept (reported as RFC 1808's).
    match args.spec {
        Some(by) => drop(check(by)?),
        None if Spec::ALL.into_iter().all(|by| check(by).is_err()) => drop(check(Spec::Rfc1808)?),
        None => {}
    }
    let mut campaign = Campaign::new(spec, args.seed, args.time, args.max_cases, bases);
    campaign.vectors_dir = vectors.dir.as_ref().map(|dir| dir.display().to_string());
    campaign.added_vectors = vectors
        .added
        .iter()
        .map(|path| path.display().to_string())
        .collect();
    campaign.builtin_seeds = args.builtin_seeds;
    let implementation = campaign.start().map_err(|e| anyhow!("{e}"))?;
    // The spec the run compares with: `--spec`, else what the adapter's
    // handshake claims, else RFC 1808.
    let by = args
        .spec
        .or_else(|| implementation.info().and_then(Info::claimed_spec))
        .unwrap_or_default();
    campaign.options.readings = Accepted::holding(by, &check(by)?);
    if let Some(expectations) = &expectations {
        // The entries that hold for the version the adapter reports.
        let version = implementation
            .info()
            .and_then(|info| library_version(&info.implementation_version));
        let applying = expectations.applying_to(version.as_ref());
        for warning in campaign.use_expectations(corpus, &applying) {
            output::eprint(&format!("rfc1808: {warning}\n"))?;
        }
    }
    let mut stderr = std::io::stderr();
    let live = stderr.is_terminal();
    let progress = live.then_some(&mut stderr as &mut dyn Write);
    let builtin;
    let seeds = if args.builtin_seeds {
        let mut without_added = vectors.clone();
        without_added.added.clear();
        builtin = load(&without_added)?;
        &builtin
    } else {
        corpus
    };
    let fuzzed = campaign.run_on(implementation, seeds, progress);
    // A closed standard output does not stop the promotions: the findings
    // are kept whoever reads the report.
    output::print(&args.format.render(&fuzzed))?;
    for (format, file) in reports {
        session::write_rendered(&format.render(&fuzzed), &file)?;
    }
    let mut promotions = Vec::new();
    if let Some(file) = &target {
        promotions = fuzzed.promote(file, vectors)?;
        let mut lines = report::promotions(&promotions, file);
        for promoted in fuzzed.promote_readings(file, vectors).with_context(|| {
            format!(
                "promoting the cases of the readings mixed to {}",
                file.display()
            )
        })? {
            let ambiguity = &promoted.ambiguity;
            lines += &match &promoted.result {
                Ok(promoted) => format!(
                    "promoted a case of the readings mixed of {ambiguity}: `{}` in {}\n",
                    promoted.id,
                    file.display()
                ),
                Err(e) => {
                    format!("not promoted a case of the readings mixed of {ambiguity}: {e}\n")
                }
            };
        }
        match args.format {
            Format::Text => output::print(&lines)?,
            // Standard output is one JSON document.
            Format::Json => output::eprint(&lines)?,
        }
    }
    if let Some(file) = accept_to {
        // The vectors promoted, beside those the run read, so that those
        // nothing explains become expected failures.
        let with_promoted = match &target {
            Some(promoted) => {
                let mut source = vectors.clone();
                if !reads(&source, promoted) {
                    source.add(promoted);
                }
                Some(load(&source)?)
            }
            _ => None,
        };
        let corpus = with_promoted.as_ref().unwrap_or(corpus);
        let accepted = fuzzed.accept(corpus, &file, expectations_file.as_deref(), &promotions)?;
        let names: Vec<&str> = accepted.added.ids().map(|id| id.name()).collect();
        let written = &accepted.rewritten;
        output::eprint(&format!(
            "rfc1808: wrote {} for `{}`: {} kept, {} added, {} dropped{}\n",
            file.display(),
            fuzzed.name,
            written.kept,
            written.added,
            written.dropped,
            if names.is_empty() {
                String::new()
            } else {
                format!(" (deviations {})", names.join(", "))
            }
        ))?;
        let unexplained = fuzzed
            .summary
            .new_findings()
            .filter(|f| f.cause.deviations().is_none())
            .count();
        let listed = fuzzed.unexplained_vectors(&promotions).len();
        if let (Some(promoted), true) = (&target, listed > 0) {
            let read = reads(vectors, promoted);
            output::eprint(&format!(
                "rfc1808: {}: {listed} {} nothing explains {} listed by the vectors promoted to {}{}\n",
                fuzzed.name,
                if listed == 1 { "kind" } else { "kinds" },
                if listed == 1 { "is" } else { "are" },
                promoted.display(),
                if read {
                    String::new()
                } else {
                    format!(
                        "; the next run reads them with --add-vectors {}",
                        promoted.display()
                    )
                }
            ))?;
        }
        if unexplained > 0 && target.is_none() {
            output::eprint(&format!(
                "rfc1808: {}: {unexplained} new {} nothing explains {} not written to {} (no vectors yet: --promote, or add them by hand)\n",
                fuzzed.name,
                if unexplained == 1 { "kind" } else { "kinds" },
                if unexplained == 1 { "is" } else { "are" },
                file.display()
            ))?;
        }
    }
    Ok(ExitCode::from(u8::from(fuzzed.fails())))
}

/// Whether `source` reads the vector file `file`: it adds that file, or
/// the directory it is a `*.toml` file of.
fn reads(source: &VectorSource, file: &std::path::Path) -> bool {
    use rfc1808_vectors::files::same_file;
    let directory = file
        .parent()
        .map(|d| match d.as_os_str().is_empty() {
            true => std::path::Path::new("."),
            false => d,
        })
        .filter(|_| file.extension().is_some_and(|e| e == "toml"));
    source
        .added
        .iter()
        .any(|p| same_file(p, file) || (p.is_dir() && directory.is_some_and(|d| same_file(p, d))))
}

/// The readings `rfc1808 fuzz` holds under `by`, after the flags that only
/// some specs accept are checked against it.
fn fuzz_flags_under(
    args: &FuzzArgs,
    expectations: Option<&Expectations>,
    by: Spec,
) -> Result<Assignment> {
    if args.any_base && by != Spec::Rfc1808 {
        bail!("--any-base: only under --spec rfc1808; {by} resolves against a URI, and its runs leave out cases outside its grammar");
    }
    if let Some(expectations) = expectations {
        expectations.check_spec(by)?;
    }
    Assignment::parse(by, &args.readings.join(",")).map_err(|e| match by {
        Spec::Rfc1808 => anyhow!("--reading: {e}"),
        _ => anyhow!("--reading: {by}: {e}"),
    })
}
