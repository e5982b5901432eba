//! A map as layers of primitives: terrain fills and patterns, grid, water hexsides, roads
//! and bridges, fortification lines, zones, hex numbers, place names and labels. Only the
//! hexes of a window are visited, and details too small to see at the sink's scale are
//! skipped, so the same code serves a 200×200 overview and a close-up.

use super::{Anchor, HexWindow, Layers, Sink, pattern};
use crate::hex::{Grid, HexId, Hexside};
use crate::model::{
    Colour, HexCell, HexsideFeature, HexsideRole, LineStyle, Map, Pattern, PlaceKind,
    TerrainCatalogue,
};

/// Entry zones are drawn in this colour.
pub const ZONE_COLOUR: Colour = Colour([128, 40, 160, 255]);
const INK: Colour = Colour([20, 20, 20, 255]);
const GRID: Colour = Colour([40, 40, 40, 150]);
const UNKNOWN: Colour = Colour([160, 160, 160, 255]);

/// Hex radius in pixels below which a detail is not drawn.
const MIN_PX_PATTERN: f32 = 7.0;
const MIN_PX_GRID: f32 = 6.0;
const MIN_PX_NUMBERS: f32 = 22.0;
const MIN_PX_LABELS: f32 = 4.0;

#[derive(Clone, Copy, Debug)]
pub struct SceneOptions {
    pub layers: Layers,
    pub window: HexWindow,
}

/// Darkens (`f < 1`) or lightens (`f > 1`) a colour.
pub fn shade(c: Colour, f: f32) -> Colour {
    let [r, g, b, a] = c.0;
    let s = |v: u8| (f32::from(v) * f).round().clamp(0.0, 255.0) as u8;
    Colour([s(r), s(g), s(b), a])
}

fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t).round() as u8;
    Colour([m(a.0[0], b.0[0]), m(a.0[1], b.0[1]), m(a.0[2], b.0[2]), 255])
}

/// Whether a pattern marks a hex with symbols only (towns, cities) rather than also
/// tinting the whole hex (forest, swamp).
fn tints(p: Pattern) -> bool {
    !matches!(p, Pattern::Town | Pattern::City)
}

/// The flat colour of a hex: its terrain, tinted by features that cover the hex.
pub fn hex_fill(cat: &TerrainCatalogue, cell: &HexCell, features: bool) -> Colour {
    let mut fill = cat
        .terrain(cell.terrain.as_str())
        .map_or(UNKNOWN, |t| t.colour);
    if features {
        for f in cell.features.iter().filter_map(|f| cat.feature(f.as_str())) {
            if tints(f.pattern) {
                fill = mix(fill, f.colour, 0.55);
            }
        }
    }
    fill
}

pub fn draw_map(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    draw_terrain(sink, map, cat, opts);
    draw_marks(sink, map, cat, opts);
}

/// Terrain fills, terrain patterns and hex features: what a scan underlay goes over.
pub fn draw_terrain(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    if opts.layers.terrain || opts.layers.features {
        terrain(sink, map, cat, opts);
        sink.layer_done();
    }
}

/// Everything above the terrain: grid, hexsides, lines, roads, zones, numbers, names.
pub fn draw_marks(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    let px = sink.pixels_per_unit();
    let l = opts.layers;
    if l.grid && px >= MIN_PX_GRID {
        for id in opts.window.hexes(&map.grid) {
            sink.outline(&map.grid.corners(id), 0.03, GRID);
        }
        sink.layer_done();
    }
    if l.hexsides || l.lines {
        hexsides(sink, map, cat, opts);
        sink.layer_done();
    }
    if l.roads {
        roads(sink, map, cat, opts);
        sink.layer_done();
    }
    if l.zones {
        zones(sink, map, opts);
    }
    if l.numbers && px >= MIN_PX_NUMBERS {
        for id in opts.window.hexes(&map.grid) {
            let [x, y] = map.grid.center(id);
            let label = map.labels_of(id).join(" ");
            sink.text([x, y - 0.68], 0.24, &label, INK, Anchor::Center, 0.0);
        }
    }
    if l.labels && px >= MIN_PX_LABELS {
        places(sink, map);
    }
    sink.layer_done();
}

fn terrain(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    let patterns = sink.pixels_per_unit() >= MIN_PX_PATTERN;
    let (l, g, w) = (opts.layers, &map.grid, opts.window);
    let n = g.numbering;
    // Neighbouring hexes mostly look alike: reuse the last fill instead of looking it up.
    let mut last: Option<(&HexCell, Colour)> = None;
    for c in w.c0..=w.c1 {
        let col = n.first_col + c;
        let column = HexId::new(col, n.first_row + w.r0)..=HexId::new(col, n.first_row + w.r1);
        for (&id, cell) in map.hexes.range(column) {
            let fill = match last {
                Some((prev, f)) if prev == cell => f,
                _ => {
                    let f = if l.terrain {
                        hex_fill(cat, cell, l.features)
                    } else {
                        UNKNOWN
                    };
                    last = Some((cell, f));
                    f
                }
            };
            let centre = g.center(id);
            let corners = Grid::CORNER_OFFSETS.map(|o| [centre[0] + o[0], centre[1] + o[1]]);
            sink.convex(&corners, fill);
            if patterns {
                hex_patterns(sink, cat, cell, centre, l);
            }
        }
    }
}

fn hex_patterns(
    sink: &mut impl Sink,
    cat: &TerrainCatalogue,
    cell: &HexCell,
    c: [f32; 2],
    l: Layers,
) {
    if let (true, Some(t)) = (l.terrain, cat.terrain(cell.terrain.as_str())) {
        pattern::draw(sink, t.pattern, c, t.colour);
    }
    if l.features {
        for f in cell.features.iter().filter_map(|f| cat.feature(f.as_str())) {
            pattern::draw(sink, f.pattern, c, f.colour);
        }
    }
}

fn hexsides(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    let Some(range) = opts.window.hexside_range(&map.grid) else {
        return;
    };
    for (&side, features) in map.hexsides.range(range) {
        let Some(ends) = map.grid.hexside_ends(side) else {
            continue;
        };
        for f in features {
            let Some(kind) = cat.hexside(f.kind.as_str()) else {
                continue;
            };
            let line = kind.role.is_line();
            if line && opts.layers.lines {
                let towards = f.protects.map(|h| map.grid.center(h));
                fortification(sink, ends, towards, kind.colour, kind.width);
            } else if !line && opts.layers.hexsides {
                water(sink, ends, kind.colour, kind.width, kind.style);
            }
        }
    }
}

fn lerp(a: [f32; 2], b: [f32; 2], t: f32) -> [f32; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

fn water(
    sink: &mut impl Sink,
    [a, b]: [[f32; 2]; 2],
    colour: Colour,
    width: f32,
    style: LineStyle,
) {
    // Stretch by half a width so consecutive hexsides join without a notch.
    let t = width / 2.0;
    let (a2, b2) = (lerp(a, b, -t), lerp(a, b, 1.0 + t));
    let dash = (style == LineStyle::Dashed).then_some(0.15);
    sink.line(a2, b2, width, colour, dash);
}

/// The printed fortification line: a red line broken by black dashes, with ticks on the
/// side it protects, set slightly into that side so a river on the same edge stays visible.
pub fn fortification(
    sink: &mut impl Sink,
    [a, b]: [[f32; 2]; 2],
    towards: Option<[f32; 2]>,
    colour: Colour,
    width: f32,
) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]).max(1e-6);
    let mut n = [-d[1] / len, d[0] / len];
    let mid = lerp(a, b, 0.5);
    if let Some(t) = towards
        && (t[0] - mid[0]) * n[0] + (t[1] - mid[1]) * n[1] < 0.0
    {
        n = [-n[0], -n[1]];
    }
    let inset = if towards.is_some() { 0.09 } else { 0.0 };
    let shift = |p: [f32; 2], k: f32| [p[0] + n[0] * k, p[1] + n[1] * k];
    let (a, b) = (shift(a, inset), shift(b, inset));
    sink.line(a, b, width, colour, None);
    sink.line(
        lerp(a, b, 0.1),
        lerp(a, b, 0.9),
        width * 0.55,
        INK,
        Some(len / 9.0),
    );
    if towards.is_some() {
        for t in [0.2, 0.5, 0.8] {
            let p = lerp(a, b, t);
            sink.line(p, shift(p, 0.16), width * 0.7, colour, None);
        }
    }
}

fn roads(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    let Some(range) = opts.window.hexside_range(&map.grid) else {
        return;
    };
    let g = &map.grid;
    let mut bridges = Vec::new();
    for (&side, kind) in map.roads.range(range.clone()) {
        let Some(k) = cat.road(kind.as_str()) else {
            continue;
        };
        let (ha, hb) = side.hexes();
        let (a, b) = (g.center(ha), g.center(hb));
        let dash = (k.style == LineStyle::Dashed).then_some(0.14);
        sink.line(a, b, k.width, k.colour, dash);
        if is_water(map, cat, side) {
            bridges.push((a, b, k.width));
        }
    }
    sink.layer_done();
    for (a, b, w) in bridges {
        bridge(sink, a, b, w);
    }
}

fn is_water(map: &Map, cat: &TerrainCatalogue, side: Hexside) -> bool {
    map.hexsides.get(&side).is_some_and(|fs| {
        fs.iter().any(|f: &HexsideFeature| {
            cat.hexside(f.kind.as_str())
                .is_some_and(|k| matches!(k.role, HexsideRole::Water | HexsideRole::BigRiver))
        })
    })
}

/// A bridge where a road crosses water: a pale deck with dark parapets across the hexside.
fn bridge(sink: &mut impl Sink, a: [f32; 2], b: [f32; 2], road_width: f32) {
    let mid = lerp(a, b, 0.5);
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]).max(1e-6);
    let (u, n) = ([d[0] / len, d[1] / len], [-d[1] / len, d[0] / len]);
    let (half_len, half_w) = (0.22, road_width / 2.0 + 0.07);
    let p = |s: f32, t: f32| [mid[0] + u[0] * s + n[0] * t, mid[1] + u[1] * s + n[1] * t];
    sink.quad(
        [
            p(-half_len, -half_w),
            p(half_len, -half_w),
            p(half_len, half_w),
            p(-half_len, half_w),
        ],
        Colour::rgb(235, 230, 215),
    );
    sink.layer_done();
    for t in [-half_w, half_w] {
        sink.line(p(-half_len, t), p(half_len, t), 0.035, INK, None);
    }
}

fn zones(sink: &mut impl Sink, map: &Map, opts: &SceneOptions) {
    for (zone, hexes) in &map.zones {
        for &h in hexes
            .iter()
            .filter(|&&h| opts.window.contains(&map.grid, h))
        {
            draw_overlay_hex(sink, &map.grid, h, ZONE_COLOUR, 0.08);
            sink.text(
                map.grid.center(h),
                0.5,
                zone.as_str(),
                ZONE_COLOUR,
                Anchor::Center,
                0.0,
            );
        }
    }
}

/// An outline just inside a hex: zones, selections and highlights.
pub fn draw_overlay_hex(sink: &mut impl Sink, g: &Grid, id: HexId, colour: Colour, width: f32) {
    let c = g.center(id);
    let pts: Vec<[f32; 2]> = g.corners(id).iter().map(|&p| lerp(c, p, 0.86)).collect();
    sink.outline(&pts, width, colour);
}

/// Where a place's name goes: under the middle of its hexes.
pub fn place_anchor(g: &Grid, hexes: &[HexId]) -> Option<[f32; 2]> {
    let pts: Vec<[f32; 2]> = hexes
        .iter()
        .filter(|&&h| g.contains(h))
        .map(|&h| g.center(h))
        .collect();
    let n = pts.len() as f32;
    (n > 0.0).then(|| {
        let s = pts
            .iter()
            .fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
        [s[0] / n, s[1] / n + 0.3]
    })
}

fn places(sink: &mut impl Sink, map: &Map) {
    for p in &map.places {
        let Some(at) = place_anchor(&map.grid, &p.hexes) else {
            continue;
        };
        let size = match p.kind {
            PlaceKind::City => 0.55,
            PlaceKind::Town => 0.45,
            PlaceKind::Village | PlaceKind::Other => 0.36,
        };
        sink.text(at, size, &p.name, INK, Anchor::Top, 0.0);
    }
    for l in map.labels.iter().filter(|l| map.grid.contains(l.hex)) {
        let size = if l.size.is_finite() {
            l.size.clamp(0.05, 5.0)
        } else {
            0.5
        };
        let angle = if l.rotation.is_finite() {
            l.rotation
        } else {
            0.0
        };
        let colour = Colour::rgb(40, 60, 120);
        sink.text(
            map.grid.center(l.hex),
            size,
            &l.text,
            colour,
            Anchor::Center,
            angle,
        );
    }
}
