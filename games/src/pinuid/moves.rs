//! The move JSON: `{"action": "move", "from": "c3", "to": "d4", "remove": ["a1", "b1"]}` and
//! `{"action": "reenter", "to": "e1"}`, and its parsing with precise errors.
//!
//! Removal is part of the move (rules §5): the server never "forgets" to remove, so the pending
//! removal of the paper rules cannot arise. `remove` names one square per line the step creates; its
//! canonical form is sorted and always present (empty when no line is created).

use serde::Serialize;
use serde_json::{Map, Value};

use super::board::{Square, CELLS as SQUARES};
use crate::engine::MoveError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Move {
    /// A diagonal step, with the pieces removed for the lines it creates.
    Move {
        from: Square,
        to: Square,
        remove: Vec<Square>,
    },
    /// Classic only: a removed piece put back on one's own back row (§4 step 2).
    Reenter { to: Square },
}

impl Move {
    /// A step with its removals, in canonical (sorted) order.
    pub fn step(from: Square, to: Square, mut remove: Vec<Square>) -> Self {
        remove.sort();
        Move::Move { from, to, remove }
    }
}

fn malformed(msg: impl Into<String>) -> MoveError {
    MoveError::Malformed(msg.into())
}

fn square(obj: &Map<String, Value>, key: &str) -> Result<Square, MoveError> {
    match obj.get(key) {
        None => Err(malformed(format!("\"{key}\" is missing"))),
        Some(Value::String(s)) => Square::parse(s)
            .ok_or_else(|| malformed(format!("\"{key}\": \"{s}\" is not a square from a1 to h8"))),
        Some(_) => Err(malformed(format!("\"{key}\" must be a square like \"c3\""))),
    }
}

fn only_keys(obj: &Map<String, Value>, allowed: &[&str]) -> Result<(), MoveError> {
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(malformed(format!("unknown field \"{k}\""))),
        None => Ok(()),
    }
}

/// Reads a move. Duplicated removals are kept (and refused by `play` as illegal): the shape is right,
/// the rules say no.
pub fn parse(json: &Value) -> Result<Move, MoveError> {
    let obj = json
        .as_object()
        .ok_or_else(|| malformed("a move is a JSON object with an \"action\""))?;
    match obj.get("action").and_then(Value::as_str) {
        Some("move") => {
            only_keys(obj, &["action", "from", "to", "remove"])?;
            let from = square(obj, "from")?;
            let to = square(obj, "to")?;
            let remove = match obj.get("remove") {
                None | Some(Value::Null) => Vec::new(),
                // No step forms more lines than there are squares: a longer list is not a move.
                Some(Value::Array(items)) if items.len() > SQUARES => {
                    return Err(malformed(format!(
                        "\"remove\" lists at most {SQUARES} squares"
                    )))
                }
                Some(Value::Array(items)) => items
                    .iter()
                    .map(|v| {
                        v.as_str().and_then(Square::parse).ok_or_else(|| {
                            malformed(format!("\"remove\": {v} is not a square from a1 to h8"))
                        })
                    })
                    .collect::<Result<_, _>>()?,
                Some(_) => return Err(malformed("\"remove\" must be a list of squares")),
            };
            Ok(Move::step(from, to, remove))
        }
        Some("reenter") => {
            only_keys(obj, &["action", "to"])?;
            Ok(Move::Reenter {
                to: square(obj, "to")?,
            })
        }
        Some(other) => Err(malformed(format!(
            "unknown action \"{other}\" (expected \"move\" or \"reenter\")"
        ))),
        None => Err(malformed("\"action\" must be \"move\" or \"reenter\"")),
    }
}
