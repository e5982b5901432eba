//! Roads to Leningrad's counters as printed (3.2; where the booklet does not say where a value sits, docs/rtl/counters.md): the type
//! box in the formation's colour (white for an Army unit), a yellow band along the top for
//! No ZOC, attack-defense-MA along the bottom with a red attack for armor, a red defense
//! for heavy AA, the MA black for NM, in a red box for MOT, on an orange circle for HE;
//! artillery prints its support (with "A" when offensive only) and range; the ER by the
//! symbol. The reduced side shows the reduced values; an HQ's back is Spent, artillery's
//! Fired.

use sztab_core::model::described::{Counters, Unit};
use sztab_core::model::{AttrValue, Attrs, Colour, UnitKind};
use sztab_core::render::counter::{CounterFace, Layout, Mark, Printed, Row};
use sztab_seam::counters::{face_of, formation_colour};

use crate::schema::{PLACEMENT, UNIT};

const RED: Colour = Colour([200, 30, 30, 255]);
const ORANGE: Colour = Colour([240, 140, 30, 255]);
const YELLOW: Colour = Colour([245, 215, 40, 255]);
/// An Army unit's type box (no formation).
const WHITE: Colour = Colour([255, 255, 255, 255]);

/// The NATO symbol nearest each type.
fn kind(t: &str) -> UnitKind {
    match t {
        "mot_infantry" | "motorcycle" => UnitKind::MotorizedInfantry,
        "recon" | "armored_car" => UnitKind::Recon,
        "engineer" | "mot_engineer" | "bridge" => UnitKind::Engineer,
        "cavalry" => UnitKind::Cavalry,
        "heavy_aa" => UnitKind::AntiAircraft,
        "anti_tank" => UnitKind::AntiTank,
        "sp_anti_tank" => UnitKind::AssaultGun,
        "field_artillery" | "rocket_artillery" => UnitKind::Artillery,
        "tank" => UnitKind::Armored,
        "hq" | "leader" => UnitKind::Headquarters,
        _ => UnitKind::Infantry,
    }
}

/// The state showing a counter's printed back: Spent for an HQ or Leader, Fired for
/// artillery, reduced for a two-step unit; none for a one-step unit.
pub fn back_state(unit: &Unit) -> Option<Attrs> {
    let a = &unit.attrs;
    let t = UNIT.text(a, "type");
    let key = if t == "hq" || t == "leader" {
        "spent"
    } else if UNIT.int(a, "range") > 0 {
        "fired"
    } else if UNIT.int(a, "steps") == 2 {
        "reduced"
    } else {
        return None;
    };
    Some(Attrs::from([(key.to_owned(), AttrValue::Bool(true))]))
}

/// The face of `unit` in the start state `state`.
pub fn face(counters: &Counters, unit: &Unit, state: &Attrs) -> CounterFace {
    let a = &unit.attrs;
    let int = |k: &str| UNIT.int(a, k);
    let t = UNIT.text(a, "type");
    let back = ["reduced", "fired", "spent"]
        .iter()
        .any(|k| PLACEMENT.bool(state, k));
    let reduced = back && int("steps") == 2;
    let value = |full: &str, less: &str| {
        let v = if reduced && int(less) > 0 {
            int(less)
        } else {
            int(full)
        };
        v.to_string()
    };
    let ma = Printed::marked(
        int("movement").to_string(),
        match UNIT.text(a, "class").as_str() {
            "MOT" => Mark::Box(RED),
            "HE" => Mark::Circle(ORANGE),
            _ => Mark::Plain,
        },
    );
    let defense =
        Printed::plain(value("defense", "defense_reduced")).inked_if(UNIT.bool(a, "heavy_aa"), RED);
    let bottom = match t.as_str() {
        "leader" => vec![ma],
        "air" => vec![
            Printed::plain(UNIT.text(a, "air")),
            Printed::plain(format!("+{}", int("cas"))),
        ],
        "bridge" => Vec::new(),
        "hq" => vec![defense, ma],
        _ if int("support") > 0 => {
            let a_only = if UNIT.bool(a, "offensive_only") {
                "A"
            } else {
                ""
            };
            vec![
                Printed::plain(format!("{}{a_only}", int("support"))),
                Printed::plain(int("range").to_string()),
                defense,
                ma,
            ]
        }
        _ => vec![
            Printed::plain(value("attack", "attack_reduced")).inked_if(UNIT.bool(a, "armor"), RED),
            defense,
            ma,
        ],
    };
    let er = value("er", "er_reduced");
    let layout = Layout {
        bottom: Row::dashed(bottom),
        side: (int("er") > 0).then(|| Printed::marked(er, Mark::Framed)),
        band: UNIT.bool(a, "no_zoc").then_some(YELLOW),
        symbol_fill: Some(formation_colour(counters, unit).unwrap_or(WHITE)),
        symbol_text: match t.as_str() {
            "air" => Some("Air".into()),
            "leader" => Some("Ldr".into()),
            "bridge" => Some("Br".into()),
            _ => None,
        },
        ..Layout::default()
    };
    let mut f = face_of(counters, unit, kind(&t), &UNIT.text(a, "size"), layout);
    f.reduced = back;
    f.markers.disorganized = PLACEMENT.bool(state, "disrupted");
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::io::parse;
    use sztab_core::model::{AttrValue, Source};

    fn counters() -> Counters {
        let text = r##"(system: "rtl", name: "t", nations: [(id: "de", name: "German", colour: "#8f9698", text_colour: "#000000")],
            formations: [(id: "8pz", name: "8 Pz", nation: "de", colour: "#d8c040")],
            units: [
                (id: "pz", designation: "II/10 Pz", nation: "de", formation: "8pz", attrs: {"type": "tank", "size": "II", "attack": 7, "armor": true, "defense": 5, "movement": 10, "class": "MOT", "er": 7, "steps": 2, "attack_reduced": 4, "defense_reduced": 3, "er_reduced": 6}),
                (id: "art", designation: "I/80 Art", nation: "de", attrs: {"type": "field_artillery", "size": "II", "defense": 1, "support": 6, "offensive_only": true, "range": 4, "movement": 6, "class": "HE", "er": 5}),
                (id: "aa", designation: "Flak", nation: "de", attrs: {"type": "heavy_aa", "size": "II", "attack": 2, "defense": 3, "heavy_aa": true, "movement": 6, "class": "NM", "er": 5, "no_zoc": true}),
                (id: "ju", designation: "Ju 87", nation: "de", attrs: {"type": "air", "air": "A", "er": 7, "cas": 2}),
            ])"##;
        parse(&Source::new("", text)).unwrap()
    }

    fn face_of(id: &str, state: &[(&str, bool)]) -> CounterFace {
        let c = counters();
        let u = c.unit(id).unwrap().clone();
        let state: Attrs = state
            .iter()
            .map(|(k, v)| ((*k).to_owned(), AttrValue::Bool(*v)))
            .collect();
        face(&c, &u, &state)
    }

    fn texts(row: &Row) -> Vec<&str> {
        row.values.iter().map(|p| p.text.as_str()).collect()
    }

    #[test]
    fn r3_2_a_tank_prints_a_red_attack_its_ma_in_a_red_box_its_er_and_its_formation_colour() {
        let f = face_of("pz", &[]);
        assert_eq!(texts(&f.layout.bottom), ["7", "5", "10"]);
        assert_eq!(f.layout.bottom.values[0].ink, Some(RED), "armor (3.2)");
        assert_eq!(f.layout.bottom.values[2].mark, Mark::Box(RED), "MOT (3.14)");
        assert_eq!(f.layout.side.as_ref().unwrap().text, "7", "the ER");
        assert_eq!(f.layout.symbol_fill, Some(Colour::rgb(0xd8, 0xc0, 0x40)));
        assert_eq!(f.kind, UnitKind::Armored);
        // Its reduced side (4.13) prints the reduced values.
        let f = face_of("pz", &[("reduced", true)]);
        assert!(f.reduced);
        assert_eq!(texts(&f.layout.bottom), ["4", "3", "10"]);
        assert_eq!(f.layout.side.unwrap().text, "6");
    }

    #[test]
    fn r3_14_r12_artillery_prints_support_with_a_range_and_its_ma_on_an_orange_circle() {
        let f = face_of("art", &[]);
        assert_eq!(texts(&f.layout.bottom), ["6A", "4", "1", "6"]);
        assert_eq!(f.layout.bottom.values[3].mark, Mark::Circle(ORANGE), "HE");
        assert_eq!(f.layout.symbol_fill, Some(WHITE), "an Army unit (4.31)");
        // Fired is its back (3.62).
        assert!(face_of("art", &[("fired", true)]).reduced);
    }

    #[test]
    fn r3_23_no_zoc_is_a_yellow_band_and_heavy_aa_a_red_defense() {
        let f = face_of("aa", &[("disrupted", true)]);
        assert_eq!(f.layout.band, Some(YELLOW));
        assert_eq!(f.layout.bottom.values[1].ink, Some(RED), "88 mm / heavy AA");
        assert_eq!(f.layout.bottom.values[2].mark, Mark::Plain, "NM: black MA");
        assert!(f.markers.disorganized, "Disrupted (3.7)");
    }

    #[test]
    fn an_air_unit_prints_its_type_and_cas_and_no_nato_symbol() {
        let f = face_of("ju", &[]);
        assert_eq!(texts(&f.layout.bottom), ["A", "+2"]);
        assert_eq!(f.layout.symbol_text.as_deref(), Some("Air"));
        assert_eq!(f.layout.label.as_deref(), Some(""), "no size");
    }
}
