//! The acceptance test of terrain suggestions: a shipped map drawn by the program's
//! renderer, perturbed as a scan would be (rotated, scaled, desaturated, blurred,
//! JPEG-compressed), calibrated from three clicked hexes the way a designer does, and
//! suggested with the default palette and no examples. At least 95 % of the hexes must come
//! out right under each perturbation.

use std::path::Path;

use image::{Rgb, RgbImage};

use super::calibrate::solve;
use super::palette::{Palette, look_name};
use super::suggest::Suggestions;
use super::underlay::Scan;
use sztab_core::hex::HexId;
use sztab_core::model::{HexCell, Map, MapBundle};
use sztab_core::render::{Layers, Similarity, render_with};

/// Pixels per board unit of the clean render (a hex 60 pixels across, a 150 dpi scan of a
/// 10 mm hex).
const SCALE: f64 = 30.0;
const MARGIN: f64 = 20.0;

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Perturbation {
    pub(super) name: &'static str,
    pub(super) rotate_deg: f64,
    pub(super) scale: f64,
    /// Saturation kept: 1 = none removed.
    pub(super) saturation: f32,
    pub(super) blur_sigma: f32,
    pub(super) jpeg_quality: Option<u8>,
}

pub(super) const NONE: Perturbation = Perturbation {
    name: "none",
    rotate_deg: 0.0,
    scale: 1.0,
    saturation: 1.0,
    blur_sigma: 0.0,
    jpeg_quality: None,
};

const PERTURBATIONS: [Perturbation; 7] = [
    NONE,
    Perturbation {
        name: "rotated 3°",
        rotate_deg: 3.0,
        ..NONE
    },
    Perturbation {
        name: "scaled to 70 %",
        scale: 0.7,
        ..NONE
    },
    Perturbation {
        name: "desaturated to 40 %",
        saturation: 0.4,
        ..NONE
    },
    Perturbation {
        name: "blurred (σ 1.5 px)",
        blur_sigma: 1.5,
        ..NONE
    },
    Perturbation {
        name: "JPEG quality 50",
        jpeg_quality: Some(50),
        ..NONE
    },
    Perturbation {
        name: "all at once",
        rotate_deg: -2.0,
        scale: 0.8,
        saturation: 0.5,
        blur_sigma: 1.0,
        jpeg_quality: Some(70),
    },
];

fn north() -> MapBundle {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("scenarios/kursk-1943/north.map.ron");
    MapBundle::load(&path).expect("the shipped map loads").0
}

/// The clean render and the placement of the board on it.
pub(super) fn render(b: &MapBundle) -> (RgbImage, Similarity) {
    let (min, max) = b.map.grid.bounds();
    let w = (f64::from(max[0] - min[0]) * SCALE + 2.0 * MARGIN).ceil() as u64;
    let h = (f64::from(max[1] - min[1]) * SCALE + 2.0 * MARGIN).ceil() as u64;
    let sim = Similarity::new(
        SCALE,
        0.0,
        [
            MARGIN - f64::from(min[0]) * SCALE,
            MARGIN - f64::from(min[1]) * SCALE,
        ],
    );
    let img = render_with(&b.map, &b.terrain, Layers::printed(), sim, w, h).unwrap();
    (image::DynamicImage::ImageRgba8(img).to_rgb8(), sim)
}

/// Turns the image by `deg` about its centre onto a canvas large enough for all of it
/// (white around), by bilinear interpolation: how a sheet laid askew on a scanner comes
/// out. Returns the image and the map from old pixels to new.
fn rotate(img: &RgbImage, deg: f64) -> (RgbImage, Similarity) {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let (s, c) = deg.to_radians().sin_cos();
    let (nw, nh) = (w * c.abs() + h * s.abs(), w * s.abs() + h * c.abs());
    let turn = Similarity::new(1.0, deg, [0.0, 0.0]);
    let centre = turn.apply([w / 2.0, h / 2.0]);
    let to_new = Similarity::new(1.0, deg, [nw / 2.0 - centre[0], nh / 2.0 - centre[1]]);
    let out = RgbImage::from_fn(nw.ceil() as u32, nh.ceil() as u32, |x, y| {
        let p = to_new.invert([f64::from(x) + 0.5, f64::from(y) + 0.5]);
        bilinear(img, p[0] - 0.5, p[1] - 0.5)
    });
    (out, to_new)
}

fn bilinear(img: &RgbImage, x: f64, y: f64) -> Rgb<u8> {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = ((x - x0) as f32, (y - y0) as f32);
    let px = |dx: f64, dy: f64| {
        let (xi, yi) = (x0 + dx, y0 + dy);
        if xi < 0.0 || yi < 0.0 || xi >= f64::from(img.width()) || yi >= f64::from(img.height()) {
            [255.0f32; 3]
        } else {
            img.get_pixel(xi as u32, yi as u32).0.map(f32::from)
        }
    };
    let (a, b, c, d) = (px(0.0, 0.0), px(1.0, 0.0), px(0.0, 1.0), px(1.0, 1.0));
    Rgb([0, 1, 2].map(|k| {
        let top = a[k] * (1.0 - fx) + b[k] * fx;
        let bottom = c[k] * (1.0 - fx) + d[k] * fx;
        (top * (1.0 - fy) + bottom * fy).round() as u8
    }))
}

/// Moves every colour toward its grey (Rec. 601 luma) keeping `keep` of its saturation.
fn desaturate(img: &mut RgbImage, keep: f32) {
    for p in img.pixels_mut() {
        let [r, g, b] = p.0.map(f32::from);
        let grey = 0.299 * r + 0.587 * g + 0.114 * b;
        p.0 = [r, g, b].map(|c| (grey + keep * (c - grey)).round().clamp(0.0, 255.0) as u8);
    }
}

fn jpeg(img: &RgbImage, quality: u8) -> RgbImage {
    let mut buf = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, quality)
        .encode_image(img)
        .unwrap();
    image::load_from_memory(&buf).unwrap().to_rgb8()
}

/// The perturbed scan and where each board point lands on it.
pub(super) fn perturb(
    clean: &RgbImage,
    sim: Similarity,
    p: &Perturbation,
) -> (RgbImage, Similarity) {
    let (mut img, mut to_scan) = (clean.clone(), sim);
    if p.rotate_deg != 0.0 {
        let (r, turn) = rotate(&img, p.rotate_deg);
        img = r;
        to_scan = compose(turn, to_scan);
    }
    if p.scale != 1.0 {
        let (w, h) = (
            (f64::from(img.width()) * p.scale).round() as u32,
            (f64::from(img.height()) * p.scale).round() as u32,
        );
        img = image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle);
        to_scan = compose(Similarity::new(p.scale, 0.0, [0.0, 0.0]), to_scan);
    }
    if p.saturation < 1.0 {
        desaturate(&mut img, p.saturation);
    }
    if p.blur_sigma > 0.0 {
        img = image::imageops::blur(&img, p.blur_sigma);
    }
    if let Some(q) = p.jpeg_quality {
        img = jpeg(&img, q);
    }
    (img, to_scan)
}

/// `outer ∘ inner`, both similarities.
pub(super) fn compose(outer: Similarity, inner: Similarity) -> Similarity {
    Similarity {
        a: outer.a * inner.a - outer.b * inner.b,
        b: outer.b * inner.a + outer.a * inner.b,
        offset: outer.apply(inner.offset),
    }
}

/// Calibrates as a designer does: clicks two corners and the middle of the board, each a
/// pixel or so off the true centre, and types their numbers.
pub(super) fn calibrate(map: &Map, to_scan: &Similarity) -> Similarity {
    let g = &map.grid;
    let n = g.numbering;
    let corners = [
        HexId::new(n.first_col, n.first_row),
        HexId::new(n.first_col + g.cols - 1, n.first_row + g.rows - 1),
        HexId::new(n.first_col + g.cols / 2, n.first_row + g.rows / 2),
    ];
    let slips = [[1.0, -0.5], [-0.8, 1.0], [0.5, 0.7]];
    let pairs: Vec<_> = corners
        .iter()
        .zip(slips)
        .map(|(&h, slip)| {
            let c = g.center(h);
            let b = [f64::from(c[0]), f64::from(c[1])];
            let p = to_scan.apply(b);
            (b, [p[0] + slip[0], p[1] + slip[1]])
        })
        .collect();
    solve(&pairs).expect("three distinct hexes calibrate")
}

struct Outcome {
    hexes: usize,
    right: usize,
    accepted: usize,
    accepted_wrong: usize,
    /// (true look, suggested look) → hexes, for the mistakes.
    confusions: std::collections::BTreeMap<(String, String), usize>,
    suggestions: Suggestions,
}

/// Suggests terrain for a blank (all clear) copy of the map from the scan, and scores the
/// suggestions (plus the hexes left clear) against the map itself.
fn suggest_on(b: &MapBundle, img: RgbImage, fit: &Similarity) -> Outcome {
    let truth = &b.map;
    let blank = Map::new("", "", truth.grid, "clear");
    let mut palette = Palette::default();
    palette.ensure(&b.terrain);
    let mut suggestions = Suggestions::default();
    let scan = Scan {
        image: img,
        factor: 1.0,
    };
    suggestions.compute(&blank, &palette, &scan, fit);
    let clear = HexCell::new("clear");
    let mut right = 0;
    let mut confusions = std::collections::BTreeMap::new();
    for h in truth.grid.iter() {
        let got = suggestions
            .list
            .iter()
            .find(|s| s.hex == h)
            .map_or(&clear, |s| &s.cell);
        let want = truth.hexes.get(&h).unwrap_or(&clear);
        if want == got {
            right += 1;
        } else {
            let name = |c: &HexCell| look_name(&b.terrain, c);
            *confusions.entry((name(want), name(got))).or_insert(0) += 1;
        }
    }
    let accepted: Vec<_> = suggestions.accepted().collect();
    let accepted_wrong = accepted
        .iter()
        .filter(|s| truth.hexes.get(&s.hex) != Some(&s.cell))
        .count();
    Outcome {
        hexes: truth.grid.iter().count(),
        right,
        accepted: accepted.len(),
        accepted_wrong,
        confusions,
        suggestions,
    }
}

#[test]
fn suggestions_from_a_perturbed_render_of_a_shipped_map_are_95_percent_right() {
    let b = north();
    let (clean, sim) = render(&b);
    let mut failures = Vec::new();
    for p in &PERTURBATIONS {
        let (img, to_scan) = perturb(&clean, sim, p);
        let fit = calibrate(&b.map, &to_scan);
        let mut o = suggest_on(&b, img, &fit);
        let share = o.right as f64 / o.hexes as f64;
        let f = o.suggestions.fit.unwrap_or_default();
        eprintln!(
            "{:<20} {} of {} hexes right ({:.1} %); {} suggestions, {} accepted, {} of them wrong; chroma ×{:.2}, L ×{:.2}{:+.1}",
            p.name,
            o.right,
            o.hexes,
            100.0 * share,
            o.suggestions.list.len(),
            o.accepted,
            o.accepted_wrong,
            f.chroma,
            f.gain,
            f.offset
        );
        let mut conf: Vec<(f32, bool)> = o
            .suggestions
            .list
            .iter()
            .map(|s| (s.confidence, b.map.hexes.get(&s.hex) == Some(&s.cell)))
            .collect();
        conf.sort_by(|a, b| a.0.total_cmp(&b.0));
        let right_conf: Vec<f32> = conf.iter().filter(|c| c.1).map(|c| c.0).collect();
        let wrong_conf: Vec<f32> = conf.iter().filter(|c| !c.1).map(|c| c.0).collect();
        eprintln!(
            "    confidence of the right suggestions: 10th percentile {:.0} %, median {:.0} %; of the wrong ones: highest {:.0} %",
            100.0 * right_conf.get(right_conf.len() / 10).unwrap_or(&0.0),
            100.0 * right_conf.get(right_conf.len() / 2).unwrap_or(&0.0),
            100.0 * wrong_conf.last().unwrap_or(&0.0)
        );
        let mut worst: Vec<_> = o.confusions.iter().collect();
        worst.sort_by_key(|(_, n)| std::cmp::Reverse(**n));
        for ((want, got), n) in worst.iter().take(4) {
            eprintln!("    {n} × {want} taken for {got}");
        }
        if share < 0.95 {
            failures.push(format!("{}: {:.1} %", p.name, 100.0 * share));
        }
        // Towns and cities held back are listed apart and taken in one click (issue 34
        // item 2): after it, every settlement hex is accepted and right, on a clean scan.
        let held = o.suggestions.held_back_settlements(&b.terrain).count();
        o.suggestions.accept_held_back_settlements(&b.terrain);
        let settlements: Vec<HexId> = b
            .map
            .hexes
            .iter()
            .filter(|(_, c)| super::suggest::is_settlement(&b.terrain, c))
            .map(|(h, _)| *h)
            .collect();
        let taken = settlements
            .iter()
            .filter(|h| {
                o.suggestions
                    .accepted()
                    .any(|s| s.hex == **h && b.map.hexes.get(h) == Some(&s.cell))
            })
            .count();
        eprintln!(
            "    towns and cities: {held} held back; after accepting them {taken} of {} accepted and right",
            settlements.len()
        );
        if p.name == "none" && taken != settlements.len() {
            failures.push(format!(
                "{}: {taken} of {} towns and cities accepted and right",
                p.name,
                settlements.len()
            ));
        }
    }
    assert!(failures.is_empty(), "below 95 %: {failures:?}");
}
