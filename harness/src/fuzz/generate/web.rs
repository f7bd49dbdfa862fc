//! The inputs of the URL Standard: what its basic URL parser turns on and
//! RFC 3986's grammar has no room for. A backslash is a slash in a special
//! URL; tabs and newlines are removed anywhere, and C0 controls and spaces
//! at either end ("Remove any leading and trailing C0 control or space
//! from input", "Remove all ASCII tab or newline from input"); special and
//! non-special schemes, opaque paths (`mailto:x`), `file:` URLs and
//! Windows drive letters (`C:`, `C|`); hosts in IPv4's number forms and
//! IPv6, non-ASCII hosts that domain to ASCII maps, and percent-encoded
//! ones; `%2e` as a dot in a segment; characters each percent-encode set
//! takes or leaves.

use super::{char_bounds, Generator};

/// Special schemes (each with a default port, and `file`), some in upper
/// case, and non-special ones, a few of them with opaque paths in use.
const SCHEMES: [&str; 14] = [
    "http", "http", "https", "ws", "wss", "ftp", "file", "file", "HTTP", "File", "foo", "a",
    "mailto", "data",
];

/// Hosts: IPv4 addresses in their number forms (hexadecimal, octal, fewer
/// parts, a trailing dot, one past a limit), IPv6 addresses (compressed,
/// with an IPv4 tail, in upper case), domains that domain to ASCII maps
/// (non-ASCII, full-width, a soft hyphen, `ß`, punycode), percent-encoded
/// ones, forbidden code points, ports (default, leading zeros, too large,
/// empty) and userinfo.
const HOSTS: [&str; 36] = [
    "a",
    "a",
    "A",
    "a.b",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "2130706433",
    "1.2.3.4.",
    "1.2.3.256",
    "0x100000000",
    "09",
    "a.0x1",
    "[::1]",
    "[0:0::1.2.3.4]",
    "[::FFFF:7F00:1]",
    "[1:2:3:4:5:6:7:8]",
    "[1::2::3]",
    "\u{e9}",
    "\u{ff21}\u{ff22}",
    "xn--nxasmq6b",
    "a\u{ad}b",
    "fa\u{df}",
    "%41",
    "a%2Eb",
    "a b",
    "a<b",
    "a:80",
    "a:443",
    "a:0021",
    "a:65536",
    "a:",
    "u:p@a",
    "@a",
    "",
    "localhost",
];

/// Path segments: dots written plain and as `%2e`, drive letters, and
/// characters the path percent-encode set takes (space, `^`, `{`, `'`
/// only in a special query), leaves (`~`), or that are invalid escapes.
const SEGMENTS: [&str; 24] = [
    "b",
    "c",
    "b",
    "",
    "",
    ".",
    "..",
    "%2e",
    "%2E",
    ".%2e",
    "%2e%2E",
    "C:",
    "c|",
    "C:",
    "a:b",
    "\u{e9}",
    "a b",
    "%",
    "%zz",
    "^",
    "{}",
    "\u{1f600}",
    "%2f",
    "~",
];

const QUERIES: [&str; 7] = ["", "q", "a b", "'", "\u{e9}", "%zz", "a=\\"];
const FRAGMENTS: [&str; 6] = ["", "f", "f g", "`", "\u{e9}", "#"];

/// What the parser strips: C0 controls and spaces at either end, tabs and
/// newlines anywhere.
const ENDS: [&str; 5] = [" ", "\u{0}", "\u{1f}", "\t", "\u{1}"];
const ANYWHERE: [&str; 3] = ["\t", "\n", "\r"];

/// How an authority starts: slashes, backslashes (slashes to a special
/// URL) and more or fewer of them.
const AUTHORITY_STARTS: [&str; 6] = ["//", "//", "\\\\", "/\\", "///", "\\/"];

/// How a drive letter comes: with and without the slashes before it.
const DRIVES: [&str; 6] = ["C:", "/C:", "C|", "/c|", "//C:", "///C:"];

impl Generator {
    /// An input in the shapes above: a scheme one time in four, then an
    /// authority, a path from the root, a drive letter, or a relative
    /// path, a query and a fragment each sometimes; what the parser
    /// strips is added to one in four.
    pub(super) fn web_input(&mut self) -> String {
        let mut url = String::new();
        if self.rng.below(4) == 0 {
            url.push_str(self.pick(&SCHEMES));
            url.push(':');
        }
        match self.rng.below(8) {
            0 | 1 => {
                url.push_str(self.pick(&AUTHORITY_STARTS));
                url.push_str(self.pick(&HOSTS));
                if self.rng.below(2) == 0 {
                    url.push(self.slash());
                    url.push_str(&self.web_segments());
                }
            }
            2 | 3 => {
                url.push(self.slash());
                url.push_str(&self.web_segments());
            }
            4 => {
                url.push_str(self.pick(&DRIVES));
                url.push(self.slash());
                url.push_str(&self.web_segments());
            }
            _ => url.push_str(&self.web_segments()),
        }
        self.add_parts(&mut url, &[(3, '?', &QUERIES), (4, '#', &FRAGMENTS)]);
        if self.rng.below(4) == 0 {
            self.add_stripped(&mut url);
        }
        url
    }

    /// A base of the shapes above that parses: a special URL with an
    /// authority, a `file:` URL with a drive letter or a host, a
    /// non-special URL with or without an authority, or one with an
    /// opaque path.
    pub(super) fn web_base(&mut self) -> String {
        let scheme = self.pick(&SCHEMES);
        let mut url = format!("{scheme}:");
        match self.rng.below(6) {
            0..=2 => {
                url.push_str("//");
                url.push_str(self.pick(&HOSTS));
                url.push('/');
                url.push_str(&self.web_segments());
            }
            3 => {
                url.push_str(self.pick(&["///", "//", "/", ""]));
                url.push_str(self.pick(&DRIVES[..1]));
                url.push('/');
                url.push_str(&self.web_segments());
            }
            4 => {
                url.push('/');
                url.push_str(&self.web_segments());
            }
            // An opaque path, for a non-special scheme.
            _ => url.push_str(self.pick(&["x", "a b", "\u{e9}", "x/../y", "%2e"])),
        }
        self.add_parts(&mut url, &[(3, '?', &QUERIES), (5, '#', &FRAGMENTS)]);
        url
    }

    /// A slash, or one time in four a backslash.
    fn slash(&mut self) -> char {
        if self.rng.below(4) == 0 {
            '\\'
        } else {
            '/'
        }
    }

    /// Up to four segments, each after a slash or a backslash.
    fn web_segments(&mut self) -> String {
        let mut path = String::new();
        for i in 0..self.rng.below(5) {
            if i > 0 {
                path.push(self.slash());
            }
            path.push_str(self.pick(&SEGMENTS));
        }
        path
    }

    /// Adds what the parser strips: a C0 control or space at either end
    /// or both, or a tab or newline inside.
    fn add_stripped(&mut self, url: &mut String) {
        match self.rng.below(4) {
            0 => url.insert_str(0, self.pick(&ENDS)),
            1 => url.push_str(self.pick(&ENDS)),
            2 => {
                url.insert_str(0, self.pick(&ENDS));
                url.push_str(self.pick(&ENDS));
            }
            _ => {
                let at = char_bounds(url);
                let at = at[self.rng.below(at.len())];
                url.insert_str(at, self.pick(&ANYWHERE));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Bases, Generator};
    use rfc1808_fuzzgen::Input;
    use rfc1808_resolver::whatwg;
    use rfc1808_vectors::Spec;

    fn cases(n: usize) -> Vec<Input> {
        let mut g = Generator::new(1, Vec::new(), Bases::Absolute, Spec::Whatwg);
        (0..n).map(|_| g.next_input()).collect()
    }

    #[test]
    fn whatwg_cases_hold_what_its_parser_turns_on() {
        let cases = cases(5000);
        let inputs = || cases.iter().map(|c| c.relative.as_str());
        type Has = fn(&str) -> bool;
        let with = |what: Has| inputs().filter(|i| what(i)).count();
        let shapes: [(&str, Has); 9] = [
            ("a backslash", |i| i.contains('\\')),
            ("a tab or newline", |i| i.contains(['\t', '\n', '\r'])),
            ("a C0 control or space at an end", |i| {
                i.starts_with(|c: char| c <= ' ') || i.ends_with(|c: char| c <= ' ')
            }),
            ("an IPv4 number form", |i| {
                ["0x", "0177.", "127.1", "2130706433", "1.2.3."]
                    .iter()
                    .any(|n| i.contains(n))
            }),
            ("an IPv6 address", |i| i.contains('[')),
            ("`%2e`", |i| i.to_ascii_lowercase().contains("%2e")),
            ("a drive letter", |i| i.contains("C:") || i.contains("c|")),
            ("a non-ASCII character", |i| !i.is_ascii()),
            ("a non-special scheme", |i| {
                i.starts_with("foo:") || i.starts_with("mailto:")
            }),
        ];
        for (shape, has) in shapes {
            let n = with(has);
            assert!(n >= 20, "{n} inputs of 5000 with {shape}");
        }
    }

    #[test]
    fn whatwg_bases_parse_and_some_have_opaque_paths_or_are_file_urls() {
        let cases = cases(5000);
        let bases: Vec<whatwg::Url> = cases
            .iter()
            .map(|c| whatwg::parse(&c.base, None).unwrap_or_else(|e| panic!("{:?}: {e:?}", c.base)))
            .collect();
        let opaque = bases.iter().filter(|u| u.has_opaque_path()).count();
        let file = bases.iter().filter(|u| u.scheme == "file").count();
        assert!(opaque >= 20, "{opaque} bases of 5000 with an opaque path");
        assert!(file >= 100, "{file} file: bases of 5000");
    }
}
