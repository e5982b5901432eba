//! Retreats (R5.3): paths that move away from the combat hex one hex a step,
//! never into enemy units, impassable terrain, across a big river off a bridge, or into
//! an enemy ZoC unless friends hold the hex (+1 CEL per such hex, R5.3.4); stacking at
//! the end (R5.3.6); and sustained retreats (R5.3.7-5.3.8, A-24, R7.2.6).

use crate::action::RetreatOrder;
use crate::board::{Hx, Mover};
use crate::decision::Decision;
use crate::error::{RuleError, refuse};
use crate::event::{CombatStep, Event, LossCause, Motion};
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::{ArtillerySetup, UnitId};

/// Retreat moves checked, before the loss allocation.
struct CheckedMoves {
    moves: Vec<(Unit, Vec<Hx>)>,
    through_zoc: Vec<(Unit, u8)>,
    due: u8,
    absorbers: Vec<Unit>,
}

/// A validated retreat.
#[derive(Clone, Debug)]
pub struct RetreatPlan {
    pub moves: Vec<(Unit, Vec<Hx>)>,
    /// CELs of the hexes not retreated (R5.3.7).
    pub sustained: Vec<(Unit, u8)>,
    /// CELs for passing through enemy ZoC held by friends (R5.3.4).
    pub through_zoc: Vec<(Unit, u8)>,
}

impl Game {
    /// The retreat pending: side and hexes.
    pub(crate) fn retreat_step(&self) -> Option<(Side, u8)> {
        let c = self.state.combat.as_ref()?;
        let r = c.resolution.as_ref()?;
        if c.is_done(CombatStep::Retreat) {
            return None;
        }
        if r.cell.attacker.retreat > 0 {
            Some((c.attacker, r.cell.attacker.retreat))
        } else if r.cell.defender.retreat > 0 {
            Some((c.attacker.other(), r.cell.defender.retreat))
        } else {
            None
        }
    }

    /// Can this unit retreat at all? Not RG or static units, towed units in combat
    /// setup (R6.2.3) or an HQ alone (R5.1.9).
    pub fn retreat_mobile(&self, u: Unit) -> bool {
        let info = self.info(u);
        let st = self.state.unit(u);
        let Some(h) = st.hex() else {
            return false;
        };
        if info.is_rg() || info.mover == Mover::Static {
            return false;
        }
        if info.is_towed() && st.setup == Some(ArtillerySetup::Combat) {
            return false;
        }
        if self.building_bridge(u) {
            // R14.3.4: an HQ building a bridge turns retreats into losses.
            return false;
        }
        !(info.is_hq() && self.units_at(h).iter().all(|&x| self.info(x).is_hq()))
    }

    /// Sustained-retreat reduction: 1 when the side fought from Fixed Positions (R7.2.6).
    pub(crate) fn fp_reduction(&self, side: Side) -> u8 {
        let Some(c) = &self.state.combat else {
            return 0;
        };
        let hexes: Vec<Hx> = c
            .side_units(side)
            .iter()
            .filter_map(|&u| c.origin_of(u))
            .collect();
        u8::from(!hexes.is_empty() && hexes.iter().all(|&h| self.board().fp_hex[h]))
    }

    /// Checks one retreat path from `origin`; returns the enemy-ZoC hexes entered.
    /// `held(h)`: does a friendly unit (other than this one) stand on `h` when this unit
    /// retreats (units retreat one after another, R5.3.4)?
    fn check_retreat_path(
        &self,
        u: Unit,
        origin: Hx,
        path: &[Hx],
        n: u8,
        held: &dyn Fn(Hx) -> bool,
    ) -> Result<u8, RuleError> {
        let b = self.board();
        let info = self.info(u);
        let side = info.side;
        let enemy_zoc = self.zoc_of(side.other());
        if path.is_empty() || path.len() > usize::from(n) {
            return refuse("R5.3.1", format!("{} retreats 1 to {n} hexes", info.id));
        }
        let mut prev = origin;
        let mut zoc = 0u8;
        for (i, &h) in path.iter().enumerate() {
            let Some(d) = b.dir_to(prev, h) else {
                return refuse(
                    "R3.1.4",
                    format!("{} and {} are not adjacent", b.id(prev), b.id(h)),
                );
            };
            if b.distance(origin, h) != i as u32 + 1 {
                return refuse(
                    "R5.3.2",
                    format!("each retreat step must move away from {}", b.id(origin)),
                );
            }
            if self.occupant(h).is_some_and(|s| s != side) {
                return refuse("R5.3.3", format!("{} is held by the enemy", b.id(h)));
            }
            let e = b.edge(prev, d);
            if e.big_river && !b.bridged(prev, d, &self.state.bridge_up) {
                return refuse(
                    "R5.3.5",
                    "a big river is crossed in retreat only by a bridge",
                );
            }
            if b.step_over(prev, d, info.mover, &self.state.bridge_up)
                .is_none()
            {
                return refuse("R5.3.3", format!("{} cannot enter {}", info.id, b.id(h)));
            }
            if enemy_zoc.covers(h) {
                if !held(h) {
                    return refuse(
                        "R5.3.3",
                        format!(
                            "{} is in an enemy ZoC and no friendly unit holds it",
                            b.id(h)
                        ),
                    );
                }
                zoc += 1;
            }
            prev = h;
        }
        Ok(zoc)
    }

    /// Every legal retreat path of a unit in the combat in progress (1 to n hexes).
    pub fn retreat_paths(&self, u: Unit) -> Vec<Vec<HexId>> {
        self.retreat_options(u)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// Every legal retreat path of a unit in the combat in progress (1 to n hexes), each
    /// with the CELs it costs for entering enemy-ZoC hexes held by friends (R5.3.4), as
    /// the friends stand now: what [`Game::apply`] takes as `RetreatThroughZoc` losses
    /// when this unit retreats alone (the hexes not retreated, R5.3.7, are not counted).
    pub fn retreat_options(&self, u: Unit) -> Vec<(Vec<HexId>, u8)> {
        let (Some((_, n)), Some(origin)) = (self.retreat_step(), self.state.unit(u).hex()) else {
            return Vec::new();
        };
        if !self.retreat_mobile(u) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut stack: Vec<Vec<Hx>> = vec![Vec::new()];
        while let Some(p) = stack.pop() {
            if p.len() == usize::from(n) {
                continue;
            }
            let last = *p.last().unwrap_or(&origin);
            for (_, h) in self.board().neighbours(last) {
                let mut q = p.clone();
                q.push(h);
                let held = |x: Hx| {
                    self.units_at(x)
                        .iter()
                        .any(|&v| v != u && self.info(v).side == self.info(u).side)
                };
                if let Ok(zoc) = self.check_retreat_path(u, origin, &q, n, &held) {
                    out.push((self.hex_ids(&q), self.zoc_retreat_loss(u, zoc)));
                    stack.push(q);
                }
            }
        }
        out.sort();
        out
    }

    /// CELs a unit loses for `zoc` enemy-ZoC hexes entered in retreat (R5.3.4): one a
    /// hex, at most what it has.
    fn zoc_retreat_loss(&self, u: Unit, zoc: u8) -> u8 {
        zoc.min(self.state.unit(u).cel)
    }

    pub(crate) fn retreat_decision(&self) -> Option<(Side, Decision)> {
        let (side, n) = self.retreat_step()?;
        let units = self.survivors(side);
        if units.is_empty() {
            return None;
        }
        let (mobile, immobile): (Vec<Unit>, Vec<Unit>) =
            units.iter().copied().partition(|&u| self.retreat_mobile(u));
        if mobile.is_empty() && self.sustain_plan(side, n, &immobile).is_some() {
            return None;
        }
        let c = self.state.combat.as_ref()?;
        Some((
            side,
            Decision::Retreat {
                combat: c.id,
                hexes: n,
                units: self.unit_ids(&units),
                immobile: self.unit_ids(&immobile),
                fp_reduction: self.fp_reduction(side),
            },
        ))
    }

    /// The sustained loss when nobody moves and the allocation is forced.
    fn sustain_plan(&self, side: Side, n: u8, immobile: &[Unit]) -> Option<Vec<(Unit, u8)>> {
        let due = self.sustained_due(side, n, 0, &[], immobile);
        let total: u32 = immobile
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        if due == 0 {
            return Some(Vec::new());
        }
        if immobile.len() == 1 || u32::from(due) >= total {
            let mut left = due;
            return Some(
                immobile
                    .iter()
                    .filter_map(|&u| {
                        let k = left.min(self.state.unit(u).cel);
                        left -= k;
                        (k > 0).then_some((u, k))
                    })
                    .collect(),
            );
        }
        None
    }

    /// CELs due for hexes not retreated, capped at what can absorb them (R5.3.8).
    fn sustained_due(&self, side: Side, n: u8, r: u8, holders: &[Unit], immobile: &[Unit]) -> u8 {
        let binding = !holders.is_empty() || immobile.iter().any(|&u| !self.info(u).is_gun());
        if !binding {
            return 0;
        }
        let due = (n - r).saturating_sub(self.fp_reduction(side));
        let absorb: u32 = holders
            .iter()
            .chain(immobile)
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        (u32::from(due).min(absorb)) as u8
    }

    pub(crate) fn forced_retreat(&self) -> RetreatPlan {
        let Some((side, n)) = self.retreat_step() else {
            return RetreatPlan {
                moves: vec![],
                sustained: vec![],
                through_zoc: vec![],
            };
        };
        let immobile = self.survivors(side);
        RetreatPlan {
            moves: vec![],
            sustained: self.sustain_plan(side, n, &immobile).unwrap_or_default(),
            through_zoc: vec![],
        }
    }

    /// Checks the moves of a retreat and returns, with the checked moves, the CELs the
    /// side must still lose for hexes not retreated and the units that may absorb them
    /// (R5.3.7-5.3.8).
    pub fn retreat_loss_due(
        &self,
        side: Side,
        moves: &[(UnitId, Vec<HexId>)],
    ) -> Result<(u8, Vec<UnitId>), RuleError> {
        self.retreat_moves(side, moves)
            .map(|m| (m.due, self.unit_ids(&m.absorbers)))
    }

    fn retreat_moves(
        &self,
        side: Side,
        order: &[(UnitId, Vec<HexId>)],
    ) -> Result<CheckedMoves, RuleError> {
        let Some((s, n)) = self.retreat_step() else {
            return refuse("R5.3.1", "no retreat is due");
        };
        if s != side {
            return refuse("R5.3.1", "the other side retreats");
        }
        let units = self.survivors(side);
        let ids: Vec<UnitId> = order.iter().map(|(u, _)| u.clone()).collect();
        let movers = self.resolve_units(&ids)?;
        let mut moves = Vec::new();
        let mut through_zoc = Vec::new();
        let mut partial: Option<u8> = None;
        for (&u, (_, path)) in movers.iter().zip(order) {
            if !units.contains(&u) {
                return refuse(
                    "R5.3.1",
                    format!("{} does not retreat in this combat", self.unit_id(u)),
                );
            }
            if !self.retreat_mobile(u) {
                return refuse("R5.3.8", format!("{} cannot retreat", self.unit_id(u)));
            }
            let path = self.resolve_hexes(path)?;
            let origin = self.state.unit(u).hex().unwrap_or(0);
            // Friends on a hex when this unit retreats: those not yet gone, and those
            // who retreated onto it before.
            let held = |x: Hx| {
                let gone = |v: &Unit| moves.iter().any(|(m, _): &(Unit, Vec<Hx>)| m == v);
                self.units_at(x)
                    .iter()
                    .any(|v| *v != u && self.info(*v).side == side && !gone(v))
                    || moves.iter().any(|(_, p)| p.last() == Some(&x))
            };
            let zoc = self.check_retreat_path(u, origin, &path, n, &held)?;
            let len = path.len() as u8;
            if len < n {
                if partial.is_some_and(|r| r != len) {
                    return refuse(
                        "R5.3.8",
                        "units that do not retreat fully hold together at one distance",
                    );
                }
                partial = Some(len);
            }
            if zoc > 0 {
                through_zoc.push((u, self.zoc_retreat_loss(u, zoc)));
            }
            moves.push((u, path));
        }
        let (mobile, immobile): (Vec<Unit>, Vec<Unit>) =
            units.iter().copied().partition(|&u| self.retreat_mobile(u));
        let stayers: Vec<Unit> = mobile
            .iter()
            .copied()
            .filter(|u| !movers.contains(u))
            .collect();
        if partial.is_some() && !stayers.is_empty() {
            return refuse(
                "R5.3.8",
                "units that do not retreat fully hold together at one distance",
            );
        }
        let holders: Vec<Unit> = mobile
            .iter()
            .copied()
            .filter(|u| {
                !moves
                    .iter()
                    .any(|(m, p)| m == u && p.len() == usize::from(n))
            })
            .collect();
        let due = self.sustained_due(side, n, partial.unwrap_or(0), &holders, &immobile);
        let ends: Vec<(Unit, Hx)> = moves
            .iter()
            .filter_map(|(u, p)| Some((*u, *p.last()?)))
            .collect();
        self.check_final_stacking(&ends, "R5.3.6")?;
        Ok(CheckedMoves {
            moves,
            through_zoc,
            due,
            absorbers: holders.iter().chain(&immobile).copied().collect(),
        })
    }

    pub(crate) fn plan_retreat(
        &self,
        side: Side,
        order: &RetreatOrder,
    ) -> Result<RetreatPlan, RuleError> {
        let m = self.retreat_moves(side, &order.moves)?;
        let sustained = self.check_allocation(&order.losses, &m.absorbers, m.due, &[], "R5.3.7")?;
        Ok(RetreatPlan {
            moves: m.moves,
            sustained,
            through_zoc: m.through_zoc,
        })
    }

    pub(crate) fn execute_retreat(&mut self, plan: RetreatPlan) {
        for (u, path) in &plan.moves {
            let from = self.state.unit(*u).hex().map(|h| self.hex_id(h));
            self.emit(Event::Moved {
                unit: self.unit_id(*u).clone(),
                from,
                path: self.hex_ids(path),
                cost: sztab_core::model::Mp::ZERO,
                how: Motion::Retreat,
            });
        }
        self.take_losses(&plan.through_zoc, LossCause::RetreatThroughZoc);
        let sustained: Vec<(Unit, u8)> = plan
            .sustained
            .into_iter()
            .filter(|&(u, _)| self.state.unit(u).hex().is_some())
            .collect();
        self.take_losses(&sustained, LossCause::SustainedRetreat);
        self.emit(Event::CombatStepDone {
            step: CombatStep::Retreat,
        });
    }
}
