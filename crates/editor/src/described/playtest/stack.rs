//! The stack window of the playtest: every unit on the hex a person clicked, in the
//! system's order, with its side, the markers its counter shows ("D": dispersed) and the
//! carrier a passenger rides on. A stack of several counters hides all but its top one
//! on the map; here none is hidden.

use super::Playtest;
use crate::document::Document;
use sztab_seam::OnBoard;

impl Playtest {
    /// The clicked hex's stack, under the list of what else lies on the map.
    pub(super) fn stack_ui(&self, ui: &mut egui::Ui, doc: &Document) {
        let (Some(hex), true) = (self.inspected, self.started()) else {
            return;
        };
        let here: Vec<&OnBoard> = self.board.iter().filter(|o| o.hex == hex).collect();
        let title = format!("Stack on {} ({})", doc.map().label_of(hex), here.len());
        egui::CollapsingHeader::new(title)
            .id_salt("playtest-stack")
            .default_open(true)
            .show(ui, |ui| {
                if here.is_empty() {
                    ui.weak("no unit");
                }
                for o in here {
                    ui.label(self.stack_line(doc, o));
                }
            });
    }

    /// "PzKw IV G/pz, German, D, aboard G/tr".
    fn stack_line(&self, doc: &Document, o: &OnBoard) -> String {
        let counters = doc.described().map(|g| &g.bundle.counters);
        let mut parts = vec![match counters.and_then(|c| c.unit(&o.unit)) {
            Some(u) => format!("{} {}", u.designation, o.unit),
            None => o.unit.clone(),
        }];
        if let Some(side) = self.sides.get(o.side) {
            parts.push(side.name.clone());
        }
        parts.extend(o.marks.iter().cloned());
        parts.extend(super::marks::spotting_word(o.spotted).map(str::to_owned));
        if let Some(c) = &o.carried_by {
            parts.push(format!("aboard {c}"));
        }
        parts.join(", ")
    }
}
