//! A connection as rooms see it: who it is, and where its frames go. A room never waits on a
//! client: frames are queued without waiting, and a client whose queue is full is too slow and is
//! disconnected.
//!
//! A connection is local (a socket of this node: a frame is written straight to it when nothing
//! queued is ahead of it, else queued for its writer, see [`socket`] and [`crate::ws`]) or remote (a socket of another node, when this node runs the room: frames travel to that node
//! through [`RemoteFrames`], which the cluster implements over NATS). Rooms treat both alike.
//!
//! This module sits below the WebSocket sessions, the rooms and the cluster, which all hold
//! connections, and depends on none of them.

pub mod socket;

use axum::extract::ws::Utf8Bytes;
use plateau_protocol::ws::{LegalForm, ServerFrame};
use plateau_protocol::PlayerRef;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use socket::{Socket, WriteNow};

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
    /// Finish writing a frame that was written straight to the socket but not taken whole.
    Flush,
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
        /// The socket itself, for frames written straight to it (None: a connection without a
        /// socket, such as a REST call's that asks a room, whose frames are read off the queue).
        socket: Option<Arc<Socket>>,
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
            sink: Sink::Local {
                out,
                kick,
                socket: None,
            },
        }
    }

    /// The same connection, writing frames straight to `socket` when it can.
    pub fn writing_to(self, socket: Arc<Socket>) -> Self {
        let sink = match self.sink {
            Sink::Local { out, kick, .. } => Sink::Local {
                out,
                kick,
                socket: Some(socket),
            },
            remote => remote,
        };
        Conn { sink, ..self }
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

    /// Sends an already serialised frame (one serialisation shared by many recipients): straight
    /// to the socket when it can, else queued.
    pub fn send_text(&self, text: Utf8Bytes) -> bool {
        match &self.sink {
            Sink::Local {
                socket: Some(socket),
                ..
            } if !may_be_held_back(&text) => match socket.write_now(text) {
                WriteNow::Written => true,
                WriteNow::Gone => false,
                WriteNow::Unflushed => self.queue_counted(Outbound::Flush),
                WriteNow::Queue(text) => self.queue_counted(Outbound::Text(text)),
            },
            Sink::Local { .. } => self.queue(Outbound::Text(text)),
            Sink::Remote { node, frames } => frames.send(*node, self.id, text),
        }
    }

    /// Queues a frame for the connection's writer task, without waiting. False if the connection
    /// is gone or too slow (it is then being closed).
    pub fn queue(&self, outbound: Outbound) -> bool {
        if let Sink::Local {
            socket: Some(socket),
            ..
        } = &self.sink
        {
            socket.count_queued();
        }
        self.queue_counted(outbound)
    }

    /// Queues a frame already counted by the socket.
    fn queue_counted(&self, outbound: Outbound) -> bool {
        let Sink::Local { out, kick, socket } = &self.sink else {
            return false;
        };
        let refused = match out.try_send(Box::new(outbound)) {
            Ok(()) => return true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                kick.cancel();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        };
        if let Some(socket) = socket {
            socket.uncount();
        }
        refused
    }

    /// Queues a frame for the writer task, waiting for room in the queue (the close at the end of
    /// a session, which goes after everything queued). False if the writer has stopped.
    pub async fn queue_waiting(&self, outbound: Outbound) -> bool {
        let Sink::Local { out, socket, .. } = &self.sink else {
            return false;
        };
        if let Some(socket) = socket {
            socket.count_queued();
        }
        let queued = out.send(Box::new(outbound)).await.is_ok();
        if !queued {
            if let Some(socket) = socket {
                socket.uncount();
            }
        }
        queued
    }
}

/// Chat lines (a `chat` frame, a `recent` one) are held back on the way out from players the
/// recipient blocks (`ws::blocked`, which reads the block list), so they always go through the
/// writer task. serde writes an internally tagged frame's `type` first.
pub fn may_be_held_back(text: &str) -> bool {
    text.starts_with(CHAT_FRAME) || text.starts_with(RECENT_FRAME)
}

/// The start of a `chat` frame's text.
pub const CHAT_FRAME: &str = r#"{"type":"chat","#;
/// The start of a `recent` frame's text.
pub const RECENT_FRAME: &str = r#"{"type":"recent","#;

/// A frame as the text of a WebSocket message.
pub fn encode(frame: &ServerFrame) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(frame).expect("frames serialise"))
}
