//! The small dice charts: ground condition (5.1), visibility (5.2), air availability and
//! the CAS counters (6), the strength chits (4.4.4) and the unit supply ranges (13.4.1).

use std::collections::HashMap;

use sztab_core::model::tables::Table;
use sztab_core::model::tables::cell::RollRange;

use super::super::side::Army;
use super::super::weather::{Ground, Visibility};
use super::Reader;

/// A chart read with a die: its rows are roll ranges.
#[derive(Clone, Debug)]
pub struct RollTable<T> {
    rows: Vec<(RollRange, T)>,
}

impl<T> Default for RollTable<T> {
    fn default() -> Self {
        RollTable { rows: Vec::new() }
    }
}

impl<T: Clone> RollTable<T> {
    /// Reads every row of `t` with `cell`; a row whose cells are missing is left out
    /// (and counted by the reader).
    pub fn read_rows(
        r: &mut Reader<'_>,
        t: &Table,
        mut cell: impl FnMut(&mut Reader<'_>, &str) -> Option<T>,
    ) -> RollTable<T> {
        let mut out = RollTable::default();
        for row in &t.rows {
            let Some(range) = RollRange::parse(&row.key) else {
                r.problem(format!("table {}: row \"{}\" is no roll", t.id, row.key));
                continue;
            };
            if let Some(v) = cell(r, &row.key) {
                out.rows.push((range, v));
            }
        }
        out
    }

    /// The row of a modified `roll`; J-06: a roll beyond the chart reads its nearest end.
    pub fn get(&self, roll: i32) -> Option<&T> {
        if let Some((_, v)) = self.rows.iter().find(|(r, _)| r.contains(roll)) {
            return Some(v);
        }
        let lowest = self
            .rows
            .iter()
            .min_by_key(|(r, _)| r.lo.unwrap_or(i32::MIN))?;
        if lowest.0.lo.is_some_and(|l| roll < l) {
            return Some(&lowest.1);
        }
        self.rows
            .iter()
            .max_by_key(|(r, _)| r.hi.unwrap_or(i32::MAX))
            .map(|(_, v)| v)
    }
}

pub fn ground(r: &mut Reader<'_>) -> RollTable<Ground> {
    let Some(t) = r.table("ground_condition") else {
        return RollTable::default();
    };
    RollTable::read_rows(r, t, |r, key| {
        let c = r.code(t, key, "Ground")?;
        Ground::of(&c)
    })
}

pub fn supply_range(r: &mut Reader<'_>) -> [[u32; 2]; 2] {
    let mut out = [[0; 2]; 2];
    let Some(t) = r.table("unit_supply_range") else {
        return out;
    };
    for (i, a) in Army::BOTH.into_iter().enumerate() {
        for (j, g) in [Ground::Frozen, Ground::Mud].into_iter().enumerate() {
            out[i][j] = r
                .number(t, a.chart_name(), g.name())
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(0);
        }
    }
    out
}

/// The Visibility Table: a first roll, and a second when the first says roll again.
#[derive(Clone, Debug, Default)]
pub struct VisibilityTable {
    /// `None`: roll again.
    pub first: RollTable<Option<Visibility>>,
    pub second: RollTable<Visibility>,
}

fn visibility_of(c: &str) -> Option<Option<Visibility>> {
    Some(match c {
        "Again" => None,
        _ => Some(Visibility::ALL.into_iter().find(|v| v.name() == c)?),
    })
}

impl VisibilityTable {
    pub fn read(r: &mut Reader<'_>) -> VisibilityTable {
        let Some(t) = r.table("visibility") else {
            return VisibilityTable::default();
        };
        VisibilityTable {
            first: RollTable::read_rows(r, t, |r, k| visibility_of(&r.code(t, k, "First roll")?)),
            second: RollTable::read_rows(r, t, |r, k| {
                visibility_of(&r.code(t, k, "Second roll")?).flatten()
            }),
        }
    }
}

/// A CAS counter's hidden values (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CasCounter {
    pub ocas: u32,
    pub dcas: u32,
}

/// Air availability (6.1) and the CAS counters (6.2).
#[derive(Clone, Debug, Default)]
pub struct AirTables {
    /// Missions by roll, Frozen and Mud.
    pub german: RollTable<[u32; 2]>,
    /// By Front (its formation id in capitals).
    pub soviet: HashMap<String, RollTable<[u32; 2]>>,
    /// By visibility, German and Soviet.
    pub visibility_drm: [[i32; 2]; 3],
    pub counters: [Vec<CasCounter>; 2],
}

impl AirTables {
    pub fn read(r: &mut Reader<'_>) -> AirTables {
        let mut a = AirTables::default();
        if let Some(t) = r.table("german_cas") {
            a.german = RollTable::read_rows(r, t, |r, k| {
                Some([count(r, t, k, "Frozen")?, count(r, t, k, "Mud")?])
            });
        }
        if let Some(t) = r.table("soviet_cas") {
            let fronts: Vec<String> = t
                .columns
                .iter()
                .filter_map(|c| c.strip_suffix(" Frozen").map(str::to_owned))
                .collect();
            for f in fronts {
                let table = RollTable::read_rows(r, t, |r, k| {
                    Some([
                        count(r, t, k, &format!("{f} Frozen"))?,
                        count(r, t, k, &format!("{f} Mud"))?,
                    ])
                });
                a.soviet.insert(f, table);
            }
        }
        if let Some(t) = r.table("visibility_drm") {
            for v in Visibility::ALL {
                for (j, side) in ["German", "Soviet"].into_iter().enumerate() {
                    a.visibility_drm[v.index()][j] = r
                        .number(t, v.name(), side)
                        .and_then(|n| i32::try_from(n).ok())
                        .unwrap_or(0);
                }
            }
        }
        if let Some(t) = r.table("cas_counters") {
            for row in &t.rows {
                for (i, side) in ["German", "Soviet"].into_iter().enumerate() {
                    let ocas = count(r, t, &row.key, &format!("{side} OCAS"));
                    let dcas = count(r, t, &row.key, &format!("{side} DCAS"));
                    if let (Some(ocas), Some(dcas)) = (ocas, dcas) {
                        a.counters[i].push(CasCounter { ocas, dcas });
                    }
                }
            }
            if a.counters.iter().any(|c| c.is_empty() || c.len() > 16) {
                r.problem("the CAS counters table needs 1 to 16 counters a side".into());
            }
        }
        a
    }

    pub fn visibility_drm(&self, v: Visibility, side: Army) -> i32 {
        self.visibility_drm[v.index()][usize::from(side == Army::Soviet)]
    }

    pub fn counters(&self, side: Army) -> &[CasCounter] {
        &self.counters[usize::from(side == Army::Soviet)]
    }
}

fn count(r: &mut Reader<'_>, t: &Table, row: &str, col: &str) -> Option<u32> {
    r.number(t, row, col).and_then(|n| u32::try_from(n).ok())
}

/// The strength chits (4.4.4): strength by side, class and steps. Only the cells the
/// scenario's units use are required ([`Chits::need`]).
#[derive(Clone, Debug, Default)]
pub struct Chits {
    present: bool,
    cells: HashMap<(String, usize), u32>,
}

impl Chits {
    pub fn read(r: &mut Reader<'_>) -> Chits {
        let Some(t) = r.table("strength_chits") else {
            return Chits::default();
        };
        let mut c = Chits {
            present: true,
            cells: HashMap::new(),
        };
        for row in &t.rows {
            for (i, label) in t.columns.iter().enumerate() {
                if let Some(Ok(n)) = row.cells.get(i).map(|s| s.trim().parse::<u32>()) {
                    c.cells
                        .insert((row.key.clone(), label.parse().unwrap_or(0)), n);
                }
            }
        }
        c
    }

    /// The strengths of class `row` ("Soviet A") for 1..=steps steps; the error counts
    /// the empty cells.
    pub fn strengths(&self, row: &str, steps: usize) -> Result<Vec<u32>, usize> {
        if !self.present {
            return Err(steps);
        }
        let v: Vec<Option<u32>> = (1..=steps)
            .map(|s| self.cells.get(&(row.to_owned(), s)).copied())
            .collect();
        let missing = v.iter().filter(|x| x.is_none()).count();
        if missing > 0 {
            return Err(missing);
        }
        Ok(v.into_iter().flatten().collect())
    }
}
