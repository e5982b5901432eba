//! How a map looks, written once in board units and painted by two backends: the editor's
//! canvas (egui meshes) and the headless PNG export (tiny-skia on the CPU). The export, the
//! synthetic scans of the tests and the screen therefore agree on every colour and symbol.

pub mod counter;
mod font;
mod layers;
mod pattern;
pub mod pdf;
mod raster;
mod scene;
mod similarity;
mod sink;
pub mod svg;
mod window;

pub use layers::Layers;
pub use raster::{
    MAX_EXPORT_PIXELS, RasterError, render_map, render_map_units, render_png, render_png_units,
    render_with,
};
pub use scene::{
    SceneOptions, ZONE_COLOUR, draw_map, draw_map_units, draw_marks, draw_names, draw_overlay_hex,
    draw_terrain, hex_fill, number_size, place_anchor, river_runs, shade,
};
pub use similarity::Similarity;
pub use sink::{Anchor, Sink, ellipse_points, rect_points};
pub use window::HexWindow;
