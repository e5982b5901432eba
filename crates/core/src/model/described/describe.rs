//! Victory conditions in words, as the setup card and the rules' refusals say them.

use super::{Bundle, Condition};

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
        Condition::Eliminated {
            side: s,
            at_least,
            weights,
        } => {
            let counts: Vec<String> = weights
                .iter()
                .map(|(t, w)| format!("a {t} counts {w}"))
                .collect();
            let counts = if counts.is_empty() {
                String::new()
            } else {
                format!(" ({})", counts.join(", "))
            };
            format!(
                "at least {at_least} {} units eliminated{counts}",
                side(s.as_str())
            )
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
            edge.name()
        ),
        Condition::ExitedAtMost {
            side: s,
            edge,
            units,
        } => format!(
            "at most {units} {} units exit across the {} edge",
            side(s.as_str()),
            edge.name()
        ),
        Condition::Points { side: s, at_least } => {
            format!("{} has at least {at_least} VP", side(s.as_str()))
        }
        Condition::PointsAtMost { side: s, at_most } => {
            format!("{} has at most {at_most} VP", side(s.as_str()))
        }
        Condition::InZone {
            side: s,
            zone,
            at_least,
        } => format!(
            "at least {at_least} {} units in {}",
            side(s.as_str()),
            zone.describe()
        ),
        Condition::InZoneAtMost {
            side: s,
            zone,
            at_most,
        } => format!(
            "at most {at_most} {} units in {}",
            side(s.as_str()),
            zone.describe()
        ),
        Condition::LossRatio { side: s, at_least } => format!(
            "the enemy loses at least {at_least} units for each unit {} loses",
            side(s.as_str())
        ),
        Condition::ZoneRatio {
            side: s,
            zone,
            at_least,
        } => format!(
            "{} has at least {at_least} units in {} for each enemy unit there",
            side(s.as_str()),
            zone.describe()
        ),
        Condition::Advance {
            side: s,
            toward,
            hexes,
        } => format!(
            "a {} unit stands {hexes} or more hexes toward the {} edge",
            side(s.as_str()),
            toward.name()
        ),
        Condition::FireChain { side: s, from, to } => format!(
            "the hexes {} can fire into link the {} edge to the {} edge",
            side(s.as_str()),
            from.name(),
            to.name()
        ),
        Condition::FireCorridor {
            side: s,
            from,
            to,
            width,
        } => format!(
            "a corridor {width} hexes wide runs from the {} edge to the {} edge outside the fire of {}'s enemy",
            from.name(),
            to.name(),
            side(s.as_str())
        ),
    }
}
