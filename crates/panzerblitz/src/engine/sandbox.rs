//! Hand-made positions: a small board of clear ground-level hexes numbered from 0101,
//! Germans (side 0, stacking 3, moving first) and Russians (side 1, stacking 2), terrain
//! and units put on it by hand. For rule tests and what-if questions.

use std::sync::Arc;

use sztab_core::hex::{Grid, HexId, Hexside, MapEdge, Numbering, Parity};

use super::board::{Board, Cover, Level, Marks};
use super::game::Game;
use super::scenario::{Arrival, Marker, Scenario, SideDef, Start};
use super::unit::{Class, Factors, Kind, UnitDef};

pub const GERMAN: usize = 0;
pub const RUSSIAN: usize = 1;

/// A unit type: name, kind and printed factors (AF, class, RF, DF, MF).
#[derive(Clone, Copy, Debug)]
pub struct Template {
    pub name: &'static str,
    pub kind: Kind,
    pub f: Factors,
}

const fn t(
    name: &'static str,
    kind: Kind,
    af: u32,
    class: Class,
    rf: u32,
    df: u32,
    mf: u32,
) -> Template {
    Template {
        name,
        kind,
        f: Factors {
            attack: af,
            class,
            range: rf,
            defense: df,
            movement: mf,
        },
    }
}

/// Unit types of the game with their printed values (from the reference data; the seed
/// states Panther AF 16 and the Russian recon company DF 4).
pub mod units {
    use super::*;
    pub const PANTHER: Template = t("Panther", Kind::Armored, 16, Class::A, 12, 12, 10);
    pub const TIGER: Template = t("Tiger I", Kind::Armored, 15, Class::A, 12, 12, 8);
    pub const PZ_III: Template = t("PzKw III", Kind::Armored, 8, Class::A, 3, 3, 8);
    pub const PZ_IV: Template = t("PzKw IV", Kind::Armored, 14, Class::A, 8, 8, 8);
    pub const STUH: Template = t("StuH 42", Kind::Armored, 14, Class::H, 12, 12, 8);
    pub const WESPE: Template = t("Wespe", Kind::Spa, 40, Class::H, 32, 5, 8);
    pub const SDKFZ_251: Template = t("SdKfz 251", Kind::Halftrack, 2, Class::I, 4, 4, 10);
    pub const TRUCK: Template = t("Truck", Kind::Truck, 0, Class::None, 0, 1, 12);
    pub const WAGON: Template = t("Wagon", Kind::Wagon, 0, Class::None, 0, 1, 3);
    pub const RIFLE_DE: Template = t("Rifle", Kind::Infantry, 3, Class::I, 6, 8, 1);
    pub const ENGINEER_DE: Template = t("Engineer", Kind::Engineer, 3, Class::I, 4, 10, 1);
    pub const MORTAR_81: Template = t("81mm", Kind::Gun, 3, Class::M, 12, 3, 1);
    pub const AT_75: Template = t("75mm", Kind::Gun, 13, Class::A, 6, 2, 0);
    pub const HOW_105: Template = t("105mm", Kind::Gun, 40, Class::H, 32, 2, 0);
    pub const CP: Template = t("CP", Kind::CommandPost, 0, Class::None, 0, 1, 0);
    pub const T34: Template = t("T-34c", Kind::Armored, 12, Class::A, 6, 9, 11);
    pub const SU_152: Template = t("SU-152", Kind::Armored, 40, Class::H, 10, 9, 7);
    pub const RECON: Template = t("Recon", Kind::Infantry, 3, Class::I, 1, 4, 1);
    pub const RIFLE_RU: Template = t("Rifle", Kind::Infantry, 5, Class::I, 4, 16, 1);
    pub const SMG_RU: Template = t("SMG", Kind::Infantry, 8, Class::I, 1, 12, 1);
    pub const ENGINEER_RU: Template = t("Engineer", Kind::Engineer, 3, Class::I, 2, 8, 1);
    pub const CAVALRY: Template = t("Cavalry", Kind::Cavalry, 10, Class::I, 3, 8, 3);
    pub const AT_76: Template = t("76.2mm AT", Kind::Gun, 12, Class::A, 6, 2, 0);
    pub const AT_45: Template = t("45mm", Kind::Gun, 7, Class::A, 3, 3, 0);
    pub const MORTAR_82: Template = t("82mm", Kind::Gun, 3, Class::M, 12, 3, 1);
    pub const M2: Template = t("M-2", Kind::Halftrack, 2, Class::I, 1, 2, 10);
}

/// A position under construction.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub s: Scenario,
}

/// A hex by its printed number ("0304"); panics on a typo, which only tests write.
pub fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

impl Sandbox {
    /// A `cols` × `rows` board of clear ground and a ten-turn game.
    pub fn new(cols: u16, rows: u16) -> Sandbox {
        let grid = Grid::new(
            cols,
            rows,
            Numbering {
                first_col: 1,
                first_row: 1,
                digits: 2,
                shifted: Parity::Even,
                labels: Default::default(),
            },
        );
        let side = |id: &str, name: &str, stacking| SideDef {
            id: id.into(),
            name: name.into(),
            stacking,
        };
        Sandbox {
            s: Scenario::new(
                "sandbox",
                Board::new(grid),
                [side("german", "German", 3), side("russian", "Russian", 2)],
                10,
            ),
        }
    }

    fn cells(&mut self, hexes: &[&str], f: impl Fn(&mut super::board::Cell)) -> &mut Self {
        for h in hexes {
            if let Some(c) = self.s.board.cell_mut(hex(h)) {
                f(c);
            }
        }
        self
    }

    pub fn cover(&mut self, cover: Cover, hexes: &[&str]) -> &mut Self {
        self.cells(hexes, |c| c.cover = cover)
    }

    pub fn level(&mut self, level: Level, hexes: &[&str]) -> &mut Self {
        self.cells(hexes, |c| c.level = level)
    }

    pub fn gully(&mut self, hexes: &[&str]) -> &mut Self {
        self.cells(hexes, |c| c.gully = true);
        for w in hexes.windows(2) {
            if let Some(side) = self.side_of(w[0], w[1]) {
                self.s.board.add_gully_link(side);
            }
        }
        self
    }

    pub fn ford(&mut self, hexes: &[&str]) -> &mut Self {
        self.cells(hexes, |c| c.ford = true)
    }

    pub fn pond(&mut self, h: &str) -> &mut Self {
        self.cells(&[h], |c| c.pond = true)
    }

    fn side_of(&self, a: &str, b: &str) -> Option<Hexside> {
        self.s.board.grid.hexside(hex(a), hex(b))
    }

    /// Puts symbols on the hexside between two adjacent hexes.
    pub fn mark(&mut self, a: &str, b: &str, f: impl Fn(&mut Marks)) -> &mut Self {
        let side = self
            .side_of(a, b)
            .unwrap_or_else(|| panic!("{a} and {b} are not adjacent"));
        f(self.s.board.marks_mut(side));
        self
    }

    pub fn green(&mut self, a: &str, b: &str) -> &mut Self {
        self.mark(a, b, |m| m.green = true)
    }
    pub fn gray(&mut self, a: &str, b: &str) -> &mut Self {
        self.mark(a, b, |m| m.gray = true)
    }
    pub fn brown(&mut self, a: &str, b: &str) -> &mut Self {
        self.mark(a, b, |m| m.brown = true)
    }
    pub fn orange(&mut self, a: &str, b: &str) -> &mut Self {
        self.mark(a, b, |m| m.orange = true)
    }

    /// A road through these hexes, in order.
    pub fn road(&mut self, hexes: &[&str]) -> &mut Self {
        for w in hexes.windows(2) {
            let side = self
                .side_of(w[0], w[1])
                .unwrap_or_else(|| panic!("{} and {} are not adjacent", w[0], w[1]));
            self.s.board.add_road(side);
        }
        self
    }

    /// A unit of `side` set up on `h` (or off the board if `h` is empty).
    pub fn unit(&mut self, side: usize, id: &str, t: Template, h: &str) -> usize {
        let u = self.s.add_unit(UnitDef {
            id: id.into(),
            name: t.name.into(),
            side,
            kind: t.kind,
            f: t.f,
            rockets: false,
            // As the counters have it: every German unit (P-22); Guards by `guards`.
            directs: side == GERMAN,
        });
        if !h.is_empty() {
            self.s.setup.push((u, hex(h), Start::default()));
        }
        u
    }

    /// Marks a Russian unit as Guards infantry, which directs indirect fire under
    /// Experimental Indirect Fire (P-22).
    pub fn guards(&mut self, id: &str) -> &mut Self {
        let u = self.index(id);
        self.s.units[u].directs = true;
        self
    }

    /// Sets `passenger` up under `carrier`.
    pub fn aboard(&mut self, passenger: &str, carrier: &str) -> &mut Self {
        let (p, c) = (self.index(passenger), self.index(carrier));
        let h = self
            .s
            .setup
            .iter()
            .find(|(u, _, _)| *u == c)
            .map(|(_, h, _)| *h)
            .unwrap_or_else(|| panic!("{carrier} is not set up"));
        self.s.setup.retain(|(u, _, _)| *u != p);
        self.s.setup.push((
            p,
            h,
            Start {
                carried_by: Some(c),
                dispersed: false,
                on_top: false,
            },
        ));
        self
    }

    pub fn dispersed(&mut self, id: &str) -> &mut Self {
        let u = self.index(id);
        for (x, _, st) in &mut self.s.setup {
            if *x == u {
                st.dispersed = true;
            }
        }
        self
    }

    fn index(&self, id: &str) -> usize {
        self.s
            .unit(id)
            .unwrap_or_else(|| panic!("no unit {id} in the sandbox"))
    }

    pub fn marker(&mut self, h: &str, m: Marker) -> &mut Self {
        self.s.markers.push((hex(h), m));
        self
    }

    /// Units that may enter on `turn` on these hexes (or along an edge).
    pub fn arrive(&mut self, turn: u32, ids: &[&str], hexes: &[&str]) -> &mut Self {
        let units = ids.iter().map(|i| self.index(i)).collect();
        let hexes = hexes.iter().map(|h| hex(h)).collect();
        self.s.arrivals.push(Arrival { turn, units, hexes });
        self
    }

    pub fn arrive_edge(&mut self, turn: u32, ids: &[&str], edge: MapEdge) -> &mut Self {
        let units = ids.iter().map(|i| self.index(i)).collect();
        let hexes = self.s.edge_hexes(edge);
        self.s.arrivals.push(Arrival { turn, units, hexes });
        self
    }

    pub fn turns(&mut self, n: u32) -> &mut Self {
        self.s.turns = n;
        self
    }

    /// The game, seeded, at the first German fire step.
    pub fn game(&self, seed: u64) -> Game {
        Game::new(Arc::new(self.s.clone()), seed)
    }
}
