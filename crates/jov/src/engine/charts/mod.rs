//! The charts, read once from the scenario's tables file into typed values: every number
//! the engine takes from a chart comes from here, never from the code. A chart the game
//! needs that is missing, or has an empty or unreadable cell the game reads, refuses the
//! scenario: one line per table, naming it and counting the cells.

mod combat;
mod reader;
mod rolls;
mod tec;

pub use combat::{
    ArmorSuperiority, Artillery, Crt, CrtColumn, CrtPart, CrtResult, DefenceBonus, TerrainCombat,
};
pub use reader::Reader;
pub use rolls::{AirTables, CasCounter, Chits, RollTable, VisibilityTable};
pub use tec::{MpCell, Tec};

use sztab_core::model::tables::Tables;

use super::side::Army;

/// Every chart the engine reads.
#[derive(Clone, Debug)]
pub struct Charts {
    pub tec: Tec,
    pub terrain_combat: TerrainCombat,
    pub crt: Crt,
    pub soviet_artillery: Artillery,
    pub german_artillery: Artillery,
    pub armor_superiority: ArmorSuperiority,
    pub ground: RollTable<super::weather::Ground>,
    pub visibility: VisibilityTable,
    pub air: AirTables,
    pub chits: Chits,
    /// Unit supply range in hexes, by side and ground (13.4.1).
    pub supply_range: [[u32; 2]; 2],
}

impl Charts {
    /// Reads every chart; the error lists each table with cells missing.
    pub fn read(t: &Tables) -> Result<Charts, Vec<String>> {
        let (c, problems) = Charts::read_all(t);
        if problems.is_empty() {
            Ok(c)
        } else {
            Err(problems)
        }
    }

    /// Reads what it can, with every problem.
    pub fn read_all(t: &Tables) -> (Charts, Vec<String>) {
        let mut r = Reader::new(t);
        let charts = Charts {
            tec: Tec::read(&mut r),
            terrain_combat: TerrainCombat::read(&mut r),
            crt: Crt::read(&mut r),
            soviet_artillery: Artillery::read(&mut r, "soviet_artillery"),
            german_artillery: Artillery::read(&mut r, "german_artillery"),
            armor_superiority: ArmorSuperiority::read(&mut r),
            ground: rolls::ground(&mut r),
            visibility: VisibilityTable::read(&mut r),
            air: AirTables::read(&mut r),
            chits: Chits::read(&mut r),
            supply_range: rolls::supply_range(&mut r),
        };
        (charts, r.finish().err().unwrap_or_default())
    }

    pub fn artillery(&self, a: Army) -> &Artillery {
        match a {
            Army::Soviet => &self.soviet_artillery,
            Army::German => &self.german_artillery,
        }
    }
}

#[cfg(test)]
pub(crate) mod fixture {
    use sztab_core::model::Source;
    use sztab_core::model::io;
    use sztab_core::model::tables::Tables;

    /// The example scenarios' invented charts.
    pub fn invented() -> Tables {
        let text = include_str!("../../../../../scenarios/jov/korsun.invented.tables.ron");
        io::parse(&Source::new("korsun.invented.tables.ron", text))
            .expect("the invented charts read")
    }
}
