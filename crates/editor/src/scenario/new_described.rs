//! File → New scenario for a rule system other than WB-95: a map of that system, a counter
//! set of it (or a new one, saved beside the scenario on its first save), a title and the
//! number of turns. The sides are those the system's rules name (each with a nation of the
//! counter set, in order), else the counter set's first two nations; the first moves first.
//! A system that keeps its charts as data gets its shipped blank charts linked (a save of
//! edits to them makes a copy beside the scenario). The scenario opens unsaved, for Save
//! As to give it a file.

use std::path::{Path, PathBuf};

use crate::document::Document;
use sztab_core::model::described::{self, Nation, Side};
use sztab_core::model::{BundlePaths, Colour, MapBundle, NationId, SideId, SystemId, io};
use sztab_seam::RuleSystem;

/// What the form asks.
pub struct Request<'a> {
    pub system: &'static dyn RuleSystem,
    pub title: &'a str,
    pub map: &'a Path,
    /// An existing counter set; `None` for a new one with a nation for each side.
    pub counters: Option<&'a Path>,
    pub turns: u32,
}

/// Builds the unsaved document, or says what is wrong with the files.
pub fn create(r: &Request<'_>) -> Result<Document, String> {
    let id = r.system.id();
    let (map, _) = MapBundle::load(r.map).map_err(|e| e.to_string())?;
    if map.map.system.as_str() != id {
        return Err(format!(
            "{} is a map of {}, not {}: pick a map of the scenario's system",
            r.map.display(),
            map.map.system,
            r.system.name()
        ));
    }
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    let (counters, counters_path) = match r.counters {
        Some(p) => (existing_counters(r.system, p)?, abs(p)),
        None => (new_counters(r.system, r.title), PathBuf::new()),
    };
    let sides = sides(r.system, &counters)?;
    let charts = sztab_registry::charts_of(id)
        .into_iter()
        .next()
        .map(|p| abs(&p));
    let tables = match &charts {
        Some(p) => Some((
            io::load_tables(p).map_err(|e| e.to_string())?.value,
            p.clone(),
        )),
        None => None,
    };
    let map_path = abs(&map.map_path);
    let scenario = described::Scenario {
        system: SystemId::new(id),
        title: r.title.trim().to_owned(),
        notes: String::new(),
        map: map_path.clone(),
        counters: counters_path.clone(),
        turns: r.turns.max(1),
        first: sides[0].id.clone(),
        sides,
        setup: Vec::new(),
        off_map: Vec::new(),
        markers: Vec::new(),
        arrivals: Vec::new(),
        departures: Vec::new(),
        turn_track: Vec::new(),
        replacements: Vec::new(),
        supply: Vec::new(),
        victory: None,
        tables: charts,
        rules: Default::default(),
    };
    let bundle = described::Bundle {
        scenario,
        map: map.map,
        counters,
        terrain: map.terrain,
        paths: BundlePaths {
            scenario: PathBuf::new(),
            map: map_path,
            counters: counters_path,
            terrain: map.terrain_path,
        },
        tables,
    };
    Ok(Document::new_described(r.system, bundle))
}

fn existing_counters(system: &dyn RuleSystem, path: &Path) -> Result<described::Counters, String> {
    if path.as_os_str().is_empty() {
        return Err(format!("pick a counter set of {}", system.name()));
    }
    let source = io::read_text(path).map_err(|e| e.to_string())?;
    let counters: described::Counters = io::parse(&source).map_err(|e| e.to_string())?;
    if counters.system.as_str() != system.id() {
        return Err(format!(
            "{} is a counter set of {}, not {}",
            path.display(),
            counters.system,
            system.name()
        ));
    }
    Ok(counters)
}

/// Counter colours of a new set's nations, by side: grey-blue and brown, as most games
/// print their two sides.
const COLOURS: [(Colour, Colour); 2] = [
    (Colour::rgb(143, 150, 152), Colour::rgb(0, 0, 0)),
    (Colour::rgb(176, 106, 58), Colour::rgb(255, 255, 255)),
];

/// A new counter set of `system`: a nation for each side its rules name (else two), no
/// units yet.
fn new_counters(system: &dyn RuleSystem, title: &str) -> described::Counters {
    let named: Vec<(&str, &str)> = match system.sides() {
        [] => vec![("first", "First side"), ("second", "Second side")],
        s => s.to_vec(),
    };
    let nations = named
        .iter()
        .zip(COLOURS.iter().cycle())
        .map(|((id, name), (colour, text_colour))| Nation {
            id: NationId::new(*id),
            name: (*name).to_owned(),
            colour: *colour,
            text_colour: *text_colour,
        })
        .collect();
    described::Counters {
        system: SystemId::new(system.id()),
        name: format!("{} counters", title.trim()),
        notes: String::new(),
        nations,
        formations: Vec::new(),
        units: Vec::new(),
        index: Default::default(),
    }
}

/// The scenario's sides: the system's, each with the nation of the same id, or else the
/// counter set's nation in the same place; without named sides, a side of each of the
/// first two nations.
fn sides(system: &dyn RuleSystem, counters: &described::Counters) -> Result<Vec<Side>, String> {
    let nations = &counters.nations;
    if nations.len() < 2 {
        return Err(format!(
            "the counter set has {} nation(s): a scenario needs two sides",
            nations.len()
        ));
    }
    Ok(match system.sides() {
        [] => nations
            .iter()
            .take(2)
            .map(|n| Side {
                id: SideId::new(n.id.as_str()),
                name: n.name.clone(),
                nations: vec![n.id.clone()],
            })
            .collect(),
        named => named
            .iter()
            .enumerate()
            .map(|(i, (id, name))| {
                let nation = nations
                    .iter()
                    .find(|n| n.id.as_str() == *id)
                    .or(nations.get(i))
                    .map(|n| n.id.clone());
                Side {
                    id: SideId::new(*id),
                    name: (*name).to_owned(),
                    nations: nation.into_iter().collect(),
                }
            })
            .collect(),
    })
}
