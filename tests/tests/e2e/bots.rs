//! Bots (the contract's "Bots"): `start` takes a `bot_level` for the bots it seats (`easy` by
//! default), RoomInfo and the match record say which level each bot plays, a searching bot answers
//! a move, and a level the contract does not know is refused.

use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::json;

async fn levels_are_chosen_at_start_and_shown(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let a = Client::login(&server.ws_url(), &alice).await;

    for (level, sent) in [("strong", json!("strong")), ("easy", json!(null))] {
        let room = api
            .create_room(
                &alice,
                json!({"game": "abalone", "players": 2, "visibility": "private"}),
            )
            .await;
        let code = room["code"].as_str().unwrap().to_string();
        a.join(&code, "player").await;
        let mark = a.mark();
        let mut start = json!({"type": "start", "room": code, "bots": true});
        if !sent.is_null() {
            start["bot_level"] = sent;
        }
        a.send(start).await;
        let started = a
            .wait_for(mark, |f| {
                f["type"] == "room" && f["room"]["status"] == "playing"
            })
            .await;
        assert_eq!(started["room"]["seats"][1]["bot"], true);
        assert_eq!(started["room"]["seats"][1]["bot_level"], level);
        assert!(started["room"]["seats"][0].get("bot_level").is_none());

        // Alice moves; the bot searches and answers with a legal move of its own.
        a.until_version(&code, 1).await;
        let ack = a.play(&code, "first", a.legal(&code)[0].clone()).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        a.until_version(&code, 3).await;
        let (_, view) = a.view(&code).unwrap();
        assert_eq!(view["ply"], 2, "the bot played");
        assert_eq!(view["to_move"], json!([0]));

        let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
        let record = api.match_record(info["match"].as_str().unwrap()).await;
        assert_eq!(record["players"][1]["bot_level"], level);
        assert_eq!(record["moves"][1]["seat"], 1);
    }

    // A level the contract does not know is a bad frame.
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    a.join(&code, "player").await;
    a.expect_error(
        json!({"type": "start", "room": code, "bots": true, "bot_level": "grandmaster"}),
        "bad_request",
    )
    .await;
}
on_both_databases!(levels_are_chosen_at_start_and_shown);

/// Bots cost their host: at most `--bot-matches-per-player` matches with bots under way per host
/// (here 1); another start with bots is refused `conflict` and the room waits; once the first
/// ends, it starts. (Three guests once started 150 strong-bot matches in 75 s.)
async fn bot_matches_are_budgeted_per_host(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_BOT_MATCHES_PER_PLAYER", "1"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let a = Client::login(&server.ws_url(), &alice).await;
    let mut codes = Vec::new();
    for _ in 0..2 {
        let room = api
            .create_room(
                &alice,
                json!({"game": "abalone", "players": 2, "visibility": "private"}),
            )
            .await;
        let code = room["code"].as_str().unwrap().to_string();
        a.join(&code, "player").await;
        codes.push(code);
    }
    let with_bots =
        |code: &str| json!({"type": "start", "room": code, "bots": true, "bot_level": "random"});
    a.send(with_bots(&codes[0])).await;
    a.until_version(&codes[0], 1).await;
    let refused = a.expect_error(with_bots(&codes[1]), "conflict").await;
    assert!(
        refused["message"].as_str().unwrap().contains("bots"),
        "{refused}"
    );
    let (_, info) = api.get(&format!("/api/v1/rooms/{}", codes[1]), None).await;
    assert_eq!(info["status"], "waiting", "{info}");
    let mark = a.mark();
    a.send(json!({"type": "resign", "room": codes[0]})).await;
    a.wait_for(mark, |f| {
        f["type"] == "ended" && f["room"] == codes[0].as_str()
    })
    .await;
    a.send(with_bots(&codes[1])).await;
    a.until_version(&codes[1], 1).await;
}
on_both_databases!(bot_matches_are_budgeted_per_host);

/// A match the server plays seats of ends `aborted` once no person of it has been connected for
/// `--unattended-after-secs` (here 2): after its only person resigned a 3-player match (bots left
/// playing each other), and after its only person closed the connection.
async fn a_match_only_bots_attend_ends_aborted(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "200"),
            ("PLATEAU_UNATTENDED_AFTER_SECS", "2"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    for (players, leaves) in [(3, "resigns"), (2, "goes")] {
        let alice = api.new_player("Alice").await;
        let a = Client::login(&server.ws_url(), &alice).await;
        let room = api
            .create_room(
                &alice,
                json!({"game": "abalone", "players": players, "visibility": "private", "seating": "host_first"}),
            )
            .await;
        let code = room["code"].as_str().unwrap().to_string();
        a.join(&code, "player").await;
        a.send(json!({"type": "start", "room": code, "bots": true, "bot_level": "random"}))
            .await;
        a.until_version(&code, 1).await;
        let mark = a.mark();
        match leaves {
            "resigns" => {
                a.send(json!({"type": "resign", "room": code})).await;
                // The match goes on between the bots: Alice watches it end.
                let ended = a
                    .wait_for(mark, |f| f["type"] == "ended" && f["room"] == code.as_str())
                    .await;
                assert_eq!(ended["result"]["reason"], "aborted", "{ended}");
            }
            _ => {
                a.close().await;
                tokio::time::sleep(std::time::Duration::from_secs(4)).await;
            }
        }
        let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
        assert_eq!(
            info["status"], "aborted",
            "{players} players, Alice {leaves}: {info}"
        );
    }
}
on_both_databases!(a_match_only_bots_attend_ends_aborted);
