//! A reproducer: a program in a library's own language that makes the call
//! its adapter makes and prints the answer, so that a finding can be filed
//! upstream as a few lines the maintainer runs. A config gives it per
//! implementation (`reproduce = { file, run, program }`, docs/site.md); the
//! JSON report carries it, and `rfc1808 site` writes it into each finding's
//! text with the case filled in.
//!
//! In `program` and `run`, six tokens are replaced, in one pass, and
//! nothing else: `{base}` and `{reference}` by a JSON string literal
//! (which Python, JavaScript, Java and C++ read as the same string),
//! `{base:sq}` and `{reference:sq}` by a single-quoted literal with `\` and
//! `'` escaped (Perl, Ruby), and `{base:sh}` and `{reference:sh}` by a
//! single-quoted POSIX shell word, for a program that reads its arguments
//! (C, Go, Rust, Haskell, Erlang and Tcl, whose literals are not JSON's).
//! A case with a NUL cannot be an argument: it has no reproducer that
//! uses a shell word.

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
    /// `reference`; an error when the case cannot be written so (a NUL in
    /// an argument).
    pub fn of_case(&self, base: &str, reference: &str) -> Result<Reproducer, String> {
        let uses_words = [&self.run, &self.program]
            .iter()
            .any(|t| t.contains("{base:sh}") || t.contains("{reference:sh}"));
        if uses_words && (base.contains('\0') || reference.contains('\0')) {
            return Err("the case holds a NUL, which a command line cannot carry".to_owned());
        }
        Ok(Reproducer {
            file: self.file.clone(),
            run: fill(&self.run, base, reference),
            program: fill(&self.program, base, reference),
        })
    }

    /// How a person runs it: the program, then the command, each indented
    /// four spaces (a code block in Markdown, where the text is pasted).
    pub fn shown(&self) -> String {
        let program: Vec<String> = self
            .program
            .trim_end()
            .lines()
            .map(|line| match line.is_empty() {
                true => String::new(),
                false => format!("    {line}"),
            })
            .collect();
        format!(
            "`{}`:\n\n{}\n\nRun, in its directory:\n\n    {}\n",
            self.file,
            program.join("\n"),
            self.run
        )
    }
}

/// A token, how it quotes, and what it quotes.
type Token<'a> = (&'static str, fn(&str) -> String, &'a str);

/// `text` with each token replaced, in one pass: what a token is replaced
/// by is not looked at again.
fn fill(text: &str, base: &str, reference: &str) -> String {
    let tokens: [Token<'_>; 6] = [
        ("{base}", json, base),
        ("{reference}", json, reference),
        ("{base:sq}", single_quoted, base),
        ("{reference:sq}", single_quoted, reference),
        ("{base:sh}", shell_word, base),
        ("{reference:sh}", shell_word, reference),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match tokens.iter().find(|(token, _, _)| rest.starts_with(token)) {
            Some((token, quote, value)) => {
                out.push_str(&quote(value));
                rest = &rest[token.len()..];
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// A POSIX shell word that is `s` in any shell: single-quoted whole, since
/// bash expands a bare word such as `{a,b}`.
fn shell_word(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
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
        let filled = r.of_case("http://u@a/\"b", "./x'$y\\\u{1}").unwrap();
        assert_eq!(
            filled.program,
            "f(\"http://u@a/\\\"b\", './x\\'$y\\\\\u{1}') {x} 'http://u@a/\"b'"
        );
        assert_eq!(filled.run, "tool 'http://u@a/\"b' './x'\\''$y\\\u{1}'");
    }

    #[test]
    fn a_control_character_is_escaped_in_the_json_literal() {
        let filled = reproducer("{reference}", "")
            .of_case("http://a", "a\nb\u{1}")
            .unwrap();
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

    #[test]
    fn a_case_holding_a_token_is_not_filled_again() {
        let r = reproducer("{base} {reference}", "run {base:sh} {reference:sh}");
        let filled = r.of_case("http://a/{reference}", "{base:sh}").unwrap();
        assert_eq!(filled.program, r#""http://a/{reference}" "{base:sh}""#);
        assert_eq!(filled.run, "run 'http://a/{reference}' '{base:sh}'");
        // Every word is quoted: bash expands a bare `{a,b}`.
        assert_eq!(
            r.of_case("http://a", "{a,b}").unwrap().run,
            "run 'http://a' '{a,b}'"
        );
    }

    #[test]
    fn a_nul_cannot_be_an_argument_but_can_be_a_literal() {
        let words = reproducer("main()", "./repro {base:sh} {reference:sh}");
        assert!(words
            .of_case("http://a", "x\0y")
            .unwrap_err()
            .contains("NUL"));
        let literal = reproducer("f({reference})", "python3 repro.py");
        assert_eq!(
            literal.of_case("http://a", "x\0y").unwrap().program,
            r#"f("x\u0000y")"#
        );
    }
}
