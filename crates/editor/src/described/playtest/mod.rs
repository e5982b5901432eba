//! The playtest of a scenario whose rules the shell does not know, played through the seam
//! (`RuleSystem::prepare` → `Playable::new_match` → `Match::step` for bots,
//! `Match::decision` / `Match::choose` for a person) on the editor's own map. Each side's
//! seat is a person or one of the system's bots; bots move on their turn, a person picks a
//! unit on the map (or in the list), sees its choices' targets shaded and clicks one, or
//! chooses in the list, where each choice explains itself (odds, line of sight). What lies
//! on the map besides units (the system's features: minefields, wrecks, fortifications)
//! is drawn with them. The same seed and bots give the same game as `sztab play --seed`.
//!
//! A bot's turn is stepped on a thread of its own (the match goes there and comes back),
//! so the window stays live while a slow bot thinks; Pause lets the action under way
//! land and starts no other, closing the window or a new game drops it unread.
//!
//! A game is saved as the seam's game log and loaded back into the replay bar
//! (`review.rs`), which steps through it and plays on from any position.

mod game_files;
mod marks;
mod review;
mod stack;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::features::Features;

use crate::document::Document;
use crate::files::Chooser;
use crate::panels::help::drawable;
use crate::playtest::paint;
use crate::worker::{Polled, Worker, seconds};
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::{Colour, UnitId};
use sztab_core::render::Sink;
use sztab_core::render::counter::{Stack, UnitLayer};
use sztab_seam::{
    BotChoice, BundleRef, Choice, CombatMark, Decision, Feature, Match, MatchError, Narration,
    OnBoard, Review, SideInfo,
};

/// The longest a frame waits for a bot's step: quick bots then take several a frame,
/// and a slow one never holds the window.
const FRAME_WAIT: Duration = Duration::from_millis(15);
/// How often the thinking time on screen is brought up to date.
const THINKING_REFRESH: Duration = Duration::from_millis(100);
/// The account kept in the window: the most recent lines.
const KEPT_LINES: usize = 2000;
/// The hexes a line of sight is traced through.
const SIGHT: sztab_core::model::Colour = sztab_core::model::Colour([230, 20, 20, 45]);

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen.
    Human,
    /// A bot of the system, as the command line names it (`greedy`).
    Bot(String),
}

impl Seat {
    fn label(&self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Bot(b) => format!("Bot: {b}"),
        }
    }
}

/// A match back from a bot's step, and what the step told.
type Stepped = (Box<dyn Match>, Result<Vec<String>, MatchError>);

/// The playtest window's state.
#[derive(Default)]
pub struct Playtest {
    pub open: bool,
    /// Each side's seat, by side order; a new game has the system's first bot everywhere.
    pub seats: Vec<Seat>,
    pub seed: u64,
    game: Option<Box<dyn Match>>,
    /// The match while a bot's step is worked out on its own thread (`game` is then
    /// empty), and what the step told.
    away: Option<Worker<Stepped>>,
    /// Actions taken, the sides and the phase, as last seen (shown while the match is
    /// away).
    actions: usize,
    sides: Vec<SideInfo>,
    phase: String,
    /// Bots play on their own (with nobody at a seat, Run starts them).
    running: bool,
    lines: Vec<String>,
    /// Why the game cannot go on.
    error: Option<String>,
    /// The rules' answer to the last choice, when they refused it.
    pub message: Option<String>,
    /// The position drawn, rebuilt after each action.
    layer: Option<Arc<UnitLayer>>,
    /// What the person at the seat must decide now.
    decision: Option<Decision>,
    /// The unit picked on the map or in the list.
    pub selected: Option<String>,
    /// The hex clicked last: the stack window lists its units.
    pub inspected: Option<HexId>,
    /// A probe tool has the map's clicks (a line of sight during the game).
    pub probing: bool,
    /// The game's last combat, marked on the map and named in the window.
    pub last_combat: Option<CombatMark>,
    /// The hex under the pointer, to show the selected unit's choice there.
    hovered: Option<HexId>,
    /// Several choices of the selected unit aim at this clicked hex: the list asks which.
    asked: Option<HexId>,
    /// Where each unit is, for map clicks.
    board: Vec<OnBoard>,
    /// What lies on the map besides units.
    features: Features,
    /// A recorded game being stepped through (the replay bar); `game` is then empty.
    review: Option<Box<dyn Review>>,
    /// The file chooser of Save game… or Load game….
    chooser: Option<Chooser>,
    /// Load game… was asked while the game in play has actions not saved.
    confirm_discard: bool,
    /// The game's actions when it was last saved.
    saved_actions: Option<usize>,
    /// What the last save or load did.
    pub note: Option<String>,
}

impl Playtest {
    /// Ends the game and closes the window (another document was opened).
    pub fn close(&mut self) {
        *self = Playtest {
            seed: self.seed,
            ..Playtest::default()
        };
    }

    /// The game's position while a game is on.
    pub fn layer(&self, doc: &Document) -> Option<Arc<UnitLayer>> {
        doc.described()?;
        self.started().then_some(())?;
        self.layer.clone()
    }

    /// A game is on (its match here, or away for a bot's step, or a recorded one in the
    /// replay bar).
    fn started(&self) -> bool {
        self.game.is_some() || self.away.is_some() || self.review.is_some()
    }

    /// Ends the game in play (a bot's step under way is dropped unread).
    fn drop_game(&mut self) {
        self.game = None;
        self.away = None;
        self.review = None;
        self.decision = None;
        self.running = false;
        self.saved_actions = None;
        self.inspected = None;
        self.last_combat = None;
    }

    /// The game on screen: the one in play, or the recorded one at the replay bar's
    /// position.
    fn shown_game(&self) -> Option<&dyn Match> {
        match (&self.review, &self.game) {
            (Some(r), _) => Some(r.position()),
            (None, Some(m)) => Some(m.as_ref()),
            (None, None) => None,
        }
    }

    /// The bots named for the seats (side id and bot name), and whether a person sits
    /// at any side.
    fn seated_bots(&self, g: &crate::document::DescribedScenario) -> (Vec<(String, String)>, bool) {
        let bots: Vec<(String, String)> = g
            .bundle
            .scenario
            .sides
            .iter()
            .zip(&self.seats)
            .filter_map(|(s, seat)| match seat {
                Seat::Bot(b) => Some((s.id.to_string(), b.clone())),
                Seat::Human => None,
            })
            .collect();
        let humans = bots.len() < self.seats.len();
        (bots, humans)
    }

    fn fill_seats(&mut self, doc: &Document) {
        let Some(g) = doc.described() else { return };
        let default = BotChoice::default_of(g.system).map_or(Seat::Human, |b| Seat::Bot(b.kind));
        self.seats.resize(g.bundle.scenario.sides.len(), default);
    }

    /// Starts a game of the document's scenario with the chosen seats.
    pub fn start(&mut self, doc: &Document) {
        let Some(g) = doc.described() else { return };
        self.fill_seats(doc);
        self.error = None;
        self.message = None;
        self.lines.clear();
        self.selected = None;
        self.asked = None;
        self.review = None;
        self.saved_actions = None;
        let (bots, humans) = self.seated_bots(g);
        let started = g
            .system
            .prepare(BundleRef::Described(&g.bundle))
            .and_then(|p| {
                if humans && !p.human_seats() {
                    return Err(sztab_seam::MatchError::Unsupported(format!(
                        "{} is played by bots only: choose a bot for every side",
                        g.system.name()
                    )));
                }
                p.new_match(self.seed, &bots, Narration::Events)
            });
        self.away = None;
        match started {
            Ok(m) => {
                self.running = humans;
                self.game = Some(m);
                self.refresh(doc);
            }
            Err(e) => {
                self.game = None;
                self.error = Some(e.to_string());
            }
        }
    }

    /// The bot to move takes one action.
    pub fn step(&mut self, doc: &Document) {
        let Some(m) = self.game.as_mut() else { return };
        if m.is_over() || self.decision.is_some() {
            return;
        }
        let stepped = m.step();
        self.stepped(doc, stepped);
    }

    fn stepped(&mut self, doc: &Document, stepped: Result<Vec<String>, MatchError>) {
        match stepped {
            Ok(lines) => self.lines.extend(lines),
            Err(e) => {
                self.error = Some(e.to_string());
                self.running = false;
            }
        }
        self.after_action(doc);
    }

    /// Is it a bot's turn in a game going on?
    fn bots_turn(&self) -> bool {
        let on = self.game.as_ref().is_some_and(|m| !m.is_over());
        on && self.decision.is_none() && self.error.is_none()
    }

    /// Sends the match off for the bot to move to take one action on its own thread.
    fn send_off(&mut self, ctx: &egui::Context) {
        if !self.bots_turn() {
            return;
        }
        let Some(mut m) = self.game.take() else {
            return;
        };
        match Worker::start("sztab-bot", Some(ctx.clone()), move || {
            let r = m.step();
            (m, r)
        }) {
            Ok(w) => self.away = Some(w),
            Err(e) => {
                self.drop_game();
                self.error = Some(format!("{e}: the game is lost"));
            }
        }
    }

    /// Takes the match back once the bot's step is done, waiting at most `wait`; false
    /// while it is still away.
    fn take_back(&mut self, doc: &Document, wait: Duration) -> bool {
        let Some(w) = &self.away else { return true };
        match w.poll(wait) {
            Polled::Busy => false,
            Polled::Done((m, stepped)) => {
                self.away = None;
                self.game = Some(m);
                self.stepped(doc, stepped);
                true
            }
            Polled::Lost => {
                self.drop_game();
                self.error = Some("the bot failed while deciding: the game is lost".into());
                true
            }
        }
    }

    /// The bots' turns at a frame: the step under way taken back when done, the next
    /// sent off while running, for as long as the frame may wait.
    fn drive(&mut self, ctx: &egui::Context, doc: &Document) {
        let deadline = Instant::now() + FRAME_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if !self.take_back(doc, left) {
                ctx.request_repaint_after(THINKING_REFRESH);
                return;
            }
            if !self.running || !self.bots_turn() {
                return;
            }
            if left.is_zero() {
                ctx.request_repaint();
                return;
            }
            self.send_off(ctx);
        }
    }

    /// The person at the seat chooses `choice` of the current decision.
    pub fn choose(&mut self, doc: &Document, choice: &Choice) {
        let Some(m) = self.game.as_mut() else { return };
        let told = m.choose(choice);
        self.settle(doc, told);
    }

    /// Takes the person's last action back, while the rules allow (no die rolled and no
    /// hidden unit revealed since, no bot's action after it).
    pub fn take_back_action(&mut self, doc: &Document) {
        let Some(m) = self.game.as_mut() else { return };
        let told = m.take_back();
        self.settle(doc, told);
    }

    /// After a person's action or take-back: what it told, or why the rules refused it;
    /// the selection dropped and the map redrawn.
    fn settle<E: std::fmt::Display>(&mut self, doc: &Document, told: Result<Vec<String>, E>) {
        match told {
            Ok(lines) => {
                self.lines.extend(lines);
                self.message = None;
            }
            Err(e) => self.message = Some(e.to_string()),
        }
        self.selected = None;
        self.asked = None;
        self.after_action(doc);
    }

    /// Chooses the current decision's choice labelled `label` (tests, keyboard users).
    pub fn choose_labelled(&mut self, doc: &Document, label: &str) -> bool {
        let Some(c) = self
            .decision
            .as_ref()
            .and_then(|d| d.choices.iter().find(|c| c.label == label))
            .cloned()
        else {
            return false;
        };
        self.choose(doc, &c);
        true
    }

    fn after_action(&mut self, doc: &Document) {
        if let Some(m) = self.game.as_mut()
            && m.is_over()
        {
            self.lines.extend(m.finish());
            self.running = false;
        }
        let extra = self.lines.len().saturating_sub(KEPT_LINES);
        self.lines.drain(..extra);
        self.refresh(doc);
    }

    /// Plays to the end at once with bots on every seat (tests; the window steps bots
    /// on their own thread instead).
    pub fn run_to_end(&mut self, doc: &Document) {
        while self.game.as_ref().is_some_and(|m| !m.is_over())
            && self.error.is_none()
            && self.decision.is_none()
        {
            self.step(doc);
        }
    }

    pub fn result(&self) -> Option<String> {
        self.game.as_ref().and_then(|m| m.result())
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// The units on the map now, drawn with the system's counter faces; a dispersed
    /// unit shows its back with its marks, a passenger names its carrier, units inside a
    /// fortification lie under those on top of it, marked fortified.
    fn refresh(&mut self, doc: &Document) {
        let Some(g) = doc.described() else { return };
        let Some(m) = self.shown_game() else { return };
        let (actions, sides, decision, board, list) = (
            m.actions(),
            m.sides(),
            m.decision(),
            m.board(),
            m.features(),
        );
        let last_combat = m.last_combat();
        self.phase = m.phase();
        self.last_combat = last_combat;
        self.features = Features {
            list,
            colours: side_colours(g, &sides),
        };
        (self.actions, self.sides, self.decision, self.board) = (actions, sides, decision, board);
        let inside: BTreeSet<&str> = self
            .features
            .list
            .iter()
            .flat_map(|f| f.holds.iter().map(String::as_str))
            .collect();
        // The first of a hex is drawn on top: units inside a fortification under those
        // on it, a passenger under its carrier.
        let mut order: Vec<&OnBoard> = self.board.iter().collect();
        order.sort_by_key(|o| (inside.contains(o.unit.as_str()), o.carried_by.is_some()));
        let counters = &g.bundle.counters;
        let mut by_hex: BTreeMap<HexId, Stack> = BTreeMap::new();
        for on in order {
            let Some(u) = counters.unit(&on.unit) else {
                continue;
            };
            let mut face = g.system.counter_face(counters, u, &Default::default());
            if !on.marks.is_empty() {
                face.reduced = true;
                face.layout.marks.extend(on.marks.iter().cloned());
            }
            if let Some(c) = &on.carried_by {
                face.layout.marks.push("aboard".into());
                face.formation = format!("aboard {c}");
            }
            face.markers.fortified = inside.contains(on.unit.as_str());
            let st = by_hex.entry(on.hex).or_insert_with(|| Stack {
                hex: on.hex,
                units: Vec::new(),
                faces: Vec::new(),
            });
            st.units.push(UnitId::new(on.unit.clone()));
            st.faces.push(face);
        }
        self.layer = Some(Arc::new(UnitLayer {
            stacks: by_hex.into_values().collect(),
        }));
    }

    /// The features of the game on screen (tests).
    pub fn features(&self) -> &[Feature] {
        &self.features.list
    }

    fn occupied(&self) -> BTreeSet<HexId> {
        self.board.iter().map(|o| o.hex).collect()
    }

    // ---- the map ----

    /// Whether map clicks are the person's, not the editor tool's.
    pub fn takes_clicks(&self) -> bool {
        self.open && self.decision.is_some()
    }

    /// The pointer over the map: its hex, and whether the button went down there.
    pub fn pointer(&mut self, doc: &Document, hex: Option<HexId>, pressed: bool) {
        self.hovered = hex;
        if let (true, Some(h)) = (pressed, hex) {
            self.click(doc, h);
        }
    }

    /// A click on `hex`: on a choice's target of the selected unit, that choice (or the
    /// list asks which, when several aim there); on a unit with choices, picks it
    /// (again: the next of its stack); elsewhere, drops the selection.
    pub fn click(&mut self, doc: &Document, hex: HexId) {
        self.inspected = Some(hex);
        let Some(d) = &self.decision else { return };
        self.asked = None;
        if let Some(sel) = &self.selected {
            let aimed: Vec<Choice> = d
                .of_unit(sel)
                .filter(|c| c.target == Some(hex))
                .cloned()
                .collect();
            match aimed.as_slice() {
                [one] => return self.choose(doc, one),
                [_, _, ..] => {
                    self.asked = Some(hex);
                    return;
                }
                [] => {}
            }
        }
        let here: Vec<&str> = self
            .board
            .iter()
            .filter(|o| o.hex == hex)
            .map(|o| o.unit.as_str())
            .filter(|u| d.of_unit(u).next().is_some())
            .collect();
        let next = match self
            .selected
            .as_deref()
            .and_then(|s| here.iter().position(|u| *u == s))
        {
            Some(i) => here.get(i + 1).or(here.first()),
            None => here.first(),
        };
        self.selected = next.map(|u| (*u).to_owned());
    }

    /// The choice the map shows now: the one asked about, or the selected unit's aimed
    /// at the hex under the pointer.
    fn shown(&self) -> Option<&Choice> {
        let d = self.decision.as_ref()?;
        let sel = self.selected.as_deref()?;
        let at = self.asked.or(self.hovered)?;
        d.of_unit(sel).find(|c| c.target == Some(at))
    }

    fn unit_hex(&self, unit: &str) -> Option<HexId> {
        self.board.iter().find(|o| o.unit == unit).map(|o| o.hex)
    }

    /// Shading under the counters: the selected unit's hex and its choices' targets.
    pub fn paint_below(&self, sink: &mut impl Sink, grid: &Grid) {
        if self.started() {
            self.features.paint_below(sink, grid, &self.occupied());
        }
        let (Some(d), Some(sel)) = (&self.decision, &self.selected) else {
            return;
        };
        let targets: Vec<HexId> = d.of_unit(sel).filter_map(|c| c.target).collect();
        paint::shade(sink, grid, targets.iter().copied(), paint::REACH);
        if let Some(c) = self.shown().filter(|c| c.sight) {
            paint::shade(sink, grid, c.hexes.iter().copied(), SIGHT);
        }
        if let Some(h) = self.unit_hex(sel) {
            paint::outline(sink, grid, [h], paint::SELECTED, 0.14);
        }
    }

    /// Above the counters: the shown choice's path or line of sight, its target ringed.
    pub fn paint_above(&self, sink: &mut impl Sink, grid: &Grid) {
        if self.started() {
            self.features.paint_above(sink, grid, &self.occupied());
        }
        if self.started() {
            self.paint_spotting(sink, grid);
        }
        self.paint_marks(sink, grid);
        if let Some(c) = &self.last_combat {
            paint_combat(sink, grid, c);
        }
        let Some(c) = self.shown() else { return };
        let from = self.selected.as_deref().and_then(|u| self.unit_hex(u));
        let hexes: Vec<HexId> = c
            .hexes
            .iter()
            .copied()
            .filter(|h| Some(*h) != from)
            .collect();
        if c.sight {
            // The line straight, centre to centre, over its traced hexes (shaded below).
            if let (Some(a), Some(b)) = (from, c.target) {
                sink.line(
                    grid.center(a),
                    grid.center(b),
                    0.08,
                    paint::TARGET,
                    Some(0.25),
                );
                sink.layer_done();
            }
        } else if !hexes.is_empty() {
            paint::path(sink, grid, from, &hexes, paint::PATH);
        }
        if let Some(t) = c.target {
            let colour = if c.explain.is_some() {
                paint::TARGET
            } else {
                paint::SELECTED
            };
            paint::outline(sink, grid, [t], colour, 0.1);
        }
    }

    // ---- the window ----

    pub fn window(&mut self, ctx: &egui::Context, doc: &Document) {
        if !self.open {
            return;
        }
        let mut open = self.open;
        let screen = ctx.content_rect();
        // At the right, off the map's west edge where a scenario's first units stand. Its
        // size is its own, not its content's: the log fills what the rest leaves, and long
        // choices wrap, so the buttons stay where the pointer is from one action to the
        // next (a window that grew was pushed back onto the screen, its buttons moved).
        egui::Window::new("Playtest")
            .open(&mut open)
            .default_pos(screen.right_top() + egui::vec2(-480.0, 60.0))
            .default_size([460.0, (screen.height() - 100.0).clamp(320.0, 680.0)])
            .show(ctx, |ui| self.ui(ui, doc));
        self.open = open;
        if !open {
            self.drop_game();
        }
        self.files_window(ctx, doc);
        self.drive(ctx, doc);
    }

    fn ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        let Some(g) = doc.described() else { return };
        self.fill_seats(doc);
        let sides = &g.bundle.scenario.sides;
        let mut offered = vec![Seat::Human];
        offered.extend(g.system.bots().iter().map(|b| Seat::Bot(b.kind.to_owned())));
        // Seats are set before a game, or for playing on from the replay bar.
        let seating = !self.started() || self.review.is_some();
        ui.add_enabled_ui(seating, |ui| {
            egui::Grid::new("playtest-seats").show(ui, |ui| {
                for (side, seat) in sides.iter().zip(&mut self.seats) {
                    let name = ui.label(&side.name);
                    egui::ComboBox::from_id_salt(("seat", side.id.as_str()))
                        .selected_text(seat.label())
                        .show_ui(ui, |ui| {
                            for s in &offered {
                                ui.selectable_value(seat, s.clone(), s.label());
                            }
                        })
                        .response
                        .labelled_by(name.id);
                    ui.end_row();
                }
                let name = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(name.id);
                ui.end_row();
            });
        });
        self.controls(ui, doc);
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::RED, drawable(ui.ctx(), e));
        }
        if let Some(w) = &self.away {
            ui.label(format!(
                "{} actions; {} thinking… {}",
                self.actions,
                self.thinker(doc),
                seconds(w.elapsed())
            ));
        }
        if let Some(n) = &self.note {
            ui.label(drawable(ui.ctx(), n));
        }
        if let Some(m) = self.shown_game() {
            ui.label(format!("{} · {} actions", self.phase, m.actions()));
            if let Some(c) = &self.last_combat {
                ui.label(format!(
                    "Last combat on {}: {}",
                    doc.map().label_of(c.hex),
                    c.text
                ));
            }
            if let Some(r) = m.result() {
                ui.strong(drawable(ui.ctx(), &r));
            }
        }
        self.features_ui(ui, doc);
        self.stack_ui(ui, doc);
        if let Some(d) = self.decision.clone() {
            ui.separator();
            self.decision_ui(ui, doc, &d);
        }
        ui.separator();
        // The newest line at the bottom, in view, unless the reader scrolled up.
        egui::ScrollArea::vertical()
            .id_salt("playtest-log")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for l in &self.lines {
                    ui.label(drawable(ui.ctx(), l));
                }
            });
    }

    /// Who is thinking: the bot of the only side a bot plays, else "the bot".
    fn thinker(&self, doc: &Document) -> String {
        let sides = doc.described().map(|g| &g.bundle.scenario.sides);
        let mut bots = sides
            .into_iter()
            .flatten()
            .zip(&self.seats)
            .filter(|(_, seat)| matches!(seat, Seat::Bot(_)));
        match (bots.next(), bots.next()) {
            (Some((side, _)), None) => format!("{} bot", side.name),
            _ => "the bot".into(),
        }
    }

    fn controls(&mut self, ui: &mut egui::Ui, doc: &Document) {
        if self.review.is_some() {
            self.replay_bar(ui, doc);
            return;
        }
        if !self.started() {
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
                    self.start(doc);
                }
                if ui.button("Load game…").clicked() {
                    self.ask_load(doc);
                }
            });
            return;
        }
        ui.horizontal(|ui| {
            let over = self.game.as_ref().is_some_and(|m| m.is_over());
            if ui
                .add_enabled(self.bots_turn(), egui::Button::new("Step"))
                .clicked()
            {
                self.send_off(ui.ctx());
            }
            let run = if self.running { "Pause" } else { "Run" };
            if ui.add_enabled(!over, egui::Button::new(run)).clicked() {
                self.running = !self.running;
            }
            let back = self.game.as_ref().map(|m| m.can_take_back());
            let why = match &back {
                Some(Err(why)) => why.clone(),
                _ => String::new(),
            };
            if ui
                .add_enabled(matches!(back, Some(Ok(()))), egui::Button::new("Take back"))
                .on_hover_text(
                    "Take your last action back: the game stands as before it, its log without it",
                )
                .on_disabled_hover_text(format!("Nothing to take back: {why}"))
                .clicked()
            {
                self.take_back_action(doc);
            }
            if ui.button("New game").clicked() {
                self.drop_game();
                self.lines.clear();
                self.selected = None;
            }
        });
        let here = self.game.is_some();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(here, egui::Button::new("Save game…"))
                .on_hover_text("Save the game so far as a game log, to resume or replay it")
                .clicked()
            {
                self.ask_save(doc);
            }
            if ui.button("Load game…").clicked() {
                self.ask_load(doc);
            }
            if ui
                .add_enabled(here, egui::Button::new("Replay…"))
                .on_hover_text("Step back through the game so far; play on from any position")
                .clicked()
            {
                self.review_game(doc);
            }
        });
    }

    /// What lies on the map besides units, hex by hex: "minefield on 2-D-4".
    fn features_ui(&self, ui: &mut egui::Ui, doc: &Document) {
        let list = &self.features.list;
        if !self.started() || list.is_empty() {
            return;
        }
        let sides = &self.sides;
        egui::CollapsingHeader::new(format!("On the map besides units ({})", list.len()))
            .id_salt("playtest-features")
            .default_open(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("playtest-features-list")
                    .max_height(70.0)
                    .show(ui, |ui| {
                        for f in list {
                            let whose = f
                                .side
                                .and_then(|s| sides.get(s))
                                .map_or(String::new(), |s| format!(" ({})", s.name));
                            let at = doc.map().label_of(f.hex);
                            let mut text = format!("{}{whose} on {at}", f.label());
                            if !f.holds.is_empty() {
                                text += &format!(", {} inside", f.holds.join(" "));
                            }
                            ui.label(text);
                        }
                    });
            });
    }

    /// The person's decision: the prompt, the selected unit's choices (or the units that
    /// have some), the choices of no unit, and the explanation of the choice shown.
    fn decision_ui(&mut self, ui: &mut egui::Ui, doc: &Document, d: &Decision) {
        ui.strong(drawable(ui.ctx(), &d.prompt));
        if self.probing {
            ui.colored_label(
                egui::Color32::from_rgb(190, 120, 0),
                "The map's clicks go to the probe: pick Units in the toolbar to play on the map.",
            );
        }
        if let Some(m) = &self.message {
            ui.colored_label(egui::Color32::from_rgb(190, 30, 30), drawable(ui.ctx(), m));
        }
        let mut chosen: Option<Choice> = None;
        // The explanation of the choice under the pointer, shown below the list.
        let mut pointed: Option<String> = None;
        egui::ScrollArea::vertical()
            .id_salt("playtest-choices")
            .max_height(260.0)
            .show(ui, |ui| match self.selected.clone() {
                Some(sel) => {
                    ui.horizontal(|ui| {
                        ui.label(format!("{sel}: click a shaded hex, or choose"));
                        if ui.small_button("Drop selection").clicked() {
                            self.selected = None;
                            self.asked = None;
                        }
                    });
                    for c in d.of_unit(&sel) {
                        if self.asked.is_some_and(|h| c.target != Some(h)) {
                            continue;
                        }
                        let r = choice_button(ui, c);
                        if r.clicked() {
                            chosen = Some(c.clone());
                        }
                        if r.hovered() {
                            pointed.clone_from(&c.explain);
                        }
                    }
                }
                None => {
                    ui.label("Click one of your units on the map, or pick it here:");
                    let mut units: Vec<&str> = Vec::new();
                    for c in &d.choices {
                        if let Some(u) = c.units.first()
                            && !units.contains(&u.as_str())
                        {
                            units.push(u);
                        }
                    }
                    let counters = doc.described().map(|g| &g.bundle.counters);
                    ui.horizontal_wrapped(|ui| {
                        for u in units {
                            let n = d.of_unit(u).count();
                            let name = counters
                                .and_then(|c| c.unit(u))
                                .map_or(String::new(), |x| format!("{} ", x.designation));
                            if ui.button(format!("{name}{u} ({n})")).clicked() {
                                self.selected = Some(u.to_owned());
                            }
                        }
                    });
                }
            });
        for c in d.general() {
            let r = choice_button(ui, c);
            if r.clicked() {
                chosen = Some(c.clone());
            }
            if r.hovered() {
                pointed.clone_from(&c.explain);
            }
        }
        let why = pointed.or_else(|| self.shown().and_then(|c| c.explain.clone()));
        if let Some(why) = why {
            ui.separator();
            ui.label(drawable(ui.ctx(), &why));
        }
        if let Some(c) = chosen {
            self.choose(doc, &c);
        }
    }
}

/// Each side's counter colours (fill, ink), in the match's side order: its first
/// nation's.
fn side_colours(
    g: &crate::document::DescribedScenario,
    sides: &[SideInfo],
) -> Vec<(Colour, Colour)> {
    let scenario = &g.bundle.scenario;
    sides
        .iter()
        .map(|s| {
            scenario
                .sides
                .iter()
                .find(|x| x.id.as_str() == s.id)
                .and_then(|x| x.nations.first())
                .and_then(|n| g.bundle.counters.nation(n.as_str()))
                .map_or((Colour::rgb(150, 150, 150), Colour::rgb(0, 0, 0)), |n| {
                    (n.colour, n.text_colour)
                })
        })
        .collect()
}

/// A choice as a button; pointing at it shows its explanation below the list.
fn choice_button(ui: &mut egui::Ui, c: &Choice) -> egui::Response {
    ui.add(egui::Button::new(drawable(ui.ctx(), &c.label)).wrap())
}

/// The last combat: its hex ringed, its odds, roll and result on a light tag across the
/// foot of the hex, legible over a counter.
fn paint_combat(sink: &mut impl Sink, grid: &Grid, c: &CombatMark) {
    if !grid.contains(c.hex) {
        return;
    }
    paint::outline(sink, grid, [c.hex], paint::TARGET, 0.08);
    let [x, y] = grid.center(c.hex);
    paint::tag(sink, [x, y + 0.62], 0.3, &c.text, paint::TARGET);
}
