//! Per-recipient views and the patches between them.
//!
//! Each seat, and the spectators as one group, hold a view of the match (the protocol's View). After
//! every version the room builds each recipient's new view and sends the RFC 6902 difference from the
//! one it sent before. `you.legal` is kept out of the generic diff: a legal-move list changes wholesale
//! from one turn to the next, so diffing it element by element costs much and saves nothing; it goes
//! as one `add`, `replace` or `remove` operation instead (see `shared/design.md`, cost notes).

use plateau_games::{Match, Viewer};
use plateau_protocol::ws::{View, You};
use plateau_protocol::{MatchResult, RoomStatus};
use serde_json::{json, Value};

/// One recipient's view, with its legal-move list apart.
#[derive(Debug, Clone, PartialEq)]
pub struct RecipientView {
    /// The whole view except `you.legal`.
    base: Value,
    /// `you.legal`, when the recipient has to act.
    legal: Option<Value>,
}

/// What every view of one version shares.
pub struct Moment<'a> {
    pub game: &'a str,
    pub version: u64,
    pub ply: u64,
    pub status: RoomStatus,
    pub result: Option<&'a MatchResult>,
}

impl RecipientView {
    /// The view of `viewer` (a seat or a spectator) at `moment`.
    pub fn build(m: &dyn Match, viewer: Viewer, moment: &Moment) -> Self {
        let to_move = m.to_act();
        let (you, legal) = match viewer {
            Viewer::Seat(seat) => {
                let legal = to_move
                    .contains(&seat)
                    .then(|| Value::Array(m.legal_moves(seat)));
                (Some(You { seat, legal: None }), legal)
            }
            Viewer::Spectator | Viewer::Omniscient => (None, None),
        };
        let view = View {
            game: moment.game.to_string(),
            version: moment.version,
            ply: moment.ply,
            to_move,
            status: moment.status,
            result: moment.result.cloned(),
            you,
            state: m.view(viewer),
        };
        RecipientView {
            base: serde_json::to_value(view).expect("views serialise"),
            legal,
        }
    }

    /// The whole view, as a snapshot carries it.
    pub fn full(&self) -> Value {
        let mut view = self.base.clone();
        if let (Some(legal), Some(you)) = (
            &self.legal,
            view.get_mut("you").and_then(Value::as_object_mut),
        ) {
            you.insert("legal".into(), legal.clone());
        }
        view
    }

    /// The RFC 6902 operations that turn `self` into `next`.
    pub fn patch_to(&self, next: &RecipientView) -> Value {
        let mut ops = serde_json::to_value(json_patch::diff(&self.base, &next.base))
            .expect("patches serialise");
        let ops_list = ops.as_array_mut().expect("a patch is an array");
        match (&self.legal, &next.legal) {
            (None, None) => {}
            (Some(before), Some(after)) if before == after => {}
            (Some(_), Some(after)) => {
                ops_list.push(json!({"op": "replace", "path": "/you/legal", "value": after}))
            }
            (None, Some(after)) => {
                ops_list.push(json!({"op": "add", "path": "/you/legal", "value": after}))
            }
            (Some(_), None) => ops_list.push(json!({"op": "remove", "path": "/you/legal"})),
        }
        ops
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_games::registry;

    fn moment(version: u64) -> Moment<'static> {
        Moment {
            game: "abalone",
            version,
            ply: version - 1,
            status: RoomStatus::Playing,
            result: None,
        }
    }

    /// Applying each patch to the view before it gives the view after it, for every recipient, over
    /// a whole random game: the invariant clients rely on.
    #[test]
    fn patches_rebuild_every_view() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let mut m = entry.start(&options, 2, [7; 32]).unwrap();
        let viewers = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];
        let mut held: Vec<RecipientView> = viewers
            .iter()
            .map(|v| RecipientView::build(&*m, *v, &moment(1)))
            .collect();
        let mut clients: Vec<Value> = held.iter().map(RecipientView::full).collect();
        for version in 2..60 {
            let seat = m.to_act()[0];
            let mv = m.legal_moves(seat)[version as usize % m.legal_moves(seat).len()].clone();
            m.play(seat, &mv).unwrap();
            for (i, viewer) in viewers.iter().enumerate() {
                let next = RecipientView::build(&*m, *viewer, &moment(version));
                let ops: json_patch::Patch =
                    serde_json::from_value(held[i].patch_to(&next)).unwrap();
                json_patch::patch(&mut clients[i], &ops).unwrap();
                assert_eq!(clients[i], next.full(), "{viewer:?} at version {version}");
                held[i] = next;
            }
        }
    }

    #[test]
    fn only_the_seat_to_act_gets_legal_moves() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let m = entry.start(&options, 2, [1; 32]).unwrap();
        let mover = RecipientView::build(&*m, Viewer::Seat(0), &moment(1)).full();
        let waiting = RecipientView::build(&*m, Viewer::Seat(1), &moment(1)).full();
        let spectator = RecipientView::build(&*m, Viewer::Spectator, &moment(1)).full();
        assert!(mover["you"]["legal"]
            .as_array()
            .is_some_and(|l| !l.is_empty()));
        assert_eq!(waiting["you"], json!({"seat": 1}));
        assert_eq!(spectator["you"], Value::Null);
    }
}
