//! Who takes the step losses (12.12.3, 12.12.4, J-14: after the first, the engine takes
//! each further loss from the strongest unit left, by unmodified strength).

use super::super::game::Game;
use super::super::state::Loc;
use super::Battle;

impl Game {
    fn alive(&self, u: usize) -> bool {
        self.st.units[u].loc != Loc::Eliminated
    }

    /// The attacker's next loss: the declared Assault Engineer first, then the
    /// infantry type of highest unmodified strength, then the strongest (12.12.3).
    pub(crate) fn attacker_loss(&self, b: &Battle, first: bool) -> Option<usize> {
        let live: Vec<usize> = b
            .attackers
            .iter()
            .copied()
            .filter(|&u| self.alive(u))
            .collect();
        if first {
            if let Some(e) = b.engineer.filter(|&e| self.alive(e)) {
                return Some(e);
            }
            let inf = live
                .iter()
                .copied()
                .filter(|&u| self.rules.units[u].kind.is_infantry_type())
                .max_by_key(|&u| (self.strength(u), std::cmp::Reverse(u)));
            if inf.is_some() {
                return inf;
            }
        }
        live.into_iter()
            .max_by_key(|&u| (self.strength(u), std::cmp::Reverse(u)))
    }

    /// The defender's next loss: the highest unmodified strength; supporting artillery
    /// and non-attack-capable units only when nothing else is left (12.12.4).
    pub(crate) fn defender_loss(&self, b: &Battle) -> Option<usize> {
        let live: Vec<usize> = b
            .defenders
            .iter()
            .copied()
            .filter(|&u| self.alive(u))
            .collect();
        let last =
            |u: usize| b.defender_artillery.contains(&u) || !self.rules.units[u].attack_capable();
        let best = |v: Vec<usize>| {
            v.into_iter()
                .max_by_key(|&u| (self.strength(u), std::cmp::Reverse(u)))
        };
        best(live.iter().copied().filter(|&u| !last(u)).collect()).or_else(|| best(live))
    }

    /// The largest infantry-type defender, for No Retreat's extra loss (12.14.2).
    pub(crate) fn largest_infantry(&self, units: &[usize]) -> Option<usize> {
        units
            .iter()
            .copied()
            .filter(|&u| self.alive(u) && self.rules.units[u].kind.is_infantry_type())
            .max_by_key(|&u| (self.strength(u), std::cmp::Reverse(u)))
    }
}
