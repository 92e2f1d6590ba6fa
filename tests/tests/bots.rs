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
