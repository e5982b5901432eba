//! Path arithmetic for files that point at each other.

use std::path::{Path, PathBuf};

/// `target` as written inside `file` (the model's rule, shared with game logs).
pub use sztab_core::model::io::relative;

/// The hidden side file an autosave of `file` goes to: `dir/.name.autosave.map.ron`.
pub fn autosave_of(file: &Path) -> PathBuf {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("untitled.map.ron");
    let (stem, suffix) = ["scenario", "map", "counters", "terrain", "tables"]
        .iter()
        .find_map(|k| {
            let s = format!(".{k}.ron");
            name.strip_suffix(&s).map(|stem| (stem.to_owned(), s))
        })
        .unwrap_or_else(|| (name.to_owned(), ".ron".to_owned()));
    file.with_file_name(format!(".{stem}.autosave{suffix}"))
}

/// A new file of kind `suffix` (".map.ron") beside the scenario `own`, named after it:
/// `NAME.map.ron`, else `NAME-2.map.ron`, `NAME-3.map.ron`… whichever does not exist yet.
pub fn beside(own: &Path, suffix: &str) -> PathBuf {
    let name = own
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".scenario.ron").unwrap_or(&name);
    (1..)
        .map(|k| match k {
            1 => own.with_file_name(format!("{stem}{suffix}")),
            k => own.with_file_name(format!("{stem}-{k}{suffix}")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| own.with_file_name(format!("{stem}{suffix}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_and_descend() {
        assert_eq!(
            relative(
                Path::new("/a/b/maps/x.map.ron"),
                Path::new("/a/assets/t.terrain.ron")
            ),
            PathBuf::from("../../assets/t.terrain.ron")
        );
        assert_eq!(
            relative(Path::new("/a/x.map.ron"), Path::new("/a/./t.terrain.ron")),
            PathBuf::from("t.terrain.ron")
        );
    }

    #[test]
    fn autosave_keeps_the_kind_suffix() {
        assert_eq!(
            autosave_of(Path::new("/m/north.map.ron")),
            PathBuf::from("/m/.north.autosave.map.ron")
        );
        assert_eq!(
            autosave_of(Path::new("s.scenario.ron")),
            PathBuf::from(".s.autosave.scenario.ron")
        );
    }
}
