//! Recently opened files, kept by eframe's persistence between runs.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

const MAX: usize = 10;
pub const STORAGE_KEY: &str = "sztab.recent";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Recent {
    pub files: Vec<PathBuf>,
}

impl Recent {
    pub fn add(&mut self, p: &Path) {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
        self.files.retain(|f| f != &p);
        self.files.insert(0, p);
        self.files.truncate(MAX);
    }
}
