//! The reference resolver as an [`Implementation`].

use rfc1808_resolver::spec::Reference as SpecReference;
use rfc1808_resolver::Step6;
use rfc1808_vectors::{Assignment, Spec};

use crate::implementation::{Answer, Case, Implementation, Reply};

/// The in-process reference resolver of one spec, under chosen readings,
/// with a chosen version of its algorithm (Step 6, or RFC 3986's
/// `remove_dot_segments`).
#[derive(Clone, Debug)]
pub struct Reference {
    step6: Step6,
    reference: SpecReference,
    name: String,
}

impl Reference {
    /// RFC 1808's reference under its default readings.
    pub fn new(step6: Step6) -> Self {
        let name = match step6 {
            Step6::SegmentStack => "reference".to_owned(),
            other => format!("reference-{other}"),
        };
        Reference {
            step6,
            reference: SpecReference::defaults(Spec::Rfc1808),
            name,
        }
    }

    /// Resolves by `spec` (`rfc1808 run --spec`), under the readings `held`
    /// names (an assignment of `spec`'s readings).
    pub fn by_spec(mut self, spec: Spec, held: &Assignment) -> Self {
        self.reference = held.reference(spec);
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
                match self
                    .reference
                    .resolve_maybe_base(case.base, case.relative, self.step6)
                {
                    Ok(resolved) => Answer::Resolved(resolved),
                    Err(rejected) => Answer::Rejected(rejected),
                }
                .into()
            })
            .collect()
    }
}
