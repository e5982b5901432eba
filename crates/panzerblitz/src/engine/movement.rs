//! Movement ("How to Move Units", "Road Movement", the TEC, "Stacking", Mines D,
//! Blockage B, Wreckage C): what a step costs, where a unit must stop, where it may end,
//! the moves a unit can make this step, entering and leaving the board.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use sztab_core::hex::{HexId, MapEdge};

use super::board::{Cover, Half};
use super::event::{Event, Step};
use super::game::{Checked, Game, Refusal};
use super::state::Loc;

/// One step's price and what it leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    pub cost: Half,
    /// Taken at the road rate.
    pub road: bool,
    /// Passed (or stopped on) a unit on a road: the next road hex costs its terrain.
    pub passing: bool,
    /// The unit must stop here, and the rule that says so (mines, a block, an enemy
    /// fortification, a unit on a swamp road).
    pub stop: Option<&'static str>,
}

/// A way to a hex: its cost this turn so far and the hexes after the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub spent: Half,
    pub path: Vec<HexId>,
    pub road: bool,
}

impl Game {
    /// The road in a hex is negated by a wreck or a block on it (Wreckage C, Blockage E).
    pub fn road_negated(&self, h: HexId) -> bool {
        self.st.blocks.contains(&h) || self.st.wrecks.get(&h).is_some_and(|w| w[0] + w[1] > 0)
    }

    /// What unit `u` may spend in this step, in half MF: its whole MF, or under Impulse
    /// Movement half of it in the first impulse and the greater half in the second
    /// (P-25).
    pub fn allowance(&self, u: usize) -> u32 {
        let mf = self.s.units[u].f.movement;
        match self.st.step {
            Step::FirstImpulse => mf / 2 * 2,
            Step::SecondImpulse => mf.div_ceil(2) * 2,
            _ => mf * 2,
        }
    }

    /// Unit `u` has not moved yet in this movement step or impulse: a unit with an MF of
    /// 1 may always move one hex then (How to Move Units C; each impulse, P-25).
    pub fn first_of_impulse(&self, u: usize) -> bool {
        let us = &self.st.units[u];
        us.hexes == us.hexes_before && us.spent == 0
    }

    /// Why unit `u` may not move in this step, if it may not.
    pub fn may_move(&self, u: usize) -> Checked<HexId> {
        let def = &self.s.units[u];
        let us = &self.st.units[u];
        if !self.st.step.moves(def.kind.is_vehicle()) {
            return Err(Refusal::new(
                "Sequence of Play",
                format!(
                    "{} moves in the {} step",
                    def.id,
                    if def.kind.is_vehicle() {
                        "vehicle"
                    } else {
                        "non-vehicle"
                    }
                ),
            ));
        }
        let Loc::On(h) = us.loc() else {
            let why = if matches!(us.loc(), Loc::Carried(_)) {
                "is carried: passengers move with their carrier"
            } else {
                "is not on the board"
            };
            return Err(Refusal::new("Transporting C", format!("{} {why}", def.id)));
        };
        let no =
            |rule: &'static str, why: &str| Err(Refusal::new(rule, format!("{} {why}", def.id)));
        if us.unloaded_now && !def.kind.is_vehicle() {
            return no(
                "Transporting C",
                "unloaded this turn and may not move on its own",
            );
        }
        if us.fired {
            return no("How to Move Units B", "fired this turn and may not move");
        }
        if us.dispersed {
            return no("How to Move Units B", "is dispersed and may not move");
        }
        if us.stopped {
            return no("How to Move Units", "has ended its movement this turn");
        }
        if def.f.movement == 0 {
            return no("Factor definitions", "has no movement factor");
        }
        if us.in_fort && self.st.enemy_at(&self.s, h, def.side) {
            return no(
                "Fortifications L",
                "is in a fortification with enemy units on top and may not leave",
            );
        }
        Ok(h)
    }

    /// The price of stepping from `a` into the adjacent `b` for unit `u`, `passing` if its
    /// last step passed a unit on a road, at the road rate where `road_rate` allows.
    pub fn step_cost(
        &self,
        u: usize,
        a: HexId,
        b: HexId,
        passing: bool,
        road_rate: bool,
    ) -> Checked<StepCost> {
        let def = &self.s.units[u];
        let board = &self.s.board;
        let mover = def.kind.mover();
        let side = board.grid.hexside(a, b).ok_or_else(|| {
            Refusal::new(
                "How to Move Units",
                format!("{} and {} are not adjacent", board.label(a), board.label(b)),
            )
        })?;
        if board.cell(b).pond {
            return Err(Refusal::new(
                "Terrain Features",
                format!(
                    "{} is covered by the pond: no unit may enter it",
                    board.label(b)
                ),
            ));
        }
        if board.marks(side).pond {
            return Err(Refusal::new(
                "TEC Ponds",
                format!(
                    "no unit may cross the pond hexside {}",
                    board.side_label(side)
                ),
            ));
        }
        let mut stop = None;
        let enemy = self.st.enemy_at(&self.s, b, def.side);
        if enemy {
            let all_inside = self
                .st
                .at(b)
                .filter(|&x| self.s.units[x].side != def.side)
                .all(|x| self.st.units[x].in_fort);
            if !(all_inside && self.st.forts.contains_key(&b)) {
                return Err(Refusal::new(
                    "How to Move Units E",
                    format!(
                        "{} holds enemy units: no unit may move through them",
                        board.label(b)
                    ),
                ));
            }
            // On top of an enemy-held fortification, and no further.
            stop = Some("Fortifications K");
        }
        let road = board.road(side) && !self.road_negated(a) && !self.road_negated(b);
        let occupied = self.st.at(b).any(|x| x != u);
        let mut cost;
        let mut road_step = false;
        if road && road_rate && !passing && !occupied {
            cost = 1;
            road_step = true;
        } else {
            // Off the road, passing a unit on it, or declining the road rate: the terrain
            // costs and prohibitions of the hex (Road Movement E).
            if !board.crossing_allowed(side, mover, false) {
                return Err(Refusal::new(
                    "TEC Woods",
                    format!(
                        "vehicles may not cross the green hexside {} except along a road",
                        board.side_label(side)
                    ),
                ));
            }
            cost = match board.terrain_cost(b, mover) {
                Some(c) => c,
                None if road && occupied && board.cell(b).cover == Cover::Swamp => {
                    // A vehicle may move onto a unit on a swamp road, and no further.
                    stop = Some("Road Movement E");
                    2
                }
                None => {
                    return Err(Refusal::new(
                        "TEC Swamps",
                        format!("{} may not enter {} off the road", def.id, board.label(b)),
                    ));
                }
            };
            cost += board.leave_cost(a, side, mover);
        }
        if self.st.blocks.contains(&b) {
            let began_adjacent = self.st.units[u]
                .start
                .is_some_and(|s| board.grid.are_adjacent(s, b));
            if !began_adjacent {
                return Err(Refusal::new(
                    "Blockage B",
                    format!(
                        "{} holds a block: only a unit that began its turn next to it may enter",
                        board.label(b)
                    ),
                ));
            }
            stop = Some("Blockage B");
        }
        if self.st.mines.contains(&b) {
            stop = Some("Mines D");
        }
        Ok(StepCost {
            cost,
            road: road_step,
            passing: board.has_road(b) && occupied,
            stop,
        })
    }

    /// Whether unit `u` may end a move on `h`; returns whether it is then inside the
    /// fortification there.
    pub fn may_end(&self, u: usize, h: HexId) -> Checked<bool> {
        let def = &self.s.units[u];
        let side = def.side;
        let here =
            |x: usize| x != u && !matches!(self.st.units[u].loc(), Loc::Carried(c) if c == x);
        let count = self
            .st
            .side_at(&self.s, h, side)
            .filter(|&x| here(x))
            .count() as u32
            + self.st.wrecks.get(&h).map_or(0, |w| w[0] + w[1])
            + u32::from(self.st.blocks.contains(&h));
        let limit = self.s.sides[side].stacking;
        if count + 1 > limit {
            return Err(Refusal::new(
                "Stacking A, B",
                format!(
                    "{} would hold more than {limit} units of {}",
                    self.s.board.label(h),
                    self.s.sides[side].name
                ),
            ));
        }
        let b = &self.s.board;
        if def.kind.is_vehicle()
            && b.cell(h).cover == Cover::Swamp
            && b.has_road(h)
            && self
                .st
                .side_at(&self.s, h, side)
                .any(|x| here(x) && self.s.units[x].kind.is_vehicle())
        {
            return Err(Refusal::new(
                "Stacking G",
                format!(
                    "vehicles may not stack with other vehicles on the swamp road {}",
                    b.label(h)
                ),
            ));
        }
        Ok(self.st.forts.contains_key(&h)
            && self
                .st
                .fort_holder(&self.s, h)
                .is_none_or(|holder| holder == side))
    }

    /// Checks a path for unit `u` from its hex: the cost after each step, ending flags.
    fn walk(&self, u: usize, from: HexId, path: &[HexId], road_rate: bool) -> Checked<Route> {
        let us = &self.st.units[u];
        let def = &self.s.units[u];
        let mut spent = us.spent;
        let mut passing = us.passing;
        let mut road = false;
        let mut at = from;
        let first_of_turn = self.first_of_impulse(u);
        for (k, &b) in path.iter().enumerate() {
            let sc = self.step_cost(u, at, b, passing, road_rate)?;
            spent += sc.cost;
            // How to Move Units C: a unit with a MF of 1 may always move one hex.
            let mf1 = def.f.movement == 1 && first_of_turn && k == 0;
            if spent > self.allowance(u) && mf1 {
                spent = self.allowance(u);
            }
            if spent > self.allowance(u) {
                return Err(Refusal::new(
                    "How to Move Units C",
                    format!(
                        "{} has {} MF; reaching {b} needs {}",
                        def.id,
                        def.f.movement,
                        super::event::half(spent)
                    ),
                ));
            }
            if let Some(rule) = sc.stop
                && k + 1 < path.len()
            {
                return Err(Refusal::new(
                    rule,
                    format!("{} must stop on {}", def.id, self.s.board.label(b)),
                ));
            }
            road |= sc.road;
            passing = sc.passing;
            at = b;
        }
        Ok(Route {
            spent,
            path: path.to_vec(),
            road,
        })
    }

    pub(super) fn order_move(&mut self, id: &str, path: &[HexId]) -> Checked<Vec<Event>> {
        let u = self.own(id)?;
        let from = self.may_move(u)?;
        let path = self.stop_at_hidden(self.s.units[u].side, path);
        let Some(&end) = path.last() else {
            return Err(Refusal::new(
                "How to Move Units",
                "a move needs a hex to go to",
            ));
        };
        let route = self.walk(u, from, path, true)?;
        let in_fort = self.may_end(u, end)?;
        let mut last = from;
        let mut passing = self.st.units[u].passing;
        let mut stop = false;
        for &b in path {
            let sc = self.step_cost(u, last, b, passing, true)?;
            passing = sc.passing;
            stop = sc.stop.is_some();
            last = b;
        }
        let mut out = Vec::new();
        self.emit(
            &mut out,
            Event::Moved {
                unit: id.to_owned(),
                path: path.to_vec(),
                spent: route.spent,
                road: route.road,
                passing,
                stop: stop || route.spent >= self.allowance(u),
                in_fort,
            },
        );
        Ok(out)
    }

    /// Every hex unit `u` can move to this step and the cheapest way there; `road_rate`
    /// false keeps it off the road rate (an overrun's approach, a close assault to come).
    pub fn reach(&self, u: usize, road_rate: bool) -> BTreeMap<HexId, Route> {
        let mut out = BTreeMap::new();
        let Ok(start) = self.may_move(u) else {
            return out;
        };
        let us = &self.st.units[u];
        let def = &self.s.units[u];
        let allowance = self.allowance(u);
        let first_of_turn = self.first_of_impulse(u);
        type Node = (HexId, bool);
        let mut best: HashMap<Node, (Half, Option<Node>, bool)> = HashMap::new();
        let mut heap = BinaryHeap::new();
        let origin = (start, us.passing);
        best.insert(origin, (us.spent, None, false));
        heap.push(Reverse((us.spent, start, us.passing)));
        while let Some(Reverse((cost, h, passing))) = heap.pop() {
            let node = (h, passing);
            if best.get(&node).is_some_and(|(c, _, _)| *c < cost) {
                continue;
            }
            if node != origin
                && let Some(&(_, _, stop)) = best.get(&node)
                && stop
            {
                continue;
            }
            for n in self.s.board.grid.neighbours(h) {
                let Ok(sc) = self.step_cost(u, h, n, passing, road_rate) else {
                    continue;
                };
                let mut c = cost + sc.cost;
                let mf1 = def.f.movement == 1 && first_of_turn && node == origin;
                if c > allowance {
                    if !mf1 {
                        continue;
                    }
                    c = allowance;
                }
                let next = (n, sc.passing);
                if best.get(&next).is_some_and(|(b, _, _)| *b <= c) {
                    continue;
                }
                best.insert(next, (c, Some(node), sc.stop.is_some()));
                heap.push(Reverse((c, n, sc.passing)));
            }
        }
        for &node in best.keys() {
            if node == origin || node.0 == start {
                continue;
            }
            let mut path = vec![node.0];
            let mut cur = node;
            while let Some(&(_, Some(prev), _)) = best.get(&cur) {
                if prev == origin {
                    break;
                }
                path.push(prev.0);
                cur = prev;
            }
            path.reverse();
            let Ok(route) = self.walk(u, start, &path, road_rate) else {
                continue;
            };
            if self.may_end(u, node.0).is_err() {
                continue;
            }
            match out.get(&node.0) {
                Some(r) if route_cost(r) <= route_cost(&route) => {}
                _ => {
                    out.insert(node.0, route);
                }
            }
        }
        out
    }

    pub(super) fn order_enter(
        &mut self,
        id: &str,
        hex: HexId,
        passenger: Option<&str>,
    ) -> Checked<Vec<Event>> {
        let u = self.own(id)?;
        self.may_arrive(u, hex)?;
        let def = &self.s.units[u];
        if !self.st.step.moves(def.kind.is_vehicle()) {
            let want = if def.kind.is_vehicle() {
                Step::VehicleMove
            } else {
                Step::FootMove
            };
            return Err(Refusal::new(
                "Sequence of Play",
                format!("{id} enters in the {} step", want.name()),
            ));
        }
        let p = match passenger {
            Some(pid) => {
                let p = self.own(pid)?;
                if !def.kind.carries() {
                    return Err(Refusal::new(
                        "Transporting A",
                        format!("{id} does not carry units"),
                    ));
                }
                if !self.s.units[p].kind.rides() {
                    return Err(Refusal::new(
                        "Transporting J",
                        format!("{pid} may not be carried"),
                    ));
                }
                if self.st.units[p].loc() != Loc::Waiting || !self.arrived(p) {
                    return Err(Refusal::new(
                        "Transporting B",
                        format!("{pid} is not waiting to enter with {id}"),
                    ));
                }
                Some(p)
            }
            None => None,
        };
        let b = &self.s.board;
        let cost = if b.has_road(hex) && !self.road_negated(hex) {
            1
        } else {
            b.terrain_cost(hex, def.kind.mover()).ok_or_else(|| {
                Refusal::new(
                    "TEC",
                    format!("{id} may not enter {} off the road", b.label(hex)),
                )
            })?
        };
        let cost = match cost {
            c if c <= self.allowance(u) => c,
            _ if def.f.movement == 1 => self.allowance(u),
            _ => {
                return Err(Refusal::new(
                    "How to Move Units C",
                    format!("{id} has not the MF to enter on {hex}"),
                ));
            }
        };
        if self.st.enemy_at(&self.s, hex, def.side) {
            return Err(Refusal::new(
                "How to Move Units F",
                format!("{hex} holds enemy units"),
            ));
        }
        if self.st.blocks.contains(&hex) {
            return Err(Refusal::new(
                "Blockage B",
                format!(
                    "{} holds a block: a unit coming onto the board did not begin its turn next to it",
                    self.s.board.label(hex)
                ),
            ));
        }
        let in_fort = self.may_end(u, hex)?;
        let stop = self.st.mines.contains(&hex) || cost >= self.allowance(u);
        let mut out = Vec::new();
        self.emit(
            &mut out,
            Event::Entered {
                unit: id.to_owned(),
                hex,
                passenger: p.map(|p| self.id(p)),
                spent: cost,
                stop,
                in_fort,
            },
        );
        Ok(out)
    }

    /// Whether unit `u`'s arrival turn has come.
    pub fn arrived(&self, u: usize) -> bool {
        self.s
            .arrivals
            .iter()
            .any(|a| a.turn <= self.st.turn && a.units.contains(&u))
    }

    /// The hexes unit `u` may enter on now.
    pub fn entry_hexes(&self, u: usize) -> Vec<HexId> {
        let mut v: Vec<HexId> = self
            .s
            .arrivals
            .iter()
            .filter(|a| a.turn <= self.st.turn && a.units.contains(&u))
            .flat_map(|a| a.hexes.iter().copied())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn may_arrive(&self, u: usize, hex: HexId) -> Checked<()> {
        let id = &self.s.units[u].id;
        if self.st.units[u].loc() != Loc::Waiting {
            return Err(Refusal::new(
                "Situation Card",
                format!("{id} is not waiting to enter"),
            ));
        }
        if !self.entry_hexes(u).contains(&hex) {
            return Err(Refusal::new(
                "Situation Card",
                format!("{id} may not enter on {hex} on turn {}", self.st.turn),
            ));
        }
        Ok(())
    }

    pub(super) fn order_exit(&mut self, id: &str, edge: MapEdge) -> Checked<Vec<Event>> {
        let u = self.own(id)?;
        let h = self.may_move(u)?;
        if !self.s.board.grid.edges_of(h).contains(&edge) {
            return Err(Refusal::new(
                "Situation Card",
                format!("{h} is not on the {edge:?} edge"),
            ));
        }
        let us = &self.st.units[u];
        let def = &self.s.units[u];
        let first = self.first_of_impulse(u);
        if us.spent + 2 > self.allowance(u) && !(first && def.f.movement >= 1) {
            return Err(Refusal::new(
                "How to Move Units C",
                format!("{id} has no MF left to leave the board"),
            ));
        }
        let mut out = Vec::new();
        if let Some(p) = self.st.units[u].carrying {
            let pid = self.id(p);
            self.emit(&mut out, Event::Exited { unit: pid, edge });
        }
        self.emit(
            &mut out,
            Event::Exited {
                unit: id.to_owned(),
                edge,
            },
        );
        Ok(out)
    }
}

fn route_cost(r: &Route) -> (Half, usize) {
    (r.spent, r.path.len())
}
