//! The CPU backend: a map drawn into a tiny-skia pixmap and saved as PNG. Used by
//! `sztab render`, File → Export image and the synthetic scans of the tests.

use std::path::Path;

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, StrokeDash, Transform};

use super::counter::UnitLayer;
use super::font::Typeface;
use super::{Anchor, HexWindow, Layers, SceneOptions, Similarity, Sink, draw_map_units};
use crate::model::{Colour, Map, TerrainCatalogue};

/// Exports larger than this many pixels are refused (about 1.6 GB of RGBA).
pub const MAX_EXPORT_PIXELS: u64 = 400_000_000;
/// Board units of white margin around an exported map.
const MARGIN: f32 = 0.6;

#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    #[error(
        "the image would be {w}×{h} pixels; lower --scale (at most {MAX_EXPORT_PIXELS} pixels)"
    )]
    TooLarge { w: u64, h: u64 },
    #[error("the scale must be a positive number of pixels per hex radius, not {0}")]
    BadScale(f32),
    #[error("the map has no hexes")]
    Empty,
    #[error("cannot write {path}: {message}")]
    Write { path: String, message: String },
}

/// The whole map at `scale` pixels per board unit (a hex is `2·scale` pixels wide).
pub fn render_map(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    scale: f32,
) -> Result<image::RgbaImage, RasterError> {
    render_map_units(map, cat, layers, scale, None)
}

/// The whole map with unit counters on it (a scenario's setup), when `units` is given and
/// the units layer is on.
pub fn render_map_units(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    scale: f32,
    units: Option<&UnitLayer>,
) -> Result<image::RgbaImage, RasterError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RasterError::BadScale(scale));
    }
    let (min, max) = map.grid.bounds();
    let w = ((max[0] - min[0] + 2.0 * MARGIN) * scale).ceil();
    let h = ((max[1] - min[1] + 2.0 * MARGIN) * scale).ceil();
    let offset = [
        f64::from((MARGIN - min[0]) * scale),
        f64::from((MARGIN - min[1]) * scale),
    ];
    let sim = Similarity::new(f64::from(scale), 0.0, offset);
    let units = units.filter(|_| layers.units);
    rasterize(map, cat, layers, sim, (w as u64, h as u64), units)
}

/// The map placed on a `w`×`h` image by `sim` (board → pixel): how a scan would show it.
pub fn render_with(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    sim: Similarity,
    w: u64,
    h: u64,
) -> Result<image::RgbaImage, RasterError> {
    rasterize(map, cat, layers, sim, (w, h), None)
}

fn rasterize(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    sim: Similarity,
    (w, h): (u64, u64),
    units: Option<&UnitLayer>,
) -> Result<image::RgbaImage, RasterError> {
    if w.saturating_mul(h) > MAX_EXPORT_PIXELS || w > u64::from(u32::MAX) || h > u64::from(u32::MAX)
    {
        return Err(RasterError::TooLarge { w, h });
    }
    let window = HexWindow::whole(&map.grid).ok_or(RasterError::Empty)?;
    let mut pixmap = Pixmap::new(w as u32, h as u32).ok_or(RasterError::TooLarge { w, h })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let mut sink = RasterSink::new(pixmap, sim);
    draw_map_units(&mut sink, map, cat, &SceneOptions { layers, window }, units);
    sink.flush();
    let (w, h) = (sink.pixmap.width(), sink.pixmap.height());
    // The background is opaque, so premultiplied and straight alpha agree.
    let data = sink.pixmap.take();
    image::RgbaImage::from_raw(w, h, data).ok_or(RasterError::Empty)
}

/// Renders and saves a PNG.
pub fn render_png(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    scale: f32,
    out: &Path,
) -> Result<(u32, u32), RasterError> {
    render_png_units(map, cat, layers, scale, None, out)
}

/// Renders (with unit counters, if given) and saves a PNG.
pub fn render_png_units(
    map: &Map,
    cat: &TerrainCatalogue,
    layers: Layers,
    scale: f32,
    units: Option<&UnitLayer>,
    out: &Path,
) -> Result<(u32, u32), RasterError> {
    use image::ImageEncoder;
    let img = render_map_units(map, cat, layers, scale, units)?;
    let (w, h) = img.dimensions();
    // Encoded straight into the atomic writer's temporary: a failure leaves no partial PNG.
    crate::model::atomic_write::write_with(out, |file| {
        image::codecs::png::PngEncoder::new(file)
            .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgba8)
            .map_err(std::io::Error::other)
    })
    .map_err(|e| RasterError::Write {
        path: out.display().to_string(),
        message: e.to_string(),
    })?;
    Ok((w, h))
}

#[derive(PartialEq)]
struct StrokeKey {
    colour: Colour,
    width: f32,
    dash: Option<f32>,
}

struct RasterSink {
    pixmap: Pixmap,
    transform: Transform,
    ppu: f32,
    /// Fills and strokes batched by style within a layer: one path each, so thousands of
    /// hexes cost a handful of rasterizer calls.
    fills: Vec<(Colour, PathBuilder)>,
    strokes: Vec<(StrokeKey, PathBuilder)>,
    typeface: Option<Typeface>,
}

impl RasterSink {
    fn new(pixmap: Pixmap, s: Similarity) -> Self {
        Self {
            pixmap,
            transform: Transform::from_row(
                s.a as f32,
                s.b as f32,
                -s.b as f32,
                s.a as f32,
                s.offset[0] as f32,
                s.offset[1] as f32,
            ),
            ppu: s.scale() as f32,
            fills: Vec::new(),
            strokes: Vec::new(),
            typeface: Typeface::new(),
        }
    }

    fn paint(c: Colour) -> Paint<'static> {
        let mut p = Paint::default();
        let [r, g, b, a] = c.0;
        p.set_color_rgba8(r, g, b, a);
        p.anti_alias = true;
        p
    }

    fn flush(&mut self) {
        for (c, pb) in std::mem::take(&mut self.fills) {
            if let Some(path) = pb.finish() {
                self.pixmap.fill_path(
                    &path,
                    &Self::paint(c),
                    FillRule::Winding,
                    self.transform,
                    None,
                );
            }
        }
        for (k, pb) in std::mem::take(&mut self.strokes) {
            let Some(path) = pb.finish() else { continue };
            let stroke = Stroke {
                width: k.width,
                line_cap: tiny_skia::LineCap::Butt,
                dash: k.dash.and_then(|d| StrokeDash::new(vec![d, d], 0.0)),
                ..Stroke::default()
            };
            self.pixmap
                .stroke_path(&path, &Self::paint(k.colour), &stroke, self.transform, None);
        }
    }

    fn stroke_builder(&mut self, key: StrokeKey) -> &mut PathBuilder {
        let i = match self.strokes.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.strokes.push((key, PathBuilder::new()));
                self.strokes.len() - 1
            }
        };
        &mut self.strokes[i].1
    }
}

impl Sink for RasterSink {
    fn triangle(&mut self, mut t: [[f32; 2]; 3], colour: Colour) {
        // One winding direction for all, so overlapping triangles of a batch never cancel.
        let area =
            (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[2][0] - t[0][0]) * (t[1][1] - t[0][1]);
        if area < 0.0 {
            t.swap(1, 2);
        }
        let i = match self.fills.iter().position(|(c, _)| *c == colour) {
            Some(i) => i,
            None => {
                self.fills.push((colour, PathBuilder::new()));
                self.fills.len() - 1
            }
        };
        let pb = &mut self.fills[i].1;
        pb.move_to(t[0][0], t[0][1]);
        pb.line_to(t[1][0], t[1][1]);
        pb.line_to(t[2][0], t[2][1]);
        pb.close();
    }

    fn line(&mut self, a: [f32; 2], b: [f32; 2], width: f32, colour: Colour, dash: Option<f32>) {
        let pb = self.stroke_builder(StrokeKey {
            colour,
            width,
            dash,
        });
        pb.move_to(a[0], a[1]);
        pb.line_to(b[0], b[1]);
    }

    fn outline(&mut self, pts: &[[f32; 2]], width: f32, colour: Colour) {
        let Some((first, rest)) = pts.split_first() else {
            return;
        };
        let pb = self.stroke_builder(StrokeKey {
            colour,
            width,
            dash: None,
        });
        pb.move_to(first[0], first[1]);
        for p in rest {
            pb.line_to(p[0], p[1]);
        }
        pb.close();
    }

    fn text(
        &mut self,
        at: [f32; 2],
        size: f32,
        text: &str,
        colour: Colour,
        anchor: Anchor,
        angle: f32,
    ) {
        self.flush();
        let Some(path) = self
            .typeface
            .as_ref()
            .and_then(|t| t.path(text, size, anchor))
        else {
            return;
        };
        let t = self
            .transform
            .pre_translate(at[0], at[1])
            .pre_concat(Transform::from_rotate(angle));
        self.pixmap
            .fill_path(&path, &Self::paint(colour), FillRule::Winding, t, None);
    }

    fn pixels_per_unit(&self) -> f32 {
        self.ppu
    }

    fn layer_done(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MapBundle;

    #[test]
    fn renders_the_fixture_with_its_colours() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.map.ron");
        let (b, _) = MapBundle::load(&path).unwrap();
        let img = render_map(&b.map, &b.terrain, Layers::printed(), 20.0).unwrap();
        assert!(img.width() > 400 && img.height() > 300);
        // The centre of 0104 (clear, nothing on it) shows the clear colour.
        let c = b.map.grid.center(crate::hex::HexId::new(1, 4));
        let (min, _) = b.map.grid.bounds();
        let px = img.get_pixel(
            ((c[0] - min[0] + MARGIN) * 20.0) as u32,
            ((c[1] - min[1] + MARGIN) * 20.0 + 6.0) as u32,
        );
        let clear = b.terrain.terrain("clear").unwrap().colour.0;
        for k in 0..3 {
            assert!(
                (i32::from(px[k]) - i32::from(clear[k])).abs() < 6,
                "{px:?} vs {clear:?}"
            );
        }
    }

    /// Marks go over every fill, whatever order their colours first came in: a marsh's
    /// reeds under woods, and the trees of woods after a marsh, were drawn under the fills
    /// of later hexes (the render showed Marsh+Woods as plain green).
    #[test]
    fn marks_lie_above_every_fill() {
        use crate::hex::{Grid, HexId, Numbering};
        use crate::model::{HexCell, Map};
        let cat = crate::model::io::load_terrain(
            &Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("assets/rtl/rtl.terrain.ron"),
        )
        .unwrap()
        .value;
        let mut map = Map::new("t", "", Grid::new(5, 1, Numbering::default()), "clear");
        let woods = |t: &str| HexCell {
            features: vec!["woods".into()],
            ..HexCell::new(t)
        };
        let (marsh, marsh_woods, clear_woods) =
            (HexId::new(1, 1), HexId::new(3, 1), HexId::new(5, 1));
        map.hexes.insert(marsh, HexCell::new("marsh"));
        map.hexes.insert(marsh_woods, woods("marsh"));
        map.hexes.insert(clear_woods, woods("clear"));
        let scale = 100.0;
        let img = render_with(
            &map,
            &cat,
            Layers::printed(),
            Similarity::new(scale, 0.0, [150.0, 150.0]),
            900,
            400,
        )
        .unwrap();
        let at = |h: HexId, d: [f32; 2]| {
            let c = map.grid.center(h);
            let p = img.get_pixel(
                (150.0 + (c[0] + d[0]) * scale as f32) as u32,
                (150.0 + (c[1] + d[1]) * scale as f32) as u32,
            );
            [p[0], p[1], p[2]]
        };
        let tree = super::super::shade(cat.feature("woods").unwrap().colour, 0.6).0;
        let reed = super::super::shade(cat.terrain("marsh").unwrap().colour, 0.55).0;
        // Inside the middle tree of each woods hex, and on the reed line below it.
        for h in [marsh_woods, clear_woods] {
            assert_eq!(at(h, [0.0, 0.1]), [tree[0], tree[1], tree[2]], "{h}");
        }
        assert_eq!(at(marsh_woods, [0.05, 0.345]), [reed[0], reed[1], reed[2]]);
    }

    #[test]
    fn refuses_absurd_sizes() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.map.ron");
        let (b, _) = MapBundle::load(&path).unwrap();
        assert!(render_map(&b.map, &b.terrain, Layers::printed(), 1e6).is_err());
        assert!(render_map(&b.map, &b.terrain, Layers::printed(), -1.0).is_err());
    }
}
