//! Quick pairing, `POST /api/v1/rooms/quick` *(addition)*: a caller is sent to a waiting public room
//! of the same game, player count, clock and rated flag, whose players' rating is near its own (a
//! window that widens while the room waits), or gets a new room of its own.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

async fn start(backend: Backend) -> (TestDb, TestServer, Api) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    (db, server, api)
}

/// Quick pairing for `player`: the status and the answer's room (`created` checked against the
/// status: 201 for a new room, 200 for one found).
async fn quick(api: &Api, player: &Player, body: Value) -> (StatusCode, Value) {
    let (status, answer) = api
        .post("/api/v1/rooms/quick", &body, Some(&player.token))
        .await;
    assert!(
        status == StatusCode::OK || status == StatusCode::CREATED,
        "quick pairing: {status} {answer}"
    );
    assert_eq!(answer["created"], status == StatusCode::CREATED, "{answer}");
    (status, answer["room"].clone())
}

fn code(room: &Value) -> String {
    room["code"].as_str().expect("code").to_string()
}

/// Joins `room` as a player over a new connection, and waits until the room shows the seat
/// connected (what quick pairing looks at).
async fn join(server: &TestServer, api: &Api, player: &Player, room: &str) -> Client {
    let client = Client::login(&server.ws_url(), player).await;
    let answer = client.join(room, "player").await;
    assert_eq!(answer["type"], "room", "{answer}");
    for _ in 0..100 {
        let (_, info) = api.get(&format!("/api/v1/rooms/{room}"), None).await;
        let connected = info["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["player"]["id"] == player.id.as_str() && s["connected"] == true);
        if connected {
            return client;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{} never shows as connected in {room}", player.name);
}

/// The first caller opens a public room with the game's defaults and hosts it; the second lands in
/// it and takes the free seat; a third sent there too before the second joined is refused
/// `room_full` when it joins, and asking again is sent elsewhere.
async fn a_second_caller_lands_in_the_first_callers_room(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let [alice, bob, carol] = [
        api.new_player("Alice").await,
        api.new_player("Bob").await,
        api.new_player("Carol").await,
    ];
    let ask = json!({"game": "abalone", "players": 2});
    let (status, first) = quick(&api, &alice, ask.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(first["host"], alice.id.as_str());
    assert_eq!(first["seats"][0]["player"]["id"], alice.id.as_str());
    assert_eq!(first["visibility"], "public");
    assert_eq!(first["clock"], Value::Null);
    assert_eq!(first["rated"], false);
    let (_, made) = api
        .post(
            "/api/v1/rooms",
            &json!({"game": "abalone", "players": 2, "visibility": "public"}),
            Some(&carol.token),
        )
        .await;
    assert_eq!(first["options"], made["options"], "the game's defaults");
    let room = code(&first);
    let _a = join(&server, &api, &alice, &room).await;

    let (status, found) = quick(&api, &bob, ask.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(code(&found), room);

    // The seat is not held: Dave, asking before Bob has joined, is sent to the same room, and
    // whoever joins second is refused `room_full`.
    let dave = api.new_player("Dave").await;
    let (status, same) = quick(&api, &dave, ask.clone()).await;
    assert_eq!((status, code(&same)), (StatusCode::OK, room.clone()));
    let _b = join(&server, &api, &bob, &room).await;
    let d = Client::login(&server.ws_url(), &dave).await;
    let refused = d.join(&room, "player").await;
    assert_eq!(
        (&refused["type"], &refused["code"]),
        (&json!("error"), &json!("room_full")),
        "{refused}"
    );

    // Asking again, Dave is sent to Carol's room, the other one with a free seat (nobody is in it
    // yet, but it has just opened: its host may be on the way); a full room is not offered.
    let (_, other) = quick(&api, &dave, ask.clone()).await;
    assert_eq!(code(&other), code(&made));
}
on_both_databases!(a_second_caller_lands_in_the_first_callers_room);

/// Only a room with the same game, player count, clock and rated flag matches; private rooms and
/// started rooms are never offered, nor rooms made with other options.
async fn only_what_was_asked_matches(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let host = api.new_player("Host").await;
    let clock = json!({"kind": "fischer", "initial_s": 300, "increment_s": 5});
    let (_, hosted) = quick(
        &api,
        &host,
        json!({"game": "abalone", "players": 2, "clock": clock}),
    )
    .await;
    assert_eq!(hosted["clock"], clock);
    let room = code(&hosted);
    let _h = join(&server, &api, &host, &room).await;

    // Each asks for something else, once (a new room is offered to the next caller who asks
    // for the same, so no two of these ask for the same).
    for (i, ask) in [
        json!({"game": "abalone", "players": 3, "clock": clock}),
        json!({"game": "pinuid", "players": 2, "clock": clock}),
        json!({"game": "abalone", "players": 2}),
        json!({"game": "abalone", "players": 2, "clock": {"kind": "per_move", "s": 60}}),
        json!({"game": "abalone", "players": 2, "clock": {"kind": "fischer", "initial_s": 300, "increment_s": 6}}),
        json!({"game": "abalone", "players": 2, "clock": clock, "rated": true}),
    ]
    .into_iter()
    .enumerate()
    {
        let other = api.new_player(&format!("Other {i}")).await;
        let (status, room_of_other) = quick(&api, &other, ask.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{ask}");
        assert_ne!(code(&room_of_other), room, "{ask}");
    }
    let same = api.new_player("Same").await;
    let (status, found) = quick(
        &api,
        &same,
        json!({"game": "abalone", "players": 2, "clock": clock}),
    )
    .await;
    assert_eq!((status, code(&found)), (StatusCode::OK, room));

    // Abalone for 4: a private room and a variant, each with its host there and free seats, and
    // a started public room; none is offered.
    let mut not_offered = Vec::new();
    for (name, body) in [
        (
            "Private",
            json!({"game": "abalone", "players": 4, "visibility": "private"}),
        ),
        (
            "Variant",
            json!({"game": "abalone", "players": 4, "visibility": "public", "options": {"max_plies": 100}}),
        ),
        (
            "Started",
            json!({"game": "abalone", "players": 4, "visibility": "public"}),
        ),
    ] {
        let owner = api.new_player(name).await;
        let code = code(&api.create_room(&owner, body).await);
        let client = join(&server, &api, &owner, &code).await;
        if name == "Started" {
            client
                .send(json!({"type": "start", "room": code, "bots": true}))
                .await;
            client.until_version(&code, 1).await;
        }
        not_offered.push((client, code));
    }
    let caller = api.new_player("Caller").await;
    let (status, own) = quick(&api, &caller, json!({"game": "abalone", "players": 4})).await;
    assert_eq!(status, StatusCode::CREATED);
    assert!(not_offered.iter().all(|(_, c)| *c != code(&own)));
}
on_both_databases!(only_what_was_asked_matches);

/// A rated duel leaves the winner about 325 points above the loser: too far for a room that has
/// just opened (150), near enough for one that has waited a minute (450). The waiting is simulated
/// by moving the room's creation back in the database while the server is stopped. A room whose
/// players have all gone is not offered; a caller with a waiting room of its own is sent back to it
/// when nothing else fits.
async fn a_far_rating_matches_once_the_room_has_waited(backend: Backend) {
    let (db, mut server, api) = start(backend).await;
    let (winner, loser) = (
        api.new_player("Winner").await,
        api.new_player("Loser").await,
    );
    let duel = code(
        &api.create_room(
            &winner,
            json!({"game": "abalone", "players": 2, "visibility": "private", "rated": true,
                   "clock": {"kind": "correspondence", "days": 1}}),
        )
        .await,
    );
    let w = join(&server, &api, &winner, &duel).await;
    let l = join(&server, &api, &loser, &duel).await;
    w.send(json!({"type": "start", "room": duel})).await;
    // Both move once (a rated match counts only then), and the loser resigns.
    w.until_version(&duel, 1).await;
    let first = w.legal(&duel)[0].clone();
    assert_eq!(w.play(&duel, "w1", first).await["type"], "ack");
    l.until_version(&duel, 2).await;
    let reply = l.legal(&duel)[0].clone();
    assert_eq!(l.play(&duel, "l1", reply).await["type"], "ack");
    l.send(json!({"type": "resign", "room": duel})).await;
    w.wait_for(0, |f| f["type"] == "ended" && f["room"] == duel)
        .await;
    let rating = |profile: &Value| profile["ratings"]["abalone"]["rating"].as_f64().unwrap();
    let (_, wp) = api
        .get(&format!("/api/v1/players/{}", winner.id), None)
        .await;
    let (_, lp) = api
        .get(&format!("/api/v1/players/{}", loser.id), None)
        .await;
    let gap = rating(&wp) - rating(&lp);
    assert!((300.0..450.0).contains(&gap), "{gap}");
    drop((w, l));

    let ask = json!({"game": "abalone", "players": 2});
    let (_, waiting) = quick(&api, &winner, ask.clone()).await;
    let room = code(&waiting);
    let w = join(&server, &api, &winner, &room).await;
    let (status, own) = quick(&api, &loser, ask.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "too far at first");
    assert_ne!(code(&own), room);

    // A minute later (and after a restart, which drops the winner's connection).
    drop(w);
    server.terminate().await;
    db.backdate_room(&room, chrono::Duration::seconds(60)).await;
    server.restart().await;
    // Nobody is in the winner's room: the loser is sent back to its own room, not given another.
    let (status, again) = quick(&api, &loser, ask.clone()).await;
    assert_eq!((status, code(&again)), (StatusCode::OK, code(&own)));
    let _w = join(&server, &api, &winner, &room).await;
    let (status, found) = quick(&api, &loser, ask).await;
    assert_eq!((status, code(&found)), (StatusCode::OK, room));
}
on_both_databases!(a_far_rating_matches_once_the_room_has_waited);

/// Bad input is `400` naming the field and creates nothing; no token is `401`.
async fn bad_input_is_refused_and_changes_nothing(backend: Backend) {
    let (_db, _server, api) = start(backend).await;
    let player = api.new_player("Player").await;
    for (body, field) in [
        (json!({"game": "chess", "players": 2}), "game"),
        (json!({"game": "abalone", "players": 9}), "players"),
        (json!({"game": "abalone"}), "players"),
        (
            json!({"game": "abalone", "players": 2, "clock": {"kind": "fischer", "initial_s": 0, "increment_s": 0}}),
            "clock.initial_s",
        ),
        (
            json!({"game": "abalone", "players": 2, "rated": "yes"}),
            "rated",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
            "visibility",
        ),
    ] {
        let answer = api
            .post("/api/v1/rooms/quick", &body, Some(&player.token))
            .await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(message.contains(field), "{body}: {message}");
    }
    let answer = api
        .post(
            "/api/v1/rooms/quick",
            &json!({"game": "abalone", "players": 2}),
            None,
        )
        .await;
    assert_error(&answer, 401, "unauthorized");
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby, json!([]), "nothing was created");

    // The call is in the OpenAPI document, with both answers.
    let (_, openapi) = api.get("/api/v1/openapi.json", None).await;
    let responses = &openapi["paths"]["/api/v1/rooms/quick"]["post"]["responses"];
    for status in ["200", "201", "400", "401", "409"] {
        assert!(responses.get(status).is_some(), "{status} in {responses}");
    }
}
on_both_databases!(bad_input_is_refused_and_changes_nothing);

/// A room made by Play now starts by itself once its seats are taken: the second player's join
/// starts it (snapshots for both, no `start` sent); a created room asked so (`auto_start`) does the
/// same, one of three seats at a time; a created room by default still waits for its host.
async fn a_paired_match_starts_by_itself(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let (ann, ben) = (api.new_player("Ann").await, api.new_player("Ben").await);
    let ask = json!({"game": "pinuid", "players": 2});
    let (_, opened) = quick(&api, &ann, ask.clone()).await;
    assert_eq!(opened["auto_start"], true, "{opened}");
    let room = code(&opened);
    let a = join(&server, &api, &ann, &room).await;
    assert_eq!(
        api.get(&format!("/api/v1/rooms/{room}"), None).await.1["status"],
        "waiting",
        "one seat is still free"
    );
    let (_, found) = quick(&api, &ben, ask).await;
    assert_eq!(code(&found), room);
    let b = Client::login(&server.ws_url(), &ben).await;
    b.join(&room, "player").await;
    for client in [&a, &b] {
        client.until_version(&room, 1).await;
    }
    let (_, info) = api.get(&format!("/api/v1/rooms/{room}"), None).await;
    assert_eq!(info["status"], "playing", "{info}");
    assert!(info["match"].is_string());

    // Created rooms: by default the host starts; with `auto_start`, a full room starts itself.
    let players: Vec<Player> =
        futures_util::future::join_all(["Cy", "Di", "Ed"].map(|name| api.new_player(name))).await;
    for auto_start in [false, true] {
        let made = api
            .create_room(
                &players[0],
                json!({"game": "abalone", "players": 3, "visibility": "private",
                       "auto_start": auto_start}),
            )
            .await;
        assert_eq!(made["auto_start"], auto_start);
        let room = code(&made);
        let mut clients = Vec::new();
        for p in &players {
            clients.push(join(&server, &api, p, &room).await);
        }
        if auto_start {
            // The snapshots come after the room's new info is published.
            for c in &clients {
                c.until_version(&room, 1).await;
            }
        }
        let (_, info) = api.get(&format!("/api/v1/rooms/{room}"), None).await;
        let expected = if auto_start { "playing" } else { "waiting" };
        assert_eq!(info["status"], expected, "{info}");
    }
}
on_both_databases!(a_paired_match_starts_by_itself);

/// "Play now", then a match elsewhere: the host's connection is still joined to its quick room (a
/// page that goes on keeps a waiting seat), but while the host plays the other match the room is
/// offered to nobody; once that match is over it is offered again.
async fn a_room_whose_host_plays_elsewhere_is_not_offered(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let [alice, bob] = [api.new_player("Alice").await, api.new_player("Bob").await];
    let ask = json!({"game": "abalone", "players": 2});
    let (_, first) = quick(&api, &alice, ask.clone()).await;
    let waiting = code(&first);
    let a = join(&server, &api, &alice, &waiting).await;
    // Alice plays the computer in another room, over the same connection.
    let other = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let other = code(&other);
    assert_eq!(a.join(&other, "player").await["type"], "room");
    a.send(json!({"type": "start", "room": other, "bots": true}))
        .await;
    a.until_version(&other, 1).await;

    let (status, found) = quick(&api, &bob, ask.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "not Alice's room: {found}");
    assert_ne!(code(&found), waiting);
    let (_, info) = api.get(&format!("/api/v1/rooms/{waiting}"), None).await;
    assert_eq!(info["status"], "waiting", "the room itself is untouched");

    // Alice resigns the other match: her room is offered again (to Carol: Bob has his own now).
    let mark = a.mark();
    a.resign(&other).await;
    a.wait_for(mark, |f| {
        f["type"] == "ended" && f["room"] == other.as_str()
    })
    .await;
    let carol = api.new_player("Carol").await;
    let (status, found) = quick(&api, &carol, ask).await;
    assert_eq!((status, code(&found)), (StatusCode::OK, code(&first)));
}
on_both_databases!(a_room_whose_host_plays_elsewhere_is_not_offered);
