//! The in-app file chooser: a path field that completes from the directory listing, so
//! files can be opened and saved where no desktop portal or native dialog exists. A
//! "Browse…" button still offers the native dialog (rfd) where one works; it runs on its
//! own thread, so the editor keeps drawing while the dialog is open.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};

/// What the chosen path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChooserPurpose {
    Open,
    SaveAs,
    ExportImage,
    LoadScan,
    Catalogue,
    /// A map for a new scenario.
    Map,
    /// A counter set for a new scenario.
    Counters,
    ExportCard,
    /// A print-and-play PDF kit.
    PrintKit,
    /// A game log to write (playtest).
    SaveGame,
    /// A game log to read (playtest).
    LoadGame,
    /// Balance-lab results as CSV.
    ExportCsv,
}

impl ChooserPurpose {
    fn title(self) -> &'static str {
        match self {
            ChooserPurpose::Open => "Open",
            ChooserPurpose::SaveAs => "Save As",
            ChooserPurpose::ExportImage => "Export image",
            ChooserPurpose::LoadScan => "Load scan",
            ChooserPurpose::Catalogue => "Terrain catalogue",
            ChooserPurpose::Map => "Map of the scenario",
            ChooserPurpose::Counters => "Counter set",
            ChooserPurpose::ExportCard => "Export setup card",
            ChooserPurpose::PrintKit => "Print kit",
            ChooserPurpose::SaveGame => "Save game",
            ChooserPurpose::LoadGame => "Load game",
            ChooserPurpose::ExportCsv => "Export results",
        }
    }

    /// The confirming button's text (distinct from the window title for screen readers).
    fn action(self) -> &'static str {
        match self {
            ChooserPurpose::Open => "Open file",
            ChooserPurpose::SaveAs => "Save file",
            ChooserPurpose::ExportImage => "Export PNG",
            ChooserPurpose::LoadScan => "Load image",
            ChooserPurpose::Catalogue => "Use catalogue",
            ChooserPurpose::Map => "Use map",
            ChooserPurpose::Counters => "Use counters",
            ChooserPurpose::ExportCard => "Export HTML",
            ChooserPurpose::PrintKit => "Write PDF",
            ChooserPurpose::SaveGame => "Save game file",
            ChooserPurpose::LoadGame => "Load game file",
            ChooserPurpose::ExportCsv => "Export CSV",
        }
    }

    /// Whether the chosen path is written (a save), not read.
    fn writes(self) -> bool {
        matches!(
            self,
            ChooserPurpose::SaveAs
                | ChooserPurpose::ExportImage
                | ChooserPurpose::ExportCard
                | ChooserPurpose::PrintKit
                | ChooserPurpose::SaveGame
                | ChooserPurpose::ExportCsv
        )
    }

    /// The path field's placeholder.
    fn hint(self) -> &'static str {
        match self {
            ChooserPurpose::Open | ChooserPurpose::SaveAs => "folder/name.scenario.ron or .map.ron",
            ChooserPurpose::Map => "folder/name.map.ron",
            ChooserPurpose::Counters => "folder/name.counters.ron",
            ChooserPurpose::Catalogue => "folder/name.terrain.ron",
            ChooserPurpose::SaveGame | ChooserPurpose::LoadGame => "folder/game.ron",
            ChooserPurpose::ExportCsv => "folder/balance.csv",
            ChooserPurpose::ExportCard => "folder/setup.html",
            ChooserPurpose::PrintKit => "folder/kit.pdf",
            ChooserPurpose::ExportImage => "folder/map.png",
            ChooserPurpose::LoadScan => "folder/scan.png",
        }
    }

    fn extensions(self) -> &'static [&'static str] {
        match self {
            ChooserPurpose::Open
            | ChooserPurpose::SaveAs
            | ChooserPurpose::Catalogue
            | ChooserPurpose::Map
            | ChooserPurpose::Counters
            | ChooserPurpose::SaveGame
            | ChooserPurpose::LoadGame => &["ron"],
            ChooserPurpose::ExportCsv => &["csv"],
            ChooserPurpose::ExportCard => &["html"],
            ChooserPurpose::PrintKit => &["pdf"],
            ChooserPurpose::ExportImage => &["png"],
            ChooserPurpose::LoadScan => &["png", "jpg", "jpeg"],
        }
    }
}

pub struct Chooser {
    pub purpose: ChooserPurpose,
    pub text: String,
    /// Pixels per hex radius, for image export.
    pub scale: f32,
    /// Paper, counter and hex sizes, for a print kit.
    pub print: sztab_shell::print::Options,
    completions: Vec<String>,
    listed_for: Option<String>,
    /// The native dialog's answer, while it is open.
    native: Option<Receiver<Option<PathBuf>>>,
    /// What the last native dialog came back with, when it gave no file.
    native_note: Option<&'static str>,
    /// A file to write that exists, waiting for "Replace it?".
    replace: Option<PathBuf>,
    /// The path field was given the keyboard when the chooser opened: what is typed next
    /// goes into it, not to the tools' single-key shortcuts.
    focused: bool,
}

/// At most this many completions are listed.
const MAX_COMPLETIONS: usize = 40;

impl Chooser {
    pub fn new(purpose: ChooserPurpose, start: &str) -> Self {
        Self {
            purpose,
            text: start.to_owned(),
            scale: 40.0,
            print: sztab_shell::print::Options::default(),
            completions: Vec::new(),
            listed_for: None,
            native: None,
            native_note: None,
            focused: false,
            replace: None,
        }
    }

    /// Directory entries starting with the typed file-name prefix; directories end in `/`.
    pub fn complete(text: &str, extensions: &[&str]) -> Vec<String> {
        let (dir, prefix) = match text.rfind('/') {
            Some(i) => (&text[..=i], &text[i + 1..]),
            None => ("", text),
        };
        let listing = if dir.is_empty() {
            Path::new(".")
        } else {
            Path::new(dir)
        };
        let Ok(entries) = std::fs::read_dir(listing) else {
            return Vec::new();
        };
        let mut out: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let is_dir = e.file_type().ok()?.is_dir();
                let lower = name.to_ascii_lowercase();
                let wanted = is_dir
                    || extensions
                        .iter()
                        .any(|x| lower.strip_suffix(x).is_some_and(|s| s.ends_with('.')));
                (name.starts_with(prefix)
                    && wanted
                    && (prefix.starts_with('.') || !name.starts_with('.')))
                .then(|| format!("{dir}{name}{}", if is_dir { "/" } else { "" }))
            })
            .collect();
        out.sort();
        out.truncate(MAX_COMPLETIONS);
        out
    }

    /// Shows the chooser window; returns the chosen path when confirmed. `open` turns false
    /// when the window is closed.
    pub fn show(&mut self, ctx: &egui::Context, open: &mut bool) -> Option<PathBuf> {
        let mut chosen = None;
        egui::Window::new(self.purpose.title())
            .collapsible(false)
            .resizable(true)
            .default_width(520.0)
            .open(open)
            .show(ctx, |ui| chosen = self.body(ui));
        chosen
    }

    fn body(&mut self, ui: &mut egui::Ui) -> Option<PathBuf> {
        // The desktop's dialog asks about replacing a file itself.
        let native = self.poll_native(ui.ctx());
        if let Some(path) = self.replace.clone()
            && let Some(agreed) = self.ask_replace(ui, path)
        {
            return Some(agreed);
        }
        let typed = self.typed(ui).filter(|p| {
            let exists = self.purpose.writes() && p.exists();
            if exists {
                self.replace = Some(p.clone());
            }
            !exists
        });
        native.or(typed)
    }

    /// "Replace it?" for a file to write that exists; the path once agreed to.
    fn ask_replace(&mut self, ui: &mut egui::Ui, path: PathBuf) -> Option<PathBuf> {
        ui.label(
            egui::RichText::new(format!("{} exists. Replace it?", path.display()))
                .color(ui.visuals().warn_fg_color),
        );
        let mut chosen = None;
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                chosen = Some(path);
                self.replace = None;
            }
            if ui.button("Keep it").clicked() {
                self.replace = None;
            }
        });
        ui.separator();
        chosen
    }

    /// The path field, the buttons and the folder's files; the path typed or picked.
    fn typed(&mut self, ui: &mut egui::Ui) -> Option<PathBuf> {
        let mut chosen = None;
        let before = self.text.clone();
        if self.listed_for.as_deref() != Some(&self.text) {
            self.completions = Self::complete(&self.text, self.purpose.extensions());
            self.listed_for = Some(self.text.clone());
        }
        ui.horizontal(|ui| {
            let label = ui.label("Path");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.text)
                        .desired_width(360.0)
                        .hint_text(self.purpose.hint()),
                )
                .labelled_by(label.id);
            if !self.focused {
                field.request_focus();
                self.focused = true;
            }
            if field.lost_focus()
                && ui.input(|i| i.key_pressed(egui::Key::Tab))
                && let Some(first) = self.completions.first()
            {
                self.text = first.clone();
            }
            if field.lost_focus()
                && ui.input(|i| i.key_pressed(egui::Key::Enter))
                && !self.text.is_empty()
            {
                chosen = Some(PathBuf::from(&self.text));
            }
        });
        if self.purpose == ChooserPurpose::ExportImage {
            ui.add(egui::Slider::new(&mut self.scale, 5.0..=120.0).text("pixels per hex radius"));
        }
        if self.purpose == ChooserPurpose::PrintKit {
            super::print_options::ui(ui, &mut self.print);
        }
        ui.horizontal(|ui| {
            if ui.button(self.purpose.action()).clicked() && !self.text.is_empty() {
                chosen = Some(PathBuf::from(&self.text));
            }
            let waiting = self.native.is_some();
            if ui
                .add_enabled(!waiting, egui::Button::new("Browse…"))
                .on_hover_text("Native file dialog, where the desktop offers one")
                .clicked()
            {
                self.open_native();
            }
            if waiting {
                ui.weak("waiting for the desktop's dialog…");
            } else if let Some(note) = self.native_note {
                ui.weak(note);
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height(260.0)
            .show(ui, |ui| {
                // A click selects a file (or enters a folder); a double click, like the
                // confirming button, opens the file.
                for c in self.completions.clone() {
                    let r = ui.selectable_label(self.text == c, &c);
                    if r.double_clicked() && !c.ends_with('/') {
                        chosen = Some(PathBuf::from(&c));
                    }
                    if r.clicked() {
                        self.text = c;
                    }
                }
                if self.completions.is_empty() {
                    ui.weak("no matching files");
                }
            });
        if self.text != before {
            self.replace = None;
        }
        chosen
    }

    /// Opens the desktop's dialog (xdg portal) on its own thread: rfd blocks until the
    /// user answers, which on the UI thread would freeze the window.
    fn open_native(&mut self) {
        let (tx, rx) = std::sync::mpsc::channel();
        let (title, extensions, writes) = (
            self.purpose.title(),
            self.purpose.extensions(),
            self.purpose.writes(),
        );
        // The desktop's dialog starts where this one does: the folder, and the name to
        // write.
        let (folder, name) = match self.text.rfind('/') {
            Some(i) => (&self.text[..=i], &self.text[i + 1..]),
            None => ("", self.text.as_str()),
        };
        let folder = Path::new(folder).is_dir().then(|| PathBuf::from(folder));
        let name = (writes && !name.is_empty()).then(|| name.to_owned());
        let spawned = std::thread::Builder::new()
            .name("file dialog".into())
            .spawn(move || {
                let mut d = rfd::FileDialog::new().add_filter(title, extensions);
                if let Some(dir) = folder {
                    d = d.set_directory(dir);
                }
                if let Some(name) = name {
                    d = d.set_file_name(name);
                }
                let path = if writes { d.save_file() } else { d.pick_file() };
                let _ = tx.send(path);
            });
        match spawned {
            Ok(_) => {
                self.native = Some(rx);
                self.native_note = None;
            }
            Err(_) => self.native_note = Some("no native dialog available"),
        }
    }

    /// The native dialog's file once it answered; keeps the UI polling until then.
    fn poll_native(&mut self, ctx: &egui::Context) -> Option<PathBuf> {
        let rx = self.native.as_ref()?;
        match rx.try_recv() {
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                None
            }
            Ok(Some(path)) => {
                self.native = None;
                Some(path)
            }
            Ok(None) | Err(TryRecvError::Disconnected) => {
                self.native = None;
                self.native_note = Some("no file chosen (or no native dialog available)");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_matches_whole_extensions_only() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "patron",
            "a.ron",
            "b.scenario.ron",
            "c.RON",
            "d.ron.bak",
            ".hidden.ron",
        ] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("maps")).unwrap();
        let base = format!("{}/", dir.path().display());
        let names: Vec<String> = Chooser::complete(&base, &["ron"])
            .into_iter()
            .map(|c| c.trim_start_matches(&base).to_string())
            .collect();
        assert_eq!(names, ["a.ron", "b.scenario.ron", "c.RON", "maps/"]);
        let scans = Chooser::complete(&format!("{base}a"), &["png", "jpg"]);
        assert!(scans.is_empty(), "{scans:?}");
    }
}
