//! A small overview of the whole map in a corner of the canvas, with the visible area
//! outlined; click or drag on it to move there. It goes where it hides the least of the
//! map: into the margin the map leaves beside or below it when one is wide enough (shrunk
//! to fit), else the corner over the least of the map. A button collapses it to a small
//! tab in its corner, and the tab brings it back. Its picture is rebuilt only when the
//! document changes, and at most a few times a second while painting.

use egui::{
    Color32, ColorImage, Painter, Rect, Role, Sense, Stroke, TextureHandle, TextureOptions, Ui,
    WidgetInfo, pos2, vec2,
};

use super::{Camera, colour};
use crate::document::Document;
use sztab_core::render::hex_fill;

/// Width of the minimap at most.
const WIDTH: f32 = 180.0;
/// Narrowest minimap worth shrinking to in order to fit in a margin.
const MIN_WIDTH: f32 = 60.0;
const MARGIN: f32 = 10.0;
/// The collapse button and the collapsed tab.
const BUTTON: f32 = 18.0;
/// Seconds between rebuilds while the document keeps changing.
const REBUILD_EVERY: f64 = 0.4;

pub struct Minimap {
    texture: Option<TextureHandle>,
    /// The document and its revision the picture shows.
    doc: u64,
    revision: u64,
    built_at: f64,
    /// Where it was placed on the last frame, and in which canvas.
    rect: Rect,
    canvas: Rect,
}

impl Default for Minimap {
    fn default() -> Self {
        Self {
            texture: None,
            doc: 0,
            revision: 0,
            built_at: 0.0,
            rect: Rect::NOTHING,
            canvas: Rect::NOTHING,
        }
    }
}

/// What the pointer does with the minimap this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MinimapInput {
    /// Not over it: the pointer is the map's.
    Away,
    /// Over it or its button, not for the tools.
    Over,
    /// Clicked or dragged on it: centre the view on this board point.
    Centre([f32; 2]),
}

/// The canvas's four corners, preferred first when nothing else decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Corner {
    BottomRight,
    TopRight,
    BottomLeft,
    TopLeft,
}

const CORNERS: [Corner; 4] = [
    Corner::BottomRight,
    Corner::TopRight,
    Corner::BottomLeft,
    Corner::TopLeft,
];

impl Corner {
    fn place(self, canvas: Rect, size: egui::Vec2) -> Rect {
        let x = match self {
            Corner::BottomRight | Corner::TopRight => canvas.max.x - size.x - MARGIN,
            Corner::BottomLeft | Corner::TopLeft => canvas.min.x + MARGIN,
        };
        let y = match self {
            Corner::BottomRight | Corner::BottomLeft => canvas.max.y - size.y - MARGIN,
            Corner::TopRight | Corner::TopLeft => canvas.min.y + MARGIN,
        };
        Rect::from_min_size(pos2(x, y), size)
    }
}

fn area(r: Rect) -> f32 {
    if r.is_positive() { r.area() } else { 0.0 }
}

/// The width of the minimap a fitted view leaves room for beside the map.
const BESIDE: f32 = 120.0;

/// The view that fits the board in `canvas` and leaves room for the minimap beside it:
/// when the plain fit leaves no margin the minimap fits in (a wide composed map at fit),
/// the map is fitted into the canvas less a strip at the right or at the bottom, which ever
/// keeps it larger, and the minimap goes there instead of over a corner of the map.
pub fn fit_beside(canvas: Rect, doc: &Document) -> Camera {
    let grid = &doc.map().grid;
    let plain = Camera::fit(canvas, grid);
    let (min, max, aspect) = Minimap::board(doc);
    let map = Rect::from_min_max(plain.to_screen(canvas, min), plain.to_screen(canvas, max));
    let side = map.min.x - canvas.min.x - 2.0 * MARGIN;
    let above = (map.min.y - canvas.min.y - 2.0 * MARGIN) / aspect;
    if side >= MIN_WIDTH || above >= MIN_WIDTH {
        return plain;
    }
    let less = |by: egui::Vec2| Camera::fit(Rect::from_min_max(canvas.min, canvas.max - by), grid);
    let right = less(vec2(BESIDE + 2.0 * MARGIN, 0.0));
    let below = less(vec2(0.0, BESIDE * aspect + 2.0 * MARGIN));
    if right.zoom >= below.zoom {
        right
    } else {
        below
    }
}

/// Where the minimap goes: the least of the map covered, then the largest, then the
/// preferred corner. `map` is the board's rectangle on screen, `aspect` its height over
/// its width.
pub fn placement(canvas: Rect, map: Rect, aspect: f32) -> Rect {
    let size_for = |w: f32| {
        let w = w.min(WIDTH).min(canvas.width() * 0.25);
        let h = (w * aspect).min(240.0).min(canvas.height() * 0.35);
        vec2(h / aspect, h)
    };
    // A modest size when it must lie over the map, and sizes that fit the margins the
    // map leaves around it.
    let mut widths = vec![(canvas.width() * 0.15).clamp(100.0, WIDTH)];
    widths.push(map.min.x - canvas.min.x - 2.0 * MARGIN);
    widths.push(canvas.max.x - map.max.x - 2.0 * MARGIN);
    for h in [
        map.min.y - canvas.min.y - 2.0 * MARGIN,
        canvas.max.y - map.max.y - 2.0 * MARGIN,
    ] {
        widths.push(h / aspect);
    }
    let mut best: Option<(f32, f32, Rect)> = None;
    for w in widths.into_iter().filter(|&w| w >= MIN_WIDTH) {
        for c in CORNERS {
            let r = c.place(canvas, size_for(w));
            let hidden = area(r.intersect(map));
            let better = best.is_none_or(|(bh, ba, _)| {
                hidden < bh - 0.5 || (hidden < bh + 0.5 && r.area() > ba + 0.5)
            });
            if better {
                best = Some((hidden, r.area(), r));
            }
        }
    }
    best.map_or_else(
        || Corner::BottomRight.place(canvas, size_for(WIDTH)),
        |b| b.2,
    )
}

impl Minimap {
    /// The board rectangle the minimap shows and its height over width.
    fn board(doc: &Document) -> ([f32; 2], [f32; 2], f32) {
        let (min, max) = doc.map().grid.bounds();
        let aspect = ((max[1] - min[1]) / (max[0] - min[0]).max(1e-3)).clamp(0.1, 10.0);
        (min, max, aspect)
    }

    fn board_of(r: Rect, min: [f32; 2], max: [f32; 2], p: egui::Pos2) -> [f32; 2] {
        let t = (p - r.min) / r.size();
        [
            min[0] + t.x * (max[0] - min[0]),
            min[1] + t.y * (max[1] - min[1]),
        ]
    }

    /// The collapse button in the minimap's inner top corner, or (collapsed) the small
    /// tab in the canvas corner it went to.
    fn button(&self, shown: bool) -> Rect {
        let r = self.rect;
        let right = r.center().x > self.canvas.center().x;
        let bottom = r.center().y > self.canvas.center().y;
        if shown {
            let x = if right { r.min.x } else { r.max.x - BUTTON };
            return Rect::from_min_size(pos2(x, r.min.y), vec2(BUTTON, BUTTON));
        }
        let size = vec2(2.0 * BUTTON, BUTTON);
        let x = if right { r.max.x - size.x } else { r.min.x };
        let y = if bottom { r.max.y - size.y } else { r.min.y };
        Rect::from_min_size(pos2(x, y), size)
    }

    /// Places the minimap for this frame and handles its clicks. `shown` is flipped by its
    /// button.
    pub fn interact(
        &mut self,
        ui: &mut Ui,
        canvas: Rect,
        doc: &Document,
        cam: Camera,
        shown: &mut bool,
    ) -> MinimapInput {
        let (min, max, aspect) = Self::board(doc);
        let map = Rect::from_min_max(cam.to_screen(canvas, min), cam.to_screen(canvas, max));
        self.rect = placement(canvas, map, aspect);
        self.canvas = canvas;
        let id = ui.scope_id().with("minimap");
        // The map first, so the button (inside it) lies on top and gets its clicks.
        let map_resp = shown.then(|| ui.interact(self.rect, id, Sense::click_and_drag()));
        let b = ui.interact(self.button(*shown), id.with("button"), Sense::click());
        let label = if *shown {
            "Collapse minimap"
        } else {
            "Show minimap"
        };
        b.widget_info(|| WidgetInfo::labeled(Role::Button, true, label));
        let over = b.contains_pointer() || map_resp.as_ref().is_some_and(|r| r.contains_pointer());
        if b.clicked() {
            *shown = !*shown;
            return MinimapInput::Over;
        }
        let centre = map_resp.and_then(|resp| {
            resp.interact_pointer_pos()
                .filter(|_| resp.is_pointer_button_down_on() || resp.clicked())
        });
        match centre {
            Some(p) => MinimapInput::Centre(Self::board_of(self.rect, min, max, p)),
            None if over => MinimapInput::Over,
            None => MinimapInput::Away,
        }
    }

    /// The minimap's rectangle on the last frame.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The document (its id and revision) the picture was drawn from.
    pub fn shows(&self) -> Option<(u64, u64)> {
        self.texture.as_ref().map(|_| (self.doc, self.revision))
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

    /// Paints the minimap with its collapse button, or only the tab that shows it.
    pub fn paint(
        &mut self,
        ui: &Ui,
        painter: &Painter,
        canvas: Rect,
        doc: &Document,
        cam: Camera,
        shown: bool,
    ) {
        if shown {
            self.paint_map(ui, painter, canvas, doc, cam);
        }
        let b = self.button(shown);
        painter.rect_filled(b, 2.0, Color32::from_black_alpha(170));
        let ink = Stroke::new(1.5, Color32::WHITE);
        if shown {
            // "−": collapse.
            let m = b.center();
            painter.line_segment([m - vec2(5.0, 0.0), m + vec2(5.0, 0.0)], ink);
        } else {
            // A tiny framed map: show the minimap.
            painter.rect_stroke(b.shrink(4.0), 1.0, ink, egui::StrokeKind::Middle);
        }
    }

    fn paint_map(&mut self, ui: &Ui, painter: &Painter, canvas: Rect, doc: &Document, cam: Camera) {
        let r = self.rect;
        let (min, max, _) = Self::board(doc);
        let now = ui.input(|i| i.time);
        let stale = self.revision != doc.revision();
        let size = [r.width() as usize, r.height() as usize];
        let resized = self.texture.as_ref().is_some_and(|t| t.size() != size);
        // Another document is drawn at once; changes to this one at most every
        // REBUILD_EVERY seconds.
        let other = self.doc != doc.id();
        if self.texture.is_none()
            || resized
            || other
            || (stale && now - self.built_at >= REBUILD_EVERY)
        {
            self.rebuild(ui, doc, size, min, max);
            self.doc = doc.id();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(pos2(x0, y0), pos2(x1, y1))
    }

    #[test]
    fn a_tall_map_leaves_a_margin_the_minimap_fits_in() {
        let canvas = rect(0.0, 0.0, 800.0, 900.0);
        let map = rect(150.0, 10.0, 650.0, 890.0);
        let r = placement(canvas, map, 1.3);
        assert!(!r.intersects(map), "{r:?}");
        assert!(r.width() >= MIN_WIDTH);
    }

    #[test]
    fn a_map_filling_the_canvas_gets_the_corner_over_the_least_of_it() {
        let canvas = rect(0.0, 0.0, 800.0, 600.0);
        // The map reaches past the canvas except at the top and the left.
        let map = rect(120.0, 150.0, 2000.0, 2000.0);
        let r = placement(canvas, map, 0.75);
        assert!(!r.intersects(map) && r.width() > 150.0, "{r:?}");
        // A small free strip at the left only: the minimap shrinks into it.
        let map = rect(90.0, -10.0, 2000.0, 2000.0);
        let r = placement(canvas, map, 0.75);
        assert!(!r.intersects(map) && r.width() >= MIN_WIDTH, "{r:?}");
        // Nowhere free: bottom right, and smaller.
        let r = placement(canvas, rect(-10.0, -10.0, 900.0, 700.0), 0.75);
        assert_eq!(r.max, pos2(800.0 - MARGIN, 600.0 - MARGIN));
        assert_eq!(r.width(), 120.0);
    }
}
