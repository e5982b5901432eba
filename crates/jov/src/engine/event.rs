//! What happened: the game's chronicle, one readable line an event.

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;
use sztab_seam::hex_names::{HexName, WriteNamed, join, number};

use super::charts::CrtResult;
use super::mp::Mp;
use super::phase::Phase;
use super::side::Army;
use super::state::{Org, Supply};
use super::weather::{Ground, Visibility};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Placed {
        unit: String,
        hex: HexId,
    },
    TurnBegan {
        turn: u32,
        day: u32,
    },
    PhaseBegan {
        phase: Phase,
    },
    GroundRolled {
        roll: u8,
        drm: i32,
        ground: Ground,
    },
    VisibilityRolled {
        rolls: Vec<u8>,
        visibility: Visibility,
    },
    AirMissions {
        side: Army,
        front: Option<String>,
        roll: u8,
        drm: i32,
        missions: u32,
    },
    SupplyPoints {
        sdm: String,
        increments: u32,
        sp: u32,
    },
    SupplyChanged {
        unit: String,
        supply: Supply,
    },
    Entered {
        unit: String,
        hex: HexId,
    },
    Reserved {
        unit: String,
    },
    Moved {
        units: Vec<String>,
        from: HexId,
        to: HexId,
        spent: Vec<Mp>,
    },
    Halted {
        units: Vec<String>,
        rule: String,
    },
    OrgChanged {
        unit: String,
        org: Org,
        rule: String,
    },
    Overstacked {
        hex: HexId,
    },
    Declared {
        hex: HexId,
    },
    AirAssigned {
        side: Army,
        hex: HexId,
    },
    SpSpent {
        sdm: String,
        sp: u32,
        left: u32,
    },
    ArtilleryFired {
        side: Army,
        units: Vec<String>,
        total: u32,
        roll: u8,
        drm: i32,
        shifts: u32,
    },
    AirRevealed {
        side: Army,
        shifts: u32,
    },
    Odds {
        target: HexId,
        attack: u32,
        defence: u32,
        column: String,
        shifts: i32,
        final_column: String,
    },
    CombatRolled {
        red: u8,
        black: u8,
        result: CrtResult,
    },
    ArmorFire {
        side: Army,
        die: u8,
        dots: u32,
        hit: Option<String>,
    },
    AutoDisorganized {
        side: Army,
        rule: String,
    },
    StepLost {
        unit: String,
        steps: u8,
        rule: String,
    },
    Eliminated {
        unit: String,
    },
    NoRetreatRolled {
        roll: u8,
        infantry_steps: u32,
    },
    Retreated {
        unit: String,
        path: Vec<HexId>,
    },
    CannotRetreat {
        unit: String,
        hexes: u32,
    },
    Advanced {
        unit: String,
        path: Vec<HexId>,
    },
    BreakthroughMarked {
        unit: String,
    },
    Recovered {
        unit: String,
        org: Org,
    },
    RpsReceived {
        command: String,
        infantry: u32,
        armor: u32,
    },
    Replaced {
        unit: String,
        steps: u8,
    },
    InterceptionFire {
        firer: String,
        target: String,
        roll: u8,
        dots: u32,
        hit: bool,
    },
    SdmPlaced {
        sdm: String,
        hex: HexId,
    },
    WandaDeclared {
        roll: u8,
        ends: u32,
    },
    BridgeDemolition {
        a: HexId,
        b: HexId,
        roll: u8,
        drm: i32,
        destroyed: bool,
    },
    BridgeRepairStarted {
        a: HexId,
        b: HexId,
    },
    BridgeRepairRolled {
        a: HexId,
        b: HexId,
        roll: u8,
    },
    BridgeRepaired {
        a: HexId,
        b: HexId,
    },
    MinefieldRoll {
        unit: String,
        roll: u8,
    },
    MinefieldLifted {
        hex: HexId,
    },
    MinefieldStarted {
        hex: HexId,
    },
    MinefieldCompleted {
        hex: HexId,
    },
    Resupplied {
        unit: String,
        sp: u32,
    },
    AirDropRolled {
        hex: HexId,
        roll: u8,
        supplied: bool,
    },
    IpBuilt {
        hex: HexId,
    },
    GameEnded {
        winner: Option<Army>,
        level: Option<String>,
    },
}

/// `Display` names hexes by number: the game logs' fingerprints are made of this text.
/// The narration a person reads names them as the sheets print them ([`WriteNamed`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_named(f, &number)
    }
}

impl WriteNamed for Event {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
        use Event::*;
        let path = |p: &[HexId]| join(p, "-", name);
        let bridge = |a: &HexId, b: &HexId| join(&[*a, *b], "-", name);
        match self {
            Placed { unit, hex } => write!(f, "{unit} set up at {}", name(*hex)),
            TurnBegan { turn, day } => write!(f, "game-turn {day} (scenario turn {turn}) begins"),
            PhaseBegan { phase } => write!(f, "{phase}"),
            GroundRolled { roll, drm, ground } => {
                write!(f, "ground condition: rolled {roll}{drm:+}: {ground}")
            }
            VisibilityRolled { rolls, visibility } => write!(
                f,
                "visibility: rolled {}: {visibility}",
                rolls
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" then ")
            ),
            AirMissions {
                side,
                front,
                roll,
                drm,
                missions,
            } => write!(
                f,
                "{side}{} air: rolled {roll}{drm:+}: {missions} CAS mission(s)",
                front.as_ref().map(|x| format!(" {x}")).unwrap_or_default()
            ),
            SupplyPoints {
                sdm,
                increments,
                sp,
            } => write!(
                f,
                "{sdm} receives {sp} SP ({increments} increment(s) from its source)"
            ),
            SupplyChanged { unit, supply } => write!(f, "{unit} is {supply:?}"),
            Entered { unit, hex } => write!(f, "{unit} enters at {}", name(*hex)),
            Reserved { unit } => write!(f, "{unit} is in reserve"),
            Moved {
                units,
                from,
                to,
                spent,
            } => write!(
                f,
                "{} move {} to {} (spent {})",
                units.join("+"),
                name(*from),
                name(*to),
                spent
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("/")
            ),
            Halted { units, rule } => write!(f, "{} must stop ({rule})", units.join("+")),
            OrgChanged { unit, org, rule } => write!(f, "{unit} becomes {org:?} ({rule})"),
            Overstacked { hex } => write!(f, "{} is over-stacked (11.1.2)", name(*hex)),
            Declared { hex } => write!(f, "attack declared on {}", name(*hex)),
            AirAssigned { side, hex } => write!(f, "{side} air mission over {}", name(*hex)),
            SpSpent { sdm, sp, left } => write!(f, "{sdm} spends {sp} SP ({left} left)"),
            ArtilleryFired {
                side,
                units,
                total,
                roll,
                drm,
                shifts,
            } => write!(
                f,
                "{side} artillery {} (total {total}) rolled {roll}{drm:+}: {shifts} shift(s)",
                units.join("+")
            ),
            AirRevealed { side, shifts } => write!(f, "{side} air counter: {shifts} shift(s)"),
            Odds {
                target,
                attack,
                defence,
                column,
                shifts,
                final_column,
            } => write!(
                f,
                "combat on {}: {attack} to {defence}, {column}, shifts {shifts:+}: {final_column}",
                name(*target)
            ),
            CombatRolled { red, black, result } => write!(
                f,
                "red {red}, black {black} = {}: {}/{}",
                red + black,
                result.attacker,
                result.defender
            ),
            ArmorFire {
                side,
                die,
                dots,
                hit,
            } => write!(
                f,
                "{side} armor fire: die {die} against {dots} dot(s): {}",
                hit.as_ref()
                    .map_or("no hit".to_owned(), |u| format!("{u} hit"))
            ),
            AutoDisorganized { side, rule } => write!(f, "{side} Disorganized ({rule})"),
            StepLost { unit, steps, rule } => {
                write!(f, "{unit} loses a step, {steps} left ({rule})")
            }
            Eliminated { unit } => write!(f, "{unit} is eliminated"),
            NoRetreatRolled {
                roll,
                infantry_steps,
            } => {
                write!(
                    f,
                    "No Retreat: rolled {roll} against {infantry_steps} infantry step(s)"
                )
            }
            Retreated { unit, path: p } => write!(f, "{unit} retreats {}", path(p)),
            CannotRetreat { unit, hexes } => write!(f, "{unit} cannot retreat {hexes} hex(es)"),
            Advanced { unit, path: p } => write!(f, "{unit} advances {}", path(p)),
            BreakthroughMarked { unit } => write!(f, "{unit} gets a Breakthrough marker"),
            Recovered { unit, org } => write!(f, "{unit} recovers to {org:?}"),
            RpsReceived {
                command,
                infantry,
                armor,
            } => write!(
                f,
                "{command} receives {infantry} infantry and {armor} armor RP"
            ),
            Replaced { unit, steps } => write!(f, "{unit} is replaced to {steps} steps"),
            InterceptionFire {
                firer,
                target,
                roll,
                dots,
                hit,
            } => write!(
                f,
                "{firer} fires on {target}: rolled {roll} against {dots} white dot(s): {}",
                if *hit { "a step lost" } else { "missed" }
            ),
            SdmPlaced { sdm, hex } => write!(f, "{sdm} placed at {}", name(*hex)),
            WandaDeclared { roll, ends } => write!(
                f,
                "Operation Wanda: 4 CAS missions now; rolled {roll} + 3, it ends on game-turn {ends}"
            ),
            BridgeDemolition {
                a,
                b,
                roll,
                drm,
                destroyed,
            } => write!(
                f,
                "bridge {}: rolled {roll}{drm:+}: {}",
                bridge(a, b),
                if *destroyed {
                    "destroyed"
                } else {
                    "still standing"
                }
            ),
            BridgeRepairStarted { a, b } => {
                write!(f, "repair begun on the bridge {}", bridge(a, b))
            }
            BridgeRepairRolled { a, b, roll } => {
                write!(f, "bridge {} repair: rolled {roll}", bridge(a, b))
            }
            BridgeRepaired { a, b } => write!(f, "the bridge {} is repaired", bridge(a, b)),
            MinefieldRoll { unit, roll } => write!(f, "{unit} in the minefield: rolled {roll}"),
            MinefieldLifted { hex } => write!(f, "the minefield on {} is gone", name(*hex)),
            MinefieldStarted { hex } => write!(f, "a minefield is begun on {}", name(*hex)),
            MinefieldCompleted { hex } => {
                write!(f, "the minefield on {} is completed", name(*hex))
            }
            Resupplied { unit, sp } => write!(f, "{unit} resupplied for {sp} SP"),
            AirDropRolled {
                hex,
                roll,
                supplied,
            } => write!(
                f,
                "air-drop on {}: rolled {roll}: {}",
                name(*hex),
                if *supplied { "in supply" } else { "lost" }
            ),
            IpBuilt { hex } => write!(f, "Improved Position built on {}", name(*hex)),
            GameEnded { winner, level } => match (winner, level) {
                (Some(w), Some(l)) => write!(f, "the game ends: {l} ({w})"),
                _ => write!(f, "the game ends in a draw"),
            },
        }
    }
}
