//! One counter: what it shows (built from a unit definition, its nation and its display
//! state) and how it is laid out, as on the printed WB-95 counters (R1.2): designation top
//! left, parent formation top right, size mark over the type symbol, SP-MP at the bottom.

use super::super::sink::{Anchor, Sink, rect_points};
use super::printed::{Layout, draw_emblems, draw_row, draw_value};
use super::symbol::{Frame, draw_size, draw_star, draw_symbol};
use crate::model::{ArtillerySetup, Colour, Nation, Placement, Star, UnitDef, UnitKind, UnitSize};

/// Markers a unit can carry in a game. The editor sets `fortified` and `transport` from the
/// setup; the playtest sets all of them from the game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitMarkers {
    /// In a field fortification (R7).
    pub fortified: bool,
    /// Disorganized (R5.6).
    pub disorganized: bool,
    /// Out-of-supply level, 0 when supplied (R10).
    pub oos: u8,
    /// Towed artillery limbered for moving (R6.2).
    pub transport: bool,
    /// Marked for strategic movement (R12.1.4).
    pub strategic: bool,
    /// Under a masking marker (R16.1.2).
    pub masked: bool,
}

impl UnitMarkers {
    /// The markers a unit set up on the map starts with: its placement's, and a field
    /// fortification when its side starts fortified.
    pub fn at_setup(p: &Placement, side_fortified: bool) -> UnitMarkers {
        UnitMarkers {
            fortified: p.fortified || side_fortified,
            disorganized: p.disorganized,
            oos: p.out_of_supply,
            transport: p.artillery == Some(ArtillerySetup::Transport),
            strategic: false,
            masked: p.masked,
        }
    }
}

/// How a unit stands: its current CEL and markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub cel: u8,
    pub markers: UnitMarkers,
}

impl UnitState {
    /// A unit at full strength with no markers.
    pub fn full(def: &UnitDef) -> Self {
        Self {
            cel: def.cel,
            markers: UnitMarkers::default(),
        }
    }
}

/// Everything printed on a counter, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterFace {
    pub fill: Colour,
    pub ink: Colour,
    pub kind: UnitKind,
    pub size: UnitSize,
    pub designation: String,
    pub formation: String,
    /// "7-7", or "5/3-7" for artillery with its defense value.
    pub values: String,
    /// Showing the reduced (back) side.
    pub reduced: bool,
    pub stars: Vec<Star>,
    pub markers: UnitMarkers,
    /// What the system's counters print beyond WB-95's layout; empty for WB-95.
    pub layout: Layout,
}

const GREY: Colour = Colour([150, 150, 150, 255]);
const BLACK: Colour = Colour([0, 0, 0, 255]);

impl CounterFace {
    pub fn new(def: &UnitDef, nation: Option<&Nation>, state: UnitState) -> Self {
        let reduced = state.cel < def.cel;
        let cel = state.cel;
        let (att, def_sp, mp) = (def.attack_at(cel), def.defense_at(cel), def.mp_at(cel));
        let values = if def.is_hq() {
            format!("{mp}")
        } else if def.defense.is_some() && att != def_sp {
            format!("{att}/{def_sp}-{mp}")
        } else {
            format!("{att}-{mp}")
        };
        Self {
            fill: nation.map_or(GREY, |n| n.colour),
            ink: nation.map_or(BLACK, |n| n.text_colour),
            kind: def.kind,
            size: def.size,
            designation: def.designation.clone(),
            formation: def
                .formation
                .as_ref()
                .map(|f| f.to_string())
                .unwrap_or_default(),
            values,
            reduced,
            stars: def.stars.clone(),
            markers: state.markers,
            layout: Layout::default(),
        }
    }
}

/// Counter side in board units (a hex is 2 wide and √3 tall).
pub const COUNTER_SIDE: f32 = 1.2;

/// Side in pixels below which only the coloured square is drawn, and below which the
/// symbol box is left out.
const MIN_PX_SYMBOL: f32 = 10.0;

pub fn star_colour(s: Star) -> Colour {
    match s {
        Star::Black => Colour([20, 20, 20, 255]),
        Star::White => Colour([255, 255, 255, 255]),
        Star::Yellow => Colour([250, 210, 40, 255]),
        Star::Blue => Colour([40, 90, 230, 255]),
    }
}

fn lighter(c: Colour, t: f32) -> Colour {
    let m = |v: u8| (f32::from(v) + (255.0 - f32::from(v)) * t).round() as u8;
    Colour([m(c.0[0]), m(c.0[1]), m(c.0[2]), 255])
}

fn darker(c: Colour, t: f32) -> Colour {
    let m = |v: u8| (f32::from(v) * (1.0 - t)).round() as u8;
    Colour([m(c.0[0]), m(c.0[1]), m(c.0[2]), 255])
}

/// The text height that fits `text` in `width` (glyphs average about 0.55 of the height),
/// at most `max`.
fn fit(text: &str, width: f32, max: f32) -> f32 {
    let n = text.chars().count().max(1) as f32;
    (width / (0.55 * n)).min(max)
}

/// Keeps corner texts inside their half of the counter.
fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        s.chars().take(max.saturating_sub(1)).chain(['…']).collect()
    }
}

/// Draws a counter of side `side` centred on `c`. Details too small for the sink's scale
/// are left out, so a zoomed-out map shows coloured squares with their symbols.
pub fn draw_counter(sink: &mut impl Sink, face: &CounterFace, c: [f32; 2], side: f32) {
    let h = side / 2.0;
    let (min, max) = ([c[0] - h, c[1] - h], [c[0] + h, c[1] + h]);
    let px = side * sink.pixels_per_unit();
    sink.rect(min, max, face.fill);
    let l = &face.layout;
    if let Some(band) = l.band {
        sink.rect(min, [max[0], min[1] + side * 0.14], band);
    }
    if face.reduced {
        // The reduced side: a pale band across the top, behind the texts.
        sink.rect(
            min,
            [max[0], min[1] + side * 0.24],
            lighter(face.fill, 0.55),
        );
    }
    sink.outline(
        &rect_points(min, max),
        side * 0.025,
        darker(face.fill, 0.45),
    );
    if px < MIN_PX_SYMBOL {
        return;
    }
    let at = |fx: f32, fy: f32| [c[0] + side * fx, c[1] + side * fy];
    let frame = Frame {
        c: at(0.0, 0.02),
        w: side * 0.5,
        h: side * 0.3,
    };
    let paper = l.symbol_fill.unwrap_or_else(|| lighter(face.fill, 0.35));
    draw_symbol(sink, frame, face.kind, paper, face.ink);
    if let Some(t) = &l.symbol_text {
        // The game prints no NATO symbol here: the box holds its word instead.
        sink.rect(
            [frame.c[0] - frame.w * 0.46, frame.c[1] - frame.h * 0.42],
            [frame.c[0] + frame.w * 0.46, frame.c[1] + frame.h * 0.42],
            paper,
        );
        let size = fit(t, frame.w * 0.9, frame.h * 0.7);
        sink.text(frame.c, size, t, face.ink, Anchor::Center, 0.0);
    }
    match &l.label {
        Some(t) => sink.text(
            at(0.0, -0.21),
            fit(t, side * 0.8, side * 0.12),
            t,
            face.ink,
            Anchor::Center,
            0.0,
        ),
        None => draw_size(sink, at(0.0, -0.21), side * 0.09, face.size, face.ink),
    }
    for (i, s) in face.stars.iter().enumerate() {
        let p = at(0.38, -0.1 + 0.15 * i as f32);
        draw_star(sink, p, side * 0.075, star_colour(*s), face.ink);
    }
    draw_emblems(
        sink,
        &l.emblems,
        at(0.4, 0.0)[0],
        at(0.0, -0.14)[1],
        side * 0.05,
        face.ink,
    );
    if let Some(v) = &l.side {
        let size = side * 0.15;
        let w = 0.55 * size * v.text.chars().count().max(1) as f32;
        draw_value(sink, v, at(0.37, 0.04), w, size, face.ink);
    }
    markers(sink, face, at, side);
    if !l.top.is_empty() {
        draw_row(
            sink,
            &l.top,
            c[0],
            at(0.0, -0.37)[1],
            side * 0.88,
            side * 0.2,
            face.ink,
        );
    } else {
        header(sink, face, c, side);
    }
    if l.bottom.is_empty() {
        sink.text(
            at(0.0, 0.32),
            fit(&face.values, side * 0.8, side * 0.24),
            &face.values,
            face.ink,
            Anchor::Center,
            0.0,
        );
    } else {
        draw_row(
            sink,
            &l.bottom,
            c[0],
            at(0.0, 0.33)[1],
            side * 0.88,
            side * 0.24,
            face.ink,
        );
    }
    sink.layer_done();
}

/// The designation top left and the formation top right, as WB-95 prints them.
fn header(sink: &mut impl Sink, face: &CounterFace, c: [f32; 2], side: f32) {
    let at = |fx: f32, fy: f32| [c[0] + side * fx, c[1] + side * fy];
    // The two corner texts share the top edge; the formation gets what the designation
    // leaves, at least a third.
    let (d, f) = (short(&face.designation, 10), short(&face.formation, 9));
    let (nd, nf) = (d.chars().count().max(1), f.chars().count().max(1));
    let room = 0.9 * side;
    let wd = (room * nd as f32 / (nd + nf) as f32).clamp(room / 3.0, room * 2.0 / 3.0);
    let top = at(0.0, -0.38);
    let x0 = c[0] - 0.45 * side;
    sink.text(
        [x0, top[1]],
        fit(&d, wd, side * 0.16),
        &d,
        face.ink,
        Anchor::Left,
        0.0,
    );
    let x1 = c[0] + 0.45 * side;
    sink.text(
        [x1, top[1]],
        fit(&f, room - wd - side * 0.04, side * 0.16),
        &f,
        face.ink,
        Anchor::Right,
        0.0,
    );
}

/// Marker badges down the left edge: fortified, disorganized, out of supply, transport,
/// strategic movement, masked.
fn markers(sink: &mut impl Sink, face: &CounterFace, at: impl Fn(f32, f32) -> [f32; 2], side: f32) {
    let m = face.markers;
    let oos = format!("O{}", m.oos);
    let badges: [(bool, &str, Colour); 6] = [
        (m.fortified, "F", Colour([120, 80, 30, 255])),
        (m.disorganized, "D", Colour([200, 30, 30, 255])),
        (m.oos > 0, &oos, Colour([230, 120, 0, 255])),
        (m.transport, "T", Colour([40, 40, 140, 255])),
        (m.strategic, "S", Colour([30, 120, 60, 255])),
        (m.masked, "M", Colour([70, 70, 70, 255])),
    ];
    let r = side * 0.075;
    let mut y = -0.12;
    let extra = face
        .layout
        .marks
        .iter()
        .map(|t| (true, t.as_str(), Colour([90, 90, 90, 255])));
    for (on, letter, colour) in badges.into_iter().chain(extra) {
        if !on {
            continue;
        }
        let p = at(-0.38, y);
        let w = r * (0.6 * letter.chars().count().max(1) as f32).max(1.0);
        sink.rect([p[0] - w, p[1] - r], [p[0] + w, p[1] + r], colour);
        sink.text(
            p,
            r * 1.6,
            letter,
            Colour([255, 255, 255, 255]),
            Anchor::Center,
            0.0,
        );
        y += 0.16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::SvgSink;

    fn face() -> CounterFace {
        CounterFace {
            fill: Colour([140, 154, 163, 255]),
            ink: Colour([0, 0, 0, 255]),
            kind: UnitKind::Armored,
            size: UnitSize::Battalion,
            designation: "Pz 29".into(),
            formation: "12 PzD".into(),
            values: "7-7".into(),
            reduced: true,
            stars: vec![Star::Black, Star::Yellow],
            markers: UnitMarkers {
                oos: 2,
                ..UnitMarkers::default()
            },
            layout: Layout::default(),
        }
    }

    #[test]
    fn a_counter_prints_its_texts_stars_and_markers() {
        let mut s = SvgSink::new(60.0);
        draw_counter(&mut s, &face(), [0.0, 0.0], COUNTER_SIDE);
        let svg = s.finish([-1.0, -1.0], [1.0, 1.0], 60.0, 60.0);
        for text in [">Pz 29<", ">12 PzD<", ">7-7<", ">O2<"] {
            assert!(svg.contains(text), "{text} missing");
        }
        assert!(svg.contains("#fad228"), "the yellow star");
    }

    #[test]
    fn tiny_counters_leave_out_the_details() {
        let mut s = SvgSink::new(5.0);
        draw_counter(&mut s, &face(), [0.0, 0.0], COUNTER_SIDE);
        let svg = s.finish([-1.0, -1.0], [1.0, 1.0], 6.0, 6.0);
        assert!(!svg.contains("<text"), "{svg}");
    }
}
