//! The clipboard in the table editor, as a spreadsheet has it: Ctrl+C copies the selected
//! cells as tab-separated rows, Ctrl+V pastes such a block with its top left at the
//! selected cell. The events are taken before the cell being typed into sees them, so a
//! block pasted while typing lands in the grid, not in the one cell; a single value
//! pasted while typing goes into the text, and Ctrl+C there copies the text selected.

use egui::{Context, Event, Ui};

use super::{Selection, TableEditor};

/// Takes the window's copy and paste events.
pub fn handle(ed: &mut TableEditor, ui: &mut Ui) {
    let typing = ed.editing.is_some();
    let block_selected = ed.selection.is_some_and(|s| s.is_block());
    let mut copy = false;
    let mut pasted = None;
    ui.input_mut(|i| {
        i.events.retain(|e| match e {
            Event::Copy if !typing || block_selected => {
                copy = true;
                false
            }
            Event::Paste(text) if !typing || text.contains(['\t', '\n']) => {
                pasted = Some(text.clone());
                false
            }
            _ => true,
        })
    });
    if copy {
        self::copy(ed, ui.ctx());
    }
    if let Some(text) = pasted {
        paste_block(ed, &text);
    }
}

/// Copies the selected cells.
pub fn copy(ed: &mut TableEditor, ctx: &Context) {
    let (Some(doc), Some(s)) = (&ed.doc, ed.selection) else {
        return;
    };
    let Some(t) = doc.tables.tables.get(ed.table) else {
        return;
    };
    if let Some(text) = doc.copy(&t.id, s.rows(), s.columns()) {
        let n = s.rows().len() * s.columns().len();
        ctx.copy_text(text);
        ed.say(
            format!("copied {n} cell{}", if n == 1 { "" } else { "s" }),
            false,
        );
    }
}

/// Pastes a block (tab-separated rows) at the selection's top left: one edit, refused
/// whole, naming the first cell that does not read, when any does not.
pub fn paste_block(ed: &mut TableEditor, block: &str) {
    let Some(s) = ed.selection else {
        ed.say("select the cell to paste at first", true);
        return;
    };
    let Some(doc) = &mut ed.doc else { return };
    let Some(t) = doc.tables.tables.get(ed.table) else {
        return;
    };
    let (id, keys, columns) = (
        t.id.clone(),
        t.rows.iter().map(|r| r.key.clone()).collect::<Vec<_>>(),
        t.columns.clone(),
    );
    let at = s.top_left();
    ed.editing = None;
    match doc.paste(&id, at.0, at.1, block) {
        Ok(n) => {
            let text = block.strip_suffix('\n').unwrap_or(block);
            let text = text.strip_suffix('\r').unwrap_or(text);
            let rows = text.split('\n').count();
            let cols = text
                .split('\n')
                .map(|l| l.split('\t').count())
                .max()
                .unwrap_or(1);
            ed.selection = Some(Selection {
                anchor: at,
                cursor: (at.0 + rows - 1, at.1 + cols - 1),
            });
            ed.recheck();
            ed.say(format!("pasted {rows}×{cols} cells ({n} changed)"), false);
        }
        Err(r) => {
            let key = keys.get(r.row).map_or("past the last row", String::as_str);
            let col = columns
                .get(r.column)
                .map_or("past the last column", String::as_str);
            ed.say(
                format!("not pasted: row {key}, column {col}: {}", r.message),
                true,
            );
        }
    }
}
