//! The database away (the contract's "Hardening"), chaos tests on Postgres: mid-match the test's
//! own database stops accepting connections and its open ones are cut. Moves are refused
//! `internal` with nothing half-applied, a new WebSocket `auth` is closed with 1013 (never 4001,
//! which would tell the client its identity is gone), REST answers 503 `internal`; once the
//! database is back the same process goes on without a restart, and no acked move is lost or
//! stored twice, also across a SIGKILL. Away for longer than the pool's timeout (5 s), every
//! call is answered at once, not after that timeout.

use futures_util::future::join_all;
use plateau_tests::plug::Plug;
use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::{Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Plays one move for the seat to act, with its first legal move; returns the move and its answer.
async fn play_next(code: &str, mover: &Client, id: &str) -> (Value, Value) {
    let mv = mover
        .legal(code)
        .first()
        .cloned()
        .expect("the seat to move has legal moves");
    let answer = mover.play(code, id, mv.clone()).await;
    (mv, answer)
}

/// The stored moves of a match, as `GET /api/v1/matches/{id}` lists them.
async fn stored_moves(api: &Api, match_id: &str) -> Vec<Value> {
    let (status, detail) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(status, 200, "{detail}");
    detail["moves"].as_array().expect("moves").clone()
}

/// Sends move `id` until it is acked (the database is coming back: meanwhile it is refused
/// `internal`, as the contract says); its ack, or the last refusal after 15 s.
async fn play_once_back(client: &Client, code: &str, id: &str, mv: &Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let answer = client.play(code, id, mv.clone()).await;
        if answer["type"] == "ack" || Instant::now() > deadline {
            return answer;
        }
        assert_eq!(answer["code"], "internal", "{answer}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Every acked move is stored exactly once, in order, and nothing else is.
fn assert_stored_exactly(stored: &[Value], acked: &[Value]) {
    let plies: Vec<u64> = stored.iter().map(|m| m["ply"].as_u64().unwrap()).collect();
    let expected: Vec<u64> = (1..=acked.len() as u64).collect();
    assert_eq!(plies, expected, "each acked ply once, nothing more");
    for (m, sent) in stored.iter().zip(acked) {
        assert_eq!(&m["move"], sent, "ply {} is the move acked", m["ply"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_away_mid_match_then_back() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_abalone_duo(&server, &api, "public").await;
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let match_id = room["match"].as_str().expect("match id").to_string();
    let mut acked: Vec<Value> = Vec::new();
    for ply in 0..4 {
        let mover = [&a, &b][ply % 2];
        mover.until_version(&code, 1 + ply as u64).await;
        let (mv, answer) = play_next(&code, mover, &format!("p{ply}")).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        acked.push(mv);
    }
    a.until_version(&code, 5).await;
    b.until_version(&code, 5).await;
    let (views_a, views_b) = (a.view(&code).unwrap(), b.view(&code).unwrap());

    db.take_away().await;

    // A move is refused `internal`, twice over, and nothing of it shows anywhere.
    let mv = a.legal(&code).first().cloned().expect("alice to move");
    for _ in 0..2 {
        let refused = a.play(&code, "p4", mv.clone()).await;
        assert_eq!(refused["type"], "error", "{refused}");
        assert_eq!(refused["code"], "internal", "{refused}");
    }
    assert!(
        b.try_wait_for(0, Duration::from_millis(500), |f| f["type"] == "patch"
            && f["version"].as_u64() > Some(5))
            .await
            .is_none(),
        "no patch for a move that was not stored"
    );
    assert_eq!(a.view(&code).unwrap(), views_a);
    assert_eq!(b.view(&code).unwrap(), views_b);
    assert_eq!(
        a.sync(&code).await["version"],
        5,
        "the room stays at version 5"
    );

    // A new connection's auth is "try again later", not "unknown token".
    let late = Client::connect(&server.ws_url()).await;
    late.send(json!({"type": "auth", "token": alice.token}))
        .await;
    assert_eq!(
        late.closed_within(Duration::from_secs(20)).await,
        Some(Some(1013)),
        "auth while the database is away closes with 1013"
    );
    // REST calls that need the database: 503 `internal`; a known token is not called unknown.
    assert_error(
        &api.get(&format!("/api/v1/matches/{match_id}"), None).await,
        503,
        "internal",
    );
    assert_error(
        &api.get("/api/v1/players/me", Some(&alice.token)).await,
        503,
        "internal",
    );
    assert_error(
        &api.post(
            "/api/v1/rooms",
            &json!({"game": "abalone", "players": 2, "visibility": "public"}),
            Some(&alice.token),
        )
        .await,
        503,
        "internal",
    );
    let (status, _) = api.get("/readyz", None).await;
    assert_eq!(status, 503);

    db.bring_back().await;

    // The same process, no restart: the refused move, sent again with its id, is played once
    // (the server may take a moment to see the database back: sent until acked).
    let answer = play_once_back(&a, &code, "p4", &mv).await;
    assert_eq!(answer["type"], "ack", "{answer}");
    assert_eq!(answer["version"], 6);
    acked.push(mv);
    b.until_version(&code, 6).await;
    let (mv, answer) = play_next(&code, &b, "p5").await;
    assert_eq!(answer["type"], "ack", "{answer}");
    acked.push(mv);
    let again = Client::login(&server.ws_url(), &alice).await;
    assert!(!again.is_closed(), "auth works again");
    let (status, _) = api.get("/readyz", None).await;
    assert_eq!(status, 200);
    assert_stored_exactly(&stored_moves(&api, &match_id).await, &acked);

    // And nothing acked is lost across a crash.
    a.until_version(&code, 7).await;
    let before = a.view(&code).unwrap();
    server.kill9();
    server.restart().await;
    assert_stored_exactly(&stored_moves(&api, &match_id).await, &acked);
    let back = Client::login(&server.ws_url(), &bob).await;
    back.join(&code, "player").await;
    back.until_version(&code, 7).await;
    let a2 = Client::login(&server.ws_url(), &alice).await;
    a2.join(&code, "player").await;
    a2.until_version(&code, 7).await;
    assert_eq!(a2.view(&code).unwrap(), before);
}

/// How long the server's pool tries to have a connection before a call fails.
const POOL_TIMEOUT: Duration = Duration::from_secs(5);

/// What "at once" is: well under the pool's timeout, which every call waited out before the server
/// knew the database was away, however loaded the test machine.
const AT_ONCE: Duration = Duration::from_secs(3);

/// Postgres away for longer than the pool's timeout, as when it is killed: the connections through
/// the test's plug are cut and new ones refused. The moves sent at that moment, a grouped commit's
/// among them, are all refused `internal` at once (a failed grouped commit stored its moves one by
/// one, each waiting the pool's 5 s in turn); later a move, a REST call (503 with `Retry-After`), a
/// WebSocket `auth` (1013) and `/readyz` (503) are answered at once too. Once it is back, play goes
/// on in the same process, each refused move resent with its id is played once, and nothing acked
/// is lost or stored twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_away_for_long_is_answered_at_once() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut plug = Plug::start(Plug::server_of(&db.url)).await;
    let server = TestServer::start_through(
        &db,
        &plug.url_for(&db.url),
        &[("PLATEAU_BOT_DELAY_MS", "0")],
    )
    .await;
    let api = Api::new(server.http());
    let mut duos = Vec::new();
    for _ in 0..6 {
        duos.push(started_abalone_duo(&server, &api, "public").await);
    }
    let first_moves: Vec<Value> = duos
        .iter()
        .map(|duo| duo.a.legal(&duo.code)[0].clone())
        .collect();

    plug.pull().await;

    // Every first mover at once: each refused `internal`, together, in the time one call may take
    // to learn that the database is away (a connection cut fails at once, one refused is tried for
    // the pool's timeout), not one after the other (each waiting the pool's timeout in turn).
    let sent = Instant::now();
    let answers = join_all(
        duos.iter()
            .zip(&first_moves)
            .map(|(duo, mv)| duo.a.play(&duo.code, "first", mv.clone())),
    )
    .await;
    for answer in &answers {
        assert_eq!(answer["code"], "internal", "{answer}");
    }
    assert!(
        sent.elapsed() < POOL_TIMEOUT + AT_ONCE,
        "the moves of a failed commit were answered after {:?}:\n{}",
        sent.elapsed(),
        server.log_tail()
    );
    // Past the pool's timeout: each call still answered at once.
    tokio::time::sleep(Duration::from_secs(6)).await;
    for (duo, mv) in duos.iter().zip(&first_moves) {
        let sent = Instant::now();
        let answer = duo.a.play(&duo.code, "first", mv.clone()).await;
        assert_eq!(answer["code"], "internal", "{answer}");
        assert!(
            sent.elapsed() < AT_ONCE,
            "a move answered after {:?}",
            sent.elapsed()
        );
    }
    let http = reqwest::Client::builder().timeout(AT_ONCE).build().unwrap();
    let me = http
        .get(format!("{}/api/v1/players/me", server.http()))
        .bearer_auth(&duos[0].alice.token)
        .send()
        .await
        .expect("REST answered at once");
    assert_eq!(me.status(), 503);
    assert!(
        me.headers().contains_key("retry-after"),
        "{:?}",
        me.headers()
    );
    let body: Value = me.json().await.unwrap();
    assert_eq!(body["error"]["code"], "internal", "{body}");
    let ready = http
        .get(format!("{}/readyz", server.http()))
        .send()
        .await
        .expect("/readyz answered at once");
    assert_eq!(ready.status(), 503);
    let late = Client::connect(&server.ws_url()).await;
    late.send(json!({"type": "auth", "token": duos[0].bob.token}))
        .await;
    assert_eq!(
        late.closed_within(AT_ONCE).await,
        Some(Some(1013)),
        "auth answered at once with 1013"
    );

    plug.put_back().await;

    // Back: each refused move, sent again with its id, is played once; the opponent answers.
    for (duo, mv) in duos.iter().zip(&first_moves) {
        let answer = play_once_back(&duo.a, &duo.code, "first", mv).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        assert_eq!(answer["version"], 2, "{answer}");
        duo.b.until_version(&duo.code, 2).await;
        let reply = duo.b.legal(&duo.code)[0].clone();
        let answer = duo.b.play(&duo.code, "reply", reply.clone()).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        // Sent once more, an acked move gets its first ack, and is not played again.
        let again = duo.a.play_at(&duo.code, "first", 1, mv.clone()).await;
        assert_eq!(
            (&again["type"], &again["version"]),
            (&json!("ack"), &json!(2))
        );
        let (_, room) = api.get(&format!("/api/v1/rooms/{}", duo.code), None).await;
        let match_id = room["match"].as_str().expect("a match");
        assert_stored_exactly(&stored_moves(&api, match_id).await, &[mv.clone(), reply]);
    }
    let (status, _) = api.get("/readyz", None).await;
    assert_eq!(status, 200);
    assert!(
        !Client::login(&server.ws_url(), &duos[0].alice)
            .await
            .is_closed(),
        "auth works again"
    );
}
