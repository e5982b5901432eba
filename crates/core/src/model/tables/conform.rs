//! A tables file against its system's blank charts: the tables the rules read, with the
//! die and columns the rulebook gives them. A system ships its blank charts as a tables
//! file (`assets/<system>/<system>.tables.ron`); a scenario's charts must have every table
//! of it.
//!
//! | code | severity | what |
//! |---|---|---|
//! | X09 | error | a table the rules read is missing, or is read with another die or vocabulary |
//! | X10 | warning | a table's columns differ from the rulebook's |

use super::{Table, Tables};
use crate::model::{Problem, Source};

/// The problems of `t` against the blank charts `shape`.
pub fn conform(shape: &Tables, t: &Tables, src: &Source) -> Vec<Problem> {
    let mut out = Vec::new();
    let at = |p: Problem, needle: &str| {
        if src.path.as_os_str().is_empty() {
            p
        } else {
            p.at(src.path.clone(), src.find(needle).or(Some((1, 1))))
        }
    };
    for want in &shape.tables {
        let Some(have) = t.table(&want.id) else {
            out.push(at(
                Problem::error(
                    "X09",
                    format!(
                        "the {} rules read the table {} (\"{}\", {}), which the file does not have",
                        shape.system, want.name, want.id, want.rule
                    ),
                ),
                "tables",
            ));
            continue;
        };
        if let Some(why) = differs(want, have) {
            out.push(at(
                Problem::error("X09", format!("table {}: {why}", have.name)),
                &have.id,
            ));
        }
        if want.columns != have.columns {
            out.push(at(
                Problem::warning(
                    "X10",
                    format!(
                        "table {}: the rulebook's columns are {}; the file has {}",
                        have.name,
                        want.columns.join(" "),
                        have.columns.join(" ")
                    ),
                ),
                &have.id,
            ));
        }
    }
    out
}

fn differs(want: &Table, have: &Table) -> Option<String> {
    if want.die != have.die {
        let name = |t: &Table| t.die.map_or("no dice".into(), |d| d.name().to_owned());
        return Some(format!(
            "the rules read it with {}, the file with {}",
            name(want),
            name(have)
        ));
    }
    (want.vocabulary != have.vocabulary).then(|| {
        format!(
            "its cells are written in vocabulary \"{}\", not \"{}\"",
            want.vocabulary, have.vocabulary
        )
    })
}
