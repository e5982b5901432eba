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

use crate::model::SideId;
use crate::systems::wb95::{
    Action, Decision, Event, Fingerprint, FingerprintError, Game, GameResult, Pending, RuleError,
};

/// Anything that answers decisions: a bot, or a UI relaying a human. `Send`: the
/// playtest lets a bot decide on a thread of its own while the window stays live.
pub trait Player: Send {
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
    /// One phase took more actions than its units could ever need: the players keep
    /// answering without the game moving on, so it would never end.
    #[error(
        "the game is stuck in turn {turn}, {phase}: {actions} actions without the phase ending (the last, by {side}: {last}); the players repeat themselves, so the game cannot end"
    )]
    Stuck {
        turn: u32,
        phase: String,
        actions: usize,
        side: SideId,
        last: String,
    },
}

/// Actions one phase may take per unit of the scenario (a move, an attack with its
/// defence, losses, retreat and advance, ...), beyond a fixed allowance: far more than
/// any real phase needs, so only a game that goes round in circles reaches it.
pub(crate) const PHASE_ACTIONS_PER_UNIT: usize = 64;
pub(crate) const PHASE_ACTIONS_BASE: usize = 1024;

/// Plays `game` to the end, asking each side's player in `players`; `observe` sees
/// every action with its events. A game that needs more than `max_actions`, or a phase
/// that takes far more actions than its units could need, ends in an error.
pub fn play_out(
    game: &mut Game,
    players: &mut [(SideId, Box<dyn Player>)],
    max_actions: usize,
    observe: impl FnMut(&Game, &Action, &[Event]),
) -> Result<Played, PlayError> {
    let phase_budget = PHASE_ACTIONS_BASE + PHASE_ACTIONS_PER_UNIT * game.roster().len();
    drive(game, players, max_actions, phase_budget, observe)
}

fn drive(
    game: &mut Game,
    players: &mut [(SideId, Box<dyn Player>)],
    max_actions: usize,
    phase_budget: usize,
    mut observe: impl FnMut(&Game, &Action, &[Event]),
) -> Result<Played, PlayError> {
    let mut fingerprint = Fingerprint::new(game.format());
    fingerprint.extend(game.opening_events())?;
    let mut actions = Vec::new();
    let (mut tick, mut in_phase) = (game.state().tick(), 0usize);
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
        if game.state().tick() != tick {
            (tick, in_phase) = (game.state().tick(), 0);
        }
        in_phase += 1;
        if in_phase > phase_budget {
            let clock = game.state().clock;
            return Err(PlayError::Stuck {
                turn: clock.turn,
                phase: clock.phase.to_string(),
                actions: in_phase - 1,
                side,
                last: format!("{action}"),
            });
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Bundle;

    #[test]
    fn a_phase_that_never_ends_is_cut_off_naming_where() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/mini.scenario.ron"
        );
        let (bundle, _) = Bundle::load(std::path::Path::new(path)).unwrap();
        let mut game = Game::new(&bundle, 3).unwrap();
        let mut players: Vec<(SideId, Box<dyn Player>)> = ["german", "soviet"]
            .into_iter()
            .map(|s| (SideId::new(s), BotSpec::RANDOM.build(3)))
            .collect();
        let err = drive(&mut game, &mut players, 100_000, 2, |_, _, _| {}).unwrap_err();
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
