//! Side panels and dialogs of the editor.

pub mod compose;
pub mod help;
pub mod history;
pub mod inspector;
pub mod new_map;
pub mod properties;

use egui::Ui;

/// A side panel's contents, laid out at the panel's width: text wraps, and what cannot
/// shrink scrolls sideways instead of widening the panel. A panel then changes width only
/// when the user drags its edge, never because a field, an error or a long row appeared.
pub fn at_panel_width<R>(
    ui: &mut Ui,
    id: &str,
    scroll_down: bool,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    let width = ui.available_width();
    let area = if scroll_down {
        egui::ScrollArea::both()
    } else {
        egui::ScrollArea::horizontal()
    };
    area.id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_max_width(width);
            add(ui)
        })
        .inner
}
