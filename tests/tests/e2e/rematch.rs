//! Rematch (the contract's "Playing in public"): after the end, a seated player's `rematch` creates
//! a new room with the same settings, its sender as host in the seat after its own, and tells
//! everyone in the old room; later `rematch` frames get the same room and seat their senders, each
//! in the seat after its own, so who starts rotates.

use plateau_tests::ending::ended_by_forfeit;
use plateau_tests::scenario::{started_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

async fn room_info(api: &Api, code: &str) -> Value {
    let (status, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(status, 200, "{info}");
    info
}

/// The id of the player in each seat of a RoomInfo (null for an empty seat).
fn seated(info: &Value) -> Vec<Value> {
    info["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["player"]["id"].clone())
        .collect()
}

async fn rematch_rotates_seats(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let clock = json!({"kind": "per_move", "s": 60});
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(
        &server,
        &api,
        json!({"game": "abalone", "players": 2, "visibility": "public", "seating": "host_first",
               "options": {"layout": "belgian-daisy"}, "clock": clock}),
    )
    .await;
    let carol = api.new_player("Carol").await;
    let watcher = Client::login(&server.ws_url(), &carol).await;
    watcher.join(&code, "spectator").await;
    let old = room_info(&api, &code).await;

    // Not before the end, and never for a spectator: no rematch comes of either.
    for (client, when) in [(&a, "during the match"), (&watcher, "from a spectator")] {
        let mark = client.mark();
        client.rematch(&code).await;
        let answer = client
            .wait_for(mark, |f| f["type"] == "error" || f["type"] == "rematch")
            .await;
        assert_eq!(answer["type"], "error", "rematch {when}: {answer}");
    }
    let mark = a.mark();
    b.resign(&code).await;
    ended_by_forfeit(&a, mark, &code, 1, "resigned").await;
    let mark = watcher.mark();
    watcher.rematch(&code).await;
    let answer = watcher
        .wait_for(mark, |f| f["type"] == "error" || f["type"] == "rematch")
        .await;
    assert_eq!(answer["type"], "error", "a spectator's rematch: {answer}");

    // Alice asks first: a new room, told to everyone in the old one.
    let marks = [a.mark(), b.mark(), watcher.mark()];
    a.rematch(&code).await;
    let mut next = None;
    for (client, mark) in [&a, &b, &watcher].into_iter().zip(marks) {
        let told = client.wait_for_frame(mark, "rematch", &code).await;
        let code_told = told["next"].as_str().expect("next").to_string();
        assert_eq!(next.get_or_insert(code_told.clone()), &code_told);
    }
    let next = next.unwrap();
    assert_ne!(next, code, "a new room");
    let info = room_info(&api, &next).await;
    for field in [
        "game",
        "players",
        "visibility",
        "options",
        "clock",
        "seating",
    ] {
        assert_eq!(info[field], old[field], "the rematch keeps the {field}");
    }
    assert_eq!(info["status"], "waiting");
    assert_eq!(info["host"], alice.id.as_str(), "its first sender hosts it");
    assert_eq!(
        seated(&info),
        [Value::Null, json!(alice.id)],
        "Alice had seat 0: she gets seat 1"
    );

    // Bob asks too: the same room, and he goes from the last seat to seat 0.
    let mark = b.mark();
    b.rematch(&code).await;
    let told = b.wait_for_frame(mark, "rematch", &code).await;
    assert_eq!(told["next"], next.as_str());
    let info = room_info(&api, &next).await;
    assert_eq!(seated(&info), [json!(bob.id), json!(alice.id)]);
    assert_eq!(
        room_info(&api, &code).await["status"],
        "finished",
        "the old room stays as it was"
    );

    // They join their seats and the match starts by itself: Bob moves first this time, on the same clock.
    for (client, seat) in [(&a, 1), (&b, 0)] {
        let joined = client.join(&next, "player").await;
        assert_eq!(joined["type"], "room", "{joined}");
        assert_eq!(
            joined["room"]["seats"][seat]["player"]["id"],
            client.player.as_ref().unwrap().id.as_str()
        );
    }
    // A rematch room starts by itself once everyone is back: nobody sends `start`.
    assert_eq!(room_info(&api, &next).await["auto_start"], true);
    b.until_version(&next, 1).await;
    a.until_version(&next, 1).await;
    let (_, view) = b.view(&next).unwrap();
    assert_eq!(view["you"]["seat"], 0);
    assert_eq!(view["to_move"], json!([0]));
    assert_eq!(view["clock"]["running"], json!([0]), "{view}");
    assert!(!b.legal(&next).is_empty());
    // One rematch per room: asked again, the answer is the same room, and nothing moves.
    let mark = a.mark();
    a.rematch(&code).await;
    let again = a.wait_for_frame(mark, "rematch", &code).await;
    assert_eq!(again["next"], next.as_str(), "{again}");
    let info = room_info(&api, &next).await;
    assert_eq!(info["status"], "playing");
    assert_eq!(seated(&info), [json!(bob.id), json!(alice.id)]);
}
on_both_databases!(rematch_rotates_seats);
