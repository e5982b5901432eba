//! Toy: a tiny, complete game built for the tests, not a published game. It exists to
//! prove that the editor, the playtest shell, the command line and the balance lab work
//! for a rule system other than WB-95, through the seam alone (docs/adding-a-rule-system.md
//! walks through it). Its rules are in [`rules`]; its files are the described ones.

mod bots;
mod checks;
mod play;
pub mod rules;
mod seat;

use std::sync::Arc;

use sztab_core::model::attrs::{FieldDef, FieldKind};
use sztab_core::model::described::Schemas;
use sztab_core::model::{Problem, Schema};
use sztab_seam::{
    BotInfo, BundleRef, Engine, MatchError, OddsQuery, Playable, RuleSystem, Term, TermClass,
};

/// The toy system.
pub struct Toy;

const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef {
        key: "attack",
        label: "Attack",
        help: "added to the die when it attacks",
        kind: FieldKind::Int { min: 0, max: 9 },
        default: None,
    },
    FieldDef {
        key: "defense",
        label: "Defense",
        help: "taken from the attacker's die",
        kind: FieldKind::Int { min: 0, max: 9 },
        default: None,
    },
    FieldDef {
        key: "move",
        label: "Move",
        help: "movement points: clear 1, rough 2, along a road 1",
        kind: FieldKind::Int { min: 0, max: 9 },
        default: None,
    },
];

/// The toy's unit schema.
pub const UNIT_SCHEMA: Schema = Schema {
    fields: UNIT_FIELDS,
};

const VOCABULARY: &[Term] = &[
    Term {
        class: TermClass::Terrain,
        id: "clear",
        meaning: "1 MP to enter",
        required: true,
    },
    Term {
        class: TermClass::Terrain,
        id: "rough",
        meaning: "2 MP to enter; -1 to an attack on a unit in it",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: "wall",
        meaning: "cannot be crossed, moving or attacking",
        required: true,
    },
    Term {
        class: TermClass::Link,
        id: "road",
        meaning: "1 MP a hex along it, whatever the terrain",
        required: false,
    },
];

const BOTS: &[BotInfo] = &[
    BotInfo {
        kind: "greedy",
        label: "Greedy",
        strengths: None,
        default_strength: 1,
    },
    BotInfo {
        kind: "random",
        label: "Random",
        strengths: None,
        default_strength: 1,
    },
];

impl RuleSystem for Toy {
    fn id(&self) -> &'static str {
        "toy"
    }

    fn name(&self) -> &'static str {
        "Toy (test system)"
    }

    fn about(&self) -> &'static str {
        "a tiny game built for Sztab's tests: move, attack an adjacent enemy on a one-line table, hold the objective"
    }

    fn sides(&self) -> &'static [(&'static str, &'static str)] {
        &[("blue", "Blue"), ("red", "Red")]
    }

    fn vocabulary(&self) -> &'static [Term] {
        VOCABULARY
    }

    fn unit_schema(&self) -> Schema {
        UNIT_SCHEMA
    }

    fn schemas(&self) -> Schemas {
        Schemas {
            unit: UNIT_SCHEMA,
            ..Schemas::EMPTY
        }
    }

    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem> {
        match bundle.described() {
            Some(b) => checks::check(b),
            None => vec![Problem::error("Y01", "not a toy scenario")],
        }
    }

    fn bots(&self) -> &'static [BotInfo] {
        BOTS
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }
}

impl Engine for Toy {
    fn compile(&self, bundle: BundleRef<'_>) -> Result<Arc<dyn Playable>, MatchError> {
        let b = bundle
            .described()
            .ok_or_else(|| MatchError::BadRequest("not a toy scenario".into()))?;
        sztab_seam::refuse_errors(&checks::check(b))?;
        let rules = rules::Rules::compile(b)
            .map_err(|ps| MatchError::Refused(ps.iter().map(|p| p.to_string()).collect()))?;
        Ok(Arc::new(play::Compiled(Arc::new(rules))))
    }

    fn odds(&self, bundle: BundleRef<'_>, query: &OddsQuery) -> Result<String, MatchError> {
        play::odds(self, bundle, query)
    }
}
