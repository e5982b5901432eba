//! Tracing a scanned board: the scan as a tiled underlay loaded off the UI thread, grid
//! calibration by least squares from clicked hex centres, and terrain suggestions from the
//! scan's colours.

#[cfg(test)]
mod accuracy;
pub mod calibrate;
pub mod colour;
pub mod drawn;
pub mod lighting;
pub mod line_looks;
pub mod lines;
mod loader;
pub mod palette;
pub mod places;
pub mod sample;
#[cfg(test)]
mod scans;
pub mod strip;
pub mod suggest;
mod underlay;

pub use calibrate::{CalPoint, solve};
pub use line_looks::LinePalette;
pub use lines::LineSuggestions;
pub use loader::{MAX_RGBA_BYTES, MAX_SIDE, ScanLoader, ScanMsg, probe};
pub use palette::Palette;
pub use suggest::Suggestions;
pub use underlay::{Scan, UnderlayView};

use sztab_core::render::Similarity;

/// Everything the trace tools share.
#[derive(Default)]
pub struct Trace {
    pub scan: Option<UnderlayView>,
    pub loader: Option<ScanLoader>,
    /// Calibration points being entered (not yet applied to the map).
    pub points: Vec<CalPoint>,
    /// The fit of `points`, previewed before it is applied.
    pub draft: Option<Similarity>,
    pub palette: Palette,
    pub suggestions: Suggestions,
    pub line_palette: LinePalette,
    pub lines: LineSuggestions,
    pub message: Option<String>,
}

impl Trace {
    pub fn view(&self) -> Option<&UnderlayView> {
        self.scan.as_ref()
    }

    /// Polls the background loader; true when a scan has just arrived.
    pub fn poll(&mut self) -> bool {
        let Some(l) = &mut self.loader else {
            return false;
        };
        match l.poll() {
            Some(ScanMsg::Done(Ok(scan))) => {
                self.scan = Some(scan);
                self.loader = None;
                self.message = None;
                true
            }
            Some(ScanMsg::Done(Err(e))) => {
                self.message = Some(e);
                self.loader = None;
                false
            }
            Some(ScanMsg::Progress(..)) | None => false,
        }
    }

    /// Re-solves the draft calibration from the entered points.
    pub fn resolve(&mut self, grid: &sztab_core::hex::Grid) {
        let pairs: Vec<([f64; 2], [f64; 2])> =
            self.points.iter().filter_map(|p| p.pair(grid)).collect();
        self.draft = solve(&pairs);
    }
}

/// The Kursk terrain catalogue the tracing tests draw and read their boards with.
#[cfg(test)]
pub(crate) fn kursk_terrain() -> sztab_core::model::TerrainCatalogue {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("assets/wb95/kursk-1943.terrain.ron");
    sztab_core::model::io::load_terrain(&path).unwrap().value
}
