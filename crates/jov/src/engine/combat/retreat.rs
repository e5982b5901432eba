//! Retreat and advance after combat (12.13, 12.15, 12.16). J-16: the engine retreats
//! units itself by the conditions of 12.13.1, in order: as far as possible from the
//! combat hex, through the fewest enemy zones, towards the side's supply sources, then
//! by hex number; a hex not retreated costs a step.

use sztab_core::hex::HexId;

use super::super::board::{Terrain, Water};
use super::super::event::Event;
use super::super::game::{Checked, Game, RuleError};
use super::super::movement::TerrainCost;
use super::super::side::Army;
use super::super::state::{Loc, Mode, Org};
use super::super::unit::{Foot, Kind, MoveClass};
use super::super::zoc::Zone;

impl Game {
    /// May `u` cross from `a` into `b` in a retreat or an advance (12.13.1, 12.16)?
    fn may_cross(&self, u: usize, a: HexId, b: HexId) -> bool {
        let d = &self.rules.units[u];
        let board = &self.rules.board;
        let side = self.hexside(a, b);
        let road = !self.roads_across(a, b).is_empty();
        let bridged = side.bridge || side.rail_bridge;
        match side.water {
            Some(Water::Lake | Water::Dnepr) => return false,
            Some(w) if w.is_river() && !bridged && !d.kind.is_infantry_type() => return false,
            Some(Water::Swamp)
                if !road && matches!(d.class, MoveClass::Armor | MoveClass::MotMech) =>
            {
                return false;
            }
            _ => {}
        }
        if d.is_armor() && !road && board.cell(a).is_some_and(|c| c.terrain == Terrain::Forest) {
            return false;
        }
        if d.is_armor() && !road && board.cell(b).is_some_and(|c| c.terrain == Terrain::Forest) {
            return false;
        }
        !matches!(
            self.terrain_cost(u, a, b, Mode::Tactical),
            TerrainCost::Prohibited(_)
        ) || (side.water.is_some_and(|w| w.is_river()) && d.kind.is_infantry_type())
    }

    /// Could armor unit `u` advance into `target` (12.12.1)?
    pub(crate) fn can_enter_by_advance(&self, u: usize, target: HexId) -> bool {
        self.st.units[u]
            .hex()
            .is_some_and(|h| self.may_cross(u, h, target))
    }

    /// The best retreat of `units` from `from` for `n` hexes, by J-16; its length may be
    /// short of `n` when no full path exists.
    fn retreat_path(&self, units: &[usize], from: HexId, n: u32) -> Vec<HexId> {
        let army = self.rules.units[units[0]].army;
        let ok = |a: HexId, b: HexId, path: &[HexId]| {
            self.rules.board.contains(b)
                && !path.contains(&b)
                && b != from
                && !self.enemy_on(b, army)
                && units.iter().all(|&u| self.may_cross(u, a, b))
        };
        let mut paths: Vec<Vec<HexId>> = vec![Vec::new()];
        let mut best: Vec<Vec<HexId>> = Vec::new();
        for _ in 0..n {
            let mut next = Vec::new();
            for p in &paths {
                let at = p.last().copied().unwrap_or(from);
                for nb in self.rules.board.neighbours(at) {
                    if ok(at, nb, p) {
                        let mut q = p.clone();
                        q.push(nb);
                        next.push(q);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            best.clone_from(&next);
            paths = next;
        }
        let sources: Vec<HexId> = self
            .rules
            .sources
            .iter()
            .filter(|s| s.army == army)
            .flat_map(|s| s.hexes.iter().copied())
            .collect();
        best.into_iter()
            .min_by_key(|p| {
                let end = *p.last().expect("a path has a hex");
                let zones: u32 = p
                    .iter()
                    .map(|&h| match self.enemy_zone(h, army) {
                        Zone::Zoc => 2,
                        Zone::Zoi => 1,
                        Zone::None => 0,
                    })
                    .sum();
                let supply = sources
                    .iter()
                    .map(|&s| self.rules.board.distance(end, s))
                    .min()
                    .unwrap_or(0);
                (
                    std::cmp::Reverse(self.rules.board.distance(from, end)),
                    zones,
                    supply,
                    p.clone(),
                )
            })
            .unwrap_or_default()
    }

    /// Retreats `units` `n` hexes from `from` with every effect of the path; returns the
    /// path of retreat, the combat hex first.
    pub(crate) fn retreat_stack(
        &mut self,
        units: &[usize],
        from: HexId,
        n: u32,
        out: &mut Vec<Event>,
    ) -> Vec<HexId> {
        if units.is_empty() {
            return vec![from];
        }
        let path = self.retreat_path(units, from, n);
        let short = n - u32::try_from(path.len()).unwrap_or(n).min(n);
        for &u in units {
            if short > 0 {
                let unit = self.id(u);
                self.emit(out, Event::CannotRetreat { unit, hexes: short });
                for _ in 0..short {
                    self.lose_step(u, "12.13.1 case 7", out);
                }
            }
            if self.st.units[u].loc == Loc::Eliminated || path.is_empty() {
                continue;
            }
            self.retreat_effects(u, from, &path, out);
            let army = self.rules.units[u].army;
            let mut prev = from;
            for &h in &path {
                self.cross(prev, h, army);
                prev = h;
            }
            self.st.units[u].loc = Loc::Map(*path.last().expect("non-empty"));
            self.mark_holder(u);
            let unit = self.id(u);
            self.emit(
                out,
                Event::Retreated {
                    unit,
                    path: path.clone(),
                },
            );
        }
        let mut full = vec![from];
        full.extend(path);
        full
    }

    /// 12.13.3-12.13.4, 12.16.3, 12.16.5: what a retreat does to a unit.
    fn retreat_effects(&mut self, u: usize, from: HexId, path: &[HexId], out: &mut Vec<Event>) {
        let d = self.rules.units[u].clone();
        let was_d = self.st.units[u].org == Org::Disorganized;
        let mut prev = from;
        for &h in path {
            let side = self.hexside(prev, h);
            if self.enemy_zone(h, d.army) == Zone::Zoc {
                match d.army {
                    Army::Soviet => self.set_org(u, Org::Disorganized, "12.13.4", out),
                    Army::German => self.set_org(u, Org::Regroup, "12.13.4", out),
                }
            }
            match side.water {
                Some(w) if w.is_river() && !was_d => self.set_org(u, Org::Regroup, "12.16.3", out),
                Some(Water::Swamp) if matches!(d.class, MoveClass::Armor | MoveClass::MotMech) => {
                    self.set_org(u, Org::Disorganized, "12.16.5", out)
                }
                Some(Water::Swamp) if !was_d => self.set_org(u, Org::Regroup, "12.17", out),
                _ => {}
            }
            prev = h;
        }
        if d.kind == Kind::Artillery {
            self.set_org(u, Org::Disorganized, "12.13.3", out);
        }
        if matches!(d.kind, Kind::Engineer(_)) && d.defence_only {
            self.lose_step(u, "12.13.3", out);
        }
    }

    /// An Advance action (12.15, 12.16).
    pub(crate) fn advance(
        &mut self,
        id: &str,
        path: &[HexId],
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        let u = self.own(id)?;
        let b = self.st.battle.clone().expect("a battle");
        let defending = b.stage == super::Stage::DefenderAdvance;
        let adv = if defending {
            b.defender_advance.clone()
        } else {
            b.advance.clone()
        };
        let adv = adv.ok_or_else(|| RuleError::new("12.15", "no advance is open"))?;
        if !adv.units.contains(&u) {
            return Err(RuleError::new("12.15", format!("{id} may not advance")));
        }
        let start = self.st.units[u]
            .hex()
            .ok_or_else(|| RuleError::new("12.15", "not on the map"))?;
        self.check_advance(u, start, path, &adv)?;
        let army = self.rules.units[u].army;
        let end = *path.last().expect("checked non-empty");
        let mut prev = start;
        for &h in path {
            self.cross(prev, h, army);
            // 15.3.2: an advance across a minefield hexside removes it.
            if let Some(i) = self.mined_side(prev, h).filter(|_| army == Army::German) {
                self.lift(i, out);
            }
            prev = h;
        }
        self.offer_demolition(end, army);
        self.st.units[u].loc = Loc::Map(end);
        self.mark_holder(u);
        if army == Army::Soviet {
            for &h in path {
                self.st.improved_positions.remove(&h);
            }
        }
        self.emit(
            out,
            Event::Advanced {
                unit: id.to_owned(),
                path: path.to_vec(),
            },
        );
        if adv.breakthrough && self.breakthrough_eligible(u, &b) {
            self.st.units[u].breakthrough = true;
            self.st.units[u].broke_through = true;
            self.emit(
                out,
                Event::BreakthroughMarked {
                    unit: id.to_owned(),
                },
            );
        }
        let slot = self.st.battle.as_mut().and_then(|x| {
            if defending {
                x.defender_advance.as_mut()
            } else {
                x.advance.as_mut()
            }
        });
        if let Some(x) = slot {
            x.units.retain(|&v| v != u);
        }
        self.skip_stages(out);
        Ok(())
    }

    /// 12.1.4: armor, and mech/mot infantry or recon stacked with armor in the combat.
    fn breakthrough_eligible(&self, u: usize, b: &super::Battle) -> bool {
        let d = &self.rules.units[u];
        if d.is_armor() {
            return true;
        }
        let mobile = matches!(
            d.kind,
            Kind::Infantry(Foot::Motorized | Foot::Mechanized | Foot::Recon)
        );
        mobile && b.attackers.iter().any(|&x| self.rules.units[x].is_armor())
    }

    /// The advance rules: the vacated hex first; then along the path of retreat (armor,
    /// recon and mech infantry may leave it; any hex when all defenders died); limits of
    /// 12.16; no over-stacking at the end (12.15.2).
    fn check_advance(
        &self,
        u: usize,
        start: HexId,
        path: &[HexId],
        adv: &super::Advance,
    ) -> Checked<()> {
        let d = &self.rules.units[u];
        let board = &self.rules.board;
        let most = if self.st.units[u].shaken() {
            1
        } else {
            adv.hexes
        };
        if path.is_empty() || path.len() as u32 > most {
            return Err(RuleError::new(
                "12.15.1",
                format!("{} may advance 1 to {most} hex(es)", d.id),
            ));
        }
        if !adv.first.contains(&path[0]) {
            return Err(RuleError::new(
                "12.15.1",
                "the first hex of an advance is the vacated combat hex",
            ));
        }
        let free = adv.all_eliminated
            || d.is_armor()
            || matches!(d.kind, Kind::Infantry(Foot::Mechanized | Foot::Recon));
        let mut prev = start;
        for (i, &h) in path.iter().enumerate() {
            if !board.adjacent(prev, h) || self.enemy_on(h, d.army) || !self.may_cross(u, prev, h) {
                return Err(RuleError::new(
                    "12.16",
                    format!("{} may not advance into {}", d.id, self.hex_label(h)),
                ));
            }
            if i == 1 && !free && adv.path.get(1) != Some(&h) {
                return Err(RuleError::new(
                    "12.15",
                    "the advance follows the path of retreat",
                ));
            }
            let side = self.hexside(prev, h);
            let road = !self.roads_across(prev, h).is_empty();
            let stops = side
                .water
                .is_some_and(|w| w.is_river() || w == Water::Stream || w == Water::Swamp)
                || (!road && board.cell(h).is_some_and(|c| c.terrain != Terrain::Clear));
            if i == 1
                && side.water.is_some_and(|w| w.is_river())
                && !side.bridge
                && !side.rail_bridge
            {
                return Err(RuleError::new(
                    "12.15.2",
                    "the second hex may not cross a non-bridge river",
                ));
            }
            if stops && i + 1 < path.len() {
                return Err(RuleError::new(
                    "12.16",
                    format!("an advance stops in {}", self.hex_label(h)),
                ));
            }
            prev = h;
        }
        let end = *path.last().expect("non-empty");
        let mut stack = self.own_on(end, d.army);
        stack.push(u);
        if let Some(r) = self.stacking_fault(end, &stack) {
            return Err(RuleError::new(
                "12.15.2",
                format!("the advance would over-stack {end} ({r})"),
            ));
        }
        Ok(())
    }
}
