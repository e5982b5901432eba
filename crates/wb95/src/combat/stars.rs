//! Star abilities (R15.1, §6): each declared star that survives its own
//! condition and the enemy's disabling gives +1 CM; a disabled star disables nothing.

use crate::board::Hx;
use crate::game::Game;
use crate::roster::Unit;
use sztab_core::model::Star;

/// The stars one side kept, per unit, after both sides' conditions and disabling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StarOutcome {
    /// Units and the stars that count, attacker side then defender side.
    pub kept: [Vec<(Unit, Vec<Star>)>; 2],
    /// Star CMs per side after the per-hex cap, white-star air counters included.
    pub cms: [i32; 2],
    /// White-star air counters that count, per side (R21.1.1).
    pub air: [i32; 2],
}

/// What a side's declaration looks like to the star rules.
pub struct StarSide<'a> {
    pub declared: &'a [Unit],
    pub attacking: bool,
    /// The enemy side includes a mechanized unit or armored car (white stars).
    pub enemy_has_armor: bool,
    /// The defender gets an FF, FP or FL CM in this combat (black stars in attack).
    pub enemy_fortified: bool,
    /// Units attacking across a big river may use no stars (R15.1.8).
    pub across_big_river: &'a [Unit],
    /// White-star air counters supporting this side (R21.1.1, A-75).
    pub air_white: i32,
}

fn usable(game: &Game, u: Unit, star: Star, s: &StarSide) -> bool {
    // Towed units use their stars in defense only (R15.1.5); no stars across a big
    // river (R15.1.8).
    if s.attacking && (s.across_big_river.contains(&u) || game.info(u).is_towed()) {
        return false;
    }
    match star {
        Star::Black => !s.attacking || !s.enemy_fortified,
        Star::White => s.enemy_has_armor,
        Star::Yellow => s.attacking,
        Star::Blue => true,
    }
}

/// Applies §6 steps 2-6 to both sides. `hex_of` gives each unit's hex for the cap.
pub fn resolve(
    game: &Game,
    sides: [StarSide; 2],
    cap_per_hex: Option<u8>,
    hex_of: impl Fn(Unit) -> Hx,
) -> StarOutcome {
    // Step 2: each declared star against its own condition.
    let mut kept: [Vec<(Unit, Vec<Star>)>; 2] = [Vec::new(), Vec::new()];
    for (i, s) in sides.iter().enumerate() {
        for &u in s.declared {
            let stars: Vec<Star> = game
                .info(u)
                .stars()
                .iter()
                .copied()
                .filter(|&st| usable(game, u, st, s))
                .collect();
            if !stars.is_empty() {
                kept[i].push((u, stars));
            }
        }
    }
    let has = |k: &Vec<(Unit, Vec<Star>)>, star: Star| k.iter().any(|(_, s)| s.contains(&star));
    // R21.1.1, A-75: white-star air counters count as white stars, against armor.
    let air = [0, 1].map(|i| {
        if sides[i].enemy_has_armor {
            sides[i].air_white
        } else {
            0
        }
    });
    // Step 3: black stars fall to an enemy white star.
    let white = [
        has(&kept[0], Star::White) || air[0] > 0,
        has(&kept[1], Star::White) || air[1] > 0,
    ];
    for i in 0..2 {
        if white[1 - i] {
            for (_, s) in kept[i].iter_mut() {
                s.retain(|&x| x != Star::Black);
            }
        }
    }
    // Step 4: yellow stars fall to an enemy white or surviving black star.
    let black = [has(&kept[0], Star::Black), has(&kept[1], Star::Black)];
    for i in 0..2 {
        if white[1 - i] || black[1 - i] {
            for (_, s) in kept[i].iter_mut() {
                s.retain(|&x| x != Star::Yellow);
            }
        }
    }
    for k in kept.iter_mut() {
        k.retain(|(_, s)| !s.is_empty());
    }
    // Step 6: sum, capped per own hex ([G] R15.1.4).
    let mut cms = [0i32; 2];
    for i in 0..2 {
        let mut per_hex: Vec<(Hx, i32)> = Vec::new();
        for (u, s) in &kept[i] {
            let h = hex_of(*u);
            match per_hex.iter_mut().find(|(x, _)| *x == h) {
                Some(e) => e.1 += s.len() as i32,
                None => per_hex.push((h, s.len() as i32)),
            }
        }
        cms[i] = per_hex
            .iter()
            .map(|&(_, n)| cap_per_hex.map_or(n, |c| n.min(i32::from(c))))
            .sum::<i32>()
            + air[i];
    }
    StarOutcome { kept, cms, air }
}
