//! The TCP stream under a test client's WebSocket, with an optional quick-ACK mode.
//!
//! Without `TCP_NODELAY` on the server's socket, a frame it writes right after another (a move's
//! `ack` right after its `patch`) waits, under Nagle's algorithm, for the client to acknowledge the
//! first one; a client that delays its ACKs (Linux: up to 40 ms) then gets every ack about 40 ms
//! late. The server sets it now; tests that play thousands of moves, and do not measure latency,
//! also use quick ACKs (`TCP_QUICKACK`, re-armed after every read), so that they never depend on
//! it. The latency an ordinary client sees is the load tool's figure (bench/README.md).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

pub struct Transport {
    tcp: TcpStream,
    quick_ack: bool,
}

impl Transport {
    pub fn new(tcp: TcpStream, quick_ack: bool) -> Transport {
        let transport = Transport { tcp, quick_ack };
        transport.rearm();
        transport
    }

    /// Linux leaves quick-ACK mode by itself: set it again after every read.
    fn rearm(&self) {
        #[cfg(target_os = "linux")]
        if self.quick_ack {
            let _ = socket2::SockRef::from(&self.tcp).set_tcp_quickack(true);
        }
    }
}

impl AsyncRead for Transport {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let read = Pin::new(&mut self.tcp).poll_read(cx, buf);
        self.rearm();
        read
    }
}

impl AsyncWrite for Transport {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
