//! What the order panels and map clicks of a decision work with: the session, the
//! orders being prepared, and where to report the engine's refusal.

use super::orders::Orders;
use super::session::Session;
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, Game, Hx, Side, Unit};

pub struct Cx<'a> {
    pub session: &'a mut Session,
    pub orders: &'a mut Orders,
    /// The engine's last refusal or a note for the player.
    pub message: &'a mut Option<String>,
    /// The side deciding.
    pub side: Side,
    /// With fog of war, the side the player at the screen sees for (R16); `None`: all.
    pub viewer: Option<Side>,
    /// A hex to centre and zoom the map on (a link clicked in a panel).
    pub goto: &'a mut Option<HexId>,
}

impl Cx<'_> {
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// Applies an action; a refusal becomes the message (naming the rule).
    pub fn act(&mut self, a: Action) -> bool {
        match self.session.apply(a) {
            Ok(()) => {
                *self.message = None;
                true
            }
            Err(e) => {
                *self.message = Some(format!("Refused: {e}"));
                false
            }
        }
    }

    /// Follows a link: the map centres and zooms on the hex, or on the unit's hex.
    pub fn follow(&mut self, t: crate::links::Target) {
        *self.goto = target_hex(self.game(), &t);
    }

    pub fn hx(&self, h: HexId) -> Option<Hx> {
        self.game().board().index(h)
    }

    pub fn own_units_at(&self, h: HexId) -> Vec<Unit> {
        let g = self.game();
        self.hx(h).map_or_else(Vec::new, |x| {
            g.units_at(x)
                .iter()
                .rev()
                .copied()
                .filter(|&u| g.info(u).side == self.side)
                .collect()
        })
    }
}

/// "10ID/41 (41 IR)": the id and, when it says more, the designation.
pub fn unit_label(game: &Game, u: Unit) -> String {
    let info = game.info(u);
    let id = info.id.as_str();
    let d = info.def.designation.as_str();
    if d.is_empty() || id.ends_with(d) {
        id.to_string()
    } else if d.contains(id) {
        d.to_string()
    } else {
        format!("{id} ({})", info.def.designation)
    }
}

/// A unit's label from its id.
pub fn id_label(game: &Game, id: &UnitId) -> String {
    game.roster()
        .get(id.as_str())
        .map_or_else(|| id.to_string(), |u| unit_label(game, u))
}

/// An enabled button when the engine accepts `action`, otherwise a disabled one whose
/// hover text gives the engine's reason. True when clicked.
pub fn action_button(ui: &mut egui::Ui, game: &Game, text: &str, action: &Action) -> bool {
    match game.check(action) {
        Ok(()) => ui.button(text).clicked(),
        Err(e) => {
            ui.add_enabled(false, egui::Button::new(text))
                .on_disabled_hover_text(e.to_string());
            false
        }
    }
}

/// The primary button of a dialog or panel: like `action_button`, and Enter presses it
/// while no text field has the keyboard.
pub fn confirm_button(ui: &mut egui::Ui, game: &Game, text: &str, action: &Action) -> bool {
    let clicked = action_button(ui, game, text, action);
    let enter =
        ui.input(|i| i.key_pressed(egui::Key::Enter)) && !ui.ctx().egui_wants_keyboard_input();
    clicked || (enter && game.check(action).is_ok())
}

/// Where a link points on the map: the hex, or the hex the unit stands on.
pub fn target_hex(game: &Game, t: &crate::links::Target) -> Option<HexId> {
    match t {
        crate::links::Target::Hex(h) => Some(*h),
        crate::links::Target::Unit(u) => {
            let u = game.roster().get(u)?;
            game.unit_state(u).hex().map(|h| game.hex_id(h))
        }
    }
}

/// Draws an engine message (a refusal, an obligation) with its units and hexes as links.
pub fn linked(
    ui: &mut egui::Ui,
    game: &Game,
    text: &str,
    colour: Option<egui::Color32>,
) -> Option<crate::links::Target> {
    let is_unit = |s: &str| game.roster().get(s).is_some();
    let is_hex = |h: HexId| game.board().index(h).is_some();
    crate::links::show(ui, text, colour, &is_unit, &is_hex)
}
