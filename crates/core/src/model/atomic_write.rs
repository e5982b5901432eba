//! Writing files so that a failure never leaves a broken one.
//!
//! Every output of the program (saves, autosaves, game logs, CSV, schemas, setup cards,
//! images) is written to a temporary file beside its target, flushed to disk, and
//! renamed over the target; the directory is flushed after the rename, so the new name
//! survives a crash too. A full disk or a crash leaves the old file or the new one,
//! never half of one. The writer
//! - writes through a symbolic link to its target, so the link stays a link;
//! - gives the new file the mode of the file it replaces;
//! - writes a set of files (a scenario with its counters and map) as a [`Batch`]: every
//!   temporary first, then the renames, so a failure while writing leaves the old set
//!   whole.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` atomically.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, |w| w.write_all(bytes))
}

/// Writes what `fill` writes to `path` atomically (an encoder streaming into the file).
/// An error from `fill` leaves the old file as it was.
pub fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut batch = Batch::default();
    batch.stage_with(path, fill)?;
    batch.commit()
}

/// Fails now if `path` could not be written later: its folder is missing or not
/// writable, or it names something that is not a regular file. For commands that work
/// a long time before they write (`play --log`, `balance --csv`). Writes and removes a
/// temporary file beside the target, as the real write will.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let target = target_of(path)?;
    let (tmp, file) = create_temporary(&target)?;
    drop(file);
    fs::remove_file(tmp)
}

/// Files written together: each is staged as a flushed temporary beside its target,
/// then [`commit`](Batch::commit) renames them all. Dropping a batch without committing
/// removes its temporaries and leaves every target as it was.
#[derive(Default)]
pub struct Batch {
    staged: Vec<Staged>,
}

struct Staged {
    tmp: PathBuf,
    target: PathBuf,
}

impl Batch {
    /// Stages `bytes` as the new content of `path`.
    pub fn stage(&mut self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.stage_with(path, |w| w.write_all(bytes))
    }

    /// Stages what `fill` writes as the new content of `path`.
    pub fn stage_with(
        &mut self,
        path: &Path,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let target = target_of(path)?;
        let (tmp, file) = create_temporary(&target)?;
        // Registered first, so a failure below removes the temporary (on drop).
        self.staged.push(Staged {
            tmp,
            target: target.clone(),
        });
        let mut out = BufWriter::new(file);
        fill(&mut out)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        if let Ok(old) = fs::metadata(&target) {
            file.set_permissions(old.permissions())?;
        }
        file.sync_all()
    }

    /// Renames every staged file over its target, then flushes their folders. The
    /// temporaries are complete before the first rename; a rename failing half-way
    /// (rare: the names are in the same folder) is reported with its file.
    pub fn commit(mut self) -> io::Result<()> {
        let staged = std::mem::take(&mut self.staged);
        let mut dirs: Vec<PathBuf> = Vec::new();
        for (i, s) in staged.iter().enumerate() {
            if let Err(e) = fs::rename(&s.tmp, &s.target) {
                for rest in &staged[i..] {
                    let _ = fs::remove_file(&rest.tmp);
                }
                return Err(io::Error::new(
                    e.kind(),
                    format!("cannot rename over {}: {e}", s.target.display()),
                ));
            }
            let dir = folder_of(&s.target).to_owned();
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        dirs.iter().try_for_each(|d| sync_dir(d))
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        for s in &self.staged {
            let _ = fs::remove_file(&s.tmp);
        }
    }
}

/// The file a write to `path` replaces: a symbolic link is followed (a rename over the
/// link would turn it into a plain file), and what is not a regular file is refused.
fn target_of(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_owned();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = folder_of(&p).join(link);
            }
            Ok(m) if m.is_file() => return Ok(p),
            Ok(m) => {
                let what = if m.is_dir() {
                    "a directory"
                } else {
                    "not a regular file"
                };
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{} is {what}; only files are written", p.display()),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(p),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}: too many levels of symbolic links", path.display()),
    ))
}

/// The folder a path is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A new, empty temporary file beside `target`: hidden, named for the target, this
/// process and a counter, so two writes of one file never share a temporary.
fn create_temporary(target: &Path) -> io::Result<(PathBuf, File)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("file");
    let dir = folder_of(target);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Flushes a folder's entries (the rename) to disk. Filesystems that cannot flush a
/// folder say so with `InvalidInput` or `Unsupported`; that is no failure of the write.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failing_writer_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("card.html");
        write(&path, b"good").unwrap();
        let err = write_with(&path, |w| {
            w.write_all(b"half of a")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(fs::read(&path).unwrap(), b"good");
        assert_eq!(names(dir.path()), ["card.html"]);
    }

    #[test]
    fn a_batch_that_fails_to_stage_changes_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
        write(&a, b"old a").unwrap();
        write(&b, b"old b").unwrap();
        let mut batch = Batch::default();
        batch.stage(&a, b"new a").unwrap();
        let failed = batch.stage_with(&b, |_| Err(io::Error::other("injected")));
        assert!(failed.is_err());
        drop(batch);
        assert_eq!(fs::read(&a).unwrap(), b"old a");
        assert_eq!(fs::read(&b).unwrap(), b"old b");
        assert_eq!(names(dir.path()), ["a.ron", "b.ron"]);
        let mut batch = Batch::default();
        batch.stage(&a, b"new a").unwrap();
        batch.stage(&b, b"new b").unwrap();
        batch.commit().unwrap();
        assert_eq!(fs::read(&a).unwrap(), b"new a");
        assert_eq!(fs::read(&b).unwrap(), b"new b");
        assert_eq!(names(dir.path()), ["a.ron", "b.ron"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_stays_a_link_and_its_target_gets_the_content() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("real")).unwrap();
        let target = dir.path().join("real/map.ron");
        write(&target, b"old").unwrap();
        let link = dir.path().join("map.ron");
        std::os::unix::fs::symlink("real/map.ron", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        // A dangling link creates its target.
        let dangling = dir.path().join("new.ron");
        std::os::unix::fs::symlink("real/new.ron", &dangling).unwrap();
        write(&dangling, b"x").unwrap();
        assert_eq!(fs::read(dir.path().join("real/new.ron")).unwrap(), b"x");
        assert!(
            fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_new_file_keeps_the_mode_of_the_old() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.ron");
        write(&path, b"1").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, b"2").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(fs::read(&path).unwrap(), b"2");
    }

    #[test]
    fn a_directory_or_a_missing_folder_is_refused_up_front() {
        let dir = tempfile::tempdir().unwrap();
        let e = check_writable(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        assert!(check_writable(&dir.path().join("no/such/dir/x.csv")).is_err());
        check_writable(&dir.path().join("x.csv")).unwrap();
        assert!(
            names(dir.path()).is_empty(),
            "the check leaves nothing behind"
        );
    }
}
