//! The odds' what-if options: start states put on the scenario's placements before
//! the game starts, so the engine computes the odds exactly as it would for a scenario that
//! set the units up that way (`disorganized`, `organized`, `oos=UNIT[=LEVEL]`).

use sztab_core::model::{Bundle, Placement};

/// The start states asked for, by unit id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhatIf {
    pub disorganized: Vec<String>,
    pub organized: Vec<String>,
    /// (unit, level); level 0 is in supply.
    pub oos: Vec<(String, u8)>,
}

/// `UNIT` or `UNIT=LEVEL` (1 when not given; 0 means in supply).
pub fn parse_oos(item: &str) -> Result<(String, u8), String> {
    match item.rsplit_once('=') {
        None => Ok((item.to_string(), 1)),
        Some((unit, level)) => level
            .trim()
            .parse::<u8>()
            .map(|l| (unit.to_string(), l))
            .map_err(|_| format!("\"{item}\": the out-of-supply level must be a number 0-255")),
    }
}

impl WhatIf {
    /// Puts the states on the placements; an id that is not set up on the map is an
    /// error naming it.
    pub fn apply(&self, bundle: &mut Bundle) -> Result<(), String> {
        for id in &self.disorganized {
            placement(bundle, id)?.disorganized = true;
        }
        for id in &self.organized {
            placement(bundle, id)?.disorganized = false;
        }
        for (id, level) in &self.oos {
            placement(bundle, id)?.out_of_supply = *level;
        }
        Ok(())
    }

    /// "what if: 113 disorganized; 202 out of supply (level 2)", or nothing.
    pub fn describe(&self) -> Option<String> {
        let mut v: Vec<String> = Vec::new();
        v.extend(
            self.disorganized
                .iter()
                .map(|u| format!("{u} disorganized")),
        );
        v.extend(
            self.organized
                .iter()
                .map(|u| format!("{u} not disorganized")),
        );
        v.extend(self.oos.iter().map(|(u, l)| match l {
            0 => format!("{u} in supply"),
            l => format!("{u} out of supply (level {l})"),
        }));
        (!v.is_empty()).then(|| format!("What if: {}", v.join("; ")))
    }
}

fn placement<'a>(bundle: &'a mut Bundle, id: &str) -> Result<&'a mut Placement, String> {
    let known = bundle.counters.unit(id).is_some();
    bundle
        .scenario
        .setup
        .iter_mut()
        .find(|p| p.unit.as_str() == id)
        .ok_or_else(|| {
            if known {
                format!("{id} is not set up on the map at the start")
            } else {
                format!("no unit \"{id}\" in the scenario's counters")
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oos_flag_takes_a_level_or_means_level_one() {
        assert_eq!(parse_oos("1PzD/113"), Ok(("1PzD/113".into(), 1)));
        assert_eq!(parse_oos("1PzD/113=3"), Ok(("1PzD/113".into(), 3)));
        assert_eq!(parse_oos("202=0"), Ok(("202".into(), 0)));
        assert!(parse_oos("202=high").is_err());
    }
}
