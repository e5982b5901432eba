//! PanzerBlitz content: the terrain catalogue, the three boards, the arrangements the
//! situations lay them out in, the counter set and the twelve situations load and
//! validate clean, and hold the printed facts they were made from.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sztab::hex::HexId;
use sztab::model::described::Counters;
use sztab::model::{MapBundle, compose, io};
use sztab::systems::panzerblitz::schema::{PbUnit, UnitType, WeaponClass};
use sztab::systems::{self, RuleSystem};
use sztab::validate::validate_file;

const DIR: &str = "scenarios/panzerblitz";

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn panzerblitz() -> &'static dyn RuleSystem {
    systems::get("panzerblitz").expect("panzerblitz is registered")
}

fn files(sub: &str, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root(&format!("{DIR}/{sub}")))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    v.sort();
    v
}

fn board(n: u8) -> MapBundle {
    let (b, problems) = MapBundle::load(&root(&format!("{DIR}/boards/board-{n}.map.ron")))
        .expect("the board loads");
    assert!(problems.is_empty(), "board {n}: {problems:?}");
    b
}

fn hex(s: &str) -> HexId {
    s.parse().unwrap()
}

fn place<'m>(b: &'m MapBundle, name: &str) -> &'m [HexId] {
    &b.map
        .places
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no place {name}"))
        .hexes
}

#[test]
fn the_catalogue_declares_every_term_the_rules_read() {
    let path = root("assets/panzerblitz/panzerblitz.terrain.ron");
    let loaded = io::load_terrain(&path).expect("the catalogue loads");
    assert_eq!(loaded.value.system.as_str(), "panzerblitz");
    let problems = panzerblitz().check_catalogue(&loaded.value, &loaded.source);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn every_board_map_counter_and_situation_file_validates_clean() {
    let mut all = files("boards", ".map.ron");
    all.extend(files("maps", ".map.ron"));
    all.push(root(&format!("{DIR}/panzerblitz.counters.ron")));
    let situations = files("", ".scenario.ron");
    assert_eq!(situations.len(), 12, "the twelve situations");
    all.extend(situations);
    for path in &all {
        let report = validate_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy();
        let unexpected: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
        assert!(unexpected.is_empty(), "{name}: {unexpected:#?}");
    }
}

#[test]
fn each_board_is_33_letters_by_11_hexes_with_its_landmarks_where_printed() {
    for n in 1..=3 {
        let b = board(n);
        assert_eq!((b.map.grid.cols, b.map.grid.rows), (33, 11));
        assert_eq!(b.map.hexes.len(), 363);
        // The board's number is printed on P-6: column 16, row 6.
        let label = b
            .map
            .labels
            .iter()
            .find(|l| l.text == n.to_string())
            .unwrap();
        assert_eq!(label.hex, hex("1606"), "board {n}");
        assert_eq!(b.map.grid.numbering.label(label.hex), "P-6");
    }
    let b1 = board(1);
    // Uschas is at 1-Z-10, the hill label 135 at 1-O-6 (the seed's Map Location System).
    assert!(place(&b1, "Uschas").contains(&hex("2610")));
    assert!(place(&b1, "Hill 135").contains(&hex("1506")));
}

#[test]
fn slopes_and_hilltops_are_elevation_levels_and_hilltops_are_ringed_in_orange() {
    let b1 = board(1);
    // 1-B-2 is on the top of Hill 104, the first hex of row A on its slope, the third at
    // ground level.
    assert_eq!(b1.map.hexes[&hex("0202")].elevation, Some(2));
    assert_eq!(b1.map.hexes[&hex("0101")].elevation, Some(1));
    assert_eq!(b1.map.hexes[&hex("0103")].elevation, None);
    for h in place(&b1, "Hill 104") {
        for n in b1.map.grid.neighbours(*h) {
            let on_top = b1.map.hexes[&n].elevation == Some(2);
            let orange = b1
                .map
                .hexsides
                .get(&sztab::hex::Hexside::new(*h, n).unwrap())
                .is_some_and(|fs| fs.iter().any(|f| f.kind.as_str() == "orange"));
            assert_eq!(orange, !on_top, "{h}-{n}");
        }
    }
    // Special Notes I: the inner hexes of board 2's plateau (Hill 132) are hilltops.
    let b2 = board(2);
    let plateau = place(&b2, "Hill 132");
    assert_eq!(plateau.len(), 44);
    assert!(plateau.iter().all(|h| b2.map.hexes[h].elevation == Some(2)));
}

#[test]
fn the_pond_hex_of_board_3_is_water_behind_six_pond_shores() {
    let b3 = board(3);
    let ponds: Vec<HexId> = b3
        .map
        .hexes
        .iter()
        .filter(|(_, c)| c.terrain.as_str() == "water")
        .map(|(h, _)| *h)
        .collect();
    assert_eq!(ponds.len(), 1);
    let pond = ponds[0];
    for n in b3.map.grid.neighbours(pond) {
        let side = &b3.map.hexsides[&sztab::hex::Hexside::new(pond, n).unwrap()];
        assert!(side.iter().any(|f| f.kind.as_str() == "pond"), "{pond}-{n}");
    }
}

#[test]
fn the_situations_layouts_compose_the_boards_with_their_printed_labels() {
    for path in files("maps", ".map.ron") {
        let (m, p) = MapBundle::load(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(p.is_empty(), "{name}: {p:?}");
        let grid = (m.map.grid.cols, m.map.grid.rows);
        let expected = if name.starts_with("side") {
            (33, 31)
        } else {
            (97, 11)
        };
        assert_eq!(grid, expected, "{name}");
        assert!(m.map.is_composed(), "{name}");
        assert!(compose::inner_holes(&m.map).is_empty(), "{name}");
        // Every board's number lies on the hex printed with its P-6, turned or not.
        let numbers: Vec<&str> = m.map.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(numbers.len(), 3, "{name}");
        for l in &m.map.labels {
            let printed = &m.map.printed[&l.hex];
            assert!(
                printed.contains(&format!("{}-P-6", l.text)),
                "{name}: {printed:?}"
            );
        }
    }
    // Side by side, board 1's hex-11 half hexes are board 2's hex-1 ones.
    let (side, _) = MapBundle::load(&root(&format!("{DIR}/maps/side-1-2-3.map.ron"))).unwrap();
    assert_eq!(side.map.printed[&hex("0211")], ["1-B-11", "2-B-1"]);
    // End to end, board 2's last row (AG) is board 3's first (A).
    let (end, _) = MapBundle::load(&root(&format!("{DIR}/maps/end-2-3-1i.map.ron"))).unwrap();
    let first_row_of_3 = format!("3-{}-5", 'A');
    assert_eq!(
        end.map.printed[&hex("3305")],
        ["2-AG-5".to_string(), first_row_of_3]
    );
}

fn counters() -> Counters {
    let path = root(&format!("{DIR}/panzerblitz.counters.ron"));
    let source = io::read_text(&path).unwrap();
    io::parse(&source).unwrap()
}

#[test]
fn the_counter_set_is_identified_by_nation_letter_and_pic() {
    let cs = counters();
    let mut ids = BTreeSet::new();
    for u in &cs.units {
        assert!(ids.insert(u.id.as_str()), "{} twice", u.id);
        let v = PbUnit::of(u);
        assert!(v.kind.is_some(), "{}", u.id);
        let letter = if u.nation.as_str() == "german" {
            "G"
        } else {
            "R"
        };
        if v.pic > 0 {
            assert_eq!(u.id.as_str(), format!("{letter}/{}", v.pic));
        } else {
            assert!(u.id.as_str().starts_with(&format!("{letter}/")), "{}", u.id);
            assert!(
                v.supplement || v.kind.is_some_and(|k| k.is_marker()),
                "{}",
                u.id
            );
        }
    }
    let panther = PbUnit::of(cs.units.iter().find(|u| u.id.as_str() == "G/951").unwrap());
    assert_eq!(
        (
            panther.kind,
            panther.attack,
            panther.class,
            panther.range,
            panther.defense,
            panther.movement
        ),
        (Some(UnitType::Tank), 16, WeaponClass::A, 12, 12, 10)
    );
    let recon = PbUnit::of(cs.units.iter().find(|u| u.id.as_str() == "R/131").unwrap());
    assert_eq!(recon.defense, 4, "the recon company of the worked example");
    let maultier = PbUnit::of(cs.units.iter().find(|u| u.id.as_str() == "G/610").unwrap());
    assert!(!maultier.may_fire_intensive() && maultier.may_fire_indirect());
}

#[test]
fn situation_1_puts_the_command_posts_in_forts_where_the_card_says() {
    let path = root(&format!("{DIR}/01-rear-area-raid.scenario.ron"));
    let (_, b, problems) = systems::load(&path).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let view = b.view();
    let g = view.described().unwrap();
    let at = |u: &str| g.scenario.placement(u).unwrap().hex;
    // 2-G-7 and 2-T-6: board 2 is the middle of three side by side.
    assert_eq!((at("G/201"), at("G/1111")), (hex("0717"), hex("0717")));
    assert_eq!((at("G/202"), at("G/1112")), (hex("2016"), hex("2016")));
    assert_eq!(at("G/203"), at("G/1113"));
    assert_eq!(g.map.hexes[&at("G/203")].elevation, Some(2));
}

#[test]
fn setup_checks_refuse_the_pond_vehicles_in_swamp_doubled_markers_and_a_fort_on_mines() {
    let path = root(&format!("{DIR}/08-korsun-pocket.scenario.ron"));
    let (system, mut b, problems) = systems::load(&path).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert!(system.setup_checks(b.view()).is_empty());
    let sztab::systems::AnyBundle::Described(g) = &mut b else {
        panic!("a described bundle")
    };
    let roads: BTreeSet<HexId> = g
        .map
        .roads
        .iter()
        .filter(|(_, k)| k.contains("road"))
        .flat_map(|(s, _)| [s.hexes().0, s.hexes().1])
        .collect();
    let of = |t: &str, road: bool| -> Vec<HexId> {
        g.map
            .hexes
            .iter()
            .filter(|(h, c)| c.terrain.as_str() == t && roads.contains(h) == road)
            .map(|(h, _)| *h)
            .collect()
    };
    let (water, swamp, swamp_road) = (
        of("water", false)[0],
        of("swamp", false),
        of("swamp", true)[0],
    );
    let mines_1 = g.scenario.placement("R/MINES-1").unwrap().hex;
    let mines_3 = g.scenario.placement("R/MINES-3").unwrap().hex;
    let moves = [
        ("G/951", water),
        ("G/952", swamp[0]),
        ("G/931", swamp_road),
        ("G/932", swamp_road),
        ("R/1122", swamp[1]),
        ("R/MINES-2", mines_1),
        ("R/1121", mines_3),
    ];
    for (unit, hex) in moves {
        let p = g
            .scenario
            .setup
            .iter_mut()
            .find(|p| p.unit.as_str() == unit)
            .unwrap();
        p.hex = hex;
    }
    let codes: BTreeSet<String> = system
        .setup_checks(b.view())
        .iter()
        .map(|p| p.code.to_string())
        .collect();
    for code in ["PB20", "PB21", "PB22", "PB23", "PB24", "PB25"] {
        assert!(codes.contains(code), "{code} missing from {codes:?}");
    }
}

#[test]
fn mines_a_blockage_a_one_minefield_and_one_block_a_hex() {
    let path = root(&format!("{DIR}/08-korsun-pocket.scenario.ron"));
    let (system, mut b, _) = systems::load(&path).unwrap();
    assert!(system.setup_checks(b.view()).is_empty());
    let sztab::systems::AnyBundle::Described(g) = &mut b else {
        panic!("a described bundle")
    };
    for (unit, onto) in [("R/MINES-2", "R/MINES-1"), ("R/BLOCK-2", "R/BLOCK-1")] {
        let hex = g.scenario.placement(onto).unwrap().hex;
        let p = g
            .scenario
            .setup
            .iter_mut()
            .find(|p| p.unit.as_str() == unit)
            .unwrap();
        p.hex = hex;
    }
    let problems = system.setup_checks(b.view());
    let rules: BTreeSet<&str> = problems
        .iter()
        .filter(|p| p.code == "PB24")
        .filter_map(|p| p.rule)
        .collect();
    assert_eq!(rules, BTreeSet::from(["Mines A", "Blockage A"]));
    // The problem names the hex as the board prints it ("3-K-4"), not by its number.
    let g = b.view();
    let g = g.described().unwrap();
    let mines = g.scenario.placement("R/MINES-1").unwrap().hex;
    let label = g.map.label_of(mines);
    assert!(label.contains('-'), "{label}");
    assert!(
        problems.iter().any(|p| p
            .message
            .starts_with(&format!("hex {label} holds 2 minefields"))),
        "{problems:?}"
    );
}

#[test]
fn every_situation_says_its_victory_and_each_zone_is_one_board_of_its_layout() {
    for path in files("", ".scenario.ron") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (_, b, problems) = systems::load(&path).unwrap();
        assert!(problems.is_empty(), "{name}: {problems:?}");
        let view = b.view();
        let g = view.described().unwrap();
        let v = g.scenario.victory.as_ref().unwrap();
        let winners: BTreeSet<&str> = v.levels.iter().map(|l| l.winner.as_str()).collect();
        assert_eq!(winners.len(), 2, "{name}: {winners:?}");
        for c in v.levels.iter().flat_map(|l| &l.all_of) {
            if let Some(zone) = c.zone() {
                // A board with its seams: 11 x 33 hexes less the half hexes cut off.
                let n = zone.hexes(&g.map).len();
                assert!(
                    (330..=363).contains(&n),
                    "{name}: {} has {n} hexes",
                    zone.describe()
                );
            }
        }
    }
}
