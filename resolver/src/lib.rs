//! The reference resolver for relative URLs: RFC 1808 section 2.4 (parsing a
//! URL into its components) and section 4 (Steps 1 to 7 of resolving an
//! embedded URL against a base URL), written to be read beside the RFC.
//!
//! ```
//! use rfc1808_resolver::{parse, resolve_with, Step6};
//!
//! let base = "http://a/b/c/d;p?q#f";
//! for step6 in Step6::ALL {
//!     assert_eq!(resolve_with(base, "../g?y#s", step6), "http://a/b/g?y#s");
//! }
//! assert_eq!(parse(base).params, Some("p"));
//! ```
//!
//! Every place where the RFC can be read more than one way is an ambiguity
//! of [`readings::REGISTRY`], with named readings; the resolver runs under
//! any choice of them ([`Readings`]), the default being the project's. The
//! code that makes each choice carries a comment starting with "Reading" and
//! the vectors that pin it. Places where the RFC decides but a reader might
//! stumble carry a comment starting with "Choice".

pub mod deviations;
pub mod named;
mod parse;
pub mod readings;
mod resolve;
pub mod rfc2396;
pub mod rfc3986;
pub mod spec;
mod spec_readings;
mod step6;
pub mod whatwg;

pub use parse::{is_scheme_char, parse, Components};
pub use readings::{ReadingError, Readings};
pub use resolve::{resolve, resolve_traced, resolve_with, Options, Step};
pub use spec::Spec;
pub use step6::{string_pattern, Step6};
