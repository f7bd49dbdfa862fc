//! A reproducer: a program in a library's own language that makes the call
//! its adapter makes and prints the answer, so that a finding can be filed
//! upstream as a few lines the maintainer runs. A config gives it per
//! implementation (`reproduce = { file, run, program }`, docs/site.md); the
//! JSON report carries it, and `rfc1808 site` writes it into each finding's
//! text with the case filled in.
//!
//! In `program` and `run`, six tokens are replaced, and nothing else:
//! `{base}` and `{reference}` by a JSON string literal (which Python,
//! JavaScript, Go, Java, C and most languages read as the same string),
//! `{base:sq}` and `{reference:sq}` by a single-quoted literal with `\` and
//! `'` escaped (Perl, Ruby), and `{base:sh}` and `{reference:sh}` by a
//! POSIX shell word, for a program that reads its arguments.

use serde::{Deserialize, Serialize};

/// The program, the file it is written to, and the command that runs it
/// in that file's directory.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Reproducer {
    /// The file name the program is written to (`repro.py`), no directory.
    pub file: String,
    /// A shell command that compiles if need be and runs it, in the
    /// directory of `file`.
    pub run: String,
    /// The program.
    pub program: String,
}

impl Reproducer {
    /// Why `file` cannot be written in a directory of its own, if it
    /// cannot: it must be a plain file name.
    pub fn check(&self) -> Result<(), String> {
        let plain = !self.file.is_empty()
            && self.file != "."
            && self.file != ".."
            && !self.file.contains(['/', '\\', '\0']);
        match plain {
            true => Ok(()),
            false => Err(format!(
                "`file` is `{}`: give a file name, with no directory",
                self.file
            )),
        }
    }

    /// The reproducer of one case: the tokens replaced by `base` and
    /// `reference`.
    pub fn of_case(&self, base: &str, reference: &str) -> Reproducer {
        let fill = |text: &str| {
            text.replace("{base}", &json(base))
                .replace("{reference}", &json(reference))
                .replace("{base:sq}", &single_quoted(base))
                .replace("{reference:sq}", &single_quoted(reference))
                .replace("{base:sh}", &shell_words::quote(base))
                .replace("{reference:sh}", &shell_words::quote(reference))
        };
        Reproducer {
            file: self.file.clone(),
            run: fill(&self.run),
            program: fill(&self.program),
        }
    }

    /// How a person runs it: the program, then the command.
    pub fn shown(&self) -> String {
        let program = self.program.trim_end();
        format!(
            "{}:\n\n{program}\n\nRun, in its directory:\n\n    {}\n",
            self.file, self.run
        )
    }
}

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reproducer(program: &str, run: &str) -> Reproducer {
        Reproducer {
            file: "repro.py".to_owned(),
            run: run.to_owned(),
            program: program.to_owned(),
        }
    }

    #[test]
    fn each_token_is_filled_with_its_quoting_and_other_braces_stay() {
        let r = reproducer(
            "f({base}, {reference:sq}) {x} {base:sq}",
            "tool {base:sh} {reference:sh}",
        );
        let filled = r.of_case("http://u@a/\"b", "./x'$y\\\u{1}");
        assert_eq!(
            filled.program,
            "f(\"http://u@a/\\\"b\", './x\\'$y\\\\\u{1}') {x} 'http://u@a/\"b'"
        );
        assert_eq!(filled.run, "tool 'http://u@a/\"b' './x'\\''$y\\\u{1}'");
    }

    #[test]
    fn a_control_character_is_escaped_in_the_json_literal() {
        let filled = reproducer("{reference}", "").of_case("http://a", "a\nb\u{1}");
        assert_eq!(filled.program, "\"a\\nb\\u0001\"");
    }

    #[test]
    fn the_file_is_a_plain_name() {
        assert!(reproducer("", "").check().is_ok());
        for bad in ["", "..", "a/b.py", "/tmp/x"] {
            let r = Reproducer {
                file: bad.to_owned(),
                ..reproducer("", "")
            };
            assert!(r.check().unwrap_err().contains("give a file name"), "{bad}");
        }
    }
}
