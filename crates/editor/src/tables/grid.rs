//! One table as a grid: its columns across, its rows (die rolls or terrains) down, each
//! cell as written. The cell being typed into is a text field, red with the reason while
//! what is typed does not read; cells of the file that do not read are red too, empty
//! cells are empty, the cells the rulebook gives are tinted. Clicks and keys become
//! actions applied after the grid is drawn, so a click on another cell first enters the
//! cell being typed.

use egui::{Color32, Key, Modifiers, RichText, Role, Sense, Stroke, Ui, WidgetInfo, vec2};

use super::{Cell, Selection, TableEditor};
use sztab_core::model::tables::cell;
use sztab_core::model::tables::{Origin, Table, Tables, Vocabulary};
use sztab_seam::RuleSystem;

/// Reads what is typed into a table's cells as the file's system does: its vocabulary's
/// grammar, then the order its rules give the codes a meaning in ("RRE3*" reads as codes
/// but is no Roads to Leningrad result).
pub(super) struct Reader {
    vocab: Option<Vocabulary>,
    system: Option<&'static dyn RuleSystem>,
}

impl Reader {
    pub(super) fn new(tables: &Tables, t: &Table) -> Self {
        Self {
            vocab: tables.vocabulary(&t.vocabulary).cloned(),
            system: sztab_registry::get(tables.system.as_str()),
        }
    }

    /// Why `text` cannot go in a cell of `t`; `None` when it reads (or nothing reads it).
    pub(super) fn fault(&self, t: &Table, text: &str) -> Option<String> {
        let v = self.vocab.as_ref()?;
        match self.system {
            Some(s) => sztab_seam::read_typed(s, v, t, text).err(),
            None => cell::parse(v, text).err().map(|e| e.message),
        }
    }
}

const CELL: egui::Vec2 = vec2(72.0, 22.0);
const KEY_WIDTH: f32 = 96.0;
/// A column widens to its label and its longest cell up to this, then elides.
const WIDEST: f32 = 180.0;

/// Each column's width: the cell's, or as wide as its label or longest cell needs
/// ("Non-motorized, Dry" is not cut to "Non-mot…"), up to [`WIDEST`].
fn column_widths(ui: &Ui, t: &Table) -> Vec<f32> {
    let width = |text: &str, font: egui::FontId| {
        ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(text.to_owned(), font, Color32::WHITE)
                .size()
                .x
        })
    };
    let strong = egui::TextStyle::Body.resolve(ui.style());
    t.columns
        .iter()
        .enumerate()
        .map(|(c, label)| {
            let cells = t
                .rows
                .iter()
                .filter_map(|r| r.cells.get(c))
                .map(|x| width(x, egui::FontId::proportional(14.0)))
                .fold(0.0f32, f32::max);
            (width(label, strong.clone()).max(cells) + 12.0).clamp(CELL.x, WIDEST)
        })
        .collect()
}

const BAD: Color32 = Color32::from_rgb(200, 40, 40);
const BAD_FILL: Color32 = Color32::from_rgb(255, 215, 215);
const RULEBOOK_FILL: Color32 = Color32::from_rgb(214, 232, 255);
const SELECTED_FILL: Color32 = Color32::from_rgb(255, 236, 170);

/// What the user did in the grid this frame.
enum Action {
    /// A cell clicked; with Shift, the selection stretched to it.
    Click(Cell, bool),
    /// The cell typed into entered, then the next cell this way (rows, columns).
    Enter(Cell, (isize, isize)),
    /// Typing abandoned (Escape).
    Cancel,
    /// The selected cells emptied (Delete).
    Clear,
}

pub fn show(ed: &mut TableEditor, ui: &mut Ui) {
    let Some(doc) = &ed.doc else { return };
    let Some(table) = doc.tables.tables.get(ed.table).cloned() else {
        ui.label("The file has no tables.");
        return;
    };
    let vocab = doc.tables.vocabulary(&table.vocabulary).cloned();
    let reader = Reader::new(&doc.tables, &table);
    header(ui, &table, vocab.as_ref());
    let address = ed.editing.as_ref().map(|e| address(&table, e.cell));
    let address_id = ui
        .horizontal(|ui| {
            let l = ui.label(address.clone().unwrap_or_default());
            if let Some(why) = ed
                .editing
                .as_ref()
                .and_then(|e| reader.fault(&table, &e.text))
            {
                ui.label(RichText::new(why).color(BAD));
            }
            l.id
        })
        .inner;
    let mut actions = Vec::new();
    egui::ScrollArea::both()
        .id_salt(("table grid", ed.table))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            grid(ed, ui, &table, &reader, address_id, &mut actions);
        });
    if ed.editing.is_none()
        && ed.selection.is_some()
        && !ui.ctx().egui_wants_keyboard_input()
        && ed.focused
        && ui.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        })
    {
        actions.push(Action::Clear);
    }
    for a in actions {
        act(ed, &table, a);
    }
}

/// "row 5-9, column 2:1", as the table names them.
fn address(t: &Table, (r, c): Cell) -> String {
    let key = t.rows.get(r).map_or("?", |r| r.key.as_str());
    let col = t.columns.get(c).map_or("?", String::as_str);
    format!("Cell row {key}, column {col}")
}

fn header(ui: &mut Ui, t: &Table, vocab: Option<&Vocabulary>) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(&t.name);
        if !t.rule.is_empty() {
            ui.label(format!("(rule {})", t.rule));
        }
        if let Some(d) = t.die {
            ui.label(format!("read with {}", d.name()));
        }
        ui.weak(format!("rows: {}; columns: {}", t.rows_are, t.columns_are));
        if t.invented {
            ui.label(RichText::new("made up, not from a printed chart").italics());
        }
    });
    let Some(v) = vocab else {
        ui.colored_label(
            BAD,
            format!("vocabulary \"{}\" is not in the file", t.vocabulary),
        );
        return;
    };
    egui::CollapsingHeader::new(format!("Codes: {}", v.name))
        .id_salt(("codes", &t.id))
        .show(ui, |ui| {
            if !v.parts.is_empty() {
                ui.label(format!("a cell is {}", v.parts.join(" / ")));
            }
            if let Some(n) = v.numbers {
                ui.label(format!(
                    "numbers from {} to {}{}",
                    n.min,
                    n.max,
                    if n.fractions { ", fractions too" } else { "" }
                ));
            }
            for c in &v.codes {
                ui.label(format!("{}  {}", c.code, c.meaning));
            }
        });
    if !t.notes.is_empty() {
        ui.weak(&t.notes);
    }
}

fn grid(
    ed: &mut TableEditor,
    ui: &mut Ui,
    t: &Table,
    reader: &Reader,
    address_id: egui::Id,
    actions: &mut Vec<Action>,
) {
    ui.spacing_mut().item_spacing = vec2(2.0, 2.0);
    let widths = column_widths(ui, t);
    ui.horizontal(|ui| {
        ui.add_sized(
            [KEY_WIDTH, CELL.y],
            egui::Label::new(RichText::new(&t.rows_are).weak()).truncate(),
        );
        for (c, w) in t.columns.iter().zip(&widths) {
            ui.add_sized(
                [*w, CELL.y],
                egui::Label::new(RichText::new(c).strong()).truncate(),
            );
        }
    });
    for (r, row) in t.rows.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized(
                [KEY_WIDTH, CELL.y],
                egui::Label::new(RichText::new(&row.key).strong()).truncate(),
            );
            for (c, width) in widths.iter().enumerate() {
                let editing = ed.editing.as_ref().is_some_and(|e| e.cell == (r, c));
                let size = vec2(*width, CELL.y);
                if editing {
                    typing(ed, ui, t, reader, size, address_id, actions);
                } else {
                    shown(ed, ui, t, reader, size, (r, c), actions);
                }
            }
        });
    }
}

/// The id of the text field a cell is typed in (one cell at a time).
fn typing_id() -> egui::Id {
    egui::Id::unique("table cell typing")
}

/// The cell being typed into. Enter and Tab (with Shift: back) enter it and move on,
/// Escape abandons it; they are taken before the text field sees them.
fn typing(
    ed: &mut TableEditor,
    ui: &mut Ui,
    t: &Table,
    reader: &Reader,
    size: egui::Vec2,
    address_id: egui::Id,
    actions: &mut Vec<Action>,
) {
    let Some(e) = &mut ed.editing else { return };
    let id = typing_id();
    let cell = e.cell;
    let mut keyed = false;
    if ui.memory(|m| m.has_focus(id)) {
        let keys = ui.input_mut(|i| {
            [
                i.consume_key(Modifiers::NONE, Key::Enter)
                    .then_some(Some((1, 0))),
                i.consume_key(Modifiers::SHIFT, Key::Enter)
                    .then_some(Some((-1, 0))),
                i.consume_key(Modifiers::NONE, Key::Tab)
                    .then_some(Some((0, 1))),
                i.consume_key(Modifiers::SHIFT, Key::Tab)
                    .then_some(Some((0, -1))),
                i.consume_key(Modifiers::NONE, Key::Escape).then_some(None),
            ]
        });
        if let Some(k) = keys.into_iter().flatten().next() {
            keyed = true;
            actions.push(match k {
                Some(step) => Action::Enter(cell, step),
                None => Action::Cancel,
            });
        }
    }
    let reads = reader.fault(t, &e.text).is_none();
    if std::mem::take(&mut e.focus) {
        // Typing replaces what the cell holds, as in a spreadsheet.
        let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
        let all = egui::text::CCursorRange::two(
            egui::text::CCursor::new(0),
            egui::text::CCursor::new(e.text.chars().count()),
        );
        state.cursor.set_char_range(Some(all));
        state.store(ui.ctx(), id);
        ui.memory_mut(|m| m.request_focus(id));
    }
    let resp = ui
        .add_sized(
            size,
            egui::TextEdit::singleline(&mut e.text)
                .text_color(if reads {
                    ui.visuals().text_color()
                } else {
                    BAD
                })
                .id(id),
        )
        .labelled_by(address_id);
    if !reads {
        ui.painter().rect_stroke(
            resp.rect,
            2.0,
            Stroke::new(2.0, BAD),
            egui::StrokeKind::Outside,
        );
    }
    if resp.lost_focus() && !keyed {
        // egui itself takes the keyboard away on Escape, before the keys above are read.
        if ui.input(|i| i.key_pressed(Key::Escape)) {
            actions.push(Action::Cancel);
        } else {
            actions.push(Action::Enter(cell, (0, 0)));
        }
    }
}

/// A cell not being typed into: its text, coloured by what it is.
fn shown(
    ed: &TableEditor,
    ui: &mut Ui,
    t: &Table,
    reader: &Reader,
    size: egui::Vec2,
    (r, c): Cell,
    actions: &mut Vec<Action>,
) {
    let text = t.cell(r, c).unwrap_or("");
    let fault = reader.fault(t, text);
    let selected = ed.selection.is_some_and(|s| s.contains((r, c)));
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
    let fill = if selected {
        SELECTED_FILL
    } else if fault.is_some() {
        BAD_FILL
    } else if t.origin(r, c) == Origin::Rulebook {
        RULEBOOK_FILL
    } else {
        ui.visuals().extreme_bg_color
    };
    let p = ui.painter();
    p.rect_filled(rect, 2.0, fill);
    p.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
        egui::StrokeKind::Inside,
    );
    // Dark text on the light tints; the theme's text on the plain background.
    let color = match (&fault, fill == ui.visuals().extreme_bg_color) {
        (Some(_), _) => BAD,
        (None, true) => ui.visuals().text_color(),
        (None, false) => Color32::BLACK,
    };
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(14.0),
        color,
    );
    let name = format!(
        "row {}, column {}",
        t.rows[r].key,
        t.columns.get(c).map_or("?", String::as_str)
    );
    resp.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &name));
    let resp = match (&fault, t.given_at(r, c)) {
        (Some(f), _) => resp.on_hover_text(RichText::new(f).color(BAD)),
        (None, Some(g)) => resp.on_hover_text(format!("from the rulebook: {}", g.rule)),
        (None, None) => resp,
    };
    if resp.clicked() {
        let shift = ui.input(|i| i.modifiers.shift);
        actions.push(Action::Click((r, c), shift));
    }
}

fn act(ed: &mut TableEditor, t: &Table, a: Action) {
    match a {
        Action::Click(c, true) => {
            if ed.commit() {
                let anchor = ed.selection.map_or(c, |s| s.anchor);
                ed.selection = Some(Selection { anchor, cursor: c });
            }
        }
        Action::Click(c, false) => {
            if ed.commit() {
                ed.edit(c);
            }
        }
        Action::Enter(from, step) => {
            if ed.editing.as_ref().is_none_or(|e| e.cell != from) {
                return;
            }
            let (r, c) = from;
            if ed.commit() && step != (0, 0) {
                let r = r as isize + step.0;
                let c = c as isize + step.1;
                if (0..t.rows.len() as isize).contains(&r)
                    && (0..t.columns.len() as isize).contains(&c)
                {
                    ed.edit((r as usize, c as usize));
                } else {
                    ed.selection = Some(Selection::one((
                        r.clamp(0, t.rows.len() as isize - 1) as usize,
                        c.clamp(0, t.columns.len() as isize - 1) as usize,
                    )));
                }
            }
        }
        Action::Cancel => ed.editing = None,
        Action::Clear => {
            let Some(s) = ed.selection else { return };
            let block = vec![vec![""; s.columns().len()].join("\t"); s.rows().len()].join("\n");
            super::clipboard::paste_block(ed, &block);
        }
    }
}
