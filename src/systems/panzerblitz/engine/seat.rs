//! A person's seat in a PanzerBlitz game: the side to play's legal choices in the
//! current step, enumerated by the engine's own legality code (reach, `can_fire_at`,
//! `plan_fire`, `plan_overrun`, `plan_assault`, and `Game::apply` on a copy for the rest).
//!
//! The fire step is one action announcing every attack together (Sequence of Play 2-3),
//! so a person plans it first: each "fires at" choice adds a unit to the combination
//! attack on a hex ([`Order::Aim`]), and "fire" resolves the plan; only that last choice
//! is an action of the game and its log. Each shot's choice explains itself: the line of
//! sight with its verdict and the odds breakdown of the attack as planned with it.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::systems::seam::{Choice, Decision};

use super::action::{Action, FireOrder, OverrunLeg};
use super::crt;
use super::event::Step;
use super::game::Game;
use super::los::line_of_sight;
use super::odds::write_plan;
use super::state::Loc;

/// What a choice orders: an action of the game, or a change to the planned fire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    Act(Action),
    /// Adds `unit` to the planned combination attack on `hex`.
    Aim {
        unit: String,
        hex: HexId,
    },
    /// Takes `unit` out of the planned fire.
    Drop {
        unit: String,
    },
}

impl Order {
    pub fn key(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    pub fn read(key: &str) -> Result<Order, String> {
        ron::from_str(key).map_err(|e| format!("not a PanzerBlitz order: {e}"))
    }
}

/// The planned fire with `order` carried out (`None`: it is an action of the game).
pub fn replan(plan: &[FireOrder], order: &Order) -> Option<Vec<FireOrder>> {
    let mut plan = plan.to_vec();
    match order {
        Order::Act(_) => return None,
        Order::Aim { unit, hex } => match plan.iter_mut().find(|o| o.hex == *hex) {
            Some(o) => o.battles[0].attackers.push(unit.clone()),
            None => plan.push(FireOrder::combination(*hex, vec![unit.clone()])),
        },
        Order::Drop { unit } => {
            for o in &mut plan {
                o.battles[0].attackers.retain(|a| a != unit);
            }
            plan.retain(|o| o.attackers().next().is_some());
        }
    }
    Some(plan)
}

/// The side to play's choices now (`plan`: the fire planned so far in a fire step).
pub fn decision(g: &Game, plan: &[FireOrder]) -> Decision {
    let st = g.state();
    let mut choices = Vec::new();
    let mut note = None;
    let ask = match st.step {
        Step::Fire => {
            note = fire(g, plan, &mut choices);
            "pick the units to fire at each enemy hex, then fire"
        }
        Step::VehicleMove | Step::FootMove => {
            movement(g, &mut choices);
            "move, enter, load or unload units, then end the step"
        }
        Step::Assault => {
            assault(g, &mut choices);
            "close-assault enemy stacks next to your infantry, then end the step"
        }
    };
    Decision {
        side: st.side,
        prompt: format!(
            "{}, turn {}, {} step: {ask}{}",
            g.s.sides[st.side].name,
            st.turn,
            st.step.name(),
            note.map(|n| format!(" ({n})")).unwrap_or_default()
        ),
        choices,
    }
}

fn own(g: &Game) -> impl Iterator<Item = usize> + '_ {
    let side = g.state().side;
    (0..g.s.units.len()).filter(move |&u| g.s.units[u].side == side)
}

fn enemy_hexes(g: &Game) -> Vec<HexId> {
    let side = g.state().side;
    let hexes: BTreeSet<HexId> = (0..g.s.units.len())
        .filter(|&u| g.s.units[u].side != side)
        .filter_map(|u| g.state().units[u].hex())
        .collect();
    hexes.into_iter().collect()
}

fn legal(g: &Game, a: &Action) -> bool {
    g.clone().apply(a).is_ok()
}

fn act(label: String, units: Vec<String>, target: Option<HexId>, a: Action) -> Choice {
    Choice {
        label,
        units,
        target,
        hexes: target.into_iter().collect(),
        sight: false,
        explain: None,
        key: Order::Act(a).key(),
    }
}

fn name(g: &Game, u: usize) -> String {
    let d = &g.s.units[u];
    format!("{} {}", d.name, d.id)
}

// ---- fire ----

/// The fire step's choices; a note when the plan as it stands cannot be fired.
fn fire(g: &Game, plan: &[FireOrder], out: &mut Vec<Choice>) -> Option<String> {
    let st = g.state();
    let planned: BTreeSet<&String> = plan.iter().flat_map(|o| o.attackers()).collect();
    for h in enemy_hexes(g) {
        if st.fired_on.contains(&h) {
            continue;
        }
        for u in own(g) {
            let id = &g.s.units[u].id;
            if planned.contains(id) || g.can_fire_at(u, h).is_err() {
                continue;
            }
            let Some(from) = st.hex_of(u) else { continue };
            let aim = Order::Aim {
                unit: id.clone(),
                hex: h,
            };
            let with = replan(plan, &aim).unwrap_or_default();
            let order = with.iter().find(|o| o.hex == h);
            let los = line_of_sight(&g.s.board, from, h);
            let mut explain = format!("line of sight {from} to {h}: {}\n", los.verdict());
            let odds = match order.map(|o| g.plan_fire(o)) {
                Some(Ok(plans)) => {
                    for p in &plans {
                        let dispersed = p.pieces.iter().any(|x| st.dispersed_now(&g.s, &x.target));
                        write_plan(&mut explain, g, h, p, 0, dispersed);
                    }
                    plans
                        .iter()
                        .map(|p| crt::odds_name(p.column))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
                Some(Err(e)) => {
                    let _ = writeln!(explain, "not an attack yet: {e}");
                    "too weak yet".to_owned()
                }
                None => String::new(),
            };
            out.push(Choice {
                label: format!("{} fires at {h} ({odds})", name(g, u)),
                units: vec![id.clone()],
                target: Some(h),
                hexes: los.hexes(),
                sight: true,
                explain: Some(explain),
                key: aim.key(),
            });
        }
    }
    for o in plan {
        for a in o.attackers() {
            out.push(Choice {
                label: format!("take {a} out of the attack on {}", o.hex),
                units: vec![a.clone()],
                target: None,
                hexes: vec![o.hex],
                sight: false,
                explain: None,
                key: Order::Drop { unit: a.clone() }.key(),
            });
        }
    }
    let mut note = None;
    if !plan.is_empty() {
        let a = Action::Fire {
            attacks: plan.to_vec(),
            clear_mines: Vec::new(),
        };
        match g.clone().apply(&a) {
            Ok(_) => {
                let mut c = Choice::plain(
                    format!("fire the {} planned attack(s) and end the step", plan.len()),
                    Order::Act(a).key(),
                );
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

/// One line per planned attack: the hex, the attackers, the odds.
fn plan_summary(g: &Game, plan: &[FireOrder]) -> String {
    let mut s = String::new();
    for o in plan {
        let odds = g.plan_fire(o).map_or_else(
            |e| e.to_string(),
            |ps| {
                ps.iter()
                    .map(|p| crt::odds_name(p.column))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        );
        let who: Vec<&str> = o.attackers().map(String::as_str).collect();
        let _ = writeln!(s, "{}: {} at {odds}", o.hex, who.join(" "));
    }
    s
}

// ---- movement ----

fn movement(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    let vehicles = st.step == Step::VehicleMove;
    if vehicles {
        overruns(g, out);
    }
    for u in own(g) {
        if g.s.units[u].kind.is_vehicle() != vehicles {
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
                            format!("bring {} in on {h}", name(g, u)),
                            vec![id.clone()],
                            Some(h),
                            a,
                        ));
                    }
                }
            }
            Loc::On(here) => {
                for (to, route) in g.reach(u, true) {
                    let spent = super::event::half(route.spent);
                    out.push(Choice {
                        label: format!("move {} to {to} ({spent} MF used)", name(g, u)),
                        units: vec![id.clone()],
                        target: Some(to),
                        hexes: route.path.clone(),
                        sight: false,
                        explain: None,
                        key: Order::Act(Action::Move {
                            unit: id.clone(),
                            path: route.path,
                        })
                        .key(),
                    });
                }
                if vehicles {
                    transport(g, u, here, out);
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

/// A carrier on `here` loads a unit beside it, or unloads its passenger.
fn transport(g: &Game, u: usize, here: HexId, out: &mut Vec<Choice>) {
    let st = g.state();
    let carrier = g.s.units[u].id.clone();
    if let Some(p) = st.units[u].carrying {
        let a = Action::Unload {
            carrier: carrier.clone(),
        };
        if legal(g, &a) {
            out.push(act(
                format!("{} unloads {}", name(g, u), name(g, p)),
                vec![carrier, g.s.units[p].id.clone()],
                Some(here),
                a,
            ));
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
            out.push(act(
                format!("{} loads {}", name(g, u), name(g, p)),
                vec![carrier.clone(), g.s.units[p].id.clone()],
                Some(here),
                a,
            ));
        }
    }
}

/// Overruns of each enemy stack in the open: by each armored unit that can make it
/// alone, and by all of them together.
fn overruns(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    let grid = &g.s.board.grid;
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
            let mut entries: Vec<(u32, Vec<HexId>)> = grid
                .neighbours(h)
                .filter_map(|e| {
                    if e == from {
                        Some((0, Vec::new()))
                    } else {
                        reach.get(&e).map(|r| (r.spent, r.path.clone()))
                    }
                })
                .collect();
            entries.sort();
            let leg = entries.into_iter().find_map(|(_, approach)| {
                let leg = OverrunLeg {
                    unit: g.s.units[u].id.clone(),
                    approach,
                };
                g.plan_overrun(h, std::slice::from_ref(&leg))
                    .is_ok()
                    .then_some(leg)
            });
            if let Some(leg) = leg {
                overrun_choice(g, h, std::slice::from_ref(&leg), out);
                legs.push(leg);
            }
        }
        if legs.len() > 1 && g.plan_overrun(h, &legs).is_ok() {
            overrun_choice(g, h, &legs, out);
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
    out.push(Choice {
        label: format!(
            "overrun {h} with {} ({})",
            units.join(" "),
            crt::odds_name(column)
        ),
        units,
        target: Some(h),
        hexes,
        sight: false,
        explain: Some(explain),
        key: Order::Act(a).key(),
    });
}

// ---- close assault ----

fn assault(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    for h in enemy_hexes(g) {
        if st.assaulted.contains(&h) {
            continue;
        }
        let able: Vec<String> = own(g)
            .map(|u| g.s.units[u].id.clone())
            .filter(|id| g.plan_assault(h, std::slice::from_ref(id)).is_ok())
            .collect();
        if able.len() > 1 {
            assault_choice(g, h, &able, out);
        }
        for id in &able {
            assault_choice(g, h, std::slice::from_ref(id), out);
        }
    }
    out.push(Choice::plain(
        "end the close assault step",
        Order::Act(Action::EndStep).key(),
    ));
}

fn assault_choice(g: &Game, h: HexId, units: &[String], out: &mut Vec<Choice>) {
    let Ok(plan) = g.plan_assault(h, units) else {
        return;
    };
    let st = g.state();
    let dispersed = plan
        .pieces
        .iter()
        .any(|x| st.dispersed_now(&g.s, &x.target));
    let mut explain = String::new();
    write_plan(&mut explain, g, h, &plan, -2, dispersed);
    out.push(Choice {
        label: format!(
            "close assault on {h} by {} ({})",
            units.join(" "),
            crt::odds_name(plan.column)
        ),
        units: units.to_vec(),
        target: Some(h),
        hexes: vec![h],
        sight: false,
        explain: Some(explain),
        key: Order::Act(Action::Assault {
            hex: h,
            units: units.to_vec(),
        })
        .key(),
    });
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::play::{Compiled, PbLog};
    use super::super::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
    use super::super::{Game, Step};
    use crate::systems::seam::fingerprint::Fingerprint;
    use crate::systems::seam::{Choice, Match, Narration, Playable};

    /// A Panzer IV and a truck carrying a rifle platoon against a Russian rifle company
    /// four hexes off in the open.
    fn position() -> Sandbox {
        let mut b = Sandbox::new(8, 8);
        b.unit(GERMAN, "G/pz", PZ_IV, "0202");
        b.unit(GERMAN, "G/tr", TRUCK, "0102");
        b.unit(GERMAN, "G/inf", RIFLE_DE, "0102");
        b.aboard("G/inf", "G/tr");
        b.unit(RUSSIAN, "R/rifle", RIFLE_RU, "0206");
        b.turns(2);
        b
    }

    /// The position with both sides at seats.
    fn seated() -> Box<dyn Match> {
        Compiled(Arc::new(position().s))
            .new_match(7, &[], Narration::Events)
            .unwrap()
    }

    fn pick<'a>(choices: &'a [Choice], label: &str) -> &'a Choice {
        choices
            .iter()
            .find(|c| c.label.starts_with(label))
            .unwrap_or_else(|| {
                let all: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
                panic!("no choice \"{label}…\" in {all:#?}")
            })
    }

    #[test]
    fn a_person_plans_a_shot_with_its_odds_and_line_of_sight_then_fires() {
        let mut m = seated();
        let d = m.decision().expect("the German player decides");
        assert_eq!(d.side, GERMAN);
        assert!(d.prompt.contains("fire"), "{}", d.prompt);
        let shot = pick(&d.choices, "PzKw IV G/pz fires at 0206");
        assert_eq!(shot.target, Some(hex("0206")));
        let why = shot.explain.as_deref().unwrap();
        assert!(why.contains("line of sight 0202 to 0206: clear"), "{why}");
        assert!(why.contains("to defense 16"), "{why}");
        assert!(
            shot.sight && shot.hexes.contains(&hex("0204")),
            "the traced line"
        );
        // Planning is not an action: nothing happens, and the plan can be fired.
        let shot = shot.clone();
        assert!(m.choose(&shot).unwrap().is_empty());
        assert_eq!(m.actions(), 0);
        let d = m.decision().unwrap();
        assert!(
            d.choices
                .iter()
                .all(|c| !c.label.starts_with("PzKw IV G/pz fires"))
        );
        pick(&d.choices, "take G/pz out of the attack on 0206");
        let fire = pick(&d.choices, "fire the 1 planned attack").clone();
        let lines = m.choose(&fire).unwrap();
        assert!(lines.iter().any(|l| l.contains("0206")), "{lines:?}");
        assert_eq!(m.actions(), 1);
        let d = m.decision().unwrap();
        assert!(d.prompt.contains(Step::VehicleMove.name()), "{}", d.prompt);
    }

    #[test]
    fn a_person_moves_unloads_and_the_game_replays_from_its_log() {
        let mut m = seated();
        let end = pick(&m.decision().unwrap().choices, "end the fire step").clone();
        m.choose(&end).unwrap();
        let d = m.decision().unwrap();
        // The tank fired nothing and may move; the truck may unload or move.
        let mv = pick(&d.choices, "move PzKw IV G/pz to 0203").clone();
        assert_eq!(mv.hexes.last(), Some(&hex("0203")));
        pick(&d.choices, "Truck G/tr unloads Rifle G/inf");
        m.choose(&mv).unwrap();
        let on = m.board();
        let pz = on.iter().find(|o| o.unit == "G/pz").unwrap();
        assert_eq!(pz.hex, hex("0203"));
        let inf = on.iter().find(|o| o.unit == "G/inf").unwrap();
        assert_eq!(inf.carried_by.as_deref(), Some("G/tr"));
        let unload = pick(&m.decision().unwrap().choices, "Truck G/tr unloads").clone();
        m.choose(&unload).unwrap();
        // A refused choice changes nothing.
        assert!(m.choose(&mv).is_err());
        // Play on to the end with the first choice each time but planning fire.
        while let Some(d) = m.decision() {
            let c = d
                .choices
                .iter()
                .find(|c| c.label.starts_with("end ") || c.label.starts_with("fire the"))
                .unwrap()
                .clone();
            m.choose(&c).unwrap();
        }
        assert!(m.is_over() && m.result().is_some());
        let (text, actions, events) = m.log(std::path::Path::new("sandbox")).unwrap();
        let log: PbLog = ron::from_str(&text).unwrap();
        assert_eq!(log.actions.len(), actions);
        let mut g = Game::new(Arc::new(position().s), log.seed);
        let mut fp = Fingerprint::default();
        g.opening_events().iter().for_each(|e| fp.add(e));
        for a in &log.actions {
            g.apply(a).unwrap().iter().for_each(|e| fp.add(e));
        }
        assert_eq!((fp.count, fp.hex()), (events, log.fingerprint));
    }
}
