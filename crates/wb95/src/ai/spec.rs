//! Bots by name: `random`, `heuristic[:STRENGTH]` or `search[:STRENGTH]`, as the command
//! line and the balance lab name them.

use std::fmt;
use std::str::FromStr;

use super::heuristic::{DEFAULT_STRENGTH, MAX_STRENGTH, MIN_STRENGTH};
use super::{HeuristicBot, Player, RandomBot, SearchBot};

/// Which bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Heuristic,
    /// Determinized rollouts over the heuristic's plans ([`SearchBot`]).
    Search,
}

/// A bot and its strength (the random bot has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    pub kind: BotKind,
    pub strength: u8,
}

impl BotSpec {
    pub const RANDOM: BotSpec = BotSpec {
        kind: BotKind::Random,
        strength: DEFAULT_STRENGTH,
    };

    pub fn heuristic(strength: u8) -> BotSpec {
        BotSpec {
            kind: BotKind::Heuristic,
            strength: strength.clamp(MIN_STRENGTH, MAX_STRENGTH),
        }
    }

    pub fn search(strength: u8) -> BotSpec {
        BotSpec {
            kind: BotKind::Search,
            strength: strength.clamp(MIN_STRENGTH, MAX_STRENGTH),
        }
    }

    /// The same bot at another strength.
    pub fn with_strength(self, strength: u8) -> BotSpec {
        BotSpec {
            strength: strength.clamp(MIN_STRENGTH, MAX_STRENGTH),
            ..self
        }
    }

    /// A new player of this kind, seeded.
    pub fn build(self, seed: u64) -> Box<dyn Player> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(self.strength, seed)),
            BotKind::Search => Box::new(SearchBot::new(self.strength, seed)),
        }
    }
}

impl Default for BotSpec {
    fn default() -> Self {
        BotSpec::heuristic(DEFAULT_STRENGTH)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BotKind::Random => f.write_str("random"),
            BotKind::Heuristic => write!(f, "heuristic:{}", self.strength),
            BotKind::Search => write!(f, "search:{}", self.strength),
        }
    }
}

impl FromStr for BotSpec {
    type Err = String;

    /// `random`, `heuristic` or `search` (strength 3), or `heuristic:N`, `search:N` with
    /// N in 1-5.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (kind, strength) = match s.split_once(':') {
            Some((k, n)) => (k, Some(n)),
            None => (s, None),
        };
        let kind = match kind {
            "random" => BotKind::Random,
            "heuristic" => BotKind::Heuristic,
            "search" => BotKind::Search,
            other => {
                return Err(format!(
                    "unknown bot \"{other}\"; the bots are: random, heuristic[:1-5], search[:1-5]"
                ));
            }
        };
        let strength = match strength {
            None => DEFAULT_STRENGTH,
            Some(n) => match n.parse::<u8>() {
                Ok(v) if (MIN_STRENGTH..=MAX_STRENGTH).contains(&v) => v,
                _ => {
                    return Err(format!(
                        "bot strength \"{n}\" should be {MIN_STRENGTH} to {MAX_STRENGTH}"
                    ));
                }
            },
        };
        if kind == BotKind::Random && strength != DEFAULT_STRENGTH && s.contains(':') {
            return Err("the random bot has no strength".into());
        }
        Ok(BotSpec { kind, strength })
    }
}

impl From<BotSpec> for sztab_seam::BotChoice {
    fn from(b: BotSpec) -> Self {
        let strength = (b.kind != BotKind::Random).then_some(b.strength);
        let kind = match b.kind {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Search => "search",
        };
        sztab_seam::BotChoice::new(kind, strength)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_round_trip() {
        for s in [
            "random",
            "heuristic:1",
            "heuristic:3",
            "heuristic:5",
            "search:1",
            "search:5",
        ] {
            let b: BotSpec = s.parse().unwrap();
            assert_eq!(b.to_string(), s);
        }
        assert_eq!(
            "heuristic".parse::<BotSpec>().unwrap(),
            BotSpec::heuristic(DEFAULT_STRENGTH)
        );
        assert!("heuristic:9".parse::<BotSpec>().is_err());
        assert!("clever".parse::<BotSpec>().is_err());
        assert!("random:2".parse::<BotSpec>().is_err());
    }
}
