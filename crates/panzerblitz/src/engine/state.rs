//! The state of a game, changed only by [`State::apply`] writing down events, and the
//! questions the rules ask of it (who is on a hex, how full a hex is).

use std::collections::{BTreeMap, BTreeSet};

use sztab_core::hex::{HexId, MapEdge};

use super::event::{AttackKind, Event, Step, Target};
use super::scenario::{Marker, Scenario};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loc {
    /// Not arrived yet.
    Waiting,
    On(HexId),
    /// A passenger, under its carrier.
    Carried(usize),
    Destroyed,
    Exited(MapEdge),
    /// Left the game on the scenario's schedule.
    Departed,
    /// Fired intensively and removed (counts as lost, Ammunition B).
    Expended,
}

/// One unit's state; the turn flags belong to its side's current player-turn.
#[derive(Clone, Debug, Default)]
pub struct UnitState {
    pub loc: Option<Loc>,
    /// Face down: may not move or fire ("D" on the CRT).
    pub dispersed: bool,
    /// Dispersed during the current player-turn: −1 to later attacks, DD destroys it.
    pub dispersed_now: bool,
    /// Fired (or tried to clear mines) this turn: may not move.
    pub fired: bool,
    /// Took part in a close assault this turn.
    pub assaulted: bool,
    /// Half MF spent this turn.
    pub spent: u32,
    /// Hexes entered this turn.
    pub hexes: u32,
    /// `hexes` when the current movement impulse began (0 but in the second impulse of
    /// Impulse Movement, P-25).
    pub hexes_before: u32,
    /// Its movement is over for the turn.
    pub stopped: bool,
    /// Moved at the road rate this turn.
    pub road: bool,
    /// Just passed a unit on a road.
    pub passing: bool,
    /// Where it began the turn.
    pub start: Option<HexId>,
    pub loaded_now: bool,
    pub unloaded_now: bool,
    /// Jumped off its carrier this turn to close-assault this overrun hex (PanzerBlitz
    /// Assault, P-24).
    pub jumped_off: Option<HexId>,
    /// Inside the fortification of its hex (not on top of it).
    pub in_fort: bool,
    pub carrying: Option<usize>,
}

impl UnitState {
    /// Its side's player-turn begins: nothing done yet.
    fn new_player_turn(&mut self) {
        self.fired = false;
        self.assaulted = false;
        self.spent = 0;
        self.hexes = 0;
        self.hexes_before = 0;
        self.stopped = false;
        self.road = false;
        self.passing = false;
        self.loaded_now = false;
        self.unloaded_now = false;
        self.jumped_off = None;
    }

    pub fn loc(&self) -> Loc {
        self.loc.unwrap_or(Loc::Waiting)
    }

    pub fn hex(&self) -> Option<HexId> {
        match self.loc() {
            Loc::On(h) => Some(h),
            _ => None,
        }
    }

    /// Lost for victory: destroyed or fired away.
    pub fn lost(&self) -> bool {
        matches!(self.loc(), Loc::Destroyed | Loc::Expended)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fort {
    pub df: u32,
    pub dispersed: bool,
    pub dispersed_now: bool,
}

/// The state of a game.
#[derive(Clone, Debug)]
pub struct State {
    pub turn: u32,
    /// The side whose player-turn it is.
    pub side: usize,
    pub step: Step,
    pub units: Vec<UnitState>,
    pub forts: BTreeMap<HexId, Fort>,
    pub mines: BTreeSet<HexId>,
    pub blocks: BTreeSet<HexId>,
    /// Units the enemy does not know of (Hidden Deployment, P-26).
    pub hidden: BTreeSet<usize>,
    /// Hidden units revealed so far: a move that revealed one is not taken back (P-21).
    pub revealed: u64,
    /// Wrecks on a hex, by side.
    pub wrecks: BTreeMap<HexId, [u32; 2]>,
    /// Hexes attacked this player-turn by normal fire, by overrun, by close assault.
    pub fired_on: BTreeSet<HexId>,
    pub overrun: BTreeSet<HexId>,
    pub assaulted: BTreeSet<HexId>,
    /// The side whose units last stood on each hex.
    pub held: BTreeMap<HexId, usize>,
    pub result: Option<(Option<usize>, String)>,
}

impl State {
    pub fn new(s: &Scenario) -> Self {
        let mut st = State {
            turn: 0,
            side: 0,
            step: Step::Fire,
            units: vec![UnitState::default(); s.units.len()],
            forts: BTreeMap::new(),
            mines: BTreeSet::new(),
            blocks: BTreeSet::new(),
            hidden: BTreeSet::new(),
            revealed: 0,
            wrecks: BTreeMap::new(),
            fired_on: BTreeSet::new(),
            overrun: BTreeSet::new(),
            assaulted: BTreeSet::new(),
            held: BTreeMap::new(),
            result: None,
        };
        for (h, m) in &s.markers {
            match m {
                Marker::Fort { df, .. } => {
                    st.forts.insert(
                        *h,
                        Fort {
                            df: *df,
                            dispersed: false,
                            dispersed_now: false,
                        },
                    );
                }
                Marker::Mines => {
                    st.mines.insert(*h);
                }
                Marker::Block => {
                    st.blocks.insert(*h);
                }
                Marker::Wreck { side } => {
                    st.wrecks.entry(*h).or_default()[*side] += 1;
                }
            }
        }
        st
    }

    /// The units standing on a hex (passengers are under their carriers).
    pub fn at(&self, h: HexId) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc == Some(Loc::On(h)))
            .map(|(i, _)| i)
    }

    /// Units of `side` on a hex.
    pub fn side_at<'a>(
        &'a self,
        s: &'a Scenario,
        h: HexId,
        side: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        self.at(h).filter(move |&u| s.units[u].side == side)
    }

    pub fn enemy_at(&self, s: &Scenario, h: HexId, side: usize) -> bool {
        self.at(h).any(|u| s.units[u].side != side)
    }

    /// How full a hex is for `side`: its units (a carrier with its passenger is one),
    /// the wrecks and a block (Stacking C, E, F).
    pub fn stack(&self, s: &Scenario, h: HexId, side: usize) -> u32 {
        let units = self.side_at(s, h, side).count() as u32;
        let wrecks: u32 = self.wrecks.get(&h).map_or(0, |w| w[0] + w[1]);
        units + wrecks + u32::from(self.blocks.contains(&h))
    }

    /// The side whose units are inside the fortification on `h`, if any.
    pub fn fort_holder(&self, s: &Scenario, h: HexId) -> Option<usize> {
        if !self.forts.contains_key(&h) {
            return None;
        }
        self.at(h)
            .find(|&u| self.units[u].in_fort)
            .map(|u| s.units[u].side)
    }

    pub fn passenger_of(&self, carrier: usize) -> Option<usize> {
        self.units[carrier].carrying
    }

    /// A unit's hex, following its carrier.
    pub fn hex_of(&self, u: usize) -> Option<HexId> {
        match self.units[u].loc() {
            Loc::On(h) => Some(h),
            Loc::Carried(c) => self.units[c].hex(),
            _ => None,
        }
    }

    /// The only code that changes a state.
    /// A step begins. Impulse Movement (P-25): return fire is the other side's, so
    /// the side to act turns over for it and back after it, its firing units not
    /// flipped; the second impulse gives the phasing side's units their MF afresh.
    fn begin_step(&mut self, s: &Scenario, step: Step) {
        let from = std::mem::replace(&mut self.step, step);
        match (from, step) {
            (_, Step::ReturnFire) => {
                // What its units did in its own last player-turn does not bar them.
                self.side = 1 - self.side;
                for (i, u) in self.units.iter_mut().enumerate() {
                    if s.units[i].side == self.side {
                        u.new_player_turn();
                    }
                }
            }
            (Step::ReturnFire, _) => {
                let returned = self.side;
                self.side = 1 - self.side;
                for (i, u) in self.units.iter_mut().enumerate() {
                    if s.units[i].side == returned {
                        u.fired = false;
                    }
                }
            }
            (_, Step::SecondImpulse) => self.second_impulse(s),
            _ => {}
        }
    }

    /// Carrier `c` sets its passenger `p` down on `hex`, where it stays for the turn;
    /// `None` for units the scenario does not have.
    fn set_down(&mut self, c: usize, p: usize, hex: HexId) -> Option<(usize, usize)> {
        if c >= self.units.len() || p >= self.units.len() {
            return None;
        }
        let passenger = &mut self.units[p];
        passenger.loc = Some(Loc::On(hex));
        passenger.unloaded_now = true;
        passenger.stopped = true;
        self.units[c].carrying = None;
        Some((c, p))
    }

    /// Impulse D: units that did not fire move again with the rest of their MF, unless
    /// a minefield, a block or loading or unloading ended their movement for the turn.
    fn second_impulse(&mut self, s: &Scenario) {
        for i in 0..self.units.len() {
            if s.units[i].side != self.side {
                continue;
            }
            let held = self.units[i]
                .hex()
                .is_some_and(|h| self.mines.contains(&h) || self.blocks.contains(&h));
            let u = &mut self.units[i];
            u.spent = 0;
            u.hexes_before = u.hexes;
            if !(held || u.fired || u.loaded_now || u.unloaded_now) {
                u.stopped = false;
            }
        }
    }

    pub fn apply(&mut self, s: &Scenario, e: &Event) {
        let ix = |id: &str| s.unit(id).unwrap_or(usize::MAX);
        match e {
            Event::TurnBegan { turn } => self.turn = *turn,
            Event::PlayerTurn { side } => {
                self.side = *side;
                self.fired_on.clear();
                self.overrun.clear();
                self.assaulted.clear();
                for f in self.forts.values_mut() {
                    f.dispersed_now = false;
                }
                for (i, u) in self.units.iter_mut().enumerate() {
                    u.dispersed_now = false;
                    if s.units[i].side == *side {
                        u.new_player_turn();
                        u.start = match u.loc() {
                            Loc::On(h) => Some(h),
                            _ => None,
                        };
                    }
                }
                // Passengers begin the turn where their carriers are.
                for i in 0..self.units.len() {
                    if s.units[i].side == *side
                        && let Loc::Carried(c) = self.units[i].loc()
                    {
                        self.units[i].start = self.units[c].hex();
                    }
                }
            }
            Event::StepBegan { step } => self.begin_step(s, *step),
            Event::Placed { unit, hex, in_fort } => {
                let u = ix(unit);
                if let Some(st) = self.units.get_mut(u) {
                    st.loc = Some(Loc::On(*hex));
                    st.in_fort = *in_fort;
                    self.held.insert(*hex, s.units[u].side);
                }
            }
            Event::Attacked(a) => {
                for id in &a.attackers {
                    if let Some(u) = self.units.get_mut(ix(id)) {
                        match a.kind {
                            AttackKind::Fire(_) => u.fired = true,
                            AttackKind::Assault => u.assaulted = true,
                            _ => {}
                        }
                    }
                }
                match a.kind {
                    AttackKind::Fire(_) => {
                        self.fired_on.insert(a.hex);
                    }
                    AttackKind::Overrun => {
                        self.overrun.insert(a.hex);
                    }
                    AttackKind::Assault => {
                        self.assaulted.insert(a.hex);
                    }
                    AttackKind::Mines | AttackKind::OwnFort => {}
                }
            }
            Event::Dispersed { unit } => {
                if let Some(u) = self.units.get_mut(ix(unit)) {
                    u.dispersed = true;
                    u.dispersed_now = true;
                }
            }
            Event::Destroyed { unit, .. } => {
                let u = ix(unit);
                if let Some(st) = self.units.get_mut(u) {
                    st.loc = Some(Loc::Destroyed);
                    st.in_fort = false;
                    st.carrying = None;
                }
            }
            Event::WreckLeft { hex, side } => {
                self.wrecks.entry(*hex).or_default()[*side] += 1;
            }
            Event::FortDispersed { hex } => {
                if let Some(f) = self.forts.get_mut(hex) {
                    f.dispersed = true;
                    f.dispersed_now = true;
                }
            }
            Event::FortDestroyed { hex } => {
                self.forts.remove(hex);
                self.blocks.insert(*hex);
            }
            Event::FortTaken { units, .. } => {
                for id in units {
                    if let Some(u) = self.units.get_mut(ix(id)) {
                        u.in_fort = true;
                    }
                }
            }
            Event::Moved {
                unit,
                path,
                spent,
                road,
                passing,
                stop,
                in_fort,
            } => {
                let u = ix(unit);
                if let (Some(st), Some(end)) = (self.units.get_mut(u), path.last()) {
                    st.loc = Some(Loc::On(*end));
                    st.spent = *spent;
                    st.hexes += path.len() as u32;
                    st.road |= *road;
                    st.passing = *passing;
                    st.stopped |= *stop;
                    st.in_fort = *in_fort;
                    for h in path {
                        self.held.insert(*h, s.units[u].side);
                    }
                }
            }
            Event::Entered {
                unit,
                hex,
                passenger,
                spent,
                stop,
                in_fort,
            } => {
                let u = ix(unit);
                if let Some(p) = passenger.as_deref().map(ix)
                    && p < self.units.len()
                {
                    self.units[p].loc = Some(Loc::Carried(u));
                    if let Some(c) = self.units.get_mut(u) {
                        c.carrying = Some(p);
                    }
                }
                if let Some(st) = self.units.get_mut(u) {
                    st.loc = Some(Loc::On(*hex));
                    st.spent = *spent;
                    st.hexes += 1;
                    st.stopped |= *stop;
                    st.in_fort = *in_fort;
                    self.held.insert(*hex, s.units[u].side);
                }
            }
            Event::Exited { unit, edge } => {
                if let Some(st) = self.units.get_mut(ix(unit)) {
                    st.loc = Some(Loc::Exited(*edge));
                    st.in_fort = false;
                }
            }
            Event::Loaded { carrier, passenger } => {
                let (c, p) = (ix(carrier), ix(passenger));
                if c < self.units.len() && p < self.units.len() {
                    self.units[p].loc = Some(Loc::Carried(c));
                    self.units[p].in_fort = false;
                    self.units[p].loaded_now = true;
                    self.units[c].carrying = Some(p);
                    self.units[c].loaded_now = true;
                    self.units[c].stopped = true;
                }
            }
            Event::Unloaded {
                carrier,
                passenger,
                hex,
                in_fort,
            } => {
                if let Some((c, p)) = self.set_down(ix(carrier), ix(passenger), *hex) {
                    self.units[p].in_fort = *in_fort;
                    self.units[c].unloaded_now = true;
                    self.units[c].stopped = true;
                }
            }
            Event::JumpedOff {
                carrier,
                passenger,
                hex,
                at,
            } => {
                if let Some((_, p)) = self.set_down(ix(carrier), ix(passenger), *hex) {
                    self.units[p].jumped_off = Some(*at);
                }
            }
            Event::Hidden { units } => {
                self.hidden
                    .extend(units.iter().map(|u| ix(u)).filter(|&u| u < s.units.len()));
            }
            Event::Revealed { unit, .. } => {
                self.hidden.remove(&ix(unit));
                self.revealed += 1;
            }
            Event::MinesCleared { hex, unit, .. } => {
                self.mines.remove(hex);
                if let Some(u) = self.units.get_mut(ix(unit)) {
                    u.fired = true;
                }
            }
            Event::MinesHeld { unit, .. } => {
                if let Some(u) = self.units.get_mut(ix(unit)) {
                    u.fired = true;
                }
            }
            Event::Expended { unit } => {
                if let Some(u) = self.units.get_mut(ix(unit)) {
                    u.loc = Some(Loc::Expended);
                    u.in_fort = false;
                }
            }
            Event::Recovered { side } => {
                for (i, u) in self.units.iter_mut().enumerate() {
                    if s.units[i].side == *side {
                        u.dispersed = false;
                        u.fired = false;
                    }
                }
                let held: Vec<HexId> = self
                    .forts
                    .keys()
                    .copied()
                    .filter(|h| {
                        let holder = self
                            .units
                            .iter()
                            .enumerate()
                            .find(|(_, u)| u.in_fort && u.loc == Some(Loc::On(*h)))
                            .map(|(i, _)| s.units[i].side);
                        holder.is_none_or(|x| x == *side)
                    })
                    .collect();
                for h in held {
                    if let Some(f) = self.forts.get_mut(&h) {
                        f.dispersed = false;
                    }
                }
            }
            Event::Departed { unit } => {
                if let Some(u) = self.units.get_mut(ix(unit)) {
                    u.loc = Some(Loc::Departed);
                    u.in_fort = false;
                }
            }
            Event::GameEnded { winner, level } => {
                let w = winner.as_deref().and_then(|w| s.side_index(w));
                self.result = Some((w, level.clone()));
            }
        }
    }

    /// Whether a target of an attack is (or holds) a unit dispersed this turn.
    pub fn dispersed_now(&self, s: &Scenario, t: &Target) -> bool {
        match t {
            Target::Unit(id) => s.unit(id).is_some_and(|u| self.units[u].dispersed_now),
            Target::Fort(h) => self.forts.get(h).is_some_and(|f| f.dispersed_now),
        }
    }
}
