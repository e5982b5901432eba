//! A draft of a scenario edit: operations change working copies of the scenario and the
//! counter set, and the draft turns what changed into one undoable [`Edit`]. Long lists
//! (the setup, units, formations, nations, air counters) become per-entry slot changes, so
//! moving one counter on a 300-unit setup stores one placement, not the whole scenario.

use crate::edit::{Change, Edit, Slot};
use sztab_core::model::{AirCounter, Counters, Formation, Nation, Placement, Scenario, UnitDef};

/// A list being edited, with the slot changes that took it from the original.
pub struct ListDraft<T> {
    pub list: Vec<T>,
    slots: Vec<Slot<T>>,
}

impl<T: Clone + PartialEq> ListDraft<T> {
    pub fn new(list: &[T]) -> Self {
        Self {
            list: list.to_vec(),
            slots: Vec::new(),
        }
    }

    pub fn insert(&mut self, i: usize, v: T) {
        let i = i.min(self.list.len());
        self.slots.push(Slot::insert(i, v.clone()));
        self.list.insert(i, v);
    }

    pub fn push(&mut self, v: T) {
        self.insert(self.list.len(), v);
    }

    pub fn remove(&mut self, i: usize) -> Option<T> {
        let v = (i < self.list.len()).then(|| self.list.remove(i))?;
        self.slots.push(Slot::remove(i, v.clone()));
        Some(v)
    }

    pub fn replace(&mut self, i: usize, v: T) {
        let Some(old) = self.list.get(i).cloned() else {
            return;
        };
        if old != v {
            self.slots.push(Slot::replace(i, old, v.clone()));
            self.list[i] = v;
        }
    }

    /// The slot changes made, in order.
    pub fn into_slots(self) -> Vec<Slot<T>> {
        self.slots
    }

    /// Replaces every entry `f` changes.
    pub fn update_all(&mut self, mut f: impl FnMut(&mut T)) {
        for i in 0..self.list.len() {
            let mut v = self.list[i].clone();
            f(&mut v);
            self.replace(i, v);
        }
    }
}

/// Working copies of a scenario and its counter set.
pub struct Draft<'a> {
    orig: &'a Scenario,
    /// Everything of the scenario but its setup, which lives in `setup`.
    pub s: Scenario,
    pub setup: ListDraft<Placement>,
    pub units: ListDraft<UnitDef>,
    pub formations: ListDraft<Formation>,
    pub nations: ListDraft<Nation>,
    pub air: ListDraft<AirCounter>,
}

impl<'a> Draft<'a> {
    pub fn new(s: &'a Scenario, c: &Counters) -> Self {
        Self {
            orig: s,
            s: s.clone(),
            setup: ListDraft::new(&s.setup),
            units: ListDraft::new(&c.units),
            formations: ListDraft::new(&c.formations),
            nations: ListDraft::new(&c.nations),
            air: ListDraft::new(&c.air),
        }
    }

    /// The counter set as the draft has it (for lookups between operations).
    pub fn unit(&self, id: &str) -> Option<&UnitDef> {
        self.units.list.iter().find(|u| u.id.as_str() == id)
    }

    pub fn unit_index(&self, id: &str) -> Option<usize> {
        self.units.list.iter().position(|u| u.id.as_str() == id)
    }

    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.list.iter().find(|f| f.id.as_str() == id)
    }

    pub fn formation_index(&self, id: &str) -> Option<usize> {
        self.formations
            .list
            .iter()
            .position(|f| f.id.as_str() == id)
    }

    /// The edit: the scenario's other parts first (its setup kept as it was), then the
    /// setup and counter-set slots, so undo restores each in reverse.
    pub fn finish(self, label: impl Into<String>) -> Edit {
        let mut edit = Edit::new(label);
        let mut after = self.s;
        after.setup = self.orig.setup.clone();
        if &after != self.orig {
            edit.push(Change::Scenario {
                before: Box::new(self.orig.clone()),
                after: Box::new(after),
            });
        }
        for s in self.setup.slots {
            edit.push(Change::Placement(s));
        }
        for s in self.nations.slots {
            edit.push(Change::Nation(s));
        }
        for s in self.formations.slots {
            edit.push(Change::Formation(s));
        }
        for s in self.units.slots {
            edit.push(Change::Unit(s));
        }
        for s in self.air.slots {
            edit.push(Change::AirCounter(s));
        }
        edit
    }
}
