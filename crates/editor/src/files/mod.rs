//! Files: the file session (the open document, saving, autosave, recovery, the
//! unsaved-changes question), paths relative to a document, autosave side files and the
//! autosave of untitled work, recent files, the in-app file chooser used where no native
//! dialog can open, and where a chooser starts.

pub mod chooser;
pub mod paths;
pub mod print_options;
pub mod recent;
pub mod session;
pub mod shared_map;
pub mod suggest;
pub mod untitled;

pub use chooser::{Chooser, ChooserPurpose};
pub use recent::Recent;
pub use session::{AUTOSAVE_SECONDS, Answer, Autosave, FileSession, Pending, Saved, SharedSave};
pub use shared_map::SharedEdit;
