//! The map at true scale, tiled over pages that overlap so they can be trimmed and glued.

use sztab_core::hex::Grid;
use sztab_core::render::pdf::PdfDocument;
use sztab_core::render::{Anchor, HexWindow, Layers, SceneOptions, Sink, draw_map_units};
use sztab_seam::BundleRef;

use super::page::{Frame, GREY, INK, MARGIN};
use super::{Options, PageKind};

/// How much each page repeats of its neighbour, to glue over.
pub const OVERLAP: f32 = 10.0 * 72.0 / 25.4;

/// How the map is cut into pages.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tiling {
    /// Points per board unit (a hex is √3 board units across its flats).
    pub scale: f32,
    pub rows: usize,
    pub cols: usize,
    pub frame: Frame,
    /// The board's top-left corner.
    origin: [f32; 2],
}

impl Tiling {
    /// The fewest pages, portrait or landscape, for the map at the chosen hex size.
    pub fn new(grid: &Grid, opts: &Options) -> Result<Tiling, String> {
        if grid.is_empty() {
            return Err("the map has no hexes to print".into());
        }
        let scale = opts.hex.points / Grid::ROW_SPACING;
        let (min, max) = grid.bounds();
        let extent = [(max[0] - min[0]) * scale, (max[1] - min[1]) * scale];
        let [w, h] = opts.paper.size();
        let tile = |size: [f32; 2]| {
            let frame = Frame { size };
            let count =
                |map: f32, page: f32| ((map - OVERLAP) / (page - OVERLAP)).ceil().max(1.0) as usize;
            Tiling {
                scale,
                rows: count(extent[1], frame.height()),
                cols: count(extent[0], frame.width()),
                frame,
                origin: min,
            }
        };
        let (portrait, landscape) = (tile([w, h]), tile([h, w]));
        let t = if landscape.pages() < portrait.pages() {
            landscape
        } else {
            portrait
        };
        // A map the size of a room is a mistake in the file or the hex size.
        if t.pages() > 400 {
            return Err(format!(
                "the map would take {} pages at {} a hex: choose a smaller hex",
                t.pages(),
                opts.hex
            ));
        }
        Ok(t)
    }

    pub fn pages(&self) -> usize {
        self.rows * self.cols
    }

    /// Where board point `p` falls on the page of tile (`row`, `col`), in points.
    pub fn to_page(&self, row: usize, col: usize, p: [f32; 2]) -> [f32; 2] {
        let o = self.tile_origin(row, col);
        let m = self.frame.min();
        [
            m[0] + (p[0] - o[0]) * self.scale,
            m[1] + (p[1] - o[1]) * self.scale,
        ]
    }

    /// The board point at the top-left corner of a tile's printed area.
    fn tile_origin(&self, row: usize, col: usize) -> [f32; 2] {
        let step = [
            (self.frame.width() - OVERLAP) / self.scale,
            (self.frame.height() - OVERLAP) / self.scale,
        ];
        [
            self.origin[0] + col as f32 * step[0],
            self.origin[1] + row as f32 * step[1],
        ]
    }
}

/// "A2": rows are letters, columns numbers.
pub fn tile_name(row: usize, col: usize) -> String {
    let letter = char::from(b'A' + (row % 26) as u8);
    format!("{letter}{}", col + 1)
}

pub fn draw(
    doc: &mut PdfDocument,
    pages: &mut Vec<PageKind>,
    t: &Tiling,
    b: BundleRef<'_>,
    title: &str,
) {
    let (map, terrain) = (b.map(), b.terrain());
    for row in 0..t.rows {
        for col in 0..t.cols {
            doc.page(t.frame.size, |s| {
                let (min, max) = (t.frame.min(), t.frame.max());
                let o = t.tile_origin(row, col);
                let board_max = [
                    o[0] + t.frame.width() / t.scale,
                    o[1] + t.frame.height() / t.scale,
                ];
                s.push_clip(min, max);
                s.push_transform(t.scale, [min[0] - o[0] * t.scale, min[1] - o[1] * t.scale]);
                if let Some(window) = HexWindow::covering(&map.grid, o, board_max) {
                    let opts = SceneOptions {
                        layers: Layers::printed(),
                        window,
                    };
                    draw_map_units(s, map, terrain, &opts, None);
                }
                s.pop();
                s.pop();
                alignment(s, t, row, col);
                t.frame.crop_marks(s, min, max);
                t.frame.header(
                    s,
                    &format!(
                        "{title} — map {} of {} rows × {} columns",
                        tile_name(row, col),
                        t.rows,
                        t.cols
                    ),
                    "print at 100 % (actual size)",
                );
                scale_bar(s, t);
            });
            pages.push(PageKind::Map { row, col });
        }
    }
}

/// Dashed lines where the next page's map begins, with its name: trim one page at the
/// line and lay it over its neighbour's overlap.
fn alignment(s: &mut sztab_core::render::pdf::PdfSink<'_, '_>, t: &Tiling, row: usize, col: usize) {
    let (min, max) = (t.frame.min(), t.frame.max());
    if col + 1 < t.cols {
        let x = max[0] - OVERLAP;
        s.line([x, min[1]], [x, max[1]], 0.5, GREY, Some(3.0));
        let label = format!("{} begins here", tile_name(row, col + 1));
        s.text(
            [x + 2.0, min[1] - 3.0],
            6.0,
            &label,
            GREY,
            Anchor::Left,
            0.0,
        );
    }
    if row + 1 < t.rows {
        let y = max[1] - OVERLAP;
        s.line([min[0], y], [max[0], y], 0.5, GREY, Some(3.0));
        let label = format!("{} begins here", tile_name(row + 1, col));
        s.text(
            [min[0] - 3.0, y + 6.0],
            6.0,
            &label,
            GREY,
            Anchor::Right,
            90.0,
        );
    }
}

/// A bar five hexes long in the bottom margin, to check the printer kept the scale.
fn scale_bar(s: &mut sztab_core::render::pdf::PdfSink<'_, '_>, t: &Tiling) {
    let hex = Grid::ROW_SPACING * t.scale;
    let y = t.frame.size[1] - MARGIN / 2.0;
    let x0 = MARGIN;
    let x1 = x0 + 5.0 * hex;
    s.line([x0, y], [x1, y], 1.0, INK, None);
    for x in [x0, x1] {
        s.line([x, y - 2.0], [x, y + 2.0], 0.5, INK, None);
    }
    let mm = 5.0 * hex * 25.4 / 72.0;
    s.text(
        [x1 + 4.0, y],
        7.0,
        &format!("5 hexes = {mm:.1} mm"),
        INK,
        Anchor::Left,
        0.0,
    );
}
