//! The Forces tab: the order of battle as a tree of sides → formations → units, with a
//! filter and an "unplaced only" switch. Rows are dragged onto the map (a unit, or a whole
//! formation) or into a reinforcement; clicking selects. Below the tree: the selected
//! unit or formation, nations, and buttons to add units and formations.

use egui::{CollapsingHeader, Id, RichText, Role, Sense, Ui, WidgetInfo};

use super::ops;
use super::workbench::{DragUnits, SpreadMode, Workbench};
use super::{formations, icon, nations, unit_inspector};
use crate::document::Document;
use sztab_core::model::{Counters, Formation, NationId, Scenario, UnitDef};
use sztab_core::render::counter::{CounterFace, UnitState};

/// Where a unit is, as the tree shows it.
fn status(s: &Scenario, id: &str) -> String {
    if let Some(p) = s.setup.iter().find(|p| p.unit.as_str() == id) {
        return p.hex.to_string();
    }
    if s.free_setup.iter().any(|f| f.unit.as_str() == id) {
        return "set up freely".into();
    }
    match s
        .reinforcements
        .iter()
        .find(|r| r.units.iter().any(|u| u.as_str() == id))
    {
        Some(r) => format!("arrives {}", r.date),
        None => "unplaced".into(),
    }
}

fn is_placed_or_scheduled(s: &Scenario, id: &str) -> bool {
    s.setup.iter().any(|p| p.unit.as_str() == id)
        || s.free_setup.iter().any(|f| f.unit.as_str() == id)
        || s.reinforcements
            .iter()
            .any(|r| r.units.iter().any(|u| u.as_str() == id))
}

/// What the tree lists, after the filter.
struct View<'a> {
    s: &'a Scenario,
    c: &'a Counters,
    filter: String,
    unplaced_only: bool,
}

impl View<'_> {
    fn shows(&self, u: &UnitDef) -> bool {
        if self.unplaced_only && is_placed_or_scheduled(self.s, u.id.as_str()) {
            return false;
        }
        let f = &self.filter;
        f.is_empty()
            || u.id.as_str().to_lowercase().contains(f)
            || u.designation.to_lowercase().contains(f)
            || u.formation
                .as_ref()
                .is_some_and(|x| x.as_str().to_lowercase().contains(f))
    }

    fn units_in<'b>(
        &'b self,
        f: Option<&'b str>,
        nations: &'b [NationId],
    ) -> impl Iterator<Item = &'b UnitDef> + 'b {
        self.c.units.iter().filter(move |u| {
            u.formation.as_ref().map(|x| x.as_str()) == f
                && (f.is_some() || nations.contains(&u.nation))
                && self.shows(u)
        })
    }

    /// Units shown in a formation and everything below it.
    fn count_within(&self, f: &str) -> usize {
        self.c.units_of(f).filter(|u| self.shows(u)).count()
    }

    fn children<'b>(
        &'b self,
        parent: Option<&'b str>,
        nations: &'b [NationId],
    ) -> impl Iterator<Item = &'b Formation> + 'b {
        self.c.formations.iter().filter(move |f| match parent {
            Some(p) => f.parent.as_ref().is_some_and(|x| x.as_str() == p),
            // Roots: no parent, or a parent that does not exist.
            None => {
                nations.contains(&f.nation)
                    && f.parent
                        .as_ref()
                        .is_none_or(|p| self.c.formation(p.as_str()).is_none())
            }
        })
    }
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    toolbar(ui, wb, doc);
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let view = View {
        s,
        c,
        filter: wb.filter.trim().to_lowercase(),
        unplaced_only: wb.unplaced_only,
    };
    let mut clicked: Option<Pick> = None;
    let mut add_to: Option<usize> = None;
    egui::ScrollArea::vertical()
        .id_salt("oob tree")
        .max_height(ui.available_height() * 0.45)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (i, side) in s.sides.iter().enumerate() {
                CollapsingHeader::new(RichText::new(&side.name).strong())
                    .id_salt(("oob side", i))
                    .default_open(true)
                    .show(ui, |ui| {
                        if ui
                            .small_button(format!("Add formation to {}", side.name))
                            .on_hover_text("A new top formation of this side")
                            .clicked()
                        {
                            add_to = Some(i);
                        }
                        tree(ui, &view, None, &side.nations, wb, &mut clicked);
                    });
            }
            let others: Vec<NationId> = c
                .nations
                .iter()
                .map(|n| n.id.clone())
                .filter(|n| s.side_of_nation(n.as_str()).is_none())
                .collect();
            if !others.is_empty() {
                CollapsingHeader::new("Nations in no side")
                    .id_salt("oob others")
                    .show(ui, |ui| tree(ui, &view, None, &others, wb, &mut clicked));
            }
        });
    wb.reveal = None;
    if let Some(i) = add_to {
        formations::add_top(wb, doc, i);
        return;
    }
    match clicked {
        Some(Pick::Unit(u)) => {
            wb.selection.unit = Some(u);
            wb.selection.formation = None;
        }
        Some(Pick::Formation(f)) => {
            wb.selection.formation = Some(f);
            wb.selection.unit = None;
        }
        Some(Pick::Move(units, f)) => {
            // Only within a side: a unit never changes sides by a drop.
            let side = |n: &NationId| {
                doc.scenario()
                    .and_then(|s| s.side_of_nation(n.as_str()))
                    .map(|x| x.id.clone())
            };
            let target = doc
                .counters()
                .and_then(|c| c.formation(f.as_str()))
                .map(|x| side(&x.nation));
            let movable: Vec<_> = units
                .iter()
                .filter(|u| {
                    let n = doc
                        .counters()
                        .and_then(|c| c.unit(u.as_str()))
                        .map(|x| x.nation.clone());
                    n.is_some_and(|n| Some(side(&n)) == target)
                })
                .cloned()
                .collect();
            Workbench::edit(doc, &format!("Move to {f}"), |d| {
                for u in &movable {
                    ops::move_to_formation(d, u.as_str(), Some(f.as_str()));
                }
            });
        }
        None => {}
    }
    ui.separator();
    unit_inspector::show(ui, wb, doc);
    formations::show(ui, wb, doc);
    nations::show(ui, doc);
}

enum Pick {
    Unit(sztab_core::model::UnitId),
    Formation(sztab_core::model::FormationId),
    /// Units dropped on a formation's row.
    Move(
        Vec<sztab_core::model::UnitId>,
        sztab_core::model::FormationId,
    ),
}

fn toolbar(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut wb.filter)
                .hint_text("Search units")
                .desired_width(140.0),
        );
        ui.checkbox(&mut wb.unplaced_only, "Unplaced only")
            .on_hover_text("List only units neither placed nor scheduled");
    });
    ui.horizontal(|ui| {
        if ui.button("Add unit").clicked() {
            add_unit(wb, doc);
        }
        if ui.button("Add formation").clicked() {
            formations::add(wb, doc);
        }
        ui.toggle_value(&mut wb.show_table, "Unit table")
            .on_hover_text("Edit every unit's values in a table below the map");
    });
    ui.horizontal(|ui| {
        ui.label("A dropped formation:");
        egui::ComboBox::from_id_salt("spread mode")
            .selected_text(match wb.spread {
                SpreadMode::Fill => "fills stacks",
                SpreadMode::OnePerHex => "one unit a hex",
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut wb.spread, SpreadMode::Fill, "fills stacks");
                ui.selectable_value(&mut wb.spread, SpreadMode::OnePerHex, "one unit a hex");
            })
            .response
            .on_hover_text(
                "How a formation dropped on the map spreads: up to 8 CEL a hex from the drop \
                 hex outwards, or one unit per hex. Ctrl+click hexes first (Units tool) to \
                 deal it over exactly those hexes.",
            );
    });
}

fn tree(
    ui: &mut Ui,
    v: &View,
    parent: Option<&str>,
    nations: &[NationId],
    wb: &mut Workbench,
    clicked: &mut Option<Pick>,
) {
    for f in v.children(parent, nations) {
        let n = v.count_within(f.id.as_str());
        if n == 0 && (v.unplaced_only || !v.filter.is_empty()) {
            continue;
        }
        let id = Id::unique(("oob formation", f.id.as_str()));
        let revealing = wb
            .reveal
            .as_ref()
            .and_then(|u| v.c.unit(u.as_str()))
            .and_then(|u| u.formation.as_ref())
            .is_some_and(|uf| v.c.is_within(uf.as_str(), f.id.as_str()));
        let open = !v.filter.is_empty() || revealing;
        let mut state =
            egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false);
        if open {
            state.set_open(true);
        }
        state
            .show_header(ui, |ui| {
                let units: Vec<_> =
                    v.c.units_of(f.id.as_str())
                        .filter(|u| v.shows(u))
                        .map(|u| u.id.clone())
                        .collect();
                let selected = wb.selection.formation.as_ref() == Some(&f.id);
                let text = format!("{} — {} ({n})", f.id, f.name);
                let r = row(ui, None, &text, selected, id.with("row"));
                r.dnd_set_drag_payload(DragUnits {
                    units,
                    label: f.id.to_string(),
                    formation: true,
                });
                if r.clicked() {
                    *clicked = Some(Pick::Formation(f.id.clone()));
                }
                // A unit dropped on a formation moves into it.
                if let Some(p) = r.dnd_hover_payload::<DragUnits>()
                    && !p.formation
                {
                    ui.painter().rect_stroke(
                        r.rect,
                        2.0,
                        egui::Stroke::new(2.0, ui.visuals().selection.stroke.color),
                        egui::StrokeKind::Inside,
                    );
                }
                if let Some(p) = r.dnd_release_payload::<DragUnits>()
                    && !p.formation
                {
                    *clicked = Some(Pick::Move(p.units.clone(), f.id.clone()));
                }
                r.on_hover_text(
                    "Click to select and open; drag onto the map to set up the whole formation",
                );
            })
            .body(|ui| {
                tree(ui, v, Some(f.id.as_str()), nations, wb, clicked);
                units(ui, v, Some(f.id.as_str()), nations, wb, clicked);
            });
        if matches!(clicked, Some(Pick::Formation(x)) if *x == f.id) {
            // Selecting a formation opens it (the triangle closes it).
            let mut st = egui::collapsing_header::CollapsingState::load_with_default_open(
                ui.ctx(),
                id,
                false,
            );
            st.set_open(true);
            st.store(ui.ctx());
        }
    }
    if parent.is_none() {
        let loose: Vec<&UnitDef> = v.units_in(None, nations).collect();
        if !loose.is_empty() {
            CollapsingHeader::new("(no formation)")
                .id_salt(("oob loose", nations.first().map(|n| n.to_string())))
                .show(ui, |ui| units(ui, v, None, nations, wb, clicked));
        }
    }
}

fn units(
    ui: &mut Ui,
    v: &View,
    f: Option<&str>,
    nations: &[NationId],
    wb: &mut Workbench,
    clicked: &mut Option<Pick>,
) {
    for u in v.units_in(f, nations) {
        let face = CounterFace::new(u, v.c.nation(u.nation.as_str()), UnitState::full(u));
        let selected = wb.selection.unit.as_ref() == Some(&u.id);
        let text = format!(
            "{}  {}  — {}",
            u.designation,
            u.id,
            status(v.s, u.id.as_str())
        );
        let r = row(
            ui,
            Some(&face),
            &text,
            selected,
            Id::unique(("oob unit", u.id.as_str())),
        );
        r.dnd_set_drag_payload(DragUnits {
            units: vec![u.id.clone()],
            label: u.id.to_string(),
            formation: false,
        });
        if r.clicked() {
            *clicked = Some(Pick::Unit(u.id.clone()));
        }
        if wb.reveal.as_ref() == Some(&u.id) {
            r.scroll_to_me(Some(egui::Align::Center));
            wb.reveal = None;
        }
    }
}

/// A selectable, draggable row: a counter icon (for units) and a text. Its accessible
/// name is the text.
fn row(
    ui: &mut Ui,
    face: Option<&CounterFace>,
    text: &str,
    selected: bool,
    id: Id,
) -> egui::Response {
    let h = 22.0;
    let width = ui.available_width().max(120.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, h), Sense::hover());
    let r = ui.interact(rect, id, Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    if selected || r.hovered() {
        let fill = if selected {
            ui.visuals().selection.bg_fill
        } else {
            ui.visuals().widgets.hovered.weak_bg_fill
        };
        painter.rect_filled(rect, 2.0, fill);
    }
    let mut x = rect.min.x + 2.0;
    if let Some(face) = face {
        let icon = egui::Rect::from_min_size(
            egui::pos2(x, rect.min.y + 1.0),
            egui::vec2(h - 2.0, h - 2.0),
        );
        icon::paint(ui, face, icon);
        x += h + 2.0;
    }
    painter.text(
        egui::pos2(x, rect.center().y),
        egui::Align2::LEFT_CENTER,
        text,
        egui::TextStyle::Body.resolve(ui.style()),
        ui.visuals().text_color(),
    );
    r.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, text));
    r
}

/// Adds a unit to the selected formation, like its last unit (or a 4-4 infantry
/// regiment), and selects it.
fn add_unit(wb: &mut Workbench, doc: &mut Document) {
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let formation = wb
        .selection
        .formation
        .clone()
        .filter(|f| c.formation(f.as_str()).is_some())
        .or_else(|| {
            wb.selection
                .unit
                .as_ref()
                .and_then(|u| c.unit(u.as_str()))
                .and_then(|u| u.formation.clone())
        });
    let nation = formation
        .as_ref()
        .and_then(|f| c.formation(f.as_str()))
        .map(|f| f.nation.clone())
        .or_else(|| s.sides.first().and_then(|x| x.nations.first().cloned()))
        .or_else(|| c.nations.first().map(|n| n.id.clone()));
    let Some(nation) = nation else {
        wb.status = Some("add a nation first (Nations, below)".into());
        return;
    };
    let template = c
        .units
        .iter()
        .rev()
        .find(|u| u.formation.is_some() && u.formation == formation)
        .cloned();
    let base = formation
        .as_ref()
        .map_or("unit".to_owned(), |f| format!("1/{f}"));
    let mut def = template.unwrap_or_else(|| UnitDef {
        id: sztab_core::model::UnitId::new(&base),
        designation: "1".into(),
        formation: formation.clone(),
        nation: nation.clone(),
        kind: sztab_core::model::UnitKind::Infantry,
        size: sztab_core::model::UnitSize::Regiment,
        movement: sztab_core::model::MovementClass::Foot,
        sp: 4,
        defense: None,
        mp: sztab_core::model::Mp::whole(4),
        cel: 2,
        reduced: Some(sztab_core::model::ReducedSide {
            sp: 2,
            defense: None,
            mp: None,
        }),
        stars: vec![],
        flags: Default::default(),
    });
    let taken = |x: &str| c.unit(x).is_some();
    if taken(def.id.as_str()) {
        let (id, designation) = super::naming::copy_names(def.id.as_str(), &def.designation, taken);
        def.id = sztab_core::model::UnitId::new(id);
        def.designation = designation;
    }
    let id = def.id.clone();
    Workbench::edit(doc, &format!("Add unit {id}"), |d| ops::add_unit(d, def));
    wb.selection.unit = Some(id);
    wb.selection.formation = None;
}
