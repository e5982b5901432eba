//! The two sides of the game and what tells them apart: the Soviet player moves first in
//! every game-turn (3.2 E, F) and rolls the red die, the German the black (2.1).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Army {
    Soviet,
    German,
}

impl Army {
    pub const BOTH: [Army; 2] = [Army::Soviet, Army::German];

    pub fn enemy(self) -> Army {
        match self {
            Army::Soviet => Army::German,
            Army::German => Army::Soviet,
        }
    }

    /// The side id a scenario gives it (the setup checks use the same ids).
    pub fn id(self) -> &'static str {
        match self {
            Army::Soviet => "soviet",
            Army::German => "german",
        }
    }

    pub fn of_id(id: &str) -> Option<Army> {
        Army::BOTH.into_iter().find(|a| a.id() == id)
    }

    /// How the charts name it ("Soviet A", the "German" column).
    pub fn chart_name(self) -> &'static str {
        match self {
            Army::Soviet => "Soviet",
            Army::German => "German",
        }
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chart_name())
    }
}
