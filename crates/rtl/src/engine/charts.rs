//! The charts as data: the scenario's tables file (`*.tables.ron`) read into typed charts
//! — the Terrain Effects Chart for movement (8.3-8.6) and combat (10.2), the combat DRMs
//! (10.61), the Combat Coordination Table (10.4), the Initiative Table (7.13) and the two
//! CRTs (11.1). No number of a chart is written in the engine: a chart whose cells are not
//! entered cannot be played, and compiling it says which table and how many cells.

use sztab_core::model::tables::cell::{self, RollRange, Token};
use sztab_core::model::tables::{Table, Tables};

use super::crt::{Crt, CrtResult};
use super::words::{Class, CrtKind, Mp, Weather};

/// A movement cost as the TEC writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// The cost to enter (a terrain) or to move along (a road).
    Mp(Mp),
    /// Added to the other costs (woods, a hexside, a ZOC, a Strongpoint, an Overrun).
    Add(Mp),
    /// The entire Movement Allowance: the unit stops (8.37b, 8.36c).
    All,
    Prohibited,
}

/// One cell of the movement TEC: its cost, and a second number where the row has one —
/// a road's rate in a hex of other terrain, the cavalry's cost of swamp (decision R-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TecCell {
    pub cost: Cost,
    pub second: Option<Mp>,
}

/// The rows of the movement TEC, in the blank charts' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TecRow {
    Clear,
    Marsh,
    Swamp,
    Rough,
    Woods,
    Hill,
    Town,
    MainRoad,
    MinorRoad,
    Trail,
    Railroad,
    Stream,
    River,
    Lake,
    Zoc,
    Strongpoint,
    Overrun,
}

/// How a row's cells may be written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RowShape {
    /// A terrain: a cost, "All" or "P".
    Terrain,
    /// Swamp: as a terrain, with the cavalry's cost after "All" (8.37b).
    Swamp,
    /// Added on top: a number or "P".
    Added,
    /// A hexside: added, "All" or "P".
    Hexside,
    /// A road: one rate, or the rate in a clear hex then in other terrain; or "P".
    Road,
}

const TEC_ROWS: [(TecRow, &str, RowShape); 17] = [
    (TecRow::Clear, "Clear", RowShape::Terrain),
    (TecRow::Marsh, "Marsh", RowShape::Terrain),
    (TecRow::Swamp, "Swamp", RowShape::Swamp),
    (TecRow::Rough, "Rough", RowShape::Terrain),
    (TecRow::Woods, "Woods", RowShape::Added),
    (TecRow::Hill, "Hill", RowShape::Terrain),
    (TecRow::Town, "Town", RowShape::Terrain),
    (TecRow::MainRoad, "Main road", RowShape::Road),
    (TecRow::MinorRoad, "Minor road", RowShape::Road),
    (TecRow::Trail, "Trail", RowShape::Road),
    (TecRow::Railroad, "Railroad", RowShape::Road),
    (TecRow::Stream, "Stream hexside", RowShape::Hexside),
    (TecRow::River, "River hexside", RowShape::Hexside),
    (TecRow::Lake, "Lake hexside", RowShape::Hexside),
    (TecRow::Zoc, "Enemy ZOC", RowShape::Added),
    (TecRow::Strongpoint, "Enemy Strongpoint", RowShape::Added),
    (TecRow::Overrun, "Overrun", RowShape::Added),
];

const TEC_COLUMNS: [&str; 4] = [
    "NM Dry/Cloudy",
    "MOT/HE Dry/Cloudy",
    "NM Rain",
    "MOT/HE Rain",
];

/// The Terrain Effects Chart for movement.
#[derive(Clone, Debug)]
pub struct Tec {
    cells: Vec<[TecCell; 4]>,
}

impl Tec {
    /// The cell of `row` for a unit of `class` in `weather`: Dry and Cloudy share a
    /// column, Rain has its own (8.41); HE reads the MOT column (8.5).
    pub fn get(&self, row: TecRow, class: Class, weather: Weather) -> TecCell {
        let col = usize::from(class.motorized_column()) + 2 * usize::from(weather == Weather::Rain);
        let i = TEC_ROWS.iter().position(|r| r.0 == row).unwrap_or(0);
        self.cells[i][col]
    }
}

/// Terrain that may give the defender a DRM (10.22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatTerrain {
    Clear,
    Marsh,
    Swamp,
    Rough,
    Woods,
    Hill,
    Town,
    Stream,
    River,
}

const COMBAT_ROWS: [(CombatTerrain, &str); 9] = [
    (CombatTerrain::Clear, "Clear"),
    (CombatTerrain::Marsh, "Marsh"),
    (CombatTerrain::Swamp, "Swamp"),
    (CombatTerrain::Rough, "Rough"),
    (CombatTerrain::Woods, "Woods"),
    (CombatTerrain::Hill, "Hill"),
    (CombatTerrain::Town, "Town"),
    (CombatTerrain::Stream, "Stream hexside"),
    (CombatTerrain::River, "River hexside"),
];

/// The modifiers of 10.61 that are not terrain, ER or air.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatDrms {
    pub strongpoint: i32,
    pub no_retreat: i32,
    pub combined_arms: i32,
    pub failed_coordination: i32,
    pub engineer: i32,
}

/// The three coordination checks (10.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    Cas,
    Artillery,
    Combat,
}

/// The rows of the Combat Coordination Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoordRow {
    CommandPoint,
    Mobile,
    Assault,
    Woods,
    Cloudy,
    Rain,
    ThreeHexes,
}

const COORD_ROWS: [(CoordRow, &str); 7] = [
    (CoordRow::CommandPoint, "Each Command Point"),
    (CoordRow::Mobile, "Mobile Sequence"),
    (CoordRow::Assault, "Assault Sequence"),
    (CoordRow::Woods, "Woods in the Defender Hex"),
    (CoordRow::Cloudy, "Cloudy"),
    (CoordRow::Rain, "Rain"),
    (CoordRow::ThreeHexes, "Attackers in 3 or more hexes"),
];

const COORD_COLUMNS: [&str; 3] = ["CAS", "Artillery", "Combat units"];

/// Every chart the rules read.
#[derive(Clone, Debug)]
pub struct Charts {
    pub tec: Tec,
    combat: Vec<(CombatTerrain, i32)>,
    pub drms: CombatDrms,
    coordination: Vec<(CoordRow, [Option<i32>; 3])>,
    /// The Initiative Table's DRM for each Pass the opponent took, by side (7.13).
    pub pass_drm: [i32; 2],
    pub mobile: Crt,
    pub assault: Crt,
}

impl Charts {
    /// The defender's DRM for a terrain in the Defender Hex or a hexside (10.22).
    pub fn terrain_drm(&self, t: CombatTerrain) -> i32 {
        self.combat
            .iter()
            .find(|(x, _)| *x == t)
            .map_or(0, |(_, d)| *d)
    }

    /// A row's DRM on a check; "—" applies nothing.
    pub fn coordination(&self, row: CoordRow, check: Check) -> i32 {
        let col = match check {
            Check::Cas => 0,
            Check::Artillery => 1,
            Check::Combat => 2,
        };
        self.coordination
            .iter()
            .find(|(r, _)| *r == row)
            .and_then(|(_, c)| c[col])
            .unwrap_or(0)
    }

    pub fn crt(&self, kind: CrtKind) -> &Crt {
        match kind {
            CrtKind::Mobile => &self.mobile,
            CrtKind::Assault => &self.assault,
        }
    }
}

/// The tables the rules read.
pub const NEEDED: [&str; 7] = [
    "mobile_crt",
    "assault_crt",
    "tec_movement",
    "tec_combat",
    "combat_drm",
    "coordination",
    "initiative",
];

/// Reads every chart of `t`; each reason it cannot be played is a line.
pub fn compile(t: &Tables) -> Result<Charts, Vec<String>> {
    let mut errors = Vec::new();
    for id in NEEDED {
        match t.table(id) {
            None => errors.push(format!("the charts have no table \"{id}\"")),
            Some(tb) => {
                let empty = tb.empty_cells();
                if empty > 0 {
                    errors.push(format!(
                        "table {} ({id}) has {empty} empty cell{} the game needs",
                        tb.name,
                        if empty == 1 { "" } else { "s" }
                    ));
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let r = Reader {
        t,
        errors: &mut errors,
    };
    let charts = read_all(r);
    match charts {
        Some(c) if errors.is_empty() => Ok(c),
        _ => Err(errors),
    }
}

struct Reader<'a> {
    t: &'a Tables,
    errors: &'a mut Vec<String>,
}

impl Reader<'_> {
    fn table(&self, id: &str) -> &Table {
        self.t.table(id).expect("checked present")
    }

    /// The tokens of cell (`key`, `column`) of table `id`.
    fn tokens(&mut self, id: &str, key: &str, column: &str) -> Option<Vec<Token>> {
        let tb = self.t.table(id)?;
        let Some(text) = tb.lookup(key, column) else {
            self.errors.push(format!(
                "table {} has no cell at row \"{key}\", column \"{column}\"",
                tb.name
            ));
            return None;
        };
        let Some(v) = self.t.vocabulary(&tb.vocabulary) else {
            self.errors.push(format!(
                "table {}: no vocabulary {}",
                tb.name, tb.vocabulary
            ));
            return None;
        };
        match cell::parse(v, text) {
            Ok(Some(p)) => Some(p.parts.into_iter().flatten().collect()),
            Ok(None) => {
                self.errors.push(format!(
                    "table {}: the cell at row \"{key}\", column \"{column}\" is empty",
                    tb.name
                ));
                None
            }
            Err(e) => {
                self.errors
                    .push(format!("table {}: {}", tb.name, e.message));
                None
            }
        }
    }

    fn bad(&mut self, id: &str, key: &str, column: &str, why: &str) {
        let name = self.table(id).name.clone();
        self.errors.push(format!(
            "table {name}, row \"{key}\", column \"{column}\": {why}"
        ));
    }

    /// A DRM cell: a whole number, or "—" for none.
    fn drm(&mut self, id: &str, key: &str, column: &str) -> Option<Option<i32>> {
        let toks = self.tokens(id, key, column)?;
        match toks.as_slice() {
            [Token::Code(c)] if c == "—" => Some(None),
            [Token::Number { num, den: 1, .. }] => Some(Some(*num as i32)),
            _ => {
                self.bad(id, key, column, "a DRM is a whole number or \"—\"");
                None
            }
        }
    }
}

fn read_all(mut r: Reader<'_>) -> Option<Charts> {
    let tec = read_tec(&mut r);
    let combat = read_combat_terrain(&mut r);
    let drms = read_drms(&mut r);
    let coordination = read_coordination(&mut r);
    let pass_drm = read_initiative(&mut r);
    let mobile = read_crt(&mut r, "mobile_crt", CrtKind::Mobile);
    let assault = read_crt(&mut r, "assault_crt", CrtKind::Assault);
    // Both charts give the Strongpoint's DRM: they must agree (decision R-07).
    let sp = r.drm("tec_combat", "Strongpoint", "Defender DRM").flatten();
    if let (Some(d), Some(sp)) = (&drms, sp)
        && d.strongpoint != sp
    {
        r.errors.push(format!(
            "the Strongpoint DRM is {sp} on the Terrain Effects on Combat and {} among the Combat DRMs",
            d.strongpoint
        ));
    }
    Some(Charts {
        tec: tec?,
        combat: combat?,
        drms: drms?,
        coordination: coordination?,
        pass_drm: pass_drm?,
        mobile: mobile?,
        assault: assault?,
    })
}

fn mp_of(t: &Token) -> Option<Mp> {
    match t {
        Token::Number { num, den, .. } => Mp::fraction(*num, *den),
        Token::Code(_) => None,
    }
}

fn read_tec_cell(toks: &[Token], shape: RowShape) -> Result<TecCell, &'static str> {
    let first = match toks.first() {
        Some(Token::Code(c)) if c == "P" => Cost::Prohibited,
        Some(Token::Code(c)) if c == "All" => {
            if matches!(shape, RowShape::Added | RowShape::Road) {
                return Err("\"All\" is not a cost of this row");
            }
            Cost::All
        }
        Some(t @ Token::Number { .. }) => {
            let mp = mp_of(t).ok_or("a cost must be a whole number or a ½, ⅓ or ¼")?;
            match shape {
                RowShape::Added | RowShape::Hexside => Cost::Add(mp),
                _ => Cost::Mp(mp),
            }
        }
        _ => return Err("a cost is a number, \"All\" or \"P\""),
    };
    let second = match (toks.get(1), shape, first) {
        (None, _, _) => None,
        (Some(t), RowShape::Road, Cost::Mp(_)) | (Some(t), RowShape::Swamp, Cost::All) => {
            Some(mp_of(t).ok_or("the second value must be a cost")?)
        }
        _ => {
            return Err(
                "one value only, except a road (clear, then other terrain) or the swamp's \"All\" and the cavalry's cost",
            );
        }
    };
    if toks.len() > 2 {
        return Err("at most two values");
    }
    Ok(TecCell {
        cost: first,
        second,
    })
}

fn read_tec(r: &mut Reader<'_>) -> Option<Tec> {
    let mut cells = Vec::new();
    let mut ok = true;
    for (row, key, shape) in TEC_ROWS {
        let mut line = [TecCell {
            cost: Cost::Prohibited,
            second: None,
        }; 4];
        for (i, col) in TEC_COLUMNS.iter().enumerate() {
            let Some(toks) = r.tokens("tec_movement", key, col) else {
                ok = false;
                continue;
            };
            match read_tec_cell(&toks, shape) {
                Ok(c) => line[i] = c,
                Err(why) => {
                    r.bad("tec_movement", key, col, why);
                    ok = false;
                }
            }
        }
        // The cavalry's swamp cost is the only way a cavalry unit pays for swamp (8.37b).
        if row == TecRow::Swamp {
            for (i, col) in [(0, TEC_COLUMNS[0]), (2, TEC_COLUMNS[2])] {
                if line[i].cost == Cost::All && line[i].second.is_none() {
                    r.bad(
                        "tec_movement",
                        key,
                        col,
                        "write the cavalry's cost after \"All\" (8.37b; decision R-05)",
                    );
                    ok = false;
                }
            }
        }
        cells.push(line);
    }
    ok.then_some(Tec { cells })
}

fn read_combat_terrain(r: &mut Reader<'_>) -> Option<Vec<(CombatTerrain, i32)>> {
    let mut out = Vec::new();
    for (t, key) in COMBAT_ROWS {
        out.push((t, r.drm("tec_combat", key, "Defender DRM")?.unwrap_or(0)));
    }
    Some(out)
}

fn read_drms(r: &mut Reader<'_>) -> Option<CombatDrms> {
    let mut get = |key: &str| r.drm("combat_drm", key, "DRM").map(|d| d.unwrap_or(0));
    Some(CombatDrms {
        strongpoint: get("Strongpoint in the Defender Hex")?,
        no_retreat: get("No Retreat marker")?,
        combined_arms: get("Combined Arms Bonus")?,
        failed_coordination: get("Failed combat unit coordination")?,
        engineer: get("Attacking engineer")?,
    })
}

fn read_coordination(r: &mut Reader<'_>) -> Option<Vec<(CoordRow, [Option<i32>; 3])>> {
    let mut out = Vec::new();
    for (row, key) in COORD_ROWS {
        let mut line = [None; 3];
        for (i, col) in COORD_COLUMNS.iter().enumerate() {
            line[i] = r.drm("coordination", key, col)?;
        }
        out.push((row, line));
    }
    Some(out)
}

fn read_initiative(r: &mut Reader<'_>) -> Option<[i32; 2]> {
    let key = "Each Pass Sequence the opponent took last turn";
    let german = r.drm("initiative", key, "German")?.unwrap_or(0);
    let soviet = r.drm("initiative", key, "Soviet")?.unwrap_or(0);
    let mut out = [0; 2];
    out[super::words::GERMAN] = german;
    out[super::words::SOVIET] = soviet;
    Some(out)
}

/// "3:2" as (3, 2).
fn odds_of(label: &str) -> Option<(u32, u32)> {
    let (a, d) = label.split_once(':')?;
    let (a, d) = (a.trim().parse().ok()?, d.trim().parse().ok()?);
    (a > 0 && d > 0).then_some((a, d))
}

/// The lowest and highest modified combat rolls: a d10 with DRMs capped at ±5 (10.62).
pub const ROLLS: (i32, i32) = (1 - 5, 10 + 5);

fn read_crt(r: &mut Reader<'_>, id: &str, kind: CrtKind) -> Option<Crt> {
    let tb = r.table(id).clone();
    let mut columns = Vec::new();
    for c in &tb.columns {
        match odds_of(c) {
            Some(o) => columns.push(o),
            None => {
                r.errors
                    .push(format!("table {}: column \"{c}\" is not odds", tb.name));
                return None;
            }
        }
    }
    if columns
        .windows(2)
        .any(|w| u64::from(w[0].0) * u64::from(w[1].1) >= u64::from(w[1].0) * u64::from(w[0].1))
    {
        r.errors
            .push(format!("table {}: its columns do not rise", tb.name));
        return None;
    }
    let mut rows = Vec::new();
    for row in &tb.rows {
        let Some(range) = RollRange::parse(&row.key) else {
            r.errors.push(format!(
                "table {}: row \"{}\" is not a roll",
                tb.name, row.key
            ));
            return None;
        };
        let mut line = Vec::new();
        for col in &tb.columns {
            let toks = r.tokens(id, &row.key, col)?;
            match CrtResult::read(&toks) {
                Ok(res) => line.push(res),
                Err(why) => {
                    r.bad(id, &row.key, col, &why);
                    return None;
                }
            }
        }
        rows.push((range, line));
    }
    for roll in ROLLS.0..=ROLLS.1 {
        if !rows.iter().any(|(k, _)| k.contains(roll)) {
            r.errors.push(format!(
                "table {}: no row for a modified roll of {roll}",
                tb.name
            ));
            return None;
        }
    }
    Some(Crt {
        kind,
        columns,
        rows,
    })
}
