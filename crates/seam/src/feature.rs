//! What lies on the map besides units as a game stands — a minefield, a block, a wreck, a
//! fortification — in words every hex game shares, so the playtest shell draws them
//! without knowing the system.

use sztab_core::hex::HexId;

/// A counter or marker on the map that is not a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    pub hex: HexId,
    /// What it is, in the system's words ("minefield", "wreck", "fortification").
    pub kind: String,
    /// What its counter shows besides, if anything ("40": a fortification's defense;
    /// "×2": two wrecks; "D": dispersed).
    pub detail: String,
    /// Its side, in the order of [`super::Match::sides`], if it has one (whose wreck, who
    /// holds the fortification).
    pub side: Option<usize>,
    pub look: FeatureLook,
    /// Units inside it rather than on top of it (a fortification's occupants).
    pub holds: Vec<String>,
}

/// How a feature is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureLook {
    /// It covers its hex (a minefield): the hex is hatched.
    Area,
    /// A counter lying on its hex (a block, a wreck).
    Counter,
    /// A work units may be inside (a fortification): drawn round them.
    Shelter,
}

impl Feature {
    /// "minefield", "fortification 40", "wreck ×2".
    pub fn label(&self) -> String {
        if self.detail.is_empty() {
            self.kind.clone()
        } else {
            format!("{} {}", self.kind, self.detail)
        }
    }
}
