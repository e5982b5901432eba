//! A bot that plays random legal actions: it moves some units to random reachable
//! hexes, brings reinforcements on, makes the attacks its obligations require (an
//! obliged stack attacks every adjacent enemy hex together if nothing else works) and
//! a few more with artillery and air support, fires its artillery at range and in
//! barrages, places air missions, fortifies, chooses full MPs and strength when out of
//! supply, and answers the other decisions at random within the rules.

use std::collections::BTreeSet;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Player;
use crate::{
    Action, AirMission, AttackOrder, Decision, DefenseOrder, Game, Hx, MissionKind, PhaseKind,
    RetreatOrder, Side, Unit,
};
use sztab_core::hex::HexId;
use sztab_core::model::{AirId, ArtillerySetup, SideId, UnitId};

/// Random-legal play, reproducible from its seed.
pub struct RandomBot {
    rng: ChaCha8Rng,
    /// Units already considered in the current phase (by phase tick).
    considered: (u32, BTreeSet<Unit>),
    voluntary_attacks: u32,
    ranged_attacks: u32,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            considered: (u32::MAX, BTreeSet::new()),
            voluntary_attacks: 0,
            ranged_attacks: 0,
        }
    }

    fn reset_for(&mut self, game: &Game) {
        let tick = game.state().tick();
        if self.considered.0 != tick {
            self.considered = (tick, BTreeSet::new());
            self.voluntary_attacks = 0;
            self.ranged_attacks = 0;
        }
    }

    /// Splits `cel` over `units` (each with its CEL), at least one from each group.
    fn allocate(
        &mut self,
        cel: u8,
        units: &[(UnitId, u8)],
        groups: &[Vec<UnitId>],
    ) -> Vec<(UnitId, u8)> {
        let mut left: Vec<(UnitId, u8)> = units.to_vec();
        let mut out: Vec<(UnitId, u8)> = Vec::new();
        let mut due = cel;
        let take = |id: &UnitId, out: &mut Vec<(UnitId, u8)>, left: &mut Vec<(UnitId, u8)>| {
            if let Some(e) = left.iter_mut().find(|(u, c)| u == id && *c > 0) {
                e.1 -= 1;
                match out.iter_mut().find(|(u, _)| u == id) {
                    Some(o) => o.1 += 1,
                    None => out.push((id.clone(), 1)),
                }
                true
            } else {
                false
            }
        };
        for g in groups {
            if due == 0 {
                break;
            }
            if out.iter().any(|(u, _)| g.contains(u)) {
                continue;
            }
            if let Some(id) = g.choose(&mut self.rng).cloned()
                && take(&id, &mut out, &mut left)
            {
                due -= 1;
            }
        }
        while due > 0 {
            let open: Vec<UnitId> = left
                .iter()
                .filter(|(_, c)| *c > 0)
                .map(|(u, _)| u.clone())
                .collect();
            let Some(id) = open.choose(&mut self.rng).cloned() else {
                break;
            };
            take(&id, &mut out, &mut left);
            due -= 1;
        }
        out
    }

    fn movement(&mut self, game: &Game, side: &SideId) -> Action {
        self.reset_for(game);
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        let strategic = game.state().clock.phase.kind() == PhaseKind::Strategic;
        let units: Vec<Unit> = game
            .roster()
            .all()
            .filter(|&u| game.info(u).side == s)
            .collect();
        for u in units {
            if self.considered.1.contains(&u) {
                continue;
            }
            // Out of supply: sometimes move at full MPs for +1 level (R10.2.3), then
            // consider the unit again.
            let st = game.unit_state(u);
            if st.oos > 0
                && st.full_mp_tick != Some(game.state().tick())
                && st.hex().is_some()
                && self.rng.random_bool(0.4)
            {
                let a = Action::FullMp {
                    units: vec![game.unit_id(u).clone()],
                };
                if game.check(&a).is_ok() {
                    return a;
                }
            }
            self.considered.1.insert(u);
            if let Some(a) = self.move_unit(game, u, strategic)
                && game.check(&a).is_ok()
            {
                return a;
            }
        }
        Action::EndPhase
    }

    fn move_unit(&mut self, game: &Game, u: Unit, strategic: bool) -> Option<Action> {
        let id = game.unit_id(u).clone();
        let st = game.unit_state(u);
        if st.hex().is_none() {
            return self.enter(game, u);
        }
        if !strategic && game.info(u).is_regular() && self.rng.random_bool(0.08) {
            let a = Action::Fortify { unit: id.clone() };
            if game.check(&a).is_ok() {
                return Some(a);
            }
        }
        if !strategic && game.info(u).is_towed() && self.rng.random_bool(0.2) {
            return Some(Action::ChangeSetup { unit: id });
        }
        if st.setup == Some(ArtillerySetup::Combat) {
            return None;
        }
        if !strategic && self.rng.random_bool(0.1) {
            return Some(Action::MarkStrategic { units: vec![id] });
        }
        if !self.rng.random_bool(0.7) {
            return None;
        }
        let dests = game.destinations(u);
        let d = dests.choose(&mut self.rng)?;
        Some(Action::Move {
            units: vec![id],
            path: d.path.clone(),
        })
    }

    fn enter(&mut self, game: &Game, u: Unit) -> Option<Action> {
        let zones = game.entry_zones(u);
        let &(z, _) = zones.choose(&mut self.rng)?;
        let hexes = game.prepared().zones[z].hexes.clone();
        let &h = hexes.choose(&mut self.rng)?;
        let reach = game.reach_from_entry(u, h)?;
        let mut options: Vec<Vec<HexId>> = Vec::new();
        for (x, _) in reach.hexes() {
            if let Some(p) = reach.path(x) {
                options.push(p.iter().map(|&y| game.hex_id(y)).collect());
            }
        }
        let entry_only = vec![game.hex_id(h)];
        if reach.cost(h).is_some() {
            options.push(entry_only);
        }
        let path = options.choose(&mut self.rng)?.clone();
        Some(Action::Enter {
            units: vec![game.unit_id(u).clone()],
            path,
        })
    }

    fn combat(&mut self, game: &Game, side: &SideId) -> Action {
        self.reset_for(game);
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        let candidates = game.candidate_attacks();
        if game.unmet_obligation().is_some() {
            let needed: Vec<&AttackOrder> = candidates
                .iter()
                .map(|(o, _)| o)
                .filter(|o| game.meets_obligation(s, o))
                .collect();
            if let Some(o) = needed.choose(&mut self.rng) {
                return self.supported(game, s, (*o).clone());
            }
        }
        if self.ranged_attacks < 2 && self.rng.random_bool(0.3) {
            self.ranged_attacks += 1;
            let options = game.ranged_options();
            if let Some(o) = options.choose(&mut self.rng) {
                let mut o = o.clone();
                let keep: Vec<UnitId> = o
                    .artillery
                    .iter()
                    .filter(|_| self.rng.random_bool(0.7))
                    .cloned()
                    .collect();
                if !keep.is_empty() {
                    o.artillery = keep;
                }
                o.full_strength = o
                    .artillery
                    .iter()
                    .filter(|id| {
                        game.roster()
                            .get(id.as_str())
                            .is_some_and(|u| game.unit_state(u).oos > 0)
                    })
                    .filter(|_| self.rng.random_bool(0.5))
                    .cloned()
                    .collect();
                let a = Action::RangedAttack(o);
                if game.check(&a).is_ok() {
                    return a;
                }
            }
        }
        if self.voluntary_attacks < 3 && self.rng.random_bool(0.3) {
            self.voluntary_attacks += 1;
            if let Some((o, _)) = candidates.choose(&mut self.rng) {
                return self.supported(game, s, o.clone());
            }
        }
        Action::EndPhase
    }

    /// An attack with stars, some of the artillery and air support it may have, and
    /// full strength for some out-of-supply attackers.
    fn supported(&mut self, game: &Game, side: Side, o: AttackOrder) -> Action {
        let mut o = self.with_stars(game, o);
        let plain = o.clone();
        let (guns, air) = game.attack_support_options(side, &o);
        o.support = guns
            .into_iter()
            .filter(|_| self.rng.random_bool(0.6))
            .collect();
        o.air = air
            .into_iter()
            .filter(|_| self.rng.random_bool(0.8))
            .collect();
        o.full_strength = o
            .attackers
            .iter()
            .chain(&o.support)
            .filter(|id| {
                game.roster()
                    .get(id.as_str())
                    .is_some_and(|u| game.unit_state(u).oos > 0)
            })
            .filter(|_| self.rng.random_bool(0.5))
            .cloned()
            .collect();
        let a = Action::Attack(o);
        if game.check(&a).is_ok() {
            a
        } else {
            Action::Attack(plain)
        }
    }

    fn barrage(&mut self, game: &Game, ammo: u32) -> Action {
        if !self.rng.random_bool(0.7) {
            return Action::EndPhase;
        }
        let options = game.barrage_options();
        let Some(o) = options.choose(&mut self.rng) else {
            return Action::EndPhase;
        };
        let mut o = o.clone();
        let n = (ammo as usize).min(o.artillery.len());
        if n < 2 {
            return Action::EndPhase;
        }
        o.artillery.truncate(n);
        let a = Action::Barrage(o);
        if game.check(&a).is_ok() {
            a
        } else {
            Action::EndPhase
        }
    }

    fn choose_air(&mut self, counters: &[AirId], choose: u8) -> Action {
        let picked: Vec<AirId> = counters
            .sample(&mut self.rng, usize::from(choose))
            .cloned()
            .collect();
        Action::ChooseAir { counters: picked }
    }

    /// Random missions: offensive support or an air attack on enemy hexes next to own
    /// units, defensive support over own hexes next to the enemy.
    fn air_missions(
        &mut self,
        game: &Game,
        side: &SideId,
        counters: &[(AirId, u8)],
        per_hex: Option<u8>,
    ) -> Action {
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::AirMissions { missions: vec![] };
        };
        let b = game.board();
        let front = |mine: bool| -> Vec<Hx> {
            (0..b.len())
                .filter(|&h| {
                    let want = if mine { s } else { s.other() };
                    game.occupant(h) == Some(want)
                        && b.neighbours(h)
                            .any(|(_, n)| game.occupant(n) == Some(want.other()))
                })
                .collect()
        };
        let (enemy, own) = (front(false), front(true));
        let soviet = game.prepared().sides[s.index()].soviet;
        let limit = usize::from(per_hex.unwrap_or(u8::MAX));
        for _ in 0..10 {
            let mut missions: Vec<AirMission> = Vec::new();
            for (id, _) in counters {
                if !self.rng.random_bool(0.8) {
                    continue;
                }
                let roll = self.rng.random_range(0..10);
                let (kind, pool) = match roll {
                    0..=3 => (MissionKind::OffensiveSupport, &enemy),
                    4..=7 => (MissionKind::AirAttack, &enemy),
                    _ if !soviet => (MissionKind::DefensiveSupport, &own),
                    _ => (MissionKind::AirAttack, &enemy),
                };
                let Some(&h) = pool.choose(&mut self.rng) else {
                    continue;
                };
                let hex = game.hex_id(h);
                let on_hex: usize = missions
                    .iter()
                    .filter(|m| m.hex == hex)
                    .map(|m| m.counters.len())
                    .sum();
                if on_hex >= limit {
                    continue;
                }
                match missions.iter_mut().find(|m| m.hex == hex && m.kind == kind) {
                    Some(m) => m.counters.push(id.clone()),
                    None => missions.push(AirMission {
                        counters: vec![id.clone()],
                        kind,
                        hex,
                        spread: vec![],
                    }),
                }
            }
            let a = Action::AirMissions { missions };
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::AirMissions { missions: vec![] }
    }

    fn with_stars(&mut self, game: &Game, mut o: AttackOrder) -> AttackOrder {
        o.stars = o
            .attackers
            .iter()
            .filter(|id| {
                game.roster()
                    .get(id.as_str())
                    .is_some_and(|u| !game.info(u).stars().is_empty())
            })
            .filter(|_| self.rng.random_bool(0.7))
            .cloned()
            .collect();
        o
    }

    fn retreat(&mut self, game: &Game, side: &SideId, hexes: u8, units: &[UnitId]) -> Action {
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::Retreat(RetreatOrder::default());
        };
        for attempt in 0..20 {
            let mut moves = Vec::new();
            for id in units {
                let Some(u) = game.roster().get(id.as_str()) else {
                    continue;
                };
                let full: Vec<Vec<HexId>> = game
                    .retreat_paths(u)
                    .into_iter()
                    .filter(|p| p.len() == usize::from(hexes))
                    .collect();
                if attempt < 19
                    && self.rng.random_bool(0.8)
                    && let Some(p) = full.choose(&mut self.rng)
                {
                    moves.push((id.clone(), p.clone()));
                }
            }
            let Ok((due, absorbers)) = game.retreat_loss_due(s, &moves) else {
                continue;
            };
            let cels: Vec<(UnitId, u8)> = absorbers
                .iter()
                .filter_map(|id| {
                    let u = game.roster().get(id.as_str())?;
                    Some((id.clone(), game.unit_state(u).cel))
                })
                .collect();
            let losses = self.allocate(due, &cels, &[]);
            let order = RetreatOrder { moves, losses };
            if game.check(&Action::Retreat(order.clone())).is_ok() {
                return Action::Retreat(order);
            }
        }
        Action::Retreat(RetreatOrder::default())
    }

    fn pursue(
        &mut self,
        game: &Game,
        paths: &[(UnitId, Vec<HexId>)],
        pursuers: &[UnitId],
    ) -> Action {
        if self.rng.random_bool(0.5) {
            return Action::Pursue { moves: vec![] };
        }
        for _ in 0..10 {
            let Some((_, path)) = paths.choose(&mut self.rng) else {
                break;
            };
            // The retreat path starts at the emptied hex; a pursuit may take up to its
            // length in hexes, following it.
            let max = path.len().saturating_sub(1).max(1);
            let len = self.rng.random_range(1..=max);
            let follow: Vec<HexId> = path.iter().take(len).copied().collect();
            let who: Vec<UnitId> = pursuers
                .iter()
                .filter(|_| self.rng.random_bool(0.6))
                .cloned()
                .collect();
            let moves: Vec<(UnitId, Vec<HexId>)> =
                who.into_iter().map(|u| (u, follow.clone())).collect();
            let a = Action::Pursue { moves };
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::Pursue { moves: vec![] }
    }

    fn advance(&mut self, game: &Game, hexes: &[HexId], units: &[UnitId]) -> Action {
        for _ in 0..10 {
            let Some(&h) = hexes.choose(&mut self.rng) else {
                break;
            };
            let who: Vec<UnitId> = units
                .iter()
                .filter(|_| self.rng.random_bool(0.6))
                .cloned()
                .collect();
            let a = Action::Advance {
                moves: who.into_iter().map(|u| (u, vec![h])).collect(),
            };
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::Advance { moves: vec![] }
    }
}

impl Player for RandomBot {
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action {
        match decision {
            Decision::SetUp { waiting, .. } => super::deploy::random(game, waiting, &mut self.rng),
            Decision::Move { .. } => self.movement(game, side),
            Decision::Attack { .. } => self.combat(game, side),
            Decision::Defend {
                star_units,
                fortification_units,
                artillery,
                air,
                ..
            } => Action::Defend(DefenseOrder {
                stars: star_units
                    .iter()
                    .filter(|_| self.rng.random_bool(0.7))
                    .cloned()
                    .collect(),
                fortification_units: fortification_units.clone(),
                hq_pool_cms: 0,
                support: artillery
                    .iter()
                    .filter(|_| self.rng.random_bool(0.6))
                    .cloned()
                    .collect(),
                air: air.clone(),
            }),
            Decision::Barrage { ammo, .. } => self.barrage(game, *ammo),
            Decision::ChooseAir {
                counters, choose, ..
            } => self.choose_air(counters, *choose),
            Decision::AirMissions {
                counters, per_hex, ..
            } => self.air_missions(game, side, counters, *per_hex),
            Decision::LoseCel { cel, units, .. } => Action::TakeLosses {
                losses: self.allocate(*cel, units, &[]),
            },
            Decision::Repair { markers, units } => Action::Repair {
                units: units
                    .sample(&mut self.rng, usize::from(*markers))
                    .cloned()
                    .collect(),
            },
            Decision::Losses {
                cel,
                units,
                must_include,
                ..
            } => Action::TakeLosses {
                losses: self.allocate(*cel, units, must_include),
            },
            Decision::Retreat { hexes, units, .. } => self.retreat(game, side, *hexes, units),
            Decision::Pursue {
                paths, pursuers, ..
            } => self.pursue(game, paths, pursuers),
            Decision::Advance { hexes, units, .. } => self.advance(game, hexes, units),
            Decision::Withdraw { cel, units, .. } => Action::Withdraw {
                losses: self.allocate(*cel, units, &[]),
            },
        }
    }
}
