//! Editing a tables file as the table editor does, without a window: typing a cell,
//! pasting a block copied from a spreadsheet (tab-separated rows), undo and redo. Every
//! cell is checked against its table's vocabulary before it is written, so an edit never
//! leaves a malformed cell behind; a paste is one edit, applied whole or not at all.

use std::path::Path;

use super::{Tables, cell};
use crate::model::io::{self, FileKind};

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

/// A tables file being edited, with its undo history.
#[derive(Clone, Debug)]
pub struct TablesDoc {
    pub tables: Tables,
    /// Edits, each with its number: a paste is one edit.
    undo: Vec<(u64, Vec<CellChange>)>,
    redo: Vec<(u64, Vec<CellChange>)>,
    next: u64,
    /// The edit on top of the undo history at the last save (`None`: none).
    saved_at: Option<u64>,
}

impl TablesDoc {
    pub fn new(tables: Tables) -> Self {
        Self {
            tables,
            undo: Vec::new(),
            redo: Vec::new(),
            next: 0,
            saved_at: None,
        }
    }

    /// Has it changed since it was loaded or saved?
    pub fn is_dirty(&self) -> bool {
        self.top() != self.saved_at
    }

    fn top(&self) -> Option<u64> {
        self.undo.last().map(|(id, _)| *id)
    }

    fn index(&self, table: &str) -> Result<usize, String> {
        self.tables
            .tables
            .iter()
            .position(|t| t.id == table)
            .ok_or_else(|| format!("there is no table \"{table}\""))
    }

    /// Why `text` cannot go in cell (`row`, `column`) of table `t`, if it cannot.
    fn refuse(&self, t: usize, row: usize, column: usize, text: &str) -> Option<String> {
        let table = &self.tables.tables[t];
        if row >= table.rows.len() || column >= table.columns.len() {
            return Some(format!(
                "the table has {} rows and {} columns",
                table.rows.len(),
                table.columns.len()
            ));
        }
        let Some(v) = self.tables.vocabulary(&table.vocabulary) else {
            return Some(format!(
                "the table's vocabulary \"{}\" is not in the file",
                table.vocabulary
            ));
        };
        cell::parse(v, text).err().map(|e| e.message)
    }

    /// Types `text` into one cell (an empty text empties it).
    pub fn set(
        &mut self,
        table: &str,
        row: usize,
        column: usize,
        text: &str,
    ) -> Result<(), Refused> {
        self.paste(table, row, column, text).map(|_| ())
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
        let block = block.strip_suffix('\n').unwrap_or(block);
        let block = block.strip_suffix('\r').unwrap_or(block);
        let mut changes = Vec::new();
        for (dr, line) in block.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            for (dc, text) in line.split('\t').enumerate() {
                let (r, c) = (row + dr, column + dc);
                let text = text.trim();
                if let Some(message) = self.refuse(t, r, c, text) {
                    return Err(Refused {
                        row: r,
                        column: c,
                        message,
                    });
                }
                let before = self.tables.tables[t].cell(r, c).unwrap_or("").to_owned();
                if before != text {
                    changes.push(CellChange {
                        table: t,
                        row: r,
                        column: c,
                        before,
                        after: text.to_owned(),
                    });
                }
            }
        }
        let n = changes.len();
        if n > 0 {
            self.apply(&changes, false);
            self.undo.push((self.next, changes));
            self.next += 1;
            self.redo.clear();
        }
        Ok(n)
    }

    fn apply(&mut self, changes: &[CellChange], backwards: bool) {
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
        let Some((id, changes)) = self.undo.pop() else {
            return false;
        };
        self.apply(&changes, true);
        self.redo.push((id, changes));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some((id, changes)) = self.redo.pop() else {
            return false;
        };
        self.apply(&changes, false);
        self.undo.push((id, changes));
        true
    }

    /// Writes the file (one row a line), safely: a temporary file renamed over the old.
    pub fn save(&mut self, path: &Path) -> std::io::Result<()> {
        io::save(FileKind::Tables, path, &self.tables)?;
        self.saved_at = self.top();
        Ok(())
    }
}
