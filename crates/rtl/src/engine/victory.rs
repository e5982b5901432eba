//! Victory (17.0, 4.22): the scenario's VP schedule — places held (their values may
//! change by turn), enemy steps lost, enemy units eliminated by type — and its victory
//! levels, the sudden ones checked at every Victory Determination Phase, all of them
//! after the last turn.

use super::game::Game;
use super::rules::{Cond, Scoring};
use super::state::Outcome;
use super::words::Side;

impl Game {
    /// Victory points by side now.
    pub fn victory_points(&self) -> [i32; 2] {
        let mut vp = [0; 2];
        let t = self.st.turn;
        for line in &self.rules.points {
            let n = match &line.scoring {
                Scoring::Holds(hexes) => {
                    let window = (line.from_turn..=line.to_turn).contains(&t);
                    i32::from(window && self.holds(line.side, hexes))
                }
                // Losses score for the whole game; turn windows are for places.
                Scoring::StepLost(s) => self.st.steps_lost[*s] as i32,
                Scoring::Eliminated { side, unit_type } => self
                    .st
                    .eliminated
                    .iter()
                    .filter(|&&u| {
                        self.rules.units[u].side == *side
                            && self.rules.units[u].is_combat()
                            && unit_type
                                .as_ref()
                                .is_none_or(|t| &self.rules.units[u].type_name == t)
                    })
                    .count() as i32,
            };
            vp[line.side] += line.value * n;
        }
        vp
    }

    /// A side holds hexes it controls (3.12, decision R-28).
    fn holds(&self, side: Side, hexes: &[sztab_core::hex::HexId]) -> bool {
        !hexes.is_empty() && hexes.iter().all(|&h| self.control(h) == Some(side))
    }

    fn eliminated_of(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.st
            .eliminated
            .iter()
            .copied()
            .filter(move |&u| self.rules.units[u].side == side && self.rules.units[u].is_combat())
    }

    fn holds_cond(&self, c: &Cond, vp: [i32; 2]) -> bool {
        match c {
            Cond::Holds { side, hexes } => self.holds(*side, hexes),
            Cond::Points { side, at_least } => vp[*side] >= *at_least,
            Cond::PointsAtMost { side, at_most } => vp[*side] <= *at_most,
            Cond::Eliminated {
                side,
                at_least,
                weights,
            } => {
                let n: u32 = self
                    .eliminated_of(*side)
                    .map(|u| {
                        weights
                            .get(&self.rules.units[u].type_name)
                            .copied()
                            .unwrap_or(1)
                    })
                    .sum();
                n >= *at_least
            }
            Cond::LosesAtMost { side, units } => self.eliminated_of(*side).count() as u32 <= *units,
        }
    }

    /// The result, if the game ends now: with `sudden_only`, the first sudden level that
    /// holds; otherwise the first level that holds, or a draw.
    pub(super) fn judge(&self, sudden_only: bool) -> Option<Outcome> {
        let vp = self.victory_points();
        let hit = self
            .rules
            .levels
            .iter()
            .filter(|l| !sudden_only || l.sudden)
            .find(|l| l.all_of.iter().all(|c| self.holds_cond(c, vp)));
        match hit {
            Some(l) => Some(Outcome {
                winner: Some(l.winner),
                level: l.name.clone(),
                vp,
                turn: self.st.turn,
                sudden: sudden_only,
            }),
            None if sudden_only => None,
            None => Some(Outcome {
                winner: None,
                level: "draw".into(),
                vp,
                turn: self.st.turn,
                sudden: false,
            }),
        }
    }
}
