//! Sztab: scenario editor, map tracer and rules engine for the WB-95 hex wargame system.
//!
//! Data flows one way: files → [`model`] → engine → [`editor`] and [`cli`].

pub mod balance;
pub mod card;
pub mod cli;
pub mod editor;
pub mod hex;
pub mod markdown;
pub mod model;
pub mod render;
pub mod systems;
pub mod validate;
