//! The map canvas: camera and navigation (pan, zoom, fit), the pointer in board terms for
//! the tools, and painting the visible window of the map in layers with the scan underlay,
//! the active tool's overlay and a minimap on top. Every editor mode (the map tools,
//! the scenario's units, the playtest) drives it the same way: `interact`, act on the pointer,
//! then `paint` with its own overlay.

mod cache;
mod camera;
mod egui_sink;
pub mod gpu;
mod minimap;
pub mod pick;

use egui::{Color32, Key, PointerButton, Rect, Response, Sense, Shape, Ui, vec2};

pub use cache::{CounterCache, SceneCache};
pub use camera::Camera;
pub use egui_sink::{EguiSink, colour};
pub use gpu::GpuLayers;
use gpu::Sheet;
pub use minimap::{Minimap, MinimapInput};

use super::document::Document;
use super::trace::UnderlayView;
use sztab_core::hex::HexId;
use sztab_core::render::{HexWindow, Layers};

/// The pointer over the canvas, in board terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pointer {
    pub board: [f32; 2],
    /// Board position on the previous frame while the button is held (drag sampling).
    pub prev: Option<[f32; 2]>,
    pub hex: Option<HexId>,
    /// Primary button went down this frame on the canvas.
    pub pressed: bool,
    /// Primary button is held after going down on the canvas.
    pub down: bool,
    /// Primary button went up this frame, ending a stroke.
    pub released: bool,
    pub shift: bool,
    pub ctrl: bool,
}

/// The canvas around the map.
const BACKGROUND: Color32 = Color32::from_gray(200);

/// Pixels per board unit a link zooms to: a hex about 90 pixels across, counters legible.
pub const SHOW_ZOOM: f32 = 45.0;

pub struct Frame {
    pub rect: Rect,
    pub response: Response,
    pub pointer: Option<Pointer>,
}

pub struct Canvas {
    pub camera: Camera,
    pub layers: Layers,
    /// The minimap is expanded (else only its tab shows).
    pub show_minimap: bool,
    fit_pending: bool,
    rect: Rect,
    stroke: bool,
    last_board: Option<[f32; 2]>,
    minimap: Minimap,
    /// Hexes drawn on the last frame (status bar, benchmarks).
    pub drawn: usize,
    /// The map's static layers as meshes, made again when the document or view changes.
    pub scene: SceneCache,
    /// The counters the overlay draws, made again when they or the view change.
    counters: CounterCache,
    /// The static layers as textures, when the window paints with OpenGL.
    pub gpu: Option<GpuLayers>,
}

impl Default for Canvas {
    fn default() -> Self {
        Self {
            camera: Camera::default(),
            layers: Layers::default(),
            show_minimap: true,
            fit_pending: true,
            rect: Rect::from_min_size(egui::Pos2::ZERO, vec2(800.0, 600.0)),
            stroke: false,
            last_board: None,
            minimap: Minimap::default(),
            drawn: 0,
            scene: SceneCache::default(),
            counters: CounterCache::default(),
            gpu: None,
        }
    }
}

/// Pixels per arrow-key press.
const KEY_PAN: f32 = 60.0;

impl Canvas {
    /// Fit the whole map on the next frame.
    pub fn request_fit(&mut self) {
        self.fit_pending = true;
    }

    /// The canvas rectangle of the last frame.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The minimap's rectangle on the last frame.
    pub fn minimap_rect(&self) -> Rect {
        self.minimap.rect()
    }

    /// The document (its id and revision) the minimap's picture was drawn from.
    pub fn minimap_shows(&self) -> Option<(u64, u64)> {
        self.minimap.shows()
    }

    /// The hexes visible on the last frame.
    pub fn window(&self, grid: &sztab_core::hex::Grid) -> Option<HexWindow> {
        let (min, max) = self.camera.visible(self.rect);
        HexWindow::covering(grid, min, max)
    }

    /// Centres the view on a hex.
    pub fn centre_on_hex(&mut self, grid: &sztab_core::hex::Grid, h: HexId) {
        self.camera.centre_on(self.rect, grid.center(h));
    }

    /// Centres the view on a hex and zooms in until counters can be read (a link to a unit
    /// or hex); a closer view is kept.
    pub fn show_hex(&mut self, grid: &sztab_core::hex::Grid, h: HexId) {
        self.camera.zoom = self.camera.zoom.max(SHOW_ZOOM);
        self.centre_on_hex(grid, h);
    }

    /// Screen position of a board point on the last frame's canvas.
    pub fn screen_of(&self, p: [f32; 2]) -> egui::Pos2 {
        self.camera.to_screen(self.rect, p)
    }

    /// Allocates the canvas, handles navigation and reports the pointer for the tools.
    pub fn interact(&mut self, ui: &mut Ui, doc: &Document) -> Frame {
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        self.rect = rect;
        if self.fit_pending && rect.width() > 10.0 {
            self.camera = if self.show_minimap {
                minimap::fit_beside(rect, doc)
            } else {
                Camera::fit(rect, &doc.map().grid)
            };
            self.fit_pending = false;
        }
        let panning = self.navigate(ui, &response, rect);
        let mini = self
            .minimap
            .interact(ui, rect, doc, self.camera, &mut self.show_minimap);
        if let MinimapInput::Centre(centre) = mini {
            self.camera.centre_on(rect, centre);
        }
        if mini != MinimapInput::Away && !self.stroke {
            return Frame {
                rect,
                response,
                pointer: None,
            };
        }
        let pointer = if panning {
            None
        } else {
            self.pointer(ui, &response, doc)
        };
        Frame {
            rect,
            response,
            pointer,
        }
    }

    /// Pan with the middle or right button, or space + left drag; zoom with the wheel;
    /// arrows, +/- and Home from the keyboard. Returns true while panning.
    fn navigate(&mut self, ui: &Ui, response: &Response, rect: Rect) -> bool {
        let space = ui.input(|i| i.key_down(Key::Space)) && !ui.ctx().egui_wants_keyboard_input();
        let pan_drag = response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (space && response.dragged_by(PointerButton::Primary));
        if pan_drag {
            self.camera.pan_pixels(response.drag_delta());
        }
        if let Some(at) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll / 300.0).exp();
            if (factor - 1.0).abs() > 1e-4 {
                self.camera.zoom_at(rect, at, factor);
            }
        }
        if !ui.ctx().egui_wants_keyboard_input() {
            self.keys(ui, rect);
        }
        pan_drag || space
    }

    fn keys(&mut self, ui: &Ui, rect: Rect) {
        let (l, r, u, d, plus, minus, home) = ui.input(|i| {
            let no_mod = !i.modifiers.command;
            (
                i.key_pressed(Key::ArrowLeft),
                i.key_pressed(Key::ArrowRight),
                i.key_pressed(Key::ArrowUp),
                i.key_pressed(Key::ArrowDown),
                no_mod && (i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals)),
                no_mod && i.key_pressed(Key::Minus),
                i.key_pressed(Key::Home) || (i.modifiers.command && i.key_pressed(Key::Num0)),
            )
        });
        let delta = vec2(
            f32::from(u8::from(l)) - f32::from(u8::from(r)),
            f32::from(u8::from(u)) - f32::from(u8::from(d)),
        );
        if delta != egui::Vec2::ZERO {
            self.camera.pan_pixels(delta * KEY_PAN);
        }
        if plus {
            self.camera.zoom_at(rect, rect.center(), 1.25);
        }
        if minus {
            self.camera.zoom_at(rect, rect.center(), 0.8);
        }
        if home {
            self.fit_pending = true;
        }
    }

    /// The pointer for the tools. Press and release come from the frame's pointer events,
    /// not from the button's state at the end of the frame: a tap that presses and
    /// releases within one frame (touchpads) is a press, one frame held down and a release.
    fn pointer(&mut self, ui: &Ui, response: &Response, doc: &Document) -> Option<Pointer> {
        let (pressed, down, released, mods, pos) = ui.input(|i| {
            (
                i.pointer.button_pressed(PointerButton::Primary),
                i.pointer.button_down(PointerButton::Primary),
                i.pointer.button_released(PointerButton::Primary),
                i.modifiers,
                i.pointer.interact_pos().or(i.pointer.hover_pos()),
            )
        });
        let pos = pos?;
        let over = response.contains_pointer();
        let pressed = pressed && over;
        if pressed {
            self.stroke = true;
        }
        let released = released && self.stroke;
        if !over && !self.stroke {
            self.last_board = None;
            return None;
        }
        let board = self.camera.to_board(self.rect, pos);
        let p = Pointer {
            board,
            prev: if self.stroke && !pressed {
                self.last_board
            } else {
                None
            },
            hex: doc.map().grid.hex_at(board),
            pressed,
            down: self.stroke && (down || pressed),
            released,
            shift: mods.shift,
            ctrl: mods.command,
        };
        if released || !down {
            self.stroke = false;
        }
        self.last_board = Some(board);
        Some(p)
    }

    /// Paints the visible part of the map, the underlay, the overlay and the minimap. The
    /// map's layers come from the scene cache: a frame that changes neither the document
    /// nor the view draws only the underlay and the overlay. The overlay draws counters
    /// through the counter cache it is given; `counters_drawn` says it does, so the names
    /// are drawn after it. With OpenGL (`gpu`) the layers come from textures.
    pub fn paint(
        &mut self,
        ui: &Ui,
        doc: &Document,
        underlay: Option<&UnderlayView>,
        counters_drawn: bool,
        overlay: impl FnOnce(&mut EguiSink, &mut CounterCache),
    ) {
        let rect = self.rect;
        let painter = ui.painter_at(rect);
        let scene = self
            .scene
            .meshes(
                &painter,
                doc.revision(),
                doc.map(),
                doc.terrain(),
                self.camera,
                rect,
                self.layers,
            )
            .clone();
        self.drawn = scene.drawn;
        let scan = underlay.filter(|_| self.layers.underlay);
        let mut sink = EguiSink::new(&painter, self.camera, rect);
        match self.gpu.as_mut().filter(|g| g.working()) {
            Some(gpu) => {
                // Names stay above the counters: they are drawn after them, as meshes.
                let font = gpu.font(ui.ctx());
                let gpu = &*gpu;
                let sheet = |sheet, meshes, background| {
                    let layers = gpu::Layers { meshes, background };
                    gpu.shape(sheet, layers, font.clone(), rect)
                };
                let above: Vec<_> = [
                    Some(scene.marks.clone()),
                    (!counters_drawn).then(|| scene.names.clone()),
                ]
                .into_iter()
                .flatten()
                .collect();
                match scan {
                    Some(u) => {
                        sink.shape(sheet(Sheet::Bottom, vec![scene.terrain], BACKGROUND));
                        u.paint(&mut sink, &painter, self.camera, rect);
                        sink.shape(sheet(Sheet::AboveScan, above, Color32::TRANSPARENT));
                    }
                    None => {
                        let mut all = vec![scene.terrain];
                        all.extend(above);
                        sink.shape(sheet(Sheet::Bottom, all, BACKGROUND));
                    }
                }
                overlay(&mut sink, &mut self.counters);
                if counters_drawn {
                    sink.shape(Shape::Mesh(scene.names));
                }
            }
            None => {
                painter.rect_filled(rect, 0.0, BACKGROUND);
                sink.shape(Shape::Mesh(scene.terrain));
                if let Some(u) = scan {
                    u.paint(&mut sink, &painter, self.camera, rect);
                }
                sink.shape(Shape::Mesh(scene.marks));
                overlay(&mut sink, &mut self.counters);
                // Names above the counters the overlay drew.
                sink.shape(Shape::Mesh(scene.names));
            }
        }
        sink.finish();
        self.minimap
            .paint(ui, &painter, rect, doc, self.camera, self.show_minimap);
    }
}
