//! The sequence of play (3.2): the mutual stages, the Soviet player-turn, the German
//! player-turn and the Game-Turn stage, as the steps the engine runs. Steps with no
//! decision run themselves; the others wait for the side to act.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::side::Army;

/// A step of the game-turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// A: ground condition and visibility (5.0).
    Weather,
    /// B: CAS missions, the German one roll, the Soviet one a Front (6.1).
    Air,
    /// C1: SDMs placed or relocated (13.2.1), the Soviet player first.
    SupplyMarkers,
    /// C2: supply points to each SDM (14.2).
    SupplyReception,
    /// C3: In supply, OOS1 or OOS2 (13.3, 13.4).
    SupplyDetermination,
    /// C4: SPs put OOS units in supply at twice the range (14.7), the Soviet player first.
    ExtendedSupply,
    /// C5: SPs resupply artillery (14.4), the Soviet player first.
    ArtilleryResupply,
    /// C6: one Soviet air-drop a Front (14.8).
    SovietAirDrop,
    /// F1B: German declarations (16.3 Operation Wanda).
    Event,
    /// E2A/F2A: replacement points received and spent (8).
    Replacement,
    /// E2B/F2B: reinforcements enter (7.0).
    Reinforcement,
    /// E3A: reserves declared (9.6).
    ReserveDeclaration,
    /// E3B: movement (9.0).
    Movement,
    /// E4A: the attacker marks the hexes he will attack (12.1.1).
    CombatDeclaration,
    /// E4A2: the Soviet player gives air missions to combats, in attack and defence.
    AirDeclaration,
    /// E4B: German armor moves one hex (12.1.2), Soviet player-turn only.
    ArmorReaction,
    /// E4C: each declared combat resolved (12.1.3).
    CombatResolution,
    /// E4D: units with Breakthrough markers move one hex or attack (12.1.4).
    Breakthrough,
    /// E4E: reserves move (9.7).
    ReserveMovement,
    /// E4F: reserves attack (12.1.6).
    ReserveCombat,
    /// F4A: German armor withdraws one hex (9.8); J-04: after the reserve combat.
    NightWithdrawal,
    /// E5/F5: engineering (15); German Improved Positions (15.1).
    Engineering,
    /// E6/F6: Disorganized and Regroup markers recover (12.17.4).
    DisorgRegroup,
    /// G: victory on the last turn, then the turn marker advances.
    GameTurn,
}

impl Step {
    /// Steps that run without a decision.
    pub fn automatic(self) -> bool {
        matches!(
            self,
            Step::Weather
                | Step::Air
                | Step::SupplyReception
                | Step::SupplyDetermination
                | Step::DisorgRegroup
                | Step::GameTurn
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Weather => "Weather Stage",
            Step::Air => "Mutual Air Stage",
            Step::SupplyMarkers => "Supply Marker Phase",
            Step::SupplyReception => "Supply Point Reception Phase",
            Step::SupplyDetermination => "Supply Determination Phase",
            Step::ExtendedSupply => "Extended Supply of OOS Units Phase",
            Step::ArtilleryResupply => "Artillery Resupply Phase",
            Step::SovietAirDrop => "Soviet Air-Drop Supply Phase",
            Step::Engineering => "Engineering Phase",
            Step::Event => "Event Phase",
            Step::Replacement => "Replacement Segment",
            Step::Reinforcement => "Reinforcement Segment",
            Step::ReserveDeclaration => "Reserve Declaration Segment",
            Step::Movement => "Movement Segment",
            Step::CombatDeclaration => "Combat Declaration Segment",
            Step::AirDeclaration => "Soviet air declaration",
            Step::ArmorReaction => "German Armor Reaction Segment",
            Step::CombatResolution => "Combat Resolution Segment",
            Step::Breakthrough => "Breakthrough Segment",
            Step::ReserveMovement => "Reserve Movement Segment",
            Step::ReserveCombat => "Reserve Combat Segment",
            Step::NightWithdrawal => "Night Withdrawal Segment",
            Step::DisorgRegroup => "Disorganization/Regroup Phase",
            Step::GameTurn => "Game-Turn Stage",
        }
    }
}

/// A step and whose player-turn it is in (the mutual stages count as the Soviet's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Phase {
    pub step: Step,
    pub player: Army,
}

impl Phase {
    pub const START: Phase = Phase {
        step: Step::Weather,
        player: Army::Soviet,
    };

    /// The step after this one; the Game-Turn stage is followed by the next turn's
    /// Weather Stage.
    pub fn next(self) -> Phase {
        use Step::*;
        let p = self.player;
        let at = |step| Phase { step, player: p };
        match self.step {
            Weather => at(Air),
            Air => Phase {
                step: SupplyMarkers,
                player: Army::Soviet,
            },
            SupplyMarkers if p == Army::Soviet => Phase {
                step: SupplyMarkers,
                player: Army::German,
            },
            SupplyMarkers => at(SupplyReception),
            SupplyReception => at(SupplyDetermination),
            SupplyDetermination => Phase {
                step: ExtendedSupply,
                player: Army::Soviet,
            },
            ExtendedSupply if p == Army::Soviet => Phase {
                step: ExtendedSupply,
                player: Army::German,
            },
            ExtendedSupply => Phase {
                step: ArtilleryResupply,
                player: Army::Soviet,
            },
            ArtilleryResupply if p == Army::Soviet => Phase {
                step: ArtilleryResupply,
                player: Army::German,
            },
            ArtilleryResupply => Phase {
                step: SovietAirDrop,
                player: Army::Soviet,
            },
            SovietAirDrop => Phase {
                step: Replacement,
                player: Army::Soviet,
            },
            Replacement => at(Reinforcement),
            Reinforcement => at(ReserveDeclaration),
            ReserveDeclaration => at(Movement),
            Movement => at(CombatDeclaration),
            CombatDeclaration => at(AirDeclaration),
            AirDeclaration if p == Army::Soviet => at(ArmorReaction),
            AirDeclaration | ArmorReaction => at(CombatResolution),
            CombatResolution => at(Breakthrough),
            Breakthrough => at(ReserveMovement),
            ReserveMovement => at(ReserveCombat),
            ReserveCombat if p == Army::German => at(NightWithdrawal),
            ReserveCombat | NightWithdrawal => at(Engineering),
            Engineering => at(DisorgRegroup),
            DisorgRegroup if p == Army::Soviet => Phase {
                step: Event,
                player: Army::German,
            },
            Event => at(Replacement),
            DisorgRegroup => at(GameTurn),
            GameTurn => Phase::START,
        }
    }

    /// The side whose decision the step waits for (the combat under way may pass it to
    /// the defender).
    pub fn actor(self) -> Army {
        match self.step {
            Step::AirDeclaration => Army::Soviet,
            Step::ArmorReaction | Step::NightWithdrawal => Army::German,
            _ => self.player,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(
            self.step,
            Step::Weather
                | Step::Air
                | Step::SupplyReception
                | Step::SupplyDetermination
                | Step::GameTurn
        ) {
            f.write_str(self.step.name())
        } else {
            write!(f, "{} player-turn, {}", self.player, self.step.name())
        }
    }
}
