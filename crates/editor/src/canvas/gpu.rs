//! The map's static layers kept on the GPU as textures. egui is immediate: every frame it
//! takes every mesh again and the backend draws every triangle again. So the layers are
//! drawn into a texture when their meshes change (a new view, an edit) and every other
//! frame shows that texture. Under software OpenGL (Mesa's llvmpipe: a laptop without a
//! GPU driver, a VM, a remote desktop) every pixel drawn costs, so the layers that lie
//! together go into one texture with the canvas's background baked in, and that opaque
//! texture is copied to the screen (a blit: no shading, no blending) rather than drawn.
//!
//! The drawing is done by a second `egui_glow::Painter` of the editor's own, on eframe's
//! context, from a paint callback (eframe paints with its context current); it holds a
//! copy of the font atlas because the meshes' text and fills point into it. Without
//! OpenGL (the tests, the benchmarks' headless frames, a painter that cannot start) the
//! canvas hands egui the meshes as before. Figures: docs/measurements/canvas.md.

use std::sync::{Arc, Mutex};

use eframe::egui_glow::{CallbackFn, Painter};
use eframe::glow::{self, HasContext};
use egui::epaint::{ClippedPrimitive, ImageDelta, Mesh, Primitive};
use egui::{Color32, ColorImage, PaintCallback, PaintCallbackInfo, Rect, Shape, TextureId, pos2};

/// A texture of the canvas: the bottom one (terrain, and what lies on it up to the scan
/// or the counters) or the one above the scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    Bottom = 0,
    AboveScan = 1,
}

/// What a sheet shows: meshes in drawing order on a background.
#[derive(Clone)]
pub struct Layers {
    pub meshes: Vec<Arc<Mesh>>,
    /// The canvas's background, or transparent for a sheet above another.
    pub background: Color32,
}

impl Layers {
    fn same(&self, other: &Layers) -> bool {
        self.background == other.background
            && self.meshes.len() == other.meshes.len()
            && self
                .meshes
                .iter()
                .zip(&other.meshes)
                .all(|(a, b)| Arc::ptr_eq(a, b))
    }
}

/// The GPU side of the canvas, shared with the paint callbacks.
#[derive(Default)]
pub struct GpuLayers {
    state: Arc<Mutex<State>>,
    /// The font atlas as last copied: copied again only when egui has put glyphs into it
    /// since.
    font: Option<Atlas>,
}

/// A copy of egui's font atlas, with its size and fill when it was copied.
type Atlas = (Arc<ColorImage>, [usize; 2], f32);

#[derive(Default)]
struct State {
    painter: Option<Painter>,
    /// The painter could not start: the canvas draws meshes again.
    failed: bool,
    /// The font atlas the painter holds.
    font: Option<Arc<ColorImage>>,
    targets: [Option<Target>; 2],
}

/// A layer's texture and the framebuffer that draws into it.
struct Target {
    fbo: glow::Framebuffer,
    /// The texture as the editor's painter knows it.
    id: TextureId,
    size: [u32; 2],
    /// What the texture holds: these meshes (kept, so that their addresses are not
    /// reused by others) on this background at this scale.
    holds: Option<(Layers, f32)>,
}

impl GpuLayers {
    /// Whether the layers are drawn as textures: false once OpenGL has refused them.
    pub fn working(&self) -> bool {
        !lock(&self.state).failed
    }

    /// egui's font atlas as it is now, copied once per change.
    pub fn font(&mut self, ctx: &egui::Context) -> Arc<ColorImage> {
        let (size, fill) = ctx.fonts(|f| (f.font_image_size(), f.font_atlas_fill_ratio()));
        match &self.font {
            Some((image, s, f)) if *s == size && *f == fill => image.clone(),
            _ => {
                let image = Arc::new(ctx.fonts(|f| f.image()));
                self.font = Some((image.clone(), size, fill));
                image
            }
        }
    }

    /// The shape that shows `layers` over `rect`: drawn into the sheet's texture when they
    /// are new, shown from it otherwise. `font` is the atlas the meshes were made with.
    pub fn shape(&self, sheet: Sheet, layers: Layers, font: Arc<ColorImage>, rect: Rect) -> Shape {
        let state = self.state.clone();
        let callback = CallbackFn::new(move |info, eframe: &Painter| {
            lock(&state).paint(eframe.gl(), sheet, &layers, &font, rect, &info);
        });
        Shape::Callback(PaintCallback {
            rect,
            callback: Arc::new(callback),
        })
    }

    /// Frees the painter and textures; eframe calls this with its context at exit.
    pub fn destroy(&self, gl: &glow::Context) {
        let mut s = lock(&self.state);
        for t in s.targets.iter_mut().filter_map(Option::take) {
            // SAFETY: the objects were made on this context and are used nowhere else.
            unsafe {
                gl.delete_framebuffer(t.fbo);
            }
        }
        // The painter deletes the textures registered with it.
        if let Some(mut p) = s.painter.take() {
            p.destroy();
        }
    }
}

/// The state the paint callbacks share; a callback that panicked leaves it usable.
fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl State {
    fn paint(
        &mut self,
        gl: &Arc<glow::Context>,
        sheet: Sheet,
        layers: &Layers,
        font: &Arc<ColorImage>,
        rect: Rect,
        info: &PaintCallbackInfo,
    ) {
        if self.failed {
            return;
        }
        if self.painter.is_none() {
            match Painter::new(gl.clone(), "", None, true) {
                Ok(p) => self.painter = Some(p),
                Err(e) => {
                    log::warn!("the map is drawn without textures: {e}");
                    self.failed = true;
                    return;
                }
            }
        }
        let Some(painter) = self.painter.as_mut() else {
            return;
        };
        let size = info.screen_size_px;
        let ppp = info.pixels_per_point;
        let slot = &mut self.targets[sheet as usize];
        if slot.as_ref().is_none_or(|t| t.size != size) {
            if let Some(old) = slot.take() {
                // SAFETY: made on this context by `Target::new`.
                unsafe { gl.delete_framebuffer(old.fbo) };
                painter.free_texture(old.id);
            }
            match Target::new(gl, painter, size) {
                Ok(t) => *slot = Some(t),
                Err(e) => {
                    log::warn!("the map is drawn without textures: {e}");
                    self.failed = true;
                    return;
                }
            }
        }
        let Some(target) = slot.as_mut() else { return };
        let fresh = target
            .holds
            .as_ref()
            .is_some_and(|(l, p)| l.same(layers) && *p == ppp);
        if !fresh {
            // The atlas goes up only when a mesh is drawn with it.
            if !self.font.as_ref().is_some_and(|f| Arc::ptr_eq(f, font)) {
                let image = egui::ImageData::Color(font.clone());
                let delta = ImageDelta::full(image, Default::default());
                painter.set_texture(TextureId::default(), &delta);
                self.font = Some(font.clone());
            }
            target.draw(gl, painter, layers, rect, ppp);
            target.holds = Some((layers.clone(), ppp));
            log::debug!("map sheet {sheet:?} drawn into its texture");
        }
        if layers.background.is_opaque() && blits(gl) {
            target.blit(gl, rect, ppp, painter.intermediate_fbo());
        } else {
            painter.paint_primitives(size, ppp, &[quad(target.id, size, rect, ppp)]);
        }
    }
}

/// Whether the context copies between framebuffers (OpenGL 3, OpenGL ES 3).
fn blits(gl: &glow::Context) -> bool {
    gl.version().major >= 3
}

impl Target {
    fn new(gl: &glow::Context, painter: &mut Painter, [w, h]: [u32; 2]) -> Result<Self, String> {
        // SAFETY: plain object creation on the current context; every call is checked.
        unsafe {
            let texture = gl.create_texture()?;
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            for (k, v) in [
                (glow::TEXTURE_MIN_FILTER, glow::NEAREST),
                (glow::TEXTURE_MAG_FILTER, glow::NEAREST),
                (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
                (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
            ] {
                gl.tex_parameter_i32(glow::TEXTURE_2D, k, v as i32);
            }
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8 as i32,
                w as i32,
                h as i32,
                0,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(None),
            );
            let fbo = gl.create_framebuffer()?;
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(texture),
                0,
            );
            let complete = gl.check_framebuffer_status(glow::FRAMEBUFFER);
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            gl.bind_texture(glow::TEXTURE_2D, None);
            if complete != glow::FRAMEBUFFER_COMPLETE {
                gl.delete_framebuffer(fbo);
                gl.delete_texture(texture);
                return Err(format!("framebuffer status {complete:#x}"));
            }
            Ok(Self {
                fbo,
                id: painter.register_native_texture(texture),
                size: [w, h],
                holds: None,
            })
        }
    }

    /// Draws `layers` (in screen points, clipped to `rect`) into the texture, which covers
    /// the whole window so points map to its pixels as to the screen's.
    fn draw(
        &self,
        gl: &glow::Context,
        painter: &mut Painter,
        layers: &Layers,
        rect: Rect,
        ppp: f32,
    ) {
        let [r, g, b, a] = layers.background.to_normalized_gamma_f32();
        // SAFETY: binds and clears the framebuffer this target made; the default
        // framebuffer (eframe paints into it: `intermediate_fbo` is `None`) is bound back.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(self.fbo));
            gl.disable(glow::SCISSOR_TEST);
            gl.viewport(0, 0, self.size[0] as i32, self.size[1] as i32);
            gl.clear_color(r, g, b, a);
            gl.clear(glow::COLOR_BUFFER_BIT);
        }
        let primitives: Vec<ClippedPrimitive> = layers
            .meshes
            .iter()
            .map(|m| ClippedPrimitive {
                clip_rect: rect,
                primitive: Primitive::Mesh(Mesh::clone(m)),
            })
            .collect();
        painter.paint_primitives(self.size, ppp, &primitives);
        // SAFETY: as above.
        unsafe { gl.bind_framebuffer(glow::FRAMEBUFFER, painter.intermediate_fbo()) };
    }
}

impl Target {
    /// Copies the texture's part under `rect` to the screen (`screen`, eframe's
    /// framebuffer). An opaque sheet needs no blending: a copy costs software OpenGL a
    /// fraction of drawing a textured rectangle.
    fn blit(&self, gl: &glow::Context, rect: Rect, ppp: f32, screen: Option<glow::Framebuffer>) {
        let h = self.size[1] as i32;
        let px = |v: f32| (v * ppp).round() as i32;
        let (x0, x1) = (px(rect.min.x), px(rect.max.x));
        // Framebuffer rows run bottom up.
        let (y0, y1) = (h - px(rect.max.y), h - px(rect.min.y));
        // SAFETY: reads the framebuffer this target made, writes eframe's; eframe's
        // painter sets its own state again after the callback.
        unsafe {
            gl.disable(glow::SCISSOR_TEST);
            gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(self.fbo));
            gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, screen);
            gl.blit_framebuffer(
                x0,
                y0,
                x1,
                y1,
                x0,
                y0,
                x1,
                y1,
                glow::COLOR_BUFFER_BIT,
                glow::NEAREST,
            );
            gl.bind_framebuffer(glow::FRAMEBUFFER, screen);
        }
    }
}

/// The rectangle that shows, over `rect`, the part of texture `id` (of `size` pixels,
/// covering the window) under it. A framebuffer's rows run bottom up, the screen's top
/// down: the texture is read upside down.
fn quad(id: TextureId, size: [u32; 2], rect: Rect, ppp: f32) -> ClippedPrimitive {
    let [w, h] = [size[0] as f32 / ppp, size[1] as f32 / ppp];
    let uv = Rect::from_min_max(
        pos2(rect.min.x / w, 1.0 - rect.min.y / h),
        pos2(rect.max.x / w, 1.0 - rect.max.y / h),
    );
    let mut mesh = Mesh::with_texture(id);
    mesh.add_rect_with_uv(rect, uv, Color32::WHITE);
    ClippedPrimitive {
        clip_rect: rect,
        primitive: Primitive::Mesh(mesh),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quad_reads_its_part_of_the_window_texture_upside_down() {
        let id = TextureId::User(7);
        // A canvas right of a 100-point panel, below a 20-point menu, at 2 pixels a point.
        let rect = Rect::from_min_max(pos2(100.0, 20.0), pos2(300.0, 120.0));
        let ClippedPrimitive {
            clip_rect,
            primitive: Primitive::Mesh(m),
        } = quad(id, [600, 240], rect, 2.0)
        else {
            panic!("not a mesh");
        };
        assert_eq!(clip_rect, rect);
        assert_eq!(m.texture_id, id);
        let corner = |x: f32, y: f32| {
            m.vertices
                .iter()
                .find(|v| v.pos == pos2(x, y))
                .map(|v| v.uv)
                .unwrap()
        };
        assert_eq!(corner(100.0, 20.0), pos2(100.0 / 300.0, 1.0 - 20.0 / 120.0));
        assert_eq!(corner(300.0, 120.0), pos2(1.0, 0.0));
    }
}
