//! The reference resolver as an [`Implementation`].

use rfc1808_resolver::{resolve_with, Options, Readings, Step6};

use crate::implementation::{Answer, Case, Implementation, Reply};

/// The in-process reference resolver with a chosen Step 6.
#[derive(Clone, Debug)]
pub struct Reference {
    step6: Step6,
    readings: Readings,
    name: String,
}

impl Reference {
    pub fn new(step6: Step6) -> Self {
        let name = match step6 {
            Step6::SegmentStack => "reference".to_owned(),
            other => format!("reference-{other}"),
        };
        Reference {
            step6,
            readings: Readings::default(),
            name,
        }
    }

    /// Resolves under these readings rather than the default ones.
    pub fn with_readings(mut self, readings: Readings) -> Self {
        self.readings = readings;
        self
    }
}

impl Implementation for Reference {
    fn name(&self) -> &str {
        &self.name
    }

    fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
        cases
            .iter()
            .map(|case| {
                let options = Options {
                    step6: self.step6,
                    readings: self.readings,
                };
                Answer::Resolved(resolve_with(case.base, case.relative, options)).into()
            })
            .collect()
    }
}
