//! The toy rules' setup checks (numbered as the rules in `rules.rs`'s module docs).

use std::collections::BTreeMap;

use sztab_core::model::described::{Bundle, Condition};
use sztab_core::model::{Problem, Subject};

pub fn check(b: &Bundle) -> Vec<Problem> {
    let s = &b.scenario;
    let mut out = Vec::new();
    let mut at: BTreeMap<_, Vec<&str>> = BTreeMap::new();
    for p in &s.setup {
        at.entry(p.hex).or_default().push(p.unit.as_str());
    }
    for (hex, units) in at.iter().filter(|(_, u)| u.len() > 1) {
        out.push(
            Problem::error(
                "T01",
                format!(
                    "hex {hex} holds {} units: {}",
                    units.len(),
                    units.join(", ")
                ),
            )
            .rule("toy: one unit a hex")
            .about(Subject::Hex(*hex)),
        );
    }
    let placed: std::collections::HashSet<&str> = s.setup.iter().map(|p| p.unit.as_str()).collect();
    for u in &b.counters.units {
        if s.side_of_nation(u.nation.as_str()).is_none() {
            out.push(
                Problem::warning(
                    "T02",
                    format!("unit {} fights for no side (nation {})", u.id, u.nation),
                )
                .about(Subject::Unit(u.id.clone())),
            );
        }
        let mp = super::UNIT_SCHEMA.int(&u.attrs, "move");
        if mp == 0 && placed.contains(u.id.as_str()) {
            out.push(
                Problem::warning("T03", format!("unit {} has no MP and never moves", u.id))
                    .about(Subject::Unit(u.id.clone())),
            );
        }
    }
    if let Some(v) = &s.victory {
        for l in &v.levels {
            if l.all_of
                .iter()
                .any(|c| matches!(c, Condition::Exited { .. }))
            {
                out.push(Problem::warning(
                    "T04",
                    format!(
                        "victory level \"{}\": the toy rules have no exits, so Exited never holds",
                        l.name
                    ),
                ));
            }
            if let Some(c) = l.all_of.iter().find(|c| !judged(c)) {
                out.push(Problem::error(
                    "T06",
                    format!(
                        "victory level \"{}\": the toy rules cannot judge \"{}\"",
                        l.name,
                        sztab_core::model::described::describe(b, c)
                    ),
                ));
            }
        }
    }
    for a in &s.arrivals {
        let rules_ok = a.entry.iter().any(|e| match e {
            sztab_core::model::Entry::Zone(z) => b.map.zones.get(z).is_some_and(|h| !h.is_empty()),
            _ => true,
        });
        if !rules_ok {
            out.push(Problem::error(
                "T05",
                format!("the arrival of turn {} has no hex to enter on", a.turn),
            ));
        }
    }
    out
}

/// The toy rules judge holding hexes, losses, exits and points; not weighted losses,
/// zones, ratios, advances or lines of fire.
fn judged(c: &Condition) -> bool {
    match c {
        Condition::Eliminated { weights, .. } => weights.is_empty(),
        Condition::Holds { .. }
        | Condition::HoldsPlace { .. }
        | Condition::LosesAtMost { .. }
        | Condition::Exited { .. }
        | Condition::ExitedAtMost { .. }
        | Condition::Points { .. }
        | Condition::PointsAtMost { .. } => true,
        Condition::InZone { .. }
        | Condition::InZoneAtMost { .. }
        | Condition::LossRatio { .. }
        | Condition::ZoneRatio { .. }
        | Condition::Advance { .. }
        | Condition::FireChain { .. }
        | Condition::FireCorridor { .. } => false,
    }
}
