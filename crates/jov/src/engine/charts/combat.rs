//! The combat charts: the CRT (12.11-12.12), the terrain's effects on combat (12.5), the
//! two Artillery Support Tables (12.10) and Armor Superiority (12.8).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use sztab_core::model::tables::cell::{RollRange, Token};

use super::Reader;
use super::rolls::RollTable;

/// One side's half of a CRT cell (12.12.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrtPart {
    pub steps: u32,
    pub disorganized: bool,
    /// Hexes to retreat: 0, 1, or 2 on a Breakthrough.
    pub retreat: u32,
    pub breakthrough: bool,
}

impl CrtPart {
    fn of(tokens: &[Token]) -> Option<CrtPart> {
        let mut p = CrtPart::default();
        for t in tokens {
            match t {
                Token::Code(c) if c == "—" => {}
                Token::Code(c) if c == "D" => p.disorganized = true,
                Token::Code(c) if c == "R" => p.retreat = 1,
                Token::Code(c) if c == "R▶" => {
                    p.retreat = 2;
                    p.breakthrough = true;
                }
                Token::Number {
                    num,
                    den: 1,
                    signed: false,
                } => p.steps = u32::try_from(*num).ok()?,
                _ => return None,
            }
        }
        Some(p)
    }
}

impl std::fmt::Display for CrtPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        if self.steps > 0 {
            s.push_str(&self.steps.to_string());
        }
        if self.disorganized {
            s.push('D');
        }
        if self.breakthrough {
            s.push_str("R▶");
        } else if self.retreat > 0 {
            s.push('R');
        }
        if s.is_empty() {
            s.push('—');
        }
        f.write_str(&s)
    }
}

/// A CRT cell: attacker / defender.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrtResult {
    pub attacker: CrtPart,
    pub defender: CrtPart,
}

/// A CRT column: odds `a:d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrtColumn {
    pub label: String,
    pub a: u32,
    pub d: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Crt {
    pub columns: Vec<CrtColumn>,
    /// By column, then row (the 2d6 sum, 2..=12).
    cells: Vec<Vec<CrtResult>>,
}

impl Crt {
    pub fn read(r: &mut Reader<'_>) -> Crt {
        let mut crt = Crt::default();
        let Some(t) = r.table("crt") else { return crt };
        for label in &t.columns {
            let Some((a, d)) = label
                .split_once(':')
                .and_then(|(a, d)| Some((a.trim().parse().ok()?, d.trim().parse().ok()?)))
                .filter(|&(a, d): &(u32, u32)| a > 0 && d > 0)
            else {
                r.problem(format!(
                    "CRT column \"{label}\" is no odds ratio such as 3:1"
                ));
                continue;
            };
            let mut col = Vec::new();
            for roll in 2..=12 {
                let part = |p: Option<&Vec<Token>>| p.and_then(|p| CrtPart::of(p));
                let res = r.cell(t, &roll.to_string(), label).and_then(|parts| {
                    Some(CrtResult {
                        attacker: part(parts.first())?,
                        defender: part(parts.get(1))?,
                    })
                });
                match res {
                    Some(x) => col.push(x),
                    None => col.push(CrtResult::default()),
                }
            }
            crt.columns.push(CrtColumn {
                label: label.clone(),
                a,
                d,
            });
            crt.cells.push(col);
        }
        let mut sorted = crt.columns.clone();
        sorted.sort_by(|x, y| {
            (u64::from(x.a) * u64::from(y.d)).cmp(&(u64::from(y.a) * u64::from(x.d)))
        });
        if sorted != crt.columns {
            r.problem("the CRT's columns are not in rising odds".into());
        }
        if crt.columns.is_empty() {
            r.problem("the CRT has no columns".into());
        }
        crt
    }

    /// The column the odds `att:def` round down to (12.1.3 B2), as a signed index: −1
    /// below the first column, `len` above the last. Defender strength is at least 1.
    pub fn column_of(&self, att: u32, def: u32) -> isize {
        let def = u64::from(def.max(1));
        let att = u64::from(att);
        let mut idx = -1isize;
        for (i, c) in self.columns.iter().enumerate() {
            if att * u64::from(c.d) >= u64::from(c.a) * def {
                idx = i as isize;
            }
        }
        idx
    }

    /// 12.11: odds below the first column Disorganize the attacker (`Some(false)`),
    /// odds above the last the defender (`Some(true)`); J-05: measured on the odds before
    /// the column shifts, and "above 10:1" is odds that round down beyond the last column.
    pub fn beyond(&self, att: u32, def: u32) -> Option<bool> {
        let last = self.columns.last()?;
        if self.column_of(att, def) < 0 {
            return Some(false);
        }
        let (att, def) = (u64::from(att), u64::from(def.max(1)));
        let (a, d) = (u64::from(last.a), u64::from(last.d));
        let above = if d == 1 {
            att >= (a + 1) * def
        } else {
            att * d > a * def
        };
        above.then_some(true)
    }

    /// The cell at column `col` (clamped to the table) and 2d6 `roll`.
    pub fn result(&self, col: isize, roll: u8) -> CrtResult {
        let last = self.columns.len().saturating_sub(1);
        let c = usize::try_from(col.max(0)).unwrap_or(0).min(last);
        let r = usize::from(roll.clamp(2, 12) - 2);
        self.cells
            .get(c)
            .and_then(|col| col.get(r))
            .copied()
            .unwrap_or_default()
    }

    pub fn label(&self, col: isize) -> &str {
        let last = self.columns.len().saturating_sub(1);
        let c = usize::try_from(col.max(0)).unwrap_or(0).min(last);
        self.columns.get(c).map_or("", |c| c.label.as_str())
    }
}

/// A defence bonus of the hex (12.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenceBonus {
    None,
    /// Points a hex.
    Plus(u32),
    /// "F": the greater of +1 an attack-capable infantry step or +2 a hex.
    Forest,
}

/// What a terrain row does in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatRow {
    pub defence: DefenceBonus,
    pub armor_halved: bool,
    pub others_halved: bool,
    /// No attack into or across it.
    pub prohibited: bool,
}

const HEX_ROWS: &[&str] = &["Clear", "Village", "Woods", "Forest", "Town"];
const SIDE_ROWS: &[&str] = &[
    "River hexside",
    "Stream hexside",
    "Swamp hexside",
    "Lake hexside",
];
const DEFENCE: &str = "Defence (infantry types)";
const ARMOR: &str = "Armor attacking";
const OTHERS: &str = "Others attacking";

#[derive(Clone, Debug, Default)]
pub struct TerrainCombat {
    rows: HashMap<String, CombatRow>,
}

impl TerrainCombat {
    pub fn read(r: &mut Reader<'_>) -> TerrainCombat {
        let mut tc = TerrainCombat::default();
        let Some(t) = r.table("tec_combat") else {
            return tc;
        };
        let mut read = |r: &mut Reader<'_>, row: &str, cols: &[&str]| {
            let mut out = CombatRow {
                defence: DefenceBonus::None,
                armor_halved: false,
                others_halved: false,
                prohibited: false,
            };
            for col in cols {
                let Some(parts) = r.cell(t, row, col) else {
                    continue;
                };
                match parts.first().map(Vec::as_slice) {
                    Some([Token::Code(c)]) if c == "—" => {}
                    Some([Token::Code(c)]) if c == "½" && *col == ARMOR => out.armor_halved = true,
                    Some([Token::Code(c)]) if c == "½" && *col == OTHERS => {
                        out.others_halved = true
                    }
                    Some([Token::Code(c)]) if c == "P" && *col != DEFENCE => out.prohibited = true,
                    Some([Token::Code(c)]) if c == "F" && *col == DEFENCE => {
                        out.defence = DefenceBonus::Forest
                    }
                    Some([Token::Number { num, den: 1, .. }]) if *col == DEFENCE => {
                        out.defence = DefenceBonus::Plus(u32::try_from(*num).unwrap_or(0))
                    }
                    _ => r.bad(t, row, col, "—, ½, +n, F or P"),
                }
            }
            tc.rows.insert(row.to_owned(), out);
        };
        for row in HEX_ROWS {
            read(r, row, &[DEFENCE, ARMOR, OTHERS]);
        }
        read(r, "Improved Position", &[DEFENCE]);
        for row in SIDE_ROWS {
            read(r, row, &[ARMOR, OTHERS]);
        }
        tc
    }

    pub fn row(&self, key: &str) -> CombatRow {
        self.rows.get(key).copied().unwrap_or(CombatRow {
            defence: DefenceBonus::None,
            armor_halved: false,
            others_halved: false,
            prohibited: false,
        })
    }
}

/// An Artillery Support Table: column shifts by total barrage strength and die (12.10.2).
#[derive(Clone, Debug, Default)]
pub struct Artillery {
    columns: Vec<RollRange>,
    rows: RollTable<Vec<u32>>,
}

impl Artillery {
    pub fn read(r: &mut Reader<'_>, id: &str) -> Artillery {
        let mut a = Artillery::default();
        let Some(t) = r.table(id) else { return a };
        for label in &t.columns {
            match RollRange::parse(label) {
                Some(rr) => a.columns.push(rr),
                None => r.problem(format!(
                    "table {id}: column \"{label}\" is no strength total"
                )),
            }
        }
        a.rows = RollTable::read_rows(r, t, |r, key| {
            let mut v = Vec::new();
            for label in &t.columns {
                v.push(u32::try_from(r.number(t, key, label)?).ok()?);
            }
            Some(v)
        });
        a
    }

    /// Shifts for `total` strength and a modified die `roll` (J-06: rolls and totals
    /// beyond the chart read its last row or column).
    pub fn shifts(&self, total: u32, roll: i32) -> u32 {
        if total == 0 {
            return 0;
        }
        let t = i32::try_from(total).unwrap_or(i32::MAX);
        let col = self
            .columns
            .iter()
            .position(|c| c.contains(t))
            .unwrap_or(self.columns.len().saturating_sub(1));
        self.rows
            .get(roll)
            .and_then(|row| row.get(col).copied())
            .unwrap_or(0)
    }
}

/// Armor Superiority shifts by the difference in white dots (12.8); right is positive.
#[derive(Clone, Debug, Default)]
pub struct ArmorSuperiority {
    /// Attacker 1 more, 2-4 more, 5+ more, equal, defender more.
    shifts: [i32; 5],
}

const AS_ROWS: [&str; 5] = [
    "Attacker 1 more",
    "Attacker 2 to 4 more",
    "Attacker 5 or more more",
    "Equal",
    "Defender more",
];

impl ArmorSuperiority {
    pub fn read(r: &mut Reader<'_>) -> ArmorSuperiority {
        let mut a = ArmorSuperiority::default();
        let Some(t) = r.table("armor_superiority") else {
            return a;
        };
        for (i, row) in AS_ROWS.iter().enumerate() {
            let Some(parts) = r.cell(t, row, "Shift") else {
                continue;
            };
            a.shifts[i] = match parts.first().map(Vec::as_slice) {
                Some([Token::Code(c)]) if c == "—" => 0,
                Some([Token::Number { num, den: 1, .. }, Token::Code(c)]) if c == "R" => {
                    *num as i32
                }
                Some([Token::Number { num, den: 1, .. }, Token::Code(c)]) if c == "L" => {
                    -(*num as i32)
                }
                _ => {
                    r.bad(t, row, "Shift", "—, nR or nL");
                    0
                }
            };
        }
        a
    }

    /// The shift when the best attacker has `att` white dots and the best defender `def`.
    pub fn shift(&self, att: u32, def: u32) -> i32 {
        let i = match i64::from(att) - i64::from(def) {
            d if d < 0 => 4,
            0 => 3,
            1 => 0,
            2..=4 => 1,
            _ => 2,
        };
        self.shifts[i]
    }
}
