//! The Terrain Effects Chart's movement half (9.2-9.4, 10.2): a cost per hex, hexside,
//! road and zone, by movement class and ground condition.

use std::collections::HashMap;

use sztab_core::model::tables::cell::Token;

use super::super::mp::Mp;
use super::super::unit::MoveClass;
use super::super::weather::Ground;
use super::Reader;

/// A TEC cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MpCell {
    /// The cost of the hex or road.
    Cost(Mp),
    /// Added to the hex's cost ("+1": a hexside, a hilltop, a zone).
    Add(Mp),
    /// The unit's entire Movement Allowance (9.2.1).
    All,
    Prohibited,
}

impl MpCell {
    fn of(tokens: &[Token]) -> Option<MpCell> {
        match tokens {
            [Token::Code(c)] if c == "P" => Some(MpCell::Prohibited),
            [Token::Code(c)] if c == "All" => Some(MpCell::All),
            [Token::Number { num, den, signed }] => {
                let mp = Mp::fraction(*num, *den)?;
                Some(if *signed {
                    MpCell::Add(mp)
                } else {
                    MpCell::Cost(mp)
                })
            }
            _ => None,
        }
    }

    /// The points it adds, for a cell read as a surcharge (an unsigned number too).
    pub fn extra(self) -> Option<Mp> {
        match self {
            MpCell::Cost(m) | MpCell::Add(m) => Some(m),
            _ => None,
        }
    }
}

/// The rows the engine reads.
pub const ROWS: &[&str] = &[
    "Clear",
    "Woods",
    "Forest",
    "Town",
    "Village",
    "Hilltop",
    "Primary road",
    "Secondary road",
    "Trail",
    "Railroad",
    "River hexside",
    "Fordable river: ford",
    "Stream hexside",
    "Swamp hexside",
    "Lake hexside",
    "Dnepr hexside",
    "Enter enemy ZOC",
    "Leave enemy ZOC",
    "Enter enemy ZOI",
    "Leave enemy ZOI",
    "Primary road (strategic)",
    "Secondary road (strategic)",
    "Trail (strategic)",
    "Railroad (strategic)",
];

const CLASSES: [MoveClass; 3] = [MoveClass::NonMot, MoveClass::MotMech, MoveClass::Armor];
const GROUNDS: [Ground; 2] = [Ground::Frozen, Ground::Mud];

#[derive(Clone, Debug, Default)]
pub struct Tec {
    cells: HashMap<(String, MoveClass, Ground), MpCell>,
}

impl Tec {
    pub fn read(r: &mut Reader<'_>) -> Tec {
        let mut tec = Tec::default();
        let Some(t) = r.table("tec_movement") else {
            return tec;
        };
        for row in ROWS {
            for g in GROUNDS {
                for c in CLASSES {
                    let col = format!("{} {}", c.column(), g.name());
                    let Some(parts) = r.cell(t, row, &col) else {
                        continue;
                    };
                    match parts.first().and_then(|p| MpCell::of(p)) {
                        Some(cell) => {
                            tec.cells.insert(((*row).to_owned(), c, g), cell);
                        }
                        None => r.bad(t, row, &col, "a cost, +cost, All or P"),
                    }
                }
            }
        }
        tec
    }

    /// The cell of `row` for `class` on `ground`; every row the engine reads is there
    /// once the charts are accepted.
    pub fn get(&self, row: &str, class: MoveClass, ground: Ground) -> MpCell {
        self.cells
            .get(&(row.to_owned(), class, ground))
            .copied()
            .unwrap_or(MpCell::Prohibited)
    }

    #[cfg(test)]
    pub fn set(&mut self, row: &str, class: MoveClass, ground: Ground, cell: MpCell) {
        self.cells.insert((row.to_owned(), class, ground), cell);
    }
}
