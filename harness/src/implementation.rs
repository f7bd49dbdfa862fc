//! What the harness drives: anything that resolves a relative URL against a
//! base.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rfc1808_vectors::Spec;

/// One resolution to perform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case<'a> {
    /// The vector id, for implementations that report per case.
    pub id: &'a str,
    /// `None` for an absolute parse: `relative` parsed with no base, as
    /// `new URL(relative)` does.
    pub base: Option<&'a str>,
    pub relative: &'a str,
}

impl<'a> Case<'a> {
    /// The case a resolution vector asks.
    pub fn of(vector: &'a rfc1808_vectors::ResolveVector) -> Self {
        Case {
            id: &vector.id,
            base: vector.base.as_deref(),
            relative: &vector.relative,
        }
    }

    /// The case that resolves `relative` against `base`.
    pub fn resolve(id: &'a str, base: &'a str, relative: &'a str) -> Self {
        Case {
            id,
            base: Some(base),
            relative,
        }
    }
}

/// Why an implementation is not asked an absolute parse: its adapter did
/// not offer to answer one.
pub const NO_PARSE: &str = "an absolute parse (no base), and the adapter does not answer \
                            parse requests: only a `jsonl` adapter whose handshake says \
                            `\"parse\":true` does (docs/adapters.md)";

pub use rfc1808_vectors::grade::Answer;

/// An answer with what the implementation wrote to standard error while
/// working on it (empty for in-process implementations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub answer: Answer,
    pub stderr: String,
}

impl From<Answer> for Reply {
    fn from(answer: Answer) -> Self {
        Reply {
            answer,
            stderr: String::new(),
        }
    }
}

/// What an implementation says of itself (the `jsonl` handshake).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub name: String,
    pub implementation_version: String,
    pub language: String,
    pub spec: String,
}

impl Info {
    /// The spec its `spec` claims, when it is one this harness grades by
    /// (see [`claimed_spec`]).
    pub fn claimed_spec(&self) -> Option<Spec> {
        claimed_spec(&self.spec)
    }
}

/// The spec a handshake's free-text `spec` names, matched loosely: case,
/// spaces, `-` and `_` aside, it starts with a spec's name ([`Spec::name`])
/// or title ([`Spec::title`]) and no digit follows (`RFC 3986`,
/// `rfc-3986`, `RFC 3986 section 5.2`, `WHATWG URL Standard`, `the URL
/// Standard`). `RFC 3987` names none.
pub fn claimed_spec(claim: &str) -> Option<Spec> {
    let squeeze = |text: &str| -> String {
        text.chars()
            .filter(|c| !matches!(c, ' ' | '\t' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let squeezed = squeeze(claim);
    Spec::ALL.into_iter().find(|spec| {
        [spec.name().to_owned(), squeeze(&spec.title())]
            .iter()
            .any(|name| {
                squeezed
                    .strip_prefix(name.as_str())
                    .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
            })
    })
}

/// An implementation under test.
pub trait Implementation {
    /// The name used in reports.
    fn name(&self) -> &str;

    /// What the implementation said of itself, if its protocol lets it.
    fn info(&self) -> Option<&Info> {
        None
    }

    /// Resolves every case, answering each in order. Taking the cases
    /// together lets a subprocess implementation pipeline or parallelise.
    fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply>;

    /// Resolves cases in order for a run that has a time limit (`rfc1808
    /// fuzz --time`): the replies are for the first cases only, those
    /// started before `deadline` (one started then may still take its own
    /// timeout), and they stop early once the harness has given up on the
    /// implementation ([`Implementation::given_up`]), rather than answering
    /// the rest with errors as [`Implementation::resolve_all`] does. An
    /// in-process implementation answers every case.
    fn resolve_until(&mut self, cases: &[Case<'_>], deadline: Option<Instant>) -> Vec<Reply> {
        let _ = deadline;
        self.resolve_all(cases)
    }

    /// Why the harness no longer runs cases on this implementation, once it
    /// has given up on it (an adapter that kept failing).
    fn given_up(&self) -> Option<&str> {
        None
    }

    /// Starts answering `cases`, for a later [`Implementation::resolve_until`]
    /// of the same cases and `deadline`, where the implementation can work
    /// while the harness does (processes of `rfc1808 fuzz --jobs` beyond
    /// one): the harness judges one batch while the next is answered. Calls
    /// in between are answered after it, and their answers are their own.
    /// Others do nothing now, and answer when asked.
    fn ask_ahead(&mut self, cases: &[Case<'_>], deadline: Option<Instant>) {
        let _ = (cases, deadline);
    }
}

/// How the harness talks to a subprocess implementation (docs/adapters.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// One process per case: `COMMAND BASE RELATIVE`.
    Argv,
    /// One persistent process, `BASE<TAB>RELATIVE` lines.
    Lines,
    /// One persistent process, versioned JSON lines.
    Jsonl,
}

impl Protocol {
    pub const ALL: [Protocol; 3] = [Protocol::Argv, Protocol::Lines, Protocol::Jsonl];

    pub fn name(self) -> &'static str {
        match self {
            Protocol::Argv => "argv",
            Protocol::Lines => "lines",
            Protocol::Jsonl => "jsonl",
        }
    }
}

rfc1808_resolver::named!(Protocol, "protocol");

/// Everything needed to start a subprocess implementation, from the command
/// line or a config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImplSpec {
    pub name: String,
    /// The program and its arguments; never run through a shell.
    pub command: Vec<String>,
    pub protocol: Protocol,
    /// Per case.
    pub timeout: Duration,
    /// The spec it is graded under (the config's `spec`); `None` leaves it
    /// to `--spec`, then to the spec its `jsonl` handshake claims, then to
    /// RFC 1808.
    pub spec: Option<Spec>,
    /// The ids this implementation is expected to fail, with reasons.
    pub expectations: Option<ExpectationsFiles>,
    /// A program in its library's language that makes its adapter's call
    /// (the config's `reproduce`), for the findings `rfc1808 site` writes.
    pub reproduce: Option<crate::reproduce::Reproducer>,
}

impl ImplSpec {
    /// The per-case timeout when none is given.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

    /// The implementation `name` that runs `command` and speaks `protocol`,
    /// with the default timeout and nothing else set: change the rest by
    /// struct update (`ImplSpec { spec: Some(s), ..ImplSpec::new(..) }`),
    /// so that a field added later breaks no caller.
    ///
    /// ```
    /// use rfc1808_harness::{ImplSpec, Protocol};
    ///
    /// let spec = ImplSpec::new("py", ["python3", "adapter.py"], Protocol::Jsonl);
    /// assert_eq!(spec.command, ["python3", "adapter.py"]);
    /// assert_eq!(spec.timeout, ImplSpec::DEFAULT_TIMEOUT);
    /// ```
    pub fn new(
        name: impl Into<String>,
        command: impl IntoIterator<Item = impl Into<String>>,
        protocol: Protocol,
    ) -> ImplSpec {
        ImplSpec {
            name: name.into(),
            command: command.into_iter().map(Into::into).collect(),
            protocol,
            timeout: ImplSpec::DEFAULT_TIMEOUT,
            spec: None,
            expectations: None,
            reproduce: None,
        }
    }

    /// The expectations file for grading under `spec`, if there is one.
    pub fn expectations_for(&self, spec: Spec) -> Option<&Path> {
        self.expectations.as_ref()?.for_spec(spec)
    }
}

/// Where an implementation's expected failures are: the config's
/// `expectations`, a file or a table of files by spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectationsFiles {
    /// One file, for whichever spec the implementation is graded under (its
    /// own `spec` key must say that spec).
    One(PathBuf),
    /// A file for each spec; a spec with none has no expected failures.
    BySpec(BTreeMap<Spec, PathBuf>),
}

impl ExpectationsFiles {
    /// The file for grading under `spec`, if there is one.
    pub fn for_spec(&self, spec: Spec) -> Option<&Path> {
        match self {
            ExpectationsFiles::One(file) => Some(file),
            ExpectationsFiles::BySpec(files) => files.get(&spec).map(PathBuf::as_path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_claims_are_matched_loosely() {
        for claim in [
            "RFC 3986",
            "rfc3986",
            "Rfc-3986",
            "RFC 3986 section 5.2",
            " RFC_3986",
        ] {
            assert_eq!(claimed_spec(claim), Some(Spec::Rfc3986), "{claim}");
        }
        assert_eq!(claimed_spec("RFC 2396"), Some(Spec::Rfc2396));
        assert_eq!(claimed_spec("RFC 1808"), Some(Spec::Rfc1808));
        assert_eq!(claimed_spec("WHATWG URL Standard"), Some(Spec::Whatwg));
        assert_eq!(claimed_spec("the URL Standard"), Some(Spec::Whatwg));
        for claim in [
            "",
            "RFC 39860",
            "none claimed (legacy Node.js url API)",
            "RFC 3987",
        ] {
            assert_eq!(claimed_spec(claim), None, "{claim}");
        }
    }
}
