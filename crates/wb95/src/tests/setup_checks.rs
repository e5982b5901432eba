//! The engine's setup checks of §10 (docs/wb95/setup-checks.md), one test or more each.

use crate::prepared::Prepared;
use crate::sandbox::Sandbox;
use crate::setup_check;
use sztab_core::hex::HexId;
use sztab_core::model::{
    ArtillerySetup, Edition, Entry, FormationKind, MovementClass, Mp, Severity, UnitKind, Victory,
    VictoryLevel,
};

fn found(s: &Sandbox) -> Vec<(&'static str, Severity)> {
    let p = Prepared::new(&s.bundle);
    let mut v: Vec<_> = setup_check::check(&s.bundle, &p)
        .into_iter()
        .map(|p| (p.code, p.severity))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn has(s: &Sandbox, code: &str, sev: Severity) -> bool {
    found(s).contains(&(code, sev)) || found(s).iter().any(|(c, v)| *c == code && *v == sev)
}

fn base() -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("g", "german", "0203");
    s.unit("d", "soviet", "0908");
    s
}

#[test]
fn a_clean_position_has_no_setup_problem() {
    assert!(found(&base()).is_empty(), "{:?}", found(&base()));
}

#[test]
fn p01_stacking_over_eight_cel_at_setup_is_an_error_and_refuses_the_game() {
    let mut s = base();
    for i in 0..4 {
        s.unit(&format!("x{i}"), "german", "0203");
    }
    assert!(has(&s, "P01", Severity::Error));
    let refused = s.game(1).unwrap_err();
    assert!(
        refused
            .problems
            .iter()
            .any(|p| p.code == "P01" && p.rule == Some("R3.2.1"))
    );
}

#[test]
fn p02_both_sides_on_one_hex() {
    let mut s = base();
    s.unit("intruder", "soviet", "0203");
    assert!(has(&s, "P02", Severity::Error));
}

#[test]
fn p03_units_on_terrain_they_cannot_enter() {
    let mut s = base();
    s.terrain("0505", "clear", &["swamp"]);
    s.armor("tank", "german", "0505", 5, 7);
    assert!(has(&s, "P03", Severity::Error));
    let mut ok = base();
    ok.terrain("0505", "clear", &["swamp"])
        .road("0505", "0605", "main");
    ok.armor("tank", "german", "0505", 5, 7);
    ok.hq("hq", "german", "0505");
    assert!(
        !has(&ok, "P03", Severity::Error),
        "a road leads in; HQs enter swamp"
    );
}

#[test]
fn p05_a_unit_on_a_hex_its_side_does_not_control() {
    let mut s = base();
    s.bundle
        .scenario
        .control
        .insert(HexId::parse("0203").unwrap(), "soviet".into());
    assert!(has(&s, "P05", Severity::Warning));
}

#[test]
fn p06_towed_units_without_a_setup_state() {
    let mut s = base();
    s.gun("gun", "german", "0204", 4, 2);
    s.placement("gun").unwrap().artillery = None;
    assert!(has(&s, "P06", Severity::Warning));
    s.placement("gun").unwrap().artillery = Some(ArtillerySetup::Combat);
    assert!(!has(&s, "P06", Severity::Warning));
}

#[test]
fn p07_a_resilience_group_never_arrives() {
    let mut s = base();
    let rg = s.counter("rg", "german");
    rg.kind = UnitKind::Resilience;
    rg.movement = MovementClass::Static;
    rg.mp = Mp::ZERO;
    s.arrives(2, vec![Entry::Hex(HexId::parse("0105").unwrap())], &["rg"]);
    assert!(has(&s, "P07", Severity::Error));
}

#[test]
fn p08_units_starting_in_an_enemy_zoc() {
    let mut s = base();
    s.unit("close", "soviet", "0303");
    assert!(has(&s, "P08", Severity::Warning));
}

#[test]
fn f01_f02_no_field_fortification_on_swamp() {
    let mut s = base();
    s.terrain("0203", "clear", &["swamp"]);
    s.placement("g").unwrap().fortified = true;
    assert!(has(&s, "F01", Severity::Error));
    let mut s = base();
    s.terrain("0203", "clear", &["swamp"]);
    s.bundle.scenario.sides[0].fortified = true;
    assert!(has(&s, "F02", Severity::Warning));
}

#[test]
fn s03_s04_s05_dates_and_edition() {
    let mut s = base();
    s.bundle.scenario.stated_days = Some(20);
    assert!(has(&s, "S03", Severity::Warning));
    let mut s = base();
    s.counter("late", "german");
    s.arrives(
        9,
        vec![Entry::Hex(HexId::parse("0105").unwrap())],
        &["late"],
    );
    assert!(has(&s, "S04", Severity::Error));
    let mut s = base();
    s.bundle.scenario.edition = Edition::Generic;
    s.bundle
        .terrain
        .field_fortification
        .as_mut()
        .unwrap()
        .urban_cm = None;
    s.bundle.scenario.rules.fortified_lines = true;
    assert!(has(&s, "S05", Severity::Error));
}

#[test]
fn u04_hq_towed_and_rg_values() {
    let mut s = base();
    s.hq("hq", "german", "0204").cel = 2;
    assert!(has(&s, "U04", Severity::Error));
    let mut s = base();
    s.gun("gun", "german", "0204", 4, 2).defense = None;
    assert!(has(&s, "U04", Severity::Error));
}

#[test]
fn u06_a_morale_class_the_nation_does_not_give() {
    let mut s = base();
    s.bundle.counters.nations[0].morale.elite = None;
    s.unit("ss", "german", "0204").flags.ss = true;
    assert!(has(&s, "U06", Severity::Warning));
}

#[test]
fn u07_a_concentration_formation_with_fewer_than_three_units() {
    let mut s = base();
    s.formation("D", "german", FormationKind::Division);
    s.unit("d1", "german", "0204").formation = Some("D".into());
    assert!(has(&s, "U07", Severity::Warning));
}

#[test]
fn u08_u09_stars_on_towed_units_and_panther_flags() {
    let mut s = base();
    s.gun("gun", "german", "0204", 4, 2).stars = vec![sztab_core::model::Star::White];
    assert!(has(&s, "U08", Severity::Warning));
    let mut s = base();
    s.unit("inf", "german", "0204").flags.panther = true;
    assert!(has(&s, "U09", Severity::Error));
}

#[test]
fn r02_r03_r04_entry_hexes() {
    let mut s = base();
    s.terrain("0105", "mountain", &[]);
    s.armor("late", "german", "0204", 5, 7);
    s.bundle
        .scenario
        .setup
        .retain(|p| p.unit.as_str() != "late");
    s.arrives(
        2,
        vec![Entry::Hex(HexId::parse("0105").unwrap())],
        &["late"],
    );
    assert!(has(&s, "R02", Severity::Error));
    let mut s = base();
    s.counter("late", "german");
    s.arrives(
        2,
        vec![Entry::Hex(HexId::parse("1005").unwrap())],
        &["late"],
    );
    assert!(has(&s, "R03", Severity::Warning));
    let mut s = base();
    let names: Vec<String> = (0..13).map(|i| format!("r{i}")).collect();
    for n in &names {
        s.counter(n, "german");
    }
    let refs: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
    s.arrives(2, vec![Entry::Hex(HexId::parse("0105").unwrap())], &refs);
    assert!(has(&s, "R04", Severity::Warning));
}

#[test]
fn v02_a_gap_below_the_first_victory_level() {
    let mut s = base();
    s.bundle.scenario.victory = Some(Victory {
        scorer: "german".into(),
        points: vec![],
        levels: vec![VictoryLevel {
            name: "German win".into(),
            winner: "german".into(),
            min_vp: Some(5),
        }],
        automatic: vec![],
    });
    assert!(has(&s, "V02", Severity::Warning));
}

#[test]
fn the_fixture_scenario_passes_the_setup_checks() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/fixtures/mini.scenario.ron");
    let (b, _) = sztab_core::model::Bundle::load(&path).unwrap();
    let p = Prepared::new(&b);
    let problems = setup_check::check(&b, &p);
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
}

#[test]
fn l01_a_side_needs_a_supply_source_on_the_map() {
    let mut s = base();
    s.bundle.scenario.sides[0].supply = vec![sztab_core::model::SupplySource::Hq("nobody".into())];
    assert!(has(&s, "L01", Severity::Error));
    let mut s = base();
    s.hq("hq", "soviet", "1010");
    s.bundle.scenario.sides[0].supply = vec![sztab_core::model::SupplySource::Hq("hq".into())];
    assert!(has(&s, "L01", Severity::Error), "an enemy HQ is no source");
}

#[test]
fn l02_units_that_start_without_a_line_of_supply_are_listed() {
    let mut s = base();
    s.unit("deep", "german", "0908");
    assert!(
        found(&s).contains(&("L02", Severity::Warning)),
        "{:?}",
        found(&s)
    );
    assert!(!found(&base()).iter().any(|(c, _)| *c == "L02"));
}

#[test]
fn l04_l05_units_set_up_out_of_supply_that_trace_or_must_surrender() {
    let codes = |s: &Sandbox| -> Vec<&'static str> {
        found(s)
            .into_iter()
            .filter(|(c, _)| c.starts_with('L'))
            .map(|(c, _)| c)
            .collect()
    };
    let mut s = base();
    s.unit("deep", "german", "0903");
    assert_eq!(codes(&s), ["L02"]);
    // Declared out of supply, it is not reported as starting out of supply by accident.
    s.placement("deep").unwrap().out_of_supply = 3;
    assert!(codes(&s).is_empty(), "{:?}", found(&s));
    s.placement("deep").unwrap().out_of_supply = 12;
    assert!(has(&s, "L05", Severity::Warning));
    // One that traces loses 4 levels at its first Supply phase.
    let mut s = base();
    s.placement("g").unwrap().out_of_supply = 2;
    assert!(has(&s, "L04", Severity::Warning));
    assert!(s.game(1).is_ok(), "warnings only");
}

#[test]
fn p12_p13_start_states_a_unit_cannot_be_in_or_that_do_nothing() {
    let mut s = base();
    s.placement("g").unwrap().barrage_fired = true;
    assert!(has(&s, "P12", Severity::Error), "not artillery");
    assert!(s.game(1).is_err());
    let mut s = base();
    s.gun("gun", "german", "0204", 5, 3);
    s.placement("gun").unwrap().artillery = Some(ArtillerySetup::Combat);
    s.placement("gun").unwrap().barrage_fired = true;
    assert!(found(&s).is_empty(), "{:?}", found(&s));
    s.placement("gun").unwrap().artillery = Some(ArtillerySetup::Transport);
    assert!(has(&s, "P12", Severity::Error), "limbered guns do not fire");
    let mut s = base();
    s.unit("rg", "german", "0202").kind = UnitKind::Resilience;
    s.placement("rg").unwrap().movement_spent = true;
    assert!(has(&s, "P12", Severity::Warning), "{:?}", found(&s));
    let mut s = base();
    s.unit("g2", "german", "0203");
    s.placement("g").unwrap().masked = true;
    assert!(has(&s, "P13", Severity::Warning));
    s.placement("g2").unwrap().masked = true;
    assert!(found(&s).is_empty(), "{:?}", found(&s));
}

#[test]
fn l03_every_nation_has_supply_mp() {
    let mut s = base();
    s.bundle.counters.nations[1].supply_mp = Mp::ZERO;
    assert!(has(&s, "L03", Severity::Error));
}

#[test]
fn a01_a03_air_counters_need_sp_and_a_window_and_any_n_within_the_allotment() {
    let mut s = base();
    s.air(
        "ju",
        "german",
        "german",
        5,
        sztab_core::model::AirKind::GroundAttack,
    );
    assert!(found(&s).is_empty(), "{:?}", found(&s));
    s.bundle.counters.air[0].sp = 0;
    assert!(has(&s, "A01", Severity::Error));
    let mut s = base();
    s.air(
        "ju",
        "german",
        "german",
        5,
        sztab_core::model::AirKind::GroundAttack,
    );
    s.bundle.scenario.air[0].until = None;
    assert!(has(&s, "A01", Severity::Error));
    let mut s = base();
    s.air(
        "ju",
        "german",
        "german",
        5,
        sztab_core::model::AirKind::GroundAttack,
    );
    s.bundle.scenario.air[0].choose = Some(2);
    assert!(has(&s, "A03", Severity::Warning));
}

#[test]
fn a02_soviet_air_never_flies_supply() {
    let mut s = base();
    s.air(
        "yak",
        "soviet",
        "soviet",
        4,
        sztab_core::model::AirKind::GroundAttack,
    );
    s.bundle.counters.nations[1].air_supply = true;
    assert!(has(&s, "A02", Severity::Error));
}

#[test]
fn b01_b02_barrage_needs_ammunition_days_and_two_guns_in_range() {
    let mut s = base();
    s.barrage("german", 0, &[1]);
    assert!(has(&s, "B01", Severity::Error));
    let mut s = base();
    s.barrage("german", 4, &[]);
    assert!(has(&s, "B01", Severity::Error));
    let mut s = base();
    s.barrage("german", 4, &[1]);
    assert!(has(&s, "B02", Severity::Warning));
    s.gun("a1", "german", "0708", 5, 3);
    s.gun("a2", "german", "0706", 5, 3);
    assert!(
        !found(&s).iter().any(|(c, _)| *c == "B02"),
        "{:?}",
        found(&s)
    );
}

#[test]
fn k01_k04_kursk_special_rule_data() {
    let mut s = base();
    s.bundle.scenario.rules.repair_markers = 2;
    assert!(has(&s, "K01", Severity::Error));
    let mut s = base();
    s.bundle.scenario.rules.mines = Some(sztab_core::model::Mines {
        dice: 5,
        from: s.bundle.scenario.start,
        until: s.bundle.scenario.start,
        eligibility: sztab_core::model::Eligibility::Activated,
    });
    assert!(has(&s, "K02", Severity::Error), "4 or 6 dice");
    assert!(
        has(&s, "K03", Severity::Warning),
        "mines without a Fortified Line"
    );
    let mut s = base();
    s.air(
        "ju",
        "german",
        "german",
        5,
        sztab_core::model::AirKind::GroundAttack,
    );
    s.bundle.scenario.rules.air_per_hex = None;
    assert!(has(&s, "K04", Severity::Error));
}

#[test]
fn m04_units_on_map_regions_no_hex_joins_are_reported() {
    let mut s = base();
    // Column 05 has no terrain: two sheets side by side without a join.
    for r in 1..=10 {
        s.bundle
            .map
            .hexes
            .remove(&HexId::parse(&format!("05{r:02}")).unwrap());
    }
    assert!(has(&s, "M04", Severity::Warning));
}

/// A German line on column 03 and a Soviet line on column 07 of a 10x10 board (Germans
/// supplied from the west edge, Soviets from the east).
fn two_lines() -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    s.formation("1ID", "german", FormationKind::Division);
    for (i, r) in ["03", "05", "07"].iter().enumerate() {
        s.unit(&format!("g{i}"), "german", &format!("03{r}"))
            .formation = Some("1ID".into());
        s.unit(&format!("s{i}"), "soviet", &format!("07{r}"));
    }
    s
}

fn messages(s: &Sandbox, code: &str) -> Vec<String> {
    let p = Prepared::new(&s.bundle);
    setup_check::check(&s.bundle, &p)
        .into_iter()
        .filter(|p| p.code == code)
        .map(|p| p.message)
        .collect()
}

#[test]
fn p09_a_unit_set_up_behind_the_enemys_lines_is_a_warning_naming_it_and_its_hex() {
    let mut s = two_lines();
    assert!(messages(&s, "P09").is_empty(), "{:?}", messages(&s, "P09"));
    // A gun dropped on the Soviet side, two hexes behind their line.
    s.unit("lost gun", "german", "0905");
    let found = messages(&s, "P09");
    assert_eq!(
        found,
        vec![
            "unit lost gun is set up on 0905, where soviet holds the ground all around it at the start (A-68 without it): behind the enemy's lines?"
        ]
    );
    assert!(has(&s, "P09", Severity::Warning));
    // Next to its own line it is not behind anything.
    s.placement("lost gun").unwrap().hex = HexId::parse("0404").unwrap();
    assert!(messages(&s, "P09").is_empty());
    // Where the scenario gives the ground to the Germans, the designer meant it.
    s.placement("lost gun").unwrap().hex = HexId::parse("0905").unwrap();
    for x in ["0905", "0904", "0906", "0804", "0805", "1004", "1005"] {
        s.bundle
            .scenario
            .control
            .insert(HexId::parse(x).unwrap(), "german".into());
    }
    assert!(messages(&s, "P09").is_empty(), "{:?}", messages(&s, "P09"));
}

#[test]
fn p10_a_unit_far_from_every_unit_of_its_formation_is_a_warning_naming_the_nearest() {
    let mut s = two_lines();
    assert!(messages(&s, "P10").is_empty());
    s.placement("g2").unwrap().hex = HexId::parse("0210").unwrap();
    s.placement("g1").unwrap().hex = HexId::parse("0301").unwrap();
    let found = messages(&s, "P10");
    assert!(
        found.contains(
            &"unit g2 on 0210 is out of touch with formation 1ID: its nearest unit, g0 on 0303, is 8 hexes away"
                .to_string()
        ),
        "{found:?}"
    );
    // g0 and g1 are 2 hexes apart: in touch.
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn p11_free_set_up_units_need_room_in_their_area() {
    use sztab_core::model::{AreaShape, AreaUse, FreeSetup, Holder, SetupArea};
    let mut s = two_lines();
    for i in 0..5 {
        s.counter(&format!("r{i}"), "german").formation = Some("1ID".into());
        s.bundle.scenario.free_setup.push(FreeSetup {
            unit: format!("r{i}").as_str().into(),
            cel: None,
            fortified: false,
            artillery: None,
        });
    }
    s.bundle.scenario.areas.push(SetupArea {
        name: "reserve".into(),
        holder: Holder::Formation("1ID".into()),
        usage: AreaUse::FreeSetup,
        shapes: vec![AreaShape::Hexes(vec![
            HexId::parse("0103").unwrap(),
            HexId::parse("0303").unwrap(),
        ])],
    });
    // 10 CEL into 8 (0103) + 6 (0303 holds g0): room enough.
    assert!(messages(&s, "P11").is_empty(), "{:?}", messages(&s, "P11"));
    s.counter("r5", "german").formation = Some("1ID".into());
    s.counter("r6", "german").formation = Some("1ID".into());
    for u in ["r5", "r6"] {
        s.bundle.scenario.free_setup.push(FreeSetup {
            unit: u.into(),
            cel: None,
            fortified: false,
            artillery: None,
        });
    }
    assert!(messages(&s, "P11").is_empty(), "14 CEL fit exactly");
    s.counter("r7", "german").formation = Some("1ID".into());
    s.bundle.scenario.free_setup.push(FreeSetup {
        unit: "r7".into(),
        cel: None,
        fortified: false,
        artillery: None,
    });
    assert_eq!(
        messages(&s, "P11"),
        vec![
            "8 units set up freely with r0 need 16 CEL, but their set-up area holds at most 14 beside the fixed setup"
        ]
    );
    assert!(s.game(1).is_err(), "the game is refused");
}
