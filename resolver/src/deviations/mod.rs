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
//!
//! Each of these steps is one file of this module, and a deviation stands
//! whole in the file of the step where it acts: its row of the catalogue
//! (name, sections, example, why), its model, and its tests (the cases it
//! changes, with and without it, and those it leaves alone). A deviation
//! that changes how the input is read is one entry of `read::READS`,
//! which [`explain`] also asks whether it changes an input. Adding one is
//! a row and a model in its step's file, cases in that file's tests, and a
//! line of the catalogue below, which gives it its [`Id`].

use std::fmt;
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

/// The rows of the catalogue one file of this module holds: each a
/// `const` [`Deviation`], beside the code that models it.
macro_rules! deviations {
    ($($row:ident = $name:literal, $same:literal, [$r1808:expr, $r2396:expr, $r3986:expr $(, $whatwg:expr)?], ($base:literal, $reference:literal), $description:literal, $why:literal;)*) => {
        $(pub(super) const $row: Deviation = Deviation {
            name: $name,
            description: $description,
            sections: Sections {
                rfc1808: $r1808,
                rfc2396: $r2396,
                rfc3986: $r3986,
                whatwg: deviations!(@or $($whatwg)?),
            },
            same_resource: $same,
            example: ($base, $reference),
            why: $why,
        };)*
    };
    // A deviation's section under the URL Standard, `None` when not given.
    (@or $whatwg:expr) => { $whatwg };
    (@or) => { None };
}

mod branch;
mod dots;
mod parts;
mod read;
mod refuse;
mod search;

#[cfg(test)]
mod tests;
mod undone;
mod write;

pub use search::{explain, explain_parse, Explanation, Wanted, MAX_LISTED_SET, MAX_SET};

use branch::{branch_before_resolving, resolve_params_apart};
use parts::*;
use read::{reads_input, transformed_input};
use refuse::{
    refused_authority_as_written, refused_host_as_written, refused_once_read, refused_once_written,
};
use undone::{parse_undoing, undone_changes};
use write::{normalize_host, recompose, rewrite_query_and_encoding};

macro_rules! catalogue {
    ($($id:ident = $index:literal => $row:path,)*) => {
        /// Every deviation, in the order of [`Id`].
        pub const CATALOGUE: &[Deviation] = &[$($row),*];

        /// A deviation of the catalogue, for code that acts on one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Id { $($id = $index),* }

        impl Id {
            /// Every deviation.
            pub const ALL: &'static [Id] = &[$(Id::$id),*];
        }
    };
}

// Each deviation's row stands in the file of the step where it acts
// (`read`: how the input is read; `refuse`: what is refused; `branch`: the
// branch of RFC 3986 5.2.2 taken; `dots`: the merge and
// `remove_dot_segments`; `write`: recomposition; `undone`: the URL
// Standard's changes undone), beside its model and its tests.
catalogue! {
    EmptyQueryDropped = 0 => read::EMPTY_QUERY_DROPPED,
    EmptyFragmentDropped = 1 => read::EMPTY_FRAGMENT_DROPPED,
    EmptyAuthorityDropped = 2 => read::EMPTY_AUTHORITY_DROPPED,
    EmptyParamsDropped = 3 => read::EMPTY_PARAMS_DROPPED,
    UnknownSchemeUnresolved = 4 => branch::UNKNOWN_SCHEME_UNRESOLVED,
    UnknownSchemeRejected = 5 => branch::UNKNOWN_SCHEME_REJECTED,
    OpaqueBaseReturned = 6 => branch::OPAQUE_BASE_RETURNED,
    OpaqueBaseRejected = 7 => branch::OPAQUE_BASE_REJECTED,
    EmptyHostRejected = 8 => refuse::EMPTY_HOST_REJECTED,
    BaseFragmentKept = 9 => branch::BASE_FRAGMENT_KEPT,
    DotsKeptInAbsolute = 10 => branch::DOTS_KEPT_IN_ABSOLUTE,
    EmptySegmentsCollapsed = 11 => read::EMPTY_SEGMENTS_COLLAPSED,
    AboveRootKept = 12 => dots::ABOVE_ROOT_KEPT,
    RootlessKeptRootless = 13 => dots::ROOTLESS_KEPT_ROOTLESS,
    SchemeLowercased = 14 => write::SCHEME_LOWERCASED,
    HostLowercased = 15 => write::HOST_LOWERCASED,
    EmptyPathSlash = 16 => write::EMPTY_PATH_SLASH,
    AuthorityAdded = 17 => write::AUTHORITY_ADDED,
    QueryKeepsPath = 18 => branch::QUERY_KEEPS_PATH,
    EmptyReferenceMerged = 19 => read::EMPTY_REFERENCE_MERGED,
    BaseDotsKept = 20 => dots::BASE_DOTS_KEPT,
    RootlessBaseRooted = 21 => read::ROOTLESS_BASE_ROOTED,
    DoubleSlashPathRejected = 22 => dots::DOUBLE_SLASH_PATH_REJECTED,
    QueryInBaseFragment = 23 => branch::QUERY_IN_BASE_FRAGMENT,
    UnreservedDecoded = 24 => read::UNRESERVED_DECODED,
    RootlessReferenceRejected = 25 => refuse::ROOTLESS_REFERENCE_REJECTED,
    ExtraSlashesSkipped = 26 => read::EXTRA_SLASHES_SKIPPED,
    OpaqueBaseUnresolved = 27 => branch::OPAQUE_BASE_UNRESOLVED,
    EmptyPortDropped = 28 => read::EMPTY_PORT_DROPPED,
    PercentHexUppercased = 29 => read::PERCENT_HEX_UPPERCASED,
    PortZerosStripped = 30 => read::PORT_ZEROS_STRIPPED,
    ReservedDecoded = 31 => read::RESERVED_DECODED,
    PercentEncodingRewritten = 32 => write::PERCENT_ENCODING_REWRITTEN,
    AuthorityWithoutSlashes = 33 => read::AUTHORITY_WITHOUT_SLASHES,
    RegNameRestricted = 34 => refuse::REG_NAME_RESTRICTED,
    HostEndedEarly = 35 => read::HOST_ENDED_EARLY,
    NumericHostIpv4 = 36 => write::NUMERIC_HOST_IPV4,
    EmptyPortRejected = 37 => refuse::EMPTY_PORT_REJECTED,
    RootPoppedByDots = 38 => dots::ROOT_POPPED_BY_DOTS,
    InvalidUtf8Replaced = 39 => read::INVALID_UTF8_REPLACED,
    EmptyPathSlashAnyScheme = 40 => write::EMPTY_PATH_SLASH_ANY_SCHEME,
    EmptyAuthorityIgnored = 41 => read::EMPTY_AUTHORITY_IGNORED,
    OpaqueBasePathDropped = 42 => read::OPAQUE_BASE_PATH_DROPPED,
    SingleSlashAuthority = 43 => read::SINGLE_SLASH_AUTHORITY,
    KnownSchemeAuthorityAdded = 44 => write::KNOWN_SCHEME_AUTHORITY_ADDED,
    HostLabelsChecked = 45 => refuse::HOST_LABELS_CHECKED,
    DefaultPortDropped = 46 => write::DEFAULT_PORT_DROPPED,
    PortWithoutHostRejected = 47 => refuse::PORT_WITHOUT_HOST_REJECTED,
    UserinfoDroppedWithoutHost = 48 => read::USERINFO_DROPPED_WITHOUT_HOST,
    QuerySemicolonsAsAmpersands = 49 => write::QUERY_SEMICOLONS_AS_AMPERSANDS,
    FileHostRejected = 50 => refuse::FILE_HOST_REJECTED,
    UnreservedDecodedOutsideHost = 51 => read::UNRESERVED_DECODED_OUTSIDE_HOST,
    HostUnreservedDecoded = 52 => read::HOST_UNRESERVED_DECODED,
    UnreservedDecodedExceptDotSegments = 53 => read::UNRESERVED_DECODED_EXCEPT_DOT_SEGMENTS,
    AuthorityMergedByPart = 54 => read::AUTHORITY_MERGED_BY_PART,
    PortZeroDropped = 55 => read::PORT_ZERO_DROPPED,
    RootlessBaseResultRootless = 56 => dots::ROOTLESS_BASE_RESULT_ROOTLESS,
    OpaqueAuthorityParsed = 57 => read::OPAQUE_AUTHORITY_PARSED,
    HostlessMergeUnrooted = 58 => dots::HOSTLESS_MERGE_UNROOTED,
    FileAuthorityHostOnly = 59 => read::FILE_AUTHORITY_HOST_ONLY,
    TripleSlashIsPath = 60 => read::TRIPLE_SLASH_IS_PATH,
    HostAsFirstSegment = 61 => branch::HOST_AS_FIRST_SEGMENT,
    EmptyAuthorityFromBase = 62 => read::EMPTY_AUTHORITY_FROM_BASE,
    ReferenceUserinfoDropped = 63 => read::REFERENCE_USERINFO_DROPPED,
    SchemeReferenceTakesBaseHost = 64 => read::SCHEME_REFERENCE_TAKES_BASE_HOST,
    EmptyQueryUnwritten = 65 => write::EMPTY_QUERY_UNWRITTEN,
    EmptyPortBaseUnresolved = 66 => branch::EMPTY_PORT_BASE_UNRESOLVED,
    SlashlessBaseLosesLastCharacter = 67 => read::SLASHLESS_BASE_LOSES_LAST_CHARACTER,
    HostlessResultRejected = 68 => refuse::HOSTLESS_RESULT_REJECTED,
    PortOutOfRangeRejected = 69 => refuse::PORT_OUT_OF_RANGE_REJECTED,
    UnreservedDecodedButPathDots = 70 => read::UNRESERVED_DECODED_BUT_PATH_DOTS,
    RootlessEmptiedDotSlash = 71 => dots::ROOTLESS_EMPTIED_DOT_SLASH,
    NetlocSchemeAuthorityAdded = 72 => write::NETLOC_SCHEME_AUTHORITY_ADDED,
    BaseDirectoryDecoded = 73 => branch::BASE_DIRECTORY_DECODED,
    BaseDotsPopped = 74 => read::BASE_DOTS_POPPED,
    EmptyUserinfoBaseRejected = 75 => refuse::EMPTY_USERINFO_BASE_REJECTED,
    ParamsSetApart = 76 => branch::PARAMS_SET_APART,
    WhatwgIpv4Host = 77 => refuse::WHATWG_IPV4_HOST,
    HostDecoded = 78 => read::HOST_DECODED,
    CaretUnencodedInPath = 79 => undone::CARET_UNENCODED_IN_PATH,
    AsciiDomainChecked = 80 => undone::ASCII_DOMAIN_CHECKED,
    OpaquePathSpaceUnencoded = 81 => undone::OPAQUE_PATH_SPACE_UNENCODED,
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

    // The input as the deviations of `set` read it, parsed again only
    // where they changed it.
    let read = reads_input(set).then(|| transformed_input(set, base, reference));
    let (base, reference, b, r) = match &read {
        Some((read_base, read_reference)) if read_base != base || read_reference != reference => (
            read_base.as_str(),
            read_reference.as_str(),
            parse(read_base),
            parse(read_reference),
        ),
        _ => (base, reference, b, r),
    };
    refused_once_read(set, &b, &r)?;

    let mut resolved = if unresolved {
        reference.to_owned()
    } else {
        resolve_parsed(reference_resolver, set, (base, b), (reference, r))?
    };
    recompose(set, &mut resolved, &b, &r);
    normalize_host(set, &mut resolved);
    rewrite_query_and_encoding(set, &mut resolved);
    refused_once_written(set, &resolved)?;
    Ok(resolved)
}

/// The reference resolved, once its parsing deviations have made `base`
/// and `reference` what the library reads: the branch of 5.2.2 taken, the
/// merge and `remove_dot_segments`, as `set` changes them.
fn resolve_parsed<'a>(
    reference_resolver: Reference<'_>,
    set: Set,
    (base, b): (&'a str, Components<'a>),
    (reference, r): (&'a str, Components<'a>),
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
        b,
        r,
    };
    let mut resolved = resolving.branch_taken()?;
    resolving.keep_base_fragment(&mut resolved);
    resolving.remove_rootless_dots(&mut resolved);
    resolving.pop_dots(&mut resolved)?;
    Ok(resolved)
}

/// Whether `c` has a scheme of [`KNOWN_SCHEMES`].
fn known_scheme(c: &Components<'_>) -> bool {
    c.scheme.is_some_and(|s| one_of(&KNOWN_SCHEMES, s))
}
