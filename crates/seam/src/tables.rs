//! A system's reading of its charts' cells: beyond the vocabulary's grammar, the order its
//! rules give the codes a meaning in (X11).

use sztab_core::model::tables::cell::{self, Parsed};
use sztab_core::model::tables::locate::file_spots;
use sztab_core::model::tables::{Table, Tables, Vocabulary};
use sztab_core::model::{Problem, Source};

use crate::RuleSystem;

/// How `system`'s rules read `text` typed into `table`, whose vocabulary is `v`:
/// `Ok(None)` for an empty cell, the parsed cell, or why the vocabulary or the rules
/// cannot read it.
pub fn read_typed(
    system: &(impl RuleSystem + ?Sized),
    v: &Vocabulary,
    table: &Table,
    text: &str,
) -> Result<Option<Parsed>, String> {
    match cell::parse(v, text).map_err(|e| e.message)? {
        Some(p) => system.read_cell(table, &p).map(|()| Some(p)),
        None => Ok(None),
    }
}

/// X11: every cell its vocabulary reads but the system's rules do not, where it is written.
pub(crate) fn unread_cells(
    system: &(impl RuleSystem + ?Sized),
    tables: &Tables,
    source: &Source,
) -> Vec<Problem> {
    let mut spots = None;
    let mut out = Vec::new();
    for (t, table) in tables.tables.iter().enumerate() {
        let Some(v) = tables.vocabulary(&table.vocabulary) else {
            continue;
        };
        for (r, row) in table.rows.iter().enumerate() {
            for (c, text) in row.cells.iter().enumerate() {
                let Ok(Some(p)) = cell::parse(v, text) else {
                    continue;
                };
                let Err(why) = system.read_cell(table, &p) else {
                    continue;
                };
                let column = table.columns.get(c).map_or("?", String::as_str);
                let mut problem = Problem::error(
                    "X11",
                    format!(
                        "table {}, row {}, column {column}: \"{text}\": {why}",
                        table.name, row.key
                    ),
                );
                if !source.path.as_os_str().is_empty() {
                    let spots = spots.get_or_insert_with(|| file_spots(source));
                    let at = spots.tables.get(t).and_then(|s| s.cell(r, c));
                    problem = problem.at(source.path.clone(), at);
                }
                out.push(problem);
            }
        }
    }
    out
}
