//! What a player does: one decision of the step or combat under way. Movement goes one
//! hex at a time, so the legal moves are few and the engine can check each hex entered.

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;
use sztab_seam::hex_names::{HexName, WriteNamed, join, number};

use super::state::Mode;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Ends the step (or the current advance after combat).
    EndPhase,
    /// A reinforcement enters on a hex of its entry area (7.1).
    Enter { unit: String, hex: HexId },
    /// 16.3: the German player declares Operation Wanda.
    Wanda,
    /// One replacement point returns a step to a reduced unit (8.4).
    Replace { unit: String },
    /// Places a unit in Reserve (9.6).
    Reserve { unit: String },
    /// Moves `units` one hex. Units not moving now start a new stack's move (9.0): the
    /// previous stack is done.
    Move {
        units: Vec<String>,
        to: HexId,
        mode: Mode,
    },
    /// 9.12: the moving Soviet stack attacks a lone German Alarm unit next to it.
    AlarmAttack { hex: HexId },
    /// Marks an enemy hex for attack (12.1.1).
    Declare { hex: HexId },
    /// The Soviet player gives a declared combat an air mission (12.1.1, 6.2).
    SovietAir { hex: HexId },
    /// German armor moves one hex in the Armor Reaction Segment (12.1.2), or withdraws
    /// at night (9.8).
    React { unit: String, to: HexId },
    /// 9.11: the non-moving player's armor `interceptor` fires at moving armor `target`.
    Intercept { interceptor: String, target: String },
    /// 9.11: no interception, or (the mover) no return fire.
    Decline,
    /// 9.11 step 4: the target halts and returns fire.
    ReturnFire,
    /// Resolves the combat on `target` with every attack-capable unit of the hexes
    /// `from` (12.3.1).
    Attack { target: HexId, from: Vec<HexId> },
    /// 12.1.3 A1: the attack supported (1 SP a formation) or not.
    Supported(bool),
    /// 12.1.3 A2: a German CAS mission for the combat.
    GermanAir(bool),
    /// 12.1.3 A3/A4: artillery supporting the attacker, then the defender.
    Artillery(Vec<String>),
    /// 12.1.3 A5: an Assault Engineer's bonus.
    Engineer(Option<String>),
    /// 12.1.3 A6: the defender's No Retreat.
    NoRetreat(bool),
    /// 13.2.1: places an SDM on a road hex it can supply from.
    PlaceSdm { sdm: String, hex: HexId },
    /// 14.7: 1 SP of `sdm` puts up to 3 OOS units on `hex` in supply.
    Extend { sdm: String, hex: HexId },
    /// 14.4: resupplies an artillery unit; `full` flips a German regiment with an
    /// Out-of-Ammo marker to its front too (2 SP), else only the marker goes (1 SP).
    Resupply { unit: String, full: bool },
    /// 14.8: a Soviet Front's air-drop on a hex of its OOS units.
    AirDrop { hex: HexId },
    /// 15.2.1: the controller tries to blow the bridge on hexside `a`-`b`.
    DestroyBridge { a: HexId, b: HexId },
    /// 15.2.2: an engineer starts repairing the destroyed river bridge `a`-`b` (1 SP).
    RepairBridge { a: HexId, b: HexId, unit: String },
    /// 15.3.1: a Soviet division or army engineer starts a minefield in its hex,
    /// facing the neighbour `facing` (J-31).
    BuildMinefield { unit: String, facing: HexId },
    /// 15.1: a German engineer builds an Improved Position in its hex.
    BuildIp { unit: String },
    /// Advance after combat along `path` (12.15).
    Advance { unit: String, path: Vec<HexId> },
}

/// `Display` names hexes by number, as the logs have them; a choice names them as the
/// sheets print them ([`WriteNamed`]).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_named(f, &number)
    }
}

impl WriteNamed for Action {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
        let hexes = |p: &[HexId]| join(p, "-", name);
        match self {
            Action::EndPhase => write!(f, "end the step"),
            Action::Intercept {
                interceptor,
                target,
            } => {
                write!(f, "{interceptor} intercepts {target}")
            }
            Action::Decline => write!(f, "decline"),
            Action::ReturnFire => write!(f, "halt and return fire"),
            Action::Enter { unit, hex } => write!(f, "{unit} enters at {}", name(*hex)),
            Action::Reserve { unit } => write!(f, "{unit} goes into reserve"),
            Action::Wanda => write!(f, "declare Operation Wanda"),
            Action::Replace { unit } => write!(f, "{unit} receives a replacement step"),
            Action::Move { units, to, mode } => {
                write!(f, "{} move to {} ({mode:?})", units.join("+"), name(*to))
            }
            Action::Declare { hex } => write!(f, "declare an attack on {}", name(*hex)),
            Action::AlarmAttack { hex } => {
                write!(f, "attack the Alarm unit on {}", name(*hex))
            }
            Action::SovietAir { hex } => write!(f, "Soviet air mission over {}", name(*hex)),
            Action::React { unit, to } => write!(f, "{unit} moves one hex to {}", name(*to)),
            Action::Attack { target, from } => {
                write!(f, "attack {} from {}", name(*target), hexes(from))
            }
            Action::Supported(b) => write!(f, "{}", if *b { "supported" } else { "unsupported" }),
            Action::GermanAir(b) => {
                write!(f, "German air mission: {}", if *b { "yes" } else { "no" })
            }
            Action::Artillery(u) if u.is_empty() => write!(f, "no artillery"),
            Action::Artillery(u) => write!(f, "artillery {}", u.join("+")),
            Action::Engineer(None) => write!(f, "no assault engineer"),
            Action::Engineer(Some(u)) => write!(f, "assault engineer {u}"),
            Action::NoRetreat(b) => write!(f, "No Retreat: {}", if *b { "yes" } else { "no" }),
            Action::Advance { unit, path } => write!(f, "{unit} advances {}", hexes(path)),
            Action::PlaceSdm { sdm, hex } => write!(f, "place {sdm} at {}", name(*hex)),
            Action::Extend { sdm, hex } => {
                write!(f, "{sdm} extends supply to {}", name(*hex))
            }
            Action::Resupply { unit, full } => {
                write!(f, "resupply {unit}{}", if *full { " fully" } else { "" })
            }
            Action::AirDrop { hex } => write!(f, "Soviet air-drop on {}", name(*hex)),
            Action::DestroyBridge { a, b } => write!(f, "blow the bridge {}", hexes(&[*a, *b])),
            Action::RepairBridge { a, b, unit } => {
                write!(f, "{unit} repairs the bridge {}", hexes(&[*a, *b]))
            }
            Action::BuildMinefield { unit, facing } => {
                write!(f, "{unit} lays a minefield facing {}", name(*facing))
            }
            Action::BuildIp { unit } => write!(f, "{unit} builds an Improved Position"),
        }
    }
}
