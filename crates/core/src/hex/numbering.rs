//! How a board prints its hex numbers, and the conversion between printed numbers and
//! axial coordinates.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::HexId;

/// Parity of a printed column number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Parity {
    Odd,
    Even,
}

/// How a hex's printed label is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum LabelStyle {
    /// Column then row as digits: `0927` (WB-95 and most operational maps).
    #[default]
    Ccrr,
    /// The column as a letter (A, B, … Z, AA, …, counting from column 1) and the row
    /// as a number: `P-6` (PanzerBlitz's board-row-hex scheme, less the board).
    LetterNumber,
}

/// The printed numbering scheme of a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Numbering {
    /// Number printed on the westmost column (the Kursk southern sheet starts at 34).
    pub first_col: u16,
    /// Number printed on the northmost row (the Kursk sheets start at 00).
    pub first_row: u16,
    /// Digits per part when printing: 2 gives `0927`.
    pub digits: u8,
    /// Which printed columns sit half a hex lower than their neighbours.
    pub shifted: Parity,
    /// How labels are printed; files and the command line name hexes by their CCRR
    /// number whatever the style.
    #[serde(default, skip_serializing_if = "is_ccrr")]
    pub labels: LabelStyle,
}

fn is_ccrr(l: &LabelStyle) -> bool {
    *l == LabelStyle::Ccrr
}

impl Default for Numbering {
    fn default() -> Self {
        Self {
            first_col: 1,
            first_row: 1,
            digits: 2,
            shifted: Parity::Even,
            labels: LabelStyle::Ccrr,
        }
    }
}

impl Numbering {
    /// hexx counts offset parity on 0-based columns; ours is on printed numbers.
    fn mode(&self) -> OffsetHexMode {
        let first_is_odd = self.first_col % 2 == 1;
        // Column index 1 (the second printed column) is shifted iff its printed parity
        // is the shifted one; hexx's `Odd` shifts index 1.
        let second_printed_is_even = first_is_odd;
        match (self.shifted, second_printed_is_even) {
            (Parity::Even, true) | (Parity::Odd, false) => OffsetHexMode::Odd,
            _ => OffsetHexMode::Even,
        }
    }

    /// Is printed column `col` shifted half a hex down?
    pub fn is_shifted(&self, col: u16) -> bool {
        col.is_multiple_of(2) == (self.shifted == Parity::Even)
    }

    /// Axial coordinates of a printed hex (the first printed hex is the origin).
    pub fn to_axial(&self, id: HexId) -> Hex {
        let c = i32::from(id.col) - i32::from(self.first_col);
        let r = i32::from(id.row) - i32::from(self.first_row);
        Hex::from_offset_coordinates([c, r], self.mode(), HexOrientation::Flat)
    }

    /// Printed number of an axial hex; `None` if it would need a negative number
    /// or one beyond 9999.
    pub fn to_id(&self, h: Hex) -> Option<HexId> {
        let [c, r] = h.to_offset_coordinates(self.mode(), HexOrientation::Flat);
        let col = u16::try_from(c + i32::from(self.first_col)).ok()?;
        let row = u16::try_from(r + i32::from(self.first_row)).ok()?;
        (col <= 9999 && row <= 9999).then_some(HexId::new(col, row))
    }

    /// The id as printed on this board.
    pub fn label(&self, id: HexId) -> String {
        match self.labels {
            LabelStyle::Ccrr => id.format(usize::from(self.digits)),
            LabelStyle::LetterNumber => format!("{}-{}", column_letters(id.col), id.row),
        }
    }
}

/// Column 1 is A, 26 Z, 27 AA (0 has no letter and is written "0").
fn column_letters(col: u16) -> String {
    let mut n = u32::from(col);
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn letter_number_labels_count_columns_from_a() {
        let n = Numbering {
            labels: LabelStyle::LetterNumber,
            ..Numbering::default()
        };
        assert_eq!(n.label(HexId::new(1, 6)), "A-6");
        assert_eq!(n.label(HexId::new(16, 6)), "P-6");
        assert_eq!(n.label(HexId::new(27, 1)), "AA-1");
        assert_eq!(Numbering::default().label(HexId::new(9, 27)), "0927");
    }
}
