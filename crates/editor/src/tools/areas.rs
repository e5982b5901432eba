//! Set-up areas (`model::area`), when a scenario is open: create an area for a side, a
//! formation or a unit, as a constraint or for free set-up; paint its hexes (drag, one
//! undo step per stroke; Shift+drag removes); add a place, a zone, "within N of" a hex or
//! the side of a line; set the holder's units up freely. The map shows every area, the
//! selected one stronger and outlined.

use std::collections::BTreeSet;

use egui::{Id, Ui};

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer, pick};
use crate::scenario::workbench::Workbench;
use crate::scenario::{fields, ops};
use sztab_core::hex::HexId;
use sztab_core::model::area::describe_shapes;
use sztab_core::model::area_check::ScenarioOob;
use sztab_core::model::{
    AreaShape, AreaUse, Colour, Counters, Holder, Line, Scenario, SetupArea, UnitId,
};
use sztab_core::render::Sink;

/// The selected area's tint and outline, and the others' faint tint.
pub const AREA: Colour = Colour([0, 150, 160, 255]);
const SELECTED_ALPHA: u8 = 95;
const OTHER_ALPHA: u8 = 35;

fn with_alpha(c: Colour, a: u8) -> Colour {
    let [r, g, b, _] = c.0;
    Colour([r, g, b, a])
}

/// What the "add a shape" row is set to.
#[derive(Clone, Debug, Default)]
struct AddShape {
    place: String,
    zone: String,
    within: u32,
    within_of: String,
    line: usize,
    line_of: String,
}

#[derive(Default)]
pub struct AreasTool {
    /// The area edited (index into the scenario's areas).
    selected: Option<usize>,
    /// Hexes already painted in this stroke.
    done: BTreeSet<HexId>,
    add: AddShape,
}

/// Every hexside line of the map a "side of" shape can follow: named rivers, hexside
/// kinds and groups, in that order, each once.
fn lines(doc_map: &sztab_core::model::Map) -> Vec<Line> {
    let (mut named, mut kinds, mut groups) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for fs in doc_map.hexsides.values() {
        for f in fs {
            if let Some(n) = &f.name {
                named.insert(n.clone());
            }
            kinds.insert(f.kind.clone());
            if let Some(g) = &f.group {
                groups.insert(g.clone());
            }
        }
    }
    named
        .into_iter()
        .map(Line::Named)
        .chain(kinds.into_iter().map(Line::Kind))
        .chain(groups.into_iter().map(Line::Group))
        .collect()
}

/// The holder's units the scenario could set up freely: a unit, or a formation's units
/// that are not reinforcements.
fn freeable(s: &Scenario, c: &Counters, holder: &Holder) -> Vec<UnitId> {
    let scheduled = |u: &UnitId| s.reinforcements.iter().any(|r| r.units.contains(u));
    let oob = ScenarioOob::new(s, c);
    match holder {
        Holder::Units(us) => us.clone(),
        Holder::Formation(_) => c
            .units
            .iter()
            .filter(|u| holder.holds(&u.id, &oob) && !scheduled(&u.id))
            .map(|u| u.id.clone())
            .collect(),
        Holder::Side(_) => Vec::new(),
    }
}

impl AreasTool {
    fn list(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let (Some(s), Some(b)) = (cx.doc.scenario(), cx.doc.bundle()) else {
            return;
        };
        let map = &b.map;
        let rows: Vec<String> = s
            .areas
            .iter()
            .map(|a| {
                let usage = match a.usage {
                    AreaUse::Constraint => "constraint",
                    AreaUse::FreeSetup => "free set-up",
                };
                format!(
                    "{} — {}, {usage}, {}",
                    a.name,
                    a.holder.describe(),
                    crate::words::count(a.hexes(map).len(), "hex", "hexes")
                )
            })
            .collect();
        if self.selected.is_some_and(|i| i >= rows.len()) {
            self.selected = None;
        }
        if rows.is_empty() {
            ui.weak("No set-up areas yet.");
        }
        for (i, r) in rows.iter().enumerate() {
            if ui.selectable_label(self.selected == Some(i), r).clicked() {
                self.selected = Some(i);
            }
        }
        if ui.button("New set-up area").clicked() {
            let Some(side) = s.sides.first().map(|x| x.id.clone()) else {
                return;
            };
            let n = s.areas.len();
            let area = SetupArea {
                name: format!("Set-up area {}", n + 1),
                holder: Holder::Side(side),
                usage: AreaUse::Constraint,
                shapes: Vec::new(),
            };
            Workbench::edit(cx.doc, "New set-up area", |d| d.s.areas.push(area));
            self.selected = Some(n);
            *cx.status = "new set-up area: drag on the map to paint its hexes".into();
        }
    }

    fn edit_selected(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let Some(i) = self.selected else { return };
        let (Some(s), Some(c)) = (cx.doc.scenario(), cx.doc.counters()) else {
            return;
        };
        let Some(area) = s.areas.get(i).cloned() else {
            return;
        };
        let (s, c) = (s.clone(), c.clone());
        let mut a = area.clone();
        ui.separator();
        let name = ui
            .horizontal(|ui| {
                ui.label("Name");
                fields::text(
                    ui,
                    Id::unique(("area name", i)),
                    "Area name",
                    200.0,
                    &a.name,
                )
            })
            .inner;
        if let Some(n) = name.value {
            Workbench::edit_in_field(cx.doc, name.key, &format!("Name of set-up area {n}"), |d| {
                if let Some(x) = d.s.areas.get_mut(i) {
                    x.name = n.clone();
                }
            });
            a.name = cx
                .doc
                .scenario()
                .and_then(|s| s.areas.get(i))
                .map_or(a.name, |x| x.name.clone());
        }
        if name.ended {
            cx.doc.end_field(name.key);
        }
        let area = SetupArea {
            name: a.name.clone(),
            ..area
        };
        holder(ui, &s, &c, cx.scen.selection.unit.as_ref(), &mut a.holder);
        ui.label("Use");
        ui.radio_value(
            &mut a.usage,
            AreaUse::Constraint,
            "Constraint: its units must set up inside",
        );
        ui.radio_value(
            &mut a.usage,
            AreaUse::FreeSetup,
            "Free set-up: its units without a fixed hex are set up inside by their player",
        );
        ui.label(format!("Hexes: {}", describe_shapes(&a.shapes)));
        let mut remove = None;
        for (k, shape) in a.shapes.iter().enumerate() {
            ui.horizontal(|ui| {
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Remove {}", shape.describe()))
                    .clicked()
                {
                    remove = Some(k);
                }
                ui.label(shape.describe());
            });
        }
        if let Some(k) = remove {
            a.shapes.remove(k);
        }
        if let Some(shape) = self.add_shape(ui, cx) {
            a.shapes.push(shape);
        }
        ui.weak("Drag on the map to add hexes to this area; Shift+drag removes them.");
        if a != area {
            let label = format!("Set-up area {}", a.name);
            Workbench::edit(cx.doc, &label, |d| {
                if let Some(x) = d.s.areas.get_mut(i) {
                    *x = a.clone();
                }
            });
        }
        ui.separator();
        self.free_units(ui, cx, &s, &c, &a);
        if ui.button("Delete set-up area").clicked() {
            Workbench::edit(cx.doc, &format!("Delete set-up area {}", a.name), |d| {
                if i < d.s.areas.len() {
                    d.s.areas.remove(i);
                }
            });
            self.selected = None;
        }
    }

    /// "Set the units up freely": the holder's units lose their fixed hex.
    fn free_units(&self, ui: &mut Ui, cx: &mut ToolCtx, s: &Scenario, c: &Counters, a: &SetupArea) {
        let oob = ScenarioOob::new(s, c);
        let free = s
            .free_setup
            .iter()
            .filter(|f| a.holder.holds(&f.unit, &oob))
            .count();
        ui.label(format!(
            "Set up freely: {free} unit(s) of {}",
            a.holder.describe()
        ));
        let units = freeable(s, c, &a.holder);
        let todo: Vec<UnitId> = units
            .into_iter()
            .filter(|u| !s.free_setup.iter().any(|f| f.unit == *u))
            .collect();
        let r = ui
            .add_enabled(
                a.usage == AreaUse::FreeSetup && !todo.is_empty(),
                egui::Button::new(format!("Set up its {} unit(s) freely", todo.len())),
            )
            .on_hover_text(
                "They lose their fixed hex; the player sets them up in this area when the game starts",
            )
            .on_disabled_hover_text(
                "A free set-up area given to a formation or a unit, with units not yet free",
            );
        if r.clicked() {
            let n = todo.len();
            Workbench::edit(cx.doc, &format!("Set up {n} units freely"), |d| {
                for u in &todo {
                    ops::set_free(d, u);
                }
            });
            *cx.status = format!("{n} unit(s) set up freely in {}", a.name);
        }
    }

    /// The row that adds a place, a zone, "within N of a hex" or "side of a line".
    fn add_shape(&mut self, ui: &mut Ui, cx: &ToolCtx) -> Option<AreaShape> {
        let map = cx.doc.map();
        let add = &mut self.add;
        let mut out = None;
        egui::CollapsingHeader::new("Add a place, zone, distance or line")
            .id_salt("add shape")
            .show(ui, |ui| {
                let places: Vec<String> = map.places.iter().map(|p| p.name.clone()).collect();
                ui.horizontal(|ui| {
                    egui::ComboBox::from_label("place")
                        .selected_text(add.place.clone())
                        .show_ui(ui, |ui| {
                            for p in &places {
                                ui.selectable_value(&mut add.place, p.clone(), p);
                            }
                        });
                    if ui
                        .add_enabled(!add.place.is_empty(), egui::Button::new("Add place"))
                        .clicked()
                    {
                        out = Some(AreaShape::Place(add.place.clone()));
                    }
                });
                let zones: Vec<String> = map.zones.keys().map(|z| z.to_string()).collect();
                ui.horizontal(|ui| {
                    egui::ComboBox::from_label("zone")
                        .selected_text(add.zone.clone())
                        .show_ui(ui, |ui| {
                            for z in &zones {
                                ui.selectable_value(&mut add.zone, z.clone(), z);
                            }
                        });
                    if ui
                        .add_enabled(!add.zone.is_empty(), egui::Button::new("Add zone"))
                        .clicked()
                    {
                        out = Some(AreaShape::Zone(add.zone.as_str().into()));
                    }
                });
                let hex_of = |t: &str| {
                    HexId::parse(t.trim())
                        .ok()
                        .filter(|&h| map.grid.contains(h))
                };
                ui.horizontal(|ui| {
                    let l = ui.label("within");
                    ui.add(egui::DragValue::new(&mut add.within).range(0..=30))
                        .labelled_by(l.id);
                    let l = ui.label("of hex");
                    ui.add(egui::TextEdit::singleline(&mut add.within_of).desired_width(50.0))
                        .labelled_by(l.id);
                    let hex = hex_of(&add.within_of);
                    if ui
                        .add_enabled(hex.is_some(), egui::Button::new("Add distance"))
                        .clicked()
                        && let Some(h) = hex
                    {
                        out = Some(AreaShape::Within {
                            of: Box::new(AreaShape::Hexes(vec![h])),
                            distance: add.within,
                        });
                    }
                });
                let lines = lines(map);
                if !lines.is_empty() {
                    add.line = add.line.min(lines.len() - 1);
                    ui.horizontal(|ui| {
                        egui::ComboBox::from_label("side of")
                            .selected_text(lines[add.line].describe())
                            .show_ui(ui, |ui| {
                                for (k, line) in lines.iter().enumerate() {
                                    ui.selectable_value(&mut add.line, k, line.describe());
                                }
                            });
                        let l = ui.label("where hex");
                        ui.add(egui::TextEdit::singleline(&mut add.line_of).desired_width(50.0))
                            .labelled_by(l.id);
                        let hex = hex_of(&add.line_of);
                        if ui
                            .add_enabled(hex.is_some(), egui::Button::new("Add side"))
                            .clicked()
                            && let Some(h) = hex
                        {
                            out = Some(AreaShape::SideOf {
                                line: lines[add.line].clone(),
                                of: h,
                            });
                        }
                    });
                }
            });
        out
    }
}

/// The formation a new area is given to: the selected unit's, else the first that is
/// part of another (an army's root would bind every unit of the army at once).
fn first_formation(c: &Counters, unit: Option<&UnitId>) -> Option<sztab_core::model::FormationId> {
    let of_unit = unit
        .and_then(|u| c.unit(u.as_str()))
        .and_then(|u| u.formation.clone());
    of_unit
        .or_else(|| {
            c.formations
                .iter()
                .find(|f| f.parent.is_some())
                .map(|f| f.id.clone())
        })
        .or_else(|| c.formations.first().map(|f| f.id.clone()))
}

/// Who the area is given to: a side, a formation, or the unit selected in the Forces tab.
fn holder(ui: &mut Ui, s: &Scenario, c: &Counters, unit: Option<&UnitId>, h: &mut Holder) {
    ui.label("Given to");
    ui.horizontal(|ui| {
        let side = matches!(h, Holder::Side(_));
        if ui.radio(side, "a side").clicked()
            && !side
            && let Some(x) = s.sides.first()
        {
            *h = Holder::Side(x.id.clone());
        }
        let formation = matches!(h, Holder::Formation(_));
        if ui.radio(formation, "a formation").clicked()
            && !formation
            && let Some(f) = first_formation(c, unit)
        {
            *h = Holder::Formation(f);
        }
        let is_units = matches!(h, Holder::Units(_));
        let r = ui
            .add_enabled(
                unit.is_some() || is_units,
                egui::RadioButton::new(is_units, "units"),
            )
            .on_disabled_hover_text("Select a unit in the Forces tab first");
        if r.clicked()
            && !is_units
            && let Some(u) = unit
        {
            *h = Holder::Units(vec![u.clone()]);
        }
    });
    match h {
        Holder::Side(x) => {
            egui::ComboBox::from_label("side")
                .selected_text(x.to_string())
                .show_ui(ui, |ui| {
                    for d in &s.sides {
                        ui.selectable_value(x, d.id.clone(), d.name.as_str());
                    }
                });
        }
        Holder::Formation(f) => {
            egui::ComboBox::from_label("formation")
                .selected_text(f.to_string())
                .height(300.0)
                .show_ui(ui, |ui| {
                    for x in &c.formations {
                        ui.selectable_value(f, x.id.clone(), format!("{} — {}", x.id, x.name));
                    }
                });
        }
        Holder::Units(us) => {
            let mut remove = None;
            for (k, u) in us.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(format!("unit {u}"));
                    if us.len() > 1
                        && ui
                            .small_button("Take out")
                            .on_hover_text(format!("Take {u} out of the holders"))
                            .clicked()
                    {
                        remove = Some(k);
                    }
                });
            }
            if let Some(k) = remove {
                us.remove(k);
            }
            if let Some(sel) = unit.filter(|s| !us.contains(s))
                && ui
                    .small_button(format!("Add {sel}"))
                    .on_hover_text("The unit selected in the Forces tab")
                    .clicked()
            {
                us.push(sel.clone());
            }
        }
    }
}

impl Tool for AreasTool {
    fn kind(&self) -> ToolKind {
        ToolKind::Areas
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        if cx.doc.scenario().is_none() {
            ui.label("Open a scenario to edit its set-up areas.");
            return;
        }
        self.list(ui, cx);
        self.edit_selected(ui, cx);
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.done.clear();
        }
        if !p.down {
            return;
        }
        let Some(s) = cx.doc.scenario() else { return };
        let Some(i) = self.selected.filter(|&i| i < s.areas.len()) else {
            if p.pressed {
                *cx.status = "select or create a set-up area to paint".into();
            }
            return;
        };
        let grid = cx.doc.map().grid;
        let from = p.prev.unwrap_or(p.board);
        let hexes: Vec<HexId> = pick::samples(from, p.board, 0.3)
            .into_iter()
            .filter_map(|pt| grid.hex_at(pt))
            .filter(|h| self.done.insert(*h))
            .collect();
        if hexes.is_empty() {
            return;
        }
        let mut area = s.areas[i].clone();
        if p.shift {
            for shape in &mut area.shapes {
                if let AreaShape::Hexes(hs) = shape {
                    hs.retain(|h| !hexes.contains(h));
                }
            }
            area.shapes
                .retain(|x| !matches!(x, AreaShape::Hexes(hs) if hs.is_empty()));
        } else {
            let list = match area.shapes.iter_mut().find_map(|x| match x {
                AreaShape::Hexes(hs) => Some(hs),
                _ => None,
            }) {
                Some(hs) => hs,
                None => {
                    area.shapes.push(AreaShape::Hexes(Vec::new()));
                    match area.shapes.last_mut() {
                        Some(AreaShape::Hexes(hs)) => hs,
                        _ => return,
                    }
                }
            };
            for h in hexes {
                if !list.contains(&h) {
                    list.push(h);
                }
            }
            list.sort();
        }
        let label = format!("Paint set-up area {}", area.name);
        let Some(b) = cx.doc.bundle() else { return };
        let mut d = crate::scenario::draft::Draft::new(&b.scenario, &b.counters);
        d.s.areas[i] = area;
        let edit = d.finish(label);
        cx.doc.apply_in_stroke(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(s) = v.doc.scenario() {
            let map = v.doc.map();
            for (i, a) in s.areas.iter().enumerate() {
                if Some(i) == self.selected {
                    continue;
                }
                for h in a.hexes(map) {
                    sink.convex(&map.grid.corners(h), with_alpha(AREA, OTHER_ALPHA));
                }
            }
            if let Some(a) = self.selected.and_then(|i| s.areas.get(i)) {
                for h in a.hexes(map) {
                    sink.convex(&map.grid.corners(h), with_alpha(AREA, SELECTED_ALPHA));
                    highlight(sink, v.doc, h, AREA);
                }
            }
            sink.layer_done();
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
