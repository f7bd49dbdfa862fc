//! Changes to the standard that an engine released before them does not
//! have, and which the parser can undo: a parser with a change undone is
//! what such an engine follows, so the catalogue of deviations names an
//! engine's lag by the change it lacks (`caret-unencoded-in-path`,
//! `ascii-domain-checked`, `opaque-path-space-unencoded`), not by the
//! vectors that show it.
//!
//! Each change is named by its pull request in `whatwg/url`, and each is
//! undone in one place: the path state's percent-encoding, the domain
//! parser, and the opaque path state.

/// Which changes to undo; the default undoes none, and parses as the
/// standard at [`super::COMMIT`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Undone {
    /// whatwg/url#846 put U+005E (^) in the path percent-encode set, so
    /// that a path's `^` is written `%5E`. Undone, the path state writes
    /// it as it is (`http://a/^`).
    pub caret_encoded_in_path: bool,
    /// whatwg/url#914 made the domain parser return a domain of ASCII code
    /// points lowercased, "regardless of Unicode ToASCII's outcome". Undone,
    /// ToASCII runs on it as on any other domain, and its failure is the
    /// host's (`http://a.b.c.xn--pokxncvks` fails: the label is not valid
    /// Punycode).
    pub ascii_domain_lowercased: bool,
    /// whatwg/url#844 made the opaque path state write a space followed by
    /// `?` or `#` as `%20`, so that an opaque path never ends in a space.
    /// Undone, the space is written as it is (`a: ?` is `a: ?`, not
    /// `a:%20?`).
    pub opaque_path_space_encoded: bool,
}

impl Undone {
    /// No change undone: the standard at its commit.
    pub const NONE: Undone = Undone {
        caret_encoded_in_path: false,
        ascii_domain_lowercased: false,
        opaque_path_space_encoded: false,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whatwg::parse_undoing;

    fn href(input: &str, undone: Undone) -> Result<String, String> {
        parse_undoing(input, None, undone)
            .map(|url| url.href())
            .map_err(|why| why.to_string())
    }

    #[test]
    fn each_change_undone_gives_what_engines_before_it_give() {
        let caret = Undone {
            caret_encoded_in_path: true,
            ..Undone::NONE
        };
        // Node.js 20's ada 2.9.2 and url 2.5.8 on a web-platform tests entry.
        let all = "wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~";
        assert_eq!(
            href(all, caret).unwrap(),
            "wss://host/%20!%22$%&'()*+,-./:;%3C=%3E@[/]^_%60%7B|%7D~"
        );
        assert_eq!(
            href(all, Undone::NONE).unwrap(),
            "wss://host/%20!%22$%&'()*+,-./:;%3C=%3E@[/]%5E_%60%7B|%7D~"
        );
        // Only the path's: the query and the fragment never encoded `^`, and
        // the userinfo always has.
        assert_eq!(
            href("http://^@a/^?^#^", caret).unwrap(),
            "http://%5E@a/^?^#^"
        );

        let ascii = Undone {
            ascii_domain_lowercased: true,
            ..Undone::NONE
        };
        for input in [
            "http://a.b.c.xn--pokxncvks",
            "https://xn--/",
            "file://xn--/p",
        ] {
            assert!(href(input, ascii).is_err(), "{input}");
            assert!(href(input, Undone::NONE).is_ok(), "{input}");
        }
        // ToASCII lowercases what it accepts, as the lowercasing did.
        assert_eq!(
            href("http://EXample.COM", ascii).unwrap(),
            "http://example.com/"
        );

        let space = Undone {
            opaque_path_space_encoded: true,
            ..Undone::NONE
        };
        for (input, standard, before) in [
            ("a: ?", "a:%20?", "a: ?"),
            ("a:b  #c", "a:b %20#c", "a:b  #c"),
            ("a:b c", "a:b c", "a:b c"),
        ] {
            assert_eq!(href(input, Undone::NONE).unwrap(), standard);
            assert_eq!(href(input, space).unwrap(), before);
        }
    }
}
