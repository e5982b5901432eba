//! Where the board is on screen: a zoom (pixels per board unit) and the board point at the
//! canvas's top-left corner.

use egui::{Pos2, Rect, Vec2, vec2};

use sztab_core::hex::Grid;

pub const MIN_ZOOM: f32 = 0.5;
pub const MAX_ZOOM: f32 = 400.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub zoom: f32,
    pub origin: Vec2,
}

impl Default for Camera {
    fn default() -> Self {
        Self {
            zoom: 30.0,
            origin: Vec2::ZERO,
        }
    }
}

impl Camera {
    pub fn to_screen(&self, rect: Rect, p: [f32; 2]) -> Pos2 {
        rect.min + (vec2(p[0], p[1]) - self.origin) * self.zoom
    }

    pub fn to_board(&self, rect: Rect, p: Pos2) -> [f32; 2] {
        let b = (p - rect.min) / self.zoom + self.origin;
        [b.x, b.y]
    }

    /// The whole board centred in `rect`.
    pub fn fit(rect: Rect, grid: &Grid) -> Self {
        let (min, max) = grid.bounds();
        let size = vec2(max[0] - min[0], max[1] - min[1]) * 1.04;
        let zoom = (rect.width() / size.x)
            .min(rect.height() / size.y)
            .clamp(MIN_ZOOM, MAX_ZOOM);
        let centre = vec2(min[0] + max[0], min[1] + max[1]) / 2.0;
        Self {
            zoom,
            origin: centre - rect.size() / (2.0 * zoom),
        }
    }

    /// Zooms by `factor` keeping the board point under `at` fixed.
    pub fn zoom_at(&mut self, rect: Rect, at: Pos2, factor: f32) {
        let before = self.to_board(rect, at);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let after = self.to_board(rect, at);
        self.origin += vec2(before[0] - after[0], before[1] - after[1]);
    }

    pub fn pan_pixels(&mut self, delta: Vec2) {
        self.origin -= delta / self.zoom;
    }

    /// Centres the view on a board point.
    pub fn centre_on(&mut self, rect: Rect, p: [f32; 2]) {
        self.origin = vec2(p[0], p[1]) - rect.size() / (2.0 * self.zoom);
    }

    /// The board rectangle visible in `rect`.
    pub fn visible(&self, rect: Rect) -> ([f32; 2], [f32; 2]) {
        (self.to_board(rect, rect.min), self.to_board(rect, rect.max))
    }
}
