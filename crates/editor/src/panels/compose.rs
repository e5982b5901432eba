//! File → Compose boards…: a composed map (see [`sztab_core::model::compose`]) put together
//! from board map files. The user picks the composed file, the boards in order (each
//! maybe turned 180°, each with a label prefix), and how they lie: end to end or side by
//! side, sharing their edge half-hexes or not. The form works out where each board goes
//! and the grid, previews the assembled map and writes the composed file.

use std::path::{Path, PathBuf};

use egui::{Color32, ColorImage, TextureHandle, TextureOptions, Ui};

use crate::files::{Chooser, ChooserPurpose};
use sztab_core::hex::{Grid, LabelStyle, Numbering};
use sztab_core::model::compose::{Section, compose};
use sztab_core::model::{FileKind, Map, TerrainCatalogue, io};
use sztab_core::render::{Layers, render_map};

/// How the boards lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// One after another along the columns (west to east).
    EndToEnd,
    /// One below another along the rows (north to south).
    SideBySide,
}

/// One board of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    /// The board's map file, as typed (relative to the working folder, or absolute).
    pub map: String,
    pub turned: bool,
    pub prefix: String,
}

/// Each board's place (column, row) and the composed grid's size, for boards of these
/// sizes (columns, rows) laid out as `how`; `shared` boards overlap by their edge
/// column or row (the half hexes where they meet become one hex).
pub fn arrange(
    sizes: &[(u16, u16)],
    how: Arrangement,
    shared: bool,
) -> (Vec<(u16, u16)>, (u16, u16)) {
    let overlap = u16::from(shared);
    let mut at = Vec::with_capacity(sizes.len());
    let mut next = 0u16;
    for &(cols, rows) in sizes {
        let along = match how {
            Arrangement::EndToEnd => cols,
            Arrangement::SideBySide => rows,
        };
        at.push(match how {
            Arrangement::EndToEnd => (next, 0),
            Arrangement::SideBySide => (0, next),
        });
        next = next.saturating_add(along.saturating_sub(overlap));
    }
    let total = next.saturating_add(if sizes.is_empty() { 0 } else { overlap });
    let across = |f: fn(&(u16, u16)) -> u16| sizes.iter().map(f).max().unwrap_or(0);
    let size = match how {
        Arrangement::EndToEnd => (total, across(|s| s.1)),
        Arrangement::SideBySide => (across(|s| s.0), total),
    };
    (at, size)
}

/// The fields that decide the composed file, and so the preview.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    path: String,
    name: String,
    boards: Vec<BoardRow>,
    how: Arrangement,
    shared: bool,
}

/// What the chooser window is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    File,
    Board(usize),
}

/// The preview of the last composition tried: its picture, or why it failed.
struct Preview {
    key: Key,
    result: Result<(TextureHandle, String), String>,
}

pub struct ComposeBoards {
    /// The composed map's file, as typed.
    pub path: String,
    pub name: String,
    /// The folder whose `*.map.ron` files the boards' lists offer.
    pub folder: String,
    pub boards: Vec<BoardRow>,
    pub how: Arrangement,
    pub shared: bool,
    chooser: Option<(Target, Chooser)>,
    preview: Option<Preview>,
    error: Option<String>,
    /// An existing file the user agreed to replace (in the chooser, or by pressing Create
    /// again after being told): a typed path never overwrites a file silently.
    replace_ok: Option<PathBuf>,
}

impl ComposeBoards {
    /// The form, its composed file suggested as `path` and its boards offered from
    /// `folder`.
    pub fn new(path: String, folder: String) -> Self {
        Self {
            path,
            name: "Composed map".into(),
            folder,
            boards: Vec::new(),
            how: Arrangement::EndToEnd,
            shared: true,
            chooser: None,
            preview: None,
            error: None,
            replace_ok: None,
        }
    }

    /// Adds a board at the end, with the next number as its prefix.
    pub fn add_board(&mut self, map: String) {
        let prefix = (self.boards.len() + 1).to_string();
        self.boards.push(BoardRow {
            map,
            turned: false,
            prefix,
        });
    }

    fn key(&self) -> Key {
        Key {
            path: self.path.clone(),
            name: self.name.clone(),
            boards: self.boards.clone(),
            how: self.how,
            shared: self.shared,
        }
    }

    /// The composed file the form describes: the boards read to size the arrangement,
    /// their paths written relative to the composed file.
    pub fn file(&self) -> Result<Map, String> {
        let path = self.target()?;
        if self.boards.is_empty() {
            return Err("add at least one board".into());
        }
        let mut loaded = Vec::new();
        for b in &self.boards {
            let p = PathBuf::from(b.map.trim());
            let m = io::load_map(&p).map_err(|e| e.to_string())?.value;
            loaded.push((p, m));
        }
        let sizes: Vec<(u16, u16)> = loaded
            .iter()
            .map(|(_, m)| (m.grid.cols, m.grid.rows))
            .collect();
        let (at, (cols, rows)) = arrange(&sizes, self.how, self.shared);
        let (first_path, first) = &loaded[0];
        // The composed grid counts from the first board's first hex, with plain numbers:
        // the boards' own labels are kept as each hex's printed labels.
        let numbering = Numbering {
            labels: LabelStyle::default(),
            ..first.grid.numbering
        };
        let terrain = io::relative(&path, &io::resolve(first_path, &first.terrain));
        let mut file = Map::new(
            self.name.trim(),
            terrain,
            Grid::new(cols, rows, numbering),
            "",
        );
        file.hexes.clear();
        file.system = first.system.clone();
        file.sections = loaded
            .iter()
            .zip(&self.boards)
            .zip(at)
            .map(|(((p, _), b), at)| Section {
                map: io::relative(&path, p),
                at,
                turned: b.turned,
                prefix: b.prefix.trim().to_owned(),
            })
            .collect();
        Ok(file)
    }

    /// The composed file's path, checked.
    fn target(&self) -> Result<PathBuf, String> {
        let p = self.path.trim();
        if !p.ends_with(".map.ron") {
            return Err("name the composed map's file: a name ending in .map.ron".into());
        }
        Ok(PathBuf::from(p))
    }

    /// The composed map as loading would assemble it, with its catalogue.
    fn assemble(&self) -> Result<(Map, TerrainCatalogue), String> {
        let file = self.file()?;
        let path = self.target()?;
        let cat = io::load_terrain(&io::resolve(&path, &file.terrain))
            .map_err(|e| e.to_string())?
            .value;
        let base = cat
            .terrain
            .first()
            .map(|t| t.id.to_string())
            .unwrap_or_default();
        let (mut map, printed) = compose(&file, &path, &base, |p| Ok(io::load_map(p)?.value))
            .map_err(|e| e.to_string())?;
        map.printed = printed;
        Ok((map, cat))
    }

    /// Writes the composed file (atomically, like every save); returns its path. An
    /// existing file is replaced only once agreed: the first Create on it says so.
    pub fn create(&mut self) -> Result<PathBuf, String> {
        // Assembled first, so a composition that would not load is not written.
        self.assemble()?;
        let file = self.file()?;
        let path = self.target()?;
        if path.exists() && self.replace_ok.as_deref() != Some(path.as_path()) {
            self.replace_ok = Some(path.clone());
            return Err(format!(
                "{} exists: press Create again to replace it",
                path.display()
            ));
        }
        io::save(FileKind::Map, &path, &file)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    }

    /// Why the current composition fails, once previewed.
    pub fn preview_error(&self) -> Option<&str> {
        self.preview
            .as_ref()
            .and_then(|p| p.result.as_ref().err())
            .map(String::as_str)
    }

    /// Shows the form; returns the composed file to open once created, and whether to
    /// close.
    pub fn show(&mut self, ui: &mut Ui) -> (Option<PathBuf>, bool) {
        self.file_fields(ui);
        ui.separator();
        self.board_list(ui);
        ui.separator();
        self.arrangement(ui);
        ui.separator();
        self.show_preview(ui);
        if let Some(e) = &self.error {
            ui.colored_label(Color32::RED, e);
        }
        let mut result = (None, false);
        ui.horizontal(|ui| {
            if ui.button("Create").clicked() {
                match self.create() {
                    Ok(p) => result = (Some(p), true),
                    Err(e) => self.error = Some(e),
                }
            }
            if ui.button("Cancel").clicked() {
                result.1 = true;
            }
        });
        self.chooser_window(ui.ctx());
        result
    }

    fn file_fields(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let l = ui.label("Composed map file");
            ui.add(egui::TextEdit::singleline(&mut self.path).desired_width(320.0))
                .labelled_by(l.id);
            if ui.button("Choose…").clicked() {
                let c = Chooser::new(ChooserPurpose::SaveAs, &self.path);
                self.chooser = Some((Target::File, c));
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label("Name");
            ui.text_edit_singleline(&mut self.name).labelled_by(l.id);
        });
        ui.horizontal(|ui| {
            let l = ui.label("Boards folder");
            ui.add(egui::TextEdit::singleline(&mut self.folder).desired_width(320.0))
                .labelled_by(l.id);
        });
    }

    /// The `*.map.ron` files of the boards folder, sorted.
    fn offered(&self) -> Vec<String> {
        let dir = Path::new(self.folder.trim());
        let listing = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let mut out: Vec<String> = std::fs::read_dir(listing)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                name.ends_with(".map.ron")
                    .then(|| dir.join(&name).display().to_string())
            })
            .collect();
        out.sort();
        out
    }

    fn board_list(&mut self, ui: &mut Ui) {
        ui.label("Boards, in order");
        let offered = self.offered();
        let n = self.boards.len();
        let mut action = None;
        for (i, b) in self.boards.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", i + 1));
                let shown = Path::new(&b.map).file_name().map_or_else(
                    || "(pick a board)".into(),
                    |f| f.to_string_lossy().into_owned(),
                );
                egui::ComboBox::from_id_salt(("compose-board", i))
                    .selected_text(shown)
                    .width(200.0)
                    .show_ui(ui, |ui| {
                        for o in &offered {
                            let name = Path::new(o)
                                .file_name()
                                .unwrap_or_default()
                                .to_string_lossy();
                            ui.selectable_value(&mut b.map, o.clone(), name);
                        }
                    })
                    .response
                    .on_hover_text(&b.map);
                if ui
                    .button("Browse…")
                    .on_hover_text("Pick the board's map file")
                    .clicked()
                {
                    action = Some(Row::Browse(i));
                }
                ui.checkbox(&mut b.turned, format!("Board {} turned 180°", i + 1));
                let l = ui.label("prefix");
                ui.add(egui::TextEdit::singleline(&mut b.prefix).desired_width(40.0))
                    .labelled_by(l.id);
                if ui
                    .add_enabled(i > 0, egui::Button::new("⬆"))
                    .on_hover_text("Move up")
                    .clicked()
                {
                    action = Some(Row::Swap(i - 1));
                }
                if ui
                    .add_enabled(i + 1 < n, egui::Button::new("⬇"))
                    .on_hover_text("Move down")
                    .clicked()
                {
                    action = Some(Row::Swap(i));
                }
                if ui.button("🗑").on_hover_text("Remove").clicked() {
                    action = Some(Row::Remove(i));
                }
            });
        }
        if ui.button("Add board").clicked() {
            // The folder's next board after the last one listed: boards 1, 2, 3 in turn.
            let last = self.boards.last().map(|b| b.map.as_str());
            let next = last
                .and_then(|l| offered.iter().position(|o| o == l))
                .and_then(|i| offered.get(i + 1))
                .or(offered.first());
            self.add_board(next.cloned().unwrap_or_default());
        }
        match action {
            Some(Row::Swap(i)) => self.boards.swap(i, i + 1),
            Some(Row::Remove(i)) => {
                self.boards.remove(i);
            }
            Some(Row::Browse(i)) => {
                let start = self.boards[i].map.clone();
                let start = if start.is_empty() {
                    self.folder.clone()
                } else {
                    start
                };
                self.chooser = Some((Target::Board(i), Chooser::new(ChooserPurpose::Map, &start)));
            }
            None => {}
        }
    }

    fn arrangement(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut self.how,
                Arrangement::EndToEnd,
                "End to end (along columns)",
            );
            ui.radio_value(
                &mut self.how,
                Arrangement::SideBySide,
                "Side by side (along rows)",
            );
        });
        ui.checkbox(
            &mut self.shared,
            "Neighbouring boards share their edge half-hexes",
        )
        .on_hover_text("As geomorphic boards do; sheets of one map do not");
    }

    /// The assembled map, drawn small; recomposed only when the form changed.
    fn show_preview(&mut self, ui: &mut Ui) {
        let key = self.key();
        if self.preview.as_ref().is_none_or(|p| p.key != key) {
            let result = self
                .assemble()
                .and_then(|(map, cat)| picture(ui.ctx(), &map, &cat));
            self.preview = Some(Preview { key, result });
        }
        let Some(p) = &self.preview else { return };
        match &p.result {
            Ok((texture, summary)) => {
                ui.label(summary);
                let size = texture.size_vec2();
                let fit = (560.0 / size.x).min(240.0 / size.y).min(1.0);
                ui.image((texture.id(), size * fit));
            }
            Err(e) => {
                ui.colored_label(Color32::RED, format!("Preview: {e}"));
            }
        }
    }

    fn chooser_window(&mut self, ctx: &egui::Context) {
        let Some((target, ch)) = &mut self.chooser else {
            return;
        };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        let target = *target;
        if !open || chosen.is_some() {
            self.chooser = None;
        }
        let Some(path) = chosen else { return };
        let text = path.display().to_string();
        match target {
            Target::File => {
                // The chooser has asked before replacing a file.
                self.replace_ok = Some(path);
                self.path = text;
            }
            Target::Board(i) => {
                if let Some(b) = self.boards.get_mut(i) {
                    b.map = text;
                }
            }
        }
    }
}

enum Row {
    Swap(usize),
    Remove(usize),
    Browse(usize),
}

/// The largest preview picture, in pixels along its longer side.
const PREVIEW_PIXELS: f32 = 640.0;

/// The map rendered to fit the preview, and a line saying what it is.
fn picture(
    ctx: &egui::Context,
    map: &Map,
    cat: &TerrainCatalogue,
) -> Result<(TextureHandle, String), String> {
    let (min, max) = map.grid.bounds();
    let scale = PREVIEW_PIXELS / (max[0] - min[0]).max(max[1] - min[1]).max(1.0);
    let img = render_map(map, cat, Layers::printed(), scale).map_err(|e| e.to_string())?;
    let size = [img.width() as usize, img.height() as usize];
    let image = ColorImage::from_rgba_unmultiplied(size, img.as_raw());
    let texture = ctx.load_texture("compose-preview", image, TextureOptions::LINEAR);
    let seams = map.printed.values().filter(|l| l.len() > 1).count();
    let summary = format!(
        "{} columns × {} rows, {} boards, {seams} seam hexes",
        map.grid.cols,
        map.grid.rows,
        map.sections.len()
    );
    Ok((texture, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(p: &str) -> String {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join(p)
            .display()
            .to_string()
    }

    /// The form for a shipped PanzerBlitz arrangement: (board, turned) in order.
    fn form(file: &str, boards: &[(u8, bool)], how: Arrangement) -> ComposeBoards {
        let mut f = ComposeBoards::new(
            root(&format!("scenarios/panzerblitz/maps/{file}")),
            root("scenarios/panzerblitz/boards"),
        );
        f.how = how;
        for &(n, turned) in boards {
            f.add_board(root(&format!(
                "scenarios/panzerblitz/boards/board-{n}.map.ron"
            )));
            let b = f.boards.last_mut().unwrap();
            b.turned = turned;
            b.prefix = n.to_string();
        }
        f
    }

    fn shipped(file: &str) -> Map {
        io::load_map(Path::new(&root(&format!(
            "scenarios/panzerblitz/maps/{file}"
        ))))
        .unwrap()
        .value
    }

    #[test]
    fn the_form_reproduces_the_shipped_side_by_side_boards() {
        let f = form(
            "side-1-2-3.map.ron",
            &[(1, false), (2, false), (3, false)],
            Arrangement::SideBySide,
        );
        let made = f.file().unwrap();
        let want = shipped("side-1-2-3.map.ron");
        assert_eq!(made.sections, want.sections);
        assert_eq!(made.grid, want.grid);
        assert_eq!(made.terrain, want.terrain);
        assert_eq!(made.system, want.system);
    }

    #[test]
    fn the_form_reproduces_the_shipped_end_to_end_boards() {
        let f = form(
            "end-1i-3i-2.map.ron",
            &[(1, true), (3, true), (2, false)],
            Arrangement::EndToEnd,
        );
        let made = f.file().unwrap();
        let want = shipped("end-1i-3i-2.map.ron");
        assert_eq!(made.sections, want.sections);
        assert_eq!(made.grid, want.grid);
    }

    #[test]
    fn the_form_reproduces_the_two_jov_sheets() {
        let mut f = ComposeBoards::new(
            root("scenarios/jov/korsun-two-sheets.map.ron"),
            root("scenarios/jov"),
        );
        f.shared = false;
        for (sheet, prefix) in [("korsun-example", "A"), ("korsun-sheet-b", "B")] {
            f.add_board(root(&format!("scenarios/jov/{sheet}.map.ron")));
            f.boards.last_mut().unwrap().prefix = prefix.into();
        }
        let made = f.file().unwrap();
        let want = io::load_map(Path::new(&root("scenarios/jov/korsun-two-sheets.map.ron")))
            .unwrap()
            .value;
        assert_eq!(made.sections, want.sections);
        assert_eq!(made.grid, want.grid);
    }

    #[test]
    fn sheets_that_share_no_edge_lie_next_to_each_other() {
        assert_eq!(
            arrange(&[(8, 8), (8, 8)], Arrangement::EndToEnd, false),
            (vec![(0, 0), (8, 0)], (16, 8))
        );
        assert_eq!(
            arrange(
                &[(33, 11), (33, 11), (33, 11)],
                Arrangement::SideBySide,
                true
            ),
            (vec![(0, 0), (0, 10), (0, 20)], (33, 31))
        );
        assert_eq!(arrange(&[], Arrangement::EndToEnd, true), (vec![], (0, 0)));
    }

    #[test]
    fn a_board_of_another_system_or_a_missing_file_is_refused_by_name() {
        let mut f = form("x.map.ron", &[(1, false)], Arrangement::EndToEnd);
        f.boards.push(BoardRow {
            map: root("scenarios/jov/korsun-example.map.ron"),
            turned: false,
            prefix: "2".into(),
        });
        let e = f.assemble().unwrap_err();
        assert!(e.contains("is a jov map"), "{e}");
        f.boards[1].map = root("scenarios/panzerblitz/boards/board-9.map.ron");
        let e = f.assemble().unwrap_err();
        assert!(e.contains("board-9.map.ron"), "{e}");
        f.path = "x.ron".into();
        assert!(f.file().unwrap_err().contains(".map.ron"));
    }

    #[test]
    fn a_typed_path_to_an_existing_file_is_replaced_only_when_created_again() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("c.map.ron");
        std::fs::write(&target, "precious").unwrap();
        let mut f = form(
            "c.map.ron",
            &[(1, false), (2, false)],
            Arrangement::EndToEnd,
        );
        f.path = target.display().to_string();
        let e = f.create().unwrap_err();
        assert!(e.contains("press Create again"), "{e}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
        assert_eq!(f.create().unwrap(), target);
        assert!(
            std::fs::read_to_string(&target)
                .unwrap()
                .contains("sections")
        );
    }
}
