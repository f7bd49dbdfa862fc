//! The C and C++ adapters of `adapters/`, compiled here with
//! AddressSanitizer and UBSan and run through the whole corpus; an adapter
//! that cannot be built is skipped with one line on standard error, unless
//! `RFC1808_REQUIRE_ADAPTERS` is set.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root, which holds `adapters/`.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether an adapter that does not build fails the test rather than
/// skipping it, as `.ci/run` asks after `adapters/install.sh`.
pub fn required() -> bool {
    std::env::var_os("RFC1808_REQUIRE_ADAPTERS").is_some()
}

/// Says `line` past the test harness's capture, so that a skip shows: one
/// line, and no compiler output in a run that passes.
pub fn say(line: &str) {
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}

/// Compiles `source` (under the repository's root) with `compiler`, the
/// warnings as errors and the sanitizers, `flags` before the source and
/// `libs` after it, into `binary`; the compiler's standard error, or why it
/// could not run, if it fails.
pub fn compile(
    compiler: &str,
    flags: &[&str],
    source: &str,
    libs: &[String],
    binary: &Path,
) -> Result<(), String> {
    let out = Command::new(compiler)
        .args(flags)
        .args(["-g", "-O1", "-Wall", "-Wextra", "-Werror"])
        .args(["-fsanitize=address,undefined", "-fno-sanitize-recover=all"])
        .arg("-o")
        .arg(binary)
        .arg(root().join(source))
        .args(libs)
        .output()
        .map_err(|e| format!("cannot run {compiler}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The whole corpus through `rfc1808 run` under `spec`, with the vectors
/// promoted from fuzzing the libraries, which the expectations list too
/// (adapters/README.md): the adapter `name` at `binary` fails exactly the
/// vectors its expectations file for that spec lists.
pub fn assert_conforms(name: &str, binary: &Path, spec: &str) {
    let run = Command::new(super::BIN)
        .current_dir(root())
        .args(["run", "--spec", spec, "--protocol", "jsonl"])
        .args(["--add-vectors", "adapters/findings", "--impl"])
        .arg(format!("{name}={}", binary.display()))
        .arg("--expectations")
        .arg(format!("adapters/expectations/{spec}/{name}.toml"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{name} under {spec}:\n{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains("0 unexpected passes; 0 errors"), "{stdout}");
}

/// Three `jsonl` requests: one of 10 MiB, read whole; one of 65 MiB, past
/// the 64 MiB limit, refused with a null id and skipped; and one after it,
/// answered. With the relative URL of the first and the length of the
/// second.
pub fn huge_lines() -> (Vec<u8>, String, usize) {
    let long = "a".repeat(10 << 20);
    let first = format!(r#"{{"type":"resolve","id":1,"base":"http://a/b","relative":"{long}"}}"#);
    let mut too_long = br#"{"type":"resolve","id":2,"base":"http://a/b","relative":""#.to_vec();
    too_long.resize(65 << 20, b'a');
    too_long.extend_from_slice(br#""}"#);
    let input = super::child::jsonl(&[
        first.as_bytes(),
        &too_long,
        br#"{"type":"resolve","id":3,"base":"http://a/b/c","relative":"../g"}"#,
    ]);
    (input, long, too_long.len())
}
