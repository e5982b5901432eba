//! `sztab odds` for Roads to Leningrad: one attack in the scenario's setup position with
//! its full breakdown — each attacker's and defender's strength with its halvings and
//! why (6.14c, 3.56, 10.25-10.26), the support of the artillery in the Defender Hex
//! (12.22) and of any artillery and air named, each DRM with its rule capped at ±5
//! (10.61-10.62), the chance the checks pass (10.41, 10.42, 10.44), the CRT and its
//! column (10.3, 10.5) and the chance of every result. Worked out by
//! [`Game::forecast`], the bot's own measure of an attack (decision R-46).
//!
//! Options: `mobile` or `assault` (the CRT; by default every CRT the attack may use,
//! Mobile in a Mobile Sequence and Assault in an Assault Sequence), `lead=UNIT` and
//! `defender-lead=UNIT` (by default the best ER on each side), `artillery=UNIT` and
//! `air=UNIT` (the attacker's, as often as wanted), `defense-artillery=UNIT` and
//! `defense-air=UNIT`, `no-retreat` (the defender has a No Retreat marker) and
//! `weather=dry|cloudy|rain` (by default turn 1's historical weather).

use std::fmt::Write as _;
use std::sync::Arc;

use sztab_core::hex::HexId;
use sztab_seam::{BundleRef, MatchError, OddsQuery};

use super::forecast::Forecast;
use super::game::Game;
use super::movement::STACKING;
use super::state::{BattleStage, Loc, Phase, Sequence, Stage};
use super::words::{CrtKind, SeqKind, Side, Supply, Weather, other, side_name};

const OPTIONS: &[&str] = &[
    "mobile",
    "assault",
    "lead",
    "defender-lead",
    "artillery",
    "air",
    "defense-artillery",
    "defense-air",
    "no-retreat",
    "weather",
    "place",
];

fn bad(s: impl Into<String>) -> MatchError {
    MatchError::BadRequest(s.into())
}

pub fn odds(bundle: BundleRef<'_>, q: &OddsQuery) -> Result<String, MatchError> {
    if let Some(x) = q.unknown(OPTIONS).first() {
        return Err(bad(format!(
            "Roads to Leningrad has no --opt {x}; it reads {}",
            OPTIONS.join(", ")
        )));
    }
    let b = bundle
        .described()
        .ok_or_else(|| bad("not a Roads to Leningrad scenario"))?;
    let rules = super::compile(b).map_err(MatchError::Refused)?;
    report_on(Game::new(Arc::new(rules), 0), q)
}

fn hex(s: &str) -> Result<HexId, MatchError> {
    HexId::parse(s).map_err(|e| bad(format!("\"{s}\": {e}")))
}

/// Why a unit on an attacking hex may not attack `target`, if it may not (9.11-9.15).
fn may_not_attack(g: &Game, u: usize, target: HexId) -> Option<String> {
    let d = &g.rules.units[u];
    let from = g.hex_of(u)?;
    if !d.is_combat() {
        Some("it is no combat unit (9.11)".into())
    } else if d.is_artillery() {
        Some(
            "artillery supports, it does not attack (9.11, 12.1): name it with --opt artillery=ID"
                .into(),
        )
    } else if g.attack_of(u) == 0 {
        Some("its attack strength is 0 (9.14)".into())
    } else if !g.rules.board.grid.are_adjacent(from, target) {
        Some(format!("{from} is not adjacent to {target} (9.11)"))
    } else if !g.can_attack_across(u, target) {
        Some(format!(
            "it cannot attack across the hexside from {from} (9.15, 10.26)"
        ))
    } else {
        None
    }
}

/// `place=UNIT@HEX`: the unit stands on HEX, a map hex with no enemy combat unit, within
/// the stacking limit (3.31).
fn place(g: &mut Game, p: &str) -> Result<(), MatchError> {
    let Some((id, at)) = p.split_once('@') else {
        return Err(bad(format!("--opt place={p}: write UNIT@HEX")));
    };
    let u = g
        .unit(id)
        .map_err(|e| bad(format!("--opt place={p}: {e}")))?;
    let h = hex(at)?;
    let side = g.side_of(u);
    if !g.rules.board.contains(h) || !g.rules.units[u].is_ground() {
        return Err(bad(format!(
            "--opt place={p}: {at} is not a map hex {id} can stand on"
        )));
    }
    if g.occupant(h) == Some(other(side)) {
        return Err(bad(format!("--opt place={p}: the enemy holds {at} (8.14)")));
    }
    g.st.units[u].loc = Loc::Map(h);
    if g.stack_points(h, side) > STACKING {
        return Err(bad(format!(
            "--opt place={p}: {at} would hold more than {STACKING} stacking points (3.31)"
        )));
    }
    Ok(())
}

fn unit_named(g: &Game, id: &str, side: Side, what: &str) -> Result<usize, MatchError> {
    g.own(id, side)
        .map_err(|e| bad(format!("--opt {what}={id}: {e}")))
}

/// The breakdown of the attack `q` asks about in game `g` as it stands.
pub fn report_on(mut g: Game, q: &OddsQuery) -> Result<String, MatchError> {
    let target = hex(&q.defender)?;
    for p in q.all("place") {
        place(&mut g, p)?;
    }
    let from: Vec<HexId> = q
        .attackers
        .iter()
        .map(|s| hex(s))
        .collect::<Result<_, _>>()?;
    let on: Vec<usize> = from
        .iter()
        .flat_map(|&h| g.state().at(h).collect::<Vec<_>>())
        .collect();
    let Some(side) = on
        .iter()
        .map(|&u| g.side_of(u))
        .find(|&s| g.occupant(target) == Some(other(s)))
    else {
        return Err(bad(format!(
            "no unit on {} has an enemy combat unit on {target} to attack",
            q.attackers.join(", ")
        )));
    };
    let weather = match q.get("weather") {
        None => g
            .rules
            .weather_box(1)
            .map_or(Weather::Dry, |b| b.historical),
        Some("dry") => Weather::Dry,
        Some("cloudy") => Weather::Cloudy,
        Some("rain") => Weather::Rain,
        Some(w) => {
            return Err(bad(format!(
                "--opt weather={w}: the weather is dry, cloudy or rain"
            )));
        }
    };
    g.st.weather = weather;
    let mut attackers = Vec::new();
    let mut left_out = Vec::new();
    for &u in &on {
        if g.side_of(u) != side {
            continue;
        }
        match may_not_attack(&g, u, target) {
            None => attackers.push(u),
            Some(why) if g.rules.units[u].is_combat() => left_out.push((u, why)),
            Some(_) => {}
        }
    }
    if attackers.is_empty() {
        let why: Vec<String> = left_out
            .iter()
            .map(|(u, w)| format!("{}: {w}", g.id(*u)))
            .collect();
        return Err(bad(format!(
            "no unit there may attack {target}: {}",
            why.join("; ")
        )));
    }
    // The attack as if its units' formations (and its Army units) were activated.
    let mut formations: Vec<usize> = attackers
        .iter()
        .filter(|&&u| !g.rules.is_army(u))
        .filter_map(|&u| g.rules.units[u].formation)
        .collect();
    formations.sort();
    formations.dedup();
    let army: Vec<usize> = attackers
        .iter()
        .copied()
        .filter(|&u| g.rules.is_army(u))
        .collect();
    let crts: Vec<CrtKind> = match (q.flag("mobile"), q.flag("assault")) {
        (true, true) => return Err(bad("--opt mobile and --opt assault: name one CRT")),
        (true, false) => vec![CrtKind::Mobile],
        (false, true) => vec![CrtKind::Assault],
        (false, false) => vec![CrtKind::Mobile, CrtKind::Assault],
    };
    let mut out = format!(
        "{}: {} attack on {target} from {} (setup position{}, turn 1, {weather})\n",
        g.rules.title,
        side_name(side),
        q.attackers.join(", "),
        if q.flag("place") {
            format!(", {} placed", q.all("place").collect::<Vec<_>>().join(", "))
        } else {
            String::new()
        }
    );
    let mut shown = 0;
    for crt in crts {
        let kind = match crt {
            CrtKind::Mobile => SeqKind::Mobile,
            CrtKind::Assault => SeqKind::Assault,
        };
        let mut w = g.clone();
        w.st.phase = Phase::Sequence;
        let mut seq = Sequence::new(side, kind, formations.clone());
        seq.army = army.clone();
        seq.stage = Stage::Combat;
        if q.flag("no-retreat") {
            seq.no_retreat.insert(target);
        }
        w.st.seq = Some(seq);
        if !w.crt_options(target, &attackers, false).contains(&crt) {
            if q.flag("mobile") {
                return Err(bad(format!(
                    "the Mobile CRT may not be used against {target}: an Assault Sequence, Rain, no armored attacker, a town, hill or swamp, a Strongpoint, or every attacker across a river calls for the Assault CRT (10.32)"
                )));
            }
            continue;
        }
        let lead = match q.get("lead") {
            Some(id) => {
                let l = unit_named(&w, id, side, "lead")?;
                if !attackers.contains(&l) {
                    return Err(bad(format!(
                        "--opt lead={id}: it is not one of the attackers"
                    )));
                }
                l
            }
            None => attackers
                .iter()
                .copied()
                .max_by_key(|&u| (w.er(u), std::cmp::Reverse(u)))
                .expect("attackers"),
        };
        let defenders = w.defenders(target, side);
        let defender_lead = match q.get("defender-lead") {
            Some(id) => {
                let l = unit_named(&w, id, other(side), "defender-lead")?;
                if !defenders.contains(&l) {
                    return Err(bad(format!(
                        "--opt defender-lead={id}: it does not defend {target}"
                    )));
                }
                Some(l)
            }
            None => defenders
                .iter()
                .copied()
                .max_by_key(|&u| (w.er(u), std::cmp::Reverse(u))),
        };
        let mut b = w.what_if_battle(target, side, crt, attackers.clone(), lead, defender_lead);
        b.stage = BattleStage::Air(side);
        w.st.seq.as_mut().expect("set").battle = Some(b.clone());
        for (opt, s, air) in [
            ("air", side, true),
            ("defense-air", other(side), true),
            ("artillery", side, false),
            ("defense-artillery", other(side), false),
        ] {
            for id in q.all(opt) {
                let u = if air {
                    w.check_air(s, id)
                } else {
                    w.check_artillery(s, id)
                }
                .map_err(|e| bad(format!("--opt {opt}={id}: {e}")))?;
                let bm = w.battle_mut();
                if air {
                    bm.air[s].push(u);
                } else {
                    bm.artillery[s].push(u);
                }
            }
        }
        let b = w.battle().clone();
        if shown == 0 {
            write_forces(&mut out, &w, &b.units, target, &left_out, side);
        }
        shown += 1;
        let f = w.forecast(&b);
        write_forecast(&mut out, &w, &b, &f, kind);
    }
    if shown == 0 {
        return Err(bad(format!(
            "no CRT named may be used against {target} (10.32)"
        )));
    }
    Ok(out)
}

fn write_forces(
    out: &mut String,
    g: &Game,
    units: &[usize],
    target: HexId,
    left_out: &[(usize, String)],
    side: Side,
) {
    let _ = writeln!(out, "  attackers:");
    for &u in units {
        let d = &g.rules.units[u];
        let s = &g.st.units[u];
        let face = d.face(s.steps).attack;
        let mut why = Vec::new();
        if s.steps < d.steps() {
            why.push("reduced".to_string());
        }
        if s.supply == Supply::Oos {
            why.push(format!("Out of Supply: halved to {} (6.14c)", face / 2));
        }
        match (g.swamp_halved(u, target), g.across_river(u, target)) {
            (true, true) => {
                why.push("into or out of swamp and across a river: halved with each group (3.56, 10.25-10.26, R-16)".into())
            }
            (true, false) => why.push("into or out of swamp: halved with that group (10.26)".into()),
            (false, true) => why.push("across a river: halved with that group (10.25)".into()),
            (false, false) => {}
        }
        let _ = writeln!(
            out,
            "    {} ({}) on {}: attack {face}{}{}, ER {}",
            d.id,
            d.name,
            g.hex_of(u).map_or_else(String::new, |h| h.to_string()),
            if why.is_empty() { "" } else { ", " },
            why.join(", "),
            g.er(u)
        );
    }
    for (u, why) in left_out {
        let _ = writeln!(out, "    {} may not attack: {why}", g.id(*u));
    }
    let defenders = g.defenders(target, side);
    let supporter = g.hex_supporter(target, &defenders);
    let _ = writeln!(out, "  defenders on {target}:");
    for &u in &defenders {
        let d = &g.rules.units[u];
        let reduced = if g.st.units[u].steps < d.steps() {
            ", reduced"
        } else {
            ""
        };
        if Some(u) == supporter {
            let _ = writeln!(
                out,
                "    {} ({}): artillery in the Defender Hex, support {} always coordinated, up to the other defenders' strength (12.22-12.23)",
                d.id, d.name, d.support
            );
        } else {
            let _ = writeln!(
                out,
                "    {} ({}): defense {}{reduced} (never halved, 3.51), ER {}",
                d.id,
                d.name,
                g.defense_of(u),
                g.er(u)
            );
        }
    }
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

fn write_forecast(
    out: &mut String,
    g: &Game,
    b: &super::state::Battle,
    f: &Forecast,
    kind: SeqKind,
) {
    let crt = g.rules.charts.crt(f.crt);
    let article = if kind == SeqKind::Assault { "an" } else { "a" };
    let _ = writeln!(out, "  {} in {article} {kind} Sequence (10.3):", f.crt);
    let _ = writeln!(
        out,
        "    ground strengths {} to {} (3.56, 10.51); Lead {} (ER {}){}",
        f.ground_attack,
        f.ground_defense,
        g.id(b.lead),
        g.er(b.lead),
        b.defender_lead.map_or(String::new(), |l| format!(
            ", defending Lead {} (ER {})",
            g.id(l),
            g.er(l)
        ))
    );
    for (s, label) in [(b.attacker, "attacking"), (other(b.attacker), "defending")] {
        if !b.artillery[s].is_empty() {
            let _ = writeln!(
                out,
                "    {label} artillery: {} (10.42: full on a passed check, halved on a failed one below 10, none at 10 or more; at most the side's ground strength)",
                g.ids(&b.artillery[s]).join(", ")
            );
        }
        if !b.air[s].is_empty() {
            let _ = writeln!(
                out,
                "    {label} air: {} (10.41, 13.23: its CAS DRM if the Lead air unit's check passes)",
                g.ids(&b.air[s]).join(", ")
            );
        }
    }
    let _ = writeln!(out, "    DRMs (10.61):");
    if f.terms.is_empty() {
        let _ = writeln!(out, "      none");
    }
    for t in &f.terms {
        let _ = writeln!(out, "      {:+} {} ({})", t.value, t.what, t.rule);
    }
    let net: i32 = f.terms.iter().map(|t| t.value).sum();
    let capped = super::drm::net_drm(&f.terms);
    let _ = writeln!(
        out,
        "      net {:+}{}",
        capped,
        if capped != net {
            format!(" (capped from {net:+}, 10.62)")
        } else {
            String::new()
        }
    );
    if f.p_coordinated < 1.0 {
        let _ = writeln!(
            out,
            "    combat unit coordination (10.44): attackers in several hexes or Disrupted, the Lead's ER check passes {}; a failure adds {:+}",
            pct(f.p_coordinated),
            g.rules.charts.drms.failed_coordination
        );
    }
    for br in &f.branches {
        let col = br.column.map_or_else(
            || "below 1:4: the automatic result (10.53a)".into(),
            |c| format!("column {}", crt.label(c)),
        );
        let mut when = Vec::new();
        if f.branches.len() > 1 {
            if !br.coordinated {
                when.push("coordination failed".to_string());
            }
            if br.cas != 0 {
                when.push(format!("CAS {:+}", br.cas));
            }
        }
        let _ = writeln!(
            out,
            "    {}{} to {}: {col}, DRM {:+}{}",
            if f.branches.len() > 1 {
                format!("{}: ", pct(br.p))
            } else {
                String::new()
            },
            br.attack,
            br.defense,
            br.drm,
            if when.is_empty() {
                String::new()
            } else {
                format!(" ({})", when.join(", "))
            }
        );
    }
    let _ = writeln!(out, "    results:");
    for (r, p) in &f.results {
        let _ = writeln!(out, "      {:>4}  {r}", pct(*p));
    }
}
