//! The specs of relative resolution the reference resolves by, each
//! described once, here: its name on the command line and in vector files,
//! its registry of readings, its grammar, its two versions of the
//! algorithm, and [`Reference`], the spec's resolver under one choice of its
//! readings. Every caller above asks here; what differs between specs is
//! the data of one table here, not a `match` in a caller.
//!
//! ```
//! use rfc1808_resolver::spec::{Reference, Spec};
//!
//! let spec: Spec = "rfc2396".parse().unwrap();
//! assert_eq!(spec.title(), "RFC 2396");
//! let mut reference = Reference::defaults(spec);
//! reference.set("above-root", "error").unwrap();
//! assert!(reference.resolve("http://a/b/c/d;p?q", "../../../g").is_err());
//! ```

mod explain;
pub mod grammar;
mod reference;
mod stage;

use crate::readings::Ambiguity;
use crate::{readings, rfc2396, rfc3986, whatwg};

pub use reference::{Reference, Resolved};
pub use stage::{Branch, Rfc2396Step, Stage};

/// A specification of relative resolution that the reference resolves by
/// and that vectors give answers for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spec {
    /// RFC 1808, sections 2.4 and 4: the default, and every vector's.
    #[default]
    Rfc1808,
    /// RFC 2396, section 5.2.
    Rfc2396,
    /// RFC 3986, section 5.2.
    Rfc3986,
    /// The WHATWG URL Standard's basic URL parser with a base, at
    /// [`whatwg::COMMIT`].
    Whatwg,
}

/// What a spec says about itself.
struct Info {
    name: &'static str,
    title: &'static str,
    registry: &'static [Ambiguity],
    /// The page of the docs on its readings.
    readings_doc: &'static str,
    /// Where the registry is, under `resolver/src`.
    registry_file: &'static str,
    /// How a user resolves under chosen readings, for `docs/readings*.md`.
    api: &'static str,
    /// What the spec says of normalizing the base before resolving.
    base_normalization: Option<&'static str>,
    /// The two versions of its algorithm (`Step6::SegmentStack` and
    /// `Step6::StringPattern`), named as reports name them; a spec with one
    /// algorithm names it twice.
    versions: [&'static str; 2],
    /// Where its algorithm writes the components back into a URL.
    recomposition: &'static str,
    /// The grammar outside which it leaves a case undefined, if any.
    grammar: Option<&'static str>,
}

const RFC1808: Info = Info {
    readings_doc: "docs/readings.md",
    name: "rfc1808",
    title: "RFC 1808",
    registry: readings::REGISTRY,
    registry_file: "readings.rs",
    api: "`rfc1808 resolve --reading NAME=VALUE`; \
          `rfc1808_resolver::resolve_with(base, relative, readings)`",
    base_normalization: None,
    versions: ["the segment stack", "the string patterns"],
    recomposition: "Step 6",
    grammar: None,
};

const RFC2396: Info = Info {
    readings_doc: "docs/readings-rfc2396.md",
    name: "rfc2396",
    title: "RFC 2396",
    registry: rfc2396::REGISTRY,
    registry_file: "rfc2396/readings.rs",
    api: "`rfc1808_resolver::rfc2396::resolve_with(base, reference, readings, step6)`",
    base_normalization: Some(rfc2396::BASE_NORMALIZATION),
    versions: ["the segment stack", "the string patterns"],
    recomposition: "5.2 step 7",
    grammar: Some("RFC 3986 section 4.1"),
};

const RFC3986: Info = Info {
    readings_doc: "docs/readings-rfc3986.md",
    name: "rfc3986",
    title: "RFC 3986",
    registry: rfc3986::REGISTRY,
    registry_file: "rfc3986/readings.rs",
    api: "`rfc1808_resolver::rfc3986::resolve_with(base, reference, readings, dots)`",
    base_normalization: Some(rfc3986::BASE_NORMALIZATION),
    versions: [
        "the linear remove_dot_segments",
        "the buffers of section 5.2.4",
    ],
    recomposition: "5.3",
    grammar: Some("RFC 3986 section 4.1"),
};

const WHATWG: Info = Info {
    readings_doc: "docs/whatwg.md",
    name: "whatwg",
    title: "the URL Standard",
    registry: whatwg::REGISTRY,
    registry_file: "whatwg/mod.rs",
    api: "`rfc1808_resolver::whatwg::resolve(base, input)`",
    base_normalization: None,
    versions: ["the basic URL parser", "the basic URL parser"],
    recomposition: "the URL serializer",
    grammar: None,
};

impl Spec {
    /// Every spec, RFC 1808 first.
    pub const ALL: [Spec; 4] = [Spec::Rfc1808, Spec::Rfc2396, Spec::Rfc3986, Spec::Whatwg];

    fn info(self) -> &'static Info {
        match self {
            Spec::Rfc1808 => &RFC1808,
            Spec::Rfc2396 => &RFC2396,
            Spec::Rfc3986 => &RFC3986,
            Spec::Whatwg => &WHATWG,
        }
    }

    /// The key used in vector files and on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// How reports write it: `RFC 3986` for `rfc3986`.
    pub fn title(self) -> String {
        self.info().title.to_owned()
    }

    /// The ambiguities of the spec, each with its named readings.
    pub fn registry(self) -> &'static [Ambiguity] {
        self.info().registry
    }

    /// The page of the docs that describes its readings.
    pub fn readings_doc(self) -> &'static str {
        self.info().readings_doc
    }

    /// The file of [`Spec::registry`], under `resolver/src`.
    pub fn registry_file(self) -> &'static str {
        self.info().registry_file
    }

    /// How a user of the crate or the command resolves under readings.
    pub fn api(self) -> &'static str {
        self.info().api
    }

    /// What the spec says of normalizing the base, where it says something.
    pub fn base_normalization(self) -> Option<&'static str> {
        self.info().base_normalization
    }

    /// The names of the two versions of its algorithm: the one
    /// `Step6::SegmentStack` chooses, then `Step6::StringPattern`'s.
    pub fn versions(self) -> [&'static str; 2] {
        self.info().versions
    }

    /// Where its algorithm writes the components back into a URL: `5.3`
    /// under RFC 3986.
    pub fn recomposition(self) -> &'static str {
        self.info().recomposition
    }

    /// The grammar outside which the spec leaves a case undefined
    /// ([`Spec::undefined`]): RFC 3986's section 4.1 under RFC 2396 and
    /// RFC 3986; none under RFC 1808, whose Step 1 resolves anything, or
    /// the URL Standard, which parses anything.
    pub fn grammar(self) -> Option<&'static str> {
        self.info().grammar
    }

    /// Why the spec does not define the case, if it does not: under RFC
    /// 2396 and RFC 3986, a base that is not a URI or a reference that is
    /// not a URI reference (RFC 3986 section 4.1; section 5.2.1 resolves
    /// against a URI), and under RFC 2396 an absolute URI with nothing
    /// after its colon ([`grammar::is_rfc2396_absolute`]). RFC 1808's Step
    /// 1 resolves anything.
    pub fn undefined(self, base: &str, reference: &str) -> Option<&'static str> {
        use grammar::{is_rfc2396_absolute, is_uri, is_uri_reference};
        match self {
            Spec::Rfc1808 => None,
            Spec::Rfc2396 if !is_uri(base) => Some(
                "the base is not an absolute URI (RFC 2396 section 5.2 resolves against one; \
                 Appendix A, read by RFC 3986's grammar)",
            ),
            Spec::Rfc2396 if !is_uri_reference(reference) => Some(
                "the reference is outside the grammar of Appendix A (read by RFC 3986's section \
                 4.1)",
            ),
            Spec::Rfc2396 if !(is_rfc2396_absolute(base) && is_rfc2396_absolute(reference)) => {
                Some(
                    "outside the grammar of Appendix A: an absoluteURI has a hier_part or an \
                     opaque_part after its colon",
                )
            }
            Spec::Rfc2396 => None,
            Spec::Rfc3986 if !is_uri(base) => Some(
                "the base is not a URI (section 5.2.1 resolves against one; the grammar of \
                 section 3)",
            ),
            Spec::Rfc3986 if !is_uri_reference(reference) => {
                Some("the reference is outside the grammar of section 4.1 (`URI-reference`)")
            }
            Spec::Rfc3986 => None,
            // The basic URL parser defines every input: what it does not
            // parse is a failure, which is its answer.
            Spec::Whatwg => None,
        }
    }
}

impl Spec {
    /// [`Spec::undefined`] for a case that may have no base (`None`: an
    /// absolute parse). With no base, RFC 2396 and RFC 3986 define the
    /// case only for an absolute URI, which resolves to itself: a relative
    /// reference is resolved against a base URI (RFC 2396 section 5.2,
    /// RFC 3986 section 5.1), and there is none. RFC 1808's Step 1 defines
    /// it (the embedded URL as it is), and the URL Standard's parser
    /// defines every input.
    pub fn undefined_for(self, base: Option<&str>, reference: &str) -> Option<&'static str> {
        use grammar::{is_rfc2396_absolute, is_uri};
        let Some(base) = base else {
            return match self {
                Spec::Rfc2396 | Spec::Rfc3986 if !is_uri(reference) => Some(
                    "no base, and the input is not an absolute URI: a relative reference is \
                     resolved against a base (RFC 2396 section 5.2, RFC 3986 section 5.1)",
                ),
                Spec::Rfc2396 if !is_rfc2396_absolute(reference) => Some(
                    "outside the grammar of Appendix A: an absoluteURI has a hier_part or an \
                     opaque_part after its colon",
                ),
                _ => None,
            };
        };
        self.undefined(base, reference)
    }
}

crate::named!(Spec, "spec");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_spec_is_named_by_its_key_and_title() {
        for spec in Spec::ALL {
            assert_eq!(spec.name().parse::<Spec>(), Ok(spec));
        }
        let titles = Spec::ALL.map(Spec::title);
        assert_eq!(
            titles,
            ["RFC 1808", "RFC 2396", "RFC 3986", "the URL Standard"]
        );
        assert_eq!(
            "rfc9999".parse::<Spec>().unwrap_err(),
            "unknown spec `rfc9999`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
    }

    #[test]
    fn each_spec_names_its_two_versions_as_a_disagreement_between_them_says() {
        assert_eq!(
            Spec::Rfc1808.versions(),
            ["the segment stack", "the string patterns"]
        );
        assert_eq!(Spec::Rfc2396.versions(), Spec::Rfc1808.versions());
        assert_eq!(
            Spec::Rfc3986.versions(),
            [
                "the linear remove_dot_segments",
                "the buffers of section 5.2.4"
            ]
        );
    }

    #[test]
    fn each_spec_names_where_it_writes_the_components_back() {
        assert_eq!(
            Spec::ALL.map(Spec::recomposition),
            ["Step 6", "5.2 step 7", "5.3", "the URL serializer"]
        );
    }

    #[test]
    fn only_the_later_specs_leave_cases_outside_their_grammar_undefined() {
        // The URL Standard defines every input: a failure is its answer.
        assert_eq!(Spec::Whatwg.undefined("http://a/b c", "g h"), None);
        assert_eq!(Spec::Rfc1808.undefined("http://a/b c", "g h"), None);
        assert!(Spec::Rfc3986.undefined("http://a/b c", "g").is_some());
        assert!(Spec::Rfc3986.undefined("http://a/b", "g h").is_some());
        assert_eq!(Spec::Rfc3986.undefined("foo:", "g"), None);
        assert!(Spec::Rfc2396.undefined("foo:", "g").is_some());
        assert_eq!(Spec::Rfc2396.undefined("http://a/b", "g"), None);
        // With no base, only an absolute URI is defined by the later RFCs.
        assert_eq!(Spec::Rfc3986.undefined_for(None, "http://a/b"), None);
        assert!(Spec::Rfc3986.undefined_for(None, "b").is_some());
        assert!(Spec::Rfc2396.undefined_for(None, "foo:").is_some());
        assert_eq!(Spec::Rfc2396.undefined_for(None, "foo:b"), None);
        // With a base, the base and the reference are read as before.
        assert!(Spec::Rfc3986
            .undefined_for(Some("b"), "http://a/b")
            .is_some());
        assert_eq!(Spec::Rfc1808.undefined_for(None, "b"), None);
        assert_eq!(Spec::Whatwg.undefined_for(None, "b"), None);
    }
}
