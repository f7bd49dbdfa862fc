//! `rfc1808 fuzz`: an implementation fuzzed against the reference, its
//! findings reported, and with `--promote` and `--write-expectations`
//! kept as vectors and expectations.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use rfc1808_vectors::files::same_file;
use rfc1808_vectors::versions::library_version;
use rfc1808_vectors::{Assignment, Corpus, Spec};

use super::{load, promote_target, readings};
use crate::corpus::VectorSource;
use crate::expectations::Expectations;
use crate::flags::{
    add_impl_flags, fuzz_report_targets, name_file_targets, vector_source, FuzzArgs,
};
use crate::fuzz::{Accepted, Bases, Campaign, Fuzzed, Promotion};
use crate::report::fuzz::{self as report, Format};
use crate::session;
use crate::{output, ImplSpec, Info};

/// `rfc1808 fuzz`, with `--vectors DIR` given before the command as
/// `top_vectors`: exit 1 on a new kind of mismatch or readings mixed.
pub(super) fn fuzz(args: &FuzzArgs, top_vectors: &Option<PathBuf>) -> Result<ExitCode> {
    let mut vectors = vector_source(top_vectors, &args.vectors)?;
    // The spec's own vectors (the web-platform tests under the URL
    // Standard) seed the cases and show kinds, as `run` grades them.
    vectors.specs = args.spec.into_iter().collect();
    let target = args.promote.then(|| promote_target(&args.to)).transpose()?;
    // The file this run promotes into, named with --add-vectors too so
    // that the run reads it, may not exist before the first finding.
    let mut read = vectors.clone();
    if let Some(target) = &target {
        read.added.retain(|p| p.exists() || !same_file(p, target));
    }
    let corpus = load(&read)?;
    let spec = implementation(args)?;
    let files = Files::open(args, &spec.name)?;
    let run = Fuzz {
        args,
        corpus: &corpus,
        vectors: &vectors,
        target,
        files,
    };
    run.check_usage()?;
    let fuzzed = run.run(spec)?;
    // A closed standard output does not stop the promotions: the findings
    // are kept whoever reads the report.
    run.report(&fuzzed)?;
    let promotions = run.promote(&fuzzed)?;
    if let Some(file) = &run.files.accept_to {
        run.accept(&fuzzed, file, &promotions)?;
    }
    Ok(ExitCode::from(u8::from(fuzzed.fails())))
}

/// The implementation of `--impl`, with its `--protocol` and `--timeout`.
fn implementation(args: &FuzzArgs) -> Result<ImplSpec> {
    let mut specs = Vec::new();
    let value = std::slice::from_ref(&args.implementation);
    add_impl_flags(&mut specs, value, args.protocol, args.timeout)?;
    Ok(specs.remove(0))
}

/// The files a run reads and writes besides the vectors, checked before
/// the adapter starts.
struct Files {
    /// `--expectations`, and what it holds.
    expectations_file: Option<PathBuf>,
    expectations: Option<Expectations>,
    /// `--write-expectations`, and what it holds when it is there already.
    accept_to: Option<PathBuf>,
    accept_existing: Option<Expectations>,
    /// `--report`.
    reports: Vec<(Format, PathBuf)>,
}

impl Files {
    /// The files the flags name, for the implementation `name`: the
    /// expectations loaded, the files to write checked writable.
    fn open(args: &FuzzArgs, name: &str) -> Result<Files> {
        let names = [name.to_owned()];
        let expectations_file = file_of("--expectations", &args.expectations, &names)?;
        let expectations = expectations_file
            .as_deref()
            .map(Expectations::load)
            .transpose()?;
        let accept_to = file_of("--write-expectations", &args.write_expectations, &names)?;
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
        Ok(Files {
            expectations_file,
            expectations,
            accept_to,
            accept_existing,
            reports,
        })
    }
}

/// The file of a `[NAME=]FILE` flag of `fuzz`, whose one implementation
/// is `names`.
fn file_of(flag: &str, value: &Option<String>, names: &[String]) -> Result<Option<PathBuf>> {
    Ok(match value {
        Some(value) => {
            let values = std::slice::from_ref(value);
            Some(name_file_targets(flag, values, names)?.remove(0).1)
        }
        None => None,
    })
}

/// One `rfc1808 fuzz` run, its flags read.
struct Fuzz<'a> {
    args: &'a FuzzArgs,
    /// The vectors the run reads.
    corpus: &'a Corpus,
    /// Where they are read from.
    vectors: &'a VectorSource,
    /// The vector file `--promote` appends to.
    target: Option<PathBuf>,
    files: Files,
}

impl Fuzz<'_> {
    /// The readings held under `by`, once the flags and files that only
    /// some specs accept are checked against it.
    fn readings_under(&self, by: Spec) -> Result<Assignment> {
        if let Some(existing) = &self.files.accept_existing {
            existing.check_spec(by)?;
        }
        fuzz_flags_under(self.args, self.files.expectations.as_ref(), by)
    }

    /// Usage errors before the adapter starts: all of them with `--spec`,
    /// and without it those no spec would accept (reported as RFC 1808's).
    fn check_usage(&self) -> Result<()> {
        let check = |by: Spec| self.readings_under(by);
        match self.args.spec {
            Some(by) => drop(check(by)?),
            None if Spec::ALL.into_iter().all(|by| check(by).is_err()) => {
                drop(check(Spec::Rfc1808)?)
            }
            None => {}
        }
        Ok(())
    }

    /// The campaign of the flags, before the spec it compares with is
    /// known.
    fn campaign(&self, spec: ImplSpec) -> Campaign {
        let args = self.args;
        let bases = if args.any_base {
            Bases::Any
        } else {
            Bases::Absolute
        };
        let mut campaign = Campaign::new(spec, args.seed, args.time, args.max_cases, bases);
        campaign.vectors_dir = self
            .vectors
            .dir
            .as_ref()
            .map(|dir| dir.display().to_string());
        campaign.added_vectors = self
            .vectors
            .added
            .iter()
            .map(|path| path.display().to_string())
            .collect();
        campaign.builtin_seeds = args.builtin_seeds;
        if let Some(jobs) = args.jobs {
            campaign.options.jobs = jobs;
        }
        campaign
    }

    /// Starts the adapter and fuzzes it, with a progress line on standard
    /// error when that is a terminal.
    fn run(&self, spec: ImplSpec) -> Result<Fuzzed> {
        let mut campaign = self.campaign(spec);
        let implementation = campaign.start().map_err(|e| anyhow!("{e}"))?;
        // The spec the run compares with: `--spec`, else what the adapter's
        // handshake claims, else RFC 1808.
        let by = self
            .args
            .spec
            .or_else(|| implementation.info().and_then(Info::claimed_spec))
            .unwrap_or_default();
        campaign.options.readings = Accepted::holding(by, &self.readings_under(by)?);
        if let Some(expectations) = &self.files.expectations {
            // The entries that hold for the version the adapter reports.
            let version = implementation
                .info()
                .and_then(|info| library_version(&info.implementation_version));
            let applying = expectations.applying_to(version.as_ref());
            for warning in campaign.use_expectations(self.corpus, &applying) {
                output::eprint(&format!("rfc1808: {warning}\n"))?;
            }
        }
        let mut stderr = std::io::stderr();
        let live = stderr.is_terminal();
        let progress = live.then_some(&mut stderr as &mut dyn Write);
        let builtin;
        let seeds = if self.args.builtin_seeds {
            let mut without_added = self.vectors.clone();
            without_added.added.clear();
            builtin = load(&without_added)?;
            &builtin
        } else {
            self.corpus
        };
        Ok(campaign.run_on(implementation, seeds, progress))
    }

    /// Prints the report, and writes those of `--report`.
    fn report(&self, fuzzed: &Fuzzed) -> Result<()> {
        output::print(&self.args.format.render(fuzzed))?;
        for (format, file) in &self.files.reports {
            session::write_rendered(&format.render(fuzzed), file)?;
        }
        Ok(())
    }

    /// With `--promote`, appends a case of each new kind, and of each
    /// readings mixed, to the target, and says what was promoted.
    fn promote(&self, fuzzed: &Fuzzed) -> Result<Vec<Promotion>> {
        let Some(file) = &self.target else {
            return Ok(Vec::new());
        };
        let promotions = fuzzed.promote(file, self.vectors)?;
        let mut lines = report::promotions(&promotions, file);
        lines += &self.promote_readings(fuzzed, file)?;
        match self.args.format {
            Format::Text => output::print(&lines)?,
            // Standard output is one JSON document.
            Format::Json => output::eprint(&lines)?,
        }
        Ok(promotions)
    }

    /// Appends a case of each group of the readings mixed to `file`; a
    /// line for each.
    fn promote_readings(&self, fuzzed: &Fuzzed, file: &Path) -> Result<String> {
        let mut lines = String::new();
        for promoted in fuzzed
            .promote_readings(file, self.vectors)
            .with_context(|| {
                format!(
                    "promoting the cases of the readings mixed to {}",
                    file.display()
                )
            })?
        {
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
        Ok(lines)
    }

    /// `--write-expectations`: accepts what the run found into `file`, and
    /// says what was written and what was not.
    fn accept(&self, fuzzed: &Fuzzed, file: &Path, promotions: &[Promotion]) -> Result<()> {
        // The vectors promoted, beside those the run read, so that those
        // nothing explains become expected failures.
        let with_promoted = match &self.target {
            Some(promoted) => {
                let mut source = self.vectors.clone();
                if !reads(&source, promoted) {
                    source.add(promoted);
                }
                Some(load(&source)?)
            }
            _ => None,
        };
        let corpus = with_promoted.as_ref().unwrap_or(self.corpus);
        let existing = self.files.expectations_file.as_deref();
        let accepted = fuzzed.accept(corpus, file, existing, promotions)?;
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
        self.not_accepted(fuzzed, file, promotions)
    }

    /// Says on standard error how many kinds nothing explains were not
    /// written to `file`, and where they are.
    fn not_accepted(&self, fuzzed: &Fuzzed, file: &Path, promotions: &[Promotion]) -> Result<()> {
        let unexplained = fuzzed
            .summary
            .new_findings()
            .filter(|f| f.cause.deviations().is_none())
            .count();
        let listed = fuzzed.unexplained_vectors(promotions).len();
        if let (Some(promoted), true) = (&self.target, listed > 0) {
            let read = reads(self.vectors, promoted);
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
        if unexplained > 0 && self.target.is_none() {
            output::eprint(&format!(
                "rfc1808: {}: {unexplained} new {} nothing explains {} not written to {} (no vectors yet: --promote, or add them by hand)\n",
                fuzzed.name,
                if unexplained == 1 { "kind" } else { "kinds" },
                if unexplained == 1 { "is" } else { "are" },
                file.display()
            ))?;
        }
        Ok(())
    }
}

/// Whether `source` reads the vector file `file`: it adds that file, or
/// the directory it is a `*.toml` file of.
fn reads(source: &VectorSource, file: &Path) -> bool {
    let directory = file
        .parent()
        .map(|d| match d.as_os_str().is_empty() {
            true => Path::new("."),
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
    readings(by, &args.readings)
}
