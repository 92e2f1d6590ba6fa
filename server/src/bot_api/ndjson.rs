//! The body of an NDJSON stream (`application/x-ndjson`): one JSON value a line, and an empty
//! line now and then so that proxies and clients keep a quiet stream open. The task that makes the
//! lines writes them without waiting: a client that does not read them falls behind by a bounded
//! number of lines, then its stream ends (as a WebSocket that does not keep up is cut off).

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use serde_json::Value;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::mpsc;

/// The NDJSON content type every stream of the bot API declares.
pub const CONTENT_TYPE: &str = "application/x-ndjson";

/// How often a stream sends an empty line (issue 47: every 6 s).
pub const KEEP_ALIVE: Duration = Duration::from_secs(6);

/// Lines a client may fall behind by before its stream ends.
const BEHIND: usize = 256;

/// Where a stream's lines go.
pub struct Lines(mpsc::Sender<Bytes>);

/// A stream's lines, and the response that carries them to the client.
pub fn stream() -> (Lines, Response) {
    let (out, lines) = mpsc::channel::<Bytes>(BEHIND);
    let body = futures_util::stream::unfold(lines, |mut lines| async move {
        let line = lines.recv().await?;
        Some((Ok::<_, Infallible>(line), lines))
    });
    let mut response = Response::new(Body::from_stream(body));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
    // A proxy must pass each line on as it comes, not gather the stream first.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    (Lines(out), response)
}

impl Lines {
    /// Sends one line; false if the client is gone or too far behind (the stream is over).
    pub fn send(&self, line: &Value) -> bool {
        let mut text = serde_json::to_vec(line).expect("lines serialise");
        text.push(b'\n');
        self.0.try_send(Bytes::from(text)).is_ok()
    }

    /// The empty line that keeps a quiet stream open; false as [`Lines::send`].
    pub fn keep_alive(&self) -> bool {
        self.0.try_send(Bytes::from_static(b"\n")).is_ok()
    }

    /// Resolves once the client is gone.
    pub async fn closed(&self) {
        self.0.closed().await
    }
}
