//! The special rules of a scenario in words, each with its rule or decision reference, for
//! the setup card.

use sztab_core::model::{
    AirChoice, ArtilleryRange, CrtVariant, DisorganizationRoll, Eligibility, FlSmallDefender,
    RuleSwitches,
};

/// (what, reference) for every switch that differs from the plain rules.
pub fn describe(r: &RuleSwitches) -> Vec<(String, &'static str)> {
    let mut v: Vec<(String, &'static str)> = Vec::new();
    match r.crt {
        CrtVariant::Resolved => {}
        CrtVariant::GenericInline => {
            v.push(("Combat table: the generic rulebook's copy".into(), "A-10"))
        }
        CrtVariant::KurskInline => {
            v.push(("Combat table: the Kursk rulebook's copy".into(), "A-10"))
        }
    }
    if r.fortified_lines {
        v.push(("Soviet Fortified Lines are in play".into(), "R19"));
        if r.fl_small_defender == FlSmallDefender::Additive {
            v.push((
                "Defenders of 4 SP or less behind an FL get +1 more".into(),
                "R19.1.3, A-33",
            ));
        }
    }
    if let Some(m) = &r.mines {
        let who = match m.eligibility {
            Eligibility::Activated => "units that crossed or attacked across an FL",
            Eligibility::All => "any unit that moved or attacked",
        };
        v.push((
            format!(
                "Mine losses: {}K6 each German Supply phase, {} to {}, from {who}",
                m.dice, m.from, m.until
            ),
            "R18",
        ));
    }
    if let Some(p) = r.panthers {
        let who = match p {
            Eligibility::All => "every Panther unit on the map",
            Eligibility::Activated => "Panther units activated this turn",
        };
        v.push((
            format!("Panther breakdowns: {who} rolls 1K6, 1-3 loses 1 CEL"),
            "R22",
        ));
    }
    if r.repair_markers > 0 {
        v.push((
            format!("German armor repair: {} marker(s)", r.repair_markers),
            "R17",
        ));
    }
    if let Some(n) = r.air_per_hex {
        v.push((format!("At most {n} air counters on one hex"), "R21.1.2"));
    }
    if r.air_choice == AirChoice::EachTurn {
        v.push(("\"Any N\" air counters are chosen each turn".into(), "A-59"));
    }
    if let Some(n) = r.star_cap_per_hex {
        v.push((format!("At most {n} star CMs per hex"), "R15.1.4"));
    }
    if let Some(m) = r.soviet_other_morale {
        v.push((format!("Soviet non-Guards morale {m}"), "R5.6.2, A-20"));
    }
    if r.disorganization_roll == DisorganizationRoll::PerUnit {
        v.push(("Disorganization is rolled per unit".into(), "R5.6, A-26"));
    }
    if r.artillery_range == ArtilleryRange::DefenderHex {
        v.push((
            "Artillery range is measured to the defender's hex".into(),
            "A-37",
        ));
    }
    if let Some(d) = &r.cel_drain {
        v.push((
            format!(
                "{} loses {} CEL at the start of each of its Movement phases",
                d.side, d.cel
            ),
            "A-58",
        ));
    }
    if r.optional_reserves {
        v.push((
            "Optional reserves (STAWKA) may be called in".into(),
            "R11, A-51",
        ));
    }
    v
}
