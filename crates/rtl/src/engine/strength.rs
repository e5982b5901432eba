//! Strengths for combat (3.5, 10.2, 10.5): a unit's attack halved when out of supply
//! (6.14c); the attacking units halved as groups — those attacking into or out of swamp
//! along a road, then those attacking across a river (3.56, 10.25-10.26); defense never
//! halved (3.51); the odds at declaration (10.53a).

use sztab_core::hex::HexId;

use super::board::{Ground, Link, Water};
use super::game::Game;
use super::words::{Supply, other};

impl Game {
    /// A unit's attack strength on its face, halved (rounded down) when out of supply.
    pub(super) fn attack_of(&self, u: usize) -> u32 {
        let s = &self.st.units[u];
        let a = self.rules.units[u].face(s.steps).attack;
        if s.supply == Supply::Oos { a / 2 } else { a }
    }

    pub(super) fn defense_of(&self, u: usize) -> u32 {
        self.rules.units[u].face(self.st.units[u].steps).defense
    }

    /// A MOT or non-artillery HE unit attacking into or out of swamp (10.26).
    pub(super) fn swamp_halved(&self, u: usize, hex: HexId) -> bool {
        let d = &self.rules.units[u];
        let Some(from) = self.hex_of(u) else {
            return false;
        };
        let b = &self.rules.board;
        d.class.motorized_column()
            && !d.is_artillery()
            && (b.cell(hex).ground == Ground::Swamp || b.cell(from).ground == Ground::Swamp)
    }

    /// Attacking across a river hexside, bridge or not (10.25).
    pub(super) fn across_river(&self, u: usize, hex: HexId) -> bool {
        self.hex_of(u)
            .and_then(|from| self.rules.board.side(from, hex))
            .is_some_and(|s| self.rules.board.water(s) == Some(Water::River))
    }

    /// The attack strength of units attacking `hex` (3.54, 3.56): out-of-supply units
    /// halved one by one; the swamp group halved, split by whether they also cross a
    /// river (decision R-16); the river group halved.
    pub(super) fn attack_total(&self, units: &[usize], hex: HexId) -> u32 {
        let (mut swamp_river, mut swamp, mut river, mut rest) = (0, 0, 0, 0);
        for &u in units {
            let a = self.attack_of(u);
            match (self.swamp_halved(u, hex), self.across_river(u, hex)) {
                (true, true) => swamp_river += a,
                (true, false) => swamp += a,
                (false, true) => river += a,
                (false, false) => rest += a,
            }
        }
        swamp / 2 + (swamp_river / 2 + river) / 2 + rest
    }

    /// Defenders in a Defender Hex: its combat units of the other side, but not those that
    /// retreated into it before its combat (11.35).
    pub(super) fn defenders(&self, hex: HexId, attacker: usize) -> Vec<usize> {
        let shelter = self.st.seq.as_ref().map(|q| &q.sheltering);
        self.combat_at(hex, other(attacker))
            .into_iter()
            .filter(|u| shelter.is_none_or(|s| s.get(u) != Some(&hex)))
            .collect()
    }

    /// Whether a unit may attack `hex` from where it stands (9.15, 10.26): a hexside it
    /// could move across; into or out of swamp, a MOT or HE unit only along a road or
    /// railroad, whatever else runs along the hexside (decisions ).
    pub(super) fn can_attack_across(&self, u: usize, hex: HexId) -> bool {
        let Some(from) = self.hex_of(u) else {
            return false;
        };
        if !self.rules.board.grid.are_adjacent(from, hex) || !self.can_cross(u, from, hex) {
            return false;
        }
        let b = &self.rules.board;
        let swamp = b.cell(hex).ground == Ground::Swamp || b.cell(from).ground == Ground::Swamp;
        if swamp && self.rules.units[u].class.motorized_column() {
            let links = b.side(from, hex).map(|s| b.links(s)).unwrap_or_default();
            return links
                .iter()
                .any(|l| matches!(l, Link::MainRoad | Link::MinorRoad | Link::Railroad));
        }
        true
    }

    /// The initial odds of an attack reach the CRTs' first column (10.53a).
    pub(super) fn odds_reach_table(&self, attack: u32, defense: u32) -> bool {
        self.rules.charts.assault.column(attack, defense).is_some()
    }
}
