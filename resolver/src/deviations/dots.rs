//! The merge and `remove_dot_segments`: the deviations that keep, pop or
//! write the dot segments and the root otherwise than RFC 3986 5.2.3 and
//! 5.2.4.

use super::*;

deviations! {
    ABOVE_ROOT_KEPT = "above-root-kept", false,
        [None, None, Some("5.2.4")], ("http://a/b/c/d;p?q", "../../../g"),
        "a `..` that climbs above the root is kept in the path; in a rootless path, merged or a reference's own, each `..` with no segment before it to remove is kept (`foo:a` + `../g` is `foo:../g`, `foo:..` is `foo:../`)",
        "RFC 1808 and RFC 2396 implementations kept under RFC 3986, uritools (its remove_dot_segments keeps a `..` it cannot pop); RFC 3986 5.2.4 removes it (`/../g` is `/g`, `foo:..` is `foo:`)";
    ROOTLESS_KEPT_ROOTLESS = "rootless-kept-rootless", false,
        [None, None, Some("5.2.4")], ("foo:b/c", "../g"),
        "dot-segment removal leaves a rootless path rootless, where rule C leaves a `/`",
        "uriparser, Node's url.resolve (`foo:b/c` + `../g` gives `foo:g`); RFC 3986 5.2.4 rule C on `b/../g` gives `/g`, the letter of the RFC that many call a flaw";
    BASE_DOTS_KEPT = "base-dots-kept", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.4")], ("http://a/./b", "g"),
        "the dot segments of the base's path are kept in a merge; only the reference's are removed",
        "oxiri; RFC 3986 5.2.2 runs remove_dot_segments on merge(Base.path, R.path), the base's part included";
    DOUBLE_SLASH_PATH_REJECTED = "double-slash-path-rejected", false,
        [Some("4 step 7"), Some("5.2 step 7"), Some("5.2.4, 5.3")], ("http:/b/c", "..//g"),
        "a result whose path starts with `//` and that has no authority is rejected",
        "GLib's g_uri_resolve_relative (a failed check), Qt's QUrl (\"Path component starts with '//' and authority is absent\"), Ruby's addressable, oxiri; the specs give such a path (`/b/..//g` is `//g`) and write it after the scheme, RFC 3986 5.3 as it is or after `/.` (the dot-prefix reading), and reject nothing";
    ROOT_POPPED_BY_DOTS = "root-popped-by-dots", false,
        [None, None, Some("5.2.4")], ("http://a/b", "/../"),
        "dot segments are removed on the list of the path's segments, where a `..` above the root pops the root's empty segment: `/../` is the empty path, `/..///` is `//`",
        "the Python rfc3986 package's remove_dot_segments, oxiri; RFC 3986 5.2.4 keeps the root (`/../` is `/`)";
    ROOTLESS_BASE_RESULT_ROOTLESS = "rootless-base-result-rootless", false,
        [Some("4 step 4"), Some("5.2 step 5"), Some("5.2.2")], ("foo:a", "/g"),
        "against a base with no authority and a path that does not start with `/`, a result without an authority is written without its path's leading `/` (`foo:a` + `/g` is `foo:g`)",
        "hyperlink, oxiri (a URL without an authority keeps its base's rootedness); RFC 3986 5.2.2 takes an absolute-path reference's path as it is";
    HOSTLESS_MERGE_UNROOTED = "hostless-merge-unrooted", false,
        [None, None, Some("5.2.3")], ("http://", "."),
        "against a base with an empty host and an empty path, a relative path is merged without the `/` that 5.2.3 puts before it, so one that leaves nothing (`.`) gives an empty path (`http://` + `.` is `http://`)",
        "Node's url.resolve (an empty host is false, so the base is taken for one without authority); RFC 3986 5.2.3: a base with an authority and an empty path merges to `/` and the reference";
    ROOTLESS_EMPTIED_DOT_SLASH = "rootless-emptied-dot-slash", false,
        [None, None, Some("5.2.4")], ("http://a/b", "foo:a/.."),
        "a rootless path that dot-segment removal leaves empty, or only `/`, is written `./` (`foo:a/..`, `foo:a/../` and `foo:.` are `foo:./`)",
        "uritools (its remove_dot_segments writes `./` for a path that would be a lone empty segment); RFC 3986 5.2.4 gives `/` for `a/..` (rule C) and nothing for `.` (rule D)";
}

impl Resolving<'_> {
    /// `resolved` with a rootless path's dot segments removed as `set`
    /// removes them.
    pub(super) fn remove_rootless_dots(&self, resolved: &mut String) {
        use Id::*;
        let Resolving { set, b, r, .. } = *self;
        // remove_dot_segments on a rootless path: what the spec's leaves empty,
        // or only `/` (before rule C's `/` goes, so that `a/..//` is not
        // emptied).
        if set.has(RootlessEmptiedDotSlash)
            && dots_input_is_rootless(&b, &r)
            && double_slash_path(resolved, &b, &r).is_none()
            && matches!(parse(resolved).path, "" | "/")
        {
            *resolved = replace_path(resolved, "./");
        }
        if set.has(RootlessKeptRootless) && dots_input_is_rootless(&b, &r) {
            let out = parse(resolved);
            if let Some(path) = double_slash_path(resolved, &b, &r) {
                // Rule C's `/` not left: `a/..//g` is `/g`, one `/` short of `//g`.
                *resolved = replace_double_slash_path(resolved, &path[1..]);
            } else if out.authority.is_none() && out.path.starts_with('/') {
                *resolved = replace_path(resolved, &out.path[1..]);
            }
        }
        if set.has(RootlessBaseResultRootless) && r.scheme.is_none() {
            let out = parse(resolved);
            if b.authority.is_none()
                && !b.path.starts_with('/')
                && out.authority.is_none()
                && out.path.starts_with('/')
            {
                *resolved = replace_path(resolved, &out.path[1..]);
            }
        }
        if set.has(HostlessMergeUnrooted)
            && host(b.authority) == Some("")
            && b.path.is_empty()
            && r.scheme.is_none()
            && r.authority.is_none()
            && !r.path.is_empty()
            && !r.path.starts_with('/')
            && parse(resolved).path == "/"
        {
            *resolved = replace_path(resolved, "");
        }
    }

    /// `resolved` with the dot segments that `root-popped-by-dots` pops;
    /// `Err` for a path that `double-slash-path-rejected` refuses.
    pub(super) fn pop_dots(&self, resolved: &mut String) -> Result<(), String> {
        use Id::*;
        let Resolving { set, b, r, .. } = *self;
        if set.has(RootPoppedByDots) {
            if let Some(input) = dots_input(&b, &r) {
                let popped = pop_dot_segments(&input);
                // A target path that starts with `//` and no authority is
                // written as the reading writes it: after the scheme, where it
                // re-parses as an authority, or after `/.`.
                *resolved = match double_slash_path(resolved, &b, &r) {
                    Some(_) if parse(resolved).authority.is_some() => {
                        replace_double_slash_path(resolved, &popped)
                    }
                    Some(_) if popped.starts_with("//") => {
                        replace_path(resolved, &format!("/.{popped}"))
                    }
                    _ => replace_path(resolved, &popped),
                };
            }
        }
        if set.has(DoubleSlashPathRejected) && double_slash_path(resolved, &b, &r).is_some() {
            return Err(DoubleSlashPathRejected.name().to_owned());
        }
        Ok(())
    }
}

/// The path RFC 3986 5.2.2 gives remove_dot_segments, merged as 5.2.3
/// says; `None` where it gives none (an empty reference path).
pub(super) fn dots_input(b: &Components<'_>, r: &Components<'_>) -> Option<String> {
    if r.scheme.is_some() || r.authority.is_some() || r.path.starts_with('/') {
        return Some(r.path.to_owned());
    }
    if r.path.is_empty() {
        return None;
    }
    if b.authority.is_some() && b.path.is_empty() {
        return Some(format!("/{}", r.path));
    }
    let kept = b.path.rfind('/').map_or("", |slash| &b.path[..=slash]);
    Some(format!("{kept}{}", r.path))
}

/// Dot segments removed on the list of `path`'s segments, as many
/// libraries write it: `..` pops whatever is last, the root's empty
/// segment too, and a `/` is put back at the start and the end after.
pub(super) fn pop_dot_segments(path: &str) -> String {
    let mut output: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "." => {}
            ".." => {
                output.pop();
            }
            s => output.push(s),
        }
    }
    if path.starts_with('/') && output.first().is_none_or(|s| !s.is_empty()) {
        output.insert(0, "");
    }
    if path.ends_with("/.") || path.ends_with("/..") {
        output.push("");
    }
    output.join("/")
}

/// Whether the path RFC 3986 5.2.2 gives to remove_dot_segments is
/// rootless: a reference's own path with a scheme or authority, or the
/// merge of a rootless base path.
pub(super) fn dots_input_is_rootless(b: &Components<'_>, r: &Components<'_>) -> bool {
    if r.scheme.is_some() || r.authority.is_some() {
        return !r.path.is_empty() && !r.path.starts_with('/');
    }
    if r.path.is_empty() || r.path.starts_with('/') {
        return false;
    }
    // 5.2.3: a base with an authority and an empty path gives `/` + R.path.
    !(b.path.starts_with('/') || (b.authority.is_some() && b.path.is_empty()))
}

/// Stand-ins for the base's `.` and `..` segments, which remove_dot_segments
/// takes for names.
pub(super) const DOT: &str = "\u{2}";
pub(super) const DOT_DOT: &str = "\u{3}";

/// The reference resolver's answer with the base path's dot segments
/// taken for names, then written back.
pub(super) fn resolve_keeping_base_dots(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let b = parse(base);
    let segments: Vec<&str> = b
        .path
        .split('/')
        .map(|s| match s {
            "." => DOT,
            ".." => DOT_DOT,
            s => s,
        })
        .collect();
    let stand_in = replace_path(base, &segments.join("/"));
    let resolved = reference_resolver(&stand_in, reference)?;
    Ok(resolved.replace(DOT_DOT, "..").replace(DOT, "."))
}

/// A marker segment, which no resolver changes, put below the root so that
/// the `..` that would climb above it stay visible.
pub(super) const BELOW_ROOT: &str = "\u{1}";

/// The reference resolver's answer with every `..` that climbs above the
/// root kept: the base path (or a rooted reference path) is resolved below
/// as many marker segments as the reference has `..`, and each marker left
/// in the answer is a `..` the spec removed.
pub(super) fn resolve_keeping_above_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let (b, r) = (parse(base), parse(reference));
    let climbs = reference.matches("..").count();
    // 5.2.3: a base with an authority and an empty path merges as `/`.
    let base_path = match b.path {
        "" if b.authority.is_some() => "/",
        path => path,
    };
    if r.authority.is_some() {
        return reference_resolver(base, reference);
    }
    if let Some(scheme) = r.scheme {
        return keep_above_own_root(reference_resolver, base, reference, scheme);
    }
    if !base_path.starts_with('/') {
        return keep_above_rootless_root(reference_resolver, base, reference);
    }
    if climbs == 0 {
        return reference_resolver(base, reference);
    }
    let below = format!("/{BELOW_ROOT}").repeat(climbs);
    let deeper_base = replace_path(base, &format!("{below}{base_path}"));
    let deeper_reference = if r.path.starts_with('/') {
        replace_path(reference, &format!("{below}{}", r.path))
    } else {
        reference.to_owned()
    };
    let resolved = reference_resolver(&deeper_base, &deeper_reference)?;
    let marker = format!("/{BELOW_ROOT}");
    let out = parse(&resolved);
    let mut path = out.path;
    let mut kept = 0;
    while let Some(rest) = path.strip_prefix(&marker) {
        path = rest;
        kept += 1;
    }
    let above = "/..".repeat(climbs - kept);
    // A last `..` that climbed out leaves the `/` of rule C: `/..` kept
    // is `/..`, not `/../`.
    if path == "/" && kept < climbs && r.path.ends_with("..") {
        path = "";
    }
    Ok(replace_path(&resolved, &format!("{above}{path}")))
}

/// [`resolve_keeping_above_root`] for a base with a rootless or empty path
/// (and no authority): a reference path merged with it keeps each `..` that
/// climbs above its first segment, written before the rest without a `/`
/// (`foo:a` + `../g` is `foo:../g`, `foo:a/b` + `../..` is `foo:../`,
/// `foo:` + `..` is `foo:../`), the base's own `..` as well (`foo:./../`
/// + `a` is `foo:../a`).
pub(super) fn keep_above_rootless_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let r = parse(reference);
    let b = parse(base);
    // Each segment of the reference, and of the base's path but its last
    // (which the merge drops), can climb once at most: a `..`, or a `%2E%2E`
    // that a reading decodes.
    let directory = b
        .path
        .rsplit_once('/')
        .map_or("", |(directory, _)| directory);
    let climbs = reference.split('/').chain(directory.split('/')).count();
    if r.path.is_empty() || r.path.starts_with('/') {
        return reference_resolver(base, reference);
    }
    // One marker more than can be climbed keeps the path from starting
    // with `/` (rule C's, after the last marker) and so from `//`, which
    // would be read back as an authority.
    let marker = format!("{BELOW_ROOT}/");
    let deeper_base = replace_path(base, &format!("{}{}", marker.repeat(climbs + 1), b.path));
    let resolved = reference_resolver(&deeper_base, reference)?;
    let out = parse(&resolved);
    let mut path = out.path;
    let mut kept: usize = 0;
    while let Some(rest) = path.strip_prefix(&marker) {
        path = rest;
        kept += 1;
    }
    // The marker that cannot be climbed is still there.
    let Some(kept) = kept.checked_sub(1) else {
        return reference_resolver(base, reference);
    };
    if kept == climbs {
        // Nothing climbed out: the answer is the reference's own.
        return reference_resolver(base, reference);
    }
    Ok(replace_path(
        &resolved,
        &format!("{}{path}", "../".repeat(climbs - kept)),
    ))
}

/// [`resolve_keeping_above_root`] for a reference with a scheme. 5.2.2
/// removes the dot segments of its own path: a rooted one keeps none above
/// its root, and a rootless one keeps each `..` with nothing before it to
/// remove, as a rootless base path merged with it does (`foo:..` is
/// `foo:../`, `foo:a/../../g` is `foo:../g`). A reading that merges a
/// reference with the base's scheme (`same-scheme=non-strict`) gives it the
/// base's, as a merged path.
pub(super) fn keep_above_own_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
    scheme: &str,
) -> Result<String, String> {
    let path = parse(reference).path;
    if path.is_empty() || path.starts_with('/') {
        return reference_resolver(base, reference);
    }
    // `./` keeps a first segment with a `:` from being read as a scheme.
    let relative = format!("./{}", &reference[scheme.len() + 1..]);
    if merges_scheme(reference_resolver, parse(base).scheme, scheme)? {
        return resolve_keeping_above_root(reference_resolver, base, &relative);
    }
    // Merged with a one-segment rootless base, the path is its own.
    let resolved =
        resolve_keeping_above_root(reference_resolver, &format!("{scheme}:x"), &relative)?;
    let rest = resolved.split_once(':').map_or("", |(_, rest)| rest);
    Ok(format!("{scheme}:{rest}"))
}

/// Whether the reading at hand merges a reference of `scheme` (with no
/// authority) against a base of `base_scheme`, as a relative reference:
/// RFC 3986 5.2.2's non-strict parser, when they are the same. Asked of a
/// case where merging shows.
pub(super) fn merges_scheme(
    reference_resolver: Reference<'_>,
    base_scheme: Option<&str>,
    scheme: &str,
) -> Result<bool, String> {
    let Some(base_scheme) = base_scheme else {
        return Ok(false);
    };
    let strictly = format!("{scheme}:g");
    Ok(base_scheme.eq_ignore_ascii_case(scheme)
        && reference_resolver(&format!("{base_scheme}:/p/q"), &strictly)? != strictly)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::deviations::tests::*;
    use crate::rfc3986;

    /// What the deviations of this file give: each case's answer with
    /// them, and another without ([`super::super::tests::assert_gives`]).
    pub(in crate::deviations) const CASES: &[Case<'static>] = {
        use Id::*;
        &[
            (&[AboveRootKept], BASE, "../../../g", Ok("http://a/../g")),
            (
                &[AboveRootKept],
                BASE,
                "../../../../g",
                Ok("http://a/../../g"),
            ),
            (&[AboveRootKept], BASE, "/../g", Ok("http://a/../g")),
            (&[RootlessKeptRootless], "foo:b/c", "../g", Ok("foo:g")),
            (&[BaseDotsKept], "http://a/./b", "g", Ok("http://a/./g")),
            (
                &[BaseDotsKept],
                "http://a/x/../b/c",
                "../g",
                Ok("http://a/x/../g"),
            ),
            (&[RootlessKeptRootless], "foo:a/b", "..//g", Ok("foo:/g")),
            (
                &[RootlessKeptRootless],
                "http://a/b",
                "foo:a/..//g",
                Ok("foo:/g"),
            ),
            (
                &[DoubleSlashPathRejected],
                "foo:/a",
                "..//g",
                Err("double-slash-path-rejected"),
            ),
            (
                &[DoubleSlashPathRejected],
                "foo:",
                ".///a",
                Err("double-slash-path-rejected"),
            ),
            (&[RootPoppedByDots], "http://a", "../", Ok("http://a")),
            (&[RootPoppedByDots], "http://a", "..///", Ok("http://a//")),
            (&[AboveRootKept], "http://a", "..", Ok("http://a/..")),
            (&[AboveRootKept], "http://a", "/..///", Ok("http://a/..///")),
            // hyperlink, oxiri.
            (&[RootlessBaseResultRootless], "a:a#", "/", Ok("a:")),
            (&[RootlessBaseResultRootless], "a:a#", "/b", Ok("a:b")),
            (&[RootlessBaseResultRootless], "a:a", "/.", Ok("a:")),
            (&[RootlessBaseResultRootless], "foo:", "/..", Ok("foo:")),
            (&[HostlessMergeUnrooted], "http://", ".", Ok("http://")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:a/..", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:.?q", Ok("foo:./?q")),
            (&[RootlessEmptiedDotSlash], "foo:a/b", "..", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:a/../", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:./#f", Ok("foo:./#f")),
            (&[RootlessEmptiedDotSlash], "foo:a", "./", Ok("foo:./")),
            (
                &[RootlessEmptiedDotSlash, RootlessKeptRootless],
                "foo:a/",
                "..//",
                Ok("foo:/"),
            ),
            (&[AboveRootKept], "foo:a", "../g", Ok("foo:../g")),
            (&[AboveRootKept], "foo:a/b", "../..", Ok("foo:../")),
            (&[AboveRootKept], "foo:a/b/c", "../../../g", Ok("foo:../g")),
            (&[AboveRootKept], BASE, "foo:..", Ok("foo:../")),
            (
                &[AboveRootKept],
                BASE,
                "Foo:a/../../g?..#..",
                Ok("Foo:../g?..#.."),
            ),
            (&[AboveRootKept], "foo:a", "foo:../g", Ok("foo:../g")),
            (&[AboveRootKept], "foo:a/b/c", "foo:../g", Ok("foo:../g")),
            (
                &[AboveRootKept],
                "foo:../../a",
                "../g",
                Ok("foo:../../../g"),
            ),
            (&[AboveRootKept], "foo:", "..", Ok("foo:../")),
            (&[AboveRootKept], "foo:./../", "a", Ok("foo:../a")),
            (&[AboveRootKept], "foo:../b", "a", Ok("foo:../a")),
            (&[AboveRootKept], "foo:..///./", "a", Ok("foo:..///a")),
            (&[AboveRootKept], "foo:", "..///a", Ok("foo:..///a")),
            (&[AboveRootKept], BASE, "a:./..///", Ok("a:..///")),
        ]
    };

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        assert_gives(CASES);
    }

    #[test]
    fn an_escaped_dot_segment_that_a_reading_decodes_climbs_too() {
        let decoded = under(rfc3986::Readings {
            escaped_dots: rfc3986::EscapedDots::Decoded,
            ..rfc3986::Readings::default()
        });
        let kept = Set::of(&[Id::AboveRootKept]);
        assert_eq!(
            resolve(&decoded, kept, "foo:a", "%2E%2E/g"),
            Ok("foo:../g".to_owned())
        );
        assert_eq!(
            resolve(&decoded, kept, "foo:a/%2e%2e/%2E%2E/b", "%2e%2e/g"),
            Ok("foo:../../g".to_owned())
        );
    }

    #[test]
    fn a_reference_merged_under_the_non_strict_reading_has_the_base_authority() {
        let rejecting = Set::of(&[Id::DoubleSlashPathRejected]);
        assert_eq!(
            resolve(&non_strict, rejecting, "http://a/b", "http:/g"),
            Ok("http://a/g".to_owned())
        );
        // Strictly, a `//` path after another scheme is one, whatever the
        // base's authority.
        assert_eq!(
            run(&[Id::DoubleSlashPathRejected], "http://g/a", "x:/..//g"),
            Err("double-slash-path-rejected".to_owned())
        );
        assert_eq!(
            run(&[Id::DoubleSlashPathRejected], "foo:/a", "foo:/..//g"),
            Err("double-slash-path-rejected".to_owned())
        );
    }

    #[test]
    fn a_dot_prefix_that_dot_removal_wrote_is_an_escape() {
        let dot_prefix = under(rfc3986::Readings {
            double_slash_path: rfc3986::DoubleSlashPath::DotPrefix,
            ..rfc3986::Readings::default()
        });
        let added = Set::of(&[Id::AuthorityAdded]);
        assert_eq!(dot_prefix("http:/.//", "a"), Ok("http:/.//a".to_owned()));
        assert_eq!(
            resolve(&dot_prefix, added, "http:/.//", "a"),
            Ok("http:////a".to_owned())
        );
        // The base's own `/.//`, taken whole, is a path.
        assert_eq!(
            resolve(&dot_prefix, added, "http:/.//", ""),
            Ok("http:///.//".to_owned())
        );
    }

    #[test]
    fn a_path_the_popped_root_leaves_with_two_slashes_is_written_as_the_reading_writes_it() {
        let popped = Set::of(&[Id::RootPoppedByDots]);
        // `/..///a` is `//a` once `..` pops the root; RFC 3986 keeps it,
        // `///a`, and writes it after the scheme, where it reads as an
        // empty authority.
        assert_eq!(rfc3986("a:", "/..///a"), Ok("a:///a".to_owned()));
        assert_eq!(
            resolve(&rfc3986, popped, "a:", "/..///a"),
            Ok("a://a".to_owned())
        );
        let dot_prefix = under(rfc3986::Readings {
            double_slash_path: rfc3986::DoubleSlashPath::DotPrefix,
            ..rfc3986::Readings::default()
        });
        assert_eq!(
            resolve(&dot_prefix, popped, "a:", "/..///a"),
            Ok("a:/.//a".to_owned())
        );
        // Popped to a path with one slash: nothing to escape.
        assert_eq!(
            resolve(&dot_prefix, popped, "a:", "/..//a"),
            Ok("a:/a".to_owned())
        );
    }

    #[test]
    fn only_an_emptied_rootless_path_is_written_dot_slash() {
        let cases = [
            (BASE, "foo:a/../b"),
            (BASE, "foo:a/b/.."),
            (BASE, "foo:/a/.."),
            (BASE, "foo:a/"),
            (BASE, "foo:"),
            ("foo:a/b", "../g"),
            (BASE, ".."),
        ];
        assert_leaves_alone(Id::RootlessEmptiedDotSlash, &cases);
    }

    #[test]
    fn above_root_kept_changes_only_a_path_that_climbs_out() {
        // Nothing of these climbs above the root of a path: each gives the
        // reference's own answer.
        let cases = [
            ("foo:a", "foo:a/../g"),
            ("foo:..", "a#"),
            ("foo:a", "foo:a:b/.."),
            ("foo:a", "//h/../g"),
            ("foo:a", "/../g"),
            ("foo:a", "?.."),
            ("foo:a/b", "../g"),
            ("http://a/b", "x:/../g"),
            ("http://a/b", "x:/../.."),
            ("http://a/b", "//h/../g"),
        ];
        assert_leaves_alone(Id::AboveRootKept, &cases);
    }

    #[test]
    fn rootless_kept_rootless_leaves_a_merge_with_a_rooted_base_path_alone() {
        // 5.2.3: a rooted base path, or a base with an authority and an
        // empty path, makes the merged path rooted.
        assert_leaves_alone(
            Id::RootlessKeptRootless,
            &[(BASE, "g"), (BASE, "../g"), ("http://a", "g")],
        );
        // Without an authority too: a rooted base path gives a rooted
        // merge, whose `/` the deviation leaves (`a:/b/g`, not `a:b/g`).
        assert_leaves_alone(
            Id::RootlessKeptRootless,
            &[("a:/b/c", "d/../g"), ("a:/b", "../g")],
        );
        // An empty base path without an authority merges to the
        // reference's own rootless path, which the deviation keeps
        // rootless: `b/../../g` is `/g` by 5.2.4, `g` with it.
        assert_eq!(
            run(&[Id::RootlessKeptRootless], "a:", "b/../../g"),
            Ok("a:g".to_owned())
        );
        assert_eq!(rfc3986("a:", "b/../../g"), Ok("a:/g".to_owned()));
    }

    #[test]
    fn root_popped_by_dots_leaves_a_reference_with_a_scheme_its_own_path() {
        // 5.2.2: a reference with a scheme gives remove_dot_segments its own
        // path, not one merged with the base's.
        assert_leaves_alone(Id::RootPoppedByDots, &[(BASE, "g:h"), (BASE, "g:h/i")]);
    }
}
