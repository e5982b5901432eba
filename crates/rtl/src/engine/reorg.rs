//! The Reorganization Segment (4.21C, the Expanded SoP C): Engineering (Strongpoints,
//! Bridge units), Reorganization (Disruption, HQs and Leaders, Fired artillery,
//! activation markers), Victory Determination and the Turn Record Phase.

use super::event::Event;
use super::game::Game;
use super::state::Phase;
use super::unit::Kind;
use super::words::{Side, Supply, other};

impl Game {
    /// The segment begins with its Engineering Phase: Strongpoints removed and completed,
    /// then each player's Bridge units, the First Player first (decision R-25).
    pub(super) fn reorganization(&mut self) {
        self.st.seq = None;
        self.emit(Event::PhaseBegan {
            phase: "Reorganization Segment".into(),
        });
        self.reorganize_strongpoints();
        self.st.phase = Phase::Bridges {
            side: self.st.initiative,
        };
    }

    pub(super) fn end_bridges(&mut self, side: Side) {
        if side == self.st.initiative {
            self.st.phase = Phase::Bridges { side: other(side) };
        } else {
            self.reorganization_phase();
        }
    }

    /// C.2: Disruption removed (with an ER check in an enemy ZOC, helped by unspent
    /// Command Points: decision R-26), HQs and Leaders flipped back (15.34b), Fired
    /// artillery flipped back unless out of supply (12.19, decision R-27), the activation
    /// markers removed (7.42); then victory and the next turn.
    fn reorganization_phase(&mut self) {
        self.remove_disruption();
        for side in [0, 1] {
            for u in 0..self.rules.units.len() {
                if self.side_of(u) != side {
                    continue;
                }
                let kind = self.rules.units[u].kind;
                let s = &mut self.st.units[u];
                if matches!(kind, Kind::Hq | Kind::Leader) {
                    s.spent = false;
                }
                if s.fired && s.supply != Supply::Oos {
                    s.fired = false;
                }
                s.activations = 0;
                s.refused = false;
            }
            self.emit(Event::Refreshed { side });
        }
        self.victory_determination();
    }

    fn remove_disruption(&mut self) {
        let disrupted: Vec<usize> = (0..self.rules.units.len())
            .filter(|&u| self.st.units[u].disrupted && self.hex_of(u).is_some())
            .collect();
        let mut used = Vec::new();
        for u in disrupted {
            let side = self.side_of(u);
            let hex = self.hex_of(u).expect("on the map");
            let recovered = if !self.in_enemy_zoc(side, hex) {
                true
            } else {
                let helper = self.reorg_helper(u, &used);
                let drm = helper.map_or(0, |h| -(self.command_points(h) as i32));
                if let Some(h) = helper {
                    used.push(h);
                }
                self.er_check("Disruption removal (3.75b)", u, drm).0
            };
            if recovered {
                self.st.units[u].disrupted = false;
                let unit = self.id(u);
                self.emit(Event::Recovered { unit });
            }
        }
    }

    /// The unspent, non-Disrupted HQ of the unit's formation in Command Range with the
    /// most Command Points, not used yet this phase (15.34a).
    fn reorg_helper(&self, u: usize, used: &[usize]) -> Option<usize> {
        let grid = self.rules.board.grid;
        let at = self.hex_of(u)?;
        let f = self.rules.units[u].formation?;
        (0..self.rules.units.len())
            .filter(|&h| {
                self.rules.units[h].is_hq()
                    && self.rules.units[h].formation == Some(f)
                    && !used.contains(&h)
                    && self.command_points(h) > 0
                    && self
                        .hex_of(h)
                        .is_some_and(|x| grid.distance(x, at) <= self.rules.units[h].command_range)
            })
            .max_by_key(|&h| (self.command_points(h), std::cmp::Reverse(h)))
    }

    /// C.3-C.4: a sudden victory ends the game; after the last turn the levels decide.
    fn victory_determination(&mut self) {
        let vp = self.victory_points();
        self.emit(Event::VictoryPoints { vp });
        let last = self.st.turn >= self.rules.turns;
        if let Some(o) = self.judge(!last) {
            let (winner, level) = (o.winner, o.level.clone());
            self.st.result = Some(o);
            self.st.phase = Phase::Over;
            self.emit(Event::GameEnded { winner, level });
            return;
        }
        let next = self.st.turn + 1;
        self.start_turn(next);
    }
}
