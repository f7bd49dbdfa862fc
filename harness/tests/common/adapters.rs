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
/// answered. With the relative URL of the first, and the answers every
/// adapter gives the other two.
pub fn huge_lines() -> (Vec<u8>, String, [String; 2]) {
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
    let refused = format!(
        r#"{{"id":null,"error":"adapter: line 2: the request is longer than 64 MiB ({} bytes)"}}"#,
        too_long.len()
    );
    let answered = r#"{"id":3,"result":"http://a/g"}"#.to_owned();
    (input, long, [refused, answered])
}

/// A `jsonl` conversation of requests the shared reader must answer in
/// their places (`docs/adapters.md`): not JSON, not UTF-8, a NUL, a lone
/// surrogate, a missing key, an unknown type, a cut line, text after the
/// object, keys in any order with unknown ones skipped (the relative
/// reference of that one, id 9, is `ninth`, a JSON string body), a good
/// request, `stop`, and a request after it that is never read.
pub fn unreadable_requests(ninth: &str) -> Vec<u8> {
    let keys_in_any_order = format!(
        r#"{{"extra":[1,{{"a":[true,null,-1.5e3,"\"}}"]}}],"relative":"{ninth}","id":9,"base":"http://a/b/c","type":"resolve"}}"#
    );
    super::child::jsonl(&[
        br#"{"type":"start","version":1}"#,
        b"not json",
        b"{\"type\":\"resolve\",\"id\":2,\"base\":\"http://a/\xff\",\"relative\":\"g\"}",
        br#"{"type":"resolve","id":3,"base":"http://a/b","relative":"g\u0000h"}"#,
        br#"{"type":"resolve","id":4,"base":"http://a/b","relative":"\ud800"}"#,
        br#"{"type":"resolve","id":5,"base":"http://a/b"}"#,
        br#"{"type":"parse","id":6}"#,
        br#"{"type":"resolve","id":7,"base":"http://a/b","relative":"g","#,
        br#"{"type":"resolve","id":8,"base":"http://a/b","relative":"g"} x"#,
        keys_in_any_order.as_bytes(),
        br#"{"type":"resolve","id":10,"base":"http://a/b/c/d;p?q","relative":"../g"}"#,
        br#"{"type":"stop"}"#,
        br#"{"type":"resolve","id":11,"base":"http://a/b","relative":"never read"}"#,
    ])
}

/// The adapter at `binary` run once with `args` on its command line: its
/// exit code, standard output and standard error.
pub fn argv(binary: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(binary).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
