//! The file side of the editor, without a window: the open document, loading, saving,
//! Save As, autosave, recovery of an autosave, the recent files, and the unsaved-changes
//! question with the action waiting for its answer. `EditorApp` draws the dialogs and
//! carries out what this session decides; tests drive it directly.

use std::path::{Path, PathBuf};

use super::shared_map::{SharedEdit, SharedMapGuard};
use super::suggest::{self, Context};
use super::untitled::UntitledAutosave;
use super::{Chooser, ChooserPurpose, Recent};
use crate::document::{Document, SharedBoards};
use crate::edit::Edit;
use sztab_core::model::Problem;
use sztab_core::model::decompose::Destination;

/// Seconds between autosaves of a document with unsaved changes, and between the tries
/// of an autosave that failed.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

/// An action that would drop the open document, waiting for the unsaved-changes answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// Close the window.
    Close,
    /// Open this file.
    Open(PathBuf),
    /// Show the New map form.
    New,
    /// Show the New scenario form.
    NewScenario,
}

/// The user's answer to "Save the changes before going on?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    Cancel,
}

/// What `save` did.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    /// These files were written (only those that changed).
    Files(Vec<PathBuf>),
    /// The document has no file yet: ask for one (Save As).
    NeedsName,
    /// No document is open.
    Nothing,
    /// Nothing written: the changed map is also the map of these other scenarios. Answer
    /// with [`FileSession::save_shared`].
    SharedMap(Vec<PathBuf>),
    /// Nothing written: the edits of the composed map go into boards other layouts or
    /// scenarios use too. Answer with [`FileSession::save_boards`].
    SharedBoards(SharedBoards),
}

/// How to save a map other scenarios share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedSave {
    /// Write the shared map: every scenario on it changes.
    ForAll,
    /// Write the map to a new file beside the scenario, which then uses it.
    Copy,
}

/// What answering the unsaved-changes question did.
#[derive(Debug, Default)]
pub struct Answered {
    /// The action to carry out now; `None` when it was cancelled or the save did not
    /// happen.
    pub proceed: Option<Pending>,
    /// What saving did, when the answer was Save.
    pub saved: Option<Result<Saved, String>>,
}

/// What one autosave tick did.
#[derive(Clone, Debug, PartialEq)]
pub enum Autosave {
    /// Nothing to save (no changes, already autosaved, or an untitled document without
    /// a folder for its autosave).
    Idle,
    /// Changes are waiting: tick again in this many seconds.
    Due(f64),
    /// The side files (or the untitled autosave) of these files were written.
    Written(Vec<PathBuf>),
    /// Not written; tried again `AUTOSAVE_SECONDS` later without waiting for an edit.
    Failed(String),
}

#[derive(Default)]
pub struct FileSession {
    doc: Option<Document>,
    /// Problems found when the open files were loaded.
    problems: Vec<Problem>,
    pub recent: Recent,
    /// The action waiting for the unsaved-changes answer.
    question: Option<Pending>,
    /// An autosave newer than the open files, offered for recovery.
    recovery: Option<Edit>,
    /// Set once closing was agreed to; the next close request goes through.
    close_allowed: bool,
    /// When the autosave clock started or last wrote (seconds, the caller's clock).
    last_autosave: Option<f64>,
    /// The document revision the last autosave wrote (or that was opened).
    autosaved_revision: u64,
    /// The open scenario's map, when other scenarios share it: asked at its first edit.
    shared: SharedMapGuard,
    /// Where untitled work is autosaved; `None`: it is not.
    untitled: Option<UntitledAutosave>,
    /// Untitled work an earlier session autosaved, offered for recovery.
    untitled_recovery: Option<Document>,
    /// Where the designer said a composed map's edits go, once asked.
    boards: Option<Destination>,
}

impl FileSession {
    pub fn doc(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    pub fn doc_mut(&mut self) -> Option<&mut Document> {
        self.doc.as_mut()
    }

    /// Where a file chooser for `purpose` starts: the document's folder, and a name from
    /// the document for a file to write.
    pub fn chooser_start(&self, purpose: ChooserPurpose) -> String {
        let doc = self.doc.as_ref();
        let title = doc.map(Document::title).unwrap_or_default();
        suggest::start(
            purpose,
            Context {
                file: doc.and_then(Document::path),
                title: &title,
                scenario: doc.is_some_and(|d| d.scenario().is_some()),
                recent: self.recent_document(),
            },
        )
    }

    /// The map or scenario opened or saved last: where the designer's own work lives. A
    /// charts file opened in the table editor or a scan is left out, so a new map is not
    /// proposed into the folder of the charts that ship with Sztab (`assets/rtl/`).
    fn recent_document(&self) -> Option<&Path> {
        self.recent
            .files
            .iter()
            .find(|f| {
                let name = f
                    .file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default();
                name.ends_with(".map.ron") || name.ends_with(".scenario.ron")
            })
            .map(PathBuf::as_path)
    }

    /// A file chooser for `purpose`, started as [`FileSession::chooser_start`] says.
    pub fn chooser(&self, purpose: ChooserPurpose) -> Chooser {
        Chooser::new(purpose, &self.chooser_start(purpose))
    }

    /// Problems found when the open files were loaded.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Does the open document have unsaved changes?
    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(Document::is_dirty)
    }

    /// Opens a file, replacing the document without asking (see [`FileSession::guard`]).
    /// An autosave newer than its files is kept for [`FileSession::recover`].
    /// Returns what of the file's autosave could not be read, to tell the user.
    pub fn open(&mut self, path: &Path) -> Result<Vec<String>, String> {
        let (doc, problems) = Document::open(path).map_err(|e| e.to_string())?;
        let (recovery, unreadable) = doc.recoverable();
        self.recovery = recovery;
        self.problems = problems;
        self.install(doc);
        self.recent.add(path);
        Ok(unreadable)
    }

    /// Puts an in-memory document in place (a new map or scenario, a generated map).
    pub fn set_document(&mut self, doc: Document) {
        self.problems.clear();
        self.recovery = None;
        self.install(doc);
    }

    fn install(&mut self, doc: Document) {
        self.autosaved_revision = doc.revision();
        self.shared = SharedMapGuard::for_document(&doc);
        self.boards = None;
        self.doc = Some(doc);
    }

    /// Saves every changed file of the document, each atomically.
    pub fn save(&mut self) -> Result<Saved, String> {
        let Some(doc) = self.doc.as_mut() else {
            return Ok(Saved::Nothing);
        };
        if doc.path().is_none() {
            return Ok(Saved::NeedsName);
        }
        if doc.map_changed() {
            match self.shared.choice() {
                Some(SharedSave::ForAll) => {}
                Some(SharedSave::Copy) => return self.save_shared(SharedSave::Copy),
                None => {
                    let others = doc.map_shared_with();
                    if !others.is_empty() {
                        return Ok(Saved::SharedMap(others));
                    }
                }
            }
            if self.boards.is_none() {
                let shared = doc.shared_boards();
                if !shared.is_empty() {
                    return Ok(Saved::SharedBoards(shared));
                }
            }
        }
        doc.save().map(Saved::Files)
    }

    /// Saves a composed map whose edits would go into boards other files use too: into
    /// the boards (every layout on them changes) or into the composed map's own file.
    /// Not asked again for this document.
    pub fn save_boards(&mut self, to: Destination) -> Result<Saved, String> {
        let Some(doc) = self.doc.as_mut() else {
            return Ok(Saved::Nothing);
        };
        self.boards = Some(to);
        doc.set_destination(to);
        doc.save().map(Saved::Files)
    }

    /// The other scenarios on the open scenario's map, found when it was opened.
    pub fn map_shared_with(&self) -> &[PathBuf] {
        self.shared.others()
    }

    /// The other scenarios on the map while its first edit waits for the designer's
    /// answer ([`FileSession::answer_shared_edit`]); call after the edits of a frame,
    /// with whether the pointer stroke (if any) is over.
    pub fn first_map_edit(&mut self, stroke_over: bool) -> Option<Vec<PathBuf>> {
        let doc = self.doc.as_ref()?;
        self.shared
            .first_edit(doc, stroke_over)
            .map(<[PathBuf]>::to_vec)
    }

    pub fn answer_shared_edit(&mut self, a: SharedEdit) {
        if let Some(doc) = self.doc.as_mut() {
            self.shared.answer(a, doc);
        }
    }

    /// Saves a scenario whose changed map other scenarios share: for all of them (not
    /// asked again for this document), or as a copy for this scenario only.
    pub fn save_shared(&mut self, how: SharedSave) -> Result<Saved, String> {
        let Some(doc) = self.doc.as_mut() else {
            return Ok(Saved::Nothing);
        };
        match how {
            SharedSave::ForAll => {
                self.shared.chose(SharedSave::ForAll);
                // A composed map may still ask where its edits go.
                self.save()
            }
            SharedSave::Copy => {
                let Some(own) = doc.path() else {
                    return Ok(Saved::NeedsName);
                };
                let copy = map_copy_name(own);
                let written = doc.save_map_copy(&copy)?;
                // The map is the scenario's own from now on.
                self.shared = SharedMapGuard::for_document(doc);
                Ok(Saved::Files(written))
            }
        }
    }

    /// Saves under a new name and remembers it among the recent files.
    pub fn save_as(&mut self, path: &Path) -> Result<Vec<PathBuf>, String> {
        let Some(doc) = self.doc.as_mut() else {
            return Ok(Vec::new());
        };
        let untitled = doc.path().is_none();
        let written = doc.save_as(path)?;
        if let (true, Some(u)) = (untitled, &self.untitled) {
            u.discard();
        }
        self.recent.add(path);
        Ok(written)
    }

    // ---- the unsaved-changes question ----

    /// Asks before an action that drops the document: returns it to carry out now when
    /// nothing would be lost, else keeps it until [`FileSession::answer`].
    pub fn guard(&mut self, p: Pending) -> Option<Pending> {
        if self.is_dirty() {
            self.question = Some(p);
            None
        } else {
            Some(self.go(p))
        }
    }

    /// The action waiting for an answer, while the question is shown.
    pub fn question(&self) -> Option<&Pending> {
        self.question.as_ref()
    }

    /// Answers the question: Save saves first (and goes on only if the files were
    /// written), Discard drops the changes and their autosave, Cancel forgets the action.
    pub fn answer(&mut self, a: Answer) -> Answered {
        let Some(p) = self.question.take() else {
            return Answered::default();
        };
        match a {
            Answer::Save => {
                let saved = self.save();
                let go = matches!(saved, Ok(Saved::Files(_)));
                Answered {
                    proceed: go.then(|| self.go(p)),
                    saved: Some(saved),
                }
            }
            Answer::Discard => {
                self.discard_autosave();
                Answered {
                    proceed: Some(self.go(p)),
                    saved: None,
                }
            }
            Answer::Cancel => Answered::default(),
        }
    }

    fn go(&mut self, p: Pending) -> Pending {
        // Untitled work undone back to nothing leaves no autosave for the next start.
        if self
            .doc
            .as_ref()
            .is_some_and(|d| d.path().is_none() && !d.is_dirty())
        {
            self.discard_autosave();
        }
        if p == Pending::Close {
            self.close_allowed = true;
        }
        p
    }

    /// Whether the window may close now; otherwise the question is asked.
    pub fn close_requested(&mut self) -> bool {
        if self.close_allowed || !self.is_dirty() {
            return true;
        }
        self.question = Some(Pending::Close);
        false
    }

    // ---- autosave and recovery ----

    /// Deletes the open document's autosave: its side files, or the untitled autosave.
    fn discard_autosave(&self) {
        match (&self.doc, &self.untitled) {
            (Some(d), Some(u)) if d.path().is_none() => u.discard(),
            (Some(d), _) => d.discard_autosave(),
            _ => {}
        }
    }

    /// Autosaves untitled work to `dir` (the app passes a folder of the user's data
    /// folder) and offers what an earlier session left there for recovery. An autosave
    /// that cannot be read is returned as an error, to tell the user; it stays on disk
    /// until the next autosave of untitled work replaces it.
    pub fn autosave_untitled_to(&mut self, dir: PathBuf) -> Result<(), String> {
        let u = UntitledAutosave::new(dir);
        let found = u.read();
        self.untitled = Some(u);
        self.untitled_recovery = found?;
        Ok(())
    }

    /// The folder untitled work is autosaved to, if any.
    pub fn untitled_folder(&self) -> Option<&Path> {
        self.untitled.as_ref().map(UntitledAutosave::dir)
    }

    /// Writes the autosave once `AUTOSAVE_SECONDS` have passed since the clock started or
    /// last tried, if the document has changes not autosaved yet: side files beside its
    /// files, or the untitled autosave for a document without a file. A failed write is
    /// tried again `AUTOSAVE_SECONDS` later, with or without another edit. `now` is in
    /// seconds on any steady clock (the UI's input time).
    pub fn autosave_tick(&mut self, now: f64) -> Autosave {
        let Some(doc) = &self.doc else {
            return Autosave::Idle;
        };
        let last = *self.last_autosave.get_or_insert(now);
        let untitled = match (doc.path(), &self.untitled) {
            (Some(_), _) => None,
            (None, Some(u)) => Some(u),
            (None, None) => return Autosave::Idle,
        };
        // An autosave waiting to be recovered is not written over.
        if !doc.is_dirty() || doc.revision() == self.autosaved_revision || self.recovery.is_some() {
            return Autosave::Idle;
        }
        if now - last < AUTOSAVE_SECONDS {
            return Autosave::Due(AUTOSAVE_SECONDS - (now - last));
        }
        self.last_autosave = Some(now);
        let written = match untitled {
            Some(u) => u.write(doc),
            None => doc.autosave(),
        };
        match written {
            Ok(files) => {
                self.autosaved_revision = doc.revision();
                Autosave::Written(files)
            }
            Err(e) => Autosave::Failed(e),
        }
    }

    /// Is an autosave newer than the open files waiting to be recovered or discarded?
    pub fn recovery_offered(&self) -> bool {
        self.recovery.is_some()
    }

    /// Applies the autosave as one undoable step; the document is then unsaved.
    pub fn recover(&mut self) -> bool {
        match (self.recovery.take(), self.doc.as_mut()) {
            (Some(edit), Some(doc)) => {
                doc.apply(edit);
                true
            }
            _ => false,
        }
    }

    /// Drops the offered autosave and deletes its side files.
    pub fn discard_recovery(&mut self) {
        self.recovery = None;
        if let Some(d) = &self.doc {
            d.discard_autosave();
        }
    }

    /// Untitled work an earlier session autosaved, waiting to be recovered or discarded.
    pub fn untitled_offered(&self) -> Option<&Document> {
        self.untitled_recovery.as_ref()
    }

    /// Opens the autosaved untitled work in place of the open document (at start, nothing
    /// or a file just opened and not changed). It stays autosaved until saved or discarded.
    pub fn recover_untitled(&mut self) -> bool {
        match self.untitled_recovery.take() {
            Some(doc) => {
                self.set_document(doc);
                true
            }
            None => false,
        }
    }

    /// Drops the offered untitled work and deletes its autosave.
    pub fn discard_untitled(&mut self) {
        self.untitled_recovery = None;
        if let Some(u) = &self.untitled {
            u.discard();
        }
    }

    /// The window title: the document's title and file, ● while there are unsaved changes.
    pub fn title(&self) -> String {
        match &self.doc {
            None => "Sztab".into(),
            Some(d) => {
                let name = d
                    .path()
                    .map_or("untitled".into(), |p| p.display().to_string());
                let star = if d.is_dirty() { "● " } else { "" };
                format!("{star}{} – {name} – Sztab", d.title())
            }
        }
    }
}

/// A map file of its own for the scenario `own`: `NAME.map.ron` beside it, else
/// `NAME-2.map.ron`, `NAME-3.map.ron`… whichever does not exist yet.
fn map_copy_name(own: &Path) -> PathBuf {
    super::paths::beside(own, ".map.ron")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Change;
    use sztab_core::hex::HexId;
    use sztab_core::model::HexCell;

    /// The test fixture's map, scenario and counters copied into a temporary folder.
    fn fixture(dir: &Path) -> PathBuf {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        for f in ["mini.scenario.ron", "mini.counters.ron"] {
            std::fs::copy(root.join("tests/fixtures").join(f), dir.join(f)).unwrap();
        }
        let map = std::fs::read_to_string(root.join("tests/fixtures/mini.map.ron")).unwrap();
        let cat = root.join("assets/wb95/kursk-1943.terrain.ron");
        let map = map.replace(
            "../../assets/wb95/kursk-1943.terrain.ron",
            &cat.display().to_string(),
        );
        std::fs::write(dir.join("mini.map.ron"), map).unwrap();
        dir.join("mini.scenario.ron")
    }

    fn paint(s: &mut FileSession, hex: &str, terrain: &str) {
        let doc = s.doc_mut().unwrap();
        let id: HexId = hex.parse().unwrap();
        let before = doc.map().hexes.get(&id).cloned();
        doc.apply(Edit::new("paint").with(Change::Hex {
            id,
            before,
            after: Some(HexCell::new(terrain)),
        }));
    }

    fn opened(dir: &Path) -> FileSession {
        let mut s = FileSession::default();
        s.open(&fixture(dir)).unwrap();
        s
    }

    #[test]
    fn open_remembers_the_file_and_a_bad_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let s = opened(dir.path());
        assert!(s.doc().is_some() && !s.is_dirty());
        assert_eq!(s.recent.files.len(), 1);
        assert!(s.title().contains("mini.scenario.ron"), "{}", s.title());
        let mut t = FileSession::default();
        let err = t
            .open(&dir.path().join("missing.scenario.ron"))
            .unwrap_err();
        assert!(err.contains("missing.scenario.ron"), "{err}");
        assert!(t.doc().is_none() && t.recent.files.is_empty());
    }

    #[test]
    fn save_writes_changed_files_and_clears_the_star() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        assert_eq!(s.save(), Ok(Saved::Files(Vec::new())), "nothing changed");
        paint(&mut s, "0105", "hills");
        assert!(s.title().starts_with("● "));
        let Ok(Saved::Files(files)) = s.save() else {
            panic!("saved")
        };
        assert_eq!(files, vec![dir.path().join("mini.map.ron")]);
        assert!(!s.is_dirty() && !s.title().starts_with('●'));
        assert_eq!(FileSession::default().save(), Ok(Saved::Nothing));
    }

    #[test]
    fn an_untitled_document_needs_a_name_and_save_as_gives_it_one() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        let (doc, _) = Document::open(&dir.path().join("mini.map.ron")).unwrap();
        let map = doc.map().clone();
        let terrain = doc.terrain().clone();
        s.set_document(Document::new_map(
            map,
            terrain,
            doc.terrain_path().to_owned(),
        ));
        assert_eq!(s.save(), Ok(Saved::NeedsName));
        let to = dir.path().join("copy.map.ron");
        assert!(s.save_as(&dir.path().join("copy.txt")).is_err());
        s.save_as(&to).unwrap();
        assert!(to.exists());
        assert_eq!(s.recent.files[0], std::path::absolute(&to).unwrap());
        assert_eq!(
            s.doc().unwrap().path(),
            Some(std::path::absolute(&to).unwrap().as_path())
        );
    }

    /// Issue 33 item 10: a new map's Save As proposed the folder of the last file opened,
    /// a charts file in `assets/rtl/`; it proposes the last map's or scenario's folder.
    #[test]
    fn save_as_of_a_new_map_proposes_the_last_document_s_folder_not_a_charts_file_s() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        let (doc, _) = Document::open(&dir.path().join("mini.map.ron")).unwrap();
        let charts = Path::new("/opt/sztab/assets/rtl/rtl.tables.ron");
        s.recent.add(charts);
        assert_eq!(s.recent.files[0], charts, "the charts were opened last");
        s.set_document(Document::new_map(
            doc.map().clone(),
            doc.terrain().clone(),
            doc.terrain_path().to_owned(),
        ));
        let start = s.chooser_start(ChooserPurpose::SaveAs);
        let folder = std::path::absolute(dir.path()).unwrap();
        assert!(
            Path::new(&start).starts_with(&folder),
            "{start} is not in {}",
            folder.display()
        );
    }

    #[test]
    fn the_question_is_asked_only_with_unsaved_changes() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        assert_eq!(s.guard(Pending::New), Some(Pending::New));
        assert!(s.question().is_none());
        paint(&mut s, "0105", "hills");
        assert_eq!(s.guard(Pending::New), None);
        assert_eq!(s.question(), Some(&Pending::New));
        let a = s.answer(Answer::Cancel);
        assert!(a.proceed.is_none() && a.saved.is_none() && s.question().is_none());
        assert!(s.is_dirty(), "cancel keeps the changes");
    }

    #[test]
    fn answering_save_saves_then_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        paint(&mut s, "0105", "hills");
        let other = dir.path().join("mini.map.ron");
        assert_eq!(s.guard(Pending::Open(other.clone())), None);
        let a = s.answer(Answer::Save);
        assert!(matches!(a.saved, Some(Ok(Saved::Files(_)))));
        assert_eq!(a.proceed, Some(Pending::Open(other)));
        assert!(!s.is_dirty());
    }

    #[test]
    fn answering_discard_removes_the_autosave_and_allows_closing() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        paint(&mut s, "0105", "hills");
        s.doc().unwrap().autosave().unwrap();
        let side = dir.path().join(".mini.autosave.map.ron");
        assert!(side.exists());
        assert!(!s.close_requested());
        assert_eq!(s.question(), Some(&Pending::Close));
        let a = s.answer(Answer::Discard);
        assert_eq!(a.proceed, Some(Pending::Close));
        assert!(!side.exists());
        assert!(s.close_requested(), "closing was agreed to");
    }

    #[test]
    fn autosave_waits_thirty_seconds_and_writes_once_per_change() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        let side = dir.path().join(".mini.autosave.map.ron");
        assert_eq!(s.autosave_tick(100.0), Autosave::Idle, "no changes");
        paint(&mut s, "0105", "hills");
        assert_eq!(s.autosave_tick(110.0), Autosave::Due(20.0));
        assert!(!side.exists());
        assert!(matches!(s.autosave_tick(130.0), Autosave::Written(_)));
        assert!(side.exists());
        assert_eq!(s.autosave_tick(200.0), Autosave::Idle, "already autosaved");
        paint(&mut s, "0106", "hills");
        assert!(
            matches!(s.autosave_tick(200.0), Autosave::Written(_)),
            "70 s after the last one"
        );
    }

    #[test]
    fn a_newer_autosave_is_offered_and_recovered_as_one_undo_step() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        paint(&mut s, "0105", "mountain");
        s.doc().unwrap().autosave().unwrap();
        let mut t = FileSession::default();
        t.open(&dir.path().join("mini.scenario.ron")).unwrap();
        assert!(t.recovery_offered());
        assert!(t.recover());
        let id: HexId = "0105".parse().unwrap();
        assert_eq!(
            t.doc().unwrap().map().hexes[&id].terrain.as_str(),
            "mountain"
        );
        assert!(t.is_dirty() && !t.recovery_offered());
        assert!(t.doc_mut().unwrap().undo());
        assert!(!t.is_dirty());
        let mut u = FileSession::default();
        u.open(&dir.path().join("mini.scenario.ron")).unwrap();
        u.discard_recovery();
        assert!(!u.recovery_offered());
        assert!(!dir.path().join(".mini.autosave.map.ron").exists());
    }

    // ---- untitled work, unreadable and failed autosaves ----

    /// A new map on the fixture's grid, with one hex painted.
    fn untitled_map(s: &mut FileSession, dir: &Path) {
        let (doc, _) = Document::open(&dir.join("mini.map.ron")).unwrap();
        s.set_document(Document::new_map(
            doc.map().clone(),
            doc.terrain().clone(),
            doc.terrain_path().to_owned(),
        ));
        paint(s, "0105", "mountain");
    }

    #[test]
    fn untitled_work_is_autosaved_to_its_folder_and_recovered_on_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        fixture(dir.path());
        let data = dir.path().join("data/autosave");
        let mut s = FileSession::default();
        assert_eq!(s.autosave_untitled_to(data.clone()), Ok(()));
        assert!(s.untitled_offered().is_none(), "nothing autosaved yet");
        untitled_map(&mut s, dir.path());
        assert_eq!(s.autosave_tick(0.0), Autosave::Due(30.0));
        assert!(matches!(s.autosave_tick(30.0), Autosave::Written(_)));
        assert!(data.join("untitled.map.ron").exists());

        let mut next = FileSession::default();
        next.autosave_untitled_to(data.clone()).unwrap();
        let offered = next
            .untitled_offered()
            .expect("the untitled map is offered");
        assert!(offered.path().is_none() && offered.scenario().is_none());
        assert!(next.recover_untitled());
        let doc = next.doc().unwrap();
        let id: HexId = "0105".parse().unwrap();
        assert_eq!(doc.map().hexes[&id].terrain.as_str(), "mountain");
        assert!(doc.path().is_none());
        assert!(next.is_dirty(), "recovered work is unsaved work");
        assert!(!next.close_requested(), "closing asks first");

        // Saving it under a name ends the untitled autosave.
        next.save_as(&dir.path().join("kept.map.ron")).unwrap();
        assert!(!data.join("untitled.map.ron").exists());
        let mut third = FileSession::default();
        third.autosave_untitled_to(data).unwrap();
        assert!(third.untitled_offered().is_none());
    }

    #[test]
    fn an_untitled_scenario_comes_back_with_its_new_counters_and_its_map_changes() {
        let dir = tempfile::tempdir().unwrap();
        let scenario = fixture(dir.path());
        let data = dir.path().join("autosave");
        let (b, _) = sztab_core::model::Bundle::load(&scenario).unwrap();
        let map = sztab_core::model::MapBundle::load(&dir.path().join("mini.map.ron"))
            .unwrap()
            .0;
        let mut s = FileSession::default();
        s.autosave_untitled_to(data.clone()).unwrap();
        s.set_document(Document::new_scenario(
            b.scenario.clone(),
            map,
            b.counters.clone(),
            None,
        ));
        paint(&mut s, "0105", "mountain");
        s.autosave_tick(0.0);
        assert!(matches!(s.autosave_tick(31.0), Autosave::Written(_)));
        assert!(
            !dir.path().join(".mini.autosave.map.ron").exists(),
            "not beside the map"
        );

        let mut next = FileSession::default();
        next.autosave_untitled_to(data).unwrap();
        assert!(next.recover_untitled());
        let doc = next.doc_mut().unwrap();
        assert_eq!(
            doc.scenario(),
            Some(&{
                let mut sc = b.scenario.clone();
                sc.map = dir.path().join("mini.map.ron");
                sc.counters = Default::default();
                sc
            })
        );
        assert_eq!(doc.counters(), Some(&b.counters));
        assert_eq!(
            doc.counters_path(),
            Some(Path::new("")),
            "a new counter set"
        );
        let id: HexId = "0105".parse().unwrap();
        assert_eq!(doc.map().hexes[&id].terrain.as_str(), "mountain");
        assert!(
            doc.undo(),
            "the map change is one undo step on the map on disk"
        );
        assert_ne!(
            doc.map().hexes.get(&id).map(|h| h.terrain.as_str()),
            Some("mountain")
        );
        assert!(doc.is_dirty());
    }

    #[test]
    fn an_unreadable_autosave_is_reported_and_left_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let scenario = fixture(dir.path());
        let side = dir.path().join(".mini.autosave.map.ron");
        std::fs::write(&side, "(name: \"cut off").unwrap();
        let mut s = FileSession::default();
        let unreadable = s.open(&scenario).unwrap();
        assert_eq!(unreadable.len(), 1, "{unreadable:?}");
        assert!(
            unreadable[0].contains(".mini.autosave.map.ron"),
            "{unreadable:?}"
        );
        assert!(!s.recovery_offered() && side.exists());

        let data = dir.path().join("autosave");
        std::fs::create_dir_all(&data).unwrap();
        std::fs::write(data.join("untitled.map.ron"), "not a map").unwrap();
        let err = s.autosave_untitled_to(data.clone()).unwrap_err();
        assert!(
            err.contains("untitled.map.ron") && err.contains("1:"),
            "{err}"
        );
        assert!(s.untitled_offered().is_none() && data.join("untitled.map.ron").exists());
    }

    #[test]
    fn a_failed_autosave_is_tried_again_without_another_edit() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = opened(dir.path());
        // A folder where the side file goes: the rename onto it fails.
        let side = dir.path().join(".mini.autosave.map.ron");
        std::fs::create_dir_all(side.join("x")).unwrap();
        paint(&mut s, "0105", "hills");
        s.autosave_tick(0.0);
        assert!(matches!(s.autosave_tick(30.0), Autosave::Failed(_)));
        assert_eq!(
            s.autosave_tick(40.0),
            Autosave::Due(20.0),
            "tried again later"
        );
        std::fs::remove_dir_all(&side).unwrap();
        assert!(
            matches!(s.autosave_tick(60.0), Autosave::Written(_)),
            "no edit needed"
        );
        assert!(side.is_file());

        // Untitled work whose folder cannot be made.
        let blocked = dir.path().join("file");
        std::fs::write(&blocked, "").unwrap();
        let mut t = FileSession::default();
        t.autosave_untitled_to(blocked.join("autosave")).unwrap();
        untitled_map(&mut t, dir.path());
        t.autosave_tick(0.0);
        let Autosave::Failed(e) = t.autosave_tick(30.0) else {
            panic!("the folder cannot be made")
        };
        assert!(e.contains("autosave"), "{e}");
        std::fs::remove_file(&blocked).unwrap();
        assert!(matches!(t.autosave_tick(60.0), Autosave::Written(_)));
    }

    #[test]
    fn untitled_work_undone_to_nothing_leaves_no_autosave() {
        let dir = tempfile::tempdir().unwrap();
        fixture(dir.path());
        let data = dir.path().join("autosave");
        let mut s = FileSession::default();
        s.autosave_untitled_to(data.clone()).unwrap();
        untitled_map(&mut s, dir.path());
        s.autosave_tick(0.0);
        assert!(matches!(s.autosave_tick(30.0), Autosave::Written(_)));
        assert!(s.doc_mut().unwrap().undo());
        assert_eq!(s.guard(Pending::New), Some(Pending::New), "nothing to lose");
        assert!(!data.join("untitled.map.ron").exists());
    }
}
