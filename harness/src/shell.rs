//! Words written for a POSIX shell, for the commands a report prints to
//! rerun a case.

/// A word quoted for a POSIX shell; one holding control characters is
/// quoted as `$'...'` (bash, zsh, ksh), so that the command prints on one
/// line with nothing invisible in it.
pub fn quote(word: &str) -> String {
    if !word.chars().any(char::is_control) {
        return shell_words::quote(word).into_owned();
    }
    let mut out = String::from("$'");
    for c in word.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("\\x{b:02x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
