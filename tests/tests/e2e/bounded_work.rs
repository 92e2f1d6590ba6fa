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
    against_a_bot_at(server, api, alice, "abalone", options).await
}

/// Alice (seat 0) against a random bot in a started 2-player room of `game` with `options`.
async fn against_a_bot_at(
    server: &TestServer,
    api: &Api,
    alice: &Player,
    game: &str,
    options: Value,
) -> (Client, String) {
    let room = api
        .create_room(
            alice,
            json!({"game": game, "players": 2, "visibility": "public", "seating": "host_first",
                   "options": options}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let a = Client::login(&server.ws_url(), alice).await;
    a.join(&code, "player").await;
    // A random bot: a searching one could win before the ply cap these tests count on.
    a.send(json!({"type": "start", "room": code, "bots": true, "bot_level": "random"}))
        .await;
    a.until_version(&code, 1).await;
    (a, code)
}

/// Alice plays whenever it is her turn, until the match ends; its `ended` frame. She plays her
/// first broadside move (its notation names three cells) where she has one: a broadside move never
/// pushes, so she ejects no marble and the match runs to the ply cap these tests count on (her
/// first listed move pushed marbles off now and then, and a match once ended on six ejected at ply
/// 105 of 130).
async fn play_to_the_end(a: &Client, code: &str) -> Value {
    let mut n = 0;
    loop {
        // Marked first: a frame that arrives while this looks is still waited for below.
        let mark = a.mark();
        if let Some(ended) = a.frames().into_iter().find(|f| f["type"] == "ended") {
            return ended;
        }
        let (version, legal) = a.legal_at(code);
        if legal.is_empty() {
            a.try_wait_for(mark, std::time::Duration::from_secs(10), |f| {
                f["type"] == "ended" || f["version"].as_u64().is_some_and(|v| v > version)
            })
            .await
            .expect("the bot plays or the match ends");
            continue;
        }
        n += 1;
        let broadside = legal
            .iter()
            .find(|mv| mv["notation"].as_str().is_some_and(|n| n.len() == 6));
        let mv = broadside.unwrap_or(&legal[0]).clone();
        let ack = a.play(code, &format!("m{n}"), mv).await;
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
    let match_id = ended["match"].as_str().unwrap();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(summary["max_plies"], 3, "the room's cap, not the server's");
}
on_both_databases!(matches_end_at_the_ply_cap);

/// Every game takes `max_plies` (the catalog lists it, with its words), and a match of each ends
/// at that many plies, as its cap rule says (a draw, `ply_limit`).
async fn every_game_takes_a_ply_cap(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_BOT_DELAY_MS", "0")]).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let (_, games) = api.get("/api/v1/games?lang=fr", None).await;
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 5);
    for game in games {
        let id = game["id"].as_str().unwrap();
        let cap = &game["options"]["max_plies"];
        assert_eq!(cap["type"], "integer", "{id}: {cap}");
        assert_eq!(
            cap["default"],
            Value::Null,
            "{id}: null is the server's cap"
        );
        assert!(!cap["label"].as_str().unwrap().is_empty(), "{id}: {cap}");
        let french = &game["words"]["options"]["max_plies"]["label"];
        assert_eq!(french, "Limite de coups", "{id}");

        let (a, code) = against_a_bot_at(&server, &api, &alice, id, json!({"max_plies": 3})).await;
        let ended = play_to_the_end(&a, &code).await;
        assert_eq!(ended["result"]["reason"], "ply_limit", "{id}: {ended}");
        assert_eq!(a.view(&code).unwrap().1["ply"], 3, "{id}");
        let match_id = ended["match"].as_str().unwrap();
        let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
        assert_eq!(summary["max_plies"], 3, "{id}");
        assert_eq!(summary["options"]["max_plies"], 3, "{id}");
    }
}
on_both_databases!(every_game_takes_a_ply_cap);

/// `GET /api/v1/matches/{id}` gives its moves in pages (`from_ply`, `limit` up to 1,000, default
/// 1,000), with `next_from_ply` where the next page starts (null at the last move); and
/// `/state?ply=n` answers the same from its cached copies as from a replay from the start.
async fn moves_in_pages_and_states_from_copies(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start_with(
        &db,
        &[("PLATEAU_BOT_DELAY_MS", "0"), ("PLATEAU_MAX_PLIES", "130")],
    )
    .await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let (a, code) = against_a_bot(&server, &api, &alice, json!({})).await;
    let ended = play_to_the_end(&a, &code).await;
    assert_eq!(a.view(&code).unwrap().1["ply"], 130, "{ended}");
    let id = ended["match"].as_str().unwrap().to_string();

    let (_, whole) = api.get(&format!("/api/v1/matches/{id}"), None).await;
    assert_eq!(whole["moves"].as_array().unwrap().len(), 130);
    assert_eq!(whole["next_from_ply"], Value::Null);
    let mut paged = Vec::new();
    let mut from = json!(1);
    let mut pages = 0;
    while let Some(ply) = from.as_i64() {
        let (status, page) = api
            .get(
                &format!("/api/v1/matches/{id}?from_ply={ply}&limit=50"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["moves"][0]["ply"], ply);
        paged.extend(page["moves"].as_array().unwrap().iter().cloned());
        from = page["next_from_ply"].clone();
        pages += 1;
    }
    assert_eq!(pages, 3, "130 moves in pages of 50");
    assert_eq!(Value::Array(paged), whole["moves"]);
    for bad in ["from_ply=0", "from_ply=x", "limit=0", "limit=1001"] {
        let answer = api.get(&format!("/api/v1/matches/{id}?{bad}"), None).await;
        assert_error(&answer, 400, "bad_request");
    }

    // Warm: the first request replays from the start and keeps copies; the others start from them.
    let plies = [130, 0, 49, 50, 51, 99, 100, 101, 120, 129];
    let mut warm = Vec::new();
    for ply in plies {
        let (status, state) = api
            .get(&format!("/api/v1/matches/{id}/state?ply={ply}"), None)
            .await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["view"]["ply"], ply);
        assert_eq!(state["view"]["state"]["ply"], ply);
        warm.push(state);
    }
    // Cold, after a restart: each from the start, in the opposite order.
    server.kill9();
    server.restart().await;
    let api = Api::new(server.http());
    for (ply, warm) in plies.iter().zip(&warm).rev() {
        let (_, cold) = api
            .get(&format!("/api/v1/matches/{id}/state?ply={ply}"), None)
            .await;
        assert_eq!(&cold, warm, "ply {ply}");
    }
}
on_both_databases!(moves_in_pages_and_states_from_copies);
