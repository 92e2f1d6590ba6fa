//! Chat from players one blocks never reaches one's socket: the `chat` frames they send, and their
//! lines among a room's `recent` ones, are held back on the way out, by the writer of each of the
//! blocker's connections (the room sends one frame to all; only the blocker's copy is dropped).
//!
//! The writer reads no store: its player's list is pushed to it ([`BlockList`], kept by
//! `moderation::blocks`), read when the player's first socket on this node opens and again at
//! every block or unblock the player makes, on any node. Every frame but a chat line passes at
//! the cost of a prefix comparison.

use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tungstenite::Utf8Bytes;
use uuid::Uuid;

use super::{CHAT_FRAME as CHAT, RECENT_FRAME as RECENT};

/// How long a chat line waits for a list still being read before it goes on unfiltered (a
/// database slow to answer must not stall a socket's frames).
const WAIT_FOR_LIST: Duration = Duration::from_secs(1);

/// A player's block list, as it is pushed to its sockets.
#[derive(Debug, Clone, Default)]
pub enum BlockList {
    /// Being read for the first time (the player's first socket here has just opened).
    #[default]
    Reading,
    /// It could not be read (the database away): lines pass, as they would without blocks, until
    /// it is read again.
    Unknown,
    /// The players blocked.
    Known(Arc<HashSet<Uuid>>),
}

/// The senders a connection's player blocks, as last pushed.
pub struct BlockedSenders {
    list: watch::Receiver<BlockList>,
}

impl BlockedSenders {
    pub fn new(list: watch::Receiver<BlockList>) -> Self {
        BlockedSenders { list }
    }

    /// `text` as this connection may receive it: None for a chat line of a blocked player, a
    /// `recent` frame without their lines, any other frame as it is.
    pub async fn pass(&mut self, text: Utf8Bytes) -> Option<Utf8Bytes> {
        let is_chat = text.as_str().starts_with(CHAT);
        if !is_chat && !text.as_str().starts_with(RECENT) {
            return Some(text);
        }
        let Some(blocked) = self.blocked().await.filter(|b| !b.is_empty()) else {
            return Some(text);
        };
        let Ok(mut frame) = serde_json::from_str::<Value>(text.as_str()) else {
            return Some(text);
        };
        let said_by_blocked = |line: &Value| {
            line.pointer("/player/id")
                .and_then(Value::as_str)
                .and_then(|id| id.parse::<Uuid>().ok())
                .is_some_and(|id| blocked.contains(&id))
        };
        if is_chat {
            return (!said_by_blocked(&frame)).then_some(text);
        }
        let Some(lines) = frame.get_mut("chat").and_then(Value::as_array_mut) else {
            return Some(text);
        };
        let before = lines.len();
        lines.retain(|line| !said_by_blocked(line));
        if lines.len() == before {
            return Some(text);
        }
        Some(Utf8Bytes::from(frame.to_string()))
    }

    /// The players blocked now, once the first reading is in (waited for a little); None while
    /// unknown.
    async fn blocked(&mut self) -> Option<Arc<HashSet<Uuid>>> {
        if matches!(*self.list.borrow(), BlockList::Reading) {
            let read = self
                .list
                .wait_for(|list| !matches!(list, BlockList::Reading));
            // Not in time, or the list's keeper is gone: the line goes on.
            let _ = tokio::time::timeout(WAIT_FOR_LIST, read).await;
        }
        match &*self.list.borrow() {
            BlockList::Known(blocked) => Some(blocked.clone()),
            BlockList::Reading | BlockList::Unknown => None,
        }
    }
}
