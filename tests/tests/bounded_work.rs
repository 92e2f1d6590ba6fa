//! Bounded work: every match has a finite cap on its plies (`--max-plies`; a game's own cap may be
//! lower, never higher), the move list of a match comes in pages, and the state at a ply is
//! answered without replaying the whole match.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use serde_json::{json, Value};

/// Alice (seat 0) against a bot in a started Abalone room with `options`.
async fn against_a_bot(
    server: &TestServer,
    api: &Api,
    alice: &Player,
    options: Value,
) -> (Client, String) {
    let room = api
        .create_room(
            alice,
            json!({"game": "abalone", "players": 2, "visibility": "public", "options": options}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let a = Client::login(&server.ws_url(), alice).await;
    a.join(&code, "player").await;
    a.send(json!({"type": "start", "room": code, "bots": true}))
        .await;
    a.until_version(&code, 1).await;
    (a, code)
}

/// Alice plays her first legal move whenever it is her turn, until the match ends; its `ended` frame.
async fn play_to_the_end(a: &Client, code: &str) -> Value {
    let mut n = 0;
    loop {
        if let Some(ended) = a.frames().into_iter().find(|f| f["type"] == "ended") {
            return ended;
        }
        let legal = a.legal(code);
        if legal.is_empty() {
            let version = a.version(code);
            let mark = a.mark();
            a.try_wait_for(mark, std::time::Duration::from_secs(10), |f| {
                f["type"] == "ended" || f["version"].as_u64().is_some_and(|v| v > version)
            })
            .await
            .expect("the bot plays or the match ends");
            continue;
        }
        n += 1;
        let ack = a.play(code, &format!("m{n}"), legal[0].clone()).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        a.until_version(code, ack["version"].as_u64().unwrap())
            .await;
    }
}

/// With `--max-plies 6`, a match ends at ply 6 as a draw (`ply_limit`), told to everyone, stored,
/// and replayable; nothing more can be played. A game's own cap above the server's is
/// `400 bad_request` naming the option; one below it ends the match earlier.
async fn matches_end_at_the_ply_cap(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[("PLATEAU_BOT_DELAY_MS", "0"), ("PLATEAU_MAX_PLIES", "6")],
    )
    .await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    for too_many in [7, 100_000] {
        let answer = api
            .post(
                "/api/v1/rooms",
                &json!({"game": "abalone", "players": 2, "visibility": "public",
                        "options": {"max_plies": too_many}}),
                Some(&alice.token),
            )
            .await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("options.max_plies"), "{message}");
    }

    let (a, code) = against_a_bot(&server, &api, &alice, json!({})).await;
    let ended = play_to_the_end(&a, &code).await;
    assert_eq!(ended["result"]["reason"], "ply_limit", "{ended}");
    assert_eq!(ended["result"]["winners"], json!([]), "a draw");
    assert_eq!(a.view(&code).unwrap().1["ply"], 6);
    let match_id = ended["match"].as_str().unwrap();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(summary["plies"], 6);
    assert_eq!(summary["status"], "finished");
    assert_eq!(summary["result"]["reason"], "ply_limit");
    let (status, state) = api
        .get(&format!("/api/v1/matches/{match_id}/state?ply=6"), None)
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["view"]["status"], "finished");
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(room["status"], "finished");

    // The game's own cap, lower than the server's, ends the match first.
    let (a, code) = against_a_bot(&server, &api, &alice, json!({"max_plies": 3})).await;
    let ended = play_to_the_end(&a, &code).await;
    assert_eq!(ended["result"]["reason"], "ply_limit");
    assert_eq!(a.view(&code).unwrap().1["ply"], 3);
}
on_both_databases!(matches_end_at_the_ply_cap);
