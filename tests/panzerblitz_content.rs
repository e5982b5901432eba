//! PanzerBlitz content: the terrain catalogue, the three boards, the counter set and the
//! twelve situations load, and validate clean through the seam.

use std::path::{Path, PathBuf};

use sztab::model::io;
use sztab::systems::{self, RuleSystem};

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn panzerblitz() -> &'static dyn RuleSystem {
    systems::get("panzerblitz").expect("panzerblitz is registered")
}

#[test]
fn the_catalogue_declares_every_term_the_rules_read() {
    let path = root("assets/panzerblitz/panzerblitz.terrain.ron");
    let loaded = io::load_terrain(&path).expect("the catalogue loads");
    assert_eq!(loaded.value.system.as_str(), "panzerblitz");
    let problems = panzerblitz().check_catalogue(&loaded.value, &loaded.source);
    assert!(problems.is_empty(), "{problems:?}");
}
