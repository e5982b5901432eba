//! The defender's answer to an attack (R5.2.1b): stars (R15.1), fortification units'
//! ability (R15.4), HQ-loss CMs (R9.1.6), artillery in defensive support (R6.3.3) and
//! defensive air missions already flown over the hex (R8.2.4), with the odds as they
//! would stand.

use egui::Ui;

use super::super::cx::{Cx, confirm_button};
use sztab_core::model::{AirId, UnitId};
use sztab_wb95::combat::odds::AirSupport;
use sztab_wb95::{Action, Decision, DefenseOrder, Game, Unit};

fn units(g: &Game, ids: &[UnitId]) -> Vec<Unit> {
    ids.iter()
        .filter_map(|id| g.roster().get(id.as_str()))
        .collect()
}

fn air_support(g: &Game, ids: &[UnitId]) -> Vec<AirSupport> {
    g.prepared()
        .air
        .iter()
        .filter(|a| ids.iter().any(|i| i.as_str() == a.id.as_str()))
        .map(|a| AirSupport {
            name: a.id.to_string(),
            sp: u32::from(a.sp),
            white_star: a.white_star,
        })
        .collect()
}

pub fn body(ui: &mut Ui, cx: &mut Cx, d: &Decision) {
    let Decision::Defend {
        star_units,
        fortification_units,
        hq_pool_cms,
        artillery,
        air,
        ..
    } = d
    else {
        return;
    };
    ui.label("The enemy attacks: choose what your defenders add.");
    let g = cx.session.game();
    let draft = &mut cx.orders.draft;
    super::super::combat::toggles(ui, g, "Use stars (R15.1)", star_units, &mut draft.picks);
    super::super::combat::toggles(
        ui,
        g,
        "Fortification units' +2 CM (R15.4)",
        fortification_units,
        &mut draft.fortification,
    );
    super::super::combat::toggles(
        ui,
        g,
        "Artillery defensive support (R6.3.3)",
        artillery,
        &mut draft.support,
    );
    let air_ids: Vec<UnitId> = air.iter().map(|a| UnitId::new(a.as_str())).collect();
    super::super::combat::toggles(
        ui,
        g,
        "Defensive air support, half SP (R8.2.4)",
        &air_ids,
        &mut draft.air,
    );
    if *hq_pool_cms > 0 {
        ui.add(egui::Slider::new(&mut draft.pool, 0..=*hq_pool_cms).text("HQ-loss CMs (R9.1.6)"));
    }
    let order = DefenseOrder {
        stars: draft.picks.clone(),
        fortification_units: draft.fortification.clone(),
        hq_pool_cms: draft.pool,
        support: draft.support.clone(),
        air: draft.air.iter().map(|a| AirId::new(a.as_str())).collect(),
    };
    let a = Action::Defend(order);
    if confirm_button(ui, g, "Declare the defense", &a) {
        cx.act(a);
        return;
    }
    let draft = &cx.orders.draft;
    if let Some(mut eng) = g.engagement() {
        eng.defender_stars = units(g, &draft.picks);
        eng.fortification_units = units(g, &draft.fortification);
        eng.defender_support = units(g, &draft.support);
        eng.defender_air = air_support(g, &draft.air);
        eng.defender_pool = draft.pool;
        let odds = g.assess(&eng);
        egui::CollapsingHeader::new("Odds with this defense")
            .default_open(true)
            .show(ui, |ui| {
                super::super::odds_view::show(ui, &odds, g.prepared().crt)
            });
    }
}
