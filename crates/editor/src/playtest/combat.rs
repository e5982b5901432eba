//! Combat phases (R5): click a stack of yours to make its units the attackers (Shift
//! adds another hex's), click the enemy hex to attack (Shift adds a hex when all
//! attackers stand together, R5.1.5); the panel shows the odds breakdown and the chance
//! of every outcome, offers artillery and air support, stars, full strength out of
//! supply and HQ-loss CMs, then rolls. The attacks still owed (R5.1.3-5.1.4) are listed
//! and outlined on the map; ranged fire (R6.4) has its own tool.

use egui::Ui;

use super::cx::{Cx, confirm_button, id_label};
use super::orders::{AttackPlan, CombatTool};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, AttackOrder, Game, Odds, Side};

/// A click on the map in a combat phase.
pub fn click(cx: &mut Cx, hex: HexId, shift: bool) {
    if cx.orders.combat_tool == CombatTool::Ranged {
        super::fire::click(cx, hex);
        return;
    }
    let g = cx.session.game();
    let Some(h) = cx.hx(hex) else { return };
    match g.occupant(h) {
        Some(s) if s == cx.side => {
            let ready: Vec<UnitId> = g
                .units_at(h)
                .iter()
                .filter(|&&u| g.info(u).can_attack() && !g.fought(u))
                .map(|&u| g.unit_id(u).clone())
                .collect();
            let plan = &mut cx.orders.attack;
            if !shift {
                plan.attackers.clear();
            }
            for u in ready {
                if !plan.attackers.contains(&u) {
                    plan.attackers.push(u);
                }
            }
            plan.support.clear();
        }
        Some(_) => {
            let plan = &mut cx.orders.attack;
            if shift {
                if !plan.defenders.contains(&hex) {
                    plan.defenders.push(hex);
                }
            } else {
                plan.defenders = vec![hex];
            }
            plan.air.clear();
        }
        None => {}
    }
}

/// The order the plan makes.
pub fn order(plan: &AttackPlan) -> AttackOrder {
    AttackOrder {
        attackers: plan.attackers.clone(),
        defenders: plan.defenders.clone(),
        stars: plan.stars.clone(),
        hq_pool_cms: plan.pool,
        support: plan.support.clone(),
        air: plan.air.clone(),
        full_strength: plan.full_strength.clone(),
    }
}

pub fn panel(ui: &mut Ui, cx: &mut Cx) {
    ui.horizontal(|ui| {
        ui.selectable_value(&mut cx.orders.combat_tool, CombatTool::Attack, "Attack");
        ui.selectable_value(
            &mut cx.orders.combat_tool,
            CombatTool::Ranged,
            "Ranged fire",
        );
    });
    if let Some(t) = owed(ui, cx.game()) {
        cx.follow(t);
    }
    owed_plan(ui, cx);
    ui.separator();
    if cx.orders.combat_tool == CombatTool::Ranged {
        super::fire::panel(ui, cx, false);
        return;
    }
    suggestions(ui, cx);
    plan(ui, cx);
}

/// The attacks the rules still require, from the engine; the unit it names is a link.
pub fn owed(ui: &mut Ui, g: &Game) -> Option<crate::links::Target> {
    match g.unmet_obligation() {
        Some(why) => super::cx::linked(
            ui,
            g,
            &format!("Still owed: {why} (R5.1.3-5.1.4)"),
            Some(egui::Color32::from_rgb(190, 30, 30)),
        ),
        None => {
            ui.weak("No mandatory attack is owed: the phase may end.");
            None
        }
    }
}

/// The engine's plan for the attacks still owed (R5.1.3-5.1.4): each attack one click
/// to declare as it stands ("Accept") or to take into the planner to change ("Edit");
/// its units and hexes are links to the map. Made again after every combat.
fn owed_plan(ui: &mut Ui, cx: &mut Cx) {
    if cx.game().unmet_obligation().is_none() {
        return;
    }
    let plan = cx.orders.owed_plan(cx.session.game()).to_vec();
    let g = cx.session.game();
    let mut chosen: Option<(AttackOrder, bool)> = None;
    let mut goto = None;
    let title = format!(
        "Plan the owed attacks ({})",
        crate::words::count(plan.len(), "attack", "attacks")
    );
    egui::CollapsingHeader::new(title)
        .id_salt("owed_plan")
        .default_open(true)
        .show(ui, |ui| {
            ui.weak("The engine's attacks that together meet the obligations as the position stands. Accept declares one as it is; Edit takes it into the planner below to add support or change it.");
            for (o, odds) in &plan {
                ui.horizontal_top(|ui| {
                    if ui
                        .small_button("Accept")
                        .on_hover_text("Declare this attack now, as planned")
                        .clicked()
                    {
                        chosen = Some((o.clone(), true));
                    }
                    if ui
                        .small_button("Edit")
                        .on_hover_text("Take this attack into the planner to change it")
                        .clicked()
                    {
                        chosen = Some((o.clone(), false));
                    }
                    let text = planned_text(g, cx.viewer, o, odds);
                    if let Some(t) = super::cx::linked(ui, g, &text, None) {
                        goto = Some(t);
                    }
                });
            }
        });
    if let Some(t) = goto {
        cx.follow(t);
    }
    match chosen {
        Some((o, true)) => {
            cx.act(Action::Attack(o));
        }
        Some((o, false)) => {
            cx.orders.attack = AttackPlan {
                attackers: o.attackers,
                defenders: o.defenders,
                ..AttackPlan::default()
            };
        }
        None => {}
    }
}

/// "10ID/41, 10ID/20 ➡ 0806 at 3:1", the odds only where fog of war shows the defenders.
fn planned_text(g: &Game, viewer: Option<Side>, o: &AttackOrder, odds: &Odds) -> String {
    let who: Vec<String> = o.attackers.iter().map(|u| u.to_string()).collect();
    let hexes: Vec<String> = o.defenders.iter().map(|h| h.to_string()).collect();
    let at = if defenders_seen(g, viewer, &o.defenders) {
        format!("at {}", odds.column)
    } else {
        format!("({HIDDEN_ODDS})")
    };
    format!("{} ➡ {} {at}", who.join(", "), hexes.join(", "))
}

/// Fog of war (R16) before an attack is declared: does the viewer see every defending
/// stack whole? Only a stack that fought this Combat phase is shown whole (R16.1.3); an
/// adjacent one shows its counters' types and CELs (R16.1.4), not their SP.
///
/// The odds are computed from the defenders' true strengths, so while a defender is not
/// shown whole the planner gives no odds ("odds known once declared") rather than odds
/// from what is visible: types and CELs do not give SP, and a guess would mislead.
fn defenders_seen(g: &Game, viewer: Option<Side>, hexes: &[HexId]) -> bool {
    let Some(v) = viewer else { return true };
    hexes.iter().all(|&hex| {
        g.board().index(hex).is_none_or(|h| {
            matches!(
                g.stack_view(v, h),
                None | Some(sztab_wb95::visibility::StackView::Revealed { .. })
            )
        })
    })
}

const HIDDEN_ODDS: &str = "odds known once declared";

fn suggestions(ui: &mut Ui, cx: &mut Cx) {
    let g = cx.session.game();
    let side = cx.side;
    let viewer = cx.viewer;
    let mut take = None;
    egui::CollapsingHeader::new("Possible attacks (engine)").show(ui, |ui| {
        let mut list = g.candidate_attacks();
        // Hidden odds do not order the list either.
        list.sort_by_key(|(o, odds)| {
            let seen = defenders_seen(g, viewer, &o.defenders);
            (
                !g.meets_obligation(side, o),
                std::cmp::Reverse(seen.then_some(odds.column)),
            )
        });
        for (o, odds) in list.iter().take(30) {
            let who: Vec<String> = o.attackers.iter().map(|u| u.to_string()).collect();
            let hexes: Vec<String> = o.defenders.iter().map(|h| h.to_string()).collect();
            let must = if g.meets_obligation(side, o) {
                " (owed)"
            } else {
                ""
            };
            let at = if defenders_seen(g, viewer, &o.defenders) {
                format!("at {}", odds.column)
            } else {
                format!("({HIDDEN_ODDS})")
            };
            let text = format!("{} ➡ {} {at}{must}", who.join(", "), hexes.join(", "));
            let b = egui::Button::new(egui::RichText::new(text).small())
                .wrap_mode(egui::TextWrapMode::Wrap);
            if ui.add(b).clicked() {
                take = Some(o.clone());
            }
        }
    });
    if let Some(o) = take {
        cx.orders.attack = AttackPlan {
            attackers: o.attackers,
            defenders: o.defenders,
            ..AttackPlan::default()
        };
    }
}

fn plan(ui: &mut Ui, cx: &mut Cx) {
    let side = cx.side;
    if cx.orders.attack.attackers.is_empty() || cx.orders.attack.defenders.is_empty() {
        ui.label("Click your attacking stack, then the enemy hex to attack.");
        if !cx.orders.attack.attackers.is_empty() {
            attackers(ui, cx);
        }
        return;
    }
    attackers(ui, cx);
    voluntary(ui, cx, side);
    let o = order(&cx.orders.attack);
    let a = Action::Attack(o.clone());
    ui.horizontal(|ui| {
        if confirm_button(ui, cx.session.game(), "Roll the dice: attack", &a) && cx.act(a) {
            cx.orders.attack = AttackPlan::default();
        }
        if ui.button("Clear attack").clicked() {
            cx.orders.attack = AttackPlan::default();
        }
    });
    let g = cx.session.game();
    match g.engagement_of(side, &o) {
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(190, 30, 30), e.to_string());
        }
        Ok(_) if !defenders_seen(g, cx.viewer, &o.defenders) => {
            hidden_defenders(ui, g, cx.viewer, &o.defenders);
        }
        Ok(eng) => {
            let odds = g.assess(&eng);
            egui::CollapsingHeader::new(format!("Odds breakdown: column {}", odds.column))
                .default_open(true)
                .show(ui, |ui| super::odds_view::show(ui, &odds, g.prepared().crt));
        }
    }
}

/// The defenders as R16 shows them to the viewer, and no odds.
fn hidden_defenders(ui: &mut Ui, g: &Game, viewer: Option<Side>, hexes: &[HexId]) {
    ui.strong("Defenders, as fog of war shows them (R16)");
    for &hex in hexes {
        ui.label(super::map::describe_hex(g, viewer, hex));
    }
    ui.label(format!(
        "The defenders' strength is hidden: {HIDDEN_ODDS} (R16.1.3)."
    ));
}

fn attackers(ui: &mut Ui, cx: &mut Cx) {
    let g = cx.session.game();
    let plan = &mut cx.orders.attack;
    ui.strong("Attackers");
    let mut drop = None;
    for id in &plan.attackers {
        let mut on = true;
        if ui.checkbox(&mut on, id_label(g, id)).changed() {
            drop = Some(id.clone());
        }
    }
    if let Some(d) = drop {
        plan.attackers.retain(|x| *x != d);
    }
    if !plan.defenders.is_empty() {
        let hexes: Vec<String> = plan.defenders.iter().map(|h| h.to_string()).collect();
        ui.strong(format!("Attacking {}", hexes.join(", ")));
    }
}

/// Support, stars, full strength and HQ-loss CMs, each as the engine offers them.
fn voluntary(ui: &mut Ui, cx: &mut Cx, side: Side) {
    let g = cx.session.game();
    let bare = AttackOrder {
        support: Vec::new(),
        air: Vec::new(),
        ..order(&cx.orders.attack)
    };
    let (guns, air) = g.attack_support_options(side, &bare);
    let plan = &mut cx.orders.attack;
    toggles(ui, g, "Artillery support (R6.3)", &guns, &mut plan.support);
    let air_ids: Vec<UnitId> = air.iter().map(|a| UnitId::new(a.to_string())).collect();
    let mut chosen: Vec<UnitId> = plan
        .air
        .iter()
        .map(|a| UnitId::new(a.to_string()))
        .collect();
    toggles(
        ui,
        g,
        "Air offensive support (R8.2.2)",
        &air_ids,
        &mut chosen,
    );
    plan.air = air
        .iter()
        .filter(|a| chosen.iter().any(|c| c.as_str() == a.as_str()))
        .cloned()
        .collect();
    let starred: Vec<UnitId> = plan
        .attackers
        .iter()
        .filter(|id| {
            g.roster()
                .get(id.as_str())
                .is_some_and(|u| !g.info(u).stars().is_empty())
        })
        .cloned()
        .collect();
    toggles(ui, g, "Use stars (R15.1)", &starred, &mut plan.stars);
    let oos: Vec<UnitId> = plan
        .attackers
        .iter()
        .chain(&plan.support)
        .filter(|id| {
            g.roster()
                .get(id.as_str())
                .is_some_and(|u| g.unit_state(u).oos > 0)
        })
        .cloned()
        .collect();
    toggles(
        ui,
        g,
        "Full strength out of supply, +1 OoS (R10.2.3)",
        &oos,
        &mut plan.full_strength,
    );
    let hexes: Vec<_> = plan
        .defenders
        .iter()
        .filter_map(|&h| g.board().index(h))
        .collect();
    let pool = g.pool_available(side, &hexes);
    if pool > 0 {
        ui.add(egui::Slider::new(&mut plan.pool, 0..=pool).text("HQ-loss CMs (R9.1.6)"));
    }
}

/// Checkboxes for `options`, keeping `chosen` a subset of them.
pub fn toggles(ui: &mut Ui, g: &Game, title: &str, options: &[UnitId], chosen: &mut Vec<UnitId>) {
    chosen.retain(|c| options.contains(c));
    if options.is_empty() {
        return;
    }
    ui.label(title);
    for id in options {
        let mut on = chosen.contains(id);
        if ui.checkbox(&mut on, id_label(g, id)).changed() {
            if on {
                chosen.push(id.clone());
            } else {
                chosen.retain(|c| c != id);
            }
        }
    }
}
