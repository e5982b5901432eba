//! The setup card of a generic scenario (every system after WB-95): title and turns,
//! each side's setup by formation with counter pictures, arrivals and departures by
//! turn, the system's switches, victory conditions and the designer's notes.

use std::fmt::Write;

use super::page::{PIC, STYLE, entry};
use sztab_core::markdown::{parse, to_html};
use sztab_core::markup::escape;
use sztab_core::model::SupplySource;
use sztab_core::model::generic::{Bundle, describe};
use sztab_core::render::counter::{COUNTER_SIDE, draw_counter};
use sztab_core::render::svg::SvgSink;
use sztab_seam::RuleSystem;

/// A unit's counter as inline SVG.
fn counter_svg(system: &dyn RuleSystem, b: &Bundle, id: &str) -> String {
    let Some(u) = b.counters.unit(id) else {
        return String::new();
    };
    let state = b
        .scenario
        .placement(id)
        .map(|p| p.state.clone())
        .unwrap_or_default();
    let face = system.counter_face(&b.counters, u, &state);
    let mut sink = SvgSink::new(PIC / COUNTER_SIDE);
    draw_counter(&mut sink, &face, [0.0, 0.0], COUNTER_SIDE);
    let h = COUNTER_SIDE / 2.0 + 0.02;
    sink.finish([-h, -h], [h, h], PIC, PIC)
}

fn unit_name(b: &Bundle, id: &str) -> String {
    b.counters
        .unit(id)
        .map_or(id.to_owned(), |u| u.designation.clone())
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
    setup(&mut o, system, b);
    off_map(&mut o, system, b);
    markers(&mut o, b);
    arrivals(&mut o, system, b);
    supply(&mut o, b);
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

fn setup(o: &mut String, system: &dyn RuleSystem, b: &Bundle) {
    let s = &b.scenario;
    let _ = writeln!(o, "<h2>Setup</h2><div class=\"sides\">");
    for side in &s.sides {
        let _ = writeln!(o, "<section><h3>{}</h3>", escape(&side.name.to_uppercase()));
        let mine: Vec<_> = s
            .setup
            .iter()
            .filter(|p| {
                b.counters
                    .unit(p.unit.as_str())
                    .is_some_and(|u| side.nations.contains(&u.nation))
            })
            .collect();
        let mut formations: Vec<Option<String>> = Vec::new();
        for p in &mine {
            let f = b
                .counters
                .unit(p.unit.as_str())
                .and_then(|u| u.formation.as_ref().map(|f| f.to_string()));
            if !formations.contains(&f) {
                formations.push(f);
            }
        }
        for f in formations {
            let title = f
                .as_deref()
                .and_then(|f| b.counters.formation(f))
                .map_or("Other units".to_owned(), |x| x.name.clone());
            let _ = writeln!(o, "<h3>{}</h3>", escape(&title));
            for p in mine.iter().filter(|p| {
                b.counters
                    .unit(p.unit.as_str())
                    .and_then(|u| u.formation.as_ref().map(|x| x.to_string()))
                    == f
            }) {
                let _ = writeln!(
                    o,
                    "<div class=\"line\"><span class=\"pics\">{}</span><span>{}</span><span class=\"hex\">{}</span></div>",
                    counter_svg(system, b, p.unit.as_str()),
                    escape(&unit_name(b, p.unit.as_str())),
                    p.hex
                );
            }
        }
        let _ = writeln!(o, "</section>");
    }
    let _ = writeln!(o, "</div>");
}

/// Units that start in a box off the map, by box.
fn off_map(o: &mut String, system: &dyn RuleSystem, b: &Bundle) {
    let s = &b.scenario;
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
            .map(|x| counter_svg(system, b, x.unit.as_str()))
            .collect();
        let names: Vec<String> = units
            .iter()
            .map(|x| unit_name(b, x.unit.as_str()))
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
fn supply(o: &mut String, b: &Bundle) {
    let s = &b.scenario;
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
                SupplySource::Hq(u) => format!("HQ {}", unit_name(b, u.as_str())),
            })
            .collect();
        let serves = if x.serves.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = x
                .serves
                .iter()
                .map(|f| {
                    b.counters
                        .formation(f.as_str())
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

fn arrivals(o: &mut String, system: &dyn RuleSystem, b: &Bundle) {
    let s = &b.scenario;
    if s.arrivals.is_empty() && s.departures.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "<h2>Turn track</h2><table><tr><th>Turn</th><th>Arrives</th><th>Enters at</th><th>Leaves</th></tr>"
    );
    for turn in 1..=s.turns {
        let arriving: Vec<_> = s.arrivals.iter().filter(|a| a.turn == turn).collect();
        let leaving: Vec<String> = s
            .departures
            .iter()
            .filter(|d| d.turn == turn)
            .flat_map(|d| d.units.iter().map(|u| unit_name(b, u.as_str())))
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
                units += &counter_svg(system, b, u.as_str());
            }
            let names: Vec<String> = a.units.iter().map(|u| unit_name(b, u.as_str())).collect();
            let _ = write!(units, "<br>{}<br>", escape(&names.join(", ")));
            at.extend(a.entry.iter().map(entry));
        }
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td><span class=\"pics\">{units}</span></td><td>{}</td><td>{}</td></tr>",
            escape(&s.turn_label(turn)),
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
fn points(o: &mut String, b: &Bundle, points: &[sztab_core::model::generic::Points]) {
    use sztab_core::model::generic::Scoring;
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
