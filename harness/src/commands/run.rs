//! `rfc1808 run`: the vectors through the implementations, graded and
//! reported.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use super::load;
use crate::config::Config;
use crate::corpus::VectorSource;
use crate::flags::{
    config, name_file_targets, report_targets, spec_targets, specs, vector_source, RunArgs,
};
use crate::output;
use crate::report::{Format, Report};
use crate::session::{self, Session};
use rfc1808_vectors::Spec;

/// `rfc1808 run`, with `--vectors DIR` given before the command as
/// `top_vectors`: exit 0 when every vector passed or failed as expected,
/// else 1.
pub(super) fn run(args: &RunArgs, top_vectors: &Option<PathBuf>) -> Result<ExitCode> {
    let mut source = vector_source(top_vectors, &args.vectors)?;
    let config = config(args)?;
    for path in config.iter().flat_map(|c| &c.vectors) {
        source.add(path);
    }
    source.specs = named_specs(args, config.as_ref())?;
    let corpus = load(&source)?;
    let mut session = Session::new(&corpus, args.filter.filter())?;
    configure(&mut session, args, config, source)?;
    let files = Files::check(&mut session, args)?;
    let report = session.run()?;
    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    output::print(&args.format.render(&report, colour)).context("cannot write the report")?;
    files.write(&session, &report)?;
    Ok(ExitCode::from(if report.ok() { 0 } else { 1 }))
}

/// The specs the run grades by that are known before it starts, whose own
/// vectors it loads (`VectorSource::specs`): `--spec SPEC`, each `--spec
/// NAME=SPEC`, and the config's `spec` of each implementation that no flag
/// overrides. A spec only a handshake claims brings none.
fn named_specs(args: &RunArgs, config: Option<&Config>) -> Result<Vec<Spec>> {
    let targets = spec_targets(&args.specs)?;
    let configured = config
        .iter()
        .flat_map(|c| &c.implementations)
        .filter(|i| targets.all.is_none() && !targets.named.iter().any(|(n, _)| *n == i.name))
        .filter_map(|i| i.spec);
    Ok(targets
        .all
        .into_iter()
        .chain(targets.named.iter().map(|(_, spec)| *spec))
        .chain(configured)
        .collect())
}

/// Adds the implementations of the run to `session`, and the specs and
/// readings they are graded by.
fn configure(
    session: &mut Session<'_>,
    args: &RunArgs,
    config: Option<Config>,
    vectors: VectorSource,
) -> Result<()> {
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
    Ok(())
}

/// The files a run writes after it: reports, and expectations for the
/// implementation at each index.
struct Files {
    reports: Vec<(Format, PathBuf)>,
    expectations: Vec<(usize, PathBuf)>,
}

impl Files {
    /// Reads the expectations files of `session` and checks that the files
    /// it writes can be, before it runs.
    fn check(session: &mut Session<'_>, args: &RunArgs) -> Result<Files> {
        let names = session.names();
        for (at, file) in name_file_targets("--expectations", &args.expectations, &names)? {
            session.set_expectations(&names[at], file)?;
        }
        let expectations =
            name_file_targets("--write-expectations", &args.write_expectations, &names)?;
        for (at, file) in &expectations {
            session.will_write_expectations(&names[*at], file)?;
        }
        session.load_expectations()?;
        let reports = report_targets(&args.reports)?;
        for (_, file) in &reports {
            session::check_writable("report", file)?;
        }
        for (_, file) in &expectations {
            session::check_writable("expectations", file)?;
        }
        Ok(Files {
            reports,
            expectations,
        })
    }

    /// Writes the reports and expectations of `report`, saying on standard
    /// error what each expectations file got.
    fn write(self, session: &Session<'_>, report: &Report<'_>) -> Result<()> {
        for (format, file) in self.reports {
            session::write_report(report, format, &file)?;
        }
        for (at, file) in self.expectations {
            let written = session.write_expectations(report, at, &file)?;
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
        Ok(())
    }
}
