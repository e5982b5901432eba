//! Files: paths relative to a document, autosave side files, recent files, and the in-app
//! file chooser used where no native dialog can open.

pub mod chooser;
pub mod paths;
pub mod recent;

pub use chooser::{Chooser, ChooserPurpose};
pub use recent::Recent;
