//! RFC 1808 section 4, "Resolving Relative URLs", Steps 1 to 7.

use std::fmt;

use crate::parse::{is_empty, parse, Components};
use crate::readings::{
    EmptyComponent, EmptyNetLoc, EntirelyEmpty, EscapedDots, InheritIfAny, Readings,
};
use crate::step6::{unescape_dots, Step6};

/// The step of section 4 at which resolution finished, for explaining a
/// result. Steps order as in the RFC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// Step 1: the base URL is empty; the embedded URL is taken as absolute.
    Step1,
    /// Step 2a: the embedded URL is entirely empty; it is the base URL.
    Step2a,
    /// Step 2b: the embedded URL starts with a scheme; it is absolute.
    Step2b,
    /// Step 3: the embedded URL has a non-empty net_loc.
    Step3,
    /// Step 4: the embedded path is preceded by a slash.
    Step4,
    /// Step 5a: empty embedded path, non-empty params.
    Step5a,
    /// Step 5b: empty embedded path, params inherited from the base.
    Step5b,
    /// Step 6: the embedded path was merged with the base path.
    Step6,
}

impl Step {
    /// Every step, in the RFC's order.
    pub const ALL: [Step; 8] = [
        Step::Step1,
        Step::Step2a,
        Step::Step2b,
        Step::Step3,
        Step::Step4,
        Step::Step5a,
        Step::Step5b,
        Step::Step6,
    ];

    /// The name, the vector tag and the summary of each step, in one table.
    fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Step::Step1 => (
                "Step 1",
                "step1",
                "empty base: the embedded URL is absolute",
            ),
            Step::Step2a => ("Step 2a", "step2a", "empty embedded URL: the base URL"),
            Step::Step2b => (
                "Step 2b",
                "step2b",
                "the embedded URL has a scheme: absolute",
            ),
            Step::Step3 => ("Step 3", "step3", "the embedded URL has a net_loc"),
            Step::Step4 => ("Step 4", "step4", "the embedded path starts with a slash"),
            Step::Step5a => ("Step 5a", "step5", "empty path, params given"),
            Step::Step5b => (
                "Step 5b",
                "step5",
                "empty path, params and query inherited as needed",
            ),
            Step::Step6 => ("Step 6", "step6", "relative path merged with the base path"),
        }
    }

    /// The step as the RFC names it: `Step 2a`.
    pub fn name(self) -> &'static str {
        self.names().0
    }

    /// The tag of the vectors that finish at this step: `step2a`; Steps 5a
    /// and 5b share `step5`.
    pub fn tag(self) -> &'static str {
        self.names().1
    }

    /// What happens at this step, in a few words.
    pub fn summary(self) -> &'static str {
        self.names().2
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.summary())
    }
}

/// How to resolve: which Step 6 to run, and under which readings of the
/// RFC's ambiguities. `resolve_with` and `resolve_traced` take anything that
/// converts into it: a [`Step6`], a [`Readings`], or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub step6: Step6,
    pub readings: Readings,
}

impl From<Step6> for Options {
    fn from(step6: Step6) -> Self {
        Options {
            step6,
            readings: Readings::default(),
        }
    }
}

impl From<Readings> for Options {
    fn from(readings: Readings) -> Self {
        Options {
            step6: Step6::default(),
            readings,
        }
    }
}

impl From<&Readings> for Options {
    fn from(readings: &Readings) -> Self {
        Options::from(*readings)
    }
}

/// Resolves `embedded` against `base` with the segment-stack Step 6 and the
/// default readings.
///
/// ```
/// assert_eq!(rfc1808_resolver::resolve("http://a/b/c/d;p?q#f", "../g"), "http://a/b/g");
/// ```
pub fn resolve(base: &str, embedded: &str) -> String {
    resolve_with(base, embedded, Options::default())
}

/// Resolves `embedded` against `base` with the chosen Step 6 or readings.
pub fn resolve_with(base: &str, embedded: &str, options: impl Into<Options>) -> String {
    resolve_traced(base, embedded, options).0
}

/// Resolves `embedded` against `base` and tells at which step it finished.
pub fn resolve_traced(base: &str, embedded: &str, options: impl Into<Options>) -> (String, Step) {
    let Options { step6, readings } = options.into();

    // Step 1: "If the base URL is the empty string (unknown), the embedded URL
    // is interpreted as an absolute URL and we are done."
    if base.is_empty() {
        return (embedded.to_owned(), Step::Step1);
    }

    // Step 2: "Both the base and embedded URLs are parsed into their component
    // parts as described in Section 2.4."
    let mut base_url = parse(base);
    let mut url = parse(embedded);
    // Reading `empty-component`: section 2.4 calls a trailing `#`, `?` or `;`
    // "empty", as it calls a missing one. Under `kept` the parse keeps the
    // difference; under `absent` an empty component is no component.
    if readings.empty_component == EmptyComponent::Absent {
        forget_empty_components(&mut base_url);
        forget_empty_components(&mut url);
    }
    let (url, step) = match step2(embedded, &base_url, url, &readings) {
        Step2::Done(step) => {
            let whole = if step == Step::Step2a { base } else { embedded };
            return (whole.to_owned(), step);
        }
        Step2::Continue(url) => step3_to_5(&base_url, url, &readings),
    };

    let mut out = String::with_capacity(base.len() + embedded.len());
    step7(&url, step6, &readings, &mut out);
    (out, step)
}

/// Reading `empty-component=absent`: the empty params, query and fragment
/// are dropped with their delimiters.
fn forget_empty_components(url: &mut Components<'_>) {
    for component in [&mut url.params, &mut url.query, &mut url.fragment] {
        if *component == Some("") {
            *component = None;
        }
    }
}

enum Step2<'a> {
    Done(Step),
    Continue(Target<'a>),
}

/// The embedded URL as Steps 2 to 6 fill it in from the base URL.
struct Target<'a> {
    scheme: Option<&'a str>,
    net_loc: Option<&'a str>,
    /// Whether the path is preceded by a slash.
    slash: bool,
    path: Path<'a>,
    params: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

enum Path<'a> {
    /// A path taken as it is, from the embedded or the base URL.
    Taken(&'a str),
    /// Step 6 is to merge these two paths; Step 7 runs it while writing.
    Merged { base: &'a str, embedded: &'a str },
}

/// Step 2, after parsing.
fn step2<'a>(
    embedded: &str,
    base: &Components<'a>,
    url: Components<'a>,
    readings: &Readings,
) -> Step2<'a> {
    // a) "If the embedded URL is entirely empty, it inherits the entire base
    //    URL (i.e., is set equal to the base URL) and we are done."
    //
    // Reading `entirely-empty` (vector `interpretation/fragment-only-empty`):
    // under `string` only the empty string is entirely empty, and `#` goes
    // on to Step 5 with its own empty fragment; under `components` every
    // component is judged as parsed, and `#`, `?`, `;` or `//` is the base.
    let entirely_empty = match readings.entirely_empty {
        EntirelyEmpty::String => embedded.is_empty(),
        EntirelyEmpty::Components => {
            url.scheme.is_none()
                && is_empty(url.net_loc)
                && !url.slash
                && url.path.is_empty()
                && is_empty(url.params)
                && is_empty(url.query)
                && is_empty(url.fragment)
        }
    };
    if entirely_empty {
        return Step2::Done(Step::Step2a);
    }
    // b) "If the embedded URL starts with a scheme name, it is interpreted as
    //    an absolute URL and we are done." (Section 5.2 keeps `http:g` as it
    //    is, even with the base's own scheme.)
    if url.scheme.is_some() {
        return Step2::Done(Step::Step2b);
    }
    // c) "Otherwise, the embedded URL inherits the scheme of the base URL."
    Step2::Continue(Target {
        scheme: base.scheme,
        net_loc: url.net_loc,
        slash: url.slash,
        path: Path::Taken(url.path),
        params: url.params,
        query: url.query,
        fragment: url.fragment,
    })
}

/// Steps 3, 4, 5 and the set-up of 6: each either finishes (the caller goes
/// on to Step 7) or hands on to the next.
fn step3_to_5<'a>(
    base: &Components<'a>,
    mut url: Target<'a>,
    readings: &Readings,
) -> (Target<'a>, Step) {
    // Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7.
    // Otherwise, the embedded URL inherits the <net_loc> (if any) of the base
    // URL."
    //
    // Choice (vector `interpretation/empty-net-loc`): `//` with nothing after
    // it is an empty net_loc, so, in the RFC's words, it is inherited from
    // the base like an absent one. (RFC 2396 and 3986 differ: there `//`
    // keeps an empty authority.)
    if !is_empty(url.net_loc) {
        return (url, Step::Step3);
    }
    inherit(&mut url.net_loc, base.net_loc, readings);

    // Step 4: "If the embedded URL path is preceded by a slash "/", the path
    // is not relative and we skip to Step 7."
    if url.slash {
        return (url, Step::Step4);
    }

    let Path::Taken(embedded_path) = url.path else {
        unreachable!("only Step 6 merges paths")
    };
    if embedded_path.is_empty() {
        return step5(base, url, readings);
    }

    // Step 6 (set-up): the path is relative and not empty. The merged path
    // keeps the base path's initial slash; Step 7 runs the merge itself.
    url.slash = base.slash;
    url.path = Path::Merged {
        base: base.path,
        embedded: embedded_path,
    };
    (url, Step::Step6)
}

/// Step 5: "If the embedded URL path is empty (and not preceded by a slash),
/// then the embedded URL inherits the base URL path, and".
fn step5<'a>(
    base: &Components<'a>,
    mut url: Target<'a>,
    readings: &Readings,
) -> (Target<'a>, Step) {
    url.slash = base.slash;
    url.path = Path::Taken(base.path);

    // a) "if the embedded URL's <params> is non-empty, we skip to step 7;
    //    otherwise, it inherits the <params> of the base URL (if any) and"
    //
    // Choice (vector `interpretation/trailing-semicolon`): an empty params,
    // `;` with nothing after it, is not "non-empty", so it is replaced by the
    // base's params, as absent ones are; so are an empty query (b) and an
    // empty net_loc (Step 3). What a base without params leaves is the
    // reading `inherit-if-any`.
    if !is_empty(url.params) {
        return (url, Step::Step5a);
    }
    inherit(&mut url.params, base.params, readings);

    // b) "if the embedded URL's <query> is non-empty, we skip to step 7;
    //    otherwise, it inherits the <query> of the base URL (if any) and we
    //    skip to step 7."
    if is_empty(url.query) {
        inherit(&mut url.query, base.query, readings);
    }
    (url, Step::Step5b)
}

/// "it inherits the <...> of the base URL (if any)": Steps 3, 5a and 5b.
///
/// Reading `inherit-if-any` (vectors `interpretation/if-any-*`): under
/// `replace` the component becomes the base's, absence included; under
/// `keep-own` a base without the component leaves the embedded URL's own
/// (empty) one in place.
fn inherit<'a>(component: &mut Option<&'a str>, from_base: Option<&'a str>, readings: &Readings) {
    match (readings.inherit_if_any, from_base) {
        (InheritIfAny::KeepOwn, None) => {}
        _ => *component = from_base,
    }
}

/// Step 7: "The resulting URL components, including any inherited from the
/// base URL, are recombined to give the absolute form of the embedded URL."
/// Runs the chosen Step 6 if the path is to be merged.
fn step7(url: &Target<'_>, step6: Step6, readings: &Readings, out: &mut String) {
    if let Some(scheme) = url.scheme {
        out.push_str(scheme);
        out.push(':');
    }
    // Reading `empty-net-loc` (vectors `interpretation/base-empty-net-loc*`):
    // an empty net_loc, inherited from a base such as `file:///a/b`, is
    // written as `//` under `kept` and not at all under `dropped`.
    let net_loc = match readings.empty_net_loc {
        EmptyNetLoc::Kept => url.net_loc,
        EmptyNetLoc::Dropped => url.net_loc.filter(|n| !n.is_empty()),
    };
    if let Some(net_loc) = net_loc {
        out.push_str("//");
        out.push_str(net_loc);
    }
    let path_start = out.len();
    if url.slash {
        out.push('/');
    }
    match url.path {
        Path::Taken(path) => out.push_str(path),
        // Reading `escaped-dots` (vectors `interpretation/escaped-dot*`):
        // RFC 1808 is silent; under `decoded` a segment of escaped dots is a
        // dot segment, made plain before either version of Step 6 runs.
        Path::Merged { base, embedded } => match readings.escaped_dots {
            EscapedDots::Literal => step6.merge_into(base, embedded, out),
            EscapedDots::Decoded => {
                step6.merge_into(&unescape_dots(base), &unescape_dots(embedded), out)
            }
        },
    }
    // Choice (vectors `interpretation/base-net-loc-empty-path*`): the BNF of
    // section 2.2 has only `"//" net_loc [ abs_path ]`, so whatever follows a
    // net_loc starts with "/". A relative path, params or query after a net_loc
    // gets one; without it `http://a` + `g` would give `http://ag`, and
    // `http://a` + `?y` would give `http://a?y`, whose net_loc is `a?y`.
    if net_loc.is_some()
        && !url.slash
        && (out.len() > path_start || url.params.is_some() || url.query.is_some())
    {
        out.insert(path_start, '/');
    }
    if let Some(params) = url.params {
        out.push(';');
        out.push_str(params);
    }
    if let Some(query) = url.query {
        out.push('?');
        out.push_str(query);
    }
    // "Fragment identifiers are only inherited from the base URL when the
    // entire embedded URL is empty": the fragment is the embedded URL's own.
    if let Some(fragment) = url.fragment {
        out.push('#');
        out.push_str(fragment);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "http://a/b/c/d;p?q#f";

    #[test]
    fn steps_have_the_rfcs_names_and_order_and_the_vectors_tags() {
        assert!(Step::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            Step::Step2b.to_string(),
            "Step 2b (the embedded URL has a scheme: absolute)"
        );
        assert_eq!(Step::Step5a.name(), "Step 5a");
        assert_eq!(Step::Step5a.tag(), "step5");
        assert_eq!(Step::Step5b.tag(), "step5");
        assert_eq!(Step::Step2b.tag(), "step2b");
    }

    /// `resolve_with(base, embedded, Step6::StringPattern)` (and `--step6
    /// string`) must run that version: the two agree on every input, so no
    /// answer shows which one ran, and the tests that run "both versions"
    /// would run one twice.
    #[test]
    fn a_step6_alone_selects_that_version_under_the_default_readings() {
        for step6 in Step6::ALL {
            assert_eq!(
                Options::from(step6),
                Options {
                    step6,
                    readings: Readings::default()
                }
            );
        }
    }

    /// `resolve_with(base, embedded, &readings)`, as the harness calls it,
    /// resolves under those readings, as by value.
    #[test]
    fn readings_alone_select_them_by_value_or_by_reference() {
        for readings in Readings::every() {
            let want = Options {
                step6: Step6::default(),
                readings,
            };
            assert_eq!(Options::from(readings), want);
            assert_eq!(Options::from(&readings), want);
        }
    }

    fn check(base: &str, embedded: &str, want: &str, step: Step) {
        for step6 in Step6::ALL {
            assert_eq!(
                resolve_traced(base, embedded, step6),
                (want.to_owned(), step),
                "{base:?} + {embedded:?} with {step6}"
            );
        }
    }

    #[test]
    fn step1_empty_base_takes_the_embedded_url_as_it_is() {
        check("", "../g?x#y", "../g?x#y", Step::Step1);
        check("", "", "", Step::Step1);
    }

    #[test]
    fn step2a_empty_embedded_url_is_the_whole_base() {
        check(BASE, "", BASE, Step::Step2a);
    }

    #[test]
    fn step2b_scheme_makes_the_embedded_url_absolute() {
        check(BASE, "g:h", "g:h", Step::Step2b);
        check(BASE, "http:g", "http:g", Step::Step2b);
        check(BASE, "HTTP:../g", "HTTP:../g", Step::Step2b);
    }

    #[test]
    fn step2c_scheme_is_inherited_even_when_absent() {
        check("/b/c", "g", "/b/g", Step::Step6);
    }

    #[test]
    fn step3_non_empty_net_loc_skips_to_step7() {
        check(BASE, "//g/./x", "http://g/./x", Step::Step3);
        check(BASE, "//g?y", "http://g?y", Step::Step3);
    }

    #[test]
    fn step3_empty_net_loc_is_inherited() {
        check(BASE, "///g", "http://a/g", Step::Step4);
        check(BASE, "//", "http://a/b/c/d;p?q", Step::Step5b);
        check("foo:/b", "//", "foo:/b", Step::Step5b);
    }

    #[test]
    fn step4_absolute_path_is_not_dot_removed() {
        check(BASE, "/./g", "http://a/./g", Step::Step4);
    }

    #[test]
    fn step5_inherits_path_params_query() {
        check(BASE, "?y", "http://a/b/c/d;p?y", Step::Step5b);
        check(BASE, ";x", "http://a/b/c/d;x", Step::Step5a);
        check(BASE, ";x?", "http://a/b/c/d;x?", Step::Step5a);
        check(BASE, "#s", "http://a/b/c/d;p?q#s", Step::Step5b);
        check(BASE, "?", "http://a/b/c/d;p?q", Step::Step5b);
        check(BASE, ";", "http://a/b/c/d;p?q", Step::Step5b);
        check("http://a/b", "?", "http://a/b", Step::Step5b);
    }

    #[test]
    fn step6_merges_relative_paths() {
        check(BASE, "../g;x?y#s", "http://a/b/g;x?y#s", Step::Step6);
        check("foo:bar", "g", "foo:g", Step::Step6);
    }

    /// `want` under `readings` (given as `NAME=VALUE,...`), with both Step 6s.
    fn check_under(readings: &str, base: &str, embedded: &str, want: &str) {
        let readings: Readings = readings.parse().unwrap();
        for step6 in Step6::ALL {
            let options = Options { step6, readings };
            assert_eq!(
                resolve_with(base, embedded, options),
                want,
                "{base:?} + {embedded:?} under {readings} with {step6}"
            );
        }
    }

    #[test]
    fn empty_component_absent_drops_trailing_delimiters() {
        let r = "empty-component=absent";
        check_under(r, BASE, "g#", "http://a/b/c/g");
        check_under(r, BASE, "g?", "http://a/b/c/g");
        check_under(r, BASE, "g;", "http://a/b/c/g");
        check_under(r, BASE, "#", "http://a/b/c/d;p?q");
        check_under(r, BASE, ";x?", "http://a/b/c/d;x");
        check_under(r, "http://a/b?#f", "#s", "http://a/b#s");
        check_under(r, BASE, "", BASE);
    }

    #[test]
    fn entirely_empty_components_returns_the_base_for_empty_components() {
        let r = "entirely-empty=components";
        for embedded in ["#", "?", ";", ";?", "//", "?#", ";?#"] {
            check_under(r, BASE, embedded, BASE);
        }
        check_under(r, BASE, "///", "http://a/");
        check_under(r, BASE, "?y", "http://a/b/c/d;p?y");
        check_under(
            "entirely-empty=components,empty-component=absent",
            BASE,
            "#",
            BASE,
        );
    }

    #[test]
    fn inherit_if_any_keep_own_keeps_an_empty_component_the_base_lacks() {
        let r = "inherit-if-any=keep-own";
        check_under(r, "http://a/b", "?", "http://a/b?");
        check_under(r, "http://a/b", ";", "http://a/b;");
        check_under(r, "foo:/a", "////g", "foo:////g");
        check_under(r, "foo:/b", "//", "foo:///b");
        check_under(r, BASE, "?", "http://a/b/c/d;p?q");
        check_under("", "http://a/b", "?", "http://a/b");
        check_under(
            "inherit-if-any=keep-own,empty-component=absent",
            "http://a/b",
            "?",
            "http://a/b",
        );
    }

    #[test]
    fn empty_net_loc_dropped_writes_no_slashes() {
        check_under("", "file:///a/b", "g", "file:///a/g");
        check_under("empty-net-loc=dropped", "file:///a/b", "g", "file:/a/g");
        check_under("empty-net-loc=dropped", "file:///a/b", "", "file:///a/b");
        check_under("empty-net-loc=dropped", "file://", "g", "file:g");
    }

    #[test]
    fn escaped_dots_decoded_are_dot_segments() {
        check_under("", BASE, "%2e%2e/g", "http://a/b/c/%2e%2e/g");
        check_under("escaped-dots=decoded", BASE, "%2e%2e/g", "http://a/b/g");
        check_under("escaped-dots=decoded", BASE, "g/%2E", "http://a/b/c/g/");
        check_under(
            "escaped-dots=decoded",
            "http://a/b/%2e/c",
            "%2e%2e/g",
            "http://a/g",
        );
        check_under(
            "escaped-dots=decoded",
            BASE,
            "/%2e%2e/g",
            "http://a/%2e%2e/g",
        );
    }

    #[test]
    fn both_step6_versions_agree_under_every_reading() {
        let bases = [
            BASE,
            "http://a",
            "file:///a/b",
            "foo:b/c",
            "http://a/%2e/b/..",
            "x:",
        ];
        let embeddeds = [
            "",
            "#",
            "?",
            ";",
            ";?",
            "//",
            "////g",
            "g#",
            "g;?#",
            "../g",
            "%2e%2e/g",
            ".%2E/..",
            "a//../b/.",
            "../../..",
            "?y#",
            ";x?",
        ];
        for readings in Readings::every() {
            for base in bases {
                for embedded in embeddeds {
                    let [stack, string] = Step6::ALL
                        .map(|step6| resolve_traced(base, embedded, Options { step6, readings }));
                    assert_eq!(stack, string, "{base:?} + {embedded:?} under {readings}");
                }
            }
        }
    }

    #[test]
    fn step7_puts_a_slash_between_net_loc_and_anything_after() {
        check("http://a", "g", "http://a/g", Step::Step6);
        check("http://a", "?y", "http://a/?y", Step::Step5b);
        check("http://a", ";x", "http://a/;x", Step::Step5a);
        check("http://a", "#s", "http://a#s", Step::Step5b);
        check("http://a", ".", "http://a", Step::Step6);
    }
}
