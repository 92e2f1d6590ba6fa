//! Resign, forfeit and abandonment (the contract's "Playing in public"): a forfeiting seat loses
//! with its side; with two sides the match ends at once, with three or four it goes on with the
//! server playing the forfeited seat, which can no longer win. The record and the players' stats
//! count a match ended by forfeit.

use plateau_tests::ending::{ended_by_forfeit, forfeit_patch};
use plateau_tests::scenario::{started_duo, started_room, Duo, Seated};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A public Abalone room seated in join order (the host moves first).
fn abalone(players: usize) -> Value {
    json!({"game": "abalone", "players": players, "visibility": "public",
           "seating": "host_first"})
}

/// The error a room frame without an `id` (`resign`, `draw`) must cause: `code`, with a null `id`.
async fn refused(client: &Client, frame: Value, code: &str) {
    let error = client.expect_error(frame, code).await;
    assert_eq!(error["id"], Value::Null, "{error}");
}

/// A player's totals `{"played", "won"}` (the profile's per-game figures left aside).
async fn stats(api: &Api, id: &str) -> Value {
    let (status, profile) = api.get(&format!("/api/v1/players/{id}"), None).await;
    assert_eq!(status, 200, "{profile}");
    json!({"played": profile["stats"]["played"], "won": profile["stats"]["won"]})
}

/// Bob resigns when it is not his turn: the match ends at once, Alice wins. Who may resign is
/// checked first (spectators, strangers, Alice on a connection that has not joined, a waiting
/// room), and none of it changes the match; after the end nobody may resign. The record
/// shows the clock and the forfeit, and the stats count the match.
async fn resign_in_two_players(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let clock = json!({"kind": "fischer", "initial_s": 600, "increment_s": 5});
    let mut room = abalone(2);
    room["clock"] = clock.clone();
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(&server, &api, room).await;
    let carol = api.new_player("Carol").await;
    let watcher = Client::login(&server.ws_url(), &carol).await;
    watcher.join(&code, "spectator").await;
    let stranger = Client::login(&server.ws_url(), &carol).await;
    let unjoined = Client::login(&server.ws_url(), &alice).await;
    let resign = json!({"type": "resign", "room": code});
    let draw = json!({"type": "draw", "room": code, "offer": true});
    // As for a move: no seat first (joined or not), then a seat's connection that has not joined.
    for frame in [&resign, &draw] {
        refused(&watcher, frame.clone(), "not_seated").await;
        refused(&stranger, frame.clone(), "not_seated").await;
        refused(&unjoined, frame.clone(), "not_joined").await;
    }
    // Alice's own waiting room: nothing to resign yet.
    let waiting = api.create_room(&alice, abalone(2)).await;
    let waiting = waiting["code"].as_str().unwrap();
    a.join(waiting, "player").await;
    refused(
        &a,
        json!({"type": "resign", "room": waiting}),
        "not_your_turn",
    )
    .await;
    assert_eq!(a.view(&code).unwrap().0, 1, "nothing changed the match");

    let marks = [a.mark(), b.mark(), watcher.mark()];
    b.resign(&code).await;
    for (client, mark) in [&a, &b, &watcher].into_iter().zip(marks) {
        let result = ended_by_forfeit(client, mark, &code, 1, "resigned").await;
        assert_eq!(result["winners"], json!([0]), "{result}");
        assert_eq!(
            result["forfeited"],
            json!([{"seat": 1, "reason": "resigned"}])
        );
    }
    assert_eq!(
        a.version(&code),
        2,
        "the forfeit was the one version after the start"
    );
    for client in [&a, &b] {
        refused(client, resign.clone(), "not_your_turn").await;
        refused(client, draw.clone(), "not_your_turn").await;
    }

    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "finished", "{info}");
    assert_eq!(info["clock"], clock);
    let record = api.match_record(info["match"].as_str().unwrap()).await;
    assert_eq!(record["status"], "finished", "{record}");
    assert_eq!(record["clock"], clock, "{record}");
    assert_eq!(
        record["forfeited"],
        json!([{"seat": 1, "reason": "resigned"}])
    );
    assert_eq!(record["result"]["winners"], json!([0]));
    assert_eq!(record["result"]["reason"], "resigned");
    assert_eq!(record["plies"], 0, "a forfeit is not a move");
    assert!(record["ended_at"].is_string(), "{record}");
    assert_eq!(stats(&api, &alice.id).await, json!({"played": 1, "won": 1}));
    assert_eq!(stats(&api, &bob.id).await, json!({"played": 1, "won": 0}));
}
on_both_databases!(resign_in_two_players);

/// With four players Abalone is played in teams, seats 0 and 2 against 1 and 3: one seat resigning
/// loses for its team, and the other team wins together.
async fn resign_in_four_players_loses_for_the_team(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Seated {
        code,
        players,
        clients,
    } = started_room(&server, &api, abalone(4), &["P0", "P1", "P2", "P3"]).await;
    // Seat 0 plays once, so that the resigning seat is the one to move.
    let ack = clients[0]
        .play(&code, "m0", clients[0].legal(&code)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    for c in &clients {
        c.until_version(&code, 2).await;
    }
    assert_eq!(clients[3].view(&code).unwrap().1["to_move"], json!([1]));

    let marks: Vec<usize> = clients.iter().map(Client::mark).collect();
    clients[1].resign(&code).await;
    for (client, mark) in clients.iter().zip(marks) {
        let result = ended_by_forfeit(client, mark, &code, 1, "resigned").await;
        assert_eq!(result["winners"], json!([0, 2]), "{result}");
        assert_eq!(
            result["forfeited"],
            json!([{"seat": 1, "reason": "resigned"}]),
            "only seat 1 forfeited; seat 3 loses with it"
        );
    }
    for (seat, player) in players.iter().enumerate() {
        let won = u64::from(seat % 2 == 0);
        assert_eq!(
            stats(&api, &player.id).await,
            json!({"played": 1, "won": won}),
            "seat {seat}"
        );
    }
}
on_both_databases!(resign_in_four_players_loses_for_the_team);

/// With three sides a resignation does not end the match: the server plays the forfeited seat on
/// its turns, and the seat may no longer resign or offer a draw. A second forfeit leaves one side,
/// which wins, with the reason of the last forfeit.
async fn resign_in_three_players_the_server_plays_on(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Seated { code, clients, .. } =
        started_room(&server, &api, abalone(3), &["P0", "P1", "P2"]).await;
    let mark = clients[0].mark();
    clients[1].resign(&code).await;
    let patch = forfeit_patch(&clients[0], mark, &code, 1, "resigned").await;
    let version = patch["version"].as_u64().unwrap();
    for c in &clients {
        c.until_version(&code, version).await;
    }
    let (_, view) = clients[0].view(&code).unwrap();
    assert_eq!(view["status"], "playing", "the match goes on: {view}");
    assert_eq!(view["result"], Value::Null);
    assert_eq!(view["to_move"], json!([0]), "a forfeit is not a move");
    for frame in [
        json!({"type": "resign", "room": code}),
        json!({"type": "draw", "room": code, "offer": true}),
    ] {
        refused(&clients[1], frame, "not_your_turn").await;
    }

    // Seat 0 moves; seat 1's turn is played by the server, then seat 2 is to move.
    let mark = clients[2].mark();
    let ack = clients[0]
        .play(&code, "m0", clients[0].legal(&code)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let served = clients[2]
        .wait_for(mark, |f| {
            f["type"] == "patch"
                && f["events"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["kind"] == "moved" && e["seat"] == 1))
        })
        .await;
    clients[2]
        .until_version(&code, served["version"].as_u64().unwrap())
        .await;
    assert_eq!(clients[2].view(&code).unwrap().1["to_move"], json!([2]));
    assert!(
        !clients[2].legal(&code).is_empty(),
        "seat 2 plays on after the server's move"
    );

    let marks: Vec<usize> = clients.iter().map(Client::mark).collect();
    clients[2].resign(&code).await;
    for (client, mark) in clients.iter().zip(marks) {
        let result = ended_by_forfeit(client, mark, &code, 2, "resigned").await;
        assert_eq!(result["winners"], json!([0]), "{result}");
        assert_eq!(
            result["forfeited"],
            json!([{"seat": 1, "reason": "resigned"}, {"seat": 2, "reason": "resigned"}])
        );
    }
}
on_both_databases!(resign_in_three_players_the_server_plays_on);

/// A seat that has to act and has had no connection in the room for `--abandon-after-secs`
/// forfeits (`abandoned`). Bob's time counts from the later of his disconnect and the start of his
/// turn: gone while Alice thinks, he forfeits only that long after her move.
async fn abandonment_forfeits_the_absent_seat(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_ABANDON_AFTER_SECS", "2"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(&server, &api, abalone(2)).await;
    let mark = a.mark();
    b.close().await;
    // Alice is to move, and connected: nothing happens to anyone while she thinks.
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert!(
        a.try_wait_for(mark, Duration::ZERO, |f| f["type"] == "patch")
            .await
            .is_none(),
        "no forfeit while the absent seat has nothing to do: {:?}",
        a.frames()
    );
    let mark = a.mark();
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let moved = Instant::now();
    let result = ended_by_forfeit(&a, mark, &code, 1, "abandoned").await;
    let waited = moved.elapsed();
    assert!(
        waited >= Duration::from_millis(1800),
        "Bob's turn began {waited:?} before his forfeit, less than the 2 s allowed"
    );
    assert!(
        waited < Duration::from_secs(6),
        "forfeit came after {waited:?}"
    );
    assert_eq!(result["winners"], json!([0]), "{result}");
    assert_eq!(
        result["forfeited"],
        json!([{"seat": 1, "reason": "abandoned"}])
    );
    assert_eq!(stats(&api, &alice.id).await, json!({"played": 1, "won": 1}));
    assert_eq!(stats(&api, &bob.id).await, json!({"played": 1, "won": 0}));
}
on_both_databases!(abandonment_forfeits_the_absent_seat);

/// Abandonment follows the clock: with a correspondence clock, or one giving each move longer than
/// `--abandon-after-secs`, a seat that leaves on its turn loses only by its clock, never after the
/// abandonment limit (a correspondence player who closed the tab once forfeited after two minutes).
async fn abandonment_follows_the_clock(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_ABANDON_AFTER_SECS", "2"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    for clock in [
        json!({"kind": "correspondence", "days": 1}),
        json!({"kind": "per_move", "s": 60}),
    ] {
        let mut room = abalone(2);
        room["clock"] = clock.clone();
        let Duo { code, a, b, .. } = started_duo(&server, &api, room).await;
        b.close().await;
        let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        let mark = a.mark();
        // Bob's turn, Bob away, twice the abandonment limit: nothing happens.
        tokio::time::sleep(Duration::from_secs(4)).await;
        assert!(
            a.try_wait_for(mark, Duration::ZERO, |f| f["type"] == "patch"
                || f["type"] == "ended")
                .await
                .is_none(),
            "{clock}: no forfeit by abandonment: {:?}",
            a.frames()
        );
        let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
        assert_eq!(info["status"], "playing", "{clock}: {info}");
    }
}
on_both_databases!(abandonment_follows_the_clock);

/// Joins `room` as a player again on a new connection (after a restart), holding its snapshot.
async fn rejoin(server: &TestServer, player: &plateau_tests::Player, room: &str) -> Client {
    let client = Client::login(&server.ws_url(), player).await;
    let mark = client.mark();
    client
        .send(json!({"type": "join", "room": room, "as": "player"}))
        .await;
    client.wait_for(mark, |f| f["type"] == "snapshot").await;
    client
}

/// A forfeit is stored: after a SIGKILL the match comes back with seat 1 still out, played by the
/// server, shown in the record, and kept in the result when the match ends.
async fn a_forfeit_survives_a_restart(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Seated {
        code,
        players,
        clients,
    } = started_room(&server, &api, abalone(3), &["P0", "P1", "P2"]).await;
    let mark = clients[0].mark();
    clients[1].resign(&code).await;
    forfeit_patch(&clients[0], mark, &code, 1, "resigned").await;
    server.kill9();
    drop(clients);
    server.restart().await;

    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let record = api.match_record(info["match"].as_str().unwrap()).await;
    assert_eq!(record["status"], "playing", "{record}");
    assert_eq!(
        record["forfeited"],
        json!([{"seat": 1, "reason": "resigned"}])
    );
    let p0 = rejoin(&server, &players[0], &code).await;
    let p2 = rejoin(&server, &players[2], &code).await;
    assert_eq!(p0.view(&code).unwrap().1["status"], "playing");
    let mark = p2.mark();
    let ack = p0.play(&code, "m0", p0.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let served = p2
        .wait_for(mark, |f| {
            f["type"] == "patch"
                && f["events"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["kind"] == "moved" && e["seat"] == 1))
        })
        .await;
    p2.until_version(&code, served["version"].as_u64().unwrap())
        .await;
    assert_eq!(p2.view(&code).unwrap().1["to_move"], json!([2]));

    let mark = p0.mark();
    p2.resign(&code).await;
    let result = ended_by_forfeit(&p0, mark, &code, 2, "resigned").await;
    assert_eq!(result["winners"], json!([0]), "{result}");
    assert_eq!(
        result["forfeited"],
        json!([{"seat": 1, "reason": "resigned"}, {"seat": 2, "reason": "resigned"}])
    );
}
on_both_databases!(a_forfeit_survives_a_restart);

/// Absence is counted again from a restart: Alice, to move, left long enough before a SIGKILL to
/// be abandoned, is not forfeited the moment the server is back, but `--abandon-after-secs` later,
/// and the server does it by itself.
async fn abandonment_counts_from_a_restart(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_ABANDON_AFTER_SECS", "3"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let Duo {
        code, bob, a, b, ..
    } = started_duo(&server, &api, abalone(2)).await;
    a.close().await;
    tokio::time::sleep(Duration::from_millis(2000)).await;
    server.kill9();
    drop((a, b));
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let restarting = Instant::now();
    server.restart().await;

    let b = rejoin(&server, &bob, &code).await;
    let (version, view) = b.view(&code).unwrap();
    assert_eq!(
        (version, &view["status"]),
        (1, &json!("playing")),
        "Alice, gone 4 s, is not forfeited at the restart"
    );
    let result = ended_by_forfeit(&b, 0, &code, 0, "abandoned").await;
    let waited = restarting.elapsed();
    assert!(
        waited >= Duration::from_millis(2800),
        "forfeited {waited:?} after the restart began, before the 3 s allowed"
    );
    assert_eq!(result["winners"], json!([1]), "{result}");
}
on_both_databases!(abandonment_counts_from_a_restart);

/// The room frame Alice's client holds last for `code`, once `pred` accepts it.
async fn room_frame_where(client: &Client, mark: usize, pred: impl Fn(&Value) -> bool) -> Value {
    client
        .wait_for(mark, |f| f["type"] == "room" && pred(&f["room"]))
        .await["room"]
        .clone()
}

/// A leaver is seen, and friends are not punished for stepping away. In a private room without a
/// clock Bob leaves on his turn: the room says since when he is away and from when Alice may
/// claim, never a forfeit time; nothing happens by itself past the abandonment time; Alice's claim
/// is refused before it and, after it, wins her the match (Bob forfeits, `abandoned`). In a public
/// room the room says when the server will forfeit the away seat, and a claim is refused there.
async fn a_leaver_is_seen_and_a_private_room_claims(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_ABANDON_AFTER_SECS", "2")]).await;
    let api = Api::new(server.http());
    let private = json!({"game": "abalone", "players": 2, "visibility": "private",
                         "seating": "host_first"});
    let Duo { code, a, b, .. } = started_duo(&server, &api, private).await;
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let mark = a.mark();
    b.close().await;
    let info = room_frame_where(&a, mark, |r| r["seats"][1]["away_since"].is_string()).await;
    let bob = &info["seats"][1];
    assert!(bob["claim_at"].is_string(), "{info}");
    assert!(
        bob.get("forfeit_at").is_none(),
        "no forfeit in a private room: {info}"
    );
    assert!(info["seats"][0].get("away_since").is_none(), "{info}");
    let refused = a
        .expect_error(
            json!({"type": "claim", "room": code, "result": "win"}),
            "conflict",
        )
        .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("away long enough"),
        "{refused}"
    );
    tokio::time::sleep(Duration::from_millis(3000)).await;
    let (_, now) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(now["status"], "playing", "no automatic forfeit: {now}");
    let mark = a.mark();
    a.send(json!({"type": "claim", "room": code, "result": "win"}))
        .await;
    let result = ended_by_forfeit(&a, mark, &code, 1, "abandoned").await;
    assert_eq!(result["winners"], json!([0]), "{result}");

    // A public room: the server forfeits the away seat, and says when; claims are not for it.
    let Duo { code, a, b, .. } = started_duo(&server, &api, abalone(2)).await;
    let mark = a.mark();
    b.close().await;
    room_frame_where(&a, mark, |r| r["seats"][1]["away_since"].is_string()).await;
    let mark = a.mark();
    assert_eq!(
        a.play(&code, "m0", a.legal(&code)[0].clone()).await["type"],
        "ack"
    );
    let info = room_frame_where(&a, mark, |r| r["seats"][1]["forfeit_at"].is_string()).await;
    assert!(info["seats"][1].get("claim_at").is_none(), "{info}");
    a.expect_error(
        json!({"type": "claim", "room": code, "result": "draw"}),
        "conflict",
    )
    .await;
}
on_both_databases!(a_leaver_is_seen_and_a_private_room_claims);
