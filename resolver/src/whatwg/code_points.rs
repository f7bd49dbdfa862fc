//! The code points the host parser and the domain parser forbid
//! (`#forbidden-host-code-point`, `#forbidden-domain-code-point`).

use super::percent_encode::is_c0_control;

/// `#forbidden-host-code-point`.
pub fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// `#forbidden-domain-code-point`: "a forbidden host code point, a C0
/// control, U+0025 (%), or U+007F DELETE."
pub fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || is_c0_control(c) || c == '%' || c == '\u{7F}'
}
