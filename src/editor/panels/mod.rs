//! Side panels and dialogs of the editor.

pub mod history;
pub mod inspector;
pub mod new_map;
pub mod properties;
