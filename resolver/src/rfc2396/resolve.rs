//! RFC 2396 section 5.2, "Resolving Relative References to Absolute Form",
//! steps 1 to 7.

use std::fmt;

use super::readings::{AboveRoot, CurrentDocument, EmptyBasePath, Readings};
use crate::rfc3986::{parse, Components, SameScheme};
use crate::step6::Step6;

/// Step 6g under the `error` reading: the reference climbs above the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AboveTheRoot {
    /// The buffer string of step 6, which begins with `..`.
    pub path: String,
}

impl fmt::Display for AboveTheRoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the reference climbs above the root: the merged path `{}` still begins \
             with `..` (RFC 2396 section 5.2, step 6g, read as an error)",
            self.path
        )
    }
}

impl std::error::Error for AboveTheRoot {}

/// Resolves `reference` against `base` under the default readings with the
/// segment-stack step 6. The default readings always give an answer.
///
/// ```
/// use rfc1808_resolver::rfc2396;
///
/// assert_eq!(rfc2396::resolve("http://a/b/c/d;p?q", "?y"), "http://a/b/c/?y");
/// assert_eq!(rfc2396::resolve("http://a/b/c/d;p?q", "../../../g"), "http://a/../g");
/// ```
pub fn resolve(base: &str, reference: &str) -> String {
    match resolve_with(base, reference, Readings::default(), Step6::default()) {
        Ok(resolved) => resolved,
        Err(_) => unreachable!("only `above-root=error` rejects, and it is not the default"),
    }
}

/// Resolves `reference` against `base` under `readings`, with the chosen
/// version of steps 6c to 6f.
pub fn resolve_with(
    base: &str,
    reference: &str,
    readings: Readings,
    step6: Step6,
) -> Result<String, AboveTheRoot> {
    // "The base URI is established according to the rules of Section 5.1 and
    // parsed into the four main components as described in Section 3." The
    // parse is Appendix B's regular expression, the same as RFC 3986's.
    let base_uri = parse(base);

    // 1) "The URI reference is parsed into the potential four components and
    //    fragment identifier, as described in Section 4.3."
    let mut r = parse(reference);

    // 2) "If the path component is empty and the scheme, authority, and
    //    query components are undefined, then it is a reference to the
    //    current document and we are done."
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return Ok(step2_current_document(base, &base_uri, &r, readings));
    }
    // "Otherwise, the reference URI's query and fragment components are
    // defined as found (or not found) within the URI reference and not
    // inherited from the base URI." (`r.query` and `r.fragment` stay.)

    // 3) "If the scheme component is defined, indicating that the reference
    //    starts with a scheme name, then the reference is interpreted as an
    //    absolute URI and we are done. Otherwise, the reference URI's scheme
    //    is inherited from the base URI's scheme component."
    if step3_removes_scheme(&base_uri, &r, readings) {
        r.scheme = None;
    }
    if r.scheme.is_some() {
        return Ok(reference.to_owned());
    }
    let scheme = base_uri.scheme;

    // 4) "If the authority component is defined, then the reference is a
    //    network-path and we skip to step 7. Otherwise, the reference URI's
    //    authority is inherited from the base URI's authority component".
    if r.authority.is_some() {
        return Ok(step7(scheme, r.authority, r.path, &r));
    }
    let authority = base_uri.authority;

    // 5) "If the path component begins with a slash character ("/"), then
    //    the reference is an absolute-path and we skip to step 7."
    if r.path.starts_with('/') {
        return Ok(step7(scheme, authority, r.path, &r));
    }

    // 6) "If this step is reached, then we are resolving a relative-path
    //    reference."
    let path = step6_merge(&base_uri, r.path, readings, step6)?;
    Ok(step7(scheme, authority, &path, &r))
}

/// Step 2's "reference to the current document", under its reading.
fn step2_current_document(
    base: &str,
    base_uri: &Components<'_>,
    r: &Components<'_>,
    readings: Readings,
) -> String {
    match readings.current_document {
        CurrentDocument::Reference => r.to_string(),
        CurrentDocument::Base => {
            // The document is the base URI; section 4: a fragment "is not
            // part of a URI", so the base's own is not the document's.
            let document = match base_uri.fragment {
                Some(fragment) => &base[..base.len() - fragment.len() - 1],
                None => base,
            };
            match r.fragment {
                Some(fragment) => format!("{document}#{fragment}"),
                None => document.to_owned(),
            }
        }
    }
}

/// Step 3's second paragraph: "For backwards compatibility, an
/// implementation may work around such references by removing the scheme
/// if it matches that of the base URI and the scheme is known to always use
/// the <hier_part> syntax."
///
/// Choice (vector `rfc3986-5.4.2/same-scheme`): "matches" ignores ASCII case
/// (section 3.1: "programs interpreting URI should treat upper case letters
/// as equivalent to lower case in scheme names"); and, knowing no scheme's
/// rules, "known to always use the <hier_part> syntax" is read off the base
/// itself: it has an authority or a path that begins with `/`.
fn step3_removes_scheme(base: &Components<'_>, r: &Components<'_>, readings: Readings) -> bool {
    let (Some(scheme), Some(base_scheme)) = (r.scheme, base.scheme) else {
        return false;
    };
    readings.same_scheme == SameScheme::NonStrict
        && scheme.eq_ignore_ascii_case(base_scheme)
        && (base.authority.is_some() || base.path.starts_with('/'))
}

/// Step 6: merges the relative path with the base path in a buffer.
///
/// Steps 6c to 6f are word for word RFC 1808's Step 6a to 6d, so they are
/// [`Step6`], either version, run on the buffer without its leading `/`:
/// that slash is the root, not the end of an empty segment that a `..`
/// could remove (Appendix C: `../../../g` = `http://a/../g`).
fn step6_merge(
    base: &Components<'_>,
    r_path: &str,
    readings: Readings,
    step6: Step6,
) -> Result<String, AboveTheRoot> {
    // a) "All but the last segment of the base URI's path component is
    //    copied to the buffer. In other words, any characters after the last
    //    (right-most) slash character, if any, are excluded."
    let (root, base_path) = match base.path.strip_prefix('/') {
        Some(below_root) => ("/", below_root),
        None if base.path.is_empty()
            && base.authority.is_some()
            && readings.empty_base_path == EmptyBasePath::Slash =>
        {
            ("/", "")
        }
        None => ("", base.path),
    };
    let mut buffer = String::from(root);
    // b) "The reference's path component is appended to the buffer string."
    // c) to f): the removal of "." and "<segment>/.." segments.
    step6.merge_into(base_path, r_path, &mut buffer);

    // g) "If the resulting buffer string still begins with one or more
    //    complete path segments of "..", then the reference is considered to
    //    be in error."
    let below_root = &buffer[root.len()..];
    let mut climbs = below_root;
    while let Some(rest) = climbs.strip_prefix("../") {
        climbs = rest;
    }
    if climbs == ".." {
        climbs = "";
    }
    if climbs.len() < below_root.len() {
        match readings.above_root {
            AboveRoot::Kept => {}
            AboveRoot::Removed => buffer = format!("{root}{climbs}"),
            AboveRoot::Error => return Err(AboveTheRoot { path: buffer }),
        }
    }

    // h) "The remaining buffer string is the reference URI's new path
    //    component."
    Ok(buffer)
}

/// Step 7: "The resulting URI components, including any inherited from the
/// base URI, are recombined to give the absolute form of the URI
/// reference." Its pseudocode is RFC 3986's section 5.3, which is how
/// [`Components`] displays.
fn step7(scheme: Option<&str>, authority: Option<&str>, path: &str, r: &Components<'_>) -> String {
    Components {
        scheme,
        authority,
        path,
        query: r.query,
        fragment: r.fragment,
    }
    .to_string()
}
