//! The victory levels: tried in order at the end of the game (a sudden one after every
//! turn), the first whose conditions all hold is the result. Each level has a name, a
//! winner and its conditions; a condition is one of the kinds the shared model knows,
//! edited by its fields. (Conditions on a zone are shown and removed here; their zone is
//! written in the file.)

use egui::Ui;

use crate::described::draft::ScenarioDraft;
use crate::described::widgets;
use sztab_core::hex::MapEdge;
use sztab_core::model::SideId;
use sztab_core::model::described::{Bundle, Condition, Level, Victory, describe};

/// The kinds of condition a level can be given here, by name.
const KINDS: [&str; 13] = [
    "holds hexes",
    "holds a place",
    "eliminates at least",
    "loses at most",
    "exits at least",
    "exits at most",
    "scores at least",
    "scores at most",
    "loss ratio at least",
    "advances",
    "fire chain",
    "fire corridor",
    "(zone: in the file)",
];

pub fn show(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle) {
    let n = d.s.victory.as_ref().map_or(0, |v| v.levels.len());
    egui::CollapsingHeader::new(format!("Victory levels ({n})"))
        .id_salt("described-victory")
        .default_open(true)
        .show(ui, |ui| {
            let first = d.s.first.clone();
            if ui.button("Add a level").clicked() {
                let v = d.s.victory.get_or_insert(Victory {
                    levels: Vec::new(),
                    points: Vec::new(),
                });
                v.levels.push(Level {
                    name: "New victory level".into(),
                    winner: first,
                    all_of: Vec::new(),
                    sudden: false,
                });
                d.named("Add a victory level");
            }
            let mut gone = None;
            for i in 0..n {
                ui.separator();
                if level(ui, d, b, i) {
                    gone = Some(i);
                }
            }
            if let (Some(i), Some(v)) = (gone, d.s.victory.as_mut()) {
                v.levels.remove(i);
                d.named("Remove a victory level");
            }
        });
}

/// Level `i`: its name, winner, sudden flag and conditions; true when it is to be removed.
fn level(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle, i: usize) -> bool {
    let sides = d.s.sides.clone();
    let Some(v) = d.s.victory.as_mut() else {
        return false;
    };
    let mut remove = false;
    let mut noted = None;
    let mut notes: Vec<String> = Vec::new();
    let lv = &mut v.levels[i];
    ui.horizontal(|ui| {
        let r = ui.add(egui::TextEdit::singleline(&mut lv.name).desired_width(180.0));
        crate::described::cells::name(&r, egui::Role::TextInput, format!("Level {} name", i + 1));
        if r.changed() {
            noted = Some((r, format!("Level {} name", i + 1)));
        }
        ui.label("won by");
        if widgets::side(
            ui,
            &format!("Level {} winner", i + 1),
            &sides,
            &mut lv.winner,
        ) {
            notes.push(format!("Level {} winner", i + 1));
        }
        remove = ui
            .small_button("×")
            .on_hover_text("Remove the level")
            .clicked();
    });
    if ui
        .checkbox(&mut lv.sudden, "sudden (checked after every turn)")
        .changed()
    {
        notes.push(format!("Level {} sudden", i + 1));
    }
    let mut gone = None;
    for k in 0..lv.all_of.len() {
        ui.horizontal(|ui| {
            let label = format!("Level {} condition {}", i + 1, k + 1);
            if condition(ui, &label, &mut lv.all_of[k], &sides, b) {
                notes.push(label);
            }
            if ui
                .small_button("×")
                .on_hover_text("Remove the condition")
                .clicked()
            {
                gone = Some(k);
            }
        });
    }
    if let Some(k) = gone {
        lv.all_of.remove(k);
        notes.push("Remove a victory condition".into());
    }
    let winner = lv.winner.clone();
    if ui.small_button("Add a condition").clicked() {
        lv.all_of.push(Condition::Holds {
            side: winner,
            hexes: Vec::new(),
        });
        notes.push("Add a victory condition".into());
    }
    let said: Vec<String> = lv.all_of.iter().map(|c| describe(b, c)).collect();
    ui.weak(said.join("; "));
    for n in notes {
        d.named(n);
    }
    if let Some((r, label)) = noted {
        d.note(&r, label);
    }
    remove
}

/// One condition: its kind, its side and the kind's fields.
fn condition(
    ui: &mut Ui,
    label: &str,
    c: &mut Condition,
    sides: &[sztab_core::model::described::Side],
    b: &Bundle,
) -> bool {
    let kind = kind_of(c);
    let mut picked = kind;
    let kind_r = egui::ComboBox::from_id_salt((label, "kind"))
        .selected_text(KINDS[kind])
        .show_ui(ui, |ui| {
            for (k, name) in KINDS.iter().enumerate().take(KINDS.len() - 1) {
                ui.selectable_value(&mut picked, k, *name);
            }
        })
        .response;
    crate::described::cells::name(&kind_r, egui::Role::ComboBox, format!("{label} kind"));
    if picked != kind {
        *c = new_of(picked, c.side().clone());
        return true;
    }
    let mut side = c.side().clone();
    let mut changed = widgets::side(ui, &format!("{label} side"), sides, &mut side);
    let places: Vec<String> = b.map.places.iter().map(|p| p.name.clone()).collect();
    let num = |ui: &mut Ui, v: &mut u32| ui.add(egui::DragValue::new(v).range(0..=9999)).changed();
    changed |= match c {
        Condition::Holds { hexes, .. } => widgets::hexes(ui, label, &b.map, hexes).changed(),
        Condition::HoldsPlace { place, .. } => widgets::place(ui, label, &places, place),
        Condition::Eliminated { at_least, .. } => num(ui, at_least),
        Condition::LosesAtMost { units, .. } => num(ui, units),
        Condition::Exited { edge, at_least, .. } => {
            widgets::edge(ui, label, edge) | num(ui, at_least)
        }
        Condition::ExitedAtMost { edge, units, .. } => {
            widgets::edge(ui, label, edge) | num(ui, units)
        }
        Condition::Points { at_least, .. } => ui.add(egui::DragValue::new(at_least)).changed(),
        Condition::PointsAtMost { at_most, .. } => ui.add(egui::DragValue::new(at_most)).changed(),
        Condition::LossRatio { at_least, .. } => ui
            .add(egui::DragValue::new(at_least).range(0.0..=100.0).speed(0.1))
            .changed(),
        Condition::Advance { toward, hexes, .. } => {
            widgets::edge(ui, label, toward) | num(ui, hexes)
        }
        Condition::FireChain { from, to, .. } => {
            widgets::edge(ui, &format!("{label} from"), from)
                | widgets::edge(ui, &format!("{label} to"), to)
        }
        Condition::FireCorridor {
            from, to, width, ..
        } => {
            widgets::edge(ui, &format!("{label} from"), from)
                | widgets::edge(ui, &format!("{label} to"), to)
                | num(ui, width)
        }
        Condition::InZone { .. } | Condition::InZoneAtMost { .. } | Condition::ZoneRatio { .. } => {
            ui.weak(describe(b, c));
            false
        }
    };
    if side != *c.side() {
        set_side(c, side);
    }
    changed
}

fn kind_of(c: &Condition) -> usize {
    match c {
        Condition::Holds { .. } => 0,
        Condition::HoldsPlace { .. } => 1,
        Condition::Eliminated { .. } => 2,
        Condition::LosesAtMost { .. } => 3,
        Condition::Exited { .. } => 4,
        Condition::ExitedAtMost { .. } => 5,
        Condition::Points { .. } => 6,
        Condition::PointsAtMost { .. } => 7,
        Condition::LossRatio { .. } => 8,
        Condition::Advance { .. } => 9,
        Condition::FireChain { .. } => 10,
        Condition::FireCorridor { .. } => 11,
        Condition::InZone { .. } | Condition::InZoneAtMost { .. } | Condition::ZoneRatio { .. } => {
            12
        }
    }
}

/// A condition of kind `k` for `side`, its fields empty or zero.
fn new_of(k: usize, side: SideId) -> Condition {
    match k {
        1 => Condition::HoldsPlace {
            side,
            place: String::new(),
        },
        2 => Condition::Eliminated {
            side,
            at_least: 1,
            weights: Default::default(),
        },
        3 => Condition::LosesAtMost { side, units: 0 },
        4 => Condition::Exited {
            side,
            edge: MapEdge::East,
            at_least: 1,
        },
        5 => Condition::ExitedAtMost {
            side,
            edge: MapEdge::East,
            units: 0,
        },
        6 => Condition::Points { side, at_least: 1 },
        7 => Condition::PointsAtMost { side, at_most: 0 },
        8 => Condition::LossRatio {
            side,
            at_least: 2.0,
        },
        9 => Condition::Advance {
            side,
            toward: MapEdge::East,
            hexes: 1,
        },
        10 => Condition::FireChain {
            side,
            from: MapEdge::West,
            to: MapEdge::East,
        },
        11 => Condition::FireCorridor {
            side,
            from: MapEdge::West,
            to: MapEdge::East,
            width: 1,
        },
        _ => Condition::Holds {
            side,
            hexes: Vec::new(),
        },
    }
}

fn set_side(c: &mut Condition, to: SideId) {
    match c {
        Condition::Holds { side, .. }
        | Condition::HoldsPlace { side, .. }
        | Condition::Eliminated { side, .. }
        | Condition::LosesAtMost { side, .. }
        | Condition::Exited { side, .. }
        | Condition::ExitedAtMost { side, .. }
        | Condition::Points { side, .. }
        | Condition::PointsAtMost { side, .. }
        | Condition::InZone { side, .. }
        | Condition::InZoneAtMost { side, .. }
        | Condition::LossRatio { side, .. }
        | Condition::ZoneRatio { side, .. }
        | Condition::Advance { side, .. }
        | Condition::FireChain { side, .. }
        | Condition::FireCorridor { side, .. } => *side = to,
    }
}
