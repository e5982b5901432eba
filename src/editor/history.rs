//! The undo history: applied steps, undone steps, and the stroke being merged.

use super::edit::Edit;

/// Oldest steps are dropped beyond this many, to bound memory on long sessions.
const MAX_STEPS: usize = 1000;

#[derive(Clone, Debug)]
pub struct Step {
    /// Unique and increasing: the saved state is remembered as a step id.
    pub id: u64,
    pub edit: Edit,
}

#[derive(Default)]
pub struct History {
    done: Vec<Step>,
    undone: Vec<Step>,
    next_id: u64,
    /// While a stroke is open, edits join the last step instead of making new ones.
    stroke_open: bool,
}

impl History {
    /// Records an applied edit; inside an open stroke it joins the stroke's step.
    pub fn record(&mut self, edit: Edit, in_stroke: bool) {
        self.undone.clear();
        if in_stroke
            && self.stroke_open
            && let Some(last) = self.done.last_mut()
        {
            last.edit.changes.extend(edit.changes);
            return;
        }
        self.next_id += 1;
        self.done.push(Step {
            id: self.next_id,
            edit,
        });
        self.stroke_open = in_stroke;
        if self.done.len() > MAX_STEPS {
            self.done.remove(0);
        }
    }

    pub fn end_stroke(&mut self) {
        self.stroke_open = false;
    }

    /// Id of the state the document is in (0: as opened).
    pub fn current(&self) -> u64 {
        self.done.last().map_or(0, |s| s.id)
    }

    pub fn pop_undo(&mut self) -> Option<&Edit> {
        self.stroke_open = false;
        let s = self.done.pop()?;
        self.undone.push(s);
        self.undone.last().map(|s| &s.edit)
    }

    pub fn pop_redo(&mut self) -> Option<&Edit> {
        self.stroke_open = false;
        let s = self.undone.pop()?;
        self.done.push(s);
        self.done.last().map(|s| &s.edit)
    }

    pub fn done(&self) -> &[Step] {
        &self.done
    }

    /// Undone steps, next to redo last.
    pub fn undone(&self) -> &[Step] {
        &self.undone
    }
}
