//! The autosave of untitled work (a new map or scenario never saved) in a folder of the
//! user's data folder, and the document recovered from it on the next start.
//!
//! A new map is kept as `untitled.map.ron` with its catalogue path absolute. A new
//! scenario is kept as `untitled.scenario.ron` (its map and counters paths absolute; the
//! counters path empty for a new counter set) and `untitled.counters.ron`, plus
//! `untitled.map.ron` when the scenario's map (an existing file) was changed; a scenario
//! of any rule system alike.

use std::path::{Path, PathBuf};

use crate::document::{Content, Document};
use crate::edit::{Change, Edit};
use sztab_core::model::atomic_write::Batch;
use sztab_core::model::described;
use sztab_core::model::io::{self, FileKind};
use sztab_core::model::{LoadError, MapBundle};
use sztab_seam::AnyBundle;

const MAP: &str = "untitled.map.ron";
const SCENARIO: &str = "untitled.scenario.ron";
const COUNTERS: &str = "untitled.counters.ron";

/// `autosave` in Sztab's data folder, where eframe keeps the editor's settings
/// (`~/.local/share/sztab` on Linux): where the window autosaves untitled work.
pub fn data_folder() -> Option<PathBuf> {
    eframe::storage_dir("Sztab").map(|d| d.join("autosave"))
}

/// The folder untitled work is autosaved to.
#[derive(Clone, Debug)]
pub struct UntitledAutosave {
    dir: PathBuf,
}

impl UntitledAutosave {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes the untitled document's autosave, all files together (temporaries first,
    /// then the renames), and removes files an earlier autosave left that no longer apply.
    /// Returns the files written.
    pub fn write(&self, doc: &Document) -> Result<Vec<PathBuf>, String> {
        let fail = |p: &Path, e: &dyn std::fmt::Display| format!("{}: {e}", p.display());
        std::fs::create_dir_all(&self.dir).map_err(|e| fail(&self.dir, &e))?;
        let mut batch = Batch::default();
        let mut written = Vec::new();
        let mut stage = |name: &str, text: Result<String, ron::Error>| {
            let p = self.file(name);
            text.map_err(std::io::Error::other)
                .and_then(|t| batch.stage(&p, t.as_bytes()))
                .map_err(|e| fail(&p, &e))?;
            written.push(p);
            Ok::<(), String>(())
        };
        let abs = |p: Option<&Path>| p.map(Path::to_owned).unwrap_or_default();
        let mut keep = vec![SCENARIO, COUNTERS];
        match doc.content() {
            Content::Scenario(b) => {
                let mut s = b.scenario.clone();
                s.map = abs(doc.map_path());
                s.counters = abs(doc.counters_path());
                stage(SCENARIO, io::to_ron(FileKind::Scenario, &s))?;
                stage(COUNTERS, io::to_ron(FileKind::Counters, &b.counters))?;
            }
            Content::Described(g) => {
                let b = &g.bundle;
                let mut s = b.scenario.clone();
                s.map = abs(doc.map_path());
                s.counters = abs(doc.counters_path());
                // A new counter set has no file yet: its autosave stands in for it.
                if s.counters.as_os_str().is_empty() {
                    s.counters = self.file(COUNTERS);
                }
                s.tables = b.tables.as_ref().map(|(_, p)| p.clone());
                stage(SCENARIO, io::to_ron(FileKind::Scenario, &s))?;
                stage(COUNTERS, io::to_ron(FileKind::Counters, &b.counters))?;
            }
            Content::Map(_) => {
                let mut map = doc.map().clone();
                map.terrain = doc.terrain_path().to_owned();
                stage(MAP, io::to_ron(FileKind::Map, &map))?;
                keep = vec![MAP];
            }
        }
        if keep.contains(&SCENARIO) && doc.map_unsaved() {
            stage(MAP, io::to_ron(FileKind::Map, doc.map()))?;
            keep.push(MAP);
        }
        batch.commit().map_err(|e| fail(&self.dir, &e))?;
        for name in [MAP, SCENARIO, COUNTERS] {
            if !keep.contains(&name) {
                let _ = std::fs::remove_file(self.file(name));
            }
        }
        Ok(written)
    }

    /// The untitled document an earlier session autosaved, if any. It counts as unsaved
    /// work; a scenario's changes to its map (and a described scenario's to its counter
    /// set) are one undo step on the files as they are on disk. An autosave that cannot
    /// be read is an error naming the file.
    pub fn read(&self) -> Result<Option<Document>, String> {
        let why = |e: LoadError| format!("the autosave of untitled work cannot be read: {e}");
        let (scenario, map) = (self.file(SCENARIO), self.file(MAP));
        let mut doc = if scenario.exists() {
            let system = io::probe_system(&io::read_text(&scenario).map_err(why)?).map_err(why)?;
            if system.as_str() == "wb95" || system.as_str().is_empty() {
                self.read_wb95(&scenario).map_err(why)?
            } else {
                self.read_described(&scenario).map_err(why)?
            }
        } else if map.exists() {
            let b = MapBundle::load(&map).map_err(why)?.0;
            Document::new_map(b.map, b.terrain, b.terrain_path)
        } else {
            return Ok(None);
        };
        if scenario.exists() && map.exists() {
            let after = io::load_map(&map).map_err(why)?.value;
            let before = Box::new(doc.map().clone());
            doc.apply(Edit::new("Recover autosave").with(Change::Map {
                before,
                after: Box::new(after),
            }));
        }
        doc.mark_unsaved();
        Ok(Some(doc))
    }

    fn read_wb95(&self, scenario: &Path) -> Result<Document, LoadError> {
        let s = io::load_scenario(scenario)?.value;
        let map_bundle = MapBundle::load(&s.map)?.0;
        let counters = io::load_counters(&self.file(COUNTERS))?.value;
        let counters_path = (!s.counters.as_os_str().is_empty()).then(|| s.counters.clone());
        Ok(Document::new_scenario(
            s,
            map_bundle,
            counters,
            counters_path,
        ))
    }

    /// A scenario of another system: its files as they are on disk, then its counter set
    /// as autosaved.
    fn read_described(&self, scenario: &Path) -> Result<Document, LoadError> {
        let (system, bundle, _) = sztab_registry::load(scenario)?;
        let AnyBundle::Described(b) = bundle else {
            return Err(LoadError::Refused {
                path: scenario.to_owned(),
                message: "not a scenario in schema-described files".into(),
            });
        };
        let mut b = *b;
        let counters = self.file(COUNTERS);
        // The autosave stood in for a new counter set: it is still new.
        if b.paths.counters == counters {
            b.paths.counters = PathBuf::new();
            b.scenario.counters = PathBuf::new();
        }
        let mut doc = Document::new_described(system, b);
        if counters.exists() {
            let after: described::Counters = io::parse(&io::read_text(&counters)?)?;
            if let Some(g) = doc.described()
                && g.bundle.counters != after
            {
                let before = Box::new(g.bundle.counters.clone());
                doc.apply(
                    Edit::new("Recover autosave").with(Change::DescribedCounters {
                        before,
                        after: Box::new(after),
                    }),
                );
            }
        }
        Ok(doc)
    }

    /// Deletes the autosave (the work was saved under a name, or discarded).
    pub fn discard(&self) {
        for name in [MAP, SCENARIO, COUNTERS] {
            let _ = std::fs::remove_file(self.file(name));
        }
    }
}
