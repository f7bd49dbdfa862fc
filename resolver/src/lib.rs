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
//! Every place where the RFC can be read two ways carries a comment starting
//! with "Choice" and the id of the vector that pins it; `vectors/README.md`
//! lists them all.

mod parse;
mod resolve;
pub mod rfc2396;
pub mod rfc3986;
mod spec_readings;
mod step6;

pub use parse::{is_scheme_char, parse, Components};
pub use resolve::{resolve, resolve_traced, resolve_with, Step};
pub use step6::{string_pattern, Step6};
