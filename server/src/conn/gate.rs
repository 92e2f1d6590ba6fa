//! The byte stream under a connection's WebSocket, through which the server's text frames are
//! written beside tungstenite rather than through it.
//!
//! Why: tungstenite copies each frame into a write buffer before writing it, and that buffer keeps
//! the capacity of the largest frame it ever held (a start snapshot, ~2 KB) for the life of the
//! connection: the largest single part of what an idle connection costs (`bench/README.md`, issue
//! 30). A text frame put here is written from its own shared bytes (the same text often goes to
//! several recipients) with its header in front, and nothing is kept once it is written.
//!
//! **Order.** A frame is put here only when tungstenite has nothing waiting to be written (its
//! flush has completed: [`super::socket`] sees to it). Whatever tungstenite writes next (a ping, a
//! pong, a close) goes through [`Gate`]'s `AsyncWrite`, which first finishes the frame put here: the
//! bytes reach the socket in the order the frames were made, and no frame is cut into by another.

use bytes::{Bytes, BytesMut};
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tungstenite::protocol::frame::coding::{Data, OpCode};
use tungstenite::protocol::frame::FrameHeader;
use tungstenite::Utf8Bytes;

/// A byte stream with at most one write of the server's text frames on its way out (one frame,
/// or a few sent together).
pub struct Gate<S> {
    inner: S,
    /// The frame (or frames) put here and not yet wholly written.
    out: Option<Outgoing>,
}

/// Refused: the last write put here is not wholly written.
#[derive(Debug)]
pub struct StillWriting;

/// A write in progress: `header`, then `payload`, from `written` bytes in. One frame is its
/// header and its own shared text; several are framed into one buffer (`payload`, no header).
struct Outgoing {
    /// A server's frame header is 2 to 10 bytes (no mask).
    header: [u8; 10],
    header_len: u8,
    payload: Bytes,
    written: usize,
}

/// The header of an unmasked final text frame of `len` bytes, and its length.
fn text_header(len: usize) -> ([u8; 10], u8) {
    let header = FrameHeader {
        is_final: true,
        opcode: OpCode::Data(Data::Text),
        mask: None,
        ..FrameHeader::default()
    };
    let mut bytes = [0u8; 10];
    let mut cursor = io::Cursor::new(&mut bytes[..]);
    header
        .format(len as u64, &mut cursor)
        .expect("an unmasked header fits in 10 bytes");
    let header_len = cursor.position() as u8;
    (bytes, header_len)
}

impl<S: AsyncWrite + Unpin> Gate<S> {
    pub fn new(inner: S) -> Self {
        Gate { inner, out: None }
    }

    /// Whether a frame put here is not yet wholly written.
    pub fn is_writing(&self) -> bool {
        self.out.is_some()
    }

    /// Puts a text frame to be written, once tungstenite has nothing waiting (see the module's
    /// note on order). It is written by the next write or flush of this stream. Handed back while
    /// the last one is not wholly written: a frame is never replaced half-way.
    pub fn put_text(&mut self, payload: Utf8Bytes) -> Result<(), Utf8Bytes> {
        if self.is_writing() {
            return Err(payload);
        }
        let (header, header_len) = text_header(payload.len());
        self.out = Some(Outgoing {
            header,
            header_len,
            payload: payload.into(),
            written: 0,
        });
        Ok(())
    }

    /// Puts several text frames to be written together, in one write (a move's patch and its
    /// ack: one send to the client, and one wake-up of it, fewer), on the terms of
    /// [`Gate::put_text`]. They are framed into one buffer: a copy of a few hundred bytes costs
    /// less than a write.
    pub fn put_texts(&mut self, payloads: &[Utf8Bytes]) -> Result<(), StillWriting> {
        if self.is_writing() {
            return Err(StillWriting);
        }
        let len = payloads.iter().map(|p| p.len() + 10).sum();
        let mut buffer = BytesMut::with_capacity(len);
        for payload in payloads {
            let (header, header_len) = text_header(payload.len());
            buffer.extend_from_slice(&header[..usize::from(header_len)]);
            buffer.extend_from_slice(payload.as_bytes());
        }
        self.out = Some(Outgoing {
            header: [0; 10],
            header_len: 0,
            payload: buffer.freeze(),
            written: 0,
        });
        Ok(())
    }

    /// Writes what is left of the frame put here.
    fn poll_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some(out) = self.out.as_mut() {
            let header = &out.header[..usize::from(out.header_len)];
            let slices = if out.written < header.len() {
                [
                    IoSlice::new(&header[out.written..]),
                    IoSlice::new(&out.payload),
                ]
            } else {
                let from = out.written - header.len();
                [IoSlice::new(&out.payload[from..]), IoSlice::new(&[])]
            };
            let n = ready!(Pin::new(&mut self.inner).poll_write_vectored(cx, &slices))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            out.written += n;
            if out.written == header.len() + out.payload.len() {
                self.out = None;
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Gate<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Gate<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_out(cx))?;
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_out(cx))?;
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_out(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_out(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::{Sink, SinkExt, StreamExt};
    use tokio::io::DuplexStream;
    use tokio_tungstenite::WebSocketStream;
    use tungstenite::protocol::Role;

    /// A server's WebSocket over a gate and its client, joined by a pipe of `capacity` bytes.
    async fn pair(
        capacity: usize,
    ) -> (
        WebSocketStream<Gate<DuplexStream>>,
        WebSocketStream<DuplexStream>,
    ) {
        let (server, client) = tokio::io::duplex(capacity);
        let server = WebSocketStream::from_raw_socket(Gate::new(server), Role::Server, None).await;
        let client = WebSocketStream::from_raw_socket(client, Role::Client, None).await;
        (server, client)
    }

    async fn flush(server: &mut WebSocketStream<Gate<DuplexStream>>) {
        std::future::poll_fn(|cx| Pin::new(&mut *server).poll_flush(cx))
            .await
            .unwrap();
    }

    /// Frames put in the gate and frames tungstenite writes reach the peer whole and in order,
    /// through a pipe too small to take any of them at once.
    #[tokio::test]
    async fn frames_put_and_frames_of_tungstenite_arrive_whole_and_in_order() {
        let (mut server, mut client) = pair(7).await;
        let long = "x".repeat(70_000);
        let reading = tokio::spawn(async move {
            let mut got = Vec::new();
            while got.len() < 4 {
                got.push(client.next().await.unwrap().unwrap());
            }
            got
        });
        for text in ["short", &"y".repeat(300), &long] {
            flush(&mut server).await;
            server
                .get_mut()
                .put_text(Utf8Bytes::from(text.to_string()))
                .unwrap();
        }
        server
            .send(tungstenite::Message::Ping(Default::default()))
            .await
            .unwrap();
        let got = reading.await.unwrap();
        let texts: Vec<_> = got[..3]
            .iter()
            .map(|m| m.to_text().unwrap().len())
            .collect();
        assert_eq!(texts, [5, 300, 70_000]);
        assert!(got[3].is_ping(), "{:?}", got[3]);
    }

    /// Frames put together leave in one write and reach the peer as the frames they were, in
    /// order, then what tungstenite writes next.
    #[tokio::test]
    async fn frames_put_together_arrive_as_frames_in_order() {
        let (mut server, mut client) = pair(7).await;
        let reading = tokio::spawn(async move {
            let mut got = Vec::new();
            while got.len() < 4 {
                got.push(client.next().await.unwrap().unwrap());
            }
            got
        });
        flush(&mut server).await;
        let texts = ["patch", &"z".repeat(200), "ack"].map(|t| Utf8Bytes::from(t.to_string()));
        server.get_mut().put_texts(&texts).unwrap();
        assert!(
            server.get_mut().put_texts(&texts).is_err(),
            "a second write waits for the first"
        );
        server
            .send(tungstenite::Message::Ping(Default::default()))
            .await
            .unwrap();
        let got = reading.await.unwrap();
        let texts: Vec<_> = got[..3].iter().map(|m| m.to_text().unwrap()).collect();
        assert_eq!(texts, ["patch", &"z".repeat(200), "ack"]);
        assert!(got[3].is_ping(), "{:?}", got[3]);
    }

    /// What `conn::socket` guards against: once the client's close is read and answered,
    /// tungstenite reports a flush as done without writing anything (it writes nothing after the
    /// close), so a frame put then stays in the gate, and the next is refused rather than put over
    /// it.
    #[tokio::test]
    async fn after_the_close_a_flush_writes_nothing_and_the_gate_refuses_a_second_frame() {
        let (mut server, mut client) = pair(1024).await;
        client.close(None).await.unwrap();
        assert!(matches!(
            server.next().await,
            Some(Ok(tungstenite::Message::Close(_)))
        ));
        flush(&mut server).await;
        let first = Utf8Bytes::from_static("first");
        server.get_mut().put_text(first).unwrap();
        flush(&mut server).await;
        assert!(server.get_ref().is_writing(), "nothing was written");
        let second = Utf8Bytes::from_static("second");
        assert_eq!(server.get_mut().put_text(second).unwrap_err(), "second");
    }
}
