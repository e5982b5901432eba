//! What the app does with files: open (a scenario, map or tables file), save and Save As,
//! export, the table editor's saves, and the unsaved-changes guard before any of them.

use std::path::{Path, PathBuf};

use super::EditorApp;
use crate::files::{ChooserPurpose, Pending, Saved};
use crate::panels::new_map::NewMap;
use crate::tools::ToolKind;
use crate::trace::Trace;
use sztab_core::model::Underlay;
use sztab_core::render::Layers;

impl EditorApp {
    /// Opens a file, replacing the document (no unsaved-changes question: see `request`);
    /// a tables file opens in the table editor instead, beside the document.
    pub fn load(&mut self, path: &Path) {
        if crate::tables::is_tables_file(path) {
            self.open_tables(path);
            return;
        }
        match self.files.open(path) {
            Ok(unreadable) => {
                self.after_open();
                self.error = (!unreadable.is_empty()).then(|| unreadable.join("; "));
                if let Some(u) = self.files.doc().and_then(|d| d.map().underlay.clone()) {
                    self.request_scan(&u);
                    // The saved points come back with their residuals, to check or refine.
                    let points = u.calibration.map(|c| c.points).unwrap_or_default();
                    self.trace.points = points
                        .into_iter()
                        .map(|p| crate::trace::CalPoint {
                            pixel: p.pixel,
                            hex_text: p.hex.to_string(),
                        })
                        .collect();
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Forgets what belonged to the previous document: its hexes under the pointer and
    /// selected, its status and error, its tracing, scenario and validation state.
    pub(super) fn after_open(&mut self) {
        self.canvas.request_fit();
        self.selected = None;
        self.hovered = None;
        self.error = None;
        self.properties = None;
        self.status = match self.files.doc() {
            Some(d) => {
                let g = d.map().grid;
                let shared: Vec<String> = self
                    .files
                    .map_shared_with()
                    .iter()
                    .map(|p| {
                        p.file_name()
                            .unwrap_or_default()
                            .to_string_lossy()
                            .into_owned()
                    })
                    .collect();
                match d.path() {
                    Some(p) if !shared.is_empty() => format!(
                        "opened {}; its map is also used by {}",
                        p.display(),
                        shared.join(", ")
                    ),
                    Some(p) => format!("opened {}", p.display()),
                    None => format!("{}: {}×{} hexes, not saved yet", d.title(), g.cols, g.rows),
                }
            }
            None => String::new(),
        };
        self.trace = Trace::default();
        // The playtest belongs to the scenario it was started on: its game and log go.
        self.described.game.close();
        self.scen.reset();
        self.validator.reset();
        // Every scenario opens with the Units tool, of any rule system: a painting brush
        // would turn the first stray drag into terrain edits.
        let scenario = self.files.doc().is_some_and(|d| d.system().is_some());
        if scenario {
            self.tools.active = ToolKind::Units;
        }
        if !self.offered_tools().contains(&self.tools.active) {
            self.tools.active = ToolKind::Brush;
        }
        if let Some(doc) = self.files.doc() {
            self.brush.cell = crate::tools::brush_blank(doc.terrain());
            self.tools.opened(doc);
        }
    }

    pub(super) fn request_scan(&mut self, u: &Underlay) {
        let path = match self.files.doc().and_then(|d| d.map_path()) {
            Some(map_path) => sztab_core::model::io::resolve(map_path, &u.image),
            None => u.image.clone(),
        };
        // Opening a map starts no load that would be refused (a scan too large to
        // decode): it says why instead.
        match crate::trace::probe(&path) {
            Ok(_) => self.scan_request = Some(path),
            Err(why) => {
                self.status = format!("The map's scan is not loaded: {why}");
                self.trace.message = Some(why);
            }
        }
    }

    /// Loads a scan as the map's underlay (in the background), as File → Load scan does.
    pub fn load_scan(&mut self, path: &Path) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let image = match doc.map_path() {
            Some(file) => crate::files::paths::relative(file, path),
            None => std::path::absolute(path).unwrap_or_else(|_| path.to_owned()),
        };
        let before = doc.map().underlay.clone();
        let after = Underlay {
            image,
            calibration: None,
            opacity: 0.6,
            locked: false,
        };
        doc.apply(
            crate::edit::Edit::new("Load scan").with(crate::edit::Change::Underlay {
                before,
                after: Some(after),
            }),
        );
        self.trace.points.clear();
        self.trace.draft = None;
        self.scan_request = Some(path.to_owned());
    }

    /// File → Save: writes the changed files, or asks for a name when there is none yet.
    pub fn save(&mut self) -> bool {
        let saved = self.files.save();
        self.report_save(saved)
    }

    /// Shows what a save did; true when files were written.
    pub(super) fn report_save(&mut self, saved: Result<Saved, String>) -> bool {
        match saved {
            Ok(Saved::Files(files)) => {
                self.status = if files.is_empty() {
                    "nothing to save: every file is as on disk".into()
                } else {
                    format!(
                        "saved {}",
                        files
                            .iter()
                            .map(|f| f.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                true
            }
            Ok(Saved::NeedsName) => {
                self.chooser = Some(self.files.chooser(ChooserPurpose::SaveAs));
                false
            }
            Ok(Saved::Nothing) => false,
            Ok(Saved::SharedMap(others)) => {
                self.shared_map = Some(others);
                false
            }
            Ok(Saved::SharedBoards(boards)) => {
                self.shared_boards = Some(boards);
                false
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    pub fn save_as(&mut self, path: &Path) -> bool {
        if self.files.doc().is_none() {
            return false;
        }
        match self.files.save_as(path) {
            Ok(files) => {
                self.report_save(Ok(Saved::Files(files)));
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    pub fn export_image(&mut self, path: &Path, scale: f32) {
        let Some(doc) = self.files.doc() else { return };
        let layers = Layers {
            underlay: false,
            ..self.canvas.layers
        };
        let units = doc
            .bundle()
            .map(|b| sztab_core::render::counter::UnitLayer::of_setup(&b.scenario, &b.counters));
        match sztab_core::render::render_png_units(
            doc.map(),
            doc.terrain(),
            layers,
            scale,
            units.as_ref(),
            path,
        ) {
            Ok((w, h)) => self.status = format!("exported {} ({w}×{h})", path.display()),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Opens a tables file in the table editor, for the open scenario when it plays
    /// with those charts (shipped charts are then saved as a copy beside it).
    pub fn open_tables(&mut self, path: &Path) {
        let scenario = self
            .scenario_tables()
            .filter(|t| sztab_core::model::users::same_file(t, path))
            .and(self.files.doc().and_then(|d| d.path()).map(Path::to_owned));
        match self.tables.open_for(path, scenario.as_deref()) {
            Ok(()) => {
                self.files.recent.add(path);
                self.status = format!("opened {} in the table editor", path.display());
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The tables file of the open scenario, if it names one.
    pub(super) fn scenario_tables(&self) -> Option<PathBuf> {
        let g = self.files.doc()?.described()?;
        g.bundle.tables.as_ref().map(|(_, p)| p.clone())
    }

    /// The table editor saved its tables: the open scenario's copy of those charts
    /// follows; a copy of shipped charts saved for the scenario becomes its charts (an
    /// undoable edit of the scenario, saved with it).
    pub(super) fn tables_saved(&mut self, saved: crate::tables::Saved) {
        let Some(doc) = self.files.doc_mut() else {
            self.status = format!("saved {}", saved.path.display());
            return;
        };
        if saved.copy_of.is_none() {
            doc.charts_saved(&saved.path, saved.tables);
            self.status = format!("saved {}", saved.path.display());
            return;
        }
        match doc.use_charts(&saved.path) {
            Ok(()) => {
                self.status = format!(
                    "saved the charts as {}; the scenario now plays with them: save the \
                     scenario to keep that",
                    saved.path.display()
                )
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Asks before dropping unsaved changes, then does `p`.
    pub(super) fn request(&mut self, p: Pending) {
        if let Pending::Open(path) = &p
            && crate::tables::is_tables_file(path)
        {
            self.open_tables(&path.clone());
            return;
        }
        if let Some(p) = self.files.guard(p) {
            self.proceed(p);
        }
    }

    pub(super) fn proceed(&mut self, p: Pending) {
        match p {
            Pending::Close => {}
            Pending::Open(path) => self.load(&path),
            Pending::New => self.new_map = Some(NewMap::default()),
            Pending::NewScenario => {
                self.new_scenario = Some(crate::scenario::new_scenario::NewScenario::default())
            }
        }
    }

    /// Window title: file name, and a ● when there are unsaved changes.
    pub fn title(&self) -> String {
        self.files.title()
    }

    /// Whether the window may close now; otherwise the unsaved-changes question is shown
    /// (the table editor's first, when its tables have unsaved changes).
    pub fn close_requested(&mut self) -> bool {
        if self.tables.is_dirty() {
            self.tables.close();
            return false;
        }
        self.files.close_requested()
    }
}
