//! Who plays each side: a human at this screen or a bot, and how fast bots act so a
//! human can follow them.

use crate::ai::{Player, RandomBot};
use crate::wb95::Side;

/// The bots the playtest offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotChoice {
    Random,
}

impl BotChoice {
    pub const ALL: [BotChoice; 1] = [BotChoice::Random];

    pub fn name(self) -> &'static str {
        match self {
            BotChoice::Random => "Random bot",
        }
    }

    pub fn build(self, seed: u64) -> Box<dyn Player> {
        match self {
            BotChoice::Random => Box::new(RandomBot::new(seed)),
        }
    }
}

/// One side's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(BotChoice),
}

impl Seat {
    pub fn is_human(self) -> bool {
        self == Seat::Human
    }

    pub fn label(self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Bot(b) => b.name().into(),
        }
    }
}

/// The seed a side's bot gets in a game seeded `seed` (as `sztab play` seeds its bots).
pub fn bot_seed(seed: u64, side: Side) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(side.index() as u64 + 1)
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
