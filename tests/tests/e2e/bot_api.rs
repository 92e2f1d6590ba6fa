//! The bot API (issue 47, docs/bots.md): personal access tokens with scopes, bot accounts, the
//! match stream and its actions, limits that say what they are, challenges and the event stream.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

async fn start(backend: Backend) -> (TestDb, TestServer, Api) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    (db, server, api)
}

const TOKENS: &str = "/api/v1/players/me/tokens";
const UPGRADE: &str = "/api/v1/bot/account/upgrade";

/// An account makes tokens, sees them listed without their secret, and revokes them; a guest and
/// a program's own token make none; bad input is refused and changes nothing; a token without the
/// scope a route needs is `403 missing_scope` naming it; signing out everywhere revokes them too.
async fn personal_access_tokens(backend: Backend) {
    let (_db, _server, api) = start(backend).await;
    let guest = api.new_player("Guest").await;
    let made = api
        .post(
            TOKENS,
            &json!({"name": "bot", "scopes": ["read"]}),
            Some(&guest.token),
        )
        .await;
    assert_error(&made, 403, "forbidden");

    let alice = api.new_account("Alice", PASSWORD).await;
    for bad in [
        json!({"name": "bot", "scopes": []}),
        json!({"name": "bot", "scopes": ["admin"]}),
        json!({"name": "", "scopes": ["read"]}),
        json!({"name": "x".repeat(65), "scopes": ["read"]}),
        json!({"scopes": ["read"]}),
    ] {
        assert_error(
            &api.post(TOKENS, &bad, Some(&alice.token)).await,
            400,
            "bad_request",
        );
    }
    assert_eq!(
        api.get(TOKENS, Some(&alice.token)).await.1,
        json!({"tokens": []})
    );

    let (status, made) = api
        .post(
            TOKENS,
            &json!({"name": "  my bot ", "scopes": ["bot:play", "read", "read"]}),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["name"], "my bot");
    assert_eq!(made["scopes"], json!(["read", "bot:play"]));
    let secret = made["token"].as_str().unwrap().to_string();
    assert_eq!(secret.len(), 64);
    let (status, listed) = api.get(TOKENS, Some(&alice.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["tokens"].as_array().unwrap().len(), 1);
    assert_eq!(listed["tokens"][0]["id"], made["id"]);
    assert!(
        !listed.to_string().contains(&secret),
        "the secret is shown once: {listed}"
    );

    // A program's token manages no tokens, and signs in nowhere but the bot API.
    assert_error(&api.get(TOKENS, Some(&secret)).await, 403, "forbidden");
    assert_error(
        &api.get("/api/v1/players/me", Some(&secret)).await,
        401,
        "unauthorized",
    );

    // The scope a route needs is named when the token lacks it.
    let (_, read_only) = api.access_token(&alice, &["read"]).await;
    let refused = api.post(UPGRADE, &json!({}), Some(&read_only)).await;
    assert_error(&refused, 403, "missing_scope");
    assert_eq!(refused.1["error"]["scope"], "bot:play");
    // A session never plays as a bot.
    let refused = api.post(UPGRADE, &json!({}), Some(&alice.token)).await;
    assert_eq!(refused.1["error"]["scope"], "bot:play");

    // Revoked: it signs nobody in; another's token cannot be revoked.
    let id = made["id"].as_str().unwrap();
    let bob = api.new_account("Bob", PASSWORD).await;
    let path = format!("{TOKENS}/{id}");
    assert_error(&api.delete(&path, Some(&bob.token)).await, 404, "not_found");
    assert_eq!(
        api.delete(&path, Some(&alice.token)).await.0,
        StatusCode::NO_CONTENT
    );
    assert_error(
        &api.delete(&path, Some(&alice.token)).await,
        404,
        "not_found",
    );
    assert_error(
        &api.post(UPGRADE, &json!({}), Some(&secret)).await,
        401,
        "unauthorized",
    );
    assert_eq!(
        api.get(TOKENS, Some(&alice.token)).await.1["tokens"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Signing out everywhere revokes the programs' tokens with the sessions.
    let (_, kept) = api.access_token(&bob, &["bot:play"]).await;
    assert_eq!(
        api.delete("/api/v1/sessions", Some(&bob.token)).await.0,
        StatusCode::NO_CONTENT
    );
    assert_error(
        &api.post(UPGRADE, &json!({}), Some(&kept)).await,
        401,
        "unauthorized",
    );
}
on_both_databases!(personal_access_tokens);

/// A fresh account becomes a bot for good: `"bot": true` on its profile, in `GET /players/me`,
/// in the seats of a room it sits in; it never enters quick pairing, takes no seat over the
/// WebSocket, and is ranked on a leaderboard of its own. An account that has played a rated match
/// stays a person.
async fn bot_accounts(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let (bot, _token) = api.new_bot("Robot").await;
    let (status, profile) = api.get(&format!("/api/v1/players/{}", bot.id), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(profile["bot"], true);
    assert_eq!(
        api.get("/api/v1/players/me", Some(&bot.token)).await.1["bot"],
        true
    );
    // A person's references say nothing new.
    let alice = api.new_account("Alice", PASSWORD).await;
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert!(profile.get("bot").is_none(), "{profile}");

    let quick = api
        .post(
            "/api/v1/rooms/quick",
            &json!({"game": "abalone", "players": 2}),
            Some(&bot.token),
        )
        .await;
    assert_error(&quick, 403, "forbidden");
    let room = json!({"game": "abalone", "players": 2, "visibility": "public"});
    let made = api.post("/api/v1/rooms", &room, Some(&bot.token)).await;
    assert_error(&made, 403, "forbidden");

    // Over the WebSocket a bot watches, and takes no seat.
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap();
    let client = plateau_tests::Client::login(&server.ws_url(), &bot).await;
    client
        .expect_error(
            json!({"type": "join", "room": code, "as": "player"}),
            "forbidden",
        )
        .await;
    let watched = client.join(code, "spectator").await;
    assert_eq!(watched["type"], "room", "{watched}");

    // The leaderboards: people's and bots' apart (nobody settled yet on either).
    for query in ["", "?bots=true"] {
        let (status, board) = api
            .get(&format!("/api/v1/games/abalone/leaderboard{query}"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{board}");
    }
    assert_error(
        &api.get("/api/v1/games/abalone/leaderboard?bots=maybe", None)
            .await,
        400,
        "bad_request",
    );
}
on_both_databases!(bot_accounts);

/// The path of a match route of room `code`.
fn bot_match(code: &str, what: &str) -> String {
    format!("/api/v1/bot/match/{code}/{what}")
}

/// Bob, an ordinary account, plays his own seat through the bot API (`board:play`) while his
/// WebSocket watches the same seat: the stream's view is exactly the WebSocket's, at every
/// version, hidden information as hidden (Triominos: the other seat's tiles); a move is stored
/// before its `200`; each refusal is the WebSocket's code; chat, a resignation and `ended` come
/// through; the stream is NDJSON and ends with the match.
async fn match_stream_and_actions(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let alice = api.new_account("Alice", PASSWORD).await;
    let bob = api.new_account("Bob", PASSWORD).await;
    let (_, play) = api.access_token(&bob, &["board:play"]).await;
    let (_, read_only) = api.access_token(&bob, &["read"]).await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "triominos", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let stream_path = bot_match(&code, "stream");
    // Nobody streams a seat it does not hold, nor with a token that may not play.
    let refused = plateau_tests::NdjsonStream::open(&server.http(), &stream_path, &play).await;
    assert_error(&refused.err().unwrap(), 403, "not_seated");
    let a = plateau_tests::Client::login(&server.ws_url(), &alice).await;
    let b = plateau_tests::Client::login(&server.ws_url(), &bob).await;
    a.join(&code, "player").await;
    b.join(&code, "player").await;
    let refused = plateau_tests::NdjsonStream::open(&server.http(), &stream_path, &read_only).await;
    let refused = refused.err().unwrap();
    assert_error(&refused, 403, "missing_scope");
    assert_eq!(refused.1["error"]["scope"], "board:play");
    let unknown =
        plateau_tests::NdjsonStream::open(&server.http(), &bot_match("NOSUCH", "stream"), &play)
            .await;
    assert_error(&unknown.err().unwrap(), 404, "unknown_room");

    let stream = plateau_tests::NdjsonStream::open(&server.http(), &stream_path, &play)
        .await
        .expect("a stream");
    assert_eq!(stream.content_type(), "application/x-ndjson");
    let mark = a.mark();
    a.send(json!({"type": "start", "room": code})).await;
    a.wait_for(mark, |f| f["type"] == "snapshot").await;
    let full = stream.wait_for_type(0, "full").await;
    assert_eq!(full["room"], code.as_str());
    assert_eq!(full["game"], "triominos");
    let seat = full["you"].as_u64().expect("the seat") as usize;
    assert_eq!(full["players"][seat]["id"], bob.id.as_str());
    let same_as_socket = |version: u64, view: &Value| {
        b.view(&code)
            .is_some_and(|(at, socket)| at == version && &socket == view)
    };
    let version = full["version"].as_u64().unwrap();
    b.until_version(&code, version).await;
    assert!(
        same_as_socket(version, &full["view"]),
        "{full} vs {:?}",
        b.view(&code)
    );
    // Hidden information stays hidden: Alice's view of her own seat is not Bob's.
    let (_, alices) = a.view(&code).unwrap();
    assert_ne!(alices["state"]["private"], full["view"]["state"]["private"]);

    // Moves, each stored before its answer; the stream follows, whole, version by version.
    let mut plies = 0;
    let mut last = full.clone();
    while plies < 6 {
        let view = last["view"].clone();
        let version = last["version"].as_u64().unwrap();
        let mine = view["to_move"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == seat);
        let mark = stream.mark();
        if mine {
            let legal = view["you"]["legal"]
                .as_array()
                .expect("legal moves")
                .clone();
            // The WebSocket's refusals, with their codes.
            let stale = api
                .post(
                    &bot_match(&code, "move"),
                    &json!({"move": legal[0], "version": version + 7}),
                    Some(&play),
                )
                .await;
            assert_error(&stale, 409, "stale_version");
            let illegal = api
                .post(
                    &bot_match(&code, "move"),
                    &json!({"move": {"nonsense": 1}, "version": version}),
                    Some(&play),
                )
                .await;
            assert!(
                illegal.0 == StatusCode::CONFLICT || illegal.0 == StatusCode::BAD_REQUEST,
                "{illegal:?}"
            );
            let (status, acted) = api
                .post(
                    &bot_match(&code, "move"),
                    &json!({"move": legal[0], "version": version, "id": format!("m{plies}")}),
                    Some(&play),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{acted}");
            assert_eq!(acted["version"], version + 1);
            // Stored before its answer: the record has it already.
            let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
            let record = api
                .match_record(info["match"].as_str().expect("a match"))
                .await;
            assert_eq!(
                record["moves"].as_array().unwrap().len(),
                plies + 1,
                "{record}"
            );
        } else {
            let legal = a.legal(&code);
            let mv = legal.first().expect("Alice's legal moves").clone();
            let answer = a.play(&code, &format!("a{plies}"), mv).await;
            assert_eq!(answer["type"], "ack", "{answer}");
            // Not Bob's turn now: the WebSocket's code.
            if !a.view(&code).unwrap().1["to_move"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == seat)
            {
                let (version, _) = a.view(&code).unwrap();
                let not_yours = api
                    .post(
                        &bot_match(&code, "move"),
                        &json!({"move": 0, "version": version}),
                        Some(&play),
                    )
                    .await;
                assert_error(&not_yours, 409, "not_your_turn");
            }
        }
        last = stream.wait_for(mark, |l| l["type"] == "state").await;
        let version = last["version"].as_u64().unwrap();
        b.until_version(&code, version).await;
        assert!(
            same_as_socket(version, &last["view"]),
            "stream and socket differ at {version}"
        );
        assert_eq!(last["clocks"], last["view"]["clock"]);
        plies += 1;
    }

    let carol = api.new_account("Carol", PASSWORD).await;
    let (_, carols) = api.access_token(&carol, &["board:play"]).await;
    assert_error(
        &api.post(&bot_match(&code, "resign"), &json!({}), Some(&carols))
            .await,
        403,
        "not_seated",
    );
    assert_error(
        &api.post(&bot_match("NOSUCH", "resign"), &json!({}), Some(&play))
            .await,
        404,
        "unknown_room",
    );

    let mark = stream.mark();
    let said = api
        .post(
            &bot_match(&code, "chat"),
            &json!({"text": "  good game  "}),
            Some(&play),
        )
        .await;
    assert_eq!(said.0, StatusCode::OK, "{said:?}");
    let line = stream.wait_for_type(mark, "chat").await;
    assert_eq!(
        (line["text"].as_str(), line["player"]["id"].as_str()),
        (Some("good game"), Some(bob.id.as_str()))
    );
    assert_error(
        &api.post(
            &bot_match(&code, "chat"),
            &json!({"text": "   "}),
            Some(&play),
        )
        .await,
        400,
        "bad_request",
    );

    let (status, _) = api
        .post(&bot_match(&code, "resign"), &json!({}), Some(&play))
        .await;
    assert_eq!(status, StatusCode::OK);
    let ended = stream.wait_for_type(mark, "ended").await;
    assert_eq!(ended["result"]["reason"], "resigned", "{ended}");
    assert!(stream.ended_within(std::time::Duration::from_secs(5)).await);
    // The match record holds every move the API acknowledged.
    let match_id = ended["match"].as_str().unwrap();
    let record = api.match_record(match_id).await;
    assert_eq!(record["moves"].as_array().unwrap().len(), plies);
}
on_both_databases!(match_stream_and_actions);

/// Bob's seat of a fresh Abalone room hosted by Alice through `host`, both joined over the
/// WebSocket of `host` and the match started: the room's code, Bob, his `board:play` token, and
/// Alice's socket.
async fn bob_at_a_match(
    host: &TestServer,
) -> (String, plateau_tests::Player, String, plateau_tests::Client) {
    let api = Api::new(host.http());
    let alice = api.new_account("Alice", PASSWORD).await;
    let bob = api.new_account("Bob", PASSWORD).await;
    let (_, token) = api.access_token(&bob, &["board:play"]).await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let a = plateau_tests::Client::login(&host.ws_url(), &alice).await;
    a.join(&code, "player").await;
    let b = plateau_tests::Client::login(&host.ws_url(), &bob).await;
    b.join(&code, "player").await;
    b.close().await;
    let mark = a.mark();
    a.send(json!({"type": "start", "room": code})).await;
    a.wait_for(mark, |f| f["type"] == "snapshot").await;
    (code, bob, token, a)
}

/// Revoking a token closes the streams it opened at once; it opens no other.
async fn revoking_a_token_closes_its_streams(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let (code, bob, token, _alice) = bob_at_a_match(&server).await;
    let stream =
        plateau_tests::NdjsonStream::open(&server.http(), &bot_match(&code, "stream"), &token)
            .await
            .expect("a stream");
    stream.wait_for_type(0, "full").await;
    let (_, tokens) = api.get(TOKENS, Some(&bob.token)).await;
    let id = tokens["tokens"][0]["id"].as_str().unwrap();
    let revoked = api
        .delete(&format!("{TOKENS}/{id}"), Some(&bob.token))
        .await;
    assert_eq!(revoked.0, StatusCode::NO_CONTENT);
    assert!(
        stream.ended_within(std::time::Duration::from_secs(2)).await,
        "the stream is closed"
    );
    let again =
        plateau_tests::NdjsonStream::open(&server.http(), &bot_match(&code, "stream"), &token)
            .await;
    assert_error(&again.err().unwrap(), 401, "unauthorized");
}
on_both_databases!(revoking_a_token_closes_its_streams);

/// Two nodes: Bob streams and plays through the node that does not run the room (each action
/// answered from the room's node), and his token revoked on the other node closes his stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_and_actions_across_nodes() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = plateau_tests::cluster::start_nodes(&db, 2, 2_000, &[]).await;
    let (code, bob, token, alice) = bob_at_a_match(&nodes[0]).await;
    let other = Api::new(nodes[1].http());
    let stream =
        plateau_tests::NdjsonStream::open(&nodes[1].http(), &bot_match(&code, "stream"), &token)
            .await
            .expect("a stream");
    let full = stream.wait_for_type(0, "full").await;
    let seat = full["you"].as_u64().unwrap();
    // Abalone: the first seat moves first; whoever Bob is, one move of his is played.
    let mut last = full;
    for _ in 0..2 {
        let view = &last["view"];
        if view["to_move"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == seat)
        {
            let mark = stream.mark();
            let mv = view["you"]["legal"][0].clone();
            let version = last["version"].as_u64().unwrap();
            let (status, acted) = other
                .post(
                    &bot_match(&code, "move"),
                    &json!({"move": mv, "version": version}),
                    Some(&token),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{acted}");
            last = stream.wait_for_type(mark, "state").await;
            assert_eq!(last["version"], acted["version"]);
            break;
        }
        let stale = other
            .post(
                &bot_match(&code, "move"),
                &json!({"move": 0, "version": 1}),
                Some(&token),
            )
            .await;
        assert_error(&stale, 409, "not_your_turn");
        let mark = stream.mark();
        let mv = alice.legal(&code)[0].clone();
        let frame = json!({"type": "move", "room": code, "id": "a1", "version": last["version"], "move": mv});
        alice.send(frame).await;
        last = stream.wait_for_type(mark, "state").await;
    }
    let api = Api::new(nodes[0].http());
    let (_, tokens) = api.get(TOKENS, Some(&bob.token)).await;
    let id = tokens["tokens"][0]["id"].as_str().unwrap();
    assert_eq!(
        api.delete(&format!("{TOKENS}/{id}"), Some(&bob.token))
            .await
            .0,
        StatusCode::NO_CONTENT
    );
    assert!(
        stream.ended_within(std::time::Duration::from_secs(3)).await,
        "closed on the other node"
    );
}

async fn start_with(backend: Backend, env: &[(&str, &str)]) -> (TestDb, TestServer, Api) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, env).await;
    let api = Api::new(server.http());
    (db, server, api)
}

const EVENTS: &str = "/api/v1/stream/event";

async fn events_of(server: &TestServer, token: &str) -> plateau_tests::NdjsonStream {
    plateau_tests::NdjsonStream::open(&server.http(), EVENTS, token)
        .await
        .expect("an event stream")
}

/// Alice challenges a bot from the web (her session), the bot hears of it on its event stream,
/// accepts, and the room starts by itself: `matchStart`, the bot's match stream, `matchFinish`.
/// A challenge declined ends for everybody with the reason and closes its room; one unanswered is
/// cancelled when it expires; an event stream opened later lists what is under way; bad input is
/// refused; a quiet stream gets an empty line every 6 s.
async fn challenges_and_the_event_stream(backend: Backend) {
    let (_db, server, api) = start_with(backend, &[("PLATEAU_CHALLENGE_TTL_SECS", "2")]).await;
    let alice = api.new_account("Alice", PASSWORD).await;
    let (bot, token) = api.new_bot("Robot").await;
    let (_, read_only) = api.access_token(&bot, &["read"]).await;
    let bots_events = events_of(&server, &read_only).await;
    let alices_events = events_of(&server, &alice.token).await;
    let challenge = |to: Value, players: u64| json!({"to": to, "game": "abalone", "players": players, "clock": {"kind": "per_move", "s": 600}});
    for (bad, status) in [
        (challenge(json!([alice.id]), 2), 400),
        (challenge(json!([]), 1), 400),
        (challenge(json!([bot.id, bot.id]), 3), 400),
        (challenge(json!([bot.id]), 3), 400),
        (challenge(json!([uuid::Uuid::new_v4()]), 2), 404),
    ] {
        let refused = api
            .post("/api/v1/challenges", &bad, Some(&alice.token))
            .await;
        assert_eq!(refused.0.as_u16(), status, "{bad}: {refused:?}");
    }
    let (status, made) = api
        .post(
            "/api/v1/challenges",
            &challenge(json!([bot.id]), 2),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let (id, code) = (made["id"].as_str().unwrap(), made["room"].as_str().unwrap());
    let heard = bots_events.wait_for_type(0, "challenge").await;
    assert_eq!(heard["challenge"]["id"], id);
    assert_eq!(heard["challenge"]["challenger"]["id"], alice.id.as_str());
    assert_eq!(heard["challenge"]["to"][0]["bot"], true);
    // Only those challenged answer.
    let carol = api.new_account("Carol", PASSWORD).await;
    let path = |what: &str| format!("/api/v1/challenges/{id}/{what}");
    assert_error(
        &api.post(&path("accept"), &json!({}), Some(&carol.token))
            .await,
        404,
        "not_found",
    );
    // A read-only token cannot accept.
    assert_error(
        &api.post(&path("accept"), &json!({}), Some(&read_only))
            .await,
        403,
        "missing_scope",
    );
    let mark = bots_events.mark();
    let (status, accepted) = api.post(&path("accept"), &json!({}), Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let started = bots_events.wait_for_type(mark, "matchStart").await;
    assert_eq!(started["room"], code);
    alices_events.wait_for_type(0, "matchStart").await;
    assert_error(
        &api.post(&path("accept"), &json!({}), Some(&token)).await,
        409,
        "conflict",
    );

    // A stream opened now lists the match under way.
    let later = events_of(&server, &read_only).await;
    let under_way = later.wait_for_type(0, "matchStart").await;
    assert_eq!(under_way["room"], code);

    // The bot plays through its match stream; Alice resigns over the WebSocket.
    let stream =
        plateau_tests::NdjsonStream::open(&server.http(), &bot_match(code, "stream"), &token)
            .await
            .expect("the bot's stream");
    let full = stream.wait_for_type(0, "full").await;
    assert_eq!(full["players"].as_array().unwrap().len(), 2);
    let a = plateau_tests::Client::login(&server.ws_url(), &alice).await;
    a.join(code, "player").await;
    let mark = bots_events.mark();
    a.resign(code).await;
    let finished = bots_events.wait_for_type(mark, "matchFinish").await;
    assert_eq!(finished["result"]["reason"], "resigned", "{finished}");
    stream.wait_for_type(0, "ended").await;

    // Declined: for everybody, with the reason; the room is closed.
    let (_, made) = api
        .post(
            "/api/v1/challenges",
            &challenge(json!([bot.id]), 2),
            Some(&alice.token),
        )
        .await;
    let (id, code) = (
        made["id"].as_str().unwrap().to_string(),
        made["room"].as_str().unwrap().to_string(),
    );
    let mark = alices_events.mark();
    let declined = api
        .post(
            &format!("/api/v1/challenges/{id}/decline"),
            &json!({"reason": "not now"}),
            Some(&token),
        )
        .await;
    assert_eq!(declined.0, StatusCode::NO_CONTENT, "{declined:?}");
    let told = alices_events.wait_for_type(mark, "challengeDeclined").await;
    assert_eq!(
        (told["id"].as_str(), told["reason"].as_str()),
        (Some(id.as_str()), Some("not now"))
    );
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(room["status"], "abandoned", "{room}");

    // Unanswered: cancelled once it expires (2 s here), for both.
    let (_, made) = api
        .post(
            "/api/v1/challenges",
            &challenge(json!([bot.id]), 2),
            Some(&alice.token),
        )
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let mark = bots_events.mark();
    let cancelled = bots_events.wait_for_type(mark, "challengeCanceled").await;
    assert_eq!(
        (cancelled["id"].as_str(), cancelled["reason"].as_str()),
        (Some(id.as_str()), Some("expired"))
    );
    let late = api
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            &json!({}),
            Some(&token),
        )
        .await;
    assert_error(&late, 409, "conflict");

    // Quiet: an empty line every 6 s.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(8);
    while later.keep_alives() == 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(later.keep_alives() > 0, "a keep-alive line");
}
on_both_databases!(challenges_and_the_event_stream);

/// A bot's author describes it (`PUT /api/v1/bot/account`, `bot:play`), and its profile shows the
/// description; bad text is refused and changes nothing; a person has none; null clears it.
async fn a_bots_description(backend: Backend) {
    let (_db, _server, api) = start(backend).await;
    let (bot, token) = api.new_bot("Robot").await;
    let (_, read_only) = api.access_token(&bot, &["read"]).await;
    const ACCOUNT: &str = "/api/v1/bot/account";
    let profile = format!("/api/v1/players/{}", bot.id);
    assert!(api.get(&profile, None).await.1.get("description").is_none());

    let said = "  Plays Abalone greedily; by Alice.  ";
    let set = api
        .put(ACCOUNT, &json!({"description": said}), Some(&token))
        .await;
    assert_eq!(set.0, StatusCode::NO_CONTENT, "{set:?}");
    let (_, shown) = api.get(&profile, None).await;
    assert_eq!(shown["description"], said.trim(), "{shown}");

    for bad in [
        json!({"description": "é".repeat(501)}),
        json!({"description": "two\nlines"}),
        json!({"description": " \u{3164} "}),
        json!({"description": ""}),
        json!({"description": 7}),
        json!({"about": "me"}),
    ] {
        assert_error(
            &api.put(ACCOUNT, &bad, Some(&token)).await,
            400,
            "bad_request",
        );
    }
    assert_error(
        &api.put(ACCOUNT, &json!({"description": "x"}), Some(&read_only))
            .await,
        403,
        "missing_scope",
    );
    assert_error(
        &api.put(ACCOUNT, &json!({"description": "x"}), None).await,
        401,
        "unauthorized",
    );
    let longest = "é".repeat(500);
    let set = api
        .put(ACCOUNT, &json!({"description": longest}), Some(&token))
        .await;
    assert_eq!(set.0, StatusCode::NO_CONTENT, "{set:?}");
    assert_eq!(api.get(&profile, None).await.1["description"], longest);

    // A person (even with a `bot:play` token) has no description.
    let alice = api.new_account("Alice", PASSWORD).await;
    let (_, hers) = api.access_token(&alice, &["bot:play"]).await;
    assert_error(
        &api.put(ACCOUNT, &json!({"description": "me"}), Some(&hers))
            .await,
        409,
        "conflict",
    );
    let (_, person) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert!(person.get("description").is_none(), "{person}");

    let cleared = api
        .put(ACCOUNT, &json!({"description": null}), Some(&token))
        .await;
    assert_eq!(cleared.0, StatusCode::NO_CONTENT, "{cleared:?}");
    assert!(api.get(&profile, None).await.1.get("description").is_none());
}
on_both_databases!(a_bots_description);

/// A person challenged hears of it on its WebSocket once it follows its games (the web client's
/// Accept / Decline): the open challenges after the games, each new one as it comes; the
/// challenger hears it declined, with the reason; both hear it cancelled when it expires; one
/// accepted is no longer listed and its match is among the games.
async fn challenges_over_the_websocket(backend: Backend) {
    let (_db, server, api) = start_with(backend, &[("PLATEAU_CHALLENGE_TTL_SECS", "3")]).await;
    let alice = api.new_account("Alice", PASSWORD).await;
    let bob = api.new_account("Bob", PASSWORD).await;
    let follow = |who: &plateau_tests::Player| {
        let (url, who) = (server.ws_url(), who.clone());
        async move {
            let client = plateau_tests::Client::login(&url, &who).await;
            let mark = client.mark();
            client.send(json!({"type": "join", "games": true})).await;
            let listed = client.wait_for(mark, |f| f["type"] == "challenges").await;
            (client, listed["challenges"].clone())
        }
    };
    let (bobs, listed) = follow(&bob).await;
    assert_eq!(listed, json!([]));
    let (alices, _) = follow(&alice).await;
    let challenge = json!({"to": [bob.id], "game": "abalone", "players": 2});
    let challenge_bob = || api.post("/api/v1/challenges", &challenge, Some(&alice.token));

    let mark = bobs.mark();
    let (status, made) = challenge_bob().await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let heard = bobs.wait_for(mark, |f| f["type"] == "challenge").await;
    assert_eq!(heard["challenge"]["id"], made["id"], "{heard}");
    assert_eq!(heard["challenge"]["room"], made["room"]);
    assert_eq!(heard["challenge"]["game"], "abalone");
    assert_eq!(heard["challenge"]["challenger"]["name"], "Alice");
    // Following again (a reconnect) lists it; the challenger's own is not offered to her.
    let (_again, listed) = follow(&bob).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed[0]["id"], made["id"]);
    assert_eq!(follow(&alice).await.1, json!([]));

    // Declined with a reason: Alice hears who and why.
    let mark = alices.mark();
    let declined = api
        .post(
            &format!(
                "/api/v1/challenges/{}/decline",
                made["id"].as_str().unwrap()
            ),
            &json!({"reason": "dinner time"}),
            Some(&bob.token),
        )
        .await;
    assert_eq!(declined.0, StatusCode::NO_CONTENT, "{declined:?}");
    let told = alices
        .wait_for(mark, |f| f["type"] == "challenge_declined")
        .await;
    assert_eq!(told["id"], made["id"], "{told}");
    assert_eq!(told["room"], made["room"]);
    assert_eq!(told["by"]["id"], bob.id.as_str());
    assert_eq!(told["reason"], "dinner time");
    assert_eq!(follow(&bob).await.1, json!([]));

    // Unanswered: both hear it cancelled once it expires.
    let (marks, markb) = (alices.mark(), bobs.mark());
    let (_, made) = challenge_bob().await;
    for (client, mark) in [(&alices, marks), (&bobs, markb)] {
        let told = client
            .wait_for(mark, |f| f["type"] == "challenge_canceled")
            .await;
        assert_eq!(told["id"], made["id"], "{told}");
        assert_eq!(told["reason"], "expired");
    }

    // Accepted: no longer offered, and the match is one of Bob's games.
    let (_, made) = challenge_bob().await;
    let accepted = api
        .post(
            &format!("/api/v1/challenges/{}/accept", made["id"].as_str().unwrap()),
            &json!({}),
            Some(&bob.token),
        )
        .await;
    assert_eq!(accepted.0, StatusCode::OK, "{accepted:?}");
    let (again, listed) = follow(&bob).await;
    assert_eq!(listed, json!([]));
    let games = again.wait_for(0, |f| f["type"] == "games").await;
    assert_eq!(games["games"][0]["room"], made["room"], "{games}");
}
on_both_databases!(challenges_over_the_websocket);

/// Every 429 says which limit and when to retry, in the body and `Retry-After`; a bot's budgets
/// (challenges a day, matches at once) are flags.
async fn limits_that_say_what_they_are(backend: Backend) {
    let (_db, _server, api) = start_with(
        backend,
        &[
            ("PLATEAU_BOT_CHALLENGES_PER_DAY", "1"),
            ("PLATEAU_BOT_MATCHES_AT_ONCE", "1"),
            ("PLATEAU_PLAYERS_PER_MINUTE", "3"),
            ("PLATEAU_FRAME_BURST", "3"),
            ("PLATEAU_FRAMES_PER_SEC", "1"),
        ],
    )
    .await;
    let alice = api.new_account("Alice", PASSWORD).await;
    let (robot, robots) = api.new_bot("Robot").await;
    // A REST limit of before: players created per address.
    let _third = api.new_player("Third").await;
    let (status, headers, body) = api
        .raw(
            reqwest::Method::POST,
            "/api/v1/players",
            Some(&json!({"name": "Second"})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(body["error"]["limit"], "players_per_address");
    let retry = headers["retry-after"]
        .to_str()
        .unwrap()
        .parse::<u64>()
        .unwrap();
    assert_eq!(body["error"]["retry_after_s"], retry);

    // A bot's budgets.
    let challenge = |to: &str| json!({"to": [to], "game": "abalone", "players": 2});
    let made = api
        .post("/api/v1/challenges", &challenge(&alice.id), Some(&robots))
        .await;
    assert_eq!(made.0, StatusCode::CREATED, "{made:?}");
    let (status, headers, body) = api
        .raw(
            reqwest::Method::POST,
            "/api/v1/challenges",
            Some(&challenge(&alice.id)),
            Some(&robots),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["error"]["limit"], "bot_challenges_per_day");
    assert!(headers.contains_key("retry-after"));
    // Matches at once: a second challenge accepted would make two.
    let api_alice = |path: &str| (path.to_string(), alice.token.clone());
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (path, token) = api_alice("/api/v1/challenges");
        let (status, made) = api.post(&path, &challenge(&robot.id), Some(&token)).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        ids.push(made["id"].as_str().unwrap().to_string());
    }
    let refused = api
        .post(
            &format!("/api/v1/challenges/{}/accept", ids[0]),
            &json!({}),
            Some(&robots),
        )
        .await;
    assert_error(&refused, 429, "rate_limited");
    assert_eq!(refused.1["error"]["limit"], "bot_matches_at_once");

    // An action is a frame: a burst of 3, then 429 naming the players' frames.
    let code = made.1["room"].as_str().unwrap();
    for _ in 0..3 {
        let early = api
            .post(&bot_match(code, "resign"), &json!({}), Some(&robots))
            .await;
        assert_error(&early, 409, "not_your_turn");
    }
    let flood = api
        .post(&bot_match(code, "resign"), &json!({}), Some(&robots))
        .await;
    assert_error(&flood, 429, "rate_limited");
    assert_eq!(flood.1["error"]["limit"], "frames_per_player");
}
on_both_databases!(limits_that_say_what_they_are);
