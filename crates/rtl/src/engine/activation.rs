//! Activation (4.3, 7.2-7.4): the Second Player's held-out AMs, the scenario's chosen
//! first AM, drawing, playing an AM in a Mobile, Assault or Pass Sequence, the Activation
//! Pool, combining two formations, the "Activate Any Formation" marker, and Army units
//! activated with the Active Formation.

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::rules::AmKind;
use super::state::{Loc, Phase, Sequence, Stage};
use super::unit::Kind;
use super::words::{Class, SeqKind, Side, other};

/// What a Play action does.
pub(super) struct PlayPlan {
    am: usize,
    from_pool: bool,
    kind: SeqKind,
    formations: Vec<usize>,
}

impl Game {
    /// 7.14: an AM of the Second Player's cup left out this turn; he puts in all he may
    /// (decision R-34).
    pub(super) fn check_hold_out(&self, side: Side, am: &str) -> Checked<usize> {
        let Some(a) = self.rules.am(am) else {
            return refuse("7.14", format!("there is no AM {am}"));
        };
        if !self.st.cup[side].contains(&a) {
            return refuse("7.14", format!("{am} is not in the cup"));
        }
        Ok(a)
    }

    pub(super) fn hold_out(&mut self, side: Side, a: usize) {
        self.st.cup[side].retain(|&x| x != a);
        let am = self.rules.ams[a].id.clone();
        self.emit(Event::HeldOut { side, am });
        let first = other(side);
        if self.st.cup[side].len() <= self.st.cup[first].len() + 1 {
            self.next_sequence();
        }
    }

    /// 7.15: the First Player's chosen first AM.
    pub(super) fn check_choose_first(&self, side: Side, am: &str) -> Checked<usize> {
        let Some(a) = self.rules.am(am) else {
            return refuse("7.15", format!("there is no AM {am}"));
        };
        if !self.st.cup[side].contains(&a) {
            return refuse("7.15", format!("{am} is not among the First Player's AMs"));
        }
        Ok(a)
    }

    pub(super) fn choose_first(&mut self, side: Side, a: usize) {
        self.st.cup[side].retain(|&x| x != a);
        let am = self.rules.ams[a].id.clone();
        self.emit(Event::Drawn {
            side,
            am,
            chosen: true,
        });
        self.st.phase = Phase::Choose {
            side,
            drawn: Some(a),
        };
    }

    /// 7.34: draw rather than play the pooled AM.
    pub(super) fn open_draw(&mut self, side: Side) {
        let a = self.draw(side);
        self.st.phase = Phase::Choose {
            side,
            drawn: Some(a),
        };
    }

    /// The formation an AM activates, the "Activate Any" marker naming it (4.37).
    fn formations_of(
        &self,
        side: Side,
        am: usize,
        kind: SeqKind,
        formation: &Option<String>,
    ) -> Checked<Vec<usize>> {
        match (self.rules.ams[am].kind, formation) {
            (AmKind::Formation(f), None) => Ok(if kind == SeqKind::Pass {
                vec![]
            } else {
                vec![f]
            }),
            (AmKind::Formation(_), Some(_)) => {
                refuse("4.37", "only the Activate Any marker names a formation")
            }
            (AmKind::Any, None) if kind == SeqKind::Pass => Ok(vec![]),
            // With no formation left in play it activates nothing (7.24 note).
            (AmKind::Any, None) if !self.any_formation_in_play(side) => Ok(vec![]),
            (AmKind::Any, None) => refuse(
                "4.37",
                "the Activate Any marker names the formation it activates",
            ),
            (AmKind::Any, Some(_)) if kind == SeqKind::Pass => {
                refuse("4.37", "a Pass activates no formation")
            }
            (AmKind::Any, Some(id)) => {
                let Some(f) = self.rules.formation(id) else {
                    return refuse("4.37", format!("there is no formation {id}"));
                };
                let fd = &self.rules.formations[f];
                if fd.side != side || fd.markers == 0 || !self.formation_in_play(f) {
                    return refuse(
                        "4.37",
                        format!("{id} is not one of the side's available formations"),
                    );
                }
                Ok(vec![f])
            }
        }
    }

    fn any_formation_in_play(&self, side: Side) -> bool {
        (0..self.rules.formations.len()).any(|f| {
            let fd = &self.rules.formations[f];
            fd.side == side && fd.markers > 0 && self.formation_in_play(f)
        })
    }

    /// 7.21, 7.22, 7.31: which AMs may be played, and how.
    pub(super) fn check_play(
        &self,
        side: Side,
        drawn: Option<usize>,
        am: &str,
        kind: SeqKind,
        formation: &Option<String>,
    ) -> Checked<PlayPlan> {
        let Some(a) = self.rules.am(am) else {
            return refuse("4.35", format!("there is no AM {am}"));
        };
        let pooled = self.st.pool[side];
        let from_pool = if drawn == Some(a) {
            false
        } else if pooled == Some(a) {
            true
        } else {
            return refuse(
                "7.21",
                format!("{am} is neither drawn nor in the Activation Pool"),
            );
        };
        if kind == SeqKind::Pass && (from_pool || pooled.is_some()) {
            // No more than one AM in the Pool at the end of a Sequence (7.22), and a
            // pooled AM is played, not passed again (decision R-12).
            return refuse(
                "7.22",
                "a Pass needs an empty Activation Pool and the drawn AM",
            );
        }
        let formations = self.formations_of(side, a, kind, formation)?;
        Ok(PlayPlan {
            am: a,
            from_pool,
            kind,
            formations,
        })
    }

    pub(super) fn play(&mut self, side: Side, drawn: Option<usize>, p: PlayPlan) {
        if p.kind == SeqKind::Pass {
            self.st.pool[side] = Some(p.am);
            self.st.passes[side] += 1;
            let am = self.rules.ams[p.am].id.clone();
            self.emit(Event::Passed { side, am });
        } else if p.from_pool {
            self.st.pool[side] = drawn;
        }
        self.start_sequence(side, p.kind, p.formations);
    }

    /// 7.32-7.33: two AMs of different formations, one face up: d10 plus its Combination
    /// Value (and a Leader's Command Points, 15.33d) of 8 or more activates both.
    pub(super) fn check_combine(
        &self,
        side: Side,
        drawn: Option<usize>,
        face_up: &str,
        kind: SeqKind,
        leader: &Option<String>,
    ) -> Checked<(usize, usize, Option<usize>)> {
        let (Some(d), Some(p)) = (drawn, self.st.pool[side]) else {
            return refuse(
                "7.31",
                "combining needs a drawn AM and one in the Activation Pool",
            );
        };
        let Some(up) = self.rules.am(face_up).filter(|a| *a == d || *a == p) else {
            return refuse("7.33b", format!("{face_up} is neither of the two AMs"));
        };
        let down = if up == d { p } else { d };
        let (AmKind::Formation(a), AmKind::Formation(b)) =
            (self.rules.ams[up].kind, self.rules.ams[down].kind)
        else {
            return refuse(
                "7.32",
                "the Activate Any marker does not combine (decision R-12)",
            );
        };
        if a == b {
            return refuse("7.32", "both AMs are of the same formation");
        }
        if kind == SeqKind::Pass {
            return refuse(
                "7.31",
                "combined formations play a Mobile or Assault Sequence",
            );
        }
        let leader = match leader {
            None => None,
            Some(id) => {
                let l = self.own(id, side)?;
                if self.rules.units[l].kind != Kind::Leader
                    || self.st.units[l].spent
                    || self.st.units[l].hex().is_none()
                {
                    return refuse("15.33d", format!("{id} is no Leader with Command Points"));
                }
                Some(l)
            }
        };
        Ok((up, down, leader))
    }

    pub(super) fn combine(
        &mut self,
        side: Side,
        (up, down, leader): (usize, usize, Option<usize>),
        kind: SeqKind,
    ) {
        let (AmKind::Formation(a), AmKind::Formation(b)) =
            (self.rules.ams[up].kind, self.rules.ams[down].kind)
        else {
            return;
        };
        let mut drm = self.rules.formations[a].combination;
        if let Some(l) = leader {
            drm += self.rules.units[l].command_points as i32;
            self.spend(l);
        }
        let roll = self.d10();
        let modified = i32::from(roll) + drm;
        let combined = modified >= 8;
        self.emit(Event::Combination {
            side,
            roll,
            modified,
            combined,
        });
        let formations = if combined {
            self.st.pool[side] = None;
            vec![a, b]
        } else {
            self.st.pool[side] = Some(down);
            vec![a]
        };
        self.start_sequence(side, kind, formations);
    }

    /// The sequence begins with its first phase (7.21).
    pub(super) fn start_sequence(&mut self, side: Side, kind: SeqKind, formations: Vec<usize>) {
        let names = formations
            .iter()
            .map(|&f| self.rules.formations[f].name.clone())
            .collect();
        self.emit(Event::SequenceBegan {
            side,
            kind,
            formations: names,
        });
        self.st.seq = Some(Sequence::new(side, kind, formations));
        self.st.sequences += 1;
        self.st.phase = Phase::Sequence;
        let first = match kind {
            SeqKind::Mobile => Stage::Movement,
            _ => Stage::Engineering,
        };
        self.enter_stage(first);
    }

    /// 7.42-7.43, 15.24: how many times a turn a unit may be activated (or try).
    fn activation_limit(&self, u: usize) -> u8 {
        let d = &self.rules.units[u];
        if d.class == Class::Mot || d.kind == Kind::Leader {
            2
        } else {
            1
        }
    }

    /// 7.44-7.45: an Army unit activated with the Active Formation.
    pub(super) fn check_activate_army(
        &self,
        unit: &str,
        hq: &Option<String>,
    ) -> Checked<(usize, bool, Option<usize>)> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let u = self.own(unit, seq.side)?;
        if !self.rules.is_army(u) || !self.rules.units[u].is_combat() {
            return refuse("7.41", format!("{unit} is no Army combat unit"));
        }
        if seq.army.contains(&u) {
            return refuse("7.46", format!("{unit} is already active"));
        }
        if !matches!(self.st.units[u].loc, Loc::Map(_)) {
            return refuse(
                "5.28",
                format!("{unit} is not on the map: it activates as it enters"),
            );
        }
        if self.st.units[u].activations >= self.activation_limit(u) {
            return refuse("7.43", format!("{unit} bears its Final Activation marker"));
        }
        let automatic = self.in_command(u);
        let hq = match hq {
            None => None,
            Some(_) if automatic => {
                return refuse("7.44", "the unit is in Command Range: no check");
            }
            // An Active HQ helps wherever the unit is: within Command Range there is no
            // check to help (15.33c, decision R-13).
            Some(id) => {
                let h = self.own(id, seq.side)?;
                let active = self.rules.units[h]
                    .formation
                    .is_some_and(|f| seq.formations.contains(&f));
                if !self.rules.units[h].is_hq() || !active || self.command_points(h) == 0 {
                    return refuse(
                        "15.33c",
                        format!("{id} is no Active HQ with Command Points"),
                    );
                }
                Some(h)
            }
        };
        Ok((u, automatic, hq))
    }

    pub(super) fn activate_army(&mut self, (u, automatic, hq): (usize, bool, Option<usize>)) {
        self.st.units[u].activations += 1;
        let ok = if automatic {
            true
        } else {
            let drm = hq.map_or(0, |h| -(self.command_points(h) as i32));
            if let Some(h) = hq {
                self.spend(h);
            }
            self.er_check("Army unit activation (7.45)", u, drm).0
        };
        if ok && let Some(seq) = self.st.seq.as_mut() {
            seq.army.push(u);
        }
        let unit = self.id(u);
        self.emit(Event::Activated {
            unit,
            activated: ok,
        });
    }

    /// Within Command Range of an HQ of the Active Formation (7.44b, 15.15a).
    fn in_command(&self, u: usize) -> bool {
        let Some(seq) = &self.st.seq else {
            return false;
        };
        let Some(at) = self.hex_of(u) else {
            return false;
        };
        (0..self.rules.units.len()).any(|h| {
            let d = &self.rules.units[h];
            d.is_hq()
                && d.formation.is_some_and(|f| seq.formations.contains(&f))
                && self
                    .hex_of(h)
                    .is_some_and(|hh| self.rules.board.grid.distance(hh, at) <= d.command_range)
        })
    }

    /// An HQ's or Leader's Command Points now: none when Spent or Disrupted (3.72c, 15.16).
    pub(super) fn command_points(&self, h: usize) -> u32 {
        let s = &self.st.units[h];
        if s.spent || s.disrupted || s.hex().is_none() {
            0
        } else {
            self.rules.units[h].command_points
        }
    }

    /// Spends all of an HQ's or Leader's Command Points (15.32): Spent until the
    /// Reorganization Phase, so once a turn (15.31 against 15.34b, decision R-37).
    pub(super) fn spend(&mut self, h: usize) {
        self.st.units[h].spent = true;
        let unit = self.id(h);
        self.emit(Event::CommandSpent { unit });
    }

    /// A unit that moves and fights for the sequence: its formation is active, or it is
    /// an Army unit activated with it (7.46).
    pub(super) fn active(&self, u: usize) -> bool {
        let Some(seq) = &self.st.seq else {
            return false;
        };
        let d = &self.rules.units[u];
        d.side == seq.side
            && (seq.army.contains(&u)
                || (!self.rules.is_army(u)
                    && d.formation.is_some_and(|f| seq.formations.contains(&f))))
    }

    /// The activation actions of a phase where AMs are handled.
    pub(super) fn activation_candidates(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let am_id = |a: usize| self.rules.ams[a].id.clone();
        match self.st.phase.clone() {
            Phase::HoldOut { side } => {
                for &a in &self.st.cup[side] {
                    out.push(Action::HoldOut { am: am_id(a) });
                }
            }
            Phase::ChooseFirst { side } => {
                for &a in &self.st.cup[side] {
                    out.push(Action::ChooseFirst { am: am_id(a) });
                }
            }
            Phase::Open { side } => {
                out.push(Action::Draw);
                if let Some(p) = self.st.pool[side] {
                    self.play_candidates(side, p, &[SeqKind::Mobile, SeqKind::Assault], &mut out);
                }
            }
            Phase::Choose { side, drawn } => {
                if let Some(d) = drawn {
                    let kinds = [SeqKind::Mobile, SeqKind::Assault, SeqKind::Pass];
                    self.play_candidates(side, d, &kinds, &mut out);
                }
                if let Some(p) = self.st.pool[side] {
                    self.play_candidates(side, p, &[SeqKind::Mobile, SeqKind::Assault], &mut out);
                    if let Some(d) = drawn {
                        let leaders = self.leaders(side);
                        for up in [d, p] {
                            for kind in [SeqKind::Mobile, SeqKind::Assault] {
                                for leader in std::iter::once(None)
                                    .chain(leaders.iter().map(|l| Some(self.id(*l))))
                                {
                                    out.push(Action::Combine {
                                        face_up: am_id(up),
                                        sequence: kind,
                                        leader,
                                    });
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn play_candidates(&self, side: Side, am: usize, kinds: &[SeqKind], out: &mut Vec<Action>) {
        let id = self.rules.ams[am].id.clone();
        for &kind in kinds {
            match self.rules.ams[am].kind {
                AmKind::Formation(_) => out.push(Action::Play {
                    am: id.clone(),
                    sequence: kind,
                    formation: None,
                }),
                AmKind::Any if kind == SeqKind::Pass => out.push(Action::Play {
                    am: id.clone(),
                    sequence: kind,
                    formation: None,
                }),
                AmKind::Any => {
                    out.push(Action::Play {
                        am: id.clone(),
                        sequence: kind,
                        formation: None,
                    });
                    for f in &self.rules.formations {
                        if f.side == side {
                            out.push(Action::Play {
                                am: id.clone(),
                                sequence: kind,
                                formation: Some(f.id.clone()),
                            });
                        }
                    }
                }
            }
        }
    }

    /// The side's Leaders on the map.
    pub(super) fn leaders(&self, side: Side) -> Vec<usize> {
        (0..self.rules.units.len())
            .filter(|&u| {
                self.rules.units[u].kind == Kind::Leader
                    && self.rules.units[u].side == side
                    && self.hex_of(u).is_some()
            })
            .collect()
    }

    /// Army units that may be activated now.
    pub(super) fn army_candidates(&self, side: Side, out: &mut Vec<Action>) {
        let hqs: Vec<usize> = (0..self.rules.units.len())
            .filter(|&h| self.rules.units[h].is_hq() && self.rules.units[h].side == side)
            .collect();
        for u in 0..self.rules.units.len() {
            if self.rules.units[u].side != side
                || !self.rules.is_army(u)
                || self.hex_of(u).is_none()
            {
                continue;
            }
            let unit = self.id(u);
            out.push(Action::ActivateArmy {
                unit: unit.clone(),
                hq: None,
            });
            for &h in &hqs {
                out.push(Action::ActivateArmy {
                    unit: unit.clone(),
                    hq: Some(self.id(h)),
                });
            }
        }
    }
}
