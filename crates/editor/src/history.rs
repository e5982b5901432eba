//! The undo history: applied steps, undone steps, and the stroke being merged.

use std::collections::VecDeque;

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
    /// Applied steps, oldest first; the oldest is dropped past `MAX_STEPS`.
    done: VecDeque<Step>,
    undone: Vec<Step>,
    next_id: u64,
    /// While a stroke is open, edits of the same stroke join the last step instead of
    /// making new ones. The key tells strokes apart: a canvas drag, or typing in one field.
    stroke_open: Option<u64>,
}

/// The stroke key of canvas drags.
pub const CANVAS_STROKE: u64 = 0;

impl History {
    /// Records an applied edit; inside the open stroke `stroke` it joins the stroke's step,
    /// a change of the same thing as the step's last change folding into it.
    pub fn record(&mut self, edit: Edit, stroke: Option<u64>) {
        self.undone.clear();
        if stroke.is_some()
            && self.stroke_open == stroke
            && let Some(last) = self.done.back_mut()
        {
            for c in edit.changes {
                let folded = last.edit.changes.last_mut().is_some_and(|l| l.absorb(&c));
                if !folded {
                    last.edit.changes.push(c);
                }
            }
            return;
        }
        self.next_id += 1;
        self.done.push_back(Step {
            id: self.next_id,
            edit,
        });
        self.stroke_open = stroke;
        if self.done.len() > MAX_STEPS {
            self.done.pop_front();
        }
    }

    pub fn end_stroke(&mut self) {
        self.stroke_open = None;
    }

    /// Ends the stroke `key` if it is the open one.
    pub fn end_stroke_of(&mut self, key: u64) {
        if self.stroke_open == Some(key) {
            self.stroke_open = None;
        }
    }

    /// Id of the state the document is in (0: as opened).
    pub fn current(&self) -> u64 {
        self.done.back().map_or(0, |s| s.id)
    }

    pub fn pop_undo(&mut self) -> Option<&Edit> {
        self.stroke_open = None;
        let s = self.done.pop_back()?;
        self.undone.push(s);
        self.undone.last().map(|s| &s.edit)
    }

    pub fn pop_redo(&mut self) -> Option<&Edit> {
        self.stroke_open = None;
        let s = self.undone.pop()?;
        self.done.push_back(s);
        self.done.back().map(|s| &s.edit)
    }

    pub fn done(&self) -> &VecDeque<Step> {
        &self.done
    }

    /// Undone steps, next to redo last.
    pub fn undone(&self) -> &[Step] {
        &self.undone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_steps_are_dropped_beyond_the_limit() {
        let mut h = History::default();
        for i in 0..MAX_STEPS + 5 {
            h.record(Edit::new(format!("step {i}")), None);
        }
        assert_eq!(h.done().len(), MAX_STEPS);
        assert_eq!(h.done()[0].edit.label, "step 5");
        assert_eq!(h.current(), (MAX_STEPS + 5) as u64);
        assert_eq!(
            h.pop_undo().map(|e| e.label.clone()).as_deref(),
            Some("step 1004")
        );
        assert_eq!(h.undone().len(), 1);
    }
}
