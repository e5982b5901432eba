//! The toy system's rules: a compiled scenario ([`Rules`]), the game state, actions,
//! events and the one-line combat table.
//!
//! A turn is the first side's Move and Attack phases, then the other side's. In its Move
//! phase a side's units move once each, up to their MP: clear costs 1, rough 2, a road
//! hexside 1 whatever the terrain; walls cannot be crossed; a unit stops on entering a
//! hex next to an enemy; one unit a hex; units due to arrive enter on an empty hex of
//! their entry and stop there. In its Attack phase each unit may attack one adjacent
//! enemy (not across a wall): one die + attack − defense − 1 if the target is in rough;
//! 4 or more eliminates it. After the last turn, or when a side has no unit left on the
//! map or to come, the scenario's victory levels are tried in order.

use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sztab_seam::play::{Dice, DieSampler};

use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::described::{self, Condition};
use sztab_core::model::{Entry, Problem};

/// A table roll of this much or more eliminates the target.
pub const KILL: i64 = 4;

/// One unit of the scenario.
#[derive(Clone, Debug)]
pub struct UnitInfo {
    pub id: String,
    pub name: String,
    /// 0: the side that moves first.
    pub side: usize,
    pub attack: i64,
    pub defense: i64,
    pub mp: u32,
}

/// The scenario compiled for play.
#[derive(Clone, Debug)]
pub struct Rules {
    pub title: String,
    /// Side ids and names; index 0 moves first.
    pub sides: [(String, String); 2],
    pub turns: u32,
    pub grid: sztab_core::hex::Grid,
    rough: BTreeSet<HexId>,
    walls: BTreeSet<Hexside>,
    roads: BTreeSet<Hexside>,
    pub units: Vec<UnitInfo>,
    /// Units on the map at the start.
    setup: Vec<(usize, HexId)>,
    /// Per turn: units that may enter and where.
    arrivals: Vec<(u32, Vec<usize>, Vec<HexId>)>,
    departures: Vec<(u32, Vec<usize>)>,
    victory: Option<described::Victory>,
    places: BTreeMap<String, Vec<HexId>>,
}

impl Rules {
    /// Compiles a described bundle of the toy system; the reference checks have run.
    pub fn compile(b: &described::Bundle) -> Result<Rules, Vec<Problem>> {
        let s = &b.scenario;
        let first = s.sides.iter().position(|x| x.id == s.first).unwrap_or(0);
        let order = [first, 1 - first.min(1)];
        if s.sides.len() != 2 {
            return Err(vec![Problem::error("S01", "the toy game has two sides")]);
        }
        let side_of = |nation: &str| {
            order
                .iter()
                .position(|&i| s.sides[i].nations.iter().any(|n| n.as_str() == nation))
        };
        let schema = super::UNIT_SCHEMA;
        let mut units = Vec::new();
        let mut index = HashMap::new();
        for u in &b.counters.units {
            let Some(side) = side_of(u.nation.as_str()) else {
                continue;
            };
            index.insert(u.id.to_string(), units.len());
            units.push(UnitInfo {
                id: u.id.to_string(),
                name: u.designation.clone(),
                side,
                attack: schema.int(&u.attrs, "attack"),
                defense: schema.int(&u.attrs, "defense"),
                mp: schema.int(&u.attrs, "move").max(0) as u32,
            });
        }
        let unit = |id: &str| index.get(id).copied();
        let map = &b.map;
        let entry_hexes = |entries: &[Entry]| -> Vec<HexId> {
            let mut hs = BTreeSet::new();
            for e in entries {
                match e {
                    Entry::Zone(z) => hs.extend(map.zones.get(z).into_iter().flatten().copied()),
                    Entry::Hex(h) => {
                        hs.insert(*h);
                    }
                    Entry::Place(p) => hs.extend(
                        map.place(p)
                            .into_iter()
                            .flat_map(|p| p.hexes.iter().copied()),
                    ),
                    Entry::Edge(e) => hs.extend(map.grid.edge_hexes(*e)),
                }
            }
            hs.into_iter().filter(|h| map.grid.contains(*h)).collect()
        };
        Ok(Rules {
            title: s.title.clone(),
            sides: order.map(|i| (s.sides[i].id.to_string(), s.sides[i].name.clone())),
            turns: s.turns,
            grid: map.grid,
            rough: map
                .hexes
                .iter()
                .filter(|(_, c)| c.terrain.as_str() == "rough")
                .map(|(h, _)| *h)
                .collect(),
            walls: map
                .hexsides
                .iter()
                .filter(|(_, fs)| fs.iter().any(|f| f.kind.as_str() == "wall"))
                .map(|(s, _)| *s)
                .collect(),
            roads: map.roads.keys().copied().collect(),
            setup: s
                .setup
                .iter()
                .filter_map(|p| Some((unit(p.unit.as_str())?, p.hex)))
                .collect(),
            arrivals: s
                .arrivals
                .iter()
                .map(|a| {
                    let us = a.units.iter().filter_map(|u| unit(u.as_str())).collect();
                    (a.turn, us, entry_hexes(&a.entry))
                })
                .collect(),
            departures: s
                .departures
                .iter()
                .map(|d| {
                    (
                        d.turn,
                        d.units.iter().filter_map(|u| unit(u.as_str())).collect(),
                    )
                })
                .collect(),
            victory: s.victory.clone(),
            places: map
                .places
                .iter()
                .map(|p| (p.name.clone(), p.hexes.clone()))
                .collect(),
            units,
        })
    }

    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    /// Every condition of every victory level.
    pub fn victory_conditions(&self) -> Vec<&Condition> {
        self.victory
            .iter()
            .flat_map(|v| v.levels.iter().flat_map(|l| l.all_of.iter()))
            .collect()
    }

    pub fn place_hexes(&self, place: &str) -> Vec<HexId> {
        self.places.get(place).cloned().unwrap_or_default()
    }

    pub fn setup(&self) -> &[(usize, HexId)] {
        &self.setup
    }

    pub fn is_rough(&self, h: HexId) -> bool {
        self.rough.contains(&h)
    }

    /// Crossing from `a` to the adjacent `b` is blocked by a wall.
    pub fn walled(&self, a: HexId, b: HexId) -> bool {
        self.grid
            .hexside(a, b)
            .is_some_and(|s| self.walls.contains(&s))
    }

    /// The MP to enter `b` from the adjacent `a`.
    pub fn step_cost(&self, a: HexId, b: HexId) -> Option<u32> {
        let side = self.grid.hexside(a, b)?;
        if self.walls.contains(&side) {
            return None;
        }
        if self.roads.contains(&side) {
            return Some(1);
        }
        Some(if self.is_rough(b) { 2 } else { 1 })
    }

    /// The target's defense bonus on the table.
    pub fn terrain_bonus(&self, h: HexId) -> i64 {
        i64::from(self.is_rough(h))
    }

    /// Where units arriving on `turn` may enter, and which.
    pub fn arrivals_on(&self, turn: u32) -> impl Iterator<Item = (&[usize], &[HexId])> {
        self.arrivals
            .iter()
            .filter(move |(t, _, _)| *t <= turn)
            .map(|(_, u, h)| (u.as_slice(), h.as_slice()))
    }
}

/// The two phases of a side's half of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Move,
    Attack,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    /// Not arrived yet.
    Waiting,
    On(HexId),
    Eliminated,
    Departed,
}

/// Everything a player may order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Move { unit: String, to: HexId },
    Enter { unit: String, hex: HexId },
    Attack { unit: String, target: String },
    EndPhase,
}

/// Everything that happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    PhaseBegan {
        side: usize,
        phase: Phase,
    },
    Placed {
        unit: String,
        hex: HexId,
    },
    Moved {
        unit: String,
        path: Vec<HexId>,
    },
    Entered {
        unit: String,
        hex: HexId,
    },
    Attacked {
        unit: String,
        target: String,
        roll: u8,
        total: i64,
    },
    Eliminated {
        unit: String,
        hex: HexId,
    },
    Departed {
        unit: String,
    },
    GameEnded {
        /// The winning side's id.
        winner: Option<String>,
        level: String,
    },
}

/// The state of a game; changed only by [`State::apply`].
#[derive(Clone, Debug)]
pub struct State {
    pub turn: u32,
    pub side: usize,
    pub phase: Phase,
    pub loc: Vec<Loc>,
    /// Acted this phase (moved, entered or attacked).
    pub done: Vec<bool>,
    /// The side whose unit last stood on each hex.
    pub held: BTreeMap<HexId, usize>,
    pub result: Option<(Option<usize>, String)>,
}

impl State {
    fn new(rules: &Rules) -> Self {
        Self {
            turn: 0,
            side: 0,
            phase: Phase::Move,
            loc: vec![Loc::Waiting; rules.units.len()],
            done: vec![false; rules.units.len()],
            held: BTreeMap::new(),
            result: None,
        }
    }

    pub fn at(&self, h: HexId) -> Option<usize> {
        self.loc.iter().position(|l| *l == Loc::On(h))
    }

    /// The only code that changes a state.
    pub fn apply(&mut self, rules: &Rules, e: &Event) {
        let ix = |id: &str| rules.unit(id).unwrap_or(usize::MAX);
        match e {
            Event::TurnBegan { turn } => self.turn = *turn,
            Event::PhaseBegan { side, phase } => {
                self.side = *side;
                self.phase = *phase;
                self.done.iter_mut().for_each(|d| *d = false);
            }
            Event::Placed { unit, hex } | Event::Entered { unit, hex } => {
                let u = ix(unit);
                if let Some(l) = self.loc.get_mut(u) {
                    *l = Loc::On(*hex);
                    self.held.insert(*hex, rules.units[u].side);
                }
                if matches!(e, Event::Entered { .. })
                    && let Some(d) = self.done.get_mut(u)
                {
                    *d = true;
                }
            }
            Event::Moved { unit, path } => {
                let u = ix(unit);
                if let (Some(l), Some(end)) = (self.loc.get_mut(u), path.last()) {
                    *l = Loc::On(*end);
                    for h in path {
                        self.held.insert(*h, rules.units[u].side);
                    }
                    self.done[u] = true;
                }
            }
            Event::Attacked { unit, .. } => {
                if let Some(d) = self.done.get_mut(ix(unit)) {
                    *d = true;
                }
            }
            Event::Eliminated { unit, .. } => {
                if let Some(l) = self.loc.get_mut(ix(unit)) {
                    *l = Loc::Eliminated;
                }
            }
            Event::Departed { unit } => {
                if let Some(l) = self.loc.get_mut(ix(unit)) {
                    *l = Loc::Departed;
                }
            }
            Event::GameEnded { winner, level } => {
                let w = winner
                    .as_deref()
                    .and_then(|w| rules.sides.iter().position(|(id, _)| id == w));
                self.result = Some((w, level.clone()));
            }
        }
    }
}

/// A toy game: the compiled scenario, the state and the dice.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Arc<Rules>,
    state: State,
    pub(crate) dice: Dice,
    opening: Vec<Event>,
}

impl Game {
    /// A game seeded `seed`, its die drawn by `sampler` (the toy's games always used
    /// [`DieSampler::LowBits`]).
    pub fn new(rules: Arc<Rules>, seed: u64, sampler: DieSampler) -> Game {
        let mut g = Game {
            state: State::new(&rules),
            rules,
            dice: Dice::new(seed, sampler),
            opening: Vec::new(),
        };
        let mut events: Vec<Event> = g
            .rules
            .setup
            .iter()
            .map(|&(u, hex)| Event::Placed {
                unit: g.rules.units[u].id.clone(),
                hex,
            })
            .collect();
        events.extend(g.begin_turn(1));
        g.emit_all(&events);
        g.opening = events;
        g
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    pub fn is_over(&self) -> bool {
        self.state.result.is_some()
    }

    fn emit_all(&mut self, events: &[Event]) {
        for e in events {
            self.state.apply(&self.rules, e);
        }
    }

    /// One die, 1-6.
    fn die(&mut self) -> u8 {
        self.dice.d6()
    }

    /// The hexes `unit` can move to this phase, with their MP cost and path.
    pub fn reach(&self, unit: usize) -> BTreeMap<HexId, (u32, Vec<HexId>)> {
        let mut out = BTreeMap::new();
        let Loc::On(start) = self.state.loc[unit] else {
            return out;
        };
        let side = self.rules.units[unit].side;
        let mp = self.rules.units[unit].mp;
        let mut best: HashMap<HexId, (u32, Vec<HexId>)> = HashMap::new();
        let mut heap = BinaryHeap::new();
        best.insert(start, (0, Vec::new()));
        heap.push(std::cmp::Reverse((0u32, start)));
        while let Some(std::cmp::Reverse((cost, h))) = heap.pop() {
            if best.get(&h).is_some_and(|(c, _)| *c < cost) {
                continue;
            }
            // Entering a hex next to an enemy ends the move there.
            if h != start && self.next_to_enemy(h, side) {
                continue;
            }
            for n in self.rules.grid.neighbours(h) {
                let Some(step) = self.rules.step_cost(h, n) else {
                    continue;
                };
                let c = cost + step;
                let enemy = self
                    .state
                    .at(n)
                    .is_some_and(|o| self.rules.units[o].side != side);
                if c > mp || enemy || best.get(&n).is_some_and(|(b, _)| *b <= c) {
                    continue;
                }
                let mut path = best[&h].1.clone();
                path.push(n);
                best.insert(n, (c, path));
                heap.push(std::cmp::Reverse((c, n)));
            }
        }
        for (h, v) in best {
            // One unit a hex: a friendly hex may be passed through, not stopped on.
            if h != start && self.state.at(h).is_none() {
                out.insert(h, v);
            }
        }
        out
    }

    fn next_to_enemy(&self, h: HexId, side: usize) -> bool {
        self.rules.grid.neighbours(h).any(|n| {
            self.state
                .at(n)
                .is_some_and(|o| self.rules.units[o].side != side)
        })
    }

    /// Units that may still enter this phase, with their free entry hexes.
    pub fn can_enter(&self) -> Vec<(usize, Vec<HexId>)> {
        if self.state.phase != Phase::Move {
            return Vec::new();
        }
        self.rules
            .arrivals_on(self.state.turn)
            .flat_map(|(us, hexes)| us.iter().map(move |&u| (u, hexes)))
            .filter(|(u, _)| {
                self.state.loc[*u] == Loc::Waiting && self.rules.units[*u].side == self.state.side
            })
            .map(|(u, hexes)| {
                let free = hexes
                    .iter()
                    .copied()
                    .filter(|h| self.state.at(*h).is_none())
                    .collect();
                (u, free)
            })
            .collect()
    }

    /// Enemy units `unit` may attack now.
    pub fn targets(&self, unit: usize) -> Vec<usize> {
        let Loc::On(h) = self.state.loc[unit] else {
            return Vec::new();
        };
        if self.state.phase != Phase::Attack
            || self.state.done[unit]
            || self.rules.units[unit].side != self.state.side
        {
            return Vec::new();
        }
        self.rules
            .grid
            .neighbours(h)
            .filter(|n| !self.rules.walled(h, *n))
            .filter_map(|n| self.state.at(n))
            .filter(|&o| self.rules.units[o].side != self.state.side)
            .collect()
    }

    /// The table roll needed for `unit` to eliminate `target`: the die must show this
    /// or more (7 or more: it cannot).
    pub fn needed(&self, unit: usize, target: usize) -> i64 {
        let t = &self.rules.units[target];
        let bonus = match self.state.loc[target] {
            Loc::On(h) => self.rules.terrain_bonus(h),
            _ => 0,
        };
        (KILL - self.rules.units[unit].attack + t.defense + bonus).max(1)
    }

    /// Checks an action against the rules and carries it out; an illegal one changes
    /// nothing and says why.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        let events = match action {
            Action::Move { unit, to } => self.order_move(unit, *to)?,
            Action::Enter { unit, hex } => self.order_enter(unit, *hex)?,
            Action::Attack { unit, target } => self.order_attack(unit, target)?,
            Action::EndPhase => self.end_phase(),
        };
        Ok(events)
    }

    fn own_unit(&self, id: &str) -> Result<usize, String> {
        let u = self.rules.unit(id).ok_or_else(|| format!("no unit {id}"))?;
        if self.rules.units[u].side != self.state.side {
            return Err(format!("{id} is not a unit of the side to play"));
        }
        if self.state.done[u] {
            return Err(format!("{id} has already acted this phase"));
        }
        Ok(u)
    }

    fn order_move(&mut self, id: &str, to: HexId) -> Result<Vec<Event>, String> {
        if self.state.phase != Phase::Move {
            return Err("units move in their Move phase".into());
        }
        let u = self.own_unit(id)?;
        let (_, path) = self
            .reach(u)
            .remove(&to)
            .ok_or_else(|| format!("{id} cannot reach {to} this phase"))?;
        let e = Event::Moved {
            unit: id.to_owned(),
            path,
        };
        self.state.apply(&self.rules, &e);
        Ok(vec![e])
    }

    fn order_enter(&mut self, id: &str, hex: HexId) -> Result<Vec<Event>, String> {
        let u = self.own_unit(id)?;
        let ok = self
            .can_enter()
            .iter()
            .any(|(x, hs)| *x == u && hs.contains(&hex));
        if !ok {
            return Err(format!("{id} cannot enter on {hex} now"));
        }
        let e = Event::Entered {
            unit: id.to_owned(),
            hex,
        };
        self.state.apply(&self.rules, &e);
        Ok(vec![e])
    }

    fn order_attack(&mut self, id: &str, target: &str) -> Result<Vec<Event>, String> {
        let u = self.own_unit(id)?;
        let t = self
            .rules
            .unit(target)
            .ok_or_else(|| format!("no unit {target}"))?;
        if !self.targets(u).contains(&t) {
            return Err(format!("{id} cannot attack {target}"));
        }
        let roll = self.die();
        let total = i64::from(roll) + self.rules.units[u].attack
            - self.rules.units[t].defense
            - match self.state.loc[t] {
                Loc::On(h) => self.rules.terrain_bonus(h),
                _ => 0,
            };
        let mut events = vec![Event::Attacked {
            unit: id.to_owned(),
            target: target.to_owned(),
            roll,
            total,
        }];
        if total >= KILL
            && let Loc::On(hex) = self.state.loc[t]
        {
            events.push(Event::Eliminated {
                unit: target.to_owned(),
                hex,
            });
        }
        self.emit_all(&events);
        if self.side_wiped_out().is_some() {
            let end = self.end_game();
            self.emit_all(&end);
            events.extend(end);
        }
        Ok(events)
    }

    fn end_phase(&mut self) -> Vec<Event> {
        let next = match (self.state.phase, self.state.side) {
            (Phase::Move, s) => Some((s, Phase::Attack)),
            (Phase::Attack, 0) => Some((1, Phase::Move)),
            (Phase::Attack, _) => None,
        };
        let events = match next {
            Some((side, phase)) => vec![Event::PhaseBegan { side, phase }],
            None if self.state.turn >= self.rules.turns => self.end_game(),
            None => self.begin_turn(self.state.turn + 1),
        };
        self.emit_all(&events);
        events
    }

    fn begin_turn(&self, turn: u32) -> Vec<Event> {
        let mut events = vec![Event::TurnBegan { turn }];
        for (t, us) in &self.rules.departures {
            if *t != turn {
                continue;
            }
            for &u in us {
                if matches!(self.state.loc[u], Loc::On(_) | Loc::Waiting) {
                    events.push(Event::Departed {
                        unit: self.rules.units[u].id.clone(),
                    });
                }
            }
        }
        events.push(Event::PhaseBegan {
            side: 0,
            phase: Phase::Move,
        });
        events
    }

    /// A side with no unit on the map and none to come.
    fn side_wiped_out(&self) -> Option<usize> {
        (0..2).find(|&s| {
            !self
                .rules
                .units
                .iter()
                .zip(&self.state.loc)
                .any(|(u, l)| u.side == s && matches!(l, Loc::On(_) | Loc::Waiting))
        })
    }

    fn eliminated(&self, side: usize) -> u32 {
        self.rules
            .units
            .iter()
            .zip(&self.state.loc)
            .filter(|(u, l)| u.side == side && **l == Loc::Eliminated)
            .count() as u32
    }

    fn side_index(&self, id: &str) -> Option<usize> {
        self.rules.sides.iter().position(|(s, _)| s == id)
    }

    fn holds(&self, side: usize, hexes: &[HexId]) -> bool {
        !hexes.is_empty() && hexes.iter().all(|h| self.state.held.get(h) == Some(&side))
    }

    /// Whether a victory condition holds now.
    pub fn condition_holds(&self, c: &Condition) -> bool {
        let Some(side) = self.side_index(c.side().as_str()) else {
            return false;
        };
        match c {
            Condition::Holds { hexes, .. } => self.holds(side, hexes),
            Condition::HoldsPlace { place, .. } => self
                .rules
                .places
                .get(place)
                .is_some_and(|hs| self.holds(side, hs)),
            Condition::Eliminated { at_least, .. } => self.eliminated(side) >= *at_least,
            Condition::LosesAtMost { units, .. } => self.eliminated(side) <= *units,
            // The toy rules have no exits (setup check T04 says so).
            Condition::Exited { .. } => false,
            Condition::ExitedAtMost { .. } => true,
            // Nor victory points: every side's score is 0.
            Condition::Points { at_least, .. } => *at_least <= 0,
            Condition::PointsAtMost { at_most, .. } => *at_most >= 0,
            // Zones, ratios, advances and lines of fire are not toy rules: the setup
            // check T06 refuses them.
            Condition::InZone { .. }
            | Condition::InZoneAtMost { .. }
            | Condition::LossRatio { .. }
            | Condition::ZoneRatio { .. }
            | Condition::Advance { .. }
            | Condition::FireChain { .. }
            | Condition::FireCorridor { .. } => false,
        }
    }

    fn end_game(&self) -> Vec<Event> {
        let level = self.rules.victory.as_ref().and_then(|v| {
            v.levels
                .iter()
                .find(|l| l.all_of.iter().all(|c| self.condition_holds(c)))
        });
        let (winner, level) = match level {
            Some(l) => (Some(l.winner.to_string()), l.name.clone()),
            None => (None, "draw".to_owned()),
        };
        vec![Event::GameEnded { winner, level }]
    }
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hexes = |p: &[HexId]| {
            p.iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Event::TurnBegan { turn } => write!(f, "turn {turn} begins"),
            Event::PhaseBegan { side, phase } => write!(f, "side {side}: {phase:?} phase"),
            Event::Placed { unit, hex } => write!(f, "{unit} set up on {hex}"),
            Event::Moved { unit, path } => write!(f, "{unit} moves {}", hexes(path)),
            Event::Entered { unit, hex } => write!(f, "{unit} enters on {hex}"),
            Event::Attacked {
                unit,
                target,
                roll,
                total,
            } => write!(f, "{unit} attacks {target}: roll {roll}, total {total}"),
            Event::Eliminated { unit, hex } => write!(f, "{unit} is eliminated on {hex}"),
            Event::Departed { unit } => write!(f, "{unit} leaves the game"),
            Event::GameEnded { winner, level } => match winner {
                Some(w) => write!(f, "game over: {level} ({w} wins)"),
                None => write!(f, "game over: {level}"),
            },
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Move { unit, to } => write!(f, "move {unit} to {to}"),
            Action::Enter { unit, hex } => write!(f, "enter {unit} on {hex}"),
            Action::Attack { unit, target } => write!(f, "{unit} attacks {target}"),
            Action::EndPhase => f.write_str("end the phase"),
        }
    }
}
