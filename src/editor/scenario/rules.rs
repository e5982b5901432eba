//! The optional-rule switches of a scenario, each with its rule or decision reference
//! (reference §9): the CRT copy, star cap, morale, disorganization roll, Fortified Lines,
//! mines, Panthers, repair, air limits, CEL drain, optional reserves.

use egui::{Id, Ui};

use super::fields;
use super::workbench::Workbench;
use crate::editor::document::Document;
use crate::model::{
    AirChoice, ArtilleryRange, CelDrain, CrtVariant, DisorganizationRoll, Eligibility,
    FlSmallDefender, Mines, RuleSwitches, SideId,
};

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

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(s) = doc.scenario() else { return };
    let old = s.rules.clone();
    let sides: Vec<SideId> = s.sides.iter().map(|x| x.id.clone()).collect();
    let (start, end) = (s.start, s.end);
    let mut r = old.clone();
    let mut typed: Option<(u64, RuleSwitches, bool)> = None;
    egui::Grid::new("rules")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            row(ui, "Combat table", "§2", |ui| {
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
            row(ui, "Air counters a hex", "R21.1.2", |ui| {
                let mut on = r.air_per_hex.is_some();
                ui.checkbox(&mut on, "limit");
                r.air_per_hex = if on {
                    Some(r.air_per_hex.unwrap_or(2))
                } else {
                    None
                };
                if let Some(v) = old.air_per_hex {
                    let out = fields::number(
                        ui,
                        Id::unique("rule air hex"),
                        "Air counters a hex",
                        v,
                        1..=6,
                    );
                    if let Some(v) = out.value {
                        let mut x = old.clone();
                        x.air_per_hex = Some(v);
                        typed = Some((out.key, x, out.ended));
                    } else if out.ended {
                        typed = Some((out.key, old.clone(), true));
                    }
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
            row(ui, "Star CMs a hex", "R15.1.4 [G]", |ui| {
                let mut on = r.star_cap_per_hex.is_some();
                ui.checkbox(&mut on, "at most 3")
                    .on_hover_text("Generic edition: at most 3 star CMs per own hex");
                r.star_cap_per_hex = on.then_some(3);
            });
            row(ui, "Soviet non-Guards morale", "§4", |ui| {
                let mut v = r.soviet_other_morale;
                choice(
                    ui,
                    "morale",
                    &mut v,
                    &[
                        (None, "nation's regular value"),
                        (Some(9), "9 (rules)"),
                        (Some(10), "10 (chart)"),
                    ],
                    "The rules and the disorganization chart disagree",
                );
                r.soviet_other_morale = v;
            });
            row(ui, "Mine losses", "R18, A-60", |ui| {
                let mut on = r.mines.is_some();
                ui.checkbox(&mut on, "in play");
                if on && r.mines.is_none() {
                    r.mines = Some(Mines {
                        dice: 4,
                        from: start,
                        until: start.plus_days(6).min(end),
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
                        &[(4, "4K6 (north)"), (6, "6K6 (south)")],
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
            });
            if let Some(m) = old.mines.clone() {
                ui.label("");
                ui.weak("mines window");
                ui.horizontal(|ui| {
                    let a = fields::date(ui, Id::unique("mines from"), "Mines from", &m.from);
                    let b = fields::date(ui, Id::unique("mines until"), "Mines until", &m.until);
                    for (out, first) in [(a, true), (b, false)] {
                        if let Some(d) = out.value {
                            let mut x = old.clone();
                            if let Some(mm) = &mut x.mines {
                                if first { mm.from = d } else { mm.until = d }
                            }
                            typed = Some((out.key, x, out.ended));
                        } else if out.ended {
                            typed = Some((out.key, old.clone(), true));
                        }
                    }
                });
                ui.end_row();
            }
            row(ui, "Panther breakdowns", "R22, A-61", |ui| {
                let mut v = r.panthers;
                choice(
                    ui,
                    "panthers",
                    &mut v,
                    &[
                        (None, "off"),
                        (Some(Eligibility::All), "every Panther unit rolls"),
                        (Some(Eligibility::Activated), "activated Panthers roll"),
                    ],
                    "Panther units roll for breakdowns in the German Supply phase",
                );
                r.panthers = v;
            });
            row(ui, "Armor repair markers", "R17", |ui| {
                let mut v = r.repair_markers;
                choice(
                    ui,
                    "repair",
                    &mut v,
                    &[(0, "none"), (1, "1 (one front)"), (2, "2 (both fronts)")],
                    "German repair markers, one per front (K01)",
                );
                r.repair_markers = v;
            });
            row(ui, "CEL drain", "A-58", |ui| {
                let mut on = r.cel_drain.is_some();
                ui.checkbox(&mut on, "a side loses CELs")
                    .on_hover_text("At the start of each of its Movement phases (Prochorowka 15)");
                if on && r.cel_drain.is_none() {
                    r.cel_drain = sides.first().map(|s| CelDrain {
                        side: s.clone(),
                        cel: 1,
                    });
                } else if !on {
                    r.cel_drain = None;
                }
                if let Some(c) = &mut r.cel_drain {
                    let list: Vec<(SideId, &str)> =
                        sides.iter().map(|s| (s.clone(), s.as_str())).collect();
                    let mut side = c.side.clone();
                    egui::ComboBox::from_id_salt("drain side")
                        .selected_text(side.to_string())
                        .show_ui(ui, |ui| {
                            for (v, n) in &list {
                                ui.selectable_value(&mut side, v.clone(), *n);
                            }
                        })
                        .response
                        .on_hover_text("Side losing CELs");
                    c.side = side;
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
        });
    if r != old {
        set(doc, None, "Rule switches", r);
    }
    if let Some((key, x, ended)) = typed {
        if x != old {
            set(doc, Some(key), "Rule switches", x);
        }
        if ended {
            doc.end_field(key);
        }
    }
}
