//! Work done every frame whatever is on screen: the scan loading, live validation, and
//! autosave of the document and the table editor, with its error kept until one works.

use std::path::PathBuf;

use egui::Ui;

use super::{AUTOSAVE_FAILED, EditorApp, file_names};
use crate::files::{AUTOSAVE_SECONDS, Autosave};
use crate::trace::ScanLoader;

impl EditorApp {
    pub(super) fn background(&mut self, ui: &Ui) {
        if let Some(p) = self.scan_request.take() {
            self.trace.loader = Some(ScanLoader::start(ui.ctx(), &p));
        }
        self.trace.poll();
        if let (Some(view), Some(doc)) = (&mut self.trace.scan, self.files.doc()) {
            view.sync(doc.map(), self.trace.draft);
        }
        if let Some(doc) = self.files.doc() {
            let now = ui.input(|i| i.time);
            self.validator.poll(doc, now, ui.ctx());
        }
        self.autosave(ui);
    }

    pub(super) fn autosave(&mut self, ui: &Ui) {
        let now = ui.input(|i| i.time);
        match self.files.autosave_tick(now) {
            Autosave::Idle => {}
            Autosave::Due(secs) => ui
                .ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(secs)),
            Autosave::Written(files) => {
                self.status = format!("autosaved {}", file_names(&files));
                self.clear_autosave_error();
            }
            Autosave::Failed(e) => self.autosave_failed(e),
        }
        if self.tables.is_dirty() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECONDS));
        }
        match self.tables.autosave_tick(now) {
            None => {}
            Some(Ok(file)) => {
                self.status = format!("autosaved {}", file_names(&[file]));
                self.clear_autosave_error();
            }
            Some(Err(e)) => self.autosave_failed(e),
        }
    }

    pub(super) fn clear_autosave_error(&mut self) {
        if self
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with(AUTOSAVE_FAILED))
        {
            self.error = None;
        }
    }

    pub(super) fn autosave_failed(&mut self, e: String) {
        self.error = Some(format!(
            "{AUTOSAVE_FAILED} {e} (trying again every {AUTOSAVE_SECONDS} s)"
        ));
    }

    /// Autosaves untitled work to `dir` and offers what an earlier session left there;
    /// an autosave that cannot be read is shown as an error. The window passes a folder
    /// of the user's data folder.
    pub fn autosave_untitled_to(&mut self, dir: PathBuf) {
        if let Err(e) = self.files.autosave_untitled_to(dir) {
            self.error = Some(match self.error.take() {
                Some(before) => format!("{before}; {e}"),
                None => e,
            });
        }
    }
}
