//! The twelve phases of a turn (R2.2, §7) and the game clock.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::side::Side;

/// What happens in a phase, whoever owns it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PhaseKind {
    Air,
    Barrage,
    Movement,
    Combat,
    Strategic,
    Supply,
}

/// One of the twelve phases, in turn order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    AirFirst,
    BarrageA,
    MovementA,
    CombatA,
    StrategicA,
    SupplyA,
    AirSecond,
    BarrageB,
    MovementB,
    CombatB,
    StrategicB,
    SupplyB,
}

impl Phase {
    pub const ALL: [Phase; 12] = [
        Phase::AirFirst,
        Phase::BarrageA,
        Phase::MovementA,
        Phase::CombatA,
        Phase::StrategicA,
        Phase::SupplyA,
        Phase::AirSecond,
        Phase::BarrageB,
        Phase::MovementB,
        Phase::CombatB,
        Phase::StrategicB,
        Phase::SupplyB,
    ];

    /// 0-based position in the turn.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The printed phase number, 1..=12.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    pub fn kind(self) -> PhaseKind {
        match self.index() % 6 {
            0 => PhaseKind::Air,
            1 => PhaseKind::Barrage,
            2 => PhaseKind::Movement,
            3 => PhaseKind::Combat,
            4 => PhaseKind::Strategic,
            _ => PhaseKind::Supply,
        }
    }

    /// The phasing player; the Air phases belong to both (R2.2).
    pub fn owner(self) -> Option<Side> {
        match (self.kind(), self.index() < 6) {
            (PhaseKind::Air, _) => None,
            (_, true) => Some(Side::A),
            (_, false) => Some(Side::B),
        }
    }

    /// The next phase of the same turn, `None` after phase 12.
    pub fn next(self) -> Option<Phase> {
        Phase::ALL.get(self.index() + 1).copied()
    }

    /// The phase of `kind` owned by `side`.
    pub fn of(kind: PhaseKind, side: Side) -> Phase {
        let base = if side == Side::A { 0 } else { 6 };
        let offset = match kind {
            PhaseKind::Air => 0,
            PhaseKind::Barrage => 1,
            PhaseKind::Movement => 2,
            PhaseKind::Combat => 3,
            PhaseKind::Strategic => 4,
            PhaseKind::Supply => 5,
        };
        Phase::ALL[base + offset]
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.kind() {
            PhaseKind::Air => "Air",
            PhaseKind::Barrage => "Barrage",
            PhaseKind::Movement => "Movement",
            PhaseKind::Combat => "Combat",
            PhaseKind::Strategic => "Strategic Movement",
            PhaseKind::Supply => "Supply",
        };
        write!(f, "{} ({name})", self.number())
    }
}

/// A moment of the game: turn and phase. `tick` numbers phases across turns, so
/// "12 consecutive phases" (R5.6.5) is a subtraction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clock {
    /// 1-based turn; turn t is the date start + t - 1 (R2.1.6).
    pub turn: u32,
    pub phase: Phase,
}

impl Clock {
    pub fn tick(self) -> u32 {
        (self.turn.saturating_sub(1)) * 12 + self.phase.index() as u32
    }

    pub fn from_tick(tick: u32) -> Clock {
        Clock {
            turn: tick / 12 + 1,
            phase: Phase::ALL[(tick % 12) as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_2_twelve_phases_in_order_with_their_owners() {
        assert_eq!(Phase::ALL.len(), 12);
        assert_eq!(Phase::MovementA.number(), 3);
        assert_eq!(Phase::CombatB.number(), 10);
        assert_eq!(Phase::AirFirst.owner(), None);
        assert_eq!(Phase::SupplyA.owner(), Some(Side::A));
        assert_eq!(Phase::StrategicB.owner(), Some(Side::B));
        assert_eq!(Phase::of(PhaseKind::Combat, Side::B), Phase::CombatB);
        assert_eq!(Phase::SupplyB.next(), None);
        let c = Clock {
            turn: 3,
            phase: Phase::CombatA,
        };
        assert_eq!(Clock::from_tick(c.tick()), c);
    }
}
