//! Draws a map: terrain fills batched into one mesh, hexsides, roads, place names and
//! hex numbers, for the visible part only. Drag to pan, wheel to zoom.

use egui::{Color32, Mesh, Pos2, Rect, Sense, Shape, Stroke, Vec2, vec2};

use crate::hex::HexId;
use crate::model::{Colour, Map, TerrainCatalogue};

#[derive(Default)]
pub struct MapView {
    /// Screen pixels per board unit; 0 means "fit on first show".
    zoom: f32,
    /// Board point shown at the top-left of the canvas.
    origin: Vec2,
    pub hovered: Option<HexId>,
}

pub fn colour(c: Colour) -> Color32 {
    let [r, g, b, a] = c.0;
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

impl MapView {
    fn to_screen(&self, rect: Rect, p: [f32; 2]) -> Pos2 {
        rect.min + (vec2(p[0], p[1]) - self.origin) * self.zoom
    }

    fn to_board(&self, rect: Rect, p: Pos2) -> [f32; 2] {
        let b = (p - rect.min) / self.zoom + self.origin;
        [b.x, b.y]
    }

    fn fit(&mut self, rect: Rect, map: &Map) {
        let (min, max) = map.grid.bounds();
        let size = vec2(max[0] - min[0], max[1] - min[1]);
        self.zoom = (rect.width() / size.x).min(rect.height() / size.y).max(0.1);
        self.origin = vec2(min[0], min[1]) - (rect.size() / self.zoom - size) / 2.0;
    }

    fn handle_input(&mut self, ui: &egui::Ui, resp: &egui::Response, rect: Rect) {
        if resp.dragged() {
            self.origin -= resp.drag_delta() / self.zoom;
        }
        if let Some(hover) = resp.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll / 400.0).exp();
            if (factor - 1.0).abs() > 1e-4 {
                let before = self.to_board(rect, hover);
                self.zoom = (self.zoom * factor).clamp(2.0, 400.0);
                let after = self.to_board(rect, hover);
                self.origin += vec2(before[0] - after[0], before[1] - after[1]);
            }
        }
    }

    /// Visible hexes: a column/row window derived from the board rectangle on screen.
    fn visible(&self, rect: Rect, map: &Map) -> Vec<HexId> {
        let g = map.grid;
        let tl = self.to_board(rect, rect.min);
        let br = self.to_board(rect, rect.max);
        let row_h = 3f32.sqrt();
        let c0 = ((tl[0] / 1.5).floor() as i32 - 1).max(0);
        let c1 = ((br[0] / 1.5).ceil() as i32 + 1).min(i32::from(g.cols) - 1);
        let r0 = ((tl[1] / row_h).floor() as i32 - 1).max(0);
        let r1 = ((br[1] / row_h).ceil() as i32 + 1).min(i32::from(g.rows) - 1);
        let n = g.numbering;
        let mut out = Vec::new();
        for c in c0..=c1 {
            for r in r0..=r1 {
                out.push(HexId::new(n.first_col + c as u16, n.first_row + r as u16));
            }
        }
        out
    }

    pub fn show(&mut self, ui: &mut egui::Ui, map: &Map, cat: &TerrainCatalogue) {
        let (resp, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = resp.rect;
        if self.zoom == 0.0 {
            self.fit(rect, map);
        }
        self.handle_input(ui, &resp, rect);
        let visible = self.visible(rect, map);
        let mut mesh = Mesh::default();
        for &h in &visible {
            let Some(cell) = map.hexes.get(&h) else {
                continue;
            };
            let mut fill = cat
                .terrain(cell.terrain.as_str())
                .map_or(Color32::GRAY, |t| colour(t.colour));
            for f in cell.features.iter().filter_map(|f| cat.feature(f.as_str())) {
                fill = fill.lerp_to_gamma(colour(f.colour), 0.7);
            }
            let base = mesh.vertices.len() as u32;
            for c in map.grid.corners(h) {
                mesh.colored_vertex(self.to_screen(rect, c), fill);
            }
            for k in 1..5 {
                mesh.add_triangle(base, base + k, base + k + 1);
            }
        }
        painter.add(Shape::mesh(mesh));
        let grid_stroke = Stroke::new(1.0, Color32::from_black_alpha(60));
        for &h in &visible {
            let pts: Vec<Pos2> = map
                .grid
                .corners(h)
                .iter()
                .map(|&c| self.to_screen(rect, c))
                .collect();
            painter.add(Shape::closed_line(pts, grid_stroke));
        }
        self.draw_lines(&painter, rect, map, cat);
        self.draw_text(&painter, rect, map, &visible);
        self.hovered = resp
            .hover_pos()
            .and_then(|p| map.grid.hex_at(self.to_board(rect, p)));
    }

    fn draw_lines(&self, painter: &egui::Painter, rect: Rect, map: &Map, cat: &TerrainCatalogue) {
        let clip = rect.expand(50.0);
        for (&side, features) in &map.hexsides {
            let Some([a, b]) = map.grid.hexside_ends(side) else {
                continue;
            };
            let (a, b) = (self.to_screen(rect, a), self.to_screen(rect, b));
            if !clip.contains(a) && !clip.contains(b) {
                continue;
            }
            for f in features.iter().filter_map(|f| cat.hexside(f.kind.as_str())) {
                painter.line_segment(
                    [a, b],
                    Stroke::new((f.width * self.zoom).max(1.0), colour(f.colour)),
                );
            }
        }
        for (&side, kind) in &map.roads {
            let (ha, hb) = side.hexes();
            let (a, b) = (
                self.to_screen(rect, map.grid.center(ha)),
                self.to_screen(rect, map.grid.center(hb)),
            );
            if !clip.contains(a) && !clip.contains(b) {
                continue;
            }
            if let Some(k) = cat.road(kind.as_str()) {
                painter.line_segment(
                    [a, b],
                    Stroke::new((k.width * self.zoom).max(1.0), colour(k.colour)),
                );
            }
        }
    }

    fn draw_text(&self, painter: &egui::Painter, rect: Rect, map: &Map, visible: &[HexId]) {
        if self.zoom > 28.0 {
            let font = egui::FontId::proportional((self.zoom * 0.28).min(14.0));
            for &h in visible {
                let c = map.grid.center(h);
                let p = self.to_screen(rect, [c[0], c[1] - 0.62]);
                painter.text(
                    p,
                    egui::Align2::CENTER_CENTER,
                    map.grid.numbering.label(h),
                    font.clone(),
                    Color32::from_black_alpha(160),
                );
            }
        }
        let font = egui::FontId::proportional((self.zoom * 0.45).clamp(9.0, 22.0));
        for place in &map.places {
            if let Some(&h) = place.hexes.first() {
                let p = self.to_screen(rect, map.grid.center(h));
                if rect.contains(p) {
                    painter.text(
                        p + vec2(0.0, self.zoom * 0.35),
                        egui::Align2::CENTER_TOP,
                        &place.name,
                        font.clone(),
                        Color32::BLACK,
                    );
                }
            }
        }
    }
}
