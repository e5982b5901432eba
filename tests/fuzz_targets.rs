//! The short run of the coverage-guided fuzz targets (`fuzz/`): the code each target runs
//! (`sztab_shell::fuzzing`) on its seed corpus, on every seed cut short at many places,
//! and on every input the fuzzer found and the project keeps (`fuzz/regressions/`). The
//! long runs, with cargo-fuzz and a nightly compiler, are in `fuzz/README.md`.

use std::path::{Path, PathBuf};

use sztab_shell::fuzzing::{self, Reached, SetupBundles};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seed, and the seed cut after 1/16, 2/16, ... of its length.
fn cuts(seed: &[u8]) -> impl Iterator<Item = &[u8]> {
    (1..=16).map(move |k| &seed[..seed.len() * k / 16])
}

/// The kept inputs of one target, sorted by name.
fn regressions(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = root().join("fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .map(|p| {
            let data = std::fs::read(&p).unwrap();
            (p, data)
        })
        .collect()
}

#[test]
fn every_load_files_seed_reaches_the_checks() {
    let load = fuzzing::seeds(&root()).unwrap().load_files;
    for (k, seed) in load.iter().enumerate() {
        assert_eq!(
            fuzzing::load_files(seed),
            Reached::Checked,
            "seed {k} ({})",
            fuzzing::LOAD_SEEDS[k]
        );
    }
}

#[test]
fn every_setup_checks_seed_reaches_the_checks() {
    let bundles = SetupBundles::load(&root()).unwrap();
    let setup = fuzzing::seeds(&root()).unwrap().setup_checks;
    for (k, seed) in setup.iter().enumerate() {
        assert_eq!(
            bundles.setup_checks(seed),
            Reached::Checked,
            "seed {k} ({})",
            fuzzing::SCENARIOS[k]
        );
    }
}

#[test]
fn load_files_takes_every_cut_seed_and_kept_input() {
    let load = fuzzing::seeds(&root()).unwrap().load_files;
    for seed in &load {
        for input in cuts(seed) {
            fuzzing::load_files(input);
        }
    }
    for (path, data) in regressions("load_files") {
        eprintln!("{}", path.display());
        fuzzing::load_files(&data);
    }
}

#[test]
fn setup_checks_takes_every_cut_seed_and_kept_input() {
    let bundles = SetupBundles::load(&root()).unwrap();
    let setup = fuzzing::seeds(&root()).unwrap().setup_checks;
    for seed in &setup {
        // A cut scenario is rarely sound, but its leading byte still picks the system.
        for input in cuts(seed) {
            bundles.setup_checks(input);
        }
    }
    for (path, data) in regressions("setup_checks") {
        eprintln!("{}", path.display());
        bundles.setup_checks(&data);
    }
}

#[test]
fn the_seed_files_exist_where_the_readme_says() {
    let readme = std::fs::read_to_string(root().join("fuzz/README.md")).unwrap();
    for p in fuzzing::LOAD_SEEDS.iter().chain(&fuzzing::SCENARIOS) {
        assert!(Path::new(&root()).join(p).is_file(), "{p}");
        assert!(readme.contains(p), "fuzz/README.md does not list {p}");
    }
}
