//! Sztab: scenario editor, map tracer and rules engines for hex-and-counter wargames.
//!
//! The program is a workspace of crates, each a layer (see `ARCHITECTURE.md`): the core
//! (`crates/core`), the seam (`crates/seam`), one crate per rule system, the registry
//! that lists them, the shell (command line, balance runner, setup card) and the editor.
//! This crate is the `sztab` binary's, and gathers the layers under the names the tests
//! and benches use.
//!
//! Rule citations throughout: `R5.3.7` is a rule of the WB-95 rulebook, `A-68` an
//! interpretation in `docs/wb95/decisions.md`, `§2.5` a section of the rules notes in
//! `docs/wb95/` (index and convention in `docs/README.md`).

pub use sztab_core::{hex, markdown, markup, model, path, render};
pub use sztab_editor as editor;
pub use sztab_shell::{balance, card, cli, validate};

/// The rule systems: the seam, each system's crate and the registry's lookups.
pub mod systems {
    pub use sztab_jov as jov;
    pub use sztab_panzerblitz as panzerblitz;
    pub use sztab_registry::*;
    pub use sztab_rtl as rtl;
    pub use sztab_seam as seam;
    pub use sztab_toy as toy;
    pub use sztab_wb95 as wb95;
}
