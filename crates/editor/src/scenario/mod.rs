//! The scenario editor: the order of battle, setup on the map, the reinforcement
//! schedule, the scenario's settings and live validation by the engine's setup checks.
//! Every change goes through a [`draft::Draft`] and becomes one undoable edit.

mod air;
mod barrage;
mod confirm;
pub mod draft;
pub mod fields;
mod formations;
pub mod icon;
pub mod legality;
pub mod naming;
mod nations;
pub mod new_described;
pub mod new_scenario;
pub(crate) mod notes;
mod oob;
pub mod ops;
mod rules;
mod schedule;
mod settings;
pub mod setup_ops;
pub mod setup_stack;
pub mod spread;
pub mod stack_popup;
mod timeline;
pub mod unit_editor;
pub mod unit_fields;
mod unit_inspector;
pub mod unit_table;
mod victory;
mod withdrawals;
pub mod workbench;

pub use workbench::{DragUnits, Request, Selection, SpreadMode, Tab, Workbench};
