//! `rfc1808 resolve --explain`: the reference's answer with where in the
//! spec's algorithm it came from, in the spec's words, and the readings
//! that decided it.
//!
//! - RFC 1808: the step of section 4 the resolver finished at.
//! - RFC 2396: the step of section 5.2 the reference ends at, and whether
//!   step 6 merged the paths.
//! - RFC 3986: the base as section 5.2.1 normalized it (when a reading
//!   held normalizes it), the branch of section 5.2.2's pseudocode, and
//!   what section 5.2.3 merged, if anything.
//! - The URL Standard: the state of the basic URL parser that last decided
//!   what the URL takes from the base.
//!
//! Then, under every spec, each ambiguity whose other readings would give
//! another answer: `decided by reading NAME=VALUE (docs/readings*.md);
//! NAME=OTHER gives ...`.

use crate::{rfc3986, Step6};

use super::{Branch, Reference, Resolved, Rfc2396Step, Stage};

impl Reference {
    /// How this reference resolves `relative` against `base` by `version`
    /// (RFC 3986's `remove_dot_segments` version: `StringPattern` is the
    /// RFC's buffers): the answer, and a line for each thing that
    /// explains it.
    pub fn explain(self, base: &str, relative: &str, version: Step6) -> (Resolved, Vec<String>) {
        let answer = self.resolve_by(base, relative, version);
        let stage = self.trace_by(base, relative, version).1;
        let mut lines = Vec::new();
        if let Reference::Rfc3986(readings) = self {
            let normalized = rfc3986::normalized_base(base, readings);
            if normalized != base {
                lines.push(format!(
                    "5.2.1: the base normalized to {normalized:?} (readings {readings})"
                ));
            }
        }
        lines.push(stage_line(stage));
        match self {
            Reference::Rfc1808(_) => {}
            Reference::Rfc2396(_) => lines.push(
                if stage == Stage::Rfc2396(Rfc2396Step::Step6) {
                    "merged: step 6 joins all but the last segment of the base's path and the \
                     reference's path (6a, 6b), then removes dot segments (6c to 6g)"
                } else {
                    "not merged: step 6 is not reached"
                }
                .to_owned(),
            ),
            Reference::Rfc3986(readings) => {
                lines.push(match rfc3986::merged(base, relative, readings) {
                    Some((base_part, r_path)) => format!(
                        "5.2.3: merged {base_part:?} (the base's path but its last segment) \
                         and {r_path:?}, then 5.2.4 removed dot segments"
                    ),
                    None => "5.2.3: no merge".to_owned(),
                })
            }
            Reference::Whatwg => {}
        }
        lines.extend(self.deciding(base, relative, version, &answer));
        (answer, lines)
    }

    /// A line for each ambiguity whose other readings give another answer
    /// than this choice's `answer`.
    fn deciding(
        self,
        base: &str,
        relative: &str,
        version: Step6,
        answer: &Resolved,
    ) -> Vec<String> {
        let show = |resolved: &Resolved| match resolved {
            Ok(url) => url.clone(),
            Err(why) => format!("rejected ({why})"),
        };
        self.spec()
            .registry()
            .iter()
            .filter_map(|a| {
                let chosen = self.get(a.name)?;
                let others: Vec<String> = a
                    .readings
                    .iter()
                    .filter(|r| r.name != chosen)
                    .filter_map(|r| {
                        let mut other = self;
                        other.set(a.name, r.name).expect("names from the registry");
                        let theirs = other.resolve_by(base, relative, version);
                        (theirs != *answer)
                            .then(|| format!("; {}={} gives {}", a.name, r.name, show(&theirs)))
                    })
                    .collect();
                (!others.is_empty()).then(|| {
                    format!(
                        "decided by reading {}={chosen} ({}){}",
                        a.name,
                        self.spec().readings_doc(),
                        others.concat()
                    )
                })
            })
            .collect()
    }
}

/// The stage, in the words of its spec.
fn stage_line(stage: Stage) -> String {
    match stage {
        Stage::Rfc1808(step) => format!("finished at {step}"),
        Stage::Rfc2396(step) => format!(
            "finished at {} ({})",
            stage.name(),
            match step {
                Rfc2396Step::Step2 => "a reference to the current document",
                Rfc2396Step::Step3 => "the reference has a scheme: it is an absolute URI",
                Rfc2396Step::Step4 => "a network-path: the reference's authority is taken",
                Rfc2396Step::Step5 => "an absolute-path: the reference's path is taken",
                Rfc2396Step::Step6 => "a relative-path, merged with the base's path",
            }
        ),
        Stage::Whatwg(state) => format!(
            "the basic URL parser decided what it takes from the base in the {}",
            state.name()
        ),
        Stage::Rfc3986(branch) => format!(
            "5.2.2: {}",
            match branch {
                Branch::Scheme => "defined(R.scheme): T.path = remove_dot_segments(R.path)",
                Branch::Authority => {
                    "defined(R.authority): T.authority = R.authority, \
                     T.path = remove_dot_segments(R.path)"
                }
                Branch::EmptyPath => {
                    "R.path == \"\": T.path = Base.path, \
                     T.query = R.query if defined, else Base.query"
                }
                Branch::AbsolutePath => {
                    "R.path starts-with \"/\": T.path = remove_dot_segments(R.path)"
                }
                Branch::Merge => {
                    "R.path is relative: T.path = remove_dot_segments(merge(Base.path, R.path))"
                }
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;

    fn explained(spec: Spec, base: &str, relative: &str, held: &str) -> (Resolved, Vec<String>) {
        let held = held.split(',').filter(|p| !p.is_empty());
        let reference = Reference::with(spec, held.map(|p| p.split_once('=').unwrap())).unwrap();
        reference.explain(base, relative, Step6::default())
    }

    #[test]
    fn rfc3986_names_the_branch_the_merge_and_the_readings() {
        let (answer, lines) = explained(Spec::Rfc3986, "http://a/b/c/d;p?q", "../g", "");
        assert_eq!(answer.as_deref(), Ok("http://a/b/g"));
        assert_eq!(
            lines,
            [
                "5.2.2: R.path is relative: T.path = remove_dot_segments(merge(Base.path, R.path))",
                "5.2.3: merged \"/b/c/\" (the base's path but its last segment) and \"../g\", \
                 then 5.2.4 removed dot segments",
            ]
        );
        let (answer, lines) = explained(
            Spec::Rfc3986,
            "HTTP://A:80",
            "?y",
            "base-case=scheme-and-host,base-port=elided,base-empty-path=http-and-https",
        );
        assert_eq!(answer.as_deref(), Ok("http://a/?y"));
        assert_eq!(
            lines,
            [
                "5.2.1: the base normalized to \"http://a/\" (readings \
                 base-case=scheme-and-host,base-port=elided,base-empty-path=http-and-https)",
                "5.2.2: R.path == \"\": T.path = Base.path, T.query = R.query if defined, \
                 else Base.query",
                "5.2.3: no merge",
                "decided by reading base-case=scheme-and-host (docs/readings-rfc3986.md); \
                 base-case=kept gives HTTP://A/?y; base-case=scheme gives http://A/?y",
                "decided by reading base-port=elided (docs/readings-rfc3986.md); \
                 base-port=kept gives http://a:80/?y; base-port=empty-elided gives \
                 http://a:80/?y",
                "decided by reading base-empty-path=http-and-https (docs/readings-rfc3986.md); \
                 base-empty-path=kept gives http://a?y",
            ]
        );
    }

    #[test]
    fn rfc2396_names_the_step_and_the_readings() {
        let (answer, lines) = explained(Spec::Rfc2396, "http://a/b/c/d;p?q", "../../../g", "");
        assert_eq!(answer.as_deref(), Ok("http://a/../g"));
        assert_eq!(
            lines[0],
            "finished at 5.2 step 6 (a relative-path, merged with the base's path)"
        );
        assert!(lines[1].starts_with("merged: step 6 joins"), "{lines:?}");
        assert_eq!(
            lines[2],
            "decided by reading above-root=kept (docs/readings-rfc2396.md); above-root=removed \
             gives http://a/g; above-root=error gives rejected (the reference climbs above the \
             root: the merged path `/../g` still begins with `..` (RFC 2396 section 5.2, step \
             6g, read as an error))"
        );
        let (answer, lines) = explained(Spec::Rfc2396, "http://a/b", "//g", "");
        assert_eq!(answer.as_deref(), Ok("http://g"));
        assert_eq!(
            lines,
            [
                "finished at 5.2 step 4 (a network-path: the reference's authority is taken)",
                "not merged: step 6 is not reached",
            ]
        );
    }

    #[test]
    fn rfc1808_names_the_step_and_the_readings_that_decided_it() {
        let (answer, lines) = explained(Spec::Rfc1808, "http://a/b/c/d;p?q#f", "#", "");
        assert_eq!(answer.as_deref(), Ok("http://a/b/c/d;p?q#"));
        assert_eq!(
            lines,
            [
                "finished at Step 5b (empty path, params and query inherited as needed)",
                "decided by reading empty-component=kept (docs/readings.md); \
                 empty-component=absent gives http://a/b/c/d;p?q",
                "decided by reading entirely-empty=string (docs/readings.md); \
                 entirely-empty=components gives http://a/b/c/d;p?q#f",
            ]
        );
        let (_, lines) = explained(Spec::Rfc1808, "http://a/b/c/d;p?q#f", "../g", "");
        assert_eq!(lines.len(), 1, "no reading decides it: {lines:?}");
        assert!(lines[0].starts_with("finished at Step 6"), "{lines:?}");
    }
}
