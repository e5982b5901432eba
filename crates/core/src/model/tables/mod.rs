//! Tables as data (`*.tables.ron`): a rule system's charts — combat tables with their
//! columns, die and result codes, terrain effects on movement and combat, the small
//! tables — held as the designer enters them from the printed charts.
//!
//! The rulebook fixes a table's shape (its columns, its die, the codes its results are
//! written with); the cells come from the printed chart. Sztab never invents a cell: an
//! empty cell is empty, and the check says how many a table has. Cells the rulebook's
//! text itself gives are listed in the table's `given`, with the rule; a table made up
//! (for a test or an example) says so with `invented`.
//!
//! A cell is text written with the table's [`Vocabulary`]: its parts (attacker and
//! defender results, separated by `/`), its codes ("D", "R") and numbers ("2", "+1",
//! "½"). [`cell::parse`] reads one; [`check::check`] checks a whole file with the line and
//! column of every bad cell.

pub mod cell;
pub mod check;
pub mod conform;
pub mod edit;
pub mod locate;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::SystemId;
use super::limits;

/// A tables file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The rule system whose charts these are.
    pub system: SystemId,
    /// "Roads to Leningrad: charts".
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The codes the tables' results are written with.
    #[serde(deserialize_with = "limits::vocabularies")]
    #[schemars(length(max = limits::VOCABULARIES.max))]
    pub vocabularies: Vec<Vocabulary>,
    #[serde(deserialize_with = "limits::tables")]
    #[schemars(length(max = limits::TABLES.max))]
    pub tables: Vec<Table>,
}

/// How the cells of a table are written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    pub id: String,
    pub name: String,
    /// The parts of a cell, in order, separated by `/` ("attacker", "defender"); empty:
    /// a cell is one part, and `/` may write a fraction.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::codes"
    )]
    #[schemars(length(max = limits::CODES.max))]
    pub parts: Vec<String>,
    /// Whether numbers may be written, and which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbers: Option<Numbers>,
    /// The codes a part is written with, each with its meaning.
    #[serde(deserialize_with = "limits::codes")]
    #[schemars(length(max = limits::CODES.max))]
    pub codes: Vec<Code>,
}

/// The numbers a vocabulary allows: whole numbers from `min` to `max`, written with or
/// without a sign ("+1" is a cost added to the terrain's), and fractions if `fractions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Numbers {
    pub min: i32,
    pub max: i32,
    /// "1/2", "½", "1½".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fractions: bool,
}

/// One result code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Code {
    /// As written in a cell: "D", "R>", "All".
    pub code: String,
    pub meaning: String,
}

/// The dice a table is read with: its rows are rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Die {
    D6,
    D10,
    /// Two six-sided dice, summed.
    TwoD6,
}

impl Die {
    pub fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D10 => "d10",
            Die::TwoD6 => "2d6",
        }
    }
}

/// One table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The id rules and engines look it up by: `assault_crt`.
    pub id: String,
    /// As printed: "Assault CRT".
    pub name: String,
    /// The rule that uses it: "10.3, 11.1".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rule: String,
    /// For a table read with dice: the dice, and the rows are rolls ("5", "2-3", "≤0",
    /// "11+").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<Die>,
    /// What a row is: "d10 + DRM", "Terrain".
    pub rows_are: String,
    /// What a column is: "Odds", "Non-motorized, Dry".
    pub columns_are: String,
    /// The vocabulary its cells are written with.
    pub vocabulary: String,
    #[serde(deserialize_with = "limits::columns")]
    #[schemars(length(max = limits::COLUMNS.max))]
    pub columns: Vec<String>,
    #[serde(deserialize_with = "limits::rows")]
    #[schemars(length(max = limits::ROWS.max))]
    pub rows: Vec<Row>,
    /// The cells the rulebook's text gives.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::given"
    )]
    #[schemars(length(max = limits::GIVEN.max))]
    pub given: Vec<Given>,
    /// Every cell not in `given` is made up (for a test or an example), not copied from
    /// the printed chart.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invented: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// One row: its key (a roll, a terrain) and a cell per column; `""` is an empty cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub key: String,
    #[serde(deserialize_with = "limits::columns")]
    #[schemars(length(max = limits::COLUMNS.max))]
    pub cells: Vec<String>,
}

/// A cell the rulebook's text gives, and where.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Given {
    pub row: String,
    pub column: String,
    /// The rule or example: "11.12 example".
    pub rule: String,
}

/// Where a cell came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Not filled.
    Empty,
    /// The rulebook's text gives it.
    Rulebook,
    /// Entered from the printed chart.
    Chart,
    /// Made up for a test or an example.
    Invented,
}

impl Tables {
    pub fn table(&self, id: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.id == id)
    }

    pub fn vocabulary(&self, id: &str) -> Option<&Vocabulary> {
        self.vocabularies.iter().find(|v| v.id == id)
    }
}

impl Table {
    pub fn column(&self, label: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == label)
    }

    pub fn row(&self, key: &str) -> Option<usize> {
        self.rows.iter().position(|r| r.key == key)
    }

    /// The text of cell (`row`, `column`); `None` off the table, `Some("")` when empty.
    pub fn cell(&self, row: usize, column: usize) -> Option<&str> {
        self.rows.get(row)?.cells.get(column).map(String::as_str)
    }

    /// The cell at row `key` and column `label`.
    pub fn lookup(&self, key: &str, label: &str) -> Option<&str> {
        self.cell(self.row(key)?, self.column(label)?)
    }

    /// The row a roll is read on, for a table read with dice.
    pub fn row_of_roll(&self, roll: i32) -> Option<usize> {
        self.rows
            .iter()
            .position(|r| cell::RollRange::parse(&r.key).is_some_and(|k| k.contains(roll)))
    }

    /// The rulebook rule that gives cell (`row`, `column`), if it does.
    pub fn given_at(&self, row: usize, column: usize) -> Option<&Given> {
        let (key, label) = (&self.rows.get(row)?.key, self.columns.get(column)?);
        self.given
            .iter()
            .find(|g| &g.row == key && &g.column == label)
    }

    pub fn origin(&self, row: usize, column: usize) -> Origin {
        match self.cell(row, column) {
            None | Some("") => Origin::Empty,
            Some(_) if self.given_at(row, column).is_some() => Origin::Rulebook,
            Some(_) if self.invented => Origin::Invented,
            Some(_) => Origin::Chart,
        }
    }

    /// Cells with nothing in them (a row shorter than the columns counts its missing
    /// cells).
    /// The first `most` empty cells, as a designer finds them: `(row key, column)`.
    pub fn first_empty(&self, most: usize) -> Vec<(&str, &str)> {
        self.rows
            .iter()
            .flat_map(|r| {
                self.columns.iter().enumerate().filter_map(move |(c, col)| {
                    let filled = r.cells.get(c).is_some_and(|x| !x.trim().is_empty());
                    (!filled).then_some((r.key.as_str(), col.as_str()))
                })
            })
            .take(most)
            .collect()
    }

    pub fn empty_cells(&self) -> usize {
        self.rows
            .iter()
            .map(|r| {
                let filled = r
                    .cells
                    .iter()
                    .take(self.columns.len())
                    .filter(|c| !c.trim().is_empty())
                    .count();
                self.columns.len() - filled
            })
            .sum()
    }
}
