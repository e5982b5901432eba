//! The Jaws of Victory's counters as printed (4.1-4.5; where the rulebook does not say
//! where a value sits, docs/jov/counters.md): strength and MA along the bottom, the
//! strength in parentheses when the unit only defends, a multi-step unit's Combat Class
//! and most steps in its place ("A5"), artillery's OBS with its DBS in parentheses; the
//! armor superiority dots (white, black) and the red star down the right edge; an SDM's
//! capacity and its Frozen/Mud range increments. A unit starting with fewer steps than its
//! most, Fired or Out of Ammo shows its back.

use sztab_core::model::described::{Counters, Unit};
use sztab_core::model::{AttrValue, Attrs, Colour, UnitKind};
use sztab_core::render::counter::{CounterFace, Emblem, Layout, Mark, Printed, Row};
use sztab_seam::counters::{face_of, formation_colour};

use crate::schema::{PLACEMENT, UNIT};

const WHITE: Colour = Colour([255, 255, 255, 255]);
const BLACK: Colour = Colour([20, 20, 20, 255]);
const RED: Colour = Colour([210, 30, 30, 255]);

fn kind(t: &str) -> UnitKind {
    match t {
        "airborne" => UnitKind::Airborne,
        "cavalry" => UnitKind::Cavalry,
        "engineer"
        | "construction_engineer"
        | "mot_engineer"
        | "assault_engineer"
        | "bridge_engineer" => UnitKind::Engineer,
        "mot_infantry" => UnitKind::MotorizedInfantry,
        "mech_infantry" => UnitKind::Mechanized,
        "recon" => UnitKind::Recon,
        "artillery"
        | "heavy_artillery"
        | "super_heavy_artillery"
        | "mortar"
        | "rocket_artillery"
        | "sp_artillery" => UnitKind::Artillery,
        "anti_tank" => UnitKind::AntiTank,
        "anti_air" => UnitKind::AntiAircraft,
        "armor" => UnitKind::Armored,
        _ => UnitKind::Infantry,
    }
}

/// The bottom row: what the counter prints of its strength and MA.
fn bottom(a: &Attrs) -> Vec<Printed> {
    let int = |k: &str| UNIT.int(a, k);
    let ma = Printed::plain(int("movement").to_string());
    let t = UNIT.text(a, "type");
    if t == "sdm" {
        let range = format!("{}/{}", int("range_frozen"), int("range_mud"));
        return vec![
            Printed::plain(int("capacity").to_string()),
            Printed::plain(range),
        ];
    }
    if int("obs") > 0 || int("dbs") > 0 {
        return vec![
            Printed::plain(format!("{} ({})", int("obs"), int("dbs"))),
            ma,
        ];
    }
    let chit = UNIT.text(a, "chit");
    let strength = if chit != "none" && !chit.is_empty() {
        format!("{chit}{}", int("steps"))
    } else if UNIT.bool(a, "defence_only") {
        format!("({})", int("strength"))
    } else {
        int("strength").to_string()
    };
    vec![Printed::plain(strength), ma]
}

/// The state showing a counter's printed back: fired for artillery, one step for a
/// two-step unit without a strength chit; none otherwise.
pub fn back_state(unit: &Unit) -> Option<Attrs> {
    let a = &unit.attrs;
    let chit = UNIT.text(a, "chit");
    let (key, value) = if UNIT.text(a, "type") == "artillery" {
        ("fired", AttrValue::Bool(true))
    } else if UNIT.int(a, "steps") == 2 && (chit.is_empty() || chit == "none") {
        ("steps", AttrValue::Int(1))
    } else {
        return None;
    };
    Some(Attrs::from([(key.to_owned(), value)]))
}

/// The most dots of a kind a counter prints (the unit schema's `white_dots`, `black_dots`).
const MAX_DOTS: i64 = 5;

/// The face of `unit` in the start state `state`.
pub fn face(counters: &Counters, unit: &Unit, state: &Attrs) -> CounterFace {
    let a = &unit.attrs;
    let int = |k: &str| UNIT.int(a, k);
    let t = UNIT.text(a, "type");
    // As many dots as the schema allows (0 to 5): the card and the map draw any counter
    // file, checked or not, and a count of 9223372036854775807 dots is no picture.
    let dots = |k: &str| usize::try_from(int(k).clamp(0, MAX_DOTS)).unwrap_or(0);
    let mut emblems = vec![Emblem::Dot(WHITE); dots("white_dots")];
    emblems.extend(vec![Emblem::Dot(BLACK); dots("black_dots")]);
    if UNIT.bool(a, "star") {
        emblems.push(Emblem::Star(RED));
    }
    let layout = Layout {
        bottom: Row::dashed(bottom(a)),
        side: (int("barrage_range") > 0)
            .then(|| Printed::marked(int("barrage_range").to_string(), Mark::Framed)),
        emblems,
        symbol_fill: formation_colour(counters, unit),
        symbol_text: (t == "sdm").then(|| "SDM".into()),
        ..Layout::default()
    };
    let mut f = face_of(counters, unit, kind(&t), &UNIT.text(a, "size"), layout);
    let steps = PLACEMENT.int(state, "steps");
    f.reduced = (steps > 0 && steps < int("steps"))
        || PLACEMENT.bool(state, "fired")
        || PLACEMENT.bool(state, "out_of_ammo");
    f.markers.disorganized = PLACEMENT.bool(state, "disorganized");
    f.markers.oos = match PLACEMENT.text(state, "supply").as_str() {
        "oos1" => 1,
        "oos2" => 2,
        _ => 0,
    };
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::io::parse;
    use sztab_core::model::{AttrValue, Source};

    fn face_of(id: &str, state: Attrs) -> CounterFace {
        let text = r##"(system: "jov", name: "t", nations: [(id: "su", name: "Soviet", colour: "#b04030", text_colour: "#ffffff")],
            units: [
                (id: "div", designation: "62 Gds Rifle", nation: "su", attrs: {"type": "infantry", "size": "XX", "strength": 12, "movement": 5, "steps": 4, "chit": "A"}),
                (id: "alarm", designation: "Alarm", nation: "su", attrs: {"type": "alarm", "size": "none", "strength": 2, "defence_only": true, "movement": 0, "steps": 1}),
                (id: "art", designation: "Army Art", nation: "su", attrs: {"type": "artillery", "size": "III", "obs": 6, "dbs": 4, "barrage_range": 5, "movement": 4, "steps": 1}),
                (id: "tk", designation: "T-34", nation: "su", attrs: {"type": "armor", "size": "X", "strength": 8, "movement": 8, "steps": 2, "white_dots": 2, "star": true}),
                (id: "fuzz", designation: "T-34", nation: "su", attrs: {"type": "armor", "size": "X", "white_dots": 9223372036854775807, "black_dots": -1}),
            ])"##;
        let c: Counters = parse(&Source::new("", text)).unwrap();
        let u = c.unit(id).unwrap().clone();
        face(&c, &u, &state)
    }

    fn texts(f: &CounterFace) -> Vec<String> {
        f.layout
            .bottom
            .values
            .iter()
            .map(|p| p.text.clone())
            .collect()
    }

    #[test]
    fn r4_4_4_a_multi_step_unit_prints_its_combat_class_and_steps() {
        let f = face_of("div", Attrs::new());
        assert_eq!(texts(&f), ["A4", "5"]);
        assert_eq!(f.size, sztab_core::model::UnitSize::Division);
        // Fewer steps than its most: its back.
        let state = Attrs::from([("steps".to_owned(), AttrValue::Int(3))]);
        assert!(face_of("div", state).reduced);
    }

    #[test]
    fn r4_4_a_defence_only_strength_is_in_parentheses() {
        assert_eq!(texts(&face_of("alarm", Attrs::new())), ["(2)", "0"]);
    }

    #[test]
    fn r12_10_artillery_prints_obs_dbs_and_its_range() {
        let f = face_of("art", Attrs::new());
        assert_eq!(texts(&f), ["6 (4)", "4"]);
        assert_eq!(f.layout.side.unwrap().text, "5");
    }

    #[test]
    fn r4_5_armor_superiority_dots_and_the_red_star_run_down_the_edge() {
        let f = face_of("tk", Attrs::new());
        assert_eq!(
            f.layout.emblems,
            [Emblem::Dot(WHITE), Emblem::Dot(WHITE), Emblem::Star(RED)]
        );
    }

    /// tests/fuzz.rs (issue 36): `white_dots: 9223372036854775807` in a counters file made
    /// the setup card ask for that many dots (a capacity overflow). A counter prints at most
    /// the schema's 5 dots of a kind, whatever the file says.
    #[test]
    fn dots_out_of_the_schema_are_drawn_within_it() {
        let f = face_of("fuzz", Attrs::new());
        assert_eq!(f.layout.emblems, [Emblem::Dot(WHITE); 5]);
    }
}
