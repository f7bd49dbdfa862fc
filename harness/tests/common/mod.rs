//! Helpers shared by the integration tests that run the `rfc1808` binary.

// Each test crate includes this module and uses a different part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

/// Copies the vector files of `vectors/` into `root/vectors`, for tests that
/// write to them, and returns that directory.
pub fn copy_vectors(root: &Path) -> PathBuf {
    copy_vectors_from(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors"),
        root,
    )
}

/// Copies the vector files of the directory `from` into `root/vectors`, and
/// returns that directory.
pub fn copy_vectors_from(from: &Path, root: &Path) -> PathBuf {
    let to = root.join("vectors");
    std::fs::create_dir(&to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
    to
}

/// The first lines of a text report: the tool version and the vector set.
pub fn header() -> String {
    format!(
        "rfc1808 {}, {}\n\n",
        env!("CARGO_PKG_VERSION"),
        rfc1808_vectors::embedded().digest
    )
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}
