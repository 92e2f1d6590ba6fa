//! What a room remembers of its recent past for whoever (re)joins: the last chat lines and the
//! events of the last versions, so that a reload brings back the conversation and the log beside
//! the board. Kept in memory (a reload is a browser's, not the server's); events are filtered per
//! recipient as when they were sent, so nothing hidden is told again to the wrong seat.

use chrono::{DateTime, Utc};
use plateau_games::Viewer;
use plateau_protocol::rest::MoveRecord;
use plateau_protocol::ws::{RecentChat, RecentEvents, ServerFrame};
use plateau_protocol::{PlayerRef, RoomStatus};
use std::collections::{HashMap, VecDeque};
use uuid::Uuid;

use super::Room;
use crate::conn::Conn;
use crate::views::moves::PlayedMove;
use crate::views::WrittenEvent;

/// Chat lines a room keeps.
const CHAT_KEPT: usize = 100;
/// Versions whose events a room keeps.
const VERSIONS_KEPT: usize = 50;
/// Moves a room keeps.
const MOVES_KEPT: usize = 50;

#[derive(Default)]
pub(super) struct Recent {
    chat: VecDeque<RecentChat>,
    /// The id of the last chat line (ids count from 1 in each run of the room).
    last_chat_id: u64,
    /// Which chat lines each player could see: those said while one of its connections was in
    /// the room, and those a `recent` frame gave it. A player is sent every kept line whenever it
    /// joins, so what it saw of the kept lines is one span of ids, from the first line it was
    /// sent to the last: a report's context holds only those ([`Recent::chat_seen_by`]).
    seen: HashMap<Uuid, SeenLines>,
    /// Each version's events, as compact JSON text with their audience: a room keeps up to
    /// [`VERSIONS_KEPT`] versions for as long as it plays, and an event's `Value` tree (a map per
    /// object, a string per key) is several times its text: 2,000 Abalone matches grew the
    /// server by 39 MB over their first ~15 moves with values, 15 MB with text (peers-bench,
    /// paced; `bench/README.md`). The text is the one the version's patch frames carried
    /// ([`WrittenEvent`]), read back into values only for a `recent` frame.
    events: VecDeque<(u64, Vec<WrittenEvent>)>,
    /// The last moves, for a page that (re)joins to fill its list of moves from (each patch
    /// carries the move of its version): told as the history lists them when they are sent.
    moves: VecDeque<PlayedMove>,
}

/// The span of chat line ids a player was sent.
#[derive(Debug, Clone, Copy)]
struct SeenLines {
    first: u64,
    last: u64,
}

impl Recent {
    /// Keeps a chat line, said before `heard_by` (the players in the room now); returns its id.
    pub(super) fn chat(
        &mut self,
        player: PlayerRef,
        text: String,
        at: DateTime<Utc>,
        heard_by: impl IntoIterator<Item = Uuid>,
    ) -> u64 {
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.last_chat_id += 1;
        let id = self.last_chat_id;
        for listener in heard_by {
            self.saw(listener, id, id);
        }
        self.chat.push_back(RecentChat {
            id,
            player,
            text,
            at,
        });
        id
    }

    /// Player `player` was sent lines `first..=last`.
    fn saw(&mut self, player: Uuid, first: u64, last: u64) {
        let seen = self.seen.entry(player).or_insert(SeenLines { first, last });
        seen.first = seen.first.min(first);
        seen.last = seen.last.max(last);
    }

    /// The kept chat lines, as a `recent` frame gives them to `player`, which from then on has
    /// seen them all.
    fn chat_sent_to(&mut self, player: Uuid) -> Vec<RecentChat> {
        if let (Some(first), Some(last)) = (self.chat.front(), self.chat.back()) {
            let (first, last) = (first.id, last.id);
            self.saw(player, first, last);
        }
        self.chat.iter().cloned().collect()
    }

    /// The kept chat lines `player` was sent, live or in a `recent` frame: what it could read
    /// of the room's chat, and all a report of its may carry (none if it was never there).
    pub(super) fn chat_seen_by(&self, player: Uuid) -> Vec<RecentChat> {
        let Some(seen) = self.seen.get(&player) else {
            return Vec::new();
        };
        self.chat
            .iter()
            .filter(|line| (seen.first..=seen.last).contains(&line.id))
            .cloned()
            .collect()
    }

    /// Forgets chat line `id` (a moderator deleted it); false if it is not among those kept.
    pub(super) fn delete_chat(&mut self, id: u64) -> bool {
        let before = self.chat.len();
        self.chat.retain(|line| line.id != id);
        self.chat.len() < before
    }

    /// Forgets every chat line of `player` (it closed its account); the ids of the lines gone.
    pub(super) fn forget_chat_of(&mut self, player: uuid::Uuid) -> Vec<u64> {
        let gone = self
            .chat
            .iter()
            .filter(|line| line.player.id == player)
            .map(|line| line.id)
            .collect();
        self.chat.retain(|line| line.player.id != player);
        gone
    }

    pub(super) fn version(&mut self, version: u64, events: Vec<WrittenEvent>) {
        if events.is_empty() {
            return;
        }
        if self.events.len() == VERSIONS_KEPT {
            self.events.pop_front();
        }
        self.events.push_back((version, events));
    }

    /// Keeps the move a version made.
    pub(super) fn moved(&mut self, played: PlayedMove) {
        if self.moves.len() == MOVES_KEPT {
            self.moves.pop_front();
        }
        self.moves.push_back(played);
    }

    /// The kept moves, oldest first, as the history lists them now (`ended`: the match has ended,
    /// and no move is secret any more).
    fn moves(&self, ended: bool) -> Vec<MoveRecord> {
        self.moves.iter().map(|m| m.record(ended)).collect()
    }

    /// The events `viewer` may see, by version.
    fn events_for(&self, viewer: Viewer) -> Vec<RecentEvents> {
        self.events
            .iter()
            .map(|(version, events)| RecentEvents {
                version: *version,
                events: events
                    .iter()
                    .filter(|(audience, _)| audience.includes(viewer))
                    .map(|(_, text)| serde_json::from_str(text).expect("kept events are JSON"))
                    .collect(),
            })
            .filter(|v| !v.events.is_empty())
            .collect()
    }
}

impl Room {
    /// Sends `conn` the room's recent chat and events (after a join, or with a sync).
    pub(super) fn send_recent(&mut self, conn: &Conn) {
        let viewer = self.viewer_of(conn);
        let ended = self.status() != RoomStatus::Playing;
        conn.send(&ServerFrame::Recent {
            room: self.settings.code.clone(),
            chat: self.recent.chat_sent_to(conn.player.id),
            events: self.recent.events_for(viewer),
            moves: self.recent.moves(ended),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::write_events;
    use plateau_games::Event;
    use serde_json::json;

    #[test]
    fn a_seat_is_told_again_only_what_it_was_told() {
        let mut recent = Recent::default();
        recent.version(
            2,
            write_events(&[
                Event::private(0, json!({"kind": "drew", "tile": [1, 2, 3]})),
                Event::redacted_for_others(0, json!({"kind": "drew"})),
            ]),
        );
        let own = recent.events_for(Viewer::Seat(0));
        assert_eq!(
            own[0].events,
            vec![json!({"kind": "drew", "tile": [1, 2, 3]})]
        );
        for other in [Viewer::Seat(1), Viewer::Spectator] {
            assert_eq!(
                recent.events_for(other)[0].events,
                vec![json!({"kind": "drew"})]
            );
        }
    }

    #[test]
    fn a_player_has_seen_the_lines_said_before_it_and_those_it_was_sent() {
        let mut recent = Recent::default();
        let (said_to, joined_later, never_there) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let speaker = PlayerRef::person(Uuid::nil(), "A");
        recent.chat(speaker.clone(), "one".into(), Utc::now(), [said_to]);
        recent.chat(speaker.clone(), "two".into(), Utc::now(), []);
        let texts = |lines: Vec<RecentChat>| lines.into_iter().map(|l| l.text).collect::<Vec<_>>();
        assert_eq!(texts(recent.chat_seen_by(said_to)), ["one"]);
        assert!(recent.chat_seen_by(never_there).is_empty());
        assert!(recent.chat_seen_by(joined_later).is_empty());
        recent.chat_sent_to(joined_later);
        recent.chat(speaker, "three".into(), Utc::now(), [said_to, joined_later]);
        assert_eq!(
            texts(recent.chat_seen_by(joined_later)),
            ["one", "two", "three"]
        );
        assert_eq!(texts(recent.chat_seen_by(said_to)), ["one", "two", "three"]);
    }

    #[test]
    fn only_the_last_lines_and_versions_are_kept() {
        let mut recent = Recent::default();
        let player = PlayerRef::person(uuid::Uuid::nil(), "A");
        for i in 0..CHAT_KEPT + 5 {
            recent.chat(player.clone(), i.to_string(), Utc::now(), []);
        }
        assert_eq!(recent.chat.len(), CHAT_KEPT);
        assert_eq!(recent.chat[0].text, "5");
        for v in 0..VERSIONS_KEPT as u64 + 3 {
            recent.version(v, write_events(&[Event::public(json!({"kind": "moved"}))]));
        }
        let kept = recent.events_for(Viewer::Spectator);
        assert_eq!(kept.len(), VERSIONS_KEPT);
        assert_eq!(kept[0].version, 3);
    }
}
