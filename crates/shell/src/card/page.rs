//! The setup card as one self-contained HTML page laid out like the rulebook's scenario
//! pages: title and dates, each side's setup by army with counter pictures, reinforcements,
//! withdrawals, restrictions, air and barrage, special rules, victory conditions and the
//! designer's notes. Print CSS fits it to A4.

use std::collections::HashMap;
use std::fmt::Write;

use super::setup::{self, Formations, Group, label_of};
use sztab_core::markdown::{parse, to_html};
use sztab_core::markup::escape;
use sztab_core::model::area::{Oob, ResolvedAreas, describe_shapes};
use sztab_core::model::area_check::ScenarioOob;
use sztab_core::model::{
    AreaUse, AutoTiming, Bundle, Counters, Date, Entry, Placement, RestrictionRule, Scenario,
    Scope, UnitDef, VpEvent,
};
use sztab_core::render::counter::{
    COUNTER_SIDE, CounterFace, UnitMarkers, UnitState, draw_counter,
};
use sztab_core::render::svg::SvgSink;

pub(crate) const STYLE: &str = r#"
body { font-family: "DejaVu Serif", Georgia, serif; margin: 24px auto; max-width: 980px; color: #111; }
h1 { font-size: 26px; margin: 0 0 4px; border-bottom: 3px double #111; }
h2 { font-size: 18px; margin: 18px 0 6px; text-transform: uppercase; letter-spacing: 1px; border-bottom: 1px solid #555; }
h3 { font-size: 15px; margin: 10px 0 4px; }
.meta { font-style: italic; margin-bottom: 10px; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 18px; }
.line { display: flex; align-items: center; gap: 6px; margin: 2px 0; break-inside: avoid; font-size: 13px; }
.line .hex { font-weight: bold; font-family: "DejaVu Sans Mono", monospace; margin-left: auto; }
.pics svg { vertical-align: middle; margin-right: 1px; }
table { border-collapse: collapse; font-size: 13px; width: 100%; }
td, th { border: 1px solid #999; padding: 3px 6px; text-align: left; vertical-align: top; }
ul { margin: 4px 0 4px 18px; padding: 0; font-size: 13px; }
.ref { color: #555; font-size: 11px; }
.notes { font-size: 13px; }
code { font-size: 12px; }
@page { size: A4; margin: 12mm; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } .sides { gap: 10px; } }
"#;

/// Pixels a counter picture takes on the page.
pub(crate) const PIC: f32 = 30.0;

/// A counter as inline SVG, at full strength, or as it is set up: its starting CEL and
/// the markers of its start states (R1.2).
pub fn counter_svg(c: &Counters, id: &str, setup: Option<&Placement>) -> String {
    match c.unit(id) {
        Some(u) => unit_svg(c, u, setup),
        None => String::new(),
    }
}

/// The counter of `u`, as [`counter_svg`] draws it.
fn unit_svg(c: &Counters, u: &UnitDef, setup: Option<&Placement>) -> String {
    let state = match setup {
        Some(p) => UnitState {
            cel: p.cel.unwrap_or(u.cel),
            markers: UnitMarkers::at_setup(p, false),
        },
        None => UnitState::full(u),
    };
    svg_of(c, u, state)
}

/// A unit the player sets up (A-92): its starting CEL, in its field fortification if it
/// starts in one.
fn free_counter_svg(c: &Counters, u: &UnitDef, f: &sztab_core::model::FreeSetup) -> String {
    let markers = UnitMarkers {
        fortified: f.fortified,
        ..UnitMarkers::default()
    };
    let cel = f.cel.unwrap_or(u.cel);
    svg_of(c, u, UnitState { cel, markers })
}

fn svg_of(c: &Counters, u: &sztab_core::model::UnitDef, state: UnitState) -> String {
    let face = CounterFace::new(u, c.nation(u.nation.as_str()), state);
    let mut sink = SvgSink::new(PIC / COUNTER_SIDE);
    draw_counter(&mut sink, &face, [0.0, 0.0], COUNTER_SIDE);
    let h = COUNTER_SIDE / 2.0 + 0.02;
    sink.finish([-h, -h], [h, h], PIC, PIC)
}

/// "12 VII 1943", as the rulebook writes dates.
fn day(d: Date) -> String {
    use chrono::Datelike;
    const MONTHS: [&str; 12] = [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
    ];
    let month = MONTHS[(d.0.month0() as usize).min(11)];
    format!("{} {month} {}", d.0.day(), d.0.year())
}

pub(crate) fn entry(e: &Entry) -> String {
    match e {
        Entry::Zone(z) => format!("zone {z}"),
        Entry::Hex(h) => h.to_string(),
        Entry::Place(p) => p.clone(),
        Entry::Edge(e) => format!("{e:?} edge").to_lowercase(),
    }
}

/// The units of a bundle and the first placement of each, by id: each line of the page
/// looks its units up in constant time, so the page is linear in the scenario.
struct Lookup<'a> {
    units: HashMap<&'a str, &'a UnitDef>,
    placements: HashMap<&'a str, &'a Placement>,
    formations: Formations<'a>,
}

impl<'a> Lookup<'a> {
    fn of(b: &'a Bundle) -> Self {
        let mut units = HashMap::new();
        for u in &b.counters.units {
            units.entry(u.id.as_str()).or_insert(u);
        }
        let mut placements = HashMap::new();
        for p in &b.scenario.setup {
            placements.entry(p.unit.as_str()).or_insert(p);
        }
        Self {
            units,
            placements,
            formations: Formations::of(&b.counters),
        }
    }

    fn unit(&self, id: &str) -> Option<&'a UnitDef> {
        self.units.get(id).copied()
    }

    /// The unit's name as the setup lists print it.
    fn label(&self, id: &str) -> String {
        self.unit(id)
            .map_or(id.to_owned(), |u| label_of(&self.formations, u))
    }
}

/// The whole page.
pub fn html(b: &Bundle) -> String {
    let s = &b.scenario;
    let look = Lookup::of(b);
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        escape(&s.title)
    );
    header(&mut o, b);
    let _ = writeln!(o, "<h2>Setup</h2><div class=\"sides\">");
    for side in &s.sides {
        let fort = if side.fortified { " (fortified)" } else { "" };
        let _ = writeln!(
            o,
            "<section><h3>{}{fort}</h3>",
            escape(&side.name.to_uppercase())
        );
        for g in setup::groups(s, &b.counters, &side.nations) {
            group(&mut o, b, &look, &g);
        }
        free_setup(&mut o, b, &look, &side.id);
        let _ = writeln!(o, "</section>");
    }
    let _ = writeln!(o, "</div>");
    areas(&mut o, b);
    reinforcements(&mut o, b, &look);
    withdrawals_and_restrictions(&mut o, s);
    air_and_barrage(&mut o, s);
    rules(&mut o, s);
    victory(&mut o, s);
    if !s.notes.trim().is_empty() {
        let _ = writeln!(
            o,
            "<h2>Notes</h2><div class=\"notes\">{}</div>",
            to_html(&parse(&s.notes), 2)
        );
    }
    o.push_str("</body></html>\n");
    o
}

fn header(o: &mut String, b: &Bundle) {
    let s = &b.scenario;
    let _ = writeln!(o, "<h1>{}</h1>", escape(&s.title));
    let first = s
        .side(s.initiative.as_str())
        .map_or(s.initiative.to_string(), |x| x.name.clone());
    let supply: Vec<String> = s
        .sides
        .iter()
        .map(|x| {
            let src: Vec<String> = x
                .supply
                .iter()
                .map(|y| match y {
                    sztab_core::model::SupplySource::Edge(e) => {
                        format!("{e:?} edge").to_lowercase()
                    }
                    sztab_core::model::SupplySource::Place(p) => p.clone(),
                    sztab_core::model::SupplySource::Hex(h) => h.to_string(),
                    sztab_core::model::SupplySource::Hq(u) => format!("HQ {u}"),
                })
                .collect();
            format!("{}: {}", x.name, src.join(", "))
        })
        .collect();
    let _ = writeln!(
        o,
        "<p class=\"meta\">{} to {} — {} turns. Map: {}. {} moves first. Supply — {}.</p>",
        day(s.start),
        day(s.end),
        s.turns(),
        escape(&b.map.name),
        escape(&first),
        escape(&supply.join("; "))
    );
}

fn group(o: &mut String, b: &Bundle, look: &Lookup, g: &Group) {
    let _ = writeln!(o, "<h3>{}</h3>", escape(&g.title));
    for l in &g.lines {
        let pics: String = l
            .units
            .iter()
            .filter_map(|u| {
                let setup = look.placements.get(u.as_str()).copied();
                Some(unit_svg(&b.counters, look.unit(u)?, setup))
            })
            .collect();
        let hexes: Vec<String> = l.hexes.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(
            o,
            "<div class=\"line\"><span class=\"pics\">{pics}</span><span>{}</span><span class=\"hex\">{}</span></div>",
            escape(&l.items.join(", ")),
            hexes.join(", ")
        );
    }
}

/// The side's units without a fixed hex, each with the set-up areas it is set up in.
fn free_setup(o: &mut String, b: &Bundle, look: &Lookup, side: &sztab_core::model::SideId) {
    let s = &b.scenario;
    let oob = ScenarioOob::new(s, &b.counters);
    let resolved = ResolvedAreas::new(&s.areas, &b.map);
    let mine: Vec<&sztab_core::model::FreeSetup> = s
        .free_setup
        .iter()
        .filter(|f| oob.side_of(&f.unit).as_ref() == Some(side))
        .collect();
    if mine.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h3>Set up by the player</h3>");
    for f in mine {
        let pic = look
            .unit(f.unit.as_str())
            .map_or(String::new(), |u| free_counter_svg(&b.counters, u, f));
        let label = look.label(f.unit.as_str());
        let area: Vec<String> = resolved
            .for_unit(&s.areas, &f.unit, &oob, true)
            .map(|(binding, _)| binding.iter().map(|&i| s.areas[i].name.clone()).collect())
            .unwrap_or_default();
        let _ = writeln!(
            o,
            "<div class=\"line\"><span class=\"pics\">{pic}</span><span>{}</span><span class=\"hex\">in {}</span></div>",
            escape(&label),
            escape(&area.join(" and "))
        );
    }
}

/// Every set-up area: who it is given to, what for, and its hexes in words.
fn areas(o: &mut String, b: &Bundle) {
    let s = &b.scenario;
    if s.areas.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "<h2>Set-up areas</h2><table><tr><th>Area</th><th>Given to</th><th>Use</th><th>Hexes</th></tr>"
    );
    for a in &s.areas {
        let usage = match a.usage {
            AreaUse::Constraint => "its units set up inside",
            AreaUse::FreeSetup => "the player sets its free units up inside",
        };
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{usage}</td><td>{} ({} hexes)</td></tr>",
            escape(&a.name),
            escape(&a.holder.describe()),
            escape(&describe_shapes(&a.shapes)),
            a.hexes(&b.map).len()
        );
    }
    let _ = writeln!(o, "</table>");
}

fn reinforcements(o: &mut String, b: &Bundle, look: &Lookup) {
    let s = &b.scenario;
    if s.reinforcements.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "<h2>Reinforcements</h2><table><tr><th>Day (turn)</th><th>Units</th><th>Enter</th><th>Conditions</th></tr>"
    );
    let mut list: Vec<_> = s.reinforcements.iter().collect();
    list.sort_by_key(|r| r.date);
    for r in list {
        let units: Vec<String> = r.units.iter().map(|u| look.label(u.as_str())).collect();
        let pics: String = r
            .units
            .iter()
            .filter_map(|u| Some(unit_svg(&b.counters, look.unit(u.as_str())?, None)))
            .collect();
        let mut cond = Vec::new();
        if let Some(d) = r.cannot_move_before {
            cond.push(format!("cannot move before {}", day(d)));
        }
        if r.half_mp_first_turn {
            cond.push("½ MP on the turn it enters".into());
        }
        if r.optional {
            cond.push(format!(
                "optional; the opponent scores {} VP when it enters",
                r.enemy_vp
            ));
        }
        let name = r.name.as_ref().map_or(String::new(), |n| {
            format!("<strong>{}</strong><br>", escape(n))
        });
        let e: Vec<String> = r.entry.iter().map(entry).collect();
        let _ = writeln!(
            o,
            "<tr><td>{} ({})</td><td>{name}<span class=\"pics\">{pics}</span><br>{}</td><td>{}</td><td>{}</td></tr>",
            day(r.date),
            r.date.days_since(s.start) + 1,
            escape(&units.join(", ")),
            escape(&e.join(", ")),
            escape(&cond.join("; "))
        );
    }
    o.push_str("</table>\n");
}

fn withdrawals_and_restrictions(o: &mut String, s: &Scenario) {
    if !s.withdrawals.is_empty() {
        let _ = writeln!(o, "<h2>Withdrawals</h2><ul>");
        for w in &s.withdrawals {
            let eq = if w.or_equivalent {
                " or equivalent"
            } else {
                ""
            };
            let _ = writeln!(
                o,
                "<li>{}: {}{eq} leaves the game.</li>",
                day(w.date),
                escape(w.formation.as_str())
            );
        }
        o.push_str("</ul>\n");
    }
    if !s.restrictions.is_empty() {
        let _ = writeln!(o, "<h2>Restrictions</h2><ul>");
        for r in &s.restrictions {
            let who = match &r.scope {
                Scope::Formation(f) => f.to_string(),
                Scope::Units(u) => u
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let what = match &r.rule {
                RestrictionRule::NoMoveUntil(d) => format!("cannot move before {}", day(*d)),
                RestrictionRule::HalfMpOn(d) => format!("has ½ MP on {}", day(*d)),
                RestrictionRule::NoCrossing {
                    hexside,
                    north_of_row,
                } => match north_of_row {
                    Some(r) => format!("may not cross {hexside} north of row {r}"),
                    None => format!("may not cross {hexside}"),
                },
            };
            let _ = writeln!(o, "<li>{}: {}</li>", escape(&who), escape(&what));
        }
        o.push_str("</ul>\n");
    }
}

fn air_and_barrage(o: &mut String, s: &Scenario) {
    if s.air.is_empty() && s.barrage.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h2>Air and artillery</h2><ul>");
    for a in &s.air {
        let n = a.choose.map_or(String::new(), |n| format!("any {n} of "));
        let ids: Vec<String> = a.counters.iter().map(|c| c.to_string()).collect();
        let window = match (a.from, a.until) {
            (Some(f), Some(u)) => format!(", {} to {}", day(f), day(u)),
            _ => String::new(),
        };
        let _ = writeln!(
            o,
            "<li>{}: {n}{}{window}</li>",
            escape(a.side.as_str()),
            escape(&ids.join(", "))
        );
    }
    for b in &s.barrage {
        let d: Vec<String> = b.dates.iter().map(|d| day(*d)).collect();
        let _ = writeln!(
            o,
            "<li>{} barrage: {} AU on {}</li>",
            escape(b.side.as_str()),
            b.ammo_units,
            d.join(", ")
        );
    }
    o.push_str("</ul>\n");
}

fn rules(o: &mut String, s: &Scenario) {
    let mut list = super::rules::describe(&s.rules);
    for (g, cm) in &s.fp_groups {
        list.push((
            format!("Fixed Positions of group {g} give +{cm} CM"),
            "R7.2.3",
        ));
    }
    if list.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h2>Special rules</h2><ul>");
    for (what, r) in list {
        let _ = writeln!(
            o,
            "<li>{} <span class=\"ref\">({r})</span></li>",
            escape(&what)
        );
    }
    o.push_str("</ul>\n");
}

fn victory(o: &mut String, s: &Scenario) {
    let _ = writeln!(o, "<h2>Victory conditions</h2>");
    let Some(v) = &s.victory else {
        o.push_str("<p>None given.</p>\n");
        return;
    };
    let scorer = s
        .side(v.scorer.as_str())
        .map_or(v.scorer.to_string(), |x| x.name.clone());
    let _ = writeln!(o, "<p>{} scores victory points:</p><ul>", escape(&scorer));
    for a in &v.points {
        let what = match &a.event {
            VpEvent::CrossRiver(r) => format!("crossing the {r}"),
            VpEvent::ControlPlace(p) => format!("holding {p} at the end"),
            VpEvent::ControlOtherTownHexes => "each other town hex held at the end".into(),
            VpEvent::EnemyUnitEliminated => "each enemy unit eliminated".into(),
            VpEvent::ReserveEntered => "each reserve the enemy calls in".into(),
        };
        let _ = writeln!(o, "<li>{} VP: {}</li>", a.vp, escape(&what));
    }
    o.push_str("</ul><table><tr><th>VP</th><th>Result</th></tr>\n");
    for (i, l) in v.levels.iter().enumerate() {
        let next = v.levels.get(i + 1).and_then(|n| n.min_vp);
        let range = match (l.min_vp, next) {
            (None, Some(n)) => format!("{} or less", n - 1),
            (Some(m), Some(n)) => format!("{m} to {}", n - 1),
            (Some(m), None) => format!("{m} or more"),
            (None, None) => "any".into(),
        };
        let _ = writeln!(o, "<tr><td>{range}</td><td>{}</td></tr>", escape(&l.name));
    }
    o.push_str("</table>\n");
    for a in &v.automatic {
        let side = s
            .side(a.side.as_str())
            .map_or(a.side.to_string(), |x| x.name.clone());
        let when = match a.timing {
            AutoTiming::HeldThroughEnemySupply => {
                "and holds it through the end of the enemy's next Supply phase (the game ends then)"
            }
            AutoTiming::AtEndOfEnemySupply => "at the end of an enemy Supply phase",
        };
        let _ = writeln!(
            o,
            "<p><strong>Automatic victory:</strong> {} wins if it takes {} {when}.</p>",
            escape(&side),
            escape(&a.places.join(", "))
        );
    }
}
