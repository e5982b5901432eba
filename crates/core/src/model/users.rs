//! Which files use a map file: the scenarios (of any rule system) that play on it and the
//! composed maps it is a board of. Saving a map changes all of them, so the editor asks
//! before writing a map other files share.
//!
//! Only the one field that names the map is read (through the file's [`Outline`]), so a
//! scenario of any system, or a file with problems elsewhere, still counts.

use std::path::{Path, PathBuf};

use super::io::{self, FileKind};
use super::outline::{At, Outline};

/// The files in `dirs` (not hidden ones, not autosaves) that use the map file `map`,
/// sorted, each once.
pub fn of_map(map: &Path, dirs: &[&Path]) -> Vec<PathBuf> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut out: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let Ok(canon) = dir.canonicalize() else {
            continue;
        };
        if seen.contains(&canon) {
            continue;
        }
        seen.push(canon);
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for p in entries.filter_map(Result::ok).map(|e| e.path()) {
            let hidden = p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if !hidden && !same_file(&p, map) && uses(&p, map) {
                out.push(p);
            }
        }
    }
    out.sort();
    out.dedup_by(|a, b| same_file(a, b));
    out
}

/// Does the file `p` name `map` as its map (a scenario) or as a board (a composed map)?
fn uses(p: &Path, map: &Path) -> bool {
    let kind = FileKind::of_path(p);
    if !matches!(kind, Some(FileKind::Scenario | FileKind::Map)) {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(p) else {
        return false;
    };
    let outline = Outline::of(&text);
    let Some(root) = outline.root(&text) else {
        return false;
    };
    let names = |v: Option<At>| {
        v.and_then(|v| ron::from_str::<PathBuf>(v.text()).ok())
            .is_some_and(|m| same_file(&io::resolve(p, &m), map))
    };
    match kind {
        Some(FileKind::Scenario) => names(root.field("map")),
        _ => root
            .field("sections")
            .is_some_and(|s| s.children().any(|b| names(b.field("map")))),
    }
}

/// Do two paths name the same file? Compared canonical when both exist, else as absolute
/// paths with `.` and `..` taken out.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => lexical(a) == lexical(b),
    }
}

fn lexical(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenarios_and_composed_maps_that_name_a_map_are_its_users() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let sheet_a = root.join("scenarios/jov/korsun-example.map.ron");
        let dir = root.join("scenarios/jov");
        let users = of_map(&sheet_a, &[&dir, &dir]);
        let names: Vec<String> = users
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            ["korsun-example.scenario.ron", "korsun-two-sheets.map.ron"]
        );
        let board = root.join("scenarios/panzerblitz/boards/board-1.map.ron");
        let layouts = of_map(&board, &[&root.join("scenarios/panzerblitz/maps")]);
        assert_eq!(layouts.len(), 9, "{layouts:?}");
    }
}
