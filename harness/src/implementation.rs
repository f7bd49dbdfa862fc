//! What the harness drives: anything that resolves a relative URL against a
//! base.

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One resolution to perform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case<'a> {
    /// The vector id, for implementations that report per case.
    pub id: &'a str,
    pub base: &'a str,
    pub relative: &'a str,
}

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
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Argv => "argv",
            Protocol::Lines => "lines",
            Protocol::Jsonl => "jsonl",
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Protocol {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "argv" => Ok(Protocol::Argv),
            "lines" => Ok(Protocol::Lines),
            "jsonl" => Ok(Protocol::Jsonl),
            _ => Err(format!(
                "unknown protocol `{s}`, expected `argv`, `lines` or `jsonl`"
            )),
        }
    }
}

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
    /// The ids this implementation is expected to fail, with reasons.
    pub expectations: Option<PathBuf>,
}

impl ImplSpec {
    /// The per-case timeout when none is given.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
}
