//! Advance after Combat (11.6): into the vacated Defender Hex, a red-box unit after a
//! Mobile CRT combat one hex further; no prohibited hexside, no enemy unit, enemy ZOC
//! ignored (11.64), within the stacking limit (11.65); never again in that Combat Phase
//! (11.62).

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::movement::STACKING;
use super::state::{AdvanceOrder, Pending};
use super::words::other;

impl Game {
    pub(super) fn check_advance(
        &self,
        o: &AdvanceOrder,
        unit: &str,
        path: &[HexId],
    ) -> Checked<usize> {
        let u = self.unit(unit)?;
        if !o.units.contains(&u) {
            return refuse("11.63", format!("{unit} may not advance"));
        }
        let max = if o.two.contains(&u) { 2 } else { 1 };
        if path.is_empty() || path.len() > max || path[0] != o.hex {
            return refuse(
                "11.61",
                format!("{unit} advances into {} and at most {} hex(es)", o.hex, max),
            );
        }
        let mut from = self.hex_of(u).expect("on the map");
        for &h in path {
            if !self.rules.board.grid.are_adjacent(from, h) || !self.can_cross(u, from, h) {
                return refuse("11.6", format!("{unit} cannot advance across into {h}"));
            }
            if self.occupant(h) == Some(other(o.side)) {
                return refuse("11.6", format!("{h} holds enemy units"));
            }
            from = h;
        }
        let points = self.stack_points(from, o.side) + self.rules.units[u].stacking;
        if points > STACKING {
            return refuse(
                "11.65",
                format!("{from} would hold {points} stacking points"),
            );
        }
        Ok(u)
    }

    pub(super) fn advance_unit(&mut self, u: usize, path: Vec<HexId>) {
        let end = *path.last().expect("a path");
        let side = self.side_of(u);
        for &h in &path[..path.len() - 1] {
            self.st.moved_through.insert(h, side);
        }
        self.place(&[u], end);
        if let Some(seq) = self.st.seq.as_mut() {
            seq.fought.insert(u);
        }
        let unit = self.id(u);
        self.emit(Event::Advanced { unit, path });
        if let Some(Pending::Advance(o)) = self.st.pending.last_mut() {
            o.units.retain(|&x| x != u);
        }
        self.auto_advance();
    }

    /// An advance with no one left to make it is over. True if anything changed.
    pub(super) fn auto_advance(&mut self) -> bool {
        let Some(Pending::Advance(o)) = self.st.pending.last().cloned() else {
            return false;
        };
        let units: Vec<usize> = o
            .units
            .iter()
            .copied()
            .filter(|&u| {
                self.hex_of(u)
                    .is_some_and(|h| self.rules.board.grid.are_adjacent(h, o.hex))
            })
            .collect();
        if units.is_empty() || self.occupant(o.hex) == Some(other(o.side)) {
            self.st.pending.pop();
            return true;
        }
        if units.len() != o.units.len() {
            if let Some(Pending::Advance(top)) = self.st.pending.last_mut() {
                top.units = units;
            }
            return true;
        }
        false
    }

    pub(super) fn advance_candidates(&self, o: &AdvanceOrder) -> Vec<Action> {
        let mut out = Vec::new();
        for &u in &o.units {
            out.push(Action::Advance {
                unit: self.id(u),
                path: vec![o.hex],
            });
            if o.two.contains(&u) {
                for n in self.rules.board.grid.neighbours(o.hex) {
                    out.push(Action::Advance {
                        unit: self.id(u),
                        path: vec![o.hex, n],
                    });
                }
            }
        }
        out
    }
}
