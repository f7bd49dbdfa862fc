//! Replacing a file the user owns (an expectations file, a vector file, a
//! report) so that it is never seen half written: the new text goes to a
//! temporary file in the same directory, which is flushed and synced, given
//! the old file's permissions, and renamed over the old one. Until that
//! rename the old file is untouched, so a full disk, a write error or a
//! process killed midway leaves it as it was; a rename within one directory
//! is atomic, so a reader sees the old text or the new, never a mix.
//!
//! Every writer of such a file, in this crate and in the harness, calls
//! [`replace`] or [`replace_with`].
//!
//! What is kept of the old file: its permissions, and a symbolic link (the
//! file it points to is replaced, not the link). What is not: its owner and
//! group when they are not the writer's, extended attributes, and other hard
//! links to it, which keep the old text. A path that names something other
//! than a regular file (`/dev/stdout`, a FIFO) is written to directly, as
//! [`std::fs::write`] would: there is no old text there to keep.
//!
//! A process killed between writing and renaming leaves its temporary file,
//! named `.NAME.XXXXXX.tmp` beside the file, and nothing else changed.
//!
//! [`same_file`] tells whether two paths name one file, for a writer that
//! must not read what it is about to replace as something else.

use std::fmt;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Whether `a` and `b` name one file, however each is written
/// (`./x.toml`, `dir/../x.toml`, an absolute path), whether or not it
/// exists yet: the canonical path where there is one, else the canonical
/// directory and the name.
pub fn same_file(a: &Path, b: &Path) -> bool {
    identity(a) == identity(b)
}

/// `path` as one name for its file (see [`same_file`]).
fn identity(path: &Path) -> PathBuf {
    if let Ok(canonical) = path.canonicalize() {
        return canonical;
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match (dir.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_owned(),
    }
}

/// Replaces `file` with `contents`, atomically (see the [module](self)).
/// On error `file` is as it was, and the error says so.
pub fn replace(file: &Path, contents: &[u8]) -> Result<(), ReplaceError> {
    replace_with(file, |out| out.write_all(contents))
}

/// Replaces `file` with what `write` writes, atomically (see the
/// [module](self)). If `write` fails, `file` is as it was and the error is
/// `write`'s.
pub fn replace_with<F>(file: &Path, write: F) -> Result<(), ReplaceError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let fail = |step: Step, outcome: Outcome| {
        move |error: io::Error| ReplaceError {
            file: file.to_owned(),
            step,
            outcome,
            error,
        }
    };
    let target = Target::of(file).map_err(|(step, error)| fail(step, Outcome::Unchanged)(error))?;
    let (path, old) = match target {
        Target::Other(path) => {
            return write_directly(&path, write).map_err(fail(Step::Write, Outcome::Direct))
        }
        Target::New(path) => (path, None),
        Target::Regular(path, permissions) => (path, Some(permissions)),
    };
    let outcome = if old.is_some() {
        Outcome::Unchanged
    } else {
        Outcome::NotCreated
    };
    if old.is_some() {
        // The permission check `std::fs::write` makes: a file the user made
        // read-only is not replaced behind their back (a rename needs only
        // the directory to be writable).
        OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(fail(Step::Open, outcome))?;
    }
    let dir = directory(&path);
    let mut temp = temporary(&path, dir).map_err(fail(Step::Create, outcome))?;
    {
        let mut out = BufWriter::new(temp.as_file_mut());
        write(&mut out)
            .and_then(|()| out.flush())
            .map_err(fail(Step::Write, outcome))?;
    }
    if let Some(permissions) = old {
        temp.as_file()
            .set_permissions(permissions)
            .map_err(fail(Step::Permissions, outcome))?;
    }
    temp.as_file()
        .sync_all()
        .map_err(fail(Step::Sync, outcome))?;
    // On failure the temporary file is removed as `PersistError` drops.
    temp.persist(&path)
        .map_err(|e| fail(Step::Rename, outcome)(e.error))?;
    // Makes the rename itself durable. Its failure is not reported: the
    // file is already whole, old or new, and stays so after a crash; only
    // which of the two a crash would leave is not settled.
    sync_directory(dir);
    Ok(())
}

/// Checks, without changing anything, that `file` can be replaced: that a
/// temporary file can be created beside it, for a regular file or one that
/// does not exist yet.
pub fn check(file: &Path) -> io::Result<()> {
    match Target::of(file).map_err(|(_, error)| error)? {
        Target::Other(_) => Ok(()),
        Target::New(path) | Target::Regular(path, _) => {
            temporary(&path, directory(&path)).map(drop)
        }
    }
}

/// What a path names, once a symbolic link is followed.
enum Target {
    /// A regular file, with its permissions.
    Regular(PathBuf, Permissions),
    /// Nothing yet.
    New(PathBuf),
    /// A device, a FIFO: written to directly.
    Other(PathBuf),
}

impl Target {
    fn of(file: &Path) -> Result<Target, (Step, io::Error)> {
        let is_link = fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_symlink());
        // The rename must replace the file the link points to, not the link.
        let path = if is_link {
            fs::canonicalize(file).map_err(|e| (Step::Link, e))?
        } else {
            file.to_owned()
        };
        match fs::metadata(&path) {
            Ok(meta) if meta.is_file() => Ok(Target::Regular(path, meta.permissions())),
            Ok(_) => Ok(Target::Other(path)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Target::New(path)),
            Err(e) => Err((Step::Inspect, e)),
        }
    }
}

fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A temporary file in `dir` named after `path`, so that one a killed
/// process leaves behind says what it was for; `.tmp`, so that it is never
/// read as a `*.toml` vector file.
fn temporary(path: &Path, dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets the permissions `std::fs::write` would give it (read
    // and write for all, less the umask), not the temporary file's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

fn write_directly<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let mut out = BufWriter::new(File::create(path)?);
    write(&mut out)?;
    out.flush()
}

#[cfg(unix)]
fn sync_directory(dir: &Path) {
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
}

/// Elsewhere a directory cannot be opened as a file to sync it.
#[cfg(not(unix))]
fn sync_directory(_: &Path) {}

/// Why a file was not replaced. Unless the file is not a regular one (and
/// so was written to directly), it is as it was.
#[derive(Debug)]
pub struct ReplaceError {
    file: PathBuf,
    step: Step,
    outcome: Outcome,
    error: io::Error,
}

/// The step of [`replace_with`] that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Link,
    Inspect,
    Open,
    Create,
    Write,
    Permissions,
    Sync,
    Rename,
}

/// What became of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Unchanged,
    NotCreated,
    /// Not a regular file: it was written to directly.
    Direct,
}

impl ReplaceError {
    /// The file that was to be replaced, as it was named.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The error of the step that failed.
    pub fn io_error(&self) -> &io::Error {
        &self.error
    }

    /// What went wrong and what became of the file, without the file's
    /// name, for messages that name it themselves: "File too large (os
    /// error 27); the file is unchanged".
    pub fn reason(&self) -> impl fmt::Display + '_ {
        Reason(self)
    }
}

struct Reason<'a>(&'a ReplaceError);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ReplaceError {
            step,
            outcome,
            error,
            ..
        } = self.0;
        match step {
            Step::Link => f.write_str("cannot follow the link: ")?,
            Step::Inspect => f.write_str("cannot read its metadata: ")?,
            Step::Create => f.write_str("cannot create a temporary file beside it: ")?,
            Step::Permissions => {
                f.write_str("cannot give the new file the old one's permissions: ")?
            }
            Step::Sync => f.write_str("cannot sync the new file to disk: ")?,
            Step::Rename => f.write_str("cannot rename the new file into place: ")?,
            // What `std::fs::write` would have said.
            Step::Open | Step::Write => {}
        }
        write!(f, "{error}")?;
        match outcome {
            Outcome::Unchanged => f.write_str("; the file is unchanged"),
            Outcome::NotCreated => f.write_str("; no file was created"),
            Outcome::Direct => Ok(()),
        }
    }
}

impl fmt::Display for ReplaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.file.display(), self.reason())
    }
}

impl std::error::Error for ReplaceError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch directory for one test.
    fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rfc1808-files-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn one_file_is_the_same_however_its_path_is_written() {
        let dir = scratch("same-file");
        fs::create_dir(dir.join("sub")).unwrap();
        fs::write(dir.join("a.toml"), "").unwrap();
        let a = dir.join("a.toml");
        assert!(same_file(&a, &dir.join("sub/../a.toml")));
        assert!(same_file(&a, &dir.join("./a.toml")));
        // Not there yet: the directory and the name decide.
        assert!(same_file(
            &dir.join("new.toml"),
            &dir.join("sub/../new.toml")
        ));
        assert!(!same_file(&a, &dir.join("new.toml")));
        assert!(!same_file(&a, &dir.join("sub/a.toml")));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    const OLD: &str = "# mine, by hand\n[[expected-failure]]\nid = \"a/b\"\nreason = \"why\"\n";

    #[test]
    fn a_file_is_replaced_and_a_new_one_created() {
        let dir = scratch("replaced");
        let file = dir.join("exp.toml");
        replace(&file, b"new\n").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new\n");
        replace(&file, OLD.as_bytes()).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), OLD);
        assert_eq!(names(&dir), ["exp.toml"], "no temporary file is left");
    }

    #[test]
    fn a_failing_writer_leaves_the_old_file_whole() {
        let dir = scratch("failing");
        let file = dir.join("exp.toml");
        fs::write(&file, OLD).unwrap();
        let error = replace_with(&file, |out| {
            out.write_all(&[b'x'; 100_000])?;
            Err(io::Error::other("no space left (simulated)"))
        })
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "cannot write {}: no space left (simulated); the file is unchanged",
                file.display()
            )
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), OLD);
        assert_eq!(names(&dir), ["exp.toml"], "the temporary file is removed");
        // A file that did not exist is not created.
        let new = dir.join("new.toml");
        let error = replace_with(&new, |_| Err(io::Error::other("full"))).unwrap_err();
        assert_eq!(error.reason().to_string(), "full; no file was created");
        assert_eq!(names(&dir), ["exp.toml"]);
    }

    #[test]
    fn a_panicking_writer_leaves_the_old_file_whole() {
        let dir = scratch("panicking");
        let file = dir.join("exp.toml");
        fs::write(&file, OLD).unwrap();
        let unwound = std::panic::catch_unwind(|| {
            replace_with(&file, |out| {
                out.write_all(b"half")?;
                panic!("the writer dies midway")
            })
        });
        assert!(unwound.is_err());
        assert_eq!(fs::read_to_string(&file).unwrap(), OLD);
        assert_eq!(names(&dir), ["exp.toml"]);
    }

    #[test]
    fn a_missing_directory_is_an_error_that_creates_nothing() {
        let dir = scratch("missing");
        let file = dir.join("no-such-dir/exp.toml");
        let message = replace(&file, b"x").unwrap_err().to_string();
        // tempfile names the temporary file it tried, randomly named.
        let start = format!(
            "cannot write {}: cannot create a temporary file beside it: \
             No such file or directory (os error 2) at path \"{}/.exp.toml.",
            file.display(),
            dir.join("no-such-dir").display()
        );
        assert!(message.starts_with(&start), "{message}");
        assert!(
            message.ends_with(".tmp\"; no file was created"),
            "{message}"
        );
        assert!(check(&file).is_err());
        assert!(check(&dir.join("exp.toml")).is_ok());
        assert_eq!(
            names(&dir),
            Vec::<String>::new(),
            "the check leaves nothing"
        );
    }

    #[cfg(unix)]
    #[test]
    fn permissions_and_links_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("kept");
        let file = dir.join("exp.toml");
        fs::write(&file, OLD).unwrap();
        fs::set_permissions(&file, Permissions::from_mode(0o640)).unwrap();
        replace(&file, b"new\n").unwrap();
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o640);
        // A new file gets what `std::fs::write` gives one, not 0600.
        let new = dir.join("new.toml");
        let plain = dir.join("plain.toml");
        replace(&new, b"x").unwrap();
        fs::write(&plain, b"x").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&new), mode(&plain));
        // Through a link, the file it points to is replaced and the link stays.
        let link = dir.join("link.toml");
        std::os::unix::fs::symlink("exp.toml", &link).unwrap();
        replace(&link, b"through the link\n").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&file).unwrap(), "through the link\n");
        // A device is written to, never renamed over (only classified here:
        // the tests may run as root, who could rename over it).
        assert!(matches!(
            Target::of(Path::new("/dev/null")),
            Ok(Target::Other(_))
        ));
    }

    /// The environment variable that makes [`killed_child`] the child of
    /// [`a_process_killed_before_the_rename_leaves_the_old_file_whole`]:
    /// the directory to write in.
    const CHILD_ENV: &str = "RFC1808_FILES_TEST_CHILD";

    /// Run by the test below as a child process: writes half of a new text
    /// for `exp.toml`, says so by creating `ready`, and waits to be killed.
    #[test]
    #[ignore = "the child process of a_process_killed_before_the_rename_leaves_the_old_file_whole"]
    fn killed_child() {
        let Some(dir) = std::env::var_os(CHILD_ENV) else {
            return;
        };
        let dir = PathBuf::from(dir);
        let _ = replace_with(&dir.join("exp.toml"), |out| {
            out.write_all(b"half of the new text")?;
            out.flush()?;
            File::create(dir.join("ready"))?;
            std::thread::sleep(std::time::Duration::from_secs(120));
            Ok(())
        });
        panic!("not killed");
    }

    #[test]
    fn a_process_killed_before_the_rename_leaves_the_old_file_whole() {
        let dir = scratch("killed");
        let file = dir.join("exp.toml");
        fs::write(&file, OLD).unwrap();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "files::tests::killed_child", "--ignored"])
            .env(CHILD_ENV, &dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while !dir.join("ready").exists() {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("the child ended by itself: {status}");
            }
            assert!(
                started.elapsed().as_secs() < 60,
                "the child never got to write"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        // SIGKILL on Unix: no destructor runs, no temporary file is removed.
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), OLD);
        let names = names(&dir);
        assert_eq!(names.len(), 3, "{names:?}");
        assert_eq!(names[1..], ["exp.toml", "ready"]);
        let left = &names[0];
        assert!(
            left.starts_with(".exp.toml.") && left.ends_with(".tmp"),
            "{names:?}"
        );
        assert_eq!(
            fs::read_to_string(dir.join(left)).unwrap(),
            "half of the new text"
        );
    }
}
