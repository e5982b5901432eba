//! A scenario together with the map, counters and terrain catalogue it references, as
//! loaded from disk; and a map with its catalogue, for map-only editing.

use std::path::{Path, PathBuf};

use super::check::{check_counters, check_map, check_scenario, check_terrain};
use super::compose;
use super::io::{self, LoadError};
use super::{Counters, Map, Problem, Scenario, Source, TerrainCatalogue};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BundlePaths {
    pub scenario: PathBuf,
    pub map: PathBuf,
    pub counters: PathBuf,
    pub terrain: PathBuf,
}

/// Everything a scenario needs, loaded.
#[derive(Clone, Debug)]
pub struct Bundle {
    pub scenario: Scenario,
    pub map: Map,
    pub counters: Counters,
    pub terrain: TerrainCatalogue,
    pub paths: BundlePaths,
}

/// A map and its terrain catalogue.
#[derive(Clone, Debug)]
pub struct MapBundle {
    pub map: Map,
    pub terrain: TerrainCatalogue,
    pub map_path: PathBuf,
    pub terrain_path: PathBuf,
}

impl MapBundle {
    /// Loads a map and the catalogue it names; returns the reference problems found.
    pub fn load(path: &Path) -> Result<(MapBundle, Vec<Problem>), LoadError> {
        let mut map = io::load_map(path)?;
        let terrain_path = io::resolve(path, &map.value.terrain);
        let terrain = io::load_terrain(&terrain_path)?;
        if map.value.is_composed() {
            let base = terrain
                .value
                .terrain
                .first()
                .map(|t| t.id.to_string())
                .unwrap_or_default();
            let file = map.value.clone();
            let (mut composed, printed) =
                compose::compose(&file, path, &base, |p| Ok(io::load_map(p)?.value))?;
            composed.printed = printed;
            composed.composed_file = Some(Box::new(file));
            map.value = composed;
        }
        let holes = compose::inner_holes(&map.value);
        let mut problems = check_terrain(&terrain.value, &terrain.source);
        problems.extend(check_map(&map.value, &terrain.value, &map.source));
        if let Some(first) = holes.first() {
            problems.push(
                Problem::warning(
                    "G03",
                    format!(
                        "{} hex(es) inside the composed map are on no section, the first is {first}: they play as {}",
                        holes.len(),
                        map.value.hexes.get(first).map_or("", |c| c.terrain.as_str())
                    ),
                )
                .at(path, None)
                .about(crate::model::Subject::Hex(*first)),
            );
        }
        let b = MapBundle {
            map: map.value,
            terrain: terrain.value,
            map_path: path.to_owned(),
            terrain_path,
        };
        Ok((b, problems))
    }
}

impl Bundle {
    /// Loads a scenario and everything it references; returns the reference problems of
    /// all four files. Unreadable or unparsable files are errors.
    pub fn load(path: &Path) -> Result<(Bundle, Vec<Problem>), LoadError> {
        let scenario = io::load_scenario(path)?;
        let map_path = io::resolve(path, &scenario.value.map);
        let counters_path = io::resolve(path, &scenario.value.counters);
        let (map, mut problems) = MapBundle::load(&map_path)?;
        let counters = io::load_counters(&counters_path)?;
        problems.extend(check_counters(&counters.value, &counters.source));
        problems.extend(check_scenario(
            &scenario.value,
            &map.map,
            &counters.value,
            &scenario.source,
        ));
        let bundle = Bundle {
            scenario: scenario.value,
            map: map.map,
            counters: counters.value,
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

    /// Re-runs the reference checks on the in-memory data (problems carry no file
    /// positions; they name their subject).
    pub fn check(&self) -> Vec<Problem> {
        let none = Source::default();
        let mut p = check_terrain(&self.terrain, &none);
        p.extend(check_map(&self.map, &self.terrain, &none));
        p.extend(check_counters(&self.counters, &none));
        p.extend(check_scenario(
            &self.scenario,
            &self.map,
            &self.counters,
            &none,
        ));
        p
    }
}
