//! Any bytes as the scenario of one of every system's example bundles (WB-95's fixture,
//! PanzerBlitz's Krasny, Roads to Leningrad's Soltsy, The Jaws of Victory's Korsun, the toy
//! valley), with that bundle's map and counters: the reference checks, the system's setup
//! checks, the setup card and the counters on the map, as `validate` and `card` run them.
//! The first byte picks the system.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sztab_core::model::{Scenario, generic, io};
use sztab_seam::{AnyBundle, BundleRef, RuleSystem};

const SCENARIOS: [&str; 5] = [
    "tests/fixtures/mini.scenario.ron",
    "tests/fixtures/panzerblitz/krasny.scenario.ron",
    "scenarios/rtl/soltsy-example.scenario.ron",
    "scenarios/jov/korsun-example.scenario.ron",
    "tests/fixtures/toy/valley.scenario.ron",
];

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(p)
}

/// The example bundles, loaded once.
fn bundles() -> &'static [(&'static dyn RuleSystem, AnyBundle)] {
    static B: OnceLock<Vec<(&'static dyn RuleSystem, AnyBundle)>> = OnceLock::new();
    B.get_or_init(|| {
        SCENARIOS
            .iter()
            .map(|s| {
                let (system, bundle, _) = sztab_registry::load(&root(s)).expect(s);
                (system, bundle)
            })
            .collect()
    })
}

fn run(system: &dyn RuleSystem, bundle: BundleRef<'_>) {
    let _ = system.setup_checks(bundle);
    let _ = sztab_shell::card::html_of(system, bundle);
    let _ = sztab_seam::counters::setup_layer(system, bundle);
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (system, bundle) = &bundles()[usize::from(pick) % SCENARIOS.len()];
    let Ok(src) = io::decode(Path::new("fuzz.scenario.ron"), rest.to_vec()) else {
        return;
    };
    match bundle {
        AnyBundle::Wb95(b) => {
            let Ok(s) = io::parse::<Scenario>(&src) else {
                return;
            };
            let mut b = (**b).clone();
            b.scenario = s;
            let _ =
                sztab_core::model::check::check_scenario(&b.scenario, &b.map, &b.counters, &src);
            run(*system, BundleRef::Wb95(&b));
        }
        AnyBundle::Generic(b) => {
            let Ok(s) = io::parse::<generic::Scenario>(&src) else {
                return;
            };
            let mut b = (**b).clone();
            b.scenario = s;
            let _ =
                generic::check_scenario(&b.scenario, &b.map, &b.counters, &system.schemas(), &src);
            run(*system, BundleRef::Generic(&b));
        }
    }
});
