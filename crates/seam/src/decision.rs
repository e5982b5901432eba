//! A person at a seat: what the side to play must decide now, as data a shell can show
//! on a map ("click a unit, see its legal targets, click one") or in a list, and the
//! choice made, which the system carries out through its own rules.
//!
//! A side plays from a seat when [`super::Playable::new_match`] names no bot for it;
//! [`super::Match::decision`] then asks, and [`super::Match::choose`] answers. The game's
//! dice and log are the same as with bots: a game of human choices records and replays
//! like any other.

use sztab_core::hex::HexId;

/// What the side to play must decide now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The deciding side, in the order of [`super::Match::sides`].
    pub side: usize,
    /// "Blue, move phase: move units, then end the phase".
    pub prompt: String,
    /// Every legal choice, in the system's order; the steps that end a phase are last.
    pub choices: Vec<Choice>,
}

/// One legal choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// "move Tk/1B to 0405".
    pub label: String,
    /// The units it concerns, the one acting first: clicking that unit's counter shows
    /// the choice's target. Empty for choices of no unit (ending the phase).
    pub units: Vec<String>,
    /// The hex clicked to choose it once its unit is picked: where to, what at.
    pub target: Option<HexId>,
    /// Hexes to show with it: a move's path, the traced line of sight of a shot.
    pub hexes: Vec<HexId>,
    /// The hexes are a traced line of sight, not a path: the shell draws a straight line
    /// to the target over them.
    pub sight: bool,
    /// Why it is what it is (the odds breakdown, the line-of-sight verdict).
    pub explain: Option<String>,
    /// A few words the shell writes on the target hex while the unit is picked: a
    /// move's movement points spent and left ("2 MF · 4 left").
    pub mark: Option<String>,
    /// The system's own order, opaque to the shell; [`super::Match::choose`] reads it.
    pub key: String,
}

impl Choice {
    /// A choice of no unit and no hex (ending a phase).
    pub fn plain(label: impl Into<String>, key: impl Into<String>) -> Self {
        Choice {
            label: label.into(),
            units: Vec::new(),
            target: None,
            hexes: Vec::new(),
            sight: false,
            explain: None,
            mark: None,
            key: key.into(),
        }
    }

    /// Whether this is a choice of `unit` aimed at `hex`.
    pub fn is(&self, unit: &str, hex: HexId) -> bool {
        self.units.first().is_some_and(|u| u == unit) && self.target == Some(hex)
    }
}

impl Decision {
    /// The choices `unit` acts in.
    pub fn of_unit<'a>(&'a self, unit: &'a str) -> impl Iterator<Item = &'a Choice> + 'a {
        self.choices
            .iter()
            .filter(move |c| c.units.first().is_some_and(|u| u == unit))
    }

    /// The choices of no unit (ending the phase, firing the planned attacks).
    pub fn general(&self) -> impl Iterator<Item = &Choice> {
        self.choices.iter().filter(|c| c.units.is_empty())
    }
}
