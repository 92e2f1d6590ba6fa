//! The move JSON of Trangouar (`{"action": "setup" | "nothing" | "exchange" | "move" | "attack" |
//! "lose", ...}`) and its parsing. Serialising a move gives its canonical form.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::board::Point;
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

    pub fn total(self) -> u8 {
        self.red + self.black + self.white
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
    pub fn splits(total: u8, cap: u8) -> impl Iterator<Item = Pearls> {
        (0..=cap.min(total)).flat_map(move |r| {
            (0..=cap.min(total - r)).filter_map(move |b| {
                let w = total - r - b;
                (w <= cap).then_some(Pearls::new(r, b, w))
            })
        })
    }
}

/// One cube of a setup: where, and its pearls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupCube {
    pub at: Point,
    pub red: u8,
    pub black: u8,
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
    #[serde(default, skip_serializing_if = "is_zero")]
    pub red: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub black: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
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
        red: u8,
        black: u8,
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
    Move::deserialize(json).map_err(|e| MoveError::Malformed(format!("trangouar move: {e}")))
}
