//! Everything that happens in a game, as events: the checked action's consequences with
//! their dice already rolled, so [`super::state::State::apply`] only writes them down.
//! Units are named by id, so a log reads without the scenario at hand.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::crt::{Outcome, odds_name};
use sztab_core::hex::{HexId, MapEdge};
use sztab_seam::hex_names::{HexName, WriteNamed, join, number};

/// The steps of a player-turn where the player acts (Sequence of Play: minefield
/// attacks come first and are automatic, turning units face-up last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Steps 2-3: announce and resolve normal combat; engineers try to clear mines.
    Fire,
    /// Step 4: vehicles move, load and unload; overruns.
    VehicleMove,
    /// Step 5: non-vehicular units move.
    FootMove,
    /// Step 5, after movement: close assaults.
    Assault,
    /// Impulse Movement A: every unit moves half its MF (P-25).
    FirstImpulse,
    /// Impulse Movement B: the other side fires, its firing units not flipped.
    ReturnFire,
    /// Impulse Movement D: units that did not fire move the rest; overruns.
    SecondImpulse,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Fire => "fire",
            Step::VehicleMove => "vehicle movement",
            Step::FootMove => "non-vehicle movement",
            Step::Assault => "close assault",
            Step::FirstImpulse => "first movement impulse",
            Step::ReturnFire => "return fire",
            Step::SecondImpulse => "second movement impulse",
        }
    }

    /// Vehicles (`vehicle`) or other units move in it.
    pub fn moves(self, vehicle: bool) -> bool {
        match self {
            Step::VehicleMove => vehicle,
            Step::FootMove => !vehicle,
            Step::FirstImpulse | Step::SecondImpulse => true,
            _ => false,
        }
    }

    /// Any unit moves in it.
    pub fn is_movement(self) -> bool {
        self.moves(true) || self.moves(false)
    }

    /// Carriers load and unload in it.
    pub fn transports(self) -> bool {
        self.moves(true)
    }

    /// Armored units overrun in it.
    pub fn overruns(self) -> bool {
        matches!(self, Step::VehicleMove | Step::SecondImpulse)
    }

    /// Normal fire is announced in it.
    pub fn fires(self) -> bool {
        matches!(self, Step::Fire | Step::ReturnFire)
    }

    /// The side to act is not the side whose player-turn it is (Impulse Movement's
    /// return fire).
    pub fn fires_back(self) -> bool {
        self == Step::ReturnFire
    }
}

/// How a stack is attacked by normal fire ("How to have combat" I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Only the weakest unit; as low as 1-4.
    Selective,
    /// Two or more units, weakest first, each at 1-1 or better.
    Multiple,
    /// The stack as one combined defense factor; as low as 1-4.
    Combination,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Selective => "selective",
            Mode::Multiple => "multiple",
            Mode::Combination => "combination",
        }
    }
}

/// What an attack hits: a unit (with its passenger, if it carries one) or a
/// fortification (with the units in it).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Target {
    Unit(String),
    Fort(HexId),
}

impl WriteNamed for Target {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
        match self {
            Target::Unit(u) => f.write_str(u),
            Target::Fort(h) => write!(f, "the fortification on {}", name(*h)),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_named(f, &number)
    }
}

/// The kind of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    Fire(Mode),
    Overrun,
    Assault,
    /// A minefield attacks every unit on it at 2-1.
    Mines,
    /// Firing on enemy units sitting on one's own fortification: the second roll, for
    /// the effect on one's own units inside (Fortifications K).
    OwnFort,
}

/// One die roll on the table and what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub kind: AttackKind,
    pub hex: HexId,
    pub attackers: Vec<String>,
    pub targets: Vec<Target>,
    pub attack: u32,
    pub defense: u32,
    /// The column after every shift (0 is 1-4).
    pub column: i32,
    pub modifier: i32,
    pub roll: u8,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    /// A side's player-turn begins: its units' turn flags are cleared.
    PlayerTurn {
        side: usize,
    },
    StepBegan {
        step: Step,
    },
    Placed {
        unit: String,
        hex: HexId,
        in_fort: bool,
    },
    Attacked(Attack),
    Dispersed {
        unit: String,
    },
    Destroyed {
        unit: String,
        hex: HexId,
    },
    WreckLeft {
        hex: HexId,
        side: usize,
    },
    FortDispersed {
        hex: HexId,
    },
    /// The fortification is destroyed and a block takes its place (Fortifications P).
    FortDestroyed {
        hex: HexId,
    },
    /// Units already on a fortification's hex go into it: its occupants are gone.
    FortTaken {
        hex: HexId,
        units: Vec<String>,
    },
    Moved {
        unit: String,
        path: Vec<HexId>,
        /// Half MF spent this turn so far.
        spent: u32,
        /// The road rate was used on this move.
        road: bool,
        /// The move passed a unit on a road: the next road hex costs its terrain.
        passing: bool,
        /// The unit must stop (mines, a block, an overrun).
        stop: bool,
        in_fort: bool,
    },
    Entered {
        unit: String,
        hex: HexId,
        passenger: Option<String>,
        spent: u32,
        stop: bool,
        in_fort: bool,
    },
    Exited {
        unit: String,
        edge: MapEdge,
    },
    Loaded {
        carrier: String,
        passenger: String,
    },
    Unloaded {
        carrier: String,
        passenger: String,
        hex: HexId,
        in_fort: bool,
    },
    /// A passenger jumps off its overrunning carrier on `hex`, in front of the overrun
    /// stack on `at` (PanzerBlitz Assault, P-24).
    JumpedOff {
        carrier: String,
        passenger: String,
        hex: HexId,
        at: HexId,
    },
    MinesCleared {
        hex: HexId,
        unit: String,
        roll: u8,
    },
    MinesHeld {
        hex: HexId,
        unit: String,
        roll: u8,
    },
    /// Fired intensively and removed from play (the Ammunition rule).
    Expended {
        unit: String,
    },
    /// Step 6: the side's units are turned face-up.
    Recovered {
        side: usize,
    },
    Departed {
        unit: String,
    },
    /// Set up hidden (Hidden Deployment, P-26).
    Hidden {
        units: Vec<String>,
    },
    /// A hidden unit is placed in view: `how` it was found.
    Revealed {
        unit: String,
        hex: HexId,
        how: String,
    },
    GameEnded {
        winner: Option<String>,
        level: String,
    },
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_named(f, &number)
    }
}

impl WriteNamed for Attack {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
        let targets: Vec<String> = self
            .targets
            .iter()
            .map(|t| t.named(name).to_string())
            .collect();
        let what = match self.kind {
            AttackKind::Fire(m) => format!("{} fire", m.name()),
            AttackKind::Overrun => "overrun".into(),
            AttackKind::Assault => "close assault".into(),
            AttackKind::Mines => "minefield".into(),
            AttackKind::OwnFort => "own fortification".into(),
        };
        write!(
            f,
            "{what} on {} ({}) by {}: {} to {}, ",
            name(self.hex),
            targets.join(", "),
            if self.attackers.is_empty() {
                "the mines".to_owned()
            } else {
                self.attackers.join(", ")
            },
            self.attack,
            self.defense,
        )?;
        match super::crt::column(self.attack, self.defense) {
            _ if self.kind == AttackKind::OwnFort => write!(
                f,
                "at the attack's column, {} (Fortifications K, P-09) ",
                odds_name(self.column)
            )?,
            Some(base) if base != self.column => {
                let why = match self.kind {
                    AttackKind::Overrun => "Overrun D",
                    AttackKind::Assault => "engineers with infantry, Close Assault E",
                    _ => "shifted",
                };
                write!(
                    f,
                    "{}, {} ({why}): {} ",
                    odds_name(base),
                    shift_name(self.column - base),
                    odds_name(self.column)
                )?;
            }
            _ => write!(f, "{} ", odds_name(self.column))?,
        }
        write!(
            f,
            "roll {} {:+} = {}: {}",
            self.roll,
            self.modifier,
            i32::from(self.roll) + self.modifier,
            self.outcome.code()
        )
    }
}

/// `Display` names hexes by number: the game logs' fingerprints are made of this text.
/// The narration a person reads names them as the map prints them ([`WriteNamed`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_named(f, &number)
    }
}

impl WriteNamed for Event {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
        let path = |p: &[HexId]| join(p, " ", name);
        let fort = |b: bool| if b { " (into the fortification)" } else { "" };
        match self {
            Event::TurnBegan { turn } => write!(f, "turn {turn} begins"),
            Event::PlayerTurn { side } => write!(f, "player-turn of side {side}"),
            Event::StepBegan { step } => write!(f, "{} step", step.name()),
            Event::Placed { unit, hex, in_fort } => {
                write!(f, "{unit} set up on {}{}", name(*hex), fort(*in_fort))
            }
            Event::Attacked(a) => a.write_named(f, name),
            Event::Dispersed { unit } => write!(f, "{unit} is dispersed"),
            Event::Destroyed { unit, hex } => {
                write!(f, "{unit} is destroyed on {}", name(*hex))
            }
            Event::WreckLeft { hex, side } => {
                write!(f, "a wreck of side {side} on {}", name(*hex))
            }
            Event::FortDispersed { hex } => {
                write!(f, "the fortification on {} is dispersed", name(*hex))
            }
            Event::FortDestroyed { hex } => {
                write!(
                    f,
                    "the fortification on {} is destroyed: a block",
                    name(*hex)
                )
            }
            Event::FortTaken { hex, units } => write!(
                f,
                "{} take the fortification on {}",
                units.join(", "),
                name(*hex)
            ),
            Event::Moved {
                unit,
                path: p,
                spent,
                road,
                passing,
                stop,
                in_fort,
            } => {
                write!(f, "{unit} moves {} ({} MF", path(p), half(*spent))?;
                if *road {
                    f.write_str(", road")?;
                }
                if *passing {
                    f.write_str(", passing")?;
                }
                if *stop {
                    f.write_str(", stops")?;
                }
                write!(f, "){}", fort(*in_fort))
            }
            Event::Entered {
                unit,
                hex,
                passenger,
                spent,
                stop,
                in_fort,
            } => {
                write!(f, "{unit} enters on {}", name(*hex))?;
                if let Some(p) = passenger {
                    write!(f, " carrying {p}")?;
                }
                write!(
                    f,
                    " ({} MF{}){}",
                    half(*spent),
                    if *stop { ", stops" } else { "" },
                    fort(*in_fort)
                )
            }
            Event::Exited { unit, edge } => write!(f, "{unit} leaves the board ({edge:?})"),
            Event::Loaded { carrier, passenger } => write!(f, "{carrier} loads {passenger}"),
            Event::Unloaded {
                carrier,
                passenger,
                hex,
                in_fort,
            } => write!(
                f,
                "{carrier} unloads {passenger} on {}{}",
                name(*hex),
                fort(*in_fort)
            ),
            Event::JumpedOff {
                carrier,
                passenger,
                hex,
                at,
            } => write!(
                f,
                "{passenger} jumps off {carrier} on {} to assault {}",
                name(*hex),
                name(*at)
            ),
            Event::MinesCleared { hex, unit, roll } => {
                write!(f, "{unit} clears the mines on {} (roll {roll})", name(*hex))
            }
            Event::MinesHeld { hex, unit, roll } => write!(
                f,
                "{unit} fails to clear the mines on {} (roll {roll})",
                name(*hex)
            ),
            Event::Expended { unit } => write!(f, "{unit} fired intensively and is removed"),
            Event::Recovered { side } => write!(f, "side {side} turns its units face-up"),
            Event::Departed { unit } => write!(f, "{unit} leaves the game"),
            Event::Hidden { units } => write!(f, "set up hidden: {}", units.join(" ")),
            Event::Revealed { unit, hex, how } => {
                write!(f, "{unit} is revealed on {} ({how})", name(*hex))
            }
            Event::GameEnded { winner, level } => match winner {
                Some(w) => write!(f, "game over: {level} ({w} wins)"),
                None => write!(f, "game over: {level}"),
            },
        }
    }
}

/// Half MF as the rules write them: "3", "3½".
pub fn half(h: u32) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}½", h / 2)
    }
}

/// A column shift in words: "one column better", "2 columns worse".
pub fn shift_name(shift: i32) -> String {
    let n = shift.unsigned_abs();
    let way = if shift >= 0 { "better" } else { "worse" };
    if n == 1 {
        format!("one column {way}")
    } else {
        format!("{n} columns {way}")
    }
}
