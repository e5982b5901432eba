//! Events: every change of a game's state, in order. `GameState::apply` is the only
//! code that changes a state, and it reads nothing but the event and the scenario, so
//! a list of events replays a game without dice or rules.

use serde::{Deserialize, Serialize};

use super::crt::{Column, CrtCell};
use super::phase::Phase;
use crate::hex::HexId;
use crate::model::{ArtillerySetup, Date, Mp, SideId, UnitId};

/// How a unit came to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Motion {
    /// Movement phase (R3).
    Move,
    /// Strategic Movement phase (R12).
    Strategic,
    /// Entering the map (R11.1).
    Entry,
    /// Combat result (R5.3).
    Retreat,
    /// After an enemy retreat (R5.4.1-5.4.9).
    Pursuit,
    /// After an elimination (R5.4.10).
    Advance,
}

/// Why CELs were lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum LossCause {
    /// The CRT result (R5.2.1f).
    Combat,
    /// Hexes not retreated (R5.3.7-5.3.8).
    SustainedRetreat,
    /// Retreating through an enemy ZoC held by friends (R5.3.4).
    RetreatThroughZoc,
    /// Withdrawn "or equivalent".
    Withdrawal,
}

/// Why a unit left the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EliminationCause {
    /// Lost its last CEL.
    Losses,
    /// Towed artillery or an HQ alone, entered by an enemy regular unit (R6.1.7, R9.1.5,
    /// R5.4.7).
    Overrun,
}

/// The steps of applying a CRT result, in the order of reference §2.5.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum CombatStep {
    AttackerLosses,
    DefenderLosses,
    Retreat,
    PursuitOrAdvance,
    Disorganization,
}

/// Why a disorganization test was rolled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum TestReason {
    /// The attacker's `•` (R5.6.1b).
    AttackerMark,
    /// The k-th retreat test (R5.3.9), taken by units that retreated more than k hexes.
    Retreat(u8),
}

/// Why victory points were scored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum VpReason {
    /// Crossing a named river, once (award index, river).
    CrossRiver {
        award: usize,
        river: String,
    },
    EnemyUnitEliminated {
        unit: UnitId,
    },
    /// An optional reinforcement group called in (group index).
    ReserveEntered {
        group: usize,
        name: String,
    },
    ControlPlace {
        place: String,
    },
    OtherTownHexes {
        hexes: u32,
    },
}

/// The end of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// The scorer's victory points.
    pub vp: i32,
    pub scorer: Option<SideId>,
    pub level: Option<String>,
    pub winner: Option<SideId>,
    /// Ended by an automatic victory.
    pub automatic: bool,
    /// The last turn played.
    pub turn: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
        date: Date,
    },
    PhaseBegan {
        phase: Phase,
    },
    /// A reinforcement group is available off the map at its zones (R11.1).
    Arrived {
        group: usize,
        name: String,
        units: Vec<UnitId>,
        zones: Vec<String>,
    },
    /// A withdrawal lacks CELs; its side must choose equivalent losses.
    WithdrawalShort {
        withdrawal: usize,
        formation: String,
        cel: u8,
    },
    WithdrawalDone {
        withdrawal: usize,
    },
    Withdrawn {
        unit: UnitId,
    },
    /// The attack obligations of this Combat phase (R5.1.3-5.1.4).
    ObligationsFixed {
        obliged: Vec<UnitId>,
        must_attack: Vec<UnitId>,
    },
    Moved {
        unit: UnitId,
        /// `None` when entering from off the map.
        from: Option<HexId>,
        /// Hexes entered, in order.
        path: Vec<HexId>,
        cost: Mp,
        how: Motion,
    },
    /// One more stack came on through this hex this phase (R11.1.5).
    EntryStack {
        hex: HexId,
    },
    SetupChanged {
        unit: UnitId,
        setup: ArtillerySetup,
    },
    StrategicMarked {
        unit: UnitId,
    },
    StrategicCleared {
        unit: UnitId,
    },
    /// Waits off the map to enter through another zone on a later turn (R11.2.2).
    ZoneShifted {
        unit: UnitId,
        zone: String,
        ready_turn: u32,
    },
    LeftMap {
        unit: UnitId,
        zone: String,
    },
    CelLost {
        unit: UnitId,
        cel: u8,
        cause: LossCause,
    },
    Eliminated {
        unit: UnitId,
        hex: Option<HexId>,
        cause: EliminationCause,
    },
    FfRemoved {
        hex: HexId,
    },
    CombatDeclared {
        id: u32,
        attackers: Vec<UnitId>,
        hexes: Vec<HexId>,
        defenders: Vec<UnitId>,
        stars: Vec<UnitId>,
        hq_pool_cms: u8,
    },
    DefenseDeclared {
        stars: Vec<UnitId>,
        fortification_units: Vec<UnitId>,
        hq_pool_cms: u8,
    },
    CombatResolved {
        column: Column,
        roll: u8,
        modified: u8,
        cell: CrtCell,
        /// Units whose stars gave CMs, attacker then defender (R15.1.7).
        star_units: [Vec<UnitId>; 2],
        /// FUs whose ability gave CMs (R15.4.3).
        fortification_units: Vec<UnitId>,
        /// Sustained-retreat reduction of the defender in a Fixed Position (R7.2.6).
        fp_reduction: u8,
    },
    CombatStepDone {
        step: CombatStep,
    },
    DisorganizationTest {
        side: SideId,
        roll: u8,
        reason: TestReason,
    },
    Disorganized {
        unit: UnitId,
    },
    Reorganized {
        unit: UnitId,
    },
    CombatEnded {
        id: u32,
    },
    /// The HQ-loss CM pool (R9.1.6), usable from `first_tick` to `last_tick`.
    HqPoolGained {
        owner: SideId,
        hex: HexId,
        cms: u8,
        first_tick: u32,
        last_tick: u32,
    },
    /// CMs spent from the pools usable for a combat on `hexes` (R9.1.7).
    HqPoolSpent {
        owner: SideId,
        cms: u8,
        hexes: Vec<HexId>,
    },
    HqPoolExpired {
        owner: SideId,
    },
    ControlChanged {
        side: SideId,
        hexes: Vec<HexId>,
    },
    VpScored {
        vp: i32,
        reason: VpReason,
    },
    /// An automatic-victory condition met at the end of its side's Supply phase, to be
    /// held through the enemy's next one.
    AutoVictoryArmed {
        condition: usize,
    },
    AutoVictoryDisarmed {
        condition: usize,
    },
    GameEnded {
        result: GameResult,
    },
}

fn ids<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::TurnBegan { turn, date } => write!(f, "turn {turn} begins ({date})"),
            Event::PhaseBegan { phase } => write!(f, "phase {phase}"),
            Event::Arrived {
                name, units, zones, ..
            } => {
                write!(
                    f,
                    "{name} arrive off the map at {}: {}",
                    ids(zones),
                    ids(units)
                )
            }
            Event::WithdrawalShort { formation, cel, .. } => {
                write!(
                    f,
                    "{formation} is withdrawn {cel} CEL short: equivalents must go"
                )
            }
            Event::WithdrawalDone { .. } => write!(f, "withdrawal complete"),
            Event::Withdrawn { unit } => write!(f, "{unit} is withdrawn"),
            Event::ObligationsFixed {
                obliged,
                must_attack,
            } => write!(
                f,
                "must attack: {}; must be attacked: {}",
                ids(obliged),
                ids(must_attack)
            ),
            Event::Moved {
                unit,
                from,
                path,
                cost,
                how,
            } => {
                let from = from.map_or("off the map".to_string(), |h| h.to_string());
                write!(
                    f,
                    "{unit} {} {from} -> {}",
                    format!("{how:?}").to_lowercase(),
                    ids(path)
                )?;
                if *cost > Mp::ZERO {
                    write!(f, " ({cost} MP)")?;
                }
                Ok(())
            }
            Event::EntryStack { hex } => write!(f, "a stack enters through {hex}"),
            Event::SetupChanged { unit, setup } => write!(f, "{unit} changes to {setup:?} setup"),
            Event::StrategicMarked { unit } => write!(f, "{unit} is marked for strategic movement"),
            Event::StrategicCleared { unit } => {
                write!(f, "{unit} loses its strategic movement marker")
            }
            Event::ZoneShifted {
                unit,
                zone,
                ready_turn,
            } => {
                write!(
                    f,
                    "{unit} shifts to entry zone {zone}, entering from turn {ready_turn}"
                )
            }
            Event::LeftMap { unit, zone } => write!(f, "{unit} leaves the map through zone {zone}"),
            Event::CelLost { unit, cel, cause } => write!(f, "{unit} loses {cel} CEL ({cause:?})"),
            Event::Eliminated { unit, hex, cause } => {
                let at = hex.map_or(String::new(), |h| format!(" on {h}"));
                write!(f, "{unit} is eliminated{at} ({cause:?})")
            }
            Event::FfRemoved { hex } => write!(f, "the field fortification on {hex} is removed"),
            Event::CombatDeclared {
                id,
                attackers,
                hexes,
                defenders,
                ..
            } => write!(
                f,
                "combat {id}: {} attack {} ({})",
                ids(attackers),
                ids(hexes),
                ids(defenders)
            ),
            Event::DefenseDeclared { .. } => write!(f, "the defender declares"),
            Event::CombatResolved {
                column,
                roll,
                modified,
                cell,
                ..
            } => {
                write!(f, "{column}, roll {roll}")?;
                if roll != modified {
                    write!(f, " (modified {modified})")?;
                }
                write!(f, ": {cell}")
            }
            Event::CombatStepDone { step } => write!(f, "{step:?} done"),
            Event::DisorganizationTest { side, roll, reason } => {
                write!(f, "{side} disorganization test ({reason:?}): {roll}")
            }
            Event::Disorganized { unit } => write!(f, "{unit} is disorganized"),
            Event::Reorganized { unit } => write!(f, "{unit} reorganizes"),
            Event::CombatEnded { id } => write!(f, "combat {id} ends"),
            Event::HqPoolGained {
                owner, hex, cms, ..
            } => {
                write!(f, "{owner} gains {cms} CMs for the HQ eliminated on {hex}")
            }
            Event::HqPoolSpent { owner, cms, .. } => write!(f, "{owner} spends {cms} HQ-loss CMs"),
            Event::HqPoolExpired { owner } => write!(f, "{owner}'s HQ-loss CMs expire"),
            Event::ControlChanged { side, hexes } => {
                write!(f, "{side} takes control of {}", ids(hexes))
            }
            Event::VpScored { vp, reason } => write!(f, "{vp:+} VP: {reason}"),
            Event::AutoVictoryArmed { condition } => {
                write!(
                    f,
                    "automatic victory condition {condition} met; it must hold"
                )
            }
            Event::AutoVictoryDisarmed { condition } => {
                write!(f, "automatic victory condition {condition} no longer met")
            }
            Event::GameEnded { result } => write!(f, "game over: {result}"),
        }
    }
}

impl std::fmt::Display for VpReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VpReason::CrossRiver { river, .. } => write!(f, "crossing the {river}"),
            VpReason::EnemyUnitEliminated { unit } => write!(f, "{unit} eliminated"),
            VpReason::ReserveEntered { name, .. } => write!(f, "{name} called in"),
            VpReason::ControlPlace { place } => write!(f, "holding {place}"),
            VpReason::OtherTownHexes { hexes } => write!(f, "{hexes} other town hex(es) taken"),
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.level.as_deref().unwrap_or("no victory level"))?;
        if let Some(w) = &self.winner {
            write!(f, ", won by {w}")?;
        }
        if let Some(s) = &self.scorer {
            write!(f, "; {s} scored {} VP", self.vp)?;
        }
        write!(f, "; after turn {}", self.turn)
    }
}
