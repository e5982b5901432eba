//! Combat (12): the attacker marks the hexes he will attack (12.1.1), then resolves each
//! combat in turn (12.1.3): support declared in the rules' order (A1-A6), the odds from
//! adjusted strengths (B), the column shifts (C), the red and black dice (D): armor fire
//! on the single dice, the CRT on their sum, then losses, Disorganization, retreats and
//! the advance. Breakthrough (12.1.4) and reserve (12.1.6) combats use the same steps
//! with fewer kinds of support.

mod declare;
mod losses;
mod resolve;
mod retreat;
mod shifts;
mod strength;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;

use super::side::Army;

/// Which combat segment a battle is fought in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Segment {
    Normal,
    Breakthrough,
    Reserve,
    /// A Soviet attack on a lone Alarm unit during movement (9.12).
    Alarm,
}

/// The decision a battle waits for (12.1.3 A), then the advance (12.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Support,
    GermanAir,
    AttackerArtillery,
    DefenderArtillery,
    Engineer,
    NoRetreat,
    Advance,
    /// The defender advances into a hex the attacker left (12.15.2 case 3).
    DefenderAdvance,
}

/// The advance after combat open to the attacker (12.15).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advance {
    /// The hexes the advance may begin with: the combat hex, or for the defender the
    /// hexes the attacker left.
    pub first: Vec<HexId>,
    /// The defenders' path of retreat, the combat hex first.
    pub path: Vec<HexId>,
    /// Hexes a unit may advance: 1, or 2 after a Breakthrough or when every defender
    /// was eliminated (12.15.1).
    pub hexes: u32,
    pub all_eliminated: bool,
    pub breakthrough: bool,
    /// Units that may still advance.
    pub units: Vec<usize>,
}

/// A combat being resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub target: HexId,
    pub from: Vec<HexId>,
    pub attacker: Army,
    pub attackers: Vec<usize>,
    pub defenders: Vec<usize>,
    pub segment: Segment,
    pub stage: Stage,
    /// Attacking units made supported (12.4).
    pub supported: Vec<usize>,
    /// CAS counters (rows of the chart) in play: the German's and the Soviet's.
    pub german_air: Option<usize>,
    pub soviet_air: Option<usize>,
    pub attacker_artillery: Vec<usize>,
    pub defender_artillery: Vec<usize>,
    pub engineer: Option<usize>,
    pub no_retreat: bool,
    pub advance: Option<Advance>,
    pub defender_advance: Option<Advance>,
}

impl Battle {
    pub fn defender(&self) -> Army {
        self.attacker.enemy()
    }

    /// Whose decision the battle waits for.
    pub fn actor(&self) -> Army {
        match self.stage {
            Stage::Support | Stage::AttackerArtillery | Stage::Engineer | Stage::Advance => {
                self.attacker
            }
            Stage::GermanAir => Army::German,
            Stage::DefenderArtillery | Stage::NoRetreat | Stage::DefenderAdvance => self.defender(),
        }
    }

    /// A supported combat: some attacking unit is (12.4).
    pub fn is_supported(&self) -> bool {
        !self.supported.is_empty()
    }
}
