//! Pursuit (R5.4.1-5.4.9) and advance after elimination (R5.4.10): who may follow,
//! along which hexes, and the towed artillery and HQs they overrun.

use crate::board::Hx;
use crate::decision::Decision;
use crate::error::{RuleError, refuse};
use crate::event::{CombatStep, Event, Motion};
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::{Mp, UnitId};

/// What the pursuit-or-advance step offers.
#[derive(Clone, Debug, PartialEq)]
pub enum Follow {
    /// Retreats to follow: unit, origin, hexes entered (R5.4.2-5.4.4).
    Pursuit(Vec<(Unit, Hx, Vec<Hx>)>),
    /// Hexes emptied by elimination (R5.4.10).
    Advance(Vec<Hx>),
}

impl Game {
    /// The side that lost the combat's retreat or all its units, and what follows.
    pub(crate) fn follow_step(&self) -> Option<(Side, Follow)> {
        let c = self.state.combat.as_ref()?;
        if c.is_done(CombatStep::PursuitOrAdvance) || !c.is_done(CombatStep::Retreat) {
            return None;
        }
        let loser_of = |u: Unit| self.info(u).side;
        let survived: Vec<&(Unit, Hx, Vec<Hx>)> = c
            .retreats
            .iter()
            .filter(|(u, _, p)| !p.is_empty() && self.state.unit(*u).hex().is_some())
            .collect();
        if let Some(first) = survived.first() {
            let winner = loser_of(first.0).other();
            let open: Vec<(Unit, Hx, Vec<Hx>)> = survived
                .into_iter()
                .filter(|(_, o, _)| self.units_at(*o).is_empty() || self.overrunnable(winner, *o))
                .cloned()
                .collect();
            return (!open.is_empty()).then_some((winner, Follow::Pursuit(open)));
        }
        for side in [c.attacker.other(), c.attacker] {
            let all_gone = c
                .side_units(side)
                .iter()
                .all(|&u| self.state.unit(u).hex().is_none());
            if all_gone {
                let mut hexes: Vec<Hx> = c
                    .side_units(side)
                    .iter()
                    .filter_map(|&u| c.origin_of(u))
                    .filter(|&h| self.units_at(h).is_empty() || self.overrunnable(side.other(), h))
                    .collect();
                hexes.sort_unstable();
                hexes.dedup();
                return (!hexes.is_empty()).then_some((side.other(), Follow::Advance(hexes)));
            }
        }
        None
    }

    /// Units of the winning side that may follow: regular, not towed (R5.4.9, A-28),
    /// still where they fought and next to one of `hexes`.
    fn followers(&self, side: Side, hexes: &[Hx]) -> Vec<Unit> {
        let Some(c) = &self.state.combat else {
            return Vec::new();
        };
        c.side_units(side)
            .iter()
            .copied()
            .filter(|&u| self.info(u).can_attack())
            .filter(|&u| {
                self.state.unit(u).hex().is_some_and(|h| {
                    c.origin_of(u) == Some(h) && hexes.iter().any(|&x| self.board().adjacent(h, x))
                })
            })
            .collect()
    }

    pub(crate) fn follow_decision(&self) -> Option<(Side, Decision)> {
        let (side, follow) = self.follow_step()?;
        let c = self.state.combat.as_ref()?;
        match follow {
            Follow::Pursuit(paths) => {
                let origins: Vec<Hx> = paths.iter().map(|(_, o, _)| *o).collect();
                let pursuers = self.followers(side, &origins);
                (!pursuers.is_empty()).then(|| {
                    (
                        side,
                        Decision::Pursue {
                            combat: c.id,
                            paths: paths
                                .iter()
                                .map(|(u, o, p)| {
                                    let mut v = vec![self.hex_id(*o)];
                                    v.extend(p.iter().map(|&h| self.hex_id(h)));
                                    (self.unit_id(*u).clone(), v)
                                })
                                .collect(),
                            pursuers: self.unit_ids(&pursuers),
                        },
                    )
                })
            }
            Follow::Advance(hexes) => {
                let units = self.followers(side, &hexes);
                (!units.is_empty()).then(|| {
                    (
                        side,
                        Decision::Advance {
                            combat: c.id,
                            hexes: self.hex_ids(&hexes),
                            units: self.unit_ids(&units),
                        },
                    )
                })
            }
        }
    }

    /// The first hex of a follow-up must be enterable from the follower's hex.
    fn enter_check(&self, u: Unit, from: Hx, to: Hx, rule: &'static str) -> Result<(), RuleError> {
        let b = self.board();
        let info = self.info(u);
        let Some(d) = b.dir_to(from, to) else {
            return refuse(
                "R3.1.4",
                format!("{} and {} are not adjacent", b.id(from), b.id(to)),
            );
        };
        if b.step_over(from, d, info.mover, &self.state.bridge_up)
            .is_none()
        {
            return refuse(rule, format!("{} cannot enter {}", info.id, b.id(to)));
        }
        if self.occupant(to).is_some_and(|s| s != info.side) && !self.overrunnable(info.side, to) {
            return refuse(rule, format!("{} is held by the enemy", b.id(to)));
        }
        Ok(())
    }

    fn check_pursuit(
        &self,
        u: Unit,
        path: &[Hx],
        retreats: &[(Unit, Hx, Vec<Hx>)],
    ) -> Result<(), RuleError> {
        let b = self.board();
        let Some(&first) = path.first() else {
            return refuse("R5.4.4", "a pursuit enters at least the emptied hex");
        };
        let from_here: Vec<&Vec<Hx>> = retreats
            .iter()
            .filter(|(_, origin, _)| *origin == first)
            .map(|(_, _, rp)| rp)
            .collect();
        if from_here.is_empty() {
            return refuse(
                "R5.4.4",
                "a pursuit starts on the hex the retreating units emptied",
            );
        }
        if from_here.iter().all(|rp| path.len() > rp.len()) {
            return refuse("R5.4.6", "a pursuit is no longer than the retreat made");
        }
        // R5.4.2-5.4.3: the hexes of one retreat path, the last may leave it by one.
        let follows = from_here.iter().any(|rp| {
            path.len() <= rp.len()
                && path.iter().enumerate().skip(1).all(|(i, &h)| {
                    h == rp[i - 1] || (i + 1 == path.len() && b.adjacent(path[i - 1], h))
                })
        });
        if !follows {
            return refuse(
                "R5.4.2",
                "a pursuit follows one retreat path, leaving it by at most one hex",
            );
        }
        let mut prev = self.state.unit(u).hex().unwrap_or(first);
        for (i, &h) in path.iter().enumerate() {
            self.enter_check(u, prev, h, "R5.4.7")?;
            let crossed_big = b.edge_between(prev, h).is_some_and(|e| e.big_river);
            if crossed_big && i + 1 < path.len() {
                return refuse("R5.4.8", "a pursuing unit stops after crossing a big river");
            }
            prev = h;
        }
        Ok(())
    }

    fn check_advance(&self, u: Unit, path: &[Hx], hexes: &[Hx]) -> Result<(), RuleError> {
        let side = self.info(u).side;
        let from = self.state.unit(u).hex().unwrap_or(0);
        let (Some(&first), true) = (path.first(), path.len() <= 2) else {
            return refuse(
                "R5.4.10",
                "an advance enters the emptied hex and at most one more",
            );
        };
        if !hexes.contains(&first) {
            return refuse(
                "R5.4.10",
                format!("{} was not emptied by elimination", self.hex_id(first)),
            );
        }
        self.enter_check(u, from, first, "R5.4.10")?;
        if let Some(&second) = path.get(1) {
            if self.in_enemy_zoc(side, first) {
                return refuse(
                    "R5.4.10",
                    format!(
                        "{} is in an enemy ZoC: the advance stops there (A-29)",
                        self.hex_id(first)
                    ),
                );
            }
            self.step_cost(u, first, second)?;
            self.enter_check(u, first, second, "R5.4.10")?;
        }
        Ok(())
    }

    fn plan_follow(
        &self,
        side: Side,
        moves: &[(UnitId, Vec<HexId>)],
        check: impl Fn(Unit, &[Hx]) -> Result<(), RuleError>,
        allowed: &[Unit],
    ) -> Result<Vec<(Unit, Vec<Hx>)>, RuleError> {
        let ids: Vec<UnitId> = moves.iter().map(|(u, _)| u.clone()).collect();
        let units = self.resolve_units(&ids)?;
        let mut out = Vec::new();
        for (&u, (_, path)) in units.iter().zip(moves) {
            if self.info(u).side != side || !allowed.contains(&u) {
                return refuse(
                    "R5.4.1",
                    format!("{} may not follow in this combat", self.unit_id(u)),
                );
            }
            let path = self.resolve_hexes(path)?;
            check(u, &path)?;
            out.push((u, path));
        }
        let ends: Vec<(Unit, Hx)> = out
            .iter()
            .filter_map(|(u, p)| Some((*u, *p.last()?)))
            .collect();
        self.check_final_stacking(&ends, "R3.2.1")?;
        Ok(out)
    }

    pub(crate) fn plan_pursuit(
        &self,
        side: Side,
        moves: &[(UnitId, Vec<HexId>)],
    ) -> Result<Vec<(Unit, Vec<Hx>)>, RuleError> {
        let Some((s, Follow::Pursuit(retreats))) = self.follow_step() else {
            return refuse("R5.4.1", "no pursuit is possible now");
        };
        if s != side {
            return refuse("R5.4.1", "the other side pursues");
        }
        let origins: Vec<Hx> = retreats.iter().map(|(_, o, _)| *o).collect();
        let allowed = self.followers(side, &origins);
        self.plan_follow(
            side,
            moves,
            |u, p| self.check_pursuit(u, p, &retreats),
            &allowed,
        )
    }

    pub(crate) fn plan_advance(
        &self,
        side: Side,
        moves: &[(UnitId, Vec<HexId>)],
    ) -> Result<Vec<(Unit, Vec<Hx>)>, RuleError> {
        let Some((s, Follow::Advance(hexes))) = self.follow_step() else {
            return refuse("R5.4.10", "no advance is possible now");
        };
        if s != side {
            return refuse("R5.4.10", "the other side advances");
        }
        let allowed = self.followers(side, &hexes);
        self.plan_follow(
            side,
            moves,
            |u, p| self.check_advance(u, p, &hexes),
            &allowed,
        )
    }

    fn execute_follow(&mut self, moves: Vec<(Unit, Vec<Hx>)>, how: Motion) {
        for (u, path) in moves {
            let side = self.info(u).side;
            self.overrun(&path, side);
            let from = self.state.unit(u).hex().map(|h| self.hex_id(h));
            self.emit(Event::Moved {
                unit: self.unit_id(u).clone(),
                from,
                path: self.hex_ids(&path),
                cost: Mp::ZERO,
                how,
            });
            self.clear_enemy_ff(side, &path);
        }
        self.emit(Event::CombatStepDone {
            step: CombatStep::PursuitOrAdvance,
        });
    }

    pub(crate) fn execute_pursuit(&mut self, moves: Vec<(Unit, Vec<Hx>)>) {
        self.execute_follow(moves, Motion::Pursuit);
    }

    pub(crate) fn execute_advance(&mut self, moves: Vec<(Unit, Vec<Hx>)>) {
        self.execute_follow(moves, Motion::Advance);
    }
}
