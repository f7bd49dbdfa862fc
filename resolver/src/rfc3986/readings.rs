//! The places where RFC 3986's resolution can be read more than one way:
//! [`REGISTRY`], in the shape of RFC 1808's registry, and the [`Readings`]
//! the resolver runs under.

use std::fmt;
use std::str::FromStr;

use crate::spec_readings::{self, reading_enum, Ambiguity, Reading, ReadingError};

/// Every ambiguity of RFC 3986 section 5.2 that changes an answer.
pub const REGISTRY: &[Ambiguity] = &[Ambiguity {
    name: "same-scheme",
    question: "A reference whose scheme is the base's (`http:g` against `http://a/b/c/d;p?q`): \
               is it absolute, or is the scheme ignored and the rest resolved?",
    sections: "5.2.2, 5.4.2",
    readings: &[
        Reading {
            name: "strict",
            meaning: "The scheme makes the reference absolute: `http:g` gives `http:g`.",
            support: "Section 5.4.2: \"\"http:g\" = \"http:g\" ; for strict parsers\"; section \
                      5.2.2: \"if defined(R.scheme) then T.scheme = R.scheme\".",
        },
        Reading {
            name: "non-strict",
            meaning: "A scheme equal to the base's, ignoring case, is dropped and the rest \
                      resolved: `http:g` gives `http://a/b/c/g`.",
            support: "Section 5.2.2: \"A non-strict parser may ignore a scheme in the reference \
                      if it is identical to the base URI's scheme.\"; section 5.4.2: \
                      \"/ \"http://a/b/c/g\" ; for backward compatibility\".",
        },
    ],
    why_default: "Section 5.4.2 calls the same-scheme form \"a loophole in prior specifications \
                  of partial URI\" whose \"use should be avoided\"; strict is the pseudocode \
                  without its optional branch.",
}];

reading_enum! {
    /// `same-scheme`: section 5.2.2's strict and non-strict parsers.
    SameScheme = "same-scheme" {
        /// The scheme makes the reference absolute (the default).
        Strict = "strict",
        /// A scheme equal to the base's is ignored.
        NonStrict = "non-strict",
    }
}

/// A choice of reading for every ambiguity of [`REGISTRY`];
/// [`Readings::default`] is the project's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    pub same_scheme: SameScheme,
}

impl Readings {
    /// Sets the reading of the ambiguity `name` to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ReadingError> {
        let (_, reading) =
            spec_readings::parse_pair("rfc3986", REGISTRY, &format!("{name}={value}"))?;
        match name {
            SameScheme::AMBIGUITY => {
                self.same_scheme = SameScheme::from_name(reading.name).expect("registry")
            }
            _ => unreachable!("parse_pair checked `{name}` against the registry"),
        }
        Ok(())
    }

    /// The name of the reading chosen for the ambiguity `name`.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        Some(match name {
            SameScheme::AMBIGUITY => self.same_scheme.name(),
            _ => return None,
        })
    }

    /// Every combination of readings, the default first.
    pub fn every() -> Vec<Readings> {
        SameScheme::ALL
            .iter()
            .map(|&same_scheme| Readings { same_scheme })
            .collect()
    }

    /// The readings that differ from the default, as `NAME=VALUE` pairs in
    /// registry order.
    pub fn non_default(&self) -> Vec<(&'static str, &'static str)> {
        spec_readings::non_default(REGISTRY, |name| self.get(name))
    }
}

impl FromStr for Readings {
    type Err = ReadingError;

    /// `NAME=VALUE[,NAME=VALUE...]` over the defaults; the empty string is
    /// the defaults.
    ///
    /// ```
    /// use rfc1808_resolver::rfc3986::{Readings, SameScheme};
    ///
    /// let readings: Readings = "same-scheme=non-strict".parse().unwrap();
    /// assert_eq!(readings.same_scheme, SameScheme::NonStrict);
    /// assert_eq!(
    ///     "same-scheme=lax".parse::<Readings>().unwrap_err().to_string(),
    ///     "rfc3986: ambiguity `same-scheme` has no reading `lax`, expected one of `strict`, `non-strict`"
    /// );
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut readings = Readings::default();
        spec_readings::parse_assignments("rfc3986", REGISTRY, s, |name, value| {
            readings
                .set(name, value)
                .expect("checked against the registry")
        })?;
        Ok(readings)
    }
}

impl fmt::Display for Readings {
    /// The non-default readings as `NAME=VALUE,...`, or `default`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        spec_readings::display(&self.non_default(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enums_are_the_registry() {
        spec_readings::check_registry(REGISTRY, |name| Readings::default().get(name));
        for a in REGISTRY {
            for r in a.readings {
                let mut x = Readings::default();
                x.set(a.name, r.name).unwrap();
                assert_eq!(x.get(a.name), Some(r.name));
            }
        }
        assert_eq!(SameScheme::ALL.len(), REGISTRY[0].readings.len());
        assert_eq!(Readings::every().len(), 2);
        assert_eq!(Readings::every()[0], Readings::default());
    }

    #[test]
    fn assignments_parse_and_print() {
        for readings in Readings::every() {
            let text = readings.to_string();
            let again = if text == "default" {
                String::new()
            } else {
                text
            };
            assert_eq!(again.parse::<Readings>(), Ok(readings));
        }
        assert_eq!(Readings::default().to_string(), "default");
    }

    #[test]
    fn bad_assignments_say_what_is_allowed() {
        let err = |s: &str| s.parse::<Readings>().unwrap_err().to_string();
        assert_eq!(
            err("strict"),
            "rfc3986: `strict` is not of the form `AMBIGUITY=READING`"
        );
        assert_eq!(
            err("above-root=kept"),
            "rfc3986: unknown ambiguity `above-root`, expected one of `same-scheme`"
        );
        assert_eq!(
            err("same-scheme=strict,same-scheme=non-strict"),
            "rfc3986: ambiguity `same-scheme` is given twice"
        );
    }
}
