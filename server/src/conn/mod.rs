//! A connection as rooms see it: who it is, and where its frames go. A room never waits on a
//! client: a frame is written or queued without waiting, and a client whose queue is full is too
//! slow and is disconnected.
//!
//! A connection is local (a socket of this node, [`socket`]: a frame is written straight to it
//! when nothing queued is ahead of it, else queued for a writer task), in-process (a queue read in
//! this process: the room actor's unit tests) or remote (a socket of another node, when this node
//! runs the room: frames travel to that node through [`RemoteFrames`], which the cluster
//! implements over NATS). Rooms treat them alike.
//!
//! This module sits below the WebSocket sessions, the rooms and the cluster, which all hold
//! connections, and depends on none of them.

pub mod blocked;
pub mod gate;
pub mod socket;

use chrono::{DateTime, Utc};
use plateau_protocol::ws::{LegalForm, ServerFrame};
use plateau_protocol::{ErrorCode, PlayerRef};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tungstenite::Utf8Bytes;
use uuid::Uuid;

use socket::{Sent, Socket};

/// Unique across nodes: each node counts from its own random start (see `ws::session`).
pub type ConnId = u64;

/// Connection ids count from a random start, so that the ids of several nodes' connections, which
/// meet in rooms, do not collide (63 random bits: a collision is as likely as a lottery win).
static NEXT_CONN: std::sync::LazyLock<std::sync::atomic::AtomicU64> =
    std::sync::LazyLock::new(|| std::sync::atomic::AtomicU64::new(rand::random::<u64>() >> 1));

/// A new connection id (a WebSocket session's).
pub fn next_conn_id() -> ConnId {
    NEXT_CONN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A handle on one authenticated connection: one pointer, cloned into every room the connection
/// is in and into every request it makes (a copy of the fields was 96 bytes and the player's
/// name; `bench/README.md`).
#[derive(Clone, Debug)]
pub struct Conn(Arc<Connection>);

/// What a [`Conn`] points to.
#[derive(Debug)]
pub struct Connection {
    pub id: ConnId,
    pub player: PlayerRef,
    /// The form of `you.legal` the connection asked for in its `auth`: rooms write each
    /// recipient's list in it.
    pub legal: LegalForm,
    /// A seat's agent (the bot API's actions, issue 47): one request for its player's seat,
    /// answered on this connection, which never joins the room. The room takes it as joined when
    /// its player holds a seat, and answers every request it makes (an `ack`, or an `error`).
    pub agent: bool,
    sink: Sink,
}

impl std::ops::Deref for Conn {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        &self.0
    }
}

#[derive(Debug)]
enum Sink {
    /// A WebSocket of this node.
    Socket {
        socket: Arc<Socket>,
        /// Cancelled when the connection must close because it fell behind.
        kick: CancellationToken,
    },
    /// A queue read in this process (tests).
    Queue(mpsc::Sender<Utf8Bytes>),
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
    /// A WebSocket connection of this node, asking for `you.legal` in `legal`; `kick` is
    /// cancelled when it falls too far behind.
    pub fn on_socket(
        id: ConnId,
        player: PlayerRef,
        legal: LegalForm,
        socket: Arc<Socket>,
        kick: CancellationToken,
    ) -> Self {
        Conn::new(id, player, legal, false, Sink::Socket { socket, kick })
    }

    /// A connection whose frames are read off `out` in this process (a full queue drops them):
    /// the bot API's streams (and the room actor's unit tests).
    pub fn on_queue(id: ConnId, player: PlayerRef, out: mpsc::Sender<Utf8Bytes>) -> Self {
        Conn::new(id, player, LegalForm::Full, false, Sink::Queue(out))
    }

    /// A seat's agent whose answer is read off `out` in this process (see [`Connection::agent`]).
    pub fn agent_on_queue(id: ConnId, player: PlayerRef, out: mpsc::Sender<Utf8Bytes>) -> Self {
        Conn::new(id, player, LegalForm::Full, true, Sink::Queue(out))
    }

    /// A connection of another node, as the node running a room sees it.
    pub fn remote(
        id: ConnId,
        player: PlayerRef,
        legal: LegalForm,
        agent: bool,
        node: Uuid,
        frames: Arc<dyn RemoteFrames>,
    ) -> Self {
        Conn::new(id, player, legal, agent, Sink::Remote { node, frames })
    }

    fn new(id: ConnId, player: PlayerRef, legal: LegalForm, agent: bool, sink: Sink) -> Self {
        Conn(Arc::new(Connection {
            id,
            player,
            legal,
            agent,
            sink,
        }))
    }

    /// The node whose socket this is, when it is not this node's.
    pub fn remote_node(&self) -> Option<Uuid> {
        match &self.sink {
            Sink::Remote { node, .. } => Some(*node),
            Sink::Socket { .. } | Sink::Queue(_) => None,
        }
    }

    /// Holds the frames sent to this connection until the guard drops, then writes them in one
    /// write (a move's patch and its ack: one send, and one wake-up of the client, a move fewer).
    /// Other connections ignore it (each frame is its own message anyway).
    pub fn cork(&self) -> Cork {
        match &self.sink {
            Sink::Socket { socket, .. } => {
                socket.cork();
                Cork(Some(socket.clone()))
            }
            Sink::Queue(_) | Sink::Remote { .. } => Cork(None),
        }
    }

    /// Serialises and sends a frame. False if the connection is gone or too slow (it is then
    /// being closed).
    pub fn send(&self, frame: &ServerFrame) -> bool {
        self.send_text(encode(frame))
    }

    /// Tells the connection that a frame of its was refused, with `refusal`'s code and words
    /// (and, for a mute, until when): the one place an `error` frame is written, for rooms and
    /// sessions alike. `room`: the room the frame named; `id`: the move id it carried. Counted in
    /// the errors' metric; quoted client text in the message is cut short.
    pub fn refuse(&self, room: Option<String>, id: Option<String>, refusal: &dyn Refusal) -> bool {
        let code = refusal.code();
        crate::metrics::METRICS.error(code);
        self.send(&ServerFrame::Error {
            id,
            code,
            message: crate::text::cap_quotes(&refusal.to_string()),
            room,
            until: refusal.until(),
        })
    }

    /// Sends an already serialised frame (one serialisation shared by many recipients), without
    /// waiting.
    pub fn send_text(&self, text: Utf8Bytes) -> bool {
        match &self.sink {
            Sink::Socket { socket, kick } => match socket.send_text(text) {
                Sent::Yes => true,
                Sent::TooSlow => {
                    kick.cancel();
                    false
                }
                Sent::Gone => false,
            },
            Sink::Queue(out) => out.try_send(text).is_ok(),
            Sink::Remote { node, frames } => frames.send(*node, self.id, text),
        }
    }
}

/// Why a frame was refused, as an `error` frame says it ([`Conn::refuse`]): the contract's code,
/// and words for a person (its `Display`).
pub trait Refusal: std::fmt::Display {
    fn code(&self) -> ErrorCode;

    /// For `muted`: when the mute ends.
    fn until(&self) -> Option<DateTime<Utc>> {
        None
    }
}

/// A refusal said in so many words: the session's own (a malformed frame, a flood, an unknown
/// room), which no type of its own would say better.
#[derive(Debug)]
pub struct Refused(pub ErrorCode, pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

impl Refusal for Refused {
    fn code(&self) -> ErrorCode {
        self.0
    }
}

/// Frames held for one write while this lives ([`Conn::cork`]).
#[must_use = "frames are held only while the cork lives"]
pub struct Cork(Option<Arc<Socket>>);

impl Drop for Cork {
    fn drop(&mut self) {
        if let Some(socket) = &self.0 {
            socket.uncork();
        }
    }
}

/// Chat lines (a `chat` frame, a `recent` one) are held back on the way out from players the
/// recipient blocks ([`blocked`], with the list pushed to the socket), so they always go through a
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
