//! Counter pictures inside panels: the same drawing as on the map, through the canvas's
//! egui sink, scaled into a small square.

use egui::{Rect, Response, Sense, Ui, vec2};

use crate::canvas::{Camera, EguiSink};
use sztab_core::render::counter::{COUNTER_SIDE, CounterFace, draw_counter};

/// Paints a counter face filling a square of `px` points; returns its response.
pub fn counter(ui: &mut Ui, face: &CounterFace, px: f32, sense: Sense) -> Response {
    let (rect, response) = ui.allocate_exact_size(vec2(px, px), sense);
    if ui.is_rect_visible(rect) {
        paint(ui, face, rect);
    }
    response
}

/// Paints a counter face into `rect`.
pub fn paint(ui: &Ui, face: &CounterFace, rect: Rect) {
    let zoom = rect.width() / (COUNTER_SIDE * 1.04);
    let cam = Camera {
        zoom,
        origin: egui::Vec2::ZERO,
    };
    // Board point (0,0) at the rect's centre: origin is the board point at the top left.
    let cam = Camera {
        origin: -rect.size() / (2.0 * zoom),
        ..cam
    };
    let painter = ui.painter_at(rect);
    let mut sink = EguiSink::new(&painter, cam, rect);
    draw_counter(&mut sink, face, [0.0, 0.0], COUNTER_SIDE);
    sink.finish();
}
