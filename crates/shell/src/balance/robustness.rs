//! The robustness study: does the balance verdict depend on how well the bots play?
//!
//! The same games are played at four strength pairings, weak-weak, strong-strong,
//! strong-weak and weak-strong, and [`Robustness::verdict`] says in one sentence whether
//! one side is favoured at every strength or the verdict changes with them.

use super::Study;
use super::series::Series;
use super::shares::Share;
use sztab_seam::BotChoice;
use sztab_seam::RuleSystem;

/// One pairing's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// "weak-weak", "strong-strong", "strong-weak", "weak-strong" (first side first).
    pub label: &'static str,
    pub bots: [BotChoice; 2],
    pub share: Share,
}

/// A robustness study's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Robustness {
    /// Side names, side order.
    pub sides: [String; 2],
    pub cells: Vec<Cell>,
}

/// The weak and strong bots: those named, else the system's first graded bot at its
/// weakest and strongest.
pub fn bots(
    system: &dyn RuleSystem,
    weak: Option<&str>,
    strong: Option<&str>,
) -> Result<(BotChoice, BotChoice), String> {
    let graded = system
        .bots()
        .iter()
        .find_map(|b| Some((b.kind, b.strengths?)));
    let pick = |named: Option<&str>, hi: bool| -> Result<BotChoice, String> {
        match (named, graded) {
            (Some(n), _) => n.parse::<BotChoice>()?.normalized(system),
            (None, Some((kind, (lo, top)))) => {
                Ok(BotChoice::new(kind, Some(if hi { top } else { lo })))
            }
            (None, None) => Err(format!(
                "{} has no bot with strengths: name the bots with --weak and --strong",
                system.name()
            )),
        }
    };
    Ok((pick(weak, false)?, pick(strong, true)?))
}

const LABELS: [&str; 4] = ["weak-weak", "strong-strong", "strong-weak", "weak-strong"];

/// The four matches of a study with the `weak` and `strong` bots.
pub fn series(
    weak: &BotChoice,
    strong: &BotChoice,
    games: u64,
    seed: u64,
    jobs: Option<usize>,
) -> Series {
    let (w, s) = (weak.clone(), strong.clone());
    Series {
        pairings: vec![
            [w.clone(), w.clone()],
            [s.clone(), s.clone()],
            [s.clone(), w.clone()],
            [w, s],
        ],
        games,
        seed,
        jobs,
    }
}

impl Robustness {
    /// The study from the studies of [`series`] (in its order), those that finished.
    pub fn of(sides: [String; 2], studies: &[Study]) -> Robustness {
        let cells = studies
            .iter()
            .filter(|s| !s.cancelled)
            .zip(LABELS)
            .map(|(s, label)| Cell {
                label,
                bots: s.info.bots.clone(),
                share: Share::of(&s.records, &s.info.sides),
            })
            .collect();
        Robustness { sides, cells }
    }

    /// The plain sentence: "german favoured at every strength (81-90 %)", "balanced at
    /// every strength (german wins 44-56 %)", or "the verdict flips with strength: treat
    /// it with care (...)". A side is favoured in a pairing when its 95 % interval lies
    /// above one half; balanced when the first side's interval covers one half.
    pub fn verdict(&self) -> String {
        if self.cells.is_empty() {
            return "no games finished: no verdict".into();
        }
        let leans: Vec<Option<usize>> = self.cells.iter().map(|c| favoured(&c.share)).collect();
        let range = |i: usize| {
            let rates = self.cells.iter().map(|c| c.share.rate(i) * 100.0);
            let lo = rates.clone().fold(f64::INFINITY, f64::min);
            let hi = rates.fold(f64::NEG_INFINITY, f64::max);
            if (hi - lo).abs() < 0.5 {
                format!("{lo:.0} %")
            } else {
                format!("{lo:.0}-{hi:.0} %")
            }
        };
        if let Some(side) = leans[0].filter(|_| leans.iter().all(|l| *l == leans[0])) {
            return format!(
                "{} favoured at every strength ({})",
                self.sides[side],
                range(side)
            );
        }
        if leans.iter().all(Option::is_none) {
            return format!(
                "balanced at every strength ({} wins {})",
                self.sides[0],
                range(0)
            );
        }
        let detail: Vec<String> = self
            .cells
            .iter()
            .zip(&leans)
            .map(|(c, l)| match l {
                Some(s) => format!(
                    "{}: {} {:.0} %",
                    c.label,
                    self.sides[*s],
                    c.share.rate(*s) * 100.0
                ),
                None => format!("{}: even", c.label),
            })
            .collect();
        format!(
            "the verdict flips with strength: treat it with care ({})",
            detail.join(", ")
        )
    }
}

/// The side whose win share's 95 % interval lies above one half, if one does.
fn favoured(s: &Share) -> Option<usize> {
    (0..2).find(|&i| s.interval(i).0 > 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(german: &[u64], games: u64) -> Robustness {
        Robustness {
            sides: ["German".into(), "Soviet".into()],
            cells: german
                .iter()
                .zip(LABELS)
                .map(|(&g, label)| Cell {
                    label,
                    bots: [
                        BotChoice::new("heuristic", Some(1)),
                        BotChoice::new("heuristic", Some(5)),
                    ],
                    share: Share {
                        wins: [g, games - g],
                        games,
                    },
                })
                .collect(),
        }
    }

    #[test]
    fn one_side_favoured_everywhere_names_its_range() {
        assert_eq!(
            study(&[87, 87, 90, 81], 100).verdict(),
            "German favoured at every strength (81-90 %)"
        );
        assert_eq!(
            study(&[10, 20, 15, 12], 100).verdict(),
            "Soviet favoured at every strength (80-90 %)"
        );
    }

    #[test]
    fn a_verdict_that_changes_with_strength_says_so() {
        let v = study(&[80, 75, 90, 30], 100).verdict();
        assert!(
            v.starts_with("the verdict flips with strength: treat it with care ("),
            "{v}"
        );
        assert!(v.contains("weak-strong: Soviet 70 %"), "{v}");
        // Favoured in some pairings, even in others: also not robust.
        let v = study(&[80, 52, 90, 75], 100).verdict();
        assert!(v.contains("strong-strong: even"), "{v}");
    }

    #[test]
    fn even_everywhere_is_balanced() {
        assert_eq!(
            study(&[48, 52, 55, 45], 100).verdict(),
            "balanced at every strength (German wins 45-55 %)"
        );
        assert_eq!(
            Robustness {
                sides: ["a".into(), "b".into()],
                cells: vec![]
            }
            .verdict(),
            "no games finished: no verdict"
        );
    }

    #[test]
    fn few_games_make_no_side_favoured() {
        // 7 of 10 is not enough to call it.
        let v = study(&[7, 7, 7, 7], 10).verdict();
        assert!(v.starts_with("balanced"), "{v}");
    }
}
