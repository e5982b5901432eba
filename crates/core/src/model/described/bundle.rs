//! A described scenario with the map, counters and terrain catalogue it references.

use std::path::Path;

use super::{Counters, Scenario, Schemas, check_counters, check_scenario};
use crate::model::io::{self, LoadError};
use crate::model::tables::{self, Tables};
use crate::model::{BundlePaths, Map, MapBundle, Problem, Source, TerrainCatalogue};

/// Everything a described scenario needs, loaded.
#[derive(Clone, Debug)]
pub struct Bundle {
    pub scenario: Scenario,
    pub map: Map,
    pub counters: Counters,
    pub terrain: TerrainCatalogue,
    pub paths: BundlePaths,
    /// The charts the scenario names, and their file.
    pub tables: Option<(Tables, std::path::PathBuf)>,
}

impl Bundle {
    /// Loads a scenario and everything it references, checked against `schemas`; returns
    /// the reference problems of all four files.
    pub fn load(path: &Path, schemas: &Schemas) -> Result<(Bundle, Vec<Problem>), LoadError> {
        let source = io::read_text(path)?;
        let scenario: Scenario = io::parse(&source)?;
        let map_path = io::resolve(path, &scenario.map);
        let counters_path = io::resolve(path, &scenario.counters);
        let (map, mut problems) =
            io::referenced(path, "map", &map_path, MapBundle::load(&map_path))?;
        let counters_src = io::referenced(
            path,
            "counters",
            &counters_path,
            io::read_text(&counters_path),
        )?;
        let counters: Counters = io::parse(&counters_src)?;
        problems.extend(check_counters(&counters, schemas, &counters_src));
        problems.extend(check_scenario(
            &scenario, &map.map, &counters, schemas, &source,
        ));
        let tables = match &scenario.tables {
            Some(t) => {
                let from = path;
                let path = io::resolve(from, t);
                let loaded = io::referenced(from, "tables", &path, io::load_tables(&path))?;
                problems.extend(tables::check::check(&loaded.value, &loaded.source));
                Some((loaded.value, path))
            }
            None => None,
        };
        let bundle = Bundle {
            tables,
            scenario,
            map: map.map,
            counters,
            terrain: map.terrain,
            paths: BundlePaths {
                scenario: path.to_owned(),
                map: map_path,
                counters: counters_path,
                terrain: map.terrain_path,
            },
        };
        Ok((bundle, problems))
    }

    /// Re-runs the reference checks on the data in memory (no file positions).
    pub fn check(&self, schemas: &Schemas) -> Vec<Problem> {
        let none = Source::default();
        let mut p = crate::model::check::check_terrain(&self.terrain, &none);
        p.extend(crate::model::check::check_map(
            &self.map,
            &self.terrain,
            &none,
        ));
        p.extend(check_counters(&self.counters, schemas, &none));
        p.extend(check_scenario(
            &self.scenario,
            &self.map,
            &self.counters,
            schemas,
            &none,
        ));
        if let Some((t, _)) = &self.tables {
            p.extend(tables::check::check(t, &none));
        }
        p
    }
}
