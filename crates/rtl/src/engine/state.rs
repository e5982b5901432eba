//! What changes in a game: where every unit is and its markers (steps, Disrupted, supply,
//! Fired, Spent, First/Final Activation), the Strongpoints, hex control, the turn's
//! weather and Initiative, the cups and Activation Pools, the Operations Sequence under
//! way with its phase, and the decisions waiting for a player.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use sztab_core::hex::{Dir, HexId};

use super::crt::CrtResult;
use super::words::{CrtKind, Mp, SeqKind, Side, Supply, Weather};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    Map(HexId),
    /// Off the map: a reinforcement not yet entered, a Bridge unit kept off (16.23).
    Off,
    /// The Air Display's Ready Box (13.11).
    Ready,
    Flown,
    /// Eliminated.
    Gone,
}

/// One unit's state.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    pub loc: Loc,
    /// Steps left (3.6); 0 once eliminated.
    pub steps: u8,
    pub disrupted: bool,
    pub supply: Supply,
    /// Artillery on its Fired side (3.62).
    pub fired: bool,
    /// An HQ or Leader on its Spent side (15.32).
    pub spent: bool,
    /// First and Final Activation markers this turn (7.42-7.43, 15.24).
    pub activations: u8,
    /// The turn it entered the map: it is in supply that turn (5.26).
    pub entered: Option<u32>,
    /// A Bridge unit's arrow (16.21).
    pub arrow: Option<Dir>,
    /// When it came to its hex: the last to come are the excess of a stack (decision R-08).
    pub since: u64,
    /// It tried Combat Refusal this turn (9.26, 9.32).
    pub refused: bool,
}

impl UnitState {
    pub fn hex(&self) -> Option<HexId> {
        match self.loc {
            Loc::Map(h) => Some(h),
            _ => None,
        }
    }

    pub fn alive(&self) -> bool {
        self.loc != Loc::Gone
    }
}

/// A Strongpoint marker (14.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strongpoint {
    pub side: Side,
    pub complete: bool,
    /// The unit building it, while under construction (14.25).
    pub builder: Option<usize>,
}

/// What the strategic and reorganization segments and the operations run through.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// The Second Player leaves Activation Markers out of his cup (7.14).
    HoldOut {
        side: Side,
    },
    /// The First Player chooses the first AM of the scenario (7.15).
    ChooseFirst {
        side: Side,
    },
    /// A player with an AM in his Activation Pool draws, or plays the pooled one (7.34).
    Open {
        side: Side,
    },
    /// An AM drawn (or none, when only the pooled one is left): what to play (7.21, 7.31).
    Choose {
        side: Side,
        drawn: Option<usize>,
    },
    /// An Operations Sequence under way.
    Sequence,
    /// The Reorganization Segment's Engineering Phase: Bridge units (16.22).
    Bridges {
        side: Side,
    },
    Over,
}

/// The phases of an Operations Sequence (7.21, The Operations Sequences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stage {
    Engineering,
    Movement,
    Declaration,
    /// The defender names each Defender Hex's Lead unit (decision R-10).
    Leads,
    Refusal,
    Reaction,
    NoRetreat,
    Combat,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Engineering => "Engineering Phase",
            Stage::Movement => "Movement Phase",
            Stage::Declaration => "Combat Declaration",
            Stage::Leads => "naming of the Defender Hexes' Lead units",
            Stage::Refusal => "Combat Refusal",
            Stage::Reaction => "Reaction Movement",
            Stage::NoRetreat => "No Retreat",
            Stage::Combat => "Combat Phase",
        }
    }
}

/// The stack moving now (8.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mover {
    pub units: Vec<usize>,
    pub hex: HexId,
    /// It has entered a hex: no unit may join it.
    pub moved: bool,
    /// After an Overrun into another enemy ZOC it must Overrun again or stop (8.67i).
    pub must_overrun: bool,
}

/// A Declared Attack (9.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub hex: HexId,
    pub units: Vec<usize>,
}

/// A combat being resolved, before its roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BattleStage {
    /// The defender commits his Command Points to the Defender Hex (15.33b).
    Defend,
    /// The defender names the Lead unit of an overrun hex (8.67b).
    Lead,
    Air(Side),
    Artillery(Side),
    /// Rolled: the results are being applied.
    Aftermath,
}

/// One combat (10.0) or Overrun (8.6).
#[derive(Clone, Debug, PartialEq)]
pub struct Battle {
    pub hex: HexId,
    pub attacker: Side,
    pub overrun: bool,
    pub crt: CrtKind,
    /// The attacking non-artillery units.
    pub units: Vec<usize>,
    pub lead: usize,
    pub defender_lead: Option<usize>,
    /// The HQ and Leader spending Command Points, by side (15.33).
    pub hq: [Option<usize>; 2],
    pub leader: [Option<usize>; 2],
    pub air: [Vec<usize>; 2],
    pub artillery: [Vec<usize>; 2],
    pub stage: BattleStage,
    pub result: Option<CrtResult>,
    /// The defending units, fixed at the roll.
    pub defenders: Vec<usize>,
    /// The last defender step went to No Retreat: no advance (11.42c).
    pub no_advance: bool,
    /// Command Points each side committed (15.33).
    pub cp: [u32; 2],
    /// Armor attrition applies (11.12).
    pub attrition: bool,
    /// The CAS DRM each side's air gave (13.23).
    pub cas: [i32; 2],
}

/// A step of a combat's results, worked out when its turn comes (Expanded SoP k-l).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    DefenderLoss,
    AttackerLoss,
    NoRetreatLoss,
    Disrupt,
    DefenderRetreat,
    /// An Overrun that did not clear the hex costs a step and stops the stack (8.68).
    OverrunOutcome,
    AttackerRetreat,
    Advance,
    Finish,
}

/// Steps a player must take from a force (11.21).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossOrder {
    /// Who chooses: the owner, or the enemy (11.56d).
    pub chooser: Side,
    pub units: Vec<usize>,
    pub steps: u8,
    /// The first step must be an armor step (11.12).
    pub armor_first: bool,
}

/// A retreat to be made (11.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatOrder {
    pub chooser: Side,
    pub units: Vec<usize>,
    pub from: HexId,
    /// The Defender Hex: a retreat moves away from it.
    pub origin: HexId,
    /// Mobile CRT, Overrun and Combat Refusal: exactly two hexes (11.31a).
    pub exactly_two: bool,
    /// Combat Refusal: no vacant enemy-ZOC hex, no end in a Defender Hex (9.24-9.25).
    pub refusal: bool,
    /// An Overrun's retreat Disrupts (8.67g).
    pub disrupt: bool,
}

/// An Advance after Combat that may be made (11.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvanceOrder {
    pub side: Side,
    pub hex: HexId,
    pub units: Vec<usize>,
    /// Units that may go a second hex (11.61b).
    pub two: Vec<usize>,
}

/// A decision waiting on top of the phase.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Aftermath(After),
    Loss(LossOrder),
    Retreat(RetreatOrder),
    Advance(AdvanceOrder),
}

/// The Operations Sequence under way.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequence {
    pub side: Side,
    pub kind: SeqKind,
    pub formations: Vec<usize>,
    /// Army units activated with it (7.46).
    pub army: Vec<usize>,
    pub stage: Stage,
    /// MP spent this phase.
    pub spent: BTreeMap<usize, Mp>,
    /// Units that have moved this phase (8.13).
    pub done: BTreeSet<usize>,
    pub mover: Option<Mover>,
    /// Where units stood when the phase began (8.23, 8.62b).
    pub start: BTreeMap<usize, HexId>,
    pub attacks: Vec<Attack>,
    /// The Defender Hexes' Lead units.
    pub leads: BTreeMap<HexId, usize>,
    /// Hexes whose Combat Refusal, Reaction or No Retreat has been tried.
    pub tried: BTreeSet<(Stage, HexId)>,
    /// Units whose Reaction check passed: they may move (9.33).
    pub reacting: BTreeSet<usize>,
    pub no_retreat: BTreeSet<HexId>,
    /// Units that attacked or defended this Combat Phase (10.11), or advanced (11.62).
    pub fought: BTreeSet<usize>,
    /// Units that retreated into a Defender Hex not yet resolved (11.35).
    pub sheltering: BTreeMap<usize, HexId>,
    pub battle: Option<Battle>,
}

impl Sequence {
    pub fn new(side: Side, kind: SeqKind, formations: Vec<usize>) -> Sequence {
        Sequence {
            side,
            kind,
            formations,
            army: Vec::new(),
            stage: Stage::Engineering,
            spent: BTreeMap::new(),
            done: BTreeSet::new(),
            mover: None,
            start: BTreeMap::new(),
            attacks: Vec::new(),
            leads: BTreeMap::new(),
            tried: BTreeSet::new(),
            reacting: BTreeSet::new(),
            no_retreat: BTreeSet::new(),
            fought: BTreeSet::new(),
            sheltering: BTreeMap::new(),
            battle: None,
        }
    }
}

/// The whole state of a game.
#[derive(Clone, Debug)]
pub struct State {
    pub turn: u32,
    pub weather: Weather,
    pub phase: Phase,
    pub units: Vec<UnitState>,
    pub strongpoints: BTreeMap<HexId, Strongpoint>,
    /// The side whose combat units last occupied or moved through a hex (3.12a).
    pub moved_through: BTreeMap<HexId, Side>,
    /// The side with the Initiative this turn (7.12).
    pub initiative: Side,
    /// Pass Sequences taken, this turn and last (7.13).
    pub passes: [u32; 2],
    pub passes_last: [u32; 2],
    pub cup: [Vec<usize>; 2],
    pub pool: [Option<usize>; 2],
    /// The side whose Operations Sequence comes next.
    pub next: Side,
    /// The scenario's first Operations Sequence is still to come (7.15).
    pub first_sequence: bool,
    /// Offensive CAS missions left this turn (13.24b1), and the formations that have flown
    /// their one (13.24b3).
    pub cas_left: [u32; 2],
    pub cas_formations: BTreeSet<usize>,
    pub seq: Option<Sequence>,
    pub pending: Vec<Pending>,
    pub steps_lost: [u32; 2],
    /// Units eliminated, in order.
    pub eliminated: Vec<usize>,
    pub result: Option<Outcome>,
    pub clock: u64,
    /// Operations Sequences begun in the game: with the turn and the phase, the clock a
    /// bot going round in circles is cut off by.
    pub sequences: u32,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    /// The victory level reached, or "draw".
    pub level: String,
    /// Victory points, by side.
    pub vp: [i32; 2],
    pub turn: u32,
    pub sudden: bool,
}

impl State {
    pub fn seq(&self) -> Option<&Sequence> {
        self.seq.as_ref()
    }

    /// Units of `side` on `hex`, alive.
    pub fn at(&self, hex: HexId) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc == Loc::Map(hex))
            .map(|(i, _)| i)
    }

    pub fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }
}
