//! Undoable edits. Each change stores the value before and after (as Tiled's undo commands
//! do), so applying and reverting are plain assignments and a whole brush stroke is one
//! list of changes.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::hex::{HexId, Hexside};
use crate::model::{
    HexCell, HexsideFeature, Label, Map, Place, RoadKindId, Scenario, SupplySource,
    TerrainCatalogue, Underlay, ZoneId,
};

/// The data an edit touches: the open map, its catalogue and (for a scenario) the scenario.
pub struct Target<'a> {
    pub map: &'a mut Map,
    pub terrain: &'a mut TerrainCatalogue,
    pub terrain_path: &'a mut PathBuf,
    pub scenario: Option<&'a mut Scenario>,
}

/// One reversible change.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    Hex {
        id: HexId,
        before: Option<HexCell>,
        after: Option<HexCell>,
    },
    /// Everything along one hexside; empty means none.
    Hexside {
        side: Hexside,
        before: Vec<HexsideFeature>,
        after: Vec<HexsideFeature>,
    },
    Road {
        side: Hexside,
        before: Option<RoadKindId>,
        after: Option<RoadKindId>,
    },
    Places {
        before: Vec<Place>,
        after: Vec<Place>,
    },
    Labels {
        before: Vec<Label>,
        after: Vec<Label>,
    },
    Zones {
        before: BTreeMap<ZoneId, Vec<HexId>>,
        after: BTreeMap<ZoneId, Vec<HexId>>,
    },
    Underlay {
        before: Option<Underlay>,
        after: Option<Underlay>,
    },
    /// Supply sources of the scenario's side with this index.
    Supply {
        side: usize,
        before: Vec<SupplySource>,
        after: Vec<SupplySource>,
    },
    /// The whole map: resizing, renumbering, recovering an autosave.
    Map { before: Box<Map>, after: Box<Map> },
    /// The whole scenario (autosave recovery; later scenario editing).
    Scenario {
        before: Box<Scenario>,
        after: Box<Scenario>,
    },
    /// Another terrain catalogue, with its file.
    Catalogue {
        before: Box<(PathBuf, TerrainCatalogue)>,
        after: Box<(PathBuf, TerrainCatalogue)>,
    },
}

fn pick<'a, T>(forward: bool, before: &'a T, after: &'a T) -> &'a T {
    if forward { after } else { before }
}

fn set<K: Ord, V>(m: &mut BTreeMap<K, V>, k: K, v: Option<V>) {
    match v {
        Some(v) => {
            m.insert(k, v);
        }
        None => {
            m.remove(&k);
        }
    }
}

impl Change {
    /// Sets the target to this change's `after` (`forward`) or `before` value.
    fn apply(&self, t: &mut Target, forward: bool) {
        match self {
            Change::Hex { id, before, after } => {
                set(&mut t.map.hexes, *id, pick(forward, before, after).clone());
            }
            Change::Hexside {
                side,
                before,
                after,
            } => {
                let v = pick(forward, before, after);
                set(
                    &mut t.map.hexsides,
                    *side,
                    (!v.is_empty()).then(|| v.clone()),
                );
            }
            Change::Road {
                side,
                before,
                after,
            } => set(
                &mut t.map.roads,
                *side,
                pick(forward, before, after).clone(),
            ),
            Change::Places { before, after } => t.map.places = pick(forward, before, after).clone(),
            Change::Labels { before, after } => t.map.labels = pick(forward, before, after).clone(),
            Change::Zones { before, after } => t.map.zones = pick(forward, before, after).clone(),
            Change::Underlay { before, after } => {
                t.map.underlay = pick(forward, before, after).clone()
            }
            Change::Supply {
                side,
                before,
                after,
            } => {
                if let Some(s) = t
                    .scenario
                    .as_deref_mut()
                    .and_then(|s| s.sides.get_mut(*side))
                {
                    s.supply = pick(forward, before, after).clone();
                }
            }
            Change::Map { before, after } => *t.map = (**pick(forward, before, after)).clone(),
            Change::Scenario { before, after } => {
                if let Some(s) = t.scenario.as_deref_mut() {
                    *s = (**pick(forward, before, after)).clone();
                }
            }
            Change::Catalogue { before, after } => {
                let (path, cat) = &**pick(forward, before, after);
                *t.terrain_path = path.clone();
                *t.terrain = cat.clone();
            }
        }
    }

    /// Does this change leave its target as it was?
    pub fn is_noop(&self) -> bool {
        match self {
            Change::Hex { before, after, .. } => before == after,
            Change::Hexside { before, after, .. } => before == after,
            Change::Road { before, after, .. } => before == after,
            Change::Places { before, after } => before == after,
            Change::Labels { before, after } => before == after,
            Change::Zones { before, after } => before == after,
            Change::Underlay { before, after } => before == after,
            Change::Supply { before, after, .. } => before == after,
            Change::Map { before, after } => before == after,
            Change::Scenario { before, after } => before == after,
            Change::Catalogue { before, after } => before == after,
        }
    }

    /// True for changes that only touch the scenario file.
    pub fn touches_scenario(&self) -> bool {
        matches!(self, Change::Supply { .. } | Change::Scenario { .. })
    }
}

/// One undo step: a name for the history panel and its changes, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit {
    pub label: String,
    pub changes: Vec<Change>,
}

impl Edit {
    pub fn new(label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            changes: Vec::new(),
        }
    }

    pub fn with(mut self, c: Change) -> Self {
        self.push(c);
        self
    }

    pub fn push(&mut self, c: Change) {
        if !c.is_noop() {
            self.changes.push(c);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    pub fn apply(&self, t: &mut Target) {
        for c in &self.changes {
            c.apply(t, true);
        }
    }

    pub fn revert(&self, t: &mut Target) {
        for c in self.changes.iter().rev() {
            c.apply(t, false);
        }
    }
}
