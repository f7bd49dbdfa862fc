//! Replays saved fuzz inputs through the fuzz targets' properties on stable:
//! the committed seeds (`fuzz/seeds/<target>/`), and when they exist the
//! local corpus (`fuzz/corpus/<target>/`) and crash artifacts
//! (`fuzz/artifacts/<target>/`), plus the seeds made from the vectors. Every
//! file holds the bytes of one [`Input`], whatever the target, so each is
//! checked against every property that needs no external implementation.

use std::path::{Path, PathBuf};

use rfc1808_fuzzgen::{properties, seeds, Input};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// Every file under `dir/<target>/`; none if `dir` does not exist.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(targets) = std::fs::read_dir(dir) else {
        return files;
    };
    for target in targets {
        let target = target.unwrap().path();
        if target.is_dir() {
            for file in std::fs::read_dir(&target).unwrap() {
                let file = file.unwrap().path();
                if file.is_file() {
                    files.push(file);
                }
            }
        }
    }
    files.sort();
    files
}

fn replay(files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .filter_map(|file| {
            let bytes = std::fs::read(file).unwrap();
            properties::check_all(&Input::from_bytes(&bytes))
                .err()
                .map(|finding| format!("{}: {finding}", file.display()))
        })
        .collect()
}

#[test]
fn committed_seeds_hold_every_property() {
    let files = files_under(&fuzz_dir().join("seeds"));
    assert!(
        files.len() >= 10,
        "fuzz/seeds/ should hold the curated seeds, found {} files",
        files.len()
    );
    let findings = replay(&files);
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn local_corpus_and_artifacts_hold_every_property() {
    let mut files = files_under(&fuzz_dir().join("corpus"));
    files.extend(files_under(&fuzz_dir().join("artifacts")));
    let findings = replay(&files);
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn seeds_made_from_the_vectors_hold_every_property() {
    let seeds = seeds(&rfc1808_vectors::embedded());
    assert!(seeds.len() > 100);
    let findings: Vec<String> = seeds
        .iter()
        .filter_map(|(name, input)| {
            properties::check_all(input)
                .err()
                .map(|f| format!("{name}: {f}"))
        })
        .collect();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}
