//! Unit tests of the room actor itself: a room's task driven through its command channel, against
//! a store on a SQLite file of its own, with test connections whose frames are read from their
//! queues as a session's writer would. (End-to-end behaviour over real sockets is in `tests/`.)

use plateau_protocol::rest::{NewRoom, Visibility};
use plateau_protocol::ws::{BotLevel, Role};
use plateau_protocol::PlayerRef;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tungstenite::Utf8Bytes;
use uuid::Uuid;

use crate::config::RoomLimits;
use crate::conn::Conn;
use crate::engine_host::bots::BotPool;
use crate::rooms::{Alone, Command, Request, RoomContext, Rooms, Route};
use crate::store::Store;

/// A registry of rooms on a fresh store, alone.
struct Harness {
    rooms: Rooms,
    store: Store,
    _dir: tempfile::TempDir,
}

impl Harness {
    async fn new() -> Harness {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = format!("sqlite://{}", dir.path().join("rooms.db").display());
        let store = Store::connect(&url, 2).await.expect("the store");
        store.migrate().await.expect("migrations");
        let limits = RoomLimits {
            open_rooms_per_player: 10,
            waiting_room_ttl_secs: 1800,
            abandon_after_secs: 120,
            max_plies: 2000,
            engine_abort_ms: 2000,
            bot_matches_per_player: 3,
            unattended_after_secs: 60,
            rated_pair_hours: 24,
        };
        let context = RoomContext {
            events: crate::events::PlayerEvents::new(None),
            store: store.clone(),
            bot_delay: Duration::ZERO,
            bots: BotPool::new(1),
            decision_timeout: Duration::from_secs(60),
            shutdown: CancellationToken::new(),
            limits,
        };
        Harness {
            rooms: Rooms::new(context, Arc::new(Alone)),
            store,
            _dir: dir,
        }
    }

    /// A player, stored, and a connection of theirs.
    async fn connect(&self, name: &str) -> TestConn {
        let player = PlayerRef::person(Uuid::new_v4(), name);
        self.store
            .create_player(&player, &Uuid::new_v4().to_string(), chrono::Utc::now())
            .await
            .expect("a player");
        let (out, frames) = mpsc::channel(256);
        let conn = Conn::on_queue(rand::random(), player, out);
        TestConn { conn, frames }
    }

    /// A 2-player Abalone room hosted by `host`.
    async fn abalone_room(&self, host: &TestConn) -> String {
        let request = NewRoom {
            game: "abalone".into(),
            players: 2,
            visibility: Visibility::Private,
            options: None,
            clock: None,
            seating: None,
            rated: false,
            auto_start: false,
        };
        let info = self
            .rooms
            .create(host.conn.player.clone(), request)
            .await
            .expect("a room");
        info.code
    }

    /// Alice's waiting Abalone room, with Alice and Bob seated in it.
    async fn alice_and_bob_seated(&self) -> (String, TestConn, TestConn) {
        let (mut a, mut b) = (self.connect("Alice").await, self.connect("Bob").await);
        let code = self.abalone_room(&a).await;
        self.seat_both(&code, &mut a, &mut b).await;
        (code, a, b)
    }

    /// `a` and `b` join room `code` as players (each takes a seat), and hear it.
    async fn seat_both(&self, code: &str, a: &mut TestConn, b: &mut TestConn) {
        for c in [a, b] {
            self.ask(code, c, Request::Join { role: Role::Player })
                .await;
            c.next("room").await;
        }
    }

    /// Queues `request` of `from` in room `code`'s channel.
    async fn ask(&self, code: &str, from: &TestConn, request: Request) {
        let Some(Route::Local(room)) = self.rooms.route(&code.into()).await.expect("a route")
        else {
            panic!("room {code} runs here");
        };
        room.send(Command::request(from.conn.clone(), request))
            .await
            .expect("the room takes commands");
    }
}

/// A connection as the room sees it, and the frames the room queued for it.
struct TestConn {
    conn: Conn,
    frames: mpsc::Receiver<Utf8Bytes>,
}

impl TestConn {
    /// The next frame of type `kind`, skipping others.
    async fn next(&mut self, kind: &str) -> Value {
        self.until(kind).await.pop().expect("the frame")
    }

    /// The frames up to the next of type `kind`, that one last.
    async fn until(&mut self, kind: &str) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(5), self.frames.recv())
                .await
                .unwrap_or_else(|_| panic!("no `{kind}` frame within 5 s"))
                .expect("the room keeps the queue open");
            let frame: Value = serde_json::from_str(&frame).expect("frames are JSON");
            let last = frame["type"] == kind;
            seen.push(frame);
            if last {
                return seen;
            }
        }
    }

    /// The frames queued now, of any kind.
    fn queued(&mut self) -> Vec<Value> {
        let mut frames = Vec::new();
        while let Ok(frame) = self.frames.try_recv() {
            frames.push(serde_json::from_str(&frame).expect("frames are JSON"));
        }
        frames
    }
}

/// Both players join and the host starts: each holds the snapshot at version 1.
async fn started(h: &Harness, a: &mut TestConn, b: &mut TestConn) -> (String, Value) {
    let code = h.abalone_room(a).await;
    h.seat_both(&code, a, b).await;
    let start = Request::Start {
        bots: false,
        bot_level: BotLevel::default(),
    };
    h.ask(&code, a, start).await;
    let snapshot = a.next("snapshot").await;
    assert_eq!(b.next("snapshot").await["version"], 1);
    (code, snapshot)
}

#[tokio::test]
async fn a_move_is_patched_to_every_seat_before_its_ack_and_a_resent_one_is_acked_again() {
    let h = Harness::new().await;
    let (mut a, mut b) = (h.connect("Alice").await, h.connect("Bob").await);
    let (code, snapshot) = started(&h, &mut a, &mut b).await;
    let mv = snapshot["view"]["you"]["legal"][0].clone();
    let play = || Request::Move {
        id: "m1".into(),
        version: 1,
        mv: mv.clone(),
    };
    h.ask(&code, &a, play()).await;
    let mut before_ack = a.until("ack").await;
    let ack = before_ack.pop().expect("the ack");
    assert_eq!(ack["version"], 2, "{ack}");
    assert!(
        before_ack
            .iter()
            .any(|f| f["type"] == "patch" && f["from"] == 1 && f["version"] == 2),
        "the mover's patch came before its ack: {before_ack:?}"
    );
    let patch = b.next("patch").await;
    assert_eq!((&patch["from"], &patch["version"]), (&json!(1), &json!(2)));
    // The same move id again: its first ack, and no new version.
    h.ask(&code, &a, play()).await;
    assert_eq!(a.next("ack").await["version"], 2);
    assert!(
        b.queued().iter().all(|f| f["type"] != "patch"),
        "no new version"
    );
}

#[tokio::test]
async fn a_move_out_of_turn_or_on_a_stale_version_is_refused_and_changes_nothing() {
    let h = Harness::new().await;
    let (mut a, mut b) = (h.connect("Alice").await, h.connect("Bob").await);
    let (code, snapshot) = started(&h, &mut a, &mut b).await;
    let mv = snapshot["view"]["you"]["legal"][0].clone();
    let early = Request::Move {
        id: "b1".into(),
        version: 1,
        mv: mv.clone(),
    };
    h.ask(&code, &b, early).await;
    assert_eq!(b.next("error").await["code"], "not_your_turn");
    let stale = Request::Move {
        id: "a0".into(),
        version: 7,
        mv,
    };
    h.ask(&code, &a, stale).await;
    assert_eq!(a.next("error").await["code"], "stale_version");
    h.ask(&code, &a, Request::Sync).await;
    assert_eq!(a.next("snapshot").await["version"], 1, "still version 1");
}

#[tokio::test]
async fn the_host_leaving_a_waiting_room_gives_the_seat_up_and_passes_the_host_in_the_store() {
    let h = Harness::new().await;
    let (code, a, mut b) = h.alice_and_bob_seated().await;
    h.ask(&code, &a, Request::Leave).await;
    let room = b.next("room").await;
    assert_eq!(room["room"]["seats"][0]["player"], Value::Null, "{room}");
    assert_eq!(room["room"]["host"], b.conn.player.id.to_string());
    let stored = h.store.room(&code).await.unwrap().expect("the room");
    assert_eq!(stored.host, b.conn.player.id);
    assert_eq!(stored.seats[0].player_id, None);
    assert_eq!(stored.status, plateau_protocol::RoomStatus::Waiting);
}

#[tokio::test]
async fn a_connection_that_did_not_join_is_refused() {
    let h = Harness::new().await;
    let a = h.connect("Alice").await;
    let mut stranger = h.connect("Eve").await;
    let code = h.abalone_room(&a).await;
    h.ask(&code, &stranger, Request::Sync).await;
    assert_eq!(stranger.next("error").await["code"], "not_joined");
    h.ask(&code, &stranger, Request::Chat { text: "hi".into() })
        .await;
    assert_eq!(stranger.next("error").await["code"], "not_joined");
}

#[tokio::test]
async fn what_needs_a_match_is_refused_before_the_start_and_the_room_goes_on() {
    let h = Harness::new().await;
    let (code, mut a, mut b) = h.alice_and_bob_seated().await;
    let early = [
        Request::Move {
            id: "m1".into(),
            version: 1,
            mv: json!(0),
        },
        Request::Resign,
        Request::Draw { offer: true },
        Request::Claim {
            result: plateau_protocol::ws::ClaimResult::Win,
        },
        Request::Rematch,
    ];
    for request in early {
        let id = request.id().map(str::to_owned);
        h.ask(&code, &a, request).await;
        let refused = a.next("error").await;
        assert_eq!(refused["code"], "not_your_turn", "{refused}");
        assert_eq!(refused["room"], code.as_str());
        assert_eq!(refused["id"], json!(id));
    }
    let start = Request::Start {
        bots: false,
        bot_level: BotLevel::default(),
    };
    h.ask(&code, &a, start).await;
    assert_eq!(a.next("snapshot").await["version"], 1);
    assert_eq!(b.next("snapshot").await["version"], 1);
}
