//! What each viewer sees: the public table and counts for everyone, a seat's own rack under
//! "private", every rack and the pile order only for the omniscient record.

use serde_json::{json, Value};

use super::Triominos;
use crate::engine::Viewer;

/// The protocol's `state` object for `viewer`.
pub fn view(g: &Triominos, viewer: Viewer) -> Value {
    // One small array per placed tile, in the order played: [x, y, "u"|"d", corners clockwise].
    let board: Vec<Value> = g
        .board
        .placed()
        .iter()
        .map(|p| {
            let [a, b, c] = p.corners;
            json!([p.cell.x, p.cell.y, p.cell.dir_letter(), a, b, c])
        })
        .collect();
    let racks: Vec<usize> = g.racks.iter().map(Vec::len).collect();
    let mut state = json!({
        "round": g.round,
        "target": g.rules.target,
        "rounds": g.rules.rounds,
        "scores": g.scores,
        "racks": racks,
        "pile": g.pile.len(),
        "turn": if g.outcome.is_some() { Value::Null } else { json!(g.turn) },
        "draws": g.drawn.len(),
        "opening": g.opener.is_some(),
        "board": board,
        "past_rounds": g.past_rounds,
    });
    match viewer {
        Viewer::Seat(s) if s < g.players => {
            state["private"] = json!({"rack": g.racks[s]});
        }
        Viewer::Seat(_) | Viewer::Spectator => {}
        Viewer::Omniscient => {
            // The pile in draw order, next tile first.
            let pile: Vec<_> = g.pile.iter().rev().collect();
            state["private"] = json!({"racks": g.racks, "pile": pile});
        }
    }
    state
}
