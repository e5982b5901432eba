//! Soviet minefields (15.3). A completed minefield faces three designated hexsides;
//! German units crossing one: armor rolls a die, 1-3 a step lost, and pays 3 MP more;
//! infantry entering the unoccupied minefield hex halts and the marker goes in the
//! German Engineering Phase; an engineer entering it halts, removes it at once and rolls,
//! 1-3 a step lost; artillery, anti-air and anti-tank units may not cross. A German
//! attack across one gives the defender a column (12.1.3 C, 15.3.2), which a declared
//! Assault Engineer cancels after its own 1-3 roll; an advance across one removes it.
//! German supply does not cross them (13.3). Soviet divisions and army engineers build
//! them in clear hexes for 1 SP, finished in the next Soviet Engineering Phase if the
//! builder is still there (15.3.1; J-31).

use sztab_core::hex::{Dir, HexId};

use super::action::Action;
use super::compile::minefield_sides;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::side::Army;
use super::state::{Loc, Minefield};
use super::unit::{Kind, Level, Size};

impl Game {
    /// The completed minefield whose designated hexsides include `a`-`b`.
    pub(crate) fn mined_side(&self, a: HexId, b: HexId) -> Option<usize> {
        self.st.minefields.iter().position(|m| {
            m.complete
                && (m.hex == a || m.hex == b)
                && minefield_sides(m.facing).iter().any(|&d| {
                    self.rules.board.grid.neighbour(m.hex, d)
                        == Some(if m.hex == a { b } else { a })
                })
        })
    }

    /// A completed minefield on `hex`.
    pub(crate) fn minefield_at(&self, hex: HexId) -> bool {
        self.st
            .minefields
            .iter()
            .any(|m| m.complete && m.hex == hex)
    }

    /// Removes minefield `i`.
    pub(crate) fn lift(&mut self, i: usize, out: &mut Vec<Event>) {
        let m = self.st.minefields.remove(i);
        self.emit(out, Event::MinefieldLifted { hex: m.hex });
    }

    /// What crossing `from`-`to` does to German unit `u`'s move: `Err` when it may not
    /// cross, else the extra MP and whether it halts (15.3.2 cases 1-4).
    pub(crate) fn minefield_crossing(
        &self,
        u: usize,
        from: HexId,
        to: HexId,
    ) -> Checked<(u32, bool)> {
        let d = &self.rules.units[u];
        let Some(i) = self.mined_side(from, to).filter(|_| d.army == Army::German) else {
            return Ok((0, false));
        };
        if d.kind == Kind::Artillery || d.is_anti_armor() {
            return Err(RuleError::new(
                "15.3.2",
                format!("{} may not cross a minefield hexside", d.id),
            ));
        }
        if d.is_armor() {
            return Ok((3, false));
        }
        Ok((0, self.st.minefields[i].hex == to))
    }

    /// The dice and markers of the crossing, once the step is made.
    pub(crate) fn cross_minefield(
        &mut self,
        units: &[usize],
        from: HexId,
        to: HexId,
        out: &mut Vec<Event>,
    ) {
        let Some(i) = self.mined_side(from, to) else {
            return;
        };
        let mut lift = false;
        for &u in units {
            let d = self.rules.units[u].clone();
            if d.army != Army::German {
                continue;
            }
            let entering = self.st.minefields[i].hex == to;
            let engineer = matches!(d.kind, Kind::Engineer(_));
            if d.is_armor() || (engineer && entering) {
                let roll = self.dice.d6();
                self.emit(
                    out,
                    Event::MinefieldRoll {
                        unit: d.id.clone(),
                        roll,
                    },
                );
                if roll <= 3 {
                    self.lose_step(u, "15.3.2", out);
                }
            }
            if entering && engineer {
                lift = true;
            } else if entering && d.kind.is_infantry_type() {
                self.st.minefields[i].lifting = true;
            }
        }
        if lift {
            self.lift(i, out);
        }
    }

    /// 15.3.2 combat case 2: a declared Assault Engineer rolls before resolution; it
    /// cancels the minefield's column unless the roll eliminates it.
    pub(crate) fn engineer_clears(&mut self, engineer: usize, out: &mut Vec<Event>) -> bool {
        let roll = self.dice.d6();
        let unit = self.id(engineer);
        self.emit(out, Event::MinefieldRoll { unit, roll });
        if roll <= 3 {
            self.lose_step(engineer, "15.3.2", out);
        }
        self.st.units[engineer].loc != Loc::Eliminated
    }

    /// The German Engineering Phase removes the minefields German infantry entered.
    pub(crate) fn clear_entered_minefields(&mut self, out: &mut Vec<Event>) {
        while let Some(i) = self.st.minefields.iter().position(|m| m.lifting) {
            self.lift(i, out);
        }
    }

    /// Soviet units that may start a minefield where they stand (15.3.1).
    fn may_mine(&self, u: usize) -> bool {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let Some(h) = s.hex() else { return false };
        let builder = d.size == Size::Division
            || (matches!(d.kind, Kind::Engineer(_))
                && d.formations
                    .first()
                    .is_some_and(|&f| self.rules.formations[f].level == Level::Army));
        d.army == Army::Soviet
            && self.st.phase.player == Army::Soviet
            && builder
            && !s.shaken()
            && self.st.minefields_left > 0
            && self.rules.board.cell(h).is_some_and(|c| c.is_clear())
            && !self.st.minefields.iter().any(|m| m.hex == h)
            && s.sdm
                .is_some_and(|sdm| self.st.sp.get(&sdm).is_some_and(|&sp| sp > 0))
    }

    pub(crate) fn minefield_works(&self) -> Vec<Action> {
        let mut v = Vec::new();
        for u in 0..self.rules.units.len() {
            if !self.may_mine(u) {
                continue;
            }
            let h = self.st.units[u].hex().expect("checked");
            for facing in self.rules.board.neighbours(h) {
                v.push(Action::BuildMinefield {
                    unit: self.id(u),
                    facing,
                });
            }
        }
        v
    }

    pub(crate) fn build_minefield(
        &mut self,
        id: &str,
        facing: HexId,
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        let u = self.own(id)?;
        if !self.may_mine(u) {
            return Err(RuleError::new(
                "15.3.1",
                format!("{id} may not build a minefield"),
            ));
        }
        let hex = self.st.units[u].hex().expect("checked");
        let dir: Dir = self
            .rules
            .board
            .grid
            .direction(hex, facing)
            .ok_or_else(|| {
                RuleError::new(
                    "15.3",
                    format!(
                        "{} is not next to {}",
                        self.hex_label(facing),
                        self.hex_label(hex)
                    ),
                )
            })?;
        let sdm = self.st.units[u].sdm.expect("checked");
        self.spend(sdm, 1, out);
        self.st.minefields_left -= 1;
        self.st.minefields.push(Minefield {
            hex,
            facing: dir,
            complete: false,
            lifting: false,
            builder: Some(u),
        });
        self.emit(out, Event::MinefieldStarted { hex });
        Ok(())
    }

    /// The Soviet Engineering Phase completes the minefields whose builder stayed.
    pub(crate) fn complete_minefields(&mut self, out: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.st.minefields.len() {
            let m = self.st.minefields[i].clone();
            if m.complete {
                i += 1;
                continue;
            }
            let stayed = m
                .builder
                .is_some_and(|b| self.st.units[b].loc == Loc::Map(m.hex));
            if stayed {
                self.st.minefields[i].complete = true;
                self.emit(out, Event::MinefieldCompleted { hex: m.hex });
                i += 1;
            } else {
                self.lift(i, out);
            }
        }
    }
}
