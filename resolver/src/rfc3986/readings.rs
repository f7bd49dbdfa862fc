//! The places where RFC 3986's resolution can be read more than one way, as
//! named readings: `NAME=VALUE` on the command line, a field here.

use std::fmt;

/// The readings RFC 3986 resolution runs under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    /// Section 5.2.2: whether a scheme in the reference that equals the
    /// base's is ignored. `same-scheme`.
    pub same_scheme: SameScheme,
}

/// Section 5.2.2: "A non-strict parser may ignore a scheme in the reference
/// if it is identical to the base URI's scheme." Section 5.4.2 prints both
/// answers: `"http:g" = "http:g" ; for strict parsers / "http://a/b/c/g" ;
/// for backward compatibility`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SameScheme {
    /// `strict`: the scheme makes the reference absolute (the default: the
    /// RFC says the loophole's "use should be avoided").
    #[default]
    Strict,
    /// `non-strict`: the scheme is dropped and the rest resolved against
    /// the base, "allowed for backward compatibility".
    NonStrict,
}

impl Readings {
    /// Every reading's name with its values, the default first.
    pub const TABLE: &'static [(&'static str, &'static [&'static str])] =
        &[("same-scheme", &["strict", "non-strict"])];

    /// Every combination of readings.
    pub fn all() -> Vec<Readings> {
        [SameScheme::Strict, SameScheme::NonStrict]
            .into_iter()
            .map(|same_scheme| Readings { same_scheme })
            .collect()
    }

    /// Sets one reading from `NAME=VALUE`.
    ///
    /// ```
    /// use rfc1808_resolver::rfc3986::{Readings, SameScheme};
    ///
    /// let mut readings = Readings::default();
    /// readings.set("same-scheme=non-strict").unwrap();
    /// assert_eq!(readings.same_scheme, SameScheme::NonStrict);
    /// assert_eq!(
    ///     readings.set("same-scheme=lax").unwrap_err().to_string(),
    ///     "rfc3986 has no reading `same-scheme=lax`: `same-scheme` is `strict` or `non-strict`"
    /// );
    /// ```
    pub fn set(&mut self, assignment: &str) -> Result<(), ReadingError> {
        let (name, value) = split_assignment("rfc3986", assignment, Self::TABLE)?;
        match (name, value) {
            ("same-scheme", "strict") => self.same_scheme = SameScheme::Strict,
            ("same-scheme", _) => self.same_scheme = SameScheme::NonStrict,
            _ => unreachable!("split_assignment checked `{name}={value}` against TABLE"),
        }
        Ok(())
    }
}

impl fmt::Display for Readings {
    /// The readings as `NAME=VALUE` words, as [`Readings::set`] takes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let same_scheme = match self.same_scheme {
            SameScheme::Strict => "strict",
            SameScheme::NonStrict => "non-strict",
        };
        write!(f, "same-scheme={same_scheme}")
    }
}

/// A `NAME=VALUE` that names no reading of a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingError {
    /// The spec the readings are of (`rfc3986`).
    pub spec: &'static str,
    /// What was given.
    pub assignment: String,
    /// Why it names no reading.
    pub kind: ReadingErrorKind,
}

/// Why a `NAME=VALUE` names no reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadingErrorKind {
    /// There is no `=`.
    NoEquals,
    /// No reading has this name; the names there are.
    UnknownName(Vec<&'static str>),
    /// The reading has no such value; the values it has.
    UnknownValue(&'static str, &'static [&'static str]),
}

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self {
            spec, assignment, ..
        } = self;
        match &self.kind {
            ReadingErrorKind::NoEquals => {
                write!(f, "`{assignment}` is not NAME=VALUE, a reading of {spec}")
            }
            ReadingErrorKind::UnknownName(names) => write!(
                f,
                "{spec} has no reading named in `{assignment}`: its readings are {}",
                quoted_list(names)
            ),
            ReadingErrorKind::UnknownValue(name, values) => write!(
                f,
                "{spec} has no reading `{assignment}`: `{name}` is {}",
                quoted_list(values)
            ),
        }
    }
}

impl std::error::Error for ReadingError {}

/// `a`, `a` or `b`, `a`, `b` or `c`.
fn quoted_list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// Splits `NAME=VALUE` and checks both against `table`, returning the
/// table's own strings.
pub(crate) fn split_assignment(
    spec: &'static str,
    assignment: &str,
    table: &'static [(&'static str, &'static [&'static str])],
) -> Result<(&'static str, &'static str), ReadingError> {
    let error = |kind| ReadingError {
        spec,
        assignment: assignment.to_owned(),
        kind,
    };
    let (name, value) = assignment
        .split_once('=')
        .ok_or_else(|| error(ReadingErrorKind::NoEquals))?;
    let Some(&(name, values)) = table.iter().find(|(n, _)| *n == name) else {
        let names = table.iter().map(|(n, _)| *n).collect();
        return Err(error(ReadingErrorKind::UnknownName(names)));
    };
    let Some(&value) = values.iter().find(|v| **v == value) else {
        return Err(error(ReadingErrorKind::UnknownValue(name, values)));
    };
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_round_trips_through_its_words() {
        assert_eq!(Readings::all().len(), 2);
        for readings in Readings::all() {
            let mut parsed = Readings::default();
            for word in readings.to_string().split(' ') {
                parsed.set(word).unwrap();
            }
            assert_eq!(parsed, readings);
        }
        assert_eq!(Readings::default().to_string(), "same-scheme=strict");
    }

    #[test]
    fn bad_assignments_say_what_there_is() {
        let mut readings = Readings::default();
        assert_eq!(
            readings.set("strict").unwrap_err().to_string(),
            "`strict` is not NAME=VALUE, a reading of rfc3986"
        );
        assert_eq!(
            readings.set("6g=kept").unwrap_err().to_string(),
            "rfc3986 has no reading named in `6g=kept`: its readings are `same-scheme`"
        );
        assert_eq!(readings, Readings::default());
    }
}
