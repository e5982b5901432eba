//! Artillery and air: how much support an attack can count on, which guns and air a
//! declared attack or defense takes, barrages and ranged fire, the choice of air
//! counters and the air missions of an Air phase, and the German repair markers.

use super::analysis::Analysis;
use super::estimate::{attack_sp, hex_defense};
use crate::board::Hx;
use crate::{Action, AirMission, FireOrder, Game, MissionKind, Side, Unit};
use sztab_core::model::{AirId, UnitId};

/// SP of a gun firing now (halved when disorganized or out of supply).
fn gun_sp(game: &Game, u: Unit) -> u32 {
    attack_sp(game, u)
}

/// Artillery and air SP `side` could add to an attack on `target` from `from`: ready
/// guns in range (R6.3) and offensive air missions on the hex (R8.2.2).
pub fn support_sp(game: &Game, side: Side, from: &[Hx], target: Hx) -> u32 {
    let guns: u32 = game
        .support_options(side, from, &[target], &[])
        .into_iter()
        .map(|u| gun_sp(game, u))
        .sum();
    guns + air_sp(game, side, target)
}

/// SP of `side`'s offensive air missions waiting on `target`.
pub fn air_sp(game: &Game, side: Side, target: Hx) -> u32 {
    let p = game.prepared();
    game.air_missions_on(side, &MissionKind::OffensiveSupport, &[target])
        .into_iter()
        .map(|c| u32::from(p.air[c].sp))
        .sum()
}

/// The best barrage now (R6.5), or none: the enemy stack next to own units whose fire
/// promises most (doubled SP less twice the terrain CMs, times the CELs hit), with as
/// many guns as the ammunition allows.
pub fn barrage(game: &Game, an: &Analysis, ammo: u32) -> Action {
    let b = game.board();
    let mut best: Option<(f32, FireOrder)> = None;
    for mut o in game.barrage_options() {
        let Some(t) = b.index(o.target) else {
            continue;
        };
        let front = b
            .neighbours(t)
            .any(|(_, n)| game.occupant(n) == Some(an.side));
        if !front {
            continue;
        }
        let n = (ammo as usize).min(o.artillery.len());
        if n < 2 {
            continue;
        }
        o.artillery.truncate(n);
        let sp: u32 = o
            .artillery
            .iter()
            .filter_map(|id| game.roster().get(id.as_str()))
            .map(|u| gun_sp(game, u))
            .sum();
        let net = 2 * sp as i32 - 2 * i32::from(b.terrain_cm[t]);
        if net < 9 {
            continue;
        }
        let cel: u32 = game
            .units_at(t)
            .iter()
            .map(|&u| u32::from(game.unit_state(u).cel))
            .sum();
        let score = net as f32 * (cel as f32).min(6.0) + an.obj[t];
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, o));
        }
    }
    match best {
        Some((_, o)) => Action::Barrage(o),
        None => Action::EndPhase,
    }
}

/// The best ranged attack now (R6.4), or none: guns that can still fire, at the enemy
/// stack where their SP after terrain (twice its CMs) is largest, if that is enough to
/// hurt.
pub fn ranged(game: &Game, an: &Analysis) -> Option<FireOrder> {
    let b = game.board();
    let mut best: Option<(f32, FireOrder)> = None;
    for o in game.ranged_options() {
        let Some(t) = b.index(o.target) else {
            continue;
        };
        let sp: u32 = o
            .artillery
            .iter()
            .filter_map(|id| game.roster().get(id.as_str()))
            .map(|u| gun_sp(game, u))
            .sum::<u32>()
            + air_sp(game, an.side, t);
        let net = sp as i32 - 2 * i32::from(b.terrain_cm[t]);
        if net < 6 {
            continue;
        }
        let score = net as f32 + an.obj[t] + 0.5 * an.near_obj[t];
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, o));
        }
    }
    best.map(|(_, o)| o)
}

/// The strongest `choose` counters of an allotment (white stars break ties).
pub fn choose_air(game: &Game, counters: &[AirId], choose: u8) -> Action {
    let p = game.prepared();
    let mut v: Vec<(u8, bool, AirId)> = counters
        .iter()
        .map(|id| {
            let info = p.air.iter().find(|a| a.id == *id);
            (
                info.map_or(0, |a| a.sp),
                info.is_some_and(|a| a.white_star),
                id.clone(),
            )
        })
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    Action::ChooseAir {
        counters: v
            .into_iter()
            .take(usize::from(choose))
            .map(|(_, _, id)| id)
            .collect(),
    }
}

/// Air missions for an Air phase (R8): the side about to attack supports its likeliest
/// attack (the enemy hex with most of its strength next to it) or strikes the enemy
/// stack nearest its units; the side about to defend supports its most threatened
/// stack (not Soviet air, R8.2.5) or strikes the strongest enemy stack at its front.
pub fn air_missions(
    game: &Game,
    an: &Analysis,
    counters: &[(AirId, u8)],
    per_hex: Option<u8>,
) -> Action {
    let b = game.board();
    let side = an.side;
    let phase = game.state().clock.phase;
    // Phase 1 is followed by side A's turn, phase 7 by side B's.
    let attacking = (phase.index() < 6) == (side == Side::A);
    let limit = usize::from(per_hex.unwrap_or(u8::MAX)).max(1);
    let soviet = game.prepared().sides[side.index()].soviet;
    // Candidate hexes, best first.
    let mut targets: Vec<(f32, Hx, MissionKind)> = Vec::new();
    for h in 0..b.len() {
        match game.occupant(h) {
            Some(s) if s == an.enemy => {
                let own_sp: u32 = b
                    .neighbours(h)
                    .filter(|&(_, n)| game.occupant(n) == Some(side))
                    .flat_map(|(_, n)| game.units_at(n).iter().copied())
                    .filter(|&u| game.info(u).can_attack())
                    .map(|u| attack_sp(game, u))
                    .sum();
                let (def, _) = hex_defense(game, game.units_at(h));
                if own_sp > 0 && attacking {
                    let score = own_sp as f32 / def.max(1) as f32 + 0.3 * an.obj[h];
                    targets.push((score, h, MissionKind::OffensiveSupport));
                } else if own_sp > 0 || an.enemy_dist[h] == 0 && an.near_obj[h] > 1.0 {
                    let cel: u32 = game
                        .units_at(h)
                        .iter()
                        .map(|&u| u32::from(game.unit_state(u).cel))
                        .sum();
                    let score =
                        0.2 * cel as f32 - 0.5 * f32::from(b.terrain_cm[h]) + 0.1 * an.near_obj[h];
                    targets.push((score, h, MissionKind::AirAttack));
                }
            }
            Some(s) if s == side && !attacking && !soviet => {
                let threat = an.threat[h];
                if threat > 0.0 {
                    let (def, _) = hex_defense(game, game.units_at(h));
                    let score = threat / def.max(1) as f32 + 0.3 * an.obj[h];
                    targets.push((score, h, MissionKind::DefensiveSupport));
                }
            }
            _ => {}
        }
    }
    targets.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut ids: Vec<&(AirId, u8)> = counters.iter().collect();
    ids.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut missions: Vec<AirMission> = Vec::new();
    let mut left = ids.into_iter();
    'targets: for (_, h, kind) in targets {
        let mut group: Vec<AirId> = Vec::new();
        for _ in 0..limit {
            match left.next() {
                Some((id, _)) => group.push(id.clone()),
                None => {
                    if !group.is_empty() {
                        missions.push(AirMission {
                            counters: group,
                            kind,
                            hex: game.hex_id(h),
                            spread: vec![],
                        });
                    }
                    break 'targets;
                }
            }
        }
        missions.push(AirMission {
            counters: group,
            kind,
            hex: game.hex_id(h),
            spread: vec![],
        });
    }
    let a = Action::AirMissions { missions };
    if game.check(&a).is_ok() {
        a
    } else {
        Action::AirMissions { missions: vec![] }
    }
}

/// Repair markers (R17.1.2) on the units least likely to be disturbed (farthest from
/// the enemy) that gain most.
pub fn repair(game: &Game, an: &Analysis, markers: u8, units: &[UnitId]) -> Action {
    let mut v: Vec<(u16, u32, UnitId)> = units
        .iter()
        .filter_map(|id| {
            let u = game.roster().get(id.as_str())?;
            let h = game.unit_state(u).hex()?;
            let info = game.info(u);
            let cel = game.unit_state(u).cel;
            let gain = info.attack_at(cel + 1) + info.defense_at(cel + 1);
            Some((an.enemy_dist[h], gain, id.clone()))
        })
        .filter(|(d, _, _)| *d >= 2)
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    Action::Repair {
        units: v
            .into_iter()
            .take(usize::from(markers))
            .map(|(_, _, id)| id)
            .collect(),
    }
}
