//! Tables as data (`*.tables.ron`): a file of charts is checked cell by cell against its
//! vocabulary, each bad cell reported with its file, line and column, empty cells counted
//! as a warning; saving writes one row a line; engines look cells up by row and column.
//! The tables here are made up for the tests (tests/fixtures/tables/made-up.tables.ron
//! says so); no cell is from a printed chart.

use std::path::{Path, PathBuf};

use sztab::model::io::{self, FileKind};
use sztab::model::tables::{Origin, Tables};
use sztab::validate::validate_file;

const MADE_UP: &str = "tests/fixtures/tables/made-up.tables.ron";

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The made-up file with `from` replaced by `to`, in a temporary folder.
fn variant(from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root(MADE_UP)).unwrap();
    assert!(text.contains(from), "the fixture has no {from}");
    let path = dir.path().join("t.tables.ron");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    (dir, path)
}

fn lines(path: &Path) -> Vec<String> {
    let r = validate_file(path).unwrap();
    r.problems.iter().map(|p| p.to_string()).collect()
}

#[test]
fn an_empty_cell_is_a_warning_that_counts_the_table_s_empty_cells() {
    let r = validate_file(&root(MADE_UP)).unwrap();
    assert_eq!(r.errors(), 0, "{:?}", r.problems);
    let w: Vec<String> = r.problems.iter().map(|p| p.message.clone()).collect();
    assert_eq!(
        w,
        [
            "table Made-up CRT has 1 empty cell (of 9): enter it from the printed chart (row 10+, column 1:1)"
        ]
    );
    assert_eq!(r.problems[0].code, "X06");
}

#[test]
fn a_malformed_cell_and_an_unknown_code_are_errors_at_their_line_and_column() {
    // Row "5-9" of the CRT is line 41; its third cell's quote is at column 52, so the
    // "X" after "—/1D" is at column 57.
    let (_d, p) = variant(r#""—/1D"]"#, r#""—/1DX"]"#);
    let found = lines(&p);
    let x05: Vec<&String> = found.iter().filter(|l| l.contains("X05")).collect();
    assert_eq!(x05.len(), 1, "{found:?}");
    assert!(
        x05[0].ends_with(
            "t.tables.ron:41:57: error[X05]: table Made-up CRT, row 5-9, column 2:1: \"X\" is not a code of attacker/defender results; it has —, D, R, R>, numbers from 1 to 2"
        ),
        "{}",
        x05[0]
    );
    let (_d, p) = variant(r#""1/1"]"#, r#""1"]"#);
    let found = lines(&p);
    assert!(
        found.iter().any(|l| l.contains("t.tables.ron:40:53: error[X04]")
            && l.contains("\"1\" has 1 part; a attacker/defender results cell is attacker/defender separated by '/'")),
        "{found:?}"
    );
    let (_d, p) = variant(r#""2½"]"#, r#""12"]"#);
    let found = lines(&p);
    assert!(
        found.iter().any(|l| l.contains(":58:47: error[X04]")
            && l.contains("12 is outside the numbers movement costs allows (0 to 9)")),
        "{found:?}"
    );
}

#[test]
fn rows_columns_and_rulebook_cells_are_checked() {
    let (_d, p) = variant(r#"["2/—", "1/—", "1/1"]"#, r#"["2/—", "1/—"]"#);
    assert!(
        lines(&p).iter().any(|l| l.contains(
            "error[X03]: table Made-up CRT: row 2-4 has 2 cells; the table has 3 columns"
        )),
        "{:?}",
        lines(&p)
    );
    let (_d, p) = variant(r#"(key: "10+""#, r#"(key: "9+""#);
    assert!(
        lines(&p).iter().any(
            |l| l.contains("error[X08]: table Made-up CRT: row \"9+\" overlaps an earlier row")
        ),
        "{:?}",
        lines(&p)
    );
    let (_d, p) = variant(r#"column: "2:1""#, r#"column: "3:1""#);
    assert!(
        lines(&p).iter().any(|l| l.contains("error[X07]")
            && l.contains("(row 5-9, column 3:1, made-up rule 9.9) is not in the table")),
        "{:?}",
        lines(&p)
    );
    let (_d, p) = variant(r#"vocabulary: "mp""#, r#"vocabulary: "cost""#);
    assert!(
        lines(&p).iter().any(|l| l.contains(
            "error[X01]: table Made-up terrain costs: vocabulary \"cost\" is not in the file"
        )),
        "{:?}",
        lines(&p)
    );
}

#[test]
fn a_save_writes_one_row_a_line_and_reads_back_the_same() {
    let t: Tables = io::load_tables(&root(MADE_UP)).unwrap().value;
    let text = io::to_ron(FileKind::Tables, &t).unwrap();
    assert!(
        text.lines()
            .any(|l| l.trim() == r#"(key: "5-9", cells: ["1/—", "1/1", "—/1D"]),"#),
        "{text}"
    );
    let back: Tables = io::parse(&sztab::model::Source::new("x", text)).unwrap();
    assert_eq!(back, t);
}

#[test]
fn cells_are_looked_up_by_roll_row_and_column_with_their_origin() {
    let t: Tables = io::load_tables(&root(MADE_UP)).unwrap().value;
    let crt = t.table("crt").unwrap();
    assert_eq!(crt.row_of_roll(7), Some(1));
    assert_eq!(crt.row_of_roll(12), Some(2));
    assert_eq!(crt.row_of_roll(1), None);
    assert_eq!(crt.lookup("10+", "2:1"), Some("—/2R>"));
    assert_eq!(crt.origin(1, 2), Origin::Rulebook);
    assert_eq!(crt.origin(0, 0), Origin::Invented);
    assert_eq!(crt.origin(2, 1), Origin::Empty);
    assert_eq!(crt.empty_cells(), 1);
}

#[test]
fn the_editor_enters_a_whole_combat_table_by_paste_checks_codes_and_undoes() {
    use sztab::model::tables::edit::TablesDoc;
    let t: Tables = io::load_tables(&root(MADE_UP)).unwrap().value;
    let mut doc = TablesDoc::new(t.clone());
    assert!(!doc.is_dirty());
    // A whole 3×3 CRT as a spreadsheet copies it: tabs between cells, CRLF line ends.
    let block = "1/—\t1/1\t—/1\r\n1/1\t—/1D\t—/2R\r\n—/1R\t—/2R\t—/2R>\r\n";
    assert_eq!(
        doc.paste("crt", 0, 0, block),
        Ok(8),
        "one cell was already so"
    );
    let crt = doc.tables.table("crt").unwrap();
    assert_eq!(crt.empty_cells(), 0);
    assert_eq!(crt.lookup("10+", "2:1"), Some("—/2R>"));
    // A code the vocabulary lacks refuses the whole paste, naming the cell.
    let bad = doc.paste("crt", 1, 1, "1/1\t—/1Q").unwrap_err();
    assert_eq!((bad.row, bad.column), (1, 2));
    assert!(
        bad.message.contains("\"Q\" is not a code"),
        "{}",
        bad.message
    );
    assert_eq!(
        doc.tables.table("crt").unwrap().lookup("5-9", "1:1"),
        Some("—/1D")
    );
    // Outside the table.
    assert!(doc.paste("crt", 2, 2, "1/1\t1/1").is_err());
    // `—` is on no keyboard: a typed `-` stands for it and the cell holds it as printed.
    doc.set("crt", 0, 0, "- / 1").unwrap();
    assert_eq!(
        doc.tables.table("crt").unwrap().lookup("2-4", "1:2"),
        Some("— / 1")
    );
    assert!(doc.undo());
    // Typing one cell, then undo and redo.
    doc.set("tec", 1, 0, "2").unwrap();
    assert_eq!(
        doc.tables.table("tec").unwrap().lookup("Woods", "foot"),
        Some("2")
    );
    assert!(doc.undo());
    assert_eq!(
        doc.tables.table("tec").unwrap().lookup("Woods", "foot"),
        Some("+1")
    );
    assert!(doc.undo(), "the paste is one edit");
    assert_eq!(doc.tables, t);
    assert!(!doc.is_dirty());
    assert!(doc.redo());
    assert_eq!(doc.tables.table("crt").unwrap().empty_cells(), 0);
    // Saved, it reads back the same and checks clean.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("entered.tables.ron");
    doc.save(&path).unwrap();
    assert!(!doc.is_dirty());
    let back = io::load_tables(&path).unwrap().value;
    assert_eq!(back, doc.tables);
    let r = validate_file(&path).unwrap();
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    doc.undo();
    assert!(doc.is_dirty());
}

#[test]
fn the_editor_copies_a_block_names_its_steps_and_checks_the_file_it_opened() {
    use sztab::model::tables::edit::TablesDoc;
    // A malformed cell in the file: the document opens, and its problems say where.
    let (_d, p) = variant(r#""—/1D"]"#, r#""—/1DX"]"#);
    let mut doc = TablesDoc::open(&p).unwrap();
    assert_eq!(doc.path(), Some(p.as_path()));
    let found: Vec<String> = doc.problems().iter().map(|p| p.to_string()).collect();
    assert!(
        found
            .iter()
            .any(|l| l.contains("t.tables.ron:41:57: error[X05]")),
        "{found:?}"
    );
    // Copied as a spreadsheet takes it: tabs between cells, a line end after each row.
    assert_eq!(
        doc.copy("crt", 1..3, 1..3).as_deref(),
        Some("1/1\t—/1DX\n\t—/2R>\n")
    );
    assert_eq!(doc.copy("crt", 2..4, 0..1), None, "off the table");
    // Each edit is one named step; jumping through them undoes and redoes.
    doc.set("crt", 1, 2, "—/1D").unwrap();
    doc.paste("crt", 2, 1, "1/1").unwrap();
    doc.set("tec", 0, 0, "").unwrap();
    let (done, undone) = doc.history();
    assert_eq!(
        done,
        [
            "Type \"—/1D\" in Made-up CRT: row 5-9, column 2:1",
            "Paste into Made-up CRT (1 cell)",
            "Empty Made-up terrain costs: row Clear, column foot",
        ]
    );
    assert!(undone.is_empty());
    doc.jump_to(1);
    assert_eq!(doc.history().1.len(), 2);
    assert_eq!(
        doc.tables.table("crt").unwrap().lookup("10+", "1:1"),
        Some("")
    );
    // Once edited, the problems are those of the text a save writes: the bad cell is gone.
    assert!(
        doc.problems().iter().all(|p| p.code != "X05"),
        "{:?}",
        doc.problems()
    );
    doc.jump_to(3);
    assert_eq!(
        doc.tables.table("tec").unwrap().lookup("Clear", "foot"),
        Some("")
    );
    doc.save(&p).unwrap();
    let problems = doc.problems();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.code == "X06" && p.to_string().contains("t.tables.ron:")),
        "{problems:?}"
    );
}
