//! The protocol loop of an adapter written in Rust: its `main` is the
//! library call and a call of [`main`], as `adapters/rust-url` and
//! `adapters/rust-oxiri` are (docs/adapters.md).
//!
//! ```no_run
//! use rfc1808_harness::{adapter, Info};
//!
//! fn resolve(base: &str, relative: &str) -> Result<String, String> {
//!     // The library under test; its error is the rejection's message.
//!     Ok(format!("{base}{relative}"))
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     let info = Info {
//!         name: "my-library".to_owned(),
//!         implementation_version: "1.0.0".to_owned(),
//!         language: "rust".to_owned(),
//!         spec: "RFC 3986".to_owned(),
//!     };
//!     adapter::main(info, resolve)
//! }
//! ```
//!
//! The adapter then speaks every protocol: `jsonl` with no arguments (or
//! `--jsonl`), `lines` with `--lines`, and `argv` with `BASE RELATIVE`
//! (the answer on standard output and exit 0, or the rejection on standard
//! error and exit 1). A panic in the library is a rejection, `panic: ...`,
//! not a dead adapter.

use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use crate::serve::{serve_parsing, serve_with};
use crate::{Info, Protocol};

/// The longest request line an adapter reads: far above any URL the
/// harness sends, and a line that never ends still costs no more.
pub const LINE_LIMIT: usize = 64 << 20;

/// Runs the adapter of `resolve` with the arguments of the process, and
/// says how it ended: 0, 1 for a rejection under `argv` or a failure to
/// read or write, 2 for a usage error.
pub fn main(info: Info, resolve: fn(&str, &str) -> Result<String, String>) -> ExitCode {
    run(info, false, move |base, relative| match base {
        Some(base) => resolve(base, relative),
        // Never asked: the handshake does not offer parses.
        None => Err("this adapter answers no parse requests".to_owned()),
    })
}

/// [`main`] for a library that also parses a URL with no base (the URL
/// Standard's `new URL(input)`): its `jsonl` handshake offers parses
/// (`"parse":true`), and `resolve` is asked `(None, input)` for each, as
/// for the web-platform tests' entries without a base.
pub fn main_parsing(
    info: Info,
    resolve: fn(Option<&str>, &str) -> Result<String, String>,
) -> ExitCode {
    run(info, true, resolve)
}

/// The adapter loop of [`main`] and [`main_parsing`].
fn run(
    info: Info,
    parses: bool,
    resolve: impl Fn(Option<&str>, &str) -> Result<String, String> + Copy,
) -> ExitCode {
    let name = info.name.clone();
    let mut args = Vec::new();
    for (n, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(arg) => {
                eprintln!("{name}: argument {} is not UTF-8: {arg:?}", n + 1);
                return ExitCode::from(2);
            }
        }
    }
    let protocol = match args.as_slice() {
        [] => Protocol::Jsonl,
        [flag] if flag == "--jsonl" => Protocol::Jsonl,
        [flag] if flag == "--lines" => Protocol::Lines,
        [base, relative] => {
            return match unwinding(resolve, Some(base), relative) {
                Ok(url) => {
                    println!("{url}");
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("{message}");
                    ExitCode::from(1)
                }
            };
        }
        _ => {
            eprintln!("usage: {name} [--jsonl | --lines | BASE RELATIVE]");
            return ExitCode::from(2);
        }
    };
    let answer = |base: Option<&str>, relative: &str| unwinding(resolve, base, relative);
    let served = match parses {
        true => serve_parsing(
            protocol,
            info,
            LINE_LIMIT,
            answer,
            io::stdin().lock(),
            io::stdout().lock(),
        ),
        false => serve_with(
            protocol,
            info,
            LINE_LIMIT,
            |base: &str, relative: &str| answer(Some(base), relative),
            io::stdin().lock(),
            io::stdout().lock(),
        ),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(1)
        }
    }
}

/// `resolve`'s answer, a panic in it a rejection.
fn unwinding(
    resolve: impl Fn(Option<&str>, &str) -> Result<String, String>,
    base: Option<&str>,
    relative: &str,
) -> Result<String, String> {
    panic::catch_unwind(AssertUnwindSafe(|| resolve(base, relative))).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("panic: {what}"))
    })
}
