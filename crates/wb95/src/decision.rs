//! What the game waits for: a decision of one side, or nothing because it is over.

use serde::{Deserialize, Serialize};

use super::event::{CombatStep, GameResult, LossCause};
use super::phase::Phase;
use sztab_core::hex::HexId;
use sztab_core::model::{AirId, SideId, UnitId};

/// A choice the rules give a player. Free-form phases (movement, attacks) are answered
/// with any number of actions and then `EndPhase`; the others with one action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The set-up phase before turn 1: set up each of `waiting` inside its set-up area
    /// (`Deploy`, a stack at a time; again to move one of `deployed`), then `EndPhase`.
    SetUp {
        waiting: Vec<UnitId>,
        deployed: Vec<UnitId>,
    },
    /// Movement or Strategic Movement phase: `Move`, `Enter`, `ChangeSetup`,
    /// `MarkStrategic`, `ShiftZone`, `LeaveMap`, `FullMp`, `Fortify`, `DemolishBridge`,
    /// `RebuildBridge`, `BuildBridge`, `Mask`, then `EndPhase`.
    Move { phase: Phase },
    /// Combat phase: `Attack`s (with support, air and full-strength choices),
    /// `RangedAttack`s and `FireAtBridge`, then `EndPhase` once the obligations are met
    /// (R5.1.7).
    Attack { phase: Phase },
    /// The defender's voluntary CMs and support for combat `combat`: `Defend`.
    Defend {
        combat: u32,
        hexes: Vec<HexId>,
        star_units: Vec<UnitId>,
        fortification_units: Vec<UnitId>,
        hq_pool_cms: u8,
        /// Artillery that may fire in defensive support (R6.3.3).
        #[serde(default)]
        artillery: Vec<UnitId>,
        /// Counters of defensive support missions on the defending hexes (R8.2.4).
        #[serde(default)]
        air: Vec<AirId>,
    },
    /// Barrage phase: `Barrage`s while ammunition lasts, then `EndPhase` (R6.5).
    Barrage { phase: Phase, ammo: u32 },
    /// Choose `choose` counters of an allotment for the scenario (or the turn):
    /// `ChooseAir`.
    ChooseAir {
        allotment: usize,
        counters: Vec<AirId>,
        choose: u8,
    },
    /// Place air missions face down (R8.1.7): `AirMissions`. The other side's
    /// placement is never shown here; both are revealed together.
    AirMissions {
        phase: Phase,
        /// Counters free to fly, with their SP.
        counters: Vec<(AirId, u8)>,
        /// Counters allowed per mission hex (R21.1.2).
        per_hex: Option<u8>,
    },
    /// Lose `cel` CELs from these units (mines, fire, Panther...): `TakeLosses`.
    LoseCel {
        cause: LossCause,
        cel: u8,
        units: Vec<(UnitId, u8)>,
    },
    /// Put up to `markers` repair markers on these units (R17.1.2): `Repair`.
    Repair { markers: u8, units: Vec<UnitId> },
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
