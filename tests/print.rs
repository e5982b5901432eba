//! The print-and-play kit (`sztab print`): a scenario of each system as a PDF whose map
//! prints at true scale and whose counter sheets hold every counter of the order of
//! battle with its back.

use std::collections::BTreeSet;
use std::process::Command;

use sztab_core::hex::Grid;
use sztab_seam::{AnyBundle, BundleRef};
use sztab_shell::print::{Length, Options, PageKind, Paper, kit};

mod common;

const SCENARIOS: &[&str] = &[
    "scenarios/kursk-1943/armored-claws.scenario.ron",
    "scenarios/panzerblitz/03-vyazma.scenario.ron",
    "scenarios/rtl/soltsy-example.scenario.ron",
    "scenarios/jov/korsun-example.scenario.ron",
    "scenarios/jov/korsun-two-sheets.scenario.ron",
];

use common::root;

/// The units a scenario brings into the game, counted from its files.
fn order_of_battle(b: &AnyBundle) -> usize {
    match b.view() {
        BundleRef::Wb95(b) => {
            let s = &b.scenario;
            let ids: BTreeSet<_> = s
                .setup
                .iter()
                .map(|p| &p.unit)
                .chain(s.free_setup.iter().map(|p| &p.unit))
                .chain(s.reinforcements.iter().flat_map(|r| r.units.iter()))
                .collect();
            ids.len()
        }
        BundleRef::Described(b) => {
            let s = &b.scenario;
            let ids: BTreeSet<_> = s
                .setup
                .iter()
                .map(|p| &p.unit)
                .chain(s.off_map.iter().map(|p| &p.unit))
                .chain(s.arrivals.iter().flat_map(|a| a.units.iter()))
                .collect();
            ids.len()
        }
    }
}

/// The media box of every page the PDF lists, as `[x0, y0, x1, y1]` (page dictionaries are
/// written uncompressed: `<</Type/Page/…/MediaBox[0 0 595.3 841.9]…>>`).
fn pdf_pages(pdf: &[u8]) -> Vec<[f32; 4]> {
    let text = String::from_utf8_lossy(pdf).replace("/Type /Page", "/Type/Page");
    text.match_indices("/Type/Page")
        .filter(|(i, _)| !text[i + 10..].starts_with('s'))
        .map(|(i, _)| {
            let dict = &text[i..i + text[i..].find(">>").expect("the dictionary ends")];
            let mb = &dict[dict.find("/MediaBox").expect("a media box") + 9..];
            let nums: Vec<f32> = mb[mb.find('[').unwrap() + 1..mb.find(']').unwrap()]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            [nums[0], nums[1], nums[2], nums[3]]
        })
        .collect()
}

#[test]
fn a_kit_of_each_system_holds_its_map_its_counters_with_backs_and_its_cards() {
    for path in SCENARIOS {
        let (system, b, _) = sztab_registry::load(&root(path)).unwrap();
        let k = kit(system, b.view(), &Options::default()).unwrap();
        let map_pages = k
            .pages
            .iter()
            .filter(|p| matches!(p, PageKind::Map { .. }))
            .count();
        assert_eq!(map_pages, k.tiling.rows * k.tiling.cols, "{path}");
        let fronts = k
            .pages
            .iter()
            .filter(|p| matches!(p, PageKind::Fronts(_)))
            .count();
        let backs = k
            .pages
            .iter()
            .filter(|p| matches!(p, PageKind::Backs(_)))
            .count();
        assert!(
            fronts >= 1 && fronts == backs,
            "{path}: {fronts} fronts, {backs} backs"
        );
        // Every front page is followed by its backs, so a duplex print pairs them.
        for (i, p) in k.pages.iter().enumerate() {
            if let PageKind::Fronts(n) = p {
                assert_eq!(k.pages[i + 1], PageKind::Backs(*n), "{path}");
            }
        }
        assert!(k.pages.contains(&PageKind::Setup(1)), "{path}");
        assert!(k.pages.contains(&PageKind::TurnTrack(1)), "{path}");
        assert_eq!(
            k.counters,
            order_of_battle(&b),
            "{path}: one counter per unit"
        );
        assert!(k.markers >= 1, "{path}: at least the turn marker");
        let listed = pdf_pages(&k.pdf);
        assert_eq!(
            listed.len(),
            k.pages.len(),
            "{path}: the PDF has every page"
        );
        assert!(k.pdf.starts_with(b"%PDF-"), "{path}");
        assert!(
            String::from_utf8_lossy(&k.pdf).contains("/FontFile2"),
            "{path}: the typeface is embedded"
        );
    }
}

#[test]
fn the_map_prints_at_the_chosen_hex_size_within_one_percent() {
    let (system, b, _) = sztab_registry::load(&root(SCENARIOS[0])).unwrap();
    for (hex, paper) in [
        ("5/8in", Paper::A4),
        ("19mm", Paper::Letter),
        ("1in", Paper::A4),
    ] {
        let hex: Length = hex.parse().unwrap();
        let opts = Options {
            paper,
            hex,
            ..Options::default()
        };
        let k = kit(system, b.view(), &opts).unwrap();
        let g = &b.map().grid;
        let a = g.iter().next().unwrap();
        let below = g.neighbour(a, sztab_core::hex::Dir::S).unwrap();
        let (p, q) = (
            k.tiling.to_page(0, 0, g.center(a)),
            k.tiling.to_page(0, 0, g.center(below)),
        );
        let across = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
        assert!(
            (across / hex.points - 1.0).abs() < 0.01,
            "{across} pt between neighbours for a {} pt hex",
            hex.points
        );
        assert!((Grid::ROW_SPACING * k.tiling.scale - hex.points).abs() < 0.01);
        // Every page is the paper chosen, portrait or landscape.
        let [w, h] = paper.size();
        let boxes = pdf_pages(&k.pdf);
        assert_eq!(boxes.len(), k.pages.len());
        for mb in boxes {
            let (pw, ph) = (mb[2] - mb[0], mb[3] - mb[1]);
            let fits = |a: f32, b: f32| (a - pw).abs() < 0.5 && (b - ph).abs() < 0.5;
            assert!(fits(w, h) || fits(h, w), "{mb:?} on {}", paper.name());
        }
    }
}

#[test]
fn bigger_hexes_take_more_map_pages() {
    let (system, b, _) = sztab_registry::load(&root(SCENARIOS[0])).unwrap();
    let pages = |hex: &str| {
        let opts = Options {
            hex: hex.parse().unwrap(),
            ..Options::default()
        };
        let k = kit(system, b.view(), &opts).unwrap();
        k.tiling.rows * k.tiling.cols
    };
    assert!(pages("1in") > pages("1/2in"));
}

#[test]
fn counters_with_a_printed_back_get_it() {
    // Roads to Leningrad: two-step units print their reduced side, artillery Fired, HQs Spent.
    let (system, b, _) = sztab_registry::load(&root(SCENARIOS[2])).unwrap();
    let BundleRef::Described(g) = b.view() else {
        panic!("described")
    };
    let two_step = g
        .counters
        .units
        .iter()
        .find(|u| {
            g.scenario.uses(&u.id) && u.attrs.get("steps").and_then(|v| v.as_int()) == Some(2)
        })
        .expect("the example has a two-step unit");
    let back = system.back_state(two_step).expect("a reduced side");
    assert!(system.counter_face(&g.counters, two_step, &back).reduced);
    // PanzerBlitz counters are one-sided: a dispersed unit is turned face down.
    let (pb, b, _) = sztab_registry::load(&root(SCENARIOS[1])).unwrap();
    let BundleRef::Described(g) = b.view() else {
        panic!("described")
    };
    assert!(pb.back_state(&g.counters.units[0]).is_none());
}

#[test]
fn sztab_print_writes_the_kit_and_refuses_a_size_without_a_unit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kit.pdf");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sztab"))
            .arg("print")
            .arg(root(SCENARIOS[2]))
            .args(args)
            .output()
            .unwrap()
    };
    let ok = run(&[
        "--out",
        out.to_str().unwrap(),
        "--paper",
        "letter",
        "--counter",
        "5/8in",
    ]);
    let said = String::from_utf8_lossy(&ok.stdout);
    assert!(
        ok.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(
        said.contains("pages: map") && said.contains("counters"),
        "{said}"
    );
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF-"));
    let bad = run(&["--out", out.to_str().unwrap(), "--counter", "16"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("give a length with its unit"));
}

/// File → Print kit… asks for the paper and sizes beside the path, and writes the PDF.
#[test]
fn the_editor_prints_the_kit_of_the_open_scenario() {
    use egui_kittest::kittest::Queryable;
    use sztab::editor::EditorApp;
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(EditorApp::open(Some(root(SCENARIOS[2]))));
    common::click(&mut h, "File");
    h.get_by_label("Print kit…").click();
    h.run();
    let out = dir.path().join("soltsy.kit.pdf");
    common::type_into(&mut h, "Path", out.to_str().unwrap());
    common::click(&mut h, "Letter");
    common::click(&mut h, "Write PDF");
    let pdf = std::fs::read(&out).unwrap_or_else(|e| panic!("{e}: {:?}", h.state().error()));
    let boxes = pdf_pages(&pdf);
    assert!(boxes.len() >= 5, "map, fronts, backs, setup, turn track");
    for b in boxes {
        assert!(
            ((b[2] - b[0]) - 612.0).abs() < 0.5 || ((b[2] - b[0]) - 792.0).abs() < 0.5,
            "Letter: {b:?}"
        );
    }
    h.get_by_label_contains("pages: map");
}
