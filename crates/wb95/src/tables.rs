//! The four small tables of §3 as data: BOMBER ATTACK, AIR ATTACK, ARTILLERY
//! FIRE and ATTACK ON OBJECTS. Rows are SP brackets `1-2, 3-5, 6-8, 9-12, 13-16, 17+`,
//! columns the 2K6 roll 2..12 (no HQ modifier). SP ≤ 0 has no effect.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which small table a strike uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum FireTable {
    /// BOMBER ATTACK (bomber counters, A-18).
    Bomber,
    /// AIR ATTACK (ground-attack counters, R8.2.6).
    Air,
    /// ARTILLERY FIRE (ranged fire and barrage, R6.4, R6.5).
    Artillery,
    /// ATTACK ON OBJECTS (bridges, R6.4.7, R8.2.8).
    Objects,
}

/// A cell of a small table: `-1` (CELs lost, the owner's choice), `D` (every unit in
/// the hex disorganized), `•` (a disorganization test), `Z` (the object destroyed).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct FireResult {
    pub loss: u8,
    pub disorganized: bool,
    pub test: bool,
    pub destroyed: bool,
}

impl FireResult {
    pub fn is_none(&self) -> bool {
        *self == FireResult::default()
    }
}

impl fmt::Display for FireResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("-");
        }
        if self.loss > 0 {
            write!(f, "-{}", self.loss)?;
        }
        if self.disorganized {
            f.write_str("D")?;
        }
        if self.test {
            f.write_str("•")?;
        }
        if self.destroyed {
            f.write_str("Z")?;
        }
        Ok(())
    }
}

/// Parses a cell as printed: `-`, `-1`, `-2D`, `D`, `•`, `-1•`, `Z`.
fn cell(text: &str) -> FireResult {
    let mut r = FireResult::default();
    if text == "-" {
        return r;
    }
    let mut rest = text;
    if let Some(x) = rest.strip_prefix('-') {
        let digits: String = x.chars().take_while(|c| c.is_ascii_digit()).collect();
        r.loss = digits.parse().unwrap_or(0);
        rest = &x[digits.len()..];
    }
    r.disorganized = rest.contains('D');
    r.test = rest.contains('•');
    r.destroyed = rest.contains('Z');
    r
}

const BOMBER: [&str; 6] = [
    "-1 -1 - - - - - - - D -1",
    "-1 -1 D - - - - - D -1 -1",
    "-1D -1 -1 D - - - D -1 -1 -1D",
    "-1D -1D -1 -1 D - D -1 -1 -1D -1D",
    "- -1D -1D -1 -1 D -1 -1 -1D -1D -",
    "- -2D -1D -1D -1 D -1D -1D -1D -2D -",
];

const AIR: [&str; 6] = [
    "- - - - - - - - - - -1",
    "-1 - - - - - - - - -1 -1",
    "-1D -1 - - - - - - -1 -1 -1D",
    "-1D -1D -1 -1 - - - -1 -1 -1D -1D",
    "- -1D -1D -1 -1 -1 -1 -1 -1 -1D -",
    "-2D - -1D -1 -1 -1 -1 -1 -1D - -2D",
];

const ARTILLERY: [&str; 6] = [
    "-1 - - - - - - - - - •",
    "-1 D • - - - - - - • D",
    "-1• -1 D • - - - - • D -1",
    "-1D -1• D • - - - • D -1• -1D",
    "- -1D -1• D • - • D -1• -1• -",
    "- -1D -1D -1• -1 D D -1 -1• -1D -",
];

const OBJECTS: [&str; 6] = [
    "Z - - - - - - - - - -",
    "Z Z - - - - - - - Z Z",
    "Z Z Z - - - - - Z Z Z",
    "- Z Z Z - - - Z Z Z -",
    "- - Z Z Z - Z Z Z - -",
    "- - Z Z Z Z Z Z Z Z -",
];

/// The row of an SP total: 0 for 1-2 up to 5 for 17+; `None` for SP ≤ 0.
pub fn row(sp: i32) -> Option<usize> {
    match sp {
        i32::MIN..=0 => None,
        1..=2 => Some(0),
        3..=5 => Some(1),
        6..=8 => Some(2),
        9..=12 => Some(3),
        13..=16 => Some(4),
        _ => Some(5),
    }
}

impl FireTable {
    fn rows(self) -> &'static [&'static str; 6] {
        match self {
            FireTable::Bomber => &BOMBER,
            FireTable::Air => &AIR,
            FireTable::Artillery => &ARTILLERY,
            FireTable::Objects => &OBJECTS,
        }
    }

    /// The result for `sp` (after subtractions), moved `shift` rows down (white-star air
    /// counters, capped at 17+, R21.1.1), and a 2K6 `roll`.
    pub fn result(self, sp: i32, shift: u8, roll: u8) -> FireResult {
        let Some(r) = row(sp) else {
            return FireResult::default();
        };
        let r = (r + usize::from(shift)).min(5);
        let col = usize::from(roll.clamp(2, 12) - 2);
        self.rows()[r]
            .split_whitespace()
            .nth(col)
            .map(cell)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(t: FireTable, sp: i32, roll: u8) -> String {
        t.result(sp, 0, roll).to_string()
    }

    #[test]
    fn reference_3_every_row_has_eleven_cells() {
        for t in [
            FireTable::Bomber,
            FireTable::Air,
            FireTable::Artillery,
            FireTable::Objects,
        ] {
            for r in t.rows() {
                assert_eq!(r.split_whitespace().count(), 11, "{t:?}: {r}");
            }
        }
    }

    #[test]
    fn reference_3_rows_are_sp_brackets_and_zero_sp_does_nothing() {
        assert_eq!(row(0), None);
        assert_eq!(row(-3), None);
        assert_eq!(row(2), Some(0));
        assert_eq!(row(3), Some(1));
        assert_eq!(row(12), Some(3));
        assert_eq!(row(16), Some(4));
        assert_eq!(row(17), Some(5));
        assert!(FireTable::Artillery.result(0, 0, 2).is_none());
    }

    #[test]
    fn reference_3_1_bomber_attack_cells() {
        assert_eq!(show(FireTable::Bomber, 2, 11), "D");
        assert_eq!(show(FireTable::Bomber, 20, 3), "-2D");
        assert_eq!(show(FireTable::Bomber, 20, 6), "-1");
        assert_eq!(show(FireTable::Bomber, 20, 8), "-1D");
        assert_eq!(show(FireTable::Bomber, 4, 6), "-");
    }

    #[test]
    fn reference_3_2_air_attack_cells() {
        assert_eq!(show(FireTable::Air, 1, 12), "-1");
        assert_eq!(show(FireTable::Air, 10, 3), "-1D");
        assert_eq!(show(FireTable::Air, 17, 2), "-2D");
        assert_eq!(show(FireTable::Air, 17, 3), "-");
    }

    #[test]
    fn reference_3_3_artillery_fire_cells() {
        assert_eq!(show(FireTable::Artillery, 7, 2), "-1•");
        assert_eq!(show(FireTable::Artillery, 20, 10), "-1•");
        assert_eq!(show(FireTable::Artillery, 20, 7), "D");
        assert_eq!(show(FireTable::Artillery, 4, 4), "•");
        let r = FireTable::Artillery.result(10, 0, 3);
        assert_eq!((r.loss, r.test, r.disorganized), (1, true, false));
    }

    #[test]
    fn reference_3_4_objects_keeps_the_printed_oddity_at_roll_2() {
        assert!(FireTable::Objects.result(1, 0, 2).destroyed);
        assert!(!FireTable::Objects.result(10, 0, 2).destroyed);
        assert!(FireTable::Objects.result(20, 0, 7).destroyed);
        assert!(!FireTable::Objects.result(4, 0, 7).destroyed);
    }

    #[test]
    fn we_10_r21_1_1_a_white_star_counter_moves_one_row_down() {
        // 7 SP is row 6-8; with a white-star counter it reads row 9-12.
        assert_eq!(
            FireTable::Air.result(7, 1, 4),
            FireTable::Air.result(10, 0, 4)
        );
        assert_eq!(
            FireTable::Air.result(20, 3, 2),
            FireTable::Air.result(17, 0, 2)
        );
    }
}
