//! Kinds of mismatch: what `rfc1808 fuzz` groups its findings by, and what
//! its shrinker keeps while it makes a case smaller.
//!
//! A kind is a description of how the implementation's answer differs from
//! the reference's, with the steps of RFC 1808 section 4 it stands for: one
//! step, Steps 1 to 5, or every step ([`Steps`]).
//!
//! # Which kinds have a step
//!
//! The step at which the reference finished tells where in the algorithm
//! the implementation parts from the RFC, but one cause often shows at
//! several steps, and a kind per step multiplies the report by up to
//! seven. What CPython's `urljoin`, Node's WHATWG `URL` and Go's `net/url`
//! show with absolute bases decided it:
//!
//! - Dot segments, empty segments and the slash before the path tell a
//!   path taken as it is (Steps 1 to 5: from the embedded URL at 2b, 3 and
//!   4, from the base at 2a and 5) from one merged (Step 6), and nothing
//!   more: `Steps 1-5: dot segments removed` is RFC 3986's dot removal in
//!   an absolute path, or a library normalizing every URL it parses, the
//!   same at each of those steps; `Step 6: dot segments removed` is `..`
//!   above the root. The params go with the path, as RFC 3986 and WHATWG
//!   take them for part of its last segment.
//! - Any other path difference keeps its step, which is then the most
//!   useful thing to know about it: `Step 5a: path differs` is params taken
//!   for a path segment, `Step 2a: path differs` a base that cannot be
//!   resolved against. So do the 2b differences below, and the query's
//!   and fragment's at the steps that inherit them from the base (2a and
//!   5b): `Step 2a: fragment dropped` is RFC 3986's base without its
//!   fragment.
//! - Everything else is how a library parses, stores or prints a URL, the
//!   same whatever the step, and one kind: an empty params, query,
//!   fragment or net_loc dropped (it cannot tell `?` from no query), an
//!   empty net_loc added (it prints `//` after the schemes it knows), a
//!   case changed, the scheme or net_loc otherwise different, characters
//!   percent-encoded, control characters stripped, the relative URL
//!   returned as is, a rejection, a failure to answer. Its finding lists
//!   the steps its mismatches were at, with their counts.
//!
//! # Differences
//!
//! The implementation either
//!
//! - `rejected: MESSAGE` (its library raised an error; the input the
//!   message echoes becomes `…`: the base, the relative URL and their
//!   components where they stand as words, and what the message quotes in
//!   double or single quotes or Tcl's braces, so that `unknown scheme
//!   'foo' in 'foo:b/c'` is `unknown scheme '…' in '…'` whatever the
//!   case), or
//! - `failed to answer` (a crash, a timeout or a protocol error), or
//! - resolved it to another URL. The first of these that holds describes
//!   it:
//!   - at Step 2b, where the reference takes the embedded URL as absolute,
//!     `scheme not recognized` (the answer has another scheme, or the
//!     scheme once more, as from a relative path) and `resolved as a
//!     relative URL` (the answer has the base's net_loc: `http:g` as `g`,
//!     which section 5.2 says some parsers do);
//!   - `control characters stripped`: the answer is the reference's for the
//!     case with tabs and newlines removed and C0 controls and spaces
//!     trimmed from the ends (or the start only, as CPython does), as the
//!     WHATWG URL Standard does. An answer without the controls that
//!     differs in more is described as an answer to the stripped case;
//!   - `relative URL returned as is`;
//!   - `characters percent-encoded` / `percent-decoded`: equal once both
//!     are percent-decoded;
//!   - `empty net_loc added` / `dropped`: `//` inserted after the scheme
//!     or taken out, told from the string, since `http:///g` re-parses
//!     with the net_loc `g`;
//!   - ``net_loc cut at `?` `` (or `;`): the answer's net_loc is the
//!     reference's up to its first `?`, as RFC 3986 and WHATWG end it
//!     there and RFC 1808 does not (section 2.4.3); `no slash between the
//!     net_loc and the query`: the other way round (`http://?a`);
//!   - otherwise both URLs are split into components (section 2.4) and the
//!     first component that differs, in the order scheme, net_loc, path
//!     with params, query, fragment, is described (a net_loc on one side
//!     only comes first, as it shifts every component after it, unless
//!     removing dot segments made it, as `/.//a` becomes `//a`). Only the
//!     first, so that one root cause is one kind whatever else the case
//!     holds; shrinking then removes the rest:
//!     - `empty query dropped` / `empty query added`: `?` with nothing
//!       after it, present on one side only (likewise for the other
//!       components);
//!     - `query dropped` / `query added`: present on one side only;
//!     - `scheme case changed`, `net_loc case changed`: equal ignoring
//!       ASCII case;
//!     - for the path, after percent-decoding: `dot segments removed` (the
//!       paths are equal once `.` and `..`, also written `%2E`, are removed
//!       as RFC 3986 section 5.2.4 does, with or without runs of slashes
//!       made one, and the implementation's has fewer of them), `dot
//!       segments kept` (equal so, and it has more), `empty segments
//!       removed` / `added` (equal once runs of slashes are made one),
//!       `slash before the path dropped` / `added`;
//!     - otherwise `path differs`, `query differs` and so on.
//!
//! A mismatch on a case whose scheme starts with a digit or a symbol (the
//! base's, or the embedded URL's at Step 2b) that goes away or changes kind
//! when a letter takes that place is `scheme not starting with a letter`:
//! RFC 1808 takes `9p:` for a scheme, RFC 3986 and WHATWG do not, and a
//! library of theirs takes `9p://a/b` for a path and differs in every
//! component by turns ([`Kind::letter_variant`]).
//!
//! For example `Steps 1-5: dot segments removed` is an implementation that
//! removes `.` and `..` from an absolute path, as RFC 3986 does and RFC 1808
//! does not; `empty query dropped` is an implementation that stores the
//! query as a string and so cannot tell `?` from no query.

use std::cmp::Ordering;
use std::fmt;

use rfc1808_fuzzgen::Input;
use rfc1808_resolver::{parse, resolve, resolve_traced, Components, Step, Step6};

use crate::implementation::Answer;

/// A kind of mismatch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// The steps the kind stands for.
    pub steps: Steps,
    /// How the implementation's answer differs.
    pub difference: String,
}

/// The steps of section 4 a kind stands for.
/// Ordered as the steps are: every step, Steps 1-5, then each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Steps {
    /// Every step: the difference has one cause wherever it shows.
    All,
    /// Steps 1 to 5, which take the path as it is from one of the two URLs,
    /// as against Step 6, which merges them.
    TakenPath,
    /// The step at which the reference finished.
    One(Step),
}

/// Which steps a difference found at a step stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Where {
    /// Every step.
    All,
    /// Steps 1 to 5 together, or Step 6.
    PathSource,
    /// That step.
    Step,
}

impl Where {
    fn steps(self, step: Step) -> Steps {
        match self {
            Where::All => Steps::All,
            Where::PathSource if step != Step::Step6 => Steps::TakenPath,
            Where::PathSource | Where::Step => Steps::One(step),
        }
    }
}

/// The difference of a failure to answer.
const FAILED: &str = "failed to answer";

/// The difference of a mismatch that a scheme starting with a digit or a
/// symbol causes.
const NOT_A_LETTER: &str = "scheme not starting with a letter";

impl Kind {
    /// The kind of mismatch `answer` is for `input`, which the reference
    /// resolved to `reference` at `step`, or `None` when `answer` is the
    /// reference's. An answer the protocol could not carry is no mismatch
    /// either.
    pub fn of(input: &Input, step: Step, reference: &str, answer: &Answer) -> Option<Kind> {
        let (difference, at) = match answer {
            Answer::Resolved(got) if got == reference => return None,
            Answer::NotRepresentable(_) => return None,
            Answer::Error(_) => (FAILED.to_owned(), Where::All),
            Answer::Resolved(got) => return Some(difference(input, step, reference, got)),
            Answer::Rejected(why) => (format!("rejected: {}", rejection(why, input)), Where::All),
        };
        Some(Kind {
            steps: at.steps(step),
            difference,
        })
    }

    /// Whether the implementation failed to answer, rather than answering
    /// differently.
    pub fn is_failure(&self) -> bool {
        self.difference == FAILED
    }

    /// The kind of a mismatch that goes away, or changes kind, when the
    /// scheme starts with a letter (see [`Kind::letter_variant`]).
    pub fn not_a_letter() -> Kind {
        Kind {
            steps: Steps::All,
            difference: NOT_A_LETTER.to_owned(),
        }
    }

    /// `input` with a letter in place of the first character of the base's
    /// scheme, and at Step 2b of the embedded URL's, when that character is
    /// a digit or a symbol; `None` when it is a letter already.
    ///
    /// RFC 1808 takes `9p:` for a scheme (vector
    /// `interpretation/scheme-digit-first`); RFC 1738, RFC 3986 and WHATWG
    /// do not, and a library of theirs takes `9p://a/b` for a path and
    /// differs from the reference in every component by turns, from that
    /// one cause. A mismatch whose kind changes when the scheme starts with
    /// a letter is so of the one kind [`Kind::not_a_letter`]; one that
    /// keeps its kind keeps it.
    pub fn letter_variant(input: &Input, step: Step) -> Option<Input> {
        let with_letter = |url: &str| -> Option<String> {
            let scheme = parse(url).scheme?;
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            Some(format!("a{}", &url[1..]))
        };
        let base = with_letter(&input.base);
        let relative = if step == Step::Step2b {
            with_letter(&input.relative)
        } else {
            None
        };
        if base.is_none() && relative.is_none() {
            return None;
        }
        Some(Input::new(
            base.unwrap_or_else(|| input.base.clone()),
            relative.unwrap_or_else(|| input.relative.clone()),
        ))
    }
}

impl Ord for Kind {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.steps, &self.difference).cmp(&(other.steps, &other.difference))
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.steps {
            Steps::All => f.write_str(&self.difference),
            Steps::TakenPath => write!(f, "Steps 1-5: {}", self.difference),
            Steps::One(step) => write!(f, "{}: {}", step.name(), self.difference),
        }
    }
}

/// The longest rejection message a kind keeps, in characters.
const MAX_MESSAGE: usize = 60;

/// A rejection message as a kind holds it: its first line, with the input
/// it echoes elided, so that messages differing only in the case they are
/// about are one kind.
fn rejection(message: &str, input: &Input) -> String {
    let line = message.lines().next().unwrap_or("");
    let mut out = elide_spans(&elide_input(line, input));
    if out.chars().count() > MAX_MESSAGE {
        out = out.chars().take(MAX_MESSAGE - 1).collect();
        out.push('…');
    }
    out
}

/// `line` with `…` for each space-separated word that is part of the base
/// or the relative URL and holds a character other than a letter (Tcl
/// lists the part of a net_loc it stopped at so, backslash-escaped), and
/// then for each occurrence of either URL or their components, longest
/// first. A word of one character counts only when it is a symbol, and a
/// URL or component only when it has two characters or more, since a
/// single letter is as likely the message's own; an occurrence inside a
/// word is not one either: `in` is no echo in `invalid`.
fn elide_input(line: &str, input: &Input) -> String {
    let urls = [input.base.as_str(), input.relative.as_str()];
    let mut needles: Vec<&str> = urls.to_vec();
    for url in urls {
        let c = parse(url);
        needles.extend(
            [
                c.scheme,
                c.net_loc,
                Some(c.path),
                c.params,
                c.query,
                c.fragment,
            ]
            .into_iter()
            .flatten(),
        );
    }
    needles.retain(|n| n.chars().nth(1).is_some());
    needles.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    needles.dedup();
    let echoed = |word: &str| {
        // Tcl escapes brackets, braces and the like in a bare list element.
        let bare = word.replace('\\', "");
        let mut chars = bare.chars();
        let like_input = match (chars.next(), chars.next()) {
            (None, _) => false,
            (Some(c), None) => !c.is_alphanumeric(),
            (Some(_), Some(_)) => !bare.chars().all(char::is_alphabetic),
        };
        like_input && urls.iter().any(|url| url.contains(&bare))
    };
    // Words first: a word may join two components (`%61/c`).
    let mut out = line
        .split(' ')
        .map(|word| if echoed(word) { "…" } else { word })
        .collect::<Vec<_>>()
        .join(" ");
    for needle in needles {
        out = replace_words(&out, needle);
    }
    out
}

/// `haystack` with `…` for each occurrence of `needle` that does not
/// continue a word on either side.
fn replace_words(haystack: &str, needle: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    let (starts_word, ends_word) = (word(needle.chars().next()), word(needle.chars().last()));
    let mut out = String::with_capacity(haystack.len());
    let mut rest = 0;
    for (at, _) in haystack.match_indices(needle) {
        let end = at + needle.len();
        if at < rest
            || (starts_word && word(haystack[..at].chars().next_back()))
            || (ends_word && word(haystack[end..].chars().next()))
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

/// What is left of a quote after the input is elided: where it still
/// differs from case to case, it is input the library rewrote.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Span {
    Text,
    /// Within `"…"`, as Go's `%q`, Python's `repr` and JSON write strings.
    Double,
    /// Within `'…'`, as Python's `repr` and tcllib write them.
    Single,
    /// Within `{…}` that many levels deep, as Tcl writes a list element.
    Braced(usize),
}

/// `line` with the text within double quotes, single quotes and braces
/// made `…`. A backslash escapes the next character within quotes; a
/// single quote after a letter or digit is an apostrophe, not a quote; a
/// braced phrase of words (Tcl's `{invalid url}`) is the message's own and
/// kept.
fn elide_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut span = Span::Text;
    let mut chars = line.char_indices();
    while let Some((at, c)) = chars.next() {
        span = match (span, c) {
            (Span::Double | Span::Single, '\\') => {
                chars.next();
                span
            }
            (Span::Double, '"') | (Span::Single, '\'') | (Span::Braced(1), '}') => {
                out.push('…');
                out.push(c);
                Span::Text
            }
            (Span::Braced(depth), '{') => Span::Braced(depth + 1),
            (Span::Braced(depth), '}') => Span::Braced(depth - 1),
            (Span::Text, '{') => match braced_phrase(&line[at..]) {
                Some(phrase) => {
                    out.push_str(phrase);
                    chars.nth(phrase.chars().count() - 2);
                    Span::Text
                }
                None => {
                    out.push(c);
                    Span::Braced(1)
                }
            },
            (Span::Text, '"') => {
                out.push(c);
                Span::Double
            }
            (Span::Text, '\'') if !out.chars().next_back().is_some_and(char::is_alphanumeric) => {
                out.push(c);
                Span::Single
            }
            (Span::Text, c) => {
                out.push(c);
                Span::Text
            }
            (span, _) => span,
        };
    }
    if span != Span::Text {
        out.push('…');
    }
    out
}

/// The braced phrase `rest` starts with, braces included, when it is two or
/// more words of letters.
fn braced_phrase(rest: &str) -> Option<&str> {
    let end = rest.find('}')?;
    let inner = &rest[1..end];
    let words = inner.split(' ');
    let is_phrase = inner.contains(' ')
        && words
            .clone()
            .all(|w| !w.is_empty() && w.chars().all(char::is_alphabetic));
    is_phrase.then(|| &rest[..=end])
}

/// The kind of `got`, an answer that is not `reference`: how it differs,
/// and which steps that stands for (see the module documentation).
fn difference(input: &Input, step: Step, reference: &str, got: &str) -> Kind {
    let (difference, at, step) = difference_at(input, step, reference, got);
    Kind {
        steps: at.steps(step),
        difference,
    }
}

/// The difference, which steps it stands for, and the step (that of the
/// case with control characters stripped, when they were).
fn difference_at(input: &Input, step: Step, reference: &str, got: &str) -> (String, Where, Step) {
    let (d, at) = match first_difference(input, step, reference, got) {
        Ok(found) => found,
        Err(stripped) => {
            let (reference, step) =
                resolve_traced(&stripped.base, &stripped.relative, SEGMENT_STACK);
            return difference_at(&stripped, step, &reference, got);
        }
    };
    (d, at, step)
}

/// The segment-stack Step 6, as the reference resolver uses.
const SEGMENT_STACK: Step6 = Step6::SegmentStack;

/// The first description that holds, or the case with control characters
/// stripped when the answer shows they were and differs in more than that.
fn first_difference(
    input: &Input,
    step: Step,
    reference: &str,
    got: &str,
) -> Result<(String, Where), Input> {
    let (r, g) = (parse(reference), parse(got));
    let found = |d: &str, at| Ok((d.to_owned(), at));
    if step == Step::Step2b {
        if let Some(how) = step2b_difference(input, &r, &g, got) {
            return found(how, Where::Step);
        }
    }
    if stripped(input).any(|(base, relative)| resolve(&base, &relative) == got) {
        return found("control characters stripped", Where::All);
    }
    if got == input.relative && !got.is_empty() {
        return found("relative URL returned as is", Where::All);
    }
    let escapes = reference.contains('%') || got.contains('%');
    if escapes && percent_decoded(reference) == percent_decoded(got) {
        let encoded = got.matches('%').count() > reference.matches('%').count();
        return found(
            if encoded {
                "characters percent-encoded"
            } else {
                "characters percent-decoded"
            },
            Where::All,
        );
    }
    if reference.contains(is_control) && !got.contains(is_control) {
        // The implementation stripped them, and did more: describe the
        // rest on the case without them, unless that case has a scheme
        // starting with a digit, which only the implementation can tell
        // apart (see `Kind::letter_variant`).
        if let Some((base, relative)) = stripped(input).next() {
            let stripped = Input::new(base, relative);
            let step = resolve_traced(&stripped.base, &stripped.relative, SEGMENT_STACK).1;
            if Kind::letter_variant(&stripped, step).is_none() {
                return Err(stripped);
            }
        }
    }
    if let Some(scheme) = r.scheme {
        // `http:g` printed as `http:///g` re-parses with the path in the
        // net_loc, which the components below would call a net_loc added.
        let rest = &reference[scheme.len() + 1..];
        let (g_scheme, g_rest) = got.split_at(got.find(':').unwrap_or(0));
        if g_scheme.eq_ignore_ascii_case(scheme) {
            if r.net_loc.is_none() && g_rest.strip_prefix("://") == Some(rest) {
                return found("empty net_loc added", Where::All);
            }
            if r.net_loc == Some("") && rest.strip_prefix("//") == g_rest.strip_prefix(':') {
                return found("empty net_loc dropped", Where::All);
            }
        }
    }
    if let Some(cut) = net_loc_cut(r.net_loc, g.net_loc) {
        return found(&format!("net_loc cut at `{cut}`"), Where::All);
    }
    if net_loc_cut(g.net_loc, r.net_loc).is_some() {
        return found("no slash between the net_loc and the query", Where::All);
    }
    let first = if r.net_loc.is_some() != g.net_loc.is_some() {
        // The answer re-parses with or without a net_loc, which shifts every
        // component after it: the net_loc is the difference, unless it is
        // what removing segments made of the path (`/.//a` to `//a`).
        let removed =
            segment_difference(&hier_part(&r), &hier_part(&g)).filter(|d| d.ends_with(" removed"));
        removed
            .map(|d| (d.to_owned(), Where::PathSource))
            .or_else(|| component_difference("net_loc", step, r.net_loc, g.net_loc))
    } else {
        None
    };
    Ok(first
        .or_else(|| component_difference("scheme", step, r.scheme, g.scheme))
        .or_else(|| component_difference("net_loc", step, r.net_loc, g.net_loc))
        .or_else(|| path_difference(&r, &g))
        .or_else(|| component_difference("params", step, r.params, g.params))
        .or_else(|| component_difference("query", step, r.query, g.query))
        .or_else(|| component_difference("fragment", step, r.fragment, g.fragment))
        // Unreachable while parsing then recomposing gives the string back,
        // which the parse vectors check; kept so a kind is never empty.
        .unwrap_or_else(|| ("differs".to_owned(), Where::Step)))
}

/// The case with the input cleanup of the WHATWG URL Standard applied, and
/// the variants of it libraries apply (CPython trims only the start): each
/// variant that changes the case.
fn stripped(input: &Input) -> impl Iterator<Item = (String, String)> + '_ {
    let is_control_or_space = |c: char| is_control(c) || c == ' ';
    let clean = move |url: &str, both_ends: bool| -> String {
        let url = url.trim_start_matches(is_control_or_space);
        let url = if both_ends {
            url.trim_end_matches(is_control_or_space)
        } else {
            url
        };
        url.chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    };
    // Most cases have nothing to strip; they cost no allocation.
    let any = [&input.base, &input.relative]
        .iter()
        .any(|url| url.contains(is_control_or_space));
    [true, false]
        .into_iter()
        .filter(move |_| any)
        .map(move |both| (clean(&input.base, both), clean(&input.relative, both)))
        .filter(move |(base, relative)| *base != input.base || *relative != input.relative)
}

/// A C0 control character, which no URL may hold (section 2.2), and which
/// the WHATWG URL Standard strips or percent-encodes.
fn is_control(c: char) -> bool {
    c < ' '
}

/// `url` with each `%` and two hex digits replaced by the byte they stand
/// for.
fn percent_decoded(url: &str) -> Vec<u8> {
    let bytes = url.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// The `?` or `;` at which the answer's net_loc ends when it is the
/// reference's cut there: RFC 1808 parses the net_loc before the query
/// and params (section 2.4.3), RFC 3986 and WHATWG end the authority at
/// `?`. No net_loc at all counts as an empty one.
fn net_loc_cut(r: Option<&str>, g: Option<&str>) -> Option<char> {
    let r = r?;
    ['?', ';']
        .into_iter()
        .find(|&c| r.find(c).is_some_and(|at| g.unwrap_or("") == &r[..at]))
}

/// At Step 2b, where the reference takes the embedded URL as it is: an
/// answer that shows the implementation did not take its scheme for one
/// (the answer has another scheme, or holds the scheme more often than
/// either URL, as a relative path resolved against the base would), or
/// took the scheme, being the base's, for leave to resolve the rest
/// against the base (RFC 1808 section 5.2 mentions parsers that do), which
/// shows as the base's net_loc in an answer whose embedded URL has none, or
/// as the base itself. Short of that it is no different from dropping an
/// empty query or the like, and the simpler description stands.
fn step2b_difference(
    input: &Input,
    r: &Components<'_>,
    g: &Components<'_>,
    got: &str,
) -> Option<&'static str> {
    let scheme = r.scheme?;
    let same_scheme = g.scheme.is_some_and(|g| g.eq_ignore_ascii_case(scheme));
    // In any case, as schemes are.
    let colon = format!("{scheme}:").to_ascii_lowercase();
    let count = |url: &str| url.to_ascii_lowercase().matches(&colon).count();
    let more_schemes = count(got) > count(&input.relative).max(count(&input.base));
    if !same_scheme || more_schemes {
        return Some("scheme not recognized");
    }
    let base = parse(&input.base);
    let from_base = |n: Option<&str>| n.is_some_and(|n| !n.is_empty());
    let net_loc_from_base =
        from_base(g.net_loc) && from_base(base.net_loc) && !from_base(r.net_loc);
    // The base itself, unless the embedded URL is that too once its empty
    // query, fragment or params are dropped, in any case.
    let bare = input
        .relative
        .trim_end_matches('#')
        .trim_end_matches('?')
        .trim_end_matches(';');
    let base_itself = got.eq_ignore_ascii_case(&input.base) && !got.eq_ignore_ascii_case(bare);
    if net_loc_from_base || base_itself {
        return Some("resolved as a relative URL");
    }
    None
}

/// Which steps a component's difference stands for: the params go with
/// the path (Steps 1 to 5, or Step 6), the query's and fragment's keep
/// their step at the steps that inherit them from the base (2a and 5b);
/// every step for an
/// empty component dropped or a case changed, which are how a URL is
/// stored or printed, and for the scheme and net_loc, which no step
/// computes.
fn component_where(name: &str, difference: &str, step: Step) -> Where {
    let dropped_empty = difference.starts_with("empty ") && difference.ends_with(" dropped");
    if dropped_empty || difference.ends_with(" case changed") {
        return Where::All;
    }
    match name {
        "params" => Where::PathSource,
        "query" | "fragment" if matches!(step, Step::Step2a | Step::Step5b) => Where::Step,
        _ => Where::All,
    }
}

fn component_difference(
    name: &str,
    step: Step,
    r: Option<&str>,
    g: Option<&str>,
) -> Option<(String, Where)> {
    let difference = match (r, g) {
        _ if r == g => return None,
        (Some(""), None) => format!("empty {name} dropped"),
        (None, Some("")) => format!("empty {name} added"),
        (Some(_), None) => format!("{name} dropped"),
        (None, Some(_)) => format!("{name} added"),
        (Some(r), Some(g)) if r.eq_ignore_ascii_case(g) => format!("{name} case changed"),
        _ => format!("{name} differs"),
    };
    let at = component_where(name, &difference, step);
    Some((difference, at))
}

/// How the paths differ, if they do. The params go with the path, since
/// RFC 3986 and WHATWG take them for part of its last segment, so that
/// `/a;/.` becoming `/a;/` is dot removal, not params that differ. Dot and
/// empty segments, and the slash, are told apart only by whether the path
/// was taken as it is or merged; a path that differs otherwise keeps its
/// step.
fn path_difference(r: &Components<'_>, g: &Components<'_>) -> Option<(String, Where)> {
    if (r.slash, r.path, r.params) == (g.slash, g.path, g.params) {
        return None;
    }
    if (r.path, r.params) == (g.path, g.params) {
        let slash = if r.slash {
            "slash before the path dropped"
        } else {
            "slash before the path added"
        };
        return Some((slash.to_owned(), Where::PathSource));
    }
    match segment_difference(&full_path(r), &full_path(g)) {
        Some(d) => Some((d.to_owned(), Where::PathSource)),
        // Only the params differ, and not by segments: described as params.
        None if (r.slash, r.path) == (g.slash, g.path) => None,
        None => Some(("path differs".to_owned(), Where::Step)),
    }
}

/// Whether the answer's path is the reference's with dot segments or empty
/// segments removed or added: the same once RFC 3986 section 5.2.4 removes
/// the dot segments of both, or once runs of slashes become one, or both,
/// all after percent-decoding. A path with both kinds removed is told by
/// its dot segments.
fn segment_difference(r: &str, g: &str) -> Option<&'static str> {
    let decode = |p: &str| String::from_utf8_lossy(&percent_decoded(p)).into_owned();
    let (r, g) = (&decode(r), &decode(g));
    let (r_dots, g_dots) = (dot_segments(r), dot_segments(g));
    let (r_empty, g_empty) = (empty_segments(r), empty_segments(g));
    let dots = || match g_dots.cmp(&r_dots) {
        Ordering::Less => Some("dot segments removed"),
        Ordering::Greater => Some("dot segments kept"),
        Ordering::Equal => None,
    };
    let empty = || match g_empty.cmp(&r_empty) {
        Ordering::Less => Some("empty segments removed"),
        Ordering::Greater => Some("empty segments added"),
        Ordering::Equal => None,
    };
    if remove_dot_segments(r) == remove_dot_segments(g) {
        dots()
    } else if without_empty_segments(r) == without_empty_segments(g) {
        empty()
    } else if remove_dot_segments(&without_empty_segments(r))
        == remove_dot_segments(&without_empty_segments(g))
    {
        dots().or_else(empty)
    } else {
        None
    }
}

/// The net_loc with the `//` before it, if there is one, and the path.
fn hier_part(c: &Components<'_>) -> String {
    match c.net_loc {
        Some(net_loc) => format!("//{net_loc}{}", full_path(c)),
        None => full_path(c),
    }
}

/// The path with the slash before it and the params after it, unless they
/// are empty: an empty params dropped as well is left to be found alone.
fn full_path(c: &Components<'_>) -> String {
    let slash = if c.slash { "/" } else { "" };
    match c.params {
        Some(params) if !params.is_empty() => format!("{slash}{};{params}", c.path),
        _ => format!("{slash}{}", c.path),
    }
}

/// Empty segments other than the first (before a leading slash) and the
/// last (after a trailing slash).
fn empty_segments(path: &str) -> usize {
    let segments: Vec<&str> = path.split('/').collect();
    let inner = segments.len().saturating_sub(2);
    segments
        .iter()
        .skip(1)
        .take(inner)
        .filter(|s| s.is_empty())
        .count()
}

/// The path with each run of slashes made one slash.
fn without_empty_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}

fn dot_segments(path: &str) -> usize {
    path.split('/').filter(|s| dots(s).is_some()).count()
}

/// `Some(1)` for `.`, `Some(2)` for `..`, each dot also as `%2E` or `%2e`,
/// which RFC 3986 and the WHATWG URL Standard take for a dot.
fn dots(segment: &str) -> Option<usize> {
    let lower = segment.to_ascii_lowercase();
    match lower.replace("%2e", ".").as_str() {
        "." => Some(1),
        ".." => Some(2),
        _ => None,
    }
}

/// RFC 3986 section 5.2.4, on the path taken as absolute: the yardstick for
/// "the same path but for dot segments".
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        match dots(segment) {
            Some(1) => {
                if i == last {
                    out.push("");
                }
            }
            Some(_) => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            None => out.push(segment),
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of `got` as the answer for `relative` against `base`.
    fn kind(base: &str, relative: &str, got: &str) -> String {
        answer_kind(base, relative, &Answer::Resolved(got.to_owned()))
    }

    fn answer_kind(base: &str, relative: &str, answer: &Answer) -> String {
        let (reference, step) = resolve_traced(base, relative, SEGMENT_STACK);
        Kind::of(&Input::new(base, relative), step, &reference, answer)
            .map_or_else(|| "same".to_owned(), |k| k.to_string())
    }

    #[test]
    fn equal_answers_and_unrepresentable_cases_are_no_mismatch() {
        assert_eq!(kind("http://a/b", "g", "http://a/g"), "same");
        let n = Answer::NotRepresentable("tab".to_owned());
        assert_eq!(answer_kind("http://a/b", "g", &n), "same");
    }

    #[test]
    fn dot_and_empty_segments_tell_a_path_taken_as_is_from_a_merged_one() {
        // RFC 3986 removes dots from an absolute path; RFC 1808 keeps them.
        assert_eq!(
            kind("http://a/b", "/./g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        // The same at Step 5a (a base path) is the same kind.
        assert_eq!(
            kind("http://a/./b", ";p", "http://a/b;p"),
            "Steps 1-5: dot segments removed"
        );
        // `..` above the root, which RFC 1808 keeps.
        assert_eq!(
            kind("http://a/b", "../g", "http://a/g"),
            "Step 6: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b/c", "../g", "http://a/b/../g"),
            "Step 6: dot segments kept"
        );
        // `%2E` is a dot to RFC 3986 and WHATWG.
        assert_eq!(
            kind("http://a/b", "/%2e/g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b//c", "g", "http://a/b/g"),
            "Step 6: empty segments removed"
        );
        // Both at once count as dots.
        assert_eq!(
            kind("http://a/b", "/..//g", "http://a/g"),
            "Steps 1-5: dot segments removed"
        );
        // `/.//g` without its dot re-parses with a net_loc: still dots.
        assert_eq!(
            kind("http:", "/.//g", "http://g"),
            "Steps 1-5: dot segments removed"
        );
        // The params go with the path.
        assert_eq!(
            kind("http://a/b", "/c;p/.", "http://a/c;p/"),
            "Steps 1-5: dot segments removed"
        );
        assert_eq!(
            kind("http://a/b", "g", "http://a/h"),
            "Step 6: path differs"
        );
        assert_eq!(
            kind("http://a/b", ";x", "http://a/;x"),
            "Step 5a: path differs"
        );
    }

    #[test]
    fn storage_and_printing_differences_have_no_step() {
        for (relative, got) in [("g?", "http://a/g"), ("/g?", "http://a/g")] {
            assert_eq!(kind("http://a/b", relative, got), "empty query dropped");
        }
        assert_eq!(
            kind("http://a/b", "g#", "http://a/g"),
            "empty fragment dropped"
        );
        assert_eq!(
            kind("http://a/b", "g;", "http://a/g"),
            "empty params dropped"
        );
        assert_eq!(kind("HTTP://a/b", "g", "http://a/g"), "scheme case changed");
        assert_eq!(
            kind("http://A/b", "g", "http://a/g"),
            "net_loc case changed"
        );
        // `ftp:g` printed as `ftp:///g`, which re-parses with a net_loc `g`.
        assert_eq!(kind("ftp:", "g", "ftp:///g"), "empty net_loc added");
        assert_eq!(kind("foo:///b", "#f", "foo:/b#f"), "empty net_loc dropped");
        assert_eq!(
            kind("http://a/b", "g\u{e9}", "http://a/g%C3%A9"),
            "characters percent-encoded"
        );
        assert_eq!(
            kind("http://a/b", "%41", "http://a/A"),
            "characters percent-decoded"
        );
    }

    #[test]
    fn query_and_fragment_keep_the_steps_that_inherit_them() {
        assert_eq!(
            kind("http://a/b#f", "", "http://a/b"),
            "Step 2a: fragment dropped"
        );
        assert_eq!(
            kind("http://a/b?q", "?", "http://a/b?"),
            "Step 5b: query differs"
        );
        assert_eq!(kind("http://a/b", "g?x", "http://a/g?y"), "query differs");
    }

    #[test]
    fn the_net_loc_of_rfc_1808_holds_question_marks() {
        assert_eq!(
            kind("http://a?q/b", "g", "http://a/g"),
            "net_loc cut at `?`"
        );
        assert_eq!(
            kind("http://a;p/b", "g", "http://a/g"),
            "net_loc cut at `;`"
        );
        // `http://?a` has the net_loc `?a` to RFC 1808.
        assert_eq!(
            kind("http://", "?a", "http://?a"),
            "no slash between the net_loc and the query"
        );
        assert_eq!(kind("http://a/b", "//", "http://"), "net_loc differs");
    }

    #[test]
    fn whole_answer_differences() {
        // A library that resolves only against schemes it knows.
        assert_eq!(kind("foo://a/b", "g", "g"), "relative URL returned as is");
        // Tabs and newlines removed, C0 controls trimmed, as WHATWG does.
        assert_eq!(
            kind("http://a/b", "\tg\n", "http://a/g"),
            "control characters stripped"
        );
        // Stripped, and then the empty query dropped: the latter is the kind.
        assert_eq!(
            kind("http://a/b", "g?\n", "http://a/g"),
            "empty query dropped"
        );
        // Not so when the stripped case has a scheme starting with a digit.
        assert_eq!(kind("http:", "\r.:", "http:///.:"), "empty net_loc added");
    }

    #[test]
    fn a_scheme_starting_with_a_digit_is_checked_with_a_letter() {
        let variant = |base: &str, relative: &str| {
            let step = resolve_traced(base, relative, SEGMENT_STACK).1;
            Kind::letter_variant(&Input::new(base, relative), step)
        };
        assert_eq!(variant("9p://a/b", "g"), Some(Input::new("ap://a/b", "g")));
        assert_eq!(variant("+:", "-:g"), Some(Input::new("a:", "a:g")));
        // The embedded URL's scheme counts only where it is one (Step 2b).
        assert_eq!(
            variant("http://a/b", "9p:g"),
            Some(Input::new("http://a/b", "ap:g"))
        );
        assert_eq!(variant("http://a/b", "?9p:g"), None);
        assert_eq!(variant("http://a/b", "g"), None);
        assert_eq!(Kind::not_a_letter().to_string(), NOT_A_LETTER);
    }

    #[test]
    fn step_2b_tells_a_scheme_not_seen_from_one_ignored() {
        assert_eq!(
            kind("http://a/b", "foo:g", "http://a/foo:g"),
            "Step 2b: scheme not recognized"
        );
        // RFC 1808 section 5.2: `http:g` taken as `g` by some parsers.
        assert_eq!(
            kind("http://a/b/c", "http:g", "http://a/b/g"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(
            kind("http:http:", "http:", "http:http:"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(
            kind("Http:http:", "http:", "http:http:"),
            "Step 2b: resolved as a relative URL"
        );
        assert_eq!(kind("tp:", "Tp:", "tp:"), "scheme case changed");
        assert_eq!(
            kind("http://a/b", "http:/./g", "http:/g"),
            "Steps 1-5: dot segments removed"
        );
    }

    #[test]
    fn rejections_are_told_apart_by_their_message_without_the_input() {
        let rejected =
            |why: &str| answer_kind("http://a/b", "g", &Answer::Rejected(why.to_owned()));
        assert_eq!(
            rejected("ValueError: Invalid IPv6 URL"),
            "rejected: ValueError: Invalid IPv6 URL"
        );
        assert_eq!(
            rejected(r#"parse "\"x:": first path segment in URL cannot contain colon"#),
            r#"rejected: parse "…": first path segment in URL cannot contain colon"#
        );
        assert_eq!(rejected("line one\nline two"), "rejected: line one");
        // No input in it: kept as it is, apostrophe and all.
        assert_eq!(
            rejected("can't resolve against {an opaque} base"),
            "rejected: can't resolve against {an opaque} base"
        );
        assert_eq!(
            rejected(&"x".repeat(100)),
            format!("rejected: {}…", "x".repeat(MAX_MESSAGE - 1))
        );
        let failed = Answer::Error("timed out after 5s".to_owned());
        let (reference, step) = resolve_traced("http://a/b", "g", SEGMENT_STACK);
        let k = Kind::of(&Input::new("http://a/b", "g"), step, &reference, &failed).unwrap();
        assert_eq!(k.to_string(), "failed to answer");
        assert!(k.is_failure());
    }

    /// The kind of a rejection of `relative` against `base` with `message`.
    fn rejected(base: &str, relative: &str, message: &str) -> String {
        answer_kind(base, relative, &Answer::Rejected(message.to_owned()))
    }

    #[test]
    fn tcl_rejections_echoing_the_input_are_one_kind() {
        // tcllib quotes with single quotes, unescaped.
        for base in [
            "foo:b/c",
            "this:that",
            "a+b-c.9:x",
            "ht9p:tp://a/b/c/d;p?q#f",
        ] {
            let scheme = parse(base).scheme.unwrap();
            assert_eq!(
                rejected(base, "", &format!("unknown scheme '{scheme}' in '{base}'")),
                "rejected: unknown scheme '…' in '…'"
            );
        }
        // Tcl lists the net_loc in braces, or bare, after the part of it
        // that is in the way.
        assert_eq!(
            rejected("http://h;x", "", "{invalid url} {;x} {h;x}"),
            "rejected: {invalid url} {…} {…}"
        );
        assert_eq!(
            rejected("http://a;", "", "{invalid url} {;} {a;}"),
            "rejected: {invalid url} {…} {…}"
        );
        assert_eq!(
            rejected("http:", "//a+b-c.d:", "{invalid url} +b-c.d: a+b-c.d:"),
            "rejected: {invalid url} … …"
        );
        assert_eq!(
            rejected("http://%61/c", "", "{invalid url} %61/c %61/c"),
            "rejected: {invalid url} … …"
        );
        assert_eq!(
            rejected("http:", "//a-", "{invalid url} - a-"),
            "rejected: {invalid url} … …"
        );
        assert_eq!(
            rejected("http:", "//a]b:", r"{invalid url} \]b: a\]b:"),
            "rejected: {invalid url} … …"
        );
    }

    #[test]
    fn python_and_go_rejections_elide_the_input() {
        assert_eq!(
            rejected(
                "http://[::1/b",
                "g",
                "ValueError: invalid netloc '[::1' in 'http://[::1/b'"
            ),
            "rejected: ValueError: invalid netloc '…' in '…'"
        );
        // `repr` escapes a single quote within single quotes.
        assert_eq!(
            rejected("http://a/b", "x", r"ValueError: bad URL 'it\'s'"),
            "rejected: ValueError: bad URL '…'"
        );
        assert_eq!(
            rejected(
                "http://a b/",
                "g",
                r#"parse "http://a b/": invalid character " " in host name"#
            ),
            r#"rejected: parse "…": invalid character "…" in host name"#
        );
        // Unquoted, the input is elided where it stands as a word of its own.
        assert_eq!(
            rejected("http://va/b", "g", "invalid host va in http://va/b"),
            "rejected: invalid host … in …"
        );
    }

    #[test]
    fn kinds_sort_by_steps_then_difference() {
        let k = |steps, d: &str| Kind {
            steps,
            difference: d.to_owned(),
        };
        let mut kinds = [
            k(Steps::One(Step::Step6), "a"),
            k(Steps::One(Step::Step5b), "b"),
            k(Steps::TakenPath, "c"),
            k(Steps::All, "d"),
            k(Steps::One(Step::Step6), "0"),
        ];
        kinds.sort();
        let names: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
        assert_eq!(
            names,
            ["d", "Steps 1-5: c", "Step 5b: b", "Step 6: 0", "Step 6: a"]
        );
    }

    #[test]
    fn rfc3986_dot_removal() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("/../g"), "/g");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("/a/."), "/a/");
        assert_eq!(remove_dot_segments("/a/%2E%2e/b"), "/b");
    }
}
