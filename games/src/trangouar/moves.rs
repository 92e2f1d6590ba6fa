//! The move JSON of Trangouar (`{"action": "setup" | "nothing" | "exchange" | "move" | "attack" |
//! "lose", ...}`) and its parsing. Serialising a move gives its canonical form.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};

use super::board::{Point, CELLS};
use super::CUBE_MAX;
use crate::engine::MoveError;

/// Pearl counts of a cube, by colour: red = movement, black = attack, white = defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pearls {
    pub red: u8,
    pub black: u8,
    pub white: u8,
}

impl Pearls {
    pub const fn new(red: u8, black: u8, white: u8) -> Self {
        Pearls { red, black, white }
    }

    /// The number of pearls, computed wide: three counts of up to 255 cannot wrap (a wrapping
    /// sum once let 255 red + 10 black pass as 9 pearls).
    pub fn total(self) -> u32 {
        u32::from(self.red) + u32::from(self.black) + u32::from(self.white)
    }

    /// `{"red": r, "black": b, "white": w}`, for events and views.
    pub fn to_json(self) -> Value {
        json!({"red": self.red, "black": self.black, "white": self.white})
    }

    /// Whether every colour of `self` is at most that of `other`.
    pub fn within(self, other: Pearls) -> bool {
        self.red <= other.red && self.black <= other.black && self.white <= other.white
    }

    pub fn minus(self, other: Pearls) -> Pearls {
        Pearls::new(
            self.red - other.red,
            self.black - other.black,
            self.white - other.white,
        )
    }

    /// Every split of `total` pearls into colours, each at most `cap` (red first, ascending).
    pub fn splits(total: u32, cap: u8) -> impl Iterator<Item = Pearls> {
        // A split of more than 3 × cap pearls has a colour above the cap: there is none.
        let total = u8::try_from(total).unwrap_or(u8::MAX);
        (0..=cap.min(total)).flat_map(move |r| {
            (0..=cap.min(total - r)).filter_map(move |b| {
                let w = total - r - b;
                (w <= cap).then_some(Pearls::new(r, b, w))
            })
        })
    }
}

/// Reads one colour's pearl count: 0 to [`CUBE_MAX`], the most a cube can ever hold. Bounding it
/// here keeps every later sum and every path search (a cube moves as many steps as it has red
/// pearls) small, whatever a client sends.
fn pearl_count<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = u64::deserialize(d)?;
    u8::try_from(n)
        .ok()
        .filter(|&n| n <= CUBE_MAX)
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "a pearl count is 0 to {CUBE_MAX} (a cube holds at most {CUBE_MAX}), not {n}"
            ))
        })
}

/// One cube of a setup: where, and its pearls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupCube {
    pub at: Point,
    #[serde(deserialize_with = "pearl_count")]
    pub red: u8,
    #[serde(deserialize_with = "pearl_count")]
    pub black: u8,
    #[serde(deserialize_with = "pearl_count")]
    pub white: u8,
}

impl SetupCube {
    pub fn pearls(&self) -> Pearls {
        Pearls::new(self.red, self.black, self.white)
    }
}

/// The pearls a losing cube gives up: colours not named are 0 (`{"white": 1}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lost {
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "pearl_count"
    )]
    pub red: u8,
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "pearl_count"
    )]
    pub black: u8,
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "pearl_count"
    )]
    pub white: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Lost {
    pub fn pearls(&self) -> Pearls {
        Pearls::new(self.red, self.black, self.white)
    }
}

impl From<Pearls> for Lost {
    fn from(p: Pearls) -> Self {
        Lost {
            red: p.red,
            black: p.black,
            white: p.white,
        }
    }
}

/// A Trangouar move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// The secret setup of the seat's army (setup phase only).
    Setup { cubes: Vec<SetupCube> },
    /// Pass the turn (a struct variant, so that unknown fields are refused).
    Nothing {},
    /// Recolour the pearls of one own cube, keeping their number.
    Exchange {
        cube: Point,
        #[serde(deserialize_with = "pearl_count")]
        red: u8,
        #[serde(deserialize_with = "pearl_count")]
        black: u8,
        #[serde(deserialize_with = "pearl_count")]
        white: u8,
    },
    /// Move one own cube along `path` (the intersections entered, in order, not the start).
    Move { cube: Point, path: Vec<Point> },
    /// Attack the enemy cube on `target` with the own cube on `cube`.
    Attack { cube: Point, target: Point },
    /// The owner of a cube that lost a fight says which pearls it gives up.
    Lose { pearls: Lost },
}

/// Reads a move, with serde's precise message (missing field, unknown action, bad intersection...).
pub fn parse(json: &Value) -> Result<Move, MoveError> {
    let mv = Move::deserialize(json)
        .map_err(|e| MoveError::Malformed(format!("trangouar move: {e}")))?;
    // Lists longer than the board cannot be valid: refuse them before any rule looks at them.
    let too_long = match &mv {
        Move::Setup { cubes } => cubes.len() > CELLS,
        Move::Move { path, .. } => path.len() > CELLS,
        _ => false,
    };
    if too_long {
        return Err(MoveError::Malformed(format!(
            "trangouar move: a list of at most {CELLS} intersections"
        )));
    }
    Ok(mv)
}
