//! Sections "URL representation" (`#url-representation`), "URL
//! miscellaneous" (`#url-miscellaneous`) and "URL serializing"
//! (`#url-serializing`): the URL record, special schemes and their default
//! ports, Windows drive letters, shortening a path, and the URL serializer.

use std::fmt;

use super::host::{host_serializer, Host};

/// `#concept-url`: "A URL is a struct that represents a universal
/// identifier." The blob URL entry is left out: only the URL parser (not
/// the basic URL parser) sets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    /// `#concept-url-scheme`: "an ASCII string that identifies the type of
    /// URL [...] It is initially the empty string."
    pub scheme: String,
    /// `#concept-url-username`: "It is initially the empty string."
    pub username: String,
    /// `#concept-url-password`: "It is initially the empty string."
    pub password: String,
    /// `#concept-url-host`: "null or a host. It is initially null."
    pub host: Option<Host>,
    /// `#concept-url-port`: "either null or a 16-bit unsigned integer [...]
    /// It is initially null."
    pub port: Option<u16>,
    /// `#concept-url-path`: "a URL path [...] It is initially « »."
    pub path: Path,
    /// `#concept-url-query`: "either null or an ASCII string. It is
    /// initially null."
    pub query: Option<String>,
    /// `#concept-url-fragment`: "either null or an ASCII string [...] It is
    /// initially null."
    pub fragment: Option<String>,
}

/// `#url-path`: "A URL path is either a URL path segment or a list of zero
/// or more URL path segments."
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// A list of URL path segments.
    List(Vec<String>),
    /// `#url-opaque-path`: "A URL has an opaque path if its path is a URL
    /// path segment."
    Opaque(String),
}

impl Default for Url {
    fn default() -> Self {
        Url {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: Path::List(Vec::new()),
            query: None,
            fragment: None,
        }
    }
}

impl Url {
    /// The URL serializer's output, what the URL API calls `href`.
    ///
    /// ```
    /// use rfc1808_resolver::whatwg;
    ///
    /// let url = whatwg::parse("../x", Some("https://EXAMPLE.com/a/b")).unwrap();
    /// assert_eq!(url.href(), "https://example.com/x");
    /// ```
    pub fn href(&self) -> String {
        url_serializer(self, false)
    }

    /// `#is-special`: "A URL is special if its scheme is a special scheme."
    pub fn is_special(&self) -> bool {
        is_special_scheme(&self.scheme)
    }

    /// `#include-credentials`: "if its username or password is not the
    /// empty string."
    pub fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// `#url-opaque-path`: "if its path is a URL path segment."
    pub fn has_opaque_path(&self) -> bool {
        matches!(self.path, Path::Opaque(_))
    }

    /// "append [a segment] to url's path": the steps that do are reached
    /// only by URLs whose path is a list; on an opaque path nothing happens.
    pub(super) fn append_to_path(&mut self, segment: String) {
        if let Path::List(segments) = &mut self.path {
            segments.push(segment);
        }
    }
}

impl fmt::Display for Url {
    /// The URL serializer (`#concept-url-serializer`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.href())
    }
}

/// `#special-scheme` and `#default-port`: the table of special schemes,
/// `Some(default port)` for a special scheme (the inner `None` being
/// "file"'s null), `None` for any other scheme.
fn special_scheme(scheme: &str) -> Option<Option<u16>> {
    match scheme {
        "ftp" => Some(Some(21)),
        "file" => Some(None),
        "http" | "ws" => Some(Some(80)),
        "https" | "wss" => Some(Some(443)),
        _ => None,
    }
}

/// `#special-scheme`: "an ASCII string that is listed in the first column
/// of the following table."
pub fn is_special_scheme(scheme: &str) -> bool {
    special_scheme(scheme).is_some()
}

/// `#default-port`: "The default port for a special scheme is listed in the
/// second column on the same row. The default port for any other ASCII
/// string is null."
pub fn default_port(scheme: &str) -> Option<u16> {
    special_scheme(scheme).flatten()
}

/// `#windows-drive-letter`: "two code points, of which the first is an
/// ASCII alpha and the second is either U+003A (:) or U+007C (|)."
pub fn is_windows_drive_letter(s: &str) -> bool {
    let mut code_points = s.chars();
    matches!(
        (code_points.next(), code_points.next(), code_points.next()),
        (Some(first), Some(':' | '|'), None) if first.is_ascii_alphabetic()
    )
}

/// `#normalized-windows-drive-letter`: "a Windows drive letter of which the
/// second code point is U+003A (:)."
pub fn is_normalized_windows_drive_letter(s: &str) -> bool {
    is_windows_drive_letter(s) && s.ends_with(':')
}

/// `#start-with-a-windows-drive-letter`, of the code points `s`.
pub fn starts_with_windows_drive_letter(s: &[char]) -> bool {
    match s {
        // "its length is greater than or equal to 2", "its first two code
        // points are a Windows drive letter"
        [first, ':' | '|', rest @ ..] if first.is_ascii_alphabetic() => match rest {
            // "its length is 2 or its third code point is U+002F (/),
            // U+005C (\), U+003F (?), or U+0023 (#)."
            [] | ['/' | '\\' | '?' | '#', ..] => true,
            _ => false,
        },
        _ => false,
    }
}

/// `#shorten-a-urls-path`.
pub fn shorten_path(url: &mut Url) {
    // "Assert: url does not have an opaque path." (it has none here: the
    // path is matched as a list, and an opaque one is left alone)
    let is_file = url.scheme == "file";
    // "Let path be url's path."
    let Path::List(path) = &mut url.path else {
        return;
    };
    // "If url's scheme is "file", path's size is 1, and path[0] is a
    // normalized Windows drive letter, then return."
    if let [only] = path.as_slice() {
        if is_file && is_normalized_windows_drive_letter(only) {
            return;
        }
    }
    // "Remove path's last item, if any."
    path.pop();
}

/// `#concept-url-serializer`.
pub fn url_serializer(url: &Url, exclude_fragment: bool) -> String {
    // "Let output be url's scheme and U+003A (:) concatenated."
    let mut output = format!("{}:", url.scheme);
    // "If url's host is non-null:"
    if let Some(host) = &url.host {
        // "Append "//" to output."
        output.push_str("//");
        // "If url includes credentials, then:"
        if url.includes_credentials() {
            // "Append url's username to output."
            output.push_str(&url.username);
            // "If url's password is not the empty string, then append U+003A
            // (:), followed by url's password, to output."
            if !url.password.is_empty() {
                output.push(':');
                output.push_str(&url.password);
            }
            // "Append U+0040 (@) to output."
            output.push('@');
        }
        // "Append url's host, serialized, to output."
        output.push_str(&host_serializer(host));
        // "If url's port is non-null, append U+003A (:) followed by url's
        // port, serialized, to output."
        if let Some(port) = url.port {
            output.push_str(&format!(":{port}"));
        }
    }
    // "If url's host is null, url does not have an opaque path, url's path's
    // size is greater than 1, and url's path[0] is the empty string, then
    // append U+002F (/) followed by U+002E (.) to output."
    if let (None, Path::List(path)) = (&url.host, &url.path) {
        if path.len() > 1 && path.first().is_some_and(String::is_empty) {
            output.push_str("/.");
        }
    }
    // "Append the result of URL path serializing url to output."
    output.push_str(&url_path_serializer(url));
    // "If url's query is non-null, append U+003F (?), followed by url's
    // query, to output."
    if let Some(query) = &url.query {
        output.push('?');
        output.push_str(query);
    }
    // "If exclude fragment is false and url's fragment is non-null, then
    // append U+0023 (#), followed by url's fragment, to output."
    if let (false, Some(fragment)) = (exclude_fragment, &url.fragment) {
        output.push('#');
        output.push_str(fragment);
    }
    // "Return output."
    output
}

/// `#url-path-serializer`.
pub fn url_path_serializer(url: &Url) -> String {
    match &url.path {
        // "If url has an opaque path, then return url's path."
        Path::Opaque(path) => path.clone(),
        Path::List(path) => {
            // "Let output be the empty string."
            let mut output = String::new();
            // "For each segment of url's path: append U+002F (/) followed by
            // segment to output."
            for segment in path {
                output.push('/');
                output.push_str(segment);
            }
            // "Return output."
            output
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `#example-start-with-a-windows-drive-letter`, and the three ways a
    /// string can fail it.
    #[test]
    fn starts_with_a_windows_drive_letter() {
        let starts = |s: &str| starts_with_windows_drive_letter(&s.chars().collect::<Vec<_>>());
        assert!(starts("c:"));
        assert!(starts("c:/"));
        assert!(!starts("c:a"));
        assert!(starts("C|#x"));
        assert!(!starts("c"));
        assert!(!starts("1:/"));
        assert!(!starts("c;/"));
    }

    #[test]
    fn shorten_keeps_a_file_urls_drive_letter() {
        let mut url = Url {
            scheme: "file".into(),
            ..Url::default()
        };
        url.path = Path::List(vec!["C:".into()]);
        shorten_path(&mut url);
        assert_eq!(url.path, Path::List(vec!["C:".into()]));
        url.scheme = "http".into();
        shorten_path(&mut url);
        assert_eq!(url.path, Path::List(vec![]));
        shorten_path(&mut url);
        assert_eq!(url.path, Path::List(vec![]));
    }
}
