//! RFC 3986 sections 5.2.2, 5.2.3 and 5.3: transform the reference R into
//! its target T against the base that section 5.2.1 pre-parsed
//! ([`super::pre_parse`]), merge paths, recompose.

use super::parse::{parse, Components};
use super::pre_parse::{decode_if, pre_parse, Base};
use super::readings::{DoubleSlashPath, Readings, SameScheme};
use super::remove_dot_segments::DotSegments;

/// Resolves `reference` against `base` under the default readings (strict)
/// with the linear `remove_dot_segments`.
///
/// ```
/// use rfc1808_resolver::rfc3986;
///
/// assert_eq!(rfc3986::resolve("http://a/b/c/d;p?q", "../g"), "http://a/b/g");
/// assert_eq!(rfc3986::resolve("http://a/b/c/d;p?q", "?"), "http://a/b/c/d;p?");
/// ```
pub fn resolve(base: &str, reference: &str) -> String {
    resolve_with(base, reference, Readings::default(), DotSegments::default())
}

/// Resolves `reference` against `base` under `readings`, with the chosen
/// `remove_dot_segments`.
pub fn resolve_with(base: &str, reference: &str, readings: Readings, dots: DotSegments) -> String {
    ParsedBase::with(base, readings, dots).resolve(reference)
}

/// A base that section 5.2.1 parsed and normalized once, to resolve many
/// references against: [`resolve_with`] without parsing the base each time.
///
/// ```
/// use rfc1808_resolver::rfc3986::ParsedBase;
///
/// let base = ParsedBase::new("http://a/b/c/d;p?q");
/// assert_eq!(base.resolve("../g"), "http://a/b/g");
/// assert_eq!(base.resolve("g?y#s"), "http://a/b/c/g?y#s");
/// ```
pub struct ParsedBase<'a> {
    base: Base<'a>,
    readings: Readings,
    dots: DotSegments,
}

impl<'a> ParsedBase<'a> {
    /// `base` parsed under the default readings (strict), for the linear
    /// `remove_dot_segments`.
    pub fn new(base: &'a str) -> ParsedBase<'a> {
        ParsedBase::with(base, Readings::default(), DotSegments::default())
    }

    /// `base` parsed under `readings`, for the chosen `remove_dot_segments`.
    pub fn with(base: &'a str, readings: Readings, dots: DotSegments) -> ParsedBase<'a> {
        ParsedBase {
            base: pre_parse(base, readings, dots),
            readings,
            dots,
        }
    }

    /// `reference` resolved against it: what [`resolve_with`] gives for the
    /// same base, readings and `remove_dot_segments`.
    pub fn resolve(&self, reference: &str) -> String {
        resolve_against(&self.base.components(), reference, self.readings, self.dots)
    }
}

/// Sections 5.2.2 to 5.3 against a base that section 5.2.1 pre-parsed.
fn resolve_against(
    base: &Components<'_>,
    reference: &str,
    readings: Readings,
    dots: DotSegments,
) -> String {
    let t = transform_references(base, reference, readings);
    let mut result = String::with_capacity(t.len_hint());
    recompose(&t, readings, dots, &mut result);
    result
}

/// Every choice of [`Readings::every_for`] with the answer under it, in
/// its order; each base that section 5.2.1 gives is pre-parsed once, and
/// each answer resolved once, however many choices share it (the choices
/// that differ only in readings that change nothing here).
pub(super) fn answers_for(
    readings: Readings,
    base: &str,
    reference: &str,
    dots: DotSegments,
) -> Vec<(Readings, String)> {
    // What section 5.2.1 reads of the readings, and what 5.2.2 to 5.3 do.
    let normalizes = |r: &Readings| {
        (
            r.base_case,
            r.base_percent_encoding,
            r.base_dot_segments,
            r.base_port,
            r.base_empty_path,
            r.escaped_dots,
        )
    };
    let resolves = |r: &Readings| (r.same_scheme, r.escaped_dots, r.double_slash_path);
    let mut bases: Vec<(_, usize)> = Vec::new();
    let mut distinct: Vec<Base<'_>> = Vec::new();
    let mut answers: Vec<((usize, _), String)> = Vec::new();
    let mut out = Vec::new();
    for r in super::pre_parse::every_for(readings, base, reference) {
        let at = match bases.iter().find(|(key, _)| *key == normalizes(&r)) {
            Some(&(_, at)) => at,
            None => {
                let pre_parsed = pre_parse(base, r, dots);
                let at = match distinct.iter().position(|b| *b == pre_parsed) {
                    Some(at) => at,
                    None => {
                        distinct.push(pre_parsed);
                        distinct.len() - 1
                    }
                };
                bases.push((normalizes(&r), at));
                at
            }
        };
        let key = (at, resolves(&r));
        let answer = match answers.iter().find(|(k, _)| *k == key) {
            Some((_, answer)) => answer.clone(),
            None => {
                let answer = resolve_against(&distinct[at].components(), reference, r, dots);
                answers.push((key, answer.clone()));
                answer
            }
        };
        out.push((r, answer));
    }
    out
}

/// What section 5.2.3 merges when `reference` is resolved against `base`
/// under `readings`: the part of the base's path it keeps and the
/// reference's path, which remove_dot_segments then runs on; `None` when
/// section 5.2.2 takes a branch without a merge.
///
/// ```
/// use rfc1808_resolver::rfc3986::{merged, Readings};
///
/// let base = "http://a/b/c/d;p?q";
/// let merge = merged(base, "../g", Readings::default());
/// assert_eq!(merge, Some(("/b/c/".to_owned(), "../g".to_owned())));
/// assert_eq!(merged(base, "/g", Readings::default()), None);
/// assert_eq!(merged("http://a", "g", Readings::default()).unwrap().0, "/");
/// ```
pub fn merged(base: &str, reference: &str, readings: Readings) -> Option<(String, String)> {
    let base = pre_parse(base, readings, DotSegments::default());
    match transform_references(&base.components(), reference, readings).path {
        TargetPath::MergeThenRemoveDotSegments { base_part, r_path } => {
            Some((base_part.to_owned(), r_path.to_owned()))
        }
        TargetPath::BasePath(_) | TargetPath::RemoveDotSegments(_) => None,
    }
}

/// The target URI of section 5.2.2, its path held as the expression the
/// pseudocode assigns to `T.path`: recomposition (section 5.3) evaluates it
/// while writing, so the linear `remove_dot_segments` builds the path in
/// place, in the result.
pub(super) struct Target<'a> {
    pub(super) scheme: Option<&'a str>,
    pub(super) authority: Option<&'a str>,
    pub(super) path: TargetPath<'a>,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

/// What section 5.2.2 assigns to `T.path`.
pub(super) enum TargetPath<'a> {
    /// `T.path = Base.path;`
    BasePath(&'a str),
    /// `T.path = remove_dot_segments(R.path);`
    RemoveDotSegments(&'a str),
    /// `T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path);`
    /// with the merge already split into the part it takes from the base
    /// (section 5.2.3) and `R.path`.
    MergeThenRemoveDotSegments { base_part: &'a str, r_path: &'a str },
}

impl Target<'_> {
    /// An upper bound of the recomposed length, to allocate once.
    fn len_hint(&self) -> usize {
        let path = match self.path {
            TargetPath::BasePath(p) | TargetPath::RemoveDotSegments(p) => p.len(),
            TargetPath::MergeThenRemoveDotSegments { base_part, r_path } => {
                base_part.len() + r_path.len()
            }
        };
        let len = |c: Option<&str>| c.map_or(0, |c| c.len() + 2);
        len(self.scheme) + len(self.authority) + path + len(self.query) + len(self.fragment)
    }
}

/// Section 5.2.2, Transform References: "For each URI reference (R), the
/// following pseudocode describes an algorithm for transforming R into its
/// target URI (T)".
pub(super) fn transform_references<'a>(
    base: &Components<'a>,
    r: &'a str,
    readings: Readings,
) -> Target<'a> {
    // "The URI reference is parsed into the five URI components"
    let mut r = parse(r);

    // "A non-strict parser may ignore a scheme in the reference if it is
    // identical to the base URI's scheme."
    //
    // Choice (vector `rfc3986-5.4.2/same-scheme`): "identical" is compared
    // ignoring ASCII case, as section 3.1 makes schemes case-insensitive
    // ("http:g" and "HTTP:g" name the same scheme).
    if readings.same_scheme == SameScheme::NonStrict && same_scheme(r.scheme, base.scheme) {
        r.scheme = None;
    }

    if r.scheme.is_some() {
        Target {
            scheme: r.scheme,
            authority: r.authority,
            path: TargetPath::RemoveDotSegments(r.path),
            query: r.query,
            fragment: r.fragment,
        }
    } else {
        let (authority, path, query);
        if r.authority.is_some() {
            authority = r.authority;
            path = TargetPath::RemoveDotSegments(r.path);
            query = r.query;
        } else {
            (path, query) = path_and_query_from_base(base, &r);
            authority = base.authority;
        }
        Target {
            scheme: base.scheme,
            authority,
            path,
            query,
            // "T.fragment = R.fragment;"
            fragment: r.fragment,
        }
    }
}

/// The inner `else` of section 5.2.2's pseudocode, for a reference with
/// neither scheme nor authority: T's path and query, from R's path and
/// query and the base's.
fn path_and_query_from_base<'a>(
    base: &Components<'a>,
    r: &Components<'a>,
) -> (TargetPath<'a>, Option<&'a str>) {
    if r.path.is_empty() {
        let query = if r.query.is_some() {
            r.query
        } else {
            base.query
        };
        (TargetPath::BasePath(base.path), query)
    } else {
        let path = if r.path.starts_with('/') {
            TargetPath::RemoveDotSegments(r.path)
        } else {
            let (base_part, r_path) = merge(base, r.path);
            TargetPath::MergeThenRemoveDotSegments { base_part, r_path }
        };
        (path, r.query)
    }
}

/// Whether R's scheme and Base's are defined and name the same scheme.
fn same_scheme(r: Option<&str>, base: Option<&str>) -> bool {
    matches!((r, base), (Some(r), Some(base)) if r.eq_ignore_ascii_case(base))
}

/// Section 5.2.3, Merge Paths, returned as the two strings to be joined:
/// what it takes of the base path, and the reference's path.
pub(super) fn merge<'a>(base: &Components<'a>, r_path: &'a str) -> (&'a str, &'a str) {
    // "If the base URI has a defined authority component and an empty path,
    // then return a string consisting of "/" concatenated with the
    // reference's path; otherwise,"
    if base.authority.is_some() && base.path.is_empty() {
        return ("/", r_path);
    }
    // "return a string consisting of the reference's path component appended
    // to all but the last segment of the base URI's path (i.e., excluding
    // any characters after the right-most "/" in the base URI path, or
    // excluding the entire base URI path if it does not contain any "/"
    // characters)."
    let all_but_last = match base.path.rfind('/') {
        Some(slash) => &base.path[..=slash],
        None => "",
    };
    (all_but_last, r_path)
}

/// Section 5.3, Component Recomposition, evaluating `T.path` on the way.
pub(super) fn recompose(
    t: &Target<'_>,
    readings: Readings,
    dots: DotSegments,
    result: &mut String,
) {
    if let Some(scheme) = t.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = t.authority {
        result.push_str("//");
        result.push_str(authority);
    }
    let path_start = result.len();
    let decode = |path| decode_if(readings, path);
    match t.path {
        TargetPath::BasePath(path) => result.push_str(path),
        TargetPath::RemoveDotSegments(path) => dots.remove_into(&decode(path), result),
        TargetPath::MergeThenRemoveDotSegments { base_part, r_path } => {
            dots.remove_merged_into(&decode(base_part), &decode(r_path), result)
        }
    }
    // Reading `double-slash-path` (vector `rfc3986/double-slash-path`):
    // without an authority, a path that starts with `//` would be read back
    // as one (section 3.3 forbids such a path); `dot-prefix` writes `/.`
    // before it, which remove_dot_segments would take away again.
    if readings.double_slash_path == DoubleSlashPath::DotPrefix
        && t.authority.is_none()
        && result[path_start..].starts_with("//")
    {
        result.insert_str(path_start, "/.");
    }
    if let Some(query) = t.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = t.fragment {
        result.push('#');
        result.push_str(fragment);
    }
}
impl Readings {
    /// Each choice of [`Readings::every_for`] with what `reference`
    /// resolves to against `base` under it (the linear
    /// `remove_dot_segments`), in the same order: as
    /// [`super::resolve_with`] gives it, with each base that section 5.2.1
    /// gives pre-parsed once and each distinct answer resolved once.
    ///
    /// ```
    /// use rfc1808_resolver::rfc3986::Readings;
    ///
    /// let answers = Readings::default().answers_for("HTTP://A/b", "g");
    /// let urls: Vec<&str> = answers.iter().map(|(_, url)| url.as_str()).collect();
    /// assert_eq!(urls, ["HTTP://A/g", "http://A/g", "http://a/g"]);
    /// ```
    pub fn answers_for(self, base: &str, reference: &str) -> Vec<(Readings, String)> {
        answers_for(self, base, reference, DotSegments::Linear)
    }
}
