//! An example of a URL library that claims RFC 3986 and grades itself by
//! the rfc1808 vectors in its own `cargo test`: `tests/rfc3986.rs`, the
//! example of docs/rust-api.md. Its resolution is oxiri's.
//!
//! It is the in-tree proof that the gate works under a claimed spec: with
//! its committed expectations file, `cargo test` passes with the failures
//! `rfc1808 run --spec rfc3986` gives the `rust-oxiri` adapter
//! (`adapters/rust-oxiri/tests/suite_parity.rs` checks the two agree).

/// Resolves `relative` against `base` by section 5.2 of RFC 3986, as oxiri
/// does; an error is oxiri's rejection of either as an IRI (reference).
pub fn resolve(base: &str, relative: &str) -> Result<String, oxiri::IriParseError> {
    Ok(oxiri::Iri::parse(base)?.resolve(relative)?.into_inner())
}
