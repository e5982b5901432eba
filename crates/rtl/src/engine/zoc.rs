//! Who may cross a hexside (8.36c, 8.37a, the TEC's prohibited cells), Zones of Control
//! (3.2) and hex control (3.12). One crossing predicate serves movement, ZOC projection
//! (3.24), attacks (9.15), retreats (11.32), advances (11.6) and Reaction (9.35).

use sztab_core::hex::{HexId, Hexside};

use super::board::{Ground, Link, Links, Water};
use super::charts::{Cost, TecRow};
use super::game::Game;
use super::unit::Kind;
use super::words::{Class, Side, Weather, other};

/// A hexside as a unit of `side` crosses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    pub side: Hexside,
    /// The roads, railroads and trails a unit may move along, any of them (decision
    /// R-45); trails are ignored in Rain (8.42).
    pub links: Links,
    pub water: Option<Water>,
    /// A printed bridge along the link (trail bridges still serve in Rain, 5.13d), or a
    /// friendly Bridge unit's arrow on it (16.21).
    pub bridged: bool,
}

impl Game {
    /// The hexside between two adjacent hexes as `side` crosses it.
    pub(super) fn crossing(&self, from: HexId, to: HexId, side: Side) -> Option<Crossing> {
        let b = &self.rules.board;
        let hs = b.side(from, to)?;
        let raw = b.links(hs);
        let links = if self.st.weather == Weather::Rain {
            raw.without(Link::Trail)
        } else {
            raw
        };
        let printed = b.printed_bridge(hs) && !raw.is_empty();
        Some(Crossing {
            side: hs,
            links,
            water: b.water(hs),
            bridged: printed || self.bridge_unit_on(hs, side),
        })
    }

    /// A Bridge unit of `side` whose arrow points at the hexside (16.21).
    pub(super) fn bridge_unit_on(&self, hs: Hexside, side: Side) -> bool {
        (0..self.rules.units.len()).any(|u| {
            let d = &self.rules.units[u];
            let s = &self.st.units[u];
            d.kind == Kind::Bridge
                && d.side == side
                && match (s.hex(), s.arrow) {
                    (Some(h), Some(dir)) => {
                        self.rules.board.grid.hexside_towards(h, dir) == Some(hs)
                    }
                    _ => false,
                }
        })
    }

    /// Whether unit `u` may ever cross from `from` into `to`, whatever the MP (3.24): the
    /// TEC's prohibited cells, rivers for vehicles and HE (8.36c), swamp for MOT and HE
    /// off the roads, railroads and trails (8.37a), and no leaving the map.
    pub(super) fn can_cross(&self, u: usize, from: HexId, to: HexId) -> bool {
        self.rules.board.contains(to) && self.crossing_rule(u, from, to).is_none()
    }

    /// The rule that forbids the crossing, if one does.
    pub(super) fn crossing_rule(&self, u: usize, from: HexId, to: HexId) -> Option<&'static str> {
        let d = &self.rules.units[u];
        let Some(c) = self.crossing(from, to, d.side) else {
            return Some("8.11");
        };
        let tec = &self.rules.charts.tec;
        let weather = self.st.weather;
        if let Some(w) = c.water {
            let row = match w {
                Water::Stream => TecRow::Stream,
                Water::River => TecRow::River,
                Water::Lake => TecRow::Lake,
            };
            if !c.bridged || w == Water::Lake {
                if tec.get(row, d.class, weather).cost == Cost::Prohibited {
                    return Some("8.36");
                }
                if w == Water::River && (d.vehicle || d.class == Class::He) {
                    return Some("8.36c");
                }
            }
        }
        let b = &self.rules.board;
        let swampy = b.cell(to).ground == Ground::Swamp || b.cell(from).ground == Ground::Swamp;
        if swampy && d.class.motorized_column() && c.links.is_empty() {
            return Some("8.37a");
        }
        if c.links.is_empty() && self.terrain_prohibits(u, to) {
            return Some("8.3");
        }
        None
    }

    /// A natural terrain of `to` the TEC prohibits to the unit off the roads.
    fn terrain_prohibits(&self, u: usize, to: HexId) -> bool {
        let d = &self.rules.units[u];
        let cell = self.rules.board.cell(to);
        let tec = &self.rules.charts.tec;
        let w = self.st.weather;
        let mut rows = vec![match cell.ground {
            Ground::Clear => TecRow::Clear,
            Ground::Marsh => TecRow::Marsh,
            Ground::Swamp => TecRow::Swamp,
            Ground::Rough => TecRow::Rough,
        }];
        if cell.hill {
            rows.push(TecRow::Hill);
        }
        if cell.town {
            rows.push(TecRow::Town);
        }
        // The MOT swamp cell is the 8.37a rule, read with the road exception above.
        rows.into_iter().any(|r| {
            tec.get(r, d.class, w).cost == Cost::Prohibited
                && !(r == TecRow::Swamp && d.class.motorized_column())
        })
    }

    /// Combat units of `side` on `hex`.
    pub(super) fn combat_at(&self, hex: HexId, side: Side) -> Vec<usize> {
        self.st
            .at(hex)
            .filter(|&u| self.rules.units[u].side == side && self.rules.units[u].is_combat())
            .collect()
    }

    /// The side whose combat units stand on `hex`, if any.
    pub(super) fn occupant(&self, hex: HexId) -> Option<Side> {
        self.st
            .at(hex)
            .find(|&u| self.rules.units[u].is_combat())
            .map(|u| self.rules.units[u].side)
    }

    /// Whether the stack on `from` projects a ZOC into `to`: one combat unit without the
    /// yellow band makes all of them exert it (3.23), across any hexside one of them could
    /// cross (3.24, decision R-04).
    pub(super) fn zoc_into(&self, from: HexId, to: HexId) -> bool {
        let here: Vec<usize> = self
            .st
            .at(from)
            .filter(|&u| self.rules.units[u].is_combat())
            .collect();
        here.iter().any(|&u| !self.rules.units[u].no_zoc)
            && here.iter().any(|&u| self.can_cross(u, from, to))
    }

    /// The hexes whose enemy stacks project a ZOC into `hex`, as `side` sees them.
    pub(super) fn enemy_zoc_sources(&self, side: Side, hex: HexId) -> Vec<HexId> {
        let grid = self.rules.board.grid;
        grid.neighbours(hex)
            .filter(|&n| self.occupant(n) == Some(other(side)) && self.zoc_into(n, hex))
            .collect()
    }

    /// `hex` is in an enemy ZOC for `side` (3.21).
    pub(super) fn in_enemy_zoc(&self, side: Side, hex: HexId) -> bool {
        !self.enemy_zoc_sources(side, hex).is_empty()
    }

    /// Who controls a hex (3.12): its occupier; else the one side projecting a ZOC into
    /// it (both: contested, nobody); else the side that last occupied or moved through it
    /// (decision R-14).
    pub fn control(&self, hex: HexId) -> Option<Side> {
        if let Some(s) = self.occupant(hex) {
            return Some(s);
        }
        let zoc = |s: Side| self.in_enemy_zoc(other(s), hex);
        match (zoc(0), zoc(1)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            (true, true) => None,
            (false, false) => self.st.moved_through.get(&hex).copied(),
        }
    }

    /// A vacant hex into which both sides project a ZOC (3.12b).
    pub(super) fn contested(&self, hex: HexId) -> bool {
        self.occupant(hex).is_none() && self.in_enemy_zoc(0, hex) && self.in_enemy_zoc(1, hex)
    }

    /// Stacking points of `side` on `hex` (3.31).
    pub(super) fn stack_points(&self, hex: HexId, side: Side) -> u32 {
        self.combat_at(hex, side)
            .iter()
            .map(|&u| self.rules.units[u].stacking)
            .sum()
    }
}
