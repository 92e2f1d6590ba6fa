//! Frames for connections of other nodes: rooms queue them without waiting (as for a local socket),
//! and one task publishes them to the nodes' subjects in order.

use bytes::{BufMut, Bytes, BytesMut};
use tokio::sync::mpsc;
use tungstenite::Utf8Bytes;
use uuid::Uuid;

use super::wire;
use crate::conn::{ConnId, RemoteFrames};
use crate::metrics::METRICS;

/// Frames queued for other nodes before rooms' frames for them are dropped (the connection then
/// leaves the room, as a too slow local one does).
const QUEUE: usize = 64 * 1024;

/// Where rooms put frames for remote connections; cheap to clone.
#[derive(Clone, Debug)]
pub struct FrameLink {
    frames: mpsc::Sender<(Uuid, ConnId, Utf8Bytes)>,
}

impl FrameLink {
    /// The link, and the task that publishes what it is given through `nats`.
    pub fn start(nats: async_nats::Client, subjects: wire::Subjects) -> FrameLink {
        let (frames, mut queued) = mpsc::channel::<(Uuid, ConnId, Utf8Bytes)>(QUEUE);
        tokio::spawn(async move {
            while let Some((node, conn, text)) = queued.recv().await {
                if let Err(e) = nats.publish(subjects.conns(node), frame(conn, &text)).await {
                    tracing::warn!(error = %e, %node, "a frame for another node was not sent");
                }
                METRICS.frames_forwarded.inc();
            }
        });
        FrameLink { frames }
    }
}

impl RemoteFrames for FrameLink {
    fn send(&self, node: Uuid, conn: ConnId, text: Utf8Bytes) -> bool {
        self.frames.try_send((node, conn, text)).is_ok()
    }
}

/// A frame as it travels: the connection id (8 bytes, big-endian), then the text.
fn frame(conn: ConnId, text: &str) -> Bytes {
    let mut bytes = BytesMut::with_capacity(8 + text.len());
    bytes.put_u64(conn);
    bytes.put_slice(text.as_bytes());
    bytes.freeze()
}

/// The connection and text of a frame from another node; None if it is not one.
pub fn parse(payload: &[u8]) -> Option<(ConnId, Utf8Bytes)> {
    let (id, text) = payload.split_at_checked(8)?;
    let id = u64::from_be_bytes(id.try_into().ok()?);
    let text = std::str::from_utf8(text).ok()?;
    Some((id, Utf8Bytes::from(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_reads_back_as_its_connection_and_text() {
        let bytes = frame(0x0123_4567_89ab_cdef, r#"{"type":"ack"}"#);
        let (conn, text) = parse(&bytes).unwrap();
        assert_eq!(conn, 0x0123_4567_89ab_cdef);
        assert_eq!(text.as_str(), r#"{"type":"ack"}"#);
        assert!(parse(b"short").is_none());
    }
}
