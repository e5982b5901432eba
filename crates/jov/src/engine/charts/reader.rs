//! Reading cells the game needs, counting those a chart leaves empty: a scenario whose
//! charts miss any is refused with one line per table (the brief's "how many cells").

use std::collections::BTreeMap;

use sztab_core::model::tables::cell::{self, Token};
use sztab_core::model::tables::{Table, Tables};

pub struct Reader<'a> {
    t: &'a Tables,
    /// Table id → (name, cells needed but empty or absent).
    empty: BTreeMap<String, (String, usize)>,
    problems: Vec<String>,
}

impl<'a> Reader<'a> {
    pub fn new(t: &'a Tables) -> Self {
        Reader {
            t,
            empty: BTreeMap::new(),
            problems: Vec::new(),
        }
    }

    /// The table `id`; a missing one is a problem.
    pub fn table(&mut self, id: &str) -> Option<&'a Table> {
        let t = self.t.table(id);
        if t.is_none() {
            self.problems.push(format!(
                "the charts have no table \"{id}\", which the game reads"
            ));
        }
        t
    }

    /// The parts of cell (`row`, `column`) of `t`, each a list of tokens; an empty or
    /// absent cell is counted against the table, an unreadable one is a problem.
    pub fn cell(&mut self, t: &Table, row: &str, column: &str) -> Option<Vec<Vec<Token>>> {
        let text = t.lookup(row, column).unwrap_or("");
        if text.trim().is_empty() {
            self.empty
                .entry(t.id.clone())
                .or_insert_with(|| (t.name.clone(), 0))
                .1 += 1;
            return None;
        }
        let Some(v) = self.t.vocabulary(&t.vocabulary) else {
            self.problems.push(format!(
                "table {} ({}) names the vocabulary \"{}\", which the charts lack",
                t.name, t.id, t.vocabulary
            ));
            return None;
        };
        match cell::parse(v, text) {
            Ok(Some(p)) => Some(p.parts),
            Ok(None) => None,
            Err(e) => {
                self.problems.push(format!(
                    "table {} ({}), row \"{row}\", column \"{column}\": {}",
                    t.name, t.id, e.message
                ));
                None
            }
        }
    }

    /// A cell holding one number ("3", "-1", "+2").
    pub fn number(&mut self, t: &Table, row: &str, column: &str) -> Option<i64> {
        let parts = self.cell(t, row, column)?;
        match parts.first().map(Vec::as_slice) {
            Some([Token::Number { num, den: 1, .. }]) => Some(*num),
            _ => {
                self.bad(t, row, column, "a number");
                None
            }
        }
    }

    /// A cell holding one code.
    pub fn code(&mut self, t: &Table, row: &str, column: &str) -> Option<String> {
        let parts = self.cell(t, row, column)?;
        match parts.first().map(Vec::as_slice) {
            Some([Token::Code(c)]) => Some(c.clone()),
            _ => {
                self.bad(t, row, column, "one code");
                None
            }
        }
    }

    pub fn bad(&mut self, t: &Table, row: &str, column: &str, want: &str) {
        self.problems.push(format!(
            "table {} ({}), row \"{row}\", column \"{column}\": the game reads {want} here",
            t.name, t.id
        ));
    }

    pub fn problem(&mut self, p: String) {
        self.problems.push(p);
    }

    pub fn finish(self) -> Result<(), Vec<String>> {
        let mut out = self.problems;
        for (id, (name, n)) in self.empty {
            out.push(format!(
                "table {name} ({id}): {n} cell{} the game needs {} empty",
                if n == 1 { "" } else { "s" },
                if n == 1 { "is" } else { "are" }
            ));
        }
        if out.is_empty() { Ok(()) } else { Err(out) }
    }
}
