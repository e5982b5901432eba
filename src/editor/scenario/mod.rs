//! Editor part 2: the scenario. The order of battle, setup on the map, the reinforcement
//! schedule, the scenario's settings and live validation by the engine's setup checks.
//! Every change goes through a [`draft::Draft`] and becomes one undoable edit.

pub mod draft;
pub mod legality;
pub mod naming;
pub mod ops;
pub mod spread;
pub mod unit_fields;
