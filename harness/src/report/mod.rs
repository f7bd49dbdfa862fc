//! Printers for graded results, one module per format.

pub mod text;

/// The byte index of the first difference between `a` and `b`, on a char
/// boundary of both; `None` if they are equal.
pub fn first_difference(a: &str, b: &str) -> Option<usize> {
    if a == b {
        return None;
    }
    let mut at = 0;
    for (x, y) in a.chars().zip(b.chars()) {
        if x != y {
            return Some(at);
        }
        at += x.len_utf8();
    }
    Some(at)
}

/// Shows `s` with control characters and non-ASCII-safe bytes escaped, so
/// that what an implementation printed is seen exactly.
pub fn escape(s: &str) -> String {
    s.escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_is_on_char_boundaries() {
        assert_eq!(first_difference("http://a/b", "http://a/b"), None);
        assert_eq!(first_difference("http://a/b", "http://a/c"), Some(9));
        assert_eq!(first_difference("http://a/b", "http://a/b/"), Some(10));
        assert_eq!(first_difference("é/x", "é/y"), Some(3));
    }
}
