//! `sztab odds` for PanzerBlitz: one attack in the situation's set-up position, with
//! its full breakdown — each attacking unit's factor step by step (range, weapon class
//! against the target type, hill halving, intensive fire), the totals and the odds
//! column, the die modifiers, and the chance of each result.
//!
//! By default the attack is normal fire in combination by every unit on the attacking
//! hexes that may fire at the defending hex. Options: `--opt assault` (close assault by
//! the infantry, engineers and cavalry on those hexes), `--opt target=UNIT` (a
//! selective attack on one unit), `--opt intensive=UNIT` (that unit fires
//! intensively, the Ammunition rule), `--opt dispersed` (the defender was dispersed
//! earlier this turn: −1).

use std::fmt::Write as _;

use sztab_core::hex::HexId;
use sztab_seam::{BundleRef, MatchError, OddsQuery};

use super::action::{Battle, FireOrder};
use super::crt;
use super::event::{Mode, Step, Target};
use super::fire::{Plan, Sight};
use super::game::Game;
use super::play::Compiled;

const OPTIONS: &[&str] = &["assault", "target", "intensive", "dispersed"];

pub fn odds(bundle: BundleRef<'_>, q: &OddsQuery) -> Result<String, MatchError> {
    if let Some(bad) = q.unknown(OPTIONS).first() {
        return Err(MatchError::BadRequest(format!(
            "PanzerBlitz has no --opt {bad}; it reads {}",
            OPTIONS.join(", ")
        )));
    }
    let compiled = Compiled::of(bundle)?;
    let game = Game::new(compiled.0, 0);
    let hex =
        |s: &str| HexId::parse(s).map_err(|e| MatchError::BadRequest(format!("\"{s}\": {e}")));
    let target = hex(&q.defender)?;
    let from: Vec<HexId> = q
        .attackers
        .iter()
        .map(|s| hex(s))
        .collect::<Result<_, _>>()?;
    let units: Vec<usize> = from
        .iter()
        .flat_map(|&h| game.state().at(h).collect::<Vec<_>>())
        .collect();
    let Some(&first) = units.first() else {
        return Err(MatchError::BadRequest(format!(
            "no unit stands on {}",
            q.attackers.join(", ")
        )));
    };
    let side = game.s.units[first].side;
    if !game
        .state()
        .at(target)
        .any(|u| game.s.units[u].side != side)
    {
        return Err(MatchError::BadRequest(format!(
            "no enemy of {} stands on {target}",
            game.s.sides[side].name
        )));
    }
    let assault = q.flag("assault");
    let g = game.what_if(side, if assault { Step::Assault } else { Step::Fire });
    let mine: Vec<usize> = units
        .into_iter()
        .filter(|&u| g.s.units[u].side == side)
        .collect();
    let ids =
        |us: &[usize]| -> Vec<String> { us.iter().map(|&u| g.s.units[u].id.clone()).collect() };
    let refused = |e: super::game::Refusal| MatchError::BadRequest(e.to_string());
    let (what, plans, extra) = if assault {
        let att: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|&u| g.s.units[u].kind.assaults())
            .collect();
        let plan = g.plan_assault(target, &ids(&att)).map_err(refused)?;
        ("close assault".to_owned(), vec![plan], -2)
    } else {
        let att: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|&u| g.can_fire_at(u, target).is_ok())
            .collect();
        if att.is_empty() {
            let why: Vec<String> = mine
                .iter()
                .filter_map(|&u| g.can_fire_at(u, target).err())
                .map(|e| e.to_string())
                .collect();
            return Err(MatchError::BadRequest(format!(
                "no unit there may fire at {target}: {}",
                why.join("; ")
            )));
        }
        let mut order = FireOrder::combination(target, ids(&att));
        if let Some(t) = q.get("target") {
            order.mode = Mode::Selective;
            order.battles = vec![Battle {
                target: Some(Target::Unit(t.to_owned())),
                attackers: ids(&att),
            }];
        }
        order.intensive = q.all("intensive").map(str::to_owned).collect();
        let plans = g.plan_fire(&order).map_err(refused)?;
        (format!("{} fire", order.mode.name()), plans, 0)
    };
    let mut out = format!("{}: {what} on {target}\n", g.s.title);
    for p in &plans {
        write_plan(&mut out, &g, target, p, extra, q.flag("dispersed"));
    }
    Ok(out)
}

/// Writes one battle's breakdown (also the playtest's explanation of a choice).
pub(super) fn write_plan(
    out: &mut String,
    g: &Game,
    target: HexId,
    p: &Plan,
    extra: i32,
    dispersed: bool,
) {
    let targets: Vec<String> = p
        .pieces
        .iter()
        .map(|x| {
            format!(
                "{} (defense {}, {})",
                x.target,
                x.df,
                if x.armored { "armored" } else { "non-armored" }
            )
        })
        .collect();
    let _ = writeln!(out, "  target: {}", targets.join(", "));
    for f in &p.factors {
        let u = &g.s.units[f.unit];
        let sight = match f.sight {
            Sight::Adjacent => "adjacent".to_owned(),
            Sight::Direct => "direct fire".to_owned(),
            Sight::Indirect { cp } => format!("indirect fire directed by {}", g.s.units[cp].id),
        };
        let _ = write!(
            out,
            "  {} {} ({}{} {}-{}), range {}, {sight}: {}",
            u.name,
            u.id,
            u.f.attack,
            u.f.class.letter(),
            u.f.range,
            u.f.defense,
            f.range,
            f.printed
        );
        for (why, v) in &f.steps {
            let _ = write!(out, " → {v} ({why})");
        }
        let _ = writeln!(out, " = {}", f.value);
    }
    let _ = writeln!(
        out,
        "  attack {} to defense {}: {} (odds rounded in the defender's favour)",
        p.attack,
        p.defense,
        crt::odds_name(p.column)
    );
    let mut modifier = extra;
    let mut why = Vec::new();
    if extra != 0 {
        why.push(format!("{extra:+} close assault or overrun"));
    }
    let terrain = g.s.board.defense_modifier(target);
    if terrain != 0 {
        modifier += terrain;
        why.push(format!("{terrain:+} the defender's cover (TEC)"));
    }
    if dispersed {
        modifier -= 1;
        why.push("-1 the defender was dispersed this turn (CRT D)".to_owned());
    }
    let _ = writeln!(
        out,
        "  die modifier {modifier:+}{}",
        if why.is_empty() {
            String::new()
        } else {
            format!(": {}", why.join(", "))
        }
    );
    for (o, chance, faces) in crt::chances(p.column, modifier) {
        let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "  {:>3}: {:5.1} % (die {})",
            o.code(),
            chance * 100.0,
            faces.join(", ")
        );
    }
}
