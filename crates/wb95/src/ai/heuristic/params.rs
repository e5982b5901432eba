//! What a strength setting means. Strength changes decisions that matter, not only the
//! breadth of the movement plan's search: a weak player (1-2) makes the mistakes weak
//! players make (as the defender it weighs the counterattack against where its units
//! end too little and counterattacks at poor odds whatever they cost; as the attacker
//! it is timid; it does not read lines of supply and never pays for reserves); the
//! default (3) plays the bot as it was tuned, and is the enemy the search bot imagines;
//! the strongest (5) also checks the enemy's counterattack against the positions its
//! plan ends in.

use super::posture::{Posture, shifted};
use super::{MAX_STRENGTH, MIN_STRENGTH};

/// Weight of the CELs a stack may lose if the enemy attacks it next turn, at the
/// default strength.
const RISK_W: f32 = 0.8;
/// Weight of holding an objective hex.
const HOLD_W: f32 = 0.6;
/// Weakest column (index; 4 = 2:1) a planned attack may have, at the default strength.
const PLAN_MIN_COLUMN: usize = 4;
/// Column (index; 5 = 3:1) from which a voluntary attack is made, at the default
/// strength.
const VOLUNTARY_COLUMN: usize = 5;

/// What a strength setting means, with the posture of the phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Enemy hexes weighed as attack targets in a movement plan.
    pub targets: usize,
    /// Orders in which the movement plan allocates units to targets (the best wins).
    pub orderings: usize,
    /// Candidate attackers weighed per target.
    pub attackers: usize,
    /// Also weigh holding a hex with its strongest units while the others retreat.
    pub partial_holds: bool,
    /// Re-place units after the first pass, once everyone's destination is known.
    pub refine: bool,
    /// How much what a stack may lose to the enemy's next attacks counts where it ends
    /// (a weak player hardly looks at the counterattack).
    pub risk_w: f32,
    /// Weakest column (index; 3 = 1:1, 4 = 2:1) a planned attack may have.
    pub plan_min_column: usize,
    /// Weakest column of a voluntary attack in the Combat phase.
    pub voluntary_column: usize,
    /// Weighs what a voluntary attack may cost against what it may win (a weak player
    /// attacks whenever the odds reach its column).
    pub weighs_cost: bool,
    /// Reads lines of supply (R10): cut-off hexes cost, and the enemy stacks cutting
    /// its units off are worth driving away.
    pub supply: bool,
    /// Calls in reserves that give the enemy victory points when they pay.
    pub reserves: bool,
    /// Checks the enemy's counterattack against the positions the plan ends in: the
    /// threat is computed again as if the plan were carried out, and the units placed
    /// again against it.
    pub recheck: bool,
    /// How the plan leans.
    pub posture: Posture,
}

impl Params {
    pub fn of(strength: u8) -> Params {
        let full = Params {
            targets: 12,
            orderings: 2,
            attackers: 8,
            partial_holds: true,
            refine: true,
            risk_w: RISK_W,
            plan_min_column: PLAN_MIN_COLUMN,
            voluntary_column: VOLUNTARY_COLUMN,
            weighs_cost: true,
            supply: true,
            reserves: true,
            recheck: false,
            posture: Posture::Standard,
        };
        match strength.clamp(MIN_STRENGTH, MAX_STRENGTH) {
            1 => Params {
                targets: 3,
                orderings: 1,
                attackers: 4,
                partial_holds: false,
                refine: false,
                risk_w: 0.4 * RISK_W,
                plan_min_column: PLAN_MIN_COLUMN - 1,
                voluntary_column: VOLUNTARY_COLUMN - 1,
                weighs_cost: false,
                supply: false,
                reserves: false,
                ..full
            },
            2 => Params {
                targets: 6,
                orderings: 1,
                attackers: 6,
                partial_holds: false,
                refine: false,
                risk_w: 0.5 * RISK_W,
                voluntary_column: VOLUNTARY_COLUMN - 1,
                ..full
            },
            3 => full,
            4 => Params {
                targets: 20,
                orderings: 3,
                attackers: 10,
                ..full
            },
            _ => Params {
                targets: 40,
                orderings: 4,
                attackers: 14,
                recheck: true,
                ..full
            },
        }
    }

    /// What `strength` means for the side taking objectives (`scorer`) or the side
    /// defending them: a weak defender is careless (`Params::of`), a weak attacker
    /// timid: it shies from exposure and waits for 3:1 to plan an attack and 4:1 to
    /// make one, weighing what it may cost.
    pub fn for_side(strength: u8, scorer: bool) -> Params {
        let p = Params::of(strength);
        if !scorer {
            return p;
        }
        match strength.clamp(MIN_STRENGTH, MAX_STRENGTH) {
            1 => Params {
                risk_w: 1.5 * RISK_W,
                plan_min_column: PLAN_MIN_COLUMN + 1,
                voluntary_column: VOLUNTARY_COLUMN + 1,
                weighs_cost: true,
                ..p
            },
            2 => Params {
                risk_w: RISK_W,
                voluntary_column: VOLUNTARY_COLUMN,
                ..p
            },
            _ => p,
        }
    }

    /// The same strength leaning another way.
    pub fn with_posture(self, posture: Posture) -> Params {
        Params { posture, ..self }
    }

    /// The weight of what units risk where they end, with the posture.
    pub fn risk(&self) -> f32 {
        self.risk_w * self.posture.risk_factor()
    }

    /// The weight of holding an objective hex, with the posture.
    pub fn hold(&self) -> f32 {
        HOLD_W * self.posture.hold_factor()
    }

    /// The weakest planned attack for the side taking objectives (`scorer`) or the
    /// side defending them (one column better: it spends its strength on holding).
    pub fn plan_column(&self, scorer: bool) -> usize {
        self.plan_floor() + usize::from(!scorer)
    }

    /// The weakest planned attack worth weighing at all.
    pub fn plan_floor(&self) -> usize {
        shifted(self.plan_min_column, self.posture.column_shift())
    }

    /// The weakest voluntary attack in the Combat phase.
    pub fn combat_column(&self) -> usize {
        shifted(self.voluntary_column, self.posture.column_shift())
    }
}
