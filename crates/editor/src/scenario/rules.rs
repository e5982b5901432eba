//! The optional-rule switches of a scenario, each with its rule or decision (A-NN): the CRT copy, star cap, morale, disorganization roll, Fortified Lines,
//! mines, Panthers, repair, air limits, CEL drain, optional reserves.

use egui::{Id, Ui};

use super::fields;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{
    AirChoice, ArtilleryRange, CelDrain, CrtVariant, Date, DisorganizationRoll, Eligibility,
    FlSmallDefender, Mines, RuleSwitches, SideId,
};

/// A typed change: the field's key, the switches it gives, whether the field was left.
type Typed = Option<(u64, RuleSwitches, bool)>;

fn set(doc: &mut Document, key: Option<u64>, label: &str, r: RuleSwitches) {
    let f = |d: &mut super::draft::Draft| d.s.rules = r;
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, label, f),
        None => Workbench::edit(doc, label, f),
    }
}

/// A combo over a few choices.
fn choice<T: PartialEq + Copy>(ui: &mut Ui, id: &str, cur: &mut T, list: &[(T, &str)], tip: &str) {
    let shown = list.iter().find(|(v, _)| v == cur).map_or("?", |(_, n)| n);
    egui::ComboBox::from_id_salt(("rule", id))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, n) in list {
                ui.selectable_value(cur, *v, *n);
            }
        })
        .response
        .on_hover_text(tip);
}

/// One row: the rule's name, its reference, the control.
fn row(ui: &mut Ui, name: &str, reference: &str, add: impl FnOnce(&mut Ui)) {
    ui.label(name);
    ui.weak(reference);
    ui.horizontal(add);
    ui.end_row();
}

/// What the switches are edited against.
struct Context {
    old: RuleSwitches,
    sides: Vec<SideId>,
    start: Date,
    end: Date,
}

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(s) = doc.scenario() else { return };
    let cx = Context {
        old: s.rules.clone(),
        sides: s.sides.iter().map(|x| x.id.clone()).collect(),
        start: s.start,
        end: s.end,
    };
    let mut r = cx.old.clone();
    let mut typed: Typed = None;
    egui::Grid::new("rules")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            combat_rows(ui, &mut r);
            air_rows(ui, &mut r, &cx, &mut typed);
            kursk_rows(ui, &mut r, &cx, &mut typed);
            other_rows(ui, &mut r, &cx);
        });
    if r != cx.old {
        set(doc, None, "Rule switches", r);
    }
    if let Some((key, x, ended)) = typed {
        if x != cx.old {
            set(doc, Some(key), "Rule switches", x);
        }
        if ended {
            doc.end_field(key);
        }
    }
    fp_groups(ui, doc);
}

/// Fixed Position groups of the map (the `group` of FP hexsides) and the defender CM the
/// scenario gives each, where it changes the printed +3 (R7.2.3).
fn fp_groups(ui: &mut Ui, doc: &mut Document) {
    let groups: std::collections::BTreeSet<String> = doc
        .map()
        .hexsides
        .values()
        .flatten()
        .filter_map(|f| f.group.clone())
        .collect();
    if groups.is_empty() {
        return;
    }
    let Some(current) = doc.scenario().map(|s| s.fp_groups.clone()) else {
        return;
    };
    ui.label("Fixed Position groups (R7.2.3): defender CM, empty for the printed +3");
    for g in groups {
        ui.horizontal(|ui| {
            ui.label(&g);
            let out = fields::validated(
                ui,
                Id::unique(("fp group", g.as_str())),
                &format!("CM of Fixed Position group {g}"),
                40.0,
                &current.get(&g).copied(),
                |v| v.map_or(String::new(), |v| v.to_string()),
                |t| match t.trim() {
                    "" => Ok(None),
                    t => t
                        .parse::<i8>()
                        .ok()
                        .filter(|v| (0..=6).contains(v))
                        .map(Some)
                        .ok_or_else(|| "a CM between 0 and 6, or empty".to_string()),
                },
            );
            if let Some(v) = out.value {
                let g = g.clone();
                Workbench::edit_in_field(doc, out.key, "Fixed Position group", |d| match v {
                    Some(cm) => {
                        d.s.fp_groups.insert(g, cm);
                    }
                    None => {
                        d.s.fp_groups.remove(&g);
                    }
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
        });
    }
}

/// Records a typed value (or the end of typing) from a field.
fn take(typed: &mut Typed, out: fields::Outcome<RuleSwitches>, old: &RuleSwitches) {
    match out.value {
        Some(x) => *typed = Some((out.key, x, out.ended)),
        None if out.ended => *typed = Some((out.key, old.clone(), true)),
        None => {}
    }
}

fn combat_rows(ui: &mut Ui, r: &mut RuleSwitches) {
    row(ui, "Combat table", "A-10", |ui| {
        choice(
            ui,
            "crt",
            &mut r.crt,
            &[
                (CrtVariant::Resolved, "resolved (canonical)"),
                (CrtVariant::GenericInline, "generic rulebook copy"),
                (CrtVariant::KurskInline, "Kursk rulebook copy"),
            ],
            "Which copy of the combat results table",
        );
    });
    row(ui, "Disorganization roll", "R5.6, A-26", |ui| {
        choice(
            ui,
            "dis",
            &mut r.disorganization_roll,
            &[
                (DisorganizationRoll::PerSide, "one roll per side"),
                (DisorganizationRoll::PerUnit, "one roll per unit"),
            ],
            "One 2K6 for the whole side, or one per unit",
        );
    });
    row(ui, "Artillery range", "R6, A-37", |ui| {
        choice(
            ui,
            "range",
            &mut r.artillery_range,
            &[
                (
                    ArtilleryRange::FriendlyHex,
                    "to a friendly hex in the combat",
                ),
                (ArtilleryRange::DefenderHex, "to the defender's hex"),
            ],
            "Where supporting artillery measures its range to",
        );
    });
    row(ui, "Star CMs a hex", "R15.1.4 [G]", |ui| {
        let mut on = r.star_cap_per_hex.is_some();
        ui.checkbox(&mut on, "at most 3")
            .on_hover_text("Generic edition: at most 3 star CMs per own hex");
        r.star_cap_per_hex = on.then_some(3);
    });
    row(ui, "Soviet non-Guards morale", "R5.6.2, A-20", |ui| {
        choice(
            ui,
            "morale",
            &mut r.soviet_other_morale,
            &[
                (None, "nation's regular value"),
                (Some(9), "9 (rules)"),
                (Some(10), "10 (chart)"),
            ],
            "The rules and the disorganization chart disagree",
        );
    });
}

fn air_rows(ui: &mut Ui, r: &mut RuleSwitches, cx: &Context, typed: &mut Typed) {
    row(ui, "Air counters a hex", "R21.1.2", |ui| {
        let mut on = r.air_per_hex.is_some();
        ui.checkbox(&mut on, "limit");
        r.air_per_hex = on.then(|| r.air_per_hex.unwrap_or(2));
        if let Some(v) = cx.old.air_per_hex {
            let old = &cx.old;
            let out = fields::validated(
                ui,
                Id::unique("rule air hex"),
                "Air counters a hex",
                40.0,
                old,
                |_| v.to_string(),
                |t| match t.trim().parse::<u8>() {
                    Ok(n @ 1..=6) => Ok(RuleSwitches {
                        air_per_hex: Some(n),
                        ..old.clone()
                    }),
                    _ => Err("between 1 and 6".to_string()),
                },
            );
            take(typed, out, old);
        }
    });
    row(ui, "Air counters chosen", "A-59", |ui| {
        choice(
            ui,
            "air choice",
            &mut r.air_choice,
            &[
                (AirChoice::OnceAtStart, "once, at the start"),
                (AirChoice::EachTurn, "each turn"),
            ],
            "When \"any N\" air counters are picked",
        );
    });
}

fn kursk_rows(ui: &mut Ui, r: &mut RuleSwitches, cx: &Context, typed: &mut Typed) {
    row(ui, "Fortified Lines", "R19", |ui| {
        ui.checkbox(&mut r.fortified_lines, "in play");
    });
    row(ui, "FL and small defenders", "R19.1.3, A-33", |ui| {
        choice(
            ui,
            "fl",
            &mut r.fl_small_defender,
            &[
                (FlSmallDefender::Replace, "+1 instead of +2"),
                (FlSmallDefender::Additive, "+1 more"),
            ],
            "Soviet defenders of 4 SP or less behind a Fortified Line",
        );
    });
    row(ui, "Mine losses", "R18, A-60", |ui| mines(ui, r, cx));
    if cx.old.mines.is_some() {
        ui.label("");
        ui.weak("mines window");
        ui.horizontal(|ui| mines_window(ui, cx, typed));
        ui.end_row();
    }
    row(ui, "Panther breakdowns", "R22, A-61", |ui| {
        choice(
            ui,
            "panthers",
            &mut r.panthers,
            &[
                (None, "off"),
                (Some(Eligibility::All), "every Panther unit rolls"),
                (Some(Eligibility::Activated), "activated Panthers roll"),
            ],
            "Panther units roll for breakdowns in the German Supply phase",
        );
    });
    row(ui, "Armor repair markers", "R17", |ui| {
        choice(
            ui,
            "repair",
            &mut r.repair_markers,
            &[(0, "none"), (1, "1 (one front)"), (2, "2 (both fronts)")],
            "German repair markers, one per front (K01)",
        );
    });
}

fn mines(ui: &mut Ui, r: &mut RuleSwitches, cx: &Context) {
    let mut on = r.mines.is_some();
    ui.checkbox(&mut on, "in play");
    if on && r.mines.is_none() {
        r.mines = Some(Mines {
            dice: 4,
            from: cx.start,
            until: cx.start.plus_days(6).min(cx.end),
            eligibility: Eligibility::Activated,
        });
    } else if !on {
        r.mines = None;
    }
    if let Some(m) = &mut r.mines {
        choice(
            ui,
            "mines dice",
            &mut m.dice,
            &[
                (4, "4K6 (north)"),
                (6, "6K6 (south)"),
                (10, "10K6 (both fronts, A-95)"),
            ],
            "Dice rolled each German Supply phase",
        );
        choice(
            ui,
            "mines who",
            &mut m.eligibility,
            &[
                (Eligibility::Activated, "units that crossed an FL"),
                (Eligibility::All, "any unit that moved or attacked"),
            ],
            "Which units take mine losses",
        );
    }
}

fn mines_window(ui: &mut Ui, cx: &Context, typed: &mut Typed) {
    let Some(m) = cx.old.mines.clone() else {
        return;
    };
    for (first, name, cur) in [
        (true, "Mines from", m.from),
        (false, "Mines until", m.until),
    ] {
        let out = fields::date(ui, Id::unique(name), name, &cur);
        let rules = out.value.map(|d| {
            let mut x = cx.old.clone();
            if let Some(mm) = &mut x.mines {
                if first { mm.from = d } else { mm.until = d }
            }
            x
        });
        take(
            typed,
            fields::Outcome {
                value: rules,
                key: out.key,
                ended: out.ended,
                response: out.response,
            },
            &cx.old,
        );
    }
}

fn other_rows(ui: &mut Ui, r: &mut RuleSwitches, cx: &Context) {
    row(ui, "CEL drain", "A-58", |ui| {
        let mut on = r.cel_drain.is_some();
        ui.checkbox(&mut on, "a side loses CELs")
            .on_hover_text("At the start of each of its Movement phases (Prochorowka 15)");
        if on && r.cel_drain.is_none() {
            r.cel_drain = cx.sides.first().map(|s| CelDrain {
                side: s.clone(),
                cel: 1,
            });
        } else if !on {
            r.cel_drain = None;
        }
        if let Some(c) = &mut r.cel_drain {
            egui::ComboBox::from_id_salt("drain side")
                .selected_text(c.side.to_string())
                .show_ui(ui, |ui| {
                    for s in &cx.sides {
                        ui.selectable_value(&mut c.side, s.clone(), s.as_str());
                    }
                })
                .response
                .on_hover_text("Side losing CELs");
            choice(
                ui,
                "drain cel",
                &mut c.cel,
                &[(1, "1 CEL"), (2, "2 CEL"), (3, "3 CEL")],
                "CELs lost each Movement phase",
            );
        }
    });
    row(ui, "Optional reserves", "R11, A-51", |ui| {
        ui.checkbox(&mut r.optional_reserves, "may be called in")
            .on_hover_text("STAWKA-style optional reinforcement groups are in play");
    });
}
