//! Zones of Control and Influence (10): a stack with three or more attack-capable
//! infantry-type steps projects a ZOC, any other zone-projecting stack a ZOI (10.1).
//! Zones do not project into towns or forest (10.6.1), nor across lakes and the Dnepr
//! (10.6.3), nor across rivers (10.6.2) unless an enemy moves or attacks across one.

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;

use super::game::Game;
use super::side::Army;
use super::state::Loc;
use super::unit::Kind;

/// The zone a stack projects or a hex lies in; ZOC outranks ZOI (10.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    None,
    Zoi,
    Zoc,
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Zone::None => "no zone",
            Zone::Zoi => "ZOI",
            Zone::Zoc => "ZOC",
        })
    }
}

impl Game {
    /// Infantry steps a unit gives a ZOC (10.1.1): attack-capable infantry types' steps,
    /// a red-star armor brigade's one step on its front side (4.5.3); nothing while
    /// Disorganized or Regroup (12.17.2 #12).
    pub(crate) fn zoc_steps(&self, u: usize) -> u32 {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        if s.shaken() || s.loc == Loc::Eliminated {
            return 0;
        }
        if d.star {
            return u32::from(s.steps > 1 || !d.cadre);
        }
        if d.kind.is_infantry_type() && d.attack_capable() {
            return u32::from(s.steps);
        }
        0
    }

    /// Whether a unit projects any zone (10.1.3: not Alarm units, SDMs, markers).
    fn projects(&self, u: usize) -> bool {
        !matches!(self.rules.units[u].kind, Kind::Alarm | Kind::Sdm)
    }

    /// The zone the stack on `hex` projects (partisans only a ZOI, 18.1).
    pub fn projection(&self, hex: HexId) -> Zone {
        let units: Vec<usize> = self.st.at(hex).filter(|&u| self.projects(u)).collect();
        if units.is_empty() {
            return Zone::None;
        }
        let steps: u32 = units
            .iter()
            .filter(|&&u| self.rules.units[u].kind != Kind::Partisan)
            .map(|&u| self.zoc_steps(u))
            .sum();
        if steps >= 3 { Zone::Zoc } else { Zone::Zoi }
    }

    /// Does a zone on `from` reach `to` (10.6)? `across_river`: the river is crossed by
    /// an enemy's move or attack (10.6.2 cases 1-2), which lets it across.
    pub(crate) fn reaches(&self, from: HexId, to: HexId, across_river: bool) -> bool {
        let b = &self.rules.board;
        if !b.adjacent(from, to) || b.cell(to).is_none_or(|c| c.blocks_zones()) {
            return false;
        }
        match b.side(from, to).water {
            Some(w) if w.is_river() => across_river,
            Some(super::board::Water::Lake | super::board::Water::Dnepr) => false,
            _ => true,
        }
    }

    /// The strongest zone of `army`'s enemies on `hex` (10.5).
    pub fn enemy_zone(&self, hex: HexId, army: Army) -> Zone {
        self.rules
            .board
            .neighbours(hex)
            .into_iter()
            .filter(|&n| self.enemy_on(n, army) && self.reaches(n, hex, false))
            .map(|n| self.projection(n))
            .max()
            .unwrap_or(Zone::None)
    }

    /// The zone on `from` for a unit of `army` crossing a river to `to`: an enemy next
    /// to it across a river projects a ZOC into it (10.6.2 case 1, J-07).
    pub(crate) fn zone_leaving(&self, from: HexId, to: HexId, army: Army) -> Zone {
        let base = self.enemy_zone(from, army);
        if !self
            .rules
            .board
            .side(from, to)
            .water
            .is_some_and(|w| w.is_river())
        {
            return base;
        }
        let across = self.rules.board.neighbours(from).into_iter().any(|n| {
            self.enemy_on(n, army)
                && self
                    .rules
                    .board
                    .side(from, n)
                    .water
                    .is_some_and(|w| w.is_river())
                && self.projection(n) != Zone::None
        });
        if across { Zone::Zoc } else { base }
    }

    /// Any unit of `army`'s enemy on `hex` (SDMs too: they block entry).
    pub fn enemy_on(&self, hex: HexId, army: Army) -> bool {
        self.st.at(hex).any(|u| self.rules.units[u].army != army)
    }

    /// Units of `army` on `hex`.
    pub fn own_on(&self, hex: HexId, army: Army) -> Vec<usize> {
        self.st
            .at(hex)
            .filter(|&u| self.rules.units[u].army == army)
            .collect()
    }
}
