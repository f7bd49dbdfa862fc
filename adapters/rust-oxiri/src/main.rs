//! rfc1808 adapter for the oxiri crate (docs/adapters.md): the base is
//! parsed with `oxiri::Iri::parse` and the relative reference resolved
//! against it with `Iri::resolve`, which validates it as an IRI reference
//! (RFC 3987) and resolves it by section 5.2 of RFC 3986. An error from
//! either is a rejection, `IriParseError: ...`.
//!
//! ```sh
//! cargo build --release -p rust-oxiri          # adapters/install.sh does it
//! target/release/rust-oxiri                    # jsonl (also: --jsonl)
//! target/release/rust-oxiri --lines            # lines
//! target/release/rust-oxiri BASE RELATIVE      # argv
//! ```
//!
//! The protocol loop is the harness's own (`rfc1808_harness::adapter`), so
//! the adapter and the harness read and write one wire format.

use std::process::ExitCode;

use oxiri::Iri;
use rfc1808_harness::{adapter, Info};

/// The library call under test: the resolved IRI, or the rejection.
fn resolve(base: &str, relative: &str) -> Result<String, String> {
    let base = Iri::parse(base).map_err(|e| format!("IriParseError: the base: {e}"))?;
    let target = base
        .resolve(relative)
        .map_err(|e| format!("IriParseError: the relative reference: {e}"))?;
    Ok(target.into_inner())
}

fn main() -> ExitCode {
    let info = Info {
        name: "rust-oxiri".to_owned(),
        implementation_version: format!(
            "{} (rustc {})",
            env!("LIBRARY_VERSION"),
            env!("RUSTC_VERSION")
        ),
        language: "rust".to_owned(),
        spec: "RFC 3986".to_owned(),
    };
    adapter::main(info, resolve)
}
