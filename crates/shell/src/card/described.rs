//! The setup card of a described scenario (every system after WB-95): title and turns,
//! each side's setup by formation with counter pictures, arrivals and departures by
//! turn, the system's switches, victory conditions and the designer's notes.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

use super::page::{PIC, STYLE, entry};
use sztab_core::markdown::{parse, to_html};
use sztab_core::markup::escape;
use sztab_core::model::SupplySource;
use sztab_core::model::described::{
    Arrival, Bundle, Departure, Formation, Placement, Unit, describe,
};
use sztab_core::render::counter::{COUNTER_SIDE, draw_counter};
use sztab_core::render::svg::SvgSink;
use sztab_seam::RuleSystem;

/// The units, formations and first placements of a bundle by id: every line of the card
/// looks its units up in constant time, so the card is linear in the scenario.
struct Lookup<'a> {
    b: &'a Bundle,
    units: HashMap<&'a str, &'a Unit>,
    formations: HashMap<&'a str, &'a Formation>,
    placements: HashMap<&'a str, &'a Placement>,
}

impl<'a> Lookup<'a> {
    fn of(b: &'a Bundle) -> Self {
        let mut units = HashMap::new();
        for u in &b.counters.units {
            units.entry(u.id.as_str()).or_insert(u);
        }
        let mut formations = HashMap::new();
        for f in &b.counters.formations {
            formations.entry(f.id.as_str()).or_insert(f);
        }
        let mut placements = HashMap::new();
        for p in &b.scenario.setup {
            placements.entry(p.unit.as_str()).or_insert(p);
        }
        Self {
            b,
            units,
            formations,
            placements,
        }
    }

    fn unit(&self, id: &str) -> Option<&'a Unit> {
        self.units.get(id).copied()
    }

    /// A unit's counter as inline SVG.
    fn counter_svg(&self, system: &dyn RuleSystem, id: &str) -> String {
        let Some(u) = self.unit(id) else {
            return String::new();
        };
        let state = self
            .placements
            .get(id)
            .map(|p| p.state.clone())
            .unwrap_or_default();
        let face = system.counter_face(&self.b.counters, u, &state);
        let mut sink = SvgSink::new(PIC / COUNTER_SIDE);
        draw_counter(&mut sink, &face, [0.0, 0.0], COUNTER_SIDE);
        let h = COUNTER_SIDE / 2.0 + 0.02;
        sink.finish([-h, -h], [h, h], PIC, PIC)
    }

    fn unit_name(&self, id: &str) -> String {
        self.unit(id)
            .map_or(id.to_owned(), |u| u.designation.clone())
    }
}

/// The whole page.
pub fn html(system: &dyn RuleSystem, b: &Bundle) -> String {
    let s = &b.scenario;
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        escape(&s.title)
    );
    let _ = writeln!(o, "<h1>{}</h1>", escape(&s.title));
    let first = s
        .side(s.first.as_str())
        .map_or(s.first.to_string(), |x| x.name.clone());
    let _ = writeln!(
        o,
        "<p class=\"meta\">{} — {} turns. Map: {}. {} moves first.</p>",
        escape(system.name()),
        s.turns,
        escape(&b.map.name),
        escape(&first)
    );
    let look = Lookup::of(b);
    setup(&mut o, system, &look);
    off_map(&mut o, system, &look);
    markers(&mut o, b);
    arrivals(&mut o, system, &look);
    supply(&mut o, &look);
    rules(&mut o, system, b);
    for (title, body) in system.card_sections(b) {
        let _ = writeln!(o, "<h2>{}</h2>\n{body}", escape(&title));
    }
    victory(&mut o, b);
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

fn setup(o: &mut String, system: &dyn RuleSystem, look: &Lookup) {
    let s = &look.b.scenario;
    let _ = writeln!(o, "<h2>Setup</h2><div class=\"sides\">");
    for side in &s.sides {
        let _ = writeln!(o, "<section><h3>{}</h3>", escape(&side.name.to_uppercase()));
        let nations: HashSet<&str> = side.nations.iter().map(|n| n.as_str()).collect();
        // The side's placements by formation, the formations in setup order.
        let mut order: Vec<Option<&str>> = Vec::new();
        let mut by_formation: HashMap<Option<&str>, Vec<&Placement>> = HashMap::new();
        for p in &s.setup {
            let Some(u) = look
                .unit(p.unit.as_str())
                .filter(|u| nations.contains(u.nation.as_str()))
            else {
                continue;
            };
            let f = u.formation.as_ref().map(|f| f.as_str());
            let list = by_formation.entry(f).or_default();
            if list.is_empty() {
                order.push(f);
            }
            list.push(p);
        }
        for f in order {
            let title = f
                .and_then(|f| look.formations.get(f))
                .map_or("Other units".to_owned(), |x| x.name.clone());
            let _ = writeln!(o, "<h3>{}</h3>", escape(&title));
            for p in &by_formation[&f] {
                let _ = writeln!(
                    o,
                    "<div class=\"line\"><span class=\"pics\">{}</span><span>{}</span><span class=\"hex\">{}</span></div>",
                    look.counter_svg(system, p.unit.as_str()),
                    escape(&look.unit_name(p.unit.as_str())),
                    p.hex
                );
            }
        }
        let _ = writeln!(o, "</section>");
    }
    let _ = writeln!(o, "</div>");
}

/// Units that start in a box off the map, by box.
fn off_map(o: &mut String, system: &dyn RuleSystem, look: &Lookup) {
    let s = &look.b.scenario;
    if s.off_map.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "<h2>Off the map</h2><table><tr><th>Box</th><th>Units</th></tr>"
    );
    for choice in system.schemas().boxes {
        let units: Vec<_> = s
            .off_map
            .iter()
            .filter(|x| x.in_box == choice.value)
            .collect();
        if units.is_empty() {
            continue;
        }
        let pics: String = units
            .iter()
            .map(|x| look.counter_svg(system, x.unit.as_str()))
            .collect();
        let names: Vec<String> = units
            .iter()
            .map(|x| look.unit_name(x.unit.as_str()))
            .collect();
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td><span class=\"pics\">{pics}</span><br>{}</td></tr>",
            escape(choice.label),
            escape(&names.join(", "))
        );
    }
    o.push_str("</table>\n");
}

/// Markers on the map at the start.
fn markers(o: &mut String, b: &Bundle) {
    let s = &b.scenario;
    if s.markers.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h2>Markers at start</h2><ul>");
    for m in &s.markers {
        let facing = m
            .facing
            .map(|f| format!(", facing {f}"))
            .unwrap_or_default();
        let _ = writeln!(
            o,
            "<li>{} on {}{}</li>",
            escape(&m.kind),
            m.hex,
            escape(&facing)
        );
    }
    o.push_str("</ul>\n");
}

/// Each side's supply sources.
fn supply(o: &mut String, look: &Lookup) {
    let s = &look.b.scenario;
    if s.supply.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h2>Supply sources</h2><ul>");
    for x in &s.supply {
        let side = s
            .side(x.side.as_str())
            .map_or(x.side.to_string(), |d| d.name.clone());
        let at: Vec<String> = x
            .at
            .iter()
            .map(|a| match a {
                SupplySource::Edge(e) => format!("the {} edge", format!("{e:?}").to_lowercase()),
                SupplySource::Place(p) => p.clone(),
                SupplySource::Hex(h) => h.to_string(),
                SupplySource::Hq(u) => format!("HQ {}", look.unit_name(u.as_str())),
            })
            .collect();
        let serves = if x.serves.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = x
                .serves
                .iter()
                .map(|f| {
                    look.formations
                        .get(f.as_str())
                        .map_or(f.to_string(), |f| f.name.clone())
                })
                .collect();
            format!(" — serves {}", names.join(", "))
        };
        let _ = writeln!(
            o,
            "<li>{}: {} at {}{}</li>",
            escape(&side),
            escape(x.name.as_deref().unwrap_or("source")),
            escape(&at.join(", ")),
            escape(&serves)
        );
    }
    o.push_str("</ul>\n");
}

fn arrivals(o: &mut String, system: &dyn RuleSystem, look: &Lookup) {
    let s = &look.b.scenario;
    if s.arrivals.is_empty() && s.departures.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "<h2>Turn track</h2><table><tr><th>Turn</th><th>Arrives</th><th>Enters at</th><th>Leaves</th></tr>"
    );
    // Only the turns something happens on, in order: the card is as long as the schedule,
    // not as the game.
    let mut turns: BTreeMap<u32, (Vec<&Arrival>, Vec<&Departure>)> = BTreeMap::new();
    for a in s
        .arrivals
        .iter()
        .filter(|a| (1..=s.turns).contains(&a.turn))
    {
        turns.entry(a.turn).or_default().0.push(a);
    }
    for d in s
        .departures
        .iter()
        .filter(|d| (1..=s.turns).contains(&d.turn))
    {
        turns.entry(d.turn).or_default().1.push(d);
    }
    // The label of each turn's first record, as `Scenario::turn_label` reads it.
    let labels: HashMap<u32, Option<&str>> = s
        .turn_track
        .iter()
        .rev()
        .map(|r| (r.turn, r.label.as_deref()))
        .collect();
    for (turn, (arriving, departing)) in turns {
        let leaving: Vec<String> = departing
            .iter()
            .flat_map(|d| d.units.iter().map(|u| look.unit_name(u.as_str())))
            .collect();
        if arriving.is_empty() && leaving.is_empty() {
            continue;
        }
        let mut units = String::new();
        let mut at = Vec::new();
        for a in &arriving {
            if let Some(n) = &a.name {
                let _ = write!(units, "<strong>{}</strong><br>", escape(n));
            }
            for u in &a.units {
                units += &look.counter_svg(system, u.as_str());
            }
            let names: Vec<String> = a.units.iter().map(|u| look.unit_name(u.as_str())).collect();
            let _ = write!(units, "<br>{}<br>", escape(&names.join(", ")));
            at.extend(a.entry.iter().map(entry));
        }
        let label = labels
            .get(&turn)
            .copied()
            .flatten()
            .map_or_else(|| turn.to_string(), str::to_owned);
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td><span class=\"pics\">{units}</span></td><td>{}</td><td>{}</td></tr>",
            escape(&label),
            escape(&at.join(", ")),
            escape(&leaving.join(", "))
        );
    }
    o.push_str("</table>\n");
}

fn rules(o: &mut String, system: &dyn RuleSystem, b: &Bundle) {
    let schema = system.schemas().scenario;
    if schema.fields.is_empty() {
        return;
    }
    let _ = writeln!(o, "<h2>Special rules</h2><ul>");
    for f in schema.fields {
        if let Some(v) = schema.get(&b.scenario.rules, f.key) {
            let _ = writeln!(
                o,
                "<li>{}: {} <span class=\"ref\">({})</span></li>",
                escape(f.label),
                escape(&v.to_string()),
                escape(f.help)
            );
        }
    }
    o.push_str("</ul>\n");
}

fn victory(o: &mut String, b: &Bundle) {
    let _ = writeln!(o, "<h2>Victory conditions</h2>");
    let Some(v) = &b.scenario.victory else {
        o.push_str("<p>None given.</p>\n");
        return;
    };
    o.push_str("<p>At the end, the first level whose conditions all hold is the result; if none holds, the game is a draw.</p><table><tr><th>Result</th><th>When</th></tr>\n");
    for l in &v.levels {
        let mut when: Vec<String> = l.all_of.iter().map(|c| describe(b, c)).collect();
        if when.is_empty() {
            when.push("no level above holds".into());
        }
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td></tr>",
            escape(&l.name),
            escape(&format!(
                "{}{}",
                when.join("; and "),
                if l.sudden {
                    " (sudden victory: checked every turn)"
                } else {
                    ""
                }
            ))
        );
    }
    o.push_str("</table>\n");
    points(o, b, &v.points);
}

/// The victory-point schedule.
fn points(o: &mut String, b: &Bundle, points: &[sztab_core::model::described::Points]) {
    use sztab_core::model::described::Scoring;
    if points.is_empty() {
        return;
    }
    let side = |id: &str| {
        b.scenario
            .side(id)
            .map_or(id.to_owned(), |s| s.name.clone())
    };
    o.push_str("<h3>Victory points</h3><table><tr><th>Side</th><th>VP</th><th>For</th><th>Turns</th></tr>\n");
    for p in points {
        let what = match &p.scoring {
            Scoring::Hex(h) => format!("holding {h}"),
            Scoring::Place(x) => format!("holding {x}"),
            Scoring::StepLost { side: s } => format!("each step {} loses", side(s.as_str())),
            Scoring::Eliminated { side: s, unit_type } => match unit_type {
                Some(t) => format!("each {} {t} unit eliminated", side(s.as_str())),
                None => format!("each {} unit eliminated", side(s.as_str())),
            },
            Scoring::Exited { side: s, edge } => format!(
                "each {} unit leaving across the {} edge",
                side(s.as_str()),
                format!("{edge:?}").to_lowercase()
            ),
        };
        let turns = match (p.from_turn, p.to_turn) {
            (None, None) => "all".to_owned(),
            (f, t) => format!(
                "{}-{}",
                f.map_or("1".into(), |t| b.scenario.turn_label(t)),
                t.map_or(b.scenario.turns.to_string(), |t| b.scenario.turn_label(t))
            ),
        };
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{:+}</td><td>{}</td><td>{}</td></tr>",
            escape(&side(p.side.as_str())),
            p.value,
            escape(&what),
            escape(&turns)
        );
    }
    o.push_str("</table>\n");
}
