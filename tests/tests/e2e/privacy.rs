//! Private rooms stay private (the contract's "Hardening"): a private room's code is shown only to
//! its own players, and a connection that has not joined a room gets nothing from it (`not_joined`).

use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::strategy::trangouar::{random_setup, zone_points};
use plateau_tests::table::{machine_speed_server, patch_moves, test_rng};
use plateau_tests::{on_both_databases, Api, Backend, Client, Table, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::Duration;

/// The `room` of every listed match with id `id`, as `token` (or nobody) sees the listings.
async fn codes_seen(api: &Api, id: &str, player_id: &str, token: Option<&str>) -> Vec<Value> {
    let mut seen = Vec::new();
    for path in [
        "/api/v1/matches".to_string(),
        "/api/v1/matches?status=playing".to_string(),
        format!("/api/v1/matches?player={player_id}"),
    ] {
        let (status, page) = api.get(&path, token).await;
        assert_eq!(status, 200, "{path}: {page}");
        let listed = page["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .find(|m| m["id"] == id)
            .unwrap_or_else(|| panic!("{path} lists the match: {page}"));
        seen.push(listed["room"].clone());
    }
    let (status, detail) = api.get(&format!("/api/v1/matches/{id}"), token).await;
    assert_eq!(status, 200, "{detail}");
    seen.push(detail["room"].clone());
    seen
}

async fn private_codes_only_for_their_players(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let private = started_abalone_duo(&server, &api, "private").await;
    let public = started_abalone_duo(&server, &api, "public").await;
    let stranger = api.new_player("Mallory").await;
    let (_, room) = api
        .get(&format!("/api/v1/rooms/{}", private.code), None)
        .await;
    let private_id = room["match"]
        .as_str()
        .expect("a started room names its match");
    let (_, room) = api
        .get(&format!("/api/v1/rooms/{}", public.code), None)
        .await;
    let public_id = room["match"]
        .as_str()
        .expect("a started room names its match");

    // Nobody, a stranger, and a token the server does not know (anonymous) never see the code.
    for token in [None, Some(stranger.token.as_str()), Some("not-a-token")] {
        let seen = codes_seen(&api, private_id, &private.alice.id, token).await;
        assert!(
            seen.iter().all(Value::is_null),
            "a private code is hidden from {token:?}: {seen:?}"
        );
        // Public rooms' codes stay visible to everyone.
        let seen = codes_seen(&api, public_id, &public.alice.id, token).await;
        assert!(
            seen.iter().all(|c| c == public.code.as_str()),
            "a public code is shown to {token:?}: {seen:?}"
        );
    }
    // The match's own players see their room's code everywhere.
    for player in [&private.alice, &private.bob] {
        let seen = codes_seen(&api, private_id, &private.alice.id, Some(&player.token)).await;
        assert!(
            seen.iter().all(|c| c == private.code.as_str()),
            "{} sees the code: {seen:?}",
            player.name
        );
    }
    // Nothing else a stranger can read shows it: profiles, the lobby, the replayed state.
    for path in [
        format!("/api/v1/players/{}", private.alice.id),
        "/api/v1/rooms".to_string(),
        format!("/api/v1/matches/{private_id}/state"),
    ] {
        let (status, body) = api.get(&path, Some(&stranger.token)).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(
            !body.to_string().contains(&private.code),
            "{path} shows the private code: {body}"
        );
    }
}
on_both_databases!(private_codes_only_for_their_players);

async fn room_frames_need_a_join_on_the_connection(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code, alice, a, b, ..
    } = started_abalone_duo(&server, &api, "private").await;
    let before = a.view(&code).expect("alice holds the view");
    let mover = a.legal(&code).first().cloned().expect("alice has moves");
    let mv =
        |id: &str| json!({"type": "move", "room": code, "id": id, "version": 1, "move": mover});

    // A stranger who has the code but never joined: no snapshot, no chat, no leave.
    let mallory = api.new_player("Mallory").await;
    let m = Client::login(&server.ws_url(), &mallory).await;
    let error = m
        .expect_error(json!({"type": "sync", "room": code}), "not_joined")
        .await;
    assert_eq!(error["room"], code.as_str(), "{error}");
    m.expect_error(
        json!({"type": "chat", "room": code, "text": "psst"}),
        "not_joined",
    )
    .await;
    m.expect_error(json!({"type": "leave", "room": code}), "not_joined")
        .await;
    // The lead's order: an outsider's move is `not_seated` before `not_joined`; the checks before
    // a room is found still come first.
    m.expect_error(mv("x1"), "not_seated").await;
    m.expect_error(json!({"type": "sync", "room": "NOPE9999"}), "unknown_room")
        .await;
    m.expect_error(
        json!({"type": "chat", "room": code, "text": "   "}),
        "bad_request",
    )
    .await;
    // A join that is refused (the match started without her) does not count as joined.
    assert_eq!(m.join(&code, "player").await["code"], "room_full");
    m.expect_error(json!({"type": "sync", "room": code}), "not_joined")
        .await;

    // Alice, seated, on a second connection she has not joined the room on: `not_joined`, and her
    // move is not played.
    let a2 = Client::login(&server.ws_url(), &alice).await;
    let error = a2.play_at(&code, "m1", 1, mover.clone()).await;
    assert_eq!(error["code"], "not_joined", "{error}");
    a2.expect_error(json!({"type": "sync", "room": code}), "not_joined")
        .await;

    // Nothing was given away or changed: no snapshot or chat reached the outsiders, nobody saw
    // Mallory's chat, the room is still at version 1.
    for outsider in [&m, &a2] {
        assert!(
            outsider
                .frames()
                .iter()
                .all(|f| f["type"] != "snapshot" && f["type"] != "patch" && f["type"] != "chat"),
            "an unjoined connection got room frames: {:?}",
            outsider.frames()
        );
    }
    assert!(
        a.try_wait_for(0, Duration::from_millis(300), |f| f["type"] == "chat")
            .await
            .is_none(),
        "the outsider's chat reached the room"
    );
    assert_eq!(a.sync(&code).await["version"], 1);
    assert_eq!(a.view(&code).unwrap(), before);

    // Once joined (as a spectator, as anyone may), the same frames work.
    m.join(&code, "spectator").await;
    assert_eq!(m.sync(&code).await["version"], 1);
    let mark = b.mark();
    m.send(json!({"type": "chat", "room": code, "text": "hi"}))
        .await;
    b.wait_for(mark, |f| f["type"] == "chat" && f["text"] == "hi")
        .await;
    // And Alice's second connection plays once it has joined.
    a2.join(&code, "player").await;
    let ack = a2.play_at(&code, "m1", 1, mover).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    // After a leave, the connection is an outsider again.
    let left = m.mark();
    m.send(json!({"type": "leave", "room": code})).await;
    m.wait_for(left, |f| f["type"] == "room").await;
    m.expect_error(json!({"type": "sync", "room": code}), "not_joined")
        .await;
}
on_both_databases!(room_frames_need_a_join_on_the_connection);

/// The moves the frames carry (`moves` of `patch` and `recent`, issue 50) hide what the history
/// hides: a Trangouar setup, placed in secret, is `{"hidden": true}` to every recipient (its own
/// seat too, as in `GET /api/v1/matches/{id}`) until the match ends, and only then shown.
async fn secret_moves_stay_hidden_in_the_frames(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "trangouar", 2, 2, json!({})).await;
    let code = table.code.clone();
    let zone = table.public_view()["state"]["zones"][0]
        .as_str()
        .unwrap()
        .to_string();
    let setup = random_setup(&zone, &mut test_rng());
    let ack = table.humans[0].play(&code, "setup", setup.clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let record = table.api.match_record(&table.match_id).await;
    let hidden = record["moves"][0].clone();
    assert_eq!(hidden["move"], json!({"hidden": true}), "{record}");
    for (i, c) in table.clients().enumerate() {
        c.until_version(&code, 2).await;
        assert_eq!(
            patch_moves(c, &code),
            std::slice::from_ref(&hidden),
            "the patch hides the setup"
        );
        let mark = c.mark();
        c.sync(&code).await;
        let recent = c.wait_for_frame(mark, "recent", &code).await;
        assert_eq!(recent["moves"], json!([hidden]), "so does `recent`");
        for frame in c.frames() {
            let text = frame.to_string();
            for point in zone_points(&zone) {
                let quoted = format!("\"{point}\"");
                assert!(
                    i == 0 || !text.contains(&quoted),
                    "{point} of seat 0's setup reached another: {text}"
                );
            }
        }
    }

    // Once the match has ended, the setup is shown, as the history shows it.
    let mark = table.spectator.mark();
    table.humans[1].resign(&code).await;
    table.spectator.wait_for_frame(mark, "ended", &code).await;
    let record = table.api.match_record(&table.match_id).await;
    assert_eq!(record["status"], "finished", "{record}");
    // (The record keeps the setup in its canonical form: its cubes in the board's order.)
    assert_eq!(record["moves"][0]["move"]["action"], "setup", "{record}");
    assert_eq!(
        record["moves"][0]["move"]["cubes"].as_array().map(Vec::len),
        setup["cubes"].as_array().map(Vec::len),
        "{record}"
    );
    let mark = table.spectator.mark();
    table.spectator.sync(&code).await;
    let recent = table.spectator.wait_for_frame(mark, "recent", &code).await;
    assert_eq!(recent["moves"], record["moves"], "{recent}");
}

on_both_databases!(secret_moves_stay_hidden_in_the_frames);
