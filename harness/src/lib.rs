//! The conformance harness: runs the RFC 1808 vectors against the reference
//! resolver and against any implementation, and reports the results.
//!
//! The parts: [`Implementation`] is what the harness drives (the in-process
//! [`reference::Reference`], or a subprocess); [`session::Session`] runs
//! several of them over the vectors a [`filter`] selects ([`runner`] puts
//! the vectors through one) and grades the answers against their
//! [`expectations`] with [`rfc1808_vectors::grade`]; [`report`] prints the
//! graded results; [`command_line`] prints the commands a person pastes. The
//! `rfc1808` binary only parses flags and wires these together.

pub mod command_line;
pub mod config;
pub mod corpus;
pub mod expectations;
pub mod filter;
pub mod fuzz;
pub mod implementation;
pub mod promote;
pub mod protocol;
pub mod reference;
pub mod report;
pub mod runner;
pub mod serve;
pub mod session;
mod shell;
pub mod signals;
pub mod subprocess;

pub use implementation::{Answer, Case, ImplSpec, Implementation, Info, Protocol, Reply};
