//! The scenario parts of the editor window: the Forces/Schedule/Scenario/Problems panel,
//! the unit table, the stack window, the New scenario form, units dropped from the panel
//! onto the map (with legal hexes shaded while they hover), problem markers on the map,
//! validation counts in the status bar, and the setup card export.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{Context, Key, Modifiers, RichText, Ui};

use super::EditorApp;
use crate::canvas::{EguiSink, Frame};
use crate::document::Document;
use crate::files::{Chooser, ChooserPurpose};
use crate::scenario::legality::{Verdict, legal_hexes};
use crate::scenario::spread;
use crate::scenario::workbench::{DragUnits, Request, SpreadMode, Tab, Workbench};
use crate::scenario::{ops, setup_ops, stack_popup, unit_table};
use crate::tools::ToolKind;
use crate::validation::panel::{ERROR, WARNING, tally};
use sztab_core::hex::HexId;
use sztab_core::model::{Colour, Severity, UnitId};
use sztab_core::render::counter::{CounterFace, UnitState, draw_stack};

/// The legal hexes of what is being dragged from the panel.
pub struct DndView {
    pub units: Vec<UnitId>,
    pub verdicts: Arc<Vec<(HexId, Verdict)>>,
}

const ERROR_MARK: Colour = Colour([220, 30, 30, 255]);
const WARNING_MARK: Colour = Colour([235, 150, 0, 200]);

/// Outlines hexes with problems: red for errors, orange for warnings.
pub fn paint_markers(sink: &mut EguiSink, doc: &Document, markers: &BTreeMap<HexId, Severity>) {
    let grid = &doc.map().grid;
    for (h, s) in markers {
        let (c, w) = match s {
            Severity::Error => (ERROR_MARK, 0.14),
            Severity::Warning => (WARNING_MARK, 0.07),
        };
        sztab_core::render::draw_overlay_hex(sink, grid, *h, c, w);
    }
}

/// Setup-zone tints: the first side of the scenario blue, the second red, bright enough to
/// read over any terrain.
pub const ZONE_TINTS: [Colour; 2] = [Colour([30, 90, 230, 85]), Colour([225, 35, 30, 85])];

/// Tints the hexes each side controls at the start: its setup zone.
pub fn paint_setup_zones(
    sink: &mut EguiSink,
    doc: &Document,
    control: &[(HexId, sztab_core::model::SideId)],
    window: &sztab_core::render::HexWindow,
) {
    use sztab_core::render::Sink;
    let Some(s) = doc.scenario() else { return };
    let grid = &doc.map().grid;
    for (h, side) in control {
        if !window.contains(grid, *h) {
            continue;
        }
        if let Some(i) = s.sides.iter().position(|x| x.id == *side) {
            sink.convex(&grid.corners(*h), ZONE_TINTS[i.min(1)]);
        }
    }
    sink.layer_done();
}

/// The dragged units' counters under the pointer.
pub fn paint_dragged(sink: &mut EguiSink, doc: &Document, units: &[UnitId], at: [f32; 2]) {
    let Some(c) = doc.counters() else { return };
    let faces: Vec<CounterFace> = units
        .iter()
        .filter_map(|u| c.unit(u.as_str()))
        .map(|u| CounterFace::new(u, c.nation(u.nation.as_str()), UnitState::full(u)))
        .collect();
    draw_stack(sink, &faces, at);
}

impl EditorApp {
    /// The unit table, across the whole window above the status bar.
    pub(super) fn scenario_table(&mut self, ui: &mut Ui) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        if doc.scenario().is_none() || !self.scen.show_table {
            return;
        }
        egui::Panel::bottom("unit table")
            .resizable(true)
            .default_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::horizontal()
                    .id_salt("unit table scroll")
                    .show(ui, |ui| unit_table::show(ui, &mut self.scen, doc));
            });
    }

    /// The Forces/Schedule/Scenario/Problems panel on the right.
    pub(super) fn scenario_panels(&mut self, ui: &mut Ui) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        if doc.rules_view().is_none() {
            return;
        }
        // Game → Forces… shows the Forces tab.
        if std::mem::take(&mut self.described.forces_open) {
            self.scen.tab = crate::scenario::Tab::Forces;
        }
        egui::Panel::right("scenario")
            .default_size(440.0)
            .show(ui, |ui| {
                crate::panels::at_panel_width(ui, "scenario", false, |ui| {
                    self.scen.panel(ui, doc, &self.validator)
                })
            });
    }

    pub(super) fn scenario_windows(&mut self, ctx: &Context) {
        if let Some(doc) = self.files.doc_mut() {
            let at = self
                .scen
                .stack_popup
                .filter(|h| doc.map().grid.contains(*h))
                .map(|h| self.canvas.screen_of(doc.map().grid.center(h)));
            if doc.described().is_some() {
                crate::scenario::setup_stack::show(ctx, &mut self.scen, doc, at);
            } else {
                stack_popup::show(ctx, &mut self.scen, doc, at);
            }
        }
        self.new_scenario_dialog(ctx);
        for r in std::mem::take(&mut self.scen.requests) {
            match r {
                Request::Show(h) => {
                    if let Some(d) = self.files.doc() {
                        self.canvas.show_hex(&d.map().grid, h);
                    }
                    self.selected = Some(h);
                }
            }
        }
        if let Some(s) = self.scen.status.take() {
            self.status = s;
        }
    }

    fn new_scenario_dialog(&mut self, ctx: &Context) {
        let Some(form) = &mut self.new_scenario else {
            return;
        };
        let mut open = true;
        let mut result = (None, false);
        let mut browse = None;
        egui::Window::new("New scenario")
            .open(&mut open)
            .show(ctx, |ui| result = form.show(ui, &mut browse));
        if let Some(p) = browse {
            self.chooser = Some(self.files.chooser(p));
        }
        if let Some(doc) = result.0 {
            let suggestion = doc
                .map_path()
                .and_then(Path::parent)
                .map(|d| d.join(format!("{}.scenario.ron", slug(&doc.title()))))
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            self.set_document(doc);
            self.status = "new scenario: save it (Save As) to give it a file".into();
            self.chooser = Some(Chooser::new(ChooserPurpose::SaveAs, &suggestion));
        }
        if result.1 || !open {
            self.new_scenario = None;
        }
    }

    /// A file picked in the chooser for the New scenario form.
    pub(super) fn chosen_for_new_scenario(&mut self, purpose: ChooserPurpose, path: PathBuf) {
        let Some(form) = &mut self.new_scenario else {
            return;
        };
        let p = path.display().to_string();
        match purpose {
            ChooserPurpose::Map => form.map = p,
            ChooserPurpose::Counters => form.counters = Some(p),
            _ => {}
        }
    }

    pub(super) fn scenario_keys(&mut self, ui: &mut Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let (del, esc) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::NONE, Key::Delete)
                    || i.consume_key(Modifiers::NONE, Key::Backspace),
                i.consume_key(Modifiers::NONE, Key::Escape),
            )
        });
        if esc {
            self.scen.stack_popup = None;
            self.scen.targets.clear();
        }
        if !del || self.tools.active != ToolKind::Units {
            return;
        }
        let (Some(doc), Some(u)) = (self.files.doc_mut(), self.scen.selection.unit.clone()) else {
            return;
        };
        let label = format!("Unplace {u}");
        if doc.described().is_some() {
            if let Some(e) =
                crate::scenario::setup_ops::move_units(doc, std::slice::from_ref(&u), None, &label)
            {
                doc.apply(e);
                self.status = format!("unplaced {u}");
            }
            return;
        }
        let placed = doc
            .scenario()
            .is_some_and(|s| s.setup.iter().any(|p| p.unit == u));
        if placed {
            Workbench::edit(doc, &label, |d| ops::unplace(d, u.as_str()));
            self.status = format!("unplaced {u}");
        }
    }

    pub(super) fn validation_status(&mut self, ui: &mut Ui) {
        let Some(doc) = self.files.doc() else { return };
        let (e, w) = (self.validator.errors(), self.validator.warnings());
        let stale = if self.validator.is_stale(doc) {
            " …"
        } else {
            ""
        };
        let plain = ui.visuals().text_color();
        let text =
            RichText::new(crate::validation::count(e, "error")).color(tally(e, ERROR, plain));
        let r1 = ui.add(egui::Button::new(text).frame(false));
        let r2 = ui.add(
            egui::Button::new(
                RichText::new(format!("{}{stale}", crate::validation::count(w, "warning")))
                    .color(tally(w, WARNING, plain)),
            )
            .frame(false),
        );
        let a = self.validator.acknowledged();
        let r3 = (a > 0).then(|| {
            ui.add(
                egui::Button::new(RichText::new(format!("({a} acknowledged)")).weak()).frame(false),
            )
            .on_hover_text("Warnings the scenario acknowledges as intended (Problems tab)")
        });
        let r3 = r3.is_some_and(|r| r.clicked());
        if (r1.clicked() || r2.clicked() || r3) && doc.scenario().is_some() {
            self.scen.tab = Tab::Problems;
        }
    }

    /// Legal hexes of units dragged over the canvas from the panel.
    pub(super) fn dnd_verdicts(&mut self, frame: &Frame) -> Option<DndView> {
        let payload = frame.response.dnd_hover_payload::<DragUnits>()?;
        let doc = self.files.doc()?;
        let rules = self.scen.rules(doc)?;
        let b = doc.bundle()?;
        let verdicts = legal_hexes(b, &rules, &payload.units, self.validator.control());
        let hex = frame
            .response
            .ctx
            .input(|i| i.pointer.latest_pos())
            .and_then(|p| {
                doc.map()
                    .grid
                    .hex_at(self.canvas.camera.to_board(frame.rect, p))
            });
        if let Some((h, v)) = hex.and_then(|h| verdicts.iter().find(|(x, _)| *x == h)) {
            self.status = format!("{}: {h}, {}", payload.label, v.reason());
        }
        Some(DndView {
            units: payload.units.clone(),
            verdicts: Arc::new(verdicts),
        })
    }

    /// Units dropped on the map from the panel: one unit goes to the hex under the
    /// pointer; a formation spreads from there (or over the hexes picked with Ctrl+click).
    pub(super) fn drop_units(&mut self, frame: &Frame) {
        let Some(payload) = frame.response.dnd_release_payload::<DragUnits>() else {
            return;
        };
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let pos = frame.response.ctx.input(|i| i.pointer.latest_pos());
        let hex = pos.filter(|p| frame.rect.contains(*p)).and_then(|p| {
            doc.map()
                .grid
                .hex_at(self.canvas.camera.to_board(frame.rect, p))
        });
        let Some(hex) = hex else { return };
        if payload.units.is_empty() {
            self.status = format!("{}: no units to place", payload.label);
            return;
        }
        if doc.described().is_some() {
            self.drop_any_system(&payload, hex);
            return;
        }
        if !payload.formation {
            let u = payload.units[0].clone();
            let verdict = self.verdict_of(&u, hex);
            let Some(doc) = self.files.doc_mut() else {
                return;
            };
            Workbench::edit(doc, &format!("Place {u} on {hex}"), |d| {
                ops::place(d, &u, hex)
            });
            self.status = match verdict {
                Some(v) if !v.is_legal() => format!("placed {u} on {hex}: {}", v.reason()),
                _ => format!("placed {u} on {hex}"),
            };
            self.scen.selection.unit = Some(u);
            self.selected = Some(hex);
            return;
        }
        self.spread_formation(&payload, hex);
    }

    /// Units dropped on a scenario of any system: a unit onto the hex, a formation one
    /// unit a free hex from there outwards.
    fn drop_any_system(&mut self, payload: &DragUnits, hex: HexId) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let u = payload.units[0].clone();
        let edit = if payload.formation {
            let around = spread::around(&doc.map().grid, hex);
            let label = format!("Set up {} around {hex}", payload.label);
            setup_ops::spread_units(doc, &payload.units, &around, &label)
        } else {
            let label = format!("Place {u} on {hex}");
            setup_ops::move_units(doc, &payload.units, Some(hex), &label)
        };
        let Some(e) = edit else { return };
        doc.apply(e);
        self.status = if payload.formation {
            format!("set up {} around {hex}", payload.label)
        } else {
            format!("placed {u} on {hex}")
        };
        self.scen.selection.unit = Some(u);
        self.selected = Some(hex);
    }

    fn verdict_of(&mut self, u: &UnitId, hex: HexId) -> Option<Verdict> {
        let doc = self.files.doc()?;
        let rules = self.scen.rules(doc)?;
        let b = doc.bundle()?;
        legal_hexes(b, &rules, std::slice::from_ref(u), self.validator.control())
            .into_iter()
            .find(|(h, _)| *h == hex)
            .map(|(_, v)| v)
    }

    fn spread_formation(&mut self, payload: &DragUnits, hex: HexId) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let Some(rules) = self.scen.rules(doc) else {
            return;
        };
        let Some(b) = doc.bundle() else { return };
        let picked = !self.scen.targets.is_empty() && self.scen.targets.contains(&hex);
        let s = if picked {
            spread::deal(b, &rules, &payload.units, &self.scen.targets)
        } else {
            let around = spread::around(&b.map.grid, hex);
            match self.scen.spread {
                SpreadMode::Fill => spread::fill(b, &rules, &payload.units, &around),
                SpreadMode::OnePerHex => spread::deal(b, &rules, &payload.units, &around),
            }
        };
        let placed = s.placed.clone();
        Workbench::edit(doc, &format!("Set up {}", payload.label), |d| {
            for (u, h) in &placed {
                ops::place(d, u, *h);
            }
        });
        if picked {
            self.scen.targets.clear();
        }
        self.status = if s.left.is_empty() {
            format!(
                "set up {} ({})",
                payload.label,
                crate::words::count(s.placed.len(), "unit", "units")
            )
        } else {
            let left: Vec<String> = s.left.iter().map(|u| u.to_string()).collect();
            format!(
                "set up {} units of {}; no legal hex nearby for {}",
                s.placed.len(),
                payload.label,
                left.join(", ")
            )
        };
        self.selected = Some(hex);
    }

    /// Writes the setup card of the open scenario.
    pub fn export_card(&mut self, path: &Path) {
        let Some(doc) = self.files.doc() else { return };
        let (Some(system), Some(b)) = (doc.system(), doc.rules_view()) else {
            return;
        };
        // The card of any system, through the seam; written atomically.
        let html = sztab_shell::card::html_of(system, b);
        match sztab_core::model::io::write_atomic(path, &html) {
            Ok(()) => self.status = format!("exported the setup card to {}", path.display()),
            Err(e) => self.error = Some(format!("{}: {e}", path.display())),
        }
    }

    /// Writes the print-and-play kit of the open scenario.
    pub fn print_kit(&mut self, path: &Path, opts: &sztab_shell::print::Options) {
        let Some(doc) = self.files.doc() else { return };
        let (Some(system), Some(b)) = (doc.system(), doc.rules_view()) else {
            return;
        };
        match sztab_shell::print::write(system, b, opts, path) {
            Ok(kit) => self.status = format!("wrote {}: {}", path.display(), kit.summary()),
            Err(e) => self.error = Some(e),
        }
    }
}

/// A file name from a title: lower case, words joined by dashes.
fn slug(title: &str) -> String {
    let s: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let parts: Vec<&str> = s.split('-').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        "scenario".into()
    } else {
        parts.join("-")
    }
}
