//! File → New scenario for a rule system other than WB-95: a map and a counter set of
//! that system, a title and the number of turns; each of the counter set's first two
//! nations becomes a side, the first moving first. The scenario opens in the generic
//! editor (Forces, playtest) unsaved, for Save As to give it a file.

use std::path::{Path, PathBuf};

use crate::document::Document;
use sztab_core::model::generic::{self, Side};
use sztab_core::model::{BundlePaths, MapBundle, SideId, SystemId, io};
use sztab_seam::RuleSystem;

/// What the form asks.
pub struct Request<'a> {
    pub system: &'static dyn RuleSystem,
    pub title: &'a str,
    pub map: &'a Path,
    pub counters: &'a Path,
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
    if r.counters.as_os_str().is_empty() {
        return Err(format!("pick a counter set of {}", r.system.name()));
    }
    let source = io::read_text(r.counters).map_err(|e| e.to_string())?;
    let counters: generic::Counters = io::parse(&source).map_err(|e| e.to_string())?;
    if counters.system.as_str() != id {
        return Err(format!(
            "{} is a counter set of {}, not {}",
            r.counters.display(),
            counters.system,
            r.system.name()
        ));
    }
    let sides: Vec<Side> = counters
        .nations
        .iter()
        .take(2)
        .map(|n| Side {
            id: SideId::new(n.id.as_str()),
            name: n.name.clone(),
            nations: vec![n.id.clone()],
        })
        .collect();
    let [first, _] = sides.as_slice() else {
        return Err(format!(
            "{} has {} nation(s): a scenario needs two sides",
            r.counters.display(),
            sides.len()
        ));
    };
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    let (map_path, counters_path) = (abs(&map.map_path), abs(r.counters));
    let scenario = generic::Scenario {
        system: SystemId::new(id),
        title: r.title.trim().to_owned(),
        notes: String::new(),
        map: map_path.clone(),
        counters: counters_path.clone(),
        turns: r.turns.max(1),
        first: first.id.clone(),
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
        tables: None,
        rules: Default::default(),
    };
    let bundle = generic::Bundle {
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
        tables: None,
    };
    Ok(Document::new_generic(r.system, bundle))
}
