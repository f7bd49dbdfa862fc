//! `rfc1808 site`: the static site of a set of JSON reports.

use std::process::ExitCode;

use anyhow::Result;

use crate::flags::SiteArgs;
use crate::{output, site};

/// Builds the site and says what it holds.
pub(super) fn site(args: &SiteArgs) -> Result<ExitCode> {
    let built = site::build(&args.from, &args.out)?;
    output::print(&format!(
        "{}: {} pages from {} report(s): {} libraries, {} vectors, {} deviations, {} findings; open {}\n",
        args.out.display(),
        built.pages,
        built.reports,
        built.libraries,
        built.vectors,
        built.deviations,
        built.findings,
        args.out.join("index.html").display()
    ))?;
    Ok(ExitCode::SUCCESS)
}
