//! Validation of files as `sztab validate` runs it: load, the reference checks, then
//! for a sound scenario the engine's setup checks (§10).

use std::path::{Path, PathBuf};

use sztab_core::hex::HexId;
use sztab_core::model::check::{check_counters, check_terrain};
use sztab_core::model::{
    Bundle, FileKind, LoadError, MapBundle, Problem, SideId, Sources, SystemId, acknowledge,
    generic, io,
};
use sztab_wb95::prepared::Prepared;
use sztab_wb95::setup_check;

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
            let problems = if system.id() == SystemId::WB95 {
                let c: sztab_core::model::Counters = io::parse(&source)?;
                check_counters(&c, &source)
            } else {
                let c: generic::Counters = io::parse(&source)?;
                generic::check_counters(&c, &system.schemas(), &source)
            };
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
                b.generic()
                    .and_then(|g| g.tables.as_ref())
                    .map(|t| t.1.clone()),
            );
            Ok(Report { files, problems })
        }
    }
}

/// Reference errors that leave a scenario compilable: something missing (a supply
/// source, victory conditions, an entry, an air window, room in a set-up area) or a unit
/// outside its set-up area, not a dangling reference. A scenario being built has them for
/// a while; the editor still shows the rules' checks.
const GAPS: [&str; 11] = [
    "L01", "V01", "V02", "V03", "R01", "S02", "A01", "Z02", "Z03", "Z04", "Z05",
];

/// Checks a scenario held in memory (the editor's live validation): the reference checks
/// of all four parts, then the engine's setup checks, which also run while the only
/// errors are gaps in a scenario being built ([`GAPS`]). Problems name their subject but
/// carry no file position.
pub fn check_bundle(b: &Bundle) -> Vec<Problem> {
    check_in_editor(b).problems
}

/// What the editor's live validation learns about a scenario.
#[derive(Debug, Default)]
pub struct Checked {
    pub problems: Vec<Problem>,
    /// Who controls each hex at the start by the engine's rules (R4.3.1, A-68), when the
    /// scenario compiles: the setup zones of each side.
    pub control: Option<Vec<(HexId, SideId)>>,
}

/// [`check_bundle`], with the initial control map the engine compiled on the way.
pub fn check_in_editor(b: &Bundle) -> Checked {
    let mut problems = b.check();
    let blocking = problems
        .iter()
        .any(|p| p.is_error() && !GAPS.contains(&p.code));
    if blocking {
        acknowledge::apply(&mut problems, &b.scenario.acknowledged, false);
        return Checked {
            problems,
            control: None,
        };
    }
    let prepared = Prepared::new(b);
    problems.extend(setup_check::check(b, &prepared));
    acknowledge::apply(&mut problems, &b.scenario.acknowledged, true);
    let control = (0..prepared.board.len())
        .filter_map(|h| {
            let side = prepared.initial_control[h]?;
            Some((prepared.board.id(h), prepared.side_info(side).id.clone()))
        })
        .collect();
    Checked {
        problems,
        control: Some(control),
    }
}
