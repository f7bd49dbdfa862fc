//! The properties of the RFC 3986 and RFC 2396 reference resolvers
//! (`rfc1808_resolver::rfc3986` and `rfc2396`), one function per fuzz
//! target, on the same [`Input`] shapes as [`crate::properties`]: the base
//! and relative strings are taken as paths and as URI references.

use rfc1808_resolver::{rfc2396, rfc3986, Step6};

use crate::violation::Violation;
use crate::Input;

fn violation(property: &'static str, input: &Input, message: String) -> Violation {
    Violation {
        property,
        input: input.clone(),
        message,
    }
}

/// Target `rfc3986_dot_segments`: the linear `remove_dot_segments` equals
/// the RFC's input-buffer/output-buffer loop, and removing dot segments
/// twice equals once, on
///
/// - the two strings taken as paths, alone and joined by `/` (so that the
///   linear version's merged prefix is split where the merge puts it);
/// - the paths Appendix B parses out of them;
/// - whole resolutions, under each reading that can change the answer
///   ([`rfc3986::Readings::every_for`]), which compares the recomposed
///   result too.
pub fn rfc3986_dot_segments(input: &Input) -> Result<(), Violation> {
    const PROPERTY: &str = "rfc3986_dot_segments";
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let agree = |prefix: &str, path: &str| {
        let mut linear = String::new();
        rfc3986::DotSegments::Linear.remove_merged_into(prefix, path, &mut linear);
        let buffers = rfc3986::remove_dot_segments(format!("{prefix}{path}"));
        if linear != buffers {
            return Err(violation(
                PROPERTY,
                input,
                format!("remove_dot_segments({prefix:?} + {path:?}): linear {linear:?}, buffers {buffers:?}"),
            ));
        }
        let twice = rfc3986::remove_dot_segments(buffers.clone());
        if twice != buffers {
            return Err(violation(
                "rfc3986_dot_segments: twice equals once",
                input,
                format!("remove_dot_segments({prefix:?} + {path:?}) is {buffers:?}, and again {twice:?}"),
            ));
        }
        Ok(())
    };
    agree("", base)?;
    agree("", relative)?;
    agree(&format!("{base}/"), relative)?;
    agree("", rfc3986::parse(base).path)?;
    agree("", rfc3986::parse(relative).path)?;
    for readings in rfc3986::Readings::default().every_for(base, relative) {
        let [linear, buffers] = rfc3986::DotSegments::ALL
            .map(|dots| rfc3986::resolve_with(base, relative, readings, dots));
        if linear != buffers {
            return Err(violation(
                PROPERTY,
                input,
                format!("resolved under {readings}: linear {linear:?}, buffers {buffers:?}"),
            ));
        }
    }
    Ok(())
}

/// Target `rfc3986_idempotence`: resolving never panics, and
///
/// 1. Appendix B parsing and section 5.3 recomposition lose nothing:
///    `parse(s).to_string() == s` for the base, the reference and the
///    result;
/// 2. the empty reference resolves to the base without its fragment
///    (section 5.2.2 with `R.path == ""` and nothing defined);
/// 3. against a base with a scheme and no dot segment in its path, the
///    result resolves to itself (strict reading): it has the base's scheme,
///    and its path has no dot segment left to remove. (A base path with dot
///    segments is taken as it is by `T.path = Base.path`, so the empty
///    reference would keep them where the result has lost them.)
pub fn rfc3986_idempotence(input: &Input) -> Result<(), Violation> {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let result = rfc3986::resolve(base, relative);

    for s in [base, relative, &result] {
        let again = rfc3986::parse(s).to_string();
        if again != s {
            return Err(violation(
                "rfc3986_idempotence: parse round trip",
                input,
                format!("{s:?} parses and recomposes to {again:?}"),
            ));
        }
    }

    let empty = rfc3986::resolve(base, "");
    let base_without_fragment = base.split_once('#').map_or(base, |(before, _)| before);
    if empty != base_without_fragment {
        return Err(violation(
            "rfc3986_idempotence: empty reference",
            input,
            format!("the empty reference resolves to {empty:?}, not {base_without_fragment:?}"),
        ));
    }

    let base_c = rfc3986::parse(base);
    if base_c.scheme.is_some()
        && rfc3986::remove_dot_segments(base_c.path.to_owned()) == base_c.path
    {
        let again = rfc3986::resolve(base, &result);
        if again != result {
            return Err(violation(
                "rfc3986_idempotence: re-resolution",
                input,
                format!("the result {result:?} resolves against the base to {again:?}"),
            ));
        }
    }
    Ok(())
}

/// Target `rfc2396_step6_differential`: RFC 2396's steps 6c to 6f give the
/// same answer with either [`Step6`] version, under every reading.
pub fn rfc2396_step6_differential(input: &Input) -> Result<(), Violation> {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    for readings in rfc2396::Readings::every() {
        let [stack, string] =
            Step6::ALL.map(|step6| rfc2396::resolve_with(base, relative, readings, step6));
        if stack != string {
            return Err(violation(
                "rfc2396_step6_differential",
                input,
                format!("resolved under {readings}: stack {stack:?}, string {string:?}"),
            ));
        }
    }
    Ok(())
}

/// A Rust crate that claims RFC 3986, as the differential runs it: `None`
/// when the crate rejects the base (as not an absolute URI) or the
/// reference, else its target.
#[cfg(feature = "rfc3986-crates")]
pub type Crate = (&'static str, fn(&str, &str) -> Option<String>);

/// The crates of [`rfc3986_crates_differential`], with the version the
/// lock file holds.
#[cfg(feature = "rfc3986-crates")]
pub const CRATES: [Crate; 3] = [
    ("oxiri", |base, reference| {
        let base = oxiri::Iri::parse(base).ok()?;
        Some(base.resolve(reference).ok()?.into_inner())
    }),
    ("fluent-uri", |base, reference| {
        let base = fluent_uri::Uri::parse(base).ok()?;
        let reference = fluent_uri::UriRef::parse(reference).ok()?;
        Some(reference.resolve_against(&base).ok()?.to_string())
    }),
    ("iri-string", |base, reference| {
        use iri_string::format::ToDedicatedString;
        let base = iri_string::types::UriAbsoluteStr::new(base).ok()?;
        let reference = iri_string::types::UriReferenceStr::new(reference).ok()?;
        Some(
            reference
                .resolve_against(base)
                .to_dedicated_string()
                .to_string(),
        )
    }),
];

/// Target `rfc3986_crates`: where a crate accepts the base and the
/// reference, its target is the RFC 3986 reference resolver's under one of
/// the readings of [`rfc3986::REGISTRY`], unless the input is one of the
/// crate's known deviations ([`known_deviation`]). A crate that rejects the
/// input is not compared: they validate against the grammar, the reference
/// does not.
#[cfg(feature = "rfc3986-crates")]
pub fn rfc3986_crates_differential(input: &Input) -> Result<(), Violation> {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let answers: Vec<String> = rfc3986::Readings::default()
        .every_for(base, relative)
        .into_iter()
        .map(|readings| {
            rfc3986::resolve_with(base, relative, readings, rfc3986::DotSegments::Linear)
        })
        .collect();
    for (name, resolve) in CRATES {
        let Some(got) = resolve(base, relative) else {
            continue;
        };
        if !answers.contains(&got) && known_deviation(name, base, relative, &got).is_none() {
            return Err(violation(
                "rfc3986_crates",
                input,
                format!(
                    "{name} gives {got:?}, RFC 3986 section 5.2 gives {:?}",
                    answers[0]
                ),
            ));
        }
    }
    Ok(())
}

/// Why the crate `name` is known to answer `got`, otherwise than RFC 3986
/// under any reading, or `None`. Each is a confirmed deviation recorded in
/// docs/findings.md, recognised here by its shape so that the fuzzer looks
/// past it for others.
#[cfg(feature = "rfc3986-crates")]
pub fn known_deviation(name: &str, base: &str, relative: &str, got: &str) -> Option<&'static str> {
    let want = rfc3986::resolve(base, relative);
    let unchanged = got == relative;
    let (base, relative, got, want) = (
        rfc3986::parse(base),
        rfc3986::parse(relative),
        rfc3986::parse(got),
        rfc3986::parse(&want),
    );
    let merges = relative.scheme.is_none()
        && relative.authority.is_none()
        && !relative.path.is_empty()
        && !relative.path.starts_with('/');
    match name {
        "oxiri" => {
            if (relative.scheme.is_some() || relative.authority.is_some())
                && got.path == relative.path
            {
                return Some(
                    "oxiri removes no dot segments from a reference with a scheme or an authority",
                );
            }
            let base_has_dots = rfc3986::remove_dot_segments(base.path.to_owned()) != base.path;
            if merges && base_has_dots {
                return Some("oxiri keeps the dot segments of the base's path in a merge");
            }
            if base.authority.is_none() && want.path.strip_prefix('/') == Some(got.path) {
                return Some("oxiri drops the `/` that rule C of section 5.2.4 leaves");
            }
            if want.authority.is_some() && got.authority.is_none() && base.authority.is_none() {
                // The target's path starts with `//`, so section 5.3 writes
                // what parses back as an authority; oxiri removes a slash.
                return Some(
                    "oxiri removes an empty segment from a path that would start with `//`",
                );
            }
            None
        }
        "fluent-uri" => {
            if relative.scheme.is_some() && !relative.path.starts_with('/') && unchanged {
                return Some(
                    "fluent-uri keeps the dot segments of a reference with a scheme and a rootless path",
                );
            }
            None
        }
        _ => None,
    }
}
