//! The readings an implementation followed over a fuzz run, as `rfc1808
//! run` tells them over the vectors ([`rfc1808_vectors::Followed`]): each
//! case whose answer some reading gives tells, ambiguity by ambiguity, the
//! readings that give it ([`super::Accepted::evidence`]). An ambiguity where no
//! one reading gives every such answer is followed inconsistently: the
//! implementation mixes readings (it lower-cases the host of some bases and
//! not of others), which fails the run unless its expectations file lists
//! the ambiguity as an `[[inconsistent-reading]]`.
//!
//! A run answers many thousands of cases, so what is kept of them is a
//! count per set of readings, with the smallest case for an example.

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::readings::{Ambiguity, Reading};
use rfc1808_vectors::expectations::Inconsistent;

use super::shrink;
use super::under::Evidence;

/// The cases that told the same readings of one ambiguity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The readings that give their answers, in registry order.
    pub readings: Vec<&'static Reading>,
    pub cases: u64,
    /// The smallest of them.
    pub example: Input,
}

/// What the cases of a run told of one ambiguity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Following {
    pub ambiguity: &'static Ambiguity,
    /// The groups of cases by the readings they allow, most cases first.
    pub groups: Vec<Group>,
    /// The expectations entry that allows different readings here, if any.
    pub allowed: Option<Inconsistent>,
}

impl Following {
    /// The readings every telling case allows: the reading followed, or
    /// more than one where no case told them apart; empty when the cases
    /// disagree.
    pub fn readings(&self) -> Vec<&'static Reading> {
        self.ambiguity
            .readings
            .iter()
            .filter(|r| {
                self.groups
                    .iter()
                    .all(|g| g.readings.iter().any(|s| s.name == r.name))
            })
            .collect()
    }

    /// How many cases told something of this ambiguity.
    pub fn cases(&self) -> u64 {
        self.groups.iter().map(|g| g.cases).sum()
    }

    /// Whether the implementation mixed readings here.
    pub fn inconsistent(&self) -> bool {
        self.readings().is_empty()
    }

    /// What each group of cases told: `kept on 3 cases, e.g. "g" against
    /// "HTTP://A/b"; scheme-and-host on 40 cases, e.g. ...`.
    pub fn evidence_groups(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| {
                format!(
                    "{} on {}, e.g. {:?} against {:?}",
                    names(&g.readings),
                    cases(g.cases),
                    g.example.relative,
                    g.example.base
                )
            })
            .collect();
        groups.join("; ")
    }

    /// One line, as `rfc1808 run` words it: `base-case=scheme-and-host
    /// (312 cases)`, or `base-case: inconsistent: kept on 3 cases, e.g. "g"
    /// against "HTTP://A/b"; scheme-and-host on 40 cases, e.g. ...`.
    pub fn describe(&self) -> String {
        let name = self.ambiguity.name;
        let common = self.readings();
        let mut out = if common.is_empty() {
            format!("{name}: inconsistent: {}", self.evidence_groups())
        } else {
            format!("{name}={} ({})", names(&common), cases(self.cases()))
        };
        match (&self.allowed, self.inconsistent()) {
            (Some(allowed), true) => out += &format!(" (allowed: {})", allowed.reason),
            (None, true) => {
                out += "; list an `[[inconsistent-reading]]` in its expectations to allow it"
            }
            (_, false) => {}
        }
        out
    }

    /// Whether this fails the run: readings mixed, and no expectations
    /// entry allows it. (An entry that allows mixing where a run saw none
    /// does not fail it: a fuzz run need not meet every case the vectors
    /// do.)
    pub fn fails_run(&self) -> bool {
        self.inconsistent() && self.allowed.is_none()
    }
}

/// What the cases of a run told, ambiguity by ambiguity.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Followed {
    /// In the order the ambiguities were first told.
    seen: Vec<(&'static Ambiguity, Vec<Group>)>,
}

impl Followed {
    /// Records what the answer to `input` told.
    pub fn observe(&mut self, input: &Input, told: &Evidence) {
        for (ambiguity, readings) in &told.decided {
            let at = match self.seen.iter().position(|(a, _)| a.name == ambiguity.name) {
                Some(at) => at,
                None => {
                    self.seen.push((ambiguity, Vec::new()));
                    self.seen.len() - 1
                }
            };
            let groups = &mut self.seen[at].1;
            match groups.iter_mut().find(|g| g.readings == *readings) {
                Some(group) => {
                    group.cases += 1;
                    if shrink::order(input) < shrink::order(&group.example) {
                        group.example = input.clone();
                    }
                }
                None => groups.push(Group {
                    readings: readings.clone(),
                    cases: 1,
                    example: input.clone(),
                }),
            }
        }
    }

    /// Each ambiguity told of, in the order of `registry`, with the entry
    /// of `allowed` (the expectations' `[[inconsistent-reading]]`) that
    /// names it.
    pub fn verdicts(&self, registry: &[Ambiguity], allowed: &[Inconsistent]) -> Vec<Following> {
        let mut out: Vec<Following> = self
            .seen
            .iter()
            .map(|(ambiguity, groups)| {
                let mut groups = groups.clone();
                groups.sort_by(|a, b| {
                    b.cases
                        .cmp(&a.cases)
                        .then_with(|| shrink::order(&a.example).cmp(&shrink::order(&b.example)))
                });
                Following {
                    ambiguity,
                    groups,
                    allowed: allowed
                        .iter()
                        .find(|i| i.ambiguity == ambiguity.name)
                        .cloned(),
                }
            })
            .collect();
        out.sort_by_key(|f| registry.iter().position(|a| a.name == f.ambiguity.name));
        out
    }
}

/// `a|b`: the names of `readings`.
fn names(readings: &[&'static Reading]) -> String {
    readings
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join("|")
}

/// `1 case`, `3 cases`.
fn cases(n: u64) -> String {
    format!("{n} case{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1808_resolver::rfc3986::REGISTRY;

    fn told(ambiguity: &str, readings: &[&str]) -> Evidence {
        let a = REGISTRY.iter().find(|a| a.name == ambiguity).unwrap();
        Evidence {
            decided: vec![(
                a,
                a.readings
                    .iter()
                    .filter(|r| readings.contains(&r.name))
                    .collect(),
            )],
        }
    }

    #[test]
    fn agreeing_cases_follow_the_readings_they_share() {
        let mut f = Followed::default();
        f.observe(
            &Input::new("HTTP://A/b", "g"),
            &told("base-case", &["scheme-and-host"]),
        );
        f.observe(
            &Input::new("HTTP://a/b", "g"),
            &told("base-case", &["scheme", "scheme-and-host"]),
        );
        let v = f.verdicts(REGISTRY, &[]);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].readings()[0].name, "scheme-and-host");
        assert_eq!(v[0].cases(), 2);
        assert!(!v[0].inconsistent() && !v[0].fails_run());
        assert_eq!(v[0].describe(), "base-case=scheme-and-host (2 cases)");
    }

    #[test]
    fn disagreeing_cases_mix_readings_unless_the_expectations_allow_it() {
        let mut f = Followed::default();
        for base in ["HTTP://A/bb", "HTTP://A/b"] {
            f.observe(&Input::new(base, "g"), &told("base-case", &["kept"]));
        }
        f.observe(
            &Input::new("HTTP://A/b", "g"),
            &told("base-case", &["scheme-and-host"]),
        );
        let v = f.verdicts(REGISTRY, &[]);
        assert!(v[0].inconsistent() && v[0].fails_run());
        assert_eq!(v[0].groups[0].cases, 2);
        assert_eq!(v[0].groups[0].example.base, "HTTP://A/b", "the smallest");
        assert_eq!(
            v[0].describe(),
            "base-case: inconsistent: kept on 2 cases, e.g. \"g\" against \"HTTP://A/b\"; \
             scheme-and-host on 1 case, e.g. \"g\" against \"HTTP://A/b\"; list an \
             `[[inconsistent-reading]]` in its expectations to allow it"
        );
        let allowed = Inconsistent {
            ambiguity: "base-case".to_owned(),
            reason: "lower-cases some hosts".to_owned(),
            line: 3,
            versions: None,
        };
        let v = f.verdicts(REGISTRY, &[allowed]);
        assert!(!v[0].fails_run());
        assert!(v[0]
            .describe()
            .ends_with(" (allowed: lower-cases some hosts)"));
    }
}
