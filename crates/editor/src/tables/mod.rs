//! The table editor: a window that edits a rule system's charts (`*.tables.ron`) as a
//! grid, one table at a time. Cells are typed in place and checked against the table's
//! vocabulary as they are typed (red, with the reason, until they read); a block copied
//! from a spreadsheet is pasted with the clipboard (Ctrl+V), a selection copied (Ctrl+C);
//! undo and redo, saving and the file's checks (the empty cells of each table among them)
//! are the headless [`TablesDoc`]'s. It opens beside the map or scenario, which it
//! leaves as it is: File → Open on a tables file, or Edit tables on an open scenario that
//! names one.

mod clipboard;
mod grid;

use std::path::{Path, PathBuf};

use egui::{Color32, Context, Id, Pos2, RichText, Ui};

use crate::files::paths;
use sztab_core::model::Problem;
use sztab_core::model::tables::Tables;
use sztab_core::model::tables::edit::TablesDoc;

/// Is `path` a tables file (`*.tables.ron`), which opens in the table editor?
pub fn is_tables_file(path: &Path) -> bool {
    sztab_core::model::io::FileKind::of_path(path) == Some(sztab_core::model::io::FileKind::Tables)
}

/// A file the table editor wrote, and the tables written.
#[derive(Clone, Debug)]
pub struct Saved {
    pub path: PathBuf,
    pub tables: Tables,
    /// The shipped charts this file is a copy of (saved beside the scenario using them).
    pub copy_of: Option<PathBuf>,
}

/// A cell: (row, column) of the table shown.
pub type Cell = (usize, usize);

/// The cells selected: from `anchor` to `cursor`, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub anchor: Cell,
    pub cursor: Cell,
}

impl Selection {
    pub fn one(c: Cell) -> Self {
        Self {
            anchor: c,
            cursor: c,
        }
    }

    pub fn rows(&self) -> std::ops::Range<usize> {
        self.anchor.0.min(self.cursor.0)..self.anchor.0.max(self.cursor.0) + 1
    }

    pub fn columns(&self) -> std::ops::Range<usize> {
        self.anchor.1.min(self.cursor.1)..self.anchor.1.max(self.cursor.1) + 1
    }

    pub fn top_left(&self) -> Cell {
        (self.rows().start, self.columns().start)
    }

    pub fn contains(&self, c: Cell) -> bool {
        self.rows().contains(&c.0) && self.columns().contains(&c.1)
    }

    pub fn is_block(&self) -> bool {
        self.anchor != self.cursor
    }
}

/// The cell being typed into, with its text so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Editing {
    pub cell: Cell,
    pub text: String,
    /// Give it the keyboard on the next frame.
    focus: bool,
}

/// The answer to "save the table changes?" when the window is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CloseAnswer {
    Save,
    Discard,
    Cancel,
}

#[derive(Default)]
pub struct TableEditor {
    doc: Option<TablesDoc>,
    /// The table shown (an index into the file's tables).
    pub table: usize,
    pub selection: Option<Selection>,
    pub editing: Option<Editing>,
    problems: Vec<Problem>,
    /// What the last action did, or why it was refused.
    pub message: Option<(String, bool)>,
    /// The last press of the pointer fell in the window: the shortcuts (undo, redo,
    /// save, copy, paste) are the table editor's.
    focused: bool,
    /// Where the window was on the last frame.
    rect: Option<egui::Rect>,
    /// Closing with unsaved changes: asking whether to save them.
    asking_close: bool,
    /// The charts ship with Sztab: they are never written; a save writes a copy.
    read_only: bool,
    /// Where that copy goes: beside the scenario the charts were opened for.
    copy_to: Option<PathBuf>,
    /// Save was asked for on shipped charts: asking whether to save the copy.
    asking_copy: bool,
    /// Tables an earlier session autosaved and did not save, offered for recovery.
    recovery: Option<Tables>,
    /// The tables' revision the autosave last wrote, and when it last tried.
    autosaved: u64,
    last_autosave: Option<f64>,
}

impl TableEditor {
    pub fn doc(&self) -> Option<&TablesDoc> {
        self.doc.as_ref()
    }

    pub fn is_open(&self) -> bool {
        self.doc.is_some()
    }

    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(TablesDoc::is_dirty)
    }

    /// Every problem of the tables as they are now, as `sztab validate` reports them.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Does it take the keyboard shortcuts (the last click was in its window)?
    pub fn focused(&self) -> bool {
        self.doc.is_some() && self.focused
    }

    /// Opens a tables file in the window (replacing one without unsaved changes); the
    /// error, with its line and column, when it cannot be read.
    pub fn open(&mut self, path: &Path) -> Result<(), String> {
        self.open_for(path, None)
    }

    /// Opens a tables file for the scenario `scenario` that plays with it: charts that
    /// ship with Sztab are saved as a copy beside it. An autosave newer than the file is
    /// offered for recovery.
    pub fn open_for(&mut self, path: &Path, scenario: Option<&Path>) -> Result<(), String> {
        if self.is_dirty() && self.doc.as_ref().and_then(TablesDoc::path) != Some(path) {
            return Err(format!(
                "the table editor has unsaved changes to {}: save or close them first",
                self.file_name()
            ));
        }
        let doc = TablesDoc::open(path).map_err(|e| e.to_string())?;
        let read_only = sztab_core::model::io::is_shipped(path);
        *self = Self {
            autosaved: doc.revision(),
            doc: Some(doc),
            focused: true,
            read_only,
            copy_to: scenario
                .filter(|_| read_only)
                .map(|s| paths::beside(s, ".tables.ron")),
            ..Self::default()
        };
        self.recheck();
        let bad = self.problems.iter().filter(|p| p.is_error()).count();
        let mut text = match bad {
            0 => format!("opened {}", path.display()),
            n => format!(
                "opened {}: {n} error(s), listed under Problems",
                path.display()
            ),
        };
        if read_only {
            text.push_str(
                "; these charts ship with Sztab and are kept as they are: a save writes a copy",
            );
        }
        self.message = Some((text, bad > 0));
        self.offer_recovery(path);
        Ok(())
    }

    /// The side file the tables are autosaved to: beside the copy shipped charts will be
    /// saved as, else beside the file.
    fn autosave_file(&self) -> Option<PathBuf> {
        let doc = self.doc.as_ref()?;
        let file = self.copy_to.as_deref().or(doc.path())?;
        Some(paths::autosave_of(file))
    }

    fn offer_recovery(&mut self, path: &Path) {
        let Some(side) = self.autosave_file() else {
            return;
        };
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let newer = match (modified(&side), modified(path)) {
            (Some(a), Some(f)) => a >= f,
            (Some(_), None) => true,
            _ => false,
        };
        if !newer {
            return;
        }
        match sztab_core::model::io::load_tables(&side) {
            Ok(t) => self.recovery = Some(t.value),
            Err(e) => self.say(
                format!("the autosave {} cannot be read: {e}", side.display()),
                true,
            ),
        }
    }

    /// Is an autosave of the tables waiting to be recovered or discarded?
    pub fn recovery_offered(&self) -> bool {
        self.recovery.is_some()
    }

    /// Applies the offered autosave as one undoable edit.
    pub fn recover(&mut self) {
        let (Some(t), Some(doc)) = (self.recovery.take(), self.doc.as_mut()) else {
            return;
        };
        match doc.recover(&t) {
            Ok(n) => self.say(
                format!("recovered the autosave ({n} cells): save to keep it"),
                false,
            ),
            Err(e) => self.say(format!("the autosave cannot be recovered: {e}"), true),
        }
        self.recheck();
    }

    /// Drops the offered autosave and deletes it.
    pub fn discard_recovery(&mut self) {
        self.recovery = None;
        if let Some(side) = self.autosave_file() {
            let _ = std::fs::remove_file(side);
        }
    }

    /// Writes the tables' autosave when they have changes not autosaved yet and
    /// `AUTOSAVE_SECONDS` have passed (`now` in seconds on any steady clock). Returns the
    /// file whose autosave was written, or why it failed.
    pub fn autosave_tick(&mut self, now: f64) -> Option<Result<PathBuf, String>> {
        let doc = self.doc.as_ref()?;
        if !doc.is_dirty() || doc.revision() == self.autosaved || self.recovery.is_some() {
            return None;
        }
        let last = *self.last_autosave.get_or_insert(now);
        if now - last < crate::files::AUTOSAVE_SECONDS {
            return None;
        }
        self.last_autosave = Some(now);
        let file = self.copy_to.clone().or(doc.path().map(Path::to_owned))?;
        let written = sztab_core::model::io::save(
            sztab_core::model::io::FileKind::Tables,
            &paths::autosave_of(&file),
            &doc.tables,
        );
        Some(match written {
            Ok(()) => {
                self.autosaved = doc.revision();
                Ok(file)
            }
            Err(e) => Err(format!("{}: {e}", paths::autosave_of(&file).display())),
        })
    }

    fn file_name(&self) -> String {
        self.doc
            .as_ref()
            .and_then(TablesDoc::path)
            .and_then(Path::file_name)
            .map_or_else(|| "tables".into(), |n| n.to_string_lossy().into_owned())
    }

    fn recheck(&mut self) {
        self.problems = self.doc.as_ref().map_or_else(Vec::new, |d| {
            let mut out = d.problems();
            if let Some(system) = sztab_registry::get(d.tables.system.as_str()) {
                out.extend(system.check_tables(&d.tables, &d.checked_source()));
            }
            out
        });
    }

    fn say(&mut self, text: impl Into<String>, bad: bool) {
        self.message = Some((text.into(), bad));
    }

    pub fn undo(&mut self) {
        if let Some(d) = &mut self.doc
            && d.undo()
        {
            self.editing = None;
            self.recheck();
        }
    }

    pub fn redo(&mut self) {
        if let Some(d) = &mut self.doc
            && d.redo()
        {
            self.editing = None;
            self.recheck();
        }
    }

    /// Saves the tables to their file; the file written and what it holds, when it was.
    /// Charts that ship with Sztab are not written: the copy beside the scenario is asked
    /// for instead ([`TableEditor::save_copy`]).
    pub fn save(&mut self) -> Option<Saved> {
        if !self.commit() {
            return None;
        }
        if self.read_only {
            match &self.copy_to {
                Some(_) => self.asking_copy = true,
                None => self.say(
                    "not saved: these charts ship with Sztab and are kept as they are; open \
                     them from a scenario (File → Edit tables…) to save a copy beside it",
                    true,
                ),
            }
            return None;
        }
        let path = self.doc.as_ref()?.path()?.to_owned();
        self.write(&path, None)
    }

    /// Saves shipped charts as the copy beside the scenario; the copy is the file edited
    /// from then on.
    pub fn save_copy(&mut self) -> Option<Saved> {
        self.asking_copy = false;
        let copy = self.copy_to.clone()?;
        let template = self.doc.as_ref()?.path()?.to_owned();
        let side = self.autosave_file();
        let saved = self.write(&copy, Some(template))?;
        self.read_only = false;
        self.copy_to = None;
        if let Some(side) = side {
            let _ = std::fs::remove_file(side);
        }
        Some(saved)
    }

    fn write(&mut self, path: &Path, copy_of: Option<PathBuf>) -> Option<Saved> {
        let doc = self.doc.as_mut()?;
        match doc.save(path) {
            Ok(()) => {
                let tables = doc.tables.clone();
                self.autosaved = doc.revision();
                let _ = std::fs::remove_file(paths::autosave_of(path));
                self.recheck();
                self.say(format!("saved {}", path.display()), false);
                Some(Saved {
                    path: path.to_owned(),
                    tables,
                    copy_of,
                })
            }
            Err(e) => {
                self.say(format!("not saved: {}: {e}", path.display()), true);
                None
            }
        }
    }

    /// Notes whether the pointer was pressed in the window (call before the shortcuts).
    pub fn track_focus(&mut self, ctx: &Context) {
        let pressed = ctx.input(|i| {
            i.pointer
                .any_pressed()
                .then(|| i.pointer.interact_pos())
                .flatten()
        });
        if let (Some(p), Some(r)) = (pressed, self.rect) {
            self.focused = r.contains(p);
        }
    }

    /// Asks before closing when there are unsaved changes; true when closed.
    pub fn close(&mut self) -> bool {
        if self.is_dirty() {
            self.asking_close = true;
            self.focused = true;
            return false;
        }
        *self = Self::default();
        true
    }

    /// Enters the text typed into the cell being edited; false (and the cell stays
    /// being edited, with the reason shown) when the table refuses it.
    fn commit(&mut self) -> bool {
        let (Some(doc), Some(ed)) = (&mut self.doc, &self.editing) else {
            return true;
        };
        let Some(table) = doc.tables.tables.get(self.table) else {
            return true;
        };
        let id = table.id.clone();
        let unchanged = table.cell(ed.cell.0, ed.cell.1).unwrap_or("") == ed.text.trim();
        if unchanged {
            self.editing = None;
            return true;
        }
        let unread = grid::Reader::new(&doc.tables, table).fault(table, ed.text.trim());
        let entered = match unread {
            Some(message) => Err(message),
            None => doc
                .set(&id, ed.cell.0, ed.cell.1, &ed.text)
                .map_err(|r| r.message),
        };
        match entered {
            Ok(()) => {
                self.editing = None;
                self.recheck();
                true
            }
            Err(message) => {
                self.say(format!("not entered: {message}"), true);
                if let Some(ed) = &mut self.editing {
                    ed.focus = true;
                }
                false
            }
        }
    }

    /// Starts typing into cell `c` with its text.
    fn edit(&mut self, c: Cell) {
        let text = self
            .doc
            .as_ref()
            .and_then(|d| d.tables.tables.get(self.table))
            .and_then(|t| t.cell(c.0, c.1))
            .unwrap_or("")
            .to_owned();
        self.selection = Some(Selection::one(c));
        self.editing = Some(Editing {
            cell: c,
            text,
            focus: true,
        });
    }

    /// The window, when a tables file is open. Returns what a save wrote.
    pub fn window(&mut self, ctx: &Context) -> Option<Saved> {
        self.doc.as_ref()?;
        let mut open = true;
        let mut saved = None;
        let title = format!(
            "Table editor: {}{}",
            self.file_name(),
            if self.is_dirty() { " (unsaved)" } else { "" }
        );
        let shown = egui::Window::new(title)
            .id(Id::unique("table editor"))
            .open(&mut open)
            .default_size([1120.0, 760.0])
            .default_pos(Pos2::new(300.0, 70.0))
            .resizable(true)
            .show(ctx, |ui| saved = self.contents(ui));
        self.rect = shown.map(|s| s.response.rect);
        if !open {
            self.close();
        }
        if self.asking_close {
            saved = saved.or(self.close_question(ctx));
        }
        if self.asking_copy {
            saved = saved.or(self.copy_question(ctx));
        }
        saved
    }

    /// Save on charts that ship with Sztab: save the edits as a copy beside the scenario?
    fn copy_question(&mut self, ctx: &Context) -> Option<Saved> {
        let copy = self.copy_to.as_deref()?;
        let name = copy.file_name()?.to_string_lossy().into_owned();
        let mut answer = None;
        egui::Modal::new(Id::unique("tables copy")).show(ctx, |ui| {
            ui.heading("These charts ship with Sztab");
            ui.label(format!(
                "{} is the program's own template and stays as it is. Save your edits as \
                 {name} beside the scenario, and play the scenario with it?",
                self.file_name()
            ));
            ui.horizontal(|ui| {
                if ui.button("Save the copy").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer? {
            true => self.save_copy(),
            false => {
                self.asking_copy = false;
                self.say("not saved", false);
                None
            }
        }
    }

    /// The offer of an autosave newer than the file, above the table.
    fn recovery_banner(&mut self, ui: &mut Ui) {
        if self.recovery.is_none() {
            return;
        }
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(
                    "An autosave of these charts newer than the file was found: the editor \
                     did not close cleanly.",
                )
                .color(Color32::from_rgb(170, 120, 0)),
            );
            if ui.button("Recover autosave").clicked() {
                self.recover();
            }
            if ui.button("Discard autosave").clicked() {
                self.discard_recovery();
            }
        });
    }

    fn contents(&mut self, ui: &mut Ui) -> Option<Saved> {
        if self.focused {
            clipboard::handle(self, ui);
        }
        let saved = self.toolbar(ui);
        self.recovery_banner(ui);
        self.table_tabs(ui);
        ui.separator();
        if let Some((text, bad)) = &self.message {
            let color = if *bad {
                Color32::from_rgb(200, 40, 40)
            } else {
                ui.visuals().weak_text_color()
            };
            ui.label(RichText::new(text).color(color));
        }
        egui::Panel::bottom("table editor problems")
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| self.lower_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| grid::show(self, ui));
        saved
    }

    fn toolbar(&mut self, ui: &mut Ui) -> Option<Saved> {
        let mut saved = None;
        ui.horizontal(|ui| {
            let dirty = self.is_dirty();
            if ui
                .add_enabled(dirty, egui::Button::new("Save tables"))
                .on_hover_text("Ctrl+S while the table editor has the keyboard")
                .clicked()
            {
                saved = self.save();
            }
            let (can_undo, can_redo) = self.doc.as_ref().map_or((false, false), |d| {
                let (done, undone) = d.history();
                (!done.is_empty(), !undone.is_empty())
            });
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo table edit"))
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo table edit"))
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(self.selection.is_some(), egui::Button::new("Copy cells"))
                .on_hover_text("Copies the selected cells for a spreadsheet (Ctrl+C)")
                .clicked()
            {
                clipboard::copy(self, ui.ctx());
            }
            ui.weak("Click a cell to type; Shift+click selects a block; Ctrl+V pastes a block from a spreadsheet.");
        });
        saved
    }

    fn table_tabs(&mut self, ui: &mut Ui) {
        let Some(doc) = &self.doc else { return };
        let tabs: Vec<(String, usize)> = doc
            .tables
            .tables
            .iter()
            .map(|t| (t.name.clone(), t.empty_cells()))
            .collect();
        let mut chosen = None;
        ui.horizontal_wrapped(|ui| {
            for (i, (name, empty)) in tabs.iter().enumerate() {
                let text = match empty {
                    0 => name.clone(),
                    n => format!("{name} ({n} empty)"),
                };
                if ui.selectable_label(self.table == i, text).clicked() {
                    chosen = Some(i);
                }
            }
        });
        if let Some(i) = chosen
            && i != self.table
            && self.commit()
        {
            self.table = i;
            self.selection = None;
            self.editing = None;
        }
    }

    fn lower_panel(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical()
            .id_salt("table problems")
            .show(ui, |ui| {
                egui::CollapsingHeader::new(format!("Problems ({})", self.problems.len()))
                    .default_open(true)
                    .show(ui, |ui| {
                        for p in &self.problems {
                            let color = if p.is_error() {
                                Color32::from_rgb(200, 40, 40)
                            } else {
                                Color32::from_rgb(170, 120, 0)
                            };
                            ui.label(RichText::new(p.to_string()).color(color));
                        }
                        if self.problems.is_empty() {
                            ui.weak("none: every table is entered and reads");
                        }
                    });
                egui::CollapsingHeader::new("Table edit history").show(ui, |ui| self.history(ui));
            });
    }

    fn history(&mut self, ui: &mut Ui) {
        let Some(doc) = &self.doc else { return };
        let (done, undone) = doc.history();
        let (done, undone): (Vec<String>, Vec<String>) = (
            done.into_iter().map(str::to_owned).collect(),
            undone.into_iter().map(str::to_owned).collect(),
        );
        let mut jump = None;
        if ui
            .selectable_label(done.is_empty(), "(as opened)")
            .clicked()
        {
            jump = Some(0);
        }
        for (i, label) in done.iter().enumerate() {
            if ui
                .selectable_label(i + 1 == done.len(), format!("{}. {label}", i + 1))
                .clicked()
            {
                jump = Some(i + 1);
            }
        }
        for (i, label) in undone.iter().enumerate() {
            let n = done.len() + i + 1;
            if ui
                .selectable_label(false, RichText::new(format!("{n}. {label}")).weak())
                .clicked()
            {
                jump = Some(n);
            }
        }
        if let (Some(n), Some(doc)) = (jump, &mut self.doc) {
            doc.jump_to(n);
            self.editing = None;
            self.recheck();
        }
    }

    fn close_question(&mut self, ctx: &Context) -> Option<Saved> {
        let mut answer = None;
        let name = self.file_name();
        egui::Modal::new(Id::unique("tables unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved table changes");
            ui.label(format!("Save the changes to {name} before closing it?"));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(CloseAnswer::Save);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(CloseAnswer::Discard);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(CloseAnswer::Cancel);
                }
            });
        });
        match answer? {
            CloseAnswer::Save => {
                let saved = self.save();
                if saved.is_some() {
                    *self = Self::default();
                } else {
                    self.asking_close = false;
                }
                saved
            }
            CloseAnswer::Discard => {
                if let Some(side) = self.autosave_file() {
                    let _ = std::fs::remove_file(side);
                }
                *self = Self::default();
                None
            }
            CloseAnswer::Cancel => {
                self.asking_close = false;
                None
            }
        }
    }
}
