//! The combat results table (§2) as data: the resolved table and the two
//! inline copies kept as alternates (`RuleSwitches::crt`), their cell grammar, and the
//! combat ratio columns (R1.5).

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use sztab_core::model::CrtVariant;

/// A column of the CRT: `1:4` (0) .. `1:1` (3) .. `10:1` (12).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Column(u8);

impl Column {
    pub const LOWEST: Column = Column(0);
    pub const ONE_TO_ONE: Column = Column(3);
    pub const HIGHEST: Column = Column(12);
    pub const COUNT: usize = 13;

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn from_index(i: usize) -> Option<Column> {
        (i < Self::COUNT).then_some(Column(i as u8))
    }

    /// The unclamped column position of a strength ratio (R1.5, A-15, R1.7): `N:1`
    /// with N = round-half-up(att/def) when att ≥ def, else `1:M` with
    /// M = round-half-up(def/att). 1:1 is 3; each step is one column.
    pub fn raw_position(attack: u32, defense: u32) -> i32 {
        if defense == 0 {
            return Self::HIGHEST.0 as i32;
        }
        if attack == 0 {
            return Self::LOWEST.0 as i32;
        }
        let (a, d) = (i64::from(attack), i64::from(defense));
        if a >= d {
            let n = (2 * a + d) / (2 * d);
            (n + 2).min(1000) as i32
        } else {
            let m = (2 * d + a) / (2 * a);
            (4 - m).max(-1000) as i32
        }
    }

    /// Clamps a column position to the table (R1.5: the final CR never leaves it).
    pub fn clamped(position: i32) -> Column {
        Column(position.clamp(0, Self::HIGHEST.0 as i32) as u8)
    }

    /// This column shifted by `cms` (positive to the right) and clamped.
    pub fn shift(self, cms: i32) -> Column {
        Self::clamped(self.0 as i32 + cms)
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0..=2 => write!(f, "1:{}", 4 - self.0),
            n => write!(f, "{}:1", n - 2),
        }
    }
}

/// What one side suffers in a CRT cell (§2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct SideResult {
    /// Hexes to retreat (`A<n>` / `D<n>`).
    pub retreat: u8,
    /// CEL lost (`-<m>`).
    pub loss: u8,
    /// Disorganized automatically (`D` flag).
    pub disorganized: bool,
    /// Must take a disorganization test (the attacker's `•`).
    pub test: bool,
}

impl SideResult {
    pub fn is_none(&self) -> bool {
        *self == SideResult::default()
    }
}

/// One cell of the CRT: `attacker / defender`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct CrtCell {
    pub attacker: SideResult,
    pub defender: SideResult,
}

impl fmt::Display for CrtCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = &self.attacker;
        let mut s = String::new();
        if a.retreat > 0 {
            s += &format!("A{}", a.retreat);
        }
        if a.disorganized {
            s.push('D');
        }
        if a.test {
            s.push('•');
        }
        if a.loss > 0 {
            s += &format!("-{}", a.loss);
        }
        if s.is_empty() {
            s.push('-');
        }
        s.push('/');
        let d = &self.defender;
        let before = s.len();
        if d.retreat > 0 {
            s += &format!("D{}", d.retreat);
        }
        if d.loss > 0 {
            s += &format!("-{}", d.loss);
        }
        if d.disorganized {
            s.push('D');
        }
        if s.len() == before {
            s.push('-');
        }
        f.write_str(&s)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("CRT cell \"{0}\" does not follow the grammar of §2.2")]
pub struct CellError(pub String);

fn number(chars: &[char], i: &mut usize) -> Option<u8> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    chars[start..*i].iter().collect::<String>().parse().ok()
}

fn is_bullet(c: char) -> bool {
    matches!(c, '•' | '●' | '*' | '·' | '+' | '.')
}

/// `attacker := "-" | "D"? ("A" n)? "D"? "•"? ("-" m)?`
fn parse_attacker(s: &str) -> Option<SideResult> {
    if s == "-" {
        return Some(SideResult::default());
    }
    let c: Vec<char> = s.chars().collect();
    let (mut i, mut r) = (0, SideResult::default());
    if c.get(i) == Some(&'D') {
        r.disorganized = true;
        i += 1;
    }
    if c.get(i) == Some(&'A') {
        i += 1;
        r.retreat = number(&c, &mut i)?;
    }
    if c.get(i) == Some(&'D') {
        r.disorganized = true;
        i += 1;
    }
    if c.get(i).is_some_and(|&x| is_bullet(x)) {
        r.test = true;
        i += 1;
    }
    if c.get(i) == Some(&'-') {
        i += 1;
        r.loss = number(&c, &mut i)?;
    }
    (i == c.len() && !r.is_none()).then_some(r)
}

/// `defender := "-" | (("D"|"B") n)? "D"? ("-" m)? "D"?`
fn parse_defender(s: &str) -> Option<SideResult> {
    if s == "-" {
        return Some(SideResult::default());
    }
    let c: Vec<char> = s.chars().collect();
    let (mut i, mut r) = (0, SideResult::default());
    if matches!(c.first(), Some('D' | 'B')) && c.get(1).is_some_and(|d| d.is_ascii_digit()) {
        i = 1;
        r.retreat = number(&c, &mut i)?;
    }
    if c.get(i) == Some(&'D') {
        r.disorganized = true;
        i += 1;
    }
    if c.get(i) == Some(&'-') {
        i += 1;
        r.loss = number(&c, &mut i)?;
    }
    if c.get(i) == Some(&'D') {
        r.disorganized = true;
        i += 1;
    }
    (i == c.len() && !r.is_none()).then_some(r)
}

/// Parses one printed cell, `attacker/defender`.
pub fn parse_cell(text: &str) -> Result<CrtCell, CellError> {
    let err = || CellError(text.to_owned());
    let (a, d) = text.trim().split_once('/').ok_or_else(err)?;
    Ok(CrtCell {
        attacker: parse_attacker(a.trim()).ok_or_else(err)?,
        defender: parse_defender(d.trim()).ok_or_else(err)?,
    })
}

/// The resolved CRT of §2.3, rows 2..=12, columns 1:4..10:1.
pub const RESOLVED: &str = "\
-1/-1D|-1/D1D|-1/D1D|-1/D2D|-1/D3D|-1/D3D|-1/D3D|-1/D4D|-1/D4D|-1/D4D|-1/D4D|-1/D5D|-1/D5D
-1/-|-1/D1|•/D1|•/D2|•/D2-1|•/D3-1|•/D3-1|•/D3-1|•/D4-1|•/D4-1|•/D4-1|•/D4-1|•/D5-1
A1•/-|•/-1|•/D1|•/D1|•/D2|•/D3|•/D3|•/D3|•/D3|•/D4-1|•/D4-1|•/D4-1|•/D4-1
A1-1/-|-1/-|-1/-1|•/D1|•/D2|•/D2|-/D3|-/D3|-/D3|-/D3|-/D4|-/D4|-/D4-1
A1-1/-|A1•/-|-1/-1|-/D1|-/D2|-/D2|-/D2|-/D3|-/D3|-/D3|-/D3|-/D4|-/D4-1
A2-1/-|A1/-|A1/-|-1/-1|-/D1|-/D2|-/D2|-/D2|-/D3|-/D3|-/D3-1|-/D3-1|-/D4
A2-2/-1|A1-1/-|A1/-|-1/-1|-/D1|-/D2|-/D2|-/D2|-/D2-1|-/D3-1|-/D3|-/D3|-/D3
A2-2/-|A2-1/-1|A1-1/-|-1/-|-1/D1|-/D1|•/D2-1|•/D2-1|•/D2|-/D2|-/D3|-/D3|-/D3
A2-2/-|A2-2/-|A2-1/-1|A1/-|-1/D1-1|-1/D1-1|-1/D2|-/D2|-/D2|•/D2|•/D2|•/D3|-/D3
A2-2/-|A2-2/-|A2-2/-|A1-1/-|-1/-1|-1/-1|-1/D1|-1/D2|-1/D2|-1/D2|-1/D2|-1/D2|•/D3
A2D-2/-1|A2D-2/-1|A2D-2/-1|A2D-1/-1|D-1/-1|D-1/-1|D-1/-1|D-1/D2|D-1/D2|D-1/D2|D-1/D2|D-1/D2|D-1/D2";

/// Cells where the [K] inline copy A differs from the resolved table (§2.4 #1, #5, #12;
/// A's stray `+` at 2/10:1 read as `-1`): (roll, column index, cell).
const KURSK_INLINE: [(u8, usize, &str); 3] =
    [(2, 12, "-1/D5D-1"), (8, 11, "-/D3-1"), (12, 7, "D-1/D1")];

/// Cells where the [G] inline copy C differs from the resolved table (§2.4).
const GENERIC_INLINE: [(u8, usize, &str); 7] = [
    (2, 12, "-1/D5D-1"),
    (4, 5, "•/D2"),
    (4, 9, "•/D4"),
    (8, 11, "-/D3-1"),
    (9, 8, "•/D2-1"),
    (9, 10, "-/D2"),
    (12, 7, "D-1/D1"),
];

/// A combat results table: 11 rows (2K6 = 2..=12) by 13 columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crt {
    cells: [[CrtCell; Column::COUNT]; 11],
}

impl Crt {
    /// Parses the `|`-separated text form (one line per roll 2..=12).
    pub fn parse(text: &str) -> Result<Crt, CellError> {
        let mut cells = [[CrtCell::default(); Column::COUNT]; 11];
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.len() != 11 {
            return Err(CellError(format!("{} rows, expected 11", lines.len())));
        }
        for (row, line) in lines.iter().enumerate() {
            let parts: Vec<&str> = line.split('|').collect();
            if parts.len() != Column::COUNT {
                return Err(CellError(line.to_string()));
            }
            for (col, p) in parts.iter().enumerate() {
                cells[row][col] = parse_cell(p)?;
            }
        }
        Ok(Crt { cells })
    }

    /// The cell for a (modified, clamped) 2K6 roll and a final column.
    pub fn cell(&self, roll: u8, column: Column) -> CrtCell {
        let row = usize::from(roll.clamp(2, 12) - 2);
        self.cells[row][column.index()]
    }

    fn with(mut self, changes: &[(u8, usize, &str)]) -> Crt {
        for &(roll, col, text) in changes {
            if let Ok(c) = parse_cell(text) {
                self.cells[usize::from(roll - 2)][col] = c;
            }
        }
        self
    }

    /// The table selected by a scenario's `RuleSwitches::crt`.
    pub fn of(variant: CrtVariant) -> &'static Crt {
        static TABLES: OnceLock<[Crt; 3]> = OnceLock::new();
        let t = TABLES.get_or_init(|| {
            let resolved = Crt::parse(RESOLVED).expect("the resolved CRT follows its grammar");
            [
                resolved.clone(),
                resolved.clone().with(&GENERIC_INLINE),
                resolved.with(&KURSK_INLINE),
            ]
        });
        match variant {
            CrtVariant::Resolved => &t[0],
            CrtVariant::GenericInline => &t[1],
            CrtVariant::KurskInline => &t[2],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(s: &str) -> Column {
        (0..13)
            .map(|i| Column::from_index(i).unwrap())
            .find(|c| c.to_string() == s)
            .unwrap()
    }

    #[test]
    fn every_printed_form_parses() {
        let c = parse_cell("A2D-2/-1").unwrap();
        assert_eq!((c.attacker.retreat, c.attacker.loss), (2, 2));
        assert!(c.attacker.disorganized && !c.attacker.test);
        assert_eq!(c.defender.loss, 1);
        assert_eq!(
            parse_cell("DA2-2/-1").unwrap(),
            c,
            "A-12: leading D is the same"
        );
        let d = parse_cell("-1/D5D").unwrap();
        assert_eq!((d.defender.retreat, d.defender.disorganized), (5, true));
        let b = parse_cell("•/B4-1").unwrap();
        assert!(b.attacker.test);
        assert_eq!((b.defender.retreat, b.defender.loss), (4, 1));
        let x = parse_cell("-1/-1D").unwrap();
        assert!(x.defender.disorganized && x.defender.retreat == 0);
        assert!(parse_cell("D-1/-1").unwrap().attacker.disorganized);
        assert!(parse_cell("A1+/-").unwrap().attacker.test);
        assert!(parse_cell("A1/").is_err() && parse_cell("1/D").is_err());
    }

    #[test]
    fn resolved_table_matches_the_machine_readable_copy() {
        let t = Crt::of(CrtVariant::Resolved);
        for (row, line) in RESOLVED.lines().enumerate() {
            for (i, text) in line.split('|').enumerate() {
                let cell = t.cell(row as u8 + 2, Column::from_index(i).unwrap());
                assert_eq!(cell, parse_cell(text).unwrap());
                assert_eq!(parse_cell(&cell.to_string()).unwrap(), cell, "{text}");
            }
        }
        assert_eq!(t.cell(2, col("10:1")).to_string(), "-1/D5D");
        assert_eq!(t.cell(12, col("5:1")).to_string(), "D-1/D2");
        assert_eq!(t.cell(8, col("9:1")).to_string(), "-/D3");
    }

    #[test]
    fn alternate_tables_differ_only_where_the_copies_do() {
        let r = Crt::of(CrtVariant::Resolved);
        let g = Crt::of(CrtVariant::GenericInline);
        let k = Crt::of(CrtVariant::KurskInline);
        let diff = |t: &Crt| {
            (2..=12u8)
                .flat_map(|roll| (0..13).map(move |c| (roll, c)))
                .filter(|&(roll, c)| {
                    let c = Column::from_index(c).unwrap();
                    t.cell(roll, c) != r.cell(roll, c)
                })
                .count()
        };
        assert_eq!(diff(g), 7);
        assert_eq!(diff(k), 3);
        assert_eq!(g.cell(4, col("3:1")).to_string(), "•/D2");
        assert_eq!(k.cell(12, col("5:1")).to_string(), "D-1/D1");
    }

    #[test]
    fn r2_row_2_always_hurts_the_defender_and_row_12_always_disorganizes_the_attacker() {
        let t = Crt::of(CrtVariant::Resolved);
        for c in 0..13 {
            let c = Column::from_index(c).unwrap();
            let low = t.cell(2, c).defender;
            assert!(low.loss > 0 || low.retreat > 0);
            assert!(t.cell(12, c).attacker.disorganized);
        }
    }

    #[test]
    fn r5_1_9_every_ten_to_one_cell_retreats_the_defender_at_least_two() {
        let t = Crt::of(CrtVariant::Resolved);
        for roll in 2..=12 {
            assert!(t.cell(roll, Column::HIGHEST).defender.retreat >= 2);
        }
    }

    #[test]
    fn r1_5_columns_print_in_table_order() {
        let labels: Vec<String> = (0..13)
            .map(|i| Column::from_index(i).unwrap().to_string())
            .collect();
        assert_eq!(labels.first().unwrap(), "1:4");
        assert_eq!(labels[3], "1:1");
        assert_eq!(labels.last().unwrap(), "10:1");
    }
}
