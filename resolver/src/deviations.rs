//! The catalogue of deviations: the ways real libraries depart from the
//! specs, each a named, runnable model.
//!
//! A reading ([`crate::readings`]) is a way the spec itself can be read; a
//! deviation is a way it is not followed. Each deviation of [`CATALOGUE`]
//! has a stable name, the section it departs from under each spec, whether
//! the answer it gives still names the same resource (the equivalences of
//! RFC 3986 section 6), and an implementation: a transform of the input the
//! reference resolver is given, a transform of its output, or an answer
//! given instead of it. [`resolve`] runs a spec's reference resolver with a
//! [`Set`] of them, so "RFC 3986 with `empty-query-dropped` and
//! `base-fragment-kept`" is a resolver that can be run, and [`explain`]
//! finds the smallest set with which the reference gives a library's
//! answer: the root causes of a wrong answer, by name.
//!
//! The catalogue was seeded from the root causes of the expectations of
//! the libraries in `adapters/`, each made general: where one library's
//! quirk names a list of its own (the schemes it knows), the deviation
//! takes the list most libraries share, and says so.
//!
//! Where a deviation sits in the algorithm:
//! - parsing, where an input is refused (`empty-port-rejected`,
//!   `reg-name-restricted`, `host-labels-checked`,
//!   `port-without-host-rejected`, `file-host-rejected`), userinfo is
//!   dropped (`userinfo-dropped-without-host`), an authority is found where the spec finds
//!   none (`authority-without-slashes`, `single-slash-authority`) or ended
//!   early (`host-ended-early`), an empty component becomes undefined
//!   (`empty-query-dropped`, `empty-fragment-dropped`,
//!   `empty-authority-dropped`, `empty-authority-ignored`,
//!   `empty-params-dropped`, `empty-port-dropped`), an opaque base loses
//!   its path (`opaque-base-path-dropped`), ports lose their leading zeros
//!   (`port-zeros-stripped`), encodings are decoded (`unreserved-decoded`,
//!   `unreserved-decoded-outside-host`, `host-unreserved-decoded`,
//!   `reserved-decoded`), replaced (`invalid-utf8-replaced`) or upper-cased
//!   (`percent-hex-uppercased`), or slashes skipped
//!   (`extra-slashes-skipped`);
//! - the branch of RFC 3986 5.2.2 taken, where a reference is returned
//!   unresolved (`unknown-scheme-unresolved`, `opaque-base-returned`,
//!   `opaque-base-unresolved`, `base-fragment-kept`,
//!   `dots-kept-in-absolute`, `query-in-base-fragment`) or refused
//!   (`unknown-scheme-rejected`, `opaque-base-rejected`,
//!   `empty-host-rejected`, `rootless-reference-rejected`);
//! - the merge and `remove_dot_segments` (`empty-segments-collapsed`,
//!   `above-root-kept`, `rootless-kept-rootless`, `root-popped-by-dots`);
//! - recomposition (`scheme-lowercased`, `host-lowercased`,
//!   `numeric-host-ipv4`, `default-port-dropped`, `empty-path-slash`,
//!   `empty-path-slash-any-scheme`, `authority-added`,
//!   `known-scheme-authority-added`, `query-semicolons-as-ampersands`,
//!   `percent-encoding-rewritten`, the one deviation that is an
//!   equivalence rather than a single answer: see [`Wanted::given_by`]), or a refusal to write a path
//!   that starts with `//` without an authority
//!   (`double-slash-path-rejected`);
//! - under the URL Standard, its own changes undone
//!   (`caret-unencoded-in-path`, `ascii-domain-checked`,
//!   `opaque-path-space-unencoded`): the answer is its
//!   parser's with the change undone ([`crate::whatwg::Undone`]), given
//!   instead of the reference's, and with no base too ([`explain_parse`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use crate::rfc3986::{parse, Components};
use crate::Spec;

/// One way of departing from a spec.
#[derive(Debug)]
pub struct Deviation {
    /// Stable: expectations files name it.
    pub name: &'static str,
    /// What it does, in one line.
    pub description: &'static str,
    /// The section it departs from under each spec ([`Sections::of`]).
    pub sections: Sections,
    /// Whether its answer still names the resource the spec's does: equal
    /// under the normalizations of RFC 3986 section 6.2.2 (case,
    /// percent-encoding) or 6.2.3 (scheme-based).
    pub same_resource: bool,
    /// A base and a reference on which it changes the answer.
    pub example: (&'static str, &'static str),
    /// Why it is written as it is: the libraries it was seen in, the
    /// sentence of the spec it departs from.
    pub why: &'static str,
}

/// The schemes most libraries resolve against and treat as hierarchical:
/// the schemes the WHATWG URL Standard calls special. A library that knows
/// fewer or more (CPython's `uses_relative`, tcllib's `uri::split`) is
/// modelled by these.
pub const KNOWN_SCHEMES: [&str; 6] = ["http", "https", "ftp", "file", "ws", "wss"];

/// The schemes Python's `urllib.parse` writes with `//` (its `uses_netloc`,
/// Python 3.11).
pub const PYTHON_NETLOC_SCHEMES: [&str; 25] = [
    "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];

/// The section a deviation departs from under each spec; `None` where that
/// spec gives the deviation's answer itself (or one of its readings does),
/// so it is no deviation there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sections {
    pub rfc1808: Option<&'static str>,
    pub rfc2396: Option<&'static str>,
    pub rfc3986: Option<&'static str>,
    /// The URL Standard's deviations are its own changes undone
    /// ([`crate::whatwg::Undone`]): none of the RFCs' is one from it.
    pub whatwg: Option<&'static str>,
}

impl Sections {
    /// The section it departs from under `spec`, if it departs from it.
    pub fn of(&self, spec: Spec) -> Option<&'static str> {
        match spec {
            Spec::Rfc1808 => self.rfc1808,
            Spec::Rfc2396 => self.rfc2396,
            Spec::Rfc3986 => self.rfc3986,
            Spec::Whatwg => self.whatwg,
        }
    }
}

macro_rules! catalogue {
    ($($id:ident = $index:literal, $name:literal, $same:literal, [$r1808:expr, $r2396:expr, $r3986:expr $(, $whatwg:expr)?], ($base:literal, $reference:literal), $description:literal, $why:literal;)*) => {
        /// Every deviation, in the order of [`Id`].
        pub const CATALOGUE: &[Deviation] = &[$(Deviation {
            name: $name,
            description: $description,
            sections: Sections {
                rfc1808: $r1808,
                rfc2396: $r2396,
                rfc3986: $r3986,
                whatwg: catalogue!(@or $($whatwg)?),
            },
            same_resource: $same,
            example: ($base, $reference),
            why: $why,
        }),*];

        /// A deviation of the catalogue, for code that acts on one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Id { $($id = $index),* }

        impl Id {
            /// Every deviation.
            pub const ALL: &'static [Id] = &[$(Id::$id),*];
        }
    };
    // A deviation's section under the URL Standard, `None` when not given.
    (@or $whatwg:expr) => { $whatwg };
    (@or) => { None };
}

catalogue! {
    EmptyQueryDropped = 0, "empty-query-dropped", false,
        [None, Some("3.4, 5.2"), Some("5.2.2, 5.3")], ("http://a/b/c/d;p?q", "g?"),
        "an empty query (`?` and nothing after it) is taken for none",
        "CPython before 3.13, tcllib, Go's ForceQuery not copied; RFC 3986 5.2.1: \"A component is undefined if its associated delimiter does not appear\", so `?` defines an empty query, and 5.3 writes `?` whenever the query is defined";
    EmptyFragmentDropped = 1, "empty-fragment-dropped", false,
        [None, Some("4.1, 5.2"), Some("5.2.2, 5.3")], ("http://a/b/c/d;p?q", "g#"),
        "an empty fragment (`#` and nothing after it) is taken for none",
        "CPython before 3.13, tcllib, Go (URL has no field for it); RFC 3986 5.3 writes `#` whenever the fragment is defined";
    EmptyAuthorityDropped = 2, "empty-authority-dropped", false,
        [None, Some("5.2 step 4"), Some("5.2.2")], ("http://a/b/c/d;p?q", "///g"),
        "an empty authority (`//` and no host) is taken for none, so its `//` goes",
        "Ruby's uri, CPython, tcllib, java.net.URI; RFC 3986 5.2.2 takes R.authority whenever it is defined, and 3.2.2 allows an empty reg-name";
    EmptyParamsDropped = 3, "empty-params-dropped", false,
        [None, Some("3.3"), Some("3.3")], ("http://a/b/c/d;p?q", "g;"),
        "an empty `;params` at the end of a path, the reference's or the base's, is dropped, as RFC 1808's parsing takes it for none",
        "CPython's urljoin (urlparse splits params off, RFC 1808 style); RFC 3986 3.3: `;` is a path character with no role in resolution";
    UnknownSchemeUnresolved = 4, "unknown-scheme-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("foo:/b/c", "../g"),
        "against a base whose scheme is not http, https, ftp, file, ws or wss, the reference is returned unresolved (as the library parses and writes it: the other deviations listed still apply)",
        "CPython's uses_relative; RFC 3986 5.2 resolves against any absolute-URI, whatever its scheme";
    UnknownSchemeRejected = 5, "unknown-scheme-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("foo:/b/c", "g"),
        "against a base whose scheme is not http, https, ftp, file, ws or wss, the reference is rejected",
        "tcllib's uri::split (\"unknown scheme\"); RFC 3986 5.2 resolves against any absolute-URI";
    OpaqueBaseReturned = 6, "opaque-base-returned", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("foo:bar", "g"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), the base is returned, with the reference's fragment for its own unless the reference is empty",
        "Ruby's URI::Generic#merge; RFC 3986 5.2.3 merges with a rootless base path (`foo:bar` + `g` is `foo:g`)";
    OpaqueBaseRejected = 7, "opaque-base-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("http:bar", "g"),
        "against an opaque base, anything but a fragment-only reference is rejected",
        "the WHATWG URL Standard (a base with an opaque path has no relative state); RFC 3986 5.2.3 merges with it";
    EmptyHostRejected = 8, "empty-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b/c/d;p?q", "//"),
        "an empty host in a reference or base of an http, https, ftp, ws or wss URL is rejected",
        "the WHATWG URL Standard (host-missing); RFC 3986 3.2.2 allows an empty reg-name";
    BaseFragmentKept = 9, "base-fragment-kept", false,
        [None, Some("4.2, 5.2 step 2"), Some("5.2.2")], ("http://a/b#f", ""),
        "a reference with no path and no fragment keeps the base's fragment (an empty one gives the base whole)",
        "Go's ResolveReference, Ruby's merge, CPython's urljoin, Perl's URI; RFC 3986 5.2.2 takes T.fragment from the reference (RFC 1808 reads an empty reference as the current document, a reading)";
    DotsKeptInAbsolute = 10, "dots-kept-in-absolute", false,
        [None, None, Some("5.2.2")], ("http://a/b/c/d;p?q", "//x/../g"),
        "a reference with a scheme or an authority keeps its dot segments",
        "CPython, Ruby, tcllib, Node's url.resolve, oxiri; RFC 3986 5.2.2 sets T.path = remove_dot_segments(R.path) in both branches (RFC 1808 and RFC 2396 return them as written)";
    EmptySegmentsCollapsed = 11, "empty-segments-collapsed", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3, 5.2.4")], ("http://a/b/c/d;p?q", "g//../h"),
        "empty segments (`//` inside a path) are collapsed before dot segments are removed",
        "CPython's merge, tcllib's RemoveDoubleSlashes, java.net.URI.normalize; the specs keep them (`a//../b` is `a/b`)";
    AboveRootKept = 12, "above-root-kept", false,
        [None, None, Some("5.2.4")], ("http://a/b/c/d;p?q", "../../../g"),
        "a `..` that climbs above the root is kept in the path; in a rootless path, merged or a reference's own, each `..` with no segment before it to remove is kept (`foo:a` + `../g` is `foo:../g`, `foo:..` is `foo:../`)",
        "RFC 1808 and RFC 2396 implementations kept under RFC 3986, uritools (its remove_dot_segments keeps a `..` it cannot pop); RFC 3986 5.2.4 removes it (`/../g` is `/g`, `foo:..` is `foo:`)";
    RootlessKeptRootless = 13, "rootless-kept-rootless", false,
        [None, None, Some("5.2.4")], ("foo:b/c", "../g"),
        "dot-segment removal leaves a rootless path rootless, where rule C leaves a `/`",
        "uriparser, Node's url.resolve (`foo:b/c` + `../g` gives `foo:g`); RFC 3986 5.2.4 rule C on `b/../g` gives `/g`, the letter of the RFC that many call a flaw";
    SchemeLowercased = 14, "scheme-lowercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "HTTP:/g"),
        "the scheme of the result is lower-cased",
        "most parsers; RFC 3986 3.1: schemes are case-insensitive, so the resource is the same, yet 5.2.2 copies the scheme as written and lower-casing is normalization (6.2.2.1)";
    HostLowercased = 15, "host-lowercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "//X/g"),
        "the host of the result is lower-cased",
        "the WHATWG URL Standard, Node; RFC 3986 3.2.2: the host is case-insensitive, yet 5.2.2 copies the authority as written";
    EmptyPathSlash = 16, "empty-path-slash", true,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b/c/d;p?q", "//g"),
        "for http, https, ftp, file, ws and wss, an empty path under an authority is written `/`",
        "the WHATWG URL Standard, Node's url.resolve; RFC 3986 6.2.3 makes `http://a` and `http://a/` equivalent, yet 5.3 writes the empty path as it is";
    AuthorityAdded = 17, "authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("foo:/b/c", "g"),
        "a result with a scheme and a rooted path but no authority is written with an empty authority (`//`)",
        "Go's net/url (URL.OmitHost not copied from the base); RFC 3986 5.3 writes `//` only when the authority is defined";
    QueryKeepsPath = 18, "query-reference-keeps-path", false,
        [None, Some("5.2 step 6"), None], ("http://a/b/c/d;p?q", "?y"),
        "a query-only reference keeps the base's whole path, as RFC 1808 and RFC 3986 do",
        "Perl's URI under RFC 2396, whose step 6 merges the empty path and drops the base's last segment (Appendix C: `?y` is `http://a/b/c/?y`)";
    EmptyReferenceMerged = 19, "empty-reference-merged", false,
        [Some("4 step 2"), Some("5.2 step 2"), Some("5.2.2")], ("http://a/b/c/d;p?q", ""),
        "an empty reference, or one of a fragment alone, is merged as an empty relative path, giving the base's directory (`#s` is `./#s`)",
        "java.net.URI.resolve (empty only), libcurl (a fragment alone too), which have no step 2; every spec makes it the base (without its fragment, or with the reference's)";
    BaseDotsKept = 20, "base-dots-kept", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.4")], ("http://a/./b", "g"),
        "the dot segments of the base's path are kept in a merge; only the reference's are removed",
        "oxiri; RFC 3986 5.2.2 runs remove_dot_segments on merge(Base.path, R.path), the base's part included";
    RootlessBaseRooted = 21, "rootless-base-rooted", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3")], ("foo:", "g"),
        "a base with no authority and a path not starting with `/` (or an empty one) is merged as if its path started with `/`",
        "Go's net/url (an opaque base), Ruby's merge (`foo:` + `g` gives `foo:/g`); RFC 3986 5.2.3 merges a rootless path as it is";
    DoubleSlashPathRejected = 22, "double-slash-path-rejected", false,
        [Some("4 step 7"), Some("5.2 step 7"), Some("5.2.4, 5.3")], ("http:/b/c", "..//g"),
        "a result whose path starts with `//` and that has no authority is rejected",
        "GLib's g_uri_resolve_relative (a failed check), Qt's QUrl (\"Path component starts with '//' and authority is absent\"), Ruby's addressable, oxiri; the specs give such a path (`/b/..//g` is `//g`) and write it after the scheme, RFC 3986 5.3 as it is or after `/.` (the dot-prefix reading), and reject nothing";
    QueryInBaseFragment = 23, "query-in-base-fragment", false,
        [Some("4 step 5"), Some("5.2"), Some("5.2.2")], ("http://a/b#f", "?y"),
        "a query-only reference is appended to the base's text cut at its `?`, so a base with a fragment and no query keeps the fragment, which takes the query in",
        "Apache HttpClient's URIUtils.resolve, libcurl's concat_url; every spec takes the fragment from the reference alone (RFC 3986 5.2.2: T.fragment = R.fragment), and the base's path and the reference's query (RFC 2396 merges the path)";
    UnreservedDecoded = 24, "unreserved-decoded", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "%7e/g"),
        "percent-encoded unreserved characters (`%7e`, `%41`, `%2e`) are decoded, in the reference as in the base, before dot segments are removed",
        "GLib, Qt, Boost.URL, libxml2, Apache HttpClient, Racket; RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.1 lets a resolver normalize the base only (a reading), and 5.2.2 copies the reference's components as written";
    RootlessReferenceRejected = 25, "rootless-reference-rejected", false,
        [Some("4 step 2b"), Some("5.2 step 3"), Some("5.2.2")], ("http://a/b/c/d;p?q", "g:h"),
        "a reference with a scheme and a path not starting with `/` (`g:h`, `http:g`, `http:`) is rejected",
        "Python's hyperlink (\"absolute URI with rootless path\"), libcurl (a URL needs `//` after its scheme); `g:h` is an absolute URI (RFC 3986 3.3, path-rootless), which 5.2.2 takes as the target";
    ExtraSlashesSkipped = 26, "extra-slashes-skipped", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b/c/d;p?q", "///g"),
        "for http, https, ftp, ws and wss, an empty authority followed by a path loses the slashes before the path's first segment, which becomes the host (`///g` has the host `g`)",
        "the WHATWG URL Standard (special authority ignore slashes state), libcurl (one to three slashes make `//`); the authority is what follows exactly `//` (RFC 3986 3.2), and may be empty";
    OpaqueBaseUnresolved = 27, "opaque-base-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2.3")], ("http:bar", "g"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), a reference without a scheme is returned unresolved (as the library parses and writes it)",
        "java.net.URI.resolve (\"if this URI is opaque, then the given URI is returned\"), and Apache HttpClient's URIUtils.resolve, which calls it; RFC 3986 5.2.3 merges with a rootless base path (`foo:bar` + `g` is `foo:g`), RFC 2396 leaves an opaque base undefined";
    EmptyPortDropped = 28, "empty-port-dropped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:/g"),
        "an empty port (a `:` after the host and no digits) is dropped, in the base and in the reference",
        "java.net.URI, GLib, Ruby's addressable, Racket, libxml2; RFC 3986 3.2.3 asks normalizers to omit an empty port and 6.2.3 makes `http://a:/` and `http://a/` equivalent, yet 5.2.2 copies the authority as written";
    PercentHexUppercased = 29, "percent-hex-uppercased", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "%7e%aa"),
        "the hexadecimal digits of percent-encodings are upper-cased (`%aa` is `%AA`), in the base and in the reference",
        "GLib, Qt, Boost.URL; RFC 3986 6.2.2.1 makes `%aa` and `%AA` equivalent and asks normalizers for upper case, yet 5.2.2 copies the components as written";
    PortZerosStripped = 30, "port-zeros-stripped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:080/g"),
        "the leading zeros of a port are dropped (`:080` is `:80`, `:00` is `:0`), in the base and in the reference",
        "Erlang's uri_string, java.net.URI; a port is a decimal number (RFC 3986 3.2.3), so `:080` and `:80` name one port, yet 5.2.2 copies the authority as written";
    ReservedDecoded = 31, "reserved-decoded", false,
        [Some("4"), Some("5.2"), Some("2.2, 5.2.2")], ("http://a/b/c", "g%2F..%2Fh"),
        "percent-encoded reserved characters that a path, query or fragment may hold as they are (`%2F`, `%3A`, `%40`, `%2A` and the other sub-delims) are decoded before resolving, in the reference as in the base",
        "libxml2, Boost.URL, Apache HttpClient, Racket; RFC 3986 2.2: \"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent\", so `g%2F..%2Fh` is one segment and `g/../h` three";
    PercentEncodingRewritten = 32, "percent-encoding-rewritten", false,
        [Some("4"), Some("5.2"), Some("2.2, 5.2.2")], ("http://a/b", "g?x:y"),
        "the path, query and fragment are percent-encoded again by the library's own choice: reserved characters they may hold as they are (`:`, `@`, the sub-delims, and `/` and `?` in a query or fragment) encoded or decoded, hex digits in either case; the model writes them all encoded, and takes any answer equal to the reference's once they are decoded",
        "Racket's net/url (`?a:/` written `?a%3A%2F`), libxml2 (`:` in a path written `%3A`), Boost.URL (`%2f` written `/`); RFC 3986 2.2 makes a reserved character and its encoding different data, and 5.2.2 copies the components as written";
    AuthorityWithoutSlashes = 33, "authority-without-slashes", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "ftp:x/y"),
        "a URL of http, https, ftp, ws or wss without `//` takes what follows its `:` and slashes for its authority (`ftp:x/y` is `ftp://x/y`), and a file URL without `//` gets an empty authority (`file:` is `file://`); a reference of the base's scheme is left to the same-scheme reading",
        "the WHATWG URL Standard (special authority slashes state), tcllib (`ftp:` is `ftp://`), Node's url.resolve; RFC 3986 3.2: the authority is preceded by `//`, and 3.3 makes `x/y` in `ftp:x/y` a rootless path";
    RegNameRestricted = 34, "reg-name-restricted", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//x;y/g"),
        "a host that holds a sub-delim or a percent-encoding (`x;y`, `a%aa`), in the base or the reference, is rejected: only letters, digits, `-`, `.`, `_`, `~` and IP literals are taken",
        "tcllib, libcurl, Qt, the WHATWG URL Standard (a percent-encoding that does not decode to a valid domain); RFC 3986 3.2.2: `reg-name = *( unreserved / pct-encoded / sub-delims )`, and a name need not be a DNS name";
    HostEndedEarly = 35, "host-ended-early", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//x;y/g"),
        "the host ends at its first `;` or `%`, and the rest of the authority starts the path, after a `/` (`//x;y/g` is `//x/;y/g`)",
        "Node's url.resolve (legacy url.parse ends the host at its nonHostChars); RFC 3986 3.2: the authority ends at the next `/`, `?` or `#`, and 3.2.2 allows `;` and percent-encodings in a reg-name";
    NumericHostIpv4 = 36, "numeric-host-ipv4", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//9/g"),
        "a host of one to four dot-separated decimal numbers that fits an IPv4 address, a `.` after them or not, is written as one in four parts (`9` is `0.0.0.9`, `1.2.` is `1.0.0.2`)",
        "the WHATWG URL Standard (IPv4 parser), libcurl; RFC 3986 3.2.2: a host that does not match IPv4address (four parts) is a reg-name, to be looked up as written";
    EmptyPortRejected = 37, "empty-port-rejected", false,
        [Some("2.4.3"), Some("3.2.3"), Some("3.2.3")], ("http://a/b", "//x:/g"),
        "an empty port (a `:` after the host and no digits), in the base or the reference, is rejected",
        "Python's hyperlink (\"port must not be empty\"), libxml2; RFC 3986 3.2.3: `port = *DIGIT`, empty allowed";
    RootPoppedByDots = 38, "root-popped-by-dots", false,
        [None, None, Some("5.2.4")], ("http://a/b", "/../"),
        "dot segments are removed on the list of the path's segments, where a `..` above the root pops the root's empty segment: `/../` is the empty path, `/..///` is `//`",
        "the Python rfc3986 package's remove_dot_segments, oxiri; RFC 3986 5.2.4 keeps the root (`/../` is `/`)";
    InvalidUtf8Replaced = 39, "invalid-utf8-replaced", false,
        [Some("2.2"), Some("2.4"), Some("2.5")], ("http://a/b", "%aa"),
        "percent-encoded octets that are not UTF-8 are decoded and written as U+FFFD encoded (`%aa` is `%EF%BF%BD`), in the base and in the reference",
        "Racket's net/url, Apache HttpClient (java.net.URI decodes and re-encodes); RFC 3986 2.1: a percent-encoding is an octet, whatever the character encoding, and 5.2.2 copies it as written";
    EmptyPathSlashAnyScheme = 40, "empty-path-slash-any-scheme", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("foo://a/b", "//g"),
        "an empty path under an authority is written `/`, whatever the scheme",
        "libcurl, Apache HttpClient, Python's hyperlink; RFC 3986 6.2.3 allows it for schemes whose empty path means `/` (http), and 5.3 writes the empty path as it is";
    EmptyAuthorityIgnored = 41, "empty-authority-ignored", false,
        [None, Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "////g"),
        "an empty authority (`//` and no host) is taken for none, and the path after it kept as a path (`////g` is the path `//g`, against the base's authority)",
        "Python's hyperlink, libxml2, java.net.URI, Apache HttpClient, CPython; RFC 3986 5.2.2 takes R.authority whenever it is defined, and 3.2.2 allows an empty reg-name (empty-authority-dropped is the text without the `//`, re-parsed)";
    OpaqueBasePathDropped = 42, "opaque-base-path-dropped", false,
        [Some("4"), None, Some("5.2.2, 5.2.3")], ("foo:bar", "?y"),
        "against an opaque base (a scheme, no authority, a path not starting with `/`), the base's path is taken for empty",
        "Go's net/url (URL.Opaque is not a path, and ResolveReference leaves it behind: `a:a` + `?y` is `a:?y`); RFC 3986 5.2.2 keeps Base.path for a reference with an empty path, and 5.2.3 merges with it";
    SingleSlashAuthority = 43, "single-slash-authority", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "foo:/x/y"),
        "a URL without `//` whose path starts with one `/` takes the path's first segment for its authority, whatever the scheme (`foo:/x/y` is `foo://x/y`)",
        "libcurl (one to three slashes after the scheme make `//`); RFC 3986 3.2: the authority is preceded by `//`, and 3.3 makes `/x/y` a path";
    KnownSchemeAuthorityAdded = 44, "known-scheme-authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b", "ftp:x"),
        "a result of http, https, ftp, file, ws or wss without an authority is written with an empty one and a rooted path (`ftp:x` is `ftp:///x`, `ftp:` is `ftp://`)",
        "tcllib's uri::join, which writes every URL of the schemes it knows as `scheme://host/path`; RFC 3986 5.3 writes `//` only when the authority is defined, and the path as it is";
    HostLabelsChecked = 45, "host-labels-checked", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//-x/g"),
        "a host that is not an IP literal must be dot-separated labels of letters, digits, `-` and `_`, none empty but a last one (`a.`), none starting or ending with `-`; any other is rejected",
        "Qt's QUrl and tcllib (`//-`, `//a..`, `//a~b` refused), DNS's label rules (RFC 1123 2.1); RFC 3986 3.2.2: a reg-name need not be a DNS name (`reg-name = *( unreserved / pct-encoded / sub-delims )`)";
    DefaultPortDropped = 46, "default-port-dropped", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//x:80/g"),
        "a port that is the default of the result's scheme (80 for http and ws, 443 for https and wss, 21 for ftp) is dropped",
        "Ruby's uri, tcllib, the WHATWG URL Standard; RFC 3986 6.2.3 makes `http://x:80/` and `http://x/` equivalent, yet 5.2.2 copies the authority as written";
    PortWithoutHostRejected = 47, "port-without-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "foo://:8/g"),
        "a port after an empty host (`foo://:8`), in the base or the reference, is rejected",
        "the WHATWG URL Standard (a port with no host is a host-missing failure), Node; RFC 3986 3.2.2 allows an empty host, and 3.2.3 a port after it";
    UserinfoDroppedWithoutHost = 48, "userinfo-dropped-without-host", false,
        [Some("2.4.3"), Some("3.2.1"), Some("3.2.1")], ("http://a/b", "//u@/g"),
        "userinfo before an empty host is dropped (`//u@/g` is `///g`), in the base and in the reference",
        "Node's url.resolve (url.format writes the auth only before a host); RFC 3986 3.2.1 allows userinfo before any host, an empty reg-name included";
    QuerySemicolonsAsAmpersands = 49, "query-semicolons-as-ampersands", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "g?x;y"),
        "a `;` in the result's query is written `&`, as a form-urlencoded parser reads both as separators",
        "Racket's net/url (the query is kept as an association list); RFC 3986 3.4 makes the query opaque data, `;` and `&` different characters";
    FileHostRejected = 50, "file-host-rejected", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "file://x/g"),
        "a file URL's host must be empty or `localhost`, which is dropped (`file://localhost/g` is `file:///g`); any other is rejected",
        "libcurl (\"Bad file:// URL\"); RFC 8089 allows any host in a file URI, and RFC 3986 5.2.2 copies the authority as written";
    UnreservedDecodedOutsideHost = 51, "unreserved-decoded-outside-host", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "//%41/%7e/g"),
        "percent-encoded unreserved characters are decoded everywhere but in the host (`//%41/%7e` is `//%41/~`), in the reference as in the base, before dot segments are removed",
        "Boost.URL, Apache HttpClient, Racket; RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.2 copies the reference's components as written (unreserved-decoded is the same in the host too)";
    HostUnreservedDecoded = 52, "host-unreserved-decoded", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "//%41/%7e/g"),
        "percent-encoded unreserved characters are decoded in the host only (`//%6a/%7a` is `//j/%7a`), in the reference as in the base",
        "libcurl (the host is decoded to be looked up, the path is sent as written); RFC 3986 6.2.2.2 makes `%6A` and `j` equivalent, but 5.2.2 copies the authority as written";
    UnreservedDecodedExceptDotSegments = 53, "unreserved-decoded-except-dot-segments", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c", "%7e/.%2e/g"),
        "percent-encoded unreserved characters of the path, query and fragment are decoded before dot segments are removed, but a segment that would then be `.` or `..` is data, written `%2e` or `%2e%2e` (`.%2e` is `%2e%2e`)",
        "Racket's net/url (a path element is a string or the symbols `same` and `up`); RFC 3986 6.2.2.2 makes `%7E` and `~` equivalent, but 5.2.2 copies the reference's components as written";
    AuthorityMergedByPart = 54, "authority-merged-by-part", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://u@a:1/b", "//:5/g"),
        "each part of a reference's authority that is empty or absent (userinfo, host, port) is taken from the base's (`//:5/g` against `http://u@a:1` is `http://u@a:5/g`, `//b/g` is `http://u@b:1/g`); an authority with nothing in it (`//`, `//@:`) is taken for none",
        "Ruby's uri and hyperlink (they merge the reference's URI object into the base's field by field); every spec takes the reference's authority whole";
    PortZeroDropped = 55, "port-zero-dropped", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "//c:0/g"),
        "a port of zeros (`:0`) is taken for none and dropped, in the base and in the reference",
        "hyperlink (a port of 0 is false, so none); RFC 3986 3.2.3: the port is the digits after `:`, and 0 is not the scheme's default";
    RootlessBaseResultRootless = 56, "rootless-base-result-rootless", false,
        [Some("4 step 4"), Some("5.2 step 5"), Some("5.2.2")], ("foo:a", "/g"),
        "against a base with no authority and a path that does not start with `/`, a result without an authority is written without its path's leading `/` (`foo:a` + `/g` is `foo:g`)",
        "hyperlink, oxiri (a URL without an authority keeps its base's rootedness); RFC 3986 5.2.2 takes an absolute-path reference's path as it is";
    OpaqueAuthorityParsed = 57, "opaque-authority-parsed", false,
        [Some("2.4.3"), Some("3"), Some("3")], ("http://a/b", "mailto:X@Y.Z"),
        "a URL whose scheme is not http, https, ftp, gopher or file and which has no `//` reads the first segment of its path as an authority: its host, which ends at a `:`, is lower-cased, an empty port dropped, what is not a port moved to the path after a `/`, and userinfo dropped before an empty host; it is written back without `//` (`mailto:X@Y.Z` is `mailto:X@y.z`, `a:H:x` is `a:h/:x`), in the base and in the reference",
        "Node's url.resolve (url.parse reads a host after any scheme it does not know to be slashed); RFC 3986 3 has an authority only after `//`, and 3.3 makes `X@Y.Z` a path, its case significant";
    HostlessMergeUnrooted = 58, "hostless-merge-unrooted", false,
        [None, None, Some("5.2.3")], ("http://", "."),
        "against a base with an empty host and an empty path, a relative path is merged without the `/` that 5.2.3 puts before it, so one that leaves nothing (`.`) gives an empty path (`http://` + `.` is `http://`)",
        "Node's url.resolve (an empty host is false, so the base is taken for one without authority); RFC 3986 5.2.3: a base with an authority and an empty path merges to `/` and the reference";
    FileAuthorityHostOnly = 59, "file-authority-host-only", false,
        [Some("2.4.3"), Some("3.2"), Some("3.2")], ("http://a/b", "file://u@x:/g"),
        "a file URL's authority is a host alone: its first `:` or `@` and what follows it in the authority start the path (`file://x:/g` is `file://x/:/g`, `file://u@x/g` is `file://u/@x/g`), in the base and in the reference",
        "tcllib's uri (its file URLs have a host and a path only); RFC 3986 3.2 parses userinfo and a port in any authority";
    TripleSlashIsPath = 60, "triple-slash-is-path", false,
        [Some("2.4.3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "///g"),
        "a reference without a scheme that starts with `///` is all path, not an empty authority and a path (`///g` is the path `///g`)",
        "Go's net/url (Parse reads an authority after `//` only when `///` does not start a reference without a scheme); RFC 3986 4.2: `//` starts the authority of a relative reference, and 3.2.2 allows it empty";
    HostAsFirstSegment = 61, "host-as-first-segment", false,
        [Some("4 step 6"), Some("5.2 step 6"), Some("5.2.3")], ("a://h/b/c", "../../g"),
        "against a base with a scheme other than http, https, ftp, gopher or file and an authority, or a rootless path whose first segment is read as one, a path reference resolves the host as the first segment of the path: `..` climbs into it and an absolute path replaces it (`a://h/b/c` + `../../g` is `a://g`, + `/g` is `a:///g`; `mailto:x@y` + `g` is `mailto:x@g`)",
        "Node's url.resolve (\"a non-slashed url\": relative links crawl up to the hostname); RFC 3986 5.2.2 keeps the base's authority for every path reference";
    EmptyAuthorityFromBase = 62, "empty-authority-from-base", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b/c", "//"),
        "a reference's empty authority is the base's (`//` is `//a`, `///g` is `//a/g`)",
        "tcllib's uri (an empty host is none, and the base's is kept); RFC 3986 5.2.2 takes R.authority whenever it is defined, an empty one too";
    ReferenceUserinfoDropped = 63, "reference-userinfo-dropped", false,
        [Some("4 step 3"), Some("5.2 step 4"), Some("5.2.2")], ("http://a/b", "//u@h/g"),
        "a reference's userinfo is dropped (`//u@h/g` is `//h/g`)",
        "hyperlink (click() keeps the base's userinfo whatever the reference's); RFC 3986 5.2.2 takes R.authority whole, its userinfo too";
    SchemeReferenceTakesBaseHost = 64, "scheme-reference-takes-base-host", false,
        [Some("4 step 2"), Some("5.2 step 3"), Some("5.2.2")], ("http://u@a/b", "ftp:/g"),
        "a reference with a scheme, no authority and an absolute path takes the base's userinfo and host (`ftp:/g` against `http://u@a` is `ftp://u@a/g`)",
        "hyperlink (click() replaces the scheme and path of the base's URL object); RFC 3986 5.2.2: a reference with a scheme is the result, without the base's authority";
    EmptyQueryUnwritten = 65, "empty-query-unwritten", false,
        [None, Some("5.2 step 7"), Some("5.3")], ("http://a/b/c/d;p?q", "?"),
        "an empty query is resolved as one, then not written: the result's `?` with nothing after it goes (`?` is `http://a/b/c/d;p`)",
        "libcurl (its URL handle keeps no empty query); RFC 3986 5.3 writes `?` whenever the query is defined, an empty one too";
    EmptyPortBaseUnresolved = 66, "empty-port-base-unresolved", false,
        [Some("4"), Some("5.2"), Some("5.2")], ("http://a:/b", "g"),
        "against a base with an empty port (a `:` after the host and no digits), the reference is returned unresolved (as the library parses and writes it)",
        "libxml2 (xmlBuildURI cannot parse the base, and gives the reference back); RFC 3986 3.2.3 allows an empty port, and 5.2 resolves against any absolute URI";
    SlashlessBaseLosesLastCharacter = 67, "slashless-base-loses-last-character", false,
        [Some("4 step 6"), Some("5.2 step 6a"), Some("5.2.3")], ("foo:bar", "g"),
        "in the merge, a base path with no `/` loses only its last character, and a `/` joins what is left to the reference's path (`foo:bar` + `g` is `foo:ba/g`, `foo:` + `g` is `foo:/g`)",
        "the Python rfc3986 package (merge_paths cuts the base path at `rfind('/')`, which is -1 when there is none); RFC 3986 5.2.3 excludes the entire base path if it does not contain any `/`";
    HostlessResultRejected = 68, "hostless-result-rejected", false,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b", "http:/g"),
        "a result of an http, https, ws or wss URL with no host (no authority, or an empty one) is rejected (`http:/g` against `http://a/b`, strictly `http:/g`)",
        "fast-uri (its http and ws scheme handlers require a host, as RFC 9110 4.2.1 and RFC 6455 3 do); RFC 3986 5.2.2 gives any URI its grammar allows, and leaves it to the scheme to refuse";
    PortOutOfRangeRejected = 69, "port-out-of-range-rejected", false,
        [Some("2.4.3"), Some("3.2.3"), Some("3.2.3")], ("http://a/b", "//x:65536/g"),
        "a port above 65535, in the base or the reference, is rejected",
        "the WHATWG URL Standard (port-out-of-range), Node, libcurl, Qt, fast-uri: a TCP port has 16 bits; RFC 3986 3.2.3: `port = *DIGIT`, any number of digits";
    UnreservedDecodedButPathDots = 70, "unreserved-decoded-but-path-dots", true,
        [Some("4"), Some("5.2"), Some("5.2.2")], ("http://a/b/c/d;p?q", "%7e%2e/%2e%2e?%2e"),
        "the path, query and fragment of the base and the reference are percent-encoding normalized before they are resolved (RFC 3986 6.2.2.1 and 6.2.2.2: unreserved characters decoded, the hex digits of the other percent-encodings upper-cased), but a `.` of the path stays `%2E`, so that no decoded dot makes a dot segment (`%7e%2e/%2e%2e?%2e` is `~%2E/%2E%2E?.`)",
        "fast-uri (normalizePathEncoding decodes every unreserved byte but `.`); RFC 3986 5.2.1 leaves the base's normalization optional, and 5.2.2 resolves the reference as written";
    RootlessEmptiedDotSlash = 71, "rootless-emptied-dot-slash", false,
        [None, None, Some("5.2.4")], ("http://a/b", "foo:a/.."),
        "a rootless path that dot-segment removal leaves empty, or only `/`, is written `./` (`foo:a/..`, `foo:a/../` and `foo:.` are `foo:./`)",
        "uritools (its remove_dot_segments writes `./` for a path that would be a lone empty segment); RFC 3986 5.2.4 gives `/` for `a/..` (rule C) and nothing for `.` (rule D)";
    NetlocSchemeAuthorityAdded = 72, "netloc-scheme-authority-added", false,
        [Some("4"), Some("5.2"), Some("5.3")], ("http://a/b", "svn:x"),
        "a result without an authority whose scheme is one Python's urllib.parse writes with `//` (its uses_netloc: http, https, ftp, file, ws, wss, and git, svn, sftp, rtsp, shttp and others) is written with an empty one and a rooted path (`svn:x` is `svn:///x`)",
        "yarl (URL objects are written by urlunsplit's rule); RFC 3986 5.3 writes `//` only when the authority is defined, and the path as it is";
    BaseDirectoryDecoded = 73, "base-directory-decoded", false,
        [None, Some("5.2"), Some("5.2.3")], ("http://a/b%20c/d", "g"),
        "when a reference's path is merged with a base path that does not end in `/`, the base's directory is percent-decoded first (each escape of valid UTF-8, whatever it decodes to): a `%2F` then ends a segment, a `%2E` makes a dot segment, a `%20` is a space (`g` against `http://a/b%20c/d` is `http://a/b c/g`)",
        "yarl (URL.join merges with URL.parts, the base's decoded segments); RFC 3986 5.2.3 appends the reference's path to the base's as written, and 2.2: `%2F` and `/` are not equivalent";
    BaseDotsPopped = 74, "base-dots-popped", false,
        [None, Some("5.2"), Some("5.2.1")], ("http://a/../", ""),
        "the base's dot segments are removed before resolving, on the list of its path's segments, where a `..` above the root pops the root's empty segment (`http://a/../` is `http://a`, `http://a/b/..` is `http://a/`, `foo:./b` is `foo:b`)",
        "the Python rfc3986 package (resolve_with normalizes the base with its own remove_dot_segments); RFC 3986 5.2.1 leaves the base's normalization optional, and 5.2.4 keeps the root (`/b/../` is `/`)";
    EmptyUserinfoBaseRejected = 75, "empty-userinfo-base-rejected", false,
        [None, Some("3.2.2"), Some("3.2.1")], ("http://@a", "g"),
        "a base whose userinfo is empty (`http://@a`, a `@` and nothing before it) is rejected; a reference's is kept",
        "the Python rfc3986 package (resolve_with validates the base, and its userinfo pattern takes one character or more); RFC 3986 3.2.1 and RFC 2396 3.2.2 allow an empty userinfo";
    ParamsSetApart = 76, "params-set-apart", false,
        [None, Some("3.3, 5.2 step 6"), Some("3.3, 5.2.4")], ("http://a/b/c", ".;a"),
        "the `;params` of the reference's last segment (from its first `;`) are set apart while its path is resolved, then written after the result's path, as RFC 1808's parsing sets them apart: `.;a` is `.` with the params `;a` (`.;a` against `http://a/b/c` is `http://a/b/;a`)",
        "CPython's urljoin (urlparse splits `;params` off the last segment, as RFC 1808 2.4.5 does); RFC 3986 3.3: `;` is a path character, and 5.2.4 removes only the complete segments `.` and `..`, so `.;a` is a segment of its own, as in RFC 2396 3.3 and 5.2 step 6";
    WhatwgIpv4Host = 77, "whatwg-ipv4-host", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//0x7f.1/g"),
        "a host of http, https, ftp, file, ws or wss whose last label is a number is an IPv4 address by the WHATWG URL Standard's rules: one to four parts, each decimal, octal after a leading `0` or hex after `0x`, written in four decimal parts (`0x7f.1` is `127.0.0.1`, `00` is `0.0.0.0`); one that does not parse so is rejected (`08`, `a.9`, `1.2.3.4.5`), in the base or the reference",
        "the WHATWG URL Standard (its host parser's ends-in-a-number check, then its IPv4 parser), Node's URL, whatwg-url, fast-uri; RFC 3986 3.2.2: a host that does not match IPv4address (four decimal parts) is a reg-name, to be looked up as written";
    HostDecoded = 78, "host-decoded", false,
        [Some("2.4.3"), Some("3.2.2"), Some("3.2.2")], ("http://a/b", "//%2a/g"),
        "the percent-encodings of a host (not an IP literal) are decoded, in the base and the reference, where they decode to a printable ASCII character that a host may hold as it is, reserved ones too (`//%2a` is `//*`; a `%2F`, `%3A`, `%40` or `%25` is kept)",
        "fast-uri (a host goes through `new URL`, whose host parser percent-decodes it, as the WHATWG URL Standard's does); RFC 3986 6.2.2.2 makes only unreserved characters and their encodings equivalent, so `%2A` and `*` are different hosts";
    CaretUnencodedInPath = 79, "caret-unencoded-in-path", false,
        [None, None, None, Some("path percent-encode set (whatwg/url#846)")], ("http://a/b", "^"),
        "a `^` in a path is written as it is, not `%5E` (`^` against `http://a/b` is `http://a/^`): the URL Standard before whatwg/url#846",
        "Node.js 20's ada 2.9.2, url 2.5.8 (both released before the change); whatwg/url#846 (2024) put U+005E (^) in the path percent-encode set, so the path state writes `%5E`";
    AsciiDomainChecked = 80, "ascii-domain-checked", false,
        [None, None, None, Some("domain parser (whatwg/url#914)")], ("http://a/b", "//xn--/"),
        "a domain of ASCII code points goes through Unicode ToASCII, and fails where ToASCII does (an `xn--` label that is not valid Punycode: `http://a.b.c.xn--pokxncvks` fails): the URL Standard before whatwg/url#914",
        "Node.js 20's ada 2.9.2, whatwg-url 14.2.0, url 2.5.8 (all released before the change); whatwg/url#914 (2025): the domain parser returns an ASCII domain lowercased, \"regardless of Unicode ToASCII's outcome\"";
    OpaquePathSpaceUnencoded = 81, "opaque-path-space-unencoded", false,
        [None, None, None, Some("opaque path state (whatwg/url#844)")], ("http://a/b", "a: ?"),
        "a space followed by `?` or `#` in an opaque path is written as it is, not `%20` (`a: ?` is `a: ?`, not `a:%20?`): the URL Standard before whatwg/url#844",
        "Node.js 20's ada 2.9.2, url 2.5.8 (both released before the change), found by fuzzing them; whatwg/url#844 (2025): \"If remaining starts with U+003F (?) or U+0023 (#), then append %20 to url's path\", so that an opaque path never ends in a space";
}

impl Deviation {
    /// The deviation named `name`.
    pub fn named(name: &str) -> Option<Id> {
        CATALOGUE
            .iter()
            .position(|d| d.name == name)
            .map(|at| Id::ALL[at])
    }
}

impl Id {
    /// Its entry in the catalogue.
    pub fn deviation(self) -> &'static Deviation {
        &CATALOGUE[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.deviation().name
    }

    /// Whether it departs from `spec` (it is no deviation where the spec,
    /// or one of its readings, gives its answer).
    pub fn departs_from(self, spec: Spec) -> bool {
        self.deviation().sections.of(spec).is_some()
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of deviations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Set(u128);

impl Set {
    pub const EMPTY: Set = Set(0);

    pub fn of(ids: &[Id]) -> Set {
        Set(ids.iter().fold(0, |bits, &id| bits | 1 << id as u128))
    }

    pub fn with(self, id: Id) -> Set {
        Set(self.0 | 1 << id as u128)
    }

    pub fn has(self, id: Id) -> bool {
        self.0 & 1 << id as u128 != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether every deviation of `self` is in `other`.
    pub fn is_subset(self, other: Set) -> bool {
        self.0 & !other.0 == 0
    }

    pub fn union(self, other: Set) -> Set {
        Set(self.0 | other.0)
    }

    pub fn ids(self) -> impl Iterator<Item = Id> {
        Id::ALL.iter().copied().filter(move |&id| self.has(id))
    }
}

impl fmt::Display for Set {
    /// `a + b`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = self.ids().map(Id::name).collect();
        f.write_str(&names.join(" + "))
    }
}

/// A spec's reference resolver under one choice of its readings: a URL, or
/// the rejection a reading makes of the case.
pub type Reference<'r> = &'r dyn Fn(&str, &str) -> Result<String, String>;

/// Resolves `reference` against `base` with `reference_resolver` (a spec's
/// reference under one choice of readings), departing from it as `set`
/// says. A rejection is `Err` with the deviation's name.
pub fn resolve(
    reference_resolver: Reference<'_>,
    set: Set,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    if let Some(undone) = undone_changes(set) {
        return parse_undoing(reference_resolver, Some(base), reference, undone);
    }
    let b = parse(base);
    let r = parse(reference);
    let unresolved = match branch_before_resolving(set, base, reference, &b, &r)? {
        ControlFlow::Break(returned) => return Ok(returned),
        ControlFlow::Continue(unresolved) => unresolved,
    };
    // Parsing: what is refused as written.
    refused_host_as_written(set, &b, &r)?;
    refused_authority_as_written(set, &b, &r)?;

    let (base, reference) = transformed_input(set, base, reference);
    let (b, r) = (parse(&base), parse(&reference));
    refused_once_read(set, &b, &r)?;

    let mut resolved = if unresolved {
        reference.clone()
    } else {
        resolve_parsed(reference_resolver, set, &base, &reference)?
    };
    recompose(set, &mut resolved, &b, &r);
    normalize_host(set, &mut resolved);
    rewrite_query_and_encoding(set, &mut resolved);
    if set.has(Id::HostlessResultRejected) {
        let out = parse(&resolved);
        let needs_host = ["http", "https", "ws", "wss"];
        if out.scheme.is_some_and(|s| one_of(&needs_host, s))
            && host(out.authority).is_none_or(str::is_empty)
        {
            return Err(Id::HostlessResultRejected.name().to_owned());
        }
    }
    Ok(resolved)
}

/// The changes to the URL Standard that `set` undoes, if it undoes any:
/// its deviations are those changes ([`crate::whatwg::Undone`]), and the
/// parser with them undone gives the answer, instead of the reference's.
fn undone_changes(set: Set) -> Option<crate::whatwg::Undone> {
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
fn parse_undoing(
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

/// Whether `c` has a scheme of [`KNOWN_SCHEMES`].
fn known_scheme(c: &Components<'_>) -> bool {
    c.scheme.is_some_and(|s| one_of(&KNOWN_SCHEMES, s))
}

/// The first step of [`resolve`]: a base of a scheme the library does not
/// know, or with no `/` after its scheme, may be refused (`Err`), or give
/// an answer at once (`Break`); else whether the reference is left
/// unresolved (`Continue`). `b` and `r` are `base` and `reference` parsed.
fn branch_before_resolving(
    set: Set,
    base: &str,
    reference: &str,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<ControlFlow<String, bool>, String> {
    use Id::*;
    // The branch taken before any resolving. A reference left unresolved
    // is still parsed and written back as the library does: the
    // deviations of parsing and recomposition apply to it (below).
    if !known_scheme(b) && set.has(UnknownSchemeRejected) {
        return Err(UnknownSchemeRejected.name().to_owned());
    }
    // Opaque: no `/` after the scheme; WHATWG counts an empty path too.
    let no_slash = b.scheme.is_some() && b.authority.is_none() && !b.path.starts_with('/');
    let opaque = no_slash && !b.path.is_empty();
    let unresolved = (!known_scheme(b) && set.has(UnknownSchemeUnresolved))
        || (set.has(EmptyPortBaseUnresolved)
            && b.authority.is_some_and(|a| host_and_port(a).ends_with(':')))
        || (set.has(OpaqueBaseUnresolved) && opaque && r.scheme.is_none());
    if no_slash && !unresolved {
        let fragment_only =
            r.scheme.is_none() && r.authority.is_none() && r.path.is_empty() && r.query.is_none();
        if set.has(OpaqueBaseRejected) && !fragment_only && r.scheme.is_none() {
            return Err(OpaqueBaseRejected.name().to_owned());
        }
        if set.has(OpaqueBaseReturned) && opaque && r.scheme.is_none() {
            let returned = match (reference.is_empty(), b.fragment) {
                (true, _) | (false, None) => base.to_owned(),
                (false, Some(fragment)) => base[..base.len() - fragment.len() - 1].to_owned(),
            };
            let returned = match r.fragment {
                Some(fragment) => format!("{returned}#{fragment}"),
                _ => returned,
            };
            // As the reference is written back (below), with its scheme.
            return Ok(ControlFlow::Break(if set.has(SchemeLowercased) {
                lowercase_scheme(&returned)
            } else {
                returned
            }));
        }
    }
    Ok(ControlFlow::Continue(unresolved))
}

/// Parsing, first half: the host (and an empty port) of the base `b` or
/// the reference `r` as written, where `set` refuses it.
fn refused_host_as_written(set: Set, b: &Components<'_>, r: &Components<'_>) -> Result<(), String> {
    use Id::*;
    let authorities = [b.authority, r.authority];
    if set.has(EmptyPortRejected)
        && authorities
            .iter()
            .flatten()
            .any(|a| host_and_port(a).ends_with(':') && !host_and_port(a).ends_with("]:"))
    {
        return Err(EmptyPortRejected.name().to_owned());
    }
    if set.has(RegNameRestricted) && authorities.iter().any(|&a| !is_plain_host(host(a))) {
        return Err(RegNameRestricted.name().to_owned());
    }
    if set.has(WhatwgIpv4Host) {
        let scheme_of_r = r.scheme.or(b.scheme);
        let fails = |scheme: Option<&str>, authority: Option<&str>| {
            scheme.is_some_and(|s| one_of(&KNOWN_SCHEMES, s))
                && host(authority).is_some_and(|h| ends_in_a_number(h) && whatwg_ipv4(h).is_none())
        };
        if fails(b.scheme, b.authority) || fails(scheme_of_r, r.authority) {
            return Err(WhatwgIpv4Host.name().to_owned());
        }
    }
    if set.has(HostLabelsChecked) && authorities.iter().any(|&a| !is_dns_name(host(a))) {
        return Err(HostLabelsChecked.name().to_owned());
    }
    Ok(())
}

/// Parsing, second half: the port, userinfo and `file` host of the base
/// `b` or the reference `r` as written, where `set` refuses them.
fn refused_authority_as_written(
    set: Set,
    b: &Components<'_>,
    r: &Components<'_>,
) -> Result<(), String> {
    use Id::*;
    let authorities = [b.authority, r.authority];
    if set.has(PortOutOfRangeRejected)
        && authorities.iter().flatten().any(|&a| {
            port(a).is_some_and(|p| {
                let digits = p.trim_start_matches('0');
                !p.is_empty()
                    && p.bytes().all(|d| d.is_ascii_digit())
                    && (digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535))
            })
        })
    {
        return Err(PortOutOfRangeRejected.name().to_owned());
    }
    if set.has(EmptyUserinfoBaseRejected) && b.authority.is_some_and(|a| a.rfind('@') == Some(0)) {
        return Err(EmptyUserinfoBaseRejected.name().to_owned());
    }
    if set.has(PortWithoutHostRejected)
        && authorities
            .iter()
            .any(|&a| host(a) == Some("") && host_and_port(a.unwrap_or("")).len() > 1)
    {
        return Err(PortWithoutHostRejected.name().to_owned());
    }
    if set.has(FileHostRejected) {
        let file = |c: &Components<'_>| c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"));
        let scheme_of_r = if r.scheme.is_some() { r } else { b };
        let foreign = |h: Option<&str>| {
            h.is_some_and(|h| !h.is_empty() && !h.eq_ignore_ascii_case("localhost"))
        };
        if (file(b) && foreign(host(b.authority)))
            || (file(scheme_of_r) && foreign(host(r.authority)))
        {
            return Err(FileHostRejected.name().to_owned());
        }
    }
    Ok(())
}

/// What `set` refuses of the base `b` and reference `r` as the input
/// transforms leave them.
fn refused_once_read(set: Set, b: &Components<'_>, r: &Components<'_>) -> Result<(), String> {
    use Id::*;
    if set.has(RootlessReferenceRejected)
        && r.scheme.is_some()
        && r.authority.is_none()
        && !r.path.starts_with('/')
    {
        return Err(RootlessReferenceRejected.name().to_owned());
    }
    if set.has(EmptyHostRejected) {
        let is_special = |c: &Components<'_>| c.scheme.is_some_and(special);
        let scheme_of_r = if r.scheme.is_some() { r } else { b };
        if (is_special(b) && host(b.authority) == Some(""))
            || (is_special(scheme_of_r) && host(r.authority) == Some(""))
        {
            return Err(EmptyHostRejected.name().to_owned());
        }
    }
    Ok(())
}

/// Recomposition: `resolved` written back with the authority and the `/`
/// path the deviations of `set` add. `b` and `r` are the base and
/// reference resolved (none when the reference was left unresolved).
fn recompose(set: Set, resolved: &mut String, b: &Components<'_>, r: &Components<'_>) {
    use Id::*;
    // A path that starts with `//` and no authority reads as an
    // authority in the reference's answer; written with an empty one, it is
    // a path again. (An unresolved reference, its own answer, has none.)
    let adding = [
        AuthorityAdded,
        KnownSchemeAuthorityAdded,
        NetlocSchemeAuthorityAdded,
    ];
    let double_slash = adding
        .iter()
        .any(|&id| set.has(id))
        .then(|| double_slash_path(resolved, b, r))
        .flatten();
    let double_slash = || double_slash.as_deref();
    if set.has(AuthorityAdded) {
        *resolved = add_empty_authority(resolved, double_slash(), |_| true, false);
    }
    for (id, schemes) in [
        (KnownSchemeAuthorityAdded, &KNOWN_SCHEMES[..]),
        (NetlocSchemeAuthorityAdded, &PYTHON_NETLOC_SCHEMES[..]),
    ] {
        if set.has(id) {
            let listed = |s: &str| one_of(schemes, s);
            *resolved = add_empty_authority(resolved, double_slash(), listed, true);
        }
    }
    if set.has(EmptyPathSlash) {
        let out = parse(resolved);
        if known_scheme(&out) && out.authority.is_some() && out.path.is_empty() {
            *resolved = replace_path(resolved, "/");
        }
    }
    if set.has(EmptyPathSlashAnyScheme) {
        let out = parse(resolved);
        if out.authority.is_some() && out.path.is_empty() {
            *resolved = replace_path(resolved, "/");
        }
    }
}

/// Recomposition: `resolved` with its scheme, host and port written as the
/// deviations of `set` normalize them.
fn normalize_host(set: Set, resolved: &mut String) {
    use Id::*;
    if set.has(NumericHostIpv4) {
        if let Some(address) = host(parse(resolved).authority).and_then(ipv4_of_numbers) {
            *resolved = replace_host(resolved, &address);
        }
    }
    if set.has(WhatwgIpv4Host) {
        let out = parse(resolved);
        let address = host(out.authority)
            .filter(|&h| ends_in_a_number(h))
            .and_then(whatwg_ipv4);
        if let (Some(address), Some(_)) =
            (address, out.scheme.filter(|&s| one_of(&KNOWN_SCHEMES, s)))
        {
            *resolved = replace_host(resolved, &address);
        }
    }
    if set.has(SchemeLowercased) {
        *resolved = lowercase_scheme(resolved);
    }
    if set.has(HostLowercased) {
        let out = parse(resolved);
        if let (Some(authority), Some(host)) = (out.authority, host(out.authority)) {
            let start =
                offset(resolved, authority) + (authority.len() - host_and_port(authority).len());
            let lower = host.to_ascii_lowercase();
            resolved.replace_range(start..start + host.len(), &lower);
        }
    }
    if set.has(DefaultPortDropped) {
        *resolved = drop_default_port(resolved);
    }
}

/// Recomposition: `resolved` with its query and its percent-encoding
/// written as the deviations of `set` rewrite them.
fn rewrite_query_and_encoding(set: Set, resolved: &mut String) {
    use Id::*;
    if set.has(QuerySemicolonsAsAmpersands) {
        let out = parse(resolved);
        if let Some(query) = out.query.filter(|q| q.contains(';')) {
            let fragment = out.fragment.map(str::to_owned);
            let path = out.path.to_owned();
            *resolved = replace_path_query_fragment(
                resolved,
                &path,
                Some(&query.replace(';', "&")),
                fragment.as_deref(),
            );
        }
    }
    if set.has(EmptyQueryUnwritten) && parse(resolved).query == Some("") {
        let out = parse(resolved);
        let (path, fragment) = (out.path.to_owned(), out.fragment.map(str::to_owned));
        *resolved = replace_path_query_fragment(resolved, &path, None, fragment.as_deref());
    }
    if set.has(PercentEncodingRewritten) {
        *resolved = encode_reserved(resolved);
    }
}

/// The reference resolved, once its parsing deviations have made `base`
/// and `reference` what the library reads: the branch of 5.2.2 taken, the
/// merge and `remove_dot_segments`, as `set` changes them.
fn resolve_parsed(
    reference_resolver: Reference<'_>,
    set: Set,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let apart =
        |base: &str, reference: &str| resolve_params_apart(reference_resolver, base, reference);
    let reference_resolver: Reference<'_> = if set.has(Id::ParamsSetApart) {
        &apart
    } else {
        reference_resolver
    };
    let resolving = Resolving {
        reference_resolver,
        set,
        base,
        reference,
        b: parse(base),
        r: parse(reference),
    };
    let mut resolved = resolving.branch_taken()?;
    resolving.keep_base_fragment(&mut resolved);
    resolving.remove_rootless_dots(&mut resolved);
    resolving.pop_dots(&mut resolved)?;
    Ok(resolved)
}

/// What each step of [`resolve_parsed`] asks of: the reference resolver
/// (with `params-set-apart` applied), the deviations, and the base and
/// reference as written (`base`, `reference`) and parsed (`b`, `r`).
struct Resolving<'a> {
    reference_resolver: Reference<'a>,
    set: Set,
    base: &'a str,
    reference: &'a str,
    b: Components<'a>,
    r: Components<'a>,
}

impl Resolving<'_> {
    /// Whether the reference has no scheme, authority or path.
    fn no_path(&self) -> bool {
        let r = &self.r;
        r.scheme.is_none() && r.authority.is_none() && r.path.is_empty()
    }

    /// The branch of 5.2.2 taken, as `set` changes it.
    fn branch_taken(&self) -> Result<String, String> {
        use Id::*;
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        // The branches of 5.2.2 that keep the reference as it is.
        let no_path = self.no_path();
        let query_only = no_path && r.fragment.is_none() && r.query.is_some();
        let resolved = if set.has(BaseFragmentKept) && reference.is_empty() {
            // The base, as the reading at hand has it, with its fragment.
            let resolved = reference_resolver(base, "")?;
            match b.fragment {
                Some(fragment) if parse(&resolved).fragment.is_none() => {
                    format!("{resolved}#{fragment}")
                }
                _ => resolved,
            }
        } else if set.has(QueryInBaseFragment)
            && query_only
            && b.query.is_none()
            && b.fragment.is_some()
        {
            format!("{base}{reference}")
        } else if set.has(QueryKeepsPath) && no_path && r.query.is_some() {
            let end = offset(base, b.path) + b.path.len();
            let fragment = match (set.has(BaseFragmentKept), b.fragment, r.fragment) {
                (true, Some(f), None) => format!("#{f}"),
                _ => String::new(),
            };
            format!("{}{reference}{fragment}", &base[..end])
        } else if set.has(HostAsFirstSegment)
            && b.scheme.is_some_and(|s| !slashed(s))
            && (b.authority.is_some() || !(b.path.is_empty() || b.path.starts_with('/')))
            && r.scheme.is_none()
            && r.authority.is_none()
            && !r.path.is_empty()
        {
            resolve_host_as_segment(&b, &r)
        } else {
            self.merge_taken()?
        };
        Ok(resolved)
    }

    /// The branches of [`Resolving::branch_taken`] that merge or resolve.
    fn merge_taken(&self) -> Result<String, String> {
        use Id::*;
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        let resolved = if set.has(BaseDirectoryDecoded)
            && (r.scheme.is_none()
                || merges_scheme(reference_resolver, b.scheme, r.scheme.unwrap_or_default())?)
            && r.authority.is_none()
            && !r.path.is_empty()
            && !r.path.starts_with('/')
            && !b.path.ends_with('/')
            && b.path.contains('%')
        {
            merge_decoded_directory(base, &b, &r)
        } else if set.has(DotsKeptInAbsolute) && r.scheme.is_some() {
            reference.to_owned()
        } else if set.has(DotsKeptInAbsolute) && r.authority.is_some() {
            match b.scheme {
                Some(scheme) => format!("{scheme}:{reference}"),
                None => reference.to_owned(),
            }
        } else if set.has(AboveRootKept) {
            resolve_keeping_above_root(reference_resolver, base, reference)?
        } else if set.has(BaseDotsKept) {
            resolve_keeping_base_dots(reference_resolver, base, reference)?
        } else {
            reference_resolver(base, reference)?
        };
        Ok(resolved)
    }

    /// `resolved` with the base's fragment, where `base-fragment-kept`
    /// keeps it.
    fn keep_base_fragment(&self, resolved: &mut String) {
        let Resolving {
            reference_resolver,
            set,
            base,
            reference,
            b,
            r,
        } = *self;
        // A reference of the base's scheme and nothing else but a query has no
        // path and no fragment too, when the reading at hand merges it (RFC
        // 3986 5.2.2's non-strict parser): it then resolves as the reference
        // without its scheme does.
        let merged_scheme_only = || {
            let (Some(scheme), Some(base_scheme)) = (r.scheme, b.scheme) else {
                return false;
            };
            let rest = &reference[scheme.len() + 1..];
            scheme.eq_ignore_ascii_case(base_scheme)
                && r.authority.is_none()
                && r.path.is_empty()
                && r.fragment.is_none()
                && reference_resolver(base, rest).as_ref() == Ok(&*resolved)
        };
        let no_path_no_fragment = self.no_path() && r.fragment.is_none();
        if set.has(Id::BaseFragmentKept)
            && ((no_path_no_fragment && !reference.is_empty()) || merged_scheme_only())
        {
            if let (Some(fragment), None) = (b.fragment, parse(resolved).fragment) {
                *resolved = format!("{resolved}#{fragment}");
            }
        }
    }

    /// `resolved` with a rootless path's dot segments removed as `set`
    /// removes them.
    fn remove_rootless_dots(&self, resolved: &mut String) {
        use Id::*;
        let Resolving { set, b, r, .. } = *self;
        // remove_dot_segments on a rootless path: what the spec's leaves empty,
        // or only `/` (before rule C's `/` goes, so that `a/..//` is not
        // emptied).
        if set.has(RootlessEmptiedDotSlash)
            && dots_input_is_rootless(&b, &r)
            && double_slash_path(resolved, &b, &r).is_none()
            && matches!(parse(resolved).path, "" | "/")
        {
            *resolved = replace_path(resolved, "./");
        }
        if set.has(RootlessKeptRootless) && dots_input_is_rootless(&b, &r) {
            let out = parse(resolved);
            if let Some(path) = double_slash_path(resolved, &b, &r) {
                // Rule C's `/` not left: `a/..//g` is `/g`, one `/` short of `//g`.
                *resolved = replace_double_slash_path(resolved, &path[1..]);
            } else if out.authority.is_none() && out.path.starts_with('/') {
                *resolved = replace_path(resolved, &out.path[1..]);
            }
        }
        if set.has(RootlessBaseResultRootless) && r.scheme.is_none() {
            let out = parse(resolved);
            if b.authority.is_none()
                && !b.path.starts_with('/')
                && out.authority.is_none()
                && out.path.starts_with('/')
            {
                *resolved = replace_path(resolved, &out.path[1..]);
            }
        }
        if set.has(HostlessMergeUnrooted)
            && host(b.authority) == Some("")
            && b.path.is_empty()
            && r.scheme.is_none()
            && r.authority.is_none()
            && !r.path.is_empty()
            && !r.path.starts_with('/')
            && parse(resolved).path == "/"
        {
            *resolved = replace_path(resolved, "");
        }
    }

    /// `resolved` with the dot segments that `root-popped-by-dots` pops;
    /// `Err` for a path that `double-slash-path-rejected` refuses.
    fn pop_dots(&self, resolved: &mut String) -> Result<(), String> {
        use Id::*;
        let Resolving { set, b, r, .. } = *self;
        if set.has(RootPoppedByDots) {
            if let Some(input) = dots_input(&b, &r) {
                let popped = pop_dot_segments(&input);
                // A target path that starts with `//` and no authority is
                // written as the reading writes it: after the scheme, where it
                // re-parses as an authority, or after `/.`.
                *resolved = match double_slash_path(resolved, &b, &r) {
                    Some(_) if parse(resolved).authority.is_some() => {
                        replace_double_slash_path(resolved, &popped)
                    }
                    Some(_) if popped.starts_with("//") => {
                        replace_path(resolved, &format!("/.{popped}"))
                    }
                    _ => replace_path(resolved, &popped),
                };
            }
        }
        if set.has(DoubleSlashPathRejected) && double_slash_path(resolved, &b, &r).is_some() {
            return Err(DoubleSlashPathRejected.name().to_owned());
        }
        Ok(())
    }
}

/// The target of `reference` with the `;params` of its path's last
/// segment set apart (`params-set-apart`): the reference resolved without
/// them, then they are written after the target's path. A last segment
/// that is all params (`;a`, `x/;a`) is resolved as it is: set apart, it
/// would leave an empty reference, or the same path.
fn resolve_params_apart(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let path = parse(reference).path;
    let last = path.rfind('/').map_or(0, |slash| slash + 1);
    let Some(semicolon) = path[last..].find(';').map(|at| last + at) else {
        return reference_resolver(base, reference);
    };
    if semicolon == last {
        return reference_resolver(base, reference);
    }
    let start = offset(reference, path);
    let without = format!(
        "{}{}",
        &reference[..start + semicolon],
        &reference[start + path.len()..]
    );
    let resolved = reference_resolver(base, &without)?;
    let target = parse(&resolved).path;
    Ok(replace_path(
        &resolved,
        &format!("{target}{}", &path[semicolon..]),
    ))
}

/// The target of a reference whose path is merged with the base's
/// directory percent-decoded (`base-directory-decoded`), dot segments then
/// removed.
fn merge_decoded_directory(base: &str, b: &Components<'_>, r: &Components<'_>) -> String {
    let directory = &b.path[..b.path.rfind('/').map_or(0, |slash| slash + 1)];
    let path = crate::rfc3986::remove_dot_segments(decode_utf8_escapes(directory) + r.path);
    replace_path_query_fragment(base, &path, r.query, r.fragment)
}

/// `text` with each run of escapes that is valid UTF-8 decoded, whatever
/// it decodes to; an escape that is part of none is kept as written.
fn decode_utf8_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_escape = |i: usize| {
        bytes.get(i) == Some(&b'%')
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let mut run = Vec::new();
        while is_escape(i) {
            run.push(u8::from_str_radix(&text[i + 1..i + 3], 16).expect("two hex digits"));
            i += 3;
        }
        if run.is_empty() {
            let c = text[i..].chars().next().expect("within the text");
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let mut at = start;
        for chunk in run.utf8_chunks() {
            out.push_str(chunk.valid());
            at += 3 * chunk.valid().len();
            let kept = 3 * chunk.invalid().len();
            out.push_str(&text[at..at + kept]);
            at += kept;
        }
    }
    out
}

/// `resolved` written with an empty authority when it has none and its
/// scheme is one `scheme` takes (`double_slash`, a path [`double_slash_path`]
/// found, is its path); with a rooted path when `rooted`, else only when its
/// path is rooted already.
fn add_empty_authority(
    resolved: &str,
    double_slash: Option<&str>,
    scheme: impl Fn(&str) -> bool,
    rooted: bool,
) -> String {
    let out = parse(resolved);
    let Some(s) = out.scheme.filter(|&s| scheme(s)) else {
        return resolved.to_owned();
    };
    if let Some(path) = double_slash {
        return replace_double_slash_path(resolved, &format!("//{path}"));
    }
    if out.authority.is_some() || !(rooted || out.path.starts_with('/')) {
        return resolved.to_owned();
    }
    let root = if out.path.is_empty() || out.path.starts_with('/') {
        ""
    } else {
        "/"
    };
    let mut written = resolved.to_owned();
    written.insert_str(s.len() + 1, &format!("//{root}"));
    written
}

/// Whether `scheme` is one of `schemes`, whatever its case.
fn one_of(schemes: &[&str], scheme: &str) -> bool {
    schemes.iter().any(|k| k.eq_ignore_ascii_case(scheme))
}

/// `url` with its scheme lower-cased.
fn lowercase_scheme(url: &str) -> String {
    let mut out = url.to_owned();
    if let Some(scheme) = parse(url).scheme {
        out.replace_range(..scheme.len(), &scheme.to_ascii_lowercase());
    }
    out
}

/// An implementation's answer as a search compares it: a URL, or `Err`
/// for a rejection; with what `percent-encoding-rewritten` compares it by,
/// computed once, when first needed.
pub struct Wanted<'a> {
    answer: Result<&'a str, ()>,
    key: std::cell::OnceCell<String>,
}

impl<'a> Wanted<'a> {
    pub fn new(answer: Result<&'a str, ()>) -> Self {
        Wanted {
            answer,
            key: std::cell::OnceCell::new(),
        }
    }

    /// Whether `resolved`, the reference's answer with the deviations of
    /// `set`, gives this answer: equal, or both rejections; with
    /// `percent-encoding-rewritten`, equal once the reserved characters of
    /// their paths, queries and fragments are decoded and hex digits
    /// upper-cased.
    pub fn given_by(&self, set: Set, resolved: &Result<String, String>) -> bool {
        match (resolved, self.answer) {
            (Ok(url), Ok(want)) => {
                url == want
                    || (set.has(Id::PercentEncodingRewritten)
                        && *self.key.get_or_init(|| reserved_decoded_key(want))
                            == reserved_decoded_key(url))
            }
            (Err(_), Err(())) => true,
            _ => false,
        }
    }
}

/// The byte offset of `part`, a slice of `whole`, in it.
fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// `url` with its path replaced by `path`.
fn replace_path(url: &str, path: &str) -> String {
    let c = parse(url);
    let start = offset(url, c.path);
    let mut out = url.to_owned();
    out.replace_range(start..start + c.path.len(), path);
    out
}

/// `url`, which has a host, with `host` in its place.
fn replace_host(url: &str, host_now: &str) -> String {
    let authority = parse(url).authority.expect("a host is in an authority");
    let start = offset(url, host_and_port(authority));
    let end = start + host(Some(authority)).map_or(0, str::len);
    let mut out = url.to_owned();
    out.replace_range(start..end, host_now);
    out
}

/// The authority without its userinfo.
fn host_and_port(authority: &str) -> &str {
    authority
        .rfind('@')
        .map_or(authority, |at| &authority[at + 1..])
}

/// The host of an authority: without userinfo and port.
fn host(authority: Option<&str>) -> Option<&str> {
    let rest = host_and_port(authority?);
    if rest.starts_with('[') {
        return Some(rest.find(']').map_or(rest, |end| &rest[..=end]));
    }
    Some(rest.rfind(':').map_or(rest, |colon| &rest[..colon]))
}

/// The schemes the WHATWG URL Standard calls special but `file`, whose
/// URLs need a host.
fn special(scheme: &str) -> bool {
    !scheme.eq_ignore_ascii_case("file") && one_of(&KNOWN_SCHEMES, scheme)
}

/// The path a result has when it is one that starts with `//` without an
/// authority: written after the scheme, where it re-parses as an authority
/// that the target does not have (RFC 3986 5.2.2 gives it the reference's
/// or the base's), or after `/.` (the dot-prefix reading of section 5.3).
fn double_slash_path(resolved: &str, b: &Components<'_>, r: &Components<'_>) -> Option<String> {
    let out = parse(resolved);
    // RFC 3986 5.2.2: the target's authority is the reference's when it
    // has a scheme or an authority, else the base's; the base's too when a
    // reading merges a reference with the base's scheme (the answer has
    // the base's authority).
    let merged = r.authority.is_none()
        && out.authority == b.authority
        && r.scheme
            .zip(b.scheme)
            .is_some_and(|(r, b)| r.eq_ignore_ascii_case(b));
    let given = if (r.scheme.is_some() && !merged) || r.authority.is_some() {
        r.authority
    } else {
        b.authority
    };
    // A path written `/.//` is escaped only when dot removal made it: the
    // path of a reference, or of the base taken whole, may be `/.//` as
    // written.
    let taken = if r.path.is_empty() { b.path } else { r.path };
    match out.authority {
        Some(authority) if given.is_none() => Some(format!("//{authority}{}", out.path)),
        None if out.path.starts_with("/.//") && out.path != taken => Some(out.path[2..].to_owned()),
        _ => None,
    }
}

/// `resolved`, whose path [`double_slash_path`] found, with `path` in its
/// place and no authority.
fn replace_double_slash_path(resolved: &str, path: &str) -> String {
    let out = parse(resolved);
    let scheme = out.scheme.map_or(String::new(), |s| format!("{s}:"));
    let end = offset(resolved, out.path) + out.path.len();
    format!("{scheme}{path}{}", &resolved[end..])
}

/// Whether `host` (a host as [`host`] finds it) is empty, an IP literal, or
/// made of letters, digits, `-`, `.`, `_` and `~` only.
fn is_plain_host(host: Option<&str>) -> bool {
    host.is_none_or(|h| {
        h.starts_with('[')
            || h.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~'))
    })
}

/// `url` with `//` after its scheme when it has none and its scheme is
/// special: what follows the `:` and its slashes is the authority
/// (`http:a/b` is `http://a/b`), or, for `file`, the authority is empty
/// (`file:a` is `file:///a`). A reference of the base's scheme
/// (`scheme_of_base`) is left as it is.
fn slashes_implied(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let Some(scheme) = c.scheme else {
        return url.to_owned();
    };
    let same = scheme_of_base.is_some_and(|s| s.eq_ignore_ascii_case(scheme));
    if c.authority.is_some() || same {
        return url.to_owned();
    }
    let rest = &url[scheme.len() + 1..];
    if scheme.eq_ignore_ascii_case("file") {
        let root = if c.path.is_empty() || c.path.starts_with('/') {
            ""
        } else {
            "/"
        };
        format!("{scheme}://{root}{rest}")
    } else if special(scheme) {
        format!("{scheme}://{}", rest.trim_start_matches('/'))
    } else {
        url.to_owned()
    }
}

/// Whether `host` is empty, an IP literal, or dot-separated labels of
/// letters, digits, `-` and `_`, none empty but a last one, none starting or
/// ending with `-`.
fn is_dns_name(host: Option<&str>) -> bool {
    let Some(host) = host.filter(|h| !h.is_empty() && !h.starts_with('[')) else {
        return true;
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    host.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
    })
}

/// `url` without the host `localhost` when it is a file URL (its scheme, or
/// `scheme_of_base` when it has none, is `file`).
fn drop_localhost(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let file = c
        .scheme
        .or(scheme_of_base)
        .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    match (file, c.authority) {
        (true, Some(authority)) if authority.eq_ignore_ascii_case("localhost") => {
            let start = offset(url, authority);
            format!("{}{}", &url[..start], &url[start + authority.len()..])
        }
        _ => url.to_owned(),
    }
}

/// `url` without the userinfo of an authority whose host is empty.
fn drop_userinfo_without_host(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some(authority) if host(Some(authority)) == Some("") && authority.contains('@') => {
            let start = offset(url, authority);
            let at = authority.rfind('@').expect("contains `@`");
            format!("{}{}", &url[..start], &url[start + at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// `url` without its port when it is the default of its scheme.
fn drop_default_port(url: &str) -> String {
    let c = parse(url);
    let (Some(scheme), Some(authority)) = (c.scheme, c.authority) else {
        return url.to_owned();
    };
    let default = match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        "ftp" => "21",
        _ => return url.to_owned(),
    };
    let Some(host) = host(Some(authority)) else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    if rest[host.len()..].strip_prefix(':') != Some(default) {
        return url.to_owned();
    }
    let end = offset(url, authority) + authority.len();
    format!("{}{}", &url[..end - default.len() - 1], &url[end..])
}

/// `url` with the first segment of a path starting with one `/` made its
/// authority, when it has a scheme and no authority: `foo:/x/y` is
/// `foo://x/y`.
fn single_slash_authority(url: &str) -> String {
    let c = parse(url);
    match c.scheme {
        Some(scheme)
            if c.authority.is_none() && c.path.starts_with('/') && !c.path.starts_with("//") =>
        {
            format!("{scheme}:/{}", &url[scheme.len() + 1..])
        }
        _ => url.to_owned(),
    }
}

/// `base` without its path when it is opaque: a scheme, no authority, a
/// path not starting with `/`.
fn drop_opaque_path(base: &str) -> String {
    let b = parse(base);
    if b.scheme.is_none() || b.authority.is_some() || b.path.starts_with('/') {
        return base.to_owned();
    }
    replace_path(base, "")
}

/// `url` with its host ended at its first `;` or `%`, the rest of the
/// authority put at the start of the path after a `/`: `//x;y/g` is
/// `//x/;y/g`.
fn end_host_early(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    let Some(at) = rest.find([';', '%']) else {
        return url.to_owned();
    };
    let cut = offset(url, rest) + at;
    let end = offset(url, authority) + authority.len();
    format!("{}/{}{}", &url[..cut], &url[cut..end], &url[end..])
}

/// `url` (whose scheme is `scheme_of_base` when it has none), when it is a
/// file URL with a `:` or `@` in its authority, with the first of them and
/// what follows it in the authority put at the start of the path after a
/// `/`: `file://x:/g` is `file://x/:/g`.
fn file_authority_host_only(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let file = c
        .scheme
        .or(scheme_of_base)
        .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    let (Some(authority), true) = (c.authority, file) else {
        return url.to_owned();
    };
    let Some(at) = authority.find([':', '@']) else {
        return url.to_owned();
    };
    let cut = offset(url, authority) + at;
    let end = offset(url, authority) + authority.len();
    format!("{}/{}{}", &url[..cut], &url[cut..end], &url[end..])
}

/// Without the `//` of an empty authority, the path after it kept a path:
/// `////g` is `/.//g` (whose dot segment goes when it is resolved), `///g`
/// is `/g`.
fn ignore_empty_authority(url: &str) -> String {
    let c = parse(url);
    if c.authority != Some("") {
        return url.to_owned();
    }
    let at = c.scheme.map_or(0, |s| s.len() + 1);
    let dot = if c.path.starts_with("//") { "/." } else { "" };
    format!("{}{dot}{}", &url[..at], &url[at + 2..])
}

/// `url` with its path, query and fragment replaced.
fn replace_path_query_fragment(
    url: &str,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let c = parse(url);
    let mut out = url[..offset(url, c.path)].to_owned();
    out.push_str(path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// `text` with each percent-encoding of a character `decode` picks decoded,
/// and the hex digits of the others upper-cased when `upper`.
fn decode_picked(text: &str, decode: impl Fn(u8) -> bool, upper: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let octet = (bytes[at] == b'%')
            .then(|| text.get(at + 1..at + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match octet {
            Some(c) if decode(c) => out.push(c as char),
            Some(_) if upper => out.push_str(&text[at..at + 3].to_ascii_uppercase()),
            Some(_) => out.push_str(&text[at..at + 3]),
            None => {
                let ch = text[at..].chars().next().expect("at a char boundary");
                out.push(ch);
                at += ch.len_utf8();
                continue;
            }
        }
        at += 3;
    }
    out
}

/// The reserved characters a path segment may hold as they are (RFC 3986
/// 3.3: `pchar` is unreserved, pct-encoded, sub-delims, `:` and `@`).
fn segment_reserved(c: u8) -> bool {
    matches!(
        c,
        b':' | b'@' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Those a query or fragment may hold as they are (3.4, 3.5: `/` and `?`
/// too).
fn query_reserved(c: u8) -> bool {
    segment_reserved(c) || matches!(c, b'/' | b'?')
}

/// `url` with the percent-encoded reserved characters its path (`/` too),
/// query and fragment may hold as they are decoded, unless that changes
/// how it parses: a `:` in the first segment of a relative path, a path
/// that would start with `//` without an authority.
fn decode_reserved(url: &str) -> String {
    let c = parse(url);
    let path = decode_picked(c.path, |o| segment_reserved(o) || o == b'/', false);
    let first_segment = path.split('/').next().unwrap_or("");
    let path = if (c.authority.is_none() && path.starts_with("//"))
        || (c.scheme.is_none() && c.authority.is_none() && first_segment.contains(':'))
    {
        c.path.to_owned()
    } else {
        path
    };
    let query = c.query.map(|q| decode_picked(q, query_reserved, false));
    let fragment = c.fragment.map(|f| decode_picked(f, query_reserved, false));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// `text` with each character `encode` picks percent-encoded.
fn encode_picked(text: &str, encode: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_ascii() && encode(ch as u8) {
            out.push_str(&format!("%{:02X}", ch as u8));
        } else {
            out.push(ch);
        }
    }
    out
}

/// `url` with every reserved character its path, query and fragment may
/// hold as they are percent-encoded: one of the answers
/// `percent-encoding-rewritten` takes, the most encoded.
fn encode_reserved(url: &str) -> String {
    let c = parse(url);
    let path = encode_picked(c.path, segment_reserved);
    let query = c.query.map(|q| encode_picked(q, query_reserved));
    let fragment = c.fragment.map(|f| encode_picked(f, query_reserved));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// What `percent-encoding-rewritten` compares: `url` with the reserved
/// characters of its userinfo, path, query and fragment decoded and the hex digits of the other
/// percent-encodings upper-cased.
fn reserved_decoded_key(url: &str) -> String {
    let c = parse(url);
    let reserved = |o: u8| query_reserved(o) || matches!(o, b'#' | b'[' | b']');
    let path = offset(url, c.path);
    // The userinfo, up to the authority's last `@`, is data too.
    let (data, at) = match c.authority.and_then(|a| a.rfind('@').map(|at| (a, at))) {
        Some((authority, at)) => (offset(url, authority), offset(url, authority) + at),
        None => (path, path),
    };
    format!(
        "{}{}{}{}",
        &url[..data],
        decode_picked(&url[data..at], reserved, true),
        &url[at..path],
        decode_picked(&url[path..], reserved, true)
    )
}

/// `url` with each run of percent-encoded octets that is not UTF-8
/// decoded and written again with U+FFFD for each invalid sequence, every
/// octet encoded: `%aa` is `%EF%BF%BD`.
fn replace_invalid_utf8(url: &str) -> String {
    let bytes = url.as_bytes();
    let octet_at = |at: usize| {
        (bytes.get(at) == Some(&b'%'))
            .then(|| url.get(at + 1..at + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
    };
    let mut out = String::with_capacity(url.len());
    let mut at = 0;
    while at < url.len() {
        let start = at;
        let mut octets = Vec::new();
        while let Some(o) = octet_at(at) {
            octets.push(o);
            at += 3;
        }
        if octets.is_empty() {
            let ch = url[at..].chars().next().expect("at a char boundary");
            out.push(ch);
            at += ch.len_utf8();
        } else if std::str::from_utf8(&octets).is_ok() {
            out.push_str(&url[start..at]);
        } else {
            for o in String::from_utf8_lossy(&octets).bytes() {
                out.push_str(&format!("%{o:02X}"));
            }
        }
    }
    out
}

/// The path RFC 3986 5.2.2 gives remove_dot_segments, merged as 5.2.3
/// says; `None` where it gives none (an empty reference path).
fn dots_input(b: &Components<'_>, r: &Components<'_>) -> Option<String> {
    if r.scheme.is_some() || r.authority.is_some() || r.path.starts_with('/') {
        return Some(r.path.to_owned());
    }
    if r.path.is_empty() {
        return None;
    }
    if b.authority.is_some() && b.path.is_empty() {
        return Some(format!("/{}", r.path));
    }
    let kept = b.path.rfind('/').map_or("", |slash| &b.path[..=slash]);
    Some(format!("{kept}{}", r.path))
}

/// `base` and `reference` as the input transforms of `set` leave them,
/// each applied to both in the order the libraries' parsers apply them.
fn transformed_input(set: Set, base: &str, reference: &str) -> (String, String) {
    // Parsing: the authority found elsewhere, empty components taken for
    // none.
    let mut base = base.to_owned();
    let mut reference = reference.to_owned();
    find_authority(set, &mut base, &mut reference);
    drop_empty_components(set, &mut base, &mut reference);
    take_reference_authority(set, &base, &mut reference);
    normalize_encoding(set, &mut base, &mut reference);
    prepare_merge(set, &mut base, &mut reference);
    (base, reference)
}

/// The input transforms of `set` that find an authority where the spec
/// finds none, or none where it finds one.
fn find_authority(set: Set, base: &mut String, reference: &mut String) {
    use Id::*;
    if set.has(AuthorityWithoutSlashes) {
        beside_base(slashes_implied, base, reference);
    }
    both(
        set,
        &[
            (OpaqueAuthorityParsed, parse_opaque_authority as Transform),
            (SingleSlashAuthority, single_slash_authority),
        ],
        base,
        reference,
    );
    if set.has(OpaqueBasePathDropped) {
        *base = drop_opaque_path(base);
    }
    if set.has(FileHostRejected) {
        beside_base(drop_localhost, base, reference);
    }
    if set.has(FileAuthorityHostOnly) {
        beside_base(file_authority_host_only, base, reference);
    }
    if set.has(TripleSlashIsPath) && reference.starts_with("///") {
        // A dot segment keeps the path from reading as an authority; it goes
        // when the path is resolved.
        reference.insert_str(0, "/.");
    }
}

/// The input transforms of `set` that take empty components (and the
/// parts of an authority they cut short) for none.
fn drop_empty_components(set: Set, base: &mut String, reference: &mut String) {
    use Id::*;
    both(
        set,
        &[
            (
                UserinfoDroppedWithoutHost,
                drop_userinfo_without_host as Transform,
            ),
            (HostEndedEarly, end_host_early),
            (EmptyPortDropped, drop_empty_port),
            (PortZeroDropped, drop_port_zero),
            (EmptyAuthorityIgnored, ignore_empty_authority),
            (EmptyQueryDropped, drop_empty_query),
            (EmptyFragmentDropped, drop_empty_fragment),
            (EmptyAuthorityDropped, drop_empty_authority),
        ],
        base,
        reference,
    );
}

/// The input transforms of `set` that write the reference's authority, or
/// part of it, from the `base`'s.
fn take_reference_authority(set: Set, base: &str, reference: &mut String) {
    use Id::*;
    if set.has(ReferenceUserinfoDropped) {
        *reference = drop_reference_userinfo(reference);
    }
    if set.has(SchemeReferenceTakesBaseHost) {
        *reference = take_base_host(base, reference);
    }
    if set.has(EmptyAuthorityFromBase) {
        *reference = authority_from_base(base, reference);
    }
    if set.has(AuthorityMergedByPart) {
        *reference = merge_authority_by_part(base, reference);
    }
}

/// The input transforms of `set` that normalize the encoding, the params,
/// the port and the slashes.
fn normalize_encoding(set: Set, base: &mut String, reference: &mut String) {
    use Id::*;
    both(
        set,
        &[
            (EmptyParamsDropped, drop_empty_params as fn(&str) -> String),
            (PortZerosStripped, strip_port_zeros),
            (InvalidUtf8Replaced, replace_invalid_utf8),
            (PercentHexUppercased, uppercase_percent_hex),
            (UnreservedDecoded, decode_unreserved),
            (UnreservedDecodedOutsideHost, |s| {
                decode_unreserved_around_host(s, false)
            }),
            (
                UnreservedDecodedExceptDotSegments,
                decode_unreserved_but_dot_segments,
            ),
            (
                UnreservedDecodedButPathDots,
                normalize_encoding_but_path_dots,
            ),
            (HostUnreservedDecoded, |s| {
                decode_unreserved_around_host(s, true)
            }),
            (HostDecoded, decode_host),
            (ReservedDecoded, decode_reserved),
        ],
        base,
        reference,
    );
    if set.has(ExtraSlashesSkipped) {
        beside_base(skip_extra_slashes, base, reference);
    }
    if set.has(EmptySegmentsCollapsed) {
        *base = collapse_empty_segments(base);
        *reference = collapse_empty_segments(reference);
    }
}

/// The input transforms of `set` that prepare the merge: the base
/// normalized, and an empty reference made one that merges.
fn prepare_merge(set: Set, base: &mut String, reference: &mut String) {
    use Id::*;
    // The base normalized before it is merged with.
    if set.has(BaseDotsPopped) {
        *base = pop_base_dots(base);
    }
    if set.has(SlashlessBaseLosesLastCharacter) {
        *base = cut_slashless_base(base, reference);
    }
    if set.has(RootlessBaseRooted) {
        *base = root_the_base(base);
    }
    if set.has(EmptyReferenceMerged) && (reference.is_empty() || reference.starts_with('#')) {
        reference.insert(0, '.');
    }
}

/// `transform` applied to `base`, and to `reference` with the base's
/// scheme for a reference that has none.
fn beside_base(
    transform: fn(&str, Option<&str>) -> String,
    base: &mut String,
    reference: &mut String,
) {
    let scheme = parse(base).scheme.map(str::to_owned);
    *reference = transform(reference, scheme.as_deref());
    *base = transform(base, None);
}

/// A transform of a base or a reference.
type Transform = fn(&str) -> String;

/// Each transform of `steps` that `set` has, in order, applied to both
/// `base` and `reference`.
fn both(set: Set, steps: &[(Id, Transform)], base: &mut String, reference: &mut String) {
    for &(id, transform) in steps {
        if set.has(id) {
            *base = transform(base);
            *reference = transform(reference);
        }
    }
}

/// `base` with the dot segments of its path removed as
/// [`pop_dot_segments`] does (`base-dots-popped`).
fn pop_base_dots(base: &str) -> String {
    replace_path(base, &pop_dot_segments(parse(base).path))
}

/// Dot segments removed on the list of `path`'s segments, as many
/// libraries write it: `..` pops whatever is last, the root's empty
/// segment too, and a `/` is put back at the start and the end after.
fn pop_dot_segments(path: &str) -> String {
    let mut output: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "." => {}
            ".." => {
                output.pop();
            }
            s => output.push(s),
        }
    }
    if path.starts_with('/') && output.first().is_none_or(|s| !s.is_empty()) {
        output.insert(0, "");
    }
    if path.ends_with("/.") || path.ends_with("/..") {
        output.push("");
    }
    output.join("/")
}

/// The host `host` is as an IPv4 address written in four parts, when it is
/// one to four dot-separated decimal numbers (no leading zeros) that fit
/// one, the last filling the octets left, a `.` after it dropped as the
/// WHATWG URL Standard drops it (`9.` is `0.0.0.9`); `None` for another
/// host or one already so written.
fn ipv4_of_numbers(host: &str) -> Option<String> {
    let numbers = host.strip_suffix('.').filter(|h| !h.is_empty());
    let parts: Vec<&str> = numbers.unwrap_or(host).split('.').collect();
    let decimal = |p: &&str| {
        !p.is_empty()
            && p.len() <= 10
            && p.bytes().all(|c| c.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'))
    };
    if parts.len() > 4 || !parts.iter().all(decimal) {
        return None;
    }
    let numbers: Vec<u64> = parts.iter().map(|p| p.parse().expect("digits")).collect();
    let (last, leading) = numbers.split_last()?;
    if leading.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - numbers.len())) {
        return None;
    }
    let mut address = leading.iter().fold(0u64, |a, &n| a << 8 | n);
    address = address << (8 * (5 - numbers.len())) | last;
    let octets = address.to_be_bytes();
    let written = format!("{}.{}.{}.{}", octets[4], octets[5], octets[6], octets[7]);
    (written != host).then_some(written)
}

/// Whether `host` ends in a number, as the WHATWG URL Standard's host
/// parser asks before it parses a host as IPv4: its last label (a last
/// empty one aside) is decimal digits, or `0x` and hex digits.
fn ends_in_a_number(host: &str) -> bool {
    let mut labels: Vec<&str> = host.split('.').collect();
    if labels.len() > 1 && labels.last() == Some(&"") {
        labels.pop();
    }
    let last = labels.last().copied().unwrap_or("");
    (!last.is_empty() && last.bytes().all(|c| c.is_ascii_digit()))
        || last
            .strip_prefix("0x")
            .or_else(|| last.strip_prefix("0X"))
            .is_some_and(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// `host` as the WHATWG URL Standard's IPv4 parser reads it, written in
/// four decimal parts; `None` where that parser fails. Each of one to four
/// parts is decimal, octal after a leading `0`, or hex after `0x` (empty
/// after it: 0); every part but the last is at most 255, and the last
/// fills the octets left. A last empty part is dropped.
fn whatwg_ipv4(host: &str) -> Option<String> {
    let mut parts: Vec<&str> = host.split('.').collect();
    // A last empty part, after at least one other, is dropped.
    if let [_, .., ""] = parts[..] {
        parts.pop();
    }
    if parts.len() > 4 {
        return None;
    }
    let number = |part: &str| -> Option<u64> {
        // `0x` or `0X` begins a hex part; a `0` and more, an octal one.
        let hex = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X"));
        let octal = part.strip_prefix('0').filter(|rest| !rest.is_empty());
        let (digits, radix) = match (hex, octal) {
            (Some(hex), _) => (hex, 16),
            (None, Some(octal)) => (octal, 8),
            (None, None) => (part, 10),
        };
        if part.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        // A number too large for 64 bits is too large for any part.
        Some(match digits {
            "" => 0,
            _ => u64::from_str_radix(digits, radix).unwrap_or(u64::MAX),
        })
    };
    let numbers: Vec<u64> = parts.iter().map(|p| number(p)).collect::<Option<_>>()?;
    let (last, leading) = numbers.split_last()?;
    if leading.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - numbers.len())) {
        return None;
    }
    let address = leading.iter().fold(0u64, |a, &n| a << 8 | n) << (8 * (5 - numbers.len())) | last;
    let octets = address.to_be_bytes();
    Some(format!(
        "{}.{}.{}.{}",
        octets[4], octets[5], octets[6], octets[7]
    ))
}

/// `url` with each percent-encoded unreserved character (RFC 3986 2.3:
/// ALPHA, DIGIT, `-`, `.`, `_`, `~`) of its host decoded (`in_host`), or of
/// everything but its host.
fn decode_unreserved_around_host(url: &str, in_host: bool) -> String {
    let c = parse(url);
    let (start, end) = match host(c.authority) {
        Some(h) => {
            let at = offset(url, host_and_port(c.authority.expect("a host has one")));
            (at, at + h.len())
        }
        None => (url.len(), url.len()),
    };
    let (before, inside, after) = (&url[..start], &url[start..end], &url[end..]);
    if in_host {
        format!("{before}{}{after}", decode_unreserved(inside))
    } else {
        format!(
            "{}{inside}{}",
            decode_unreserved(before),
            decode_unreserved(after)
        )
    }
}

/// `url` with each percent-encoding of its host (not an IP literal)
/// decoded where it is a printable ASCII character that is no WHATWG
/// forbidden host code point, nor `%`: one a host may hold as it is.
fn decode_host(url: &str) -> String {
    let c = parse(url);
    let (Some(authority), Some(h)) = (c.authority, host(c.authority)) else {
        return url.to_owned();
    };
    if h.starts_with('[') {
        return url.to_owned();
    }
    let at = offset(url, host_and_port(authority));
    let decoded = decode_picked(
        h,
        |c| c.is_ascii_graphic() && !b"#%/:<>?@[\\]^|".contains(&c),
        false,
    );
    format!("{}{decoded}{}", &url[..at], &url[at + h.len()..])
}

/// `url` with each percent-encoded unreserved character of its path,
/// query and fragment decoded, but a path segment that would then be `.`
/// or `..` written `%2e` or `%2e%2e`: data, not a dot segment.
fn decode_unreserved_but_dot_segments(url: &str) -> String {
    let c = parse(url);
    let path: Vec<String> = c
        .path
        .split('/')
        .map(|segment| match decode_unreserved(segment) {
            dots if segment.contains('%') && (dots == "." || dots == "..") => {
                "%2e".repeat(dots.len())
            }
            decoded => decoded,
        })
        .collect();
    let query = c.query.map(decode_unreserved);
    let fragment = c.fragment.map(decode_unreserved);
    replace_path_query_fragment(url, &path.join("/"), query.as_deref(), fragment.as_deref())
}

/// `url` with its path, query and fragment percent-encoding normalized
/// (each unreserved character decoded, the hex digits of the others
/// upper-cased), but each `%2E` of its path kept and upper-cased.
fn normalize_encoding_but_path_dots(url: &str) -> String {
    let c = parse(url);
    let unreserved = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~');
    let path = decode_picked(c.path, |c| c != b'.' && unreserved(c), true);
    let query = c.query.map(|q| decode_picked(q, unreserved, true));
    let fragment = c.fragment.map(|f| decode_picked(f, unreserved, true));
    replace_path_query_fragment(url, &path, query.as_deref(), fragment.as_deref())
}

/// `url` with each percent-encoded unreserved character decoded (RFC
/// 3986 2.3), everywhere (the deviation `unreserved-decoded`).
fn decode_unreserved(url: &str) -> String {
    decode_picked(
        url,
        |c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~'),
        false,
    )
}

/// `url` (whose scheme is `scheme_of_base` when it has none) with the
/// slashes after an empty authority skipped, when its scheme is special:
/// `///g` is `//g`, `http:///s//a` is `http://s//a`.
fn skip_extra_slashes(url: &str, scheme_of_base: Option<&str>) -> String {
    let c = parse(url);
    let scheme = c.scheme.or(scheme_of_base);
    if !scheme.is_some_and(special) || c.authority != Some("") || !c.path.starts_with('/') {
        return url.to_owned();
    }
    let at = c.scheme.map_or(0, |s| s.len() + 1);
    let path_at = offset(url, c.path);
    format!("{}//{}", &url[..at], url[path_at..].trim_start_matches('/'))
}

fn drop_empty_query(url: &str) -> String {
    let c = parse(url);
    match c.query {
        Some("") => {
            let at = offset(url, c.path) + c.path.len();
            format!("{}{}", &url[..at], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

fn drop_empty_fragment(url: &str) -> String {
    match url.strip_suffix('#') {
        Some(rest) if parse(url).fragment == Some("") => rest.to_owned(),
        _ => url.to_owned(),
    }
}

/// Without the `//` of an empty authority: `http:///g` is `http:/g`, and
/// `////g` is `//g`, which parses again with the authority `g`.
fn drop_empty_authority(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some("") => {
            let at = c.scheme.map_or(0, |s| s.len() + 1);
            format!("{}{}", &url[..at], &url[at + 2..])
        }
        _ => url.to_owned(),
    }
}

/// `url` without the `;` that ends its path.
fn drop_empty_params(url: &str) -> String {
    match parse(url).path.strip_suffix(';') {
        Some(path) => replace_path(url, path),
        None => url.to_owned(),
    }
}

/// `url` without the `:` of an empty port: `http://a:/b` is `http://a/b`.
fn drop_empty_port(url: &str) -> String {
    let c = parse(url);
    match c.authority {
        Some(authority) if host_and_port(authority).ends_with(':') => {
            let end = offset(url, authority) + authority.len();
            format!("{}{}", &url[..end - 1], &url[end..])
        }
        _ => url.to_owned(),
    }
}

/// `url` with a port of zeros dropped, and its `:`: `http://a:0/` is
/// `http://a/`.
fn drop_port_zero(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    match port(authority) {
        Some(p) if !p.is_empty() && p.bytes().all(|d| d == b'0') => {
            let end = offset(url, authority) + authority.len();
            format!("{}{}", &url[..end - p.len() - 1], &url[end..])
        }
        _ => url.to_owned(),
    }
}

/// The port of an authority: the digits after the host's `:`, if it has
/// one.
fn port(authority: &str) -> Option<&str> {
    let rest = host_and_port(authority);
    let host = host(Some(authority)).unwrap_or("");
    rest[host.len()..].strip_prefix(':')
}

/// `reference` (resolved against `base`) with the empty or absent parts of
/// its authority (userinfo, host, port) taken from the base's; an
/// authority with nothing in it is taken for none.
fn merge_authority_by_part(base: &str, reference: &str) -> String {
    let r = parse(reference);
    let Some(authority) = r.authority.filter(|_| r.scheme.is_none()) else {
        return reference.to_owned();
    };
    fn userinfo(a: &str) -> Option<&str> {
        a.rfind('@').map(|at| &a[..at])
    }
    let start = offset(reference, authority);
    let end = start + authority.len();
    let empty = |part: Option<&str>| part.is_none_or(str::is_empty);
    if empty(userinfo(authority)) && empty(host(Some(authority))) && empty(port(authority)) {
        // Nothing in it: the path that follows is the reference's.
        return format!("{}{}", &reference[..start - 2], &reference[end..]);
    }
    let b = parse(base).authority;
    fn pick<'a>(mine: Option<&'a str>, theirs: Option<&'a str>) -> Option<&'a str> {
        mine.filter(|p| !p.is_empty())
            .or(theirs.filter(|p| !p.is_empty()))
    }
    let user = pick(userinfo(authority), b.and_then(userinfo));
    let host = pick(host(Some(authority)), host(b));
    let port = pick(port(authority), b.and_then(port));
    let mut merged = String::new();
    if let Some(user) = user {
        merged.push_str(user);
        merged.push('@');
    }
    merged.push_str(host.unwrap_or(""));
    if let Some(port) = port {
        merged.push(':');
        merged.push_str(port);
    }
    format!("{}{merged}{}", &reference[..start], &reference[end..])
}

/// Whether Node's url module knows `scheme` to be slashed.
fn slashed(scheme: &str) -> bool {
    ["http", "https", "ftp", "gopher", "file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The path reference `r` resolved against `b` (which has an authority)
/// with the host as the first segment of the path: segments merged as
/// 5.2.3 does, dot segments removed on a stack that stops at its bottom,
/// and the first segment left the host.
fn resolve_host_as_segment(b: &Components<'_>, r: &Components<'_>) -> String {
    // Without `//`, the first segment of the base's path is read as its
    // authority, and the result is written without `//` too.
    let (authority, base_path, slashes) = match b.authority {
        Some(authority) => (authority, b.path, "//"),
        None => {
            let end = b.path.find('/').unwrap_or(b.path.len());
            (&b.path[..end], &b.path[end..], "")
        }
    };
    let old_host = host(Some(authority)).unwrap_or("");
    let out = host_and_segments(old_host, base_path, r.path);
    let mut url = format!("{}:{slashes}", b.scheme.unwrap_or(""));
    write_host_as_segment(&mut url, authority, old_host, &out);
    if let Some(query) = r.query {
        url.push('?');
        url.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        url.push('#');
        url.push_str(fragment);
    }
    url
}

/// For [`resolve_host_as_segment`]: the segments of `path` merged with
/// `base_path` under the host `old_host`, its dot segments removed; the
/// first is the new host.
fn host_and_segments<'a>(old_host: &'a str, base_path: &'a str, path: &'a str) -> Vec<&'a str> {
    // An absolute path leaves the host empty, and its `..` cannot climb
    // into it.
    let floor = usize::from(path.starts_with('/'));
    let segments: Vec<&str> = if path.starts_with('/') {
        path.split('/').collect()
    } else {
        let mut merged: Vec<&str> = std::iter::once(old_host)
            .chain(base_path.split('/').skip(1))
            .collect();
        merged.pop();
        merged.extend(path.split('/'));
        merged
    };
    let mut out: Vec<&str> = Vec::new();
    for segment in &segments {
        match *segment {
            "." => {}
            ".." => {
                if out.len() > floor {
                    out.pop();
                }
            }
            kept => out.push(kept),
        }
    }
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        out.push("");
    }
    out
}

/// For [`resolve_host_as_segment`]: the host and path of `out` (the new
/// host, then the segments) written to `url`, with the userinfo of the
/// base's `authority` before a host, and its port after `old_host` kept.
fn write_host_as_segment(url: &mut String, authority: &str, old_host: &str, out: &[&str]) {
    let new_host = out.first().copied().unwrap_or("");
    if !new_host.is_empty() {
        if let Some(at) = authority.rfind('@') {
            url.push_str(&authority[..=at]);
        }
    }
    url.push_str(new_host);
    if new_host == old_host {
        if let Some(port) = port(authority) {
            url.push(':');
            url.push_str(port);
        }
    }
    for segment in out.iter().skip(1) {
        url.push('/');
        url.push_str(segment);
    }
}

/// `reference`, when it has no scheme, without the userinfo of its
/// authority.
fn drop_reference_userinfo(reference: &str) -> String {
    let r = parse(reference);
    match (
        r.scheme,
        r.authority.and_then(|a| a.rfind('@').map(|at| (a, at))),
    ) {
        (None, Some((authority, at))) => {
            let start = offset(reference, authority);
            format!("{}{}", &reference[..start], &reference[start + at + 1..])
        }
        _ => reference.to_owned(),
    }
}

/// `reference`, when it has a scheme, no authority and an absolute path,
/// with the base's userinfo and host for its authority.
fn take_base_host(base: &str, reference: &str) -> String {
    let r = parse(reference);
    let b = parse(base).authority;
    match (r.scheme, r.authority, b, host(b)) {
        (Some(scheme), None, Some(authority), Some(host)) if r.path.starts_with('/') => {
            let user = authority.rfind('@').map_or("", |at| &authority[..=at]);
            format!("{scheme}://{user}{host}{}", &reference[scheme.len() + 1..])
        }
        _ => reference.to_owned(),
    }
}

/// `reference` with its empty authority replaced by the base's.
fn authority_from_base(base: &str, reference: &str) -> String {
    let r = parse(reference);
    match (r.scheme, r.authority, parse(base).authority) {
        (None, Some(""), Some(authority)) => format!("//{authority}{}", &reference[2..]),
        _ => reference.to_owned(),
    }
}

/// `url`, when its scheme is not one Node's url module knows to be slashed
/// (http, https, ftp, gopher, file) and it has no authority, with the first
/// segment of its path read as an authority: the host lower-cased, an
/// empty port dropped.
fn parse_opaque_authority(url: &str) -> String {
    let c = parse(url);
    let Some(scheme) = c.scheme else {
        return url.to_owned();
    };
    if c.authority.is_some() || c.path.is_empty() || c.path.starts_with('/') || slashed(scheme) {
        return url.to_owned();
    }
    let first = c.path.split('/').next().unwrap_or("");
    let start = offset(url, c.path);
    let (user, rest) = match first.rfind('@') {
        Some(at) => (&first[..=at], &first[at + 1..]),
        None => ("", first),
    };
    // The port is the digits after the last `:`; the host ends at a `:`
    // before it, and what follows that starts the path.
    let (rest, port) = match rest.rfind(':') {
        Some(colon) if rest[colon + 1..].bytes().all(|d| d.is_ascii_digit()) => {
            (&rest[..colon], &rest[colon..])
        }
        _ => (rest, ""),
    };
    let (host, moved) = rest.split_at(rest.find(':').unwrap_or(rest.len()));
    let port = if port == ":" { "" } else { port };
    // Userinfo is written only before a host.
    let user = if host.is_empty() { "" } else { user };
    let slash = if moved.is_empty() { "" } else { "/" };
    format!(
        "{}{user}{}{port}{slash}{moved}{}",
        &url[..start],
        host.to_ascii_lowercase(),
        &url[start + first.len()..]
    )
}

/// `url` with the leading zeros of its port dropped, one `0` left of a
/// port of zeros: `http://a:080` is `http://a:80`.
fn strip_port_zeros(url: &str) -> String {
    let c = parse(url);
    let Some(authority) = c.authority else {
        return url.to_owned();
    };
    let Some(host) = host(Some(authority)) else {
        return url.to_owned();
    };
    let rest = host_and_port(authority);
    let Some(port) = rest[host.len()..].strip_prefix(':') else {
        return url.to_owned();
    };
    if !port.starts_with('0') || port.len() < 2 || !port.bytes().all(|b| b.is_ascii_digit()) {
        return url.to_owned();
    }
    let kept = port.trim_start_matches('0');
    let kept = if kept.is_empty() { "0" } else { kept };
    let end = offset(url, authority) + authority.len();
    format!("{}{kept}{}", &url[..end - port.len()], &url[end..])
}

/// `url` with the hexadecimal digits of each percent-encoding upper-cased.
fn uppercase_percent_hex(url: &str) -> String {
    let mut out = url.to_owned();
    let bytes = url.as_bytes();
    for at in 0..bytes.len() {
        let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
        if bytes[at] == b'%' && hex(at + 1) && hex(at + 2) {
            out[at + 1..at + 3].make_ascii_uppercase();
        }
    }
    out
}

/// `url` with each run of `/` inside its path made one.
fn collapse_empty_segments(url: &str) -> String {
    let c = parse(url);
    let mut path = String::with_capacity(c.path.len());
    for ch in c.path.chars() {
        if ch == '/' && path.ends_with('/') {
            continue;
        }
        path.push(ch);
    }
    // A path that now starts with `//` cannot happen: runs are one `/`.
    replace_path(url, &path)
}

/// Whether the path RFC 3986 5.2.2 gives to remove_dot_segments is
/// rootless: a reference's own path with a scheme or authority, or the
/// merge of a rootless base path.
fn dots_input_is_rootless(b: &Components<'_>, r: &Components<'_>) -> bool {
    if r.scheme.is_some() || r.authority.is_some() {
        return !r.path.is_empty() && !r.path.starts_with('/');
    }
    if r.path.is_empty() || r.path.starts_with('/') {
        return false;
    }
    // 5.2.3: a base with an authority and an empty path gives `/` + R.path.
    !(b.path.starts_with('/') || (b.authority.is_some() && b.path.is_empty()))
}

/// `base` with a `/` before a path that has none, when it has no authority.
fn root_the_base(base: &str) -> String {
    let b = parse(base);
    if b.scheme.is_none() || b.authority.is_some() || b.path.starts_with('/') {
        return base.to_owned();
    }
    replace_path(base, &format!("/{}", b.path))
}

/// `base`, when `reference` is a path to merge with it (no authority, a
/// path not starting with `/`) and its path has no `/`, with that path
/// cut before its last character and ended with `/`: merged as RFC 3986
/// 5.2.3 merges a path that has one, `bar` + `g` is `ba/g`, and an empty
/// path gives `/g`.
fn cut_slashless_base(base: &str, reference: &str) -> String {
    let (b, r) = (parse(base), parse(reference));
    let same_scheme = match (r.scheme, b.scheme) {
        (None, _) => true,
        (Some(r), Some(b)) => r.eq_ignore_ascii_case(b),
        (Some(_), None) => false,
    };
    if !same_scheme
        || r.authority.is_some()
        || r.path.is_empty()
        || r.path.starts_with('/')
        || b.authority.is_some()
        || b.path.contains('/')
    {
        return base.to_owned();
    }
    let mut path = b.path.to_owned();
    path.pop();
    path.push('/');
    replace_path(base, &path)
}

/// Stand-ins for the base's `.` and `..` segments, which remove_dot_segments
/// takes for names.
const DOT: &str = "\u{2}";
const DOT_DOT: &str = "\u{3}";

/// The reference resolver's answer with the base path's dot segments
/// taken for names, then written back.
fn resolve_keeping_base_dots(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let b = parse(base);
    let segments: Vec<&str> = b
        .path
        .split('/')
        .map(|s| match s {
            "." => DOT,
            ".." => DOT_DOT,
            s => s,
        })
        .collect();
    let stand_in = replace_path(base, &segments.join("/"));
    let resolved = reference_resolver(&stand_in, reference)?;
    Ok(resolved.replace(DOT_DOT, "..").replace(DOT, "."))
}

/// A marker segment, which no resolver changes, put below the root so that
/// the `..` that would climb above it stay visible.
const BELOW_ROOT: &str = "\u{1}";

/// The reference resolver's answer with every `..` that climbs above the
/// root kept: the base path (or a rooted reference path) is resolved below
/// as many marker segments as the reference has `..`, and each marker left
/// in the answer is a `..` the spec removed.
fn resolve_keeping_above_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let (b, r) = (parse(base), parse(reference));
    let climbs = reference.matches("..").count();
    // 5.2.3: a base with an authority and an empty path merges as `/`.
    let base_path = match b.path {
        "" if b.authority.is_some() => "/",
        path => path,
    };
    if r.authority.is_some() {
        return reference_resolver(base, reference);
    }
    if let Some(scheme) = r.scheme {
        return keep_above_own_root(reference_resolver, base, reference, scheme);
    }
    if !base_path.starts_with('/') {
        return keep_above_rootless_root(reference_resolver, base, reference);
    }
    if climbs == 0 {
        return reference_resolver(base, reference);
    }
    let below = format!("/{BELOW_ROOT}").repeat(climbs);
    let deeper_base = replace_path(base, &format!("{below}{base_path}"));
    let deeper_reference = if r.path.starts_with('/') {
        replace_path(reference, &format!("{below}{}", r.path))
    } else {
        reference.to_owned()
    };
    let resolved = reference_resolver(&deeper_base, &deeper_reference)?;
    let marker = format!("/{BELOW_ROOT}");
    let out = parse(&resolved);
    let mut path = out.path;
    let mut kept = 0;
    while let Some(rest) = path.strip_prefix(&marker) {
        path = rest;
        kept += 1;
    }
    let above = "/..".repeat(climbs - kept);
    // A last `..` that climbed out leaves the `/` of rule C: `/..` kept
    // is `/..`, not `/../`.
    if path == "/" && kept < climbs && r.path.ends_with("..") {
        path = "";
    }
    Ok(replace_path(&resolved, &format!("{above}{path}")))
}

/// [`resolve_keeping_above_root`] for a base with a rootless or empty path
/// (and no authority): a reference path merged with it keeps each `..` that
/// climbs above its first segment, written before the rest without a `/`
/// (`foo:a` + `../g` is `foo:../g`, `foo:a/b` + `../..` is `foo:../`,
/// `foo:` + `..` is `foo:../`), the base's own `..` as well (`foo:./../`
/// + `a` is `foo:../a`).
fn keep_above_rootless_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
) -> Result<String, String> {
    let r = parse(reference);
    let b = parse(base);
    // Each segment of the reference, and of the base's path but its last
    // (which the merge drops), can climb once at most: a `..`, or a `%2E%2E`
    // that a reading decodes.
    let directory = b
        .path
        .rsplit_once('/')
        .map_or("", |(directory, _)| directory);
    let climbs = reference.split('/').chain(directory.split('/')).count();
    if r.path.is_empty() || r.path.starts_with('/') {
        return reference_resolver(base, reference);
    }
    // One marker more than can be climbed keeps the path from starting
    // with `/` (rule C's, after the last marker) and so from `//`, which
    // would be read back as an authority.
    let marker = format!("{BELOW_ROOT}/");
    let deeper_base = replace_path(base, &format!("{}{}", marker.repeat(climbs + 1), b.path));
    let resolved = reference_resolver(&deeper_base, reference)?;
    let out = parse(&resolved);
    let mut path = out.path;
    let mut kept: usize = 0;
    while let Some(rest) = path.strip_prefix(&marker) {
        path = rest;
        kept += 1;
    }
    // The marker that cannot be climbed is still there.
    let Some(kept) = kept.checked_sub(1) else {
        return reference_resolver(base, reference);
    };
    if kept == climbs {
        // Nothing climbed out: the answer is the reference's own.
        return reference_resolver(base, reference);
    }
    Ok(replace_path(
        &resolved,
        &format!("{}{path}", "../".repeat(climbs - kept)),
    ))
}

/// [`resolve_keeping_above_root`] for a reference with a scheme. 5.2.2
/// removes the dot segments of its own path: a rooted one keeps none above
/// its root, and a rootless one keeps each `..` with nothing before it to
/// remove, as a rootless base path merged with it does (`foo:..` is
/// `foo:../`, `foo:a/../../g` is `foo:../g`). A reading that merges a
/// reference with the base's scheme (`same-scheme=non-strict`) gives it the
/// base's, as a merged path.
fn keep_above_own_root(
    reference_resolver: Reference<'_>,
    base: &str,
    reference: &str,
    scheme: &str,
) -> Result<String, String> {
    let path = parse(reference).path;
    if path.is_empty() || path.starts_with('/') {
        return reference_resolver(base, reference);
    }
    // `./` keeps a first segment with a `:` from being read as a scheme.
    let relative = format!("./{}", &reference[scheme.len() + 1..]);
    if merges_scheme(reference_resolver, parse(base).scheme, scheme)? {
        return resolve_keeping_above_root(reference_resolver, base, &relative);
    }
    // Merged with a one-segment rootless base, the path is its own.
    let resolved =
        resolve_keeping_above_root(reference_resolver, &format!("{scheme}:x"), &relative)?;
    let rest = resolved.split_once(':').map_or("", |(_, rest)| rest);
    Ok(format!("{scheme}:{rest}"))
}

/// Whether the reading at hand merges a reference of `scheme` (with no
/// authority) against a base of `base_scheme`, as a relative reference:
/// RFC 3986 5.2.2's non-strict parser, when they are the same. Asked of a
/// case where merging shows.
fn merges_scheme(
    reference_resolver: Reference<'_>,
    base_scheme: Option<&str>,
    scheme: &str,
) -> Result<bool, String> {
    let Some(base_scheme) = base_scheme else {
        return Ok(false);
    };
    let strictly = format!("{scheme}:g");
    Ok(base_scheme.eq_ignore_ascii_case(scheme)
        && reference_resolver(&format!("{base_scheme}:/p/q"), &strictly)? != strictly)
}

/// What [`explain`] found for one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Explanation {
    /// The reference gives the answer under some reading: no deviation.
    Conforms,
    /// The smallest set of deviations with which the reference gives it.
    By(Set),
    /// No set of at most [`MAX_SET`] deviations gives it, nor of at most
    /// [`MAX_LISTED_SET`] listed ones.
    Unexplained,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Conforms => f.write_str("conforms"),
            Explanation::By(set) => write!(f, "explained by {set}"),
            Explanation::Unexplained => f.write_str("unexplained"),
        }
    }
}

/// The most deviations one explanation holds, but for listed ones.
pub const MAX_SET: usize = 3;

/// The most deviations one explanation holds when all of them are listed:
/// the causes a library is known to have meet more often than any others.
pub const MAX_LISTED_SET: usize = 5;

/// How many sets [`explain`] checks under every reading before it checks
/// the rest under one reading of each group that agrees on the input.
const SETS_UNDER_EVERY_READING: usize = 4;

/// The smallest set of deviations (of those that depart from the spec
/// whose readings `readings` are, as in [`Id::departs_from`])
/// with which the reference, under one of `readings`, gives `answer` (a
/// URL, or `Err` for a rejection) for `reference` against `base`.
///
/// The deviations of `listed` are tried first, so that an answer they
/// explain is explained by them when another set of the same size would do
/// too; among sets of one size, the first in catalogue order wins. Only the
/// deviations that change something for this input, alone, are searched:
/// an input transform that changes the input, or an answer that differs
/// from the reference's.
pub fn explain(
    readings: &[Reference<'_>],
    spec: Spec,
    base: &str,
    reference: &str,
    answer: Result<&str, ()>,
    listed: Set,
) -> Explanation {
    // Sets that differ only in what they do after resolving give the
    // reference the same input: each reading resolves each input once.
    let memos: Vec<Memo> = readings.iter().map(|_| Memo::default()).collect();
    let remembering: Vec<_> = readings
        .iter()
        .zip(&memos)
        .map(|(&reading, memo)| remembered(reading, memo))
        .collect();
    let readings: Vec<Reference<'_>> = remembering.iter().map(|r| r as Reference<'_>).collect();
    let search = Search {
        base,
        reference,
        answer,
        listed,
        wanted: Wanted::new(answer),
    };
    if search.gives_under(&readings, Set::EMPTY) {
        return Explanation::Conforms;
    }
    let departing: Vec<Id> = Id::ALL
        .iter()
        .copied()
        .filter(|id| id.departs_from(spec))
        .collect();
    let (transforms, for_all) = search.input_transforms(&departing);
    let grouped = search.grouped(&readings, &transforms, spec);
    let relevant = search.relevant(&departing, &grouped, &transforms, for_all);
    search.smallest_set(&readings, &grouped, &relevant)
}

/// [`explain`] for a parse with no base (an absolute parse, the URL
/// Standard's `new URL(input)`), under the URL Standard: the smallest set
/// of its changes undone that gives `answer`. `None` under the RFCs, whose
/// deviations model resolutions against a base.
///
/// Each change undone changes the answer alone, so no two sets of one size
/// give the same answer, and which is listed does not decide between them.
pub fn explain_parse(spec: Spec, input: &str, answer: Result<&str, ()>) -> Option<Explanation> {
    if spec != Spec::Whatwg {
        return None;
    }
    let wanted = Wanted::new(answer);
    let gives = |set: Set| {
        let undone = undone_changes(set).unwrap_or_default();
        let parsed = crate::whatwg::parse_undoing(input, None, undone)
            .map(|url| url.href())
            .map_err(|why| why.to_string());
        wanted.given_by(set, &parsed)
    };
    // Every set of the deviations from the spec, the smallest first: the
    // empty one is the standard itself.
    let mut sets = vec![Set::EMPTY];
    for id in Id::ALL.iter().copied().filter(|id| id.departs_from(spec)) {
        let with: Vec<Set> = sets.iter().map(|set| set.with(id)).collect();
        sets.extend(with);
    }
    sets.sort_by_key(|set| set.len());
    Some(match sets.into_iter().find(|&set| gives(set)) {
        Some(Set::EMPTY) => Explanation::Conforms,
        Some(set) => Explanation::By(set),
        None => Explanation::Unexplained,
    })
}

/// What one reading resolved: keyed by a hash of the input, so that a
/// look-up allocates nothing; the input is kept beside the answer and
/// compared.
type Memo = RefCell<HashMap<u64, Vec<(String, String, Result<String, String>)>>>;

/// `reading`, remembering in `memo` what it resolved, for [`explain`].
fn remembered<'a>(
    reading: Reference<'a>,
    memo: &'a Memo,
) -> impl Fn(&str, &str) -> Result<String, String> + 'a {
    move |b: &str, r: &str| {
        let mut hasher = std::hash::DefaultHasher::new();
        (b, r).hash(&mut hasher);
        let key = hasher.finish();
        if let Some(seen) = memo.borrow().get(&key) {
            if let Some((_, _, answer)) = seen.iter().find(|(sb, sr, _)| sb == b && sr == r) {
                return answer.clone();
            }
        }
        let answer = reading(b, r);
        memo.borrow_mut().entry(key).or_default().push((
            b.to_owned(),
            r.to_owned(),
            answer.clone(),
        ));
        answer
    }
}

/// The answer [`explain`] explains, and the input that gave it: what each
/// phase of its search asks of.
struct Search<'a> {
    base: &'a str,
    reference: &'a str,
    answer: Result<&'a str, ()>,
    listed: Set,
    wanted: Wanted<'a>,
}

impl Search<'_> {
    /// Whether the reference, with the deviations of `set`, gives the
    /// answer under one of `readings`.
    fn gives_under(&self, readings: &[Reference<'_>], set: Set) -> bool {
        readings.iter().any(|r| {
            self.wanted
                .given_by(set, &resolve(*r, set, self.base, self.reference))
        })
    }

    /// The baselines of the search: no transform, each transform of
    /// `departing` that changes this input, and the listed ones followed
    /// as far as they reach; with how many of them every deviation is
    /// searched against (the listed ones are searched against all).
    fn input_transforms(&self, departing: &[Id]) -> (Vec<Set>, usize) {
        let (base, reference, listed) = (self.base, self.reference, self.listed);
        // The input transforms that change this input: a deviation that
        // changes nothing alone may change what one of them leaves (`//` taken
        // for none, then the empty reference that is left).
        let mut transforms: Vec<Set> = std::iter::once(Set::EMPTY)
            .chain(
                departing
                    .iter()
                    .filter(|&&id| changes_input(id, base, reference))
                    .map(|&id| Set::of(&[id])),
            )
            .collect();
        // And the listed ones together, as far as they reach: a deviation may
        // change something only after several (`//#` taken for nothing only
        // once both its empty fragment and its empty authority are dropped),
        // and a listed transform may change only what others leave (`a://:`
        // is `a://` once its empty port is dropped, `a:` once its empty
        // authority is too, and only then a base with no `/` to cut at).
        // Each step is a baseline of its own. Past the first, they are the
        // listed model followed further, and only the listed deviations are
        // searched against them: a cause not known yet is looked for in what
        // the input and each step of it alone leave, not in what a chain of
        // known ones makes of it.
        let mut listed_transforms = Set::EMPTY;
        let mut for_all = None;
        loop {
            let (b, r) = transformed_input(listed_transforms, base, reference);
            let more = departing
                .iter()
                .filter(|&&id| listed.has(id) && !listed_transforms.has(id))
                .filter(|&&id| changes_input(id, &b, &r))
                .fold(Set::EMPTY, |more, &id| more.with(id));
            if more.is_empty() {
                break;
            }
            listed_transforms = listed_transforms.union(more);
            if !transforms.contains(&listed_transforms) {
                transforms.push(listed_transforms);
            }
            for_all.get_or_insert(transforms.len());
        }
        let for_all = for_all.unwrap_or(transforms.len());
        (transforms, for_all)
    }

    /// One reading of each group of `readings` that give the same answers
    /// here, with each of `transforms` and each deviation of `spec` that
    /// asks the reading about other inputs.
    fn grouped<'r>(
        &self,
        readings: &[Reference<'r>],
        transforms: &[Set],
        spec: Spec,
    ) -> Vec<Reference<'r>> {
        // The search runs under one reading of each group of readings that
        // give the same answers here: to the input, to what each input
        // transform leaves of it, and with each deviation that asks the
        // reading about other inputs. Readings that agree on all of these
        // almost always agree under a set of them too (RFC 3986 has 1536
        // choices, and an input tells few apart); where two would not, a set
        // can be missed, leaving the answer unexplained or explained by a
        // larger set, but no set is named that does not give it: each is
        // checked under a real reading. The first sets are checked under every
        // reading.
        let probes: Vec<Set> = transforms
            .iter()
            .copied()
            .chain(
                [Id::AboveRootKept, Id::BaseDotsKept, Id::BaseFragmentKept]
                    .into_iter()
                    .filter(|id| id.departs_from(spec))
                    .map(|id| Set::of(&[id])),
            )
            .collect();
        let mut seen = std::collections::HashSet::new();
        readings
            .iter()
            .copied()
            .filter(|r| {
                seen.insert(
                    probes
                        .iter()
                        .map(|&p| resolve(*r, p, self.base, self.reference))
                        .collect::<Vec<_>>(),
                )
            })
            .collect()
    }

    /// The deviations of `departing` that change something for this input,
    /// alone, under one of `grouped`: against each of `transforms` for a
    /// listed one, against the first `for_all` for the others.
    fn relevant(
        &self,
        departing: &[Id],
        grouped: &[Reference<'_>],
        transforms: &[Set],
        for_all: usize,
    ) -> Vec<Id> {
        let (base, reference) = (self.base, self.reference);
        // A deviation may change something only under a reading that is not
        // the default (`x:a` against `x:../a/` merges only when a reference
        // with the base's scheme is not strictly absolute): whether it does is
        // asked of each group, against what each transform alone gives there.
        let after: Vec<Vec<_>> = grouped
            .iter()
            .map(|reading| {
                transforms
                    .iter()
                    .map(|&t| resolve(*reading, t, base, reference))
                    .collect()
            })
            .collect();
        departing
            .iter()
            .copied()
            .filter(|&id| {
                // A rewritten encoding may decode what the reference keeps:
                // where neither the input nor the answer has a `%`, it decodes
                // only what it encoded, and changes nothing.
                (id == Id::PercentEncodingRewritten
                    && [base, reference, self.answer.unwrap_or("")]
                        .iter()
                        .any(|s| s.contains('%')))
                    || grouped.iter().zip(&after).any(|(reading, after)| {
                        let searched = if self.listed.has(id) {
                            after.len()
                        } else {
                            for_all
                        };
                        transforms
                            .iter()
                            .zip(after)
                            .take(searched)
                            .any(|(&t, gives)| {
                                t.has(id)
                                    || resolve(*reading, t.with(id), base, reference) != *gives
                            })
                    })
            })
            .collect()
    }

    /// The search itself: the smallest set of `relevant` that gives the
    /// answer, the listed ones first; the first sets are checked under
    /// every one of `readings`, the rest under one of each of `grouped`.
    fn smallest_set(
        &self,
        readings: &[Reference<'_>],
        grouped: &[Reference<'_>],
        relevant: &[Id],
    ) -> Explanation {
        let first: Vec<Id> = relevant
            .iter()
            .copied()
            .filter(|&id| self.listed.has(id))
            .collect();
        let checked = std::cell::Cell::new(0);
        let gives = |set: Set| {
            checked.set(checked.get() + 1);
            let under = if checked.get() <= SETS_UNDER_EVERY_READING {
                readings
            } else {
                grouped
            };
            self.gives_under(under, set)
        };
        for pool in [&first[..], relevant] {
            for size in 1..=MAX_SET.min(pool.len()) {
                if let Some(set) = subsets(pool, size).find(|&set| gives(set)) {
                    return Explanation::By(set);
                }
            }
        }
        // Causes a library is known to have compose however many meet in one
        // case (a reference left unresolved, its empty fragment dropped, its
        // scheme lower-cased and an authority added): larger sets of the
        // listed ones only.
        for size in MAX_SET + 1..=MAX_LISTED_SET.min(first.len()) {
            if let Some(set) = subsets(&first, size).find(|&set| gives(set)) {
                return Explanation::By(set);
            }
        }
        Explanation::Unexplained
    }
}

/// Whether `id` is an input transform that changes this input.
fn changes_input(id: Id, base: &str, reference: &str) -> bool {
    let changed = |f: fn(&str) -> String| f(base) != base || f(reference) != reference;
    // For a transform that reads a reference's missing scheme as the base's.
    let changed_beside_base = |f: fn(&str, Option<&str>) -> String| {
        f(base, None) != base || f(reference, parse(base).scheme) != reference
    };
    match id {
        Id::EmptyQueryDropped => changed(drop_empty_query),
        Id::EmptyFragmentDropped => changed(drop_empty_fragment),
        Id::EmptyAuthorityDropped => changed(drop_empty_authority),
        Id::EmptySegmentsCollapsed => changed(collapse_empty_segments),
        Id::EmptyParamsDropped => changed(drop_empty_params),
        Id::EmptyPortDropped => changed(drop_empty_port),
        Id::PercentHexUppercased => changed(uppercase_percent_hex),
        Id::PortZerosStripped => changed(strip_port_zeros),
        Id::RootlessBaseRooted => root_the_base(base) != base,
        Id::BaseDotsPopped => pop_base_dots(base) != base,
        Id::SlashlessBaseLosesLastCharacter => cut_slashless_base(base, reference) != base,
        Id::EmptyReferenceMerged => reference.is_empty() || reference.starts_with('#'),
        Id::UnreservedDecoded => changed(decode_unreserved),
        Id::ReservedDecoded => changed(decode_reserved),
        Id::InvalidUtf8Replaced => changed(replace_invalid_utf8),
        Id::HostEndedEarly => changed(end_host_early),
        Id::SingleSlashAuthority => changed(single_slash_authority),
        Id::UserinfoDroppedWithoutHost => changed(drop_userinfo_without_host),
        Id::FileHostRejected => changed_beside_base(drop_localhost),
        Id::OpaqueBasePathDropped => drop_opaque_path(base) != base,
        Id::FileAuthorityHostOnly => changed_beside_base(file_authority_host_only),
        Id::TripleSlashIsPath => reference.starts_with("///"),
        Id::EmptyAuthorityFromBase => authority_from_base(base, reference) != reference,
        Id::ReferenceUserinfoDropped => drop_reference_userinfo(reference) != reference,
        Id::SchemeReferenceTakesBaseHost => take_base_host(base, reference) != reference,
        Id::OpaqueAuthorityParsed => changed(parse_opaque_authority),
        Id::PortZeroDropped => changed(drop_port_zero),
        Id::AuthorityMergedByPart => merge_authority_by_part(base, reference) != reference,
        Id::UnreservedDecodedExceptDotSegments => changed(decode_unreserved_but_dot_segments),
        Id::UnreservedDecodedButPathDots => changed(normalize_encoding_but_path_dots),
        Id::EmptyAuthorityIgnored => changed(ignore_empty_authority),
        Id::AuthorityWithoutSlashes => changed_beside_base(slashes_implied),
        Id::ExtraSlashesSkipped => changed_beside_base(skip_extra_slashes),
        _ => false,
    }
}

/// Every set of `size` deviations of `pool`, in lexicographic order.
fn subsets(pool: &[Id], size: usize) -> impl Iterator<Item = Set> + '_ {
    let n = pool.len();
    let mut indices: Vec<usize> = (0..size).collect();
    let mut done = size > n;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let set = Set::of(&indices.iter().map(|&i| pool[i]).collect::<Vec<_>>());
        // The next combination.
        let mut i = size;
        loop {
            if i == 0 {
                done = true;
                break;
            }
            i -= 1;
            if indices[i] < n - size + i {
                indices[i] += 1;
                for j in i + 1..size {
                    indices[j] = indices[j - 1] + 1;
                }
                break;
            }
        }
        Some(set)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986;

    fn rfc3986(base: &str, reference: &str) -> Result<String, String> {
        Ok(rfc3986::resolve(base, reference))
    }

    const BASE: &str = "http://a/b/c/d;p?q";
    /// The base of RFC 3986 5.4 with a fragment.
    const BASE_F: &str = "http://a/b/c/d;p?q#f";

    fn run(ids: &[Id], base: &str, reference: &str) -> Result<String, String> {
        resolve(&rfc3986, Set::of(ids), base, reference)
    }

    /// The URL Standard's reference.
    fn whatwg(base: &str, input: &str) -> Result<String, String> {
        crate::whatwg::resolve(base, input)
    }

    #[test]
    fn percent_hex_uppercased_changes_only_the_two_digits_after_a_percent() {
        // `cafe` holds hex digits that follow no `%`; a `%` at the end, or
        // with one digit after it, is left as it is.
        assert_eq!(
            run(&[Id::PercentHexUppercased], BASE, "cafe%2f%a"),
            Ok("http://a/b/c/cafe%2F%a".to_owned())
        );
        assert_eq!(uppercase_percent_hex("http://a/%"), "http://a/%");
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

    /// The reference under `readings`.
    fn under(readings: rfc3986::Readings) -> impl Fn(&str, &str) -> Result<String, String> {
        move |base, reference| {
            let dots = rfc3986::DotSegments::Linear;
            Ok(rfc3986::resolve_with(base, reference, readings, dots))
        }
    }

    /// The reference under `same-scheme=non-strict`.
    fn non_strict(base: &str, reference: &str) -> Result<String, String> {
        under(rfc3986::Readings {
            same_scheme: rfc3986::SameScheme::NonStrict,
            ..rfc3986::Readings::default()
        })(base, reference)
    }

    #[test]
    fn an_escaped_dot_segment_that_a_reading_decodes_climbs_too() {
        let decoded = under(rfc3986::Readings {
            escaped_dots: rfc3986::EscapedDots::Decoded,
            ..rfc3986::Readings::default()
        });
        let kept = Set::of(&[Id::AboveRootKept]);
        assert_eq!(
            resolve(&decoded, kept, "foo:a", "%2E%2E/g"),
            Ok("foo:../g".to_owned())
        );
        assert_eq!(
            resolve(&decoded, kept, "foo:a/%2e%2e/%2E%2E/b", "%2e%2e/g"),
            Ok("foo:../../g".to_owned())
        );
    }

    #[test]
    fn a_reference_merged_under_the_non_strict_reading_has_the_base_authority() {
        let rejecting = Set::of(&[Id::DoubleSlashPathRejected]);
        assert_eq!(
            resolve(&non_strict, rejecting, "http://a/b", "http:/g"),
            Ok("http://a/g".to_owned())
        );
        // Strictly, a `//` path after another scheme is one, whatever the
        // base's authority.
        assert_eq!(
            run(&[Id::DoubleSlashPathRejected], "http://g/a", "x:/..//g"),
            Err("double-slash-path-rejected".to_owned())
        );
        assert_eq!(
            run(&[Id::DoubleSlashPathRejected], "foo:/a", "foo:/..//g"),
            Err("double-slash-path-rejected".to_owned())
        );
    }

    #[test]
    fn a_reference_of_the_base_s_scheme_is_merged_only_under_the_non_strict_reading() {
        use Id::*;
        // Deviation, base, reference, and its answer when merged.
        let cases = [
            // The base's fragment is kept for a scheme-only reference.
            (BaseFragmentKept, BASE_F, "http:", "http://a/b/c/d;p?q#f"),
            (BaseFragmentKept, BASE_F, "HTTP:?y", "http://a/b/c/d;p?y#f"),
            // The base's directory is decoded.
            (
                BaseDirectoryDecoded,
                "http://%6a/%7a/a",
                "http:%7a",
                "http://%6a/z/%7a",
            ),
        ];
        for (id, base, reference, merged) in cases {
            let set = Set::of(&[id]);
            assert_eq!(
                resolve(&non_strict, set, base, reference),
                Ok(merged.to_owned()),
                "{id} on {base} + {reference}"
            );
            // Strictly it is absolute, as is a reference of another scheme.
            assert_eq!(run(&[id], base, reference), rfc3986(base, reference));
            let other = format!("ftp:{}", &reference[5..]);
            assert_eq!(resolve(&non_strict, set, base, &other), Ok(other.clone()));
        }
    }

    #[test]
    fn names_are_unique_and_each_has_a_section() {
        for (i, d) in CATALOGUE.iter().enumerate() {
            assert_eq!(Id::ALL[i] as usize, i);
            assert_eq!(Deviation::named(d.name), Some(Id::ALL[i]));
            assert!(
                Spec::ALL.iter().any(|&s| d.sections.of(s).is_some()),
                "{}",
                d.name
            );
            assert!(!d.description.is_empty() && !d.why.is_empty());
        }
    }

    #[test]
    fn an_input_transform_is_searched_when_it_changes_the_base_or_the_reference() {
        use Id::*;
        // One input each transform changes, for every one `changes_input`
        // knows, through the base or through the reference.
        let changing = [
            (EmptyQueryDropped, "http://a", "g?"),
            (EmptyFragmentDropped, "http://a", "g#"),
            (EmptyAuthorityDropped, "http://a", "///g"),
            (EmptySegmentsCollapsed, "http://a/b//c", "g"),
            (EmptyParamsDropped, "http://a", "g;"),
            (EmptyPortDropped, "http://a:/b", "g"),
            (PercentHexUppercased, "http://a", "%aa"),
            (PortZerosStripped, "http://a:080/", "g"),
            (RootlessBaseRooted, "foo:b/c", "g"),
            (BaseDotsPopped, "http://a/b/../c", "g"),
            (EmptyReferenceMerged, "http://a/b", ""),
            (EmptyReferenceMerged, "http://a/b", "#s"),
            (UnreservedDecoded, "http://a", "%41"),
            (ReservedDecoded, "http://a", "%2f"),
            (ReservedDecoded, "http://a/%3a", "g"),
            (InvalidUtf8Replaced, "http://a", "%aa"),
            (HostEndedEarly, "http://a", "//x;y/g"),
            (SingleSlashAuthority, "foo:/x/y", "g"),
            (UserinfoDroppedWithoutHost, "http://u@/b", "g"),
            (FileHostRejected, "http://a", "file://localhost/g"),
            (FileHostRejected, "file://localhost/b", "g"),
            (OpaqueBasePathDropped, "foo:bar", "g"),
            (FileAuthorityHostOnly, "http://a", "file://x:/g"),
            (FileAuthorityHostOnly, "file://u@x", "g"),
            (TripleSlashIsPath, "http://a", "///g"),
            (EmptyAuthorityFromBase, "http://a/b", "///g"),
            (ReferenceUserinfoDropped, "http://a", "//u@b/g"),
            (SchemeReferenceTakesBaseHost, "http://a/b", "http:/g"),
            (OpaqueAuthorityParsed, "foo:X/y", "g"),
            (PortZeroDropped, "http://a:0", "g"),
            (AuthorityMergedByPart, "http://u@a", "//b/g"),
            (UnreservedDecodedExceptDotSegments, "http://a", "%41"),
            (UnreservedDecodedButPathDots, "http://a", "%2e"),
            (EmptyAuthorityIgnored, "http://a", "////g"),
            (AuthorityWithoutSlashes, "http://a", "https:g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "g"),
            (ExtraSlashesSkipped, "http://a", "///g"),
        ];
        for (id, base, reference) in changing {
            assert!(
                changes_input(id, base, reference),
                "{id} on {base:?} + {reference:?}"
            );
        }
        // An input with nothing for any transform to change.
        for id in Id::ALL {
            assert!(
                !changes_input(*id, "http://a/b/c", "g"),
                "{id} on a plain input"
            );
        }
        // Near misses: what the transform looks for, but not there.
        for (id, base, reference) in [
            (ReservedDecoded, "http://a", "%41"),
            (FileAuthorityHostOnly, "http://x:1", "g"),
            (FileHostRejected, "http://localhost", "g"),
            (TripleSlashIsPath, "http://a", "//g"),
            (AuthorityMergedByPart, "http://a", "//b/g"),
            (EmptyReferenceMerged, "http://a/b", "?q"),
            (AuthorityWithoutSlashes, "http://a", "http:g"),
            (OpaqueBasePathDropped, "foo:/bar", "g"),
            (BaseDotsPopped, "http://a/b/c", "../g"),
            (BaseDotsPopped, "http://a/b..c/.d", "g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "/g"),
            (SlashlessBaseLosesLastCharacter, "foo:b/ar", "g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "//h/g"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "?q"),
            (SlashlessBaseLosesLastCharacter, "foo:bar", "x:g"),
            (SlashlessBaseLosesLastCharacter, "http://a", "g"),
        ] {
            assert!(
                !changes_input(id, base, reference),
                "{id} on {base:?} + {reference:?}"
            );
        }
    }

    #[test]
    fn each_deviation_gives_the_answer_libraries_give() {
        use Id::*;
        /// Deviations, base, reference, and the answer they give.
        type Case<'a> = (&'a [Id], &'a str, &'a str, Result<&'a str, &'a str>);
        let cases: &[Case<'_>] = &[
            (&[EmptyQueryDropped], BASE, "?", Ok("http://a/b/c/d;p?q")),
            (&[EmptyQueryDropped], BASE, "g?", Ok("http://a/b/c/g")),
            (&[EmptyFragmentDropped], BASE, "g#", Ok("http://a/b/c/g")),
            (&[EmptyAuthorityDropped], BASE, "///g", Ok("http://a/g")),
            (&[EmptyAuthorityDropped], BASE, "////g", Ok("http://g")),
            (
                &[EmptyAuthorityDropped],
                "http:///s//a/b/c",
                "../g",
                Ok("http:/s//a/g"),
            ),
            (&[EmptyParamsDropped], BASE, "g;", Ok("http://a/b/c/g")),
            (&[ParamsSetApart], BASE, ".;a", Ok("http://a/b/c/;a")),
            (&[HostDecoded], BASE, "//%2a%41/g", Ok("http://*A/g")),
            (
                &[HostDecoded],
                "http://u@%2a:8/b",
                "c",
                Ok("http://u@*:8/c"),
            ),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//0x7f.1/g",
                Ok("http://127.0.0.1/g"),
            ),
            (&[WhatwgIpv4Host], BASE, "//00", Ok("http://0.0.0.0")),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//010.0X.1./g",
                Ok("http://8.0.0.1/g"),
            ),
            (&[WhatwgIpv4Host], "http://08", "", Err("whatwg-ipv4-host")),
            (&[WhatwgIpv4Host], BASE, "//a.9", Err("whatwg-ipv4-host")),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//1.2.3.4.5",
                Err("whatwg-ipv4-host"),
            ),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//256.1.1.1",
                Err("whatwg-ipv4-host"),
            ),
            (
                &[WhatwgIpv4Host],
                BASE,
                "//1.99999999999999999999",
                Err("whatwg-ipv4-host"),
            ),
            (
                &[ParamsSetApart],
                BASE,
                "../x/..;a?q",
                Ok("http://a/b/;a?q"),
            ),
            (&[ParamsSetApart], "http://a", "/.;a;b", Ok("http://a/;a;b")),
            (&[UnknownSchemeUnresolved], "foo:/b/c", "../g", Ok("../g")),
            // Unresolved, yet parsed and written back as the library does.
            (
                &[UnknownSchemeUnresolved, EmptyQueryDropped],
                "a://a",
                "?",
                Ok(""),
            ),
            (
                &[UnknownSchemeUnresolved, EmptyFragmentDropped],
                "a://a",
                "//a#",
                Ok("//a"),
            ),
            (
                &[
                    UnknownSchemeUnresolved,
                    SchemeLowercased,
                    KnownSchemeAuthorityAdded,
                ],
                "a://a",
                "Http:.",
                Ok("http:///."),
            ),
            (
                &[OpaqueBaseUnresolved, EmptyFragmentDropped],
                "mailto:x@y",
                "g#",
                Ok("g"),
            ),
            (
                &[EmptyPortBaseUnresolved, EmptyQueryDropped],
                "http://a:/b",
                "g?",
                Ok("g"),
            ),
            (
                &[UnknownSchemeRejected],
                "foo:/b/c",
                "g",
                Err("unknown-scheme-rejected"),
            ),
            (&[OpaqueBaseReturned], "foo:bar", "g", Ok("foo:bar")),
            (&[OpaqueBaseUnresolved], "mailto:x@y", "g", Ok("g")),
            (&[OpaqueBaseUnresolved], "foo:b/c", "../g", Ok("../g")),
            (
                &[OpaqueBaseRejected],
                "foo:bar",
                "g",
                Err("opaque-base-rejected"),
            ),
            (&[EmptyHostRejected], BASE, "//", Err("empty-host-rejected")),
            (&[BaseFragmentKept], "http://a/b#f", "", Ok("http://a/b#f")),
            (
                &[DotsKeptInAbsolute],
                BASE,
                "http://x/./g/../h",
                Ok("http://x/./g/../h"),
            ),
            (&[DotsKeptInAbsolute], BASE, "//x/../g", Ok("http://x/../g")),
            (
                &[EmptySegmentsCollapsed],
                BASE,
                "g//../h",
                Ok("http://a/b/c/h"),
            ),
            (&[AboveRootKept], BASE, "../../../g", Ok("http://a/../g")),
            (
                &[AboveRootKept],
                BASE,
                "../../../../g",
                Ok("http://a/../../g"),
            ),
            (&[AboveRootKept], BASE, "/../g", Ok("http://a/../g")),
            (&[RootlessKeptRootless], "foo:b/c", "../g", Ok("foo:g")),
            (&[SchemeLowercased], BASE, "HTTP://X/g", Ok("http://X/g")),
            (
                &[HostLowercased],
                BASE,
                "//u:P@X.Y:80/g",
                Ok("http://u:P@x.y:80/g"),
            ),
            (&[EmptyPathSlash], BASE, "//g", Ok("http://g/")),
            (&[AuthorityAdded], "foo:/b/c", "g", Ok("foo:///b/g")),
            (&[EmptyReferenceMerged], BASE, "", Ok("http://a/b/c/")),
            (&[BaseDotsKept], "http://a/./b", "g", Ok("http://a/./g")),
            (
                &[BaseDotsKept],
                "http://a/x/../b/c",
                "../g",
                Ok("http://a/x/../g"),
            ),
            (&[RootlessBaseRooted], "foo:", "g", Ok("foo:/g")),
            (
                &[RootlessBaseRooted, AuthorityAdded],
                "foo:bar",
                "g",
                Ok("foo:///g"),
            ),
            (
                &[BaseFragmentKept],
                "http://a/b?q#f",
                "?y",
                Ok("http://a/b?y#f"),
            ),
            (&[RootlessKeptRootless], "foo:a/b", "..//g", Ok("foo:/g")),
            (
                &[RootlessKeptRootless],
                "http://a/b",
                "foo:a/..//g",
                Ok("foo:/g"),
            ),
            (
                &[DoubleSlashPathRejected],
                "foo:/a",
                "..//g",
                Err("double-slash-path-rejected"),
            ),
            (
                &[DoubleSlashPathRejected],
                "foo:",
                ".///a",
                Err("double-slash-path-rejected"),
            ),
            (
                &[QueryInBaseFragment],
                "http://a/b#f",
                "?y",
                Ok("http://a/b#f?y"),
            ),
            (
                &[UnreservedDecoded],
                "http://a/b",
                "//A:80/%7e%2E%2f",
                Ok("http://A:80/~.%2f"),
            ),
            (&[UnreservedDecoded], "http://%41/b", "g", Ok("http://A/g")),
            (
                &[RootlessReferenceRejected],
                BASE,
                "http:",
                Err("rootless-reference-rejected"),
            ),
            (&[ExtraSlashesSkipped], BASE, "////g", Ok("http://g")),
            (
                &[ExtraSlashesSkipped],
                "http:///s//a/b/c",
                "../g",
                Ok("http://s//a/g"),
            ),
            (
                &[ReservedDecoded],
                "http://a/b/c",
                "g%2F..%2Fh",
                Ok("http://a/b/h"),
            ),
            (&[ReservedDecoded], "http://a/%2a#", "", Ok("http://a/*")),
            (&[ReservedDecoded], "http://a", "%2f", Ok("http://a/")),
            // Under an authority a path may start with `//`.
            (&[ReservedDecoded], "http://a/%2f/a", "..", Ok("http://a//")),
            // Each run of escapes decoded as far as it is UTF-8; no letter
            // before hex digits is an escape.
            (
                &[BaseDirectoryDecoded],
                "http://a/%aa%41%aa%42/%41x41/d",
                "g",
                Ok("http://a/%aaA%aaB/Ax41/g"),
            ),
            (&[BaseDotsPopped], "http://a/../", "", Ok("http://a")),
            (&[BaseDotsPopped], "http://a/b/..", "", Ok("http://a/")),
            (
                &[BaseDotsPopped],
                "http://a/./b/..?q",
                "#f",
                Ok("http://a/?q#f"),
            ),
            (
                &[BaseDotsPopped, SlashlessBaseLosesLastCharacter],
                "a:./aa",
                "a",
                Ok("a:a/a"),
            ),
            (
                &[BaseDotsPopped, RootPoppedByDots],
                "http://a/a/..",
                "../",
                Ok("http://a"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/b%2Fc/d",
                "g",
                Ok("http://a/b/c/g"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/%2e%2e/a",
                "b?q#f",
                Ok("http://a/b?q#f"),
            ),
            (
                &[BaseDirectoryDecoded],
                "http://a/%e2%82%ac/a",
                "b",
                Ok("http://a/\u{20ac}/b"),
            ),
            // An escape of no UTF-8 is kept; the reference is not decoded.
            (
                &[BaseDirectoryDecoded],
                "http://a/%aa%41/a",
                "%41",
                Ok("http://a/%aaA/%41"),
            ),
            (
                &[BaseDirectoryDecoded, KnownSchemeAuthorityAdded],
                "http:a/%2f/a",
                "b",
                Ok("http:///a///b"),
            ),
            (
                &[PercentEncodingRewritten],
                "http://a",
                "?a:/@?#b:/",
                Ok("http://a?a%3A%2F%40%3F#b%3A%2F"),
            ),
            (&[AuthorityWithoutSlashes], "http://a", "ftp:", Ok("ftp://")),
            (&[AuthorityWithoutSlashes], "http:a", "b", Ok("http://a/b")),
            (
                &[AuthorityWithoutSlashes],
                "http://a",
                "file:x",
                Ok("file:///x"),
            ),
            (
                &[RegNameRestricted],
                "http://a%aa",
                "",
                Err("reg-name-restricted"),
            ),
            (&[HostEndedEarly], "http://a;", ";", Ok("http://a/;")),
            (&[HostEndedEarly], "http://a", "//;", Ok("http:///;")),
            (
                &[HostEndedEarly],
                "http://a",
                "//x%aa/g",
                Ok("http://x/%aa/g"),
            ),
            (&[NumericHostIpv4], "http://9", "a", Ok("http://0.0.0.9/a")),
            (
                &[NumericHostIpv4],
                BASE,
                "//1.2:8/g",
                Ok("http://1.0.0.2:8/g"),
            ),
            (
                &[EmptyPortRejected],
                "http://a:",
                "",
                Err("empty-port-rejected"),
            ),
            (&[RootPoppedByDots], "http://a", "../", Ok("http://a")),
            (&[RootPoppedByDots], "http://a", "..///", Ok("http://a//")),
            (
                &[InvalidUtf8Replaced],
                "http://a",
                "%aa",
                Ok("http://a/%EF%BF%BD"),
            ),
            (&[EmptyPathSlashAnyScheme], "a://a", "//a", Ok("a://a/")),
            (
                &[KnownSchemeAuthorityAdded],
                "http://a",
                "ftp:a",
                Ok("ftp:///a"),
            ),
            (
                &[KnownSchemeAuthorityAdded],
                "http://a",
                "ftp:",
                Ok("ftp://"),
            ),
            // A path that starts with `//` stays a path.
            (
                &[KnownSchemeAuthorityAdded],
                "http:.///",
                "a",
                Ok("http:////a"),
            ),
            (&[AuthorityAdded], "http:/.//", "a", Ok("http:////a")),
            // `/.//` as the base or the reference has it is no escape.
            (
                &[KnownSchemeAuthorityAdded],
                "http:/.//",
                "",
                Ok("http:///.//"),
            ),
            (
                &[DotsKeptInAbsolute, KnownSchemeAuthorityAdded],
                "http://a",
                "https:/.//a",
                Ok("https:///.//a"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http://a",
                "shttp:",
                Ok("shttp://"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http://a",
                "git:x/y",
                Ok("git:///x/y"),
            ),
            (
                &[NetlocSchemeAuthorityAdded],
                "http:.///",
                "a",
                Ok("http:////a"),
            ),
            (
                &[HostLabelsChecked],
                "http://a",
                "//a..",
                Err("host-labels-checked"),
            ),
            (
                &[HostLabelsChecked],
                "http://a",
                "//a~b",
                Err("host-labels-checked"),
            ),
            (
                &[DefaultPortDropped],
                "http://a",
                "Http://a:80?a",
                Ok("Http://a?a"),
            ),
            (
                &[PortWithoutHostRejected],
                "http://a",
                "a://:0",
                Err("port-without-host-rejected"),
            ),
            (
                &[EmptyUserinfoBaseRejected],
                "http://@a",
                "g",
                Err("empty-userinfo-base-rejected"),
            ),
            (
                &[EmptyUserinfoBaseRejected],
                "http://@a:1/b",
                "//@c",
                Err("empty-userinfo-base-rejected"),
            ),
            (
                &[UserinfoDroppedWithoutHost],
                "http://a@",
                "",
                Ok("http://"),
            ),
            (
                &[UserinfoDroppedWithoutHost],
                "http://a",
                "//a@/x",
                Ok("http:///x"),
            ),
            (
                &[QuerySemicolonsAsAmpersands],
                "http://a",
                "?a;b",
                Ok("http://a?a&b"),
            ),
            (
                &[FileHostRejected],
                "http://a",
                "file://a/x",
                Err("file-host-rejected"),
            ),
            (
                &[FileHostRejected],
                "http://a",
                "file://localhost/x",
                Ok("file:///x"),
            ),
            (
                &[UnreservedDecodedOutsideHost],
                "http://a",
                "//%6a/%7a",
                Ok("http://%6a/z"),
            ),
            (
                &[HostUnreservedDecoded],
                "http://a",
                "//%6a/%7a",
                Ok("http://j/%7a"),
            ),
            (&[OpaqueBasePathDropped], "a:a", "?", Ok("a:?")),
            (&[OpaqueBasePathDropped], "a:a", "#f", Ok("a:#f")),
            (&[SingleSlashAuthority], "a:/a/b", "c", Ok("a://a/c")),
            (&[SingleSlashAuthority], "http://a", "a:/x", Ok("a://x")),
            (&[BaseFragmentKept], "http://a/.#", "", Ok("http://a/.#")),
            (
                &[EmptyAuthorityIgnored],
                "http://a",
                "////",
                Ok("http://a//"),
            ),
            (
                &[EmptyAuthorityIgnored, EmptySegmentsCollapsed],
                "http://a",
                "////",
                Ok("http://a/"),
            ),
            (&[AboveRootKept], "http://a", "..", Ok("http://a/..")),
            (&[AboveRootKept], "http://a", "/..///", Ok("http://a/..///")),
            (
                &[EmptyPortDropped, EmptyAuthorityDropped],
                "a://:",
                "",
                Ok("a:"),
            ),
            // Racket.
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%2ea/%2e",
                Ok("http://a/.a/%2e"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                ".%2e/g",
                Ok("http://a/%2e%2e/g"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%7a?%7a#%7a",
                Ok("http://a/z?z#z"),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a",
                "%2e?%2e",
                Ok("http://a/%2e?."),
            ),
            (
                &[UnreservedDecodedExceptDotSegments],
                "http://a/b/c",
                "%2E/g",
                Ok("http://a/b/%2e/g"),
            ),
            // Ruby's uri and hyperlink.
            (
                &[AuthorityMergedByPart],
                "http://u@a",
                "//b/c",
                Ok("http://u@b/c"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://a:1",
                "//b/c",
                Ok("http://b:1/c"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://u@a:1",
                "//:5/b",
                Ok("http://u@a:5/b"),
            ),
            (
                &[AuthorityMergedByPart],
                "http://a",
                "//a@",
                Ok("http://a@a"),
            ),
            (&[AuthorityMergedByPart], "A://a@", "//a", Ok("A://a@a")),
            (
                &[AuthorityMergedByPart],
                "http://a/p",
                "//",
                Ok("http://a/p"),
            ),
            (
                &[PortZeroDropped, AuthorityMergedByPart],
                "http://a:7",
                "//b:0/c",
                Ok("http://b:7/c"),
            ),
            (
                &[PortZeroDropped, AuthorityMergedByPart],
                "http://a",
                "//:0/",
                Ok("http://a/"),
            ),
            (&[PortZeroDropped], "http://a", "//b:00/c", Ok("http://b/c")),
            // hyperlink, oxiri.
            (&[RootlessBaseResultRootless], "a:a#", "/", Ok("a:")),
            (&[RootlessBaseResultRootless], "a:a#", "/b", Ok("a:b")),
            (&[RootlessBaseResultRootless], "a:a", "/.", Ok("a:")),
            (&[RootlessBaseResultRootless], "foo:", "/..", Ok("foo:")),
            // Node's url.resolve.
            (&[OpaqueAuthorityParsed], "http://a", "a:A/B", Ok("a:a/B")),
            (
                &[OpaqueAuthorityParsed],
                "http://a",
                "a:U@H/P",
                Ok("a:U@h/P"),
            ),
            (&[OpaqueAuthorityParsed], "http://a", "a:a:", Ok("a:a")),
            (&[OpaqueAuthorityParsed], "http://a", "a:H:1", Ok("a:h:1")),
            (&[OpaqueAuthorityParsed], "b:C/D", "e", Ok("b:c/e")),
            (
                &[OpaqueAuthorityParsed],
                "http://a",
                "mailto:X@Y",
                Ok("mailto:X@y"),
            ),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A:A",
                Ok("a:a"),
            ),
            (&[HostlessMergeUnrooted], "http://", ".", Ok("http://")),
            (
                &[UserinfoDroppedWithoutHost, HostlessMergeUnrooted],
                "http://a@",
                ".",
                Ok("http://"),
            ),
            // libcurl.
            (
                &[EmptyReferenceMerged],
                "http://a/b?",
                "#s",
                Ok("http://a/#s"),
            ),
            (
                &[EmptyReferenceMerged],
                "http://a/b/c?q#f",
                "#s",
                Ok("http://a/b/#s"),
            ),
            // tcllib.
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://:",
                Ok("file:///:"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://x:/b",
                Ok("file://x/:/b"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://:1/b",
                Ok("file:///:1/b"),
            ),
            (&[FileAuthorityHostOnly], "file://:", "", Ok("file:///:")),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://a@",
                Ok("file://a/@"),
            ),
            (
                &[FileAuthorityHostOnly],
                "http://a",
                "file://u@h/g",
                Ok("file://u/@h/g"),
            ),
            (&[EmptyAuthorityFromBase], BASE, "//", Ok("http://a")),
            (&[EmptyAuthorityFromBase], BASE, "///g", Ok("http://a/g")),
            // Go.
            (&[TripleSlashIsPath], "http://a", "////", Ok("http://a////")),
            (
                &[TripleSlashIsPath],
                "http://a/x",
                "////b/c",
                Ok("http://a////b/c"),
            ),
            (&[TripleSlashIsPath], "http://a", "///", Ok("http://a///")),
            // Node.
            (&[HostAsFirstSegment], "a://a", "..", Ok("a://")),
            (&[HostAsFirstSegment], "a://a", ".", Ok("a://")),
            (&[HostAsFirstSegment], "a://a", "g", Ok("a://g")),
            (&[HostAsFirstSegment], "a://a/b/c", "../../g", Ok("a://g")),
            (&[HostAsFirstSegment], "a://a/b", "/g", Ok("a:///g")),
            (&[HostAsFirstSegment], "a://a", "/..", Ok("a:///")),
            (
                &[HostAsFirstSegment],
                "a://u@a:1/b/c",
                "../../g",
                Ok("a://u@g"),
            ),
            (&[HostAsFirstSegment], "a://a/b/", "../..", Ok("a://")),
            (&[HostAsFirstSegment], "mailto:x@y", "g", Ok("mailto:x@g")),
            (
                &[HostAsFirstSegment],
                "mailto:x@y",
                "../g",
                Ok("mailto:x@g"),
            ),
            (&[HostAsFirstSegment], "a:b/c", "../..", Ok("a:")),
            (&[OpaqueAuthorityParsed], "http://a", "a:@", Ok("a:")),
            (&[OpaqueAuthorityParsed], "http://a", "a:H:x", Ok("a:h/:x")),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A::a",
                Ok("a:/:a"),
            ),
            (
                &[OpaqueAuthorityParsed, SchemeLowercased],
                "http://a",
                "A:::",
                Ok("a:/:"),
            ),
            // Ruby's uri.
            (
                &[OpaqueBaseReturned, SchemeLowercased],
                "Http:a",
                "/",
                Ok("http:a"),
            ),
            (&[OpaqueBaseReturned], "a:o", "a#", Ok("a:o#")),
            (&[OpaqueBaseReturned], "a:o#x", "g", Ok("a:o")),
            (&[OpaqueBaseReturned], "a:o", "g#f", Ok("a:o#f")),
            (&[OpaqueBaseReturned], "a:p", "//a#", Ok("a:p#")),
            (
                &[AuthorityMergedByPart],
                "http://a",
                "//::@",
                Ok("http://::@a"),
            ),
            // hyperlink.
            (
                &[ReferenceUserinfoDropped],
                "http://a",
                "//u@h",
                Ok("http://h"),
            ),
            (
                &[ReferenceUserinfoDropped],
                "http://a",
                "//;@.",
                Ok("http://."),
            ),
            (
                &[ReferenceUserinfoDropped, AuthorityMergedByPart],
                "http://u@a",
                "//v@b/c",
                Ok("http://u@b/c"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://a",
                "ftp:/",
                Ok("ftp://a/"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://a",
                "https:/x",
                Ok("https://a/x"),
            ),
            (
                &[SchemeReferenceTakesBaseHost],
                "http://u@a:1",
                "ftp:/x",
                Ok("ftp://u@a/x"),
            ),
            // libcurl.
            (
                &[EmptyQueryUnwritten],
                "http://a/b?q",
                "?",
                Ok("http://a/b"),
            ),
            (
                &[EmptyQueryUnwritten],
                "http://a/b",
                "?#f",
                Ok("http://a/b#f"),
            ),
            // libxml2.
            (&[EmptyPortBaseUnresolved], "http://a:", "..", Ok("..")),
            (&[EmptyPortBaseUnresolved], "a://b:/c", "d", Ok("d")),
            (
                &[SlashlessBaseLosesLastCharacter],
                "foo:bar",
                "g",
                Ok("foo:ba/g"),
            ),
            (
                &[SlashlessBaseLosesLastCharacter],
                "mailto:x@y",
                "g?q",
                Ok("mailto:x@/g?q"),
            ),
            (
                &[SlashlessBaseLosesLastCharacter],
                "foo:",
                "g",
                Ok("foo:/g"),
            ),
            (&[NumericHostIpv4], BASE, "//9./g", Ok("http://0.0.0.9/g")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:a/..", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:.?q", Ok("foo:./?q")),
            (&[RootlessEmptiedDotSlash], "foo:a/b", "..", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:a/../", Ok("foo:./")),
            (&[RootlessEmptiedDotSlash], BASE, "foo:./#f", Ok("foo:./#f")),
            (&[RootlessEmptiedDotSlash], "foo:a", "./", Ok("foo:./")),
            (
                &[RootlessEmptiedDotSlash, RootlessKeptRootless],
                "foo:a/",
                "..//",
                Ok("foo:/"),
            ),
            (&[NumericHostIpv4], BASE, "//1.2.", Ok("http://1.0.0.2")),
            (
                &[UnreservedDecodedButPathDots],
                "http://a/%7a/%2e",
                "",
                Ok("http://a/z/%2E"),
            ),
            (
                &[UnreservedDecodedButPathDots],
                "http://a",
                "a%2e?%2e#%7e%aa",
                Ok("http://a/a%2E?.#~%AA"),
            ),
            (
                &[UnreservedDecodedButPathDots],
                "http://a/b/c",
                "%2e%2E/%7e",
                Ok("http://a/b/%2E%2E/~"),
            ),
            (
                &[PortOutOfRangeRejected],
                "http://a:80890",
                "g",
                Err("port-out-of-range-rejected"),
            ),
            (
                &[PortOutOfRangeRejected],
                BASE,
                "//h:0000065536",
                Err("port-out-of-range-rejected"),
            ),
            (&[AboveRootKept], "foo:a", "../g", Ok("foo:../g")),
            (&[AboveRootKept], "foo:a/b", "../..", Ok("foo:../")),
            (&[AboveRootKept], "foo:a/b/c", "../../../g", Ok("foo:../g")),
            (&[AboveRootKept], BASE, "foo:..", Ok("foo:../")),
            (
                &[AboveRootKept],
                BASE,
                "Foo:a/../../g?..#..",
                Ok("Foo:../g?..#.."),
            ),
            (&[AboveRootKept], "foo:a", "foo:../g", Ok("foo:../g")),
            (&[AboveRootKept], "foo:a/b/c", "foo:../g", Ok("foo:../g")),
            (
                &[AboveRootKept],
                "foo:../../a",
                "../g",
                Ok("foo:../../../g"),
            ),
            (&[AboveRootKept], "foo:", "..", Ok("foo:../")),
            (&[AboveRootKept], "foo:./../", "a", Ok("foo:../a")),
            (&[AboveRootKept], "foo:../b", "a", Ok("foo:../a")),
            (&[AboveRootKept], "foo:..///./", "a", Ok("foo:..///a")),
            (&[AboveRootKept], "foo:", "..///a", Ok("foo:..///a")),
            (&[AboveRootKept], BASE, "a:./..///", Ok("a:..///")),
            (
                &[HostlessResultRejected],
                BASE,
                "http:/g",
                Err("hostless-result-rejected"),
            ),
            (
                &[HostlessResultRejected],
                BASE,
                "WSS:/g",
                Err("hostless-result-rejected"),
            ),
            (
                &[HostlessResultRejected],
                "http://a",
                "//",
                Err("hostless-result-rejected"),
            ),
        ];
        for (ids, base, reference, want) in cases {
            assert_eq!(
                run(ids, base, reference),
                want.map(str::to_owned).map_err(str::to_owned),
                "{} on {base:?} + {reference:?}",
                Set::of(ids)
            );
            assert_ne!(
                run(&[], base, reference),
                want.map(str::to_owned).map_err(str::to_owned),
                "{} changes {base:?} + {reference:?}",
                Set::of(ids)
            );
        }
    }

    /// Asserts that deviation `id` gives the reference's own answer for
    /// each of `cases`: what it looks for is not there.
    fn assert_leaves_alone(id: Id, cases: &[(&str, &str)]) {
        for &(base, reference) in cases {
            assert_eq!(
                run(&[id], base, reference),
                rfc3986(base, reference),
                "{id} on {base} + {reference}"
            );
        }
    }

    #[test]
    fn what_needs_an_opaque_base_an_authority_or_no_path_leaves_the_rest_alone() {
        use Id::*;
        assert_leaves_alone(OpaqueBaseUnresolved, &[("http://a/b", "g")]);
        assert_leaves_alone(EmptyPathSlashAnyScheme, &[("foo:", "?q"), (BASE, "g")]);
        assert_leaves_alone(QueryKeepsPath, &[(BASE, "#f"), (BASE, "g?x")]);
        // The host is found after the userinfo.
        assert_eq!(
            run(&[NumericHostIpv4], "http://a", "//u@9/"),
            Ok("http://u@0.0.0.9/".to_owned())
        );
        // A scheme the WHATWG URL Standard does not know has an opaque
        // host; a last label with a letter is a domain; four decimal parts
        // are written as they are.
        // Escapes a host may not hold as they are, an IP literal, a path.
        assert_leaves_alone(
            HostDecoded,
            &[
                (BASE, "//a%2fb%3a%40%25%20/g"),
                (BASE, "//[v1.%41]/g"),
                (BASE, "g%2a"),
            ],
        );
        assert_leaves_alone(
            WhatwgIpv4Host,
            &[
                ("foo://08/b", "g"),
                (BASE, "foo://0x7f.1/g"),
                (BASE, "//9a/g"),
                (BASE, "//0x1g/g"),
                (BASE, "//1.2.3.4:80/g"),
            ],
        );
        assert_eq!(
            run(&[WhatwgIpv4Host], "http://a", "//u@0x10:8/"),
            Ok("http://u@0.0.0.16:8/".to_owned())
        );
    }

    #[test]
    fn a_dot_prefix_that_dot_removal_wrote_is_an_escape() {
        let dot_prefix = under(rfc3986::Readings {
            double_slash_path: rfc3986::DoubleSlashPath::DotPrefix,
            ..rfc3986::Readings::default()
        });
        let added = Set::of(&[Id::AuthorityAdded]);
        assert_eq!(dot_prefix("http:/.//", "a"), Ok("http:/.//a".to_owned()));
        assert_eq!(
            resolve(&dot_prefix, added, "http:/.//", "a"),
            Ok("http:////a".to_owned())
        );
        // The base's own `/.//`, taken whole, is a path.
        assert_eq!(
            resolve(&dot_prefix, added, "http:/.//", ""),
            Ok("http:///.//".to_owned())
        );
    }

    #[test]
    fn a_path_the_popped_root_leaves_with_two_slashes_is_written_as_the_reading_writes_it() {
        let popped = Set::of(&[Id::RootPoppedByDots]);
        // `/..///a` is `//a` once `..` pops the root; RFC 3986 keeps it,
        // `///a`, and writes it after the scheme, where it reads as an
        // empty authority.
        assert_eq!(rfc3986("a:", "/..///a"), Ok("a:///a".to_owned()));
        assert_eq!(
            resolve(&rfc3986, popped, "a:", "/..///a"),
            Ok("a://a".to_owned())
        );
        let dot_prefix = under(rfc3986::Readings {
            double_slash_path: rfc3986::DoubleSlashPath::DotPrefix,
            ..rfc3986::Readings::default()
        });
        assert_eq!(
            resolve(&dot_prefix, popped, "a:", "/..///a"),
            Ok("a:/.//a".to_owned())
        );
        // Popped to a path with one slash: nothing to escape.
        assert_eq!(
            resolve(&dot_prefix, popped, "a:", "/..//a"),
            Ok("a:/a".to_owned())
        );
    }

    #[test]
    fn an_authority_is_added_only_for_the_schemes_named() {
        assert_leaves_alone(
            Id::NetlocSchemeAuthorityAdded,
            &[("http://a", "foo:x"), ("http://a", "svn://h/x")],
        );
        assert_leaves_alone(
            Id::KnownSchemeAuthorityAdded,
            &[("http://a", "svn:x"), ("foo:.///", "a")],
        );
        assert_leaves_alone(Id::NetlocSchemeAuthorityAdded, &[("foo:.///", "a")]);
    }

    #[test]
    fn only_a_merge_with_a_base_file_decodes_the_directory() {
        assert_leaves_alone(
            Id::BaseDirectoryDecoded,
            &[
                ("http://a/%7a/", "b"),
                ("http://a/%7a/a", "/b"),
                ("http://a/%7a/a", "?q"),
                ("http://a/%7a/a", "//x/b"),
                ("http://a/%7a/a", "x:b"),
                ("http://a/b/c", "../g"),
            ],
        );
    }

    #[test]
    fn only_an_emptied_rootless_path_is_written_dot_slash() {
        let cases = [
            (BASE, "foo:a/../b"),
            (BASE, "foo:a/b/.."),
            (BASE, "foo:/a/.."),
            (BASE, "foo:a/"),
            (BASE, "foo:"),
            ("foo:a/b", "../g"),
            (BASE, ".."),
        ];
        assert_leaves_alone(Id::RootlessEmptiedDotSlash, &cases);
    }

    #[test]
    fn only_a_base_with_an_empty_userinfo_is_rejected() {
        let cases = [
            (BASE, "//@c/g"),
            ("http://:@a", "g"),
            ("http://u@a", "g"),
            ("http://a/@b", "g"),
            ("http://a?@", "g"),
        ];
        assert_leaves_alone(Id::EmptyUserinfoBaseRejected, &cases);
    }

    #[test]
    fn a_port_in_range_is_not_rejected() {
        let cases = [
            ("http://a:65535", "g"),
            (BASE, "//h:0065535/g"),
            (BASE, "//h:/g"),
            (BASE, "//[::1]:80/g"),
        ];
        assert_leaves_alone(Id::PortOutOfRangeRejected, &cases);
    }

    #[test]
    fn above_root_kept_changes_only_a_path_that_climbs_out() {
        // Nothing of these climbs above the root of a path: each gives the
        // reference's own answer.
        let cases = [
            ("foo:a", "foo:a/../g"),
            ("foo:..", "a#"),
            ("foo:a", "foo:a:b/.."),
            ("foo:a", "//h/../g"),
            ("foo:a", "/../g"),
            ("foo:a", "?.."),
            ("foo:a/b", "../g"),
            ("http://a/b", "x:/../g"),
            ("http://a/b", "x:/../.."),
            ("http://a/b", "//h/../g"),
        ];
        assert_leaves_alone(Id::AboveRootKept, &cases);
    }

    #[test]
    fn an_opaque_base_still_takes_a_fragment() {
        let kept = run(&[Id::OpaqueBaseRejected], "foo:bar", "#s");
        assert_eq!(kept, Ok("foo:bar#s".to_owned()));
        let within = run(&[Id::AboveRootKept], BASE, "../g");
        assert_eq!(
            within,
            Ok("http://a/b/g".to_owned()),
            "a `..` below the root goes"
        );
        let other = run(&[Id::EmptyPathSlash], "foo:/a", "//g");
        assert_eq!(
            other,
            Ok("foo://g".to_owned()),
            "only for the schemes it names"
        );
        let kept = run(&[Id::ExtraSlashesSkipped], "foo:/a", "///g");
        assert_eq!(kept, Ok("foo:///g".to_owned()), "only for special schemes");
        let with_query = run(&[Id::QueryInBaseFragment], "http://a/b?q#f", "?y");
        assert_eq!(
            with_query,
            Ok("http://a/b?y".to_owned()),
            "a base with a query loses its fragment with it"
        );
        let rooted = run(&[Id::RootlessReferenceRejected], BASE, "foo:/g");
        assert_eq!(rooted, Ok("foo:/g".to_owned()), "a rooted path is taken");
        let dns = run(&[Id::HostLabelsChecked], BASE, "//a_b.c./g");
        assert_eq!(dns, Ok("http://a_b.c./g".to_owned()), "`_` and a last dot");
        let ftp = run(&[Id::DefaultPortDropped], BASE, "foo://x:80/g");
        assert_eq!(ftp, Ok("foo://x:80/g".to_owned()), "no default for foo");
        let numbers = run(&[Id::NumericHostIpv4], BASE, "//1.2.3.4.5/g");
        assert_eq!(numbers, Ok("http://1.2.3.4.5/g".to_owned()), "five parts");
        let octal = run(&[Id::NumericHostIpv4], BASE, "//010/g");
        assert_eq!(octal, Ok("http://010/g".to_owned()), "leading zeros");
        let same = run(&[Id::AuthorityWithoutSlashes], "http://a/b", "http:g");
        assert_eq!(
            same,
            Ok("http:g".to_owned()),
            "a reference of the base's scheme is the same-scheme reading's"
        );
        let colon = run(&[Id::ReservedDecoded], "http://a/b", "x%3Ay");
        assert_eq!(
            colon,
            Ok("http://a/x%3Ay".to_owned()),
            "a `:` that would make a scheme stays encoded"
        );
        let authority = run(&[Id::DoubleSlashPathRejected], "foo://a/b", "..//g");
        assert_eq!(
            authority,
            Ok("foo://a//g".to_owned()),
            "a `//` path under an authority is written"
        );
    }

    fn explain_3986(
        base: &str,
        reference: &str,
        answer: Result<&str, ()>,
        listed: Set,
    ) -> Explanation {
        explain(&[&rfc3986], Spec::Rfc3986, base, reference, answer, listed)
    }

    #[test]
    fn the_smallest_set_explains_an_answer() {
        use Id::*;
        assert_eq!(
            explain_3986(BASE, "g", Ok("http://a/b/c/g"), Set::EMPTY),
            Explanation::Conforms
        );
        assert_eq!(
            explain_3986(BASE, "g?#", Ok("http://a/b/c/g"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyQueryDropped, EmptyFragmentDropped]))
        );
        // Two causes at once: an empty authority dropped, and the scheme
        // lower-cased.
        assert_eq!(
            explain_3986("HTTP:///s/b", "g", Ok("http:/s/g"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyAuthorityDropped, SchemeLowercased]))
        );
        assert_eq!(
            explain_3986(BASE, "g", Ok("http://a/b/c/x"), Set::EMPTY),
            Explanation::Unexplained
        );
        assert_eq!(
            explain_3986(BASE, "../../../g", Err(()), Set::EMPTY),
            Explanation::Unexplained,
            "nothing rejects this"
        );
        // A deviation that changes nothing alone, after a transform that
        // leaves an empty reference.
        assert_eq!(
            explain_3986("http://a/b#f", "//", Ok("http://a/b#f"), Set::EMPTY),
            Explanation::By(Set::of(&[EmptyAuthorityDropped, BaseFragmentKept]))
        );
        // A rewritten encoding takes any choice of what is encoded.
        assert_eq!(
            explain_3986(
                "http://a",
                "a%3A?b:c/",
                Ok("http://a/a:?b%3ac/"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[PercentEncodingRewritten]))
        );
        assert_eq!(
            explain_3986("http://a", "a?b", Ok("http://a/a?%62"), Set::EMPTY),
            Explanation::Unexplained,
            "an unreserved character is not the rewriting's"
        );
        // A listed deviation is preferred to another one that explains as well.
        let kept = explain_3986(
            "foo:bar",
            "g",
            Ok("foo:bar"),
            Set::of(&[OpaqueBaseReturned]),
        );
        assert_eq!(kept, Explanation::By(Set::of(&[OpaqueBaseReturned])));
    }

    #[test]
    fn a_deviation_that_matters_only_after_several_listed_transforms_is_searched() {
        use Id::*;
        // `//#` is the empty reference once its empty authority and its
        // empty fragment are dropped; only then is the base's fragment kept.
        let four = Set::of(&[
            EmptyFragmentDropped,
            EmptyAuthorityDropped,
            BaseFragmentKept,
            EmptyPathSlash,
        ]);
        assert_eq!(
            explain_3986("http://a#a", "//#", Ok("http://a/#a"), four),
            Explanation::By(four)
        );
        // One transform after another: `a://:` is `a://` once its empty
        // port is dropped, `a:` once its empty authority is too, and only
        // then a base with no `/`, whose last character the merge cuts.
        let three = Set::of(&[
            EmptyAuthorityDropped,
            EmptyPortDropped,
            SlashlessBaseLosesLastCharacter,
        ]);
        let listed = three.with(HostLowercased).with(RootPoppedByDots);
        assert_eq!(
            explain_3986("a://:", "a", Ok("a:/a"), listed),
            Explanation::By(three)
        );
        assert_eq!(
            explain_3986("a://:", "a", Ok("a:/a"), Set::EMPTY),
            Explanation::Unexplained,
            "only the listed transforms are followed as far as they reach"
        );
    }

    #[test]
    fn listed_deviations_compose_past_the_largest_set_searched() {
        use Id::*;
        // Unresolved against an unknown scheme, then its empty fragment
        // dropped, an authority added for http, and the scheme lower-cased.
        let four = Set::of(&[
            UnknownSchemeUnresolved,
            EmptyFragmentDropped,
            KnownSchemeAuthorityAdded,
            SchemeLowercased,
        ]);
        let case = ("a://a", "Http:.#", Ok("http:///."));
        assert_eq!(
            explain_3986(case.0, case.1, case.2, Set::EMPTY),
            Explanation::Unexplained,
            "the catalogue is searched three at a time"
        );
        let listed = four.with(EmptyQueryDropped).with(DefaultPortDropped);
        assert_eq!(
            explain_3986(case.0, case.1, case.2, listed),
            Explanation::By(four)
        );
    }

    #[test]
    fn a_deviation_that_changes_the_answer_only_under_another_reading_is_searched() {
        let readings: [Reference<'_>; 2] = [&rfc3986, &non_strict];
        // Strictly `x:a` is absolute, and the base's dots do not matter;
        // merged, as the non-strict reading does, they are kept.
        let why = |answer| {
            explain(
                &readings,
                Spec::Rfc3986,
                "x:./a/",
                "x:a",
                Ok(answer),
                Set::EMPTY,
            )
        };
        assert_eq!(why("x:a/a"), Explanation::Conforms);
        assert_eq!(
            why("x:./a/a"),
            Explanation::By(Set::of(&[Id::BaseDotsKept]))
        );
        assert_eq!(
            explain_3986("x:./a/", "x:a", Ok("x:./a/a"), Set::EMPTY),
            Explanation::Unexplained,
            "under the strict reading alone nothing merges"
        );
        // A `..` of the base kept, where merging and not give the same.
        assert_eq!(
            explain(
                &readings,
                Spec::Rfc3986,
                "foo:../",
                "foo:a",
                Ok("foo:../a"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[Id::AboveRootKept]))
        );
        // Merged with an empty rootless path, a `..` is kept above its root.
        assert_eq!(
            explain(
                &readings,
                Spec::Rfc3986,
                "Http:",
                "http:..",
                Ok("Http:../"),
                Set::EMPTY
            ),
            Explanation::By(Set::of(&[Id::AboveRootKept]))
        );
    }

    #[test]
    fn subsets_are_all_there_in_order() {
        let pool = [
            Id::EmptyQueryDropped,
            Id::EmptyFragmentDropped,
            Id::AuthorityAdded,
        ];
        let two: Vec<String> = subsets(&pool, 2).map(|s| s.to_string()).collect();
        assert_eq!(
            two,
            [
                "empty-query-dropped + empty-fragment-dropped",
                "empty-query-dropped + authority-added",
                "empty-fragment-dropped + authority-added"
            ]
        );
        assert_eq!(subsets(&pool, 3).count(), 1);
        assert_eq!(subsets(&pool, 4).count(), 0);
    }

    #[test]
    fn a_set_holds_each_deviation_once_however_often_it_is_named() {
        use Id::*;
        // An expectations file, or a search, may name a deviation twice:
        // the set has it, once, and runs it.
        let twice = Set::of(&[EmptyQueryDropped, SchemeLowercased, EmptyQueryDropped]);
        assert_eq!(twice, Set::of(&[EmptyQueryDropped, SchemeLowercased]));
        assert_eq!(twice.len(), 2);
        assert_eq!(twice.to_string(), "empty-query-dropped + scheme-lowercased");
        assert_eq!(
            resolve(&rfc3986, twice, BASE, "HTTP:g?"),
            Ok("http:g".to_owned())
        );
        // Adding one it has already leaves it there.
        let again = twice.with(SchemeLowercased);
        assert_eq!(again, twice);
        assert!(again.has(SchemeLowercased));
        assert_eq!(
            resolve(&rfc3986, again, BASE, "HTTP:g?"),
            Ok("http:g".to_owned())
        );
        // Its size is the number of deviations in it, which the search
        // orders its explanations by.
        assert_eq!(Set::EMPTY.len(), 0);
        assert_eq!(Set::of(&[AboveRootKept]).len(), 1);
        let three = twice.with(AboveRootKept);
        assert_eq!(three.len(), 3);
        assert_eq!(
            Set::of(Id::ALL).len(),
            CATALOGUE.len(),
            "every deviation at once"
        );
    }

    /// RFC 1808's reference resolver: its empty reference is the base
    /// whole, fragment included (4 step 2a).
    fn rfc1808(base: &str, reference: &str) -> Result<String, String> {
        Ok(crate::resolve(base, reference))
    }

    #[test]
    fn base_fragment_kept_writes_the_base_s_fragment_once() {
        let kept = Set::of(&[Id::BaseFragmentKept]);
        // RFC 1808's empty reference already has the base's fragment.
        assert_eq!(rfc1808(BASE_F, ""), Ok(BASE_F.to_owned()));
        assert_eq!(resolve(&rfc1808, kept, BASE_F, ""), Ok(BASE_F.to_owned()));
        // RFC 3986's has none, so the deviation adds it.
        assert_eq!(rfc3986(BASE_F, ""), Ok(BASE.to_owned()));
        assert_eq!(resolve(&rfc3986, kept, BASE_F, ""), Ok(BASE_F.to_owned()));
        // A base without one has nothing to keep.
        assert_eq!(resolve(&rfc1808, kept, BASE, ""), Ok(BASE.to_owned()));
    }

    #[test]
    fn a_host_missing_before_an_empty_port_is_left_to_the_empty_port_deviations() {
        use Id::*;
        // A port after an empty host is rejected, in the reference or the
        // base; an empty port is no port, so `//:` is not: that is
        // empty-port-rejected's to refuse.
        assert_eq!(
            run(&[PortWithoutHostRejected], BASE, "foo://:8/g"),
            Err("port-without-host-rejected".to_owned())
        );
        assert_eq!(
            run(&[PortWithoutHostRejected], "foo://:8/b", "g"),
            Err("port-without-host-rejected".to_owned())
        );
        assert_leaves_alone(
            PortWithoutHostRejected,
            &[
                (BASE, "foo://:/g"),
                ("foo://:/b", "g"),
                (BASE, "foo://u@/g"),
                (BASE, "foo://h:8/g"),
            ],
        );
        assert_eq!(
            run(
                &[PortWithoutHostRejected, EmptyPortRejected],
                BASE,
                "foo://:/g"
            ),
            Err("empty-port-rejected".to_owned())
        );
    }

    #[test]
    fn query_in_base_fragment_changes_only_a_query_only_reference() {
        use Id::QueryInBaseFragment;
        let base = "http://a/b#f";
        // The query is appended to the base's text, fragment and all.
        assert_eq!(
            run(&[QueryInBaseFragment], base, "?y"),
            Ok("http://a/b#f?y".to_owned())
        );
        // A reference with a path, with nothing, or with a fragment of its
        // own resolves as the spec says, as any does against a base without
        // a fragment.
        assert_leaves_alone(
            QueryInBaseFragment,
            &[
                (base, "g?y"),
                (base, "/g?y"),
                (base, "//h?y"),
                (base, ""),
                (base, "#s"),
                (base, "?y#s"),
                ("http://a/b", "?y"),
            ],
        );
    }

    #[test]
    fn host_as_first_segment_needs_a_host_or_a_segment_read_as_one() {
        use Id::HostAsFirstSegment;
        // A base with an authority, or a rootless path whose first segment
        // reads as one: `..` climbs into the host.
        assert_eq!(
            run(&[HostAsFirstSegment], "a://h/b/c", "../../g"),
            Ok("a://g".to_owned())
        );
        assert_eq!(
            run(&[HostAsFirstSegment], "a:h/b/c", "../../g"),
            Ok("a:g".to_owned())
        );
        // A rooted path or an empty one has no first segment to read as a
        // host, and a slashed scheme (Node knows http's host) none either.
        assert_leaves_alone(
            HostAsFirstSegment,
            &[
                ("a:/b/c", "../../g"),
                ("a:/b/c", "g"),
                ("a:", "g"),
                ("http://h/b/c", "../../g"),
                ("a://h/b/c", "x:g"),
                ("a://h/b/c", "//x/g"),
                ("a://h/b/c", "?y"),
            ],
        );
    }

    #[test]
    fn numeric_host_ipv4_takes_leading_parts_up_to_255() {
        use Id::NumericHostIpv4;
        // Each part but the last is one octet, 255 the largest; the last
        // fills the octets left.
        assert_eq!(
            run(&[NumericHostIpv4], BASE, "//1.255.3/g"),
            Ok("http://1.255.0.3/g".to_owned())
        );
        assert_eq!(
            run(&[NumericHostIpv4], BASE, "//255.65535/g"),
            Ok("http://255.0.255.255/g".to_owned())
        );
        assert_leaves_alone(
            NumericHostIpv4,
            &[(BASE, "//1.256.3/g"), (BASE, "//255.65536.1/g")],
        );
    }

    #[test]
    fn rootless_kept_rootless_leaves_a_merge_with_a_rooted_base_path_alone() {
        // 5.2.3: a rooted base path, or a base with an authority and an
        // empty path, makes the merged path rooted.
        assert_leaves_alone(
            Id::RootlessKeptRootless,
            &[(BASE, "g"), (BASE, "../g"), ("http://a", "g")],
        );
        // Without an authority too: a rooted base path gives a rooted
        // merge, whose `/` the deviation leaves (`a:/b/g`, not `a:b/g`).
        assert_leaves_alone(
            Id::RootlessKeptRootless,
            &[("a:/b/c", "d/../g"), ("a:/b", "../g")],
        );
        // An empty base path without an authority merges to the
        // reference's own rootless path, which the deviation keeps
        // rootless: `b/../../g` is `/g` by 5.2.4, `g` with it.
        assert_eq!(
            run(&[Id::RootlessKeptRootless], "a:", "b/../../g"),
            Ok("a:g".to_owned())
        );
        assert_eq!(rfc3986("a:", "b/../../g"), Ok("a:/g".to_owned()));
    }

    #[test]
    fn authority_without_slashes_roots_a_file_path_only_where_it_needs_it() {
        // `file:` with no `//`: the authority is empty, and a `/` starts a
        // path that has none, never a second one, nor one before nothing.
        let implied = |reference: &str| run(&[Id::AuthorityWithoutSlashes], BASE, reference);
        assert_eq!(implied("file:g"), Ok("file:///g".to_owned()));
        assert_eq!(implied("file:/g"), Ok("file:///g".to_owned()));
        assert_eq!(implied("file:"), Ok("file://".to_owned()));
        assert_eq!(implied("file:?q"), Ok("file://?q".to_owned()));
    }

    #[test]
    fn empty_authority_ignored_keeps_the_scheme_before_it() {
        // In a base or a reference with a scheme, the `//` after the colon
        // goes and the scheme stays whole.
        let ignored =
            |base: &str, reference: &str| run(&[Id::EmptyAuthorityIgnored], base, reference);
        assert_eq!(ignored("foo:///a/b", "g"), Ok("foo:/a/g".to_owned()));
        assert_eq!(ignored(BASE, "foo:///g"), Ok("foo:/g".to_owned()));
        assert_eq!(rfc3986(BASE, "foo:///g"), Ok("foo:///g".to_owned()));
    }

    #[test]
    fn default_port_dropped_knows_each_scheme_s_default() {
        // 80 for http and ws, 443 for https and wss, 21 for ftp; another
        // port, or another scheme's default, stays.
        for (reference, dropped) in [
            ("http://x:80/g", "http://x/g"),
            ("ws://x:80/g", "ws://x/g"),
            ("https://x:443/g", "https://x/g"),
            ("wss://x:443/g", "wss://x/g"),
            ("ftp://x:21/g", "ftp://x/g"),
            ("https://x:80/g", "https://x:80/g"),
            ("http://x:443/g", "http://x:443/g"),
        ] {
            let got = run(&[Id::DefaultPortDropped], BASE, reference);
            assert_eq!(got, Ok(dropped.to_owned()), "{reference}");
        }
    }

    #[test]
    fn params_set_apart_resolve_the_path_without_the_last_segment_s_params() {
        // `..;x` is no dot segment to the spec; set apart, `..` is resolved
        // and `;x` written after the target's path. The query and the
        // fragment after the params stay where they are.
        let apart = |base: &str, reference: &str| run(&[Id::ParamsSetApart], base, reference);
        assert_eq!(
            rfc3986(BASE, "gg/..;x"),
            Ok("http://a/b/c/gg/..;x".to_owned())
        );
        assert_eq!(apart(BASE, "gg/..;x"), Ok("http://a/b/c/;x".to_owned()));
        assert_eq!(
            apart(BASE, "gg/..;x?y#z"),
            Ok("http://a/b/c/;x?y#z".to_owned())
        );
        assert_eq!(apart(BASE, "http:gg/..;x"), Ok("http:/;x".to_owned()));
    }

    #[test]
    fn root_popped_by_dots_leaves_a_reference_with_a_scheme_its_own_path() {
        // 5.2.2: a reference with a scheme gives remove_dot_segments its own
        // path, not one merged with the base's.
        assert_leaves_alone(Id::RootPoppedByDots, &[(BASE, "g:h"), (BASE, "g:h/i")]);
    }

    #[test]
    fn a_numeric_host_is_an_address_only_if_each_part_fits() {
        let some = |s: &str| Some(s.to_owned());
        // Decimal parts, no leading zero; a trailing dot dropped; the host
        // written otherwise only when it changes.
        for (host, address) in [
            ("1.2.3.4.", some("1.2.3.4")),
            ("1.2.3.4", None),
            ("1.2.3.4.0", None),
            ("1.2.3.4.5.6", None),
            ("01.2.3.4", None),
            ("12345678901", None),
            (".", None),
            ("4294967295", some("255.255.255.255")),
            ("4294967296", None),
            ("1.65535", some("1.0.255.255")),
            ("1.65536", some("1.1.0.0")),
            ("1.16777216", None),
            ("1.2.256", some("1.2.1.0")),
            ("1.2.65536", None),
            ("255.2.3", some("255.2.0.3")),
            ("256.2.3", None),
        ] {
            assert_eq!(ipv4_of_numbers(host), address, "{host}");
        }
        // The WHATWG IPv4 parser: also hex (`0x`) and octal (a leading
        // zero) parts, an empty hex part being zero, always written out.
        for (host, address) in [
            ("1.2.3.4", some("1.2.3.4")),
            ("1.2.3.4.", some("1.2.3.4")),
            ("1.2.3.4.5", None),
            ("1.2.3.4.5.", None),
            ("0x7f.1", some("127.0.0.1")),
            ("0X7F.0.0.1", some("127.0.0.1")),
            ("0177.0.0.1", some("127.0.0.1")),
            ("0", some("0.0.0.0")),
            ("00", some("0.0.0.0")),
            ("0x", some("0.0.0.0")),
            ("09", None),
            ("0xg", None),
            ("1..2", None),
            ("", None),
            ("255.1.1.1", some("255.1.1.1")),
            ("256.1.1.1", None),
            ("4294967295", some("255.255.255.255")),
            ("4294967296", None),
            ("99999999999999999999999", None),
            ("1.16777215", some("1.255.255.255")),
            ("1.16777216", None),
            ("1.2.65535", some("1.2.255.255")),
            ("1.2.65536", None),
            ("1.2.3.255", some("1.2.3.255")),
            ("1.2.3.256", None),
        ] {
            assert_eq!(whatwg_ipv4(host), address, "{host}");
        }
    }
}
