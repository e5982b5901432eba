//! Checks of a tables file, each problem with its file, line and column:
//!
//! | code | severity | what |
//! |---|---|---|
//! | X01 | error | a table names a vocabulary the file does not have |
//! | X02 | error | an id, a column or a row key given twice; a vocabulary code given twice or empty |
//! | X03 | error | a row has more or fewer cells than the table has columns |
//! | X04 | error | a malformed cell: parts, an empty part, a number out of range |
//! | X05 | error | a result code the table's vocabulary does not have |
//! | X06 | warning | "table X has N empty cells": the chart is not all entered |
//! | X07 | error | a `given` names a row or column the table lacks, or an empty cell |
//! | X08 | error | a row of a dice table is not a roll ("5", "2-3", "≤0", "11+"), or two rows overlap |

use std::collections::{BTreeSet, HashMap};

use super::cell::{self, Fault, RollRange};
use super::locate::{self, FileSpots, Pos, Spots};
use super::{Table, Tables};
use crate::model::{Problem, Source};

struct Out<'a> {
    src: &'a Source,
    problems: Vec<Problem>,
}

impl Out<'_> {
    fn push(&mut self, p: Problem, at: Option<Pos>) {
        let p = if self.src.path.as_os_str().is_empty() {
            p
        } else {
            p.at(self.src.path.clone(), at.or(Some((1, 1))))
        };
        self.problems.push(p);
    }

    fn error(&mut self, code: &'static str, msg: String, at: Option<Pos>) {
        self.push(Problem::error(code, msg), at);
    }
}

/// Every problem of a tables file; `src` is its text (empty for data in memory). Linear
/// in the file (n·log n with the sets of ids): the pieces of every table are located in
/// one pass over the text ([`locate::file_spots`]), and each table has at most
/// [`crate::model::limits::ROWS`] rows, which bounds the search for overlapping rolls.
pub fn check(t: &Tables, src: &Source) -> Vec<Problem> {
    let mut out = Out {
        src,
        problems: Vec::new(),
    };
    let located = !src.path.as_os_str().is_empty();
    let spots = if located {
        locate::file_spots(src)
    } else {
        FileSpots::default()
    };
    let mut ids = BTreeSet::new();
    for (i, v) in t.vocabularies.iter().enumerate() {
        let at = spots.vocabularies.get(i);
        if !ids.insert(v.id.as_str()) {
            out.error(
                "X02",
                format!("vocabulary \"{}\" is given twice", v.id),
                at.and_then(|s| s.id),
            );
        }
        let mut codes = BTreeSet::new();
        for (k, c) in v.codes.iter().enumerate() {
            if c.code.trim().is_empty() || !codes.insert(c.code.as_str()) {
                out.error(
                    "X02",
                    format!(
                        "vocabulary {}: code \"{}\" is empty or given twice",
                        v.id, c.code
                    ),
                    at.and_then(|s| s.codes.get(k).copied().flatten()),
                );
            }
        }
    }
    let mut ids = BTreeSet::new();
    let none = Spots::default();
    for (i, table) in t.tables.iter().enumerate() {
        let spots = spots.tables.get(i).unwrap_or(&none);
        if !ids.insert(table.id.as_str()) {
            out.error(
                "X02",
                format!("table \"{}\" is given twice", table.id),
                spots.id,
            );
        }
        check_table(t, table, spots, &mut out);
    }
    out.problems
}

fn check_table(t: &Tables, table: &Table, spots: &Spots, out: &mut Out<'_>) {
    let name = &table.name;
    let mut seen = BTreeSet::new();
    for (k, c) in table.columns.iter().enumerate() {
        if !seen.insert(c.as_str()) {
            out.error(
                "X02",
                format!("table {name}: column \"{c}\" is given twice"),
                spots.columns.get(k).copied(),
            );
        }
    }
    check_rows(table, spots, out);
    let Some(v) = t.vocabulary(&table.vocabulary) else {
        out.error(
            "X01",
            format!(
                "table {name}: vocabulary \"{}\" is not in the file",
                table.vocabulary
            ),
            spots.vocabulary,
        );
        return;
    };
    for (r, row) in table.rows.iter().enumerate() {
        if row.cells.len() != table.columns.len() {
            out.error(
                "X03",
                format!(
                    "table {name}: row {} has {} cells; the table has {} columns",
                    row.key,
                    row.cells.len(),
                    table.columns.len()
                ),
                spots.key(r),
            );
        }
        for (c, text) in row.cells.iter().enumerate() {
            let Err(e) = cell::parse(v, text) else {
                continue;
            };
            let at = spots.cell(r, c).map(|(l, col)| (l, col + 1 + e.offset));
            let column = table.columns.get(c).map_or("?", String::as_str);
            let code = match e.fault {
                Fault::Malformed => "X04",
                Fault::UnknownCode => "X05",
            };
            out.error(
                code,
                format!(
                    "table {name}, row {}, column {column}: {}",
                    row.key, e.message
                ),
                at,
            );
        }
    }
    let rows: HashMap<&str, usize> = table
        .rows
        .iter()
        .enumerate()
        .rev()
        .map(|(i, r)| (r.key.as_str(), i))
        .collect();
    let columns: HashMap<&str, usize> = table
        .columns
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    for (k, g) in table.given.iter().enumerate() {
        let (r, c) = (
            rows.get(g.row.as_str()).copied(),
            columns.get(g.column.as_str()).copied(),
        );
        let filled = r
            .zip(c)
            .and_then(|(r, c)| table.cell(r, c))
            .is_some_and(|x| !x.trim().is_empty());
        if !filled {
            out.error(
                "X07",
                format!(
                    "table {name}: the rulebook's cell (row {}, column {}, {}) is {}",
                    g.row,
                    g.column,
                    g.rule,
                    if r.is_none() || c.is_none() {
                        "not in the table"
                    } else {
                        "empty"
                    }
                ),
                spots.given.get(k).copied().flatten(),
            );
        }
    }
    let empty = table.empty_cells();
    if empty > 0 {
        let total = table.rows.len() * table.columns.len();
        out.push(
            Problem::warning(
                "X06",
                format!(
                    "table {name} has {empty} empty cell{} (of {total}): enter {} from the printed chart ({})",
                    if empty == 1 { "" } else { "s" },
                    if empty == 1 { "it" } else { "them" },
                    which_empty(table, empty)
                ),
            ),
            spots.id,
        );
    }
}

/// Where the empty cells are, the first few of them: "row 5, column 2-1; ... and 126 more".
fn which_empty(table: &Table, empty: usize) -> String {
    const SHOWN: usize = 3;
    let first: Vec<String> = table
        .first_empty(SHOWN)
        .into_iter()
        .map(|(row, column)| format!("row {row}, column {column}"))
        .collect();
    let more = empty.saturating_sub(first.len());
    let mut out = first.join("; ");
    if more > 0 {
        out += &format!("; and {more} more");
    }
    out
}

fn check_rows(table: &Table, spots: &Spots, out: &mut Out<'_>) {
    let name = &table.name;
    let mut keys = BTreeSet::new();
    let mut ranges: Vec<(usize, RollRange)> = Vec::new();
    for (r, row) in table.rows.iter().enumerate() {
        if !keys.insert(row.key.as_str()) {
            out.error(
                "X02",
                format!("table {name}: row \"{}\" is given twice", row.key),
                spots.key(r),
            );
        }
        let Some(die) = table.die else { continue };
        match RollRange::parse(&row.key) {
            None => out.error(
                "X08",
                format!(
                    "table {name} is read with {}: row \"{}\" is not a roll (\"5\", \"2-3\", \"≤0\", \"11+\")",
                    die.name(),
                    row.key
                ),
                spots.key(r),
            ),
            Some(range) => {
                if let Some((_, other)) = ranges.iter().find(|(_, x)| x.overlaps(range)) {
                    let _ = other;
                    out.error(
                        "X08",
                        format!("table {name}: row \"{}\" overlaps an earlier row", row.key),
                        spots.key(r),
                    );
                }
                ranges.push((r, range));
            }
        }
    }
}
