//! The strongest players look at the enemy's counterattack against where their plan
//! leaves them. The threat of the phase's analysis is the enemy's reach against the
//! position as it stands; a plan moves units, which opens gaps and closes others (a
//! unit's ZoC stops the enemy's moves), so the threat is computed again on a copy of the
//! game with the plan's moves made, and the units not committed to an attack are placed
//! again against it.

use super::{Planner, Step};
use crate::{Action, Unit};

impl Planner<'_> {
    /// Places the units that do not attack again, against the enemy's threat to the
    /// positions the plan ends in.
    pub(super) fn recheck(&mut self) {
        let g = self.game;
        let mut after = g.clone();
        for step in &self.steps {
            let Step::Move { unit, path } = step else {
                continue;
            };
            let a = Action::Move {
                units: vec![g.unit_id(*unit).clone()],
                path: path.iter().map(|&h| g.hex_id(h)).collect(),
            };
            // A move the engine refuses (a path through a hex another planned move
            // fills first) leaves that unit where it stands in the copy.
            let _ = after.apply(a);
        }
        // The attacks a unit would owe (`obligations`) stay as weighed: they do not
        // depend on the threat.
        self.rechecked = Some(self.an.with_threat_of(&after));
        let attacking: Vec<Unit> = self
            .attacks
            .iter()
            .flat_map(|(_, us)| us.iter().copied())
            .collect();
        let mut units: Vec<Unit> = g
            .units_on_map(self.side)
            .filter(|&u| g.info(u).is_regular() && !attacking.contains(&u))
            .collect();
        units.sort_by_key(|&u| {
            (
                self.hex_of(u).map_or(u16::MAX, |h| self.an.enemy_dist[h]),
                u,
            )
        });
        self.place_again(&units);
    }
}
