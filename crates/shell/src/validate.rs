//! Validation of files as `sztab validate` runs it: load, the reference checks, then
//! for a sound scenario the engine's setup checks (§10).

use std::path::{Path, PathBuf};

use sztab_core::model::check::check_terrain;
use sztab_core::model::described::anchor_of;
use sztab_core::model::{FileKind, LoadError, MapBundle, Problem, Sources, acknowledge, io};

/// What validating one file found.
#[derive(Debug, Default)]
pub struct Report {
    /// The files read (a scenario pulls in its map, counters and terrain).
    pub files: Vec<PathBuf>,
    pub problems: Vec<Problem>,
}

impl Report {
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }
    /// Warnings to act on: acknowledged ones are not counted.
    pub fn warnings(&self) -> usize {
        self.problems.iter().filter(|p| p.is_open_warning()).count()
    }
    /// Warnings the scenario acknowledges as intended.
    pub fn acknowledged(&self) -> usize {
        self.problems
            .iter()
            .filter(|p| p.acknowledged.is_some())
            .count()
    }
}

/// Loads a file of any kind and checks it: the reference checks every file gets, what
/// its rule system needs of it, and for a sound scenario the system's setup checks.
pub fn validate_file(path: &Path) -> Result<Report, LoadError> {
    let kind = FileKind::of_path(path).ok_or_else(|| LoadError::UnknownKind {
        path: path.to_owned(),
    })?;
    let system = sztab_registry::of_file(path)?;
    match kind {
        FileKind::Terrain => {
            let t = io::load_terrain(path)?;
            let mut problems = check_terrain(&t.value, &t.source);
            problems.extend(system.check_catalogue(&t.value, &t.source));
            Ok(Report {
                files: vec![path.into()],
                problems,
            })
        }
        FileKind::Tables => {
            let t = io::load_tables(path)?;
            let mut problems = sztab_core::model::tables::check::check(&t.value, &t.source);
            problems.extend(system.check_tables(&t.value, &t.source));
            Ok(Report {
                files: vec![path.into()],
                problems,
            })
        }
        FileKind::Counters => {
            let source = io::read_text(path)?;
            let problems = system.check_counters(&source)?;
            Ok(Report {
                files: vec![path.into()],
                problems,
            })
        }
        FileKind::Map => {
            let (b, mut problems) = MapBundle::load(path)?;
            if b.map.system != b.terrain.system {
                problems.push(
                    Problem::error(
                        "Y01",
                        format!(
                            "the map is for {} but its terrain catalogue is for {}",
                            b.map.system, b.terrain.system
                        ),
                    )
                    .at(path, None),
                );
            }
            let terrain = io::read_text(&b.terrain_path)?;
            problems.extend(system.check_catalogue(&b.terrain, &terrain));
            Ok(Report {
                files: vec![b.map_path, b.terrain_path],
                problems,
            })
        }
        FileKind::Scenario => {
            let (system, b, mut problems) = sztab_registry::load(path)?;
            let complete = !problems.iter().any(|p| p.is_error());
            if complete {
                problems.extend(system.setup_checks(b.view()));
            }
            acknowledge::apply(&mut problems, b.view().acknowledged(), complete);
            let p = b.paths();
            // A problem that names only its subject is located at the value that states it.
            if let Some(g) = b.described() {
                for x in problems.iter_mut().filter(|x| x.file.is_none()) {
                    if x.anchor.is_none() {
                        x.anchor = x.subject.as_ref().and_then(|s| anchor_of(&g.scenario, s));
                    }
                }
            }
            // The setup checks work on the compiled scenario: their problems carry the
            // path of their value, located now in the files' text.
            if problems
                .iter()
                .any(|x| x.anchor.is_some() && x.file.is_none())
            {
                Sources::read(p).locate(&mut problems);
            }
            let mut files = vec![
                p.scenario.clone(),
                p.map.clone(),
                p.counters.clone(),
                p.terrain.clone(),
            ];
            files.extend(
                b.described()
                    .and_then(|g| g.tables.as_ref())
                    .map(|t| t.1.clone()),
            );
            Ok(Report { files, problems })
        }
    }
}
