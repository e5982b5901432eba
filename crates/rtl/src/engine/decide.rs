//! The decisions: every action is first planned — checked against the rules without
//! changing anything — then carried out. [`Game::legal`] lists the candidates of the
//! moment and keeps those whose plan holds, so what is listed is exactly what is allowed.

use sztab_core::hex::{Dir, HexId};

use super::action::Action;
use super::activation::PlayPlan;
use super::combat::ResolvePlan;
use super::game::{Checked, Game, RuleError, refuse};
use super::movement::UnitStep;
use super::overrun::OverrunPlan;
use super::state::{BattleStage, Pending, Phase, Stage};
use super::words::{SeqKind, Side};

/// A checked action, ready to be carried out.
pub(super) enum Plan {
    HoldOut(Side, usize),
    ChooseFirst(Side, usize),
    Draw(Side),
    Play(Side, Option<usize>, PlayPlan),
    Combine(Side, (usize, usize, Option<usize>), SeqKind),
    ActivateArmy((usize, bool, Option<usize>)),
    Build(usize),
    PlaceBridge(usize, HexId, Dir),
    LiftBridge(usize),
    Pick(usize),
    Step(HexId, Vec<UnitStep>),
    Enter(HexId, UnitStep),
    Overrun(OverrunPlan),
    Halt,
    Declare(usize, HexId),
    Lead(HexId, usize),
    Refuse(HexId),
    React(HexId, usize, Option<usize>),
    NoRetreat(HexId, Option<usize>),
    Resolve(ResolvePlan),
    Defend(Option<usize>),
    Air(usize),
    Artillery(usize),
    EndCommit,
    Loss(usize),
    Retreat(Vec<usize>, Vec<HexId>),
    Advance(usize, Vec<HexId>),
    EndAdvance,
    EndStage,
    EndBridges(Side),
}

fn wrong(a: &Action, what: &str) -> RuleError {
    RuleError::new(
        "Sequence of Play",
        format!("\"{a}\" is not allowed now: {what}"),
    )
}

impl Game {
    /// Checks an action without changing anything.
    pub(super) fn check(&self, a: &Action) -> Checked<()> {
        self.plan(a).map(|_| ())
    }

    /// Checks and carries out an action.
    pub(super) fn dispatch(&mut self, a: &Action) -> Checked<()> {
        let p = self.plan(a)?;
        self.execute(p);
        Ok(())
    }

    fn plan(&self, a: &Action) -> Checked<Plan> {
        if let Some(p) = self.st.pending.last() {
            return self.plan_pending(p, a);
        }
        match self.st.phase.clone() {
            Phase::HoldOut { side } => match a {
                Action::HoldOut { am } => Ok(Plan::HoldOut(side, self.check_hold_out(side, am)?)),
                _ => Err(wrong(a, "the Second Player is filling his cup (7.14)")),
            },
            Phase::ChooseFirst { side } => match a {
                Action::ChooseFirst { am } => {
                    Ok(Plan::ChooseFirst(side, self.check_choose_first(side, am)?))
                }
                _ => Err(wrong(a, "the First Player chooses the first AM (7.15)")),
            },
            Phase::Open { side } => match a {
                Action::Draw => Ok(Plan::Draw(side)),
                Action::Play {
                    am,
                    sequence,
                    formation,
                } => Ok(Plan::Play(
                    side,
                    None,
                    self.check_play(side, None, am, *sequence, formation)?,
                )),
                _ => Err(wrong(a, "draw an AM or play the pooled one (7.34)")),
            },
            Phase::Choose { side, drawn } => match a {
                Action::Play {
                    am,
                    sequence,
                    formation,
                } => Ok(Plan::Play(
                    side,
                    drawn,
                    self.check_play(side, drawn, am, *sequence, formation)?,
                )),
                Action::Combine {
                    face_up,
                    sequence,
                    leader,
                } => Ok(Plan::Combine(
                    side,
                    self.check_combine(side, drawn, face_up, *sequence, leader)?,
                    *sequence,
                )),
                _ => Err(wrong(a, "play an AM (7.21)")),
            },
            Phase::Bridges { side } => match a {
                Action::PlaceBridge { unit, hex, arrow } => Ok(Plan::PlaceBridge(
                    self.check_bridge(side, unit, *hex, *arrow)?,
                    *hex,
                    *arrow,
                )),
                Action::LiftBridge { unit } => Ok(Plan::LiftBridge(self.check_lift(side, unit)?)),
                Action::End => Ok(Plan::EndBridges(side)),
                _ => Err(wrong(
                    a,
                    "the Reorganization Segment's Engineering Phase (16.22)",
                )),
            },
            Phase::Sequence => self.plan_sequence(a),
            Phase::Over => refuse("4.22", "the game is over"),
        }
    }

    fn plan_pending(&self, p: &Pending, a: &Action) -> Checked<Plan> {
        match (p, a) {
            (Pending::Loss(o), Action::Loss { unit }) => Ok(Plan::Loss(self.check_loss(o, unit)?)),
            (Pending::Retreat(o), Action::Retreat { unit, path }) => Ok(Plan::Retreat(
                self.check_retreat(o, unit, path)?,
                path.clone(),
            )),
            (Pending::Advance(o), Action::Advance { unit, path }) => Ok(Plan::Advance(
                self.check_advance(o, unit, path)?,
                path.clone(),
            )),
            (Pending::Advance(_), Action::End) => Ok(Plan::EndAdvance),
            _ => Err(wrong(a, "a combat's results are being applied")),
        }
    }

    fn plan_sequence(&self, a: &Action) -> Checked<Plan> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if let Some(b) = &seq.battle {
            return match (b.stage, a) {
                (BattleStage::Defend, Action::Defend { hq }) => {
                    Ok(Plan::Defend(self.check_defend(hq)?))
                }
                (BattleStage::Lead, Action::Lead { hex, unit }) if *hex == b.hex => {
                    Ok(Plan::Lead(*hex, self.check_overrun_lead(unit)?))
                }
                (BattleStage::Air(s), Action::Air { unit }) => {
                    Ok(Plan::Air(self.check_air(s, unit)?))
                }
                (BattleStage::Artillery(s), Action::Artillery { unit }) => {
                    Ok(Plan::Artillery(self.check_artillery(s, unit)?))
                }
                (BattleStage::Air(_) | BattleStage::Artillery(_), Action::End) => {
                    Ok(Plan::EndCommit)
                }
                _ => Err(wrong(a, "a combat is being resolved")),
            };
        }
        let stage = seq.stage;
        let pass = seq.kind == SeqKind::Pass;
        match (stage, a) {
            // From the Engineering Phase, so an Army builder can begin a Strongpoint
            // (14.25d, decision R-33).
            (Stage::Engineering | Stage::Movement, Action::ActivateArmy { unit, hq }) if !pass => {
                Ok(Plan::ActivateArmy(self.check_activate_army(unit, hq)?))
            }
            (Stage::Engineering, Action::BuildStrongpoint { unit }) if !pass => {
                Ok(Plan::Build(self.check_build(unit)?))
            }
            (Stage::Engineering, Action::PlaceBridge { unit, hex, arrow }) => {
                Ok(Plan::PlaceBridge(
                    self.check_bridge(seq.side, unit, *hex, *arrow)?,
                    *hex,
                    *arrow,
                ))
            }
            (Stage::Engineering, Action::LiftBridge { unit }) => {
                Ok(Plan::LiftBridge(self.check_lift(seq.side, unit)?))
            }
            (Stage::Movement | Stage::Reaction, Action::Pick { unit }) => {
                Ok(Plan::Pick(self.check_pick(unit)?))
            }
            (Stage::Movement | Stage::Reaction, Action::Step { to }) => {
                Ok(Plan::Step(*to, self.check_step(*to)?))
            }
            (Stage::Movement | Stage::Reaction, Action::Halt) => {
                if seq.mover.as_ref().is_none_or(|m| m.units.is_empty()) {
                    return refuse("8.12", "no stack is moving");
                }
                self.check_stop()?;
                Ok(Plan::Halt)
            }
            (Stage::Movement, Action::Enter { unit, hex }) => {
                Ok(Plan::Enter(*hex, self.check_enter(unit, *hex)?))
            }
            (Stage::Movement, Action::Overrun { hex, lead, air }) => {
                Ok(Plan::Overrun(self.check_overrun(*hex, lead, air)?))
            }
            (Stage::Declaration, Action::Declare { unit, hex }) => {
                Ok(Plan::Declare(self.check_declare(unit, *hex)?, *hex))
            }
            (Stage::Leads, Action::Lead { hex, unit }) => {
                Ok(Plan::Lead(*hex, self.check_lead(*hex, unit)?))
            }
            (Stage::Refusal, Action::Refuse { hex }) => {
                self.check_refuse(*hex)?;
                Ok(Plan::Refuse(*hex))
            }
            (Stage::Reaction, Action::React { hex, lead, hq }) => {
                let (l, h) = self.check_react(*hex, lead, hq)?;
                Ok(Plan::React(*hex, l, h))
            }
            (Stage::NoRetreat, Action::NoRetreat { hex, hq }) => {
                Ok(Plan::NoRetreat(*hex, self.check_no_retreat(*hex, hq)?))
            }
            (Stage::Combat, Action::Resolve { .. }) => Ok(Plan::Resolve(self.check_resolve(a)?)),
            (Stage::Movement | Stage::Reaction, Action::End) => {
                self.check_stop()?;
                Ok(Plan::EndStage)
            }
            (
                Stage::Engineering | Stage::Declaration | Stage::Refusal | Stage::NoRetreat,
                Action::End,
            ) => Ok(Plan::EndStage),
            _ => Err(wrong(a, &format!("the {} is under way", stage.name()))),
        }
    }

    pub(super) fn execute(&mut self, p: Plan) {
        match p {
            Plan::HoldOut(side, am) => self.hold_out(side, am),
            Plan::ChooseFirst(side, am) => self.choose_first(side, am),
            Plan::Draw(side) => self.open_draw(side),
            Plan::Play(side, drawn, plan) => self.play(side, drawn, plan),
            Plan::Combine(side, c, kind) => self.combine(side, c, kind),
            Plan::ActivateArmy(x) => self.activate_army(x),
            Plan::Build(u) => self.build(u),
            Plan::PlaceBridge(u, hex, arrow) => self.place_bridge(u, hex, arrow),
            Plan::LiftBridge(u) => self.lift_bridge(u),
            Plan::Pick(u) => self.pick(u),
            Plan::Step(to, steps) => self.step(to, steps),
            Plan::Enter(hex, s) => self.enter(hex, s),
            Plan::Overrun(o) => self.overrun(o),
            Plan::Halt => self.finish_mover(),
            Plan::Declare(u, hex) => self.declare(u, hex),
            Plan::Lead(hex, u) => self.name_lead(hex, u),
            Plan::Refuse(hex) => self.refuse_combat(hex),
            Plan::React(hex, lead, hq) => self.react(hex, lead, hq),
            Plan::NoRetreat(hex, hq) => self.no_retreat(hex, hq),
            Plan::Resolve(r) => self.resolve(r),
            Plan::Defend(hq) => self.defend(hq),
            Plan::Air(u) => self.commit_air(u),
            Plan::Artillery(u) => self.commit_artillery(u),
            Plan::EndCommit => self.end_commit(),
            Plan::Loss(u) => self.take_loss(u),
            Plan::Retreat(units, path) => self.retreat(units, path),
            Plan::Advance(u, path) => self.advance_unit(u, path),
            Plan::EndAdvance => {
                self.st.pending.pop();
            }
            Plan::EndStage => self.end_stage(),
            Plan::EndBridges(side) => self.end_bridges(side),
        }
    }

    /// The actions worth checking now.
    pub(super) fn candidates(&self) -> Vec<Action> {
        if let Some(p) = self.st.pending.last() {
            return self.pending_candidates(p);
        }
        match &self.st.phase {
            Phase::HoldOut { .. }
            | Phase::ChooseFirst { .. }
            | Phase::Open { .. }
            | Phase::Choose { .. } => self.activation_candidates(),
            Phase::Bridges { side } => {
                let mut out = self.bridge_candidates(*side);
                out.push(Action::End);
                out
            }
            Phase::Sequence => self.sequence_candidates(),
            Phase::Over => Vec::new(),
        }
    }

    fn sequence_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let mut out = Vec::new();
        if let Some(b) = &seq.battle {
            match b.stage {
                BattleStage::Defend => out.extend(self.defend_candidates()),
                BattleStage::Lead => out.extend(self.overrun_lead_candidates()),
                BattleStage::Air(s) => {
                    out.extend(self.air_candidates(s));
                    out.push(Action::End);
                }
                BattleStage::Artillery(s) => {
                    out.extend(self.artillery_candidates(s));
                    out.push(Action::End);
                }
                BattleStage::Aftermath => {}
            }
            return out;
        }
        match seq.stage {
            Stage::Engineering => {
                if seq.kind != SeqKind::Pass {
                    self.army_candidates(seq.side, &mut out);
                    out.extend(self.build_candidates());
                }
                out.extend(self.bridge_candidates(seq.side));
            }
            Stage::Movement => {
                self.army_candidates(seq.side, &mut out);
                out.extend(self.enter_candidates());
                out.extend(self.move_candidates());
                out.extend(self.overrun_candidates());
            }
            Stage::Reaction => {
                out.extend(self.react_candidates());
                out.extend(self.move_candidates());
            }
            Stage::Declaration => out.extend(self.declare_candidates()),
            Stage::Leads => return self.lead_candidates(),
            Stage::Refusal => out.extend(self.refuse_candidates()),
            Stage::NoRetreat => out.extend(self.no_retreat_candidates()),
            Stage::Combat => return self.resolve_candidates(),
        }
        out.push(Action::End);
        out
    }

    fn pending_candidates(&self, p: &Pending) -> Vec<Action> {
        match p {
            Pending::Aftermath(_) => Vec::new(),
            Pending::Loss(o) => o
                .units
                .iter()
                .map(|&u| Action::Loss { unit: self.id(u) })
                .collect(),
            Pending::Retreat(o) => self.retreat_candidates(o),
            Pending::Advance(o) => {
                let mut out = self.advance_candidates(o);
                out.push(Action::End);
                out
            }
        }
    }

    /// Picks, steps and the halt of a Movement Phase or Reaction Movement.
    fn move_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let mut out = Vec::new();
        for u in 0..self.rules.units.len() {
            if self.movable(u) {
                out.push(Action::Pick { unit: self.id(u) });
            }
        }
        if let Some(m) = seq.mover.as_ref().filter(|m| !m.units.is_empty()) {
            for n in self.rules.board.grid.neighbours(m.hex) {
                out.push(Action::Step { to: n });
            }
            out.push(Action::Halt);
        }
        out
    }

    fn enter_candidates(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for a in self
            .rules
            .arrivals
            .iter()
            .filter(|a| a.turn <= self.st.turn)
        {
            for &u in &a.units {
                for &hex in &a.hexes {
                    out.push(Action::Enter {
                        unit: self.id(u),
                        hex,
                    });
                }
            }
        }
        out
    }
}
