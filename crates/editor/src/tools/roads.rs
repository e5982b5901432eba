//! Roads: drag through hexes to lay a road from centre to centre, or click two hexes for
//! an auto-routed road; Erase mode (or Shift) removes roads along the drag, and a click on
//! a single hex removes all its roads. Drawing adds the chosen kind only where there is no
//! road yet (a route follows existing roads without changing them); "Existing roads" can
//! instead replace them with the chosen kind, or lay it beside them (a railroad along a
//! road: a hexside may carry several kinds). Erasing takes the chosen kind off a hexside
//! that has it, and clears a hexside that has only others.

use egui::Ui;

use super::route::route;
use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight, keep_valid, pick_id};
use crate::canvas::{EguiSink, Pointer, pick};
use crate::edit::{Change, Edit};
use crate::words::count;
use sztab_core::hex::HexId;
use sztab_core::model::{Map, RoadKindId, Roads as RoadSet, TerrainCatalogue};
use sztab_core::render::Sink;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RoadMode {
    #[default]
    Drag,
    Route,
    Erase,
}

#[derive(Default)]
pub struct Roads {
    kind: String,
    mode: RoadMode,
    /// Last hex of the drag, or the first click of a route.
    last: Option<HexId>,
    moved: bool,
    /// Segments of another road a drag kept.
    kept: usize,
    /// What drawing does to the roads it passes over.
    existing: Existing,
}

/// What drawing a road does to road segments already there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Existing {
    /// Left as they are: only segments without a road get the kind.
    #[default]
    Keep,
    /// Given the drawn kind instead (or cleared, when erasing).
    Change,
    /// The drawn kind laid beside them.
    Beside,
}

/// What a stroke of the tool does.
#[derive(Clone, Copy, Debug)]
pub enum Stroke<'a> {
    /// Lays this kind.
    Draw(&'a RoadKindId),
    /// Takes this kind off where a hexside has it (and other roads with it), clears a
    /// hexside that has only others; `None` clears every road.
    Erase(Option<&'a RoadKindId>),
}

/// Road changes joining consecutive hexes of `path`. Returns how many segments with
/// another road were kept.
pub fn along(
    map: &Map,
    path: &[HexId],
    stroke: Stroke,
    existing: Existing,
    edit: &mut Edit,
) -> usize {
    let mut kept = 0;
    for w in path.windows(2) {
        let Some(side) = map.grid.hexside(w[0], w[1]) else {
            continue;
        };
        let before = map.roads.get(&side).cloned();
        let after = match (stroke, &before) {
            (Stroke::Erase(_), None) => continue,
            (Stroke::Draw(k), None) => Some(RoadSet::from(k.clone())),
            (Stroke::Draw(k), Some(b)) => match existing {
                Existing::Change => Some(RoadSet::from(k.clone())),
                Existing::Beside => {
                    let mut a = b.clone();
                    a.insert(k.clone());
                    Some(a)
                }
                Existing::Keep => {
                    kept += usize::from(!b.contains(k.as_str()));
                    continue;
                }
            },
            (Stroke::Erase(Some(k)), Some(b)) if b.contains(k.as_str()) => {
                b.clone().without(k.as_str())
            }
            (Stroke::Erase(_), Some(_)) => None,
        };
        if after == before {
            continue;
        }
        edit.push(Change::Road {
            side,
            before,
            after,
        });
    }
    kept
}

/// The hexes from `a` to `b`: just the pair when adjacent, else a route.
fn connect(map: &Map, cat: &TerrainCatalogue, a: HexId, b: HexId) -> Vec<HexId> {
    if map.grid.are_adjacent(a, b) {
        vec![a, b]
    } else {
        route(map, cat, a, b).unwrap_or_default()
    }
}

impl Roads {
    fn kind_id(&self) -> RoadKindId {
        RoadKindId::new(self.kind.clone())
    }

    /// The status line after drawing, when other roads were kept.
    fn report_kept(kept: usize, cx: &mut ToolCtx) {
        if kept > 0 {
            *cx.status = format!(
                "{} of another road kept (Existing roads: Replace or Add beside)",
                count(kept, "segment", "segments")
            );
        }
    }

    fn drag(&mut self, p: &Pointer, cx: &mut ToolCtx, erase: bool) {
        let map = cx.doc.map();
        if p.pressed {
            self.last = p.hex;
            self.moved = false;
            self.kept = 0;
        }
        let mut edit = Edit::new(if erase { "Erase road" } else { "Draw road" });
        if p.down {
            for pt in pick::samples(p.prev.unwrap_or(p.board), p.board, 0.3) {
                let (Some(h), Some(last)) = (map.grid.hex_at(pt), self.last) else {
                    continue;
                };
                if h == last {
                    continue;
                }
                let path = connect(map, cx.doc.terrain(), last, h);
                let kind = self.kind_id();
                let stroke = if erase {
                    Stroke::Erase(Some(&kind))
                } else {
                    Stroke::Draw(&kind)
                };
                self.kept += along(map, &path, stroke, self.existing, &mut edit);
                self.last = Some(h);
                self.moved = true;
            }
        }
        if p.released && erase && !self.moved {
            // A click without a drag: clear every road of that hex.
            if let Some(h) = p.hex {
                for n in map.grid.neighbours(h) {
                    along(
                        map,
                        &[h, n],
                        Stroke::Erase(None),
                        Existing::Change,
                        &mut edit,
                    );
                }
            }
        }
        cx.doc.apply_in_stroke(edit);
        if p.released {
            Self::report_kept(std::mem::take(&mut self.kept), cx);
            // The drag's last hex is no route's first click.
            self.last = None;
        }
    }

    fn route_click(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        let Some(start) = self.last.take() else {
            self.last = Some(h);
            *cx.status = format!("road from {h}: click the other end");
            return;
        };
        let map = cx.doc.map();
        match route(map, cx.doc.terrain(), start, h) {
            Some(path) => {
                let mut edit = Edit::new(format!("Route road {start}–{h}"));
                let kind = self.kind_id();
                let kept = along(map, &path, Stroke::Draw(&kind), self.existing, &mut edit);
                *cx.status = format!("road of {}", count(path.len(), "hex", "hexes"));
                cx.doc.apply(edit);
                Self::report_kept(kept, cx);
            }
            None => *cx.status = format!("no route from {start} to {h}"),
        }
    }
}

impl Tool for Roads {
    fn kind(&self) -> ToolKind {
        ToolKind::Roads
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let opts: Vec<_> = cx
            .doc
            .terrain()
            .roads
            .iter()
            .map(|k| (k.id.to_string(), k.name.clone()))
            .collect();
        keep_valid(&mut self.kind, opts.iter().map(|o| o.0.clone()));
        pick_id(ui, "Road kind", &mut self.kind, &opts);
        let mode = self.mode;
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.mode, RoadMode::Drag, "Drag");
            ui.radio_value(&mut self.mode, RoadMode::Route, "Route");
            ui.radio_value(&mut self.mode, RoadMode::Erase, "Erase");
        });
        if self.mode != mode {
            // A route's first click belongs to Route mode only.
            self.last = None;
        }
        if self.mode != RoadMode::Erase {
            ui.label("Existing roads:");
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.existing, Existing::Keep, "Keep")
                    .on_hover_text("Only hexsides without a road get this kind");
                ui.radio_value(&mut self.existing, Existing::Change, "Replace")
                    .on_hover_text("The roads the drawing passes over become this kind");
                ui.radio_value(&mut self.existing, Existing::Beside, "Add beside")
                    .on_hover_text("Lay this kind beside the roads there: a railroad along a road");
            });
        }
        ui.weak(match self.mode {
            RoadMode::Drag => "Drag through hexes. Shift+drag erases.",
            RoadMode::Route => "Click two hexes: the road follows the easiest ground.",
            RoadMode::Erase => "Drag along a road to remove it; click a hex to clear its roads.",
        });
    }

    fn opened(&mut self, doc: &crate::document::Document, other_catalogue: bool) {
        if other_catalogue {
            self.kind.clear();
        }
        let ids = doc.terrain().roads.iter().map(|k| k.id.to_string());
        keep_valid(&mut self.kind, ids);
        self.last = None;
        self.moved = false;
        self.kept = 0;
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if self.kind.is_empty() {
            return;
        }
        match (self.mode, p.shift) {
            (RoadMode::Route, false) => self.route_click(p, cx),
            (RoadMode::Erase, _) | (_, true) => self.drag(p, cx, true),
            (RoadMode::Drag, false) => self.drag(p, cx, false),
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let map = v.doc.map();
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
            if let (RoadMode::Route, Some(start)) = (self.mode, self.last) {
                highlight(sink, v.doc, start, ACCENT);
                if let Some(path) = route(map, v.doc.terrain(), start, h) {
                    for w in path.windows(2) {
                        sink.line(
                            map.grid.center(w[0]),
                            map.grid.center(w[1]),
                            0.08,
                            ACCENT,
                            Some(0.1),
                        );
                    }
                }
            }
        }
    }
}
