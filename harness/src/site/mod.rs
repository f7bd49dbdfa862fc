//! `rfc1808 site`: a static site built from the JSON reports of `rfc1808
//! run`, the urltest view of what every library answers (docs/site.md).
//!
//! The pages: an index (every library against every spec it was graded
//! under), a page per library (its version and claim, its deviations, and
//! each finding as a text ready to file upstream), a page per deviation
//! (which libraries show it, with how many answers it explains), and a page
//! per vector (the answer under each spec and reading, and what every
//! library answers, grouped by answer). Every page is plain HTML with one
//! shared stylesheet; the index's sorting and filtering is the only script,
//! and the table reads the same without it.
//!
//! [`build`] reads the reports ([`input`]), gathers them by library and by
//! vector ([`Site`]), renders the pages (`pages.rs`) and puts the directory
//! in place whole (`write.rs`).

pub mod input;
mod pages;
mod write;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use rfc1808_vectors::Spec;

use input::{FuzzReport, Implementation, Report, Result_, RunReport};

pub use write::MARKER;

/// What was built, for the command's summary line.
#[derive(Debug)]
pub struct Built {
    pub reports: usize,
    pub libraries: usize,
    pub vectors: usize,
    pub deviations: usize,
    pub findings: usize,
    pub pages: usize,
}

/// Builds the site of the reports `inputs` (files, or directories of
/// `*.json`) into `out`, which must be empty, absent, or a site this
/// command built: anything else there is the user's, and is not replaced.
pub fn build(inputs: &[PathBuf], out: &Path) -> Result<Built> {
    write::check_out(out)?;
    let reports = input::read(inputs)?;
    let site = Site::gather(&reports)?;
    if site.libraries.is_empty() {
        bail!("no report of `rfc1808 run` among them: the site's pages are its libraries' grades");
    }
    let findings = site.findings();
    let pages = pages::render(&site, &findings);
    write::replace_dir(out, &pages)?;
    Ok(Built {
        reports: reports.len(),
        libraries: site.libraries.len(),
        vectors: site.vectors.len(),
        deviations: site.deviations.len(),
        findings: findings.values().map(Vec::len).sum(),
        pages: pages.len(),
    })
}

/// The reports, gathered by library and by vector.
pub struct Site<'r> {
    /// Each report's file and the tool version and vector set it names.
    pub sources: Vec<(String, &'r RunReport)>,
    pub libraries: BTreeMap<&'r str, Library<'r>>,
    pub vectors: BTreeMap<&'r str, Vector<'r>>,
    /// Each deviation some library shows: the library, the spec it was
    /// graded under and how many of its answers it explains.
    pub deviations: BTreeMap<&'r str, Vec<(&'r str, Spec, usize)>>,
    /// The fuzz runs of each library, with their report's file.
    pub fuzz: BTreeMap<&'r str, Vec<(String, &'r FuzzReport)>>,
}

/// One library: its grades under each spec, in spec order.
pub struct Library<'r> {
    pub name: &'r str,
    pub grades: Vec<Grade<'r>>,
    /// The specs its findings come from ([`Library::claimed_grades`]),
    /// once every report is gathered.
    pub claimed: Vec<Spec>,
}

/// Each library's findings ([`Library::findings`]), by name.
pub type Findings<'s> = BTreeMap<&'s str, Vec<Finding<'s>>>;

/// One library graded under one spec, by one report.
pub struct Grade<'r> {
    pub spec: Spec,
    pub report: &'r RunReport,
    pub file: String,
    pub imp: &'r Implementation,
}

/// One vector, and every library's result on it.
pub struct Vector<'r> {
    pub id: &'r str,
    pub base: Option<&'r str>,
    pub relative: &'r str,
    pub origin: &'r str,
    pub results: Vec<(&'r str, Spec, &'r Result_)>,
}

/// A finding: one way a library answers wrong, shown by the smallest
/// vector it answers that way.
pub struct Finding<'r> {
    pub library: &'r str,
    pub grade: &'r Grade<'r>,
    /// The deviations that explain it; empty when nothing does.
    pub explained_by: Vec<String>,
    pub result: &'r Result_,
    /// How many of its answers share these deviations.
    pub count: usize,
}

impl<'r> Site<'r> {
    /// Gathers `reports`; the same library graded under the same spec by
    /// two reports is an error that names both.
    pub fn gather(reports: &'r [(PathBuf, Report)]) -> Result<Site<'r>> {
        let mut site = Site {
            sources: Vec::new(),
            libraries: BTreeMap::new(),
            vectors: BTreeMap::new(),
            deviations: BTreeMap::new(),
            fuzz: BTreeMap::new(),
        };
        for (file, report) in reports {
            let file = file.display().to_string();
            match report {
                Report::Run(report) => {
                    site.sources.push((file.clone(), report));
                    for imp in &report.implementations {
                        site.add(&file, report, imp)?;
                    }
                }
                Report::Fuzz(fuzz) => site.add_fuzz(file, fuzz)?,
            }
        }
        for library in site.libraries.values_mut() {
            library.grades.sort_by_key(|g| g.spec);
            library.claimed = library.claimed_grades().iter().map(|g| g.spec).collect();
        }
        Ok(site)
    }

    /// Every library's findings, worked out once for all the pages.
    pub fn findings(&self) -> Findings<'_> {
        self.libraries
            .values()
            .map(|library| (library.name, library.findings()))
            .collect()
    }

    fn add_fuzz(&mut self, file: String, fuzz: &'r FuzzReport) -> Result<()> {
        let runs = self.fuzz.entry(&fuzz.implementation.name).or_default();
        if let Some((other, _)) = runs.iter().find(|(_, r)| r.spec == fuzz.spec) {
            bail!(
                "{} is fuzzed under {} by two reports, {other} and {file}: give one of them",
                fuzz.implementation.name,
                fuzz.spec
            );
        }
        runs.push((file, fuzz));
        // Each deviation it found has a page, graded or not.
        for d in &fuzz.deviations {
            self.deviations.entry(&d.name).or_default();
        }
        Ok(())
    }

    fn add(&mut self, file: &str, report: &'r RunReport, imp: &'r Implementation) -> Result<()> {
        let Some(spec) = Spec::ALL.into_iter().find(|s| s.name() == imp.graded_under) else {
            bail!(
                "{file}: {} is graded under `{}`, which is no spec this rfc1808 knows",
                imp.name,
                imp.graded_under
            );
        };
        let library = self.libraries.entry(&imp.name).or_insert_with(|| Library {
            name: &imp.name,
            grades: Vec::new(),
            claimed: Vec::new(),
        });
        if let Some(other) = library.grades.iter().find(|g| g.spec == spec) {
            bail!(
                "{} is graded under {} by two reports, {} and {file}: give one of them",
                imp.name,
                spec.title(),
                other.file
            );
        }
        library.grades.push(Grade {
            spec,
            report,
            file: file.to_owned(),
            imp,
        });
        for cause in &imp.causes {
            let shown = self.deviations.entry(&cause.deviation).or_default();
            shown.push((&imp.name, spec, cause.explains));
        }
        for result in &imp.results {
            let vector = self.vectors.entry(&result.id).or_insert_with(|| Vector {
                id: &result.id,
                base: result.base.as_deref(),
                relative: &result.relative,
                origin: &result.origin,
                results: Vec::new(),
            });
            vector.results.push((&imp.name, spec, result));
        }
        Ok(())
    }
}

impl<'r> Library<'r> {
    /// The version its handshake or the report gave, if any.
    pub fn version(&self) -> Option<&'r str> {
        self.grades.iter().find_map(|g| {
            g.imp.library_version.as_deref().or(g
                .imp
                .info
                .as_ref()
                .map(|i| i.implementation_version.as_str()))
        })
    }

    /// The language its handshake named, if any.
    pub fn language(&self) -> Option<&'r str> {
        self.grades
            .iter()
            .find_map(|g| g.imp.info.as_ref().map(|i| i.language.as_str()))
    }

    /// The spec it claims, as its handshake wrote it.
    pub fn claims(&self) -> Option<&'r str> {
        self.grades.iter().find_map(|g| g.imp.claims.as_deref())
    }

    /// The grades its findings come from: a bug by the library's own claim
    /// is a departure from the spec it claims, so the grade under that spec
    /// when it was graded under it; else every grade but RFC 1808's, which
    /// no current library follows, unless that is the only one.
    pub fn claimed_grades(&self) -> Vec<&Grade<'r>> {
        let claimed = self.claims().and_then(crate::implementation::claimed_spec);
        if let Some(grade) = self.grades.iter().find(|g| Some(g.spec) == claimed) {
            return vec![grade];
        }
        let others: Vec<&Grade<'r>> = self
            .grades
            .iter()
            .filter(|g| g.spec != Spec::Rfc1808)
            .collect();
        match others.is_empty() {
            true => self.grades.iter().collect(),
            false => others,
        }
    }

    /// Its findings under the specs of `claimed`
    /// ([`Library::claimed_grades`]): one per set of deviations that
    /// explains some of its answers, and one per answer nothing explains,
    /// each shown by its smallest vector.
    pub fn findings(&self) -> Vec<Finding<'_>> {
        let mut findings = Vec::new();
        let claimed = self
            .grades
            .iter()
            .filter(|g| self.claimed.contains(&g.spec));
        for grade in claimed {
            let mut by_cause: BTreeMap<Vec<String>, Vec<&Result_>> = BTreeMap::new();
            let mut unexplained = Vec::new();
            for result in grade.imp.results.iter().filter(|r| r.is_wrong()) {
                match result.explained_by() {
                    causes if causes.is_empty() => unexplained.push(result),
                    causes => by_cause.entry(causes).or_default().push(result),
                }
            }
            for (explained_by, results) in by_cause {
                let smallest = results.iter().copied().min_by_key(|r| size(r));
                let smallest = smallest.expect("a cause is listed with its results");
                findings.push(Finding {
                    library: self.name,
                    grade,
                    explained_by,
                    result: smallest,
                    count: results.len(),
                });
            }
            findings.extend(unexplained.into_iter().map(|result| Finding {
                library: self.name,
                grade,
                explained_by: Vec::new(),
                result,
                count: 1,
            }));
        }
        findings
    }
}

/// How long a case is to read: its base and reference together.
fn size(result: &Result_) -> (usize, &str) {
    let base = result.base.as_deref().unwrap_or("");
    (base.len() + result.relative.len(), &result.id)
}

/// The file name of a page named `name` (a library, a deviation, either
/// half of a vector's id): the name, with each byte outside letters,
/// digits, `.`, `_` and `-` written `~XX` (in hex), and a leading `.` too,
/// so that two names never share a page and none is hidden.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for (i, b) in name.bytes().enumerate() {
        match b {
            b'.' if i == 0 => out.push_str("~2E"),
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'_' | b'-' => out.push(char::from(b)),
            _ => out.push_str(&format!("~{b:02X}")),
        }
    }
    if out.is_empty() {
        out.push('~');
    }
    out
}
