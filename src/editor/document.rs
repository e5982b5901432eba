//! The open document: a scenario bundle or a map bundle, its undo history, what was last
//! saved, and its files. Everything that changes the model goes through [`Document::apply`].

use std::path::{Path, PathBuf};

use super::edit::{Edit, Target};
use super::files::paths;
use super::history::History;
use crate::model::io::{self, FileKind};
use crate::model::{Bundle, LoadError, Map, MapBundle, Problem, Scenario, TerrainCatalogue};

/// What is open.
pub enum Content {
    Scenario(Box<Bundle>),
    Map(Box<MapBundle>),
}

pub struct Document {
    content: Content,
    /// The scenario or map file; `None` for a new map not yet saved.
    path: Option<PathBuf>,
    history: History,
    /// History state at the last save.
    saved_step: u64,
    /// Bumped by every change, undo and redo: a cheap key for caches.
    revision: u64,
    /// What is on disk, to write only the files that changed.
    saved_map: Map,
    saved_scenario: Option<Scenario>,
}

impl Document {
    fn from_content(content: Content, path: Option<PathBuf>) -> Self {
        let saved_map = match &content {
            Content::Scenario(b) => b.map.clone(),
            Content::Map(b) => b.map.clone(),
        };
        let saved_scenario = match &content {
            Content::Scenario(b) => Some(b.scenario.clone()),
            Content::Map(_) => None,
        };
        Self {
            content,
            path,
            history: History::default(),
            saved_step: 0,
            revision: 1,
            saved_map,
            saved_scenario,
        }
    }

    /// Opens a `.scenario.ron` or `.map.ron` file.
    pub fn open(path: &Path) -> Result<(Document, Vec<Problem>), LoadError> {
        let content = match FileKind::of_path(path) {
            Some(FileKind::Scenario) => {
                Bundle::load(path).map(|(b, p)| (Content::Scenario(Box::new(b)), p))
            }
            Some(FileKind::Map) => {
                MapBundle::load(path).map(|(b, p)| (Content::Map(Box::new(b)), p))
            }
            _ => Err(LoadError::UnknownKind {
                path: path.to_owned(),
            }),
        }?;
        Ok((
            Self::from_content(content.0, Some(path.to_owned())),
            content.1,
        ))
    }

    /// A new, unsaved map. `terrain_path` is kept absolute until the first save.
    pub fn new_map(map: Map, terrain: TerrainCatalogue, terrain_path: PathBuf) -> Self {
        let terrain_path = std::path::absolute(&terrain_path).unwrap_or(terrain_path);
        let mut map = map;
        map.terrain = terrain_path.clone();
        let bundle = MapBundle {
            map,
            terrain,
            map_path: PathBuf::new(),
            terrain_path,
        };
        Self::from_content(Content::Map(Box::new(bundle)), None)
    }

    pub fn content(&self) -> &Content {
        &self.content
    }

    pub fn map(&self) -> &Map {
        match &self.content {
            Content::Scenario(b) => &b.map,
            Content::Map(b) => &b.map,
        }
    }

    pub fn terrain(&self) -> &TerrainCatalogue {
        match &self.content {
            Content::Scenario(b) => &b.terrain,
            Content::Map(b) => &b.terrain,
        }
    }

    pub fn terrain_path(&self) -> &Path {
        match &self.content {
            Content::Scenario(b) => &b.paths.terrain,
            Content::Map(b) => &b.terrain_path,
        }
    }

    pub fn scenario(&self) -> Option<&Scenario> {
        match &self.content {
            Content::Scenario(b) => Some(&b.scenario),
            Content::Map(_) => None,
        }
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The map file (the document itself, or the scenario's map).
    pub fn map_path(&self) -> Option<&Path> {
        match &self.content {
            Content::Scenario(b) => Some(&b.paths.map),
            Content::Map(_) => self.path.as_deref(),
        }
    }

    pub fn title(&self) -> String {
        match &self.content {
            Content::Scenario(b) => b.scenario.title.clone(),
            Content::Map(b) => b.map.name.clone(),
        }
    }

    pub fn is_dirty(&self) -> bool {
        self.history.current() != self.saved_step
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    fn target(&mut self) -> Target<'_> {
        match &mut self.content {
            Content::Scenario(b) => Target {
                map: &mut b.map,
                terrain: &mut b.terrain,
                terrain_path: &mut b.paths.terrain,
                scenario: Some(&mut b.scenario),
            },
            Content::Map(b) => Target {
                map: &mut b.map,
                terrain: &mut b.terrain,
                terrain_path: &mut b.terrain_path,
                scenario: None,
            },
        }
    }

    /// Applies an edit as a new undo step. Empty edits are ignored.
    pub fn apply(&mut self, edit: Edit) {
        self.apply_inner(edit, false);
    }

    /// Applies an edit as part of the stroke in progress (mouse held down): all edits
    /// until [`Document::end_stroke`] form one undo step.
    pub fn apply_in_stroke(&mut self, edit: Edit) {
        self.apply_inner(edit, true);
    }

    fn apply_inner(&mut self, edit: Edit, in_stroke: bool) {
        if edit.is_empty() {
            return;
        }
        edit.apply(&mut self.target());
        self.history.record(edit, in_stroke);
        self.revision += 1;
    }

    pub fn end_stroke(&mut self) {
        self.history.end_stroke();
    }

    pub fn undo(&mut self) -> bool {
        let Some(edit) = self.history.pop_undo().cloned() else {
            return false;
        };
        edit.revert(&mut self.target());
        self.revision += 1;
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.history.pop_redo().cloned() else {
            return false;
        };
        edit.apply(&mut self.target());
        self.revision += 1;
        true
    }

    /// Undoes or redoes until `done` steps are applied (the history panel's jump).
    pub fn jump_to(&mut self, done: usize) {
        while self.history.done().len() > done && self.undo() {}
        while self.history.done().len() < done && self.redo() {}
    }

    /// Saves every modified file of the document atomically; returns the files written.
    pub fn save(&mut self) -> Result<Vec<PathBuf>, String> {
        let Some(path) = self.path.clone() else {
            return Err("the map has no file yet: use Save As".into());
        };
        let mut written = Vec::new();
        let map_path = self.map_path().map(Path::to_owned).unwrap_or(path.clone());
        if self.map() != &self.saved_map || !map_path.exists() {
            io::save(FileKind::Map, &map_path, self.map())
                .map_err(|e| format!("{}: {e}", map_path.display()))?;
            written.push(map_path);
        }
        if let Some(s) = self.scenario()
            && (Some(s) != self.saved_scenario.as_ref() || !path.exists())
        {
            io::save(FileKind::Scenario, &path, s)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            written.push(path);
        }
        self.mark_saved();
        Ok(written)
    }

    fn mark_saved(&mut self) {
        self.saved_step = self.history.current();
        self.saved_map = self.map().clone();
        self.saved_scenario = self.scenario().cloned();
        for p in self.autosave_files() {
            let _ = std::fs::remove_file(p);
        }
    }

    /// Saves under a new name. A map's catalogue path, and a scenario's map and counters
    /// paths, are rewritten relative to the new file.
    pub fn save_as(&mut self, new: &Path) -> Result<Vec<PathBuf>, String> {
        let expected = if self.scenario().is_some() {
            FileKind::Scenario
        } else {
            FileKind::Map
        };
        if FileKind::of_path(new) != Some(expected) {
            return Err(format!("the file name must end in {}", expected.suffix()));
        }
        let abs = std::path::absolute(new).map_err(|e| e.to_string())?;
        match &mut self.content {
            Content::Map(b) => {
                b.map.terrain = paths::relative(&abs, &b.terrain_path);
                b.map_path = abs.clone();
            }
            Content::Scenario(b) => {
                b.scenario.map = paths::relative(&abs, &b.paths.map);
                b.scenario.counters = paths::relative(&abs, &b.paths.counters);
                b.paths.scenario = abs.clone();
            }
        }
        // Path fix-ups follow the file, they are not an edit: keep them out of the history.
        self.saved_map = Map::new("", "", self.map().grid, "");
        self.saved_scenario = None;
        self.path = Some(abs);
        self.save()
    }

    /// Side files the autosave writes, beside the document's files.
    pub fn autosave_files(&self) -> Vec<PathBuf> {
        let mut v = Vec::new();
        if let Some(p) = self.map_path() {
            v.push(paths::autosave_of(p));
        }
        if let (Some(p), Some(_)) = (self.path(), self.scenario()) {
            v.push(paths::autosave_of(p));
        }
        v
    }

    /// Writes the current state to the side files (not to the document's files).
    pub fn autosave(&self) -> Result<(), String> {
        if let Some(p) = self.map_path() {
            io::save(FileKind::Map, &paths::autosave_of(p), self.map())
                .map_err(|e| e.to_string())?;
        }
        if let (Some(p), Some(s)) = (self.path(), self.scenario()) {
            io::save(FileKind::Scenario, &paths::autosave_of(p), s).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// An autosave newer than the files it shadows, left by a session that did not save.
    pub fn recoverable(&self) -> Option<Edit> {
        let mut edit = Edit::new("Recover autosave");
        if let Some(p) = self.map_path()
            && let Some(map) = newer_autosave(p).and_then(|a| io::load_map(&a).ok())
        {
            edit.push(super::edit::Change::Map {
                before: Box::new(self.map().clone()),
                after: Box::new(map.value),
            });
        }
        if let (Some(p), Some(s)) = (self.path(), self.scenario())
            && let Some(sc) = newer_autosave(p).and_then(|a| io::load_scenario(&a).ok())
        {
            edit.push(super::edit::Change::Scenario {
                before: Box::new(s.clone()),
                after: Box::new(sc.value),
            });
        }
        (!edit.is_empty()).then_some(edit)
    }

    pub fn discard_autosave(&self) {
        for p in self.autosave_files() {
            let _ = std::fs::remove_file(p);
        }
    }
}

fn newer_autosave(file: &Path) -> Option<PathBuf> {
    let side = paths::autosave_of(file);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let (a, f) = (modified(&side)?, modified(file));
    f.is_none_or(|f| a >= f).then_some(side)
}
