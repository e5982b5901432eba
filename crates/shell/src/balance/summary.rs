//! What a study's records say: each side's win rate with a 95 % Wilson interval, the
//! distribution of victory points and of victory levels, average losses, automatic
//! victories and when they came, and where the combats were fought.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::{GameRecord, StudyInfo};
use sztab_core::hex::HexId;

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `successes` in `n` trials at normal quantile `z`:
/// (low, high), both in 0..=1; (0, 1) when n = 0.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Counts in equal-width bins.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Histogram {
    /// (lowest value, highest value, count) per bin, in order.
    pub bins: Vec<(i64, i64, u64)>,
}

impl Histogram {
    /// At most `max_bins` bins of equal integer width covering min..=max.
    pub fn of(values: &[i64], max_bins: usize) -> Histogram {
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return Histogram::default();
        };
        let span = (hi - lo + 1) as u64;
        let width = span.div_ceil(max_bins.max(1) as u64).max(1) as i64;
        let n = ((hi - lo) / width + 1) as usize;
        let mut bins: Vec<(i64, i64, u64)> = (0..n)
            .map(|i| {
                let a = lo + i as i64 * width;
                (a, a + width - 1, 0)
            })
            .collect();
        for &v in values {
            bins[((v - lo) / width) as usize].2 += 1;
        }
        Histogram { bins }
    }

    /// One line per bin with a bar of `#` scaled to `width` characters.
    pub fn render(&self, width: usize) -> String {
        let most = self.bins.iter().map(|b| b.2).max().unwrap_or(0).max(1);
        let label = |b: &(i64, i64, u64)| {
            if b.0 == b.1 {
                format!("{}", b.0)
            } else {
                format!("{}..{}", b.0, b.1)
            }
        };
        let w = self.bins.iter().map(|b| label(b).len()).max().unwrap_or(1);
        let mut out = String::new();
        for b in &self.bins {
            let bar = ((b.2 as f64 / most as f64) * width as f64).round() as usize;
            let bar = if b.2 > 0 { bar.max(1) } else { 0 };
            let _ = writeln!(
                out,
                "  {:>w$} | {:<width$} {}",
                label(b),
                "#".repeat(bar),
                b.2
            );
        }
        out
    }
}

/// Mean, spread and extremes of a list of numbers.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Stats {
    pub mean: f64,
    pub sd: f64,
    pub median: f64,
    pub min: i64,
    pub max: i64,
}

impl Stats {
    pub fn of(values: &[i64]) -> Stats {
        if values.is_empty() {
            return Stats::default();
        }
        let n = values.len() as f64;
        let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / n;
        let mut s = values.to_vec();
        s.sort_unstable();
        let m = s.len() / 2;
        let median = if s.len() % 2 == 1 {
            s[m] as f64
        } else {
            (s[m - 1] + s[m]) as f64 / 2.0
        };
        Stats {
            mean,
            sd: var.sqrt(),
            median,
            min: s[0],
            max: s[s.len() - 1],
        }
    }
}

/// The summary of a study.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub info: StudyInfo,
    /// Games finished (failed ones included).
    pub games: u64,
    /// Games a bot could not finish.
    pub errors: u64,
    /// Wins by side (A, B) and games without a winner.
    pub wins: [u64; 2],
    pub no_winner: u64,
    /// Win rate by side among finished games, with its 95 % Wilson interval.
    pub win_rate: [f64; 2],
    pub win_ci: [(f64, f64); 2],
    pub vp: Stats,
    pub vp_histogram: Histogram,
    /// Games per victory level, ordered by the levels' average VP (automatic last).
    pub levels: Vec<(String, u64)>,
    pub avg_cel_lost: [f64; 2],
    pub avg_units_lost: [f64; 2],
    pub avg_turns: f64,
    pub avg_combats: f64,
    /// Automatic victories: how many, and how many on each turn.
    pub automatic: u64,
    pub auto_turns: Vec<(u32, u64)>,
    /// Combats per defending hex over all games, hottest first.
    pub heat: Vec<(HexId, u64)>,
    /// Wall time of the run and its speed (`None` for merged CSV files).
    pub elapsed: Option<Duration>,
    pub games_per_second: Option<f64>,
}

impl Summary {
    pub fn of(info: &StudyInfo, records: &[GameRecord], elapsed: Option<Duration>) -> Summary {
        let ok: Vec<&GameRecord> = records.iter().filter(|r| r.error.is_none()).collect();
        let n = ok.len() as u64;
        let mut wins = [0u64; 2];
        for r in &ok {
            for (i, s) in info.sides.iter().enumerate() {
                if r.winner.as_deref() == Some(s.as_str()) {
                    wins[i] += 1;
                }
            }
        }
        let rate = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        let vps: Vec<i64> = ok.iter().map(|r| i64::from(r.vp)).collect();
        let mut by_level: BTreeMap<String, (u64, i64, bool)> = BTreeMap::new();
        for r in &ok {
            let name = r.level.clone().unwrap_or_else(|| "no level".to_string());
            let e = by_level.entry(name).or_default();
            e.0 += 1;
            e.1 += i64::from(r.vp);
            e.2 |= r.automatic;
        }
        let mut levels: Vec<(String, u64, f64, bool)> = by_level
            .into_iter()
            .map(|(name, (k, sum, auto))| (name, k, sum as f64 / k as f64, auto))
            .collect();
        levels.sort_by(|a, b| a.3.cmp(&b.3).then(a.2.total_cmp(&b.2)).then(a.0.cmp(&b.0)));
        let avg = |f: &dyn Fn(&GameRecord) -> u32| {
            if n == 0 {
                0.0
            } else {
                ok.iter().map(|r| f64::from(f(r))).sum::<f64>() / n as f64
            }
        };
        let mut auto: BTreeMap<u32, u64> = BTreeMap::new();
        for t in ok.iter().filter_map(|r| r.auto_turn()) {
            *auto.entry(t).or_default() += 1;
        }
        let mut heat: BTreeMap<HexId, u64> = BTreeMap::new();
        for r in &ok {
            for &(h, k) in &r.heat {
                *heat.entry(h).or_default() += u64::from(k);
            }
        }
        let mut heat: Vec<(HexId, u64)> = heat.into_iter().collect();
        heat.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let played = records.len() as u64;
        Summary {
            info: info.clone(),
            games: played,
            errors: played - n,
            wins,
            no_winner: n - wins[0] - wins[1],
            win_rate: [rate(wins[0]), rate(wins[1])],
            win_ci: [wilson(wins[0], n, Z95), wilson(wins[1], n, Z95)],
            vp: Stats::of(&vps),
            vp_histogram: Histogram::of(&vps, 12),
            levels: levels.into_iter().map(|(s, k, _, _)| (s, k)).collect(),
            avg_cel_lost: [avg(&|r| r.cel_lost[0]), avg(&|r| r.cel_lost[1])],
            avg_units_lost: [avg(&|r| r.units_lost[0]), avg(&|r| r.units_lost[1])],
            avg_turns: avg(&|r| r.turns),
            avg_combats: avg(&|r| r.combats),
            automatic: auto.values().sum(),
            auto_turns: auto.into_iter().collect(),
            heat,
            elapsed,
            games_per_second: elapsed
                .filter(|d| d.as_secs_f64() > 0.0)
                .map(|d| played as f64 / d.as_secs_f64()),
        }
    }

    /// The summary as text: win rates, the VP histogram, levels, losses, automatic
    /// victories, the hottest hexes and the speed.
    pub fn render(&self, hottest: usize) -> String {
        let mut o = String::new();
        let i = &self.info;
        let pct = |x: f64| 100.0 * x;
        let _ = writeln!(
            o,
            "{}: {} games, {} {} vs {} {}",
            i.scenario, self.games, i.sides[0], i.bots[0], i.sides[1], i.bots[1]
        );
        if self.errors > 0 {
            let _ = writeln!(o, "{} game(s) could not be finished", self.errors);
        }
        let w = i.sides.iter().map(|s| s.len()).max().unwrap_or(6).max(9);
        let _ = writeln!(o, "\nWin rates (95 % Wilson interval):");
        for k in 0..2 {
            let (lo, hi) = self.win_ci[k];
            let _ = writeln!(
                o,
                "  {:<w$} {:>6} wins  {:5.1} %  ({:.1}-{:.1} %)",
                i.sides[k],
                self.wins[k],
                pct(self.win_rate[k]),
                pct(lo),
                pct(hi)
            );
        }
        if self.no_winner > 0 {
            let _ = writeln!(o, "  {:<w$} {:>6}", "no winner", self.no_winner);
        }
        let v = &self.vp;
        let _ = writeln!(
            o,
            "\nVictory points: mean {:.1}, median {:.1}, sd {:.1}, min {}, max {}",
            v.mean, v.median, v.sd, v.min, v.max
        );
        o += &self.vp_histogram.render(40);
        let _ = writeln!(o, "\nVictory levels:");
        let lw = self.levels.iter().map(|l| l.0.len()).max().unwrap_or(8);
        let finished = (self.games - self.errors).max(1) as f64;
        for (name, k) in &self.levels {
            let _ = writeln!(
                o,
                "  {name:<lw$} {k:>6}  {:5.1} %",
                100.0 * *k as f64 / finished
            );
        }
        let _ = writeln!(o, "\nAverage per game:");
        for k in 0..2 {
            let _ = writeln!(
                o,
                "  {:<w$} loses {:5.1} {}, {:4.1} units",
                i.sides[k], self.avg_cel_lost[k], i.loss_unit, self.avg_units_lost[k]
            );
        }
        let _ = writeln!(
            o,
            "  {:.1} turns, {:.1} combats",
            self.avg_turns, self.avg_combats
        );
        if self.automatic == 0 {
            let _ = writeln!(o, "\nAutomatic victories: none");
        } else {
            let turns: Vec<String> = self
                .auto_turns
                .iter()
                .map(|(t, k)| format!("turn {t}: {k}"))
                .collect();
            let mean = self
                .auto_turns
                .iter()
                .map(|&(t, k)| f64::from(t) * k as f64)
                .sum::<f64>()
                / self.automatic as f64;
            let _ = writeln!(
                o,
                "\nAutomatic victories: {} ({:.1} %), mean turn {:.1} ({})",
                self.automatic,
                100.0 * self.automatic as f64 / finished,
                mean,
                turns.join(", ")
            );
        }
        if !self.heat.is_empty() {
            let hot: Vec<String> = self
                .heat
                .iter()
                .take(hottest)
                .map(|(h, k)| format!("{h} {k}"))
                .collect();
            let _ = writeln!(o, "\nHottest hexes (combats): {}", hot.join(", "));
        }
        match (self.elapsed, self.games_per_second) {
            (Some(d), Some(gps)) => {
                let _ = writeln!(
                    o,
                    "\n{} games in {:.1} s: {:.1} games/s",
                    self.games,
                    d.as_secs_f64(),
                    gps
                );
            }
            _ => {
                let _ = writeln!(o, "\n{} games (merged: no timing)", self.games);
            }
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 50 of 100: 0.4038-0.5962 (the textbook example).
        let (lo, hi) = wilson(50, 100, Z95);
        assert!((lo - 0.4038).abs() < 1e-4, "{lo}");
        assert!((hi - 0.5962).abs() < 1e-4, "{hi}");
        // 0 of 10: 0-0.2775; 10 of 10: 0.7225-1.
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(10, 10, Z95);
        assert!((lo - 0.7225).abs() < 1e-4, "{lo}");
        assert!((hi - 1.0).abs() < 1e-12);
        // 81 of 263 (Wilson 1927 style check): 0.2553-0.3662.
        let (lo, hi) = wilson(81, 263, Z95);
        assert!((lo - 0.2553).abs() < 1e-3, "{lo}");
        assert!((hi - 0.3662).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn histogram_bins_cover_all_values() {
        let v: Vec<i64> = (0..=30).collect();
        let h = Histogram::of(&v, 12);
        assert!(h.bins.len() <= 12);
        assert_eq!(h.bins.iter().map(|b| b.2).sum::<u64>(), 31);
        assert_eq!(h.bins[0].0, 0);
        assert!(h.bins.last().unwrap().1 >= 30);
        let one = Histogram::of(&[5, 5, 5], 12);
        assert_eq!(one.bins, vec![(5, 5, 3)]);
        assert!(one.render(10).contains("##########"));
        assert_eq!(Histogram::of(&[], 12), Histogram::default());
    }

    #[test]
    fn stats_of_a_small_sample() {
        let s = Stats::of(&[1, 2, 3, 4]);
        assert_eq!((s.min, s.max), (1, 4));
        assert!((s.mean - 2.5).abs() < 1e-12);
        assert!((s.median - 2.5).abs() < 1e-12);
        assert!((s.sd - 1.118_034).abs() < 1e-5);
    }
}
