//! Rejection messages grouped by what they mean: a [`MessageClass`] is a
//! library's message with what varies from case to case taken out, so that
//! `Expected authority at index 7: http://` and `Expected authority at
//! index 4: a://` are one kind of rejection, and `Bad file:// URL` stays
//! whole.
//!
//! A message varies with its case in two ways: it echoes the input (the
//! base, the relative URL, or a part of either, quoted or not), and it
//! gives a position in it (`at index 7`). The class is the message's first
//! line (the first that is not blank) with
//!
//! 1. each occurrence of the base or the relative URL that stands apart
//!    (space, quote, bracket or the message's end on both sides) made `…`,
//!    when the URL holds a character other than a letter or digit: a URL
//!    that is a plain word or number (`g`, `URL`, `65535`) is as likely
//!    the message's own. This is done on the whole message, before its
//!    first line is taken and trailing spaces trimmed, since an echoed URL
//!    may hold a line break or end in a space (`g\n`);
//! 2. the text within quotes (the pairs of [`QUOTES`]) made `…`, unless it
//!    reads as the message's own words: letters and spaces only, found
//!    nowhere in the input (Tcl's `{invalid url}`);
//! 3. each space-separated word made `…` that is a part of the input and
//!    holds a character other than a letter or digit (`%zz/`, Tcl's
//!    `\]b:`, backslashes taken for escapes), unless it names the input's
//!    scheme (`file://` in `Bad file:// URL`), and each word that ends
//!    such a word right after it, which it repeats (`g` in Tcl's `{invalid
//!    url} g a:g`);
//! 4. the number after a word that introduces a position (`index`,
//!    `position`, `column`, ... in [`POSITION_WORDS`]) made `N`;
//! 5. a last word after `: ` made `…` when it is what follows the scheme of
//!    the base or the relative URL, letters or not (Ruby's `unrecognised
//!    opaque part for mailtoURL: x` for `mailto:x`): the part a message
//!    names at its end is the input's.
//!
//! A word of letters only is never taken for echoed input unless it is in
//! quotes: `bad`, `to` or `URL` in a constant message must not vary with
//! inputs that happen to hold them. The price is that a library echoing a
//! bare word of letters (`unknown scheme foo`, unquoted) gives a kind per
//! word.

use std::fmt;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::parse;

/// The longest message a class keeps, in characters; room for Java's
/// `java.net.URISyntaxException: Expected closing bracket for IPv6 address
/// at index N: …`, whose distinguishing part is towards its end.
pub const MAX_MESSAGE: usize = 100;

/// The class of a rejection without a message.
const NO_MESSAGE: &str = "(no message)";

/// A rejection message with the input it echoes and the positions it gives
/// taken out (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MessageClass(String);

impl MessageClass {
    /// The class of `message`, a rejection of `input`.
    pub fn of(message: &str, input: &Input) -> MessageClass {
        let urls = Urls::of(input);
        // The whole message first: an echoed URL may hold a line break or
        // end in spaces, which taking the first line would cut.
        let text = elide_urls(message, &urls);
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let line = line.trim_end();
        if line.is_empty() {
            return MessageClass(NO_MESSAGE.to_owned());
        }
        let echoes = echoes(line, &urls);
        let text = elide_quoted(line, &urls);
        let mut text = elide_last_part(elide_words(&text, &urls, &echoes), input);
        if text.chars().count() > MAX_MESSAGE {
            text = text.chars().take(MAX_MESSAGE - 1).collect();
            text.push('…');
        }
        MessageClass(text)
    }

    /// The class as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MessageClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How libraries quote what they echo, as (open, close). Kept in one table
/// because each pair is a library's habit rather than a rule of URLs:
/// double quotes from Go's `%q`, Ruby's `inspect` and JSON; single quotes
/// from Python's `repr` and tcllib; braces from Tcl's list elements;
/// backquotes from Rust and Markdown-minded messages.
pub const QUOTES: &[(char, char)] = &[('"', '"'), ('\'', '\''), ('{', '}'), ('`', '`')];

/// Words after which a number is a position in the input, not part of the
/// message (`at index 7`, `column 3`, `at 12`).
pub const POSITION_WORDS: &[&str] = &[
    "at",
    "byte",
    "char",
    "character",
    "col",
    "column",
    "index",
    "line",
    "near",
    "offset",
    "pos",
    "position",
];

/// The two URLs of a case, and their schemes.
struct Urls<'i> {
    urls: [&'i str; 2],
    schemes: Vec<&'i str>,
}

impl<'i> Urls<'i> {
    fn of(input: &'i Input) -> Urls<'i> {
        let urls = [input.base.as_str(), input.relative.as_str()];
        let schemes = urls.iter().filter_map(|u| parse(u).scheme).collect();
        Urls { urls, schemes }
    }

    /// Whether `text` occurs in either URL, ignoring ASCII case (libraries
    /// lower-case schemes and hosts in what they echo).
    fn contain(&self, text: &str) -> bool {
        let text = text.to_ascii_lowercase();
        self.urls
            .iter()
            .any(|u| u.to_ascii_lowercase().contains(&text))
    }

    /// Whether `word` is `scheme:` or `scheme://` for a scheme of the input:
    /// a message naming the kind of URL (`Bad file:// URL`).
    fn names_scheme(&self, word: &str) -> bool {
        self.schemes.iter().any(|s| {
            let rest = word
                .get(..s.len())
                .filter(|w| w.eq_ignore_ascii_case(s))
                .map(|_| &word[s.len()..]);
            matches!(rest, Some(":" | "://"))
        })
    }
}

/// Whether `c` may stand next to an echoed URL: the line's end, a space,
/// or a quote or bracket around it.
fn apart(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || QUOTES.iter().any(|&(open, close)| c == open || c == close)
                || matches!(c, '(' | ')' | '[' | ']' | '<' | '>')
        }
    }
}

/// Step 1: each occurrence of a whole URL, standing apart, made `…`.
fn elide_urls(message: &str, urls: &Urls<'_>) -> String {
    let mut needles: Vec<&str> = urls
        .urls
        .iter()
        .copied()
        .filter(|u| !u.chars().all(char::is_alphanumeric))
        .collect();
    // The longer first, so that a base holding the relative URL goes whole.
    needles.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out = message.to_owned();
    for needle in needles {
        out = replace_apart(&out, needle);
    }
    out
}

/// Trailing punctuation a sentence may put after an echoed URL.
fn apart_after(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        Some(',' | '.' | ';' | ':') => apart(chars.next()),
        c => apart(c),
    }
}

/// `haystack` with `…` for each occurrence of `needle` that stands apart.
fn replace_apart(haystack: &str, needle: &str) -> String {
    let mut out = String::with_capacity(haystack.len());
    let mut rest = 0;
    for (at, _) in haystack.match_indices(needle) {
        let end = at + needle.len();
        if at < rest || !apart(haystack[..at].chars().next_back()) || !apart_after(&haystack[end..])
        {
            continue;
        }
        out.push_str(&haystack[rest..at]);
        out.push('…');
        rest = end;
    }
    out.push_str(&haystack[rest..]);
    out
}

/// Step 2: the text within each pair of [`QUOTES`] made `…`, unless it is
/// the message's own words. Within double and single quotes a backslash
/// escapes the next character; a single quote after a letter or digit is
/// an apostrophe (`can't`), and a quote closes only where no letter or
/// digit follows it, so that `'it's'` is one quote; braces nest. A quote
/// that never closes is no quote.
fn elide_quoted(line: &str, urls: &Urls<'_>) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let quote = QUOTES.iter().find(|&&(open, _)| open == c);
        let apostrophe = c == '\'' && i > 0 && chars[i - 1].is_alphanumeric();
        let end = match quote {
            Some(&(open, close)) if !apostrophe => closing(&chars, i, open, close),
            _ => None,
        };
        let Some(end) = end else {
            out.push(c);
            i += 1;
            continue;
        };
        let inner: String = chars[i + 1..end].iter().collect();
        out.push(c);
        if own_words(&inner, urls) {
            out.push_str(&inner);
        } else {
            out.push('…');
        }
        out.push(chars[end]);
        i = end + 1;
    }
    out
}

/// Where the quote opened at `start` closes, if it does.
fn closing(chars: &[char], start: usize, open: char, close: char) -> Option<usize> {
    let escapes = open == close;
    let mut depth = 0;
    let mut i = start + 1;
    while i < chars.len() {
        let c = chars[i];
        if escapes && c == '\\' {
            i += 2;
            continue;
        }
        if c == close {
            let followed_by_word = chars.get(i + 1).is_some_and(|c| c.is_alphanumeric());
            if depth == 0 && !(escapes && followed_by_word) {
                return Some(i);
            }
            if !escapes && depth > 0 {
                depth -= 1;
            }
        } else if c == open && !escapes {
            depth += 1;
        }
        i += 1;
    }
    None
}

/// Whether quoted text is the message's own: words of letters, which the
/// input does not hold.
fn own_words(inner: &str, urls: &Urls<'_>) -> bool {
    inner.chars().any(char::is_alphabetic)
        && inner.chars().all(|c| c.is_alphabetic() || c == ' ')
        && !urls.contain(inner.trim())
}

/// Each word of `line` as echoed input, without its quotes and escapes,
/// if it is echoed input (see [`echoed`]).
fn echoes(line: &str, urls: &Urls<'_>) -> Vec<Option<String>> {
    let quote = |c: char| QUOTES.iter().any(|&(open, close)| c == open || c == close);
    line.split(' ')
        .map(|w| w.trim_matches(quote).replace('\\', ""))
        .map(|w| echoed(&w, urls).then_some(w))
        .collect()
}

/// Steps 3 and 4: echoed words made `…`, positions made `N`. A word that
/// ends the echoed word right after it repeats it (Tcl names the part of
/// a net_loc in its way, then the net_loc: `{invalid url} g a:g`), so it
/// is echoed input too, letters or not. `echoes` are the line's words
/// before quotes were elided, as [`echoes`] gives them.
fn elide_words(line: &str, urls: &Urls<'_>, echoes: &[Option<String>]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut previous = "";
    for (i, word) in line.split(' ').enumerate() {
        let after_position = POSITION_WORDS.contains(&previous.to_ascii_lowercase().as_str());
        let bare = word.replace('\\', "");
        let next = echoes.get(i + 1).and_then(Option::as_deref);
        let repeats = next.is_some_and(|n| n.len() > bare.len() && n.ends_with(&bare));
        out.push(if after_position && is_number(word) {
            let digits = word.chars().take_while(char::is_ascii_digit).count();
            format!("N{}", &word[digits..])
        } else if echoed(word, urls) || (repeats && !bare.is_empty()) {
            "…".to_owned()
        } else {
            word.to_owned()
        });
        previous = word.trim_end_matches([',', ':', ';']);
    }
    out.join(" ")
}

/// Step 5: the last word after `: ` made `…` when it is the part of the
/// base or the relative URL after its scheme.
fn elide_last_part(line: String, input: &Input) -> String {
    let Some((head, last)) = line.rsplit_once(": ") else {
        return line;
    };
    let after_scheme = |url: &str| {
        parse(url)
            .scheme
            .map(|scheme| url[scheme.len() + 1..].to_owned())
    };
    let names_part = [&input.base, &input.relative]
        .into_iter()
        .any(|url| after_scheme(url).is_some_and(|part| !part.is_empty() && part == last));
    if names_part && !last.contains(' ') {
        format!("{head}: …")
    } else {
        line
    }
}

/// Digits, then at most one punctuation mark (`7`, `7:`, `12,`).
fn is_number(word: &str) -> bool {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    digits > 0
        && word[digits..].chars().count() <= 1
        && !word[digits..].starts_with(char::is_alphanumeric)
}

/// Whether a bare word is input the message echoes (see step 3).
fn echoed(word: &str, urls: &Urls<'_>) -> bool {
    // Tcl and C-style messages escape brackets, quotes and the like.
    let bare = word.replace('\\', "");
    !bare.is_empty()
        && bare != "…"
        && bare.chars().any(|c| !c.is_alphanumeric())
        && urls.contain(&bare)
        && !urls.names_scheme(&bare)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class of `message` for `relative` against `base`.
    fn class(base: &str, relative: &str, message: &str) -> String {
        MessageClass::of(message, &Input::new(base, relative)).to_string()
    }

    /// Real messages of java.net.URI (JDK 17), from
    /// `java -cp target/adapters/java adapters/JavaNetUri.java --lines`: it echoes the string it
    /// parsed and the index where it stopped.
    #[test]
    fn java_positions_and_echoes_are_one_class() {
        let cases = [
            ("aaaa://", "", "Expected authority at index 7: aaaa://"),
            ("a://", "", "Expected authority at index 4: a://"),
            ("http://", "g", "Expected authority at index 7: http://"),
            ("http://a/b", "//", "Expected authority at index 2: //"),
        ];
        for (base, relative, message) in cases {
            let message = format!("java.net.URISyntaxException: {message}");
            assert_eq!(
                class(base, relative, &message),
                "java.net.URISyntaxException: Expected authority at index N: …"
            );
        }
        let java = |base, relative, message: &str| {
            class(
                base,
                relative,
                &format!("java.net.URISyntaxException: {message}"),
            )
            .trim_start_matches("java.net.URISyntaxException: ")
            .to_owned()
        };
        for (relative, message) in [
            ("a b", "Illegal character in path at index 1: a b"),
            ("\"q\"", "Illegal character in path at index 0: \"q\""),
            ("x\\y", "Illegal character in path at index 1: x\\y"),
            ("\u{5}", "Illegal character in path at index 0: \u{5}"),
            // Cut at the line break, or trimmed, the echo would differ.
            ("b\n", "Illegal character in path at index 1: b\n"),
            ("g ", "Illegal character in path at index 1: g "),
            (" ", "Illegal character in path at index 0:  "),
            ("\\", "Illegal character in path at index 0: \\"),
        ] {
            assert_eq!(
                java("a:a", relative, message),
                "Illegal character in path at index N: …"
            );
        }
        // A word of the message that ends an echo is still the message's.
        assert_eq!(
            java(
                "a:a",
                "//a/path x",
                "Illegal character in path at index 8: //a/path"
            ),
            "Illegal character in path at index N: …"
        );
        assert_eq!(
            java("a:a", "%zz", "Malformed escape pair at index 0: %zz"),
            "Malformed escape pair at index N: …"
        );
        assert_eq!(
            java(
                "a:a",
                "//a:[",
                "Illegal character in port number at index 4: //a:["
            ),
            "Illegal character in port number at index N: …"
        );
        assert_eq!(
            java(
                "http://[::1/b",
                "g",
                "Expected closing bracket for IPv6 address at index 11: http://[::1/b"
            ),
            "Expected closing bracket for IPv6 address at index N: …"
        );
        assert_eq!(
            java(
                "http://a b/",
                "g",
                "Illegal character in authority at index 7: http://a b/"
            ),
            "Illegal character in authority at index N: …"
        );
        assert_eq!(
            java(
                "http://a/b",
                "http:",
                "Expected scheme-specific part at index 5: http:"
            ),
            "Expected scheme-specific part at index N: …"
        );
        assert_eq!(
            java(
                "http://a/b",
                "a_b:c",
                "Illegal character in scheme name at index 1: a_b:c"
            ),
            "Illegal character in scheme name at index N: …"
        );
    }

    /// libcurl's `curl_url_strerror` texts (lib/urlapi.c), and
    /// `curl_easy_strerror`'s for `CURLE_URL_MALFORMAT`, are constant: one
    /// class each, whatever words the input shares with them.
    #[test]
    fn constant_messages_stay_whole() {
        let constant = [
            "Bad file:// URL",
            "Malformed input to a URL function",
            "URL using bad/illegal format or missing URL",
            "Port number was not a decimal number between 0 and 65535",
            "Unsupported URL scheme",
            "No host part in the URL",
            "Bad IPv6 address",
            "Unsupported number of slashes following scheme",
            "Bad hostname",
            "Bad scheme",
            "Bad path",
            "Bad query",
            "No port part in the URL",
        ];
        let inputs = [
            ("file:///x", "g"),
            ("file://a/bad/", "../to/URL"),
            ("http://to/function", "input"),
            ("http://a:0/", "65535"),
            ("file:", "URL"),
            ("a:", "bad/"),
            ("http://IPv6/", "//No/host"),
            ("http://a/b", "Bad/path?query"),
            ("bad:scheme", "part"),
        ];
        for message in constant {
            for (base, relative) in inputs {
                assert_eq!(class(base, relative, message), message, "{base} {relative}");
            }
        }
    }

    /// Messages of Python's urllib, Node and Go (from their adapters where
    /// the runtime is installed here, else from the libraries' sources),
    /// which quote what they echo.
    #[test]
    fn quoted_echoes_are_elided_whatever_their_quotes() {
        assert_eq!(
            class("a:a", "//]", "ValueError: Invalid IPv6 URL"),
            "ValueError: Invalid IPv6 URL"
        );
        assert_eq!(
            class("http://[::1/b", "g", "TypeError: Invalid URL"),
            "TypeError: Invalid URL"
        );
        // CPython 3.11 on a net_loc that NFKC normalization changes.
        for (base, relative, netloc) in [
            ("http://a/b", "//a\u{2100}b/", "a\u{2100}b"),
            ("http://a\u{ff0f}b/", "g", "a\u{ff0f}b"),
        ] {
            let message = format!(
                "ValueError: netloc '{netloc}' contains invalid characters under NFKC normalization"
            );
            assert_eq!(
                class(base, relative, &message),
                "ValueError: netloc '…' contains invalid characters under NFKC normalization"
            );
        }
        // Two echoes in one message, the shorter inside the longer.
        assert_eq!(
            class(
                "http://[::1/b",
                "g",
                "ValueError: invalid netloc '[::1' in 'http://[::1/b'"
            ),
            "ValueError: invalid netloc '…' in '…'"
        );
        // `repr` escapes a quote within quotes; a quote closes only where
        // no letter follows it.
        assert_eq!(
            class("http://a/b", "it's", r"ValueError: bad URL 'it\'s'"),
            "ValueError: bad URL '…'"
        );
        assert_eq!(
            class("http://a/b", "it's", "bad URL 'it's' here"),
            "bad URL '…' here"
        );
        // Go's `%q`, with a quote of the input escaped.
        assert_eq!(
            class(
                "http://a b/",
                "g",
                r#"parse "http://a b/": invalid character " " in host name"#
            ),
            r#"parse "…": invalid character "…" in host name"#
        );
        assert_eq!(
            class(
                "http://a/b",
                "\"x:",
                r#"parse "\"x:": first path segment in URL cannot contain colon"#
            ),
            r#"parse "…": first path segment in URL cannot contain colon"#
        );
        // Ruby's `inspect`.
        assert_eq!(
            class(
                "http://a/b",
                "a b",
                r#"URI::InvalidURIError: bad URI(is not URI?): "a b""#
            ),
            r#"URI::InvalidURIError: bad URI(is not URI?): "…""#
        );
        // An apostrophe is no quote, and a quote that never closes is none.
        assert_eq!(
            class("http://a/b", "g", "can't resolve against an opaque base"),
            "can't resolve against an opaque base"
        );
        assert_eq!(
            class("http://a/b", "g", "can't resolve 'g"),
            "can't resolve 'g"
        );
        assert_eq!(class("http://a/b", "g", "line one\nline two"), "line one");
        assert_eq!(class("http://a/b", "g", "\n  \nline two"), "line two");
        assert_eq!(class("http://a/b", "g", ""), "(no message)");
    }

    /// Real messages of tcllib's `uri`: the scheme and the URL in single
    /// quotes, the part of a net_loc in the way as a Tcl list.
    #[test]
    fn tcl_lists_and_quotes_are_one_class() {
        for (base, message) in [
            ("aaaa://", "unknown scheme 'aaaa' in 'aaaa://'"),
            ("a:a", "unknown scheme 'a' in 'a:a'"),
            ("foo:b/c", "unknown scheme 'foo' in 'foo:b/c'"),
            ("Foo:b/c", "unknown scheme 'foo' in 'Foo:b/c'"),
        ] {
            assert_eq!(class(base, "", message), "unknown scheme '…' in '…'");
        }
        for (base, relative, message, want) in [
            (
                "http://[::1/b",
                "g",
                "{invalid url} {[::1/b} {[::1/b}",
                "{invalid url} {…} {…}",
            ),
            (
                "http://a b/",
                "g",
                "{invalid url} { b/} {a b/}",
                "{invalid url} {…} {…}",
            ),
            (
                "http://a;p/b",
                "g",
                "{invalid url} {;p/b} {a;p/b}",
                "{invalid url} {…} {…}",
            ),
            (
                "http://a/b",
                "//[::1]:x/",
                "{invalid url} x/ {[::1]:x/}",
                "{invalid url} … {…}",
            ),
            (
                "http://a/b",
                "//a%zz/",
                "{invalid url} %zz/ a%zz/",
                "{invalid url} … …",
            ),
            (
                "http:",
                "//a+b-c.d:",
                "{invalid url} +b-c.d: a+b-c.d:",
                "{invalid url} … …",
            ),
            ("http:", "//a-", "{invalid url} - a-", "{invalid url} … …"),
            (
                "http:",
                "//a]b:",
                r"{invalid url} \]b: a\]b:",
                "{invalid url} … …",
            ),
            // The part in the way is a word of letters: it repeats the end
            // of the net_loc after it.
            ("http:", "//a:g", "{invalid url} g a:g", "{invalid url} … …"),
            ("http://a:B", "", "{invalid url} B a:B", "{invalid url} … …"),
            (
                "http://a",
                "//a:http:",
                "{invalid url} http: a:http:",
                "{invalid url} … …",
            ),
            (
                "http://a",
                "//a:g",
                "{invalid url} g {a:g}",
                "{invalid url} … {…}",
            ),
        ] {
            assert_eq!(class(base, relative, message), want, "{message}");
        }
    }

    #[test]
    fn a_position_is_a_number_after_a_position_word_only() {
        assert_eq!(
            class("a:", "b", "unexpected `]` at column 12, line 3"),
            "unexpected `…` at column N, line N"
        );
        assert_eq!(
            class("a:", "b", "at most 255 characters"),
            "at most 255 characters"
        );
        assert_eq!(class("a:", "b", "near 4x here"), "near 4x here");
    }

    #[test]
    fn an_opaque_part_named_at_the_end_is_elided() {
        for (relative, part) in [("mailto:x", "x"), ("mailto:xy", "xy"), ("mailto:x9", "x9")] {
            let message = format!(
                "URI::InvalidComponentError: unrecognised opaque part for mailtoURL: {part}"
            );
            assert_eq!(
                class("http://a", relative, &message),
                "URI::InvalidComponentError: unrecognised opaque part for mailtoURL: …"
            );
        }
        // A last word that is not the part after the scheme stays.
        assert_eq!(
            class("http://a", "mailto:x", "Error: missing"),
            "Error: missing"
        );
    }

    #[test]
    fn long_messages_are_cut() {
        let long = "x".repeat(150);
        assert_eq!(
            class("a:", "b", &long),
            format!("{}…", "x".repeat(MAX_MESSAGE - 1))
        );
    }
}
