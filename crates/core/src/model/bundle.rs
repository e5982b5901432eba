//! A scenario together with the map, counters and terrain catalogue it references, as
//! loaded from disk; and a map with its catalogue, for map-only editing.

use std::path::{Path, PathBuf};

use super::check::{check_counters, check_map, check_scenario, check_terrain};
use super::compose;
use super::io::{self, FileKind, LoadError};
use super::outline::Seg;
use super::{Counters, Map, Part, PathSeg, Problem, Scenario, Source, TerrainCatalogue};

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

/// The text of a scenario's four files, to locate problems found after loading.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    pub scenario: Source,
    pub map: Source,
    pub counters: Source,
    pub terrain: Source,
}

impl Sources {
    fn of(&self, part: Part) -> &Source {
        match part {
            Part::Scenario => &self.scenario,
            Part::Map => &self.map,
            Part::Counters => &self.counters,
            Part::Terrain => &self.terrain,
        }
    }

    /// The text of the files at `paths` (a file that cannot be read is left empty: its
    /// problems keep no position).
    pub fn read(paths: &BundlePaths) -> Sources {
        let read = |p: &Path| io::read_text(p).unwrap_or_default();
        Sources {
            scenario: read(&paths.scenario),
            map: read(&paths.map),
            counters: read(&paths.counters),
            terrain: read(&paths.terrain),
        }
    }

    /// Gives each anchored problem that has no file yet its file, line and column (one
    /// pass over each file's text for all of them).
    pub fn locate(&self, problems: &mut [Problem]) {
        for part in [Part::Scenario, Part::Map, Part::Counters, Part::Terrain] {
            let src = self.of(part);
            if src.path.as_os_str().is_empty() {
                continue;
            }
            let mine: Vec<(usize, usize)> = problems
                .iter()
                .enumerate()
                .filter(|(_, p)| p.file.is_none())
                .filter_map(|(i, p)| {
                    let a = p.anchor.as_ref().filter(|a| a.part == part)?;
                    let path: Vec<Seg> = a.path.iter().map(PathSeg::as_seg).collect();
                    Some((i, src.offset_of(&path)?))
                })
                .collect();
            let offsets: Vec<usize> = mine.iter().map(|m| m.1).collect();
            for ((i, _), (line, column)) in mine.iter().zip(src.positions(&offsets)) {
                let p = &mut problems[*i];
                p.file = Some(src.path.clone());
                (p.line, p.column) = (Some(line), Some(column));
            }
        }
    }
}

/// A file name a file refers to must not be empty (it would name the folder): refused at
/// the field, in the file that holds it.
fn named(source: &Source, field: &str, value: &Path, kind: FileKind) -> Result<(), LoadError> {
    if !value.as_os_str().is_empty() {
        return Ok(());
    }
    let (line, column) = source
        .offset_of(&[Seg::Field(field)])
        .map_or((1, 1), |o| source.position(o));
    Err(LoadError::Syntax {
        path: source.path.clone(),
        line,
        column,
        message: format!(
            "`{field}` is empty: name the {} file (a name ending in {})",
            kind.name(),
            kind.suffix()
        ),
    })
}

impl MapBundle {
    /// Loads a map and the catalogue it names; returns the reference problems found.
    pub fn load(path: &Path) -> Result<(MapBundle, Vec<Problem>), LoadError> {
        Self::load_sourced(path).map(|(b, p, _)| (b, p))
    }

    /// [`MapBundle::load`], with the text of the map and the catalogue.
    pub fn load_sourced(path: &Path) -> Result<(MapBundle, Vec<Problem>, Sources), LoadError> {
        let mut map = io::load_map(path)?;
        named(
            &map.source,
            "terrain",
            &map.value.terrain,
            FileKind::Terrain,
        )?;
        let terrain_path = io::resolve(path, &map.value.terrain);
        let terrain = io::referenced(
            path,
            "terrain",
            &terrain_path,
            io::load_terrain(&terrain_path),
        )?;
        if map.value.is_composed() {
            let base = terrain
                .value
                .terrain
                .first()
                .map(|t| t.id.to_string())
                .unwrap_or_default();
            let file = map.value.clone();
            let (composed, _) = compose::compose(&file, path, &base, |p| {
                Ok(io::referenced(path, "board", p, io::load_map(p))?.value)
            })?;
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
        let sources = Sources {
            map: map.source,
            terrain: terrain.source,
            ..Sources::default()
        };
        Ok((b, problems, sources))
    }
}

impl Bundle {
    /// Loads a scenario and everything it references; returns the reference problems of
    /// all four files. Unreadable or unparsable files are errors.
    pub fn load(path: &Path) -> Result<(Bundle, Vec<Problem>), LoadError> {
        Self::load_sourced(path).map(|(b, p, _)| (b, p))
    }

    /// [`Bundle::load`], with the text of the four files (to locate problems found in
    /// the compiled scenario).
    pub fn load_sourced(path: &Path) -> Result<(Bundle, Vec<Problem>, Sources), LoadError> {
        let scenario = io::load_scenario(path)?;
        named(&scenario.source, "map", &scenario.value.map, FileKind::Map)?;
        named(
            &scenario.source,
            "counters",
            &scenario.value.counters,
            FileKind::Counters,
        )?;
        let map_path = io::resolve(path, &scenario.value.map);
        let counters_path = io::resolve(path, &scenario.value.counters);
        let (map, mut problems, mut sources) =
            io::referenced(path, "map", &map_path, MapBundle::load_sourced(&map_path))?;
        let counters = io::referenced(
            path,
            "counters",
            &counters_path,
            io::load_counters(&counters_path),
        )?;
        problems.extend(check_counters(&counters.value, &counters.source));
        problems.extend(check_scenario(
            &scenario.value,
            &map.map,
            &counters.value,
            &scenario.source,
        ));
        sources.scenario = scenario.source;
        sources.counters = counters.source;
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
        Ok((bundle, problems, sources))
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
