//! Undoable edits. Each change stores the value before and after (as Tiled's undo commands
//! do), so applying and reverting are plain assignments and a whole brush stroke is one
//! list of changes.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::described;
use sztab_core::model::{
    AirCounter, Counters, Formation, HexCell, HexsideFeature, Label, Map, Nation, Place, Placement,
    Roads, Scenario, SideId, SupplySource, TerrainCatalogue, Underlay, UnitDef, ZoneId,
};

/// The data an edit touches: the open map, its catalogue and (for a scenario) the scenario
/// and its counter set.
pub struct Target<'a> {
    pub map: &'a mut Map,
    pub terrain: &'a mut TerrainCatalogue,
    pub terrain_path: &'a mut PathBuf,
    pub scenario: Option<&'a mut Scenario>,
    pub counters: Option<&'a mut Counters>,
    /// A scenario of another rule system (the described files), with its counter set.
    pub described: Option<(&'a mut described::Scenario, &'a mut described::Counters)>,
}

/// One entry of a list inserted (`before` none), removed (`after` none) or replaced at
/// `index`. Several such changes in one edit are applied in order and reverted in reverse,
/// so each one's index is the position at its own moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot<T> {
    pub index: usize,
    pub before: Option<T>,
    pub after: Option<T>,
}

impl<T: Clone + PartialEq> Slot<T> {
    pub fn insert(index: usize, v: T) -> Self {
        Self {
            index,
            before: None,
            after: Some(v),
        }
    }

    pub fn remove(index: usize, v: T) -> Self {
        Self {
            index,
            before: Some(v),
            after: None,
        }
    }

    pub fn replace(index: usize, before: T, after: T) -> Self {
        Self {
            index,
            before: Some(before),
            after: Some(after),
        }
    }

    /// Sets `list` to this change's `after` (`forward`) or `before` state. An index past
    /// the end (a damaged history) is clamped or ignored rather than panicking.
    fn apply(&self, list: &mut Vec<T>, forward: bool) {
        let (from, to) = if forward {
            (&self.before, &self.after)
        } else {
            (&self.after, &self.before)
        };
        let i = self.index;
        match (from, to) {
            (None, Some(v)) => list.insert(i.min(list.len()), v.clone()),
            (Some(_), None) if i < list.len() => {
                list.remove(i);
            }
            (Some(_), Some(v)) if i < list.len() => list[i] = v.clone(),
            _ => {}
        }
    }

    fn is_noop(&self) -> bool {
        self.before == self.after
    }

    /// Folds a later replacement of the same entry into this one (typing in a field).
    fn absorb(&mut self, next: &Slot<T>) -> bool {
        let replaces = |s: &Slot<T>| s.before.is_some() && s.after.is_some();
        if self.index == next.index && replaces(self) && replaces(next) {
            self.after = next.after.clone();
            true
        } else {
            false
        }
    }
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
        before: Option<Roads>,
        after: Option<Roads>,
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
    /// The scenario's initial control override of one hex; `None` is the derived default.
    Control {
        hex: HexId,
        before: Option<SideId>,
        after: Option<SideId>,
    },
    /// The whole map: resizing, renumbering, recovering an autosave.
    Map {
        before: Box<Map>,
        after: Box<Map>,
    },
    /// The whole scenario: its settings, schedule and victory conditions, and autosave
    /// recovery.
    Scenario {
        before: Box<Scenario>,
        after: Box<Scenario>,
    },
    /// One unit placed on the map at setup (the scenario's `setup` list).
    Placement(Slot<Placement>),
    /// One unit counter of the counter set.
    Unit(Slot<UnitDef>),
    Formation(Slot<Formation>),
    Nation(Slot<Nation>),
    AirCounter(Slot<AirCounter>),
    /// The whole counter set (autosave recovery).
    Counters {
        before: Box<Counters>,
        after: Box<Counters>,
    },
    /// One unit placed at setup in a described scenario.
    DescribedPlacement(Slot<described::Placement>),
    /// One unit counter of a described counter set.
    DescribedUnit(Slot<described::Unit>),
    /// One formation of a described counter set.
    DescribedFormation(Slot<described::Formation>),
    /// A whole described scenario: pointing it at another charts file, autosave recovery.
    DescribedScenario {
        before: Box<described::Scenario>,
        after: Box<described::Scenario>,
    },
    /// A whole described counter set (autosave recovery).
    DescribedCounters {
        before: Box<described::Counters>,
        after: Box<described::Counters>,
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

use sztab_core::model::decompose::set;

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
            Change::Control { hex, before, after } => {
                if let Some(s) = t.scenario.as_deref_mut() {
                    set(&mut s.control, *hex, pick(forward, before, after).clone());
                }
            }
            Change::Map { before, after } => *t.map = (**pick(forward, before, after)).clone(),
            Change::Scenario { before, after } => {
                if let Some(s) = t.scenario.as_deref_mut() {
                    // The files it points at follow Save As and Save a copy, not undo.
                    let (map, counters) = (s.map.clone(), s.counters.clone());
                    *s = (**pick(forward, before, after)).clone();
                    (s.map, s.counters) = (map, counters);
                }
            }
            Change::Placement(slot) => {
                if let Some(s) = t.scenario.as_deref_mut() {
                    slot.apply(&mut s.setup, forward);
                }
            }
            Change::Unit(slot) => {
                if let Some(c) = t.counters.as_deref_mut() {
                    slot.apply(&mut c.units, forward);
                }
            }
            Change::DescribedPlacement(slot) => {
                if let Some((s, _)) = t.described.as_mut() {
                    slot.apply(&mut s.setup, forward);
                }
            }
            Change::DescribedUnit(slot) => {
                if let Some((_, c)) = t.described.as_mut() {
                    slot.apply(&mut c.units, forward);
                }
            }
            Change::DescribedFormation(slot) => {
                if let Some((_, c)) = t.described.as_mut() {
                    slot.apply(&mut c.formations, forward);
                }
            }
            Change::DescribedScenario { before, after } => {
                if let Some((s, _)) = t.described.as_mut() {
                    // The map and counter files follow Save As, not undo.
                    let (map, counters) = (s.map.clone(), s.counters.clone());
                    **s = (**pick(forward, before, after)).clone();
                    (s.map, s.counters) = (map, counters);
                }
            }
            Change::DescribedCounters { before, after } => {
                if let Some((_, c)) = t.described.as_mut() {
                    **c = (**pick(forward, before, after)).clone();
                }
            }
            Change::Formation(slot) => {
                if let Some(c) = t.counters.as_deref_mut() {
                    slot.apply(&mut c.formations, forward);
                }
            }
            Change::Nation(slot) => {
                if let Some(c) = t.counters.as_deref_mut() {
                    slot.apply(&mut c.nations, forward);
                }
            }
            Change::AirCounter(slot) => {
                if let Some(c) = t.counters.as_deref_mut() {
                    slot.apply(&mut c.air, forward);
                }
            }
            Change::Counters { before, after } => {
                if let Some(c) = t.counters.as_deref_mut() {
                    *c = (**pick(forward, before, after)).clone();
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
            Change::Control { before, after, .. } => before == after,
            Change::Map { before, after } => before == after,
            Change::Scenario { before, after } => before == after,
            Change::Placement(s) => s.is_noop(),
            Change::Unit(s) => s.is_noop(),
            Change::DescribedPlacement(s) => s.is_noop(),
            Change::DescribedUnit(s) => s.is_noop(),
            Change::DescribedFormation(s) => s.is_noop(),
            Change::DescribedScenario { before, after } => before == after,
            Change::DescribedCounters { before, after } => before == after,
            Change::Formation(s) => s.is_noop(),
            Change::Nation(s) => s.is_noop(),
            Change::AirCounter(s) => s.is_noop(),
            Change::Counters { before, after } => before == after,
            Change::Catalogue { before, after } => before == after,
        }
    }

    /// True for changes that only touch the scenario file.
    pub fn touches_scenario(&self) -> bool {
        matches!(
            self,
            Change::Supply { .. }
                | Change::Control { .. }
                | Change::Scenario { .. }
                | Change::Placement(_)
                | Change::DescribedPlacement(_)
                | Change::DescribedScenario { .. }
        )
    }

    /// True for changes to the counter set.
    pub fn touches_counters(&self) -> bool {
        matches!(
            self,
            Change::Unit(_)
                | Change::DescribedUnit(_)
                | Change::DescribedCounters { .. }
                | Change::DescribedFormation(_)
                | Change::Formation(_)
                | Change::Nation(_)
                | Change::AirCounter(_)
                | Change::Counters { .. }
        )
    }

    /// Folds `next`, a later change of the same thing, into this one so a field typed
    /// letter by letter is one change. Returns false when they concern different things.
    pub fn absorb(&mut self, next: &Change) -> bool {
        match (self, next) {
            (Change::Scenario { after, .. }, Change::Scenario { after: a2, .. }) => {
                *after = a2.clone();
                true
            }
            (Change::Counters { after, .. }, Change::Counters { after: a2, .. }) => {
                *after = a2.clone();
                true
            }
            (Change::Placement(a), Change::Placement(b)) => a.absorb(b),
            (Change::Unit(a), Change::Unit(b)) => a.absorb(b),
            (Change::DescribedPlacement(a), Change::DescribedPlacement(b)) => a.absorb(b),
            (Change::DescribedUnit(a), Change::DescribedUnit(b)) => a.absorb(b),
            (Change::DescribedFormation(a), Change::DescribedFormation(b)) => a.absorb(b),
            (Change::Formation(a), Change::Formation(b)) => a.absorb(b),
            (Change::Nation(a), Change::Nation(b)) => a.absorb(b),
            (Change::AirCounter(a), Change::AirCounter(b)) => a.absorb(b),
            _ => false,
        }
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
