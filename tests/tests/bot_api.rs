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
    client.join(code, "spectator").await;

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
    let _: Value = room;
}
on_both_databases!(bot_accounts);
