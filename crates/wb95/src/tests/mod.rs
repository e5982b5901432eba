//! Rule tests on hand-made positions, one file per rule chapter, each test named after
//! the rule or worked example (§1.W) it checks. Built for other crates' tests too (the
//! `testing` feature), where only its position builders are used.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

mod owed_plan;
#[cfg(test)]
mod r10_supply;
mod r11_r12_r13;
mod r14_bridges;
mod r16_visibility;
mod r17_r22_kursk;
mod r3_movement;
mod r4_zoc_control;
mod r5_combat;
pub mod r5_retreat_pursuit;
mod r6_artillery;
mod r7_building;
mod r7_r15_fortifications_special_units;
mod r8_air;
mod r9_headquarters;
mod setup_checks;
mod setup_phase;
mod start_states;
mod victory;
mod worked_examples;

use crate::combat::Odds;
use crate::sandbox::Sandbox;
use crate::{
    Action, AttackOrder, Decision, Event, Game, Hx, Pending, PhaseKind, RuleError, Side, Unit,
};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;

/// Sets a unit's out-of-supply level, as a Supply phase would.
pub(super) fn set_oos(g: &mut Game, u: &str, level: u8) {
    g.emit(Event::OosChanged {
        unit: UnitId::new(u),
        level,
        reason: crate::event::OosReason::CutOff,
    });
}

pub(super) fn oos(g: &Game, u: &str) -> u8 {
    g.unit_state(unit(g, u)).oos
}

pub(super) fn start(s: &Sandbox) -> Game {
    match s.game(1) {
        Ok(g) => g,
        Err(e) => panic!("{e:#?}"),
    }
}

pub(super) fn hx(g: &Game, s: &str) -> Hx {
    g.board().index(HexId::parse(s).unwrap()).unwrap()
}

pub(super) fn unit(g: &Game, s: &str) -> Unit {
    g.roster().get(s).unwrap_or_else(|| panic!("no unit {s}"))
}

pub(super) fn ids(v: &[&str]) -> Vec<UnitId> {
    v.iter().map(|s| UnitId::new(*s)).collect()
}

pub(super) fn hexes(v: &[&str]) -> Vec<HexId> {
    v.iter().map(|s| HexId::parse(s).unwrap()).collect()
}

pub(super) fn mv(g: &mut Game, units: &[&str], path: &[&str]) -> Result<Vec<Event>, RuleError> {
    g.apply(Action::Move {
        units: ids(units),
        path: hexes(path),
    })
}

pub(super) fn end(g: &mut Game) -> Vec<Event> {
    g.apply(Action::EndPhase)
        .unwrap_or_else(|e| panic!("EndPhase refused: {e}"))
}

/// Ends phases until one of `kind` owned by `side` is pending (answering the other
/// decisions on the way with `pass`).
pub(super) fn until(g: &mut Game, kind: PhaseKind, side: Side) {
    for _ in 0..60 {
        let p = g.state().clock.phase;
        if p.kind() == kind
            && p.owner() == Some(side)
            && g.state().combat.is_none()
            && matches!(
                decision(g),
                Decision::Move { .. } | Decision::Attack { .. } | Decision::Barrage { .. }
            )
        {
            return;
        }
        pass(g);
    }
    panic!("never reached {kind:?} of {side:?}");
}

/// Like `until`, but first leaves the current phase.
pub(super) fn next_phase(g: &mut Game, kind: PhaseKind, side: Side) {
    pass(g);
    until(g, kind, side);
}

/// Answers the pending decision doing nothing: ends a free phase, flies no mission,
/// places no repair marker, chooses the first counters; combat decisions and losses are
/// answered by a random bot. Returns the events.
pub(super) fn pass(g: &mut Game) -> Vec<Event> {
    use crate::ai::{Player, RandomBot};
    let Pending::Decide { side, decision } = g.pending() else {
        panic!("game over");
    };
    let a = match decision {
        Decision::Move { .. } | Decision::Attack { .. } | Decision::Barrage { .. } => {
            Action::EndPhase
        }
        Decision::AirMissions { .. } => Action::AirMissions { missions: vec![] },
        Decision::ChooseAir {
            counters, choose, ..
        } => Action::ChooseAir {
            counters: counters.into_iter().take(usize::from(choose)).collect(),
        },
        Decision::Repair { .. } => Action::Repair { units: vec![] },
        d => RandomBot::new(0).decide(g, &side, &d),
    };
    g.apply(a.clone())
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

pub(super) fn order(att: &[&str], def: &[&str]) -> AttackOrder {
    AttackOrder {
        attackers: ids(att),
        defenders: hexes(def),
        stars: vec![],
        hq_pool_cms: 0,
        support: vec![],
        air: vec![],
        full_strength: vec![],
    }
}

/// Two dice faces summing to `roll`.
pub(super) fn faces(roll: u8) -> [u8; 2] {
    let a = roll.div_ceil(2).min(6);
    [a, roll - a]
}

/// Declares an attack with the 2K6 roll scripted.
pub(super) fn attack_rolling(
    g: &mut Game,
    att: &[&str],
    def: &[&str],
    roll: u8,
) -> Result<Vec<Event>, RuleError> {
    g.script_dice(&faces(roll));
    g.apply(Action::Attack(order(att, def)))
}

pub(super) fn odds(g: &Game, att: &[&str], def: &[&str]) -> Odds {
    let side = g.info(unit(g, att[0])).side;
    let eng = g
        .engagement_of(side, &order(att, def))
        .unwrap_or_else(|e| panic!("{e}"));
    g.assess(&eng)
}

pub(super) fn decision(g: &Game) -> Decision {
    match g.pending() {
        Pending::Decide { decision, .. } => decision,
        Pending::GameOver(r) => panic!("game over: {r}"),
    }
}

pub(super) fn cel(g: &Game, u: &str) -> u8 {
    g.unit_state(unit(g, u)).cel
}

pub(super) fn at(g: &Game, u: &str) -> Option<HexId> {
    g.unit_state(unit(g, u)).hex().map(|h| g.hex_id(h))
}

pub(super) fn count<F: Fn(&Event) -> bool>(events: &[Event], f: F) -> usize {
    events.iter().filter(|e| f(e)).count()
}

/// Answers the decisions of the combat in progress with a random bot until the phase's
/// own decision (attack or move) is pending again.
pub(super) fn finish_combat(g: &mut Game) {
    use crate::ai::{Player, RandomBot};
    let mut bot = RandomBot::new(0);
    for _ in 0..50 {
        match g.pending() {
            Pending::Decide { side, decision } => {
                if matches!(decision, Decision::Attack { .. } | Decision::Move { .. })
                    && g.state().combat.is_none()
                {
                    return;
                }
                let a = bot.decide(g, &side, &decision);
                g.apply(a).unwrap_or_else(|e| panic!("{e}"));
            }
            Pending::GameOver(_) => return,
        }
    }
    panic!("the combat did not end");
}

/// The 2K6 roll after modifiers recorded by the last resolution in `events`.
pub(super) fn resolved(events: &[Event]) -> Option<(u8, u8, crate::CrtCell, crate::Column)> {
    events.iter().find_map(|e| match e {
        Event::CombatResolved {
            roll,
            modified,
            cell,
            column,
            ..
        } => Some((*roll, *modified, *cell, *column)),
        _ => None,
    })
}
