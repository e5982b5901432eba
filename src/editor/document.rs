//! The open document: a scenario bundle or a map bundle, its undo history, what was last
//! saved, and its files. Everything that changes the model goes through [`Document::apply`].

use std::path::{Path, PathBuf};

use super::edit::{Change, Edit, Target};
use super::files::paths;
use super::history::{CANVAS_STROKE, History};
use crate::model::atomic_write::Batch;
use crate::model::io::{self, FileKind};
use crate::model::{
    Bundle, BundlePaths, Counters, LoadError, Map, MapBundle, Problem, Scenario, TerrainCatalogue,
};

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
    saved_counters: Option<Counters>,
}

impl Document {
    fn from_content(content: Content, path: Option<PathBuf>) -> Self {
        let saved_map = match &content {
            Content::Scenario(b) => b.map.clone(),
            Content::Map(b) => b.map.clone(),
        };
        let (saved_scenario, saved_counters) = match &content {
            Content::Scenario(b) => (Some(b.scenario.clone()), Some(b.counters.clone())),
            Content::Map(_) => (None, None),
        };
        Self {
            content,
            path,
            history: History::default(),
            saved_step: 0,
            revision: 1,
            saved_map,
            saved_scenario,
            saved_counters,
        }
    }

    /// A new, unsaved scenario on a loaded map. `counters_path` names an existing counter
    /// file, or `None` for a new one that is written beside the scenario on its first save.
    pub fn new_scenario(
        scenario: Scenario,
        map: MapBundle,
        counters: Counters,
        counters_path: Option<PathBuf>,
    ) -> Self {
        let abs = |p: PathBuf| std::path::absolute(&p).unwrap_or(p);
        let map_path = abs(map.map_path);
        let counters_path = counters_path.map(abs).unwrap_or_default();
        let mut scenario = scenario;
        scenario.map = map_path.clone();
        scenario.counters = counters_path.clone();
        let bundle = Bundle {
            scenario,
            map: map.map,
            counters,
            terrain: map.terrain,
            paths: BundlePaths {
                scenario: PathBuf::new(),
                map: map_path,
                counters: counters_path.clone(),
                terrain: map.terrain_path,
            },
        };
        let mut doc = Self::from_content(Content::Scenario(Box::new(bundle)), None);
        if counters_path.as_os_str().is_empty() {
            // Nothing on disk yet: the first save writes it.
            doc.saved_counters = None;
        }
        doc
    }

    /// The open scenario as its rule system sees it.
    pub fn rules_view(&self) -> Option<crate::systems::seam::BundleRef<'_>> {
        self.bundle().map(crate::systems::seam::BundleRef::Wb95)
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

    pub fn counters(&self) -> Option<&Counters> {
        match &self.content {
            Content::Scenario(b) => Some(&b.counters),
            Content::Map(_) => None,
        }
    }

    /// The scenario with everything it references, for validation and the setup card.
    pub fn bundle(&self) -> Option<&Bundle> {
        match &self.content {
            Content::Scenario(b) => Some(b),
            Content::Map(_) => None,
        }
    }

    /// The counter file (empty until a new scenario's first save).
    pub fn counters_path(&self) -> Option<&Path> {
        match &self.content {
            Content::Scenario(b) => Some(&b.paths.counters),
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
                counters: Some(&mut b.counters),
            },
            Content::Map(b) => Target {
                map: &mut b.map,
                terrain: &mut b.terrain,
                terrain_path: &mut b.terrain_path,
                scenario: None,
                counters: None,
            },
        }
    }

    /// Applies an edit as a new undo step. Empty edits are ignored.
    pub fn apply(&mut self, edit: Edit) {
        self.apply_inner(edit, None);
    }

    /// Applies an edit as part of the stroke in progress (mouse held down): all edits
    /// until [`Document::end_stroke`] form one undo step.
    pub fn apply_in_stroke(&mut self, edit: Edit) {
        self.apply_inner(edit, Some(CANVAS_STROKE));
    }

    /// Applies an edit typed into the field `key`: every edit of that field until
    /// [`Document::end_field`] is one undo step, changes of the same thing folded together.
    pub fn apply_in_field(&mut self, edit: Edit, key: u64) {
        self.apply_inner(edit, Some(key.max(1)));
    }

    fn apply_inner(&mut self, edit: Edit, stroke: Option<u64>) {
        if edit.is_empty() {
            return;
        }
        edit.apply(&mut self.target());
        self.history.record(edit, stroke);
        self.revision += 1;
    }

    pub fn end_stroke(&mut self) {
        self.history.end_stroke_of(CANVAS_STROKE);
    }

    /// Ends the typing step of the field `key` (it lost focus).
    pub fn end_field(&mut self, key: u64) {
        self.history.end_stroke_of(key.max(1));
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

    /// Saves every modified file of the document; returns the files written. The files
    /// are written together (every temporary first, then the renames), so a failure
    /// leaves the old set whole: never a new scenario over an old counters file.
    pub fn save(&mut self) -> Result<Vec<PathBuf>, String> {
        let Some(path) = self.path.clone() else {
            return Err("the map has no file yet: use Save As".into());
        };
        let mut batch = Batch::default();
        let mut written = Vec::new();
        let mut stage = |p: &Path, text: Result<String, ron::Error>| {
            text.map_err(std::io::Error::other)
                .and_then(|t| batch.stage(p, t.as_bytes()))
                .map_err(|e| format!("{}: {e}", p.display()))?;
            written.push(p.to_owned());
            Ok::<(), String>(())
        };
        let map_path = self.map_path().map(Path::to_owned).unwrap_or(path.clone());
        if self.map() != &self.saved_map || !map_path.exists() {
            stage(&map_path, io::to_ron(FileKind::Map, self.map()))?;
        }
        if let (Some(c), Some(cpath)) = (self.counters(), self.counters_path())
            && (Some(c) != self.saved_counters.as_ref() || !cpath.exists())
        {
            stage(cpath, io::to_ron(FileKind::Counters, c))?;
        }
        if let Some(s) = self.scenario()
            && (Some(s) != self.saved_scenario.as_ref() || !path.exists())
        {
            stage(&path, io::to_ron(FileKind::Scenario, s))?;
        }
        batch.commit().map_err(|e| e.to_string())?;
        self.mark_saved();
        Ok(written)
    }

    fn mark_saved(&mut self) {
        self.saved_step = self.history.current();
        self.saved_map = self.map().clone();
        self.saved_scenario = self.scenario().cloned();
        self.saved_counters = self.counters().cloned();
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
                if b.paths.counters.as_os_str().is_empty() {
                    b.paths.counters = counters_beside(&abs);
                }
                b.scenario.map = paths::relative(&abs, &b.paths.map);
                b.scenario.counters = paths::relative(&abs, &b.paths.counters);
                b.paths.scenario = abs.clone();
            }
        }
        // Path fix-ups follow the file, they are not an edit: keep them out of the history.
        // A map document is written anew; a scenario's map stays as it is on disk.
        if self.scenario().is_none() {
            self.saved_map = Map::new("", "", self.map().grid, "");
        }
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
        if let Some(p) = self.counters_path().filter(|p| !p.as_os_str().is_empty()) {
            v.push(paths::autosave_of(p));
        }
        if let (Some(p), Some(_)) = (self.path(), self.scenario()) {
            v.push(paths::autosave_of(p));
        }
        v
    }

    /// Writes the current state to the side files (not to the document's files).
    /// Only parts that differ from the saved files are written, so editing a scenario
    /// leaves no side file beside a shared map.
    pub fn autosave(&self) -> Result<(), String> {
        if let Some(p) = self.map_path()
            && self.map() != &self.saved_map
        {
            io::save(FileKind::Map, &paths::autosave_of(p), self.map())
                .map_err(|e| e.to_string())?;
        }
        if let (Some(p), Some(c)) = (self.counters_path(), self.counters())
            && !p.as_os_str().is_empty()
            && Some(c) != self.saved_counters.as_ref()
        {
            io::save(FileKind::Counters, &paths::autosave_of(p), c).map_err(|e| e.to_string())?;
        }
        if let (Some(p), Some(s)) = (self.path(), self.scenario())
            && Some(s) != self.saved_scenario.as_ref()
        {
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
            edit.push(Change::Map {
                before: Box::new(self.map().clone()),
                after: Box::new(map.value),
            });
        }
        if let (Some(p), Some(c)) = (self.counters_path(), self.counters())
            && !p.as_os_str().is_empty()
            && let Some(cs) = newer_autosave(p).and_then(|a| io::load_counters(&a).ok())
        {
            edit.push(Change::Counters {
                before: Box::new(c.clone()),
                after: Box::new(cs.value),
            });
        }
        if let (Some(p), Some(s)) = (self.path(), self.scenario())
            && let Some(sc) = newer_autosave(p).and_then(|a| io::load_scenario(&a).ok())
        {
            edit.push(Change::Scenario {
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

/// `NAME.counters.ron` beside `NAME.scenario.ron`: where a new counter set is saved.
fn counters_beside(scenario: &Path) -> PathBuf {
    let name = scenario
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".scenario.ron").unwrap_or(&name);
    scenario.with_file_name(format!("{stem}.counters.ron"))
}

fn newer_autosave(file: &Path) -> Option<PathBuf> {
    let side = paths::autosave_of(file);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let (a, f) = (modified(&side)?, modified(file));
    f.is_none_or(|f| a >= f).then_some(side)
}
