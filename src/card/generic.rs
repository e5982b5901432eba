//! The setup card of a generic scenario (every system after WB-95): title and turns,
//! each side's setup by formation with counter pictures, arrivals and departures by
//! turn, the system's switches, victory conditions and the designer's notes.

use std::fmt::Write;

use super::page::{PIC, STYLE, entry};
use crate::markdown::{parse, to_html};
use crate::markup::escape;
use crate::model::generic::{Bundle, Condition};
use crate::render::counter::{COUNTER_SIDE, draw_counter};
use crate::render::svg::SvgSink;
use crate::systems::RuleSystem;

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
    arrivals(&mut o, system, b);
    rules(&mut o, system, b);
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
            "<tr><td>{turn}</td><td><span class=\"pics\">{units}</span></td><td>{}</td><td>{}</td></tr>",
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

/// A victory condition in words.
pub fn describe(b: &Bundle, c: &Condition) -> String {
    let side = |id: &str| {
        b.scenario
            .side(id)
            .map_or(id.to_owned(), |s| s.name.clone())
    };
    match c {
        Condition::Holds { side: s, hexes } => {
            let hs: Vec<String> = hexes.iter().map(|h| h.to_string()).collect();
            format!("{} holds {}", side(s.as_str()), hs.join(", "))
        }
        Condition::HoldsPlace { side: s, place } => format!("{} holds {place}", side(s.as_str())),
        Condition::Eliminated { side: s, at_least } => {
            format!("at least {at_least} {} units eliminated", side(s.as_str()))
        }
        Condition::LosesAtMost { side: s, units } => {
            format!("{} loses at most {units} units", side(s.as_str()))
        }
        Condition::Exited {
            side: s,
            edge,
            at_least,
        } => format!(
            "at least {at_least} {} units exit across the {} edge",
            side(s.as_str()),
            format!("{edge:?}").to_lowercase()
        ),
    }
}

fn victory(o: &mut String, b: &Bundle) {
    let _ = writeln!(o, "<h2>Victory conditions</h2>");
    let Some(v) = &b.scenario.victory else {
        o.push_str("<p>None given.</p>\n");
        return;
    };
    o.push_str("<p>At the end, the first level whose conditions all hold is the result; if none holds, the game is a draw.</p><table><tr><th>Result</th><th>When</th></tr>\n");
    for l in &v.levels {
        let when: Vec<String> = l.all_of.iter().map(|c| describe(b, c)).collect();
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td></tr>",
            escape(&l.name),
            escape(&when.join("; and "))
        );
    }
    o.push_str("</table>\n");
}
