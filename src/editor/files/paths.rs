//! Path arithmetic for files that point at each other.

use std::path::{Path, PathBuf};

/// `target` as written inside `file` (the model's rule, shared with game logs).
pub use crate::model::io::relative;

/// The hidden side file an autosave of `file` goes to: `dir/.name.autosave.map.ron`.
pub fn autosave_of(file: &Path) -> PathBuf {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("untitled.map.ron");
    let (stem, suffix) = ["scenario", "map", "counters", "terrain"]
        .iter()
        .find_map(|k| {
            let s = format!(".{k}.ron");
            name.strip_suffix(&s).map(|stem| (stem.to_owned(), s))
        })
        .unwrap_or_else(|| (name.to_owned(), ".ron".to_owned()));
    file.with_file_name(format!(".{stem}.autosave{suffix}"))
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
