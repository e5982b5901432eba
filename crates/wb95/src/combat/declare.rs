//! Declaring an attack (R5.2.1a, R5.1.1-5.1.5, R5.1.10) and the defender's voluntary
//! CMs (R15.1, R15.4, R9.1.6).

use super::odds::{AirSupport, Engagement};
use crate::action::MissionKind;
use crate::action::{AttackOrder, DefenseOrder};
use crate::board::Hx;
use crate::decision::Decision;
use crate::error::{RuleError, refuse};
use crate::event::Event;
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::model::UnitId;

/// A validated attack.
#[derive(Clone, Debug)]
pub struct AttackPlan {
    pub attackers: Vec<Unit>,
    pub hexes: Vec<Hx>,
    pub defenders: Vec<Unit>,
    pub stars: Vec<Unit>,
    pub pool: u8,
    pub support: Vec<Unit>,
    pub air: Vec<usize>,
    pub full_strength: Vec<Unit>,
}

/// A validated defense declaration.
#[derive(Clone, Debug)]
pub struct DefensePlan {
    pub stars: Vec<Unit>,
    pub fortification_units: Vec<Unit>,
    pub pool: u8,
    pub support: Vec<Unit>,
    pub air: Vec<usize>,
}

impl Game {
    /// Air support as the odds see it.
    pub(crate) fn air_support(&self, counters: &[usize]) -> Vec<AirSupport> {
        counters
            .iter()
            .map(|&c| {
                let a = &self.state.prepared.air[c];
                AirSupport {
                    name: a.id.to_string(),
                    sp: u32::from(a.sp),
                    white_star: a.white_star,
                }
            })
            .collect()
    }

    /// The engagement of the combat in progress, or of a proposed attack.
    pub fn engagement(&self) -> Option<Engagement> {
        let c = self.state.combat.as_ref()?;
        let (ds, fu, dp) = c.defense.clone().unwrap_or_default();
        Some(Engagement {
            attacker: c.attacker,
            attackers: c.attackers.clone(),
            hexes: c.defender_hexes.clone(),
            defenders: c.defenders.clone(),
            attacker_stars: c.attacker_stars.clone(),
            defender_stars: ds,
            fortification_units: fu,
            attacker_pool: c.attacker_pool,
            defender_pool: dp,
            attacker_support: c.support[0].clone(),
            defender_support: c.support[1].clone(),
            attacker_air: self.air_support(&c.air[0]),
            defender_air: self.air_support(&c.air[1]),
            full_strength: c.full_strength.clone(),
        })
    }

    /// The engagement an attack order would start, with all its checks (R5.1).
    pub fn engagement_of(&self, side: Side, order: &AttackOrder) -> Result<Engagement, RuleError> {
        let p = self.validate_attack(side, order)?;
        Ok(Engagement {
            attacker: side,
            attackers: p.attackers,
            hexes: p.hexes,
            defenders: p.defenders,
            attacker_stars: p.stars,
            attacker_pool: p.pool,
            attacker_support: p.support,
            attacker_air: self.air_support(&p.air),
            full_strength: p.full_strength,
            ..Engagement::default()
        })
    }

    fn validate_attack(&self, side: Side, order: &AttackOrder) -> Result<AttackPlan, RuleError> {
        let attackers = self.resolve_units(&order.attackers)?;
        let hexes = self.resolve_hexes(&order.defenders)?;
        if attackers.is_empty() || hexes.is_empty() {
            return refuse("R5.2.1", "an attack needs attackers and a defending hex");
        }
        let mut sorted = hexes.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != hexes.len() {
            return refuse("R5.2.1", "a defending hex is named twice");
        }
        for &u in &attackers {
            let info = self.info(u);
            let id = &info.id;
            if info.side != side || self.state.unit(u).hex().is_none() {
                return refuse(
                    "R5.2.1",
                    format!("{id} is not a unit of the attacker on the map"),
                );
            }
            if info.is_towed() {
                return refuse("R5.1.10", format!("{id} is towed and never attacks"));
            }
            if !info.can_attack() {
                return refuse("R5.1.10", format!("{id} cannot attack in direct combat"));
            }
            if self.fought(u) {
                return refuse("R5.1.1", format!("{id} has already fought this phase"));
            }
        }
        let attack_hexes: Vec<Hx> = {
            let mut v: Vec<Hx> = attackers
                .iter()
                .filter_map(|&u| self.state.unit(u).hex())
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        if attack_hexes.len() > 1 && hexes.len() > 1 {
            return refuse(
                "R5.1.5",
                "either all attackers stand in one hex or they attack a single hex",
            );
        }
        let mut defenders = Vec::new();
        for &h in &hexes {
            if self.occupant(h) != Some(side.other()) {
                return refuse("R5.1.2", format!("{} holds no enemy units", self.hex_id(h)));
            }
            if !self.attackable(side, h) {
                return refuse(
                    "R5.1.1",
                    format!("units in {} have already fought this phase", self.hex_id(h)),
                );
            }
            for &a in &attack_hexes {
                if !self.board().adjacent(a, h) {
                    return refuse(
                        "R5.1.2",
                        format!("{} is not adjacent to {}", self.hex_id(a), self.hex_id(h)),
                    );
                }
            }
            defenders.extend(self.units_at(h).iter().copied());
        }
        let stars = self.resolve_units(&order.stars)?;
        for &s in &stars {
            if !attackers.contains(&s) || self.info(s).stars().is_empty() {
                return refuse(
                    "R15.1.6",
                    format!("{} is not a starred attacker", self.unit_id(s)),
                );
            }
        }
        let available = self.pool_available(side, &hexes);
        if order.hq_pool_cms > available {
            return refuse(
                "R9.1.6",
                format!("only {available} CM(s) of an HQ-loss pool can be used here"),
            );
        }
        let support = self.resolve_units(&order.support)?;
        for &u in &support {
            if attackers.contains(&u) {
                return refuse(
                    "R5.1.1",
                    format!("{} attacks and may not also support", self.unit_id(u)),
                );
            }
            self.support_ready(side, u, &attack_hexes, &hexes)?;
        }
        let air = self.offensive_air(side, &order.air, &hexes)?;
        let full_strength = self.resolve_units(&order.full_strength)?;
        for &u in &full_strength {
            if !attackers.contains(&u) && !support.contains(&u) {
                return refuse(
                    "R10.2.3",
                    format!("{} takes no part in this attack", self.unit_id(u)),
                );
            }
            if self.state.unit(u).oos == 0 {
                return refuse("R10.2.3", format!("{} is in supply", self.unit_id(u)));
            }
        }
        Ok(AttackPlan {
            attackers,
            hexes,
            defenders,
            stars,
            pool: order.hq_pool_cms,
            support,
            air,
            full_strength,
        })
    }

    pub(crate) fn plan_attack(
        &self,
        side: Side,
        order: &AttackOrder,
    ) -> Result<AttackPlan, RuleError> {
        self.validate_attack(side, order)
    }

    pub(crate) fn execute_attack(&mut self, p: AttackPlan) {
        let side = self.info(p.attackers[0]).side;
        if p.pool > 0 {
            self.emit(Event::HqPoolSpent {
                owner: self.side_id(side).clone(),
                cms: p.pool,
                hexes: self.hex_ids(&p.hexes),
            });
        }
        for &u in &p.full_strength {
            let level = self.state.unit(u).oos.saturating_add(1);
            self.emit(Event::OosChanged {
                unit: self.unit_id(u).clone(),
                level,
                reason: crate::event::OosReason::FullStrength,
            });
        }
        let id = self.state.combats_fought + 1;
        let air = p
            .air
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        self.emit(Event::CombatDeclared {
            id,
            attackers: self.unit_ids(&p.attackers),
            hexes: self.hex_ids(&p.hexes),
            defenders: self.unit_ids(&p.defenders),
            stars: self.unit_ids(&p.stars),
            hq_pool_cms: p.pool,
            support: self.unit_ids(&p.support),
            air,
            full_strength: self.unit_ids(&p.full_strength),
        });
    }

    /// Artillery of the defender that may support the combat in progress (R6.3.3).
    pub fn defense_support_options(&self) -> Vec<Unit> {
        let Some(c) = &self.state.combat else {
            return Vec::new();
        };
        let side = c.attacker.other();
        self.support_options(side, &c.defender_hexes, &c.defender_hexes, &c.defenders)
    }

    /// The defender's options in the combat in progress; `None` if it has none.
    pub(crate) fn defense_decision(&self) -> Option<(Side, Decision)> {
        let c = self.state.combat.as_ref()?;
        let side = c.attacker.other();
        let stars: Vec<UnitId> = c
            .defenders
            .iter()
            .filter(|&&u| !self.info(u).stars().is_empty())
            .map(|&u| self.unit_id(u).clone())
            .collect();
        let fu: Vec<UnitId> = c
            .defenders
            .iter()
            .filter(|&&u| self.info(u).is_fu())
            .filter(|&&u| {
                self.state
                    .unit(u)
                    .hex()
                    .is_some_and(|h| self.in_fortification(side, h))
            })
            .map(|&u| self.unit_id(u).clone())
            .collect();
        let pool = self.pool_available(side, &c.defender_hexes);
        let artillery = self.unit_ids(&self.defense_support_options());
        let air: Vec<sztab_core::model::AirId> = self
            .air_missions_on(side, &MissionKind::DefensiveSupport, &c.defender_hexes)
            .iter()
            .map(|&x| self.state.prepared.air[x].id.clone())
            .collect();
        if stars.is_empty() && fu.is_empty() && pool == 0 && artillery.is_empty() && air.is_empty()
        {
            return None;
        }
        Some((
            side,
            Decision::Defend {
                combat: c.id,
                hexes: self.hex_ids(&c.defender_hexes),
                star_units: stars,
                fortification_units: fu,
                hq_pool_cms: pool,
                artillery,
                air,
            },
        ))
    }

    pub(crate) fn plan_defense(
        &self,
        side: Side,
        order: &DefenseOrder,
    ) -> Result<DefensePlan, RuleError> {
        let Some(c) = &self.state.combat else {
            return refuse("R5.2.1", "no combat is being resolved");
        };
        let stars = self.resolve_units(&order.stars)?;
        for &s in &stars {
            if !c.defenders.contains(&s) || self.info(s).stars().is_empty() {
                return refuse(
                    "R15.1.6",
                    format!("{} is not a starred defender", self.unit_id(s)),
                );
            }
        }
        let fu = self.resolve_units(&order.fortification_units)?;
        for &f in &fu {
            if !c.defenders.contains(&f) || !self.info(f).is_fu() {
                return refuse(
                    "R15.4.2",
                    format!("{} is not a defending FU", self.unit_id(f)),
                );
            }
        }
        let available = self.pool_available(side, &c.defender_hexes);
        if order.hq_pool_cms > available {
            return refuse(
                "R9.1.6",
                format!("only {available} CM(s) of an HQ-loss pool can be used here"),
            );
        }
        let support = self.resolve_units(&order.support)?;
        for &u in &support {
            if c.defenders.contains(&u) {
                return refuse(
                    "R6.6.1",
                    format!("{} defends in the attacked hex", self.unit_id(u)),
                );
            }
            self.support_ready(side, u, &c.defender_hexes, &c.defender_hexes)?;
        }
        let air = self.defensive_air(side, &order.air, &c.defender_hexes)?;
        Ok(DefensePlan {
            stars,
            fortification_units: fu,
            pool: order.hq_pool_cms,
            support,
            air,
        })
    }

    pub(crate) fn execute_defense(&mut self, p: DefensePlan) {
        if p.pool > 0
            && let Some(c) = &self.state.combat
        {
            let owner = self.side_id(c.attacker.other()).clone();
            let hexes = self.hex_ids(&c.defender_hexes);
            self.emit(Event::HqPoolSpent {
                owner,
                cms: p.pool,
                hexes,
            });
        }
        let air = p
            .air
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        self.emit(Event::DefenseDeclared {
            stars: self.unit_ids(&p.stars),
            fortification_units: self.unit_ids(&p.fortification_units),
            hq_pool_cms: p.pool,
            support: self.unit_ids(&p.support),
            air,
        });
    }
}
