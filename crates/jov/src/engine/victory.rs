//! Victory (3.2 G): the scenario's levels, tried in order after the last turn; the first
//! whose conditions all hold wins, none is a draw (J-08). A side holds a hex its units
//! stand on, or last stood on with no enemy on it now.

use sztab_core::hex::HexId;

use super::game::{Game, Outcome};
use super::rules::Condition;
use super::side::Army;
use super::state::Loc;

impl Game {
    pub fn holds(&self, army: Army, hex: HexId) -> bool {
        let enemy_there = self
            .st
            .at(hex)
            .any(|u| self.rules.units[u].army != army && !self.rules.units[u].is_sdm());
        !enemy_there && self.st.holder.get(&hex) == Some(&army)
    }

    fn eliminated(&self, army: Army) -> u32 {
        self.st
            .units
            .iter()
            .enumerate()
            .filter(|(u, s)| self.rules.units[*u].army == army && s.loc == Loc::Eliminated)
            .count() as u32
    }

    fn met(&self, c: &Condition) -> bool {
        match c {
            Condition::Holds { army, hexes } => hexes.iter().all(|&h| self.holds(*army, h)),
            Condition::Eliminated { army, at_least } => self.eliminated(*army) >= *at_least,
            Condition::LosesAtMost { army, units } => self.eliminated(*army) <= *units,
        }
    }
}

pub fn outcome(g: &Game) -> Outcome {
    for level in &g.rules.victory {
        if level.all_of.iter().all(|c| g.met(c)) {
            return Outcome {
                winner: Some(g.rules.side_index(level.winner)),
                level: Some(level.name.clone()),
            };
        }
    }
    Outcome {
        winner: None,
        level: None,
    }
}
