//! `sztab odds` for PanzerBlitz: one attack in the situation's set-up position, with
//! its full breakdown — each attacking unit's factor step by step (range, weapon class
//! against the target type, hill halving, intensive fire), the totals and the odds
//! column with every column shift and its rule, the die modifiers, and the chance of
//! each result.
//!
//! By default the attack is normal fire in combination by every unit on the attacking
//! hexes that may fire at the defending hex; the units that may not (an I-class unit
//! facing an armored target, a dispersed unit, a passenger, a unit out of range or
//! sight) are left out and named with the rule that keeps them out. Options:
//! `--opt assault` (close assault by the units on those hexes that may assault),
//! `--opt overrun` (an overrun by the armored vehicles on those hexes that can drive
//! through the defending hex: Overrun A-I, their routes checked), `--opt
//! multiple=UNIT:ATTACKER,ATTACKER` given twice or more (a multiple attack, How to have
//! combat I-2: each named defending unit attacked by the named attackers in a battle of
//! its own), `--opt mines` (the minefield's attack on every unit on the defending hex,
//! Mines E; the attacking hexes take no part), `--opt target=UNIT` (a selective attack
//! on one unit), `--opt intensive=UNIT` (that unit fires intensively, the Ammunition
//! rule), `--opt dispersed` (the defender was dispersed earlier this turn: −1).

use std::fmt::Write as _;

use sztab_core::hex::HexId;
use sztab_seam::{BundleRef, MatchError, OddsQuery};

use super::action::{Battle, FireOrder, OverrunLeg};
use super::crt;
use super::event::{Mode, Step, Target, shift_name};
use super::fire::{Piece, Plan, Sight};
use super::game::{Game, Refusal};
use super::mines::MINES_COLUMN;
use super::play::Compiled;

const OPTIONS: &[&str] = &[
    "assault",
    "overrun",
    "multiple",
    "mines",
    "target",
    "intensive",
    "dispersed",
];

/// The attack asked about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Fire,
    Selective,
    Multiple,
    Assault,
    Overrun,
    Mines,
}

pub fn odds(bundle: BundleRef<'_>, q: &OddsQuery) -> Result<String, MatchError> {
    let compiled = Compiled::of(bundle)?;
    odds_in(&Game::new(compiled.0, 0), q)
}

/// The odds asked in `game`'s position (the set-up, for `sztab odds`).
pub fn odds_in(game: &Game, q: &OddsQuery) -> Result<String, MatchError> {
    let bad = |why: String| MatchError::BadRequest(why);
    if let Some(b) = q.unknown(OPTIONS).first() {
        return Err(bad(format!(
            "PanzerBlitz has no --opt {b}; it reads {}",
            OPTIONS.join(", ")
        )));
    }
    let kinds: Vec<(&str, Kind)> = [
        ("assault", Kind::Assault),
        ("overrun", Kind::Overrun),
        ("multiple", Kind::Multiple),
        ("mines", Kind::Mines),
        ("target", Kind::Selective),
    ]
    .into_iter()
    .filter(|(n, _)| q.flag(n))
    .collect();
    let kind = match kinds.as_slice() {
        [] => Kind::Fire,
        [(_, k)] => *k,
        more => {
            let names: Vec<&str> = more.iter().map(|(n, _)| *n).collect();
            return Err(bad(format!(
                "--opt {} are different attacks: ask for one at a time",
                names.join(", --opt ")
            )));
        }
    };
    if q.flag("intensive") && !matches!(kind, Kind::Fire | Kind::Selective | Kind::Multiple) {
        return Err(bad(
            "--opt intensive is for normal fire: an overrun, a close assault or a \
             minefield fires no ammunition"
                .into(),
        ));
    }
    let hex = |s: &str| {
        game.s
            .board
            .labels
            .hex_named(s)
            .map_err(|e| bad(format!("\"{s}\": {e}")))
    };
    let target = hex(&q.defender)?;
    if kind == Kind::Mines {
        return Ok(mines(game, target, q.flag("dispersed")));
    }
    let from: Vec<HexId> = q
        .attackers
        .iter()
        .map(|s| hex(s))
        .collect::<Result<_, _>>()?;
    // The units on the attacking hexes and their passengers.
    let units: Vec<usize> = from
        .iter()
        .flat_map(|&h| game.state().at(h).collect::<Vec<_>>())
        .flat_map(|u| std::iter::once(u).chain(game.state().units[u].carrying))
        .collect();
    let Some(&first) = units.first() else {
        return Err(bad(format!("no unit stands on {}", q.attackers.join(", "))));
    };
    let side = game.s.units[first].side;
    if !game
        .state()
        .at(target)
        .any(|u| game.s.units[u].side != side)
    {
        return Err(bad(format!(
            "no enemy of {} stands on {target}",
            game.s.sides[side].name
        )));
    }
    let step = match kind {
        Kind::Assault => Step::Assault,
        Kind::Overrun => Step::VehicleMove,
        _ => Step::Fire,
    };
    let g = game.what_if(side, step);
    let mine: Vec<usize> = units
        .into_iter()
        .filter(|&u| g.s.units[u].side == side)
        .collect();
    let ids =
        |us: &[usize]| -> Vec<String> { us.iter().map(|&u| g.s.units[u].id.clone()).collect() };
    let refused = |e: Refusal| bad(e.to_string());
    // Every unit that may not take part, with the rule that keeps it out.
    let mut left: Vec<(usize, Refusal)> = Vec::new();
    let none = |what: &str, left: &[(usize, Refusal)]| {
        let why: Vec<String> = left
            .iter()
            .map(|(u, e)| format!("{}: {e}", g.s.units[*u].id))
            .collect();
        bad(format!(
            "no unit there may {what} {target}: {}",
            why.join("; ")
        ))
    };
    let (what, plans, extra, terrain) = match kind {
        Kind::Assault => {
            let att = sort(&mine, &mut left, &|u| g.assaulter(u, target).map(|_| ()));
            if att.is_empty() {
                return Err(none("close-assault", &left));
            }
            let plan = g.plan_assault(target, &ids(&att)).map_err(refused)?;
            ("close assault".to_owned(), vec![plan], -2, true)
        }
        Kind::Overrun => {
            g.may_be_overrun(target).map_err(refused)?;
            // The legs, one unit after another (each leaves room in the exit hexes for
            // the next, Stacking A).
            let mut legs: Vec<OverrunLeg> = Vec::new();
            let mut att2 = Vec::new();
            for &u in &mine {
                match overrun_leg(&g, target, u, &legs) {
                    Ok(leg) => {
                        legs.push(leg);
                        att2.push(u);
                    }
                    Err(e) => left.push((u, e)),
                }
            }
            if att2.is_empty() {
                return Err(none("overrun", &left));
            }
            let plan = g.overrun_plan(target, &att2).map_err(refused)?;
            ("overrun".to_owned(), vec![plan], -2, false)
        }
        Kind::Fire | Kind::Selective | Kind::Multiple => {
            let stack = g.pieces(target, 1 - side, false);
            let all = g.pieces(target, 1 - side, true);
            let piece = |t: &str| -> Result<Piece, MatchError> {
                all.iter()
                    .find(|p| p.target == Target::Unit(t.to_owned()))
                    .cloned()
                    .ok_or_else(|| {
                        bad(format!(
                            "{t} is not a unit of the enemy on {}",
                            g.s.board.label(target)
                        ))
                    })
            };
            let fits = |u: usize, p: &Piece| {
                g.can_fire_at(u, target)?;
                g.fire_factor(u, target, p.armored, false).map(|_| ())
            };
            let mut order = match kind {
                Kind::Fire => {
                    let att = sort(&mine, &mut left, &|u| {
                        g.can_fire_at(u, target)?;
                        g.stack_factors(&[u], target, &stack, &Default::default())
                            .map(|_| ())
                    });
                    if att.is_empty() {
                        return Err(none("fire at", &left));
                    }
                    FireOrder::combination(target, ids(&att))
                }
                Kind::Selective => {
                    let p = piece(q.get("target").unwrap_or_default())?;
                    let att = sort(&mine, &mut left, &|u| fits(u, &p));
                    if att.is_empty() {
                        return Err(none(&format!("fire at {} on", p.target), &left));
                    }
                    FireOrder {
                        hex: target,
                        mode: Mode::Selective,
                        battles: vec![Battle {
                            target: Some(p.target.clone()),
                            attackers: ids(&att),
                        }],
                        intensive: Vec::new(),
                    }
                }
                _ => {
                    let mut battles = Vec::new();
                    for b in q.all("multiple") {
                        let Some((t, by)) = b.split_once(':') else {
                            return Err(bad(format!(
                                "--opt multiple={b}: write the defending unit, a colon and \
                                 its attackers (multiple=UNIT:ATTACKER,ATTACKER)"
                            )));
                        };
                        let p = piece(t)?;
                        let mut att = Vec::new();
                        for a in by.split(',').filter(|a| !a.is_empty()) {
                            let Some(&u) = mine.iter().find(|&&u| g.s.units[u].id == a) else {
                                return Err(bad(format!(
                                    "{a} is not a unit of {} on {}",
                                    g.s.sides[side].name,
                                    q.attackers.join(", ")
                                )));
                            };
                            match fits(u, &p) {
                                Ok(()) => att.push(u),
                                Err(e) => left.push((u, e)),
                            }
                        }
                        if att.is_empty() {
                            let named: Vec<(usize, Refusal)> = left.clone();
                            return Err(none(&format!("fire at {} on", p.target), &named));
                        }
                        battles.push(Battle {
                            target: Some(p.target.clone()),
                            attackers: ids(&att),
                        });
                    }
                    FireOrder {
                        hex: target,
                        mode: Mode::Multiple,
                        battles,
                        intensive: Vec::new(),
                    }
                }
            };
            order.intensive = q.all("intensive").map(str::to_owned).collect();
            let plans = g.plan_fire(&order).map_err(refused)?;
            (format!("{} fire", order.mode.name()), plans, 0, true)
        }
        Kind::Mines => unreachable!("answered above"),
    };
    let mut out = format!("{}: {what} on {}\n", g.s.title, g.s.board.label(target));
    if !left.is_empty() {
        let _ = writeln!(out, "  left out, as they may not take part:");
        for (u, e) in &left {
            let _ = writeln!(out, "    {} {}: {e}", g.s.units[*u].name, g.s.units[*u].id);
        }
    }
    for p in &plans {
        write_plan(&mut out, &g, target, p, extra, terrain, q.flag("dispersed"));
    }
    Ok(out)
}

/// Splits `units` into those `check` lets take part and those it keeps out (into
/// `left`, with the rule).
fn sort(
    units: &[usize],
    left: &mut Vec<(usize, Refusal)>,
    check: &dyn Fn(usize) -> Result<(), Refusal>,
) -> Vec<usize> {
    let mut att = Vec::new();
    for &u in units {
        match check(u) {
            Ok(()) => att.push(u),
            Err(e) => left.push((u, e)),
        }
    }
    att
}

/// Unit `u`'s way through `target` in an overrun after `legs` (its route from where it
/// stands to a hex next to the target, cheapest first); why it has none.
fn overrun_leg(
    g: &Game,
    target: HexId,
    u: usize,
    legs: &[OverrunLeg],
) -> Result<OverrunLeg, Refusal> {
    let id = g.s.units[u].id.clone();
    let from = g.may_move(u)?;
    let reach = g.reach(u, false);
    let mut first = None;
    for (_, approach) in super::overrun::approaches(g, target, from, &reach) {
        let leg = OverrunLeg {
            unit: id.clone(),
            approach,
            jump_off: false,
        };
        let mut with = legs.to_vec();
        with.push(leg.clone());
        match g.plan_overrun(target, &with) {
            Ok(_) => return Ok(leg),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or_else(|| {
        Refusal::new(
            "Overrun B",
            format!(
                "{id} cannot reach a hex next to {} with its MF",
                g.s.board.label(target)
            ),
        )
    }))
}

/// The minefield's attack on every unit on `h` (Mines E, decision P-07): each at 2-1,
/// whatever the terrain, one roll a unit.
fn mines(g: &Game, h: HexId, dispersed: bool) -> String {
    let at = g.s.board.label(h);
    let mut out = format!("{}: minefield attack on {at}\n", g.s.title);
    if !g.state().mines.contains(&h) {
        let _ = writeln!(
            out,
            "  (no minefield lies on {at} in the set-up: the odds are those of one if it did)"
        );
    }
    let units: Vec<usize> = g.state().at(h).collect();
    if units.is_empty() {
        let _ = writeln!(out, "  no unit stands on {at}");
    }
    let modifier = if dispersed { -1 } else { 0 };
    for u in units {
        let def = &g.s.units[u];
        let passenger = g.state().units[u]
            .carrying
            .map(|p| format!(" carrying {}", g.s.units[p].id))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {} {}{passenger} (defense {}): the minefield attacks it at {} whatever the \
             terrain, one roll for each unit (Mines E, P-07)",
            def.name,
            def.id,
            def.f.defense,
            crt::odds_name(MINES_COLUMN)
        );
        write_modifier_and_chances(&mut out, MINES_COLUMN, modifier, {
            let mut why = Vec::new();
            if dispersed {
                why.push("-1 the unit was dispersed this turn (CRT D)".to_owned());
            }
            why
        });
    }
    out
}

/// Writes one battle's breakdown (also the playtest's explanation of a choice):
/// `extra` is the die modifier of an overrun or close assault, `terrain` whether the
/// defender's cover counts (not in an overrun, Overrun D).
pub(super) fn write_plan(
    out: &mut String,
    g: &Game,
    target: HexId,
    p: &Plan,
    extra: i32,
    terrain: bool,
    dispersed: bool,
) {
    let targets: Vec<String> = p
        .pieces
        .iter()
        .map(|x| {
            format!(
                "{} (defense {}, {})",
                x.target,
                x.df,
                if x.armored { "armored" } else { "non-armored" }
            )
        })
        .collect();
    let _ = writeln!(out, "  target: {}", targets.join(", "));
    if let Some(note) = &p.note {
        let _ = writeln!(out, "  {note}");
    }
    for f in &p.factors {
        let u = &g.s.units[f.unit];
        let sight = match f.sight {
            Sight::Adjacent => "adjacent".to_owned(),
            Sight::Direct => "direct fire".to_owned(),
            Sight::Indirect { cp } => format!("indirect fire directed by {}", g.s.units[cp].id),
        };
        let _ = write!(
            out,
            "  {} {} ({}{} {}-{}), range {}, {sight}: {}",
            u.name,
            u.id,
            u.f.attack,
            u.f.class.letter(),
            u.f.range,
            u.f.defense,
            f.range,
            f.printed
        );
        for (why, v) in &f.steps {
            let _ = write!(out, " → {v} ({why})");
        }
        let _ = writeln!(out, " = {}", f.value);
    }
    let base = p.column - p.shifts.iter().map(|s| s.1).sum::<i32>();
    let _ = write!(
        out,
        "  attack {} to defense {}: {} (odds rounded in the defender's favour)",
        p.attack,
        p.defense,
        crt::odds_name(base)
    );
    let mut col = base;
    for (why, n) in &p.shifts {
        col += n;
        let _ = write!(
            out,
            "; {} for {why}: {}",
            shift_name(*n),
            crt::odds_name(col)
        );
    }
    let _ = writeln!(out);
    let mut modifier = extra;
    let mut why = Vec::new();
    if extra != 0 {
        why.push(if terrain {
            format!("{extra:+} close assault (Close Assault D)")
        } else {
            format!("{extra:+} overrun (Overrun D)")
        });
    }
    let cover = g.s.board.defense_modifier(target);
    if terrain && cover != 0 {
        modifier += cover;
        why.push(format!("{cover:+} the defender's cover (TEC)"));
    } else if !terrain && cover != 0 {
        why.push("the defender's cover does not count in an overrun".to_owned());
    }
    if dispersed {
        modifier -= 1;
        why.push("-1 the defender was dispersed this turn (CRT D)".to_owned());
    }
    write_modifier_and_chances(out, p.column, modifier, why);
}

/// The net die modifier with its reasons, and the chance of each result.
fn write_modifier_and_chances(out: &mut String, column: i32, modifier: i32, why: Vec<String>) {
    let _ = writeln!(
        out,
        "  die modifier {modifier:+}{}",
        if why.is_empty() {
            String::new()
        } else {
            format!(": {}", why.join(", "))
        }
    );
    for (o, chance, faces) in crt::chances(column, modifier) {
        let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "  {:>3}: {:5.1} % (die {})",
            o.code(),
            chance * 100.0,
            faces.join(", ")
        );
    }
}
