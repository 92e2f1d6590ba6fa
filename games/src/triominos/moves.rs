//! Triominos moves and their JSON: `{"action": "place", "tile": [a, b, c], "cell": {"x", "y",
//! "dir"}, "rotation": k}`, `{"action": "draw"}`, `{"action": "pass"}`; strict parsing with precise
//! messages.

use serde::Serialize;
use serde_json::{Map, Value};

use super::board::{Cell, Dir};
use super::tiles::{self, Tile, MAX_NUMBER};
use crate::engine::MoveError;

/// One decision of the seat to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Move {
    /// Put `tile` (canonical form) on `cell`, turned by `rotation` (§2.1). A triple always has
    /// rotation 0.
    Place {
        tile: Tile,
        cell: Cell,
        rotation: u8,
    },
    /// Take a tile from the pile (−5).
    Draw,
    /// End the turn without placing; only with an empty pile.
    Pass,
}

/// Coordinates farther out than this cannot be reached by 56 tiles from the origin.
const MAX_COORD: i64 = 1000;

fn malformed(msg: impl Into<String>) -> MoveError {
    MoveError::Malformed(msg.into())
}

fn only_keys(obj: &Map<String, Value>, allowed: &[&str], what: &str) -> Result<(), MoveError> {
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(malformed(format!(
            "unexpected field {k:?} in {what} (allowed: {})",
            allowed.join(", ")
        ))),
        None => Ok(()),
    }
}

/// Reads a move, refusing anything not exactly of the documented shape.
pub fn parse(json: &Value) -> Result<Move, MoveError> {
    let obj = json
        .as_object()
        .ok_or_else(|| malformed("a move is a JSON object with an \"action\""))?;
    let action = match obj.get("action") {
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(malformed("\"action\" must be a string")),
        None => {
            return Err(malformed(
                "missing \"action\" (\"place\", \"draw\" or \"pass\")",
            ))
        }
    };
    match action {
        "draw" => only_keys(obj, &["action"], "a draw").map(|_| Move::Draw),
        "pass" => only_keys(obj, &["action"], "a pass").map(|_| Move::Pass),
        "place" => {
            only_keys(obj, &["action", "tile", "cell", "rotation"], "a placement")?;
            let tile = parse_tile(obj.get("tile"))?;
            let cell = parse_cell(obj.get("cell"))?;
            let rotation = match obj.get("rotation").map(Value::as_u64) {
                None => return Err(malformed("missing \"rotation\" (0, 1 or 2)")),
                Some(Some(k)) if k <= 2 => k as u8,
                Some(_) => return Err(malformed("\"rotation\" must be 0, 1 or 2")),
            };
            // A triple reads the same in every rotation: its one canonical form is rotation 0.
            let rotation = if tiles::is_triple(&tile) { 0 } else { rotation };
            Ok(Move::Place {
                tile,
                cell,
                rotation,
            })
        }
        other => Err(malformed(format!(
            "unknown action {other:?} (expected \"place\", \"draw\" or \"pass\")"
        ))),
    }
}

fn parse_tile(v: Option<&Value>) -> Result<Tile, MoveError> {
    let items = match v {
        None => return Err(malformed("missing \"tile\" ([a, b, c])")),
        Some(Value::Array(items)) if items.len() == 3 => items,
        Some(_) => return Err(malformed("\"tile\" must be an array of three numbers")),
    };
    let mut tile = [0u8; 3];
    for (slot, item) in tile.iter_mut().zip(items) {
        *slot = match item.as_u64() {
            Some(n) if n <= u64::from(MAX_NUMBER) => n as u8,
            _ => {
                return Err(malformed(format!(
                    "tile numbers are integers from 0 to {MAX_NUMBER}"
                )))
            }
        };
    }
    if !(tile[0] <= tile[1] && tile[1] <= tile[2]) {
        return Err(malformed(
            "\"tile\" must be in canonical ascending form, e.g. [0, 1, 2]",
        ));
    }
    Ok(tile)
}

fn parse_cell(v: Option<&Value>) -> Result<Cell, MoveError> {
    let obj = match v {
        None => return Err(malformed("missing \"cell\" ({\"x\", \"y\", \"dir\"})")),
        Some(Value::Object(obj)) => obj,
        Some(_) => {
            return Err(malformed(
                "\"cell\" must be an object {\"x\", \"y\", \"dir\"}",
            ))
        }
    };
    only_keys(obj, &["x", "y", "dir"], "\"cell\"")?;
    let coord = |name: &str| match obj.get(name).map(Value::as_i64) {
        None => Err(malformed(format!("missing \"cell.{name}\""))),
        // A range, not `abs()`: i64::MIN has no absolute value (it once panicked, or wrapped to 0).
        Some(Some(n)) if (-MAX_COORD..=MAX_COORD).contains(&n) => Ok(n as i32),
        Some(_) => Err(malformed(format!(
            "\"cell.{name}\" must be an integer from -{MAX_COORD} to {MAX_COORD}"
        ))),
    };
    let dir = match obj.get("dir").and_then(Value::as_str) {
        Some("up") => Dir::Up,
        Some("down") => Dir::Down,
        _ => return Err(malformed("\"cell.dir\" must be \"up\" or \"down\"")),
    };
    Ok(Cell {
        x: coord("x")?,
        y: coord("y")?,
        dir,
    })
}
