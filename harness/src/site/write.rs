//! Putting a built site in place. The pages are written into a temporary
//! directory beside the output directory; only when every page is written
//! is the old site moved aside, the new one renamed into its place, and the
//! old one removed. A full disk, a write error or a killed process leaves
//! the old site as it was (a killed process may leave its temporary
//! directory, `.NAME.XXXXXX.tmp`, beside it).
//!
//! The output directory is replaced only when it is absent, empty, or holds
//! [`MARKER`], which every site this command builds holds: a directory of
//! the user's own files is never replaced.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The file that marks a directory as a site `rfc1808 site` built, and so
/// one it may replace.
pub const MARKER: &str = ".rfc1808-site";

/// Checks, before any work, that `out` may be replaced.
pub fn check_out(out: &Path) -> Result<()> {
    let entries = match fs::read_dir(out) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(_) if out.exists() && !out.is_dir() => {
            bail!(
                "{}: not a directory; give a directory to build the site in",
                out.display()
            )
        }
        Err(e) => return Err(e).with_context(|| format!("{}: cannot read it", out.display())),
    };
    let mut empty = true;
    for entry in entries {
        let entry = entry.with_context(|| format!("{}: cannot read it", out.display()))?;
        if entry.file_name() == MARKER {
            return Ok(());
        }
        empty = false;
    }
    if !empty {
        bail!(
            "{}: holds files, and no site `rfc1808 site` built (it has no {MARKER}): \
             give an empty or new directory; nothing was written",
            out.display()
        );
    }
    Ok(())
}

/// Writes `pages` (paths relative to the site's root, and their text) as
/// the directory `out`, replacing what is there whole.
pub fn replace_dir(out: &Path, pages: &[(PathBuf, String)]) -> Result<()> {
    let name = out
        .file_name()
        .with_context(|| format!("{}: name a directory to build the site in", out.display()))?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent)
        .with_context(|| format!("{}: cannot create it", parent.display()))?;
    let temporary = |what: &str| {
        tempfile::Builder::new()
            .prefix(&format!(".{}.{what}", name.to_string_lossy()))
            .suffix(".tmp")
            .tempdir_in(&parent)
            .with_context(|| format!("{}: cannot create a directory in it", parent.display()))
    };
    let new = temporary("")?;
    for (path, text) in pages {
        let file = new.path().join(path);
        if let Some(dir) = file.parent() {
            fs::create_dir_all(dir).with_context(|| writing(out, path))?;
        }
        fs::write(&file, text).with_context(|| writing(out, path))?;
    }
    fs::write(
        new.path().join(MARKER),
        "built by rfc1808 site; rebuilt whole each time\n",
    )
    .with_context(|| writing(out, Path::new(MARKER)))?;
    // Where the old site, if there is one, is moved aside.
    let old = match out.exists() {
        true => Some(temporary("old")?),
        false => None,
    };
    if let Some(old) = &old {
        fs::rename(out, old.path().join("site")).with_context(|| {
            format!(
                "{}: cannot move the old site aside; it is unchanged",
                out.display()
            )
        })?;
    }
    if let Err(e) = fs::rename(new.path(), out) {
        if let Some(old) = &old {
            let _ = fs::rename(old.path().join("site"), out);
        }
        return Err(e).with_context(|| {
            format!(
                "{}: cannot rename the new site into place; the old one is unchanged",
                out.display()
            )
        });
    }
    // The new directory has been renamed away; forget it so that its drop
    // does not look for it. The old site goes with `old`.
    let _ = new.keep();
    Ok(())
}

fn writing(out: &Path, page: &Path) -> String {
    format!(
        "{}: cannot write {}; the old site is unchanged",
        out.display(),
        page.display()
    )
}
