//! A Combat Results Table read from the charts (11.1): its odds columns, rolls and
//! results. Odds round in the defender's favour to the nearest column listed (10.52);
//! below the first column the result is automatic (10.53a), above the last the last
//! column is read (10.53b-c).

use std::fmt;

use serde::{Deserialize, Serialize};

use sztab_core::model::tables::cell::{RollRange, Token};

use super::words::CrtKind;

/// What a result does to one side's force (11.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Steps lost by the force, the Lead unit first.
    pub steps: u8,
    pub retreat: bool,
    pub eliminated: bool,
    pub disrupted: bool,
}

impl Outcome {
    pub fn is_none(self) -> bool {
        self == Outcome::default()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.steps > 0 {
            write!(f, "{}", self.steps)?;
        }
        if self.eliminated {
            f.write_str("E")?;
        }
        if self.retreat {
            f.write_str("R")?;
        }
        if self.disrupted {
            f.write_str("d")?;
        }
        Ok(())
    }
}

/// One cell of a CRT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrtResult {
    pub attacker: Outcome,
    pub defender: Outcome,
    /// A shaded box: armor attrition (11.12).
    pub attrition: bool,
}

impl CrtResult {
    /// Reads a cell's tokens: "A" or "D" names the force the steps and letters after it
    /// hit ("A1 DR", "DR*", "A2Rd"); "—" is no effect; "*" is a shaded box.
    pub fn read(toks: &[Token]) -> Result<CrtResult, String> {
        let mut r = CrtResult::default();
        let mut attacker: Option<bool> = None;
        for t in toks {
            match t {
                Token::Code(c) if c == "A" => attacker = Some(true),
                Token::Code(c) if c == "D" => attacker = Some(false),
                Token::Code(c) if c == "—" => {}
                Token::Code(c) if c == "*" => r.attrition = true,
                _ => {
                    let out = match attacker {
                        Some(true) => &mut r.attacker,
                        Some(false) => &mut r.defender,
                        None => return Err("a result begins with A or D".into()),
                    };
                    match t {
                        Token::Code(c) if c == "R" => out.retreat = true,
                        Token::Code(c) if c == "E" => out.eliminated = true,
                        Token::Code(c) if c == "d" => out.disrupted = true,
                        Token::Number { num, den: 1, .. } if (1..=9).contains(num) => {
                            out.steps = out.steps.saturating_add(*num as u8);
                        }
                        Token::Code(c) => return Err(format!("\"{c}\" is no result")),
                        Token::Number { .. } => return Err("steps are a whole number".into()),
                    }
                }
            }
        }
        Ok(r)
    }
}

impl fmt::Display for CrtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if !self.attacker.is_none() {
            parts.push(format!("A{}", self.attacker));
        }
        if !self.defender.is_none() {
            parts.push(format!("D{}", self.defender));
        }
        if parts.is_empty() {
            parts.push("—".into());
        }
        write!(
            f,
            "{}{}",
            parts.join(" "),
            if self.attrition { "*" } else { "" }
        )
    }
}

/// A CRT.
#[derive(Clone, Debug)]
pub struct Crt {
    pub kind: CrtKind,
    /// Odds columns, rising: (attack, defense).
    pub columns: Vec<(u32, u32)>,
    pub rows: Vec<(RollRange, Vec<CrtResult>)>,
}

impl Crt {
    /// The column `attack` against `defense` is read on, rounded toward the defender
    /// (10.52), the last column for higher odds (10.53b-c); `None` below the first.
    pub fn column(&self, attack: u32, defense: u32) -> Option<usize> {
        let defense = u64::from(defense.max(1));
        self.columns
            .iter()
            .rposition(|&(a, d)| u64::from(attack) * u64::from(d) >= u64::from(a) * defense)
    }

    pub fn label(&self, col: usize) -> String {
        self.columns
            .get(col)
            .map_or("below".into(), |(a, d)| format!("{a}:{d}"))
    }

    /// The result of a modified roll on a column.
    pub fn result(&self, col: usize, roll: i32) -> Option<CrtResult> {
        let (_, line) = self.rows.iter().find(|(k, _)| k.contains(roll))?;
        line.get(col).copied()
    }

    /// The automatic result below the first column: A2R on the Mobile CRT, A2Rd on the
    /// Assault CRT (10.53a).
    pub fn below(&self) -> CrtResult {
        CrtResult {
            attacker: Outcome {
                steps: 2,
                retreat: true,
                eliminated: false,
                disrupted: self.kind == CrtKind::Assault,
            },
            defender: Outcome::default(),
            attrition: false,
        }
    }
}
