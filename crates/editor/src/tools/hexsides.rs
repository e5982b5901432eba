//! Hexsides: rivers, streams, big and named rivers, Fixed Positions and Fortified Lines,
//! painted by dragging along edges. The edge nearest the pointer is snapped to.
//!
//! A line's front (the hex it protects) is the pointer's side of the stroke's first edge,
//! and it follows the line from edge to edge, so one stroke keeps one side however the
//! pointer wanders; X flips the stroke's front. Kinds of different families share a
//! hexside (a river and a line, [`HexsideRole::family`]); a stroke never replaces a kind
//! of the same family: such hexsides are left alone, the status line says so and the tool
//! panel offers to replace them.
//!
//! [`HexsideRole::family`]: sztab_core::model::HexsideRole::family

use std::collections::HashSet;

use egui::{Key, Ui};

use super::{ACCENT, Tool, ToolCtx, ToolKind, View, keep_valid, pick_id};
use crate::canvas::pick::{self, SidePick};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use crate::words::count;
use sztab_core::hex::{Grid, HexId, Hexside};
use sztab_core::model::{HexsideFamily, HexsideFeature, HexsideKindId, TerrainCatalogue};
use sztab_core::render::Sink;

/// How close (board units) the pointer must be to an edge to snap to it.
pub const SNAP: f32 = 0.45;

/// The key that flips the front of the line being drawn (or just drawn).
pub const FLIP: Key = Key::X;

#[derive(Default)]
pub struct Hexsides {
    kind: String,
    name: String,
    group: String,
    erase: bool,
    /// Hexsides visited by the current stroke.
    done: HashSet<Hexside>,
    /// The hexsides the current (or last) stroke changed or refused, in stroke order:
    /// a line's front follows from one to the next, X flips them all.
    trail: Vec<Visit>,
    /// A stroke is held: a flip joins its undo step.
    held: bool,
}

/// A hexside a stroke went along.
struct Visit {
    side: Hexside,
    /// What the hexside held before the stroke.
    before: Vec<HexsideFeature>,
    /// The feature painted; `None` when erasing.
    feature: Option<HexsideFeature>,
    /// What the hexside holds of the feature's family that kept it from being painted.
    refused: Option<HexsideFeature>,
}

impl Visit {
    /// The line's front here, when the stroke paints a line.
    fn front(&self) -> Option<HexId> {
        self.feature.as_ref()?.protects
    }
}

/// Three hexsides meeting at one corner (the edges between three hexes).
fn one_corner(a: Hexside, b: Hexside, c: Hexside) -> bool {
    let mut hexes = vec![
        a.hexes().0,
        a.hexes().1,
        b.hexes().0,
        b.hexes().1,
        c.hexes().0,
        c.hexes().1,
    ];
    hexes.sort();
    hexes.dedup();
    a != b && b != c && a != c && hexes.len() == 3
}

/// What painting a feature on a hexside gives.
#[derive(Clone, Debug, PartialEq)]
pub enum Painted {
    /// The hexside's features afterwards (the same when the kind was there already).
    Done(Vec<HexsideFeature>),
    /// The hexside holds this feature of the same family, which would have to go.
    Refused(HexsideFeature),
}

fn family(cat: &TerrainCatalogue, kind: &HexsideKindId) -> Option<HexsideFamily> {
    cat.hexside(kind.as_str()).map(|k| k.role.family())
}

fn is_line(cat: &TerrainCatalogue, kind: &str) -> bool {
    cat.hexside(kind).is_some_and(|k| k.role.is_line())
}

/// Two optional values that do not contradict each other.
fn agree(a: &Option<String>, b: &Option<String>) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// Paints `new` on a hexside holding `before`: added beside kinds of the other family,
/// merged into the same kind when they agree (front, name, group), refused when a kind of
/// its family is there with other data.
pub fn paint(cat: &TerrainCatalogue, before: &[HexsideFeature], new: &HexsideFeature) -> Painted {
    let fam = family(cat, &new.kind);
    let mut after = before.to_vec();
    let same = after
        .iter_mut()
        .find(|f| fam.is_some() && family(cat, &f.kind) == fam);
    match same {
        None => after.push(new.clone()),
        Some(f)
            if f.kind == new.kind
                && f.protects == new.protects
                && agree(&f.name, &new.name)
                && agree(&f.group, &new.group) =>
        {
            f.name = f.name.take().or_else(|| new.name.clone());
            f.group = f.group.take().or_else(|| new.group.clone());
        }
        Some(f) => return Painted::Refused(f.clone()),
    }
    Painted::Done(after)
}

/// `new` in place of whatever of its family the hexside holds (a confirmed replacement).
pub fn replace(
    cat: &TerrainCatalogue,
    before: &[HexsideFeature],
    new: &HexsideFeature,
) -> Vec<HexsideFeature> {
    let fam = family(cat, &new.kind);
    let mut after: Vec<HexsideFeature> = before
        .iter()
        .filter(|f| fam.is_none() || family(cat, &f.kind) != fam)
        .cloned()
        .collect();
    after.push(new.clone());
    after
}

/// The hex the hexside `next` protects when a line protecting `front` across `prev`
/// goes on to it, keeping its side. Across a shared corner the protected hexes stay on
/// one side of the line: `front` itself if it borders `next`, else the hex beyond `next`
/// from the back hex. Otherwise (the pointer skipped an edge), the hex of `next` that lies
/// the way `prev`'s front faces.
pub fn continue_front(grid: &Grid, prev: Hexside, front: HexId, next: Hexside) -> HexId {
    let (a, b) = next.hexes();
    if let Some(back) = prev.other(front) {
        let corner = [a, b].into_iter().find(|&h| prev.touches(h)).is_some_and(|s| {
            matches!((prev.other(s), next.other(s)), (Some(x), Some(y)) if grid.are_adjacent(x, y))
        });
        if corner {
            if next.touches(front) {
                return front;
            }
            if let Some(h) = next.other(back) {
                return h;
            }
        }
    }
    let mid = |s: Hexside| {
        grid.hexside_ends(s).map_or([0.0; 2], |[p, q]| {
            [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0]
        })
    };
    let (m0, m1, f) = (mid(prev), mid(next), grid.center(front));
    let facing = [f[0] - m0[0], f[1] - m0[1]];
    let score = |h: HexId| {
        let c = grid.center(h);
        (c[0] - m1[0]) * facing[0] + (c[1] - m1[1]) * facing[1]
    };
    if score(a) >= score(b) { a } else { b }
}

impl Hexsides {
    /// The feature this tool paints, protecting `front` when it is a line.
    fn feature(&self, line: bool, front: HexId) -> HexsideFeature {
        let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_owned());
        HexsideFeature {
            kind: HexsideKindId::new(self.kind.clone()),
            name: if line { None } else { text(&self.name) },
            protects: line.then_some(front),
            group: if line { text(&self.group) } else { None },
        }
    }

    /// The front a line stroke gives the picked hexside: the pointer's side for the first
    /// edge, then whatever keeps the side of the edge before.
    fn front(&self, grid: &Grid, pk: SidePick) -> HexId {
        let last = self
            .trail
            .iter()
            .rev()
            .find_map(|v| Some((v.side, v.front()?)));
        match last {
            Some((prev, front)) if self.held && prev == pk.side => front,
            Some((prev, front)) if self.held => continue_front(grid, prev, front, pk.side),
            _ => pk.near,
        }
    }

    /// The hexsides the last stroke left alone, with what they hold.
    fn refused(&self) -> impl Iterator<Item = &Visit> {
        self.trail.iter().filter(|v| v.refused.is_some())
    }

    fn start_stroke(&mut self) {
        self.done.clear();
        self.trail.clear();
        self.held = true;
    }

    /// Changes one hexside within the stroke's undo step.
    fn change(&self, cx: &mut ToolCtx, side: Hexside, after: Vec<HexsideFeature>) {
        let before = cx
            .doc
            .map()
            .hexsides
            .get(&side)
            .cloned()
            .unwrap_or_default();
        let erasing = self.trail.first().is_some_and(|v| v.feature.is_none());
        let name = if erasing {
            "Erase hexsides"
        } else {
            "Paint hexsides"
        };
        cx.doc
            .apply_in_stroke(Edit::new(name).with(Change::Hexside {
                side,
                before,
                after,
            }));
    }

    /// Paints (or erases) the hexsides the pointer passed over this frame.
    fn stroke(&mut self, p: &Pointer, cx: &mut ToolCtx, erase: bool) {
        let grid = cx.doc.map().grid;
        for pt in pick::samples(p.prev.unwrap_or(p.board), p.board, 0.1) {
            let Some(pk) = pick::hexside_at(&grid, pt, SNAP) else {
                continue;
            };
            if !self.done.insert(pk.side) {
                continue;
            }
            self.drop_corner_cut(pk.side, cx);
            self.visit(pk, erase, cx);
        }
    }

    /// A pointer that follows a line a little off it passes close to the corner where the
    /// line turns, nearer there to the third edge of that corner than to the line: when
    /// the stroke goes on along the third edge of one corner, the middle one was such a
    /// cut and is given back.
    fn drop_corner_cut(&mut self, next: Hexside, cx: &mut ToolCtx) {
        let n = self.trail.len();
        if n < 2 || !one_corner(self.trail[n - 2].side, self.trail[n - 1].side, next) {
            return;
        }
        if let Some(v) = self.trail.pop()
            && v.refused.is_none()
        {
            self.change(cx, v.side, v.before);
        }
    }

    fn visit(&mut self, pk: SidePick, erase: bool, cx: &mut ToolCtx) {
        let before = cx
            .doc
            .map()
            .hexsides
            .get(&pk.side)
            .cloned()
            .unwrap_or_default();
        if erase {
            let after = before
                .iter()
                .filter(|f| f.kind.as_str() != self.kind)
                .cloned()
                .collect();
            self.trail.push(Visit {
                side: pk.side,
                before,
                feature: None,
                refused: None,
            });
            self.change(cx, pk.side, after);
            return;
        }
        let line = is_line(cx.doc.terrain(), &self.kind);
        let front = self.front(&cx.doc.map().grid, pk);
        let feature = self.feature(line, front);
        let refused = match paint(cx.doc.terrain(), &before, &feature) {
            Painted::Done(after) => {
                self.change(cx, pk.side, after);
                None
            }
            Painted::Refused(existing) => Some(existing),
        };
        self.trail.push(Visit {
            side: pk.side,
            before,
            feature: Some(feature),
            refused,
        });
    }

    /// The status line after a stroke some hexsides of which were refused.
    fn report_refusals(&self, cx: &mut ToolCtx) {
        let Some(v) = self.refused().next() else {
            return;
        };
        let (Some(existing), Some(feature)) = (&v.refused, &v.feature) else {
            return;
        };
        let cat = cx.doc.terrain();
        let name = |f: &HexsideFeature| {
            let k = cat
                .hexside(f.kind.as_str())
                .map_or(f.kind.to_string(), |k| k.name.clone());
            match f.name.as_ref().or(f.group.as_ref()) {
                Some(n) => format!("{k} ({n})"),
                None => k,
            }
        };
        let why = if existing.kind == feature.kind {
            format!("its {} differs", differs(existing, feature))
        } else {
            let fam = family(cat, &feature.kind).map_or("kind", HexsideFamily::name);
            format!("a hexside holds one {fam}")
        };
        let n = self.refused().count();
        let them = if n == 1 { "it" } else { "them" };
        *cx.status = format!(
            "{} not painted: {} holds {} and {why}. Replace {them} in the tool panel, or keep {them}.",
            count(n, "hexside", "hexsides"),
            v.side,
            name(existing),
        );
    }

    /// Replaces what the refused hexsides hold, as one undo step.
    fn replace_refused(&mut self, cx: &mut ToolCtx) {
        let n = self.refused().count();
        let mut edit = Edit::new(format!("Replace {}", count(n, "hexside", "hexsides")));
        for v in self.trail.iter_mut().filter(|v| v.refused.is_some()) {
            let Some(feature) = &v.feature else { continue };
            let before = cx
                .doc
                .map()
                .hexsides
                .get(&v.side)
                .cloned()
                .unwrap_or_default();
            let after = replace(cx.doc.terrain(), &before, feature);
            edit.push(Change::Hexside {
                side: v.side,
                before,
                after,
            });
            v.refused = None;
        }
        *cx.status = format!("replaced {}", count(n, "hexside", "hexsides"));
        cx.doc.apply(edit);
    }

    /// Flips the front of every hexside of the line being (or just) drawn.
    fn flip(&mut self, cx: &mut ToolCtx) {
        if !self.trail.iter().any(|v| v.front().is_some()) {
            *cx.status = "X flips the front of a line while you draw it, or right after".into();
            return;
        }
        let mut edit = Edit::new("Flip line front");
        for v in &mut self.trail {
            let Some(f) = &mut v.feature else { continue };
            let Some(front) = f.protects else { continue };
            let Some(back) = v.side.other(front) else {
                continue;
            };
            f.protects = Some(back);
            if v.refused.is_some() {
                continue;
            }
            let before = cx
                .doc
                .map()
                .hexsides
                .get(&v.side)
                .cloned()
                .unwrap_or_default();
            let mut after = before.clone();
            for g in &mut after {
                if g.kind == f.kind && g.protects == Some(front) {
                    g.protects = Some(back);
                }
            }
            edit.push(Change::Hexside {
                side: v.side,
                before,
                after,
            });
        }
        if let Some((side, front)) = self.trail.iter().find_map(|v| Some((v.side, v.front()?))) {
            *cx.status = format!("the line now protects {front} at {side}");
        }
        if self.held {
            cx.doc.apply_in_stroke(edit);
        } else {
            cx.doc.apply(edit);
        }
    }
}

/// What differs between two features of one kind, in words.
fn differs(a: &HexsideFeature, b: &HexsideFeature) -> &'static str {
    if a.protects != b.protects {
        "front"
    } else if a.name != b.name {
        "name"
    } else {
        "group"
    }
}

impl Tool for Hexsides {
    fn kind(&self) -> ToolKind {
        ToolKind::Hexsides
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let cat = cx.doc.terrain();
        let opts: Vec<_> = cat
            .hexsides
            .iter()
            .map(|k| (k.id.to_string(), k.name.clone()))
            .collect();
        keep_valid(&mut self.kind, opts.iter().map(|o| o.0.clone()));
        pick_id(ui, "Kind", &mut self.kind, &opts);
        if is_line(cat, &self.kind) {
            ui.horizontal(|ui| {
                let l = ui.label("Group");
                ui.text_edit_singleline(&mut self.group).labelled_by(l.id);
            });
            ui.weak(
                "The line protects the hex on the pointer's side where the stroke starts, \
                 all along the stroke. X flips the front of the line you draw (or just drew).",
            );
        } else {
            ui.horizontal(|ui| {
                let l = ui.label("River name");
                ui.text_edit_singleline(&mut self.name).labelled_by(l.id);
            });
        }
        ui.checkbox(&mut self.erase, "Erase");
        ui.weak(
            "Drag along edges. Shift+drag erases this kind. A river and a line share a \
             hexside; a second watercourse or line is not painted without asking.",
        );
        let n = self.refused().count();
        if n > 0 {
            ui.colored_label(
                egui::Color32::from_rgb(200, 90, 0),
                format!(
                    "{} of the last stroke {} another kind of this family.",
                    count(n, "hexside", "hexsides"),
                    if n == 1 { "holds" } else { "hold" }
                ),
            );
            ui.horizontal(|ui| {
                if ui
                    .button(format!("Replace on {}", count(n, "hexside", "hexsides")))
                    .clicked()
                {
                    self.replace_refused(cx);
                }
                if ui.button("Keep them").clicked() {
                    self.trail.retain(|v| v.refused.is_none());
                    cx.status.clear();
                }
            });
        }
    }

    fn opened(&mut self, doc: &crate::document::Document, other_catalogue: bool) {
        if other_catalogue {
            self.kind.clear();
        }
        let ids = doc.terrain().hexsides.iter().map(|k| k.id.to_string());
        keep_valid(&mut self.kind, ids);
        self.done.clear();
        self.trail.clear();
        self.held = false;
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.start_stroke();
        }
        if p.down && !self.kind.is_empty() {
            let erase = self.erase != p.shift;
            self.stroke(p, cx, erase);
        }
        if p.released || !p.down {
            if self.held && p.released {
                self.report_refusals(cx);
            }
            self.held = false;
        }
    }

    fn keys(&self) -> &'static [Key] {
        &[FLIP]
    }

    fn key(&mut self, key: Key, cx: &mut ToolCtx) {
        if key == FLIP {
            self.flip(cx);
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let grid = &v.doc.map().grid;
        let Some(pk) = p.and_then(|p| pick::hexside_at(grid, p.board, SNAP)) else {
            return;
        };
        let Some([a, b]) = grid.hexside_ends(pk.side) else {
            return;
        };
        sink.line(a, b, 0.12, ACCENT, None);
        if is_line(v.doc.terrain(), &self.kind) {
            // Show the front the stroke gives this edge: a tick towards the protected hex.
            let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let c = grid.center(self.front(grid, pk));
            sink.line(
                m,
                [m[0] + (c[0] - m[0]) * 0.35, m[1] + (c[1] - m[1]) * 0.35],
                0.08,
                ACCENT,
                None,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::{Dir, Numbering};

    fn catalogue() -> TerrainCatalogue {
        let p = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("assets/wb95/kursk-1943.terrain.ron");
        sztab_core::model::io::load_terrain(&p).unwrap().value
    }

    fn line(kind: &str, protects: HexId) -> HexsideFeature {
        HexsideFeature {
            protects: Some(protects),
            ..HexsideFeature::new(kind)
        }
    }

    #[test]
    fn a_river_and_a_line_share_a_hexside() {
        let cat = catalogue();
        let fl = line("fl_line", HexId::new(5, 5));
        let Painted::Done(after) = paint(
            &cat,
            std::slice::from_ref(&fl),
            &HexsideFeature::new("river"),
        ) else {
            panic!("a river beside a line is painted");
        };
        assert_eq!(after, vec![fl.clone(), HexsideFeature::new("river")]);
        let Painted::Done(after) = paint(&cat, &after, &fl) else {
            panic!("the same line again changes nothing");
        };
        assert_eq!(after.len(), 2);
    }

    #[test]
    fn one_line_and_one_watercourse_per_hexside() {
        let cat = catalogue();
        let h = HexId::new(5, 5);
        let fl = line("fl_line", h);
        assert_eq!(
            paint(&cat, std::slice::from_ref(&fl), &line("fp_line", h)),
            Painted::Refused(fl.clone()),
            "a Fixed Position does not replace a Fortified Line"
        );
        assert_eq!(
            paint(
                &cat,
                std::slice::from_ref(&fl),
                &line("fl_line", HexId::new(5, 6))
            ),
            Painted::Refused(fl.clone()),
            "nor does the same line with the other front"
        );
        let river = HexsideFeature {
            name: Some("Sejm".into()),
            ..HexsideFeature::new("river")
        };
        assert_eq!(
            paint(
                &cat,
                std::slice::from_ref(&river),
                &HexsideFeature::new("stream")
            ),
            Painted::Refused(river.clone())
        );
        // An unnamed river painted over a named one keeps the name; a name fills a gap.
        assert_eq!(
            paint(
                &cat,
                std::slice::from_ref(&river),
                &HexsideFeature::new("river")
            ),
            Painted::Done(vec![river.clone()])
        );
        assert_eq!(
            paint(&cat, &[HexsideFeature::new("river")], &river),
            Painted::Done(vec![river.clone()])
        );
        assert_eq!(
            replace(&cat, &[river.clone(), fl], &line("fp_line", h)),
            vec![river, line("fp_line", h)]
        );
    }

    #[test]
    fn a_line_keeps_its_side_around_corners() {
        let g = Grid::new(10, 10, Numbering::default());
        // Walk the hexsides between columns 5 and 6, down four rows: a zig-zag line.
        let mut sides = Vec::new();
        for r in 3..7 {
            let h = HexId::new(5, r);
            for d in [Dir::NE, Dir::SE] {
                let s = g.hexside_towards(h, d).unwrap();
                if !sides.contains(&s) {
                    sides.push(s);
                }
            }
        }
        for start in [HexId::new(5, 3), sides[0].other(HexId::new(5, 3)).unwrap()] {
            let mut front = start;
            let mut fronts = vec![front];
            for w in sides.windows(2) {
                front = continue_front(&g, w[0], front, w[1]);
                fronts.push(front);
            }
            let col = start.col;
            assert!(
                fronts.iter().all(|f| f.col == col),
                "the whole line protects column {col}: {fronts:?}"
            );
        }
        // Without a shared corner the front still faces the same way.
        let a = Hexside::new(HexId::new(5, 3), HexId::new(6, 3)).unwrap();
        let b = Hexside::new(HexId::new(5, 6), HexId::new(6, 6)).unwrap();
        assert_eq!(continue_front(&g, a, HexId::new(5, 3), b), HexId::new(5, 6));
    }
}
