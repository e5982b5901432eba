//! The map overlays a player can switch on: hex control (R4.3), enemy zones of control
//! (R4), the supply net and the units out of supply (R10), and the balance lab's heat
//! map of where combats were fought (shown while the lab's "Show the heat map" is on).

use super::paint;
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::Colour;
use sztab_core::render::Sink;
use sztab_wb95::{Game, Side};

/// Which overlays are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlays {
    pub control: bool,
    pub zoc: bool,
    pub supply: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            control: false,
            zoc: true,
            supply: false,
        }
    }
}

impl Overlays {
    pub fn toggles(&mut self) -> [(&'static str, &mut bool); 3] {
        [
            ("Hex control", &mut self.control),
            ("Enemy ZoC", &mut self.zoc),
            ("Supply net and OoS", &mut self.supply),
        ]
    }
}

/// Control colours: the initiative side blue, the other red, as the editor's setup
/// zones.
pub const CONTROL: [Colour; 2] = [Colour([40, 90, 230, 70]), Colour([230, 40, 30, 70])];

/// Each controlled hex tinted with its side's colour.
pub fn control(sink: &mut impl Sink, grid: &Grid, g: &Game) {
    for side in Side::BOTH {
        let hexes = (0..g.board().len())
            .filter(|&h| g.state().control[h] == Some(side))
            .map(|h| g.hex_id(h));
        paint::shade(sink, grid, hexes, CONTROL[side.index()]);
    }
}

/// Hexes in the ZoC of `side`'s enemy, hatched so they read over any tint.
pub fn zoc(sink: &mut impl Sink, grid: &Grid, g: &Game, side: Side) {
    let z = g.zoc_of(side.other());
    let c = Colour([200, 20, 20, 150]);
    for h in (0..g.board().len()).filter(|&h| z.covers(h)) {
        let id = g.hex_id(h);
        if !grid.contains(id) {
            continue;
        }
        let [x, y] = grid.center(id);
        for k in [-0.45f32, 0.0, 0.45] {
            let (a, b) = ([x - 0.45 + k, y + 0.45], [x + 0.05 + k, y - 0.45]);
            sink.line(a, b, 0.05, c, None);
        }
    }
    sink.layer_done();
}

/// The hexes `side`'s line of supply reaches within its supply MPs (roads darker), and
/// its units that trace none, outlined.
pub fn supply(sink: &mut impl Sink, grid: &Grid, g: &Game, side: Side) {
    let map = g.supply_map(side);
    let budget = g
        .units_on_map(side)
        .map(|u| g.info(u).supply_mp.twelfths())
        .max()
        .unwrap_or(0);
    let free: Vec<HexId> = (0..map.len())
        .filter(|&h| map[h] == 0)
        .map(|h| g.hex_id(h))
        .collect();
    let off_road: Vec<HexId> = (0..map.len())
        .filter(|&h| map[h] > 0 && map[h] <= budget)
        .map(|h| g.hex_id(h))
        .collect();
    paint::shade(sink, grid, off_road, Colour([150, 60, 210, 45]));
    paint::shade(sink, grid, free, Colour([120, 30, 190, 80]));
    let (_, cut) = g.supply_status(side);
    let cut: Vec<HexId> = cut
        .iter()
        .filter_map(|&u| g.unit_state(u).hex())
        .map(|h| g.hex_id(h))
        .collect();
    paint::outline(sink, grid, cut, Colour([240, 120, 0, 255]), 0.1);
}

/// Combats per hex, from white-yellow to deep red, with the count.
pub fn heat(sink: &mut impl Sink, grid: &Grid, heat: &[(HexId, u32)]) {
    let most = heat.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1) as f32;
    for (h, n) in heat {
        let t = (*n as f32 / most).sqrt();
        paint::shade(sink, grid, [*h], paint::heat(t, 170));
    }
    let labels: Vec<(HexId, String)> = heat.iter().map(|(h, n)| (*h, n.to_string())).collect();
    paint::label(sink, grid, &labels, Colour([60, 0, 0, 255]));
}
