//! Who takes the losses (R5.1.8), with the star and fortification-unit constraint
//! (R15.1.7, R15.4.3): a slider per unit up to its CEL and what is left to allocate, a
//! suggestion that meets the constraints, and the total to reach. Also mines, fire, Panthers, the
//! drain (LoseCel) and withdrawals "or equivalent".

use egui::Ui;

use super::super::cx::{Cx, id_label};
use sztab_core::model::UnitId;
use sztab_wb95::{Action, Game};

/// A first allocation: one CEL from each group that must give one, then one CEL at a
/// time from the unit with the most left, so losses reduce units before eliminating any.
pub fn suggest(cel: u8, units: &[(UnitId, u8)], groups: &[Vec<UnitId>]) -> Vec<(UnitId, u8)> {
    let mut out: Vec<(UnitId, u8)> = units.iter().map(|(u, _)| (u.clone(), 0)).collect();
    let room = |out: &Vec<(UnitId, u8)>, i: usize| units[i].1.saturating_sub(out[i].1);
    let mut due = cel;
    for g in groups {
        if due == 0 || out.iter().any(|(u, c)| *c > 0 && g.contains(u)) {
            continue;
        }
        let best = (0..units.len())
            .filter(|&i| g.contains(&units[i].0) && room(&out, i) > 0)
            .max_by_key(|&i| room(&out, i));
        if let Some(i) = best {
            out[i].1 += 1;
            due -= 1;
        }
    }
    while due > 0 {
        let Some(i) = (0..units.len())
            .filter(|&i| room(&out, i) > 0)
            .max_by_key(|&i| (room(&out, i), std::cmp::Reverse(i)))
        else {
            break;
        };
        out[i].1 += 1;
        due -= 1;
    }
    out
}

/// How far each unit's slider may go: its CEL, and no more than the loss `due` leaves
/// after what the other units take.
pub fn caps(units: &[(UnitId, u8)], cels: &[(UnitId, u8)], due: u8) -> Vec<u8> {
    let total: u32 = cels.iter().map(|(_, c)| u32::from(*c)).sum();
    units
        .iter()
        .zip(cels)
        .map(|((_, has), (_, v))| {
            let others = total - u32::from(*v);
            let left = u32::from(due).saturating_sub(others);
            (*has).min(left.min(255) as u8)
        })
        .collect()
}

/// The allocation sliders, each up to what is left to allocate; returns the CELs chosen
/// in total.
pub fn sliders(
    ui: &mut Ui,
    g: &Game,
    units: &[(UnitId, u8)],
    cels: &mut Vec<(UnitId, u8)>,
    due: u8,
) -> u8 {
    if cels.len() != units.len() {
        *cels = units.iter().map(|(u, _)| (u.clone(), 0)).collect();
    }
    for i in 0..units.len() {
        let cap = caps(units, cels, due)[i];
        let (id, has) = &units[i];
        let v = &mut cels[i].1;
        *v = (*v).min(cap);
        ui.add_enabled(
            cap > 0,
            egui::Slider::new(v, 0..=cap.max(1))
                .text(format!("{} (has {has} CEL)", id_label(g, id))),
        );
        *v = (*v).min(cap);
    }
    cels.iter().map(|(_, c)| *c).sum()
}

pub fn body(
    ui: &mut Ui,
    cx: &mut Cx,
    cel: u8,
    units: &[(UnitId, u8)],
    groups: &[Vec<UnitId>],
    withdrawal: bool,
) {
    if !cx.orders.draft.ready {
        cx.orders.draft.cels = suggest(cel, units, groups);
        cx.orders.draft.ready = true;
    }
    ui.label(format!(
        "Choose who loses {cel} CEL; each owner picks his units (R5.1.8)."
    ));
    for g in groups {
        let names: Vec<String> = g.iter().map(|u| u.to_string()).collect();
        ui.weak(format!(
            "At least 1 CEL from: {} (R15.1.7, R15.4.3)",
            names.join(", ")
        ));
    }
    let g = cx.session.game();
    let total = sliders(ui, g, units, &mut cx.orders.draft.cels, cel);
    ui.label(format!("{total} of {cel} CEL chosen"));
    let losses: Vec<(UnitId, u8)> = cx
        .orders
        .draft
        .cels
        .iter()
        .filter(|(_, c)| *c > 0)
        .cloned()
        .collect();
    let a = if withdrawal {
        Action::Withdraw { losses }
    } else {
        Action::TakeLosses { losses }
    };
    let text = if withdrawal {
        "Withdraw these"
    } else {
        "Take losses"
    };
    if super::super::cx::confirm_button(ui, g, text, &a) {
        cx.act(a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slider_stops_at_what_is_left_to_allocate() {
        let units = vec![(UnitId::new("a"), 2), (UnitId::new("b"), 2)];
        // 1 CEL due, nothing chosen: each may take 1, not its 2.
        let none = vec![(UnitId::new("a"), 0), (UnitId::new("b"), 0)];
        assert_eq!(caps(&units, &none, 1), vec![1, 1]);
        // `a` took it: `b` may take none, `a` keeps its 1.
        let a = vec![(UnitId::new("a"), 1), (UnitId::new("b"), 0)];
        assert_eq!(caps(&units, &a, 1), vec![1, 0]);
        // A loss larger than a unit: its CEL is the cap.
        assert_eq!(caps(&units, &none, 3), vec![2, 2]);
        assert_eq!(caps(&units, &a, 3), vec![2, 2]);
    }
}
