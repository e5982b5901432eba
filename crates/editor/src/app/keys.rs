//! The keyboard: Ctrl shortcuts (undo, save, open, new) and the single keys of tools.

use egui::{Key, Modifiers, Ui};

use super::EditorApp;
use crate::files::{ChooserPurpose, Pending};

impl EditorApp {
    pub(super) fn shortcuts(&mut self, ui: &mut Ui) {
        let cmd = Modifiers::COMMAND;
        let (redo, undo, save_as, save, open, new) = ui.input_mut(|i| {
            (
                i.consume_key(cmd | Modifiers::SHIFT, Key::Z) || i.consume_key(cmd, Key::Y),
                i.consume_key(cmd, Key::Z),
                i.consume_key(cmd | Modifiers::SHIFT, Key::S),
                i.consume_key(cmd, Key::S),
                i.consume_key(cmd, Key::O),
                i.consume_key(cmd, Key::N),
            )
        });
        if self.tables.focused() {
            // The table editor has the keyboard: its tables, not the document.
            if redo {
                self.tables.redo();
            } else if undo {
                self.tables.undo();
            }
            if (save || save_as)
                && let Some(saved) = self.tables.save()
            {
                self.tables_saved(saved);
            }
            if open {
                self.chooser = Some(self.files.chooser(ChooserPurpose::Open));
            }
            return;
        }
        if let Some(doc) = self.files.doc_mut() {
            if redo {
                doc.redo();
            } else if undo {
                doc.undo();
            }
        }
        if save_as {
            self.chooser = Some(self.files.chooser(ChooserPurpose::SaveAs));
        } else if save {
            self.save();
        }
        if open {
            self.chooser = Some(self.files.chooser(ChooserPurpose::Open));
        }
        if new {
            self.request(Pending::New);
        }
    }

    /// Single keys: tools, the tool's own keys, brush size, scenario keys. Run after the
    /// panels and dialogs, so a text field clicked in this same frame already has the
    /// keyboard and the keys typed into it never switch tools.
    pub(super) fn keys(&mut self, ui: &mut Ui) {
        if ui.ctx().egui_wants_keyboard_input() || self.tables.focused() {
            return;
        }
        self.scenario_keys(ui);
        let none = Modifiers::NONE;
        for &k in self.tools.active().keys() {
            if ui.input_mut(|i| i.consume_key(none, k)) {
                self.with_tool(|t, cx| t.key(k, cx));
            }
        }
        for k in self.offered_tools() {
            if let Some(key) = k.shortcut()
                && ui.input_mut(|i| i.consume_key(none, key))
            {
                self.tools.active = k;
            }
        }
        let (smaller, bigger) = ui.input_mut(|i| {
            (
                i.consume_key(none, Key::OpenBracket),
                i.consume_key(none, Key::CloseBracket),
            )
        });
        if smaller {
            self.brush.radius = self.brush.radius.saturating_sub(1);
        }
        if bigger {
            self.brush.radius = (self.brush.radius + 1).min(3);
        }
    }
}
