//! Which vectors a command runs: the built-in ones or a directory's
//! (`--vectors DIR`), and beside them a project's own (`--add-vectors
//! PATH`, a config file's `vectors` key), loaded as one corpus in which
//! every id is unique; and the flags that name the same vectors again in a
//! rerun line.
//!
//! A project keeps its regressions in a vector file of its own and runs
//! them with the built-in vectors, in one run graded against one
//! expectations file:
//!
//! ```no_run
//! use rfc1808_harness::corpus::VectorSource;
//!
//! let source = VectorSource {
//!     dir: None,
//!     added: vec!["rfc1808-vectors.toml".into()],
//!     specs: Vec::new(),
//! };
//! let corpus = source.load()?;
//! assert!(corpus.resolve.iter().any(|v| v.id == "rfc1808-5.1/g"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use rfc1808_vectors::{Corpus, DuplicateId, LoadError, Spec};

use crate::shell::quote;

/// The vectors of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VectorSource {
    /// The directory whose `*.toml` files replace the built-in vectors
    /// (`--vectors DIR`), if any.
    pub dir: Option<PathBuf>,
    /// Vector files, or directories of them, run beside those
    /// (`--add-vectors PATH`, a config's `vectors`), in the order given.
    pub added: Vec<PathBuf>,
    /// The specs the run grades by, as `--spec` and the config name them:
    /// their own vectors run beside the built-in ones
    /// (`rfc1808_vectors::SPEC_FILES`: the web-platform tests for the URL
    /// Standard).
    pub specs: Vec<Spec>,
}

impl VectorSource {
    /// The built-in vectors, or the directory's, with the added ones.
    pub fn load(&self) -> Result<Corpus, VectorsError> {
        let mut corpus = match &self.dir {
            Some(dir) => rfc1808_vectors::load_dir(dir).map_err(VectorsError::Load)?,
            None => rfc1808_vectors::embedded_for(&self.specs),
        };
        if self.added.is_empty() {
            return Ok(corpus);
        }
        // Read on their own first, so that two added files that share an id
        // are told apart from an added file that reuses a built-in one.
        let mut added = Corpus::default();
        for path in &self.added {
            if path.is_dir() {
                let dir = rfc1808_vectors::load_dir(path).map_err(VectorsError::Load)?;
                added
                    .add_corpus(dir)
                    .map_err(|e| VectorsError::Load(e.into()))?;
            } else {
                added.add_file(path).map_err(VectorsError::Load)?;
            }
        }
        corpus
            .add_corpus(added)
            .map_err(|duplicate| VectorsError::Taken {
                duplicate,
                by: self.dir.clone(),
            })?;
        Ok(corpus)
    }

    /// ` --vectors DIR --add-vectors PATH ...`, what a rerun line needs to
    /// run the same vectors; empty for the built-in ones alone.
    pub fn flags(&self) -> String {
        let mut out = String::new();
        if let Some(dir) = &self.dir {
            out += &format!(" --vectors {}", quote(&dir.display().to_string()));
        }
        for path in &self.added {
            out += &format!(" --add-vectors {}", quote(&path.display().to_string()));
        }
        out
    }

    /// Adds `path`, unless it is there already (a flag and a config that
    /// name the same file).
    pub fn add(&mut self, path: &Path) {
        if !self.added.iter().any(|p| p == path) {
            self.added.push(path.to_owned());
        }
    }
}

/// Why the vectors of a run could not be loaded.
#[derive(Debug)]
pub enum VectorsError {
    /// A file does not load, or two added files share an id.
    Load(LoadError),
    /// An added vector has the id of one of the vectors it is added to.
    Taken {
        duplicate: DuplicateId,
        /// The `--vectors` directory they came from; `None` for the
        /// built-in vectors.
        by: Option<PathBuf>,
    },
}

impl fmt::Display for VectorsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VectorsError::Load(e) => e.fmt(f),
            VectorsError::Taken { duplicate, by } => {
                let whose = match by {
                    Some(dir) => format!("the vectors of {}", dir.display()),
                    None => "the built-in vectors".to_owned(),
                };
                write!(
                    f,
                    "{}: key `id`: duplicate id `{}`: {whose} have it ({}); give the added \
                     vector an id of its own",
                    duplicate.at, duplicate.id, duplicate.first
                )
            }
        }
    }
}

impl std::error::Error for VectorsError {}

#[cfg(test)]
mod tests {
    use super::*;

    const MINE: &str = "[[resolve]]\nid = \"mine/one\"\nbase = \"http://a/b\"\n\
                        relative = \"g\"\nexpected = \"http://a/g\"\nsource = \"s\"\ntags = []\n";

    #[test]
    fn added_vectors_run_beside_the_built_in_ones() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("mine.toml");
        std::fs::write(&file, MINE).unwrap();
        let source = VectorSource {
            dir: None,
            added: vec![file.clone()],
            specs: Vec::new(),
        };
        let corpus = source.load().unwrap();
        let built_in = rfc1808_vectors::embedded();
        assert_eq!(corpus.resolve.len(), built_in.resolve.len() + 1);
        assert_ne!(corpus.digest, built_in.digest);
        assert_eq!(
            source.flags(),
            format!(" --add-vectors {}", quote(&file.display().to_string()))
        );
        assert_eq!(VectorSource::default().flags(), "");
    }

    #[test]
    fn an_added_id_that_is_taken_says_by_whom() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("mine.toml");
        std::fs::write(&file, MINE.replace("mine/one", "rfc1808-5.1/g")).unwrap();
        let source = VectorSource {
            dir: None,
            added: vec![file.clone()],
            specs: Vec::new(),
        };
        assert_eq!(
            source.load().unwrap_err().to_string(),
            format!(
                "{}:2: key `id`: duplicate id `rfc1808-5.1/g`: the built-in vectors have it \
                 (vectors/rfc1808.toml:14); give the added vector an id of its own",
                file.display()
            )
        );
        // Two added files that share an id: the loader's own message.
        let other = dir.path().join("other.toml");
        std::fs::write(&other, MINE).unwrap();
        std::fs::write(&file, MINE).unwrap();
        let source = VectorSource {
            dir: None,
            added: vec![file.clone(), other.clone()],
            specs: Vec::new(),
        };
        assert_eq!(
            source.load().unwrap_err().to_string(),
            format!(
                "{}:2: key `id`: duplicate id `mine/one`, first used at {}:2",
                other.display(),
                file.display()
            )
        );
    }
}
