//! NATO-style type symbols and size marks, drawn with lines and fills so they stay crisp at
//! any zoom and look the same on screen, in PNG exports and in the setup card's SVG.

use super::super::sink::{Sink, ellipse_points, rect_points};
use crate::model::{Colour, UnitKind, UnitSize};

/// The symbol frame: a box of `w`×`h` board units centred on `c`.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub c: [f32; 2],
    pub w: f32,
    pub h: f32,
}

impl Frame {
    fn min(&self) -> [f32; 2] {
        [self.c[0] - self.w / 2.0, self.c[1] - self.h / 2.0]
    }
    fn max(&self) -> [f32; 2] {
        [self.c[0] + self.w / 2.0, self.c[1] + self.h / 2.0]
    }
    /// A point of the box in fractions: (0,0) top left, (1,1) bottom right.
    fn at(&self, fx: f32, fy: f32) -> [f32; 2] {
        let m = self.min();
        [m[0] + self.w * fx, m[1] + self.h * fy]
    }
}

/// The symbol box with the type symbol inside.
pub fn draw_symbol(sink: &mut impl Sink, f: Frame, kind: UnitKind, paper: Colour, ink: Colour) {
    let lw = f.h * 0.07;
    sink.rect(f.min(), f.max(), paper);
    sink.outline(&rect_points(f.min(), f.max()), lw, ink);
    let pen = Pen { f, lw, ink };
    match kind {
        UnitKind::Infantry => pen.cross(sink),
        UnitKind::MotorizedInfantry => {
            pen.cross(sink);
            wheels(sink, f, ink);
        }
        UnitKind::Mechanized => {
            pen.cross(sink);
            track(sink, f, lw, ink);
        }
        UnitKind::Armored => track(sink, f, lw, ink),
        UnitKind::Cavalry => pen.slash(sink),
        UnitKind::Recon => {
            pen.slash(sink);
            track(sink, f, lw, ink);
        }
        UnitKind::Airborne => {
            pen.cross(sink);
            canopy(sink, f, lw, ink);
        }
        UnitKind::Artillery => sink.ellipse(f.c, [f.h * 0.17, f.h * 0.17], ink),
        UnitKind::AntiTank => {
            pen.line(sink, (0.0, 1.0), (0.5, 0.0));
            pen.line(sink, (0.5, 0.0), (1.0, 1.0));
        }
        UnitKind::AssaultGun => {
            track(sink, f, lw, ink);
            sink.ellipse(f.c, [f.h * 0.12, f.h * 0.12], ink);
        }
        UnitKind::AntiAircraft => {
            dome(sink, f, lw, ink);
            sink.ellipse(f.at(0.5, 0.62), [f.h * 0.1, f.h * 0.1], ink);
        }
        UnitKind::Engineer => engineer(sink, f, lw, ink),
        UnitKind::Headquarters => flag(sink, f, lw, ink),
        UnitKind::Fortification => battlement(sink, f, lw, ink),
        UnitKind::Resilience => {
            // A solid bar: a position held, not a moving unit.
            sink.rect(f.at(0.15, 0.38), f.at(0.85, 0.62), ink);
        }
        UnitKind::Volkssturm => {
            pen.cross(sink);
            sink.rect(f.at(0.0, 0.0), f.at(0.25, 0.3), ink);
        }
    }
}

/// Lines across the symbol box, in box fractions.
struct Pen {
    f: Frame,
    lw: f32,
    ink: Colour,
}

impl Pen {
    fn line(&self, sink: &mut impl Sink, a: (f32, f32), b: (f32, f32)) {
        sink.line(
            self.f.at(a.0, a.1),
            self.f.at(b.0, b.1),
            self.lw,
            self.ink,
            None,
        );
    }
    /// The infantry cross.
    fn cross(&self, sink: &mut impl Sink) {
        self.line(sink, (0.0, 0.0), (1.0, 1.0));
        self.line(sink, (0.0, 1.0), (1.0, 0.0));
    }
    /// The cavalry and reconnaissance diagonal.
    fn slash(&self, sink: &mut impl Sink) {
        self.line(sink, (0.0, 1.0), (1.0, 0.0));
    }
}

/// The rounded "track" of armour: an ellipse outline inside the box.
fn track(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    let pts = ellipse_points(f.c, [f.w * 0.36, f.h * 0.27]);
    sink.outline(&pts, lw, ink);
}

/// Two wheels under the box: motorized.
fn wheels(sink: &mut impl Sink, f: Frame, ink: Colour) {
    let r = f.h * 0.09;
    for fx in [0.3, 0.7] {
        let p = f.at(fx, 1.0);
        sink.ellipse([p[0], p[1] + r * 1.4], [r, r], ink);
    }
}

/// A parachute canopy over the cross: airborne.
fn canopy(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    let pts: Vec<[f32; 2]> = (0..=8)
        .map(|i| {
            let a = std::f32::consts::PI * (1.0 + i as f32 / 8.0);
            let c = f.at(0.5, 0.25);
            [c[0] + f.w * 0.2 * a.cos(), c[1] + f.h * 0.18 * a.sin()]
        })
        .collect();
    for w in pts.windows(2) {
        sink.line(w[0], w[1], lw, ink, None);
    }
}

/// A dome along the bottom: air defence.
fn dome(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    let c = f.at(0.5, 1.0);
    let pts: Vec<[f32; 2]> = (0..=10)
        .map(|i| {
            let a = std::f32::consts::PI * (1.0 + i as f32 / 10.0);
            [c[0] + f.w * 0.4 * a.cos(), c[1] + f.h * 0.7 * a.sin()]
        })
        .collect();
    for w in pts.windows(2) {
        sink.line(w[0], w[1], lw, ink, None);
    }
}

/// The bridge-like "E" of engineers: a bar with three legs.
fn engineer(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    sink.line(f.at(0.25, 0.35), f.at(0.75, 0.35), lw, ink, None);
    for fx in [0.25, 0.5, 0.75] {
        sink.line(f.at(fx, 0.35), f.at(fx, 0.68), lw, ink, None);
    }
}

/// A staff with a flag: headquarters.
fn flag(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    sink.line(f.at(0.3, 0.88), f.at(0.3, 0.12), lw * 1.2, ink, None);
    sink.rect(f.at(0.3, 0.12), f.at(0.72, 0.45), ink);
}

/// Crenellations: a fortification unit.
fn battlement(sink: &mut impl Sink, f: Frame, lw: f32, ink: Colour) {
    let xs = [0.12, 0.28, 0.44, 0.56, 0.72, 0.88];
    let (hi, lo) = (0.38, 0.62);
    let mut pts = vec![f.at(0.12, lo)];
    for (i, x) in xs.iter().enumerate() {
        let (y0, y1) = if i % 2 == 0 { (lo, hi) } else { (hi, lo) };
        pts.push(f.at(*x, y0));
        pts.push(f.at(*x, y1));
    }
    for w in pts.windows(2) {
        sink.line(w[0], w[1], lw, ink, None);
    }
}

/// The size mark centred on `c`, `h` tall: bars for company to regiment, crosses for
/// brigade and up (R1.3).
pub fn draw_size(sink: &mut impl Sink, c: [f32; 2], h: f32, size: UnitSize, ink: Colour) {
    let (n, crosses) = match size {
        UnitSize::Company => (1, false),
        UnitSize::Battalion => (2, false),
        UnitSize::Regiment => (3, false),
        UnitSize::Brigade => (1, true),
        UnitSize::Division => (2, true),
        UnitSize::Corps => (3, true),
        UnitSize::Army => (4, true),
    };
    let lw = h * 0.2;
    let pitch = if crosses { h * 0.85 } else { h * 0.4 };
    let x0 = c[0] - pitch * (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        let x = x0 + pitch * i as f32;
        let (top, bottom) = (c[1] - h / 2.0, c[1] + h / 2.0);
        if crosses {
            let d = h * 0.35;
            sink.line([x - d, top], [x + d, bottom], lw, ink, None);
            sink.line([x - d, bottom], [x + d, top], lw, ink, None);
        } else {
            sink.line([x, top], [x, bottom], lw, ink, None);
        }
    }
}

/// A five-pointed star centred on `c` with outer radius `r`.
pub fn draw_star(sink: &mut impl Sink, c: [f32; 2], r: f32, fill: Colour, edge: Colour) {
    let point = |i: usize, rad: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
        [c[0] + rad * a.cos(), c[1] + rad * a.sin()]
    };
    let pts: Vec<[f32; 2]> = (0..10)
        .map(|i| point(i, if i % 2 == 0 { r } else { r * 0.42 }))
        .collect();
    // A star is not convex: one triangle per point over the inner pentagon.
    let inner: Vec<[f32; 2]> = (0..5).map(|i| pts[2 * i + 1]).collect();
    sink.convex(&inner, fill);
    for i in 0..5 {
        sink.triangle(
            [pts[2 * i], pts[(2 * i + 1) % 10], pts[(2 * i + 9) % 10]],
            fill,
        );
    }
    sink.outline(&pts, r * 0.12, edge);
}
