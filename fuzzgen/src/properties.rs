//! The properties of the reference resolver that the fuzz targets and the
//! property tests check, one function per fuzz target. Each returns the
//! first [`Violation`] instead of panicking, so the same code serves a fuzz
//! target (which panics with it), a proptest (which fails with it) and a
//! replay of saved inputs.

use rfc1808_resolver::{parse, resolve, resolve_traced, resolve_with, Components, Step, Step6};

pub use crate::violation::Violation;
use crate::Input;

fn violation(property: &'static str, input: &Input, message: String) -> Violation {
    Violation {
        property,
        input: input.clone(),
        message,
    }
}

/// Every property that needs no external implementation: this module's
/// and those of the later RFCs' references ([`crate::later_rfcs`]).
pub fn check_all(input: &Input) -> Result<(), Violation> {
    step6_differential(input)?;
    idempotence(input)?;
    crate::later_rfcs::rfc3986_dot_segments(input)?;
    crate::later_rfcs::rfc3986_idempotence(input)?;
    crate::later_rfcs::rfc2396_step6_differential(input)
}

/// Target `step6_differential`: the segment stack and the RFC's string
/// patterns give the same Step 6, on the two strings taken as paths, and on
/// the paths section 2.4 parses out of them: through a whole resolution when
/// it reaches Step 6 (so the recombined result is compared too), directly
/// otherwise (a resolution that ends before Step 6 runs neither version).
pub fn step6_differential(input: &Input) -> Result<(), Violation> {
    const PROPERTY: &str = "step6_differential";
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let merges_agree = |base_path: &str, embedded_path: &str| {
        let stack = Step6::SegmentStack.merge(base_path, embedded_path);
        let string = Step6::StringPattern.merge(base_path, embedded_path);
        if stack == string {
            return Ok(());
        }
        Err(violation(
            PROPERTY,
            input,
            format!(
                "Step 6 of base path {base_path:?} and embedded path {embedded_path:?}: \
                 stack {stack:?}, string {string:?}"
            ),
        ))
    };
    merges_agree(base, relative)?;
    let (stack, step) = resolve_traced(base, relative, Step6::SegmentStack);
    if step != Step::Step6 {
        return merges_agree(parse(base).path, parse(relative).path);
    }
    let string = resolve_with(base, relative, Step6::StringPattern);
    if stack != string {
        return Err(violation(
            PROPERTY,
            input,
            format!("resolved with stack {stack:?}, with string {string:?}"),
        ));
    }
    Ok(())
}

/// Target `idempotence`: resolving never panics, and
///
/// 1. section 2.4 parsing loses nothing: `parse(s).to_string() == s` for the
///    base, the embedded URL and the result;
/// 2. resolving the empty reference gives the base (Step 2a, or Step 1 when
///    the base is empty too);
/// 3. Step 6 applied to its own output changes nothing: the merged path,
///    taken as an embedded path against an empty base path, merges to
///    itself. An empty base path contributes nothing ("the last segment ...
///    or the entire path if no slash is present" is removed), so this runs
///    exactly 6a to 6d on the output, which must have no `.` segment and no
///    removable `<segment>/..` left;
/// 4. the result re-parses into the components Step 7 recombined (see
///    `recombined`), unless they are one of the [`spec_hole`]s;
/// 5. the result resolves to itself (see `check_reresolution`).
pub fn idempotence(input: &Input) -> Result<(), Violation> {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let (result, step) = resolve_traced(base, relative, Step6::SegmentStack);
    check_parse_round_trip(input, &result)?;
    check_empty_reference(input)?;
    let (base_c, embedded_c) = (parse(base), parse(relative));
    check_step6_of_own_output(input, &base_c, &embedded_c)?;
    check_recombined(input, &result, step, &base_c, &embedded_c)
}

/// [`idempotence`] 1: section 2.4 parsing loses nothing, for the base,
/// the embedded URL and the `result`.
fn check_parse_round_trip(input: &Input, result: &str) -> Result<(), Violation> {
    for s in [input.base.as_str(), input.relative.as_str(), result] {
        let again = parse(s).to_string();
        if again != s {
            return Err(violation(
                "idempotence: parse round trip",
                input,
                format!("{s:?} parses and recomposes to {again:?}"),
            ));
        }
    }
    Ok(())
}

/// [`idempotence`] 2: resolving the empty reference gives the base.
fn check_empty_reference(input: &Input) -> Result<(), Violation> {
    let base = input.base.as_str();
    let empty = resolve(base, "");
    if empty != base {
        return Err(violation(
            "idempotence: empty reference",
            input,
            format!("the empty reference resolves to {empty:?}, not the base"),
        ));
    }
    Ok(())
}

/// [`idempotence`] 3: Step 6 applied to its own output changes nothing,
/// on the input and on its paths (`base_c` and `embedded_c` its parts).
fn check_step6_of_own_output(
    input: &Input,
    base_c: &Components<'_>,
    embedded_c: &Components<'_>,
) -> Result<(), Violation> {
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    for step6 in Step6::ALL {
        for (b, e) in [(base, relative), (base_c.path, embedded_c.path)] {
            let once = step6.merge(b, e);
            let twice = step6.merge("", &once);
            if twice != once {
                return Err(violation(
                    "idempotence: Step 6 of its own output",
                    input,
                    format!(
                        "{step6} Step 6 of {b:?} and {e:?} gives {once:?}, \
                         and of \"\" and that, {twice:?}"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// [`idempotence`] 4 and 5: resolution ended at the `step` the RFC's
/// conditions give, and its `result` re-parses into the components Step 7
/// recombined and resolves to itself (`base_c` and `embedded_c` are the
/// input's parts).
fn check_recombined(
    input: &Input,
    result: &str,
    step: Step,
    base_c: &Components<'_>,
    embedded_c: &Components<'_>,
) -> Result<(), Violation> {
    const PROPERTY: &str = "idempotence";
    let (base, relative) = (input.base.as_str(), input.relative.as_str());
    let merged = Step6::StringPattern.merge(base_c.path, embedded_c.path);
    let (want_step, want) = recombined(base, relative, &merged);
    if step != want_step {
        return Err(violation(
            PROPERTY,
            input,
            format!("resolution ended at {step}, but the RFC's conditions give {want_step}"),
        ));
    }
    let want = match want {
        Recombined::Whole(whole) => {
            return if result == whole {
                Ok(())
            } else {
                Err(violation(
                    PROPERTY,
                    input,
                    format!("{step} gives {whole:?}, but resolution gave {result:?}"),
                ))
            };
        }
        Recombined::Components(components) => components,
    };
    let reparsed = parse(result);
    match spec_hole(&want) {
        None if reparsed != want => {
            return Err(violation(
                "idempotence: re-parse",
                input,
                format!(
                    "{result:?} re-parses into {reparsed:?}, \
                     but Step 7 recombined it from {want:?}"
                ),
            ));
        }
        Some(hole) if reparsed == want => {
            return Err(violation(
                "idempotence: spec hole",
                input,
                format!(
                    "{result:?} re-parses into its components, yet `spec_hole` \
                     calls them the hole of vector `{hole}`: the predicate is too broad"
                ),
            ));
        }
        Some(_) => return Ok(()),
        None => {}
    }
    check_reresolution(input, result, want.scheme)
}

/// What resolution should give by the RFC's conditions, restated on parsed
/// components.
enum Recombined<'a> {
    /// Steps 1, 2a, 2b: a whole input string, as it is.
    Whole(&'a str),
    /// Steps 3 to 7: the components Step 7 recombines.
    Components(Components<'a>),
}

/// Section 4's conditions, step by step, on the parsed base and embedded
/// URL, giving the step resolution ends at and what Step 7 recombines.
///
/// The tests "is empty" are the RFC's: absent or present with nothing in
/// it, as section 4 words Steps 3 and 5. The result components are then
/// compared with the re-parsed result exactly, not in that sense, because
/// Step 7 writes a delimiter exactly when a component is present and section
/// 2.4 finds one exactly when the delimiter is there: a recombination that
/// dropped a trailing `?` or `#` would change what a later resolution
/// against the result inherits, and an RFC-sense comparison would hide it.
///
/// `merged` is the Step 6 path of the two parsed paths.
fn recombined<'a>(base: &'a str, embedded: &'a str, merged: &'a str) -> (Step, Recombined<'a>) {
    let is_empty = |c: Option<&str>| c.is_none_or(str::is_empty);
    if base.is_empty() {
        return (Step::Step1, Recombined::Whole(embedded));
    }
    if embedded.is_empty() {
        return (Step::Step2a, Recombined::Whole(base));
    }
    let (b, e) = (parse(base), parse(embedded));
    if e.scheme.is_some() {
        return (Step::Step2b, Recombined::Whole(embedded));
    }
    let mut url = Components {
        scheme: b.scheme,
        ..e
    };
    let step = if !is_empty(e.net_loc) {
        Step::Step3
    } else {
        url.net_loc = b.net_loc;
        if e.slash {
            Step::Step4
        } else if e.path.is_empty() {
            url.slash = b.slash;
            url.path = b.path;
            if !is_empty(e.params) {
                Step::Step5a
            } else {
                url.params = b.params;
                if is_empty(e.query) {
                    url.query = b.query;
                }
                Step::Step5b
            }
        } else {
            url.slash = b.slash;
            url.path = merged;
            Step::Step6
        }
    };
    // Step 7's choice (vectors `interpretation/base-net-loc-empty-path*`): a
    // slash between a net_loc and whatever follows it but a fragment.
    if url.net_loc.is_some()
        && !url.slash
        && (!url.path.is_empty() || url.params.is_some() || url.query.is_some())
    {
        url.slash = true;
    }
    (step, Recombined::Components(url))
}

/// Whether Step 7 recombined components that no string re-parses into,
/// because RFC 1808 gives the result no other form: the holes its section 4
/// leaves, each pinned by a vector in `vectors/interpretation.toml` whose id
/// this returns. The re-parse property excludes exactly these, and checks
/// that each excluded case really does not re-parse, so the predicate
/// cannot grow to hide a bug.
///
/// - `interpretation/reparse-hole-double-slash`: no net_loc and a path that,
///   written with its initial slash, starts with `//` (Step 6 after `..`
///   removes a segment before an empty one, or Step 4 with `////g`, vector
///   `interpretation/reparse-hole-double-slash-step4`): it re-parses with a
///   net_loc.
/// - `interpretation/reparse-hole-leading-slash`: no net_loc, no initial
///   slash, and a path starting with `/` (Step 6 on a base path without
///   one): it re-parses with an initial slash.
/// - `interpretation/reparse-hole-colon-no-scheme`: no scheme (the base had
///   none, so it was not the absolute URL the RFC requires), no net_loc, no
///   initial slash, and a first segment that reads as a scheme followed by
///   `:` (Step 6 removed the `./` of section 5.3's workaround): it
///   re-parses with a scheme.
pub fn spec_hole(url: &Components<'_>) -> Option<&'static str> {
    if url.net_loc.is_some() {
        return None;
    }
    let written_starts_with_double_slash = if url.slash {
        url.path.starts_with('/')
    } else {
        url.path.starts_with("//")
    };
    if written_starts_with_double_slash {
        return Some("interpretation/reparse-hole-double-slash");
    }
    if !url.slash && url.path.starts_with('/') {
        return Some("interpretation/reparse-hole-leading-slash");
    }
    if url.scheme.is_none() && !url.slash && parse(url.path).scheme.is_some() {
        return Some("interpretation/reparse-hole-colon-no-scheme");
    }
    None
}

/// Resolving the result again against the same base gives the result, in
/// the two forms in which RFC 1808 makes that so (for a result that went
/// through Step 7 and is not a [`spec_hole`]):
///
/// - the result itself, when it re-parses with a scheme, a non-empty
///   net_loc or an initial slash: Step 2b, 3 or 4 then keeps it as it is.
///   With a base that has a scheme this is every result, so this checks that
///   the result is absolute;
/// - the result without the scheme Step 2c inherited, when that re-parses
///   with no scheme of its own (a first segment like `x:` would make Step 2b
///   take it, section 5.3) and with a non-empty net_loc or an initial slash:
///   Step 2c gives the scheme back and Step 3 or 4 keeps the rest, `..`
///   segments left over included (Steps 3 and 4 remove no dots).
///
/// A result that is a relative path (`foo:b/g` from `foo:b/c` and `g`; any
/// result of a base without a scheme, net_loc or initial slash) is not
/// resolved to itself: Step 6 merges it with the base path again
/// (`foo:b/c` and `b/g` give `foo:b/b/g`, vector
/// `interpretation/reresolve-relative-path`). That is the RFC's own rule,
/// not a hole, so those results are not checked.
fn check_reresolution(
    input: &Input,
    result: &str,
    inherited_scheme: Option<&str>,
) -> Result<(), Violation> {
    const PROPERTY: &str = "idempotence: resolve the result again";
    let is_empty = |c: Option<&str>| c.is_none_or(str::is_empty);
    let base = input.base.as_str();
    let reparsed = parse(result);
    if reparsed.scheme.is_some() || !is_empty(reparsed.net_loc) || reparsed.slash {
        let again = resolve(base, result);
        if again != result {
            return Err(violation(
                PROPERTY,
                input,
                format!("{result:?} against the base resolves to {again:?}"),
            ));
        }
    }
    let without_scheme = match inherited_scheme {
        Some(scheme) => &result[scheme.len() + 1..],
        None => result,
    };
    let stripped = parse(without_scheme);
    if stripped.scheme.is_none() && (!is_empty(stripped.net_loc) || stripped.slash) {
        let again = resolve(base, without_scheme);
        if again != result {
            return Err(violation(
                PROPERTY,
                input,
                format!(
                    "{without_scheme:?}, the result without its scheme, \
                     resolves to {again:?}, not {result:?}"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(base: &str, relative: &str) -> Option<&'static str> {
        let (b, e) = (parse(base), parse(relative));
        let merged = Step6::StringPattern.merge(b.path, e.path);
        match recombined(base, relative, &merged).1 {
            Recombined::Components(c) => spec_hole(&c),
            Recombined::Whole(_) => None,
        }
    }

    #[test]
    fn the_pinned_holes_are_recognised() {
        assert_eq!(
            hole("foo:/a/b", "..//g"),
            Some("interpretation/reparse-hole-double-slash")
        );
        assert_eq!(
            hole("foo:/a", "////g"),
            Some("interpretation/reparse-hole-double-slash")
        );
        assert_eq!(
            hole("foo:a/b", "..//g"),
            Some("interpretation/reparse-hole-leading-slash")
        );
        assert_eq!(
            hole("c", "./x:y"),
            Some("interpretation/reparse-hole-colon-no-scheme")
        );
        assert_eq!(hole("http://a/b/c/d;p?q#f", "..//g"), None);
        assert_eq!(hole("foo:a/b", "./x:y"), None);
    }

    #[test]
    fn every_property_holds_on_the_section_5_examples() {
        for relative in [
            "g",
            "../g",
            "?y",
            "#s",
            "",
            "g:h",
            "//g",
            ";x",
            "../../../g",
        ] {
            check_all(&Input::new("http://a/b/c/d;p?q#f", relative)).unwrap();
        }
    }

    #[test]
    fn a_finding_says_which_property_and_how_to_reproduce() {
        let f = violation(
            "idempotence: re-parse",
            &Input::new("b", "r"),
            "why".to_owned(),
        );
        assert_eq!(
            f.to_string(),
            "idempotence: re-parse does not hold: why\n  \
             reproduce: resolve(\"b\", \"r\")\n  \
             as a test:\n\
             #[test]\n\
             fn fuzz_finding() {\n    \
             let input = rfc1808_fuzzgen::Input::new(\"b\", \"r\");\n    \
             rfc1808_fuzzgen::properties::check_all(&input).unwrap();\n\
             }"
        );
    }
}
