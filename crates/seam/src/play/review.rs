//! Stepping through a recorded game, as a replay bar does: the game at any position of
//! its log, rebuilt from the log's seed by taking its first actions again (forward is
//! one action; back replays from the start, which costs microseconds an action), and a
//! game going on from any position with the seats the player chooses.

use std::path::Path;
use std::sync::Arc;

use super::driver::Driver;
use super::log::{LogOf, replay_game};
use super::state::{GameRules, GameState};
use crate::{Match, MatchError, Narration, Review};

/// A game log of a compiled scenario, shown at one of its positions.
pub struct LogReview<R: GameRules> {
    rules: Arc<R>,
    log: LogOf<R::Game>,
    narration: Narration,
    /// The game after the log's first `position.actions()` actions, nobody seated.
    position: Driver<R::Game>,
    /// What the game told up to the position.
    lines: Vec<String>,
    phase_starts: Vec<usize>,
    reproduces: bool,
}

impl<R: GameRules> LogReview<R> {
    /// Reads the log `text` (from `log_path`), refusing another system's, format or
    /// rules version, and shows its last position.
    pub fn new(
        rules: Arc<R>,
        log_path: &Path,
        text: &str,
        narration: Narration,
    ) -> Result<Self, MatchError> {
        let log: LogOf<R::Game> = ron::from_str(text).map_err(|e| {
            MatchError::BadLog(format!("{}: not a game log: {e}", log_path.display()))
        })?;
        log.check(rules.as_ref(), log_path)?;
        let (game, fp) = replay_game(rules.as_ref(), &log)?;
        let reproduces = log.matches(&fp, game.result().as_ref());
        let phase_starts = phase_starts(rules.as_ref(), &log);
        let mut position = Driver::from_log(rules.as_ref(), &log, 0, None, narration)?;
        let mut review = LogReview {
            lines: position.told(),
            position,
            rules,
            log,
            narration,
            phase_starts,
            reproduces,
        };
        review.seek(review.log.actions.len())?;
        Ok(review)
    }

    fn restart(&mut self) -> Result<(), MatchError> {
        self.position = Driver::from_log(self.rules.as_ref(), &self.log, 0, None, self.narration)?;
        self.lines = self.position.told();
        Ok(())
    }
}

/// The positions of `log` at which the turn or the phase changes (0 first).
fn phase_starts<R: GameRules>(rules: &R, log: &LogOf<R::Game>) -> Vec<usize> {
    let mut game = rules.start(log.seed, log.format);
    let stage = |g: &R::Game| (g.outcome().turn, g.phase_name());
    let mut starts = vec![0];
    let mut last = stage(&game);
    for (i, a) in log.actions.iter().enumerate() {
        if game.apply(a).is_err() {
            break;
        }
        let now = stage(&game);
        if now != last {
            starts.push(i + 1);
            last = now;
        }
    }
    starts
}

impl<R: GameRules> Review for LogReview<R> {
    fn recorded(&self) -> usize {
        self.log.actions.len()
    }

    fn at(&self) -> usize {
        self.position.actions()
    }

    fn seek(&mut self, at: usize) -> Result<(), MatchError> {
        let at = at.min(self.recorded());
        if at < self.at() {
            self.restart()?;
        }
        let before = self.at();
        while self.at() < at {
            let i = self.at();
            let lines = self
                .position
                .retake(&self.log.actions[i])
                .map_err(|e| MatchError::Failed(format!("action {} is refused: {e}", i + 1)))?;
            self.lines.extend(lines);
        }
        if self.at() > before && self.position.is_over() {
            self.lines.extend(self.position.finish());
        }
        Ok(())
    }

    fn phase_starts(&self) -> &[usize] {
        &self.phase_starts
    }

    fn action(&self, i: usize) -> Option<String> {
        self.log.actions.get(i).map(ToString::to_string)
    }

    fn position(&self) -> &dyn Match {
        &self.position
    }

    fn lines(&self) -> &[String] {
        &self.lines
    }

    fn reproduces(&self) -> bool {
        self.reproduces
    }

    fn play_from_here(&self, bots: &[(String, String)]) -> Result<Box<dyn Match>, MatchError> {
        let mut game = Driver::from_log(
            self.rules.as_ref(),
            &self.log,
            self.at(),
            Some(bots),
            self.narration,
        )?;
        // What came before was told in the review.
        game.told();
        Ok(Box::new(game))
    }
}
