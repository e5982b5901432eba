//! A scenario (`*.scenario.ron`): which map and counters it uses, dates, sides, the
//! setup, what arrives and leaves when, supply, air, barrage, victory conditions and
//! the optional-rule switches.

use std::collections::BTreeMap;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::acknowledge::Acknowledgement;
use super::area::SetupArea;
use super::date::Date;
use super::ids::{AirId, FormationId, HexsideKindId, NationId, SideId, SystemId, UnitId, ZoneId};
use super::limits;
use super::range;
use crate::hex::{HexId, Hexside, MapEdge};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The rule system this file belongs to (`sztab systems`). Files written before
    /// systems existed have none and are WB-95 files; a save always writes it.
    #[serde(default)]
    pub system: SystemId,
    pub title: String,
    /// Designer's notes, markdown: history, special rules, choices made where the source is
    /// silent or garbled.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    pub edition: Edition,
    /// Map file, relative to this file.
    pub map: PathBuf,
    /// Counter file, relative to this file.
    pub counters: PathBuf,
    /// Date of turn 1; one turn is one day (R2.1.6).
    pub start: Date,
    /// Date of the last turn.
    pub end: Date,
    /// The length the source states ("(20 days)"), kept to flag disagreements (S03).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_turns"
    )]
    #[schemars(range(min = range::TURNS.min, max = range::TURNS.max))]
    pub stated_days: Option<u32>,
    /// The two sides.
    pub sides: Vec<SideDef>,
    /// Player A, who moves first (R2.2).
    pub initiative: SideId,
    #[serde(default, deserialize_with = "limits::placements")]
    #[schemars(length(max = limits::PLACEMENTS.max))]
    pub setup: Vec<Placement>,
    /// Units without a fixed hex: the player sets them up in their set-up area when the
    /// game starts.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::placements"
    )]
    #[schemars(length(max = limits::PLACEMENTS.max))]
    pub free_setup: Vec<FreeSetup>,
    /// Set-up areas given to sides, formations and units: constraints on where they set
    /// up, and where units without a fixed hex are set up.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::areas"
    )]
    #[schemars(length(max = limits::AREAS.max))]
    pub areas: Vec<SetupArea>,
    #[serde(default, deserialize_with = "limits::schedule")]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub reinforcements: Vec<Reinforcement>,
    #[serde(default, deserialize_with = "limits::schedule")]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub withdrawals: Vec<Withdrawal>,
    #[serde(default, deserialize_with = "limits::schedule")]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub restrictions: Vec<Restriction>,
    #[serde(default, deserialize_with = "limits::schedule")]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub air: Vec<AirAllotment>,
    #[serde(default, deserialize_with = "limits::schedule")]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub barrage: Vec<Barrage>,
    /// `None` where the source gives no victory conditions (reported as a warning).
    #[serde(default)]
    pub victory: Option<Victory>,
    #[serde(default)]
    pub rules: RuleSwitches,
    /// Initial hex control where it differs from the derived default (R4.3.1, A-68).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub control: BTreeMap<HexId, SideId>,
    /// Bridges (road-over-water hexsides) already destroyed at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destroyed_bridges: Vec<Hexside>,
    /// Defender CM of Fixed Position groups (the `group` of the map's FP hexsides) where
    /// the scenario changes the printed +3 (R7.2.3).
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "range::cm_map"
    )]
    pub fp_groups: BTreeMap<String, i8>,
    /// Warnings that are the scenario's intent, each with the designer's reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acknowledged: Vec<Acknowledgement>,
}

impl Scenario {
    /// Number of turns (days), `end - start + 1`.
    pub fn turns(&self) -> i64 {
        self.end.days_since(self.start) + 1
    }

    /// The date of turn `t` (1-based).
    pub fn date_of_turn(&self, t: u32) -> Date {
        self.start.plus_days(t.saturating_sub(1))
    }

    pub fn side(&self, id: &str) -> Option<&SideDef> {
        self.sides.iter().find(|s| s.id.as_str() == id)
    }

    /// The side a nation fights for.
    pub fn side_of_nation(&self, nation: &str) -> Option<&SideDef> {
        self.sides
            .iter()
            .find(|s| s.nations.iter().any(|n| n.as_str() == nation))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Edition {
    /// "Kursk 1943": rules 1-22, FF +1/+2, 2 air counters per hex, no star cap.
    Kursk1943,
    /// Generic WB-95: FF +2, star cap 3 per hex.
    Generic,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub id: SideId,
    pub name: String,
    pub nations: Vec<NationId>,
    /// Every unit of the side starts in field fortifications ("RED ARMY (fortified)").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortified: bool,
    /// Where the side traces supply from (R10.1.4).
    pub supply: Vec<SupplySource>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SupplySource {
    /// Every hex of a map edge.
    Edge(MapEdge),
    /// The hexes of a named place ("Kursk").
    Place(String),
    Hex(HexId),
    /// A headquarters unit, wherever it is.
    Hq(UnitId),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum ArtillerySetup {
    /// Guns deployed: may fire, cannot move.
    Combat,
    /// Limbered: moves, cannot fire.
    Transport,
}

/// One unit on its starting hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub unit: UnitId,
    pub hex: HexId,
    /// Starting CEL when the unit starts reduced ("(-1)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cel: Option<u8>,
    /// Starts in a field fortification (besides a side-wide `fortified`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortified: bool,
    /// Towed artillery setup; default combat on the map (P06).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery: Option<ArtillerySetup>,
    /// Starts disorganized: SPs halved until it reorganizes (R5.6.4-5.6.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disorganized: bool,
    /// Starts out of supply at this level (R10.2.1-10.2.2): MPs and attack SPs halved.
    /// 0, the default, is in supply.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub out_of_supply: u8,
    /// Starts with the MPs of its side's first Movement phase spent (R3.1.5-3.1.7): it
    /// may not move, fortify or be marked for strategic movement on turn 1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub movement_spent: bool,
    /// Artillery that fired in its side's Barrage phase of turn 1, its ammunition spent
    /// (R6.5.5-6.5.6): it may not move in the next Movement phase nor fire in the next
    /// two Combat phases.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barrage_fired: bool,
    /// Starts under a masking marker (R16.1.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub masked: bool,
}

impl Placement {
    /// A unit on a hex at full strength, with no marker.
    pub fn new(unit: UnitId, hex: HexId) -> Placement {
        Placement {
            unit,
            hex,
            cel: None,
            fortified: false,
            artillery: None,
            disorganized: false,
            out_of_supply: 0,
            movement_spent: false,
            barrage_fired: false,
            masked: false,
        }
    }

    /// The start states a unit carries besides its CEL, fortification and artillery
    /// setup, in words ("disorganized", "OoS level 2"), for the setup card.
    pub fn start_states(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.disorganized {
            v.push("disorganized".to_string());
        }
        if self.out_of_supply > 0 {
            v.push(format!("OoS level {}", self.out_of_supply));
        }
        if self.movement_spent {
            v.push("movement spent".to_string());
        }
        if self.barrage_fired {
            v.push("barrage fired".to_string());
        }
        if self.masked {
            v.push("masked".to_string());
        }
        v
    }
}

/// A unit without a fixed hex: its player sets it up inside its set-up area at the start
/// (see [`super::area`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreeSetup {
    pub unit: UnitId,
    /// Starting CEL when the unit starts reduced ("(-1)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cel: Option<u8>,
    /// Starts in a field fortification (besides a side-wide `fortified`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortified: bool,
    /// Towed artillery setup; default combat on the map (P06).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery: Option<ArtillerySetup>,
}

/// Where reinforcements come on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Entry {
    /// A lettered entry zone of the map.
    Zone(ZoneId),
    Hex(HexId),
    /// A named place on the map ("Obojań").
    Place(String),
    /// Any road crossing this map edge is a zone (R11.2.4).
    Edge(MapEdge),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// First day the units may enter.
    pub date: Date,
    /// Label shown in schedules ("II Mechanized Corps").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(deserialize_with = "limits::group_units")]
    #[schemars(length(max = limits::GROUP_UNITS.max))]
    pub units: Vec<UnitId>,
    pub entry: Vec<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cannot_move_before: Option<Date>,
    /// Half MP on the turn they enter (STAWKA reserves).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub half_mp_first_turn: bool,
    /// The owner chooses whether to call them in (STAWKA reserves, A-51).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// Victory points the opponent scores when they enter.
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "range::vp"
    )]
    #[schemars(range(min = range::VP.min, max = range::VP.max))]
    pub enemy_vp: i32,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

/// A formation leaving the game ("4 ARM or equivalent on 12 VII", A-56).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    pub date: Date,
    pub formation: FormationId,
    /// If its units are gone, other units of the same type make up the missing CELs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub or_equivalent: bool,
}

/// Which units a restriction binds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Scope {
    Formation(FormationId),
    Units(Vec<UnitId>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum RestrictionRule {
    /// May not move (or enter) before this date ("2 Tank Army moves from 6 VII").
    NoMoveUntil(Date),
    /// Half MP on this date ("1 Guards Tank Army: 1/2 MP on 5 VII").
    HalfMpOn(Date),
    /// May not cross hexsides of this kind north of this row (7 GA and the Donets, A-71).
    NoCrossing {
        hexside: HexsideKindId,
        north_of_row: Option<u16>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Restriction {
    pub scope: Scope,
    pub rule: RestrictionRule,
}

/// Air counters a side may use, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AirAllotment {
    pub side: SideId,
    pub counters: Vec<AirId>,
    /// "Any N of them": how many the player chooses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choose: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Date>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Date>,
}

/// Barrage permission (R6.5): ammunition units and the days it may be fired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Barrage {
    pub side: SideId,
    #[serde(deserialize_with = "range::ammo")]
    #[schemars(range(min = range::AMMO.min, max = range::AMMO.max))]
    pub ammo_units: u32,
    pub dates: Vec<Date>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The side whose victory points are counted (the German player in Kursk).
    pub scorer: SideId,
    #[serde(deserialize_with = "limits::victory_conditions")]
    #[schemars(length(max = range::VICTORY_CONDITIONS.max))]
    pub points: Vec<VpAward>,
    /// Levels in increasing VP order; the last one whose `min_vp` is reached applies.
    #[serde(deserialize_with = "limits::levels")]
    #[schemars(length(max = limits::LEVELS.max))]
    pub levels: Vec<VictoryLevel>,
    #[serde(default, deserialize_with = "limits::victory_conditions")]
    #[schemars(length(max = range::VICTORY_CONDITIONS.max))]
    pub automatic: Vec<AutoVictory>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpAward {
    #[serde(deserialize_with = "range::vp")]
    #[schemars(range(min = range::VP.min, max = range::VP.max))]
    pub vp: i32,
    pub event: VpEvent,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum VpEvent {
    /// Crossing a named river, scored once.
    CrossRiver(String),
    /// Controlling a named place at the end.
    ControlPlace(String),
    /// Each other urban hex controlled at the end.
    ControlOtherTownHexes,
    /// Each enemy unit eliminated (surrenders included).
    EnemyUnitEliminated,
    /// Each optional reinforcement group the enemy calls in (STAWKA).
    ReserveEntered,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryLevel {
    pub name: String,
    pub winner: SideId,
    /// Lowest VP total for this level; `None` for the bottom level.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_vp_total"
    )]
    #[schemars(range(min = range::VP_TOTAL.min, max = range::VP_TOTAL.max))]
    pub min_vp: Option<i32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum AutoTiming {
    /// Controlled at the end of the side's Supply phase and still at the end of the
    /// enemy's next Supply phase; the game ends then.
    HeldThroughEnemySupply,
    /// Controlled at the end of any enemy Supply phase.
    AtEndOfEnemySupply,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AutoVictory {
    pub side: SideId,
    /// Every one of these places must be controlled by `side`.
    pub places: Vec<String>,
    pub timing: AutoTiming,
}

/// Which copy of the combat table (§2, A-10).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum CrtVariant {
    #[default]
    Resolved,
    GenericInline,
    KurskInline,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum DisorganizationRoll {
    /// One 2K6 per test for the whole side.
    #[default]
    PerSide,
    PerUnit,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum FlSmallDefender {
    /// Defenders of 4 SP or less get +1 instead of +2.
    #[default]
    Replace,
    /// They get +1 more.
    Additive,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum ArtilleryRange {
    /// Measured to a friendly hex in the combat.
    #[default]
    FriendlyHex,
    DefenderHex,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum AirChoice {
    /// "Any two" chosen once at the start.
    #[default]
    OnceAtStart,
    EachTurn,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum Eligibility {
    /// Units that crossed or attacked across a Fortified Line this turn (A-60) / the
    /// Panther units that were activated (A-61 option).
    Activated,
    /// Mines: any unit that moved or attacked. Panthers: every Panther unit on the map.
    #[default]
    All,
}

/// Mine losses (R18).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mines {
    /// 4 (northern front) or 6 (southern front) dice.
    #[serde(deserialize_with = "range::mine_dice")]
    #[schemars(range(min = range::MINE_DICE.min, max = range::MINE_DICE.max))]
    pub dice: u8,
    pub from: Date,
    pub until: Date,
    #[serde(default = "Mines::default_eligibility")]
    pub eligibility: Eligibility,
}

impl Mines {
    fn default_eligibility() -> Eligibility {
        Eligibility::Activated
    }
}

/// A side loses CELs at the start of each of its Movement phases (Prochorowka 15, A-58).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CelDrain {
    pub side: SideId,
    #[serde(deserialize_with = "range::small_count")]
    #[schemars(range(min = range::SMALL_COUNT.min, max = range::SMALL_COUNT.max))]
    pub cel: u8,
}

/// Optional rules and interpretations (docs/wb95/decisions.md), per scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSwitches {
    #[serde(default)]
    pub crt: CrtVariant,
    /// At most this many star CMs per own hex in a combat ([G] R15.1.4: 3).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_small_count"
    )]
    #[schemars(range(min = range::SMALL_COUNT.min, max = range::SMALL_COUNT.max))]
    pub star_cap_per_hex: Option<u8>,
    /// Morale of non-Guards Soviet units: 9 (rules) or 10 (disorganization chart).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_morale"
    )]
    #[schemars(range(min = range::MORALE.min, max = range::MORALE.max))]
    pub soviet_other_morale: Option<u8>,
    #[serde(default)]
    pub disorganization_roll: DisorganizationRoll,
    #[serde(default)]
    pub fl_small_defender: FlSmallDefender,
    #[serde(default)]
    pub artillery_range: ArtilleryRange,
    /// At most this many air counters per mission hex ([K] R21.1.2: 2).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_air_per_hex"
    )]
    #[schemars(range(min = range::AIR_PER_HEX.min, max = range::AIR_PER_HEX.max))]
    pub air_per_hex: Option<u8>,
    #[serde(default)]
    pub air_choice: AirChoice,
    /// Soviet Fortified Lines are in play (R19).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortified_lines: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mines: Option<Mines>,
    /// Panther breakdown rolls (R22) and who rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub panthers: Option<Eligibility>,
    /// Armor repair markers for the German player (R17): one per front in play.
    #[serde(
        default,
        skip_serializing_if = "is_zero_u8",
        deserialize_with = "range::small_count"
    )]
    #[schemars(range(min = range::SMALL_COUNT.min, max = range::SMALL_COUNT.max))]
    pub repair_markers: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cel_drain: Option<CelDrain>,
    /// Optional reserves (STAWKA) may be called in.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional_reserves: bool,
}

fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}

impl Default for RuleSwitches {
    fn default() -> Self {
        Self {
            crt: CrtVariant::Resolved,
            star_cap_per_hex: None,
            soviet_other_morale: None,
            disorganization_roll: DisorganizationRoll::PerSide,
            fl_small_defender: FlSmallDefender::Replace,
            artillery_range: ArtilleryRange::FriendlyHex,
            air_per_hex: None,
            air_choice: AirChoice::OnceAtStart,
            fortified_lines: false,
            mines: None,
            panthers: None,
            repair_markers: 0,
            cel_drain: None,
            optional_reserves: false,
        }
    }
}
