//! The Combat Results Table: odds rounded in the defender's favour to a column (1-4 to
//! 4-1), one die plus the net die modifier, and the result X, DD, D or no effect.
//!
//! The seed's table survives only as fragments; its anchors (1-4 at −1 D; 1-3 at −1 DD,
//! 0 D, 1 D, 2 —; 1-1 at 4 —) agree with the cells of the reference data, which are used
//! (decision P-01). Rows run from −1 (a die of 1 less 2) to 7 (a 6 plus 1); a modified
//! roll below −1 — only a dispersed defender close-assaulted or overrun on a 1 gets
//! there — is read on the −1 row one column further right for each point below (the
//! below-table rule, decision P-02). Odds above 4-1 are attacked at 4-1.

use serde::{Deserialize, Serialize};

/// A result on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Outcome {
    /// No effect.
    NoEffect,
    /// Dispersed: may not move or fire; −1 to later attacks on it this turn.
    D,
    /// Special dispersal: destroys a unit already dispersed this turn.
    DD,
    /// Eliminated.
    X,
}

impl Outcome {
    pub fn code(self) -> &'static str {
        match self {
            Outcome::NoEffect => "-",
            Outcome::D => "D",
            Outcome::DD => "DD",
            Outcome::X => "X",
        }
    }
}

/// Column 0 is 1-4, column 6 is 4-1.
pub const COLUMNS: [&str; 7] = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1"];
pub const TOP: usize = 6;
/// The first row of the table.
pub const LOW_ROW: i32 = -1;
/// The last row.
pub const HIGH_ROW: i32 = 7;

use Outcome::{D, DD, NoEffect as N, X};

/// Rows −1..=7 for each column.
const TABLE: [[Outcome; 9]; 7] = [
    [D, N, N, N, N, N, N, N, N],
    [DD, D, D, N, N, N, N, N, N],
    [X, DD, D, D, N, N, N, N, N],
    [X, DD, DD, D, D, N, N, N, N],
    [X, X, X, DD, DD, D, D, N, N],
    [X, X, X, X, X, DD, DD, N, N],
    [X, X, X, X, X, X, X, X, N],
];

/// The column of `attack` against `defense`, rounded in the defender's favour
/// ("How to have combat" A: 11 to 3 is 3-1): 3 is 1-1, 0 is 1-4, below 0 is worse than
/// 1-4, above 6 better than 4-1. `None` for no attack factor.
pub fn column(attack: u32, defense: u32) -> Option<i32> {
    if attack == 0 {
        return None;
    }
    let defense = defense.max(1);
    Some(if attack >= defense {
        let n = (attack / defense) as i32;
        2 + n
    } else {
        let n = defense.div_ceil(attack) as i32;
        4 - n
    })
}

/// The odds as the rules write them: "3-1", "1-5".
pub fn odds_name(col: i32) -> String {
    match col {
        c if c < 0 => format!("1-{}", 4 - c),
        c if c as usize <= TOP => COLUMNS[c as usize].to_owned(),
        c => format!("{}-1", c - 2),
    }
}

/// The simplified ratio before rounding: "11 to 3".
pub fn ratio(attack: u32, defense: u32) -> String {
    format!("{attack} to {defense}")
}

/// The result at a column (clamped to 4-1) and a modified die roll.
pub fn result(col: i32, roll: i32) -> Outcome {
    let mut col = col.clamp(0, TOP as i32);
    let mut roll = roll;
    if roll < LOW_ROW {
        col = (col + (LOW_ROW - roll)).min(TOP as i32);
        roll = LOW_ROW;
    }
    if roll > HIGH_ROW {
        return Outcome::NoEffect;
    }
    TABLE[col as usize][(roll - LOW_ROW) as usize]
}

/// The chance of each result with one die at a column and net modifier: the results,
/// each with its probability and the die faces that give it.
pub fn chances(col: i32, modifier: i32) -> Vec<(Outcome, f64, Vec<u8>)> {
    let mut out: Vec<(Outcome, f64, Vec<u8>)> = Vec::new();
    for face in 1..=6u8 {
        let o = result(col, i32::from(face) + modifier);
        match out.iter_mut().find(|(x, _, _)| *x == o) {
            Some(e) => {
                e.1 += 1.0 / 6.0;
                e.2.push(face);
            }
            None => out.push((o, 1.0 / 6.0, vec![face])),
        }
    }
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    out
}
