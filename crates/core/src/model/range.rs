//! The range the rules allow for each number of the four files.
//!
//! A value outside its range is refused when the file is read, as an error at the value's
//! line and column (the parser's position): a movement cost of -129 or a combat modifier
//! of 127 never reaches the rules engine, whose arithmetic can then rely on small,
//! non-negative costs and CMs inside the combat table. The editor's fields take their
//! limits from here too, so the editor never writes a file the loader refuses.
//!
//! Each [`Bounds`] names what it bounds for the message; the `deserialize_with` functions
//! below apply one to a field (`#[serde(deserialize_with = "range::cm")]`), and the
//! matching `#[schemars(range(...))]` puts the same limits in the JSON Schema.

use std::collections::BTreeMap;
use std::fmt::Display;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use super::mp::Mp;

/// An inclusive range of a number and what the number is, for messages.
#[derive(Clone, Copy, Debug)]
pub struct Bounds<T> {
    pub min: T,
    pub max: T,
    /// What the number is, e.g. "a combat modifier".
    pub what: &'static str,
}

impl<T: Copy + PartialOrd + Display> Bounds<T> {
    pub const fn new(min: T, max: T, what: &'static str) -> Self {
        Self { min, max, what }
    }

    /// Is `v` inside? (A NaN never is.)
    pub fn contains(&self, v: T) -> bool {
        v >= self.min && v <= self.max
    }

    /// `v`, or the message that refuses it.
    pub fn check(&self, v: T) -> Result<T, String> {
        if self.contains(v) {
            Ok(v)
        } else {
            Err(self.refusal(v))
        }
    }

    /// Why `v` is refused: "127 is out of range: a combat modifier is -12 to 12".
    pub fn refusal(&self, v: impl Display) -> String {
        format!(
            "{v} is out of range: {} is {} to {}",
            self.what, self.min, self.max
        )
    }
}

/// Movement points of a unit, a nation's supply line or a terrain cost: never negative
/// (a negative cost would let a search loop for ever), and small enough that a path over
/// the largest map (1000×1000 hexes) sums without overflow.
pub const MAX_MP: i32 = 30;

/// Combat modifiers shift columns of the combat table (13 columns, 1:4 to 10:1); a shift
/// of 12 already moves any column to the table's edge (R1.5).
pub const CM: Bounds<i8> = Bounds::new(-12, 12, "a combat modifier");
/// The cost of a terrain, feature, hexside or road for one movement class.
pub const COST: Bounds<Mp> = Bounds::new(Mp::ZERO, Mp::whole(MAX_MP), "a movement cost in MP");
/// A unit's printed MP, or a nation's supply MP (R10.1.6).
pub const MP: Bounds<Mp> = Bounds::new(Mp::ZERO, Mp::whole(MAX_MP), "a number of MP");
/// Strength points of a counter or an air counter (the largest printed are about 20).
pub const SP: Bounds<u8> = Bounds::new(0, 60, "a strength (SP)");
/// A morale limit: disorganized when 2K6 reaches it (R5.6.2); 13 is never.
pub const MORALE: Bounds<u8> = Bounds::new(2, 13, "a morale limit");
/// An HQ's range in hexes (R9.2.2: 3 or 4).
pub const HQ_RANGE: Bounds<u8> = Bounds::new(1, 10, "an HQ range in hexes");
/// The drawn width of a hexside or road line, in board units (a hex's radius is 1).
pub const LINE_WIDTH: Bounds<f32> = Bounds::new(0.0, 1.0, "a line width (hex radii)");
/// The text height of a map label, in hex radii.
pub const LABEL_SIZE: Bounds<f32> = Bounds::new(0.05, 10.0, "a label size (hex radii)");
/// A rotation in degrees.
pub const ANGLE: Bounds<f32> = Bounds::new(-360.0, 360.0, "an angle in degrees");
/// The underlay's opacity.
pub const OPACITY: Bounds<f32> = Bounds::new(0.0, 1.0, "an opacity");
/// A pixel coordinate on a scan (scans are at most 32768 pixels a side, with margin).
pub const PIXEL: Bounds<f64> = Bounds::new(-1.0e6, 1.0e6, "a pixel coordinate");
/// Turns a scenario lasts, in every system (a WB-95 turn is a day, R2.1.6). The longest
/// campaigns of the systems last weeks or a few dozen turns; 400 is generous, and bounds
/// how long a game, a turn track or a setup card can run ([`super::limits`]).
pub const TURNS: Bounds<u32> = Bounds::new(1, 400, "a number of turns");
/// The victory points one award or one reinforcement group is worth.
pub const VP: Bounds<i32> = Bounds::new(-999, 999, "a VP award");
/// The VP total a victory level starts at.
pub const VP_TOTAL: Bounds<i32> = Bounds::new(-99_999, 99_999, "a VP total");
/// Barrage ammunition units (R6.5).
pub const AMMO: Bounds<u32> = Bounds::new(0, 999, "a number of ammunition units");
/// Dice rolled for mines (R18.1.1: 4 or 6).
pub const MINE_DICE: Bounds<u8> = Bounds::new(1, 12, "a number of mine dice");
/// Star CMs per hex, air counters per hex, repair markers, CELs drained a turn: small
/// counts of things on a board.
pub const SMALL_COUNT: Bounds<u8> = Bounds::new(0, 20, "a count");
/// At least one air counter per mission hex.
pub const AIR_PER_HEX: Bounds<u8> = Bounds::new(1, 20, "a number of air counters per hex");

/// VP awards and automatic-victory conditions of a scenario: each is evaluated every
/// turn, so their number bounds the cost of a turn (the printed scenarios have a dozen).
pub const VICTORY_CONDITIONS: Bounds<usize> =
    Bounds::new(0, 100, "a number of VP awards or automatic victories");

/// Units a scenario sets up or brings on: the rules engine numbers them in 16 bits, and
/// the largest campaigns have a few hundred counters.
pub const SCENARIO_UNITS: Bounds<usize> = Bounds::new(0, 20_000, "a number of units in a scenario");

/// Reads an integer of any width and checks it against `b`, so `sp: -1` and `sp: 300`
/// get the same message as any other value out of range.
fn int<'de, D, T>(d: D, b: &Bounds<T>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Copy + PartialOrd + Display + Into<i64> + TryFrom<i64>,
{
    let v = i64::deserialize(d)?;
    if v < b.min.into() || v > b.max.into() {
        return Err(D::Error::custom(b.refusal(v)));
    }
    T::try_from(v).map_err(|_| D::Error::custom(b.refusal(v)))
}

fn value<'de, D, T>(d: D, b: &Bounds<T>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Copy + PartialOrd + Display + Deserialize<'de>,
{
    b.check(T::deserialize(d)?).map_err(D::Error::custom)
}

/// Defines `name` (a bounded field) and `opt_name` (an optional one) for `deserialize_with`.
macro_rules! bounded {
    ($name:ident, $opt:ident, $t:ty, $bounds:expr, $read:ident) => {
        #[doc = concat!("A field bounded by [`", stringify!($bounds), "`].")]
        pub fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
            $read(d, &$bounds)
        }

        #[doc = concat!("An optional field bounded by [`", stringify!($bounds), "`].")]
        #[allow(dead_code)]
        pub fn $opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<$t>, D::Error> {
            struct Checked($t);
            impl<'de> Deserialize<'de> for Checked {
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    $read(d, &$bounds).map(Checked)
                }
            }
            Ok(Option::<Checked>::deserialize(d)?.map(|c| c.0))
        }
    };
}

bounded!(cm, opt_cm, i8, CM, int);
bounded!(cost, opt_cost, Mp, COST, value);
bounded!(mp, opt_mp, Mp, MP, value);
bounded!(sp, opt_sp, u8, SP, int);
bounded!(morale, opt_morale, u8, MORALE, int);
bounded!(hq_range, opt_hq_range, u8, HQ_RANGE, int);
bounded!(line_width, opt_line_width, f32, LINE_WIDTH, value);
bounded!(label_size, opt_label_size, f32, LABEL_SIZE, value);
bounded!(angle, opt_angle, f32, ANGLE, value);
bounded!(opacity, opt_opacity, f32, OPACITY, value);
bounded!(turns, opt_turns, u32, TURNS, int);
bounded!(vp, opt_vp, i32, VP, int);
bounded!(vp_total, opt_vp_total, i32, VP_TOTAL, int);
bounded!(ammo, opt_ammo, u32, AMMO, int);
bounded!(mine_dice, opt_mine_dice, u8, MINE_DICE, int);
bounded!(small_count, opt_small_count, u8, SMALL_COUNT, int);
bounded!(air_per_hex, opt_air_per_hex, u8, AIR_PER_HEX, int);

/// A scan pixel `[x, y]`: finite and within [`PIXEL`].
pub fn pixel<'de, D: Deserializer<'de>>(d: D) -> Result<[f64; 2], D::Error> {
    let v = <[f64; 2]>::deserialize(d)?;
    for c in v {
        PIXEL.check(c).map_err(D::Error::custom)?;
    }
    Ok(v)
}

/// A map of names to combat modifiers (a scenario's Fixed Position groups).
pub fn cm_map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, i8>, D::Error> {
    struct Checked(i8);
    impl<'de> Deserialize<'de> for Checked {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            cm(d).map(Checked)
        }
    }
    Ok(BTreeMap::<String, Checked>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| (k, v.0))
        .collect())
}
