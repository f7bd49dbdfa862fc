//! The places where RFC 1808 can be read more than one way: each is an
//! [`Ambiguity`] with a stable name, its readings, the RFC sentence behind
//! each reading, and the reading this project takes by default and why.
//!
//! [`REGISTRY`] is the one list. The resolver runs under any choice of
//! readings ([`Readings`], passed to [`crate::resolve_with`]); the vector
//! loader checks the reading names a vector uses against the registry;
//! `docs/readings.md` is generated from it and the vectors (a test of
//! `rfc1808-vectors` fails when the file differs).
//!
//! ```
//! use rfc1808_resolver::{resolve, resolve_with, Readings};
//!
//! let base = "http://a/b/c/d;p?q#f";
//! assert_eq!(resolve(base, "g#"), "http://a/b/c/g#");
//! let literal: Readings = "empty-component=absent".parse().unwrap();
//! assert_eq!(resolve_with(base, "g#", literal), "http://a/b/c/g");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::spec_readings::reading_enum;

/// One place where the RFC can be read more than one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// Kebab-case and stable: vectors, expectation files and reports use it.
    pub name: &'static str,
    /// The question, with an example.
    pub question: &'static str,
    /// The sections of RFC 1808 it concerns.
    pub sections: &'static str,
    /// Every reading; the first is the project's default.
    pub readings: &'static [Reading],
    /// Why the default is the default.
    pub why_default: &'static str,
}

/// One way to read an [`Ambiguity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Kebab-case and stable, unique within its ambiguity.
    pub name: &'static str,
    /// What an implementation that reads it this way does, with an example.
    pub meaning: &'static str,
    /// The RFC sentence that supports it, quoted, with its section.
    pub support: &'static str,
}

impl Ambiguity {
    /// The project's default reading.
    pub fn default_reading(&self) -> &'static Reading {
        &self.readings[0]
    }

    /// The reading called `name`.
    pub fn reading(&self, name: &str) -> Option<&'static Reading> {
        self.readings.iter().find(|r| r.name == name)
    }
}

/// The ambiguity called `name`.
pub fn ambiguity(name: &str) -> Option<&'static Ambiguity> {
    REGISTRY.iter().find(|a| a.name == name)
}

/// Every ambiguity of RFC 1808 sections 2.4 and 4 that changes an answer.
pub const REGISTRY: &[Ambiguity] = &[
    Ambiguity {
        name: "empty-component",
        question: "A `#`, `?` or `;` with nothing after it (`g#`, `g?`, `g;`): is it a \
                   component that is there and empty, written back with its delimiter, or \
                   no component at all?",
        sections: "2.2, 2.4.1, 2.4.4, 2.4.5, 4 (Step 7)",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The component is there, empty. Steps 3 and 5 treat it as empty (it is \
                          replaced by the base's), but one the result keeps from the embedded \
                          URL is written back with its delimiter: `g#` gives \
                          `http://a/b/c/g#`, `g?` gives `http://a/b/c/g?`.",
                support: "Section 2.2: `URL = ( absoluteURL | relativeURL ) [ \"#\" fragment ]` \
                          with `fragment = *( uchar | reserved )`, and likewise `[ \"?\" query ]` \
                          and `[ \";\" params ]`: the delimiter followed by nothing is a \
                          fragment, query or params of its own; Step 7 recombines \"the \
                          resulting URL components\".",
            },
            Reading {
                name: "absent",
                meaning: "Empty is empty: the component is gone with its delimiter, in the \
                          base and in the embedded URL. `g#` gives `http://a/b/c/g`, `#` gives \
                          `http://a/b/c/d;p?q`, `;x?` gives `http://a/b/c/d;x`.",
                support: "Section 2.4.1: \"If the crosshatch is the last character, or no \
                          crosshatch is present, then the fragment identifier is empty. The \
                          matched substring, including the crosshatch character, is removed \
                          from the parse string\" (2.4.4 and 2.4.5 say the same of `?` and \
                          `;`): one word for both cases, and unlike the slash of 2.4.6 the \
                          parser is not told to remember the delimiter.",
            },
        ],
        why_default: "The BNF gives the delimiter with nothing after it a component of its own, \
                      so a parsed URL recombines into the string it came from; RFC 3986 \
                      (section 5.3) later wrote it down: a defined query or fragment is \
                      written with its delimiter, empty or not.",
    },
    Ambiguity {
        name: "entirely-empty",
        question: "Step 2a's \"entirely empty\" embedded URL: only the empty string, or any URL \
                   whose parsed components are all empty (`#`, `?`, `;`, `;?`, `//`)?",
        sections: "4 (Step 2a), 5.2",
        readings: &[
            Reading {
                name: "string",
                meaning: "Only the empty string inherits the entire base. `#` goes on to \
                          Step 5 and keeps its own fragment: `http://a/b/c/d;p?q#` (or \
                          `http://a/b/c/d;p?q` under `empty-component=absent`).",
                support: "Section 5.2: \"An empty reference resolves to the complete base URL: \
                          <> = <URL:http://a/b/c/d;p?q#f>\", the RFC's one example of Step 2a.",
            },
            Reading {
                name: "components",
                meaning: "Step 2a is judged on the parsed components: a URL whose every \
                          component is empty, with no slash before its path, is the base \
                          URL, fragment included. `#`, `?`, `;`, `;?` and `//` all give \
                          `http://a/b/c/d;p?q#f`.",
                support: "Section 4, Step 2: \"Both the base and embedded URLs are parsed into \
                          their component parts as described in Section 2.4. a) If the embedded \
                          URL is entirely empty, it inherits the entire base URL\": 2a comes \
                          after parsing, and section 2.4 calls each component of `#` empty.",
            },
        ],
        why_default: "The RFC's only example of Step 2a is the empty reference, and the later \
                      RFCs make `#` keep its own fragment; the components reading gives `#` \
                      the base's fragment, which section 4 says happens only \"when the entire \
                      embedded URL is empty\", a phrase about the whole string.",
    },
    Ambiguity {
        name: "inherit-if-any",
        question: "Steps 3 and 5 inherit the base's net_loc, params or query \"(if any)\": when \
                   the embedded URL's own is there but empty (`//`, `;`, `?`) and the base has \
                   none, which is left? (`http://a/b` + `?`)",
        sections: "4 (Steps 3, 5a, 5b)",
        readings: &[
            Reading {
                name: "replace",
                meaning: "Inheriting sets the component equal to the base's, absence \
                          included: `http://a/b` + `?` gives `http://a/b`; `foo:/a` + \
                          `////g` gives `foo://g`.",
                support: "Section 4, Step 5a: \"otherwise, it inherits the <params> of the base \
                          URL (if any)\": the embedded URL's component becomes the base's, as \
                          Step 2a's \"inherits the entire base URL (i.e., is set equal to the \
                          base URL)\" spells out for the whole URL.",
            },
            Reading {
                name: "keep-own",
                meaning: "When the base has no such component there is nothing to inherit, and \
                          the embedded URL keeps its own empty one: `http://a/b` + `?` gives \
                          `http://a/b?`; `foo:/a` + `////g` gives `foo:////g`. (Only under \
                          `empty-component=kept` is there an empty one to keep.)",
                support: "Section 4, Step 3: \"Otherwise, the embedded URL inherits the \
                          <net_loc> (if any) of the base URL\": \"(if any)\" admits that there \
                          may be nothing to inherit, and says nothing of removing what the \
                          embedded URL has.",
            },
        ],
        why_default: "Inheriting replaces the component wholesale, as Step 2a defines \
                      inheriting; the answer then depends on the base, not on whether the \
                      base happened to lack the component.",
    },
    Ambiguity {
        name: "empty-net-loc",
        question: "A net_loc that is there but empty in the result, inherited from a base such \
                   as `file:///a/b`: is `//` written (`file:///a/g`) or dropped (`file:/a/g`)?",
        sections: "2.2, 2.4.3, 4 (Steps 3, 7)",
        readings: &[
            Reading {
                name: "kept",
                meaning: "The empty net_loc is a component and Step 7 writes it: `file:///a/b` + \
                          `g` gives `file:///a/g`.",
                support: "Section 2.2: `net_path = \"//\" net_loc [ abs_path ]` with `net_loc = \
                          *( pchar | \";\" | \"?\" )`: a net_loc may be empty; Step 3: \"the \
                          embedded URL inherits the <net_loc> (if any) of the base URL\".",
            },
            Reading {
                name: "dropped",
                meaning: "An empty net_loc is no net_loc, and Step 7 writes none: `file:///a/b` \
                          + `g` gives `file:/a/g`.",
                support: "Section 4, Step 3: \"If the embedded URL's <net_loc> is non-empty, we \
                          skip to Step 7. Otherwise...\": the RFC treats an empty net_loc as \
                          it treats a missing one.",
            },
        ],
        why_default: "It keeps the base's own form (a `file:///` base stays one), and \
                      `file:/a/g` re-parses with no net_loc at all.",
    },
    Ambiguity {
        name: "escaped-dots",
        question: "Is an escaped dot (`%2e` or `%2E`) a dot to Step 6: does `%2e%2e/g` climb \
                   a segment? RFC 1808 itself says nothing about it.",
        sections: "4 (Step 6); RFC 1738 section 2.2",
        readings: &[
            Reading {
                name: "literal",
                meaning: "Step 6 matches the characters `.` and `..`; `%2e%2e` is a segment \
                          like any other: `%2e%2e/g` gives `http://a/b/c/%2e%2e/g`.",
                support: "Section 4, Step 6a: \"All occurrences of \"./\", where \".\" is a \
                          complete path segment, are removed\": the patterns are strings of \
                          characters, and RFC 1738 section 2.2, which section 2.1 refers to, \
                          says \"The interpretation of a URL depends only on the identity of \
                          the characters used.\"",
            },
            Reading {
                name: "decoded",
                meaning: "A segment made of dots, escaped or not (`%2e`, `.%2E`), is `.` or \
                          `..` to Step 6, and is written as such when it stays: `%2e%2e/g` \
                          gives `http://a/b/g`.",
                support: "RFC 1738 section 2.2: \"octets may be encoded by a character triplet \
                          consisting of the character \"%\" followed by the two hexadecimal \
                          digits\": `%2e` is the octet of `.`, written another way.",
            },
        ],
        why_default: "RFC 1808 is silent, so the project pins the answer its Step 6 gives when \
                      applied to the characters as written; decoding is the WHATWG URL \
                      Standard's rule, not RFC 1808's.",
    },
];

reading_enum! {
    /// `empty-component`: a trailing `#`, `?` or `;`.
    EmptyComponent = "empty-component" {
        /// There, empty, written back with its delimiter (the default).
        Kept = "kept",
        /// No component at all.
        Absent = "absent",
    }
}

reading_enum! {
    /// `entirely-empty`: what Step 2a calls entirely empty.
    EntirelyEmpty = "entirely-empty" {
        /// The empty string (the default).
        String = "string",
        /// A URL whose parsed components are all empty.
        Components = "components",
    }
}

reading_enum! {
    /// `inherit-if-any`: Steps 3 and 5 when the base lacks the component.
    InheritIfAny = "inherit-if-any" {
        /// The base's absence replaces the embedded URL's empty component (the default).
        Replace = "replace",
        /// The embedded URL keeps its own empty component.
        KeepOwn = "keep-own",
    }
}

reading_enum! {
    /// `empty-net-loc`: an empty net_loc in the result.
    EmptyNetLoc = "empty-net-loc" {
        /// Written as `//` (the default).
        Kept = "kept",
        /// Not written.
        Dropped = "dropped",
    }
}

reading_enum! {
    /// `escaped-dots`: `%2e` in a dot segment.
    EscapedDots = "escaped-dots" {
        /// Not a dot (the default).
        Literal = "literal",
        /// A dot.
        Decoded = "decoded",
    }
}

/// A choice of reading for every ambiguity; [`Readings::default`] is the
/// project's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Readings {
    pub empty_component: EmptyComponent,
    pub entirely_empty: EntirelyEmpty,
    pub inherit_if_any: InheritIfAny,
    pub empty_net_loc: EmptyNetLoc,
    pub escaped_dots: EscapedDots,
}

/// A reading name that the registry does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadingError {
    /// `NAME=VALUE` without the `=`.
    Malformed(String),
    /// No ambiguity has this name.
    UnknownAmbiguity(String),
    /// The ambiguity has no reading of this name.
    UnknownReading {
        ambiguity: &'static str,
        reading: String,
    },
    /// The same ambiguity twice in one assignment.
    Repeated(&'static str),
}

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |names: &mut dyn Iterator<Item = &'static str>| {
            names
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            ReadingError::Malformed(s) => {
                write!(f, "`{s}` is not of the form `AMBIGUITY=READING`")
            }
            ReadingError::UnknownAmbiguity(name) => write!(
                f,
                "unknown ambiguity `{name}`, expected one of {}",
                names(&mut REGISTRY.iter().map(|a| a.name))
            ),
            ReadingError::UnknownReading { ambiguity, reading } => {
                let a = self::ambiguity(ambiguity).expect("named from the registry");
                write!(
                    f,
                    "ambiguity `{ambiguity}` has no reading `{reading}`, expected one of {}",
                    names(&mut a.readings.iter().map(|r| r.name))
                )
            }
            ReadingError::Repeated(name) => write!(f, "ambiguity `{name}` is given twice"),
        }
    }
}

impl std::error::Error for ReadingError {}

/// One `NAME=VALUE` pair, checked against the registry.
pub fn parse_pair(pair: &str) -> Result<(&'static Ambiguity, &'static Reading), ReadingError> {
    let (name, value) = pair
        .split_once('=')
        .ok_or_else(|| ReadingError::Malformed(pair.to_owned()))?;
    let (name, value) = (name.trim(), value.trim());
    let a = ambiguity(name).ok_or_else(|| ReadingError::UnknownAmbiguity(name.to_owned()))?;
    let r = a
        .reading(value)
        .ok_or_else(|| ReadingError::UnknownReading {
            ambiguity: a.name,
            reading: value.to_owned(),
        })?;
    Ok((a, r))
}

impl Readings {
    /// Sets the reading of the ambiguity `name` to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ReadingError> {
        let unknown = |ambiguity: &'static str| ReadingError::UnknownReading {
            ambiguity,
            reading: value.to_owned(),
        };
        macro_rules! set {
            ($field:ident: $ty:ident) => {
                self.$field = $ty::from_name(value).ok_or_else(|| unknown($ty::AMBIGUITY))?
            };
        }
        match name {
            EmptyComponent::AMBIGUITY => set!(empty_component: EmptyComponent),
            EntirelyEmpty::AMBIGUITY => set!(entirely_empty: EntirelyEmpty),
            InheritIfAny::AMBIGUITY => set!(inherit_if_any: InheritIfAny),
            EmptyNetLoc::AMBIGUITY => set!(empty_net_loc: EmptyNetLoc),
            EscapedDots::AMBIGUITY => set!(escaped_dots: EscapedDots),
            _ => return Err(ReadingError::UnknownAmbiguity(name.to_owned())),
        }
        Ok(())
    }

    /// The name of the reading chosen for the ambiguity `name`.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        Some(match name {
            EmptyComponent::AMBIGUITY => self.empty_component.name(),
            EntirelyEmpty::AMBIGUITY => self.entirely_empty.name(),
            InheritIfAny::AMBIGUITY => self.inherit_if_any.name(),
            EmptyNetLoc::AMBIGUITY => self.empty_net_loc.name(),
            EscapedDots::AMBIGUITY => self.escaped_dots.name(),
            _ => return None,
        })
    }

    /// Every combination of readings, the default first: what the tests
    /// run the resolver under.
    pub fn every() -> Vec<Readings> {
        crate::spec_readings::every(REGISTRY, |readings: &mut Readings, a, r| {
            readings.set(a, r).expect("names from the registry");
        })
    }

    /// How many ambiguities `other` reads otherwise.
    pub fn differences(&self, other: &Readings) -> usize {
        [
            self.empty_component != other.empty_component,
            self.entirely_empty != other.entirely_empty,
            self.inherit_if_any != other.inherit_if_any,
            self.empty_net_loc != other.empty_net_loc,
            self.escaped_dots != other.escaped_dots,
        ]
        .into_iter()
        .filter(|&d| d)
        .count()
    }

    /// The readings that differ from the default, as `NAME=VALUE` pairs in
    /// registry order.
    pub fn non_default(&self) -> Vec<(&'static str, &'static str)> {
        REGISTRY
            .iter()
            .filter_map(|a| {
                let chosen = self.get(a.name).expect("every registry name is a field");
                (chosen != a.default_reading().name).then_some((a.name, chosen))
            })
            .collect()
    }
}

impl FromStr for Readings {
    type Err = ReadingError;

    /// `NAME=VALUE[,NAME=VALUE...]` over the defaults; the empty string is
    /// the defaults.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut readings = Readings::default();
        let mut seen: Vec<&'static str> = Vec::new();
        for pair in s.split(',').filter(|p| !p.trim().is_empty()) {
            let (a, r) = parse_pair(pair)?;
            if seen.contains(&a.name) {
                return Err(ReadingError::Repeated(a.name));
            }
            seen.push(a.name);
            readings.set(a.name, r.name)?;
        }
        Ok(readings)
    }
}

impl fmt::Display for Readings {
    /// The non-default readings as `NAME=VALUE,...`, or `default`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.non_default();
        if pairs.is_empty() {
            return f.write_str("default");
        }
        let pairs: Vec<String> = pairs.iter().map(|(a, r)| format!("{a}={r}")).collect();
        f.write_str(&pairs.join(","))
    }
}

/// Every answer `embedded` resolves to against `base` under some choice of
/// readings, the default readings' first, each once: what a generated case
/// with no vector accepts.
pub fn every_answer(base: &str, embedded: &str) -> Vec<String> {
    let mut answers: Vec<String> = Vec::new();
    for readings in Readings::every() {
        let answer = crate::resolve_with(base, embedded, readings);
        if !answers.contains(&answer) {
            answers.push(answer);
        }
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_count_the_ambiguities_read_otherwise() {
        // The fuzzer's neighbours of a reading are the readings one
        // difference away.
        let default = Readings::default();
        assert_eq!(default.differences(&default), 0);
        let otherwise = |from: Readings, a: &Ambiguity| {
            a.readings.iter().find_map(|r| {
                let mut other = from;
                other.set(a.name, r.name).unwrap();
                (other.get(a.name) != from.get(a.name)).then_some(other)
            })
        };
        for (i, a) in REGISTRY.iter().enumerate() {
            let one = otherwise(default, a).expect("two readings at least");
            assert_eq!(default.differences(&one), 1, "{}", a.name);
            assert_eq!(one.differences(&default), 1, "{}", a.name);
            for b in &REGISTRY[i + 1..] {
                let two = otherwise(one, b).expect("two readings at least");
                assert_eq!(default.differences(&two), 2, "{} {}", a.name, b.name);
            }
        }
    }

    #[test]
    fn the_enums_are_the_registry() {
        // Every registry reading sets, and reads back, through `Readings`,
        // and the defaults agree: the enums and the registry cannot drift.
        // The names are kebab-case and unique.
        crate::spec_readings::check_registry(
            REGISTRY,
            Readings::set,
            Readings::get,
            &[
                (EmptyComponent::AMBIGUITY, EmptyComponent::ALL.len()),
                (EntirelyEmpty::AMBIGUITY, EntirelyEmpty::ALL.len()),
                (InheritIfAny::AMBIGUITY, InheritIfAny::ALL.len()),
                (EmptyNetLoc::AMBIGUITY, EmptyNetLoc::ALL.len()),
                (EscapedDots::AMBIGUITY, EscapedDots::ALL.len()),
            ],
        );
        assert_eq!(
            Readings::every().len(),
            REGISTRY.iter().map(|a| a.readings.len()).product::<usize>()
        );
    }

    #[test]
    fn assignments_parse_and_print() {
        let r: Readings = "empty-component=absent, entirely-empty=components"
            .parse()
            .unwrap();
        assert_eq!(r.empty_component, EmptyComponent::Absent);
        assert_eq!(r.entirely_empty, EntirelyEmpty::Components);
        assert_eq!(
            r.to_string(),
            "empty-component=absent,entirely-empty=components"
        );
        assert_eq!(Readings::default().to_string(), "default");
        assert_eq!("".parse::<Readings>(), Ok(Readings::default()));
    }

    #[test]
    fn every_answer_lists_each_reading_answer_once_default_first() {
        assert_eq!(
            every_answer("http://a/b/c/d;p?q#f", "#"),
            [
                "http://a/b/c/d;p?q#",
                "http://a/b/c/d;p?q",
                "http://a/b/c/d;p?q#f"
            ]
        );
        assert_eq!(
            every_answer("http://a/b/c/d;p?q#f", "../g"),
            ["http://a/b/g"]
        );
    }

    #[test]
    fn bad_assignments_say_what_is_allowed() {
        let err = |s: &str| s.parse::<Readings>().unwrap_err().to_string();
        assert_eq!(
            err("empty-component"),
            "`empty-component` is not of the form `AMBIGUITY=READING`"
        );
        assert_eq!(
            err("empty-components=absent"),
            "unknown ambiguity `empty-components`, expected one of `empty-component`, \
             `entirely-empty`, `inherit-if-any`, `empty-net-loc`, `escaped-dots`"
        );
        assert_eq!(
            err("empty-component=gone"),
            "ambiguity `empty-component` has no reading `gone`, expected one of `kept`, `absent`"
        );
        assert_eq!(
            err("escaped-dots=decoded,escaped-dots=literal"),
            "ambiguity `escaped-dots` is given twice"
        );
    }
}
