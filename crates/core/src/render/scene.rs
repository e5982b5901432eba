//! A map as layers of primitives: terrain fills and patterns, grid, water hexsides, roads
//! and bridges, fortification lines, zones, hex numbers, then the names (rivers, places,
//! labels), which go above everything else drawn on the map, counters included. Only the
//! hexes of a window are visited, and details too small to see at the sink's scale are
//! skipped, so the same code serves a 200×200 overview and a close-up.

use std::collections::{BTreeMap, HashSet};

use super::counter::{UnitLayer, draw_units};
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
/// Labels and river names.
const LABEL_INK: Colour = Colour([40, 60, 120, 255]);

/// Hex radius in pixels below which a detail is not drawn.
const MIN_PX_PATTERN: f32 = 7.0;
const MIN_PX_GRID: f32 = 6.0;
const MIN_PX_LABELS: f32 = 4.0;

/// Hex numbers: their height in board units when there is room, the smallest height in
/// pixels that still reads, and the most of a hex's radius they may take (they stay in
/// the top band of the hex, as printed maps put them).
const NUMBER_SIZE: f32 = 0.24;
const NUMBER_MIN_PX: f32 = 6.0;
const NUMBER_MAX_SIZE: f32 = 0.45;

/// River names: their height, and how many hexsides of a river one name covers.
const RIVER_NAME_SIZE: f32 = 0.4;
const RIVER_NAME_EVERY: usize = 14;

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
    draw_map_units(sink, map, cat, opts, None);
}

/// The map with a scenario's counters on it: the names go above the counters.
pub fn draw_map_units(
    sink: &mut impl Sink,
    map: &Map,
    cat: &TerrainCatalogue,
    opts: &SceneOptions,
    units: Option<&UnitLayer>,
) {
    draw_terrain(sink, map, cat, opts);
    draw_marks(sink, map, cat, opts);
    if let Some(u) = units {
        draw_units(sink, &map.grid, u, &opts.window);
    }
    draw_names(sink, map, cat, opts);
}

/// The hex numbers' height in board units at `px` pixels a unit, if they fit.
pub fn number_size(px: f32) -> Option<f32> {
    let size = NUMBER_SIZE.max(NUMBER_MIN_PX / px.max(1e-3));
    (size <= NUMBER_MAX_SIZE).then_some(size)
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
    if let (true, Some(size)) = (l.numbers, number_size(px)) {
        for id in opts.window.hexes(&map.grid) {
            let [x, y] = map.grid.center(id);
            let label = map.label_line(id);
            // Its top just below the hex's top edge.
            sink.text(
                [x, y - 0.8 + size / 2.0],
                size,
                &label,
                INK,
                Anchor::Center,
                0.0,
            );
        }
    }
    sink.layer_done();
}

/// River names, place names and labels: drawn last, above the counters.
pub fn draw_names(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    if !opts.layers.labels || sink.pixels_per_unit() < MIN_PX_LABELS {
        return;
    }
    if opts.layers.hexsides {
        river_names(sink, map, cat, opts);
    }
    places(sink, map);
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
        }
    }
    if !patterns {
        return;
    }
    // The marks in a layer above every fill: a sink may batch a layer by colour, and a
    // mark whose colour came first would go under a fill first seen later (the reeds of a
    // marsh under woods, the trees of some woods, were hidden so in PNG renders).
    sink.layer_done();
    for c in w.c0..=w.c1 {
        let col = n.first_col + c;
        let column = HexId::new(col, n.first_row + w.r0)..=HexId::new(col, n.first_row + w.r1);
        for (&id, cell) in map.hexes.range(column) {
            hex_patterns(sink, cat, cell, g.center(id), l);
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
    let mut crossings = Vec::new();
    for (&side, features) in map.hexsides.range(range) {
        let Some(ends) = map.grid.hexside_ends(side) else {
            continue;
        };
        for f in features {
            let Some(kind) = cat.hexside(f.kind.as_str()) else {
                continue;
            };
            let line = kind.role.is_line();
            if kind.role == HexsideRole::Crossing {
                let (ha, hb) = side.hexes();
                crossings.push((map.grid.center(ha), map.grid.center(hb), kind.width));
            } else if line && opts.layers.lines {
                let towards = f.protects.map(|h| map.grid.center(h));
                fortification(sink, ends, towards, kind.colour, kind.width);
            } else if !line && opts.layers.hexsides {
                water(sink, ends, kind.colour, kind.width, kind.style);
            }
        }
    }
    if opts.layers.hexsides {
        for (a, b, w) in crossings {
            bridge(sink, a, b, w);
        }
    }
}

/// Does the catalogue print its crossings? Then a road over water is no bridge by itself.
fn prints_crossings(cat: &TerrainCatalogue) -> bool {
    cat.hexsides.iter().any(|k| k.role == HexsideRole::Crossing)
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
    for (&side, kinds) in map.roads.range(range.clone()) {
        let ks: Vec<_> = kinds.iter().filter_map(|k| cat.road(k.as_str())).collect();
        let (ha, hb) = side.hexes();
        let (a, b) = (g.center(ha), g.center(hb));
        // Kinds sharing a hexside run side by side, like the printed road and railroad.
        let total: f32 = ks.iter().map(|k| k.width).sum::<f32>() * 1.3;
        let d = [b[0] - a[0], b[1] - a[1]];
        let len = d[0].hypot(d[1]).max(1e-6);
        let n = [-d[1] / len, d[0] / len];
        let mut off = -total / 2.0;
        for k in &ks {
            let t = if ks.len() > 1 {
                off + k.width * 0.65
            } else {
                0.0
            };
            off += k.width * 1.3;
            let shift = |p: [f32; 2]| [p[0] + n[0] * t, p[1] + n[1] * t];
            let dash = (k.style == LineStyle::Dashed).then_some(0.14);
            sink.line(shift(a), shift(b), k.width, k.colour, dash);
        }
        if let Some(w) = ks.iter().map(|k| k.width).reduce(f32::max)
            && is_water(map, cat, side)
            && !prints_crossings(cat)
        {
            bridges.push((a, b, w.max(total * 0.8)));
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

/// Two hexsides that meet at a corner: one hex in common, the other two adjacent.
fn meet(g: &Grid, a: Hexside, b: Hexside) -> bool {
    let (a0, a1) = a.hexes();
    [a0, a1].into_iter().any(|h| {
        matches!((a.other(h), b.other(h)), (Some(x), Some(y)) if x != y && g.are_adjacent(x, y))
    })
}

/// The named watercourses' hexsides by name, each name's hexsides split into runs that
/// follow the river (corner to corner), each run in order from one end. Names the map
/// already carries as labels are left to those labels.
pub fn river_runs(map: &Map, cat: &TerrainCatalogue) -> BTreeMap<String, Vec<Vec<Hexside>>> {
    let labelled: HashSet<String> = map
        .labels
        .iter()
        .map(|l| l.text.trim().to_lowercase())
        .collect();
    let mut by_name: BTreeMap<String, Vec<Hexside>> = BTreeMap::new();
    for (&side, features) in &map.hexsides {
        for f in features {
            let water = cat
                .hexside(f.kind.as_str())
                .is_some_and(|k| !k.role.is_line());
            if let (true, Some(name)) = (water, &f.name)
                && !labelled.contains(&name.trim().to_lowercase())
            {
                by_name
                    .entry(name.trim().to_owned())
                    .or_default()
                    .push(side);
            }
        }
    }
    let g = &map.grid;
    by_name
        .into_iter()
        .map(|(name, sides)| {
            let mut left = sides;
            let mut runs = Vec::new();
            while !left.is_empty() {
                // Start at an end of the run (a hexside meeting at most one other).
                let start = (0..left.len())
                    .find(|&i| left.iter().filter(|&&o| meet(g, left[i], o)).count() <= 1)
                    .unwrap_or(0);
                let mut run = vec![left.swap_remove(start)];
                while let Some(i) = left
                    .iter()
                    .position(|&o| meet(g, *run.last().unwrap_or(&o), o))
                {
                    run.push(left.swap_remove(i));
                }
                runs.push(run);
            }
            (name, runs)
        })
        .collect()
}

fn mid(g: &Grid, s: Hexside) -> Option<[f32; 2]> {
    let [a, b] = g.hexside_ends(s)?;
    Some(lerp(a, b, 0.5))
}

/// Each named river's name along its run, one every `RIVER_NAME_EVERY` hexsides, turned
/// to the river's course there and set a little off the water.
fn river_names(sink: &mut impl Sink, map: &Map, cat: &TerrainCatalogue, opts: &SceneOptions) {
    let g = &map.grid;
    for (name, runs) in river_runs(map, cat) {
        for run in runs {
            let n = run.len();
            let count = (n / RIVER_NAME_EVERY).max(1);
            for k in 0..count {
                let i = (k * n + n / 2) / count;
                let Some(at) = mid(g, run[i]) else { continue };
                if !opts.window.contains(g, run[i].hexes().0) {
                    continue;
                }
                // The course: from two hexsides back to two ahead.
                let (p, q) = (
                    mid(g, run[i.saturating_sub(2)]).unwrap_or(at),
                    mid(g, run[(i + 2).min(n - 1)]).unwrap_or(at),
                );
                let d = [q[0] - p[0], q[1] - p[1]];
                let mut angle = d[1].atan2(d[0]).to_degrees();
                if angle > 90.0 {
                    angle -= 180.0;
                } else if angle <= -90.0 {
                    angle += 180.0;
                }
                // Off the water, on the side above the text.
                let a = angle.to_radians();
                let off = [a.sin() * 0.3, -a.cos() * 0.3];
                sink.text(
                    [at[0] + off[0], at[1] + off[1]],
                    RIVER_NAME_SIZE,
                    &name,
                    LABEL_INK,
                    Anchor::Center,
                    angle,
                );
            }
        }
    }
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
        let colour = LABEL_INK;
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::model::{Bundle, MapBundle};
    use crate::render::svg::SvgSink;

    fn fixture() -> MapBundle {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.map.ron");
        MapBundle::load(&path).unwrap().0
    }

    fn everything(map: &Map) -> SceneOptions {
        let (min, max) = map.grid.bounds();
        SceneOptions {
            layers: Layers::printed(),
            window: HexWindow::covering(&map.grid, min, max).unwrap(),
        }
    }

    /// The SVG elements a sink drew, without the `<svg>` wrapper.
    fn body(sink: SvgSink) -> String {
        let svg = sink.finish([0.0, 0.0], [1.0, 1.0], 1.0, 1.0);
        let start = svg.find('>').unwrap() + 1;
        svg[start..svg.len() - "</svg>".len()].to_owned()
    }

    #[test]
    fn a_named_river_is_one_run_from_an_end_unless_a_label_names_it() {
        let mut b = fixture();
        assert!(
            river_runs(&b.map, &b.terrain).is_empty(),
            "the label names it"
        );
        b.map.labels.clear();
        let runs = river_runs(&b.map, &b.terrain);
        let wisla = &runs["Wisla"];
        assert_eq!(wisla.len(), 1, "{wisla:?}");
        let run = &wisla[0];
        assert_eq!(run.len(), 19);
        let ends = [run[0].to_string(), run[18].to_string()];
        assert!(
            ends.contains(&"0701-0801".to_owned()) && ends.contains(&"0710-0810".to_owned()),
            "{ends:?}"
        );
        assert!(run.windows(2).all(|w| meet(&b.map.grid, w[0], w[1])));
        // The unnamed stream has no name to draw.
        assert_eq!(runs.len(), 1);
    }

    #[test]
    fn a_river_name_is_drawn_along_the_river() {
        let mut b = fixture();
        b.map.labels.clear();
        let mut sink = SvgSink::new(40.0);
        draw_names(&mut sink, &b.map, &b.terrain, &everything(&b.map));
        let svg = body(sink);
        let at = svg.find(">Wisla</text>").expect("the river's name");
        // The river runs down the board: the name is turned to it.
        let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
        assert!(tag.contains("rotate("), "{tag}");
        // Without the hexside layer there is no river to name.
        let mut sink = SvgSink::new(40.0);
        let mut opts = everything(&b.map);
        opts.layers.hexsides = false;
        draw_names(&mut sink, &b.map, &b.terrain, &opts);
        assert!(!body(sink).contains("Wisla"));
    }

    #[test]
    fn hex_numbers_show_whenever_they_fit() {
        // A printed map's 16 mm hexes on a laptop screen at fit zoom: about 15 px a unit.
        assert!(number_size(15.0).is_some());
        assert_eq!(number_size(60.0), Some(NUMBER_SIZE));
        // Below about 13 px a unit they would cover the hex: none.
        assert_eq!(number_size(10.0), None);
        let b = fixture();
        let mut sink = SvgSink::new(15.0);
        draw_marks(&mut sink, &b.map, &b.terrain, &everything(&b.map));
        assert!(body(sink).contains(">0105</text>"));
    }

    #[test]
    fn names_go_above_the_counters() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let (b, _) = Bundle::load(&root.join("tests/fixtures/mini.scenario.ron")).unwrap();
        let units = UnitLayer::of_setup(&b.scenario, &b.counters);
        assert!(!units.stacks.is_empty());
        let opts = everything(&b.map);
        let mut only_units = SvgSink::new(40.0);
        draw_units(&mut only_units, &b.map.grid, &units, &opts.window);
        let only_units = body(only_units);
        let mut sink = SvgSink::new(40.0);
        draw_map_units(&mut sink, &b.map, &b.terrain, &opts, Some(&units));
        let svg = body(sink);
        let counters = svg
            .find(&only_units)
            .expect("the counters, drawn in one go");
        for name in [">Alpha</text>", ">Bravo</text>", ">Wisla</text>"] {
            let at = svg.find(name).expect(name);
            assert!(
                at > counters + only_units.len(),
                "{name} under the counters"
            );
        }
    }
}
