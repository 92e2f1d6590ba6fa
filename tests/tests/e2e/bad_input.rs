//! Bad input gets the contract's error and changes nothing: REST bodies, tokens, paths and queries,
//! and every WebSocket refusal (malformed JSON, wrong types, unknown type, unknown room, not seated,
//! out of turn, stale version, illegal move, oversized frame, flood, late auth, bad token). After
//! each, the connection (where the contract keeps it open) and the match go on.

use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::Duration;

async fn rest_refusals(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let token = Some(alice.token.as_str());

    // A missing field, an unknown one, a wrong type: named first (`field: why`), never serde's
    // own words about the target type and a line and column.
    for (body, words) in [
        (
            json!({"game": "abalone", "visibility": "private"}),
            "players: missing",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "private", "colour": 1}),
            "colour: unknown field",
        ),
        (
            json!({"game": "abalone", "players": "two", "visibility": "private"}),
            "players: invalid type",
        ),
    ] {
        let (status, error) = api.post("/api/v1/rooms", &body, token).await;
        assert_eq!(status, 400, "{body}: {error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(words), "{body}: {message}");
    }

    // Players: names, malformed bodies, wrong types.
    assert_error(
        &api.post("/api/v1/players", &json!({"name": ""}), None)
            .await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post("/api/v1/players", &json!({"name": "   "}), None)
            .await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post("/api/v1/players", &json!({"name": "x".repeat(33)}), None)
            .await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post("/api/v1/players", &json!({"name": "a\nb"}), None)
            .await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post("/api/v1/players", &json!({"name": 7}), None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post("/api/v1/players", &json!({"nom": "A"}), None)
            .await,
        400,
        "bad_request",
    );
    assert_error(
        &api.post_raw("/api/v1/players", "{not json".into(), None)
            .await,
        400,
        "bad_request",
    );
    let huge = json!({"name": "x".repeat(100 * 1024)}).to_string();
    assert_error(
        &api.post_raw("/api/v1/players", huge, None).await,
        413,
        "payload_too_large",
    );

    // Tokens: missing, unknown; checked before the body.
    assert_error(
        &api.get("/api/v1/players/me", None).await,
        401,
        "unauthorized",
    );
    assert_error(
        &api.get("/api/v1/players/me", Some("forged")).await,
        401,
        "unauthorized",
    );
    assert_error(
        &api.post_raw("/api/v1/rooms", "{not json".into(), Some("forged"))
            .await,
        401,
        "unauthorized",
    );
    let (status, me) = api.get("/api/v1/players/me", token).await;
    assert!(status.is_success());
    assert_eq!(
        me,
        json!({"id": alice.id, "name": "Alice", "role": "player"})
    );

    // Rooms: each bad field is named.
    let cases = [
        (
            json!({"game": "chess", "players": 2, "visibility": "private"}),
            "game",
        ),
        (
            json!({"game": "abalone", "players": 5, "visibility": "private"}),
            "players",
        ),
        (
            json!({"game": "abalone", "players": 1, "visibility": "private"}),
            "players",
        ),
        (
            json!({"game": "abalone", "players": "two", "visibility": "private"}),
            "players",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "secret"}),
            "visibility",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "private", "options": {"layout": "zigzag"}}),
            "options.layout",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "private", "options": {"colour": "red"}}),
            "options.colour",
        ),
        (
            json!({"game": "abalone", "players": 3, "visibility": "private", "options": {"layout": "german-daisy"}}),
            "options.layout",
        ),
        (
            json!({"game": "abalone", "players": 2, "visibility": "private", "options": {"max_plies": -3}}),
            "options.max_plies",
        ),
        (json!({"game": "abalone", "players": 2}), "visibility"),
    ];
    for (body, field) in cases {
        let answer = api.post("/api/v1/rooms", &body, token).await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(field),
            "{body}: `{message}` should name `{field}`"
        );
    }
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby, json!([]), "refused rooms were not created");

    // Unknown things and malformed paths or queries.
    assert_error(
        &api.get("/api/v1/rooms/ZZZZZZZZ", None).await,
        404,
        "not_found",
    );
    assert_error(
        &api.get("/api/v1/matches/00000000-0000-0000-0000-000000000000", None)
            .await,
        404,
        "not_found",
    );
    assert_error(
        &api.get("/api/v1/players/00000000-0000-0000-0000-000000000000", None)
            .await,
        404,
        "not_found",
    );
    assert_error(
        &api.get("/api/v1/matches/not-a-uuid", None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.get("/api/v1/matches?limit=0", None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.get("/api/v1/matches?limit=101", None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.get("/api/v1/matches?status=sleeping", None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.get("/api/v1/matches?player=bob", None).await,
        400,
        "bad_request",
    );
    assert_error(
        &api.get("/api/v1/nothing-here", None).await,
        404,
        "not_found",
    );
    // The WebSocket's path asked as a plain page (no upgrade) is a bad request, said in JSON.
    let answer = api.get("/api/v1/ws", None).await;
    assert_error(&answer, 400, "bad_request");
    let message = answer.1["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("Connection: upgrade"), "{}", answer.1);
}

on_both_databases!(rest_refusals);

async fn websocket_refusals(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_AUTH_TIMEOUT_SECS", "1"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let Duo { code, a, b, .. } = started_abalone_duo(&server, &api, "private").await;
    let before = a.view(&code).unwrap();
    let mv = |id: &str, version: Value, notation: &str| json!({"type": "move", "room": code, "id": id, "version": version, "move": {"notation": notation}});

    // Malformed, wrong types, unknown type: bad_request, and the connection stays open.
    let mark = a.mark();
    a.send_text("{not json".into()).await;
    let error = a.wait_for(mark, |f| f["type"] == "error").await;
    assert_eq!(
        (error["code"].as_str(), &error["id"]),
        (Some("bad_request"), &Value::Null)
    );
    a.expect_error(json!({"type": "teleport", "room": code}), "bad_request")
        .await;
    a.expect_error(
        json!({"type": "move", "room": code, "id": 7, "version": "x", "move": 3}),
        "bad_request",
    )
    .await;
    a.expect_error(
        json!({"type": "join", "room": code, "as": "referee"}),
        "bad_request",
    )
    .await;
    a.expect_error(json!({"room": code}), "bad_request").await;
    // A missing or unknown field is named first, `field: why`, as every bad input is.
    for (frame, words) in [
        (
            json!({"type": "move", "room": code, "version": 1, "move": {}}),
            "bad frame: id: missing",
        ),
        (
            json!({"type": "teleport"}),
            "bad frame: type: unknown variant `teleport`",
        ),
    ] {
        let error = a.expect_error(frame.clone(), "bad_request").await;
        let message = error["message"].as_str().unwrap();
        assert!(message.starts_with(words), "{frame}: {message}");
        assert!(!message.contains(" at line "), "{message}");
    }
    // A frame is a JSON object: an array naming a type is not read as that frame (serde would
    // take `["chat", ROOM, TEXT]` for a chat line), whatever it asks.
    a.expect_error(json!(["ping"]), "bad_request").await;
    a.expect_error(json!(["chat", code, "by the back door"]), "bad_request")
        .await;
    a.expect_error(
        json!({"type": "chat", "room": code, "text": "x".repeat(501)}),
        "bad_request",
    )
    .await;
    a.expect_error(
        json!({"type": "chat", "room": code, "text": ""}),
        "bad_request",
    )
    .await;
    a.expect_error(json!({"type": "auth", "token": "again"}), "bad_request")
        .await;
    // A move the game cannot read is bad_request too, and names its id.
    let error = a
        .expect_error(json!({"type": "move", "room": code, "id": "g1", "version": 1, "move": {"notation": "zz"}}), "bad_request")
        .await;
    assert_eq!(error["id"], "g1", "{error}");

    // The contract's order: unknown room, not seated, not your turn, stale version, illegal move.
    let unknown = json!({"type": "move", "room": "NOPE9999", "id": "m0", "version": 1, "move": {"notation": "a1b2"}});
    let error = a.expect_error(unknown, "unknown_room").await;
    assert_eq!(error["id"], "m0", "{error}");
    // It names the room it is about (addition), as every refusal of a room frame does.
    assert_eq!(error["room"], "NOPE9999", "{error}");
    let carol = api.new_player("Carol").await;
    let dave = api.new_player("Dave").await;
    let c = Client::login(&server.ws_url(), &carol).await;
    assert_eq!(
        c.expect_error(mv("x1", json!(1), "i5h5"), "not_seated")
            .await["id"],
        "x1"
    );
    assert_eq!(
        b.expect_error(mv("m1", json!(1), "i5h5"), "not_your_turn")
            .await["id"],
        "m1"
    );
    assert_eq!(
        a.expect_error(mv("m2", json!(0), "a1b2"), "stale_version")
            .await["id"],
        "m2"
    );
    assert_eq!(
        a.expect_error(mv("m3", json!(1), "a1a2"), "illegal_move")
            .await["id"],
        "m3"
    );
    assert_eq!(
        a.expect_error(mv("m4", json!(1), "i5h5"), "illegal_move")
            .await["id"],
        "m4"
    );

    // Room actions: only the host starts, once; a full room refuses a third player; chat needs a
    // join that succeeded.
    b.expect_error(json!({"type": "start", "room": code}), "forbidden")
        .await;
    a.expect_error(json!({"type": "start", "room": code}), "conflict")
        .await;
    let joined = c.join(&code, "player").await;
    assert_eq!(joined["code"], "room_full");
    c.expect_error(
        json!({"type": "chat", "room": code, "text": "hello"}),
        "not_joined",
    )
    .await;

    // Nothing changed: both views are still at version 1, and refused moves left no trace.
    assert_eq!(a.view(&code).unwrap(), before);
    assert_eq!(a.sync(&code).await["view"], before.1);
    assert!(
        !a.is_closed() && !b.is_closed(),
        "refusals keep the connection open"
    );

    // The match goes on; a move sent again with its id is not played twice.
    let ack = a.play(&code, "ok1", json!({"notation": "a1b2"})).await;
    assert_eq!(
        (ack["type"].as_str(), ack["version"].as_u64()),
        (Some("ack"), Some(2))
    );
    b.until_version(&code, 2).await;
    let again = a
        .play_at(&code, "ok1", 2, json!({"notation": "a1b2"}))
        .await;
    assert_eq!(
        again, ack,
        "a resent move id is answered with its first ack"
    );
    b.until_version(&code, 2).await;
    assert_eq!(b.version(&code), 2);
    // Bob's move on Alice's old version is stale.
    assert_eq!(
        b.expect_error(mv("m5", json!(1), "i5h5"), "stale_version")
            .await["id"],
        "m5"
    );

    // An oversized frame closes that connection with 1009; the others go on.
    let big = Client::login(&server.ws_url(), &carol).await;
    big.send_text(format!(
        "{{\"type\":\"chat\",\"room\":\"{code}\",\"text\":\"{}\"}}",
        "x".repeat(70 * 1024)
    ))
    .await;
    assert_eq!(
        big.closed_within(Duration::from_secs(5)).await,
        Some(Some(1009))
    );

    // A flood is answered rate_limited, then closed with 1008.
    let flood = Client::login(&server.ws_url(), &carol).await;
    for _ in 0..3000 {
        flood.send(json!({"type": "ping"})).await;
    }
    assert_eq!(
        flood.closed_within(Duration::from_secs(10)).await,
        Some(Some(1008))
    );
    let frames = flood.frames();
    let refused = frames
        .iter()
        .position(|f| f["type"] == "error" && f["code"] == "rate_limited")
        .expect("the flood is refused rate_limited before the close");
    // Warned first, once, half-way through the burst: a client that slows down then is never
    // cut off.
    let warnings: Vec<(usize, &Value)> = frames
        .iter()
        .enumerate()
        .filter(|(_, f)| f["type"] == "warning")
        .collect();
    assert_eq!(warnings.len(), 1, "one warning: {warnings:?}");
    let (at, warning) = warnings[0];
    assert!(at < refused, "the warning comes before the refusal");
    assert_eq!(warning["code"], "rate_limited", "{warning}");
    // The connection's half, or the player's (Carol's other sockets spent a little of it).
    assert!(
        ["frames_per_connection", "frames_per_player"]
            .contains(&warning["limit"].as_str().unwrap()),
        "{warning}"
    );
    let pongs_before = frames[..at].iter().filter(|f| f["type"] == "pong").count();
    assert!(
        (80..=110).contains(&pongs_before),
        "warned at half the burst of 200 frames, after {pongs_before} pongs"
    );

    // A client that keeps to the pacing after its warning is warned no more and stays open.
    let paced = Client::login(&server.ws_url(), &dave).await;
    for _ in 0..150 {
        paced.send(json!({"type": "ping"})).await;
    }
    paced.wait_for(0, |f| f["type"] == "warning").await;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(40)).await;
        paced.send(json!({"type": "ping"})).await;
    }
    let mark = paced.mark();
    paced.send(json!({"type": "ping"})).await;
    paced.wait_for(mark, |f| f["type"] == "pong").await;
    assert!(!paced.is_closed(), "a paced client stays connected");
    assert!(
        !paced.frames().iter().any(|f| f["type"] == "error"),
        "nothing refused"
    );

    // Late auth and a bad token: closed with 4001, never welcomed.
    let late = Client::connect(&server.ws_url()).await;
    assert_eq!(
        late.closed_within(Duration::from_secs(5)).await,
        Some(Some(4001))
    );
    let forged = Client::connect(&server.ws_url()).await;
    forged
        .send(json!({"type": "auth", "token": "forged"}))
        .await;
    assert_eq!(
        forged.closed_within(Duration::from_secs(5)).await,
        Some(Some(4001))
    );
    assert!(forged.frames().iter().all(|f| f["type"] != "welcome"));
    // A good token in an array is no `auth` frame either.
    let listed = Client::connect(&server.ws_url()).await;
    listed.send(json!(["auth", carol.token])).await;
    assert_eq!(
        listed.closed_within(Duration::from_secs(5)).await,
        Some(Some(4001))
    );
    assert!(listed.frames().iter().all(|f| f["type"] != "welcome"));

    // Ping still answered, and the match still goes on.
    let mark = b.mark();
    b.send(json!({"type": "ping"})).await;
    b.wait_for(mark, |f| f["type"] == "pong").await;
    let ack = b.play(&code, "ok2", json!({"notation": "i5h5"})).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    assert!(a.gaps().is_empty() && b.gaps().is_empty());
}

on_both_databases!(websocket_refusals);

/// An error never echoes a client's long text: what it quotes of it is at most 64 characters and
/// an ellipsis, over REST and the WebSocket alike.
async fn errors_quote_at_most_64_characters_of_what_was_sent(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let long = "q".repeat(5000);
    let cut = format!("{}…", "q".repeat(64));
    let (_, refused) = api
        .post(
            "/api/v1/rooms",
            &json!({"game": long, "players": 2, "visibility": "private"}),
            Some(&alice.token),
        )
        .await;
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains(&cut), "{message}");
    assert!(!message.contains(&"q".repeat(65)), "{message}");
    let c = Client::login(&server.ws_url(), &alice).await;
    for frame in [
        json!({"type": "join", "room": long, "as": "player"}),
        json!({"type": long}),
    ] {
        let mark = c.mark();
        c.send(frame).await;
        let error = c.wait_for(mark, |f| f["type"] == "error").await;
        let message = error["message"].as_str().unwrap();
        assert!(message.chars().count() < 300, "{message}");
        assert!(!message.contains(&"q".repeat(65)), "{message}");
    }
}
on_both_databases!(errors_quote_at_most_64_characters_of_what_was_sent);

/// A player's whole-history export is budgeted per client address (`--exports-per-minute`, here
/// 2): the third at once is `429 rate_limited` with `Retry-After`, and reads nothing.
async fn exports_are_budgeted_per_address(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_EXPORTS_PER_MINUTE", "2")]).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let path = format!("/api/v1/players/{}/matches.ndjson", alice.id);
    for _ in 0..2 {
        let (status, _, _) = api.raw(reqwest::Method::GET, &path, None, None).await;
        assert_eq!(status.as_u16(), 200);
    }
    let (status, headers, body) = api.raw(reqwest::Method::GET, &path, None, None).await;
    assert_eq!(status.as_u16(), 429, "{body}");
    assert!(headers.contains_key("retry-after"), "{headers:?}");
    assert!(body.contains("rate_limited"), "{body}");
}
on_both_databases!(exports_are_budgeted_per_address);
