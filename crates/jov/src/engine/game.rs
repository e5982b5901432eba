//! A game: the compiled rules, the state and the dice. [`Game::apply`] checks an action
//! against the rules (a refused action changes nothing), carries it out, and runs the
//! steps that need no decision up to the next one that does.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::event::Event;
use super::phase::{Phase, Step};
use super::rules::Rules;
use super::side::Army;
use super::state::{Air, Loc, Org, State, Supply, UnitState};
use super::weather::{Ground, Visibility};
use sztab_seam::play::{Dice, DieSampler};

/// Why an action is refused: the rule and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub rule: &'static str,
    pub why: String,
}

impl RuleError {
    pub fn new(rule: &'static str, why: impl Into<String>) -> RuleError {
        RuleError {
            rule,
            why: why.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.why, self.rule)
    }
}

impl std::error::Error for RuleError {}

pub type Checked<T> = Result<T, RuleError>;

/// How a game ended: the winning side (its index in the scenario) and the level won,
/// or a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<usize>,
    pub level: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Arc<Rules>,
    pub(crate) st: State,
    pub(crate) dice: Dice,
    opening: Vec<Event>,
}

impl Game {
    /// Sets the scenario up and runs to the first decision.
    pub fn new(rules: Arc<Rules>, seed: u64) -> Game {
        Game::with_script(rules, seed, &[])
    }

    /// [`Game::new`] with die faces queued before the seeded stream (tests).
    pub fn with_script(rules: Arc<Rules>, seed: u64, faces: &[u8]) -> Game {
        let mut units: Vec<UnitState> = rules
            .units
            .iter()
            .map(|u| UnitState::new(Loc::Waiting, u.max_steps()))
            .collect();
        for &u in &rules.eliminated_at_start {
            units[u].loc = Loc::Eliminated;
            units[u].steps = 0;
        }
        let st = State {
            turn: 1,
            phase: Phase::START,
            ground: Ground::Frozen,
            visibility: Visibility::Clear,
            units,
            air: Air::default(),
            sp: Default::default(),
            holder: Default::default(),
            improved_positions: rules.improved_positions.iter().copied().collect(),
            moving: None,
            placed: Default::default(),
            declared: Default::default(),
            attacked_hexes: Default::default(),
            attacked_units: Default::default(),
            battle: None,
            interception: None,
            minefields: rules
                .minefields
                .iter()
                .map(|&(hex, facing)| super::state::Minefield {
                    hex,
                    facing,
                    complete: true,
                    lifting: false,
                    builder: None,
                })
                .collect(),
            minefields_left: rules.minefield_allotment,
            bridges: Default::default(),
            attempted: Default::default(),
            demolition: None,
            air_drops: Default::default(),
            rp: Default::default(),
            wanda_ends: None,
            result: None,
        };
        // 3.2: the seam's dice, by rejection sampling as every new system.
        let mut dice = Dice::new(seed, DieSampler::Rejection);
        dice.script(faces);
        let mut g = Game {
            rules,
            st,
            dice,
            opening: Vec::new(),
        };
        let mut out = Vec::new();
        for (u, hex, start) in g.rules.setup.clone() {
            let s = &mut g.st.units[u];
            s.loc = Loc::Map(hex);
            if start.steps > 0 {
                s.steps = start.steps;
            }
            s.org = if start.disorganized {
                Org::Disorganized
            } else if start.regroup {
                Org::Regroup
            } else {
                Org::Ok
            };
            s.supply = match start.oos {
                1 => Supply::Oos1,
                2 => Supply::Oos2,
                _ => Supply::In,
            };
            s.fired = start.fired;
            s.out_of_ammo = start.out_of_ammo;
            s.alarm_side = start.alarm_side;
            g.mark_holder(u);
            out.push(Event::Placed { unit: g.id(u), hex });
        }
        g.init_bridges();
        g.emit(
            &mut out,
            Event::TurnBegan {
                turn: 1,
                day: g.rules.first_turn,
            },
        );
        g.run_step(&mut out);
        g.settle(&mut out);
        g.opening = out;
        g
    }

    pub fn state(&self) -> &State {
        &self.st
    }

    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// Queues die faces before the seeded stream.
    pub fn script(&mut self, faces: &[u8]) {
        self.dice.script(faces);
    }

    /// The scenario side to act, `None` when the game is over.
    pub fn to_act(&self) -> Option<usize> {
        if self.st.result.is_some() {
            return None;
        }
        Some(self.rules.side_index(self.actor()))
    }

    /// The army whose decision the game waits for.
    pub fn actor(&self) -> Army {
        if let Some(i) = &self.st.interception {
            return self.interception_actor(i);
        }
        if self.st.demolition.is_some() {
            let mover = self
                .st
                .battle
                .as_ref()
                .map_or(self.st.phase.player, |b| b.actor());
            return mover.enemy();
        }
        match &self.st.battle {
            Some(b) => b.actor(),
            None => self.st.phase.actor(),
        }
    }

    pub fn result(&self) -> Option<Outcome> {
        self.st.result.clone()
    }

    /// Every legal action of the side to act, in a deterministic order.
    pub fn legal(&self) -> Vec<Action> {
        if self.st.result.is_some() {
            return Vec::new();
        }
        super::legal::legal(self)
    }

    /// Checks an action and carries it out; a refused action changes nothing.
    pub fn apply(&mut self, a: &Action) -> Checked<Vec<Event>> {
        if self.st.result.is_some() {
            return Err(RuleError::new("3.2 G", "the game is over"));
        }
        let mut trial = self.clone();
        let mut out = Vec::new();
        trial.dispatch(a, &mut out)?;
        trial.settle(&mut out);
        *self = trial;
        Ok(out)
    }

    fn dispatch(&mut self, a: &Action, out: &mut Vec<Event>) -> Checked<()> {
        if self.st.interception.is_some() {
            return self.interception_decision(a, out);
        }
        if self.st.demolition.is_some() {
            return self.demolition_decision(a, out);
        }
        if self.st.battle.is_some() {
            return self.battle_decision(a, out);
        }
        let step = self.st.phase.step;
        let wrong = || {
            Err(RuleError::new(
                "3.2",
                format!("\"{a}\" is not a decision of the {}", step.name()),
            ))
        };
        match (a, step) {
            (Action::EndPhase, _) => {
                self.end_step(out);
                Ok(())
            }
            (Action::Enter { unit, hex }, Step::Reinforcement) => self.enter(unit, *hex, out),
            (Action::Replace { unit }, Step::Replacement) => self.replace(unit, out),
            (Action::Wanda, Step::Event) => self.wanda(out),
            (Action::Reserve { unit }, Step::ReserveDeclaration) => self.reserve(unit, out),
            (
                Action::Move { units, to, mode },
                Step::Movement | Step::ReserveMovement | Step::Breakthrough,
            ) => self.order_move(units, *to, *mode, out),
            (Action::Declare { hex }, Step::CombatDeclaration) => self.declare(*hex, out),
            (Action::AlarmAttack { hex }, Step::Movement) => self.alarm_attack(*hex, out),
            (Action::Extend { sdm, hex }, Step::ExtendedSupply) => self.extend(sdm, *hex, out),
            (Action::PlaceSdm { sdm, hex }, Step::SupplyMarkers) => self.place_sdm(sdm, *hex, out),
            (Action::Resupply { unit, full }, Step::ArtilleryResupply) => {
                self.resupply(unit, *full, out)
            }
            (Action::AirDrop { hex }, Step::SovietAirDrop) => self.air_drop(*hex, out),
            (Action::BuildIp { unit }, Step::Engineering) => self.build_ip(unit, out),
            (Action::BuildMinefield { unit, facing }, Step::Engineering) => {
                self.build_minefield(unit, *facing, out)
            }
            (Action::DestroyBridge { a, b }, Step::Engineering) => {
                self.destroy_bridge(*a, *b, self.st.phase.player, out)
            }
            (Action::RepairBridge { a, b, unit }, Step::Engineering) => {
                self.start_repair(*a, *b, unit, out)
            }
            (Action::SovietAir { hex }, Step::AirDeclaration) => self.soviet_air(*hex, out),
            (Action::React { unit, to }, Step::ArmorReaction | Step::NightWithdrawal) => {
                self.react(unit, *to, out)
            }
            (
                Action::Attack { target, from },
                Step::CombatResolution | Step::Breakthrough | Step::ReserveCombat,
            ) => self.attack(*target, from, out),
            _ => wrong(),
        }
    }

    /// Ends the current step and runs into the next.
    pub(crate) fn end_step(&mut self, out: &mut Vec<Event>) {
        self.finish_step(out);
        self.st.phase = self.st.phase.next();
        self.emit(
            out,
            Event::PhaseBegan {
                phase: self.st.phase,
            },
        );
        self.run_step(out);
    }

    /// Runs the steps that need no decision, and skips those where the side to act has
    /// nothing to decide, up to the next decision or the end.
    fn settle(&mut self, out: &mut Vec<Event>) {
        let mut guard = 0;
        while self.st.result.is_none()
            && self.st.battle.is_none()
            && self.st.interception.is_none()
            && self.st.demolition.is_none()
        {
            let step = self.st.phase.step;
            let idle = step.automatic() || super::legal::legal(self) == vec![Action::EndPhase];
            if !idle {
                break;
            }
            self.end_step(out);
            guard += 1;
            if guard > 10_000 {
                break;
            }
        }
    }

    /// What a step does as it begins.
    fn run_step(&mut self, out: &mut Vec<Event>) {
        self.new_bridge_phase();
        match self.st.phase.step {
            Step::Weather => self.weather(out),
            Step::Air => self.air_availability(out),
            Step::SupplyReception => self.receive_supply(out),
            Step::SupplyDetermination => self.determine_supply(out),
            Step::Movement
            | Step::ReserveMovement
            | Step::Breakthrough
            | Step::NightWithdrawal
            | Step::ArmorReaction => {
                for u in &mut self.st.units {
                    u.moved = false;
                }
            }
            Step::CombatResolution | Step::ReserveCombat => {
                self.st.attacked_hexes.clear();
            }
            Step::DisorgRegroup => self.recover(out),
            Step::Engineering => {
                self.repair_bridges(out);
                match self.st.phase.player {
                    Army::German => self.clear_entered_minefields(out),
                    Army::Soviet => self.complete_minefields(out),
                }
            }
            Step::Replacement => self.receive_rps(out),
            Step::GameTurn => self.game_turn(out),
            _ => {}
        }
    }

    /// What a step does as it ends.
    fn finish_step(&mut self, out: &mut Vec<Event>) {
        self.finish_move(out);
        match self.st.phase.step {
            // 11.1.2: at the end of the owner's Movement and Combat Phases.
            Step::Movement | Step::NightWithdrawal => {
                let army = self.st.phase.player;
                self.enforce_stacking(army, out);
            }
            _ => {}
        }
        if self.st.phase.step == Step::ReserveCombat {
            for u in &mut self.st.units {
                u.reserve = false;
            }
            if self.st.phase.player == Army::Soviet {
                self.enforce_stacking(Army::Soviet, out);
            }
        }
        if self.st.phase.step == Step::Breakthrough {
            for u in &mut self.st.units {
                u.breakthrough = false;
            }
        }
        if self.st.phase.step == Step::ReserveCombat {
            self.st.declared.clear();
        }
    }

    /// The Game-Turn stage: victory on the last turn, else the next turn (3.2 G).
    fn game_turn(&mut self, out: &mut Vec<Event>) {
        if self.st.turn >= self.rules.turns {
            let o = super::victory::outcome(self);
            let winner = o.winner.map(|i| self.rules.sides[i]);
            self.emit(
                out,
                Event::GameEnded {
                    winner,
                    level: o.level.clone(),
                },
            );
            self.st.result = Some(o);
            return;
        }
        self.st.turn += 1;
        for u in &mut self.st.units {
            u.attacked = false;
            u.hexes_moved = 0;
            u.replaced = 0;
            u.broke_through = false;
        }
        self.st.air = Air::default();
        self.st.air_drops.clear();
        self.st.placed.clear();
        self.st.attacked_units.clear();
        let day = self.rules.first_turn + self.st.turn - 1;
        self.emit(
            out,
            Event::TurnBegan {
                turn: self.st.turn,
                day,
            },
        );
    }

    pub(crate) fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        out.push(e);
    }

    pub(crate) fn id(&self, u: usize) -> String {
        self.rules.units[u].id.clone()
    }

    /// Names hex `h` as the sheets print it ("B-4722"), for a refusal's reason.
    pub(crate) fn hex_label(&self, h: sztab_core::hex::HexId) -> String {
        self.rules.board.labels.label(h)
    }

    /// A unit by id.
    pub(crate) fn unit(&self, id: &str) -> Checked<usize> {
        self.rules
            .unit(id)
            .ok_or_else(|| RuleError::new("4.1", format!("there is no unit {id}")))
    }

    /// A unit of the side to act, by id.
    pub(crate) fn own(&self, id: &str) -> Checked<usize> {
        let u = self.unit(id)?;
        if self.rules.units[u].army != self.actor() {
            return Err(RuleError::new(
                "3.2",
                format!("{id} is not a unit of the side to act"),
            ));
        }
        Ok(u)
    }

    /// Records that `u`'s side was the last on its hex (J-08).
    pub(crate) fn mark_holder(&mut self, u: usize) {
        let def = &self.rules.units[u];
        if def.is_sdm() {
            return;
        }
        if let Some(h) = self.st.units[u].hex() {
            self.st.holder.insert(h, def.army);
        }
    }

    /// Removes a step; the last one eliminates the unit (4.4).
    pub(crate) fn lose_step(&mut self, u: usize, rule: &str, out: &mut Vec<Event>) {
        let s = &mut self.st.units[u];
        if s.loc == Loc::Eliminated {
            return;
        }
        s.steps = s.steps.saturating_sub(1);
        if s.steps == 0 {
            s.loc = Loc::Eliminated;
            s.reserve = false;
            s.breakthrough = false;
            let unit = self.id(u);
            self.emit(out, Event::Eliminated { unit });
        } else {
            let steps = s.steps;
            let unit = self.id(u);
            self.emit(
                out,
                Event::StepLost {
                    unit,
                    steps,
                    rule: rule.to_owned(),
                },
            );
        }
    }

    pub(crate) fn set_org(&mut self, u: usize, org: Org, rule: &str, out: &mut Vec<Event>) {
        let s = &mut self.st.units[u];
        if s.loc == Loc::Eliminated || s.org == org {
            return;
        }
        // A Disorganized unit stays so when told to Regroup (10.3.2, 12.13.4).
        if org == Org::Regroup && s.org == Org::Disorganized {
            return;
        }
        s.org = org;
        let unit = self.id(u);
        self.emit(
            out,
            Event::OrgChanged {
                unit,
                org,
                rule: rule.to_owned(),
            },
        );
    }

    /// Recovery (12.17.4): the phase's player removes his Regroup markers, the other
    /// side's Disorganized units become Regroup; No Fire markers step down in the Soviet
    /// phase (9.10.3).
    fn recover(&mut self, out: &mut Vec<Event>) {
        let player = self.st.phase.player;
        for u in 0..self.st.units.len() {
            let army = self.rules.units[u].army;
            let s = &self.st.units[u];
            if s.loc == Loc::Eliminated {
                continue;
            }
            let next = match (s.org, army == player) {
                (Org::Regroup, true) => Org::Ok,
                (Org::Disorganized, false) => Org::Regroup,
                _ => continue,
            };
            self.st.units[u].org = next;
            let unit = self.id(u);
            self.emit(out, Event::Recovered { unit, org: next });
        }
        if player == Army::Soviet {
            for s in &mut self.st.units {
                s.no_fire = s.no_fire.saturating_sub(1);
            }
        }
    }
}
