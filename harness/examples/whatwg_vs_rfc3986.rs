//! Counts where the URL Standard and RFC 3986 answer the same (base,
//! reference) pair otherwise, above all with a different host, over the
//! corpus and over the fuzz generator's cases, and prints the tables in
//! Markdown (`docs/whatwg-vs-rfc3986.md` shows them).
//!
//! `cargo run --release -p rfc1808-harness --example whatwg_vs_rfc3986 -- [--cases N] [--seed S]`
//!
//! Exit codes: 0 printed, 2 a bad flag or a vector file that does not load.

use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use rfc1808_harness::whatwg_vs_rfc3986::{corpus_report, fuzz_report};

/// Where the URL Standard and RFC 3986 resolve a pair differently.
#[derive(Parser)]
#[command(name = "whatwg_vs_rfc3986")]
struct Args {
    /// How many fuzz cases to compare.
    #[arg(long, default_value_t = 1_000_000)]
    cases: u64,
    /// The fuzz generator's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    // A bad flag: clap prints the error and the usage and exits 2.
    let args = Args::parse();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.parent().unwrap_or(manifest);
    let corpus = match corpus_report(workspace) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("whatwg_vs_rfc3986: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{corpus}");
    print!("{}", fuzz_report(args.seed, args.cases));
    ExitCode::SUCCESS
}
