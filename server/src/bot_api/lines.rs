//! The match stream's lines (`GET /api/v1/bot/match/{room}/stream`), made from the frames the room
//! sends the stream's connection: the very frames a WebSocket that joined the seat gets, so the
//! view is the seat's WebSocket view, hidden information hidden as the contract hides it. The
//! view is kept whole from the patches, and each version goes out whole (`state`): a program
//! needs no JSON Patch.
//!
//! Lines: `full` once (the room, the seat, the view), then `state` at each version, `chat`,
//! `draw` (the seats offering a draw), and `ended` last. A gap in the versions (a patch that does
//! not follow the view kept) asks for a snapshot again ([`Lines::needs_sync`]).

use plateau_protocol::rest::RoomInfo;
use plateau_protocol::ws::ServerFrame;
use serde_json::{json, Value};

/// What the stream knows of its room and seat.
#[derive(Default)]
pub struct Lines {
    /// The room's info, as last sent (the `full` line's room, players and seats).
    info: Option<RoomInfo>,
    /// The seat's view and its version, once the first snapshot came.
    view: Option<(u64, Value)>,
    /// The `full` line has gone.
    started: bool,
    /// The `ended` line has gone: the stream ends.
    ended: bool,
    /// A patch did not follow the view kept: a snapshot is needed.
    needs_sync: bool,
}

impl Lines {
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Whether the view kept has a gap: the room is to be asked for a snapshot (`sync`).
    pub fn needs_sync(&mut self) -> bool {
        std::mem::take(&mut self.needs_sync)
    }

    /// The lines a frame of the room makes (none for most).
    pub fn frame(&mut self, frame: ServerFrame) -> Vec<Value> {
        if self.ended {
            return Vec::new();
        }
        match frame {
            ServerFrame::Room { room } => {
                self.info = Some(room);
                Vec::new()
            }
            ServerFrame::Snapshot { version, view, .. } => self.version(version, view, None),
            ServerFrame::Patch {
                from,
                version,
                ops,
                events,
                ..
            } => {
                let Some((at, mut view)) = self.view.take() else {
                    self.needs_sync = true;
                    return Vec::new();
                };
                let patched = serde_json::from_value::<json_patch::Patch>(ops)
                    .ok()
                    .and_then(|ops| json_patch::patch(&mut view, &ops).ok());
                if from != at || patched.is_none() {
                    self.needs_sync = true;
                    return Vec::new();
                }
                self.version(version, view, Some(events))
            }
            ServerFrame::Chat {
                id,
                player,
                text,
                at,
                ..
            } => vec![json!({"type": "chat", "id": id, "player": player, "text": text, "at": at})],
            ServerFrame::Draw { offers, .. } => vec![json!({"type": "draw", "offers": offers})],
            ServerFrame::Ended {
                match_id,
                result,
                rating,
                ..
            } => {
                self.ended = true;
                vec![
                    json!({"type": "ended", "match": match_id, "result": result, "rating": rating}),
                ]
            }
            _ => Vec::new(),
        }
    }

    /// The view at `version`: the `full` line the first time, `state` after (with the version's
    /// events, when a patch brought them); and `ended` after a first view of a match already over.
    fn version(&mut self, version: u64, view: Value, events: Option<Vec<Value>>) -> Vec<Value> {
        let mut lines = Vec::with_capacity(2);
        if self.started {
            let clocks = view.get("clock").cloned().unwrap_or(Value::Null);
            let mut line =
                json!({"type": "state", "version": version, "view": view, "clocks": clocks});
            if let Some(events) = events {
                line["events"] = Value::from(events);
            }
            lines.push(line);
        } else {
            self.started = true;
            lines.push(self.full(version, &view));
            if let Some(result) = view.get("result").filter(|r| !r.is_null()) {
                self.ended = true;
                lines.push(json!({"type": "ended", "match": self.info.as_ref().and_then(|i| i.match_id), "result": result}));
            }
        }
        self.view = Some((version, view));
        lines
    }

    /// The `full` line: the room as the stream found it, the seat, and the view.
    fn full(&self, version: u64, view: &Value) -> Value {
        let info = self.info.as_ref();
        let players: Vec<Value> = info
            .map(|i| {
                i.seats
                    .iter()
                    .map(|s| serde_json::to_value(&s.player).unwrap_or(Value::Null))
                    .collect()
            })
            .unwrap_or_default();
        json!({
            "type": "full",
            "room": info.map(|i| i.code.clone()),
            "game": view.get("game"),
            "players": players,
            "options": info.map(|i| &i.options),
            "clock": info.and_then(|i| i.clock),
            "rated": info.map(|i| i.rated),
            "seats": info.map(|i| &i.seats),
            "you": view.pointer("/you/seat"),
            "version": version,
            "view": view,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(version: u64, view: Value) -> ServerFrame {
        ServerFrame::Snapshot {
            room: "AB".into(),
            version,
            view,
        }
    }

    fn patch(from: u64, version: u64, ops: Value) -> ServerFrame {
        ServerFrame::Patch {
            room: "AB".into(),
            from,
            version,
            ops,
            events: vec![json!({"kind": "moved"})],
            moves: None,
        }
    }

    #[test]
    fn a_full_view_then_each_version_whole() {
        let mut lines = Lines::default();
        let view = json!({"game": "g", "version": 1, "you": {"seat": 1}, "state": {"n": 0}, "result": null});
        let first = lines.frame(snapshot(1, view));
        assert_eq!(first.len(), 1);
        assert_eq!(
            (first[0]["type"].as_str(), first[0]["you"].as_u64()),
            (Some("full"), Some(1))
        );
        let ops = json!([{"op": "replace", "path": "/state/n", "value": 5}]);
        let next = lines.frame(patch(1, 2, ops));
        assert_eq!(next[0]["type"], "state");
        assert_eq!(next[0]["view"]["state"]["n"], 5);
        assert_eq!(next[0]["events"], json!([{"kind": "moved"}]));
        assert!(!lines.needs_sync());
    }

    #[test]
    fn a_gap_asks_for_a_snapshot_and_says_nothing_wrong() {
        let mut lines = Lines::default();
        lines.frame(snapshot(1, json!({"state": {}, "result": null})));
        assert!(lines.frame(patch(2, 3, json!([]))).is_empty());
        assert!(lines.needs_sync());
        let again = lines.frame(snapshot(3, json!({"state": {}, "result": null})));
        assert_eq!(again[0]["type"], "state");
    }

    #[test]
    fn a_match_over_ends_the_stream() {
        let mut lines = Lines::default();
        let view = json!({"state": {}, "result": {"winners": [0], "reason": "resigned"}});
        let first = lines.frame(snapshot(9, view));
        assert_eq!(first.len(), 2);
        assert_eq!(first[1]["type"], "ended");
        assert!(lines.ended());
    }
}
