//! A spec's reference resolver under one choice of its readings: the one
//! place where "this spec under these readings" is built and asked.

use std::sync::OnceLock;

use crate::readings::Readings;
use crate::{resolve_traced, rfc2396, rfc3986, whatwg, Components, Options, Step6};

use super::{Spec, Stage};

/// The reference's answer: a URL, or why the spec, under the readings
/// chosen, rejects the case (RFC 2396's `above-root=error`).
pub type Resolved = Result<String, String>;

/// One spec's reference resolver under one choice of its readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    Rfc1808(Readings),
    Rfc2396(rfc2396::Readings),
    Rfc3986(rfc3986::Readings),
    /// The URL Standard, which has no readings.
    Whatwg,
}

impl Reference {
    /// `spec`'s reference under its default readings.
    pub fn defaults(spec: Spec) -> Reference {
        match spec {
            Spec::Rfc1808 => Reference::Rfc1808(Readings::default()),
            Spec::Rfc2396 => Reference::Rfc2396(rfc2396::Readings::default()),
            Spec::Rfc3986 => Reference::Rfc3986(rfc3986::Readings::default()),
            Spec::Whatwg => Reference::Whatwg,
        }
    }

    /// Every choice of `spec`'s readings, the defaults first; made once per
    /// spec, as runs ask for it per case.
    pub fn every(spec: Spec) -> &'static [Reference] {
        static RFC1808: OnceLock<Vec<Reference>> = OnceLock::new();
        static RFC2396: OnceLock<Vec<Reference>> = OnceLock::new();
        static RFC3986: OnceLock<Vec<Reference>> = OnceLock::new();
        match spec {
            Spec::Rfc1808 => RFC1808.get_or_init(|| {
                Readings::every()
                    .into_iter()
                    .map(Reference::Rfc1808)
                    .collect()
            }),
            Spec::Rfc2396 => RFC2396.get_or_init(|| {
                rfc2396::Readings::every()
                    .into_iter()
                    .map(Reference::Rfc2396)
                    .collect()
            }),
            Spec::Rfc3986 => RFC3986.get_or_init(|| {
                rfc3986::Readings::every()
                    .into_iter()
                    .map(Reference::Rfc3986)
                    .collect()
            }),
            Spec::Whatwg => &[Reference::Whatwg],
        }
    }

    /// `spec`'s reference under its defaults but for `pairs`
    /// (`(ambiguity, reading)`, each checked against its registry).
    pub fn with<'a>(
        spec: Spec,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Reference, String> {
        let mut reference = Reference::defaults(spec);
        for (ambiguity, reading) in pairs {
            reference.set(ambiguity, reading)?;
        }
        Ok(reference)
    }

    pub fn spec(self) -> Spec {
        match self {
            Reference::Rfc1808(_) => Spec::Rfc1808,
            Reference::Rfc2396(_) => Spec::Rfc2396,
            Reference::Rfc3986(_) => Spec::Rfc3986,
            Reference::Whatwg => Spec::Whatwg,
        }
    }

    /// The reading of the ambiguity `name` this choice makes.
    pub fn get(self, name: &str) -> Option<&'static str> {
        match self {
            Reference::Rfc1808(r) => r.get(name),
            Reference::Rfc2396(r) => r.get(name),
            Reference::Rfc3986(r) => r.get(name),
            Reference::Whatwg => None,
        }
    }

    /// Reads the ambiguity `name` as `reading`.
    pub fn set(&mut self, name: &str, reading: &str) -> Result<(), String> {
        match self {
            Reference::Rfc1808(r) => r.set(name, reading).map_err(|e| e.to_string()),
            Reference::Rfc2396(r) => r.set(name, reading).map_err(|e| e.to_string()),
            Reference::Rfc3986(r) => r.set(name, reading).map_err(|e| e.to_string()),
            Reference::Whatwg => Err(format!(
                "whatwg: unknown ambiguity `{name}`: the URL Standard has no readings"
            )),
        }
    }

    /// The readings that differ from the defaults, as `NAME=VALUE` pairs
    /// in registry order.
    pub fn non_default(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Reference::Rfc1808(r) => r.non_default(),
            Reference::Rfc2396(r) => r.non_default(),
            Reference::Rfc3986(r) => r.non_default(),
            Reference::Whatwg => Vec::new(),
        }
    }

    /// How many ambiguities `other` reads otherwise; every ambiguity when
    /// it is another spec's.
    pub fn differences(self, other: Reference) -> usize {
        match (self, other) {
            (Reference::Rfc1808(a), Reference::Rfc1808(b)) => a.differences(&b),
            (Reference::Rfc2396(a), Reference::Rfc2396(b)) => a.differences(&b),
            (Reference::Rfc3986(a), Reference::Rfc3986(b)) => a.differences(&b),
            (Reference::Whatwg, Reference::Whatwg) => 0,
            _ => usize::MAX,
        }
    }

    /// The choices that can answer `reference` against `base` otherwise
    /// than this one, this one first: under RFC 3986 those of
    /// [`rfc3986::Readings::every_for`], which varies only the ambiguities
    /// that can change the answer, and under the other specs every choice.
    pub fn every_for(self, base: &str, reference: &str) -> Vec<Reference> {
        let mut all: Vec<Reference> = match self {
            Reference::Rfc3986(readings) => readings
                .every_for(base, reference)
                .into_iter()
                .map(Reference::Rfc3986)
                .collect(),
            _ => {
                let others = Reference::every(self.spec()).iter().filter(|&&r| r != self);
                return std::iter::once(self).chain(others.copied()).collect();
            }
        };
        all.retain(|r| *r != self);
        all.insert(0, self);
        all
    }

    /// Each choice of [`Reference::every_for`] with its answer. Under RFC
    /// 3986 each distinct base and answer is computed once
    /// ([`rfc3986::Readings::answers_for`]): a base out of normal form in
    /// several ways has many choices that give the same answer.
    pub fn answers_for(self, base: &str, reference: &str) -> Vec<(Reference, Resolved)> {
        match self {
            Reference::Rfc3986(readings) => readings
                .answers_for(base, reference)
                .into_iter()
                .map(|(r, url)| (Reference::Rfc3986(r), Ok(url)))
                .collect(),
            _ => self
                .every_for(base, reference)
                .into_iter()
                .map(|r| (r, r.resolve(base, reference)))
                .collect(),
        }
    }

    /// What `reference` resolves to against `base`, by the segment stack of
    /// RFC 1808 and RFC 2396 and the linear `remove_dot_segments` of RFC
    /// 3986.
    pub fn resolve(self, base: &str, reference: &str) -> Resolved {
        self.resolve_by(base, reference, Step6::SegmentStack)
    }

    /// What `reference` resolves to with no base, or against `base`
    /// (`None`: an absolute parse), by the version `version` chooses.
    ///
    /// With no base, the URL Standard runs the basic URL parser with a null
    /// base, as `new URL(input)` does. The RFCs have no base-less
    /// resolution but RFC 1808's Step 1, "If the base URL is the empty
    /// string (unknown), the embedded URL is interpreted as an absolute URL
    /// and we are done": each RFC is asked with the empty base, which under
    /// RFC 2396 and RFC 3986 takes nothing from it for a reference with a
    /// scheme (section 5.2 step 3; 5.2.2 "if defined(R.scheme)"), and
    /// leaves a reference without one undefined ([`Spec::undefined`]: the
    /// empty base is no URI).
    pub fn resolve_maybe_base(
        self,
        base: Option<&str>,
        reference: &str,
        version: Step6,
    ) -> Resolved {
        match (self, base) {
            (Reference::Whatwg, None) => whatwg::parse(reference, None)
                .map(|url| url.href())
                .map_err(|why| why.to_string()),
            (_, base) => self.resolve_by(base.unwrap_or(""), reference, version),
        }
    }

    /// [`Reference::resolve`] by the version of the algorithm `version`
    /// chooses ([`Spec::versions`]): under RFC 3986,
    /// `Step6::StringPattern` is the buffers of section 5.2.4.
    pub fn resolve_by(self, base: &str, reference: &str, version: Step6) -> Resolved {
        match self {
            Reference::Rfc1808(readings) => {
                let options = Options {
                    step6: version,
                    readings,
                };
                Ok(crate::resolve_with(base, reference, options))
            }
            Reference::Rfc2396(readings) => {
                rfc2396::resolve_with(base, reference, readings, version).map_err(|e| e.to_string())
            }
            Reference::Rfc3986(readings) => {
                let dots = match version {
                    Step6::SegmentStack => rfc3986::DotSegments::Linear,
                    Step6::StringPattern => rfc3986::DotSegments::Buffers,
                };
                Ok(rfc3986::resolve_with(base, reference, readings, dots))
            }
            Reference::Whatwg => whatwg::resolve(base, reference),
        }
    }

    /// [`Reference::resolve`], and the stage of the spec's algorithm the
    /// case went through.
    pub fn trace(self, base: &str, reference: &str) -> (Resolved, Stage) {
        self.trace_by(base, reference, Step6::SegmentStack)
    }

    /// [`Reference::trace`] by the version of the algorithm `version`
    /// chooses.
    pub fn trace_by(self, base: &str, reference: &str, version: Step6) -> (Resolved, Stage) {
        match self {
            Reference::Rfc1808(readings) => {
                let options = Options {
                    step6: version,
                    readings,
                };
                let (url, step) = resolve_traced(base, reference, options);
                (Ok(url), Stage::Rfc1808(step))
            }
            Reference::Rfc2396(readings) => (
                self.resolve_by(base, reference, version),
                Stage::rfc2396(base, reference, readings),
            ),
            Reference::Rfc3986(readings) => (
                self.resolve_by(base, reference, version),
                Stage::rfc3986(base, reference, readings),
            ),
            Reference::Whatwg => {
                let (url, state) = whatwg::trace(base, reference);
                (url, Stage::Whatwg(state))
            }
        }
    }

    /// `url` split into the components of RFC 1808 section 2.4 under RFC
    /// 1808, and for the later specs by the regular expression of RFC 3986
    /// Appendix B (RFC 2396's Appendix B is the same), with the path's
    /// leading slash as RFC 1808's `slash` and no params: to both later
    /// specs `;` is a character of a segment.
    pub fn split(self, url: &str) -> Components<'_> {
        if self.spec() == Spec::Rfc1808 {
            return crate::parse(url);
        }
        let c = rfc3986::parse(url);
        Components {
            scheme: c.scheme,
            net_loc: c.authority,
            slash: c.path.starts_with('/'),
            path: c.path.strip_prefix('/').unwrap_or(c.path),
            params: None,
            query: c.query,
            fragment: c.fragment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_spec_counts_the_ambiguities_another_of_its_choices_reads_otherwise() {
        for spec in [Spec::Rfc1808, Spec::Rfc2396, Spec::Rfc3986] {
            let defaults = Reference::defaults(spec);
            assert_eq!(defaults.differences(defaults), 0, "{spec}");
            let other = *Reference::every(spec)
                .iter()
                .find(|&&r| r != defaults)
                .expect("a spec with readings has another choice");
            assert!(
                (1..usize::MAX).contains(&defaults.differences(other)),
                "{spec}"
            );
        }
    }

    #[test]
    fn the_url_standard_has_one_reference_and_no_readings() {
        let whatwg = Reference::defaults(Spec::Whatwg);
        assert_eq!(whatwg.spec(), Spec::Whatwg);
        assert_eq!(Reference::every(Spec::Whatwg), [whatwg]);
        assert_eq!(whatwg.get("same-scheme"), None);
        assert!(whatwg.clone().set("same-scheme", "strict").is_err());
        assert_eq!(whatwg.non_default(), []);
        assert_eq!(whatwg.differences(whatwg), 0);
        assert_eq!(
            whatwg.differences(Reference::defaults(Spec::Rfc3986)),
            usize::MAX
        );
        assert_eq!(Reference::with(Spec::Whatwg, []), Ok(whatwg));
        let base = "http://a/b/c/d;p?q";
        for version in Step6::ALL {
            assert_eq!(
                whatwg.resolve_by(base, "..\\g", version),
                Ok("http://a/b/g".to_owned())
            );
        }
        // A failure is an answer, with the standard's reason.
        assert_eq!(
            whatwg.resolve(base, "http://[::1"),
            Err("IPv6-unclosed: the IPv6 address is missing the closing `]`".to_owned())
        );
    }

    #[test]
    fn the_url_standards_stage_is_the_state_that_decided_the_base() {
        let whatwg = Reference::defaults(Spec::Whatwg);
        let base = "http://a/b/c/d;p?q";
        let stage = |input: &str| whatwg.trace(base, input).1;
        assert_eq!(stage("g"), Stage::Whatwg(whatwg::State::Relative));
        assert_eq!(stage("g").name(), "relative state");
        assert_eq!(stage("g").spec(), Spec::Whatwg);
        assert!(stage("g").inherits_query() && !stage("g").takes_the_scheme());
        assert_eq!(stage("//g"), Stage::Whatwg(whatwg::State::RelativeSlash));
        assert!(!stage("//g").inherits_query());
        assert_eq!(stage("g:h"), Stage::Whatwg(whatwg::State::Scheme));
        assert!(stage("g:h").takes_the_scheme());
        // The base's own failure is decided before the input is read.
        assert_eq!(
            whatwg.trace("a", "g"),
            (
                Err(
                    "base: missing-scheme-non-relative-URL: no scheme, and no base URL it can be relative to"
                        .to_owned()
                ),
                Stage::Whatwg(whatwg::State::SchemeStart)
            )
        );
        let (answer, lines) = whatwg.explain(base, "//g", Step6::SegmentStack);
        assert_eq!(answer, Ok("http://g/".to_owned()));
        assert_eq!(
            lines,
            ["the basic URL parser decided what it takes from the base in the relative slash state"]
        );
    }

    #[test]
    fn every_spec_under_its_defaults_gives_its_own_answer() {
        let (base, reference) = ("http://a/b/c/d;p?q", "../../../g");
        assert_eq!(
            Reference::defaults(Spec::Rfc1808).resolve(base, reference),
            Ok("http://a/../g".to_owned())
        );
        assert_eq!(
            Reference::defaults(Spec::Rfc2396).resolve(base, reference),
            Ok("http://a/../g".to_owned())
        );
        assert_eq!(
            Reference::defaults(Spec::Rfc3986).resolve(base, reference),
            Ok("http://a/g".to_owned())
        );
    }

    #[test]
    fn a_choice_is_built_from_named_readings_and_read_back() {
        let reference = Reference::with(Spec::Rfc2396, [("above-root", "error")]).unwrap();
        assert_eq!(reference.get("above-root"), Some("error"));
        assert_eq!(reference.non_default(), [("above-root", "error")]);
        assert_eq!(reference.differences(Reference::defaults(Spec::Rfc2396)), 1);
        assert_eq!(
            reference.differences(Reference::defaults(Spec::Rfc3986)),
            usize::MAX
        );
        assert!(reference
            .resolve("http://a/b/c/d;p?q", "../../../g")
            .is_err());
        assert!(Reference::with(Spec::Rfc2396, [("above-root", "nowhere")]).is_err());
        assert!(Reference::with(Spec::Rfc1808, [("above-root", "error")]).is_err());
    }

    #[test]
    fn both_versions_of_each_spec_agree_on_the_examples() {
        for spec in Spec::ALL {
            for &reference in Reference::every(spec) {
                for relative in ["../g", "./", "g;x?y#s", "//g", ".."] {
                    assert_eq!(
                        reference.resolve_by("http://a/b/c/d;p?q", relative, Step6::SegmentStack),
                        reference.resolve_by("http://a/b/c/d;p?q", relative, Step6::StringPattern),
                        "{spec} {relative}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_for_puts_this_choice_first_and_varies_the_rest() {
        let primary = Reference::defaults(Spec::Rfc3986);
        let choices = primary.every_for("HTTP://a/b", "g");
        assert_eq!(choices[0], primary);
        assert_eq!(choices.len(), 3);
        let answers = primary.answers_for("HTTP://A/b", "g");
        let urls: Vec<&str> = answers.iter().map(|(_, r)| r.as_deref().unwrap()).collect();
        assert_eq!(urls, ["HTTP://A/g", "http://A/g", "http://a/g"]);
        assert_eq!(
            Reference::defaults(Spec::Rfc1808)
                .every_for("http://a/b", "g")
                .len(),
            Reference::every(Spec::Rfc1808).len()
        );
    }
}
