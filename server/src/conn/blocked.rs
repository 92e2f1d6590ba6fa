//! Chat from players one blocks never reaches one's socket: the `chat` frames they send, and their
//! lines among a room's `recent` ones, are held back on the way out, by the writer of each of the
//! blocker's connections (the room sends one frame to all; only the blocker's copy is dropped).
//!
//! The list is read from the store when a chat frame or a `recent` frame is to be written and the
//! last reading is older than [`READ_EVERY`]: a block made on any node reaches every socket of
//! the blocker within that, with one store read per period while chat flows, and none while it does
//! not. Every other frame passes at the cost of a prefix comparison.

use serde_json::Value;
use std::collections::HashSet;
use std::time::{Duration, Instant};
use tungstenite::Utf8Bytes;
use uuid::Uuid;

use super::{CHAT_FRAME as CHAT, RECENT_FRAME as RECENT};
use crate::store::Store;

/// How long a reading of the block list stands.
pub const READ_EVERY: Duration = Duration::from_secs(5);

/// How long the writer waits for the store before it goes on with the list it has (a database
/// away must not stall a socket's frames).
const READ_TIMEOUT: Duration = Duration::from_secs(1);

/// The senders a connection's player blocks, as last read.
pub struct BlockedSenders {
    player: Uuid,
    store: Store,
    blocked: HashSet<Uuid>,
    read_at: Option<Instant>,
}

impl BlockedSenders {
    pub fn new(player: Uuid, store: Store) -> Self {
        BlockedSenders {
            player,
            store,
            blocked: HashSet::new(),
            read_at: None,
        }
    }

    /// `text` as this connection may receive it: None for a chat line of a blocked player, a
    /// `recent` frame without their lines, any other frame as it is.
    pub async fn pass(&mut self, text: Utf8Bytes) -> Option<Utf8Bytes> {
        let is_chat = text.as_str().starts_with(CHAT);
        if !is_chat && !text.as_str().starts_with(RECENT) {
            return Some(text);
        }
        self.read_if_stale().await;
        if self.blocked.is_empty() {
            return Some(text);
        }
        let Ok(mut frame) = serde_json::from_str::<Value>(text.as_str()) else {
            return Some(text);
        };
        if is_chat {
            return (!self.said_by_blocked(&frame)).then_some(text);
        }
        let Some(lines) = frame.get_mut("chat").and_then(Value::as_array_mut) else {
            return Some(text);
        };
        let before = lines.len();
        lines.retain(|line| !self.said_by_blocked(line));
        if lines.len() == before {
            return Some(text);
        }
        Some(Utf8Bytes::from(frame.to_string()))
    }

    fn said_by_blocked(&self, line: &Value) -> bool {
        line.pointer("/player/id")
            .and_then(Value::as_str)
            .and_then(|id| id.parse::<Uuid>().ok())
            .is_some_and(|id| self.blocked.contains(&id))
    }

    async fn read_if_stale(&mut self) {
        if self.read_at.is_some_and(|at| at.elapsed() < READ_EVERY) {
            return;
        }
        // Read or not, the reading stands for a period: a store away is asked again only then.
        self.read_at = Some(Instant::now());
        match tokio::time::timeout(READ_TIMEOUT, self.store.blocked_by(self.player)).await {
            Ok(Ok(blocked)) => self.blocked = blocked,
            Ok(Err(e)) => tracing::debug!(error = %e, "block list not read"),
            Err(_) => tracing::debug!("block list not read in time"),
        }
    }
}
