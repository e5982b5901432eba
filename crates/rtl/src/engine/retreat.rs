//! Retreats (11.3, 11.5) and Combat Refusal's retreat (9.22-9.25): one or two hexes, each
//! farther from the Defender Hex, never across a hexside the unit may not cross, off the
//! map or into enemy units (11.32); ending in an enemy ZOC only beside a friendly unit
//! (11.34); through one vacant enemy-ZOC hex only when there is no other way, as a stack,
//! two hexes, with an ER check or the Motorized Attacker Advantage (11.51-11.56).

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::movement::STACKING;
use super::state::{LossOrder, Pending, RetreatOrder};
use super::unit::Kind;
use super::words::{Class, Side, other};

impl Game {
    /// A hex in an enemy ZOC with no friendly combat unit in it: friendly units negate
    /// the ZOC for a retreat (11.34, 11.52). The retreating units themselves do not.
    fn vacant_zoc(&self, side: Side, hex: HexId, moving: &[usize]) -> bool {
        self.in_enemy_zoc(side, hex)
            && !self
                .combat_at(hex, side)
                .iter()
                .any(|u| !moving.contains(u))
    }

    /// A hex of another Declared Attack not yet resolved.
    fn unresolved_defender_hex(&self, hex: HexId, from: HexId) -> bool {
        hex != from
            && self
                .st
                .seq
                .as_ref()
                .is_some_and(|q| q.attacks.iter().any(|a| a.hex == hex))
    }

    /// Every path of one or two hexes the `units` may take together, with the number of
    /// vacant enemy-ZOC hexes on it; each hex farther from the Defender Hex than the last
    /// (11.3 "away", decision R-35).
    fn paths(&self, o: &RetreatOrder, units: &[usize]) -> Vec<(Vec<HexId>, usize)> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let side = self.side_of(first);
        let grid = self.rules.board.grid;
        let ok = |from: HexId, to: HexId| -> bool {
            grid.distance(o.origin, to) > grid.distance(o.origin, from)
                && self.occupant(to) != Some(other(side))
                && units.iter().all(|&u| self.can_cross(u, from, to))
        };
        let mut out = Vec::new();
        for a in grid.neighbours(o.from) {
            if !ok(o.from, a) {
                continue;
            }
            if !o.exactly_two {
                out.push(vec![a]);
            }
            for b in grid.neighbours(a) {
                if b != o.from && ok(a, b) {
                    out.push(vec![a, b]);
                }
            }
        }
        out.into_iter()
            .filter_map(|p| {
                let zocs = p
                    .iter()
                    .filter(|&&h| self.vacant_zoc(side, h, units))
                    .count();
                let end = *p.last().expect("a path");
                if self.vacant_zoc(side, end, units) {
                    return None;
                }
                if o.refusal && (zocs > 0 || self.unresolved_defender_hex(end, o.from)) {
                    return None;
                }
                Some((p, zocs))
            })
            .collect()
    }

    /// Paths through no vacant enemy-ZOC hex.
    pub(super) fn normal_paths(&self, o: &RetreatOrder, units: &[usize]) -> Vec<Vec<HexId>> {
        self.paths(o, units)
            .into_iter()
            .filter(|(_, z)| *z == 0)
            .map(|(p, _)| p)
            .collect()
    }

    /// Two-hex paths whose first hex only is a vacant enemy-ZOC hex (11.55).
    fn zoc_paths(&self, o: &RetreatOrder, units: &[usize]) -> Vec<Vec<HexId>> {
        self.paths(o, units)
            .into_iter()
            .filter(|(p, z)| *z == 1 && p.len() == 2)
            .map(|(p, _)| p)
            .collect()
    }

    /// Orange-circle artillery may not retreat through an enemy ZOC (11.55a).
    fn stays_out_of_zoc(&self, u: usize) -> bool {
        let d = &self.rules.units[u];
        d.class == Class::He && d.is_artillery()
    }

    /// The units of the order that may retreat through an enemy ZOC as a stack: when none
    /// of them has another way (11.51).
    fn zoc_stack(&self, o: &RetreatOrder) -> Vec<usize> {
        let rest: Vec<usize> = o
            .units
            .iter()
            .copied()
            .filter(|&u| !self.stays_out_of_zoc(u))
            .collect();
        if rest.iter().any(|&u| !self.normal_paths(o, &[u]).is_empty()) {
            return Vec::new();
        }
        rest
    }

    pub(super) fn check_retreat(
        &self,
        o: &RetreatOrder,
        unit: &Option<String>,
        path: &[HexId],
    ) -> Checked<Vec<usize>> {
        match unit {
            Some(id) => {
                let u = self.unit(id)?;
                if !o.units.contains(&u) {
                    return refuse("11.3", format!("{id} is not retreating"));
                }
                if !self.normal_paths(o, &[u]).iter().any(|p| p == path) {
                    return refuse("11.32", format!("{id} cannot retreat along that path"));
                }
                Ok(vec![u])
            }
            None => {
                let normal = self.normal_paths(o, &o.units).iter().any(|p| p == path);
                if normal {
                    return Ok(o.units.clone());
                }
                let stack = self.zoc_stack(o);
                if stack.is_empty() || !self.zoc_paths(o, &stack).iter().any(|p| p == path) {
                    return refuse("11.5", "the stack cannot retreat along that path");
                }
                Ok(o.units.clone())
            }
        }
    }

    pub(super) fn retreat(&mut self, group: Vec<usize>, path: Vec<HexId>) {
        let Some(Pending::Retreat(o)) = self.st.pending.last().cloned() else {
            return;
        };
        let side = self.side_of(group[0]);
        let through = path.iter().any(|&h| self.vacant_zoc(side, h, &group));
        let mut moving = group.clone();
        if through {
            let stay: Vec<usize> = group
                .iter()
                .copied()
                .filter(|&u| self.stays_out_of_zoc(u))
                .collect();
            for u in stay {
                self.eliminate(
                    u,
                    "orange-circle artillery cannot retreat through an enemy ZOC (11.55b)",
                );
            }
            moving.retain(|&u| !self.stays_out_of_zoc(u));
        }
        let end = *path.last().expect("a path");
        for &h in &path[..path.len() - 1] {
            self.st.moved_through.insert(h, side);
        }
        self.place(&moving, end);
        for &u in &moving {
            self.builder_gone(u);
        }
        let names = self.ids(&moving);
        self.emit(Event::Retreated {
            units: names,
            path: path.clone(),
        });
        if let Some(Pending::Retreat(top)) = self.st.pending.last_mut() {
            top.units.retain(|u| !group.contains(u));
        }
        // 11.33: an end in overstack eliminates retreating units, the last first.
        let mut arrived = moving.clone();
        while self.stack_points(end, side) > STACKING {
            let Some(u) = arrived.pop() else { break };
            self.eliminate(u, "no room at the end of its retreat (11.33)");
        }
        let survivors: Vec<usize> = moving
            .iter()
            .copied()
            .filter(|&u| self.st.units[u].alive())
            .collect();
        if o.disrupt {
            self.disrupt(&survivors);
        }
        if !o.refusal && self.unresolved_defender_hex(end, o.from) {
            let seq = self.st.seq.as_mut().expect("in a sequence");
            for &u in &survivors {
                seq.sheltering.insert(u, end);
            }
        }
        if through && !survivors.is_empty() {
            self.zoc_toll(&survivors, path[0], side);
        }
        self.auto_retreat();
    }

    /// 11.56b-d: after a retreat through a vacant enemy-ZOC hex, an ER check on the
    /// stack's Lead (its best ER: decision R-19), a step lost on failure — or, for a stack
    /// without red box facing a red-box enemy's ZOC, a step the enemy chooses.
    fn zoc_toll(&mut self, units: &[usize], zoc_hex: HexId, side: Side) {
        let red_box = |u: usize| self.rules.units[u].class == Class::Mot;
        let enemy_red = self
            .enemy_zoc_sources(side, zoc_hex)
            .into_iter()
            .any(|h| self.combat_at(h, other(side)).into_iter().any(red_box));
        if !units.iter().any(|&u| red_box(u)) && enemy_red {
            self.st.pending.push(Pending::Loss(LossOrder {
                chooser: other(side),
                units: units.to_vec(),
                steps: 1,
                armor_first: false,
            }));
            return;
        }
        let lead = units
            .iter()
            .copied()
            .max_by_key(|&u| (self.er(u), std::cmp::Reverse(u)))
            .expect("a stack");
        if !self
            .er_check("retreat through an enemy ZOC (11.56)", lead, 0)
            .0
        {
            self.lose_step(lead);
        }
    }

    /// Units that cannot retreat are eliminated (11.3); an order done is closed. True if
    /// anything changed.
    pub(super) fn auto_retreat(&mut self) -> bool {
        let Some(pos) = self
            .st
            .pending
            .iter()
            .rposition(|p| matches!(p, Pending::Retreat(_)))
        else {
            return false;
        };
        if pos + 1 != self.st.pending.len() {
            return false;
        }
        let Some(Pending::Retreat(o)) = self.st.pending.last().cloned() else {
            return false;
        };
        let alive: Vec<usize> = o
            .units
            .iter()
            .copied()
            .filter(|&u| self.hex_of(u) == Some(o.from) && self.rules.units[u].kind != Kind::Leader)
            .collect();
        let o = RetreatOrder {
            units: alive.clone(),
            ..o
        };
        let stack = self.zoc_stack(&o);
        let stack_ok = !stack.is_empty() && !self.zoc_paths(&o, &stack).is_empty();
        let mut changed = alive.len() != self.pending_retreat_len();
        let mut keep = Vec::new();
        for &u in &alive {
            let own = !self.normal_paths(&o, &[u]).is_empty();
            if own || (stack_ok && stack.contains(&u)) {
                keep.push(u);
            } else {
                self.eliminate(u, "it cannot retreat (11.3)");
                changed = true;
            }
        }
        if keep.is_empty() {
            self.st.pending.pop();
            return true;
        }
        if let Some(Pending::Retreat(top)) = self.st.pending.last_mut() {
            top.units = keep;
        }
        changed
    }

    fn pending_retreat_len(&self) -> usize {
        match self.st.pending.last() {
            Some(Pending::Retreat(o)) => o.units.len(),
            _ => 0,
        }
    }

    pub(super) fn retreat_candidates(&self, o: &RetreatOrder) -> Vec<Action> {
        let mut out = Vec::new();
        for &u in &o.units {
            for p in self.normal_paths(o, &[u]) {
                out.push(Action::Retreat {
                    unit: Some(self.id(u)),
                    path: p,
                });
            }
        }
        let stack = self.zoc_stack(o);
        if !stack.is_empty() {
            for p in self.zoc_paths(o, &stack) {
                out.push(Action::Retreat {
                    unit: None,
                    path: p,
                });
            }
        }
        out
    }
}
