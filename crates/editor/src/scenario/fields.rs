//! Text fields bound to model values. While the field has focus, what is typed is parsed on
//! every keystroke: a valid value is handed back to be applied as an edit (all of one
//! field's typing is one undo step), an invalid one stays in the field in red with the
//! reason and never reaches the model. When the field loses focus it shows the model again.

use egui::{Color32, Id, Response, RichText, TextEdit, Ui};

use crate::document::Document;
use crate::edit::Edit;

pub const INVALID: Color32 = Color32::from_rgb(220, 40, 40);

/// What happened in a validated field this frame.
pub struct Outcome<T> {
    /// A new valid value to apply.
    pub value: Option<T>,
    /// The field's key for [`Document::apply_in_field`].
    pub key: u64,
    /// The field lost focus: its typing step is over.
    pub ended: bool,
    pub response: Response,
}

impl<T> Outcome<T> {
    /// Applies the value with `edit`, merging the field's keystrokes into one undo step.
    pub fn apply(self, doc: &mut Document, edit: impl FnOnce(T) -> Edit) -> Response {
        if let Some(v) = self.value {
            doc.apply_in_field(edit(v), self.key);
        }
        if self.ended {
            doc.end_field(self.key);
        }
        self.response
    }
}

#[derive(Clone, Default)]
struct Draft {
    text: String,
    error: Option<String>,
}

/// A one-line field for `current`. `name` is its accessible name (and tooltip).
pub fn validated<T: PartialEq>(
    ui: &mut Ui,
    id: Id,
    name: &str,
    width: f32,
    current: &T,
    show: impl Fn(&T) -> String,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Outcome<T> {
    let focused = ui.memory(|m| m.has_focus(id));
    let mut draft: Draft = ui
        .data(|d| d.get_temp::<Draft>(id))
        .filter(|_| focused)
        .unwrap_or_else(|| Draft {
            text: show(current),
            error: None,
        });
    let colour = draft.error.as_ref().map(|_| INVALID);
    let mut edit = TextEdit::singleline(&mut draft.text)
        .id(id)
        .desired_width(width);
    if let Some(c) = colour {
        edit = edit.text_color(c);
    }
    let mut response = ui.add(edit);
    let mut value = None;
    if response.changed() {
        match parse(&draft.text) {
            Ok(v) => {
                draft.error = None;
                if &v != current {
                    value = Some(v);
                }
            }
            Err(e) => draft.error = Some(e),
        }
    }
    let ended = response.lost_focus();
    // The name stays the accessible name; the reason is shown beside and in the tooltip.
    response = response.on_hover_text(name);
    if let Some(e) = &draft.error {
        let reason = e.clone();
        response = response.on_hover_ui(|ui| {
            ui.label(RichText::new(reason).color(INVALID));
        });
        if response.has_focus() {
            ui.colored_label(INVALID, e);
        }
    }
    if ended {
        ui.data_mut(|d| d.remove::<Draft>(id));
    } else {
        ui.data_mut(|d| d.insert_temp(id, draft));
    }
    Outcome {
        value,
        key: id.value(),
        ended,
        response,
    }
}

/// A plain text field (no parsing) bound to a string of the model.
pub fn text(ui: &mut Ui, id: Id, name: &str, width: f32, current: &str) -> Outcome<String> {
    validated(
        ui,
        id,
        name,
        width,
        &current.to_owned(),
        Clone::clone,
        |t| Ok(t.to_owned()),
    )
}

/// A labelled row: the label, then the field.
pub fn row<R>(ui: &mut Ui, label: &str, add: impl FnOnce(&mut Ui) -> R) -> R {
    ui.horizontal(|ui| {
        ui.label(label);
        add(ui)
    })
    .inner
}

/// A date field: `1943-07-05`.
pub fn date(
    ui: &mut Ui,
    id: Id,
    name: &str,
    current: &sztab_core::model::Date,
) -> Outcome<sztab_core::model::Date> {
    validated(ui, id, name, 90.0, current, ToString::to_string, |t| {
        sztab_core::model::Date::parse(t).ok_or_else(|| "a date is written 1943-07-05".to_string())
    })
}

/// A whole-number field within `range`.
pub fn number<N>(
    ui: &mut Ui,
    id: Id,
    name: &str,
    current: N,
    range: std::ops::RangeInclusive<N>,
) -> Outcome<N>
where
    N: Copy + PartialOrd + std::fmt::Display + std::str::FromStr,
{
    validated(ui, id, name, 48.0, &current, ToString::to_string, |t| {
        let v: N = t
            .trim()
            .parse()
            .map_err(|_| "a whole number, please".to_string())?;
        if range.contains(&v) {
            Ok(v)
        } else {
            Err(format!("between {} and {}", range.start(), range.end()))
        }
    })
}
