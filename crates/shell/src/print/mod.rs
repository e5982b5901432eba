//! The print-and-play kit (`sztab print`, File → Print kit…): a scenario as a PDF to print
//! at 100 %, cut out and play on a table. The map at true scale tiled over pages with
//! overlap, crop and alignment marks; counter sheets with their backs mirrored on the
//! facing page for a duplex print or a fold; the setup card and the turn track.

mod card_pages;
mod contents;
mod counter_sheets;
mod length;
mod map_pages;
mod page;

use std::path::Path;

use sztab_core::render::pdf::PdfDocument;
use sztab_seam::{BundleRef, RuleSystem};

pub use contents::MAX_TURNS;
pub use length::{Length, Paper};
pub use map_pages::Tiling;

/// What the user chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub paper: Paper,
    /// A counter's side.
    pub counter: Length,
    /// A hex across its flats (the distance between the centres of neighbouring hexes).
    pub hex: Length,
}

impl Default for Options {
    /// Half-inch counters on 5/8-inch hexes, the common size of hex-and-counter games.
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            counter: Length::inches(0.5),
            hex: Length::inches(0.625),
        }
    }
}

/// What a page of the kit shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// A tile of the map: its row (A, B, …) and column (1, 2, …).
    Map {
        row: usize,
        col: usize,
    },
    /// The fronts of counter sheet `n` (from 1).
    Fronts(usize),
    /// The backs of sheet `n`, mirrored left to right.
    Backs(usize),
    Setup(usize),
    TurnTrack(usize),
}

/// A written kit.
pub struct Kit {
    pub pages: Vec<PageKind>,
    /// Unit counters printed, and markers.
    pub counters: usize,
    pub markers: usize,
    /// The map's tiling: its scale and page grid.
    pub tiling: Tiling,
    pub pdf: Vec<u8>,
}

impl Kit {
    /// "14 pages: map 2×3, 2 counter sheets front and back, setup 1, turn track 1".
    pub fn summary(&self) -> String {
        let count = |f: fn(&PageKind) -> bool| self.pages.iter().filter(|p| f(p)).count();
        format!(
            "{} pages: map {}×{}, {} counter sheet(s) front and back ({} counters, {} markers), setup {}, turn track {}",
            self.pages.len(),
            self.tiling.rows,
            self.tiling.cols,
            count(|p| matches!(p, PageKind::Fronts(_))),
            self.counters,
            self.markers,
            count(|p| matches!(p, PageKind::Setup(_))),
            count(|p| matches!(p, PageKind::TurnTrack(_))),
        )
    }
}

/// Lays out and draws the kit of a scenario of any system.
pub fn kit(system: &dyn RuleSystem, b: BundleRef<'_>, opts: &Options) -> Result<Kit, String> {
    let contents = contents::of(system, b)?;
    let tiling = Tiling::new(&b.map().grid, opts)?;
    let mut doc = PdfDocument::new()?;
    let mut pages = Vec::new();
    map_pages::draw(&mut doc, &mut pages, &tiling, b, &contents.title);
    counter_sheets::draw(&mut doc, &mut pages, &contents, opts);
    card_pages::draw(&mut doc, &mut pages, &contents, opts.paper);
    debug_assert_eq!(doc.pages(), pages.len());
    Ok(Kit {
        pages,
        counters: contents.pieces.len(),
        markers: contents.markers.len(),
        tiling,
        pdf: doc.finish()?,
    })
}

/// Writes the kit to `out` atomically: a failure leaves an older file whole.
pub fn write(
    system: &dyn RuleSystem,
    b: BundleRef<'_>,
    opts: &Options,
    out: &Path,
) -> Result<Kit, String> {
    let k = kit(system, b, opts)?;
    sztab_core::model::atomic_write::write(out, &k.pdf)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(k)
}
