//! A scenario's map that other scenarios share: before its first edit is kept, the
//! designer says whether the edit is for every scenario on the map or for a copy of the map
//! for this scenario alone, or takes the edit back. Asked once per document; Save then
//! follows the answer without asking again.

use std::path::PathBuf;

use super::session::SharedSave;
use crate::document::Document;

/// The answer to "this map is shared" at the first edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedEdit {
    /// Keep the edit; saving writes the shared map (every scenario on it changes).
    EditShared,
    /// Keep the edit; saving writes the map to a new file for this scenario.
    Copy,
    /// Take the edit back; ask again at the next edit of the map.
    Cancel,
}

#[derive(Default)]
pub struct SharedMapGuard {
    /// The other scenarios whose map is the open scenario's map (found when it opened).
    others: Vec<PathBuf>,
    /// How the map is to be saved, once the designer said so.
    choice: Option<SharedSave>,
    /// The map was edited and the question is waiting for an answer.
    asking: bool,
    /// Undo steps applied while the map was last as saved: Cancel goes back there.
    clean_depth: usize,
    /// The document revision last looked at.
    seen: u64,
}

impl SharedMapGuard {
    pub fn for_document(doc: &Document) -> Self {
        Self {
            others: doc.map_shared_with(),
            clean_depth: doc.history().done().len(),
            seen: doc.revision(),
            ..Self::default()
        }
    }

    pub fn others(&self) -> &[PathBuf] {
        &self.others
    }

    pub fn choice(&self) -> Option<SharedSave> {
        self.choice
    }

    /// The designer chose at Save (or saved a copy): do not ask at the next edit.
    pub fn chose(&mut self, how: SharedSave) {
        self.choice = Some(how);
        self.asking = false;
    }

    /// Looks at the document after an edit may have happened: the other scenarios while
    /// the first edit of the shared map waits for an answer. A stroke still held
    /// (`stroke_over` false) is not interrupted: the question comes when it ends.
    pub fn first_edit(&mut self, doc: &Document, stroke_over: bool) -> Option<&[PathBuf]> {
        if self.others.is_empty() || self.choice.is_some() {
            return None;
        }
        if !self.asking && stroke_over && doc.revision() != self.seen {
            self.seen = doc.revision();
            if doc.map_changed() {
                self.asking = true;
            } else {
                self.clean_depth = doc.history().done().len();
            }
        }
        self.asking.then_some(self.others.as_slice())
    }

    pub fn answer(&mut self, a: SharedEdit, doc: &mut Document) {
        self.asking = false;
        match a {
            SharedEdit::EditShared => self.choice = Some(SharedSave::ForAll),
            SharedEdit::Copy => self.choice = Some(SharedSave::Copy),
            SharedEdit::Cancel => {
                doc.jump_to(self.clean_depth);
                self.seen = doc.revision();
            }
        }
    }
}
