//! The map in the middle: the pointer handed to the active tool (or to a person at a
//! playtest seat), and the map painted with its overlays.

use egui::Ui;

use super::EditorApp;
use crate::canvas::Pointer;
use crate::tools::{Request, Tool, ToolCtx, ToolKind, View};

impl EditorApp {
    pub(super) fn central(&mut self, ui: &mut Ui) {
        let Some(doc) = self.files.doc_mut() else {
            ui.centered_and_justified(|ui| {
                ui.label(
                    "Open a scenario or map (File, Open), or create one (File, New map or New scenario).",
                )
            });
            return;
        };
        let frame = self.canvas.interact(ui, doc);
        self.drop_units(&frame);
        // The read-out keeps the last hex under the pointer, so the panel does not jump.
        if let Some(h) = frame.pointer.and_then(|p| p.hex) {
            self.hovered = Some(h);
        }
        // A probe (a line of sight from any hex) works during a game too: while it is the
        // active tool the map's clicks are its own.
        let probing = matches!(self.tools.active, ToolKind::Probe(_));
        self.described.game.probing = probing;
        if let Some(p) = frame.pointer {
            if self.described.game.takes_clicks() && !probing {
                // A person at a playtest seat decides on the map.
                if let Some(doc) = self.files.doc() {
                    self.described.game.pointer(doc, p.hex, p.pressed);
                }
            } else {
                self.with_tool(|tool, cx| {
                    tool.pointer(&p, cx);
                    if p.released || !p.down {
                        cx.doc.end_stroke();
                    }
                });
            }
        }
        if let (Some(view), Some(doc)) = (&mut self.trace.scan, self.files.doc()) {
            view.sync(doc.map(), self.trace.draft);
        }
        let layer = self
            .files
            .doc()
            .filter(|d| d.rules_view().is_some() && self.canvas.layers.units)
            .map(|d| match self.described.game_layer(d) {
                Some(l) => l,
                None => self.scen.layer(d),
            });
        let dnd = self.dnd_verdicts(&frame);
        let Some(doc) = self.files.doc() else { return };
        let pointer: Option<Pointer> = frame.pointer;
        let view = View {
            doc,
            trace: &self.trace,
            brush: &self.brush,
            selected: self.selected,
            scen: &self.scen,
            layer: layer.as_deref(),
            control: self.validator.control(),
        };
        let tool = self.tools.active();
        let window = self.canvas.window(&doc.map().grid);
        let markers = crate::validation::markers::by_hex(self.validator.problems(), doc);
        let zones = self.canvas.layers.setup_zones && doc.scenario().is_some();
        let control = self.validator.control();
        let heat = self.lab.heat();
        let game = &self.described.game;
        // While something is dragged from a panel the canvas is not "hovered": use the
        // pointer itself.
        let hover = ui
            .input(|i| i.pointer.latest_pos())
            .filter(|p| frame.rect.contains(*p))
            .map(|p| self.canvas.camera.to_board(frame.rect, p));
        self.canvas.paint(
            ui,
            doc,
            self.trace.scan.as_ref(),
            layer.is_some(),
            |sink, counters| {
                if let (true, Some(w)) = (zones, &window) {
                    super::scenario_ui::paint_setup_zones(sink, doc, control, w);
                }
                super::scenario_ui::paint_markers(sink, doc, &markers);
                if let Some(h) = &heat {
                    crate::playtest::overlays::heat(sink, &doc.map().grid, h);
                }
                if let Some(v) = &dnd {
                    crate::tools::units::shade_verdicts(sink, &view, &v.verdicts);
                }
                if let Some(v) = &view.scen.dragging {
                    crate::tools::units::shade_verdicts(sink, &view, v);
                }
                game.paint_below(sink, &doc.map().grid);
                if let (Some(l), Some(w)) = (&layer, &window) {
                    counters.draw(sink, &doc.map().grid, l, w);
                }
                game.paint_above(sink, &doc.map().grid);
                tool.overlay(sink, pointer.as_ref(), &view);
                if let (Some(v), Some(at)) = (&dnd, hover) {
                    super::scenario_ui::paint_dragged(sink, doc, &v.units, at);
                }
            },
        );
    }

    /// Runs `f` on the active tool with its context, when a document is open.
    pub(super) fn with_tool(&mut self, f: impl FnOnce(&mut dyn Tool, &mut ToolCtx)) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let mut switch_to = None;
        let mut requests = Vec::new();
        let mut cx = ToolCtx {
            doc,
            brush: &mut self.brush,
            trace: &mut self.trace,
            selected: &mut self.selected,
            status: &mut self.status,
            switch_to: &mut switch_to,
            requests: &mut requests,
            scen: &mut self.scen,
            control: self.validator.control(),
        };
        f(self.tools.active_mut(), &mut cx);
        self.handle(switch_to, requests);
    }

    pub(super) fn handle(&mut self, switch_to: Option<ToolKind>, requests: Vec<Request>) {
        if let Some(k) = switch_to {
            self.tools.active = k;
        }
        for r in requests {
            match r {
                Request::Choose(p) => self.chooser = Some(self.files.chooser(p)),
            }
        }
    }
}
