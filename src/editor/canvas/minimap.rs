//! A small overview of the whole map in a corner of the canvas, with the visible area
//! outlined; click or drag on it to move there. Its picture is rebuilt only when the
//! document changes, and at most a few times a second while painting.

use egui::{
    Color32, ColorImage, Painter, Rect, Sense, Stroke, TextureHandle, TextureOptions, Ui, pos2,
    vec2,
};

use super::{Camera, colour};
use crate::editor::document::Document;
use crate::render::hex_fill;

const WIDTH: f32 = 180.0;
const MARGIN: f32 = 10.0;
/// Seconds between rebuilds while the document keeps changing.
const REBUILD_EVERY: f64 = 0.4;

#[derive(Default)]
pub struct Minimap {
    texture: Option<TextureHandle>,
    revision: u64,
    built_at: f64,
}

impl Minimap {
    /// Where the minimap sits in the canvas, and the board rectangle it shows.
    fn place(canvas: Rect, doc: &Document) -> (Rect, [f32; 2], [f32; 2]) {
        let (min, max) = doc.map().grid.bounds();
        let aspect = (max[1] - min[1]) / (max[0] - min[0]).max(1e-3);
        let h = (WIDTH * aspect).clamp(20.0, 240.0);
        let r = Rect::from_min_size(
            pos2(canvas.max.x - WIDTH - MARGIN, canvas.max.y - h - MARGIN),
            vec2(WIDTH, h),
        );
        (r, min, max)
    }

    fn board_of(r: Rect, min: [f32; 2], max: [f32; 2], p: egui::Pos2) -> [f32; 2] {
        let t = (p - r.min) / r.size();
        [
            min[0] + t.x * (max[0] - min[0]),
            min[1] + t.y * (max[1] - min[1]),
        ]
    }

    /// The board point to centre on when the minimap is clicked or dragged.
    pub fn interact(&mut self, ui: &mut Ui, canvas: Rect, doc: &Document) -> Option<[f32; 2]> {
        let (r, min, max) = Self::place(canvas, doc);
        let resp = ui.interact(r, ui.scope_id().with("minimap"), Sense::click_and_drag());
        let p = resp
            .interact_pointer_pos()
            .filter(|_| resp.is_pointer_button_down_on() || resp.clicked())?;
        Some(Self::board_of(r, min, max, p))
    }

    fn rebuild(&mut self, ui: &Ui, doc: &Document, size: [usize; 2], min: [f32; 2], max: [f32; 2]) {
        let map = doc.map();
        let mut img = ColorImage::filled(size, Color32::from_gray(90));
        for y in 0..size[1] {
            for x in 0..size[0] {
                let p = [
                    min[0] + (x as f32 + 0.5) / size[0] as f32 * (max[0] - min[0]),
                    min[1] + (y as f32 + 0.5) / size[1] as f32 * (max[1] - min[1]),
                ];
                if let Some(cell) = map.grid.hex_at(p).and_then(|h| map.hexes.get(&h)) {
                    img.pixels[y * size[0] + x] = colour(hex_fill(doc.terrain(), cell, true));
                }
            }
        }
        match &mut self.texture {
            Some(t) => t.set(img, TextureOptions::LINEAR),
            None => {
                self.texture = Some(
                    ui.ctx()
                        .load_texture("minimap", img, TextureOptions::LINEAR),
                );
            }
        }
    }

    pub fn paint(&mut self, ui: &Ui, painter: &Painter, canvas: Rect, doc: &Document, cam: Camera) {
        let (r, min, max) = Self::place(canvas, doc);
        let now = ui.input(|i| i.time);
        let stale = self.revision != doc.revision();
        if self.texture.is_none() || (stale && now - self.built_at >= REBUILD_EVERY) {
            let size = [r.width() as usize, r.height() as usize];
            self.rebuild(ui, doc, size, min, max);
            self.revision = doc.revision();
            self.built_at = now;
        } else if stale {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(REBUILD_EVERY));
        }
        painter.rect_filled(r.expand(2.0), 2.0, Color32::from_black_alpha(140));
        if let Some(t) = &self.texture {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(t.id(), r, uv, Color32::WHITE);
        }
        // The part of the board the canvas shows.
        let (vmin, vmax) = cam.visible(canvas);
        let to = |p: [f32; 2]| {
            pos2(
                r.min.x + (p[0] - min[0]) / (max[0] - min[0]) * r.width(),
                r.min.y + (p[1] - min[1]) / (max[1] - min[1]) * r.height(),
            )
        };
        let view = Rect::from_min_max(to(vmin), to(vmax)).intersect(r);
        painter.rect_stroke(
            view,
            0.0,
            Stroke::new(1.5, Color32::YELLOW),
            egui::StrokeKind::Middle,
        );
    }
}
