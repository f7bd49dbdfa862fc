//! The conformance harness: runs the RFC 1808 vectors against the reference
//! resolver and against any implementation, and reports the results.
//!
//! The parts: [`Implementation`] is what the harness drives (the in-process
//! [`reference::Reference`], or a subprocess); [`session::Session`] runs
//! several of them over the vectors a [`filter`] selects ([`runner`] puts
//! the vectors through one) and grades the answers against their
//! [`expectations`] with [`rfc1808_vectors::grade`]; [`report`] prints the
//! graded results; [`command_line`] prints the commands a person pastes.
//! [`commands`] wires these together into the commands of the `rfc1808`
//! binary, whose [`flags`] it takes and which writes through [`output`];
//! the binary only parses the flags and turns the result into an exit code.
//! [`site`] builds a static site from the JSON reports.
//! [`whatwg_vs_rfc3986`] counts where the URL Standard and RFC 3986 answer
//! a pair otherwise, for the example of that name.

pub mod adapter;
pub mod command_line;
pub mod commands;
pub mod config;
pub mod corpus;
pub mod expectations;
pub mod filter;
pub mod flags;
pub mod fuzz;
pub mod implementation;
pub mod output;
pub mod promote;
pub mod protocol;
pub mod reference;
pub mod report;
pub mod reproduce;
pub mod runner;
pub mod serve;
pub mod session;
mod shell;
pub mod signals;
pub mod site;
pub mod subprocess;
pub mod whatwg_vs_rfc3986;

pub use implementation::{Answer, Case, ImplSpec, Implementation, Info, Protocol, Reply};
