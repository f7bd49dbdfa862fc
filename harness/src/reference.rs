//! The reference resolver as an [`Implementation`].

use rfc1808_resolver::{resolve_with, rfc2396, rfc3986, Options, Readings, Step6};
use rfc1808_vectors::{Assignment, Spec};

use crate::implementation::{Answer, Case, Implementation, Reply};

/// The in-process reference resolver with a chosen Step 6.
#[derive(Clone, Debug)]
pub struct Reference {
    step6: Step6,
    readings: Readings,
    /// The RFC it resolves by, with that RFC's readings.
    later: Later,
    name: String,
}

/// RFC 1808 (`None`) or a later RFC's reference, with its readings.
#[derive(Clone, Copy, Debug)]
enum Later {
    None,
    Rfc2396(rfc2396::Readings),
    Rfc3986(rfc3986::Readings),
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
            later: Later::None,
            name,
        }
    }

    /// Resolves by `spec` (`rfc1808 run --spec`), under the readings `held`
    /// names (an assignment of `spec`'s readings).
    pub fn by_spec(mut self, spec: Spec, held: &Assignment) -> Self {
        match spec {
            Spec::Rfc1808 => self.readings = held.rfc1808(),
            Spec::Rfc2396 => self.later = Later::Rfc2396(held.rfc2396()),
            Spec::Rfc3986 => self.later = Later::Rfc3986(held.rfc3986()),
        }
        self
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
                let (base, relative) = (case.base, case.relative);
                match self.later {
                    Later::None => {
                        let options = Options {
                            step6: self.step6,
                            readings: self.readings,
                        };
                        Answer::Resolved(resolve_with(base, relative, options))
                    }
                    Later::Rfc2396(readings) => {
                        match rfc2396::resolve_with(base, relative, readings, self.step6) {
                            Ok(resolved) => Answer::Resolved(resolved),
                            Err(rejected) => Answer::Rejected(rejected.to_string()),
                        }
                    }
                    Later::Rfc3986(readings) => {
                        let dots = match self.step6 {
                            Step6::SegmentStack => rfc3986::DotSegments::Linear,
                            Step6::StringPattern => rfc3986::DotSegments::Buffers,
                        };
                        Answer::Resolved(rfc3986::resolve_with(base, relative, readings, dots))
                    }
                }
                .into()
            })
            .collect()
    }
}
