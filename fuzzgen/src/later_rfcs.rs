//! The properties of the RFC 3986 and RFC 2396 reference resolvers
//! (`rfc1808_resolver::rfc3986` and `rfc2396`), one function per fuzz
//! target, on the same [`Input`] shapes as [`crate::properties`]: the base
//! and relative strings are taken as paths and as URI references.

use rfc1808_resolver::{rfc2396, rfc3986, Step6};

use crate::properties::Violation;
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
/// - whole resolutions, under each reading, which compares the recomposed
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
    for readings in rfc3986::Readings::every() {
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
