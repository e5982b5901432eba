//! A scenario as loaded by its system: WB-95's typed files or a described bundle, owned
//! ([`AnyBundle`]) or borrowed ([`BundleRef`], what the seam's methods take, so the
//! editor can hand over the document it holds without a copy).

use sztab_core::model::described;
use sztab_core::model::{Bundle, BundlePaths, Map, Problem, SystemId, TerrainCatalogue};

/// A loaded scenario. WB-95 keeps its typed counters and scenario; every later system
/// uses the described, schema-driven files (see [`described`]).
#[derive(Clone, Debug)]
pub enum AnyBundle {
    Wb95(Box<Bundle>),
    Described(Box<described::Bundle>),
}

/// A scenario lent to a system.
#[derive(Clone, Copy, Debug)]
pub enum BundleRef<'a> {
    Wb95(&'a Bundle),
    Described(&'a described::Bundle),
}

impl AnyBundle {
    pub fn view(&self) -> BundleRef<'_> {
        match self {
            AnyBundle::Wb95(b) => BundleRef::Wb95(b),
            AnyBundle::Described(b) => BundleRef::Described(b),
        }
    }

    pub fn system(&self) -> &SystemId {
        self.view().system()
    }

    pub fn title(&self) -> &str {
        self.view().title()
    }

    pub fn map(&self) -> &Map {
        self.view().map()
    }

    pub fn terrain(&self) -> &TerrainCatalogue {
        self.view().terrain()
    }

    pub fn paths(&self) -> &BundlePaths {
        self.view().paths()
    }

    pub fn wb95(&self) -> Option<&Bundle> {
        self.view().wb95()
    }

    pub fn described(&self) -> Option<&described::Bundle> {
        self.view().described()
    }
}

impl<'a> BundleRef<'a> {
    pub fn system(self) -> &'a SystemId {
        match self {
            BundleRef::Wb95(b) => &b.scenario.system,
            BundleRef::Described(b) => &b.scenario.system,
        }
    }

    pub fn title(self) -> &'a str {
        match self {
            BundleRef::Wb95(b) => &b.scenario.title,
            BundleRef::Described(b) => &b.scenario.title,
        }
    }

    pub fn map(self) -> &'a Map {
        match self {
            BundleRef::Wb95(b) => &b.map,
            BundleRef::Described(b) => &b.map,
        }
    }

    pub fn terrain(self) -> &'a TerrainCatalogue {
        match self {
            BundleRef::Wb95(b) => &b.terrain,
            BundleRef::Described(b) => &b.terrain,
        }
    }

    pub fn paths(self) -> &'a BundlePaths {
        match self {
            BundleRef::Wb95(b) => &b.paths,
            BundleRef::Described(b) => &b.paths,
        }
    }

    /// The warnings the scenario acknowledges as intended (described scenarios keep none
    /// yet).
    pub fn acknowledged(self) -> &'a [sztab_core::model::Acknowledgement] {
        match self {
            BundleRef::Wb95(b) => &b.scenario.acknowledged,
            BundleRef::Described(_) => &[],
        }
    }

    /// Side ids and names in the order of play: the side that moves first, then the
    /// other (WB-95: the initiative side, player A).
    pub fn sides_in_play_order(self) -> Vec<(String, String)> {
        let (mut sides, first): (Vec<(String, String)>, &str) = match self {
            BundleRef::Wb95(b) => (
                b.scenario
                    .sides
                    .iter()
                    .map(|s| (s.id.to_string(), s.name.clone()))
                    .collect(),
                b.scenario.initiative.as_str(),
            ),
            BundleRef::Described(b) => (
                b.scenario
                    .sides
                    .iter()
                    .map(|s| (s.id.to_string(), s.name.clone()))
                    .collect(),
                b.scenario.first.as_str(),
            ),
        };
        if let Some(i) = sides.iter().position(|(id, _)| id == first) {
            sides[..=i].rotate_right(1);
        }
        sides
    }

    pub fn wb95(self) -> Option<&'a Bundle> {
        match self {
            BundleRef::Wb95(b) => Some(b),
            BundleRef::Described(_) => None,
        }
    }

    pub fn described(self) -> Option<&'a described::Bundle> {
        match self {
            BundleRef::Described(b) => Some(b),
            BundleRef::Wb95(_) => None,
        }
    }

    /// Re-runs the reference checks on the data in memory (no file positions).
    pub fn check(self, schemas: &described::Schemas) -> Vec<Problem> {
        match self {
            BundleRef::Wb95(b) => b.check(),
            BundleRef::Described(b) => b.check(schemas),
        }
    }

    pub fn to_owned(self) -> AnyBundle {
        match self {
            BundleRef::Wb95(b) => AnyBundle::Wb95(Box::new(b.clone())),
            BundleRef::Described(b) => AnyBundle::Described(Box::new(b.clone())),
        }
    }
}
