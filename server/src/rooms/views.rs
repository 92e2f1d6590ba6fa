//! Per-recipient views and the patches between them.
//!
//! Each seat, and the spectators as one group, hold a view of the match (the protocol's View). After
//! every version the room builds each recipient's new view and sends the RFC 6902 difference from the
//! one it sent before. `you.legal` is kept out of the generic diff: a legal-move list changes wholesale
//! from one turn to the next, so diffing it element by element costs much and saves nothing; it goes
//! as one `add`, `replace` or `remove` operation instead (see `shared/design.md`, cost notes).

use plateau_games::{Match, Viewer};
use plateau_protocol::clock::ClockView;
use plateau_protocol::ws::{View, You};
use plateau_protocol::{MatchResult, RoomStatus};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

/// One recipient's view, with its legal-move list apart.
#[derive(Debug, Clone)]
pub struct RecipientView {
    /// The whole view except `you.legal`.
    base: Value,
    /// `you.legal`, when the recipient has to act: JSON text, serialised once from the engine's
    /// moves, compared as text and sent as it is.
    legal: Option<Box<RawValue>>,
}

/// What every view of one version shares.
pub struct Moment<'a> {
    pub game: &'a str,
    pub version: u64,
    pub ply: u64,
    pub status: RoomStatus,
    pub result: Option<&'a MatchResult>,
    /// The clocks as of this version (None: the room has none).
    pub clock: Option<ClockView>,
}

impl PartialEq for RecipientView {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base
            && self.legal.as_ref().map(|l| l.get()) == other.legal.as_ref().map(|l| l.get())
    }
}

impl RecipientView {
    /// The view of `viewer` (a seat or a spectator) at `moment`.
    pub fn build(m: &dyn Match, viewer: Viewer, moment: &Moment) -> Self {
        let to_move = m.to_act();
        let (you, legal) = match viewer {
            Viewer::Seat(seat) => {
                let legal = to_move.contains(&seat).then(|| m.legal_moves_json(seat));
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
            clock: moment.clock.clone(),
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
            you.insert(
                "legal".into(),
                serde_json::from_str(legal.get()).expect("legal moves are JSON"),
            );
        }
        view
    }

    /// The RFC 6902 operations that turn `self` into `next`.
    pub fn patch_to(&self, next: &RecipientView) -> Value {
        serde_json::to_value(self.ops_to(next)).expect("patches serialise")
    }

    /// The `patch` frame from `self` to `next`, as the text sent: the same as serialising
    /// `ServerFrame::Patch` with [`RecipientView::patch_to`], without copying the legal-move list
    /// into the operations (it is serialised from the view that keeps it).
    pub fn patch_frame(
        &self,
        next: &RecipientView,
        room: &str,
        from: u64,
        version: u64,
        events: &[&Value],
    ) -> String {
        serde_json::to_string(&PatchFrame {
            kind: "patch",
            room,
            from,
            version,
            ops: self.ops_to(next),
            events,
        })
        .expect("frames serialise")
    }

    fn ops_to<'a>(&self, next: &'a RecipientView) -> Ops<'a> {
        let legal = match (&self.legal, &next.legal) {
            (None, None) => None,
            (Some(before), Some(after)) if before.get() == after.get() => None,
            (Some(_), Some(after)) => Some(LegalOp {
                op: "replace",
                path: "/you/legal",
                value: Some(after),
            }),
            (None, Some(after)) => Some(LegalOp {
                op: "add",
                path: "/you/legal",
                value: Some(after),
            }),
            (Some(_), None) => Some(LegalOp {
                op: "remove",
                path: "/you/legal",
                value: None,
            }),
        };
        Ops {
            diff: json_patch::diff(&self.base, &next.base),
            legal,
        }
    }
}

/// `ServerFrame::Patch` with borrowed parts (the protocol's field names).
#[derive(Serialize)]
struct PatchFrame<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    room: &'a str,
    from: u64,
    version: u64,
    ops: Ops<'a>,
    events: &'a [&'a Value],
}

/// The generic diff's operations, then the legal-move list's one.
struct Ops<'a> {
    diff: json_patch::Patch,
    legal: Option<LegalOp<'a>>,
}

#[derive(Serialize)]
struct LegalOp<'a> {
    op: &'static str,
    path: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'a RawValue>,
}

impl Serialize for Ops<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.diff.0.len() + 1))?;
        for op in &self.diff.0 {
            seq.serialize_element(op)?;
        }
        if let Some(legal) = &self.legal {
            seq.serialize_element(legal)?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_games::registry;
    use serde_json::json;

    fn moment(version: u64) -> Moment<'static> {
        Moment {
            game: "abalone",
            version,
            ply: version - 1,
            status: RoomStatus::Playing,
            result: None,
            clock: None,
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

    /// The borrowed frame is the protocol's `patch` frame.
    #[test]
    fn patch_frames_are_the_protocols() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let mut m = entry.start(&options, 2, [3; 32]).unwrap();
        let before: Vec<RecipientView> = (0..2)
            .map(|s| RecipientView::build(&*m, Viewer::Seat(s), &moment(1)))
            .collect();
        let mv = m.legal_moves(0)[0].clone();
        let played = m.play(0, &mv).unwrap();
        let events: Vec<&Value> = played.events.iter().map(|e| &e.data).collect();
        for (seat, held) in before.iter().enumerate() {
            let next = RecipientView::build(&*m, Viewer::Seat(seat), &moment(2));
            let text = held.patch_frame(&next, "ROOM", 1, 2, &events);
            let parsed: plateau_protocol::ws::ServerFrame = serde_json::from_str(&text).unwrap();
            let expected = plateau_protocol::ws::ServerFrame::Patch {
                room: "ROOM".into(),
                from: 1,
                version: 2,
                ops: held.patch_to(&next),
                events: events.iter().map(|e| (*e).clone()).collect(),
            };
            assert_eq!(parsed, expected);
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
