//! A connection as rooms see it: who it is, and where its frames go. A room never waits on a
//! client: frames are queued without waiting, and a client whose queue is full is too slow and is
//! disconnected.
//!
//! A connection is local (a socket of this node: a bounded queue to its writer, see [`crate::ws`])
//! or remote (a socket of another node, when this node runs the room: frames travel to that node
//! through [`RemoteFrames`], which the cluster implements over NATS). Rooms treat both alike.
//!
//! This module sits below the WebSocket sessions, the rooms and the cluster, which all hold
//! connections, and depends on none of them.

use axum::extract::ws::Utf8Bytes;
use plateau_protocol::ws::{LegalForm, ServerFrame};
use plateau_protocol::PlayerRef;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Unique across nodes: each node counts from its own random start (see `ws::session`).
pub type ConnId = u64;

/// Connection ids count from a random start, so that the ids of several nodes' connections, which
/// meet in rooms, do not collide (63 random bits: a collision is as likely as a lottery win).
static NEXT_CONN: std::sync::LazyLock<std::sync::atomic::AtomicU64> =
    std::sync::LazyLock::new(|| std::sync::atomic::AtomicU64::new(rand::random::<u64>() >> 1));

/// A new connection id (a WebSocket session's, or a REST call's that asks a room).
pub fn next_conn_id() -> ConnId {
    NEXT_CONN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// What the socket writer is asked to do.
#[derive(Debug)]
pub enum Outbound {
    Text(Utf8Bytes),
    /// A WebSocket ping (the client must answer with a pong).
    Ping,
    /// Send a close frame with this code and reason, then stop.
    Close(u16, &'static str),
}

/// A handle on one authenticated WebSocket connection.
#[derive(Clone, Debug)]
pub struct Conn {
    pub id: ConnId,
    pub player: PlayerRef,
    /// The form of `you.legal` the connection asked for in its `auth`: rooms write each
    /// recipient's list in it.
    pub legal: LegalForm,
    sink: Sink,
}

#[derive(Clone, Debug)]
enum Sink {
    /// A socket of this node.
    Local {
        /// Boxed: a queue allocates its first block of 32 slots when it is made, and an
        /// `Outbound` is 40 bytes, a box 8 (what an idle connection costs, `bench/README.md`).
        out: mpsc::Sender<Box<Outbound>>,
        /// Cancelled when the connection must close because it fell behind.
        kick: CancellationToken,
    },
    /// A socket of node `node`: frames go there through the cluster.
    Remote {
        node: Uuid,
        frames: Arc<dyn RemoteFrames>,
    },
}

/// Where frames for the connections of other nodes go (several nodes). Queues without waiting, as
/// a local connection's queue does.
pub trait RemoteFrames: Send + Sync + std::fmt::Debug {
    /// Queues `text` for connection `conn` of node `node`; false if the queue is full (the
    /// connection then leaves the room, as a too slow local one does).
    fn send(&self, node: Uuid, conn: ConnId, text: Utf8Bytes) -> bool;
}

impl Conn {
    pub fn new(
        id: ConnId,
        player: PlayerRef,
        out: mpsc::Sender<Box<Outbound>>,
        kick: CancellationToken,
    ) -> Self {
        Conn {
            id,
            player,
            legal: LegalForm::Full,
            sink: Sink::Local { out, kick },
        }
    }

    /// The same connection, asking for `you.legal` in `form`.
    pub fn asking_legal(self, legal: LegalForm) -> Self {
        Conn { legal, ..self }
    }

    /// A connection of another node, as the node running a room sees it.
    pub fn remote(
        id: ConnId,
        player: PlayerRef,
        node: Uuid,
        frames: Arc<dyn RemoteFrames>,
    ) -> Self {
        Conn {
            id,
            player,
            legal: LegalForm::Full,
            sink: Sink::Remote { node, frames },
        }
    }

    /// The node whose socket this is, when it is not this node's.
    pub fn remote_node(&self) -> Option<Uuid> {
        match &self.sink {
            Sink::Local { .. } => None,
            Sink::Remote { node, .. } => Some(*node),
        }
    }

    /// Serialises and queues a frame. False if the connection is gone or too slow (it is then
    /// being closed).
    pub fn send(&self, frame: &ServerFrame) -> bool {
        self.send_text(encode(frame))
    }

    /// Queues an already serialised frame (one serialisation shared by many recipients).
    pub fn send_text(&self, text: Utf8Bytes) -> bool {
        match &self.sink {
            Sink::Local { out, kick } => match out.try_send(Box::new(Outbound::Text(text))) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    kick.cancel();
                    false
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            },
            Sink::Remote { node, frames } => frames.send(*node, self.id, text),
        }
    }
}

/// A frame as the text of a WebSocket message.
pub fn encode(frame: &ServerFrame) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(frame).expect("frames serialise"))
}
