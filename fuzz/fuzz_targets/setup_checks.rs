//! Any bytes as the scenario of one of every system's example bundles:
//! `sztab_shell::fuzzing::SetupBundles::setup_checks` says what runs.

#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sztab_shell::fuzzing::SetupBundles;

fn bundles() -> &'static SetupBundles {
    static B: OnceLock<SetupBundles> = OnceLock::new();
    B.get_or_init(|| {
        SetupBundles::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).unwrap()
    })
}

fuzz_target!(|data: &[u8]| {
    bundles().setup_checks(data);
});
