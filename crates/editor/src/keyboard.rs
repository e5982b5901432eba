//! Text typed in the very frame a text field is clicked. egui gives a clicked field the
//! keyboard only after the field has looked at the frame's typing, so the first letters of
//! a quick click-and-type would be lost (and, before the tools' keys moved to the end of
//! the frame, switch tools). They are kept here and handed to the field on the next frame.

use egui::{Context, Event, Id};

#[derive(Default)]
pub struct ClickTyping {
    /// The widget with the keyboard at the end of the last frame.
    focus: Option<Id>,
    /// Text of the frame a field was clicked in, for the next frame.
    pending: Vec<Event>,
}

impl ClickTyping {
    /// At the start of a frame: the text typed as a field was clicked goes to that field.
    pub fn begin(&mut self, ctx: &Context) {
        if !self.pending.is_empty() {
            let typed = std::mem::take(&mut self.pending);
            ctx.input_mut(|i| i.events.splice(0..0, typed).for_each(drop));
        }
    }

    /// At the end of a frame: if a click gave a widget the keyboard in this frame, its text
    /// is kept for the next one.
    pub fn end(&mut self, ctx: &Context) {
        let focus = ctx.memory(|m| m.focused());
        let gained = focus.is_some() && focus != self.focus;
        self.focus = focus;
        if !gained || !ctx.input(|i| i.pointer.primary_pressed()) {
            return;
        }
        self.pending = ctx.input(|i| {
            i.events
                .iter()
                .filter(|e| matches!(e, Event::Text(_) | Event::Paste(_)))
                .cloned()
                .collect()
        });
        if !self.pending.is_empty() {
            ctx.request_repaint();
        }
    }
}
