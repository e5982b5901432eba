//! The Help menu's windows: the keyboard shortcuts, and the user guide, which is the
//! manual (`docs/manual/`) compiled into the program (so the guide always matches the
//! version running), one chapter at a time in the order of its `SUMMARY.md`.

use egui::{Context, Key, RichText, Ui};

use crate::scenario::notes;
use crate::tools::ToolKind;
use sztab_core::markdown::{Span, inline};

/// The book's table of contents (`docs/SUMMARY.md`): the manual's chapters, then a
/// `# Reference` part (schemas, developer notes) the guide leaves out.
const SUMMARY: &str = include_str!("../../../../docs/SUMMARY.md");

/// Where the manual's chapters lie, relative to `docs/SUMMARY.md`.
const MANUAL: &str = "manual/src/";

/// Every chapter of the manual by its path in `SUMMARY.md`. A chapter added to the manual
/// is added here too (a test fails until it is).
const CHAPTERS: [(&str, &str); 17] = [
    (
        "introduction.md",
        include_str!("../../../../docs/introduction.md"),
    ),
    (
        "first-minutes.md",
        include_str!("../../../../docs/manual/src/first-minutes.md"),
    ),
    (
        "painting-a-map.md",
        include_str!("../../../../docs/manual/src/painting-a-map.md"),
    ),
    (
        "tracing-a-scan.md",
        include_str!("../../../../docs/manual/src/tracing-a-scan.md"),
    ),
    (
        "scenarios.md",
        include_str!("../../../../docs/manual/src/scenarios.md"),
    ),
    (
        "validation.md",
        include_str!("../../../../docs/manual/src/validation.md"),
    ),
    (
        "playtesting.md",
        include_str!("../../../../docs/manual/src/playtesting.md"),
    ),
    (
        "bots-and-lab.md",
        include_str!("../../../../docs/manual/src/bots-and-lab.md"),
    ),
    (
        "print-and-play.md",
        include_str!("../../../../docs/manual/src/print-and-play.md"),
    ),
    (
        "command-line.md",
        include_str!("../../../../docs/manual/src/command-line.md"),
    ),
    (
        "file-formats.md",
        include_str!("../../../../docs/manual/src/file-formats.md"),
    ),
    (
        "systems/index.md",
        include_str!("../../../../docs/manual/src/systems/index.md"),
    ),
    (
        "systems/wb95.md",
        include_str!("../../../../docs/manual/src/systems/wb95.md"),
    ),
    (
        "systems/panzerblitz.md",
        include_str!("../../../../docs/manual/src/systems/panzerblitz.md"),
    ),
    (
        "systems/rtl.md",
        include_str!("../../../../docs/manual/src/systems/rtl.md"),
    ),
    (
        "systems/jov.md",
        include_str!("../../../../docs/manual/src/systems/jov.md"),
    ),
    (
        "systems/toy.md",
        include_str!("../../../../docs/manual/src/systems/toy.md"),
    ),
];

/// The section the guide opens on.
const FIRST: &str = "Painting a map";

/// Keys besides the tools', as the shortcuts window lists them.
pub const OTHER_KEYS: [(&str, &str); 20] = [
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    ("Ctrl+S", "save"),
    ("Ctrl+Shift+S", "save as"),
    ("Ctrl+O", "open"),
    ("Ctrl+N", "new map"),
    ("F1", "user guide"),
    ("Wheel, + and -", "zoom"),
    ("Home, Ctrl+0", "fit the map in the window"),
    ("Arrow keys", "pan"),
    ("Middle or right drag, Space+drag", "pan"),
    ("Shift+drag", "erase or remove with the painting tools"),
    ("[ and ]", "brush radius"),
    (
        "X",
        "Hexsides: flip the front of the line being drawn, or just drawn",
    ),
    ("Delete, Backspace", "Units: unplace the selected unit"),
    (
        "Ctrl+click",
        "Units: pick the hexes a formation is dealt over",
    ),
    ("Escape", "close the stack window, clear picked hexes"),
    (
        "Shift+click",
        "Playtest: add a stack to the selection or to the attack",
    ),
    ("Enter", "Playtest dialogs: give the main order"),
    ("Tab", "in a path field: take the first file listed"),
];

/// A chapter of the manual.
pub struct Section {
    /// Its title in the table of contents.
    pub title: String,
    /// Nested under the chapter before it (the rule systems' chapters).
    pub nested: bool,
    /// Its text after its `#` heading, pictures left out (the guide shows text only).
    pub body: String,
}

/// The `[title](path)` entries of the manual's part of `SUMMARY.md` (up to the first part
/// title), in order, with each path relative to the manual and whether it is nested.
fn summary() -> Vec<(String, String, bool)> {
    SUMMARY
        .lines()
        .skip_while(|line| !line.starts_with('['))
        .take_while(|line| !line.starts_with("# "))
        .filter_map(|line| {
            let open = line.find('[')?;
            let mid = line[open..].find("](")? + open;
            let close = line[mid..].find(')')? + mid;
            Some((
                line[open + 1..mid].to_owned(),
                line[mid + 2..close]
                    .strip_prefix(MANUAL)
                    .unwrap_or(&line[mid + 2..close])
                    .to_owned(),
                line.starts_with(' '),
            ))
        })
        .collect()
}

/// The chapter text without its `#` heading and without pictures (`![..](..)` lines).
fn body_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && (line.starts_with("# ") || line.trim_start().starts_with("![")) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The manual's chapters in the order of its table of contents.
pub fn sections() -> Vec<Section> {
    summary()
        .into_iter()
        .filter_map(|(title, path, nested)| {
            let (_, text) = CHAPTERS.iter().find(|(p, _)| *p == path)?;
            Some(Section {
                title,
                nested,
                body: body_of(text),
            })
        })
        .collect()
}

/// `[text](target)` links as their text: the guide has nowhere to go.
pub fn unlink(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after
            .find("](")
            .and_then(|close| Some((close, after[close + 2..].find(')')?)));
        match link {
            Some((close, end)) if !after[..close].contains('[') => {
                out.push_str(&rest[..open]);
                out.push_str(&after[..close]);
                rest = &after[close + 2 + end + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The cells of a table row (`| a | b \| c |`).
fn cells(row: &str) -> Vec<String> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.replace("\\|", "\u{1}")
        .split('|')
        .map(|c| c.trim().replace('\u{1}', "|"))
        .collect()
}

/// The text with the characters the editor's fonts lack (arrows, ≤, ●) replaced by ones
/// they have, so the guide never shows empty boxes.
pub(crate) fn drawable(ctx: &Context, s: &str) -> String {
    let font = egui::FontId::proportional(14.0);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() || ctx.fonts_mut(|f| f.has_glyph(&font, c)) {
            out.push(c);
            continue;
        }
        out.push_str(match c {
            '→' => "›",
            '←' => "‹",
            '≤' => "<=",
            '≥' => ">=",
            '●' => "•",
            _ => "?",
        });
    }
    out
}

/// Shows a section: tables as grids, the rest through the notes' markdown preview.
fn show_body(ui: &mut Ui, body: &str, id: &str) {
    let body = drawable(ui.ctx(), &unlink(body));
    let mut text = String::new();
    let mut table: Vec<&str> = Vec::new();
    let mut n = 0;
    let lines: Vec<&str> = body.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with('|') {
            table.push(line);
        } else {
            text.push_str(line);
            text.push('\n');
        }
        let table_ends = !table.is_empty()
            && lines
                .get(i + 1)
                .is_none_or(|l| !l.trim_start().starts_with('|'));
        if table_ends {
            notes::preview(ui, &std::mem::take(&mut text));
            show_table(ui, &std::mem::take(&mut table), &format!("{id}-{n}"));
            n += 1;
        }
    }
    notes::preview(ui, &text);
}

fn show_table(ui: &mut Ui, rows: &[&str], id: &str) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(cells(rows[0]).len())
        .show(ui, |ui| {
            for (i, row) in rows.iter().enumerate() {
                if row.contains("---") && row.chars().all(|c| "|-: ".contains(c)) {
                    continue;
                }
                for c in cells(row) {
                    let spans = inline(&c);
                    ui.horizontal_wrapped(|ui| {
                        ui.set_max_width(520.0);
                        for s in &spans {
                            let t = match s {
                                Span::Text(t) => RichText::new(t),
                                Span::Emphasis(t) => RichText::new(t).italics(),
                                Span::Strong(t) => RichText::new(t).strong(),
                                Span::Code(t) => RichText::new(t).code(),
                            };
                            ui.add(egui::Label::new(if i == 0 { t.strong() } else { t }).wrap());
                        }
                    });
                }
                ui.end_row();
            }
        });
}

/// The Help windows' state.
#[derive(Default)]
pub struct Help {
    pub shortcuts: bool,
    pub guide: bool,
    /// The section shown, by title.
    pub section: Option<String>,
}

impl Help {
    pub fn menu(&mut self, ui: &mut Ui) {
        if ui
            .add(egui::Button::new("User guide").shortcut_text("F1"))
            .clicked()
        {
            self.guide = true;
        }
        if ui.button("Keyboard shortcuts").clicked() {
            self.shortcuts = true;
        }
    }

    /// F1 opens the guide (whether or not a field has the keyboard).
    pub fn keys(&mut self, ctx: &Context) {
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::F1)) {
            self.guide = true;
        }
    }

    pub fn windows(&mut self, ctx: &Context) {
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.shortcuts)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for k in ToolKind::ALL {
                        let Some(key) = k.shortcut() else { continue };
                        ui.monospace(key.name());
                        ui.label(format!("{} tool", k.name()));
                        ui.end_row();
                    }
                    for (keys, what) in OTHER_KEYS {
                        ui.monospace(keys);
                        ui.label(what);
                        ui.end_row();
                    }
                });
            });
        let mut open = self.guide;
        egui::Window::new("User guide")
            .open(&mut open)
            .default_size([900.0, 650.0])
            .show(ctx, |ui| self.guide_ui(ui));
        self.guide = open;
    }

    fn guide_ui(&mut self, ui: &mut Ui) {
        let all = sections();
        let current = self.section.clone().unwrap_or_else(|| FIRST.to_owned());
        egui::Panel::left("guide-sections")
            .resizable(false)
            .exact_size(230.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for s in &all {
                        ui.horizontal(|ui| {
                            if s.nested {
                                ui.add_space(12.0);
                            }
                            if ui.selectable_label(s.title == current, &s.title).clicked() {
                                self.section = Some(s.title.clone());
                            }
                        });
                    }
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt(&current)
                .show(ui, |ui| {
                    if let Some(s) = all.iter().find(|s| s.title == current) {
                        ui.heading(&s.title);
                        show_body(ui, &s.body, &s.title);
                    }
                });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_has_every_chapter_of_the_manual() {
        let entries = summary();
        for (title, path, _) in &entries {
            assert!(
                CHAPTERS.iter().any(|(p, _)| p == path),
                "{path} ({title}) is in SUMMARY.md but not compiled into the guide"
            );
        }
        let s = sections();
        assert_eq!(s.len(), entries.len());
        let titles: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
        for t in [FIRST, "Tracing a scan", "Playtesting", "PanzerBlitz"] {
            assert!(titles.contains(&t), "{titles:?}");
        }
        let maps = s.iter().find(|s| s.title == FIRST).unwrap();
        assert!(maps.body.contains("| Hexsides | H |"));
        assert!(!maps.body.contains("!["), "pictures are left out");
        assert!(s.iter().find(|s| s.title == "PanzerBlitz").unwrap().nested);
    }

    #[test]
    fn links_show_as_their_text_and_tables_split_on_unescaped_bars() {
        assert_eq!(
            unlink("see [Editing scenarios](#editing-scenarios) and [x]"),
            "see Editing scenarios and [x]"
        );
        assert_eq!(cells("| a | `N\\|S` | c |"), ["a", "`N|S`", "c"]);
    }
}
