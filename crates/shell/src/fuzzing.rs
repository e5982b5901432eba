//! What the coverage-guided fuzz targets run (`fuzz/`, cargo-fuzz), compiled with the
//! project so that the test suite runs the same code on the seed corpus with a stable
//! compiler (`tests/fuzz_targets.rs`). Every input is bytes; the first byte picks the kind
//! of file or the system, the rest is the file. Nothing here may panic, hang or run away
//! with memory on any input.

use std::path::Path;

use sztab_core::model::check::{check_counters, check_terrain};
use sztab_core::model::{Counters, Scenario, TerrainCatalogue, described, io, tables};
use sztab_seam::{AnyBundle, BundleRef, RuleSystem};

/// How far an input went: a seed that stops short of [`Reached::Checked`] no longer
/// exercises the checks, which the test suite would notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reached {
    /// Empty, or not text the loader takes.
    Nothing,
    /// Text, but not a file of its kind.
    Decoded,
    /// Parsed and checked.
    Checked,
}

/// The file names `load_files` reads its input as, by its first byte.
const NAMES: [&str; 6] = [
    "fuzz.terrain.ron",
    "fuzz.map.ron",
    "fuzz.counters.ron",
    "fuzz.scenario.ron",
    "fuzz.tables.ron",
    "fuzz.counters.ron",
];

/// One seed file for each kind of `load_files`, relative to the project's root.
pub const LOAD_SEEDS: [&str; 6] = [
    "assets/wb95/kursk-1943.terrain.ron",
    "tests/fixtures/mini.map.ron",
    "tests/fixtures/mini.counters.ron",
    "tests/fixtures/mini.scenario.ron",
    "assets/jov/jov.tables.ron",
    "scenarios/rtl/soltsy-example.counters.ron",
];

/// The example bundle of every system whose scenario `setup_checks` replaces, relative to
/// the project's root: WB-95's fixture, PanzerBlitz's Krasny, Roads to Leningrad's Soltsy,
/// The Jaws of Victory's Korsun, the toy valley.
pub const SCENARIOS: [&str; 5] = [
    "tests/fixtures/mini.scenario.ron",
    "tests/fixtures/panzerblitz/krasny.scenario.ron",
    "scenarios/rtl/soltsy-example.scenario.ron",
    "scenarios/jov/korsun-example.scenario.ron",
    "tests/fixtures/toy/valley.scenario.ron",
];

/// Any bytes as any kind of file, through the loader every command reads files with
/// (`io::decode`, `io::parse`, the map's limits) and the checks that need only that file:
/// a terrain catalogue, a map, WB-95's and every other system's counters, a scenario, a
/// tables file with every system's blank charts.
pub fn load_files(data: &[u8]) -> Reached {
    let Some((&pick, rest)) = data.split_first() else {
        return Reached::Nothing;
    };
    let kind = usize::from(pick) % NAMES.len();
    let Ok(src) = io::decode(Path::new(NAMES[kind]), rest.to_vec()) else {
        return Reached::Nothing;
    };
    let systems = sztab_registry::all();
    let checked = match kind {
        0 => io::parse::<TerrainCatalogue>(&src).is_ok_and(|t| {
            let _ = check_terrain(&t, &src);
            for s in systems {
                let _ = s.check_catalogue(&t, &src);
            }
            true
        }),
        1 => io::parse_map(&src).is_ok(),
        2 => io::parse::<Counters>(&src).is_ok_and(|c| {
            let _ = check_counters(&c, &src);
            true
        }),
        3 => {
            let _ = io::probe_system(&src);
            let typed = io::parse::<Scenario>(&src).is_ok();
            io::parse::<described::Scenario>(&src).is_ok() || typed
        }
        4 => io::parse::<tables::Tables>(&src).is_ok_and(|t| {
            let _ = tables::check::check(&t, &src);
            for s in systems {
                let _ = s.check_tables(&t, &src);
            }
            true
        }),
        _ => io::parse::<described::Counters>(&src).is_ok_and(|c| {
            for s in systems {
                let _ = described::check_counters(&c, &s.schemas(), &src);
            }
            true
        }),
    };
    if checked {
        Reached::Checked
    } else {
        Reached::Decoded
    }
}

/// The example bundles `setup_checks` runs on, loaded once.
pub struct SetupBundles(Vec<(&'static dyn RuleSystem, AnyBundle)>);

impl SetupBundles {
    /// Loads [`SCENARIOS`] from the project at `root`.
    pub fn load(root: &Path) -> Result<SetupBundles, String> {
        let mut out = Vec::new();
        for s in SCENARIOS {
            let (system, bundle, _) =
                sztab_registry::load(&root.join(s)).map_err(|e| format!("{s}: {e}"))?;
            out.push((system, bundle));
        }
        Ok(SetupBundles(out))
    }

    /// Any bytes as the scenario of one of the example bundles (the first byte picks
    /// it), with that bundle's map and counters: the reference checks, the system's
    /// setup checks, the setup card and the counters on the map, as `validate` and
    /// `card` run them.
    pub fn setup_checks(&self, data: &[u8]) -> Reached {
        let Some((&pick, rest)) = data.split_first() else {
            return Reached::Nothing;
        };
        let (system, bundle) = &self.0[usize::from(pick) % self.0.len()];
        let Ok(src) = io::decode(Path::new("fuzz.scenario.ron"), rest.to_vec()) else {
            return Reached::Nothing;
        };
        match bundle {
            AnyBundle::Wb95(b) => {
                let Ok(s) = io::parse::<Scenario>(&src) else {
                    return Reached::Decoded;
                };
                let mut b = (**b).clone();
                b.scenario = s;
                let _ = sztab_core::model::check::check_scenario(
                    &b.scenario,
                    &b.map,
                    &b.counters,
                    &src,
                );
                after_checks(*system, BundleRef::Wb95(&b));
            }
            AnyBundle::Described(b) => {
                let Ok(s) = io::parse::<described::Scenario>(&src) else {
                    return Reached::Decoded;
                };
                let mut b = (**b).clone();
                b.scenario = s;
                let _ = described::check_scenario(
                    &b.scenario,
                    &b.map,
                    &b.counters,
                    &system.schemas(),
                    &src,
                );
                after_checks(*system, BundleRef::Described(&b));
            }
        }
        Reached::Checked
    }
}

fn after_checks(system: &dyn RuleSystem, bundle: BundleRef<'_>) {
    let _ = system.setup_checks(bundle);
    let _ = crate::card::html_of(system, bundle);
    let _ = sztab_seam::counters::setup_layer(system, bundle);
}

/// The seed corpus of both targets: each seed file with its picking byte in front.
pub struct Seeds {
    pub load_files: Vec<Vec<u8>>,
    pub setup_checks: Vec<Vec<u8>>,
}

/// Reads the seeds from the project at `root`.
pub fn seeds(root: &Path) -> std::io::Result<Seeds> {
    let with_pick = |k: usize, p: &str| -> std::io::Result<Vec<u8>> {
        let mut v = vec![k as u8];
        v.extend(std::fs::read(root.join(p))?);
        Ok(v)
    };
    let all = |files: &[&str]| -> std::io::Result<Vec<Vec<u8>>> {
        files
            .iter()
            .enumerate()
            .map(|(k, p)| with_pick(k, p))
            .collect()
    };
    Ok(Seeds {
        load_files: all(&LOAD_SEEDS)?,
        setup_checks: all(&SCENARIOS)?,
    })
}
