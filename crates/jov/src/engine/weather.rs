//! The Weather Stage (5.0): the ground condition (5.1) and the visibility (5.2), each read
//! from its chart.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The ground condition (5.1): it picks the TEC column (9.3), shortens movement
/// allowances and supply ranges (13.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    Frozen,
    Mud,
}

impl Ground {
    pub fn name(self) -> &'static str {
        match self {
            Ground::Frozen => "Frozen",
            Ground::Mud => "Mud",
        }
    }

    pub fn of(s: &str) -> Option<Ground> {
        match s {
            "Frozen" => Some(Ground::Frozen),
            "Mud" => Some(Ground::Mud),
            _ => None,
        }
    }

    /// Its index in a chart's Frozen/Mud pair.
    pub fn index(self) -> usize {
        match self {
            Ground::Frozen => 0,
            Ground::Mud => 1,
        }
    }

    /// MP a unit loses in mud: 1 non-motorized, 2 the others (9.3, J-02).
    pub fn mud_penalty(self, class: super::unit::MoveClass) -> u32 {
        match (self, class) {
            (Ground::Frozen, _) => 0,
            (Ground::Mud, super::unit::MoveClass::NonMot) => 1,
            (Ground::Mud, _) => 2,
        }
    }
}

impl fmt::Display for Ground {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The visibility (5.2): a modifier to air availability (6.1) and +2 to artillery rolls
/// in a storm (12.10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Visibility {
    Clear,
    Overcast,
    Storm,
}

impl Visibility {
    pub const ALL: [Visibility; 3] = [Visibility::Clear, Visibility::Overcast, Visibility::Storm];

    pub fn name(self) -> &'static str {
        match self {
            Visibility::Clear => "Clear",
            Visibility::Overcast => "Overcast",
            Visibility::Storm => "Storm",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Visibility::Clear => 0,
            Visibility::Overcast => 1,
            Visibility::Storm => 2,
        }
    }

    /// The artillery die modifier (12.10.2).
    pub fn artillery_drm(self) -> i32 {
        if self == Visibility::Storm { 2 } else { 0 }
    }
}

impl fmt::Display for Visibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl super::game::Game {
    /// The Weather Stage (5.1, 5.2): one die plus the turn's DRM on the Ground
    /// Condition Table; one die on the Visibility Table, a second when it says so.
    pub(crate) fn weather(&mut self, out: &mut Vec<super::event::Event>) {
        let drm = self.rules.turn_info(self.st.turn).ground_drm;
        let roll = self.dice.d6();
        let ground = self
            .rules
            .charts
            .ground
            .get(i32::from(roll) + drm)
            .copied()
            .unwrap_or(Ground::Frozen);
        self.st.ground = ground;
        self.emit(out, super::event::Event::GroundRolled { roll, drm, ground });
        let first = self.dice.d6();
        let mut rolls = vec![first];
        let table = &self.rules.charts.visibility;
        let visibility = match table.first.get(i32::from(first)).copied().flatten() {
            Some(v) => v,
            None => {
                let second = self.dice.d6();
                rolls.push(second);
                table
                    .second
                    .get(i32::from(second))
                    .copied()
                    .unwrap_or(Visibility::Clear)
            }
        };
        self.st.visibility = visibility;
        self.emit(
            out,
            super::event::Event::VisibilityRolled { rolls, visibility },
        );
    }
}
