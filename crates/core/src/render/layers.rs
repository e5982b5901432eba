//! Which parts of a map are drawn. Shared by the canvas toggles and the export.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layers {
    pub underlay: bool,
    pub terrain: bool,
    pub features: bool,
    pub hexsides: bool,
    pub roads: bool,
    pub lines: bool,
    pub grid: bool,
    pub numbers: bool,
    pub labels: bool,
    pub zones: bool,
    /// Unit counters (scenarios).
    #[serde(default = "yes")]
    pub units: bool,
    /// Each side's setup zone: the hexes it controls at the start (scenarios; the first
    /// side blue, the second red).
    #[serde(default)]
    pub setup_zones: bool,
}

fn yes() -> bool {
    true
}

impl Default for Layers {
    fn default() -> Self {
        Self {
            underlay: true,
            terrain: true,
            features: true,
            hexsides: true,
            roads: true,
            lines: true,
            grid: true,
            numbers: true,
            labels: true,
            zones: true,
            units: true,
            setup_zones: false,
        }
    }
}

impl Layers {
    /// Every toggle with its name, in drawing order, for menus and tests.
    pub fn toggles(&mut self) -> [(&'static str, &mut bool); 12] {
        [
            ("Underlay", &mut self.underlay),
            ("Terrain", &mut self.terrain),
            ("Features", &mut self.features),
            ("Hexsides", &mut self.hexsides),
            ("Roads", &mut self.roads),
            ("Fortification lines", &mut self.lines),
            ("Grid", &mut self.grid),
            ("Hex numbers", &mut self.numbers),
            ("Labels", &mut self.labels),
            ("Zones", &mut self.zones),
            ("Units", &mut self.units),
            ("Setup zones", &mut self.setup_zones),
        ]
    }

    /// What a printed board shows: everything but the scan.
    pub fn printed() -> Self {
        Self {
            underlay: false,
            ..Self::default()
        }
    }
}
