//! Section "URL parsing" (`#url-parsing`): the basic URL parser, its input
//! preprocessing and its state machine, one method per state.
//!
//! This is the basic URL parser as `new URL(input, base)` runs it: no `url`
//! and no state override are given (those are for the API's setters), and
//! the encoding is UTF-8. The steps that apply only when a state override
//! is given are left out; each state's comment says so where it skips one.

use super::error::ParseError;
use super::host::{host_parser_undoing, Host};
use super::percent_encode::{
    is_c0_control, utf8_percent_encode, utf8_percent_encode_code_point, PercentEncodeSet,
};
use super::undone::Undone;
use super::url::{
    default_port, is_normalized_windows_drive_letter, is_windows_drive_letter, shorten_path,
    starts_with_windows_drive_letter, Path, Url,
};

/// The EOF code point (`#eof-code-point`): "a conceptual code point that
/// signifies the end of a string", `None` for [`Option<char>`] code points.
const EOF: Option<char> = None;

/// The states of the basic URL parser's state machine. The hostname state
/// is the host state: they differ only when a state override is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

impl State {
    /// The state's name in the standard: `relative slash state`.
    pub fn name(self) -> &'static str {
        match self {
            State::SchemeStart => "scheme start state",
            State::Scheme => "scheme state",
            State::NoScheme => "no scheme state",
            State::SpecialRelativeOrAuthority => "special relative or authority state",
            State::PathOrAuthority => "path or authority state",
            State::Relative => "relative state",
            State::RelativeSlash => "relative slash state",
            State::SpecialAuthoritySlashes => "special authority slashes state",
            State::SpecialAuthorityIgnoreSlashes => "special authority ignore slashes state",
            State::Authority => "authority state",
            State::Host => "host state",
            State::Port => "port state",
            State::File => "file state",
            State::FileSlash => "file slash state",
            State::FileHost => "file host state",
            State::PathStart => "path start state",
            State::Path => "path state",
            State::OpaquePath => "opaque path state",
            State::Query => "query state",
            State::Fragment => "fragment state",
        }
    }

    /// Whether this state decides what the URL takes from the base, or
    /// that it takes nothing: the states that read `base`, and the scheme
    /// state, which decides that an input with its own scheme is not
    /// relative (unless it is special and of the base's scheme).
    fn decides_on_the_base(self) -> bool {
        matches!(
            self,
            State::Scheme
                | State::NoScheme
                | State::SpecialRelativeOrAuthority
                | State::Relative
                | State::RelativeSlash
                | State::File
                | State::FileSlash
        )
    }
}

/// `#concept-basic-url-parser`, with `input` and `base` and nothing else
/// given.
pub fn basic_url_parser(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    traced_basic_url_parser(input, base).0
}

/// [`basic_url_parser`], and the last state that decided what the URL
/// takes from the base: the scheme state, or a state that reads the base
/// (no scheme, special relative or authority, relative, relative slash,
/// file, file slash); the scheme start state when the input is empty.
pub fn traced_basic_url_parser(
    input: &str,
    base: Option<&Url>,
) -> (Result<Url, ParseError>, State) {
    undoing(input, base, Undone::NONE)
}

/// [`traced_basic_url_parser`] with the changes `undone` undone.
pub(super) fn undoing(
    input: &str,
    base: Option<&Url>,
    undone: Undone,
) -> (Result<Url, ParseError>, State) {
    // "If url is not given: Set url to a new URL." "Remove any leading and
    // trailing C0 control or space from input."
    let input = input.trim_matches(is_c0_control_or_space);
    // "Remove all ASCII tab or newline from input."
    let input = input
        .chars()
        .filter(|&c| !is_ascii_tab_or_newline(c))
        .collect();
    // "Let state be state override if given, or scheme start state
    // otherwise." "Let buffer be the empty string." "Let atSignSeen,
    // insideBrackets, and passwordTokenSeen be false." "Let pointer be a
    // pointer for input."
    let mut parser = Parser {
        input,
        pointer: 0,
        state: State::SchemeStart,
        buffer: String::new(),
        at_sign_seen: false,
        inside_brackets: false,
        password_token_seen: false,
        base,
        url: Url::default(),
        decided_in: State::SchemeStart,
        undone,
    };
    // "Keep running the following state machine by switching on state. If
    // after a run pointer points to the EOF code point, go to the next
    // step. Otherwise, increase pointer by 1 and continue with the state
    // machine."
    loop {
        if parser.state.decides_on_the_base() {
            parser.decided_in = parser.state;
        }
        if let Err(failure) = parser.run() {
            return (Err(failure), parser.decided_in);
        }
        if parser.pointer >= parser.input_len() {
            break;
        }
        parser.pointer += 1;
    }
    // "Return url."
    (Ok(parser.url), parser.decided_in)
}

/// Infra's C0 control or space: "a C0 control or U+0020 SPACE."
fn is_c0_control_or_space(c: char) -> bool {
    is_c0_control(c) || c == ' '
}

/// Infra's ASCII tab or newline: "U+0009 TAB, U+000A LF, or U+000D CR."
fn is_ascii_tab_or_newline(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

/// `#single-dot-path-segment`: "" . " or an ASCII case-insensitive match for
/// "%2e"."
fn is_single_dot_path_segment(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// `#double-dot-path-segment`: "".." or an ASCII case-insensitive match for
/// ".%2e", "%2e.", or "%2e%2e"."
fn is_double_dot_path_segment(segment: &str) -> bool {
    segment == ".."
        || [".%2e", "%2e.", "%2e%2e"]
            .iter()
            .any(|dots| segment.eq_ignore_ascii_case(dots))
}

/// The basic URL parser's variables while its state machine runs.
struct Parser<'b> {
    /// The input after preprocessing, as code points, so that the pointer
    /// counts code points as the standard's does.
    input: Vec<char>,
    /// `#pointer`: "If it is −1 it points nowhere. If it is greater than or
    /// equal to input's code point length, it points to the EOF code
    /// point."
    pointer: isize,
    state: State,
    buffer: String,
    at_sign_seen: bool,
    inside_brackets: bool,
    password_token_seen: bool,
    base: Option<&'b Url>,
    /// The URL being built.
    url: Url,
    /// The last state run that decided what the URL takes from the base.
    decided_in: State,
    /// The changes to the standard this parse undoes.
    undone: Undone,
}

impl<'b> Parser<'b> {
    /// One run of the state machine: the steps of the current state.
    fn run(&mut self) -> Result<(), ParseError> {
        match self.state {
            State::SchemeStart => self.scheme_start_state(),
            State::Scheme => self.scheme_state(),
            State::NoScheme => self.no_scheme_state()?,
            State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(),
            State::PathOrAuthority => self.path_or_authority_state(),
            State::Relative => self.relative_state()?,
            State::RelativeSlash => self.relative_slash_state()?,
            State::SpecialAuthoritySlashes => self.special_authority_slashes_state(),
            State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes_state(),
            State::Authority => self.authority_state()?,
            State::Host => self.host_state()?,
            State::Port => self.port_state()?,
            State::File => self.file_state(),
            State::FileSlash => self.file_slash_state(),
            State::FileHost => self.file_host_state()?,
            State::PathStart => self.path_start_state(),
            State::Path => self.path_state(),
            State::OpaquePath => self.opaque_path_state(),
            State::Query => self.query_state(),
            State::Fragment => self.fragment_state(),
        }
        Ok(())
    }

    fn input_len(&self) -> isize {
        isize::try_from(self.input.len()).unwrap_or(isize::MAX)
    }

    /// `#c`: the code point the pointer points to; EOF also where it points
    /// nowhere, which no state reads.
    fn c(&self) -> Option<char> {
        usize::try_from(self.pointer)
            .ok()
            .and_then(|at| self.input.get(at))
            .copied()
    }

    /// `#remaining`: "the code point substring from the pointer + 1 to the
    /// end of the string", empty at EOF.
    fn remaining(&self) -> &[char] {
        self.substring_from(self.pointer.saturating_add(1))
    }

    /// The code point substring from `at` to the end of the input.
    fn substring_from(&self, at: isize) -> &[char] {
        let at = usize::try_from(at).unwrap_or(0);
        self.input.get(at..).unwrap_or(&[])
    }

    /// Whether the URL being built is special.
    fn special(&self) -> bool {
        self.url.is_special()
    }

    /// Whether the base is a "file" URL: "base is non-null and base's
    /// scheme is "file"".
    fn file_base(&self) -> Option<&'b Url> {
        self.base.filter(|base| base.scheme == "file")
    }

    /// The base, for the states that are entered only when it is non-null.
    fn base(&self) -> Result<&'b Url, ParseError> {
        self.base.ok_or(ParseError::MissingSchemeNonRelativeUrl)
    }

    /// `#scheme-start-state`.
    fn scheme_start_state(&mut self) {
        match self.c() {
            // "If c is an ASCII alpha, append c, lowercased, to buffer, and
            // set state to scheme state."
            Some(c) if c.is_ascii_alphabetic() => {
                self.buffer.push(c.to_ascii_lowercase());
                self.state = State::Scheme;
            }
            // "Otherwise, if state override is not given, set state to no
            // scheme state and decrease pointer by 1."
            _ => {
                self.state = State::NoScheme;
                self.pointer -= 1;
            }
        }
    }

    /// `#scheme-state`.
    fn scheme_state(&mut self) {
        match self.c() {
            // "If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or
            // U+002E (.), append c, lowercased, to buffer."
            Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                self.buffer.push(c.to_ascii_lowercase());
            }
            // "Otherwise, if c is U+003A (:), then:" (with no state
            // override, its steps for one are skipped)
            Some(':') => {
                // "Set url's scheme to buffer." "Set buffer to the empty
                // string."
                self.url.scheme = std::mem::take(&mut self.buffer);
                self.state = self.state_after_scheme();
                // (the path or authority state's "increase pointer by 1")
                if self.state == State::PathOrAuthority {
                    self.pointer += 1;
                }
            }
            // "Otherwise, if state override is not given, set buffer to the
            // empty string, state to no scheme state, and start over (from
            // the first code point in input)." (the pointer is set to −1
            // for the machine to increase it to the first code point)
            _ => {
                self.buffer.clear();
                self.state = State::NoScheme;
                self.pointer = -1;
            }
        }
    }

    /// The scheme state's choice of the next state once the scheme is set.
    fn state_after_scheme(&mut self) -> State {
        let same_scheme_base = self.base.is_some_and(|base| base.scheme == self.url.scheme);
        // "If url's scheme is "file", then: [...] Set state to file state."
        if self.url.scheme == "file" {
            State::File
        // "Otherwise, if url is special, base is non-null, and base's
        // scheme is url's scheme: [...] Set state to special relative or
        // authority state."
        } else if self.special() && same_scheme_base {
            State::SpecialRelativeOrAuthority
        // "Otherwise, if url is special, set state to special authority
        // slashes state."
        } else if self.special() {
            State::SpecialAuthoritySlashes
        // "Otherwise, if remaining starts with an U+002F (/), set state to
        // path or authority state and increase pointer by 1."
        } else if self.remaining().first() == Some(&'/') {
            State::PathOrAuthority
        // "Otherwise, set url's path to the empty string and set state to
        // opaque path state."
        } else {
            self.url.path = Path::Opaque(String::new());
            State::OpaquePath
        }
    }

    /// `#no-scheme-state`.
    fn no_scheme_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        // "If base is null, or base has an opaque path and c is not U+0023
        // (#), missing-scheme-non-relative-URL validation error, return
        // failure."
        let base = match self.base {
            Some(base) if !base.has_opaque_path() || c == Some('#') => base,
            _ => return Err(ParseError::MissingSchemeNonRelativeUrl),
        };
        // "Otherwise, if base has an opaque path and c is U+0023 (#), set
        // url's scheme to base's scheme, url's path to base's path, url's
        // query to base's query, url's fragment to the empty string, and set
        // state to fragment state."
        if base.has_opaque_path() {
            self.url.scheme = base.scheme.clone();
            self.url.path = base.path.clone();
            self.url.query = base.query.clone();
            self.url.fragment = Some(String::new());
            self.state = State::Fragment;
        // "Otherwise, if base's scheme is not "file", set state to relative
        // state and decrease pointer by 1."
        } else if base.scheme != "file" {
            self.state = State::Relative;
            self.pointer -= 1;
        // "Otherwise, set state to file state and decrease pointer by 1."
        } else {
            self.state = State::File;
            self.pointer -= 1;
        }
        Ok(())
    }

    /// `#special-relative-or-authority-state`.
    fn special_relative_or_authority_state(&mut self) {
        // "If c is U+002F (/) and remaining starts with U+002F (/), then set
        // state to special authority ignore slashes state and increase
        // pointer by 1."
        if self.c() == Some('/') && self.remaining().first() == Some(&'/') {
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.pointer += 1;
        } else {
            // "Otherwise, special-scheme-missing-following-solidus
            // validation error, set state to relative state and decrease
            // pointer by 1."
            self.state = State::Relative;
            self.pointer -= 1;
        }
    }

    /// `#path-or-authority-state`.
    fn path_or_authority_state(&mut self) {
        // "If c is U+002F (/), then set state to authority state."
        if self.c() == Some('/') {
            self.state = State::Authority;
        } else {
            // "Otherwise, set state to path state, and decrease pointer by
            // 1."
            self.state = State::Path;
            self.pointer -= 1;
        }
    }

    /// `#relative-state`.
    fn relative_state(&mut self) -> Result<(), ParseError> {
        // "Assert: base's scheme is not "file"." (the no scheme state and
        // the special relative or authority state see to it)
        let base = self.base()?;
        // "Set url's scheme to base's scheme."
        self.url.scheme = base.scheme.clone();
        let c = self.c();
        // "If c is U+002F (/), then set state to relative slash state."
        // "Otherwise, if url is special and c is U+005C (\),
        // invalid-reverse-solidus validation error, set state to relative
        // slash state."
        if c == Some('/') || (self.special() && c == Some('\\')) {
            self.state = State::RelativeSlash;
            return Ok(());
        }
        // "Otherwise: Set url's username to base's username, url's password
        // to base's password, url's host to base's host, url's port to
        // base's port, url's path to a clone of base's path, and url's query
        // to base's query."
        self.url.username = base.username.clone();
        self.url.password = base.password.clone();
        self.url.host = base.host.clone();
        self.url.port = base.port;
        self.url.path = base.path.clone();
        self.url.query = base.query.clone();
        match c {
            // "If c is U+003F (?), then set url's query to the empty string,
            // and state to query state."
            Some('?') => self.start_query(),
            // "Otherwise, if c is U+0023 (#), set url's fragment to the
            // empty string and state to fragment state."
            Some('#') => self.start_fragment(),
            // "Otherwise, if c is not the EOF code point: Set url's query to
            // null. Shorten url's path. Set state to path state and decrease
            // pointer by 1."
            Some(_) => {
                self.url.query = None;
                shorten_path(&mut self.url);
                self.state = State::Path;
                self.pointer -= 1;
            }
            None => {}
        }
        Ok(())
    }

    /// "set url's query to the empty string and state to query state."
    fn start_query(&mut self) {
        self.url.query = Some(String::new());
        self.state = State::Query;
    }

    /// "set url's fragment to the empty string and state to fragment
    /// state."
    fn start_fragment(&mut self) {
        self.url.fragment = Some(String::new());
        self.state = State::Fragment;
    }

    /// `#relative-slash-state`.
    fn relative_slash_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        // "If url is special and c is U+002F (/) or U+005C (\), then: If c
        // is U+005C (\), invalid-reverse-solidus validation error. Set state
        // to special authority ignore slashes state."
        if self.special() && matches!(c, Some('/' | '\\')) {
            self.state = State::SpecialAuthorityIgnoreSlashes;
        // "Otherwise, if c is U+002F (/), then set state to authority
        // state."
        } else if c == Some('/') {
            self.state = State::Authority;
        } else {
            // "Otherwise, set url's username to base's username, url's
            // password to base's password, url's host to base's host, url's
            // port to base's port, state to path state, and then, decrease
            // pointer by 1."
            let base = self.base()?;
            self.url.username = base.username.clone();
            self.url.password = base.password.clone();
            self.url.host = base.host.clone();
            self.url.port = base.port;
            self.state = State::Path;
            self.pointer -= 1;
        }
        Ok(())
    }

    /// `#special-authority-slashes-state`.
    fn special_authority_slashes_state(&mut self) {
        // "If c is U+002F (/) and remaining starts with U+002F (/), then set
        // state to special authority ignore slashes state and increase
        // pointer by 1."
        self.state = State::SpecialAuthorityIgnoreSlashes;
        if self.c() == Some('/') && self.remaining().first() == Some(&'/') {
            self.pointer += 1;
        } else {
            // "Otherwise, special-scheme-missing-following-solidus
            // validation error, set state to special authority ignore
            // slashes state and decrease pointer by 1."
            self.pointer -= 1;
        }
    }

    /// `#special-authority-ignore-slashes-state`.
    fn special_authority_ignore_slashes_state(&mut self) {
        // "If c is neither U+002F (/) nor U+005C (\), then set state to
        // authority state and decrease pointer by 1."
        // "Otherwise, special-scheme-missing-following-solidus validation
        // error."
        if !matches!(self.c(), Some('/' | '\\')) {
            self.state = State::Authority;
            self.pointer -= 1;
        }
    }

    /// Whether `c` ends the authority, host or port: "c is the EOF code
    /// point, U+002F (/), U+003F (?), or U+0023 (#)" or "url is special and
    /// c is U+005C (\)".
    fn ends_authority(&self, c: Option<char>) -> bool {
        matches!(c, EOF | Some('/' | '?' | '#')) || (self.special() && c == Some('\\'))
    }

    /// `#authority-state`.
    fn authority_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        // "If c is U+0040 (@), then:"
        if c == Some('@') {
            // "Invalid-credentials validation error."
            self.credentials();
        // "Otherwise, if one of the following is true: c is the EOF code
        // point, U+002F (/), U+003F (?), or U+0023 (#); url is special and c
        // is U+005C (\) then:"
        } else if self.ends_authority(c) {
            // "If atSignSeen is true and buffer is the empty string,
            // host-missing validation error, return failure."
            if self.at_sign_seen && self.buffer.is_empty() {
                return Err(ParseError::HostMissing);
            }
            // "Decrease pointer by buffer's code point length + 1, set
            // buffer to the empty string, and set state to host state."
            let length = isize::try_from(self.buffer.chars().count()).unwrap_or(isize::MAX);
            self.pointer = self.pointer.saturating_sub(length).saturating_sub(1);
            self.buffer.clear();
            self.state = State::Host;
        // "Otherwise, append c to buffer."
        } else if let Some(c) = c {
            self.buffer.push(c);
        }
        Ok(())
    }

    /// The authority state's steps for U+0040 (@), after the validation
    /// error: the buffer becomes the username and password.
    fn credentials(&mut self) {
        // "If atSignSeen is true, then prepend "%40" to buffer."
        if self.at_sign_seen {
            self.buffer.insert_str(0, "%40");
        }
        // "Set atSignSeen to true."
        self.at_sign_seen = true;
        // "For each codePoint in buffer:"
        for code_point in self.buffer.chars() {
            // "If codePoint is U+003A (:) and passwordTokenSeen is false,
            // then set passwordTokenSeen to true and continue."
            if code_point == ':' && !self.password_token_seen {
                self.password_token_seen = true;
                continue;
            }
            // "Let encodedCodePoints be the result of running UTF-8
            // percent-encode codePoint using the userinfo percent-encode
            // set."
            // "If passwordTokenSeen is true, then append encodedCodePoints to
            // url's password." "Otherwise, append encodedCodePoints to url's
            // username."
            let credential = match self.password_token_seen {
                true => &mut self.url.password,
                false => &mut self.url.username,
            };
            utf8_percent_encode_code_point(code_point, PercentEncodeSet::Userinfo, credential);
        }
        // "Set buffer to the empty string."
        self.buffer.clear();
    }

    /// `#host-state` (and `#hostname-state`, the same with no state
    /// override).
    fn host_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        // "Otherwise, if c is U+003A (:) and insideBrackets is false:"
        if c == Some(':') && !self.inside_brackets {
            // "If buffer is the empty string, host-missing validation error,
            // return failure."
            if self.buffer.is_empty() {
                return Err(ParseError::HostMissing);
            }
            // "Let host be the result of host parsing buffer with url is not
            // special." "If host is failure, then return failure."
            let host = host_parser_undoing(&self.buffer, !self.special(), self.undone)?;
            // "Set url's host to host, buffer to the empty string, and state
            // to port state."
            self.url.host = Some(host);
            self.buffer.clear();
            self.state = State::Port;
        // "Otherwise, if one of the following is true: c is the EOF code
        // point, U+002F (/), U+003F (?), or U+0023 (#); url is special and c
        // is U+005C (\) then decrease pointer by 1, and:"
        } else if self.ends_authority(c) {
            self.pointer -= 1;
            // "If url is special and buffer is the empty string,
            // host-missing validation error, return failure."
            if self.special() && self.buffer.is_empty() {
                return Err(ParseError::HostMissing);
            }
            // "Let host be the result of host parsing buffer with url is not
            // special." "If host is failure, then return failure."
            let host = host_parser_undoing(&self.buffer, !self.special(), self.undone)?;
            // "Set url's host to host, buffer to the empty string, and state
            // to path start state."
            self.url.host = Some(host);
            self.buffer.clear();
            self.state = State::PathStart;
        } else if let Some(c) = c {
            // "Otherwise: If c is U+005B ([), then set insideBrackets to
            // true. If c is U+005D (]), then set insideBrackets to false.
            // Append c to buffer."
            match c {
                '[' => self.inside_brackets = true,
                ']' => self.inside_brackets = false,
                _ => {}
            }
            self.buffer.push(c);
        }
        Ok(())
    }

    /// `#port-state`.
    fn port_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        match c {
            // "If c is an ASCII digit, append c to buffer."
            Some(digit) if digit.is_ascii_digit() => self.buffer.push(digit),
            // "Otherwise, if one of the following is true: c is the EOF code
            // point, U+002F (/), U+003F (?), or U+0023 (#); url is special
            // and c is U+005C (\); [...] then:"
            _ if self.ends_authority(c) => {
                // "If buffer is not the empty string:"
                if !self.buffer.is_empty() {
                    // "Let port be the mathematical integer value that is
                    // represented by buffer in radix-10 using ASCII digits"
                    // "If port is not a 16-bit unsigned integer,
                    // port-out-of-range validation error, return failure."
                    // (buffer holds only ASCII digits: a u16 parse fails
                    // only when the value is too large)
                    let port: u16 = self
                        .buffer
                        .parse()
                        .map_err(|_| ParseError::PortOutOfRange)?;
                    // "Set url's port to null, if port is url's scheme's
                    // default port; otherwise to port."
                    let is_default = default_port(&self.url.scheme) == Some(port);
                    self.url.port = if is_default { None } else { Some(port) };
                    // "Set buffer to the empty string."
                    self.buffer.clear();
                }
                // "Set state to path start state and decrease pointer by 1."
                self.state = State::PathStart;
                self.pointer -= 1;
            }
            // "Otherwise, port-invalid validation error, return failure."
            _ => return Err(ParseError::PortInvalid),
        }
        Ok(())
    }

    /// `#file-state`.
    fn file_state(&mut self) {
        // "Set url's scheme to "file"." "Set url's host to the empty
        // string."
        self.url.scheme = "file".to_owned();
        self.url.host = Some(Host::Empty);
        let c = self.c();
        // "If c is U+002F (/) or U+005C (\), then: If c is U+005C (\),
        // invalid-reverse-solidus validation error. Set state to file slash
        // state."
        if matches!(c, Some('/' | '\\')) {
            self.state = State::FileSlash;
        // "Otherwise, if base is non-null and base's scheme is "file":"
        } else if let Some(base) = self.file_base() {
            // "Set url's host to base's host, url's path to a clone of
            // base's path, and url's query to base's query."
            let (host, path, query) = (base.host.clone(), base.path.clone(), base.query.clone());
            (self.url.host, self.url.path, self.url.query) = (host, path, query);
            match c {
                // "If c is U+003F (?), then set url's query to the empty
                // string and state to query state."
                Some('?') => self.start_query(),
                // "Otherwise, if c is U+0023 (#), set url's fragment to the
                // empty string and state to fragment state."
                Some('#') => self.start_fragment(),
                // "Otherwise, if c is not the EOF code point:"
                Some(_) => self.file_state_path(),
                None => {}
            }
        } else {
            // "Otherwise, set state to path state, and decrease pointer by
            // 1."
            self.state = State::Path;
            self.pointer -= 1;
        }
    }

    /// The file state's steps for a code point other than `?` and `#`
    /// after a "file" base.
    fn file_state_path(&mut self) {
        // "Set url's query to null."
        self.url.query = None;
        // "If the code point substring from pointer to the end of input does
        // not start with a Windows drive letter, then shorten url's path."
        if !starts_with_windows_drive_letter(self.substring_from(self.pointer)) {
            shorten_path(&mut self.url);
        } else {
            // "Otherwise: File-invalid-Windows-drive-letter validation
            // error. Set url's path to « »."
            self.url.path = Path::List(Vec::new());
        }
        // "Set state to path state and decrease pointer by 1."
        self.state = State::Path;
        self.pointer -= 1;
    }

    /// `#file-slash-state`.
    fn file_slash_state(&mut self) {
        // "If c is U+002F (/) or U+005C (\), then: If c is U+005C (\),
        // invalid-reverse-solidus validation error. Set state to file host
        // state."
        if matches!(self.c(), Some('/' | '\\')) {
            self.state = State::FileHost;
            return;
        }
        // "Otherwise: If base is non-null and base's scheme is "file", then:"
        if let Some(base) = self.file_base() {
            // "Set url's host to base's host."
            let host = base.host.clone();
            // "If the code point substring from pointer to the end of input
            // does not start with a Windows drive letter and base's path[0]
            // is a normalized Windows drive letter, then append base's
            // path[0] to url's path."
            let drive_letter = match &base.path {
                Path::List(path) => path
                    .first()
                    .filter(|s| is_normalized_windows_drive_letter(s)),
                Path::Opaque(_) => None,
            };
            let drive_letter = drive_letter.cloned();
            self.url.host = host;
            if let Some(drive_letter) = drive_letter {
                if !starts_with_windows_drive_letter(self.substring_from(self.pointer)) {
                    self.url.append_to_path(drive_letter);
                }
            }
        }
        // "Set state to path state, and decrease pointer by 1."
        self.state = State::Path;
        self.pointer -= 1;
    }

    /// `#file-host-state`.
    fn file_host_state(&mut self) -> Result<(), ParseError> {
        let c = self.c();
        // "If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?),
        // or U+0023 (#), then decrease pointer by 1 and then:"
        if !matches!(c, EOF | Some('/' | '\\' | '?' | '#')) {
            // "Otherwise, append c to buffer."
            self.buffer.extend(c);
            return Ok(());
        }
        self.pointer -= 1;
        // "If state override is not given and buffer is a Windows drive
        // letter, file-invalid-Windows-drive-letter-host validation error,
        // set state to path state." (buffer is not reset: the path state
        // takes it)
        if is_windows_drive_letter(&self.buffer) {
            self.state = State::Path;
        // "Otherwise, if buffer is the empty string, then: Set url's host to
        // the empty string. [...] Set state to path start state."
        } else if self.buffer.is_empty() {
            self.url.host = Some(Host::Empty);
            self.state = State::PathStart;
        } else {
            // "Otherwise, run these steps: Let host be the result of host
            // parsing buffer with url is not special." "If host is failure,
            // then return failure."
            let mut host = host_parser_undoing(&self.buffer, !self.special(), self.undone)?;
            // "If host is "localhost", then set host to the empty string."
            if host == Host::Domain("localhost".to_owned()) {
                host = Host::Empty;
            }
            // "Set url's host to host." "Set buffer to the empty string and
            // state to path start state."
            self.url.host = Some(host);
            self.buffer.clear();
            self.state = State::PathStart;
        }
        Ok(())
    }

    /// `#path-start-state`.
    fn path_start_state(&mut self) {
        let c = self.c();
        // "If url is special, then: If c is U+005C (\),
        // invalid-reverse-solidus validation error. Set state to path state.
        // If c is neither U+002F (/) nor U+005C (\), then decrease pointer
        // by 1."
        if self.special() {
            self.state = State::Path;
            if !matches!(c, Some('/' | '\\')) {
                self.pointer -= 1;
            }
        // "Otherwise, if state override is not given and c is U+003F (?),
        // set url's query to the empty string and state to query state."
        } else if c == Some('?') {
            self.start_query();
        // "Otherwise, if state override is not given and c is U+0023 (#),
        // set url's fragment to the empty string and state to fragment
        // state."
        } else if c == Some('#') {
            self.start_fragment();
        // "Otherwise, if c is not the EOF code point: Set state to path
        // state. If c is not U+002F (/), then decrease pointer by 1."
        } else if c != EOF {
            self.state = State::Path;
            if c != Some('/') {
                self.pointer -= 1;
            }
        }
    }

    /// `#path-state`.
    fn path_state(&mut self) {
        let c = self.c();
        // "c is U+002F (/)", or "url is special and c is U+005C (\)"
        let slash = c == Some('/') || (self.special() && c == Some('\\'));
        // "If one of the following is true: c is the EOF code point or
        // U+002F (/); url is special and c is U+005C (\); state override is
        // not given and c is U+003F (?) or U+0023 (#) then:"
        if slash || matches!(c, EOF | Some('?' | '#')) {
            // "If url is special and c is U+005C (\),
            // invalid-reverse-solidus validation error."
            self.end_path_segment(slash);
            // "Set buffer to the empty string."
            self.buffer.clear();
            match c {
                // "If c is U+003F (?), then set url's query to the empty
                // string and state to query state."
                Some('?') => self.start_query(),
                // "If c is U+0023 (#), then set url's fragment to the empty
                // string and state to fragment state."
                Some('#') => self.start_fragment(),
                _ => {}
            }
        } else if let Some(c) = c {
            // "Otherwise, run these steps: [validation errors only] UTF-8
            // percent-encode c using the path percent-encode set and append
            // the result to buffer."
            // (whatwg/url#846 undone: `^` is not in the set.)
            if self.undone.caret_encoded_in_path && c == '^' {
                self.buffer.push(c);
            } else {
                utf8_percent_encode_code_point(c, PercentEncodeSet::Path, &mut self.buffer);
            }
        }
    }

    /// The path state's steps for the buffer at the end of a segment;
    /// `slash` is "c is U+002F (/), [or] url is special and c is U+005C
    /// (\)".
    fn end_path_segment(&mut self, slash: bool) {
        // "If buffer is a double-dot URL path segment, then:"
        if is_double_dot_path_segment(&self.buffer) {
            // "Shorten url's path."
            shorten_path(&mut self.url);
            // "If neither c is U+002F (/), nor url is special and c is U+005C
            // (\), append the empty string to url's path."
            if !slash {
                self.url.append_to_path(String::new());
            }
        // "Otherwise, if buffer is a single-dot URL path segment and if
        // neither c is U+002F (/), nor url is special and c is U+005C (\),
        // append the empty string to url's path."
        } else if is_single_dot_path_segment(&self.buffer) {
            if !slash {
                self.url.append_to_path(String::new());
            }
        // "Otherwise, if buffer is not a single-dot URL path segment, then:"
        } else {
            // "If url's scheme is "file", url's path is empty, and buffer is
            // a Windows drive letter, then replace the second code point in
            // buffer with U+003A (:)."
            let path_is_empty = matches!(&self.url.path, Path::List(path) if path.is_empty());
            if self.url.scheme == "file" && path_is_empty && is_windows_drive_letter(&self.buffer) {
                let drive: String = self.buffer.chars().take(1).collect();
                self.buffer = drive + ":";
            }
            // "Append buffer to url's path."
            self.url.append_to_path(std::mem::take(&mut self.buffer));
        }
    }

    /// `#cannot-be-a-base-url-path-state` (the opaque path state).
    fn opaque_path_state(&mut self) {
        let c = self.c();
        let remaining_starts_with_query_or_fragment =
            matches!(self.remaining().first(), Some('?' | '#'));
        match c {
            // "If c is U+003F (?), then set url's query to the empty string
            // and state to query state."
            Some('?') => self.start_query(),
            // "Otherwise, if c is U+0023 (#), then set url's fragment to the
            // empty string and state to fragment state."
            Some('#') => self.start_fragment(),
            Some(c) => {
                let Path::Opaque(path) = &mut self.url.path else {
                    return;
                };
                if c == ' ' {
                    // "Otherwise, if c is U+0020 SPACE: Invalid-URL-unit
                    // validation error. If remaining starts with U+003F (?)
                    // or U+0023 (#), then append "%20" to url's path.
                    // Otherwise, append U+0020 SPACE to url's path."
                    // (whatwg/url#844 undone: the space as it is, always.)
                    let encoded = remaining_starts_with_query_or_fragment
                        && !self.undone.opaque_path_space_encoded;
                    path.push_str(match encoded {
                        true => "%20",
                        false => " ",
                    });
                } else {
                    // "Otherwise, if c is not the EOF code point: [validation
                    // errors only] UTF-8 percent-encode c using the C0
                    // control percent-encode set and append the result to
                    // url's path."
                    utf8_percent_encode_code_point(c, PercentEncodeSet::C0Control, path);
                }
            }
            None => {}
        }
    }

    /// `#query-state`.
    fn query_state(&mut self) {
        // "If encoding is not UTF-8 and [...] then set encoding to UTF-8."
        // (it is UTF-8)
        let c = self.c();
        // "If one of the following is true: state override is not given
        // and c is U+0023 (#); c is the EOF code point then:"
        if matches!(c, EOF | Some('#')) {
            // "Let queryPercentEncodeSet be the special-query percent-encode
            // set if url is special; otherwise the query percent-encode
            // set."
            let query_percent_encode_set = match self.special() {
                true => PercentEncodeSet::SpecialQuery,
                false => PercentEncodeSet::Query,
            };
            // "Percent-encode after encoding, with encoding, buffer, and
            // queryPercentEncodeSet, and append the result to url's query."
            let encoded = utf8_percent_encode(&self.buffer, query_percent_encode_set);
            self.url
                .query
                .get_or_insert_with(String::new)
                .push_str(&encoded);
            // "Set buffer to the empty string."
            self.buffer.clear();
            // "If c is U+0023 (#), then set url's fragment to the empty
            // string and state to fragment state."
            if c == Some('#') {
                self.start_fragment();
            }
        } else if let Some(c) = c {
            // "Otherwise, if c is not the EOF code point: [validation errors
            // only] Append c to buffer."
            self.buffer.push(c);
        }
    }

    /// `#fragment-state`.
    fn fragment_state(&mut self) {
        // "If c is not the EOF code point, then: [validation errors only]
        // UTF-8 percent-encode c using the fragment percent-encode set and
        // append the result to url's fragment."
        if let Some(c) = self.c() {
            let fragment = self.url.fragment.get_or_insert_with(String::new);
            utf8_percent_encode_code_point(c, PercentEncodeSet::Fragment, fragment);
        }
    }
}
