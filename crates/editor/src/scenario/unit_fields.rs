//! The typed fields of a unit definition: each turns the text being typed into a new
//! definition, or says why it cannot be taken. The unit table shows the reason in red and
//! leaves the model alone until the text is valid.

use sztab_core::model::{Counters, Mp, ReducedSide, Star, UnitDef, range};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Id,
    Designation,
    Sp,
    Defense,
    Mp,
    Cel,
    ReducedSp,
    ReducedMp,
    Stars,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Id => "Id",
            Field::Designation => "Designation",
            Field::Sp => "SP",
            Field::Defense => "Def",
            Field::Mp => "MP",
            Field::Cel => "CEL",
            Field::ReducedSp => "Red. SP",
            Field::ReducedMp => "Red. MP",
            Field::Stars => "Stars",
        }
    }

    /// The field's text for a unit.
    pub fn text(self, u: &UnitDef) -> String {
        match self {
            Field::Id => u.id.to_string(),
            Field::Designation => u.designation.clone(),
            Field::Sp => u.sp.to_string(),
            Field::Defense => u.defense.map_or(String::new(), |v| v.to_string()),
            Field::Mp => u.mp.to_string(),
            Field::Cel => u.cel.to_string(),
            Field::ReducedSp => u.reduced.map_or(String::new(), |r| r.sp.to_string()),
            Field::ReducedMp => u
                .reduced
                .and_then(|r| r.mp)
                .map_or(String::new(), |m| m.to_string()),
            Field::Stars => stars_text(&u.stars),
        }
    }
}

/// An SP value in the range the counters file accepts ([`range::SP`]).
fn strength(t: &str, what: &str) -> Result<u8, String> {
    let v: u8 = t
        .trim()
        .parse()
        .map_err(|_| format!("{what} is a whole number, such as 7"))?;
    if v > range::SP.max {
        return Err(format!("{what} is at most {}", range::SP.max));
    }
    Ok(v)
}

/// An MP value in the range the counters file accepts ([`range::MP`]).
fn movement(t: &str) -> Result<Mp, String> {
    let mp = Mp::parse(t.trim()).ok_or("MP is a number such as 7, 3.5 or 1/3")?;
    if !range::MP.contains(mp) {
        return Err(format!("MP lies between 0 and {}", range::MAX_MP));
    }
    Ok(mp)
}

pub fn stars_text(stars: &[Star]) -> String {
    stars
        .iter()
        .map(|s| match s {
            Star::Black => "black",
            Star::White => "white",
            Star::Yellow => "yellow",
            Star::Blue => "blue",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_stars(t: &str) -> Result<Vec<Star>, String> {
    t.split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| match w.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Star::Black),
            "white" | "w" => Ok(Star::White),
            "yellow" | "y" => Ok(Star::Yellow),
            "blue" | "u" => Ok(Star::Blue),
            other => Err(format!(
                "\"{other}\" is not a star colour: black, white, yellow or blue (U08)"
            )),
        })
        .collect()
}

/// The reduced side a counter gets when it becomes 2 CEL: half its values, rounded up
/// (R1.7).
pub fn default_reduced(u: &UnitDef) -> ReducedSide {
    ReducedSide {
        sp: u.sp.div_ceil(2),
        defense: u.defense.map(|d| d.div_ceil(2)),
        mp: None,
    }
}

/// `u` with `field` set from `text`, or why the text is refused.
pub fn parse(
    field: Field,
    text: &str,
    u: &UnitDef,
    counters: &Counters,
) -> Result<UnitDef, String> {
    let mut v = u.clone();
    let t = text.trim();
    match field {
        Field::Id => {
            if t.is_empty() {
                return Err("the id cannot be empty".into());
            }
            if t != u.id.as_str() && counters.unit(t).is_some() {
                return Err(format!("another unit has the id \"{t}\" (U01)"));
            }
            v.id = sztab_core::model::UnitId::new(t);
        }
        Field::Designation => {
            if t.is_empty() {
                return Err("the designation is printed top left; it cannot be empty".into());
            }
            v.designation = t.to_owned();
        }
        Field::Sp => {
            v.sp = strength(t, "SP")?;
            if let Some(r) = u.reduced.filter(|r| r.sp > v.sp) {
                return Err(format!("the full side is stronger: at least {} SP", r.sp));
            }
        }
        Field::Defense => {
            v.defense = if t.is_empty() {
                None
            } else {
                Some(strength(t, "the defense SP")?)
            }
        }
        Field::Mp => v.mp = movement(t)?,
        Field::Cel => {
            v.cel = match t {
                "1" => 1,
                "2" => 2,
                _ => return Err("a counter has 1 or 2 CEL (R1.2, U05)".into()),
            };
            v.reduced = match (v.cel, u.reduced) {
                (2, None) => Some(default_reduced(u)),
                (2, r) => r,
                _ => None,
            };
        }
        Field::ReducedSp => {
            if u.cel < 2 {
                return Err("a 1-CEL counter has no reduced side; set CEL to 2 first".into());
            }
            let sp = strength(t, "the reduced SP")?;
            if sp > u.sp {
                return Err(format!("the reduced side is weaker: at most {} SP", u.sp));
            }
            let r = u.reduced.unwrap_or_else(|| default_reduced(u));
            v.reduced = Some(ReducedSide { sp, ..r });
        }
        Field::ReducedMp => {
            if u.cel < 2 {
                return Err("a 1-CEL counter has no reduced side; set CEL to 2 first".into());
            }
            let r = u.reduced.unwrap_or_else(|| default_reduced(u));
            let mp = if t.is_empty() {
                None
            } else {
                Some(movement(t)?)
            };
            v.reduced = Some(ReducedSide { mp, ..r });
        }
        Field::Stars => v.stars = parse_stars(t)?,
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::{MovementClass, NationId, UnitId, UnitKind, UnitSize};

    fn unit() -> UnitDef {
        UnitDef {
            id: UnitId::new("a"),
            designation: "1".into(),
            formation: None,
            nation: NationId::new("german"),
            kind: UnitKind::Infantry,
            size: UnitSize::Regiment,
            movement: MovementClass::Foot,
            sp: 5,
            defense: None,
            mp: Mp::whole(4),
            cel: 1,
            reduced: None,
            stars: vec![],
            flags: Default::default(),
        }
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        let cs = Counters {
            units: vec![
                unit(),
                UnitDef {
                    id: UnitId::new("b"),
                    ..unit()
                },
            ],
            ..Counters::default()
        };
        let u = unit();
        assert!(
            parse(Field::Sp, "x", &u, &cs)
                .unwrap_err()
                .contains("whole number")
        );
        assert!(parse(Field::Sp, "200", &u, &cs).is_err());
        assert!(parse(Field::Cel, "3", &u, &cs).unwrap_err().contains("U05"));
        assert!(parse(Field::Id, "b", &u, &cs).unwrap_err().contains("U01"));
        assert!(parse(Field::Mp, "-1", &u, &cs).is_err());
        assert!(parse(Field::ReducedSp, "2", &u, &cs).is_err());
        assert!(parse(Field::Stars, "green", &u, &cs).is_err());
    }

    #[test]
    fn good_text_makes_a_new_definition() {
        let cs = Counters::default();
        let u = unit();
        assert_eq!(parse(Field::Sp, " 7 ", &u, &cs).unwrap().sp, 7);
        assert_eq!(
            parse(Field::Mp, "3.5", &u, &cs).unwrap().mp,
            Mp::from_twelfths(42)
        );
        let two = parse(Field::Cel, "2", &u, &cs).unwrap();
        assert_eq!(two.reduced.unwrap().sp, 3, "half of 5, rounded up");
        assert_eq!(
            parse(Field::ReducedSp, "2", &two, &cs)
                .unwrap()
                .reduced
                .unwrap()
                .sp,
            2
        );
        assert_eq!(
            parse(Field::Stars, "black, w", &u, &cs).unwrap().stars,
            [Star::Black, Star::White]
        );
        assert_eq!(
            Field::Stars.text(&parse(Field::Stars, "y", &u, &cs).unwrap()),
            "yellow"
        );
    }
}
