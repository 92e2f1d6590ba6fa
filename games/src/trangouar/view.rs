//! What each viewer sees. Until every setup is in, a seat sees only its own setup (under
//! `private`) and everyone sees only who is ready; from the reveal on, everything is public.

use serde_json::{json, Value};

use super::board::{self, Point, CELLS};
use super::Trangouar;
use crate::engine::Viewer;

impl Trangouar {
    pub(super) fn build_view(&self, viewer: Viewer) -> Value {
        let phase = if self.outcome.is_some() {
            "over"
        } else if !self.revealed {
            "setup"
        } else if self.pending.is_some() {
            "lose"
        } else {
            "play"
        };
        let mut view = json!({
            "phase": phase,
            "zones": board::zones(self.players).iter().map(|z| z.name).collect::<Vec<_>>(),
            "ready": self.setups.iter().map(Option::is_some).collect::<Vec<_>>(),
            "cubes": self.cubes_json(),
            // Who starts is drawn at setup but told only at the reveal.
            "to_move": (self.revealed && self.outcome.is_none()).then_some(self.turn),
            "pending_loss": self.pending.map(|p| json!({"seat": p.seat, "cube": p.cube, "count": p.count})),
            "eliminated": self.eliminated,
            "quiet_rounds": self.quiet_rounds(),
        });
        match viewer {
            Viewer::Seat(seat) => {
                let private = if self.revealed {
                    json!({})
                } else {
                    json!({"setup": self.setups.get(seat).cloned().flatten()})
                };
                view["private"] = private;
            }
            Viewer::Spectator => {}
            Viewer::Omniscient => {
                if !self.revealed {
                    view["setups"] = json!(self.setups);
                    view["starter"] = json!(self.starter);
                }
            }
        }
        view
    }

    /// The view's list of cubes (also corpses), in board order.
    pub(super) fn cubes_json(&self) -> Vec<Value> {
        (0..CELLS)
            .filter_map(|i| {
                let c = self.board[i]?;
                Some(json!({
                    "at": Point::from_index(i),
                    "owner": c.owner,
                    "red": c.pearls.red,
                    "black": c.pearls.black,
                    "white": c.pearls.white,
                }))
            })
            .collect()
    }
}
