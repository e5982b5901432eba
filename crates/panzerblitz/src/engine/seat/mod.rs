//! A person's seat in a PanzerBlitz game: the side to play's legal choices in the
//! current step, enumerated by the engine's own legality code (reach, `can_fire_at`,
//! `plan_fire`, `plan_overrun`, `plan_assault`, and `Game::apply` on a copy for the rest).
//!
//! The fire step is one action announcing every attack together (Sequence of Play 2-3),
//! so a person plans it first ([`FirePlan`]): each "fires at" choice adds a unit to the
//! attack on a hex — at the whole stack, or at one of its units, which makes it a
//! selective or a multiple attack ([`Order::Aim`]) — a planned unit may fire
//! intensively, an engineer may try to clear a minefield, and "fire" announces the plan;
//! only that last choice is an action of the game and its log. Each choice explains
//! itself: the line of sight with its verdict and the odds breakdown of the attack as
//! planned with it.

mod assault;
mod fire;
mod movement;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;
use sztab_seam::hex_names::WriteNamed;
use sztab_seam::{Choice, Decision};

use super::action::Action;
use super::event::{Step, Target};
use super::fire_plan::FirePlan;
use super::game::Game;

/// What a choice orders: an action of the game, or a change to the planned fire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    Act(Action),
    /// Adds `unit` to the planned attack on `hex`, at the whole stack (`at` none) or at
    /// one unit of it.
    Aim {
        unit: String,
        hex: HexId,
        at: Option<Target>,
    },
    /// `unit`, planned to fire, fires intensively (`on`) or at its normal factor.
    Intensive {
        unit: String,
        on: bool,
    },
    /// Engineer `unit` tries to clear the minefield on `hex`.
    Clear {
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
pub fn replan(plan: &FirePlan, order: &Order) -> Option<FirePlan> {
    let mut plan = plan.clone();
    match order {
        Order::Act(_) => return None,
        Order::Aim { unit, hex, at } => plan.aim(unit, *hex, at.clone()),
        Order::Intensive { unit, on } => plan.intensive(unit, *on),
        Order::Clear { unit, hex } => plan.clear_mines(unit, *hex),
        Order::Drop { unit } => plan.drop_unit(unit),
    }
    Some(plan)
}

/// The side to play's choices now (`plan`: the fire planned so far in a fire step).
pub fn decision(g: &Game, plan: &FirePlan) -> Decision {
    let st = g.state();
    let mut choices = Vec::new();
    let mut note = None;
    let ask = match st.step {
        Step::Fire | Step::ReturnFire => {
            note = fire::fire(g, plan, &mut choices);
            "pick the units to fire at each enemy hex or unit (and the engineers to clear \
             minefields), then fire"
        }
        Step::VehicleMove | Step::FootMove | Step::FirstImpulse | Step::SecondImpulse => {
            movement::movement(g, &mut choices);
            "move, enter, load or unload units, then end the step"
        }
        Step::Assault => {
            assault::assault(g, &mut choices);
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
        .filter(|&u| g.s.units[u].side != side && !g.state().hidden.contains(&u))
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
        mark: None,
        key: Order::Act(a).key(),
    }
}

/// A hex as the map prints it ("2-Q-5"), else by its number.
fn hex(g: &Game, h: HexId) -> String {
    g.s.board.label(h)
}

/// A target as a person reads it: a fortification by its hex's printed label.
fn target(g: &Game, t: &Target) -> String {
    t.named(&|h| hex(g, h)).to_string()
}

fn name(g: &Game, u: usize) -> String {
    let d = &g.s.units[u];
    format!("{} {}", d.name, d.id)
}
