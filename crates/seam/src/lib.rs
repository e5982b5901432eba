//! The seam between the shell (editor, command line, balance lab) and a rule system.
//!
//! A rule system is one [`RuleSystem`] value in the registry ([`sztab_registry::all`]).
//! The shell knows systems only through it: what the system is and supports, the
//! vocabulary its catalogue must give and the schemas of its counters, loading and
//! checking its scenarios, games played by bots ([`Match`]), replays, odds, the setup
//! card and, in the editor, its panels, the parts of a scenario it has and its own
//! tools ([`ProbeInfo`]). Files name their system (`system: "wb95"`);
//! [`sztab_registry::load`] reads that field and hands the file to its system.
//!
//! Why a trait object and not an enum with a variant per system: the shell then never
//! changes when a system is added — the registry gets one line — and each system keeps
//! its own types (WB-95's typed counters, its `Game`, its bots) behind the trait.

pub mod counters;
mod decision;
mod feature;
pub mod fields;
mod game;
pub mod hex_names;
mod odds;
mod parts;
pub mod play;
mod probe;
mod scenario;
pub mod setup_lint;
mod tables;
pub use tables::read_typed;

pub use decision::{Choice, Decision};
pub use feature::{Feature, FeatureLook};
pub use game::{
    CombatMark, GameRecord, Match, MatchError, Narration, OnBoard, Playable, Replayed, Review,
    SideInfo,
};
pub use odds::OddsQuery;
pub use parts::ScenarioPart;
pub use probe::{Mark, MarkAt, ProbeInfo, ProbeInput, ProbeReport, Verdict};
pub use scenario::{AnyBundle, BundleRef};

use std::path::Path;

use sztab_core::hex::HexId;
use sztab_core::model::described::Schemas;
use sztab_core::model::tables::cell::Parsed;
use sztab_core::model::tables::{Table, Tables};
use sztab_core::model::{LoadError, Map, Problem, Schema, Source, TerrainCatalogue};

/// What a system can do today, derived from the parts it has ([`RuleSystem::support`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    /// Its maps, counters and scenarios can be authored in the editor and validated.
    pub authoring: bool,
    /// Its rules check a scenario's setup (problems with code, rule and location).
    pub setup_checks: bool,
    /// Its rules engine plays a game (`sztab play`, the playtest).
    pub engine: bool,
    /// Bots play it (`sztab balance`, the balance lab).
    pub bots: bool,
}

/// Which part of a terrain catalogue a term of a system's vocabulary belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermClass {
    Terrain,
    Feature,
    Hexside,
    /// Roads and other hex-to-hex links.
    Link,
}

impl TermClass {
    pub fn name(self) -> &'static str {
        match self {
            TermClass::Terrain => "terrain",
            TermClass::Feature => "feature",
            TermClass::Hexside => "hexside",
            TermClass::Link => "link",
        }
    }
}

/// A word of a system's terrain vocabulary: a catalogue entry its rules give a meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub class: TermClass,
    /// The catalogue id the rules look for (`woods`), or for a catalogue whose entries
    /// are the designer's own (WB-95), the role an entry can take.
    pub id: &'static str,
    /// What the rules make of it.
    pub meaning: &'static str,
    /// A catalogue of the system must declare it.
    pub required: bool,
}

/// A bot a system offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// As the command line names it: `random`, `heuristic`.
    pub kind: &'static str,
    pub label: &'static str,
    /// Strengths it takes (`heuristic:3`), lowest and highest; `None` for none.
    pub strengths: Option<(u8, u8)>,
    /// The strength it plays at when none is given.
    pub default_strength: u8,
}

/// A rule system: one game's vocabulary, counters, scenarios, rules and bots.
pub trait RuleSystem: Sync {
    /// The id files use: `wb95`.
    fn id(&self) -> &'static str;
    /// Its name: "WB-95".
    fn name(&self) -> &'static str;
    /// One sentence: what game it is.
    fn about(&self) -> &'static str;

    /// The sides its rules name, in the order they set up (id, name): a new scenario gets
    /// them, and a counter set made for it one nation each. Empty for a system whose
    /// scenarios name their own.
    fn sides(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The catalogue entries its rules give a meaning.
    fn vocabulary(&self) -> &'static [Term];
    /// What a unit counter has (the generated unit editor and table, `sztab systems`).
    fn unit_schema(&self) -> Schema;
    /// The schemas its described files are checked against (systems with typed files of
    /// their own, like WB-95, give empty ones).
    fn schemas(&self) -> Schemas {
        Schemas {
            unit: self.unit_schema(),
            ..Schemas::EMPTY
        }
    }

    /// The counter of a described unit, in the state `state` (its placement's
    /// attributes), as the map, the PNG export and the setup card draw it.
    fn counter_face(
        &self,
        counters: &sztab_core::model::described::Counters,
        unit: &sztab_core::model::described::Unit,
        state: &sztab_core::model::Attrs,
    ) -> sztab_core::render::counter::CounterFace {
        let _ = state;
        counters::plain_face(&self.unit_schema(), counters, unit)
    }

    /// The placement state that shows a unit's printed back (reduced, fired, spent), for a
    /// print-and-play kit; `None` when the counter's back is blank.
    fn back_state(
        &self,
        unit: &sztab_core::model::described::Unit,
    ) -> Option<sztab_core::model::Attrs> {
        let _ = unit;
        None
    }

    /// The game-state markers its rules use ("Out of Supply", "Fired"), with how many a
    /// kit prints of each.
    fn markers(&self) -> &'static [(&'static str, u8)] {
        &[]
    }

    /// What its rules need of a terrain catalogue, beyond the shape every catalogue has.
    fn check_catalogue(&self, catalogue: &TerrainCatalogue, source: &Source) -> Vec<Problem> {
        required_terms(self.vocabulary(), catalogue, source)
    }

    /// What its rules need of a counters file read on its own (`sztab validate`): by
    /// default the counter set every system but WB-95 shares, against its schemas.
    fn check_counters(&self, source: &Source) -> Result<Vec<Problem>, LoadError> {
        let c: sztab_core::model::described::Counters = sztab_core::model::io::parse(source)?;
        Ok(sztab_core::model::described::check_counters(
            &c,
            &self.schemas(),
            source,
        ))
    }

    /// Its blank charts: the text of a tables file holding every table its rules read,
    /// shaped as the rulebook gives it (columns, die, result codes), with only the cells
    /// the rulebook's text gives; `None` for a system that keeps no charts as data.
    fn blank_tables(&self) -> Option<&'static str> {
        None
    }

    /// What its rules need of a tables file: its system, and every table of its blank
    /// charts with their die, vocabulary and columns.
    fn check_tables(&self, tables: &Tables, source: &Source) -> Vec<Problem> {
        let mut out = Vec::new();
        if tables.system.as_str() != self.id() {
            let mut p = Problem::error(
                "Y01",
                format!("the tables are for {}, not {}", tables.system, self.id()),
            );
            if !source.path.as_os_str().is_empty() {
                p = p.at(source.path.clone(), source.find_field("system"));
            }
            out.push(p);
        }
        if let Some(shape) = self.blank_tables() {
            match sztab_core::model::io::parse::<Tables>(&Source::new("", shape)) {
                Ok(shape) => out.extend(sztab_core::model::tables::conform::conform(
                    &shape, tables, source,
                )),
                Err(e) => out.push(Problem::error(
                    "X09",
                    format!("the {} blank charts do not read: {e}", self.name()),
                )),
            }
        }
        out.extend(tables::unread_cells(self, tables, source));
        out
    }

    /// Whether its rules read `cell`, a cell of `table` that its vocabulary reads: the
    /// codes in an order the rules give a meaning ("A1 DR", not "RRE3"). An error says
    /// why not; the table editor refuses such a cell as it is typed, `validate` reports
    /// it (X11).
    fn read_cell(&self, table: &Table, cell: &Parsed) -> Result<(), String> {
        let _ = (table, cell);
        Ok(())
    }

    /// Sections of its own on a described scenario's setup card, after the common ones:
    /// each a title and an HTML body.
    fn card_sections(
        &self,
        bundle: &sztab_core::model::described::Bundle,
    ) -> Vec<(String, String)> {
        let _ = bundle;
        Vec::new()
    }

    /// Loads a scenario of this system with the files it references; returns their
    /// reference problems.
    fn load(&self, path: &Path) -> Result<(AnyBundle, Vec<Problem>), LoadError> {
        let (b, p) = sztab_core::model::described::Bundle::load(path, &self.schemas())?;
        Ok((AnyBundle::Described(Box::new(b)), p))
    }

    /// The rules' checks of a scenario's setup, run after the reference checks.
    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem>;

    /// The bots it offers; the first is the default of `sztab balance`.
    fn bots(&self) -> &'static [BotInfo] {
        &[]
    }

    /// Its rules engine, when it has one: the part that makes its scenarios playable.
    fn engine(&self) -> Option<&dyn Engine> {
        None
    }

    /// The scenario compiled for play by its [`Engine`], once for any number of games.
    fn prepare(&self, bundle: BundleRef<'_>) -> Result<std::sync::Arc<dyn Playable>, MatchError> {
        self.engine()
            .ok_or_else(|| no_engine(self.name(), "cannot play"))?
            .compile(bundle)
    }

    /// A game of `bundle` (see [`Playable::new_match`]).
    fn new_match(
        &self,
        bundle: BundleRef<'_>,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Box<dyn Match>, MatchError> {
        self.prepare(bundle)?.new_match(seed, bots, narration)
    }

    /// Replays a game log of this system (`text`, read from `log_path`) on `bundle`, the
    /// scenario it names, and checks it gives the same events. The setup checks refuse
    /// what the recorded game could not have been played on.
    fn replay(
        &self,
        bundle: BundleRef<'_>,
        log_path: &Path,
        text: &str,
    ) -> Result<Replayed, MatchError> {
        self.prepare(bundle)?.replay(log_path, text)
    }

    /// The full breakdown of an attack in the scenario's setup position.
    fn odds(&self, bundle: BundleRef<'_>, query: &OddsQuery) -> Result<String, MatchError> {
        self.engine()
            .ok_or_else(|| no_engine(self.name(), "no odds"))?
            .odds(bundle, query)
    }

    /// Whether its scenarios have `part` (the editor offers the part's tool only then).
    fn has_part(&self, part: ScenarioPart) -> bool {
        let _ = part;
        false
    }

    /// Its own editor tools: questions its rules answer about a map (see [`ProbeReport`]).
    fn probes(&self) -> &'static [ProbeInfo] {
        &[]
    }

    /// Runs the probe `id` on `map` at `hexes` (two for a [`ProbeInput::Line`], one for
    /// a [`ProbeInput::Hex`]); an error says why it cannot answer.
    fn probe(&self, id: &str, map: &Map, hexes: &[HexId]) -> Result<ProbeReport, String> {
        let _ = (map, hexes);
        Err(format!("{} has no probe \"{id}\"", self.name()))
    }
}

impl dyn RuleSystem + '_ {
    /// What the system can do, from the parts it has: every system is authored and
    /// checked (its vocabulary, schemas and setup checks are required), it plays when it
    /// has an [`Engine`] and bots play it when it offers any. Never a second list kept by
    /// hand beside the parts.
    pub fn support(&self) -> Support {
        Support {
            authoring: true,
            setup_checks: true,
            engine: self.engine().is_some(),
            bots: !self.bots().is_empty(),
        }
    }
}

/// A system's rules engine: compiles a scenario for play and breaks an attack down.
/// Everything else of play (seats, bots, dice, logs, replay, records) is the seam's
/// [`play::Driver`], given the compiled scenario's [`play::GameRules`].
pub trait Engine: Sync {
    /// The scenario compiled for play, once for any number of games. The rules' setup
    /// checks run first and their errors refuse it ([`refuse_errors`]).
    fn compile(&self, bundle: BundleRef<'_>) -> Result<std::sync::Arc<dyn Playable>, MatchError>;

    /// The full breakdown of an attack in the scenario's setup position.
    fn odds(&self, bundle: BundleRef<'_>, query: &OddsQuery) -> Result<String, MatchError>;
}

/// The refusal of a system without an engine: "Draft has no engine yet: cannot play".
fn no_engine(system: &str, what: &str) -> MatchError {
    MatchError::Unsupported(format!("{system} has no engine yet: {what}"))
}

/// Refuses a scenario for play when its setup checks found errors, listing them.
pub fn refuse_errors(problems: &[Problem]) -> Result<(), MatchError> {
    let errors: Vec<String> = problems
        .iter()
        .filter(|p| p.is_error())
        .map(|p| p.to_string())
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(MatchError::Refused(errors))
    }
}

/// Reports the required terms of `vocabulary` that `catalogue` does not declare.
pub fn required_terms(
    vocabulary: &[Term],
    catalogue: &TerrainCatalogue,
    source: &Source,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for t in vocabulary.iter().filter(|t| t.required) {
        let present = match t.class {
            TermClass::Terrain => catalogue.terrain(t.id).is_some(),
            TermClass::Feature => catalogue.feature(t.id).is_some(),
            TermClass::Hexside => catalogue.hexside(t.id).is_some(),
            TermClass::Link => catalogue.road(t.id).is_some(),
        };
        if !present {
            let mut p = Problem::error(
                "C01",
                format!(
                    "the catalogue has no {} \"{}\" ({}), which the {} rules need",
                    t.class.name(),
                    t.id,
                    t.meaning,
                    catalogue.system
                ),
            );
            if !source.path.as_os_str().is_empty() {
                p = p.at(source.path.clone(), None);
            }
            out.push(p);
        }
    }
    out
}

/// A bot as the command line and the lab name it: `random`, `heuristic:3`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotChoice {
    pub kind: String,
    /// For bots that take one; `None` plays at the bot's default.
    pub strength: Option<u8>,
}

impl BotChoice {
    pub fn new(kind: impl Into<String>, strength: Option<u8>) -> Self {
        Self {
            kind: kind.into(),
            strength,
        }
    }

    /// The bot at `strength` if it takes one (clamped to its range), as `system` names
    /// it: a strength is written out (`heuristic` becomes `heuristic:3`) so equal bots
    /// compare equal.
    pub fn normalized(&self, system: &dyn RuleSystem) -> Result<BotChoice, String> {
        let Some(info) = system.bots().iter().find(|b| b.kind == self.kind) else {
            let kinds: Vec<&str> = system.bots().iter().map(|b| b.kind).collect();
            return Err(format!(
                "unknown bot \"{}\"; {} has {}",
                self.kind,
                system.name(),
                if kinds.is_empty() {
                    "no bots".to_owned()
                } else {
                    kinds.join(", ")
                }
            ));
        };
        Ok(BotChoice {
            kind: self.kind.clone(),
            strength: info
                .strengths
                .map(|(lo, hi)| self.strength.unwrap_or(info.default_strength).clamp(lo, hi)),
        })
    }

    /// The system's first bot at its default strength.
    pub fn default_of(system: &dyn RuleSystem) -> Option<BotChoice> {
        let b = system.bots().first()?;
        Some(BotChoice {
            kind: b.kind.into(),
            strength: b.strengths.map(|_| b.default_strength),
        })
    }
}

impl std::fmt::Display for BotChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.strength {
            Some(s) => write!(f, "{}:{s}", self.kind),
            None => f.write_str(&self.kind),
        }
    }
}

impl std::str::FromStr for BotChoice {
    type Err = String;

    /// `kind` or `kind:N`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (kind, strength) = match s.split_once(':') {
            Some((k, n)) => (
                k,
                Some(
                    n.parse::<u8>()
                        .map_err(|_| format!("\"{s}\": the strength after ':' is a number"))?,
                ),
            ),
            None => (s, None),
        };
        if kind.is_empty() || !kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("\"{s}\" is not a bot name"));
        }
        Ok(BotChoice::new(kind, strength))
    }
}
