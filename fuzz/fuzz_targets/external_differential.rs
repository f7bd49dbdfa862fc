//! An external implementation resolves like the reference, except for the
//! pairs of the vectors its expectations file lists:
//! `rfc1808_fuzzgen::external::external_differential`.
//!
//! One adapter process, started once and kept across iterations, speaks the
//! README's `jsonl` protocol:
//!
//! ```sh
//! RFC1808_FUZZ_IMPL='python3 adapters/cpython-urllib.py --jsonl' \
//! RFC1808_FUZZ_EXPECTATIONS=adapters/expectations/rfc1808/cpython-urllib.toml \
//!     cargo +nightly fuzz run external_differential
//! ```
//!
//! `RFC1808_FUZZ_IMPL` is split into words as a POSIX shell would (no
//! expansion, no shell); `RFC1808_FUZZ_EXPECTATIONS` is optional. A missing
//! variable or an adapter that does not start stops the run with exit code 2
//! before the first input, so no artifact is written for it.
#![no_main]

use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;
use rfc1808_fuzzgen::external::{self, KnownFailures};
use rfc1808_fuzzgen::Input;
use rfc1808_harness::expectations::Expectations;
use rfc1808_harness::{subprocess, Case, ImplSpec, Implementation, Protocol};

struct External {
    name: String,
    implementation: Box<dyn Implementation + Send>,
    known: KnownFailures,
}

static EXTERNAL: OnceLock<Mutex<External>> = OnceLock::new();

fn start() -> Result<External, String> {
    let command = std::env::var("RFC1808_FUZZ_IMPL").map_err(|_| {
        "set RFC1808_FUZZ_IMPL to the adapter's command, for example \
         'python3 adapters/cpython-urllib.py --jsonl'"
            .to_owned()
    })?;
    let command = shell_words::split(&command)
        .map_err(|e| format!("RFC1808_FUZZ_IMPL `{command}`: cannot split it into words: {e}"))?;
    let expectations = std::env::var_os("RFC1808_FUZZ_EXPECTATIONS").map(PathBuf::from);
    let known = match &expectations {
        Some(path) => {
            let listed = Expectations::load(path).map_err(|e| e.to_string())?;
            KnownFailures::from_ids(
                &rfc1808_vectors::embedded(),
                listed.entries.iter().map(|e| e.id.as_str()),
            )
        }
        None => KnownFailures::default(),
    };
    let spec = ImplSpec {
        expectations: expectations.map(rfc1808_harness::implementation::ExpectationsFiles::One),
        ..ImplSpec::new("RFC1808_FUZZ_IMPL", command, Protocol::Jsonl)
    };
    let implementation = subprocess::spawn(&spec).map_err(|e| e.to_string())?;
    let name = implementation
        .info()
        .map_or_else(|| spec.name.clone(), |info| info.name.clone());
    Ok(External {
        name,
        implementation,
        known,
    })
}

fuzz_target!(
    init: {
        match start() {
            Ok(external) => {
                let _ = EXTERNAL.set(Mutex::new(external));
            }
            Err(why) => {
                eprintln!("external_differential: {why}");
                std::process::exit(2);
            }
        }
    },
    |input: Input| {
        let mut external = EXTERNAL
            .get()
            .expect("init started the implementation")
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let case = Case::resolve("fuzz", &input.base, &input.relative);
        let reply = external.implementation.resolve_all(&[case]).remove(0);
        if let Err(finding) =
            external::external_differential(&external.name, &input, &reply.answer, &external.known)
        {
            panic!("{finding}");
        }
    }
);
