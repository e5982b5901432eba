//! Per-game records as CSV: one row per game, a header and a fixed column order, every
//! row carrying the scenario, the sides and the bots so a file stands on its own and
//! shards can be checked before they are merged. The heat map is a compact column:
//! `HEX:COMBATS` pairs separated by spaces.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::{GameRecord, StudyInfo};

/// The columns, in order.
pub const COLUMNS: [&str; 20] = [
    "game",
    "seed",
    "scenario",
    "side_a",
    "side_b",
    "bot_a",
    "bot_b",
    "winner",
    "level",
    "vp",
    "automatic",
    "turns",
    "cel_lost_a",
    "cel_lost_b",
    "units_lost_a",
    "units_lost_b",
    "combats",
    "actions",
    "error",
    "heat",
];

/// Why a CSV file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {message}")]
    Bad { line: usize, message: String },
    #[error("the files are not of one study: {0}")]
    Mismatch(String),
    #[error("game {0} appears twice with different results")]
    Duplicate(u64),
}

/// One row as written: the study's columns, then the game's. The field names are the
/// column names; the reader finds columns by name.
#[derive(Serialize, Deserialize)]
struct Row {
    game: u64,
    seed: u64,
    scenario: String,
    side_a: String,
    side_b: String,
    bot_a: String,
    bot_b: String,
    winner: String,
    level: String,
    vp: i32,
    automatic: bool,
    turns: u32,
    cel_lost_a: u32,
    cel_lost_b: u32,
    units_lost_a: u32,
    units_lost_b: u32,
    combats: u32,
    actions: u32,
    error: String,
    /// `HEX:COMBATS` pairs separated by spaces.
    heat: String,
    /// What `cel_lost_*` count ("CEL", "steps", "units"); files written before this
    /// column have none.
    #[serde(default = "losses")]
    loss_unit: String,
}

fn losses() -> String {
    super::LOSSES.into()
}

impl Row {
    fn of(info: &StudyInfo, r: &GameRecord) -> Row {
        let heat: Vec<String> = r.heat.iter().map(|(h, k)| format!("{h}:{k}")).collect();
        Row {
            game: r.game,
            seed: r.seed,
            scenario: info.scenario.clone(),
            side_a: info.sides[0].clone(),
            side_b: info.sides[1].clone(),
            bot_a: info.bots[0].to_string(),
            bot_b: info.bots[1].to_string(),
            winner: r.winner.clone().unwrap_or_default(),
            level: r.level.clone().unwrap_or_default(),
            vp: r.vp,
            automatic: r.automatic,
            turns: r.turns,
            cel_lost_a: r.cel_lost[0],
            cel_lost_b: r.cel_lost[1],
            units_lost_a: r.units_lost[0],
            units_lost_b: r.units_lost[1],
            combats: r.combats,
            actions: r.actions,
            error: r.error.clone().unwrap_or_default(),
            heat: heat.join(" "),
            loss_unit: info.loss_unit.clone(),
        }
    }

    fn info(&self) -> Result<StudyInfo, String> {
        Ok(StudyInfo {
            scenario: self.scenario.clone(),
            sides: [self.side_a.clone(), self.side_b.clone()],
            bots: [self.bot_a.parse()?, self.bot_b.parse()?],
            loss_unit: self.loss_unit.clone(),
        })
    }

    fn record(self) -> Result<GameRecord, String> {
        let mut heat = Vec::new();
        for pair in self.heat.split_whitespace() {
            let (h, k) = pair
                .split_once(':')
                .ok_or_else(|| format!("heat entry \"{pair}\" should be HEX:COUNT"))?;
            let h = h
                .parse()
                .map_err(|e| format!("heat entry \"{pair}\": {e}"))?;
            let k = k
                .parse()
                .map_err(|_| format!("heat entry \"{pair}\": bad count"))?;
            heat.push((h, k));
        }
        Ok(GameRecord {
            game: self.game,
            seed: self.seed,
            winner: opt(self.winner),
            level: opt(self.level),
            vp: self.vp,
            automatic: self.automatic,
            turns: self.turns,
            cel_lost: [self.cel_lost_a, self.cel_lost_b],
            units_lost: [self.units_lost_a, self.units_lost_b],
            combats: self.combats,
            actions: self.actions,
            error: opt(self.error),
            heat,
        })
    }
}

fn opt(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// Writes the header and one row per record.
pub fn write(
    out: &mut impl Write,
    info: &StudyInfo,
    records: &[GameRecord],
) -> std::io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    if records.is_empty() {
        w.write_record(COLUMNS.iter().chain(&["loss_unit"]))?;
    }
    for r in records {
        w.serialize(Row::of(info, r))?;
    }
    w.flush()
}

/// The line of a CSV error, if it has one.
fn line_of(e: &csv::Error) -> usize {
    match e.kind() {
        csv::ErrorKind::Deserialize { pos: Some(p), .. } => p.line() as usize,
        _ => e.position().map_or(0, |p| p.line() as usize),
    }
}

/// Reads a file written by [`write`]: the study it belongs to and its records. Columns
/// are found by name; quoted fields may hold commas, quotes and newlines.
pub fn read(input: impl BufRead) -> Result<(StudyInfo, Vec<GameRecord>), CsvError> {
    let mut r = csv::Reader::from_reader(input);
    let bad = |line: usize, message: String| CsvError::Bad { line, message };
    let headers = r.headers().map_err(|e| bad(1, e.to_string()))?.clone();
    if headers.is_empty() {
        return Err(bad(1, "the file is empty".into()));
    }
    if let Some(c) = COLUMNS.iter().find(|c| !headers.iter().any(|h| h == **c)) {
        return Err(bad(1, format!("no column \"{c}\"")));
    }
    let mut info: Option<StudyInfo> = None;
    let mut records = Vec::new();
    for row in r.deserialize::<Row>() {
        let row = row.map_err(|e| {
            let line = line_of(&e);
            match e.into_kind() {
                csv::ErrorKind::Io(io) => CsvError::Io(io),
                csv::ErrorKind::Deserialize { err, .. } => bad(line, err.to_string()),
                other => bad(line, format!("{other:?}")),
            }
        })?;
        let line = records.len() + 2;
        let row_info = row.info().map_err(|m| bad(line, m))?;
        match &info {
            None => info = Some(row_info),
            Some(i) if *i != row_info => {
                return Err(CsvError::Mismatch(format!(
                    "game {} plays {}, the file began with {}",
                    row.game,
                    describe(&row_info),
                    describe(i)
                )));
            }
            Some(_) => {}
        }
        records.push(row.record().map_err(|m| bad(line, m))?);
    }
    let info = info.ok_or_else(|| bad(2, "the file has no games".into()))?;
    Ok((info, records))
}

/// "Armored Claws (german random vs soviet heuristic:3)".
fn describe(i: &StudyInfo) -> String {
    format!(
        "{} ({} {} vs {} {})",
        i.scenario, i.sides[0], i.bots[0], i.sides[1], i.bots[1]
    )
}

/// Combines the records of several files of one study (shards, or repeated runs) into
/// one list in game order; a game present twice must have the same record.
pub fn merge(
    parts: Vec<(StudyInfo, Vec<GameRecord>)>,
) -> Result<(StudyInfo, Vec<GameRecord>), CsvError> {
    let mut info: Option<StudyInfo> = None;
    let mut all: Vec<GameRecord> = Vec::new();
    for (i, recs) in parts {
        match &info {
            None => info = Some(i),
            Some(x) if *x != i => {
                return Err(CsvError::Mismatch(format!(
                    "{} and {}",
                    describe(x),
                    describe(&i)
                )));
            }
            Some(_) => {}
        }
        all.extend(recs);
    }
    let info = info.ok_or_else(|| CsvError::Bad {
        line: 0,
        message: "no files to merge".into(),
    })?;
    all.sort_by_key(|r| r.game);
    let mut out: Vec<GameRecord> = Vec::with_capacity(all.len());
    for r in all {
        match out.last() {
            Some(l) if l.game == r.game => {
                if *l != r {
                    return Err(CsvError::Duplicate(r.game));
                }
            }
            _ => out.push(r),
        }
    }
    Ok((info, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_seam::BotChoice;

    fn info() -> StudyInfo {
        StudyInfo {
            scenario: "Test, \"quoted\" scenario".into(),
            sides: ["german".into(), "soviet".into()],
            bots: [
                BotChoice::new("heuristic", Some(2)),
                BotChoice::new("random", None),
            ],
            loss_unit: "steps".into(),
        }
    }

    fn record(game: u64) -> GameRecord {
        GameRecord {
            game,
            seed: 1234567890123 + game,
            winner: Some("german".into()),
            level: Some("German small victory".into()),
            vp: -3 + game as i32,
            automatic: game % 2 == 1,
            turns: 17,
            cel_lost: [4, 9],
            units_lost: [1, 3],
            combats: 12,
            actions: 345,
            heat: vec![("0805".parse().unwrap(), 3), ("1807".parse().unwrap(), 1)],
            error: (game == 2).then(|| "stuck, \"badly\"\nat turn 3".to_string()),
        }
    }

    #[test]
    fn csv_round_trip() {
        let recs: Vec<GameRecord> = (0..4).map(record).collect();
        let mut buf = Vec::new();
        write(&mut buf, &info(), &recs).unwrap();
        let (i, back) = read(buf.as_slice()).unwrap();
        assert_eq!(i, info());
        assert_eq!(back, recs);
        let text = String::from_utf8(buf).unwrap();
        assert!(text.starts_with("game,seed,scenario,"));
        assert!(
            text.contains("\"stuck, \"\"badly\"\"\nat turn 3\""),
            "{text}"
        );
        assert_eq!(text.lines().count(), 6, "four games, one with a newline");
    }

    #[test]
    fn merge_orders_games_and_refuses_other_studies() {
        let a = (info(), vec![record(2), record(3)]);
        let b = (info(), vec![record(0), record(1), record(2)]);
        let (_, m) = merge(vec![a.clone(), b]).unwrap();
        assert_eq!(m.iter().map(|r| r.game).collect::<Vec<_>>(), [0, 1, 2, 3]);
        let mut other = info();
        other.bots[1] = BotChoice::new("heuristic", Some(5));
        assert!(matches!(
            merge(vec![a.clone(), (other, vec![record(9)])]),
            Err(CsvError::Mismatch(_))
        ));
        let mut changed = record(3);
        changed.vp = 99;
        assert!(matches!(
            merge(vec![a, (info(), vec![changed])]),
            Err(CsvError::Duplicate(3))
        ));
    }

    #[test]
    fn a_record_with_a_newline_and_quotes_in_its_error_reads_back() {
        let mut r = record(5);
        r.error = Some("panicked at 'index out of bounds',\nsrc/x.rs:1:2 \"here\"".into());
        r.level = Some("Soviet \"small\" victory, late".into());
        let mut buf = Vec::new();
        write(&mut buf, &info(), &[record(4), r.clone(), record(6)]).unwrap();
        let text = String::from_utf8(buf.clone()).unwrap();
        assert!(
            text.contains("bounds',\nsrc"),
            "the newline is kept inside the field"
        );
        let part = read(buf.as_slice()).unwrap();
        assert_eq!(part.1, vec![record(4), r.clone(), record(6)]);
        let (_, merged) = merge(vec![part, (info(), vec![r.clone()])]).unwrap();
        assert_eq!(
            merged,
            vec![record(4), r, record(6)],
            "--merge reads it back"
        );
    }

    #[test]
    fn columns_are_found_by_name_and_bad_rows_name_their_line() {
        let mut buf = Vec::new();
        write(&mut buf, &info(), &[record(0), record(1)]).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let broken = text.replacen(",17,", ",seventeen,", 2);
        let err = read(broken.as_bytes()).unwrap_err().to_string();
        assert!(err.starts_with("line 2:"), "{err}");
        let no_heat = text.replacen(",heat,", ",warmth,", 1);
        assert!(
            read(no_heat.as_bytes())
                .unwrap_err()
                .to_string()
                .contains("no column \"heat\"")
        );
        assert!(read("".as_bytes()).is_err());
        assert!(matches!(
            read(format!("{}\n", COLUMNS.join(",")).as_bytes()),
            Err(CsvError::Bad { .. })
        ));
    }

    #[test]
    fn the_loss_unit_is_kept_and_a_file_without_it_reads_as_losses() {
        let mut out = Vec::new();
        write(&mut out, &info(), &[record(0)]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.lines().next().unwrap().ends_with(",heat,loss_unit"),
            "{text}"
        );
        assert_eq!(read(text.as_bytes()).unwrap().0.loss_unit, "steps");
        let old: String = text
            .lines()
            .map(|l| format!("{}\n", &l[..l.rfind(',').unwrap()]))
            .collect();
        assert_eq!(read(old.as_bytes()).unwrap().0.loss_unit, "losses");
    }
}
