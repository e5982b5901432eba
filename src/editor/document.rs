//! The open document: a scenario bundle or a map bundle, its undo history, what was last
//! saved, and its files. Everything that changes the model goes through [`Document::apply`].

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::edit::{Change, Edit, Target};
use super::files::paths;
use super::history::{CANVAS_STROKE, History};
use crate::model::atomic_write::Batch;
use crate::model::generic;
use crate::model::io::{self, FileKind};
use crate::model::{
    Bundle, BundlePaths, Counters, LoadError, Map, MapBundle, Problem, Scenario, TerrainCatalogue,
};
use crate::systems::{AnyBundle, RuleSystem};

/// A revision number no document has had yet in this process.
fn next_revision() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// What is open.
pub enum Content {
    /// A WB-95 scenario (its typed files).
    Scenario(Box<Bundle>),
    Map(Box<MapBundle>),
    /// A scenario of another rule system, in the generic files its schemas check.
    Generic(Box<GenericScenario>),
}

/// A scenario of a rule system other than WB-95, with the system that reads it.
pub struct GenericScenario {
    pub system: &'static dyn RuleSystem,
    pub bundle: generic::Bundle,
}

pub struct Document {
    content: Content,
    /// The scenario or map file; `None` for a new map not yet saved.
    path: Option<PathBuf>,
    history: History,
    /// History state at the last save.
    saved_step: u64,
    /// Renewed by every change, undo and redo: a cheap key for caches. Unique across
    /// documents, so a cache drawn for the previous document never passes for the next.
    revision: u64,
    /// The revision it was created with: which document this is, for caches.
    id: u64,
    /// What is on disk, to write only the files that changed.
    saved_map: Map,
    saved_scenario: Option<Scenario>,
    saved_counters: Option<Counters>,
    /// A generic scenario's scenario and counter files as on disk.
    saved_generic: Option<(generic::Scenario, generic::Counters)>,
}

impl Document {
    fn from_content(content: Content, path: Option<PathBuf>) -> Self {
        let saved_map = match &content {
            Content::Scenario(b) => b.map.clone(),
            Content::Map(b) => b.map.clone(),
            Content::Generic(g) => g.bundle.map.clone(),
        };
        let (saved_scenario, saved_counters) = match &content {
            Content::Scenario(b) => (Some(b.scenario.clone()), Some(b.counters.clone())),
            Content::Map(_) | Content::Generic(_) => (None, None),
        };
        let saved_generic = match &content {
            Content::Generic(g) => Some((g.bundle.scenario.clone(), g.bundle.counters.clone())),
            _ => None,
        };
        let id = next_revision();
        Self {
            content,
            path,
            history: History::default(),
            saved_step: 0,
            revision: id,
            id,
            saved_map,
            saved_scenario,
            saved_counters,
            saved_generic,
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

    /// A new, unsaved scenario of a rule system other than WB-95 (its map and counter
    /// files exist; Save As writes the scenario).
    pub fn new_generic(system: &'static dyn RuleSystem, bundle: generic::Bundle) -> Self {
        Self::from_content(
            Content::Generic(Box::new(GenericScenario { system, bundle })),
            None,
        )
    }

    /// The open scenario as its rule system sees it.
    pub fn rules_view(&self) -> Option<crate::systems::seam::BundleRef<'_>> {
        match &self.content {
            Content::Scenario(b) => Some(crate::systems::seam::BundleRef::Wb95(b)),
            Content::Generic(g) => Some(crate::systems::seam::BundleRef::Generic(&g.bundle)),
            Content::Map(_) => None,
        }
    }

    /// The open scenario's rule system (WB-95 for a WB-95 scenario); `None` for a map.
    pub fn system(&self) -> Option<&'static dyn RuleSystem> {
        match &self.content {
            Content::Scenario(_) => crate::systems::get("wb95"),
            Content::Generic(g) => Some(g.system),
            Content::Map(_) => None,
        }
    }

    /// The open scenario of a system other than WB-95.
    pub fn generic(&self) -> Option<&GenericScenario> {
        match &self.content {
            Content::Generic(g) => Some(g),
            _ => None,
        }
    }

    /// Opens a `.scenario.ron` (of any rule system) or `.map.ron` file.
    pub fn open(path: &Path) -> Result<(Document, Vec<Problem>), LoadError> {
        let content = match FileKind::of_path(path) {
            Some(FileKind::Scenario) => crate::systems::load(path).map(|(system, b, p)| match b {
                AnyBundle::Wb95(b) => (Content::Scenario(b), p),
                AnyBundle::Generic(b) => (
                    Content::Generic(Box::new(GenericScenario { system, bundle: *b })),
                    p,
                ),
            }),
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
            Content::Generic(g) => &g.bundle.map,
        }
    }

    pub fn terrain(&self) -> &TerrainCatalogue {
        match &self.content {
            Content::Scenario(b) => &b.terrain,
            Content::Map(b) => &b.terrain,
            Content::Generic(g) => &g.bundle.terrain,
        }
    }

    pub fn terrain_path(&self) -> &Path {
        match &self.content {
            Content::Scenario(b) => &b.paths.terrain,
            Content::Map(b) => &b.terrain_path,
            Content::Generic(g) => &g.bundle.paths.terrain,
        }
    }

    pub fn scenario(&self) -> Option<&Scenario> {
        match &self.content {
            Content::Scenario(b) => Some(&b.scenario),
            Content::Map(_) | Content::Generic(_) => None,
        }
    }

    pub fn counters(&self) -> Option<&Counters> {
        match &self.content {
            Content::Scenario(b) => Some(&b.counters),
            Content::Map(_) | Content::Generic(_) => None,
        }
    }

    /// The scenario with everything it references, for validation and the setup card.
    pub fn bundle(&self) -> Option<&Bundle> {
        match &self.content {
            Content::Scenario(b) => Some(b),
            Content::Map(_) | Content::Generic(_) => None,
        }
    }

    /// The counter file (empty until a new scenario's first save).
    pub fn counters_path(&self) -> Option<&Path> {
        match &self.content {
            Content::Scenario(b) => Some(&b.paths.counters),
            Content::Generic(g) => Some(&g.bundle.paths.counters),
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
            Content::Generic(g) => Some(&g.bundle.paths.map),
            Content::Map(_) => self.path.as_deref(),
        }
    }

    pub fn title(&self) -> String {
        match &self.content {
            Content::Scenario(b) => b.scenario.title.clone(),
            Content::Map(b) => b.map.name.clone(),
            Content::Generic(g) => g.bundle.scenario.title.clone(),
        }
    }

    pub fn is_dirty(&self) -> bool {
        self.history.current() != self.saved_step
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Which document this is: no other document of this process has the same.
    pub fn id(&self) -> u64 {
        self.id
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
                generic: None,
            },
            Content::Map(b) => Target {
                map: &mut b.map,
                terrain: &mut b.terrain,
                terrain_path: &mut b.terrain_path,
                scenario: None,
                counters: None,
                generic: None,
            },
            Content::Generic(g) => {
                let b = &mut g.bundle;
                Target {
                    map: &mut b.map,
                    terrain: &mut b.terrain,
                    terrain_path: &mut b.paths.terrain,
                    scenario: None,
                    counters: None,
                    generic: Some((&mut b.scenario, &mut b.counters)),
                }
            }
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
        self.revision = next_revision();
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
        self.revision = next_revision();
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.history.pop_redo().cloned() else {
            return false;
        };
        edit.apply(&mut self.target());
        self.revision = next_revision();
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
            stage(&map_path, io::to_ron(FileKind::Map, self.map().file_form()))?;
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
        if let Content::Generic(g) = &self.content {
            let b = &g.bundle;
            let saved = self.saved_generic.as_ref();
            if saved.is_none_or(|(_, c)| c != &b.counters) || !b.paths.counters.exists() {
                stage(
                    &b.paths.counters,
                    io::to_ron(FileKind::Counters, &b.counters),
                )?;
            }
            if saved.is_none_or(|(s, _)| s != &b.scenario) || !path.exists() {
                stage(&path, io::to_ron(FileKind::Scenario, &b.scenario))?;
            }
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
        self.saved_generic = self
            .generic()
            .map(|g| (g.bundle.scenario.clone(), g.bundle.counters.clone()));
        for p in self.autosave_files() {
            let _ = std::fs::remove_file(p);
        }
    }

    /// Saves under a new name. A map's catalogue path, and a scenario's map and counters
    /// paths, are rewritten relative to the new file.
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
            Content::Generic(g) => {
                let b = &mut g.bundle;
                b.scenario.map = paths::relative(&abs, &b.paths.map);
                b.scenario.counters = paths::relative(&abs, &b.paths.counters);
                b.paths.scenario = abs.clone();
            }
        }
        // Path fix-ups follow the file, they are not an edit: keep them out of the history.
        // A map document is written anew; a scenario's map stays as it is on disk.
        if self.rules_view().is_none() {
            self.saved_map = Map::new("", "", self.map().grid, "");
        }
        self.saved_scenario = None;
        self.saved_generic = None;
        self.path = Some(abs);
        self.save()
    }

    /// Has the map changed since it was opened or saved?
    pub fn map_changed(&self) -> bool {
        self.map() != &self.saved_map
    }

    /// The other scenarios (in the scenario's folder and the map's) whose map is this
    /// scenario's map file: saving the map changes them too.
    pub fn map_shared_with(&self) -> Vec<PathBuf> {
        let (Some(own), Some(map)) = (self.path(), self.map_path()) else {
            return Vec::new();
        };
        if self.scenario().is_none() {
            return Vec::new();
        }
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        let mut dirs: Vec<&Path> = [own.parent(), map.parent()].into_iter().flatten().collect();
        dirs.dedup_by(|a, b| same(a, b));
        let mut out: Vec<PathBuf> = dirs
            .into_iter()
            .filter_map(|d| std::fs::read_dir(d).ok())
            .flatten()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.to_string_lossy().ends_with(".scenario.ron")
                    && !same(p, own)
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .filter(|p| {
                io::load_scenario(p).is_ok_and(|s| same(&io::resolve(p, &s.value.map), map))
            })
            .collect();
        out.sort();
        out.dedup_by(|a, b| same(a, b));
        out
    }

    /// Writes the scenario's map to `new` (a map of its own, the shared one untouched) and
    /// the scenario pointing at it, with every other changed file.
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
        let Content::Scenario(b) = &mut self.content else {
            return Err("only a scenario's map can be copied for it".into());
        };
        // Path fix-ups follow the files, they are not an edit (as in Save As).
        b.map.terrain = paths::relative(&abs, &b.paths.terrain);
        b.paths.map = abs.clone();
        b.scenario.map = paths::relative(&own, &abs);
        self.saved_map = Map::new("", "", self.map().grid, "");
        self.saved_scenario = None;
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
            io::save(
                FileKind::Map,
                &paths::autosave_of(p),
                self.map().file_form(),
            )
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

    /// An autosave newer than the files it shadows, left by a session that did not save,
    /// as one edit; and what could not be read of it (a side file that does not parse is
    /// reported and left where it is, never dropped without a word).
    pub fn recoverable(&self) -> (Option<Edit>, Vec<String>) {
        let mut edit = Edit::new("Recover autosave");
        let mut unreadable = Vec::new();
        let mut read = |file: &Path, load: &dyn Fn(&Path) -> Result<Change, LoadError>| {
            let side = newer_autosave(file)?;
            load(&side)
                .map_err(|e| {
                    unreadable.push(format!(
                        "the autosave {} cannot be read: {e}",
                        side.display()
                    ))
                })
                .ok()
        };
        if let Some(p) = self.map_path() {
            let before = self.map();
            if let Some(c) = read(p, &|a| {
                io::load_map(a).map(|m| Change::Map {
                    before: Box::new(before.clone()),
                    after: Box::new(m.value),
                })
            }) {
                edit.push(c);
            }
        }
        if let (Some(p), Some(before)) = (self.counters_path(), self.counters())
            && !p.as_os_str().is_empty()
            && let Some(c) = read(p, &|a| {
                io::load_counters(a).map(|cs| Change::Counters {
                    before: Box::new(before.clone()),
                    after: Box::new(cs.value),
                })
            })
        {
            edit.push(c);
        }
        if let (Some(p), Some(before)) = (self.path(), self.scenario())
            && let Some(c) = read(p, &|a| {
                io::load_scenario(a).map(|sc| Change::Scenario {
                    before: Box::new(before.clone()),
                    after: Box::new(sc.value),
                })
            })
        {
            edit.push(c);
        }
        ((!edit.is_empty()).then_some(edit), unreadable)
    }

    /// Has the map changed since it was loaded or saved?
    pub fn map_unsaved(&self) -> bool {
        self.map() != &self.saved_map
    }

    /// Marks the document as holding work never saved (recovered from an autosave), so
    /// closing it asks first even before any edit.
    pub fn mark_unsaved(&mut self) {
        self.saved_step = u64::MAX;
    }

    /// The charts file `path` was saved by the table editor: a scenario that names it
    /// reads the saved tables from now on (its live checks run again). The tables are
    /// not the document's data, so this is no edit of it.
    pub fn charts_saved(&mut self, path: &Path, tables: crate::model::tables::Tables) {
        let same = |p: &Path| {
            let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
            abs(p) == abs(path)
        };
        if let Content::Generic(g) = &mut self.content
            && let Some((t, p)) = &mut g.bundle.tables
            && same(p)
        {
            *t = tables;
            self.revision = next_revision();
        }
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
