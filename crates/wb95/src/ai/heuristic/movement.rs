//! Movement and Strategic Movement phases: a plan made once per phase (attack
//! positions first, then every other unit, HQs, towed guns, reinforcements), carried
//! out one action per decision and checked against the engine before each one.

use std::collections::VecDeque;

use rand::RngExt;

use super::analysis::{Analysis, VP_WEIGHT};
use super::combat::{attack_value, escape_exists};
use super::estimate::{Est, ExpectTable, attack_sp, defense_sp, estimate};
use super::support::support_sp;
use super::{HeuristicBot, Params};
use crate::board::Hx;
use crate::board::Mover;
use crate::crt::Column;
use crate::movement::{MoveMode, STACKING_LIMIT};
use crate::{Action, Game, PhaseKind, Reach, Side, Unit};
use sztab_core::model::ArtillerySetup;

mod memo;
mod recheck;

use memo::Obligations;

/// Weight of the pull of objectives.
const POT_W: f32 = 1.0;
/// Keeping one's field fortification.
const FF_STAY: f32 = 1.2;
/// Column (index; 8 = 6:1) beyond which more attackers are not worth adding.
const PLAN_ENOUGH_COLUMN: usize = 8;
/// Smallest value (CEL-equivalents) of a planned attack.
const PLAN_MIN_VALUE: f32 = 0.3;

/// What a movement search depends on: hex, class, MP allowance and MPs spent (in
/// twelfths), whether it may overrun, and a unit whose restrictions it shares.
type ReachKey = (Option<Hx>, Mover, i32, i32, bool, usize);

/// One planned action.
#[derive(Clone, Debug)]
pub enum Step {
    /// Move along a path found when planning.
    Move { unit: Unit, path: Vec<Hx> },
    /// Switch a towed unit's setup (R6.2.4).
    Setup { unit: Unit },
    /// Move a towed unit to the best safe hex it can reach when its turn comes.
    Relocate { unit: Unit },
    /// Bring a waiting unit on through the best zone when its turn comes.
    Enter { unit: Unit },
    /// Build a field fortification (R7.1.2).
    Fortify { unit: Unit },
}

/// Own strength per hex as the plan places units.
#[derive(Clone, Debug)]
pub struct Occupancy {
    pub cel: Vec<u32>,
    pub def: Vec<u32>,
    /// Regular units (they back guns and HQs and project ZoC).
    pub regular: Vec<u16>,
    /// Regular units with two CELs or more (a loss flips them).
    pub sturdy: Vec<u16>,
}

impl Occupancy {
    pub fn of(game: &Game, side: Side) -> Self {
        let n = game.board().len();
        let mut o = Occupancy {
            cel: vec![0; n],
            def: vec![0; n],
            regular: vec![0; n],
            sturdy: vec![0; n],
        };
        for u in game.units_on_map(side) {
            if let Some(h) = game.unit_state(u).hex() {
                o.add(game, u, h);
            }
        }
        o
    }

    pub fn add(&mut self, game: &Game, u: Unit, h: Hx) {
        self.cel[h] += u32::from(game.unit_state(u).cel);
        self.def[h] += defense_sp(game, u);
        if game.info(u).is_regular() {
            self.regular[h] += 1;
            if game.unit_state(u).cel > 1 {
                self.sturdy[h] += 1;
            }
        }
    }

    pub fn remove(&mut self, game: &Game, u: Unit, h: Hx) {
        self.cel[h] = self.cel[h].saturating_sub(u32::from(game.unit_state(u).cel));
        self.def[h] = self.def[h].saturating_sub(defense_sp(game, u));
        if game.info(u).is_regular() {
            self.regular[h] = self.regular[h].saturating_sub(1);
            if game.unit_state(u).cel > 1 {
                self.sturdy[h] = self.sturdy[h].saturating_sub(1);
            }
        }
    }

    fn fits(&self, game: &Game, u: Unit, h: Hx) -> bool {
        self.cel[h] + u32::from(game.unit_state(u).cel) <= STACKING_LIMIT
    }
}

/// The danger for an HQ or towed guns without a regular unit on `h`: an enemy entering
/// the hex eliminates them (R6.1.7, R9.1.5), and the enemy's reach is only estimated
/// (the position changes with this side's own moves and the combats), so any hex near
/// the enemy counts.
pub fn exposed_alone(an: &Analysis, occ: &Occupancy, h: Hx) -> f32 {
    if occ.regular[h] > 0 {
        0.0
    } else if an.enemy_reach[h] || an.enemy_dist[h] <= 2 {
        30.0
    } else if an.enemy_dist[h] <= 4 {
        3.0
    } else if an.enemy_dist[h] <= 7 {
        1.0
    } else {
        0.0
    }
}

/// A stack's defense SP, CELs and units of two CELs or more.
#[derive(Clone, Copy, Debug)]
struct Stack {
    def: u32,
    cel: u32,
    sturdy: u16,
}

/// What a stack stands to lose (CEL-equivalents) if `threat` SP attack it next turn:
/// the CRT's average losses and retreats at the column the threat would get, each CEL
/// a flip when the stack has a unit of two CELs, else an elimination (worth victory
/// points to the scorer when this side is not the scorer), and the hex's objective
/// value when the stack is driven out.
fn stack_risk(
    an: &Analysis,
    table: &ExpectTable,
    h: Hx,
    threat: f32,
    cms: i32,
    stack: Stack,
) -> f32 {
    let Stack { def, cel, sturdy } = stack;
    if cel == 0 {
        return 0.0;
    }
    let col = Column::clamped(Column::raw_position(threat.round() as u32, def.max(1)))
        .shift(-cms)
        .index();
    let e = table.get(col, 0);
    let per_cel = if sturdy > 0 {
        1.5
    } else if an.scorer {
        4.0
    } else {
        4.0 + VP_WEIGHT
    };
    ((e.def_loss + 0.4 * e.def_retreat).min(cel as f32)) * per_cel + e.p_def_retreat * an.obj[h]
}

/// What ending on `h`, in an enemy ZoC outside fortifications, costs `u` through the
/// attacks it will owe (R5.1.3-5.1.4): the best attack it could make alone on a hex
/// next to it when that is a loss, plus a little for each further enemy hex that
/// must then be attacked too.
fn obligation_cost(game: &Game, an: &Analysis, table: &ExpectTable, u: Unit, h: Hx) -> f32 {
    let b = game.board();
    let mut best = f32::NEG_INFINITY;
    let mut hexes = 0;
    for (_, t) in b.neighbours(h) {
        if game.occupant(t) != Some(an.enemy) {
            continue;
        }
        hexes += 1;
        let sup = support_sp(game, an.side, &[h], t);
        let est = estimate(game, an.side, &[(u, h)], t, sup, [&an.hqs[0], &an.hqs[1]]);
        let v = super::combat::attack_value(game, an, table, &est, t, &[u], false);
        best = best.max(v);
    }
    if hexes == 0 {
        return 0.0;
    }
    let forced = (-best).max(0.0) + 0.5 * (hexes - 1) as f32;
    if an.scorer { forced } else { 1.5 * forced }
}

/// A hex a unit may end on: the MPs it costs (twelfths) and whether the unit goes
/// there to make a planned attack (whose own risks `attack_value` weighs).
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub hex: Hx,
    pub cost: i32,
    pub attacking: bool,
}

impl Place {
    pub fn at(hex: Hx, cost: i32) -> Place {
        Place {
            hex,
            cost,
            attacking: false,
        }
    }

    pub fn attack_from(hex: Hx, cost: i32) -> Place {
        Place {
            hex,
            cost,
            attacking: true,
        }
    }
}

/// How good it is for `u` to end on `h` (CEL-equivalents), apart from attacks.
pub fn place_score(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    params: &Params,
    occ: &Occupancy,
    u: Unit,
    place: Place,
) -> f32 {
    let mut obligation = |u, h| obligation_cost(game, an, table, u, h);
    place_score_by(game, an, table, params, occ, u, place, &mut obligation)
}

/// `place_score` with the attacks `u` would owe on a hex from `obligation` (a plan
/// remembers them: the position does not change while it is made).
#[allow(clippy::too_many_arguments)]
fn place_score_by(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    params: &Params,
    occ: &Occupancy,
    u: Unit,
    place: Place,
    obligation: &mut dyn FnMut(Unit, Hx) -> f32,
) -> f32 {
    let Place {
        hex: h,
        cost: cost_twelfths,
        attacking: planned_attack,
    } = place;
    let b = game.board();
    let info = game.info(u);
    let side = an.side;
    let staying = game.unit_state(u).hex() == Some(h);
    let cel_u = u32::from(game.unit_state(u).cel);
    let pot_w = if an.scorer { POT_W } else { 0.25 * POT_W };
    // One regular unit holds a hex; more only add strength (the risk term below).
    let alone = occ.regular[h] == 0;
    let hold = if alone || !info.is_regular() {
        params.hold()
    } else {
        0.25 * params.hold()
    };
    let mut s = an.obj[h] * hold + an.pot[h] * pot_w;
    let own_ff = game.state().ff[h] == Some(side) && (staying || occ.cel[h] > 0);
    let fortified = own_ff || game.in_fortification(side, h) && !b.fl_hex[h];
    let enemy_zoc = game.zoc_of(an.enemy);
    if enemy_zoc.covers(h) && info.can_attack() && !fortified && !planned_attack {
        s -= obligation(u, h);
    }
    if !info.is_regular() {
        s -= exposed_alone(an, occ, h);
        if enemy_zoc.covers(h) {
            s -= 2.0;
        }
        // Guns fire from friends' hexes within range of the front (R6.3).
        if info.is_gun() && occ.regular[h] > 0 && gun_range_ok(an, h) {
            s += 2.0;
        }
    }
    // Out of supply a unit is halved, and the longer it stays cut off the likelier it
    // surrenders (R10.2): cut-off hexes cost more the farther they are from supply and
    // the higher the unit's OoS level already is.
    let line = if info.is_regular() || occ.regular[h] > 0 {
        &an.supply_held
    } else {
        &an.supply
    };
    if let Some(cost) = line.get(h)
        && *cost > info.supply_mp.twelfths()
    {
        let far = f32::from(an.to_supply.get(h).copied().unwrap_or(0).min(20));
        let level = f32::from(game.unit_state(u).oos);
        // Every unit that surrenders is a victory point for the scorer: the side
        // defending breaks out toward supply rather than hold on cut off.
        let per_hex = if an.scorer { 0.4 } else { 1.0 };
        s -= (1.5 + per_hex * far) * (1.0 + 0.4 * level);
    }
    let threat = an.threat[h];
    // A planned attack weighs the exposure of its attackers together (`group_risk`).
    if threat > 0.0 && !planned_attack {
        let mut cms = i32::from(b.terrain_cm[h]);
        if own_ff {
            cms += i32::from(b.ff_cm(h));
        }
        let sturdy = u16::from(info.is_regular() && cel_u > 1);
        let with = Stack {
            def: occ.def[h] + defense_sp(game, u),
            cel: occ.cel[h] + cel_u,
            sturdy: occ.sturdy[h] + sturdy,
        };
        let without = Stack {
            def: occ.def[h],
            cel: occ.cel[h],
            sturdy: occ.sturdy[h],
        };
        let with = stack_risk(an, table, h, threat, cms, with);
        let without = stack_risk(an, table, h, threat, cms, without);
        s -= params.risk() * (with - without);
    }
    let friends = b
        .neighbours(h)
        .filter(|&(_, x)| occ.regular[x] > 0)
        .count()
        .min(3);
    s += 0.12 * friends as f32;
    if staying {
        s += if an.scorer { 0.05 } else { 0.3 };
        if game.state().ff[h] == Some(side) {
            let keep = if an.scorer { FF_STAY } else { 2.0 * FF_STAY };
            s += if alone { keep } else { 0.3 * keep };
        }
    }
    if info.is_regular() && game.overrunnable(side, h) {
        // Lone enemy guns and HQs are eliminated by entering (R6.1.7, R9.1.5).
        let units = game.units_at(h).len() as f32;
        s += units * if an.scorer { 3.0 + VP_WEIGHT } else { 3.0 };
    }
    s - 0.02 * cost_twelfths as f32 / 12.0
}

/// An attack planned for the coming Combat phase.
#[derive(Clone, Debug)]
struct TargetPlan {
    target: Hx,
    chosen: Vec<(Unit, Hx)>,
}

/// A unit's way to stand next to a target: the hex, its MP cost, and how good it is.
#[derive(Clone, Copy, Debug)]
struct Slot {
    unit: Unit,
    hex: Hx,
    cost: i32,
    quality: f32,
    sp: u32,
    /// What the unit gives up by going there instead of staying (CEL-equivalents).
    displacement: f32,
}

struct Planner<'a> {
    game: &'a Game,
    an: &'a Analysis,
    table: &'a ExpectTable,
    params: Params,
    side: Side,
    occ: Occupancy,
    /// Each unit's planned hex (by unit index), once decided.
    decided: Vec<Option<Hx>>,
    steps: Vec<Step>,
    /// Searches made this phase, and each unit's (units moving alike share one).
    reaches: Vec<Reach>,
    reach_ix: Vec<Option<usize>>,
    /// Attacks planned for the coming Combat phase: target and attackers.
    attacks: Vec<(Hx, Vec<Unit>)>,
    /// Artillery and air SP available against each target hex (filled for targets).
    support: Vec<u32>,
    /// `obligation_cost` of each unit and hex weighed so far: the refining pass weighs
    /// them all again, also against the rechecked analysis (`obligation_cost` reads
    /// neither the enemy's threat nor its reach, the only parts a recheck changes).
    obligations: Obligations,
    /// The analysis with the enemy's threat against the planned positions, once
    /// rechecked (`Params::recheck`).
    rechecked: Option<Analysis>,
}

impl HeuristicBot {
    pub(super) fn movement(&mut self, game: &Game, side: Side) -> Action {
        let tick = game.state().tick();
        if !matches!(&self.plan, Some((t, _)) if *t == tick) {
            let table = self.table(game);
            let params = self.params;
            let shuffle_seed: u64 = self.rng.random();
            let an = self.analysis(game, side).clone();
            let (steps, attacks) = plan_phase(game, &an, &table, params, shuffle_seed);
            self.plan = Some((tick, VecDeque::from(steps)));
            self.attack_plan = Some((tick + 1, attacks));
        }
        loop {
            let step = self.plan.as_mut().and_then(|(_, q)| q.pop_front());
            let Some(step) = step else {
                return Action::EndPhase;
            };
            if let Some(a) = self.realize(game, side, step) {
                return a;
            }
        }
    }

    /// The action of a planned step, if it is still legal (or a fresh choice for the
    /// same unit when the planned one is not).
    fn realize(&mut self, game: &Game, side: Side, step: Step) -> Option<Action> {
        let id = |u: Unit| game.unit_id(u).clone();
        let ids = |p: &[Hx]| p.iter().map(|&h| game.hex_id(h)).collect::<Vec<_>>();
        match step {
            Step::Move { unit, path } => {
                let a = Action::Move {
                    units: vec![id(unit)],
                    path: ids(&path),
                };
                if game.check(&a).is_ok() {
                    return Some(a);
                }
                self.best_move_now(game, side, unit)
            }
            Step::Setup { unit } => {
                let a = Action::ChangeSetup { unit: id(unit) };
                game.check(&a).is_ok().then_some(a)
            }
            Step::Relocate { unit } => self.best_move_now(game, side, unit),
            Step::Enter { unit } => self.best_entry_now(game, side, unit),
            Step::Fortify { unit } => {
                let a = Action::Fortify { unit: id(unit) };
                game.check(&a).is_ok().then_some(a)
            }
        }
    }

    /// The best move for one unit in the position as it is now.
    fn best_move_now(&mut self, game: &Game, side: Side, u: Unit) -> Option<Action> {
        let table = self.table(game);
        let params = self.params;
        let an = self.analysis(game, side);
        let reach = game.reach(u)?;
        let occ = Occupancy::of(game, side);
        let here = game.unit_state(u).hex()?;
        let mut occ_wo = occ.clone();
        occ_wo.remove(game, u, here);
        let stay = place_score(game, an, &table, &params, &occ_wo, u, Place::at(here, 0));
        let mut best: Option<(f32, Hx)> = None;
        for (h, c) in reach.hexes() {
            if !occ_wo.fits(game, u, h) {
                continue;
            }
            let s = place_score(
                game,
                an,
                &table,
                &params,
                &occ_wo,
                u,
                Place::at(h, c.twelfths()),
            );
            if s > stay + 0.01 && best.is_none_or(|(b, _)| s > b) {
                best = Some((s, h));
            }
        }
        let (_, h) = best?;
        let path = reach.path(h)?;
        let a = Action::Move {
            units: vec![game.unit_id(u).clone()],
            path: path.iter().map(|&x| game.hex_id(x)).collect(),
        };
        game.check(&a).is_ok().then_some(a)
    }

    /// The best entry for a waiting unit now: every zone and entry hex it may use, and
    /// every hex it can reach from there.
    fn best_entry_now(&mut self, game: &Game, side: Side, u: Unit) -> Option<Action> {
        let table = self.table(game);
        let params = self.params;
        let an = self.analysis(game, side);
        let occ = Occupancy::of(game, side);
        let mut best: Option<(f32, Vec<Hx>)> = None;
        let mut entries: Vec<Hx> = game
            .entry_zones(u)
            .into_iter()
            .flat_map(|(z, _)| game.prepared().zones[z].hexes.clone())
            .collect();
        entries.sort_unstable();
        entries.dedup();
        for e in entries {
            let Some(reach) = game.reach_from_entry(u, e) else {
                continue;
            };
            let mut options: Vec<(Hx, i32)> =
                reach.hexes().map(|(h, c)| (h, c.twelfths())).collect();
            if let Some(c) = reach.cost(e) {
                options.push((e, c.twelfths()));
            }
            for (h, c) in options {
                if !occ.fits(game, u, h) {
                    continue;
                }
                let s = place_score(game, an, &table, &params, &occ, u, Place::at(h, c));
                if best.as_ref().is_none_or(|(b, _)| s > *b) {
                    let path = if h == e { Some(vec![e]) } else { reach.path(h) };
                    if let Some(p) = path {
                        best = Some((s, p));
                    }
                }
            }
        }
        let (_, path) = best?;
        let a = Action::Enter {
            units: vec![game.unit_id(u).clone()],
            path: path.iter().map(|&x| game.hex_id(x)).collect(),
        };
        game.check(&a).is_ok().then_some(a)
    }
}

/// The plan of one Movement or Strategic Movement phase: its steps, and the attacks
/// it prepares for the Combat phase that follows (target and attackers).
fn plan_phase(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    params: Params,
    shuffle_seed: u64,
) -> (Vec<Step>, Vec<(Hx, Vec<Unit>)>) {
    let side = an.side;
    let mut p = Planner {
        game,
        an,
        table,
        params,
        side,
        occ: Occupancy::of(game, side),
        decided: vec![None; game.roster().len()],
        steps: Vec::new(),
        reaches: Vec::new(),
        reach_ix: vec![None; game.roster().len()],
        attacks: Vec::new(),
        support: vec![0; game.board().len()],
        obligations: Obligations::default(),
        rechecked: None,
    };
    let movement = game.state().clock.phase.kind() == PhaseKind::Movement;
    // Units of one stack that move alike (class, MPs, restrictions) reach the same
    // hexes: one search serves them all.
    let mode = if movement {
        MoveMode::Normal
    } else {
        MoveMode::Strategic
    };
    let mut keys: Vec<(ReachKey, usize)> = Vec::new();
    for u in game.units_on_map(side) {
        if game.may_move(side, u, mode).is_err() {
            continue;
        }
        let info = game.info(u);
        let key: ReachKey = (
            game.unit_state(u).hex(),
            info.mover,
            game.mp_allowance(u, mode, false).twelfths(),
            game.mp_spent(u).twelfths(),
            info.is_regular(),
            u.ix(),
        );
        let same = |k: &ReachKey| {
            k.0 == key.0
                && k.1 == key.1
                && k.2 == key.2
                && k.3 == key.3
                && k.4 == key.4
                && game.prepared().restraints[k.5] == game.prepared().restraints[u.ix()]
        };
        if let Some(&(_, i)) = keys.iter().find(|(k, _)| same(k)) {
            p.reach_ix[u.ix()] = Some(i);
            continue;
        }
        if let Some(r) = game.reach(u) {
            p.reaches.push(r);
            let i = p.reaches.len() - 1;
            p.reach_ix[u.ix()] = Some(i);
            keys.push((key, i));
        }
    }
    if movement {
        p.plan_attacks(shuffle_seed);
    }
    p.place_units();
    if movement && params.recheck {
        p.recheck();
    }
    if movement {
        p.place_hqs();
        p.move_guns();
        p.fortify();
    }
    for u in game.waiting_units(side) {
        if worth_calling_in(game, side, p.an, &params, u) {
            p.steps.push(Step::Enter { unit: u });
        }
    }
    (p.steps, p.attacks)
}

/// Enemy attack SP able to strike an automatic-victory place of the enemy's next turn that
/// make this side call in its reserves whatever they cost (a lone stray unit does not).
const RESERVE_DANGER_SP: f32 = 12.0;
/// VP left in hand after calling a reserve in: the side must still win by that much.
const RESERVE_MARGIN: i32 = 5;

/// An optional reserve gives the enemy VP when it is called in, so a side calls one
/// only when an enemy force threatens a place that wins it the game outright, or when it
/// still wins with a margin after paying; a weak player (without `reserves`) never pays.
pub(super) fn worth_calling_in(
    game: &Game,
    side: Side,
    an: &Analysis,
    params: &Params,
    u: Unit,
) -> bool {
    let vp = game.call_in_vp(u);
    if vp == 0 {
        return true;
    }
    if !params.reserves {
        return false;
    }
    let danger = game.prepared().victory.as_ref().is_some_and(|v| {
        v.automatic
            .iter()
            .filter(|a| a.side != side)
            .flat_map(|a| a.places.iter().flat_map(|(_, hs)| hs.iter()))
            .any(|&h| {
                an.threat.get(h).is_some_and(|&t| t >= RESERVE_DANGER_SP)
                    || an.enemy_dist.get(h).is_some_and(|&d| d <= 1)
            })
    });
    let after = game.vp_if_ended_now() + vp + vp.signum() * RESERVE_MARGIN;
    danger
        || game
            .level_of(after)
            .is_some_and(|(_, winner)| winner == side)
}

impl Planner<'_> {
    fn hex_of(&self, u: Unit) -> Option<Hx> {
        self.game.unit_state(u).hex()
    }

    fn reach_of(&self, u: Unit) -> Option<&Reach> {
        self.reach_ix[u.ix()].map(|i| &self.reaches[i])
    }

    /// Records that `u` ends on `h`, with the step that takes it there.
    fn decide(&mut self, u: Unit, h: Hx) {
        let Some(from) = self.hex_of(u) else {
            return;
        };
        self.decided[u.ix()] = Some(h);
        if h == from {
            return;
        }
        let path = self.reach_of(u).and_then(|r| r.path(h));
        if let Some(path) = path {
            self.occ.remove(self.game, u, from);
            self.occ.add(self.game, u, h);
            self.steps.push(Step::Move { unit: u, path });
        } else {
            self.decided[u.ix()] = Some(from);
        }
    }

    /// Does a unit of ours on `h` stand in a fortification (so it need not attack)?
    fn fortified(&self, h: Hx) -> bool {
        let g = self.game;
        g.state().ff[h] == Some(self.side) || g.board().fp_hex[h]
    }

    /// Every unit's best hex next to each enemy hex it can reach, by target.
    fn slots(&mut self) -> Vec<(Hx, Vec<Slot>)> {
        let g = self.game;
        let b = g.board();
        let enemy_zoc = g.zoc_of(self.an.enemy);
        let mut by_target: Vec<(Hx, Vec<Slot>)> = Vec::new();
        let attackers: Vec<Unit> = g
            .units_on_map(self.side)
            .filter(|&u| g.info(u).can_attack() && self.decided[u.ix()].is_none())
            .collect();
        for u in attackers {
            let Some(here) = self.hex_of(u) else {
                continue;
            };
            self.occ.remove(g, u, here);
            let stay = place_score(
                g,
                self.an,
                self.table,
                &self.params,
                &self.occ,
                u,
                Place::attack_from(here, 0),
            );
            let mut options: Vec<(Hx, i32)> = vec![(here, 0)];
            if let Some(r) = self.reach_of(u) {
                options.extend(r.hexes().map(|(h, c)| (h, c.twelfths())));
            }
            let sp = attack_sp(g, u);
            if sp == 0 {
                continue;
            }
            for (p, cost) in options {
                if p != here && !self.occ.fits(g, u, p) {
                    continue;
                }
                let mut displacement: Option<f32> = None;
                for (_, e) in b.neighbours(p) {
                    if g.occupant(e) != Some(self.an.enemy) {
                        continue;
                    }
                    let quality = self.slot_quality(p, e, cost, enemy_zoc);
                    let displacement = *displacement.get_or_insert_with(|| {
                        let there = place_score(
                            g,
                            self.an,
                            self.table,
                            &self.params,
                            &self.occ,
                            u,
                            Place::attack_from(p, cost),
                        );
                        (stay - there).max(0.0)
                    });
                    let slot = Slot {
                        unit: u,
                        hex: p,
                        cost,
                        quality,
                        sp,
                        displacement,
                    };
                    let list = match by_target.iter_mut().find(|(t, _)| *t == e) {
                        Some((_, l)) => l,
                        None => {
                            by_target.push((e, Vec::new()));
                            &mut by_target.last_mut().expect("just pushed").1
                        }
                    };
                    match list.iter_mut().find(|s| s.unit == u) {
                        Some(s) if s.quality - s.displacement < quality - displacement => *s = slot,
                        Some(_) => {}
                        None => list.push(slot),
                    }
                }
            }
            self.occ.add(g, u, here);
        }
        by_target.sort_by_key(|(t, _)| *t);
        by_target
    }

    /// How good `p` is to attack `e` from: not across lines and rivers, no other enemy
    /// hex to attack as well, good ground, cheap to reach.
    fn slot_quality(&self, p: Hx, e: Hx, cost: i32, enemy_zoc: &crate::zoc::ZocMap) -> f32 {
        let g = self.game;
        let b = g.board();
        let mut q = 0.0;
        if let Some(edge) = b.edge_between(p, e) {
            let fl = g.prepared().rules.fortified_lines
                && edge.fl.is_some_and(|(x, _)| x == e)
                && g.prepared().fl_owner[e] == Some(self.an.enemy);
            if fl || edge.fp.is_some_and(|(x, _)| x == e) || edge.big_river {
                q -= 3.0;
            }
            if !edge.water.is_empty() {
                q -= 1.0;
            }
        }
        if !self.fortified(p) {
            let mut others: Vec<Hx> = enemy_zoc
                .sources(p)
                .iter()
                .filter_map(|&s| g.unit_state(s).hex())
                .filter(|&h| h != e)
                .collect();
            others.sort_unstable();
            others.dedup();
            q -= 2.0 * others.len() as f32;
        }
        q += 0.2 * f32::from(b.terrain_cm[p]) + 0.1 * self.an.obj[p];
        q - 0.03 * cost as f32 / 12.0
    }

    /// Chooses attacks for the coming Combat phase and moves their units into place.
    fn plan_attacks(&mut self, shuffle_seed: u64) {
        let slots = self.slots();
        if slots.is_empty() {
            return;
        }
        for (t, _) in &slots {
            let from: Vec<Hx> = self.game.board().neighbours(*t).map(|(_, n)| n).collect();
            self.support[*t] = support_sp(self.game, self.side, &from, *t);
        }
        // Rank targets by what an attack with every candidate could do.
        let mut ranked: Vec<(usize, f32)> = Vec::new();
        for (i, (t, list)) in slots.iter().enumerate() {
            let all: Vec<(Unit, Hx)> = best_slots(list, self.params.attackers)
                .iter()
                .map(|s| (s.unit, s.hex))
                .collect();
            let est = self.estimate(&all, *t);
            if est.column < self.params.plan_floor() && !est.forced {
                continue;
            }
            ranked.push((i, self.value(&est, *t, &all)));
        }
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(self.params.targets);
        if ranked.is_empty() {
            return;
        }
        let mut best: Option<(f32, Vec<TargetPlan>)> = None;
        for k in 0..self.params.orderings.max(1) {
            let order: Vec<usize> = match k {
                0 => ranked.iter().map(|&(i, _)| i).collect(),
                1 => {
                    // Weakest defenders first.
                    let mut v: Vec<usize> = ranked.iter().map(|&(i, _)| i).collect();
                    v.sort_by_key(|&i| {
                        (
                            super::estimate::hex_defense(self.game, self.game.units_at(slots[i].0))
                                .0,
                            i,
                        )
                    });
                    v
                }
                _ => {
                    let mut v: Vec<usize> = ranked.iter().map(|&(i, _)| i).collect();
                    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(
                        shuffle_seed.wrapping_add(k as u64),
                    );
                    rand::seq::SliceRandom::shuffle(v.as_mut_slice(), &mut rng);
                    v
                }
            };
            let (total, plans) = self.allocate(&slots, &order);
            if best.as_ref().is_none_or(|(b, _)| total > *b) {
                best = Some((total, plans));
            }
        }
        let Some((_, plans)) = best else {
            return;
        };
        for plan in plans {
            for &(u, h) in &plan.chosen {
                if self.decided[u.ix()].is_none() {
                    self.decide(u, h);
                }
            }
            self.attacks
                .push((plan.target, plan.chosen.iter().map(|&(u, _)| u).collect()));
        }
    }

    /// One greedy allocation of units to targets in `order`: each target gets the
    /// strongest free units until the odds are good enough, then the surplus is
    /// dropped; attacks below the minimum are not made.
    fn allocate(&self, slots: &[(Hx, Vec<Slot>)], order: &[usize]) -> (f32, Vec<TargetPlan>) {
        let g = self.game;
        let mut used: Vec<Unit> = Vec::new();
        let mut cel = self.occ.cel.clone();
        let mut plans = Vec::new();
        let mut total = 0.0;
        for &i in order {
            let (target, list) = &slots[i];
            let free: Vec<Slot> = list
                .iter()
                .copied()
                .filter(|s| !used.contains(&s.unit))
                .collect();
            let cands = best_slots(&free, self.params.attackers);
            let mut chosen: Vec<Slot> = Vec::new();
            let mut est = Est::default();
            let arriving = |chosen: &[Slot], h: Hx| -> u32 {
                chosen
                    .iter()
                    .filter(|c| c.hex == h && self.hex_of(c.unit) != Some(h))
                    .map(|c| u32::from(g.unit_state(c.unit).cel))
                    .sum()
            };
            for s in cands {
                let here = self.hex_of(s.unit);
                let add = if here == Some(s.hex) {
                    0
                } else {
                    u32::from(g.unit_state(s.unit).cel)
                };
                if cel[s.hex] + arriving(&chosen, s.hex) + add > STACKING_LIMIT {
                    continue;
                }
                chosen.push(s);
                est = self.estimate(&pairs(&chosen), *target);
                if est.column >= PLAN_ENOUGH_COLUMN || est.forced {
                    break;
                }
            }
            // Drop attackers the odds do not need, weakest first.
            let mut j = chosen.len();
            while j > 1 {
                j -= 1;
                let mut fewer = chosen.clone();
                fewer.remove(j);
                let e = self.estimate(&pairs(&fewer), *target);
                if e.column >= est.column && e.hq_net <= est.hq_net {
                    chosen = fewer;
                    est = e;
                }
            }
            if chosen.is_empty() || (est.column < self.params.plan_floor() && !est.forced) {
                continue;
            }
            let moved: f32 =
                chosen.iter().map(|s| s.displacement).sum::<f32>() + self.group_risk(&chosen);
            let value = self.value(&est, *target, &pairs(&chosen)) - moved;
            let min_column = self.params.plan_column(self.an.scorer);
            if value < PLAN_MIN_VALUE || (est.column < min_column && !est.forced) {
                continue;
            }
            for s in &chosen {
                used.push(s.unit);
                if self.hex_of(s.unit) != Some(s.hex) {
                    cel[s.hex] += u32::from(g.unit_state(s.unit).cel);
                }
            }
            total += value;
            plans.push(TargetPlan {
                target: *target,
                chosen: pairs(&chosen),
            });
        }
        (total, plans)
    }

    /// What the attackers stand to lose where they attack from if the enemy strikes
    /// them there next turn, all together, beyond what the hexes risk already.
    fn group_risk(&self, chosen: &[Slot]) -> f32 {
        let g = self.game;
        let b = g.board();
        let mut hexes: Vec<Hx> = chosen
            .iter()
            .filter(|s| self.hex_of(s.unit) != Some(s.hex))
            .map(|s| s.hex)
            .collect();
        hexes.sort_unstable();
        hexes.dedup();
        let mut total = 0.0;
        for h in hexes {
            let threat = self.an.threat[h];
            if threat <= 0.0 {
                continue;
            }
            let mut cms = i32::from(b.terrain_cm[h]);
            if g.state().ff[h] == Some(self.side) {
                cms += i32::from(b.ff_cm(h));
            }
            let mut stack = Stack {
                def: self.occ.def[h],
                cel: self.occ.cel[h],
                sturdy: self.occ.sturdy[h],
            };
            let before = stack_risk(self.an, self.table, h, threat, cms, stack);
            for s in chosen.iter().filter(|s| s.hex == h) {
                let c = g.unit_state(s.unit).cel;
                stack.def += defense_sp(g, s.unit);
                stack.cel += u32::from(c);
                stack.sturdy += u16::from(g.info(s.unit).is_regular() && c > 1);
            }
            let after = stack_risk(self.an, self.table, h, threat, cms, stack);
            total += self.params.risk() * (after - before);
        }
        // The side taking objectives accepts more exposure to get there.
        if self.an.scorer { 0.3 * total } else { total }
    }

    fn estimate(&self, attackers: &[(Unit, Hx)], target: Hx) -> Est {
        estimate(
            self.game,
            self.side,
            attackers,
            target,
            self.support[target],
            [&self.an.hqs[0], &self.an.hqs[1]],
        )
    }

    fn value(&self, est: &Est, target: Hx, attackers: &[(Unit, Hx)]) -> f32 {
        let occupied: Vec<Hx> = attackers.iter().map(|&(_, h)| h).collect();
        let trapped = !escape_exists(self.game, self.an.enemy, target, &occupied);
        let units: Vec<Unit> = attackers.iter().map(|&(u, _)| u).collect();
        attack_value(self.game, self.an, self.table, est, target, &units, trapped)
    }

    /// Every unit without an order: the best hex it can reach (or stay), front units
    /// first; at higher strengths, a second pass once all are placed.
    fn place_units(&mut self) {
        let g = self.game;
        let mut units: Vec<Unit> = g
            .units_on_map(self.side)
            .filter(|&u| self.decided[u.ix()].is_none())
            .filter(|&u| g.info(u).is_regular())
            .collect();
        units.sort_by_key(|&u| {
            (
                self.hex_of(u).map_or(u16::MAX, |h| self.an.enemy_dist[h]),
                u,
            )
        });
        for &u in &units {
            let h = self.best_place(u);
            self.decide(u, h);
        }
        if self.params.refine {
            self.place_again(&units);
        }
    }

    /// Takes each of `units` out of its planned hex and chooses again, the others'
    /// destinations known.
    fn place_again(&mut self, units: &[Unit]) {
        let g = self.game;
        for &u in units {
            let Some(cur) = self.decided[u.ix()] else {
                continue;
            };
            let Some(home) = self.hex_of(u) else {
                continue;
            };
            self.occ.remove(g, u, cur);
            self.occ.add(g, u, home);
            self.steps
                .retain(|s| !matches!(s, Step::Move { unit, .. } if *unit == u));
            self.decided[u.ix()] = None;
            let h = self.best_place(u);
            self.decide(u, h);
        }
    }

    /// The best hex for a unit (its own hex included), by `place_score`.
    fn best_place(&mut self, u: Unit) -> Hx {
        let (g, table) = (self.game, self.table);
        let Some(here) = self.hex_of(u) else {
            return 0;
        };
        self.occ.remove(g, u, here);
        // The analysis units are placed by: the phase's, or the one rechecked against the
        // planned positions.
        let an = self.rechecked.as_ref().unwrap_or(self.an);
        let (params, occ) = (&self.params, &self.occ);
        let memo = &mut self.obligations;
        let mut obligation =
            |u: Unit, h: Hx| memo.get_or(u, h, || obligation_cost(g, an, table, u, h));
        let mut best = (
            place_score_by(
                g,
                an,
                table,
                params,
                occ,
                u,
                Place::at(here, 0),
                &mut obligation,
            ),
            here,
        );
        let reach = self.reach_ix[u.ix()].map(|i| &self.reaches[i]);
        if let Some(r) = reach {
            for (h, c) in r.hexes() {
                if !self.occ.fits(g, u, h) {
                    continue;
                }
                let s = place_score_by(
                    g,
                    an,
                    table,
                    params,
                    &self.occ,
                    u,
                    Place::at(h, c.twelfths()),
                    &mut obligation,
                );
                if s > best.0 {
                    best = (s, h);
                }
            }
        }
        self.occ.add(g, u, here);
        best.1
    }

    /// HQs: within range of as many front units as possible (the die modifier, R9.2),
    /// never where an enemy could overrun them alone, best with friends.
    fn place_hqs(&mut self) {
        let g = self.game;
        let hqs: Vec<Unit> = g
            .units_on_map(self.side)
            .filter(|&u| g.info(u).is_hq() && self.decided[u.ix()].is_none())
            .collect();
        let enemy_zoc = g.zoc_of(self.an.enemy);
        // Planned positions of units that fight at the front.
        let front: Vec<(Hx, f32)> = g
            .units_on_map(self.side)
            .filter(|&u| g.info(u).can_attack())
            .filter_map(|u| {
                let h = self.decided[u.ix()].or(self.hex_of(u))?;
                let w = if self.an.enemy_dist[h] <= 1 {
                    1.0
                } else if self.an.enemy_dist[h] <= 3 {
                    0.4
                } else {
                    0.05
                };
                Some((h, w))
            })
            .collect();
        // Coverage by range: the front weight within `range` hexes of each hex.
        let mut covers: Vec<(u32, Vec<f32>)> = Vec::new();
        for hq in hqs {
            let Some(here) = self.hex_of(hq) else {
                continue;
            };
            let range = u32::from(g.info(hq).hq_range);
            if !covers.iter().any(|(r, _)| *r == range) {
                covers.push((range, coverage(g, &front, range)));
            }
            let Some((_, cover)) = covers.iter().find(|(r, _)| *r == range) else {
                continue;
            };
            self.occ.remove(g, hq, here);
            let score = |h: Hx, cost: i32, occ: &Occupancy| -> f32 {
                let mut s = cover[h] - 2.0 * exposed_alone(self.an, occ, h);
                if enemy_zoc.covers(h) {
                    s -= 5.0;
                }
                if occ.regular[h] > 0 {
                    s += 0.5;
                }
                s - 0.01 * cost as f32 / 12.0
            };
            let mut best = (score(here, 0, &self.occ) + 0.05, here);
            if let Some(r) = self.reach_of(hq) {
                for (h, c) in r.hexes() {
                    if !self.occ.fits(g, hq, h) {
                        continue;
                    }
                    let s = score(h, c.twelfths(), &self.occ);
                    if s > best.0 {
                        best = (s, h);
                    }
                }
            }
            self.occ.add(g, hq, here);
            self.decide(hq, best.1);
        }
    }

    /// Towed guns (R6.2): a gun in combat setup with friends within range of the front
    /// stays to fire; one in transport setup there unlimbers; any other gun (exposed,
    /// or far from the fighting) limbers up if it must and moves to friends behind
    /// the front, where it unlimbers the next turn.
    fn move_guns(&mut self) {
        let g = self.game;
        let guns: Vec<Unit> = g
            .units_on_map(self.side)
            .filter(|&u| g.info(u).is_towed() && self.decided[u.ix()].is_none())
            .collect();
        for u in guns {
            let Some(here) = self.hex_of(u) else {
                continue;
            };
            if g.frozen(u).is_some() || g.barrage_immobile(u) {
                continue;
            }
            let in_place = self.occ.regular[here] > 0 && gun_range_ok(self.an, here);
            let combat = g.unit_state(u).setup == Some(ArtillerySetup::Combat);
            match (combat, in_place) {
                (true, true) => {}
                (false, true) => self.steps.push(Step::Setup { unit: u }),
                (true, false) => {
                    self.steps.push(Step::Setup { unit: u });
                    self.steps.push(Step::Relocate { unit: u });
                }
                (false, false) => self.steps.push(Step::Relocate { unit: u }),
            }
        }
    }

    /// Regular units that stay put near the enemy dig in (R7.1.2-7.1.4): an FF gives
    /// a CM (two in towns) and frees them from attack obligations (R7.1.11).
    fn fortify(&mut self) {
        let g = self.game;
        let b = g.board();
        let moving: Vec<Unit> = self
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Move { unit, .. } => Some(*unit),
                _ => None,
            })
            .collect();
        let mut done: Vec<Hx> = Vec::new();
        for u in g.units_on_map(self.side) {
            let Some(h) = self.hex_of(u) else {
                continue;
            };
            if !g.info(u).is_regular()
                || moving.contains(&u)
                || done.contains(&h)
                || g.state().ff[h] == Some(self.side)
                || b.no_ff[h]
                || b.fp_hex[h]
            {
                continue;
            }
            let near = self.an.enemy_dist[h] <= 3 || self.an.threat[h] > 0.0;
            if near {
                done.push(h);
                self.steps.push(Step::Fortify { unit: u });
            }
        }
    }
}

/// Is `h` a good hex for guns: within support range of the front, not next to it?
fn gun_range_ok(an: &Analysis, h: Hx) -> bool {
    (2..=3).contains(&an.enemy_dist[h])
}

/// For every hex, the summed weight of the `points` within `range` hexes of it.
fn coverage(game: &Game, points: &[(Hx, f32)], range: u32) -> Vec<f32> {
    let b = game.board();
    let n = b.len();
    let mut total = vec![0.0f32; n];
    let mut seen = vec![u32::MAX; n];
    let mut frontier: Vec<Hx> = Vec::new();
    let mut next: Vec<Hx> = Vec::new();
    for (i, &(x, w)) in points.iter().enumerate() {
        let id = i as u32;
        frontier.clear();
        frontier.push(x);
        seen[x] = id;
        total[x] += w;
        for _ in 0..range {
            next.clear();
            for &h in &frontier {
                for (_, nb) in b.neighbours(h) {
                    if seen[nb] != id {
                        seen[nb] = id;
                        total[nb] += w;
                        next.push(nb);
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
    }
    total
}

/// The `n` best candidates: strongest first, better hexes first among equals.
fn best_slots(list: &[Slot], n: usize) -> Vec<Slot> {
    let mut v = list.to_vec();
    let key = |s: &Slot| s.sp as f32 + 1.5 * s.quality - 2.0 * s.displacement;
    v.sort_by(|a, b| {
        key(b)
            .total_cmp(&key(a))
            .then(a.cost.cmp(&b.cost))
            .then(a.unit.cmp(&b.unit))
    });
    v.truncate(n);
    v
}

fn pairs(slots: &[Slot]) -> Vec<(Unit, Hx)> {
    slots.iter().map(|s| (s.unit, s.hex)).collect()
}
