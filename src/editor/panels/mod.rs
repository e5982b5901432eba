//! Side panels and dialogs of the editor.

pub mod help;
pub mod history;
pub mod inspector;
pub mod new_map;
pub mod properties;
