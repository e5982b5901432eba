//! The bot ladder: is each rung really stronger than the one below?
//!
//! For each adjacent pair of rungs (weaker, stronger) three matches are played, each
//! the same games (base seed and count): the mirror, weaker against weaker, and the
//! stronger rung against the weaker on each side. A rung's *gain* for a side is its win
//! share there against the weaker rung minus that side's share in the mirror, with a
//! 95 % interval ([`gain`]): how many points the better bot is worth to the side.

use std::fmt::Write as _;

use super::Study;
use super::series::Series;
use super::shares::{Gain, Share, gain};
use sztab_seam::BotChoice;

/// The gain each rung should bring its side over the mirror, from both sides.
pub const GOAL: f64 = 0.10;

/// One step of the ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub weaker: BotChoice,
    pub stronger: BotChoice,
    /// Weaker against weaker.
    pub mirror: Share,
    /// `stronger_as[i]`: the stronger rung on side `i`, the weaker on the other.
    pub stronger_as: [Share; 2],
}

impl Step {
    /// What the stronger rung is worth to side `i`.
    pub fn gain(&self, i: usize) -> Gain {
        gain(&self.stronger_as[i], &self.mirror, i)
    }
}

/// A ladder measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder {
    pub scenario: String,
    pub sides: [String; 2],
    pub games: u64,
    pub seed: u64,
    pub steps: Vec<Step>,
}

/// The matches a ladder of `rungs` (weakest first) plays, three per step: mirror,
/// stronger on the first side, stronger on the second.
pub fn series(rungs: &[BotChoice], games: u64, seed: u64, jobs: Option<usize>) -> Series {
    let pairings = rungs
        .windows(2)
        .flat_map(|w| {
            let (weak, strong) = (w[0].clone(), w[1].clone());
            [
                [weak.clone(), weak.clone()],
                [strong.clone(), weak.clone()],
                [weak, strong],
            ]
        })
        .collect();
    Series {
        pairings,
        games,
        seed,
        jobs,
    }
}

impl Ladder {
    /// The ladder from the studies of [`series`] (in its order); `None` if some are
    /// missing (a cancelled run).
    pub fn of(rungs: &[BotChoice], series: &Series, studies: &[Study]) -> Option<Ladder> {
        let first = studies.first()?;
        if studies.len() != 3 * rungs.len().saturating_sub(1) || studies.iter().any(|s| s.cancelled)
        {
            return None;
        }
        let sides = first.info.sides.clone();
        let share = |s: &Study| Share::of(&s.records, &sides);
        let steps = rungs
            .windows(2)
            .zip(studies.chunks(3))
            .map(|(w, st)| Step {
                weaker: w[0].clone(),
                stronger: w[1].clone(),
                mirror: share(&st[0]),
                stronger_as: [share(&st[1]), share(&st[2])],
            })
            .collect();
        Some(Ladder {
            scenario: first.info.scenario.clone(),
            sides,
            games: series.games,
            seed: series.seed,
            steps,
        })
    }

    /// The table `sztab ladder` prints (and docs/measurements/bot-ladder.md keeps).
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {} games a match, seed {} (win share of the side named; gain over the mirror, 95 % interval)\n",
            self.scenario, self.games, self.seed
        );
        let _ = writeln!(
            out,
            "| step | side | mirror | stronger vs weaker | gain | 95 % interval | goal +{:.0} |",
            GOAL * 100.0
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        for step in &self.steps {
            for (i, side) in self.sides.iter().enumerate() {
                let g = step.gain(i);
                let room = 1.0 - step.mirror.rate(i);
                let verdict = if g.point >= GOAL {
                    "met".to_owned()
                } else if room < GOAL {
                    // Winning nearly every mirror game, the side has no 10 points to gain.
                    format!("no room: mirror {:.0} %", step.mirror.rate(i) * 100.0)
                } else {
                    format!("short by {:.1}", (GOAL - g.point) * 100.0)
                };
                let _ = writeln!(
                    out,
                    "| {} → {} | {side} | {:.1} % | {:.1} % | {:+.1} | {:+.1} to {:+.1} | {verdict} |",
                    step.weaker,
                    step.stronger,
                    step.mirror.rate(i) * 100.0,
                    step.stronger_as[i].rate(i) * 100.0,
                    g.point * 100.0,
                    g.lo * 100.0,
                    g.hi * 100.0,
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::StudyInfo;
    use sztab_seam::GameRecord;

    fn study(bots: &[BotChoice; 2], german_wins: u64, games: u64) -> Study {
        let records = (0..games)
            .map(|i| GameRecord {
                game: i,
                winner: Some(if i < german_wins { "german" } else { "soviet" }.into()),
                ..GameRecord::default()
            })
            .collect();
        Study {
            info: StudyInfo {
                scenario: "Test".into(),
                sides: ["german".into(), "soviet".into()],
                bots: bots.clone(),
                loss_unit: "CEL".into(),
            },
            records,
            elapsed: None,
            threads: 1,
            cancelled: false,
        }
    }

    #[test]
    fn a_ladder_plays_mirror_then_each_side_per_step() {
        let rungs: Vec<BotChoice> = ["random", "heuristic:1", "search:3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let s = series(&rungs, 10, 1, None);
        let names: Vec<String> = s
            .pairings
            .iter()
            .map(|p| format!("{} {}", p[0], p[1]))
            .collect();
        assert_eq!(
            names,
            [
                "random random",
                "heuristic:1 random",
                "random heuristic:1",
                "heuristic:1 heuristic:1",
                "search:3 heuristic:1",
                "heuristic:1 search:3",
            ]
        );
        // German wins 60 % in the mirror, 80 % with the stronger bot, Soviet 40 % -> 70 %.
        let studies: Vec<Study> = s
            .pairings
            .iter()
            .zip([60, 80, 30, 50, 50, 50])
            .map(|(p, g)| study(p, g, 100))
            .collect();
        let ladder = Ladder::of(&rungs, &s, &studies).unwrap();
        let step = &ladder.steps[0];
        assert!((step.gain(0).point - 0.20).abs() < 1e-9);
        assert!((step.gain(1).point - 0.30).abs() < 1e-9);
        assert!(ladder.steps[1].gain(0).point.abs() < 1e-9);
        let table = ladder.render();
        assert!(
            table.contains("| random → heuristic:1 | german | 60.0 % | 80.0 % | +20.0 |"),
            "{table}"
        );
        assert!(table.contains("short by 10.0"), "{table}");
        // A cancelled or partial run makes no ladder.
        assert!(Ladder::of(&rungs, &s, &studies[..5]).is_none());
    }
}
