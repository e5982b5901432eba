//! The acceptance test of tracing a whole board (issue 34): every shipped map of every
//! system drawn by the program's renderer, scanned (turned a little, blurred,
//! JPEG-compressed) at two scales, and one photo-like scan (grain, light falling off across
//! the sheet), calibrated from three clicked hexes and traced with no examples: terrain,
//! hexside kinds and road links, each scored against the map itself. The figures are in
//! docs/measurements/scan-suggestions.md.

use std::path::Path;

use image::RgbImage;

use super::accuracy::{NONE, Perturbation, calibrate, perturb, render};
use super::drawn::Drawn;
use super::lighting::even_scan;
use super::line_looks::LinePalette;
use super::lines::{LineChange, LineSuggestions, Reading, all_sides};
use super::palette::Palette;
use super::suggest::{Suggestions, is_settlement};
use super::underlay::Scan;
use sztab_core::hex::Hexside;
use sztab_core::model::{HexCell, HexsideRole, Map, MapBundle};
use sztab_core::render::Similarity;

const MAPS: [&str; 7] = [
    "kursk-1943/north.map.ron",
    "kursk-1943/south.map.ron",
    "panzerblitz/boards/board-1.map.ron",
    "panzerblitz/boards/board-2.map.ron",
    "panzerblitz/boards/board-3.map.ron",
    "rtl/soltsy-example.map.ron",
    "jov/korsun-example.map.ron",
];

/// A flatbed scan: laid a little askew, slightly soft, saved as a JPEG.
const SCAN: Perturbation = Perturbation {
    name: "scan",
    rotate_deg: 1.5,
    blur_sigma: 1.0,
    jpeg_quality: Some(80),
    ..NONE
};

/// The same at two thirds of the size (a 100 dpi scan of a 10 mm hex).
const SMALL_SCAN: Perturbation = Perturbation {
    name: "small scan",
    rotate_deg: -1.0,
    scale: 0.67,
    blur_sigma: 0.8,
    jpeg_quality: Some(75),
    ..NONE
};

fn load(rel: &str) -> MapBundle {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios")).join(rel);
    MapBundle::load(&path).expect("the shipped map loads").0
}

/// A phone photo of the sheet: light falling from 100 % at the top left to 78 % at the
/// bottom right, colours a little washed out, and grain of ±10 levels.
fn photo(img: &mut RgbImage) {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let mut seed: u32 = 0x9e37_79b9;
    for (x, y, p) in img.enumerate_pixels_mut() {
        let light = 1.0 - 0.22 * (x as f32 / w + y as f32 / h) / 2.0;
        let [r, g, b] = p.0.map(f32::from);
        let grey = 0.299 * r + 0.587 * g + 0.114 * b;
        p.0 = [r, g, b].map(|c| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let grain = (seed % 21) as f32 - 10.0;
            ((grey + 0.8 * (c - grey)) * light + grain)
                .round()
                .clamp(0.0, 255.0) as u8
        });
    }
}

/// How one scan came out.
#[derive(Default, Debug)]
struct Score {
    hexes: usize,
    hexes_right: usize,
    wrong_accepted: usize,
    settlements: usize,
    held_back: usize,
    sides: usize,
    sides_right: usize,
    sides_wrong_accepted: usize,
    links: usize,
    links_right: usize,
    links_wrong_accepted: usize,
    crossings_missed: usize,
    /// (wanted, suggested) → how often, for the lines that came out wrong.
    confusions: std::collections::BTreeMap<(String, String), usize>,
}

fn pct(a: usize, n: usize) -> f64 {
    if n == 0 {
        100.0
    } else {
        100.0 * a as f64 / n as f64
    }
}

/// Traces a blank copy of the map from the scan, scores every suggestion as if all were
/// taken, and counts the accepted ones that are wrong.
fn trace(b: &MapBundle, img: RgbImage, fit: &Similarity) -> Score {
    let truth = &b.map;
    let blank = Map::new("", "", truth.grid, "clear");
    let scan = Scan {
        image: img,
        factor: 1.0,
    };
    // As the Suggest tool does: a photo's uneven light is evened out first.
    let scan = even_scan(&scan).unwrap_or(scan);
    let mut palette = Palette::default();
    palette.ensure(&b.terrain);
    let mut terrain = Suggestions::default();
    terrain.compute(&blank, &palette, &scan, fit);
    let mut lp = LinePalette::default();
    lp.ensure(&b.terrain);
    let mut lines = LineSuggestions::default();
    let colours = terrain.fit.unwrap_or_default();
    let drawn = Drawn::of(&terrain.applied_to(&blank), &b.terrain, &colours).unwrap();
    let reading = Reading {
        scan: &scan,
        sim: fit,
        fit: &colours,
        drawn: &drawn,
    };
    lines.compute(&blank, &lp, &reading);
    let mut s = Score::default();
    score_terrain(b, &blank, &terrain, &mut s);
    score_lines(b, &lines, &mut s);
    s
}

/// Terrain and features; a hex's elevation is not drawn as such and not scored.
fn score_terrain(b: &MapBundle, blank: &Map, t: &Suggestions, s: &mut Score) {
    let plain = |c: &HexCell| (c.terrain.clone(), c.features.clone());
    for h in b.map.grid.iter() {
        let got = t
            .list
            .iter()
            .find(|x| x.hex == h)
            .map(|x| &x.cell)
            .or(blank.hexes.get(&h));
        let want = b.map.hexes.get(&h);
        s.hexes += 1;
        s.hexes_right += usize::from(got.map(plain) == want.map(plain));
    }
    for x in &t.list {
        let want = b.map.hexes.get(&x.hex).map(plain);
        if x.accepted && want != Some(plain(&x.cell)) {
            s.wrong_accepted += 1;
        }
    }
    s.settlements = b
        .map
        .hexes
        .values()
        .filter(|c| is_settlement(&b.terrain, c))
        .count();
    s.held_back = t.held_back_settlements(&b.terrain).count();
}

/// Hexsides and links that have a line in the map or in the suggestions; crossings
/// (printed bridges) are not read and are counted apart.
fn score_lines(b: &MapBundle, l: &LineSuggestions, s: &mut Score) {
    let crossing = |k: &str| {
        b.terrain
            .hexside(k)
            .is_some_and(|h| h.role == HexsideRole::Crossing)
    };
    for side in all_sides(&b.map.grid) {
        let want_side: Vec<String> = b
            .map
            .hexsides
            .get(&side)
            .into_iter()
            .flatten()
            .map(|f| f.kind.to_string())
            .filter(|k| !crossing(k))
            .collect();
        s.crossings_missed += b
            .map
            .hexsides
            .get(&side)
            .into_iter()
            .flatten()
            .filter(|f| crossing(f.kind.as_str()))
            .count();
        let want_link: Vec<String> = b
            .map
            .roads
            .get(&side)
            .map(|r| r.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        let (got_side, got_link) = suggested(l, side);
        tally(&want_side, &got_side, &mut s.sides, &mut s.sides_right);
        tally(&want_link, &got_link, &mut s.links, &mut s.links_right);
        for (w, g, what) in [
            (&want_side, &got_side, "side"),
            (&want_link, &got_link, "link"),
        ] {
            if !same(w, g) {
                let key = (format!("{what} {}", w.join("+")), g.join("+"));
                *s.confusions.entry(key).or_insert(0) += 1;
            }
        }
    }
    for x in l.accepted() {
        let (side, link) = suggested(l, x.side);
        let (want_side, want_link): (Vec<String>, Vec<String>) = (
            b.map
                .hexsides
                .get(&x.side)
                .into_iter()
                .flatten()
                .map(|f| f.kind.to_string())
                .filter(|k| !crossing(k))
                .collect(),
            b.map
                .roads
                .get(&x.side)
                .map(|r| r.iter().map(ToString::to_string).collect())
                .unwrap_or_default(),
        );
        if x.is_link() {
            s.links_wrong_accepted += usize::from(!same(&want_link, &link));
        } else {
            s.sides_wrong_accepted += usize::from(!same(&want_side, &side));
        }
    }
}

/// What the suggestions put along and across a hexside of a blank map, all taken.
fn suggested(l: &LineSuggestions, side: Hexside) -> (Vec<String>, Vec<String>) {
    let (mut along, mut across) = (Vec::new(), Vec::new());
    for x in l.list.iter().filter(|x| x.side == side) {
        match &x.change {
            LineChange::Side(f) => along = f.iter().map(|f| f.kind.to_string()).collect(),
            LineChange::Link(r) => {
                across = r
                    .iter()
                    .flat_map(|r| r.iter())
                    .map(ToString::to_string)
                    .collect();
            }
        }
    }
    (along, across)
}

fn same(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().all(|k| b.contains(k))
}

fn tally(want: &[String], got: &[String], n: &mut usize, right: &mut usize) {
    if want.is_empty() && got.is_empty() {
        return;
    }
    *n += 1;
    *right += usize::from(same(want, got));
}

fn report(name: &str, s: &Score) -> String {
    format!(
        "| {name} | {:.1} % of {} | {} | {} of {} | {:.1} % of {} | {} | {:.1} % of {} | {} | {} |",
        pct(s.hexes_right, s.hexes),
        s.hexes,
        s.wrong_accepted,
        s.held_back,
        s.settlements,
        pct(s.sides_right, s.sides),
        s.sides,
        s.sides_wrong_accepted,
        pct(s.links_right, s.links),
        s.links,
        s.links_wrong_accepted,
        s.crossings_missed,
    )
}

/// The least each scan has reached (docs/measurements/scan-suggestions.md, "Hexsides and
/// roads"): the test fails if tracing falls below them. Issue 34's targets are higher
/// and are reported, not asserted, until every scan reaches them.
const FLOOR_TERRAIN: f64 = 93.0;
const FLOOR_HEXSIDES: f64 = 77.0;
const FLOOR_LINKS: f64 = 88.0;

/// Where a scan falls below what tracing has reached: no terrain suggestion wrong and
/// accepted, and the floors above.
fn regressions(name: &str, s: &Score) -> Vec<String> {
    let mut v = Vec::new();
    if pct(s.hexes_right, s.hexes) < FLOOR_TERRAIN || s.wrong_accepted > 0 {
        v.push(format!("{name}: terrain"));
    }
    if pct(s.sides_right, s.sides) < FLOOR_HEXSIDES {
        v.push(format!("{name}: hexsides"));
    }
    if pct(s.links_right, s.links) < FLOOR_LINKS {
        v.push(format!("{name}: links"));
    }
    v
}

/// Where a scan falls short of issue 34's targets.
fn shortfalls(name: &str, s: &Score) -> Vec<String> {
    let mut v = Vec::new();
    if pct(s.hexes_right, s.hexes) < 99.0 || s.wrong_accepted > 0 || s.held_back > 0 {
        v.push(format!("{name}: terrain"));
    }
    if pct(s.sides_right, s.sides) < 95.0 {
        v.push(format!("{name}: hexsides"));
    }
    if pct(s.links_right, s.links) < 95.0 {
        v.push(format!("{name}: links"));
    }
    v
}

#[test]
fn every_shipped_map_traced_from_its_scans_holds_what_tracing_has_reached() {
    eprintln!(
        "| scan | terrain right | wrong accepted | towns held back | hexsides right | wrong accepted | links right | wrong accepted | crossings not read |"
    );
    let (mut short, mut worse) = (Vec::new(), Vec::new());
    for rel in MAPS {
        let b = load(rel);
        let (clean, sim) = render(&b);
        let mut scans: Vec<(String, RgbImage, Similarity)> = [SCAN, SMALL_SCAN]
            .iter()
            .map(|p| {
                let (img, to_scan) = perturb(&clean, sim, p);
                (format!("{rel}, {}", p.name), img, to_scan)
            })
            .collect();
        if rel.contains("north") {
            let (mut img, to_scan) = perturb(&clean, sim, &SCAN);
            photo(&mut img);
            scans.push((format!("{rel}, photo"), img, to_scan));
        }
        for (name, img, to_scan) in scans {
            let fit = calibrate(&b.map, &to_scan);
            let s = trace(&b, img, &fit);
            eprintln!("{}", report(&name, &s));
            let mut worst: Vec<_> = s.confusions.iter().collect();
            worst.sort_by_key(|(_, n)| std::cmp::Reverse(**n));
            for ((want, got), n) in worst.iter().take(5) {
                eprintln!("    {n} × {want} taken for {got}");
            }
            short.extend(shortfalls(&name, &s));
            worse.extend(regressions(&name, &s));
        }
    }
    eprintln!("below issue 34's targets: {short:?}");
    assert!(
        worse.is_empty(),
        "below what tracing has reached: {worse:?}"
    );
}
