//! `sztab odds` for WB-95: the full breakdown of one attack in the scenario's setup
//! position, as the attacker's Combat phase of turn 1 would see it, with artillery and air
//! support, what-if start states, and the probability of every outcome.

use std::fmt::Write;

use sztab_core::hex::HexId;
use sztab_core::model::{Bundle, UnitId};
use sztab_seam::{MatchError, OddsQuery};

use crate::combat::odds::AirSupport;
use crate::what_if::{WhatIf, parse_oos};
use crate::{AttackOrder, Engagement, Game, Side, Unit};

/// The options WB-95's odds read (the command line's flags of the same names).
pub const OPTIONS: &[&str] = &[
    "no-stars",
    "support",
    "air",
    "air-white-star",
    "defense-support",
    "defense-air",
    "disorganized",
    "organized",
    "oos",
    "full-strength",
];

/// The breakdown of the attack `q` asks about, or why it cannot be given: a bad request
/// (an unknown hex, unit or option) or a refusal by the rules (`Failed`: the attack is not
/// legal; `Refused`: the scenario cannot be played).
pub fn odds(bundle: &Bundle, q: &OddsQuery) -> Result<String, MatchError> {
    if let Some(bad) = q.unknown(OPTIONS).first() {
        return Err(bad_request(format!(
            "WB-95 has no --opt {bad}; it reads {}",
            OPTIONS.join(", ")
        )));
    }
    let what_if = WhatIf {
        disorganized: list(q, "disorganized"),
        organized: list(q, "organized"),
        oos: list(q, "oos")
            .iter()
            .map(|s| parse_oos(s))
            .collect::<Result<_, _>>()
            .map_err(bad_request)?,
    };
    let mut bundle = bundle.clone();
    what_if.apply(&mut bundle).map_err(bad_request)?;
    let game = Game::new(&bundle, 0)?;
    let mut out = String::new();
    let (side, attackers) = attackers(&game, &q.attackers, &mut out)?;
    let engagement = engagement(&game, side, attackers, q)?;
    let odds = game.assess(&engagement);
    let defender = hex(&q.defender)?;
    let _ = writeln!(
        out,
        "{}: {} attacks {} ({})",
        game.prepared().title,
        game.side_id(side),
        defender,
        game.side_id(side.other())
    );
    if let Some(w) = what_if.describe() {
        let _ = writeln!(out, "{w}");
    }
    let _ = write!(out, "{odds}");
    let _ = writeln!(out, "Outcomes (attacker / defender):");
    for o in odds.outcomes(game.prepared().crt) {
        let rolls: Vec<String> = o.rolls.iter().map(|r| r.to_string()).collect();
        let _ = writeln!(
            out,
            "  {:>6.2}%  {:<10} rolls {}",
            o.probability * 100.0,
            o.cell.to_string(),
            rolls.join(",")
        );
    }
    Ok(out)
}

fn bad_request(message: String) -> MatchError {
    MatchError::BadRequest(message)
}

/// Every value of a list option, given once comma-separated or several times.
fn list(q: &OddsQuery, name: &str) -> Vec<String> {
    q.all(name)
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(String::from)
        .collect()
}

/// An SP count option, 0 when not given.
fn sp(q: &OddsQuery, name: &str) -> Result<u32, MatchError> {
    q.get(name).map_or(Ok(0), |v| {
        v.trim()
            .parse()
            .map_err(|_| bad_request(format!("--{name} {v}: a number of air SPs is expected")))
    })
}

fn hex(s: &str) -> Result<HexId, MatchError> {
    HexId::parse(s).map_err(|e| bad_request(e.to_string()))
}

/// Every unit able to attack on the attacking hexes, and their side; the units there that
/// may not attack are listed in `out` with the rule that says so.
fn attackers(
    game: &Game,
    hexes: &[String],
    out: &mut String,
) -> Result<(Side, Vec<UnitId>), MatchError> {
    let mut attackers: Vec<UnitId> = Vec::new();
    for a in hexes {
        let h = hex(a)?;
        let Some(x) = game.board().index(h) else {
            return Err(bad_request(format!("hex {h} is not on the map")));
        };
        for &u in game.units_at(x) {
            let info = game.info(u);
            if info.can_attack() {
                attackers.push(info.id.clone());
            } else {
                let _ = writeln!(
                    out,
                    "({} on {h} does not attack: {})",
                    info.id,
                    why_not(game, u)
                );
            }
        }
    }
    let Some(first) = attackers.first() else {
        let mut message = format!("no unit able to attack stands on {}", hexes.join(", "));
        if !out.is_empty() {
            message = format!("{message}\n{}", out.trim_end());
        }
        return Err(MatchError::Failed(message));
    };
    let side = game
        .roster()
        .get(first.as_str())
        .map(|u| game.info(u).side)
        .unwrap_or_default();
    Ok((side, attackers))
}

/// The engagement the rules make of the attack, with the support and the stars asked for.
fn engagement(
    game: &Game,
    side: Side,
    attackers: Vec<UnitId>,
    q: &OddsQuery,
) -> Result<Engagement, MatchError> {
    let no_stars = q.flag("no-stars");
    let support = artillery(game, &list(q, "support"))?;
    let defense_support = artillery(game, &list(q, "defense-support"))?;
    not_locked(game, side, support.iter().chain(&defense_support))?;
    let order = AttackOrder {
        stars: if no_stars {
            vec![]
        } else {
            starred(game, &attackers)
        },
        attackers,
        defenders: vec![hex(&q.defender)?],
        hq_pool_cms: 0,
        support,
        air: Vec::new(),
        full_strength: list(q, "full-strength").iter().map(UnitId::new).collect(),
    };
    let mut eng = game
        .engagement_of(side, &order)
        .map_err(|e| MatchError::Failed(format!("this attack is not legal: {e}")))?;
    if !no_stars {
        eng.defender_stars = eng
            .defenders
            .iter()
            .copied()
            .filter(|&u| !game.info(u).stars().is_empty())
            .collect();
    }
    eng.fortification_units = eng
        .defenders
        .iter()
        .copied()
        .filter(|&u| game.info(u).is_fu())
        .collect();
    let air = sp(q, "air")?;
    if air > 0 {
        eng.attacker_air.push(AirSupport {
            name: format!("air {air} SP"),
            sp: air,
            white_star: q.flag("air-white-star"),
        });
    }
    let defense_air = sp(q, "defense-air")?;
    if defense_air > 0 {
        eng.defender_air.push(AirSupport {
            name: format!("air {defense_air} SP"),
            sp: defense_air,
            white_star: false,
        });
    }
    for id in defense_support {
        let Some(u) = game.roster().get(id.as_str()) else {
            continue;
        };
        if let Err(e) = game.check_support(side.other(), u, &eng.hexes, &eng.hexes) {
            return Err(MatchError::Failed(format!(
                "{id} cannot support the defense: {e}"
            )));
        }
        eng.defender_support.push(u);
    }
    Ok(eng)
}

/// The attackers with stars to use.
fn starred(game: &Game, ids: &[UnitId]) -> Vec<UnitId> {
    ids.iter()
        .filter(|id| {
            game.roster()
                .get(id.as_str())
                .is_some_and(|u| !game.info(u).stars().is_empty())
        })
        .cloned()
        .collect()
}

/// Artillery named by hexes (every artillery unit there) or by unit ids.
fn artillery(game: &Game, items: &[String]) -> Result<Vec<UnitId>, MatchError> {
    let mut out = Vec::new();
    for item in items {
        if let Some(u) = game.roster().get(item) {
            out.push(game.unit_id(u).clone());
            continue;
        }
        let Ok(h) = HexId::parse(item) else {
            return Err(bad_request(format!(
                "\"{item}\" is neither a hex nor a unit of the scenario"
            )));
        };
        let Some(x) = game.board().index(h) else {
            return Err(bad_request(format!("hex {h} is not on the map")));
        };
        let guns: Vec<UnitId> = game
            .units_at(x)
            .iter()
            .filter(|&&u| game.info(u).is_artillery())
            .map(|&u| game.unit_id(u).clone())
            .collect();
        if guns.is_empty() {
            return Err(bad_request(format!("no artillery stands on {h}")));
        }
        out.extend(guns);
    }
    Ok(out)
}

/// Guns the scenario sets up having fired a barrage may not fire in the next two Combat
/// phases (R6.5.6); the setup position's odds are those of the attacker's Combat phase
/// of turn 1.
fn not_locked<'a>(
    game: &Game,
    attacker: Side,
    guns: impl Iterator<Item = &'a UnitId>,
) -> Result<(), MatchError> {
    for id in guns {
        if let Some(u) = game.roster().get(id.as_str())
            && game.barrage_locked_in_combat(u, 1, attacker)
        {
            return Err(MatchError::Failed(format!(
                "{id} fired a barrage and may not fire in this Combat phase of turn 1 (R6.5.6)"
            )));
        }
    }
    Ok(())
}

fn why_not(game: &Game, u: Unit) -> &'static str {
    let i = game.info(u);
    if i.is_hq() {
        "an HQ, R5.1.10"
    } else if i.is_towed() {
        "towed, R5.1.10"
    } else {
        "R15.2.1"
    }
}
