//! The Help menu's windows: the keyboard shortcuts, and the user guide, which is the
//! README compiled into the program (so the guide always matches the version running),
//! one `##` section at a time.

use egui::{Context, Key, RichText, Ui};

use crate::scenario::notes;
use crate::tools::ToolKind;
use sztab_core::markdown::{Span, inline};

const README: &str = include_str!("../../../../README.md");

/// The section the guide opens on.
const FIRST: &str = "Editing maps";

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

/// A `##` section of the README.
pub struct Section {
    pub title: String,
    pub body: String,
}

/// The README's `##` sections in order (a `##` inside fenced code does not start one).
pub fn sections() -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut fenced = false;
    for line in README.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        match line.strip_prefix("## ") {
            Some(title) if !fenced => out.push(Section {
                title: title.trim().to_owned(),
                body: String::new(),
            }),
            _ => {
                if let Some(s) = out.last_mut() {
                    s.body.push_str(line);
                    s.body.push('\n');
                }
            }
        }
    }
    out
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
                        if ui.selectable_label(s.title == current, &s.title).clicked() {
                            self.section = Some(s.title.clone());
                        }
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
    fn the_guide_has_the_readme_sections() {
        let s = sections();
        let titles: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
        for t in [
            FIRST,
            "Tracing a scan, step by step",
            "Playtesting in the editor",
        ] {
            assert!(titles.contains(&t), "{titles:?}");
        }
        let maps = s.iter().find(|s| s.title == FIRST).unwrap();
        assert!(maps.body.contains("| Hexsides | H |"));
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
