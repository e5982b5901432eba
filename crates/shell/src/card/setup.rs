//! The setup as the rulebook prints it: per side, per army, one line per hex with the units
//! there ("18 PzD, 244 AG-BR (-1) — 1409"); a formation set up whole on one hex is named
//! once, and one spread a unit a hex over several hexes is one line listing them
//! ("258 ID — 0502, 0703, 0904").

use std::collections::BTreeMap;

use sztab_core::hex::HexId;
use sztab_core::model::{
    ArtillerySetup, Counters, FormationKind, Placement, Scenario, UnitDef, UnitKind, UnitSize,
};

/// One printed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub items: Vec<String>,
    pub hexes: Vec<HexId>,
    /// The units of the line, for their pictures.
    pub units: Vec<String>,
}

impl Line {
    pub fn text(&self) -> String {
        let hexes: Vec<String> = self.hexes.iter().map(|h| h.to_string()).collect();
        format!("{} — {}", self.items.join(", "), hexes.join(", "))
    }
}

/// The lines of one army (or top formation) of a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub title: String,
    pub lines: Vec<Line>,
}

/// "AG-BR": type abbreviation and size suffix (R1.3); divisions and corps carry none.
pub fn type_code(u: &UnitDef) -> String {
    let t = match u.kind {
        UnitKind::Infantry => "INF",
        UnitKind::MotorizedInfantry => "MOT",
        UnitKind::Mechanized => "MECH",
        UnitKind::Armored => "ARM",
        UnitKind::Cavalry => "CAV",
        UnitKind::Airborne => "AB",
        UnitKind::Artillery => "ART",
        UnitKind::AntiTank => "AT",
        UnitKind::AssaultGun => "AG",
        UnitKind::AntiAircraft => "AA",
        UnitKind::Recon => "RCN",
        UnitKind::Engineer => "ENG",
        UnitKind::Headquarters => return String::new(),
        UnitKind::Fortification => "FU",
        UnitKind::Resilience => "RG",
        UnitKind::Volkssturm => "VS",
    };
    let size = match u.size {
        UnitSize::Company => "-C",
        UnitSize::Battalion => "-B",
        UnitSize::Regiment => "-R",
        UnitSize::Brigade => "-BR",
        _ => "",
    };
    format!("{t}{size}")
}

/// How one unit is printed: "528/299 ID INF-R", "244 AG-BR", "HQ XXIII AK". The parent
/// is named for units organic to a division, brigade or corps of tank, mechanized or
/// cavalry troops, and for artillery; not for units attached to an army or corps.
pub fn unit_label(c: &Counters, u: &UnitDef) -> String {
    let code = type_code(u);
    let mut s = u.designation.clone();
    let organic = |f: &str| {
        c.formation(f).is_some_and(|f| {
            !matches!(
                f.kind,
                FormationKind::Army | FormationKind::Corps | FormationKind::Front
            )
        })
    };
    if let Some(f) = &u.formation
        && !u.is_hq()
        && (organic(f.as_str()) || u.is_artillery())
    {
        s.push_str(&format!("/{f}"));
    }
    if !code.is_empty() {
        s.push(' ');
        s.push_str(&code);
    }
    s
}

/// The army a unit is listed under: its nearest ancestor that is an army or front, else
/// its top formation.
fn command_of(c: &Counters, u: &UnitDef) -> Option<String> {
    let mut cur = u.formation.as_ref().and_then(|f| c.formation(f.as_str()));
    let mut top = None;
    for _ in 0..=c.formations.len() {
        let Some(f) = cur else { break };
        if matches!(f.kind, FormationKind::Army | FormationKind::Front) {
            return Some(f.id.to_string());
        }
        top = Some(f.id.to_string());
        cur = f.parent.as_ref().and_then(|p| c.formation(p.as_str()));
    }
    top
}

fn reduction(u: &UnitDef, p: &Placement) -> u8 {
    p.cel.map_or(0, |c| u.cel.saturating_sub(c))
}

fn suffix(units: &[(&UnitDef, &Placement)]) -> String {
    let lost: u32 = units.iter().map(|(u, p)| u32::from(reduction(u, p))).sum();
    let mut s = String::new();
    if lost > 0 {
        s.push_str(&format!(" (-{lost})"));
    }
    if units
        .iter()
        .any(|(_, p)| p.artillery == Some(ArtillerySetup::Transport))
    {
        s.push_str(" (transport)");
    }
    let states = start_states(units);
    if !states.is_empty() {
        s.push_str(&format!(" ({})", states.join(", ")));
    }
    s
}

/// The start states of the units of a line, each named once: "disorganized" when every
/// unit has it, "2 of 3 disorganized" when only some do.
fn start_states(units: &[(&UnitDef, &Placement)]) -> Vec<String> {
    let mut counted: Vec<(String, usize)> = Vec::new();
    for (_, p) in units {
        for st in p.start_states() {
            match counted.iter_mut().find(|(s, _)| *s == st) {
                Some((_, n)) => *n += 1,
                None => counted.push((st, 1)),
            }
        }
    }
    counted
        .into_iter()
        .map(|(st, n)| {
            if n == units.len() {
                st
            } else {
                format!("{n} of {} {st}", units.len())
            }
        })
        .collect()
}

/// The setup of the side with these nations, grouped by army.
pub fn groups(s: &Scenario, c: &Counters, nations: &[sztab_core::model::NationId]) -> Vec<Group> {
    let placed: Vec<(&UnitDef, &Placement)> = s
        .setup
        .iter()
        .filter_map(|p| Some((c.unit(p.unit.as_str())?, p)))
        .filter(|(u, _)| nations.contains(&u.nation))
        .collect();
    let mut order: Vec<String> = Vec::new();
    let mut by_cmd: BTreeMap<String, Vec<(&UnitDef, &Placement)>> = BTreeMap::new();
    for (u, p) in &placed {
        let cmd = command_of(c, u).unwrap_or_default();
        if !order.contains(&cmd) {
            order.push(cmd.clone());
        }
        by_cmd.entry(cmd).or_default().push((u, p));
    }
    order
        .into_iter()
        .map(|cmd| {
            let title = c
                .formation(&cmd)
                .map_or_else(|| "Other units".to_owned(), |f| f.name.clone());
            Group {
                title,
                lines: lines(c, &by_cmd[&cmd]),
            }
        })
        .collect()
}

/// One line per hex in setup order, formations set up whole named once.
fn lines(c: &Counters, units: &[(&UnitDef, &Placement)]) -> Vec<Line> {
    // Only the units of divisions, brigades and tank, mechanized or cavalry corps are
    // named by their formation; HQs and units attached to an army or corps by themselves.
    let formation = |u: &UnitDef| {
        u.formation
            .as_ref()
            .filter(|f| {
                !u.is_hq()
                    && c.formation(f.as_str()).is_some_and(|f| {
                        !matches!(
                            f.kind,
                            FormationKind::Army | FormationKind::Corps | FormationKind::Front
                        )
                    })
            })
            .map(|f| f.to_string())
    };
    let mut hexes_of: BTreeMap<String, Vec<HexId>> = BTreeMap::new();
    let mut count_of: BTreeMap<String, usize> = BTreeMap::new();
    for (u, p) in units {
        if let Some(f) = formation(u) {
            let h = hexes_of.entry(f.clone()).or_default();
            if !h.contains(&p.hex) {
                h.push(p.hex);
            }
            *count_of.entry(f).or_default() += 1;
        }
    }
    let mut hex_order: Vec<HexId> = Vec::new();
    for (_, p) in units {
        if !hex_order.contains(&p.hex) {
            hex_order.push(p.hex);
        }
    }
    let on = |h: HexId| units.iter().filter(move |(_, p)| p.hex == h).copied();
    // A formation dealt one unit a hex over hexes holding nothing else: one line.
    let spread = |f: &str| {
        let hs = &hexes_of[f];
        hs.len() > 1
            && hs.len() == count_of[f]
            && hs
                .iter()
                .all(|&h| on(h).all(|(u, _)| formation(u).as_deref() == Some(f)))
    };
    let mut out = Vec::new();
    let mut done_spread: Vec<String> = Vec::new();
    for h in hex_order {
        let here: Vec<(&UnitDef, &Placement)> = on(h).collect();
        let mut items = Vec::new();
        let mut ids = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for (u, p) in &here {
            let f = formation(u);
            if let Some(f) = &f
                && spread(f)
            {
                if !done_spread.contains(f) {
                    done_spread.push(f.clone());
                    let all: Vec<(&UnitDef, &Placement)> = units
                        .iter()
                        .filter(|(x, _)| formation(x).as_deref() == Some(f))
                        .copied()
                        .collect();
                    out.push(Line {
                        items: vec![format!("{f}{}", suffix(&all))],
                        hexes: hexes_of[f].clone(),
                        units: all.iter().map(|(x, _)| x.id.to_string()).collect(),
                    });
                }
                continue;
            }
            ids.push(u.id.to_string());
            match &f {
                Some(f) if hexes_of[f].len() == 1 && count_of[f] > 1 => {
                    if !seen.contains(f) {
                        seen.push(f.clone());
                        let all: Vec<(&UnitDef, &Placement)> = here
                            .iter()
                            .filter(|(x, _)| formation(x).as_deref() == Some(f.as_str()))
                            .copied()
                            .collect();
                        items.push(format!("{f}{}", suffix(&all)));
                    }
                }
                _ => items.push(format!("{}{}", unit_label(c, u), suffix(&[(u, p)]))),
            }
        }
        if !items.is_empty() {
            out.push(Line {
                items,
                hexes: vec![h],
                units: ids,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use sztab_core::model::Bundle;

    #[test]
    fn the_fixture_reads_like_a_rulebook_page() {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let b = Bundle::load(&p).unwrap().0;
        let g = groups(&b.scenario, &b.counters, &b.scenario.sides[0].nations);
        let text: Vec<String> = g
            .iter()
            .flat_map(|g| g.lines.iter().map(Line::text))
            .collect();
        assert_eq!(g[0].title, "XX Army Corps");
        assert!(text.contains(&"HQ XX — 0304".to_owned()), "{text:?}");
        // 1PzD is split over 0605 and 0704: its units are listed one by one.
        assert!(
            text.iter()
                .any(|t| t.starts_with("I/1/1PzD ARM-B") && t.ends_with("0605")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.contains("113/1PzD MECH-R (-1) — 0704")),
            "{text:?}"
        );
        // 10ID is dealt a regiment a hex: one line.
        assert!(
            text.contains(&"10ID — 0606, 0607, 0608".to_owned()),
            "{text:?}"
        );
    }

    #[test]
    fn start_states_follow_the_units_they_are_set_up_with() {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let mut b = Bundle::load(&p).unwrap().0;
        for p in b.scenario.setup.iter_mut() {
            match p.unit.as_str() {
                "1PzD/113" => {
                    p.disorganized = true;
                    p.out_of_supply = 2;
                }
                "10ID/20" => p.movement_spent = true,
                "Art/XX" => p.barrage_fired = true,
                _ => {}
            }
        }
        let g = groups(&b.scenario, &b.counters, &b.scenario.sides[0].nations);
        let text: Vec<String> = g
            .iter()
            .flat_map(|g| g.lines.iter().map(Line::text))
            .collect();
        for line in [
            "113/1PzD MECH-R (-1) (disorganized, OoS level 2) — 0704",
            "10ID (1 of 3 movement spent) — 0606, 0607, 0608",
        ] {
            assert!(text.contains(&line.to_owned()), "{line}: {text:?}");
        }
        assert!(
            text.iter().any(|t| t.contains("(barrage fired)")),
            "{text:?}"
        );
        // The counter pictures carry the markers.
        let html = crate::card::html(&b);
        assert!(html.contains(">D<") && html.contains(">O2<"), "markers");
    }
}
