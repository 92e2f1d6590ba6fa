//! Several nodes on one machine, for the tests of `tests/nodes*.rs`: nodes started on one Postgres
//! database and one NATS ([`crate::services::nats`]) under a cluster name of their own, matches set up and played
//! across them, and the check that every acknowledged move is stored exactly once at its ply.

use crate::{Api, Client, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The machine's NATS, where it usually is. The nodes use [`crate::services::nats`], which is this
/// one if it answers.
pub const NATS: &str = crate::services::DEFAULT_NATS;

/// `count` nodes on one fresh Postgres database, under a cluster name of their own. Leases last
/// `lease_ms`; matches end by the ply cap at the latest, so that whole matches stay short.
pub async fn start_nodes(
    db: &TestDb,
    count: usize,
    lease_ms: u64,
    extra: &[(&str, &str)],
) -> Vec<TestServer> {
    start_nodes_each(db, lease_ms, &vec![extra; count]).await
}

/// [`start_nodes`], one node for each entry of `each`, with that entry's extra environment (a NATS
/// URL of its own, say: one node reaching NATS through a [`crate::plug::Plug`]).
pub async fn start_nodes_each(
    db: &TestDb,
    lease_ms: u64,
    each: &[&[(&str, &str)]],
) -> Vec<TestServer> {
    let cluster = format!("test-{}", uuid::Uuid::new_v4().simple());
    let lease = lease_ms.to_string();
    let env = vec![
        ("PLATEAU_NATS_URL", crate::services::nats()),
        ("PLATEAU_CLUSTER_NAME", cluster.as_str()),
        ("PLATEAU_LEASE_TTL_MS", lease.as_str()),
        ("PLATEAU_BOT_DELAY_MS", "0"),
        ("PLATEAU_MAX_PLIES", "80"),
    ];
    let mut nodes = Vec::new();
    for extra in each {
        let mut env = env.clone();
        env.extend_from_slice(extra);
        nodes.push(TestServer::start_with(db, &env).await);
    }
    nodes
}

/// Alice creates a 2-player room of `game` through `host`; Alice joins through `via_a`, Bob
/// through `via_b`; Alice starts it. Both hold version 1.
pub async fn duel_across(
    game: &str,
    host: &TestServer,
    via_a: &TestServer,
    via_b: &TestServer,
) -> (String, [Player; 2], [Client; 2]) {
    let api = Api::new(host.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let room = api
        .create_room(
            &alice,
            json!({"game": game, "players": 2, "visibility": "public", "seating": "host_first"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let a = Client::login(&via_a.ws_url(), &alice).await;
    let b = Client::login(&via_b.ws_url(), &bob).await;
    a.join(&code, "player").await;
    let joined = b.join(&code, "player").await;
    assert_eq!(
        joined["room"]["seats"][1]["player"]["id"],
        bob.id.as_str(),
        "{joined}"
    );
    a.send(json!({"type": "start", "room": code})).await;
    a.until_version(&code, 1).await;
    b.until_version(&code, 1).await;
    (code, [alice, bob], [a, b])
}

/// The `ended` frame `client` got for `code`, if any.
pub fn ended(client: &Client, code: &str) -> Option<Value> {
    client
        .frames()
        .into_iter()
        .find(|f| f["type"] == "ended" && f["room"] == code)
}

/// A move acknowledged: at which ply, and what it was.
pub type Acked = Vec<(u64, Value)>;

/// What one attempt at a move came to.
pub enum Attempt {
    /// A move was acknowledged (the ack), and every open client reached its version.
    Played(Value),
    /// The match ended.
    Ended,
    /// No client could have a move acknowledged now: no legal move in its view, an error
    /// (`internal` while the room moves, `stale_version` when a view is behind), or no answer (the
    /// node that took the move stopped, or the client's connection is closed).
    NotNow,
}

/// One attempt at a legal move for whichever client has one. An acknowledged move is added to
/// `acked`. Closed clients are skipped (the caller may connect them again).
pub async fn try_play_one(code: &str, clients: &[&Client], acked: &mut Acked) -> Attempt {
    if clients.iter().any(|c| ended(c, code).is_some()) {
        return Attempt::Ended;
    }
    for c in clients {
        if c.is_closed() {
            continue;
        }
        let Some(mv) = c.legal(code).into_iter().next() else {
            continue;
        };
        let id = format!("m{}", uuid::Uuid::new_v4().simple());
        let mark = c.mark();
        let version = c.version(code);
        c.send(json!({"type": "move", "room": code, "id": id, "version": version, "move": mv}))
            .await;
        let answer = c
            .try_wait_for(mark, Duration::from_secs(5), |f| {
                (f["type"] == "ack" || f["type"] == "error") && f["id"] == id.as_str()
            })
            .await;
        let Some(answer) = answer.filter(|a| a["type"] == "ack") else {
            continue;
        };
        let version = answer["version"].as_u64().unwrap();
        // No rulings in these matches: version = 1 + plies.
        acked.push((version - 1, mv));
        for other in clients {
            // A client whose connection closed meanwhile catches up when it joins again.
            other.reaches_version(code, version).await;
        }
        return Attempt::Played(answer);
    }
    Attempt::NotNow
}

/// Plays one legal move for whichever client has one, retrying for 20 s while the room moves
/// between nodes; the ack, after every client reached its version. None if the match ended.
/// Acknowledged moves are added to `acked`.
pub async fn play_one(code: &str, clients: &[&Client], acked: &mut Acked) -> Option<Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match try_play_one(code, clients, acked).await {
            Attempt::Played(ack) => return Some(ack),
            Attempt::Ended => return None,
            Attempt::NotNow => {}
        }
        assert!(
            Instant::now() < deadline,
            "no move could be played in 20 s: {:?}",
            clients.iter().map(|c| c.view(code)).collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The stored moves of `code`'s match: plies 1..=n, each once, and every acked move at its ply.
pub async fn assert_stored_once(api: &Api, code: &str, acked: &Acked) {
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let id = room["match"].as_str().expect("a match").to_string();
    let record = api.match_record(&id).await;
    let moves = record["moves"].as_array().unwrap();
    let plies: Vec<u64> = moves.iter().map(|m| m["ply"].as_u64().unwrap()).collect();
    assert_eq!(
        plies,
        (1..=moves.len() as u64).collect::<Vec<_>>(),
        "each ply once"
    );
    for (ply, mv) in acked {
        assert_eq!(
            &moves[*ply as usize - 1]["move"],
            mv,
            "the move acked at ply {ply} is the one stored there"
        );
    }
}
