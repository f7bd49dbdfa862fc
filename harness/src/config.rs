//! The implementations to run: the `--impl NAME=COMMAND` flag and the TOML
//! config file.
//!
//! A config file lists implementations, each an `[[implementation]]` table:
//!
//! ```toml
//! [[implementation]]
//! name = "python"                              # letters, digits, `.`, `_`, `-`
//! command = ["python3", "adapters/cpython-urllib.py"]
//! protocol = "jsonl"                           # optional: argv (default), lines, jsonl
//! timeout = 2.5                                # optional: seconds per case, default 5
//! spec = "rfc3986"                             # optional: rfc1808, rfc2396, rfc3986 or whatwg
//! expectations = "python-expected.toml"        # optional: relative to this file
//! reproduce = { file = "repro.py", run = "python3 repro.py", program = """
//! from urllib.parse import urljoin
//! print(urljoin({base}, {reference}))
//! """ }                                        # optional: for `rfc1808 site` (crate::reproduce)
//! ```
//!
//! `spec` is the spec it is graded under, unless `--spec` says otherwise;
//! without it, the spec its `jsonl` handshake claims, or else RFC 1808.
//! `expectations` is a file, for whichever spec it is graded under, or a
//! table of files by spec, of which the run takes the one for the spec it
//! grades under (none: no expected failures):
//!
//! ```toml
//! expectations = { rfc1808 = "rfc1808/python.toml", rfc3986 = "rfc3986/python.toml" }
//! ```
//!
//! A top-level `vectors` key, before the tables, names a project's own
//! vector files (or directories of them), run beside the built-in vectors
//! as `--add-vectors` adds them ([`crate::corpus`]):
//!
//! ```toml
//! vectors = ["rfc1808-vectors.toml"]             # optional: relative to this file
//! ```
//!
//! Unknown keys, missing keys, wrong types and a name used twice are errors
//! that name the file, the line and the key.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rfc1808_vectors::{line_of, LoadError, Spec};
use serde::Deserialize;
use toml::Spanned;

use crate::implementation::{ExpectationsFiles, ImplSpec, Protocol};
use crate::reproduce::Reproducer;

/// The protocol of an implementation that does not name one: the simplest
/// to write an adapter for.
pub const DEFAULT_PROTOCOL: Protocol = Protocol::Argv;

/// Checks an implementation name: it appears in `NAME=...` flags, reports
/// and JUnit class names, so it is kept to a safe alphabet.
pub fn check_name(name: &str) -> Result<(), String> {
    if !name.is_empty()
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
    {
        Ok(())
    } else {
        Err(format!(
            "name `{name}` is not made of letters, digits, `.`, `_` and `-`"
        ))
    }
}

/// Parses the value of `--impl NAME=COMMAND`, splitting COMMAND into words
/// as a POSIX shell would, without expansion.
pub fn parse_impl_flag(
    value: &str,
    protocol: Protocol,
    timeout: Duration,
) -> Result<ImplSpec, String> {
    let flag_error = |why: String| format!("--impl `{value}`: {why}");
    let (name, command) = value
        .split_once('=')
        .ok_or_else(|| flag_error("expected NAME=COMMAND".to_owned()))?;
    check_name(name).map_err(flag_error)?;
    let command = shell_words::split(command)
        .map_err(|e| flag_error(format!("cannot split the command into words: {e}")))?;
    if command.is_empty() {
        return Err(flag_error("the command is empty".to_owned()));
    }
    Ok(ImplSpec {
        timeout,
        ..ImplSpec::new(name, command, protocol)
    })
}

/// Parses a `--timeout` or `timeout` value in seconds.
pub fn parse_timeout(seconds: f64) -> Result<Duration, String> {
    // Below a millisecond no adapter could answer, and the messages would
    // say "within 0s".
    if seconds.is_finite() && (0.001..=86_400.0).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "timeout {seconds} is not a number of seconds from 0.001 to 86400"
        ))
    }
}

/// What a config file says.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Its `[[implementation]]` tables, in order.
    pub implementations: Vec<ImplSpec>,
    /// Its `vectors`: vector files or directories to run beside the
    /// built-in vectors, relative to the current directory.
    pub vectors: Vec<PathBuf>,
}

/// Reads the config file at `path`.
pub fn load(path: &Path) -> Result<Config, LoadError> {
    let (name, text) = LoadError::read(path)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    parse_str(&name, &text, dir)
}

/// Parses `text` as the config file `name`; relative expectation and
/// vector paths are taken from `dir`.
pub fn parse_str(name: &str, text: &str, dir: &Path) -> Result<Config, LoadError> {
    let file = File { name, text, dir };
    let raw: RawConfig = toml::from_str(text).map_err(|e| LoadError::from_toml(name, text, &e))?;
    let vectors = match &raw.vectors {
        None => Vec::new(),
        Some(value) => file.vectors(value)?,
    };
    if raw.implementation.is_empty() {
        return Err(LoadError::at(
            name,
            text,
            None,
            "no `[[implementation]]` table".to_owned(),
        ));
    }
    let mut specs: Vec<(ImplSpec, usize)> = Vec::new();
    for imp in raw.implementation {
        let at = imp.name.span().start;
        let spec = file.implementation(imp, &specs)?;
        specs.push((spec, line_of(text, at)));
    }
    Ok(Config {
        implementations: specs.into_iter().map(|(s, _)| s).collect(),
        vectors,
    })
}

/// A config file being parsed: its name, its text, and the directory its
/// relative paths are taken from.
struct File<'a> {
    name: &'a str,
    text: &'a str,
    dir: &'a Path,
}

impl File<'_> {
    /// The error `message` at byte `at`.
    fn error(&self, at: usize, message: String) -> LoadError {
        LoadError::at(self.name, self.text, Some(at), message)
    }

    /// The paths of the `vectors` key: a file or directory name, or an
    /// array of them.
    fn vectors(&self, value: &Spanned<toml::Value>) -> Result<Vec<PathBuf>, LoadError> {
        match value.get_ref() {
            toml::Value::String(path) => Ok(vec![self.dir.join(path)]),
            toml::Value::Array(paths) => paths
                .iter()
                .map(|p| match p {
                    toml::Value::String(path) => Ok(self.dir.join(path)),
                    other => Err(other.to_string()),
                })
                .collect::<Result<_, _>>()
                .map_err(|t| {
                    self.error(
                        value.span().start,
                        format!("key `vectors`: give file or directory names, not `{t}`"),
                    )
                }),
            other => Err(self.error(
                value.span().start,
                format!(
                    "key `vectors`: give a file or directory name, or an array of them, not `{other}`"
                ),
            )),
        }
    }

    /// The implementation of an `[[implementation]]` table, after those
    /// before it (`specs`, each with the line of its name).
    fn implementation(
        &self,
        imp: RawImpl,
        specs: &[(ImplSpec, usize)],
    ) -> Result<ImplSpec, LoadError> {
        let at = imp.name.span().start;
        let impl_name = imp.name.into_inner();
        check_name(&impl_name).map_err(|why| self.error(at, format!("key `name`: {why}")))?;
        if let Some((_, line)) = specs.iter().find(|(s, _)| s.name == impl_name) {
            return Err(self.error(
                at,
                format!(
                    "key `name`: `{impl_name}` is used twice, first at {}:{line}",
                    self.name
                ),
            ));
        }
        if imp.command.get_ref().is_empty() {
            return Err(self.error(
                imp.command.span().start,
                "key `command`: the command is empty".to_owned(),
            ));
        }
        let protocol = match imp.protocol {
            Some(p) => p
                .get_ref()
                .parse()
                .map_err(|why| self.error(p.span().start, format!("key `protocol`: {why}")))?,
            None => DEFAULT_PROTOCOL,
        };
        let timeout = match imp.timeout {
            Some(t) => self.timeout(&t)?,
            None => ImplSpec::DEFAULT_TIMEOUT,
        };
        let spec = match imp.spec {
            Some(s) => Some(
                s.get_ref()
                    .parse::<Spec>()
                    .map_err(|why| self.error(s.span().start, format!("key `spec`: {why}")))?,
            ),
            None => None,
        };
        let expectations = imp
            .expectations
            .map(|e| {
                expectations_files(&e, self.dir).map_err(|why| self.error(e.span().start, why))
            })
            .transpose()?;
        let reproduce = imp.reproduce.map(|r| self.reproducer(r)).transpose()?;
        Ok(ImplSpec {
            name: impl_name,
            command: imp.command.into_inner(),
            protocol,
            timeout,
            spec,
            expectations,
            reproduce,
        })
    }

    /// The value of a `reproduce` key, whose file must be a plain name.
    fn reproducer(&self, r: Spanned<Reproducer>) -> Result<Reproducer, LoadError> {
        r.get_ref()
            .check()
            .map_err(|why| self.error(r.span().start, format!("key `reproduce`: {why}")))?;
        Ok(r.into_inner())
    }

    /// The value of a `timeout` key: a number of seconds.
    fn timeout(&self, t: &Spanned<toml::Value>) -> Result<Duration, LoadError> {
        let seconds = match t.get_ref() {
            toml::Value::Float(f) => Ok(*f),
            toml::Value::Integer(i) => Ok(*i as f64),
            other => Err(format!(
                "key `timeout`: timeout must be a number of seconds, like 2.5, not a {}",
                other.type_str()
            )),
        };
        seconds
            .and_then(|s| parse_timeout(s).map_err(|why| format!("key `timeout`: {why}")))
            .map_err(|why| self.error(t.span().start, why))
    }
}

/// The value of an `expectations` key: a file name, or a table of file
/// names by spec; relative names are taken from `dir`.
fn expectations_files(
    value: &Spanned<toml::Value>,
    dir: &Path,
) -> Result<ExpectationsFiles, String> {
    const SHAPE: &str = "key `expectations`: give a file name, or a table of file names by spec like `{ rfc3986 = \"rfc3986/x.toml\" }`";
    match value.get_ref() {
        toml::Value::String(file) => Ok(ExpectationsFiles::One(dir.join(file))),
        toml::Value::Table(table) => {
            let mut files = std::collections::BTreeMap::new();
            for (key, file) in table {
                let spec: Spec = key
                    .parse()
                    .map_err(|why| format!("key `expectations`: {why}"))?;
                let toml::Value::String(file) = file else {
                    return Err(format!("{SHAPE}, not a {} for `{key}`", file.type_str()));
                };
                files.insert(spec, dir.join(file));
            }
            Ok(ExpectationsFiles::BySpec(files))
        }
        other => Err(format!("{SHAPE}, not a {}", other.type_str())),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    // Any value: a file name or an array of them.
    vectors: Option<Spanned<toml::Value>>,
    #[serde(default)]
    implementation: Vec<RawImpl>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImpl {
    name: Spanned<String>,
    command: Spanned<Vec<String>>,
    protocol: Option<Spanned<String>>,
    // Any value, so that a string says what a timeout is rather than
    // serde's `expected f64`.
    timeout: Option<Spanned<toml::Value>>,
    spec: Option<Spanned<String>>,
    // Any value: a file name or a table of them by spec.
    expectations: Option<Spanned<toml::Value>>,
    reproduce: Option<Spanned<Reproducer>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn parse(text: &str) -> Result<Vec<ImplSpec>, String> {
        parse_str("ci/rfc1808.toml", text, Path::new("ci"))
            .map(|c| c.implementations)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn vectors_are_named_relative_to_the_file() {
        let config = |text: &str| {
            parse_str(
                "ci/rfc1808.toml",
                &format!("{text}\n{TWO}"),
                Path::new("ci"),
            )
            .map(|c| c.vectors)
            .map_err(|e| e.to_string())
        };
        assert_eq!(config(""), Ok(vec![]));
        assert_eq!(
            config("vectors = \"mine.toml\""),
            Ok(vec![PathBuf::from("ci/mine.toml")])
        );
        assert_eq!(
            config("vectors = [\"mine.toml\", \"more\"]"),
            Ok(vec![
                PathBuf::from("ci/mine.toml"),
                PathBuf::from("ci/more")
            ])
        );
        assert_eq!(
            config("vectors = [\"mine.toml\", 1]"),
            Err(
                "ci/rfc1808.toml:1: key `vectors`: give file or directory names, not `1`"
                    .to_owned()
            )
        );
        assert_eq!(
            config("vectors = 1"),
            Err("ci/rfc1808.toml:1: key `vectors`: give a file or directory name, or an array of them, not `1`".to_owned())
        );
    }

    const TWO: &str = r#"
[[implementation]]
name = "python"
command = ["python3", "adapters/python/urljoin.py"]
protocol = "jsonl"
timeout = 2.5
expectations = "python-expected.toml"

[[implementation]]
name = "node"
command = ["node", "adapters/node/resolve.js"]
timeout = 3
"#;

    #[test]
    fn a_good_file_gives_specs_with_defaults() {
        let specs = parse(TWO).unwrap();
        assert_eq!(
            specs,
            [
                ImplSpec {
                    timeout: Duration::from_millis(2500),
                    expectations: Some(ExpectationsFiles::One(PathBuf::from(
                        "ci/python-expected.toml"
                    ))),
                    ..ImplSpec::new(
                        "python",
                        ["python3", "adapters/python/urljoin.py"],
                        Protocol::Jsonl
                    )
                },
                ImplSpec {
                    timeout: Duration::from_secs(3),
                    ..ImplSpec::new("node", ["node", "adapters/node/resolve.js"], Protocol::Argv)
                },
            ]
        );
    }

    #[test]
    fn unknown_key_is_named_with_its_line() {
        let err = parse(&TWO.replace("timeout = 3", "timout = 3")).unwrap_err();
        assert_eq!(
            err,
            "ci/rfc1808.toml:12: unknown key `timout`, expected one of `name`, `command`, `protocol`, `timeout`, `spec`, `expectations`, `reproduce`"
        );
    }

    #[test]
    fn a_reproducer_is_read_and_its_file_must_be_a_plain_name() {
        let with = |file: &str| {
            let line = format!(
                "timeout = 3\nreproduce = {{ file = \"{file}\", run = \"python3 {file}\", program = \"print({{base}})\" }}"
            );
            parse(&TWO.replace("timeout = 3", &line))
        };
        let read = with("repro.py").unwrap();
        let reproducer = read[1].reproduce.as_ref().expect("the second has one");
        assert_eq!(reproducer.run, "python3 repro.py");
        assert_eq!(reproducer.program, "print({base})");
        assert_eq!(read[0].reproduce, None);
        assert_eq!(
            with("../repro.py").unwrap_err(),
            "ci/rfc1808.toml:13: key `reproduce`: `file` is `../repro.py`: give a file name, with no directory"
        );
    }

    #[test]
    fn bad_values_are_named_with_their_line() {
        assert_eq!(
            parse(&TWO.replace("\"jsonl\"", "\"json\"")).unwrap_err(),
            "ci/rfc1808.toml:5: key `protocol`: unknown protocol `json`, expected `argv`, `lines` or `jsonl`"
        );
        assert_eq!(
            parse(&TWO.replace("2.5", "0")).unwrap_err(),
            "ci/rfc1808.toml:6: key `timeout`: timeout 0 is not a number of seconds from 0.001 to 86400"
        );
        assert_eq!(
            parse(&TWO.replace("2.5", "\"2.5\"")).unwrap_err(),
            "ci/rfc1808.toml:6: key `timeout`: timeout must be a number of seconds, like 2.5, not a string"
        );
        assert_eq!(
            parse(&TWO.replace("\"node\", \"adapters/node/resolve.js\"", "")).unwrap_err(),
            "ci/rfc1808.toml:11: key `command`: the command is empty"
        );
        assert_eq!(
            parse(&TWO.replace("\"node\"\n", "\"python\"\n")).unwrap_err(),
            "ci/rfc1808.toml:10: key `name`: `python` is used twice, first at ci/rfc1808.toml:3"
        );
        assert_eq!(
            parse(&TWO.replace("\"node\"\n", "\"my node\"\n")).unwrap_err(),
            "ci/rfc1808.toml:10: key `name`: name `my node` is not made of letters, digits, `.`, `_` and `-`"
        );
        let err = parse(&TWO.replace("name = \"node\"\n", "")).unwrap_err();
        assert!(
            err.starts_with("ci/rfc1808.toml:9: missing key `name`"),
            "{err}"
        );
        assert_eq!(
            parse("").unwrap_err(),
            "ci/rfc1808.toml: no `[[implementation]]` table"
        );
    }

    #[test]
    fn spec_and_expectations_by_spec() {
        let text = TWO.replace(
            "expectations = \"python-expected.toml\"",
            "spec = \"rfc3986\"\nexpectations = { rfc1808 = \"rfc1808/py.toml\", rfc3986 = \"rfc3986/py.toml\" }",
        );
        let specs = parse(&text).unwrap();
        assert_eq!(specs[0].spec, Some(Spec::Rfc3986));
        assert_eq!(
            specs[0].expectations_for(Spec::Rfc3986),
            Some(Path::new("ci/rfc3986/py.toml"))
        );
        assert_eq!(
            specs[0].expectations_for(Spec::Rfc1808),
            Some(Path::new("ci/rfc1808/py.toml"))
        );
        assert_eq!(specs[0].expectations_for(Spec::Rfc2396), None);
        assert_eq!(specs[1].spec, None);
        assert_eq!(
            parse(&text.replace("\"rfc3986\"\n", "\"rfc3987\"\n")).unwrap_err(),
            "ci/rfc1808.toml:7: key `spec`: unknown spec `rfc3987`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
        assert_eq!(
            parse(&text.replace("rfc3986 = ", "rfc3896 = ")).unwrap_err(),
            "ci/rfc1808.toml:8: key `expectations`: unknown spec `rfc3896`, expected `rfc1808`, `rfc2396`, `rfc3986` or `whatwg`"
        );
        assert_eq!(
            parse(&text.replace("\"rfc3986/py.toml\"", "3")).unwrap_err(),
            "ci/rfc1808.toml:8: key `expectations`: give a file name, or a table of file names by spec like `{ rfc3986 = \"rfc3986/x.toml\" }`, not a integer for `rfc3986`"
        );
        assert_eq!(
            parse(&TWO.replace("\"python-expected.toml\"", "[\"a.toml\"]")).unwrap_err(),
            "ci/rfc1808.toml:7: key `expectations`: give a file name, or a table of file names by spec like `{ rfc3986 = \"rfc3986/x.toml\" }`, not a array"
        );
    }

    #[test]
    fn impl_flags_split_like_a_shell() {
        let spec = parse_impl_flag(
            "py=python3 'my adapters/urljoin.py' --flag\\ x",
            Protocol::Lines,
            Duration::from_secs(1),
        )
        .unwrap();
        assert_eq!(spec.name, "py");
        assert_eq!(
            spec.command,
            ["python3", "my adapters/urljoin.py", "--flag x"]
        );
        assert_eq!(spec.protocol, Protocol::Lines);
        let t = ImplSpec::DEFAULT_TIMEOUT;
        assert_eq!(
            parse_impl_flag("python3 urljoin.py", Protocol::Argv, t).unwrap_err(),
            "--impl `python3 urljoin.py`: expected NAME=COMMAND"
        );
        assert_eq!(
            parse_impl_flag("py=", Protocol::Argv, t).unwrap_err(),
            "--impl `py=`: the command is empty"
        );
        assert_eq!(
            parse_impl_flag("py=python3 'x", Protocol::Argv, t).unwrap_err(),
            "--impl `py=python3 'x`: cannot split the command into words: missing closing quote"
        );
        assert_eq!(
            parse_impl_flag("=python3", Protocol::Argv, t).unwrap_err(),
            "--impl `=python3`: name `` is not made of letters, digits, `.`, `_` and `-`"
        );
    }
}
