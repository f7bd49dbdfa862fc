//! The readings docs are generated from the registries and the vectors
//! (`tests/later_rfcs.rs` checks the vectors' answers under each reading).

use rfc1808_vectors::Spec;

#[test]
fn docs_readings_md_is_generated_from_the_registry_and_the_vectors() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/readings.md");
    let want = rfc1808_vectors::readings::markdown(&rfc1808_vectors::embedded(), Spec::Rfc1808);
    if std::env::var_os("UPDATE_READINGS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/readings.md differs from the registry and the vectors; regenerate it with \
         `UPDATE_READINGS=1 cargo test -p rfc1808-vectors --test readings`"
    );
}
