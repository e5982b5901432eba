//! Sztab: scenario editor, map tracer and rules engine for the WB-95 hex wargame system.
//!
//! Data flows one way: files → [`model`] → engine → [`editor`] and [`cli`].
//!
//! Rule citations throughout: `R5.3.7` is a rule of the WB-95 rulebook, `A-68` an
//! interpretation in `docs/wb95/decisions.md`, `§2.5` a section of the rules notes in
//! `docs/wb95/` (index and convention in `docs/README.md`).

pub mod balance;
pub mod card;
pub mod cli;
pub mod editor;
pub mod hex;
pub mod markdown;
pub mod markup;
pub mod model;
pub mod render;
pub mod systems;
pub mod validate;
