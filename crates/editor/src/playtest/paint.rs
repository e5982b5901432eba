//! Drawing helpers for the playtest's map overlays, in board units through a `Sink`:
//! shaded and outlined hexes, labels in hexes, paths through hex centres with an arrow.

use sztab_core::hex::{Grid, HexId};
use sztab_core::model::Colour;
use sztab_core::render::{Anchor, Sink};

pub const REACH: Colour = Colour([40, 170, 70, 80]);
/// A set-up area (the Set-up areas tool's colour).
pub const AREA: Colour = Colour([0, 150, 160, 60]);
pub const REACH_TEXT: Colour = Colour([0, 70, 20, 255]);
pub const PATH: Colour = Colour([250, 250, 250, 235]);
pub const PATH_EDGE: Colour = Colour([20, 20, 20, 200]);
pub const SELECTED: Colour = Colour([255, 215, 0, 255]);
pub const TARGET: Colour = Colour([230, 20, 20, 255]);
pub const SUPPORT: Colour = Colour([60, 120, 255, 255]);
pub const LAST_MOVE: Colour = Colour([255, 140, 0, 230]);

/// Fills each hex with `c`.
pub fn shade(sink: &mut impl Sink, grid: &Grid, hexes: impl IntoIterator<Item = HexId>, c: Colour) {
    for h in hexes {
        if grid.contains(h) {
            sink.convex(&grid.corners(h), c);
        }
    }
    sink.layer_done();
}

/// Outlines each hex slightly inside its edge.
pub fn outline(
    sink: &mut impl Sink,
    grid: &Grid,
    hexes: impl IntoIterator<Item = HexId>,
    c: Colour,
    width: f32,
) {
    for h in hexes {
        if !grid.contains(h) {
            continue;
        }
        let [cx, cy] = grid.center(h);
        let pts: Vec<[f32; 2]> = grid
            .corners(h)
            .iter()
            .map(|&[x, y]| [cx + (x - cx) * 0.9, cy + (y - cy) * 0.9])
            .collect();
        sink.outline(&pts, width, c);
    }
    sink.layer_done();
}

/// A small text near the top of each hex (an MP cost, a count).
pub fn label(sink: &mut impl Sink, grid: &Grid, items: &[(HexId, String)], c: Colour) {
    for (h, text) in items {
        if grid.contains(*h) {
            let [x, y] = grid.center(*h);
            sink.text([x, y + 0.66], 0.34, text, c, Anchor::Center, 0.0);
        }
    }
    sink.layer_done();
}

/// A text on a light tag centred on `at`, legible over counters and terrain.
pub fn tag(sink: &mut impl Sink, at: [f32; 2], size: f32, text: &str, ink: Colour) {
    let [x, y] = at;
    // About half a text height a character, as egui's proportional font runs.
    let half = 0.28 * size * text.chars().count() as f32 + 0.08;
    let (top, bottom) = (y - size * 0.65, y + size * 0.65);
    sink.quad(
        [
            [x - half, top],
            [x + half, top],
            [x + half, bottom],
            [x - half, bottom],
        ],
        Colour([255, 255, 255, 230]),
    );
    sink.layer_done();
    sink.text(at, size, text, ink, Anchor::Center, 0.0);
    sink.layer_done();
}

/// A path through hex centres, from `from` (if any) along `hexes`, with an arrow head.
pub fn path(sink: &mut impl Sink, grid: &Grid, from: Option<HexId>, hexes: &[HexId], c: Colour) {
    let pts: Vec<[f32; 2]> = from
        .into_iter()
        .chain(hexes.iter().copied())
        .filter(|h| grid.contains(*h))
        .map(|h| grid.center(h))
        .collect();
    for w in pts.windows(2) {
        sink.line(w[0], w[1], 0.2, PATH_EDGE, None);
    }
    for w in pts.windows(2) {
        sink.line(w[0], w[1], 0.11, c, None);
    }
    for p in &pts {
        sink.ellipse(*p, [0.1, 0.1], c);
    }
    if let [.., a, b] = pts.as_slice() {
        arrow_head(sink, *a, *b, c);
    }
    sink.layer_done();
}

fn arrow_head(sink: &mut impl Sink, a: [f32; 2], b: [f32; 2], c: Colour) {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let tip = [b[0] + ux * 0.25, b[1] + uy * 0.25];
    let back = [b[0] - ux * 0.2, b[1] - uy * 0.2];
    let l = [back[0] - uy * 0.25, back[1] + ux * 0.25];
    let r = [back[0] + uy * 0.25, back[1] - ux * 0.25];
    sink.triangle([tip, l, r], c);
}

/// A colour from white-yellow to deep red for `t` in 0..=1, with `alpha`.
pub fn heat(t: f32, alpha: u8) -> Colour {
    let t = t.clamp(0.0, 1.0);
    let r = 255.0;
    let g = 230.0 * (1.0 - t);
    let b = 80.0 * (1.0 - t) * (1.0 - t);
    Colour([r as u8, g as u8, b as u8, alpha])
}
