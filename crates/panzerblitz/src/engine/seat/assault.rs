//! The close assault step's choices: each enemy stack next to units that may assault
//! it, by each such unit alone and by all of them together, with the odds breakdown.

use sztab_core::hex::HexId;
use sztab_seam::Choice;

use super::{Order, enemy_hexes, hex, own};
use crate::engine::action::Action;
use crate::engine::crt;
use crate::engine::game::Game;
use crate::engine::odds::write_plan;

pub(super) fn assault(g: &Game, out: &mut Vec<Choice>) {
    let st = g.state();
    for h in enemy_hexes(g) {
        if st.assaulted.contains(&h) {
            continue;
        }
        let able: Vec<String> = own(g)
            .map(|u| g.s.units[u].id.clone())
            .filter(|id| g.plan_assault(h, std::slice::from_ref(id)).is_ok())
            .collect();
        if able.len() > 1 {
            assault_choice(g, h, &able, out);
        }
        for id in &able {
            assault_choice(g, h, std::slice::from_ref(id), out);
        }
    }
    out.push(Choice::plain(
        "end the close assault step",
        Order::Act(Action::EndStep).key(),
    ));
}

fn assault_choice(g: &Game, h: HexId, units: &[String], out: &mut Vec<Choice>) {
    let Ok(plan) = g.plan_assault(h, units) else {
        return;
    };
    let st = g.state();
    let dispersed = plan
        .pieces
        .iter()
        .any(|x| st.dispersed_now(&g.s, &x.target));
    let mut explain = String::new();
    write_plan(&mut explain, g, h, &plan, -2, true, dispersed);
    out.push(Choice {
        label: format!(
            "close assault on {} by {} ({})",
            hex(g, h),
            units.join(" "),
            crt::odds_name(plan.column)
        ),
        units: units.to_vec(),
        target: Some(h),
        hexes: vec![h],
        sight: false,
        explain: Some(explain),
        mark: None,
        key: Order::Act(Action::Assault {
            hex: h,
            units: units.to_vec(),
        })
        .key(),
    });
}
