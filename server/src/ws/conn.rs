//! A connection as rooms see it: who it is, and a bounded queue to its socket writer. A room never
//! waits on a client: if the queue is full, the client is too slow, and it is disconnected.

use axum::extract::ws::Utf8Bytes;
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::PlayerRef;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub type ConnId = u64;

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
    out: mpsc::Sender<Outbound>,
    /// Cancelled when the connection must close because it fell behind.
    kick: CancellationToken,
}

impl Conn {
    pub fn new(
        id: ConnId,
        player: PlayerRef,
        out: mpsc::Sender<Outbound>,
        kick: CancellationToken,
    ) -> Self {
        Conn {
            id,
            player,
            out,
            kick,
        }
    }

    /// Serialises and queues a frame. False if the connection is gone or too slow (it is then
    /// being closed).
    pub fn send(&self, frame: &ServerFrame) -> bool {
        self.send_text(encode(frame))
    }

    /// Queues an already serialised frame (one serialisation shared by many recipients).
    pub fn send_text(&self, text: Utf8Bytes) -> bool {
        match self.out.try_send(Outbound::Text(text)) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.cancel();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

/// A frame as the text of a WebSocket message.
pub fn encode(frame: &ServerFrame) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(frame).expect("frames serialise"))
}
