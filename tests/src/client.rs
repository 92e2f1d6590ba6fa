//! A WebSocket client of the contract. A reader task keeps every frame, and rebuilds each room's view
//! from its snapshot and every patch (RFC 6902, the json-patch crate); a patch whose `from` is not the
//! version held is recorded as a gap, which tests treat as a failure. Every frame it sends and
//! receives is checked against the WebSocket's AsyncAPI document ([`crate::frame_schema`]): a
//! frame the server sends that the document does not describe fails the test when the client is
//! dropped, and so does a frame sent outside the document that the server did not refuse.

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::frame_schema::{violation, Side};
use crate::rest::Player;
use crate::transport::Transport;

type Sink = SplitSink<WebSocketStream<Transport>, Message>;

#[derive(Default)]
struct Seen {
    frames: Vec<Value>,
    /// Room code → (version, view).
    views: HashMap<String, (u64, Value)>,
    /// Patches that did not follow the version held: (room, held, from).
    gaps: Vec<(String, Option<u64>, u64)>,
    /// Set when the connection ended: the close code, if the server sent one.
    closed: Option<Option<u16>>,
    /// For each snapshot frame (by index in `frames`), the (version, view) rebuilt from patches that
    /// was held for its room just before it arrived: what a `sync` is compared with.
    held_at_snapshot: HashMap<usize, Option<(u64, Value)>>,
    /// Frames received that the AsyncAPI document does not describe, and why.
    undescribed: Vec<String>,
    /// Frames sent that the document does not describe (bad input a test sends on purpose): the
    /// server must refuse each (`bad_request`, or closing the connection).
    sent_undescribed: Vec<String>,
}

pub struct Client {
    sink: tokio::sync::Mutex<Sink>,
    /// The reader task; aborted when the client is dropped, which drops the socket.
    reader: tokio::task::JoinHandle<()>,
    seen: Arc<Mutex<Seen>>,
    changed: Arc<Notify>,
    pub player: Option<Player>,
}

pub const WAIT: Duration = Duration::from_secs(15);

impl Client {
    /// Opens a connection without authenticating.
    pub async fn connect(ws_url: &str) -> Client {
        Client::connect_with(ws_url, false).await
    }

    /// Opens a connection without authenticating; with `quick_ack`, the socket acknowledges what it
    /// receives at once (see [`crate::transport`]).
    pub async fn connect_with(ws_url: &str, quick_ack: bool) -> Client {
        Client::try_connect_with(ws_url, quick_ack)
            .await
            .unwrap_or_else(|e| panic!("connect to {ws_url}: {e}"))
    }

    /// [`Client::connect_with`], or why not (no server there, a refused upgrade).
    pub async fn try_connect_with(ws_url: &str, quick_ack: bool) -> Result<Client, String> {
        let request = ws_url.into_client_request().expect("a WebSocket URL");
        let authority = request.uri().authority().expect("host and port").as_str();
        let tcp = TcpStream::connect(authority)
            .await
            .map_err(|e| format!("TCP connect: {e}"))?;
        let (socket, _) = tokio_tungstenite::client_async(request, Transport::new(tcp, quick_ack))
            .await
            .map_err(|e| format!("WebSocket connect: {e}"))?;
        let (sink, mut stream) = socket.split();
        let seen = Arc::new(Mutex::new(Seen::default()));
        let changed = Arc::new(Notify::new());
        let (reader_seen, reader_changed) = (seen.clone(), changed.clone());
        let reader = tokio::spawn(async move {
            let code = loop {
                match stream.next().await {
                    Some(Ok(Message::Text(text))) => {
                        let frame: Value =
                            serde_json::from_str(&text).expect("server frames are JSON");
                        let mut seen = reader_seen.lock().unwrap();
                        if let Some(why) = violation(Side::Server, &frame) {
                            seen.undescribed.push(why);
                        }
                        seen.record(frame);
                        drop(seen);
                        reader_changed.notify_waiters();
                    }
                    Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break None,
                }
            };
            reader_seen.lock().unwrap().closed = Some(code);
            reader_changed.notify_waiters();
        });
        Ok(Client {
            sink: tokio::sync::Mutex::new(sink),
            reader,
            seen,
            changed,
            player: None,
        })
    }

    /// Opens a connection and authenticates as `player`.
    pub async fn login(ws_url: &str, player: &Player) -> Client {
        Client::login_with(ws_url, player, false).await
    }

    /// [`Client::login`], with quick ACKs or not (see [`crate::transport`]).
    pub async fn login_with(ws_url: &str, player: &Player, quick_ack: bool) -> Client {
        let mut client = Client::connect_with(ws_url, quick_ack).await;
        client
            .send(json!({"type": "auth", "token": player.token}))
            .await;
        let welcome = client.wait_for(0, |f| f["type"] == "welcome").await;
        assert_eq!(welcome["player"]["id"], player.id.as_str());
        client.player = Some(player.clone());
        client
    }

    /// [`Client::login`] with more fields in its `auth` frame (`{"legal": "short"}`); the client
    /// and the `welcome` it got.
    pub async fn login_asking(ws_url: &str, player: &Player, fields: Value) -> (Client, Value) {
        let mut client = Client::connect(ws_url).await;
        let mut auth = json!({"type": "auth", "token": player.token});
        auth.as_object_mut()
            .expect("an object")
            .extend(fields.as_object().expect("fields are an object").clone());
        client.send(auth).await;
        let welcome = client.wait_for(0, |f| f["type"] == "welcome").await;
        assert_eq!(welcome["player"]["id"], player.id.as_str());
        client.player = Some(player.clone());
        (client, welcome)
    }

    /// [`Client::login`], or None if no server answers there or the connection closes before the
    /// welcome (a node stopping or starting).
    pub async fn try_login(ws_url: &str, player: &Player) -> Option<Client> {
        let mut client = Client::try_connect_with(ws_url, false).await.ok()?;
        client
            .send(json!({"type": "auth", "token": player.token}))
            .await;
        let welcome = client
            .try_wait_for(0, WAIT, |f| f["type"] == "welcome")
            .await?;
        assert_eq!(welcome["player"]["id"], player.id.as_str());
        client.player = Some(player.clone());
        Some(client)
    }

    pub async fn send(&self, frame: Value) {
        self.send_text(frame.to_string()).await;
    }

    pub async fn send_text(&self, text: String) {
        let why = match serde_json::from_str::<Value>(&text) {
            Ok(frame) => violation(Side::Client, &frame),
            Err(e) => Some(format!("not JSON ({e})")),
        };
        if let Some(why) = why {
            self.seen.lock().unwrap().sent_undescribed.push(why);
        }
        let _ = self.sink.lock().await.send(Message::text(text)).await;
    }

    /// Closes the connection from this side.
    pub async fn close(&self) {
        let _ = self.sink.lock().await.close().await;
    }

    /// How many frames have arrived: a mark to wait for frames after it.
    pub fn mark(&self) -> usize {
        self.seen.lock().unwrap().frames.len()
    }

    pub fn frames(&self) -> Vec<Value> {
        self.seen.lock().unwrap().frames.clone()
    }

    /// Waits for a frame after `mark` that satisfies `pred`.
    pub async fn wait_for(&self, mark: usize, pred: impl Fn(&Value) -> bool) -> Value {
        self.try_wait_for(mark, WAIT, pred)
            .await
            .unwrap_or_else(|| {
                panic!(
                    "no such frame within {WAIT:?}; last frames: {:?}",
                    self.last_frames(5)
                )
            })
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
                if let Some(f) = seen.frames.iter().skip(mark).find(|f| pred(f)) {
                    return Some(f.clone());
                }
                if seen.closed.is_some() {
                    return None;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    fn last_frames(&self, n: usize) -> Vec<String> {
        let seen = self.seen.lock().unwrap();
        seen.frames
            .iter()
            .rev()
            .take(n)
            .map(|f| f.to_string().chars().take(160).collect())
            .collect()
    }

    /// The close code once the server has closed the connection (None: still open after `within`).
    pub async fn closed_within(&self, within: Duration) -> Option<Option<u16>> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let notified = self.changed.notified();
            if let Some(code) = self.seen.lock().unwrap().closed {
                return Some(code);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.seen.lock().unwrap().closed;
            }
        }
    }

    pub fn is_closed(&self) -> bool {
        self.seen.lock().unwrap().closed.is_some()
    }

    /// The view of `room` rebuilt from snapshot and patches, with its version.
    pub fn view(&self, room: &str) -> Option<(u64, Value)> {
        self.seen.lock().unwrap().views.get(room).cloned()
    }

    pub fn version(&self, room: &str) -> u64 {
        self.view(room).map_or(0, |(v, _)| v)
    }

    /// Patches that did not follow on from the version held.
    pub fn gaps(&self) -> Vec<(String, Option<u64>, u64)> {
        self.seen.lock().unwrap().gaps.clone()
    }

    /// Waits until the view of `room` is at `version` or later.
    pub async fn until_version(&self, room: &str, version: u64) {
        assert!(
            self.reaches_version(room, version).await,
            "connection closed with the view of {room} at {} < {version}",
            self.version(room)
        );
    }

    /// Waits until the view of `room` is at `version` or later (true), or the connection is closed
    /// (false); panics if it is neither within [`WAIT`].
    pub async fn reaches_version(&self, room: &str, version: u64) -> bool {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if self.version(room) >= version {
                return true;
            }
            if self.is_closed() {
                return false;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "view of {room} stuck at {} < {version}; last frames {:?}",
                    self.version(room),
                    self.last_frames(5)
                );
            }
        }
    }

    /// Joins `room` and waits for the `room` frame that answers.
    pub async fn join(&self, room: &str, role: &str) -> Value {
        let mark = self.mark();
        self.send(json!({"type": "join", "room": room, "as": role}))
            .await;
        self.wait_for(mark, |f| {
            (f["type"] == "room" && f["room"]["code"] == room)
                || (f["type"] == "error" && f["room"] == room)
        })
        .await
    }

    /// Joins `room` as `role` and gives the texts of the recent chat lines the server sends with
    /// the join (`recent`), oldest first.
    pub async fn recent_chat(&self, room: &str, role: &str) -> Vec<String> {
        let mark = self.mark();
        self.send(json!({"type": "join", "room": room, "as": role}))
            .await;
        let recent = self.wait_for(mark, |f| f["type"] == "recent").await;
        recent["chat"]
            .as_array()
            .expect("recent chat lines")
            .iter()
            .map(|line| line["text"].as_str().expect("a line's text").to_string())
            .collect()
    }

    /// Sends a move on the version held, and waits for its ack or error.
    pub async fn play(&self, room: &str, id: &str, mv: Value) -> Value {
        let version = self.version(room);
        self.play_at(room, id, version, mv).await
    }

    pub async fn play_at(&self, room: &str, id: &str, version: u64, mv: Value) -> Value {
        let mark = self.mark();
        self.send(json!({"type": "move", "room": room, "id": id, "version": version, "move": mv}))
            .await;
        self.wait_for(mark, |f| {
            (f["type"] == "ack" || f["type"] == "error") && f["id"] == id
        })
        .await
    }

    /// Sends a frame and waits for the error it must cause.
    pub async fn expect_error(&self, frame: Value, code: &str) -> Value {
        let mark = self.mark();
        self.send(frame.clone()).await;
        let error = self.wait_for(mark, |f| f["type"] == "error").await;
        assert_eq!(error["code"], code, "answer to {frame}: {error}");
        error
    }

    /// Asks for a snapshot and returns it.
    pub async fn sync(&self, room: &str) -> Value {
        let mark = self.mark();
        self.send(json!({"type": "sync", "room": room})).await;
        self.wait_for(mark, |f| f["type"] == "snapshot" && f["room"] == room)
            .await
    }

    /// Asks for a snapshot and checks that it equals the view this client rebuilt from patches, at
    /// the same version. Frames of one connection arrive in order, so every patch sent before the
    /// snapshot has been applied when it arrives, however busy the room is (bots moving meanwhile).
    pub async fn check_sync(&self, room: &str) {
        let mark = self.mark();
        self.send(json!({"type": "sync", "room": room})).await;
        let snapshot = self
            .wait_for(mark, |f| f["type"] == "snapshot" && f["room"] == room)
            .await;
        let held = {
            let seen = self.seen.lock().unwrap();
            let index = (mark..seen.frames.len())
                .find(|&i| seen.frames[i]["type"] == "snapshot" && seen.frames[i]["room"] == room)
                .expect("the snapshot was recorded");
            seen.held_at_snapshot.get(&index).cloned().flatten()
        };
        let (version, patched) = held.expect("a view was held before the sync");
        assert_eq!(
            snapshot["version"], version,
            "the snapshot answering a sync is at the version the patches reached"
        );
        assert_eq!(
            snapshot["view"], patched,
            "the view rebuilt from patches equals a fresh snapshot at version {version}"
        );
    }

    /// Sends `resign` for `room` (answered by the forfeit's patch, or an error).
    pub async fn resign(&self, room: &str) {
        self.send(json!({"type": "resign", "room": room})).await;
    }

    /// Sends `draw` for `room`: an offer (or its acceptance) with `offer`, else taking it back.
    pub async fn draw(&self, room: &str, offer: bool) {
        self.send(json!({"type": "draw", "room": room, "offer": offer}))
            .await;
    }

    /// Sends `rematch` for the finished match of `room`.
    pub async fn rematch(&self, room: &str) {
        self.send(json!({"type": "rematch", "room": room})).await;
    }

    /// Waits for a frame of `kind` (`draw`, `ended`, `rematch`, ...) about `room` after `mark`.
    pub async fn wait_for_frame(&self, mark: usize, kind: &str, room: &str) -> Value {
        self.wait_for(mark, |f| f["type"] == kind && f["room"] == room)
            .await
    }

    /// Waits for the patch of `room` after `mark` whose events include one of `kind`
    /// (`forfeited`, `draw_agreed`, `moved`), and returns that patch.
    pub async fn wait_for_event(&self, mark: usize, room: &str, kind: &str) -> Value {
        self.wait_for(mark, |f| {
            f["type"] == "patch"
                && f["room"] == room
                && f["events"]
                    .as_array()
                    .is_some_and(|events| events.iter().any(|e| e["kind"] == kind))
        })
        .await
    }

    /// The legal moves listed in this client's view of `room`.
    pub fn legal(&self, room: &str) -> Vec<Value> {
        self.legal_at(room).1
    }

    /// The version of the view of `room` and its legal moves, read together: read one after the
    /// other, a patch arriving in between would pair the new version with the old moves.
    pub fn legal_at(&self, room: &str) -> (u64, Vec<Value>) {
        self.view(room).map_or((0, Vec::new()), |(version, v)| {
            let legal = v["you"]["legal"].as_array().cloned().unwrap_or_default();
            (version, legal)
        })
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.reader.abort();
        if std::thread::panicking() {
            return;
        }
        let seen = self.seen.lock().unwrap();
        assert!(
            seen.undescribed.is_empty(),
            "frames the AsyncAPI document (/api/v1/asyncapi.json) does not describe:\n{}",
            seen.undescribed.join("\n")
        );
        let refused = seen
            .frames
            .iter()
            .filter(|f| f["type"] == "error" && f["code"] == "bad_request")
            .count();
        assert!(
            seen.sent_undescribed.len() <= refused || seen.closed.is_some(),
            "frames sent outside the AsyncAPI document, and not all refused ({refused} bad_request):\n{}",
            seen.sent_undescribed.join("\n")
        );
    }
}

impl Seen {
    fn record(&mut self, frame: Value) {
        match frame["type"].as_str() {
            Some("snapshot") => {
                let room = frame["room"].as_str().expect("room").to_string();
                let version = frame["version"].as_u64().expect("version");
                let held = self.views.insert(room, (version, frame["view"].clone()));
                self.held_at_snapshot.insert(self.frames.len(), held);
            }
            Some("patch") => {
                let room = frame["room"].as_str().expect("room").to_string();
                let from = frame["from"].as_u64().expect("from");
                let version = frame["version"].as_u64().expect("version");
                match self.views.get_mut(&room) {
                    Some((held, view)) if *held == from => {
                        let ops: json_patch::Patch =
                            serde_json::from_value(frame["ops"].clone()).expect("RFC 6902 ops");
                        json_patch::patch(view, &ops).expect("the patch applies to the view held");
                        *held = version;
                    }
                    other => self.gaps.push((room, other.map(|(v, _)| *v), from)),
                }
            }
            _ => {}
        }
        self.frames.push(frame);
    }
}

/// A close code as a number.
pub fn close_code(code: CloseCode) -> u16 {
    u16::from(code)
}
