//! What the game waits for: a decision of one side, or nothing because it is over.

use serde::{Deserialize, Serialize};

use super::event::{CombatStep, GameResult};
use super::phase::Phase;
use crate::hex::HexId;
use crate::model::{SideId, UnitId};

/// A choice the rules give a player. Free-form phases (movement, attacks) are answered
/// with any number of actions and then `EndPhase`; the others with one action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Movement or Strategic Movement phase: `Move`, `Enter`, `ChangeSetup`,
    /// `MarkStrategic`, `ShiftZone`, `LeaveMap`, then `EndPhase`.
    Move { phase: Phase },
    /// Combat phase: `Attack`s, then `EndPhase` once the obligations are met (R5.1.7).
    Attack { phase: Phase },
    /// The defender's voluntary CMs for combat `combat`: `Defend`.
    Defend {
        combat: u32,
        hexes: Vec<HexId>,
        star_units: Vec<UnitId>,
        fortification_units: Vec<UnitId>,
        hq_pool_cms: u8,
    },
    /// Choose who loses `cel` CELs (R5.1.8): `TakeLosses`. Each group of
    /// `must_include` must give at least one CEL (R15.1.7, R15.4.3).
    Losses {
        combat: u32,
        step: CombatStep,
        cel: u8,
        units: Vec<(UnitId, u8)>,
        must_include: Vec<Vec<UnitId>>,
    },
    /// Retreat `hexes` hexes or sustain the losses (R5.3): `Retreat`.
    Retreat {
        combat: u32,
        hexes: u8,
        units: Vec<UnitId>,
        immobile: Vec<UnitId>,
        fp_reduction: u8,
    },
    /// Pursue along one of these retreat paths (origin first): `Pursue`.
    Pursue {
        combat: u32,
        paths: Vec<(UnitId, Vec<HexId>)>,
        pursuers: Vec<UnitId>,
    },
    /// Advance into a hex emptied by elimination: `Advance`.
    Advance {
        combat: u32,
        hexes: Vec<HexId>,
        units: Vec<UnitId>,
    },
    /// Make up `cel` CELs of a withdrawn formation with these units: `Withdraw`.
    Withdraw {
        formation: String,
        cel: u8,
        units: Vec<(UnitId, u8)>,
    },
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    GameOver(GameResult),
    Decide { side: SideId, decision: Decision },
}
