//! What a kit prints of a scenario, whatever its system: the counters with their backs,
//! the markers, the setup lines and the turn track.

use sztab_core::model::described;
use sztab_core::model::{Attrs, Bundle, Map, UnitId};
use sztab_core::render::counter::{CounterFace, UnitState};
use sztab_seam::{BundleRef, RuleSystem};

use crate::card::setup;

/// One counter: its front, and its back if the counter has one printed.
pub struct Piece {
    pub front: CounterFace,
    pub back: Option<CounterFace>,
}

/// A heading and its lines (a side's setup).
pub struct Section {
    pub heading: String,
    pub lines: Vec<String>,
}

/// A box of the turn track.
pub struct TurnBox {
    pub label: String,
    pub lines: Vec<String>,
}

pub struct Contents {
    pub title: String,
    pub pieces: Vec<Piece>,
    /// Markers by name, each as many times as it is printed.
    pub markers: Vec<String>,
    pub setup: Vec<Section>,
    pub turns: Vec<TurnBox>,
}

/// Turn tracks longer than this are refused: no printed game runs longer (WB-95 stops at
/// 400 days), and a bad file should not make a kit of a million pages.
pub const MAX_TURNS: u32 = 1000;

pub fn of(system: &dyn RuleSystem, b: BundleRef<'_>) -> Result<Contents, String> {
    let mut markers: Vec<String> = Vec::new();
    for (name, n) in system.markers() {
        markers.extend(std::iter::repeat_n((*name).to_owned(), usize::from(*n)));
    }
    let mut c = match b {
        BundleRef::Wb95(b) => of_wb95(b)?,
        BundleRef::Described(b) => of_described(system, b)?,
    };
    markers.append(&mut c.markers);
    c.markers = markers;
    Ok(c)
}

fn label(map: &Map, hex: sztab_core::hex::HexId) -> String {
    map.label_line(hex)
}

fn too_long(turns: u32) -> Result<(), String> {
    if turns > MAX_TURNS {
        return Err(format!(
            "the scenario has {turns} turns; a kit prints a turn track of at most {MAX_TURNS}"
        ));
    }
    Ok(())
}

fn of_described(system: &dyn RuleSystem, b: &described::Bundle) -> Result<Contents, String> {
    let s = &b.scenario;
    too_long(s.turns)?;
    let name = |u: &UnitId| {
        b.counters
            .unit(u.as_str())
            .map_or_else(|| u.to_string(), |x| x.designation.clone())
    };
    let mut pieces = Vec::new();
    let mut setup = Vec::new();
    for side in &s.sides {
        let mut lines = Vec::new();
        for u in b
            .counters
            .units
            .iter()
            .filter(|u| side.nations.contains(&u.nation))
        {
            if !s.uses(&u.id) {
                continue;
            }
            pieces.push(Piece {
                front: system.counter_face(&b.counters, u, &Attrs::new()),
                back: system
                    .back_state(u)
                    .map(|st| system.counter_face(&b.counters, u, &st)),
            });
            if let Some(p) = s.setup.iter().find(|p| p.unit == u.id) {
                lines.push(format!("{} — {}", u.designation, label(&b.map, p.hex)));
            } else if let Some(o) = s.off_map.iter().find(|p| p.unit == u.id) {
                lines.push(format!("{} — off map: {}", u.designation, o.in_box));
            }
        }
        setup.push(Section {
            heading: side.name.clone(),
            lines,
        });
    }
    let placed: Vec<String> = s
        .markers
        .iter()
        .map(|m| format!("{} — {}", title_case(&m.kind), label(&b.map, m.hex)))
        .collect();
    if !placed.is_empty() {
        setup.push(Section {
            heading: "Markers".into(),
            lines: placed,
        });
    }
    let turns = (1..=s.turns)
        .map(|t| {
            let mut lines = Vec::new();
            for a in s.arrivals.iter().filter(|a| a.turn == t) {
                let units: Vec<String> = a.units.iter().map(name).collect();
                let head = a.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
                lines.push(format!("+ {head}{}", units.join(", ")));
            }
            for d in s.departures.iter().filter(|d| d.turn == t) {
                let units: Vec<String> = d.units.iter().map(name).collect();
                lines.push(format!("− {}", units.join(", ")));
            }
            TurnBox {
                label: s.turn_label(t),
                lines,
            }
        })
        .collect();
    Ok(Contents {
        title: s.title.clone(),
        pieces,
        markers: s.markers.iter().map(|m| title_case(&m.kind)).collect(),
        setup,
        turns,
    })
}

fn of_wb95(b: &Bundle) -> Result<Contents, String> {
    let s = &b.scenario;
    let days = u32::try_from(s.turns().max(0)).unwrap_or(u32::MAX);
    too_long(days)?;
    let c = &b.counters;
    let uses = |u: &UnitId| {
        s.setup.iter().any(|p| p.unit == *u)
            || s.free_setup.iter().any(|p| p.unit == *u)
            || s.reinforcements.iter().any(|r| r.units.contains(u))
    };
    let mut pieces = Vec::new();
    let mut sections = Vec::new();
    for side in &s.sides {
        for u in c.units.iter().filter(|u| side.nations.contains(&u.nation)) {
            if !uses(&u.id) {
                continue;
            }
            let nation = c.nation(u.nation.as_str());
            let full = UnitState::full(u);
            let reduced = UnitState {
                cel: u.cel.saturating_sub(1),
                ..full
            };
            pieces.push(Piece {
                front: CounterFace::new(u, nation, full),
                back: u
                    .reduced
                    .is_some()
                    .then(|| CounterFace::new(u, nation, reduced)),
            });
        }
        let mut lines = Vec::new();
        for g in setup::groups(s, c, &side.nations) {
            lines.push(format!("{}:", g.title));
            lines.extend(g.lines.iter().map(|l| format!("  {}", l.text())));
        }
        sections.push(Section {
            heading: side.name.clone(),
            lines,
        });
    }
    let name = |u: &UnitId| {
        c.unit(u.as_str())
            .map_or_else(|| u.to_string(), |x| x.designation.clone())
    };
    let turns = (1..=days)
        .map(|t| {
            let date = s.date_of_turn(t);
            let lines = s
                .reinforcements
                .iter()
                .filter(|r| r.date == date)
                .map(|r| {
                    let units: Vec<String> = r.units.iter().map(name).collect();
                    let head = r.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
                    format!("+ {head}{}", units.join(", "))
                })
                .collect();
            TurnBox {
                label: format!("{t} · {}", date.0.format("%-d %b")),
                lines,
            }
        })
        .collect();
    Ok(Contents {
        title: s.title.clone(),
        pieces,
        markers: Vec::new(),
        setup: sections,
        turns,
    })
}

/// "strongpoint" → "Strongpoint", "rail_bridge" → "Rail bridge".
fn title_case(kind: &str) -> String {
    let t = kind.replace('_', " ");
    let mut cs = t.chars();
    cs.next()
        .map(|f| f.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}
