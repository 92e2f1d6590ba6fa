//! What happens to a player, told to that player wherever it listens (issue 47): a per-player
//! hub. A room starting or ending a match, a challenge made, declined or cancelled, each is an
//! [`Event`] for a few players; the hub hands it to their listeners on this node (the bot API's
//! event stream, `GET /api/v1/stream/event`), and to the other nodes' hubs through
//! [`SpreadEvents`] (the cluster's NATS), as revocations and block lists travel. Nothing is kept:
//! a listener that starts later reads what is under way from the store (`bot_api::event_stream`).
//! The events are plain JSON lines of the contract, so that other listeners (web push, a "your
//! games" counter) can take them as they are; the line of a challenge is made here
//! ([`challenge_line`]), for the challenges that tell it and the streams that list it alike, and
//! read back as a WebSocket frame ([`challenge_frame`]) for a connection that follows the player's
//! games (`your_games`).

use async_trait::async_trait;
use plateau_protocol::bots::ChallengeInfo;
use plateau_protocol::ws::ServerFrame;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::store::ChallengeRow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use uuid::Uuid;

/// Events a listener may fall behind by before it misses some (its stream then ends).
const BEHIND: usize = 64;

/// An event for players `to`: one line of the event stream (`{"type": ...}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub to: Vec<Uuid>,
    pub line: Value,
}

/// Tells the other nodes of an event made here (several nodes; none alone).
#[async_trait]
pub trait SpreadEvents: Send + Sync {
    async fn spread(&self, event: &Event);
}

/// Hears every event made on this node, once, where it is made (not those heard from other
/// nodes): web push (`crate::push`), which must send each push once however many nodes there are.
pub trait Hear: Send + Sync {
    /// Must not wait: it is called from a room's task.
    fn hear(&self, event: &Event);
}

/// The listeners of this node, by player.
pub struct PlayerEvents {
    listeners: Mutex<HashMap<Uuid, broadcast::Sender<Arc<Value>>>>,
    others: Option<Arc<dyn SpreadEvents>>,
    /// Set once at start (push is made after the rooms it hears).
    hearer: std::sync::OnceLock<Arc<dyn Hear>>,
}

impl PlayerEvents {
    /// `others`: how events made here reach the other nodes (None: this node is alone).
    pub fn new(others: Option<Arc<dyn SpreadEvents>>) -> Arc<Self> {
        Arc::new(PlayerEvents {
            listeners: Mutex::default(),
            others,
            hearer: std::sync::OnceLock::new(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uuid, broadcast::Sender<Arc<Value>>>> {
        // Plain maps: still usable after a panic elsewhere.
        self.listeners
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Listens to `player`'s events from now on.
    pub fn listen(&self, player: Uuid) -> broadcast::Receiver<Arc<Value>> {
        self.lock()
            .entry(player)
            .or_insert_with(|| broadcast::channel(BEHIND).0)
            .subscribe()
    }

    /// Forgets `player`'s channel once nobody listens to it (a stream closed): a player who
    /// listened once costs nothing after.
    pub fn forget_unheard(&self, player: Uuid) {
        let mut listeners = self.lock();
        if listeners
            .get(&player)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            listeners.remove(&player);
        }
    }

    /// From now on, every event made here is also told to `hearer`.
    pub fn heard_by(&self, hearer: Arc<dyn Hear>) {
        let _ = self.hearer.set(hearer);
    }

    /// An event made here that only the hearer takes, no stream: a turn beginning (`turn`), a
    /// tournament's pairing (`paired`).
    pub fn tell_hearer(&self, event: &Event) {
        if let Some(hearer) = self.hearer.get() {
            hearer.hear(event);
        }
    }

    /// An event made here: told to its players' listeners here, to the hearer, then to the other
    /// nodes (in a task of its own: a room telling it never waits on the network).
    pub fn tell(self: &Arc<Self>, event: Event) {
        self.told_here(&event);
        self.tell_hearer(&event);
        if let Some(others) = self.others.clone() {
            tokio::spawn(async move { others.spread(&event).await });
        }
    }

    /// Whether a line for `players` reaches any listener: one of theirs on this node, or another
    /// node (which may have some). The hearer is not asked: a room asks this before it builds a
    /// line only listeners take (a match's move, `MATCH_MOVED`), at every version.
    pub fn has_listeners(&self, players: impl IntoIterator<Item = Uuid>) -> bool {
        if self.others.is_some() {
            return true;
        }
        let listeners = self.lock();
        players
            .into_iter()
            .any(|player| listeners.contains_key(&player))
    }

    /// An event made here or heard from another node: told to its players' listeners here.
    pub fn told_here(&self, event: &Event) {
        let mut listeners = self.lock();
        // Copied once, and only when someone listens.
        let mut line: Option<Arc<Value>> = None;
        for player in &event.to {
            if let Some(sender) = listeners.get(player) {
                let line = line.get_or_insert_with(|| Arc::new(event.line.clone()));
                if sender.send(line.clone()).is_err() {
                    // Nobody listens any more.
                    listeners.remove(player);
                }
            }
        }
    }
}

/// The event line of an open challenge (and of each on opening the event stream).
pub fn challenge_line(row: &ChallengeRow) -> Value {
    json!({"type": "challenge", "challenge": challenge_info(row)})
}

/// A challenge as the API shows it.
pub fn challenge_info(row: &ChallengeRow) -> ChallengeInfo {
    ChallengeInfo {
        id: row.id,
        room: row.room.clone(),
        game: row.game.clone(),
        challenger: row.challenger.clone(),
        to: row.to.iter().map(|(p, _)| p.clone()).collect(),
        status: row.status.clone(),
        expires_at: row.expires_at,
    }
}

/// A challenge line of the hub (`challenge`, `challengeCanceled`, `challengeDeclined`) as the
/// WebSocket's frame of the same news; None for any other line.
pub fn challenge_frame(line: &Value) -> Option<ServerFrame> {
    fn field<T: serde::de::DeserializeOwned>(line: &Value, name: &str) -> Option<T> {
        serde_json::from_value(line[name].clone()).ok()
    }
    match line["type"].as_str()? {
        "challenge" => Some(ServerFrame::Challenge {
            challenge: field(line, "challenge")?,
        }),
        "challengeCanceled" => Some(ServerFrame::ChallengeCanceled {
            id: field(line, "id")?,
            room: field(line, "room")?,
            reason: field(line, "reason")?,
        }),
        "challengeDeclined" => Some(ServerFrame::ChallengeDeclined {
            id: field(line, "id")?,
            room: field(line, "room")?,
            by: field(line, "by")?,
            reason: field(line, "reason")?,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_event_reaches_its_players_only() {
        let hub = PlayerEvents::new(None);
        let (alice, bob) = (Uuid::new_v4(), Uuid::new_v4());
        let mut hers = hub.listen(alice);
        let mut his = hub.listen(bob);
        hub.tell(Event {
            to: vec![alice],
            line: json!({"type": "challenge"}),
        });
        assert_eq!(*hers.recv().await.unwrap(), json!({"type": "challenge"}));
        assert!(his.try_recv().is_err());
        drop(his);
        hub.told_here(&Event {
            to: vec![bob],
            line: json!({}),
        });
        assert!(
            !hub.lock().contains_key(&bob),
            "a player nobody listens to is forgotten"
        );
    }
}
