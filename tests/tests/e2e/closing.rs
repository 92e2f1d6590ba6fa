//! Leaving, and taking one's data (issue 31, point 8; docs/protocol.md "Closing an account"): a
//! player exports everything the server holds about it, then closes its account. Its sessions end
//! on the spot, its name is free, its chat lines leave the room, and its matches stay for the
//! opponents' records, played by "deleted player".

use plateau_tests::rest::assert_error;
use plateau_tests::scenario::started_abalone_duo;
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;

const PASSWORD: &str = "correct horse battery";

async fn close(api: &Api, token: &str, body: Value) -> (StatusCode, Value) {
    let (status, _, text) = api
        .raw(
            Method::DELETE,
            "/api/v1/players/me",
            Some(&body),
            Some(token),
        )
        .await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn export(api: &Api, token: &str) -> Vec<Value> {
    let (status, headers, text) = api
        .raw(Method::GET, "/api/v1/players/me/export", None, Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(headers["content-type"], "application/x-ndjson");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect()
}

async fn closing_an_account_forgets_the_player_and_keeps_the_matches(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let duo = started_abalone_duo(&server, &api, "private").await;
    let (alice, bob, code) = (&duo.alice, &duo.bob, &duo.code);
    let (status, body) = api
        .put(
            "/api/v1/players/me/password",
            &json!({ "password": PASSWORD }),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // A finished match, a report, and a chat line of Alice's in the room.
    let mark = duo.b.mark();
    duo.a.send(json!({"type": "resign", "room": code})).await;
    let ended = duo.b.wait_for_frame(mark, "ended", code).await;
    let match_id = ended["match"].as_str().unwrap().to_string();
    let report = json!({"player": bob.id, "reason": "other", "text": "sore winner"});
    let (status, body) = api
        .post("/api/v1/reports", &report, Some(&alice.token))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mark = duo.b.mark();
    duo.a
        .send(json!({"type": "chat", "room": code, "text": "my words, mine to take"}))
        .await;
    let line = duo
        .b
        .wait_for(mark, |f| {
            f["type"] == "chat" && f["text"] == "my words, mine to take"
        })
        .await;
    let line_id = line["id"].as_u64().unwrap();

    // Everything the server holds about Alice, for her.
    assert_error(
        &api.get("/api/v1/players/me/export", None).await,
        401,
        "unauthorized",
    );
    let lines = export(&api, &alice.token).await;
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["player", "ratings", "sessions", "report", "match"]);
    assert_eq!(lines[0]["id"], alice.id.as_str());
    assert_eq!(lines[0]["name"], "Alice");
    assert_eq!(lines[0]["has_password"], true);
    assert_eq!(lines[0]["role"], "player");
    assert!(!lines[2]["sessions"].as_array().unwrap().is_empty());
    assert_eq!(lines[3]["player"], bob.id.as_str());
    assert_eq!(lines[3]["text"], "sore winner");
    assert_eq!(lines[4]["id"], match_id.as_str());
    assert!(lines[4]["moves"].is_array(), "the match with its moves");
    assert_eq!(lines[4]["players"][0]["name"], "Alice");

    // A stolen token alone closes nothing.
    assert_error(
        &close(&api, &alice.token, json!({})).await,
        400,
        "bad_request",
    );
    assert_error(
        &close(&api, &alice.token, json!({"password": "guess guess"})).await,
        403,
        "forbidden",
    );
    assert_error(
        &close(
            &api,
            &alice.token,
            json!({"password": PASSWORD, "extra": 1}),
        )
        .await,
        400,
        "bad_request",
    );
    assert_eq!(
        api.get("/api/v1/players/me", Some(&alice.token)).await.0,
        StatusCode::OK,
        "bad input changed nothing"
    );

    let mark = duo.b.mark();
    let (status, body) = close(&api, &alice.token, json!({"password": PASSWORD})).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // Her sessions end at once, and nothing signs her in again.
    assert_eq!(
        duo.a.closed_within(Duration::from_secs(5)).await,
        Some(Some(4001))
    );
    assert_error(
        &api.get("/api/v1/players/me", Some(&alice.token)).await,
        401,
        "unauthorized",
    );
    let signing_in = json!({"name": "Alice", "password": PASSWORD});
    assert_error(
        &api.post("/api/v1/sessions", &signing_in, None).await,
        401,
        "unauthorized",
    );

    // Her chat line leaves the room, for those there and those who come.
    let gone = duo.b.wait_for(mark, |f| f["type"] == "chat_deleted").await;
    assert_eq!(
        (&gone["room"], &gone["id"]),
        (&json!(code), &json!(line_id))
    );
    let viewer = api.new_player("Viewer").await;
    let spectator = Client::login(&server.ws_url(), &viewer).await;
    assert!(spectator.recent_chat(code, "spectator").await.is_empty());

    // Her seat in the room shows the name she left under, to those there and to readers of the
    // room.
    let renamed = |room: &Value| {
        room["seats"].as_array().unwrap().iter().any(|s| {
            s["player"]["id"] == alice.id.as_str() && s["player"]["name"] == "deleted player"
        })
    };
    duo.b
        .wait_for(mark, |f| f["type"] == "room" && renamed(&f["room"]))
        .await;
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert!(renamed(&room), "{room}");
    assert!(!room.to_string().contains("Alice"), "{room}");

    // The match stays in Bob's history, played by "deleted player".
    let (status, detail) = api
        .get(&format!("/api/v1/matches/{match_id}"), Some(&bob.token))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["players"][0]["name"], "deleted player");
    assert_eq!(detail["players"][1]["name"], "Bob");
    assert_eq!(detail["result"]["reason"], "resigned");
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert_eq!(profile["name"], "deleted player");

    // The name is free: anyone may take it and keep it.
    let newcomer = api.new_player("Alice").await;
    let (status, body) = api
        .put(
            "/api/v1/players/me/password",
            &json!({ "password": "another good password" }),
            Some(&newcomer.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // A guest closes with no password to give.
    let guest = api.new_player("Passing").await;
    assert_eq!(
        close(&api, &guest.token, json!({})).await.0,
        StatusCode::NO_CONTENT
    );
    assert_error(
        &api.get("/api/v1/players/me", Some(&guest.token)).await,
        401,
        "unauthorized",
    );
}
on_both_databases!(closing_an_account_forgets_the_player_and_keeps_the_matches);
