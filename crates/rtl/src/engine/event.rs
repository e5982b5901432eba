//! What happened, one line each: the game's chronicle.

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;

use super::crt::CrtResult;
use super::words::{CrtKind, Mp, SeqKind, Side, Supply, Weather, side_name};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
        label: String,
    },
    /// The Weather Phase (5.11): the roll, or none for the historical weather.
    Weather {
        roll: Option<u8>,
        weather: Weather,
    },
    /// Reinforcements now available (5.2); air units go to the Ready Box (5.24).
    Reinforcements {
        units: Vec<String>,
    },
    /// A unit's supply marker changed in the Supply Determination Phase (6.12).
    Supply {
        unit: String,
        supply: Supply,
    },
    /// Flown air units are ready again (13.12).
    AirReady {
        units: Vec<String>,
    },
    /// The Initiative Phase (7.1): each side's roll and DRM, and who won.
    Initiative {
        rolls: [u8; 2],
        drms: [i32; 2],
        first: Side,
    },
    /// The AMs a side put in its cup (7.14).
    Cup {
        side: Side,
        ams: Vec<String>,
    },
    HeldOut {
        side: Side,
        am: String,
    },
    /// An AM drawn from the cup, or chosen for the scenario's first sequence.
    Drawn {
        side: Side,
        am: String,
        chosen: bool,
    },
    /// An AM put in the Activation Pool by a Pass (7.21c).
    Passed {
        side: Side,
        am: String,
    },
    /// A combination roll (7.33).
    Combination {
        side: Side,
        roll: u8,
        modified: i32,
        combined: bool,
    },
    SequenceBegan {
        side: Side,
        kind: SeqKind,
        formations: Vec<String>,
    },
    PhaseBegan {
        phase: String,
    },
    /// An ER check: its roll, DRM and the ER it was made against (3.42).
    Check {
        what: String,
        unit: String,
        roll: u8,
        drm: i32,
        er: i32,
        passed: bool,
    },
    /// An Army unit activated (7.44-7.46), or its attempt failed.
    Activated {
        unit: String,
        activated: bool,
    },
    CommandSpent {
        unit: String,
    },
    StrongpointBegun {
        hex: HexId,
        unit: String,
    },
    StrongpointCompleted {
        hex: HexId,
    },
    StrongpointRemoved {
        hex: HexId,
        why: String,
    },
    BridgePlaced {
        unit: String,
        hex: HexId,
        arrow: String,
    },
    BridgeRemoved {
        unit: String,
        why: String,
    },
    Entered {
        unit: String,
        hex: HexId,
        mp: Mp,
    },
    Moved {
        units: Vec<String>,
        from: HexId,
        to: HexId,
        mp: Mp,
    },
    Stopped {
        units: Vec<String>,
        hex: HexId,
    },
    Declared {
        unit: String,
        hex: HexId,
    },
    /// An attack below 1:4 at declaration is not made (10.53a, decision R-09).
    AttackVoid {
        hex: HexId,
        why: String,
    },
    LeadNamed {
        hex: HexId,
        unit: String,
    },
    NoRetreatMarked {
        hex: HexId,
    },
    AirCommitted {
        unit: String,
    },
    ArtilleryCommitted {
        unit: String,
        support: u32,
    },
    /// Close Air Support given or failed (10.41).
    Cas {
        side: Side,
        drm: i32,
    },
    /// The combat of a hex: its odds, DRM, roll and result.
    Combat {
        hex: HexId,
        overrun: bool,
        crt: CrtKind,
        attack: u32,
        defense: u32,
        odds: String,
        drm: i32,
        roll: Option<u8>,
        result: CrtResult,
    },
    StepLost {
        unit: String,
        steps: u8,
    },
    /// A unit eliminated, with the steps it had.
    Eliminated {
        unit: String,
        steps: u8,
        why: String,
    },
    Disrupted {
        units: Vec<String>,
    },
    Retreated {
        units: Vec<String>,
        path: Vec<HexId>,
    },
    Advanced {
        unit: String,
        path: Vec<HexId>,
    },
    LeaderDisplaced {
        unit: String,
        to: HexId,
    },
    Recovered {
        unit: String,
    },
    Refreshed {
        side: Side,
    },
    VictoryPoints {
        vp: [i32; 2],
    },
    GameEnded {
        winner: Option<Side>,
        level: String,
    },
}

fn list(v: &[String]) -> String {
    v.join(", ")
}

fn path(p: &[HexId]) -> String {
    p.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Event::*;
        match self {
            TurnBegan { turn, label } => write!(f, "turn {turn} ({label}) begins"),
            Weather { roll, weather } => match roll {
                Some(r) => write!(f, "weather: {weather} (rolled {r})"),
                None => write!(f, "weather: {weather} (historical)"),
            },
            Reinforcements { units } => write!(f, "reinforcements available: {}", list(units)),
            Supply { unit, supply } => write!(f, "{unit} is {supply}"),
            AirReady { units } => write!(f, "ready again: {}", list(units)),
            Initiative { rolls, drms, first } => write!(
                f,
                "Initiative: German {}{:+}, Soviet {}{:+}; the {} player is First Player",
                rolls[0],
                drms[0],
                rolls[1],
                drms[1],
                side_name(*first)
            ),
            Cup { side, ams } => write!(f, "{} cup: {}", side_name(*side), list(ams)),
            HeldOut { side, am } => write!(f, "{} leaves {am} out this turn", side_name(*side)),
            Drawn { side, am, chosen } => write!(
                f,
                "{} {} {am}",
                side_name(*side),
                if *chosen { "chooses" } else { "draws" }
            ),
            Passed { side, am } => write!(
                f,
                "{} passes, {am} to the Activation Pool",
                side_name(*side)
            ),
            Combination {
                side,
                roll,
                modified,
                combined,
            } => write!(
                f,
                "{} combination: rolled {roll}, {modified}: {}",
                side_name(*side),
                if *combined {
                    "both formations activate"
                } else {
                    "only the face-up one"
                }
            ),
            SequenceBegan {
                side,
                kind,
                formations,
            } => write!(
                f,
                "{} {kind} Sequence: {}",
                side_name(*side),
                if formations.is_empty() {
                    "no formation".into()
                } else {
                    list(formations)
                }
            ),
            PhaseBegan { phase } => write!(f, "{phase}"),
            Check {
                what,
                unit,
                roll,
                drm,
                er,
                passed,
            } => write!(
                f,
                "{what}: {unit} rolls {roll}{} against ER {er}: {}",
                if *drm != 0 {
                    format!("{drm:+}")
                } else {
                    String::new()
                },
                if *passed { "passed" } else { "failed" }
            ),
            Activated { unit, activated } => write!(
                f,
                "{unit} {}",
                if *activated {
                    "is activated"
                } else {
                    "is not activated"
                }
            ),
            CommandSpent { unit } => write!(f, "{unit} spends its Command Points"),
            StrongpointBegun { hex, unit } => write!(f, "{unit} begins a Strongpoint on {hex}"),
            StrongpointCompleted { hex } => write!(f, "the Strongpoint on {hex} is complete"),
            StrongpointRemoved { hex, why } => {
                write!(f, "the Strongpoint on {hex} is removed: {why}")
            }
            BridgePlaced { unit, hex, arrow } => {
                write!(f, "{unit} bridges from {hex} toward {arrow}")
            }
            BridgeRemoved { unit, why } => write!(f, "{unit} is taken off the map: {why}"),
            Entered { unit, hex, mp } => write!(f, "{unit} enters at {hex} ({mp} MP)"),
            Moved {
                units,
                from,
                to,
                mp,
            } => write!(f, "{} {from}→{to} ({mp} MP)", list(units)),
            Stopped { units, hex } => write!(f, "{} stop on {hex}", list(units)),
            Declared { unit, hex } => write!(f, "{unit} will attack {hex}"),
            AttackVoid { hex, why } => write!(f, "no attack on {hex}: {why}"),
            LeadNamed { hex, unit } => write!(f, "{unit} leads the defense of {hex}"),
            NoRetreatMarked { hex } => write!(f, "No Retreat on {hex}"),
            AirCommitted { unit } => write!(f, "{unit} flies Close Air Support"),
            ArtilleryCommitted { unit, support } => {
                write!(f, "{unit} fires in support ({support})")
            }
            Cas { side, drm } => write!(f, "{} Close Air Support: {drm:+}", side_name(*side)),
            Combat {
                hex,
                overrun,
                crt,
                attack,
                defense,
                odds,
                drm,
                roll,
                result,
            } => write!(
                f,
                "{} {hex}: {attack} to {defense}, {odds} on the {crt}, {}DRM {drm:+}: {result}",
                if *overrun { "overrun of" } else { "combat at" },
                roll.map_or("automatic, ".into(), |r| format!("rolled {r}, "))
            ),
            StepLost { unit, steps } => write!(f, "{unit} loses a step ({steps} left)"),
            Eliminated { unit, why, .. } => write!(f, "{unit} is eliminated ({why})"),
            Disrupted { units } => write!(f, "Disrupted: {}", list(units)),
            Retreated { units, path: p } => write!(f, "{} retreat {}", list(units), path(p)),
            Advanced { unit, path: p } => write!(f, "{unit} advances {}", path(p)),
            LeaderDisplaced { unit, to } => write!(f, "{unit} is displaced to {to}"),
            Recovered { unit } => write!(f, "{unit} is no longer Disrupted"),
            Refreshed { side } => write!(
                f,
                "{} HQs, Leaders and artillery refreshed",
                side_name(*side)
            ),
            VictoryPoints { vp } => write!(f, "victory points: German {}, Soviet {}", vp[0], vp[1]),
            GameEnded { winner, level } => match winner {
                Some(w) => write!(f, "the game ends: {level} ({})", side_name(*w)),
                None => write!(f, "the game ends: {level}"),
            },
        }
    }
}
