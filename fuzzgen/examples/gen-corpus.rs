//! Writes a seed corpus for every fuzz target from the vectors:
//!
//! ```sh
//! cargo run -p rfc1808-fuzzgen --example gen-corpus            # into fuzz/corpus/<target>/
//! cargo run -p rfc1808-fuzzgen --example gen-corpus -- OUT VECTORS
//! cargo run -p rfc1808-fuzzgen --example gen-corpus -- --dict fuzz/dict/url.dict
//! ```
//!
//! Each vector becomes one file per target (see `rfc1808_fuzzgen::seeds`),
//! named after its id and holding the `Input::to_bytes` encoding. Files
//! already there are kept, so the fuzzer's own corpus grows on top.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const TARGETS: [&str; 7] = [
    "step6_differential",
    "idempotence",
    "external_differential",
    "rfc3986_dot_segments",
    "rfc3986_idempotence",
    "rfc2396_step6_differential",
    "rfc3986_crates",
];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("gen-corpus: {why}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate is in the workspace root")
        .to_owned();
    let mut args = std::env::args_os().skip(1).map(PathBuf::from).peekable();
    if args.next_if(|a| a.as_os_str() == "--dict").is_some() {
        let (Some(file), None) = (args.next(), args.next()) else {
            return Err("usage: gen-corpus --dict FILE".to_owned());
        };
        return std::fs::write(&file, rfc1808_fuzzgen::dictionary())
            .map_err(|e| format!("{}: cannot write: {e}", file.display()));
    }
    let out = args.next().unwrap_or_else(|| root.join("fuzz/corpus"));
    let vectors = args.next().unwrap_or_else(|| root.join("vectors"));
    if args.next().is_some() {
        return Err("usage: gen-corpus [OUT [VECTORS]]".to_owned());
    }
    let corpus = rfc1808_vectors::load_dir(&vectors).map_err(|e| e.to_string())?;
    let seeds = rfc1808_fuzzgen::seeds(&corpus);
    for target in TARGETS {
        let dir = out.join(target);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("{}: cannot create the directory: {e}", dir.display()))?;
        for (name, input) in &seeds {
            let file = dir.join(name);
            std::fs::write(&file, input.to_bytes())
                .map_err(|e| format!("{}: cannot write: {e}", file.display()))?;
        }
    }
    println!(
        "gen-corpus: {} seeds from {} vectors into {}/{{{}}}",
        seeds.len(),
        corpus.resolve.len() + corpus.parse.len(),
        out.display(),
        TARGETS.join(",")
    );
    Ok(())
}
