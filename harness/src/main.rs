//! `rfc1808`: the command line of the conformance harness. It parses flags
//! ([`rfc1808_harness::flags`]), runs the command they name
//! ([`rfc1808_harness::commands`]), and turns the result into an
//! exit code.
//!
//! Exit codes: 0 all passed, 1 conformance failures, 2 usage, configuration,
//! I/O or startup errors, 141 standard output or error closed under a write
//! ([`rfc1808_harness::output`]).

use std::process::ExitCode;

use clap::Parser as _;
use rfc1808_harness::flags::Cli;
use rfc1808_harness::{commands, output, signals};

fn main() -> ExitCode {
    if let Err(e) = signals::install() {
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
    let result = commands::run(cli);
    // A stop signal killed the adapters, so the run ended in errors it
    // should not report; the signal's thread ends the harness as the
    // signal asks.
    while signals::stopping() {
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
