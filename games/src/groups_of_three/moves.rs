//! Groups-of-Three moves and their JSON, one step of a turn at a time:
//! `{"action": "step", "from": "s0x", "to": "s0y"}`, `{"action": "cross", "from": "b0", "via": "tE",
//! "to": "d0"}`, `{"action": "add", "at": "kNEz"}`, `{"action": "end"}`. Space ids are the data file's.

use serde::{Serialize, Serializer};
use serde_json::{json, Map, Value};

use super::board::{board, Space};
use crate::engine::MoveError;

/// One decision of the player to move. Spaces are indices into the board of the data file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// One piece across one shared edge (into `C` = an exit). Costs 1 move.
    Step { from: Space, to: Space },
    /// One piece through a transit space and out again, atomically. Costs 2 moves.
    Cross { from: Space, via: Space, to: Space },
    /// A reserve piece onto a compartment offered by the last arrival. Free.
    Add { at: Space },
    /// End the turn (when the rules let it end).
    End,
}

impl Move {
    /// The canonical JSON.
    pub fn to_json(&self) -> Value {
        let b = board();
        match *self {
            Move::Step { from, to } => {
                json!({"action": "step", "from": b.name(from), "to": b.name(to)})
            }
            Move::Cross { from, via, to } => {
                json!({"action": "cross", "from": b.name(from), "via": b.name(via), "to": b.name(to)})
            }
            Move::Add { at } => json!({"action": "add", "at": b.name(at)}),
            Move::End => json!({"action": "end"}),
        }
    }

    /// Reads a move, naming exactly what is wrong with a malformed one.
    pub fn parse(json: &Value) -> Result<Move, MoveError> {
        let bad = |m: String| MoveError::Malformed(m);
        let obj = json
            .as_object()
            .ok_or_else(|| bad("a move is a JSON object with an \"action\"".into()))?;
        let action = obj.get("action").and_then(Value::as_str).ok_or_else(|| {
            bad("\"action\" must be one of \"step\", \"cross\", \"add\", \"end\"".into())
        })?;
        let fields: &[&str] = match action {
            "step" => &["from", "to"],
            "cross" => &["from", "via", "to"],
            "add" => &["at"],
            "end" => &[],
            other => {
                return Err(bad(format!(
                    "unknown action \"{other}\" (expected \"step\", \"cross\", \"add\" or \"end\")"
                )))
            }
        };
        if let Some(extra) = obj
            .keys()
            .find(|k| *k != "action" && !fields.contains(&k.as_str()))
        {
            return Err(bad(format!(
                "unexpected field \"{extra}\" in a \"{action}\" move"
            )));
        }
        let space = |obj: &Map<String, Value>, field: &str| -> Result<Space, MoveError> {
            let name = obj
                .get(field)
                .and_then(Value::as_str)
                .ok_or_else(|| bad(format!("\"{field}\" must be a space id such as \"s0x\"")))?;
            board().space(name).ok_or_else(|| {
                bad(format!(
                    "\"{field}\": there is no space \"{name}\" on the board"
                ))
            })
        };
        Ok(match action {
            "step" => Move::Step {
                from: space(obj, "from")?,
                to: space(obj, "to")?,
            },
            "cross" => Move::Cross {
                from: space(obj, "from")?,
                via: space(obj, "via")?,
                to: space(obj, "to")?,
            },
            "add" => Move::Add {
                at: space(obj, "at")?,
            },
            _ => Move::End,
        })
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}
