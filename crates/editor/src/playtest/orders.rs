//! What the player at the screen is preparing: the selected units, the units chosen to
//! enter from the tray, the attack or fire being planned, and the draft answer to a
//! decision. Orders belong to one moment of the game and are cleared when it moves on.

use sztab_core::hex::HexId;
use sztab_core::model::{AirId, Mp, UnitId};
use sztab_wb95::{AttackOrder, Decision, Game, Odds, Unit};

/// Which combat-phase order the map clicks build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CombatTool {
    #[default]
    Attack,
    Ranged,
}

/// An attack being put together (R5.2.1a) with its voluntary parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackPlan {
    pub attackers: Vec<UnitId>,
    pub defenders: Vec<HexId>,
    pub support: Vec<UnitId>,
    pub air: Vec<AirId>,
    pub stars: Vec<UnitId>,
    pub full_strength: Vec<UnitId>,
    pub pool: u8,
}

/// Artillery fire being put together: a ranged attack or a barrage.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FirePlan {
    pub target: Option<HexId>,
    pub guns: Vec<UnitId>,
    pub air: Vec<AirId>,
    pub full_strength: Vec<UnitId>,
}

/// Where the selected units can go: per hex the cost and the engine's path.
#[derive(Clone, Debug, Default)]
pub struct ReachView {
    pub from: Option<HexId>,
    pub hexes: Vec<(HexId, Mp, Vec<HexId>)>,
}

impl ReachView {
    pub fn get(&self, h: HexId) -> Option<&(HexId, Mp, Vec<HexId>)> {
        self.hexes.iter().find(|x| x.0 == h)
    }
}

#[derive(Default)]
pub struct Orders {
    /// Actions taken when these orders were made; a new action clears them.
    pub at: usize,
    pub selected: Vec<Unit>,
    /// Off-map units chosen to enter, and the entry hex picked for them.
    pub entering: Vec<Unit>,
    pub entry_hex: Option<HexId>,
    pub zone_shift: String,
    pub reach: Option<ReachView>,
    pub combat_tool: CombatTool,
    pub attack: AttackPlan,
    pub fire: FirePlan,
    /// The decision the draft answers.
    pub decision: Option<Decision>,
    /// The engine's plan for the attacks owed, made once per position.
    owed: Option<Vec<(AttackOrder, Odds)>>,
    pub draft: super::decisions::Draft,
}

impl Orders {
    /// Clears what no longer fits the game after `actions` actions.
    pub fn sync(&mut self, actions: usize, decision: Option<&Decision>) {
        if self.at != actions {
            self.at = actions;
            self.reach = None;
            self.attack = AttackPlan::default();
            self.fire = FirePlan::default();
            self.entry_hex = None;
            self.owed = None;
        }
        if self.decision.as_ref() != decision {
            let setting_up = matches!(
                (self.decision.as_ref(), decision),
                (Some(Decision::SetUp { .. }), Some(Decision::SetUp { .. }))
            );
            let phase_changed = !setting_up
                && !matches!(
                    (self.decision.as_ref(), decision),
                    (Some(Decision::Move { phase: a }), Some(Decision::Move { phase: b }))
                        | (Some(Decision::Attack { phase: a }), Some(Decision::Attack { phase: b }))
                        if a == b
                );
            if phase_changed {
                self.selected.clear();
                self.entering.clear();
            }
            self.decision = decision.cloned();
            self.draft = super::decisions::Draft::default();
        }
    }

    /// The engine's plan for the attacks owed now (R5.1.3-5.1.4), made on first use after
    /// each action: a combat changes the position.
    pub fn owed_plan(&mut self, g: &Game) -> &[(AttackOrder, Odds)] {
        self.owed.get_or_insert_with(|| g.owed_attacks())
    }

    pub fn clear_selection(&mut self) {
        self.selected.clear();
        self.entering.clear();
        self.entry_hex = None;
        self.reach = None;
    }
}
