//! A temporary directory that the `rfc1808` binary runs in, for the tests
//! that write files: a fuzz run's adapters and expectations, a copy of the
//! vectors that `promote` appends to. It is removed when dropped.

use std::path::{Path, PathBuf};
use std::process::Output;

pub struct Repo {
    root: tempfile::TempDir,
}

impl Repo {
    /// An empty one.
    pub fn new() -> Repo {
        Repo {
            root: tempfile::tempdir().unwrap(),
        }
    }

    pub fn root(&self) -> &Path {
        self.root.path()
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.root().join(name)
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap()
    }

    pub fn write(&self, name: &str, text: &str) {
        std::fs::write(self.path(name), text).unwrap();
    }

    /// Runs `rfc1808 ARGS` from the root.
    pub fn run(&self, args: &[&str]) -> Output {
        super::rfc1808_in(self.root(), args)
    }
}
