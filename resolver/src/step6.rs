//! RFC 1808 section 4, Step 6, twice: a segment stack (the default) and the
//! RFC's own string patterns, 6a to 6d, applied literally.
//!
//! Step 6 replaces the last segment of the base path with the embedded path,
//! then removes `.` and `..` segments. Both versions take the base path and
//! the embedded path without their initial slash ("the initial slash is not
//! part of the URL path", section 2.4.6), which is why `../../../g` against
//! `http://a/b/c/d` keeps a `..` (section 5.2): the slash before `b` is not an
//! empty segment that a `..` could remove.
//!
//! The two agree on every input: `cargo test` checks it on all strings over
//! `{a, ., /}` up to length 9 and by property, and the fuzz target
//! `step6_differential` keeps checking it. The stack was built to agree, and
//! these are the places where that took care (each is pinned by a vector in
//! `vectors/interpretation.toml`):
//!
//! - 6b and 6d leave the slash before the removed segment, so a path ending
//!   in `.` or `x/..` ends in `/`; the stack pushes an empty segment there.
//! - 6c's `<segment>` may be empty (`a//../b` is `a/b`), and 6c never removes
//!   `../../`, so the stack pops anything but `..` and keeps a `..` it cannot
//!   pop.
//! - 6d is applied once, not iteratively, yet that is enough: after 6c no
//!   segment other than `..` is followed by `../`.

/// Which version of Step 6 to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Step6 {
    /// A stack of segments, one pass, linear time, no recursion.
    #[default]
    SegmentStack,
    /// The RFC's string patterns 6a to 6d, each search-and-remove applied
    /// leftmost first until no match is left. Quadratic; the oracle.
    StringPattern,
}

impl Step6 {
    /// Both versions, for code that runs each.
    pub const ALL: [Step6; 2] = [Step6::SegmentStack, Step6::StringPattern];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Step6::SegmentStack => "stack",
            Step6::StringPattern => "string",
        }
    }

    /// Runs this version of Step 6, appending the new path to `out`.
    pub fn merge_into(self, base_path: &str, embedded_path: &str, out: &mut String) {
        match self {
            Step6::SegmentStack => segment_stack(base_path, embedded_path, out),
            Step6::StringPattern => out.push_str(&string_pattern(base_path, embedded_path)),
        }
    }

    /// Runs this version of Step 6 and returns the new path.
    pub fn merge(self, base_path: &str, embedded_path: &str) -> String {
        let mut out = String::new();
        self.merge_into(base_path, embedded_path, &mut out);
        out
    }
}

crate::named!(Step6, "Step 6 version");

/// Reading `escaped-dots=decoded`: every segment of `path` made only of
/// dots, plain or escaped (`%2e`, `%2E`), and one or two of them, written
/// with plain dots; everything else as it is. Segment boundaries do not
/// move, so Step 6 then runs on the result unchanged.
pub fn unescape_dots(path: &str) -> std::borrow::Cow<'_, str> {
    if !path.contains('%') {
        return path.into();
    }
    let mut out = String::with_capacity(path.len());
    for (i, segment) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        match dots_in(segment) {
            Some(n @ 1..=2) => out.push_str(&".".repeat(n)),
            _ => out.push_str(segment),
        }
    }
    out.into()
}

/// How many dots `segment` is, if it is nothing but plain and escaped dots.
fn dots_in(segment: &str) -> Option<usize> {
    let mut rest = segment.as_bytes();
    let mut n = 0;
    while !rest.is_empty() {
        match rest {
            [b'.', tail @ ..] => rest = tail,
            [b'%', b'2', b'e' | b'E', tail @ ..] => rest = tail,
            _ => return None,
        }
        n += 1;
    }
    Some(n)
}

/// "The last segment of the base URL's path (anything following the rightmost
/// slash "/", or the entire path if no slash is present) is removed".
fn base_without_last_segment(base_path: &str) -> &str {
    match base_path.bytes().rposition(|c| c == b'/') {
        Some(slash) => &base_path[..=slash],
        None => "",
    }
}

/// Step 6 as a segment stack, written straight into `out`: the stack is the
/// tail of `out` from `start`, its segments joined by `/`, so the path is
/// built in place with no allocation of its own.
fn segment_stack(base_path: &str, embedded_path: &str, out: &mut String) {
    let mut stack = Stack {
        start: out.len(),
        depth: 0,
        out,
    };
    // The base part ends with a slash (or is empty): every segment of it is
    // followed by one, and none is the last of the path.
    let mut rest = base_without_last_segment(base_path);
    while let Some(slash) = find_slash(rest) {
        stack.apply(&rest[..slash], false);
        rest = &rest[slash + 1..];
    }
    let mut rest = embedded_path;
    while let Some(slash) = find_slash(rest) {
        stack.apply(&rest[..slash], false);
        rest = &rest[slash + 1..];
    }
    stack.apply(rest, true);
}

/// The first slash of `s`: a byte loop, which beats `str::find` on the short
/// strings that segments are.
fn find_slash(s: &str) -> Option<usize> {
    s.bytes().position(|c| c == b'/')
}

struct Stack<'o> {
    out: &'o mut String,
    /// Where the path starts in `out`.
    start: usize,
    /// How many segments are on the stack.
    depth: usize,
}

impl Stack<'_> {
    /// One segment through the stack; `last` for the final segment of the path.
    fn apply(&mut self, segment: &str, last: bool) {
        // Byte patterns rather than string ones: this is the hot loop, and
        // they compile to a length test and a byte compare.
        match segment.as_bytes() {
            // 6a drops "./"; 6b drops a final "." but keeps the slash before it.
            [b'.'] => {
                if last {
                    self.push("");
                }
            }
            // 6c and 6d: ".." removes the segment before it unless that is "..".
            [b'.', b'.'] if self.depth > 0 && !self.top_is_dot_dot() => {
                self.pop();
                if last {
                    self.push("");
                }
            }
            _ => self.push(segment),
        }
    }

    fn push(&mut self, segment: &str) {
        if self.depth > 0 {
            self.out.push('/');
        }
        self.out.push_str(segment);
        self.depth += 1;
    }

    fn top_is_dot_dot(&self) -> bool {
        let stack = &self.out.as_bytes()[self.start..];
        match self.depth {
            1 => stack == b"..",
            _ => matches!(stack, [.., b'/', b'.', b'.']),
        }
    }

    fn pop(&mut self) {
        self.depth -= 1;
        let cut = match self.depth {
            0 => 0,
            // With a segment left below the top, a separator is in the stack.
            _ => self.out.as_bytes()[self.start..]
                .iter()
                .rposition(|&c| c == b'/')
                .unwrap_or(0),
        };
        self.out.truncate(self.start + cut);
    }
}

/// Step 6 as the RFC words it: merge, then 6a, 6b, 6c, 6d on the string.
pub fn string_pattern(base_path: &str, embedded_path: &str) -> String {
    let mut path = String::with_capacity(base_path.len() + embedded_path.len());
    path.push_str(base_without_last_segment(base_path));
    path.push_str(embedded_path);
    step6a(&mut path);
    step6b(&mut path);
    step6c(&mut path);
    step6d(&mut path);
    path
}

/// Whether a complete path segment starts at byte `i` of `path`.
fn segment_starts_at(path: &str, i: usize) -> bool {
    i == 0 || path.as_bytes()[i - 1] == b'/'
}

/// 6a: "All occurrences of "./", where "." is a complete path segment, are
/// removed."
fn step6a(path: &mut String) {
    let mut from = 0;
    while let Some(found) = path[from..].find("./") {
        let at = from + found;
        if segment_starts_at(path, at) {
            path.replace_range(at..at + 2, "");
            from = at;
        } else {
            from = at + 1;
        }
    }
}

/// 6b: "If the path ends with "." as a complete path segment, that "." is
/// removed."
fn step6b(path: &mut String) {
    if path.ends_with('.') && segment_starts_at(path, path.len() - 1) {
        path.pop();
    }
}

/// 6c: "All occurrences of "<segment>/../", where <segment> is a complete path
/// segment not equal to "..", are removed. Removal of these path segments is
/// performed iteratively, removing the leftmost matching pattern on each
/// iteration, until no matching pattern remains."
fn step6c(path: &mut String) {
    while let Some((from, to)) = leftmost_segment_dot_dot(path) {
        path.replace_range(from..to, "");
    }
}

/// The leftmost `<segment>/../` with `<segment>` complete and not `..`.
fn leftmost_segment_dot_dot(path: &str) -> Option<(usize, usize)> {
    let mut start = 0;
    loop {
        let end = start + path[start..].find('/')?;
        if &path[start..end] != ".." && path[end..].starts_with("/../") {
            return Some((start, end + 4));
        }
        start = end + 1;
    }
}

/// 6d: "If the path ends with "<segment>/..", where <segment> is a complete
/// path segment not equal to "..", that "<segment>/.." is removed."
fn step6d(path: &mut String) {
    let Some(before) = path.strip_suffix("/..") else {
        return;
    };
    let start = before.rfind('/').map_or(0, |slash| slash + 1);
    if &before[start..] != ".." {
        path.truncate(start);
    }
}

/// Every string over `{a, ., /}` up to length 9 (29,524 strings), the
/// empty one first: the paths on which each pair of versions must agree.
#[cfg(test)]
pub(crate) fn short_paths() -> Vec<String> {
    let mut paths = vec![String::new()];
    let mut frontier = vec![String::new()];
    for _ in 0..9 {
        let mut next = Vec::new();
        for p in &frontier {
            for c in ['a', '.', '/'] {
                next.push(format!("{p}{c}"));
            }
        }
        paths.extend(next.iter().cloned());
        frontier = next;
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(base: &str, embedded: &str) -> String {
        let stack = Step6::SegmentStack.merge(base, embedded);
        let string = Step6::StringPattern.merge(base, embedded);
        assert_eq!(
            stack, string,
            "base path {base:?}, embedded path {embedded:?}"
        );
        stack
    }

    #[test]
    fn last_base_segment_is_replaced() {
        assert_eq!(both("b/c/d", "g"), "b/c/g");
        assert_eq!(both("d", "g"), "g");
        assert_eq!(both("", "g"), "g");
        assert_eq!(both("b/c/", "g"), "b/c/g");
    }

    #[test]
    fn step6a_removes_every_dot_slash_segment_only() {
        let mut path = String::from("./a/./b/../c./.d/./");
        step6a(&mut path);
        assert_eq!(path, "a/b/../c./.d/");
        assert_eq!(both("", "./././g"), "g");
    }

    #[test]
    fn step6b_removes_a_final_dot_segment_and_keeps_its_slash() {
        for (input, want) in [("a/.", "a/"), (".", ""), ("a.", "a."), ("a/..", "a/..")] {
            let mut path = String::from(input);
            step6b(&mut path);
            assert_eq!(path, want, "6b on {input:?}");
        }
    }

    #[test]
    fn step6c_removes_leftmost_pairs_until_none_remain() {
        for (input, want) in [
            ("a/b/../../c", "c"),
            ("../a/../b", "../b"),
            ("a/../../b", "../b"),
            ("a//../b", "a/b"),
            ("../../", "../../"),
            ("a/b/..", "a/b/.."),
            ("...//../x", ".../x"),
        ] {
            let mut path = String::from(input);
            step6c(&mut path);
            assert_eq!(path, want, "6c on {input:?}");
        }
    }

    #[test]
    fn step6d_removes_one_final_segment_dot_dot() {
        for (input, want) in [
            ("a/b/..", "a/"),
            ("a/..", ""),
            ("../..", "../.."),
            ("..", ".."),
            ("a//..", "a/"),
            ("/..", ""),
        ] {
            let mut path = String::from(input);
            step6d(&mut path);
            assert_eq!(path, want, "6d on {input:?}");
        }
    }

    #[test]
    fn stack_keeps_dot_dot_it_cannot_pop() {
        assert_eq!(both("b/c/d", "../../../g"), "../g");
        assert_eq!(both("b/c/d", "../../../../g"), "../../g");
        assert_eq!(both("", "../.."), "../..");
        assert_eq!(both("b/c/d", "../.."), "");
    }

    #[test]
    fn stack_handles_a_hundred_thousand_segments() {
        let embedded = "a/".repeat(100_000) + &"../".repeat(99_999) + "g";
        assert_eq!(Step6::SegmentStack.merge("", &embedded), "a/g");
        let flat = "x/".repeat(100_000);
        assert_eq!(Step6::SegmentStack.merge("", &flat).len(), flat.len());
    }

    #[test]
    fn both_agree_on_every_short_path() {
        // Every string over {a, ., /} up to length 9, as embedded path and as
        // base path: 29,524 strings each way.
        let paths = short_paths();
        for p in &paths {
            both("", p);
            both(p, "..");
            both(p, "./a/../..");
        }
    }

    #[test]
    fn escaped_dot_segments_become_dots_and_nothing_else_changes() {
        for (input, want) in [
            ("%2e%2e/g", "../g"),
            ("a/%2E/b/.%2e", "a/./b/.."),
            ("%2e%2e%2e/%2ex/x%2e/%2F", "%2e%2e%2e/%2ex/x%2e/%2F"),
            ("../.", "../."),
            ("%2", "%2"),
        ] {
            assert_eq!(unescape_dots(input), want, "{input:?}");
        }
    }

    #[test]
    fn both_agree_on_every_short_path_with_escaped_dots_decoded() {
        // Under `escaped-dots=decoded` both versions run on the unescaped
        // paths: every string of up to 6 tokens over {a, ., /, %2e, %2E}.
        let tokens = ["a", ".", "/", "%2e", "%2E"];
        let mut frontier = vec![String::new()];
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &frontier {
                for t in tokens {
                    next.push(format!("{p}{t}"));
                }
            }
            for p in &next {
                let p = unescape_dots(p);
                both("", &p);
                both(&p, "..");
            }
            frontier = next;
        }
    }

    #[test]
    fn names_round_trip() {
        for v in Step6::ALL {
            assert_eq!(v.name().parse::<Step6>(), Ok(v));
        }
        assert!("fast".parse::<Step6>().is_err());
    }
}
