//! Compiling a bundle: the examples compile; charts with empty cells the game reads are
//! refused table by table.

use super::{example, example_rules};
use crate::engine::compile;

#[test]
fn both_examples_compile_with_their_invented_charts() {
    let r = example_rules("korsun-example.scenario.ron");
    assert_eq!(r.turns, 3);
    assert_eq!(r.first_turn, 4);
    assert!(r.units.iter().any(|u| u.id == "su-62gd"));
    let two = example_rules("korsun-two-sheets.scenario.ron");
    assert!(two.board.contains(sztab_core::hex::HexId::new(53, 23)));
}

#[test]
fn the_blank_charts_are_refused_naming_each_table_and_its_empty_cells() {
    let mut b = example("korsun-example.scenario.ron");
    let text = include_str!("../../../../../assets/jov/jov.tables.ron");
    let blank =
        sztab_core::model::io::parse(&sztab_core::model::Source::new("blank", text)).unwrap();
    b.tables = Some((blank, "blank".into()));
    let errors = compile(&b).unwrap_err();
    let crt = errors
        .iter()
        .find(|e| e.contains("(crt)"))
        .expect("the CRT is named");
    assert!(crt.contains("132 cells"), "{crt}");
    assert!(
        errors.iter().any(|e| e.contains("\"soviet_cas\"")),
        "{errors:?}"
    );
    let tec = errors
        .iter()
        .find(|e| e.contains("(tec_movement)"))
        .expect("the TEC is named");
    assert!(tec.contains("cells the game needs are empty"), "{tec}");
}

#[test]
fn r4_4_4_a_chit_that_disagrees_with_the_counter_is_refused() {
    let mut b = example("korsun-example.scenario.ron");
    let u = b
        .counters
        .units
        .iter_mut()
        .find(|u| u.id.as_str() == "su-62gd")
        .unwrap();
    u.attrs.insert(
        "strength".into(),
        sztab_core::model::attrs::AttrValue::Int(13),
    );
    let errors = compile(&b).unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("su-62gd") && e.contains("Soviet A")),
        "{errors:?}"
    );
}

#[test]
fn a_switch_for_a_rule_the_engine_does_not_play_is_refused() {
    let mut b = example("korsun-example.scenario.ron");
    b.scenario.rules.insert(
        "continuous_front".into(),
        sztab_core::model::attrs::AttrValue::Bool(true),
    );
    let errors = compile(&b).unwrap_err();
    assert!(errors.iter().any(|e| e.contains("22.1")), "{errors:?}");
}
