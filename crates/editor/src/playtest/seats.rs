//! Who plays each side: a human at this screen or a bot (the random bot, or the
//! heuristic or search bot at a strength), and how fast bots act so a human can follow
//! them.

use sztab_wb95::Side;
use sztab_wb95::ai::{BotKind, BotSpec};

/// One side's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(BotSpec),
}

impl Seat {
    /// Every choice a start dialog offers: a human, the random bot, the heuristic and the
    /// search bot at each strength.
    pub fn choices() -> Vec<Seat> {
        let mut v = vec![Seat::Human, Seat::Bot(BotSpec::RANDOM)];
        v.extend((1..=5).map(|s| Seat::Bot(BotSpec::heuristic(s))));
        v.extend((1..=5).map(|s| Seat::Bot(BotSpec::search(s))));
        v
    }

    pub fn is_human(self) -> bool {
        self == Seat::Human
    }

    pub fn label(self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Bot(b) => match b.kind {
                BotKind::Random => "Random bot".into(),
                BotKind::Heuristic => format!("Heuristic bot, strength {}", b.strength),
                BotKind::Search => format!("Search bot, strength {}", b.strength),
            },
        }
    }
}

/// The seed a side's bot gets in a game seeded `seed` (as `sztab play` seeds its bots).
pub fn bot_seed(seed: u64, side: Side) -> u64 {
    sztab_shell::balance::bot_seed(seed, side.index())
}

/// How bots pace their actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// One action per click on "Next bot action".
    Step,
    /// One action every so many milliseconds.
    Delay(u32),
    /// As fast as the frame allows.
    Fast,
}

impl Pace {
    pub const CHOICES: [(Pace, &'static str); 4] = [
        (Pace::Step, "Step"),
        (Pace::Delay(700), "Slow"),
        (Pace::Delay(150), "Quick"),
        (Pace::Fast, "Fast"),
    ];
}
