//! What a player may order, one decision at a time, as a game log records it. A choice
//! of several things (the units of a stack, the artillery of a combat) is made one thing
//! at a time and closed with [`Action::End`], so every legal action can be listed.

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::hex::{Dir, HexId};

use super::words::{CrtKind, SeqKind};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// The Second Player leaves an AM out of his cup (7.14).
    HoldOut { am: String },
    /// The First Player's chosen first AM of the scenario (7.15).
    ChooseFirst { am: String },
    /// Draw from the cup rather than play the pooled AM (7.34).
    Draw,
    /// Play an AM, drawn or pooled, in a sequence; the "Activate Any" marker names its
    /// formation (4.37). A Pass puts the drawn AM in the Activation Pool (7.21c).
    Play {
        am: String,
        sequence: SeqKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        formation: Option<String>,
    },
    /// Try to combine the drawn and the pooled AM, one face up (7.33), with a Leader's
    /// Command Points (15.33d).
    Combine {
        face_up: String,
        sequence: SeqKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader: Option<String>,
    },
    /// Activate an Army unit with the Active Formation (7.44-7.45), an HQ's Command Points
    /// helping the check (15.33c).
    ActivateArmy {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hq: Option<String>,
    },
    /// Begin a Strongpoint (14.25a).
    BuildStrongpoint { unit: String },
    /// Place or move a Bridge unit (16.22-16.23).
    PlaceBridge {
        unit: String,
        hex: HexId,
        arrow: Dir,
    },
    /// Take a Bridge unit off the map (16.23).
    LiftBridge { unit: String },
    /// A unit joins the stack about to move, or starts a new one (8.12).
    Pick { unit: String },
    /// The moving stack enters an adjacent hex (8.11).
    Step { to: HexId },
    /// A reinforcement enters the map (5.22).
    Enter { unit: String, hex: HexId },
    /// The moving stack overruns an adjacent hex (8.67), with a German A air unit (8.66).
    Overrun {
        hex: HexId,
        lead: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        air: Option<String>,
    },
    /// The moving stack stops.
    Halt,
    /// A unit is declared against an adjacent hex (9.11).
    Declare { unit: String, hex: HexId },
    /// The defender names a Defender Hex's Lead unit (3.43).
    Lead { hex: HexId, unit: String },
    /// Combat Refusal (9.23).
    Refuse { hex: HexId },
    /// The units of a hex try Reaction Movement (9.33).
    React {
        hex: HexId,
        lead: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hq: Option<String>,
    },
    /// A No Retreat attempt (9.42).
    NoRetreat {
        hex: HexId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hq: Option<String>,
    },
    /// The attacker resolves a Declared Attack next: its CRT (10.31), Lead unit (10.18)
    /// and the HQ and Leader spending Command Points on it (15.33a).
    Resolve {
        hex: HexId,
        crt: CrtKind,
        lead: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hq: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader: Option<String>,
    },
    /// The defender's HQ spending Command Points on the Defender Hex (15.33b).
    Defend {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hq: Option<String>,
    },
    /// Commit an air unit to Close Air Support (13.21); the first is the Lead air unit.
    Air { unit: String },
    /// Commit an artillery unit to Fire Support (12.11); the first is the Lead.
    Artillery { unit: String },
    /// A step lost by this unit (11.21).
    Loss { unit: String },
    /// A unit (`None`: every unit still to retreat, as a stack) retreats along `path`.
    Retreat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        path: Vec<HexId>,
    },
    /// A unit advances after combat along `path` (11.6).
    Advance { unit: String, path: Vec<HexId> },
    /// Ends the current phase, choice or commitment.
    End,
}

fn opt(label: &str, v: &Option<String>) -> String {
    v.as_ref()
        .map_or(String::new(), |x| format!(" ({label} {x})"))
}

fn path(p: &[HexId]) -> String {
    p.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            HoldOut { am } => write!(f, "leave {am} out of the cup"),
            ChooseFirst { am } => write!(f, "choose {am} as the first AM"),
            Draw => write!(f, "draw an AM"),
            Play {
                am,
                sequence,
                formation,
            } => write!(
                f,
                "play {am} in {} Sequence{}",
                with_article(sequence),
                opt("for", formation)
            ),
            Combine {
                face_up,
                sequence,
                leader,
            } => write!(
                f,
                "combine, {face_up} face up, in {} Sequence{}",
                with_article(sequence),
                opt("with", leader)
            ),
            ActivateArmy { unit, hq } => {
                write!(f, "activate Army unit {unit}{}", opt("helped by", hq))
            }
            BuildStrongpoint { unit } => write!(f, "{unit} begins a Strongpoint"),
            PlaceBridge { unit, hex, arrow } => write!(f, "place {unit} on {hex}, arrow {arrow:?}"),
            LiftBridge { unit } => write!(f, "take {unit} off the map"),
            Pick { unit } => write!(f, "pick {unit}"),
            Step { to } => write!(f, "move to {to}"),
            Enter { unit, hex } => write!(f, "{unit} enters at {hex}"),
            Overrun { hex, lead, air } => {
                write!(f, "overrun {hex}, led by {lead}{}", opt("with", air))
            }
            Halt => write!(f, "stop"),
            Declare { unit, hex } => write!(f, "{unit} declares an attack on {hex}"),
            Lead { hex, unit } => write!(f, "{unit} leads the defense of {hex}"),
            Refuse { hex } => write!(f, "try Combat Refusal in {hex}"),
            React { hex, lead, hq } => write!(
                f,
                "try Reaction from {hex}, led by {lead}{}",
                opt("helped by", hq)
            ),
            NoRetreat { hex, hq } => write!(f, "try No Retreat in {hex}{}", opt("helped by", hq)),
            Resolve {
                hex,
                crt,
                lead,
                hq,
                leader,
            } => write!(
                f,
                "resolve the attack on {hex} on the {crt}, led by {lead}{}{}",
                opt("HQ", hq),
                opt("Leader", leader)
            ),
            Defend { hq } => match hq {
                Some(h) => write!(f, "{h} spends its Command Points on the defense"),
                None => write!(f, "no Command Points for the defense"),
            },
            Air { unit } => write!(f, "commit {unit} to Close Air Support"),
            Artillery { unit } => write!(f, "commit {unit} to Fire Support"),
            Loss { unit } => write!(f, "{unit} loses a step"),
            Retreat { unit, path: p } => match unit {
                Some(u) => write!(f, "{u} retreats {}", path(p)),
                None => write!(f, "the stack retreats {}", path(p)),
            },
            Advance { unit, path: p } => write!(f, "{unit} advances {}", path(p)),
            End => write!(f, "done"),
        }
    }
}

/// "a Mobile", "an Assault", "a Pass".
fn with_article(sequence: impl fmt::Display) -> String {
    let name = sequence.to_string();
    let vowel = name.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}
