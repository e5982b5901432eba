//! The autosave: every part of the document that differs from its file (the map, a
//! composed map as assembled, the counter set, the scenario, of any rule system) written
//! to a hidden side file beside it, and recovered as one undoable edit when a session
//! ended without saving.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::{Content, Document};
use crate::edit::{Change, Edit};
use crate::files::paths;
use sztab_core::model::atomic_write::Batch;
use sztab_core::model::io::{self, FileKind};
use sztab_core::model::{LoadError, Map, compose::Printed};

/// One file of the document: its path, its kind and, when it differs from the file, the
/// text its autosave holds.
struct Part {
    file: PathBuf,
    changed: Option<Result<String, ron::Error>>,
}

impl Document {
    /// The document's files, each with its autosave text when it has unsaved changes.
    fn parts(&self) -> Vec<Part> {
        let mut v = Vec::new();
        if let Some(p) = self.map_path() {
            v.push(Part {
                file: p.to_owned(),
                changed: self
                    .map_changed()
                    .then(|| io::to_ron(FileKind::Map, &self.map_snapshot())),
            });
        }
        let counters = self.counters_path().filter(|p| !p.as_os_str().is_empty());
        let scenario = self.path().filter(|_| self.rules_view().is_some());
        match &self.content {
            Content::Scenario(b) => {
                if let Some(p) = counters {
                    let changed = self.saved_counters.as_ref() != Some(&b.counters);
                    v.push(Part {
                        file: p.to_owned(),
                        changed: changed.then(|| io::to_ron(FileKind::Counters, &b.counters)),
                    });
                }
                if let Some(p) = scenario {
                    let changed = self.saved_scenario.as_ref() != Some(&b.scenario);
                    v.push(Part {
                        file: p.to_owned(),
                        changed: changed.then(|| io::to_ron(FileKind::Scenario, &b.scenario)),
                    });
                }
            }
            Content::Described(g) => {
                let saved = self.saved_described.as_ref();
                let b = &g.bundle;
                if let Some(p) = counters {
                    let changed = saved.is_none_or(|(_, c)| *c != b.counters);
                    v.push(Part {
                        file: p.to_owned(),
                        changed: changed.then(|| io::to_ron(FileKind::Counters, &b.counters)),
                    });
                }
                if let Some(p) = scenario {
                    let changed = saved.is_none_or(|(s, _)| *s != b.scenario);
                    v.push(Part {
                        file: p.to_owned(),
                        changed: changed.then(|| io::to_ron(FileKind::Scenario, &b.scenario)),
                    });
                }
            }
            Content::Map(_) => {}
        }
        v
    }

    /// The map as its autosave holds it: a composed map as assembled (every hex, no
    /// boards), so its recovery needs no decision about where the edits go.
    fn map_snapshot(&self) -> Map {
        let map = self.map();
        if !map.is_composed() {
            return map.file_form().clone();
        }
        Map {
            sections: Vec::new(),
            printed: Printed::new(),
            composition: None,
            ..map.clone()
        }
    }

    /// Side files the autosave writes, beside the document's files.
    pub fn autosave_files(&self) -> Vec<PathBuf> {
        self.parts()
            .iter()
            .map(|p| paths::autosave_of(&p.file))
            .collect()
    }

    /// Writes every part that differs from its file to its side file (all together, the
    /// document's files untouched) and removes the side files of parts that no longer
    /// differ (an edit undone). Returns the document files whose changes were written.
    pub fn autosave(&self) -> Result<Vec<PathBuf>, String> {
        let mut batch = Batch::default();
        let mut written = Vec::new();
        let mut gone = Vec::new();
        for part in self.parts() {
            let side = paths::autosave_of(&part.file);
            let Some(text) = part.changed else {
                gone.push(side);
                continue;
            };
            text.map_err(std::io::Error::other)
                .and_then(|t| batch.stage(&side, t.as_bytes()))
                .map_err(|e| format!("{}: {e}", side.display()))?;
            written.push(part.file);
        }
        batch.commit().map_err(|e| e.to_string())?;
        for side in gone {
            let _ = std::fs::remove_file(side);
        }
        Ok(written)
    }

    /// An autosave newer than the files it shadows, left by a session that did not save,
    /// as one edit; and what could not be read of it (a side file that does not parse is
    /// reported and left where it is, never dropped without a word).
    pub fn recoverable(&self) -> (Option<Edit>, Vec<String>) {
        let mut edit = Edit::new("Recover autosave");
        let mut unreadable = Vec::new();
        for part in self.parts() {
            let Some(side) = newer_autosave(&part.file) else {
                continue;
            };
            match self.recover_part(&part.file, &side) {
                Ok(Some(c)) => edit.push(c),
                Ok(None) => {}
                Err(e) => unreadable.push(format!(
                    "the autosave {} cannot be read: {e}",
                    side.display()
                )),
            }
        }
        ((!edit.is_empty()).then_some(edit), unreadable)
    }

    /// The change that brings back the autosave `side` of the document file `file`.
    fn recover_part(&self, file: &Path, side: &Path) -> Result<Option<Change>, LoadError> {
        let is = |p: Option<&Path>| p.is_some_and(|p| p == file);
        if is(self.map_path()) {
            let saved = io::load_map(side)?.value;
            let before = self.map().clone();
            let after = if before.is_composed() {
                Map {
                    name: saved.name,
                    notes: saved.notes,
                    hexes: saved.hexes,
                    hexsides: saved.hexsides,
                    roads: saved.roads,
                    places: saved.places,
                    labels: saved.labels,
                    zones: saved.zones,
                    underlay: saved.underlay,
                    ..before.clone()
                }
            } else {
                saved
            };
            return Ok(Some(Change::Map {
                before: Box::new(before),
                after: Box::new(after),
            }));
        }
        let counters = is(self.counters_path());
        Ok(match &self.content {
            Content::Scenario(b) if counters => Some(Change::Counters {
                before: Box::new(b.counters.clone()),
                after: Box::new(io::load_counters(side)?.value),
            }),
            Content::Scenario(b) => Some(Change::Scenario {
                before: Box::new(b.scenario.clone()),
                after: Box::new(io::load_scenario(side)?.value),
            }),
            Content::Described(g) if counters => Some(Change::DescribedCounters {
                before: Box::new(g.bundle.counters.clone()),
                after: Box::new(read(side)?),
            }),
            Content::Described(g) => Some(Change::DescribedScenario {
                before: Box::new(g.bundle.scenario.clone()),
                after: Box::new(read(side)?),
            }),
            Content::Map(_) => None,
        })
    }

    pub fn discard_autosave(&self) {
        for p in self.autosave_files() {
            let _ = std::fs::remove_file(p);
        }
    }
}

fn read<T: DeserializeOwned>(path: &Path) -> Result<T, LoadError> {
    io::parse(&io::read_text(path)?)
}

/// The side file of `file` when it is newer than the file (or the file is gone).
fn newer_autosave(file: &Path) -> Option<PathBuf> {
    let side = paths::autosave_of(file);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let (a, f) = (modified(&side)?, modified(file));
    f.is_none_or(|f| a >= f).then_some(side)
}
