//! Build and tessellate one editor frame (the whole window: panels, canvas with every
//! layer, minimap), headless: `ctx.run_ui` + `ctx.tessellate`, no GPU. Maps: the test
//! fixture, the Kursk northern map, the joined Kursk-Prochorowka map and a generated
//! 200×200 map. Each at zoom-to-fit and at 200 %, two frames: a hover (the pointer moves
//! to another hex; the map's layers come from the cache) and a redraw (the view moves by
//! a pixel, so the layers are drawn and tessellated again).

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Pos2, RawInput, Rect, vec2};
use sztab::editor::canvas::GpuLayers;
use sztab::editor::{Document, EditorApp};
use sztab::hex::{Grid, HexId, Hexside, Numbering};
use sztab::model::{HexCell, HexsideFeature, Map, Place, PlaceKind, io};

const SIZE: [f32; 2] = [1600.0, 1000.0];

fn root(p: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// A deterministic 200×200 map with every kind of content.
fn generated() -> Document {
    let cat_path = root("assets/wb95/kursk-1943.terrain.ron");
    let cat = io::load_terrain(&cat_path).unwrap().value;
    let grid = Grid::new(200, 200, Numbering::default());
    let mut map = Map::new("Generated 200×200", cat_path.clone(), grid, "clear");
    let hash = |c: u16, r: u16| {
        (u32::from(c).wrapping_mul(73_856_093) ^ u32::from(r).wrapping_mul(19_349_663)) % 100
    };
    for (id, cell) in map.hexes.iter_mut() {
        let h = hash(id.col / 3, id.row / 3);
        *cell = match h {
            0..=14 => HexCell::new("hills"),
            15..=17 => HexCell::new("mountain"),
            18..=32 => HexCell {
                features: vec!["forest".into()],
                ..HexCell::new("clear")
            },
            33..=37 => HexCell {
                features: vec!["swamp".into()],
                ..HexCell::new("clear")
            },
            38..=40 => HexCell {
                features: vec!["town".into()],
                ..HexCell::new("clear")
            },
            _ => HexCell::new("clear"),
        };
    }
    // Rivers down every 25th column, a road along every 20th row, lines and places.
    for c in (10..200).step_by(25) {
        for r in 1..=200 {
            let a = HexId::new(c, r);
            for n in grid.neighbours(a).filter(|n| n.col == c + 1) {
                let kind = if c % 50 == 10 { "river" } else { "stream" };
                map.hexsides
                    .insert(Hexside::new(a, n).unwrap(), vec![HexsideFeature::new(kind)]);
            }
        }
    }
    for r in (5..200).step_by(20) {
        for c in 1..200 {
            let (a, b) = (HexId::new(c, r), HexId::new(c + 1, r));
            if let Some(s) = grid.hexside(a, b) {
                map.roads.insert(
                    s,
                    if r % 40 == 5 {
                        "main".into()
                    } else {
                        "secondary".into()
                    },
                );
            }
        }
    }
    for r in 1..=200 {
        let (a, b) = (HexId::new(100, r), HexId::new(100, r + 1));
        if let Some(s) = grid.hexside(a, b) {
            map.hexsides.entry(s).or_default().push(HexsideFeature {
                protects: Some(a),
                ..HexsideFeature::new("fl_line")
            });
        }
    }
    for i in 0..60u16 {
        let h = HexId::new(1 + (i * 37) % 200, 1 + (i * 53) % 200);
        map.places.push(Place {
            name: format!("Place {i}"),
            kind: PlaceKind::Town,
            hexes: vec![h],
        });
    }
    Document::new_map(map, cat, cat_path)
}

fn input(t: f64, events: Vec<Event>) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(SIZE[0], SIZE[1]))),
        time: Some(t),
        events,
        ..Default::default()
    }
}

struct Frames {
    ctx: egui::Context,
    app: EditorApp,
    t: f64,
    /// Frames run: picks the next hover position and the pan's direction.
    n: u32,
}

impl Frames {
    fn new(doc: Document) -> Self {
        let mut app = EditorApp::open(None);
        app.set_document(doc);
        let mut f = Self {
            ctx: egui::Context::default(),
            app,
            t: 0.0,
            n: 0,
        };
        for _ in 0..5 {
            f.frame(Vec::new());
        }
        f
    }

    /// One frame: build the UI and tessellate it. Returns the vertex count.
    fn frame(&mut self, events: Vec<Event>) -> usize {
        self.t += 1.0 / 60.0;
        self.n += 1;
        let app = &mut self.app;
        let mut out = self.ctx.run_ui(input(self.t, events), |ui| app.ui(ui));
        out.textures_delta.clear();
        let prims = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        prims
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(m) => m.vertices.len(),
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum()
    }

    fn zoom(&mut self, factor: f32) {
        let rect = self.app.canvas.rect();
        self.app.canvas.camera.zoom_at(rect, rect.center(), factor);
        self.frame(Vec::new());
    }

    /// A frame in which the pointer moves over the canvas, to one of 97 places on a
    /// diagonal.
    fn hover(&mut self) -> usize {
        let rect = self.app.canvas.rect();
        let k = (self.n % 97) as f32 / 97.0;
        let at = rect.min + rect.size() * vec2(0.1 + 0.8 * k, 0.2 + 0.6 * k);
        self.frame(vec![Event::PointerMoved(at)])
    }

    /// A frame in which the view moves by one pixel, back and forth.
    fn redraw(&mut self) -> usize {
        let step = if self.n.is_multiple_of(2) { 1.0 } else { -1.0 };
        self.app.canvas.camera.pan_pixels(vec2(step, 0.0));
        self.frame(Vec::new())
    }
}

fn bench_map(c: &mut Criterion, name: &str, doc: Document) {
    let mut f = Frames::new(doc);
    for zoom in ["fit", "200%"] {
        if zoom == "200%" {
            f.zoom(2.0);
        }
        let verts = f.redraw();
        eprintln!(
            "{name} {zoom}: {} hexes drawn, {verts} vertices",
            f.app.canvas.drawn
        );
        // The hover readout's glyphs may grow egui's font atlas once, which moves every
        // glyph of the cached text: let that happen before counting.
        for _ in 0..97 {
            f.hover();
        }
        let builds = f.app.canvas.scene.builds;
        c.bench_function(&format!("{name}/{zoom} hover"), |b| {
            b.iter(|| black_box(f.hover()))
        });
        assert_eq!(
            f.app.canvas.scene.builds, builds,
            "a hover made the map again"
        );
        c.bench_function(&format!("{name}/{zoom} redraw"), |b| {
            b.iter(|| black_box(f.redraw()))
        });
        // The window paints the static layers from textures (canvas/gpu.rs): a hover
        // frame hands egui three paint callbacks instead of the meshes. This is egui's
        // side of that frame; the OpenGL side is measured by hover-cpu.sh.
        f.app.canvas.gpu = Some(GpuLayers::default());
        f.hover();
        c.bench_function(&format!("{name}/{zoom} hover, layers as textures"), |b| {
            b.iter(|| black_box(f.hover()))
        });
        f.app.canvas.gpu = None;
    }
}

fn canvas(c: &mut Criterion) {
    let open = |p: &Path| Document::open(p).map(|(d, _)| d);
    bench_map(
        c,
        "fixture 14x10",
        open(&root("tests/fixtures/mini.map.ron")).unwrap(),
    );
    // SZTAB_KURSK_MAP points at another copy of the map while it is not in this tree.
    let kursk = std::env::var_os("SZTAB_KURSK_MAP")
        .map_or_else(|| root("scenarios/kursk-1943/north.map.ron"), Into::into);
    match open(&kursk) {
        Ok(doc) => bench_map(c, "kursk north", doc),
        Err(e) => eprintln!("kursk north: skipped ({e})"),
    }
    bench_map(
        c,
        "kursk-prochorowka joined",
        open(&root("scenarios/kursk-1943/kursk-prochorowka.map.ron")).unwrap(),
    );
    bench_map(c, "generated 200x200", generated());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(4));
    targets = canvas
}
criterion_main!(benches);
