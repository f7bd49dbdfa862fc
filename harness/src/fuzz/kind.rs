//! Kinds of mismatch: what `rfc1808 fuzz` groups its findings by, and what
//! its shrinker keeps while it makes a case smaller.
//!
//! A kind is the step of RFC 1808 section 4 at which the reference finished
//! (from `resolve_traced`) and a description of the difference. The
//! implementation either
//!
//! - `rejected the case` (its library raised an error), or
//! - `failed to answer` (a crash, a timeout or a protocol error), or
//! - resolved it to another URL. Both URLs are then split into components
//!   (section 2.4) and the first component that differs, in the order
//!   scheme, net_loc, path, params, query, fragment, is described (a net_loc
//!   on one side only comes first: it shifts every component after it).
//!   Only the first, so that one root cause is one kind whatever else the
//!   case holds; shrinking then removes the rest:
//!   - `empty query dropped` / `empty query added`: `?` with nothing after
//!     it, present on one side only (likewise for the other components);
//!   - `query dropped` / `query added`: present on one side only;
//!   - `scheme case changed`, `net_loc case changed`: equal ignoring ASCII
//!     case;
//!   - for the path, `dot segments removed` (the two paths are equal once
//!     `.` and `..` are removed as RFC 3986 section 5.2.4 does, and the
//!     implementation's has fewer of them), `dot segments kept` (equal so,
//!     and the implementation's has more), `slash before the path dropped` /
//!     `added`, `path dropped` / `added`;
//!   - otherwise `query differs`, `path differs` and so on.
//!
//! For example `Step 4: dot segments removed` is an implementation that
//! removes `.` and `..` from an absolute path, as RFC 3986 does and RFC 1808
//! does not; `Step 5b: empty query dropped` is an implementation that
//! stores the query as a string and so cannot tell `?` from no query.

use std::cmp::Ordering;
use std::fmt;

use rfc1808_resolver::{parse, Components, Step};

use crate::implementation::Answer;

/// A kind of mismatch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Where the reference finished.
    pub step: Step,
    /// How the implementation's answer differs.
    pub difference: String,
}

impl Kind {
    /// The kind of mismatch `answer` is for a case the reference resolved
    /// to `reference` at `step`, or `None` when `answer` is the reference's.
    /// An answer the protocol could not carry is no mismatch either.
    pub fn of(step: Step, reference: &str, answer: &Answer) -> Option<Kind> {
        let difference = match answer {
            Answer::Resolved(got) if got == reference => return None,
            Answer::NotRepresentable(_) => return None,
            Answer::Resolved(got) => difference(reference, got),
            Answer::Rejected(_) => "rejected the case".to_owned(),
            Answer::Error(_) => "failed to answer".to_owned(),
        };
        Some(Kind { step, difference })
    }

    /// Whether the implementation failed to answer, rather than answering
    /// differently.
    pub fn is_failure(&self) -> bool {
        self.difference == "failed to answer"
    }
}

/// `Step 5b`: the step's short name.
pub fn step_name(step: Step) -> &'static str {
    match step {
        Step::Step1 => "Step 1",
        Step::Step2a => "Step 2a",
        Step::Step2b => "Step 2b",
        Step::Step3 => "Step 3",
        Step::Step4 => "Step 4",
        Step::Step5a => "Step 5a",
        Step::Step5b => "Step 5b",
        Step::Step6 => "Step 6",
    }
}

fn step_rank(step: Step) -> u8 {
    match step {
        Step::Step1 => 1,
        Step::Step2a => 2,
        Step::Step2b => 3,
        Step::Step3 => 4,
        Step::Step4 => 5,
        Step::Step5a => 6,
        Step::Step5b => 7,
        Step::Step6 => 8,
    }
}

impl Ord for Kind {
    fn cmp(&self, other: &Self) -> Ordering {
        (step_rank(self.step), &self.difference).cmp(&(step_rank(other.step), &other.difference))
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", step_name(self.step), self.difference)
    }
}

/// How `got` differs from `reference`, component by component.
fn difference(reference: &str, got: &str) -> String {
    let (r, g) = (parse(reference), parse(got));
    let first = if r.net_loc.is_some() != g.net_loc.is_some() {
        // The answer re-parses with or without a net_loc, which shifts every
        // component after it: the net_loc is the difference.
        component_difference("net_loc", r.net_loc, g.net_loc)
    } else {
        None
    };
    first
        .or_else(|| component_difference("scheme", r.scheme, g.scheme))
        .or_else(|| component_difference("net_loc", r.net_loc, g.net_loc))
        .or_else(|| path_difference(&r, &g).map(str::to_owned))
        .or_else(|| component_difference("params", r.params, g.params))
        .or_else(|| component_difference("query", r.query, g.query))
        .or_else(|| component_difference("fragment", r.fragment, g.fragment))
        // Unreachable while parsing then recomposing gives the string back,
        // which the parse vectors check; kept so a kind is never empty.
        .unwrap_or_else(|| "differs".to_owned())
}

fn component_difference(name: &str, r: Option<&str>, g: Option<&str>) -> Option<String> {
    Some(match (r, g) {
        _ if r == g => return None,
        (Some(""), None) => format!("empty {name} dropped"),
        (None, Some("")) => format!("empty {name} added"),
        (Some(_), None) => format!("{name} dropped"),
        (None, Some(_)) => format!("{name} added"),
        (Some(r), Some(g)) if r.eq_ignore_ascii_case(g) => format!("{name} case changed"),
        _ => format!("{name} differs"),
    })
}

fn path_difference(r: &Components<'_>, g: &Components<'_>) -> Option<&'static str> {
    if (r.slash, r.path) == (g.slash, g.path) {
        return None;
    }
    if r.path == g.path {
        return Some(if r.slash {
            "slash before the path dropped"
        } else {
            "slash before the path added"
        });
    }
    let (r_full, g_full) = (full_path(r), full_path(g));
    if remove_dot_segments(&r_full) == remove_dot_segments(&g_full) {
        let (r_dots, g_dots) = (dot_segments(&r_full), dot_segments(&g_full));
        if g_dots < r_dots {
            return Some("dot segments removed");
        }
        if g_dots > r_dots {
            return Some("dot segments kept");
        }
    }
    Some(match (r.path.is_empty(), g.path.is_empty()) {
        (false, true) => "path dropped",
        (true, false) => "path added",
        _ => "path differs",
    })
}

fn full_path(c: &Components<'_>) -> String {
    format!("{}{}", if c.slash { "/" } else { "" }, c.path)
}

fn dot_segments(path: &str) -> usize {
    path.split('/').filter(|s| *s == "." || *s == "..").count()
}

/// RFC 3986 section 5.2.4, on the path taken as absolute: the yardstick for
/// "the same path but for dot segments".
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        match *segment {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(step: Step, reference: &str, got: &str) -> String {
        Kind::of(step, reference, &Answer::Resolved(got.to_owned()))
            .map_or_else(|| "same".to_owned(), |k| k.to_string())
    }

    #[test]
    fn equal_answers_and_unrepresentable_cases_are_no_mismatch() {
        assert_eq!(kind(Step::Step6, "http://a/g", "http://a/g"), "same");
        let n = Answer::NotRepresentable("tab".to_owned());
        assert_eq!(Kind::of(Step::Step6, "x", &n), None);
    }

    #[test]
    fn dot_segments() {
        assert_eq!(
            kind(Step::Step4, "http://a/./g", "http://a/g"),
            "Step 4: dot segments removed"
        );
        assert_eq!(
            kind(Step::Step6, "http://a/../g", "http://a/g"),
            "Step 6: dot segments removed"
        );
        assert_eq!(
            kind(Step::Step6, "http://a/b/g", "http://a/b/c/../g"),
            "Step 6: dot segments kept"
        );
        assert_eq!(
            kind(Step::Step6, "http://a/b/", "http://a/b/."),
            "Step 6: dot segments kept"
        );
        assert_eq!(
            kind(Step::Step6, "http://a/b/g", "http://a/b/h"),
            "Step 6: path differs"
        );
    }

    #[test]
    fn empty_and_absent_components() {
        assert_eq!(kind(Step::Step1, "?", ""), "Step 1: empty query dropped");
        assert_eq!(
            kind(Step::Step5b, "http://a/b", "http://a/b?"),
            "Step 5b: empty query added"
        );
        assert_eq!(
            kind(Step::Step5b, "http://a/b?q#", "http://a/b"),
            "Step 5b: query dropped"
        );
        assert_eq!(
            kind(Step::Step2b, "HTTP:g", "http:g"),
            "Step 2b: scheme case changed"
        );
        assert_eq!(
            kind(Step::Step2b, "http:g", "http://a/b/g"),
            "Step 2b: net_loc added"
        );
        assert_eq!(
            kind(Step::Step6, "a:/b", "a:b"),
            "Step 6: slash before the path dropped"
        );
        assert_eq!(kind(Step::Step6, "a:b", "a:"), "Step 6: path dropped");
    }

    #[test]
    fn rejections_and_failures() {
        let rejected = Answer::Rejected("invalid".to_owned());
        let k = Kind::of(Step::Step3, "http://g", &rejected).unwrap();
        assert_eq!(k.to_string(), "Step 3: rejected the case");
        assert!(!k.is_failure());
        let failed = Answer::Error("timed out after 5s".to_owned());
        let k = Kind::of(Step::Step3, "http://g", &failed).unwrap();
        assert_eq!(k.to_string(), "Step 3: failed to answer");
        assert!(k.is_failure());
    }

    #[test]
    fn kinds_sort_by_step_then_difference() {
        let k = |step, d: &str| Kind {
            step,
            difference: d.to_owned(),
        };
        let mut kinds = [
            k(Step::Step6, "a"),
            k(Step::Step5b, "b"),
            k(Step::Step5a, "c"),
            k(Step::Step6, "0"),
        ];
        kinds.sort();
        let names: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
        assert_eq!(
            names,
            ["Step 5a: c", "Step 5b: b", "Step 6: 0", "Step 6: a"]
        );
    }

    #[test]
    fn rfc3986_dot_removal() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("/../g"), "/g");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("/a/."), "/a/");
    }
}
