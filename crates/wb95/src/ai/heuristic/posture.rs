//! A posture: how a player of a given strength leans in a phase (hold the ground, keep
//! out of harm's way, strike harder). The search bot weighs postures as its candidate
//! plans, so that they differ for the side defending objectives as well as for the
//! side taking them.

/// How a movement plan leans, on top of what the strength sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Posture {
    /// The strength's own weights.
    #[default]
    Standard,
    /// Stand on the objectives and the line: holding counts double, exposure less.
    Hold,
    /// Keep out of the enemy's reach: exposure counts double, and the side defending
    /// objectives falls back to the victory hexes behind its line.
    Cautious,
    /// Strike: attacks one column worse are planned and made, exposure counts less.
    Bold,
    /// Spare the units: exposure counts [`GUARDED_RISK`] times, and attacks (the
    /// defender's counterattacks) are planned and made only two columns better than the
    /// strength's own: a defender's victory often hangs on the units it loses (in the
    /// Kursk scenarios each one is a victory point to the scorer).
    Guarded,
}

/// The weight of exposure in the Guarded posture, as a factor: the one at which a Soviet
/// playing Guarded all game on Armored Claws won most against the strength-5 German,
/// weights between 1 and 4 tried (docs/measurements/bot-ladder.md).
pub const GUARDED_RISK: f32 = 2.5;

impl Posture {
    /// Every posture, the standard one first.
    pub const ALL: [Posture; 5] = [
        Posture::Standard,
        Posture::Hold,
        Posture::Cautious,
        Posture::Bold,
        Posture::Guarded,
    ];

    /// Factor on the weight of what units risk where they end.
    pub fn risk_factor(self) -> f32 {
        match self {
            Posture::Standard => 1.0,
            Posture::Hold => 0.6,
            Posture::Cautious => 2.0,
            Posture::Bold => 0.6,
            Posture::Guarded => GUARDED_RISK,
        }
    }

    /// Factor on the weight of holding an objective hex.
    pub fn hold_factor(self) -> f32 {
        match self {
            Posture::Hold => 2.0,
            _ => 1.0,
        }
    }

    /// Columns the weakest accepted attack moves by (negative: worse odds accepted).
    pub fn column_shift(self) -> i32 {
        match self {
            Posture::Bold => -1,
            Posture::Cautious => 1,
            Posture::Guarded => 2,
            _ => 0,
        }
    }

    /// The side defending objectives is pulled to all of its own, not only to those
    /// near the enemy: it falls back to the next victory hexes.
    pub fn rear_pull(self) -> bool {
        self == Posture::Cautious
    }
}

/// `column` moved by `shift`, never below the first column.
pub fn shifted(column: usize, shift: i32) -> usize {
    (column as i64 + i64::from(shift)).max(0) as usize
}
