//! What a player may order, as the game log records it.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::event::{Mode, Target};
use sztab_core::hex::{HexId, MapEdge};

/// One battle of a normal attack: who fires at which unit (`None`: the whole stack, a
/// combination attack).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub target: Option<Target>,
    pub attackers: Vec<String>,
}

/// A normal attack on one hex: its mode and battles ("How to have combat").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOrder {
    pub hex: HexId,
    pub mode: Mode,
    pub battles: Vec<Battle>,
    /// Units firing intensively, at triple factor (the Ammunition rule).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intensive: Vec<String>,
}

impl FireOrder {
    /// A combination attack (or the attack on a lone unit) by `attackers`.
    pub fn combination(hex: HexId, attackers: Vec<String>) -> Self {
        FireOrder {
            hex,
            mode: Mode::Combination,
            battles: vec![Battle {
                target: None,
                attackers,
            }],
            intensive: Vec::new(),
        }
    }

    pub fn attackers(&self) -> impl Iterator<Item = &String> {
        self.battles.iter().flat_map(|b| b.attackers.iter())
    }
}

/// A unit in an overrun: where it moves to reach the hex it enters the target from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverrunLeg {
    pub unit: String,
    /// Hexes to its entry hex, without its start (empty if it starts there).
    pub approach: Vec<HexId>,
    /// Its passenger jumps off on the entry hex to close-assault the overrun stack (the
    /// optional PanzerBlitz Assault rule, P-24). Left out of logs when false, so logs
    /// of games without it read as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub jump_off: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Every normal attack of the step, announced together and then resolved in order
    /// (Sequence of Play steps 2-3), with the engineers' attempts at minefields; ends
    /// the fire step.
    Fire {
        attacks: Vec<FireOrder>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        clear_mines: Vec<(String, HexId)>,
    },
    /// Moves a unit along `path` (its hexes after the one it is on).
    Move {
        unit: String,
        path: Vec<HexId>,
    },
    /// A unit due to arrive enters on `hex`, a carrier perhaps with a passenger aboard.
    Enter {
        unit: String,
        hex: HexId,
        passenger: Option<String>,
    },
    /// A unit on an edge hex leaves the board across that edge.
    Exit {
        unit: String,
        edge: MapEdge,
    },
    Load {
        carrier: String,
        passenger: String,
    },
    Unload {
        carrier: String,
    },
    /// Armored units drive through an enemy stack in clear terrain.
    Overrun {
        hex: HexId,
        legs: Vec<OverrunLeg>,
    },
    /// Close assault on the stack on `hex`.
    Assault {
        hex: HexId,
        units: Vec<String>,
    },
    /// Ends the step.
    EndStep,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hexes = |p: &[HexId]| {
            p.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Action::Fire {
                attacks,
                clear_mines,
            } => {
                let mut parts: Vec<String> = attacks
                    .iter()
                    .map(|a| {
                        format!(
                            "{} on {} by {}",
                            a.mode.name(),
                            a.hex,
                            a.attackers().cloned().collect::<Vec<_>>().join(" ")
                        )
                    })
                    .collect();
                parts.extend(
                    clear_mines
                        .iter()
                        .map(|(u, h)| format!("{u} clears mines on {h}")),
                );
                if parts.is_empty() {
                    f.write_str("fire nothing")
                } else {
                    write!(f, "fire: {}", parts.join("; "))
                }
            }
            Action::Move { unit, path } => write!(f, "move {unit} {}", hexes(path)),
            Action::Enter {
                unit,
                hex,
                passenger,
            } => match passenger {
                Some(p) => write!(f, "enter {unit} carrying {p} on {hex}"),
                None => write!(f, "enter {unit} on {hex}"),
            },
            Action::Exit { unit, edge } => write!(f, "{unit} leaves across the {edge:?} edge"),
            Action::Load { carrier, passenger } => write!(f, "{carrier} loads {passenger}"),
            Action::Unload { carrier } => write!(f, "{carrier} unloads"),
            Action::Overrun { hex, legs } => {
                let us: Vec<&str> = legs.iter().map(|l| l.unit.as_str()).collect();
                write!(f, "overrun {hex} with {}", us.join(" "))
            }
            Action::Assault { hex, units } => {
                write!(f, "close assault on {hex} by {}", units.join(" "))
            }
            Action::EndStep => f.write_str("end the step"),
        }
    }
}
