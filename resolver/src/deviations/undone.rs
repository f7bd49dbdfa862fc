//! The URL Standard's own changes undone: its deviations are engines
//! released before a change to it ([`crate::whatwg::Undone`]).

use super::*;

deviations! {
    CARET_UNENCODED_IN_PATH = "caret-unencoded-in-path", false,
        [None, None, None, Some("path percent-encode set (whatwg/url#846)")], ("http://a/b", "^"),
        "a `^` in a path is written as it is, not `%5E` (`^` against `http://a/b` is `http://a/^`): the URL Standard before whatwg/url#846",
        "Node.js 20's ada 2.9.2, url 2.5.8 (both released before the change); whatwg/url#846 (2024) put U+005E (^) in the path percent-encode set, so the path state writes `%5E`";
    ASCII_DOMAIN_CHECKED = "ascii-domain-checked", false,
        [None, None, None, Some("domain parser (whatwg/url#914)")], ("http://a/b", "//xn--/"),
        "a domain of ASCII code points goes through Unicode ToASCII, and fails where ToASCII does (an `xn--` label that is not valid Punycode: `http://a.b.c.xn--pokxncvks` fails): the URL Standard before whatwg/url#914",
        "Node.js 20's ada 2.9.2, whatwg-url 14.2.0, url 2.5.8 (all released before the change); whatwg/url#914 (2025): the domain parser returns an ASCII domain lowercased, \"regardless of Unicode ToASCII's outcome\"";
    OPAQUE_PATH_SPACE_UNENCODED = "opaque-path-space-unencoded", false,
        [None, None, None, Some("opaque path state (whatwg/url#844)")], ("http://a/b", "a: ?"),
        "a space followed by `?` or `#` in an opaque path is written as it is, not `%20` (`a: ?` is `a: ?`, not `a:%20?`): the URL Standard before whatwg/url#844",
        "Node.js 20's ada 2.9.2, url 2.5.8 (both released before the change), found by fuzzing them; whatwg/url#844 (2025): \"If remaining starts with U+003F (?) or U+0023 (#), then append %20 to url's path\", so that an opaque path never ends in a space";
}

/// The changes to the URL Standard that `set` undoes, if it undoes any:
/// its deviations are those changes ([`crate::whatwg::Undone`]), and the
/// parser with them undone gives the answer, instead of the reference's.
pub(super) fn undone_changes(set: Set) -> Option<crate::whatwg::Undone> {
    let undone = crate::whatwg::Undone {
        caret_encoded_in_path: set.has(Id::CaretUnencodedInPath),
        ascii_domain_lowercased: set.has(Id::AsciiDomainChecked),
        opaque_path_space_encoded: set.has(Id::OpaquePathSpaceUnencoded),
    };
    (undone != crate::whatwg::Undone::NONE).then_some(undone)
}

/// The URL Standard's parse of `input` against `base` (`None`: no base)
/// with the changes `undone` undone. A failure the standard itself makes
/// is its own message (`reference_resolver`'s, given a base); one only the
/// undone change makes is the deviation's name: only whatwg/url#914 undone
/// fails what the standard parses.
pub(super) fn parse_undoing(
    reference_resolver: Reference<'_>,
    base: Option<&str>,
    input: &str,
    undone: crate::whatwg::Undone,
) -> Result<String, String> {
    match crate::whatwg::parse_undoing(input, base, undone) {
        Ok(url) => Ok(url.href()),
        Err(_) => {
            let by_the_standard = match base {
                Some(base) => reference_resolver(base, input).err(),
                None => crate::whatwg::parse(input, None)
                    .err()
                    .map(|e| e.to_string()),
            };
            Err(by_the_standard.unwrap_or_else(|| Id::AsciiDomainChecked.name().to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The URL Standard's reference.
    fn whatwg(base: &str, input: &str) -> Result<String, String> {
        crate::whatwg::resolve(base, input)
    }

    #[test]
    fn the_url_standard_s_changes_undone_answer_as_engines_before_them() {
        let caret = Set::of(&[Id::CaretUnencodedInPath]);
        let ascii = Set::of(&[Id::AsciiDomainChecked]);
        let both = caret.with(Id::AsciiDomainChecked);
        // Each changes what it changes, with or without the other.
        assert_eq!(
            resolve(&whatwg, caret, "http://a/b", "^?^"),
            Ok("http://a/^?^".into())
        );
        assert_eq!(
            resolve(&whatwg, both, "http://a/b", "^"),
            Ok("http://a/^".into())
        );
        assert_eq!(
            resolve(&whatwg, ascii, "http://a/b", "^"),
            Ok("http://a/%5E".into())
        );
        assert_eq!(
            resolve(&whatwg, caret, "http://a/b", "//xn--/"),
            Ok("http://xn--/".into())
        );
        // A failure only the change undone makes is the deviation's; one the
        // standard makes too is the standard's own.
        assert_eq!(
            resolve(&whatwg, ascii, "http://a/b", "//xn--/"),
            Err("ascii-domain-checked".into())
        );
        assert_eq!(
            resolve(&whatwg, both, "http://a/b", "//a b/"),
            whatwg("http://a/b", "//a b/")
        );
        // The base is parsed with the change undone too.
        assert_eq!(whatwg("http://xn--", "g"), Ok("http://xn--/g".into()));
        assert_eq!(
            resolve(&whatwg, ascii, "http://xn--", "g"),
            Err("ascii-domain-checked".into())
        );
    }

    #[test]
    fn an_absolute_parse_is_explained_by_the_url_standard_s_changes_undone() {
        let whatwg = |input, answer| explain_parse(Spec::Whatwg, input, answer);
        assert_eq!(
            explain_parse(Spec::Rfc3986, "http://a/^", Ok("http://a/^")),
            None
        );
        assert_eq!(
            whatwg("http://a/^", Ok("http://a/%5E")),
            Some(Explanation::Conforms)
        );
        assert_eq!(
            whatwg("http://a/^", Ok("http://a/^")),
            Some(Explanation::By(Set::of(&[Id::CaretUnencodedInPath])))
        );
        assert_eq!(
            whatwg("https://xn--/^", Err(())),
            Some(Explanation::By(Set::of(&[Id::AsciiDomainChecked])))
        );
        // The smallest set: undoing whatwg/url#914 as well would fail it.
        assert_eq!(
            whatwg("https://XN--/^", Ok("https://xn--/^")),
            Some(Explanation::By(Set::of(&[Id::CaretUnencodedInPath])))
        );
        assert_eq!(
            whatwg("http://a/^", Ok("http://a/%5e")),
            Some(Explanation::Unexplained)
        );
    }
}
