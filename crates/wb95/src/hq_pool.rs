//! Eliminations and what they bring: victory points for the scorer and the
//! HQ-loss CM pool (R9.1.6-9.1.7, A-43).

use super::board::Hx;
use super::event::{EliminationCause, Event, VpReason};
use super::game::Game;
use super::phase::{Clock, PhaseKind};
use super::prepared::Award;
use super::roster::Unit;
use super::side::Side;

/// CMs an eliminated HQ gives its opponent (R9.1.6).
pub const HQ_POOL_CMS: u8 = 5;
/// How far from the elimination hex the pool may be used (R9.1.7).
pub const HQ_POOL_RANGE: u32 = 8;

/// The ticks of the next two Combat phases after `tick` (R9.1.6, WE-9.1.6).
pub fn next_two_combat_phases(tick: u32) -> (u32, u32) {
    let mut found =
        (tick + 1..tick + 25).filter(|&t| Clock::from_tick(t).phase.kind() == PhaseKind::Combat);
    let first = found.next().unwrap_or(tick + 1);
    let second = found.next().unwrap_or(first);
    (first, second)
}

impl Game {
    /// Removes a unit from play, scoring it and opening an HQ-loss pool if it was an HQ.
    pub(crate) fn eliminate(&mut self, u: Unit, cause: EliminationCause) {
        let hex = self.state.unit(u).hex();
        self.emit(Event::Eliminated {
            unit: self.unit_id(u).clone(),
            hex: hex.map(|h| self.hex_id(h)),
            cause,
        });
        let side = self.info(u).side;
        if let Some(v) = &self.state.prepared.victory
            && v.scorer != side
            && cause != EliminationCause::Merged
        {
            let vp: i32 = v
                .awards
                .iter()
                .filter(|(_, a)| matches!(a, Award::EnemyUnitEliminated))
                .map(|(vp, _)| *vp)
                .sum();
            if vp != 0 {
                self.emit(Event::VpScored {
                    vp,
                    reason: VpReason::EnemyUnitEliminated {
                        unit: self.unit_id(u).clone(),
                    },
                });
            }
        }
        if let (true, Some(h)) = (self.info(u).is_hq(), hex) {
            let (first_tick, last_tick) = next_two_combat_phases(self.state.tick());
            self.emit(Event::HqPoolGained {
                owner: self.side_id(side.other()).clone(),
                hex: self.hex_id(h),
                cms: HQ_POOL_CMS,
                first_tick,
                last_tick,
            });
        }
    }

    /// CMs of `side`'s HQ-loss pools usable now for a combat on `hexes` (R9.1.6-9.1.7).
    pub fn pool_available(&self, side: Side, hexes: &[Hx]) -> u8 {
        let now = self.state.tick();
        let b = self.board();
        let total: u32 = self
            .state
            .pools
            .iter()
            .filter(|p| p.owner == side && p.first_tick <= now && now <= p.last_tick)
            .filter(|p| hexes.iter().any(|&h| b.distance(h, p.hex) <= HQ_POOL_RANGE))
            .map(|p| u32::from(p.cms))
            .sum();
        total.min(255) as u8
    }

    /// Pools whose second Combat phase has ended expire (R9.1.6).
    pub(crate) fn expire_pools(&mut self) {
        let now = self.state.tick();
        for side in Side::BOTH {
            if self
                .state
                .pools
                .iter()
                .any(|p| p.owner == side && p.last_tick <= now)
            {
                self.emit(Event::HqPoolExpired {
                    owner: self.side_id(side).clone(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phase::Phase;

    #[test]
    fn we_9_1_6_pool_is_usable_in_the_next_two_combat_phases() {
        // Eliminated in phase 4 of turn 5: usable in phase 10 of turn 5 and phase 4 of turn 6.
        let t = Clock {
            turn: 5,
            phase: Phase::CombatA,
        }
        .tick();
        let (a, b) = next_two_combat_phases(t);
        assert_eq!(
            Clock::from_tick(a),
            Clock {
                turn: 5,
                phase: Phase::CombatB
            }
        );
        assert_eq!(
            Clock::from_tick(b),
            Clock {
                turn: 6,
                phase: Phase::CombatA
            }
        );
    }
}
