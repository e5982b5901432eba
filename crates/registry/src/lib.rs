//! The registry of the rule systems Sztab knows, each in its own crate: the one place
//! that lists them, and the way the shell and the editor reach them (they name no
//! system). Adding a system: its crate under `crates/`, one line in [`SYSTEMS`], and its
//! content (see docs/adding-a-rule-system.md).

use std::path::Path;

pub use sztab_seam::{AnyBundle, Match, MatchError, RuleSystem};

use sztab_core::model::io::{self, FileKind, LoadError};
use sztab_core::model::{Problem, SystemId};

/// Every rule system, one line each.
static SYSTEMS: &[&dyn RuleSystem] = &[
    &sztab_wb95::system::Wb95,
    &sztab_toy::Toy,
    &sztab_panzerblitz::PanzerBlitz,
    &sztab_rtl::Rtl,
    &sztab_jov::Jov,
];

/// Every rule system, in the order `sztab systems` lists them.
pub fn all() -> &'static [&'static dyn RuleSystem] {
    SYSTEMS
}

/// The system with this id.
pub fn get(id: &str) -> Option<&'static dyn RuleSystem> {
    SYSTEMS.iter().copied().find(|s| s.id() == id)
}

/// The system a file names, or a refusal that lists the known ones.
pub fn of(id: &SystemId, path: &Path) -> Result<&'static dyn RuleSystem, LoadError> {
    get(id.as_str()).ok_or_else(|| {
        let known: Vec<&str> = SYSTEMS.iter().map(|s| s.id()).collect();
        LoadError::Refused {
            path: path.to_owned(),
            message: format!(
                "unknown rule system \"{id}\"; Sztab knows {} (`sztab systems`)",
                known.join(", ")
            ),
        }
    })
}

/// The system a file of any kind belongs to, read from its `system` field.
pub fn of_file(path: &Path) -> Result<&'static dyn RuleSystem, LoadError> {
    let source = io::read_text(path)?;
    of(&io::probe_system(&source)?, path)
}

/// Loads a scenario of any system with everything it references; returns its system,
/// the bundle and the reference problems of its files (the system's catalogue needs
/// included).
pub fn load(path: &Path) -> Result<(&'static dyn RuleSystem, AnyBundle, Vec<Problem>), LoadError> {
    if FileKind::of_path(path) != Some(FileKind::Scenario) {
        return Err(LoadError::Refused {
            path: path.to_owned(),
            message: "expected a scenario (a name ending in .scenario.ron)".into(),
        });
    }
    let system = of_file(path)?;
    let (bundle, mut problems) = system.load(path)?;
    let map_system = &bundle.map().system;
    if map_system.as_str() != system.id() {
        problems.push(
            Problem::error(
                "Y01",
                format!(
                    "the scenario is for {} but its map {} is for {map_system}",
                    system.id(),
                    bundle.paths().map.display()
                ),
            )
            .at(path, None),
        );
    }
    let terrain_source = io::read_text(&bundle.paths().terrain)?;
    problems.extend(system.check_catalogue(bundle.terrain(), &terrain_source));
    if let Some((tables, tables_path)) = bundle.described().and_then(|b| b.tables.as_ref()) {
        let source = io::read_text(tables_path)?;
        problems.extend(system.check_tables(tables, &source));
    }
    Ok((system, bundle, problems))
}

/// The terrain catalogues shipped for a system (`assets/<system>/*.terrain.ron`), found
/// from the working directory or the source tree.
pub fn catalogues_of(system: &str) -> Vec<std::path::PathBuf> {
    shipped(system, ".terrain.ron")
}

/// The blank charts shipped for a system (`assets/<system>/*.tables.ron`), found as the
/// catalogues are.
pub fn charts_of(system: &str) -> Vec<std::path::PathBuf> {
    shipped(system, ".tables.ron")
}

/// The files of a kind (`suffix`) shipped for a system.
fn shipped(system: &str, suffix: &str) -> Vec<std::path::PathBuf> {
    for dir in [
        Path::new("assets").join(system),
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("assets")
            .join(system),
    ] {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut v: Vec<std::path::PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect();
            v.sort();
            if !v.is_empty() {
                return v;
            }
        }
    }
    Vec::new()
}

/// The JSON Schema files `sztab schema` writes: WB-95's and the core formats, then each
/// described system's counters and scenario with its attributes.
pub fn schema_files() -> Vec<(String, String)> {
    let mut files = sztab_core::model::schema::all();
    for s in SYSTEMS
        .iter()
        .filter(|s| s.id() != sztab_wb95::system::Wb95.id())
    {
        files.extend(sztab_core::model::schema::of_described_system(
            s.id(),
            &s.schemas(),
        ));
    }
    files
}
