//! The `heuristic` bot: plays for the scenario's victory points, either side (decisions
//! It picks among the legal actions only, so it never orders what the
//! rules refuse, and it never looks at a die not yet rolled: attacks are weighed by
//! their [`Forecast`], which counts every check and the CRT over the d10.
//!
//! - Activation: the AM and sequence whose formation has most to do — Mobile for units
//!   away from the enemy, Assault for units in contact (and the other formations' units
//!   in contact, which an Assault Sequence may add, 9.11); a Pass only when nothing is to
//!   be done; two AMs combined when both formations have work.
//! - Movement: one stack at a time toward the VP places and the enemy (artillery to
//!   within its range, HQs behind their units), never overstacked; reinforcements enter
//!   at the hex nearest their goal; an Overrun whose forecast clears the strength's
//!   threshold is made before the stack moves on.
//! - Declaration: attacks chosen greedily by the expected steps lost by each side and
//!   the chance of clearing a VP place, above a threshold set by the strength.
//! - Resolution: the CRT, Lead unit, HQ and Leader with the best forecast; every air and
//!   artillery unit the rules allow committed.
//! - Defense: the Lead with the best ER; Combat Refusal when a hex that is not a VP place
//!   would likely lose steps; No Retreat in a VP place; losses from the unit that can
//!   best spare a step; retreats away from the enemy's ZOC.
//!
//! Its strength (1-5) is how much it asks of an attack before declaring it (from "any
//! attack not expected to cost more steps than it takes" at 1 to "one expected to win
//! a step more than it costs" at 5), and at 3 and above it also weighs the attacks of
//! the whole front before the first declaration, rather than hex by hex.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use sztab_core::hex::HexId;

use super::action::Action;
use super::forecast::Forecast;
use super::game::Game;
use super::movement::STACKING;
use super::rules::{AmKind, Scoring};
use super::state::{Loc, Phase, Stage};
use super::unit::Kind;
use super::words::{CrtKind, SeqKind, Side};

/// The strengths the bot takes, and its default.
pub const STRENGTHS: (u8, u8) = (1, 5);
pub const DEFAULT_STRENGTH: u8 = 3;

/// Where in the game the bot's memory holds: turn, sequence, stage.
type Key = (u32, u32, Option<Stage>);

pub struct Heuristic {
    rng: ChaCha8Rng,
    strength: u8,
    key: Option<Key>,
    /// Units already moved or weighed in this phase.
    handled: BTreeSet<usize>,
    /// Declarations still to make.
    plan: Vec<Action>,
    planned: bool,
}

impl Heuristic {
    pub fn new(seed: u64, strength: u8) -> Heuristic {
        Heuristic {
            rng: ChaCha8Rng::seed_from_u64(seed),
            strength: strength.clamp(STRENGTHS.0, STRENGTHS.1),
            key: None,
            handled: BTreeSet::new(),
            plan: Vec::new(),
            planned: false,
        }
    }

    /// A tie-breaker from the seeded stream, too small to change a real preference.
    fn noise(&mut self) -> f64 {
        (self.rng.next_u64() % 1000) as f64 * 1e-9
    }

    /// The expected value an attack must reach to be declared.
    fn threshold(&self) -> f64 {
        0.25 * f64::from(self.strength - 1)
    }

    fn remember(&mut self, g: &Game) {
        let st = g.state();
        let key = (st.turn, st.sequences, st.seq().map(|q| q.stage));
        if self.key != Some(key) {
            self.key = Some(key);
            self.handled.clear();
            self.plan.clear();
            self.planned = false;
        }
    }

    pub fn choose(&mut self, g: &Game) -> Action {
        let legal = g.legal();
        if legal.len() <= 1 {
            return legal.into_iter().next().unwrap_or(Action::End);
        }
        let Some(side) = g.to_act() else {
            return Action::End;
        };
        self.remember(g);
        let st = g.state();
        if st.phase == Phase::Sequence
            && st.pending.is_empty()
            && st.seq().is_some_and(|q| q.battle.is_none())
        {
            match st.seq().map(|q| q.stage) {
                Some(Stage::Movement) => return self.movement(g, side, &legal),
                Some(Stage::Declaration) => return self.declaration(g, side, &legal),
                _ => {}
            }
        }
        let mut best: Option<(f64, &Action)> = None;
        for a in &legal {
            // A tie is broken by the seeded stream, never by the order alone.
            let s = self.score(g, side, a) + self.noise();
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, a));
            }
        }
        best.map_or(Action::End, |(_, a)| a.clone())
    }

    /// How good an action is for `side`, outside movement and declaration.
    pub(super) fn score(&self, g: &Game, side: Side, a: &Action) -> f64 {
        match a {
            Action::HoldOut { am } => -am_value(g, side, am),
            Action::ChooseFirst { am } => am_value(g, side, am),
            // Drawing keeps every choice open, the pooled AM among them (7.34).
            Action::Draw => 100.0,
            Action::Play {
                am,
                sequence,
                formation,
            } => play_value(g, side, am, *sequence, formation.as_deref()),
            Action::Combine {
                face_up,
                sequence,
                leader,
            } => combine_value(g, side, face_up, *sequence, leader.is_some()),
            Action::ActivateArmy { hq, .. } => 5.0 - f64::from(u8::from(hq.is_some())),
            Action::BuildStrongpoint { unit } => build_value(g, side, unit),
            Action::PlaceBridge { .. } | Action::LiftBridge { .. } => -1.0,
            Action::Lead { unit, .. } => g.rules.unit(unit).map_or(0.0, |u| {
                f64::from(g.er(u)) + 0.1 * f64::from(g.st.units[u].steps)
            }),
            Action::Refuse { hex } => refusal_value(g, *hex),
            Action::React { .. } => -1.0,
            Action::NoRetreat { hex, hq } => {
                if objective_weight(g, *hex) > 0.0 {
                    1.0 + f64::from(u8::from(hq.is_some()))
                } else {
                    -1.0
                }
            }
            Action::Resolve {
                hex,
                crt,
                lead,
                hq,
                leader,
            } => resolve_value(g, side, *hex, *crt, lead, hq, leader),
            Action::Defend { hq } => {
                // Command Points only help the defender's own air and artillery checks.
                let helps =
                    !g.air_candidates(side).is_empty() || !g.artillery_candidates(side).is_empty();
                if hq.is_some() == helps { 1.0 } else { 0.0 }
            }
            Action::Air { .. } | Action::Artillery { .. } => 1.0,
            Action::Loss { unit } => g.rules.unit(unit).map_or(0.0, |u| -loss_cost(g, u)),
            Action::Retreat { unit, path } => retreat_value(g, side, unit.as_deref(), path),
            Action::Advance { unit, path } => g.rules.unit(unit).map_or(0.0, |u| {
                let from = g.hex_of(u);
                let to = path.last().copied();
                match (from, to) {
                    (Some(f), Some(t)) => potential(g, u, t) - potential(g, u, f),
                    _ => 0.0,
                }
            }),
            Action::End => match g.state().seq().map(|q| (q.stage, q.battle.as_ref())) {
                // Nothing to commit: done.
                Some((_, Some(_))) => 0.0,
                _ => 0.05,
            },
            Action::Pick { .. }
            | Action::Step { .. }
            | Action::Enter { .. }
            | Action::Overrun { .. }
            | Action::Halt
            | Action::Declare { .. } => 0.0,
        }
    }

    // ---- movement ----

    fn movement(&mut self, g: &Game, side: Side, legal: &[Action]) -> Action {
        let seq = g.state().seq().expect("in a sequence");
        if let Some(m) = seq.mover.as_ref().filter(|m| !m.units.is_empty()) {
            let here = stack_potential(g, &m.units, m.hex);
            let mut best: Option<(f64, &Action)> = None;
            for a in legal {
                let s = match a {
                    Action::Step { to } => {
                        let pts: u32 = m.units.iter().map(|&u| g.rules.units[u].stacking).sum();
                        if g.stack_points(*to, side) + pts > STACKING {
                            continue;
                        }
                        stack_potential(g, &m.units, *to) - here
                    }
                    Action::Halt => 0.05,
                    // An Overrun worth its threshold comes before moving on.
                    Action::Overrun { hex, lead, air } => {
                        let Some(v) = overrun_value(g, side, &m.units, *hex, lead, air) else {
                            continue;
                        };
                        if v <= self.threshold() {
                            continue;
                        }
                        OVERRUN + v
                    }
                    _ => continue,
                };
                let s = s + self.noise();
                if best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, a));
                }
            }
            self.handled.extend(m.units.iter().copied());
            if let Some((_, a)) = best {
                return a.clone();
            }
            return legal
                .iter()
                .find(|a| matches!(a, Action::Step { .. }))
                .cloned()
                .unwrap_or(Action::End);
        }
        let mut best: Option<(f64, &Action)> = None;
        for a in legal {
            let s = match a {
                Action::ActivateArmy { hq, .. } => 50.0 - f64::from(u8::from(hq.is_some())),
                Action::Enter { unit, hex } => g
                    .rules
                    .unit(unit)
                    .map_or(0.0, |u| 20.0 + potential(g, u, *hex)),
                Action::Pick { unit } => {
                    let Some(u) = g.rules.unit(unit) else {
                        continue;
                    };
                    if self.handled.contains(&u) {
                        continue;
                    }
                    let Some(h) = g.hex_of(u) else { continue };
                    let gain = g
                        .rules
                        .board
                        .grid
                        .neighbours(h)
                        .filter(|&n| g.rules.board.contains(n))
                        .map(|n| potential(g, u, n) - potential(g, u, h))
                        .fold(f64::MIN, f64::max);
                    if gain <= 0.0 {
                        continue;
                    }
                    1.0 + gain
                }
                Action::End => 0.0,
                _ => continue,
            };
            let s = s + self.noise();
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, a));
            }
        }
        if let Some((_, Action::Pick { unit })) = best
            && let Some(u) = g.rules.unit(unit)
        {
            self.handled.insert(u);
        }
        best.map_or(Action::End, |(_, a)| a.clone())
    }

    // ---- declaration ----

    fn declaration(&mut self, g: &Game, side: Side, legal: &[Action]) -> Action {
        if !self.planned {
            self.planned = true;
            self.plan = self.plan_attacks(g, side, legal);
        }
        while let Some(a) = self.plan.first().cloned() {
            self.plan.remove(0);
            if legal.contains(&a) {
                return a;
            }
        }
        Action::End
    }

    /// The attacks to declare: the best expected one first, each unit once.
    fn plan_attacks(&mut self, g: &Game, side: Side, legal: &[Action]) -> Vec<Action> {
        let mut eligible: Vec<(HexId, Vec<usize>)> = Vec::new();
        for a in legal {
            if let Action::Declare { unit, hex } = a {
                let Some(u) = g.rules.unit(unit) else {
                    continue;
                };
                match eligible.iter_mut().find(|(h, _)| h == hex) {
                    Some((_, us)) => us.push(u),
                    None => eligible.push((*hex, vec![u])),
                }
            }
        }
        let mut used: BTreeSet<usize> = BTreeSet::new();
        let mut plan = Vec::new();
        let whole_front = self.strength >= 3;
        loop {
            let mut best: Option<(f64, HexId, Vec<usize>)> = None;
            for (hex, us) in &eligible {
                let free: Vec<usize> = us.iter().copied().filter(|u| !used.contains(u)).collect();
                if free.is_empty() {
                    continue;
                }
                let Some(ev) = attack_value(g, side, *hex, &free) else {
                    continue;
                };
                let ev = ev + self.noise();
                if ev > self.threshold() && best.as_ref().is_none_or(|(b, _, _)| ev > *b) {
                    best = Some((ev, *hex, free));
                }
                if !whole_front && best.is_some() {
                    break;
                }
            }
            let Some((_, hex, units)) = best else { break };
            for u in units {
                used.insert(u);
                plan.push(Action::Declare { unit: g.id(u), hex });
            }
        }
        plan
    }
}

impl sztab_seam::play::Bot<Game> for Heuristic {
    fn decide(&mut self, game: &Game) -> Action {
        self.choose(game)
    }
}

// ---- what the board is worth ----

/// The places of the VP schedule still to be scored or denied, with their value.
fn objectives(g: &Game) -> Vec<(HexId, f64)> {
    let t = g.state().turn;
    let mut out: Vec<(HexId, f64)> = Vec::new();
    for line in &g.rules.points {
        if let Scoring::Holds(hexes) = &line.scoring {
            if line.to_turn < t {
                continue;
            }
            for &h in hexes {
                let w = f64::from(line.value.unsigned_abs());
                match out.iter_mut().find(|(x, _)| *x == h) {
                    Some((_, v)) => *v += w,
                    None => out.push((h, w)),
                }
            }
        }
    }
    out
}

fn objective_weight(g: &Game, hex: HexId) -> f64 {
    objectives(g)
        .into_iter()
        .find(|(h, _)| *h == hex)
        .map_or(0.0, |(_, w)| w)
}

/// The VP a side gains for each step the other loses, and loses for each of its own.
fn step_vp(g: &Game, side: Side) -> (f64, f64) {
    let mut gain = 0.0;
    let mut loss = 0.0;
    for line in &g.rules.points {
        if let Scoring::StepLost(s) = line.scoring {
            let v = f64::from(line.value) * if line.side == side { 1.0 } else { -1.0 };
            if s == side {
                loss -= v;
            } else {
                gain += v;
            }
        }
    }
    (gain, loss)
}

fn enemy_hexes(g: &Game, side: Side) -> Vec<HexId> {
    (0..g.rules.units.len())
        .filter(|&u| g.side_of(u) != side && g.rules.units[u].is_combat())
        .filter_map(|u| g.hex_of(u))
        .collect()
}

fn nearest(g: &Game, from: HexId, to: &[HexId]) -> Option<u32> {
    to.iter()
        .map(|&h| g.rules.board.grid.distance(from, h))
        .min()
}

/// How good `hex` is for unit `u` to stand on (higher is better).
fn potential(g: &Game, u: usize, hex: HexId) -> f64 {
    let d = &g.rules.units[u];
    let side = d.side;
    let enemies = enemy_hexes(g, side);
    let dist_enemy = nearest(g, hex, &enemies).map_or(0.0, f64::from);
    let adjacent = g.next_to_enemy(side, hex);
    if d.is_artillery() {
        let range = f64::from(d.range.max(1));
        return -(dist_enemy - range).max(0.0) - if adjacent { 4.0 } else { 0.0 };
    }
    if !d.is_combat() || d.is_hq() || d.kind == Kind::Leader || g.attack_of(u) == 0 {
        let friends: Vec<HexId> = (0..g.rules.units.len())
            .filter(|&x| x != u && g.side_of(x) == side && g.rules.units[x].is_combat())
            .filter(|&x| !g.rules.units[x].is_hq())
            .filter_map(|x| g.hex_of(x))
            .collect();
        let dist_friend = nearest(g, hex, &friends).map_or(0.0, f64::from);
        return -0.5 * (dist_friend - 1.0).max(0.0) - if adjacent { 4.0 } else { 0.0 };
    }
    let objs = objectives(g);
    let mut v = 0.0;
    if let Some(best) = objs
        .iter()
        .map(|&(h, w)| {
            let dist = f64::from(g.rules.board.grid.distance(hex, h));
            // Holding an objective already held by a friend of the other kind is no gain.
            w / (1.0 + dist)
        })
        .reduce(f64::max)
    {
        v += best;
        let dist_obj = objs
            .iter()
            .map(|&(h, _)| g.rules.board.grid.distance(hex, h))
            .min()
            .unwrap_or(0);
        v -= 0.4 * f64::from(dist_obj);
    }
    v - 0.6 * (dist_enemy - 1.0).max(0.0)
}

fn stack_potential(g: &Game, units: &[usize], hex: HexId) -> f64 {
    units.iter().map(|&u| potential(g, u, hex)).sum::<f64>() / units.len().max(1) as f64
}

// ---- activation ----

/// The formations an AM would activate.
fn am_formations(g: &Game, side: Side, am: &str, formation: Option<&str>) -> Vec<usize> {
    let Some(a) = g.rules.am(am) else {
        return Vec::new();
    };
    match (g.rules.ams[a].kind, formation) {
        (AmKind::Formation(f), _) => vec![f],
        (AmKind::Any, Some(id)) => g.rules.formation(id).into_iter().collect(),
        (AmKind::Any, None) => (0..g.rules.formations.len())
            .filter(|&f| g.rules.formations[f].side == side)
            .take(1)
            .collect(),
    }
}

/// What a formation would do in a sequence of `kind`.
fn formation_value(g: &Game, side: Side, f: usize, kind: SeqKind) -> f64 {
    let st = g.state();
    let mut v = 0.0;
    for u in 0..g.rules.units.len() {
        let d = &g.rules.units[u];
        if d.formation != Some(f) || !d.is_combat() || d.is_hq() {
            continue;
        }
        let waiting = st.units[u].loc == Loc::Off
            && g.rules
                .arrivals
                .iter()
                .any(|a| a.turn <= st.turn && a.units.contains(&u));
        let contact = match g.hex_of(u) {
            Some(h) => g.next_to_enemy(side, h),
            None if waiting => false,
            None => continue,
        };
        let weight = 1.0 + f64::from(g.attack_of(u)) / 4.0;
        v += weight
            * match (kind, contact) {
                (SeqKind::Mobile, false) => 1.0 + if d.is_armored() { 0.3 } else { 0.0 },
                (SeqKind::Mobile, true) => 0.6 + if d.is_armored() { 0.4 } else { 0.0 },
                (SeqKind::Assault, false) => 0.35,
                (SeqKind::Assault, true) => 1.2,
                (SeqKind::Pass, _) => 0.0,
            };
    }
    if kind == SeqKind::Assault {
        // Other formations' units in contact may join an Assault Sequence's attacks (9.11).
        for u in 0..g.rules.units.len() {
            let d = &g.rules.units[u];
            if d.side == side
                && d.formation.is_some_and(|x| x != f)
                && !g.rules.is_army(u)
                && d.is_combat()
                && !d.is_artillery()
                && g.hex_of(u).is_some_and(|h| g.next_to_enemy(side, h))
            {
                v += 0.4;
            }
        }
    }
    v
}

fn am_value(g: &Game, side: Side, am: &str) -> f64 {
    [SeqKind::Mobile, SeqKind::Assault]
        .into_iter()
        .map(|k| {
            am_formations(g, side, am, None)
                .into_iter()
                .map(|f| formation_value(g, side, f, k))
                .sum::<f64>()
        })
        .fold(0.0, f64::max)
}

fn play_value(g: &Game, side: Side, am: &str, kind: SeqKind, formation: Option<&str>) -> f64 {
    if kind == SeqKind::Pass {
        return 0.25;
    }
    am_formations(g, side, am, formation)
        .into_iter()
        .map(|f| formation_value(g, side, f, kind))
        .sum()
}

fn combine_value(g: &Game, side: Side, face_up: &str, kind: SeqKind, leader: bool) -> f64 {
    let st = g.state();
    let (
        Some(pool),
        Phase::Choose {
            drawn: Some(drawn), ..
        },
    ) = (st.pool[side], &st.phase)
    else {
        return 0.0;
    };
    let _ = face_up;
    let fs: BTreeSet<usize> = [pool, *drawn]
        .into_iter()
        .flat_map(|a| am_formations(g, side, &g.rules.ams[a].id, None))
        .collect();
    let v: f64 = fs.iter().map(|&f| formation_value(g, side, f, kind)).sum();
    // The combination may fail (7.33): count on it a little over half the time, a
    // Leader's Command Points helping.
    v * if leader { 0.7 } else { 0.6 }
}

fn build_value(g: &Game, side: Side, unit: &str) -> f64 {
    let Some(u) = g.rules.unit(unit) else {
        return -1.0;
    };
    match g.hex_of(u) {
        Some(h) if objective_weight(g, h) > 0.0 && g.control(h) == Some(side) => 2.0,
        _ => -1.0,
    }
}

// ---- combat ----

/// The attacker's Lead: an active unit with attack strength and the best ER (10.18).
fn best_lead(g: &Game, units: &[usize]) -> Option<usize> {
    units
        .iter()
        .copied()
        .filter(|&u| g.active(u) && g.attack_of(u) > 0)
        .max_by_key(|&u| (g.er(u), std::cmp::Reverse(u)))
}

/// The defender's likely Lead: the best ER.
fn likely_defender_lead(g: &Game, hex: HexId, attacker: Side) -> Option<usize> {
    g.defenders(hex, attacker)
        .into_iter()
        .max_by_key(|&u| (g.er(u), std::cmp::Reverse(u)))
}

/// What a forecast is worth to the attacker: the steps each side is expected to lose,
/// valued at 1 plus their VP, and the chance of clearing a VP place.
fn forecast_value(g: &Game, side: Side, hex: HexId, units: &[usize], f: &Forecast) -> f64 {
    let defenders = g.defenders(hex, side);
    let steps = |us: &[usize]| -> u8 { us.iter().map(|&u| g.st.units[u].steps).sum() };
    let (la, ld) = f.expected_steps(steps(units), steps(&defenders));
    let (gain, loss) = step_vp(g, side);
    ld * (1.0 + gain) - la * (1.0 + loss) + f.p_defender_out() * (0.5 + objective_weight(g, hex))
}

/// What an Overrun weighs against the steps a moving stack might take instead: more
/// than any step's gain in position.
const OVERRUN: f64 = 100.0;

/// The expected value of the moving `units` overrunning `hex` on the Mobile CRT (8.6),
/// led by `lead`, with the `air` unit if any.
fn overrun_value(
    g: &Game,
    side: Side,
    units: &[usize],
    hex: HexId,
    lead: &str,
    air: &Option<String>,
) -> Option<f64> {
    let lead = g.rules.unit(lead)?;
    let dl = likely_defender_lead(g, hex, side);
    let mut b = g.what_if_battle(hex, side, CrtKind::Mobile, units.to_vec(), lead, dl);
    b.overrun = true;
    b.air[side].extend(air.as_deref().and_then(|a| g.rules.unit(a)));
    Some(forecast_value(g, side, hex, units, &g.forecast(&b)))
}

/// The best expected value of `units` attacking `hex` now, over the CRTs allowed.
fn attack_value(g: &Game, side: Side, hex: HexId, units: &[usize]) -> Option<f64> {
    let lead = best_lead(g, units)?;
    let dl = likely_defender_lead(g, hex, side);
    g.crt_options(hex, units, false)
        .into_iter()
        .map(|crt| {
            let b = g.what_if_battle(hex, side, crt, units.to_vec(), lead, dl);
            forecast_value(g, side, hex, units, &g.forecast(&b))
        })
        .reduce(f64::max)
}

fn resolve_value(
    g: &Game,
    side: Side,
    hex: HexId,
    crt: CrtKind,
    lead: &str,
    hq: &Option<String>,
    leader: &Option<String>,
) -> f64 {
    let seq = g.state().seq().expect("in a sequence");
    let Some(attack) = seq.attacks.iter().find(|a| a.hex == hex) else {
        return 0.0;
    };
    let Some(l) = g.rules.unit(lead) else {
        return 0.0;
    };
    let dl = seq
        .leads
        .get(&hex)
        .copied()
        .or_else(|| likely_defender_lead(g, hex, side));
    let mut b = g.what_if_battle(hex, side, crt, attack.units.clone(), l, dl);
    for x in [hq, leader].into_iter().flatten() {
        if let Some(h) = g.rules.unit(x) {
            b.cp[side] += g.command_points(h);
        }
    }
    let v = forecast_value(g, side, hex, &attack.units, &g.forecast(&b));
    // Command Points spent here are not there for a later attack: a small price.
    v - 0.01 * f64::from(b.cp[side])
}

/// Combat Refusal is worth it when the hex is no VP place and the attack is likely to
/// cost the defender steps.
fn refusal_value(g: &Game, hex: HexId) -> f64 {
    if objective_weight(g, hex) > 0.0 {
        return -1.0;
    }
    let seq = g.state().seq().expect("in a sequence");
    let Some(attack) = seq.attacks.iter().find(|a| a.hex == hex) else {
        return -1.0;
    };
    let Some(lead) = best_lead(g, &attack.units) else {
        return -1.0;
    };
    let dl = seq.leads.get(&hex).copied();
    let crt = g
        .crt_options(hex, &attack.units, false)
        .first()
        .copied()
        .unwrap_or(CrtKind::Assault);
    let b = g.what_if_battle(hex, seq.side, crt, attack.units.clone(), lead, dl);
    let f = g.forecast(&b);
    let defenders = g.defenders(hex, seq.side);
    let steps: u8 = defenders.iter().map(|&u| g.st.units[u].steps).sum();
    let (_, ld) = f.expected_steps(0, steps);
    ld - 0.7
}

/// What losing a step of `u` costs: a reduced step is cheap, an elimination dear, an
/// HQ dearest.
fn loss_cost(g: &Game, u: usize) -> f64 {
    let d = &g.rules.units[u];
    let s = g.st.units[u].steps;
    let face = d.face(s);
    let strength = f64::from(face.attack + face.defense);
    if s <= 1 {
        10.0 + strength + if d.is_hq() { 10.0 } else { 0.0 }
    } else {
        strength / 2.0
    }
}

fn retreat_value(g: &Game, side: Side, unit: Option<&str>, path: &[HexId]) -> f64 {
    let Some(&end) = path.last() else {
        return 0.0;
    };
    let zoc = if g.in_enemy_zoc(side, end) { 3.0 } else { 0.0 };
    let enemies = enemy_hexes(g, side);
    let away = nearest(g, end, &enemies).map_or(0.0, f64::from).min(3.0);
    let pot = unit
        .and_then(|id| g.rules.unit(id))
        .map_or(0.0, |u| 0.2 * potential(g, u, end));
    away - zoc + pot - 0.1 * path.len() as f64
}
