//! The legal actions of the side to act, in a fixed order: the step's or the battle's
//! decisions, then `EndPhase`.

use std::collections::BTreeSet;

use sztab_core::hex::HexId;

use super::action::Action;
use super::game::Game;
use super::mp::Mp;
use super::phase::Step;
use super::state::{Loc, Mode, Moving};

pub fn legal(g: &Game) -> Vec<Action> {
    if g.st.interception.is_some() {
        return g.interception_options();
    }
    if g.st.demolition.is_some() {
        return g.demolition_options();
    }
    if let Some(b) = &g.st.battle {
        if matches!(
            b.stage,
            super::combat::Stage::Advance | super::combat::Stage::DefenderAdvance
        ) {
            let mut v = advances(g);
            v.push(Action::EndPhase);
            return v;
        }
        return g.stage_options(b);
    }
    let mut v = match g.st.phase.step {
        Step::Reinforcement => entries(g),
        Step::Replacement => g.replacements(),
        Step::Event => g.declarations(),
        Step::ReserveDeclaration => reserves(g),
        Step::Movement => {
            let mut v = moves(g);
            v.extend(g.alarm_attacks());
            v
        }
        Step::ReserveMovement => moves(g),
        Step::Breakthrough => {
            let mut v = moves(g);
            v.extend(attacks(g));
            v
        }
        Step::CombatDeclaration => declarations(g),
        Step::ExtendedSupply => g.extensions(),
        Step::SupplyMarkers => g.sdm_placements(),
        Step::ArtilleryResupply => g.resupplies(),
        Step::SovietAirDrop => g.air_drops(),
        Step::Engineering => {
            let mut v = g.ip_builders();
            v.extend(g.bridge_works());
            v.extend(g.minefield_works());
            v
        }
        Step::AirDeclaration => air(g),
        Step::ArmorReaction | Step::NightWithdrawal => reactions(g),
        Step::CombatResolution | Step::ReserveCombat => attacks(g),
        _ => Vec::new(),
    };
    v.push(Action::EndPhase);
    v
}

fn own_units(g: &Game) -> Vec<usize> {
    let army = g.actor();
    (0..g.rules.units.len())
        .filter(|&u| g.rules.units[u].army == army)
        .collect()
}

fn entries(g: &Game) -> Vec<Action> {
    own_units(g)
        .into_iter()
        .filter(|&u| g.st.units[u].loc == Loc::Waiting)
        .flat_map(|u| {
            g.entry_hexes(u)
                .into_iter()
                .map(move |hex| Action::Enter { unit: g.id(u), hex })
        })
        .collect()
}

fn reserves(g: &Game) -> Vec<Action> {
    own_units(g)
        .into_iter()
        .filter(|&u| g.may_reserve(u))
        .map(|u| Action::Reserve { unit: g.id(u) })
        .collect()
}

/// The current stack's next hexes, then every stack that may start a move.
fn moves(g: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(m) = &g.st.moving
        && !m.halted
    {
        let from = *m.path.last().expect("a path");
        for to in g.rules.board.neighbours(from) {
            if g.plan_step(&m.units, from, to, m).is_ok() {
                out.push(Action::Move {
                    units: ids(g, &m.units),
                    to,
                    mode: m.mode,
                });
            }
        }
    }
    let hexes: BTreeSet<HexId> = own_units(g)
        .into_iter()
        .filter_map(|u| g.st.units[u].hex())
        .collect();
    for h in hexes {
        let movers: Vec<usize> = g
            .own_on(h, g.actor())
            .into_iter()
            .filter(|&u| {
                g.may_start(&[u], Mode::Tactical).is_ok() || g.may_start(&[u], Mode::Foot).is_ok()
            })
            .collect();
        for group in groups(&movers) {
            for mode in [Mode::Tactical, Mode::Strategic, Mode::Foot] {
                if g.may_start(&group, mode).is_err() {
                    continue;
                }
                let m = Moving {
                    units: group.clone(),
                    mode,
                    spent: vec![Mp::ZERO; group.len()],
                    path: vec![h],
                    halted: false,
                    reserve: g.st.phase.step == Step::ReserveMovement,
                    regroup: Vec::new(),
                    intercepted: Vec::new(),
                };
                for to in g.rules.board.neighbours(h) {
                    if g.plan_step(&group, h, to, &m).is_ok() {
                        out.push(Action::Move {
                            units: ids(g, &group),
                            to,
                            mode,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The non-empty subsets of a hex's movers, in a fixed order.
fn groups(v: &[usize]) -> Vec<Vec<usize>> {
    let n = v.len().min(6);
    (1u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| v[i])
                .collect()
        })
        .collect()
}

fn ids(g: &Game, v: &[usize]) -> Vec<String> {
    v.iter().map(|&u| g.id(u)).collect()
}

fn declarations(g: &Game) -> Vec<Action> {
    let army = g.st.phase.player;
    let targets: BTreeSet<HexId> = (0..g.rules.units.len())
        .filter(|&u| g.rules.units[u].army != army)
        .filter_map(|u| g.st.units[u].hex())
        .collect();
    targets
        .into_iter()
        .filter(|&h| !g.st.declared.contains_key(&h) && !g.defenders_on(h, army.enemy()).is_empty())
        .filter(|&h| !g.attack_hexes(h, super::combat::Segment::Normal).is_empty())
        .map(|hex| Action::Declare { hex })
        .collect()
}

fn air(g: &Game) -> Vec<Action> {
    g.st.declared
        .iter()
        .filter(|(h, c)| c.is_none() && g.air_front(**h).is_some())
        .map(|(h, _)| Action::SovietAir { hex: *h })
        .collect()
}

fn reactions(g: &Game) -> Vec<Action> {
    own_units(g)
        .into_iter()
        .flat_map(|u| {
            g.one_hex_moves(u)
                .into_iter()
                .map(move |to| Action::React { unit: g.id(u), to })
        })
        .collect()
}

fn attacks(g: &Game) -> Vec<Action> {
    let seg = g.segment();
    let army = g.st.phase.player;
    let targets: Vec<HexId> = match seg {
        super::combat::Segment::Normal => g.st.declared.keys().copied().collect(),
        _ => {
            let t: BTreeSet<HexId> = (0..g.rules.units.len())
                .filter(|&u| g.rules.units[u].army != army)
                .filter_map(|u| g.st.units[u].hex())
                .collect();
            t.into_iter().collect()
        }
    };
    let mut out = Vec::new();
    for t in targets {
        if g.st.attacked_hexes.contains(&t) || g.defenders_on(t, army.enemy()).is_empty() {
            continue;
        }
        let from = g.attack_hexes(t, seg);
        let n = from.len().min(6);
        for mask in 1u32..(1 << n) {
            let set: Vec<HexId> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| from[i])
                .collect();
            out.push(Action::Attack {
                target: t,
                from: set,
            });
        }
    }
    out
}

/// Each advancing unit's paths (12.15), checked by applying them to a copy.
fn advances(g: &Game) -> Vec<Action> {
    let Some(b) = g.st.battle.as_ref() else {
        return Vec::new();
    };
    let adv = if b.stage == super::combat::Stage::DefenderAdvance {
        b.defender_advance.clone()
    } else {
        b.advance.clone()
    };
    let Some(adv) = adv else { return Vec::new() };
    let mut out = Vec::new();
    for &u in &adv.units {
        let mut paths = Vec::new();
        for &first in &adv.first {
            paths.push(vec![first]);
            if adv.hexes > 1 {
                for n in g.rules.board.neighbours(first) {
                    paths.push(vec![first, n]);
                }
            }
        }
        for path in paths {
            let a = Action::Advance {
                unit: g.id(u),
                path,
            };
            if g.clone().apply(&a).is_ok() {
                out.push(a);
            }
        }
    }
    out
}
