//! PanzerBlitz's counters (Avalon Hill's layout, docs/panzerblitz/counters.md): the attack
//! factor, weapon class and range factor across the top, the defense and movement
//! factors at the bottom corners, the identifier over the symbol. The rulebook shows the
//! fields but not where they sit (its counter diagram survives only as labels), so the
//! layout is the usual one of Avalon Hill's tactical games. Vehicles print a silhouette
//! where the face draws the NATO symbol nearest their type; a dispersed unit shows its
//! back.

use sztab_core::model::described::{Counters, Unit};
use sztab_core::model::{Attrs, UnitKind};
use sztab_core::render::counter::{CounterFace, Layout, Printed, Row};
use sztab_seam::counters::face_of;

use crate::schema::{PLACEMENT_SCHEMA, PbUnit, UnitType};

fn kind(t: Option<UnitType>) -> UnitKind {
    use UnitType::*;
    match t {
        Some(Engineer) => UnitKind::Engineer,
        Some(Cavalry) => UnitKind::Cavalry,
        Some(CommandPost) => UnitKind::Headquarters,
        Some(Gun) => UnitKind::Artillery,
        Some(Tank) => UnitKind::Armored,
        Some(TankDestroyer) => UnitKind::AntiTank,
        Some(SpGun | Spa) => UnitKind::AssaultGun,
        Some(ArmoredCar) => UnitKind::Recon,
        Some(Halftrack) => UnitKind::Mechanized,
        Some(Truck | Wagon) => UnitKind::MotorizedInfantry,
        Some(Fortification | Minefield | Block | Wreck) => UnitKind::Fortification,
        Some(Infantry) | None => UnitKind::Infantry,
    }
}

/// The face of `unit` in the start state `state`.
pub fn face(counters: &Counters, unit: &Unit, state: &Attrs) -> CounterFace {
    let u = PbUnit::of(unit);
    let n = |v: u16| Printed::plain(v.to_string());
    let layout = Layout {
        top: Row::spread(vec![
            n(u.attack),
            Printed::plain(u.class.letter()),
            n(u.range),
        ]),
        bottom: Row::spread(vec![n(u.defense), n(u.movement)]),
        label: Some(unit.designation.clone()),
        symbol_text: match u.kind {
            Some(UnitType::Truck) => Some("Truck".into()),
            Some(UnitType::Wagon) => Some("Wagon".into()),
            _ => None,
        },
        ..Layout::default()
    };
    let mut f = face_of(counters, unit, kind(u.kind), "none", layout);
    f.reduced = PLACEMENT_SCHEMA.bool(state, "dispersed");
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::io::parse;
    use sztab_core::model::{AttrValue, Source};

    #[test]
    fn a_counter_prints_af_class_rf_over_df_and_mf_and_its_back_when_dispersed() {
        let text = r##"(system: "panzerblitz", name: "t", nations: [(id: "german", name: "German", colour: "#8f9698", text_colour: "#000000")],
            units: [(id: "g", designation: "Panther 51", nation: "german", attrs: {"pic": 351, "type": "tank", "attack": 16, "class": "A", "range": 12, "defense": 12, "movement": 10})])"##;
        let c: Counters = parse(&Source::new("", text)).unwrap();
        let u = c.unit("g").unwrap().clone();
        let f = face(&c, &u, &Attrs::new());
        let t = |r: &Row| -> Vec<String> { r.values.iter().map(|p| p.text.clone()).collect() };
        assert_eq!(t(&f.layout.top), ["16", "A", "12"]);
        assert_eq!(t(&f.layout.bottom), ["12", "10"]);
        assert_eq!(f.layout.label.as_deref(), Some("Panther 51"));
        assert_eq!(f.kind, UnitKind::Armored);
        assert!(!f.reduced);
        let dispersed = Attrs::from([("dispersed".to_owned(), AttrValue::Bool(true))]);
        assert!(face(&c, &u, &dispersed).reduced);
    }
}
