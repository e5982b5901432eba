//! Per-game records as CSV: one row per game, a header and a fixed column order, every
//! row carrying the scenario, the sides and the bots so a file stands on its own and
//! shards can be checked before they are merged. The heat map is a compact column:
//! `HEX:COMBATS` pairs separated by spaces.

use std::io::{BufRead, Write};

use super::{GameRecord, StudyInfo};
use crate::systems::seam::BotChoice;

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

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes the header and one row per record.
pub fn write(
    out: &mut impl Write,
    info: &StudyInfo,
    records: &[GameRecord],
) -> std::io::Result<()> {
    writeln!(out, "{}", COLUMNS.join(","))?;
    for r in records {
        let heat: Vec<String> = r.heat.iter().map(|(h, k)| format!("{h}:{k}")).collect();
        let fields: [String; 20] = [
            r.game.to_string(),
            r.seed.to_string(),
            quote(&info.scenario),
            quote(&info.sides[0]),
            quote(&info.sides[1]),
            info.bots[0].to_string(),
            info.bots[1].to_string(),
            quote(r.winner.as_deref().unwrap_or("")),
            quote(r.level.as_deref().unwrap_or("")),
            r.vp.to_string(),
            r.automatic.to_string(),
            r.turns.to_string(),
            r.cel_lost[0].to_string(),
            r.cel_lost[1].to_string(),
            r.units_lost[0].to_string(),
            r.units_lost[1].to_string(),
            r.combats.to_string(),
            r.actions.to_string(),
            quote(r.error.as_deref().unwrap_or("")),
            heat.join(" "),
        ];
        writeln!(out, "{}", fields.join(","))?;
    }
    Ok(())
}

/// Splits one CSV line into fields (RFC 4180 quoting, no embedded newlines).
fn split(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (false, '"') if at_start => {
                quoted = true;
                at_start = false;
            }
            (true, '"') => {
                if chars.peek() == Some(&'"') {
                    cur.push('"');
                    chars.next();
                } else {
                    quoted = false;
                }
            }
            (false, ',') => {
                fields.push(std::mem::take(&mut cur));
                at_start = true;
            }
            (_, c) => {
                cur.push(c);
                at_start = false;
            }
        }
    }
    if quoted {
        return Err("an unterminated quoted field".into());
    }
    fields.push(cur);
    Ok(fields)
}

fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// Reads a file written by [`write`]: the study it belongs to and its records.
pub fn read(input: impl BufRead) -> Result<(StudyInfo, Vec<GameRecord>), CsvError> {
    let mut lines = input.lines().enumerate();
    let bad = |line: usize, message: String| CsvError::Bad {
        line: line + 1,
        message,
    };
    let header = match lines.next() {
        Some((_, l)) => l?,
        None => return Err(bad(0, "the file is empty".into())),
    };
    let names = split(header.trim_end()).map_err(|m| bad(0, m))?;
    let col = |name: &str| names.iter().position(|n| n == name);
    let mut index = [0usize; 20];
    for (i, c) in COLUMNS.iter().enumerate() {
        index[i] = col(c).ok_or_else(|| bad(0, format!("no column \"{c}\"")))?;
    }
    let mut info: Option<StudyInfo> = None;
    let mut records = Vec::new();
    for (n, line) in lines {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let f = split(line.trim_end()).map_err(|m| bad(n, m))?;
        let get = |i: usize| -> Result<&str, CsvError> {
            f.get(index[i])
                .map(|s| s.as_str())
                .ok_or_else(|| bad(n, format!("no value for \"{}\"", COLUMNS[i])))
        };
        let num = |i: usize| -> Result<u64, CsvError> {
            get(i)?
                .parse()
                .map_err(|_| bad(n, format!("\"{}\" is not a number", COLUMNS[i])))
        };
        let small = |i: usize| -> Result<u32, CsvError> {
            u32::try_from(num(i)?).map_err(|_| bad(n, format!("\"{}\" is too large", COLUMNS[i])))
        };
        let bot =
            |i: usize| -> Result<BotChoice, CsvError> { get(i)?.parse().map_err(|m| bad(n, m)) };
        let row_info = StudyInfo {
            scenario: get(2)?.to_string(),
            sides: [get(3)?.to_string(), get(4)?.to_string()],
            bots: [bot(5)?, bot(6)?],
        };
        match &info {
            None => info = Some(row_info),
            Some(i) if *i != row_info => {
                return Err(CsvError::Mismatch(format!(
                    "line {} plays {} ({} {} vs {} {}), the file began with {} ({} {} vs {} {})",
                    n + 1,
                    row_info.scenario,
                    row_info.sides[0],
                    row_info.bots[0],
                    row_info.sides[1],
                    row_info.bots[1],
                    i.scenario,
                    i.sides[0],
                    i.bots[0],
                    i.sides[1],
                    i.bots[1]
                )));
            }
            Some(_) => {}
        }
        let mut heat = Vec::new();
        for pair in get(19)?.split_whitespace() {
            let (h, k) = pair
                .split_once(':')
                .ok_or_else(|| bad(n, format!("heat entry \"{pair}\" should be HEX:COUNT")))?;
            let h = h
                .parse()
                .map_err(|e| bad(n, format!("heat entry \"{pair}\": {e}")))?;
            let k = k
                .parse()
                .map_err(|_| bad(n, format!("heat entry \"{pair}\": bad count")))?;
            heat.push((h, k));
        }
        let automatic = match get(10)? {
            "true" => true,
            "false" => false,
            other => {
                return Err(bad(
                    n,
                    format!("\"automatic\" is \"{other}\", not true/false"),
                ));
            }
        };
        records.push(GameRecord {
            game: num(0)?,
            seed: num(1)?,
            winner: opt(get(7)?),
            level: opt(get(8)?),
            vp: get(9)?
                .parse()
                .map_err(|_| bad(n, "\"vp\" is not a number".into()))?,
            automatic,
            turns: small(11)?,
            cel_lost: [small(12)?, small(13)?],
            units_lost: [small(14)?, small(15)?],
            combats: small(16)?,
            actions: small(17)?,
            error: opt(get(18)?),
            heat,
        });
    }
    let info = info.ok_or_else(|| bad(1, "the file has no games".into()))?;
    Ok((info, records))
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
                    "{} ({} {} vs {} {}) and {} ({} {} vs {} {})",
                    x.scenario,
                    x.sides[0],
                    x.bots[0],
                    x.sides[1],
                    x.bots[1],
                    i.scenario,
                    i.sides[0],
                    i.bots[0],
                    i.sides[1],
                    i.bots[1]
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

    fn info() -> StudyInfo {
        StudyInfo {
            scenario: "Test, \"quoted\" scenario".into(),
            sides: ["german".into(), "soviet".into()],
            bots: [
                BotChoice::new("heuristic", Some(2)),
                BotChoice::new("random", None),
            ],
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
            error: (game == 2).then(|| "stuck, \"badly\"".to_string()),
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
        assert_eq!(text.lines().count(), 5);
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
    fn split_handles_quotes() {
        assert_eq!(
            split("a,\"b,c\",\"d\"\"e\",").unwrap(),
            ["a", "b,c", "d\"e", ""]
        );
        assert!(split("\"open").is_err());
    }
}
