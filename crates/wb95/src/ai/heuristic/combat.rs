//! Combat phases and combat results: which attack to make next (obligations first,
//! then voluntary attacks at good odds, checked with the engine's exact odds), the
//! defender's voluntary CMs, loss allocation, retreat or sustain, pursuit and advance.

use super::analysis::{Analysis, VP_WEIGHT};
use super::estimate::{Est, ExpectTable, attack_sp, estimate};
use super::movement::Occupancy;
use super::support::{self, support_sp};
use super::{HeuristicBot, Params};
use crate::board::Hx;
use crate::combat::odds::AirSupport;
use crate::movement::STACKING_LIMIT;
use crate::{Action, AttackOrder, DefenseOrder, Game, RetreatOrder, Side, Unit};
use sztab_core::hex::HexId;
use sztab_core::model::{AirId, UnitId};

/// Column (index; 7 = 5:1) beyond which the bot stops adding attackers.
const ENOUGH_COLUMN: usize = 7;
/// Smallest value of a voluntary attack (CEL-equivalents).
const VOLUNTARY_VALUE: f32 = 0.4;
/// Chance that a disorganization test fails, for retreat tests.
const TEST_FAILS: f32 = 0.2;

/// The cost of the cheapest CEL a group of units can give (the owner picks it).
pub fn cheapest_loss(game: &Game, units: impl Iterator<Item = Unit>) -> f32 {
    units
        .map(|u| loss_cost(game, game.info(u).side, u, game.unit_state(u).cel))
        .fold(f32::INFINITY, f32::min)
}

/// What an attack is worth to the attacker, in CEL-equivalents: the defender's
/// expected losses at what they cost him (a retreat counts as losses when the defender
/// cannot get away), the hex when the defender leaves it, less the attacker's expected
/// losses at what they cost (an elimination costs more than a flip, and victory points
/// to the scorer when the attacker is not the scorer).
pub fn attack_value(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    est: &Est,
    target: Hx,
    attackers: &[Unit],
    trapped: bool,
) -> f32 {
    let e = table.get(est.column, est.hq_net);
    let def_cel = est.defender_cel as f32;
    let retreat = if est.static_guns {
        0.0
    } else if trapped || est.forced {
        e.def_retreat
    } else {
        0.35 * e.p_def_retreat + 0.2 * e.def_retreat
    };
    let damage = (e.def_loss + retreat).min(def_cel.max(0.5));
    let per_def = cheapest_loss(game, game.units_at(target).iter().copied()).min(8.0);
    let per_def = if per_def.is_finite() { per_def } else { 1.0 };
    let mut v = damage * per_def + 0.3 * e.def_disorg;
    if !est.static_guns {
        v += e.p_def_retreat * 0.5 * (an.obj[target] + 0.3 * an.pot[target]);
    }
    // Enemy units near objectives threaten them (or guard them): hurting them counts.
    v += 0.3 * an.near_obj[target] * (damage / def_cel.max(1.0)).min(1.0);
    // Driving off a stack that cuts own units off supply lets them trace again.
    if let Some(&cut) = an.cut.get(target)
        && cut > 0.0
    {
        let gone = (e.p_def_retreat + e.def_loss / def_cel.max(1.0)).min(1.0);
        v += gone * cut;
    }
    let per_att = cheapest_loss(game, attackers.iter().copied());
    let per_att = if per_att.is_finite() { per_att } else { 1.0 };
    let cost = e.att_loss * per_att
        + 0.3 * e.att_retreat
        + 0.3 * e.att_disorg * attackers.len().min(3) as f32;
    v - cost
}

/// Can the defenders of `target` retreat somewhere: a neighbour the attacker neither
/// holds nor covers with a ZoC (counting units about to stand on `occupied`)?
pub fn escape_exists(game: &Game, defender: Side, target: Hx, occupied: &[Hx]) -> bool {
    let b = game.board();
    let attacker = defender.other();
    let att_zoc = game.zoc_of(attacker);
    b.neighbours(target).any(|(d, n)| {
        if game.occupant(n) == Some(attacker) || occupied.contains(&n) {
            return false;
        }
        if b.edge(target, d).big_river && b.edge(target, d).road.is_none() {
            return false;
        }
        let covered = att_zoc.covers(n) || occupied.iter().any(|&o| b.adjacent(o, n));
        !covered || game.occupant(n) == Some(defender)
    })
}

/// What a side expects to lose in an engagement (CEL-equivalents), attacker or
/// defender: the CRT's average losses at the exact odds, the first CEL from the units
/// whose stars or FU ability were used when there are any (R15.1.7, R15.4.3), retreats,
/// and for the attacker less what the defender loses.
fn engagement_cost(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    eng: &crate::Engagement,
    committed: &[Unit],
    defending: bool,
) -> f32 {
    let odds = game.assess(eng);
    let e = table.get(odds.column.index(), odds.hq.net);
    let (own, other): (&[Unit], &[Unit]) = if defending {
        (&eng.defenders, &eng.attackers)
    } else {
        (&eng.attackers, &eng.defenders)
    };
    let cheapest = cheapest_loss(game, own.iter().copied());
    let first = if committed.is_empty() {
        cheapest
    } else {
        cheapest_loss(game, committed.iter().copied())
    };
    let (loss, retreat) = if defending {
        (e.def_loss, e.def_retreat)
    } else {
        (e.att_loss, e.att_retreat)
    };
    let mut cost = loss.min(1.0) * first + (loss - 1.0).max(0.0) * cheapest + 0.5 * retreat;
    if defending {
        let hex = eng.hexes.first().copied().unwrap_or(0);
        cost += e.p_def_retreat * an.obj[hex];
    } else {
        let per = cheapest_loss(game, other.iter().copied()).min(8.0);
        cost -= e.def_loss * per + 0.4 * e.def_retreat;
    }
    cost
}

/// Air counters as the odds count them.
fn air_support(game: &Game, ids: &[AirId]) -> Vec<AirSupport> {
    let p = game.prepared();
    ids.iter()
        .filter_map(|id| p.air.iter().find(|a| a.id == *id))
        .map(|a| AirSupport {
            name: a.id.to_string(),
            sp: u32::from(a.sp),
            white_star: a.white_star,
        })
        .collect()
}

/// What a defense decision offers: starred units, fortification units, HQ-loss CMs,
/// artillery in range and the counters of defensive air missions on the hexes.
pub struct DefenseOffer<'a> {
    pub stars: &'a [UnitId],
    pub fortification_units: &'a [UnitId],
    pub pool: u8,
    pub artillery: &'a [UnitId],
    pub air: &'a [AirId],
}

/// The defender's voluntary CMs and support (R15.1, R15.4, R9.1.6, R6.3, R8.2.4):
/// stars and fortification units when they lower the expected cost (a used star or FU
/// must then give the first CEL lost, which may eliminate a weak unit for nothing when
/// the odds are already the lowest), artillery when it improves the odds (a gun fires
/// once a phase and one next to the enemy shares the result), every defensive air
/// mission flown for it, and HQ-loss CMs sparingly.
pub fn defend(game: &Game, an: &Analysis, table: &ExpectTable, offer: &DefenseOffer) -> Action {
    let units = |ids: &[UnitId]| -> Vec<Unit> {
        ids.iter()
            .filter_map(|id| game.roster().get(id.as_str()))
            .collect()
    };
    let (all_stars, all_fu) = (units(offer.stars), units(offer.fortification_units));
    let guns = units(offer.artillery);
    let pool_cms = offer.pool.min(2);
    let ids =
        |us: &[Unit]| -> Vec<UnitId> { us.iter().map(|&u| game.unit_id(u).clone()).collect() };
    let order_of = |st: &[Unit], fu: &[Unit], sup: &[Unit]| DefenseOrder {
        stars: ids(st),
        fortification_units: ids(fu),
        hq_pool_cms: pool_cms,
        support: ids(sup),
        air: offer.air.to_vec(),
    };
    let mut best: Option<(f32, DefenseOrder)> = None;
    if let Some(base) = game.engagement() {
        let mut options: Vec<(Vec<Unit>, Vec<Unit>)> = vec![
            (Vec::new(), Vec::new()),
            (all_stars.clone(), Vec::new()),
            (Vec::new(), all_fu.clone()),
            (all_stars.clone(), all_fu.clone()),
        ];
        if all_stars.len() > 1 {
            options.extend(all_stars.iter().map(|&u| (vec![u], all_fu.clone())));
        }
        for sup in [Vec::new(), guns.clone()] {
            for (st, fu) in &options {
                let order = order_of(st, fu, &sup);
                let mut eng = base.clone();
                eng.defender_stars = st.clone();
                eng.fortification_units = fu.clone();
                eng.defender_pool = pool_cms;
                eng.defender_support = sup.clone();
                eng.defender_air = air_support(game, offer.air);
                let mut committed = st.clone();
                committed.extend(fu.iter().copied());
                // Guns next to the enemy share the result; a gun used now cannot
                // support another defense this phase.
                let mut cost = engagement_cost(game, an, table, &eng, &committed, true);
                cost += 0.15 * sup.len() as f32;
                if best.as_ref().is_none_or(|(b, _)| cost < *b - 1e-4) {
                    best = Some((cost, order));
                }
            }
            if guns.is_empty() {
                break;
            }
        }
    }
    let order = match best {
        Some((_, o)) => o,
        None => order_of(&all_stars, &all_fu, &[]),
    };
    let a = Action::Defend(order);
    if game.check(&a).is_ok() {
        a
    } else {
        Action::Defend(DefenseOrder {
            air: offer.air.to_vec(),
            ..DefenseOrder::default()
        })
    }
}

/// The cost of taking one more CEL from a unit that has `left` CELs.
pub fn loss_cost(game: &Game, side: Side, u: Unit, left: u8) -> f32 {
    let info = game.info(u);
    if left == 0 {
        return f32::INFINITY;
    }
    if left == 1 {
        let mut c = 3.0 + (info.attack_at(left) + info.defense_at(left)) as f32 / 4.0;
        let scorer = game
            .prepared()
            .victory
            .as_ref()
            .is_some_and(|v| v.scorer == side);
        if !scorer {
            c += VP_WEIGHT;
        }
        if info.is_hq() {
            c += 5.0;
        }
        return c;
    }
    // Signed: a reduced side is never stronger in a file that passed its checks (U05),
    // but the bot must not trust that.
    let side = |cel: u8| i64::from(info.attack_at(cel)) + i64::from(info.defense_at(cel));
    let drop = side(left) - side(left - 1);
    0.5 + drop as f32 / 4.0
}

/// Who loses `cel` CELs (R5.1.8): at least one from each group, then always the CEL
/// that costs least (a flip before an elimination, a weak unit before a strong one).
pub fn allocate_losses(
    game: &Game,
    side: Side,
    cel: u8,
    units: &[(UnitId, u8)],
    groups: &[Vec<UnitId>],
) -> Vec<(UnitId, u8)> {
    let mut left: Vec<(UnitId, Option<Unit>, u8)> = units
        .iter()
        .map(|(id, c)| (id.clone(), game.roster().get(id.as_str()), *c))
        .collect();
    let mut out: Vec<(UnitId, u8)> = Vec::new();
    let mut due = cel;
    let cost_of = |(_, u, c): &(UnitId, Option<Unit>, u8)| match u {
        Some(u) => loss_cost(game, side, *u, *c),
        None => f32::INFINITY,
    };
    let mut take = |i: usize, left: &mut Vec<(UnitId, Option<Unit>, u8)>| {
        left[i].2 -= 1;
        let id = left[i].0.clone();
        match out.iter_mut().find(|(u, _)| *u == id) {
            Some(o) => o.1 += 1,
            None => out.push((id, 1)),
        }
    };
    for g in groups {
        if due == 0 {
            break;
        }
        let best = left
            .iter()
            .enumerate()
            .filter(|(_, e)| g.contains(&e.0) && e.2 > 0)
            .min_by(|a, b| cost_of(a.1).total_cmp(&cost_of(b.1)))
            .map(|(i, _)| i);
        if let Some(i) = best {
            take(i, &mut left);
            due -= 1;
        }
    }
    while due > 0 {
        let best = left
            .iter()
            .enumerate()
            .filter(|(_, e)| e.2 > 0)
            .min_by(|a, b| cost_of(a.1).total_cmp(&cost_of(b.1)).then(a.0.cmp(&b.0)))
            .map(|(i, _)| i);
        let Some(i) = best else {
            break;
        };
        take(i, &mut left);
        due -= 1;
    }
    out
}

/// The cost (CEL-equivalents) of the losses `allocate_losses` would choose.
fn allocation_cost(game: &Game, side: Side, due: u8, absorbers: &[UnitId]) -> f32 {
    let units: Vec<(UnitId, u8)> = absorbers
        .iter()
        .filter_map(|id| {
            let u = game.roster().get(id.as_str())?;
            Some((id.clone(), game.unit_state(u).cel))
        })
        .collect();
    let alloc = allocate_losses(game, side, due, &units, &[]);
    let mut cost = 0.0;
    for (id, k) in &alloc {
        let Some(u) = game.roster().get(id.as_str()) else {
            continue;
        };
        let mut c = game.unit_state(u).cel;
        for _ in 0..*k {
            cost += loss_cost(game, side, u, c);
            c -= 1;
        }
    }
    let given: u8 = alloc.iter().map(|(_, k)| k).sum();
    cost + 4.0 * f32::from(due.saturating_sub(given))
}

/// An attack the bot means to make: target, attackers, estimate, value.
#[derive(Clone, Debug)]
struct Planned {
    target: Hx,
    units: Vec<Unit>,
    est: Est,
    value: f32,
}

impl HeuristicBot {
    pub(super) fn attack(&mut self, game: &Game, side: Side) -> Action {
        let table = self.table(game);
        let params = self.params;
        let tick = game.state().tick();
        let planned: Vec<(Hx, Vec<Unit>)> = match &self.attack_plan {
            Some((t, p)) if *t == tick => p.clone(),
            _ => Vec::new(),
        };
        let an = self.analysis(game, side);
        if let Some(order) = choose_attack(game, an, &table, params, &planned) {
            let a = Action::Attack(order);
            if game.check(&a).is_ok() {
                return a;
            }
        }
        if game.unmet_obligation().is_some() {
            return fallback_obligation(game, side);
        }
        // Guns that did not support an attack fire at range (R6.4).
        let an = self.analysis(game, side);
        if let Some(o) = support::ranged(game, an) {
            let a = Action::RangedAttack(o);
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::EndPhase
    }

    pub(super) fn retreat(
        &mut self,
        game: &Game,
        side: Side,
        n: u8,
        units: &[UnitId],
        immobile: &[UnitId],
    ) -> Action {
        let params = self.params;
        let an = self.analysis(game, side);
        choose_retreat(game, an, params, n, units, immobile)
    }

    pub(super) fn pursue(
        &mut self,
        game: &Game,
        side: Side,
        paths: &[(UnitId, Vec<HexId>)],
        pursuers: &[UnitId],
    ) -> Action {
        let an = self.analysis(game, side);
        let moves = follow(game, an, paths, pursuers, true);
        let a = Action::Pursue { moves };
        if game.check(&a).is_ok() {
            a
        } else {
            Action::Pursue { moves: vec![] }
        }
    }

    pub(super) fn advance(
        &mut self,
        game: &Game,
        side: Side,
        hexes: &[HexId],
        units: &[UnitId],
    ) -> Action {
        let an = self.analysis(game, side);
        let paths: Vec<(UnitId, Vec<HexId>)> =
            hexes.iter().map(|&h| (UnitId::from(""), vec![h])).collect();
        let moves = follow(game, an, &paths, units, false);
        let a = Action::Advance { moves };
        if game.check(&a).is_ok() {
            a
        } else {
            Action::Advance { moves: vec![] }
        }
    }
}

/// The attack meeting an open obligation with the best column, from the engine's own
/// candidates: the last resort when the plan found none.
fn fallback_obligation(game: &Game, side: Side) -> Action {
    let best = game
        .candidate_attacks()
        .into_iter()
        .filter(|(o, _)| game.meets_obligation(side, o))
        .max_by_key(|(_, odds)| odds.column);
    match best {
        Some((o, _)) => Action::Attack(o),
        None => Action::EndPhase,
    }
}

fn hex_list(game: &Game, hexes: &[Hx]) -> Vec<HexId> {
    hexes.iter().map(|&h| game.hex_id(h)).collect()
}

/// The next attack of a Combat phase, or none.
///
/// Every enemy hex next to a unit that can still attack gets its best group: the
/// strongest units next to it (those the movement plan meant for it first, none kept
/// for another planned target), added until the odds are good and trimmed of those the
/// odds do not need. The best attack by value is made if its odds and value are good
/// enough; otherwise, while obligations are open (R5.1.3-5.1.4), the least bad attack
/// that meets one. An obligation whose only attackers fought elsewhere lapses (the
/// engine's reading of R5.1.7, A-89), so an obliged unit attacks the target best for it.
fn choose_attack(
    game: &Game,
    an: &Analysis,
    table: &ExpectTable,
    params: Params,
    planned: &[(Hx, Vec<Unit>)],
) -> Option<AttackOrder> {
    let side = an.side;
    let b = game.board();
    let st = game.state();
    let ready: Vec<(Unit, Hx)> = game
        .units_on_map(side)
        .filter(|&u| game.info(u).can_attack() && !game.fought(u))
        .filter_map(|u| Some((u, game.unit_state(u).hex()?)))
        .collect();
    if ready.is_empty() {
        return None;
    }
    let mut targets: Vec<Hx> = ready
        .iter()
        .flat_map(|&(_, h)| b.neighbours(h).map(|(_, n)| n))
        .filter(|&n| game.attackable(side, n))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let obligations_open = game.unmet_obligation().is_some();
    let hqs = [&an.hqs[0][..], &an.hqs[1][..]];
    let est_of = |units: &[(Unit, Hx)], t: Hx| {
        let mut from: Vec<Hx> = units.iter().map(|&(_, h)| h).collect();
        from.sort_unstable();
        from.dedup();
        estimate(game, side, units, t, support_sp(game, side, &from, t), hqs)
    };
    // Units kept for another planned target that can still be attacked.
    let kept_for_other = |u: Unit, h: Hx, t: Hx| {
        planned.iter().any(|(pt, us)| {
            *pt != t && us.contains(&u) && game.attackable(side, *pt) && b.adjacent(h, *pt)
        })
    };
    let min_value = if an.scorer {
        VOLUNTARY_VALUE
    } else {
        2.0 * VOLUNTARY_VALUE
    };
    let mut best_voluntary: Option<Planned> = None;
    let mut best_obliged: Option<Planned> = None;
    for &t in &targets {
        let adjacent: Vec<(Unit, Hx)> = ready
            .iter()
            .copied()
            .filter(|&(_, h)| b.adjacent(h, t))
            .collect();
        let mut cands: Vec<(Unit, Hx)> = adjacent
            .iter()
            .copied()
            .filter(|&(u, h)| !kept_for_other(u, h, t))
            .collect();
        if cands.is_empty() {
            cands = adjacent;
        }
        let planned_here = |u: Unit| planned.iter().any(|(pt, us)| *pt == t && us.contains(&u));
        cands.sort_by_key(|&(u, _)| {
            (
                std::cmp::Reverse(planned_here(u)),
                std::cmp::Reverse(attack_sp(game, u)),
                u,
            )
        });
        cands.truncate(params.attackers.max(4));
        let mut chosen: Vec<(Unit, Hx)> = Vec::new();
        let mut est = Est::default();
        for c in cands {
            chosen.push(c);
            est = est_of(&chosen, t);
            if est.column >= ENOUGH_COLUMN || est.forced {
                break;
            }
        }
        let mut j = chosen.len();
        while j > 1 {
            j -= 1;
            let mut fewer = chosen.clone();
            fewer.remove(j);
            let e = est_of(&fewer, t);
            if e.column >= est.column && e.hq_net <= est.hq_net {
                chosen = fewer;
                est = e;
            }
        }
        let units: Vec<Unit> = chosen.iter().map(|&(u, _)| u).collect();
        let trapped = !escape_exists(game, an.enemy, t, &[]);
        let value = attack_value(game, an, table, &est, t, &units, trapped);
        let required = game.units_at(t).iter().any(|u| st.must_attack.contains(u))
            || units.iter().any(|u| st.obliged.contains(u));
        let plan = Planned {
            target: t,
            units,
            est,
            value,
        };
        let better = |best: &Option<Planned>| {
            best.as_ref()
                .is_none_or(|p| value > p.value || (value == p.value && t < p.target))
        };
        let worth = value >= min_value || !params.weighs_cost;
        let good = est.forced || (est.column >= params.combat_column() && worth);
        if good && better(&best_voluntary) {
            best_voluntary = Some(plan.clone());
        }
        if obligations_open && required && better(&best_obliged) {
            best_obliged = Some(plan);
        }
    }
    for p in [best_voluntary, best_obliged].into_iter().flatten() {
        let mut order = AttackOrder {
            attackers: p.units.iter().map(|&u| game.unit_id(u).clone()).collect(),
            defenders: hex_list(game, &[p.target]),
            stars: p
                .units
                .iter()
                .filter(|&&u| !game.info(u).stars().is_empty())
                .map(|&u| game.unit_id(u).clone())
                .collect(),
            ..AttackOrder::default()
        };
        // Every offensive air mission on the hex; the guns the odds need (each fires
        // once a phase, R6.1.4), strongest first.
        let (guns, air) = game.attack_support_options(side, &order);
        order.air = air;
        let mut guns: Vec<Unit> = guns
            .iter()
            .filter_map(|id| game.roster().get(id.as_str()))
            .collect();
        guns.sort_by_key(|&u| (std::cmp::Reverse(attack_sp(game, u)), u));
        let column_of = |o: &AttackOrder| -> Option<usize> {
            let eng = game.engagement_of(side, o).ok()?;
            Some(game.assess(&eng).column.index())
        };
        let mut current = column_of(&order).unwrap_or(0);
        for g in guns {
            if current >= ENOUGH_COLUMN {
                break;
            }
            let mut more = order.clone();
            more.support.push(game.unit_id(g).clone());
            if let Some(c) = column_of(&more)
                && c > current
            {
                order = more;
                current = c;
            }
        }
        let Ok(eng) = game.engagement_of(side, &order) else {
            continue;
        };
        // Stars only when they pay for the CEL their units must then give (R15.1.7).
        if !eng.attacker_stars.is_empty() {
            let mut bare = eng.clone();
            bare.attacker_stars.clear();
            let with = engagement_cost(game, an, table, &eng, &eng.attacker_stars, false);
            let without = engagement_cost(game, an, table, &bare, &[], false);
            if without < with {
                order.stars.clear();
            }
        }
        let Ok(eng) = game.engagement_of(side, &order) else {
            continue;
        };
        let column = game.assess(&eng).column.index();
        let pool_cms = game.pool_available(side, &[p.target]);
        if pool_cms > 0 && column < ENOUGH_COLUMN {
            order.hq_pool_cms = pool_cms.min((ENOUGH_COLUMN - column) as u8);
        }
        let obliged = game.meets_obligation(side, &order);
        if !(p.est.forced || obliged && obligations_open)
            && column + usize::from(order.hq_pool_cms) < params.combat_column()
        {
            continue;
        }
        return Some(order);
    }
    None
}

/// A retreat option: the moves and who absorbs the CELs due.
struct RetreatOption {
    moves: Vec<(UnitId, Vec<HexId>)>,
    cost: f32,
}

/// Retreat or sustain (R5.3): full retreats along the best paths, holding the hex
/// with every unit, or (at higher strengths) holding with the strongest units while
/// the others retreat; the cheapest in CELs and position wins.
fn choose_retreat(
    game: &Game,
    an: &Analysis,
    params: Params,
    n: u8,
    units: &[UnitId],
    immobile: &[UnitId],
) -> Action {
    let side = an.side;
    let resolve = |id: &UnitId| game.roster().get(id.as_str());
    let mobile: Vec<Unit> = units
        .iter()
        .filter(|id| !immobile.contains(id))
        .filter_map(resolve)
        .collect();
    let origins: Vec<Hx> = units
        .iter()
        .filter_map(resolve)
        .filter_map(|u| game.unit_state(u).hex())
        .collect();
    // Best full-length path per mobile unit, keeping the stacking limit at the ends.
    let mut occ = Occupancy::of(game, side);
    for &u in &mobile {
        if let Some(h) = game.unit_state(u).hex() {
            occ.remove(game, u, h);
        }
    }
    let enemy_zoc = game.zoc_of(an.enemy);
    let mut full: Vec<(Unit, Vec<HexId>, f32)> = Vec::new();
    let mut ordered = mobile.clone();
    ordered.sort_by_key(|&u| (std::cmp::Reverse(game.unit_state(u).cel), u));
    for &u in &ordered {
        let cel = u32::from(game.unit_state(u).cel);
        let mut best: Option<(f32, Vec<HexId>, Hx)> = None;
        for p in game.retreat_paths(u) {
            if p.len() != usize::from(n) {
                continue;
            }
            let hexes: Vec<Hx> = p.iter().filter_map(|&h| game.board().index(h)).collect();
            let Some(&end) = hexes.last() else {
                continue;
            };
            if occ.cel[end] + cel > STACKING_LIMIT {
                continue;
            }
            // Each enemy-ZoC hex passed costs the unit a CEL (R5.3.4).
            let zoc = hexes.iter().filter(|&&h| enemy_zoc.covers(h)).count() as u8;
            let have = game.unit_state(u).cel;
            let mut s = -(0..zoc.min(have))
                .map(|k| loss_cost(game, side, u, have - k))
                .sum::<f32>();
            s += 0.25 * f32::from(occ.regular[end].min(3));
            s -= 0.05 * f32::from(an.home_dist[end].min(60));
            s += 0.3 * an.obj[end];
            if game.state().ff[end] == Some(side) {
                s += 0.6;
            }
            s += 0.15 * f32::from(game.board().terrain_cm[end]);
            let adjacent_enemies = game
                .board()
                .neighbours(end)
                .filter(|&(_, x)| game.occupant(x) == Some(an.enemy))
                .count();
            s -= 0.3 * adjacent_enemies as f32;
            if best.as_ref().is_none_or(|(b, _, _)| s > *b) {
                best = Some((s, p, end));
            }
        }
        if let Some((s, p, end)) = best {
            occ.add(game, u, end);
            full.push((u, p, s));
        }
    }
    let hold_value: f32 = {
        let mut v: f32 = 0.0;
        for &o in &origins {
            let mut x = an.obj[o];
            if game.state().ff[o] == Some(side) || game.board().fp_hex[o] {
                x += 1.0;
            }
            if game.board().fl_hex[o] && game.prepared().fl_owner[o] == Some(side) {
                x += 0.8;
            }
            v = v.max(x);
        }
        v
    };
    let retreat_tests = f32::from(n.saturating_sub(1)) * TEST_FAILS * 0.6;
    let mut options: Vec<RetreatOption> = Vec::new();
    let id = |u: Unit| game.unit_id(u).clone();
    let evaluate = |moves: Vec<(UnitId, Vec<HexId>)>, path_score: f32, stays: bool| {
        let (due, absorbers) = game.retreat_loss_due(side, &moves).ok()?;
        let mut cost = allocation_cost(game, side, due, &absorbers) - path_score;
        cost += retreat_tests * moves.len() as f32;
        if !stays {
            cost += hold_value;
        }
        Some(RetreatOption { moves, cost })
    };
    // Everyone who can retreats fully.
    let all_moves: Vec<(UnitId, Vec<HexId>)> =
        full.iter().map(|(u, p, _)| (id(*u), p.clone())).collect();
    let all_score: f32 = full.iter().map(|(_, _, s)| s).sum();
    let stays = !immobile.is_empty() || full.len() < mobile.len();
    if let Some(o) = evaluate(all_moves, all_score, stays) {
        options.push(o);
    }
    // Everyone holds.
    if let Some(o) = evaluate(Vec::new(), 0.0, true) {
        options.push(o);
    }
    // The strongest unit holds; the rest retreat.
    if params.partial_holds && full.len() > 1 {
        let keep = full.iter().map(|(u, _, _)| *u).max_by_key(|&u| {
            (
                game.unit_state(u).cel,
                attack_sp(game, u),
                std::cmp::Reverse(u),
            )
        });
        if let Some(k) = keep {
            let moves: Vec<(UnitId, Vec<HexId>)> = full
                .iter()
                .filter(|(u, _, _)| *u != k)
                .map(|(u, p, _)| (id(*u), p.clone()))
                .collect();
            let score: f32 = full
                .iter()
                .filter(|(u, _, _)| *u != k)
                .map(|(_, _, s)| s)
                .sum();
            if let Some(o) = evaluate(moves, score, true) {
                options.push(o);
            }
        }
    }
    options.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    for o in options {
        let Ok((due, absorbers)) = game.retreat_loss_due(side, &o.moves) else {
            continue;
        };
        let cels: Vec<(UnitId, u8)> = absorbers
            .iter()
            .filter_map(|aid| {
                let u = game.roster().get(aid.as_str())?;
                Some((aid.clone(), game.unit_state(u).cel))
            })
            .collect();
        let losses = allocate_losses(game, side, due, &cels, &[]);
        let a = Action::Retreat(RetreatOrder {
            moves: o.moves,
            losses,
        });
        if game.check(&a).is_ok() {
            return a;
        }
    }
    Action::Retreat(RetreatOrder::default())
}

/// Pursuers or advancers worth moving into the emptied hex (and, for the side taking
/// objectives, one hex further along a retreat path when that hex is worth more).
fn follow(
    game: &Game,
    an: &Analysis,
    paths: &[(UnitId, Vec<HexId>)],
    candidates: &[UnitId],
    pursuit: bool,
) -> Vec<(UnitId, Vec<HexId>)> {
    let b = game.board();
    let side = an.side;
    let mut best: Option<(f32, Vec<HexId>)> = None;
    for (_, p) in paths {
        let Some(&first) = p.first() else {
            continue;
        };
        let Some(h) = b.index(first) else {
            continue;
        };
        let enemy_sp: u32 = b
            .neighbours(h)
            .filter(|&(_, x)| game.occupant(x) == Some(an.enemy))
            .flat_map(|(_, x)| game.units_at(x).iter().copied())
            .map(|u| attack_sp(game, u))
            .sum();
        let mut v = an.obj[h] + if an.scorer { 0.4 * an.pot[h] } else { 0.0 };
        v += if an.scorer { 0.4 } else { 0.0 };
        v -= 0.03 * enemy_sp as f32;
        let mut route = vec![first];
        if pursuit
            && an.scorer
            && let Some(&second) = p.get(1)
            && let Some(h2) = b.index(second)
            && an.obj[h2] > an.obj[h] + 0.5
        {
            route.push(second);
            v += an.obj[h2] - an.obj[h];
        }
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, route));
        }
    }
    let Some((value, route)) = best else {
        return Vec::new();
    };
    if value <= 0.3 {
        return Vec::new();
    }
    // Strongest followers first, up to the stacking limit, leaving no objective or own
    // fortification empty behind them.
    let mut units: Vec<Unit> = candidates
        .iter()
        .filter_map(|id| game.roster().get(id.as_str()))
        .collect();
    units.sort_by_key(|&u| (std::cmp::Reverse(attack_sp(game, u)), u));
    let mut cel = 0u32;
    let mut left: Vec<(Hx, u32)> = Vec::new();
    let mut out = Vec::new();
    for u in units {
        let Some(from) = game.unit_state(u).hex() else {
            continue;
        };
        let c = u32::from(game.unit_state(u).cel);
        if cel + c > STACKING_LIMIT {
            continue;
        }
        let stay_count = game.units_at(from).len() as u32
            - left.iter().find(|(x, _)| *x == from).map_or(0, |e| e.1);
        let keep_here = an.obj[from] > 0.5 || game.state().ff[from] == Some(side);
        if keep_here && stay_count <= 1 {
            continue;
        }
        cel += c;
        match left.iter_mut().find(|(x, _)| *x == from) {
            Some(e) => e.1 += 1,
            None => left.push((from, 1)),
        }
        out.push((game.unit_id(u).clone(), route.clone()));
    }
    out
}
