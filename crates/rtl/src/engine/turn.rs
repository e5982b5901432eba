//! The turn (4.21): the Strategic Segment — weather (5.1), reinforcements (5.2), supply
//! determination (6.1), air readiness (13.12), Initiative and the cups (7.1) — the
//! alternation of Operations Sequences (7.23-7.25), and the set-up before turn 1 (4.1).

use sztab_core::hex::HexId;

use super::event::Event;
use super::game::Game;
use super::rules::{AmKind, StartAt};
use super::state::{Loc, Phase, Strongpoint};
use super::words::{GERMAN, SOVIET, Side, Weather, other};

impl Game {
    /// Places the set-up (4.12-4.14) and the Strongpoints that begin on the map.
    pub(super) fn set_up(&mut self) {
        let rules = self.rules.clone();
        for s in &rules.setup {
            let u = &mut self.st.units[s.unit];
            u.loc = match s.at {
                StartAt::Map(h) => Loc::Map(h),
                StartAt::Ready => Loc::Ready,
                StartAt::Flown => Loc::Flown,
            };
            if s.reduced && u.steps == 2 {
                u.steps = 1;
            }
            u.fired = s.fired;
            u.spent = s.spent;
            u.disrupted = s.disrupted;
            u.supply = s.supply;
            u.arrow = s.arrow;
            if let StartAt::Map(h) = s.at {
                let t = self.st.tick();
                self.st.units[s.unit].since = t;
                if rules.units[s.unit].is_combat() {
                    self.st.moved_through.insert(h, rules.units[s.unit].side);
                }
            }
        }
        for &(hex, side) in &rules.strongpoints {
            self.st.strongpoints.insert(
                hex,
                Strongpoint {
                    side,
                    complete: true,
                    builder: None,
                },
            );
        }
        for &(hex, builder) in &rules.building {
            self.st.strongpoints.insert(
                hex,
                Strongpoint {
                    side: rules.units[builder].side,
                    complete: false,
                    builder: Some(builder),
                },
            );
        }
    }

    /// The Strategic Segment of turn `t` (4.21A), then the first Operations Sequence.
    pub(super) fn start_turn(&mut self, t: u32) {
        self.st.turn = t;
        let label = self.rules.turn_label(t);
        self.emit(Event::TurnBegan { turn: t, label });
        self.weather_phase();
        self.reinforcement_phase();
        self.supply_phase();
        self.air_readiness_phase();
        self.initiative_phase();
    }

    /// 5.11: the German player rolls on the turn's Weather Box; the optional rule 5.11d
    /// takes the asterisked weather.
    fn weather_phase(&mut self) {
        let Some(b) = self.rules.weather_box(self.st.turn).cloned() else {
            return;
        };
        let (roll, weather) = if self.rules.historical_weather {
            (None, b.historical)
        } else {
            let r = self.d10();
            (Some(r), b.weather(r))
        };
        self.st.weather = weather;
        self.emit(Event::Weather { roll, weather });
    }

    /// 5.2: the turn's reinforcements become available; air units go to the Ready Box
    /// (5.24), ground units enter with their formation (5.22a, decision R-11).
    fn reinforcement_phase(&mut self) {
        let rules = self.rules.clone();
        let mut names = Vec::new();
        for a in rules.arrivals.iter().filter(|a| a.turn == self.st.turn) {
            for &u in &a.units {
                if !self.st.units[u].alive() {
                    continue;
                }
                if rules.units[u].air.is_some() {
                    self.st.units[u].loc = Loc::Ready;
                }
                names.push(self.id(u));
            }
        }
        if !names.is_empty() {
            self.emit(Event::Reinforcements { units: names });
        }
    }

    /// 13.12: Flown air units return to the Ready Box, none in Rain (the Expanded
    /// Sequence of Play, decision R-01); the Offensive CAS Missions are set (13.24b1).
    fn air_readiness_phase(&mut self) {
        if self.st.weather != Weather::Rain {
            let flown: Vec<usize> = (0..self.st.units.len())
                .filter(|&u| self.st.units[u].loc == Loc::Flown)
                .collect();
            for &u in &flown {
                self.st.units[u].loc = Loc::Ready;
            }
            if !flown.is_empty() {
                let units = self.ids(&flown);
                self.emit(Event::AirReady { units });
            }
        }
        self.st.cas_left = self.rules.cas;
        self.st.cas_formations.clear();
    }

    /// 7.1: the Soviet player rolls, then the German; each adds the Initiative Table's DRM
    /// for every Pass his opponent took last turn (7.13). A tie goes to last turn's holder
    /// (turn 1: the scenario's, 7.12). Then the cups are filled (7.14).
    fn initiative_phase(&mut self) {
        self.st.passes_last = self.st.passes;
        self.st.passes = [0; 2];
        let soviet = self.d10();
        let german = self.d10();
        let mut rolls = [0u8; 2];
        rolls[GERMAN] = german;
        rolls[SOVIET] = soviet;
        let drm = |side: Side, g: &Game| {
            g.st.passes_last[other(side)] as i32 * g.rules.charts.pass_drm[side]
        };
        let drms = [drm(GERMAN, self), drm(SOVIET, self)];
        let score = |s: Side| i32::from(rolls[s]) + drms[s];
        let first = match score(GERMAN).cmp(&score(SOVIET)) {
            std::cmp::Ordering::Greater => GERMAN,
            std::cmp::Ordering::Less => SOVIET,
            std::cmp::Ordering::Equal => self.st.initiative,
        };
        self.st.initiative = first;
        self.st.next = first;
        self.emit(Event::Initiative { rolls, drms, first });
        self.fill_cups();
    }

    /// 7.14: the First Player's every available AM; the Second Player's too, but if he
    /// has more than one more than the First, he leaves the excess out.
    fn fill_cups(&mut self) {
        let first = self.st.initiative;
        for side in [first, other(first)] {
            self.st.cup[side] = self.available_ams(side);
            self.st.pool[side] = None;
            let ams = self.st.cup[side]
                .iter()
                .map(|&a| self.rules.ams[a].id.clone())
                .collect();
            self.emit(Event::Cup { side, ams });
        }
        if self.st.cup[other(first)].len() > self.st.cup[first].len() + 1 {
            self.st.phase = Phase::HoldOut { side: other(first) };
        } else {
            self.next_sequence();
        }
    }

    /// The AMs of a side whose formations still have units in play or to come (4.38).
    pub(super) fn available_ams(&self, side: Side) -> Vec<usize> {
        let any_formation = (0..self.rules.formations.len()).any(|f| {
            self.rules.formations[f].side == side
                && self.rules.formations[f].markers > 0
                && self.formation_in_play(f)
        });
        (0..self.rules.ams.len())
            .filter(|&a| {
                let am = &self.rules.ams[a];
                am.side == side
                    && match am.kind {
                        AmKind::Formation(f) => self.formation_in_play(f),
                        AmKind::Any => any_formation,
                    }
            })
            .collect()
    }

    /// A formation with a unit on the map, or one still to arrive.
    pub(super) fn formation_in_play(&self, f: usize) -> bool {
        (0..self.rules.units.len()).any(|u| {
            self.rules.units[u].formation == Some(f)
                && matches!(self.st.units[u].loc, Loc::Map(_) | Loc::Off)
        })
    }

    /// The next Operations Sequence: the side whose turn it is, or the other if he has no
    /// AM left (7.25); with none left on either side, the Reorganization Segment.
    pub(super) fn next_sequence(&mut self) {
        let has = |g: &Game, s: Side| !g.st.cup[s].is_empty() || g.st.pool[s].is_some();
        let s = self.st.next;
        let side = if has(self, s) {
            s
        } else if has(self, other(s)) {
            other(s)
        } else {
            self.reorganization();
            return;
        };
        self.st.next = other(side);
        self.st.phase = if self.st.first_sequence && self.st.turn == 1 {
            Phase::ChooseFirst { side }
        } else if self.st.cup[side].is_empty() {
            Phase::Choose { side, drawn: None }
        } else if self.st.pool[side].is_some() {
            Phase::Open { side }
        } else {
            let am = self.draw(side);
            Phase::Choose {
                side,
                drawn: Some(am),
            }
        };
        self.st.first_sequence = false;
    }

    /// A blind draw from the cup (4.35a).
    pub(super) fn draw(&mut self, side: Side) -> usize {
        let i = self.blind_pick(self.st.cup[side].len());
        let am = self.st.cup[side].remove(i);
        let id = self.rules.ams[am].id.clone();
        self.emit(Event::Drawn {
            side,
            am: id,
            chosen: false,
        });
        am
    }

    /// Hexes where enemy reinforcements still to come may enter: no unit of `side` ends
    /// its movement there (5.21).
    pub(super) fn enemy_entry(&self, side: Side, hex: HexId) -> bool {
        self.rules.arrivals.iter().any(|a| {
            a.hexes.contains(&hex)
                && a.units.iter().any(|&u| {
                    self.rules.units[u].side != side
                        && self.rules.units[u].is_ground()
                        && self.st.units[u].loc == Loc::Off
                })
        })
    }
}
