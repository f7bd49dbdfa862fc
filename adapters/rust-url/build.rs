//! The url version Cargo resolved, for the handshake
//! (`adapters/rust_library_version.rs`).

#[path = "../rust_library_version.rs"]
mod library_version;

fn main() {
    library_version::emit("url");
}
