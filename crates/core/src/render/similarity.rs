//! A similarity transform (scale, rotation, translation) between board units and image
//! pixels: the model of how a scanned board lies on its image.

use crate::model::Calibration;

/// `pixel = offset + scale · R(rotation) · board`, rotation clockwise on a y-down image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Similarity {
    /// `scale · cos(rotation)`.
    pub a: f64,
    /// `scale · sin(rotation)`.
    pub b: f64,
    pub offset: [f64; 2],
}

impl Similarity {
    pub fn new(scale: f64, rotation_deg: f64, offset: [f64; 2]) -> Self {
        let r = rotation_deg.to_radians();
        Self {
            a: scale * r.cos(),
            b: scale * r.sin(),
            offset,
        }
    }

    pub fn of(c: &Calibration) -> Self {
        Self::new(c.scale, c.rotation, c.offset)
    }

    pub fn scale(&self) -> f64 {
        self.a.hypot(self.b)
    }

    pub fn rotation_deg(&self) -> f64 {
        self.b.atan2(self.a).to_degrees()
    }

    pub fn is_valid(&self) -> bool {
        let s = self.scale();
        s.is_finite() && s > 1e-9 && self.offset.iter().all(|v| v.is_finite())
    }

    pub fn apply(&self, p: [f64; 2]) -> [f64; 2] {
        [
            self.offset[0] + self.a * p[0] - self.b * p[1],
            self.offset[1] + self.b * p[0] + self.a * p[1],
        ]
    }

    /// Image pixel → board position.
    pub fn invert(&self, q: [f64; 2]) -> [f64; 2] {
        let (u, v) = (q[0] - self.offset[0], q[1] - self.offset[1]);
        let d = self.a * self.a + self.b * self.b;
        [
            (self.a * u + self.b * v) / d,
            (-self.b * u + self.a * v) / d,
        ]
    }

    pub fn apply_f32(&self, p: [f32; 2]) -> [f32; 2] {
        let q = self.apply([f64::from(p[0]), f64::from(p[1])]);
        [q[0] as f32, q[1] as f32]
    }

    pub fn to_calibration(self, points: Vec<crate::model::CalibrationPoint>) -> Calibration {
        Calibration {
            scale: self.scale(),
            rotation: self.rotation_deg(),
            offset: self.offset,
            points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invert_undoes_apply() {
        let s = Similarity::new(37.5, 2.5, [120.0, -40.0]);
        let p = [12.25, -3.5];
        let back = s.invert(s.apply(p));
        assert!((back[0] - p[0]).abs() < 1e-9 && (back[1] - p[1]).abs() < 1e-9);
        assert!((s.scale() - 37.5).abs() < 1e-9 && (s.rotation_deg() - 2.5).abs() < 1e-9);
    }

    #[test]
    fn positive_rotation_turns_clockwise_on_screen() {
        // With y down, a clockwise turn takes the +x axis towards +y.
        let s = Similarity::new(1.0, 90.0, [0.0, 0.0]);
        let q = s.apply([1.0, 0.0]);
        assert!(q[0].abs() < 1e-9 && (q[1] - 1.0).abs() < 1e-9);
    }
}
