//! Where the room's match stands, for those who are not in the room: its info's `turn` (REST
//! readers, the other nodes) follows every version, and its seated players hear of each version
//! through the per-player hub (`events`), as an internal `turn` line carrying the room's info, so
//! that "your games" (`your_games`) on any node can say whose move it is without asking the room.

use plateau_protocol::rest::{RoomInfo, TurnInfo};
use plateau_protocol::RoomStatus;
use serde_json::json;

use super::Room;

impl Room {
    /// The `turn` of the room's info: only while a match is under way.
    pub(super) fn turn_info(&self) -> Option<Box<TurnInfo>> {
        let live = self.phase.under_way()?;
        Some(Box::new(TurnInfo {
            version: live.version(),
            to_move: live.game.facts().to_act.clone(),
            clocks: live.clock_view(),
            last_move_at: live.last_move_at,
        }))
    }

    /// After a new version: the published info gets the new turn (a `room` frame is not sent for
    /// it: the members have their patch), and the seated players hear of it if anyone listens.
    /// Only the turn is new: the rest of the info is published as it changes ([`Room::publish`]),
    /// so the info is not rebuilt, nor the line written, at every move for nobody.
    pub(super) fn share_turn(&mut self) {
        let version = self.phase.under_way().map(|live| live.version());
        let published = self.info.borrow().turn.as_ref().map(|turn| turn.version);
        if version == published {
            return;
        }
        let turn = self.turn_info();
        self.info.send_modify(|info| info.turn = turn);
        let players = self
            .seats
            .occupants
            .iter()
            .filter_map(|s| s.player.as_ref().map(|p| p.id));
        if self.context.events.has_listeners(players) {
            let info = self.info.borrow().clone();
            self.tell_turn(&info);
        }
    }

    /// Tells the seated players of `info` when its version or status is new to them, while the
    /// match is under way and once when it stops being.
    pub(super) fn tell_turn(&mut self, info: &RoomInfo) {
        let now = (info.turn.as_ref().map(|turn| turn.version), info.status);
        let before = self.told_turn.replace(now);
        let was_playing = before.is_some_and(|(_, status)| status == RoomStatus::Playing);
        if before == Some(now) || (info.status != RoomStatus::Playing && !was_playing) {
            return;
        }
        self.tell_players(json!({"type": MATCH_MOVED, "info": info}));
    }
}

/// The type of the hub's line that says a room's match moved on (not a line of the bot API's
/// event stream, which leaves it out). Not `turn`: that line tells the push module a seat's turn
/// began while its player is away (`timers.rs`), and the two once shared the word, so every move
/// was pushed to players sitting in the room.
pub const MATCH_MOVED: &str = "matchMoved";
