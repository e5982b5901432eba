//! The odds breakdown of a combat before rolling, as the engine computes and resolves
//! it: each side's SP with every halving, the initial ratio, every CM with its rule and
//! source, the columns after each clamping step, the HQ die modifier, and the chance of
//! every CRT outcome.

use egui::{Color32, RichText, Ui};

use sztab_wb95::combat::strength::Strength;
use sztab_wb95::{CmSide, Crt, Odds};

pub fn show(ui: &mut Ui, odds: &Odds, crt: &Crt) {
    ui.columns(2, |cols| {
        side(&mut cols[0], "Attacker", &odds.attack);
        side(&mut cols[1], "Defender", &odds.defense);
    });
    ui.label(format!(
        "Initial ratio {}:{} gives column {} (R1.5, R1.7; terrain of {})",
        odds.attack.total, odds.defense.total, odds.initial, odds.key_hex
    ));
    if odds.cms.is_empty() {
        ui.weak("No combat modifiers.");
    }
    // One wrapped row per CM: a grid would keep each column as wide as its longest text
    // and run past the panel.
    for c in &odds.cms {
        let (sign, colour) = match c.side {
            CmSide::Attacker => ("+", Color32::from_rgb(20, 120, 40)),
            CmSide::Defender => ("−", Color32::from_rgb(170, 30, 30)),
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{sign}{}", c.value))
                    .color(colour)
                    .strong(),
            );
            ui.label(&c.reason);
            ui.weak(c.rule);
            if let Some(s) = &c.source {
                ui.weak(format!("from {s}"));
            }
        });
    }
    ui.label(format!(
        "After attacker CMs {}, after defender CMs {} (clamped after each step)",
        odds.after_attacker, odds.column
    ));
    if let Some((rule, why)) = &odds.forced {
        ui.label(format!("Forced column {}: {why} [{rule}]", odds.column));
    }
    let hq = sztab_wb95::combat::HqModifier::list;
    ui.label(format!(
        "HQ die modifier {:+} (attacker HQ: {}, defender HQ: {}) [R9.2]",
        odds.hq.net,
        hq(&odds.hq.attacker_hqs),
        hq(&odds.hq.defender_hqs)
    ));
    ui.heading(format!("Column {}", odds.column));
    outcomes(ui, odds, crt);
}

fn side(ui: &mut Ui, title: &str, s: &Strength) {
    ui.strong(format!("{title}: {} SP", s.total));
    for l in s.lines.iter().chain(&s.support) {
        let mut t = format!("{} {}  {} SP", l.unit, l.hex, l.printed);
        if l.value != l.printed {
            t += &format!(", counts {}", l.value);
        }
        if let Some(n) = &l.note {
            t += &format!(" ({n})");
        }
        ui.label(t);
    }
    if let Some(h) = &s.halving {
        ui.label(format!(
            "halved {}: {} to {} SP [{}]",
            h.reason, h.before, h.after, h.rule
        ));
    }
}

/// Every outcome with its chance, as bars.
pub fn outcomes(ui: &mut Ui, odds: &Odds, crt: &Crt) {
    ui.strong("Outcomes (attacker / defender)");
    for o in odds.outcomes(crt) {
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::ProgressBar::new(o.probability as f32)
                    .desired_width(90.0)
                    .text(format!("{:.1}%", o.probability * 100.0)),
            );
            ui.monospace(format!("{:<10}", o.cell.to_string()));
            let rolls: Vec<String> = o.rolls.iter().map(|r| r.to_string()).collect();
            ui.weak(format!("rolls {}", rolls.join(",")));
        });
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT, Queryable};

    use sztab_core::hex::HexId;
    use sztab_core::model::UnitId;
    use sztab_wb95::AttackOrder;
    use sztab_wb95::sandbox::Sandbox;

    #[test]
    fn long_reasons_wrap_inside_a_narrow_panel() {
        // A Fixed Position attacked from the rear: the longest CM reason there is.
        let mut s = Sandbox::new(10, 10, 3);
        s.armor("g", "german", "0604", 8, 7);
        s.unit("d", "soviet", "0505").sp = 2;
        s.hexside("0405", "0505", "fp_line", Some("0505"));
        let g = s.game(1).unwrap();
        let order = AttackOrder {
            attackers: vec![UnitId::new("g")],
            defenders: vec![HexId::parse("0505").unwrap()],
            stars: vec![],
            hq_pool_cms: 0,
            support: vec![],
            air: vec![],
            full_strength: vec![],
        };
        let eng = g.engagement_of(sztab_wb95::Side::A, &order).unwrap();
        let odds = g.assess(&eng);
        assert!(
            odds.cms.iter().any(|c| c.reason.len() > 60),
            "{:?}",
            odds.cms
        );
        let crt = g.prepared().crt;
        let width = 300.0;
        let mut h = Harness::builder()
            .with_size(egui::vec2(width, 900.0))
            .build_ui(|ui| super::show(ui, &odds, crt));
        h.run();
        for n in h.query_all_by_role(egui::accesskit::Role::Label) {
            let a = n.accesskit_node();
            assert!(
                n.rect().max.x <= width + 0.5,
                "{:?} runs past the panel: {:?}",
                a.label().or(a.value()),
                n.rect()
            );
        }
    }
}
