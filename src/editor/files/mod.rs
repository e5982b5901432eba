//! Files: the file session (the open document, saving, autosave, recovery, the
//! unsaved-changes question), paths relative to a document, autosave side files and the
//! autosave of untitled work, recent files, and the in-app file chooser used where no
//! native dialog can open.

pub mod chooser;
pub mod paths;
pub mod recent;
pub mod session;
pub mod untitled;

pub use chooser::{Chooser, ChooserPurpose};
pub use recent::Recent;
pub use session::{AUTOSAVE_SECONDS, Answer, Autosave, FileSession, Pending, Saved};
