//! Players that answer a game's decisions: the `Player` trait, a driver that plays a
//! game to its end, the random-legal bot, the heuristic bot and the search bot over it.

mod deploy;
pub mod heuristic;
mod random;
pub mod search;
mod spec;

pub use heuristic::HeuristicBot;
pub use random::RandomBot;
pub use search::SearchBot;
pub use spec::{BotKind, BotSpec};

use crate::{Action, Decision, Event, Game, Pending};
use sztab_core::model::SideId;
use sztab_seam::play::{self, Bot};

/// Anything that answers decisions: a bot, or a UI relaying a human. `Send`: the
/// playtest lets a bot decide on a thread of its own while the window stays live.
pub trait Player: Send {
    /// The action for `decision`, pending for `side`.
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action;
}

/// A WB-95 game played to its end.
pub type Played = sztab_seam::play::Played<Game>;

pub use sztab_seam::play::PlayError;

/// Actions one phase may take per unit of the scenario (a move, an attack with its
/// defence, losses, retreat and advance, ...), beyond a fixed allowance: far more than
/// any real phase needs, so only a game that goes round in circles reaches it.
pub(crate) const PHASE_ACTIONS_PER_UNIT: usize = 64;
pub(crate) const PHASE_ACTIONS_BASE: usize = 1024;

/// Plays `game` to the end, asking each side's player in `players`; `observe` sees
/// every action with its events. A game that needs more than `max_actions`, or a phase
/// that takes far more actions than its units could need, ends in an error. The seam's
/// loop ([`sztab_seam::play::play_out`]), with WB-95's players.
pub fn play_out(
    game: &mut Game,
    players: &mut [(SideId, Box<dyn Player>)],
    max_actions: usize,
    observe: impl FnMut(&Game, &Action, &[Event]),
) -> Result<Played, PlayError> {
    drive(game, players, max_actions, None, observe)
}

/// A WB-95 player as the seam's loop asks it: it answers the decision pending for its
/// side.
pub(crate) struct AsBot<'a>(pub &'a mut dyn Player);

impl Bot<Game> for AsBot<'_> {
    fn decide(&mut self, game: &Game) -> Action {
        match game.pending() {
            Pending::Decide { side, decision } => self.0.decide(game, &side, &decision),
            // Never asked once the game is over; the rules refuse any action then.
            Pending::GameOver(_) => Action::EndPhase,
        }
    }
}

fn drive(
    game: &mut Game,
    players: &mut [(SideId, Box<dyn Player>)],
    max_actions: usize,
    phase_budget: Option<usize>,
    observe: impl FnMut(&Game, &Action, &[Event]),
) -> Result<Played, PlayError> {
    let sides: Vec<SideId> = game.prepared().sides.iter().map(|s| s.id.clone()).collect();
    let mut seated: Vec<Option<AsBot>> = sides.iter().map(|_| None).collect();
    for (side, player) in players.iter_mut() {
        if let Some(i) = sides.iter().position(|s| s == side) {
            seated[i] = Some(AsBot(player.as_mut()));
        }
    }
    let mut bots: Vec<Option<&mut dyn Bot<Game>>> = seated
        .iter_mut()
        .map(|b| b.as_mut().map(|b| b as &mut dyn Bot<Game>))
        .collect();
    let encoding = game.format().encoding();
    play::play_out(
        game,
        &mut bots,
        encoding,
        max_actions,
        phase_budget,
        observe,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::Bundle;

    #[test]
    fn a_phase_that_never_ends_is_cut_off_naming_where() {
        let path = concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/tests/fixtures/mini.scenario.ron"
        );
        let (bundle, _) = Bundle::load(std::path::Path::new(path)).unwrap();
        let mut game = Game::new(&bundle, 3).unwrap();
        let mut players: Vec<(SideId, Box<dyn Player>)> = ["german", "soviet"]
            .into_iter()
            .map(|s| (SideId::new(s), BotSpec::RANDOM.build(3)))
            .collect();
        let err = drive(&mut game, &mut players, 100_000, Some(2), |_, _, _| {}).unwrap_err();
        let text = err.to_string();
        assert!(
            matches!(
                err,
                PlayError::Stuck {
                    turn: 1,
                    actions: 2,
                    ..
                }
            ),
            "{text}"
        );
        assert!(
            text.contains("turn 1") && text.contains("cannot end"),
            "{text}"
        );
    }
}
