//! Mines: a minefield attacks every unit on it at 2-1 whatever the terrain (E), in the
//! combat portion of the other player's turn, before normal attacks (J); one roll for
//! each unit (decision P-07); it is never used up (F).

use super::event::{AttackKind, Event, Target};
use super::fire::Piece;
use super::game::Game;

/// The column of a minefield's attack: 2-1.
pub const MINES_COLUMN: i32 = 4;

impl Game {
    /// Step 1 of `side`'s player-turn: the minefields attack the other side's units.
    pub(super) fn minefield_attacks(&mut self, side: usize) -> Vec<Event> {
        let mut out = Vec::new();
        let victims: Vec<usize> = (0..self.s.units.len())
            .filter(|&u| {
                self.s.units[u].side != side
                    && self.st.units[u]
                        .hex()
                        .is_some_and(|h| self.st.mines.contains(&h))
            })
            .collect();
        for u in victims {
            let Some(h) = self.st.units[u].hex() else {
                continue;
            };
            let mut units = vec![u];
            units.extend(self.st.units[u].carrying);
            let piece = Piece {
                target: Target::Unit(self.id(u)),
                df: self.s.units[u].f.defense,
                armored: self.s.units[u].kind.is_armored(),
                units,
                passenger: false,
            };
            let attack = 2 * piece.df.max(1);
            self.resolve(
                &mut out,
                AttackKind::Mines,
                h,
                Vec::new(),
                &[piece],
                attack,
                MINES_COLUMN,
                0,
                false,
            );
        }
        out
    }
}
