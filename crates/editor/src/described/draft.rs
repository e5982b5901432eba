//! A working copy of a described scenario that the Scenario and Schedule tabs' widgets change
//! in place; what changed becomes one undoable edit of the scenario, typing into one
//! field folded into one step.

use egui::Response;

use crate::document::Document;
use crate::edit::{Change, Edit};
use sztab_core::model::described::Scenario;

pub struct ScenarioDraft {
    pub s: Scenario,
    /// The change's name, its field's key and whether its typing ended, once a widget
    /// changed the draft.
    noted: Option<(String, u64, bool)>,
}

impl ScenarioDraft {
    /// A draft of the open scenario, if it is a described one.
    pub fn of(doc: &Document) -> Option<Self> {
        Some(Self {
            s: doc.described()?.bundle.scenario.clone(),
            noted: None,
        })
    }

    /// Notes that `r`, named `label`, may have changed the draft (a field typed into, a
    /// value dragged, a box ticked, a button pressed).
    pub fn note(&mut self, r: &Response, label: impl Into<String>) {
        if r.changed() || r.clicked() {
            let ended = r.lost_focus() || !r.has_focus();
            self.noted = Some((label.into(), r.id.value(), ended));
        }
    }

    /// Names a change made without a response of its own (a choice in a list).
    pub fn named(&mut self, label: impl Into<String>) {
        self.noted = Some((label.into(), next(), true));
    }

    /// Applies what changed to `doc` as one edit.
    pub fn commit(self, doc: &mut Document) {
        let Some(g) = doc.described() else { return };
        let before = &g.bundle.scenario;
        if &self.s == before {
            return;
        }
        let (label, key, ended) = self
            .noted
            .unwrap_or_else(|| ("Edit scenario".into(), next(), true));
        let edit = Edit::new(label).with(Change::DescribedScenario {
            before: Box::new(before.clone()),
            after: Box::new(self.s),
        });
        doc.apply_in_field(edit, key);
        if ended {
            doc.end_field(key);
        }
    }
}

/// A key no other change of this process has, for a one-off change (the top bit keeps it
/// apart from the widget ids typed fields use as keys).
fn next() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(1);
    N.fetch_add(1, Ordering::Relaxed) | 1 << 63
}
