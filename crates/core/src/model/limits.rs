//! The bounds of everything a file can state, in one table for every rule system.
//!
//! A file is at most [`FILE_BYTES`] long, but a short file can still ask for a great deal
//! of work: `turns: 4294967295` is ten bytes, a value wrapped in `Some(` a million deep
//! is a slow parse, and a list copied forty thousand times makes every loop over it
//! long. So each count a file states has a bound here, and the loaders refuse a file
//! that passes one with an error at the value or item that does (file, line, column,
//! what is accepted). Every command and the editor read files through these loaders
//! (`io::parse`), so `validate`, `card`, `render`, `play`, `odds`, `balance` and the
//! editor's open all apply the same bounds, whatever the system.
//!
//! * The text's shape is checked before it is parsed ([`shape`]): brackets nested more
//!   than [`NESTING`] deep or a list, map or struct of more than [`LIST_ITEMS`] items.
//! * Lists that set how much the checks, the setup card and the engines do are bounded
//!   by what they hold ([`UNITS`], [`PLACEMENTS`], [`ROWS`]...): the field's
//!   `deserialize_with` stops reading at the first item over the bound.
//! * Numbers that are counts (`turns`) are ranges of [`super::range`].
//!
//! [`TABLE`] lists them all; `docs/limits.md` is written from it (a test keeps the two
//! equal).

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};

use super::range;

/// How many of something one file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub max: usize,
    /// What is counted, in the plural: "units".
    pub what: &'static str,
    /// Where: "in a counters file".
    pub place: &'static str,
}

impl Count {
    pub const fn new(max: usize, what: &'static str, place: &'static str) -> Self {
        Self { max, what, place }
    }

    /// Why a list over the bound is refused: "more than 20000 units: a counters file
    /// holds at most 20000".
    pub fn refusal(&self) -> String {
        format!(
            "more than {} {} {}; at most {} are accepted",
            self.max, self.what, self.place, self.max
        )
    }

    /// `Err` with the refusal when `n` passes the bound.
    pub fn check(&self, n: usize) -> Result<(), String> {
        if n > self.max {
            Err(self.refusal())
        } else {
            Ok(())
        }
    }
}

/// Files larger than this are refused before they are read.
pub const FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Brackets (`(`, `[`, `{`, `Some(`) nested deeper than this are refused before the
/// parser sees them: the parser's own limit is the same, but reached only after a slow
/// walk of the text (a value in `Some(` a million deep took minutes).
pub const NESTING: Count = Count::new(64, "levels of brackets", "nested in a file");

/// Items of any one list, map or struct: the largest map (1000×1000 hexes) has a
/// million hexes.
pub const LIST_ITEMS: Count = Count::new(1_000_000, "items", "in one list, map or struct");

/// Hexes a side of a map (`grid.cols`, `grid.rows`).
pub const MAP_SIDE: u16 = 1000;

/// Unit counters of a counters file, of every system (the engines number units in 16
/// bits; the largest printed campaigns have a few hundred).
pub const UNITS: Count = Count::new(20_000, "units", "in a counters file");
/// Air counters of a WB-95 counters file.
pub const AIR_COUNTERS: Count = Count::new(20_000, "air counters", "in a counters file");
/// Formations of a counters file.
pub const FORMATIONS: Count = Count::new(20_000, "formations", "in a counters file");
/// Nations of a counters file.
pub const NATIONS: Count = Count::new(100, "nations", "in a counters file");

/// Units set up on the map, off it (in a box) or by the player (`setup`, `off_map`,
/// `free_setup`): each is a unit, and a scenario has at most
/// [`range::SCENARIO_UNITS`] of them.
pub const PLACEMENTS: Count = Count::new(20_000, "placements", "in one set-up list");
/// Units of one arrival, reinforcement, departure or withdrawal.
pub const GROUP_UNITS: Count = Count::new(20_000, "units", "in one arrival or departure");
/// Arrivals, reinforcements, departures, withdrawals, replacements, turn records,
/// markers, supply sources and restrictions: each list of a scenario's schedule.
pub const SCHEDULE: Count = Count::new(20_000, "entries", "in one list of a scenario");
/// Set-up areas of a scenario: each is worked out over the whole map.
pub const AREAS: Count = Count::new(100, "set-up areas", "in a scenario");
/// Shapes of one set-up area or victory zone.
pub const SHAPES: Count = Count::new(100, "shapes", "in one area");
/// Victory levels of a described scenario, and the conditions of one level.
pub const LEVELS: Count = Count::new(100, "victory levels or conditions", "in a scenario");

/// Tables of a tables file.
pub const TABLES: Count = Count::new(100, "tables", "in a tables file");
/// Vocabularies of a tables file.
pub const VOCABULARIES: Count = Count::new(100, "vocabularies", "in a tables file");
/// Codes of one vocabulary (and the parts of a cell).
pub const CODES: Count = Count::new(200, "codes", "in one vocabulary");
/// Rows of one table (the printed charts have a few dozen).
pub const ROWS: Count = Count::new(1_000, "rows", "in one table");
/// Columns of one table, and cells of one row.
pub const COLUMNS: Count = Count::new(100, "columns or cells", "in one table row");
/// The rulebook's cells listed in one table's `given`.
pub const GIVEN: Count = Count::new(10_000, "given cells", "in one table");

/// Boards of a composed map.
pub const BOARDS: Count = Count::new(100, "boards", "in a composed map");

/// One bound as the table lists it: its name, what it bounds, its largest value.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// Where it is in the code: `limits::UNITS`, `range::TURNS`.
    pub name: &'static str,
    pub what: &'static str,
    pub max: u64,
    /// How it is applied.
    pub applied: &'static str,
}

const fn count(name: &'static str, c: Count, applied: &'static str) -> Row {
    Row {
        name,
        what: c.what,
        max: c.max as u64,
        applied,
    }
}

const LOAD: &str = "at load: the item over the bound";
const SHAPE: &str = "at load, before parsing: where it is passed";
const VALUE: &str = "at load: the value";
const CHECK: &str = "by the checks (`validate`, and every command that checks)";

/// Every bound, for the manual (`docs/limits.md`) and the test that keeps it true.
pub const TABLE: &[Row] = &[
    Row {
        name: "limits::FILE_BYTES",
        what: "bytes of a file",
        max: FILE_BYTES,
        applied: "before reading: the file",
    },
    count("limits::NESTING", NESTING, SHAPE),
    count("limits::LIST_ITEMS", LIST_ITEMS, SHAPE),
    Row {
        name: "limits::MAP_SIDE",
        what: "hexes a side of a map (cols, rows)",
        max: MAP_SIDE as u64,
        applied: VALUE,
    },
    Row {
        name: "range::TURNS",
        what: "turns of a scenario (every system; WB-95's dates too)",
        max: range::TURNS.max as u64,
        applied: "at load: the value (WB-95's `end` date: S02)",
    },
    count("limits::UNITS", UNITS, LOAD),
    count("limits::AIR_COUNTERS", AIR_COUNTERS, LOAD),
    count("limits::FORMATIONS", FORMATIONS, LOAD),
    count("limits::NATIONS", NATIONS, LOAD),
    count("limits::PLACEMENTS", PLACEMENTS, LOAD),
    Row {
        name: "range::SCENARIO_UNITS",
        what: "units set up or arriving in a scenario (U10)",
        max: range::SCENARIO_UNITS.max as u64,
        applied: CHECK,
    },
    count("limits::GROUP_UNITS", GROUP_UNITS, LOAD),
    count("limits::SCHEDULE", SCHEDULE, LOAD),
    Row {
        name: "range::VICTORY_CONDITIONS",
        what: "VP awards or automatic victories of a WB-95 scenario",
        max: range::VICTORY_CONDITIONS.max as u64,
        applied: LOAD,
    },
    count("limits::LEVELS", LEVELS, LOAD),
    count("limits::AREAS", AREAS, LOAD),
    count("limits::SHAPES", SHAPES, LOAD),
    count("limits::TABLES", TABLES, LOAD),
    count("limits::VOCABULARIES", VOCABULARIES, LOAD),
    count("limits::CODES", CODES, LOAD),
    count("limits::ROWS", ROWS, LOAD),
    count("limits::COLUMNS", COLUMNS, LOAD),
    count("limits::GIVEN", GIVEN, LOAD),
    count("limits::BOARDS", BOARDS, LOAD),
];

// ---- the text's shape, before it is parsed ----

/// A text that nests too deep or holds too long a list: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excess {
    /// Byte offset of the bracket or item that passes the bound.
    pub offset: usize,
    pub message: String,
}

/// Checks `text` against [`NESTING`] and [`LIST_ITEMS`] in one pass over it (strings and
/// comments skipped as the parser skips them).
pub fn shape(text: &str) -> Result<(), Excess> {
    match super::outline::excess(text, NESTING.max, LIST_ITEMS.max) {
        None => Ok(()),
        Some((offset, super::outline::Over::Depth)) => Err(Excess {
            offset,
            message: format!(
                "brackets are nested more than {} deep here; files nest at most {} deep",
                NESTING.max, NESTING.max
            ),
        }),
        Some((offset, super::outline::Over::Items)) => Err(Excess {
            offset,
            message: format!(
                "this is item {} of its list, map or struct; at most {} are accepted",
                LIST_ITEMS.max + 1,
                LIST_ITEMS.max
            ),
        }),
    }
}

// ---- bounded lists, for `deserialize_with` ----

/// Reads a list of at most `limit.max` items; the first item over it is refused (the
/// parser puts the error at that item).
pub fn list<'de, D, T>(d: D, limit: &'static Count) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T>(&'static Count, PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Bounded<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {} {}", self.0.max, self.0.what)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.0.max).min(1024));
            while let Some(x) = seq.next_element()? {
                if v.len() == self.0.max {
                    return Err(A::Error::custom(self.0.refusal()));
                }
                v.push(x);
            }
            Ok(v)
        }
    }
    d.deserialize_seq(Bounded(limit, PhantomData))
}

/// Reads a map of at most `limit.max` entries, as [`list`] reads a list.
pub fn map<'de, D, K, V>(d: D, limit: &'static Count) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord,
    V: Deserialize<'de>,
{
    struct Bounded<K, V>(&'static Count, PhantomData<(K, V)>);
    impl<'de, K: Deserialize<'de> + Ord, V: Deserialize<'de>> Visitor<'de> for Bounded<K, V> {
        type Value = BTreeMap<K, V>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a map of at most {} {}", self.0.max, self.0.what)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<BTreeMap<K, V>, A::Error> {
            let mut out = BTreeMap::new();
            let mut n = 0;
            while let Some((k, v)) = m.next_entry()? {
                if n == self.0.max {
                    return Err(A::Error::custom(self.0.refusal()));
                }
                n += 1;
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Bounded(limit, PhantomData))
}

/// Defines a `deserialize_with` function for lists bounded by a [`Count`].
macro_rules! bounded_list {
    ($($name:ident => $limit:ident),* $(,)?) => {$(
        #[doc = concat!("A list bounded by [`", stringify!($limit), "`].")]
        pub fn $name<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
        where
            D: Deserializer<'de>,
            T: Deserialize<'de>,
        {
            list(d, &$limit)
        }
    )*};
}

bounded_list! {
    units => UNITS,
    air_counters => AIR_COUNTERS,
    formations => FORMATIONS,
    nations => NATIONS,
    placements => PLACEMENTS,
    group_units => GROUP_UNITS,
    schedule => SCHEDULE,
    areas => AREAS,
    shapes => SHAPES,
    levels => LEVELS,
    tables => TABLES,
    vocabularies => VOCABULARIES,
    codes => CODES,
    rows => ROWS,
    columns => COLUMNS,
    given => GIVEN,
    boards => BOARDS,
}

/// WB-95's VP awards and automatic victories, bounded by [`range::VICTORY_CONDITIONS`].
pub fn victory_conditions<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    const C: Count = Count::new(
        range::VICTORY_CONDITIONS.max,
        "VP awards or automatic victories",
        "in a scenario",
    );
    list(d, &C)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Two {
        #[serde(deserialize_with = "bounded_two")]
        xs: Vec<u32>,
    }

    const TWO: Count = Count::new(2, "xs", "in a test");

    fn bounded_two<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
        list(d, &TWO)
    }

    #[test]
    fn a_list_over_its_bound_is_refused_at_its_first_extra_item() {
        let ok: Two = ron::from_str("(xs: [1, 2])").unwrap();
        assert_eq!(ok.xs, [1, 2]);
        let e = ron::from_str::<Two>("(xs: [1, 2,\n 3])").unwrap_err();
        assert!(
            e.code.to_string().contains("more than 2 xs in a test"),
            "{e}"
        );
        assert_eq!(e.span.start.line, 2, "{e}");
    }

    #[test]
    fn the_shape_check_finds_deep_nesting_and_long_lists() {
        assert!(shape("(a: [1, 2, 3], b: Some(Some(\"((((\")))").is_ok());
        let deep = format!("(a: {}1{})", "Some(".repeat(100), ")".repeat(100));
        let e = shape(&deep).unwrap_err();
        // The 65th bracket: the root's and 63 `Some(` are allowed.
        assert_eq!(&deep[e.offset..e.offset + 1], "(");
        assert_eq!(deep[..e.offset].matches('(').count(), NESTING.max);
        // Brackets in strings and comments do not count.
        let quoted = format!(
            "(a: \"{}\", /* {} */ b: 1)",
            "(".repeat(200),
            "[".repeat(200)
        );
        assert!(shape(&quoted).is_ok());
    }

    /// `20000` as the manual writes it: `20,000`.
    fn thousands(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    #[test]
    fn the_manual_lists_every_bound_with_its_number() {
        let doc = include_str!("../../../../docs/limits.md");
        let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| `")).collect();
        for r in TABLE {
            let row = rows
                .iter()
                .find(|l| l.starts_with(&format!("| `{}` |", r.name)))
                .unwrap_or_else(|| panic!("docs/limits.md has no row for {}", r.name));
            assert!(
                row.contains(&format!("| {} ", thousands(r.max))),
                "{}: the manual says {row}, the code {}",
                r.name,
                r.max
            );
        }
        assert_eq!(rows.len(), TABLE.len(), "a row of the manual is no bound");
    }

    #[test]
    fn the_table_names_every_bound_once() {
        let mut names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n);
        assert!(TABLE.iter().all(|r| r.max > 0));
    }
}
