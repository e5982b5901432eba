//! Win shares of a study's finished games, and the difference of two with its interval.

use super::summary::wilson;
use sztab_seam::GameRecord;

/// z for a 95 % interval.
pub const Z95: f64 = 1.96;

/// Wins of each side over the games that finished (failed games count for neither).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Share {
    pub wins: [u64; 2],
    pub games: u64,
}

impl Share {
    /// The shares of `records`, played between `sides` (ids, side order).
    pub fn of(records: &[GameRecord], sides: &[String; 2]) -> Share {
        let mut s = Share::default();
        for r in records.iter().filter(|r| r.error.is_none()) {
            s.games += 1;
            for (i, id) in sides.iter().enumerate() {
                if r.winner.as_deref() == Some(id.as_str()) {
                    s.wins[i] += 1;
                }
            }
        }
        s
    }

    /// Side `i`'s win rate (0 without games).
    pub fn rate(&self, i: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins[i] as f64 / self.games as f64
        }
    }

    /// Side `i`'s win rate's 95 % Wilson interval.
    pub fn interval(&self, i: usize) -> (f64, f64) {
        wilson(self.wins[i], self.games, Z95)
    }
}

/// A difference of two win rates with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    pub point: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Side `i`'s win rate in `test` minus its rate in `base`, with Newcombe's hybrid score
/// interval (from the two Wilson intervals), which keeps its coverage near 0 % and 100 %
/// where the plain normal interval does not.
pub fn gain(test: &Share, base: &Share, i: usize) -> Gain {
    let (p1, p2) = (test.rate(i), base.rate(i));
    let ((l1, u1), (l2, u2)) = (test.interval(i), base.interval(i));
    let point = p1 - p2;
    Gain {
        point,
        lo: point - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
        hi: point + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winner: Option<&str>, error: bool) -> GameRecord {
        GameRecord {
            winner: winner.map(str::to_owned),
            error: error.then(|| "stuck".to_owned()),
            ..GameRecord::default()
        }
    }

    #[test]
    fn shares_count_finished_games_only() {
        let sides = ["german".to_owned(), "soviet".to_owned()];
        let recs = [
            record(Some("german"), false),
            record(Some("soviet"), false),
            record(None, false),
            record(None, true),
        ];
        let s = Share::of(&recs, &sides);
        assert_eq!(
            s,
            Share {
                wins: [1, 1],
                games: 3
            }
        );
        assert!((s.rate(0) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_gain_is_the_difference_with_an_interval_around_it() {
        let base = Share {
            wins: [50, 50],
            games: 100,
        };
        let test = Share {
            wins: [70, 30],
            games: 100,
        };
        let g = gain(&test, &base, 0);
        assert!((g.point - 0.2).abs() < 1e-12);
        assert!(
            g.lo > 0.05 && g.lo < 0.2 && g.hi > 0.2 && g.hi < 0.35,
            "{g:?}"
        );
        // The other side lost what the first gained.
        assert!((gain(&test, &base, 1).point + 0.2).abs() < 1e-12);
        // No difference: an interval around zero.
        let same = gain(&base, &base, 0);
        assert!(same.lo < 0.0 && same.hi > 0.0 && same.point == 0.0);
    }
}
