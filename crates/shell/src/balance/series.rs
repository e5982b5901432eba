//! Several studies of one scenario played in turn, each a [`run`](super::run) of the same
//! games (base seed and game count) between other bots: the ladder and the robustness
//! study are such series.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{BalanceError, Config, Progress, Shard, Study, play_one};
use sztab_seam::{BotChoice, Playable};

/// What a series plays: each pairing `games` games from `seed`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub pairings: Vec<[BotChoice; 2]>,
    pub games: u64,
    pub seed: u64,
    pub jobs: Option<usize>,
}

/// How far a series is: the pairing playing (0-based), its progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeriesProgress {
    pub pairing: usize,
    pub pairings: usize,
    pub game: Progress,
}

impl Series {
    fn config(&self, bots: &[BotChoice; 2]) -> Config {
        Config {
            games: self.games,
            seed: self.seed,
            bots: bots.clone(),
            shard: Shard::ALL,
            jobs: self.jobs,
            ..Config::default()
        }
    }

    /// Plays every pairing in turn; `cancel` stops after the games in progress (the
    /// studies played so far are returned, the last one marked cancelled).
    pub fn run(
        &self,
        playable: &Arc<dyn Playable>,
        progress: &(dyn Fn(SeriesProgress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Vec<Study>, BalanceError> {
        let mut out = Vec::new();
        for (i, bots) in self.pairings.iter().enumerate() {
            let report = |game: Progress| {
                progress(SeriesProgress {
                    pairing: i,
                    pairings: self.pairings.len(),
                    game,
                })
            };
            let study = super::run(playable, &self.config(bots), &report, cancel)?;
            let stop = study.cancelled;
            out.push(study);
            if stop {
                break;
            }
        }
        Ok(out)
    }

    /// How long the series would take on `threads` cores, from one game of each pairing
    /// (its first), timed on this thread: the estimate `--estimate` prints. Games vary,
    /// so it is a rough guide.
    pub fn estimate(&self, playable: &Arc<dyn Playable>, threads: usize) -> Duration {
        let seed = super::game_seed(self.seed, 0);
        let per_game: Duration = self
            .pairings
            .iter()
            .map(|bots| {
                let t = Instant::now();
                play_one(playable, bots, 0, seed, super::MAX_ACTIONS);
                t.elapsed()
            })
            .sum();
        per_game.mul_f64(self.games as f64 / threads.max(1) as f64)
    }
}

/// A series running on a background thread: poll its progress, cancel it, collect it.
pub struct SeriesRunner {
    cancel: Arc<AtomicBool>,
    last: Arc<std::sync::Mutex<Option<SeriesProgress>>>,
    handle: Option<std::thread::JoinHandle<Result<Vec<Study>, BalanceError>>>,
}

impl SeriesRunner {
    /// Starts `series` on a new thread (which uses rayon's workers).
    pub fn spawn(playable: Arc<dyn Playable>, series: Series) -> SeriesRunner {
        let cancel = Arc::new(AtomicBool::new(false));
        let last = Arc::new(std::sync::Mutex::new(None));
        let (c, l) = (cancel.clone(), last.clone());
        let handle = std::thread::spawn(move || {
            let report = |p: SeriesProgress| {
                if let Ok(mut g) = l.lock() {
                    *g = Some(p);
                }
            };
            series.run(&playable, &report, &c)
        });
        SeriesRunner {
            cancel,
            last,
            handle: Some(handle),
        }
    }

    /// The last progress report, if any.
    pub fn progress(&self) -> Option<SeriesProgress> {
        self.last.lock().ok().and_then(|g| *g)
    }

    /// Asks the run to stop after the games in progress.
    pub fn cancel(&self) {
        self.cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// Waits for the run and returns its studies.
    pub fn join(mut self) -> Result<Vec<Study>, BalanceError> {
        match self.handle.take().map(|h| h.join()) {
            Some(Ok(r)) => r,
            Some(Err(_)) | None => Err(BalanceError::Threads(0, "the run panicked".into())),
        }
    }
}
