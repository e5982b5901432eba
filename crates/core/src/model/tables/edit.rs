//! Editing a tables file as the table editor does, without a window: typing a cell,
//! pasting a block copied from a spreadsheet (tab-separated rows), copying one, undo and
//! redo with a named step per edit, the file's checks, and saving. Every cell is checked
//! against its table's vocabulary before it is written, so an edit never leaves a
//! malformed cell behind; a paste is one edit, applied whole or not at all.

use std::ops::Range;
use std::path::{Path, PathBuf};

use super::{Tables, cell};
use crate::model::io::{self, FileKind, LoadError};
use crate::model::{Problem, Source};

/// One cell's change.
#[derive(Clone, Debug, PartialEq)]
struct CellChange {
    table: usize,
    row: usize,
    column: usize,
    before: String,
    after: String,
}

/// A cell a paste or an entry refused, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub row: usize,
    pub column: usize,
    pub message: String,
}

/// One undo step: its number, its name ("Paste 9 cells into Mobile CRT") and its cells.
#[derive(Clone, Debug)]
struct Step {
    id: u64,
    label: String,
    changes: Vec<CellChange>,
}

/// A tables file being edited, with its undo history.
#[derive(Clone, Debug)]
pub struct TablesDoc {
    pub tables: Tables,
    /// Edits, each with its number: a paste is one edit.
    undo: Vec<Step>,
    redo: Vec<Step>,
    next: u64,
    /// The edit on top of the undo history at the last save (`None`: none).
    saved_at: Option<u64>,
    /// The file it was opened from or last saved to; `None`: not saved yet.
    path: Option<PathBuf>,
    /// The file's text as on disk, for the line and column of a problem, and for a save
    /// to write the edits into (its comments and layout kept).
    source: Source,
    /// The tables as that text holds them.
    saved: Tables,
    /// Renewed by every change, undo and redo: when the autosave last wrote.
    revision: u64,
}

impl TablesDoc {
    pub fn new(tables: Tables) -> Self {
        Self {
            saved: tables.clone(),
            tables,
            undo: Vec::new(),
            redo: Vec::new(),
            next: 0,
            saved_at: None,
            path: None,
            source: Source::default(),
            revision: 0,
        }
    }

    /// Which state of the tables this is: changes with every edit, undo and redo.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Opens a tables file; a file that cannot be read or parsed is refused with its
    /// line and column. The cells are not refused: a malformed one is reported by
    /// [`TablesDoc::problems`] where it is written, and the editor shows it in red.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        let loaded = io::load_tables(path)?;
        Ok(Self {
            path: Some(path.to_owned()),
            source: loaded.source,
            ..Self::new(loaded.value)
        })
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The problems every tables file gets (what its rule system needs of it is the
    /// system's: its `check_tables`, on [`TablesDoc::checked_source`]). While unchanged,
    /// positions are the file's; once edited, they are those of the text a save would
    /// write.
    pub fn problems(&self) -> Vec<Problem> {
        super::check::check(&self.tables, &self.checked_source())
    }

    /// The text problems are located in: the file's while unchanged, else the text a save
    /// would write.
    pub fn checked_source(&self) -> Source {
        if self.is_dirty() || self.source.text.is_empty() {
            let text = io::to_ron(FileKind::Tables, &self.tables).unwrap_or_default();
            Source::new(self.path.clone().unwrap_or_default(), text)
        } else {
            self.source.clone()
        }
    }

    /// Has it changed since it was loaded or saved?
    pub fn is_dirty(&self) -> bool {
        self.top() != self.saved_at
    }

    fn top(&self) -> Option<u64> {
        self.undo.last().map(|s| s.id)
    }

    fn index(&self, table: &str) -> Result<usize, String> {
        self.tables
            .tables
            .iter()
            .position(|t| t.id == table)
            .ok_or_else(|| format!("there is no table \"{table}\""))
    }

    /// What cell (`row`, `column`) of table `t` holds when `text` is typed into it (its
    /// codes as printed: `-` becomes `—`), or why it cannot go there.
    fn entered(&self, t: usize, row: usize, column: usize, text: &str) -> Result<String, String> {
        let table = &self.tables.tables[t];
        if row >= table.rows.len() || column >= table.columns.len() {
            return Err(format!(
                "the table has {} rows and {} columns",
                table.rows.len(),
                table.columns.len()
            ));
        }
        let Some(v) = self.tables.vocabulary(&table.vocabulary) else {
            return Err(format!(
                "the table's vocabulary \"{}\" is not in the file",
                table.vocabulary
            ));
        };
        match cell::parse(v, text) {
            Ok(parsed) => Ok(parsed.map_or(String::new(), |p| p.printed)),
            Err(e) => Err(e.message),
        }
    }

    /// Types `text` into one cell (an empty text empties it).
    pub fn set(
        &mut self,
        table: &str,
        row: usize,
        column: usize,
        text: &str,
    ) -> Result<(), Refused> {
        let t = self.index(table).map_err(|message| Refused {
            row,
            column,
            message,
        })?;
        let text = text.trim();
        let t_ = &self.tables.tables[t];
        let label = match (t_.rows.get(row), t_.columns.get(column)) {
            (Some(r), Some(c)) if text.is_empty() => {
                format!("Empty {}: row {}, column {c}", t_.name, r.key)
            }
            (Some(r), Some(c)) => {
                format!("Type \"{text}\" in {}: row {}, column {c}", t_.name, r.key)
            }
            _ => String::new(),
        };
        self.write_block(t, row, column, text, |_| label)
            .map(|_| ())
    }

    /// Pastes a block of cells copied from a spreadsheet — rows separated by line ends,
    /// cells by tabs — with its top left at (`row`, `column`). Returns the cells written;
    /// refuses the whole block when a cell is malformed or falls outside the table.
    pub fn paste(
        &mut self,
        table: &str,
        row: usize,
        column: usize,
        block: &str,
    ) -> Result<usize, Refused> {
        let t = self.index(table).map_err(|message| Refused {
            row,
            column,
            message,
        })?;
        let name = self.tables.tables[t].name.clone();
        self.write_block(t, row, column, block, |n| {
            format!(
                "Paste into {name} ({n} cell{})",
                if n == 1 { "" } else { "s" }
            )
        })
    }

    /// Writes a block (one cell, or tab-separated rows) as one undo step, named by
    /// `label` from the number of cells it changed.
    fn write_block(
        &mut self,
        t: usize,
        row: usize,
        column: usize,
        block: &str,
        label: impl FnOnce(usize) -> String,
    ) -> Result<usize, Refused> {
        let block = block.strip_suffix('\n').unwrap_or(block);
        let block = block.strip_suffix('\r').unwrap_or(block);
        let mut changes = Vec::new();
        for (dr, line) in block.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            for (dc, text) in line.split('\t').enumerate() {
                let (r, c) = (row + dr, column + dc);
                let text = self
                    .entered(t, r, c, text.trim())
                    .map_err(|message| Refused {
                        row: r,
                        column: c,
                        message,
                    })?;
                let before = self.tables.tables[t].cell(r, c).unwrap_or("").to_owned();
                if before != text {
                    changes.push(CellChange {
                        table: t,
                        row: r,
                        column: c,
                        before,
                        after: text,
                    });
                }
            }
        }
        let n = changes.len();
        if n > 0 {
            self.record(label(n), changes);
        }
        Ok(n)
    }

    /// Applies `changes` as a new undo step named `label`.
    fn record(&mut self, label: String, changes: Vec<CellChange>) {
        self.apply(&changes, false);
        self.undo.push(Step {
            id: self.next,
            label,
            changes,
        });
        self.next += 1;
        self.redo.clear();
    }

    /// Brings back tables autosaved by a session that ended without saving, as one undo
    /// step (every cell that differs). Refused when their shape is not these tables'.
    pub fn recover(&mut self, autosaved: &Tables) -> Result<usize, String> {
        let shape = |t: &Tables| -> Vec<(String, usize, usize)> {
            t.tables
                .iter()
                .map(|x| (x.id.clone(), x.rows.len(), x.columns.len()))
                .collect()
        };
        if shape(autosaved) != shape(&self.tables) {
            return Err("the autosave's tables are not shaped as the file's".into());
        }
        let mut changes = Vec::new();
        for (t, (now, then)) in self.tables.tables.iter().zip(&autosaved.tables).enumerate() {
            for row in 0..now.rows.len() {
                for column in 0..now.columns.len() {
                    let (before, after) = (
                        now.cell(row, column).unwrap_or(""),
                        then.cell(row, column).unwrap_or(""),
                    );
                    if before != after {
                        changes.push(CellChange {
                            table: t,
                            row,
                            column,
                            before: before.to_owned(),
                            after: after.to_owned(),
                        });
                    }
                }
            }
        }
        let n = changes.len();
        if n > 0 {
            self.record("Recover autosave".into(), changes);
        }
        Ok(n)
    }

    /// The cells of rows `rows` and columns `columns` of table `table` as a spreadsheet
    /// takes them: tabs between cells, a line end after each row. `None` off the table.
    pub fn copy(&self, table: &str, rows: Range<usize>, columns: Range<usize>) -> Option<String> {
        let t = self.tables.table(table)?;
        if rows.is_empty()
            || columns.is_empty()
            || rows.end > t.rows.len()
            || columns.end > t.columns.len()
        {
            return None;
        }
        let mut out = String::new();
        for r in rows {
            let line: Vec<&str> = columns
                .clone()
                .map(|c| t.cell(r, c).unwrap_or(""))
                .collect();
            out.push_str(&line.join("\t"));
            out.push('\n');
        }
        Some(out)
    }

    fn apply(&mut self, changes: &[CellChange], backwards: bool) {
        self.revision += 1;
        for ch in changes {
            let table = &mut self.tables.tables[ch.table];
            let width = table.columns.len();
            let cells = &mut table.rows[ch.row].cells;
            if cells.len() < width {
                cells.resize(width, String::new());
            }
            cells[ch.column] = if backwards { &ch.before } else { &ch.after }.clone();
        }
    }

    pub fn undo(&mut self) -> bool {
        let Some(step) = self.undo.pop() else {
            return false;
        };
        self.apply(&step.changes, true);
        self.redo.push(step);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(step) = self.redo.pop() else {
            return false;
        };
        self.apply(&step.changes, false);
        self.undo.push(step);
        true
    }

    /// The names of the edits done, oldest first, and of those undone, next to redo
    /// first.
    pub fn history(&self) -> (Vec<&str>, Vec<&str>) {
        let done = self.undo.iter().map(|s| s.label.as_str()).collect();
        let undone = self.redo.iter().rev().map(|s| s.label.as_str()).collect();
        (done, undone)
    }

    /// Undoes or redoes until `done` edits are applied.
    pub fn jump_to(&mut self, done: usize) {
        while self.undo.len() > done && self.undo() {}
        while self.undo.len() < done && self.redo() {}
    }

    /// Writes the file safely (a temporary file renamed over the old), into the text it
    /// was opened with: only the edited cells' lines change, its comments stay. A copy
    /// saved to a new file keeps the original's text too. It is the file from then on.
    pub fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let text = io::to_ron_over(
            FileKind::Tables,
            &self.tables,
            &self.saved,
            &self.source.text,
        )
        .map_err(std::io::Error::other)?;
        io::write_atomic(path, &text)?;
        self.saved_at = self.top();
        self.path = Some(path.to_owned());
        self.source = Source::new(path, text);
        self.saved = self.tables.clone();
        Ok(())
    }
}
