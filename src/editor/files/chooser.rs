//! The in-app file chooser: a path field that completes from the directory listing, so
//! files can be opened and saved where no desktop portal or native dialog exists. A
//! "Browse…" button still offers the native dialog (rfd) where one works.

use std::path::{Path, PathBuf};

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
    completions: Vec<String>,
    listed_for: Option<String>,
}

/// At most this many completions are listed.
const MAX_COMPLETIONS: usize = 40;

impl Chooser {
    pub fn new(purpose: ChooserPurpose, start: &str) -> Self {
        Self {
            purpose,
            text: start.to_owned(),
            scale: 40.0,
            completions: Vec::new(),
            listed_for: None,
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
                let wanted = is_dir
                    || extensions
                        .iter()
                        .any(|x| name.to_ascii_lowercase().ends_with(x));
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
        if self.listed_for.as_deref() != Some(&self.text) {
            self.completions = Self::complete(&self.text, self.purpose.extensions());
            self.listed_for = Some(self.text.clone());
        }
        let mut chosen = None;
        ui.horizontal(|ui| {
            let label = ui.label("Path");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.text)
                        .desired_width(360.0)
                        .hint_text(self.purpose.hint()),
                )
                .labelled_by(label.id);
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
        ui.horizontal(|ui| {
            if ui.button(self.purpose.action()).clicked() && !self.text.is_empty() {
                chosen = Some(PathBuf::from(&self.text));
            }
            if ui
                .button("Browse…")
                .on_hover_text("Native file dialog, where the desktop offers one")
                .clicked()
            {
                if let Some(p) = self.native_dialog() {
                    chosen = Some(p);
                } else {
                    ui.ctx().debug_text("no native dialog available");
                }
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
        chosen
    }

    /// The desktop's dialog (xdg portal, zenity); `None` where there is none.
    fn native_dialog(&self) -> Option<PathBuf> {
        let d = rfd::FileDialog::new().add_filter(self.purpose.title(), self.purpose.extensions());
        match self.purpose {
            p if p.writes() => d.save_file(),
            _ => d.pick_file(),
        }
    }
}
