//! A rules engine that fails ends only its own match: the match and its room become `aborted`,
//! everyone in the room is told, it is stored so, and other rooms play on.
//!
//! No input of a client makes an engine fail any more (the attack of issue 11, item 1, is refused:
//! the first test), so the failures are made on purpose, with the fail points of the server under
//! test (the `fail` crate; see `tests/src/bin/plateau_under_test.rs`): `engine-play` (a move),
//! `engine-view` (building a view: a snapshot, a ruling's version), `engine-start` (a match's
//! start) and `engine-replay` (a stored match rebuilt when its room loads). The engine's next such
//! call panics, or runs past the server's deadline for an engine call. Every engine call of a room
//! goes through one guard: none of them can take the room's task, a worker or another room.

use plateau_tests::scenario::{started_abalone_duo, started_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

/// The attack that once pinned a core (issue 11, item 1): a Trangouar setup with `antenna_mode:
/// "free"` whose cube holds 255 red and 10 black pearls (265 pearls read as 9 where the engine
/// added them in 8 bits). It is refused as malformed (a count is 0 to 9, said so), nothing of it is
/// applied, and the match goes on.
async fn the_overflowing_setup_is_refused(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo { code, a, .. } = started_duo(
        &server,
        &api,
        json!({"game": "trangouar", "players": 2, "visibility": "public",
                "options": {"antenna_mode": "free"}}),
    )
    .await;
    let setup: Value = a.legal(&code)[0].clone();
    let mut crafted = setup.clone();
    crafted["cubes"][0]["red"] = json!(255);
    crafted["cubes"][0]["black"] = json!(10);
    crafted["cubes"][0]["white"] = json!(0);
    let answer = a.play(&code, "crafted", crafted).await;
    assert_eq!(answer["type"], "error", "{answer}");
    assert_eq!(answer["code"], "bad_request", "{answer}");
    assert!(
        answer["message"].as_str().unwrap().contains("0 to 9"),
        "{answer}"
    );
    assert_eq!(a.version(&code), 1, "nothing was applied");
    let ack = a.play(&code, "setup", setup).await;
    assert_eq!(ack["type"], "ack", "the match goes on: {ack}");
}
on_both_databases!(the_overflowing_setup_is_refused);

/// An engine call that panics: the match is aborted, and another room plays on.
async fn a_panicking_engine_aborts_only_its_own_match(backend: Backend) {
    aborts_only_its_own_match(backend, "engine-play=1*panic(a test's failure)", &[]).await;
}
on_both_databases!(a_panicking_engine_aborts_only_its_own_match);

/// An engine call that runs past `--engine-abort-ms` (it sleeps 3 s, the limit is 300 ms): the
/// match is aborted without waiting for it, and another room plays on meanwhile.
async fn an_engine_past_its_deadline_aborts_only_its_own_match(backend: Backend) {
    aborts_only_its_own_match(
        backend,
        "engine-play=1*sleep(3000)",
        &[("PLATEAU_ENGINE_ABORT_MS", "300")],
    )
    .await;
}
on_both_databases!(an_engine_past_its_deadline_aborts_only_its_own_match);

/// Two Abalone rooms under way; the first move played on the server meets the engine failure set
/// by `failpoints` (once), and it is the failing room's. Checks everything a player and a
/// spectator of the history would see, in both rooms.
async fn aborts_only_its_own_match(backend: Backend, failpoints: &str, env: &[(&str, &str)]) {
    let db = TestDb::new(backend).await;
    let env: Vec<_> = [("FAILPOINTS", failpoints)]
        .into_iter()
        .chain(env.iter().copied())
        .collect();
    let server = TestServer::start_with(&db, &env).await;
    let api = Api::new(server.http());
    let failing = started_abalone_duo(&server, &api, "private").await;
    let other = started_abalone_duo(&server, &api, "private").await;

    // The failing room: Alice's move meets the failure.
    let (code, a, b) = (&failing.code, &failing.a, &failing.b);
    let (mark_a, mark_b) = (a.mark(), b.mark());
    let first = a.legal(code)[0].clone();
    a.send(json!({"type": "move", "room": code, "id": "doomed", "version": 1, "move": first}))
        .await;

    // The mover is answered, and nothing of the move was applied. Waited for before the other
    // room plays: the failure is set for the first engine call, and a move of the other room
    // sent at once could reach the engine first.
    let answer = a
        .wait_for(mark_a, |f| {
            f["id"] == "doomed" && f["room"] == code.as_str()
        })
        .await;
    assert_eq!(answer["type"], "error", "{answer}");
    assert_eq!(answer["code"], "internal", "{answer}");

    // The other room plays on: two moves, while the failing engine call may still be running
    // (past its deadline, it sleeps on for seconds after the abort).
    play_first_legal(&other.a, &other.code, "a1").await;
    other.b.until_version(&other.code, 2).await;
    play_first_legal(&other.b, &other.code, "b1").await;
    // Everyone in the room is told: `ended` with reason `aborted`, and the room's new status.
    for (client, mark) in [(a, mark_a), (b, mark_b)] {
        let ended = client
            .wait_for(mark, |f| f["type"] == "ended" && f["room"] == code.as_str())
            .await;
        assert_eq!(ended["result"]["reason"], "aborted", "{ended}");
        assert_eq!(ended["result"]["winners"], json!([]));
        client
            .wait_for(mark, |f| {
                f["type"] == "room" && f["room"]["status"] == "aborted"
            })
            .await;
    }
    // Stored: the room, the match (without the move), the history's filter; and logged.
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted", "{info}");
    let match_id = info["match"].as_str().unwrap();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(summary["status"], "aborted", "{summary}");
    assert_eq!(summary["result"]["reason"], "aborted");
    assert_eq!(summary["moves"], json!([]), "the failed move is not stored");
    let (_, listed) = api.get("/api/v1/matches?status=aborted", None).await;
    assert_eq!(listed["matches"][0]["id"], match_id, "{listed}");
    assert!(server.log_contains("match aborted"), "logged");
    // A snapshot tells the end too, and nothing more is played in it.
    let snapshot = b.sync(code).await;
    assert_eq!(snapshot["view"]["status"], "aborted", "{snapshot}");
    assert_eq!(snapshot["view"]["result"]["reason"], "aborted");
    let refused = a.play(code, "after", first).await;
    assert_eq!(refused["code"], "not_your_turn", "{refused}");

    // The other room still plays, and its match is stored whole.
    other.a.until_version(&other.code, 3).await;
    play_first_legal(&other.a, &other.code, "a2").await;
    let (_, info) = api
        .get(&format!("/api/v1/rooms/{}", other.code), None)
        .await;
    assert_eq!(info["status"], "playing", "{info}");
    let (_, summary) = api
        .get(
            &format!("/api/v1/matches/{}", info["match"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(summary["moves"].as_array().unwrap().len(), 3, "{summary}");
}

async fn play_first_legal(client: &Client, code: &str, id: &str) {
    let ack = client.play(code, id, client.legal(code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
}

/// Building a view fails (a snapshot asked by `sync`): the match is aborted, once, everyone is
/// told, and another room plays on. The room itself goes on: a later snapshot tells the end.
async fn a_failing_view_aborts_only_its_own_match(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let failing = started_abalone_duo(&server, &api, "private").await;
    let other = started_abalone_duo(&server, &api, "private").await;
    let (code, a, b) = (&failing.code, &failing.a, &failing.b);
    let (mark_a, mark_b) = (a.mark(), b.mark());
    server
        .set_failpoints("engine-view=1*panic(a test's failure)")
        .await;
    b.send(json!({"type": "sync", "room": code})).await;
    for (client, mark) in [(a, mark_a), (b, mark_b)] {
        let ended = client.wait_for_frame(mark, "ended", code).await;
        assert_eq!(ended["result"]["reason"], "aborted", "{ended}");
    }
    play_first_legal(&other.a, &other.code, "a1").await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted", "{info}");
    let (_, summary) = api
        .get(
            &format!("/api/v1/matches/{}", info["match"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(summary["status"], "aborted", "{summary}");
    // The room's task lives on: it answers, and tells the end.
    let snapshot = b.sync(code).await;
    assert_eq!(snapshot["view"]["status"], "aborted", "{snapshot}");
    assert_eq!(
        server.log_lines_containing("match aborted"),
        1,
        "aborted once"
    );
}
on_both_databases!(a_failing_view_aborts_only_its_own_match);

/// Starting a match fails in the engine (here: past its deadline): nothing is stored, the host
/// is told, the room keeps waiting and starts at the next try; another room plays on meanwhile.
async fn a_failing_start_leaves_the_room_waiting(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_ENGINE_ABORT_MS", "300")]).await;
    let api = Api::new(server.http());
    let other = started_abalone_duo(&server, &api, "private").await;
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let a = Client::login(&server.ws_url(), &alice).await;
    let b = Client::login(&server.ws_url(), &bob).await;
    a.join(&code, "player").await;
    b.join(&code, "player").await;
    server.set_failpoints("engine-start=1*sleep(3000)").await;
    let refused = a
        .expect_error(json!({"type": "start", "room": code}), "internal")
        .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("rules engine"),
        "{refused}"
    );
    play_first_legal(&other.a, &other.code, "a1").await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "waiting", "{info}");
    assert_eq!(info["match"], Value::Null, "nothing stored: {info}");
    a.send(json!({"type": "start", "room": code})).await;
    a.until_version(&code, 1).await;
    b.until_version(&code, 1).await;
    play_first_legal(&a, &code, "first").await;
}
on_both_databases!(a_failing_start_leaves_the_room_waiting);

/// A stored match whose replay fails when its room loads (after a restart) is aborted, stored so,
/// once: the room does not fail at every load; another room comes back and plays on.
async fn a_failing_replay_aborts_the_match_once(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    // Rooms come back in the order they were made: the first one's replay meets the failure.
    let failing = started_abalone_duo(&server, &api, "private").await;
    let other = started_abalone_duo(&server, &api, "private").await;
    play_first_legal(&failing.a, &failing.code, "f1").await;
    play_first_legal(&other.a, &other.code, "o1").await;
    let (alice, other_bob) = (failing.alice.clone(), other.bob.clone());
    let (code, other_code) = (failing.code.clone(), other.code.clone());
    drop((failing, other));
    assert!(server.terminate().await.success());
    server.set_env("FAILPOINTS", "engine-replay=1*panic(a test's failure)");
    server.restart().await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted", "{info}");
    let match_id = info["match"].as_str().unwrap().to_string();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(summary["status"], "aborted", "{summary}");
    assert_eq!(summary["result"]["reason"], "aborted", "{summary}");
    assert_eq!(
        summary["moves"].as_array().unwrap().len(),
        1,
        "the move stays"
    );
    let a = Client::login(&server.ws_url(), &alice).await;
    let joined = a.join(&code, "player").await;
    assert_eq!(joined["room"]["status"], "aborted", "{joined}");
    let o = Client::login(&server.ws_url(), &other_bob).await;
    o.join(&other_code, "player").await;
    o.until_version(&other_code, 2).await;
    play_first_legal(&o, &other_code, "o2").await;
    // Once: a restart without the failure loads the aborted match as it is.
    assert!(server.terminate().await.success());
    server.set_env("FAILPOINTS", "");
    server.restart().await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted", "{info}");
    assert_eq!(
        server.log_lines_containing("match aborted"),
        1,
        "aborted once"
    );
}
on_both_databases!(a_failing_replay_aborts_the_match_once);
