//! Playtest mode: the full WB-95 game played on the document open in the editor, hot-seat
//! or against a bot, through the rules engine. Play ▶ opens the start dialog; the game
//! gets its own screen (phase bar, orders panel, map with overlays, event log and VP
//! tracker, decision dialogs) and "Back to editor" returns to the untouched document.
//!
//! The document is only read: the game is built from its bundle by `Game::new`, and the
//! editor's undo history is never touched.

mod board_view;
mod chronicle;
mod combat;
mod cx;
mod decisions;
mod fire;
mod game_files;
mod log_panel;
mod map;
mod movement;
mod odds_view;
mod orders;
pub mod overlays;
pub(crate) mod paint;
mod phase_bar;
mod reinforcements;
mod replay_bar;
pub mod seats;
mod session;
mod setup;
pub mod start;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Color32, RichText, Ui};

pub use chronicle::{Chronicle, Entry, Tone};
pub use combat::order as attack_order;
pub use orders::{AttackPlan, Orders};
pub use overlays::Overlays;
pub use seats::{Pace, Seat};
pub use session::Session;
pub use start::StartDialog;

use super::canvas::Canvas;
use super::document::Document;
use super::files::{Chooser, ChooserPurpose};
use super::worker::seconds;
use cx::Cx;
use sztab_core::hex::HexId;
use sztab_core::model::Bundle;
use sztab_wb95::{Action, Decision, Event, Game, PhaseKind, Side};

/// The longest a frame waits for a bot's answer: quick bots then act several times a
/// frame, and a slow one never holds the window.
const FRAME_WAIT: Duration = Duration::from_millis(15);
/// How often the thinking time on screen is brought up to date.
const THINKING_REFRESH: Duration = Duration::from_millis(100);

/// The playtest: its start dialog, the game in play and everything the screen shows.
pub struct PlayMode {
    pub start: Option<StartDialog>,
    session: Option<Session>,
    pub orders: Orders,
    pub overlays: Overlays,
    pub pace: Pace,
    /// Each player sees only what R16 shows of the enemy.
    pub fog: bool,
    /// The game in play was started (or loaded) with fog of war.
    fog_at_start: bool,
    /// A bot has held a seat in the game in play.
    bot_seen: bool,
    /// Hot-seat: the side whose player sits at the screen now.
    seen_by: Option<Side>,
    /// The engine's last refusal, or a note.
    pub message: Option<String>,
    chooser: Option<Chooser>,
    /// The scenario's file: game files are looked for and proposed beside it.
    scenario_file: Option<PathBuf>,
    /// Load game… was asked while the game in play has unsaved actions.
    confirm_discard: bool,
    last_bot: f64,
    /// "Next bot action" was clicked: the bot to act plays once it has decided.
    step_asked: bool,
    hovered: Option<HexId>,
    /// Combats per hex from the balance lab, for the heat overlay.
    pub heat: Vec<(HexId, u32)>,
    /// Game → Balance lab… was chosen (the editor owns the lab).
    pub lab_asked: bool,
    /// A hex the map must centre and zoom on (a link followed).
    pub goto: Option<HexId>,
}

impl Default for PlayMode {
    fn default() -> Self {
        Self {
            start: None,
            session: None,
            orders: Orders::default(),
            overlays: Overlays::default(),
            pace: Pace::Delay(150),
            fog: true,
            fog_at_start: true,
            bot_seen: false,
            seen_by: None,
            message: None,
            chooser: None,
            scenario_file: None,
            confirm_discard: false,
            last_bot: 0.0,
            step_asked: false,
            hovered: None,
            heat: Vec::new(),
            lab_asked: false,
            goto: None,
        }
    }
}

impl PlayMode {
    /// Is a game on screen?
    pub fn playing(&self) -> bool {
        self.session.is_some()
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn session_mut(&mut self) -> Option<&mut Session> {
        self.session.as_mut()
    }

    /// Play ▶: the start dialog on the document's scenario.
    pub fn open(&mut self, doc: &Document) {
        if let Some(b) = doc.bundle() {
            self.start = Some(StartDialog::new(b));
        }
    }

    /// Starts a game (from the dialog, or directly in tests and tools).
    pub fn begin(&mut self, game: Game, seats: [Seat; 2], fog: bool, scenario: PathBuf) {
        self.scenario_file = Some(scenario.clone()).filter(|p| !p.as_os_str().is_empty());
        self.begin_session(Session::new(game, seats, scenario), fog);
    }

    fn begin_session(&mut self, s: Session, fog: bool) {
        self.session = Some(s);
        self.fog = fog;
        self.fog_at_start = fog;
        self.bot_seen = false;
        self.seen_by = None;
        self.orders = Orders::default();
        self.message = None;
        self.start = None;
    }

    /// Leaves the game (Back to editor).
    pub fn stop(&mut self) {
        self.session = None;
        self.chooser = None;
    }

    /// Load game…: opens the path field, first asking whether to discard the game in
    /// play when it has actions not saved.
    pub fn ask_load(&mut self, scenario: Option<&std::path::Path>) {
        if let Some(f) = scenario {
            self.scenario_file = Some(f.to_owned());
        }
        if self.session.as_ref().is_some_and(Session::unsaved) {
            self.confirm_discard = true;
        } else {
            self.chooser = Some(self.game_chooser(ChooserPurpose::LoadGame));
        }
    }

    /// A chooser for a game file, in the scenario's folder (a game to save is named after
    /// the scenario).
    fn game_chooser(&self, purpose: ChooserPurpose) -> Chooser {
        use crate::files::suggest::{Context, start};
        let cx = Context {
            file: self.scenario_file.as_deref(),
            title: "game",
            scenario: true,
            recent: None,
        };
        Chooser::new(purpose, &start(purpose, cx))
    }

    /// "Discard the current game?" before loading another.
    fn discard_window(&mut self, ctx: &egui::Context) {
        if !self.confirm_discard {
            return;
        }
        let n = self.session.as_ref().map_or(0, |s| s.actions().len());
        egui::Window::new("Discard the current game?")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.label(format!(
                    "The game in play ({n} actions) has changes that are not saved. Loading another game discards them."
                ));
                ui.horizontal(|ui| {
                    if ui.button("Discard and load…").clicked() {
                        self.confirm_discard = false;
                        self.chooser = Some(self.game_chooser(ChooserPurpose::LoadGame));
                    }
                    if ui.button("Keep the game").clicked() {
                        self.confirm_discard = false;
                    }
                });
            });
    }

    /// The start dialog and the load-game chooser while the editor is on screen.
    pub fn editor_dialogs(&mut self, ctx: &egui::Context, doc: Option<&Document>) {
        let Some(doc) = doc else { return };
        let Some(bundle) = doc.bundle() else { return };
        if let Some(d) = &mut self.start {
            match d.show(ctx, bundle) {
                Some(start::StartAnswer::Start(g, seats, fog)) => {
                    let path = doc.path().map(PathBuf::from).unwrap_or_default();
                    self.begin(*g, seats, fog, path);
                }
                Some(start::StartAnswer::Cancel) => self.start = None,
                None => {}
            }
        }
        if !self.playing() {
            self.files_window(ctx, bundle);
        }
    }

    /// Loads a saved game onto the scenario; it opens in replay at its last position.
    pub fn load_game(&mut self, bundle: &Bundle, path: &std::path::Path) -> Result<(), String> {
        let seats = self
            .session
            .as_ref()
            .map_or([Seat::Human, Seat::Human], |s| s.seats);
        let s = game_files::load(bundle, path, seats)?;
        let fog = self.fog;
        self.begin_session(s, fog);
        self.message = Some(format!("loaded {}", path.display()));
        Ok(())
    }

    /// Saves the game in play as a game log.
    pub fn save_game(&mut self, path: &std::path::Path) -> Result<(), String> {
        let s = self.session.as_mut().ok_or("no game in play")?;
        game_files::save(s, path)?;
        s.mark_saved();
        self.message = Some(format!("game saved to {}", path.display()));
        Ok(())
    }

    /// May fog of war be switched off now? Not in a game started with fog against a bot:
    /// the human would see what R16 hides of the bot's units.
    pub fn fog_locked(&self) -> bool {
        self.fog && self.fog_at_start && (self.bot_seen || self.has_bot())
    }

    fn has_bot(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| Side::BOTH.into_iter().any(|x| !s.seat(x).is_human()))
    }

    /// The side a player at the screen may see everything of (`None`: all of both).
    pub fn viewer(&self) -> Option<Side> {
        let s = self.session.as_ref()?;
        if !self.fog || s.replaying() {
            return None;
        }
        if s.hot_seat() {
            return self.seen_by;
        }
        let humans: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&x| s.seat(x).is_human())
            .collect();
        match humans.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Hot-seat with fog: the side the screen must be handed over to first.
    pub fn hand_over_to(&self) -> Option<Side> {
        let s = self.session.as_ref()?;
        if !self.fog || !s.hot_seat() || s.replaying() {
            return None;
        }
        let (side, _) = s.decision()?;
        (self.seen_by != Some(side)).then_some(side)
    }

    /// The player at the screen confirms they are `side`.
    pub fn take_over(&mut self, side: Side) {
        self.seen_by = Some(side);
    }

    /// The decision a human at the screen must answer now.
    fn human_decision(&self) -> Option<(Side, Decision)> {
        let s = self.session.as_ref()?;
        if s.replaying() || self.hand_over_to().is_some() {
            return None;
        }
        s.decision().filter(|(side, _)| s.seat(*side).is_human())
    }

    /// The side whose overlays (enemy ZoC, supply) are shown.
    fn focus_side(&self) -> Side {
        let s = self.session.as_ref();
        self.human_decision()
            .map(|(x, _)| x)
            .or(self.viewer())
            .or_else(|| s.and_then(|s| s.decision()).map(|(x, _)| x))
            .unwrap_or(Side::A)
    }

    // ---- the screen ----

    /// The playtest screen; true when the player goes back to the editor.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, canvas: &mut Canvas) -> bool {
        let Some(bundle) = doc.bundle() else {
            return true;
        };
        // Switching the bot to a human seat does not unlock the fog (see `fog_locked`).
        self.bot_seen |= self.has_bot();
        self.drive_bots(ui.ctx());
        if let Some(s) = &self.session {
            let d = s.decision();
            self.orders
                .sync(s.actions().len(), d.as_ref().map(|(_, d)| d));
        }
        let mut leave = false;
        egui::Panel::top("play_menu").show(ui, |ui| leave = self.menu(ui));
        egui::Panel::top("play_phases").show(ui, |ui| self.phase_bar(ui));
        egui::Panel::bottom("play_status").show(ui, |ui| self.status(ui));
        let viewer = self.viewer();
        if let Some(s) = &self.session {
            egui::Panel::right("play_log")
                .default_size(340.0)
                .size_range(260.0..=440.0)
                .show(ui, |ui| log_panel::show(ui, s, viewer));
        }
        egui::Panel::left("play_orders")
            .default_size(360.0)
            .size_range(280.0..=460.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.orders_panel(ui))
            });
        egui::CentralPanel::default().show(ui, |ui| map::show(self, ui, doc, canvas));
        self.decision_window(ui.ctx());
        self.hand_over_window(ui.ctx());
        self.discard_window(ui.ctx());
        self.files_window(ui.ctx(), bundle);
        leave
    }

    fn menu(&mut self, ui: &mut Ui) -> bool {
        let mut leave = false;
        egui::MenuBar::new().ui(ui, |ui| {
            if ui
                .button(RichText::new("◀ Back to editor").strong())
                .on_hover_text("Leave the game; the document is as it was")
                .clicked()
            {
                leave = true;
            }
            ui.menu_button("Game", |ui| {
                if ui.button("Save game…").clicked() {
                    self.chooser = Some(self.game_chooser(ChooserPurpose::SaveGame));
                }
                if ui.button("Load game…").clicked() {
                    self.ask_load(None);
                }
                if ui.button("Replay from the start").clicked()
                    && let Some(s) = &mut self.session
                {
                    s.replay_from_start();
                }
                if ui.button("Balance lab…").clicked() {
                    self.lab_asked = true;
                }
            });
            ui.menu_button("View", |ui| {
                for (name, on) in self.overlays.toggles() {
                    ui.checkbox(on, name);
                }
                let locked = self.fog_locked();
                ui.add_enabled(
                    !locked,
                    egui::Checkbox::new(&mut self.fog, "Fog of war (R16)"),
                )
                .on_disabled_hover_text(
                    "The game was started with fog of war against a bot: it stays on",
                );
            });
            ui.menu_button("Players", |ui| self.players_menu(ui));
            if let Some(s) = &self.session {
                let g = s.game();
                ui.label(format!("{} — seed {}", g.prepared().title, g.seed()));
            }
        });
        leave
    }

    fn players_menu(&mut self, ui: &mut Ui) {
        let Some(s) = &mut self.session else { return };
        for side in Side::BOTH {
            let name = s.game().prepared().sides[side.index()].name.clone();
            let mut seat = s.seat(side);
            egui::ComboBox::from_label(name)
                .selected_text(seat.label())
                .show_ui(ui, |ui| {
                    for c in Seat::choices() {
                        ui.selectable_value(&mut seat, c, c.label());
                    }
                });
            if seat != s.seat(side) {
                s.set_seat(side, seat);
            }
        }
        ui.separator();
        ui.label("Bot speed");
        for (p, name) in Pace::CHOICES {
            ui.radio_value(&mut self.pace, p, name);
        }
    }

    fn phase_bar(&mut self, ui: &mut Ui) {
        let human = self.human_decision();
        let Some(s) = &mut self.session else { return };
        let deciding = s.decision();
        let may_end = matches!(
            human,
            Some((
                _,
                Decision::SetUp { .. }
                    | Decision::Move { .. }
                    | Decision::Attack { .. }
                    | Decision::Barrage { .. }
            ))
        );
        let end = phase_bar::show(
            ui,
            s.game(),
            deciding.as_ref().map(|(x, d)| (*x, d)),
            may_end,
        );
        if end {
            self.message = s
                .apply(Action::EndPhase)
                .err()
                .map(|e| format!("Refused: {e}"));
        }
    }

    fn status(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if let Some(m) = self.message.clone() {
                let red = m.starts_with("Refused") || m.contains("illegal");
                let c = if red {
                    Color32::from_rgb(190, 30, 30)
                } else {
                    ui.visuals().text_color()
                };
                if let Some(g) = self.session.as_ref().map(Session::game) {
                    if let Some(t) = cx::linked(ui, g, &m, Some(c)) {
                        self.goto = cx::target_hex(g, &t);
                    }
                } else {
                    ui.colored_label(c, &m);
                }
                if ui.small_button("Dismiss").clicked() {
                    self.message = None;
                }
            }
            if let (Some(h), Some(s), None) = (self.hovered, &self.session, self.hand_over_to()) {
                ui.separator();
                ui.monospace(map::describe_hex(s.game(), self.viewer(), h));
            }
        });
    }

    fn cx(&mut self, side: Side) -> Option<Cx<'_>> {
        let viewer = self.viewer();
        let session = self.session.as_mut()?;
        Some(Cx {
            session,
            orders: &mut self.orders,
            message: &mut self.message,
            side,
            viewer,
            goto: &mut self.goto,
        })
    }

    fn orders_panel(&mut self, ui: &mut Ui) {
        let Some(s) = &self.session else { return };
        if s.replaying() {
            replay_bar::show(ui, self);
            return;
        }
        if let Some(r) = s.result() {
            ui.heading("Game over");
            ui.label(RichText::new(r.to_string()).strong());
            ui.label("Save the game, replay it from the start, or go back to the editor.");
            return;
        }
        if let Some(side) = self.hand_over_to() {
            ui.label(format!(
                "Waiting for the {} player.",
                s.game().prepared().sides[side.index()].name
            ));
            return;
        }
        if let Some(side) = s.bot_to_act() {
            self.bot_panel(ui, side);
            return;
        }
        let Some((side, d)) = self.human_decision() else {
            return;
        };
        let name = s.game().prepared().sides[side.index()].name.clone();
        ui.heading(format!("{name}: {}", phase_bar::asks(&d)));
        let Some(mut cx) = self.cx(side) else {
            return;
        };
        match &d {
            Decision::SetUp { .. } => setup::panel(ui, &mut cx),
            Decision::Move { .. } => movement::panel(ui, &mut cx),
            Decision::Attack { .. } => combat::panel(ui, &mut cx),
            Decision::Barrage { .. } => fire::panel(ui, &mut cx, true),
            _ => {
                ui.label("Answer the dialog on the map.");
            }
        }
        ui.separator();
        self.last_action(ui);
    }

    fn bot_panel(&mut self, ui: &mut Ui, side: Side) {
        let Some(s) = &self.session else { return };
        let name = &s.game().prepared().sides[side.index()].name;
        let asks = s
            .decision()
            .map(|(_, d)| phase_bar::asks(&d))
            .unwrap_or_default();
        ui.heading(format!("{name} ({}): {asks}", s.seat(side).label()));
        if let Some((x, t)) = s.thinking() {
            let who = &s.game().prepared().sides[x.index()].name;
            ui.label(format!("{who} bot thinking… {}", seconds(t)));
        }
        ui.horizontal(|ui| {
            ui.label("Bot speed:");
            for (p, n) in Pace::CHOICES {
                ui.radio_value(&mut self.pace, p, n);
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Next bot action").clicked() {
                self.step_asked = true;
                ui.ctx().request_repaint();
            }
            if ui
                .add_enabled(self.pace != Pace::Step, egui::Button::new("Pause"))
                .on_hover_text("The bots stop; Next bot action goes on one action at a time")
                .clicked()
            {
                self.pace = Pace::Step;
            }
            if ui
                .button("Take over this seat")
                .on_hover_text("You play this side from now on")
                .clicked()
                && let Some(s) = &mut self.session
            {
                s.set_seat(side, Seat::Human);
            }
        });
        self.last_action(ui);
    }

    /// What was just done, in words (without the other side's secret orders under fog).
    fn last_action(&self, ui: &mut Ui) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let Some(d) = s.last.as_ref() else {
            return;
        };
        let viewer = self.viewer();
        let readable = |e: &&Event| chronicle::readable(s.game().secret_of(e), viewer);
        let who = if d.by_bot { "Bot" } else { "Last order" };
        egui::CollapsingHeader::new(format!("{who}: {} event(s)", d.events.len()))
            .default_open(d.by_bot)
            .show(ui, |ui| {
                let lines = d.events.iter().filter(readable);
                for text in lines
                    .filter_map(|e| chronicle::sentence(s.game(), e))
                    .take(12)
                {
                    ui.weak(text);
                }
            });
    }

    /// Lets bots act at the chosen pace, each deciding on a thread of its own: a frame
    /// sends the bot to act off, waits a little for its answer and plays it when due
    /// (thinking goes on through a delay); otherwise the next frame looks again.
    fn drive_bots(&mut self, ctx: &egui::Context) {
        let deadline = Instant::now() + FRAME_WAIT;
        loop {
            let Some(s) = &mut self.session else { return };
            if s.bot_to_act().is_none() {
                self.step_asked = false;
                return;
            }
            let now = ctx.input(|i| i.time);
            let wait = match self.pace {
                Pace::Step if !self.step_asked => return self.pause_bots(ctx),
                Pace::Step | Pace::Fast => 0.0,
                Pace::Delay(ms) => f64::from(ms) / 1000.0 - (now - self.last_bot),
            };
            // At a delay, a frame polls the bot when it is due (it thinks meanwhile);
            // otherwise the bot wakes the window when it has decided.
            let wake = !matches!(self.pace, Pace::Delay(_));
            if let Err(e) = s.ask_bot(wake.then(|| ctx.clone())) {
                return self.stop_bots(e);
            }
            if wait > 0.0 {
                ctx.request_repaint_after(Duration::from_secs_f64(wait));
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match s.poll_bot(left).and_then(|_| s.play_answer()) {
                Err(e) => return self.stop_bots(e),
                Ok(false) => {
                    ctx.request_repaint_after(THINKING_REFRESH);
                    return;
                }
                Ok(true) => {
                    self.last_bot = now;
                    self.step_asked = false;
                }
            }
            match self.pace {
                Pace::Step => return,
                Pace::Delay(ms) => {
                    ctx.request_repaint_after(Duration::from_millis(u64::from(ms)));
                    return;
                }
                Pace::Fast if Instant::now() >= deadline => {
                    ctx.request_repaint();
                    return;
                }
                Pace::Fast => {}
            }
        }
    }

    /// Paused: a bot still deciding comes home when done, its action kept for later.
    fn pause_bots(&mut self, ctx: &egui::Context) {
        let Some(s) = &mut self.session else { return };
        if let Err(e) = s.poll_bot(Duration::ZERO) {
            return self.stop_bots(e);
        }
        if s.thinking().is_some() {
            ctx.request_repaint_after(THINKING_REFRESH);
        }
    }

    /// A bot's illegal action or failure stops the bots.
    fn stop_bots(&mut self, e: String) {
        self.message = Some(e);
        self.pace = Pace::Step;
        self.step_asked = false;
    }

    /// Is a bot's action under way (thinking, or asked for with Next bot action)?
    pub fn bot_busy(&self) -> bool {
        let thinking = self.session.as_ref().and_then(Session::thinking).is_some();
        thinking || self.step_asked
    }

    /// One bot action, decided here and now (tests and tools; the screen lets bots
    /// decide on their own thread); an illegal one stops the bots.
    pub fn bot_step(&mut self) {
        let Some(s) = &mut self.session else { return };
        if let Err(e) = s.step_bot() {
            self.stop_bots(e);
        }
    }

    fn decision_window(&mut self, ctx: &egui::Context) {
        let Some((side, d)) = self.human_decision() else {
            return;
        };
        let Some(title) = decisions::title(&d) else {
            return;
        };
        let name = self
            .session
            .as_ref()
            .map(|s| s.game().prepared().sides[side.index()].name.clone())
            .unwrap_or_default();
        let Some(mut cx) = self.cx(side) else {
            return;
        };
        egui::Window::new(format!("{name}: {title}"))
            .id(egui::Id::unique("play_decision"))
            .default_pos(ctx.content_rect().right_top() + egui::vec2(-760.0, 90.0))
            .default_width(380.0)
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(560.0)
                    .show(ui, |ui| decisions::body(ui, &mut cx, &d));
            });
    }

    fn hand_over_window(&mut self, ctx: &egui::Context) {
        let Some(side) = self.hand_over_to() else {
            return;
        };
        let Some(s) = &self.session else { return };
        let name = s.game().prepared().sides[side.index()].name.clone();
        let asks = s
            .decision()
            .map(|(_, d)| phase_bar::asks(&d))
            .unwrap_or_default();
        let mut take = false;
        egui::Modal::new(egui::Id::unique("hand_over")).show(ctx, |ui| {
            ui.heading(format!("Hand over to the {name} player"));
            ui.label(format!("Next: {asks}. The other player should look away."));
            take = ui.button(format!("I am the {name} player")).clicked();
        });
        if take {
            self.take_over(side);
        }
    }

    fn files_window(&mut self, ctx: &egui::Context, bundle: &Bundle) {
        let Some(ch) = &mut self.chooser else { return };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        let purpose = ch.purpose;
        if !open {
            self.chooser = None;
        }
        let Some(path) = chosen else { return };
        self.chooser = None;
        let done = match purpose {
            ChooserPurpose::SaveGame => self.save_game(&path),
            ChooserPurpose::LoadGame => self.load_game(bundle, &path),
            _ => Ok(()),
        };
        if let Err(e) = done {
            self.message = Some(e);
        }
    }

    /// Which phases take map clicks for the human deciding now.
    fn click_target(&self) -> Option<(Side, Decision)> {
        let (side, d) = self.human_decision()?;
        let phase = self.session.as_ref()?.game().state().clock.phase.kind();
        match (&d, phase) {
            (Decision::SetUp { .. }, _) => Some((side, d)),
            (Decision::Move { .. }, PhaseKind::Movement | PhaseKind::Strategic)
            | (Decision::Attack { .. }, PhaseKind::Combat)
            | (Decision::Barrage { .. }, PhaseKind::Barrage) => Some((side, d)),
            (d, _) if decisions::title(d).is_some() => Some((side, d.clone())),
            _ => None,
        }
    }
}
