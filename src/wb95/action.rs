//! Actions: a player's answer to the decision pending. Units and hexes are named by
//! their ids, so an action reads the same in a log, a test and a UI.

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::model::UnitId;

/// Declaring an attack (R5.2.1a): the attackers, the defending hex or hexes (either all
/// attackers stand in one hex or there is one defending hex, R5.1.5), the starred
/// attackers whose stars are used (R15.1.6) and CMs taken from an HQ-loss pool (R9.1.6).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AttackOrder {
    pub attackers: Vec<UnitId>,
    pub defenders: Vec<HexId>,
    #[serde(default)]
    pub stars: Vec<UnitId>,
    #[serde(default)]
    pub hq_pool_cms: u8,
}

/// The defender's voluntary CMs: stars (R15.1), fortification units (R15.4), HQ-loss pool.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DefenseOrder {
    #[serde(default)]
    pub stars: Vec<UnitId>,
    #[serde(default)]
    pub fortification_units: Vec<UnitId>,
    #[serde(default)]
    pub hq_pool_cms: u8,
}

/// A retreat result carried out (R5.3): units that move, with the hexes they enter,
/// and who takes the CELs of the hexes not retreated (R5.3.7-5.3.8). Units not listed
/// stay where they fought.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RetreatOrder {
    #[serde(default)]
    pub moves: Vec<(UnitId, Vec<HexId>)>,
    #[serde(default)]
    pub losses: Vec<(UnitId, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Units move together along a path of hexes they enter (R3).
    Move {
        units: Vec<UnitId>,
        path: Vec<HexId>,
    },
    /// Off-map units enter as one stack; the path starts with the entry hex (R11.1).
    Enter {
        units: Vec<UnitId>,
        path: Vec<HexId>,
    },
    /// A towed unit switches between combat and transport setup for 1 MP (R6.2.4).
    ChangeSetup {
        unit: UnitId,
    },
    /// Units are marked for Strategic Movement instead of moving (R12.1.4).
    MarkStrategic {
        units: Vec<UnitId>,
    },
    /// Off-map units wait and shift up to 3 zones along their line (R11.2.2).
    ShiftZone {
        units: Vec<UnitId>,
        zone: String,
    },
    /// Units on an entry-zone hex leave the map (R11.2.3).
    LeaveMap {
        units: Vec<UnitId>,
    },
    Attack(AttackOrder),
    Defend(DefenseOrder),
    /// CELs lost per unit, summing to the loss (R5.1.8).
    TakeLosses {
        losses: Vec<(UnitId, u8)>,
    },
    Retreat(RetreatOrder),
    /// Pursuers and the hexes they enter; none to decline (R5.4).
    Pursue {
        moves: Vec<(UnitId, Vec<HexId>)>,
    },
    /// Advance after elimination; none to decline (R5.4.10).
    Advance {
        moves: Vec<(UnitId, Vec<HexId>)>,
    },
    /// Units (and CELs) withdrawn in place of a formation's lost ones.
    Withdraw {
        losses: Vec<(UnitId, u8)>,
    },
    /// End the current phase (R2.1.4).
    EndPhase,
}
