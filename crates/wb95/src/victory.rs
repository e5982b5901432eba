//! Victory (scenario victory conditions, A-54, A-55): VPs scored as things happen
//! (eliminations, reserves, river crossings), VPs for places held at the end, levels,
//! automatic victory and its "held through the enemy Supply phase" timing.

use super::board::Hx;
use super::event::{Event, GameResult, VpReason};
use super::game::Game;
use super::prepared::{AutoSpec, Award};
use super::roster::Unit;
use super::side::Side;
use sztab_core::model::AutoTiming;

impl Game {
    /// Does `side` control every hex of a place?
    pub fn holds(&self, side: Side, hexes: &[Hx]) -> bool {
        !hexes.is_empty() && hexes.iter().all(|&h| self.state.control[h] == Some(side))
    }

    /// a river is scored once, the first time a supplied unit of the scorer ends
    /// the scorer's Supply phase beyond it.
    pub(crate) fn score_river_crossings(&mut self, side: Side, supplied: &[Unit]) {
        let p = self.state.prepared.clone();
        let Some(v) = &p.victory else {
            return;
        };
        if v.scorer != side {
            return;
        }
        for (i, (vp, award)) in v.awards.iter().enumerate() {
            let Award::CrossRiver { name, beyond } = award else {
                continue;
            };
            if self.state.rivers_crossed.contains(&i) {
                continue;
            }
            let across = supplied
                .iter()
                .filter_map(|&u| self.state.unit(u).hex())
                .any(|h| beyond[h]);
            if across {
                self.emit(Event::VpScored {
                    vp: *vp,
                    reason: VpReason::CrossRiver {
                        award: i,
                        river: name.clone(),
                    },
                });
            }
        }
    }

    fn auto_met(&self, a: &AutoSpec) -> bool {
        a.places.iter().all(|(_, hexes)| self.holds(a.side, hexes))
    }

    /// Automatic victory checks at the end of `owner`'s Supply phase (§7 step 7).
    pub(crate) fn check_automatic_victory(&mut self, owner: Side) {
        let p = self.state.prepared.clone();
        let Some(v) = &p.victory else {
            return;
        };
        for (i, a) in v.automatic.iter().enumerate() {
            let met = self.auto_met(a);
            let armed = self.state.armed.iter().any(|(c, _)| *c == i);
            match (a.timing, a.side == owner) {
                (AutoTiming::HeldThroughEnemySupply, true) => {
                    if met && !armed {
                        self.emit(Event::AutoVictoryArmed { condition: i });
                    } else if !met && armed {
                        self.emit(Event::AutoVictoryDisarmed { condition: i });
                    }
                }
                (AutoTiming::HeldThroughEnemySupply, false) => {
                    if armed && met {
                        return self.finish(Some(a.side));
                    }
                    if armed {
                        self.emit(Event::AutoVictoryDisarmed { condition: i });
                    }
                }
                (AutoTiming::AtEndOfEnemySupply, false) if met => {
                    return self.finish(Some(a.side));
                }
                _ => {}
            }
        }
    }

    /// VPs of places held now (scored at the end, A-55): named places controlled, and
    /// other town hexes captured (controlled now, not by the scorer at the start).
    pub fn place_vps(&self) -> Vec<(i32, VpReason)> {
        let p = &self.state.prepared;
        let Some(v) = &p.victory else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (vp, award) in &v.awards {
            match award {
                Award::ControlPlace { name, hexes } if self.holds(v.scorer, hexes) => {
                    out.push((
                        *vp,
                        VpReason::ControlPlace {
                            place: name.clone(),
                        },
                    ));
                }
                Award::OtherTownHexes { hexes } => {
                    let n = hexes
                        .iter()
                        .filter(|&&h| {
                            self.state.control[h] == Some(v.scorer)
                                && p.initial_control[h] != Some(v.scorer)
                        })
                        .count() as u32;
                    if n > 0 {
                        out.push((*vp * n as i32, VpReason::OtherTownHexes { hexes: n }));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The VP total if the game ended now.
    pub fn vp_if_ended_now(&self) -> i32 {
        self.state.vp + self.place_vps().iter().map(|(v, _)| v).sum::<i32>()
    }

    /// The level a VP total reaches: the last one whose minimum it meets.
    pub fn level_of(&self, vp: i32) -> Option<(String, Side)> {
        let v = self.state.prepared.victory.as_ref()?;
        v.levels
            .iter()
            .rfind(|(_, _, min)| min.is_none_or(|m| vp >= m))
            .map(|(n, s, _)| (n.clone(), *s))
    }

    /// Ends the game: end-of-game VPs, level, result.
    pub(crate) fn finish(&mut self, automatic: Option<Side>) {
        for (vp, reason) in self.place_vps() {
            self.emit(Event::VpScored { vp, reason });
        }
        let vp = self.state.vp;
        let level = self.level_of(vp);
        let scorer = self
            .state
            .prepared
            .victory
            .as_ref()
            .map(|v| self.side_id(v.scorer).clone());
        let (level_name, winner) = match (automatic, level) {
            (Some(s), _) => (Some("automatic victory".to_string()), Some(s)),
            (None, Some((n, s))) => (Some(n), Some(s)),
            (None, None) => (None, None),
        };
        let result = GameResult {
            vp,
            scorer,
            level: level_name,
            winner: winner.map(|s| self.side_id(s).clone()),
            automatic: automatic.is_some(),
            turn: self.turn(),
        };
        self.emit(Event::GameEnded { result });
    }
}
