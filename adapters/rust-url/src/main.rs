//! rfc1808 adapter for the url crate (docs/adapters.md), which implements
//! the WHATWG URL Standard: the base is parsed with `Url::parse` and the
//! input parsed against it with `Url::join`, which is the standard's
//! `new URL(input, base)`; an input with no base (an absolute parse) is
//! `Url::parse(input)`, `new URL(input)`. The answer is the URL's serialization (`href`);
//! a failure to parse either is a rejection, `ParseError: ...`.
//!
//! ```sh
//! cargo build --release -p rust-url          # adapters/install.sh does it
//! target/release/rust-url                    # jsonl (also: --jsonl)
//! target/release/rust-url --lines            # lines
//! target/release/rust-url BASE INPUT         # argv
//! ```

use std::process::ExitCode;

use rfc1808_harness::{adapter, Info};
use url::Url;

/// The library call under test: the URL, or the rejection. With no base
/// (an absolute parse) it is `Url::parse(input)`, the standard's `new
/// URL(input)`.
fn resolve(base: Option<&str>, input: &str) -> Result<String, String> {
    let Some(base) = base else {
        let url = Url::parse(input).map_err(|e| format!("ParseError: the input: {e}"))?;
        return Ok(url.into());
    };
    let base = Url::parse(base).map_err(|e| format!("ParseError: the base: {e}"))?;
    let url = base
        .join(input)
        .map_err(|e| format!("ParseError: the input: {e}"))?;
    Ok(url.into())
}

fn main() -> ExitCode {
    let info = Info {
        name: "rust-url".to_owned(),
        implementation_version: format!(
            "{} (rustc {})",
            env!("LIBRARY_VERSION"),
            env!("RUSTC_VERSION")
        ),
        language: "rust".to_owned(),
        spec: "WHATWG URL Standard".to_owned(),
    };
    adapter::main_parsing(info, resolve)
}
