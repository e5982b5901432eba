//! Actions: a player's answer to the decision pending. Units and hexes are named by
//! their ids, so an action reads the same in a log, a test and a UI.

use serde::{Deserialize, Serialize};

use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::{AirId, UnitId};

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
    /// Artillery in combat setup within 3 hexes of an attacking hex that fires in
    /// support (R6.3.1-6.3.2, R6.6.2).
    #[serde(default)]
    pub support: Vec<UnitId>,
    /// Air counters of offensive support missions on a defending hex (R8.2.2).
    #[serde(default)]
    pub air: Vec<AirId>,
    /// Out-of-supply attackers that attack with full SPs at +1 OoS level (R10.2.3).
    #[serde(default)]
    pub full_strength: Vec<UnitId>,
}

/// The defender's voluntary CMs: stars (R15.1), fortification units (R15.4), HQ-loss
/// pool; and its support: artillery (R6.3.3) and defensive air missions (R8.2.4).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DefenseOrder {
    #[serde(default)]
    pub stars: Vec<UnitId>,
    #[serde(default)]
    pub fortification_units: Vec<UnitId>,
    #[serde(default)]
    pub hq_pool_cms: u8,
    #[serde(default)]
    pub support: Vec<UnitId>,
    #[serde(default)]
    pub air: Vec<AirId>,
}

/// Artillery firing at a hex (a ranged attack R6.4, or a barrage R6.5), with air
/// counters of offensive support missions on that hex (R8.2.3, R6.4.4, A-40).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOrder {
    pub artillery: Vec<UnitId>,
    pub target: HexId,
    #[serde(default)]
    pub air: Vec<AirId>,
    /// Out-of-supply guns firing with full SPs at +1 OoS level (R10.2.3).
    #[serde(default)]
    pub full_strength: Vec<UnitId>,
}

/// What an air mission does (R8.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissionKind {
    /// Adds the counters' SPs to an attack on the mission hex, or to a ranged attack or
    /// barrage on it (R8.2.2-8.2.3).
    OffensiveSupport,
    /// Adds half the counters' SPs to the defense of the mission hex (R8.2.4); not for
    /// Soviet air (R8.2.5).
    DefensiveSupport,
    /// An attack on the AIR ATTACK or BOMBER ATTACK table (R8.2.6-8.2.7).
    AirAttack,
    /// An attack on a bridge, one of whose hexes is the mission hex, on the ATTACK ON
    /// OBJECTS table; at least 4 SP (R8.2.8-8.2.10).
    Bridge(Hexside),
    /// Soviet units pay +1 MP to enter the mission hex and its neighbours and lose 1 MP
    /// when starting there; at least 7 SP (R8.2.11-8.2.15).
    MovementDisorganization,
    /// Attacks on units crossing a big river into the mission hex (and the `spread`
    /// hexes) other than by a bridge: 2 attacks per SP (R8.2.16-8.2.21).
    RiverCrossing,
    /// Lowers by 1 per surviving counter the OoS level of every unit in the mission hex;
    /// American and British air, at least 7 SP (R8.2.22-8.2.25).
    Supply,
}

/// One air mission: counters, what they do, where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirMission {
    pub counters: Vec<AirId>,
    pub kind: MissionKind,
    pub hex: HexId,
    /// River-crossing attacks per hex, a connected group with the mission hex
    /// (R8.2.17); empty: all of them on the mission hex.
    #[serde(default)]
    pub spread: Vec<(HexId, u8)>,
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
    /// Set-up phase: units without a fixed hex stand on a hex of their set-up area.
    Deploy {
        units: Vec<UnitId>,
        hex: HexId,
    },
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
    /// Out-of-supply units move with full MPs this phase, each at +1 OoS level
    /// (R10.2.3).
    FullMp {
        units: Vec<UnitId>,
    },
    /// A regular unit that has not moved builds a field fortification on its hex,
    /// spending all its MPs (R7.1.2-7.1.4).
    Fortify {
        unit: UnitId,
    },
    /// A unit at one end of a bridge its side controls blows it (R14.1.4, R14.2.1,
    /// R14.3.1).
    DemolishBridge {
        unit: UnitId,
        bridge: Hexside,
    },
    /// A non-artillery unit in range of a friendly HQ rebuilds a printed bridge at one
    /// of its ends for 3 MP (R14.2.2-14.2.3).
    RebuildBridge {
        unit: UnitId,
        bridge: Hexside,
    },
    /// An eligible HQ starts building a bridge over the big river beside it (R14.3.2).
    BuildBridge {
        hq: UnitId,
        bridge: Hexside,
    },
    /// A Volkssturm unit gives a CEL to reduced foot infantry in its hex; neither moves
    /// this Movement phase (R15.3.3-15.3.4).
    TransferCel {
        volkssturm: UnitId,
        infantry: UnitId,
    },
    /// Masking markers put on (or taken off) units (R16.1.2).
    Mask {
        units: Vec<UnitId>,
        masked: bool,
    },
    /// Artillery fires at range in its Combat phase (R6.4).
    RangedAttack(FireOrder),
    /// Artillery fires at a bridge, adjacent or at range (R6.4.7).
    FireAtBridge {
        artillery: Vec<UnitId>,
        bridge: Hexside,
    },
    /// Artillery barrage in a Barrage phase (R6.5).
    Barrage(FireOrder),
    /// The counters chosen from an allotment's "any N".
    ChooseAir {
        counters: Vec<AirId>,
    },
    /// A side's air missions for this Air phase, placed face down (R8.1.7).
    AirMissions {
        missions: Vec<AirMission>,
    },
    /// Repair markers put on these reduced armored units (R17.1.2); none to pass.
    Repair {
        units: Vec<UnitId>,
    },
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn path(p: &[HexId]) -> String {
    p.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" › ")
}

fn cels(v: &[(UnitId, u8)]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|(u, n)| format!("{u} {n} CEL"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn moves(v: &[(UnitId, Vec<HexId>)]) -> String {
    v.iter()
        .map(|(u, p)| format!("{u} › {}", path(p)))
        .collect::<Vec<_>>()
        .join("; ")
}

fn with<T: std::fmt::Display>(what: &str, v: &[T]) -> String {
    if v.is_empty() {
        String::new()
    } else {
        format!("; {what} {}", list(v))
    }
}

/// One line in words, for logs and the replay panel. Air missions placed face down are
/// only counted (R8.1.7).
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Deploy { units, hex } => write!(f, "{} set up on {hex}", list(units)),
            Action::Move { units, path: p } => write!(f, "move {} › {}", list(units), path(p)),
            Action::Enter { units, path: p } => {
                write!(f, "{} enter at {}", list(units), path(p))
            }
            Action::ChangeSetup { unit } => write!(f, "{unit} changes setup"),
            Action::MarkStrategic { units } => {
                write!(f, "strategic movement marker on {}", list(units))
            }
            Action::ShiftZone { units, zone } => {
                write!(f, "{} wait and shift to zone {zone}", list(units))
            }
            Action::LeaveMap { units } => write!(f, "{} leave the map", list(units)),
            Action::Attack(o) => {
                write!(f, "{} attack {}", list(&o.attackers), list(&o.defenders))?;
                write!(
                    f,
                    "{}{}{}{}",
                    with("artillery", &o.support),
                    with("air", &o.air),
                    with("stars of", &o.stars),
                    with("full strength", &o.full_strength)
                )?;
                if o.hq_pool_cms > 0 {
                    write!(f, "; {} HQ-loss CM", o.hq_pool_cms)?;
                }
                Ok(())
            }
            Action::Defend(o) => {
                let parts = format!(
                    "{}{}{}{}",
                    with("stars of", &o.stars),
                    with("fortification units", &o.fortification_units),
                    with("artillery", &o.support),
                    with("air", &o.air)
                );
                if parts.is_empty() && o.hq_pool_cms == 0 {
                    return write!(f, "defend with nothing added");
                }
                write!(f, "defend{parts}")?;
                if o.hq_pool_cms > 0 {
                    write!(f, "; {} HQ-loss CM", o.hq_pool_cms)?;
                }
                Ok(())
            }
            Action::TakeLosses { losses } => write!(f, "losses: {}", cels(losses)),
            Action::Retreat(o) => {
                if o.moves.is_empty() {
                    write!(f, "no retreat")?;
                } else {
                    write!(f, "retreat {}", moves(&o.moves))?;
                }
                if !o.losses.is_empty() {
                    write!(f, "; losses {}", cels(&o.losses))?;
                }
                Ok(())
            }
            Action::Pursue { moves: m } if m.is_empty() => write!(f, "no pursuit"),
            Action::Pursue { moves: m } => write!(f, "pursue {}", moves(m)),
            Action::Advance { moves: m } if m.is_empty() => write!(f, "no advance"),
            Action::Advance { moves: m } => write!(f, "advance {}", moves(m)),
            Action::Withdraw { losses } => write!(f, "withdraw {}", cels(losses)),
            Action::EndPhase => write!(f, "end the phase"),
            Action::FullMp { units } => {
                write!(f, "{} move with full MP out of supply", list(units))
            }
            Action::Fortify { unit } => write!(f, "{unit} builds a field fortification"),
            Action::DemolishBridge { unit, bridge } => {
                write!(f, "{unit} demolishes the bridge {bridge}")
            }
            Action::RebuildBridge { unit, bridge } => {
                write!(f, "{unit} rebuilds the bridge {bridge}")
            }
            Action::BuildBridge { hq, bridge } => {
                write!(f, "{hq} starts a bridge over {bridge}")
            }
            Action::TransferCel {
                volkssturm,
                infantry,
            } => write!(f, "{volkssturm} gives a CEL to {infantry}"),
            Action::Mask { units, masked } => write!(
                f,
                "{} masking on {}",
                if *masked { "put" } else { "take" },
                list(units)
            ),
            Action::RangedAttack(o) => write!(
                f,
                "ranged fire at {} by {}{}",
                o.target,
                list(&o.artillery),
                with("air", &o.air)
            ),
            Action::FireAtBridge { artillery, bridge } => {
                write!(f, "fire at the bridge {bridge} by {}", list(artillery))
            }
            Action::Barrage(o) => write!(
                f,
                "barrage on {} by {}{}",
                o.target,
                list(&o.artillery),
                with("air", &o.air)
            ),
            Action::ChooseAir { counters } => write!(f, "take air counters {}", list(counters)),
            Action::AirMissions { missions } => match missions.len() {
                0 => write!(f, "no air missions"),
                1 => write!(f, "1 air mission placed face down"),
                n => write!(f, "{n} air missions placed face down"),
            },
            Action::Repair { units } if units.is_empty() => write!(f, "no repair marker"),
            Action::Repair { units } => write!(f, "repair markers on {}", list(units)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_one_line_of_words() {
        let a = Action::Repair {
            units: vec![UnitId::new("Pz 33/9 PzD")],
        };
        assert_eq!(a.to_string(), "repair markers on Pz 33/9 PzD");
        let m = Action::Move {
            units: vec![UnitId::new("10ID/41")],
            path: vec![HexId::parse("0707").unwrap(), HexId::parse("0708").unwrap()],
        };
        assert_eq!(m.to_string(), "move 10ID/41 › 0707 › 0708");
        let r = Action::Retreat(RetreatOrder {
            moves: vec![(UnitId::new("307"), vec![HexId::parse("0905").unwrap()])],
            losses: vec![(UnitId::new("307"), 1)],
        });
        assert_eq!(r.to_string(), "retreat 307 › 0905; losses 307 1 CEL");
        assert_eq!(Action::EndPhase.to_string(), "end the phase");
        for a in [a, m, r, Action::EndPhase] {
            assert!(!a.to_string().contains('{'));
        }
    }
}
