//! Reinforcements (7), reserve declaration (9.6), German armor reaction (12.1.2) and
//! night withdrawal (9.8).

use sztab_core::hex::HexId;

use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::movement::TerrainCost;
use super::phase::Step;
use super::side::Army;
use super::state::{Loc, Mode, Supply};
use super::zoc::Zone;

impl Game {
    /// Hexes unit `u` may enter on this turn (7.1, J-18: a map-edge hex within 2 of a
    /// designated one, neither enemy-occupied nor in an enemy ZOC).
    pub fn entry_hexes(&self, u: usize) -> Vec<HexId> {
        let army = self.rules.units[u].army;
        let b = &self.rules.board;
        let mut v: Vec<HexId> = self
            .rules
            .arrivals
            .iter()
            .filter(|a| a.turn <= self.st.turn && a.units.contains(&u))
            .flat_map(|a| a.entry.iter().copied())
            .flat_map(|e| b.grid.range(e, 2))
            .filter(|&h| !b.grid.edges_of(h).is_empty())
            .filter(|&h| !self.enemy_on(h, army) && self.enemy_zone(h, army) != Zone::Zoc)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub(crate) fn enter(&mut self, id: &str, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if self.st.units[u].loc != Loc::Waiting {
            return Err(RuleError::new(
                "7.0",
                format!("{id} is no reinforcement waiting to enter"),
            ));
        }
        if !self.entry_hexes(u).contains(&hex) {
            return Err(RuleError::new(
                "7.1",
                format!("{id} may not enter at {}", self.hex_label(hex)),
            ));
        }
        let range = 99;
        let sdm = self.trace(u, hex, range).flatten();
        let s = &mut self.st.units[u];
        s.loc = Loc::Map(hex);
        s.supply = Supply::In;
        s.sdm = sdm;
        self.mark_holder(u);
        self.emit(
            out,
            Event::Entered {
                unit: id.to_owned(),
                hex,
            },
        );
        Ok(())
    }

    /// 9.6: in supply, not next to an enemy unit.
    pub(crate) fn may_reserve(&self, u: usize) -> bool {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let Some(h) = s.hex() else { return false };
        d.army == self.st.phase.player
            && !s.reserve
            && !d.is_sdm()
            && !s.alarm_side
            && d.movement > 0
            && s.supply == Supply::In
            && d.kind != super::unit::Kind::Partisan
            && !self
                .rules
                .board
                .neighbours(h)
                .into_iter()
                .any(|n| self.enemy_on(n, d.army))
    }

    pub(crate) fn reserve(&mut self, id: &str, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if !self.may_reserve(u) {
            return Err(RuleError::new(
                "9.6",
                format!("{id} may not go into reserve"),
            ));
        }
        self.st.units[u].reserve = true;
        self.emit(
            out,
            Event::Reserved {
                unit: id.to_owned(),
            },
        );
        Ok(())
    }

    /// Where German armor `u` may react (12.1.2) or withdraw (9.8) to.
    pub fn one_hex_moves(&self, u: usize) -> Vec<HexId> {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let Some(from) = s.hex() else {
            return Vec::new();
        };
        let step = self.st.phase.step;
        if d.army != Army::German || !d.is_armor() || s.shaken() || s.moved {
            return Vec::new();
        }
        let reaction = step == Step::ArmorReaction;
        if reaction && self.enemy_zone(from, Army::German) != Zone::None {
            return Vec::new();
        }
        if !reaction && s.broke_through {
            return Vec::new();
        }
        self.rules
            .board
            .neighbours(from)
            .into_iter()
            .filter(|&to| !self.enemy_on(to, Army::German))
            .filter(|&to| reaction || self.enemy_zone(to, Army::German) == Zone::None)
            .filter(|&to| {
                !matches!(
                    self.terrain_cost(u, from, to, Mode::Tactical),
                    TerrainCost::Prohibited(_)
                )
            })
            .filter(|&to| {
                let mut stack = self.own_on(to, Army::German);
                stack.push(u);
                self.stacking_fault(to, &stack).is_none()
            })
            .collect()
    }

    pub(crate) fn react(&mut self, id: &str, to: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if !self.one_hex_moves(u).contains(&to) {
            return Err(RuleError::new(
                if self.st.phase.step == Step::ArmorReaction {
                    "12.1.2"
                } else {
                    "9.8"
                },
                format!("{id} may not move to {}", self.hex_label(to)),
            ));
        }
        let from = self.st.units[u].hex().expect("on the map");
        self.st.units[u].loc = Loc::Map(to);
        self.st.units[u].moved = true;
        self.mark_holder(u);
        self.emit(
            out,
            Event::Moved {
                units: vec![id.to_owned()],
                from,
                to,
                spent: Vec::new(),
            },
        );
        Ok(())
    }
}
