//! The screen backend of the map drawing: triangles go into one batched mesh per layer,
//! lines and text become egui shapes.

use egui::epaint::TextShape;
use egui::{Color32, FontId, Mesh, Painter, Pos2, Rect, Shape, Stroke, vec2};

use super::Camera;
use sztab_core::model::Colour;
use sztab_core::render::{Anchor, Sink};

pub fn colour(c: Colour) -> Color32 {
    let [r, g, b, a] = c.0;
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

pub struct EguiSink<'a> {
    painter: &'a Painter,
    cam: Camera,
    rect: Rect,
    mesh: Mesh,
    shapes: Vec<Shape>,
    /// Multiplies every alpha: a translucent overlay.
    pub opacity: f32,
}

impl<'a> EguiSink<'a> {
    pub fn new(painter: &'a Painter, cam: Camera, rect: Rect) -> Self {
        Self {
            painter,
            cam,
            rect,
            mesh: Mesh::default(),
            shapes: Vec::new(),
            opacity: 1.0,
        }
    }

    fn pos(&self, p: [f32; 2]) -> Pos2 {
        self.cam.to_screen(self.rect, p)
    }

    fn col(&self, c: Colour) -> Color32 {
        let c = colour(c);
        if self.opacity < 1.0 {
            c.gamma_multiply(self.opacity)
        } else {
            c
        }
    }

    fn stroke(&self, width: f32, c: Colour) -> Stroke {
        Stroke::new((width * self.cam.zoom).max(1.0), self.col(c))
    }

    /// Pushes everything drawn so far to the painter.
    pub fn finish(mut self) {
        self.layer_done();
        self.painter.extend(std::mem::take(&mut self.shapes));
    }

    /// Everything drawn so far, for a cache to tessellate, instead of the painter.
    pub fn into_shapes(mut self) -> Vec<Shape> {
        self.layer_done();
        std::mem::take(&mut self.shapes)
    }

    /// The painter, camera and canvas this sink draws for.
    pub fn view(&self) -> (&'a Painter, Camera, Rect) {
        (self.painter, self.cam, self.rect)
    }

    pub fn shape(&mut self, s: Shape) {
        self.layer_done();
        self.shapes.push(s);
    }

    /// Number of mesh vertices and shapes so far (benchmark statistics).
    pub fn stats(&self) -> (usize, usize) {
        (self.mesh.vertices.len(), self.shapes.len())
    }
}

impl Sink for EguiSink<'_> {
    fn triangle(&mut self, tri: [[f32; 2]; 3], c: Colour) {
        let base = self.mesh.vertices.len() as u32;
        let col = self.col(c);
        for p in tri {
            let p = self.pos(p);
            self.mesh.colored_vertex(p, col);
        }
        self.mesh.add_triangle(base, base + 1, base + 2);
    }

    fn convex(&mut self, pts: &[[f32; 2]], c: Colour) {
        // Shared vertices: a hexagon is 6 vertices and 4 triangles.
        let base = self.mesh.vertices.len() as u32;
        let col = self.col(c);
        for &p in pts {
            let p = self.pos(p);
            self.mesh.colored_vertex(p, col);
        }
        for k in 1..pts.len().saturating_sub(1) as u32 {
            self.mesh.add_triangle(base, base + k, base + k + 1);
        }
    }

    fn line(&mut self, a: [f32; 2], b: [f32; 2], width: f32, c: Colour, dash: Option<f32>) {
        self.layer_done();
        let stroke = self.stroke(width, c);
        let pts = [self.pos(a), self.pos(b)];
        // Dashes shorter than a few pixels read as a solid line: draw them as one.
        match dash.map(|d| d * self.cam.zoom).filter(|&d| d >= 3.0) {
            Some(d) => self.shapes.extend(Shape::dashed_line(&pts, stroke, d, d)),
            None => self.shapes.push(Shape::line_segment(pts, stroke)),
        }
    }

    fn outline(&mut self, pts: &[[f32; 2]], width: f32, c: Colour) {
        self.layer_done();
        let stroke = Stroke::new((width * self.cam.zoom).clamp(1.0, 3.0), self.col(c));
        let pts = pts.iter().map(|&p| self.pos(p)).collect();
        self.shapes.push(Shape::closed_line(pts, stroke));
    }

    fn text(&mut self, at: [f32; 2], size: f32, text: &str, c: Colour, anchor: Anchor, angle: f32) {
        let px = size * self.cam.zoom;
        if px < 5.0 {
            return;
        }
        self.layer_done();
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(px), self.col(c));
        let s = galley.size();
        let local = match anchor {
            Anchor::Center => vec2(-s.x / 2.0, -s.y / 2.0),
            Anchor::Top => vec2(-s.x / 2.0, 0.0),
            Anchor::Left => vec2(0.0, -s.y / 2.0),
            Anchor::Right => vec2(-s.x, -s.y / 2.0),
        };
        let rad = angle.to_radians();
        let rotated = vec2(
            local.x * rad.cos() - local.y * rad.sin(),
            local.x * rad.sin() + local.y * rad.cos(),
        );
        let pos = self.pos(at) + rotated;
        if anchor == Anchor::Top && angle == 0.0 {
            // Place names sit on a pale band so they read over hex numbers and patterns.
            let band = Rect::from_min_size(pos, s).expand2(vec2(3.0, 0.0));
            self.shapes.push(Shape::rect_filled(
                band,
                3.0,
                Color32::from_white_alpha(150),
            ));
        }
        let shape = TextShape::new(pos, galley, self.col(c)).with_angle(rad);
        self.shapes.push(Shape::Text(shape));
    }

    fn pixels_per_unit(&self) -> f32 {
        self.cam.zoom
    }

    fn layer_done(&mut self) {
        if !self.mesh.is_empty() {
            self.shapes
                .push(Shape::mesh(std::mem::take(&mut self.mesh)));
        }
    }
}
