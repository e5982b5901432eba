//! The balance lab: bots play many games of a scenario and the results say whether it
//! is balanced.
//!
//! * [`run`] plays the games of a [`Config`] on all cores (rayon), reporting
//!   [`Progress`] after every game and stopping early when its cancel flag is set;
//!   [`Runner::spawn`] does the same on a background thread for a GUI.
//! * Game *i* of a study is seeded with [`game_seed`]`(base, i)` and its bots with
//!   seeds derived from it, so a game's record depends only on the scenario, the bots,
//!   the base seed and *i*: not on the thread count or on which machine played it.
//! * [`Shard`] `K/N` plays the K-th of N disjoint index ranges of the study; the shards'
//!   CSV files ([`csv`]) merge into exactly the records of a single run.
//! * [`Summary`] turns records into win rates with Wilson intervals, the VP and level
//!   distributions, losses, automatic victories and the combat heat map.
//! * A [`series::Series`] plays several studies in turn: the bot [`ladder`] (is each
//!   rung stronger than the one below?) and the [`robustness`] study (does the verdict
//!   hold at every strength?).

pub mod csv;
pub mod ladder;
pub mod robustness;
pub mod series;
pub mod shares;
mod summary;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rayon::prelude::*;

pub use summary::{Histogram, Summary, wilson};

pub use sztab_seam::GameRecord;
use sztab_seam::{BotChoice, Narration, Playable};

/// Actions after which a game counts as stuck (a bot that never ends a phase).
pub const MAX_ACTIONS: usize = 200_000;

/// Games one run plays at most: every record stays in memory until the summary (about a
/// kilobyte a game). Larger studies are split with shards, each run playing its part.
pub const MAX_GAMES_PER_RUN: u64 = 1_000_000;

/// The K-th (1-based) of N disjoint parts of a study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole study.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The game indices of this shard in a study of `games` games: contiguous ranges
    /// that cover `0..games` exactly once over K = 1..=N.
    pub fn range(self, games: u64) -> Range<u64> {
        let n = self.count.max(1);
        let k = self.index.clamp(1, n) - 1;
        let at = |i: u64| ((u128::from(games) * u128::from(i)) / u128::from(n)) as u64;
        at(k)..at(k + 1)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("shard \"{s}\" should be K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Games in the whole study (all shards together).
    pub games: u64,
    /// The study's base seed.
    pub seed: u64,
    /// The bot of each side, in the scenario's side order (the first moves first).
    pub bots: [BotChoice; 2],
    pub shard: Shard,
    /// Worker threads; `None` uses every core.
    pub jobs: Option<usize>,
    pub max_actions: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 100,
            seed: 1,
            // The command line and the lab put the system's own default here.
            bots: [
                BotChoice::new("heuristic", Some(3)),
                BotChoice::new("heuristic", Some(3)),
            ],
            shard: Shard::ALL,
            jobs: None,
            max_actions: MAX_ACTIONS,
        }
    }
}

/// The seed of game `index` of a study with base seed `base` (SplitMix64 of both).
pub fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of the bot of side `side` (0: the first side) in a game seeded `seed`: the
/// seed `sztab play --seed` gives the bot of its first and second `--bot`, so
/// `sztab play SCENARIO --seed SEED --bot A=... --bot B=...` replays a game of a study.
pub fn bot_seed(seed: u64, side: usize) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(side as u64 + 1)
}

/// How far a run is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
    pub elapsed: Duration,
}

/// Who played, for labelling results (also carried by every CSV row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyInfo {
    pub scenario: String,
    /// Side ids, A (initiative) then B.
    pub sides: [String; 2],
    pub bots: [BotChoice; 2],
    /// What the records' losses count: "CEL", "steps", "units" ([`LOSSES`] when a file
    /// written before the column was added does not say).
    pub loss_unit: String,
}

/// The loss unit of records that do not name theirs.
pub const LOSSES: &str = "losses";

impl StudyInfo {
    pub fn of(playable: &dyn Playable, bots: [BotChoice; 2]) -> Self {
        let sides = playable.sides();
        let id = |i: usize| sides.get(i).map(|s| s.id.clone()).unwrap_or_default();
        StudyInfo {
            scenario: playable.title(),
            sides: [id(0), id(1)],
            bots,
            loss_unit: playable.loss_unit().into(),
        }
    }
}

/// A finished (or cancelled) run.
#[derive(Clone, Debug)]
pub struct Study {
    pub info: StudyInfo,
    /// Records in game order.
    pub records: Vec<GameRecord>,
    /// Wall time of the run (`None` for merged files).
    pub elapsed: Option<Duration>,
    /// Threads used.
    pub threads: usize,
    pub cancelled: bool,
}

impl Study {
    pub fn summary(&self) -> Summary {
        Summary::of(&self.info, &self.records, self.elapsed)
    }
}

/// Why a study could not run.
#[derive(Debug, thiserror::Error)]
pub enum BalanceError {
    #[error("cannot start {0} worker threads: {1}")]
    Threads(usize, String),
    #[error(
        "this run would play {0} games; one run plays at most {MAX_GAMES_PER_RUN} (each record is kept for the summary): split the study with --shard K/N"
    )]
    TooManyGames(u64),
}

/// Plays one game of a study: `index` and `seed` name it, `bots` in side order.
pub fn play_one(
    playable: &Arc<dyn Playable>,
    bots: &[BotChoice; 2],
    index: u64,
    seed: u64,
    max_actions: usize,
) -> GameRecord {
    let sides = playable.sides();
    let named: Vec<(String, String)> = sides
        .iter()
        .zip(bots)
        .map(|(s, b)| (s.id.clone(), b.to_string()))
        .collect();
    let failed = |why: String| GameRecord {
        game: index,
        seed,
        error: Some(why),
        ..GameRecord::default()
    };
    let mut game = match playable.new_match(seed, &named, Narration::Silent) {
        Ok(g) => g,
        Err(e) => return failed(e.to_string()),
    };
    let mut error = None;
    while !game.is_over() {
        if game.actions() >= max_actions {
            error = Some(format!("no result after {max_actions} actions"));
            break;
        }
        if let Err(e) = game.step() {
            error = Some(e.to_string());
            break;
        }
    }
    let mut rec = game.record();
    rec.game = index;
    rec.seed = seed;
    if error.is_some() {
        rec.error = error;
        rec.winner = None;
        rec.level = None;
        rec.automatic = false;
    }
    rec
}

/// [`play_one`], with a panic in the engine or a bot (a debug build's checks, say)
/// recorded as the game's error instead of ending the whole run.
fn play_guarded(
    playable: &Arc<dyn Playable>,
    bots: &[BotChoice; 2],
    index: u64,
    seed: u64,
    max_actions: usize,
) -> GameRecord {
    let play = || play_one(playable, bots, index, seed, max_actions);
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(play)).unwrap_or_else(|p| {
        let why = p
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| p.downcast_ref::<&str>().copied())
            .unwrap_or("unknown cause");
        GameRecord {
            game: index,
            seed,
            error: Some(format!("panicked: {why}")),
            ..GameRecord::default()
        }
    })
}

/// Plays the games of `config` (its shard) and returns their records in game order.
/// `progress` is called after every game, from the worker threads; setting `cancel`
/// stops the run after the games in progress (the study is then `cancelled`, with the
/// records of the games that finished).
pub fn run(
    playable: &Arc<dyn Playable>,
    config: &Config,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Study, BalanceError> {
    let range = config.shard.range(config.games);
    let total = range.end - range.start;
    if total > MAX_GAMES_PER_RUN {
        return Err(BalanceError::TooManyGames(total));
    }
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let play = || -> Vec<GameRecord> {
        range
            .clone()
            .into_par_iter()
            .filter_map(|i| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let seed = game_seed(config.seed, i);
                let rec = play_guarded(playable, &config.bots, i, seed, config.max_actions);
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(Progress {
                    done: d,
                    total,
                    elapsed: start.elapsed(),
                });
                Some(rec)
            })
            .collect()
    };
    let (records, threads) = match config.jobs {
        Some(n) => {
            // More threads than cores only add switching: 10000 asked are the cores.
            let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.clamp(1, cores))
                .build()
                .map_err(|e| BalanceError::Threads(n, e.to_string()))?;
            (pool.install(play), pool.current_num_threads())
        }
        None => (play(), rayon::current_num_threads()),
    };
    let cancelled = (records.len() as u64) < total;
    Ok(Study {
        info: StudyInfo::of(playable.as_ref(), config.bots.clone()),
        records,
        elapsed: Some(start.elapsed()),
        threads,
        cancelled,
    })
}

/// A study running on a background thread: poll its progress, cancel it, collect it.
pub struct Runner {
    done: Arc<AtomicU64>,
    total: u64,
    cancel: Arc<AtomicBool>,
    last: Arc<Mutex<Option<Progress>>>,
    handle: Option<JoinHandle<Result<Study, BalanceError>>>,
}

impl Runner {
    /// Starts `config` on a new thread (which uses rayon's workers).
    pub fn spawn(playable: Arc<dyn Playable>, config: Config) -> Runner {
        let done = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let last = Arc::new(Mutex::new(None));
        let total = {
            let r = config.shard.range(config.games);
            r.end - r.start
        };
        let (d, c, l) = (done.clone(), cancel.clone(), last.clone());
        let handle = std::thread::spawn(move || {
            let report = |p: Progress| {
                d.fetch_max(p.done, Ordering::Relaxed);
                if let Ok(mut g) = l.lock() {
                    *g = Some(p);
                }
            };
            run(&playable, &config, &report, &c)
        });
        Runner {
            done,
            total,
            cancel,
            last,
            handle: Some(handle),
        }
    }

    /// Games finished and games to play.
    pub fn progress(&self) -> (u64, u64) {
        (self.done.load(Ordering::Relaxed), self.total)
    }

    /// The last progress report (with the elapsed time), if any.
    pub fn last_report(&self) -> Option<Progress> {
        self.last.lock().ok().and_then(|g| *g)
    }

    /// Asks the run to stop after the games in progress.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// Waits for the run and returns its study.
    pub fn join(mut self) -> Result<Study, BalanceError> {
        match self.handle.take().map(|h| h.join()) {
            Some(Ok(r)) => r,
            Some(Err(_)) | None => Err(BalanceError::Threads(0, "the run panicked".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_study_once() {
        for games in [0u64, 1, 7, 100, 1001] {
            for n in 1..=7u64 {
                let mut next = 0;
                for k in 1..=n {
                    let r = Shard { index: k, count: n }.range(games);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        assert!("0/8".parse::<Shard>().is_err());
        assert!("9/8".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
    }

    #[test]
    fn game_seeds_differ_by_index_and_base() {
        let a: Vec<u64> = (0..100).map(|i| game_seed(1, i)).collect();
        let mut b = a.clone();
        b.sort_unstable();
        b.dedup();
        assert_eq!(b.len(), 100);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
        assert_eq!(game_seed(5, 17), game_seed(5, 17));
    }
}
