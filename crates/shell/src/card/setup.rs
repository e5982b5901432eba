//! The setup as the rulebook prints it: per side, per army, one line per hex with the units
//! there ("18 PzD, 244 AG-BR (-1) — 1409"); a formation set up whole on one hex is named
//! once, and one spread a unit a hex over several hexes is one line listing them
//! ("258 ID — 0502, 0703, 0904").

use std::collections::{HashMap, HashSet};

use sztab_core::hex::HexId;
use sztab_core::model::{
    ArtillerySetup, Counters, Formation, FormationKind, Placement, Scenario, UnitDef, UnitKind,
    UnitSize,
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

/// The formations of a counter set by id, for lookups in constant time (the first of a
/// duplicated id, as `Counters::formation` finds it).
pub(crate) struct Formations<'a>(HashMap<&'a str, &'a Formation>);

impl<'a> Formations<'a> {
    pub fn of(c: &'a Counters) -> Self {
        let mut m = HashMap::new();
        for f in &c.formations {
            m.entry(f.id.as_str()).or_insert(f);
        }
        Self(m)
    }

    fn get(&self, id: &str) -> Option<&'a Formation> {
        self.0.get(id).copied()
    }
}

/// How one unit is printed: "528/299 ID INF-R", "244 AG-BR", "HQ XXIII AK". The parent
/// is named for units organic to a division, brigade or corps of tank, mechanized or
/// cavalry troops, and for artillery; not for units attached to an army or corps.
pub fn unit_label(c: &Counters, u: &UnitDef) -> String {
    label_of(&Formations::of(c), u)
}

pub(crate) fn label_of(fs: &Formations, u: &UnitDef) -> String {
    let code = type_code(u);
    let mut s = u.designation.clone();
    let organic = |f: &str| {
        fs.get(f).is_some_and(|f| {
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
/// its top formation (a cycle of parents stops the walk).
fn command_of(fs: &Formations, u: &UnitDef) -> Option<String> {
    let mut cur = u.formation.as_ref().and_then(|f| fs.get(f.as_str()));
    let mut top = None;
    let mut seen = HashSet::new();
    while let Some(f) = cur {
        if !seen.insert(f.id.as_str()) {
            break;
        }
        if matches!(f.kind, FormationKind::Army | FormationKind::Front) {
            return Some(f.id.to_string());
        }
        top = Some(f.id.to_string());
        cur = f.parent.as_ref().and_then(|p| fs.get(p.as_str()));
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

/// The setup of the side with these nations, grouped by army. Linear in the setup (with
/// hash maps of the units and formations).
pub fn groups(s: &Scenario, c: &Counters, nations: &[sztab_core::model::NationId]) -> Vec<Group> {
    let mut units: HashMap<&str, &UnitDef> = HashMap::new();
    for u in &c.units {
        units.entry(u.id.as_str()).or_insert(u);
    }
    let fs = Formations::of(c);
    let nations: HashSet<&str> = nations.iter().map(|n| n.as_str()).collect();
    let placed: Vec<(&UnitDef, &Placement)> = s
        .setup
        .iter()
        .filter_map(|p| Some((*units.get(p.unit.as_str())?, p)))
        .filter(|(u, _)| nations.contains(u.nation.as_str()))
        .collect();
    let mut order: Vec<String> = Vec::new();
    let mut by_cmd: HashMap<String, Vec<(&UnitDef, &Placement)>> = HashMap::new();
    for (u, p) in &placed {
        let cmd = command_of(&fs, u).unwrap_or_default();
        let list = by_cmd.entry(cmd.clone()).or_default();
        if list.is_empty() {
            order.push(cmd);
        }
        list.push((u, p));
    }
    order
        .into_iter()
        .map(|cmd| {
            let title = fs
                .get(&cmd)
                .map_or_else(|| "Other units".to_owned(), |f| f.name.clone());
            Group {
                title,
                lines: lines(&fs, &by_cmd[&cmd]),
            }
        })
        .collect()
}

/// One line per hex in setup order, formations set up whole named once.
fn lines(fs: &Formations, units: &[(&UnitDef, &Placement)]) -> Vec<Line> {
    // Only the units of divisions, brigades and tank, mechanized or cavalry corps are
    // named by their formation; HQs and units attached to an army or corps by themselves.
    let formation: Vec<Option<&str>> = units
        .iter()
        .map(|(u, _)| {
            u.formation
                .as_ref()
                .filter(|f| {
                    !u.is_hq()
                        && fs.get(f.as_str()).is_some_and(|f| {
                            !matches!(
                                f.kind,
                                FormationKind::Army | FormationKind::Corps | FormationKind::Front
                            )
                        })
                })
                .map(|f| f.as_str())
        })
        .collect();
    // Each formation's hexes in setup order, and its units.
    let mut hexes_of: HashMap<&str, Vec<HexId>> = HashMap::new();
    let mut hex_seen: HashSet<(&str, HexId)> = HashSet::new();
    let mut units_of: HashMap<&str, Vec<usize>> = HashMap::new();
    // The units on each hex, and the hexes in setup order.
    let mut on: HashMap<HexId, Vec<usize>> = HashMap::new();
    let mut hex_order: Vec<HexId> = Vec::new();
    for (i, (_, p)) in units.iter().enumerate() {
        if let Some(f) = formation[i] {
            if hex_seen.insert((f, p.hex)) {
                hexes_of.entry(f).or_default().push(p.hex);
            }
            units_of.entry(f).or_default().push(i);
        }
        let here = on.entry(p.hex).or_default();
        if here.is_empty() {
            hex_order.push(p.hex);
        }
        here.push(i);
    }
    // A formation dealt one unit a hex over hexes holding nothing else: one line.
    let spread: HashSet<&str> = hexes_of
        .iter()
        .filter(|(f, hs)| {
            hs.len() > 1
                && hs.len() == units_of[*f].len()
                && hs
                    .iter()
                    .all(|h| on[h].iter().all(|&i| formation[i] == Some(**f)))
        })
        .map(|(f, _)| *f)
        .collect();
    let pick = |idx: &[usize]| -> Vec<(&UnitDef, &Placement)> {
        idx.iter().map(|&i| (units[i].0, units[i].1)).collect()
    };
    let mut out = Vec::new();
    let mut done_spread: HashSet<&str> = HashSet::new();
    for h in hex_order {
        let here = &on[&h];
        // The units of each formation on this hex, in setup order.
        let mut here_of: HashMap<&str, Vec<usize>> = HashMap::new();
        for &i in here {
            if let Some(f) = formation[i] {
                here_of.entry(f).or_default().push(i);
            }
        }
        let mut items = Vec::new();
        let mut ids = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        for &i in here {
            let (u, p) = units[i];
            let f = formation[i];
            if let Some(f) = f
                && spread.contains(f)
            {
                if done_spread.insert(f) {
                    let all = pick(&units_of[f]);
                    out.push(Line {
                        items: vec![format!("{f}{}", suffix(&all))],
                        hexes: hexes_of[f].clone(),
                        units: all.iter().map(|(x, _)| x.id.to_string()).collect(),
                    });
                }
                continue;
            }
            ids.push(u.id.to_string());
            match f {
                Some(f) if hexes_of[f].len() == 1 && units_of[f].len() > 1 => {
                    if seen.insert(f) {
                        items.push(format!("{f}{}", suffix(&pick(&here_of[f]))));
                    }
                }
                _ => items.push(format!("{}{}", label_of(fs, u), suffix(&[(u, p)]))),
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
