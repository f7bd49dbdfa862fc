//! The site's pages, each rendered by one function from the gathered
//! [`Site`], a section per function. Every page links the stylesheet and
//! the four lists (index, vectors, deviations, findings) relative to
//! itself, so the site opens from disk.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

use rfc1808_resolver::deviations::{Deviation, Id};
use rfc1808_resolver::spec::Reference;
use rfc1808_vectors::Spec;

use super::input::Result_;
use super::{slug, Finding, Findings, Grade, Library, Site, Vector};
use crate::report::html::{html, shown};

/// Every page of `site`: its path under the site's root and its text.
pub fn render(site: &Site<'_>, findings: &Findings<'_>) -> Vec<(PathBuf, String)> {
    let mut pages = vec![
        (PathBuf::from("style.css"), CSS.trim_start().to_owned()),
        (PathBuf::from("index.html"), index(site)),
        (PathBuf::from("vectors.html"), vectors(site)),
        (PathBuf::from("deviations.html"), deviations(site)),
        (
            PathBuf::from("findings.html"),
            findings_page(site, findings),
        ),
    ];
    for library in site.libraries.values() {
        let its = findings.get(library.name).map_or(&[][..], Vec::as_slice);
        pages.push((
            PathBuf::from(library_href("", library.name)),
            library_page(site, library, its),
        ));
    }
    for (name, shown) in &site.deviations {
        pages.push((
            PathBuf::from(deviation_href("", name)),
            deviation_page(site, name, shown),
        ));
    }
    for vector in site.vectors.values() {
        pages.push((
            PathBuf::from(vector_href("", vector.id)),
            vector_page(site, vector),
        ));
    }
    pages
}

fn library_href(root: &str, name: &str) -> String {
    format!("{root}lib/{}.html", slug(name))
}

fn deviation_href(root: &str, name: &str) -> String {
    format!("{root}deviation/{}.html", slug(name))
}

fn vector_href(root: &str, id: &str) -> String {
    let (group, name) = id.split_once('/').unwrap_or(("", id));
    format!("{root}vector/{}/{}.html", slug(group), slug(name))
}

/// A whole page: `root` leads from it to the site's root (`../` from a
/// library's page).
fn page(root: &str, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"{root}style.css\">\n</head>\n<body>\n\
         <nav><a href=\"{root}index.html\">Libraries</a> · <a href=\"{root}vectors.html\">Vectors</a> · \
         <a href=\"{root}deviations.html\">Deviations</a> · <a href=\"{root}findings.html\">Findings</a></nav>\n\
         <main>\n{body}</main>\n</body>\n</html>\n",
        title = html(title),
    )
}

/// The index: every library against every spec it was graded under.
fn index(site: &Site<'_>) -> String {
    let specs = graded_specs(site);
    let mut body = String::from("<h1>Relative URL resolution: the libraries</h1>\n");
    body.push_str(&sources(site));
    body.push_str(
        "<p>Each cell: vectors passed / expected failures (listed in the library's expectations), \
         and failures that fail its run. Click a heading to sort, or type to filter (needs JavaScript; <code>index.html#filter=python</code> opens filtered).</p>\n\
         <p><label>Filter <input id=\"filter\" type=\"search\" placeholder=\"name, language, spec\"></label></p>\n\
         <table id=\"libraries\" class=\"sortable\">\n<thead><tr><th>Library</th><th>Language</th>\
         <th>Version</th><th>Claims</th>",
    );
    for spec in &specs {
        let _ = write!(body, "<th>{}</th>", spec.title());
    }
    body.push_str(
        "<th>Fingerprint <small>answers as each spec</small></th>\
         <th>Fuzzed <small>mismatches of cases (unexplained)</small></th></tr></thead>\n<tbody>\n",
    );
    for library in site.libraries.values() {
        index_row(&mut body, library, &specs);
        fuzz_cell(&mut body, site, library.name);
    }
    body.push_str("</tbody>\n</table>\n");
    body.push_str(SORT_AND_FILTER);
    page("", "Relative URL resolution: the libraries", &body)
}

fn index_row(body: &mut String, library: &Library<'_>, specs: &[Spec]) {
    let href = library_href("", library.name);
    let _ = write!(
        body,
        "<tr><th><a href=\"{href}\">{}</a></th><td>{}</td><td>{}</td><td>{}</td>",
        html(library.name),
        html(library.language().unwrap_or("")),
        html(library.version().unwrap_or("")),
        html(library.claims().unwrap_or("none")),
    );
    for spec in specs {
        match library.grades.iter().find(|g| g.spec == *spec) {
            Some(g) => {
                let c = &g.imp.counts;
                let failing = c.failed + c.errors + c.unexpected_passes;
                let class = if g.imp.ok { "ok" } else { "failing" };
                let _ = write!(
                    body,
                    "<td class=\"n {class}\" data-sort=\"{}\"><a href=\"{href}#{}\">{} / {}</a>{}</td>",
                    c.passed,
                    spec.name(),
                    c.passed,
                    c.expected_failures,
                    if failing > 0 { format!(" <strong>{failing} failing</strong>") } else { String::new() },
                );
            }
            None => body.push_str(
                "<td class=\"none\" data-sort=\"-1\" title=\"not graded under this spec\">–</td>",
            ),
        }
    }
    let _ = write!(body, "<td>{}</td>", fingerprint(&library.grades[0]));
}

/// The index's cell of a library's fuzz runs: under each spec, the
/// mismatches of the cases, and how many nothing explains.
fn fuzz_cell(body: &mut String, site: &Site<'_>, library: &str) {
    let runs = site.fuzz.get(library).map_or(&[][..], Vec::as_slice);
    let mismatches: usize = runs.iter().map(|(_, r)| r.mismatches).sum();
    let each: Vec<String> = runs
        .iter()
        .map(|(_, r)| {
            format!(
                "{}: {} of {} ({})",
                html(&spec_title(&r.spec)),
                r.mismatches,
                r.cases,
                r.unexplained
            )
        })
        .collect();
    let shown = match each.is_empty() {
        true => "not fuzzed".to_owned(),
        false => format!(
            "<a href=\"{}#fuzzing\">{}</a>",
            library_href("", library),
            each.join("<br>")
        ),
    };
    let _ = writeln!(body, "<td data-sort=\"{mismatches}\">{shown}</td></tr>");
}

/// `RFC 1808 612 · RFC 2396 629 · … of 969`: of the vectors it answered,
/// how many as each spec does.
fn fingerprint(grade: &Grade<'_>) -> String {
    let of = grade.imp.agreement.first().map_or(0, |a| a.of);
    let each: Vec<String> = grade
        .imp
        .agreement
        .iter()
        .map(|a| format!("{} {}", html(&spec_title(&a.spec)), a.agrees))
        .collect();
    format!("{} <small>of {of}</small>", each.join(" · "))
}

fn spec_title(name: &str) -> String {
    Spec::ALL
        .into_iter()
        .find(|s| s.name() == name)
        .map_or_else(|| name.to_owned(), Spec::title)
}

fn graded_specs(site: &Site<'_>) -> Vec<Spec> {
    let mut specs: Vec<Spec> = site
        .libraries
        .values()
        .flat_map(|l| l.grades.iter().map(|g| g.spec))
        .collect();
    specs.sort();
    specs.dedup();
    specs
}

/// What the site was built from: each report, its tool version and vector set.
fn sources(site: &Site<'_>) -> String {
    let mut out = String::from("<details class=\"sources\"><summary>Built from ");
    let fuzz = site.fuzz.values().map(Vec::len).sum::<usize>();
    let _ = write!(
        out,
        "{} run report(s) and {fuzz} fuzz report(s)</summary><ul>",
        site.sources.len()
    );
    for (file, report) in &site.sources {
        let _ = write!(
            out,
            "<li><code>{}</code>: rfc1808 {}, vector set <code>{}</code>, {} implementation(s)</li>",
            html(file),
            html(&report.tool.version),
            html(&report.vectors),
            report.implementations.len()
        );
    }
    let fuzz: Vec<&String> = site.fuzz.values().flatten().map(|(file, _)| file).collect();
    if !fuzz.is_empty() {
        let _ = write!(out, "<li>{} fuzz report(s): ", fuzz.len());
        let files: Vec<String> = fuzz
            .iter()
            .map(|f| format!("<code>{}</code>", html(f)))
            .collect();
        let _ = write!(out, "{}</li>", files.join(", "));
    }
    out.push_str("</ul></details>\n");
    out
}

/// One library: what it is, each spec it was graded under, its findings.
fn library_page(site: &Site<'_>, library: &Library<'_>, findings: &[Finding<'_>]) -> String {
    let mut body = format!("<h1>{}</h1>\n<dl>", html(library.name));
    let about = [
        ("Version", library.version()),
        ("Language", library.language()),
        ("Claims", library.claims()),
    ];
    for (what, value) in about {
        let _ = write!(
            body,
            "<dt>{what}</dt><dd>{}</dd>",
            html(value.unwrap_or("not said"))
        );
    }
    if let Some(command) = library.grades.iter().find_map(|g| g.imp.command.as_ref()) {
        let _ = write!(
            body,
            "<dt>Adapter</dt><dd><code>{}</code></dd>",
            html(&command.join(" "))
        );
    }
    body.push_str("</dl>\n");
    for grade in &library.grades {
        grade_section(&mut body, grade);
    }
    fuzz_section(&mut body, site, library.name);
    let _ = writeln!(
        body,
        "<h2 id=\"findings\">Findings ({})</h2>",
        findings.len()
    );
    body.push_str("<p>One per set of deviations that explains some of its answers, and one per answer nothing explains, each shown by its smallest vector, as a text to paste into an issue.</p>\n");
    for finding in findings {
        finding_section(&mut body, site, finding, "../");
    }
    page("../", library.name, &body)
}

fn grade_section(body: &mut String, grade: &Grade<'_>) {
    let (spec, imp) = (grade.spec, grade.imp);
    let c = &imp.counts;
    let _ = writeln!(
        body,
        "<h2 id=\"{}\">Under {}</h2>\n<p>{} vectors: {} passed, {} expected failures, {} failed, {} errors, \
         {} unexpected passes, {} not representable, {} with no answer under the spec. The run {}.</p>",
        spec.name(),
        spec.title(),
        c.total,
        c.passed,
        c.expected_failures,
        c.failed,
        c.errors,
        c.unexpected_passes,
        c.not_representable,
        c.no_answer,
        if imp.ok { "passes" } else { "fails" },
    );
    let _ = writeln!(
        body,
        "<p>Fingerprint: {}. Expectations: {}. Report: <code>{}</code>.</p>",
        fingerprint(grade),
        imp.expectations
            .as_deref()
            .map_or("none".to_owned(), |e| format!("<code>{}</code>", html(e))),
        html(&grade.file)
    );
    if let Some(rerun) = &imp.rerun {
        let _ = writeln!(
            body,
            "<p>Reproduce it locally:</p><pre>{}</pre>",
            html(rerun)
        );
    }
    causes_table(body, imp);
}

/// The deviations that explain an implementation's answers, with how
/// many each explains, and how many nothing explains.
fn causes_table(body: &mut String, imp: &super::input::Implementation) {
    if imp.causes.is_empty() && imp.unexplained == 0 {
        return;
    }
    body.push_str("<table><thead><tr><th>Deviation</th><th>Answers it explains</th><th>Section</th><th>Same resource</th><th>Example</th></tr></thead><tbody>\n");
    for cause in &imp.causes {
        let example = Deviation::named(&cause.deviation).map_or(String::new(), |id| {
            let (base, reference) = id.deviation().example;
            format!(
                "<code>{}</code> against <code>{}</code>",
                html(&shown(reference)),
                html(&shown(base))
            )
        });
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{example}</td></tr>",
            deviation_href("../", &cause.deviation),
            html(&cause.deviation),
            cause.explains,
            html(&cause.section),
            if cause.same_resource { "yes" } else { "no" },
        );
    }
    if imp.unexplained > 0 {
        let _ = writeln!(body, "<tr><td>nothing in the catalogue</td><td class=\"n\">{}</td><td></td><td></td><td></td></tr>", imp.unexplained);
    }
    body.push_str("</tbody></table>\n");
}

/// A library's fuzz runs: what each tried and found, by deviation.
fn fuzz_section(body: &mut String, site: &Site<'_>, library: &str) {
    let Some(runs) = site.fuzz.get(library) else {
        return;
    };
    body.push_str("<h2 id=\"fuzzing\">Fuzzing</h2>\n");
    for (file, run) in runs {
        let _ = writeln!(
            body,
            "<h3>Under {}, seed {}</h3>\n<p>{} cases: {} mismatches, {} explained by deviations, {} that nothing explains, \
             {} new kinds. Report: <code>{}</code>.</p>\n<pre>{}</pre>",
            html(&spec_title(&run.spec)),
            run.seed,
            run.cases,
            run.mismatches,
            run.explained,
            run.unexplained,
            run.new_kinds,
            html(file),
            html(&run.rerun)
        );
        if run.deviations.is_empty() {
            continue;
        }
        body.push_str("<table><thead><tr><th>Deviation</th><th>Mismatches it explains</th><th>Listed in its expectations</th></tr></thead><tbody>\n");
        for d in &run.deviations {
            let _ = writeln!(
                body,
                "<tr><td><a href=\"{}\">{}</a></td><td class=\"n\">{}</td><td>{}</td></tr>",
                deviation_href("../", &d.name),
                html(&d.name),
                d.count,
                if d.listed { "yes" } else { "no: new" }
            );
        }
        body.push_str("</tbody></table>\n");
    }
}

/// A finding, with its text ready to file upstream.
fn finding_section(body: &mut String, site: &Site<'_>, finding: &Finding<'_>, root: &str) {
    let title = match finding.explained_by.is_empty() {
        true => "an answer nothing in the catalogue explains".to_owned(),
        false => finding.explained_by.join(" + "),
    };
    let _ = writeln!(
        body,
        "<section class=\"finding\" id=\"{}\"><h3>{} under {}: {}</h3>\n<p>Shown by <a href=\"{}\">{}</a>; {} answer(s) like it.</p>\n<pre class=\"upstream\">{}</pre></section>",
        anchor(finding.library, finding.grade.spec, &finding.explained_by, &finding.result.id),
        html(finding.library),
        finding.grade.spec.title(),
        html(&title),
        vector_href(root, &finding.result.id),
        html(&finding.result.id),
        finding.count,
        html(&upstream(site, finding)),
    );
}

/// The id of a finding's section on its library's page (and on the
/// findings page): the library, the spec, and the deviations that explain
/// it, or the vector nothing explains.
fn anchor(library: &str, spec: Spec, explained_by: &[String], id: &str) -> String {
    let what = match explained_by.is_empty() {
        true => format!("unexplained-{}", slug(id)),
        false => explained_by.join("+"),
    };
    format!("finding-{}-{}-{what}", slug(library), spec.name())
}

/// The anchor of the finding that `result`, `library`'s answer under
/// `spec`, belongs to, when it is a wrong answer under a spec its findings
/// come from ([`Library::claimed_grades`]).
fn finding_of(site: &Site<'_>, library: &str, spec: Spec, result: &Result_) -> Option<String> {
    let claimed = &site.libraries.get(library)?.claimed;
    if !result.is_wrong() || !claimed.contains(&spec) {
        return None;
    }
    Some(anchor(library, spec, &result.explained_by(), &result.id))
}

/// The text of an issue for the library's tracker: the case, the answer,
/// what the spec says and where, the version, and the vector that pins it.
pub fn upstream(site: &Site<'_>, finding: &Finding<'_>) -> String {
    let (r, spec) = (finding.result, finding.grade.spec);
    let library = site.libraries.get(finding.library);
    let version = library
        .and_then(Library::version)
        .unwrap_or("(version not reported)");
    let mut text = format!(
        "{} {version} resolves the reference `{}` against the base {} to:\n\n    {}\n\n{} gives:\n\n    {}\n\n",
        finding.library,
        shown(&r.relative),
        r.base.as_deref().map_or("(none: an absolute parse)".to_owned(), |b| format!("`{}`", shown(b))),
        answer(r),
        spec.title(),
        expected(r),
    );
    for name in &finding.explained_by {
        let Some(id) = Deviation::named(name) else {
            continue;
        };
        let d = id.deviation();
        let section = d.sections.of(spec).unwrap_or("");
        let _ = writeln!(
            text,
            "The difference, `{name}` in the rfc1808 catalogue of deviations ({}, section {section}): {}.\n\nBackground: {}.\n",
            spec.title(),
            d.description,
            d.why
        );
    }
    if finding.explained_by.is_empty() {
        text.push_str("No deviation in the rfc1808 catalogue explains this answer.\n\n");
    }
    if let (Some(reproducer), Some(base)) = (&finding.grade.imp.reproduce, &r.base) {
        match reproducer.of_case(base, &r.relative) {
            Ok(case) => {
                let _ = writeln!(text, "To reproduce, {}", case.shown());
            }
            Err(why) => {
                let _ = writeln!(text, "No reproducer: {why}.\n");
            }
        }
    }
    let _ = write!(
        text,
        "The case is the vector `{}` ({}) of the rfc1808 conformance suite, {} vector set {}. \
         Answers that differ this way, among the suite's vectors: {}. To rerun the suite's case:\n\n    {}\n",
        r.id,
        r.origin,
        finding.grade.report.tool.version,
        finding.grade.report.vectors,
        finding.count,
        r.rerun
    );
    text
}

fn answer(r: &Result_) -> String {
    match r.answer.kind.as_str() {
        "resolved" => shown(&r.answer.value),
        kind => format!("({}: {})", kind.replace('_', " "), shown(&r.answer.value)),
    }
}

fn expected(r: &Result_) -> String {
    match (&r.expected, &r.expected_rejection) {
        (Some(url), _) => shown(url),
        (None, Some(why)) => format!("(a rejection: {why})"),
        (None, None) => "(no answer)".to_owned(),
    }
}

/// The list of deviations some library shows.
fn deviations(site: &Site<'_>) -> String {
    let mut body = String::from("<h1>Deviations</h1>\n<p>Each way of departing from a spec that explains some library's answers, with the libraries that show it: how many of their answers to the vectors it explains, under the spec each was graded under, the most first.</p>\n<table><thead><tr><th>Deviation</th><th>What it does</th><th>Libraries</th></tr></thead><tbody>\n");
    for (name, shown) in &site.deviations {
        let description = Deviation::named(name).map_or("", |id| id.deviation().description);
        // Each library once, the most first, with its count under each spec.
        let mut by_library: BTreeMap<&str, Vec<(Spec, usize)>> = BTreeMap::new();
        for &(library, spec, explains) in shown {
            by_library
                .entry(library)
                .or_default()
                .push((spec, explains));
        }
        let mut rows: Vec<_> = by_library.into_iter().collect();
        let most = |counts: &[(Spec, usize)]| counts.iter().map(|c| c.1).max().unwrap_or(0);
        rows.sort_by(|a, b| most(&b.1).cmp(&most(&a.1)).then(a.0.cmp(b.0)));
        let libraries: Vec<String> = rows
            .iter()
            .map(|(library, counts)| {
                let counts: Vec<String> = counts
                    .iter()
                    .map(|(spec, n)| format!("{n} under {}", spec.title()))
                    .collect();
                format!(
                    "<a href=\"{}\">{}</a> <small>({})</small>",
                    library_href("", library),
                    html(library),
                    counts.join(", ")
                )
            })
            .collect();
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td></tr>",
            deviation_href("", name),
            html(name),
            html(description),
            libraries.join(", ")
        );
    }
    body.push_str("</tbody></table>\n");
    page("", "Deviations", &body)
}

/// One deviation: what it is, where it departs, who shows it.
fn deviation_page(site: &Site<'_>, name: &str, shown: &[(&str, Spec, usize)]) -> String {
    let mut body = format!("<h1>{}</h1>\n", html(name));
    match Deviation::named(name) {
        Some(id) => deviation_about(&mut body, id),
        None => body.push_str(
            "<p>Not in this rfc1808's catalogue: the reports come from another version.</p>\n",
        ),
    }
    body.push_str("<h2>Libraries</h2>\n<table><thead><tr><th>Library</th><th>Graded under</th><th>Answers it explains</th></tr></thead><tbody>\n");
    let mut rows = shown.to_vec();
    rows.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    for (library, spec, explains) in rows {
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td class=\"n\">{explains}</td></tr>",
            library_href("../", library),
            html(library),
            spec.title()
        );
    }
    body.push_str("</tbody></table>\n");
    deviation_in_fuzzing(&mut body, site, name);
    page("../", name, &body)
}

/// The fuzz runs whose mismatches a deviation explains, with how many.
fn deviation_in_fuzzing(body: &mut String, site: &Site<'_>, name: &str) {
    let mut rows: Vec<(&str, &str, usize)> = Vec::new();
    for (library, runs) in &site.fuzz {
        for (_, run) in runs {
            let found = run.deviations.iter().find(|d| d.name == name);
            rows.extend(found.map(|d| (*library, run.spec.as_str(), d.count)));
        }
    }
    if rows.is_empty() {
        return;
    }
    rows.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    body.push_str("<h2>In fuzzing</h2>\n<table><thead><tr><th>Library</th><th>Fuzzed under</th><th>Mismatches it explains</th></tr></thead><tbody>\n");
    for (library, spec, count) in rows {
        let shown = match site.libraries.contains_key(library) {
            true => format!(
                "<a href=\"{}\">{}</a>",
                library_href("../", library),
                html(library)
            ),
            false => html(library),
        };
        let _ = writeln!(
            body,
            "<tr><td>{shown}</td><td>{}</td><td class=\"n\">{count}</td></tr>",
            html(&spec_title(spec))
        );
    }
    body.push_str("</tbody></table>\n");
}

fn deviation_about(body: &mut String, id: Id) {
    let d = id.deviation();
    let (base, reference) = d.example;
    let _ = writeln!(
        body,
        "<p>{}</p>\n<p>{}</p>\n<p>Example: <code>{}</code> against <code>{}</code>. It {} the resource the spec's answer names.</p>",
        html(d.description),
        html(d.why),
        html(&shown(reference)),
        html(&shown(base)),
        if d.same_resource { "still names" } else { "changes" }
    );
    body.push_str(
        "<table><thead><tr><th>Spec</th><th>The section it departs from</th></tr></thead><tbody>\n",
    );
    for spec in Spec::ALL {
        let section = d
            .sections
            .of(spec)
            .map_or("none: no deviation under this spec".to_owned(), html);
        let _ = writeln!(body, "<tr><td>{}</td><td>{section}</td></tr>", spec.title());
    }
    body.push_str("</tbody></table>\n");
}

/// Every vector, with how many answers the libraries give to it.
fn vectors(site: &Site<'_>) -> String {
    let mut body = String::from("<h1>Vectors</h1>\n<p>Every vector of the reports, with how many different answers the libraries give it. Open one to see what each library answers.</p>\n<table><thead><tr><th>Vector</th><th>Base</th><th>Reference</th><th>Answers</th></tr></thead><tbody>\n");
    for vector in site.vectors.values() {
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td><code>{}</code></td><td><code>{}</code></td><td class=\"n\">{}</td></tr>",
            vector_href("", vector.id),
            html(vector.id),
            html(&vector.base.map_or("(none)".to_owned(), shown)),
            html(&shown(vector.relative)),
            answers_by_library(vector).len()
        );
    }
    body.push_str("</tbody></table>\n");
    page("", "Vectors", &body)
}

/// One vector: the urltest view.
fn vector_page(site: &Site<'_>, vector: &Vector<'_>) -> String {
    let root = "../../";
    let mut body = format!("<h1>{}</h1>\n<dl>", html(vector.id));
    let base = vector
        .base
        .map_or("(none: an absolute parse)".to_owned(), shown);
    let _ = writeln!(
        body,
        "<dt>Base</dt><dd><code>{}</code></dd><dt>Reference</dt><dd><code>{}</code></dd><dt>From</dt><dd><code>{}</code></dd></dl>",
        html(&base),
        html(&shown(vector.relative)),
        html(vector.origin)
    );
    body.push_str("<h2>Under each spec and reading</h2>\n<table class=\"wide\"><thead><tr><th>Spec</th><th>Answer</th><th>Readings that give it</th></tr></thead><tbody>\n");
    for spec in Spec::ALL {
        for (answer, readings) in spec_answers(spec, vector.base, vector.relative) {
            let _ = writeln!(
                body,
                "<tr><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                spec.title(),
                html(&answer),
                html(&readings)
            );
        }
    }
    body.push_str("</tbody></table>\n<h2>What each library answers</h2>\n<table class=\"wide\"><thead><tr><th>Libraries (status under each spec graded)</th><th>Answer</th></tr></thead><tbody>\n");
    for (answer, libraries) in answers_by_library(vector) {
        let names: Vec<String> = libraries
            .iter()
            .map(|(library, grades)| {
                let grades: Vec<String> = grades
                    .iter()
                    .map(|(spec, result)| {
                        let status =
                            format!("{}: {}", spec.title(), result.status.replace('_', " "));
                        match finding_of(site, library, *spec, result) {
                            Some(anchor) => format!(
                                "{status}, <a href=\"{}#{anchor}\">to file upstream</a>",
                                library_href(root, library)
                            ),
                            None => status,
                        }
                    })
                    .collect();
                format!(
                    "<a href=\"{}\">{}</a> <small>({})</small>",
                    library_href(root, library),
                    html(library),
                    grades.join("; ")
                )
            })
            .collect();
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td><code>{}</code></td></tr>",
            names.join(", "),
            html(&answer)
        );
    }
    body.push_str("</tbody></table>\n");
    page(root, vector.id, &body)
}

/// What each library answers, grouped by answer, the most common first:
/// each library once, with its status under each spec it was graded under.
type Answers<'r> = Vec<(String, ByLibrary<'r>)>;

/// Each library with its status under each spec it was graded under.
type ByLibrary<'r> = BTreeMap<&'r str, Vec<(Spec, &'r Result_)>>;

fn answers_by_library<'r>(vector: &Vector<'r>) -> Answers<'r> {
    let mut by_answer: BTreeMap<String, ByLibrary<'r>> = BTreeMap::new();
    for &(library, spec, result) in &vector.results {
        let libraries = by_answer.entry(answer(result)).or_default();
        libraries.entry(library).or_default().push((spec, result));
    }
    let mut groups: Vec<_> = by_answer.into_iter().collect();
    groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    groups
}

/// Each answer `spec`'s reference gives, with the readings that give it:
/// `any reading` when all give one answer, else for each answer the
/// readings of the ambiguities that tell the answers apart (`above-root=removed`).
fn spec_answers(spec: Spec, base: Option<&str>, relative: &str) -> Vec<(String, String)> {
    let reference = Reference::defaults(spec);
    let Some(base) = base else {
        let answer =
            reference.resolve_maybe_base(None, relative, rfc1808_resolver::Step6::SegmentStack);
        return vec![(resolved(&answer), "any reading".to_owned())];
    };
    let mut by_answer: Vec<(String, Vec<Reference>)> = Vec::new();
    for (choice, answer) in reference.answers_for(base, relative) {
        let answer = resolved(&answer);
        match by_answer.iter_mut().find(|(a, _)| *a == answer) {
            Some((_, all)) => all.push(choice),
            None => by_answer.push((answer, vec![choice])),
        }
    }
    if by_answer.len() == 1 {
        return vec![(by_answer.remove(0).0, "any reading".to_owned())];
    }
    let every: Vec<Reference> = by_answer
        .iter()
        .flat_map(|(_, c)| c.iter().copied())
        .collect();
    by_answer
        .into_iter()
        .map(|(answer, choices)| (answer, telling_readings(spec, &choices, &every)))
        .collect()
}

/// The readings `choices` hold of each ambiguity on which they do not hold
/// every reading that `every` holds: what tells their answer from the others.
fn telling_readings(spec: Spec, choices: &[Reference], every: &[Reference]) -> String {
    let readings_of = |choices: &[Reference], name: &str| {
        let mut all: Vec<&'static str> = choices.iter().filter_map(|c| c.get(name)).collect();
        all.sort_unstable();
        all.dedup();
        all
    };
    let telling: Vec<String> = spec
        .registry()
        .iter()
        .filter_map(|ambiguity| {
            let these = readings_of(choices, ambiguity.name);
            (these != readings_of(every, ambiguity.name))
                .then(|| format!("{}={}", ambiguity.name, these.join("|")))
        })
        .collect();
    match telling.is_empty() {
        true => "readings together, not one alone".to_owned(),
        false => telling.join(", "),
    }
}

fn resolved(answer: &Result<String, String>) -> String {
    match answer {
        Ok(url) => shown(url),
        Err(why) => format!("(a rejection: {why})"),
    }
}

/// Every library's findings, each with its text ready to file upstream.
fn findings_page(site: &Site<'_>, findings: &Findings<'_>) -> String {
    let mut body = String::from("<h1>Findings</h1>\n<p>For each library, one finding per set of deviations that explains some of its answers and one per answer nothing explains, each shown by its smallest vector, with a text to paste into the library's issue tracker.</p>\n");
    for library in site.libraries.values() {
        let Some(findings) = findings.get(library.name).filter(|f| !f.is_empty()) else {
            continue;
        };
        let _ = writeln!(
            body,
            "<h2><a href=\"{}\">{}</a> ({})</h2>",
            library_href("", library.name),
            html(library.name),
            findings.len()
        );
        for finding in findings {
            finding_section(&mut body, site, finding, "");
        }
    }
    page("", "Findings", &body)
}

const CSS: &str = r#"
:root { color-scheme: light; --pass: #1a7f37; --fail: #cf222e; --muted: #6e7781; --line: #d0d7de; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 1.5rem 2rem; color: #1f2328; }
nav { padding: .6rem 0; border-bottom: 1px solid var(--line); margin-bottom: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0; } h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; } h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
code, pre { font: 12.5px/1.4 ui-monospace, monospace; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f8fa; padding: .5rem .75rem; border: 1px solid var(--line); }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
thead th { background: #f6f8fa; position: sticky; top: 0; }
th small, td small { color: var(--muted); font-weight: normal; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.failing { color: var(--fail); background: #ffebe9; } td.none { color: var(--muted); }
table.wide { width: 100%; } table.wide td:nth-child(2) { min-width: 18rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; } dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
table.sortable th { cursor: pointer; }
td:first-child { min-width: 9rem; }
.sources { color: var(--muted); margin-bottom: .5rem; }
"#;

/// Sorts the index's table by a clicked heading and filters its rows by
/// the search box. Without it the table is whole, in name order.
const SORT_AND_FILTER: &str = r#"<script>
(function () {
  var table = document.getElementById('libraries');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var key = function (cell) {
    var n = cell.getAttribute('data-sort');
    return n === null ? cell.textContent.toLowerCase() : Number(n);
  };
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
    var descending = false;
    th.addEventListener('click', function () {
      descending = !descending;
      rows.sort(function (a, b) {
        var x = key(a.cells[column]), y = key(b.cells[column]);
        return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  var input = document.getElementById('filter');
  var filter = function () {
    var words = input.value.toLowerCase();
    rows.forEach(function (row) {
      row.hidden = words !== '' && row.textContent.toLowerCase().indexOf(words) < 0;
    });
    history.replaceState(null, '', words === '' ? location.pathname : '#filter=' + encodeURIComponent(input.value));
  };
  input.addEventListener('input', filter);
  var given = /^#filter=(.*)$/.exec(location.hash);
  if (given) { input.value = decodeURIComponent(given[1]); filter(); }
})();
</script>
"#;
