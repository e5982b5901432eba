//! Players that answer a game's decisions: the `Player` trait, a driver that plays a
//! game to its end, the random-legal bot and the heuristic bot.

pub mod heuristic;
mod random;
mod spec;

pub use heuristic::HeuristicBot;
pub use random::RandomBot;
pub use spec::{BotKind, BotSpec};

use crate::model::SideId;
use crate::systems::wb95::{
    Action, Decision, Event, Fingerprint, FingerprintError, Game, GameResult, Pending, RuleError,
};

/// Anything that answers decisions: a bot, or a UI relaying a human.
pub trait Player {
    /// The action for `decision`, pending for `side`.
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action;
}

/// A game played to its end.
#[derive(Debug)]
pub struct Played {
    pub result: GameResult,
    pub actions: Vec<Action>,
    pub fingerprint: Fingerprint,
}

/// Why a game could not be played out.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("side {0} has no player")]
    NoPlayer(SideId),
    #[error("the {side} player chose an illegal action {action:?}: {error}")]
    Illegal {
        side: SideId,
        action: Box<Action>,
        error: RuleError,
    },
    #[error("no result after {0} actions")]
    TooLong(usize),
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
}

/// Plays `game` to the end, asking each side's player in `players`; `observe` sees
/// every action with its events.
pub fn play_out(
    game: &mut Game,
    players: &mut [(SideId, Box<dyn Player>)],
    max_actions: usize,
    mut observe: impl FnMut(&Game, &Action, &[Event]),
) -> Result<Played, PlayError> {
    let mut fingerprint = Fingerprint::new(game.format());
    fingerprint.extend(game.opening_events())?;
    let mut actions = Vec::new();
    loop {
        let (side, decision) = match game.pending() {
            Pending::GameOver(result) => {
                return Ok(Played {
                    result,
                    actions,
                    fingerprint,
                });
            }
            Pending::Decide { side, decision } => (side, decision),
        };
        if actions.len() >= max_actions {
            return Err(PlayError::TooLong(max_actions));
        }
        let Some((_, player)) = players.iter_mut().find(|(s, _)| *s == side) else {
            return Err(PlayError::NoPlayer(side));
        };
        let action = player.decide(game, &side, &decision);
        match game.apply(action.clone()) {
            Ok(events) => {
                fingerprint.extend(&events)?;
                observe(game, &action, &events);
                actions.push(action);
            }
            Err(error) => {
                return Err(PlayError::Illegal {
                    side,
                    action: Box::new(action),
                    error,
                });
            }
        }
    }
}
