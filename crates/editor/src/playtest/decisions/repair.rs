//! German repair markers (R17.1.2): put up to the markers on reduced, supplied armor
//! the engine lists, or none.

use egui::Ui;

use super::super::cx::{Cx, confirm_button};
use sztab_core::model::UnitId;
use sztab_wb95::Action;

pub fn body(ui: &mut Ui, cx: &mut Cx, markers: u8, units: &[UnitId]) {
    ui.label(format!(
        "Put up to {markers} repair marker(s) on reduced armor; a unit that then stays idle and out of enemy ZoC until your next Supply phase regains 1 CEL."
    ));
    let g = cx.session.game();
    super::super::combat::toggles(ui, g, "Units", units, &mut cx.orders.draft.picks);
    let a = Action::Repair {
        units: cx.orders.draft.picks.clone(),
    };
    if confirm_button(ui, g, "Place repair markers", &a) {
        cx.act(a);
    }
}
