//! The build script the Rust adapters share (each `build.rs` includes it
//! and calls [`emit`] with its library's name): finds the version of the
//! library that Cargo resolved, and of the compiler, for the
//! `implementation_version` of the handshake. Few libraries have a version
//! constant of their own, and Cargo.lock is where the resolved one is
//! written.

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::{exit, Command};

/// Sets `LIBRARY_VERSION` (the version of `library` in Cargo.lock) and
/// `RUSTC_VERSION` for the adapter's build.
pub fn emit(library: &str) {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let Some(lock) = dir
        .ancestors()
        .map(|d| d.join("Cargo.lock"))
        .find(|p| p.is_file())
    else {
        fail(&format!("no Cargo.lock in {} or above it", dir.display()));
    };
    println!("cargo:rerun-if-changed={}", lock.display());
    let text = fs::read_to_string(&lock)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", lock.display())));
    let doc: toml::Table = text
        .parse()
        .unwrap_or_else(|e| fail(&format!("{}: {e}", lock.display())));
    let versions: Vec<&str> = doc
        .get("package")
        .and_then(|p| p.as_array())
        .into_iter()
        .flatten()
        .filter(|p| p.get("name").and_then(|n| n.as_str()) == Some(library))
        .filter_map(|p| p.get("version").and_then(|v| v.as_str()))
        .collect();
    let [version] = versions[..] else {
        fail(&format!(
            "{}: expected one version of {library}, found {versions:?}",
            lock.display()
        ));
    };
    println!("cargo:rustc-env=LIBRARY_VERSION={version}");

    // `rustc 1.85.0 (4d91de4e4 2025-02-17)`: the second word.
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .arg("--version")
        .output()
        .unwrap_or_else(|e| fail(&format!("cannot run {rustc:?} --version: {e}")));
    let text = String::from_utf8_lossy(&output.stdout);
    let Some(version) = text.split_whitespace().nth(1) else {
        fail(&format!("{rustc:?} --version printed {text:?}"));
    };
    println!("cargo:rustc-env=RUSTC_VERSION={version}");
}

fn fail(message: &str) -> ! {
    eprintln!("adapter build script: {message}");
    exit(1)
}
