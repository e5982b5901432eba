//! Saving: every changed part of the document written into the file that holds it, all
//! files of one save together (every temporary first, then the renames, so a failure
//! leaves the old set whole). A file is written into its own text ([`io::to_ron_over`]):
//! its comments, order and untouched values stay. A composed map's edits go into its
//! boards or its own file ([`decompose`]).

use std::fmt::Display;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Content, Document};
use crate::files::paths;
use sztab_core::model::atomic_write::Batch;
use sztab_core::model::compose::Composition;
use sztab_core::model::decompose::{self, Destination};
use sztab_core::model::io::{self, FileKind};
use sztab_core::model::{Map, users};

/// Board files a save would write that other layouts or scenarios use too: each board
/// with the files that use it.
pub type SharedBoards = Vec<(PathBuf, Vec<PathBuf>)>;

/// The files of one save, staged to be written together.
#[derive(Default)]
struct Writes {
    batch: Batch,
    written: Vec<PathBuf>,
}

impl Writes {
    /// Stages `now` as `path`'s new content, written into the text of the file that held
    /// `saved`: `path` itself, or `text_of` (the file's old place after Save As).
    fn file<T: Serialize + DeserializeOwned>(
        &mut self,
        kind: FileKind,
        path: &Path,
        now: &T,
        saved: Option<&T>,
        text_of: Option<&Path>,
    ) -> Result<(), String> {
        let fail = |e: &dyn Display| format!("{}: {e}", path.display());
        let old_text = saved.and_then(|_| std::fs::read_to_string(text_of.unwrap_or(path)).ok());
        let text = match (saved, old_text) {
            (Some(old), Some(text)) => io::to_ron_over(kind, now, old, &text),
            _ => io::to_ron(kind, now),
        }
        .map_err(|e| fail(&e))?;
        self.batch
            .stage(path, text.as_bytes())
            .map_err(|e| fail(&e))?;
        self.written.push(path.to_owned());
        Ok(())
    }
}

impl Document {
    /// Saves every changed file of the document; returns the files written (only those).
    pub fn save(&mut self) -> Result<Vec<PathBuf>, String> {
        let Some(path) = self.path.clone() else {
            return Err("the map has no file yet: use Save As".into());
        };
        let mut w = Writes::default();
        let composition = self.stage_map(&mut w, &path)?;
        self.stage_counters(&mut w)?;
        self.stage_scenario(&mut w, &path)?;
        w.batch.commit().map_err(|e| e.to_string())?;
        if let Some(c) = composition {
            self.map_mut().composition = Some(Box::new(c));
        }
        self.mark_saved();
        Ok(w.written)
    }

    /// The map's file, or a composed map's own file and boards.
    fn stage_map(&self, w: &mut Writes, doc: &Path) -> Result<Option<Composition>, String> {
        let path = self
            .map_path()
            .map_or_else(|| doc.to_owned(), Path::to_owned);
        let moved = self.moved_map.as_deref();
        let (map, saved) = (self.map(), &self.saved_map);
        if map == saved && moved.is_none() && path.exists() {
            return Ok(None);
        }
        if !map.is_composed() {
            w.file(
                FileKind::Map,
                &path,
                map.file_form(),
                Some(saved.file_form()),
                moved,
            )?;
            return Ok(None);
        }
        let comp = self.routed()?;
        let old = saved.composition.as_deref();
        for (i, (s, board)) in comp.file.sections.iter().zip(&comp.boards).enumerate() {
            let was = old.and_then(|o| o.boards.get(i));
            if was != Some(board) {
                let file = io::resolve(&path, &s.map);
                w.file(FileKind::Map, &file, board, was, None)?;
            }
        }
        let was = old.map(|o| &o.file);
        if was != Some(&comp.file) || moved.is_some() || !path.exists() {
            w.file(FileKind::Map, &path, &comp.file, was, moved)?;
        }
        Ok(Some(comp))
    }

    /// A composed map's files as its edits make them.
    fn routed(&self) -> Result<Composition, String> {
        decompose::decompose(
            &self.saved_map,
            self.map(),
            &self.base_terrain(),
            self.destination,
        )
    }

    fn stage_counters(&self, w: &mut Writes) -> Result<(), String> {
        let Some(path) = self.counters_path().filter(|p| !p.as_os_str().is_empty()) else {
            return Ok(());
        };
        match &self.content {
            Content::Scenario(b) => {
                let saved = self.saved_counters.as_ref();
                if saved != Some(&b.counters) || !path.exists() {
                    w.file(FileKind::Counters, path, &b.counters, saved, None)?;
                }
            }
            Content::Described(g) => {
                let saved = self.saved_described.as_ref().map(|(_, c)| c);
                if saved != Some(&g.bundle.counters) || !path.exists() {
                    w.file(FileKind::Counters, path, &g.bundle.counters, saved, None)?;
                }
            }
            Content::Map(_) => {}
        }
        Ok(())
    }

    fn stage_scenario(&self, w: &mut Writes, path: &Path) -> Result<(), String> {
        let moved = self.moved_doc.as_deref();
        let fresh = moved.is_some() || !path.exists();
        match &self.content {
            Content::Scenario(b) => {
                let saved = self.saved_scenario.as_ref();
                if saved != Some(&b.scenario) || fresh {
                    w.file(FileKind::Scenario, path, &b.scenario, saved, moved)?;
                }
            }
            Content::Described(g) => {
                let saved = self.saved_described.as_ref().map(|(s, _)| s);
                if saved != Some(&g.bundle.scenario) || fresh {
                    w.file(FileKind::Scenario, path, &g.bundle.scenario, saved, moved)?;
                }
            }
            Content::Map(_) => {}
        }
        Ok(())
    }

    pub(super) fn mark_saved(&mut self) {
        self.saved_step = self.history.current();
        self.saved_map = self.map().clone();
        self.saved_scenario = self.scenario().cloned();
        self.saved_counters = self.counters().cloned();
        self.saved_described = self
            .described()
            .map(|g| (g.bundle.scenario.clone(), g.bundle.counters.clone()));
        self.moved_doc = None;
        self.moved_map = None;
        for p in self.autosave_files() {
            let _ = std::fs::remove_file(p);
        }
    }

    /// The board files a save would write that other layouts or scenarios use too (found
    /// in the folders of the board, the composed map and the scenario); empty when the
    /// map is not composed, not changed, or its edits stay in its own file.
    pub fn shared_boards(&self) -> SharedBoards {
        let (Some(path), Some(old)) = (self.map_path(), self.saved_map.composition.as_deref())
        else {
            return Vec::new();
        };
        if !self.map_changed() {
            return Vec::new();
        }
        let Ok(comp) = self.routed() else {
            // The save itself says why it cannot be done.
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, (s, board)) in comp.file.sections.iter().zip(&comp.boards).enumerate() {
            if old.boards.get(i) == Some(board) {
                continue;
            }
            let file = io::resolve(path, &s.map);
            let mine = [Some(path), self.path()];
            let dirs: Vec<&Path> = [
                file.parent(),
                path.parent(),
                self.path().and_then(Path::parent),
            ]
            .into_iter()
            .flatten()
            .collect();
            let others: Vec<PathBuf> = users::of_map(&file, &dirs)
                .into_iter()
                .filter(|u| !mine.iter().flatten().any(|m| users::same_file(u, m)))
                .collect();
            if !others.is_empty() {
                out.push((file, others));
            }
        }
        out
    }

    /// Saves under a new name. A map's catalogue path (and a composed map's boards), and
    /// a scenario's map, counters and charts paths, are rewritten relative to the new
    /// file, which is written into the old file's text (its comments kept).
    pub fn save_as(&mut self, new: &Path) -> Result<Vec<PathBuf>, String> {
        let expected = if self.rules_view().is_some() {
            FileKind::Scenario
        } else {
            FileKind::Map
        };
        if FileKind::of_path(new) != Some(expected) {
            return Err(format!("the file name must end in {}", expected.suffix()));
        }
        let abs = std::path::absolute(new).map_err(|e| e.to_string())?;
        let old = self.path.clone();
        match &mut self.content {
            Content::Map(b) => {
                if let Some(from) = &old {
                    relocate(&mut b.map, from, &abs);
                } else {
                    b.map.terrain = paths::relative(&abs, &b.terrain_path);
                }
                b.map_path = abs.clone();
                self.moved_map = old.clone().or_else(|| Some(abs.clone()));
            }
            Content::Scenario(b) => {
                if b.paths.counters.as_os_str().is_empty() {
                    b.paths.counters = counters_beside(&abs);
                }
                b.scenario.map = paths::relative(&abs, &b.paths.map);
                b.scenario.counters = paths::relative(&abs, &b.paths.counters);
                b.paths.scenario = abs.clone();
            }
            Content::Described(g) => {
                let b = &mut g.bundle;
                if b.paths.counters.as_os_str().is_empty() {
                    b.paths.counters = counters_beside(&abs);
                }
                b.scenario.map = paths::relative(&abs, &b.paths.map);
                b.scenario.counters = paths::relative(&abs, &b.paths.counters);
                if let Some((_, charts)) = &b.tables {
                    b.scenario.tables = Some(paths::relative(&abs, charts));
                }
                b.paths.scenario = abs.clone();
            }
        }
        // Path fix-ups follow the file, they are not an edit: keep them out of the history.
        if self.rules_view().is_some() {
            self.moved_doc = old.or_else(|| Some(abs.clone()));
        }
        self.path = Some(abs);
        self.save()
    }

    /// Other files (in the folders of the scenario and its map) that use this scenario's
    /// map file: scenarios on it and composed maps it is a board of. Saving the map
    /// changes them too.
    pub fn map_shared_with(&self) -> Vec<PathBuf> {
        let (Some(own), Some(map)) = (self.path(), self.map_path()) else {
            return Vec::new();
        };
        if self.rules_view().is_none() {
            return Vec::new();
        }
        let dirs: Vec<&Path> = [own.parent(), map.parent()].into_iter().flatten().collect();
        users::of_map(map, &dirs)
            .into_iter()
            .filter(|p| !users::same_file(p, own))
            .collect()
    }

    /// Writes the scenario's map to `new` (a map of its own, the shared one untouched) and
    /// the scenario pointing at it, with every other changed file. A composed map's copy
    /// keeps the edits in its own file; its boards stay as they are.
    pub fn save_map_copy(&mut self, new: &Path) -> Result<Vec<PathBuf>, String> {
        if FileKind::of_path(new) != Some(FileKind::Map) {
            return Err(format!(
                "the file name must end in {}",
                FileKind::Map.suffix()
            ));
        }
        let abs = std::path::absolute(new).map_err(|e| e.to_string())?;
        let Some(own) = self.path.clone() else {
            return Err("the scenario has no file yet: use Save As".into());
        };
        let Some(from) = self.map_path().map(Path::to_owned) else {
            return Err("only a scenario's map can be copied for it".into());
        };
        let composed = self.map().is_composed();
        // Path fix-ups follow the files, they are not an edit (as in Save As).
        relocate(self.map_mut(), &from, &abs);
        match &mut self.content {
            Content::Scenario(b) => {
                b.paths.map = abs.clone();
                b.scenario.map = paths::relative(&own, &abs);
            }
            Content::Described(g) => {
                g.bundle.paths.map = abs.clone();
                g.bundle.scenario.map = paths::relative(&own, &abs);
            }
            Content::Map(_) => return Err("only a scenario's map can be copied for it".into()),
        }
        if composed {
            self.destination = Destination::Layout;
        }
        self.moved_map = Some(from);
        self.save()
    }
}

/// A map's file paths (its catalogue, a composed map's boards) made relative to `to`
/// instead of `from`, where its file moves.
fn relocate(map: &mut Map, from: &Path, to: &Path) {
    let re = |p: &mut PathBuf| *p = paths::relative(to, &io::resolve(from, p));
    re(&mut map.terrain);
    for s in &mut map.sections {
        re(&mut s.map);
    }
    if let Some(c) = map.composition.as_deref_mut() {
        re(&mut c.file.terrain);
        for s in &mut c.file.sections {
            re(&mut s.map);
        }
    }
}

/// `NAME.counters.ron` beside `NAME.scenario.ron`: where a new counter set is saved.
fn counters_beside(scenario: &Path) -> PathBuf {
    let name = scenario
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".scenario.ron").unwrap_or(&name);
    scenario.with_file_name(format!("{stem}.counters.ron"))
}
