//! A reader of the bot API's NDJSON streams: every line kept as it comes (keep-alive empty lines
//! counted apart), waited for as the WebSocket client's frames are.

use reqwest::StatusCode;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// How long a line is waited for.
const WAIT: Duration = Duration::from_secs(10);

#[derive(Default)]
struct Seen {
    lines: Vec<Value>,
    keep_alives: usize,
    ended: bool,
    content_type: String,
}

/// One open stream.
pub struct NdjsonStream {
    seen: Arc<Mutex<Seen>>,
    changed: Arc<Notify>,
    reader: tokio::task::JoinHandle<()>,
}

impl Drop for NdjsonStream {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl NdjsonStream {
    /// Opens `GET {base}{path}` with `token`; the error answer if it is not `200`.
    pub async fn open(
        base: &str,
        path: &str,
        token: &str,
    ) -> Result<NdjsonStream, (StatusCode, Value)> {
        let response = reqwest::Client::new()
            .get(format!("{base}{path}"))
            .bearer_auth(token)
            .send()
            .await
            .expect("stream request");
        let status = response.status();
        if status != StatusCode::OK {
            let text = response.text().await.unwrap_or_default();
            return Err((
                status,
                serde_json::from_str(&text).unwrap_or(Value::String(text)),
            ));
        }
        let seen = Arc::new(Mutex::new(Seen {
            content_type: response
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string(),
            ..Seen::default()
        }));
        let changed = Arc::new(Notify::new());
        let reader = tokio::spawn(read(response, seen.clone(), changed.clone()));
        Ok(NdjsonStream {
            seen,
            changed,
            reader,
        })
    }

    pub fn content_type(&self) -> String {
        self.seen.lock().unwrap().content_type.clone()
    }

    /// How many lines have come: a mark to wait for lines after it.
    pub fn mark(&self) -> usize {
        self.seen.lock().unwrap().lines.len()
    }

    pub fn lines(&self) -> Vec<Value> {
        self.seen.lock().unwrap().lines.clone()
    }

    pub fn keep_alives(&self) -> usize {
        self.seen.lock().unwrap().keep_alives
    }

    /// Waits for a line after `mark` that satisfies `pred`; panics if none comes in time.
    pub async fn wait_for(&self, mark: usize, pred: impl Fn(&Value) -> bool) -> Value {
        self.try_wait_for(mark, WAIT, pred)
            .await
            .unwrap_or_else(|| panic!("no such line within {WAIT:?}; lines: {:?}", self.lines()))
    }

    /// Waits for a line of type `kind` after `mark`.
    pub async fn wait_for_type(&self, mark: usize, kind: &str) -> Value {
        self.wait_for(mark, |l| l["type"] == kind).await
    }

    pub async fn try_wait_for(
        &self,
        mark: usize,
        within: Duration,
        pred: impl Fn(&Value) -> bool,
    ) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let notified = self.changed.notified();
            {
                let seen = self.seen.lock().unwrap();
                if let Some(line) = seen.lines.iter().skip(mark).find(|l| pred(l)) {
                    return Some(line.clone());
                }
                if seen.ended {
                    return None;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Whether the server ended the stream within `within`.
    pub async fn ended_within(&self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let notified = self.changed.notified();
            if self.seen.lock().unwrap().ended {
                return true;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.seen.lock().unwrap().ended;
            }
        }
    }
}

async fn read(mut response: reqwest::Response, seen: Arc<Mutex<Seen>>, changed: Arc<Notify>) {
    let mut pending = Vec::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).to_string();
            let mut seen = seen.lock().unwrap();
            if text.trim().is_empty() {
                seen.keep_alives += 1;
            } else {
                let value = serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("a line of NDJSON: {e}: {text}"));
                seen.lines.push(value);
            }
            drop(seen);
            changed.notify_waiters();
        }
    }
    seen.lock().unwrap().ended = true;
    changed.notify_waiters();
}
