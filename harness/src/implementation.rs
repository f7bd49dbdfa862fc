//! What the harness drives: anything that resolves a relative URL against a
//! base.

/// One resolution to perform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case<'a> {
    /// The vector id, for implementations that report per case.
    pub id: &'a str,
    pub base: &'a str,
    pub relative: &'a str,
}

/// What an implementation answered for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It resolved the case to this URL.
    Resolved(String),
    /// It declined to resolve the case (an error of its own), with its message.
    Rejected(String),
    /// The case cannot be sent through this implementation's protocol.
    NotRepresentable(String),
    /// It failed to answer: a crash, a timeout, a broken protocol message.
    Error(String),
}

/// An implementation under test.
pub trait Implementation {
    /// The name used in reports.
    fn name(&self) -> &str;

    /// Resolves every case, answering in order. Taking the cases together
    /// lets a subprocess implementation pipeline or parallelise them.
    fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Answer>;
}
