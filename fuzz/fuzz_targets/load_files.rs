//! Any bytes as any kind of file, through the loader every command reads files with
//! (`io::decode`, `io::parse`, the map's limits) and the checks that need only that file:
//! a terrain catalogue, a map, WB-95's and every other system's counters, a scenario, a
//! tables file with every system's blank charts. The first byte picks the kind; none may
//! panic, hang or run away with memory.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use sztab_core::model::check::{check_counters, check_terrain};
use sztab_core::model::{Counters, Scenario, TerrainCatalogue, generic, io, tables};

const NAMES: [&str; 6] = [
    "fuzz.terrain.ron",
    "fuzz.map.ron",
    "fuzz.counters.ron",
    "fuzz.scenario.ron",
    "fuzz.tables.ron",
    "fuzz.counters.ron",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let kind = usize::from(pick) % NAMES.len();
    let Ok(src) = io::decode(Path::new(NAMES[kind]), rest.to_vec()) else {
        return;
    };
    let systems = sztab_registry::all();
    match kind {
        0 => {
            if let Ok(t) = io::parse::<TerrainCatalogue>(&src) {
                let _ = check_terrain(&t, &src);
                for s in systems {
                    let _ = s.check_catalogue(&t, &src);
                }
            }
        }
        1 => {
            let _ = io::parse_map(&src);
        }
        2 => {
            if let Ok(c) = io::parse::<Counters>(&src) {
                let _ = check_counters(&c, &src);
            }
        }
        3 => {
            let _ = io::probe_system(&src);
            let _ = io::parse::<Scenario>(&src);
            let _ = io::parse::<generic::Scenario>(&src);
        }
        4 => {
            if let Ok(t) = io::parse::<tables::Tables>(&src) {
                let _ = tables::check::check(&t, &src);
                for s in systems {
                    let _ = s.check_tables(&t, &src);
                }
            }
        }
        _ => {
            if let Ok(c) = io::parse::<generic::Counters>(&src) {
                for s in systems {
                    let _ = generic::check_counters(&c, &s.schemas(), &src);
                }
            }
        }
    }
});
