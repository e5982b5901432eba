//! Writing files so that a failure never leaves a broken one.
//!
//! Every output of the program (saves, autosaves, game logs, CSV, schemas, setup cards,
//! images) is written to a temporary file beside its target, flushed to disk, and
//! renamed over the target; the directory is flushed after the rename, so the new name
//! survives a crash too. A full disk or a crash leaves the old file or the new one,
//! never half of one. The writer
//! - writes through a symbolic link to its target, so the link stays a link;
//! - gives the new file the read, write and execute permissions of the file it replaces,
//!   but never its set-user-ID, set-group-ID or sticky bit (a card or a PNG written over
//!   a set-user-ID program is no program); a new file gets the usual mode (0666 less the
//!   umask, 0644 mostly) and belongs to whoever writes it;
//! - refuses to replace a read-only file (no write permission for anyone): the rename
//!   needs only the folder's permission, and would replace it even for a user who may not
//!   write the file itself, or for root;
//! - replaces a file with other hard links by a new file under the name written: that
//!   name gets the new content, the other names keep the old content. Writing into the
//!   shared file instead could not be atomic (a failure would leave every name half
//!   written), so the links are split and the old data kept;
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

/// Writes a folder of files all or nothing (`sztab schema --out DIR`).
///
/// A folder that does not exist yet is written whole under a temporary name beside it
/// and renamed into place: it appears complete or not at all. Into a folder that exists
/// (it may hold other files, and is never removed), the files are written as a
/// [`Batch`]: every one complete before the first is renamed, so a failure while
/// writing them (a full disk) leaves every old file as it was and no new one.
pub fn write_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> io::Result<()> {
    match fs::symlink_metadata(dir) {
        Ok(_) => {
            let mut batch = Batch::default();
            for (name, bytes) in files {
                batch.stage(&dir.join(name), bytes)?;
            }
            batch.commit()
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => new_folder(dir, files),
        Err(e) => Err(e),
    }
}

/// A new folder `dir`, filled under a temporary name beside it, then renamed.
fn new_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> io::Result<()> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let parent = folder_of(dir);
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("folder");
    let tmp = loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = parent.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match fs::create_dir(&tmp) {
            Ok(()) => break tmp,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    };
    let filled = (|| {
        for (file, bytes) in files {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(tmp.join(file))?;
            f.write_all(bytes)?;
            f.sync_all()?;
        }
        sync_dir(&tmp)?;
        fs::rename(&tmp, dir)
    })();
    if let Err(e) = filled {
        let _ = fs::remove_dir_all(&tmp);
        return Err(e);
    }
    sync_dir(parent)
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
            file.set_permissions(plain_permissions(&old))?;
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

/// The permissions a file replacing one with `old`'s metadata gets: its read, write and
/// execute bits, without set-user-ID, set-group-ID or sticky.
fn plain_permissions(old: &fs::Metadata) -> fs::Permissions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::Permissions::from_mode(old.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        old.permissions()
    }
}

/// The file a write to `path` replaces: a symbolic link is followed (a rename over the
/// link would turn it into a plain file), and what is not a regular file, or is a
/// read-only one, is refused.
fn target_of(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_owned();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = folder_of(&p).join(link);
            }
            Ok(m) if m.is_file() && m.permissions().readonly() => {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!(
                        "{} is read-only; it is not replaced (make it writable to write it)",
                        p.display()
                    ),
                ));
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

    #[cfg(unix)]
    #[test]
    fn a_setuid_bit_is_never_copied_onto_the_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.png");
        write(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o6755)).unwrap();
        write(&path, b"new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o755, "{mode:o}");
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_is_split_and_the_other_name_keeps_the_old_content() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("card.html");
        let other = dir.path().join("other-name.html");
        write(&path, b"old").unwrap();
        fs::hard_link(&path, &other).unwrap();
        write(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read(&other).unwrap(), b"old");
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.ron");
        write(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let e = write(&path, b"new").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert!(e.to_string().contains("read-only"), "{e}");
        assert!(check_writable(&path).is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["x.ron"]);
    }

    #[test]
    fn a_new_folder_appears_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("schemas");
        let file = |n: &str| (n.to_owned(), n.as_bytes().to_vec());
        // The third file cannot be created (its folder is missing): nothing is left.
        let e = write_folder(&out, &[file("a.json"), file("b.json"), file("no/c.json")]);
        assert!(e.is_err());
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
        write_folder(&out, &[file("a.json"), file("b.json")]).unwrap();
        assert_eq!(names(&out), ["a.json", "b.json"]);
        assert_eq!(names(dir.path()), ["schemas"]);
        // Into the folder that is there now: a failure changes no file of it.
        fs::write(out.join("notes.txt"), b"mine").unwrap();
        let changed = |n: &str| (n.to_owned(), b"new".to_vec());
        assert!(write_folder(&out, &[changed("a.json"), changed("no/c.json")]).is_err());
        assert_eq!(fs::read(out.join("a.json")).unwrap(), b"a.json");
        assert_eq!(names(&out), ["a.json", "b.json", "notes.txt"]);
        write_folder(&out, &[changed("a.json"), changed("b.json")]).unwrap();
        assert_eq!(fs::read(out.join("b.json")).unwrap(), b"new");
        assert_eq!(fs::read(out.join("notes.txt")).unwrap(), b"mine");
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
