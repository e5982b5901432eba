//! Compiling a bundle (the scenario, its counters, map and charts) for play: the shipped
//! example plays; what the game needs and a file lacks is refused, line by line.

use std::path::Path;

use crate::engine::rules::{AmKind, StartAt};
use crate::engine::words::{Class, GERMAN, SOVIET, Weather};
use crate::engine::{Game, compile};
use crate::schema::SCHEMAS;
use sztab_core::model::described::Bundle;

fn example() -> Bundle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/rtl/soltsy-example.scenario.ron");
    Bundle::load(&path, &SCHEMAS).expect("the example loads").0
}

#[test]
fn the_example_scenario_compiles_with_its_invented_charts_and_starts() {
    let b = example();
    let (t, path) = b.tables.as_ref().unwrap();
    assert!(
        path.to_string_lossy()
            .ends_with("soltsy-example.invented.tables.ron")
    );
    assert!(
        t.tables.iter().all(|x| x.invented),
        "every table says it is invented"
    );
    let r = compile(&b).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(r.turns, 4);
    assert_eq!(r.track[2].historical, Weather::Rain);
    assert_eq!((r.track[0].dry_to, r.track[0].cloudy_to), (6, 8));
    let tank = r.unit("de-10pz-2").unwrap();
    assert_eq!(r.units[tank].class, Class::Mot);
    assert!(r.units[tank].is_armored());
    assert_eq!(r.units[tank].reduced.unwrap().er, 6);
    let art = r.unit("de-80art").unwrap();
    assert!(r.setup.iter().any(|s| s.unit == art && s.fired));
    assert!(r.setup.iter().any(|s| s.at == StartAt::Ready));
    assert_eq!(
        r.strongpoints,
        [(crate::engine::sandbox::hex("3219"), SOVIET)]
    );
    let ams: Vec<_> = r.ams.iter().map(|a| (a.id.as_str(), a.side)).collect();
    assert_eq!(ams, [("8pz", GERMAN), ("70rd", SOVIET), ("183rd", SOVIET)]);
    assert!(r.ams.iter().all(|a| matches!(a.kind, AmKind::Formation(_))));
    assert!(r.formations[0].panzer && r.formations[0].combination == 2);
    assert_eq!(r.initiative_tie, GERMAN);
    assert_eq!(r.cas, [2, 1]);
    assert_eq!(r.arrivals[0].hexes.len(), 2);
    assert_eq!(r.points.len(), 5);
    let g = Game::from_bundle(&b, 7).unwrap();
    assert!(g.to_act().is_some());
    assert!(!g.legal().is_empty());
}

#[test]
fn charts_with_empty_cells_are_refused_naming_each_table_and_its_count() {
    let mut b = example();
    let blank = include_str!("../../../../../assets/rtl/rtl.tables.ron");
    let t = sztab_core::model::io::parse(&sztab_core::model::Source::new("blank", blank)).unwrap();
    b.tables = Some((t, "blank".into()));
    let e = compile(&b).unwrap_err();
    assert!(
        e.contains(&"table Mobile CRT (mobile_crt) has 144 empty cells the game needs".to_string()),
        "{e:#?}"
    );
    assert!(
        e.contains(
            &"table Assault CRT (assault_crt) has 131 empty cells the game needs".to_string()
        ),
        "{e:#?}"
    );
    assert!(e.iter().any(|l| l.starts_with("table Terrain Effects on Movement (tec_movement) has 48 empty")), "{e:#?}");
    assert!(
        e.iter()
            .any(|l| l.starts_with("table Combat Coordination Table (coordination) has 18 empty")),
        "{e:#?}"
    );
    assert!(
        !e.iter()
            .any(|l| l.contains("combat_drm") || l.contains("initiative")),
        "those are whole: {e:#?}"
    );
}

#[test]
fn what_the_game_needs_and_the_scenario_lacks_is_refused_not_guessed() {
    let mut b = example();
    b.scenario.rules.remove("initiative_tie");
    b.scenario.turn_track.retain(|r| r.turn != 3);
    b.scenario.supply.retain(|s| s.side.as_str() != "soviet");
    b.map
        .hexes
        .get_mut(&crate::engine::sandbox::hex("2715"))
        .unwrap()
        .terrain = "lava".into();
    b.scenario.setup[0].hex = crate::engine::sandbox::hex("9999");
    let e = compile(&b).unwrap_err();
    for needle in [
        "the scenario does not say who wins an Initiative tie on turn 1 (7.12, RT19)",
        "turn 3 has no Weather Box on the turn track (5.11)",
        "Soviet has no supply source (6.31, RT17)",
        "hex 2715: \"lava\" is no Roads to Leningrad terrain",
        "unit de-8pz-hq is set up on 9999, off the map",
    ] {
        assert!(e.iter().any(|l| l == needle), "missing {needle}: {e:#?}");
    }
}

#[test]
fn a_swamp_cell_without_the_cavalrys_cost_is_refused() {
    let mut b = example();
    let (t, _) = b.tables.as_mut().unwrap();
    let tec = t
        .tables
        .iter_mut()
        .find(|x| x.id == "tec_movement")
        .unwrap();
    let row = tec.rows.iter_mut().find(|r| r.key == "Swamp").unwrap();
    row.cells[0] = "All".into();
    let e = compile(&b).unwrap_err();
    assert!(
        e.iter().any(
            |l| l.contains("row \"Swamp\", column \"NM Dry/Cloudy\": write the cavalry's cost")
        ),
        "{e:#?}"
    );
}

#[test]
fn the_invented_charts_validate_cleanly_against_the_blank_shape() {
    use sztab_core::model::Source;
    use sztab_core::model::tables::{Tables, check, conform};
    let text = crate::engine::sandbox::INVENTED_CHARTS;
    let src = Source::new("invented.tables.ron", text);
    let t: Tables = sztab_core::model::io::parse(&src).unwrap();
    let shape: Tables = sztab_core::model::io::parse(&Source::new(
        "blank",
        include_str!("../../../../../assets/rtl/rtl.tables.ron"),
    ))
    .unwrap();
    let mut problems = check::check(&t, &src);
    problems.extend(conform::conform(&shape, &t, &src));
    assert!(problems.is_empty(), "{problems:#?}");
    // The booklet's own cells keep their place: 11.12's example on the Assault CRT.
    assert_eq!(
        t.table("assault_crt").unwrap().lookup("5", "3:1"),
        Some("DR*")
    );
}

/// A map hexside may carry several kinds (a road beside a railroad): the board keeps every
/// one (decision R-45), and a kind the rules do not know among them is refused.
#[test]
fn r8_33_r_45_a_hexside_with_a_road_and_a_railroad_compiles_with_both() {
    use crate::engine::board::Link;
    use sztab_core::model::Roads;
    let mut b = example();
    let g = b.map.grid;
    let side = g
        .hexside(
            crate::engine::sandbox::hex("3016"),
            crate::engine::sandbox::hex("3017"),
        )
        .unwrap();
    let mut both: Roads = "railroad".into();
    both.insert("main_road".into());
    b.map.roads.insert(side, both);
    let r = compile(&b).unwrap_or_else(|e| panic!("{e:#?}"));
    let links: Vec<Link> = r.board.links(side).iter().collect();
    assert_eq!(links, [Link::MainRoad, Link::Railroad]);
    let mut odd: Roads = "main_road".into();
    odd.insert("canal".into());
    b.map.roads.insert(side, odd);
    let e = compile(&b).unwrap_err();
    assert!(
        e.iter()
            .any(|l| l.contains("\"canal\" is no Roads to Leningrad link")),
        "{e:#?}"
    );
}

/// 2.24, R-50: the scenario's Strongpoint markers reach the engine; more set up than
/// the counter mix holds is an error of the setup checks (RT26).
#[test]
fn r2_24_the_strongpoint_markers_are_the_scenarios_and_checked_against_the_setup() {
    let mut b = example();
    assert_eq!(compile(&b).unwrap().strongpoint_markers, Some(6));
    let first = b.scenario.markers[0].clone();
    assert_eq!(first.kind.as_str(), "strongpoint");
    let mut second = first.clone();
    second.hex = sztab_core::hex::HexId::new(31, 19);
    b.scenario.markers.push(second);
    b.scenario.rules.insert(
        "strongpoint_markers".into(),
        sztab_core::model::AttrValue::Int(1),
    );
    let problems = crate::checks::check(&b);
    assert!(
        problems
            .iter()
            .any(|p| p.code == "RT26" && p.message.contains("2 Strongpoints are set up")),
        "{problems:?}"
    );
}
