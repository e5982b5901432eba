//! Victory conditions: who scores, the VP events (places held, rivers crossed, enemy units
//! eliminated, reserves the enemy called in, other town hexes), the levels from the bottom
//! up, and automatic victory (places held, and when).

use std::collections::BTreeSet;

use egui::{Id, Ui};

use super::fields;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{AutoTiming, AutoVictory, SideId, Victory, VictoryLevel, VpAward, VpEvent};

/// A typed change: the field's key, the conditions it gives, whether the field was left.
type Typed = Option<(u64, Victory, bool)>;

fn set(doc: &mut Document, key: Option<u64>, label: &str, v: Option<Victory>) {
    let f = |d: &mut super::draft::Draft| d.s.victory = v;
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, label, f),
        None => Workbench::edit(doc, label, f),
    }
}

/// Names of rivers (named hexsides) and places on the map.
fn names(doc: &Document) -> (Vec<String>, Vec<String>) {
    let m = doc.map();
    let rivers: BTreeSet<String> = m
        .hexsides
        .values()
        .flatten()
        .filter_map(|f| f.name.clone())
        .collect();
    let places = m.places.iter().map(|p| p.name.clone()).collect();
    (rivers.into_iter().collect(), places)
}

const KINDS: [&str; 5] = [
    "place held at the end",
    "river crossed",
    "each other town hex",
    "each enemy unit eliminated",
    "each reserve the enemy calls in",
];

fn kind_of(e: &VpEvent) -> usize {
    match e {
        VpEvent::ControlPlace(_) => 0,
        VpEvent::CrossRiver(_) => 1,
        VpEvent::ControlOtherTownHexes => 2,
        VpEvent::EnemyUnitEliminated => 3,
        VpEvent::ReserveEntered => 4,
    }
}

fn event_of(kind: usize, old: &VpEvent, rivers: &[String], places: &[String]) -> VpEvent {
    let name = match old {
        VpEvent::ControlPlace(n) | VpEvent::CrossRiver(n) => Some(n.clone()),
        _ => None,
    };
    match kind {
        0 => VpEvent::ControlPlace(name.or_else(|| places.first().cloned()).unwrap_or_default()),
        1 => VpEvent::CrossRiver(name.or_else(|| rivers.first().cloned()).unwrap_or_default()),
        2 => VpEvent::ControlOtherTownHexes,
        3 => VpEvent::EnemyUnitEliminated,
        _ => VpEvent::ReserveEntered,
    }
}

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(s) = doc.scenario() else { return };
    let sides: Vec<SideId> = s.sides.iter().map(|x| x.id.clone()).collect();
    let side_names: Vec<String> = s.sides.iter().map(|x| x.name.clone()).collect();
    let Some(old) = s.victory.clone() else {
        ui.label("No victory conditions (V01).");
        if ui.button("Add victory conditions").clicked()
            && let ([a, b, ..], [na, nb, ..]) = (sides.as_slice(), side_names.as_slice())
        {
            // The first side scores; the other wins below 10 VP.
            let v = Victory {
                scorer: a.clone(),
                points: vec![],
                levels: vec![
                    VictoryLevel {
                        name: format!("{nb} victory"),
                        winner: b.clone(),
                        min_vp: None,
                    },
                    VictoryLevel {
                        name: format!("{na} victory"),
                        winner: a.clone(),
                        min_vp: Some(10),
                    },
                ],
                automatic: vec![],
            };
            set(doc, None, "Add victory conditions", Some(v));
        }
        return;
    };
    let (rivers, places) = names(doc);
    let mut v = old.clone();
    let mut typed: Typed = None;
    ui.horizontal(|ui| {
        ui.label("Points scored by");
        side_pick(ui, "scorer", &mut v.scorer, &sides);
    });
    awards(ui, &old, &mut v, (&rivers, &places), &mut typed);
    levels(ui, &old, &mut v, &sides, &mut typed);
    automatic(ui, &old, &mut v, &sides, &places, &mut typed);
    if ui.button("Remove victory conditions").clicked() {
        set(doc, None, "Remove victory conditions", None);
        return;
    }
    if v != old {
        set(doc, None, "Victory conditions", Some(v));
    }
    if let Some((key, w, ended)) = typed {
        if w != old {
            set(doc, Some(key), "Victory conditions", Some(w));
        }
        if ended {
            doc.end_field(key);
        }
    }
}

/// The VP awards: points, event and its place or river.
fn awards(
    ui: &mut Ui,
    old: &Victory,
    v: &mut Victory,
    (rivers, places): (&[String], &[String]),
    typed: &mut Typed,
) {
    ui.label("Victory points:");
    let mut remove = None;
    for (i, a) in old.points.iter().enumerate() {
        ui.horizontal(|ui| {
            let out = fields::number(
                ui,
                Id::unique(("vp", i)),
                &format!("VP of award {}", i + 1),
                a.vp,
                -100..=100,
            );
            if let Some(x) = out.value {
                let mut w = old.clone();
                w.points[i].vp = x;
                *typed = Some((out.key, w, out.ended));
            } else if out.ended {
                *typed = Some((out.key, old.clone(), true));
            }
            let mut k = kind_of(&a.event);
            egui::ComboBox::from_id_salt(("vp kind", i))
                .selected_text(KINDS[k])
                .show_ui(ui, |ui| {
                    for (j, n) in KINDS.iter().enumerate() {
                        ui.selectable_value(&mut k, j, *n);
                    }
                })
                .response
                .on_hover_text(format!("Event of award {}", i + 1));
            let mut e = event_of(k, &a.event, rivers, places);
            name_pick(ui, i, &mut e, rivers, places);
            v.points[i].event = e;
            if ui
                .small_button("Remove")
                .on_hover_text(format!("Remove award {}", i + 1))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        v.points.remove(i);
    }
    if ui.button("Add VP award").clicked() {
        v.points.push(VpAward {
            vp: 1,
            event: VpEvent::EnemyUnitEliminated,
        });
    }
}

fn side_pick(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    cur: &mut SideId,
    sides: &[SideId],
) {
    egui::ComboBox::from_id_salt(("side pick", id))
        .selected_text(cur.to_string())
        .show_ui(ui, |ui| {
            for s in sides {
                ui.selectable_value(cur, s.clone(), s.as_str());
            }
        })
        .response
        .on_hover_text("Side");
}

fn name_pick(ui: &mut Ui, i: usize, e: &mut VpEvent, rivers: &[String], places: &[String]) {
    let (name, list) = match e {
        VpEvent::ControlPlace(n) => (n, places),
        VpEvent::CrossRiver(n) => (n, rivers),
        _ => return,
    };
    egui::ComboBox::from_id_salt(("vp name", i))
        .selected_text(name.clone())
        .show_ui(ui, |ui| {
            for x in list {
                ui.selectable_value(name, x.clone(), x);
            }
        })
        .response
        .on_hover_text(format!("Place or river of award {}", i + 1));
}

fn levels(ui: &mut Ui, old: &Victory, v: &mut Victory, sides: &[SideId], typed: &mut Typed) {
    ui.label("Levels, lowest first:");
    let mut remove = None;
    for (i, l) in old.levels.iter().enumerate() {
        ui.horizontal(|ui| {
            let out = fields::text(
                ui,
                Id::unique(("level name", i)),
                &format!("Name of level {}", i + 1),
                150.0,
                &l.name,
            );
            if let Some(x) = out.value {
                let mut w = old.clone();
                w.levels[i].name = x;
                *typed = Some((out.key, w, out.ended));
            } else if out.ended {
                *typed = Some((out.key, old.clone(), true));
            }
            side_pick(ui, ("level", i), &mut v.levels[i].winner, sides);
            ui.label("from");
            let out = fields::validated(
                ui,
                Id::unique(("level min", i)),
                &format!("Minimum VP of level {}", i + 1),
                40.0,
                &l.min_vp,
                |m| m.map_or(String::new(), |m| m.to_string()),
                |t| match t.trim() {
                    "" => Ok(None),
                    t => t.parse::<i32>().map(Some).map_err(|_| {
                        "a whole number of VP, or empty for the bottom level".to_string()
                    }),
                },
            );
            if let Some(x) = out.value {
                let mut w = old.clone();
                w.levels[i].min_vp = x;
                *typed = Some((out.key, w, out.ended));
            } else if out.ended {
                *typed = Some((out.key, old.clone(), true));
            }
            ui.label("VP");
            if ui
                .small_button("Remove")
                .on_hover_text(format!("Remove level {}", i + 1))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        v.levels.remove(i);
    }
    if ui.button("Add level").clicked() {
        let top = v.levels.iter().filter_map(|l| l.min_vp).max().unwrap_or(0);
        let winner = v.scorer.clone();
        v.levels.push(VictoryLevel {
            name: "New level".into(),
            winner,
            min_vp: Some(top + 5),
        });
    }
}

fn automatic(
    ui: &mut Ui,
    old: &Victory,
    v: &mut Victory,
    sides: &[SideId],
    places: &[String],
    typed: &mut Typed,
) {
    ui.label("Automatic victory:");
    let mut remove = None;
    for (i, a) in old.automatic.iter().enumerate() {
        ui.horizontal(|ui| {
            side_pick(ui, ("auto", i), &mut v.automatic[i].side, sides);
            ui.label("holds");
            let known: Vec<String> = places.to_vec();
            let out = fields::validated(
                ui,
                Id::unique(("auto places", i)),
                &format!("Places of automatic victory {}", i + 1),
                120.0,
                &a.places,
                |p| p.join(", "),
                |t| {
                    let v: Vec<String> = t
                        .split(',')
                        .map(|w| w.trim().to_owned())
                        .filter(|w| !w.is_empty())
                        .collect();
                    match v.iter().find(|p| !known.contains(p)) {
                        Some(p) => Err(format!("no place \"{p}\" on the map (V03)")),
                        None if v.is_empty() => Err("name at least one place".into()),
                        None => Ok(v),
                    }
                },
            );
            if let Some(x) = out.value {
                let mut w = old.clone();
                w.automatic[i].places = x;
                *typed = Some((out.key, w, out.ended));
            } else if out.ended {
                *typed = Some((out.key, old.clone(), true));
            }
            egui::ComboBox::from_id_salt(("auto timing", i))
                .selected_text(match a.timing {
                    AutoTiming::HeldThroughEnemySupply => "through the enemy's next Supply phase",
                    AutoTiming::AtEndOfEnemySupply => "at the end of an enemy Supply phase",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(
                        &mut v.automatic[i].timing,
                        AutoTiming::HeldThroughEnemySupply,
                        "through the enemy's next Supply phase",
                    );
                    ui.selectable_value(
                        &mut v.automatic[i].timing,
                        AutoTiming::AtEndOfEnemySupply,
                        "at the end of an enemy Supply phase",
                    );
                })
                .response
                .on_hover_text("When holding the places wins");
            if ui
                .small_button("Remove")
                .on_hover_text(format!("Remove automatic victory {}", i + 1))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        v.automatic.remove(i);
    }
    if ui.button("Add automatic victory").clicked()
        && let Some(p) = places.first()
    {
        v.automatic.push(AutoVictory {
            side: v.scorer.clone(),
            places: vec![p.clone()],
            timing: AutoTiming::HeldThroughEnemySupply,
        });
    }
}
