//! The static map tessellated once per view. Terrain, marks (hexsides, roads, lines) and
//! names change only when the document, the camera, the canvas or the layers change, so
//! they are drawn and tessellated into meshes then, and a frame that only moves the
//! pointer (a hover readout, a brush preview) hands the same meshes to egui again: its
//! cost is the overlay alone. Tiled and the big game editors keep static layers the same
//! way. Counters are cached beside them, keyed by the stacks drawn.

use std::sync::Arc;

use egui::epaint::{Mesh, Tessellator};
use egui::{Context, Painter, Rect, Shape};

use super::{Camera, EguiSink};
use sztab_core::hex::Grid;
use sztab_core::model::{Map, TerrainCatalogue};
use sztab_core::render::counter::{UnitLayer, draw_units};
use sztab_core::render::{HexWindow, Layers, SceneOptions, draw_marks, draw_names, draw_terrain};

/// What a cached mesh was made for: when any of it changes the mesh is made again.
#[derive(Clone, Copy, Debug, PartialEq)]
struct View {
    camera: Camera,
    rect: Rect,
    pixels_per_point: f32,
    /// Text meshes point into the font atlas: a resized atlas moves every glyph.
    atlas: [usize; 2],
}

impl View {
    fn of(ctx: &Context, camera: Camera, rect: Rect) -> Self {
        Self {
            camera,
            rect,
            pixels_per_point: ctx.pixels_per_point(),
            atlas: ctx.fonts(|f| f.font_image_size()),
        }
    }

    /// The font atlas was cleared (egui empties a full one) since `fill` was read: the
    /// glyphs of a cached text mesh may have moved.
    fn atlas_cleared(ctx: &Context, fill: f32) -> bool {
        ctx.fonts(|f| f.font_atlas_fill_ratio()) < fill
    }
}

/// The three static layers of the map as meshes, in screen coordinates.
#[derive(Clone, Default)]
pub struct SceneMeshes {
    pub terrain: Arc<Mesh>,
    pub marks: Arc<Mesh>,
    pub names: Arc<Mesh>,
    /// Hexes in the visible window.
    pub drawn: usize,
}

#[derive(Default)]
pub struct SceneCache {
    made_for: Option<(u64, Layers, View, f32)>,
    meshes: SceneMeshes,
    /// How many times the meshes were made (tests, benchmarks).
    pub builds: u64,
}

impl SceneCache {
    /// The map's layers for this view of document `revision`, made again only when
    /// something they depend on changed.
    #[allow(clippy::too_many_arguments)]
    pub fn meshes(
        &mut self,
        painter: &Painter,
        revision: u64,
        map: &Map,
        cat: &TerrainCatalogue,
        camera: Camera,
        rect: Rect,
        layers: Layers,
    ) -> &SceneMeshes {
        let ctx = painter.ctx();
        let view = View::of(ctx, camera, rect);
        let fresh = self.made_for.is_some_and(|(r, l, v, fill)| {
            r == revision && l == layers && v == view && !View::atlas_cleared(ctx, fill)
        });
        if !fresh {
            self.meshes = build(painter, map, cat, camera, rect, layers);
            let fill = ctx.fonts(|f| f.font_atlas_fill_ratio());
            self.made_for = Some((revision, layers, view, fill));
            self.builds += 1;
        }
        &self.meshes
    }
}

fn build(
    painter: &Painter,
    map: &Map,
    cat: &TerrainCatalogue,
    camera: Camera,
    rect: Rect,
    layers: Layers,
) -> SceneMeshes {
    let (min, max) = camera.visible(rect);
    let Some(window) = HexWindow::covering(&map.grid, min, max) else {
        return SceneMeshes::default();
    };
    let opts = SceneOptions { layers, window };
    let layer = |draw: fn(&mut EguiSink, &Map, &TerrainCatalogue, &SceneOptions)| {
        let mut sink = EguiSink::new(painter, camera, rect);
        draw(&mut sink, map, cat, &opts);
        Arc::new(tessellate(painter.ctx(), sink.into_shapes(), rect))
    };
    SceneMeshes {
        terrain: layer(|s, m, c, o| draw_terrain(s, m, c, o)),
        marks: layer(|s, m, c, o| draw_marks(s, m, c, o)),
        names: layer(|s, m, c, o| draw_names(s, m, c, o)),
        drawn: opts.window.len(),
    }
}

/// The counters on the map, tessellated once per set of stacks and view.
#[derive(Default)]
pub struct CounterCache {
    made_for: Option<(UnitLayer, HexWindow, View, f32)>,
    mesh: Arc<Mesh>,
}

impl CounterCache {
    /// The stacks of `units` in `window` as one mesh, drawn into `sink`.
    pub fn draw(
        &mut self,
        sink: &mut EguiSink,
        grid: &Grid,
        units: &UnitLayer,
        window: &HexWindow,
    ) {
        let (painter, camera, rect) = sink.view();
        let ctx = painter.ctx();
        let view = View::of(ctx, camera, rect);
        let fresh = self.made_for.as_ref().is_some_and(|(u, w, v, fill)| {
            u == units && w == window && *v == view && !View::atlas_cleared(ctx, *fill)
        });
        if !fresh {
            let mut own = EguiSink::new(painter, camera, rect);
            draw_units(&mut own, grid, units, window);
            self.mesh = Arc::new(tessellate(ctx, own.into_shapes(), rect));
            let fill = ctx.fonts(|f| f.font_atlas_fill_ratio());
            self.made_for = Some((units.clone(), *window, view, fill));
        }
        sink.shape(Shape::Mesh(self.mesh.clone()));
    }
}

/// `shapes` as one mesh, as egui would tessellate them for this frame, culled to `clip`.
fn tessellate(ctx: &Context, shapes: Vec<Shape>, clip: Rect) -> Mesh {
    let options = ctx.tessellation_options(|o| *o);
    let size = ctx.fonts(|f| f.font_image_size());
    // No prepared discs: the sink draws no circles (egui says an empty list is safe).
    let mut t = Tessellator::new(ctx.pixels_per_point(), options, size, Vec::new());
    t.set_clip_rect(clip);
    let mut mesh = Mesh::default();
    for s in shapes {
        t.tessellate_shape(s, &mut mesh);
    }
    mesh
}
