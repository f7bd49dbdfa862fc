//! The flags of the `rfc1808` binary, and their parsing into what the
//! library takes. The binary parses [`Cli`] and hands it to
//! [`crate::commands::run`].

use std::path::PathBuf;

use crate::config::{self, Config};
use crate::corpus::VectorSource;
use crate::filter::Filter;
use crate::implementation::{ImplSpec, Protocol};
use crate::report::fuzz::Format as FuzzFormat;
use crate::report::Format;
use anyhow::{anyhow, bail, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use rfc1808_resolver::Step6;
use rfc1808_vectors::Spec;

/// The exit codes of every command, as `--help` shows them.
const EXIT_CODES: &str = "\
Exit codes:
  0  success: for run, every vector passed or failed as expected
  1  run: a conformance failure (a wrong answer, an unexpected pass, a stale
     expectation, an error on some case); fuzz: a new kind of mismatch; both:
     the readings of an ambiguity mixed where the expectations do not allow it
  2  a usage, configuration, I/O or start-up error
  141  standard output or standard error was closed before all was written
     (`| head`): the rest is not written, files asked for are";

/// The exit codes of `run`.
const RUN_EXIT_CODES: &str = "\
Exit codes:
  0  every vector passed or failed as expected
  1  a conformance failure: a wrong answer or rejection not listed as expected,
     an unexpected pass, a stale expectation, the readings of an ambiguity
     mixed (not allowed, or allowed and not seen), or an error (crash,
     timeout, broken protocol) on some case
  2  a usage, configuration, I/O or start-up error: a bad flag, a file that
     does not load, a filter that matches nothing, an implementation that
     cannot start, a report that cannot be written
  141  standard output or standard error was closed before all was written
     (`| head`); the report files and expectations asked for are written";

/// The exit codes of `fuzz`.
const FUZZ_EXIT_CODES: &str = "\
Exit codes:
  0  every mismatch is known: explained by the deviations the expectations
     list, or of a kind a listed vector shows; no readings mixed that they
     do not allow
  1  a new kind of mismatch (explained by deviations not listed, or by
     none), or the readings of an ambiguity mixed (one reading on some
     cases, another on others) where the expectations do not allow it
  2  a usage, configuration, I/O or start-up error
  141  standard output or standard error was closed before all was written
     (`2>&1 | head`); the promotions asked for are made";

#[derive(Parser)]
#[command(
    name = "rfc1808",
    version = crate::report::LONG_VERSION,
    about = "Conformance harness for RFC 1808 relative URL resolution",
    after_help = EXIT_CODES
)]
pub struct Cli {
    /// For list, run, fuzz and promote: read the vectors from this
    /// directory instead of the copy built into the binary (also accepted
    /// after the command).
    // Not `global`: resolve, parse and serve read no vectors, and their
    // help should not offer a flag they ignore.
    #[arg(long, value_name = "DIR")]
    pub(crate) vectors: Option<PathBuf>,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Resolve RELATIVE against BASE with the reference resolver.
    #[command(
        override_usage = "rfc1808 resolve [OPTIONS] <BASE> <RELATIVE>\n       rfc1808 resolve [OPTIONS] --parse <INPUT>"
    )]
    Resolve(ResolveArgs),
    /// Print the components of URL (RFC 1808 section 2.4), `-` for absent.
    Parse {
        /// The URL to split into scheme, net_loc, path, params, query and
        /// fragment.
        url: String,
    },
    /// List the vectors with their ids and tags.
    List(ListArgs),
    /// Run the vectors through implementations (the reference resolver when
    /// none is given) and report.
    #[command(after_help = RUN_EXIT_CODES)]
    Run(Box<RunArgs>),
    /// Serve the reference resolver as an adapter on standard input and
    /// output (docs/adapters.md); for `argv`, the adapter is
    /// `rfc1808 resolve -- BASE RELATIVE`.
    Serve {
        /// The protocol to speak.
        #[arg(long, value_parser = serve_protocols())]
        protocol: Protocol,
        /// The RFC to answer by (its reference resolver, default readings),
        /// which the `jsonl` handshake claims: rfc1808, rfc2396, rfc3986 or whatwg.
        #[arg(long, default_value = "rfc1808")]
        spec: Spec,
        /// Which Step 6 the reference uses.
        #[arg(long, default_value = "stack")]
        step6: Step6,
    },
    /// Append a finding to vectors/regressions.toml as a new vector, whose
    /// expected value is the reference resolver's answer.
    Promote(PromoteArgs),
    /// Fuzz an implementation against the reference resolver, shrink each
    /// kind of mismatch to a smallest case, and report them.
    #[command(after_help = FUZZ_EXIT_CODES)]
    Fuzz(Box<FuzzArgs>),
    /// Build a static site from JSON reports of `run`: every library
    /// against every spec, a page per library, deviation and vector, and
    /// each finding as a text to file upstream (docs/site.md).
    Site(SiteArgs),
}

// No doc comment: `Command::Site`'s is the command's about.
#[derive(Args)]
pub(crate) struct SiteArgs {
    /// A report of `rfc1808 run --format json` (or `--report json=FILE`),
    /// or a directory of them (its `*.json`); repeatable.
    #[arg(long, value_name = "PATH", required = true)]
    pub(crate) from: Vec<PathBuf>,
    /// The directory to build the site in: absent, empty, or a site this
    /// command built, which is replaced whole.
    #[arg(long, value_name = "DIR")]
    pub(crate) out: PathBuf,
}

// No doc comment: `Command::Resolve`'s is the command's about.
#[derive(Args)]
pub(crate) struct ResolveArgs {
    /// The base URL, absolute (with a scheme) for RFC 1808 to resolve
    /// against.
    #[arg(required_unless_present = "parse")]
    pub(crate) base: Option<String>,
    /// The relative URL to resolve; put `--` before BASE when it starts
    /// with `-`.
    #[arg(required_unless_present = "parse")]
    pub(crate) relative: Option<String>,
    /// Parse INPUT with no base instead (an absolute parse, the URL
    /// Standard's `new URL(input)`, as the web-platform tests' entries
    /// without a base ask); with --why or --why-rejected, what explains
    /// that answer.
    #[arg(
        long,
        value_name = "INPUT",
        conflicts_with_all = ["base", "relative", "explain", "deviations", "every_spec"]
    )]
    pub(crate) parse: Option<String>,
    /// The spec to resolve by: `rfc1808` (sections 2.4 and 4), `rfc2396`
    /// (section 5.2), `rfc3986` (section 5.2), each with its own readings
    /// (`docs/readings-rfc2396.md`, `docs/readings-rfc3986.md`), or
    /// `whatwg`, the URL Standard's basic URL parser (`docs/whatwg.md`).
    #[arg(long, default_value = "rfc1808")]
    pub(crate) spec: Spec,
    /// Which Step 6 to use: `stack` (segment stack) or `string` (the RFC's
    /// string patterns). Under `--spec rfc3986`, `string` runs the input
    /// and output buffers of section 5.2.4 instead of the linear version.
    #[arg(long, default_value = "stack")]
    pub(crate) step6: Step6,
    /// Resolve under this reading of an ambiguity (`docs/readings.md`);
    /// repeatable.
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    pub(crate) readings: Vec<String>,
    /// Also print where in the spec's algorithm the answer came from (RFC
    /// 1808: the step of section 4; RFC 2396: the step of section 5.2
    /// and whether step 6 merged; RFC 3986: the base as section 5.2.1
    /// normalized it, the branch of section 5.2.2 and what 5.2.3
    /// merged), and the readings that decided the result.
    #[arg(long)]
    pub(crate) explain: bool,
    /// Resolve as the reference does when it departs from the spec by
    /// this deviation (`docs/deviations.md`); repeatable. "RFC 3986
    /// with empty-query-dropped and base-fragment-kept" is a resolver.
    #[arg(long = "deviation", value_name = "NAME")]
    pub(crate) deviations: Vec<String>,
    /// Say what explains ANSWER, a library's answer for this case: the
    /// smallest set of deviations with which the reference, under any
    /// reading, gives it (those of --deviation tried first), or that
    /// it conforms, or that nothing does. `--why-rejected` asks it of a
    /// rejection.
    #[arg(long, value_name = "ANSWER", conflicts_with = "why_rejected")]
    pub(crate) why: Option<String>,
    /// Say what explains a rejection of this case (see --why).
    #[arg(long)]
    pub(crate) why_rejected: bool,
    /// Print the answer under every spec, side by side, each under its
    /// default readings: where the URL Standard and the RFCs read one
    /// input two ways (a different host above all) is where URL confusion
    /// begins.
    #[arg(
        long,
        conflicts_with_all = ["spec", "readings", "explain", "deviations", "why", "why_rejected"]
    )]
    pub(crate) every_spec: bool,
}

#[derive(Args)]
pub(crate) struct FilterArgs {
    /// Only the vectors whose id matches GLOB (`*` any run of characters,
    /// `?` one character); repeatable.
    #[arg(long = "id", value_name = "GLOB")]
    pub(crate) ids: Vec<String>,
    /// Only the vectors with this tag; repeatable (a vector needs one of them).
    #[arg(long = "tag", value_name = "TAG")]
    pub(crate) tags: Vec<String>,
    /// Leave out the vectors whose id matches GLOB; repeatable.
    #[arg(long = "skip", value_name = "GLOB")]
    pub(crate) skips: Vec<String>,
}

impl FilterArgs {
    pub(crate) fn filter(&self) -> Filter {
        Filter {
            ids: self.ids.clone(),
            tags: self.tags.clone(),
            skips: self.skips.clone(),
        }
    }
}

/// `--vectors DIR` and `--add-vectors PATH` after the command, for the
/// commands that read vectors.
#[derive(Args)]
pub(crate) struct VectorsArg {
    /// Read the vectors from this directory instead of the copy built into
    /// the binary.
    #[arg(long = "vectors", value_name = "DIR")]
    pub(crate) dir: Option<PathBuf>,
    /// Also run the vectors of this file, or of every `*.toml` file of this
    /// directory: a project's own, beside the built-in ones (or those of
    /// --vectors), ids unique across all of them (docs/vectors.md).
    /// Repeatable.
    #[arg(long = "add-vectors", value_name = "PATH")]
    pub(crate) add: Vec<PathBuf>,
}

#[derive(Args)]
pub(crate) struct ListArgs {
    #[command(flatten)]
    pub(crate) vectors: VectorsArg,
    #[command(flatten)]
    pub(crate) filter: FilterArgs,
    /// `text` (id, kind, tags, tab-separated) or `json`.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub(crate) format: String,
    /// Also give each resolve vector's answer under this RFC (rfc1808,
    /// rfc2396 or rfc3986), or mark it undefined there.
    #[arg(long)]
    pub(crate) spec: Option<Spec>,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// An implementation to run, as NAME=COMMAND; repeatable. COMMAND is
    /// split into words as a POSIX shell would (quotes, backslashes), and
    /// never run through a shell.
    #[arg(long = "impl", value_name = "NAME=COMMAND")]
    pub(crate) impls: Vec<String>,
    /// The protocol of the --impl implementations: argv, lines or jsonl.
    /// [default: argv]
    #[arg(long, value_name = "PROTOCOL")]
    pub(crate) protocol: Option<Protocol>,
    /// The per-case timeout of the --impl implementations, in seconds.
    /// [default: 5]
    #[arg(long, value_name = "SECS")]
    pub(crate) timeout: Option<f64>,
    /// Read the implementations from this TOML file (docs/running.md).
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    /// The expected failures of implementation NAME, or of the one
    /// implementation of the run; repeatable. Replaces the config file's
    /// `expectations`.
    #[arg(long = "expectations", value_name = "[NAME=]FILE")]
    pub(crate) expectations: Vec<String>,
    /// Write this run's failures as an expectations file: FILE when one
    /// implementation runs, NAME=FILE for any; repeatable.
    #[arg(long = "write-expectations", value_name = "[NAME=]FILE")]
    pub(crate) write_expectations: Vec<String>,
    /// Which Step 6 the reference resolver uses, when it runs: stack or
    /// string. [default: stack]
    #[arg(long)]
    pub(crate) step6: Option<Step6>,
    /// Hold every implementation to this reading of an ambiguity
    /// (`docs/readings.md`): an answer under another reading of it fails.
    /// Repeatable.
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    pub(crate) readings: Vec<String>,
    /// Grade by this RFC's answers: `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`
    /// (`docs/running.md`); the reference resolver is that RFC's, and
    /// `--reading` names its readings. SPEC applies to every
    /// implementation, NAME=SPEC to one; repeatable. [default: the config's
    /// `spec`, else the spec a `jsonl` handshake claims, else rfc1808]
    #[arg(long = "spec", value_name = "[NAME=]SPEC")]
    pub(crate) specs: Vec<String>,
    #[command(flatten)]
    pub(crate) vectors: VectorsArg,
    #[command(flatten)]
    pub(crate) filter: FilterArgs,
    /// The report on standard output: text, json, junit, markdown or html.
    #[arg(long, default_value = "text", value_name = "FORMAT")]
    pub(crate) format: Format,
    /// Also write a report in FORMAT to FILE; repeatable.
    #[arg(long = "report", value_name = "FORMAT=FILE")]
    pub(crate) reports: Vec<String>,
}

/// The protocols `serve` speaks: the persistent ones.
pub(crate) fn serve_protocols() -> impl TypedValueParser<Value = Protocol> {
    PossibleValuesParser::new([Protocol::Jsonl.name(), Protocol::Lines.name()])
        .try_map(|s| s.parse::<Protocol>())
}

#[derive(Args)]
pub(crate) struct PromoteArgs {
    /// A cargo-fuzz artifact of an rfc1808 fuzz target: the base and
    /// relative URL it decodes to are promoted.
    #[arg(
        value_name = "FILE",
        required_unless_present = "base",
        conflicts_with = "base"
    )]
    pub(crate) artifact: Option<PathBuf>,
    /// The base URL of the finding (with --relative, instead of FILE).
    #[arg(long, requires = "relative", allow_hyphen_values = true)]
    pub(crate) base: Option<String>,
    /// The relative URL of the finding.
    #[arg(long, requires = "base", allow_hyphen_values = true)]
    pub(crate) relative: Option<String>,
    /// The finding's root cause, in one line: the vector's `note`.
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) note: String,
    /// Where the finding came from: the vector's `source`. [default: the
    /// artifact's path]
    #[arg(long, required_unless_present = "artifact", allow_hyphen_values = true)]
    pub(crate) source: Option<String>,
    /// The vector file to append to, created if it does not exist; only it
    /// and the vectors it is checked against are read, nothing else in its
    /// directory. [default: vectors/regressions.toml in the current
    /// directory or the nearest one above it, or else created in the
    /// current directory]
    #[arg(long, value_name = "FILE")]
    pub(crate) to: Option<PathBuf>,
    /// The spec the finding is a deviation from: the note is given for it
    /// (`note.SPEC`), and a case it leaves undefined is refused. The
    /// answers are written for every spec either way. [default: the note
    /// is every spec's]
    #[arg(long, value_name = "SPEC")]
    pub(crate) spec: Option<Spec>,
    /// The vectors the new one's id and pair must not repeat, beside the
    /// file: --vectors DIR instead of the built-in ones, --add-vectors PATH
    /// for a project's other files, as `run` takes them.
    #[command(flatten)]
    pub(crate) vectors: VectorsArg,
}

/// The vectors of `--vectors`, given before the command (`top`) or after
/// it, and of `--add-vectors` (`after`).
pub(crate) fn vector_source(top: &Option<PathBuf>, after: &VectorsArg) -> Result<VectorSource> {
    let dir = match (top, &after.dir) {
        (Some(_), Some(_)) => bail!("--vectors is given twice; give it once"),
        (dir, None) | (None, dir) => dir.clone(),
    };
    let mut source = VectorSource {
        dir,
        added: Vec::new(),
        specs: Vec::new(),
    };
    for path in &after.add {
        source.add(path);
    }
    Ok(source)
}

/// The config file of `run`, if one is given.
pub(crate) fn config(args: &RunArgs) -> Result<Option<Config>> {
    Ok(args.config.as_deref().map(config::load).transpose()?)
}

/// The implementations of the config file and the --impl flags.
pub(crate) fn specs(args: &RunArgs, config: Option<Config>) -> Result<Vec<ImplSpec>> {
    let mut specs = config.map_or_else(Vec::new, |c| c.implementations);
    add_impl_flags(&mut specs, &args.impls, args.protocol, args.timeout)?;
    if !specs.is_empty() && args.step6.is_some() {
        bail!("--step6 applies to the reference resolver, which runs only without --impl and --config");
    }
    Ok(specs)
}

/// Appends to `specs` the implementations of the `--impl` values, with the
/// `--protocol` and `--timeout` that apply to them.
pub(crate) fn add_impl_flags(
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

/// The implementation and file of each `[NAME=]FILE` value of `flag`
/// (`--expectations`, `--write-expectations`), among the implementations
/// `names` of the run. A value whose text before `=` is a name (letters,
/// digits, `.`, `_`, `-`) names an implementation; any other value is a
/// file, for the one implementation of the run (`./a=b.toml` is the file
/// `a=b.toml`).
pub(crate) fn name_file_targets(
    flag: &str,
    values: &[String],
    names: &[String],
) -> Result<Vec<(usize, PathBuf)>> {
    let mut targets: Vec<(usize, PathBuf)> = Vec::new();
    for value in values {
        let named = value
            .split_once('=')
            .filter(|(name, _)| config::check_name(name).is_ok());
        let (at, file) = match named {
            Some((name, file)) => match names.iter().position(|n| n == name) {
                Some(at) => (at, file),
                None => bail!(
                    "{flag} `{value}`: no implementation is named `{name}` in this run (there are: {})",
                    names.join(", ")
                ),
            },
            None if names.len() == 1 => (0, value.as_str()),
            None => bail!(
                "{flag} `{value}`: {} implementations run, so say which as NAME=FILE (one of: {})",
                names.len(),
                names.join(", ")
            ),
        };
        if targets.iter().any(|(a, _)| *a == at) {
            bail!(
                "{flag} `{value}`: {flag} is given twice for `{}`",
                names[at]
            );
        }
        targets.push((at, PathBuf::from(file)));
    }
    Ok(targets)
}

/// The `--spec` values of `run`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct SpecTargets {
    /// The spec of every implementation (`S`, at most once).
    pub(crate) all: Option<Spec>,
    /// The spec of each one named (`NAME=S`).
    pub(crate) named: Vec<(String, Spec)>,
}

/// Reads the `--spec` values of `run`.
pub(crate) fn spec_targets(values: &[String]) -> Result<SpecTargets> {
    let mut all: Option<Spec> = None;
    let mut named: Vec<(String, Spec)> = Vec::new();
    for value in values {
        let (name, spec) = match value.split_once('=') {
            Some((name, spec)) => (Some(name), spec),
            None => (None, value.as_str()),
        };
        let spec: Spec = spec.parse().map_err(|e| anyhow!("--spec `{value}`: {e}"))?;
        match name {
            None if all.is_some() => {
                bail!("--spec `{value}`: a spec for every implementation is given twice")
            }
            None => all = Some(spec),
            Some(name) if named.iter().any(|(n, _)| n == name) => {
                bail!("--spec `{value}`: --spec is given twice for `{name}`")
            }
            Some(name) => named.push((name.to_owned(), spec)),
        }
    }
    Ok(SpecTargets { all, named })
}

pub(crate) fn report_targets(values: &[String]) -> Result<Vec<(Format, PathBuf)>> {
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
pub(crate) struct FuzzArgs {
    /// The implementation, as NAME=COMMAND. COMMAND is split into words as a
    /// POSIX shell would (quotes, backslashes), and never run through a
    /// shell.
    #[arg(long = "impl", value_name = "NAME=COMMAND")]
    pub(crate) implementation: String,
    /// Its protocol: argv, lines or jsonl. [default: argv]
    #[arg(long, value_name = "PROTOCOL")]
    pub(crate) protocol: Option<Protocol>,
    /// The per-case timeout, in seconds. [default: 5]
    #[arg(long, value_name = "SECS")]
    pub(crate) timeout: Option<f64>,
    /// How long to fuzz: 90s, 2m, 1h, 500ms. [default: 60s, or no limit
    /// with --max-cases]
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub(crate) time: Option<std::time::Duration>,
    /// Stop after this many generated cases.
    #[arg(long, value_name = "N")]
    pub(crate) max_cases: Option<u64>,
    /// How many processes of a `lines` or `jsonl` adapter answer at once,
    /// each its share of every batch (an `argv` adapter: how many cases run
    /// at once). The cases, answers and report of a seed are the same for
    /// any number. [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub(crate) jobs: Option<std::num::NonZeroUsize>,
    /// The seed of the case generator; the same seed generates the same
    /// cases. [default: from the clock, and printed]
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// Seed the case generator from the built-in vectors (or those of
    /// --vectors) only, not from those of --add-vectors: the cases of a
    /// seed then stay the same as vectors are added to those files, as a
    /// gate that promotes its findings into them needs. The vectors added
    /// are still run and listed.
    #[arg(long)]
    pub(crate) builtin_seeds: bool,
    /// The implementation's expectations: a mismatch the deviations it
    /// lists explain, or of the kind a listed vector shows, is known, and
    /// not a finding. NAME=FILE, as `run` takes it, is accepted too.
    #[arg(long, value_name = "[NAME=]FILE")]
    pub(crate) expectations: Option<String>,
    /// Generate bases of any shape, not only absolute URLs: the empty
    /// base of Step 1, `a`, `/g;x`, which RFC 1808 does not resolve
    /// against, so that what an implementation does with them shows.
    #[arg(long)]
    pub(crate) any_base: bool,
    /// Compare with this RFC's reference resolver: `rfc1808`, `rfc2396` or
    /// `rfc3986`; kinds are deviations from it, named by its sections, and
    /// under the later two, cases outside RFC 3986's grammar are not
    /// compared. The expectations file must be for this spec. [default:
    /// the spec the `jsonl` handshake claims, if this harness knows it, or
    /// else rfc1808]
    #[arg(long, value_name = "SPEC")]
    pub(crate) spec: Option<Spec>,
    /// Hold the implementation to this reading of an ambiguity of the spec
    /// (`docs/readings.md`, `docs/readings-rfc3986.md`,
    /// `docs/readings-rfc2396.md`); repeatable. Without it, an answer under
    /// any reading of every ambiguity is no mismatch.
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    pub(crate) readings: Vec<String>,
    /// Promote one shrunk case of each new kind to the regressions file.
    #[arg(long)]
    pub(crate) promote: bool,
    /// With --promote, the vector file to append to, created if it does
    /// not exist. [default: vectors/regressions.toml in the current
    /// directory or above it, or else created in the current directory]
    #[arg(long, value_name = "FILE", requires = "promote")]
    pub(crate) to: Option<PathBuf>,
    /// Accept what the run found into this expectations file: the
    /// deviations that explain its new kinds are added, each with a reason,
    /// and every other entry is kept. Read from FILE if it exists, else
    /// from --expectations. Kinds nothing explains are not written (they
    /// are no vectors yet: --promote). NAME=FILE is accepted too.
    #[arg(long = "write-expectations", value_name = "[NAME=]FILE")]
    pub(crate) write_expectations: Option<String>,
    /// The report on standard output: text or json (docs/fuzzing.md).
    #[arg(long, default_value = "text", value_name = "FORMAT")]
    pub(crate) format: FuzzFormat,
    /// Also write a report in FORMAT (text or json) to FILE; repeatable.
    #[arg(long = "report", value_name = "FORMAT=FILE")]
    pub(crate) reports: Vec<String>,
    #[command(flatten)]
    pub(crate) vectors: VectorsArg,
}

/// The `--report` values of `fuzz`.
pub(crate) fn fuzz_report_targets(values: &[String]) -> Result<Vec<(FuzzFormat, PathBuf)>> {
    values
        .iter()
        .map(|value| {
            let (format, file) = value
                .split_once('=')
                .ok_or_else(|| anyhow!("--report `{value}`: expected FORMAT=FILE"))?;
            let format: FuzzFormat = format
                .parse()
                .map_err(|e| anyhow!("--report `{value}`: {e}"))?;
            Ok((format, PathBuf::from(file)))
        })
        .collect()
}

/// Parses a `--time` value: a number with the unit `ms`, `s`, `m` or `h`
/// (`90s`, `2m`, `1.5h`), or a bare number of seconds.
/// At most this many jobs: each is a process, and their pipes and threads.
const MAX_JOBS: usize = 256;

fn parse_jobs(value: &str) -> Result<std::num::NonZeroUsize, String> {
    match value.parse::<usize>() {
        Ok(n @ 1..=MAX_JOBS) => {
            Ok(std::num::NonZeroUsize::new(n).unwrap_or(std::num::NonZeroUsize::MIN))
        }
        Ok(_) => Err(format!("`{value}` is not from 1 to {MAX_JOBS}")),
        Err(_) => Err(format!("`{value}` is not a whole number of processes")),
    }
}

fn parse_time(value: &str) -> Result<std::time::Duration, String> {
    let split = value
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(value.len());
    let (number, unit) = value.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("`{value}`: the unit is not one of ms, s, m, h")),
    };
    match number.parse::<f64>() {
        Ok(n) if n * scale > 0.0 && n * scale <= 7.0 * 86_400.0 => {
            Ok(std::time::Duration::from_secs_f64(n * scale))
        }
        Ok(_) => Err(format!("`{value}` is not above 0 and at most a week")),
        Err(_) => Err(format!(
            "`{value}` is not a number with a unit, like 60s or 2m"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn spec_flags_name_every_implementation_or_one() {
        let values = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            spec_targets(&values(&["rfc3986", "py=rfc2396"])).unwrap(),
            SpecTargets {
                all: Some(Spec::Rfc3986),
                named: vec![("py".to_owned(), Spec::Rfc2396)]
            }
        );
        assert_eq!(
            spec_targets(&[]).unwrap(),
            SpecTargets {
                all: None,
                named: vec![]
            }
        );
        let err = |v: &[&str]| spec_targets(&values(v)).unwrap_err().to_string();
        assert_eq!(
            err(&["py=rfc3987"]),
            "--spec `py=rfc3987`: unknown spec `rfc3987`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
        assert_eq!(
            err(&["rfc3986", "rfc2396"]),
            "--spec `rfc2396`: a spec for every implementation is given twice"
        );
        assert_eq!(
            err(&["py=rfc3986", "py=rfc2396"]),
            "--spec `py=rfc2396`: --spec is given twice for `py`"
        );
    }

    #[test]
    fn times_read_as_people_write_them() {
        assert_eq!(parse_time("60s"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_time("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_time("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_time("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_time("30"), Ok(Duration::from_secs(30)));
        assert_eq!(
            parse_time("10 minutes").unwrap_err(),
            "`10 minutes`: the unit is not one of ms, s, m, h"
        );
        assert_eq!(
            parse_time("0s").unwrap_err(),
            "`0s` is not above 0 and at most a week"
        );
        assert_eq!(
            parse_time("s").unwrap_err(),
            "`s` is not a number with a unit, like 60s or 2m"
        );
    }
}
