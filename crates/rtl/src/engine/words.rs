//! The game's words as types: the two sides, movement classes (3.14), weather (5.11),
//! Operations Sequences (7.21), the two CRTs (10.3), supply status (6.12) and movement
//! points with their fractions (3.57).

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Serialize};

/// A side: the engine's index, German 0 and Soviet 1 (the scenario's `german` and
/// `soviet`, setup check RT00).
pub type Side = usize;
pub const GERMAN: Side = 0;
pub const SOVIET: Side = 1;

pub fn other(side: Side) -> Side {
    1 - side
}

pub fn side_name(side: Side) -> &'static str {
    if side == GERMAN { "German" } else { "Soviet" }
}

/// How a unit moves (3.14): black MA, red box, orange circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    /// Non-motorized: a plain black MA.
    Nm,
    /// Motorized: the MA in a red box.
    Mot,
    /// Heavy equipment: the MA in an orange circle; pays MOT costs (8.5).
    He,
}

impl Class {
    /// Red box or orange circle: the TEC's MOT/HE column (8.5).
    pub fn motorized_column(self) -> bool {
        self != Class::Nm
    }
}

/// The weather of a turn (5.11b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weather {
    Dry,
    Cloudy,
    Rain,
}

impl fmt::Display for Weather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Weather::Dry => "Dry",
            Weather::Cloudy => "Cloudy",
            Weather::Rain => "Rain",
        })
    }
}

/// The three Operations Sequences (7.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeqKind {
    Mobile,
    Assault,
    Pass,
}

impl fmt::Display for SeqKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeqKind::Mobile => "Mobile",
            SeqKind::Assault => "Assault",
            SeqKind::Pass => "Pass",
        })
    }
}

/// The two Combat Results Tables (10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CrtKind {
    Mobile,
    Assault,
}

impl fmt::Display for CrtKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CrtKind::Mobile => "Mobile CRT",
            CrtKind::Assault => "Assault CRT",
        })
    }
}

/// A unit's supply status, the marker it bears (6.12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Supply {
    #[default]
    In,
    Emergency,
    Oos,
}

impl fmt::Display for Supply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Supply::In => "in supply",
            Supply::Emergency => "on Emergency Supply",
            Supply::Oos => "out of supply",
        })
    }
}

/// Movement points in twelfths: the chart's ½, ⅓ and ¼ and a halved MA keep their
/// fractions exactly (3.57).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Mp(pub i32);

impl Mp {
    pub const ZERO: Mp = Mp(0);
    const DEN: i32 = 12;

    pub const fn whole(n: i32) -> Mp {
        Mp(n * Self::DEN)
    }

    /// `num/den` MP, if twelfths hold it exactly.
    pub fn fraction(num: i64, den: i64) -> Option<Mp> {
        if den <= 0 || (num * i64::from(Self::DEN)) % den != 0 {
            return None;
        }
        i32::try_from(num * i64::from(Self::DEN) / den).ok().map(Mp)
    }

    /// Half, keeping the fraction (3.57).
    pub fn half(self) -> Mp {
        Mp(self.0 / 2)
    }

    pub fn max0(self) -> Mp {
        Mp(self.0.max(0))
    }
}

impl Add for Mp {
    type Output = Mp;
    fn add(self, o: Mp) -> Mp {
        Mp(self.0 + o.0)
    }
}

impl AddAssign for Mp {
    fn add_assign(&mut self, o: Mp) {
        self.0 += o.0;
    }
}

impl Sub for Mp {
    type Output = Mp;
    fn sub(self, o: Mp) -> Mp {
        Mp(self.0 - o.0)
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, rest) = (self.0 / Self::DEN, self.0 % Self::DEN);
        let frac = match rest {
            0 => "",
            6 => "½",
            4 => "⅓",
            8 => "⅔",
            3 => "¼",
            9 => "¾",
            _ => return write!(f, "{}/12", self.0),
        };
        match (whole, frac) {
            (0, "") => f.write_str("0"),
            (0, fr) => f.write_str(fr),
            (w, fr) => write!(f, "{w}{fr}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_57_movement_points_keep_their_fractions() {
        // 6.14a example: MA 5 out of supply is 2½; Disruption takes 2 more: ½.
        let ma = Mp::whole(5).half();
        assert_eq!(ma.to_string(), "2½");
        assert_eq!((ma - Mp::whole(2)).to_string(), "½");
        assert_eq!(Mp::fraction(1, 3).unwrap().to_string(), "⅓");
        assert_eq!(Mp::fraction(1, 5), None);
        assert_eq!(Mp::whole(0).to_string(), "0");
    }
}
