//! Events: every change of a game's state, in order. `GameState::apply` is the only
//! code that changes a state, and it reads nothing but the event and the scenario, so
//! a list of events replays a game without dice or rules.

use serde::{Deserialize, Serialize};

use super::action::AirMission;
use super::crt::{Column, CrtCell};
use super::phase::Phase;
use super::tables::{FireResult, FireTable};
use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::{AirId, ArtillerySetup, Date, Mp, SideId, UnitId};

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
    /// Artillery fire: a ranged attack or a barrage (R6.4, R6.5).
    Fire,
    /// An air attack (R8.2.6).
    AirAttack,
    /// Crossing a big river under a river-crossing air attack (R8.2.19).
    RiverCrossing,
    /// Mines in the Fortified Lines (R18).
    Mines,
    /// A Panther breakdown (R22).
    Panther,
    /// The scenario's CEL drain at the start of a Movement phase (Prochorowka 15, A-58).
    Drain,
}

/// Why a unit left the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EliminationCause {
    /// Lost its last CEL.
    Losses,
    /// Towed artillery or an HQ alone, entered by an enemy regular unit (R6.1.7, R9.1.5,
    /// R5.4.7).
    Overrun,
    /// Out of supply, it failed its surrender test (R10.2.6).
    Surrender,
    /// A Volkssturm unit that gave its last CEL to the infantry beside it (R15.3.3).
    Merged,
}

/// Why a unit's out-of-supply level changed (R10.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum OosReason {
    /// No line of supply in its Supply phase: level 1, or +1 if already out (R10.2.1,
    /// growth, A-49).
    CutOff,
    /// Traced again: -4 (R10.2.7).
    Resupplied,
    /// Moves with full MPs (R10.2.3).
    FullMp,
    /// Attacks with full SPs (R10.2.3).
    FullStrength,
    /// Attacked with a defender-retreat result (R10.2.4).
    Attacked,
    /// Its attack brought no defender retreat (R10.2.4).
    AttackFailed,
    /// An air supply mission (R8.2.25).
    AirSupply,
}

/// What a unit spent MPs on besides moving.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum MpUse {
    /// Building a field fortification: all its MPs (R7.1.4).
    BuildFf,
    /// Demolishing a bridge: 1 MP, 3 over a big river (R14.2.1, R14.3.1).
    DemolishBridge,
    /// Rebuilding a bridge: 3 MP (R14.2.2).
    RebuildBridge,
    /// An HQ building a big-river bridge: all its MPs (R14.3.2).
    BuildBridge,
}

/// Why a bridge went down or came up (R14).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum BridgeCause {
    /// Blown by a unit at one end (R14.2.1, R14.3.1).
    Demolished,
    /// Hit on the ATTACK ON OBJECTS table by artillery (R6.4.7).
    Artillery,
    /// Hit on the ATTACK ON OBJECTS table by air (R8.2.8).
    Air,
    /// Rebuilt by a unit in HQ range (R14.2.2).
    Rebuilt,
    /// Built by an HQ over a big river (R14.3.2).
    Built,
}

/// What fires in a strike (a fire resolved on one of the small tables, §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum StrikeKind {
    /// Artillery firing at range in its Combat phase (R6.4).
    Ranged,
    /// Barrage in a Barrage phase, artillery SP doubled (R6.5).
    Barrage,
    /// An air attack mission (R8.2.6).
    Air,
    /// Artillery firing at a bridge (R6.4.7).
    ArtilleryOnBridge,
    /// An air mission against a bridge (R8.2.8).
    AirOnBridge,
}

/// The steps of applying a CRT result, in the order of §2.5.
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
    /// A `•` of an artillery or air table (R6.4, R8.2.6).
    Fire,
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
    /// A unit without a fixed hex is set up on a hex of its set-up area, or moved to
    /// another while its side's set-up lasts.
    Deployed {
        unit: UnitId,
        hex: HexId,
    },
    /// A side has set up all its units.
    SetUpDone {
        side: SideId,
    },
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
        /// Artillery firing in support (R6.3).
        #[serde(default)]
        support: Vec<UnitId>,
        /// Air counters of offensive support missions used (R8.2.2).
        #[serde(default)]
        air: Vec<AirId>,
        /// Out-of-supply attackers using their full SPs (R10.2.3).
        #[serde(default)]
        full_strength: Vec<UnitId>,
    },
    DefenseDeclared {
        stars: Vec<UnitId>,
        fortification_units: Vec<UnitId>,
        hq_pool_cms: u8,
        /// Artillery firing in defensive support (R6.3, R6.6.1).
        #[serde(default)]
        support: Vec<UnitId>,
        /// Air counters of defensive support missions used (R8.2.4).
        #[serde(default)]
        air: Vec<AirId>,
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
    /// A side traced supply in its Supply phase; these units found no line (R10.1).
    SupplyTraced {
        side: SideId,
        cut_off: Vec<UnitId>,
    },
    /// A unit's out-of-supply level is now `level` (0: in supply) (R10.2).
    OosChanged {
        unit: UnitId,
        level: u8,
        reason: OosReason,
    },
    /// R10.2.6: `level - roll > 0` surrenders.
    SurrenderTest {
        unit: UnitId,
        level: u8,
        roll: u8,
        surrendered: bool,
    },
    /// MPs spent on something other than moving.
    MpSpent {
        unit: UnitId,
        mp: Mp,
        reason: MpUse,
    },
    /// A field fortification is built (R7.1.2).
    FfBuilt {
        hex: HexId,
        side: SideId,
    },
    BridgeChanged {
        bridge: Hexside,
        standing: bool,
        cause: BridgeCause,
    },
    /// Who controls a bridge (R14.1.3).
    BridgeControl {
        bridge: Hexside,
        side: Option<SideId>,
    },
    /// HQs on a big-river bank at the end of their Supply phase may build a bridge in
    /// their next Movement phase (R14.3.2).
    BridgeBuildEligible {
        side: SideId,
        hqs: Vec<UnitId>,
    },
    BridgeBuildDeclared {
        hq: UnitId,
        bridge: Hexside,
    },
    /// A bridge building ends, built or failed (R14.3.2).
    BridgeBuildEnded {
        hq: UnitId,
        bridge: Hexside,
        built: bool,
    },
    /// Fire on one of the small tables (R6.4, R6.5, R8.2.6, R8.2.8).
    StrikeDeclared {
        id: u32,
        side: SideId,
        kind: StrikeKind,
        target: HexId,
        #[serde(default)]
        artillery: Vec<UnitId>,
        #[serde(default)]
        air: Vec<AirId>,
        /// The bridge fired at (R6.4.7, R8.2.8).
        #[serde(default)]
        bridge: Option<Hexside>,
        /// The units in the target hex.
        #[serde(default)]
        targets: Vec<UnitId>,
    },
    StrikeResolved {
        table: FireTable,
        /// SPs after the doubling and the terrain subtraction.
        sp: i32,
        /// Rows moved down by white-star air counters (R21.1.1).
        shift: u8,
        roll: u8,
        result: FireResult,
    },
    StrikeEnded {
        id: u32,
    },
    /// Ammunition units spent on a barrage (R6.5.7).
    AmmoSpent {
        side: SideId,
        au: u32,
    },
    /// CELs a side owes outside a combat, from these units, its choice (R18, R6.4 ...).
    LossesOwed {
        side: SideId,
        cel: u8,
        cause: LossCause,
        units: Vec<UnitId>,
    },
    LossesPaid,
    /// "Any N of these counters" chosen.
    AirChosen {
        side: SideId,
        allotment: usize,
        counters: Vec<AirId>,
    },
    /// A side's air missions are placed, face down (R8.1.7).
    AirOrdersSealed {
        side: SideId,
    },
    /// Both sides' missions revealed together (R8.1.7).
    AirMissionsRevealed {
        missions: Vec<(SideId, AirMission)>,
    },
    /// Air combat over a cluster of mission hexes (R8.1.8): SP + 1K6 per side, rerolled
    /// on ties; the loser's counters there leave for the turn.
    AirCombat {
        hexes: Vec<HexId>,
        sp: [u32; 2],
        rolls: Vec<[u8; 2]>,
        loser: SideId,
        lost: Vec<AirId>,
    },
    /// A supply mission (R8.2.22-8.2.25): 1K6 per counter, a 6 fails.
    AirSupplyDropped {
        hex: HexId,
        counters: Vec<AirId>,
        rolls: Vec<u8>,
    },
    /// Missions of this half-turn expire.
    AirMissionsExpired,
    /// A river-crossing attack on a unit crossing a big river (R8.2.19): 1K6 per attack,
    /// each 6 costs a CEL.
    RiverCrossingAttack {
        unit: UnitId,
        hex: HexId,
        rolls: Vec<u8>,
    },
    /// Mine losses rolled (R18): each die of 1-3 costs a CEL.
    MinesRolled {
        dice: Vec<u8>,
    },
    /// A Panther breakdown roll (R22): 1-3 costs a CEL.
    PantherRoll {
        unit: UnitId,
        roll: u8,
    },
    /// Reduced, supplied armor the German may mark for repair (R17.1.2).
    RepairOffered {
        units: Vec<UnitId>,
    },
    RepairPlaced {
        units: Vec<UnitId>,
    },
    /// The repair marker comes off: `repaired` when the unit regained a CEL (R17.1.2).
    RepairEnded {
        unit: UnitId,
        repaired: bool,
    },
    /// A masking marker put on or taken off a unit (R16.1.2).
    Masked {
        unit: UnitId,
        masked: bool,
    },
    /// A Volkssturm unit gives a CEL to infantry in its hex; neither moves this phase
    /// (R15.3.3-15.3.4).
    CelTransferred {
        from: UnitId,
        to: UnitId,
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
            Event::Deployed { .. } | Event::SetUpDone { .. } => self.fmt_setup(f),
            Event::TurnBegan { .. } | Event::PhaseBegan { .. } | Event::ObligationsFixed { .. } => {
                self.fmt_clock(f)
            }
            Event::Arrived { .. }
            | Event::EntryStack { .. }
            | Event::ZoneShifted { .. }
            | Event::LeftMap { .. }
            | Event::WithdrawalShort { .. }
            | Event::WithdrawalDone { .. }
            | Event::Withdrawn { .. } => self.fmt_arrival(f),
            Event::Moved { .. }
            | Event::SetupChanged { .. }
            | Event::StrategicMarked { .. }
            | Event::StrategicCleared { .. }
            | Event::MpSpent { .. }
            | Event::FfBuilt { .. }
            | Event::FfRemoved { .. }
            | Event::Masked { .. }
            | Event::CelTransferred { .. } => self.fmt_movement(f),
            Event::CelLost { .. }
            | Event::Eliminated { .. }
            | Event::DisorganizationTest { .. }
            | Event::Disorganized { .. }
            | Event::Reorganized { .. }
            | Event::LossesOwed { .. }
            | Event::LossesPaid => self.fmt_loss(f),
            Event::CombatDeclared { .. }
            | Event::DefenseDeclared { .. }
            | Event::CombatResolved { .. }
            | Event::CombatStepDone { .. }
            | Event::CombatEnded { .. }
            | Event::HqPoolGained { .. }
            | Event::HqPoolSpent { .. }
            | Event::HqPoolExpired { .. } => self.fmt_combat(f),
            Event::StrikeDeclared { .. }
            | Event::StrikeResolved { .. }
            | Event::StrikeEnded { .. }
            | Event::AmmoSpent { .. } => self.fmt_strike(f),
            Event::AirChosen { .. }
            | Event::AirOrdersSealed { .. }
            | Event::AirMissionsRevealed { .. }
            | Event::AirCombat { .. }
            | Event::AirSupplyDropped { .. }
            | Event::AirMissionsExpired
            | Event::RiverCrossingAttack { .. } => self.fmt_air(f),
            Event::SupplyTraced { .. }
            | Event::OosChanged { .. }
            | Event::SurrenderTest { .. }
            | Event::ControlChanged { .. }
            | Event::VpScored { .. }
            | Event::AutoVictoryArmed { .. }
            | Event::AutoVictoryDisarmed { .. }
            | Event::GameEnded { .. }
            | Event::MinesRolled { .. }
            | Event::PantherRoll { .. }
            | Event::RepairOffered { .. }
            | Event::RepairPlaced { .. }
            | Event::RepairEnded { .. } => self.fmt_supply_phase(f),
            Event::BridgeChanged { .. }
            | Event::BridgeControl { .. }
            | Event::BridgeBuildEligible { .. }
            | Event::BridgeBuildDeclared { .. }
            | Event::BridgeBuildEnded { .. } => self.fmt_bridge(f),
        }
    }
}

/// The sentences of each family of events; each function handles exactly the events
/// `fmt` sends it.
impl Event {
    /// The clock and the obligations.
    fn fmt_clock(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::TurnBegan { turn, date } => write!(f, "turn {turn} begins ({date})"),
            Event::PhaseBegan { phase } => write!(f, "phase {phase}"),
            Event::ObligationsFixed {
                obliged,
                must_attack,
            } if obliged.is_empty() && must_attack.is_empty() => write!(f, "no attack is owed"),
            Event::ObligationsFixed {
                obliged,
                must_attack,
            } => {
                let or_none = |v: &[UnitId]| {
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        ids(v)
                    }
                };
                write!(
                    f,
                    "must attack: {}; must be attacked: {}",
                    or_none(obliged),
                    or_none(must_attack)
                )
            }
            _ => Ok(()),
        }
    }

    /// Reinforcements and withdrawals.
    fn fmt_arrival(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
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
            Event::EntryStack { hex } => write!(f, "a stack enters through {hex}"),
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
            _ => Ok(()),
        }
    }

    /// Movement-phase orders.
    fn fmt_movement(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
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
            Event::SetupChanged { unit, setup } => write!(f, "{unit} changes to {setup:?} setup"),
            Event::StrategicMarked { unit } => write!(f, "{unit} is marked for strategic movement"),
            Event::StrategicCleared { unit } => {
                write!(f, "{unit} loses its strategic movement marker")
            }
            Event::FfRemoved { hex } => write!(f, "the field fortification on {hex} is removed"),
            Event::MpSpent { unit, mp, reason } => write!(f, "{unit} spends {mp} MP ({reason:?})"),
            Event::FfBuilt { hex, side } => {
                write!(f, "{side} builds a field fortification on {hex}")
            }
            Event::CelTransferred { from, to } => write!(f, "{from} gives a CEL to {to}"),
            Event::Masked { unit, masked } => write!(
                f,
                "{unit} is {}",
                if *masked { "masked" } else { "unmasked" }
            ),
            _ => Ok(()),
        }
    }

    /// Losses, disorganization and losses owed.
    fn fmt_loss(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::CelLost { unit, cel, cause } => write!(f, "{unit} loses {cel} CEL ({cause:?})"),
            Event::Eliminated { unit, hex, cause } => {
                let at = hex.map_or(String::new(), |h| format!(" on {h}"));
                write!(f, "{unit} is eliminated{at} ({cause:?})")
            }
            Event::DisorganizationTest { side, roll, reason } => {
                let why = match reason {
                    TestReason::AttackerMark => "the attacker's •".to_string(),
                    TestReason::Retreat(k) => format!("retreat test {k}, R5.3.9"),
                    TestReason::Fire => "a • of fire".to_string(),
                };
                write!(
                    f,
                    "{side} disorganization test ({why}): 2K6 = {roll}; a unit whose morale limit is {roll} or less is disorganized (R5.6.2)"
                )
            }
            Event::Disorganized { unit } => write!(f, "{unit} is disorganized"),
            Event::Reorganized { unit } => write!(f, "{unit} reorganizes"),
            Event::LossesOwed {
                side, cel, cause, ..
            } => write!(f, "{side} owes {cel} CEL ({cause:?})"),
            Event::LossesPaid => write!(f, "losses taken"),
            _ => Ok(()),
        }
    }

    /// A combat and the HQ-loss pools.
    fn fmt_combat(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::CombatDeclared {
                id,
                attackers,
                hexes,
                defenders,
                support,
                air,
                full_strength,
                ..
            } => {
                write!(
                    f,
                    "combat {id}: {} attack {} ({})",
                    ids(attackers),
                    ids(hexes),
                    ids(defenders)
                )?;
                if !support.is_empty() {
                    write!(f, " with artillery support from {}", ids(support))?;
                }
                if !air.is_empty() {
                    write!(f, " with air support from {}", ids(air))?;
                }
                if !full_strength.is_empty() {
                    write!(
                        f,
                        "; at full strength out of supply: {}",
                        ids(full_strength)
                    )?;
                }
                Ok(())
            }
            Event::DefenseDeclared { support, air, .. } => {
                write!(f, "the defender declares")?;
                if !support.is_empty() {
                    write!(f, " artillery support from {}", ids(support))?;
                }
                if !air.is_empty() {
                    write!(f, " air support from {}", ids(air))?;
                }
                Ok(())
            }
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
            Event::CombatEnded { id } => write!(f, "combat {id} ends"),
            Event::HqPoolGained {
                owner, hex, cms, ..
            } => {
                write!(f, "{owner} gains {cms} CMs for the HQ eliminated on {hex}")
            }
            Event::HqPoolSpent { owner, cms, .. } => write!(f, "{owner} spends {cms} HQ-loss CMs"),
            Event::HqPoolExpired { owner } => write!(f, "{owner}'s HQ-loss CMs expire"),
            _ => Ok(()),
        }
    }

    /// Fire on the small tables.
    fn fmt_strike(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::StrikeDeclared {
                id,
                side,
                kind,
                target,
                artillery,
                air,
                bridge,
                ..
            } => {
                write!(f, "{side} strike {id} ({kind:?}) on ")?;
                match bridge {
                    Some(b) => write!(f, "the bridge {b}")?,
                    None => write!(f, "{target}")?,
                }
                let mut by: Vec<String> = artillery.iter().map(|u| u.to_string()).collect();
                by.extend(air.iter().map(|a| a.to_string()));
                write!(f, " by {}", by.join(", "))
            }
            Event::StrikeResolved {
                table,
                sp,
                shift,
                roll,
                result,
            } => {
                write!(f, "{table:?} table, {sp} SP")?;
                if *shift > 0 {
                    write!(f, " (+{shift} row)")?;
                }
                write!(f, ", roll {roll}: {result}")
            }
            Event::StrikeEnded { id } => write!(f, "strike {id} ends"),
            Event::AmmoSpent { side, au } => write!(f, "{side} spends {au} ammunition unit(s)"),
            _ => Ok(()),
        }
    }

    /// The air war.
    fn fmt_air(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::AirChosen { side, counters, .. } => {
                write!(f, "{side} chooses air counters {}", ids(counters))
            }
            Event::AirOrdersSealed { side } => write!(f, "{side} places its air missions"),
            Event::AirMissionsRevealed { missions } => {
                let m: Vec<String> = missions
                    .iter()
                    .map(|(s, m)| format!("{s} {:?} {} on {}", m.kind, ids(&m.counters), m.hex))
                    .collect();
                if m.is_empty() {
                    write!(f, "no air missions")
                } else {
                    write!(f, "air missions: {}", m.join("; "))
                }
            }
            Event::AirCombat {
                hexes,
                sp,
                rolls,
                loser,
                lost,
            } => write!(
                f,
                "air combat over {}: {} + {:?} SP/rolls; {loser} loses {}",
                ids(hexes),
                format_args!("{}/{}", sp[0], sp[1]),
                rolls,
                ids(lost)
            ),
            Event::AirSupplyDropped { hex, rolls, .. } => {
                write!(f, "air supply to {hex}: rolls {rolls:?}")
            }
            Event::AirMissionsExpired => write!(f, "the air missions of this half-turn expire"),
            Event::RiverCrossingAttack { unit, hex, rolls } => {
                write!(
                    f,
                    "{unit} crossing into {hex} is attacked from the air: {rolls:?}"
                )
            }
            _ => Ok(()),
        }
    }

    /// Supply, control, victory and the Kursk rules of the Supply phase.
    fn fmt_supply_phase(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
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
            Event::SupplyTraced { side, cut_off } => {
                if cut_off.is_empty() {
                    write!(f, "{side} traces supply: every unit supplied")
                } else {
                    write!(f, "{side} traces supply: out of supply {}", ids(cut_off))
                }
            }
            Event::OosChanged {
                unit,
                level,
                reason,
            } => write!(f, "{unit} is out of supply level {level} ({reason:?})"),
            Event::SurrenderTest {
                unit,
                level,
                roll,
                surrendered,
            } => write!(
                f,
                "{unit} surrender test: level {level}, roll {roll}{}",
                if *surrendered { ": surrenders" } else { "" }
            ),
            Event::MinesRolled { dice } => write!(f, "mines: {dice:?}"),
            Event::PantherRoll { unit, roll } => write!(f, "{unit} Panther breakdown roll {roll}"),
            Event::RepairOffered { units } => write!(f, "armor may be repaired: {}", ids(units)),
            Event::RepairPlaced { units } => {
                if units.is_empty() {
                    write!(f, "no repair marker placed")
                } else {
                    write!(f, "repair marker on {}", ids(units))
                }
            }
            Event::RepairEnded { unit, repaired } => write!(
                f,
                "{unit}'s repair {}",
                if *repaired {
                    "is done: +1 CEL"
                } else {
                    "is lost"
                }
            ),
            _ => Ok(()),
        }
    }

    /// Bridges.
    fn fmt_bridge(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::BridgeChanged {
                bridge,
                standing,
                cause,
            } => write!(
                f,
                "the bridge {bridge} is {} ({cause:?})",
                if *standing { "up" } else { "down" }
            ),
            Event::BridgeControl { bridge, side } => match side {
                Some(s) => write!(f, "{s} controls the bridge {bridge}"),
                None => write!(f, "nobody controls the bridge {bridge}"),
            },
            Event::BridgeBuildEligible { side, hqs } => {
                write!(f, "{side} may build big-river bridges with {}", ids(hqs))
            }
            Event::BridgeBuildDeclared { hq, bridge } => {
                write!(f, "{hq} starts building a bridge at {bridge}")
            }
            Event::BridgeBuildEnded { hq, bridge, built } => write!(
                f,
                "{hq} {} the bridge at {bridge}",
                if *built {
                    "completes"
                } else {
                    "fails to build"
                }
            ),
            _ => Ok(()),
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
