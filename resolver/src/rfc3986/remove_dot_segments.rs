//! RFC 3986 section 5.2.4, Remove Dot Segments, twice: the RFC's own loop
//! over an input buffer and an output buffer, rules A to E applied to the
//! strings as written (the oracle), and a linear one that reads each
//! segment once and writes the result in place (the default).
//!
//! The two agree on every input: `cargo test` checks it on all strings over
//! `{a, ., /}` up to length 9, `resolver/tests/rfc3986.rs` by property, and
//! the fuzz target `rfc3986_dot_segments` keeps checking it.

/// Which version of `remove_dot_segments` to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DotSegments {
    /// One pass over the segments, writing into the result: linear time.
    #[default]
    Linear,
    /// The RFC's loop, rules A to E on two string buffers, each rule
    /// rewriting the front of the input buffer. Quadratic; the oracle.
    Buffers,
}

impl DotSegments {
    /// Both versions, for code that runs each.
    pub const ALL: [DotSegments; 2] = [DotSegments::Linear, DotSegments::Buffers];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            DotSegments::Linear => "linear",
            DotSegments::Buffers => "buffers",
        }
    }

    /// Runs this version on `path`, appending the result to `out`.
    pub fn remove_into(self, path: &str, out: &mut String) {
        self.remove_merged_into("", path, out);
    }

    /// Runs this version on `prefix` followed by `path`, appending the
    /// result to `out`. `prefix` is empty or ends with `/`: it is what the
    /// merge of section 5.2.3 puts before the reference's path, so the
    /// linear version need not build the merged string.
    pub fn remove_merged_into(self, prefix: &str, path: &str, out: &mut String) {
        debug_assert!(prefix.is_empty() || prefix.ends_with('/'));
        match self {
            DotSegments::Linear => {
                // Without a `.` there is no dot segment: every step of the
                // loop is rule E, which moves the input as it is.
                if !has_dot(prefix) && !has_dot(path) {
                    out.push_str(prefix);
                    out.push_str(path);
                    return;
                }
                let mut state = Linear::new(out);
                if let Some(dir) = prefix.strip_suffix('/') {
                    if has_dot(dir) {
                        for segment in dir.split('/') {
                            state.segment(segment, false);
                        }
                    } else {
                        // The same shortcut for the base's part of a merge
                        // (`/b/c/`): moved as it is, and the slash that ends
                        // it begins the input buffer.
                        state.out.push_str(dir);
                        state.rooted = true;
                    }
                }
                let mut rest = path;
                while let Some(slash) = rest.bytes().position(|c| c == b'/') {
                    state.segment(&rest[..slash], false);
                    rest = &rest[slash + 1..];
                }
                state.segment(rest, true);
            }
            DotSegments::Buffers => {
                out.push_str(&remove_dot_segments([prefix, path].concat()));
            }
        }
    }

    /// Runs this version on `path` and returns the result.
    pub fn remove(self, path: &str) -> String {
        let mut out = String::new();
        self.remove_into(path, &mut out);
        out
    }
}

crate::named!(DotSegments, "remove_dot_segments version");

fn has_dot(s: &str) -> bool {
    s.as_bytes().contains(&b'.')
}

/// Section 5.2.4 as the RFC words it.
pub fn remove_dot_segments(path: String) -> String {
    // 1. "The input buffer is initialized with the now-appended path
    //    components and the output buffer is initialized to the empty
    //    string."
    let mut input_buffer = path;
    let mut output_buffer = String::new();

    // 2. "While the input buffer is not empty, loop as follows:"
    while !input_buffer.is_empty() {
        // A. "If the input buffer begins with a prefix of "../" or "./",
        //    then remove that prefix from the input buffer; otherwise,"
        if input_buffer.starts_with("../") {
            input_buffer.replace_range(..3, "");
        } else if input_buffer.starts_with("./") {
            input_buffer.replace_range(..2, "");
        }
        // B. "if the input buffer begins with a prefix of "/./" or "/.",
        //    where "." is a complete path segment, then replace that prefix
        //    with "/" in the input buffer; otherwise,"
        else if input_buffer.starts_with("/./") {
            input_buffer.replace_range(..3, "/");
        } else if input_buffer == "/." {
            input_buffer.replace_range(..2, "/");
        }
        // C. "if the input buffer begins with a prefix of "/../" or "/..",
        //    where ".." is a complete path segment, then replace that prefix
        //    with "/" in the input buffer and remove the last segment and its
        //    preceding "/" (if any) from the output buffer; otherwise,"
        else if input_buffer.starts_with("/../") {
            input_buffer.replace_range(..4, "/");
            remove_last_segment(&mut output_buffer);
        } else if input_buffer == "/.." {
            input_buffer.replace_range(..3, "/");
            remove_last_segment(&mut output_buffer);
        }
        // D. "if the input buffer consists only of "." or "..", then remove
        //    that from the input buffer; otherwise,"
        else if input_buffer == "." || input_buffer == ".." {
            input_buffer.clear();
        }
        // E. "move the first path segment in the input buffer to the end of
        //    the output buffer, including the initial "/" character (if any)
        //    and any subsequent characters up to, but not including, the
        //    next "/" character or the end of the input buffer."
        else {
            let end = match input_buffer.strip_prefix('/') {
                Some(after) => 1 + after.find('/').unwrap_or(after.len()),
                None => input_buffer.find('/').unwrap_or(input_buffer.len()),
            };
            output_buffer.push_str(&input_buffer[..end]);
            input_buffer.replace_range(..end, "");
        }
    }

    // 3. "Finally, the output buffer is returned as the result of
    //    remove_dot_segments."
    output_buffer
}

/// Rule C's "remove the last segment and its preceding "/" (if any) from
/// the output buffer".
fn remove_last_segment(output_buffer: &mut String) {
    let cut = output_buffer.rfind('/').unwrap_or(0);
    output_buffer.truncate(cut);
}

/// The linear version: the rules of 5.2.4 restated per segment.
///
/// A path is its segments joined by `/`. The input buffer begins with `/`
/// from the moment rule E, B or C has run (E moves a segment up to the next
/// slash, B and C leave one), and before that only rules A and D, which
/// look at an unslashed first segment, can apply. So, segment by segment:
///
/// - before the first slash (`rooted == false`): `.` and `..` followed by
///   a slash are dropped (A) and so are they at the end (D); an empty
///   segment followed by a slash means the input buffer now begins with
///   `/`; anything else is moved as it is (E).
/// - after it: `.` is dropped (B), `..` drops the output's last segment
///   (C), and either, at the end, leaves a `/` that E then moves; anything
///   else is moved with its `/` (E).
struct Linear<'o> {
    out: &'o mut String,
    /// Where the path starts in `out`.
    start: usize,
    /// Whether the input buffer begins with `/`.
    rooted: bool,
}

impl<'o> Linear<'o> {
    fn new(out: &'o mut String) -> Linear<'o> {
        Linear {
            start: out.len(),
            out,
            rooted: false,
        }
    }

    /// One segment of the input; `last` when no slash follows it.
    fn segment(&mut self, segment: &str, last: bool) {
        // Byte patterns: this is the hot loop.
        let segment_bytes = segment.as_bytes();
        if !self.rooted {
            match segment_bytes {
                // A, or D when nothing follows.
                [b'.'] | [b'.', b'.'] => {}
                // The slash after it begins the input buffer.
                [] => self.rooted = !last,
                // E, without a slash.
                _ => {
                    self.out.push_str(segment);
                    self.rooted = true;
                }
            }
            return;
        }
        match segment_bytes {
            // B: "/./" or a final "/." becomes "/".
            [b'.'] => {}
            // C: the same, and the output loses its last segment.
            [b'.', b'.'] => {
                let output = &self.out.as_bytes()[self.start..];
                let cut = output.iter().rposition(|&c| c == b'/').unwrap_or(0);
                self.out.truncate(self.start + cut);
            }
            // E, with its slash.
            _ => {
                self.out.push('/');
                self.out.push_str(segment);
                return;
            }
        }
        // B and C at the end leave "/" in the input buffer, which E moves.
        if last {
            self.out.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name a version prints (`--explain`, reports) is the one its flag
    /// takes back.
    #[test]
    fn versions_display_the_names_their_flag_takes() {
        assert_eq!(DotSegments::Linear.to_string(), "linear");
        assert_eq!(DotSegments::Buffers.to_string(), "buffers");
        for dots in DotSegments::ALL {
            assert_eq!(dots.to_string().parse::<DotSegments>(), Ok(dots));
        }
    }

    fn both(path: &str) -> String {
        let linear = DotSegments::Linear.remove(path);
        let buffers = DotSegments::Buffers.remove(path);
        assert_eq!(linear, buffers, "remove_dot_segments({path:?})");
        linear
    }

    #[test]
    fn the_two_traced_examples_of_5_2_4() {
        assert_eq!(both("/a/b/c/./../../g"), "/a/g");
        assert_eq!(both("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn rule_a_removes_leading_dot_and_dot_dot_prefixes() {
        assert_eq!(both("../g"), "g");
        assert_eq!(both("./g"), "g");
        assert_eq!(both("../../.././g"), "g");
    }

    #[test]
    fn rule_b_keeps_the_slash_of_a_removed_dot() {
        assert_eq!(both("/./g"), "/g");
        assert_eq!(both("/g/."), "/g/");
        assert_eq!(both("/."), "/");
        assert_eq!(both("/.g"), "/.g");
    }

    #[test]
    fn rule_c_removes_the_last_output_segment_and_stops_at_the_root() {
        assert_eq!(both("/b/c/../g"), "/b/g");
        assert_eq!(both("/b/c/.."), "/b/");
        assert_eq!(both("/../g"), "/g");
        assert_eq!(both("/../../g"), "/g");
        assert_eq!(both("/.."), "/");
        assert_eq!(both("/..g"), "/..g");
        // An unslashed first segment is removed whole, and the root appears.
        assert_eq!(both("a/../g"), "/g");
        assert_eq!(both("a/.."), "/");
    }

    #[test]
    fn rule_d_removes_a_lone_dot_or_dot_dot() {
        assert_eq!(both("."), "");
        assert_eq!(both(".."), "");
        assert_eq!(both("../.."), "");
        assert_eq!(both("..."), "...");
    }

    #[test]
    fn rule_e_moves_empty_segments_too() {
        assert_eq!(both("//g"), "//g");
        assert_eq!(both("/b//../g"), "/b/g");
        assert_eq!(both("a//"), "a//");
        assert_eq!(both(""), "");
        assert_eq!(both("/"), "/");
    }

    #[test]
    fn merged_prefix_gives_the_same_as_the_concatenation() {
        for (prefix, path) in [
            ("/b/c/", "../../../g"),
            ("/", "g"),
            ("", "../g"),
            ("./", "../g"),
            ("a/", "../.."),
            ("../", ".."),
            ("//", "."),
        ] {
            let whole = remove_dot_segments(format!("{prefix}{path}"));
            for version in DotSegments::ALL {
                let mut out = String::from("x:");
                version.remove_merged_into(prefix, path, &mut out);
                assert_eq!(
                    out,
                    format!("x:{whole}"),
                    "{version} on {prefix:?} + {path:?}"
                );
            }
        }
    }

    #[test]
    fn linear_handles_a_million_segments() {
        let path = "/a".repeat(500_000) + &"/..".repeat(499_999) + "/g";
        assert_eq!(DotSegments::Linear.remove(&path), "/a/g");
    }

    #[test]
    fn both_agree_on_every_short_path() {
        // Every string over {a, ., /} up to length 9: 29,524 strings, alone
        // and split at every slash into a merged prefix and a path.
        let paths = crate::step6::short_paths();
        for p in &paths {
            let whole = both(p);
            for (slash, _) in p.match_indices('/') {
                let mut out = String::new();
                DotSegments::Linear.remove_merged_into(&p[..=slash], &p[slash + 1..], &mut out);
                assert_eq!(
                    out,
                    whole,
                    "linear on {:?} + {:?}",
                    &p[..=slash],
                    &p[slash + 1..]
                );
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for v in DotSegments::ALL {
            assert_eq!(v.name().parse::<DotSegments>(), Ok(v));
        }
        assert_eq!(
            "fast".parse::<DotSegments>(),
            Err(
                "unknown remove_dot_segments version `fast`, expected `linear` or `buffers`"
                    .to_owned()
            )
        );
    }
}
