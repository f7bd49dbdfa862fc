//! Command lines printed for a person to paste: the rerun line of a report,
//! the promote command of a fuzz finding, the run that picks up a promoted
//! vector. Every word goes through [`quote`], so what is printed is what
//! runs.

use std::path::Path;

use rfc1808_resolver::Step6;
use rfc1808_vectors::Spec;

use crate::corpus::VectorSource;
use crate::implementation::{ImplSpec, Implementation};
use crate::reference::Reference;
pub use crate::shell::quote;

/// `rfc1808 run`, with the flags that read the same vectors.
fn run(vectors: &VectorSource) -> String {
    format!("rfc1808 run{}", vectors.flags())
}

/// `--expectations NAME=FILE`, when the run graded `name` against `file`:
/// without it a rerun grades every listed vector as a plain failure, and an
/// unexpected pass as a pass.
fn expectations(name: &str, file: Option<&Path>) -> String {
    match file {
        Some(file) => format!(
            " --expectations {}",
            quote(&format!("{name}={}", file.display()))
        ),
        None => String::new(),
    }
}

/// The command that reruns the reference resolver with `step6`, graded
/// against the expectations `file` if one was used.
pub fn rerun_reference(vectors: &VectorSource, step6: Step6, file: Option<&Path>) -> String {
    let mut line = run(vectors);
    if step6 != Step6::default() {
        line += &format!(" --step6 {step6}");
    }
    line + &expectations(Reference::new(step6).name(), file)
}

/// The command that reruns the subprocess implementation `spec` alone,
/// graded against the expectations `file` if one was used.
pub fn rerun_subprocess(vectors: &VectorSource, spec: &ImplSpec, file: Option<&Path>) -> String {
    let command: Vec<String> = spec.command.iter().map(|w| quote(w)).collect();
    let mut line = format!(
        "{} --impl {} --protocol {}",
        run(vectors),
        quote(&format!("{}={}", spec.name, command.join(" "))),
        spec.protocol
    );
    if spec.timeout != ImplSpec::DEFAULT_TIMEOUT {
        line += &format!(" --timeout {}", spec.timeout.as_secs_f64());
    }
    line + &expectations(&spec.name, file)
}

/// ` --spec SPEC` for a rerun of an implementation graded under `spec`,
/// when a rerun from flags would grade it under another: the spec its
/// handshake claims (`claimed`), or else RFC 1808. Empty when not needed.
pub fn spec_flag(spec: Spec, claimed: Option<Spec>) -> String {
    if spec == claimed.unwrap_or_default() && spec == Spec::Rfc1808 {
        String::new()
    } else {
        format!(" --spec {spec}")
    }
}

/// A rerun command narrowed to the vector `id`.
pub fn rerun_case(rerun: &str, id: &str) -> String {
    format!("{rerun} --id {}", quote(id))
}

/// The command that promotes a finding to a vector.
pub fn promote(base: &str, relative: &str, source: &str, note: &str) -> String {
    format!(
        "rfc1808 promote --base {} --relative {} --source {} --note {}",
        quote(base),
        quote(relative),
        quote(source),
        quote(note),
    )
}

/// The command that runs `vectors`.
pub fn run_vectors(vectors: &VectorSource) -> String {
    run(vectors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Protocol;

    #[test]
    fn words_are_quoted_for_a_posix_shell_on_one_line() {
        assert_eq!(quote("http://a/b"), "http://a/b");
        assert_eq!(quote("a b'c"), r#"'a b'\''c'"#);
        assert_eq!(quote("a\tb\r\u{1}'\\é"), r"$'a\tb\r\x01\'\\é'");
        assert_eq!(quote("\u{85}"), r"$'\xc2\x85'");
    }

    #[test]
    fn rerun_lines_name_what_differs_from_the_defaults() {
        let built_in = VectorSource::default();
        let dir = VectorSource {
            dir: Some("my vectors".into()),
            added: vec![],
            specs: Vec::new(),
        };
        assert_eq!(
            rerun_reference(&built_in, Step6::default(), None),
            "rfc1808 run"
        );
        assert_eq!(
            rerun_reference(&dir, Step6::StringPattern, None),
            "rfc1808 run --vectors 'my vectors' --step6 string"
        );
        assert_eq!(
            rerun_reference(
                &built_in,
                Step6::StringPattern,
                Some(Path::new("my list.toml"))
            ),
            "rfc1808 run --step6 string --expectations 'reference-string=my list.toml'"
        );
        let mut spec = ImplSpec::new("py", ["python3", "a b.py"], Protocol::Jsonl);
        assert_eq!(
            rerun_subprocess(&built_in, &spec, None),
            r#"rfc1808 run --impl 'py=python3 '\''a b.py'\''' --protocol jsonl"#
        );
        spec.timeout = std::time::Duration::from_millis(2500);
        let line = rerun_subprocess(&built_in, &spec, Some(Path::new("py.toml")));
        assert!(
            line.ends_with(" --protocol jsonl --timeout 2.5 --expectations 'py=py.toml'"),
            "{line}"
        );
        assert_eq!(spec_flag(Spec::Rfc1808, None), "");
        assert_eq!(spec_flag(Spec::Rfc1808, Some(Spec::Rfc1808)), "");
        assert_eq!(
            spec_flag(Spec::Rfc1808, Some(Spec::Rfc3986)),
            " --spec rfc1808",
            "a rerun would take the claim"
        );
        assert_eq!(
            spec_flag(Spec::Rfc3986, Some(Spec::Rfc3986)),
            " --spec rfc3986"
        );
        assert_eq!(spec_flag(Spec::Rfc2396, None), " --spec rfc2396");
        assert_eq!(
            rerun_case("rfc1808 run", "rfc1808-5.1/g"),
            "rfc1808 run --id rfc1808-5.1/g"
        );
        let mine = VectorSource {
            dir: None,
            added: vec!["my vectors.toml".into()],
            specs: Vec::new(),
        };
        assert_eq!(
            run_vectors(&mine),
            "rfc1808 run --add-vectors 'my vectors.toml'"
        );
        assert_eq!(run_vectors(&dir), "rfc1808 run --vectors 'my vectors'");
    }
}
