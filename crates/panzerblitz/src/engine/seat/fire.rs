//! The fire step's choices: each unit that may fire aims at an enemy hex — the whole
//! stack (a combination attack) or one of its units (a selective attack; with units
//! aimed at two or more, a multiple attack) — a planned H or M unit fires intensively
//! when the Ammunition rule is in use, an engineer next to a minefield tries to clear
//! it, and the plan is announced. Every odds shown is the engine's `plan_fire`.

use std::fmt::Write as _;

use crate::engine::action::{Action, FireOrder};
use crate::engine::crt;
use crate::engine::event::{Mode, Target};
use crate::engine::fire::CLEARING_ROLL;
use crate::engine::fire_plan::FirePlan;
use crate::engine::game::Game;
use crate::engine::odds::write_plan;
use sztab_core::hex::HexId;
use sztab_seam::Choice;
use sztab_seam::play::chance_of;

use super::{Order, enemy_hexes, hex, name, own, replan, target};

/// The fire step's choices; a note when the plan as it stands cannot be announced.
pub(super) fn fire(g: &Game, plan: &FirePlan, out: &mut Vec<Choice>) -> Option<String> {
    for h in enemy_hexes(g) {
        if !g.state().fired_on.contains(&h) {
            aims(g, plan, h, out);
        }
    }
    for o in &plan.attacks {
        planned(g, plan, o, out);
    }
    clearing(g, plan, out);
    for (e, m) in &plan.clear {
        out.push(drop_choice(
            e,
            format!("take {e} off the minefield on {}", hex(g, *m)),
            *m,
        ));
    }
    commit(g, plan, out)
}

/// What a unit may aim at on `h`: the whole stack, or one of its units (not a lone
/// unit, nor units stacked in a town: Weapon-to-Target B); an attack already planned
/// keeps its kind.
fn targets(g: &Game, plan: &FirePlan, h: HexId) -> Vec<Option<Target>> {
    let planned = plan.attack_on(h).map(|o| o.mode);
    let mut out = Vec::new();
    if planned.is_none_or(|m| m == Mode::Combination) {
        out.push(None);
    }
    let pieces = g.pieces(h, 1 - g.state().side, true);
    if pieces.len() > 1 && !g.whole_stack_only(h) && planned != Some(Mode::Combination) {
        out.extend(pieces.into_iter().map(|p| Some(p.target)));
    }
    out
}

/// Each unit not yet planned that may fire at `h`, at each target there.
fn aims(g: &Game, plan: &FirePlan, h: HexId, out: &mut Vec<Choice>) {
    let st = g.state();
    let targets = targets(g, plan, h);
    let lone = g.pieces(h, 1 - st.side, true).len() == 1;
    for u in own(g) {
        let id = &g.s.units[u].id;
        if plan.has(id) || g.can_fire_at(u, h).is_err() {
            continue;
        }
        let Some(from) = st.hex_of(u) else { continue };
        let los = g.line(from, h);
        for at in &targets {
            let aim = Order::Aim {
                unit: id.clone(),
                hex: h,
                at: at.clone(),
            };
            let with = replan(plan, &aim).unwrap_or_default();
            let Some(o) = with.attack_on(h) else { continue };
            let (odds, why) = breakdown(g, o);
            let whom = match at {
                None if lone => hex(g, h),
                None => format!("{}, the whole stack", hex(g, h)),
                Some(t) => target_name(g, t, h),
            };
            let how = if lone {
                odds
            } else {
                format!("{} attack, {odds}", o.mode.name())
            };
            out.push(Choice {
                label: format!("{} fires at {whom} ({how})", name(g, u)),
                units: vec![id.clone()],
                target: Some(h),
                hexes: los.hexes(),
                sight: true,
                explain: Some(format!(
                    "line of sight {} to {}: {}\n{why}",
                    hex(g, from),
                    hex(g, h),
                    los.verdict(&g.s.board)
                )),
                mark: None,
                key: aim.key(),
            });
        }
    }
}

/// "T-34c R/tank on 0505", "the fortification on 0505".
fn target_name(g: &Game, t: &Target, h: HexId) -> String {
    match t {
        Target::Unit(id) => match g.s.unit(id) {
            Some(u) => format!("{} on {}", name(g, u), hex(g, h)),
            None => format!("{id} on {}", hex(g, h)),
        },
        Target::Fort(_) => target(g, t),
    }
}

/// An attack's odds in short and its breakdown battle by battle, or why it is not an
/// attack yet.
fn breakdown(g: &Game, o: &FireOrder) -> (String, String) {
    let st = g.state();
    match g.plan_fire(o) {
        Ok(plans) => {
            let mut why = String::new();
            for p in &plans {
                let dispersed = p.pieces.iter().any(|x| st.dispersed_now(&g.s, &x.target));
                write_plan(&mut why, g, o.hex, p, 0, true, dispersed);
            }
            let odds: Vec<String> = plans.iter().map(|p| crt::odds_name(p.column)).collect();
            (odds.join(", "), why)
        }
        Err(e) => (
            "not an attack yet".to_owned(),
            format!("not an attack yet: {e}\n"),
        ),
    }
}

/// A planned unit's choices: out of the plan, and intensive fire or not (Ammunition).
fn planned(g: &Game, plan: &FirePlan, o: &FireOrder, out: &mut Vec<Choice>) {
    for a in o.attackers() {
        let h = o.hex;
        let at = hex(g, h);
        out.push(drop_choice(
            a,
            format!("take {a} out of the attack on {at}"),
            h,
        ));
        let Some(u) = g.s.unit(a) else { continue };
        if g.may_fire_intensively(u).is_err() {
            continue;
        }
        let on = !o.intensive.contains(a);
        let order = Order::Intensive {
            unit: a.clone(),
            on,
        };
        let with = replan(plan, &order).unwrap_or_default();
        let Some(w) = with.attack_on(h) else { continue };
        let (odds, why) = breakdown(g, w);
        let (label, rule) = if on {
            (
                format!("{a} fires intensively at {at} ({odds})"),
                "Ammunition A, B: its factor is tripled, then it is removed and counts as lost",
            )
        } else {
            (
                format!("{a} fires at {at} at its normal factor ({odds})"),
                "Ammunition: it fires at its normal factor and stays in play",
            )
        };
        out.push(Choice {
            label,
            units: vec![a.clone()],
            target: None,
            hexes: vec![h],
            sight: false,
            explain: Some(format!("{rule}\n{why}")),
            mark: None,
            key: order.key(),
        });
    }
}

fn drop_choice(unit: &str, label: String, hex: HexId) -> Choice {
    Choice {
        label,
        units: vec![unit.to_owned()],
        target: None,
        hexes: vec![hex],
        sight: false,
        explain: None,
        mark: None,
        key: Order::Drop {
            unit: unit.to_owned(),
        }
        .key(),
    }
}

/// Engineers next to a minefield may try to clear it instead of firing (Mines F, G).
fn clearing(g: &Game, plan: &FirePlan, out: &mut Vec<Choice>) {
    let chance = chance_of(&[CLEARING_ROLL]) * 100.0;
    for &m in &g.state().mines {
        for u in own(g) {
            let id = &g.s.units[u].id;
            if plan.has(id) || g.check_clearing(id, m).is_err() {
                continue;
            }
            let at = hex(g, m);
            out.push(Choice {
                label: format!(
                    "{} clears the minefield on {at} ({chance:.1} %)",
                    name(g, u)
                ),
                units: vec![id.clone()],
                target: Some(m),
                hexes: vec![m],
                sight: false,
                explain: Some(format!(
                    "Mines F, G: {id} tries to clear the minefield on {at} instead of firing; \
                     a die roll of {CLEARING_ROLL} removes it ({chance:.1} %), and {id} may \
                     not move this turn\n"
                )),
                mark: None,
                key: Order::Clear {
                    unit: id.clone(),
                    hex: m,
                }
                .key(),
            });
        }
    }
}

/// Announcing the plan when the rules take it (else a note of why not), or ending the
/// step without firing.
fn commit(g: &Game, plan: &FirePlan, out: &mut Vec<Choice>) -> Option<String> {
    let mut note = None;
    if !plan.is_empty() {
        let a = plan.action();
        match g.clone().apply(&a) {
            Ok(_) => {
                let mut c = Choice::plain(commit_label(plan), Order::Act(a).key());
                c.explain = Some(plan_summary(g, plan));
                out.push(c);
            }
            Err(e) => note = Some(format!("the planned fire cannot be made: {e}")),
        }
    }
    out.push(Choice::plain(
        "end the fire step without firing",
        Order::Act(Action::EndStep).key(),
    ));
    note
}

/// "fire the 2 planned attack(s), try to clear 1 minefield(s) and end the step".
fn commit_label(plan: &FirePlan) -> String {
    let mut parts = Vec::new();
    if !plan.attacks.is_empty() {
        parts.push(format!("fire the {} planned attack(s)", plan.attacks.len()));
    }
    if !plan.clear.is_empty() {
        parts.push(format!("try to clear {} minefield(s)", plan.clear.len()));
    }
    format!("{} and end the step", parts.join(", "))
}

/// One line per planned attack (hex, mode, who at what, odds) and per engineer.
fn plan_summary(g: &Game, plan: &FirePlan) -> String {
    let mut s = String::new();
    for o in &plan.attacks {
        let (odds, _) = breakdown(g, o);
        let battles: Vec<String> = o
            .battles
            .iter()
            .map(|b| match &b.target {
                None => b.attackers.join(" "),
                Some(t) => format!("{} at {}", b.attackers.join(" "), target(g, t)),
            })
            .collect();
        let _ = write!(
            s,
            "{}: {} attack by {} at {odds}",
            hex(g, o.hex),
            o.mode.name(),
            battles.join("; ")
        );
        if !o.intensive.is_empty() {
            let _ = write!(s, "; firing intensively: {}", o.intensive.join(" "));
        }
        s.push('\n');
    }
    for (e, m) in &plan.clear {
        let _ = writeln!(s, "{}: {e} tries to clear the minefield", hex(g, *m));
    }
    s
}
