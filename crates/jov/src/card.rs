//! The Jaws of Victory's own sections of the setup card: the Turn Record Track (ground
//! condition DRMs, armor reliability, reinforcement flags; 3.1, 5.1, 18.2) and the
//! replacement points by turn (8.1).

use std::fmt::Write;

use super::schema::{REPLACEMENT, TURN};
use sztab_core::markup::escape;
use sztab_core::model::described::Bundle;

pub fn sections(b: &Bundle) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if !b.scenario.turn_track.is_empty() {
        out.push(("Turn Record Track".to_owned(), track(b)));
    }
    if !b.scenario.replacements.is_empty() {
        out.push(("Replacement points".to_owned(), replacements(b)));
    }
    out
}

fn yes(v: bool) -> &'static str {
    if v { "yes" } else { "" }
}

fn track(b: &Bundle) -> String {
    let s = &b.scenario;
    let mut o = String::from(
        "<table><tr><th>Turn</th><th>Ground DRM</th><th>Armor reliability</th><th>Reinforcements</th></tr>\n",
    );
    for t in 1..=s.turns {
        let Some(r) = s.turn_record(t) else { continue };
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{:+}</td><td>{}</td><td>{}</td></tr>",
            escape(&s.turn_label(t)),
            TURN.int(&r.attrs, "ground_drm"),
            yes(TURN.bool(&r.attrs, "reliability")),
            yes(TURN.bool(&r.attrs, "reinforcements")),
        );
    }
    o.push_str("</table>\n");
    o
}

fn replacements(b: &Bundle) -> String {
    let s = &b.scenario;
    let mut o = String::from(
        "<table><tr><th>Turn</th><th>Command</th><th>Infantry RPs</th><th>Armor RPs</th></tr>\n",
    );
    for r in &s.replacements {
        let to = r
            .formation
            .as_ref()
            .map(|f| {
                b.counters
                    .formation(f.as_str())
                    .map_or(f.to_string(), |x| x.name.clone())
            })
            .unwrap_or_else(|| {
                s.side(r.side.as_str())
                    .map_or(r.side.to_string(), |x| x.name.clone())
            });
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&s.turn_label(r.turn)),
            escape(&to),
            REPLACEMENT.int(&r.points, "infantry"),
            REPLACEMENT.int(&r.points, "armor"),
        );
    }
    o.push_str("</table>\n");
    o
}
