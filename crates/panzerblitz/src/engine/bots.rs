//! The bots: `heuristic` (in [`super::heuristic`]: plays for the victory levels by the
//! expected results of the CRT), `greedy` (fires at the best odds it can get, moves toward
//! the hexes it must hold or the nearest enemy by cover, elevation and a line of fire,
//! unloads near the fight, overruns at 2-1 or better and close-assaults at 1-1 or better)
//! and `random` (legal orders picked at random).
//!
//! A bot gives one [`Action`] at a time; within a step it remembers the units it has
//! already dealt with, so every step ends. Each order is tried on a copy of the game
//! first, so a bot never hands the match an illegal order.

use std::collections::{BTreeMap, BTreeSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use sztab_core::hex::HexId;
use sztab_core::model::described::Condition;
use sztab_seam::BotInfo;

use super::action::{Action, FireOrder, OverrunLeg};
use super::crt;
use super::event::Step;
use super::game::Game;
use super::heuristic::{DEFAULT_STRENGTH, Heuristic, STRENGTHS};
use super::movement::Route;
use super::state::Loc;

pub use sztab_seam::play::Bot;

/// A bot by name: `heuristic` (`heuristic:1` to `heuristic:5`, default 3: decision
/// P-20), `greedy` or `random`. A strength out of range, or given to a bot that takes
/// none, is refused.
pub fn build(name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
    let (base, strength) = match name.split_once(':') {
        Some((b, n)) => {
            let n = n
                .parse::<u8>()
                .map_err(|_| format!("\"{name}\": the strength after ':' is a number"))?;
            (b, Some(n))
        }
        None => (name, None),
    };
    let rng = ChaCha8Rng::seed_from_u64(seed);
    match (base, strength) {
        ("random", None) => Ok(Box::new(Player::new(Mind::Random(Box::new(rng))))),
        ("greedy", None) => Ok(Box::new(Player::new(Mind::Greedy))),
        ("heuristic", s) => {
            let s = s.unwrap_or(DEFAULT_STRENGTH);
            let (lo, hi) = STRENGTHS;
            if !(lo..=hi).contains(&s) {
                return Err(format!(
                    "\"{name}\": the heuristic's strength is {lo} to {hi}"
                ));
            }
            Ok(Box::new(Heuristic::new(s)))
        }
        ("search", None) => Ok(Box::new(super::search::Search::new(seed))),
        ("random" | "greedy" | "search", Some(_)) => {
            Err(format!("\"{name}\": {base} takes no strength"))
        }
        _ => Err(format!(
            "unknown bot \"{name}\": PanzerBlitz has heuristic, search, greedy and random"
        )),
    }
}

enum Mind {
    Random(Box<ChaCha8Rng>),
    Greedy,
}

impl Mind {
    /// A random number below `n` (random bot); 0 for the greedy one.
    fn below(&mut self, n: usize) -> usize {
        match self {
            Mind::Random(r) if n > 0 => (r.next_u64() % n as u64) as usize,
            _ => 0,
        }
    }

    fn chance(&mut self, percent: u64) -> bool {
        match self {
            Mind::Random(r) => r.next_u64() % 100 < percent,
            Mind::Greedy => true,
        }
    }

    fn greedy(&self) -> bool {
        matches!(self, Mind::Greedy)
    }
}

/// Where in the game the bot's memory of dealt-with units holds.
pub(super) type StepKey = (u32, usize, Step);

struct Player {
    mind: Mind,
    key: Option<StepKey>,
    /// Units dealt with in this step.
    done: BTreeSet<usize>,
    /// Hexes whose close assault was weighed in this step.
    tried: BTreeSet<HexId>,
    /// No overrun is left to weigh in this step.
    overruns_weighed: bool,
}

impl Player {
    fn new(mind: Mind) -> Self {
        Player {
            mind,
            key: None,
            done: BTreeSet::new(),
            tried: BTreeSet::new(),
            overruns_weighed: false,
        }
    }
}

impl Bot<Game> for Player {
    fn decide(&mut self, g: &Game) -> Action {
        let st = g.state();
        let key = (st.turn, st.side, st.step);
        if self.key != Some(key) {
            self.key = Some(key);
            self.done.clear();
            self.tried.clear();
            self.overruns_weighed = false;
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

/// Whether `a` is legal now.
pub(super) fn legal(g: &Game, a: &Action) -> bool {
    g.clone().apply(a).is_ok()
}

/// The units of the side to play.
pub(super) fn own(g: &Game) -> impl Iterator<Item = usize> + '_ {
    let side = g.state().side;
    (0..g.s.units.len()).filter(move |&u| g.s.units[u].side == side)
}

/// The units of the side to play, not in `used`, that may take part in a combination
/// attack on `h`: free to fire at it, with a factor against the stack as the weapons
/// chart counts it. A unit with none (I weapons against armor, Weapon-to-Target A and
/// the WEC; either type of an evenly divided stack, P-16) would have the whole order
/// refused, so it is left out of the attack, not the attack left out (decision P-19).
pub(super) fn attackers(g: &Game, h: HexId, used: &BTreeSet<usize>) -> Vec<usize> {
    let stack = g.pieces(h, 1 - g.state().side, false);
    let none = BTreeSet::new();
    own(g)
        .filter(|u| !used.contains(u))
        .filter(|&u| g.stack_factors(&[u], h, &stack, &none).is_ok())
        .collect()
}

/// Hexes holding units of the side not to play.
pub(super) fn enemy_hexes(g: &Game) -> Vec<HexId> {
    let side = g.state().side;
    let mut v: Vec<HexId> = (0..g.s.units.len())
        .filter(|&u| g.s.units[u].side != side)
        .filter_map(|u| g.state().units[u].hex())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The hexes the side to play must hold, fill or reach to win, if its victory asks for
/// any: hexes to hold, a zone to stand in, the edge to exit across or advance toward.
pub(super) fn goals(g: &Game) -> Vec<HexId> {
    let me = &g.s.sides[g.state().side].id;
    let Some(v) = &g.s.victory else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for l in v.levels.iter().filter(|l| l.winner.as_str() == me) {
        for c in &l.all_of {
            match c {
                Condition::Holds { side, hexes } if side.as_str() == me => {
                    out.extend(hexes.iter().copied());
                }
                Condition::HoldsPlace { side, place } if side.as_str() == me => {
                    out.extend(g.s.places.get(place).into_iter().flatten().copied());
                }
                Condition::Exited { side, edge, .. } if side.as_str() == me => {
                    out.extend(g.s.edge_hexes(*edge));
                }
                Condition::InZone { side, zone, .. } | Condition::ZoneRatio { side, zone, .. }
                    if side.as_str() == me =>
                {
                    out.extend(g.s.zone_hexes(zone));
                }
                Condition::Advance { side, toward, .. } if side.as_str() == me => {
                    out.extend(g.s.edge_hexes(*toward));
                }
                _ => {}
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

impl Player {
    /// The fire step: one order per target hex, attackers used once.
    fn fire(&mut self, g: &Game) -> Action {
        let mut used = BTreeSet::new();
        let mut orders: Vec<FireOrder> = Vec::new();
        let mut targets = enemy_hexes(g);
        while !targets.is_empty() {
            // Every target with the attackers still free that can fire at it.
            let mut best: Option<(i32, usize, FireOrder)> = None;
            // The random bot looks at one target picked at random, the greedy one at all.
            let candidates: Vec<usize> = if self.mind.greedy() {
                (0..targets.len()).collect()
            } else {
                vec![self.mind.below(targets.len())]
            };
            for i in candidates {
                let h = targets[i];
                let mut att = attackers(g, h, &used);
                if !self.mind.greedy() {
                    att.retain(|_| self.mind.chance(60));
                }
                if att.is_empty() {
                    continue;
                }
                let Some((col, order)) = self.trimmed(g, h, att) else {
                    continue;
                };
                if best.as_ref().is_none_or(|(c, _, _)| col > *c) {
                    best = Some((col, i, order));
                }
            }
            let Some((col, i, order)) = best else {
                if self.mind.greedy() {
                    break;
                }
                if self.mind.chance(50) {
                    break;
                }
                continue;
            };
            targets.remove(i);
            // The greedy bot fires at 1-1 or better (the other targets offer no better
            // odds); the random one at whatever it got.
            if self.mind.greedy() && col < 3 {
                break;
            }
            let mut trial = orders.clone();
            trial.push(order.clone());
            if legal(g, &fire_action(trial.clone())) {
                for a in order.attackers() {
                    used.extend(g.s.unit(a));
                }
                orders = trial;
            }
            if !self.mind.greedy() && self.mind.chance(30) {
                break;
            }
        }
        fire_action(orders)
    }

    /// A combination attack on `h` by `att`; the greedy bot drops the attackers the odds
    /// do not need (weakest first), so they may fire elsewhere or move.
    fn trimmed(&mut self, g: &Game, h: HexId, mut att: Vec<usize>) -> Option<(i32, FireOrder)> {
        let order = |att: &[usize]| {
            FireOrder::combination(h, att.iter().map(|&u| g.s.units[u].id.clone()).collect())
        };
        let column = |att: &[usize]| -> Option<i32> {
            let plans = g.plan_fire(&order(att)).ok()?;
            plans.iter().map(|p| p.column).min()
        };
        let col = column(&att)?;
        if self.mind.greedy() {
            att.sort_by_key(|&u| g.s.units[u].f.attack);
            let mut i = 0;
            while i < att.len() && att.len() > 1 {
                let mut fewer = att.clone();
                fewer.remove(i);
                if column(&fewer).is_some_and(|c| c.min(6) >= col.min(6)) {
                    att = fewer;
                } else {
                    i += 1;
                }
            }
        }
        Some((col, order(&att)))
    }

    /// One order of a movement step: an overrun, or a unit enters, unloads or moves;
    /// `None` ends the step.
    fn movement(&mut self, g: &Game) -> Option<Action> {
        let st = g.state();
        if st.step.overruns() && !self.overruns_weighed {
            match self.overrun(g) {
                Some(a) => return Some(a),
                None => self.overruns_weighed = true,
            }
        }
        let units: Vec<usize> = own(g)
            .filter(|u| !self.done.contains(u))
            .filter(|&u| st.step.moves(g.s.units[u].kind.is_vehicle()))
            .collect();
        for u in units {
            self.done.insert(u);
            let a = match st.units[u].loc() {
                Loc::Waiting if g.arrived(u) => self.enter(g, u),
                Loc::On(_) => self.unload(g, u).or_else(|| self.step_to(g, u)),
                _ => None,
            };
            if let Some(a) = a
                && legal(g, &a)
            {
                return Some(a);
            }
        }
        None
    }

    fn enter(&mut self, g: &Game, u: usize) -> Option<Action> {
        let hexes = g.entry_hexes(u);
        if hexes.is_empty() {
            return None;
        }
        let goal = self.aim(g);
        let h = if self.mind.greedy() {
            *hexes
                .iter()
                .min_by_key(|&&h| nearest(g, h, &goal))
                .unwrap_or(&hexes[0])
        } else {
            hexes[self.mind.below(hexes.len())]
        };
        let passenger = g.state().units[u].carrying.map(|p| g.s.units[p].id.clone());
        Some(Action::Enter {
            unit: g.s.units[u].id.clone(),
            hex: h,
            passenger,
        })
    }

    /// A carrier puts its passenger down near the fight (greedy) or at random.
    fn unload(&mut self, g: &Game, u: usize) -> Option<Action> {
        let st = g.state();
        st.units[u].carrying?;
        let h = st.units[u].hex()?;
        let want = if self.mind.greedy() {
            let enemy = nearest(g, h, &enemy_hexes(g));
            let goal = nearest(g, h, &goals(g));
            enemy <= 4 || goal <= 1
        } else {
            self.mind.chance(25)
        };
        want.then(|| Action::Unload {
            carrier: g.s.units[u].id.clone(),
        })
    }

    /// Where to go: the hexes to hold, or else the enemy.
    fn aim(&self, g: &Game) -> Vec<HexId> {
        let goal = goals(g);
        if goal.is_empty() {
            enemy_hexes(g)
        } else {
            goal
        }
    }

    fn step_to(&mut self, g: &Game, u: usize) -> Option<Action> {
        let reach = g.reach(u, true);
        if reach.is_empty() {
            return None;
        }
        let id = g.s.units[u].id.clone();
        if !self.mind.greedy() {
            let pick = self.mind.below(reach.len() + 1);
            let (_, route) = reach.iter().nth(pick)?;
            return Some(Action::Move {
                unit: id,
                path: route.path.clone(),
            });
        }
        let here = g.state().units[u].hex()?;
        let aim = self.aim(g);
        let enemies = enemy_hexes(g);
        let score = |h: HexId| place_score(g, u, h, &aim, &enemies);
        let (best, route) = reach
            .iter()
            .map(|(h, r)| (score(*h), r))
            .max_by(|a, b| a.0.total_cmp(&b.0))?;
        (best > score(here)).then(|| Action::Move {
            unit: id,
            path: route.path.clone(),
        })
    }

    /// An overrun by the armored units that can drive through an enemy stack: the
    /// greedy bot makes it at 2-1 or better after the column shift, the random one
    /// now and then.
    fn overrun(&mut self, g: &Game) -> Option<Action> {
        let armor = fresh_armor(g, &self.done);
        if armor.is_empty() {
            return None;
        }
        let reach: Vec<_> = armor.iter().map(|&u| g.reach(u, false)).collect();
        for h in enemy_hexes(g) {
            let legs = overrun_legs(g, h, &armor, &reach);
            if legs.is_empty() {
                continue;
            }
            let column = overrun_column(g, h, &legs);
            let go = if self.mind.greedy() {
                column >= 4
            } else {
                column >= 0 && self.mind.chance(30)
            };
            // Infantry riding along jump off to assault what the overrun leaves (P-24).
            let legs = g.jumping(h, &legs).unwrap_or(legs);
            let a = Action::Overrun { hex: h, legs };
            if go && legal(g, &a) {
                return Some(a);
            }
        }
        None
    }

    /// The close-assault step: every enemy hex next to units that may assault it.
    fn assault(&mut self, g: &Game) -> Option<Action> {
        for h in enemy_hexes(g) {
            if !self.tried.insert(h) || g.state().assaulted.contains(&h) {
                continue;
            }
            let units: Vec<String> = own(g)
                .filter(|&u| {
                    g.s.units[u].kind.assaults()
                        && g.state().units[u]
                            .hex()
                            .is_some_and(|x| g.s.board.grid.distance(x, h) == 1)
                })
                .map(|u| g.s.units[u].id.clone())
                .collect();
            if units.is_empty() {
                continue;
            }
            // Units that may not assault (they fired, used the road rate) are dropped
            // one by one until the rest may.
            let mut units = units;
            while !units.is_empty() && g.plan_assault(h, &units).is_err() {
                units.pop();
            }
            let Ok(plan) = g.plan_assault(h, &units) else {
                continue;
            };
            let go = if self.mind.greedy() {
                plan.column >= 3
            } else {
                self.mind.chance(50)
            };
            let a = Action::Assault { hex: h, units };
            if go && legal(g, &a) {
                return Some(a);
            }
        }
        None
    }
}

/// The units that may still overrun this step: armored units not yet moved and not in
/// `done`.
pub(super) fn fresh_armor(g: &Game, done: &BTreeSet<usize>) -> Vec<usize> {
    let st = g.state();
    own(g)
        .filter(|&u| g.s.units[u].kind.overruns() && !done.contains(&u))
        .filter(|&u| st.units[u].hexes == 0 && st.units[u].spent == 0)
        .filter(|&u| g.may_move(u).is_ok())
        .collect()
}

/// The armored units of `armor` (with their reach, road rate off) that can overrun `h`
/// together, each by its cheapest entry hex; none if `h` may not be overrun now.
pub(super) fn overrun_legs(
    g: &Game,
    h: HexId,
    armor: &[usize],
    reach: &[BTreeMap<HexId, Route>],
) -> Vec<OverrunLeg> {
    let st = g.state();
    let mut legs: Vec<OverrunLeg> = Vec::new();
    if !g.s.board.overrunnable(h) || st.overrun.contains(&h) {
        return legs;
    }
    for (k, &u) in armor.iter().enumerate() {
        let Some(from) = st.units[u].hex() else {
            continue;
        };
        let entries = super::overrun::approaches(g, h, from, &reach[k]);
        let leg = entries.into_iter().find_map(|(_, approach)| {
            let leg = OverrunLeg {
                unit: g.s.units[u].id.clone(),
                approach,
                jump_off: false,
            };
            let mut with = legs.clone();
            with.push(leg.clone());
            g.plan_overrun(h, &with).is_ok().then_some(leg)
        });
        legs.extend(leg);
    }
    legs
}

/// The column an overrun of `h` by `legs` is resolved on, the overrun's shift included
/// (Overrun D).
pub(super) fn overrun_column(g: &Game, h: HexId, legs: &[OverrunLeg]) -> i32 {
    let attack: u32 = legs
        .iter()
        .filter_map(|l| g.s.unit(&l.unit))
        .map(|u| g.s.units[u].f.attack)
        .sum();
    let defense: u32 = g
        .pieces(h, 1 - g.state().side, false)
        .iter()
        .map(|p| p.df)
        .sum();
    crt::column(attack, defense).unwrap_or(-10) + 1
}

pub(super) fn fire_action(attacks: Vec<FireOrder>) -> Action {
    Action::Fire {
        attacks,
        clear_mines: Vec::new(),
    }
}

/// The distance from `h` to the nearest of `to` (a large number for none).
pub(super) fn nearest(g: &Game, h: HexId, to: &[HexId]) -> u32 {
    to.iter()
        .map(|&x| g.s.board.grid.distance(h, x))
        .min()
        .unwrap_or(99)
}

/// How good a hex is for unit `u`: near its aim, in cover, high up, off minefields
/// (which stop a unit and attack it every enemy turn), with an enemy in range and sight
/// for next turn's fire.
fn place_score(g: &Game, u: usize, h: HexId, aim: &[HexId], enemies: &[HexId]) -> f64 {
    let b = &g.s.board;
    let def = &g.s.units[u];
    let mut s = -2.0 * f64::from(nearest(g, h, aim));
    if g.state().mines.contains(&h) {
        s -= 6.0;
    }
    s += f64::from(b.defense_modifier(h));
    s += 0.5 * f64::from(b.level(h) as u8);
    if def.fires()
        && enemies.iter().any(|&e| {
            let d = b.grid.distance(h, e);
            d <= def.f.range && g.sees(h, e)
        })
    {
        s += 1.5;
    }
    s
}

/// The bots as the command line and the balance lab list them; the first is the default.
pub const BOTS: &[BotInfo] = &[
    BotInfo {
        kind: "heuristic",
        label: "Heuristic",
        strengths: Some(STRENGTHS),
        default_strength: DEFAULT_STRENGTH,
    },
    BotInfo {
        kind: "search",
        label: "Search",
        strengths: None,
        default_strength: 1,
    },
    BotInfo {
        kind: "greedy",
        label: "Greedy",
        strengths: None,
        default_strength: 1,
    },
    BotInfo {
        kind: "random",
        label: "Random",
        strengths: None,
        default_strength: 1,
    },
];
