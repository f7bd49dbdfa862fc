//! `vectors/wpt/vectors.toml`, the web-platform tests' URL entries with a
//! base as resolve vectors, is generated from `vectors/wpt/urltestdata.json`
//! and stays so: regenerate it with
//!
//! ```sh
//! UPDATE_WPT_VECTORS=1 cargo test -p rfc1808-harness --test wpt_vectors
//! ```
//!
//! Each entry becomes one vector, its answers those of the
//! reference resolvers as `rfc1808 promote` writes them: under the URL
//! Standard the `href`, or `{ rejects = "why" }` for a failure, and under
//! each RFC its answer or `undefined`. The URL Standard's answer is the
//! data's, but for the entries where the data and the standard at the
//! pinned commit disagree (`resolver/tests/whatwg_wpt.rs` lists them, with
//! the change): there the standard wins, and the note says what the data
//! expects. An id is `wpt/` and a digest of the base and input, so it
//! names the same case whatever the data's order. An entry without a base
//! (`"base": null`) is an absolute parse: a vector with no `base` key,
//! whose URL Standard answer is `new URL(input)`'s.

use std::collections::HashSet;
use std::path::Path;

use rfc1808_harness::promote::{vector_table, Candidate};
use rfc1808_vectors::Spec;
use serde_json::Value;

const DATA: &str = include_str!("../../vectors/wpt/urltestdata.json");

const HEADER: &str = "\
# The web-platform tests' URL entries (vectors/wpt/README.md) as resolve
# vectors, those without a base as absolute parses (no `base` key):
# generated from vectors/wpt/urltestdata.json, do not edit. Regenerate with
#   UPDATE_WPT_VECTORS=1 cargo test -p rfc1808-harness --test wpt_vectors
# They run beside the built-in vectors when a run grades by the URL Standard
# (`rfc1808 run --spec whatwg`).
";

/// 64-bit FNV-1a of `bytes`: a digest that stays the same on every machine
/// and version, for ids.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The file as it must be: every entry of the data, in the data's order,
/// each pair once.
fn generated() -> String {
    let data: Value = serde_json::from_str(DATA).expect("urltestdata.json is JSON");
    let mut seen = HashSet::new();
    let entries: Vec<Entry<'_>> = data
        .as_array()
        .expect("an array")
        .iter()
        .enumerate()
        .filter_map(|(index, entry)| {
            // A string is a comment; an entry has an input, and a base or null.
            let input = entry.get("input").and_then(Value::as_str)?;
            let base = entry.get("base").and_then(Value::as_str);
            let href = entry.get("href").and_then(Value::as_str);
            seen.insert((base, input)).then_some(Entry {
                index,
                input,
                base,
                href,
            })
        })
        .collect();
    // A table is the reference's answers under every spec and every
    // reading, twice: the slow part, spread over the machine's cores and
    // put back in the data's order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = entries.len().div_ceil(threads).max(1);
    let tables: Vec<String> = std::thread::scope(|scope| {
        let parts: Vec<_> = entries
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(table).collect::<Vec<_>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().expect("a table is written or the test fails"))
            .collect()
    });
    let mut out = HEADER.to_owned();
    for table in tables {
        out.push('\n');
        out.push_str(&table);
    }
    out
}

/// One entry of the data: its index in the JSON array (comments included),
/// input, base (`None`: `null`, an absolute parse) and `href` (`None`: a
/// failure).
struct Entry<'d> {
    index: usize,
    input: &'d str,
    base: Option<&'d str>,
    href: Option<&'d str>,
}

/// The vector table of `entry`.
fn table(entry: &Entry<'_>) -> String {
    let Entry {
        index,
        input,
        base,
        href,
    } = *entry;
    let parsed = rfc1808_resolver::whatwg::parse(input, base).map(|url| url.href());
    let agrees = match (parsed, href) {
        (Ok(url), Some(href)) => url == href,
        (Err(_), None) => true,
        _ => false,
    };
    // Where the standard at the pinned commit wins (whatwg_wpt.rs's
    // SPEC_WINS names the change), the note says what the data expects.
    let note = match (agrees, href) {
        (true, _) => String::new(),
        (false, Some(href)) => format!(
            "The standard at the pinned commit differs from the web-platform tests, \
             which expect `{href}` (resolver/tests/whatwg_wpt.rs names the change)."
        ),
        (false, None) => "The standard at the pinned commit differs from the \
                          web-platform tests, which expect a failure \
                          (resolver/tests/whatwg_wpt.rs names the change)."
            .to_owned(),
    };
    let finding = Candidate {
        base: base.map(str::to_owned),
        relative: input.to_owned(),
        source: format!("web-platform-tests url/resources/urltestdata.json, entry {index}"),
        note,
        spec: Some(Spec::Whatwg),
    };
    let id = match base {
        Some(base) => format!("wpt/{:016x}", fnv1a(format!("{base}\0{input}").as_bytes())),
        None => format!("wpt/parse-{:016x}", fnv1a(input.as_bytes())),
    };
    vector_table(&id, &finding, "wpt")
        .unwrap_or_else(|d| panic!("entry {index}: the reference disagrees with itself: {d:?}"))
}

#[test]
fn the_wpt_vectors_are_generated_from_the_data() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/wpt/vectors.toml");
    let want = generated();
    if std::env::var_os("UPDATE_WPT_VECTORS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "vectors/wpt/vectors.toml differs from vectors/wpt/urltestdata.json; regenerate it \
         with `UPDATE_WPT_VECTORS=1 cargo test -p rfc1808-harness --test wpt_vectors`"
    );
}
