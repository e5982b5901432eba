//! The heuristic bot: plays for the situation's victory conditions by weighing what each
//! order is likely to gain or cost on the CRT.
//!
//! - Its posture comes from the victory levels: it attacks when it wins by eliminating
//!   units (or denies a win the enemy gets by losing few), takes care of its units when
//!   the enemy wins by eliminating them, drives for an exit edge, the hexes to hold, the
//!   zone to fill or the edge to advance toward; for a loss ratio it both attacks and
//!   takes care; for a chain of fire (or to deny a corridor outside it) its firing units
//!   head for the hexes its fire does not reach yet; for a corridor it attacks the
//!   enemy's firers; it attacks whatever the enemy needs to stand in a zone or advance.
//! - Fire: the attack worth most (expected losses inflicted: X destroys, D and DD
//!   disperse, DD destroys a unit dispersed this turn) for the units it ties down, with
//!   no more units than the odds need, repeated while an attack pays.
//! - Movement: each unit goes to the reachable hex that best trades progress toward its
//!   aim against the enemy fire that can reach it at the enemy's next fire step (range,
//!   line of sight, spotting in woods and towns, the weapons chart, hill halving, the
//!   cover's die modifier), plus a line of fire of its own; units exit across the edge
//!   the situation counts.
//! - Overrun and close assault when the expected result pays (an overrun ends next to
//!   the enemy; a close assault costs the assaulting units nothing).
//!
//! Deterministic: it rolls no dice of its own, so a game depends only on the match seed.
//!
//! Its strength (1-5, default 3; decision P-20) is how far it looks across the front and
//! how much it weighs the enemy's fire: at 1 it fires at the first target, hex by hex,
//! that pays, with every unit that can, and moves without regard to the enemy's fire;
//! at 2 it fires as at 1 but with no more units than the odds need, and weighs the
//! enemy's fire at half; at 3 it weighs every target of the front before each attack
//! and the enemy's fire in full; at 4 and 5 it also tries the fire step opening with
//! each of the 3 (4) or 8 (5) best first attacks, and keeps the plan expected to gain
//! most.

use std::collections::{BTreeSet, HashMap};

use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::described::Condition;

use super::action::{Action, FireOrder};
use super::bots::{
    Bot, StepKey, attackers, enemy_hexes, fire_action, fresh_armor, goals, legal, nearest,
    overrun_column, overrun_legs, own,
};
use super::cover;
use super::crt::{self, Outcome};
use super::event::Step;
use super::fire::Piece;
use super::game::Game;
use super::state::Loc;
use super::unit::Class;

/// The strengths the bot takes, and its default (decision P-20).
pub const STRENGTHS: (u8, u8) = (1, 5);
pub const DEFAULT_STRENGTH: u8 = 3;

/// The least expected gain an attack of the fire step must bring.
const MIN_GAIN: f64 = 0.05;

/// What the side plays for, read from the victory levels.
#[derive(Clone, Debug, Default)]
struct Posture {
    /// Eliminating enemy units wins (or denies the enemy's win).
    attack: bool,
    /// Losing units loses (or denies our win).
    careful: bool,
    /// Units leaving across this edge win.
    exit: Option<MapEdge>,
    /// Hexes to stand on: to hold, a zone to fill, the edge to advance toward.
    hold: Vec<HexId>,
    /// Its fire should reach as much of the map as it can: a chain of fire to make, or
    /// a corridor outside it to deny.
    spread: bool,
}

impl Posture {
    fn of(g: &Game, side: usize) -> Posture {
        let me = g.s.sides[side].id.as_str();
        let mut p = Posture::default();
        let Some(v) = &g.s.victory else {
            p.attack = true;
            return p;
        };
        for l in &v.levels {
            let ours = l.winner.as_str() == me;
            for c in &l.all_of {
                let mine = c.side().as_str() == me;
                match (c, ours, mine) {
                    (Condition::Eliminated { .. }, true, false) => p.attack = true,
                    (Condition::Eliminated { .. }, false, true) => p.careful = true,
                    (Condition::LosesAtMost { .. }, true, true) => p.careful = true,
                    (Condition::LosesAtMost { .. }, false, false) => p.attack = true,
                    (Condition::Exited { edge, .. }, true, true) => p.exit = Some(*edge),
                    (Condition::Exited { .. }, false, false) => p.attack = true,
                    // `ExitedAtMost` sets no posture: in situation 9 a Russian driving
                    // for the exit lost more units than it got off (the enemy wins
                    // unless 51 of 60 leave), and a German attacking to stop them lost
                    // more than it stopped; both did better fighting as before.
                    // A ratio of losses: inflict them and keep one's own down.
                    (Condition::LossRatio { .. }, _, _) => {
                        p.attack = true;
                        p.careful = true;
                    }
                    // The enemy wins by standing in a zone, advancing, or by its fire:
                    // eliminate what would stand, advance or fire.
                    (
                        Condition::InZone { .. }
                        | Condition::ZoneRatio { .. }
                        | Condition::InZoneAtMost { .. }
                        | Condition::Advance { .. }
                        | Condition::FireChain { .. },
                        false,
                        _,
                    ) => p.attack = true,
                    (Condition::ZoneRatio { .. }, true, true) => p.attack = true,
                    // A corridor opens where the enemy's firers fall.
                    (Condition::FireCorridor { .. }, true, true) => p.attack = true,
                    (Condition::FireChain { .. }, true, true)
                    | (Condition::FireCorridor { .. }, false, false) => p.spread = true,
                    _ => {}
                }
            }
        }
        p.hold = goals(g);
        if !p.careful && p.exit.is_none() && p.hold.is_empty() && !p.spread {
            p.attack = true;
        }
        p
    }
}

/// How much a unit is worth to its side: one unit toward the victory counts, plus its
/// combat power.
fn worth(g: &Game, u: usize) -> f64 {
    let f = &g.s.units[u].f;
    1.0 + 0.1 * f64::from(f.attack + f.defense)
}

fn pieces_worth(g: &Game, pieces: &[Piece]) -> f64 {
    pieces
        .iter()
        .flat_map(|p| p.units.iter())
        .map(|&u| worth(g, u))
        .sum()
}

/// The expected worth an attack at `column` with die `modifier` takes from `pieces`: X
/// destroys; DD destroys a piece dispersed this turn and disperses the rest; D disperses
/// (a dispersed unit loses its next turn and is open to a DD).
fn expected(g: &Game, pieces: &[Piece], column: i32, modifier: i32) -> f64 {
    let st = g.state();
    let mut total = 0.0;
    for p in pieces {
        let w: f64 = p.units.iter().map(|&u| worth(g, u)).sum();
        let down = st.dispersed_now(&g.s, &p.target);
        for (o, chance, _) in crt::chances(column, modifier) {
            let share = match o {
                Outcome::X => 1.0,
                Outcome::DD if down => 1.0,
                Outcome::DD | Outcome::D if !down => 0.3,
                _ => 0.0,
            };
            total += chance * share * w;
        }
    }
    total
}

/// The die modifier against the stack on `h`: its cover, and −1 if part of it was
/// dispersed this turn (`close` adds the −2 of an overrun or close assault, `terrain`
/// whether cover counts).
fn modifier(g: &Game, h: HexId, pieces: &[Piece], close: bool, terrain: bool) -> i32 {
    let mut m = if close { -2 } else { 0 };
    if terrain {
        m += g.s.board.defense_modifier(h);
    }
    if pieces
        .iter()
        .any(|p| g.state().dispersed_now(&g.s, &p.target))
    {
        m -= 1;
    }
    m
}

pub(super) struct Heuristic {
    strength: u8,
    posture: Option<Posture>,
    key: Option<StepKey>,
    /// Units dealt with in this step.
    done: BTreeSet<usize>,
    /// Units whose exit was tried in this step.
    exits_tried: BTreeSet<usize>,
    /// Hexes whose close assault was weighed in this step.
    tried: BTreeSet<HexId>,
    overruns_weighed: bool,
    /// Enemy fire able to reach a hex at the enemy's next fire step, by target armor,
    /// worked out once a step.
    danger: HashMap<(HexId, bool), u32>,
    /// The hexes its own fire cannot reach yet, worked out once a step when it spreads
    /// its fire.
    uncovered: Option<Vec<HexId>>,
}

impl Heuristic {
    /// The bot at `strength`, one of [`STRENGTHS`].
    pub(super) fn new(strength: u8) -> Self {
        Heuristic {
            strength: strength.clamp(STRENGTHS.0, STRENGTHS.1),
            posture: None,
            key: None,
            done: BTreeSet::new(),
            exits_tried: BTreeSet::new(),
            tried: BTreeSet::new(),
            overruns_weighed: false,
            danger: HashMap::new(),
            uncovered: None,
        }
    }

    fn posture(&self) -> &Posture {
        self.posture.as_ref().expect("set in decide")
    }

    /// How many first attacks of the fire step it tries, each followed by the rest of
    /// the plan; 1 for the plan that takes the best attack first (P-20).
    fn openings(&self) -> usize {
        match self.strength {
            5 => 8,
            4 => 3,
            _ => 1,
        }
    }

    /// How much the enemy's next fire counts against a hex it moves to (P-20).
    fn fire_weight(&self) -> f64 {
        match self.strength {
            1 => 0.0,
            2 => 0.5,
            _ => 1.0,
        }
    }
}

impl Bot<Game> for Heuristic {
    fn decide(&mut self, g: &Game) -> Action {
        let st = g.state();
        if self.posture.is_none() {
            self.posture = Some(Posture::of(g, st.side));
        }
        let key = (st.turn, st.side, st.step);
        if self.key != Some(key) {
            self.key = Some(key);
            self.done.clear();
            self.exits_tried.clear();
            self.tried.clear();
            self.overruns_weighed = false;
            self.danger.clear();
            self.uncovered = None;
        }
        let action = match st.step {
            Step::Fire | Step::ReturnFire => Some(self.fire(g)),
            Step::VehicleMove | Step::FootMove | Step::FirstImpulse | Step::SecondImpulse => {
                self.movement(g)
            }
            Step::Assault => self.assault(g),
        };
        action.unwrap_or(Action::EndStep)
    }
}

/// A fire order and what it is expected to gain, net of what firing costs its units.
struct Shot {
    gain: f64,
    order: FireOrder,
}

impl Heuristic {
    /// The fire step: the attack that gains most, again and again, each unit firing
    /// once; at strength 4 and 5 the plan after each of the best first attacks, the one
    /// expected to gain most kept (P-20).
    fn fire(&mut self, g: &Game) -> Action {
        let (mut gain, mut orders) = self.fire_plan(g, None);
        let openings = self.openings();
        if openings > 1 {
            let none = BTreeSet::new();
            let mut firsts: Vec<Shot> = enemy_hexes(g)
                .into_iter()
                .filter_map(|h| self.shot(g, h, attackers(g, h, &none)))
                .filter(|s| s.gain > MIN_GAIN)
                .collect();
            // Stable: among equal gains the first hex, as the plan itself takes.
            firsts.sort_by(|a, b| b.gain.total_cmp(&a.gain));
            // The best first attack is the plan already made.
            for first in firsts.into_iter().skip(1).take(openings - 1) {
                let (g2, o2) = self.fire_plan(g, Some(first));
                if g2 > gain + 1e-9 {
                    (gain, orders) = (g2, o2);
                }
            }
        }
        fire_action(orders)
    }

    /// The attacks of a fire step, chosen one at a time (after `first`, if given) while
    /// one pays, and their expected gain.
    fn fire_plan(&self, g: &Game, first: Option<Shot>) -> (f64, Vec<FireOrder>) {
        let mut used = BTreeSet::new();
        let mut orders: Vec<FireOrder> = Vec::new();
        let mut total = 0.0;
        let mut targets = enemy_hexes(g);
        let mut first = first.and_then(|s| {
            let i = targets.iter().position(|&h| h == s.order.hex)?;
            Some((i, s))
        });
        while let Some((i, shot)) = first.take().or_else(|| self.next_shot(g, &targets, &used)) {
            if shot.gain <= MIN_GAIN {
                break;
            }
            targets.remove(i);
            let mut trial = orders.clone();
            trial.push(shot.order.clone());
            if legal(g, &fire_action(trial.clone())) {
                used.extend(shot.order.attackers().filter_map(|a| g.s.unit(a)));
                orders = trial;
                total += shot.gain;
            }
        }
        (total, orders)
    }

    /// The next attack: the one that gains most over every target of the front, or
    /// below strength 3 the first target, hex by hex, whose attack pays (P-20).
    fn next_shot(
        &self,
        g: &Game,
        targets: &[HexId],
        used: &BTreeSet<usize>,
    ) -> Option<(usize, Shot)> {
        let whole_front = self.strength >= 3;
        let mut best: Option<(usize, Shot)> = None;
        for (i, &h) in targets.iter().enumerate() {
            // Only units with a factor against the stack (decision P-19).
            let att = attackers(g, h, used);
            if att.is_empty() {
                continue;
            }
            if let Some(shot) = self.shot(g, h, att)
                && best.as_ref().is_none_or(|(_, b)| shot.gain > b.gain)
            {
                if !whole_front && shot.gain > MIN_GAIN {
                    return Some((i, shot));
                }
                best = Some((i, shot));
            }
        }
        best
    }

    /// The best combination attack on `h` by some of `att`: weakest attackers dropped
    /// while the gain does not fall; at strength 1 every unit of `att` (P-20).
    fn shot(&self, g: &Game, h: HexId, mut att: Vec<usize>) -> Option<Shot> {
        let gain = |att: &[usize]| -> Option<f64> {
            let order = order_of(g, h, att);
            let plans = g.plan_fire(&order).ok()?;
            let value: f64 = plans
                .iter()
                .map(|p| {
                    let m = modifier(g, h, &p.pieces, false, true);
                    expected(g, &p.pieces, p.column, m)
                })
                .sum();
            let cost: f64 = att.iter().map(|&u| self.fire_cost(g, u)).sum();
            Some(value - cost)
        };
        let mut best = gain(&att)?;
        att.sort_by_key(|&u| (g.s.units[u].f.attack, u));
        let mut i = 0;
        while self.strength >= 2 && i < att.len() && att.len() > 1 {
            let mut fewer = att.clone();
            fewer.remove(i);
            match gain(&fewer) {
                Some(v) if v >= best => {
                    best = v;
                    att = fewer;
                }
                _ => i += 1,
            }
        }
        Some(Shot {
            gain: best,
            order: order_of(g, h, &att),
        })
    }

    /// What a unit gives up by firing: its move this turn, which matters when it has
    /// an edge to reach or hexes to take and is not on them.
    fn fire_cost(&self, g: &Game, u: usize) -> f64 {
        let p = self.posture();
        let Some(h) = g.state().units[u].hex() else {
            return 0.0;
        };
        let w = worth(g, u);
        if let Some(edge) = p.exit
            && !g.s.board.grid.edges_of(h).contains(&edge)
        {
            return 0.6 * w;
        }
        if !p.hold.is_empty() && !p.hold.contains(&h) {
            return 0.1 * w * f64::from(nearest(g, h, &p.hold).min(6)) / 6.0;
        }
        0.05 * w
    }

    /// One order of a movement step: an overrun, an exit, a unit entering, unloading or
    /// moving; `None` ends the step.
    fn movement(&mut self, g: &Game) -> Option<Action> {
        let step = g.state().step;
        if step.overruns() && !self.overruns_weighed {
            match self.overrun(g) {
                Some(a) => return Some(a),
                None => self.overruns_weighed = true,
            }
        }
        if let Some(a) = self.exit(g) {
            return Some(a);
        }
        let units: Vec<usize> = own(g)
            .filter(|u| !self.done.contains(u))
            .filter(|&u| step.moves(g.s.units[u].kind.is_vehicle()))
            .collect();
        for u in units {
            self.done.insert(u);
            let a = match g.state().units[u].loc() {
                Loc::Waiting if g.arrived(u) => self.enter(g, u),
                Loc::On(_) => match self.unload(g, u) {
                    Some(a) => Some(a),
                    None => self.step_to(g, u),
                },
                _ => None,
            };
            if a.is_some() {
                return a;
            }
        }
        None
    }

    /// A unit on the edge the situation counts leaves across it.
    fn exit(&mut self, g: &Game) -> Option<Action> {
        let edge = self.posture().exit?;
        let step = g.state().step;
        let units: Vec<usize> = own(g)
            .filter(|&u| step.moves(g.s.units[u].kind.is_vehicle()))
            .filter(|u| !self.exits_tried.contains(u))
            .collect();
        for u in units {
            let Some(h) = g.state().units[u].hex() else {
                continue;
            };
            if !g.s.board.grid.edges_of(h).contains(&edge) {
                continue;
            }
            self.exits_tried.insert(u);
            let a = Action::Exit {
                unit: g.s.units[u].id.clone(),
                edge,
            };
            if legal(g, &a) {
                return Some(a);
            }
        }
        None
    }

    /// A unit due to arrive enters on the best of its entry hexes that has room.
    fn enter(&mut self, g: &Game, u: usize) -> Option<Action> {
        let aim = self.aim(g, u);
        let mut hexes: Vec<(f64, HexId)> = g
            .entry_hexes(u)
            .into_iter()
            .map(|h| (self.place(g, u, h, &aim), h))
            .collect();
        hexes.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let passenger = g.state().units[u].carrying.map(|p| g.s.units[p].id.clone());
        let a = hexes.into_iter().take(12).find_map(|(_, h)| {
            let a = Action::Enter {
                unit: g.s.units[u].id.clone(),
                hex: h,
                passenger: passenger.clone(),
            };
            legal(g, &a).then_some(a)
        })?;
        // It may move on from its entry hex.
        self.done.remove(&u);
        Some(a)
    }

    /// A carrier puts its passenger down near the fight or on the hexes to hold; not
    /// when the passenger rides to the exit edge.
    fn unload(&mut self, g: &Game, u: usize) -> Option<Action> {
        let st = g.state();
        st.units[u].carrying?;
        let h = st.units[u].hex()?;
        let p = self.posture();
        if p.exit.is_some() {
            return None;
        }
        let near_enemy = nearest(g, h, &enemy_hexes(g)) <= 3;
        let on_goal = !p.hold.is_empty() && nearest(g, h, &p.hold) <= 1;
        let a = Action::Unload {
            carrier: g.s.units[u].id.clone(),
        };
        ((near_enemy || on_goal) && legal(g, &a)).then_some(a)
    }

    /// Where unit `u` heads: the exit edge, the hexes to hold, the hexes its side's
    /// fire does not reach yet, or the enemy.
    fn aim(&mut self, g: &Game, u: usize) -> Vec<HexId> {
        let p = self.posture();
        if let Some(edge) = p.exit {
            return g.s.board.grid.edge_hexes(edge);
        }
        if !p.hold.is_empty() {
            return p.hold.clone();
        }
        if p.spread && g.s.units[u].fires() {
            let side = g.s.units[u].side;
            let open = self.uncovered.get_or_insert_with(|| {
                let grid = &g.s.board.grid;
                let seen = cover::covered(g, side);
                grid.iter()
                    .filter(|&h| grid.index(h).is_some_and(|i| !seen[i]))
                    .collect()
            });
            if !open.is_empty() {
                return open.clone();
            }
        }
        let p = self.posture();
        if p.attack || g.s.units[u].kind.assaults() {
            return enemy_hexes(g);
        }
        Vec::new()
    }

    fn step_to(&mut self, g: &Game, u: usize) -> Option<Action> {
        let here = g.state().units[u].hex()?;
        let reach = g.reach(u, true);
        if reach.is_empty() {
            return None;
        }
        let aim = self.aim(g, u);
        let stay = self.place(g, u, here, &aim);
        let mut scored: Vec<(f64, HexId)> = reach
            .keys()
            .map(|&h| (self.place(g, u, h, &aim), h))
            .filter(|(s, _)| *s > stay + 0.01)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let id = g.s.units[u].id.clone();
        scored.into_iter().take(3).find_map(|(_, h)| {
            let a = Action::Move {
                unit: id.clone(),
                path: reach[&h].path.clone(),
            };
            legal(g, &a).then_some(a)
        })
    }

    /// How good hex `h` is for unit `u` to end its move on.
    fn place(&mut self, g: &Game, u: usize, h: HexId, aim: &[HexId]) -> f64 {
        let p = self.posture().clone();
        let def = &g.s.units[u];
        let b = &g.s.board;
        let enemies = enemy_hexes(g);
        let mut s = 0.0;
        if !aim.is_empty() {
            let d = f64::from(nearest(g, h, aim));
            // A unit that fires closes to half its range of the enemy, no nearer.
            let stand_off = if p.exit.is_none() && p.hold.is_empty() && !def.kind.assaults() {
                f64::from((def.f.range / 2).max(1))
            } else {
                0.0
            };
            let weight = if p.exit.is_some() { 2.0 } else { 1.0 };
            s -= weight * (d - stand_off).abs();
        }
        if g.state().mines.contains(&h) {
            s -= 6.0;
        }
        let care = if p.careful { 2.5 } else { 1.2 } * self.fire_weight();
        if care > 0.0 {
            s -= care * self.exposure(g, u, h);
        }
        s += 0.3 * f64::from(b.defense_modifier(h));
        if def.fires() {
            s += 0.8 * self.line_of_fire(g, u, h, &enemies);
        }
        if def.kind.assaults() && p.attack {
            s += 0.5 * assault_chance(g, u, h, &enemies);
        }
        s
    }

    /// The expected loss of unit `u` (and its passenger) standing on `h` when the enemy
    /// next fires.
    fn exposure(&mut self, g: &Game, u: usize, h: HexId) -> f64 {
        let def = &g.s.units[u];
        let armored = def.kind.is_armored() || g.s.board.cell(h).cover == super::board::Cover::Town;
        let fire = self.danger(g, h, armored);
        if fire == 0 {
            return 0.0;
        }
        let mut df = def.f.defense;
        let mut w = worth(g, u);
        if let Some(p) = g.state().units[u].carrying {
            w += worth(g, p);
            if !def.kind.is_armored() {
                df = 1;
            }
        }
        let Some(column) = crt::column(fire, df) else {
            return 0.0;
        };
        if column < 0 {
            return 0.0;
        }
        let m = g.s.board.defense_modifier(h);
        crt::chances(column, m)
            .iter()
            .map(|(o, chance, _)| match o {
                Outcome::X => chance * w,
                Outcome::DD | Outcome::D => chance * 0.3 * w,
                Outcome::NoEffect => 0.0,
            })
            .sum()
    }

    /// The enemy attack factors that could fire on a target on `h` at the enemy's next
    /// fire step: undispersed units in range that see it (and spot it in woods or a
    /// town), by the weapons chart and hill halving.
    fn danger(&mut self, g: &Game, h: HexId, armored: bool) -> u32 {
        if let Some(&v) = self.danger.get(&(h, armored)) {
            return v;
        }
        let st = g.state();
        let them = 1 - st.side;
        let b = &g.s.board;
        let hidden = b.needs_spotting(h) && !g.spotted(h, them);
        let mut total = 0;
        for (e, def) in g.s.units.iter().enumerate() {
            if def.side != them || !def.fires() || st.units[e].dispersed {
                continue;
            }
            let Some(from) = st.units[e].hex() else {
                continue;
            };
            let range = b.grid.distance(from, h);
            if range > def.f.range || (range > 1 && (hidden || !g.sees(from, h))) {
                continue;
            }
            total += weapon_factor(g, e, from, h, armored);
        }
        self.danger.insert((h, armored), total);
        total
    }

    /// How well unit `u` on `h` could fire at the enemy next turn: the best of its
    /// factor against an enemy stack's defense, 1 at 1-1 or better.
    fn line_of_fire(&self, g: &Game, u: usize, h: HexId, enemies: &[HexId]) -> f64 {
        let def = &g.s.units[u];
        let b = &g.s.board;
        let side = g.state().side;
        let mut best: f64 = 0.0;
        for &e in enemies {
            let range = b.grid.distance(h, e);
            if range > def.f.range {
                continue;
            }
            if range > 1 && ((b.needs_spotting(e) && !g.spotted(e, side)) || !g.sees(h, e)) {
                continue;
            }
            let pieces = g.pieces(e, 1 - side, false);
            let armored = pieces.iter().filter(|p| p.armored).count() * 2 > pieces.len();
            let df: u32 = pieces.iter().map(|p| p.df).sum();
            let f = weapon_factor(g, u, h, e, armored);
            best = best.max((f64::from(f) / f64::from(df.max(1))).min(1.0));
        }
        best
    }

    /// An overrun whose expected result is worth at least 45 % of the stack overrun.
    fn overrun(&mut self, g: &Game) -> Option<Action> {
        let armor = fresh_armor(g, &self.done);
        if armor.is_empty() {
            return None;
        }
        let reach: Vec<_> = armor.iter().map(|&u| g.reach(u, false)).collect();
        let them = 1 - g.state().side;
        let mut best: Option<(f64, Action)> = None;
        for h in enemy_hexes(g) {
            let legs = overrun_legs(g, h, &armor, &reach);
            if legs.is_empty() {
                continue;
            }
            let column = overrun_column(g, h, &legs);
            let pieces = g.pieces(h, them, false);
            let m = modifier(g, h, &pieces, true, false);
            let value = expected(g, &pieces, column, m);
            if value < 0.45 * pieces_worth(g, &pieces) {
                continue;
            }
            // Infantry riding along jump off to assault what the overrun leaves (P-24).
            let legs = g.jumping(h, &legs).unwrap_or(legs);
            let a = Action::Overrun { hex: h, legs };
            if best.as_ref().is_none_or(|(v, _)| value > *v) && legal(g, &a) {
                best = Some((value, a));
            }
        }
        best.map(|(_, a)| a)
    }

    /// The close-assault step: the assault expected to take most, while any takes
    /// something (the assaulting units risk nothing).
    fn assault(&mut self, g: &Game) -> Option<Action> {
        let mut best: Option<(f64, Action)> = None;
        for h in enemy_hexes(g) {
            if self.tried.contains(&h) || g.state().assaulted.contains(&h) {
                continue;
            }
            let mut units: Vec<String> = own(g)
                .filter(|&u| {
                    g.s.units[u].kind.assaults()
                        && g.state().units[u]
                            .hex()
                            .is_some_and(|x| g.s.board.grid.distance(x, h) <= 1)
                })
                .map(|u| g.s.units[u].id.clone())
                .collect();
            // Units that may not assault (they fired, used the road rate) are dropped
            // one by one until the rest may.
            while !units.is_empty() && g.plan_assault(h, &units).is_err() {
                units.pop();
            }
            let Ok(plan) = g.plan_assault(h, &units) else {
                self.tried.insert(h);
                continue;
            };
            let m = modifier(g, h, &plan.pieces, true, true);
            let value = expected(g, &plan.pieces, plan.column, m);
            let a = Action::Assault { hex: h, units };
            if value > 0.0 && best.as_ref().is_none_or(|(v, _)| value > *v) {
                best = Some((value, a));
            }
        }
        let (_, a) = best?;
        if let Action::Assault { hex, .. } = &a {
            self.tried.insert(*hex);
        }
        legal(g, &a).then_some(a)
    }
}

fn order_of(g: &Game, h: HexId, att: &[usize]) -> FireOrder {
    FireOrder::combination(h, att.iter().map(|&u| g.s.units[u].id.clone()).collect())
}

/// Unit `u`'s attack factor from `from` on a target on `to`, by the weapons chart and
/// hill halving: the estimate of [`Game::fire_factor`] for a unit of either side and a
/// position it is not in.
fn weapon_factor(g: &Game, u: usize, from: HexId, to: HexId, armored: bool) -> u32 {
    let f = &g.s.units[u].f;
    let near = g.s.board.grid.distance(from, to) <= f.range / 2;
    let mut v = match (f.class, armored) {
        (Class::I, true) | (Class::None, _) => 0,
        (Class::A, true) if near => f.attack * 2,
        (Class::A, false) => f.attack / 2,
        (Class::H | Class::M, true) if !near => f.attack / 2,
        _ => f.attack,
    };
    if g.hill_halving(from, to).is_some() {
        v /= 2;
    }
    v
}

/// For an assaulting unit on `h`: the best share of an adjacent enemy stack's defense
/// its attack factor makes, 1 at 1-1 or better.
fn assault_chance(g: &Game, u: usize, h: HexId, enemies: &[HexId]) -> f64 {
    let attack = f64::from(g.s.units[u].f.attack);
    let side = g.state().side;
    enemies
        .iter()
        .filter(|&&e| g.s.board.grid.distance(h, e) == 1)
        .map(|&e| {
            let df: u32 = g.pieces(e, 1 - side, false).iter().map(|p| p.df).sum();
            (attack / f64::from(df.max(1))).min(1.0)
        })
        .fold(0.0, f64::max)
}
