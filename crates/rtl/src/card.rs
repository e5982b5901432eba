//! Roads to Leningrad's own sections of the setup card: the Weather Boxes of the turn
//! track (5.11) and each side's Activation Markers (4.35, 7.33).

use std::fmt::Write;

use super::schema::{FORMATION, TURN};
use sztab_core::markup::escape;
use sztab_core::model::described::Bundle;

pub fn sections(b: &Bundle) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if !b.scenario.turn_track.is_empty() {
        out.push(("Weather Boxes".to_owned(), weather(b)));
    }
    let ams = markers(b);
    if !ams.is_empty() {
        out.push(("Activation Markers".to_owned(), ams));
    }
    out
}

/// "1-6" or "—" for an empty range.
fn rolls(lo: i64, hi: i64) -> String {
    match (lo, hi) {
        (lo, hi) if lo > hi => "—".into(),
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, hi) => format!("{lo}-{hi}"),
    }
}

fn weather(b: &Bundle) -> String {
    let s = &b.scenario;
    let mut o = String::from(
        "<p>The German player rolls a d10 against the turn's Weather Box, with no DRMs (5.11); * marks the historical weather.</p><table><tr><th>Turn</th><th>Dry</th><th>Cloudy</th><th>Rain</th></tr>\n",
    );
    for t in 1..=s.turns {
        let Some(r) = s.turn_record(t) else { continue };
        // The card draws any file, checked or not: a Weather Box beyond the d10's faces
        // reads as the whole die (found by the fuzz run of 2026-11-29, `cloudy_to:
        // 9223372036854775807` overflowed).
        let (dry, cloudy) = (
            TURN.int(&r.attrs, "dry_to").clamp(0, 10),
            TURN.int(&r.attrs, "cloudy_to").clamp(0, 10),
        );
        let hist = TURN.text(&r.attrs, "historical");
        let star = |w: &str| if hist == w { "*" } else { "" };
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}{}</td><td>{}{}</td><td>{}{}</td></tr>",
            escape(&s.turn_label(t)),
            rolls(1, dry),
            star("dry"),
            rolls(dry + 1, cloudy),
            star("cloudy"),
            rolls(cloudy.max(dry) + 1, 10),
            star("rain"),
        );
    }
    o.push_str("</table>\n");
    o
}

fn markers(b: &Bundle) -> String {
    let mut rows = String::new();
    for f in &b.counters.formations {
        let n = FORMATION.int(&f.attrs, "markers");
        if n == 0 {
            continue;
        }
        let side = b
            .scenario
            .side_of_nation(f.nation.as_str())
            .map_or(String::new(), |s| s.name.clone());
        let _ = writeln!(
            rows,
            "<tr><td>{}</td><td>{}</td><td>{n}</td><td>{}</td></tr>",
            escape(&side),
            escape(&f.name),
            FORMATION.int(&f.attrs, "combination")
        );
    }
    if rows.is_empty() {
        return rows;
    }
    format!(
        "<table><tr><th>Side</th><th>Formation</th><th>AMs</th><th>Combination Value</th></tr>\n{rows}</table>\n"
    )
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::schema::SCHEMAS;
    use sztab_core::model::AttrValue;

    /// The fuzz run's reproducer: a Weather Box of `i64::MAX` overflowed drawing the
    /// card; it reads as the whole d10 now, and a negative one as none of it.
    #[test]
    fn weather_boxes_beyond_the_die_are_drawn_as_the_whole_die() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/rtl/soltsy-example.scenario.ron");
        let mut b = Bundle::load(&path, &SCHEMAS).expect("the example loads").0;
        let track = &mut b.scenario.turn_track;
        for (t, dry, cloudy) in [(0, 4, i64::MAX), (1, i64::MIN, -3)] {
            track[t].attrs.insert("dry_to".into(), AttrValue::Int(dry));
            track[t]
                .attrs
                .insert("cloudy_to".into(), AttrValue::Int(cloudy));
        }
        // The stars mark the example's historical weather: not what is checked here.
        let html = weather(&b).replace('*', "");
        assert!(
            html.contains("<td>1-4</td><td>5-10</td><td>—</td>"),
            "{html}"
        );
        assert!(html.contains("<td>—</td><td>—</td><td>1-10</td>"), "{html}");
    }
}
