//! Operation Wanda (16.3): from the German Event Phase of game-turn 10 on, the German
//! player may declare it once: his CAS missions become four at once, two dice plus three
//! give its length in turns, and until the turn it ends his air availability rolls get
//! +3.

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};

/// The first game-turn Wanda may be declared on (16.3).
const WANDA_FIRST: u32 = 10;

impl Game {
    /// The absolute game-turn (3.1).
    pub fn day(&self) -> u32 {
        self.rules.first_turn + self.st.turn - 1
    }

    /// Does Wanda add +3 to this turn's air roll (16.3 step 3-4)?
    pub(crate) fn wanda_on(&self) -> bool {
        self.st.wanda_ends.is_some_and(|end| self.day() <= end)
    }

    pub(crate) fn declarations(&self) -> Vec<Action> {
        if self.st.wanda_ends.is_none() && self.day() >= WANDA_FIRST {
            vec![Action::Wanda]
        } else {
            Vec::new()
        }
    }

    pub(crate) fn wanda(&mut self, out: &mut Vec<Event>) -> Checked<()> {
        if !self.declarations().contains(&Action::Wanda) {
            return Err(RuleError::new(
                "16.3",
                "Operation Wanda is declared once, from game-turn 10",
            ));
        }
        self.st.air.german = 4;
        let roll = self.dice.d6() + self.dice.d6();
        let ends = self.day() + u32::from(roll) + 3;
        self.st.wanda_ends = Some(ends);
        self.emit(out, Event::WandaDeclared { roll, ends });
        Ok(())
    }
}
