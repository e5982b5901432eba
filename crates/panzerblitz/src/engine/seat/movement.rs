//! The movement steps' choices: each unit's moves (by the engine's reach), entering the
//! board, leaving it, loading and unloading, and overruns of enemy stacks in the open.

use std::fmt::Write as _;

use sztab_core::hex::HexId;
use sztab_seam::Choice;

use super::{Order, act, enemy_hexes, hex, legal, name, own};
use crate::engine::action::{Action, OverrunLeg};
use crate::engine::crt;
use crate::engine::event;
use crate::engine::game::Game;
use crate::engine::overrun;
use crate::engine::state::Loc;

pub(super) fn movement(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    if st.step.overruns() {
        overruns(g, out);
    }
    for u in own(g) {
        let vehicle = g.s.units[u].kind.is_vehicle();
        if !st.step.moves(vehicle) {
            continue;
        }
        let id = g.s.units[u].id.clone();
        match st.units[u].loc() {
            Loc::Waiting if g.arrived(u) => {
                let passenger = st.units[u].carrying.map(|p| g.s.units[p].id.clone());
                for h in g.entry_hexes(u) {
                    let a = Action::Enter {
                        unit: id.clone(),
                        hex: h,
                        passenger: passenger.clone(),
                    };
                    if legal(g, &a) {
                        out.push(act(
                            format!("bring {} in on {}", name(g, u), hex(g, h)),
                            vec![id.clone()],
                            Some(h),
                            a,
                        ));
                    }
                }
            }
            Loc::On(here) => {
                // Loading and unloading first: a carrier's list is long with its moves.
                if vehicle && st.step.transports() {
                    transport(g, u, here, out);
                }
                let (allowance, before) = (g.allowance(u), st.units[u].spent);
                for (to, route) in g.reach(u, true) {
                    let spent = event::half(route.spent);
                    let (cost, left) = (route.spent - before, allowance - route.spent);
                    out.push(Choice {
                        label: format!("move {} to {} ({spent} MF used)", name(g, u), hex(g, to)),
                        units: vec![id.clone()],
                        target: Some(to),
                        hexes: route.path.clone(),
                        sight: false,
                        explain: None,
                        mark: Some(format!(
                            "{} MF · {} left",
                            event::half(cost),
                            event::half(left)
                        )),
                        key: Order::Act(Action::Move {
                            unit: id.clone(),
                            path: route.path,
                        })
                        .key(),
                    });
                }
                for edge in g.s.board.grid.edges_of(here) {
                    let a = Action::Exit {
                        unit: id.clone(),
                        edge,
                    };
                    if legal(g, &a) {
                        out.push(act(
                            format!("{} leaves the board across the {edge:?} edge", name(g, u)),
                            vec![id.clone()],
                            None,
                            a,
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    out.push(Choice::plain(
        format!("end the {} step", st.step.name()),
        Order::Act(Action::EndStep).key(),
    ));
}

/// A carrier on `here` loads a unit beside it, or unloads its passenger. Each is a
/// choice of the carrier and, worded the other way, of the passenger, so picking either
/// counter offers it (Transporting A-C).
fn transport(g: &Game, u: usize, here: HexId, out: &mut Vec<Choice>) {
    let st = g.state();
    let carrier = g.s.units[u].id.clone();
    if let Some(p) = st.units[u].carrying {
        let a = Action::Unload {
            carrier: carrier.clone(),
        };
        if legal(g, &a) {
            both_ways(g, [u, p], here, ["unloads", "gets off"], a, out);
        }
        return;
    }
    if !g.s.units[u].kind.carries() {
        return;
    }
    for p in st.side_at(&g.s, here, st.side).filter(|&p| p != u) {
        let a = Action::Load {
            carrier: carrier.clone(),
            passenger: g.s.units[p].id.clone(),
        };
        if legal(g, &a) {
            both_ways(g, [u, p], here, ["loads", "boards"], a, out);
        }
    }
}

/// "Truck 421 loads Rifle 141" under the carrier, "Rifle 141 boards Truck 421" under the
/// passenger: one action, chosen from either counter.
fn both_ways(
    g: &Game,
    [carrier, passenger]: [usize; 2],
    here: HexId,
    [carries, rides]: [&str; 2],
    a: Action,
    out: &mut Vec<Choice>,
) {
    let (c, p) = (
        g.s.units[carrier].id.clone(),
        g.s.units[passenger].id.clone(),
    );
    out.push(act(
        format!("{} {carries} {}", name(g, carrier), name(g, passenger)),
        vec![c.clone(), p.clone()],
        Some(here),
        a.clone(),
    ));
    out.push(act(
        format!("{} {rides} {}", name(g, passenger), name(g, carrier)),
        vec![p, c],
        Some(here),
        a,
    ));
}

/// Overruns of each enemy stack in the open: by each armored unit that can make it
/// alone, and by all of them together.
fn overruns(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    let armor: Vec<usize> = own(g)
        .filter(|&u| g.s.units[u].kind.overruns())
        .filter(|&u| st.units[u].hexes == 0 && st.units[u].spent == 0)
        .filter(|&u| g.may_move(u).is_ok())
        .collect();
    if armor.is_empty() {
        return;
    }
    for h in enemy_hexes(g) {
        if !g.s.board.overrunnable(h) || st.overrun.contains(&h) {
            continue;
        }
        let mut legs: Vec<OverrunLeg> = Vec::new();
        for &u in &armor {
            let Some(from) = st.units[u].hex() else {
                continue;
            };
            let reach = g.reach(u, false);
            let entries = overrun::approaches(g, h, from, &reach);
            let leg = entries.into_iter().find_map(|(_, approach)| {
                let leg = OverrunLeg {
                    unit: g.s.units[u].id.clone(),
                    approach,
                    jump_off: false,
                };
                g.plan_overrun(h, std::slice::from_ref(&leg))
                    .is_ok()
                    .then_some(leg)
            });
            if let Some(leg) = leg {
                overrun_choice(g, h, std::slice::from_ref(&leg), out);
                if let Some(j) = g.jumping(h, std::slice::from_ref(&leg)) {
                    overrun_choice(g, h, &j, out);
                }
                legs.push(leg);
            }
        }
        if legs.len() > 1 && g.plan_overrun(h, &legs).is_ok() {
            overrun_choice(g, h, &legs, out);
            if let Some(j) = g.jumping(h, &legs) {
                overrun_choice(g, h, &j, out);
            }
        }
    }
}

fn overrun_choice(g: &Game, h: HexId, legs: &[OverrunLeg], out: &mut Vec<Choice>) {
    let a = Action::Overrun {
        hex: h,
        legs: legs.to_vec(),
    };
    if !legal(g, &a) {
        return;
    }
    let st = g.state();
    let attack: u32 = legs
        .iter()
        .filter_map(|l| g.s.unit(&l.unit))
        .map(|u| g.s.units[u].f.attack)
        .sum();
    let pieces = g.pieces(h, 1 - st.side, false);
    let defense: u32 = pieces.iter().map(|p| p.df).sum();
    let column = crt::column(attack, defense).unwrap_or(-10) + 1;
    let mut modifier = -2;
    let mut explain = format!(
        "overrun: printed attack {attack} to defense {defense}, {}, one column better for the overrun: {} (Overrun D)\n  die modifier −2 (Overrun E)",
        crt::odds_name(column - 1),
        crt::odds_name(column)
    );
    if pieces.iter().any(|p| st.dispersed_now(&g.s, &p.target)) {
        modifier -= 1;
        explain += ", −1 the defender was dispersed this turn";
    }
    explain.push('\n');
    for (o, chance, _) in crt::chances(column, modifier) {
        let _ = writeln!(explain, "  {:>3}: {:5.1} %", o.code(), chance * 100.0);
    }
    let units: Vec<String> = legs.iter().map(|l| l.unit.clone()).collect();
    let mut hexes: Vec<HexId> = legs.iter().flat_map(|l| l.approach.clone()).collect();
    hexes.push(h);
    let jumpers: Vec<String> = legs
        .iter()
        .filter(|l| l.jump_off)
        .filter_map(|l| g.s.unit(&l.unit))
        .filter_map(|u| st.units[u].carrying)
        .map(|p| name(g, p))
        .collect();
    let jump = if jumpers.is_empty() {
        String::new()
    } else {
        format!(", {} jumping off to assault", jumpers.join(" and "))
    };
    out.push(Choice {
        label: format!(
            "overrun {} with {} ({}{jump})",
            hex(g, h),
            units.join(" "),
            crt::odds_name(column)
        ),
        units,
        target: Some(h),
        hexes,
        sight: false,
        explain: Some(explain),
        mark: None,
        key: Order::Act(a).key(),
    });
}
