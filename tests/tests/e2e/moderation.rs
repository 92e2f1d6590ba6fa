//! Moderation of a public server (issue 31, docs/protocol.md "Moderation"): the first admin comes
//! from `plateau admin`; admins appoint moderators over REST; moderators ban, mute and rename
//! players, each with a reason written to an append-only audit log; every moderation call checks
//! the caller's role, and bad input changes nothing.

use plateau_tests::rest::assert_error;
use plateau_tests::server::binary;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;

const PASSWORD: &str = "correct horse battery";

/// How long a banned player's open socket may stay open: the ban closes it at once, this is slack
/// for a loaded machine.
const SOCKET_CLOSES: Duration = Duration::from_secs(5);

/// `plateau admin grant|revoke WHO` on the test's database: its stdout, or its stderr on failure.
fn admin_cli(db: &TestDb, change: &str, who: &str) -> Result<String, String> {
    let out = Command::new(binary())
        .args(["admin", change, who, "--database-url", &db.url])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run plateau admin");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    if out.status.success() {
        Ok(text(&out.stdout))
    } else {
        Err(text(&out.stderr))
    }
}

/// A guest with [`PASSWORD`]: an account that signs in by name.
async fn account(api: &Api, name: &str) -> Player {
    api.new_account(name, PASSWORD).await
}

async fn sign_in(api: &Api, name: &str) -> (StatusCode, Value) {
    api.post(
        "/api/v1/sessions",
        &json!({"name": name, "password": PASSWORD}),
        None,
    )
    .await
}

/// A moderation call with a JSON body.
async fn moderate(
    api: &Api,
    method: Method,
    path: &str,
    body: Value,
    by: &Player,
) -> (StatusCode, Value) {
    let (status, _, text) = api.raw(method, path, Some(&body), Some(&by.token)).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn audit_log(api: &Api, by: &Player, query: &str) -> Value {
    let (status, log) = api
        .get(&format!("/api/v1/mod/log{query}"), Some(&by.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    log
}

/// The actions of the audit log, newest first.
fn actions(log: &Value) -> Vec<String> {
    log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["action"].as_str().expect("action").to_string())
        .collect()
}

/// The first admin comes from the command line, on a running server's database; an admin appoints
/// moderators over REST, and nobody else may; the audit log records each change with its reason.
async fn admins_appoint_moderators(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let carol = account(&api, "Carol").await;

    // Nobody is a moderator yet: every moderation call is refused.
    assert_error(
        &api.get("/api/v1/mod/log", Some(&alice.token)).await,
        403,
        "forbidden",
    );
    assert_error(&api.get("/api/v1/mod/log", None).await, 401, "unauthorized");
    let grant = |path: String| path;
    let bob_path = grant(format!("/api/v1/mod/moderators/{}", bob.id));
    let because = json!({"reason": "trusted regular"});
    assert_error(
        &moderate(&api, Method::PUT, &bob_path, because.clone(), &alice).await,
        403,
        "forbidden",
    );

    // `plateau admin grant` while the server runs: by a guest's exact name, or an account's name
    // in any case.
    let said = admin_cli(&db, "grant", "Alice").expect("grant Alice");
    assert!(said.contains(&alice.id), "{said}");
    assert!(
        admin_cli(&db, "grant", "nobody-here").is_err(),
        "an unknown name"
    );
    api.new_player("Bob").await;
    let two_bobs = admin_cli(&db, "grant", "Bob").expect_err("two guests named Bob");
    assert!(
        two_bobs.contains(&bob.id),
        "the ids to choose from: {two_bobs}"
    );

    // An admin grants the moderator role; a reason is needed, and bad input changes nothing.
    assert_error(
        &moderate(
            &api,
            Method::PUT,
            &bob_path,
            json!({"reason": "  "}),
            &alice,
        )
        .await,
        400,
        "bad_request",
    );
    assert_error(
        &moderate(&api, Method::PUT, &bob_path, json!({}), &alice).await,
        400,
        "bad_request",
    );
    let unknown = format!("/api/v1/mod/moderators/{}", uuid_nobody());
    assert_error(
        &moderate(&api, Method::PUT, &unknown, because.clone(), &alice).await,
        404,
        "not_found",
    );
    let (status, standing) = moderate(&api, Method::PUT, &bob_path, because, &alice).await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    assert_eq!(standing["role"], "moderator");

    // A moderator moderates, but does not appoint.
    let carol_path = format!("/api/v1/mod/moderators/{}", carol.id);
    assert_error(
        &moderate(&api, Method::PUT, &carol_path, json!({"reason": "x"}), &bob).await,
        403,
        "forbidden",
    );
    let log = audit_log(&api, &bob, "").await;
    assert_eq!(actions(&log), ["grant_moderator", "grant_admin"]);
    let granted = &log["entries"][0];
    assert_eq!(granted["moderator"], alice.id.as_str());
    assert_eq!(granted["player"], bob.id.as_str());
    assert_eq!(granted["reason"], "trusted regular");
    assert!(log["entries"][1]["moderator"].is_null(), "the command line");

    // The admin is made and unmade from the command line only.
    let alice_path = format!("/api/v1/mod/moderators/{}", alice.id);
    assert_error(
        &moderate(
            &api,
            Method::DELETE,
            &alice_path,
            json!({"reason": "coup"}),
            &alice,
        )
        .await,
        409,
        "conflict",
    );
    let (status, standing) = moderate(
        &api,
        Method::DELETE,
        &bob_path,
        json!({"reason": "stepped down"}),
        &alice,
    )
    .await;
    assert_eq!(
        (status, &standing["role"]),
        (StatusCode::OK, &json!("player"))
    );
    assert_error(
        &api.get("/api/v1/mod/log", Some(&bob.token)).await,
        403,
        "forbidden",
    );
    admin_cli(&db, "revoke", &alice.id).expect("revoke by id");
    assert_error(
        &api.get("/api/v1/mod/log", Some(&alice.token)).await,
        403,
        "forbidden",
    );
    // An account is found by its name in another case.
    admin_cli(&db, "grant", "CAROL").expect("grant an account by name");
    assert_eq!(
        audit_log(&api, &carol, "").await["entries"][0]["action"],
        "grant_admin"
    );
}
on_both_databases!(admins_appoint_moderators);

fn uuid_nobody() -> String {
    "00000000-0000-4000-8000-000000000000".to_string()
}

/// A server with an admin (`Admin`) and a moderator (`Mod`).
async fn with_moderator(backend: Backend) -> (TestDb, TestServer, Api, Player, Player) {
    with_moderator_and(backend, &[]).await
}

/// [`with_moderator`], the server started with `env`.
async fn with_moderator_and(
    backend: Backend,
    env: &[(&str, &str)],
) -> (TestDb, TestServer, Api, Player, Player) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, env).await;
    let api = Api::new(server.http());
    let admin = api.new_player("Admin").await;
    let moderator = api.new_player("Mod").await;
    admin_cli(&db, "grant", "Admin").expect("grant Admin");
    let path = format!("/api/v1/mod/moderators/{}", moderator.id);
    let (status, body) = moderate(&api, Method::PUT, &path, json!({"reason": "r"}), &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Each says its role, so that a client shows them the moderation page.
    for (player, role) in [(&admin, "admin"), (&moderator, "moderator")] {
        let (_, me) = api.get("/api/v1/players/me", Some(&player.token)).await;
        assert_eq!(me["role"], role);
    }
    (db, server, api, admin, moderator)
}

/// A ban closes the player's sockets at once and keeps it out (REST, WebSocket, sign-in, rooms, a
/// new guest from its token) until it ends or is lifted; then the same tokens work again.
async fn a_ban_keeps_a_player_out_until_lifted(backend: Backend) {
    let (_db, server, api, admin, moderator) = with_moderator(backend).await;
    let ws = server.ws_url();
    let carol = account(&api, "Carol").await;
    let socket = Client::login(&ws, &carol).await;
    let ban_path = format!("/api/v1/mod/players/{}/ban", carol.id);

    // Bad input changes nothing: no reason, no duration, both, too long, or an admin as target.
    for bad in [
        json!({"duration_s": 60}),
        json!({"reason": "spam"}),
        json!({"reason": "spam", "duration_s": 60, "for_good": true}),
        json!({"reason": "spam", "duration_s": 0}),
        json!({"reason": "spam", "duration_s": 60, "extra": 1}),
    ] {
        let answer = moderate(&api, Method::POST, &ban_path, bad.clone(), &moderator).await;
        assert_error(&answer, 400, "bad_request");
    }
    let admin_ban = format!("/api/v1/mod/players/{}/ban", admin.id);
    let answer = moderate(
        &api,
        Method::POST,
        &admin_ban,
        json!({"reason": "x", "for_good": true}),
        &moderator,
    )
    .await;
    assert_error(&answer, 403, "forbidden");
    let answer = moderate(
        &api,
        Method::POST,
        &ban_path,
        json!({"reason": "x", "for_good": true}),
        &carol,
    )
    .await;
    assert_error(&answer, 403, "forbidden");
    assert_eq!(
        actions(&audit_log(&api, &moderator, "").await),
        ["grant_moderator", "grant_admin"]
    );
    assert_eq!(socket.closed_within(Duration::from_millis(200)).await, None);

    let ban = json!({"reason": "abusive chat", "duration_s": 3600});
    let (status, standing) = moderate(&api, Method::POST, &ban_path, ban, &moderator).await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    assert_eq!(standing["banned"], true);
    let until = standing["banned_until"]
        .as_str()
        .expect("until")
        .to_string();

    assert_eq!(
        socket.closed_within(SOCKET_CLOSES).await,
        Some(Some(4003)),
        "the live socket"
    );
    let me = api.get("/api/v1/players/me", Some(&carol.token)).await;
    assert_error(&me, 403, "banned");
    assert_eq!(me.1["error"]["until"].as_str(), Some(until.as_str()));
    let signing_in = sign_in(&api, "Carol").await;
    assert_error(&signing_in, 403, "banned");
    assert!(signing_in.1["error"]["message"]
        .as_str()
        .unwrap()
        .contains("until"));
    let room = json!({"game": "abalone", "players": 2, "visibility": "public"});
    assert_error(
        &api.post("/api/v1/rooms", &room, Some(&carol.token)).await,
        403,
        "banned",
    );
    let quick = json!({"game": "abalone", "players": 2});
    assert_error(
        &api.post("/api/v1/rooms/quick", &quick, Some(&carol.token))
            .await,
        403,
        "banned",
    );
    let guest = api
        .post(
            "/api/v1/players",
            &json!({"name": "Carol2"}),
            Some(&carol.token),
        )
        .await;
    assert_error(&guest, 403, "banned");
    let again = Client::connect(&ws).await;
    again
        .send(json!({"type": "auth", "token": carol.token}))
        .await;
    assert_eq!(
        again.closed_within(SOCKET_CLOSES).await,
        Some(Some(4003)),
        "a new socket"
    );

    // A moderator sees where the player stands; the log says who banned whom, why and until when.
    let (status, seen) = api
        .get(
            &format!("/api/v1/mod/players/{}", carol.id),
            Some(&moderator.token),
        )
        .await;
    assert_eq!(
        (status, &seen["banned_until"]),
        (StatusCode::OK, &json!(until))
    );
    let log = audit_log(&api, &admin, "").await;
    let entry = &log["entries"][0];
    assert_eq!(entry["action"], "ban");
    assert_eq!(entry["moderator"], moderator.id.as_str());
    assert_eq!(entry["player"], carol.id.as_str());
    assert_eq!(entry["reason"], "abusive chat");
    assert_eq!(entry["details"]["until"], json!(until));
    let bans_active = r#"plateau_moderation{what="bans_active"}"#;
    assert_eq!(
        server.metric(bans_active).await,
        Some(1.0),
        "/metrics counts it"
    );

    // Lifted: the same token and password work again.
    let unban = format!("/api/v1/mod/players/{}/unban", carol.id);
    let (status, standing) = moderate(
        &api,
        Method::POST,
        &unban,
        json!({"reason": "appeal accepted"}),
        &moderator,
    )
    .await;
    assert_eq!(
        (status, &standing["banned"]),
        (StatusCode::OK, &json!(false))
    );
    assert_eq!(
        api.get("/api/v1/players/me", Some(&carol.token)).await.0,
        StatusCode::OK
    );
    assert_eq!(sign_in(&api, "Carol").await.0, StatusCode::CREATED);
    Client::login(&ws, &carol).await;
    assert_eq!(server.metric(bans_active).await, Some(0.0));

    // For good: no end time anywhere.
    let (status, standing) = moderate(
        &api,
        Method::POST,
        &ban_path,
        json!({"reason": "cheating", "for_good": true}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    assert_eq!(
        (&standing["banned"], &standing["banned_until"]),
        (&json!(true), &Value::Null)
    );
    let me = api.get("/api/v1/players/me", Some(&carol.token)).await;
    assert_error(&me, 403, "banned");
    assert!(me.1["error"].get("until").is_none(), "{}", me.1);
    assert_eq!(
        actions(&audit_log(&api, &moderator, "?limit=3").await),
        ["ban", "unban", "ban"]
    );
}
on_both_databases!(a_ban_keeps_a_player_out_until_lifted);

/// A ban takes the player out of the rooms waiting for players (issue 45, point 10): a room it
/// hosts closes (out of the lobby), its seat in another's is free again, each with an audit row
/// giving the ban's reason; a match under way is its clock's business. A role taken from one
/// who does not hold it, or given again, is `409` and writes no row.
async fn a_ban_closes_the_players_waiting_rooms(backend: Backend) {
    let (db, server, api, admin, moderator) = with_moderator(backend).await;
    let ws = server.ws_url();
    let eve = api.new_player("Eve").await;
    let dan = api.new_player("Dan").await;
    let public = json!({"game": "abalone", "players": 3, "visibility": "public"});
    let eves = api.create_room(&eve, public.clone()).await;
    let eves = eves["code"].as_str().unwrap().to_string();
    let dans = api.create_room(&dan, public).await;
    let dans = dans["code"].as_str().unwrap().to_string();
    let e = Client::login(&ws, &eve).await;
    e.join(&eves, "player").await;
    assert_eq!(e.join(&dans, "player").await["type"], "room");
    let lobby = || async {
        let (_, lobby) = api.get("/api/v1/rooms", None).await;
        lobby.to_string()
    };
    assert!(lobby().await.contains(&eves), "listed before the ban");

    let ban = format!("/api/v1/mod/players/{}/ban", eve.id);
    let body = json!({"reason": "spam rooms", "for_good": true});
    let (status, answer) = moderate(&api, Method::POST, &ban, body, &moderator).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, hosted) = api.get(&format!("/api/v1/rooms/{eves}"), None).await;
    assert_eq!(hosted["status"], "abandoned", "{hosted}");
    assert!(!lobby().await.contains(&eves), "gone from the lobby");
    let (_, other) = api.get(&format!("/api/v1/rooms/{dans}"), None).await;
    assert_eq!(other["status"], "waiting", "{other}");
    let seated: Vec<&Value> = other["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["player"]["id"] == eve.id.as_str())
        .collect();
    assert!(seated.is_empty(), "Eve's seat is free again: {other}");
    let log = audit_log(&api, &moderator, &format!("?player={}", eve.id)).await;
    let entries = log["entries"].as_array().unwrap();
    let row = |action: &str| {
        entries
            .iter()
            .find(|e| e["action"] == action)
            .unwrap_or_else(|| panic!("no {action} row: {log}"))
    };
    assert_eq!(row("close_room")["room"], eves.as_str());
    assert_eq!(row("unseat")["room"], dans.as_str());
    for action in ["close_room", "unseat", "ban"] {
        assert_eq!(row(action)["reason"], "spam rooms");
    }

    // Roles: none taken that is not held, none given twice.
    let carl = api.new_player("Carl").await;
    let carl_path = format!("/api/v1/mod/moderators/{}", carl.id);
    let because = json!({"reason": "r"});
    let before = actions(&audit_log(&api, &admin, "").await).len();
    assert_error(
        &moderate(&api, Method::DELETE, &carl_path, because.clone(), &admin).await,
        409,
        "conflict",
    );
    let mod_path = format!("/api/v1/mod/moderators/{}", moderator.id);
    assert_error(
        &moderate(&api, Method::PUT, &mod_path, because, &admin).await,
        409,
        "conflict",
    );
    assert_eq!(actions(&audit_log(&api, &admin, "").await).len(), before);
    let not_admin = admin_cli(&db, "revoke", &carl.id).expect_err("Carl is no admin");
    assert!(not_admin.contains("not an admin"), "{not_admin}");
    assert_eq!(actions(&audit_log(&api, &admin, "").await).len(), before);
}
on_both_databases!(a_ban_closes_the_players_waiting_rooms);

/// A muted player's chat lines are refused `muted` (with the end) and reach nobody; unmuted, they
/// do again.
async fn a_muted_player_cannot_chat(backend: Backend) {
    let (_db, server, api, _admin, moderator) = with_moderator(backend).await;
    let ws = server.ws_url();
    let dave = api.new_player("Dave").await;
    let erin = api.new_player("Erin").await;
    let room = api
        .create_room(
            &dave,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let dave_socket = Client::login(&ws, &dave).await;
    let erin_socket = Client::login(&ws, &erin).await;
    dave_socket.join(&code, "player").await;
    erin_socket.join(&code, "player").await;

    let mute = format!("/api/v1/mod/players/{}/mute", erin.id);
    for bad in [
        json!({"reason": "spam"}),
        json!({"reason": "spam", "duration_s": 0}),
        json!({"reason": "", "duration_s": 60}),
    ] {
        assert_error(
            &moderate(&api, Method::POST, &mute, bad, &moderator).await,
            400,
            "bad_request",
        );
    }
    let (status, standing) = moderate(
        &api,
        Method::POST,
        &mute,
        json!({"reason": "spam", "duration_s": 600}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    let until = standing["muted_until"]
        .as_str()
        .expect("muted until")
        .to_string();

    let mark = dave_socket.mark();
    let line = json!({"type": "chat", "room": code, "text": "buy gold"});
    let refused = erin_socket.expect_error(line, "muted").await;
    assert_eq!(refused["until"].as_str(), Some(until.as_str()));
    assert_eq!(refused["room"], code.as_str());
    // Dave's own line arrives, Erin's never did.
    dave_socket
        .send(json!({"type": "chat", "room": code, "text": "hello"}))
        .await;
    dave_socket
        .wait_for(mark, |f| f["type"] == "chat" && f["text"] == "hello")
        .await;
    assert!(
        !dave_socket.frames()[mark..]
            .iter()
            .any(|f| f["text"] == "buy gold"),
        "a muted line reaches nobody"
    );

    let unmute = format!("/api/v1/mod/players/{}/unmute", erin.id);
    let (status, standing) = moderate(
        &api,
        Method::POST,
        &unmute,
        json!({"reason": "served"}),
        &moderator,
    )
    .await;
    assert_eq!(
        (status, &standing["muted_until"]),
        (StatusCode::OK, &Value::Null)
    );
    let mark = dave_socket.mark();
    erin_socket
        .send(json!({"type": "chat", "room": code, "text": "sorry"}))
        .await;
    dave_socket
        .wait_for(mark, |f| f["type"] == "chat" && f["text"] == "sorry")
        .await;
}
on_both_databases!(a_muted_player_cannot_chat);

/// A moderator renames an offensive name under the rules of names; an account signs in with its
/// new name, and nobody takes a name reserved by another.
async fn a_moderator_renames_an_offensive_name(backend: Backend) {
    let (_db, _server, api, _admin, moderator) = with_moderator(backend).await;
    let rude = account(&api, "Rude Name").await;
    let victim = account(&api, "victim1").await;
    let guest = api.new_player("Also Rude").await;
    let path = |p: &Player| format!("/api/v1/mod/players/{}/rename", p.id);

    for (bad, code) in [
        (json!({"reason": "offensive", "name": ""}), 400),
        (json!({"reason": "offensive", "name": "a\u{3164}b"}), 400),
        (json!({"name": "Polite"}), 400),
        // A lookalike of a reserved name (Cyrillic і).
        (json!({"reason": "offensive", "name": "victіm1"}), 409),
    ] {
        let answer = moderate(&api, Method::POST, &path(&rude), bad.clone(), &moderator).await;
        assert_eq!(answer.0.as_u16(), code, "{bad}: {}", answer.1);
    }
    let answer = moderate(
        &api,
        Method::POST,
        &path(&guest),
        json!({"reason": "r", "name": "VICTIM1"}),
        &moderator,
    )
    .await;
    assert_error(&answer, 409, "conflict");

    let (status, standing) = moderate(
        &api,
        Method::POST,
        &path(&rude),
        json!({"reason": "offensive", "name": "Polite"}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    assert_eq!(standing["player"]["name"], "Polite");
    let (_, profile) = api.get(&format!("/api/v1/players/{}", rude.id), None).await;
    assert_eq!(profile["name"], "Polite");
    assert_eq!(
        sign_in(&api, "polite").await.0,
        StatusCode::CREATED,
        "the account keeps its new name"
    );
    assert_eq!(sign_in(&api, "Rude Name").await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(
        api.new_player("Rude Name").await.name,
        "Rude Name",
        "the old name is free"
    );
    let (status, _) = api
        .post("/api/v1/players", &json!({"name": "POLITE"}), None)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "the new name is reserved");
    let _ = victim;

    let log = audit_log(&api, &moderator, "?limit=1").await;
    let entry = &log["entries"][0];
    assert_eq!(entry["action"], "rename");
    assert_eq!(
        entry["details"],
        json!({"from": "Rude Name", "to": "Polite"})
    );
    // Paged, newest first.
    let next = log["next"].as_i64().expect("more pages");
    let older = audit_log(&api, &moderator, &format!("?limit=100&before={next}")).await;
    assert_eq!(actions(&older), ["grant_moderator", "grant_admin"]);
    assert!(older["next"].is_null());
    assert_error(
        &api.get("/api/v1/mod/log?limit=0", Some(&moderator.token))
            .await,
        400,
        "bad_request",
    );
}
on_both_databases!(a_moderator_renames_an_offensive_name);

/// A moderator aborts a match under way (everyone in the room sees it end `aborted`) and closes a
/// room waiting for players (it leaves the lobby); each is in the audit log with its room.
async fn a_moderator_aborts_a_match_and_closes_a_waiting_room(backend: Backend) {
    let (_db, server, api, _admin, moderator) = with_moderator(backend).await;
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "public").await;
    let abort = format!("/api/v1/mod/rooms/{}/abort", duo.code);
    let because = json!({"reason": "stalling for an hour"});
    assert_error(
        &moderate(&api, Method::POST, &abort, because.clone(), &duo.alice).await,
        403,
        "forbidden",
    );
    assert_error(
        &moderate(
            &api,
            Method::POST,
            &abort,
            json!({"reason": ""}),
            &moderator,
        )
        .await,
        400,
        "bad_request",
    );
    let nowhere = "/api/v1/mod/rooms/ZZZZZZZZ/abort";
    assert_error(
        &moderate(&api, Method::POST, nowhere, because.clone(), &moderator).await,
        404,
        "not_found",
    );
    let mark = duo.b.mark();
    let (status, room) = moderate(&api, Method::POST, &abort, because.clone(), &moderator).await;
    assert_eq!(status, StatusCode::OK, "{room}");
    assert_eq!(room["status"], "aborted");
    let ended = duo.b.wait_for_frame(mark, "ended", &duo.code).await;
    assert_eq!(ended["result"]["reason"], "aborted");
    assert_eq!(ended["result"]["winners"], json!([]));
    let (_, seen) = api.get(&format!("/api/v1/rooms/{}", duo.code), None).await;
    assert_eq!(seen["status"], "aborted");
    assert_error(
        &moderate(&api, Method::POST, &abort, because.clone(), &moderator).await,
        409,
        "conflict",
    );

    // A waiting public room leaves the lobby.
    let host = api.new_player("Host").await;
    let waiting = api
        .create_room(
            &host,
            json!({"game": "abalone", "players": 2, "visibility": "public"}),
        )
        .await;
    let code = waiting["code"].as_str().unwrap().to_string();
    let in_lobby = |lobby: &Value| {
        lobby
            .as_array()
            .expect("lobby")
            .iter()
            .any(|r| r["code"] == code.as_str())
    };
    assert!(in_lobby(&api.get("/api/v1/rooms", None).await.1));
    let close = format!("/api/v1/mod/rooms/{code}/close");
    let close_started = format!("/api/v1/mod/rooms/{}/close", duo.code);
    assert_error(
        &moderate(
            &api,
            Method::POST,
            &close_started,
            because.clone(),
            &moderator,
        )
        .await,
        409,
        "conflict",
    );
    let (status, room) = moderate(
        &api,
        Method::POST,
        &close,
        json!({"reason": "offensive options"}),
        &moderator,
    )
    .await;
    assert_eq!(
        (status, &room["status"]),
        (StatusCode::OK, &json!("abandoned"))
    );
    assert!(!in_lobby(&api.get("/api/v1/rooms", None).await.1));

    let log = audit_log(&api, &moderator, "?limit=2").await;
    assert_eq!(actions(&log), ["close_room", "abort_match"]);
    assert_eq!(log["entries"][0]["room"], code.as_str());
    assert_eq!(log["entries"][1]["room"], duo.code.as_str());
    assert_eq!(log["entries"][1]["reason"], "stalling for an hour");

    // The operator's side: the log says it with its reason, the room's lines name the room and its
    // match, and /metrics counts the end by its reason.
    let entries = server.log_entries();
    let said = entries
        .iter()
        .find(|e| e["fields"]["message"] == "moderation" && e["fields"]["action"] == "abort_match");
    let said = said.unwrap_or_else(|| panic!("the abort is logged:\n{}", server.log_tail()));
    assert_eq!(said["fields"]["reason"], "stalling for an hour");
    assert_eq!(said["fields"]["room"], duo.code.as_str());
    assert_eq!(said["fields"]["moderator"], moderator.id.to_string());
    let ended_line = entries.iter().find(|e| {
        e["fields"]["message"] == "match ended" && e["span"]["room"] == duo.code.as_str()
    });
    let ended_line =
        ended_line.unwrap_or_else(|| panic!("the end is logged:\n{}", server.log_tail()));
    assert_eq!(ended_line["fields"]["reason"], "aborted");
    assert_eq!(ended_line["span"]["match_id"], ended["match"]);
    assert_eq!(
        server
            .metric(r#"plateau_matches_ended_total{reason="aborted"}"#)
            .await,
        Some(1.0)
    );
}
on_both_databases!(a_moderator_aborts_a_match_and_closes_a_waiting_room);

/// A room's refusal of a moderator's call is the call's answer, counted once among the errors
/// answered (issue 46, point 4: the room answers the call on a reply channel; it answered an
/// `error` frame to a connection the call made for the purpose, counted a second time).
async fn a_rooms_refusal_of_a_moderator_is_counted_once(backend: Backend) {
    let (_db, server, api, _admin, moderator) = with_moderator(backend).await;
    let host = api.new_player("Host").await;
    let waiting = api
        .create_room(
            &host,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let abort = format!(
        "/api/v1/mod/rooms/{}/abort",
        waiting["code"].as_str().unwrap()
    );
    let conflicts = r#"plateau_errors_total{code="conflict"}"#;
    let before = server.metric(conflicts).await.unwrap_or(0.0);
    let because = json!({"reason": "no match to abort"});
    assert_error(
        &moderate(&api, Method::POST, &abort, because, &moderator).await,
        409,
        "conflict",
    );
    assert_eq!(server.metric(conflicts).await, Some(before + 1.0));
}
on_both_databases!(a_rooms_refusal_of_a_moderator_is_counted_once);

/// A moderator deletes a chat line: everyone in the room is told to drop it, and whoever joins
/// later does not get it among the recent lines.
async fn a_moderator_deletes_a_chat_line(backend: Backend) {
    let (_db, server, api, _admin, moderator) = with_moderator(backend).await;
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "private").await;
    let code = &duo.code;
    let mark = duo.b.mark();
    duo.a
        .send(json!({"type": "chat", "room": code, "text": "something vile"}))
        .await;
    duo.a
        .send(json!({"type": "chat", "room": code, "text": "good luck"}))
        .await;
    let vile = duo
        .b
        .wait_for(mark, |f| {
            f["type"] == "chat" && f["text"] == "something vile"
        })
        .await;
    duo.b
        .wait_for(mark, |f| f["type"] == "chat" && f["text"] == "good luck")
        .await;
    let id = vile["id"].as_u64().expect("a chat line's id");

    let path = format!("/api/v1/mod/rooms/{code}/chat/{id}");
    let because = json!({"reason": "slur"});
    assert_error(
        &moderate(&api, Method::DELETE, &path, because.clone(), &duo.bob).await,
        403,
        "forbidden",
    );
    assert_error(
        &moderate(&api, Method::DELETE, &path, json!({}), &moderator).await,
        400,
        "bad_request",
    );
    let unknown = format!("/api/v1/mod/rooms/{code}/chat/9999");
    assert_error(
        &moderate(&api, Method::DELETE, &unknown, because.clone(), &moderator).await,
        404,
        "not_found",
    );

    let mark = duo.a.mark();
    let (status, _) = moderate(&api, Method::DELETE, &path, because.clone(), &moderator).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let deleted = duo.a.wait_for(mark, |f| f["type"] == "chat_deleted").await;
    assert_eq!(
        (&deleted["room"], &deleted["id"]),
        (&json!(code), &json!(id))
    );

    // A spectator joining now gets the other line only.
    let viewer = api.new_player("Viewer").await;
    let spectator = Client::login(&server.ws_url(), &viewer).await;
    assert_eq!(
        spectator.recent_chat(code, "spectator").await,
        ["good luck"]
    );
    assert_error(
        &moderate(&api, Method::DELETE, &path, because, &moderator).await,
        404,
        "not_found",
    );
    let log = audit_log(&api, &moderator, "?limit=1").await;
    assert_eq!(log["entries"][0]["action"], "delete_chat");
    assert_eq!(log["entries"][0]["details"], json!({"line": id}));
}
on_both_databases!(a_moderator_deletes_a_chat_line);

/// Runs `sql` on the test's database directly; whether the database accepted it.
async fn accepted(db: &TestDb, backend: Backend, sql: &str) -> bool {
    use sqlx::Connection;
    match backend {
        Backend::Postgres => {
            let mut conn = sqlx::PgConnection::connect(&db.url).await.expect("connect");
            sqlx::query(sql).execute(&mut conn).await.is_ok()
        }
        Backend::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(&db.url)
                .await
                .expect("connect");
            sqlx::query(sql).execute(&mut conn).await.is_ok()
        }
    }
}

/// A banned player leaves the leaderboard while the ban lasts; and the audit log cannot be changed
/// or emptied, even by hand in the database.
async fn a_ban_hides_from_the_leaderboard_and_the_log_is_append_only(backend: Backend) {
    let (db, _server, api, _admin, moderator) = with_moderator(backend).await;
    let carol = account(&api, "Carol").await;
    // A settled rating, as eight rated matches would leave it.
    let player = match backend {
        Backend::Postgres => format!("'{}'", carol.id),
        Backend::Sqlite => format!("x'{}'", carol.id.replace('-', "")),
    };
    let rated = format!(
        "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games, updated_at)
         VALUES ({player}, 'abalone', 1700, 60, 0.06, 10, '2026-01-01T00:00:00Z')"
    );
    assert!(accepted(&db, backend, &rated).await);
    let on_board = || async {
        let (status, board) = api.get("/api/v1/games/abalone/leaderboard", None).await;
        assert_eq!(status, StatusCode::OK, "{board}");
        board["players"]
            .as_array()
            .expect("players")
            .iter()
            .any(|p| p["id"] == carol.id.as_str())
    };
    assert!(on_board().await, "a settled account is on the board");
    let ban = format!("/api/v1/mod/players/{}/ban", carol.id);
    let (status, _) = moderate(
        &api,
        Method::POST,
        &ban,
        json!({"reason": "boosting", "duration_s": 600}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(!on_board().await, "banned: off the board");
    let unban = format!("/api/v1/mod/players/{}/unban", carol.id);
    let (status, _) = moderate(
        &api,
        Method::POST,
        &unban,
        json!({"reason": "cleared"}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(on_board().await, "back once the ban is lifted");

    let before = audit_log(&api, &moderator, "").await;
    assert!(
        !accepted(
            &db,
            backend,
            "UPDATE audit_log SET reason = 'nothing happened'"
        )
        .await
    );
    assert!(!accepted(&db, backend, "DELETE FROM audit_log").await);
    assert_eq!(
        audit_log(&api, &moderator, "").await["entries"],
        before["entries"]
    );
}
on_both_databases!(a_ban_hides_from_the_leaderboard_and_the_log_is_append_only);

/// A player reports another over chat: the report keeps the room's recent lines; one open report
/// per pair, a budget per reporter; a moderator reads the open reports and resolves them.
async fn players_report_and_moderators_resolve(backend: Backend) {
    let env = [("PLATEAU_REPORTS_PER_DAY", "3")];
    let (_db, server, api, _admin, moderator) = with_moderator_and(backend, &env).await;
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "private").await;
    let (alice, bob, code) = (&duo.alice, &duo.bob, &duo.code);
    let mark = duo.a.mark();
    duo.b
        .send(json!({"type": "chat", "room": code, "text": "you are trash"}))
        .await;
    duo.a.wait_for(mark, |f| f["type"] == "chat").await;

    let report = |body: Value| {
        let api = &api;
        async move { api.post("/api/v1/reports", &body, Some(&alice.token)).await }
    };
    for (bad, status) in [
        (json!({"player": alice.id, "reason": "chat"}), 400),
        (json!({"player": bob.id, "reason": "rudeness"}), 400),
        (json!({"player": bob.id, "reason": "chat", "text": ""}), 400),
        (json!({"player": uuid_nobody(), "reason": "chat"}), 404),
        (
            json!({"player": bob.id, "reason": "chat", "room": "ZZZZZZZZ"}),
            404,
        ),
    ] {
        let (got, body) = report(bad.clone()).await;
        assert_eq!(got.as_u16(), status, "{bad}: {body}");
    }
    let (status, created) = report(
        json!({"player": bob.id, "reason": "chat", "room": code.to_lowercase(), "text": "insults"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("report id");
    assert_error(
        &report(json!({"player": bob.id, "reason": "stalling"})).await,
        409,
        "conflict",
    );

    assert_error(
        &api.get("/api/v1/mod/reports", Some(&alice.token)).await,
        403,
        "forbidden",
    );
    let (status, open) = api
        .get("/api/v1/mod/reports?status=open", Some(&moderator.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{open}");
    let stored = &open["reports"][0];
    assert_eq!(open["reports"].as_array().unwrap().len(), 1);
    assert_eq!(
        (&stored["reporter"], &stored["player"]),
        (&json!(alice.id), &json!(bob.id))
    );
    assert_eq!(
        (&stored["reason"], &stored["room"], &stored["text"]),
        (&json!("chat"), &json!(code), &json!("insults"))
    );
    let lines = stored["context"]["chat"]
        .as_array()
        .expect("the room's recent chat");
    assert_eq!(lines[0]["text"], "you are trash");
    assert_eq!(lines[0]["player"]["id"], bob.id.as_str());
    let bad_status = api
        .get("/api/v1/mod/reports?status=maybe", Some(&moderator.token))
        .await;
    assert_error(&bad_status, 400, "bad_request");

    let resolve = format!("/api/v1/mod/reports/{id}/resolve");
    assert_error(
        &moderate(
            &api,
            Method::POST,
            &resolve,
            json!({"action": "mute"}),
            &moderator,
        )
        .await,
        400,
        "bad_request",
    );
    assert_error(
        &moderate(
            &api,
            Method::POST,
            &resolve,
            json!({"reason": "muted"}),
            alice,
        )
        .await,
        403,
        "forbidden",
    );
    let (status, _) = moderate(
        &api,
        Method::POST,
        &resolve,
        json!({"reason": "muted a day", "action": "mute"}),
        &moderator,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_error(
        &moderate(
            &api,
            Method::POST,
            &resolve,
            json!({"reason": "again"}),
            &moderator,
        )
        .await,
        404,
        "not_found",
    );
    let (_, open) = api.get("/api/v1/mod/reports", Some(&moderator.token)).await;
    assert_eq!(open["reports"], json!([]));
    let (_, resolved) = api
        .get(
            "/api/v1/mod/reports?status=resolved",
            Some(&moderator.token),
        )
        .await;
    let done = &resolved["reports"][0];
    assert_eq!(
        (&done["status"], &done["resolved_by"]),
        (&json!("resolved"), &json!(moderator.id))
    );
    assert_eq!(
        (&done["resolution"], &done["action"]),
        (&json!("muted a day"), &json!("mute"))
    );
    let log = audit_log(&api, &moderator, "?limit=1").await;
    assert_eq!(log["entries"][0]["action"], "resolve_report");
    assert_eq!(
        log["entries"][0]["details"],
        json!({"report": id, "action": "mute"})
    );

    // Resolved, a new report of the same player may be made; the day's budget (3 here: the first
    // report, the refused second one, this one) runs out.
    let (status, _) = report(json!({"player": bob.id, "reason": "stalling"})).await;
    assert_eq!(status, StatusCode::CREATED);

    // A moderator's page of Bob: every report made of him, whatever its status (or of one), and
    // every action on him; nothing about anybody else.
    let of = |query: String| {
        let api = &api;
        let token = moderator.token.clone();
        async move { api.get(&query, Some(&token)).await.1 }
    };
    let statuses = |page: &Value, key: &str, field: &str| -> Vec<String> {
        page[key]
            .as_array()
            .expect("a list")
            .iter()
            .map(|r| r[field].as_str().unwrap().to_string())
            .collect()
    };
    let bobs = of(format!("/api/v1/mod/reports?player={}", bob.id)).await;
    assert_eq!(statuses(&bobs, "reports", "status"), ["resolved", "open"]);
    let open = of(format!("/api/v1/mod/reports?player={}&status=open", bob.id)).await;
    assert_eq!(statuses(&open, "reports", "reason"), ["stalling"]);
    let alices = of(format!("/api/v1/mod/reports?player={}", alice.id)).await;
    assert_eq!(alices["reports"], json!([]));
    let actions_on_bob = of(format!("/api/v1/mod/log?player={}", bob.id)).await;
    assert_eq!(
        statuses(&actions_on_bob, "entries", "action"),
        ["resolve_report"]
    );
    let actions_on_alice = of(format!("/api/v1/mod/log?player={}", alice.id)).await;
    assert_eq!(actions_on_alice["entries"], json!([]));

    let carol = api.new_player("Carol").await;
    let over = report(json!({"player": carol.id, "reason": "other"})).await;
    assert_error(&over, 429, "rate_limited");
}
on_both_databases!(players_report_and_moderators_resolve);

/// A report's context holds only the chat lines its reporter could read (issue 45, point 3): a
/// player who was never in a private room names it and gets no line of it; one who watched
/// from before a line was said, or was sent it on joining, gets it; a line said after the
/// reporter blocked its author was held back from it, and is not in its report either (those
/// before the block are).
async fn a_report_carries_only_the_chat_its_reporter_could_read(backend: Backend) {
    let (_db, server, api, _admin, moderator) = with_moderator(backend).await;
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "private").await;
    let (bob, code) = (&duo.bob, &duo.code);
    let carol = api.new_player("Carol").await;
    let watcher = Client::login(&server.ws_url(), &carol).await;
    watcher.join(code, "spectator").await;
    let say = |text: &'static str| {
        let (a, b) = (&watcher, &duo.b);
        let mark = a.mark();
        async move {
            b.send(json!({"type": "chat", "room": code, "text": text}))
                .await;
            a.wait_for(mark, |f| f["type"] == "chat" && f["text"] == text)
                .await;
        }
    };
    say("you are trash").await;
    // Dan joins after the line and is sent it; Alice blocks Bob before his second line.
    let dan = api.new_player("Dan").await;
    let late = Client::login(&server.ws_url(), &dan).await;
    late.join(code, "spectator").await;
    let block = format!("/api/v1/players/me/blocks/{}", bob.id);
    let (status, _) = api.put(&block, &json!(null), Some(&duo.alice.token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    say("still trash").await;
    let eve = api.new_player("Eve").await;

    for reporter in [&eve, &carol, &dan, &duo.alice] {
        let body = json!({"player": bob.id, "reason": "chat", "room": code});
        let (status, created) = api
            .post("/api/v1/reports", &body, Some(&reporter.token))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
    }
    let (status, open) = api
        .get("/api/v1/mod/reports?status=open", Some(&moderator.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{open}");
    let lines_of = |reporter: &Player| -> Vec<String> {
        let report = open["reports"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["reporter"] == reporter.id.as_str())
            .expect("the report");
        report["context"]["chat"]
            .as_array()
            .map(|lines| {
                lines
                    .iter()
                    .map(|l| l["text"].as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(lines_of(&eve), Vec::<String>::new(), "never in the room");
    assert_eq!(lines_of(&carol), ["you are trash", "still trash"]);
    assert_eq!(lines_of(&dan), ["you are trash", "still trash"]);
    assert_eq!(
        lines_of(&duo.alice),
        ["you are trash"],
        "a blocked player's line"
    );
}
on_both_databases!(a_report_carries_only_the_chat_its_reporter_could_read);

/// The operator's word list (`--chat-filter`): a line holding an entry as whole words, whatever
/// its case, is refused `bad_request` naming the entry and reaches nobody; a word that only
/// contains an entry passes.
async fn an_operators_word_list_refuses_chat_lines(backend: Backend) {
    let db = TestDb::new(backend).await;
    let list =
        std::env::temp_dir().join(format!("plateau-chat-filter-{}.txt", uuid::Uuid::new_v4()));
    std::fs::write(&list, "# words this server refuses\nbuy gold\nspam\n").unwrap();
    let server =
        TestServer::start_with(&db, &[("PLATEAU_CHAT_FILTER", list.to_str().unwrap())]).await;
    let api = Api::new(server.http());
    let ws = server.ws_url();
    let (fay, gus) = (api.new_player("Fay").await, api.new_player("Gus").await);
    let room = api
        .create_room(
            &fay,
            json!({"game": "pinuid", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let (fay_socket, gus_socket) = (
        Client::login(&ws, &fay).await,
        Client::login(&ws, &gus).await,
    );
    fay_socket.join(&code, "player").await;
    gus_socket.join(&code, "player").await;

    let mark = gus_socket.mark();
    let line = json!({"type": "chat", "room": code, "text": "BUY  Gold, cheap!"});
    let refused = fay_socket.expect_error(line, "bad_request").await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("\"buy gold\" is not allowed"),
        "{refused}"
    );
    fay_socket
        .send(json!({"type": "chat", "room": code, "text": "golden spammers welcome"}))
        .await;
    gus_socket
        .wait_for(mark, |f| {
            f["type"] == "chat" && f["text"] == "golden spammers welcome"
        })
        .await;
    assert!(
        !gus_socket.frames()[mark..]
            .iter()
            .any(|f| f["text"].as_str().is_some_and(|t| t.contains("Gold"))),
        "a refused line reaches nobody"
    );
    std::fs::remove_file(list).ok();
}
on_both_databases!(an_operators_word_list_refuses_chat_lines);

/// Guests chat in public rooms once they have finished a public match of their own (or kept their
/// name with a password): a throwaway name cannot spam strangers. Their line is refused
/// `forbidden` and reaches nobody. `--guest-public-chat always` lets anyone chat.
async fn guests_chat_in_public_rooms_after_their_first_finished_match(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "public").await;
    let (code, a, b) = (&duo.code, &duo.a, &duo.b);
    let say = |text: &'static str| json!({"type": "chat", "room": code, "text": text});

    let (mark_a, mark_b) = (a.mark(), b.mark());
    a.send(say("buy gold at example.com")).await;
    let refused = a.wait_for(mark_a, |f| f["type"] == "error").await;
    assert_eq!(
        (&refused["code"], &refused["room"]),
        (&json!("forbidden"), &json!(code))
    );
    assert!(refused["message"]
        .as_str()
        .unwrap()
        .contains("first finished public match"));

    // Bob keeps his name with a password: he chats at once.
    let (status, _) = api
        .put(
            "/api/v1/players/me/password",
            &json!({ "password": PASSWORD }),
            Some(&duo.bob.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    b.send(say("good game so far")).await;
    a.wait_for(mark_a, |f| {
        f["type"] == "chat" && f["text"] == "good game so far"
    })
    .await;
    assert!(
        b.frames()[mark_b..]
            .iter()
            .all(|f| f["text"] != "buy gold at example.com"),
        "the refused line reached nobody"
    );

    // Alice finishes her first match, five moves of her own in it (then she resigns): from then
    // on she chats too. (A match resigned at once does not count: tests/tests/e2e/text_rules.rs.)
    plateau_tests::scenario::play_plies(code, &[a, b], 0, 9).await;
    let mark_b = b.mark();
    a.resign(code).await;
    b.wait_for_frame(mark_b, "ended", code).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        a.send(say("well played")).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        if b.frames()[mark_b..]
            .iter()
            .any(|f| f["text"] == "well played")
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "a finished match lets her chat"
        );
    }

    // A server that lets anyone chat.
    let db = TestDb::new(backend).await;
    let open = TestServer::start_with(&db, &[("PLATEAU_GUEST_PUBLIC_CHAT", "always")]).await;
    let api = Api::new(open.http());
    let duo = plateau_tests::scenario::started_abalone_duo(&open, &api, "public").await;
    let mark = duo.b.mark();
    duo.a
        .send(json!({"type": "chat", "room": duo.code, "text": "hello stranger"}))
        .await;
    duo.b
        .wait_for(mark, |f| {
            f["type"] == "chat" && f["text"] == "hello stranger"
        })
        .await;
}
on_both_databases!(guests_chat_in_public_rooms_after_their_first_finished_match);
