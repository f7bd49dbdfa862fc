//! What a property that fails reports.

use std::fmt;

use crate::Input;

/// A property that does not hold for an input.
#[derive(Clone, PartialEq, Eq)]
pub struct Violation {
    /// The property, as `target: sub-property`.
    pub property: &'static str,
    pub input: Input,
    /// What was wanted and what was got.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} does not hold: {}\n  reproduce: {:?}",
            self.property, self.message, self.input
        )?;
        // The resolver's own properties rerun from a test; an external
        // implementation's finding reproduces with its adapter instead.
        if !self.property.starts_with("external") {
            write!(f, "\n  as a test:\n{:#?}", self.input)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Violation {}
