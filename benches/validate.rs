//! `validate` on large files: every check is linear or n·log n, so these grow with the
//! file, not with its square (figures: docs/measurements/validation-speed.md). Files
//! are generated into a temporary folder from the fixture.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use sztab::validate::validate_file;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(path).unwrap().replace(
        "../../assets/",
        &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
    )
}

/// The fixture with its first side declared `copies` more times.
fn duplicated_sides(dir: &Path, copies: usize) -> PathBuf {
    for f in ["mini.map.ron", "mini.counters.ron"] {
        std::fs::write(dir.join(f), fixture(f)).unwrap();
    }
    let side = "        (id: \"german\", name: \"Germany\", nations: [\"german\"], supply: [Edge(West)]),\n";
    let text = fixture("mini.scenario.ron").replacen(side, &side.repeat(copies + 1), 1);
    let path = dir.join(format!("sides{copies}.scenario.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

/// A sound scenario of `2 n` infantry regiments, one a hex, on a 200×200 board.
fn many_units(dir: &Path, n: usize) -> PathBuf {
    let (w, h) = (200, 200);
    let mut map = fixture("mini.map.ron");
    let grid = map.find("    grid:").unwrap();
    map.truncate(grid);
    map += &format!(
        "    grid: (cols: {w}, rows: {h}, numbering: (first_col: 1, first_row: 1, digits: 3, shifted: Even)),\n    hexes: {{\n"
    );
    for c in 1..=w {
        for r in 1..=h {
            map += &format!("        \"{c:03}{r:03}\": (t: \"clear\"),\n");
        }
    }
    map += "    },\n)\n";
    std::fs::write(dir.join("big.map.ron"), map).unwrap();
    let counters = fixture("mini.counters.ron");
    let units = counters.find("    units: [").unwrap();
    let end = units + counters[units..].find("    ],").unwrap();
    let mut body = String::from("    units: [\n");
    let mut setup = String::from("    setup: [\n");
    for i in 0..n {
        for (side, formation, col) in [("g", "10ID", 1 + i / 200), ("s", "60A", 101 + i / 200)] {
            let nation = if side == "g" { "german" } else { "soviet" };
            body += &format!(
                "        (id: \"{side}{i}\", designation: \"{i}\", formation: \"{formation}\", nation: \"{nation}\", kind: Infantry, size: Regiment, movement: Foot, sp: 4, mp: 4, cel: 2, reduced: (sp: 2)),\n"
            );
            setup += &format!(
                "        (unit: \"{side}{i}\", hex: \"{col:03}{:03}\"),\n",
                1 + i % 200
            );
        }
    }
    std::fs::write(
        dir.join("big.counters.ron"),
        format!("{}{body}{}", &counters[..units], &counters[end..]),
    )
    .unwrap();
    let scenario = fixture("mini.scenario.ron")
        .replace("map: \"mini.map.ron\"", "map: \"big.map.ron\"")
        .replace(
            "counters: \"mini.counters.ron\"",
            "counters: \"big.counters.ron\"",
        )
        .replace("Place(\"Alpha\")", "Edge(North)");
    let a = scenario.find("    setup: [").unwrap();
    let b = scenario.find("    withdrawals:").unwrap();
    let mut text = format!(
        "{}{setup}    ],\n    reinforcements: [],\n{}",
        &scenario[..a],
        &scenario[b..]
    );
    let v = text.find("    victory: (").unwrap();
    let r = text.find("    rules: (").unwrap();
    text.replace_range(v..r, "");
    let path = dir.join("big.scenario.ron");
    std::fs::write(&path, text).unwrap();
    path
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("validate");
    g.sample_size(10);
    for copies in [20_000, 100_000] {
        let path = duplicated_sides(dir.path(), copies);
        g.bench_function(format!("{copies} duplicated sides"), |b| {
            b.iter(|| black_box(validate_file(&path).unwrap().errors()))
        });
    }
    let path = many_units(dir.path(), 10_000);
    assert_eq!(
        validate_file(&path).unwrap().errors(),
        0,
        "a sound scenario"
    );
    g.bench_function("20,000 units set up on a 200×200 board", |b| {
        b.iter(|| black_box(validate_file(&path).unwrap().warnings()))
    });
    g.finish();
    bounds(c, &path);
}

/// Issue 36: at the bounds of `docs/limits.md` the work stays linear, and past them a file
/// is refused at once. `units` is the sound scenario of 20,000 units above.
fn bounds(c: &mut Criterion, units: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("bounds");
    g.sample_size(10);
    let (bundle, _) = sztab::model::Bundle::load(units).unwrap();
    g.bench_function("setup card of 20,000 units", |b| {
        b.iter(|| black_box(sztab::card::html(&bundle).len()))
    });
    g.bench_function("counters on the map of 20,000 units", |b| {
        b.iter(|| {
            black_box(
                sztab::render::counter::UnitLayer::of_setup(&bundle.scenario, &bundle.counters)
                    .stacks
                    .len(),
            )
        })
    });
    // A table at its bound of 1,000 rows, every row a duplicate (each reported).
    let tables = fixture("tables/made-up.tables.ron");
    let row = tables
        .lines()
        .find(|l| l.contains("(key: \"2-4\""))
        .unwrap()
        .to_owned()
        + "\n";
    let at = tables.find(&row).unwrap() + row.len();
    let rows = tables.matches("(key: ").count();
    let text = format!(
        "{}{}{}",
        &tables[..at],
        row.repeat(1000 - rows),
        &tables[at..]
    );
    let path = dir.path().join("rows.tables.ron");
    std::fs::write(&path, text).unwrap();
    assert!(validate_file(&path).unwrap().errors() > 900);
    g.bench_function("tables file of 1,000 rows", |b| {
        b.iter(|| black_box(validate_file(&path).unwrap().errors()))
    });
    // Refused: a value in `Some(` 1,000,000 deep (was 4 s), a 52 MB scenario of
    // 1,456,280 placements (was an abort at 2.6 GB in `card`).
    let counters = fixture("panzerblitz/krasny.counters.ron");
    let i = counters.find("\"attack\": 14").unwrap() + "\"attack\": ".len();
    let deep = format!(
        "{}{}14{}{}",
        &counters[..i],
        "Some(".repeat(1_000_000),
        ")".repeat(1_000_000),
        &counters[i + 2..]
    );
    let path = dir.path().join("deep.counters.ron");
    std::fs::write(&path, deep).unwrap();
    g.bench_function("refusing a value 1,000,000 Some( deep", |b| {
        b.iter(|| black_box(validate_file(&path).is_err()))
    });
    for f in ["mini.map.ron", "mini.counters.ron"] {
        std::fs::write(dir.path().join(f), fixture(f)).unwrap();
    }
    let scenario = fixture("mini.scenario.ron");
    let line = "        (unit: \"202\", hex: \"0805\"),\n";
    let at = scenario.find(line).unwrap() + line.len();
    let big = format!(
        "{}{}{}",
        &scenario[..at],
        line.repeat(1_456_279),
        &scenario[at..]
    );
    let path = dir.path().join("big.scenario.ron");
    std::fs::write(&path, big).unwrap();
    g.bench_function("refusing a 52 MB scenario of 1,456,280 placements", |b| {
        b.iter(|| black_box(validate_file(&path).is_err()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
