//! The open document: a scenario bundle or a map bundle, its undo history, what was last
//! saved, and its files. Everything that changes the model goes through [`Document::apply`];
//! saving is in `save` (each edit into the file that holds it, keeping the file's layout),
//! the autosave and its recovery in `autosave`.

mod autosave;
mod save;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub use save::SharedBoards;

use super::edit::{Edit, Target};
use super::history::{CANVAS_STROKE, History};
use sztab_core::model::decompose::Destination;
use sztab_core::model::described;
use sztab_core::model::io::FileKind;
use sztab_core::model::{
    Bundle, BundlePaths, Counters, LoadError, Map, MapBundle, Problem, Scenario, TerrainCatalogue,
};
use sztab_seam::{AnyBundle, RuleSystem};

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
    /// A scenario of another rule system, in the described files its schemas check.
    Described(Box<DescribedScenario>),
}

/// A scenario of a rule system other than WB-95, with the system that reads it.
pub struct DescribedScenario {
    pub system: &'static dyn RuleSystem,
    pub bundle: described::Bundle,
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
    /// A described scenario's scenario and counter files as on disk.
    saved_described: Option<(described::Scenario, described::Counters)>,
    /// Where the edits of a composed map are saved: into its boards, or its own file.
    destination: Destination,
    /// Where the document's file was before Save As: the next save writes it anew, into
    /// the old file's text.
    moved_doc: Option<PathBuf>,
    /// Where the map's file was before Save As or Save a copy.
    moved_map: Option<PathBuf>,
}

impl Document {
    fn from_content(content: Content, path: Option<PathBuf>) -> Self {
        let saved_map = match &content {
            Content::Scenario(b) => b.map.clone(),
            Content::Map(b) => b.map.clone(),
            Content::Described(g) => g.bundle.map.clone(),
        };
        let (saved_scenario, saved_counters) = match &content {
            Content::Scenario(b) => (Some(b.scenario.clone()), Some(b.counters.clone())),
            Content::Map(_) | Content::Described(_) => (None, None),
        };
        let saved_described = match &content {
            Content::Described(g) => Some((g.bundle.scenario.clone(), g.bundle.counters.clone())),
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
            saved_described,
            destination: Destination::Boards,
            moved_doc: None,
            moved_map: None,
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
    pub fn new_described(system: &'static dyn RuleSystem, bundle: described::Bundle) -> Self {
        Self::from_content(
            Content::Described(Box::new(DescribedScenario { system, bundle })),
            None,
        )
    }

    /// The open scenario as its rule system sees it.
    pub fn rules_view(&self) -> Option<sztab_seam::BundleRef<'_>> {
        match &self.content {
            Content::Scenario(b) => Some(sztab_seam::BundleRef::Wb95(b)),
            Content::Described(g) => Some(sztab_seam::BundleRef::Described(&g.bundle)),
            Content::Map(_) => None,
        }
    }

    /// The open scenario's rule system (WB-95 for a WB-95 scenario); `None` for a map.
    pub fn system(&self) -> Option<&'static dyn RuleSystem> {
        match &self.content {
            Content::Scenario(_) => sztab_registry::get("wb95"),
            Content::Described(g) => Some(g.system),
            Content::Map(_) => None,
        }
    }

    /// The open scenario of a system other than WB-95.
    pub fn described(&self) -> Option<&DescribedScenario> {
        match &self.content {
            Content::Described(g) => Some(g),
            _ => None,
        }
    }

    /// Opens a `.scenario.ron` (of any rule system) or `.map.ron` file.
    pub fn open(path: &Path) -> Result<(Document, Vec<Problem>), LoadError> {
        let content = match FileKind::of_path(path) {
            Some(FileKind::Scenario) => sztab_registry::load(path).map(|(system, b, p)| match b {
                AnyBundle::Wb95(b) => (Content::Scenario(b), p),
                AnyBundle::Described(b) => (
                    Content::Described(Box::new(DescribedScenario { system, bundle: *b })),
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
            Content::Described(g) => &g.bundle.map,
        }
    }

    /// The map, for path fix-ups that follow its file (no edit: kept out of the history).
    fn map_mut(&mut self) -> &mut Map {
        match &mut self.content {
            Content::Scenario(b) => &mut b.map,
            Content::Map(b) => &mut b.map,
            Content::Described(g) => &mut g.bundle.map,
        }
    }

    pub fn terrain(&self) -> &TerrainCatalogue {
        match &self.content {
            Content::Scenario(b) => &b.terrain,
            Content::Map(b) => &b.terrain,
            Content::Described(g) => &g.bundle.terrain,
        }
    }

    pub fn terrain_path(&self) -> &Path {
        match &self.content {
            Content::Scenario(b) => &b.paths.terrain,
            Content::Map(b) => &b.terrain_path,
            Content::Described(g) => &g.bundle.paths.terrain,
        }
    }

    pub fn scenario(&self) -> Option<&Scenario> {
        match &self.content {
            Content::Scenario(b) => Some(&b.scenario),
            Content::Map(_) | Content::Described(_) => None,
        }
    }

    pub fn counters(&self) -> Option<&Counters> {
        match &self.content {
            Content::Scenario(b) => Some(&b.counters),
            Content::Map(_) | Content::Described(_) => None,
        }
    }

    /// The scenario with everything it references, for validation and the setup card.
    pub fn bundle(&self) -> Option<&Bundle> {
        match &self.content {
            Content::Scenario(b) => Some(b),
            Content::Map(_) | Content::Described(_) => None,
        }
    }

    /// The counter file (empty until a new scenario's first save).
    pub fn counters_path(&self) -> Option<&Path> {
        match &self.content {
            Content::Scenario(b) => Some(&b.paths.counters),
            Content::Described(g) => Some(&g.bundle.paths.counters),
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
            Content::Described(g) => Some(&g.bundle.paths.map),
            Content::Map(_) => self.path.as_deref(),
        }
    }

    pub fn title(&self) -> String {
        match &self.content {
            Content::Scenario(b) => b.scenario.title.clone(),
            Content::Map(b) => b.map.name.clone(),
            Content::Described(g) => g.bundle.scenario.title.clone(),
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
                described: None,
            },
            Content::Map(b) => Target {
                map: &mut b.map,
                terrain: &mut b.terrain,
                terrain_path: &mut b.terrain_path,
                scenario: None,
                counters: None,
                described: None,
            },
            Content::Described(g) => {
                let b = &mut g.bundle;
                Target {
                    map: &mut b.map,
                    terrain: &mut b.terrain,
                    terrain_path: &mut b.paths.terrain,
                    scenario: None,
                    counters: None,
                    described: Some((&mut b.scenario, &mut b.counters)),
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
        self.changed();
    }

    /// After any change: a new revision, and the charts the scenario names now.
    fn changed(&mut self) {
        self.revision = next_revision();
        self.follow_charts();
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
        self.changed();
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.history.pop_redo().cloned() else {
            return false;
        };
        edit.apply(&mut self.target());
        self.changed();
        true
    }

    /// Undoes or redoes until `done` steps are applied (the history panel's jump).
    pub fn jump_to(&mut self, done: usize) {
        while self.history.done().len() > done && self.undo() {}
        while self.history.done().len() < done && self.redo() {}
    }

    /// Has the map changed since it was opened or saved?
    pub fn map_changed(&self) -> bool {
        self.map() != &self.saved_map
    }

    /// Has the map changed since it was loaded or saved?
    pub fn map_unsaved(&self) -> bool {
        self.map_changed()
    }

    /// Marks the document as holding work never saved (recovered from an autosave), so
    /// closing it asks first even before any edit.
    pub fn mark_unsaved(&mut self) {
        self.saved_step = u64::MAX;
    }

    /// Where the edits of a composed map are saved.
    pub fn destination(&self) -> Destination {
        self.destination
    }

    pub fn set_destination(&mut self, to: Destination) {
        self.destination = to;
    }

    /// The catalogue's first terrain: what a composed map gives hexes on no board.
    fn base_terrain(&self) -> String {
        self.terrain()
            .terrain
            .first()
            .map(|t| t.id.to_string())
            .unwrap_or_default()
    }

    /// The charts file `path` was saved by the table editor: a scenario that names it
    /// reads the saved tables from now on (its live checks run again). The tables are
    /// not the document's data, so this is no edit of it.
    pub fn charts_saved(&mut self, path: &Path, tables: sztab_core::model::tables::Tables) {
        if let Content::Described(g) = &mut self.content
            && let Some((t, p)) = &mut g.bundle.tables
            && same_file(p, path)
        {
            *t = tables;
            self.revision = next_revision();
        }
    }

    /// Points the scenario at the charts file `path` (a copy of shipped charts the table
    /// editor saved for it): an undoable edit of the scenario's `tables`.
    pub fn use_charts(&mut self, path: &Path) -> Result<(), String> {
        let Some(g) = self.described() else {
            return Err("only a scenario names a charts file".into());
        };
        let own = self
            .path()
            .map(Path::to_owned)
            .ok_or("the scenario has no file yet: save it first")?;
        let before = g.bundle.scenario.clone();
        let mut after = before.clone();
        after.tables = Some(sztab_core::model::io::relative(&own, path));
        self.apply(
            Edit::new("Use the charts copy").with(super::edit::Change::DescribedScenario {
                before: Box::new(before),
                after: Box::new(after),
            }),
        );
        Ok(())
    }

    /// The charts the scenario names, read again when it names another file (an edit,
    /// its undo): the scenario plays with the charts its file says.
    fn follow_charts(&mut self) {
        let Some(own) = self.path.clone() else { return };
        let Content::Described(g) = &mut self.content else {
            return;
        };
        let b = &mut g.bundle;
        let wanted = b
            .scenario
            .tables
            .as_ref()
            .map(|t| sztab_core::model::io::resolve(&own, t));
        let held = b.tables.as_ref().map(|(_, p)| p.as_path());
        let unchanged = match (&wanted, held) {
            (Some(w), Some(h)) => same_file(w, h),
            (None, None) => true,
            _ => false,
        };
        if unchanged {
            return;
        }
        b.tables = wanted.and_then(|w| {
            sztab_core::model::io::load_tables(&w)
                .ok()
                .map(|t| (t.value, w))
        });
    }
}

/// Do two paths name the same file (both made absolute)?
fn same_file(a: &Path, b: &Path) -> bool {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    abs(a) == abs(b)
}
