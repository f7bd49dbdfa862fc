//! What the readings of RFC 3986 and RFC 2396 have in common: RFC 1808's
//! registry types (an [`Ambiguity`] with its [`Reading`]s, from
//! [`crate::readings`]) and the `NAME=VALUE,...` assignments checked against
//! a spec's registry.

use std::fmt;

pub use crate::readings::{Ambiguity, Reading};

/// An assignment of readings that a spec's registry does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingError {
    /// The spec (`rfc3986`, `rfc2396`).
    pub spec: &'static str,
    pub kind: ReadingErrorKind,
}

/// What is wrong with an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadingErrorKind {
    /// `NAME=VALUE` without the `=`.
    Malformed(String),
    /// No ambiguity has this name; the names there are.
    UnknownAmbiguity(String, Vec<&'static str>),
    /// The ambiguity has no reading of this name.
    UnknownReading(&'static Ambiguity, String),
    /// The same ambiguity twice in one assignment.
    Repeated(&'static str),
}

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = self.spec;
        let list = |names: &mut dyn Iterator<Item = &'static str>| {
            names
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &self.kind {
            ReadingErrorKind::Malformed(s) => {
                write!(f, "{spec}: `{s}` is not of the form `AMBIGUITY=READING`")
            }
            ReadingErrorKind::UnknownAmbiguity(name, names) => write!(
                f,
                "{spec}: unknown ambiguity `{name}`, expected one of {}",
                list(&mut names.iter().copied())
            ),
            ReadingErrorKind::UnknownReading(ambiguity, reading) => write!(
                f,
                "{spec}: ambiguity `{}` has no reading `{reading}`, expected one of {}",
                ambiguity.name,
                list(&mut ambiguity.readings.iter().map(|r| r.name))
            ),
            ReadingErrorKind::Repeated(name) => {
                write!(f, "{spec}: ambiguity `{name}` is given twice")
            }
        }
    }
}

impl std::error::Error for ReadingError {}

/// Checks `NAME=VALUE` against `registry`, returning the registry's entries.
pub(crate) fn parse_pair(
    spec: &'static str,
    registry: &'static [Ambiguity],
    pair: &str,
) -> Result<(&'static Ambiguity, &'static Reading), ReadingError> {
    let error = |kind| ReadingError { spec, kind };
    let (name, value) = pair
        .split_once('=')
        .ok_or_else(|| error(ReadingErrorKind::Malformed(pair.to_owned())))?;
    let (name, value) = (name.trim(), value.trim());
    let Some(ambiguity) = registry.iter().find(|a| a.name == name) else {
        let names = registry.iter().map(|a| a.name).collect();
        return Err(error(ReadingErrorKind::UnknownAmbiguity(
            name.to_owned(),
            names,
        )));
    };
    let reading = ambiguity.reading(value).ok_or_else(|| {
        error(ReadingErrorKind::UnknownReading(
            ambiguity,
            value.to_owned(),
        ))
    })?;
    Ok((ambiguity, reading))
}

/// Applies `NAME=VALUE[,NAME=VALUE...]` through `set`; the empty string sets
/// nothing.
pub(crate) fn parse_assignments(
    spec: &'static str,
    registry: &'static [Ambiguity],
    s: &str,
    mut set: impl FnMut(&'static str, &'static str),
) -> Result<(), ReadingError> {
    let mut seen: Vec<&'static str> = Vec::new();
    for pair in s.split(',').filter(|p| !p.trim().is_empty()) {
        let (ambiguity, reading) = parse_pair(spec, registry, pair)?;
        if seen.contains(&ambiguity.name) {
            return Err(ReadingError {
                spec,
                kind: ReadingErrorKind::Repeated(ambiguity.name),
            });
        }
        seen.push(ambiguity.name);
        set(ambiguity.name, reading.name);
    }
    Ok(())
}

/// The readings that differ from the registry's defaults, `get` giving the
/// chosen reading of each ambiguity.
/// Every combination of the readings of `registry`, the default first: each
/// ambiguity's other readings applied to every combination so far, in
/// registry order.
pub(crate) fn every<R: Copy + Default>(
    registry: &[Ambiguity],
    set: impl Fn(&mut R, &'static str, &'static str),
) -> Vec<R> {
    let mut all = vec![R::default()];
    for a in registry {
        let mut more = Vec::new();
        for r in &a.readings[1..] {
            for base in &all {
                let mut next = *base;
                set(&mut next, a.name, r.name);
                more.push(next);
            }
        }
        all.extend(more);
    }
    all
}

pub(crate) fn non_default(
    registry: &'static [Ambiguity],
    get: impl Fn(&str) -> Option<&'static str>,
) -> Vec<(&'static str, &'static str)> {
    registry
        .iter()
        .filter_map(|a| {
            let chosen = get(a.name).expect("every registry name is a field");
            (chosen != a.default_reading().name).then_some((a.name, chosen))
        })
        .collect()
}

/// `NAME=VALUE,...` of the non-default readings, or `default`.
pub(crate) fn display(pairs: &[(&str, &str)], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if pairs.is_empty() {
        return f.write_str("default");
    }
    let pairs: Vec<String> = pairs.iter().map(|(a, r)| format!("{a}={r}")).collect();
    f.write_str(&pairs.join(","))
}

/// Defines a reading enum whose variants are the readings of the named
/// ambiguity, in registry order (each spec's tests check the two lists are
/// the same).
macro_rules! reading_enum {
    (
        $(#[$meta:meta])*
        $ty:ident = $ambiguity:literal {
            $($(#[$vmeta:meta])* $variant:ident = $name:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum $ty {
            #[default]
            $($(#[$vmeta])* $variant,)+
        }

        impl $ty {
            /// The ambiguity's name in the registry.
            pub const AMBIGUITY: &'static str = $ambiguity;
            /// Every reading, the default first.
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)+];

            /// The reading's name in the registry.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// The reading called `name`.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use reading_enum;

/// Defines a spec's `Readings`: a field per ambiguity of its `REGISTRY`
/// (each of a [`reading_enum!`] type), set and read by name, every
/// combination, and `NAME=VALUE,...` parsed and printed. The module that
/// calls it has `REGISTRY`, and `fmt`, `FromStr`, `spec_readings` and
/// `ReadingError` in scope.
macro_rules! readings_struct {
    (
        $(#[$meta:meta])*
        $spec:literal { $($field:ident: $ty:ident,)+ }
    ) => {
        /// A choice of reading for every ambiguity of [`REGISTRY`];
        /// [`Readings::default`] is the project's.
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Readings {
            $(pub $field: $ty,)+
        }

        impl Readings {
            /// Sets the reading of the ambiguity `name` to `value`.
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), ReadingError> {
                let (_, reading) =
                    spec_readings::parse_pair($spec, REGISTRY, &format!("{name}={value}"))?;
                let registry = "parse_pair checked the value against the registry";
                match name {
                    $($ty::AMBIGUITY => {
                        self.$field = $ty::from_name(reading.name).expect(registry)
                    })+
                    _ => unreachable!("parse_pair checked `{name}` against the registry"),
                }
                Ok(())
            }

            /// The name of the reading chosen for the ambiguity `name`.
            pub fn get(&self, name: &str) -> Option<&'static str> {
                Some(match name {
                    $($ty::AMBIGUITY => self.$field.name(),)+
                    _ => return None,
                })
            }

            /// Every combination of readings, the default first.
            pub fn every() -> Vec<Readings> {
                spec_readings::every(REGISTRY, |readings: &mut Readings, a, r| {
                    readings.set(a, r).expect("names from the registry");
                })
            }

            /// The readings that differ from the default, as `NAME=VALUE`
            /// pairs in registry order.
            pub fn non_default(&self) -> Vec<(&'static str, &'static str)> {
                spec_readings::non_default(REGISTRY, |name| self.get(name))
            }

            /// How many ambiguities `other` reads otherwise.
            pub fn differences(&self, other: &Readings) -> usize {
                0 $(+ usize::from(self.$field != other.$field))+
            }

            /// The ambiguity of each field and how many readings its enum
            /// has, for [`spec_readings::check_registry`].
            #[cfg(test)]
            fn counts() -> Vec<(&'static str, usize)> {
                vec![$(($ty::AMBIGUITY, $ty::ALL.len()),)+]
            }
        }

        impl FromStr for Readings {
            type Err = ReadingError;

            /// `NAME=VALUE[,NAME=VALUE...]` over the defaults; the empty
            /// string is the defaults.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let mut readings = Readings::default();
                spec_readings::parse_assignments($spec, REGISTRY, s, |name, value| {
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
    };
}

pub(crate) use readings_struct;

/// The checks every spec's registry must pass, for its tests: kebab-case
/// names, no name twice, at least two readings each, the default readings
/// what `R::default()` holds, and every reading settable by name and read
/// back (`set` and `get` of the spec's `Readings`), and each ambiguity of
/// `counts` (an enum's `AMBIGUITY` and how many values it has) in the
/// registry with as many readings, and no other.
#[cfg(test)]
pub(crate) fn check_registry<R: Default, E: fmt::Debug>(
    registry: &'static [Ambiguity],
    set: impl Fn(&mut R, &str, &str) -> Result<(), E>,
    get: impl Fn(&R, &str) -> Option<&'static str>,
    counts: &[(&str, usize)],
) {
    assert_eq!(counts.len(), registry.len());
    for &(name, n) in counts {
        let a = registry.iter().find(|a| a.name == name).unwrap();
        assert_eq!(a.readings.len(), n, "{name}");
    }
    let kebab = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|c| c.is_ascii_lowercase() || c == b'-' || c.is_ascii_digit())
    };
    for (i, a) in registry.iter().enumerate() {
        assert!(kebab(a.name), "{}", a.name);
        assert!(registry[..i].iter().all(|b| b.name != a.name));
        assert!(a.readings.len() >= 2, "{}", a.name);
        assert_eq!(
            get(&R::default(), a.name),
            Some(a.default_reading().name),
            "{}",
            a.name
        );
        for (j, r) in a.readings.iter().enumerate() {
            assert!(kebab(r.name), "{}", r.name);
            assert!(a.readings[..j].iter().all(|s| s.name != r.name));
            let mut readings = R::default();
            set(&mut readings, a.name, r.name).unwrap();
            assert_eq!(get(&readings, a.name), Some(r.name));
        }
    }
}

/// Every choice of `every` prints as an assignment that parses back to it
/// (the default choice prints as `default`, and the empty assignment is
/// it).
#[cfg(test)]
pub(crate) fn check_round_trip<R>(every: impl IntoIterator<Item = R>)
where
    R: fmt::Display + std::str::FromStr + PartialEq + fmt::Debug,
    R::Err: fmt::Debug,
{
    for readings in every {
        let text = readings.to_string();
        let again = if text == "default" {
            String::new()
        } else {
            text
        };
        assert_eq!(again.parse::<R>().unwrap(), readings);
    }
}
