//! Terrain suggestions from a calibrated scan: every hex's sample is matched to the nearest
//! look of the palette after fitting the scan's colours to the palette (see
//! [`ColourFit`]), and each suggestion carries a confidence. Confident suggestions start
//! accepted, the others wait for the designer; accepting is one undo step.

use rayon::prelude::*;

use super::colour::ColourFit;
use super::palette::Palette;
use super::sample::{offsets, sample_hex};
use super::underlay::Scan;
use crate::edit::{Change, Edit};
use sztab_core::hex::HexId;
use sztab_core::model::{HexCell, Map, Pattern, TerrainCatalogue};
use sztab_core::render::{HexWindow, Similarity};

/// Suggestions at or above this confidence start accepted, unless the designer changes it.
pub const DEFAULT_THRESHOLD: f32 = 0.5;
/// A hex this far (ΔE) from its nearest look is half as confident as an exact match, or
/// twice the scan's typical distance if that is more: a blurred, grainy scan sits farther
/// from every drawn look, and its matches are no less sure for that.
const CLOSE: f32 = 12.0;
/// Hexes the scan's colour fit is estimated from, at most.
const FIT_SAMPLES: usize = 4000;

#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    pub hex: HexId,
    pub cell: HexCell,
    /// 0-1: how surely the hex shows this look (see [`confidence`]).
    pub confidence: f32,
    pub accepted: bool,
}

/// How sure a match is, 0-1, from the distance `d1` to the nearest look and `d2` to the
/// next one: the margin between them (0 when two looks fit alike, 1 when the nearest fits
/// exactly), times how close the nearest is for this scan (`close`: a hex unlike every
/// look is no sure match, however big the margin).
pub fn confidence(d1: f32, d2: f32, close: f32) -> f32 {
    let margin = if d2 > 0.0 {
        (1.0 - d1 / d2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    margin / (1.0 + (d1 / close).powi(2))
}

/// A look with a town or a city in it: its terrain or one of its features is drawn with
/// the catalogue's town or city symbol.
pub fn is_settlement(cat: &TerrainCatalogue, cell: &HexCell) -> bool {
    let settlement = |p: &Pattern| matches!(p, Pattern::Town | Pattern::City);
    cat.terrain(cell.terrain.as_str())
        .is_some_and(|t| settlement(&t.pattern))
        || cell
            .features
            .iter()
            .filter_map(|f| cat.feature(f.as_str()))
            .any(|f| settlement(&f.pattern))
}

pub struct Suggestions {
    pub list: Vec<Suggestion>,
    /// Suggestions at or above this confidence (0-1) are accepted when computed.
    pub threshold: f32,
    /// The scan's colours against the program's drawing, from the last computation.
    pub fit: Option<ColourFit>,
}

impl Default for Suggestions {
    fn default() -> Self {
        Self {
            list: Vec::new(),
            threshold: DEFAULT_THRESHOLD,
            fit: None,
        }
    }
}

impl Suggestions {
    /// Suggests a look for every hex of the map whose nearest palette entry differs from
    /// what it has now.
    pub fn compute(&mut self, map: &Map, palette: &Palette, scan: &Scan, sim: &Similarity) {
        self.list.clear();
        let Some(w) = HexWindow::whole(&map.grid) else {
            return;
        };
        let offs = offsets();
        let ids: Vec<HexId> = w.hexes(&map.grid).collect();
        let samples: Vec<_> = ids
            .par_iter()
            .filter_map(|&id| Some((id, sample_hex(scan, sim, &map.grid, id, &offs)?)))
            .collect();
        // The fit needs a few thousand hexes at most, spread over the board.
        let stride = samples.len().div_ceil(FIT_SAMPLES).max(1);
        let grounds: Vec<_> = samples
            .iter()
            .step_by(stride)
            .map(|(_, s)| s.dominant)
            .collect();
        let fit = ColourFit::estimate(&grounds, &palette.drawn_grounds());
        self.fit = Some(fit);
        let matches: Vec<_> = samples
            .par_iter()
            .filter_map(|(id, s)| Some((*id, palette.two_nearest(s, &fit)?)))
            .collect();
        let mut nearest: Vec<f32> = matches.iter().map(|(_, (_, d1, _))| *d1).collect();
        nearest.sort_by(f32::total_cmp);
        let typical = nearest.get(nearest.len() / 2).copied().unwrap_or(0.0);
        let close = CLOSE.max(2.0 * typical);
        self.list = matches
            .into_iter()
            .filter(|(id, (e, ..))| map.hexes.get(id) != Some(&e.cell))
            .map(|(hex, (e, d1, d2))| {
                let confidence = confidence(d1, d2, close);
                Suggestion {
                    hex,
                    cell: e.cell.clone(),
                    confidence,
                    accepted: confidence >= self.threshold,
                }
            })
            .collect();
    }

    /// Accepts exactly the suggestions at or above `threshold`, which becomes the default.
    pub fn set_threshold(&mut self, threshold: f32) {
        self.threshold = threshold;
        for s in &mut self.list {
            s.accepted = s.confidence >= threshold;
        }
    }

    /// The suggestions of a town or a city the threshold held back: the hexes a
    /// scenario's victory usually hangs on, shown apart so none is lost.
    pub fn held_back_settlements<'a>(
        &'a self,
        cat: &'a TerrainCatalogue,
    ) -> impl Iterator<Item = &'a Suggestion> + 'a {
        self.list
            .iter()
            .filter(move |s| !s.accepted && is_settlement(cat, &s.cell))
    }

    /// Accepts every town and city the threshold held back; returns how many.
    pub fn accept_held_back_settlements(&mut self, cat: &TerrainCatalogue) -> usize {
        let mut n = 0;
        for s in &mut self.list {
            if !s.accepted && is_settlement(cat, &s.cell) {
                s.accepted = true;
                n += 1;
            }
        }
        n
    }

    pub fn toggle(&mut self, hex: HexId) -> bool {
        match self.list.iter_mut().find(|s| s.hex == hex) {
            Some(s) => {
                s.accepted = !s.accepted;
                true
            }
            None => false,
        }
    }

    pub fn accepted(&self) -> impl Iterator<Item = &Suggestion> {
        self.list.iter().filter(|s| s.accepted)
    }

    /// The map as every suggestion, accepted or not, would leave it: the scan's best
    /// reading, under which its lines are read.
    pub fn applied_to(&self, map: &Map) -> Map {
        let mut m = map.clone();
        for s in &self.list {
            m.hexes.insert(s.hex, s.cell.clone());
        }
        m
    }

    /// One undoable edit applying every accepted suggestion.
    pub fn accept_edit(&self, map: &Map) -> Edit {
        let mut e = Edit::new(format!(
            "Accept {} terrain suggestions",
            self.accepted().count()
        ));
        for s in self.accepted() {
            e.push(Change::Hex {
                id: s.hex,
                before: map.hexes.get(&s.hex).cloned(),
                after: Some(s.cell.clone()),
            });
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::{Grid, Numbering};
    use sztab_core::model::TerrainCatalogue;
    use sztab_core::render::{Layers, render_with};

    use crate::trace::kursk_terrain as kursk;

    /// A 3×2 board: forest on 0101, hills on 0201, the rest clear; drawn, then 0301's
    /// inside painted blue, a hex unlike every look. The map to suggest for has no hexes
    /// yet, so every hex gets a suggestion.
    fn scan_with_an_ambiguous_hex(cat: &TerrainCatalogue) -> (Map, Scan, Similarity) {
        let grid = Grid::new(3, 2, Numbering::default());
        let mut map = Map::new("", "", grid, "clear");
        let mut forest = HexCell::new("clear");
        forest.features.push("forest".into());
        map.hexes.insert(HexId::new(1, 1), forest);
        map.hexes.insert(HexId::new(2, 1), HexCell::new("hills"));
        let sim = Similarity::new(30.0, 0.0, [40.0, 40.0]);
        let img = render_with(&map, cat, Layers::printed(), sim, 240, 200).unwrap();
        let mut img = image::DynamicImage::ImageRgba8(img).to_rgb8();
        let c = grid.center(HexId::new(3, 1));
        let c = sim.apply([f64::from(c[0]), f64::from(c[1])]);
        for (x, y, p) in img.enumerate_pixels_mut() {
            if (f64::from(x) - c[0]).hypot(f64::from(y) - c[1]) < 22.0 {
                p.0 = [40, 60, 220];
            }
        }
        let mut blank = Map::new("", "", grid, "clear");
        blank.hexes.clear();
        (
            blank,
            Scan {
                image: img,
                factor: 1.0,
            },
            sim,
        )
    }

    #[test]
    fn low_confidence_suggestions_start_unaccepted() {
        let cat = kursk();
        let (blank, scan, sim) = scan_with_an_ambiguous_hex(&cat);
        let mut palette = Palette::default();
        palette.ensure(&cat);
        let mut s = Suggestions::default();
        s.compute(&blank, &palette, &scan, &sim);
        let of = |s: &Suggestions, h: HexId| s.list.iter().find(|x| x.hex == h).cloned();
        let forest = of(&s, HexId::new(1, 1)).expect("the forest is suggested");
        assert!(forest.cell.has("forest") && forest.accepted, "{forest:?}");
        assert!(forest.confidence >= DEFAULT_THRESHOLD);
        let hills = of(&s, HexId::new(2, 1)).expect("the hills are suggested");
        assert!(hills.accepted, "{hills:?}");
        let unsure = of(&s, HexId::new(3, 1)).expect("the blue hex is suggested");
        assert!(unsure.confidence < 0.2 && !unsure.accepted, "{unsure:?}");
        // Applying takes the accepted ones only; a threshold of 0 accepts every one.
        let sure = s.accepted().count();
        assert!(
            sure >= 2 && sure < s.list.len(),
            "{sure} of {}",
            s.list.len()
        );
        assert_eq!(s.accept_edit(&blank).changes.len(), sure);
        s.set_threshold(0.0);
        assert!(s.list.iter().all(|x| x.accepted));
        s.set_threshold(0.99);
        assert!(s.accepted().all(|x| x.confidence >= 0.99));
        assert!(!of(&s, HexId::new(3, 1)).unwrap().accepted);
    }

    #[test]
    fn confidence_falls_with_the_margin_and_the_distance() {
        assert!((confidence(0.0, 20.0, CLOSE) - 1.0).abs() < 1e-6);
        assert!(confidence(10.0, 10.0, CLOSE) < 1e-6);
        assert!(confidence(2.0, 20.0, CLOSE) > confidence(8.0, 20.0, CLOSE));
        assert!(confidence(5.0, 30.0, CLOSE) > confidence(5.0, 10.0, CLOSE));
        assert!(confidence(36.0, f32::INFINITY, CLOSE) < 0.11);
        // On a grainier scan the same distance is a surer match.
        assert!(confidence(8.0, 20.0, 24.0) > confidence(8.0, 20.0, CLOSE));
    }
}
